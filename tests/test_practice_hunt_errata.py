"""Wrong answers two hunts found in research over articles of their own (hred76, hred78): a sentence about a place of a
shared name quoted for the one asked, a true sentence dropped because the next one calls another detail wrong, a claim
quoted without the sentence rejecting it, an old brochure quoted beside its errata, an answer from 3 of 4 documents with
no word of the fourth; and a nearest match given under the id asked, a forced tool's refusal speaking of a schema."""

from __future__ import annotations

import pytest
from research_declines import NO_ANSWER

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent

ARTICLES = {
    "gallery.md": "# Harlow Gallery\n\nThe Harlow Gallery opened in 1962 on Quay Street.\n\nThe Harlow Galleria, a "
                  "covered market next door, opened in 1994.\nIt has 25 stalls.\n",
    "inn.md": "# The Old Mill Inn\n\nThe Old Mill Inn has 9 rooms and was built in 1761.\nThe New Mill opened in 1989 by "
              "the weir. It has 20 rooms.\n",
    "novel.md": "# The novelist Ada Lind\n\nAda Lind wrote Tide Lines in 1931. The often-cited date of 1935 is wrong.\n",
    "bridge.md": "# Corran Bridge\n\nSome guides state that Corran Bridge was built by the Romans. Historians reject this; "
                 "it was built in 1402.\n",
    "pont.md": "# Le pont de Vaux\n\nLe pont de Vaux a été déclaré monument historique en 1889. La date de 1899, parfois "
               "citée, est erronée.\nUn blog a écrit que le pont mesure 200 mètres. Ce n'est pas vrai : il mesure 120 "
               "mètres.\n",
    "mill.md": "# Corvin Mill\n\nLegend has it that Corvin Mill was built in 1010. Historians reject this date.\n\nThe mill "
               "was built in 1388.\n",
    "moulin.md": "# Le moulin de Sorge\n\nLa légende veut que le moulin de Sorge date de 1005. Les historiens rejettent "
                 "cette date.\n\nLe moulin date de 1412.\n",
    "fabre.md": "# La Galerie Fabre\n\nLa Galerie Fabre a ouvert en 1880.\n\nLe passage Fabre, en face, a ouvert en 1905.\n",
    "bell.md": "# Hollin bell\n\nIt is widely believed that the Hollin bell weighs 2 tonnes. In fact it weighs 800 "
               "kilograms.\n\nA postcard says the Hollin tower is 90 metres tall.\n\nThat height was never right.\n",
    "lac.md": "# L'hôtel du Lac\n\nL'hôtel du Lac a ouvert en 1896. Il compte 30 chambres.\n\nL'hôtel du Parc, en face, a "
              "ouvert en 1911.\n",
    "vane.md": "# Dr Ruth Vane\n\nDr Ruth Vane founded the Vane Clinic in 1950. Her brother Owen Vane founded the Vane "
               "Press in 1948. He died in 1991.\n",
}


@pytest.fixture
def articles(tmp_path):
    for name, text in ARTICLES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def ask(task: str, folder) -> str:
    return run_agent(practice_client(), task, samples.docs_tools(folder), max_turns=10).answer or ""


@pytest.mark.parametrize("task, wrong", [("How many stalls does the Harlow Gallery have?", "25 stalls"),
                                         ("How many rooms does the Old Mill Inn have?", "20 rooms")])
def test_a_place_of_a_shared_name_is_not_the_one_asked(articles, task, wrong):
    """'It has 40 shops.' followed 'The Brackwater Galleria, a shopping arcade next door, …' and was quoted for the
    Brackwater Gallery; 'It has 30 rooms.' followed 'The New Anchor opened …' and was quoted for the Old Anchor Inn."""
    assert wrong not in ask(task, articles)


def test_the_place_asked_is_still_answered(articles):
    assert ask("How many rooms does the Old Mill Inn have?", articles).startswith("The Old Mill Inn has 9 rooms")


@pytest.mark.parametrize("task, said", [("When did Ada Lind write Tide Lines?", "Ada Lind wrote Tide Lines in 1931."),
                                        ("Quand le pont de Vaux a-t-il été déclaré monument historique ?", "en 1889.")])
def test_a_sentence_is_not_disputed_by_one_that_calls_another_detail_wrong(articles, task, said):
    """'… a écrit la Chronique de Brives en 1788. L'attribution à son frère est fausse.': the answer was dropped as a
    disputed claim, and the question declined."""
    assert said in ask(task, articles)


@pytest.mark.parametrize("task, said", [
    ("Was Corran Bridge built by the Romans?", "Historians reject this; it was built in 1402."),
    ("Combien mesure le pont de Vaux ?", "Ce n'est pas vrai : il mesure 120 mètres.")])
def test_a_claim_is_quoted_with_the_sentence_rejecting_it(articles, task, said):
    assert said in ask(task, articles)


@pytest.mark.parametrize("task, wrong", [("When was Corvin Mill built?", "1010"), ("De quand date le moulin de Sorge ?", "1005"),
                                         ("Quand la Galerie Fabre a-t-elle ouvert ?", "1905"), ("When did Ruth Vane die?", "1991")])
