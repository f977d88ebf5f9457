"""Wordings and data from the res44 hunt (W01-W13): a place of a like name, or one a page cites as a comparison, quoted
as the answer; and a false 'no sentence I found speaks of it' for a part that a page read does answer."""

from __future__ import annotations

import pytest
from conversations import answer, documents

LIBRARY = {"central.md": "# Central Library\nThe Central Library, 4 Mill Road, is open Monday to Friday 9:00-19:00.\n"
                         "You may borrow up to 8 books for 3 weeks.\n",
           "park.md": "# Central Park Library\nThe Central Park Library, in the park pavilion, is open Wednesday 14:00-18:00.\n"
                      "You may borrow up to 4 books for 2 weeks.\n"}
FESTIVAL = {"saint-aubin.md": "# Saint-Aubin Cider Festival\nThe cider festival takes place on Saturday 11 October.\n"
                              "The fireworks are cancelled this year because of the drought.\nThe dance starts at 21:00.\n"
                              "Entry is free. A glass costs a 2 euro deposit.\n",
            "saint-aubin-sur-mer.md": "# Saint-Aubin-sur-Mer Mussel Festival\nThe mussel festival in Saint-Aubin-sur-Mer takes "
                                      "place on Sunday 12 October.\nEntry costs 3 euros.\nThe fireworks are at 22:00 on the "
                                      "beach.\nThe dance starts at 20:30.\n"}
TOWNS = {"v.md": "# Villeneuve\nThe weekly market is on Tuesday morning.\nThe town hall opens at 8:30.\n",
         "vla.md": "# Villeneuve-lès-Avignon\nThe weekly market is on Saturday morning.\nThe town hall opens at 9:00.\n"}
POOL = {"pool.md": "# Riverside Pool\nOpen daily 7:00-21:00.\nAdult swim: 4.50 euros. Child swim: 2.50 euros.\n",
        "compare.md": "# Why choose Riverside?\nOur prices are lower than elsewhere. For example, at the Lakeside Pool an adult "
                      "swim costs 6 euros and a child swim 3.50 euros.\nThe Lakeside Pool closes at 20:00.\n"}
GYM = {"gym.md": "# Hilltop Gym\nA monthly pass costs 30 euros.\nOpen 6:00-22:00.\n",
       "why.md": "# Why Hilltop?\nWe are cheaper: at the Valley Gym a monthly pass costs 45 euros.\nThe Valley Gym closes at 20:00.\n"}
MUSEUM = {"museum.md": "# Harbour Museum\nThe Harbour Museum is open Tuesday to Sunday, 10:00 to 18:00.\n",
          "partners.md": "# Partner museums\nShow your Harbour Museum ticket at the Rope Museum for a discount.\n"
                         "The Rope Museum is open every day from 9:00 to 17:00.\n"}


@pytest.mark.parametrize(("pages", "task", "kept", "left"), [
    (LIBRARY, "How many books can I borrow at the Central Park Library?", ["4 books"], ["8 books", "different figures"]),
    (LIBRARY, "How many books can I borrow at the Central Library?", ["8 books"], ["4 books"]),
    (FESTIVAL, "When are the fireworks at Saint-Aubin?", ["cancelled"], ["22:00"]),
    (FESTIVAL, "What time does the dance start in Saint-Aubin?", ["21:00"], ["20:30"]),
    (TOWNS, "When is the market in Villeneuve?", ["Tuesday"], ["Saturday"]),
    (TOWNS, "What time does the town hall open in Villeneuve?", ["8:30"], ["9:00"]),
    (POOL, "How much is a child swim at Riverside?", ["2.50 euros"], ["3.50", "Lakeside"]),
    (POOL, "What time does the pool close?", ["7:00-21:00"], ["20:00", "Lakeside"]),
    (GYM, "How much is a monthly pass at Hilltop?", ["30 euros"], ["45 euros"]),
    (GYM, "What time does the gym close?", ["6:00-22:00"], ["20:00"]),
    (MUSEUM, "What time does the museum open?", ["10:00 to 18:00"], ["9:00", "Rope"])])
def test_another_place_of_a_like_name_or_a_comparison_is_not_the_answer(tmp_path, pages, task, kept, left):
    """'Central Library' was quoted for the Central Park Library (as a rival figure), Saint-Aubin-sur-Mer's fireworks
    for Saint-Aubin's, and the Lakeside Pool's price and hours, which Riverside's page gives as a comparison, for
    Riverside or 'the pool' (res44 W01-W07): a page headed with another of a like name, or a sentence naming another
    place of the kind asked, answers for that place."""
    said = answer(task, documents(tmp_path, pages))
    assert all(k in said for k in kept) and not any(w in said for w in left), said


@pytest.mark.parametrize(("pages", "task", "kept", "other", "theirs"), [
    (FESTIVAL, "When are the fireworks at Saint-Aubin?", "cancelled", "When are the fireworks at Saint-Aubin-sur-Mer?", "22:00"),
    (TOWNS, "When is the market in Villeneuve?", "Tuesday", "When is the market in Villeneuve-lès-Avignon?", "Saturday"),
    (POOL, "How much is a child swim at Riverside?", "2.50", "How much is an adult swim at the Lakeside Pool?", "6 euros"),
    (GYM, "How much is a monthly pass at Hilltop?", "30 euros", "How much is a monthly pass at the Valley Gym?", "45 euros")])
