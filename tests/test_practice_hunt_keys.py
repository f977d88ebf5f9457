"""Lookups with tools of a participant's own (hred92): 'Look up Dune Messiah' looked up 'Dune'; 'Emma' and 'Emma 2'
looked up '2' (the tool's example named Emma); a closest-match tool's 'Dune' was given as 'Dunes'; 'L'Étranger' was
cut at its apostrophe; 'her manager's phone' quoted her own phone with no word; 'Which is newer?' was said to be
missing from the entries."""

from __future__ import annotations

import json

import pytest

from looplab.client import practice_client
from looplab.loop import run_agent
from looplab.tools import tool

BOOKS = {"Dune": {"author": "Frank Herbert", "year": 1965}, "Dune Messiah": {"author": "Frank Herbert", "year": 1969},
         "Emma": {"author": "Jane Austen", "year": 1815}, "Emma 2": {"author": "Jane Austen", "year": 2012},
         "L'Étranger": {"author": "Albert Camus", "year": 1942}}
STAFF = {"e101": {"name": "Marie Curtet", "team": "Finance", "phone": "4021", "manager": "e107"},
         "e107": {"name": "Jon Alva", "team": "Direction", "phone": "4000"}}


def get_book(key: str) -> str:
    """Look up one book of the library catalogue by its key (title) and return it as JSON.

    Args:
        key: Book key, e.g. Emma.
    """
    if key in BOOKS:
        return json.dumps(BOOKS[key], ensure_ascii=False)
    raise KeyError(f"no entry {key!r}; known: {', '.join(sorted(BOOKS))}")


def get_closest_book(key: str) -> str:
    """Look up one book of the library catalogue by its key; the closest title when none matches.

    Args:
        key: Book key.
    """
    near = next(k for k in BOOKS if k.lower().startswith(key.lower()[:3]))
    return json.dumps({"title": near, **BOOKS[near]}, ensure_ascii=False)


def get_employee(employee_id: str) -> str:
    """Look up one employee record by id.

    Args:
        employee_id: Employee id, e.g. e101.
    """
    return json.dumps(STAFF[employee_id])


def ask(task: str, lookup=get_book) -> str:
    return run_agent(practice_client(), task, [tool(lookup)], max_turns=6).answer


@pytest.mark.parametrize("task, said", [
    ("Look up Dune Messiah.", "'Dune Messiah' is in the catalogue: author: Frank Herbert; year: 1969."),
    ("Look up Dune Messiah and Emma.", "'Dune Messiah' is in the catalogue: author: Frank Herbert; year: 1969. 'Emma' is"),
    ("Look up 'Emma' and 'Emma 2'.", "'Emma' is in the catalogue: author: Jane Austen; year: 1815. 'Emma 2' is in the "
                                      "catalogue: author: Jane Austen; year: 2012."),
    ("Look up 'L'Étranger'.", "'L'Étranger' "),
])
def test_the_key_is_the_title_as_written(task, said):
    assert ask(task).startswith(said)


def test_a_closer_title_is_not_given_as_the_one_asked():
    said = ask("Look up 'Dunes'.", get_closest_book)
    assert "returned an entry named 'Dune', which does not name 'Dunes'" in said and "1965" not in said, said


@pytest.mark.parametrize("task", ["Look up e101 and tell me her manager's phone.",
                                  "Look up e101 and give me the team of its manager."])
def test_a_field_of_another_entry_the_record_names_is_said_not_looked_up(task):
    said = ask(task, get_employee)
    assert "I did not look up 'e107', the manager the entry names" in said and "4000" not in said, said


def test_a_comparison_of_entries_is_said_not_done():
    said = ask("Look up 'Emma' and 'Emma 2'. Which is newer?")
    assert said.endswith("I did not compare the entries ('newer').") and "found nothing about 'newer'" not in said, said


def test_a_field_ending_in_id_letters_is_no_id_field():
    """{'status': 'shipped', 'paid': true} for A-100 was 'an entry for 'True'': 'paid' was read as an id field (hred97)."""
    def get_order(order_id: str) -> str:
        """Get the status of a customer order as JSON.

        Args:
            order_id: The order id, e.g. A-100.
        """
        return json.dumps({"status": "shipped", "paid": True})

    said = run_agent(practice_client(), "Look up order A-100.", [tool(get_order)], max_turns=6).answer
    assert said == "'A-100' is in the records: status: shipped; paid: True.", said
