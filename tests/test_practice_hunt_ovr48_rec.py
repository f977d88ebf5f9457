"""Wordings and data from the ovr48 hunt (records W01-W10) and fixrec2's note on a total beside a largest."""

from __future__ import annotations

import pytest
from conversations import answer, records

FORGIVEN = {"e-1.txt": "Facture E-1\nClient : Ferme Lys\nMontant : 500 €\nStatut : impayée\n"
                       "Note : abandon de créance accordé le 03/11/2026\n",
            "e-4.txt": "Facture E-4\nClient : Atelier Fin\nMontant : 130 €\nStatut : impayée\n",
            "e-5.txt": "Facture E-5\nClient : Ferme Lys\nMontant : 40 €\nStatut : impayée\n"
                       "Note : relance envoyée, le client a retiré sa réclamation\n"}
WRITTEN_OFF = {"w-2.txt": "Facture Z-2\nClient : Alder Co\nMontant : 300 €\nStatut : impayée\nNote : créance passée en perte\n",
               "w-3.txt": "Invoice Z-3\nClient: Alder Co\nAmount: 50 EUR\nStatus: unpaid\n"}


@pytest.mark.parametrize(("data", "task", "kept", "left"), [
    (FORGIVEN, "Quelles factures sont impayées, et pour quel total ?", ["E-4", "E-5", "170 EUR", "e-1.txt dit 'Note: abandon"],
     ["E-1 (", "670"]),
    (FORGIVEN, "Combien doit la Ferme Lys ?", ["E-5 (Ferme Lys, 40 €)", "abandon de créance"], ["E-1 (", "540"]),
    (WRITTEN_OFF, "How much does Alder Co owe?", ["Z-3 (Alder Co, 50 EUR)", "w-2.txt says 'Note: créance passée en perte'"],
     ["Z-2 (", "350"]),
    (WRITTEN_OFF, "Combien doit Alder Co ?", ["Z-3 (Alder Co, 50 EUR)", "créance passée en perte"], ["Z-2 (", "350"])])
def test_a_note_field_writing_the_debt_off_leaves_the_record_uncounted(tmp_path, data, task, kept, left):
    """A 'Note :' field saying the debt was abandoned or written off in French was not read: the record was listed
    and counted as owed (ovr48 W01-W04). It is now named and left out; a note with no word of money stays harmless."""
    said = answer(task, records(tmp_path, data))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


BRIO = {"q-1.txt": "Invoice INV-70\nClient: Brio\nAmount: 250 EUR\nStatus: unpaid\n",
        "q-2.txt": "Invoice INV-71\nClient: Brio\nAmount: 100 EUR\nStatus: unpaid\n"
                   "Note: the amount on INV-70 is wrong, it should be 205 EUR\n"}
NORD = {"v-1.txt": "Facture F-70\nClient : Brasserie Nord\nMontant : 250 €\nStatut : impayée\n",
        "v-2.txt": "Facture F-71\nClient : Brasserie Nord\nMontant : 100 €\nStatut : impayée\n"
                   "Note : le montant de la facture F-70 est erroné, il fallait 205 €\n"}
FENWICK = {"z-1.txt": "Invoice K-20\nClient: Fenwick\nAmount: 900 EUR\nStatus: unpaid\n",
           "z-2.txt": "Invoice K-21\nClient: Fenwick\nAmount: 100 EUR\nStatus: unpaid\n"
                      "Note: K-20 was billed twice for the same day; the correct amount for K-20 is 450 EUR\n"}


@pytest.mark.parametrize(("data", "task", "kept"), [
    (BRIO, "How much does Brio owe?", ["a line of q-2.txt changes the amount of INV-70 (q-1.txt)", "INV-71 (Brio, 100 EUR)"]),
    (BRIO, "Which invoices are unpaid, and what is the total?", ["250 EUR (q-2.txt: Note: the amount on INV-70 is wrong"]),
    (NORD, "Combien doit la Brasserie Nord ?", ["une ligne de v-2.txt change le montant de F-70 (v-1.txt)"]),
    (NORD, "Quelles factures sont impayées, et quel est le total ?", ["F-71 (Brasserie Nord, 100 €)", "F-70 (Brasserie Nord, "
                                                                      "250 € (v-2.txt: Note : le montant"]),
    (FENWICK, "How much does Fenwick owe?", ["a line of z-2.txt changes the amount of K-20 (z-1.txt)",
                                             "K-21 (Fenwick, 100 EUR)"]),
    (FENWICK, "What is the total of the unpaid invoices?", ["900 EUR (z-2.txt: Note: K-20 was billed twice"])])
def test_a_line_correcting_another_records_amount_is_that_records(tmp_path, data, task, kept):
    """'the amount on INV-70 is wrong, it should be 205 EUR' written in INV-71 was ignored (a firm 350 EUR), or read
    as INV-71's own ('z-2.txt says its amount was changed') (ovr48 W05-W10). The line is now INV-70's, named with the
    file it is written in, and no total adds up the amount it changes."""
    said = answer(task, records(tmp_path, data))
    assert all(k.replace("Note : ", "Note: ") in said for k in kept), said
    assert "Total: 350" not in said and "Total : 350" not in said and "says its amount" not in said, said
    assert "Total: 1000" not in said and "son montant" not in said, said


PAID_AND_NOT = {"a.txt": "Invoice A-1\nClient: Alpha\nAmount: 1200 EUR\nStatus: paid\n",
                "b.txt": "Invoice A-2\nClient: Beta\nAmount: 1000 EUR\nStatus: unpaid\n",
                "c.txt": "Invoice A-3\nClient: Gamma\nAmount: 850 EUR\nStatus: unpaid\n"}


@pytest.mark.parametrize(("task", "named"), [
    ("Which is the largest unpaid invoice, and what is the total of all unpaid invoices?",
     "I did not answer 'what is the total of all unpaid invoices'"),
    ("Quelle est la plus grosse facture impayée, et quel est le total de toutes les factures impayées ?",
     "Je n'ai pas répondu à 'quel est le total de toutes les factures impayées'")])
def test_a_total_of_some_beside_a_largest_is_no_grand_total(tmp_path, task, named):
    """'… and what is the total of all unpaid invoices?' beside a largest was answered with the total of every record
    (3050 EUR, not the 1850 asked; fixrec2's note): it is now named as not answered."""
    said = answer(task, records(tmp_path, PAID_AND_NOT))
    assert named in said and "3050" not in said and "3 050" not in said and "A-2 (Beta, 1000 EUR)" in said, said