def test_a_legend_or_another_person_is_not_the_answer(articles, task, wrong):
    """'Legend has it … 1120.', 'Le passage Duval, en face, a ouvert en 1902.', and 'He died in 1990.' after 'Her
    brother Alan Ross …' were quoted as the answer (hred81)."""
    answer = ask(task, articles)
    assert wrong not in answer.replace(f"{wrong}. Les historiens rejettent cette date.", ""), answer
    assert answer.count("rejettent") < 2, answer


@pytest.mark.parametrize("task, said", [
    ("How much does the Hollin bell weigh?", "In fact it weighs 800 kilograms."),
    ("Is the Hollin tower 90 metres tall?", "90 metres tall. That height was never right."),
    ("Combien de chambres compte l'hôtel du Lac ?", "Il compte 30 chambres."),
    ("Quand l'hôtel du Parc a-t-il ouvert ?", "L'hôtel du Parc, en face, a ouvert en 1911.")])
def test_a_refutation_or_the_place_asked_is_quoted(articles, task, said):
    """'It is widely believed … 2 tonnes.' was quoted without 'In fact it weighs 800 kilograms.', a postcard's height
    without the next paragraph's 'That height was never right.'; and 'Il compte 30 chambres.' of the hôtel du Lac was
    dropped once 'L'hôtel' was read as another name."""
    assert said in ask(task, articles)


def test_a_brochure_its_errata_correct_is_not_quoted(tmp_path):
    (tmp_path / "brochure.md").write_text("# Tarn Visitor Brochure (2001)\n\nThe lido is open every day of the year.\n"
                                          "The town museum has 60 paintings.\n")
    (tmp_path / "errata.md").write_text("# Errata to the 2001 brochure\n\nThe lido closed in 2012.\n"
                                        "The town museum has 48 paintings.\n")
    answer = ask("Is the lido open every day of the year?", tmp_path)
    assert answer.startswith(NO_ANSWER) and 'I did not quote "The lido is open every day of the year." [brochure.md]: errata.md corrects it.' in answer, answer
    answer = ask("How many paintings does the town museum have?", tmp_path)
    assert answer.startswith("The town museum has 48 paintings. [errata.md] I did not quote"), answer


def test_an_answer_from_a_dated_guide_says_other_documents_were_listed(tmp_path):
    (tmp_path / "guide.md").write_text("# Ardle Visitor Guide (2004)\n\nThe Ardle lighthouse is 45 metres tall.\n")
    for n in (1, 2, 3):
        (tmp_path / f"notes-{n}.md").write_text(f"# Notes\n\nThe Ardle lighthouse, note {n}.\n")
    answer = ask("How tall is the Ardle lighthouse?", tmp_path)
    assert answer.endswith("I read the 3 documents the search ranked first, of the 4 it listed: the others may say "
                           "more, or say otherwise."), answer


def test_an_errata_the_search_lists_below_the_first_three_is_read(tmp_path):
    """'The castle has 300 rooms. [old_guide.md]': corrections.md, listed 4th, was never read, and nothing said so."""
    for name, text in {"guide.md": "# Rennick Keep guide (2001)\n\nThe Rennick keep has 300 steps.\n",
                       "keep-walks.md": "# Rennick Keep walks\n\nRennick keep walks are short.\n",
                       "keep-cafe.md": "# Rennick Keep cafe\n\nThe Rennick keep cafe opens at ten.\n",
                       "corrections.md": "# Corrections to the 2001 guide\n\nThe Rennick keep has 280 steps, not 300.\n",
                       "notes.md": "# Notes\n\nRennick keep notes.\n"}.items():
        (tmp_path / name).write_text(text)
    answer = ask("How many steps does the Rennick keep have?", tmp_path)
    assert answer.startswith("The Rennick keep has 280 steps, not 300. [corrections.md] I did not quote "
                             '"The Rennick keep has 300 steps." [guide.md]: corrections.md corrects it.'), answer


@pytest.mark.parametrize("task", ["What is 7,5% of 1.200?", "What is 2,5 + 1.250?"])
def test_a_point_beside_a_decimal_comma_is_not_read_as_a_decimal_point(task):
    """'What is 7,5% of 1.200?' gave '7.5 * 1.200 / 100 = 0.09': with a decimal comma, 1.200 is more likely 1200."""
    answer = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert "=" not in answer and "I did not apply '1.2" in answer, answer


def test_a_forced_tool_refusal_speaks_of_the_tool_not_a_schema():
    """With tool_choice and no output_format the refusal said it 'cannot fill the schema … Claude fills the schema'."""
    reply = practice_client().messages.create(
        model=MODEL, max_tokens=300, messages=[{"role": "user", "content": "What is 2 + 2?"}],
        tools=[t.to_api() for t in samples.weather_and_calc()], tool_choice={"type": "tool", "name": "get_weather"})
    explanation = reply.stop_details.explanation
    assert reply.stop_reason == "refusal" and "schema" not in explanation, explanation
    assert "it cannot fill the input of the forced tool from evidence" in explanation, explanation
