"""Exercises of notebook 06: tool_counts, cites_existing_files and new_case say not attempted, not yet, correct."""
import os
import re
from collections import Counter
from pathlib import Path

import pytest
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


def counts_successful_calls(rows):
    """Wrong: leaves out the calls that failed."""
    return dict(Counter(r["data"]["name"] for r in rows if r["kind"] == "tool_call" and not r["data"]["is_error"]))


def counts_tool_uses(rows):
    """Wrong: counts the tool_uses the model asked for, twice over (model_reply and tool_call rows)."""
    return counts_replies_and_calls(rows)


def counts_proposed_calls(rows):
    """Wrong: counts the calls the model proposed (model_reply rows), run or not."""
    return dict(Counter(u["name"] for r in rows if r["kind"] == "model_reply" for u in r["data"]["tool_uses"]))


def counts_with_get(rows):
    """Right: a plain dict and .get."""
    counts = {}
    for row in rows:
        if row["kind"] == "tool_call":
            name = row["data"]["name"]
            counts[name] = counts.get(name, 0) + 1
    return counts


def counts_as_counter(rows):
    """Right: a Counter is a dict."""
    return Counter(row["data"]["name"] for row in rows if row.get("kind") == "tool_call")


def counts_distinct_calls(rows):
    """Wrong: drops a call that repeats an earlier one (same tool, same input)."""
    seen = {(r["data"]["name"], str(r["data"]["input"])) for r in rows if r["kind"] == "tool_call"}
    return dict(Counter(name for name, _input in seen))


def counts_named_rows(rows):
    """Wrong: counts every row whose data names a tool, so an approval row counts its call once more."""
    return dict(Counter(r["data"]["name"] for r in rows if r["data"].get("name")))


TOOL_COUNTS_WRONG = [  # (answer, words the feedback must hold)
    (counts_distinct_calls, ["the first one twice", "'read_doc': 3", "repeats included"]),
    (counts_named_rows, ["'send_email': 2", "an 'approval' row names the tool too"]),
    (counts_every_kind, ["count the rows whose kind is 'tool_call'"]),
    (counts_tool_uses, ["{'search_docs': 2, 'read_doc': 6}", "count one kind only"]),
    (counts_successful_calls, ["'read_doc': 2", "a failed call is a call too"]),
    (lambda rows: {"search_docs": 1, "read_doc": 3}, ["read nothing"]),
    (counts_proposed_calls, ["read nothing", "'read_doc': 1", "cut off by max_tokens", "count the tool_call rows"]),
]
def counts_with_zeros(rows):
    """Right: every tool the model proposed gets a count, 0 for one that never ran."""
    counts = {u["name"]: 0 for r in rows if r["kind"] == "model_reply" for u in r["data"]["tool_uses"]}
    for row in rows:
        if row["kind"] == "tool_call":
            counts[row["data"]["name"]] = counts.get(row["data"]["name"], 0) + 1
    return counts


TOOL_COUNTS_RIGHT = [defined_in(ex06.tool_counts.solution_text)["tool_counts"], counts_with_get, counts_as_counter,
                     counts_with_zeros]


