"""The held-out suite: new wordings of the notebook tasks over data the practice model's skills never saw.

Written before the planner changes of issue 18 and never used to tune a rule: a case that fails
here is measured, not fixed by a rule made for its wording. The development suite is
tests/paraphrase_cases.py; no task here is taken from it (tests/test_practice_heldout.py checks).

Each case writes its own data under a fresh folder (other clients, amounts with cents and
commas, status words with extra words, hyphenated folder names, French files, articles about
other things) and computes its truth from that data, never from the planner. A reply is:
- right: it states every true fact and no false one;
- declined: it plainly says it cannot do the task or a part of it (naming what), and states no false fact;
- wrong: anything else: a false fact, or an answer to a neighbouring question given as if asked.
A case is *answerable* when its data holds the answer; otherwise the only good reply is a decline.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from looplab import samples

DECLINE = re.compile(
    r"\bcan(?:no|')t\b|\bcould(?:n't| not)\b|\bunable\b|\bdid not (?:apply|answer|compare|find|follow|understand|use)|"
    r"\bdo not (?:know|answer|understand)|\bnot able\b|\bI give no\b|\bfound nothing\b|\bno (?:document|information|data) "
    r"|\bis not (?:found|in|known)\b|\bno (?:folder|file) |\bdoes not exist|\bn'existe pas|\bunknown\b|\bdeclin|\bnot sure\b|"
    r"\bne (?:peux|sais|trouve) pas\b|\bn'ai pas (?:pu|trouvé|compris)|\bimpossible\b|\binconnu",
    re.IGNORECASE)


@dataclass
class Case:
    """One task: `build(folder)` writes its data and returns (tools, true facts, false facts).

    `answerable` is False when the data cannot answer the task (the good reply is a decline);
    `schema` (a pydantic model with one number field) makes the case a structured-output case:
    the run's history is sent back once more to `messages.parse` and that number is judged.
    """

    name: str
    task: str
    build: Callable
    answerable: bool = True
    kind: str = "invoices"
    schema: object = None
    truth: float | None = None  # a structured case's true number (None: not answerable)
    named: str | None = None  # a part of the task a decline must name (a pattern), e.g. the "when" of a two-part task


# --- the classifier

def has(text: str, fact) -> bool:
    """True if `fact` (a string or a compiled pattern) is in `text`, a string as a whole word or number."""
    if isinstance(fact, re.Pattern):
        return fact.search(text) is not None
    return re.search(rf"(?<![\w.,]){re.escape(fact)}(?![\w]|[.,]\d)", text, re.IGNORECASE) is not None


def clauses(answer: str) -> list[str]:
    """The answer cut at sentence and clause ends ('. ', '; ', new lines)."""
    return [c for c in re.split(r"(?<=[.;!?])\s+|\n+", answer) if c.strip()]


def verdict(answer: str, facts: list, false: list, named: str | None = None) -> str:
    """'right', 'declined' or 'wrong' for `answer` (see the module's docstring).

    Facts, true or false, count only in clauses that do not themselves decline ("X.txt has status
    '...', which I cannot read" names a record, it claims nothing about it). A decline counts when some clause
    declines and, if `named` is given, some declining clause names that part of the task: a decline
    about something else does not excuse a missing grand total or "when".
    """
    answer = answer or ""
    parts = clauses(answer)
    declining = [c for c in parts if DECLINE.search(c)]
    claims = " \n ".join(c for c in parts if not DECLINE.search(c))
    if any(has(claims, f) for f in false):
        return "wrong"
    if facts and all(has(claims, f) for f in facts):
        return "right"
    if declining and (named is None or any(re.search(named, c, re.IGNORECASE) for c in declining)):
        return "declined"
    return "wrong"


def names_what(task: str, answer: str) -> bool:
    """True if a declining clause of `answer` names a word of `task`: one of 4 letters or more, or a shorter one
    it quotes ('vat', 'sin'): what it could not do."""
    words, short = {w.lower() for w in re.findall(r"\w{4,}", task)}, {w.lower() for w in re.findall(r"\w+", task)}
    return any(words & {w.lower() for w in re.findall(r"\w{4,}", c)} or short & {q.lower() for q in re.findall(r"'(\w+)'", c)}
               for c in clauses(answer) if DECLINE.search(c))


def number_forms(value: float) -> list[str]:
    """The ways a reply may write `value`: 1250.5 -> 1250.5, 1250.50, 1,250.50, 1 250,50, 1250,50 ..."""
    whole, cents = int(round(value * 100)) // 100, int(round(value * 100)) % 100
    grouped = f"{whole:,}"
    heads = {str(whole), grouped, grouped.replace(",", " "), grouped.replace(",", "\u202f"), grouped.replace(",", "\u00a0")}
    forms = set()
    for head in heads:
        if cents == 0:
            forms |= {head, head + ".0", head + ".00", head + ",00"} if "," not in head else {head, head + ".0", head + ".00"}
        else:
            two, one = f"{cents:02d}", f"{cents:02d}".rstrip("0")
            sep = ["."] if "," in head else [","] if not head.isdigit() else [".", ","]
            forms |= {head + s + c for s in sep for c in {two, one}}
    return sorted(forms, key=len, reverse=True)


NEVER = re.compile(r"(?!)")  # a part of the task the data cannot answer: only a decline naming it is good

CURRENCY = {"EUR": r"(?:EUR|€|euros?)", "USD": r"(?:USD|US\$|\$|dollars?)", "GBP": r"(?:GBP|£|pounds?)"}


def money(value: float, code: str = "EUR") -> re.Pattern:
    """A pattern for an amount in a reply, the currency before or after the number."""
    num = "(?:" + "|".join(re.escape(f) for f in number_forms(value)) + ")"
    cur = CURRENCY[code]
    return re.compile(rf"(?:{cur}\s?(?<![\w.,]){num}(?![\w]|[.,]\d)|(?<![\w.,]){num}(?![\w]|[.,]\d)\s?{cur})", re.IGNORECASE)


def stated_total(value: float, code: str = "EUR") -> re.Pattern:
    """A pattern for `value` stated as a total (or a sum owed): 'Total ...: 1850 EUR', 'total of 1850 EUR'."""
    return re.compile(rf"(?:total|owe|due|sum|somme|montant)[^.\n]{{0,60}}?(?:{money(value, code).pattern})", re.IGNORECASE)


def number(value: float) -> re.Pattern:
    """A bare number in a reply, written any usual way."""
    num = "|".join(re.escape(f) for f in number_forms(value))
    return re.compile(rf"(?<![\w.,])(?:{num})(?![\w]|[.,]\d)")


# --- invoice folders

CLIENTS = ["Brasserie du Nord", "Atelier Fenouil", "Clinique Dorée", "Garage Pivert", "Studio Ambre",
           "Cave Sainte-Lucie", "Fromagerie Lestrade", "Opticien Martel", "Agence Kobalt", "Reliure Fauve",
           "Boucherie Ninon", "Théâtre Azur"]


@dataclass
class Inv:
    number: str
    client: str
    amount: float
    state: str  # 'paid', 'unpaid' or 'unknown' (a status a careful reader cannot classify)
    status: str
    due: str
    currency: str = "EUR"


STATUS = {  # style -> (key, paid words, unpaid words)
    "en": ("Status", ["paid in full", "PAID", "received by transfer"], ["awaiting payment", "overdue", "not yet received"]),
    "pay": ("Payment", ["received", "done"], ["pending", "missing"]),
    "fr": ("Statut", ["réglée", "payée le 03/10/2027"], ["en attente", "non réglée"]),
}
UNKNOWN = ["paid 50%", "paid (cheque bounced)", "partially paid", "paid?", "disputed"]


def ledger(seed: int, style: str = "en", n: int = 5, cents: bool = False, unknown: str | None = None,
           repeat_client: bool = False, currencies=("EUR",)) -> list[Inv]:
    """Generated invoices: at least one paid and one unpaid; `unknown` gives one a status of that text;
    `repeat_client` gives the first client a second invoice of the other state."""
    rng = random.Random(1000 + seed)
    clients = rng.sample(CLIENTS, n)
    key, paid_words, unpaid_words = STATUS[style]
    rows = []
    for i in range(n):
        state = ["paid", "unpaid"][i % 2] if i < 2 else rng.choice(["paid", "unpaid"])
        amount = rng.randint(40, 2400) + (rng.choice([0.5, 0.25, 0.9, 0.05]) if cents else 0)
        rows.append(Inv(f"{rng.choice(['FC', 'N', 'R'])}{seed:02d}-{rng.randint(100, 999)}", clients[i], amount, state,
                        rng.choice(paid_words if state == "paid" else unpaid_words), f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/2027",
                        rng.choice(currencies)))
    if repeat_client:
        first = rows[0]
        rows[-1].client = first.client
        rows[-1].state = "unpaid" if first.state == "paid" else "paid"
        rows[-1].status = rng.choice(paid_words if rows[-1].state == "paid" else unpaid_words)
    if unknown:
        rows[2].state, rows[2].status = "unknown", unknown
    return rows


def money_text(value: float, code: str, french: bool) -> str:
    """How the files write an amount: '1250.50 EUR', or French '1 250,50 €'."""
    if french:
        return f"{value:,.2f}".replace(",", " ").replace(".", ",") + (" €" if code == "EUR" else f" {code}")
    return (f"{value:.2f}" if value != int(value) else f"{int(value)}") + f" {code}"


def write_ledger(rows: list[Inv], folder: Path, style: str = "en") -> None:
    """One text file per invoice, in English or (style 'fr') French."""
    folder.mkdir(parents=True, exist_ok=True)
    key = STATUS[style][0]
    french = style == "fr"
    for r in rows:
        lines = [f"{'Facture' if french else 'Invoice'} {r.number}", f"Client: {r.client}",
                 f"{'Montant TTC' if french else 'Amount'}: {money_text(r.amount, r.currency, french)}",
                 f"{'Échéance' if french else 'Due date'}: {r.due}", f"{key}: {r.status}"]
        (folder / f"{r.number}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def total(rows) -> float:
    return round(sum(r.amount for r in rows), 2)


PLAIN = ["ledger", "billing", "accounts", "receivables", "sales", "invoices", "bills", "customers"]


def inv_case(name: str, task: str, seed: int, truth, *, folder: str | None = None, style: str = "en",
             answerable: bool = True, named: str | None = None, **kw) -> Case:
    """An invoice case: `truth(rows, by_state)` returns (facts, false) computed from the generated rows.
    The folder is a plain name unless given (hyphenated names are given on purpose)."""
    folder = folder or ("factures" if style == "fr" else PLAIN[seed % len(PLAIN)])
    rows = ledger(seed, style, **kw)
    first = rows[0].client
    unpaid_client = next(r.client for r in rows if r.state == "unpaid")

    def build(root: Path):
        write_ledger(rows, root / folder, style)
        by = {s: [r for r in rows if r.state == s] for s in ("paid", "unpaid", "unknown")}
        facts, false = truth(rows, by)
        return samples.invoice_tools(root), facts, false

    text = task.format(folder=folder, client=first, unpaid_client=unpaid_client, n0=rows[0].number,
                       n1=rows[1].number, c1=rows[1].client, c3=rows[3].client)
    amb = next((re.escape(r.number) for r in rows if r.state == "unknown"), "")
    return Case(name, text, build, answerable, "invoices", named=named and named.format(client=re.escape(first), amb=amb))


def numbers(rows):
    return [r.number for r in rows]


def none_claim(word: str) -> list[re.Pattern]:
    """'No record is unpaid', 'Total: 0': false when some record is `word`."""
    return [re.compile(rf"\b(?:no|none)\b[^.\n]{{0,25}}\b(?:is|are)\s+{word}\b", re.IGNORECASE),
            re.compile(r"total[^.\n]{0,20}:\s*0(?![\d.,])", re.IGNORECASE)]


def unpaid_list(rows, by):
    """The unpaid ones named, no paid one named, no claim that none is unpaid."""
    return numbers(by["unpaid"]), numbers(by["paid"]) + numbers(by["unknown"]) + none_claim("unpaid")


def unpaid_total(rows, by):
    """The unpaid ones and their total; the paid total and the grand total are false as totals."""
    facts, false = unpaid_list(rows, by)
    wrong = {total(by["paid"]), total(rows)} - {total(by["unpaid"])}
    return facts + [money(total(by["unpaid"]))], false + [stated_total(v) for v in wrong]


def paid_list(rows, by):
    return numbers(by["paid"]), numbers(by["unpaid"]) + numbers(by["unknown"]) + none_claim("paid")


def grand_total(rows, by):
    """A grand total of every invoice; the subtotals are false as the total."""
    wrong = {total(by["paid"]), total(by["unpaid"])} - {total(rows)}
    return [money(total(rows))], [stated_total(v) for v in wrong]


def with_unknown(rows, by):
    """Unpaid list, and the record of unclear status named, never counted as paid."""
    (amb,) = by["unknown"]
    facts = numbers(by["unpaid"]) + [amb.number]
    false = numbers(by["paid"]) + none_claim("unpaid") + [re.compile(rf"(?<!un)paid:[^.\n]*{re.escape(amb.number)}", re.IGNORECASE)]
    if "50%" in amb.status:
        false.append(stated_total(total(by["unpaid"]) + amb.amount))
    return facts, false


def count_unpaid(rows, by):
    n = len(by["unpaid"])
    return [counted(n)], [counted(o) for o in {len(by["paid"]), len(rows)} - {n}]


def counted(n: int) -> re.Pattern:
    """`n` stated as a count: '3 invoices', 'Count: 3', 'three unpaid'."""
    word = ["zero", "one", "two", "three", "four", "five", "six", "seven"][n] if n < 8 else str(n)
    return re.compile(rf"(?:\b{n}\b|\b{word}\b)(?![.,]\d)[^.\n]{{0,30}}(?:invoice|bill|unpaid|paid|outstanding|factur)|"
                      rf"(?:count|number|nombre)[^.\n]{{0,20}}(?<![\d.,]){n}(?![\d]|[.,]\d)", re.IGNORECASE)


def client_owes(rows, by):
    """What the first client still owes: its unpaid invoices; its paid ones are not owed."""
    who = rows[0].client
    mine = [r for r in rows if r.client == who]
    owed = [r for r in mine if r.state == "unpaid"]
    facts = numbers(owed) + ([money(total(owed))] if owed else [])
    false = numbers([r for r in rows if r.client != who]) + [stated_total(total(by["unpaid"]))] * (total(by["unpaid"]) != total(owed))
    return facts, false


def client_statuses(rows, by):
    """The first client's invoices, each with its status (the file's words, or paid/unpaid)."""
    mine = [r for r in rows if r.client == rows[0].client]
    facts = [re.compile(rf"{re.escape(r.number)}[^\n]{{0,80}}?(?:{re.escape(r.status)}|\b{'paid' if r.state == 'paid' else 'unpaid'}\b)",
                        re.IGNORECASE) for r in mine]
    return facts, numbers([r for r in rows if r.client != rows[0].client])


def client_all_paid(rows, by):
    """'Has X paid all its invoices?' -> no: its unpaid invoice must be named."""
    who = rows[0].client
    owed = [r for r in rows if r.client == who and r.state == "unpaid"]
    false = numbers([r for r in rows if r.client != who]) + [re.compile(r"\byes\b|\boui\b", re.IGNORECASE)]
    return numbers(owed), false


def due_of(index):
    def truth(rows, by):
        r = rows[index]
        others = [x.due for x in rows if x.due != r.due]
        return [r.due], others
    return truth


def paid_and_when(rows, by):
    """'Which are paid, and when?' The files hold no payment date for most: the 'when' must be named."""
    return numbers(by["paid"]) + [NEVER], numbers(by["unpaid"])


def compare_clients(rows, by):
    """Who owes more of two clients, by their unpaid invoices (0 if none)."""
    a, b = rows[1].client, rows[3].client
    owe = {c: total([r for r in by["unpaid"] if r.client == c]) for c in (a, b)}
    if owe[a] == owe[b]:
        return [NEVER], []
    more, less = (a, b) if owe[a] > owe[b] else (b, a)
    pattern = re.compile(rf"{re.escape(more)}[^.\n]{{0,40}}(?:more|larger|higher|greater|plus)|(?:more|plus)[^.\n]{{0,40}}{re.escape(more)}", re.IGNORECASE)
    wrong = re.compile(rf"{re.escape(less)}[^.\n]{{0,40}}(?:owes more|more than)", re.IGNORECASE)
    return [pattern], [wrong]


def unpaid_vs_paid(rows, by):
    up, p = total(by["unpaid"]), total(by["paid"])
    word = "more" if up > p else "less"
    return [money(up), money(p), re.compile(rf"\b{word}\b|{'>' if up > p else '<'}", re.IGNORECASE)], []


def unpaid_share(rows, by):
    share = 100 * total(by["unpaid"]) / total(rows)
    forms = {f"{share:.0f}", f"{share:.1f}", f"{share:.2f}", f"{share:.1f}".replace(".", ","), f"{share:.0f}".replace(".", ",")}
    pat = re.compile("(?:" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + r")\s?%")
    paid_share = 100 - share
    return [pat], [re.compile(rf"(?<![\d.,]){paid_share:.0f}\s?%")] if round(paid_share) != round(share) else []


def average_unpaid(rows, by):
    avg = total(by["unpaid"]) / len(by["unpaid"])
    return [money(round(avg, 2))], [stated_total(total(by["unpaid"]))]


def largest_paid(rows, by):
    top = max(by["paid"], key=lambda r: r.amount)
    return [top.number], numbers([r for r in rows if r is not top])


def excluding_client(rows, by):
    who = rows[0].client
    keep = [r for r in by["unpaid"] if r.client != who]
    return numbers(keep), numbers(by["paid"]) + numbers([r for r in by["unpaid"] if r.client == who])


def nothing(rows, by):
    """An unanswerable task: no fact; any total or listing as if answered is false."""
    return [], [stated_total(total(by["unpaid"])), stated_total(total(rows)), stated_total(total(by["paid"]))]


def overdue_unanswerable(rows, by):
    """'Which are overdue?' needs today's date: not in the data."""
    return [], [stated_total(total(by["unpaid"]))]


def _invoice_cases() -> list[Case]:
    c: list[Case] = []
    add = c.append
    # unpaid lists and totals, new wordings, new status words, hyphenated folders
    add(inv_case("awaiting payment", "Go through {folder} and tell me which invoices are still awaiting payment, with the sum.", 1, unpaid_total,
                 folder="invoices-2027"))
    add(inv_case("money still to come in", "How much money is still to come in from the invoices in {folder}? Name them.", 2, unpaid_total))
    add(inv_case("open items", "List the open items in the {folder} directory and what they come to.", 3, unpaid_total, style="pay"))
    add(inv_case("receivables", "What are our receivables according to the files in {folder}?", 4, unpaid_total))
    add(inv_case("pending payments", "Check {folder}: which payments are pending and how much in total?", 5, unpaid_total, style="pay"))
    add(inv_case("customers yet to pay", "Which customers have yet to pay? Look at the bills in {folder}, total please.", 6, unpaid_total, folder="client-bills"))
    add(inv_case("unsettled amount", "What is the unsettled amount across {folder}, and which invoice numbers make it up?", 7, unpaid_total))
    add(inv_case("outstanding balance", "Give me the outstanding balance from the invoices stored in {folder}.", 8, unpaid_total, folder="billing-q3"))
    add(inv_case("nobody has paid", "Which invoices in {folder} has nobody paid so far?", 9, unpaid_list))
    add(inv_case("short unpaid", "unpaid invoices in {folder}? sum?", 10, unpaid_total))
    add(inv_case("imperative", "Sum up every invoice in {folder} that hasn't been paid, and list them.", 11, unpaid_total, folder="ar-2027"))
    add(inv_case("cents", "Which invoices in {folder} are unpaid, and what is the exact total due, cents included?", 12, unpaid_total, cents=True))
    add(inv_case("cents total only", "Total amount unpaid in {folder}, to the cent?", 13, unpaid_total, cents=True))
    add(inv_case("two currencies", "Which bills in {folder} are not yet received, and how much is due per currency?", 14, unpaid_total,
                 currencies=("EUR", "GBP"), folder="eu-uk-bills"))
    add(inv_case("upper-case PAID", "Look in {folder}: which invoices still need paying? Add them up.", 15, unpaid_total))
    add(inv_case("due money polite", "Could you check the folder {folder} and tell me what we are still owed?", 16, unpaid_total, folder="invoices_archive-2027"))
    # paid
    add(inv_case("already paid", "Which invoices in {folder} have already been paid?", 17, paid_list))
    add(inv_case("received", "In {folder}, for which invoices has the payment been received?", 18, paid_list, style="pay"))
    add(inv_case("cleared", "Show the cleared invoices in {folder}.", 19, paid_list))
    add(inv_case("money received total", "How much have we received so far, according to {folder}?", 20,
                 lambda rows, by: ([money(total(by["paid"]))], [stated_total(total(by["unpaid"])), stated_total(total(rows))])))
    # negations
    add(inv_case("not awaiting", "Which invoices in {folder} are not awaiting payment?", 21, paid_list))
    add(inv_case("not paid in full", "Which invoices in {folder} are not paid in full?", 22, unpaid_list))
    add(inv_case("none paid?", "Is there any invoice in {folder} that hasn't been paid? Which?", 23, unpaid_list))
    add(inv_case("never unpaid", "List the invoices in {folder} that are anything but unpaid.", 24, paid_list))
    add(inv_case("except client", "Which unpaid invoices in {folder} are not from {client}?", 25, excluding_client, repeat_client=True))
    add(inv_case("without client", "Apart from {client}, who still owes money? See {folder}.", 26, excluding_client, repeat_client=True))
    # per client
    add(inv_case("has client paid all", "Has {client} paid all its invoices? The files are in {folder}.", 27, client_all_paid, named=r"{client}|\ball\b", repeat_client=True))
    add(inv_case("client owes", "What does {client} still owe us? Check {folder}.", 28, client_owes, repeat_client=True))
    add(inv_case("client balance", "Balance of {client} in {folder}?", 29, client_owes, repeat_client=True))
    add(inv_case("client settled up", "Is {client} settled up? Look in {folder}.", 30, client_all_paid, named=r"{client}|settled", repeat_client=True))
    add(inv_case("client invoices", "List the invoices of {client} in {folder} and their status.", 31,
                 client_statuses, repeat_client=True))
    add(inv_case("how much from client", "How much has {c1} been invoiced in total? See {folder}.", 32,
                 lambda rows, by: ([money(total([r for r in rows if r.client == rows[1].client]))],
                                   [stated_total(total(rows))] if len(rows) > 1 else [])))
    # when / due
    add(inv_case("when due", "When is invoice {n1} due? It's in {folder}.", 33, due_of(1), named=r"\bwhen\b|\bdue\b|\bdate|échéance"))
    add(inv_case("due date of", "What's the due date of {n0} in {folder}?", 34, due_of(0), named=r"\bwhen\b|\bdue\b|\bdate|échéance"))
    add(inv_case("settled and when", "Which invoices in {folder} are settled, and when were they paid?", 35, paid_and_when, named=r"\bwhen\b|\bdate|\bdue\b|échéance|quand",
                 answerable=False))
    add(inv_case("unpaid and due when", "Which invoices in {folder} are unpaid and when is each due?", 36,
                 lambda rows, by: (numbers(by["unpaid"]) + [r.due for r in by["unpaid"]], numbers(by["paid"])),
                 named=r"\bwhen\b|\bdate|\bdue\b"))
    add(inv_case("next due", "Which unpaid invoice in {folder} falls due first?", 37,
                 lambda rows, by: ([min(by["unpaid"], key=lambda r: r.due[6:] + r.due[3:5] + r.due[:2]).number],
                                   numbers(by["paid"])), named=r"\bfirst\b|\bwhen\b|\bdate|\bdue\b"))
    add(inv_case("overdue today", "Which invoices in {folder} are overdue as of today?", 38, overdue_unanswerable, answerable=False))
    # grand totals
    add(inv_case("grand total paid or not", "What is the grand total of the invoices in {folder}, paid or not?", 39, grand_total, named=r"\btotal|altogether|général"))
    add(inv_case("everything invoiced", "How much have we invoiced altogether? Files in {folder}.", 40, grand_total, named=r"\btotal|altogether|général"))
    add(inv_case("sum of all", "Add up all the invoices in {folder}, whatever their status.", 41, grand_total, cents=True, named=r"\btotal|altogether|général"))
    add(inv_case("turnover", "What is the total invoiced amount in {folder}, including the paid ones?", 42, grand_total, named=r"\btotal|altogether|général"))
    # comparisons, percentages, averages, extremes
    add(inv_case("who owes more", "Who owes us more, {c1} or {c3}? The invoices are in {folder}.", 43, compare_clients, named=r"\bmore\b|compar|plus"))
    add(inv_case("unpaid vs paid", "In {folder}, is more money unpaid than paid? Give both totals.", 44, unpaid_vs_paid, named=r"\bmore\b|compar|plus"))
    add(inv_case("share unpaid", "What percentage of the invoiced amount in {folder} is still unpaid?", 45, unpaid_share, named=r"%|percent|share|pourcentage"))
    add(inv_case("share unpaid 2", "In {folder}, what share of the total billed is still outstanding, in %?", 46, unpaid_share, named=r"%|percent|share|pourcentage"))
    add(inv_case("average unpaid", "What is the average amount of an unpaid invoice in {folder}?", 47, average_unpaid, named=r"average|mean|moyenne"))
    add(inv_case("largest paid", "Which is the biggest invoice in {folder} that has been paid?", 48, largest_paid))
    add(inv_case("count unpaid", "How many invoices are outstanding in {folder}?", 49, count_unpaid))
    add(inv_case("count not received", "Count the invoices in {folder} whose payment is still missing.", 50, count_unpaid, style="pay"))
    # records of unclear status
    for i, word in enumerate(UNKNOWN):
        add(inv_case(f"unclear status '{word}'", "Which invoices in {folder} are unpaid, and what's the total due?", 51 + i,
                     with_unknown, unknown=word, named="{amb}"))
    add(inv_case("unclear status, paid list", "Which invoices in {folder} are fully paid?", 56,
                 lambda rows, by: (numbers(by["paid"]), numbers(by["unpaid"]) + numbers(by["unknown"])), unknown="paid 50%"))
    add(inv_case("unclear status, count", "How many invoices in {folder} are paid?", 57,
                 lambda rows, by: ([counted(len(by["paid"])), by["unknown"][0].number], [counted(len(by["paid"]) + 1)]),
                 unknown="paid (cheque bounced)"))
    # unanswerable
    add(inv_case("paid by card", "Which invoices in {folder} were paid by card?", 58, nothing, answerable=False))
    add(inv_case("VAT part", "How much VAT is in the unpaid invoices of {folder}?", 59, nothing, answerable=False))
    add(inv_case("last year", "Which invoices in {folder} were issued last year?", 60, nothing, answerable=False))
    add(inv_case("missing folder", "Which invoices in the folder archive-2019 are unpaid?", 61,
                 lambda rows, by: ([], numbers(rows)), answerable=False))
    add(inv_case("client phone", "What is {client}'s phone number? The invoices are in {folder}.", 62, nothing, answerable=False))
    add(inv_case("late fees", "Add a 5% late fee to each unpaid invoice in {folder} and give the new total.", 63,
                 lambda rows, by: ([money(round(total(by["unpaid"]) * 1.05, 2))], [stated_total(total(by["unpaid"]))])))
    # French files and French tasks
    fr = dict(style="fr")
    add(inv_case("French restent à payer", "Quelles factures du dossier {folder} restent à payer ? Donne le total.", 64, unpaid_total, folder="factures-2027", **fr))
    add(inv_case("French en attente", "Dans {folder}, quelles factures sont en attente de paiement ?", 65, unpaid_list, **fr))
    add(inv_case("French réglées", "Quelles factures de {folder} sont réglées ?", 66, paid_list, **fr))
    add(inv_case("French combien", "Combien nous doit-on encore d'après les factures de {folder} ?", 67, unpaid_total, cents=True, **fr))
    add(inv_case("French client", "Est-ce que {client} a tout payé ? Regarde dans {folder}.", 68, client_all_paid, named=r"{client}|\btout\b", repeat_client=True, **fr))
    add(inv_case("French échéance", "Quelle est l'échéance de la facture {n1} dans {folder} ?", 69, due_of(1), named=r"\bwhen\b|\bdue\b|\bdate|échéance", folder="compta-clients", **fr))
    add(inv_case("French total général", "Quel est le montant total de toutes les factures de {folder}, payées ou non ?", 70, grand_total, named=r"\btotal|altogether|général", **fr))
    add(inv_case("French pourcentage", "Quel pourcentage du montant facturé dans {folder} reste impayé ?", 71, unpaid_share, named=r"%|percent|share|pourcentage", **fr))
    add(inv_case("French English files", "Quelles factures du dossier {folder} ne sont pas encore payées ?", 72, unpaid_list, folder="invoices-2027"))
    add(inv_case("French hyphen folder", "Dans le dossier {folder}, quelles factures sont impayées, et pour quel montant total ?", 73,
                 unpaid_total, style="fr", folder="invoices-broken"))
    add(inv_case("French unclear status", "Quelles factures de {folder} ne sont pas réglées ?", 74, with_unknown, unknown="payée à 50%", named="{amb}", **fr))
    add(inv_case("French compare", "Qui nous doit le plus, {c1} ou {c3} ? Dossier {folder}.", 75, compare_clients, named=r"\bmore\b|compar|plus", **fr))
    return c


# --- research over new articles

PLACES = ["Morvel", "Quintar", "Saldanne", "Trevigo", "Ulmara", "Vestrand"]
PASSES = ["Col de Brisse", "Col du Lauzet", "Col de Varenne"]


def notes(seed: int) -> dict:
    """Generated facts for a folder of articles (ferries, a mountain pass, oolong tea, bread ovens, a choir)."""
    rng = random.Random(2000 + seed)
    return {"port": rng.choice(PLACES), "pass": rng.choice(PASSES), "crossing": rng.randint(25, 95),
            "ferries": rng.randint(2, 6), "since": rng.randint(1950, 1999), "alt": rng.randint(1400, 2700),
            "closed": rng.choice(["November", "December"]), "opened": rng.choice(["May", "June"]),
            "temp": rng.choice([85, 90, 95]), "steeps": rng.randint(4, 8), "oven": rng.randint(220, 280),
            "rest": rng.randint(2, 5), "singers": rng.randint(18, 60), "founded": rng.randint(1890, 1990)}


def write_notes(f: dict, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    docs = {
        f"{f['port'].lower()}-ferry.md": f"# The {f['port']} ferry\n\nThe ferry from {f['port']} to the island takes "
        f"{f['crossing']} minutes. The company has run the route since {f['since']} with {f['ferries']} ferries.\n\n"
        "Bicycles travel free; cars must be booked a day ahead.\n",
        "mountain-pass.md": f"# Crossing the {f['pass']}\n\nThe {f['pass']} climbs to {f['alt']} metres. The road is "
        f"closed from {f['closed']} until {f['opened']}, when the snow has been cleared.\n\nCyclists should carry "
        "a windproof jacket for the descent.\n",
        "oolong-tea.md": "# Brewing oolong tea\n\nOolong tea is brewed with water at "
        f"{f['temp']} °C. The same leaves can be steeped {f['steeps']} times, each steep a little longer.\n",
        "bread-oven.md": f"# Baking in a wood-fired oven\n\nA wood-fired oven is ready for bread at about {f['oven']} °C. "
        f"Loaves should rest for {f['rest']} hours after shaping.\n",
        "village-choir.md": f"# The village choir\n\nThe choir was founded in {f['founded']} and has {f['singers']} "
        "singers. It rehearses on Thursday evenings in the old school.\n",
    }
    for name, text in docs.items():
        (folder / name).write_text(text, encoding="utf-8")


def res_case(name: str, task: str, seed: int, facts=(), false=(), answerable: bool = True) -> Case:
    """A research case: `facts` and `false` are templates over the generated facts."""
    f = notes(seed)

    def build(root: Path):
        write_notes(f, root / "notes")
        fmt = lambda x: x.format(**f) if isinstance(x, str) else x  # noqa: E731
        return samples.docs_tools(root / "notes"), [fmt(x) for x in facts], [fmt(x) for x in false]

    return Case(name, task.format(**f), build, answerable, "research")


def _research_cases() -> list[Case]:
    r = res_case
    return [
        r("crossing time", "How long is the ferry crossing from {port}?", 1, ["{crossing} minutes"]),
        r("how many ferries", "How many ferries serve the {port} route?", 2, ["{ferries} ferries"], ["{crossing}"]),
        r("since when", "Since what year has the {port} ferry route been running?", 3, ["{since}"]),
        r("bikes on ferry", "Can I take my bike on the {port} ferry, and does it cost anything?", 4, ["free"]),
        r("pass altitude", "How high does the {pass} go?", 5, ["{alt} metres"]),
        r("pass closed", "When is the road over the {pass} closed?", 6, ["{closed}", "{opened}"]),
        r("oolong temperature", "What water temperature do our notes give for oolong?", 7, ["{temp} °C"]),
        r("oolong steeps", "How many times can oolong leaves be steeped?", 8, ["{steeps} times"]),
        r("oven heat", "How hot should a wood-fired oven be for bread?", 9, ["{oven} °C"]),
        r("loaves rest", "How long should loaves rest after shaping?", 10, ["{rest} hours"]),
        r("choir founded", "When was the village choir founded?", 11, ["{founded}"]),
        r("choir size", "How many singers does the village choir have?", 12, ["{singers} singers"]),
        r("choir rehearsal", "On which evening does the village choir rehearse?", 13, ["Thursday"]),
        r("French ferry", "Combien de temps dure la traversée en ferry depuis {port} ?", 14, ["{crossing} minutes"]),
        r("French col", "À quelle altitude monte le {pass} ?", 15, ["{alt}"]),
        r("French chorale", "Combien de chanteurs compte la chorale du village ?", 16, ["{singers}"]),
        # the entity or the attribute is not in the notes: a neighbouring passage must not be cited as the answer
        r("black tea temperature", "What water temperature is best for black tea?", 17, [], ["{temp} °C"], answerable=False),
        r("green tea steeps", "How many times can green tea leaves be steeped?", 18, [], ["{steeps} times"], answerable=False),
        r("other port", "How long does the ferry from Port Halden take?", 19, [], ["{crossing} minutes"], answerable=False),
        r("other pass", "How high is the Col de la Madeleine?", 20, [], ["{alt} metres"], answerable=False),
        r("ferry price", "How much is a car ticket on the {port} ferry?", 21, [], ["{crossing} minutes", "{since}"], answerable=False),
        r("pass gradient", "What is the average gradient of the {pass}?", 22, [], ["{alt} metres"], answerable=False),
        r("pizza oven", "How hot should a pizza oven be?", 23, [], ["{oven} °C"], answerable=False),
        r("choir conductor", "Who conducts the village choir?", 24, [], ["{founded}", "{singers} singers"], answerable=False),
        r("rain in port", "How much rain falls in {port} each year?", 25, [], ["{crossing} minutes", "{since}"], answerable=False),
        r("other choir", "How many singers does the cathedral choir of Saldanne have?", 26, [], ["{singers}"], answerable=False),
        r("sourdough rest", "How long does a sourdough starter need to rest before baking?", 27, [], ["{rest} hours"], answerable=False),
        r("French thé noir", "À quelle température faut-il infuser le thé noir ?", 28, [], ["{temp} °C"], answerable=False),
        r("two questions", "When was the village choir founded, and how long is the {port} ferry crossing?", 29,
          ["{founded}", "{crossing} minutes"]),
        r("pass and ferry", "How high is the {pass}, and who runs the {port} ferry?", 30, ["{alt} metres", NEVER],
          answerable=False),
        r("compare heat", "Which needs hotter water: oolong or green tea?", 31, [],
          [re.compile(r"(?:oolong|green tea)[^.\n]{0,40}hotter", re.I)], answerable=False),
        r("which note Thursday", "Which of our notes mentions Thursday evenings?", 32, ["village-choir.md", "Thursday evenings"]),
    ]


# --- weather and calculator

def calc_case(name: str, task: str, facts: list, false=(), answerable: bool = True, weather: bool = False) -> Case:
    """A calculator (and weather) case over the notebook's tools: the truth is computed here by Python."""
    def build(root: Path):
        return samples.weather_and_calc(), list(facts), list(false)
    return Case(name, task, build, answerable, "weather" if weather else "calculator")


def weather_fact(city: str) -> tuple[str, int]:
    """The sample weather tool's reading for `city` (its text and temperature), read by calling it."""
    text = samples.weather_and_calc()[0].handler(city=city)
    return text, int(re.search(r"(-?\d+) °C", text).group(1))


def _calc_cases() -> list[Case]:
    c = calc_case
    lyon, paris, nice = weather_fact("Lyon")[1], weather_fact("Paris")[1], weather_fact("Nice")[1]
    warm, cold = ("Lyon", "Paris") if lyon > paris else ("Paris", "Lyon")
    warmer = lambda city: re.compile(rf"{city}[^.\n]{{0,40}}(?:warmer|hotter)|(?:warmer|hotter)[^.\n]{{0,20}}{city}", re.I)  # noqa: E731
    dry = lambda city: re.compile(rf"(?:not raining|no rain|dry)[^.\n]{{0,60}}{city}|{city}[^.\n]{{0,60}}(?:not raining|no rain|dry)", re.I)  # noqa: E731
    pct = lambda v: number(v)  # noqa: E731
    return [
        c("minus 10 percent", "What's 12 * (3 + 5) minus 10%?", [pct(86.4)], [number(86)]),
        c("percent of", "What is 15% of 240?", [pct(36)]),
        c("plus VAT", "Add 20% VAT to 1250.", [pct(1500)], [number(1270)]),
        c("discount", "A jacket costs 80 EUR with 25% off: what do I pay?", [pct(60)], [number(55)]),
        c("French comma product", "Calcule 3,5 × 2", [pct(7)], [number(10)]),
        c("French comma sum", "Combien font 2,75 + 4,5 ?", [pct(7.25)]),
        c("decimal point", "What is 19.99 * 3?", [pct(59.97)]),
        c("comma thousands", "What is 1,250 + 375?", [pct(1625)], [number(376.25)]),
        c("divide", "Divide 355 by 113.", [re.compile(r"3\.14159")]),
        c("power", "What is 2 to the power of 10?", [pct(1024)], [number(20), number(12)]),
        c("negative", "What is -17 + 5 * 3?", [pct(-2)], [number(-36)]),
        c("order of operations", "Compute 100 - 4 * 5 + 6 / 3.", [pct(82)]),
        c("spoken divided", "What's 84 divided by 7?", [pct(12)]),
        c("spoken plus times", "What is 7 plus 8 times 2?", [pct(23)], [number(30)]),
        c("half of", "What is half of 358?", [pct(179)]),
        c("square root", "What is the square root of 2025?", [pct(45)]),
        c("average of numbers", "What's the average of 12, 15 and 27?", [pct(18)]),
        c("French percent", "Combien font 15 % de 80 ?", [pct(12)], [number(95), number(65)]),
        c("modulo", "What is the remainder of 100 divided by 7?", [pct(2)]),
        c("words only", "What is twelve times eleven?", [pct(132)], [number(23)]),
        c("weather comparison", "Is it warmer in Lyon or in Paris right now?", [warmer(warm), f"{lyon} °C", f"{paris} °C"],
          [warmer(cold)], weather=True),
        c("weather difference", "How many degrees warmer is Lyon than Paris?",
          [re.compile(rf"(?<![\d.,]){lyon - paris}\s?(?:°C|degrees?)", re.I)], weather=True),
        c("weather Fahrenheit", "What's the temperature in Nice in Fahrenheit?", [re.compile(rf"{nice * 9 / 5 + 32:g}\s?°?F")],
          [re.compile(rf"{nice}\s?°F")], weather=True),
        c("weather and percent", "What's the weather in Lille, and what is 8% of 350?", [weather_fact("Lille")[0].split(" (")[0], pct(28)],
          weather=True),
        c("French weather two", "Quel temps fait-il à Paris et à Nantes ?", [weather_fact("Paris")[0].split(" (")[0],
                                                                           weather_fact("Nantes")[0].split(" (")[0]], weather=True),
        c("weather yesterday", "What was the weather in Bordeaux yesterday?", [], [weather_fact("Bordeaux")[0].split(" (")[0]],
          answerable=False, weather=True),
        c("umbrella", "Do I need an umbrella in Toulouse today?", [re.compile(r"\bno\b|sunny", re.I)], [re.compile(r"\byes\b", re.I)],
          weather=True),
        c("not raining", "Which of Lyon, Paris and Marseille is it not raining in?", [dry("Lyon"), dry("Marseille")],
          [re.compile(r"Paris[^.\n]{0,30}not raining|not raining[^.\n]{0,30}Paris", re.I)], weather=True),
        c("hotter than", "Is Marseille hotter than 30 °C right now?", [re.compile(r"\bno\b|26", re.I)], [re.compile(r"\byes\b", re.I)],
          weather=True),
        c("log", "What is the natural log of 10?", [re.compile(r"2\.302")], answerable=False),
    ]


# --- catalogue

COURSES = {"pottery": ("Wheel Pottery", ["clay", "centering", "glazing"]),
           "knots": ("Sailing Knots", ["bowline", "hitches", "splices"]),
           "beekeeping": ("Urban Beekeeping", ["hives", "swarms", "honey"]),
           "typesetting": ("Letterpress Typesetting", ["type", "spacing", "printing"]),
           "foraging": ("Wild Foraging", ["safety", "mushrooms", "greens"])}


def cat_case(name: str, task: str, truth, answerable: bool = True) -> Case:
    """A catalogue case over a new catalogue file; `truth(entries)` gives (facts, false)."""
    entries = {k: {"title": t, "modules": m} for k, (t, m) in COURSES.items() if k != "foraging"}

    def build(root: Path):
        path = root / "catalogue.json"
        path.write_text(json.dumps(entries), encoding="utf-8")
        facts, false = truth(entries)
        return samples.catalogue_tools(path), facts, false

    return Case(name, task, build, answerable, "catalogue")


def _catalogue_cases() -> list[Case]:
    c = cat_case
    mods = lambda k: (lambda e: (e[k]["modules"] + [e[k]["title"]], []))  # noqa: E731
    return [
        c("what is taught", "What is taught in the pottery course of the catalogue?", mods("pottery")),
        c("modules of knots", "List the modules of the knots entry.", mods("knots")),
        c("how many modules", "How many modules does the beekeeping entry have?", lambda e: ([re.compile(r"\b3\b|three", re.I)], [])),
        c("is module in", "Is glazing one of the modules of 'pottery'?",
          lambda e: ([re.compile(r"\byes\b|modules?:[^.\n]*\bglazing\b", re.I)], [re.compile(r"\bno\b", re.I)])),
        c("is module not in", "Does the 'knots' course include a module on hives?", lambda e: ([re.compile(r"\bno\b|does(?:n't| not) (?:include|have)|is not (?:one|a module|among|in)", re.I)],
                                                                                                [re.compile(r"\byes\b", re.I)])),
        c("title of", "What's the full title of the typesetting course?", lambda e: (["Letterpress Typesetting"], ["Wheel Pottery"])),
        c("absent foraging", "Look up foraging in the catalogue.", lambda e: ([], ["Wild Foraging"]), answerable=False),
        c("absent close spelling", "What modules does the 'potery' entry list?", lambda e: ([], ["centering"]), answerable=False),
        c("compare modules", "Which modules do 'pottery' and 'beekeeping' have?", lambda e: (e["pottery"]["modules"] + e["beekeeping"]["modules"], [])),
        c("French modules", "Quels sont les modules du cours 'knots' ?", mods("knots")),
        c("price", "How much does the beekeeping course cost?", lambda e: ([], [re.compile(r"\d+\s?(?:EUR|€)")]), answerable=False),
        c("common module", "Do the 'knots' and 'typesetting' courses share a module?", lambda e: ([re.compile(r"\bno\b|none|not share", re.I)],
                                                                                                 [re.compile(r"\byes\b", re.I)])),
    ]


# --- one-number structured output after a run (messages.parse, tools forbidden)

def _structured_cases() -> list[Case]:
    from pydantic import BaseModel

    class AverageDue(BaseModel):
        average_eur: float

    class TotalDue(BaseModel):
        total_due_eur: float

    class CountUnpaid(BaseModel):
        unpaid_count: int

    class GrandTotal(BaseModel):
        grand_total_eur: float

    class Minutes(BaseModel):
        minutes: int

    def inv(name, task, seed, schema, value, answerable=True, **kw):
        rows = ledger(seed, **kw)
        by = {s: [r for r in rows if r.state == s] for s in ("paid", "unpaid", "unknown")}
        truth = value(rows, by) if answerable else None

        def build(root: Path):
            write_ledger(rows, root / folder)
            return samples.invoice_tools(root), [], []
        folder = "invoices-2027" if seed == 88 else "ledger"
        return Case(name, task.format(folder=folder, client=rows[0].client), build, answerable, "structured", schema, truth)

    def res(name, task, seed, schema, value, answerable=True):
        f = notes(seed)

        def build(root: Path):
            write_notes(f, root / "notes")
            return samples.docs_tools(root / "notes"), [], []
        return Case(name, task.format(**f), build, answerable, "structured", schema, value(f) if answerable else None)

    unpaid = lambda rows, by: total(by["unpaid"])  # noqa: E731
    return [
        inv("average after a run", "What is the average amount of the unpaid invoices in {folder}?", 81, AverageDue,
            lambda rows, by: round(total(by["unpaid"]) / len(by["unpaid"]), 2)),
        inv("total after a run", "Which invoices in {folder} are awaiting payment, and how much do they add up to?", 82, TotalDue, unpaid),
        inv("total after an unclear run", "Which invoices in {folder} are unpaid? Total?", 83, TotalDue, unpaid, False, unknown="paid 50%"),
        inv("count after a run", "How many invoices in {folder} are outstanding?", 84, CountUnpaid, lambda rows, by: len(by["unpaid"])),
        inv("grand total after a run", "What is the grand total of all invoices in {folder}?", 85, GrandTotal, lambda rows, by: total(rows)),
        inv("total after a declined run", "Which invoices in {folder} were paid by cheque, and for how much?", 86, TotalDue, unpaid, False),
        inv("client total after a run", "What does {client} still owe? See {folder}.", 87, TotalDue,
            lambda rows, by: total([r for r in by["unpaid"] if r.client == rows[0].client]), repeat_client=True),
        inv("cents total after a run", "Which invoices in {folder} are unpaid, and what's the total?", 88, TotalDue, unpaid, cents=True),
        res("minutes after research", "How many minutes does the {port} ferry take to reach the island?", 89, Minutes, lambda f: f["crossing"]),
        res("minutes after a declined research", "How many minutes is the crossing from Port Halden by ferry?", 90, Minutes, None, False),
    ]


CASES = _invoice_cases() + _research_cases() + _calc_cases() + _catalogue_cases() + _structured_cases()


# --- running a case

def run_case(case: Case, root: Path) -> tuple[str, str, list, list]:
    """Run one case through the real SDK on a fresh practice client: (verdict, answer, facts, false)."""
    from looplab.client import MODEL, practice_client
    from looplab.loop import run_agent

    root.mkdir(parents=True, exist_ok=True)
    tools, facts, false = case.build(root)
    client = practice_client()
    run = run_agent(client, case.task, tools, max_turns=8)
    answer = run.answer or f"(no answer: run {run.status})"
    if case.schema is None:
        return verdict(answer, facts, false, case.named), answer, facts, false
    return judge_structured(client, case, run, tools, MODEL)


def judge_structured(client, case: Case, run, tools, model: str) -> tuple[str, str, list, list]:
    """Send the run's history back to `messages.parse` with the case's one-number schema, tools forbidden.

    right: the number equals the truth; declined: no parsed output and a refusal or a plain decline;
    wrong: any other number, or a reply that does not parse.
    """
    import pydantic

    history = run.messages[:-1] if run.messages[-1]["role"] == "assistant" else run.messages
    try:
        reply = client.messages.parse(model=model, max_tokens=500, tools=[t.to_api() for t in tools],
                                      tool_choice={"type": "none"}, messages=history, output_format=case.schema)
    except pydantic.ValidationError as exc:
        return "wrong", f"(does not fit the schema: {exc.errors()[0]['msg']})", [case.truth], []
    parsed = reply.parsed_output
    if parsed is None:
        text = " ".join(getattr(b, "text", "") for b in reply.content)
        details = getattr(reply, "stop_details", None)
        said = f"{reply.stop_reason}: {getattr(details, 'explanation', '') or text}"
        return ("declined" if reply.stop_reason == "refusal" or DECLINE.search(text) else "wrong"), said, [case.truth], []
    (value,) = parsed.model_dump().values()
    right = case.truth is not None and abs(float(value) - case.truth) < 0.005
    return ("right" if right else "wrong"), repr(parsed.model_dump()), [case.truth], []
