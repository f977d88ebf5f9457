"""Exercises of notebook 08: clear old tool results in your loop; then keep a quoted summary of them instead."""

from __future__ import annotations

import copy
from pathlib import Path

import anthropic

from looplab.client import practice_client
from looplab.exercises import Exercise
from looplab.history import CLEARED, clear_old_results, long_run
from looplab.i18n import N_, _
from looplab.practice import call, say, transport_of
from looplab.samples import STATION_TASK, station_tools

DATA = Path(__file__).resolve().parent.parent.parent.parent / "notebooks" / "data"
DAYS = [f"station/day-{n:02d}.txt" for n in range(1, 7)]
SCRIPT = [*[call("read_file", path=p) for p in DAYS], say("I have read the six days.")]


def _data() -> Path:
    """The folder that holds station/: the repository's notebooks/data, or ./data next to a notebook."""
    return DATA if (DATA / "station").is_dir() else Path("data")


def _results(messages: list) -> list[str]:
    return [b["content"] for m in messages if isinstance(m["content"], list) for b in m["content"]
            if b["type"] == "tool_result"]


def _scripted(manage):
    """The scripted run (six reads, one per turn) with `manage` before each turn: (requests sent, tokens, error)."""
    client = practice_client(script=SCRIPT)
    try:
        run = long_run(client, STATION_TASK, station_tools(_data()), manage=manage, max_turns=10)
    except anthropic.BadRequestError as exc:
        error = exc.body.get("error", {}).get("message") if isinstance(exc.body, dict) else exc.message
        raise AssertionError(_("the practice model refused a request of your loop: {error}", error=error)) from None
    return [r["messages"] for r in transport_of(client).requests], run.total


def _as_history(returned, fn: str) -> list:
    if not isinstance(returned, list):
        raise AssertionError(_("{fn} returned {kind}; return the new list of messages", fn=fn,
                               kind=type(returned).__name__))
    return returned


def _common(fn, name: str) -> tuple[list, list]:
    """Checks both exercises share: a callable, a copy, the same messages, the last results kept."""
    if not callable(fn):
        raise AssertionError(_("pass your function itself: {call}", call=f"ex08.{name}.check({name})"))
    full = long_run(practice_client(script=SCRIPT), STATION_TASK, station_tools(_data())).messages
    given = copy.deepcopy(full)
    mine = _as_history(fn(given, keep=2), name)
    if given != full:
        raise AssertionError(_("{name} changed the history it was given; build a new one (copy.deepcopy(messages) "
                               "first), so the caller still holds every result", name=name))
    if len(mine) != len(full):
        raise AssertionError(_("your history has {mine} messages, the original {full}: change the results' "
                               "content, never remove a message (each tool_use needs its tool_result)",
                               mine=len(mine), full=len(full)))
    mine_results, old = _results(mine), _results(full)
    if len(mine_results) != len(old):
        raise AssertionError(_("your history lost tool_result blocks; keep every block, change only its content"))
    if mine_results[-2:] != old[-2:]:
        raise AssertionError(_("with keep=2 the last 2 tool results must stay exactly as they were; "
                               "you changed one of them"))
    if [m["role"] for m in mine] != [m["role"] for m in full] or mine[0] != full[0]:
        raise AssertionError(_("the task message or the roles changed; only old tool results may change"))
    return mine_results[:-2], old[:-2]


def _none_kept(fn, name: str) -> None:
    """With keep=0 every result is old: the last one must change too (ids[:-keep] keeps them all)."""
    full = long_run(practice_client(script=SCRIPT), STATION_TASK, station_tools(_data())).messages
    if _results(_as_history(fn(copy.deepcopy(full), keep=0), name))[-1:] == _results(full)[-1:]:
        raise AssertionError(_("with keep=0 every result is old, yet the last one came back unchanged; mind that "
                               "ids[:-0] is ids[:0], an empty list: write ids[:len(ids) - keep]"))


def test_clear_old(clear_old) -> str:
    """Old results become CLEARED, the last `keep` stay; then the scripted run sends what the reference sends."""
    mine, old = _common(clear_old, "clear_old")
    for text, original in zip(mine, old, strict=True):
        if text == original:
            raise AssertionError(_("with keep=2 the results before the last 2 must be cleared; an old one is "
                                   "unchanged (count the tool uses from the end)"))
        if text != CLEARED:
            raise AssertionError(_("an old result became {got!r}; put PLACEHOLDER in its place, so the model knows "
                                   "a result was there and was removed", got=str(text)[:40]))
    _none_kept(clear_old, "clear_old")
    sent, total = _scripted(lambda m: clear_old(m, keep=2))
    expected, full = _scripted(lambda m: clear_old_results(m, keep=2))
    if sent != expected:
        turn = next(i for i, (a, b) in enumerate(zip(sent, expected, strict=False)) if a != b) + 1
        raise AssertionError(_("request {turn} of the run differs from the reference; check keep at every turn",
                               turn=turn))
    plain = _scripted(None)[1]
    return _("old results are cleared and the last ones kept at every turn: the run sent {total} input tokens "
             "instead of {plain} ({saved:.0%} less).", total=total, plain=plain, saved=1 - total / plain)


