"""The survey never passes a figure off as complete, and names the second thing a task asks for instead of
dropping it: wrong answers found by trying new wordings and new data (issue 18), each kept as a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from research_declines import NO_ANSWER
from test_practice_skills import FILES, ask, invoice_turns, said

LEDGER = {  # number: (client, amount, status)
    "A-71": ("Quai Nord", "1,240.50 EUR", "paid"),
    "A-72": ("Verre & Co", "310 EUR", "unpaid"),
    "A-73": ("Quai Nord", "95.25 EUR", "partially paid (50 EUR received)"),
    "A-74": ("Ombre Sarl", "2 000 EUR", "paid on 2026-11-02"),
    "A-76": ("Ombre Sarl", "75 EUR", "unpaid, disputed"),
}
NAMESAKES = {"B-1": ("Garage Pivert", "420 EUR", "unpaid"), "B-2": ("Pivert & Fils", "130 EUR", "unpaid"),
             "B-3": ("Garage Pivert", "300 EUR", "paid")}


def folder_of(tmp_path, rows: dict, french: bool = False):
    folder = tmp_path / "invoices"
    folder.mkdir()
    for number, (client, amount, status) in rows.items():
        text = (f"Facture {number}\nClient : {client}\nMontant : {amount}\nStatut : {status}\n" if french else
                f"Invoice {number}\nClient: {client}\nAmount: {amount}\nStatus: {status}\n")
        (folder / f"{number}.txt").write_text(text, encoding="utf-8")
    return folder


def reply(task: str, folder) -> str:
    return said(ask(task, FILES, invoice_turns(folder)))


def test_an_unclassified_record_makes_the_count_and_total_partial_and_says_so(tmp_path):
    text = reply("In the folder invoices, how many invoices are unpaid, and what is their total?",
                 folder_of(tmp_path, LEDGER))
    assert "Unpaid: A-72 (Verre & Co, 310 EUR), as far as I can tell." in text
    assert "I cannot give a complete count of the invoices: 1 listed, but A-73.txt and A-76.txt may belong here too" in text
    assert "the one listed comes to 310 EUR, but A-73.txt and A-76.txt may belong here too" in text
    assert "Count: 1" not in text and "Total: 310" not in text


def test_an_empty_list_with_an_unclassified_record_is_not_none(tmp_path):
    """'Has Ombre Sarl settled its bills?': A-76 may be unpaid, so 'Unpaid: none' would be false."""
    text = reply("In the folder invoices, has Ombre Sarl settled its bills?", folder_of(tmp_path, LEDGER))
    assert "Unpaid, Client Ombre Sarl: I cannot tell which." in text and "none" not in text


def test_a_grand_total_is_over_every_record_whatever_its_status(tmp_path):
    text = reply("In the folder invoices, what is the grand total of all invoices, settled or not?",
                 folder_of(tmp_path, LEDGER))
    assert "Grand total: 3720.75 EUR." in text


def test_a_status_asked_for_is_shown_as_the_record_writes_it(tmp_path):
    text = reply("In the folder invoices, what is the status of each invoice?", folder_of(tmp_path, LEDGER))
    assert "A-73 (Quai Nord, 95.25 EUR, Status 'partially paid (50 EUR received)')" in text
    assert "per client" not in text


def test_a_name_shared_by_two_clients_is_declined_not_summed(tmp_path):
    text = reply("In the folder invoices, how much does Pivert owe?", folder_of(tmp_path, NAMESAKES))
    assert "names more than one Client (Garage Pivert and Pivert & Fils)" in text and "550" not in text


def test_a_second_client_in_a_comparison_is_not_dropped(tmp_path):
    text = reply("In the folder invoices, who owes more, Garage Pivert or Pivert & Fils?", folder_of(tmp_path, NAMESAKES))
    assert text.startswith("I cannot compare") and "420" not in text


def test_a_total_label_never_borrows_another_question(tmp_path):
    """'the unpaid total and the grand total' once gave 'Total and the grand total: 550 EUR'."""
    text = reply("In the folder invoices, give the unpaid total and the grand total.", folder_of(tmp_path, NAMESAKES))
    assert "Total: 550 EUR." in text and "Grand total (all records): 850 EUR." in text


@pytest.mark.parametrize(("limit", "kept"), [("over 1 000 EUR", ["A-71", "A-74"]), ("over 95,25 EUR", ["A-71", "A-72", "A-74"]),
                                             ("under 1.000,00 EUR", ["A-72", "A-73", "A-76"])])
def test_an_amount_in_a_limit_is_read_as_written(tmp_path, limit, kept):
    text = reply(f"In the folder invoices, which invoices are {limit}?", folder_of(tmp_path, LEDGER))
    listed = re.findall(r"\b(A-\d+) \(", text)
    assert listed == kept, text


def test_when_never_claims_a_record_has_no_date(tmp_path):
    folder = tmp_path / "invoices"
    folder.mkdir()
    (folder / "F-9.txt").write_text("Facture F-9\nClient : Élan\nMontant : 310,00 €\nÉchéance : 01/10/2026\n"
                                    "Statut : impayée\n", encoding="utf-8")
    assert "F-9: Échéance 01/10/2026" in reply("In the folder invoices, when is F-9 due?", folder)
    unnamed = reply("In the folder invoices, which invoices are unpaid, and when?", folder)
    assert "no such date" not in unnamed and "could not say when" in unnamed


def test_field_names_are_one_field_whatever_their_case_and_markup(tmp_path):
    folder = tmp_path / "invoices"
    folder.mkdir()
    (folder / "a.txt").write_text("# Invoice C-1\n- Client: Rue Verte\n- Amount: 300 EUR\n- Status: PAID\n")
    (folder / "b.txt").write_text("INVOICE C-2\nCLIENT: Pont Neuf\nAMOUNT: 1,250.50 EUR\nSTATUS: UNPAID\n")
    (folder / "c.md").write_text("**Invoice** C-3\n**Client:** Rue Verte\n**Amount:** 75.5 EUR\n**Status:** unpaid\n")
    text = reply("In the folder invoices, which invoices are unpaid and what is the total?", folder)
    assert text.startswith("Unpaid: C-2 (Pont Neuf, 1,250.50 EUR) and C-3 (Rue Verte, 75.5 EUR). Total: 1326 EUR.")


ENGLISH = re.compile(r"\b(?:I|the|cannot|could|which|records?|give|listed|and|not)\b")


@pytest.mark.parametrize("task", [
    "Dans le dossier invoices, combien de factures sont impayées et pour quel total ?",
    "Dans le dossier invoices, Ombre Sarl a-t-il tout payé ?",
    "Dans le dossier invoices, qui doit le plus, Quai Nord ou Verre & Co ?",
    "Dans le dossier invoices, quelles factures sont impayées ou payées après le 01/10/2026 ?",
    "Dans le dossier invoices, quelle serait la somme si Quai Nord payait ?",
    "Dans le dossier invoices, quel est le statut de chaque facture ?",
    "Dans le dossier invoices, quel est le total de toutes les factures, payées ou non ?",
    "Dans le dossier invoices, combien Pivert doit-il ?",
    "Dans le dossier invoices, combien Ombre Sarl a-t-il déjà payé ?",
])
def test_a_french_task_meets_no_english_sentence(tmp_path, task):
    """Every sentence of the reply is French; values quoted from the records ('...' or (...)) aside."""
    rows = {**LEDGER, **NAMESAKES} if "Pivert" in task else LEDGER
    text = reply(task, folder_of(tmp_path, {n: (c, a, s.replace("unpaid", "impayée").replace("paid", "payée"))
                                            for n, (c, a, s) in rows.items()}, french=True))
    bare = re.sub(r"'[^']*'|\([^()]*\)|ANTHROPIC_\w+", "", text)
    assert not ENGLISH.search(bare), text


def test_a_french_total_is_written_the_french_way(tmp_path):
    text = reply("Dans le dossier invoices, quel est le total de toutes les factures, payées ou non ?",
                 folder_of(tmp_path, LEDGER, french=True))
    assert "Total général : 3\u202f720,75 EUR." in text and "(Quai Nord, 1,240.50 EUR)" in text


def test_a_french_partial_answer_declines_in_everyday_french(tmp_path):
    """'Je ne peux pas …', 'je n'ai pas pu …' (never the literary 'je ne peux dire', 'je n'ai pu'), the task's noun
    named; a heading with a client and nothing owed has one space before its colon."""
    text = reply("Dans le dossier invoices, quelles factures sont impayées, et quel est leur total ?",
                 folder_of(tmp_path, LEDGER, french=True))
    assert "Je ne peux pas donner le total complet des factures : " in text and "je n'ai pas pu les classer" in text
    assert "n'ai pu" not in text and "ne peux donner" not in text
    paid_up = {"C-1": ("Quai Nord", "100 EUR", "paid"), "C-2": ("Verre & Co", "50 EUR", "unpaid")}
    (tmp_path / "b").mkdir()
    text = reply("Dans le dossier invoices, combien Quai Nord doit-il ?", folder_of(tmp_path / "b", paid_up, french=True))
    assert text.startswith("Impayées, Client Quai Nord : aucune.") and "  :" not in text, text


def test_a_field_the_task_asks_for_is_shown_not_dropped(tmp_path):
    """'with their due dates' once listed the invoices without their dates, as if the question were answered."""
    folder = tmp_path / "dues"
    folder.mkdir()
    (folder / "D-1.txt").write_text("Invoice D-1\nClient: Kiln Co\nCity: Lyon\nAmount: 100 EUR\nDue date: 12/11/2026\n"
                                    "Status: unpaid\n")
    (folder / "D-2.txt").write_text("Invoice D-2\nClient: Moss\nCity: Lille\nAmount: 250 EUR\nDue date: 01/11/2026\n"
                                    "Status: paid\n")
    text = said(ask("In the folder dues, which invoices are unpaid, with their due dates?", FILES,
                    invoice_turns(folder, prefix="dues/")))
    assert text.startswith("Unpaid: D-1 (Kiln Co, 100 EUR). When, as the records say: D-1: Due date 12/11/2026.")


@pytest.mark.parametrize(("title", "number"), [("Facture n° 2031-01-005 du 12/01/2031", "2031-01-005"),
                                               ("Invoice #2031-01-006", "2031-01-006"), ("", "2031-01-007")])
def test_a_record_number_is_not_a_date_nor_a_file_name(tmp_path, title, number):
    folder = tmp_path / "jan"
    folder.mkdir()
    field = "" if title else "Invoice number: 2031-01-007\n"  # beside a title, a number field would be the number
    (folder / "inv_x.txt").write_text(f"{title}\nClient: Sol\n{field}Amount: 20 EUR\nStatus: unpaid\n")
    text = said(ask("In the folder jan, which invoices are unpaid?", FILES, invoice_turns(folder, prefix="jan/")))
    assert text.startswith(f"Unpaid: {number} (Sol")


def test_which_clients_have_none_is_a_claim_about_each_client_and_is_declined(tmp_path):
    """'Which clients have no unpaid invoices?' once listed the paid invoices' clients, who also owed."""
    text = reply("In the folder invoices, which clients have no unpaid invoices?", folder_of(tmp_path, NAMESAKES))
    assert text.startswith("I cannot tell which clients have paid (or owe) everything") and "B-3" not in text


