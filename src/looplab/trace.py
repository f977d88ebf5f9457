"""Run events, a JSON Lines log, and the text and HTML timelines of a Run."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

KINDS = ("model_reply", "tool_call", "approval", "stop", "error")


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
            raise ValueError(f"{path}: line {n} is not JSON ({exc.msg}); was the file edited or cut?") from None
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


def money(cost: float | None) -> str:
    """Cost as text: "$0.0114", or "n/a" when the model has no price."""
    return "n/a" if cost is None else f"${cost:.4f}"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def call_text(data: dict) -> str:
    """A tool call as `name({"arg": ...})`, clipped to about 60 characters."""
    args = json.dumps(data.get("input", {}), ensure_ascii=False)
    return _clip(f"{data['name']}({args})", 60)


def result_text(data: dict) -> str:
    """A tool result in a few words: "3 lines", the one line itself, "denied" or the error."""
    content = str(data.get("content", ""))
    if data.get("approved") is False:
        return "denied: " + _clip(content.splitlines()[0] if content else "", 50)
    if data.get("is_error"):
        return "error: " + _clip(content.splitlines()[0] if content else "", 50)
    lines = content.splitlines()
    if len(lines) > 1:
        return f"{len(lines)} lines"
    return _clip(lines[0], 40) if lines else "(empty)"


def _turn_rows(run) -> list[dict]:
    rows: dict[int, dict] = {}
    for e in run.events:
        row = rows.setdefault(e.turn, {"turn": e.turn, "stop": "", "tools": [], "in": "", "out": "", "cost": ""})
        if e.kind == "model_reply":
            row.update(stop=e.data["stop_reason"] or "", cost=money(e.data.get("cost_usd")),
                       **{"in": e.data["usage"]["input_tokens"], "out": e.data["usage"]["output_tokens"]})
        elif e.kind == "tool_call":
            mark = " (denied)" if e.data.get("approved") is False else " (error)" if e.data["is_error"] else ""
            row["tools"].append((e.data["name"] + mark, f"{call_text(e.data)} -> {result_text(e.data)}"))
        elif e.kind == "error" and e.data.get("source") == "api":
            row["stop"] = f"error: {e.data['error']}"
    return [r for t, r in sorted(rows.items()) if t > 0]


def _headline(run) -> str:
    u = run.usage
    turns = f"{run.turns} turn" + ("" if run.turns == 1 else "s")
    return (f"{run.status} after {turns} · {u['input_tokens']} in / {u['output_tokens']} out tokens"
            f" · {money(run.cost_usd)} ({run.model})")


def _stop_reason_text(run) -> str | None:
    stops = [e for e in run.events if e.kind == "stop"]
    return stops[-1].data.get("reason") if stops and run.status != "done" else None


def timeline_text(run) -> str:
    """Readable multi-line summary of a run: status, tokens, cost, each tool call, answer."""
    lines = [f"Run {_headline(run)}"]
    if (why := _stop_reason_text(run)):
        lines.append(f"why it stopped: {why}")
    calls = [e for e in run.events if e.kind == "tool_call"]
    if calls:
        lines.append("tool calls:")
        lines += [f"  turn {e.turn}: {call_text(e.data)} -> {result_text(e.data)}" for e in calls]
    for e in run.events:
        if e.kind == "error":
            lines.append(f"error (turn {e.turn}): {e.data['message']}")
    lines.append(f"answer: {run.answer}" if run.answer is not None else "answer: (none)")
    return "\n".join(lines)


def _tool_span(name: str, tip: str) -> str:
    return f'<span title="{html.escape(tip)}">{html.escape(name)}</span>'


def timeline_html(run) -> str:
    """Compact HTML timeline of a run (turn, stop reason, tools, tokens, cost), all text escaped."""
    esc = html.escape
    head = "".join(f"<th>{h}</th>" for h in ("turn", "stop reason", "tools", "tokens in", "tokens out", "cost"))
    body = "".join(
        f"<tr><td>{r['turn']}</td><td>{esc(str(r['stop']))}</td>"
        f"<td>{', '.join(_tool_span(name, tip) for name, tip in r['tools'])}</td>"
        f"<td>{r['in']}</td><td>{r['out']}</td><td>{esc(r['cost'])}</td></tr>"
        for r in _turn_rows(run)
    )
    parts = [f'<div class="looplab-run"><p><b>Run</b> {esc(_headline(run))}</p>']
    if (why := _stop_reason_text(run)):
        parts.append(f"<p>why it stopped: {esc(why)}</p>")
    parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    for e in run.events:
        if e.kind == "error":
            parts.append(f"<p>error (turn {e.turn}): {esc(e.data['message'])}</p>")
    answer = esc(run.answer) if run.answer is not None else "<i>(none)</i>"
    parts.append(f'<p><b>answer:</b> <span style="white-space: pre-wrap">{answer}</span></p></div>')
    return "".join(parts)
