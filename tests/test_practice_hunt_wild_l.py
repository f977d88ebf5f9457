"""Wordings and data from the forty-fourth session's hunts (res44, rec44, pla44, par44, api44, exe44) and the
forty-third session's notes."""

from __future__ import annotations

import pytest
from conversations import answer, documents

CAMP = {"campsite.md": "# Pine Hollow Campsite\nThe campsite opens on 1 April and closes on 31 October.\n"
                       "A pitch costs 18 EUR per night.",
        "fair.md": "# Harvest Fair\nThe Harvest Fair is on 12 October. Entry costs 4 EUR."}


@pytest.mark.parametrize(("task", "kept"), [
    ("How much does a pitch cost, and what time is it?", "18 EUR per night"),
    ("How much is entry to the fair? What time is it now?", "4 EUR")])
def test_the_time_now_asked_beside_a_document_question_is_named_unanswered(tmp_path, task, kept):
    """'How much does a pitch cost, and what time is it?' quoted the price and dropped the time without a word
    (forty-third session's note): no page gives the time now, and the reply says so."""
    said = answer(task, documents(tmp_path, CAMP))
    assert kept in said and "I did not answer 'what time is it" in said.replace("What", "what"), said
