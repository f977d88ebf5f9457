"""Wrong answers a hunt found on record surveys outside invoices (orders, loans, time sheets), each now right or
plainly declined: a limit on a count ('a quantity of at least 25', 'more than 2 renewals') compared with the money
field, a value read as a survey word ('fully delivered') dropped, a total of hours that added up rates, and a total
or a limit of orders worked on their price per unit."""

from __future__ import annotations

import json
import re

import pytest

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent
from looplab.practice.planner._records import parse
from looplab.practice.view import Step


def ask(tmp_path, task: str, files: dict[str, str], folder: str) -> str:
    """The practice model's answer to `task`, through the SDK, over `files` written in `folder`."""
    (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (tmp_path / folder / name).write_text(text, encoding="utf-8")
    return run_agent(practice_client(), task, samples.invoice_tools(tmp_path), max_turns=8).answer or ""


def order(number: str, shop: str, quantity: int, total: str, packed: str) -> str:
    return f"Order {number}\nShop: {shop}\nQuantity: {quantity}\nTotal: {total}\nPacked: {packed}\n"


ORDERS = {"k-1.txt": order("k-1", "Fern Deli", 12, "8.40 EUR", "fully"),
          "k-2.txt": order("k-2", "Moss Cafe", 2, "31.00 EUR", "partly"),
          "k-3.txt": order("k-3", "Fern Deli", 20, "14.00 EUR", "partly")}


def test_a_limit_on_a_field_named_before_it_is_not_applied_to_the_money(tmp_path):
    """'a quantity of at least 10' listed k-2 (2 of them, 31 EUR) and k-3: the totals were compared."""
    text = ask(tmp_path, "In the folder orders, which orders have a quantity of at least 10?", ORDERS, "orders")
    assert text.startswith("I cannot apply 'quantity of at least 10': I compare amounts of money only"), text


def test_a_limit_on_units_is_not_applied_to_the_money(tmp_path):
    """'more than 15 units' from Fern Deli was 'none': its orders' totals (8.40, 14.00 EUR) were compared."""
    text = ask(tmp_path, "In the folder orders, which orders from Fern Deli have more than 15 units?", ORDERS, "orders")
    assert text.startswith("I cannot apply 'more than 15 units': I compare amounts of money only"), text
    assert "none" not in text


def test_a_count_named_like_its_folder_is_not_dropped(tmp_path):
    """In the folder club/visits, 'more than 3 visits' lost 'visits' with the folder's name and compared the fees."""
    files = {"m-1.txt": "Member m-1\nName: Ines Roy\nVisits: 6\nFee: 2.00 GBP\n",
             "m-2.txt": "Member m-2\nName: Tom Hale\nVisits: 1\nFee: 9.50 GBP\n",
             "m-3.txt": "Member m-3\nName: Ada Kim\nVisits: 4\nFee: 5.00 GBP\n"}
    text = ask(tmp_path, "In the folder club/visits, which members have more than 3 visits?", files, "club/visits")
    assert text.startswith("I cannot apply 'more than 3 visits': I compare amounts of money only"), text
    fees = ask(tmp_path, "In the folder club/visits, which members have a fee of more than 3?", files, "club/visits")
    assert fees.startswith("More than 3: m-2 (Tom Hale, 9.50 GBP) and m-3 (Ada Kim, 5.00 GBP)."), fees


def test_a_french_limit_on_a_quantity_is_declined_in_french(tmp_path):
    files = {"c-1.txt": "Commande c-1\nBoutique : Fenouil\nQuantité : 12\nTotal : 8,40 €\n",
             "c-2.txt": "Commande c-2\nBoutique : Mousse\nQuantité : 2\nTotal : 31,00 €\n"}
    text = ask(tmp_path, "Dans le dossier commandes, quelles commandes ont une quantité de plus de 10 ?", files, "commandes")
    assert "Je ne sais pas appliquer 'quantité de plus de 10' : je ne compare que des montants d'argent" in text, text
    assert "c-2 (" not in text and "I cannot" not in text


def test_a_value_that_is_a_survey_word_is_not_dropped_beside_another_filter(tmp_path):
    """'fully packed orders from Fern Deli' listed k-3 too, packed 'partly': 'fully' was read as a word of the survey."""
    text = ask(tmp_path, "In the folder orders, which fully packed orders are from Fern Deli?", ORDERS, "orders")
    assert text.startswith("'fully' is a value of Packed that I could not select records on"), text


def test_a_total_of_hours_adds_up_no_money(tmp_path):
    """'the total of the hours' was 'Total: 65 EUR', the lessons' fees added up."""
    files = {"l-1.txt": "Lesson l-1\nTeacher: Noor\nHours: 3\nFee: 40.00 EUR\n",
             "l-2.txt": "Lesson l-2\nTeacher: Piet\nHours: 2\nFee: 25.00 EUR\n"}
    text = ask(tmp_path, "In the folder lessons, what is the total of the hours?", files, "lessons")
    assert "I did not total 'hours': I add up amounts of money only." in text and "65" not in text, text


RESTOCKS = {"r-1.txt": "Restock r-1\nShop: Larch Lane\nBoxes: 30\nPrice per box: 4.20 EUR\n",
            "r-2.txt": "Restock r-2\nShop: Elm Yard\nBoxes: 2\nPrice per box: 95.00 EUR\n"}


def test_a_total_of_records_is_not_the_sum_of_their_prices_per_unit(tmp_path):
    """'the total amount of the restocks' was 99.20 EUR, two prices per box added (the restocks come to 316 EUR)."""
    text = ask(tmp_path, "In the folder stock, what is the total amount of the restocks?", RESTOCKS, "stock")
    assert text.startswith("I give no total: 'Price per box' is a price per unit or a rate, not what a record comes to"), text
    assert "99.20" not in text
    named = ask(tmp_path, "In the folder stock, what is the total of the prices per box?", RESTOCKS, "stock")
    assert "Total: 99.20 EUR." in named, named  # what that question asks, and no other


def test_a_limit_on_records_is_not_applied_to_their_prices_per_unit(tmp_path):
    """'restocks over 50 EUR' listed r-2 (95 EUR a box, 190 EUR) and not r-1 (126 EUR)."""
    text = ask(tmp_path, "In the folder stock, which restocks are over 50 EUR?", RESTOCKS, "stock")
    assert text.startswith("I cannot apply 'over 50 EUR': 'Price per box' is a price per unit or a rate"), text


def test_a_french_total_of_unit_prices_is_declined_in_french(tmp_path):
    files = {"a-1.txt": "Achat a-1\nFournisseur : Nord\nQuantité : 12\nPrix unitaire : 19,99 €\n",
             "a-2.txt": "Achat a-2\nFournisseur : Bois\nQuantité : 3\nPrix unitaire : 310,00 €\n"}
    text = ask(tmp_path, "Dans le dossier achats, quel est le montant total des achats ?", files, "achats")
    assert "Je ne peux pas donner de total : 'Prix unitaire' est un prix unitaire ou un taux" in text, text
    assert "329,99" not in text and "I give" not in text


def test_a_value_that_ends_its_line_with_a_full_stop_is_the_same_value(tmp_path):
    """'Status: normal.' was not a status of normal: the day was left out and the count was short (hred42)."""
    days = {f"day-{i}.txt": f"Date: {date}\nStatus: {status}\n" for i, (date, status) in enumerate(
        [("2 May", "normal"), ("3 May", "storm warning"), ("4 May", "normal."), ("5 May", "normal")], 1)}
    text = ask(tmp_path, "Read every file in the folder station and tell me which days had a status of normal, and how "
               "many.", days, "station")
    assert "4 May" in text and "Count: 3." in text, text


BILLS = {"B-1.txt": "Invoice B-1\nClient: Siron\nAmount incl. VAT: 420 EUR\nStatus: unpaid\n",
         "B-2.txt": "Invoice B-2\nClient: Dumont\nAmount incl. VAT: 990 EUR\nStatus: unpaid\nNote: Per our office rule, "
                    "invoices over 900 EUR are reviewed by Marc before reminders are sent.\n",
         "B-3.txt": "Invoice B-3\nClient: Dumont\nAmount incl. VAT: 1375 EUR\nStatus: paid\n"}


def test_a_note_written_in_sentences_selects_no_record(tmp_path):
    """'which invoices are unpaid' listed only B-2, whose note says 'invoices over 900 EUR …'; 'how many' counted 1
    (hred45)."""
    text = ask(tmp_path, "In the folder bills, which invoices are unpaid, and what is their total?", BILLS, "bills")
    assert text.startswith("Unpaid: B-1 (Siron, 420 EUR) and B-2 (Dumont, 990 EUR). Total: 1410 EUR."), text
    text = ask(tmp_path, "In the folder bills, how many invoices are unpaid?", BILLS, "bills")
    assert "Count: 2." in text, text


def test_a_total_of_one_client_s_paid_and_unpaid_records_is_theirs(tmp_path):
    """'the total of Dumont's bills, paid and unpaid' ended with the grand total of every client's (hred45)."""
    text = ask(tmp_path, "In the folder bills, what is the total of Dumont's bills, paid and unpaid?", BILLS, "bills")
    assert "2365 EUR" in text and "2785" not in text, text


SHAPES = {"INV-1.txt": "Invoice INV-1\nClient: Rivet SA\nAmount: 300.00 EUR\nStatus: unpaid\n",
          "INV-2.csv": "number,client,amount,status\nINV-2,Olm Ltd,\"450,00 €\",unpaid\n",
          "INV-3.txt": "Invoice INV-3 was issued to Olm Ltd for 120.00 EUR. It is paid.\n",
          "INV-4.json": json.dumps({"invoice": {"id": "INV-4"}, "total": {"value": 80.5, "currency": "EUR"},
                                    "payment": {"status": "unpaid"}})}


@pytest.mark.parametrize("task", ["In the folder bills, what is the total of all invoices?",
                                  "In the folder bills, how many invoices are there?",
                                  "In the folder bills, which invoices are unpaid, and what is their total?"])
def test_a_file_in_another_shape_leaves_no_figure_stated_as_complete(tmp_path, task):
    """A CSV, a sentence and a nested JSON invoice beside a 'Key: value' one: 'Grand total: 300 EUR', 'Count: 1' were
    stated as if complete, and the nested JSON record (no flat field) crashed the model (IndexError, a 500). The CSV is
    read now, a record a row."""
    answer = ask(tmp_path, task, SHAPES, "bills")
    assert "I cannot give a complete" in answer and "INV-3.txt" in answer and "INV-4.json" in answer, answer
    assert not re.search(r"(?:Grand total|Count|Total): \d", answer), answer


def test_no_record_read_at_all_is_no_zero(tmp_path):
    """One CSV of every invoice (with a TOTAL row): 'Records: none. Grand total: 0.' (the truth is 2911 EUR). Its rows
    are read now, and its TOTAL row is none of them."""
    files = {"invoices_2026.csv": "number,client,amount\nINV-300,Acme,\"410,25 €\"\nINV-301,Cassis,\"2 500,75 €\"\n"
                                  "TOTAL,,\"2 911,00 €\"\n"}
    for task in ("In the folder bills, what is the total of all invoices?", "In the folder bills, how many invoices are there?"):
        answer = ask(tmp_path, task, files, "bills")
        assert answer.startswith("Records: INV-300 (Acme, 410,25 €) and INV-301 (Cassis, 2 500,75 €). ") and (
            "Grand total: 2911 EUR." in answer or "Count: 2." in answer), answer
        assert "invoices_2026.csv:4 is a total ('TOTAL 2 911,00 €'), not a record; it is not counted." in answer


def test_a_verb_after_the_word_folder_is_no_folder_name(tmp_path):
    """'How many invoices in the folder are unpaid?' called list_files('are') first (a failed call in the reply)."""
    files = {"a.txt": "Invoice A-1\nClient: Rivet SA\nAmount: 300 EUR\nStatus: unpaid\n",
             "b.txt": "Invoice B-1\nClient: Olm Ltd\nAmount: 450 EUR\nStatus: paid\n"}
    (tmp_path / "bills").mkdir()
    for name, text in files.items():
        (tmp_path / "bills" / name).write_text(text, encoding="utf-8")
    run = run_agent(practice_client(), "How many invoices in the folder are unpaid?", samples.invoice_tools(tmp_path / "bills"))
    assert ("list_files", {"folder": "are"}) not in run.tool_calls and "Count: 1" in run.answer, (run.tool_calls, run.answer)


def test_an_empty_file_leaves_the_total_whole(tmp_path):
    """An empty file beside the invoices was 'empty; not counted' and still made the total incomplete (hred49); one
    named like the invoices still does."""
    files = {"a.txt": "Invoice A-1\nClient: Rivet SA\nAmount: 300 EUR\nStatus: unpaid\n",
             "b.txt": "Invoice B-1\nClient: Olm Ltd\nAmount: 450 EUR\nStatus: unpaid\n", "c.txt": "  \n"}
    answer = ask(tmp_path, "In the folder bills, what is the total of the unpaid invoices?", files, "bills")
    assert "Total: 750 EUR" in answer and "c.txt is empty" in answer, answer
    named = {"INV-1.txt": files["a.txt"], "INV-2.txt": files["b.txt"], "INV-3.txt": ""}  # named like them: a read may
    answer = ask(tmp_path, "In the folder named, what is the total of the unpaid invoices?", named, "named")  # have failed
    assert "I cannot give a complete total" in answer and "INV-3.txt" in answer, answer


def test_a_file_named_with_a_space_is_named_whole(tmp_path):
    """A nested JSON invoice saved as 'Müller 2026-10.json' was named 'Müller' in 'may belong here too' (hred49)."""
    files = {"a.txt": "Invoice A-1\nClient: Rivet SA\nAmount: 300 EUR\nStatus: unpaid\n",
             "Müller 2026-10.json": json.dumps({"invoice": {"id": "M-1"}, "total": {"value": 80, "currency": "EUR"}})}
    answer = ask(tmp_path, "In the folder bills, what is the total of all invoices?", files, "bills")
    assert "but Müller 2026-10.json may belong here too" in answer, answer


def test_records_labelled_in_two_languages_are_read_as_one_set(tmp_path):
    """'Montant' in one invoice and 'Amount' in the next gave 'the records have several amounts (Montant and Amount)',
    and 'Statut: impayée' gave 'A-2.txt has no Status line': both false."""
    files = {"A-1.txt": "Invoice: A-1\nClient: Rivet SA\nMontant: 300 EUR\nStatus: paid\n",
             "A-2.txt": "Facture: A-2\nClient: Lune SARL\nAmount: 120 EUR\nStatut: impayée\n",
             "A-3.txt": "Invoice: A-3\nCustomer: Brume\nAmount: 80 EUR\nStatus: unpaid\n"}
    said = ask(tmp_path, "In the folder mix, which invoices are unpaid? Give their numbers and the total still due.",
               files, "mix")
    assert said.startswith("Unpaid: A-2 (Lune SARL, 120 EUR) and A-3 (Brume, 80 EUR). Total still due: 200 EUR."), said
    files["A-4.txt"] = "Invoice: A-4\nAmount: 50 EUR\nMontant: 60 EUR\nStatus: unpaid\n"  # two amounts: which one?
    said = ask(tmp_path, "What is the total of the unpaid invoices in the folder mix2?", files, "mix2")
    assert "Total" not in said.split(".")[0] and "several amounts" in said, said


def test_a_file_of_invoice_lines_is_named_as_several_records_not_as_lacking_fields(tmp_path):
    """Files of one client each, an invoice a line ('INV-1041  2026-03-04  420.00 EUR  paid'), got 'No field of the
    records says whether they are paid' and 'have no amount I can read': both false (hred46)."""
    files = {"dupont.txt": "Client: Dupont SARL\nINV-1041  2026-03-04  420.00 EUR  paid\nINV-1057  2026-03-19  180.50 EUR  unpaid\n",
             "martin.txt": "Client: Martin & Fils\nINV-1043  2026-03-07  1250.00 EUR  paid\nINV-1070  2026-04-11  310.00 EUR  unpaid\n"}
    for task in ("In the folder inv, which invoices are unpaid, and what is their total?",
                 "In the folder inv, what is the total of all invoices?"):
        said = ask(tmp_path, task, files, "inv")
        assert said.startswith("None of the files read holds a record I can read") and "no field" not in said.lower() \
            and "dupont.txt holds more than one record (2 lines with an amount each)" in said, said
    items = {"A-1.txt": "Invoice A-1\nClient: Rivet SA\nStatus: unpaid\n\nItems:\n- 1 logo  300 EUR\n- 2 pages  50 EUR\n\n"
                        "Amount: 350 EUR\n"}  # an invoice's items, with its own Amount: one record
    said = ask(tmp_path, "In the folder items, which invoices are unpaid, and what is their total?", items, "items")
    assert said.startswith("Unpaid: A-1 (Rivet SA, 350 EUR). Total: 350 EUR."), said
    said = ask(tmp_path, "Dans le dossier inv, quelles factures sont impayées ?", files, "inv")
    assert "Aucun des fichiers lus ne contient une fiche" in said and "2 lignes avec chacune un montant" in said, said


CREDITED = {"D-1.txt": "Invoice D-1\nClient: Studio Malo\nAmount: 1000 EUR\nStatus: unpaid\n",
            "D-2.txt": "Credit note D-2\nClient: Studio Malo\nAmount: -200 EUR\nStatus: unpaid\n",
            "D-3.txt": "Invoice D-3\nClient: Maison Ravel\nAmount: 400 EUR\nStatus: paid\n"}


def test_a_credit_note_is_left_out_for_what_it_is_not_for_its_status(tmp_path):
    """D-2's 'Status: unpaid' was said to be unreadable as paid or unpaid: its heading was what kept it out."""
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid, and what is their total?", CREDITED, "invoices")
    assert "D-2.txt is a credit note (heading 'Credit note D-2'), not a bill; it is not counted." in text, text
    assert "cannot read as paid" not in text
    fr = ask(tmp_path, "Dans le dossier invoices, quelles factures sont impayées, et quel est leur total ?", CREDITED, "invoices")
    assert "D-2.txt est un avoir (titre 'Credit note D-2'), pas une facture ; non compté." in fr, fr


def test_an_amount_whose_currency_is_a_field_of_its_own_is_read(tmp_path):
    """'Amount: 1234.50' beside 'Currency: EUR' was 'no amount I can read'; a quantity beside it stays a quantity."""
    files = {f"{n}.txt": f"Invoice {n}\nClient: {c}\nQuantity: 3\nAmount: {a}\nCurrency: EUR\nStatus: {s}\n"
             for n, c, a, s in [("A-1", "Studio Malo", "1234.50", "unpaid"), ("A-2", "Maison Ravel", "400", "paid"),
                                ("A-3", "Studio Malo", "99.90", "unpaid")]}
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid, and what is their total?", files, "invoices")
    assert text.startswith("Unpaid: A-1 (Studio Malo, 1234.50 EUR) and A-3 (Studio Malo, 99.90 EUR). Total: 1334.40 EUR."), text


def test_billed_to_a_client_is_that_clients_total(tmp_path):
    """'the total billed to Studio Malo' and 'le total facturé à Studio Malo' were declined on 'billed', 'facturé'."""
    files = {"A-1.txt": "Invoice A-1\nClient: Studio Malo\nAmount: 1234.50 EUR\nStatus: unpaid\n",
             "A-2.txt": "Invoice A-2\nClient: Maison Ravel\nAmount: 400 EUR\nStatus: paid\n",
             "A-3.txt": "Invoice A-3\nClient: Studio Malo\nAmount: 99.90 EUR\nStatus: paid\n"}
    text = ask(tmp_path, "In the folder invoices, what is the total billed to Studio Malo?", files, "invoices")
    assert text.startswith("Client Studio Malo: A-1 (Studio Malo, 1234.50 EUR) and A-3 (Studio Malo, 99.90 EUR). "
                           "Total: 1334.40 EUR."), text
    fr = ask(tmp_path, "Dans le dossier invoices, quel est le total facturé à Studio Malo ?", files, "invoices")
    assert "Total : 1 334,40 EUR." in fr.replace("\u202f", " ").replace("\u00a0", " "), fr


LEDGER = [("A-1", "Studio Malo", "1234.50", "unpaid"), ("A-2", "Maison Ravel, SARL", "400.00", "paid"),
          ("A-3", "Studio Malo", "99.90", "unpaid")]
TABLES = {
    "ledger.csv": "number,client,amount,currency,status\n" + "".join(
        f'{n},"{c}",{a},EUR,{s}\n' for n, c, a, s in LEDGER),
    "ledger.tsv": "Invoice\tClient\tAmount\tStatus\n" + "".join(f"{n}\t{c}\t{a} EUR\t{s}\n" for n, c, a, s in LEDGER),
    "ledger.md": "| Invoice | Client | Amount | Status |\n|---|---|--:|---|\n" + "".join(
        f"| {n} | {c} | {a} EUR | {s} |\n" for n, c, a, s in LEDGER),
    "registre.csv": "Numéro;Client;Montant TTC;Devise;Statut\n" + "".join(
        f"{n};{c};{a.replace('.', ',')};EUR;{ {'paid': 'payée', 'unpaid': 'impayée'}[s]}\n" for n, c, a, s in LEDGER)
        + "\nTotal;;1 734,40;EUR;\n",
    "ledger.json": json.dumps([{"number": n, "client": c, "amount": f"{a} EUR", "status": s} for n, c, a, s in LEDGER]),
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_table_is_read_a_record_a_row(tmp_path, name):
    """CSV, TSV, ';'-separated with decimal commas and a totals row, markdown and JSON lists were all 'more than one
    record; I read one record per file' (hred62: 68 to 74 declines a hunt)."""
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid, and what is their total?",
               {name: TABLES[name]}, "invoices")
    assert text.startswith("Unpaid: A-1 (Studio Malo, ") and " and A-3 (Studio Malo, " in text, text
    assert "Total: 1334.40 EUR. Based on 1 file read." in text, text
    assert ("registre.csv:6 is a total ('Total 1 734,40 EUR'), not a record; it is not counted." in text) == (
        name == "registre.csv")


def test_lines_with_commas_are_no_table_and_an_abridged_table_is_not_totalled(tmp_path):
    """Every line of this invoice holds one comma: it is still one record, not a table of two columns."""
    note = "Invoice A-9, March\nClient: Studio Malo, Paris\nAmount: 50 EUR\nStatus: unpaid\n"
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid, and what is their total?",
               {"A-9.txt": note}, "invoices")
    assert text.startswith("Unpaid: A-9 (Studio Malo, Paris, 50 EUR). Total: 50 EUR."), text
    cut = TABLES["ledger.tsv"][:60] + "\n[abridged: 60 of 140 characters kept]"  # its last rows are not there
    assert not isinstance(parse("ledger.tsv", Step("read", {}, "", cut)), list)


