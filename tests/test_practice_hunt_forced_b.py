"""Forced tools and structured output, second round (hred219): a forced call never takes a change ('by 2') for the
value it sets nor a value the user took back, and a JSON field holds what the task asks, as the text reply says it."""

import json
from typing import Literal

import pytest
from pydantic import BaseModel
from test_practice_hunt_fill import as_json, calls, forced, offered

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent

THERMOSTAT = offered("set_thermostat", "Set the thermostat to a target temperature in degrees Celsius.",
                     temperature={"type": "number", "description": "Target temperature in degrees Celsius."})
VOLUME = offered("set_volume", "Set the speaker volume.", level={"type": "integer", "description": "Volume level, 0-100."})
BUDGET = offered("set_budget", "Set the monthly travel budget in euros.",
                 amount={"type": "number", "description": "Budget in euros."})
WEATHER, CALC = (t.to_api() for t in samples.weather_and_calc())


def refused(reply) -> bool:
    return (reply.stop_reason, reply.content) == ("refusal", [])


@pytest.mark.parametrize(("task", "tool"), [("Boost the volume by 15.", VOLUME), ("Reduce the travel budget by 250 euros.", BUDGET),
                                            ("Drop the thermostat 3 degrees.", THERMOSTAT), ("Augmente le budget de 150 euros.", BUDGET),
                                            ("Monte le volume de 10.", VOLUME)])
def test_a_forced_setting_is_not_filled_with_a_change(task, tool):
    """'Lower the thermostat by 2 degrees' forced set_thermostat({'temperature': 2}): the change became the setting."""
    assert refused(forced(task, tool)), task


def test_a_forced_setting_still_takes_the_value_said_and_a_change_tool_its_change():
    """The guards: 'to 19' is the setting, and a tool that makes the change takes 'by 5'."""
    assert calls(forced("Set the thermostat to 19 degrees", THERMOSTAT)) == [("set_thermostat", {"temperature": 19})]
    assert calls(forced("Set the volume to 35.", VOLUME)) == [("set_volume", {"level": 35})]
    louder = offered("increase_volume", "Increase the speaker volume.", step={"type": "integer", "description": "How much to add."})
    assert calls(forced("Increase the volume by 5.", louder)) == [("increase_volume", {"step": 5})]


def test_tool_choice_any_is_not_filled_with_a_change_either():
    """tool_choice any on 'Lower the thermostat by 2 degrees' called set_thermostat({'temperature': 2}) too."""
    reply = practice_client().messages.create(model=MODEL, max_tokens=300, tools=[VOLUME, THERMOSTAT],
                                              tool_choice={"type": "any"},
                                              messages=[{"role": "user", "content": "Lower the volume by 20."}])
    assert refused(reply)


@pytest.mark.parametrize(("task", "tool"), [("What's the weather in Rennes? Actually, make that Brest.", WEATHER),
                                            ("Weather in Metz... oops, I meant Nancy.", WEATHER),
                                            ("Set the thermostat to 17.5 degrees, no, 18.", THERMOSTAT)])
def test_a_forced_call_never_takes_the_value_the_user_took_back(task, tool):
    """'Lyon? Actually, make that Nantes.' forced get_weather('Lyon'), and '19 degrees, no, 20' set 19."""
    assert refused(forced(task, tool, CALC)), task


def test_a_forced_calculation_keeps_only_the_corrected_one():
    """'15% of 80? Sorry, 15% of 90.' forced two calculator calls, the withdrawn one too; a value said after the
    correction is still filled."""
    assert calls(forced("What is 20% of 50? Sorry, 20% of 60.", CALC, WEATHER)) == [("calculator", {"expression": "20 * 60 / 100"})]
    assert calls(forced("Actually, what's the weather in Brest?", WEATHER, CALC)) == [("get_weather", {"city": "Brest"})]


def structured(task: str, tools: list, props: dict):
    """The JSON reply with `props` after the run of `task` (its last reply asked again with the format)."""
    run = run_agent(practice_client(), task, tools)
    return as_json(props, run.messages[:-1], [t.to_api() for t in tools])


PRICE = {"price": {"type": "number"}}


def test_a_price_field_is_not_filled_with_the_regular_price_when_another_is_asked(tmp_path):
    """'What's the early-bird price of the python course?' gave {"price": 540}, the regular price beside
    'early_bird_price' 460."""
    (tmp_path / "cat.json").write_text(json.dumps({"rust": {"title": "Rust", "price": 800, "early_bird_price": 650,
                                                            "member_price": 700}}), encoding="utf-8")
    tools = samples.catalogue_tools(tmp_path / "cat.json")
    for task in ("What does the rust course cost for early birds?", "What is the member price of the rust course?"):
        reply = structured(task, tools, PRICE)
        assert refused(reply) or json.loads(reply.content[0].text)["price"] in (650, 700), task
        assert "800" not in str(reply.content), task
    assert structured("What is the price of the rust course?", tools, PRICE).content[0].text == '{"price": 800}'


class Level(BaseModel):
    level: Literal["beginner", "intermediate", "advanced"]


def test_an_enum_field_from_parse_is_filled_from_the_value_a_lookup_gave(tmp_path):
    """messages.parse with a Literal field refused 'I could not tie 'level' to a value': the SDK sends the enum
    without a type, and the lookup's "advanced" was not weighed as a string."""
    (tmp_path / "cat.json").write_text(json.dumps({"go": {"title": "Go", "level": "advanced"}}), encoding="utf-8")
    tools, client = samples.catalogue_tools(tmp_path / "cat.json"), practice_client()
    run = run_agent(client, "What level is the go course?", tools)
    reply = client.messages.parse(model=MODEL, max_tokens=500, messages=run.messages[:-1], tools=[t.to_api() for t in tools],
                                  output_format=Level)
    assert reply.parsed_output == Level(level="advanced")


@pytest.mark.parametrize(("task", "value"), [("What is 0.1 * 3?", 0.3), ("Combien font 2,2 + 1,1 ?", 3.3),
                                             ("What is 6 * 7?", 42)])
def test_a_json_result_is_rounded_as_the_text_reply_says_it(task, value):
    """{"result": 0.30000000000000004} where the text said '0.1 + 0.2 ≈ 0.3'."""
    reply = structured(task, samples.weather_and_calc(), {"result": {"type": "number"}})
    assert json.loads(reply.content[0].text) == {"result": value}


def test_one_total_field_is_not_filled_for_a_total_asked_per_client(tmp_path):
    """'What's the unpaid total per client?' with one 'total' field gave the overall unpaid total."""
    for name, text in {"K1.txt": "Invoice K1\nClient: Alba\nAmount: 200 EUR\nStatus: unpaid\n",
                       "K2.txt": "Invoice K2\nClient: Sud\nAmount: 60 EUR\nStatus: unpaid\n",
                       "K3.txt": "Invoice K3\nClient: Alba\nAmount: 40 EUR\nStatus: unpaid\n"}.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    tools, total = samples.invoice_tools(tmp_path), {"total": {"type": "number"}}
    assert refused(structured("How much is unpaid for each client?", tools, total))
    assert structured("What is the unpaid total?", tools, total).content[0].text == '{"total": 300}'
