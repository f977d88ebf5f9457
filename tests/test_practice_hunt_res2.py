"""Wordings and data from the ovr45 hunt (W12-W21, unsure P32, P43, P54) and the frs45 hunt (W10, W11): a place
named with a word before it, two places in one question, and a sentence that corrects the one quoted."""

from __future__ import annotations

import pytest
from conversations import answer, documents

YORK = {"york.md": "# Visiting York\n\nYork Minster opens at 9:30. The city walls walk is free.\n",
        "new-york-walks.md": "# New York walks\n\nThe New York walking tour starts at 10:00 at Battery Park.\n"}
ORLEANS = {"new-orleans.md": "# New Orleans jazz\n\nIn New Orleans, the Preservation Hall concerts start at 18:00 every "
                             "evening.\n",
           "orleans.md": "# Orléans\n\nOrléans holds the Fêtes de Jeanne d'Arc every year in early May.\n"}
EAST = {"east-library.md": "# East Library\n\nThe East Library is open Monday to Saturday, 9:00 to 19:00.\n",
        "north-east-library.md": "# North East Library\n\nThe North East Library is open Wednesday to Sunday, 11:00 to "
                                 "16:00.\n"}
NORTH_EAST = {"north-east-library.md": EAST["north-east-library.md"]}


SPRINGFIELD = {"west-springfield.md": "# West Springfield\n\nThe West Springfield farmers market runs on Saturdays from "
                                     "8:00 to 12:00.\n"}
TALBOT = {"port-talbot.md": "# Port Talbot\n\nThe Port Talbot ferry leaves at 11:40.\n"}


@pytest.mark.parametrize(("pages", "task", "longer", "other"), [
    (YORK, "When does the walking tour in York start?", "When does the New York walking tour start?", "10:00"),  # W16
    ({"new-york-walks.md": YORK["new-york-walks.md"]}, "When does the York walking tour start?",
     "When does the New York walking tour start?", "10:00"),  # W17
    (YORK, "What time does the walking tour start in York?", "What time does the walking tour start in New York?",
     "10:00"),  # W18
    (ORLEANS, "When do the Preservation Hall concerts start in Orleans?",
     "When do the Preservation Hall concerts start in New Orleans?", "18:00"),  # W19
    ({"new-hampshire.md": "# New Hampshire parks\n\nNew Hampshire state parks charge 4 USD for adults.\n"},
     "How much do Hampshire parks charge adults?", "How much do New Hampshire parks charge adults?", "4 USD"),  # W20
    (NORTH_EAST, "When is the East Library open?", "When is the North East Library open?", "11:00"),  # W21
    (SPRINGFIELD, "When does the Springfield farmers market run?", "When does the West Springfield farmers market run?",
     "8:00"),
    (TALBOT, "When does the Talbot ferry leave?", "When does the Port Talbot ferry leave?", "11:40")])
def test_a_name_with_a_word_before_it_is_another_place(tmp_path, pages, task, longer, other):
    """'York' sat whole inside 'New York', so the New York walking tour was quoted as York's (ovr45 W16-W21): a word
    before a name names another place, and its sentence is named as not quoted; asked with that word, it is answered."""
    said = answer(task, documents(tmp_path, pages))
    assert other not in said.split("I did not quote")[0] and "another place" in said, said
    said = answer(longer, documents(tmp_path, pages))
    assert other in said and "another place" not in said, said


@pytest.mark.parametrize(("pages", "task", "own", "other"), [
    (EAST, "When is the East Library open?", "9:00 to 19:00", "11:00"),  # P43
    ({"meeting-rooms.md": "# Meeting rooms\n\nThe Blue Room seats 12 people. The Small Blue Room seats 4 people.\n"},
     "How many people does the Blue Room seat?", "12 people", "4 people"),  # P54
    ({"markets.md": "# Weekly markets\n\nThe Saint-Aubin market is on Wednesday. The Saint-Aubin-sur-Mer market is on "
                    "Sunday morning.\n"}, "What day is the Saint-Aubin market?", "Wednesday", "Sunday"),  # P32
    ({"galleries.md": "# City galleries\n\nThe Upper Gallery opens at 10:00. The Gallery opens at 9:00 on weekdays.\n"},
     "When does the Gallery open?", "9:00", "10:00")])
def test_the_place_asked_is_quoted_without_its_longer_namesake(tmp_path, pages, task, own, other):
    """'When is the East Library open?' quoted the North East Library's hours beside the East Library's (ovr45 P43,
    P54, P32): only the place asked is quoted."""
    said = answer(task, documents(tmp_path, pages))
    assert own in said and other not in said, said


