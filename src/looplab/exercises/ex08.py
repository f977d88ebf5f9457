"""Exercises of notebook 08: a manage hook in your loop; clear old tool results with it; then keep a quoted
summary of them instead."""

from __future__ import annotations

import copy
import inspect
import json
import re
from pathlib import Path

import anthropic

from looplab import faults
from looplab.client import practice_client
from looplab.exercises import Exercise
from looplab.exercises._loops import blocks, call_loop, compare, get, guarded
from looplab.exercises.ex03 import _tokens_after, endings_hold
from looplab.exercises.ex05 import (
    API_CASES,
    WEATHER_SCRIPT,
    WEATHER_TASK,
    _approval_holds,
    _Brake,
    _catching,
    _Endless,
    _Escaped,
    _weather_box,
    ctrl_c_stops,
    same_call_twice,
)
from looplab.history import CLEARED, clear_old_results, long_run, plain
from looplab.i18n import N_, _, number
from looplab.loop import run_agent
from looplab.practice import call, calls, say, transport_of
from looplab.practice.tokens import estimate
from looplab.samples import STATION_TASK, station_tools
from looplab.tools import Toolbox

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
    return [_read(r["messages"]) for r in transport_of(client).requests], run.total


def _read(messages: list) -> list:
    """`messages` as the API reads them: a block's is_error False is its default, the same as no is_error."""
    return [{**m, "content": [{k: v for k, v in b.items() if (k, v) != ("is_error", False)} for b in m["content"]]}
            if isinstance(m["content"], list) else m for m in messages]


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
                               "ids[:-0] is ids[:0], an empty list: write ids[:max(0, len(ids) - keep)]"))


def _fewer_than_keep(fn, name: str) -> None:
    """With fewer results than `keep`, none is old: ids[:len(ids) - keep] would take a negative index and clear some."""
    script = [*SCRIPT[:2], say("I have read two days.")]
    full = long_run(practice_client(script=script), STATION_TASK, station_tools(_data())).messages
    if _results(_as_history(fn(copy.deepcopy(full), keep=3), name)) != _results(full):
        raise AssertionError(_("with keep=3 and only 2 tool results, every result must stay as it was, yet one came "
                               "back changed; mind that ids[:len(ids) - keep] is ids[:-1] when there are fewer "
                               "results than keep: write ids[:max(0, len(ids) - keep)]"))


def _several_a_turn(fn, name: str) -> None:
    """keep counts results, not turns: when one turn read three days, keep=2 keeps two of its three results, and
    keep=1 changes the first two of them, each where it is."""
    script = [call("read_file", path=DAYS[0]), calls(*[call("read_file", path=p) for p in DAYS[1:4]]),
              say("I have read four days.")]
    full = long_run(practice_client(script=script), STATION_TASK, station_tools(_data())).messages
    mine = _results(_as_history(fn(copy.deepcopy(full), keep=2), name))
    if len(mine) == len(_results(full)) and mine[1] == _results(full)[1]:
        raise AssertionError(_("with keep=2 and a turn that read three days at once, the first of those three "
                               "results came back unchanged; keep counts tool results, not turns or messages: "
                               "collect every tool_use id and treat all but the last `keep` as old"))
    ids = [get(b, "tool_use_id") for b in blocks(full) if get(b, "type") == "tool_result"]
    mine = [b for b in blocks(_as_history(fn(copy.deepcopy(full), keep=1), name)) if get(b, "type") == "tool_result"]
    old = dict(zip(ids[:-1], _results(full), strict=False))
    same = [get(b, "tool_use_id") for b in mine if old.get(get(b, "tool_use_id")) == get(b, "content")]
    if same:
        raise AssertionError(_("with keep=1 and a turn that read three days at once, the old results {same} came back "
                               "unchanged; change each old block where it is (b['content'] = ...): a loop that "
                               "removes and re-appends blocks of the list it walks skips the next one", same=same))
    if [get(b, "tool_use_id") for b in mine] != ids:
        raise AssertionError(_("with keep=1 and a turn that read three days at once, the results came back in the "
                               "order {got}, not {ids}; change each old block where it is (b['content'] = ...), "
                               "without removing and re-appending it", got=[get(b, "tool_use_id") for b in mine],
                               ids=ids))


