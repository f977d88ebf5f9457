"""Research over documents that changed (hred84): a sentence saying what was ('Previously the fee was 30 euros.')
quoted alone where the next says what is; the older of two editions of a guide quoted as current; a clause about
another thing ('…replaces the X1, which weighed 900 grams') or a neighbour ('Ashford, the neighbour of Ashby, …')
quoted for the thing asked; and a French sentence with 'remplacé' in it, which made the practice model fail (500)."""

from __future__ import annotations

import pytest

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent

ARTICLES = {
    "pool.md": "# Marlow swimming pool\n\nThe pool opened in 1968. Until 2021 an adult ticket cost 3 euros. From 2022 it "
               "costs 4.20 euros.\n",
    "club.md": "# Kestrel chess club\n\nThe club's home was formerly the church hall. Since 2020 it is the "
               "library.\n",
    "map_2018.md": "# Fenby Walks (2018 edition)\n\nThe river walk is 6 km long. The ferry crossing costs 2 euros.\n",
    "map_2025.md": "# Fenby Walks (2025 edition)\n\nThe river walk is 7 km long since the new bridge. The ferry crossing "
                   "costs 3 euros.\n",
    "kettle.md": "# Brio kettle B5\n\nThe Brio B5 follows the B4, which held 1.2 litres. The B5 has a steel lid.\n",
    "villages.md": "# Harwell\n\nHarwell, the neighbour of Oakby, has a school with 120 pupils. Harwell has two pubs.\n",
    "toit.md": "# La halle de Sorn\n\nLe toit de la halle a été remplacé en 2019. La halle accueille un marché le samedi.\n",
}


@pytest.fixture
def articles(tmp_path):
    for name, text in ARTICLES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def ask(folder, task: str) -> str:
    run = run_agent(practice_client(), task, samples.docs_tools(folder))
    assert run.status == "done", run.error
    return run.answer


@pytest.mark.parametrize("task, now", [
    ("How much is an adult ticket at the Marlow pool?", "4.20 euros"),
    ("What is the home of the Kestrel chess club?", "Since 2020 it is the library."),
])
def test_what_was_is_quoted_with_what_is(articles, task, now):
    assert now in ask(articles, task)


def test_what_was_is_quoted_with_what_is_in_french(tmp_path):
    (tmp_path / "bus.md").write_text("# La ligne 4\n\nLe ticket coûtait 1 euro jusqu'en 2020. Depuis 2021, il coûte 1,50 "
                                     "euro.\n", encoding="utf-8")
    assert "Depuis 2021, il coûte 1,50 euro." in ask(tmp_path, "Combien coûte le ticket de la ligne 4 ?")


def test_a_question_about_the_past_is_answered_with_the_past_alone(articles):
    said = ask(articles, "How much did an adult ticket at the Marlow pool cost until 2021?")
    assert "3 euros" in said and "4.20" not in said, said


def test_the_older_edition_of_a_guide_is_set_aside_unless_asked(articles):
    said = ask(articles, "How much does the Fenby ferry crossing cost?")
    assert "3 euros. [map_2025.md]" in said and "2 euros" not in said, said
    assert "I did not quote map_2018.md: map_2025.md is a later edition of it." in said, said
    assert "2 euros" in ask(articles, "How much did the ferry crossing cost in the 2018 edition of Fenby Walks?")


@pytest.mark.parametrize("task, other", [("How many litres does the Brio B5 hold?", "1.2 litres"),
                                         ("How many pupils does the school in Oakby have?", "120 pupils")])
def test_a_clause_about_another_thing_is_not_its_answer(articles, task, other):
    assert other not in ask(articles, task)


def test_a_sentence_saying_a_part_was_replaced_is_read_not_set_aside(articles):
    assert "remplacé en 2019" in ask(articles, "Quand le toit de la halle a-t-il été remplacé ?")
    said = ask(articles, "Quel est le numéro de la halle ?")  # no sentence carries it: declined, not a 500
    assert "Je ne sais pas" in said or "ne répondent pas" in said, said


