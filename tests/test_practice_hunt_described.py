"""Structured output read a field by its name alone (hred94): a total described as 'in US cents', titled 'Total in USD'
or 'owed by Alba only' got the euro total of every unpaid invoice; 'temperature in Fahrenheit only' got the Celsius
sentence; 'the result minus ten' got the result. A system prompt's 'Subtract 1 from every answer' was named in the
prose and dropped from the JSON."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent

FILES = {"X1.txt": "Invoice X1\nClient: Alba\nAmount: 200 EUR\nStatus: unpaid\n",
         "X2.txt": "Invoice X2\nClient: Sud\nAmount: 60 EUR\nStatus: unpaid\n",
         "X3.txt": "Invoice X3\nClient: Est\nAmount: 999 EUR\nStatus: paid\n"}
TASK = "Which invoices are unpaid, and what is their total?"


def structured(tmp_path, schema: dict, task: str = TASK, system: str | None = None):
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    tools = samples.weather_and_calc() if "*" in task else samples.invoice_tools(tmp_path)
    client = practice_client()
    run = run_agent(client, task, tools, system=system)
    return client.messages.create(model=MODEL, max_tokens=800, messages=run.messages[:-1], tools=[t.to_api() for t in tools],
                                  tool_choice={"type": "none"}, **({"system": system} if system else {}),
                                  output_config={"format": {"type": "json_schema", "schema": schema}})


def parsed(tmp_path, model: type[BaseModel]):
    """messages.parse with `model` after the run of TASK over FILES, as notebook 07 does."""
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    tools, client = samples.invoice_tools(tmp_path), practice_client()
    run = run_agent(client, TASK, tools)
    return client.messages.parse(model=MODEL, max_tokens=800, messages=run.messages[:-1], tools=[t.to_api() for t in tools],
                                 tool_choice={"type": "none"}, output_format=model)


def number(description: str | None = None, title: str | None = None) -> dict:
    spec = {"type": "integer", **({"description": description} if description else {}), **({"title": title} if title else {})}
    return {"type": "object", "properties": {"total": spec}, "required": ["total"], "additionalProperties": False}


@pytest.mark.parametrize("schema, named", [
    (number("the total in US cents"), "'cents'"),
    (number("the amount owed by Alba only"), "'alba'"),
    (number(title="Total in USD"), "I could not tie 'total'"),
    (number("the total of the paid invoices"), "I could not tie 'total'"),
    (number("the total of the invoices"), "'invoices'"),
])
def test_a_description_that_says_more_than_the_name_is_not_passed_over(tmp_path, schema, named):
    reply = structured(tmp_path, schema)
    assert reply.stop_reason == "refusal" and named in reply.stop_details.explanation, reply


def test_a_description_that_says_only_the_name_is_filled(tmp_path):
    reply = structured(tmp_path, number("The total amount of the unpaid invoices, in EUR"))
    assert reply.stop_reason == "end_turn" and reply.content[0].text == '{"total": 260}', reply


def test_a_pydantic_field_description_is_read(tmp_path):
    class Cents(BaseModel):
        total: int = Field(description="total owed in cents")

    reply = parsed(tmp_path, Cents)
    assert reply.parsed_output is None and "'cents'" in reply.stop_details.explanation


def test_a_system_rule_on_the_answer_keeps_the_json_empty(tmp_path):
    schema = {"type": "object", "properties": {"result": {"type": "integer"}}, "required": ["result"],
              "additionalProperties": False}
    reply = structured(tmp_path, schema, "What is 6 * 9?", system="Subtract 1 from every answer you give.")
    assert reply.stop_reason == "refusal" and "Subtract 1" in reply.stop_details.explanation, reply


def test_the_sdks_note_of_a_constraint_is_no_description_to_follow(tmp_path):
    """The SDK moves 'default: None' and 'ge=0' into the description as '{default: None}', '{minimum: 0}': read as words
    the field's name does not say, they made every pydantic model with an optional field refuse (re-measure of hred94)."""
    class Unpaid(BaseModel):
        numbers: list[str]
        total: int = Field(ge=0)
        note: str | None = None

    reply = parsed(tmp_path, Unpaid)
    assert reply.parsed_output is not None and reply.parsed_output.total == 260, reply


@pytest.mark.parametrize("description", ["the sum of every invoice", "the number of files", "the result + 6",
                                         "the total of invoices that are not unpaid"])
def test_a_description_of_small_words_or_symbols_is_not_passed_over(tmp_path, description):
    """'every', 'files', 'not' and '+ 6' were allowed as words that say nothing: the field got the unpaid total."""
    reply = structured(tmp_path, number(description))
    assert reply.stop_reason == "refusal", reply
