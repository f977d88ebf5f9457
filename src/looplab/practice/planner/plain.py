"""Skills of last resort: introduce itself when greeted, else say plainly that no rule fits (nothing_fits)."""

from __future__ import annotations

import re

from ..view import View
from ._tools import answer, cannot_plan
from .interpret import content
from .text import clauses, french, stems, words

WHO_EN = r"\bwho are you\b|\bwhat are you\b|\bintroduce yourself\b"
WHO_FR = r"\bqui es-tu\b|\bqui êtes-vous\b|\bprésente-toi\b|\bprésentez-vous\b"
GREETING = re.compile(r"^\s*(?:hi|hello|hey|good (?:morning|afternoon|evening)|bonjour)\b|\bsay (?:hello|hi)\W*$|"
                      rf"{WHO_EN}|\bpractice model\b", re.IGNORECASE)
GREETING_FR = re.compile(rf"^\s*(?:bonjour|salut|bonsoir)\b|{WHO_FR}|^\W*(?:ça va|comment (?:ça va|vas-tu|allez-vous))\W*$",
                         re.IGNORECASE)  # 'ça va ?' alone, not 'ça va pleuvoir ?'
WHO = re.compile(f"{WHO_EN}|{WHO_FR}", re.IGNORECASE)  # asked beside a task: said first
EXAMPLES = [({"weather"}, "What's the weather in Lyon?"), ({"calc", "calculator"}, "What is 12 * (3 + 5)?"),
            ({"search"}, "What do the documents say about green tea?"), ({"list"}, "In the folder invoices, which "
            "invoices are unpaid, and what is their total?"), ({"lookup"}, "Look up 'ai' in the catalogue.")]
INTRODUCTION = ("Hello! I am the practice model, a rule-based stand-in for Claude. I read the task, the tools you "
                "offer and the tool results so far, and I follow a few written rules: search then read, list then "
                "read, look up a key, or call one tool per independent need. I only state facts that a tool returned. "
                "Set ANTHROPIC_API_KEY to talk to Claude.")
INTRODUCTION_FR = ("Bonjour ! Je suis le modèle d'entraînement, un remplaçant de Claude fait de règles. Je lis la "
                   "demande, les outils que vous offrez et les résultats d'outils reçus, et je suis quelques règles "
                   "écrites : chercher puis lire, lister puis lire, chercher une clé, ou appeler un outil par besoin "
                   "indépendant. Je n'affirme que ce qu'un outil a renvoyé. Définissez ANTHROPIC_API_KEY pour parler "
                   "à Claude.")
SHORT_INTRODUCTION = "I am the practice model, a rule-based stand-in for Claude."
THANKS = re.compile(r"^\W*(?:(?:many |thanks?(?: you)?|thx|cheers|merci)(?: (?:a lot|so much|very much|again|beaucoup|bien|"
                    r"encore))*[\s!.,]*)+$", re.IGNORECASE)


def plain(view: View) -> dict | None:
    """Answer a greeting or 'who are you' (in French for a French one); not if the task asks more: that'd go unsaid."""
    if THANKS.match(view.task):  # nothing to act on, nothing to state
        return answer("Avec plaisir." if french(view.task) or "merci" in view.task.lower() else "You're welcome.")
    if any((content(c) or re.search(r"\d", c)) and not GREETING.search(c) and not GREETING_FR.search(c)
           for c in re.split(r"!", view.task) for c in clauses(c)):  # 'hi! what's it like in Toulouse?' asks more
        return None
    if GREETING_FR.search(view.task) or (GREETING.search(view.task) and french(view.task)):
        return answer(INTRODUCTION_FR)
    return answer(INTRODUCTION) if GREETING.search(view.task) else None


def nothing_fits(view: View) -> dict:
    """Say which part of the request is beyond the rules, a wording that fits the offered tools, and where to try it."""
    if not view.tools:
        return cannot_plan("the request has no user text to act on" if not view.task.strip()
                           else "no tools were offered, and it answers only from tool results")
    names = ", ".join(t.name for t in view.tools)
    return cannot_plan(f"none of its rules (search and read, list and read, look up a key, one tool "
                       f"per need) fits this task with the offered tools ({names})", wording=example(view.tools, view.task))


def example(tools, task: str = "", first=None) -> str:
    """A task the rules handle with these tools: the first rule whose tools are offered (the calculator's first for
    a task with arithmetic in it), else a call of `first` (a tool that changes nothing, say), else of the first tool."""
    if not tools:
        return ""
    names = {w for t in tools for w in stems(t.name)}
    if names & {"calc", "calculator"} and re.search(r"\d\s*\S?\s*(?:[-+*/×÷]|\s:)\s*\S?\s*\d", task):
        return "What is 12 * (3 + 5)?"
    first = first or tools[0]
    eg = {p: re.search(r"\be\.g\.,?\s*'?([\w.@-]*\w)", str(spec.get("description", ""))) for p, spec in
          first.properties.items() if isinstance(spec, dict)}  # 'Member id, e.g. M-7.': 'M-7', else 'x'
    given = ", ".join(f"{p} '{eg[p][1] if eg.get(p) else 'x'}'" for p in first.required or first.properties)
    call = f"Call {first.name}" + (f" with {given}" if given else "")
    folders = any(set(words(p)) & {"folder", "dir", "directory", "path"} for t in tools for p in t.properties)
    wording = next((wording for need, wording in EXAMPLES if names & need and (folders or "list" not in need)), call)  # a
    # folder lister's, not list_loans's
    if wording.startswith("Look up") and not any("catalog" in t.description.lower() for t in tools):  # not 'ai' of rooms
        said = re.search(r"\be\.g\.,?\s*'?([\w.-]*\w)", " ".join(str((s or {}).get("description", "")) for t in tools
                                                                 for s in t.properties.values() if isinstance(s, dict)))
        wording = f"Look up '{said[1]}'." if said else call
    return wording
