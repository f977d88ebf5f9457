"""Wordings and data from the rec44 hunt (W01-W23) and the api44 hunt (W01-W05): records and invoices."""

from __future__ import annotations

import pytest
from conversations import answer, records


def _files(*records_: tuple[str, list[str]]) -> dict[str, str]:
    return {name: "\n".join(lines) + "\n" for name, lines in records_}


MEMBERS = _files(("a.txt", ["Member: Rémi Faure", "Fee: 40 EUR", "Paid: no"]),
                 ("b.txt", ["Member: Inès Brun", "Fee: 40 EUR", "Paid: no", "Note: fee to be paid by employer"]),
                 ("c.txt", ["Member: Carla Mendes", "Fee: 40 EUR", "Paid: yes"]))
RENTS = _files(("r1.txt", ["Rental 1", "Tenant: Bruno Salle", "Rent: 500 EUR", "Status: unpaid", "Note: rent includes parking"]),
               ("r2.txt", ["Rental 2", "Tenant: Aline Rey", "Rent: 450 EUR", "Status: unpaid"]),
               ("r3.txt", ["Rental 3", "Tenant: Omar Said", "Rent: 480 EUR", "Status: paid", "Note: parking rented separately"]))
CLIENTS = _files(("i1.txt", ["Invoice I-1", "Client: Sirocco", "Amount: 300 EUR", "Status: unpaid", "Note: client moved to Lyon"]),
                 ("i2.txt", ["Invoice I-2", "Client: Mistral", "Amount: 500 EUR", "Status: unpaid"]),
                 ("i3.txt", ["Invoice I-3", "Client: Mistral", "Amount: 200 EUR", "Status: paid"]))
PLANS = _files(("s1.txt", ["Subscription S-1", "Customer: Vega", "Price: 90 EUR", "Status: unpaid",
                           "Remark: price agreed by phone"]),
               ("s2.txt", ["Subscription S-2", "Customer: Orion", "Price: 120 EUR", "Status: unpaid"]),
               ("s3.txt", ["Subscription S-3", "Customer: Lyra", "Price: 60 EUR", "Status: paid"]))


@pytest.mark.parametrize(("files", "task", "kept", "left"), [
    (RENTS, "Who hasn't paid their rent?", ["Bruno Salle", "Aline Rey"], ["Note rent"]),
    (RENTS, "What is the total rent still owed?", ["Total: 950 EUR"], ["Note rent", "Total: 500 EUR"]),
    (CLIENTS, "Which client still owes money, and how much?", ["Total: 800 EUR"], ["Note client", "Total: 300 EUR"]),
    (CLIENTS, "Which invoices has the client not paid?", ["I-1 (", "I-2 ("], ["Note client"]),
    (MEMBERS, "Who has not paid their fee?", ["Rémi Faure", "b.txt"], ["Note fee"]),
    (MEMBERS, "Who still owes a fee, and how much in total?", ["Rémi Faure", "b.txt may belong"], ["Note fee"]),
    (PLANS, "What is the total price of the unpaid subscriptions?", ["Total: 210 EUR"], ["Remark price", "Total: 90 EUR"])])
def test_a_task_word_naming_a_field_does_not_select_on_a_note_holding_it(tmp_path, files, task, kept, left):
    """'rent', 'client' and 'fee' of the task were read as filters on 'Note: rent includes parking', 'Note: client
    moved to Lyon', 'Note: fee to be paid by employer': the plain unpaid records were dropped, the totals false
    (rec44 W05-W12). A word naming a field names the field, not a note that holds it."""
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


TRAPS = _files(("a-101.txt", ["Invoice A-101", "Client: Boulangerie Lemaire", "Amount: €1,250.00", "Status: unpaid"]),
               ("a-104.txt", ["Invoice A-104", "Client: Garage Orsini", "Amount: 300 EUR", "Status: unpaid",
                              "Note: amount corrected to 250 EUR by credit note CN-7"]),
               ("a-105.txt", ["Invoice A-105", "Client: Café Oslo", "Amount: 720 EUR", "Status: paid on 03/03/2026"]))
CORRECTED = _files(("B-1.txt", ["Invoice B-1", "Client: Atelier Vert", "Amount: 700 EUR", "Status: unpaid"]),
                   ("B-2.txt", ["Invoice B-2", "Client: Rue des Arts", "Amount: 400 EUR", "Status: unpaid",
                                "Note: amount corrected to 350 EUR"]),
                   ("B-3.txt", ["Invoice B-3", "Client: Chez Paul", "Amount: 200 EUR", "Status: paid"]),
                   ("B-4.txt", ["Invoice B-4", "Client: Chez Paul", "Amount: 750 EUR", "Status: unpaid",
                                "Note: amount reduced from 900 EUR after repairs"]))  # already the amount now
