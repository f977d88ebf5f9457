"""Weather questions of several parts (hred83): a gap asked with the comparison ('by more than 5 degrees') was dropped
and 'Yes' said though the gap is 3; French weather words ('Fait-il beau à Marseille ?') were declined naming the city;
a choice of places ('in Paris or in Lyon') was declined as if get_weather could not use 'Lyon'."""

from __future__ import annotations

import pytest

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent


def ask(task: str) -> str:
    return run_agent(practice_client(), task, samples.weather_and_calc()).answer or ""


@pytest.mark.parametrize("task, said", [
    ("Is Lyon warmer than Paris by more than 5 degrees?", "No: Lyon (21 °C) is warmer than Paris (18 °C), by 3 °C."),
    ("Is Lyon warmer than Paris by more than 2 degrees?", "Yes: Lyon (21 °C) is warmer than Paris (18 °C), by 3 °C."),
    ("Is Bordeaux colder than Marseille by at least 4 degrees?", "Yes: Bordeaux (22 °C) is colder than Marseille (26 °C), by 4 °C."),
    ("Is Strasbourg warmer than Lille by 5 degrees?", "No: Strasbourg (19 °C) is warmer than Lille (15 °C), by 4 °C.")])
def test_a_gap_asked_with_a_comparison_is_weighed(task, said):
    answer = ask(task)
    assert answer.endswith(said) and "could not" not in answer, answer


@pytest.mark.parametrize("task, said", [("Fait-il beau à Marseille ?", "Marseille: 26 °C"),
                                        ("Y a-t-il du brouillard à Angers ?", "Angers: 18 °C, foggy")])
def test_french_weather_words_ask_for_the_weather(task, said):
    assert ask(task).startswith(said)


@pytest.mark.parametrize("task", ["Is it raining in Paris or in Lyon?", "Pleut-il à Paris ou à Lyon ?"])
def test_a_choice_of_places_is_declined_as_a_choice(task):
    answer = ask(task)
    assert "could do with 'Lyon'" not in answer and "ferait de 'Lyon'" not in answer, answer
    assert "beside another place" in answer or "à côté d'un autre lieu" in answer, answer


@pytest.mark.parametrize("task, said", [
    ("Is Nantes or Lille colder?", "Lille (15 °C) is colder than Nantes (17 °C), by 2 °C."),
    ("Fait-il plus froid à Lille ou à Nantes ?", "Il fait plus froid à Lille (15 °C) qu'à Nantes (17 °C), de 2 °C."),
    ("Fait-il moins chaud à Lyon ou à Marseille ?", "Il fait plus froid à Lyon (21 °C) qu'à Marseille (26 °C), de 5 °C."),
    ("Strasbourg est-elle plus chaude que Lille ?", "Oui : il fait plus chaud à Strasbourg (19 °C) qu'à Lille (15 °C), de 4 °C."),
    ("De combien de degrés Toulouse est-elle plus chaude que Nantes ?",
     "Il fait plus chaud à Toulouse (24 °C) qu'à Nantes (17 °C), de 7 °C."),
    ("Is Bordeaux warmer than Paris, and by how much?", "Yes: Bordeaux (22 °C) is warmer than Paris (18 °C), by 4 °C."),
    ("Is Lyon warmer than Paris by 4 degrees or more?", "No: Lyon (21 °C) is warmer than Paris (18 °C), by 3 °C."),
])
def test_a_comparison_of_two_places_asked_another_way_is_weighed(task, said):
    answer = ask(task)
    assert answer.endswith(said) and "could not" not in answer and "pas pu" not in answer, answer


@pytest.mark.parametrize("task, said", [
    ("What's the temperature in Toulouse minus the temperature in Lille?", "Toulouse (24 °C) minus Lille (15 °C) is 9 °C."),
    ("What is the temperature in Paris minus the temperature in Nantes?", "Paris (18 °C) minus Nantes (17 °C) is 1 °C."),
    ("What's the sum of the temperatures in Lyon and Paris?", "Lyon (21 °C) plus Paris (18 °C) is 39 °C."),
    ("What is the difference in temperature between Lille and Marseille?",
     "The difference between Lille (15 °C) and Marseille (26 °C) is 11 °C."),
    ("Température de Bordeaux moins celle de Lyon ?", "Bordeaux (22 °C) moins Lyon (21 °C) font 1 °C."),
    ("Quel est l'écart de température entre Nantes et Toulouse ?", "L'écart entre Nantes (17 °C) et Toulouse (24 °C) est de 7 °C."),
])
def test_an_operation_on_two_places_temperatures_is_computed(task, said):
    assert ask(task).endswith(said)


@pytest.mark.parametrize("task", ["What is the difference between Lyon and Paris?", "What is the sum of Lyon and Paris?"])
def test_an_operation_without_a_temperature_is_not_read_as_one(task):
    assert "°C" not in ask(task)


@pytest.mark.parametrize("task, why", [
    ("Lyon temperature in Fahrenheit?", "(I read a place after 'in' or 'à', as in 'the weather in Lyon')"),
    ("Strasbourg temperatures?", "(I read a place after 'in' or 'à', as in 'the weather in Lyon')"),
    ("What is the temperature in Nantes times the temperature in Lille?", "it names 'Lille' beside another place"),
])
def test_a_place_get_weather_takes_is_not_named_as_one_it_cannot_use(task, why):
    answer = ask(task)
    assert why in answer and "could do with 'Lille'" not in answer, answer
