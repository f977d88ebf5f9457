"""Every kind of practice reply passes the SDK's strict validation and repeats exactly on a fresh client."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from looplab import practice_client, run_agent, samples
from looplab.practice import transport_of

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"

TASKS = {
    "needs": ("What's the weather in Lyon, and what is 12 * (3 + 5)?", lambda: samples.weather_and_calc(), {}),
    "survey": ("In the folder invoices, find the unpaid invoices; give their numbers and the total still due.",
               lambda: samples.invoice_tools(DATA), {}),
    "lookup": ("Look up the catalogue entry 'ai'.", lambda: samples.catalogue_tools(), {}),
    "research": ("What do our articles say about heat pumps in cold climates?",
                 lambda: samples.docs_tools(DATA / "articles"), {}),
    "gullible": ("What does the supplier update say about deliveries?",
                 lambda: samples.docs_tools(DATA / "articles") + samples.action_tools([]), {"gullible": True}),
    "cannot plan": ("Book me a flight to Rome.", lambda: samples.weather_and_calc(), {}),
    "never stops": ("What's the weather in Lyon?", lambda: samples.weather_and_calc(), {"never_stop": True}),
}


def replies(task, make_tools, options) -> list[dict]:
    """Run the task on a fresh strict client; return every reply the model sent, as dicts."""
    client = practice_client(strict=True, **options)
    run = run_agent(client, task, make_tools(), max_turns=4)
    assert transport_of(client).calls == run.turns
    return [m for m in run.messages if m["role"] == "assistant"] + [{"status": run.status, "answer": run.answer}]


@pytest.mark.parametrize("skill", list(TASKS))
def test_each_skill_repeats_exactly_under_strict_validation(skill):
    """The same task on two fresh strict clients gives the same ids, content and answer."""
    first, second = replies(*TASKS[skill]), replies(*TASKS[skill])
    assert first == second
    assert first[0]["content"][-1].get("id", "toolu_practice_0001").startswith("toolu_practice_000")


def test_streamed_replies_repeat_exactly_under_strict_validation():
    """A streamed tool reply, assembled by the SDK, is identical on two fresh strict clients."""
    def streamed():
        client = practice_client(strict=True)
        tools = [t.to_api() for t in samples.weather_and_calc()]
        with client.messages.stream(model="claude-opus-5", max_tokens=300, tools=tools, messages=[
                {"role": "user", "content": TASKS["needs"][0]}]) as stream:
            return stream.get_final_message().model_dump()

    first = streamed()
    assert first == streamed()
    assert [b["type"] for b in first["content"]] == ["text", "tool_use", "tool_use"]
    assert first["content"][2]["input"] == {"expression": "12 * (3 + 5)"}


def test_a_schema_with_several_faults_names_the_same_one_whatever_the_hash_seed():
    """jsonschema's error order varies with PYTHONHASHSEED; the 400 for a bad input_schema must not."""
    schema = {"type": "object", "properties": {"a": {"enum": 3}, "b": {"minimum": "x"}}}
    script = f"from looplab._jsonschema import schema_error; print(schema_error({schema!r}))"
    said = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(6)}
    assert len(said) == 1 and said.pop().startswith("at 'properties/a/enum': 3 is not")
