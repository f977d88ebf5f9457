"""Limits a survey task puts on amounts and dates: 'over 500 EUR', 'largest', 'due before 14/11/2026'."""

from __future__ import annotations

import re
from calendar import monthrange
from operator import ge, gt, le, lt

from ._records import CODES, DUE_WORD, Record, changed_by, first_given, money, money_keys, moved_due
from .interpret import CURRENCIES
from .text import SCOPE_SKIP, STOPWORDS, french, stem, stems, words

AMOUNT = re.compile(r"\b(over|above|more than|greater than|exceeding|exceeds?|at least|under|below|less than|at most)\s+"
                    r"(?:(€|\$|£|[A-Z]{3})\s?)?(\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?|\d[\d,.]*\d|\d)"
                    r"(?:\s*(€|\$|£|[A-Z]{3})\b)?(?![\d/\w]|[.,]\d)")  # not '1k', nor the '0' of '0.5k'
NEUTRAL = {"are", "is", "were", "was", "be", "been", "invoices", "invoice", "ones", "bills", "records", "dated"}
DATED = re.compile(r"(?:\b(\w+)\s+)?\b(before|after|until|since)\s+(\d{1,2}/\d{1,2}/\d{4}|\d{4}-\d{2}-\d{2})\b",
                   re.IGNORECASE)
WRITTEN = re.compile(r"\b\d{1,2}(?:st|nd|rd|th|er)?\s+[^\W\d_]{3,}\.?,?\s+\d{4}\b|\b[^\W\d_]{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b")
SLASHED = re.compile(r"\s*(\d{1,2})/(\d{1,2})/(\d{4})\s*")
BEFORE = re.compile(r"([^\W\d_]+)\s*(?:\b(?:of|is|was|are|were|de|du|d['’])\s*)?(?:[:=]\s*)?$", re.IGNORECASE)
MONEY_WORDS = {w for said in CURRENCIES.values() for w in said.split()} | {"still", "yet", "total", "each", "due",
                                                                         "paid", "unpaid", "owed", "outstanding"}
PER_UNIT = re.compile(r"(?<![^\W_])(?:unit|unitaire|per|par|rate|taux|hourly|horaire|each|nightly)(?![^\W_])", re.IGNORECASE)  # a price
# per unit, per hour, per night: what one of a record's units costs, not what the record comes to
PASSES = {"over": gt, "above": gt, "more than": gt, "greater than": gt, "exceeding": gt, "exceed": gt, "exceeds": gt, "at least": ge,
          "under": lt, "below": lt, "less than": lt, "at most": le}  # the amount's test for each word of AMOUNT
DAY_PASSES = {"before": lt, "after": gt, "until": le, "since": ge}  # 'until' and 'since' take in the day they name
EXTREME = re.compile(  # 'the largest (unpaid) invoice', '... is the largest?'; not 'the biggest client': not an amount
    r"\b(?:largest|biggest|highest|smallest|lowest)\b(?=\s*(?:[?.!,;]|$|(?:invoices?|bills?|ones?|records?|amounts?|"
    r"unpaid|paid|open|outstanding|settled|factures?)\b))", re.IGNORECASE)


def counted(task: str, found: re.Match, quantity: set[str]) -> str | None:
    """The limit as written with the word saying it counts no money: 'more than 20 units', 'a quantity of at least
    25' (a field holding no money), else None; a limit with a currency is about money."""
    if found.group(2) or found.group(4):
        return None
    after = re.match(r"\s*([^\W\d_]+)", task[found.end():])
    if after and (stem(after[1].lower()) in quantity or after[1].lower() not in STOPWORDS | SCOPE_SKIP | MONEY_WORDS):
        return f"{found[0]} {after[1]}"
    before = BEFORE.search(task[:found.start()])
    return f"{before[0].strip()} {found[0]}" if before and stem(before[1].lower()) in quantity else None


