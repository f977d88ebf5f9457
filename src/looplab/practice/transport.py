"""The practice model as an httpx2 transport: the real SDK client talks to it over no network."""

import json
import threading

import httpx2

from looplab.practice import sse, tokens
from looplab.practice.responses import api_error, json_response
from looplab.practice.script import STOP_REASONS, Script, never_stop_reply
from looplab.practice.threads import Threads
from looplab.practice.validate import check_fields, check_messages, merge_turns

MESSAGES = "/v1/messages"
COUNT_TOKENS = "/v1/messages/count_tokens"


class PracticeTransport(httpx2.BaseTransport):
    """Serves POST /v1/messages and /v1/messages/count_tokens from a script or the planner."""

    def __init__(self, *, script=None, gullible=False, never_stop=False):
        """Scripted when `script` is a list of steps; else `never_stop` or the planner."""
        self.script = Script(script) if script is not None else None
        self.gullible = gullible
        self.never_stop = never_stop
        self.requests: list = []
        self.calls = 0
        self.faults: list = []
        self.counts = {"msg": 0, "toolu": 0, "req": 0}
        self.issued: set[str] = set()
        self.cache = tokens.CacheBook()
        self.threads = Threads()
        self._lock = threading.Lock()

    def add_fault(self, fault) -> None:
        """Consult `fault` (an object with `before`, maybe `on_events`/`on_reply`) on every request."""
        self.faults.append(fault)

    def clear_faults(self) -> None:
        """Remove every fault."""
        self.faults.clear()

    def next_id(self, kind: str) -> str:
        """The next id of a kind: msg_practice_0001, toolu_practice_0001, req_practice_0001."""
        self.counts[kind] += 1
        return f"{kind}_practice_{self.counts[kind]:04d}"

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        """Answer one HTTP request (every attempt is counted and kept in `.requests`)."""
        with self._lock:
            request.read()
            self.calls += 1
            try:
                body = json.loads(request.content or b"{}")
            except ValueError:
                body = request.content.decode(errors="replace")
            self.requests.append(body)
            try:
                response = self._route(request, body)
            except httpx2.TransportError:
                raise  # a fault simulating the network, e.g. httpx2.ReadTimeout
            except Exception as exc:  # a bug here must surface once, not as a retried network fault
                response = api_error(400, "api_error", f"practice model bug: {type(exc).__name__}: "
                                     f"{exc} — please report it", retry=False)
            response.headers["request-id"] = self.next_id("req")
            return response

    def _route(self, request, body) -> httpx2.Response:
        for fault in list(self.faults):
            before = getattr(fault, "before", None)
            response = before(request, body) if before else None
            if response is not None:
                return response
        path = request.url.path
        if request.method != "POST" or path not in (MESSAGES, COUNT_TOKENS):
            return api_error(404, "not_found_error",
                             f"practice model: no route for {request.method} {path}; it serves "
                             f"POST {MESSAGES} and POST {COUNT_TOKENS}")
        if not isinstance(body, dict):
            return api_error(400, "invalid_request_error", "the request body is not valid JSON")
        if path == COUNT_TOKENS:
            body = {"max_tokens": 1, **body}
        problem = check_fields(body)
        if problem:
            return api_error(400, "invalid_request_error", problem)
        full, problem = self.threads.resolve(body)
        if problem:
            return api_error(404, "not_found_error", problem,
                             details={"error_code": "thread_not_found"})
        problem = check_messages(full, self.issued)
        if problem:
            return api_error(400, "invalid_request_error", problem)
        if path == COUNT_TOKENS:
            return json_response(200, {"input_tokens": tokens.input_tokens(full)})
        planned = {**full, "messages": merge_turns(full["messages"])}
        return self._send(body, full, self._message(self._reply(planned), full))

    def _send(self, body, full, message) -> httpx2.Response:
        if not body.get("stream"):
            for fault in self.faults:
                if hasattr(fault, "on_reply"):
                    message = fault.on_reply(message)
            self.threads.hold(body, full, message)
            return json_response(200, message)
        stream = sse.events(message)
        for fault in self.faults:
            if hasattr(fault, "on_events"):
                stream = fault.on_events(stream)
        self.threads.hold(body, full, message)
        return httpx2.Response(200, headers={"content-type": "text/event-stream; charset=utf-8"},
                               content=sse.encode(stream))

    def _reply(self, full: dict) -> dict:
        if self.script is not None:
            return self.script.next_reply(full)
        if self.never_stop:
            return never_stop_reply(full, task_text(full))
        from looplab.practice.skills import plan
        from looplab.practice.view import read_request

        return plan(read_request(full, gullible=self.gullible))

    def _message(self, reply: dict, full: dict) -> dict:
        content, cut = tokens.within([_block(block) for block in reply["content"]], full["max_tokens"])
        stop_reason = "max_tokens" if cut else reply.get("stop_reason") or (
            "tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn")
        if stop_reason not in STOP_REASONS:
            raise ValueError(f"unknown stop_reason {stop_reason!r}")
        for block in content:
            if block["type"] == "tool_use":
                block["id"] = self.next_id("toolu")
                self.issued.add(block["id"])
        usage = self.cache.usage(full)
        usage["output_tokens"] = tokens.output_tokens(content)
        return {"id": self.next_id("msg"), "type": "message", "role": "assistant",
                "model": full["model"], "content": content, "stop_reason": stop_reason,
                "stop_sequence": reply.get("stop_sequence") if stop_reason == "stop_sequence" else None,
                "usage": usage}


def _block(block: dict) -> dict:
    if block["type"] == "text":
        return {"type": "text", "text": str(block["text"])}
    if block["type"] == "tool_use":
        return {"type": "tool_use", "id": "", "name": str(block["name"]),
                "input": dict(block.get("input") or {})}
    raise ValueError(f"reply block of type {block['type']!r}; only text and tool_use are allowed")


def task_text(body: dict) -> str:
    """The text of the first user message (the task)."""
    content = body["messages"][0].get("content")
    if isinstance(content, str):
        return content
    return " ".join(b.get("text", "") for b in content if b.get("type") == "text")
