"""Exercises of notebook 08: clear_old and summarize_old say not attempted, not yet (naming the mistake) and correct."""

import copy
import json

from solutions import defined_in

from looplab import history
from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex05, ex08

PRELUDE = "import copy\nfrom looplab.history import CLEARED as PLACEHOLDER\n"
PLACEHOLDER = ex08.CLEARED


def starter(messages, keep=3):
    raise NotImplementedError


def _old_ids(messages, keep):
    ids = [b["id"] for m in messages if m["role"] == "assistant" and isinstance(m["content"], list)
           for b in m["content"] if b["type"] == "tool_use"]
    return set(ids[:max(0, len(ids) - keep)])


def _results(messages):
    return [b for m in messages if isinstance(m["content"], list) for b in m["content"] if b["type"] == "tool_result"]


def clear_in_place(messages, keep=3):
    old = _old_ids(messages, keep)
    for block in _results(messages):
        if block["tool_use_id"] in old:
            block["content"] = PLACEHOLDER
    return messages


def clear_everything(messages, keep=3):
    messages = copy.deepcopy(messages)
    for block in _results(messages):
        block["content"] = PLACEHOLDER
    return messages


def drop_old_turns(messages, keep=3):
    return [messages[0], *messages[-(2 * keep + 1):]]


def clear_with_empty_text(messages, keep=3):
    messages = copy.deepcopy(messages)
    old = _old_ids(messages, keep)
    for block in _results(messages):
        if block["tool_use_id"] in old:
            block["content"] = "-"
    return messages


def keep_one_too_many(messages, keep=3):
    return clear_in_place(copy.deepcopy(messages), keep + 1)


def clear_from_the_end(messages, keep=3):
    """Right, written differently: walk back over the results, clearing once `keep` were seen."""
    out, seen = copy.deepcopy(messages), 0
    for message in reversed(out):
        for block in reversed(message["content"] if isinstance(message["content"], list) else []):
            if block["type"] == "tool_result":
                seen += 1
                if seen > keep:
                    block["content"] = PLACEHOLDER
    return out


def abridge_to_the_title(messages, keep=3):
    messages = copy.deepcopy(messages)
    old = _old_ids(messages, keep)
    for block in _results(messages):
        if block["tool_use_id"] in old:
            block["content"] = block["content"].splitlines()[0] + "\n[abridged]"
    return messages


def paraphrase(messages, keep=3):
    messages = copy.deepcopy(messages)
    old = _old_ids(messages, keep)
    for block in _results(messages):
        if block["tool_use_id"] in old:
            block["content"] = "A day at the station, nothing special.\n[my summary]"
    return messages


def cut_without_a_note(messages, keep=3):
    messages = copy.deepcopy(messages)
    old = _old_ids(messages, keep)
    for block in _results(messages):
        if block["tool_use_id"] in old:
            block["content"] = "\n".join(block["content"].splitlines()[:9])
    return messages


def keep_too_much(messages, keep=3):
    messages = copy.deepcopy(messages)
    old = _old_ids(messages, keep)
    for block in _results(messages):
        if block["tool_use_id"] in old:
            lines = block["content"].splitlines()
            block["content"] = "\n".join(lines[:-2] + ["[abridged: the last 2 lines left out]"])
    return messages


def first_ten_lines(messages, keep=3):
    """Right, written differently: always the first ten lines and a note."""
    messages = copy.deepcopy(messages)
    old = _old_ids(messages, keep)
    for block in _results(messages):
        if block["tool_use_id"] in old:
            text = block["content"]
            block["content"] = "\n".join(text.splitlines()[:10]) + f"\n({len(text)} characters before abridging)"
    return messages


# second look: more answers a participant may write

def _tool_use_ids(messages):
    return [b["id"] for m in messages if m["role"] == "assistant" and isinstance(m["content"], list)
            for b in m["content"] if b["type"] == "tool_use"]


def clear_by_negative_slice(messages, keep=3):
    messages = copy.deepcopy(messages)
    old = set(_tool_use_ids(messages)[:-keep])  # keep=0: ids[:-0] is empty, nothing is cleared
    for block in _results(messages):
        if block["tool_use_id"] in old:
            block["content"] = PLACEHOLDER
    return messages


def clear_with_a_list_copy(messages, keep=3):
    messages = list(messages)  # a new list, the same dicts inside
    return clear_in_place(messages, keep)


def clear_by_message_slice(messages, keep=3):
    messages = copy.deepcopy(messages)
    for message in messages[1:-keep]:
        for block in message["content"] if isinstance(message["content"], list) else []:
            if block["type"] == "tool_result":
                block["content"] = PLACEHOLDER
    return messages


