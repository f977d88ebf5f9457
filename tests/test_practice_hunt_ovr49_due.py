"""Wordings and data from the ovr49 hunt: a free line moving the due date (W01 R35, W02 R51), and free lines of a plain
invoice read as unknown (R04, R05, R07, R43, R44)."""

from __future__ import annotations

import pytest
from conversations import answer, records


def bill(number, client, amount, status, due, *lines, french=False):
    """A record file: English 'Invoice …' fields, or French 'Facture …' ones, then its free lines."""
    labels = ("Facture", "Client :", "Montant :", "Statut :", "Échéance :") if french else (
        "Invoice", "Client:", "Amount:", "Status:", "Due:")
    said = [f"{labels[0]} {number}", f"{labels[1]} {client}", f"{labels[2]} {amount}", f"{labels[3]} {status}"]
    return "\n".join([*said, *([f"{labels[4]} {due}"] if due else []), *lines]) + "\n"


def _folder(tmp_path, name):
    """A folder of its own under tmp_path, for a second set of records in one test."""
    (tmp_path / name).mkdir()
    return tmp_path / name


MOVED = [("Due date extended to 08/01/2027 at client's request.", "Thank you for your business!", "18/12/2026", False),
         ("Échéance reportée au 15/02/2027 à la demande du client.", "Merci de votre confiance !", "31/01/2027", True),
         ("Deadline postponed by two weeks.", "Payment due by bank transfer.", "18/12/2026", False),
         ("Payment date moved to 8 January 2027.", "Reminder sent 01/12/2026.", "18/12/2026", False),
         ("Note: new due date 20/01/2027", "Note: reminder: due 18/12/2026", "18/12/2026", False),
         ("Date limite repoussée au 20/02/2027.", "Règlement par virement sous 30 jours.", "31/01/2027", True)]


@pytest.mark.parametrize(("line", "plain", "due", "french"), MOVED)
def test_a_line_moving_the_due_date_leaves_it_unknown(tmp_path, line, plain, due, french):
    """'When is invoice D-40 due?' answered 'Due 18/12/2026' beside 'Due date extended to 08/01/2027' (ovr49 W01, W02):
    the date it first gives is said only with the line that moves it, and that it cannot say when. A line that speaks
    of no other due date leaves it answered."""
    task = "Quand la facture D-40 est-elle due ?" if french else "When is invoice D-40 due?"
    sure = "je ne peux pas dire quand elle est due" if french else "so I cannot say when it is due"
    replies = []
    for name, extra in (("moved", line), ("plain", plain)):
        files = {"d-40.txt": bill("D-40", "Hollin", "310 EUR", "unpaid", due, extra, french=french),
                 "d-41.txt": bill("D-41", "Hollin", "20 EUR", "unpaid", "02/01/2027", french=french)}
        replies.append(answer(task, records(_folder(tmp_path, name), files)))
    moved, kept = replies
    assert sure in moved and line.replace("'", "’").split(":")[-1].strip() in moved, moved
    assert not moved.rstrip().endswith(f"{due}.") and f"{due}. " not in moved, moved
    assert f"{due}." in kept and sure not in kept, kept


def test_a_due_date_moved_is_not_filtered_by_it(tmp_path):
    """'Which invoices are due before 01/01/2027?' listed D-40 by the Due its extension moved past the date (ovr49
    root cause A): it is not counted, named with its line."""
    files = {"d-40.txt": bill("D-40", "Hollin", "310 EUR", "unpaid", "18/12/2026",
                              "Due date extended to 08/01/2027 at client's request."),
             "d-41.txt": bill("D-41", "Hollin", "20 EUR", "unpaid", "20/12/2026")}
    said = answer("Which invoices are due before 01/01/2027?", records(tmp_path, files))
    assert "D-41 (Hollin, 20 EUR)" in said and "D-40 (" not in said and "which changes the Due" in said, said


@pytest.mark.parametrize(("lines", "settling", "french"), [
    (["", "Item            Qty  Price   Total", "Fence posts      10  12 EUR  120 EUR", "Wire roll         2  40 EUR   80 EUR"],
     ["Fence posts      10  12 EUR  130 EUR"], False),
    (["Kind regards,", "Maria Oduya, Accounts", "Tel. +44 20 7946 0011"], ["Kind regards,", "Paid by cheque"], False),
    (["Reminder sent 01/12/2026."], ["Reminder sent 01/12/2026, paid 05/12/2026."], False),
    (["Règlement par virement sous 30 jours, IBAN FR76 3000 6000 0112 3456 7890 189."],
     ["Règlement par virement reçu le 02/12/2026."], True),
    (["Indemnité forfaitaire pour frais de recouvrement : 40 €", "Relance envoyée le 02/12/2026."],
     ["Indemnité forfaitaire pour frais de recouvrement : 40 € réglée le 05/12/2026"], True)])
def test_a_plain_line_of_an_invoice_leaves_it_counted(tmp_path, lines, settling, french):
    """An item row, a signature, a reminder, payment terms and the French legal mention made a plain invoice unknown
    (ovr49 R04, R05, R07, R43, R44): none changes its state or amount, so it is counted. Beside them, a line that may
    say it was paid, or an item row that does not add up, still makes it unknown."""
    task = "Quelles factures sont impayées et pour quel montant total ?" if french else (
        "Which invoices are unpaid, and what is their total?")
    total = "Total : 260 EUR" if french else "Total: 260 EUR"
    replies = []
    for name, extra in (("plain", lines), ("settling", settling)):
        files = {"t-1.txt": bill("T-1", "Pell Farm", "200 EUR", "impayée" if french else "unpaid", "", *extra, french=french),
                 "t-2.txt": bill("T-2", "Pell Farm", "60 EUR", "impayée" if french else "unpaid", "", french=french)}
        replies.append(answer(task, records(_folder(tmp_path, name), files)))
    plain, settled = replies
    assert total in plain and "t-1.txt" not in plain, plain
    assert "t-1.txt" in settled and total not in settled, settled
