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
