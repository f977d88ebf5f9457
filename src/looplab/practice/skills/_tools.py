"""Reply builders and tool matching the skills share."""

from __future__ import annotations

import re

from ..text import stem, words
from ..view import OfferedTool, Step

CANNOT_PLAN = (
    "The practice model can't plan this request: {why}. "
    "Set ANTHROPIC_API_KEY (or use a real model) to try it with Claude."
)


def answer(text: str) -> dict:
    """A final reply: one text block, stop_reason end_turn."""
    return {"content": [{"type": "text", "text": text}], "stop_reason": "end_turn"}


def use(calls: list[tuple[str, dict]], note: str = "") -> dict:
    """A reply proposing tool calls (name, input), all in one turn, after an optional note."""
    content = [{"type": "text", "text": note}] if note else []
    content += [{"type": "tool_use", "name": n, "input": dict(i)} for n, i in calls]
    return {"content": content, "stop_reason": "tool_use"}


def cannot_plan(why: str) -> dict:
    """The polite refusal: says why and how to try the request with Claude."""
    return answer(CANNOT_PLAN.format(why=why))


def name_words(tool: OfferedTool) -> set[str]:
    """The stems of the tool's name."""
    return {stem(w) for w in words(tool.name)}


def about_words(tool: OfferedTool) -> set[str]:
    """The stems of the tool's name, description and property names."""
    text = " ".join([tool.name, tool.description, *tool.properties])
    return {stem(w) for w in words(text)}


def pick(tools, verbs: set[str], exclude: tuple[str, ...] = ()) -> OfferedTool | None:
    """The first tool whose name has one of `verbs`; failing that, whose description has one."""
    candidates = [t for t in tools if t.name not in exclude]
    for words_of in (name_words, about_words):
        for tool in candidates:
            if words_of(tool) & verbs:
                return tool
    return None


def string_prop(tool: OfferedTool, prefer: set[str] = frozenset()) -> str | None:
    """The string property to fill: one whose name is in `prefer`, else the first required, else the first."""
    names = [n for n, p in tool.properties.items() if p.get("type", "string") == "string"]
    for name in names:
        if set(words(name)) & prefer:
            return name
    required = [n for n in tool.required if n in names]
    return (required or names or [None])[0]


def first_input(tool: OfferedTool, value: str, prefer: set[str] = frozenset()) -> dict:
    """The input that passes `value` in the tool's main string property ({} if it has none)."""
    prop = string_prop(tool, prefer)
    return {prop: value} if prop else {}


def said(step: Step) -> str:
    """A tool result on one line, without the '<tool> failed: <ExcType>: ' prefix, for an answer."""
    text = " ".join((step.result or "no result").split())
    return re.sub(rf"^{re.escape(step.name)} failed: \w+: ", "", text)[:300]


def tool_label(name: str) -> str:
    """'The calculator' for a one-word tool name, 'The get_weather tool' otherwise."""
    return f"The {name}" if "_" not in name and " " not in name else f"The {name} tool"
