"""Scripted replies: tell the practice model exactly what to answer, turn by turn.

A step is a Reply dict `{"content": [...], "stop_reason": ...}` without ids or usage. It is not checked
against the tools offered: a step may call a tool that does not exist or break its schema, on purpose.
"""

import typing

from anthropic.types import StopReason

from looplab.practice.planner.fill import placeholder

STOP_REASONS = typing.get_args(StopReason)
NO_MORE = "The script has no more replies."


def say(text: str, stop_reason: str = "end_turn") -> dict:
    """A reply with one text block."""
    _check_reason(stop_reason)
    return {"content": [{"type": "text", "text": text}], "stop_reason": stop_reason}


def call(name: str, /, **input) -> dict:
    """A reply with one tool_use block calling `name` with `input`."""
    return {"content": [{"type": "tool_use", "name": name, "input": input}], "stop_reason": "tool_use"}


def calls(*steps) -> dict:
    """One reply made of several steps' blocks (e.g. several `call(...)`, maybe a `say`)."""
    if len(steps) == 1 and isinstance(steps[0], list | tuple):
        steps = tuple(steps[0])
    content = [block for step in steps for block in as_step(step)["content"]]
    has_tool = any(block["type"] == "tool_use" for block in content)
    return {"content": content, "stop_reason": "tool_use" if has_tool else "end_turn"}


def stop(reason: str, text: str = "", *, sequence: str | None = None, partial_tool: bool | str = False) -> dict:
    """A reply that ends with `reason` (max_tokens, refusal, pause_turn, ...), text optional. `sequence`: the
    stop sequence matched (default: the request's first); `partial_tool=True` (or a tool name) adds a
    tool_use cut off by max_tokens, input `{}`."""
    _check_reason(reason)
    step = {"content": [{"type": "text", "text": text}] if text else [], "stop_reason": reason}
    if sequence is not None:
        step["stop_sequence"] = sequence
    if partial_tool:
        if reason != "max_tokens":
            raise ValueError("stop(): partial_tool only makes sense with 'max_tokens'")
        step["partial_tool"] = partial_tool
    return step


def as_step(step) -> dict:
    """A step from what a script may hold: a str (text reply) or a step dict."""
    if isinstance(step, str):
        return say(step)
    if isinstance(step, dict) and isinstance(step.get("content"), list):
        return step
    raise TypeError(f"script step {step!r} is not a str or a say()/call()/calls()/stop() "
                    "step; build steps with those functions")


def _check_reason(reason: str) -> None:
    if reason not in STOP_REASONS:
        raise ValueError(f"unknown stop reason {reason!r}; use one of {', '.join(STOP_REASONS)}")


class Script:
    """A script being played: hands out its steps in order, then a fixed text."""

    def __init__(self, steps):
        """Check every step now, so a typo fails when the client is made."""
        self.steps = [as_step(step) for step in steps]
        self.position = 0

    def next_reply(self, body: dict) -> dict:
        """The next step as a Reply for this request, or the out-of-script text."""
        if self.position >= len(self.steps):
            return say(NO_MORE)
        step = dict(self.steps[self.position])
        self.position += 1
        if partial := step.pop("partial_tool", False):
            name = partial if isinstance(partial, str) else (body.get("tools") or [{}])[0].get("name", "tool")
            step["content"] = [*step["content"], {"type": "tool_use", "name": name, "input": {}}]
        if step["stop_reason"] == "stop_sequence" and "stop_sequence" not in step:
            step["stop_sequence"] = (body.get("stop_sequences") or ["STOP"])[0]
        return step


def never_stop_reply(body: dict, task: str) -> dict:
    """Call the first offered tool of the client's own, input a schema-shaped placeholder (see fill.placeholder)."""
    if not (tools := [t for t in body.get("tools") or [] if t.get("type") in (None, "custom")]):  # not a server tool
        return say("never_stop needs at least one tool of your own in the request (a server tool such as "
                   "web_search runs on the API's side); offer a tool.")
    return call(tools[0]["name"], **placeholder(tools[0].get("input_schema") or {}, task))
