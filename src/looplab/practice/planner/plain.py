"""Skills of last resort: introduce itself when greeted, else say plainly that no rule fits (nothing_fits)."""

from __future__ import annotations

import re

from ..view import View
from ._tools import answer, cannot_plan

GREETING = re.compile(
    r"^\s*(?:hi|hello|hey|good (?:morning|afternoon|evening)|bonjour)\b|\bsay (?:hello|hi)\b|"
    r"\bintroduce yourself\b|\bwho are you\b|\bwhat are you\b|\bpractice model\b",
    re.IGNORECASE,
)
INTRODUCTION = (
    "Hello! I am the practice model, a rule-based stand-in for Claude. I read the task, "
    "the tools you offer and the tool results so far, and I follow a few written rules: "
    "search then read, list then read, look up a key, or call one tool per independent need. "
    "I only state facts that a tool returned. Set ANTHROPIC_API_KEY to talk to Claude."
)


def plain(view: View) -> dict | None:
    """Answer a greeting or 'who are you' with an honest self-description."""
    return answer(INTRODUCTION) if GREETING.search(view.task) else None


def nothing_fits(view: View) -> dict:
    """Say which part of the request is beyond the rules, and how to try it with Claude."""
    if not view.task.strip():
        return cannot_plan("the request has no user text to act on")
    if not view.tools:
        return cannot_plan("no tools were offered, and it answers only from tool results")
    names = ", ".join(t.name for t in view.tools)
    return cannot_plan(f"none of its rules (search and read, list and read, look up a key, one tool "
                   f"per need) fits this task with the offered tools ({names})")
