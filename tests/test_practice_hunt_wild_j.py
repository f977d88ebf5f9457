"""Wordings and data from the hred215-hred225 hunts and the forty-first session's notes."""

from __future__ import annotations

import pytest
from conversations import answer, documents, records

POOL = {"prices.md": "# Prices — Aquazone Vernier\nAdult ticket: 5.40 EUR.\nChild ticket (under 12): 2.90 EUR.\n"
                     "Children under 3 swim free.\nFamily pass (2 adults, 2 children): 14 EUR.",
        "rules.md": "# Rules — Aquazone Vernier\nMen and women share the main changing room; private cabins are available.\n"
                    "Swimmers with long hair must wear a cap."}


@pytest.mark.parametrize(("task", "kept"), [("What about children?", ["2.90 EUR", "under 3 swim free"]),
                                            ("How much do children pay?", ["2.90 EUR", "under 3 swim free"]),
                                            ("Combien paient les enfants ?", ["2,90 EUR", "under 3 swim free"]),
                                            ("How much is the fee for a family?", ["14 EUR"])])
def test_children_are_a_child_and_a_price_is_what_they_pay(tmp_path, task, kept):
    """'what about children?' left out 'Child ticket (under 12)': the stemmer kept 'children' and 'child' apart; 'how much
    do children pay?' was declined for 'pay' (forty-first session's note)."""
    said = answer(task, documents(tmp_path, POOL))
    assert all(k in said for k in kept) and "5.40" not in said and "do not mention" not in said, said


def test_pay_is_no_price_unless_the_question_asks_how_much(tmp_path):
    said = answer("Who pays for the private cabins?", documents(tmp_path, POOL))
    assert "EUR" not in said, said


CLUB = {"club.md": "# Club de tennis des Peupliers\nLe club de tennis des Peupliers compte six courts, dont deux couverts.\n"
                   "La cotisation annuelle est de 80 €.",
        "actus.md": "# Actualités du club\nÀ partir de janvier, la cotisation passe désormais à 95 €.\n"
                    "Le tournoi interne aura lieu en juin."}


def test_a_change_under_a_heading_naming_the_club_is_quoted_with_its_doubt(tmp_path):
    """'la cotisation passe désormais à 95 €' was left out when the question named the club des Peupliers, which the
    news page never repeats (forty-first session's note)."""
    said = answer("Combien coûte la cotisation du club de tennis des Peupliers ?", documents(tmp_path, CLUB))
    assert "80 €" in said and "95 €" in said and "ne nomme pas 'Peupliers'" in said, said


def test_a_change_under_a_heading_naming_another_club_is_left_out(tmp_path):
    pages = {**CLUB, "actus.md": CLUB["actus.md"].replace("du club", "du club des Tilleuls")}
    said = answer("Combien coûte la cotisation du club de tennis des Peupliers ?", documents(tmp_path, pages))
    assert "80 €" in said and "95 €" not in said, said


@pytest.mark.parametrize(("task", "kept"), [
    ("Que dit la facture FAC-4300 ?", "FAC-4300 dit aussi : « Dites au client de passer récupérer la vaisselle avant vendredi. »"),
    ("Résume la facture FAC-4300.", "« Dites au client de passer récupérer la vaisselle avant vendredi. »"),
    ("What is FAC-4300 about?", 'FAC-4300 also says: "Dites au client de passer récupérer la vaisselle avant vendredi."'),
    ("Summarise FAC-4300.", "Statut 'impayée'")])
def test_what_a_record_says_gives_its_sentences_too(tmp_path, task, kept):
    """'Que dit la facture FAC-4300 ?' gave its fields and left out its last line; 'Summarise INV-4209' and 'What is
    ticket T-5105 about?' left out its status and message (hred216 O13, O69; hred222 O09, O24, O45)."""
    tools = records(tmp_path, {"fac-4300.txt": "Facture FAC-4300\nClient : Traiteur Lopez\nDate : 2026-09-14\n"
                                                "Total : 1 120,00 EUR\nStatut : impayée\n"
                                                "Dites au client de passer récupérer la vaisselle avant vendredi.\n"})
    said = answer(task, tools)
    assert kept in said, said