def clear_as_text_blocks(messages, keep=3):
    messages = copy.deepcopy(messages)
    old = _old_ids(messages, keep)
    for message in messages:
        if isinstance(message["content"], list):
            message["content"] = [{"type": "text", "text": PLACEHOLDER}
                                  if b["type"] == "tool_result" and b["tool_use_id"] in old else b
                                  for b in message["content"]]
    return messages


def clear_json_copy_by_position(messages, keep=3):
    """Right, written differently: a JSON round trip as the copy, results counted by position."""
    out = json.loads(json.dumps(messages))
    results = _results(out)
    for block in results[:max(0, len(results) - keep)]:
        block["content"] = PLACEHOLDER
    return out


class Clearer:
    """Right, written differently: an instance that rebuilds every message instead of copying."""

    def __call__(self, messages, keep=3):
        old = _old_ids(messages, keep)
        return [{**m, "content": [{**b, "content": PLACEHOLDER} if b.get("tool_use_id") in old else dict(b)
                                  for b in m["content"]]} if isinstance(m["content"], list) else dict(m)
                for m in messages]


def summary_of(shorten):
    def summarize_old(messages, keep=3):
        messages = copy.deepcopy(messages)
        old = _old_ids(messages, keep)
        for block in _results(messages):
            if block["tool_use_id"] in old:
                block["content"] = shorten(block["content"])
        return messages
    return summarize_old


def lines_that_fit(text):
    """Right, written differently: a while loop popping lines while they fit, the note counts lines."""
    lines, kept = text.split("\n"), []
    while lines and len("\n".join([*kept, lines[0]])) <= 240:
        kept.append(lines.pop(0))
    return "\n".join(kept) + f"\n... {len(lines)} more lines left out"


def _turns_with_results(messages):
    return [m for m in messages if isinstance(m["content"], list) and any(b["type"] == "tool_result" for b in m["content"])]


def by_turns(change):
    """Wrong: keeps the last `keep` messages of results (turns), not the last `keep` results."""
    def manage(messages, keep=3):
        messages = copy.deepcopy(messages)
        turns = _turns_with_results(messages)
        for message in turns[:max(0, len(turns) - keep)]:
            for block in message["content"]:
                if block["type"] == "tool_result":
                    block["content"] = change(block["content"])
        return messages
    return manage


def by_unguarded_slice(change):
    """Wrong: ids[:len(ids) - keep] goes negative when there are fewer results than keep, and clears some."""
    def manage(messages, keep=3):
        messages = copy.deepcopy(messages)
        ids = _tool_use_ids(messages)
        for block in _results(messages):
            if block["tool_use_id"] in ids[:len(ids) - keep]:
                block["content"] = change(block["content"])
        return messages
    return manage


FEWER_THAN_KEEP = "with keep=3 and only 2 tool results, every result must stay"
KEEP_BY_TURNS = "keep counts tool results, not turns or messages"
CLEAR_OLD_WRONG = {  # second look
    clear_by_negative_slice: "ids[:-0] is ids[:0]",
    clear_with_a_list_copy: "changed the history it was given",
    clear_by_message_slice: "the last 2 tool results must stay exactly",
    clear_as_text_blocks: "lost tool_result blocks",
    by_turns(lambda text: PLACEHOLDER): KEEP_BY_TURNS,
    by_unguarded_slice(lambda text: PLACEHOLDER): FEWER_THAN_KEEP,
}
def clear_by_new_blocks(messages, keep=3):
    """Right: each old result becomes a new block without is_error (False by default, as the API reads it)."""
    ids = _tool_use_ids(messages)
    old = set(ids[:max(0, len(ids) - keep)])
    return [{**m, "content": [{"type": "tool_result", "tool_use_id": b["tool_use_id"], "content": PLACEHOLDER}
                              if b["type"] == "tool_result" and b["tool_use_id"] in old else b for b in m["content"]]}
            if isinstance(m["content"], list) else m for m in messages]


CLEAR_OLD_RIGHT = [clear_json_copy_by_position, Clearer(), clear_by_new_blocks]  # second look
SUMMARIZE_WRONG = {  # second look
    summary_of(lambda text: text[:240] + "\n[abridged]"): "keep its first whole lines",
    summary_of(lambda text: "\n".join(text.splitlines()[-9:]) + "\n[abridged]"): "a quote, not your words",
    summary_of(lambda text: "[abridged]\n" + "\n".join(text.splitlines()[:9])): "keep its first whole lines",
    summary_of(lambda text: "\n".join(text.splitlines()[:12]) + "\n[abridged]"): "keep at most about 240",
    by_turns(lines_that_fit): KEEP_BY_TURNS,
    by_unguarded_slice(lines_that_fit): FEWER_THAN_KEEP,
    # cuts at the last line break before 240, so a short result (the folder listing) loses its last line
    summary_of(lambda text: text[:text.rfind("\n", 0, 241)] + "\n[abridged]"): "shorter than chars=240 already",
}
SUMMARIZE_RIGHT = [summary_of(lines_that_fit)]  # second look