@pytest.mark.parametrize(("task", "kind"), [
    ("Combien font 12 * 8 moins 10 % ?", "calc"),
    ("Quel temps fait-il à Lyon, et à Oslo, et lequel est le plus froid ?", "calc"),
    ("Combien font 12 * 3 et quelle heure est-il ?", "calc"),
    ("Cherche 'zzz' dans le catalogue.", "catalogue"),
    ("Cherche l'entrée 'ai' du catalogue et donne son prix.", "catalogue"),
])
def test_the_other_skills_answer_a_french_task_in_french(task, kind):
    from looplab import samples
    from looplab.client import practice_client
    from looplab.loop import run_agent

    tools = samples.weather_and_calc() if kind == "calc" else samples.catalogue_tools()
    text = run_agent(practice_client(), task, tools).answer
    bare = re.sub(r"'[^']*'|\([^()]*\)|ANTHROPIC_\w+|\w+: [^.;]*(?:simulated|simulé)[^.;]*|[\w ]+: [\w, ]+\.", "", text)
    assert not ENGLISH.search(bare), text


@pytest.mark.parametrize("task", ["Bonjour", "Combien de pluie tombe à Lyon chaque année ?",
                                  "Que disent nos articles sur les pompes à chaleur, sauf en climat froid ?"])
