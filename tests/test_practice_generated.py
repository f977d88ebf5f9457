"""The generated suite (tests/generated_cases.py): seeded invoice folders and wordings, judged against their own data.

A development suite: the rules it found wrong were fixed in the session that wrote it. Its figure is printed
(`pytest -s`) and the test holds the rule: no case answered wrong.
"""

from collections import Counter

import pytest
from generated_cases import case, judge
from heldout_cases import names_what

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent

SEEDS = range(300)


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    root = tmp_path_factory.mktemp("generated")
    found = {}
    for seed in SEEDS:
        generated = case(seed)
        folder = generated.build(root / f"case-{seed:04d}")
        run = run_agent(practice_client(), generated.task, samples.invoice_tools(folder), max_turns=8)
        answer = run.answer or f"(no answer: run {run.status})"
        found[seed] = (judge(generated, answer), generated, answer)
    return found


def test_the_generator_is_seeded_and_varied():
    """The same seed gives the same case; the seeds cover every kind of question, both languages and odd statuses."""
    assert case(7).task == case(7).task and case(7).rows == case(7).rows
    kinds = Counter(case(s).kind for s in SEEDS)
    assert len(kinds) >= 15 and min(kinds.values()) >= 5, kinds
    assert sum(any(r.paid is None for r in case(s).rows) for s in SEEDS) >= 50


def test_no_generated_case_is_answered_wrong(results):
    """The rule: right or declined, never wrong, on every seed."""
    counts = Counter(v for v, *_ in results.values())
    naming = sum(v == "declined" and names_what(g.task, a) for v, g, a in results.values())
    print(f"\ngenerated suite: {counts['right']} right, {counts['declined']} declined, {counts['wrong']} wrong of "
          f"{len(results)}; {naming} of the declines name a word of the task")
    wrong = [f"seed {s}: {g.task!r} -> {a!r}" for s, (v, g, a) in results.items() if v == "wrong"]
    assert not wrong, "\n".join(wrong[:5])
