"""Long runs: measure what a history costs, and keep it in budget (notebook 08).

`meter` counts tokens with `client.messages.count_tokens` and reads the context window from
`client.models.retrieve`, so it shows Claude's own figures with a key and the practice
model's labelled estimates without one. `metered(client)` notes the input tokens of every
request a loop sends, from the replies, so a participant's loop need not return them.
`clear_old_results` and `summarize_old` are the two client-side ways to shrink a history;
`long_run` is a small loop that applies one before every turn (or the API's own context
management) and records what each turn sent.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field

import anthropic
import httpx2

from looplab.client import MODEL
from looplab.i18n import _, number
from looplab.loop import _ENDINGS, to_param
from looplab.practice.context import BETA_COMPACTION, CLEARED, KEPT_CHARS, abridge, is_cleared
from looplab.practice.responses import MESSAGES
from looplab.practice.view import result_text
from looplab.tools import Toolbox

__all__ = ["CLEARED", "LongRun", "Meter", "Sent", "answer", "clear_old_results", "compacting", "long_run", "managed_loop", "meter",
           "metered", "plain", "summarize_old", "window"]


def window(client, model: str = MODEL) -> int | None:
    """The model's context window in tokens (`max_input_tokens` from GET /v1/models/{model})."""
    return getattr(client.models.retrieve(model), "max_input_tokens", None)


def _blocks(message) -> list:
    content = message["content"]
    return content if isinstance(content, list) else []


def plain(messages: list) -> list:
    """A copy of a history whose blocks are all dicts, as the API reads them. A loop that keeps
    `reply.content` holds the SDK's blocks (`block.type`); clear_old and meter read dicts (`block["type"]`)."""
    return [{**m, "content": [copy.deepcopy(b) if isinstance(b, dict) else to_param(b) for b in m["content"]]}
            if isinstance(m["content"], list) else dict(m) for m in messages]


def answer(messages: list) -> str:
    """The text of the history's last message: the model's answer, when the run ended on one."""
    content = plain(messages[-1:])[0]["content"] if messages else ""
    return content if isinstance(content, str) else "".join(b.get("text", "") for b in content if b["type"] == "text")


class Sent(list):
    """The input tokens of each Messages request a metered client made, in order; `applied` holds the
    `applied_edits` of each reply that reports the API's context management."""

    def __init__(self):
        super().__init__()
        self.applied: list[list[dict]] = []


def _usage_input(usage: dict) -> int:
    return sum(usage.get(k) or 0 for k in ("input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"))


class _Metering(httpx2.BaseTransport):
    """Passes requests to `inner`; notes each Messages reply's input tokens (and context edits) in `sent`."""

    def __init__(self, inner: httpx2.BaseTransport, sent: Sent):
        self.inner, self.sent = inner, sent

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        response = self.inner.handle_request(request)
        json_reply = response.headers.get("content-type", "").startswith("application/json")
        if request.url.path.rstrip("/").endswith(MESSAGES) and response.status_code == 200 and json_reply:
            content = response.read()
            body = json.loads(content)
            self.sent.append(_usage_input(body.get("usage") or {}))
            if body.get("context_management"):
                self.sent.applied.append(body["context_management"].get("applied_edits") or [])
            dropped = ("content-encoding", "content-length", "transfer-encoding")
            kept = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in dropped]
            return httpx2.Response(response.status_code, headers=kept, content=content)
        return response


def metered(client: anthropic.Anthropic) -> tuple[anthropic.Anthropic, Sent]:
    """A copy of `client` that notes what each request sent, and that list: `(client, sent)`.

    The figures come from each reply's `usage` (Claude's own counts with a key, the practice
    model's estimates without), so any loop can be measured without returning them.
    """
    sent = Sent()
    transport = _Metering(client._client._transport, sent)
    copy_ = client.with_options(http_client=httpx2.Client(transport=transport))
    copy_._strict_response_validation = client._strict_response_validation
    return copy_, sent


def _label(message: dict, calls: dict) -> str:
    if results := [calls.get(b["tool_use_id"]) or _("a tool") for b in _blocks(message) if b["type"] == "tool_result"]:
        return " + ".join(_("result of {call}", call=call) for call in results)
    if message["role"] == "assistant":
        uses = [calls[b["id"]] for b in _blocks(message) if b["type"] == "tool_use"]
        return _("calls {calls}", calls=", ".join(uses)) if uses else _("answer")
    return _("task") if isinstance(message["content"], str) else _("user text")