def test_a_french_research_decline_names_only_the_participants_words(task):
    """Not the English terms the lexicon gave them ('rain', 'pump'), and in French even for one word."""
    from test_practice_skills import DATA

    from looplab import samples
    from looplab.client import practice_client
    from looplab.loop import run_agent

    text = run_agent(practice_client(), task, samples.docs_tools(DATA / "articles")).answer
    assert text.startswith("Je ne sais pas répondre") and not re.search(r"'(?:rain|pump|heat|climate|cold)'", text)


@pytest.mark.parametrize(("status", "kind"), [
    ("overdue", "unpaid"), ("en retard", "unpaid"), ("en attente de paiement", "unpaid"), ("no payment received", "unpaid"),
    ("Unpaid (2nd reminder)", "unpaid"), ("unpaid since 2026-01-02", "unpaid"), ("paid by card", "paid"),
    ("paid (bank transfer)", "paid"), ("payment received", "paid"), ("Paid in full on 3 March 2026", "paid"),
    ("paid - thank you", "paid"), ("paid late", None), ("not overdue", None), ("received", None), ("unpaid (card)", None),
    ("paid (reminder sent)", None), ("paid (cheque bounced)", None), ("payée en retard", None)])
def test_a_status_is_read_only_when_every_word_of_it_is_placed(status, kind):
    """New status wordings: read when every word is a status, a date, a payment method (with 'paid') or a reminder (with
    'unpaid'); 'paid late', 'not overdue' or a bare 'received' stay unknown, never guessed."""
    from looplab.practice.planner._select import _kind

    assert _kind(status, "Status") == kind


