"""Exercise checks a second hunt (exe44) found wrong, each now right: a policy that approves a subdomain (W01), a
citation looked up as a glob pattern (W02), a stream kept to one text block (W03, W04), right 6.3 cases failed only
because the practice model declined their wording (W05, attempts c159, c160, c164), a truthy list taken for True in
4.3 (U3), and the 5.3 invoices found only beside the package source (a non-editable install)."""

from __future__ import annotations

import fnmatch
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import solutions

import looplab
from looplab import MODEL
from looplab.exercises import FAIL, ex04, ex06, ex07

TESTS = Path(solutions.__file__).resolve().parent
NOTEBOOKS = TESTS.parent / "notebooks"


def _to(input: dict) -> str:
    return input.get("to", "")


@pytest.mark.parametrize("policy", [
    lambda name, input: name == "send_email" and re.fullmatch(r"[\w.+-]+@(?:[\w-]+\.)*example\.com",
                                                              _to(input)) is not None,
    lambda name, input: name == "send_email" and re.fullmatch(r"[\w.+-]+@(\w+\.)?example\.com", _to(input)) is not None,
    lambda name, input: (name == "send_email" and re.fullmatch(r"[\w.+-]+@[\w.-]+", _to(input)) is not None
                         and (_to(input).split("@")[1] == "example.com"
                              or _to(input).split("@")[1].endswith(".example.com")))])
def test_a_policy_that_approves_a_subdomain_is_not_yet(policy):
    """W01: ana@evil.example.com is another host; the policy must approve one address at example.com only."""
    outcome = ex04.email_policy.evaluate(policy)
    assert outcome.status == FAIL, outcome.message
    assert "evil.example.com, not example.com" in outcome.message, outcome.message


def _cited(run) -> list[str]:
    return re.findall(r"\[([^\]]+)\]", run.answer or "")


@pytest.mark.parametrize("cites_existing_files", [
    lambda run, folder: bool(_cited(run)) and all(
        "/" not in c and any(Path(folder).glob(c)) for c in _cited(run)),
    lambda run, folder: bool(_cited(run)) and all(fnmatch.filter(os.listdir(folder), c) for c in _cited(run))])
def test_a_citation_looked_up_as_a_pattern_is_not_yet(cites_existing_files):
    """W02: [heat-pumps-*.md] matches a file as a pattern, but no file has that name."""
    outcome = ex06.cites_existing_files.evaluate(cites_existing_files)
    assert outcome.status == FAIL, outcome.message
    assert "heat-pumps-*.md" in outcome.message and "wildcards" in outcome.message, outcome.message


def first_block(client, prompt):
    """W03: the text of the first content block only."""
    with client.messages.stream(model=MODEL, max_tokens=1024,
                                messages=[{"role": "user", "content": prompt}]) as stream:
        return stream.get_final_message().content[0].text


def last_snapshot(client, prompt):
    """W04: the snapshot of the last 'text' event, which covers its own block only."""
    text = ""
    with client.messages.stream(model=MODEL, max_tokens=1024,
                                messages=[{"role": "user", "content": prompt}]) as stream:
        for event in stream:
            if event.type == "text":
                text = event.snapshot
    return text


@pytest.mark.parametrize("collect_stream, block", [(first_block, 0), (last_snapshot, -1)])
def test_a_stream_kept_to_one_text_block_is_not_yet(collect_stream, block):
    """W03, W04: a reply in two text blocks; the text is both, joined."""
    outcome = ex07.collect_stream.evaluate(collect_stream)
    assert outcome.status == FAIL, outcome.message
    assert "a reply in two text blocks" in outcome.message and "one block only" in outcome.message, outcome.message
    blocks = ex07.TWO_BLOCKS
    assert repr(blocks[block]) in outcome.message and repr("".join(blocks)) in outcome.message, outcome.message


def cites_the_source(run, case):
    """A right check, written another way than the solution's."""
    if "source" not in case:
        return None
    return case["source"] in re.findall(r"\[([^\]]+)\]", run.answer or "")


@pytest.mark.parametrize("question, source", [
    ("How much water can a roof collect?", "rainwater-harvesting.md"),  # c164
    ("How far do bees fly from the hive?", "honeybee-foraging.md"),
    ("Why do bees dance?", "honeybee-foraging.md"),
    ("Comment les abeilles trouvent-elles de la nourriture ?", "honeybee-foraging.md")])  # c159
def test_a_right_case_the_practice_model_declines_is_not_yet_and_says_whose_limit_it_is(question, source):
    """W05: the agent declined a wording its source answers; the check cannot confirm the case without a run that
    cites it, so it is not Correct, and the message says that the limit is the practice model's, not a mistake."""
    assert f"[{source}]" not in (ex06._research(question).answer or "")  # the decline this is about
    outcome = ex06.new_case.evaluate(({"question": question, "answerable": True, "source": source}, cites_the_source))
    assert outcome.status == FAIL, outcome.message
    assert "the practice model's limit, not your mistake" in outcome.message, outcome.message
    assert "ask with the document's own words" not in outcome.message, outcome.message


@pytest.mark.parametrize("question, source", [
    ("What is the boiling point of lead?", "brewing-green-tea.md"),  # the source lacks 'point' and 'lead'
    ("How much rain can a roof collect?", "honeybee-foraging.md"),  # the agent cites another file
    ("How much water can a roof collect?", "sourdough-starter.md")])  # read, but it has no 'roof'
def test_a_case_the_agent_does_not_cite_is_not_yet_and_told_what_to_check(question, source):
    """W05: no run confirms the case, and the advice no longer says the document's own words are enough."""
    outcome = ex06.new_case.evaluate(({"question": question, "answerable": True, "source": source}, cites_the_source))
    assert outcome.status == FAIL, outcome.message
    assert f"did not cite [{source}]" in outcome.message and f"If {source} does answer it" in outcome.message
    assert "ask with the document's own words" not in outcome.message, outcome.message


def cited_list(answer, run):
    """U3: the citations themselves, truthy or empty, instead of True or False."""
    read = {e.data["input"].get("name") for e in run.events
            if e.kind == "tool_call" and e.data["name"] == "read_doc" and not e.data["is_error"]}
    cited = re.findall(r"\[([^\]]+)\]", answer or "")
    return cited and all(name in read for name in cited) and cited


def test_a_grounding_check_that_returns_a_list_is_not_yet():
    """U3: the notebook asks grounded() for True or False, as 6.2 and 6.3 do."""
    outcome = ex04.grounded.evaluate(cited_list)
    assert outcome.status == FAIL, outcome.message
    assert "(list, not a bool)" in outcome.message and "return True or False" in outcome.message, outcome.message


def test_the_invoice_check_works_installed_without_the_repository(tmp_path):
    """5.3 in a non-editable install (a wheel on a hub): the invoices come from the notebook's data folder."""
    site, notebook = tmp_path / "site", tmp_path / "notebook"
    shutil.copytree(Path(looplab.__file__).parent, site / "looplab", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(NOTEBOOKS / "data" / "invoices", notebook / "data" / "invoices")
    code = ("from solutions import defined_in\nfrom looplab.exercises import ex05\n"
            "PRELUDE = 'from pathlib import Path\\nfrom dataclasses import replace\\nfrom looplab import Sandbox, samples, tool\\n'\n"
            "answer = defined_in(ex05.read_invoice.solution_text, PRELUDE)['make_read_invoice']\n"
            "print(ex05.read_invoice.evaluate(answer))\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(TESTS)]), "LOOPLAB_OFFLINE": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=notebook, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Correct: Exercise 5.3"), done.stdout