def per_unit(task: str, records: list[Record]) -> str | None:
    """The one money field, if it is a price per unit or a rate ('Unit price', 'Hourly rate') the task does not name
    whole: adding or comparing it says nothing of what a record comes to."""
    keys = money_keys(records)
    named = len(keys) == 1 and set(stems(keys[0])) <= {stem(w.lower()) for w in words(task)}
    return keys[0] if len(keys) == 1 and PER_UNIT.search(keys[0]) and not named else None


BALANCE = set(stems("balance remaining left restant reste solde outstanding unpaid impayé impayée owed dû"))  # still owed
RECEIVED = set(stems("paid payé payée received reçu encaissé collected deposit acompte réglé réglée settled versé"))
OWING = set(stems("owe owes owed owing still outstanding remaining left balance reste restant doit doivent dû solde"))
CAME_IN = set(stems("received reçu reçus encaissé encaissés collected perçu"))
GENERIC = set(stems("amount amounts total totals sum montant somme due"))


def part_of_invoice(key: str, task: str) -> bool:
    """Whether the money field holds a part of each invoice (Balance due, Amount paid, Reste à payer) that the task
    does not ask for: 'How much did we bill?' is not answered by what is left to pay."""
    told, asked = set(stems(key)), set(stems(task))
    if told & asked - GENERIC:
        return False  # 'the total amount paid', 'the unpaid amounts': the task names the field
    return bool(told & BALANCE and not asked & OWING or told & RECEIVED - BALANCE and not asked & CAME_IN)


def by_amount(phrase: str, chosen: list[Record], records: list[Record], notes: list[str], task: str = "") -> list[Record] | str:
    """The records whose amount passes 'over 500 EUR' (or is the 'largest'), noting those it cannot compare."""
    keys = money_keys(records)
    if len(keys) != 1:
        return f"I cannot apply '{phrase}': the records have {'no amount I can read' if not keys else 'several amounts'}"
    if task and part_of_invoice(keys[0], task):
        return f"I cannot apply '{phrase}': the records' only amount is {keys[0]!r}, a part of each invoice"
    amounts = {r.file: money(r.fields.get(keys[0], "")) for r in chosen}
    limit = AMOUNT.fullmatch(phrase)
    currency = limit and (limit.group(2) or limit.group(4) or "").translate(CODES)
    comparable = [r for r in chosen if amounts[r.file] and (not currency or amounts[r.file][1] == currency)]
    notes.extend(f"{r.file} was abridged in the history before any amount; it is not counted." if r.cut else
                 f"{r.file} has no amount{' in ' + currency if currency else ''} I can compare; it is not counted."
                 for r in chosen if r not in comparable)
    if len({amounts[r.file][1] for r in comparable}) > 1:  # 'over 1000' beside EUR and CHF amounts: 1000 of which?
        return f"I cannot apply '{phrase}': the amounts are in several currencies"
    if limit:
        said = limit.group(3) if french(task) else re.sub(r"(?<=\d),(?=\d{3}\b)", "", limit.group(3))  # 'over 1,000' in English
        bound = money(said + " EUR")  # read as an amount: '1 000', '1,000', '95,25' and '95.25'
        if bound is None:
            return f"I cannot apply '{phrase}': I cannot read {limit.group(3)!r} as an amount"
        return [r for r in comparable if PASSES[limit.group(1).lower()](amounts[r.file][0], bound[0])]
    pick = max if phrase.lower() in ("largest", "biggest", "highest") else min
    best = pick((amounts[r.file][0] for r in comparable), default=None)
    return [r for r in comparable if amounts[r.file][0] == best]


BY_DATE = ("I match records on a date only against one full date written 2026-11-14 or 14/11/2026, one bound at a time, "
           "so I give no list and no total")