def test_starters_are_not_attempted():
    """`...` and starters raising NotImplementedError are not attempted."""
    for exercise in (ex08.clear_old, ex08.summarize):
        assert exercise.evaluate(...).status == UNATTEMPTED
        assert exercise.evaluate(starter).status == UNATTEMPTED


def test_clear_old_wrong_answers_name_the_mistake():
    """In place, everything cleared, turns dropped, another placeholder, one kept too many: not yet, saying why."""
    cases = {clear_in_place: "changed the history it was given",
             clear_everything: "the last 2 tool results must stay exactly",
             drop_old_turns: "never remove a message",
             clear_with_empty_text: "put PLACEHOLDER in its place",
             keep_one_too_many: "an old one is unchanged",
             "not a function": "pass your function itself",
             **CLEAR_OLD_WRONG}
    for answer, why in cases.items():
        outcome = ex08.clear_old.evaluate(answer)
        assert outcome.status == FAIL and why in outcome.message, (answer, outcome.message)


def test_clear_old_right_answers_pass():
    """The published solution and a different right answer pass, with the saving measured."""
    solution = defined_in(ex08.clear_old.solution_text, PRELUDE)["clear_old"]
    for answer in (solution, clear_from_the_end, *CLEAR_OLD_RIGHT):
        outcome = ex08.clear_old.evaluate(answer)
        assert outcome.status == PASS, outcome.message
        assert "input tokens instead of" in outcome.message and "% less" in outcome.message


def test_summarize_old_wrong_answers_name_the_mistake():
    """Too short to keep the answer, a paraphrase, no note, too long, or plain clearing: not yet, saying why."""
    solution = defined_in(ex08.clear_old.solution_text, PRELUDE)["clear_old"]
    cases = {abridge_to_the_title: "keep enough first lines",
             paraphrase: "a quote, not your words",
             cut_without_a_note: "saying how much was left out",
             keep_too_much: "keep at most about 240",
             solution: "a quote, not your words",
             clear_in_place: "changed the history it was given",
             **SUMMARIZE_WRONG}
    for answer, why in cases.items():
        outcome = ex08.summarize.evaluate(answer)
        assert outcome.status == FAIL and why in outcome.message, (answer, outcome.message)


def test_summarize_old_right_answers_pass():
    """The published solution and a different right answer pass: the run's answer is the full run's."""
    solution = defined_in(ex08.summarize.solution_text, PRELUDE)["summarize_old"]
    for answer in (solution, first_ten_lines, *SUMMARIZE_RIGHT):
        outcome = ex08.summarize.evaluate(answer)
        assert outcome.status == PASS, outcome.message


# Exercise 8.0: the manage hook in the participant's own loop

LOOP_PRELUDE = ("import anthropic\nfrom looplab import MODEL, allow_all\nfrom looplab.loop import to_param\n"
                "ENDINGS = {'end_turn': 'done', 'stop_sequence': 'done', 'max_tokens': 'truncated', "
                "'refusal': 'refused', 'model_context_window_exceeded': 'context_exceeded'}\n")
HOOK = ("        if manage is not None:\n"
        "            messages = manage(messages)  # sent, and kept: the next turn builds on it\n")


def loop_variant(*changes):
    """The published solution with each (old, new) replaced, defined as a participant's cell would define it."""
    source = ex08.MANAGE_SOLUTION
    for old, new in changes:
        assert old in source, old
        source = source.replace(old, new)
    return defined_in(source, LOOP_PRELUDE)["my_loop"]


SPENT = "        spent += reply.usage.input_tokens + reply.usage.output_tokens\n"
WHILE_LOOP = '''def my_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None, manage=None, **request):
    """Written another way: a while loop, the history kept as plain dicts, the hook as a one-liner."""
    history, turn, spent = [{"role": "user", "content": task}], 0, 0
    while turn < max_turns:
        turn += 1
        if token_budget is not None and spent >= token_budget:
            return "over_budget", history
        history = manage(history) if manage else history
        try:
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=history,
                                           tools=toolbox.to_api(), **request)
        except anthropic.APIError:
            return "error", history
        spent += reply.usage.input_tokens + reply.usage.output_tokens
        history = history + [{"role": "assistant", "content": [to_param(b) for b in reply.content]}]
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "anomaly"), history
        calls = [b for b in reply.content if b.type == "tool_use"]
        history = history + [{"role": "user", "content": [toolbox.execute(b, approve).result for b in calls]}]
    return "max_turns", history'''


def loop_starter(client, task, toolbox, max_turns=10, token_budget=None, approve=None, manage=None, **request):
    raise NotImplementedError


