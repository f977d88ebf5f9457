"""Skill: look up the key(s) the task names with a one-key lookup tool, and quote what came back."""

from __future__ import annotations

import re

from ..text import STOPWORDS, quoted, readable, stems, words
from ..view import OfferedTool, View
from ._tools import about_words, absent, answer, said, tool_label, use

KEY_WORDS = {"key", "id", "name", "code", "slug", "entry", "term", "sku"}
VERBS = {"lookup", "look", "get", "find", "catalogue", "catalog", "fetch", "entry", "record"}
AFTER = re.compile(r"\b(?:key|entry|code|id)\s+(?:is\s+)?['\"]?([\w.-]+)|\blook\s*up\s+(?:the\s+)?([\w.-]+)",
                   re.IGNORECASE)


def key_prop(tool: OfferedTool) -> str | None:
    """The tool's single key-like string property, if it has exactly one required one."""
    needed = tool.required or list(tool.properties)
    if len(needed) != 1 or (tool.properties.get(needed[0]) or {}).get("type", "string") != "string":
        return None
    return needed[0] if set(words(needed[0])) & KEY_WORDS else None


def keys_of(task: str) -> list[str]:
    """The keys a task names: quoted values, else the word after 'key', 'entry', 'code', 'id' or 'look up'."""
    found = quoted(task) or [a or b for a, b in AFTER.findall(task)]
    return list(dict.fromkeys(k for k in found if k.lower() not in STOPWORDS))


def lookup(view: View) -> dict | None:
    """Call the lookup once per key the task names, then say what each returned or that it is absent."""
    tool = next((t for t in view.tools if key_prop(t) and about_words(t) & VERBS), None)
    keys = keys_of(view.task) if tool else []
    if not keys:
        return None
    prop = key_prop(tool)
    done = {str(s.input.get(prop)): s for s in view.calls_of(tool.name)}
    missing = [k for k in keys if k not in done]
    if missing:
        return use([(tool.name, {prop: k}) for k in missing], f"I'll look up {', '.join(map(repr, missing))}.")
    place = next((w for w in ("catalogue", "catalog") if w in stems(tool.description + " " + tool.name)), "")
    label = tool_label(tool.name).replace("The ", "the ", 1)
    lines = []
    for key in keys:
        step = done[key]
        if absent(step):
            where = f"in the {place}" if place else "found"
            lines.append(f"'{key}' is not {where} ({label} said: {said(step)}).")
        else:
            lines.append(f"'{key}' is in the {place or 'records'}: {readable(step.result)}.")
    return answer(" ".join(lines))
