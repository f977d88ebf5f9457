"""Wordings and data from the hred135-hred141 hunts: 'Is Nantes about as warm as Paris?' answered 'No' for a 1 °C
gap; 'Is Lille warmer or colder than Paris?' answered 'No'; 'Was Lyon or Paris warmer?' answered with today's
weather."""

from __future__ import annotations

import pytest
from conversations import answer

from looplab import samples


@pytest.mark.parametrize("task", ["Is Nantes about as warm as Paris?", "Is Paris about as cold as Nantes?",
                                  "Is Nantes roughly as warm as Paris?", "Is Nantes just as warm as Paris?",
                                  "Is Lyon approximately as hot as Marseille?"])
def test_about_as_warm_is_no_plain_comparison(task):
    """'about' was dropped, and a 1 °C gap answered 'No: Paris is warmer' (hred139)."""
    said = answer(task, samples.weather_and_calc())
    assert not said.startswith(("No", "Yes")) and "can't plan" in said, said


@pytest.mark.parametrize(("task", "warmer"), [("Is Lille warmer or colder than Paris?", "Paris (18 °C) is warmer"),
                                              ("Is Lyon colder or warmer than Paris?", "Paris (18 °C) is colder")])
def test_warmer_or_colder_is_answered_by_which(task, warmer):
    said = answer(task, samples.weather_and_calc())
    assert warmer in said and "No:" not in said and "Yes:" not in said, said


def test_a_past_either_or_is_not_answered_with_today():
    said = answer("Was Lyon or Paris warmer?", samples.weather_and_calc())
    assert "can't plan" in said and "'Was'" in said, said
