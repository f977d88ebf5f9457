"""Faults that spoil a reply or its stream: an error event mid-stream, a stream cut short, a reply cut by max_tokens."""

from __future__ import annotations

import json

import httpx2

from looplab.faults.base import NO_WAIT, Fault
from looplab.i18n import N_
from looplab.practice import sse
from looplab.practice.responses import BrokenBody, api_error, error_body


class _ReplyFault(Fault):
    """A fault that lets the model plan, then spoils its reply (on_reply) or stream (on_events)."""

    def fail(self, request, body):
        """Let the request through; remember to spoil its reply."""
        self.max_tokens = body.get("max_tokens", 1) if isinstance(body, dict) else 1
        return None

    def _take(self) -> bool:
        if not self._armed:
            return False
        self._armed = False
        self.hits += 1
        return True


_SKELETON = {"id": "msg_practice_cut", "type": "message", "role": "assistant", "content": [],
             "stop_reason": "end_turn", "usage": {"input_tokens": 0, "output_tokens": 0}}


def _cut_response(message: dict) -> httpx2.Response:
    data = json.dumps(message, ensure_ascii=False).encode()
    return httpx2.Response(200, headers={"content-type": "application/json"}, stream=BrokenBody(data[: len(data) // 2]))


class StreamError(_ReplyFault):
    """An `event: error` after a few deltas of a stream (the SDK raises APIStatusError; no retry).

    run_agent does not stream: on a plain request the same failure arrives as the API
    sends it there, an HTTP 529 overloaded_error (which the SDK does retry).
    """

    label = N_("mid-stream error")

    def fail(self, request, body):
        """A plain request gets a 529; a stream request is spoiled in on_events."""
        if isinstance(body, dict) and not body.get("stream"):
            self._armed = False
            self.hits += 1
            return api_error(529, "overloaded_error", "Overloaded (practice fault: mid-stream error on a "
                             "plain request)", headers=NO_WAIT)
        return super().fail(request, body)

    def on_events(self, events: list) -> list:
        """Keep the start and two deltas, then send an error event and end the stream."""
        if not self._take():
            return events
        error = error_body("overloaded_error", "Overloaded (practice fault: mid-stream error)")
        return [*_first_deltas(events, 2), ("error", error)]


class StreamCut(_ReplyFault):
    """The connection drops after a few deltas of a stream, before message_delta and message_stop.

    As with a real dropped connection, reading the stream raises httpx2.RemoteProtocolError (the SDK
    passes it on, not retried). run_agent does not stream: on a plain request the body stops half-way
    (the SDK retries, then raises APIConnectionError).
    """

    label = N_("stream cut")

    def fail(self, request, body):
        """A plain request gets a body cut half-way; a stream request is spoiled in on_events."""
        if isinstance(body, dict) and not body.get("stream"):
            self._armed = False
            self.hits += 1
            return _cut_response(_SKELETON)
        return super().fail(request, body)

    def on_events(self, events: list) -> list:
        """Keep the start and two deltas, then drop the connection."""
        return sse.Dropped(_first_deltas(events, 2)) if self._take() else events


def _first_deltas(events: list, count: int) -> list:
    kept, seen = [], 0
    for kind, data in events:
        if kind in ("message_delta", "message_stop") or seen >= count:
            break
        kept.append((kind, data))
        seen += kind == "content_block_delta"
    return kept


class Truncated(_ReplyFault):
    """The next reply is cut by max_tokens: half its text, a tool call without input, stop_reason max_tokens."""

    label = N_("truncated reply")

    def on_reply(self, reply: dict) -> dict:
        """The reply as max_tokens would have cut it."""
        return cut_message(reply, self.max_tokens) if self._take() else reply

    def on_events(self, events: list) -> list:
        """The stream of the cut reply."""
        if not self._take():
            return events
        return sse.events(cut_message(message_of(events), self.max_tokens))


def cut_message(message: dict, max_tokens: int) -> dict:
    """`message` cut off: text up to the first tool call halved at a space, that tool call left without input."""
    content = []
    for block in message["content"]:
        if block["type"] == "tool_use":
            content.append({**block, "input": {}})
            break
        text = block.get("text", "")
        half = text[: len(text) // 2]
        content.append({**block, "text": half.rsplit(" ", 1)[0] if " " in half else half})
    if not content:
        content = [{"type": "text", "text": ""}]
    usage = {**message["usage"], "output_tokens": max_tokens}
    return {**message, "content": content, "stop_reason": "max_tokens", "stop_sequence": None,
            "usage": usage}


def message_of(events: list) -> dict:
    """The finished message a list of SSE events describes."""
    message, blocks, partial = {}, [], {}
    for kind, data in events:
        if kind == "message_start":
            message = dict(data["message"])
        elif kind == "content_block_start":
            blocks.append(dict(data["content_block"]))
        elif kind == "content_block_delta":
            delta = data["delta"]
            if delta["type"] == "text_delta":
                blocks[data["index"]]["text"] += delta["text"]
            elif delta["type"] == "input_json_delta":
                partial[data["index"]] = partial.get(data["index"], "") + delta["partial_json"]
        elif kind == "message_delta":
            message.update(data["delta"])
            message["usage"] = {**message["usage"], **data["usage"]}
    for index, raw in partial.items():
        blocks[index]["input"] = json.loads(raw)
    return {**message, "content": blocks}
