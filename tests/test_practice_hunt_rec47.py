"""Wordings and data from the rec47 hunt: W20-W22 (a credit card is no credit note), W02-W07 (a line about another
record), W08-W10, W23-W25, W29-W37 (state words in other words and languages, statuses that are no payment's) and W01
(a superseded record in a 'paid or unpaid' total)."""

from __future__ import annotations

import pytest
from conversations import answer, records


def invoice(number: str, client: str, amount: str, status: str, *lines: str) -> str:
    return "\n".join([f"Invoice {number}", f"Client: {client}", f"Amount: {amount}", f"Status: {status}", *lines]) + "\n"


CARD = {"p2.txt": invoice("H-88", "Halle Verte", "900 EUR", "unpaid"),
        "p3.txt": invoice("H-89", "Halle Verte", "260 EUR", "unpaid", "Note: payable by credit card or transfer")}


@pytest.mark.parametrize(("task", "kept"), [
    ("Which invoices are unpaid?", "Unpaid: H-88 (Halle Verte, 900 EUR) and H-89 (Halle Verte, 260 EUR)"),
    ("How much does Halle Verte owe?", "Total: 1160 EUR"),
    ("Combien de factures impayées a Halle Verte ?", "H-89 (Halle Verte, 260 EUR)")])
def test_a_credit_card_is_no_credit_note(tmp_path, task, kept):
    """'Note: payable by credit card or transfer' was said to speak of a credit note, and a plain unpaid invoice was
    set aside for it (rec47 W20-W22)."""
    said = answer(task, records(tmp_path, CARD))
    assert kept in said and "credit note" not in said and "avoir" not in said, said


ANOTHER = {"c1.txt": invoice("R-11", "Nordlys AS", "600 EUR", "unpaid",
                             "Note: invoice R-12 was issued by mistake and is cancelled."),
           "c2.txt": invoice("R-12", "Nordlys AS", "600 EUR", "unpaid"),
           "c3.txt": invoice("R-13", "Kato Design", "275 EUR", "unpaid")}
TOGETHER = {"d1.txt": invoice("M-7", "Orto Verde", "230 EUR", "paid on 03/03/2026",
                              "Paid together with M-8 (one transfer of 410 EUR)."),
            "d2.txt": invoice("M-8", "Orto Verde", "180 EUR", "unpaid"),
            "d3.txt": invoice("M-9", "Orto Verde", "90 EUR", "unpaid")}


@pytest.mark.parametrize(("files", "task", "kept", "left"), [
    (ANOTHER, "Which invoices are unpaid, and what's the total?",
     ["Unpaid: R-11 (Nordlys AS, 600 EUR) and R-13", "c2.txt has Status 'unpaid' (c1.txt: Note: invoice R-12"],
     ["R-12 (Nordlys", "c1.txt has"]),
    (ANOTHER, "How many unpaid invoices are there?", ["R-11 (Nordlys AS, 600 EUR)", "c2.txt may belong"], ["R-12 (Nordlys"]),
    (TOGETHER, "How much does Orto Verde still owe?", ["M-9 (Orto Verde, 90 EUR)", "d2.txt has Status 'unpaid' (d1.txt: Text: Paid"],
     ["M-8 (Orto Verde", "270 EUR"]),
    (TOGETHER, "Has invoice M-8 been paid?", ["d1.txt: Text: Paid together with M-8"], ["M-8 (Orto Verde, 180 EUR)"])])
def test_a_line_about_another_record_is_that_records(tmp_path, files, task, kept, left):
    """'Note: invoice R-12 … is cancelled' in R-11 set R-11 aside and left R-12 firmly unpaid; 'Paid together with
    M-8' in M-7 left M-8 firmly unpaid (rec47 W02-W07): the record a line names is the one in doubt."""
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


SUBSCRIPTIONS = {
    "s1.txt": "Subscription SUB-1\nSubscriber: Nadia Ferris\nPrice: 240 EUR\nStatus: active\n",
    "s2.txt": "Subscription SUB-2\nSubscriber: Owen Clarke\nPrice: 9 EUR\nStatus: active\n"
              "Terminated at customer's request on 20/06/2026\n",
    "s3.txt": "Subscription SUB-3\nSubscriber: Priya Shah\nPrice: 25 EUR\nStatus: active\n",
    "s4.txt": "Subscription SUB-4\nSubscriber: Leo Martens\nPrice: 9 EUR\nStatus: cancelled\nReactivated on 02/07/2026\n"}
