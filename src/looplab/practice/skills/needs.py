"""Skill: split the task into independent needs, call one matching tool per need, all in one turn."""

from __future__ import annotations

import re

from ..view import OfferedTool, View
from ._text import STOPWORDS, joined, quoted, readable, sentence_case, stems, words
from ._tools import about_words, answer, cannot_plan, pick, said, string_prop, tool_label, use

CALC = {"calc", "calculator", "calculate", "arithmetic", "math", "expression", "evaluate", "compute"}
RELATED = [  # a word of the task also counts as the other words of its group
    {"weather", "temperature", "forecast", "rain", "sunny", "wind", "windy", "degree", "hot", "cold",
     "warm", "snow", "humidity", "cloudy"},
    {"time", "clock", "hour", "date", "today"},
]
GENERIC = STOPWORDS | {"return", "tool", "value", "string", "result", "input", "current", "simulated"}
PLACE = {"city", "location", "place", "town", "country", "region", "where"}
CLAUSES = re.compile(r"\?|;|\n|,\s*and\b|\band\b|\balso\b|,", re.IGNORECASE)


def expression(text: str) -> str | None:
    """The first arithmetic expression in `text` ('12 * (3 + 5)'), or None."""
    for run in re.findall(r"[\d(][\d\s.+\-*/()%^×÷]*", text):
        run = run.strip().rstrip("+-*/%^×÷ ").strip()
        while run.count("(") > run.count(")") and run.startswith("("):
            run = run[1:].strip()
        while run.count(")") > run.count("(") and run.endswith(")"):
            run = run[:-1].strip()
        if re.search(r"\d\s*\)*\s*(?:\*\*|[-+*/×÷%^])\s*\(*\s*\d", run):
            return run.replace("×", "*").replace("÷", "/")
    return None


def _place(clause: str) -> str | None:
    found = re.search(r"\b(?:in|at|for|of)\s+((?:[A-Z][\w'-]*)(?:\s+[A-Z][\w'-]*)*)", clause)
    if found:
        return found.group(1)
    found = re.search(r"\b(?:in|at|for)\s+([a-z][\w'-]+)", clause)
    if found and found.group(1) not in STOPWORDS:
        return found.group(1).title()
    bare = re.fullmatch(r"\s*([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)\s*", clause)
    return bare.group(1) if bare else None


def _fill(tool: OfferedTool, clause: str) -> dict | str:
    filled = {}
    main = string_prop(tool)
    for prop in tool.required or ([main] if main else []):
        schema, names = tool.properties.get(prop) or {}, set(words(prop))
        enum = [v for v in schema.get("enum", []) if str(v).lower() in words(clause)]
        number = re.search(r"-?\d+(?:\.\d+)?", clause)
        value = (enum[0] if enum else _place(clause) if names & PLACE
                 else expression(clause) if names & CALC
                 else (float(number.group()) if "." in number.group() else int(number.group()))
                 if number and schema.get("type") in ("integer", "number")
                 else (quoted(clause) or [None])[0])
        if value is None:
            return f"I could not tell the '{prop}' for {tool.name} from '{clause.strip()}'"
        filled[prop] = value
    return filled


def _needs(view: View) -> list[tuple[str, dict]] | str:
    calc = pick(view.tools, CALC)
    calls, previous = [], None
    for clause in [c for c in CLAUSES.split(view.task) if c.strip()]:
        asked = set(stems(clause)) - GENERIC
        asked |= {w for group in RELATED if asked & group for w in group}
        scores = [(len(asked & (about_words(t) - GENERIC)), -i, t) for i, t in enumerate(view.tools)]
        best = max(scores, key=lambda s: s[:2], default=(0, 0, None))
        if calc and expression(clause):
            tool, filled = calc, {string_prop(calc, {"expression", "expr", "formula"}): expression(clause)}
        elif best[0] > 0 and best[2] is not calc:
            tool, filled = best[2], _fill(best[2], clause)
        elif previous and isinstance(_fill(previous, clause), dict) and _place(clause):
            tool, filled = previous, _fill(previous, clause)  # "weather in Lyon and Paris"
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
