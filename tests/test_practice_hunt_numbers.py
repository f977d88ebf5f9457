"""Invoice numbers (hred91): a title 'Invoice of 12 March 2026' beside 'Number: F-2026-031' made '12' the invoice's
number, so 'Is invoice F-2026-031 paid?' found no such number; 'Invoice 7' beside 'Number: INV-9' made 'Is invoice
INV-9 paid?' list every invoice; '500 EUR or more' was refused as two conditions joined by 'or'."""

from __future__ import annotations

import pytest

from looplab import samples
from looplab.client import practice_client
from looplab.i18n import set_language
from looplab.loop import run_agent

FILES = {"april.txt": "Invoice of 3 April 2026\nNumber: F-2026-044\nClient: Laiterie\nAmount: 410 EUR\nStatus: unpaid\n",
         "march.txt": "Invoice of 12 March 2026\nNumber: F-2026-031\nClient: Cidrerie\nAmount: 640 EUR\nStatus: unpaid\n",
         "may.txt": "Facture du 1er mai 2026\nNuméro : F-2026-052\nClient : Cidrerie\nMontant : 150 EUR\nStatut : payée\n",
         "seven.txt": "Invoice 7\nNumber: INV-9\nClient: Vif\nAmount: 90 EUR\nStatus: paid\n"}


def ask(tmp_path, task: str) -> str:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    set_language("fr" if task.startswith("Quelles") else "en")
    try:
        return run_agent(practice_client(), task, samples.invoice_tools(tmp_path), max_turns=8).answer
    finally:
        set_language("en")


@pytest.mark.parametrize("task, said", [
    ("Which invoices are unpaid, and what is their total?",
     "Unpaid: F-2026-044 (Laiterie, 410 EUR) and F-2026-031 (Cidrerie, 640 EUR). Total: 1050 EUR."),
    ("Is invoice F-2026-031 paid?", "Paid, number F-2026-031: none. Unpaid, number F-2026-031: F-2026-031 (Cidrerie, 640 EUR)."),
    ("Is invoice INV-9 paid?", "Paid, number INV-9: INV-9 (Vif, 90 EUR). Unpaid, number INV-9: none."),
    ("Quelles factures sont payées ?", "Payées : F-2026-052 (Cidrerie, 150 EUR) et INV-9 (Vif, 90 EUR)."),
    ("Which unpaid invoices are 500 EUR or more?", "Unpaid, at least 500 EUR: F-2026-031 (Cidrerie, 640 EUR)."),
])
def test_the_number_field_is_the_number_and_a_date_in_the_title_is_none(tmp_path, task, said):
    reply = ask(tmp_path, task)
    assert reply.startswith(said), reply