CLAUDE_IDS = ["toolu_01VqZ8", "toolu_01Bn3K", "toolu_01Tx7P", "toolu_01A9cD", "toolu_01Mw2R", "toolu_01Ke5F"]


def _kept(fn, full: list, name: str) -> tuple[list[str], list[str]]:
    """The tool_use_ids of a run's results, and those whose results `fn` with keep=2 left as they were."""
    ids = [b["tool_use_id"] for b in blocks(full) if b["type"] == "tool_result"]
    mine = _results(_as_history(fn(copy.deepcopy(full), keep=2), name))
    return ids, [i for i, text, original in zip(ids, mine, _results(full), strict=False) if text == original]


def _random_ids(fn, name: str) -> None:
    """Claude's tool_use ids are random, so old means first in the history, not first when the ids are sorted."""
    full = long_run(practice_client(script=SCRIPT), STATION_TASK, station_tools(_data())).messages
    renamed = dict(zip([b["id"] for b in blocks(full) if b["type"] == "tool_use"], CLAUDE_IDS, strict=True))
    for b in blocks(full):
        for key in ("id", "tool_use_id"):
            if key in b:
                b[key] = renamed[b[key]]
    ids, kept = _kept(fn, full, name)
    if kept != ids[-2:]:
        raise AssertionError(_("with tool_use ids like Claude's (random, not in time order) and keep=2, the results "
                               "kept as they were are {kept}, not the last two {last}: old means first in the "
                               "history; take the ids in the order of the messages, never sorted", kept=kept,
                               last=ids[-2:]))


def _two_tools(fn, name: str) -> None:
    """keep counts the results of every tool together: a list_files, then six reads, keep=2 keeps the last two reads."""
    script = [call("list_files", folder="station"), *SCRIPT]
    full = long_run(practice_client(script=script), STATION_TASK, station_tools(_data())).messages
    ids, kept = _kept(fn, full, name)
    if kept != ids[-2:]:
        raise AssertionError(_("with keep=2 and a run that called list_files, then read six days, the results kept "
                               "as they were are {kept}, not the last two {last}: keep counts the results of all "
                               "tools together, not of each tool", kept=kept, last=ids[-2:]))


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
    _random_ids(clear_old, "clear_old")
    _two_tools(clear_old, "clear_old")
    _none_kept(clear_old, "clear_old")
    _several_a_turn(clear_old, "clear_old")
    sent, total = _scripted(lambda m: clear_old(m, keep=2))
    expected, full = _scripted(lambda m: clear_old_results(m, keep=2))
    if sent != expected:
        turn = next(i for i, (a, b) in enumerate(zip(sent, expected, strict=False)) if a != b) + 1
        raise AssertionError(_("request {turn} of the run differs from the reference; check keep at every turn",
                               turn=turn))
    _fewer_than_keep(clear_old, "clear_old")
    plain = _scripted(None)[1]
    return _("old results are cleared and the last ones kept at every turn: the run sent {total} input tokens "
             "instead of {plain} ({saved} less).", total=number(total), plain=number(plain),
             saved=number(1 - total / plain, ".0%"))


def _quoted(text: str, original: str) -> bool:
    """True if `text` is whole first lines of `original` followed by one line saying what was left out."""
    head, _, note = text.rpartition("\n")
    return bool(head) and bool(note.strip()) and original.startswith(head + "\n") and note not in original


KEPT_WORDS = re.compile(r"\b(kept|shown|gardés?|conservés?|affichés?)\b", re.IGNORECASE)
UNIT_WORDS = (re.compile(r"\b(char(acter)?s?|caractères?)\b", re.IGNORECASE),
              re.compile(r"\b(lines?|lignes?)\b", re.IGNORECASE), re.compile(r"\b(words?|mots?)\b", re.IGNORECASE))
TOKEN_WORDS = re.compile(r"\b(tokens?|jetons?)\b", re.IGNORECASE)
LEFT_WORDS = re.compile(r"\b(left out|omitted|removed|dropped|elided|skipped|hidden|more|not kept|omis|retirés?|"
                        r"supprimés?)\b", re.IGNORECASE)


