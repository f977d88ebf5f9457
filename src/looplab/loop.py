"""The agent loop: call the model, run the tools it asks for, repeat until an answer or a limit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import anthropic

from ._attempts import watch_attempts
from ._toolrun import run_tools
from .client import MODEL, PRACTICE_URL
from .i18n import N_, _, number
from .pricing import cost_usd
from .tools import Toolbox
from .trace import Event, timeline_html, timeline_text

STATUSES = ("done", "max_turns", "over_budget", "truncated", "refused", "context_exceeded", "anomaly",
            "error")
USAGE_KEYS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
_ENDINGS = {  # stop reason -> (status, why it stopped)
    "end_turn": ("done", N_("the model ended its turn")),
    "stop_sequence": ("done", N_("the model reached a stop sequence")),
    "max_tokens": ("truncated", N_("the reply hit max_tokens={max_tokens}; its tool calls were not run; raise max_tokens or ask for less")),
    "refusal": ("refused", N_("the model declined the request")),
    "model_context_window_exceeded": ("context_exceeded", N_("the conversation no longer fits the model's context window; shorten it or start afresh")),
}


@dataclass(repr=False)
class Run:
    """What one run_agent call did: how it ended, the answer, tokens, cost, events and history."""

    model: str
    status: str = "running"
    answer: str | None = None
    stop_reason: str | None = None
    turns: int = 0
    usage: dict[str, int] = field(default_factory=lambda: dict.fromkeys(USAGE_KEYS, 0))
    cost_usd: float | None = 0.0
    events: list[Event] = field(default_factory=list)
    messages: list[dict] = field(default_factory=list)
    error: BaseException | None = None

    @property
    def tool_calls(self) -> list[tuple[str, dict]]:
        """(name, input) of every tool call the loop handled, run or refused, in order."""
        return [(e.data["name"], e.data["input"]) for e in self.events if e.kind == "tool_call"]

    def __repr__(self) -> str:
        cost = None if self.cost_usd is None else round(self.cost_usd, 6)
        u = self.usage  # tokens: what token_budget counts, all four usage fields
        return (f"Run(status={self.status!r}, turns={self.turns}, tool_calls={len(self.tool_calls)}, "
                f"tokens={_spent(u)} ({u['input_tokens']} in, {u['output_tokens']} out, "
                f"{u['cache_creation_input_tokens']} cache write, {u['cache_read_input_tokens']} cache read), "
                f"cost_usd={cost})")

    def __str__(self) -> str:
        return timeline_text(self)

    def _repr_html_(self) -> str:
        return timeline_html(self)


def run_agent(client, task: str, tools, *, system: str | None = None, model: str = MODEL,
              max_turns: int = 10, max_tokens: int = 1024, token_budget: int | None = None,
              approve: Callable[[str, dict], Any] | None = None,
              on_event: Callable[[Event], Any] | None = None) -> Run:
    """Run the agent loop on `task` with `tools` until the model answers or a limit stops it."""
    _check_arguments(task, max_turns, max_tokens, token_budget)
    toolbox = tools if isinstance(tools, Toolbox) else Toolbox(tools or [])
    run = Run(model=model, messages=[{"role": "user", "content": task}])
    emit = _emitter(run, on_event)
    request: dict[str, Any] = {"model": model, "max_tokens": max_tokens}
    if system is not None:
        request["system"] = system
    if len(toolbox):
        request["tools"] = toolbox.to_api()
    with watch_attempts(client) as attempts:  # retries the SDK made, per model call
        while True:
            spent = _spent(run.usage)
            if token_budget is not None and spent >= token_budget:
                return _finish(run, emit, "over_budget",
                               _("{spent} tokens used, at or over token_budget={budget}, before turn {turn}",
                                 spent=number(spent), budget=token_budget, turn=run.turns + 1))
            if run.turns >= max_turns:
                return _finish(run, emit, "max_turns",
                               _("reached max_turns={max_turns} before the model answered; read the trace before raising the cap",
                                 max_turns=max_turns))
            run.turns += 1
            attempts.clear()
            try:
                reply = client.messages.create(messages=run.messages, **request)
            except anthropic.APIError as exc:
                run.error = exc
                emit(Event("error", run.turns, {**describe_api_error(exc), "attempts": list(attempts)}))
                return _finish(run, emit, "error",
                               _("the model call of turn {turn} failed (the SDK retried it if it could); "
                                 "run.error holds the exception, run.messages the history so far", turn=run.turns))
            content = [to_param(block) for block in reply.content]
            run.messages.append({"role": "assistant", "content": content})
            run.stop_reason = reply.stop_reason
            emit(Event("model_reply", run.turns, _record_reply(run, reply, content, attempts[:-1])))
            if reply.stop_reason == "pause_turn":
                continue  # the API paused a long turn: sending the history back resumes it
            uses = [block for block in content if block["type"] == "tool_use"]
            if reply.stop_reason != "tool_use" or not uses:
                run.answer = _text(content)
                if reply.stop_reason not in _ENDINGS:
                    return _finish(run, emit, "anomaly", _anomaly(reply.stop_reason))
                status, why = _ENDINGS[reply.stop_reason]
                return _finish(run, emit, status, _(why, max_tokens=max_tokens))
            results = run_tools(toolbox, uses, approve, run.turns, emit)
            run.messages.append({"role": "user", "content": results})


def to_param(block) -> dict:
    """A reply content block as the dict the API accepts back in the history."""
    if block.type == "text":
        param = {"type": "text", "text": block.text}
        if getattr(block, "citations", None):
            param["citations"] = [c.model_dump(exclude_none=True) for c in block.citations]
        return param
    if block.type == "tool_use":
        return {"type": "tool_use", "id": block.id, "name": block.name, "input": block.input}
    return block.model_dump(exclude_none=True)  # thinking, server tools: sent back as given


def describe_api_error(exc: anthropic.APIError) -> dict:
    """Event data for an API error: its type, HTTP status and a one-line explanation."""
    status = getattr(exc, "status_code", None)
    body = exc.body if isinstance(exc.body, dict) else {}
    detail = body.get("error", {}).get("message") if isinstance(body.get("error"), dict) else None
    text = (detail or exc.message or "").strip().splitlines()
    where = f" (HTTP {status})" if status is not None else ""
    message = _("{error}{where}: {message}", error=type(exc).__name__, where=where,
                message=text[0] if text else _("no message"))
    if isinstance(exc, anthropic.APIConnectionError) and not isinstance(exc, anthropic.APITimeoutError):
        message = _("{error}: the connection to the practice model was cut (an injected fault, as the network may do); "
                    "run the cell again without the fault", error=type(exc).__name__) if PRACTICE_URL.endswith("//" + _host(exc)) else _(
            "{error}: could not reach {host}: check the network, "
            "or set LOOPLAB_OFFLINE=1 to use the practice model", error=type(exc).__name__, host=_host(exc))
    return {"source": "api", "error": type(exc).__name__, "status_code": status, "message": message}


def _anomaly(stop_reason) -> str:
    if stop_reason == "tool_use":
        return _("stop_reason 'tool_use' but the reply holds no tool_use block; nothing to run")
    return _("stop_reason {stop_reason!r} is not one the loop knows; it stopped rather than guess", stop_reason=stop_reason)


def _host(exc: anthropic.APIError) -> str:
    try:
        return exc.request.url.host or _("the API")
    except (AttributeError, RuntimeError):  # an error built without a request
        return _("the API")


def _check_arguments(task, max_turns, max_tokens, token_budget) -> None:
    if not isinstance(task, str) or not task.strip():
        raise TypeError(_("run_agent: task must be a non-empty string (the user's request), not {task!r:.60}",
                          task=task))
    if not isinstance(max_turns, int) or max_turns < 1:
        raise ValueError(_("run_agent: {name} must be a whole number >= 1, not {value!r}", name="max_turns", value=max_turns))
    if not isinstance(max_tokens, int) or max_tokens < 1:
        raise ValueError(_("run_agent: {name} must be a whole number >= 1, not {value!r}", name="max_tokens", value=max_tokens))
    if token_budget is not None and (not isinstance(token_budget, int) or token_budget < 1):
        raise ValueError(_("run_agent: token_budget must be a whole number >= 1 or None, not {value!r}",
                           value=token_budget))


def _emitter(run: Run, on_event) -> Callable[[Event], None]:
    state = {"listening": on_event is not None}

    def emit(event: Event) -> None:
        run.events.append(event)
        if not state["listening"]:
            return
        try:
            on_event(event)
        except Exception as exc:
            # An observer (a log file, a widget) must not stop the agent half-way through a
            # turn, where a tool_use would be left without its result: record it, stop calling it.
            state["listening"] = False
            run.events.append(Event("error", event.turn, {
                "source": "on_event", "error": type(exc).__name__,
                "message": _("on_event failed on a {kind} event ({error}: {message}); later events were not sent "
                             "to it, the run went on", kind=event.kind, error=type(exc).__name__, message=exc)}))

    return emit


def _record_reply(run: Run, reply, content: list[dict], retries: list) -> dict:
    """Add the reply's usage to the run; return the model_reply event data.

    `retries`: the HTTP status of each failed attempt the SDK retried before this reply
    (None: no response, e.g. a timeout).
    """
    usage = {key: getattr(reply.usage, key, None) or 0 for key in USAGE_KEYS}
    for key, value in usage.items():
        run.usage[key] += value
    uses = [{k: b[k] for k in ("id", "name", "input")} for b in content if b["type"] == "tool_use"]
    return {"id": reply.id, "stop_reason": reply.stop_reason, "text": _text(content) or "",
            "tool_uses": uses, "usage": usage, "cost_usd": _cost(run.model, usage), "retries": retries}


def _finish(run: Run, emit, status: str, why: str) -> Run:
    run.status = status
    run.cost_usd = _cost(run.model, run.usage)
    emit(Event("stop", run.turns, {"status": status, "stop_reason": run.stop_reason, "reason": why}))
    return run


def _spent(usage: dict[str, int]) -> int:
    return sum(usage.values())  # cached tokens are still tokens read: they count too


def _cost(model: str, usage: dict[str, int]) -> float | None:
    try:
        return cost_usd(model, usage)
    except ValueError:  # a model the price table doesn't know: cost unknown, not zero
        return None


def _text(content: list[dict]) -> str | None:
    texts = [block["text"] for block in content if block["type"] == "text"]
    return "".join(texts) if texts else None
