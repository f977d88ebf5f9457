"""Structured output and forced tools are filled only from evidence: values the task or the tools do not give
are declined (a refusal saying why), never guessed."""

import json

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent

WEATHER, CALC = (t.to_api() for t in samples.weather_and_calc())


def offered(name: str, description: str, **props) -> dict:
    """A tool whose every property is required."""
    return {"name": name, "description": description,
            "input_schema": {"type": "object", "properties": props, "required": list(props)}}


def forced(task: str, tool: dict, *others: dict):
    """The reply to `task` with `tool` forced by tool_choice."""
    return practice_client().messages.create(model=MODEL, max_tokens=300, tools=[tool, *others],
                                             tool_choice={"type": "tool", "name": tool["name"]},
                                             messages=[{"role": "user", "content": task}])


def as_json(schema_props: dict, messages: list, tools: list, client=None, **options):
    """The reply when `messages` ask for an answer as an object with `schema_props`, all required."""
    schema = {"type": "object", "properties": schema_props, "required": list(schema_props),
              "additionalProperties": False}
    return (client or practice_client()).messages.create(
        model=MODEL, max_tokens=500, tools=tools, messages=messages,
        output_config={"format": {"type": "json_schema", "schema": schema}}, **options)


def calls(reply) -> list:
    return [(b.name, b.input) for b in reply.content if b.type == "tool_use"]


def test_a_field_named_only_by_a_status_is_neither_the_count_nor_the_total(tmp_path):
    """'outstanding' could be the amount or the count: with no total (two currencies) it used to be the count 2."""
    (tmp_path / "bills").mkdir()
    for name, amount in (("a", "100 EUR"), ("b", "30 USD")):
        (tmp_path / "bills" / f"{name}.txt").write_text(f"Invoice {name.upper()}-1\nAmount: {amount}\nStatus: unpaid\n")
    tools = samples.invoice_tools(tmp_path)
    client = practice_client()
    run = run_agent(client, "In the folder bills, which invoices are unpaid? Total?", tools)
    api = [t.to_api() for t in tools]
    reply = as_json({"outstanding": {"type": "number"}}, run.messages[:-1], api, client, tool_choice={"type": "none"})
    assert (reply.stop_reason, reply.content) == ("refusal", [])
    reply = as_json({"count_unpaid": {"type": "integer"}}, run.messages[:-1], api, client, tool_choice={"type": "none"})
    assert json.loads(reply.content[0].text) == {"count_unpaid": 2}


def test_tool_choice_none_before_any_result_is_no_structured_answer():
    """'I would call get_weather but tool_choice is none' is no answer: a refusal, not {"answer": that text}."""
    reply = as_json({"answer": {"type": "string"}}, [{"role": "user", "content": "What is the weather in Lyon?"}],
                    [WEATHER], tool_choice={"type": "none"})
    assert (reply.stop_reason, reply.content) == ("refusal", [])
    assert "tool_choice is 'none'" in reply.stop_details.explanation
