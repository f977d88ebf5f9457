"""The invoice survey states no wrong figure on odd data or odd wordings: each wrong answer found by a hunt
with new wordings and new data, kept as a test (each failed before its fix)."""

from __future__ import annotations

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent


def ask(tmp_path, task: str, files: dict[str, str], folder: str = "invoices") -> str:
    """The practice model's answer to `task`, through the SDK, over `files` written in `folder`."""
    (tmp_path / folder).mkdir(exist_ok=True)
    for name, text in files.items():
        (tmp_path / folder / name).write_text(text, encoding="utf-8")
    return run_agent(practice_client(), task, samples.invoice_tools(tmp_path), max_turns=8).answer


def invoice(number: str, client: str, amount: str, status: str, more: str = "") -> str:
    return f"Invoice {number}\nClient: {client}\nAmount: {amount}\nStatus: {status}\n{more}"


def test_an_amount_with_a_dot_before_three_digits_is_not_read_either_way(tmp_path):
    """'99.999 EUR' is three decimals in English and ninety-nine thousand elsewhere: named, never added up."""
    files = {"A-1.txt": invoice("A-1", "Verger Nord", "99.999 EUR", "unpaid"),
             "A-2.txt": invoice("A-2", "Quai Ouest", "1,234.50 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what is the total of the unpaid invoices?", files)
    assert "I give no total: A-1.txt has no amount I can read." in text
    assert "101" not in text and "1334" not in text


def test_a_bound_with_a_dot_before_three_digits_is_not_read_either_way(tmp_path):
    files = {"A-1.txt": invoice("A-1", "Verger Nord", "95 EUR", "unpaid"),
             "A-2.txt": invoice("A-2", "Quai Ouest", "480 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, list invoices under 1.000 EUR.", files)
    assert text.startswith("I cannot apply 'under 1.000 EUR': I cannot read '1.000' as an amount.")


def test_a_field_written_twice_with_two_values_is_neither_of_them(tmp_path):
    """'Amount: 40 EUR' then 'Amount: 400 EUR': the first is not the amount; 'Status: paid' then 'unpaid' either."""
    files = {"N-1.txt": invoice("N-1", "Pic Blanc", "40 EUR", "unpaid", "Amount: 400 EUR\n"),
             "N-2.txt": invoice("N-2", "Bois Clair", "60 EUR", "paid", "Status: unpaid\n"),
             "N-3.txt": invoice("N-3", "Bois Clair", "80 EUR", "paid", "Status: paid\n")}
    text = ask(tmp_path, "In the folder invoices, what is the total owed?", files)
    assert text.startswith("Unpaid: N-1 (Pic Blanc), as far as I can tell.")
    assert "N-2.txt has Status 'paid; unpaid', which I cannot read as paid or unpaid" in text
    assert "Total" not in text and " 40 EUR" not in text
    paid = ask(tmp_path, "In the folder invoices, which invoices are paid?", files)
    assert paid.startswith("Paid: N-3 (Bois Clair, 80 EUR), as far as I can tell.")