FRENCH = _files(("F1.txt", ["Facture F1", "Client : Mercerie Jolie", "Montant : 520 EUR", "Statut : impayée"]),
                ("F2.txt", ["Facture F2", "Client : Ébénisterie Roux", "Montant : 300 EUR", "Statut : impayée",
                            "Remarque : montant ramené à 240 EUR après avoir"]),
                ("F3.txt", ["Facture F3", "Client : Pressing Sud", "Montant : 90 EUR", "Statut : payée"]))


@pytest.mark.parametrize(("files", "task", "kept", "left"), [
    (TRAPS, "What is the total of all invoices, paid or not?", ["300 EUR (Note: amount corrected to 250 EUR"],
     ["2270", "A-104 (Garage Orsini, 300 EUR)"]),
    (CORRECTED, "Which invoices in the folder are unpaid, and how much is due in total?",
     ["400 EUR (Note: amount corrected to 350 EUR)", "B-2.txt says its amount was changed", "B-4 (Chez Paul, 750 EUR)"],
     ["Total: 1850 EUR", "Total: 1800 EUR", "B-4.txt"]),
    (CORRECTED, "How many invoices are unpaid?", ["400 EUR (Note: amount corrected to 350 EUR)", "Count: 3"],
     ["B-2 (Rue des Arts, 400 EUR)"]),
    (FRENCH, "Quelles factures du dossier sont impayées, et quel est le total dû ?",
     ["300 EUR (Remarque: montant ramené à 240 EUR après avoir)", "F2.txt dit que son montant a été changé"],
     ["est un avoir", "820 EUR"])])
def test_a_note_correcting_an_amount_is_quoted_with_it_and_not_added_up(tmp_path, files, task, kept, left):
    """'Note: amount corrected to 560 EUR' was read, yet the invoice was listed and added up at its first amount, in
    prose and in a structured output (rec44 W01, api44 W01-W04); 'après avoir' was called a credit note (api44 W05).
    A note giving the amount the record already gives ('reduced from 900 EUR' beside 750 EUR) changes nothing."""
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


NEG = _files(("n-1.txt", ["Invoice N-1", "Client: Sol Verde", "Amount: 500 EUR", "Status: not paid"]),
             ("n-3.txt", ["Invoice N-3", "Client: Kiwi Lab", "Amount: 200 EUR", "Status: unpaid",
                          "Update 12/05/2026: paid by transfer"]),
             ("n-4.txt", ["Invoice N-4", "Client: Kiwi Lab", "Amount: 900 EUR", "Status: paid in full"]),
             ("n-5.txt", ["Invoice N-5", "Client: Kiwi Lab", "Amount: 150 EUR", "Status: unpaid (reminder sent)"]))
FREE = _files(("w2.txt", ["Invoice W-2", "Client: Cèdre", "Amount: 600 EUR", "Status: unpaid"]),
              ("w3.txt", ["Invoice W-3", "Client: Pin", "Amount: 350 EUR", "Status: paid", "",
                          "Correction 20/05/2026: cheque returned unpaid, amount still due"]))
REFUSED = _files(("u1.txt", ["Invoice U-1", "Client: Brisa", "Amount: 800 EUR", "Status: paid",
                             "Correction: payment was refused by the bank"]),
                 ("u3.txt", ["Invoice U-3", "Client: Zéphyr", "Amount: 100 EUR", "Status: unpaid"]),
                 ("u4.txt", ["Invoice U-4", "Client: Brisa", "Amount: 300 EUR", "Status: paid", "Updated: 2026-06-02"]))
DUES = _files(("m-2.txt", ["Member: Jules Caron", "Fee: 15 EUR", "Paid: no"]),
              ("m-4.txt", ["Member: Théo Blanc", "Fee: 60 EUR", "Paid: no", "Note: fee waived by the board"]))
FR_UPDATE = _files(("a.txt", ["Facture 1", "Client : Roc", "Montant : 500 EUR", "Statut : payée",
                              "Mise à jour : paiement refusé par la banque"]),
                   ("b.txt", ["Facture 2", "Client : Roc", "Montant : 200 EUR", "Statut : payée"]))