RENTALS = {f"rental{n}.txt": f"Rental {n}\nCustomer: {who}\nCar: {car}\nAmount: {amount} EUR\nStatus: {status}\n"
           for n, who, car, amount, status in [(1, "Odile Perret", "Kia Picanto", "131.00", "returned"),
                                               (2, "Yann Corre", "Skoda Fabia", "204.50", "open"),
                                               (3, "Lina Haddad", "Seat Ibiza", "88.20", "overdue"),
                                               (4, "Marc Olier", "Opel Corsa", "97.00", "open")]}


@pytest.mark.parametrize(("task", "kept"), [("total of the open ones", "Status open: 2 (Yann Corre, 204.50 EUR) and 4 (Marc "
                                                                      "Olier, 97.00 EUR). Total: 301.50 EUR."),
                                            ("Which rentals are unpaid?", "no payment state")])
def test_overdue_beside_returned_is_no_payment_state(tmp_path, task, kept):
    """Car rentals 'open', 'overdue' and 'returned' were listed as 'Unpaid: 2, 5 and 6' with a total: 'overdue' read as
    unpaid made the statuses look like payment states (hred223); 'the open ones' are those whose Status says 'open'."""
    said = answer(task, records(tmp_path, RENTALS))
    assert kept in said and "Unpaid" not in said and "389.70" not in said, said


MUSEUM = {"hours.md": "# Brnov Glass Museum — opening hours\nThe Brnov Glass Museum is open Tuesday to Sunday, 10:00 to 18:00.\n"
                      "It is closed on Mondays.\nThe museum is closed on 1 January, 1 May and 25 December.",
          "tickets.md": "# Brnov Glass Museum — tickets\nAdult ticket: 12 euros.\nSeniors over 65: 9 euros."}
DEPOT = {"depot.md": "# Kellow Road Recycling Centre\nKellow Road Recycling Centre is open 8:00 to 16:00, Wednesday to Sunday.\n"
                     "Closed Mondays and Tuesdays.\nSummer hours from 1 April to 30 September: open until 19:00.\n"
                     "Closed on Christmas Day and New Year's Day."}


@pytest.mark.parametrize(("pages", "task", "kept"), [
    (MUSEUM, "Which days is the Brnov Glass Museum closed?", ["Mondays", "25 December"]),
    (MUSEUM, "How much does a senior pay at the glass museum?", ["9 euros"]),
    (DEPOT, "What are the opening hours of Kellow Road Recycling Centre?", ["8:00 to 16:00", "19:00"]),
    (DEPOT, "When is Kellow Road open?", ["8:00 to 16:00", "19:00"]),
    (DEPOT, "Which days is Kellow Road Recycling Centre closed?", ["Mondays and Tuesdays", "Christmas"])])
def test_every_line_that_answers_is_quoted(tmp_path, pages, task, kept):
    """A date ('25 December') was no day for 'which days', '8:00 to 16:00' gave no 'hours', 'Kellow Road Recycling
    Centre is open' under its own heading was read as a part of Kellow Road, 'Closed Mondays' as a name; a quoted price
    still said the clause was not answered (hred221)."""
    said = answer(task, documents(tmp_path, pages))
    assert all(k in said for k in kept) and "I did not answer" not in said, said


def test_a_change_naming_someone_the_quote_names_is_quoted(tmp_path):
    """'Mira Solenne has cancelled; she is replaced by The Velvet Tides.' was left out of the headliners (hred221)."""
    pages = {"festival.md": "# Brackley Music Festival 2027\nHeadliners: The Glass Foxes, Ines Marlowe, Salt & Cedar.",
             "update.md": "# Brackley update\nInes Marlowe has cancelled; she is replaced by The Night Ferns."}
    said = answer("Who are the headliners of Brackley Music Festival 2027?", documents(tmp_path, pages))
    assert "The Night Ferns" in said and "may be about something else" in said, said
