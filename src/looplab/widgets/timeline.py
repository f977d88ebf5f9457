"""Timeline: a Run as a widget — one expandable row per turn, and the history replayed turn by turn."""

from __future__ import annotations

import html
import json

import ipywidgets as w

from looplab.i18n import _
from looplab.trace import (
    call_label,
    clip,
    format_cost,
    retries_text,
    timeline_html,
    timeline_text,
    turns,
)

CLIP = 1500  # characters of a tool input/result or message block shown before "… N more"
_BOX = "margin:2px 0;padding:4px 8px;border-left:3px solid {};"
_COLOURS = {"user": "#4a90d9", "assistant": "#7b61c4", "error": "#d0453e", "denied": "#d08a3e"}


def _cut(text: str) -> str:
    return clip(text, CLIP, count=True)


def _pre(text: str) -> str:
    return f'<pre style="margin:2px 0;white-space:pre-wrap">{html.escape(_cut(text))}</pre>'


def _summary(turn: dict) -> str:
    reply = turn["reply"]
    parts = [_("turn {n}", n=turn["turn"])]
    if reply is None:
        parts.append(_("no reply (error)"))
    else:
        parts.append(reply["stop_reason"] or "")
        if turn["calls"]:
            parts.append(", ".join(call_label(c) for c in turn["calls"]))
        if reply.get("retries"):
            parts.append(retries_text(reply["retries"]))
        usage = reply["usage"]
        parts.append(_("{input} in / {output} out", input=usage["input_tokens"], output=usage["output_tokens"]))
        parts.append(format_cost(reply.get("cost_usd")))
    return " · ".join(parts)


def _call_html(call: dict) -> str:
    flag = "denied" if call.get("approved") is False else "error" if call["is_error"] else None
    colour = _COLOURS.get(flag or "", "#3a9a5b")
    state = {"denied": _("denied — it did not run"), "error": "is_error: true"}.get(flag) or _("ran")
    args = json.dumps(call["input"], ensure_ascii=False, default=str)
    return (f'<div style="{_BOX.format(colour)}"><b>{html.escape(call["name"])}</b> ({state}) '
            f"<code>{html.escape(_cut(args))}</code>{_pre(str(call['content']))}</div>")


def turns_html(run) -> str:
    """One <details> row per turn: summary line, reply text, each tool call's input and result."""
    rows = []
    for turn in turns(run):
        body = []
        if turn["reply"] and turn["reply"]["text"]:
            body.append(f"<i>{html.escape(_cut(turn['reply']['text']))}</i>")
        body += [_call_html(c) for c in turn["calls"]]
        body += [f'<div style="{_BOX.format(_COLOURS["error"])}">{html.escape(e["message"])}</div>' for e in turn["errors"]]
        rows.append(f"<details><summary>{html.escape(_summary(turn))}</summary>"
                    f'<div style="margin-left:1.2em">{"".join(body) or _("<i>(nothing else)</i>")}</div></details>')
    return "".join(rows) or _("<i>(no turns)</i>")


def history_cuts(run) -> list[int]:
    """cuts[k] = how many messages make up the history after k model replies (tool results included)."""
    cuts, messages = [min(1, len(run.messages))], run.messages
    for i, message in enumerate(messages):
        if message["role"] != "assistant":
            continue
        nxt = messages[i + 1] if i + 1 < len(messages) else None
        has_results = (nxt is not None and nxt["role"] == "user" and isinstance(nxt["content"], list)
                       and any(b.get("type") == "tool_result" for b in nxt["content"]))
        cuts.append(i + 2 if has_results else i + 1)
    return cuts


def _block_html(block) -> str:
    if isinstance(block, str):
        return _pre(block)
    kind = block.get("type")
    if kind == "text":
        return _pre(block["text"])
    if kind == "tool_use":
        args = json.dumps(block["input"], ensure_ascii=False, default=str)
        return f"<div>→ tool_use <b>{html.escape(block['name'])}</b> <code>{html.escape(_cut(args))}</code></div>"
    if kind == "tool_result":
        error = " (is_error)" if block.get("is_error") else ""
        content = block.get("content", "")
        content = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False, default=str)
        return f"<div>← tool_result{error}{_pre(content)}</div>"
    return f"<div><i>[{html.escape(str(kind))} block]</i></div>"


def messages_html(messages: list[dict]) -> str:
    """The message history as HTML: one box per message, its role and content blocks."""
    out = []
    for message in messages:
        blocks = message["content"] if isinstance(message["content"], list) else [message["content"]]
        role = message["role"]
        out.append(f'<div style="{_BOX.format(_COLOURS.get(role, "#888"))}"><b>{role}</b>'
                   f"{''.join(_block_html(b) for b in blocks)}</div>")
    return "".join(out)


class Timeline(w.VBox):
    """A Run as a widget: one expandable row per turn, and a slider replaying the message history."""

    def __init__(self, run, **kwargs):
        self.run = run
        self.cuts = history_cuts(run)
        last = len(self.cuts) - 1
        head = _("<b>Run</b> {summary}", summary=html.escape(timeline_text(run).splitlines()[0].removeprefix("Run ")))
        why = [e.data.get("reason") for e in run.events if e.kind == "stop"]
        if why and run.status != "done":
            head += "<br>" + _("why it stopped: {reason}", reason=html.escape(why[-1]))
        answer = html.escape(run.answer) if run.answer is not None else _("<i>(none)</i>")
        self.turns = w.HTML(turns_html(run))
        self.slider = w.IntSlider(value=last, min=0, max=last, description=_("history after"),
                                  readout_format="d", continuous_update=True,
                                  style={"description_width": "initial"})
        self.prev_button = w.Button(description=_("◀ turn"), layout=w.Layout(width="6em"))
        self.next_button = w.Button(description=_("turn ▶"), layout=w.Layout(width="6em"))
        self.position = w.HTML()
        self.history = w.HTML()
        self.prev_button.on_click(lambda _click: self.step(-1))
        self.next_button.on_click(lambda _click: self.step(+1))
        self.slider.observe(lambda _change: self._show(), names="value")
        self._show()
        replay = w.Accordion(children=[w.VBox([
            w.HBox([self.prev_button, self.slider, self.next_button]), self.position, self.history])],
            titles=(_("Replay the message history turn by turn"),))
        super().__init__([w.HTML(head), self.turns, w.HTML(_("<b>answer:</b> {answer}", answer=answer)), replay],
                         **kwargs)
        self.add_class("looplab-timeline")

    def step(self, delta: int) -> None:
        """Move the replay slider by `delta` turns (clamped to the run's turns)."""
        self.slider.value = max(self.slider.min, min(self.slider.max, self.slider.value + delta))

    def _show(self) -> None:
        k = self.slider.value
        shown = self.run.messages[: self.cuts[k]]
        said = (_("{n} message after {k} of {total} model replies", n=len(shown), k=k, total=len(self.cuts) - 1)
                if len(shown) == 1 else
                _("{n} messages after {k} of {total} model replies", n=len(shown), k=k, total=len(self.cuts) - 1))
        self.position.value = f"<i>{said}</i>"
        self.history.value = messages_html(shown)
        self.prev_button.disabled = k <= self.slider.min
        self.next_button.disabled = k >= self.slider.max

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = timeline_text(self.run)
        bundle["text/html"] = timeline_html(self.run)
        return bundle