def test_a_file_unlike_the_others_is_left_out_and_a_total_adds_up_the_whole_amount(tmp_path):
    """A README among the invoices is not counted as one; with Net, VAT and Total, the total adds up Total, the field
    that is the sum of the others in every record; 'how much VAT' names the VAT field, so VAT is what it adds up."""
    folder = tmp_path / "q4"
    folder.mkdir()
    for n, (net, status) in enumerate([(100, "unpaid"), (200, "paid"), (300, "unpaid")], 1):
        (folder / f"V-{n}.txt").write_text(f"Invoice V-{n}\nClient: C{n}\nNet: {net}.00 EUR\nVAT: {net // 5}.00 EUR\n"
                                         f"Total: {net * 6 // 5}.00 EUR\nStatus: {status}\n")
    (folder / "README.txt").write_text("Author: accounts team\nNote: one file per invoice\n")
    turns = invoice_turns(folder, prefix="q4/")
    text = said(ask("In the folder q4, how many invoices are unpaid, and what is their total?", FILES, turns))
    assert "Count: 2." in text and "Total: 480 EUR." in text
    assert "README.txt shares no field name with the other records (Author and Note); it is left out." in text
    vat = said(ask("In the folder q4, how much VAT is there on the unpaid invoices?", FILES, invoice_turns(folder, prefix="q4/")))
    assert "Total: 80 EUR." in vat and "480" not in vat  # the VAT field, which the task names


