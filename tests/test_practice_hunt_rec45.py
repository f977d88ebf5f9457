"""Wordings and data from the ovr45 hunt (W01-W10, and its over-reach of 'still have to pay') and the frs45 hunt
(W01-W09): records and invoices."""

from __future__ import annotations

import pytest
from conversations import answer, converse, records


def _files(*records_: tuple[str, list[str]]) -> dict[str, str]:
    return {name: "\n".join(lines) + "\n" for name, lines in records_}


CORRECTED = _files(
    ("inv-1.txt", ["Invoice INV-1", "Client: Atelier Nova", "Amount: 400 EUR", "Status: unpaid",
                   "Note: amount corrected to 350 EUR (credit note CN-2)"]),
    ("inv-2.txt", ["Invoice INV-2", "Client: Atelier Nova", "Amount: 600 EUR", "Status: unpaid"]),
    ("inv-5.txt", ["Invoice INV-5", "Client: Garage Sud", "Amount: 300 EUR", "Status: unpaid",
                   "Note: billing address corrected to 4 rue Haute"]),
    ("inv-6.txt", ["Invoice INV-6", "Client: Garage Sud", "Amount: 150 EUR", "Status: unpaid"]))
REFUSED = _files(("n-1.txt", ["Invoice N-1", "Client: Forge Alba", "Amount: 640 EUR", "Status: unpaid",
                              "Note: client asked for a credit note, refused by accounting"]),
                 ("n-2.txt", ["Invoice N-2", "Client: Forge Alba", "Amount: 160 EUR", "Status: unpaid"]))
AVOIR = _files(("g-1.txt", ["Facture G-1", "Client : Domaine Arlès", "Montant : 600 €", "Statut : impayée",
                            "Note : un avoir AV-3 de 100 € a été émis"]),
               ("g-2.txt", ["Facture G-2", "Client : Domaine Arlès", "Montant : 250 €", "Statut : impayée"]))
SAYS_CN = "inv-1.txt says 'Note: amount corrected to 350 EUR (credit note CN-2)', which speaks of a credit note"


@pytest.mark.parametrize(("files", "task", "kept", "left"), [
    (CORRECTED, "Which invoices are unpaid, and what is the total still due?", [SAYS_CN, "INV-2 (Atelier Nova, 600 EUR)"],
     ["is a credit note", "Total still due: 1050"]),
    (CORRECTED, "What does Garage Sud owe in total?", ["Total: 450 EUR", SAYS_CN], ["is a credit note"]),
    (CORRECTED, "How much does Atelier Nova still owe?", ["inv-1.txt may belong", SAYS_CN], ["is a credit note"]),
    (CORRECTED, "Which invoices are paid?", [SAYS_CN], ["is a credit note"]),
    (REFUSED, "How much does Forge Alba owe?", ["n-1.txt says 'Note: client asked for a credit note, refused by accounting'",
                                                 "n-1.txt may belong"], ["is a credit note", "Total: 160 EUR"]),
    (REFUSED, "Which invoices are unpaid? Give the total.", ["n-1.txt may belong"], ["is a credit note", "Total: 160 EUR"]),
    (AVOIR, "Combien doit le Domaine Arlès ?", ["g-1.txt dit 'Note: un avoir AV-3 de 100 € a été émis', qui parle d'un avoir",
                                                 "g-1.txt pourrait aussi"], ["est un avoir", "Total : 250"])])
def test_an_invoice_whose_note_speaks_of_a_credit_note_is_no_credit_note(tmp_path, files, task, kept, left):
    """'Invoice INV-1' with 'Note: amount corrected to 350 EUR (credit note CN-2)', 'Facture G-1' with 'Note : un avoir
    AV-3 de 100 € a été émis', even 'client asked for a credit note, refused', were each said to be 'a credit note, not a
    bill' (ovr45 W01-W04, W06, W09, W10). A record is a credit note by its heading or type; a note speaking of one makes
    its amount unsure, and it is named with that line."""
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


