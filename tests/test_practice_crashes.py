"""Requests the practice model used to meet with a 500, a long hang or a wrong value: each now gets a right reply, a plain decline, or the 400 naming the field."""

import datetime
import json
import re

import anthropic
import pydantic
import pytest

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent

CALC = {"name": "calculator", "description": "Evaluate an arithmetic expression.",
        "input_schema": {"type": "object", "properties": {"expression": True}, "required": ["expression"]}}


def test_a_tool_property_whose_schema_is_true_is_read_as_any_value():
    """A tool property given as JSON Schema `true` (any value) used to be a 500 ('bool' has no attribute 'get')."""
    ask = {"model": MODEL, "max_tokens": 500, "messages": [{"role": "user", "content": "What is 7 times 6?"}],
           "tools": [CALC]}
    for client in (practice_client(), practice_client(gullible=True), practice_client(never_stop=True)):
        reply = client.messages.create(**ask)
        assert reply.stop_reason == "tool_use"
        assert [b.name for b in reply.content if b.type == "tool_use"] == ["calculator"]


def test_a_structured_output_property_whose_schema_is_true_or_false_is_not_a_500():
    """A structured-output property given as `true` or `false` used to be a 500; the answer fills the others."""
    client, tools = practice_client(), samples.weather_and_calc()
    run = run_agent(client, "What is 12 * (3 + 5)?", tools)
    options = {"model": MODEL, "max_tokens": 500, "tools": [t.to_api() for t in tools],
               "tool_choice": {"type": "none"}, "messages": run.messages[:-1]}
    schema = {"type": "object", "properties": {"result": {"type": "number"}, "note": True, "never": False},
              "required": ["result"], "additionalProperties": False}
    reply = client.messages.create(**options, output_config={"format": {"type": "json_schema", "schema": schema}})
    assert json.loads(reply.content[0].text) == {"result": 96}
    schema["required"] = ["result", "note"]  # nothing gives 'note': plainly declined, not guessed
    reply = client.messages.create(**options, output_config={"format": {"type": "json_schema", "schema": schema}})
    assert reply.stop_reason == "refusal" and "'note'" in reply.stop_details.explanation


def test_a_schema_whose_pattern_or_ref_cannot_be_used_is_a_400_naming_it():
    """An invalid regex `pattern` or a `$ref` to nothing used to be a 500 (re.error, PointerToNowhere)."""
    client = practice_client()
    ask = {"model": MODEL, "max_tokens": 500, "messages": [{"role": "user", "content": "What is 7 times 6?"}]}
    bad_pattern = {"type": "object", "properties": {"expression": {"type": "string", "pattern": "(["}},
                   "required": ["expression"]}
    bad_ref = {"type": "object", "properties": {"expression": {"$ref": "#/$defs/Expression"}}, "required": ["expression"]}
    for schema, field in ((bad_pattern, "properties.expression.pattern"), (bad_ref, "properties.expression.$ref")):
        with pytest.raises(anthropic.BadRequestError, match=re.escape(f"tools[0].input_schema.{field}")):
            client.messages.create(**ask, tools=[{**CALC, "input_schema": schema}])
        with pytest.raises(anthropic.BadRequestError, match=re.escape(f"output_config.format.schema.{field}")):
            client.messages.create(**ask, output_config={"format": {"type": "json_schema", "schema": schema}})
    good = {"type": "object", "$defs": {"Expression": {"type": "string", "pattern": "^[0-9 *+()-]+$"}},
            "properties": {"expression": {"$ref": "#/$defs/Expression"}}, "required": ["expression"]}
    reply = client.messages.create(**ask, tools=[{**CALC, "input_schema": good}])
    assert [b.input for b in reply.content if b.type == "tool_use"] == [{"expression": "7 * 6"}]


def test_a_task_with_a_long_run_of_spaces_is_read_as_one_space():
    """A task holding 10,000 spaces is planned as with one (its time, once 40 s, is a benchmark row)."""
    reply = practice_client().messages.create(
        model=MODEL, max_tokens=500, tools=[t.to_api() for t in samples.weather_and_calc()],
        messages=[{"role": "user", "content": "What is 12 times" + " " * 10_000 + "3?"}])
    assert [b.input for b in reply.content if b.type == "tool_use"] == [{"expression": "12 * 3"}]