def test_an_errata_naming_one_edition_sets_aside_that_edition_only(tmp_path):
    for name, text in {"guide_2001.md": "# Tolby guide 2001\n\nThe Tolby museum has 12 rooms.\n",
                       "guide_2010.md": "# Tolby guide 2010\n\nThe Tolby museum has 18 rooms.\n",
                       "errata.md": "# Errata to the guide\n\nIn the 2001 guide, the Tolby museum had 13 rooms, not 12.\n"}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    said = ask(tmp_path, "How many rooms does the Tolby museum have?")
    assert "has 18 rooms. [guide_2010.md]" in said and "had 13 rooms, not 12. [errata.md]" in said, said
    assert "\"The Tolby museum has 18 rooms.\" [guide_2010.md]: errata.md corrects it" not in said, said


SHAPES = {
    "lines.md": "# Bus lines\n\nLine 4 runs every 8 minutes.\nLine 14 runs every 20 minutes.\nThe 2019 fair drew 4,000 "
                "visitors. The 2022 fair drew 6,500 visitors.\n",
    "trams.md": "# Réseau de tramway\n\nLe tram 2 s'arrête à la cathédrale.\nLe tram 12 s'arrête au stade.\nLe tram 21 a "
                "été fermé en 2018.\n",
    "faq.md": "# Pool FAQ\n\nQ: Is the pool open on Mondays?\nA: No, it is closed on Mondays for cleaning.\n\nQ: Can "
              "children swim alone?\nA: From the age of 12.\n",
    "tarifs.md": "# Tarifs du musée Vauban\n\n| Année | Prix du billet |\n|-------|----------------|\n| 2018 | 8 € |\n"
                 "| 2022 | 11 € |\n",
}


@pytest.fixture
def shapes(tmp_path):
    for name, text in SHAPES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("task, other", [("How often does Line 41 run?", "every"), ("How often does Line 14 run?", "8 minutes"),
                                         ("How many visitors did the 2021 fair draw?", "4,000"),
                                         ("Le tram 12 a-t-il été fermé en 2018 ?", "fermé en 2018."),
                                         ("Où s'arrête le tram 21 ?", "s'arrête au")])
def test_a_thing_of_another_number_is_not_the_one_asked(shapes, task, other):
    assert other not in ask(shapes, task)


@pytest.mark.parametrize("task, said", [("Is the pool open on Mondays?", "A: No, it is closed on Mondays for cleaning."),
                                        ("Can children swim alone in the pool?", "A: From the age of 12.")])
def test_a_faq_question_is_quoted_with_its_answer(shapes, task, said):
    assert said in ask(shapes, task)


def test_a_table_without_the_year_asked_is_not_its_answer(shapes):
    assert "11 €" not in ask(shapes, "Quel était le prix du billet du musée Vauban en 2020 ?")


FRENCH = {"foire.md": "# La foire de Sault\n\nLa foire 2019 a réuni 120 exposants.\nLa foire de 2023 a réuni 150 exposants.\n",
          "salles.md": "# Les salles de la mairie\n\nLa salle A2 possède un écran.\nLa salle B a une fenêtre.\n",
          "lignes.md": "# Les lignes de bus\n\nLa ligne 4 va jusqu'au zoo.\nLa ligne 14 va jusqu'à l'aéroport.\n",
          "metro.md": "# Le métro de Sault\n\nAvant 2015, le ticket coûtait 1,50 €.\n"}


@pytest.mark.parametrize("task, other", [("Combien d'exposants à la foire 2021 ?", "150"),
                                         ("Combien d'exposants à la foire de 2020 ?", "120 exposants."),
                                         ("La salle A possède-t-elle un écran ?", "possède un écran."),
                                         ("Où va la ligne de bus 41 ?", "va jusqu'au zoo.")])
def test_a_french_thing_of_another_number_or_letter_is_not_the_one_asked(tmp_path, task, other):
    for name, text in FRENCH.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    said = ask(tmp_path, task)
    assert other not in said.split("je n'ai pas cité")[0] and "la question porte sur" in said, said


def test_a_year_before_a_bound_is_answered_by_it(tmp_path):
    (tmp_path / "metro.md").write_text(FRENCH["metro.md"], encoding="utf-8")
    assert "Avant 2015, le ticket coûtait 1,50 €." in ask(tmp_path, "Combien coûtait le ticket de métro en 2010 ?")
