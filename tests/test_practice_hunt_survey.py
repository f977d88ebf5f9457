"""The invoice survey states no wrong figure on odd data or odd wordings: each wrong answer found by a hunt
with new wordings and new data, kept as a test (each failed before its fix)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent
from looplab.practice.planner._tools import in_french


def ask(tmp_path, task: str, files: dict[str, str], folder: str = "invoices") -> str:
    """The practice model's answer to `task`, through the SDK, over `files` written in `folder`."""
    (tmp_path / folder).mkdir(exist_ok=True)
    for name, text in files.items():
        (tmp_path / folder / name).write_text(text, encoding="utf-8")
    return run_agent(practice_client(), task, samples.invoice_tools(tmp_path), max_turns=8).answer


def invoice(number: str, client: str, amount: str, status: str, more: str = "") -> str:
    return f"Invoice {number}\nClient: {client}\nAmount: {amount}\nStatus: {status}\n{more}"


ALPHA_BETA = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid"),
              "A-3.txt": invoice("A-3", "Alpha", "50 EUR", "unpaid")}  # the folder most cases here start from


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


def test_two_files_with_one_number_are_not_counted_as_two_invoices(tmp_path):
    """Invoice N-7 saved twice (or two invoices given one number): neither is counted, and the reply says why."""
    files = {"x1.txt": invoice("N-7", "Pré Vert", "100 EUR", "unpaid"),
             "x2.txt": invoice("N-7", "Pré Vert", "100 EUR", "unpaid"),
             "x3.txt": invoice("N-8", "Pic Blanc", "40 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, how many invoices are unpaid, and what is their total?", files)
    assert "Count: 3" not in text and "240" not in text and "Total: 40 EUR" not in text
    assert "x1.txt and x2.txt give the same number (N-7)" in text
    french = ask(tmp_path, "Dans le dossier invoices, quel est le total général ?", files)
    assert french.startswith("Fiches : N-8 (Pic Blanc, 40 EUR), pour autant que je sache.")
    assert "x1.txt et x2.txt portent le même numéro (N-7) : je ne sais pas s'il s'agit d'une fiche ou de deux" in french


def test_a_yes_beside_a_late_word_is_not_read_as_unpaid(tmp_path):
    """'Paid: yes (late)' was paid late: never listed as unpaid."""
    files = {"K-1.txt": "Invoice K-1\nCustomer: Fil Rouge\nTotal: 500 EUR\nPaid: yes (late)\n",
             "K-2.txt": "Invoice K-2\nCustomer: Mer Calme\nTotal: 80 EUR\nPaid: no\n",
             "K-3.txt": "Invoice K-3\nCustomer: Mer Calme\nTotal: 20 EUR\nPaid: yes\n"}
    text = ask(tmp_path, "In the folder invoices, what is the total of unpaid bills?", files)
    assert text.startswith("Unpaid: K-2 (Mer Calme, 80 EUR), as far as I can tell.")
    assert "K-1 (" not in text and "580" not in text


def test_a_paid_word_answered_no_in_a_status_is_not_paid(tmp_path):
    files = {"P-1.txt": invoice("P-1", "Pont Levis", "27 EUR", "Paid: no"),
             "P-2.txt": invoice("P-2", "Pont Levis", "10 EUR", "paid")}
    text = ask(tmp_path, "In the folder invoices, which invoices are paid?", files)
    assert text.startswith("Paid: P-2 (Pont Levis, 10 EUR), as far as I can tell.") and "P-1 (" not in text


def test_a_negated_limit_is_never_applied_as_if_it_were_not_negated(tmp_path):
    """'aren't over 250 EUR', 'no more than 250 EUR', 'not due before ...': declined, never the opposite list."""
    files = {"Z-1.txt": invoice("Z-1", "Lune", "100 EUR", "unpaid", "Due: 13/11/2026\n"),
             "Z-2.txt": invoice("Z-2", "Soleil", "300 EUR", "unpaid", "Due: 25/12/2026\n")}
    for task in ["which invoices aren't over 250 EUR?", "which unpaid invoices are no more than 250 EUR?",
                 "which unpaid invoices are not above 250 EUR?", "list invoices not due before 30/11/2026."]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert "Z-2 (" not in text and text.startswith(("I cannot", "I could not")), text


def test_a_currency_selects_by_the_currency_of_the_amount_however_it_is_written(tmp_path):
    """'in EUR only' keeps '1 250 €' as well as '2 500 EUR'; 'en euros' alone may ask to convert the USD one: declined."""
    files = {"Q-1.txt": invoice("Q-1", "Studio Pomme", "1 250 €", "paid"),
             "Q-2.txt": invoice("Q-2", "Café Nuit", "95,25 €", "paid"),
             "Q-3.txt": invoice("Q-3", "Café Nuit", "30 USD", "unpaid"),
             "Q-4.txt": invoice("Q-4", "Jardin Clos", "2 500 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what is the total of invoices in EUR only?", files)
    assert "Total: 3845.25 EUR." in text and "Q-3 (" not in text
    french = ask(tmp_path, "Dans le dossier invoices, total des factures en euros ?", files)
    assert "Total" not in french and "je ne convertis aucune devise" in french


def test_each_list_keeps_its_own_count_when_the_counts_are_equal(tmp_path):
    """'How many are paid and how many unpaid?', 2 and 2: the second count was dropped as a repeat of the first."""
    files = {"R-1.txt": invoice("R-1", "Lin Blanc", "100 EUR", "paid"),
             "R-2.txt": invoice("R-2", "Lin Blanc", "250 EUR", "unpaid"),
             "R-3.txt": invoice("R-3", "Orge Fine", "400 EUR", "unpaid"),
             "R-4.txt": invoice("R-4", "Orge Fine", "400 EUR", "paid")}
    text = ask(tmp_path, "In the folder invoices, how many invoices are paid and how many unpaid?", files)
    assert "R-4 (Orge Fine, 400 EUR). Count paid: 2. Unpaid: " in text and "R-3 (Orge Fine, 400 EUR). Count unpaid: 2." in text
    french = ask(tmp_path, "Dans le dossier invoices, combien de factures sont payées et combien sont impayées ?", files)
    assert "Nombre de payées : 2." in french and "Nombre d'impayées : 2." in french


def test_how_many_are_there_counts_the_records_listed(tmp_path):
    files = {"R-1.txt": invoice("R-1", "Lin Blanc", "100 EUR", "paid"),
             "R-2.txt": invoice("R-2", "Lin Blanc", "250 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid, and how many are there?", files)
    assert text == "Unpaid: R-2 (Lin Blanc, 250 EUR). Count: 1. Based on 2 files read."


def test_pour_combien_asks_for_the_total(tmp_path):
    """'et pour combien ?' is the French 'and for how much?': it was neither answered nor named."""
    files = {"F-1.txt": invoice("F-1", "Moulin Vert", "250,00 €", "en attente de paiement"),
             "F-2.txt": invoice("F-2", "Verre Clair", "99,99 €", "impayée"),
             "F-3.txt": invoice("F-3", "Verre Clair", "1 500,00 €", "payée")}
    text = ask(tmp_path, "Dans le dossier invoices, quelles factures restent à payer, et pour combien ?", files)
    assert text == ("Impayées : F-1 (Moulin Vert, 250,00 €) et F-2 (Verre Clair, 99,99 €). Total : 349,99 EUR. "
                    "D'après 3 fichiers lus.")


def test_a_record_without_the_field_a_task_negates_is_not_counted_as_not_having_that_value(tmp_path):
    """'not from Cime Rose': an invoice with no Client line may be from Cime Rose, so it is not counted either way."""
    files = {"G-1.txt": invoice("G-1", "Cime Rose", "410 EUR", "paid"),
             "G-3.txt": "Invoice G-3\nAmount: 60 EUR\nStatus: unpaid\n",
             "G-4.txt": invoice("G-4", "Baie Grise", "300 EUR", "paid")}
    text = ask(tmp_path, "In the folder invoices, what is the total of the invoices not from Cime Rose?", files)
    assert text.startswith("Client not Cime Rose: G-4 (Baie Grise, 300 EUR), as far as I can tell. I cannot give a "
                           "complete total of the invoices: the one listed comes to 300 EUR, but G-3.txt may belong")


def test_a_record_whose_status_fields_disagree_is_neither_paid_nor_unpaid(tmp_path):
    """'Paid: yes' with 'Status: unpaid': one field was read and the other ignored."""
    files = {"H-1.txt": "Invoice H-1\nClient: Nuage\nAmount: 100 EUR\nPaid: yes\nStatus: unpaid\n",
             "H-2.txt": "Invoice H-2\nClient: Nuage\nAmount: 200 EUR\nPaid: no\nStatus: unpaid\n",
             "H-3.txt": "Invoice H-3\nClient: Pluie\nAmount: 300 EUR\nPaid: yes\nStatus: paid\n"}
    text = ask(tmp_path, "In the folder invoices, which invoices are paid?", files)
    assert text.startswith("Paid: H-3 (Pluie, 300 EUR), as far as I can tell.")
    assert "H-1.txt has Paid 'yes' (Status: unpaid), which I cannot read as paid or unpaid; it is not counted." in text


def test_a_folder_of_more_files_than_one_turn_reads_is_read_to_the_end(tmp_path):
    """25 invoices: the first 20 were read and counted as if they were all (Count: 20, Total: 200 EUR)."""
    files = {f"S-{i:02d}.txt": invoice(f"S-{i:02d}", "Client X", "10 EUR", "unpaid") for i in range(25)}
    text = ask(tmp_path, "In the folder invoices, how many invoices are unpaid, and what is their total?", files)
    assert text.endswith("Count: 25. Total: 250 EUR. Based on 25 files read.")


def test_the_largest_is_not_named_when_an_amount_could_not_be_compared(tmp_path):
    """'99.999 EUR' may be ninety-nine thousand: 'largest: L-2 (500 EUR)' may be false."""
    files = {"L-1.txt": invoice("L-1", "Aube", "99.999 EUR", "unpaid"),
             "L-2.txt": invoice("L-2", "Aube", "500 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, which is the largest unpaid invoice?", files)
    assert text.startswith("Unpaid, largest: I cannot tell which.") and "L-2 (" not in text
    assert "L-1.txt has no amount I can compare; it is not counted." in text


def test_paye_ou_non_asks_for_every_record(tmp_path):
    """'payé ou non' (paid or not) was read as 'payé': the paid list and its total came first."""
    files = {"T-1.txt": invoice("T-1", "Rivage", "1 250,50 €", "payée"),
             "T-2.txt": invoice("T-2", "Falaise", "480,00 €", "impayée")}
    text = ask(tmp_path, "Dans le dossier invoices, quel est le total général, payé ou non ?", files)
    assert text == ("Fiches : T-1 (Rivage, 1 250,50 €) et T-2 (Falaise, 480,00 €). Total général : 1\u202f730,50 EUR. "
                    "D'après 2 fichiers lus.")


def test_a_total_over_some_records_is_not_called_the_grand_total(tmp_path):
    files = {"T-1.txt": invoice("T-1", "Rivage", "100 EUR", "paid"),
             "T-2.txt": invoice("T-2", "Falaise", "50 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what is the total of all invoices except those of Falaise?", files)
    assert text == "Client not Falaise: T-1 (Rivage, 100 EUR). Total: 100 EUR. Based on 2 files read."


def test_a_folder_named_like_a_status_is_removed_only_where_the_task_names_the_folder(tmp_path):
    """The folder 'unpaid': 'which invoices are unpaid' lost its 'unpaid' with the folder's name, and listed all."""
    files = {"U-1.txt": invoice("U-1", "Lune", "100 EUR", "paid"),
             "U-2.txt": invoice("U-2", "Soleil", "200 EUR", "unpaid")}
    for task in ["In the folder unpaid, which invoices are unpaid, and what is their total?",
                 "What is the total of the unpaid invoices in the unpaid folder?"]:
        assert ask(tmp_path, task, files, "unpaid") == "Unpaid: U-2 (Soleil, 200 EUR). Total: 200 EUR. Based on 2 files read."


def test_a_date_written_another_way_is_not_said_to_be_no_date(tmp_path):
    """'Due: 30.11.2026' is a date this model cannot read; 'its Due gives no date' was false."""
    files = {"Y-1.txt": invoice("Y-1", "Nord", "100 EUR", "unpaid", "Due: 30.11.2026\n")}
    text = ask(tmp_path, "In the folder invoices, when is Y-1 due?", files)
    assert "Y-1: its Due gives no date I can read, so I could not say when it is due." in text
    french = ask(tmp_path, "Dans le dossier invoices, quand la facture Y-1 est-elle due ?", files)
    assert "son champ Due ne donne pas de date que je sache lire : je n'ai pas pu dire quand elle est due" in french


def test_combien_y_a_t_il_de_asks_for_a_count(tmp_path):
    """'combien y a-t-il de factures ?' listed the invoices and gave no count, without saying so."""
    files = {"P-1.txt": invoice("P-1", "Alpha", "120 EUR", "payée"),
             "P-2.txt": invoice("P-2", "Alpha", "80 EUR", "impayée"),
             "P-3.txt": invoice("P-3", "Bêta", "300 EUR", "impayée")}
    text = ask(tmp_path, "Dans le dossier invoices, combien y a-t-il de factures ?", files)
    assert text.endswith("Nombre : 3. D'après 3 fichiers lus.")
    clients = ask(tmp_path, "Dans le dossier invoices, combien y a-t-il de clients ?", files)
    assert "Nombre de Client : 2" in clients and "Nombre : 3" not in clients


BALANCES = {"B-1.txt": "Invoice B-1\nClient: Aster\nStatus: unpaid\nAmount: 100 EUR\nPaid amount: 40 EUR\nBalance: 60 EUR\n",
            "B-2.txt": "Invoice B-2\nClient: Aster\nStatus: unpaid\nAmount: 200 EUR\nPaid amount: 0 EUR\nBalance: 200 EUR\n",
            "B-3.txt": "Invoice B-3\nClient: Iris\nStatus: paid\nAmount: 50 EUR\nPaid amount: 50 EUR\nBalance: 0 EUR\n"}


def test_what_is_owed_is_not_the_amount_when_the_records_split_it_into_paid_and_balance(tmp_path):
    """Amount = Paid amount + Balance: 'how much is owed' added up Amount (300 EUR); 260 EUR is owed."""
    for task in ["how much is owed in total?", "what is the total still due?", "how much has been paid in total?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", BALANCES)
        assert "I give no total: the records have several amounts (Amount, Paid amount and Balance)" in text, text
        assert "300" not in text and " 50 EUR" not in text, text
    text = ask(tmp_path, "In the folder invoices, what is the total balance of unpaid invoices?", BALANCES)
    assert text == "Unpaid: B-1 (Aster, 60 EUR) and B-2 (Aster, 200 EUR). Total: 260 EUR. Based on 3 files read."


def test_the_status_field_is_the_one_that_reads_as_a_status_not_the_first_named_like_one(tmp_path):
    """'Paid amount: 40 EUR' came before 'Status: unpaid' and was taken for the status: every record was unknown."""
    files = {"B-1.txt": "Invoice B-1\nClient: Aster\nAmount: 100 EUR\nPaid amount: 40 EUR\nStatus: unpaid\n",
             "B-2.txt": "Invoice B-2\nClient: Aster\nAmount: 200 EUR\nPaid amount: 0 EUR\nStatus: unpaid\n",
             "B-3.txt": "Invoice B-3\nClient: Iris\nAmount: 50 EUR\nPaid amount: 50 EUR\nStatus: paid\n"}
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid?", files)
    assert text == "Unpaid: B-1 (Aster) and B-2 (Aster). Based on 3 files read."


def test_amounts_without_a_currency_are_not_said_to_be_no_amount(tmp_path):
    """'Amount (EUR): 120': 'the records have no amount' was false; the currency in its name is read now."""
    files = {"K-1.txt": "Invoice K-1\nClient: Nova\nAmount (EUR): 120\nStatus: paid\n",
             "K-2.txt": "Invoice K-2\nClient: Orbit\nAmount (EUR): 300\nStatus: unpaid\n"}
    text = ask(tmp_path, "In the folder invoices, which invoices are over 100 EUR?", files)
    assert text.startswith("Over 100 EUR: K-1 (Nova, 120 EUR) and K-2 (Orbit, 300 EUR)."), text
    assert in_french("I cannot apply 'over 100 EUR': the records have no amount I can read") == \
        "Je ne sais pas appliquer 'over 100 EUR' : les fiches n'ont pas de montant que je sache lire"


def test_a_negated_word_that_no_value_places_is_declined_not_dropped(tmp_path):
    """'which unpaid invoices have no due date?' listed every unpaid invoice, as if 'no' were not there."""
    files = {"M-1.txt": invoice("M-1", "Delta", "100 EUR", "unpaid", "Due: 01/12/2026\n"),
             "M-4.txt": invoice("M-4", "Zeta", "400 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, which unpaid invoices have no due date?", files)
    assert text.startswith(("I could not tell which records 'date' leaves out; I give no list and no total.",
                            "I cannot select records on having 'due': M-4.txt has no Due line")) and "M-1 (" not in text


def test_how_much_each_gives_a_figure_per_client(tmp_path):
    """'which customers owe money, and how much each?' gave only the total of them all."""
    files = {"M-1.txt": "Invoice M-1\nCustomer: Delta\nAmount: 100 EUR\nStatus: unpaid\n",
             "M-2.txt": "Invoice M-2\nCustomer: Delta\nAmount: 50 EUR\nStatus: unpaid\n",
             "M-3.txt": "Invoice M-3\nCustomer: Zeta\nAmount: 400 EUR\nStatus: unpaid\n"}
    text = ask(tmp_path, "In the folder invoices, which customers owe money, and how much each?", files)
    assert "Total per client: Delta 150 EUR; Zeta 400 EUR." in text


def test_a_number_every_record_gives_is_not_a_shared_invoice_number(tmp_path):
    """'Report 2026' titles every record: that is no record's number, and no record is left out for it."""
    files = {f"day-{d}.txt": f"Report 2026\nClient: Kiosk\nAmount: {d}0 EUR\nStatus: unpaid\n" for d in (1, 2, 3)}
    text = ask(tmp_path, "In the folder invoices, what is the total of the unpaid invoices?", files)
    assert text.endswith("Total: 60 EUR. Based on 3 files read.")


def test_a_field_written_twice_the_same_way_but_for_case_is_read(tmp_path):
    files = {"Q-1.txt": invoice("Q-1", "Fox", "10 EUR", "paid", "STATUS: PAID\n"),
             "Q-2.txt": invoice("Q-2", "Fox", "20 EUR", "unpaid")}
    assert ask(tmp_path, "In the folder invoices, which invoices are paid?", files) == \
        "Paid: Q-1 (Fox, 10 EUR). Based on 2 files read."


def test_all_but_leaves_out_what_follows(tmp_path):
    """'all but Chêne's invoices' listed and totalled Chêne's invoices; 'all invoices but the paid ones', the paid ones."""
    files = {"E-1.txt": invoice("E-1", "Hêtre", "100 EUR", "paid"),
             "E-2.txt": invoice("E-2", "Chêne", "200 EUR", "unpaid"),
             "E-4.txt": invoice("E-4", "Frêne", "50 EUR", "paid")}
    text = ask(tmp_path, "In the folder invoices, what is the total of all but Chêne's invoices?", files)
    assert text == "Client not Chêne: E-1 (Hêtre, 100 EUR) and E-4 (Frêne, 50 EUR). Total: 150 EUR. Based on 3 files read."
    text = ask(tmp_path, "In the folder invoices, list all invoices but the paid ones.", files)
    assert text.startswith("I could not tell which records 'all invoices but' leaves out; I give no list and no total.")


def test_a_record_a_limit_cannot_compare_makes_the_count_and_total_partial(tmp_path):
    """'over 100 EUR' with one amount unreadable: that record may be over 100 EUR, so 'Count: 1. Total: 300 EUR.'
    was passed off as complete beside its 'not counted' note."""
    folder = tmp_path / "invoices"
    folder.mkdir()
    for number, amount in [("L-1", "300 EUR"), ("L-2", "about 200 EUR"), ("L-3", "40 EUR")]:
        (folder / f"{number}.txt").write_text(f"Invoice {number}\nClient: Quai Ouest\nAmount: {amount}\nStatus: unpaid\n")
    text = run_agent(practice_client(), "In the folder invoices, how many invoices are over 100 EUR, and what is "
                     "their total?", samples.invoice_tools(tmp_path)).answer
    assert "Count: 1." not in text and "Total: 300 EUR" not in text, text
    assert "I cannot give a complete count of the invoices: 1 listed, but L-2.txt may belong here too" in text, text


def test_a_french_heading_has_no_english_joint(tmp_path):
    """'Client not Alpha :' and 'Numéro Z-2 or Z-3 :' kept their English 'not' and 'or' in French replies."""
    folder = tmp_path / "invoices"
    folder.mkdir()
    for number, client in [("Z-2", "Alpha"), ("Z-3", "Bêta")]:
        (folder / f"{number}.txt").write_text(f"Invoice {number}\nClient: {client}\nAmount: 100 EUR\nStatus: unpaid\n")
    tools = samples.invoice_tools(tmp_path)
    text = run_agent(practice_client(), "Dans le dossier invoices, quelles factures ne sont pas de Alpha ?", tools).answer
    assert text.startswith("Client autre que Alpha : Z-3 (Bêta, 100 EUR)."), text
    text = run_agent(practice_client(), "Dans le dossier invoices, quand Z-2 et Z-3 sont-elles dues ?", tools).answer
    assert text.startswith("Numéro Z-2 ou Z-3 : Z-2 (Alpha, 100 EUR) et Z-3 (Bêta, 100 EUR)."), text


def test_a_status_word_inside_a_name_the_task_writes_in_full_is_no_status(tmp_path):
    """'list Paid Media's invoices' gave 'Paid, customer Paid Media: none' (its invoice is unpaid); 'Open Space Ltd'
    read as 'unpaid', so only its unpaid invoice was listed and totalled; in French the name became 'Payées Media'."""
    files = {"i1.json": '{"id": "J-1", "customer": "Open Space Ltd", "total": "1,500.00 USD", "paid": true}',
             "i2.json": '{"id": "J-2", "customer": "Paid Media", "total": "250.00 USD", "paid": false}',
             "i3.json": '{"id": "J-3", "customer": "Open Space Ltd", "total": "75.50 USD", "paid": false}'}
    text = ask(tmp_path, "In the folder invoices, list Paid Media's invoices.", files)
    assert text == "Customer Paid Media: J-2 (Paid Media, 250.00 USD). Based on 3 files read."
    text = ask(tmp_path, "In the folder invoices, what is the total for Open Space Ltd?", files)
    assert text.endswith("Total: 1575.50 USD. Based on 3 files read.")
    text = ask(tmp_path, "In the folder invoices, which Open Space Ltd invoices are paid?", files)
    assert text == "Paid, customer Open Space Ltd: J-1 (Open Space Ltd, 1,500.00 USD). Based on 3 files read."
    french = ask(tmp_path, "Dans le dossier invoices, quelles factures de Paid Media sont impayées ?", files)
    assert french == "Impayées, customer Paid Media : J-2 (Paid Media, 250.00 USD). D'après 3 fichiers lus."


def test_a_word_naming_a_status_value_that_is_neither_paid_nor_unpaid_is_not_dropped(tmp_path):
    """'which invoices are partially paid?' beside 'Paid: Partially' listed the fully paid ones; 'quelles factures
    impayées sont en litige ?' listed an unpaid invoice not 'en litige': the word was matched, then dropped."""
    files = {"a.txt": "INVOICE #1001\nBill to: Harbor Cafe\nTotal due: $1,250.00\nPaid: No\n",
             "b.txt": "INVOICE #1002\nBill to: Pine & Co\nTotal due: $300.00\nPaid: Yes\n",
             "c.txt": "INVOICE #1003\nBill to: Harbor Cafe\nTotal due: $80.00\nPaid: Partially\n"}
    text = ask(tmp_path, "In the folder invoices, which invoices are partially paid?", files)
    assert text.startswith("I read Paid only as paid or unpaid, so I cannot select records on 'partially'; I give no "
                           "list and no total."), text
    files = {"C-1.txt": invoice("C-1", "Alpha", "100 EUR", "en litige"),
             "C-3.txt": invoice("C-3", "Beta", "20 EUR", "impayée")}
    french = ask(tmp_path, "Dans le dossier litiges, quelles factures impayées sont en litige ?", files, "litiges")
    assert "Je ne lis Status que comme payée ou impayée : je ne sais pas choisir des fiches selon 'litige' ; je ne " \
           "donne ni liste ni total." in french and "C-3 (" not in french, french


def test_a_regler_is_read_as_unpaid_like_a_payer(tmp_path):
    """'État : à régler' (to be settled) was unknown, so every figure was partial, and 'quelles factures restent à
    régler ?' was declined as matching no field of the records, though the records say 'à régler'."""
    files = {"2026-01.md": "# Facture 2026-01\n- **Client :** Jardins d'Eva\n- **Total TTC :** 2 400,00 €\n- **État :** réglée\n",
             "2026-02.md": "# Facture 2026-02\n- **Client :** Menuiserie Roux\n- **Total TTC :** 640,00 €\n- **État :** à régler\n",
             "2026-03.md": "# Facture 2026-03\n- **Client :** Jardins d'Eva\n- **Total TTC :** 1 120,00 €\n- **État :** non payée\n"}
    text = ask(tmp_path, "Dans le dossier invoices, quelles factures restent à régler, et pour combien ?", files)
    assert text == ("Impayées : 2026-02 (Menuiserie Roux, 640,00 €) et 2026-03 (Jardins d'Eva, 1 120,00 €). "
                    "Total : 1\u202f760 EUR. D'après 3 fichiers lus."), text


def test_due_in_a_clause_without_when_is_a_status(tmp_path):
    """'how much is still due from Alpha, and when?' added up Alpha's paid invoice too (350 EUR; 100 EUR is due):
    'due' was taken for the date asked for everywhere, since the task says 'when' somewhere."""
    files = {"N-1.txt": invoice("N-1", "Alpha", "100 EUR", "unpaid", "Due: 2026-11-01\n"),
             "N-2.txt": invoice("N-2", "Alpha", "250 EUR", "paid", "Due: 2026-10-15\n"),
             "N-3.txt": invoice("N-3", "Beta", "75 EUR", "unpaid", "Due: 2026-12-01\n")}
    text = ask(tmp_path, "In the folder invoices, how much is still due from Alpha, and when?", files)
    assert text == ("Unpaid, Client Alpha: N-1 (Alpha, 100 EUR). Total: 100 EUR. When, as the records say: N-1: Due "
                    "2026-11-01. Based on 3 files read."), text
    french = ask(tmp_path, "Dans le dossier invoices, quelles factures sont dues, et quand ?", files)
    assert french.startswith("Impayées : N-1 (Alpha, 100 EUR) et N-3 (Beta, 75 EUR). Quand, selon les fiches :"), french
    assert ask(tmp_path, "In the folder invoices, when are Alpha's invoices due?", files).startswith(
        "Client Alpha: N-1 (Alpha, 100 EUR) and N-2 (Alpha, 250 EUR). When, as the records say:")


def test_an_invoice_field_gives_the_record_its_number_as_in_a_json_record(tmp_path):
    """'Invoice: INV-7' with no title line: the record was numbered by its file name ('x1'), so 'the total of INV-7
    and INV-9' was declined as numbers not found among the records read."""
    files = {"x1.txt": "Invoice: INV-7\nCustomer: Delta Corp\nTotal: 1200 EUR\nStatus: Unpaid\n",
             "x2.txt": "Invoice: INV-8\nCustomer: Echo SA\nTotal: 600 EUR\nStatus: Paid\n",
             "x3.txt": "Invoice: INV-9\nCustomer: Delta Corp\nTotal: 300 EUR\nStatus: Unpaid\n"}
    text = ask(tmp_path, "In the folder invoices, what is the total of INV-7 and INV-9?", files)
    assert text == ("Number INV-7 or INV-9: INV-7 (Delta Corp, 1200 EUR) and INV-9 (Delta Corp, 300 EUR). Total: 1500 EUR. "
                    "Based on 3 files read."), text


def test_until_and_since_take_in_the_day_they_name_and_1k_is_no_1(tmp_path):
    """'due until 05/09/2026' left out the invoice due on 05/09/2026 ('none'), 'due since 15/09/2026' the one due on
    15/09/2026; 'under 1k EUR' was read as 'under 1' ('Under 1: none')."""
    files = {"r2.txt": invoice("R-2", "Studio Malo", "850 EUR", "unpaid", "Due: 05/09/2026\n"),
             "r3.txt": invoice("R-3", "Maison Ravel", "1 000 EUR", "unpaid", "Due: 20/09/2026\n"),
             "r4.txt": invoice("R-4", "Studio Malo", "400 EUR", "unpaid", "Due: 15/09/2026\n")}
    text = ask(tmp_path, "In the folder invoices, list invoices due until 05/09/2026.", files)
    assert text == "Due until 05/09/2026: R-2 (Studio Malo, 850 EUR). Based on 3 files read.", text
    text = ask(tmp_path, "In the folder invoices, list invoices due since 15/09/2026.", files)
    assert text.startswith("Due since 15/09/2026: R-3 (Maison Ravel, 1 000 EUR) and R-4 (Studio Malo, 400 EUR)."), text
    text = ask(tmp_path, "In the folder invoices, which invoices are under 1k EUR?", files)
    assert text.startswith("I cannot apply the condition 'under 1k EUR'"), text


def test_by_when_asks_for_the_due_date(tmp_path):
    """'what does Alpha still owe, and by when?' looked for a date in the status ('its Status gives no date I can
    read, so I could not say when') beside a Due line: 'by when', 'pour quand' ask for a deadline."""
    files = {"N-1.txt": invoice("N-1", "Alpha", "100 EUR", "unpaid", "Due: 2026-11-01\n"),
             "N-2.txt": invoice("N-2", "Alpha", "250 EUR", "paid", "Due: 2026-10-15\n"),
             "N-3.txt": invoice("N-3", "Beta", "75 EUR", "unpaid", "Due: 2026-12-01\n")}
    text = ask(tmp_path, "In the folder invoices, what does Alpha still owe, and by when?", files)
    assert text == ("Unpaid, Client Alpha: N-1 (Alpha, 100 EUR). When, as the records say: N-1: Due 2026-11-01. "
                    "Based on 3 files read."), text
    french = ask(tmp_path, "Dans le dossier invoices, combien Alpha doit-il encore, et pour quand ?", files)
    assert "Quand, selon les fiches : N-1 : Due 2026-11-01." in french, french


def test_a_bound_without_a_currency_is_not_applied_across_currencies(tmp_path):
    """'over 1000' beside EUR and CHF amounts listed 'CHF 1500' as over 1000: 1000 of which currency is not said."""
    files = {"a.txt": invoice("A-1", "Alpha", "1.200,00 €", "impayée"),
             "c.txt": invoice("C-1", "Alpha", "CHF 1500", "impayée"),
             "d.txt": invoice("D-1", "Gamma", "300 EUR", "payée")}
    text = ask(tmp_path, "In the folder invoices, which invoices are over 1000?", files)
    assert text.startswith("I cannot apply 'over 1000': the amounts are in several currencies."), text
    text = ask(tmp_path, "In the folder invoices, which invoices are over 1000 EUR?", files)
    assert text.startswith("Over 1000 EUR: A-1 (Alpha, 1.200,00 €), as far as I can tell."), text


def test_a_field_an_item_lacks_is_said_in_french(tmp_path):
    """'A-5 (70 EUR, no Client line)' stayed English in a French reply; the note on a record without the status
    line is French as before."""
    files = {"a.txt": invoice("A-1", "Alpha", "100 EUR", "impayée"),
             "b.txt": invoice("A-2", "Beta", "200 EUR", "payée"),
             "e.txt": "Facture A-5\nAmount: 70 EUR\nStatus: impayée\n",
             "f.txt": "Facture A-6\nClient: Beta\nAmount: 20 EUR\n"}
    text = ask(tmp_path, "Dans le dossier invoices, total impayé par client ?", files)
    assert "A-5 (70 EUR, pas de ligne Client)" in text and " line" not in text, text
    assert "f.txt n'a pas de ligne Status : je ne sais pas si elle est impayée ; non comptée." in text, text


def test_et_combien_counted_is_not_said_to_be_unanswered(tmp_path):
    """'quelles factures sont impayées et combien ?' gave 'Nombre : 2.', then 'Je n'ai pas répondu à 'combien''."""
    files = {"a.txt": invoice("A-1", "Alpha", "100 EUR", "impayée"),
             "b.txt": invoice("A-2", "Beta", "200 EUR", "payée"),
             "c.txt": invoice("A-3", "Alpha", "300 EUR", "impayée")}
    text = ask(tmp_path, "Dans le dossier invoices, quelles factures sont impayées et combien ?", files)
    assert text == "Impayées : A-1 (Alpha, 100 EUR) et A-3 (Alpha, 300 EUR). Nombre : 2. D'après 3 fichiers lus.", text


def test_a_file_holding_several_records_is_not_read_as_one(tmp_path):
    """Two invoices in one file gave 'Unpaid: A-1 (Alpha; Beta)', A-2 dropped; a JSON list of invoices beside one
    invoice file gave 'Total: 50 EUR' as complete, the list's 300 EUR left out."""
    files = {"all.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid") + "\n" + invoice("A-2", "Beta", "200 EUR", "unpaid"),
             "b.txt": invoice("B-1", "Gamma", "50 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid, and what is their total?", files)
    assert text.startswith("Unpaid: B-1 (Gamma, 50 EUR), as far as I can tell. I cannot give a complete total of the "
                           "invoices: the one listed comes to 50 EUR, but all.txt may belong here too"), text
    assert ("all.txt holds more than one record ('Invoice A-1' and 'Invoice A-2'); I read one record per file, or one "
            "per row of a plain table") in text
    files = {"a.json": '[{"id": "A-1", "amount": "100 EUR", "status": "unpaid"}, {"id": "A-2", "amount": "200 EUR", '
                       '"status": "unpaid"}]', "b.json": '{"id": "B-1", "amount": "50 EUR", "status": "unpaid"}'}
    french = ask(tmp_path, "Dans le dossier json, quel est le total impayé ?", files, "json")
    assert french == ("Impayées : A-1 (100 EUR), A-2 (200 EUR) et B-1 (50 EUR). Total impayé : 350 EUR. D'après 2 "
                      "fichiers lus."), french  # a list of flat records is read, a record an item
    files = {"a.txt": "Invoice A-1\nClient: Alpha\nAmount: 100 EUR\nStatus: unpaid\nInvoice A-1 is payable by transfer.\n",
             "c.txt": "# Invoice A-3\n\n| Field | Value |\n|---|---|\n| Client | Gamma |\n| Amount | 300 EUR |\n| Status | unpaid |\n"}
    text = ask(tmp_path, "In the folder tables, what is the total of the unpaid invoices?", files, "tables")
    assert text.startswith("Unpaid: A-1 (Alpha, 100 EUR), as far as I can tell. I cannot give a complete total of the "
                           "invoices: the one listed comes to 100 EUR, but c.txt may belong here too"), text


def test_a_range_of_numbers_is_declined_not_read_as_its_two_ends(tmp_path):
    """'the total of invoices 2026-001 to 2026-003' added up the two ends (400 EUR), 2026-002 left out."""
    files = {f"{n}.txt": invoice(f"2026-00{n}", "Alpha", f"{n}00 EUR", "unpaid") for n in (1, 2, 3)}
    text = ask(tmp_path, "In the folder invoices, what is the total of invoices 2026-001 to 2026-003?", files)
    assert text.startswith("I cannot take a range of numbers ('2026-001 to 2026-003'): I select only the numbers the "
                           "task names."), text
    french = ask(tmp_path, "Dans le dossier invoices, quel est le total des factures 2026-001 à 2026-003 ?", files)
    assert "Je ne sais pas prendre une plage de numéros ('2026-001 à 2026-003') : je ne choisis que les numéros que " \
           "la demande nomme" in french and "400" not in french, french


def test_when_was_it_paid_reads_a_payment_date(tmp_path):
    """'when were they paid?' said 'its Status gives no date I can read' beside a 'Payment date: 02/08/2026' line."""
    files = {"a.txt": "Invoice A-1\nClient: Alpha\nAmount: 100 EUR\nPayment date: 02/08/2026\nStatus: paid\n",
             "b.txt": "Invoice A-2\nClient: Beta\nAmount: 200 EUR\nPayment date: none\nStatus: unpaid\n"}
    text = ask(tmp_path, "In the folder invoices, which invoices are paid, and when were they paid?", files)
    assert text == ("Paid: A-1 (Alpha, 100 EUR). When, as the records say: A-1: Payment date 02/08/2026. "
                    "Based on 2 files read."), text
    french = ask(tmp_path, "Dans le dossier invoices, quand la facture A-1 a-t-elle été payée ?", files)
    assert "Quand, selon les fiches : A-1 : Payment date 02/08/2026." in french, french


def test_a_word_close_to_a_value_but_not_written_as_it_is_not_dropped(tmp_path):
    """'what do the studios owe?' listed every unpaid invoice, 'Malo & Fils' too: 'studios' was placed by its stem
    ('Studio Malo') but matched no value as written, so it selected nothing and was dropped."""
    files = {"a.txt": invoice("A-1", "Studio Malo", "100 EUR", "unpaid"),
             "b.txt": invoice("A-2", "Studio Kelp", "200 EUR", "unpaid"),
             "c.txt": invoice("A-3", "Malo & Fils", "300 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what do the studios owe?", files)
    assert text.startswith("I could not tell which records 'studios' names: no value of the records is written that "
                           "way; I give no list and no total."), text
    french = ask(tmp_path, "Dans le dossier invoices, que doivent les studios ?", files)
    assert "Je ne sais pas quelles fiches 'studios' désigne : aucune valeur des fiches ne s'écrit ainsi" in french, french


def test_a_first_question_without_a_status_is_not_answered_over_the_status_of_the_second(tmp_path):
    """'how many invoices are there, and which are unpaid?' gave 'Count: 1' (3 invoices are there); 'what is Alpha's
    total, and how much of it is unpaid?' gave only the unpaid total: the first question was read with the second's
    status, or dropped."""
    files = {"a.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid"),
             "b.txt": invoice("A-2", "Beta", "200 EUR", "paid"),
             "c.txt": invoice("A-3", "Alpha", "300 EUR", "paid")}
    text = ask(tmp_path, "In the folder invoices, how many invoices are there, and which are unpaid?", files)
    assert text.startswith("I cannot tell whether 'how many invoices are there' asks about every record or only the "
                           "unpaid ones, so I give no list and no total; ask one question at a time."), text
    text = ask(tmp_path, "In the folder invoices, what is Alpha's total, and how much of it is unpaid?", files)
    assert "Total: 100 EUR" not in text and text.startswith("I cannot tell whether"), text
    french = ask(tmp_path, "Dans le dossier invoices, combien de factures y a-t-il, et lesquelles sont impayées ?", files)
    assert "Je ne sais pas si 'combien de factures y a-t-il' porte sur toutes les fiches ou seulement les impayées" in french
    assert ask(tmp_path, "In the folder invoices, which invoices are unpaid, and how many are there?", files) == \
        "Unpaid: A-1 (Alpha, 100 EUR). Count: 1. Based on 3 files read."


def test_the_due_dates_of_every_record_are_read_not_said_to_match_no_field(tmp_path):
    """'what are the due dates?' beside 'Due:' lines said 'No field of the records matches the words of the task'."""
    files = {"a.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid", "Due: 01/10/2026\n"),
             "b.txt": invoice("A-2", "Beta", "200 EUR", "paid", "Due: 15/10/2026\n")}
    text = ask(tmp_path, "In the folder invoices, what are the due dates?", files)
    assert text == ("Records: A-1 (Alpha, 100 EUR) and A-2 (Beta, 200 EUR). When, as the records say: A-1: Due "
                    "01/10/2026; A-2: Due 15/10/2026. Based on 2 files read."), text
    french = ask(tmp_path, "Dans le dossier invoices, quand les factures sont-elles dues ?", files)
    assert "Quand, selon les fiches : A-1 : Due 01/10/2026 ; A-2 : Due 15/10/2026." in french, french
    text = ask(tmp_path, "In the folder invoices, which invoices have a due date?", files)
    assert not text.startswith("Records:"), text  # not every record: a neighbouring list is no answer


def test_a_quelle_date_asks_when(tmp_path):
    """'à quelle date chaque facture est-elle due ?' gave the paid and unpaid lists, the date asked for dropped."""
    files = {"a.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid", "Due: 01/10/2026\n"),
             "b.txt": invoice("A-2", "Beta", "200 EUR", "paid", "Due: 15/10/2026\n")}
    text = ask(tmp_path, "Dans le dossier invoices, à quelle date chaque facture est-elle due ?", files)
    assert text == ("Fiches : A-1 (Alpha, 100 EUR) et A-2 (Beta, 200 EUR). Quand, selon les fiches : A-1 : Due 01/10/2026 "
                    "; A-2 : Due 15/10/2026. D'après 2 fichiers lus."), text


def test_a_french_decline_names_the_word_written_not_its_english_term(tmp_path):
    """'quel jour la facture A-1 est-elle due ?' was declined as 'Je n'ai pas pu rattacher 'day'': a word never written."""
    files = {"a.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid", "Due: 01/10/2026\n"),
             "b.txt": invoice("A-2", "Beta", "200 EUR", "paid", "Due: 15/10/2026\n")}
    text = ask(tmp_path, "Dans le dossier invoices, quel jour la facture A-1 est-elle due ?", files)
    assert "Je n'ai pas pu rattacher 'jour' aux fiches lues" in text and "'day'" not in text, text


def test_an_amount_field_the_task_names_is_added_up_or_the_decline_says_why(tmp_path):
    """'how much VAT' names the VAT field: its total, never 'the task does not say which one'; 'total amount' with
    Amount and Discount may mean either or Amount less Discount: declined, naming the word it could not place."""
    vat = {f"V-{n}.txt": f"Invoice V-{n}\nClient: C{n}\nNet: {net} EUR\nVAT: {net // 5} EUR\nTotal: {net * 6 // 5} EUR\n"
           f"Status: {status}\n" for n, (net, status) in enumerate([(1000, "unpaid"), (200, "paid"), (300, "unpaid")], 1)}
    for task in ("In the folder invoices, what is the total VAT of unpaid invoices?",
                 "In the folder invoices, how much VAT is there on the unpaid invoices?"):
        assert "Total: 260 EUR." in ask(tmp_path, task, vat)
    discount = {f"D-{n}.txt": invoice(f"D-{n}", f"C{n}", f"{a} EUR", status, f"Discount: {a // 10} EUR\n")
                for n, (a, status) in enumerate([(1000, "unpaid"), (300, "unpaid")], 1)}
    (tmp_path / "other").mkdir()
    text = ask(tmp_path / "other", "In the folder invoices, what is the total amount of unpaid invoices?", discount)
    assert ("I give no total: the records have several amounts (Amount and Discount) and I cannot tell which one the "
            "task means by 'amount', or whether it means a figure worked out from them.") in text
    french = ask(tmp_path / "other", "Dans le dossier invoices, quel est le montant total des factures impayées ?", discount)
    assert "je ne sais pas lequel la demande désigne par 'montant'" in french


def test_a_record_whose_status_is_plainly_read_is_no_doubt_for_another_status(tmp_path):
    """'which are cancelled?': a plainly paid or unpaid record is not cancelled; one whose status cannot be read
    ('paid 50%') may be, and is named as such."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid"),
             "A-3.txt": invoice("A-3", "Gamma", "300 EUR", "cancelled")}
    text = ask(tmp_path, "In the folder invoices, which invoices are cancelled?", files)
    assert text.startswith("Status cancelled: A-3 (Gamma, 300 EUR). Based on 3 files read.")
    files["A-4.txt"] = invoice("A-4", "Delta", "50 EUR", "paid 50%")
    text = ask(tmp_path / "invoices", "In the folder invoices, which invoices are cancelled?", files)
    assert "A-4.txt may belong here too: I could not classify it" in text and "A-1.txt" not in text


def test_without_a_value_leaves_it_out_as_except_does(tmp_path):
    """'without Alpha' is read as 'except Alpha' (it was declined, 'without' unplaced)."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid"),
             "A-3.txt": invoice("A-3", "Gamma", "300 EUR", "paid")}
    text = ask(tmp_path, "In the folder invoices, what is the total of unpaid invoices without Alpha?", files)
    assert text.startswith("Unpaid, Client not Alpha: A-2 (Beta, 200 EUR). Total: 200 EUR.")


def test_which_file_is_answered_with_the_file(tmp_path):
    """'which file has the largest invoice?' asks for a file: each item names its file (it gave only the number)."""
    files = {"march.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "april.txt": invoice("A-2", "Beta", "300 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, which file has the largest invoice?", files)
    assert text.startswith("Largest: A-2 (april.txt, Beta, 300 EUR).")
    assert "A-1 (march.txt, Alpha, 100 EUR)" in ask(tmp_path / "invoices", "In the folder invoices, what file is A-1 in?", files)


def test_a_french_second_count_of_the_others_is_answered(tmp_path):
    """'combien sont payées et combien ne le sont pas ?' asks two counts: it gave the paid ones only, silently."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid"),
             "A-4.txt": invoice("A-4", "Alpha", "50 EUR", "unpaid")}
    text = ask(tmp_path, "Dans le dossier invoices, combien de factures sont payées et combien ne le sont pas ?", files)
    assert "Nombre de payées : 1." in text and "Nombre d'impayées : 2." in text


def test_two_amount_fields_named_get_no_total_of_one_of_them(tmp_path):
    """'the total VAT and net' names two fields: it gave the Net total alone, labelled 'Total'."""
    files = {f"V-{n}.txt": f"Invoice V-{n}\nClient: C{n}\nNet: {net} EUR\nVAT: {net // 5} EUR\nTotal: {net * 6 // 5} EUR\n"
             f"Status: unpaid\n" for n, net in enumerate([1000, 300], 1)}
    text = ask(tmp_path, "In the folder invoices, what is the total VAT and net of unpaid invoices?", files)
    assert "I give no total: the task names more than one amount (Net and VAT); I add up one at a time." in text
    assert "1300" not in text


def test_having_a_field_some_records_lack_is_no_filter_left_out(tmp_path):
    """'which unpaid invoices have VAT?' listed an unpaid invoice with no VAT line: declined, naming it."""
    files = {"V-1.txt": "Invoice V-1\nClient: Alpha\nNet: 1000 EUR\nVAT: 200 EUR\nTotal: 1200 EUR\nStatus: unpaid\n",
             "V-2.txt": "Invoice V-2\nClient: Beta\nNet: 500 EUR\nTotal: 500 EUR\nStatus: unpaid\n"}
    text = ask(tmp_path, "In the folder invoices, which unpaid invoices have VAT?", files)
    assert text.startswith("I cannot select records on having 'VAT': V-2.txt has no VAT line, and I select on the "
                           "values written; I give no list and no total.")


def test_which_files_are_unpaid_is_no_listing_of_the_folder(tmp_path):
    """'which files are unpaid?' and 'how many files are unpaid?' were answered with the whole listing ('holds 3 files')."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid"),
             "A-4.txt": invoice("A-4", "Alpha", "50 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, how many files are unpaid?", files)
    assert "Count: 2." in text and "holds 3 files" not in text
    text = ask(tmp_path / "invoices", "In the folder invoices, which files are unpaid?", files)
    assert text.startswith("Unpaid: A-2 (A-2.txt, Beta, 200 EUR) and A-4 (A-4.txt, Alpha, 50 EUR).")


def test_amount_and_another_field_joined_by_and_get_no_total_of_one(tmp_path):
    """'the total amount and balance' names two fields: it gave the Balance total alone, labelled 'Total'."""
    files = {f"P-{n}.txt": f"Invoice P-{n}\nClient: Alpha\nAmount: {a} EUR\nPaid amount: {p} EUR\nBalance: {a - p} EUR\n"
             f"Status: {status}\n" for n, (a, p, status) in enumerate([(1000, 1000, "paid"), (300, 0, "unpaid")], 1)}
    text = ask(tmp_path, "In the folder invoices, what is the total amount and balance of Alpha's invoices?", files)
    assert "I give no total: the task names more than one amount" in text and "Total: 300 EUR" not in text


def test_a_status_to_come_is_not_answered_with_the_status_now(tmp_path):
    """'which invoices will we get paid for?' listed the invoice already paid; 'how much will Alpha owe?' gave what it owes now."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "In the folder invoices, which invoices will we get paid for?", files)
    assert text.startswith("I cannot answer 'will we get paid': the records say what is, not what would be"), text
    text = ask(tmp_path / "invoices", "In the folder invoices, how much will Alpha owe?", files)
    assert text.startswith("I cannot answer 'will Alpha owe'") and "50 EUR" not in text, text
    assert ask(tmp_path / "invoices", "Will you list the unpaid invoices in the folder invoices?", files).startswith("Unpaid: A-2")


def test_due_before_a_date_beside_a_paid_invoice_is_no_total_owed(tmp_path):
    """'how much is due before 2026-12-01?' added up a paid invoice with the unpaid one ('Total: 300 EUR'): declined."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid on 2026-10-02", "Due: 2026-10-15\n"),
             "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid", "Due: 2026-11-15\n"),
             "A-3.txt": invoice("A-3", "Gamma", "300 EUR", "unpaid", "Due: 2026-12-01\n")}
    text = ask(tmp_path, "In the folder invoices, how much is due before 2026-12-01?", files)
    assert text.startswith("I cannot tell whether 'due before 2026-12-01' asks about every record or only the unpaid ones"), text
    assert "300 EUR" not in text
    text = ask(tmp_path / "invoices", "In the folder invoices, which unpaid invoices are due before 2026-12-01?", files)
    assert text == "Unpaid, due before 2026-12-01: A-2 (Beta, 200 EUR). Based on 3 files read.", text