def _unpaid_run(tmp_path):
    """A finished run over two unpaid invoices (200.50 EUR), and the options to ask for structured output after it."""
    (tmp_path / "invoices").mkdir()
    (tmp_path / "invoices" / "a.txt").write_text("Invoice A-1\nClient: Acme\nAmount: 120.00 EUR\nDue: 2026-03-01\n"
                                                 "Status: unpaid\n")
    (tmp_path / "invoices" / "b.txt").write_text("Invoice B-2\nClient: Beta\nAmount: 80.50 EUR\nDue: 2026-04-15\n"
                                                 "Status: unpaid\n")
    client, tools = practice_client(), samples.invoice_tools(tmp_path)
    run = run_agent(client, "What is the total of the unpaid invoices in the folder invoices?", tools)
    return client, {"model": MODEL, "max_tokens": 500, "tools": [t.to_api() for t in tools],
                    "tool_choice": {"type": "none"}, "messages": run.messages[:-1]}


def test_a_text_property_is_not_filled_with_the_currency_of_the_total(tmp_path):
    """A string property 'due', 'total' or 'amount' used to be filled with the total's currency: {"due": "EUR"}."""
    client, options = _unpaid_run(tmp_path)
    for prop in ("due", "total", "amount"):
        schema = {"type": "object", "properties": {prop: {"type": "string"}}, "required": [prop], "additionalProperties": False}
        reply = client.messages.create(**options, output_config={"format": {"type": "json_schema", "schema": schema}})
        assert reply.stop_reason == "refusal" and not reply.content, (prop, reply.content)
    schema = {"type": "object", "properties": {"total": {"type": "number"}, "total_currency": {"type": "string"}},
              "required": ["total", "total_currency"], "additionalProperties": False}
    reply = client.messages.create(**options, output_config={"format": {"type": "json_schema", "schema": schema}})
    assert json.loads(reply.content[0].text) == {"total": 200.5, "total_currency": "EUR"}


def test_a_value_that_breaks_the_properties_format_is_declined_not_sent(tmp_path):
    """A tool's 'next spring' put in a `format: date` field made `messages.parse` raise pydantic's ValidationError."""
    catalogue = tmp_path / "catalogue.json"
    catalogue.write_text(json.dumps({"design": {"title": "Design", "start": "next spring"}}))
    client, tools = practice_client(), samples.catalogue_tools(catalogue)
    run = run_agent(client, "Look up 'design' in the catalogue.", tools)
    options = {"model": MODEL, "max_tokens": 500, "tools": [t.to_api() for t in tools],
               "tool_choice": {"type": "none"}, "messages": run.messages[:-1]}

    class Course(pydantic.BaseModel):
        title: str
        start: datetime.date

    reply = client.messages.parse(**options, output_format=Course)
    assert reply.stop_reason == "refusal" and reply.parsed_output is None
    assert "'next spring' is not a 'date'" in reply.stop_details.explanation
    schema = {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"],
              "additionalProperties": False}
    reply = client.messages.create(**options, output_config={"format": {"type": "json_schema", "schema": schema}})
    assert json.loads(reply.content[0].text) == {"title": "Design"}


def test_a_slashed_date_in_the_task_is_not_read_month_first_against_iso_records(tmp_path):
    """'due before 10/11/2026' over ISO dates was read as 11 October and answered 'none' (10 November was meant)."""
    (tmp_path / "invoices").mkdir()
    (tmp_path / "invoices" / "a.txt").write_text("Invoice A-1\nClient: Acme\nAmount: 120.00 EUR\nDue: 2026-10-20\n")
    (tmp_path / "invoices" / "b.txt").write_text("Invoice B-2\nClient: Beta\nAmount: 80.50 EUR\nDue: 2026-12-15\n")
    client, tools = practice_client(), samples.invoice_tools(tmp_path)
    ask = "Which invoices in the folder invoices are due before {}?"
    ambiguous = run_agent(client, ask.format("10/11/2026"), tools).answer
    assert "none" not in ambiguous and "day/month or month/day" in ambiguous
    assert "A-1" in run_agent(client, ask.format("25/11/2026"), tools).answer
    assert "A-1" in run_agent(client, ask.format("11/25/2026"), tools).answer
    assert "none" in run_agent(client, ask.format("2026-10-11"), tools).answer


