"""Exercises of notebook 06: tool_counts, cites_existing_files and new_case say not attempted, not yet, correct."""
import os
import re
from collections import Counter
from pathlib import Path

from solutions import defined_in

from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex06


def starter(*args):
    raise NotImplementedError


def counts_every_kind(rows):
    return dict(Counter(row["kind"] for row in rows))


def counts_replies_and_calls(rows):
    names = [u["name"] for r in rows if r["kind"] == "model_reply" for u in r["data"]["tool_uses"]]
    names += [r["data"]["name"] for r in rows if r["kind"] == "tool_call"]
    return dict(Counter(names))


def cites_with_greedy_pattern(run, folder):
    cited = re.findall(r"\[(.+)\]", run.answer or "")
    return bool(cited) and set(cited) <= set(os.listdir(folder))


def cites_with_path_exists(run, folder):
    cited = re.findall(r"\[([^\]]+)\]", run.answer or "")
    return bool(cited) and all((Path(folder) / name).exists() for name in cited)


def cites_source(run, case):
    if "source" not in case:
        return None
    return f"[{case['source']}]" in (run.answer or "")


RAIN = {"question": "How much rain can a roof collect?", "answerable": True, "source": "rainwater-harvesting.md"}


def test_starters_are_not_attempted():
    """`...` and starters raising NotImplementedError are not attempted, for all three exercises."""
    assert ex06.tool_counts.evaluate(...).status == UNATTEMPTED
    assert ex06.tool_counts.evaluate(starter).status == UNATTEMPTED
    assert ex06.cites_existing_files.evaluate(starter).status == UNATTEMPTED
    assert ex06.new_case.evaluate((..., starter)).status == UNATTEMPTED
    assert ex06.new_case.evaluate((RAIN, starter)).status == UNATTEMPTED


def test_tool_counts_wrong_answers_say_what_to_count():
    """Counting every event kind, or tool_uses and tool_calls together, is not yet, with the fix named."""
    outcome = ex06.tool_counts.evaluate(counts_every_kind)
    assert outcome.status == FAIL and "count the rows whose kind is 'tool_call'" in outcome.message
    outcome = ex06.tool_counts.evaluate(counts_replies_and_calls)
    assert outcome.status == FAIL and "{'search_docs': 2, 'read_doc': 6}" in outcome.message


def test_tool_counts_solution_passes():
    """The published solution passes."""
    answer = defined_in(ex06.tool_counts.solution_text)["tool_counts"]
    assert str(ex06.tool_counts.evaluate(answer)) == (
        "Correct: Exercise 6.1 — tool counts from the log: the counts match three real logs, "
        "and an empty log gives {}.")


def test_cites_existing_files_catches_greedy_and_outside_paths():
    """A greedy bracket pattern and a Path.exists test that lets '../' through are not yet."""
    outcome = ex06.cites_existing_files.evaluate(cites_with_greedy_pattern)
    assert outcome.status == FAIL
    outcome = ex06.cites_existing_files.evaluate(cites_with_path_exists)
    assert outcome.status == FAIL and "outside the folder" in outcome.message
    assert ex06.cites_existing_files.evaluate(lambda run, folder: True).status == FAIL


def test_cites_existing_files_solution_passes():
    """The published solution passes."""
    answer = defined_in(ex06.cites_existing_files.solution_text)["cites_existing_files"]
    assert ex06.cites_existing_files.evaluate(answer).status == PASS


def test_new_case_rejects_old_unanswerable_and_unknown_sources():
    """A question already in the set, an unanswerable case or a made-up source is not yet."""
    old = {**RAIN, "question": ex06.HEAT}
    assert "already in the evaluation set" in ex06.new_case.evaluate((old, cites_source)).message
    unanswerable = {"question": "Who won the 1998 World Cup?", "answerable": False}
    assert "set \"answerable\": True" in ex06.new_case.evaluate((unanswerable, cites_source)).message
    made_up = {**RAIN, "source": "rain.md"}
    assert "not a file of the articles folder" in ex06.new_case.evaluate((made_up, cites_source)).message


def test_new_case_needs_a_question_the_source_answers():
    """A source the agent does not cite for that question is not yet, with its answer shown."""
    wrong_source = {**RAIN, "source": "honeybee-foraging.md"}
    outcome = ex06.new_case.evaluate((wrong_source, cites_source))
    assert outcome.status == FAIL and "did not cite [honeybee-foraging.md]" in outcome.message


def test_new_case_checks_must_tell_runs_apart_and_skip_other_cases():
    """A check that always passes, or that judges cases without a source, is not yet."""
    assert "a run citing only" in ex06.new_case.evaluate((RAIN, lambda run, case: True)).message
    no_skip = ex06.new_case.evaluate((RAIN, lambda run, case: cites_source(run, case) or False))
    assert no_skip.status == FAIL and "must return None" in no_skip.message


def test_new_case_solution_passes():
    """The published solution passes."""
    names = defined_in(ex06.new_case.solution_text)
    outcome = ex06.new_case.evaluate((names["case"], names["cites_the_source"]))
    assert outcome.status == PASS, outcome.message