def test_a_payment_written_in_another_field_leaves_the_status_unsure(tmp_path):
    """'Status: unpaid' beside 'Note: deposit of 400 EUR received': 'how much is still owed?' said 'Total: 1300 EUR'."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "1000 EUR", "unpaid", "Note: deposit of 400 EUR received\n"),
             "A-2.txt": invoice("A-2", "Beta", "300 EUR", "unpaid", "Note: none\n"),
             "A-3.txt": invoice("A-3", "Gamma", "500 EUR", "paid", "Note: paid by card on 02/10/2026\n")}
    text = ask(tmp_path, "In the folder invoices, how much is still owed?", files)
    assert "1300" not in text and "A-1.txt may belong here too" in text, text
    text = ask(tmp_path / "invoices", "In the folder invoices, which invoices are paid?", files)
    assert text.startswith("Paid: A-3 (Gamma, 500 EUR), as far as I can tell."), text


def test_a_credit_note_is_not_counted_as_an_invoice_owed(tmp_path):
    """A 'Credit note CN-1 ... Status: unpaid' was added to what Alpha owes ('Total: 1200 EUR') and counted as an invoice."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "1000 EUR", "unpaid"), "A-2.txt": invoice("A-2", "Beta", "300 EUR", "unpaid"),
             "CN-1.txt": "Credit note CN-1\nClient: Alpha\nAmount: 200 EUR\nStatus: unpaid\n"}
    text = ask(tmp_path, "In the folder invoices, how much does Alpha owe?", files)
    assert "1200" not in text and "CN-1.txt may belong here too" in text, text
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid?", files)  # not "Status 'unpaid (Credit note CN-1)'"
    assert "CN-1.txt is a credit note (heading 'Credit note CN-1'), not a bill; it is not counted." in text, text
    text = ask(tmp_path / "invoices", "In the folder invoices, how many invoices does Alpha have?", files)
    assert "Count: 2" not in text and "CN-1.txt may belong here too" in text, text


