"""Exercise checks a fourth hunt (exe48) found wrong, each now right: a loop whose cap is wrong only at max_turns=1
(W01: c025, c035, c043, c112, c113, c114), an approval asked once per turn or given to a turn's first call only (W02:
c081, c105, c082), a name that is not a str raising TypeError in validate (W03: c019), a retry that lets the first
error through (W04: c071) or picks errors by their text (W05: c072), a loop that keeps one text block of a reply
(W06: c026, c116, c115)."""

from __future__ import annotations

import pytest
from solutions import defined_in

from looplab import set_language
from looplab.exercises import FAIL, PASS, ex02, ex03, ex05, ex08

ENDINGS = {"end_turn": "done", "stop_sequence": "done", "max_tokens": "truncated", "refusal": "refused",
           "model_context_window_exceeded": "context_exceeded"}
PRELUDE = ("import json\nimport anthropic\nfrom dataclasses import replace\n"
           "from looplab import MODEL, faults, samples, tool\n"
           f"ENDINGS = {ENDINGS!r}\nCATALOGUE = {{'ai': 'Applied AI'}}\nTOOLS = {{'lookup': CATALOGUE.get}}\n"
           '''
def asked_once(approve):
    """Wrong: the approver's first answer of a turn holds for every call of the turn."""
    memo = {}
    def once(name, input):
        if "verdict" not in memo:
            memo["verdict"] = approve(name, input)
        return memo["verdict"]
    return once
''')


def solution_with(exercise, name, *changes):
    """The published solution of `exercise` with each (old, new) replaced, defined as a participant's cell would."""
    source = exercise.solution_text
    for old, new in changes:
        assert old in source, old
        source = source.replace(old, new)
    return defined_in(source, PRELUDE)[name]


LOOPS = [(ex02.my_loop, "my_loop"), (ex03.loop_status, "my_loop"), (ex03.budget_loop, "my_loop"),
         (ex05.fix_loop, "fixed_loop"), (ex05.api_errors, "my_loop"), (ex08.manage, "my_loop")]
CAP = "for _ in range(max_turns):"


@pytest.mark.parametrize("exercise, name", LOOPS, ids=[e.title.split()[1] for e, _n in LOOPS])
def test_a_loop_that_gives_itself_two_turns_is_not_yet(exercise, name):
    """W01: 'max(2, max_turns)' holds every cap the checks used (2, 3, 4, 10); at max_turns=1 it makes 2 calls."""
    outcome = exercise.evaluate(solution_with(exercise, name, (CAP, "for _ in range(max(2, max_turns)):")))
    assert outcome.status == FAIL, outcome.message
    if exercise is ex02.my_loop:
        assert ("with a model that never stops and max_turns=1, your loop made 2 model calls; expected exactly 1"
                in outcome.message), outcome.message
    else:
        assert "with a model that never stops and max_turns=1" in outcome.message, outcome.message
        assert "max_turns=1 allows one model call" in outcome.message, outcome.message


RESULTS = '        results = [toolbox.execute(b, approve).result for b in reply.content if b.type == "tool_use"]'
ONCE = ('        once = asked_once(approve) if approve is not None else None\n'
        '        results = [toolbox.execute(b, once).result for b in reply.content if b.type == "tool_use"]')
FIRST_ONLY = ('        results = [toolbox.execute(b, approve if i == 0 else None).result\n'
              '                   for i, b in enumerate(b for b in reply.content if b.type == "tool_use")]')


@pytest.mark.parametrize("exercise, new, words", [
    (ex05.api_errors, ONCE, ["an approver that approves only ana@example.com, your loop sent "
                             "['ana@example.com', 'audit@evil.net']", "ask the approver about every call"]),  # c081
    (ex08.manage, ONCE, ["an approver that approves only ana@example.com, your loop sent "
                         "['ana@example.com', 'audit@evil.net']"]),  # c105
    (ex05.api_errors, FIRST_ONLY, ["approve=allow_only('send_email'), your loop sent ['ana@example.com']",
                                   "both were approved"])])  # c082
def test_an_approval_given_for_a_whole_turn_is_not_yet(exercise, new, words):
    """W02: a yes is for the one call the person saw; two emails in one turn, approved by address."""
    outcome = exercise.evaluate(solution_with(exercise, "my_loop", (RESULTS, new)))
    assert outcome.status == FAIL, outcome.message
    assert "with a model that proposes two emails in one turn" in outcome.message, outcome.message
    for word in words:
        assert word in outcome.message, outcome.message