VOID = {"v1.txt": "Invoice V-1\nClient: Forge Est\nAmount incl. VAT: €1,500\nStatus: unpaid\n",
        "v3.txt": "Invoice V-3\nClient: Lune Bleue\nAmount incl. VAT: 320 EUR\nStatus: unpaid\nVOID - issued by mistake\n"}
STAMPED = {"p1.txt": "Invoice P-1\nClient: Hêtre Studio\nAmount incl. VAT: 450 EUR\nStatus: unpaid\n*** PAID IN FULL ***\n",
           "p2.txt": "Invoice P-2\nClient: Olivier & Fils\nAmount incl. VAT: 900 EUR\nStatus: unpaid\n",
           "p3.txt": "Invoice P-3\nClient: Olivier & Fils\nAmount incl. VAT: 950 EUR\nStatus: unpaid\n"
                     "This invoice replaces invoice P-2, which is cancelled.\n"}
ANNULEE = {"q1.txt": "Facture Q-1\nClient : Bistrot Marin\nMontant TTC : 380 EUR\nStatut : impayée\nANNULÉE\n",
           "q3.txt": "Facture Q-3\nClient : Épicerie Sol\nMontant TTC : 210 EUR\nStatut : impayée\n"}
REMARK = {"z2.txt": "Facture Z-2\nClient : Sud Atelier\nMontant TTC : 300 EUR\nStatut : impayée\nRemarque : facture annulée\n",
          "z3.txt": "Facture Z-3\nClient : Ouest Atelier\nMontant TTC : 200 EUR\nStatut : impayée\n"}
UNPAID = "In the folder ., which invoices are unpaid, and what is their total?"


@pytest.mark.parametrize(("files", "task", "kept", "left"), [
    (VOID, UNPAID, ["v3.txt has Status 'unpaid' (Text: VOID - issued by mistake)", "V-1 (Forge Est, €1,500)"],
     ["V-3 (", "1820"]),
    (STAMPED, UNPAID, ["P-3 (Olivier & Fils, 950 EUR)", "p2.txt is not counted: p3.txt says",
                       "p1.txt has Status 'unpaid' (Text: *** PAID IN FULL ***)"], ["2300", "P-1 (", "P-2 ("]),
    (STAMPED, "folder . unpaid total?", ["p1.txt may belong"], ["Total: 2300 EUR"]),
    (STAMPED, "In the folder ., how much does Hêtre Studio owe?", ["p1.txt may belong"], ["Total: 450 EUR", "P-1 ("]),
    (ANNULEE, "Dans le dossier ., quelles factures sont impayées, et quel est leur total ?",
     ["q1.txt a Statut 'impayée' (Text: ANNULÉE)", "Q-3 (Épicerie Sol, 210 EUR)"], ["Q-1 (", "590"]),
    (ANNULEE, "Dans le dossier ., combien doit le Bistrot Marin ?", ["q1.txt pourrait aussi"], ["Q-1 (", "380 EUR)"]),
    (ANNULEE, "In the folder ., how many invoices are unpaid?", ["q1.txt may belong"], ["Q-1 (", "Count: 2"]),
    (REMARK, UNPAID, ["z2.txt has Statut 'impayée' (Remarque: facture annulée)", "Z-3 (Ouest Atelier"], ["Z-2 ("]),
    (REMARK, "Dans le dossier ., quelles factures sont impayées, et quel est leur total ?", ["z2.txt pourrait aussi"],
     ["Z-2 ("])])
def test_a_line_voiding_cancelling_or_settling_a_record_makes_its_state_unknown(tmp_path, files, task, kept, left):
    """'VOID - issued by mistake', '*** PAID IN FULL ***', 'ANNULÉE' below 'Status: unpaid', 'Remarque : facture
    annulée', and 'This invoice replaces invoice P-2, which is cancelled' in another file were ignored: the records were
    listed and added up as unpaid (frs45 W01-W09). A free-text line saying a state makes the record's state unknown; one
    cancelling another record leaves that one out."""
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


