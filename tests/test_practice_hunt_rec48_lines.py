"""Wordings and data from the rec48 hunt: a record's free line or field the reader cannot tell harmless (gap A: VW1,
VW2, VW4, BC1-BC4, TK4, EN1, X12, FW1-FW4, EV1, EV2; gap B: JP2, JX1, JX2, X09, JY1-JY3) and a task's date read in the
records' order (gap D: DX4, DR3)."""

from __future__ import annotations

import json

import pytest
from conversations import answer, records


def invoice(number: str, client: str, amount: str, status: str, extra: str = "") -> str:
    return f"Invoice {number}\nClient: {client}\nAmount: {amount}\nStatus: {status}\n{extra}"


LINES = {"w1.txt": invoice("W-1", "Osprey", "330 EUR", "unpaid", "Offset against the client's credit balance on 05/06/2026\n"),
         "w2.txt": invoice("W-2", "Osprey", "125 EUR", "unpaid", "Cleared 04/06/2026\n"),
         "w3.txt": invoice("W-3", "Osprey", "480 EUR", "unpaid", "Thank you for your business!\n"),
         "w4.txt": invoice("W-4", "Kestrel", "640 EUR", "paid", "Direct debit returned 09/06/2026\n"),
         "w5.txt": "Facture W-5\nClient : Kestrel\nMontant : 90 EUR\nStatut : payée\nPrélèvement rejeté le 09/06/2026\n"}


@pytest.mark.parametrize(("task", "kept", "left"), [
    ("How much does Osprey owe?", ["W-3 (Osprey, 480 EUR)", "w1.txt says 'Offset against the client's credit balance",
                                   "w2.txt says 'Cleared 04/06/2026'"], ["Total: 935", "W-1 (", "W-2 ("]),
    ("Which invoices are unpaid, and what is the total?", ["W-3 (Osprey, 480 EUR)", "w1.txt, w2.txt, w4.txt and w5.txt may belong"],
     ["935", "1410"]),
    ("Which invoices are paid?", ["w4.txt says 'Direct debit returned 09/06/2026'", "w5.txt says 'Prélèvement rejeté"],
     ["W-4 (", "W-5 ("]),
    ("Quelles factures sont payées ?", ["w4.txt dit 'Direct debit returned 09/06/2026', que je ne sais pas lire"], ["W-4 ("])])
def test_a_free_line_the_reader_cannot_tell_harmless_leaves_the_record_unknown(tmp_path, task, kept, left):
    """'Offset against …', 'Cleared', 'Direct debit returned', 'Prélèvement rejeté' were outside the word lists, so the
    Status was trusted: 'Total: 935 EUR' for Osprey (FW1-FW4, VW1, BC1-BC4). A thanks line leaves its record answered."""
    said = answer(task, records(tmp_path, LINES))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


MAILS = {"m1.eml": "From: Tom Baker <tom@baker.co.uk>\nSubject: Re: Invoice BS-1\n\nHi, the transfer went out yesterday.\nTom\n\n"
                   "> Invoice BS-1\n> Client: Baker\n> Amount: £640.00\n> Status: unpaid\n",
         "m2.eml": "From: accounts@ourco.com\nSubject: Invoice BS-2\n\nPlease find our invoice below.\n\nInvoice BS-2\n"
                   "Client: Baker\nAmount: £1,080.00\nStatus: unpaid\n",
         "m3.eml": "From: Clara Ng <clara@ng.com>\nSubject: BS-3\n\nPlease disregard the invoice below.\nClara\n\n"
                   "> Invoice BS-3\n> Client: Ng\n> Amount: £220.00\n> Status: unpaid\n"}