@dataclass
class Meter:
    """What each part of a history costs, in tokens, and the window it must fit in."""

    rows: list[tuple[str, int]]
    window: int | None

    @property
    def total(self) -> int:
        """Tokens of the whole request."""
        return sum(tokens for _, tokens in self.rows)

    def __str__(self) -> str:
        biggest = max((t for _, t in self.rows), default=1) or 1
        lines = [f"{label[:44]:<44} {tokens:>6}  {'#' * round(30 * tokens / biggest)}" for label, tokens in self.rows]
        share = " = " + _("{share} of the {window}-token window", share=number(self.total / self.window, ".2%"),
                          window=number(self.window, ",")) if self.window else ""
        return "\n".join([*lines, f"{_('total'):<44} {self.total:>6}{share}"])

    def __repr__(self) -> str:
        return str(self)


def _definitions(tools) -> list:
    """The API's tool definitions of a Toolbox, of Tool objects, or as given when they are already dicts."""
    if isinstance(tools, Toolbox):
        return tools.to_api()
    return list(tools) if all(isinstance(t, dict) for t in tools) else Toolbox(tools).to_api()


def meter(client, messages: list, tools=(), model: str = MODEL) -> Meter:
    """Tokens of the tools, then of each message (counted as the difference it makes to the request). Tool calls
    still waiting for their results (a run stopped at max_turns) cannot be sent, so they are named, not counted."""
    definitions = _definitions(tools) if tools else []
    messages = plain(messages)
    calls = {b["id"]: f"{b['name']}({', '.join(map(str, b['input'].values()))})"
             for m in messages for b in _blocks(m) if b["type"] == "tool_use"}
    waiting = messages[-1:] if messages and messages[-1]["role"] == "assistant" and any(
        b["type"] == "tool_use" for b in _blocks(messages[-1])) else []
    messages = messages[:len(messages) - len(waiting)]

    compacted = any(b["type"] == "compaction" for m in messages for b in _blocks(m))  # a block of the beta

    def count(upto: list, with_tools: bool = True) -> int:
        extra = {"tools": definitions} if with_tools and definitions else {}
        if compacted:
            return client.beta.messages.count_tokens(model=model, messages=upto, betas=[BETA_COMPACTION], **extra).input_tokens
        return client.messages.count_tokens(model=model, messages=upto, **extra).input_tokens

    rows, before = [], 0
    if definitions:
        first = [{"role": "user", "content": "."}] if compacted else messages[:1]  # its turns call the tools
        rows.append((_("tool definitions"), count(first) - count(first, with_tools=False)))
        before = rows[0][1]
    ends = [i + 1 for i, m in enumerate(messages) if m["role"] == "user" or i == len(messages) - 1]
    start = 0
    for end in ends:  # a prefix must not end on unanswered tool calls, so a call and its result go together
        now = count(messages[:end])
        label = " + ".join(_label(m, calls) for m in messages[start:end])
        rows.append((label, now - before))
        before, start = now, end
    rows += [(_("unanswered, not counted: {calls}", calls=_label(m, calls)), 0) for m in waiting]
    return Meter(rows, window(client, model))


def _old_results(messages: list, keep: int) -> set[str]:
    """The tool_use ids of every tool use but the last `keep`."""
    if keep < 0:
        raise ValueError(_("keep={keep}: give how many recent tool results stay whole, 0 or more", keep=keep))
    ids = [b["id"] for m in messages if m["role"] == "assistant" for b in _blocks(m) if b["type"] == "tool_use"]
    return set(ids[: max(0, len(ids) - keep)])


def _text(content) -> str:
    """A tool result's text (its documents' and search results' too); an image or a PDF is named as left out."""
    blocks = content if isinstance(content, list) else []
    kept = [b for b in blocks if b.get("type") in ("text", "search_result") or b.get("type") == "document" and (
        b.get("source") or {}).get("type") in ("text", "content")]
    left = [f"[{b.get('type')} left out]" for b in blocks if b not in kept]
    return "\n".join(filter(None, [result_text(content or ""), *left]))


def _replace_results(messages: list, keep: int, change) -> list:
    out = plain(messages)
    old = _old_results(out, keep)
    for message in out:
        for block in _blocks(message):
            if block["type"] == "tool_result" and block["tool_use_id"] in old:
                block["content"] = change(_text(block.get("content")))
    return out


def clear_old_results(messages: list, keep: int = 3) -> list:
    """A copy of `messages` whose tool results, all but the last `keep`, say CLEARED instead."""
    return _replace_results(messages, keep, lambda text: CLEARED)


def summarize_old(messages: list, keep: int = 3, chars: int = KEPT_CHARS) -> list:
    """A copy of `messages` whose tool results, all but the last `keep`, keep only their first lines
    (up to `chars` characters) and say how much was left out: quoted, never rewritten."""
    return _replace_results(messages, keep, lambda text: text if is_cleared(text) else abridge(text, chars))