ORDERS = {"cmd1.txt": "Commande C-901\nClient : Julien Roche\nMontant : 2 490,00 €\nStatut : en cours\n"
                      "Le client a exercé son droit de rétractation le 05/06.\n",
          "cmd3.txt": "Commande C-903\nClient : Julien Roche\nMontant : 45,00 €\nStatut : en cours\n"}


@pytest.mark.parametrize(("files", "task", "kept", "left"), [
    (SUBSCRIPTIONS, "How many subscriptions are active?", ["SUB-1", "SUB-3", "s2.txt says 'Text: Terminated",
                                                           "s4.txt says 'Text: Reactivated"], ["Count: 3", "SUB-2 ("]),
    (SUBSCRIPTIONS, "What is the total price of the active subscriptions?", ["265 EUR", "s2.txt says"],
     ["274", "as paid or unpaid"]),
    (SUBSCRIPTIONS, "Is Owen Clarke's subscription still active?", ["s2.txt says"], ["SUB-2 (Owen"]),
    (ORDERS, "Quelles commandes sont en cours, et pour quel montant total ?", ["C-903", "droit de rétractation"],
     ["2 535", "C-901 ("])])
def test_a_line_ending_or_resuming_a_record_changes_a_status_no_payment_is(tmp_path, files, task, kept, left):
    """'Terminated … on 20/06/2026' beside 'Status: active', 'Reactivated on 02/07/2026' beside 'Status: cancelled'
    and 'droit de rétractation' beside 'Statut : en cours' were not read (rec47 W08-W10, W23)."""
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


ELSEWHERE = {"e1.txt": invoice("E-1", "Hansa Druck", "700 EUR", "unpaid", "Storniert am 03/06/2026"),
             "e3.txt": invoice("E-3", "Sol y Mar", "400 EUR", "unpaid", "Factura anulada"),
             "e4.txt": invoice("E-4", "Sol y Mar", "120 EUR", "unpaid"),
             "l2.txt": "Facture H-2\nClient : Clos Fleuri\nMontant : 120 €\nStatut : impayée\n"
                       "Facture sans objet (commande jamais livrée)\n"}
RENTS = {"rentals.csv": "id,tenant,rent,paid,comment\nR-2,Bilal Osman,790 EUR,no,\n"
                        "R-3,Chen Wei,910 EUR,no,rent forgiven (moved out early)\nR-4,Dana Roth,760 EUR,no,reminder sent\n"}


@pytest.mark.parametrize(("files", "task", "kept", "left"), [
    (ELSEWHERE, "Which invoices are unpaid, and what's the total?", ["E-4 (Sol y Mar, 120 EUR)", "Storniert",
                                                                     "Factura anulada", "sans objet"], ["E-1 (", "E-3 ("]),
    (ELSEWHERE, "Combien doit Sol y Mar ?", ["E-4 (Sol y Mar, 120 EUR)", "e3.txt"], ["520", "E-3 ("]),
    (RENTS, "Who hasn't paid their rent, and how much is outstanding?", ["1550 EUR", "rent forgiven"],
     ["2460", "R-3 (Chen"]),
    (RENTS, "Does Chen Wei owe rent?", ["rent forgiven"], ["R-3 (Chen Wei, 910 EUR)"])])
def test_void_and_forgiven_in_other_words_make_a_record_unknown(tmp_path, files, task, kept, left):
    """'Storniert', 'Factura anulada', 'Facture sans objet' and 'rent forgiven' were not read: the records were summed
    as unpaid (rec47 W24, W25, W29-W31, W34-W37)."""
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


def test_a_superseded_record_is_not_summed_in_a_paid_or_unpaid_total(tmp_path):
    """'Superseded by K-107' was summed beside K-107 in 'the total of all the invoices, paid or unpaid' (rec47 W01)."""
    files = {"a5.txt": invoice("K-105", "Studio Verne", "410 EUR", "unpaid", "Superseded by K-107"),
             "a6.txt": invoice("K-107", "Studio Verne", "430 EUR", "unpaid"),
             "a4.txt": invoice("K-104", "Pixel & Co", "95 EUR", "paid on 28/06/2026")}
    said = answer("What is the total of all the invoices, paid or unpaid?", records(tmp_path, files))
    assert "935" not in said and "525 EUR" in said and "Superseded by K-107" in said, said
