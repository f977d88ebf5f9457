"""Exercise checks a third hunt (exe46) found wrong, each now right: a type compared with 'is' (W01, c017), a
case-folded prefix test (W02, c051), a gate that catches one kind of approver or handler error (W03 c060, W04 c061),
a loop that runs a call repeated in one turn once (W05: c079, c066, c104), a citation by absolute path or '.' (W06,
c089); and two messages that now name the cause: a policy that changes its input (c046), a history kept in a
default argument (c021)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from solutions import defined_in

from looplab.exercises import FAIL, ex02, ex04, ex05, ex06, ex08

ENDINGS = {"end_turn": "done", "stop_sequence": "done", "max_tokens": "truncated", "refusal": "refused",
           "model_context_window_exceeded": "context_exceeded"}
PRELUDE = ("import json\nimport os\nimport anthropic\nfrom pathlib import Path\n"
           "from looplab import MODEL, Sandbox, faults, samples, tool\n"
           f"ENDINGS = {ENDINGS!r}\nTOOLS = {{'lookup': lambda key: None}}\nTOOL = 'tool'\n"
           '''
def same_call_once(blocks, run):
    """Wrong: a call repeated in one turn runs once, and its result is copied under each id."""
    seen, results = {}, []
    for b in blocks:
        key = (b.name, json.dumps(b.input, sort_keys=True))
        if key not in seen:
            seen[key] = run(b)
        results.append({**seen[key], "tool_use_id": b.id})
    return results
''')


def solution_with(exercise, name, *changes):
    """The published solution of `exercise` with each (old, new) replaced, defined as a participant's cell would."""
    source = exercise.solution_text
    for old, new in changes:
        assert old in source, old
        source = source.replace(old, new)
    return defined_in(source, PRELUDE)[name]


@pytest.mark.parametrize("old, new", [
    ('action.get("type") != "tool"', "action.get(\"type\") is not TOOL"),  # c017: 'tool' written in the code
    ('if args["key"] != key:', 'if args["key"] is not key:')])
def test_a_string_compared_with_is_is_not_yet(old, new):
    """W01: a proposal parsed from JSON, as a model's arrives, holds equal strings that are other objects."""
    outcome = ex02.validate.evaluate(solution_with(ex02.validate, "validate", (old, new)))
    assert outcome.status == FAIL, outcome.message
    assert "parsed from JSON" in outcome.message and "compare strings with == and !=" in outcome.message


def test_a_case_folded_prefix_test_is_not_yet(tmp_path):
    """W02 (c051): Notes next to notes is another folder where letter case counts; lowered strings let it through."""
    (tmp_path / "a").mkdir()
    if (tmp_path / "A").exists():
        pytest.skip("a case-insensitive file system: Notes is notes itself")
    lowered = solution_with(ex04.read_note, "make_read_note", (
        "if not path.is_relative_to(root):", "if not str(path).lower().startswith(str(root).lower() + os.sep):"))
    outcome = ex04.read_note.evaluate(lowered)
    assert outcome.status == FAIL, outcome.message
    assert "read_note('../Notes/secret.txt') returned a secret file" in outcome.message, outcome.message
    assert "compare paths as they are: path.is_relative_to(root)" in outcome.message, outcome.message


APPROVER_CATCH = "        except Exception:  # an approver that fails must not approve\n"
HANDLER_CATCH = "    except Exception as exc:\n        return result(f\"{block.name} failed"


@pytest.mark.parametrize("old, new, words", [
    (APPROVER_CATCH, "        except RuntimeError:\n",  # c060
     ["approver cannot be reached (it raises ConnectionError)", "catch Exception around the call"]),
    (APPROVER_CATCH, "        except (RuntimeError, TimeoutError):\n",
     ["approver cannot be reached (it raises ConnectionError)", "catch Exception around the call"]),
    (HANDLER_CATCH, HANDLER_CATCH.replace("except Exception as exc", "except faults.ToolFault as exc"),  # c061
     ["a registered read-only tool whose handler raises KeyError", "not only a ToolFault"])])
def test_a_gate_that_catches_one_kind_of_error_is_not_yet(old, new, words):
    """W03, W04: an approver or a handler can raise anything; the gate must turn every error into a no or a result."""
    outcome = ex04.gate.evaluate(solution_with(ex04.gate, "execute", (old, new)))
    assert outcome.status == FAIL, outcome.message
    assert "execute raised" in outcome.message, outcome.message
    for word in words:
        assert word in outcome.message, outcome.message