@pytest.mark.parametrize("answer, words", TOOL_COUNTS_WRONG)
def test_tool_counts_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each wrong count is not yet, with the log it miscounts and what to count."""
    outcome = ex06.tool_counts.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", TOOL_COUNTS_RIGHT)
def test_tool_counts_catalogue_right_answers_pass(answer):
    """The solution, a dict with .get and a bare Counter all pass."""
    outcome = ex06.tool_counts.evaluate(answer)
    assert outcome.status == PASS, outcome.message


def cites_by_basename(run, folder):
    """Wrong: looks up the last part of each name, so '[../x.md]' passes."""
    cited = re.findall(r"\[([^\]]+)\]", run.answer or "")
    return bool(cited) and all(os.path.basename(name) in os.listdir(folder) for name in cited)


def cites_any(run, folder):
    """Wrong: one real citation is enough."""
    cited = re.findall(r"\[([^\]]+)\]", run.answer or "")
    return any(name in os.listdir(folder) for name in cited)


def cites_all_of_nothing(run, folder):
    """Wrong: all() of no citations is True."""
    return all(name in os.listdir(folder) for name in re.findall(r"\[([^\]]+)\]", run.answer or ""))


def cites_with_iterdir(run, folder):
    """Right: names from Path.iterdir, a lazy pattern."""
    names = {p.name for p in Path(folder).iterdir() if p.is_file()}
    cited = re.findall(r"\[(.+?)\]", run.answer or "")
    if not cited:
        return False
    return all(name in names for name in cited)


def cites_with_resolved_parent(run, folder):
    """Right: a cited name counts when it names a file whose parent is the folder itself."""
    root = Path(folder).resolve()
    cited = re.findall(r"\[([^\]]+)\]", run.answer or "")
    return len(cited) > 0 and all((root / n).resolve().parent == root and (root / n).is_file() and "/" not in n
                                  for n in cited)


def cites_markdown_names_only(run, folder):
    """Wrong: a pattern for plain .md names skips '[../catalogue.json]', so it never judges that citation."""
    cited = re.findall(r"\[([\w.-]+\.md)\]", run.answer or "")
    return bool(cited) and all(name in os.listdir(folder) for name in cited)


def cites_without_a_none_guard(run, folder):
    """Wrong: re.findall(..., run.answer) raises TypeError on a run that ended without an answer (None)."""
    cited = re.findall(r"\[([^\]]+)\]", run.answer)
    return bool(cited) and set(cited) <= set(os.listdir(folder))


CITES_WRONG = [  # (answer, words the feedback must hold)
    (cites_with_greedy_pattern, ["two files that exist", "greedy"]),
    (cites_with_path_exists, ["outside the folder", "follows '../'"]),
    (cites_by_basename, ["[../heat-pumps-cold-climates.md]", "basename"]),
    (cites_any, ["made-up", "all, not any"]),
    (cites_all_of_nothing, ["cites nothing", "at least one"]),
    (lambda run, folder: True, ["cites nothing"]),
    (cites_markdown_names_only, ["outside the folder", "[../catalogue.json]", "every name in brackets is a citation"]),
    (cites_without_a_none_guard, ["stopped at max_turns before any answer", "TypeError", "run.answer or ''"]),
    (lambda run, folder: re.findall(r"\[([^\]]+)\]", run.answer or "") and True,
     ["cites nothing", "returned []", "not a list: wrap it in bool(...)"]),
]
CITES_RIGHT = [defined_in(ex06.cites_existing_files.solution_text)["cites_existing_files"], cites_with_iterdir,
               cites_with_resolved_parent]


@pytest.mark.parametrize("answer, words", CITES_WRONG)
def test_cites_existing_files_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each wrong citation check is not yet, naming the answer it misjudges and the fix."""
    outcome = ex06.cites_existing_files.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", CITES_RIGHT)
def test_cites_existing_files_catalogue_right_answers_pass(answer):
    """The solution, one using Path.iterdir and one comparing resolved parents all pass."""
    outcome = ex06.cites_existing_files.evaluate(answer)
    assert outcome.status == PASS, outcome.message


def cites_source_in_list(run, case):
    """Right: the citations as a list, the source looked up in it."""
    if case.get("source") is None:
        return None
    return case["source"] in re.findall(r"\[([^\]]+)\]", run.answer or "")


def cites_source_position(run, case):
    """Wrong: returns where the citation is (an int), not whether it is there."""
    if "source" not in case:
        return None
    return (run.answer or "").find(f"[{case['source']}]")


def names_the_source(run, case):
    """Wrong: looks for the bare file name, so an answer that only mentions the file counts as citing it."""
    if "source" not in case:
        return None
    return case["source"] in (run.answer or "")


def cites_source_without_a_none_guard(run, case):
    """Wrong: `in run.answer` raises TypeError on a run that ended without an answer (None)."""
    if "source" not in case:
        return None
    return f"[{case['source']}]" in run.answer


def cites_source_when_answerable(run, case):
    """Wrong: applies to every answerable case, so EVAL_SET's answerable cases, which have no source, raise KeyError."""
    if not case["answerable"]:
        return None
    return f"[{case['source']}]" in (run.answer or "")