def test_manage_starter_is_not_attempted():
    """`...` and the starter raising NotImplementedError are not attempted."""
    assert ex08.manage.evaluate(...).status == UNATTEMPTED
    assert ex08.manage.evaluate(loop_starter).status == UNATTEMPTED


def test_manage_wrong_loops_name_the_mistake():
    """Manage after the request, ignored, once only, the full history kept, the list changed in place, manage
    called when None, **request dropped, the API error let out, no manage parameter, approving by default or
    dropping the approver: not yet, saying why."""
    no_request = ("tools=toolbox.to_api(), **request)", "tools=toolbox.to_api())")
    cases = {
        "after the request": (loop_variant((HOOK, ""), (SPENT, SPENT + HOOK)),
                              "manage ran only after request 1"),
        "result ignored": (loop_variant((HOOK, "        if manage is not None:\n            manage(messages)\n")),
                           "request 3 did not send what manage returned"),
        "once only": (loop_variant((HOOK, ""), ("    for _ in range(max_turns):\n", "    if manage is not None:\n"
                                                "        messages = manage(messages)\n    for _ in range(max_turns):\n")),
                      "manage ran 1 time(s) for 7 requests"),
        "full history kept": (loop_variant((HOOK, "        sent = manage(messages) if manage else messages\n"),
                                           ("messages=messages,\n", "messages=sent,\n")),
                              "manage was given a history that is not what it returned at turn 3"),
        "caller's list changed": (loop_variant((HOOK, "        if manage is not None:\n"
                                                      "            messages[:] = manage(messages)\n")),
                                  "changed the history it had handed to manage"),
        "manage called when None": (loop_variant((HOOK, "        messages = manage(messages)\n")),
                                    "without manage, your loop called manage, which is None"),
        "request not passed on": (loop_variant(no_request), "did not carry the tool_choice"),
        "no **request": (loop_variant(no_request, ("manage=None, **request):", "manage=None):")),
                         "takes no **request"),
        "API error let out": (loop_variant(("        try:\n", "        if True:\n"), (
            "        except anthropic.APIError:  # raised after the SDK's own retries\n            return \"error\", "
            "messages\n", "")), "let OverloadedError out"),
        "the loop of 5.5, no manage": (defined_in(ex05.api_errors.solution_text, LOOP_PRELUDE)["my_loop"],
                                       "no manage parameter"),
        "Ctrl-C caught": (loop_variant(("except anthropic.APIError:  # raised", "except BaseException:  # raised")),
                          "pressed Ctrl-C (KeyboardInterrupt) during the model call"),
        "not a function": ("my_loop", "pass your function itself"),
        "approving by default": (loop_variant(("toolbox.execute(b, approve)", "toolbox.execute(b, approve or allow_all)")),
                                 "with no approver (approve left to its default), your loop sent the email anyway"),
        "the approver dropped": (loop_variant(("toolbox.execute(b, approve)", "toolbox.execute(b)")),
                                 "did not pass the approver on"),
    }
    for name, (answer, why) in cases.items():
        outcome = ex08.manage.evaluate(answer)
        assert outcome.status == FAIL and why in outcome.message, (name, outcome.message)


def test_manage_right_loops_pass():
    """The published solution, a while loop keeping plain dicts, and looplab's stand-in pass, with what they proved."""
    for answer in (loop_variant(), defined_in(WHILE_LOOP, LOOP_PRELUDE)["my_loop"], history.managed_loop):
        outcome = ex08.manage.evaluate(answer)
        assert outcome.status == PASS, outcome.message
        assert "before each of the 7 requests" in outcome.message and "18 runs" in outcome.message


def test_manage_loop_catching_only_status_errors_is_not_yet():
    """A loop of 8.0 that catches anthropic.APIStatusError only lets a timeout out: Not yet, saying which."""
    answer = loop_variant(("except anthropic.APIError:  # raised", "except anthropic.APIStatusError:  # raised"))
    outcome = ex08.manage.evaluate(answer)
    assert outcome.status == FAIL
    assert "let APITimeoutError out" in outcome.message and "anthropic.APIError" in outcome.message, outcome.message


def test_manage_loop_must_keep_the_endings_of_3_2():
    """A loop with a right hook that ends on pause_turn, or calls an unknown stop reason 'done': not yet."""
    cases = {"pause ends the run": (('        if reply.stop_reason == "pause_turn":\n            continue\n', ""),
                                    "on pause_turn, append the reply and call the model again"),
             "unknown ending done": (('ENDINGS.get(reply.stop_reason, "anomaly")',
                                      'ENDINGS.get(reply.stop_reason, "done")'), "ends the run as 'anomaly'")}
    for label, (change, words) in cases.items():
        outcome = ex08.manage.evaluate(loop_variant(change))
        assert outcome.status == FAIL and words in outcome.message, (label, outcome.message)
