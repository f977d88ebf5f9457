"""Wordings and data from the hred127-hred131 hunts and the items the thirty-third session left: 'at most as warm as'
declined without naming 'most', '1er juillet' declined naming 'er'; 'Total pour Atelier Vigne.' answered in
English."""

from __future__ import annotations

import json

import pytest
from conversations import answer, converse

from looplab import samples
from looplab.practice.planner.text import french


@pytest.mark.parametrize(("task", "named"), [("Is Paris at most as warm as Lyon?", "'most'"),
                                             ("Is it at most as warm in Paris as in Lyon?", "'most'"),
                                             ("Combien font 3 fois 1er juillet ?", "'1er'")])
def test_a_decline_names_the_word_it_could_not_weigh(task, named):
    said = answer(task, samples.weather_and_calc())
    assert named in said and "'er'" not in said, said


PELLAN = {"F-101.txt": "Invoice F-101\nClient: Garage Pellan\nAmount: 420 EUR\nStatus: paid\n",
          "F-103.md": "# Invoice F-103\n- Client: Garage Pellan\n- Amount: 275 EUR\n- Status: unpaid\n",
          "F-104.json": json.dumps({"invoice": "F-104", "client": "Atelier Vigne", "amount": 980, "currency": "EUR",
                                    "status": "paid"})}


@pytest.mark.parametrize("turns", [["Total pour Atelier Vigne."],
                                   ["Quelles factures sont impayées ?", "Seulement pour Garage Pellan."],
                                   ["Quelles factures sont impayées ?", "Maintenant pour Atelier Vigne."]])
def test_a_short_french_task_gets_a_french_reply(turns, tmp_path):
    """'Total pour Atelier Vigne.' has one French little word in four and no ' ?': it was answered in English (hred131)."""
    for name, text in PELLAN.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    said = converse(turns, samples.invoice_tools(tmp_path))
    assert french(said) and "I " not in said and "The " not in said, said


NUMBERS_AND_AMOUNTS = {"i80.txt": "Invoice 80\nClient: Acme\nAmount: 120 EUR\nStatus: unpaid\n",
                       "i120.txt": "Invoice 120\nClient: Beta\nAmount: 80 EUR\nStatus: unpaid\n"}


@pytest.mark.parametrize("task", ["Which invoice is for 80 EUR?", "Quelle est la facture de 80 € ?",
                                  "Which invoice is €80?"])
def test_an_amount_is_no_record_number(task, tmp_path):
    """'Which invoice is for 80 EUR?' answered 'Number 80: 80 (Acme, 120 EUR)' (hred127)."""
    for name, text in NUMBERS_AND_AMOUNTS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    said = answer(task, samples.invoice_tools(tmp_path))
    assert "Acme" not in said and ("is an amount" in said or "est un montant" in said), said
