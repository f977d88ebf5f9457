"""Wordings and data from the ovr48 hunt (research W11-W21) and the par48 hunt (E231, E243, F100, F101)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conversations import answer, documents

ARTICLES = Path("notebooks/data/articles")  # the notebooks' articles, run from the project folder


@pytest.mark.parametrize(("pages", "task", "other"), [
    ({"night.md": "# Night trains\n\nThe night train to Frankfurt an der Oder leaves at 22:10.\n"},
     "When does the night train to Frankfurt leave?", "Frankfurt an der Oder"),  # W14
    ({"libs.md": "# Libraries\n\nThe library in Sutton Coldfield opens at 9:00.\n"},
     "When does the library in Sutton open?", "Sutton Coldfield"),  # W16
    ({"ferry.md": "# Ferries\n\nThe ferry to Newport News leaves at 10:30.\n",
      "spa.md": "# Trains\n\nThe train to Bath Spa leaves at 11:15.\n"},
     "When does the ferry to Newport leave?", "Newport News"),  # W17
    ({"va.md": "# Victoria and Albert Museum\n\nThe Victoria and Albert Museum is open daily from 10:00 to 17:45.\n",
      "albert.md": "# Albert Hall tours\n\nTours of the Albert Hall start at 11:00.\n"},
     "When is the Albert Museum open?", "Victoria and Albert Museum"),  # W18
    ({"boats.md": "# Boats\n\nThe boat to Stoke on Trent leaves at 7:05.\n"}, "When does the boat to Stoke leave?",
     "Stoke on Trent")])
def test_a_name_with_words_added_is_another_place(tmp_path, pages, task, other):
    """'Frankfurt an der Oder', 'Sutton Coldfield', 'Newport News', 'the Victoria and Albert Museum' were quoted as
    the answer about Frankfurt, Sutton, Newport, the Albert Museum (ovr48 W14-W18): a name going on with a capitalised
    word the question does not carry, or a linking phrase, is another place, named as such."""
    said = answer(task, documents(tmp_path, pages))
    assert said.startswith("I could not find an answer") and f"it speaks of '{other}'" in said, said


def test_the_asked_place_is_kept_beside_a_longer_name(tmp_path):
    """'The library in Sutton Coldfield opens at 9:00.' was quoted beside Sutton's own 10:00 (ovr48 W15)."""
    pages = {"libs.md": "# Libraries\n\nThe library in Sutton Coldfield opens at 9:00. The library in Sutton opens at 10:00.\n"}
    assert answer("When does the library in Sutton open?", documents(tmp_path, pages)) == \
        "The library in Sutton opens at 10:00. [libs.md]"


@pytest.mark.parametrize(("pages", "task", "said"), [
    ({"hours.md": "# Rosemoor Garden’s opening hours\n\nThe gates open at 8:00.\n",
      "cafe.md": "# Eat and drink\n\nRosemoor Garden’s café opens at 9:30.\n"},
     "When does Rosemoor Garden's café open?", "Rosemoor Garden’s café opens at 9:30. [cafe.md]"),  # W11
    ({"hours.md": "# Visit Rosemoor Garden\n\nRosemoor Garden's café opens at 9:30.\n"},
     "When does Rosemoor Garden’s café open?", "Rosemoor Garden's café opens at 9:30. [hours.md]"),  # W12
    ({"minster.md": "# York Minster\n\nYork Minster opens at 9:30 Monday to Saturday.\n"},
     "When does the Minster open?", "York Minster opens at 9:30 Monday to Saturday. [minster.md]"),  # W13
    ({"abbey.md": "# Selby Abbey\n\nSelby Abbey opens at 10:00 every day.\n"},
     "When does the Abbey open?", "Selby Abbey opens at 10:00 every day. [abbey.md]")])
def test_the_same_place_is_not_called_another(tmp_path, pages, task, said):
    """A curly apostrophe on one side and a straight one on the other, or 'the Minster' for a one-page site headed
    'York Minster', were declined as 'may be about another place' (ovr48 W11-W13)."""
    reply = answer(task, documents(tmp_path, pages))
    assert reply == said and "another place" not in reply, reply