def _quoted(text: str, original: str) -> bool:
    """True if `text` is whole first lines of `original` followed by one line saying what was left out."""
    head, _, note = text.rpartition("\n")
    return bool(head) and bool(note.strip()) and original.startswith(head + "\n") and note not in original


def test_summarize_old(summarize) -> str:
    """Old results keep their first lines plus a note; the planner's answer stays that of the full run."""
    mine, old = _common(summarize, "summarize_old")
    for text, original in zip(mine, old, strict=True):
        if not isinstance(text, str) or text == original:
            raise AssertionError(_("with keep=2 the results before the last 2 must be shortened; an old one is "
                                   "unchanged"))
        if text == CLEARED or not _quoted(text, original):
            raise AssertionError(_("an old result became {got!r}…; keep its first whole lines, as they are "
                                   "(a quote, not your words), then one last line saying how much was left out",
                                   got=text[:50]))
        if len(text) > 300:
            raise AssertionError(_("an old result still has {n} characters; keep at most about 240 of it",
                                   n=len(text)))
    _none_kept(summarize, "summarize_old")
    reference = long_run(practice_client(), STATION_TASK, station_tools(_data()))
    try:
        run = long_run(practice_client(), STATION_TASK, station_tools(_data()), manage=lambda m: summarize(m, keep=3))
    except anthropic.BadRequestError as exc:
        raise AssertionError(_("the practice model refused a request of your loop: {error}",
                               error=exc.message)) from None
    if run.answer != reference.answer:
        raise AssertionError(_("with your summaries the answer became {got!r}…, not the full run's {want!r}…; "
                               "keep enough first lines for each day's fields (Status is the 9th line)",
                               got=run.answer[:90], want=reference.answer[:60]))
    return _("old results are quoted, abridged, with a note; the run still answers as the full one, and sent "
             "{total} input tokens instead of {full} ({saved:.0%} less).", total=run.total, full=reference.total,
             saved=1 - run.total / reference.total)

SUMMARIZE_SOLUTION = N_('''def summarize_old(messages, keep=3, chars=240):
    """A copy of `messages` whose old tool results keep only their first lines, and say so."""
    messages = copy.deepcopy(messages)
    ids = [b["id"] for m in messages if m["role"] == "assistant" and isinstance(m["content"], list)
           for b in m["content"] if b["type"] == "tool_use"]
    old = set(ids[:max(0, len(ids) - keep)])
    for m in messages:
        for b in m["content"] if isinstance(m["content"], list) else []:
            text = b.get("content")
            if b["type"] != "tool_result" or b["tool_use_id"] not in old or len(text) <= chars:
                continue
            kept = []
            for line in text.splitlines():
                if kept and len("\\n".join([*kept, line])) > chars:
                    break
                kept.append(line)
            head = "\\n".join(kept)
            b["content"] = f"{head}\\n[abridged: {len(head)} of {len(text)} characters kept]"
    return messages''')


clear_old = Exercise(
    N_("Exercise 8.1 — clear_old"),
    test_clear_old,
    N_("Collect the ids of every tool_use in the assistant messages; all but the last `keep` are old. In a "
       "copy.deepcopy of the messages, set the content of each tool_result for an old id to PLACEHOLDER."),
    N_("def clear_old(messages, keep=3):\n"
    '    """A copy of `messages` whose tool results, all but the last `keep`, say PLACEHOLDER."""\n'
    "    messages = copy.deepcopy(messages)\n"
    '    ids = [b["id"] for m in messages if m["role"] == "assistant" and isinstance(m["content"], list)\n'
    '           for b in m["content"] if b["type"] == "tool_use"]\n'
    "    old = set(ids[:max(0, len(ids) - keep)])\n"
    "    for m in messages:\n"
    '        for b in m["content"] if isinstance(m["content"], list) else []:\n'
    '            if b["type"] == "tool_result" and b["tool_use_id"] in old:\n'
    '                b["content"] = PLACEHOLDER\n'
    "    return messages"),
)

summarize = Exercise(
    N_("Exercise 8.2 — summarize_old"),
    test_summarize_old,
    N_("Start from your clear_old. Instead of PLACEHOLDER, keep the first whole lines of the old result while "
       "they fit in about 240 characters, then add a line such as '[abridged: 160 of 1820 characters kept]'."),
    SUMMARIZE_SOLUTION,
)
