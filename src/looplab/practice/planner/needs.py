"""Skill: split the task into clauses, call one matching tool per clause, all in one turn; then state
each result, and name every clause no offered tool fits (or whose input it could not tell)."""

from __future__ import annotations

import re

from ..view import View
from ._tools import about_words, absent, answer, cannot_plan, pick, said, tool_label, unplanted, use
from .fill import binary, expression, fill_input, place, spoken
from .text import (
    STOPWORDS,
    clauses,
    content_words,
    joined,
    readable,
    sentence_case,
    stem,
    stems,
    words,
)

CALC = {"calc", "calculator", "calculate", "arithmetic", "math", "expression", "evaluate", "compute"}
RELATED = [  # a word of the task also counts as the other words of its group
    set(stems("weather temperature rain sunny degree hot cold warm cloudy météo temps température")),
    set(stems("time clock hour date today")),
]
GENERIC = STOPWORDS | {"return", "tool", "value", "string", "result", "input", "current", "simulated",
                       "tell", "give", "please", "compare", "check", "what", "is", "it", "like", "right", "now",
                       "currently", "fait", "est", "il"}
SPOKEN = {"times", "plus", "minus", "multiplied", "divided", "power"}


def _needs(view: View) -> tuple[list[tuple[str, dict, str]], list[str]]:
    """The calls (tool name, input, clause) the task needs, and the clauses it cannot serve, with why."""
    calc = pick(view.tools, CALC)
    calls, unserved, previous = [], [], None
    abouts = [(about_words(t) - GENERIC, -i, t) for i, t in enumerate(view.tools)]
    for clause in clauses(view.task):
        asked = set(stems(clause)) - GENERIC
        if not asked:
            continue  # 'and', 'please': nothing asked
        asked |= {w for group in RELATED if asked & group for w in group}
        scores = [(len(asked & about), i, t) for about, i, t in abouts]
        best = max(scores, key=lambda s: s[:2], default=(0, 0, None))
        where = place(clause)
        extra = [w for w in content_words(clause) if w not in GENERIC and w not in words(where or "")]
        if calc and (expression(clause) or binary(clause)):
            tool = calc
        elif best[0] > 0 and best[2] is not calc:
            tool = best[2]
        elif previous and where and not extra and re.search(
                rf"\b(?:and|or|et|ou)\s+(?:(?:in|at|for|à)\s+)?{re.escape(clause)}", view.task, re.IGNORECASE):
            tool = previous  # 'weather in Lyon and Paris': 'Paris' asks the same as before
        else:
            names = ", ".join(t.name for t in view.tools)
            unserved.append(f"'{clause}': none of the offered tools ({names}) fits it")
            continue
        known = about_words(tool) | asked & set().union(*RELATED)
        known |= {stem(w) for w in CALC | SPOKEN} if tool is calc else set()
        unknown = [w for w in extra if stem(w) not in known and not any(c.isdigit() for c in w)]
        filled = fill_input(tool, clause) if not unknown else (
            f"I do not know what {tool.name} could do with {joined([repr(w) for w in unknown])}")
        if isinstance(filled, str):
            unserved.append(f"'{clause}': {filled}")
        elif all((tool.name, filled) != c[:2] for c in calls):
            calls.append((tool.name, filled, clause))
        previous = tool
    return calls, unserved


def needs(view: View) -> dict | None:
    """Call every tool the task's clauses need in one turn; then state each result and each clause not served."""
    planned, unserved = _needs(view)
    if not planned:
        tried = [u for u in unserved if "none of the offered tools" not in u]
        return cannot_plan(f"I could not serve {tried[0]}") if tried else None
    done = {(s.name, repr(s.input)): s for s in view.steps}
    missing = [(n, i) for n, i, _ in planned if (n, repr(i)) not in done]
    if missing:
        names = [f"{n}({', '.join(f'{k}={v!r}' for k, v in i.items())})" for n, i in missing]
        note = (f"I'll call {names[0]}." if len(names) == 1 else
                f"I'll call {joined(names)} in one turn: they don't depend on each other.")
        return use(missing, note)
    calc = pick(view.tools, CALC)
    stated = [_said(done[(n, repr(i))], i, _arithmetic(clause) if calc and n == calc.name else None,
                    lambda text: unplanted(view, text)) for n, i, clause in planned]
    stated += [f"I could not answer {u}." for u in unserved]
    return answer(" ".join(stated))


def _arithmetic(clause: str) -> str | None:
    found = binary(clause)
    return expression(spoken(clause)) or (f"{found[0]} {found[1]} {found[2]}" if found else None)


def _said(step, given: dict, arithmetic: str | None, clean) -> str:
    if step.is_error:
        text = said(step)
        return f"{tool_label(step.name)} said: {text}{'' if text.endswith(('.', '!', '?')) else '.'}"
    result = readable(clean(step.result or ""))
    if absent(step):
        return f"{tool_label(step.name)} found nothing for {', '.join(map(str, given.values()))} (it said: {result})."
    if arithmetic:
        return f"{arithmetic} = {sentence_case(result)}"
    value = str(next(iter(given.values()), ""))
    return sentence_case(result if value.lower() in result.lower() else f"{value}: {result}")