def by_date(found: re.Match, chosen: list[Record], records: list[Record], notes: list[str]) -> list[Record] | str:
    """The records whose date field is before or after the task's date ('due before 14/11/2026')."""
    phrase = found.group().strip()
    fields = list(dict.fromkeys(k for r in records for k, v in r.fields.items() if _date(v, "dmy") or _date(v, "mdy")))
    before = (found.group(1) or "").lower()
    named = [k for k in fields if before and before in words(k)]
    if not fields and any(WRITTEN.search(v) for r in records for v in r.fields.values()):  # 'Due: 15 October 2026'
        return (f"I cannot apply the condition '{phrase}': the records write their dates in words ('15 October 2026'), "
                "which I do not compare, so I give no list and no total")
    if len(named or fields) != 1 or (before and not named and before not in NEUTRAL):  # 'paid before ...'
        return f"I cannot apply '{phrase}': I cannot tell which date field of the records it means"
    key = (named or fields)[0]
    slashed = [d.groups() for r in records if (d := SLASHED.fullmatch(first_given(r, key)))]  # not 'n/a'
    days, months = [int(d[0]) for d in slashed], [int(d[1]) for d in slashed]
    order = "ymd" if not days else "dmy" if max(days) > 12 else "mdy" if max(months) > 12 else None
    said = found.group(3)
    told = "ymd" if not SLASHED.fullmatch(said) else _told(said)  # the task's date read on its own: '15/06/2026' is 15
    order = told if order == "ymd" else order  # June even beside '07/15/2026'; beside ISO records it tells alone
    mine = told or order  # an ambiguous '05/06/2026' as the records write theirs
    limit = mine and _date(said, mine)
    if mine and order and not limit:  # '31/02/2026': no such day, so no record is before or after it
        return f"I cannot apply '{phrase}': {said} is no date of the calendar"
    if not limit or not order:
        return f"I cannot apply '{phrase}': I cannot tell whether its dates are day/month or month/day"
    notes.extend(f"{r.file} was abridged in the history before any {key} date; it is not counted." if r.cut and key not in
                 r.fields else f"{r.file} says '{changed_by(r, key)}', which changes the {key} it first gives; it is not "
                 "counted." if changed_by(r, key) else f"{r.file} has no {key} date I can read; it is not counted."
                 for r in chosen if _date(r.fields.get(key, ""), order) is None)
    moved = {r.file: line for r in chosen if DUE_WORD.search(key) and _date(r.fields.get(key, ""), order) and (
        line := moved_due(r, key))}  # 'Due date extended to 08/01/2027': the Due it gives may no longer hold
    notes.extend(f"{file} says '{line}', which changes the {key} it first gives; it is not counted."
                 for file, line in moved.items())
    return [r for r in chosen if r.file not in moved
            and (when := _date(r.fields.get(key, ""), order)) and DAY_PASSES[found[2].lower()](when, limit)]


def _told(text: str) -> str | None:
    """'dmy' or 'mdy' when a date of the task tells its order alone ('15/06/2026', '06/15/2026', '05/05/2026'); None for
    an ISO date or an ambiguous one ('05/06/2026')."""
    own = SLASHED.fullmatch(text)
    first, second = (int(own.group(1)), int(own.group(2))) if own else (0, 0)
    return None if not own else "dmy" if first > 12 or first == second else "mdy" if second > 12 else None


def _date(text: str, order: str | None) -> tuple[int, int, int] | None:
    """(year, month, day) of '14/11/2026' (day first if `order` is 'dmy') or '2026-11-14'; None otherwise."""
    if iso := re.fullmatch(r"\s*(\d{4})-(\d{2})-(\d{2})\s*", text):
        year, month, day = map(int, iso.groups())
    elif slashed := SLASHED.fullmatch(text):
        first, second, year = map(int, slashed.groups())
        day, month = (first, second) if order == "dmy" else (second, first)
    else:
        return None
    return (year, month, day) if 1 <= month <= 12 and 1 <= day <= monthrange(year, month)[1] else None