def _false_count(note: str, head: str, original: str) -> bool:
    """True if a part of `note` (between commas) gives a number that is no count of what was kept, left out or
    there in all, in characters, lines or words (the unit the part names, if it names one): one unit a part, each
    count once, off by one at most; a percentage must be what was kept or left out, to 1 point."""
    chars = [len(head), len(original), len(original) - len(head)]
    lines = [len(head.splitlines()), len(original.splitlines())]
    lines.append(lines[1] - lines[0])
    words = [len(head.split()), len(original.split())]
    words.append(words[1] - words[0])
    note = re.sub(r"(?<=\d)[ \u00a0\u202f,](?=\d{3}(?!\d))", "", note)  # 1 808, 1,808
    for part in re.split(r"[,;()]", note):
        numbers = [int(n) for n in re.findall(r"(?<![\w./-])\d+(?![\w%./-])(?!\s*%)", part)]
        if TOKEN_WORDS.search(part):  # tokens are estimates (see _false_tokens), told apart there
            continue
        named = [unit for unit, pattern in zip((chars, lines, words), UNIT_WORDS, strict=True) if pattern.search(part)]
        units = named if len(named) == 1 else [chars, lines, words]
        if numbers and not any(_all_counted(numbers, unit) for unit in units):
            return True
        kept, left = KEPT_WORDS.search(part), LEFT_WORDS.search(part)
        if numbers and bool(kept) != bool(left):  # a word says which count the part gives: one of its numbers is it
            said = [unit[0] if kept else unit[2] for unit in units]
            if not any(abs(count - n) <= 1 for n in numbers for count in said):
                return True
        shares = [100 * unit[i] / unit[1] for unit in units for i in ((0,) if kept else (2,) if left else (0, 2))]
        for percent in re.findall(r"(\d+(?:[.,]\d+)?)\s*%", part):
            if not any(abs(float(percent.replace(",", ".")) - share) <= 1 for share in shares):
                return True
    return False


def _false_tokens(note: str, head: str, original: str) -> bool:
    """True if a part of `note` that names tokens gives a number no estimate of the tokens kept, left out or there
    in all comes near: a token is about 4 characters, so the estimate may be off by half, not more."""
    tokens = [estimate(head), estimate(original), estimate(original[len(head):])]
    note = re.sub(r"(?<=\d)[ \u00a0\u202f,](?=\d{3}(?!\d))", "", note)  # 1 808, 1,808
    numbers = [int(n) for part in re.split(r"[,;()]", note) if TOKEN_WORDS.search(part)
               for n in re.findall(r"(?<![\w./-])\d+(?![\w%./-])(?!\s*%)", part)]
    return not all(any(count / 2 <= n <= count * 2 for count in tokens) for n in numbers)


def _all_counted(numbers: list[int], counts: list[int]) -> bool:
    left = list(counts)
    for n in numbers:
        match = next((count for count in left if abs(count - n) <= 1), None)
        if match is None:
            return False
        left.remove(match)
    return True


