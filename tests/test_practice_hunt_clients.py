"""Clients whose names hold a condition word ('Avant-Garde', 'Before Dawn', 'Après Ski') were read as a condition, and
the question about them was declined as 'I cannot apply the condition'."""

from __future__ import annotations

import pytest

from looplab import samples
from looplab.client import practice_client
from looplab.i18n import set_language
from looplab.loop import run_agent

FILES = {"A-1.txt": "Invoice A-1\nClient: Avant-Garde\nAmount: 300 EUR\nStatus: unpaid\n",
         "A-2.txt": "Invoice A-2\nClient: Before Dawn\nAmount: 500 EUR\nStatus: paid on 02/08/2026\n",
         "A-3.txt": "Invoice A-3\nClient: Avant-Garde\nAmount: 200 EUR\nStatus: paid on 03/08/2026\n",
         "A-4.txt": "Invoice A-4\nClient: Until Then\nAmount: 150 EUR\nStatus: unpaid\n",
         "A-5.txt": "Invoice A-5\nClient: Après Ski\nAmount: 90 EUR\nStatus: unpaid\n"}


def ask(tmp_path, task: str, language: str = "en") -> str:
    (tmp_path / "invoices").mkdir(exist_ok=True)
    for name, text in FILES.items():
        (tmp_path / "invoices" / name).write_text(text, encoding="utf-8")
    set_language(language)
    try:
        return run_agent(practice_client(), task, samples.invoice_tools(tmp_path / "invoices"), max_turns=8).answer
    finally:
        set_language("en")


@pytest.mark.parametrize("task, language, said", [
    ("How much has Avant-Garde paid?", "en", "Paid, Client Avant-Garde: A-3 (Avant-Garde, 200 EUR). Total: 200 EUR."),
    ("Total unpaid for Avant-Garde?", "en", "Unpaid, Client Avant-Garde: A-1 (Avant-Garde, 300 EUR). Total: 300 EUR."),
    ("What does Before Dawn owe?", "en", "Unpaid, Client Before Dawn: none."),
    ("Combien doit Après Ski ?", "fr", "Impayées, Client Après Ski : A-5 (Après Ski, 90 EUR). Total : 90 EUR."),
])
def test_a_client_name_with_a_condition_word_is_a_client(tmp_path, task, language, said):
    reply = ask(tmp_path, task, language)
    assert reply.startswith(said), reply


def test_a_name_of_words_i_cannot_select_on_is_still_declined_not_dropped(tmp_path):
    reply = ask(tmp_path, "What does Until Then owe?")
    assert "I cannot apply the condition" in reply and "A-1" not in reply, reply


def test_a_condition_beside_a_client_name_is_still_a_condition(tmp_path):
    reply = ask(tmp_path, "Which invoices did Avant-Garde pay before August?")
    assert "I cannot apply the condition 'before August'" in reply and "A-3" not in reply, reply