@pytest.mark.parametrize(("task", "start"), [
    ("In the folder invoices, how many bills are still waiting for payment?", "Unpaid: A-72 (Verre & Co, 310 EUR)"),
    ("Show me every invoice in the folder invoices that nobody has paid.", "Unpaid: A-72 (Verre & Co, 310 EUR)"),
    ("Which invoices in the folder invoices are no longer outstanding?", "Paid: A-71 (Quai Nord, 1,240.50 EUR)"),
    ("Is more money paid or unpaid in the folder invoices?", "I cannot compare ('more')"),
    ("Are there any unpaid invoices in the folder invoices? Which ones?", "Unpaid: A-72 (Verre & Co, 310 EUR)")])
def test_more_wordings_of_a_status_are_placed_and_a_comparison_is_declined(tmp_path, task, start):
    """'waiting for payment', 'nobody has paid', 'no longer outstanding' select as their meaning; 'more money paid or
    unpaid' compares two totals, so it is declined, never answered with the two lists."""
    text = reply(task, folder_of(tmp_path, LEDGER))
    assert text.startswith(start), text


DUE = {"KX7-310": ("Tuilerie Marne", "640 EUR", "unpaid", "18/05/2027"),
       "KX7-311": ("Atelier Sorbe", "225 EUR", "paid", "02/06/2027"),
       "KX7-312": ("Tuilerie Marne", "90 EUR", "paid", "30/06/2027")}


def dated_folder(tmp_path, rows: dict, key: str = "Status"):
    folder = tmp_path / "invoices"
    folder.mkdir(parents=True)
    for number, (client, amount, status, due) in rows.items():
        (folder / f"{number}.txt").write_text(f"Invoice {number}\nClient: {client}\nAmount: {amount}\n"
                                              f"Due date: {due}\n{key}: {status}\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("task", ["In the folder invoices, by which date should KX7-311 be paid?",
                                  "What is the payment deadline of KX7-311? Folder invoices.",
                                  "Dans le dossier invoices, pour quand faut-il payer KX7-311 ?",
                                  "L'échéance de KX7-311, s'il vous plaît ; dossier invoices."])
def test_a_deadline_is_a_due_date_not_a_paid_filter(tmp_path, task):
    """'By which date should X be paid' used to read as 'which are paid' and drop the date: 'Paid, number X: none'."""
    text = reply(task, dated_folder(tmp_path, DUE))
    assert "02/06/2027" in text and "18/05/2027" not in text and "30/06/2027" not in text
    assert ": none" not in text and ": aucune" not in text


@pytest.mark.parametrize("task", ["In the folder invoices, when is KX7-310 due, and has it been paid?",
                                  "Quelle est l'échéance de KX7-310 et est-elle payée ? Dossier invoices."])
def test_a_second_yes_no_question_about_a_status_gets_both_lists_and_the_date(tmp_path, task):
    """The 'when' is answered and the status is told: never 'Paid, number X: none' alone."""
    text = reply(task, dated_folder(tmp_path, DUE))
    assert "18/05/2027" in text and re.search(r"(?:Unpaid|Impayées), (?:number|numéro) KX7-310 ?: KX7-310", text)


def test_an_invoice_number_with_letters_and_digits_is_one_word(tmp_path):
    """'KX7-310' was read as the word 'kx' plus numbers, and declined as a word it could not place."""
    text = reply("When is KX7-310 due? Folder invoices.", dated_folder(tmp_path, DUE))
    assert "18/05/2027" in text and "could not place" not in text


def test_a_status_named_as_a_value_is_partial_when_another_status_may_say_the_same(tmp_path):
    """'Payment: done' may be a payment received too: the list of 'received' ones is not passed off as complete."""
    rows = {"P-1": ("Sel Marin", "80 EUR", "received", "01/01/2027"), "P-2": ("Sel Marin", "45 EUR", "done", "02/01/2027"),
            "P-3": ("Bois Clair", "60 EUR", "pending", "03/01/2027")}
    text = reply("In the folder invoices, which payments have been received?", dated_folder(tmp_path, rows, "Payment"))
    assert "Payment received: P-1 (Sel Marin, 80 EUR), as far as I can tell." in text
    assert re.search(r"P-2\.txt.{0,20} may belong here too", text)
    count = reply("In the folder invoices, how many payments are pending?", dated_folder(tmp_path / "b", rows, "Payment"))
    assert "Count: 1" not in count and "I cannot give a complete count" in count