def _short_one_cut(summarize, messages: list) -> tuple[str, str] | None:
    """(original, summary) of the first old result that already fit in 240 characters and lost some of its text,
    when the longer ones kept their Status line (else too few lines is the first thing to fix)."""
    old = _results(messages)[:-3]
    pairs = list(zip(old, _results(summarize(copy.deepcopy(messages), keep=3))[:len(old)], strict=False))
    if not all("\nStatus:" in str(got) for text, got in pairs if len(text) > 240 and "\nStatus:" in text):
        return None
    return next(((text, got) for text, got in pairs if len(text) <= 240 and text not in str(got)), None)


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
        head, _newline, note = text.rpartition("\n")
        if _false_tokens(note, head, original):
            raise AssertionError(_("an old result ends with the note {note!r}, but about {tokens} tokens of it were "
                                   "left out ({chars} characters: a token is about 4 characters); count what the "
                                   "note names, or name the unit you counted", note=note,
                                   tokens=estimate(original[len(head):]), chars=len(original) - len(head)))
        if _false_count(note, head, original):
            raise AssertionError(_("an old result ends with the note {note!r}, but {kept} of its {total} characters "
                                   "({lines} of {all} lines) were kept; the note's numbers must be true: say how "
                                   "much was kept, or left out", note=note, kept=len(head), total=len(original),
                                   lines=len(head.splitlines()), all=len(original.splitlines())))
    _random_ids(summarize, "summarize_old")
    _none_kept(summarize, "summarize_old")
    _several_a_turn(summarize, "summarize_old")
    reference = long_run(practice_client(), STATION_TASK, station_tools(_data()))
    try:
        run = long_run(practice_client(), STATION_TASK, station_tools(_data()), manage=lambda m: summarize(m, keep=3))
    except anthropic.BadRequestError as exc:
        raise AssertionError(_("the practice model refused a request of your loop: {error}",
                               error=exc.message)) from None
    if not run.answer.startswith(reference.answer):  # the same days and count, and a note on what was abridged
        cut = _short_one_cut(summarize, reference.messages)
        if cut:
            raise AssertionError(_("with your summaries the answer became {got!r}…: an old result of {n} characters, "
                                   "shorter than chars=240 already, came back as {text!r}…; leave a result that fits "
                                   "as it is, and abridge only the longer ones", got=run.answer[:90], n=len(cut[0]),
                                   text=str(cut[1])[:60]))
        raise AssertionError(_("with your summaries the answer became {got!r}…, not the full run's {want!r}…; "
                               "keep enough first lines for each day's fields (Status is the 9th line)",
                               got=run.answer[:90], want=reference.answer[:60]))
    unnumbered = [note for text in mine if not re.search(r"\d", note := text.rpartition("\n")[2])]
    if unnumbered:  # after the run: a summary too short to answer from is the first thing to fix
        raise AssertionError(_("an old result ends with the note {note!r}, which gives no number; say how much "
                               "was kept or left out, e.g. '[abridged: 160 of 1820 characters kept]'",
                               note=unnumbered[0]))
    _fewer_than_keep(summarize, "summarize_old")
    return _("old results are quoted, abridged, with a note; the run still answers as the full one, and sent "
             "{total} input tokens instead of {full} ({saved} less).", total=number(run.total), full=number(reference.total),
             saved=number(1 - run.total / reference.total, ".0%"))

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


ONE_AT_A_TIME = {"type": "auto", "disable_parallel_tool_use": True}


def _digest(messages) -> list:
    """What a history says, block by block, whether it holds dicts, the SDK's blocks or the JSON sent."""
    out = []
    for message in messages if isinstance(messages, list) else []:
        content = get(message, "content")
        if not isinstance(content, list):
            out.append((get(message, "role"), str(content)))
            continue
        out.append((get(message, "role"), tuple(
            (get(b, "type"), get(b, "id") or get(b, "tool_use_id"), str(get(b, "text") or get(b, "content") or ""),
             json.dumps(get(b, "input"), sort_keys=True)) for b in content)))
    return out


class _Manager:
    """The check's manage: clears all tool results but the last one, and notes when and what it was given."""

    def __init__(self, client):
        self.client, self.given, self.snapshots, self.returned, self.at = client, [], [], [], []

    def __call__(self, messages):
        self.at.append(transport_of(self.client).calls)  # requests made before this call
        if not isinstance(messages, list):
            raise AssertionError(_("manage was given {kind}; hand it your history, the list of messages",
                                   kind=type(messages).__name__))
        unanswered = [b for b in blocks(messages) if get(b, "type") == "tool_result" and not get(b, "tool_use_id")]
        if unanswered and isinstance(unanswered[0], dict) and "tool_use_id" in unanswered[0]:
            raise AssertionError(_("your loop sent a tool_result whose tool_use_id is {value!r}; each tool_result "
                                   "needs the tool_use_id of the tool_use block it answers: send "
                                   "toolbox.execute(block, approve).result as it is",
                                   value=unanswered[0]["tool_use_id"]))
        if unanswered:
            raise AssertionError(_("your loop sent a tool_result with the fields {fields} and no tool_use_id; each "
                                   "tool_result needs the tool_use_id of the tool_use block it answers: send "
                                   "toolbox.execute(block, approve).result as it is",
                                   fields=sorted(unanswered[0]) if isinstance(unanswered[0], dict) else "?"))
        self.given.append(messages)
        self.snapshots.append(_digest(messages))
        managed = clear_old_results(plain(messages), keep=1)
        self.returned.append(_digest(managed))
        return managed