def cites_my_source(run, case):
    """Wrong: looks for the participant's own source, written out, whatever the case it is given."""
    if "source" not in case:
        return None
    return "[rainwater-harvesting.md]" in (run.answer or "")


NEW_CASE_WRONG = [  # (case, check, words the feedback must hold)
    ({**RAIN, "question": ex06.HEAT}, cites_source, ["already in the evaluation set"]),
    ({"question": "Who won the 1998 World Cup?", "answerable": False}, cites_source, ['set "answerable": True']),
    ({**RAIN, "source": "rain.md"}, cites_source, ["not a file of the articles folder"]),
    ({**RAIN, "source": "honeybee-foraging.md"}, cites_source, ["did not cite [honeybee-foraging.md]"]),
    (RAIN, lambda run, case: True, ["a run citing only", "another file"]),
    (RAIN, lambda run, case: cites_source(run, case) or False, ["must return None"]),
    (RAIN, cites_source_position, ["int, not a bool"]),
    (RAIN, names_the_source, ["a run that names rainwater-harvesting.md without brackets",
                              "look for '[rainwater-harvesting.md]'"]),
    (RAIN, cites_source_without_a_none_guard, ["stopped at max_turns before any answer", "TypeError",
                                               "run.answer or ''"]),
    (RAIN, cites_my_source, ["instead of yours", "returned False", "case['source']"]),
    (RAIN, cites_source_when_answerable, ["'answerable': True}, which has no 'source'", "KeyError", "return None"]),
]
NEW_CASE_RIGHT = [(RAIN, cites_source), (RAIN, cites_source_in_list),
                  ({"question": "How do honeybees tell each other where the flowers are?", "answerable": True,
                    "source": "honeybee-foraging.md"}, cites_source_in_list)]


@pytest.mark.parametrize("case, check, words", NEW_CASE_WRONG)
def test_new_case_catalogue_wrong_answers_are_told_their_mistake(case, check, words):
    """Each wrong case or check is not yet, saying what to change."""
    outcome = ex06.new_case.evaluate((case, check))
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("case, check", NEW_CASE_RIGHT)
def test_new_case_catalogue_right_answers_pass(case, check):
    """Right cases with checks written differently pass."""
    outcome = ex06.new_case.evaluate((case, check))
    assert outcome.status == PASS, outcome.message


def test_new_case_solution_passes():
    """The published solution passes."""
    names = defined_in(ex06.new_case.solution_text)
    outcome = ex06.new_case.evaluate((names["case"], names["cites_the_source"]))
    assert outcome.status == PASS, outcome.message


def test_new_case_shows_the_agents_whole_decline():
    """When the agent does not cite the source, the feedback quotes its answer whole, the wording it offers included."""
    case = {"question": "What should I put in a compost heap?", "answerable": True, "source": "home-composting.md"}
    answer = ex06._research(case["question"]).answer
    assert f"[{case['source']}]" not in answer and len(repr(answer)) > 160
    outcome = ex06.new_case.evaluate((case, cites_source))
    assert outcome.status == FAIL
    assert repr(answer)[:600] in outcome.message, outcome.message


def test_cites_matching_part_of_a_name_is_not_yet():
    """A citation taken as a file of the folder because it is part of a file's name: not yet, saying so."""
    def by_part(run, folder):
        cited = re.findall(r"\[([^\]]+)\]", run.answer or "")
        return bool(cited) and all(any(c in name for name in os.listdir(folder)) for c in cited)
    outcome = ex06.cites_existing_files.evaluate(by_part)
    assert outcome.status == FAIL and "pumps-cold-climates.md is only the end of" in outcome.message, outcome.message


def test_new_case_asking_an_eval_question_again_is_not_yet():
    """A question of the evaluation set with another case or a trailing space is no new question: not yet."""
    for question in (ex06.HEAT + " ", ex06.HEAT.lower(), "  " + ex06.VOLCANO.replace(" ", "  ")):
        case = {"question": question, "answerable": True, "source": "heat-pumps-cold-climates.md"}
        outcome = ex06.new_case.evaluate((case, cites_source))
        assert outcome.status == FAIL and "already in the evaluation set" in outcome.message, outcome.message
