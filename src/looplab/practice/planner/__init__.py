"""The practice model's planner: skills tried in order; the first that applies proposes the reply.

Each skill is a function `skill(view) -> reply | None` in its own module. A reply is
`{"content": [text and tool_use blocks without ids], "stop_reason": "tool_use" | "end_turn"}`.
Whatever the skill, a tool input that breaks its tool's schema is never sent (the reply says
why instead), and a final answer also reports every denial, tool error and planted instruction.
"""

from __future__ import annotations

from ..view import View
from ._tools import accounted, cannot_plan, in_french
from .fill import invalid
from .gullible import gullible
from .lookup import lookup
from .needs import needs
from .plain import nothing_fits, plain
from .research import research
from .retry import retry
from .survey import survey
from .text import french

SKILLS = (gullible, retry, research, survey, lookup, needs, plain, nothing_fits)


def checked(view: View, reply: dict) -> dict:
    """`reply` if every tool input in it fits its tool's schema, else the refusal naming the first that does not."""
    for block in reply["content"]:
        if block["type"] == "tool_use":
            tool = view.tool(block["name"])
            problem = f"the tool {block['name']} is not offered" if tool is None else invalid(tool, block["input"])
            if problem:
                return cannot_plan(problem)
    if reply["stop_reason"] == "end_turn":
        if view.steps and "[cleared" in reply["content"][-1]["text"]:  # a placeholder is not data: never quote one
            reply = cannot_plan("a result it needs was cleared from the history (context management), and it "
                                "does not answer from a placeholder; call the tool again or keep more results")
        text = accounted(view, reply["content"][-1]["text"]) if view.steps else reply["content"][-1]["text"]
        return {**reply, "content": [{"type": "text", "text": in_french(text) if french(view.task) else text}]}
    return reply


def choose(view: View) -> tuple[str, dict]:
    """The name of the first skill that applies to `view`, and the reply it proposes."""
    for skill in SKILLS:
        reply = skill(view)
        if reply is not None:
            return skill.__name__, checked(view, reply)
    raise AssertionError("nothing_fits always applies")


def plan(view: View) -> dict:
    """The practice model's next reply to the request seen as `view`."""
    return choose(view)[1]


__all__ = ["SKILLS", "choose", "plan"]