HEAD = "invoice,client,amount (EUR),status\n"


@pytest.mark.parametrize(("rows", "total", "named"), [
    ("F-1,Alpha,100.00,paid\nF-2,Alpha,50.00,unpaid\nSubtotal Alpha,,150.00,\nF-3,Beta,200.00,unpaid\n"
     ",Beta subtotal,200.00,\nTotal,,350.00,\n", "350", ["t.csv:4 is a total ('Subtotal Alpha 150.00')",
                                                         "t.csv:6 is a total ('Beta subtotal 200.00')"]),
    ("F-1,Alpha,100.00,paid\n,,,\nF-2,Alpha,50.00,unpaid\n\n,,,\nF-3,Beta,200.00,unpaid\n", "350", []),
    (",,EUR,\nF-1,Alpha,100.00,paid\nF-2,Alpha,50.00,unpaid\nF-3,Beta,200.00,unpaid\nNote: VAT included,,,\n", "350",
     ["t.csv:2 ('EUR') fills 1 of 4 columns, so it is no record", "t.csv:6 ('Note: VAT included') fills 1 of 4 columns"]),
    (HEAD.replace(",", ";") + "F-1;Alpha;100,00;paid\n" + HEAD.replace(",", ";") + "F-2;Alpha;50,00;unpaid\n"
     "F-3;Beta;200,00;unpaid\n", "350", [])])
