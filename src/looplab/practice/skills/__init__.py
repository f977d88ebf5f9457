"""The practice model's planner: skills tried in order; the first that applies proposes the reply.

Each skill is a function `skill(view) -> reply | None` in its own module. A reply is
`{"content": [text and tool_use blocks without ids], "stop_reason": "tool_use" | "end_turn"}`.
"""

from __future__ import annotations

from ..view import View
from .gullible import gullible
from .lookup import lookup
from .needs import needs
from .plain import cannot_plan, plain
from .research import research
from .retry import retry
from .survey import survey

SKILLS = (gullible, retry, research, survey, lookup, needs, plain, cannot_plan)


def choose(view: View) -> tuple[str, dict]:
    """The name of the first skill that applies to `view`, and the reply it proposes."""
    for skill in SKILLS:
        reply = skill(view)
        if reply is not None:
            return skill.__name__, reply
    raise AssertionError("cannot_plan always applies")


def plan(view: View) -> dict:
    """The practice model's next reply to the request seen as `view`."""
    return choose(view)[1]


__all__ = ["SKILLS", "choose", "plan"]