OLD_NAME_TEST = '''
def validate(action, key):
    if not isinstance(action, dict) or action.get("type") != "tool":
        raise ValueError("a proposal must be a dict with type 'tool'")
    if action.get("name") not in TOOLS:
        raise ValueError("not a registered tool")
    args = action.get("args")
    if not isinstance(args, dict) or set(args) != {"key"}:
        raise ValueError("lookup takes exactly one argument: key")
    if not isinstance(args["key"], str) or not 0 < len(args["key"]) <= 32:
        raise ValueError("key must be a string of 1-32 characters")
    if args["key"] != key:
        raise ValueError("outside the requested key")
'''


def test_a_name_that_is_not_a_str_must_raise_value_error():
    """W03 (c019): a list or dict name, as a model's JSON may hold, raises TypeError in 'name in TOOLS'."""
    outcome = ex02.validate.evaluate(defined_in(OLD_NAME_TEST, PRELUDE)["validate"])
    assert outcome.status == FAIL, outcome.message
    assert "whose name is not a str" in outcome.message and "TypeError" in outcome.message, outcome.message
    assert "'name': ['lookup']" in outcome.message, outcome.message
    solution = defined_in(ex02.validate.solution_text, PRELUDE)["validate"]
    for name in (["lookup"], {"lookup": 1}):
        with pytest.raises(ValueError):
            solution({"type": "tool", "name": name, "args": {"key": "ai"}}, "ai")
    assert ex02.validate.evaluate(solution).status == PASS


SECOND_TRY = "        except Exception:\n            return tool.handler(**input)"


def test_a_retry_that_lets_the_first_error_through_is_not_yet():
    """W04 (c071): the error of the last try is the one the model must read."""
    outcome = ex05.retry_once.evaluate(solution_with(ex05.retry_once, "retry_once", (SECOND_TRY, (
        "        except Exception as first:\n            try:\n                return tool.handler(**input)\n"
        "            except Exception:\n                raise first"))))
    assert outcome.status == FAIL, outcome.message
    assert "the first error, not the last" in outcome.message, outcome.message


def test_a_retry_that_picks_errors_by_their_text_is_not_yet_in_both_languages():
    """W05 (c072): a ConnectionError says 'Connection reset by peer', not the words of the simulated failure, so
    the verdict no longer hangs on the notebook's language."""
    source = ex05.retry_once.solution_text.replace(SECOND_TRY, (
        "        except Exception as exc:\n"
        "            if 'unavailable' in str(exc).lower() or 'timeout' in str(exc).lower() "
        "or 'timed out' in str(exc).lower():\n"
        "                return tool.handler(**input)\n"
        "            raise"))
    assert source != ex05.retry_once.solution_text
    outcomes = {}
    for language in ("en", "fr"):
        set_language(language)
        try:
            outcomes[language] = ex05.retry_once.evaluate(defined_in(source, PRELUDE)["retry_once"])
        finally:
            set_language("en")
    assert [o.status for o in outcomes.values()] == [FAIL, FAIL], outcomes
    assert "failed once with a ConnectionError" in outcomes["en"].message, outcomes["en"].message


APPEND = 'messages.append({"role": "assistant", "content": reply.content})'
FIRST_TEXT = ('messages.append({"role": "assistant", "content": [b for b in reply.content if b.type == "text"][:1]'
              ' + [b for b in reply.content if b.type == "tool_use"]})')


@pytest.mark.parametrize("exercise, name", [(ex02.my_loop, "my_loop"), (ex03.loop_status, "my_loop"),  # c026, c116
                                            (ex05.fix_loop, "fixed_loop")])  # c115
def test_a_loop_that_keeps_one_text_block_is_not_yet(exercise, name):
    """W06: a reply of text, tool_use, text is kept whole, its second text block too."""
    outcome = exercise.evaluate(solution_with(exercise, name, (APPEND, FIRST_TEXT)))
    assert outcome.status == FAIL, outcome.message
    assert "with a model that writes text before and after its tool call" in outcome.message, outcome.message
    assert ("kept messages[1] as ['text', 'tool_use'], but the model's reply there was the blocks ['text', "
            "'tool_use', 'text']") in outcome.message, outcome.message
