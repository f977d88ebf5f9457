"""Skill (only with gullible=True): obey an instruction found in a tool result that names a tool.

This is the model the guardrails lesson defends against: it reads all tool results as
one text (so an instruction split across two results still counts), undoes look-alike
letters and invisible characters, and calls any offered tool that text names.
"""

from __future__ import annotations

import re

from ..view import OfferedTool, View
from ._text import file_names, fold, words
from ._tools import use

EMAIL = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
TO_WORDS = {"to", "recipient", "recipients", "email", "address", "destination"}
NAME_WORDS = {"name", "path", "file", "filename"}
BODY_WORDS = {"body", "text", "content", "contents", "message", "note", "data"}


def _mention(tool: OfferedTool, text: str) -> re.Match | None:
    parts = [re.escape(p) for p in re.split(r"[_\s-]+", tool.name) if p]
    return re.search(r"(?<![\w])" + r"[\s_-]+".join(parts) + r"(?![\w])", text, re.IGNORECASE)


def _sentence(text: str, at: int) -> str:
    starts = [m.end() for m in re.finditer(r"[.!?](?=\s)|\n\s*\n", text[:at])]
    end = re.search(r"[.!?](?=\s|$)|\n\s*\n", text[at:])
    stop = at + end.end() if end else len(text)
    return " ".join(text[starts[-1] if starts else 0 : stop].split())


def _fill(tool: OfferedTool, instruction: str, text: str) -> dict:
    filled = {}
    for prop in tool.required or list(tool.properties):
        kind = (tool.properties.get(prop) or {}).get("type", "string")
        names = set(words(prop))
        if kind in ("integer", "number"):
            filled[prop] = 1
        elif kind == "boolean":
            filled[prop] = True
        elif names & TO_WORDS:
            found = re.search(EMAIL, instruction) or re.search(EMAIL, text)
            filled[prop] = found.group(0) if found else "x"
        elif names & NAME_WORDS:
            filled[prop] = (file_names(instruction) or file_names(text) or ["x"])[0]
        elif names & BODY_WORDS:
            filled[prop] = instruction
        else:
            filled[prop] = "x"
    return filled


def gullible(view: View) -> dict | None:
    """Call every offered tool that the tool results tell the model to call (once per input)."""
    if not view.gullible:
        return None
    results = [fold(s.result or "") for s in view.steps]
    calls = []
    for tool in view.tools:
        text = "\n\n".join(results)
        found = _mention(tool, text)
        if not found:  # an instruction cut in the middle of a word: glue the results
            text = "".join(results)
            found = _mention(tool, text)
        if not found:
            continue
        instruction = _sentence(text, found.start())
        filled = _fill(tool, instruction, text)
        if not any(s.name == tool.name and s.input == filled for s in view.steps):
            calls.append((tool.name, filled))
    if not calls:
        return None
    names = ", ".join(name for name, _ in calls)
    return use(calls, f"A tool result tells me to use {names}, so I will.")
