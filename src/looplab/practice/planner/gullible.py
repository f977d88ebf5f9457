"""Skill (only with gullible=True): obey an instruction found in a tool result that names a tool.

The model the guardrails lesson defends against: it reads all tool results as one text (an instruction split
across two results still counts), undoes look-alike letters and invisible characters, and calls any tool named.
"""

from __future__ import annotations

from ..view import OfferedTool, View
from ._tools import mention, sentence_at, use
from .fill import fill_input, placeholder
from .text import fold, words

BODY_WORDS = {"body", "text", "content", "contents", "message", "note", "data"}


def _fill(tool: OfferedTool, instruction: str, text: str) -> dict:
    """Per property: what the instruction (else all results) says; body-like: the instruction; else a placeholder."""
    filled = {}
    for prop in tool.required or list(tool.properties):
        schema = tool.properties.get(prop) or {}
        one = OfferedTool(tool.name, "", {"type": "object", "properties": {prop: schema}, "required": [prop]})
        found = [f for f in (fill_input(one, instruction), fill_input(one, text)) if isinstance(f, dict)]
        body = set(words(prop)) & BODY_WORDS and schema.get("type", "string") == "string"
        filled[prop] = found[0][prop] if found else instruction if body else placeholder(schema, "")
    return filled


def gullible(view: View) -> dict | None:
    """Call every offered tool that the tool results tell the model to call (once per input)."""
    if not view.gullible:
        return None
    results = [fold(s.result or "") for s in view.steps]
    texts = ["\n\n".join(results), "".join(results)]  # the second finds an instruction cut in the middle of a word
    calls = []
    for tool in view.tools:
        for text in texts:
            if found := mention(tool.name, text):
                filled = _fill(tool, sentence_at(text, found.start()), text)
                if not any(s.name == tool.name and s.input == filled for s in view.steps):
                    calls.append((tool.name, filled))
                break
    return use(calls, f"A tool result tells me to use {', '.join(n for n, _ in calls)}, so I will.") if calls else None