def test_a_tables_subtotals_blank_units_and_repeated_header_rows_are_no_records(tmp_path, rows, total, named):
    """Subtotal rows were added in (700 for 350), a row of empty cells was a 500, a units row and a note line were
    records (hred63); a currency in the column's name ('amount (EUR)') was 'no amount I can read'."""
    text = ask(tmp_path, "In the folder invoices, what is the total amount of all invoices?",
               {"t.csv": ("sep=;\n" if ";" in rows else "") + ("" if rows.startswith("invoice") else HEAD) + rows}, "invoices")
    assert f"Total: {total} EUR. Based on 1 file read." in text and all(n in text for n in named), text


def test_a_table_among_other_lines_is_not_read_as_one_record(tmp_path):
    """A markdown table inside a note was 'Records: Billing notes, July … Count: 1' (its 'Next review: …' line)."""
    note = ("# Billing notes, July\n\nTwo invoices sent.\n\n| Invoice | Client | Amount | Status |\n|---|---|---|---|\n"
            "| F-1 | Alpha | 100.00 EUR | unpaid |\n| F-2 | Beta | 200.00 EUR | paid |\n\nNext review: 3 August.\n")
    text = ask(tmp_path, "In the folder invoices, how many invoices are there?", {"notes.md": note}, "invoices")
    assert text.startswith("None of the files read holds a record I can read") and "notes.md holds a table among " \
        "other lines; I read a table only when it is the whole file, so it is not counted." in text, text


