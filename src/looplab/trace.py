"""Run events, a JSON Lines log, and the text and HTML timelines of a Run."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from looplab.i18n import N_, _, number

COLUMNS = (N_("turn"), N_("stop reason"), N_("tools"), N_("tokens in"), N_("tokens out"), N_("cost"))


@dataclass
class Event:
    """One thing that happened in a run: its kind, the turn it belongs to, and its details."""

    kind: str
    turn: int
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict: {"kind", "turn", "data"}."""
        return {"kind": self.kind, "turn": self.turn, "data": self.data}


def jsonl_logger(path, *, append: bool = False) -> Callable[[Event], None]:
    """An `on_event` callback writing one JSON line per event, flushed at once."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not append:
        path.write_text("", encoding="utf-8")  # a re-run cell starts a fresh log

    def log(event: Event) -> None:
        line = json.dumps(event.to_dict(), ensure_ascii=False, default=str)
        with path.open("a", encoding="utf-8") as f:  # closed each time: a crash loses nothing
            f.write(line + "\n")

    return log


def read_jsonl(path) -> list[dict]:
    """The events of a JSON Lines log, as dicts, in the order they were written."""
    rows = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ValueError(_("{path}: line {n} is not JSON ({error}); was the file edited or cut?",
                               path=path, n=n, error=exc.msg)) from None
    return rows


def usage_per_turn(run) -> list[dict]:
    """One row per model reply: turn, input_tokens, output_tokens, cost_usd (None if unpriced)."""
    return [
        {
            "turn": e.turn,
            "input_tokens": e.data["usage"]["input_tokens"],
            "output_tokens": e.data["usage"]["output_tokens"],
            "cost_usd": e.data.get("cost_usd"),
        }
        for e in run.events
        if e.kind == "model_reply"
    ]


def format_cost(cost: float | None) -> str:
    """Cost as text: "$0.0114", or "n/a" when the model has no price."""
    return _("n/a") if cost is None else _("${cost}", cost=number(cost, ".4f"))


def clip(text: str, limit: int, *, count: bool = False) -> str:
    """`text` cut to `limit` characters, ending in "…" (count=True: "… (N more characters)")."""
    more = len(text) - limit
    if more <= 0:
        return text
    if count:
        return _("{text}… ({more} more characters)", text=text[:limit], more=more)
    return text[: limit - 1] + "…"


def call_text(data: dict) -> str:
    """A tool call as `name({"arg": ...})`, clipped to about 60 characters."""
    args = json.dumps(data.get("input", {}), ensure_ascii=False)
    return clip(f"{data['name']}({args})", 60)


def call_label(data: dict) -> str:
    """A tool call's name, marked " (denied)" or " (error)" when it did not run cleanly."""
    if data.get("approved") is False:
        return _("{name} (denied)", name=data["name"])
    return _("{name} (error)", name=data["name"]) if data.get("is_error") else data["name"]


def result_text(data: dict) -> str:
    """A tool result in a few words: "3 lines", the one line itself, "denied" or the error."""
    content = str(data.get("content", ""))
    if data.get("approved") is False:
        return _("denied: {text}", text=clip(content.splitlines()[0] if content else "", 50))
    if data.get("is_error"):
        return _("error: {text}", text=clip(content.splitlines()[0] if content else "", 50))
    lines = content.splitlines()
    if len(lines) > 1:
        return _("{n} lines", n=len(lines))
    return clip(lines[0], 40) if lines else _("(empty)")


def retries_text(statuses: list) -> str:
    """Retries the SDK made before a reply came: "2 retries (529, 529)" (None: no response)."""
    shown = ", ".join(_("no response") if s is None else str(s) for s in statuses)
    if len(statuses) == 1:
        return _("{n} retry ({statuses})", n=1, statuses=shown)
    return _("{n} retries ({statuses})", n=len(statuses), statuses=shown)


def turns(run) -> list[dict]:
    """Per turn, in order: its model reply data (None if the call failed), tool calls and error events."""
    grouped: dict[int, dict] = {}
    for e in run.events:
        if e.turn < 1:
            continue
        turn = grouped.setdefault(e.turn, {"turn": e.turn, "reply": None, "calls": [], "errors": []})
        if e.kind == "model_reply":
            turn["reply"] = e.data
        elif e.kind == "tool_call":
            turn["calls"].append(e.data)
        elif e.kind == "error":
            turn["errors"].append(e.data)
    return [grouped[t] for t in sorted(grouped)]