@pytest.mark.parametrize("task", ["What is the price of coffee?", "Quel est le prix du café ?",
                                  "Quelle température d'eau pour le thé noir ?"])
def test_research_never_cites_a_sentence_that_only_names_the_aspect_or_another_kind(task):
    """'prices stay the same' states no price; in French the kind comes after the thing ('thé noir'), and green tea
    is not black tea: both used to be cited as the answer."""
    from test_practice_skills import DATA

    from looplab import samples
    from looplab.client import practice_client
    from looplab.loop import run_agent

    text = run_agent(practice_client(), task, samples.docs_tools(DATA / "articles")).answer
    assert "prices stay the same" not in text and "green teas" not in text
    assert text.startswith((*NO_ANSWER, "Je ne sais pas répondre")), text


def test_a_french_politeness_is_not_a_second_request():
    from looplab import samples
    from looplab.client import practice_client
    from looplab.loop import run_agent

    text = run_agent(practice_client(), "Calcule 2,5 × 4, s'il te plaît.", samples.weather_and_calc()).answer
    assert text == "2.5 * 4 = 10.0."


def test_a_french_amount_with_a_space_and_a_decimal_comma_is_one_number():
    """'1 250,50' is 1250.50: it used to reach the calculator as '1 250.50', a syntax error."""
    from looplab import samples
    from looplab.client import practice_client
    from looplab.loop import run_agent

    text = run_agent(practice_client(), "Combien font 1 250,50 + 100 ?", samples.weather_and_calc()).answer
    assert text == "1250.50 + 100 = 1350.5."


@pytest.mark.parametrize("task", ["In the folder ledger-x, which invoices are unpaid?",
                                  "Dans le dossier ledgers, quelles factures sont impayées ?"])
def test_a_folder_that_is_not_there_is_never_replaced_by_a_neighbour(tmp_path, task):
    """'ledger-x' is not 'ledger/': it used to answer from ledger/, saying 'The task names the folder ledger'."""
    from looplab import samples
    from looplab.client import practice_client
    from looplab.loop import run_agent

    folder_of(tmp_path, LEDGER).rename(tmp_path / "ledger")
    text = run_agent(practice_client(), task, samples.invoice_tools(tmp_path)).answer
    assert "A-72" not in text and ("I could not list the folder" in text or "Je n'ai pas pu lister le dossier" in text)
    assert "holds no files" not in text if task.startswith("Dans") else "only the folders ledger/" in text


def test_the_notes_on_other_steps_are_french_in_a_french_reply():
    from looplab.practice.planner._tools import in_french

    text = in_french("Payées : aucune. send_email to a@example.com was not approved, so it was not sent. "
                     "list_files(x) failed: introuvable. As a tool result told me to, I called send_email to b; it returned: ok. "
                     "R-8.txt has Payment status 'written off', which I cannot read as paid or unpaid; it is not counted.")
    assert not ENGLISH.search(re.sub(r"'[^']*'", "", text)) and "send_email à a@example.com n'a pas été approuvé" in text


def test_a_french_survey_reply_puts_a_space_before_each_colon_and_quotes_tool_results_as_returned():
    from looplab.practice.planner._tools import in_french

    text = in_french("Client Studio Malo: 2026-08-015 (Studio Malo, 850 EUR). When, as the records say: 2026-08-015: "
                     "Due 05/09/2026; A-1: Due 01/01/2026. Based on 3 files read.")
    assert text.startswith("Client Studio Malo : 2026-08-015") and "2026-08-015 : Due 05/09/2026 ; A-1 : Due" in text
    assert in_french("Paris: 18 °C, light rain (simulated).") == "Paris: 18 °C, light rain (simulated)."