def test_a_client_or_a_number_holding_total_is_still_a_record(tmp_path):
    """'F-1,Total Energies,…' and an invoice numbered TOTAL-1 were named as total rows and left out (hred63 re-run)."""
    rows = "F-1,Total Energies,100.00,unpaid\nF-2,Beta,200.00,unpaid\nTOTAL-3,Subtotal Design Ltd,300.00,paid\n"
    text = ask(tmp_path, "In the folder invoices, what is the total amount of all invoices?", {"t.csv": HEAD + rows}, "invoices")
    assert "Total: 600 EUR. Based on 1 file read." in text and "is a total" not in text, text


def test_a_json_record_named_by_its_number_does_not_narrow_the_others(tmp_path):
    """Beside a JSON record whose title is its number 'M-1', 'the customer of M-3' (a CSV row) was 'M-1, number M-3: I
    cannot tell which': the 'm' of 'M-1' was read as a kind of record the task named."""
    files = {"r1.json": json.dumps({"status": "unpaid", "total": "640.00 EUR", "customer": "Halden AS", "invoice": "M-1"}),
             "r3.csv": "invoice,customer,total,status\nM-3,Tarn SARL,99.99 EUR,unpaid\n",
             "r4.txt": "Invoice M-4\nCustomer: Oulu Oy\nTotal: 10.00 EUR\nStatus: unpaid\n"}
    text = ask(tmp_path, "In the folder recs, who is the customer of M-3?", files, "recs")
    assert text.startswith("Number M-3: M-3 (Tarn SARL, 99.99 EUR)."), text


