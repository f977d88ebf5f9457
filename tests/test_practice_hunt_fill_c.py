"""Structured output reads a field's description (hred231): 'total' described as the number of unpaid invoices got the
total amount, 'count' described as the amount got the count. A French refusal said in English that the answer leaves
a part of the task undone."""

import json
import re

import pytest
from conversations import records
from pydantic import BaseModel, Field
from test_practice_hunt_fill import as_json

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent

LEDGER = {"K-31.txt": "Invoice K-31\nClient: Atelier Brun\nAmount: 410.00 EUR\nStatus: unpaid\n",
          "K-32.txt": "Invoice K-32\nClient: Atelier Brun\nAmount: 95.50 EUR\nStatus: unpaid\n",
          "K-33.txt": "Invoice K-33\nClient: Atelier Brun\nAmount: 60.00 EUR\nStatus: paid\n"}
TASK = "List the unpaid invoices and give their total."  # 2 unpaid, 505.50 EUR
ENGLISH = {"the", "answer", "leaves", "undone", "field", "filled", "task", "is", "not", "one", "of", "it"}


def after_run(task: str, tools, spec: dict, name: str = "total"):
    """The reply asking for {name: spec} after the run of `task`, with no further tool call."""
    client = practice_client()
    run = run_agent(client, task, tools)
    return as_json({name: spec}, run.messages[:-1], [t.to_api() for t in tools], client, tool_choice={"type": "none"})


@pytest.mark.parametrize(("name", "spec", "value"), [
    ("total", {"type": "number", "description": "the number of unpaid invoices"}, 2),
    ("total", {"type": "integer", "description": "the number"}, 2),
    ("count", {"type": "number", "description": "the sum of the unpaid amounts"}, 505.5),
    ("value", {"type": "integer", "description": "the count"}, 2),
    ("due", {"type": "number", "description": "number of unpaid invoices"}, 2),
])
def test_the_quantity_a_description_names_is_the_one_filled(tmp_path, name, spec, value):
    """A description naming the count or the total decides which fills the field; the name used to decide alone."""
    reply = after_run(TASK, records(tmp_path, LEDGER), spec, name)
    assert [json.loads(b.text) for b in reply.content] == [{name: value}], reply.stop_details


@pytest.mark.parametrize(("name", "spec", "said"), [
    ("total", {"type": "number", "description": "count and total amount of the unpaid invoices"}, "names both"),
    ("invoices", {"type": "array", "items": {"type": "string"}, "description": "the number of unpaid invoices"},
     "says it holds the count"),
])
def test_a_description_naming_two_quantities_or_another_one_is_refused(tmp_path, name, spec, said):
    """The count and the total at once, or a count for a list of invoices: a refusal, where it filled the name's value."""
    reply = after_run(TASK, records(tmp_path, LEDGER), spec, name)
    assert (reply.stop_reason, reply.content) == ("refusal", [])
    assert f"the description of '{name}' {said}" in reply.stop_details.explanation


class Owed(BaseModel):
    count: float = Field(description="the total amount of the unpaid invoices")


def test_a_pydantic_field_description_names_the_quantity(tmp_path):
    """messages.parse with count described as the total amount gives the amount; it gave the count 2."""
    tools, client = records(tmp_path, LEDGER), practice_client()
    run = run_agent(client, TASK, tools)
    reply = client.messages.parse(model=MODEL, max_tokens=500, messages=run.messages[:-1], output_format=Owed,
                                  tools=[t.to_api() for t in tools], tool_choice={"type": "none"})
    assert reply.parsed_output == Owed(count=505.5)


FACTURES = {"R-4.txt": "Facture R-4\nClient : Atelier Brun\nMontant : 310,00 €\nStatut : impayée\n",
            "R-5.txt": "Facture R-5\nClient : Atelier Brun\nMontant : 45,50 €\nStatut : payée\n"}


@pytest.mark.parametrize(("task", "name", "spec", "said"), [
    ("Combien coûte le cours de tissage pour 4 personnes ?", "price", {"type": "number"},
     "(la réponse laisse une partie de la demande sans suite : je n'en remplis aucun champ)"),
    ("Le cours de tissage est-il complet ?", "full", {"type": "boolean"}, "la réponse laisse une partie"),
    ("Quelles factures sont impayées ?", "invoices", {"type": "array", "items": {"type": "string", "enum": ["R-1"]}},
     "(la réponse ne le respecte pas : 'R-4' n'est pas parmi ['R-1'])"),
])
def test_a_french_structured_output_refusal_is_all_french(tmp_path, task, name, spec, said):
    """The reason 'the answer leaves a part of the task undone' and a schema error were English inside a French
    refusal."""
    tools = records(tmp_path, FACTURES)
    if "cours" in task:
        (tmp_path / "cat.json").write_text(json.dumps({"tissage": {"title": "Atelier de tissage", "price": 36, "seats_left": 5}}))
        tools = samples.catalogue_tools(tmp_path / "cat.json")
    explanation = after_run(task, tools, spec, name).stop_details.explanation
    assert said in explanation, explanation
    assert not set(re.findall(r"[a-z]+", explanation.replace(task, ""))) & ENGLISH, explanation


def test_a_french_text_field_typed_without_its_accent_is_the_answer(tmp_path):
    """A field 'reponse' holds the answer as 'réponse' does; it was refused as a value no tool gave."""
    reply = after_run("Quelles factures sont impayées ?", records(tmp_path, FACTURES), {"type": "string"}, "reponse")
    assert [json.loads(b.text) for b in reply.content] == [
        {"reponse": "Impayées : R-4 (Atelier Brun, 310,00 €). D'après 2 fichiers lus."}], reply.stop_details