def compacting(client, tools, over: int, sent: Sent, model: str = MODEL):
    """A manage function for a loop on the metered `client` whose `sent` it reads: once the last request sent
    more than `over` input tokens, it asks the API for a compaction (a request of its own) and returns the
    block, alone, as the new history. The loop must send it back with the beta (betas=[BETA_COMPACTION])."""
    definitions = _definitions(tools)

    def manage(messages: list) -> list:
        if not sent or sent[-1] <= over:
            return messages
        summary = client.beta.messages.create(model=model, max_tokens=1024, messages=plain(messages),
                                              tools=definitions, compaction={"type": "summarize"},
                                              betas=[BETA_COMPACTION])
        return [{"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in summary.content]}]
    return manage


@dataclass
class LongRun:
    """What a long run did: its final history, answer, and the input tokens each turn sent."""

    messages: list
    answer: str = ""
    sent: list[int] = field(default_factory=list)
    applied: list = field(default_factory=list)
    status: str = "running"
    """How it ended, with run_agent's names: done, max_turns, truncated, refused, ..."""

    @property
    def total(self) -> int:
        """Input tokens over the whole run."""
        return sum(self.sent)


def _input(usage) -> int:
    return usage.input_tokens + (usage.cache_read_input_tokens or 0) + (usage.cache_creation_input_tokens or 0)


def long_run(client, task: str, tools, *, manage=None, compact_over: int | None = None,
             model: str = MODEL, max_turns: int = 30, **options) -> LongRun:
    """Run `task` one tool call per turn; before each turn `manage(messages)` (if given) replaces the
    history, and past `compact_over` input tokens the history is compacted by the API's `compaction`.
    Extra `options` (context_management, betas, ...) go to every request; betas use client.beta."""
    if compact_over is not None and "context_management" in options:
        raise ValueError(_("long_run: compact_over and context_management cannot be combined (the API refuses "
                           "both in one request); give one of them"))
    toolbox = tools if isinstance(tools, Toolbox) else Toolbox(tools)
    run = LongRun([{"role": "user", "content": task}])
    beta = "betas" in options or compact_over is not None
    create = client.beta.messages.create if beta else client.messages.create
    if compact_over is not None:
        options["betas"] = sorted({*options.get("betas", []), "compact-2026-09-04"})
    request = {"model": model, "max_tokens": 1024, "tools": toolbox.to_api(),
               "tool_choice": {"type": "auto", "disable_parallel_tool_use": True}, **options}
    for _turn in range(max_turns):
        if manage is not None:
            run.messages = manage(run.messages)
        if compact_over is not None and run.sent and run.sent[-1] > compact_over:
            summary = create(messages=run.messages, compaction={"type": "summarize"},
                             **{k: v for k, v in request.items() if k != "tool_choice"})
            run.sent.append(_input(summary.usage))
            run.messages = [{"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in summary.content]}]
        reply = create(messages=run.messages, **request)
        run.sent.append(_input(reply.usage))
        if getattr(reply, "context_management", None):
            run.applied.append([e.model_dump() for e in reply.context_management.applied_edits])
        run.messages.append({"role": "assistant", "content": [to_param(b) for b in reply.content]})
        if reply.stop_reason == "pause_turn":
            continue  # the API paused a long turn: sending the history back resumes it
        uses = [b for b in reply.content if b.type == "tool_use"]
        if reply.stop_reason != "tool_use" or not uses:
            run.answer = "".join(b.text for b in reply.content if b.type == "text")
            run.status = _ENDINGS.get(reply.stop_reason, ("anomaly",))[0]  # run_agent's names
            return run
        results = [toolbox.execute(block).result for block in uses]
        run.messages.append({"role": "user", "content": results})
    run.status = "max_turns"
    return run


ENDINGS = {reason: status for reason, (status, _why) in _ENDINGS.items()}


def managed_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None, manage=None, **request):
    """The loop of exercise 8.0, for when yours is not kept here: the loop of 5.5, with `manage(messages)`
    before each request (what it returns is sent, and kept) and `request` passed on; returns (status, messages)."""
    messages, spent = [{"role": "user", "content": task}], 0
    for _turn in range(max_turns):
        if token_budget is not None and spent >= token_budget:
            return "over_budget", messages
        if manage is not None:
            messages = manage(messages)
        try:
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages,
                                           tools=toolbox.to_api(), **request)
        except anthropic.APIError:
            return "error", messages
        spent += reply.usage.input_tokens + reply.usage.output_tokens
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "anomaly"), messages
        results = [toolbox.execute(b, approve).result for b in reply.content if b.type == "tool_use"]
        messages.append({"role": "user", "content": results})
    return "max_turns", messages
