"""Research questions of how much, how often and what price (hred93): 'How much is the ferry on Sundays?' quoted a
timetable sentence, since any number answered 'how much'; 'How often can I give Calmex?' quoted '120 mg per 5 ml' and
'How often should I water the tomatoes?' '2 litres per plant', since any 'per' answered 'how often'; 'Quels sont les
tarifs du club ?' quoted a sentence with no price."""

from __future__ import annotations

import pytest
from research_declines import no_answer

from looplab import samples
from looplab.client import practice_client
from looplab.i18n import set_language
from looplab.loop import run_agent

ARTICLES = {
    "ferry.md": "# Island ferry\n\nFerries leave the harbour at 7:00, 12:00 and 18:00.\n\nOn Sundays there is no 7:00 "
                "ferry.\n\nA single ticket on the ferry costs 9 euros.\n",
    "tomato.md": "# Growing tomatoes\n\nWater the tomatoes with 2 litres per plant.\n\nWater tomatoes twice a week in summer.\n",
    "calmex.md": "# Calmex syrup\n\nCalmex syrup contains 120 mg of paracetamol per 5 ml.\n\nGive Calmex every 6 hours if needed.\n",
    "club.md": "# Club de natation\n\nLes enfants de moins de 8 ans ne sont pas acceptés au club.\n\nLes entraînements ont "
               "lieu le lundi de 18 h à 20 h.\n",
}


def ask(tmp_path, task: str, articles: dict[str, str] = ARTICLES) -> str:
    for name, text in articles.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    set_language("fr" if task.startswith("Quels") else "en")
    try:
        return run_agent(practice_client(), task, samples.docs_tools(tmp_path)).answer
    finally:
        set_language("en")


@pytest.mark.parametrize("task, said", [
    ("How much is the ferry?", "A single ticket on the ferry costs 9 euros. [ferry.md]"),
    ("How often should I water the tomatoes?", "Water tomatoes twice a week in summer. [tomato.md]"),
    ("How often can I give Calmex?", "Give Calmex every 6 hours if needed. [calmex.md]"),
    ("How much paracetamol is in Calmex?", "Calmex syrup contains 120 mg of paracetamol per 5 ml. [calmex.md]"),
])
def test_the_sentence_that_answers_is_quoted(tmp_path, task, said):
    assert ask(tmp_path, task).startswith(said)


@pytest.mark.parametrize("task, unsaid", [
    ("How much is the ferry on Sundays?", "7:00"),
    ("How much is the 18:00 ferry?", "7:00"),
    ("Quels sont les tarifs du club ?", "moins de 8 ans"),
])
def test_a_clock_time_or_a_sentence_with_no_price_is_no_price(tmp_path, task, unsaid):
    reply = ask(tmp_path, task)
    assert unsaid not in reply and (no_answer(reply) or "Je n'ai cité aucune phrase" in reply), reply


@pytest.mark.parametrize("task", ["How often can I give Calmex?", "How often should I water the tomatoes?"])
def test_an_amount_per_unit_is_no_frequency(tmp_path, task):
    articles = {k: v.replace("twice a week", "well").replace("every 6 hours", "with water") for k, v in ARTICLES.items()}
    reply = ask(tmp_path, task, articles)
    assert "per 5 ml" not in reply and "per plant" not in reply and no_answer(reply), reply


def test_french_documents_searched_as_written_are_not_blamed_on_the_lexicon(tmp_path):
    reply = ask(tmp_path, "Quels sont les tarifs du club ?")
    assert "lexique" not in reply and "('tarifs' et 'club'), je n'ai su relier aucune phrase à ce que la question demande" in reply, reply


@pytest.mark.parametrize("task, quoted", [("Quelle est la posologie du Doliflu pour 8 kg ?", False),
                                          ("Quelle est la posologie du Doliflu pour 12 kg ?", True)])
def test_a_weight_in_none_of_a_sentences_ranges_is_not_answered_by_it(tmp_path, task, quoted):
    """'pour 8 kg' quoted the doses 'de 10 à 15 kg ; de 16 à 24 kg' as if one were its own (hred93)."""
    dose = {"notice-doliflu.md": "# Doliflu sirop : notice\n\nDoliflu contient 2,4 g d'ibuprofène pour 100 ml de sirop.\n\n"
                                 "Posologie selon le poids : de 10 à 15 kg, 3 ml par prise ; de 16 à 24 kg, 5 ml par prise ; "
                                 "de 25 à 40 kg, 8 ml par prise.\n\nRespecter un intervalle de 8 heures entre deux prises. Ne "
                                 "pas dépasser 3 prises par jour.\n"}
    for name, text in dose.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    set_language("fr")
    try:
        reply = run_agent(practice_client(), task, samples.docs_tools(tmp_path)).answer
    finally:
        set_language("en")
    assert ("de 10 à 15 kg, 3 ml" in reply) == quoted, reply
