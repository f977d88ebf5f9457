"""A bookkeeper's folders (hred86): a note saying an invoice is a duplicate, was issued in error or had its payment
bounce was not read, so the invoice was counted as owed or paid; an invoice another says it replaces was counted beside
it; '$500.00' beside 'Currency: CAD' was added to US dollars; 'Combien de TVA ?' counted VAT lines; '12 PCS' was an
amount; 'à relancer' in a record made its file a failed read."""

from __future__ import annotations

import pytest

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent


def ask(tmp_path, task: str, files: dict[str, str]) -> str:
    (tmp_path / "invoices").mkdir(exist_ok=True)
    for name, text in files.items():
        (tmp_path / "invoices" / name).write_text(text, encoding="utf-8")
    return run_agent(practice_client(), task, samples.invoice_tools(tmp_path), max_turns=8).answer


def invoice(number: str, client: str, amount: str, status: str, more: str = "") -> str:
    return f"Invoice {number}\nClient: {client}\nAmount: {amount}\nStatus: {status}\n{more}"


@pytest.mark.parametrize("note", ["Note: sent twice, duplicate of B-1", "Remark: issued in error",
                                  "Comment: do not count, test invoice"])
def test_a_note_that_the_invoice_does_not_count_keeps_it_out_of_a_complete_total(tmp_path, note):
    files = {"B-1.txt": invoice("B-1", "Olm", "300 EUR", "unpaid"), "B-2.txt": invoice("B-2", "Vey", "80 EUR", "unpaid"),
             "B-3.txt": invoice("B-3", "Olm", "300 EUR", "unpaid", note + "\n")}
    said = ask(tmp_path, "Which invoices are unpaid, and what is their total?", files)
    assert "680" not in said and "Total: 380 EUR" not in said and "B-3.txt may belong here too" in said, said


@pytest.mark.parametrize("note", ["Note: the cheque bounced", "Note: transfer reversed by the bank on 2026-10-02",
                                  "Remarque : virement rejeté, à relancer"])
def test_a_note_that_a_payment_failed_unsettles_a_paid_status(tmp_path, note):
    files = {"C-1.txt": invoice("C-1", "Olm", "300 EUR", "paid", note + "\n"), "C-2.txt": invoice("C-2", "Vey", "80 EUR", "paid")}
    said = ask(tmp_path, "Which invoices are paid?", files)
    assert said.startswith("Paid: C-2 (Vey, 80 EUR), as far as I can tell.") and "could not be read" not in said, said


@pytest.mark.parametrize("task, total", [("Which invoices are unpaid, and what is their total?", "Total: 690 EUR."),
                                         ("Quelles factures sont impayées, et quel est leur total ?", "Total : 690 EUR.")])
def test_an_invoice_another_replaces_is_not_counted(tmp_path, task, total):
    files = {"D-4.txt": invoice("D-4", "Olm", "500 EUR", "unpaid"),
             "D-9.txt": invoice("D-9", "Olm", "450 EUR", "unpaid", "Note: replaces D-4 (wrong rate)\n"),
             "D-10.txt": invoice("D-10", "Vey", "240 EUR", "unpaid")}
    said = ask(tmp_path, task, files)
    assert total in said and ("D-4.txt is not counted: D-9.txt says 'Note: replaces D-4 (wrong rate)'." in said or
                              "D-4.txt n'est pas comptée : D-9.txt dit 'Note: replaces D-4 (wrong rate)'." in said), said


@pytest.mark.parametrize("files", [
    {"E-1.txt": "Invoice E-1\nClient: Olm\nAmount: $500.00\nCurrency: CAD\nStatus: unpaid\n",
     "E-2.txt": "Invoice E-2\nClient: Vey\nAmount: $300.00\nCurrency: USD\nStatus: unpaid\n"},
    {"ledger.csv": "number,client,amount,currency,status\nE-1,Olm,$500.00,CAD,unpaid\nE-2,Vey,$300.00,USD,unpaid\n"},
])
def test_a_dollar_sign_takes_the_currency_its_record_names(tmp_path, files):
    said = ask(tmp_path, "Which invoices are unpaid, and what is their total?", files)
    assert "500 CAD + 300 USD" in said and "800" not in said, said


def test_how_much_of_an_amount_field_is_not_a_count_of_its_values(tmp_path):
    files = {"F-1.txt": "Facture F-1\nClient : Olm\nTotal HT : 100,00 €\nTVA : 20,00 €\nStatut : impayée\n",
             "F-2.txt": "Facture F-2\nClient : Vey\nTotal HT : 50,00 €\nTVA : 10,00 €\nStatut : impayée\n"}
    said = ask(tmp_path, "Combien de TVA sur les factures impayées ?", files)
    assert "Nombre de TVA" not in said and "TVA count" not in said and "ses valeurs sont des montants" in said, said


def test_a_quantity_with_a_unit_code_is_no_amount(tmp_path):
    files = {"G-1.txt": invoice("G-1", "Olm", "400 EUR", "unpaid", "Items: 12 PCS\n"),
             "G-2.txt": invoice("G-2", "Vey", "150 EUR", "unpaid", "Items: 3 BOX\n")}
    assert "Total: 550 EUR." in ask(tmp_path, "Which invoices are unpaid, and what is their total?", files)


def test_a_field_named_for_the_replacing_keeps_the_replaced_out(tmp_path):
    files = {"H-3.txt": invoice("H-3", "Olm", "500 EUR", "unpaid"),
             "H-7.txt": invoice("H-7", "Olm", "450 EUR", "unpaid", "Remplace : H-3\n")}
    said = ask(tmp_path, "Which invoices are unpaid, and what is their total?", files)
    assert "Total: 450 EUR." in said and "H-3.txt is not counted: H-7.txt says 'Remplace: H-3'." in said, said


def test_a_note_saying_it_is_not_a_duplicate_leaves_the_invoice_counted(tmp_path):
    files = {"K-1.txt": invoice("K-1", "Olm", "300 EUR", "unpaid"),
             "K-2.txt": invoice("K-2", "Olm", "300 EUR", "unpaid", "Note: not a duplicate of K-1, a second delivery\n")}
    assert "Total: 600 EUR." in ask(tmp_path, "Which invoices are unpaid, and what is their total?", files)


def test_an_invoice_a_credit_note_cancels_is_not_called_a_credit_note(tmp_path):
    files = {"L-1.txt": "Facture L-1\nClient : Olm\nMontant : 500 EUR\nStatut : impayée\nRemarque : annulée par l'avoir "
                        "AV-3\n", "L-2.txt": invoice("L-2", "Vey", "300 EUR", "unpaid")}
    said = ask(tmp_path, "Quelles factures sont impayées, et quel est leur total ?", files)
    assert "est un avoir" not in said and "L-1.txt pourrait aussi en faire partie" in said, said


def test_a_client_written_without_its_accent_may_be_the_same_client(tmp_path):
    files = {"M-1.txt": invoice("M-1", "Café Blanc", "100 EUR", "unpaid"),
             "M-2.txt": invoice("M-2", "Cafe Blanc", "200 EUR", "unpaid"), "M-3.txt": invoice("M-3", "Vey", "50 EUR", "unpaid")}
    said = ask(tmp_path, "In the folder invoices, how much does Café Blanc owe?", files)
    assert "Total: 100 EUR." not in said and "M-2.txt may belong here too" in said, said
    said = ask(tmp_path, "In the folder invoices, how many clients are there?", files)
    assert "the records write one name in two ways ('Cafe Blanc' and 'Café Blanc'), one client or two" in said, said
