"""Wrong code a hunt of the exercise checks found marked Correct, each now Not yet with the cause named: a folder
link out of the notes folder, a '$' that lets a final line break through, a full-width key, a loop that drops a failed
result or approves everything, a gate that shows the approver another input, and text changed at its edges."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

import pytest

from looplab import MODEL, allow_all, tool
from looplab.exercises import FAIL, ex00, ex02, ex03, ex04, ex07

ENDINGS = {"end_turn": "done", "stop_sequence": "done", "max_tokens": "truncated", "refusal": "refused",
           "model_context_window_exceeded": "context_exceeded"}


def make_read_note(folder):
    """Refuses '..', absolute names and a name that is itself a link; a folder link inside goes through."""
    root = Path(folder).resolve()

    @tool
    def read_note(name: str) -> str:
        """Return the text of one note.

        Args:
            name: Note file name.
        """
        if os.path.isabs(name) or ".." in Path(name).parts or (root / name).is_symlink():
            raise ValueError("not a note of this folder")
        return (root / name).read_text(encoding="utf-8")
    return read_note


def test_a_read_note_that_a_folder_link_escapes_is_not_yet():
    outcome = ex04.read_note.evaluate(make_read_note)
    assert outcome.status == FAIL and "shared/secret.txt" in outcome.message, outcome.message


@pytest.mark.parametrize("policy, words", [
    (lambda name, input: name == "send_email" and re.match(r"^[\w.+-]+@example\.com$", input["to"]) is not None,
     "'$' matches just before a final line break"),
    (lambda name, input: name == "send_email" and re.fullmatch(r"[\w.+-]+@example\.com", input["to"].strip()) is not None,
     "do not strip it")])
def test_a_policy_that_lets_a_line_break_or_a_space_through_is_not_yet(policy, words):
    outcome = ex04.email_policy.evaluate(policy)
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def test_a_validate_that_compares_normalised_keys_is_not_yet():
    def validate(action, key):
        if not isinstance(action, dict) or action.get("type") != "tool" or action.get("name") != "lookup":
            raise ValueError("not a lookup")
        args = action.get("args")
        if not isinstance(args, dict) or set(args) != {"key"} or not isinstance(args["key"], str) \
                or not 0 < len(args["key"]) <= 32:
            raise ValueError("bad args")
        if unicodedata.normalize("NFKC", args["key"]) != unicodedata.normalize("NFKC", key):
            raise ValueError("another key")
    outcome = ex02.validate.evaluate(validate)
    assert outcome.status == FAIL and "ａｉ" in outcome.message, outcome.message


def loop(execute):
    """A loop like the solution of 3.2, each turn's results made by `execute(toolbox, blocks)`."""
    def my_loop(client, task, toolbox, max_turns=10):
        messages = [{"role": "user", "content": task}]
        for _ in range(max_turns):
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason == "pause_turn":
                continue
            if reply.stop_reason != "tool_use":
                return ENDINGS.get(reply.stop_reason, "anomaly"), messages
            messages.append({"role": "user", "content": execute(toolbox, [b for b in reply.content if b.type == "tool_use"])})
        return "max_turns", messages
    return my_loop


def dropping_failures(toolbox, uses):
    results = [toolbox.execute(b).result for b in uses]
    return [r for r in results if not r["is_error"]] or results


@pytest.mark.parametrize("my_loop, words", [
    (loop(dropping_failures), "no tool_result"),
    (loop(lambda toolbox, uses: [toolbox.execute(b, allow_all).result for b in uses]), "no approver")])
def test_a_loop_that_drops_a_failed_result_or_approves_everything_is_not_yet(my_loop, words):
    outcome = ex03.loop_status.evaluate(my_loop)
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def test_a_gate_that_shows_the_approver_another_input_is_not_yet():
    def execute(block, toolbox, approve=None):
        def result(text, error=False):
            return {"type": "tool_result", "tool_use_id": block.id, "content": text, "is_error": error}
        if why := toolbox.check(block.name, block.input):
            return result(why, True)
        if toolbox[block.name].consequential:
            try:
                approved = approve is not None and approve(block.name, {**block.input, "approved": True}) is True
            except Exception:
                approved = False
            if not approved:
                return result("not approved", True)
        try:
            return result(str(toolbox[block.name].handler(**block.input)))
        except Exception as exc:
            return result(f"error: {exc}", True)
    outcome = ex04.gate.evaluate(execute)
    assert outcome.status == FAIL and "exactly as it will run" in outcome.message, outcome.message


def test_text_changed_at_its_edges_is_not_yet():
    def first_text(message):
        return next((b.text.strip() for b in message.content if b.type == "text"), "")
    outcome = ex00.first_text.evaluate(first_text)
    assert outcome.status == FAIL and "without strip()" in outcome.message, outcome.message

    for end in (lambda text: text.strip(), lambda text: text[:200]):
        def collect_stream(client, prompt, end=end):
            with client.messages.stream(model=MODEL, max_tokens=1024,
                                        messages=[{"role": "user", "content": prompt}]) as stream:
                return end("".join(stream.text_stream))
        outcome = ex07.collect_stream.evaluate(collect_stream)
        assert outcome.status == FAIL and "a long reply" in outcome.message, outcome.message


@pytest.mark.parametrize("kept", [lambda messages: messages[1:], lambda messages: messages[-2:]])
def test_a_loop_that_returns_part_of_its_history_is_told_so(kept):
    """The hint was 'your loop sent request 1 with 1 message(s), but the history held 0'."""
    def my_loop(client, task, toolbox, max_turns=10):
        messages = [{"role": "user", "content": task}]
        for _ in range(max_turns):
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason != "tool_use":
                break
            messages.append({"role": "user", "content": [toolbox.execute(b).result for b in reply.content
                                                          if b.type == "tool_use"]})
        return kept(messages)
    outcome = ex02.my_loop.evaluate(my_loop)
    assert outcome.status == FAIL and "not the task" in outcome.message and "held 0" not in outcome.message, outcome.message
