"""Skill: split the task into independent needs, call one matching tool per need, all in one turn."""

from __future__ import annotations

import re

from ..fill import binary, expression, fill_input, place
from ..text import STOPWORDS, joined, readable, sentence_case, stems
from ..view import View
from ._tools import about_words, answer, cannot_plan, pick, said, tool_label, use

CALC = {"calc", "calculator", "calculate", "arithmetic", "math", "expression", "evaluate", "compute"}
RELATED = [  # a word of the task also counts as the other words of its group
    {"weather", "temperature", "forecast", "rain", "sunny", "wind", "windy", "degree", "hot", "cold",
     "warm", "snow", "humidity", "cloudy"},
    {"time", "clock", "hour", "date", "today"},
]
GENERIC = STOPWORDS | {"return", "tool", "value", "string", "result", "input", "current", "simulated"}
CLAUSES = re.compile(r"\?|;|\n|,\s*and\b|\band\b|\balso\b|,", re.IGNORECASE)


def _needs(view: View) -> list[tuple[str, dict]] | str:
    calc = pick(view.tools, CALC)
    calls, previous = [], None
    for clause in [c for c in CLAUSES.split(view.task) if c.strip()]:
        asked = set(stems(clause)) - GENERIC
        asked |= {w for group in RELATED if asked & group for w in group}
        scores = [(len(asked & (about_words(t) - GENERIC)), -i, t) for i, t in enumerate(view.tools)]
        best = max(scores, key=lambda s: s[:2], default=(0, 0, None))
        if calc and (expression(clause) or binary(clause)):
            tool, filled = calc, fill_input(calc, clause)
        elif best[0] > 0 and best[2] is not calc:
            tool, filled = best[2], fill_input(best[2], clause)
        elif previous and isinstance(fill_input(previous, clause), dict) and place(clause):
            tool, filled = previous, fill_input(previous, clause)  # "weather in Lyon and Paris"
        else:
            continue
        if isinstance(filled, str):
            return filled
        if (tool.name, filled) not in calls:
            calls.append((tool.name, filled))
        previous = tool
    return calls


def needs(view: View) -> dict | None:
    """Call every tool the task's clauses need in one turn; then state each result."""
    planned = _needs(view)
    if isinstance(planned, str):
        return cannot_plan(planned)
    if not planned:
        return None
    done = {(s.name, repr(s.input)): s for s in view.steps}
    missing = [c for c in planned if (c[0], repr(c[1])) not in done]
    if missing:
        names = [f"{n}({', '.join(f'{k}={v!r}' for k, v in i.items())})" for n, i in missing]
        note = (f"I'll call {names[0]}." if len(names) == 1 else
                f"I'll call {joined(names)} in one turn: they don't depend on each other.")
        return use(missing, note)
    return answer(" ".join(_said(done[(n, repr(i))], i) for n, i in planned))


def _said(step, given: dict) -> str:
    if step.is_error:
        text = said(step)
        return f"{tool_label(step.name)} said: {text}{'' if text.endswith(('.', '!', '?')) else '.'}"
    value = str(next(iter(given.values()), ""))
    result = readable(step.result or "")
    if expression(value) == value:
        return f"{value} = {sentence_case(result)}"
    return sentence_case(result if value.lower() in result.lower() else f"{value}: {result}")