def test_how_much_vat_is_not_answered_with_the_amount_incl_vat(tmp_path):
    """'how much VAT is in the unpaid invoices?' over 'Amount incl. VAT' lines gave the amounts' total ('Total: 1850 EUR')."""
    files = {"A-1.txt": "Invoice A-1\nClient: Alpha\nAmount incl. VAT: 850 EUR\nStatus: unpaid\n",
             "A-2.txt": "Invoice A-2\nClient: Beta\nAmount incl. VAT: 1000 EUR\nStatus: unpaid\n"}
    text = ask(tmp_path, "In the folder invoices, how much VAT is in the unpaid invoices?", files)
    assert text.startswith("I could not relate 'vat' to the records read") and "1850" not in text, text
    text = ask(tmp_path / "invoices", "In the folder invoices, what is the total incl. VAT of the unpaid invoices?", files)
    assert "Total: 1850 EUR." in text, text


def test_clients_spelled_in_two_cases_get_no_figure_per_client(tmp_path):
    """'Alpha' and 'ALPHA' were two clients per client ('Alpha 1200 EUR; ALPHA 850.50 EUR') though one in a selection."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "1200 EUR", "unpaid"), "A-2.txt": invoice("A-2", "ALPHA", "850 EUR", "unpaid"),
             "A-3.txt": invoice("A-3", "Beta", "300 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what is the total per client?", files)
    assert "I could not break it down ('per client')" in text and "Alpha 1200 EUR" not in text, text
    text = ask(tmp_path / "invoices", "In the folder invoices, how many clients are there?", files)
    assert "I did not count 'clients'" in text and "Client count: 3" not in text, text


def test_a_french_combien_is_answered_or_named(tmp_path):
    """'combien sont impayées ?' got the list without its count, 'combien Alpha a payé ?' the list without a word on 'combien'."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "Dans le dossier invoices, combien sont impayées ?", files)
    assert "Nombre : 2." in text, text
    text = ask(tmp_path / "invoices", "Dans le dossier invoices, combien Alpha a payé ?", files)
    assert "Payées, Client Alpha : A-1 (Alpha, 100 EUR). Total : 100 EUR." in text, text  # answered, not named


def test_a_list_asked_in_an_order_is_not_given_in_file_order(tmp_path):
    """'list the unpaid invoices by amount' (or 'by due date') gave them in file order, the order asked silently dropped."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "300 EUR", "unpaid", "Due: 15/10/2026\n"),
             "A-2.txt": invoice("A-2", "Beta", "50 EUR", "unpaid", "Due: 20/09/2026\n")}
    for task in ["In the folder invoices, list the unpaid invoices by amount.",
                 "In the folder invoices, list the unpaid invoices by due date."]:
        text = ask(tmp_path, task, files)
        assert text.startswith("I cannot apply the condition 'by "), text
        tmp_path = tmp_path / "invoices"


def test_a_quote_or_a_receipt_among_invoices_is_not_counted_as_one(tmp_path):
    """A 'Quote Q-1 ... Status: pending' was added to what Alpha owes ('Total: 600 EUR'), a 'Receipt R-1' counted as paid."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid"),
             "Q-1.txt": "Quote Q-1\nClient: Alpha\nAmount: 500 EUR\nStatus: pending\n",
             "R-1.txt": "Receipt R-1\nClient: Beta\nAmount: 200 EUR\nStatus: paid\n"}
    text = ask(tmp_path, "In the folder invoices, how much does Alpha owe?", files)
    assert "600" not in text and "Q-1.txt may belong here too" in text, text
    text = ask(tmp_path / "invoices", "In the folder invoices, how many invoices are paid?", files)
    assert "Count: 1" not in text and "R-1.txt may belong here too" in text, text


def test_subfolders_are_never_left_out_silently(tmp_path):
    """Beside 'paid/', 'unpaid/' and '2025/', the unpaid total was read from 'unpaid/' alone ('Total: 200 EUR'), or
    from the folder's own files alone: each subfolder not read is now named, and no figure passes for complete."""
    for sub, (number, client, amount, status) in {"paid": ("P-1", "Alpha", "100 EUR", "paid"),
                                                 "unpaid": ("U-1", "Beta", "200 EUR", "unpaid"),
                                                 "2025": ("O-1", "Gamma", "300 EUR", "unpaid")}.items():
        (tmp_path / "invoices" / sub).mkdir(parents=True)
        (tmp_path / "invoices" / sub / f"{number}.txt").write_text(invoice(number, client, amount, status))
    text = ask(tmp_path, "In the folder invoices, what is the total of unpaid invoices?", {"T-1.txt": invoice("T-1", "Delta", "50 EUR", "unpaid")})
    assert "Total: " not in text and "invoices/2025/, invoices/paid/ and invoices/unpaid/ may belong here too" in text, text


def test_a_listing_names_the_subfolders_it_did_not_list(tmp_path):
    """'how many files are there?' beside subfolders answered 'holds 1 files: T-1.txt.', the subfolders left unsaid."""
    (tmp_path / "invoices" / "2025").mkdir(parents=True)
    (tmp_path / "invoices" / "2025" / "O-1.txt").write_text(invoice("O-1", "Gamma", "300 EUR", "unpaid"))
    text = ask(tmp_path, "In the folder invoices, how many files are there?", {"T-1.txt": invoice("T-1", "Delta", "50 EUR", "unpaid")})
    assert text == "The folder 'invoices' holds 1 file: T-1.txt, and 1 subfolder I did not list: 2025/.", text


def test_a_count_out_of_all_is_no_count_and_money_total(tmp_path):
    """'how many invoices are unpaid out of the total?' asks a share: it gave 'Count: 2. Total: 250 EUR.' instead."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "In the folder invoices, how many invoices are unpaid out of the total?", files)
    assert text.startswith("I cannot compare ('out of the total')"), text
    text = ask(tmp_path / "invoices", "Dans le dossier invoices, combien de factures sont impayées sur le total ?", files)
    assert "Je ne sais pas comparer ('sur le total')" in text, text


def test_due_dates_written_out_are_no_question_of_which_field(tmp_path):
    """Over 'Due: 15 October 2026', 'due before 01/11/2026' was declined as 'I cannot tell which date field ... it means'."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid", "Due: 15 October 2026\n"),
             "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid", "Due: 3 November 2026\n")}
    text = ask(tmp_path, "In the folder invoices, which invoices are due before 01/11/2026?", files)
    assert text.startswith("I cannot apply the condition 'due before 01/11/2026': the records write their dates in words"), text


