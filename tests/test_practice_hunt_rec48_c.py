"""Wordings and data from the rec48 hunt (SP1-SP4, SQ1, SQ2: a payment recorded in another file), the par48 hunt
(E047, F306, E307, E308: a list asked beside the largest) and the api48 hunt (W11: 'in the folder due')."""

from __future__ import annotations

import pytest
from conversations import answer, records

from looplab import samples

SPLIT = {"inv-s12.txt": "Invoice S-12\nClient: Rivière Conseil\nAmount: 1,500.00 EUR\nDue: 31/05/2026\nStatus: unpaid\n",
         "inv-s13.txt": "Invoice S-13\nClient: Rivière Conseil\nAmount: 750.00 EUR\nDue: 15/06/2026\nStatus: unpaid\n",
         "inv-s14.txt": "Invoice S-14\nClient: Dune Architecture\nAmount: 2,250.00 EUR\nDue: 10/06/2026\nStatus: paid\n",
         "payments.txt": "Bank statement extract - May/June 2026\n"
                         "02/06/2026  credit  1,500.00 EUR  ref S-12  RIVIERE CONSEIL\n"
                         "05/06/2026  credit  2,250.00 EUR  ref S-14  DUNE ARCHI\n"
                         "09/06/2026  debit   2,250.00 EUR  ref S-14  returned cheque - unpaid\n"}
ADVICE = {"sq77a.txt": "Invoice SQ-77\nClient: Fjord Design\nAmount: 1,300.00 EUR\nStatus: unpaid\n",
          "sq77b.txt": "Payment advice\nInvoice: SQ-77\nAmount paid: 1,300.00 EUR\nDate: 03/06/2026\nMethod: transfer\n",
          "sq78.txt": "Invoice SQ-78\nClient: Fjord Design\nAmount: 410.00 EUR\nStatus: unpaid\n"}
STATEMENT = 'payments.txt: "02/06/2026 credit 1,500.00 EUR ref S-12 RIVIERE CONSEIL"'


@pytest.mark.parametrize(("files", "task", "kept", "gone"), [
    (SPLIT, "Which invoices are unpaid, and what's the total?", ["S-13 (Rivière Conseil, 750.00 EUR)", STATEMENT,
                                                                "returned cheque"], ["S-12 (", "2250 EUR"]),
    (SPLIT, "Has Dune Architecture paid invoice S-14?", ["inv-s14.txt has Status 'paid (payments.txt:"],
     ["S-14 (Dune Architecture"]),
    (SPLIT, "How much does Rivière Conseil owe?", ["S-13 (Rivière Conseil, 750.00 EUR)", STATEMENT], ["S-12 (", "2250"]),
    (SPLIT, "Quelles factures sont payées ?", ["inv-s14.txt a Status 'paid (payments.txt:", "non comptée"],
     ["S-14 (Dune"]),
    (ADVICE, "How much does Fjord Design owe?", ["SQ-78 (Fjord Design, 410.00 EUR)", 'sq77b.txt: "Invoice: SQ-77"'],
     ["SQ-77 (", "1710"]),
    (ADVICE, "Which invoices are unpaid, and what's the total?", ['sq77b.txt: "Invoice: SQ-77"'], ["SQ-77 (", "1710"])])
def test_a_file_left_out_that_names_a_record_makes_its_state_unknown(tmp_path, files, task, kept, gone):
    """A bank statement or a payment advice naming S-12 was set aside as 'not a record like the others', and S-12 kept
    its own Status (rec48 SP1-SP4, SQ1, SQ2): paid by the statement yet listed as owed. Its lines are now joined to
    that record's status, which is then neither paid nor unpaid, named and never counted."""
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(g in said for g in gone), said


INVOICES = {"2026-07-012.txt": "Invoice 2026-07-012\nClient: Atelier Brume\nAmount incl. VAT: 1200 EUR\n"
                               "Status: paid on 02/08/2026\n",
            "2026-08-015.txt": "Invoice 2026-08-015\nClient: Studio Malo\nAmount incl. VAT: 850 EUR\nDue: 05/09/2026\n"
                               "Status: unpaid\n",
            "2026-08-019.txt": "Invoice 2026-08-019\nClient: Maison Ravel\nAmount incl. VAT: 1000 EUR\nDue: 20/09/2026\n"
                               "Status: unpaid\n"}


@pytest.mark.parametrize(("task", "named"), [
    ("In the folder invoices, find the unpaid invoices; give their numbers and the total still due, and tell me which is "
     "the largest.", "I did not answer 'give their numbers'."),
    ("Dans le dossier invoices, trouve les factures impayées ; donne leurs numéros, le total restant dû et la plus grosse.",
     "Je n'ai pas répondu à 'donne leurs numéros'."),
    ("In the folder invoices, give the numbers of the unpaid invoices and tell me which one is the largest.",
     "I did not answer 'give the numbers of the unpaid invoices'."),
    ("In the folder invoices, list every invoice and say which is the smallest.", "I did not answer 'list every invoice'.")])
def test_a_list_asked_beside_the_largest_is_named_when_not_given(tmp_path, task, named):
    """'give the numbers of the unpaid invoices and tell me which is the largest' got the largest alone, the list
    dropped unsaid (par48 E047, F306, E307, E308): the list part is now named as not done."""
    (tmp_path / "invoices").mkdir()
    for name, text in INVOICES.items():
        (tmp_path / "invoices" / name).write_text(text, encoding="utf-8")
    said = answer(task, samples.invoice_tools(tmp_path))
    assert named in said and ("2026-08-019 (Maison Ravel" in said or "2026-08-015 (Studio Malo" in said), said


def test_a_word_read_as_a_folder_that_is_not_there_stays_the_task_s_word(tmp_path):
    """'When is invoice F-101 in the folder due?' read 'due' as a folder; none was there, the folder '.' was read,
    and 'due' was still taken out of the task: 'no field of it is named as the task asks' (api48 W11), beside 'Due:'."""
    files = {"F-101.txt": "Invoice F-101\nClient: Boulangerie Arnaud\nAmount: 420 EUR\nStatus: unpaid\nDue: 15/12/2026\n",
             "F-102.txt": "Invoice F-102\nClient: Garage Lemoine\nAmount: 1200 EUR\nStatus: paid\nDue: 01/11/2026\n"}
    said = answer("When is invoice F-101 in the folder due?", records(tmp_path, files))
    assert "F-101: Due 15/12/2026" in said and "no field of it" not in said, said