def _signature_problem(my_loop) -> str | None:
    try:
        parameters = inspect.signature(my_loop).parameters.values()
    except (TypeError, ValueError):
        return None
    if "manage" not in {p.name for p in parameters}:
        return _("my_loop has no manage parameter; add manage=None after approve=None")
    if not any(p.kind is p.VAR_KEYWORD for p in parameters):
        return _("my_loop takes no **request; add it last (manage=None, **request) and pass it on: "
                 "client.messages.create(..., **request)")
    return None


def _hook_problem(manager: _Manager, requests: list, returned: list) -> str | None:
    """What the loop did wrong with manage, judged from when it ran, what it got and returned, and what was sent."""
    if not manager.at:
        return _("your loop never called manage; when it is given, call messages = manage(messages) before each "
                 "request")
    if manager.at[0] != 0:
        return _("manage ran only after request 1 had gone out; call it at the top of each turn, before "
                 "client.messages.create, so every request sends the managed history")
    if len(manager.at) < len(requests):
        return _("manage ran {runs} time(s) for {requests} requests; call it before every request, inside the loop, "
                 "not once before it", runs=len(manager.at), requests=len(requests))
    for turn, (at, body) in enumerate(zip(manager.at, requests, strict=False)):
        if at != turn:
            return _("manage ran after request {n} instead of before it; call it right before the model call",
                     n=turn + 1)
        if _digest(body.get("messages")) != manager.returned[turn]:
            return _("request {n} did not send what manage returned; send its result: "
                     "messages = manage(messages), then client.messages.create(messages=messages, ...)", n=turn + 1)
        if body.get("tool_choice") != ONE_AT_A_TIME:
            return _("request {n} did not carry the tool_choice given to your loop; pass **request on: "
                     "client.messages.create(..., **request)", n=turn + 1)
    for turn in range(1, len(manager.snapshots)):
        before, now = manager.returned[turn - 1], manager.snapshots[turn]
        if now[:len(before)] != before or len(now) != len(before) + 2:
            return _("at turn {n} manage was given a history that is not what it returned at turn {before} plus "
                     "the reply and its results; keep manage's result as your history (messages = manage(messages)), "
                     "so the history you return is the managed one, as the model saw it", n=turn + 1, before=turn)
    final = _digest(returned)
    if final[:len(manager.returned[-1])] != manager.returned[-1]:
        return _("your loop returned a history that is not the managed one; return the list manage gave you, with "
                 "the last reply")
    for turn, (given, snapshot) in enumerate(zip(manager.given, manager.snapshots, strict=True)):
        if _digest(given) != snapshot:
            return _("your loop changed the history it had handed to manage at turn {n} (messages[:] = ... or an "
                     "append to the old list); manage may keep what it was given: rebind messages = manage(messages) "
                     "and append to the new list", n=turn + 1)
    return None


def _with_manage(my_loop, manage):
    def loop(client, task, toolbox, **options):
        return my_loop(client, task, toolbox, manage=manage, **options)
    return loop


CAP_CASES = [  # (label, setup, options): the limits of notebook 03 still hold
    (N_("when the model never stops (max_turns=4)"), lambda: (faults.never_stops(), _weather_box()), {"max_turns": 4}),
    (N_("when the model never stops (token_budget=1500)"), lambda: (faults.never_stops(), _weather_box()),
     {"max_turns": 50, "token_budget": 1500}),
]
SLOW = ("when the model stops answering in time from the second model call on",
        "when the connection drops from the second model call on")


def _unretried(fault):
    """The setup of a 5.5 case of SLOW on a client that does not retry, so it ends at once (an APIConnectionError
    all the same: a loop that catches only APIStatusError lets it out)."""
    def setup():
        client = practice_client(script=WEATHER_SCRIPT, max_retries=0)
        transport_of(client).add_fault(_Brake())
        fault(client, times=None, after=1)
        return client, _weather_box()
    return setup


UNRETRIED = [(SLOW[0], _unretried(faults.timeout), {}), (SLOW[1], _unretried(faults.connection_reset), {})]