def test_what_we_owe_a_client_is_not_what_the_client_owes(tmp_path):
    """'how much do we owe Alpha?' over invoices billed to 'Client: Alpha' answered what Alpha owes ('Total: 50 EUR')."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-3.txt": invoice("A-3", "Alpha", "50 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, how much do we owe Alpha?", files)
    assert text.startswith("I could not relate 'we owe Alpha' to the records read") and "50 EUR" not in text, text
    text = ask(tmp_path / "invoices", "Dans le dossier invoices, combien dois-je à Alpha ?", files)
    assert "Je n'ai pas pu rattacher 'dois-je à Alpha'" in text and "50 EUR" not in text, text
    assert "Total: 50 EUR." in ask(tmp_path / "invoices" / "invoices", "In the folder invoices, how much am I owed by Alpha?", files)


def test_not_due_yet_and_not_paid_in_full_are_neither_paid_nor_unpaid(tmp_path):
    """'Status: not due yet' was read as paid (a negated 'due'), 'not paid in full' as wholly unpaid (its full amount owed)."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "not due yet"),
             "A-3.txt": invoice("A-3", "Gamma", "300 EUR", "not paid in full"), "A-4.txt": invoice("A-4", "Delta", "40 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what is the total of paid invoices?", files)
    assert "Total: 300 EUR" not in text and "A-2.txt and A-3.txt may belong here too" in text, text
    text = ask(tmp_path / "invoices", "In the folder invoices, how much is owed?", files)
    assert "340" not in text and "A-2.txt and A-3.txt may belong here too" in text, text


def test_a_figure_per_status_is_one_figure_per_status(tmp_path):
    """'how many invoices are there per status?' answered one 'Count: 3.', 'the total per status' one 'Total: 350 EUR.'."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "In the folder invoices, how many invoices are there per status?", files)
    assert "Count paid: 1." in text and "Count unpaid: 2." in text and "Count: 3" not in text, text
    text = ask(tmp_path / "invoices", "Dans le dossier invoices, quel est le total par statut ?", files)
    assert "Total payé : 100 EUR." in text and "Total impayé : 250 EUR." in text, text


def test_a_breakdown_it_does_not_make_is_named(tmp_path):
    """'how many invoices per currency?' answered one 'Count: 3.', the breakdown silently dropped."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 USD", "unpaid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid"),
             "A-3.txt": invoice("A-3", "Beta", "50 EUR", "paid")}
    text = ask(tmp_path, "In the folder invoices, how many invoices per currency?", files)
    assert "I did not answer 'per currency'." in text, text


def test_a_json_invoice_no_is_the_records_number(tmp_path):
    """JSON records numbered under 'invoice_no' got their file's name as number: 'is J-3 paid?' said 'I could not find J-3'."""
    files = {"a.json": '{"invoice_no": "J-1", "customer": "Alpha", "amount": "100 EUR", "paid": false}',
             "c.json": '{"invoice_no": "J-3", "customer": "Gamma", "amount": "40 EUR", "paid": true}'}
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid?", files)
    assert text.startswith("Unpaid: J-1 (Alpha, 100 EUR)."), text
    assert "I could not find" not in ask(tmp_path / "invoices", "In the folder invoices, is J-3 paid?", files)


