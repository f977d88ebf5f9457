"""Wordings and data from the res48 hunt (W02, W04-W14) and neighbours: a table row, an amount with its unit, a change
of another item, a plural and a version read as a file."""

from __future__ import annotations

import pytest
from conversations import answer, documents

FARES = {"fares.md": "# Ferry fares\n\n| Crossing | Adult | Car |\n|---|---|---|\n| Oban–Mull | £4.10 | £15.00 |\n"
                     "| Oban–Barra | £19.50 | £90.00 |\n| Mull–Iona | £3.60 | — |\n\nDogs travel free.\n"}
TRAIN = {"fares.md": "# Fares\n\n| Ticket | Adult | Child (5-15) |\n|--------|-------|--------------|\n"
                     "| Single Ashby–Brockton | £8.40 | £4.20 |\n| Return Ashby–Brockton | £14.00 | £7.00 |\n"
                     "| Single Ashby–Carlow | £3.10 | £1.55 |\n\nChildren under 5 travel free.\n"}


@pytest.mark.parametrize(("pages", "task", "kept", "left"), [
    (TRAIN, "How much is a single from Carlow to Brockton?", ["did not answer"], ["£"]),
    (TRAIN, "How much is a return from Ashby to Carlow?", ["did not answer"], ["£"]),
    (TRAIN, "How much is a child single from Ashby to Carlow?", ["Single Ashby–Carlow | £3.10 | £1.55"], ["Brockton"]),
    (FARES, "How much is the adult fare Oban–Barra?", ["| Crossing | Adult | Car | | Oban–Barra | £19.50"], ["Mull", "Iona"])])
def test_a_table_row_is_quoted_alone_and_a_missing_row_declined(tmp_path, pages, task, kept, left):
    """A fares table was quoted whole for a single Carlow–Brockton it has no row of (res48 W04-W07): each row is a
    passage under its header, quoted only if it holds every term asked."""
    said = answer(task, documents(tmp_path, pages))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


@pytest.mark.parametrize(("pages", "task", "kept", "left"), [
    ({"tarifs.md": "# Tarifs de la laverie\n\nMachine 8 kg : 4,50 €. Machine 18 kg : 9 €.\nLa lessive est incluse pour "
                   "les petites machines.\n"}, "Combien coûte une machine de 12 kg ?",
     ["sur '8 kg, 18 kg' : la question porte sur '12 kg'"], ["4,50", "9 €"]),
    ({"spa.md": "# Spa\n\nA 30-minute massage costs 45 euros. A 90-minute massage costs 110 euros.\n"},
     "How much does a massage of 45 minutes cost?", ["did not answer"], ["euros"]),
    ({"velos.md": "# Vélos\n\nVélo 20 km d'autonomie : 15 € la journée. Vélo 60 km d'autonomie : 25 € la journée.\n"},
     "Combien coûte un vélo de 60 km d'autonomie ?", ["25 €"], ["15 €"])])
def test_an_amount_the_page_lacks_is_declined_naming_those_it_lists(tmp_path, pages, task, kept, left):
    """'Machine 8 kg : 4,50 €.' was quoted for a 12 kg machine, a 30-minute lesson for a 60-minute one (res48 W08-W11):
    an amount of the asked unit the line does not hold makes it a neighbour."""
    said = answer(task, documents(tmp_path, pages))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


CLUB = {"passes.md": "# Passes\n\nDay pass: 25 euros.\nResident pass (fixed desk, 24/7 access): 340 euros a month.\n",
        "news.md": "# News\n\nA member wrote in our guestbook: \"The Loft is open on Sundays for everyone.\" This is not "
                   "correct: on Sundays only Resident pass holders can come in.\nFrom 1 April the day pass goes up to 28 euros.\n"}


def test_a_change_of_another_item_is_not_offered_as_a_change(tmp_path):
    """'From 1 April the day pass goes up to 28 euros' was quoted as a change that may replace the Resident pass
    price, its page naming Resident pass holders elsewhere (res48 W12, W13)."""
    said = answer("How much is the Resident pass?", documents(tmp_path, CLUB))
    assert "340 euros a month" in said and "day pass" not in said and "change" not in said, said


@pytest.mark.parametrize(("pages", "task", "kept"), [
    ({"rooms.md": "# The Hive\n\nBoardroom: 50 euros an hour, free for Members up to 2 hours a week.\n"},
     "How much does the boardroom cost for a Member?", "free for Members up to 2 hours"),
    ({"support.md": "# Support\n\nVersion 1.x stopped receiving updates on 30 June 2023.\n"},
     "When did version 1.x stop receiving updates?", "30 June 2023")])
def test_a_plural_or_a_version_gives_no_false_reason(tmp_path, pages, task, kept):
    """'Residents' for 'Resident' was called another place, and '2.x' the document the task names (res48 W14, W02)."""
    said = answer(task, documents(tmp_path, pages))
    assert kept in said and "another place" not in said and "the document the task names" not in said, said