TICKETS = _files(("t-1.txt", ["Ticket T-1", "Customer: Ada Kim", "Priority: high", "Status: open"]),
                 ("t-4.txt", ["Ticket T-4", "Customer: Dee Lo", "Priority: low", "Status: open"]),
                 ("t-6.txt", ["Ticket T-6", "Customer: Fay Nu", "Priority: high", "Status: closed",
                              "Note: priority lowered to low on 02/06"]))
DUES = _files(("h-1.txt", ["Invoice H-1", "Client: Optique Lenz", "Amount: 520 EUR", "Due: 01/03/2026", "Status: unpaid",
                           "Note: due date moved to 30/09/2026"]),
              ("h-2.txt", ["Invoice H-2", "Client: Optique Lenz", "Amount: 130 EUR", "Due: 15/02/2026", "Status: unpaid"]),
              ("h-4.txt", ["Invoice H-4", "Client: Cafe Mira", "Amount: 90 EUR", "Due: 10/01/2026", "Status: unpaid",
                           "Note: the real amount is 120 EUR, typo on the invoice"]))


@pytest.mark.parametrize(("files", "task", "kept", "left"), [
    (TICKETS, "How many tickets have high priority?",
     ["t-6.txt says 'Note: priority lowered to low on 02/06', which changes the Priority it first gives", "T-1 (Ada Kim"],
     ["Count: 2", "T-6 ("]),
    (DUES, "Which invoices are unpaid, and what is the total?", ["90 EUR (Note: the real amount is 120 EUR"],
     ["Total: 220 EUR", "Total: 740 EUR", "H-4 (Cafe Mira, 90 EUR)"]),
    (DUES, "Which invoices are due before 01/04/2026?",
     ["h-1.txt says 'Note: due date moved to 30/09/2026', which changes the Due it first gives", "H-2 (Optique Lenz"],
     ["H-1 ("])])
def test_a_line_changing_a_field_leaves_its_first_value_unsure(tmp_path, files, task, kept, left):
    """'Note: priority lowered to low', 'Note: the real amount is 120 EUR, typo on the invoice', 'Note: due date moved to
    30/09/2026' were not read as changing the field: T-6 was counted as high, H-4 added up at 90 EUR, H-1 listed as due
    before April (ovr45 W05, W07, W08). The record is named with its line, and its first value is not given as sure."""
    said = answer(task, records(tmp_path, files))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


CLEAN = _files(("a-1.txt", ["Invoice A-1", "Client: Studio Pixel", "Amount: 500 EUR", "Status: unpaid"]),
               ("a-2.txt", ["Invoice A-2", "Client: Studio Pixel", "Amount: 200 EUR", "Status: paid"]),
               ("a-3.txt", ["Invoice A-3", "Client: Ferme Aubry", "Amount: 130 EUR", "Status: unpaid"]))


@pytest.mark.parametrize("turns", [["What does Ferme Aubry still have to pay?"],
                                   ["Which invoices are unpaid?", "What does Ferme Aubry still have to pay?"],
                                   ["How much does Studio Pixel have left to pay?"]])
def test_what_is_still_to_pay_is_asked_as_what_is_still_owed(tmp_path, turns):
    """'What does Ferme Aubry still have to pay?' was declined by the rule for 'what does Zoé still have?', while
    'still owe' was answered (ovr45 over-reach, R33 and V03): 'still have to pay' asks what is unpaid."""
    said = converse(turns, records(tmp_path, CLEAN))
    assert "'still have'" not in said and ("A-3 (Ferme Aubry, 130 EUR)" in said or "A-1 (Studio Pixel, 500 EUR)" in said)
    assert "A-2 (" not in said, said
