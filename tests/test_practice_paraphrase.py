"""The paraphrase suite, the DEVELOPMENT suite: rewordings of the notebook tasks over generated data, through
the real SDK. The planner's rules were written while reading these cases, so its figures here are not a
measure on unseen wordings; the held-out suite (written apart, never used to tune a rule) is that measure.

Each case's answer must be right (every true fact, no false one) or plainly declined: 0 wrong.
`pytest -s` prints how many were right and how many declined.
"""

from collections import Counter

import pytest
from paraphrase_cases import CASES, run_case, verdict


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Every case run once: name -> (verdict, answer, facts, false)."""
    root = tmp_path_factory.mktemp("paraphrase")
    return {case.name + " / " + case.task: run_case(case, root / f"case-{i:02d}") for i, case in enumerate(CASES)}


def test_suite_has_at_least_sixty_cases_with_distinct_tasks():
    """At least 60 cases, no task twice, some in French, some meant to be declined."""
    tasks = [c.task for c in CASES]
    assert len(CASES) >= 60 and len(set((c.name, c.task) for c in CASES)) == len(CASES)
    assert sum("French" in c.name for c in CASES) >= 3 and sum(c.expect == "decline" for c in CASES) >= 10
    assert len(set(tasks)) >= 55


@pytest.mark.parametrize("index", range(len(CASES)), ids=[c.name for c in CASES])
def test_case_is_right_or_plainly_declined(results, index):
    """No case gets a wrong answer: a false fact, or an answer that is neither complete nor a decline."""
    case = CASES[index]
    outcome, answer, facts, false = results[case.name + " / " + case.task]
    assert outcome != "wrong", f"{case.task!r} -> {answer!r} (facts {facts}, false {false})"


def test_counts(results):
    """Print the counts; none wrong, and at least 90 % of the cases meant to be answerable are answered right."""
    counts = Counter(v for v, *_ in results.values())
    answerable = sum(c.expect == "right" for c in CASES)
    print(f"\nparaphrase (development) suite: {counts['right']} right, {counts['declined']} declined, "
          f"{counts['wrong']} wrong of {len(results)} ({answerable} meant to be answerable)")
    assert counts["wrong"] == 0 and counts["right"] >= 0.9 * answerable


def test_verdict_tells_right_declined_and_wrong():
    """The checker itself: false facts make a wrong answer even in a decline; facts count as whole words."""
    assert verdict("Unpaid: A-1. Total: 850 EUR.", ["A-1", "850 EUR"], ["1850 EUR"]) == "right"
    assert verdict("Total: 1850 EUR.", ["850 EUR"], []) == "wrong"
    assert verdict("I cannot apply the condition 'over 500'.", ["A-1"], ["A-2"]) == "declined"
    assert verdict("I cannot tell; A-2 is paid.", ["A-1"], ["A-2"]) == "wrong"
    assert verdict("Lyon is nice.", ["21 °C"], []) == "wrong"