def test_several_files_without_an_amount_are_plural_in_french(tmp_path):
    """'list.csv:3, list.csv:4 … n'a pas de montant' (hred62, hred63): several files 'n'ont pas'."""
    files = {"a.txt": "Facture A-1\nClient : Alpha\nStatut : impayée\n", "b.txt": "Facture A-2\nClient : Beta\nStatut : payée\n"}
    text = ask(tmp_path, "Dans le dossier invoices, quel est le total de toutes les factures ?", files, "invoices")
    assert "a.txt et b.txt n'ont pas de montant que je sache lire." in text, text


def test_a_client_named_total_beside_its_invoice_number_is_a_record(tmp_path):
    """'Total SA,A-1,…' was dropped as a total row: 'Unpaid: none. Total: 0.' (hred64, 56 cases)."""
    table = "client,invoice,amount,currency,status\nTotal SA,A-1,100.00,EUR,unpaid\nAcme,A-2,300.00,EUR,paid\n"
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid, and what is their total?", {"l.csv": table},
               "invoices")
    assert text.startswith("Unpaid: A-1 (Total SA, 100.00 EUR). Total: 100 EUR."), text


@pytest.mark.parametrize("extra", [("", "Source: billing export\n"), ("Exported on: 2024-10-02\n", "")])
def test_a_line_around_a_table_is_no_record_of_its_own(tmp_path, extra):
    """A 'Key: value' line above or below a CSV made the file one record, its header line: 'Count: 1' (hred64)."""
    table = extra[0] + "invoice,client,amount,currency,status\nA-1,Acme,100.00,EUR,paid\nA-2,Bolt,200.00,EUR,unpaid\n" + extra[1]
    text = ask(tmp_path, "In the folder invoices, how many invoices are there?", {"l.csv": table}, "invoices")
    assert text.startswith("None of the files read holds a record I can read") and "l.csv holds a table among other " \
        "lines" in text, text


