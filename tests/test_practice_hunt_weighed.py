"""'Which is colder, Lyon or Berlin?' weighed like 'Is Lyon colder than Berlin?' (it was declined, naming Berlin as a
word it could not act on), and the French 'somme de 4 et 5' / 'produit de 6 et 7' read like 'sum of' / 'product of'."""

from __future__ import annotations

import dataclasses

import pytest

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent, to_param
from looplab.tools import Toolbox


def ask(task: str) -> str:
    return run_agent(practice_client(), task, samples.weather_and_calc(), max_turns=10).answer or ""


@pytest.mark.parametrize("task, said", [
    ("Which is colder, Lyon or Berlin?", "Berlin (-4 °C) is colder than Lyon (21 °C), by 25 °C."),
    ("Which city is warmer right now: Paris or Oslo?", "Paris (18 °C) is warmer than Oslo (1 °C), by 17 °C."),
    ("Where is it warmer, in New York or in Oslo?", "Oslo (1 °C) is warmer than New York (-1 °C), by 2 °C."),
    ("Quelle ville est plus chaude, Lyon ou Paris ?", "Il fait plus chaud à Lyon (21 °C) qu'à Paris (18 °C), de 3 °C."),
    ("Où fait-il plus froid : à Lyon ou à Berlin ?", "Il fait plus froid à Berlin (-4 °C) qu'à Lyon (21 °C), de 25 °C."),
])
def test_which_of_two_places_is_weighed_without_a_yes_or_no(task, said):
    reply = ask(task)
    assert reply.endswith(said), reply
    assert not any(w in reply for w in ("Yes", "No:", "Oui", "Non :", "could not", "pas pu"))


@pytest.mark.parametrize("task", ["Which is colder, Lyon, Paris or Oslo?", "Which is colder tomorrow, Lyon or Berlin?",
                                  "Which is rainier, Lyon or Berlin?"])
def test_what_the_rule_cannot_weigh_is_still_not_weighed(task):
    reply = ask(task)
    assert " is colder than " not in reply and " is warmer than " not in reply, reply


@pytest.mark.parametrize("task, said", [("Calcule la somme de 4 et 5", "4 + 5 = 9."),
                                        ("Quel est le produit de 6 et 7 ?", "6 * 7 = 42."),
                                        ("Quelle est la somme de 4,5 et 5 ?", "4.5 + 5 = 9.5.")])
def test_a_french_sum_or_product_of_two_numbers_is_calculated(task, said):
    assert ask(task) == said


def test_a_french_sum_of_three_numbers_is_not_cut_to_two():
    reply = ask("Calcule la somme de 2, 3 et 4")
    assert "= 5" not in reply and "= 7" not in reply and "pas pu" in reply, reply


@pytest.mark.parametrize("task, said", [("Est-ce qu'il fait plus froid à Lille qu'à Dijon ?", "Il fait 15 °C à Lille comme à Dijon."),
                                        ("Is it colder in Lille than in Dijon?", "Lille and Dijon are as warm as each other")])
def test_two_places_as_warm_as_each_other_are_said_whole(task, said):
    """In French the sentence took in the results before it: 'Il fait 15 °C à Lille: 15 °C, overcast (simulated). …'."""
    tools = [dataclasses.replace(t, handler=lambda city: f"{city}: 15 °C, cloudy (simulated)") if t.name == "get_weather"
             else t for t in samples.weather_and_calc()]
    reply = run_agent(practice_client(), task, tools, max_turns=10).answer
    assert reply.endswith(said) or said in reply, reply
    assert reply.count("(simulated)") == 2, reply


def test_a_whole_question_after_and_in_a_second_turn_is_answered():
    """'And what is 5 + 5?' got 10 from the calculator, then dropped it: 'ask the question whole'."""
    client, tools = practice_client(), samples.weather_and_calc()
    for then, said in [("And what is 5 + 5?", "5 + 5 = 10."), ("Et combien font 5 + 5 ?", "5 + 5 = 10."),
                       ("And, what is 5 + 5?", "5 + 5 = 10."), ("And how hot is it in Marseille?", "Marseille: 26 °C"),
                       ("Et la météo à Bordeaux ?", "Bordeaux: 22 °C")]:
        messages = [*run_agent(client, "What is 6 times 7?", tools).messages, {"role": "user", "content": then}]
        while (reply := client.messages.create(model="claude-opus-5", max_tokens=512, messages=messages,
                                               tools=[t.to_api() for t in tools])).stop_reason == "tool_use":
            messages += [{"role": "assistant", "content": [to_param(b) for b in reply.content]},
                         {"role": "user", "content": [Toolbox(tools).execute(b).result for b in reply.content
                                                      if b.type == "tool_use"]}]
        assert reply.content[-1].text.startswith(said), reply.content[-1].text
    for fragment in ("And in Paris?", "And the total?"):  # a fragment still points back: declined
        messages = [*run_agent(client, "What is 6 times 7?", tools).messages, {"role": "user", "content": fragment}]
        reply = client.messages.create(model="claude-opus-5", max_tokens=512, messages=messages,
                                       tools=[t.to_api() for t in tools])
        assert reply.stop_reason == "end_turn" and "ask the question whole" in reply.content[-1].text, reply.content