@pytest.mark.parametrize(("files", "task", "kept", "left"), [
    (NEG, "Which invoices are unpaid, and what's the total?", ["n-3.txt has Status 'unpaid' (Update 12/05/2026"],
     ["Total: 850 EUR", "N-3 ("]),
    (NEG, "How much has Kiwi Lab paid?", ["n-3.txt may belong"], ["Total: 900 EUR"]),
    (FREE, "Which invoices are unpaid, and what is the total still due?", ["w3.txt may belong", "Correction 20/05/2026"],
     ["Total: 600 EUR", "Total still due: 600 EUR"]),
    (FREE, "What is the total of paid invoices?", ["w3.txt may belong"], ["W-3 (Pin, 350 EUR)"]),
    (REFUSED, "How much has Brisa paid?", ["u1.txt may belong", "U-4 (Brisa, 300 EUR)"], ["U-1 (Brisa, 800 EUR)"]),
    (REFUSED, "Which invoices are unpaid, and what is the total still due?", ["u1.txt may belong"], ["Total still due: 100 EUR"]),
    (DUES, "Who has not paid their fee?", ["Jules Caron", "m-4.txt may belong"], ["Théo Blanc, 60 EUR"]),
    (FR_UPDATE, "Quel est le total des factures payées ?", ["a.txt pourrait aussi"], ["700 EUR"])])
def test_an_update_or_correction_line_makes_the_payment_state_unknown(tmp_path, files, task, kept, left):
    """'Update 12/05/2026: paid by transfer', 'Correction …: cheque returned unpaid', 'Correction: payment was refused by
    the bank' were ignored: the record was counted on its first status, and the reply looked complete (rec44 W18-W23);
    'Note: fee waived by the board' too (rec44 W05). A line that only dates an update ('Updated: 2026-06-02') is none."""
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


TICKETS = _files(("t-88.txt", ["Ticket #88", "Priority: high", "Status: open"]),
                 ("t-89.txt", ["Ticket #89", "Priority: low", "Status: closed"]),
                 ("t-90.txt", ["Ticket #90", "Priority: high", "Status: closed (reopened 09/02/2026)"]),
                 ("t-91.txt", ["Ticket #91", "Priority: medium", "Status: open"]))
ESCALATED = _files(("x1.txt", ["Ticket 501", "Status: open"]), ("x2.txt", ["Ticket 502", "Status: OPEN"]),
                   ("x3.txt", ["Ticket 503", "Status: open - escalated"]), ("x4.txt", ["Ticket 504", "Status: closed"]))
PENDING = _files(("p1.txt", ["Case 1", "Status: pending"]), ("p2.txt", ["Case 2", "Status: pending (customer reply)"]),
                 ("p3.txt", ["Case 3", "Status: done"]))


@pytest.mark.parametrize(("files", "task", "kept", "left"), [
    (TICKETS, "How many tickets are open?", ["t-90.txt has Status 'closed (reopened 09/02/2026)', which I cannot read as "
                                            "open or not"], ["Count: 2"]),
    (TICKETS, "List the open high-priority tickets.", ["88 (", "t-90.txt may belong"], []),
    (ESCALATED, "How many tickets are open?", ["501 (", "502 (", "x3.txt may belong"], ["Count: 2"]),
    (ESCALATED, "Combien de tickets sont ouverts ?", ["x3.txt pourrait aussi"], ["Nombre : 2"]),
    (PENDING, "How many cases are pending?", ["p2.txt may belong"], ["Count: 1"])])
def test_a_status_close_to_the_one_asked_is_named_as_maybe_belonging(tmp_path, files, task, kept, left):
    """'closed (reopened 09/02/2026)', 'open - escalated', 'Open (pending customer)' were left out without a word
    beside 'open', and the count given as complete (rec44 W13-W17)."""
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


LOANS = _files(("l-1.txt", ["Loan L-1", "Borrower: Chloé Martin", "Item: cordless drill", "Status: returned on 15/03/2026"]),
               ("l-2.txt", ["Loan L-2", "Borrower: Hugo Lenoir", "Item: ladder", "Status: out"]),
               ("l-3.txt", ["Loan L-3", "Borrower: Chloé Martin", "Item: tent", "Status: out"]))
BOOKS = _files(("k1.txt", ["Book: Le Petit Prince", "Borrower: Zoé Lambert", "Returned: yes"]),
               ("k2.txt", ["Book: L'Étranger", "Borrower: Zoé Lambert", "Returned: no"]))


@pytest.mark.parametrize(("files", "task"), [
    (LOANS, "What items does Chloé Martin still have?"), (LOANS, "What is Chloé Martin still holding?"),
    (LOANS, "Qu'est-ce que Chloé Martin a encore ?"), (BOOKS, "What does Zoé Lambert still have?")])
def test_still_have_is_not_dropped(tmp_path, files, task):
    """'What does X still have?' listed every loan of X, the returned ones too (rec44 W02-W04): 'still' was dropped."""
    said = answer(task, records(tmp_path, files))
    assert ("still have" in said or "still holding" in said or "a encore" in said) and not any(
        w in said for w in ("cordless drill", "L-1 (", "Le Petit Prince")), said