def test_never_stop_with_a_server_tool_first_calls_the_clients_own_tool():
    """never_stop=True with web_search (no input_schema) offered first used to be a 500 (TypeError in call(**str))."""
    client = practice_client(never_stop=True)
    ask = {"model": MODEL, "max_tokens": 500, "messages": [{"role": "user", "content": "What is 2+2?"}]}
    search = {"type": "web_search_20250305", "name": "web_search"}
    reply = client.messages.create(**ask, tools=[search, CALC])
    assert [b.name for b in reply.content if b.type == "tool_use"] == ["calculator"]
    reply = client.messages.create(**ask, tools=[search])
    assert reply.stop_reason == "end_turn" and "server tool" in reply.content[0].text


def test_a_toolset_without_a_name_is_never_called():
    """A computer toolset (it has no name) made the gullible model call a tool named '' with no instruction seen."""
    for client in (practice_client(gullible=True), practice_client()):
        reply = client.messages.create(model=MODEL, max_tokens=500, tools=[{"type": "computer_toolset_20260801"}],
                                       messages=[{"role": "user", "content": "What is 2+2?"}])
        assert not [b for b in reply.content if b.type == "tool_use"]


def test_tool_choice_any_with_only_a_toolset_is_declined():
    """tool_choice 'any' with only a computer toolset was a 500 (IndexError) once toolsets left the callable tools."""
    reply = practice_client().messages.create(
        model=MODEL, max_tokens=500, tools=[{"type": "computer_toolset_20260801"}], tool_choice={"type": "any"},
        messages=[{"role": "user", "content": "Take a screenshot"}])
    assert reply.stop_reason == "refusal" and "only a toolset" in reply.stop_details.explanation


def test_a_nullable_type_list_inside_any_of_is_filled_like_its_type():
    """A property {"anyOf": [{"type": ["number", "null"]}]} used to be a 500 (unhashable type: 'list')."""
    client, tools = practice_client(), samples.weather_and_calc()
    run = run_agent(client, "What is 12 * (3 + 5)?", tools)
    schema = {"type": "object", "properties": {"result": {"anyOf": [{"type": ["number", "null"]}]}},
              "required": ["result"], "additionalProperties": False}
    reply = client.messages.create(model=MODEL, max_tokens=500, tools=[t.to_api() for t in tools],
                                   tool_choice={"type": "none"}, messages=run.messages[:-1],
                                   output_config={"format": {"type": "json_schema", "schema": schema}})
    assert json.loads(reply.content[0].text) == {"result": 96}


def test_an_empty_lookup_result_is_not_called_a_missing_key(tmp_path):
    """A key whose entry is {} was said to be 'not a key of the catalogue' (a falsehood); now the reply says what came."""
    catalogue = tmp_path / "catalogue.json"
    catalogue.write_text(json.dumps({"design": {}, "ai": {"title": "Applied AI"}}))
    tools = samples.catalogue_tools(catalogue)
    answer = run_agent(practice_client(), "Look up 'design' in the catalogue.", tools).answer
    assert "is not a key" not in answer and "returned an empty result ({})" in answer
    answer = run_agent(practice_client(), "Cherche 'design' dans le catalogue.", tools).answer
    assert "résultat vide ({})" in answer and "returned" not in answer


@pytest.mark.parametrize("task", ['"', "quel : EUR due due weather notes.txt , … %"])
def test_a_research_task_with_a_clause_of_no_words_is_not_a_500(task, tmp_path):
    """A task with a clause of punctuation only ('"', '… %') met the research tools with a 500 (IndexError): a fuzz
    of 400 random tasks found it. It is declined now."""
    (tmp_path / "tea.md").write_text("Green tea wants water at 80 °C.\n", encoding="utf-8")
    run = run_agent(practice_client(), task, samples.docs_tools(tmp_path))
    assert run.status == "done" and run.error is None and run.answer