def test_an_e_mail_saying_a_bill_was_paid_or_void_leaves_it_unknown(tmp_path):
    """'the transfer went out yesterday', 'Please disregard the invoice below' above a quoted invoice: a firm 'Total:
    1940 GBP' (EN1, EV1, EV2). The plain e-mail ('Please find our invoice below.', a signature) stays answered."""
    said = answer("Which invoices are unpaid, and what's the total?", records(tmp_path, MAILS))
    assert "m2 (accounts@ourco.com, £1,080.00)" in said and "Total: 1940" not in said and "m1 (" not in said, said
    assert "m1.eml says 'Hi, the transfer went out yesterday.'" in said and "m3.eml says 'Please disregard" in said, said


JSONS = {"k1.json": {"invoice": "K-1", "client": "Borea", "amount": "900.00 EUR", "status": "paid", "refunded": "900.00 EUR"},
         "k2.json": {"invoice": "K-2", "client": "Borea", "amount": "75.00 EUR", "status": "unpaid", "superseded_by": "K-3"},
         "k3.json": {"invoice": "K-3", "client": "Borea", "amount": "80.00 EUR", "status": "unpaid",
                     "customer": {"city": "Lyon"}},
         "k4.json": {"invoice": "K-4", "client": "Helio", "amount": "40.00 EUR", "status": "paid",
                     "payment": {"method": "cheque", "bounced": True}}}


@pytest.mark.parametrize(("task", "kept", "left"), [
    ("How much does Borea owe?", ["K-3 (Borea, 80.00 EUR)", "k2.json says 'superseded_by: K-3'"], ["Total: 155", "K-2 ("]),
    ("Which invoices are paid?", ["k1.json says 'refunded: 900.00 EUR'", "k4.json says 'payment.bounced: True'"],
     ["K-1 (", "K-4 ("])])
def test_a_json_field_that_may_undo_a_record_leaves_it_unknown(tmp_path, task, kept, left):
    """'refunded', 'superseded_by' and a nested 'payment': {'bounced': true} were kept as plain fields or dropped:
    'Total: 155 EUR', K-1 listed as paid (JP2, JX1, JX2, X09, JY1-JY3). A nested city is no state."""
    files = {name: json.dumps(data) for name, data in JSONS.items()}
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


def test_a_merged_ticket_is_not_listed_as_open(tmp_path):
    """'# merged into TK-301, same fault' under 'state: open' was left out of the reading: TK-303 listed as open (TK4)."""
    files = {f"tk{n}.yml": f"ticket: TK-{n}\ntitle: {t}\nstate: {s}\nopened: 2026-06-0{n - 300}\n{x}"
             for n, t, s, x in ((301, "Printer jams", "open", ""), (302, "VPN slow", "closed", ""),
                                (303, "Printer jams again", "open", "# merged into TK-301, same fault\n"))}
    said = answer("List the open tickets.", records(tmp_path, files))
    assert "TK-301" in said and "(TK-303)" not in said and "tk303.yml says '# merged into TK-301" in said, said


DUE = {f"d{n}.txt": f"Invoice D-{n}\nClient: Cobalt\nAmount: {a} EUR\nDue: {d}\nStatus: unpaid\n"
       for n, a, d in ((1, 400, "07/20/2026"), (2, 600, "06/10/2026"))}


@pytest.mark.parametrize(("task", "kept", "left"), [
    ("Which invoices are due before 15/06/2026?", ["D-2 (Cobalt, 600 EUR)"], ["no date of the calendar", "D-1 ("]),
    ("Quelles factures sont dues avant le 15/06/2026 ?", ["D-2 (Cobalt, 600 EUR)"], ["no date", "D-1 ("]),
    ("Quelles factures sont dues avant le 31/06/2026 ?", ["31/06/2026 n'est pas une date du calendrier"], ["no date"])])
def test_a_date_of_the_task_is_read_on_its_own(tmp_path, task, kept, left):
    """One US-style date in the records ('07/20/2026') made the task's '15/06/2026' 'no date of the calendar', in
    English in a French reply (DX4, DR3)."""
    said = answer(task, records(tmp_path, DUE))
    assert all(k in said for k in kept) and not any(w in said for w in left), said
