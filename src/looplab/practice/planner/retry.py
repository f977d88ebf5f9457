"""Skill: a call that just failed for a reason that may pass is tried once more, never twice."""

from __future__ import annotations

import re

from ..view import View
from ._tools import MISSING, said, use
from .needs import ACTS
from .text import stems, words

# Errors that will not change on a second try: a missing entry, bad input, a refusal.
PERMANENT = re.compile(
    MISSING + r"|not in the|invalid|not allowed|denied|not approved|approv|refused|declined|rejected|blocked|"
    r"leaves the folder|schema|required|does not read|KeyError|ValueError|TypeError|FileNotFoundError|"
    r"invalide|pas autorisée?s?|refusée?|rejetée?|pas été approuvée?|sort du dossier|schéma|obligatoire|"  # in French
    r"IsADirectoryError|PermissionError|NotADirectoryError|ZeroDivisionError", re.IGNORECASE)


# Tools whose name starts so only read: only those are tried again (notify_team or page_oncall may have gone out).
READS = set(stems("get read list search find lookup look fetch query check show count calc calculator calculate compute "
                  "convert describe view load weather forecast time date today now lire liste cherche trouve obtiens"))


def _reads(view: View, name: str) -> bool:
    tool = view.tool(name)
    return bool(set(stems(words(name)[0])) & READS) and not (tool and set(stems(tool.description)) & ACTS)


def retry(view: View) -> dict | None:
    """Call again, once, each call of the latest turn that failed with a possibly passing error, if its tool only
    reads ('get_weather', not 'notify_team', nor a read_file whose description says it deletes)."""
    again = [step for step in view.last_results if step.is_error and not PERMANENT.search(step.result or "")
             and sum(s.name == step.name and s.input == step.input for s in view.steps) == 1  # tried once only
             and _reads(view, step.name)]  # a send that failed half-way may have gone out
    why = "; ".join(f"{s.name} failed ({said(s)})" for s in again)
    return use([(s.name, s.input) for s in again], f"{why}. I'll try once more.") if again else None
