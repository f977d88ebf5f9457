"""Skill: search the documents, read the best few, answer with cited sentences from them."""

from __future__ import annotations

import math

from ..text import content_words, file_names, sentences, stem, stems
from ..view import View
from ._tools import answer, first_input, pick, said, use

SEARCH = {"search", "find", "query", "grep"}
READ = {"read", "open", "get", "fetch", "view", "cat"}
DOCS = {"doc", "document", "file", "article", "page", "text", "note", "content"}
LISTING = {"list", "ls", "dir", "directory", "folder"}


def research_tools(view: View):
    """The (search, read) pair this skill needs, or None."""
    others = READ | LISTING
    search = pick([t for t in view.tools if not others & set(stems(t.name))], SEARCH)
    if search is None:
        return None
    read = pick([t for t in view.tools if set(stems(t.name + " " + t.description)) & DOCS], READ, (search.name,))
    return (search, read) if read else None


def _cited(query: list[str], reads) -> list[str]:
    wanted = {stem(w) for w in query}
    need = max(1, min(2, math.ceil(len(wanted) / 2)))
    scored = []
    for rank, step in enumerate(reads):
        if len(wanted & set(stems(step.result))) < need:
            continue  # a document must share enough of the query to be quoted at all
        for place, sentence in enumerate(sentences(step.result)):
            score = len(wanted & set(stems(sentence)))
            if score:
                scored.append((-score, rank, place, sentence, step.input))
    best = sorted(scored)[:4]
    best.sort(key=lambda item: (item[1], item[2]))
    return [f"{s} [{_name(i)}]" for _, _, _, s, i in best]


def _name(given: dict) -> str:
    value = next(iter(given.values()), "") if given else ""
    return str(value).rsplit("/", 1)[-1]


def research(view: View) -> dict | None:
    """Search with the task's content words, read the top 3 hits in one turn, answer citing them."""
    tools = research_tools(view)
    if tools is None:
        return None
    search, read = tools
    query = content_words(view.task)
    if not query:
        return None
    q = " ".join(query)
    searches = view.calls_of(search.name)
    if not searches:
        return use([(search.name, first_input(search, q, {"query", "q", "keyword", "terms"}))],
                   f"I'll search the documents for '{q}'.")
    found = searches[-1]
    if found.is_error:
        return answer(f"The search failed, so I cannot answer. {search.name} said: {said(found)}")
    reads = view.calls_of(read.name)
    if not reads:
        names = file_names(found.result or "")[:3]
        if not names:
            return answer(f"The documents do not answer this question: searching for '{q}' found nothing.")
        calls = [(read.name, first_input(read, n, {"name", "path", "file", "filename", "doc"})) for n in names]
        return use(calls, f"I'll read {', '.join(names)}.")
    good = [s for s in reads if not s.is_error]
    failed = "".join(f" I could not read {_name(s.input)}: {said(s)}." for s in reads if s.is_error)
    cited = _cited(query, good)
    if not cited:
        names = ", ".join(_name(s.input) for s in good) or "nothing"
        return answer(f"The documents do not answer this question. I searched for '{q}' and read "
                      f"{names}; none of them says anything about it.{failed}")
    return answer(" ".join(cited) + failed)
