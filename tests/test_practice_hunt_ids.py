"""A participant's lookup tools that answer an id with another record (hred82): a fallback, a nearest match, a record
that only refers to the id asked, an id with a suffix, a 'not found' said in words. Each was given as the asked id's
record; it is now said to be another's, or not found. Leading zeros name the same id."""

from __future__ import annotations

import pytest
from lookup_tools import lookup_tool

from looplab.client import practice_client
from looplab.loop import run_agent


def ask(task: str, *tools) -> str:
    return run_agent(practice_client(), task, list(tools), max_turns=8).answer or ""


ANOTHER = [  # (tool, param, what it returns for any key, task, the id asked, the other it names)
    ("get_order", "order_id", "Nearest match: order K-31, status pending.", "Look up K-30.", "K-30", "K-31"),
    ("get_order", "order_id", [{"orderId": "K-31", "status": "pending"}], "Look up K-30.", "K-30", "K-31"),
    ("get_order", "order_id", {"data": {"orderId": "K-31"}, "ok": True}, "Look up K-30.", "K-30", "K-31"),
    ("get_order", "order_id", {"Order #": "K-31", "status": "pending"}, "Look up K-30.", "K-30", "K-31"),
    ("get_order", "order_id", {"orderId": "K-30.1", "status": "pending"}, "Look up K-30.", "K-30", "K-30.1"),
    ("find_room", "code", {"room": "B12", "seats": 4, "near": "B7"}, "Find room B7.", "B7", "B12"),
    ("find_room", "code", {"roomCode": "B7A", "seats": 4}, "Find room B7.", "B7", "B7A"),
    ("get_ticket", "ref", {"ref": "Q-9", "parent_ref": "Q-4"}, "Call get_ticket with ref 'Q-4'.", "Q-4", "Q-9"),
    ("get_ticket", "ref", {"ticket_id": "Q-9", "duplicate_of_id": "Q-4"}, "Look up Q-4.", "Q-4", "Q-9"),
    ("get_ticket", "ref", "Ticket Q-9 (duplicate of Q-4): closed.", "Call get_ticket with ref 'Q-4'.", "Q-4", "Q-9"),
    ("get_book", "isbn", {"title": "Tides", "isbn13": "555-2", "series_isbn": "555-1"}, "Call get_book with isbn '555-1'.",
     "555-1", "555-2"),
    ("get_invoice", "number", {"number": "INV-40", "amount": 12}, "Call get_invoice with number 'INV-4'.", "INV-4", "INV-40"),
    ("get_patient", "patient_id", {"name": "Zoe", "guardian_id": "K-30"}, "Look up K-30.", "K-30", "guardian_id"),
]


@pytest.mark.parametrize(("name", "param", "result", "task", "asked", "other"), ANOTHER)
def test_a_record_of_another_id_is_not_given_as_the_asked_one(name, param, result, task, asked, other):
    answer = ask(task, lookup_tool(name, param, lambda key: result))
    assert answer.startswith(f"'{asked}': the {name} tool returned ") and other in answer, answer
    assert "I do not give it as the answer." in answer, answer


@pytest.mark.parametrize("said", ["Sorry, nothing on file for K-30.", "0 results", None, "Not on file."])
def test_a_result_saying_nothing_was_found_is_no_record(said):
    answer = ask("Look up K-30.", lookup_tool("get_order", "order_id", lambda key: said))
    assert answer.startswith("'K-30' is not found: I could not find it"), answer


def test_a_record_that_says_it_is_a_default_is_not_given():
    result = {"orderId": "K-30", "status": "shipped", "warning": "id K-30 not found, showing default"}
    answer = ask("Look up K-30.", lookup_tool("get_order", "order_id", lambda key: result))
    assert answer.startswith("'K-30': the get_order tool returned an entry that says 'id K-30 not found"), answer


ORDERS = {"K-30": {"orderId": "K-30", "status": "shipped"}, "K-1": {"orderId": "K-1", "status": "cancelled"}}


@pytest.mark.parametrize("task", ["Look up the order with id K-30.", "Look up order K-30.", "Look up order id K-30."])
def test_the_tools_own_noun_before_an_id_is_no_key(task):
    """'Look up the order with id O-12.' also looked up 'order', and the tool's default record was "'order' is in the
    records"; 'Look up patient P-7.' looked up 'patient' and never P-7."""
    answer = ask(task, lookup_tool("get_order", "order_id", lambda key: ORDERS.get(key, ORDERS["K-1"])))
    assert answer == "'K-30' is in the records: orderId: K-30; status: shipped.", answer


@pytest.mark.parametrize(("asked", "stored"), [("K-30", "K-030"), ("INV-7", "INV-0007"), ("inv-7", "INV-7"),
                                               ("INV-7", "urn:invoice:INV-7")])
def test_leading_zeros_and_case_name_the_same_id(asked, stored):
    answer = ask(f"Look up {asked}.", lookup_tool("get_invoice", "invoice_id", lambda key: {"number": stored, "amount": 3}))
    assert answer == f"'{asked}' is in the records: number: {stored}; amount: 3.", answer
    answer = ask(f"Call get_invoice with number '{asked}'.", lookup_tool("get_invoice", "number", lambda key: {
        "number": stored, "amount": 3}))
    assert answer.lower().endswith(f"number: {stored.lower()}; amount: 3."), answer