def test_the_other_place_asked_by_its_name_is_still_quoted(tmp_path, pages, task, kept, other, theirs):
    """Each place asked by its own name gets its own sentence, the neighbour's too."""
    tools = documents(tmp_path, pages)
    said, said_other = answer(task, tools), answer(other, tools)
    assert kept in said and theirs not in said, said
    assert theirs in said_other and "speaks of it" not in said_other and "another place" not in said_other, said_other


def test_only_another_place_answering_is_declined_with_whose_it_is(tmp_path):
    """Where only the neighbouring place's sentence speaks of it, the reply says whose it is and quotes no figure."""
    pages = {"pool.md": "# Riverside Pool\nOpen daily 7:00-21:00.\n",
             "compare.md": "# Why choose Riverside?\nFor example, at the Lakeside Pool an adult swim costs 6 euros.\n"}
    said = answer("How much is an adult swim at Riverside?", documents(tmp_path, pages))
    assert "about another place" in said and "it speaks of the Lakeside Pool" in said, said
    assert not said.startswith("For example"), said


SCHOOL = {"contact.md": "# Contact\nHeadteacher: Mr Samir Haddad.\nOffice open 8:00-16:00. Phone: 01 23 45 67 89.\n"}
CONCERTS = {"concerts.md": "# Chapel Concerts\nThe organ recital is on Friday 6 June at 20:00 in St Mary's Chapel.\n"
                           "Tickets: 15 euros, 10 euros for students. Free for children under 10.\n"}
DENTIST = {"practice.md": "# Dental practice\nDentist: Dr Lina Okafor.\nOpen 8:30-17:00. Telephone: 02 98 76 54 32.\n",
           "yoga.md": "# Yoga studio\nThe beginners class is on Monday at 18:00.\nA drop-in class costs 12 euros.\n"}


@pytest.mark.parametrize(("pages", "task", "kept"), [
    (SCHOOL, "What time is the office open, and who is the headteacher?", ["8:00-16:00", "Samir Haddad"]),
    (CONCERTS, "When is the organ recital and how much are tickets?", ["Friday 6 June", "15 euros"]),
    (FESTIVAL, "When is the mussel festival, and how much is entry?", ["Sunday 12 October", "3 euros"]),
    (DENTIST, "When is the practice open, and who is the dentist?", ["8:30-17:00", "Lina Okafor"]),
    (DENTIST, "Who is the dentist and when is the practice open?", ["Lina Okafor", "8:30-17:00"]),
    (DENTIST, "How much is a drop-in class and when is the beginners class?", ["12 euros", "Monday at 18:00"])])
def test_each_part_of_a_two_part_question_is_quoted_from_the_page_read(tmp_path, pages, task, kept):
    """'I did not answer 'who is the headteacher': no sentence I found speaks of it' beside a quote of the very page
    that names the headteacher (res44 W09, W11, W12); a part was also left out silently where the file's name
    ('practice.md') gave its word."""
    said = answer(task, documents(tmp_path, pages))
    assert all(k in said for k in kept) and "I did not answer" not in said, said


@pytest.mark.parametrize(("pages", "task", "part"), [
    (SCHOOL, "Who is the headteacher and what is the office phone number?", "what is the office phone number"),
    ({"prices.md": "# Tickets and prices\nAdult ticket: 12 euros.\nReduced ticket (students, over 65): 8 euros.\n"},
     "How much is a reduced ticket, and who can get one?", "who can get one")])
def test_a_part_not_matched_is_not_said_to_be_absent(tmp_path, pages, task, part):
    """The phone number and who gets a reduced ticket are on the page read: not 'no sentence I found speaks of it'
    (res44 W08, W10)."""
    said = answer(task, documents(tmp_path, pages))
    assert f"I did not answer '{part}': I could not match a sentence to it." in said and "speaks of it" not in said, said


def test_a_one_part_question_answered_under_its_heading_is_not_said_unanswered(tmp_path):
    """'A glass costs a 2 euro deposit.' under '# Saint-Aubin Cider Festival', then 'I did not answer 'How much is a
    glass at the cider festival'' (res44 W13): the heading names the festival."""
    said = answer("How much is a glass at the cider festival?", documents(tmp_path, FESTIVAL))
    assert "2 euro deposit" in said and "I did not answer" not in said, said


def test_a_part_no_page_speaks_of_is_still_said_absent(tmp_path_factory):
    """Only a part no line read comes near keeps 'no sentence I found speaks of it'; the phone number is on the page."""
    said = answer("Who is the dentist and who is the hygienist?", documents(tmp_path_factory.mktemp("dentist"), DENTIST))
    assert "Lina Okafor" in said and "I did not answer 'who is the hygienist': no sentence I found speaks of it." in said, said
    said = answer("Who is the headteacher and what is the office phone number?", documents(tmp_path_factory.mktemp("school"), SCHOOL))
    assert "speaks of it" not in said, said