def test_a_note_whose_lines_hold_commas_is_no_table(tmp_path):
    readme = "Invoices are in this folder, one per file, named by number.\nPaid ones say paid, unpaid ones say unpaid, " \
             "and so on.\nAsk Ana if unsure.\n"
    files = {"README.txt": readme, "A-1.txt": "Invoice A-1\nClient: Alpha\nAmount: 100 EUR\nStatus: unpaid\n"}
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid, and what is their total?", files, "invoices")
    assert text.startswith("Unpaid: A-1 (Alpha, 100 EUR). Total: 100 EUR.") and "among other lines" not in text, text


def test_a_value_that_holds_the_one_asked_is_not_dropped_silently(tmp_path):
    """'storm warning (lifted at noon)' beside 'storm warning' was left out: 'Count: 1' for 2 (hred66)."""
    for n, warning in enumerate(["none", "storm warning", "none", "storm warning (lifted at noon)"], 1):
        (tmp_path / "station").mkdir(exist_ok=True)
        (tmp_path / "station" / f"d{n}.txt").write_text(f"Day: {n}\nDate: {n} May\nWarning: {warning}\n")
    text = run_agent(practice_client(), samples.STATION_TASK, samples.station_tools(tmp_path), max_turns=30).answer
    assert "as far as I can tell" in text and "d4.txt may belong here too" in text and "Count: 1." not in text, text


