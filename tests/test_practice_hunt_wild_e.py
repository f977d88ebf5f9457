"""Wordings and data from the hred158-hred163 hunts: keys added in a sentence of their own, what a person asked."""

from __future__ import annotations

import json

import pytest
from conversations import answer

from looplab import samples

COURSES = {"ml101": {"title": "Machine Learning Foundations", "hours": 24, "status": "open"},
           "prompt2": {"title": "Prompting for Assistants (2026)", "hours": 8, "price_eur": 390}}


def _catalogue(tmp_path, entries: dict):
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps(entries))
    return samples.catalogue_tools(path)


@pytest.mark.parametrize("task", ["Look up ml101. Also prompt2.", "Cherche ml101. Et aussi prompt2.",
                                  "Cherche ml101. Euh, et aussi prompt2.", "Look up ml101. And prompt2 too!",
                                  "Cherche ml101. Ah, et prompt2 aussi."])
def test_a_key_added_in_a_sentence_of_its_own_is_looked_up(tmp_path, task):
    """'I found nothing about 'prompt2' in what the lookup of 'ml101' returned': prompt2 was never looked up (hred158)."""
    said = answer(task, _catalogue(tmp_path, COURSES))
    assert "Machine Learning Foundations" in said and "Prompting for Assistants (2026)" in said, said
    assert "rien trouvé" not in said and "found nothing" not in said, said


def test_a_filler_word_is_no_key(tmp_path):
    said = answer("Look up ml101, um, prompt2.", _catalogue(tmp_path, COURSES))
    assert "'um'" not in said and "Prompting for Assistants (2026)" in said, said


def _invoices(tmp_path, files: dict[str, str]):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return samples.invoice_tools(tmp_path)


ASKED = {"fac_2043.txt": "Facture n° 2043\nClient : Claude Berthier\nMontant : 315,75 €\nStatut : impayée\n"
                         "Note : Claude a demandé un délai de paiement.\n",
         "fac_2042.txt": "Facture n° 2042\nClient : Garage Mollet\nMontant : 642,00 €\nStatut : payée\n"}


@pytest.mark.parametrize("task", ["Qu'a demandé Claude ?", "What does Claude want?", "Que veut Claude ?",
                                  "Qu'est-ce que Claude a demandé pour sa facture ?", "What did Claude say?"])
def test_what_a_person_asked_is_not_answered_with_their_invoice(tmp_path, task):
    """'Client Claude Berthier : 2043 (Claude Berthier, 315,75 €)' was the answer to what Claude asked (hred158)."""
    said = answer(task, _invoices(tmp_path, ASKED))
    assert "2043 (" not in said and ("could not relate" in said or "pas pu rattacher" in said), said


@pytest.mark.parametrize("task", ["What does Claude Berthier owe?", "Which invoices are unpaid?"])
def test_what_a_client_owes_is_still_answered(tmp_path, task):
    said = answer(task, _invoices(tmp_path, ASKED))
    assert "2043 (Claude Berthier, 315,75 €)" in said, said