LIBRARIES = {"central-library.md": "# Central Library\n\nThe Central Library is open Tuesday to Saturday, 10:00 to 18:00. "
                                   "It has free wifi.\n",
             "central-park-library.md": "# Central Park Library\n\nThe Central Park Library opens Monday to Friday, 9:00 "
                                        "to 17:00. There is no wifi, but there is a reading garden.\n"}
POOL = {"riverside-pool.md": "# Riverside Pool\n\nThe Riverside Pool charges 4 EUR for adults. By comparison, the Lakeside "
                             "Pool charges 6 EUR and opens at 7:00.\n\nRiverside opens at 8:00 every day.\n"}
GYMS = {"gyms.md": "# Gyms\n\nThe Harbour Gym opens at 6:00.\n",
        "hill.md": "# Hill Gym\n\nThe Hill Gym opens at 7:30 on weekdays.\n"}


@pytest.mark.parametrize(("pages", "task", "each"), [
    (LIBRARIES, "When are the Central Library and the Central Park Library open?", ["10:00 to 18:00", "9:00 to 17:00"]),  # W12
    (LIBRARIES, "When is the Central Library open, and when is the Central Park Library open?",
     ["10:00 to 18:00", "9:00 to 17:00"]),  # W13
    (EAST, "When are the East Library and the North East Library open?", ["9:00 to 19:00", "11:00 to 16:00"]),  # W14
    (POOL, "When do the Riverside Pool and the Lakeside Pool open?", ["8:00", "7:00"]),  # W15
    (GYMS, "What time do the Harbour Gym and the Hill Gym open?", ["6:00", "7:30"]),
    (GYMS, "When does the Harbour Gym open, and when does the Hill Gym open?", ["6:00", "7:30"])])
def test_each_of_two_places_joined_is_answered(tmp_path, pages, task, each):
    """'When are the Central Library and the Central Park Library open?' answered the second only, and said nothing
    of the first (ovr45 W12-W15): each place is asked on its own."""
    said = answer(task, documents(tmp_path, pages))
    assert all(e in said for e in each) and "I did not" not in said and "wifi" not in said, said  # 'It has free wifi.'
    # refers back, but changes nothing: not quoted with the hours


def test_a_place_joined_that_no_page_answers_is_named(tmp_path):
    """Of two places joined, one with no page: the other is answered and the missing one named."""
    said = answer("What time do the Harbour Gym and the Park Gym open?", documents(tmp_path, GYMS))
    assert "6:00" in said and "I did not answer it for 'Park Gym'" in said, said


REMOTE = {"remote-work.md": "# Remote work policy\n\nEmployees may work remotely up to two days a week. Since the update of "
                            "March 2026, this was raised to three days for staff with more than one year of service.\n\n"
                            "The previous rule said: \"remote work is limited to one day a week\". That rule no longer "
                            "applies.\n\nRequests go to the team lead at least one week in advance.\n",
          "holidays.md": "# Holidays\n\nStaff get 25 days of paid leave a year. Part-time staff get a pro-rata share. "
                         "Up to 5 unused days can be carried over to the next year, until 31 March.\n"}


@pytest.mark.parametrize(("pages", "task", "quoted", "amended"), [
    (REMOTE, "How many days a week can I work remotely?", "up to two days a week", "raised to three days"),  # frs45 W10
    (REMOTE, "Is remote work limited to one day a week?", "limited to one day a week", "no longer applies"),  # frs45 W11
    ({"parking.md": "# Staff parking\n\nStaff may park in the north lot. That lot is closed only during the summer "
                    "festival.\n\nVisitors park on the street.\n"}, "Where may staff park?", "north lot", "closed only"),
    ({"cantine.md": "# Cantine\n\nLe repas coûte 4 €. Ce tarif passe à 3 € pour les étudiants boursiers.\n"},
     "Combien coûte le repas à la cantine ?", "4 €", "3 €")])
def test_a_next_sentence_that_changes_the_quoted_one_is_quoted_with_it(tmp_path, pages, task, quoted, amended):
    """'Employees may work remotely up to two days a week.' was quoted without 'this was raised to three days …' right
    after it (frs45 W10, W11): a next sentence that refers back and changes or limits it is quoted too."""
    said = answer(task, documents(tmp_path, pages))
    assert quoted in said and amended in said, said