def test_an_api_list_of_invoices_is_no_invoice_of_its_own(tmp_path):
    """'{"object": "list", "data": [5 invoices]}' in invoices.json was counted as one invoice (hred66)."""
    data = {"object": "list", "has_more": False, "data": [{"id": f"in_{n}", "amount_due": n * 100, "currency": "eur",
                                                          "status": "open"} for n in range(1, 6)]}
    text = ask(tmp_path, "In the folder billing, how many invoices are there?", {"invoices.json": json.dumps(data)}, "billing")
    assert "Count: 1" not in text and "invoices.json holds more than one record (a list of 5 under 'data')" in text, text


def test_a_json_item_of_a_client_named_total_is_a_record(tmp_path):
    """The CSV row was fixed, but a JSON item {"invoice": "A-1", "client": "Total SA"} was still a total (re-run)."""
    items = [{"client": "Total SA", "invoice": "A-1", "amount": "100.00 EUR", "status": "unpaid"},
             {"client": "Acme", "invoice": "A-2", "amount": "300.00 EUR", "status": "paid"}]
    text = ask(tmp_path, "In the folder invoices, what is the total amount of all invoices?",
               {"all.json": json.dumps(items)}, "invoices")
    assert "Total: 400 EUR." in text and "is a total" not in text, text