@pytest.mark.parametrize(("pages", "task", "next_sentence"), [
    ({"pool.md": "# Brookfield Pool\n\nAdult entry costs 5 euros. That said, on Fridays after 18:00 it costs 3 euros.\n"},
     "How much is adult entry at Brookfield Pool?", "That said, on Fridays after 18:00 it costs 3 euros."),  # W19
    ({"piscine.md": "# Piscine des Dunes\n\nL'entrée de la piscine des Dunes coûte 4 €. Cela dit, le mardi soir elle "
                    "coûte 2 €.\n"},
     "Combien coûte l'entrée de la piscine des Dunes ?", "Cela dit, le mardi soir elle coûte 2 €."),  # W20
    ({"rink.md": "# Elmwood Ice Rink\n\nA skating session at Elmwood Ice Rink costs 8 euros. Having said that, children "
                 "under 6 skate for free.\n"},
     "How much does a skating session at Elmwood Ice Rink cost?", "Having said that, children under 6 skate for free."),
    ({"zoo.md": "# Marlow Zoo\n\nA day ticket to Marlow Zoo costs 12 euros. Even so, members get in for 6 euros.\n"},
     "How much is a day ticket to Marlow Zoo?", "Even so, members get in for 6 euros.")])
def test_a_concession_after_the_quote_is_quoted_with_it(tmp_path, pages, task, next_sentence):
    """'That said, …', 'Cela dit, …', 'Having said that, …' limit the sentence before and were dropped (ovr48
    W19-W21): they join as 'However' does."""
    said = answer(task, documents(tmp_path, pages))
    assert next_sentence in said, said


@pytest.mark.parametrize(("pages", "task", "claim", "rebuttal"), [
    ({"tea-myths.md": "# Tea myths\n\nSome sellers claim that green tea should be brewed at 100 °C. We disagree: brew "
                      "it at 75 °C.\n"}, "At what temperature should green tea be brewed?", "100 °C.", "We disagree"),  # E231
    ({"the.md": "# Thé vert\n\nCertains vendeurs affirment qu'il faut infuser le thé vert à 100 °C. Nous ne sommes pas "
                "d'accord : infusez-le à 75 °C.\n"}, "À quelle température faut-il infuser le thé vert ?", "100 °C.",
     "Nous ne sommes pas d'accord"),
    ({"bridge.md": "# Old Bridge\n\nSome guides claim the Old Bridge is 90 metres long. This is not true: it is 64 metres "
                   "long.\n"}, "How long is the Old Bridge?", "90 metres long.", "This is not true")])
def test_a_claim_the_next_sentence_rejects_is_no_answer(tmp_path, pages, task, claim, rebuttal):
    """'Some sellers claim … 100 °C.' followed by 'We disagree' was given as the answer (par48 E231, E243): a claim
    is quoted only with the sentence that rejects it, if at all."""
    said = answer(task, documents(tmp_path, pages))
    assert claim not in said or f"{claim} {rebuttal}" in said, said


@pytest.mark.parametrize("task", ["À quelle heure part la sortie du samedi ?",
                                  "La sortie du dimanche part d'où et à quelle heure ?"])
def test_a_french_article_found_is_not_said_english(tmp_path, task):
    """With one French article among the English ones, the decline said the documents found are in English (par48
    F100, F101); it names the French one."""
    pages = {p.name: p.read_text(encoding="utf-8") for p in ARTICLES.iterdir()}
    pages["sorties-club.md"] = ("# Sorties du club\n\nLa sortie du samedi 12 avril est annulée à cause de la pluie.\n\n"
                                "La sortie du dimanche 13 avril part à 9 h du parking de la gare.\n")
    said = answer(task, documents(tmp_path, pages))
    assert "sont en anglais" not in said and "sorties-club.md en français" in said, said
