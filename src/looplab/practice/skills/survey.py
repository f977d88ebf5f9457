"""Skill: list a folder, read every listed file in one turn, answer from their 'Key: value' records."""

from __future__ import annotations

import re

from ..text import content_words, file_names, joined, stems
from ..view import View
from ._records import Record, amount_text, has_word, money, money_key, parse
from ._tools import answer, first_input, pick, said, use

LISTING = {"list", "ls", "dir", "directory", "folder"}
READ = {"read", "open", "get", "cat", "fetch", "load", "view"}
FOLDER = re.compile(
    r"\b(?:in|from|inside|of)\s+(?:the\s+)?(?:folder|directory|dir)\s+['\"]?([\w./-]+?)['\"]?(?=[\s,;:.?!]|$)"
    r"|\b(?:in|from|inside)\s+(?:the\s+)?['\"]?([\w./-]+?)['\"]?\s+(?:folder|directory)\b",
    re.IGNORECASE,
)
LIST_ONLY = re.compile(r"\b(?:list|show|what|which|how many)\b[^.?;]*\bfiles\b", re.IGNORECASE)
MAX_READS = 20


def folder_of(task: str) -> str:
    """The folder a task names ('in the folder invoices', 'in the invoices folder'), else '.'."""
    found = FOLDER.search(task)
    return (found.group(1) or found.group(2)).rstrip("/") if found else "."


def _path(folder: str, name: str) -> str:
    return name if folder in ("", ".", "./") or name.startswith(folder + "/") else f"{folder}/{name}"


def survey(view: View) -> dict | None:
    """List the task's folder, read all it lists, then select, count and total the records."""
    lister = pick([t for t in view.tools if set(stems(t.name)) & LISTING], LISTING) or pick(view.tools, LISTING)
    reader = lister and pick(view.tools, READ, (lister.name,))
    if not reader:
        return None
    lists = view.calls_of(lister.name)
    if not lists:
        folder = folder_of(view.task)
        return use([(lister.name, first_input(lister, folder, {"folder", "dir", "directory", "path"}))],
                   f"I'll list the folder '{folder}' first.")
    listing = lists[-1]
    folder = str(next(iter(listing.input.values()), "."))
    if listing.is_error:
        if all(str(next(iter(s.input.values()), ".")) != "." for s in lists) and lister.properties:
            return use([(lister.name, first_input(lister, ".", {"folder", "dir", "directory", "path"}))],
                       f"The folder '{folder}' could not be listed ({said(listing)}); I'll list '.' instead.")
        return answer(f"I could not list the folder '{folder}': {said(listing)}")
    reads = view.calls_of(reader.name)
    listed = {str(next(iter(s.input.values()), ".")) for s in lists}
    inner = [_path(folder, d) for d in re.findall(r"^\s*([\w.-]+)/\s*$", listing.result or "", re.M)
             if d.lower() in content_words(view.task) and _path(folder, d) not in listed]
    if not reads and inner:  # 'find the unpaid invoices' next to a listed 'invoices/' folder
        return use([(lister.name, first_input(lister, inner[0], {"folder", "dir", "directory", "path"}))],
                   f"The task names the folder '{inner[0]}'; I'll list it.")
    if not reads:
        names = file_names(listing.result or "")
        if not names:
            return answer(f"The folder '{folder}' lists no files, so there is nothing to read.")
        if LIST_ONLY.search(view.task):  # 'what files are in ...' is answered by the listing
            return answer(f"The folder '{folder}' holds {len(names)} files: {joined(names)}.")
        calls = [(reader.name, first_input(reader, _path(folder, n), {"path", "file", "name", "filename"}))
                 for n in names[:MAX_READS]]
        skipped = f" (the first {MAX_READS} of {len(names)})" if len(names) > MAX_READS else ""
        return use(calls, f"I'll read the {len(calls)} listed files{skipped}.")
    return answer(report(view.task, reads))


def report(task: str, reads) -> str:
    """The answer: the records the task selects, their total if asked, and every file not counted."""
    parsed = [parse(str(next(iter(s.input.values()), "?")).rsplit("/", 1)[-1], s) for s in reads]
    records = [p for p in parsed if isinstance(p, Record)]
    notes = [p for p in parsed if isinstance(p, str)]
    asked = [w for w in content_words(task) if not any(c.isdigit() for c in w)]
    criteria: dict[str, list[str]] = {}
    for word in asked:
        for key in dict.fromkeys(k for r in records for k, v in r.fields.items() if has_word(v, word)):
            criteria.setdefault(key, []).append(word)
    chosen = []
    for record in records:
        missing = [k for k in criteria if k not in record.fields]
        if missing:
            notes.append(f"{record.file} has no {missing[0]} line, so I could not tell whether it is "
                         f"{' or '.join(criteria[missing[0]])}; it is not counted.")
        elif all(any(has_word(record.fields[k], w) for w in ws) for k, ws in criteria.items()):
            chosen.append(record)
    heading = " and ".join(w for ws in criteria.values() for w in ws).capitalize() or "Records"
    key = money_key(chosen or records)
    wanted = " or ".join(w for ws in criteria.values() for w in ws)
    if not criteria:  # nothing in the records says which ones the task means: list, don't total
        listed = joined([_item(r, key, criteria) for r in records]) if records else "none"
        lines = ["No field of the records matches the words of the task, so I cannot tell which "
                 f"records it asks for, and I give no total. Records read: {listed}."]
    else:
        lines = [f"{heading}: {joined([_item(r, key, criteria) for r in chosen])}." if chosen
                 else f"No record is {wanted}."]
    if criteria and re.search(r"\b(?:total|sum|add up|altogether|how much)\b", task, re.IGNORECASE):
        lines.append(_total(task, chosen, key, notes))
    good = sum(1 for s in reads if not s.is_error)
    lines.append(f"Based on {good} file{'s' if good != 1 else ''} read.")
    return " ".join(lines + notes)


def _item(record: Record, key: str | None, criteria: dict) -> str:
    shown = [v for k, v in record.fields.items() if k != key and k not in criteria][:1]
    shown += [record.fields[key]] if key in record.fields else []
    return f"{record.number} ({', '.join(shown)})" if shown else record.number


def _total(task: str, chosen: list[Record], key: str | None, notes: list[str]) -> str:
    after = re.search(r"\btotal\b([^.;,?!]*)", task, re.IGNORECASE)
    rest = after.group(1).split() if after else []
    fits = 0 < len(rest) <= 4 and rest[0].lower() not in ("them", "it", "those", "these", "up")
    label = "Total " + " ".join(rest) if fits else "Total"
    sums: dict[str, object] = {}
    for record in chosen:
        found = money(record.fields.get(key, "")) if key else None
        if found is None:
            notes.append(f"{record.file} has no amount I can read, so it is left out of the total.")
            continue
        sums[found[1]] = sums.get(found[1], 0) + found[0]
    return f"{label}: {' + '.join(amount_text(v, c) for c, v in sums.items()) or '0'}."