@pytest.mark.parametrize(("task", "said_"), [
    ("In the folder invoices, when is A-72 due according to the zorblat?", "So I did not answer the 'when' part either."),
    ("Dans le dossier invoices, quand A-72 est-elle due selon le zorblat ?",
     "Je n'ai pas pu répondre non plus à la partie 'quand'.")])
def test_a_decline_names_the_when_it_leaves_undone(tmp_path, task, said_):
    """A decline about another word does not excuse a silent 'when': it says that part is not answered either."""
    text = reply(task, folder_of(tmp_path, LEDGER))
    assert "zorblat" in text and said_ in text


def test_a_negated_payment_is_not_read_as_a_deadline_and_a_decline_quotes_no_invented_word(tmp_path):
    """'pour quand … ne doit-il pas payer' is no due-date question: the date is not given as its answer; and a
    decline quotes the task's condition as 'due', never a 'when' the participant did not write."""
    text = reply("Dans le dossier invoices, pour quand KX7-311 ne doit-il pas être payé ?", dated_folder(tmp_path, DUE))
    assert "02/06/2027" not in text
    other = reply("Which invoices in the folder invoices must not be paid before their deadline?",
                  dated_folder(tmp_path / "b", DUE))
    assert "when" not in other.split("I understood")[0]


def test_a_date_field_holding_n_a_is_noted_not_a_crash(tmp_path):
    """'Due: n/a' in a date field used to end the run in a 500 (its '/' was read as a day/month)."""
    folder = tmp_path / "invoices"
    folder.mkdir()
    for number, due in [("D-1", "10/11/2026"), ("D-2", "n/a"), ("D-3", "20/11/2026")]:
        (folder / f"{number}.txt").write_text(f"Invoice {number}\nClient: Kiosque Nord\nAmount: 50 EUR\nDue: {due}\n"
                                              "Status: unpaid\n")
    text = reply("In the folder invoices, which unpaid invoices are due before 15/11/2026?", folder)
    assert text.startswith("Unpaid, due before 15/11/2026: D-1 (Kiosque Nord, 50 EUR), as far as I can tell. I cannot "
                           "say the list of invoices is complete: D-2.txt may belong here too")
    assert "D-2.txt has no Due date I can read; it is not counted." in text


def test_the_notes_of_a_limit_have_one_space_and_are_french_in_a_french_reply():
    """'has no amount  I can compare' had two spaces without a currency, and no French."""
    from looplab.practice.planner._limits import by_amount
    from looplab.practice.planner._records import parse
    from looplab.practice.planner._tools import in_french
    from looplab.practice.view import Step
    records = [parse(f"{n}.txt", Step(name="read_file", input={"path": n}, id=n, result=f"Invoice {n}\nAmount: {a}\n"))
               for n, a in [("E-1", "700 EUR"), ("E-2", "to be agreed")]]
    notes: list[str] = []
    assert [r.number for r in by_amount("over 500", records, records, notes)] == ["E-1"]
    assert notes == ["E-2.txt has no amount I can compare; it is not counted."]
    assert in_french(notes[0]) == "E-2.txt n'a pas de montant que je sache comparer ; non comptée."
    assert in_french("E-2.txt has no amount in EUR I can compare; it is not counted.") == \
        "E-2.txt n'a pas de montant en EUR que je sache comparer ; non comptée."
    assert in_french("E-2.txt has no Due date I can read; it is not counted.") == \
        "E-2.txt n'a pas de date Due que je sache lire ; non comptée."


def test_a_listed_file_name_with_a_space_is_read_whole(tmp_path):
    """'march invoice.txt' in a one-name-per-line listing used to be read as 'invoice.txt', which is not there."""
    folder = tmp_path / "invoices"
    folder.mkdir()
    (folder / "march invoice.txt").write_text("Invoice M-1\nClient: Kiosque Nord\nAmount: 120 EUR\nStatus: unpaid\n")
    (folder / "M-2.txt").write_text("Invoice M-2\nClient: Atelier Sud\nAmount: 80 EUR\nStatus: unpaid\n")
    text = reply("In the folder invoices, which invoices are unpaid, and what is their total?", folder)
    assert "M-1 (Kiosque Nord, 120 EUR)" in text and "Total: 200 EUR." in text and "could not" not in text