def test_an_amount_without_a_currency_is_shown_when_asked(tmp_path):
    """'what is the amount of A-1?' over 'Amount: 100' (no currency) answered 'Number A-1: A-1 (Alpha).', the amount dropped."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100", "unpaid"), "A-2.txt": invoice("A-2", "Beta", "200", "paid")}
    text = ask(tmp_path, "In the folder invoices, what is the amount of A-1?", files)
    assert text.startswith("Number A-1: A-1 (Alpha, Amount '100')."), text


def test_par_a_client_named_in_the_records_is_no_breakdown_left_unanswered(tmp_path):
    """'le total payé par Alpha' gave Alpha's total, then 'Je n'ai pas répondu à 'par Alpha'', a part it answered."""
    files = {"F-1.txt": "Facture F-1\nClient : Alpha\nMontant : 1 200,00 €\nStatut : payée\n",
             "F-2.txt": "Facture F-2\nClient : Bêta\nMontant : 350,50 €\nStatut : impayée\n"}
    text = ask(tmp_path, "Dans le dossier invoices, quel est le total payé par Alpha ?", files)
    assert text.startswith("Payées, Client Alpha : F-1 (Alpha, 1 200,00 €). Total : 1\u202f200 EUR.") and "par Alpha" not in text, text
    text = ask(tmp_path / "invoices", "Dans le dossier invoices, quel est le montant restant dû par Bêta ?", files)
    assert "Total : 350,50 EUR." in text and "par Bêta" not in text, text


def test_a_request_then_a_question_naming_a_client_is_not_one_narrowed_list(tmp_path):
    """'list the unpaid invoices. Are any of them from Alpha?' gave only Alpha's ('Unpaid, Client Alpha: A-3'), and
    'give me the total owed. How much of it is Alpha's?' called Alpha's 50 EUR 'Total owed': the first request dropped."""
    files = dict(ALPHA_BETA)
    for task in ["list the unpaid invoices. Are any of them from Alpha?", "give me the total owed. How much of it is Alpha's?",
                 "show me the unpaid invoices, and tell me which is Beta's.", "show unpaid invoices and Alpha's paid ones."]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert text.startswith("I cannot tell whether") and "A-3 (" not in text, text
    text = ask(tmp_path, "In the folder invoices, list the unpaid invoices and tell me their total.", files)
    assert text.startswith("Unpaid: A-2 (Beta, 200 EUR) and A-3 (Alpha, 50 EUR). Total: 250 EUR."), text


def test_a_first_request_for_every_invoice_is_not_narrowed_to_the_status_asked_next(tmp_path):
    """'list the invoices and tell me which are paid' gave the paid one alone, every other invoice dropped, and 'what
    invoices are there and which are paid?' added 'I did not answer 'which are paid'', the part it did answer."""
    files = dict(ALPHA_BETA)
    for task in ["list the invoices and tell me which are paid.", "what invoices are there and which are paid?",
                 "list every invoice; which ones are still unpaid?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert text.startswith("Paid: A-1 (Alpha, 100 EUR). Unpaid: A-2 (Beta, 200 EUR) and A-3 (Alpha, 50 EUR)."), text
        assert "I did not answer" not in text, text
    text = ask(tmp_path, "In the folder invoices, which invoices does Alpha have, and which are unpaid?", files)
    assert text.startswith("Paid, Client Alpha: A-1 (Alpha, 100 EUR). Unpaid, Client Alpha: A-3 (Alpha, 50 EUR)."), text
    text = ask(tmp_path, "Dans le dossier invoices, liste les factures, et quelles sont payées ?", files)
    assert text.startswith("Payées : A-1 (Alpha, 100 EUR). Impayées : A-2 (Beta, 200 EUR) et A-3 (Alpha, 50 EUR)."), text


def test_a_total_for_each_of_two_clients_is_given_per_client(tmp_path):
    """'what is Alpha's total and Beta's total?' (and 'the total for Alpha, and for Beta') gave one 'Total: 350 EUR.'."""
    files = {**ALPHA_BETA, "A-4.txt": invoice("A-4", "Gamma", "400 EUR", "unpaid")}
    for task in ["what is Alpha's total and Beta's total?", "what's the total for Alpha, and for Beta?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert "Total per client: Alpha 150 EUR; Beta 200 EUR." in text, text
    text = ask(tmp_path, "In the folder invoices, how many invoices do Alpha and Gamma have?", files)
    assert "Count: 3." in text and "Count per client: Alpha 2; Gamma 1." in text, text


def test_a_later_question_for_a_field_every_item_shows_is_not_said_to_be_unanswered(tmp_path):
    """'which invoices are unpaid, and what are their clients?' listed each with its client, then said 'I did not
    answer 'what are their clients''; 'what are their numbers' likewise."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid")}
    for task in ["which invoices are unpaid, and what are their clients?", "which invoices are unpaid and what are their numbers?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert text.startswith("Unpaid: A-2 (Beta, 200 EUR).") and "I did not answer" not in text, text
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid, and what are their clients' addresses?", files)
    assert "I did not answer" in text or text.startswith("I could not"), text


def test_a_figure_asked_beside_a_rank_is_not_the_ranked_ones_figure(tmp_path):
    """'what's the biggest invoice and the total of all?' answered 'Total: 400 EUR.' (the biggest one's amount), and
    'which is the largest unpaid invoice, and how many are there?' 'Count: 1.' (3 are unpaid)."""
    files = {**ALPHA_BETA, "A-4.txt": invoice("A-4", "Gamma", "400 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what's the biggest invoice and the total of all?", files)
    assert text.startswith("Biggest: A-4 (Gamma, 400 EUR). Grand total (all records): 750 EUR."), text
    assert "Total: 400" not in text, text
    text = ask(tmp_path, "In the folder invoices, which is the largest unpaid invoice, and how many are there?", files)
    assert "Count: 1" not in text and "I did not answer 'how many are there'." in text, text
    text = ask(tmp_path, "In the folder invoices, which unpaid invoice is the smallest, and what is the total?", files)
    assert "Total: 50" not in text and "I did not answer 'what is the total'." in text, text
    text = ask(tmp_path, "In the folder invoices, how much is the largest unpaid invoice?", files)
    assert text.startswith("Unpaid, largest: A-4 (Gamma, 400 EUR). Total: 400 EUR."), text


def test_a_total_of_all_beside_a_client_or_a_limit_is_over_every_record(tmp_path):
    """'which invoices are over 150 EUR, and what is the total of all invoices?' answered 'Total: 600 EUR.' alone, and
    'which invoices are from Alpha, and what is the overall total?' 'Total: 150 EUR.': all four come to 750 EUR."""
    files = {**ALPHA_BETA, "A-4.txt": invoice("A-4", "Gamma", "400 EUR", "unpaid")}
    for task in ["which invoices are over 150 EUR, and what is the total of all invoices?",
                 "which invoices are from Alpha, and what is the overall total?",
                 "list Alpha's invoices and give me the total of every invoice."]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert "Grand total (all records): 750 EUR." in text, text


def test_a_value_every_record_has_selects_them_all(tmp_path):
    """Over invoices all billed to Alpha, 'which invoices are from Alpha?' was declined: 'No field of the records
    matches the words of the task' and 'The words of the task I could not act on: 'Alpha'', both untrue."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Alpha", "200 EUR", "unpaid")}
    for task in ["which invoices are from Alpha?", "list Alpha's invoices.", "which invoices are in EUR?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert text.startswith("Records: A-1 (Alpha, 100 EUR) and A-2 (Alpha, 200 EUR)."), text
    text = ask(tmp_path, "In the folder invoices, which invoices are from Beta?", files)
    assert "A-1 (" not in text, text


def test_a_subfolder_path_is_never_read_as_an_invoice_number(tmp_path):
    """'In the folder factures-2026/q1, what is the total owed?' was declined 'I could not find factures-2026 among the
    numbers of the records read' in about half the runs: 'q1' was cut from the path first, leaving 'factures-2026'."""
    for path in ["factures-2026/q1", "bills-2025/march", "inv-7/old", "box-2/a", "set-3/b", "lot-9/c"]:
        (tmp_path / path).mkdir(parents=True)
        (tmp_path / path / "Q-1.txt").write_text(invoice("Q-1", "Alpha", "100 EUR", "unpaid"), encoding="utf-8")
        text = run_agent(practice_client(), f"In the folder {path}, what is the total owed?", samples.invoice_tools(tmp_path),
                         max_turns=8).answer
        assert text.startswith("Unpaid: Q-1 (Alpha, 100 EUR). Total owed: 100 EUR."), text


def test_who_owes_them_is_answered_by_the_client_each_item_shows(tmp_path):
    """'what's the due date of the unpaid invoices, and who owes them?' listed each with its client, then said 'I did
    not answer 'who owes them''."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid", "Due: 01/10/2026\n"),
             "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid", "Due: 15/10/2026\n")}
    text = ask(tmp_path, "In the folder invoices, what's the due date of the unpaid invoices, and who owes them?", files)
    assert text.startswith("Unpaid: A-2 (Beta, 200 EUR). When, as the records say: A-2: Due 15/10/2026.") and "I did not" not in text, text


def test_a_payment_word_in_another_field_without_a_figure_leaves_the_status_unsure(tmp_path):
    """'Status: unpaid' beside 'Status note: partially paid' (or 'Note: half paid already') was owed in full ('Total owed:
    1000 EUR.'), and 'Status: paid' beside 'Remark: cheque bounced' or 'Comment: refunded in full' counted as paid."""
    files = {"D-1.txt": invoice("D-1", "Alpha", "100 EUR", "unpaid"),
             "D-6.txt": invoice("D-6", "Omega", "600 EUR", "unpaid", "Status note: partially paid\n"),
             "D-7.txt": invoice("D-7", "Beta", "300 EUR", "unpaid", "Note: half paid already\n"),
             "D-8.txt": invoice("D-8", "Gamma", "50 EUR", "paid", "Remark: cheque bounced\n"),
             "D-9.txt": invoice("D-9", "Delta", "70 EUR", "paid", "Comment: refunded in full\n"),
             "D-10.txt": invoice("D-10", "Eta", "20 EUR", "paid", "Note: paid by card\nPayment method: bank transfer\n")}
    text = ask(tmp_path, "In the folder invoices, what is the total owed?", files)
    assert text.startswith("Unpaid: D-1 (Alpha, 100 EUR), as far as I can tell.") and "1000" not in text, text
    assert "D-6.txt has Status 'unpaid (Status note: partially paid)', which I cannot read as paid or unpaid" in text, text
    text = ask(tmp_path, "In the folder invoices, what is the total of paid invoices?", files)
    assert text.startswith("Paid: D-10 (Eta, 20 EUR), as far as I can tell.") and "120" not in text, text


def test_a_paid_date_or_a_cancelled_yes_beside_the_status_leaves_it_unsure(tmp_path):
    """'Status: unpaid' beside 'Paid on: 02/08/2026' was owed ('Total owed: 560 EUR.' with it), and 'Status: paid'
    beside 'Cancelled: yes' counted as paid ('Total paid: 50 EUR.')."""
    files = {"E-1.txt": invoice("E-1", "Alpha", "100 EUR", "unpaid", "Paid on: 02/08/2026\n"),
             "E-4.txt": invoice("E-4", "Delta", "400 EUR", "unpaid", "Reminder sent: yes\n"),
             "E-5.txt": invoice("E-5", "Eps", "50 EUR", "paid", "Cancelled: yes\n"),
             "E-6.txt": invoice("E-6", "Zed", "60 EUR", "unpaid", "Disputed: true\n"),
             "E-7.txt": invoice("E-7", "Eta", "70 EUR", "paid", "Paid on: 01/08/2026\n")}
    text = ask(tmp_path, "In the folder invoices, what is the total owed?", files)
    assert text.startswith("Unpaid: E-4 (Delta, 400 EUR), as far as I can tell.") and "560" not in text, text
    text = ask(tmp_path, "In the folder invoices, what is the total paid?", files)
    assert text.startswith("Paid: E-7 (Eta, 70 EUR), as far as I can tell.") and "120" not in text, text


def test_show_me_the_invoices_lists_every_record(tmp_path):
    """'show me the invoices', 'which invoices do we have?' and 'who are our clients?' were declined: 'No field of the
    records matches the words of the task' (and 'could not act on 'clients''), though Client is a field of each."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid")}
    for task in ["show me the invoices.", "which invoices do we have?", "who are our clients?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert text.startswith("Records: A-1 (Alpha, 100 EUR) and A-2 (Beta, 200 EUR)."), text
    text = ask(tmp_path, "In the folder invoices, who are our suppliers?", files)
    assert not text.startswith("Records"), text


def test_file_names_asked_are_shown(tmp_path):
    """'what are the file names of the unpaid invoices?' (and 'what is the name of each file?') listed the invoices
    without a file name."""
    files = {"a1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "a2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what are the file names of the unpaid invoices?", files)
    assert text.startswith("Unpaid: A-2 (a2.txt, Beta, 200 EUR)."), text
    text = ask(tmp_path, "In the folder invoices, what is the name of each file?", files)
    assert text.startswith("Records: A-1 (a1.txt, Alpha, 100 EUR) and A-2 (a2.txt, Beta, 200 EUR)."), text


def test_a_count_in_all_beside_a_client_is_over_every_record(tmp_path):
    """'which invoices are from Beta and how many invoices are there in all?' answered 'Count: 1.' (Beta's one; 3 in all)."""
    files = dict(ALPHA_BETA)
    for task in ["which invoices are from Beta and how many invoices are there in all?",
                 "list the unpaid invoices; how many invoices are there altogether?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert "Count (all records): 3." in text and "Count: 1." not in text and "Count: 2." not in text, text
    text = ask(tmp_path, "Dans le dossier invoices, quelles factures sont impayées, et combien de factures y a-t-il au total ?", files)
    assert "Nombre (toutes les fiches) : 3." in text, text
    text = ask(tmp_path, "In the folder invoices, how many invoices does Beta have in all?", files)
    assert "Count: 1." in text and "all records" not in text, text


def test_how_many_are_there_altogether_after_a_clients_list_is_not_a_count_of_all(tmp_path):
    """'which invoices are Alpha's and how many are there altogether?' (no noun: Alpha's ones) said 'Count (all records):
    3.' since the count of all records was added (0d34504); it is said over all only when the clause names the invoices."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "In the folder invoices, which invoices are Alpha's and how many are there altogether?", files)
    assert "all records" not in text and "Count: 3" not in text, text


def test_a_name_with_a_number_in_it_is_a_name_not_an_invoice_number(tmp_path):
    """'how much does Studio 54 owe?' was declined 'I could not find 54 among the numbers of the records read', and
    'could not act on 'Studio'': 54 is part of the client's name; 'which invoices are from 2025?' likewise."""
    files = {"B-1.txt": invoice("B-1", "Studio 54", "300 EUR", "unpaid"), "B-2.txt": invoice("B-2", "Studio 54", "80 EUR", "paid"),
             "B-3.txt": invoice("B-3", "Due North", "120 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, how much does Studio 54 owe?", files)
    assert text.startswith("Unpaid, Client Studio 54: B-1 (Studio 54, 300 EUR). Total: 300 EUR."), text
    text = ask(tmp_path, "In the folder invoices, which invoices are from 2025?", files)
    assert text.startswith("I cannot apply the condition '2025'") and "numbers of the records" not in text, text


def test_key_equals_value_lines_are_read_not_left_out_of_a_complete_total(tmp_path):
    """An invoice written 'Amount = 200 EUR', 'Status = unpaid' was left out ('has no 'Key: value' lines'), yet 'what
    is the total owed?' gave 'Total owed: 400 EUR.' as complete: its 200 EUR owed were missing."""
    files = {"L-1.txt": "INVOICE L-1\nCLIENT: ALPHA\nAMOUNT: 100 EUR\nSTATUS: UNPAID\n",
             "L-2.txt": "Invoice L-2\nClient = Beta\nAmount = 200 EUR\nStatus = unpaid\n",
             "L-3.txt": invoice("L-3", "Gamma", "300 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what is the total owed?", files)
    assert text.startswith("Unpaid: L-1 (ALPHA, 100 EUR), L-2 (Beta, 200 EUR) and L-3 (Gamma, 300 EUR). Total owed: 600 EUR."), text


def test_a_file_read_as_no_record_but_holding_an_amount_makes_the_total_partial(tmp_path):
    """'Amount - 500 EUR' lines, or '<amount>600 EUR</amount>', were 'not counted', yet 'Total owed: 100 EUR.' was given
    as complete beside them: such a file may hold an invoice owed."""
    for text in ["Invoice L-5\nClient - Delta\nAmount - 500 EUR\nStatus - unpaid\n",
                 "<invoice><client>Eps</client><amount>600 EUR</amount><status>unpaid</status></invoice>\n",
                 "Invoice L-7\nClient  Zed\nAmount  700 EUR\nStatus  unpaid\n"]:
        files = {"L-1.txt": invoice("L-1", "Alpha", "100 EUR", "unpaid"), "L-5.txt": text}
        answer = ask(tmp_path, "In the folder invoices, what is the total owed?", files)
        assert "Total owed: 100 EUR." not in answer and "L-5.txt may belong here too" in answer, answer


def test_how_much_invoices_asks_how_many_too(tmp_path):
    """'how much invoices are unpaid?' (for 'how many') gave the list and 'Total: 250 EUR.', the count asked dropped."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "In the folder invoices, how much invoices are unpaid?", files)
    assert "Count: 2." in text, text


def test_a_figure_over_every_record_beside_a_filtered_list_fills_no_structured_total_or_count(tmp_path):
    """With a {total, count} schema, 'which invoices are from Alpha, and what is the overall total?' gave
    {"total": 150, "count": 2} (the overall total is 300 EUR), 'how many invoices are there in all?' after Beta's list
    {"count": 1}: the filtered list's figures filled fields the task asked over every record."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "150 EUR", "unpaid"),
             "A-3.txt": invoice("A-3", "Alpha", "50 EUR", "unpaid")}
    ask(tmp_path, "In the folder invoices, which invoices are unpaid?", files)
    tools, client = samples.invoice_tools(tmp_path), practice_client()
    schema = {"type": "object", "properties": {"total": {"type": "number"}, "count": {"type": "integer"}},
              "required": ["total", "count"], "additionalProperties": False}
    for task in ["In the folder invoices, which invoices are from Alpha, and what is the overall total?",
                 "In the folder invoices, which invoices are from Beta and how many invoices are there in all?"]:
        run = run_agent(client, task, tools)
        reply = client.messages.create(model=MODEL, max_tokens=500, tools=[t.to_api() for t in tools],
                                       tool_choice={"type": "none"}, messages=run.messages[:-1],
                                       output_config={"format": {"type": "json_schema", "schema": schema}})
        assert reply.stop_reason == "refusal", reply.content


def test_who_owes_how_much_is_a_figure_per_client(tmp_path):
    """'who owes how much?' listed the unpaid invoices and their one total: Alpha's two invoices were never added up."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid"),
             "A-3.txt": invoice("A-3", "Alpha", "50 EUR", "unpaid")}
    for task in ["who owes how much?", "which client owes what?", "qui doit combien ?"]:
        text = ask(tmp_path, f"{'Dans le dossier' if 'qui' in task else 'In the folder'} invoices, {task}", files)
        assert "Alpha 150 EUR; Beta 200 EUR" in text and "répondu" not in text, text


def test_how_much_is_left_after_a_paid_total_is_not_dropped(tmp_path):
    """'how much was paid in total and how much is left?' gave the paid total alone, 'how much is left' silently dropped."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, how much was paid in total and how much is left?", files)
    assert "I did not answer 'how much is left'." in text, text
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid, and how much is left?", files)
    assert "Total: 200 EUR." in text and "I did not answer" not in text, text


def test_the_value_of_the_unpaid_invoices_is_their_total(tmp_path):
    """'what's the value of the unpaid invoices?' listed them with no total: the one figure asked was dropped."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "In the folder invoices, what's the value of the unpaid invoices?", files)
    assert "Total: 250 EUR." in text, text


def test_a_negated_limit_is_declined_as_the_negation_not_as_a_limit_beyond_the_rules(tmp_path):
    """'not over 150 EUR' was declined 'comparing amounts ... is beyond my rules', though 'over 150 EUR' is applied."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, which invoices aren't over 150 EUR?", files)
    assert text.startswith("I could not tell which records 'not over 150 EUR' leaves out; I give no list and no total.")
    assert "beyond my rules" not in text


def test_a_date_with_a_two_digit_year_is_quoted_whole_in_the_decline(tmp_path):
    """'due before 01/11/26' was declined as the condition '01/11', the year cut off, and 'due' named as not acted on."""
    files = {"D-1.txt": invoice("D-1", "Kilo", "100 EUR", "paid", "Due: 01/10/2026\n"),
             "D-2.txt": invoice("D-2", "Lima", "200 EUR", "unpaid", "Due: 15/10/2026\n")}
    text = ask(tmp_path, "In the folder invoices, which invoices are due before 01/11/26?", files)
    assert text.startswith("I cannot apply the condition 'due before 01/11/26': I match records on a date only against")
    assert "could not act on" not in text


def test_values_after_one_negation_are_not_said_to_be_both_named_and_negated(tmp_path):
    """'aren't from Alpha or Beta' was declined 'The task both names and negates values of Client': it names none."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid"),
             "A-3.txt": invoice("A-3", "Gamma", "50 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, list the invoices that aren't from Alpha or Beta", files)
    assert text.startswith("I could not tell which records 'Alpha or Beta' leaves out; I give no list and no total.")
    assert "both names and negates" not in text


def test_a_french_negation_before_d_apostrophe_negates_the_name(tmp_path):
    """'quelles factures ne sont pas d'Alpha ?' was answered 'Client Alpha : A-1 ... et A-3', the opposite list."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "Dans le dossier invoices, quelles factures ne sont pas d'Alpha ?", files)
    assert text.startswith("Client autre que Alpha : A-2 (Beta, 200 EUR).") and "A-1 (" not in text and "A-3 (" not in text
    text = ask(tmp_path, "Dans le dossier invoices, quelles factures sont d'Alpha ?", files)
    assert text.startswith("Client Alpha : A-1 (Alpha, 100 EUR) et A-3 (Alpha, 50 EUR).")


def test_combien_d_apostrophe_asks_a_count(tmp_path):
    """'combien d'impayées ?' was answered with the list and 'I did not answer 'combien d'impayées'.', in English."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "Dans le dossier invoices, combien d'impayées ?", files)
    assert text.startswith("Impayées : A-2 (Beta, 200 EUR) et A-3 (Alpha, 50 EUR). Nombre : 2.") and "I did not" not in text
    euros = ask(tmp_path, "Dans le dossier invoices, combien d'euros doit Alpha ?", files)
    assert "Total : 50 EUR." in euros and "Nombre" not in euros


def test_french_status_words_typed_without_accents_are_read(tmp_path):
    """'quel est le total des factures impayees ?' was declined 'Je n'ai pas pu rattacher 'impayees' aux fiches lues'."""
    files = {"F-1.txt": "Facture F-1\nClient : Roux\nMontant : 1 250,00 €\nStatut : payée\n",
             "F-2.txt": "Facture F-2\nClient : Lune\nMontant : 340,50 €\nStatut : impayee\n",
             "F-3.txt": "Facture F-3\nClient : Roux\nMontant : 99,50 €\nStatut : impayée\n"}
    text = ask(tmp_path, "Dans le dossier invoices, quel est le total des factures impayees ?", files)
    assert text.startswith("Impayées : F-2 (Lune, 340,50 €) et F-3 (Roux, 99,50 €). Total : 440 EUR.")
    assert ask(tmp_path, "Dans le dossier invoices, quelles factures sont reglees ?", files).startswith("Payées : F-1 (Roux,")


def test_a_cancelled_invoice_is_not_added_silently_to_a_total_of_all_invoices(tmp_path):
    """'the total of all invoices' was 1100 EUR with C-3 'Status: cancelled' in it; 'the paid and unpaid' ones too."""
    files = {"C-1.txt": invoice("C-1", "Gamma", "300 EUR", "paid"), "C-2.txt": invoice("C-2", "Delta", "120 EUR", "unpaid"),
             "C-3.txt": invoice("C-3", "Gamma", "80 EUR", "cancelled")}
    text = ask(tmp_path, "In the folder invoices, what's the total of all invoices?", files)
    assert "420 EUR, but C-3.txt may belong here too" in text and "500" not in text
    text = ask(tmp_path, "In the folder invoices, what is the total of the paid and unpaid invoices?", files)
    assert "I give no grand total: I could not classify C-3.txt." in text and "500" not in text
    text = ask(tmp_path, "In the folder invoices, which invoices were cancelled, and what is their total?", files)
    assert text.startswith("Status cancelled: C-3 (Gamma, 80 EUR). Total: 80 EUR.")


def test_a_paid_invoice_listed_as_due_before_a_date_shows_its_status(tmp_path):
    """'which invoices are due before 01/11/2026?' listed the paid D-1 as 'D-1 (Kilo, 100 EUR)', as if still owed."""
    files = {"D-1.txt": invoice("D-1", "Kilo", "100 EUR", "paid", "Due: 01/10/2026\n"),
             "D-2.txt": invoice("D-2", "Lima", "200 EUR", "unpaid", "Due: 15/10/2026\n")}
    text = ask(tmp_path, "In the folder invoices, which invoices are due before 01/11/2026?", files)
    assert text.startswith("Due before 01/11/2026: D-1 (Kilo, 100 EUR, Status 'paid') and D-2 (Lima, 200 EUR, Status 'unpaid').")


def test_a_count_the_task_states_is_not_read_as_an_invoice_number(tmp_path):
    """'the 2 unpaid invoices' was declined 'I could not find 2 among the numbers of the records read', a wrong reason."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "In the folder invoices, what's the total of the 2 unpaid invoices?", files)
    assert text.startswith("I could not relate '2 unpaid invoices' to the records read, so I cannot tell which records")
    assert "among the numbers" not in text


def test_a_french_how_much_with_an_inversion_or_en_tout_is_no_yes_or_no_question(tmp_path):
    """'combien reste-t-il à payer en tout ?' got the paid list, the unpaid list and 'Total général ... 3 050 EUR'."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "Dans le dossier invoices, combien reste-t-il à payer en tout ?", files)
    assert text.startswith("Impayées : A-2 (Beta, 200 EUR) et A-3 (Alpha, 50 EUR). Total : 250 EUR.") and "Payées" not in text
    text = ask(tmp_path, "Dans le dossier invoices, combien de factures impayées y a-t-il ?", files)
    assert text.startswith("Impayées : A-2 (Beta, 200 EUR) et A-3 (Alpha, 50 EUR). Nombre : 2.") and "Payées" not in text


def test_the_clients_counted_are_listed_the_french_way_in_a_french_reply(tmp_path):
    """'combien de clients nous doivent de l'argent ?' said 'Nombre de Client : 2 (Beta and Alpha)', English in French."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "Dans le dossier invoices, combien de clients nous doivent de l'argent ?", files)
    assert "Nombre de Client : 2 (Beta et Alpha)." in text and " and " not in text


def test_a_part_of_the_folder_named_apart_is_no_invoice_number(tmp_path):
    """'In the folder factures-2026, what's unpaid in q2?' was declined 'I could not find factures-2026 among the numbers'."""
    (tmp_path / "factures-2026").mkdir()
    files = {"H-1.txt": invoice("H-1", "Nord Sud", "500 EUR", "unpaid"), "H-2.txt": invoice("H-2", "Est Ouest", "125 EUR", "paid")}
    text = ask(tmp_path, "In the folder factures-2026, what's unpaid in q2?", files, "factures-2026/q2")
    assert text.startswith("Unpaid: H-1 (Nord Sud, 500 EUR).") and "among the numbers" not in text


def test_between_them_is_no_range_condition(tmp_path):
    """'how much do Alpha and Beta owe between them?' was declined as the condition 'between them', a wrong reason."""
    files = {**ALPHA_BETA, "A-4.txt": invoice("A-4", "Gamma", "70 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, how much do Alpha and Beta owe between them?", files)
    assert text.startswith("Unpaid, Client Alpha or Beta: A-2 (Beta, 200 EUR) and A-3 (Alpha, 50 EUR). Total: 250 EUR.")


def test_each_before_owe_asks_a_figure_per_client(tmp_path):
    """'how much do Alpha and Beta each owe?' was answered 'Total: 250 EUR.', the figure for each dropped."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "In the folder invoices, how much do Alpha and Beta each owe?", files)
    assert "Total per client: Beta 200 EUR; Alpha 50 EUR." in text


def test_a_value_held_by_every_record_with_that_field_still_selects_when_some_lack_the_field(tmp_path):
    """With M-3 having no Client line, 'how much does Alpha owe?' added M-3 in: 'Total: 400 EUR.' (Alpha owes 100)."""
    files = {"M-1.txt": invoice("M-1", "Alpha", "100 EUR", "unpaid"),
             "M-3.txt": "Invoice M-3\nAmount: 300 EUR\nStatus: unpaid\n"}
    text = ask(tmp_path, "In the folder invoices, how much does Alpha owe?", files)
    assert text.startswith("Unpaid, Client Alpha: M-1 (Alpha, 100 EUR). Total: 100 EUR.") and "400" not in text
    files["M-4.txt"] = invoice("M-4", "Prune", "0 EUR", "unpaid", "Note: free sample\n")
    text = ask(tmp_path, "In the folder invoices, which invoices are free?", files)
    assert text.startswith("Note free sample: M-4 (Prune, 0 EUR).")


def test_a_second_count_asked_is_given_not_dropped(tmp_path):
    """'how many invoices, and how many clients?' was answered 'Count: 3.', the count of clients dropped."""
    files = dict(ALPHA_BETA)
    for task in ["how many invoices, and how many clients?", "how many invoices and clients are there?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert "Count: 3. Client count: 2 (Alpha and Beta)." in text, text
    text = ask(tmp_path, "Dans le dossier invoices, combien de factures et combien de clients ?", files)
    assert "Nombre : 3. Nombre de Client : 2 (Alpha et Beta)." in text


def test_which_are_paid_or_unpaid_shows_each_status(tmp_path):
    """'which invoices are paid or unpaid?' listed every invoice with no status: 'Records: A-1 (Alpha, 100 EUR), ...'."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, which invoices are paid or unpaid?", files)
    assert text.startswith("Records: A-1 (Alpha, 100 EUR, Status 'paid') and A-2 (Beta, 200 EUR, Status 'unpaid').")


def test_having_a_due_date_is_not_counted_over_every_record(tmp_path):
    """'how many invoices have a due date?' answered 'Count: 3.' over three invoices, one with no Due line."""
    files = {"D-1.txt": invoice("D-1", "Kilo", "100 EUR", "paid"),
             "D-2.txt": invoice("D-2", "Lima", "200 EUR", "unpaid", "Due: 15/10/2026\n"),
             "D-3.txt": invoice("D-3", "Mike", "300 EUR", "unpaid", "Due: 15/12/2026\n")}
    text = ask(tmp_path, "In the folder invoices, how many invoices have a due date?", files)
    assert text.startswith("I cannot select records on having 'due': D-1.txt has no Due line") and "Count" not in text


def test_having_a_note_no_record_has_is_declined_not_dropped(tmp_path):
    """'which unpaid invoices have a note?' listed every unpaid invoice, none having a note ('note' was never read)."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid")}
    for task in ["which unpaid invoices have a note?", "which invoices have notes?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert text.startswith("I cannot select records on having 'note"), text
        assert "A-2 (" not in text


def test_a_kind_of_record_the_task_names_selects_those_records_only(tmp_path):
    """'what's the total of the quotes?' beside two invoices answered 'Total: 1550 EUR.', the invoices added in."""
    files = {"X-1.txt": invoice("X-1", "Alpha", "400 EUR", "unpaid"),
             "Q-1.txt": "Quote Q-1\nClient: Alpha\nAmount: 900 EUR\nStatus: unpaid\n",
             "X-3.txt": invoice("X-3", "Beta", "250 EUR", "paid")}
    text = ask(tmp_path, "In the folder invoices, what's the total of the quotes?", files)
    assert text.startswith("Quote: Q-1 (Alpha, 900 EUR). Total: 900 EUR.")
    text = ask(tmp_path, "In the folder invoices, which quotes are unpaid?", files)
    assert text.startswith("Unpaid, Quote: Q-1 (Alpha, 900 EUR).") and "X-1 (" not in text
    files["T.txt"] = "Totals T\nClient: all\nAmount: 400 EUR\nStatus: unpaid\n"  # 'total' is no kind the task names
    assert not ask(tmp_path, "In the folder invoices, what is the total owed?", files).startswith("Unpaid, Totals")


def test_a_negative_amount_is_an_amount(tmp_path):
    """A credit note's '-100 EUR' was said to be 'no amount I can read' ('I give no total: X-2.txt has no amount ...')."""
    files = {"X-1.txt": invoice("X-1", "Alpha", "400 EUR", "unpaid"),
             "X-2.txt": "Credit note CN-1\nClient: Alpha\nAmount: -100 EUR\nStatus: unpaid\n"}
    text = ask(tmp_path, "In the folder invoices, what's the total of the credit note?", files)
    assert text.startswith("Credit: CN-1 (Alpha, -100 EUR). Total: -100 EUR.") and "no amount" not in text


def test_the_amount_of_the_unpaid_invoices_asks_their_total(tmp_path):
    """'what's the amount of the unpaid invoices?' and 'what's the unpaid amount?' listed them, the one figure dropped."""
    files = dict(ALPHA_BETA)
    for task in ["what's the amount of the unpaid invoices?", "what's the unpaid amount?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert text.startswith("Unpaid: A-2 (Beta, 200 EUR) and A-3 (Alpha, 50 EUR). Total: 250 EUR."), text


def test_everything_that_is_outstanding_is_a_list_not_a_yes_or_no_question(tmp_path):
    """'show me everything that's outstanding' gave the paid list too, as 'has X paid everything?' does."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, show me everything that's outstanding, with amounts", files)
    assert text.startswith("Unpaid: A-2 (Beta, 200 EUR).") and "Paid" not in text


def test_french_imperatives_montre_and_affiche_are_requests(tmp_path):
    """'montre-moi les factures impayées' was declined "Je n'ai pas pu rattacher 'montre' aux fiches lues"."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid")}
    text = ask(tmp_path, "Dans le dossier invoices, montre-moi les factures impayées.", files)
    assert text.startswith("Impayées : A-2 (Beta, 200 EUR).")
    text = ask(tmp_path, "Dans le dossier invoices, affiche les factures impayées et leur total.", files)
    assert text.startswith("Impayées : A-2 (Beta, 200 EUR). Total : 200 EUR.")


def test_a_later_question_the_reply_answers_is_not_named_as_unanswered(tmp_path):
    """'which is Beta's invoice and what is its status?' showed Status 'unpaid', then said 'I did not answer' it."""
    files = dict(ALPHA_BETA)
    text = ask(tmp_path, "In the folder invoices, which is Beta's invoice and what is its status?", files)
    assert text.startswith("Client Beta: A-2 (Beta, 200 EUR, Status 'unpaid').") and "I did not answer" not in text
    text = ask(tmp_path, "In the folder invoices, how many invoices are unpaid? Which ones are they?", files)
    assert text.startswith("Unpaid: A-2 (Beta, 200 EUR) and A-3 (Alpha, 50 EUR). Count: 2.") and "I did not" not in text


def test_under_before_the_folder_names_where_not_a_limit(tmp_path):
    """'Under invoices/, what's unpaid?' was declined "I cannot apply the condition 'Under': comparing amounts ..."."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid")}
    text = ask(tmp_path, "Under invoices/, what's unpaid?", files)
    assert text.startswith("Unpaid: A-2 (Beta, 200 EUR).")
    text = ask(tmp_path, "In the folder invoices, which invoices are under 150 EUR?", files)
    assert text.startswith("Under 150 EUR: A-1 (Alpha, 100 EUR).")


def test_combien_before_a_paid_word_asks_a_total(tmp_path):
    """'combien Roux a-t-il payé ?' gave the paid and the unpaid lists and 'Je n'ai pas répondu à ...', no total."""
    files = {"F-1.txt": "Facture F-1\nClient : Roux\nMontant : 1 250,00 €\nStatut : payée\n",
             "F-2.txt": "Facture F-2\nClient : Lune\nMontant : 80,00 €\nStatut : payée\n",
             "F-3.txt": "Facture F-3\nClient : Roux\nMontant : 99,50 €\nStatut : impayée\n"}
    text = ask(tmp_path, "Dans le dossier invoices, combien Roux a-t-il payé ?", files)
    assert text.startswith("Payées, Client Roux : F-1 (Roux, 1 250,00 €). Total : 1\u202f250 EUR.") and "Impayées" not in text
    text = ask(tmp_path, "Dans le dossier invoices, combien de factures sont payées ?", files)
    assert "Nombre : 2." in text and "Total" not in text


def test_anything_asks_about_the_records_it_names(tmp_path):
    """'does Beta owe anything?' was declined "I could not relate 'anything' to the records read"."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "paid")}
    text = ask(tmp_path, "In the folder invoices, does Beta owe anything?", files)
    assert text.startswith("Paid, Client Beta: A-2 (Beta, 200 EUR). Unpaid, Client Beta: none.")
    text = ask(tmp_path, "In the folder invoices, list anything but Beta's invoices", files)
    assert text.startswith("Client not Beta: A-1 (Alpha, 100 EUR).")


def test_french_courtesy_and_infinitives_are_read(tmp_path):
    """'pouvez-vous me donner le total des impayées ? Merci' was declined "Je n'ai pas pu rattacher 'pouvez' et 'Merci'"."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "paid")}
    text = ask(tmp_path, "Dans le dossier invoices, pouvez-vous me donner le total des impayées ? Merci", files)
    assert text.startswith("Impayées : A-1 (Alpha, 100 EUR). Total : 100 EUR.")
    text = ask(tmp_path, "Dans le dossier invoices, pourriez-vous lister les factures de Beta ?", files)
    assert text.startswith("Client Beta : A-2 (Beta, 200 EUR).")


def test_a_second_folder_named_is_not_said_to_be_an_invoice_number(tmp_path):
    """'how many invoices are there in q1 and q2?' read q1 only and declined 'I could not find q2 among the numbers'."""
    (tmp_path / "factures-2026" / "q2").mkdir(parents=True)
    (tmp_path / "factures-2026" / "q2" / "H-3.txt").write_text(invoice("H-3", "Nord Sud", "125 EUR", "unpaid"))
    files = {"H-1.txt": invoice("H-1", "Nord Sud", "500 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder factures-2026, how many invoices are there in q1 and q2?", files, "factures-2026/q1")
    assert text.startswith("I could not relate 'q2' to the records read") and "among the numbers" not in text
    text = ask(tmp_path, "In the folder factures-2026/q1 and factures-2026/q2, what is the total owed?", files, "factures-2026/q1")
    assert text.startswith("I could not relate 'factures-2026/q2' to the records read") and "500" not in text


def test_a_note_that_a_payment_was_reversed_or_is_awaited_unsettles_a_paid_status(tmp_path):
    """'Status: paid' beside 'Note: payment reversed by the bank' (or 'still waiting for the money', 'chargeback on
    03/09/2026') was listed as paid."""
    files = {"N-1.txt": invoice("N-1", "Alpha", "100 EUR", "paid", "Note: payment reversed by the bank\n"),
             "N-2.txt": invoice("N-2", "Beta", "200 EUR", "paid", "Comment: still waiting for the money\n"),
             "N-4.txt": invoice("N-4", "Delta", "400 EUR", "paid", "Note: chargeback on 03/09/2026\n"),
             "N-5.txt": invoice("N-5", "Eps", "500 EUR", "paid", "Payment: bank transfer\n")}
    text = ask(tmp_path, "In the folder invoices, which invoices are paid?", files)
    assert text.startswith("Paid: N-5 (Eps, 500 EUR), as far as I can tell.")
    assert "N-1 (" not in text and "N-2 (" not in text and "N-4 (" not in text


def test_a_summary_without_a_number_among_numbered_invoices_is_not_added_in(tmp_path):
    """A 'Summary of invoices' file ('Amount: 350 EUR') was counted as a fourth invoice: 'Grand total: 700 EUR.'"""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid"),
             "A-3.txt": invoice("A-3", "Alpha", "50 EUR", "unpaid"),
             "total.txt": "Totals\nClient: all clients\nAmount: 250 EUR\nStatus: unpaid\n"}
    text = ask(tmp_path, "In the folder invoices, what is the total owed?", files)
    assert "the 2 listed add up to 250 EUR, but total.txt may belong here too" in text and "500" not in text
    files["total.txt"] = "Summary of invoices\nAmount: 350 EUR\nStatus: paid\n"
    text = ask(tmp_path, "In the folder invoices, what's the total of all invoices?", files)
    assert "the 3 listed add up to 350 EUR, but total.txt may belong here too" in text and "700" not in text


def test_a_range_of_amounts_is_quoted_whole_in_the_decline(tmp_path):
    """'between 100 and 500 EUR' was declined as the condition 'between 100 and', then 'EUR' named as not acted on."""
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "paid"), "A-2.txt": invoice("A-2", "Beta", "200 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, which invoices are between 100 and 500 EUR?", files)
    assert text.startswith("I cannot apply the condition 'between 100 and 500 EUR': I apply conditions worded as")
    assert "could not act on" not in text


def test_a_client_named_with_a_status_word_in_a_later_clause_is_an_exclusion_not_a_second_question(tmp_path):
    """'which invoices are unpaid, other than Paid Media's?' was declined as maybe 'a second question' ('Paid')."""
    files = {"R-1.txt": invoice("R-1", "Sud & Fils", "150 EUR", "unpaid"),
             "R-4.txt": invoice("R-4", "Paid Media", "90 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, which invoices are unpaid, other than Paid Media's?", files)
    assert text.startswith("Unpaid, Client not Paid Media: R-1 (Sud & Fils, 150 EUR).")


def test_fully_ever_never_and_toujours_beside_a_status_word_are_read(tmp_path):
    """'how many invoices are fully paid?' was declined for 'fully', then named 'paid' as a word it could not act on."""
    text = ask(tmp_path, "In the folder invoices, how many invoices are fully paid?", dict(ALPHA_BETA))
    assert text == "Paid: A-1 (Alpha, 100 EUR). Count: 1. Based on 3 files read."
    for task in ["which invoices were never paid?", "which invoices aren't fully paid?"]:
        assert ask(tmp_path, f"In the folder invoices, {task}", {}).startswith("Unpaid: A-2 (Beta, 200 EUR) and A-3")
    assert ask(tmp_path, "In the folder invoices, which invoices have ever been paid?", {}).startswith("Paid: A-1 (")
    french = ask(tmp_path, "Dans le dossier invoices, quelles factures sont toujours impayées ?", {})
    assert french.startswith("Impayées : A-2 (Beta, 200 EUR) et A-3 (Alpha, 50 EUR).")


def test_a_client_with_only_an_unclassified_record_is_named_in_the_per_client_line(tmp_path):
    """'how many unpaid invoices does each client have?' said 'Count per client: Beta 1; Alpha 1.', Gamma left out;
    beside a record naming no client, which may be anyone's, no client's figure is sure."""
    files = {**ALPHA_BETA, "A-4.txt": invoice("A-4", "Gamma", "70 EUR", "paid 50%")}
    text = ask(tmp_path, "In the folder invoices, how many unpaid invoices does each client have?", files)
    assert "Count per client: Beta 1; Alpha 1. I could not give a figure for Gamma: a record of theirs could" in text
    text = ask(tmp_path, "In the folder invoices, how much does each client owe?", {"A-6.txt": "Invoice A-6\nAmount: 9 EUR\n"
                                                                                     "Status: maybe\n"})
    assert "I give no figure per client: I could not classify A-6.txt." in text and "Total per client" not in text


def test_a_year_the_task_asks_for_is_not_read_as_the_subfolder_of_that_name(tmp_path):
    """'what's owed in 2026?' beside a 2026/ subfolder answered 'Unpaid: B-1 (Beta, 300 EUR). Total: 300 EUR.' from it
    alone, not saying so, though A-1 beside it is dated 2026 and unpaid too."""
    (tmp_path / "invoices" / "2026").mkdir(parents=True)
    files = {"A-1.txt": invoice("A-1", "Alpha", "100 EUR", "unpaid", "Date: 2026-03-02\n"),
             "2026/B-1.txt": invoice("B-1", "Beta", "300 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what's owed in 2026?", files)
    assert text.startswith("I cannot apply the condition '2026': I match records on a date only") and "300" not in text
    assert ask(tmp_path, "In the folder invoices/2026, what's owed?", {}).startswith("Unpaid: B-1 (Beta, 300 EUR). Total: 300")


def test_an_amount_written_in_words_may_be_in_the_currency_asked(tmp_path):
    """'how much is owed in EUR only?' left out M-5 ('two hundred euros', unpaid) silently: 'Unpaid, Amount EUR: M-2 ...'."""
    files = {"M-2.txt": invoice("M-2", "Lambda", "EUR 1.250,00", "unpaid"), "M-3.txt": invoice("M-3", "Kappa", "$300", "unpaid"),
             "M-5.txt": invoice("M-5", "Nu", "two hundred euros", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, how much is owed in EUR only?", files)
    assert text.startswith("Unpaid, Amount EUR: M-2 (Lambda, EUR 1.250,00), as far as I can tell.")
    assert "but M-5.txt may belong here too" in text and "Total" not in text


def test_a_status_subfolder_the_task_names_as_a_folder_is_listed(tmp_path):
    """'what's in the unpaid folder?' answered 'Unpaid: P-3 (Gamma, 20 EUR)', a record beside that folder, not in it."""
    for sub in ("paid", "unpaid"):
        (tmp_path / "invoices" / sub).mkdir(parents=True)
    files = {"paid/P-1.txt": invoice("P-1", "Alpha", "100 EUR", "paid"), "unpaid/P-2.txt": invoice("P-2", "Beta", "70 EUR", "unpaid"),
             "P-3.txt": invoice("P-3", "Gamma", "20 EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, what's in the unpaid folder?", files)
    assert text == "Records: P-2 (Beta, 70 EUR). Based on 1 file read."
    text = ask(tmp_path, "In the folder invoices, what's unpaid?", {})
    assert "invoices/paid/ and invoices/unpaid/ may belong here too" in text


def test_naming_every_client_asks_a_figure_for_each(tmp_path):
    """Over Alpha and Beta only, 'Alpha's total and Beta's total?' gave one 'Total: 350 EUR.', and 'what are the totals
    for Alpha and for Beta?' was declined 'No field of the records matches the words of the task', untrue."""
    for task in ["Alpha's total and Beta's total?", "what are the totals for Alpha and for Beta?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", dict(ALPHA_BETA))
        assert "Total: 350 EUR. Total per client: Alpha 150 EUR; Beta 200 EUR." in text


def test_a_count_per_client_asked_beside_a_total_is_given(tmp_path):
    """'how many invoices does each client have, and what's the total?' gave 'Total per client: ...', no count per client."""
    text = ask(tmp_path, "In the folder invoices, how many invoices does each client have, and what's the total?", dict(ALPHA_BETA))
    assert "Count: 3. Total: 350 EUR. Count per client: Alpha 2; Beta 1. Total per client: Alpha 150 EUR; Beta 200 EUR." in text


def test_a_total_of_all_invoices_with_an_exclusion_adds_no_grand_total_of_every_record(tmp_path):
    """'what's the total of all invoices, excluding cancelled ones?' added 'Grand total (all records): 420 EUR.',
    the cancelled invoice the task left out counted in."""
    files = {**ALPHA_BETA, "A-4.txt": invoice("A-4", "Gamma", "70 EUR", "cancelled")}
    text = ask(tmp_path, "In the folder invoices, what's the total of all invoices, excluding cancelled ones?", files)
    assert text.startswith("Status not cancelled: A-1 (Alpha, 100 EUR), A-2 (Beta, 200 EUR) and A-3 (Alpha, 50 EUR). Total: 350")
    assert "420" not in text and "Grand total" not in text


def test_each_client_is_given_a_figure_even_when_none_of_theirs_is_listed(tmp_path):
    """'combien a payé chaque client ?' answered 'Total par client : Alpha 100 EUR.', Beta (who paid nothing) left out."""
    text = ask(tmp_path, "Dans le dossier invoices, combien a payé chaque client ?", dict(ALPHA_BETA))
    assert "Total par client : Alpha 100 EUR; Beta 0 EUR." in text
    text = ask(tmp_path, "In the folder invoices, what does each client except Beta owe?", {})
    assert "Total per client: Alpha 50 EUR." in text and "Beta 0" not in text


def test_the_balance_a_balance_field_holds_is_added_up(tmp_path):
    """Over 'Balance: 60 EUR' lines, 'what's the remaining balance?' was declined 'No field of the records matches the
    words of the task', untrue."""
    files = {n: invoice(n[:3], c, a, s, f"Balance: {b}\n") for n, c, a, s, b in [
        ("Z-1.txt", "Alpha", "100 EUR", "unpaid", "60 EUR"), ("Z-2.txt", "Beta", "200 EUR", "paid", "0 EUR"),
        ("Z-3.txt", "Gamma", "80 EUR", "unpaid", "80 EUR")]}
    text = ask(tmp_path, "In the folder invoices, what's the remaining balance?", files)
    assert text.startswith("Records: Z-1 (Alpha, 60 EUR), Z-2 (Beta, 0 EUR) and Z-3 (Gamma, 80 EUR). Total: 140 EUR.")
    assert ask(tmp_path, "In the folder bills, what's the balance?", dict(ALPHA_BETA), "bills").startswith(
        "I could not relate 'balance' to the records read")


def test_the_notes_asked_for_are_shown(tmp_path):
    """'what do the notes say?' listed the invoices without their notes, the part asked dropped ('notes' was read as
    a word about the collection, like 'files')."""
    files = {"N-1.txt": invoice("N-1", "Alpha", "100 EUR", "unpaid", "Note: client promised to pay next week\n"),
             "N-3.txt": invoice("N-3", "Gamma", "300 EUR", "unpaid", "Note: second reminder sent\n")}
    text = ask(tmp_path, "In the folder invoices, what do the notes say?", files)
    assert text.startswith("Records: N-1 (Alpha, 100 EUR, Note 'client promised to pay next week') and N-3 (Gamma, 300 EUR, "
                           "Note 'second reminder sent').")


def test_a_discount_noted_beside_a_paid_status_unsettles_the_amount_paid(tmp_path):
    """'what's the total paid?' counted N-5 ('Amount: 500 EUR', 'Note: 50 EUR discount applied') as 500 EUR paid,
    though 450 EUR may be all that was paid: 'Total: 700 EUR.'"""
    files = {"N-2.txt": invoice("N-2", "Beta", "200 EUR", "paid"),
             "N-5.txt": invoice("N-5", "Eps", "500 EUR", "paid", "Note: 50 EUR discount applied\n"),
             "N-6.txt": invoice("N-6", "Zeta", "30 EUR", "paid", "Remark: remise accordée\n")}
    text = ask(tmp_path, "In the folder invoices, what's the total paid?", files)
    assert text.startswith("Paid: N-2 (Beta, 200 EUR), as far as I can tell.") and "700" not in text
    assert "N-5.txt and N-6.txt may belong here too" in text


def test_the_client_owing_the_largest_amount_is_not_the_client_of_the_largest_invoice(tmp_path):
    """'which client owes the largest amount?' answered 'Unpaid, largest: L-3 (Beta, 200 EUR).', though Alpha owes
    300 EUR over two invoices: the largest invoice given for the largest sum owed."""
    files = {"L-1.txt": invoice("L-1", "Alpha", "150 EUR", "unpaid"), "L-2.txt": invoice("L-2", "Alpha", "150 EUR", "unpaid"),
             "L-3.txt": invoice("L-3", "Beta", "200 EUR", "unpaid")}
    for task in ["which client owes the largest amount?", "what's the largest amount owed by one client?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", files)
        assert text.startswith("I cannot compare ('largest'): I list, count and total records") and "L-3 (" not in text
    text = ask(tmp_path, "In the folder invoices, which client has the largest invoice?", {})
    assert text.startswith("Largest: L-3 (Beta, 200 EUR).")


def test_a_polite_would_is_a_request_not_a_hypothesis(tmp_path):
    """'would you list the paid invoices?' and 'I would like the total owed' were declined "I cannot answer 'would': the
    records say what is, not what would be", a wrong reason; 'si possible' alike."""
    text = ask(tmp_path, "In the folder invoices, would you list the paid invoices?", dict(ALPHA_BETA))
    assert text.startswith("Paid: A-1 (Alpha, 100 EUR).")
    assert ask(tmp_path, "In the folder invoices, I would like the total owed", {}).startswith("Unpaid: A-2 (Beta, 200 EUR)")
    text = ask(tmp_path, "Dans le dossier invoices, si possible, liste les impayées", {})
    assert "'si'" not in text.split("Je n'ai pas pu rattacher")[0] and "ce qui serait" not in text
    assert "what would be" in ask(tmp_path, "In the folder invoices, what would the total be if Beta paid?", {})


def test_the_largest_invoice_asked_with_its_status_is_not_the_largest_of_each_list(tmp_path):
    """'which is the largest invoice, and is it unpaid?' answered 'Paid, largest: A-1 (Alpha, 100 EUR). Unpaid, largest:
    A-2 (...)', as if A-1 were the largest; 'what's the smallest invoice, and has it been paid?' alike."""
    for task in ["which is the largest invoice, and is it unpaid?", "what's the smallest invoice, and has it been paid?"]:
        text = ask(tmp_path, f"In the folder invoices, {task}", dict(ALPHA_BETA))
        assert text.startswith("I cannot tell whether '") and "A-1 (" not in text
    text = ask(tmp_path, "In the folder invoices, what's the largest invoice per status?", {})
    assert text.startswith("Paid, largest: A-1 (Alpha, 100 EUR). Unpaid, largest: A-2 (Beta, 200 EUR).")


def test_how_much_per_client_is_answered_per_client(tmp_path):
    """'how much per client?' was declined 'No field of the records matches the words of the task', untrue; 'how many
    per client?' alike."""
    text = ask(tmp_path, "In the folder invoices, how much per client?", dict(ALPHA_BETA))
    assert text.startswith("Records: A-1 (Alpha, 100 EUR), A-2 (Beta, 200 EUR) and A-3 (Alpha, 50 EUR). Total: 350 EUR. "
                           "Total per client: Alpha 150 EUR; Beta 200 EUR.")
    text = ask(tmp_path, "In the folder invoices, how many per client?", {})
    assert "Count: 3. Count per client: Alpha 2; Beta 1." in text and "'per'" not in text


def test_who_they_are_from_is_answered_by_the_clients_shown(tmp_path):
    """'how many invoices are not paid yet and who are they from?' listed each with its client, then said 'I did not
    answer 'who are they from''."""
    text = ask(tmp_path, "In the folder invoices, how many invoices are not paid yet and who are they from?", dict(ALPHA_BETA))
    assert text == "Unpaid: A-2 (Beta, 200 EUR) and A-3 (Alpha, 50 EUR). Count: 2. Based on 3 files read."


def test_the_tasks_client_is_the_records_customer(tmp_path):
    """Over 'Customer:' lines, 'which clients haven't paid?' was declined "I could not relate 'clients' to the records
    read ... could not act on: 'paid'", and 'total per client please' named 'per', though 'customer' reads as 'client'."""
    files = {"K-1.txt": "Invoice K-1\nCustomer: Fil Rouge\nTotal: 500 EUR\nStatus: unpaid\n",
             "K-2.txt": "Invoice K-2\nCustomer: Mer Calme\nTotal: 80 EUR\nStatus: paid\n"}
    assert ask(tmp_path, "In the folder invoices, which clients haven't paid?", files).startswith("Unpaid: K-1 (Fil Rouge, 500 EUR).")
    text = ask(tmp_path, "In the folder invoices, total per client please", {})
    assert "Total: 580 EUR. Total per client: Fil Rouge 500 EUR; Mer Calme 80 EUR." in text
    assert "Customer count: 2 (Fil Rouge and Mer Calme)." in ask(tmp_path, "In the folder invoices, how many clients are there?", {})


def test_an_amount_it_cannot_read_names_no_currency_of_its_own(tmp_path):
    """Beside B-4 ('Amount: 1.5k EUR'), 'which invoices are over 1,000 euros?' was declined "'euros' names more than one
    Amount (1.5k EUR and EUR)", a wrong reason: the unreadable amount was taken for a value the task might name."""
    files = {"B-1.txt": invoice("B-1", "Alpha", "1 000 EUR", "unpaid"), "B-2.txt": invoice("B-2", "Beta", "2,500.00 EUR", "unpaid"),
             "B-4.txt": invoice("B-4", "Delta", "1.5k EUR", "unpaid")}
    text = ask(tmp_path, "In the folder invoices, which invoices are over 1,000 euros?", files)
    assert text.startswith("Over 1,000: B-2 (Beta, 2,500.00 EUR), as far as I can tell.") and "B-4.txt may belong here too" in text


def test_du_without_its_accent_before_par_or_at_the_end_is_owed(tmp_path):
    """'le montant du par Alpha ?' ('dû' typed without its accent) answered 'Total : 150 EUR.', Alpha's paid invoice
    counted in (50 EUR are owed); 'combien reste du ?' 'Total : 350 EUR.' (250 EUR)."""
    text = ask(tmp_path, "Dans le dossier invoices, le montant du par Alpha ?", dict(ALPHA_BETA))
    assert text.startswith("Impayées, Client Alpha : A-3 (Alpha, 50 EUR). Total : 50 EUR.")
    assert "Total : 250 EUR." in ask(tmp_path, "Dans le dossier invoices, combien reste du ?", {})
    assert "Total : 350 EUR." in ask(tmp_path, "Dans le dossier invoices, le total du dossier ?", {})


def test_a_client_named_in_a_count_is_no_thing_to_count(tmp_path):
    """'how many of Alpha's invoices are unpaid, and what's their total?' said "I did not count 'Alpha': I can count
    records (1 listed), not that.", the count asked dropped for a name it had used to select them."""
    text = ask(tmp_path, "In the folder invoices, how many of Alpha's invoices are unpaid, and what's their total?", dict(ALPHA_BETA))
    assert text.startswith("Unpaid, Client Alpha: A-3 (Alpha, 50 EUR). Count: 1. Total: 50 EUR.")
    assert "Client count: 2" in ask(tmp_path, "In the folder invoices, how many clients have unpaid invoices?", {})


def test_a_payer_without_its_accent_asks_for_the_unpaid_invoices(tmp_path):
    """'quelles factures sont a payer ?' ('à' typed without its accent) was declined 'Aucun champ des fiches ne correspond
    aux mots de la demande', untrue."""
    text = ask(tmp_path, "Dans le dossier invoices, quelles factures sont a payer ?", dict(ALPHA_BETA))
    assert text.startswith("Impayées : A-2 (Beta, 200 EUR) et A-3 (Alpha, 50 EUR).")


def test_a_decline_that_quotes_its_reason_names_no_word_it_handled():
    """'which client owes the most?' was declined "I cannot apply the condition 'most' ..." and then "The words of the
    task I could not act on: 'client', 'owes'", words the survey handles (found by the hinv helper, 43 of its 77 wrong):
    a decline that already quotes what it could not do adds no list of words it did place."""
    import pathlib

    data = pathlib.Path(__file__).resolve().parents[1] / "notebooks" / "data"
    for task, quoted in [("In the folder invoices, which client owes the most?", "'most'"),
                         ("In the folder invoices, quickly, what's owed?", "'quickly'")]:
        text = run_agent(practice_client(), task, samples.invoice_tools(data)).answer
        assert quoted in text and "could not act on" not in text, text


# hinv2: the fourth hunt, on new wordings and new data (each failed before its fix)

PAID_SPLIT = {"B-1.txt": invoice("B-1", "Alpha", "500 EUR", "paid", "Paid amount: 500 EUR\nBalance: 0 EUR\n"),
            "B-2.txt": invoice("B-2", "Beta", "800 EUR", "unpaid", "Paid amount: 0 EUR\nBalance: 800 EUR\n")}


def test_a_folder_named_like_a_field_asks_for_no_figure_of_it(tmp_path):
    """In the folder 'balances', 'how much has been paid in total?' said 'Paid: B-1 (Alpha, 0 EUR) ... comes to 0 EUR':
    the folder's name read as asking for the Balance field's total."""
    text = ask(tmp_path, "In the folder balances, how much has been paid in total?", PAID_SPLIT, "balances")
    assert text.startswith("Paid: B-1 (Alpha). I give no total: the records have several amounts"), text
    assert "0 EUR" not in text
    listed = ask(tmp_path, "In the folder balances, which invoices are paid?", {}, "balances")
    assert listed == "Paid: B-1 (Alpha). Based on 2 files read.", listed


def test_who_an_invoice_is_for_says_when_it_names_no_client(tmp_path):
    """'who is X-4 for?' of an invoice with no Client line said 'Number X-4: X-4 (paid, 100 EUR).', its status shown
    where its client would be and 'who' left unanswered."""
    files = dict(ALPHA_BETA, **{"X-4.txt": "Invoice X-4\nAmount: 100 EUR\nStatus: paid\n"})
    text = ask(tmp_path, "In the folder invoices, who is X-4 for?", files)
    assert text.startswith("Number X-4: X-4 (paid, 100 EUR, no Client line)."), text
    text = ask(tmp_path, "Dans le dossier invoices, à qui est la facture X-4 ?", {})
    assert text.startswith("Numéro X-4 : X-4 (paid, 100 EUR, pas de ligne Client)."), text
    assert ask(tmp_path, "In the folder invoices, who is A-2 for?", {}).startswith("Number A-2: A-2 (Beta, 200 EUR).")


def test_two_words_of_one_status_joined_by_or_ask_for_that_status(tmp_path):
    """'which invoices are paid or settled?' listed every invoice, the unpaid ones too ('Records: A-1 ..., A-2 ...'),
    as if 'paid or unpaid' had been asked."""
    files = dict(ALPHA_BETA, **{"A-4.txt": invoice("A-4", "Gamma", "70 EUR", "settled")})
    for task in ["In the folder invoices, which invoices are paid or settled?",
                 "Dans le dossier invoices, quelles factures sont payées ou réglées ?"]:
        text = ask(tmp_path, task, files)
        assert text.startswith(("Paid: A-1 (Alpha, 100 EUR) and A-4 (Gamma, 70 EUR).",
                                "Payées : A-1 (Alpha, 100 EUR) et A-4 (Gamma, 70 EUR).")), text
    assert ask(tmp_path, "In the folder invoices, which invoices are paid or unpaid?", {}).startswith("Records: A-1")


def test_records_that_had_a_quantity_leave_out_those_at_zero(tmp_path):
    """'How many days had new snow?' over the station logs listed every day, 'New snow: 0 cm' ones included, and said
    'Day count: 10' (6 had new snow). A quantity a task asks whether a record 'had' is had only when it is not zero;
    'what was the new snow each day?' still shows every day."""
    folder = tmp_path / "station"
    folder.mkdir()
    for day, snow in enumerate(["4 cm", "0 cm", "11 cm", "0 cm"], start=1):
        (folder / f"day-{day:02d}.txt").write_text(f"Day: {day}\nDate: {day} March\nNew snow: {snow}\n", encoding="utf-8")
    tools = samples.invoice_tools(tmp_path)
    run = run_agent(practice_client(), "How many days in the station folder had new snow?", tools)
    assert run.answer.startswith("New snow not 0: day-01 (1, New snow '4 cm') and day-03 (3, New snow '11 cm'). "
                                 "Day count: 2 (1 and 3)."), run.answer
    run = run_agent(practice_client(), "What was the new snow each day in the station folder?", tools)
    assert "day-02 (2, New snow '0 cm')" in run.answer, run.answer


def test_a_french_negation_through_a_verb_and_en_is_not_dropped():
    """'quels jours ne sont pas en alerte tempête ?' listed the storm-warning days, the opposite of what was asked: the
    negation stopped at 'sont' and 'en'. It reaches 'alerte' now, and the task is declined as the English one is."""
    import pathlib

    tools = samples.invoice_tools(pathlib.Path(__file__).resolve().parents[1] / "notebooks-fr" / "data")
    run = run_agent(practice_client(), "Dans le dossier station, quels jours ne sont pas en alerte tempête ?", tools)
    assert "storm warning : 2" not in run.answer and "ni liste ni total" in run.answer, run.answer


def test_a_decline_over_a_folder_of_subfolders_names_those_it_did_not_read(tmp_path):
    """A folder holding a readme and the invoices in 2025/ and 2026/ was declined 'No field of the records says whether
    they are paid', though the invoices do say: it never opened the subfolders (found by the hred hunt). The decline
    now names them."""
    folder = tmp_path / "mixed"
    (folder / "2026").mkdir(parents=True)
    (folder / "readme.md").write_text("Invoices by year.\n", encoding="utf-8")
    (folder / "2026" / "inv-1.txt").write_text("Invoice 1\nClient: Alpha\nAmount: 100 EUR\nStatus: unpaid\n", encoding="utf-8")
    run = run_agent(practice_client(), "In the folder mixed, what's the total unpaid?", samples.invoice_tools(tmp_path))
    assert "I did not read the subfolders mixed/2026/: ask about one at a time." in run.answer, run.answer


def test_a_currency_asked_of_a_total_over_several_currencies_is_declined(tmp_path):
    """'Sum all unpaid amounts in euros' beside an unpaid invoice in USD answered 'Total: 1850 EUR', the USD one left
    out without a word; 'in euros' may ask to leave it out or to convert it, and no currency is converted."""
    files = {"Q-1.txt": invoice("Q-1", "Studio Pomme", "850 EUR", "unpaid"),
             "Q-2.txt": invoice("Q-2", "Café Nuit", "640 USD", "unpaid"),
             "Q-3.txt": invoice("Q-3", "Jardin Clos", "1000 EUR", "unpaid")}
    for task in ["In the folder invoices, sum all unpaid amounts in euros.", "In the folder invoices, what do I owe in euros?",
                 "In the folder invoices, what is the unpaid total in dollars?"]:
        text = ask(tmp_path, task, files)
        assert "Total" not in text and "I convert no currency" in text, text
    assert "ne convertis aucune devise" in ask(tmp_path, "Dans le dossier invoices, total des impayés en euros", files)
    assert ask(tmp_path, "In the folder invoices, which invoices are in USD?", files).startswith("Amount USD: Q-2")
    assert "Total: 1850 EUR" in ask(tmp_path, "In the folder invoices, what is the total of the EUR invoices?", files)


def test_a_currency_asked_of_one_client_is_asked_of_its_invoices_only(tmp_path):
    """'Combien doit Harbor Tech en dollars ?' was declined (it might ask to convert the EUR ones) though every
    invoice of Harbor Tech is in USD; a client with an invoice in another currency still gets the decline."""
    files = {"H-1.txt": invoice("H-1", "Harbor Tech", "1,300 USD", "unpaid"),
             "H-2.txt": invoice("H-2", "Harbor Tech", "700 USD", "paid"),
             "H-3.txt": invoice("H-3", "Boulangerie Lune", "420 EUR", "unpaid"),
             "H-4.txt": invoice("H-4", "Boulangerie Lune", "90 USD", "unpaid")}
    assert "Total : 1\u202f300 USD" in ask(tmp_path, "Dans le dossier invoices, combien doit Harbor Tech en dollars ?", files)
    assert "Total: 1300 USD" in ask(tmp_path, "In the folder invoices, how much does Harbor Tech owe in dollars?", files)
    text = ask(tmp_path, "In the folder invoices, how much does Boulangerie Lune owe in euros?", files)
    assert "Total" not in text and "leave out the amounts in USD" in text, text


def test_the_folder_or_my_folder_names_no_folder(tmp_path):
    """'How many files are in my folder?' listed a folder named 'my' (and 'the', 'this'), and the error it got leaked
    into the answer."""
    files = {"Q-1.txt": invoice("Q-1", "Studio Pomme", "850 EUR", "unpaid")}
    for task in ["How many invoices are in the folder?", "List the files in the folder", "How many files are in my folder?",
                 "What is in this folder?"]:
        (tmp_path / "invoices").mkdir(exist_ok=True)
        (tmp_path / "invoices" / "Q-1.txt").write_text(files["Q-1.txt"], encoding="utf-8")
        run = run_agent(practice_client(), task, samples.invoice_tools(tmp_path / "invoices"), max_turns=8)
        assert all(given.get("folder") in (None, ".") for name, given in run.tool_calls), run.tool_calls
        assert "failed" not in run.answer, run.answer


def test_a_count_of_clients_beside_a_record_it_cannot_classify_counts_clients(tmp_path):
    """'How many clients owe money?' beside an invoice 'paid 50%' answered 'a complete count of the records: 3 listed'
    (the invoices) where the clients listed are 2; the count is of what was asked, and still said to be incomplete."""
    files = {"A-1.txt": invoice("A-1", "Alpha Conseil", "500 EUR", "unpaid"),
             "A-2.txt": invoice("A-2", "Alpha Conseil", "300 EUR", "unpaid"),
             "B-1.txt": invoice("B-1", "Beta Labs", "200 EUR", "unpaid"),
             "E-1.txt": invoice("E-1", "Echo Bois", "400 EUR", "paid 50%")}
    for task in ["In the folder invoices, how many clients owe money?", "Count the clients with unpaid invoices."]:
        text = ask(tmp_path, task, files)
        assert "3 listed" not in text and "complete Client count: 2 among those listed" in text, text
    text = ask(tmp_path, "Combien de clients ont des factures impayées ?", files)
    assert "nombre complet de Client : 2 parmi les fiches listées (Alpha Conseil et Beta Labs)" in text, text


def test_a_count_of_the_word_of_the_status_field_counts_records(tmp_path):
    """'How many payments are pending?' beside 'Payment: pending' on two invoices answered 'Payment count: 1
    (pending)': the distinct values of the status field, not the payments."""
    files = {"P-1.txt": "Invoice P-1\nClient: Sel\nAmount: 80 EUR\nPayment: paid\n",
             "P-2.txt": "Invoice P-2\nClient: Sel\nAmount: 45 EUR\nPayment: pending\n",
             "P-3.txt": "Invoice P-3\nClient: Bois\nAmount: 60 EUR\nPayment: pending\n"}
    assert "Count: 2." in ask(tmp_path, "In the folder invoices, how many payments are pending?", files)
    assert "Count: 3." in ask(tmp_path, "In the folder invoices, how many payments are there?", files)


ORDERS = {"O-1.txt": "Order O-1\nCustomer: Caro Bistro\nDelivery: shipped\nTotal: 240 EUR\n",
          "O-2.txt": "Order O-2\nCustomer: Caro Bistro\nDelivery: delivered\nTotal: 60 EUR\n",
          "O-3.txt": "Order O-3\nCustomer: Lune Café\nDelivery: not shipped\nTotal: 140 EUR\n",
          "O-4.txt": "Order O-4\nCustomer: Brise Hôtel\nDelivery: delivered\nTotal: 400 EUR\n"}


def test_a_count_named_by_a_field_of_states_counts_records_or_declines(tmp_path):
    """'How many deliveries have been delivered?' listed two and said 'Delivery count: 1 (delivered)', the distinct
    values of the field; 'How many deliveries are there?' said 4 distinct states as if they were deliveries."""
    text = ask(tmp_path, "In the folder invoices, how many deliveries have been delivered?", ORDERS)
    assert "Count: 2." in text and "Delivery count" not in text, text
    text = ask(tmp_path, "In the folder invoices, how many deliveries are there?", ORDERS)
    assert "I did not count 'deliveries'" in text and "Delivery count" not in text, text
    assert "Customer count: 3" in ask(tmp_path, "In the folder invoices, how many customers are there?", ORDERS)


def test_a_value_that_negates_the_word_named_is_not_that_value(tmp_path):
    """'How many deliveries were shipped?' took 'not shipped' for shipped too (2, not 1), and 'How many deliveries
    are not shipped?' left out both, answering 'not not shipped or shipped'."""
    for task in ["In the folder invoices, how many deliveries were shipped?",
                 "In the folder invoices, how many deliveries are not shipped?"]:
        text = ask(tmp_path, task, ORDERS)
        assert "count" not in text.lower().split("names more than one")[0] and "not shipped and shipped" in text, text


def test_fully_paid_is_not_counted_from_the_paid_invoices_alone(tmp_path):
    """'How many clients have fully paid?' counted Beta, whose other invoice is unpaid."""
    text = ask(tmp_path, "In the folder invoices, how many clients have fully paid?", ALPHA_BETA | {
        "A-4.txt": invoice("A-4", "Beta", "90 EUR", "paid")})
    assert "Client count" not in text and "I did not count 'clients'" in text, text


def log(day: int, date: str, observer: str, status: str, cost: str, more: str = "") -> str:
    """A station log of the hunt's shape: one day, a status and a cost."""
    return (f"# Station log, day {day}\nDay: {day}\nDate: {date}\nObserver: {observer}\nStatus: {status}\n"
            f"Clearing cost: {cost}\n{more}")


PEAKS = {f"day-0{d}.txt": log(d, f"{d + 10} January", who, status, cost) for d, who, status, cost in [
    (1, "T. Rowe", "calm", "0 EUR"), (2, "T. Rowe", "snow warning", "40 EUR"), (3, "M. Ibsen", "calm", "15 EUR"),
    (4, "M. Ibsen", "snow warning and ice warning", "90 EUR"), (5, "T. Rowe", "calm", "0 EUR")]}


def test_a_range_of_days_is_declined_not_read_as_its_two_ends(tmp_path):
    """'from day 1 to day 4' was read 'day 1 or day 4' (the day between dropped from the total)."""
    for task in ["In the folder station, what is the total clearing cost from day 1 to day 4?",
                 "In the folder station, which days from day 2 to day 4 had a snow warning?"]:
        text = ask(tmp_path, task, PEAKS, "station")
        assert "I cannot take a range of numbers ('" in text and "to day 4')" in text and "EUR)" not in text, text


def test_a_date_without_its_year_is_a_condition_not_dropped(tmp_path):
    """'le 12 janvier' lost its day (read like the 54 of 'Studio 54') and every day's cost was added up."""
    files = {k: v.replace("January", "janvier") for k, v in PEAKS.items()}
    text = ask(tmp_path, "Dans le dossier station, quel est le total des frais le 12 janvier ?", files, "station")
    assert "la condition 'le 12 janvier'" in text and "145" not in text, text
    assert "'on 13 January'" in ask(tmp_path, "In the folder station, what is the clearing cost on 13 January?", PEAKS,
                                    "station")


def test_a_figure_for_each_value_of_a_field_is_said_as_not_given(tmp_path):
    """'how many days did each observer log?' got one count of every day, as if it answered."""
    text = ask(tmp_path, "In the folder station, how many days did each observer log?", PEAKS, "station")
    assert "I did not answer 'each observer'" in text, text
    text = ask(tmp_path, "In the folder station, what is the total clearing cost by observer?", PEAKS, "station")
    assert "I did not answer 'by observer'" in text, text
    assert "I did not answer" not in ask(tmp_path, "In the folder station, what is the clearing cost of each day?",
                                         PEAKS, "station")  # a day is one record: the list is per day


def test_a_french_count_of_a_field_with_an_elided_de_counts_its_values(tmp_path):
    """'combien d'observateurs' counted the records (5); the English wording counted the observers (2)."""
    files = {k: v.replace("Observer:", "Observateur :") for k, v in PEAKS.items()}
    text = ask(tmp_path, "Dans le dossier station, combien d'observateurs y a-t-il ?", files, "station")
    assert "Nombre d'Observateur : 2 (T. Rowe et M. Ibsen)" in text, text


def test_two_values_joined_by_or_are_not_read_as_the_value_holding_both(tmp_path):
    """'a snow warning or an ice warning' selected only the day with both; 'T. Rowe or M. Ibsen' still takes either."""
    text = ask(tmp_path, "In the folder station, which days had a snow warning or an ice warning?", PEAKS, "station")
    assert "I cannot combine values of Status with 'or'" in text and "4 (14 January)" not in text, text
    text = ask(tmp_path, "In the folder station, how many days had observer T. Rowe or M. Ibsen?", PEAKS, "station")
    assert "Day count: 5" in text, text


def test_a_time_in_a_remark_is_no_field(tmp_path):
    """'A snow warning was issued at 06:00 and lifted at 11:00.' was read as a field 'A snow warning was issued at 06',
    and the day whose status says the warning was lifted was asked to match it too: 'none'."""
    files = {**PEAKS, "day-03.txt": PEAKS["day-03.txt"].replace("calm", "snow warning lifted")
             + "\nRemarks\nA snow warning was issued at 06:00 and lifted at 11:00.\n"}
    text = ask(tmp_path, "In the folder station, on which days was a warning lifted?", files, "station")
    assert text.startswith("Status snow warning lifted: 3 (13 January, 15 EUR)."), text


def shaped(tmp_path, task: str, files: dict[str, str], schema_props: dict, before: list = ()) -> str:
    """The structured answer (or refusal text) after a run of `task` over `files`, `before` the earlier turns."""
    (tmp_path / "invoices").mkdir(exist_ok=True)
    for name, text in files.items():
        (tmp_path / "invoices" / name).write_text(text, encoding="utf-8")
    client, tools = practice_client(), samples.invoice_tools(tmp_path)
    schema = {"type": "object", "properties": schema_props, "required": list(schema_props), "additionalProperties": False}
    messages = [*before, *run_agent(client, task, tools).messages[:-1]]  # the follow-up's run, after earlier turns
    reply = client.messages.create(model=MODEL, max_tokens=500, tools=[t.to_api() for t in tools], messages=messages,
                                   output_config={"format": {"type": "json_schema", "schema": schema}})
    return reply.content[0].text if reply.stop_reason == "end_turn" else "refusal: " + (reply.stop_details.explanation or "")


def test_structured_output_counts_what_the_task_counts(tmp_path):
    """'How many clients are there?' with {count} gave 3, the invoices; the text said 'Client count: 2'."""
    count = {"count": {"type": "integer"}}
    assert shaped(tmp_path, "In the folder invoices, how many clients are there?", ALPHA_BETA, count) == '{"count": 2}'
    assert shaped(tmp_path, "In the folder invoices, how many invoices are there?", ALPHA_BETA, count) == '{"count": 3}'


def test_a_bare_total_beside_paid_and_unpaid_figures_is_refused(tmp_path):
    """'Which are paid and which are unpaid, and what is the total?' with {total} gave the unpaid total alone, the
    paid ones being in two currencies; and 'the paid ones and the total of the unpaid ones' the grand total."""
    files = {**ALPHA_BETA, "A-4.txt": invoice("A-4", "Gamma", "80 USD", "paid")}
    total = {"total": {"type": "number"}}
    task = "In the folder invoices, which invoices are paid and which are unpaid, and what is the total?"
    assert shaped(tmp_path, task, files, total).startswith("refusal")
    task = "In the folder invoices, show the paid invoices and the total of the unpaid ones."
    assert shaped(tmp_path, task, ALPHA_BETA, total).startswith("refusal")


def test_structured_output_takes_nothing_from_a_follow_up_read_alone(tmp_path):
    """After 'Which invoices are unpaid?', 'How many?' with {count} gave 3, every invoice, where the text says it read
    the last message alone."""
    before = [{"role": "user", "content": "In the folder invoices, which invoices are unpaid?"},
              {"role": "assistant", "content": "A-2 and A-3."}]
    text = shaped(tmp_path, "In the folder invoices, how many invoices are there?", ALPHA_BETA,
                  {"count": {"type": "integer"}}, before)
    assert text.startswith("refusal"), text


def loan(number: str, who: str, fee: str, returned: str, more: str = "") -> str:
    return f"Loan {number}\nBorrower: {who}\nFee: {fee}\nReturned: {returned}\n{more}"


LOANS = {"L-1.txt": loan("L-1", "Ada Brook", "4 EUR", "yes", "Pages: 200\n"),
         "L-2.txt": loan("L-2", "Ada Brook", "6 EUR", "no", "Pages: 350\n"),
         "L-3.txt": loan("L-3", "Noor Vale", "5 EUR", "yes", "Pages: 120\n")}


def test_a_yes_or_no_field_the_task_names_selects_the_records(tmp_path):
    """'which loans were returned?' listed every loan, 'Returned: no' ones too (and totalled them)."""
    text = ask(tmp_path, "In the folder loans, which loans were returned?", LOANS, "loans")
    assert text.startswith("Returned yes: L-1 (") and "L-2" not in text, text
    text = ask(tmp_path, "In the folder loans, list the loans where Returned is no.", LOANS, "loans")
    assert text.startswith("Returned no: L-2 (") and "L-1 " not in text, text
    text = ask(tmp_path, "In the folder loans, what is the total fee of returned loans?", LOANS, "loans")
    assert "Total: 9 EUR" in text, text
    text = ask(tmp_path, "In the folder loans, has Ada Brook returned all her loans?", LOANS, "loans")
    assert "L-2" in text, text  # a yes/no question about all of them: both shown, none hidden


def test_a_total_or_a_bound_of_a_quantity_is_not_taken_from_the_money(tmp_path):
    """'how many pages in total?' gave the fees' total in EUR; 'more than 300 pages' compared the fees: 'none'."""
    text = ask(tmp_path, "In the folder loans, how many pages in total?", LOANS, "loans")
    assert "I did not total 'pages'" in text and "EUR." not in text.split("I did not total")[1], text
    text = ask(tmp_path, "In the folder loans, which loans have more than 300 pages?", LOANS, "loans")
    assert text.startswith("I cannot apply 'more than 300 pages'"), text


def test_a_workflow_status_is_no_payment_state(tmp_path):
    """'Status: open' beside 'Status: closed' on tickets was read as unpaid: 'which tickets are unpaid?' listed them."""
    files = {f"t{i}.txt": f"Ticket T-{i}\nRequester: Kim\nStatus: {s}\nCost: {c} EUR\n"
             for i, s, c in [(1, "open", 100), (2, "closed", 40), (3, "open", 60)]}
    for task in ["In the folder tickets, which tickets are unpaid?", "In the folder tickets, what is the total owed?"]:
        text = ask(tmp_path, task, files, "tickets")
        assert text.startswith("The records' Status (closed and open) says no payment state"), text


def test_a_word_naming_a_date_field_is_no_status_filter(tmp_path):
    """'when was D-2 shipped?' filtered on 'Status: shipped' (D-2 is delivered): 'none'; the Shipped date is asked."""
    files = {f"D-{i}.txt": f"Delivery D-{i}\nStatus: {s}\nShipped: 2026-10-0{i}\n" for i, s in [(1, "shipped"), (2, "delivered")]}
    text = ask(tmp_path, "In the folder deliveries, when was D-2 shipped?", files, "deliveries")
    assert "D-2: Shipped 2026-10-02" in text and ": none" not in text, text


def test_a_value_no_filter_placed_is_not_answered_with_every_record(tmp_path):
    """'which tasks are done?' listed all three tasks, 'done' placed by no filter."""
    files = {f"g{i}.txt": f"Task G-{i}\nOwner: Lee\nStatus: {s}\nBudget: {b} EUR\n"
             for i, s, b in [(1, "pending", 500), (2, "done", 1200), (3, "open", 300)]}
    text = ask(tmp_path, "In the folder tasks, which tasks are done?", files, "tasks")
    assert text.startswith("'done' is a value of Status that I could not select records on"), text


def test_a_count_asked_fills_no_total(tmp_path):
    """'how many claims were approved?' with {total} gave the approved claims' sum."""
    files = {f"c{i}.txt": f"Claim C-{i}\nStatus: {s}\nAmount: {a} EUR\n" for i, s, a in [(1, "approved", 230),
                                                                                       (2, "rejected", 58), (3, "approved", 20)]}
    text = shaped(tmp_path, "In the folder invoices, how many claims were approved?", files, {"total": {"type": "number"}})
    assert text.startswith("refusal"), text


FERRIES = {f"f-{n}.txt": f"Ferry {n}\nFrom: {a}\nTo: {b}\nLeaves: {t}\nFare: {fare} EUR\n" for n, a, b, t, fare in [
    ("F1", "Brest", "Ouessant", "08:00", 30), ("F2", "Brest", "Molène", "09:30", 25), ("F3", "Ouessant", "Brest", "17:00", 30)]}
GAMES = {f"g-{n}.txt": f"Game {n}\nHome: {h}\nAway: {a}\nHome score: {hs}\nAway score: {as_}\n" for n, h, a, hs, as_ in [
    (1, "Owls", "Foxes", 2, 0), (2, "Foxes", "Hares", 1, 1), (3, "Hares", "Owls", 0, 3)]}
LENDING = {f"l-{n}.txt": f"Loan {n}\nTitle: {t}\nReader: {r}\nOut since: 2026-0{n}-01\nCopies: {c}\n" for n, t, r, c in [
    (1, "Kim", "Sacha", 2), (2, "Nana", "Jules", 1)]}


def test_a_value_is_matched_on_the_side_the_task_gives_it(tmp_path):
    """hred18: 'which trains go to Lyon?' listed every train leaving Lyon, 'trains from Paris?' those going to Paris,
    and 'matches with Lions away?' said none (a value of Home and Away was asked of both at once)."""
    to_brest = ask(tmp_path, "Ferries folder: which ferries go to Brest?", FERRIES, "ferries")
    assert "F1" not in to_brest and "F2" not in to_brest, to_brest
    from_ouessant = ask(tmp_path, "Ferries folder: ferries from Ouessant?", FERRIES, "ferries")
    assert "F1" not in from_ouessant and "F3" in from_ouessant or "give no list" in from_ouessant, from_ouessant
    away = ask(tmp_path, "Games folder: games with the Owls away?", GAMES, "games")
    assert "3" in away and "none" not in away, away
    either = ask(tmp_path, "Games folder: games with the Owls?", GAMES, "games")
    assert "none" not in either and ("both Home and Away" in either or "1" in either and "3" in either), either


def test_who_shows_the_field_naming_a_person_or_says_there_is_none(tmp_path):
    """'who borrowed Dune?' showed the loan without its Borrower (hred18); 'where does IC205 go?' without its To."""
    who = ask(tmp_path, "Lending folder: who has Kim?", LENDING, "lending")
    assert "Reader 'Sacha'" in who, who
    where = ask(tmp_path, "Ferries folder: where does F2 go?", FERRIES, "ferries")
    assert "To 'Molène'" in where, where
    nobody = ask(tmp_path, "Ferries folder: who has F2?", FERRIES, "ferries")
    assert "no field of the records names a person" in nobody, nobody


def test_how_many_of_a_field_of_one_record_is_not_a_count_of_records(tmp_path):
    """'how many items are in order 104?' answered 'Count: 1', the records listed, beside Items '5' (hred18)."""
    orders = {f"o-{n}.txt": f"Order {n}\nCustomer: {c}\nTotal: {t} EUR\nItems: {i}\n" for n, c, t, i in [
        (7, "Ida", 40, 3), (8, "Lou", 15, 1)]}
    items = ask(tmp_path, "Orders folder: how many items are in order 7?", orders, "orders")
    assert "Count: 1" not in items and "Items '3'" in items, items


def test_a_french_task_naming_its_folder_with_dossier_is_answered_in_french(tmp_path):
    """'Dossier timetable : quand part l'IC205 ?' got an English decline (hred18): 'dossier' and the elided "l'" were
    not counted as French words, 'quand' alone was too few."""
    text = ask(tmp_path, "Dossier ferries : quand part l'F2 ?", FERRIES, "ferries")
    assert text.startswith("Je ") and "I could not" not in text, text


PANTRY = {f"p-{n}.txt": f"Item P-{n}\nName: {name}\nQuantity: {q}\nMinimum: {m}\nLocation: {loc}\n" for n, name, q, m, loc in [
    (1, "Flour", "2.5 kg", "1 kg", "shelf A"), (2, "Sugar", "800 g", "2 kg", "shelf A"), (3, "Eggs", "18 pieces", "6 pieces",
                                                                                        "fridge"),
    (4, "Rice", "3 kg", "5 kg", "shelf B")]}
TEAM = {f"s-{n}.txt": f"Staff S-{n}\nName: {name}\nRole: {role}\nReports to: {boss}\n" for n, name, role, boss in [
    (1, "Rosa Lind", "CEO", "nobody"), (2, "Igor Vale", "Head of Sales", "Rosa Lind"), (3, "Uma Roy", "Sales rep", "Igor Vale"),
    (4, "Eli Park", "Sales rep", "Igor Vale")]}


def test_a_value_written_whole_is_the_one_meant_and_a_unit_names_no_value(tmp_path):
    """hred20: 'shelf A' was read as 'shelf A or shelf B' (the 'A' a little word), and 'in kg' as a filter on every kg
    value, Quantity and Minimum alike, answering 'none'."""
    shelf = ask(tmp_path, "In the folder pantry, which items are on shelf A?", PANTRY, "pantry")
    assert "P-1" in shelf and "P-2" in shelf and "P-4" not in shelf, shelf
    kg = ask(tmp_path, "In the folder pantry, how much sugar is there in kg?", PANTRY, "pantry")
    assert "none" not in kg and "Minimum" not in kg, kg


def test_a_name_after_the_field_the_task_names_is_that_fields_value(tmp_path):
    """hred20: 'who reports to Igor Vale?' filtered Name and Reports to at once ('none'); 'who reports to Uma Roy?'
    listed Uma's own record; 'what is Igor Vale's role?' answered 'none'."""
    reports = ask(tmp_path, "In the folder staff, who reports to Igor Vale?", TEAM, "staff")
    assert "S-3" in reports and "S-4" in reports and "S-2" not in reports.split("Based on")[0].replace("S-2 ", ""), reports
    nobody = ask(tmp_path, "In the folder staff, who reports to Uma Roy?", TEAM, "staff")
    assert "none" in nobody and "S-3" not in nobody, nobody
    role = ask(tmp_path, "In the folder staff, what is Igor Vale's role?", TEAM, "staff")
    assert "none" not in role and ("Head of Sales" in role or "of both Name and Reports to" in role), role


def test_how_many_of_a_thing_a_record_is_named_for_is_not_a_count_of_records(tmp_path):
    """'how many eggs are there?' answered 'Count: 1', the record named Eggs (hred20; 18 eggs)."""
    eggs = ask(tmp_path, "In the folder pantry, how many eggs are there?", PANTRY, "pantry")
    assert "Count: 1" not in eggs and "I did not count 'eggs'" in eggs, eggs


def test_a_reply_is_the_same_whatever_the_hash_seed(tmp_path):
    """A value holding a number was struck out of the task in set order, so 'which item has a quantity of 2.5 kg?' got
    another reply under another PYTHONHASHSEED (hred20)."""
    folder = tmp_path / "pantry"
    folder.mkdir()
    for name, text in PANTRY.items():
        (folder / name).write_text(text, encoding="utf-8")
    code = ("import sys; from looplab import samples; from looplab.client import practice_client; "
            "from looplab.loop import run_agent; print(run_agent(practice_client(), sys.argv[1], "
            "samples.invoice_tools(sys.argv[2]), max_turns=8).answer)")
    replies = {subprocess.run([sys.executable, "-c", code, "In the folder pantry, which item has a quantity of 2.5 kg?",
                               str(tmp_path)], capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed},
                              check=True).stdout for seed in ("0", "1", "2", "3")}
    assert len(replies) == 1, replies


PEOPLE = {f"e-{n}.txt": f"Person {n}\nName: {name}\nManager: {boss}\nRole: {role}\n" for n, name, boss, role in [
    (1, "Ines Kort", "nobody", "Director"), (2, "Omar Vidal", "Ines Kort", "Lead"), (3, "Lea Brun", "Omar Vidal", "Analyst")]}
DEALS = {f"d-{n}.txt": f"Deal D-{n}\nBuyer: {b}\nSeller: {s}\nAmount: {a} EUR\n" for n, b, s, a in [
    (1, "Vesta SA", "Orno AG", 500), (2, "Orno AG", "Vesta SA", 300), (3, "Kilo Oy", "Orno AG", 200)]}


def test_a_name_two_fields_hold_is_not_filtered_on_both(tmp_path):
    """hred22: 'who reports to Omar Vidal?' with Name and Manager both holding him answered 'none' (both filtered at
    once); 'who reports to Lea Brun?' listed Lea's own record; 'the total where Orno AG is the seller' came to 0."""
    for task in ["In the folder people, who reports to Omar Vidal?", "In the folder people, what is Omar Vidal's role?"]:
        text = ask(tmp_path, task, PEOPLE, "people")
        assert ": none." not in text and ("of both Name and Manager" in text or "says who reports to them" in text), text
    lea = ask(tmp_path, "In the folder people, who reports to Lea Brun?", PEOPLE, "people")
    assert "no field the task names says who reports to them" in lea, lea
    seller = ask(tmp_path, "In the folder deals, what is the total where Orno AG is the seller?", DEALS, "deals")
    assert "Total: 700 EUR" in seller and "where" not in seller.split("Total")[1], seller


@pytest.mark.parametrize("task", ["When it rains in Lyon, look up 'data'.", "Look up 'ai' when it is sunny in Lille.",
                                  "Look up 'design', or rather 'writing'.", "Cherche 'ai', je veux dire 'design'."])
def test_a_lookup_under_an_english_condition_or_taken_back_is_not_done(task):
    """hred22: 'When it rains in Lyon, look up data' looked it up whatever the weather; 'or rather' showed both keys."""
    run = run_agent(practice_client(), task, samples.weather_and_calc() + samples.catalogue_tools())
    assert run.tool_calls == [], (run.tool_calls, run.answer)


@pytest.mark.parametrize("task", ["Actually, look up 'ai'.", "En fait, cherche 'ai'."])
def test_a_lookup_after_a_marker_that_takes_nothing_back_is_done(task):
    """'Actually' before the only key takes nothing back: the key is looked up, as one after 'No wait' is."""
    run = run_agent(practice_client(), task, samples.catalogue_tools())
    assert run.tool_calls == [("lookup", {"key": "ai"})], (run.tool_calls, run.answer)