def test_an_invoice_with_an_item_table_is_still_one_record(tmp_path):
    """'Key: value' invoices holding a small item table were set aside as 'a table among other lines' (re-run)."""
    files = {f"A-{n}.txt": f"Invoice A-{n}\nClient: Alpha\nStatus: {s}\n\n| Item | Qty | Price |\n|---|---|---|\n"
                           f"| Design | 1 | 60.00 EUR |\n| Hosting | 1 | 40.00 EUR |\n" for n, s in ((1, "unpaid"), (2, "paid"))}
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid?", files, "invoices")
    assert text.startswith("Unpaid: A-1"), text


def test_a_quoted_cell_over_two_lines_is_not_said_to_be_other_lines(tmp_path):
    table = 'invoice,client,amount,status\nA-1,Alpha,100.00 EUR,unpaid\nA-2,Beta,50.00 EUR,paid\nA-3,"Gamma\nLyon",9.00 EUR,paid\n'
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid?", {"l.csv": table}, "invoices")
    assert "among other lines" not in text, text


def test_a_listing_cut_at_once_is_told_in_french_with_its_agreement():
    from looplab.practice.planner._tools import in_french
    said = in_french("The listing of 'station' was abridged in the history as soon as it came back, so I cannot answer "
                     "from it; keep more tool results whole (keep=1 or more, or compact later), then ask again")
    assert said.startswith("La liste de 'station' a été abrégée dans l'historique dès son retour"), said