@pytest.mark.parametrize(("task", "kind"), [
    ("Que disent nos articles sur le thé vert ?", "docs"),
    ("Cherche 'ai' et 'ml' dans le catalogue.", "catalogue"),
    ("Quel temps fait-il à Lyon et à Oslo ?", "calc"),
    ("Dans le dossier invoices, quelles factures sont impayées ?", "invoices"),
])
def test_the_notes_before_tool_calls_are_french_for_a_french_task(task, kind):
    """'I'll read a.md, b.md.' was left in English before the research skill's reads."""
    from looplab import samples
    from looplab.client import practice_client
    from looplab.loop import run_agent

    data = Path(samples.__file__).resolve().parents[2] / "notebooks" / "data"
    tools = {"docs": lambda: samples.docs_tools(data / "articles"), "catalogue": samples.catalogue_tools,
             "calc": samples.weather_and_calc, "invoices": lambda: samples.invoice_tools(data)}[kind]()
    run = run_agent(practice_client(), task, tools)
    turns = [[b for b in m["content"] if isinstance(b, dict)] for m in run.messages if m["role"] == "assistant"]
    notes = [b["text"] for blocks in turns if any(b["type"] == "tool_use" for b in blocks) for b in blocks
             if b["type"] == "text"]
    assert notes and not any(ENGLISH.search(re.sub(r"'[^']*'", "", n)) or "I'll" in n for n in notes), notes


def test_a_retry_note_and_a_sentence_after_a_full_stop_read_as_french():
    from looplab.practice.planner._tools import in_french

    assert in_french("calc failed (boom); weather failed (down). I'll try once more.") == \
        "calc a échoué (boom) ; weather a échoué (down). Je réessaie une fois."
    assert in_french("I could not place 'x'. the folder '.' holds no files, so I read nothing and give no answer") \
        .endswith(". Le dossier '.' ne contient aucun fichier : je n'ai rien lu et ne donne pas de réponse")


@pytest.mark.parametrize(("text", "is_french"), [
    ("Combien de modules a l'entrée 'ai' ?", True), ("Calcule 15 % de 240.", True), ("Calcule 2,5 + 3,75.", True),
    ("Bonjour", True), ("Dans le dossier invoices, quelles factures sont impayées ?", True),
    ("How much does Maison de la Presse owe?", False), ("What is the total of Café de la Gare's invoices?", False),
    ("Look up 'de' in the catalogue.", False), ("What's 12 * 3?", False), ("Le Havre weather please", False),
])
def test_a_task_is_french_by_its_little_words_not_by_its_names(text, is_french):
    """'Calcule 2,5 + 3,75.' got an English reply (one French word, four numbers); a French client name in an
    English task does not make it French."""
    from looplab.practice.planner.text import french

    assert french(text) is is_french


def test_the_elided_qu_is_a_little_word_not_a_term_to_look_up():
    """'Qu'y a-t-il sous la clé ...' answered, then said it found nothing about 'qu'."""
    from looplab import samples
    from looplab.client import practice_client
    from looplab.loop import run_agent

    answer = run_agent(practice_client(), "Qu'y a-t-il à la clé 'data' du catalogue ?", samples.catalogue_tools()).answer
    assert answer.startswith("'data' est dans le catalogue : ") and "'qu'" not in answer


def test_a_french_grand_total_and_a_quoted_task_take_a_space_before_the_colon():
    from looplab.practice.planner._tools import in_french

    assert in_french("Grand total (all records): 3645.50 EUR.") == "Total général (toutes les fiches) : 3\u202f645,50 EUR."
    assert in_french("I could not serve 'Fait-il chaud qu'à Oslo': I do not know what get_weather could do with 'qu'.") \
        .startswith("je n'ai pas pu traiter 'Fait-il chaud qu'à Oslo' : je ne sais pas ce que get_weather ferait de")
