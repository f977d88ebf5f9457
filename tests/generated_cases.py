"""The generated suite: invoice folders and task wordings drawn at random (seeded), each judged against a truth
computed from its own data, with the held-out suite's classifier (`heldout_cases.verdict`).

Its vocabularies (status words with extra words, field names, amount writings, README files among invoices,
Net/VAT/Total records, JSON and Markdown records, French files under English tasks and the reverse; deadlines,
'Payment' fields and 'FA26-' numbers) were written in two sessions of 2026-12-02 to look for wrong answers, and
the rules they found wrong were fixed: it is a development suite, reported under its own name, never as held-out.
What it guards is the rule itself: over hundreds of combinations, right or declined, never wrong.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

from heldout_cases import money, verdict

CLIENTS = ["Boulangerie Solène", "Ferme des Aulnes", "Cabinet Rivoire", "Tilleul Design", "Orme & Fils",
           "Café Lumen", "Atelier Nacre", "Studio Bleu", "Mercier SARL", "Kestrel Labs"]
PAID = ["paid", "PAID", "paid on 2026-03-04", "settled", "paid in full", "paid (bank transfer)", "paid by cheque",
        "Paid in full on 3 March 2026", "paid - thank you", "payment received", "Settled."]
UNPAID = ["unpaid", "not paid", "outstanding", "open", "overdue", "pending", "awaiting payment", "not yet paid",
          "still unpaid", "unpaid since 2026-01-02", "Unpaid (2nd reminder)", "due", "not settled", "no payment received"]
PAID_FR = ["payée", "réglée", "Payée", "payée le 04/03/2026"]
UNPAID_FR = ["impayée", "non payée", "en attente", "Impayée", "en retard"]
ODD = ["partially paid", "paid 30%", "disputed", "refunded", "cancelled", "paid?", "unpaid (paid in part)",
       "paid (cheque bounced)", "payment failed", "half paid", "paid, then refunded", "written off", "on hold"]
ODD_FR = ["payée à moitié", "litige", "annulée", "partiellement payée"]
FIELDS = {"en": [("Client", "Amount", "Status", "Due"), ("Customer", "Total", "Payment status", "Due date"),
                 ("Billed to", "Amount due", "Status", "Due"), ("Client", "Amount", "Payment", "Due date")],
          "fr": [("Client", "Montant", "Statut", "Échéance"), ("Client", "Total", "État", "Date d'échéance")]}
FOLDERS = ["invoices", "billing-2026", "q3_bills", "ledger", "accounts", "invoices-q3", "old-invoices"]

TASKS = {  # kind -> (English wordings, French wordings); {f} folder, {c} {d} clients, {n} a number, {x} a limit
    "unpaid_list": (["In {f}, which invoices haven't been paid yet?", "List the outstanding invoices in {f}.",
                     "Which bills in the {f} folder are still open?", "Which invoices in {f} are not paid?",
                     "Are there any unpaid invoices in {f}? Which ones?", "Show me every invoice in {f} that nobody has paid.",
                     "Name the invoices in {f} we are still waiting on."],
                    ["Dans le dossier {f}, quelles factures restent impayées ?", "Liste les factures non réglées de {f}.",
                     "Quelles factures de {f} n'ont pas encore été payées ?"]),
    "paid_list": (["Which invoices in {f} have been settled?", "List the paid invoices in folder {f}.",
                   "Which invoices in {f} aren't unpaid?", "Which invoices in {f} are no longer outstanding?"],
                  ["Quelles factures du dossier {f} sont réglées ?", "Donne-moi les factures payées dans {f}."]),
    "unpaid_total": (["How much money is still owed across the invoices in {f}?",
                      "What's the total of the unpaid invoices in {f}?", "In {f}, how much is outstanding in total?"],
                     ["Combien nous doit-on au total dans {f} ?", "Quel est le montant total des impayés dans {f} ?"]),
    "grand_total": (["What do all the invoices in {f} add up to, paid or unpaid?", "Grand total of the invoices in {f}?",
                     "Sum of every invoice in {f} regardless of status?"],
                    ["Quel est le montant total de toutes les factures de {f} ?"]),
    "count_unpaid": (["How many invoices in {f} are unpaid?", "How many bills in {f} are still waiting for payment?",
                      "How many invoices in {f} haven't been settled?"],
                     ["Combien de factures sont impayées dans {f} ?"]),
    "count_all": (["How many invoices are there in {f}?"], ["Combien de factures y a-t-il dans {f} ?"]),
    "client_owes": (["How much does {c} still owe? The invoices are in {f}.", "Total owed by {c}, per the invoices in {f}?"],
                    ["Combien {c} nous doit-il encore ? Les factures sont dans {f}."]),
    "client_all_paid": (["Has {c} paid everything? The invoices are in {f}.", "Does {c} have any unpaid invoices in {f}?"],
                        ["{c} a-t-il tout réglé ? (dossier {f})"]),
    "largest_unpaid": (["Which unpaid invoice in {f} is the largest?"], ["Quelle est la plus grosse facture impayée de {f} ?"]),
    "due_of": (["When is invoice {n} due? Look in {f}.", "What's the due date of {n} (folder {f})?",
                "By which date should {n} be paid? Folder {f}.", "What is the payment deadline of invoice {n}? ({f})",
                "When is {n} due, and is it paid? Folder {f}."],
               ["Quand la facture {n} est-elle due ? (dossier {f})", "Pour quand faut-il payer {n} ? (dossier {f})"]),
    "unpaid_when": (["Which invoices in {f} are unpaid, and when are they due?"], []),
    "compare": (["Who owes more, {c} or {d}? Invoices in {f}.", "Is more money paid or unpaid in {f}?"],
                ["Qui doit le plus, {c} ou {d} ? (dossier {f})"]),
    "over": (["Which unpaid invoices in {f} are over {x} EUR?"], []),
    "excluding": (["How much is owed in {f}, leaving out {c}?"], []),
    "unanswerable": (["Which invoices in {f} were paid by card?", "How many invoices in {f} were paid late?"],
                     ["Quelles factures de {f} ont été payées par carte ?"]),
}
MONEY_KINDS = {"unpaid_total", "grand_total", "client_owes", "over", "excluding", "largest_unpaid"}


@dataclass
class Row:
    number: str
    client: str
    amount: float
    paid: bool | None  # None: a status a careful reader cannot classify
    status: str
    due: str


@dataclass
class Generated:
    task: str
    kind: str
    rows: list
    facts: list
    false: list
    build: object  # build(root) -> the folder's parent, with the files written


def amount_text(value: float, style: int, code: str = "EUR") -> str:
    whole, cents = int(value), round((value - int(value)) * 100)
    return [f"{value:.2f} {code}" if cents else f"{whole} {code}", f"{value:,.2f} {code}", f"{code} {value:,.2f}",
            f"{whole:,}".replace(",", " ") + (f",{cents:02d}" if cents else "") + " €", f"€{value:,.2f}",
            f"{whole:,}".replace(",", ".") + f",{cents:02d} €"][style]


def ledger(rng: random.Random, french: bool) -> list[Row]:
    """3 to 7 invoices, at least one paid and one unpaid, one status out of four unclassifiable."""
    while True:
        n, prefix = rng.randint(3, 7), rng.choice(["INV-", "F", "R-", "2026-", "", "FA26-"])
        clients = rng.sample(CLIENTS, rng.randint(2, min(4, n)))
        odd_at = n - 1 if rng.random() < 0.25 else -1
        numbers = rng.sample(range(100, 999), n)
        rows = []
        for i in range(n):
            paid = None if i == odd_at else rng.random() < 0.5
            words = (ODD_FR if french else ODD) if paid is None else (
                (PAID_FR if paid else UNPAID_FR) if french else (PAID if paid else UNPAID))
            rows.append(Row(f"{prefix}{numbers[i]}", rng.choice(clients), rng.choice(
                [rng.randint(40, 3000), round(rng.uniform(40, 3000), 2)]), paid, rng.choice(words),
                f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"))
        if any(r.paid is True for r in rows) and any(r.paid is False for r in rows):
            return rows


def write(rows: list[Row], folder: Path, french: bool, fields: tuple, style: int, dated: bool, variant: str | None,
          markdown: bool) -> None:
    folder.mkdir(parents=True)
    if variant == "readme":
        (folder / "README.txt").write_text("Author: accounts team\nNote: one file per invoice\n", encoding="utf-8")
    for row in rows:
        lines = [(fields[0], row.client), (fields[1], amount_text(row.amount, style)), (fields[2], row.status)]
        if variant == "vat":
            net = round(row.amount / 1.2, 2)
            lines[1:2] = [("Net", amount_text(net, style)), ("VAT", amount_text(round(row.amount - net, 2), style)),
                          ("Total", amount_text(row.amount, style))]
        lines += [(fields[3], row.due)] if dated else []
        if variant == "json":
            text = json.dumps({"number": row.number, **dict(lines)}, ensure_ascii=False)
        elif markdown:
            text = f"# {'Facture' if french else 'Invoice'} {row.number}\n\n" + "".join(f"- **{k}:** {v}\n" for k, v in lines)
        else:
            text = f"{'Facture' if french else 'Invoice'} {row.number}\n" + "".join(
                f"{k}{' : ' if french else ': '}{v}\n" for k, v in lines)
        (folder / f"{row.number}.{'json' if variant == 'json' else 'md' if markdown else 'txt'}").write_text(
            text, encoding="utf-8")


def number_of(row: Row) -> re.Pattern:
    return re.compile(rf"(?<![\w.,-]){re.escape(row.number)}(?![\w-]|[.,]\d)")


def stated(value: float) -> re.Pattern:
    return re.compile(rf"(?:total|owe|due|sum|somme|montant|add up|come to|dû|doit)[^.\n]{{0,60}}?(?:{money(value).pattern})",
                      re.IGNORECASE)


def counted(n: int) -> re.Pattern:
    return re.compile(rf"(?:Count|Nombre)\s?: {n}\b")


NONE = re.compile(r"(?:Unpaid|Impayées)[^.\n]*:\s(?:none|aucune)\b")  # nothing owed, said as such


def total(rows: list[Row]) -> float:
    return round(sum(r.amount for r in rows), 2)


def truth(kind: str, rows: list[Row], c: str, d: str, n: str, x: int, dated: bool) -> tuple[list, list]:
    """(true facts, false facts) of one task over `rows`; no true fact means only a decline is right."""
    odd = [r for r in rows if r.paid is None]
    paid, unpaid = [r for r in rows if r.paid is True], [r for r in rows if r.paid is False]
    mine = [r for r in rows if r.client == c]
    if kind in ("unpaid_list", "paid_list"):
        chosen, other = (unpaid, paid) if kind == "unpaid_list" else (paid, unpaid)
        return [number_of(r) for r in chosen], [number_of(r) for r in other]
    if kind == "unpaid_total":
        return ([], [stated(total(unpaid)), stated(total(unpaid + odd))]) if odd else (
            [money(total(unpaid))], [stated(total(rows))])
    if kind == "grand_total":
        return [money(total(rows))], [re.compile(rf"Grand total[^.\n]*?{money(total(paid + unpaid)).pattern}")] if odd else []
    if kind == "count_unpaid":
        return ([], [counted(len(unpaid)), counted(len(unpaid) + len(odd))]) if odd else ([counted(len(unpaid))], [])
    if kind == "count_all":
        return [counted(len(rows))], [counted(len(rows) + 1)]
    if kind == "client_owes":
        owed = [r for r in mine if r.paid is False]
        if any(r.paid is None for r in mine):
            return [], [stated(total(owed))]
        return ([money(total(owed))] if owed else [NONE]), [stated(total(mine))] * (
            total(mine) != total(owed))
    if kind == "client_all_paid":
        owed = [r for r in mine if r.paid is False]
        yes = re.compile(r"^\s*(?:yes|oui)\b|has paid everything|tout réglé", re.IGNORECASE)
        return ([number_of(r) for r in owed], [yes]) if owed else ([], [yes]) if any(r.paid is None for r in mine) else (
            [NONE], [number_of(r) for r in rows if r.client != c])
    if kind == "largest_unpaid":
        top = max(unpaid, key=lambda r: r.amount)
        if odd or sum(r.amount == top.amount for r in unpaid) > 1:
            return [], [re.compile(r"(?:largest|plus grosse)\b[^.\n]*?: (?!je|I)\S")]
        return [number_of(top)], [re.compile(rf"(?:largest|plus grosse)\b[^.\n]*?: {re.escape(r.number)}")
                                  for r in unpaid if r is not top]
    if kind == "due_of":
        row = next(r for r in rows if r.number == n)
        others = [re.compile(re.escape(r.due)) for r in rows if r.due != row.due]
        return ([re.compile(re.escape(row.due))] if dated else []), others
    if kind == "unpaid_when":
        dues = [re.compile(re.escape(r.due)) for r in paid]
        if odd or not dated:
            return [], [number_of(r) for r in paid] + dues
        return [number_of(r) for r in unpaid] + [re.compile(re.escape(r.due)) for r in unpaid], [number_of(r) for r in paid]
    if kind == "compare":  # weighing totals is not one of its rules: only a decline is right
        return [], [re.compile(rf"{re.escape(w)} (?:owes|doit) (?:the )?(?:more|plus)", re.IGNORECASE) for w in (c, d)]
    if kind == "over":
        big = [r for r in unpaid if r.amount > x]
        keep = [number_of(r) for r in big] or [NONE]
        return ([] if odd else keep), [number_of(r) for r in rows if r not in big and r.paid is not None]
    if kind == "excluding":
        kept = [r for r in rows if r.client != c]
        owed = [r for r in kept if r.paid is False]
        if any(r.paid is None for r in kept):
            return [], [stated(total(owed))]
        return [money(total(owed)) if owed else NONE], [stated(total(unpaid))] * (
            total(unpaid) != total(owed))
    return [], [number_of(r) for r in rows]  # unanswerable: paid by card, paid late


def case(seed: int) -> Generated:
    """The case of `seed`: a task (English or French) over a folder (French or English files), and its truth."""
    rng = random.Random(seed)
    french_task = rng.random() < 0.3
    kinds = [k for k, (en, fr) in TASKS.items() if (fr if french_task else en)]
    kind = rng.choice(kinds)
    french = french_task if rng.random() < 0.7 else not french_task
    rows = ledger(rng, french)
    fields = rng.choice(FIELDS["fr" if french else "en"])
    style, dated, markdown = rng.randrange(6), rng.random() < 0.7, rng.random() < 0.3
    variant = rng.choice([None, None, "vat", "readme", "json"])
    folder = rng.choice(FOLDERS)
    clients = sorted({r.client for r in rows})
    c, d = (clients[0], clients[1]) if len(clients) > 1 else (clients[0], clients[0])
    n, x = rng.choice(rows).number, rng.choice([500, 1000, 1500])
    task = rng.choice(TASKS[kind][1 if french_task else 0]).format(f=folder, c=c, d=d, n=n, x=x)
    facts, false = truth(kind, rows, c, d, n, x, dated)
    if variant == "vat":  # the net amounts are never a total
        false = false + [stated(total([Row("", "", round(r.amount / 1.2, 2), None, "", "") for r in rows
                                       if r.paid is False]))]

    def build(root: Path) -> Path:
        write(rows, root / folder, french, fields, style, dated, variant, markdown)
        return root

    return Generated(task, kind, rows, facts, false, build)


def judge(generated: Generated, answer: str) -> str:
    return verdict(answer, generated.facts, generated.false)