RESULTS = '        results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]'
ONCE = ('        results = same_call_once([b for b in reply.content if b.type == "tool_use"], '
        'lambda b: toolbox.execute(b).result)')
RESULTS_8 = '        results = [toolbox.execute(b, approve).result for b in reply.content if b.type == "tool_use"]'
ONCE_8 = ('        results = same_call_once([b for b in reply.content if b.type == "tool_use"], '
          'lambda b: toolbox.execute(b, approve).result)')


@pytest.mark.parametrize("exercise, name, old, new", [
    (ex02.my_loop, "my_loop", RESULTS, ONCE),  # c079
    (ex05.fix_loop, "fixed_loop", RESULTS, ONCE),  # c066
    (ex08.manage, "my_loop", RESULTS_8, ONCE_8)])  # c104
def test_a_loop_that_runs_a_repeated_call_once_is_not_yet(exercise, name, old, new):
    """W05: each tool_use runs, even when it repeats another call of the turn (the rule exercise 1.2 checks)."""
    outcome = exercise.evaluate(solution_with(exercise, name, (old, new)))
    assert outcome.status == FAIL, outcome.message
    assert "with a model that asks for the same call twice in one turn" in outcome.message, outcome.message
    assert "ran get_weather 1 time(s) for 2 call(s) of it" in outcome.message, outcome.message


def _cited(run) -> list[str]:
    return re.findall(r"\[([^\]]+)\]", run.answer or "")


@pytest.mark.parametrize("cites_existing_files, words", [
    (lambda run, folder: bool(_cited(run)) and all(  # c089
        ".." not in c and os.path.exists(os.path.join(folder, c)) for c in _cited(run)),
     ["by its absolute path", "catalogue.json]", "an absolute path replaces the folder"]),
    (lambda run, folder: bool(_cited(run)) and all(
        not c.startswith("../") and (Path(folder) / c).is_file() for c in _cited(run)),
     ["by its absolute path", "an absolute path replaces the folder"]),
    (lambda run, folder: bool(_cited(run)) and all(
        not os.path.isabs(c) and ".." not in c and os.path.exists(os.path.join(folder, c)) for c in _cited(run)),
     ["cites '.', the folder itself", "'.' names the folder itself"])])
def test_a_citation_by_absolute_path_or_dot_is_not_yet(cites_existing_files, words):
    """W06: an absolute path outside the folder, or '.', is found by exists() but names no file of the folder."""
    outcome = ex06.cites_existing_files.evaluate(cites_existing_files)
    assert outcome.status == FAIL, outcome.message
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("old, new", [
    ('input.get("to", "")', 'input.pop("to", "")'),  # c046
    ('    return re.fullmatch(r"[\\w.+-]+@example\\.com", input.get("to", "")) is not None',
     '    verdict = re.fullmatch(r"[\\w.+-]+@example\\.com", input.get("to", "")) is not None\n'
     '    input.clear()\n    return verdict')])
def test_a_policy_that_changes_its_input_is_told_so(old, new):
    """c046: the verdicts are right, but the policy emptied the call it judged: the message names that, not the regex."""
    policy = defined_in(ex04.email_policy.solution_text.replace(old, new), PRELUDE)["email_policy"]
    assert old in ex04.email_policy.solution_text
    outcome = ex04.email_policy.evaluate(policy)
    assert outcome.status == FAIL, outcome.message
    assert "your policy changed the input it judged" in outcome.message, outcome.message
    assert "allow only the characters of one address" not in outcome.message, outcome.message


@pytest.mark.parametrize("old, new", [
    ('def my_loop(client, task, toolbox, max_turns=10):', 'def my_loop(client, task, toolbox, max_turns=10, messages=[]):'),
    ('def my_loop(client, task, toolbox, max_turns=10):', 'def my_loop(client, task, toolbox, max_turns=10, *, messages=[]):')])
def test_a_history_kept_in_a_default_argument_is_told_so(old, new):
    """c021: the second run of the check starts with the first run's history; the message names the default list."""
    loop = solution_with(ex02.my_loop, "my_loop", (old, new), (
        '    messages = [{"role": "user", "content": task}]', '    messages.append({"role": "user", "content": task})'))
    outcome = ex02.my_loop.evaluate(loop)
    assert outcome.status == FAIL, outcome.message
    assert "before the task, kept from an earlier call of my_loop" in outcome.message, outcome.message
    assert "messages=[]" in outcome.message, outcome.message