def _retry_lines(run) -> list[str]:
    return [_("turn {turn} · {retries}", turn=t["turn"], retries=retries_text(t["reply"]["retries"]))
            for t in turns(run) if t["reply"] and t["reply"].get("retries")]


def _headline(run) -> str:
    u = run.usage
    count = _("{n} turn", n=run.turns) if run.turns == 1 else _("{n} turns", n=run.turns)
    return _("{status} after {count} · {tokens_in} in / {tokens_out} out tokens · {cost} ({model})",
             status=run.status, count=count, tokens_in=number(u["input_tokens"]), tokens_out=number(u["output_tokens"]),
             cost=format_cost(run.cost_usd), model=run.model)


def _stop_reason_text(run) -> str | None:
    stops = [e for e in run.events if e.kind == "stop"]
    return stops[-1].data.get("reason") if stops and run.status != "done" else None


def timeline_text(run) -> str:
    """Readable multi-line summary of a run: status, tokens, cost, retries, each tool call, answer."""
    lines = [f"{_('Run')} {_headline(run)}"]
    if (why := _stop_reason_text(run)):
        lines.append(_("why it stopped: {why}", why=why))
    lines += _retry_lines(run)
    calls = [e for e in run.events if e.kind == "tool_call"]
    if calls:
        lines.append(_("tool calls:"))
        lines += ["  " + _("turn {turn}: {call} -> {result}", turn=e.turn, call=call_text(e.data),
                           result=result_text(e.data)) for e in calls]
    for e in run.events:
        if e.kind == "error":
            lines.append(_("error (turn {turn}): {message}", turn=e.turn, message=e.data["message"]))
    lines.append(_("answer: {answer}", answer=run.answer if run.answer is not None else _("(none)")))
    return "\n".join(lines)


def _tool_span(name: str, tip: str) -> str:
    return f'<span title="{html.escape(tip)}">{html.escape(name)}</span>'


def _row_html(turn: dict) -> str:
    reply, esc = turn["reply"] or {}, html.escape
    stop = reply.get("stop_reason") or ""
    api = [e for e in turn["errors"] if e.get("source") == "api"]
    if api:
        stop = _("error: {error}", error=api[-1]["error"])
    usage = reply.get("usage", {})
    tools = ", ".join(_tool_span(call_label(c), f"{call_text(c)} -> {result_text(c)}") for c in turn["calls"])
    cost = format_cost(reply.get("cost_usd")) if reply else ""
    return (f"<tr><td>{turn['turn']}</td><td>{esc(stop)}</td><td>{tools}</td>"
            f"<td>{usage.get('input_tokens', '')}</td><td>{usage.get('output_tokens', '')}</td>"
            f"<td>{esc(cost)}</td></tr>")


def timeline_html(run) -> str:
    """Compact HTML timeline of a run (turn, stop reason, tools, tokens, cost), all text escaped."""
    esc = html.escape
    head = "".join(f"<th>{esc(_(h))}</th>" for h in COLUMNS)
    body = "".join(_row_html(t) for t in turns(run))
    parts = [f'<div class="looplab-run"><p><b>{esc(_("Run"))}</b> {esc(_headline(run))}</p>']
    if (why := _stop_reason_text(run)):
        parts.append(f"<p>{esc(_('why it stopped: {why}', why=why))}</p>")
    parts += [f"<p>{esc(line)}</p>" for line in _retry_lines(run)]
    parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    for e in run.events:
        if e.kind == "error":
            parts.append(f"<p>{esc(_('error (turn {turn}): {message}', turn=e.turn, message=e.data['message']))}</p>")
    answer = esc(run.answer) if run.answer is not None else f"<i>{esc(_('(none)'))}</i>"
    parts.append(f'<p><b>{esc(_("answer:"))}</b> <span style="white-space: pre-wrap">{answer}</span></p></div>')
    return "".join(parts)
