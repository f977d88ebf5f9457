"""Wrong answers three hunts found (hred70-72) in a bookkeeper's folders, station logs beside acts, and catalogues:
'Balance due' added up as what was billed, a credit note not known as one ('note de crédit', "type": "credit_note"),
INV-103 and inv-103 counted as two invoices, a deposit written as a sentence ignored, 'which 2 days' read as day 2,
an act asked twice done once without a word, and the false reasons given beside them."""

from __future__ import annotations

import inspect
import json

import pytest

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent


def ask(tmp_path, task: str, files: dict[str, str], folder: str = "invoices", **request) -> str:
    (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (tmp_path / folder / name).write_text(text, encoding="utf-8")
    return run_agent(practice_client(), task, samples.invoice_tools(tmp_path), max_turns=25, **request).answer or ""


def invoice(number: str, client: str, amount: str, status: str, extra: str = "", label: str = "Amount") -> str:
    return f"Invoice {number}\nClient: {client}\n{label}: {amount}\nStatus: {status}\n{extra}"


BALANCES = {f"i{n}.txt": invoice(f"INV-90{n}", client, due, status, label="Balance due") for n, (client, due, status) in
            enumerate([("Alba Studio", "0.00 EUR", "paid"), ("Brico Nord", "640.00 EUR", "unpaid"),
                       ("Alba Studio", "380.00 EUR", "unpaid")], 1)}


@pytest.mark.parametrize("task", ["In the folder invoices, how much did we bill Alba Studio in total?",
                                  "In the folder invoices, what is the total of all invoices?",
                                  "In the folder invoices, what is the total of the unpaid invoices?"])
def test_what_is_left_to_pay_is_not_added_up_as_what_was_billed(tmp_path, task):
    """'Balance due' was the only amount: 380 EUR 'billed' to Alba Studio, 1020 EUR for 'all invoices'."""
    text = ask(tmp_path, task, BALANCES)
    assert "Total:" not in text and "I give no total: the records' only amount is 'Balance due'" in text, text


def test_what_is_left_to_pay_still_answers_what_is_owed(tmp_path):
    text = ask(tmp_path, "In the folder invoices, how much does Alba Studio still owe?", BALANCES)
    assert "Total: 380 EUR." in text, text


def test_the_largest_invoice_is_not_the_largest_balance(tmp_path):
    text = ask(tmp_path, "In the folder invoices, what is the largest invoice?", BALANCES)
    assert text.startswith("I cannot apply 'largest': the records' only amount is 'Balance due'"), text


@pytest.mark.parametrize("name, text", [
    ("nc-1.txt", "Numéro : NC-1\nType : note de crédit\nClient : Alba Studio\nMontant : 300,00 €\nStatut : payée\n"),
    ("inv_9.json", json.dumps({"invoice_no": "9", "type": "credit_note", "customer": "Alba Studio", "amount": 300,
                               "currency": "EUR", "status": "paid"}))])
def test_a_credit_note_is_not_added_in_as_a_bill(tmp_path, name, text):
    files = {"i1.txt": invoice("INV-1", "Alba Studio", "1500 EUR", "paid"),
             "i2.txt": invoice("INV-2", "Alba Studio", "820 EUR", "unpaid"), name: text}
    reply = ask(tmp_path, "In the folder invoices, what is the total of Alba Studio's invoices?", files)
    assert "2620" not in reply and "2 620" not in reply and f"{name} may belong here too" in reply, reply


def test_one_invoice_saved_twice_in_two_cases_is_not_counted_twice(tmp_path):
    files = {"INV-103.txt": invoice("INV-103", "Alba", "380.00 EUR", "unpaid"),
             "inv-103.json": json.dumps({"number": "inv-103", "client": "Alba", "amount": "380.00 EUR", "status": "unpaid"}),
             "INV-104.txt": invoice("INV-104", "Brico", "95.40 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, how many invoices are unpaid?", files)
    assert "give the same number (INV-103, inv-103)" in text and "Count: 3" not in text, text


@pytest.mark.parametrize("sentence", ["A deposit of 400.00 EUR was received on 2026-01-20; the rest is still open.",
                                      "Un acompte de 400,00 € a été reçu le 20/01/2026.",
                                      "The client settled 450.00 EUR on 2026-02-01.",
                                      "Un versement de 200,00 € a été effectué le 2026-02-01."])
@pytest.mark.parametrize("task", ["In the folder invoices, how much does Alba Studio still owe?",
                                  "In the folder invoices, what is the total of the unpaid invoices?"])
def test_a_part_payment_written_as_a_sentence_is_not_ignored(tmp_path, sentence, task):
    files = {"i1.txt": invoice("INV-1", "Alba Studio", "1000.00 EUR", "unpaid", f"\n{sentence}\n"),
             "i2.txt": invoice("INV-2", "Alba Studio", "300.00 EUR", "paid")}
    text = ask(tmp_path, task, files)
    assert "1000 EUR" not in text.split(" (")[0] and "Total:" not in text and "i1.txt may belong here too" in text, text


def day(n: int, status: str) -> str:
    return f"# Station log, day {n}\nDay: {n}\nWind: 20 km/h\nStatus: {status}\n"


@pytest.mark.parametrize("task", ["In the station folder, which 2 days had a storm warning?",
                                  "In the station folder, how many of the 6 days had a storm warning?",
                                  "In the station folder, which days had a storm warning in the 6 files?"])
def test_a_number_that_counts_the_days_is_no_day_to_select(tmp_path, task):
    """'which 2 days' answered 'Number 2 …: 2' (4 days had one); 'of the 6 days' answered day 6 only."""
    statuses = ["normal", "storm warning", "normal", "storm warning", "storm warning", "storm warning"]
    text = ask(tmp_path, task, {f"day-{n:02d}.txt": day(n, s) for n, s in enumerate(statuses, 1)}, "station")
    assert text.startswith("I could not relate '") and "days'" in text or "files'" in text, text


@pytest.mark.parametrize("task", ["Delete the file a.txt, and delete the file a.txt.",
                                  "Call delete_file with name 'a.txt', then call delete_file with name 'a.txt' again."])
def test_an_act_asked_twice_is_not_done_once_without_a_word(task):
    outbox = []
    text = run_agent(practice_client(), task, samples.action_tools(outbox), approve=lambda *_: True).answer
    assert "it asks again for the delete_file call before it" in text, text
    assert outbox == [], outbox


def test_an_act_beside_the_invoice_tools_is_not_declined_for_a_folder(tmp_path):
    outbox = []
    (tmp_path / "invoices").mkdir()
    tools = samples.invoice_tools(tmp_path) + samples.action_tools(outbox)
    text = run_agent(practice_client(), "Send an email to ops@example.org saying hello.", tools).answer
    assert "holds no files" not in text and "send_email" in text, text


def test_a_french_act_refused_says_so_without_a_word_the_lexicon_gave():
    """'Je n'ai pas pu placer 'storm'' for 'Tempête', a value the call carried; the refusal went unsaid."""
    text = run_agent(practice_client(), "Envoie un courriel à ops@example.org avec l'objet 'Tempête' et le corps 'Fermé'.",
                     samples.action_tools([]), approve=lambda *_: False).answer
    assert text == "send_email à ops@example.org n'a pas été approuvé : rien n'a été envoyé.", text


def test_a_money_field_named_with_its_currency_is_added_and_a_measure_is_not(tmp_path):
    days = {f"day-0{n}.json": json.dumps({"day": n, "status": s, "cost_eur": c, "rain_mm": r})
            for n, s, c, r in [(1, "normal", 0, 0), (2, "storm warning", 120, 0), (3, "storm warning", 80, 9)]}
    text = ask(tmp_path, "In the station folder, which days had a storm warning, and what did they cost in total?",
               days, "station")
    assert "Total: 200 EUR." in text, text
    text = ask(tmp_path, "In the station folder, which days had a storm warning, and what is the total rain?", days, "station")
    assert "Total" not in text and "I did not total 'rain'" in text, text


CATALOGUE = {"tea": {"name": "Earl Grey", "price": 4.2}, "room7": {"number": 7, "beds": 2},
             "kettle": {"name": "Steel Kettle", "price": 34.5}, "lamp": {"name": "Desk Lamp", "price": 18.75}}


@pytest.fixture
def catalogue(tmp_path):
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps(CATALOGUE), encoding="utf-8")
    return samples.catalogue_tools(path)


def test_an_entry_named_otherwise_is_not_said_to_be_another_keys(catalogue):
    """"the lookup returned an entry for 'Earl Grey', not for 'tea'": the catalogue's own entry for 'tea'."""
    text = run_agent(practice_client(), "Look up 'tea'.", catalogue).answer
    assert text == ("'tea': the lookup returned an entry named 'Earl Grey', which does not name 'tea', so I cannot tell "
                    "it is the entry for 'tea'; I do not give it as the answer."), text
    assert run_agent(practice_client(), "Look up 'room7'.", catalogue).answer.startswith("'room7' is in the catalogue")


@pytest.mark.parametrize("task", ["Look up the kettle and the lamp. Which is cheaper?",
                                  "Look up kettle and lamp; what is their total price?"])
def test_the_second_key_of_a_list_before_a_question_is_looked_up(catalogue, task):
    run = run_agent(practice_client(), task, catalogue)
    assert [c[1]["key"] for c in run.tool_calls] == ["kettle", "lamp"], run.tool_calls
    assert "nothing about 'lamp'" not in run.answer, run.answer


def test_a_french_how_many_names_the_word_not_its_d(catalogue):
    text = run_agent(practice_client(), "Cherche 'kettle' : combien d'heures ?", catalogue).answer
    assert "'d'" not in text, text


def test_an_amount_field_named_whole_is_added_beside_one_it_contains(tmp_path):
    """"the total incl. VAT" was declined: 'the task names more than one amount (VAT 20% and Total incl. VAT)'."""
    files = {f"i{n}.txt": f"Invoice INV-80{n}\nClient: Alba\nVAT 20%: {vat} EUR\nTotal incl. VAT: {total} EUR\n"
                          f"Status: {status}\n" for n, vat, total, status in [(1, "200.00", "1200.00", "unpaid"),
                                                                             (2, "50.00", "300.00", "paid"),
                                                                             (3, "80.00", "480.00", "unpaid")]}
    text = ask(tmp_path, "In the folder invoices, what's the total incl. VAT of the unpaid invoices?", files)
    assert text.endswith("Total: 1680 EUR. Based on 3 files read."), text
    text = ask(tmp_path, "In the folder invoices, what's the total incl. VAT and the VAT 20% of the unpaid invoices?", files)
    assert "Total: 1680" not in text, text


def test_an_invoice_numbered_in_a_field_named_with_a_hash_is_found(tmp_path):
    """'Invoice #: 1042' gave 'I could not find 1042 among the numbers of the records read'."""
    files = {f"invoice_{n}.txt": f"INVOICE\nInvoice #: {n}\nClient: Alba\nAmount: 500.00 EUR\nStatus: {s}\n"
             for n, s in [(1042, "unpaid"), (1043, "paid")]}
    text = ask(tmp_path, "In the folder invoices, is invoice 1042 paid?", files)
    assert "Unpaid, number 1042: 1042 (Alba, 500.00 EUR)." in text, text


def test_a_negative_question_is_not_called_an_exclusion(catalogue):
    """"Isn't it free?" was declined 'I cannot look up what the task excludes ('free')': nothing was excluded."""
    text = run_agent(practice_client(), "Look up 'lamp'. Isn't it free?", catalogue).answer
    assert text.startswith("I cannot answer what the task negates or excludes ('free')"), text


@pytest.mark.parametrize("label, status, task, total", [
    ("Amount paid", "paid", "In the folder invoices, what's the total amount paid?", "Total: 3350 EUR."),
    ("Unpaid amount", "unpaid", "In the folder invoices, what is the total unpaid amount?", "Total: 3350 EUR.")])
def test_a_part_of_each_invoice_is_added_when_the_task_names_it(tmp_path, label, status, task, total):
    files = {f"i{n}.txt": invoice(f"INV-{n}", "Alba", amount, status, label=label)
             for n, amount in [(1, "1250.00 EUR"), (2, "2100.00 EUR")]}
    assert total in ask(tmp_path, task, files)
    assert "Total:" not in ask(tmp_path, "In the folder invoices, how much did we bill in total?", files)


def test_a_client_named_credit_is_no_credit_note(tmp_path):
    files = {"i1.txt": invoice("INV-1", "Credit Union Bank", "250.00 EUR", "unpaid"),
             "i2.txt": invoice("INV-2", "Alba", "400.00 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what is the total of the unpaid invoices?", files)
    assert text.startswith("Unpaid: INV-1 (Credit Union Bank, 250.00 EUR) and INV-2 (Alba, 400.00 EUR). Total: 650 EUR."), text


def test_a_measure_asked_together_is_not_answered_with_the_money(tmp_path):
    """'what was the new snow on days 2 and 4 together?' gave 'Total: 240 EUR', the days' repair cost."""
    days = {f"day-0{n}.txt": f"# Day {n}\nDay: {n}\nNew snow: {snow} cm\nRepair cost: {cost} EUR\nStatus: normal\n"
            for n, snow, cost in [(1, 0, 0), (2, 12, 150), (3, 0, 0), (4, 20, 90)]}
    text = ask(tmp_path, "In the station folder, what was the new snow on days 2 and 4 together?", days, "station")
    assert "EUR." not in text and "I did not total 'new snow'" in text, text
    text = ask(tmp_path, "In the station folder, what is the total repair cost over all days?", days, "station")
    assert "Total: 240 EUR." in text, text


def test_a_key_added_in_a_last_sentence_is_looked_up(catalogue):
    """'Look up bio. And chem?' looked up bio only, then said it 'found nothing about 'chem''."""
    run = run_agent(practice_client(), "Look up kettle. And lamp?", catalogue)
    assert [c[1]["key"] for c in run.tool_calls] == ["kettle", "lamp"] and "nothing about" not in run.answer, run.answer


@pytest.mark.parametrize("task, said", [("In the folder invoices, what is the sum of the invoice numbers?", "'invoice numbers'"),
                                        ("In the folder invoices, what is the sum of the dates?", "'dates'"),
                                        ("Dans le dossier invoices, quelle est la somme des numéros de facture ?",
                                         "'numéros de facture'")])
def test_a_sum_of_numbers_or_dates_is_not_answered_with_the_money(tmp_path, task, said):
    files = {f"i{n}.txt": f"Invoice #: {n}\nClient: Alba\nDate: 2024-0{n}-03\nTotal: {n}00.00 EUR\n" for n in (1, 2)}
    text = ask(tmp_path, task, files)
    assert "300" not in text.split("Based on")[0].split("D'après")[0] and said in text, text


@pytest.mark.parametrize("task", ["In the folder invoices, how much have we received in total?",
                                  "Dans le dossier invoices, combien a été versé au total ?"])
def test_what_came_in_is_not_the_total_invoiced(tmp_path, task):
    """'How much have we received in total?' gave the total of every invoice, deposits said in sentences aside."""
    files = {"i1.txt": "Invoice #: 881\nClient: Alba\nTotal: 2,400.00 USD\nA deposit of 600.00 USD was received.\n",
             "i2.txt": "Invoice #: 882\nClient: Brico\nTotal: 850.00 USD\n"}
    text = ask(tmp_path, task, files)
    assert "3250" not in text and "3 250" not in text and "Total" not in text, text


def test_an_id_that_refers_to_another_record_says_nothing_of_the_entry():
    """An employee with 'manager_id: E02' was 'an entry for 'E02', not for 'E17''; an 'employeeId' of E5 for E9 was
    given as E9's record."""
    from looplab.tools import tool

    staff = {"E17": {"full_name": "Ana Ruiz", "manager_id": "E02"}, "E9": {"employeeId": "E5", "name": "Tom"}}

    @tool
    def get_employee(id: str) -> str:
        """Look up an employee by id and return their record as JSON.

        Args:
            id: Employee id, e.g. E17.
        """
        return json.dumps(staff[id])

    text = run_agent(practice_client(), "Look up E17.", [get_employee]).answer
    assert text.startswith("'E17' is in the records: full_name: Ana Ruiz; manager_id: E02."), text
    text = run_agent(practice_client(), "Look up E9.", [get_employee]).answer
    assert text.startswith("'E9': the get_employee tool returned an entry for 'E5', not for 'E9'"), text


def nearest(name: str, param: str, field: str, ids: list[str]):
    """A participant's lookup that answers an unknown id with its first entry ("nearest match")."""
    from looplab.tools import tool

    def fn(**given) -> str:
        return json.dumps({field: given[param] if given[param] in ids else ids[0], "name": "Oak"})

    fn.__name__, fn.__doc__ = name, f"Look up a record by its {param} and return it as JSON.\n\n    Args:\n        {param}: e.g. {ids[0]}.\n    "
    fn.__annotations__ = {param: str, "return": str}
    fn.__signature__ = inspect.Signature([inspect.Parameter(param, inspect.Parameter.KEYWORD_ONLY, annotation=str)],
                                         return_annotation=str)
    return tool(fn)


@pytest.mark.parametrize(("name", "param", "field", "task", "asked", "given"), [
    ("find_room", "code", "roomCode", "Find room R9.", "R9", "R1"),
    ("get_order", "order_id", "order_no", "Get order O-9.", "O-9", "O-1"),
    ("get_book", "isbn", "book_id", "Call get_book with isbn '978-9'.", "978-9", "978-1"),
    ("find_room", "code", "room_code", "Appelle find_room avec code 'R9'.", "R9", "R1")])
def test_a_nearest_match_is_not_given_as_the_asked_id(name, param, field, task, asked, given):
    """'Find room R9.' gave 'R9: roomCode: R1; name: Oak.': the fallback entry under the asked id (hred75)."""
    text = run_agent(practice_client(), task, [nearest(name, param, field, [given, "X2"])]).answer
    assert text.startswith(f"'{asked}': the {name} tool returned an entry for '{given}', not for '{asked}'") or text.startswith(
        f"'{asked}' : l'outil {name} a renvoyé une fiche pour '{given}', pas pour '{asked}' ; je ne la donne pas"), text
    assert "appelle" not in text, text
    text = run_agent(practice_client(), task.replace(asked, given), [nearest(name, param, field, [given, "X2"])]).answer
    assert f"{field}: {given}; name: oak".lower() in text.lower() and "not for" not in text, text


def test_exceed_is_a_limit_like_over(tmp_path):
    files = {f"i{n}.txt": invoice(f"INV-{n}", "Alba", f"{n}00 EUR", "unpaid") for n in (1, 2, 3, 4)}
    text = ask(tmp_path, "In the folder invoices, how many invoices exceed 250 EUR?", files)
    assert text.startswith("Exceed 250 EUR: INV-3 (Alba, 300 EUR) and INV-4 (Alba, 400 EUR). Count: 2."), text


def test_an_invoice_number_typed_in_lower_case_is_found(tmp_path):
    """'What is the amount of inv-102?' gave 'I could not find inv-102 among the numbers of the records read'."""
    files = {f"i{n}.txt": invoice(f"INV-10{n}", "Beta SA", f"{n}0.50 EUR", "unpaid") for n in (1, 2)}
    text = ask(tmp_path, "In the folder invoices, what is the amount of inv-102?", files)
    assert text.startswith("Number INV-102: INV-102 (Beta SA, 20.50 EUR)."), text


def test_a_schema_field_not_tied_to_the_results_is_not_said_to_be_missing_from_them(tmp_path):
    """'no tool result or computation gives 'status'' was false: the file says 'Status: unpaid'."""
    from pydantic import BaseModel

    from looplab.loop import to_param
    from looplab.tools import Toolbox

    class Status(BaseModel):
        status: str

    (tmp_path / "i1.txt").write_text(invoice("INV-103", "Alba", "90 EUR", "unpaid"), encoding="utf-8")
    client, box = practice_client(), Toolbox(samples.invoice_tools(tmp_path))
    messages = [{"role": "user", "content": "What is the status of INV-103?"}]
    while (reply := client.messages.parse(model="claude-opus-5", max_tokens=512, messages=messages, tools=box.to_api(),
                                          output_format=Status)).stop_reason == "tool_use":
        messages += [{"role": "assistant", "content": [to_param(b) for b in reply.content]},
                     {"role": "user", "content": [box.execute(b).result for b in reply.content if b.type == "tool_use"]}]
    said = reply.stop_details.explanation if reply.stop_reason == "refusal" else reply.parsed_output.status
    assert said == "unpaid" or "I could not tie 'status' to a value a tool result or a computation gave" in said, said