def _statuses_hold(my_loop) -> int:
    """Run the API cases of 5.5 (SLOW ones without retries) and the caps, without manage and with one: as run_agent
    ends them."""
    cases = [(label, setup, {}) for label, setup, _meets in API_CASES if label not in SLOW] + UNRETRIED + CAP_CASES
    for label, setup, options in cases:
        for manage, how in ((None, N_("without manage")), (plain, N_("with a manage"))):
            loop = my_loop if manage is None else _with_manage(my_loop, manage)
            when = _("{how}, {case}", how=_(how), case=_(label))
            try:
                compare(_catching(loop), setup, WEATHER_TASK, when, **options)
            except _Endless:
                raise AssertionError(_("{when}, your loop called the model again and again; keep the ending "
                                       "of exercise 5.5: after an API error, return 'error' and the messages",
                                       when=when)) from None
            except _Escaped as escaped:
                raise AssertionError(_("{when}, your loop let {error} out; keep the try/except anthropic.APIError "
                                       "of exercise 5.5 around the model call", when=when,
                                       error=type(escaped.__cause__).__name__)) from None
            except TypeError as exc:
                if manage is None and "'NoneType' object is not callable" in str(exc):
                    raise AssertionError(_("without manage, your loop called manage, which is None; call it only "
                                           "when given: if manage is not None: messages = manage(messages)")) from None
                raise
    return 2 * len(cases)


def _exact_budget(my_loop) -> None:
    """A token_budget that two turns spend exactly: the loop stops there, as run_agent does (spent >= token_budget)."""
    setup = lambda: (faults.never_stops(), _weather_box())  # noqa: E731  (a fresh pair per run)
    client, box = setup()
    two_turns = _tokens_after(run_agent(client, WEATHER_TASK, box, max_turns=2), 2)
    compare(_with_manage(my_loop, plain), setup, WEATHER_TASK,
            N_("with a manage, when the model never stops and token_budget is what two turns spend"),
            advice=N_("stop when the tokens so far are at the budget too (spent >= token_budget), as in exercise 3.4"),
            max_turns=50, token_budget=two_turns)


def test_manage(my_loop) -> str:
    """manage runs before every request, its result is sent and kept, **request reaches the API, and the
    statuses and caps of notebook 05 hold with and without manage."""
    if not callable(my_loop):
        raise AssertionError(_("pass your function itself: {call}", call="ex08.manage.check(my_loop)"))
    problem = _signature_problem(my_loop)
    if problem:
        raise AssertionError(problem)
    client, guard = guarded(practice_client(script=SCRIPT))
    manager = _Manager(client)
    _status, returned = call_loop(my_loop, client, guard, STATION_TASK, Toolbox(station_tools(_data())),
                            manage=manager, tool_choice=ONE_AT_A_TIME)
    problem = _hook_problem(manager, transport_of(client).requests, returned)
    if problem:
        raise AssertionError(problem)
    runs = _statuses_hold(my_loop)
    _exact_budget(my_loop)
    ctrl_c_stops(my_loop)
    _approval_holds(my_loop)  # the approver of notebook 05 still decides
    endings_hold(my_loop)  # and the endings of exercise 3.2
    same_call_twice(my_loop)  # and every call of a turn answered, as in exercise 5.1
    return _("manage ran before each of the {requests} requests, and what it returned was sent and kept; "
             "tool_choice reached every request; {runs} runs with API faults and limits, with and without manage, "
             "end as run_agent ends them.", requests=len(manager.at), runs=runs)


MANAGE_SOLUTION = N_('''def my_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None, manage=None, **request):
    \"\"\"Run the agent loop; manage(messages), if given, rewrites the history before each request.\"\"\"
    messages, spent = [{"role": "user", "content": task}], 0
    for _ in range(max_turns):
        if token_budget is not None and spent >= token_budget:
            return "over_budget", messages
        if manage is not None:
            messages = manage(messages)  # sent, and kept: the next turn builds on it
        try:
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages,
                                           tools=toolbox.to_api(), **request)
        except anthropic.APIError:  # raised after the SDK's own retries
            return "error", messages
        spent += reply.usage.input_tokens + reply.usage.output_tokens
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "anomaly"), messages
        results = [toolbox.execute(b, approve).result for b in reply.content if b.type == "tool_use"]
        messages.append({"role": "user", "content": results})
    return "max_turns", messages''')

manage = Exercise(
    N_("Exercise 8.0 — a hook for the history"),
    test_manage,
    N_("Paste your loop of notebook 05 and add two parameters, manage=None and **request. At the top of each turn, "
       "if manage is not None, write messages = manage(messages); then pass **request on to client.messages.create."),
    MANAGE_SOLUTION,
)
