"""The practice model speaks the API as Claude does: the fields that change a reply, and the API's errors."""

import json
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import anthropic
import httpx2
import pydantic
import pytest

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent
from looplab.practice.models import known_models
from looplab.practice.script import say
from looplab.samples import weather_and_calc

WEATHER, CALC = (t.to_api() for t in weather_and_calc())
ORDER = {"name": "record_order", "description": "Record an order.",
         "input_schema": {"type": "object", "properties": {"sku": {"type": "string"},
                                                           "quantity": {"type": "integer"}},
                          "required": ["sku", "quantity"]}}


OLD = "claude-haiku-4-5"  # the 4.5 family: prefill, sampling parameters and thinking budgets accepted


def ask(client, text="What is the weather in Lyon?", **options):
    """One messages.create call with the usual arguments."""
    options.setdefault("max_tokens", 1024)
    return client.messages.create(model=options.pop("model", MODEL),
                                  messages=options.pop("messages", [{"role": "user", "content": text}]),
                                  **options)


def refused(call) -> str:
    """The message of the 400 invalid_request_error that `call()` raises."""
    with pytest.raises(anthropic.BadRequestError) as caught:
        call()
    assert caught.value.body["error"]["type"] == "invalid_request_error"
    return caught.value.body["error"]["message"]


def test_forced_tool_is_called_with_input_from_the_request_and_no_text():
    """tool_choice {'type': 'tool'} calls that tool, schema-valid, with no text before it."""
    reply = ask(practice_client(), "The weather in Lyon, please.", tools=[WEATHER, CALC],
                tool_choice={"type": "tool", "name": "get_weather"})
    assert [(b.type, b.name, b.input) for b in reply.content] == [("tool_use", "get_weather", {"city": "Lyon"})]
    assert reply.stop_reason == "tool_use"


def test_forced_tool_it_cannot_fill_is_declined_with_an_explanation():
    """A forced tool whose input the request does not give: stop_reason refusal, stop_details says why."""
    reply = ask(practice_client(), "Record my order, please.", tools=[ORDER],
                tool_choice={"type": "tool", "name": "record_order"})
    assert (reply.content, reply.stop_reason) == ([], "refusal")
    assert "record_order" in reply.stop_details.explanation and "sku" in reply.stop_details.explanation


def test_forced_tool_fills_every_required_field_when_the_request_gives_them():
    """The extraction lesson: a forced tool gets typed values from the text."""
    reply = ask(practice_client(), "Record an order: sku 'TEA', quantity 3.", tools=[ORDER],
                tool_choice={"type": "tool", "name": "record_order"})
    assert reply.content[0].input == {"sku": "TEA", "quantity": 3}


def test_tool_choice_any_keeps_the_calls_and_drops_the_text():
    """tool_choice any: the planner's calls go out without the note it would write first."""
    reply = ask(practice_client(), "What is the weather in Lyon, and what is 17 * 3?", tools=[WEATHER, CALC],
                tool_choice={"type": "any"})
    assert [b.name for b in reply.content] == ["get_weather", "calculator"]


def test_tool_choice_none_forbids_calls_and_says_so():
    """tool_choice none: no tool_use block, an end_turn text that names the tool it would need."""
    reply = ask(practice_client(), tools=[WEATHER], tool_choice={"type": "none"})
    assert [b.type for b in reply.content] == ["text"] and reply.stop_reason == "end_turn"
    assert "get_weather" in reply.content[0].text and "tool_choice is 'none'" in reply.content[0].text


def test_disable_parallel_tool_use_gives_one_call_per_turn_and_the_run_still_finishes():
    """disable_parallel_tool_use: one tool_use per reply; the loop gets both results in two turns."""
    client = practice_client()
    reply = ask(client, "What is the weather in Lyon, and what is 17 * 3?", tools=[WEATHER, CALC],
                tool_choice={"type": "auto", "disable_parallel_tool_use": True})
    assert [b.name for b in reply.content if b.type == "tool_use"] == ["get_weather"]


def test_forced_tool_choice_with_thinking_is_refused():
    """A forced choice with thinking is refused as the API refuses it, naming tool_choice."""
    message = refused(lambda: ask(practice_client(), tools=[WEATHER], max_tokens=4096, model=OLD,
                                  tool_choice={"type": "any"}, thinking={"type": "enabled", "budget_tokens": 1024}))
    assert message.startswith("tool_choice:")


def test_stop_sequence_cuts_the_text_and_names_the_sequence():
    """stop_sequences: the reply stops before the sequence, stop_reason stop_sequence."""
    reply = ask(practice_client(), stop_sequences=["°C"], tools=[WEATHER],
                messages=[{"role": "user", "content": "What is the weather in Lyon?"},
                          {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_x", "name": "get_weather", "input": {"city": "Lyon"}}]},
                          {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_x", "content": "Lyon: 21 °C, cloudy"}]}])
    assert (reply.stop_reason, reply.stop_sequence) == ("stop_sequence", "°C")
    assert reply.content[0].text.endswith("21 ")


def test_scripted_text_with_a_stop_sequence_is_cut_too():
    """Stop sequences apply to scripted replies as to planned ones."""
    reply = ask(practice_client(script=[say("Step 1. DONE Step 2.")]), stop_sequences=["DONE"])
    assert (reply.content[0].text, reply.stop_reason, reply.stop_sequence) == ("Step 1. ", "stop_sequence", "DONE")


class Answer(pydantic.BaseModel):
    answer: str


class Order(pydantic.BaseModel):
    sku: str
    quantity: int


def test_structured_output_parses_into_the_pydantic_model():
    """messages.parse(output_format=...) gives schema-valid JSON the SDK parses."""
    reply = practice_client().messages.parse(model=MODEL, max_tokens=1024, output_format=Answer,
                                             messages=[{"role": "user", "content": "Hello!"}])
    assert reply.parsed_output.answer.startswith("Hello! I am the practice model")
    assert json.loads(reply.content[0].text) == {"answer": reply.parsed_output.answer}


def test_structured_output_it_cannot_fill_is_a_refusal_the_sdk_parses():
    """An answer that does not fit the schema: a refusal with no text, parsed_output None, no exception."""
    reply = practice_client().messages.parse(model=MODEL, max_tokens=1024, output_format=Order,
                                             messages=[{"role": "user", "content": "Hello!"}])
    assert (reply.stop_reason, reply.parsed_output) == ("refusal", None)
    assert "JSON schema" in reply.stop_details.explanation


def test_a_request_the_planner_declines_is_a_refusal_not_json_around_the_decline():
    """Structured output never wraps "can't plan" in valid JSON: the decline is a refusal."""
    reply = practice_client().messages.parse(model=MODEL, max_tokens=1024, output_format=Answer,
                                             messages=[{"role": "user", "content": "Write a poem about bread."}])
    assert (reply.content, reply.stop_reason, reply.parsed_output) == ([], "refusal", None)
    assert "can't plan this request" in reply.stop_details.explanation


def test_structured_output_with_tools_sends_bare_calls_then_json():
    """With tools and a format, calls go out without prose, and the final answer is JSON."""
    fmt = {"format": {"type": "json_schema", "schema": {"type": "object", "properties": {"summary": {"type": "string"}},
                                                        "required": ["summary"], "additionalProperties": False}}}
    client = practice_client()
    reply = ask(client, tools=[WEATHER], output_config=fmt)
    assert [b.type for b in reply.content] == ["tool_use"]
    history = [{"role": "user", "content": "What is the weather in Lyon?"},
               {"role": "assistant", "content": reply.content},
               {"role": "user", "content": [{"type": "tool_result", "tool_use_id": reply.content[0].id,
                                             "content": "Lyon: 21 °C, cloudy"}]}]
    final = ask(client, messages=history, tools=[WEATHER], output_config=fmt)
    assert json.loads(final.content[0].text) == {"summary": "Lyon: 21 °C, cloudy."}


class Owed(pydantic.BaseModel):
    unpaid_total_eur: float | None  # optional: pydantic writes anyOf [number, null]


@pytest.mark.parametrize("prop", [{"type": ["number", "null"]}, {"anyOf": [{"type": "number"}, {"type": "null"}]}])
def test_a_nullable_field_is_filled_from_the_evidence_like_its_type(tmp_path, prop):
    """A nullable number (a type list, or pydantic's Optional) is filled as a number is: it used to be a 500."""
    (tmp_path / "bills").mkdir()
    (tmp_path / "bills" / "a.txt").write_text("Invoice K-1\nClient: Kiosque Nord\nAmount: 120.00 EUR\nStatus: unpaid\n")
    (tmp_path / "bills" / "b.txt").write_text("Invoice K-2\nClient: Kiosque Nord\nAmount: 80.00 EUR\nStatus: paid\n")
    tools = samples.invoice_tools(tmp_path)
    client = practice_client()
    run = run_agent(client, "In the folder bills, which invoices are unpaid and what is their total?", tools)
    options = {"model": MODEL, "max_tokens": 500, "tools": [t.to_api() for t in tools], "tool_choice": {"type": "none"},
               "messages": run.messages[:-1]}
    schema = {"type": "object", "properties": {"unpaid_total_eur": prop}, "required": ["unpaid_total_eur"],
              "additionalProperties": False}
    reply = client.messages.create(**options, output_config={"format": {"type": "json_schema", "schema": schema}})
    assert json.loads(reply.content[0].text) == {"unpaid_total_eur": 120}
    assert client.messages.parse(**options, output_format=Owed).parsed_output == Owed(unpaid_total_eur=120)


def test_system_role_message_mid_conversation_is_accepted():
    """A {'role': 'system'} message (part of the SDK's MessageParam) is accepted, not refused."""
    reply = ask(practice_client(), messages=[{"role": "user", "content": "Hello!"},
                                              {"role": "assistant", "content": "Hi."},
                                              {"role": "system", "content": "Answer briefly."},
                                              {"role": "user", "content": "Who are you?"}])
    assert reply.stop_reason == "end_turn"


def test_history_errors_number_messages_as_sent_when_system_messages_are_skipped():
    """A broken history behind a system message is named by the caller's own index."""
    history = [{"role": "user", "content": "Hi"}, {"role": "system", "content": "Be brief."},
               {"role": "user", "content": ""}]
    message = refused(lambda: ask(practice_client(), messages=history))
    assert message.startswith("messages[2]: all messages must have non-empty content")


def test_thinking_gives_a_signed_block_first_and_refuses_it_altered():
    """thinking enabled: a thinking block naming the rule comes first; sent back changed, it is refused."""
    client = practice_client()
    first = ask(client, tools=[WEATHER], max_tokens=4096, model=OLD, thinking={"type": "enabled", "budget_tokens": 1024})
    assert [b.type for b in first.content][:1] == ["thinking"] and first.content[0].signature.startswith("practice-")
    altered = [{"type": "thinking", "thinking": first.content[0].thinking + "!", "signature": first.content[0].signature},
               *[b.model_dump(exclude_none=True) for b in first.content[1:]]]
    use = first.content[-1]
    history = [{"role": "user", "content": "What is the weather in Lyon?"}, {"role": "assistant", "content": altered},
               {"role": "user", "content": [{"type": "tool_result", "tool_use_id": use.id, "content": "21 °C"}]}]
    message = refused(lambda: ask(client, messages=history, tools=[WEATHER], max_tokens=4096, model=OLD,
                                  thinking={"type": "enabled", "budget_tokens": 1024}))
    assert message.startswith("messages[1].content[0].signature")


@pytest.mark.parametrize(("thinking", "max_tokens", "field"), [
    ({"type": "enabled", "budget_tokens": 500}, 4096, "thinking.budget_tokens"),
    ({"type": "enabled", "budget_tokens": 4096}, 4096, "thinking.budget_tokens"),
    ({"type": "enabled"}, 4096, "thinking.budget_tokens: field required"),
    ({"type": "sometimes"}, 4096, "thinking.type"),
])
def test_thinking_settings_are_checked_as_the_api_checks_them(thinking, max_tokens, field):
    """Budgets under 1024, at or over max_tokens, or missing are a 400 naming the field."""
    assert refused(lambda: ask(practice_client(), thinking=thinking, max_tokens=max_tokens, model=OLD)).startswith(field)


def test_streamed_thinking_assembles_into_the_same_message():
    """A streamed reply with thinking assembles, under strict validation, to the same blocks."""
    options = {"tools": [WEATHER], "max_tokens": 4096, "thinking": {"type": "adaptive"}}
    plain = ask(practice_client(), **options)
    with practice_client().messages.stream(model=MODEL, messages=[{"role": "user", "content": "What is the weather in Lyon?"}],
                                           **options) as stream:
        streamed = stream.get_final_message()
    assert [b.to_dict() for b in streamed.content] == [b.to_dict() for b in plain.content]


def test_models_list_and_retrieve_answer_for_the_sdk_models():
    """models.list pages through the SDK's Claude ids; models.retrieve describes one; others are 404."""
    client = practice_client()
    listed = [m.id for m in client.models.list(limit=5)]
    assert listed == known_models() and MODEL in listed
    assert client.models.retrieve(MODEL).id == MODEL
    with pytest.raises(anthropic.NotFoundError, match="claude-opus-5-typo"):
        client.models.retrieve("claude-opus-5-typo")


def test_unknown_model_is_a_404_naming_it():
    """A typo in the model id fails at once with not_found_error, as the API does."""
    with pytest.raises(anthropic.NotFoundError) as caught:
        ask(practice_client(), model="claude-opus-5-typo")
    assert caught.value.body["error"]["type"] == "not_found_error"
    assert "'claude-opus-5-typo'" in caught.value.body["error"]["message"]


BAD = [
    ({"max_tokens": 10**9}, "max_tokens: 1000000000 > 128000, which is the maximum allowed number of output tokens for claude-opus-5"),
    ({"system": 5}, "system: a number (5) is not valid here; write a string or a list"),
    ({"messages": [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "x", "content": 5}]}]},
     "messages[0].content[0].content: a number (5) is not valid here; write a string or a list"),
    ({"tools": [{"name": "f", "input_schema": {"type": "object", "properties": {"a": "string"}}}]},
     "tools[0].input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12"),
    ({"tool_choice": {"type": "tool", "name": "send_fax"}, "tools": [WEATHER]}, "tool_choice.name: 'send_fax' is not among"),
    ({"tool_choice": {"type": "sometimes"}}, "tool_choice.type: 'sometimes' is not allowed here"),
    ({"stop_sequences": "END"}, "stop_sequences: a string is not valid here; write a list"),
    ({"stop_sequences": [" "]}, "stop_sequences[0]: each stop sequence must contain non-whitespace"),
    ({"messages": [{"role": "user", "content": [{"type": "banana"}]}]}, "messages[0].content[0].type: 'banana' is not allowed"),
    ({"messages": [{"role": "user", "content": [{"type": []}]}]}, "messages[0].content[0].type: [] is not allowed"),
    ({"tool_choice": {"type": {}}}, "tool_choice.type: {} is not allowed here"),
    ({"messages": [{"role": ["user"], "content": "Hi"}]}, "messages[0].role: ['user'] is not allowed here"),
    ({"output_config": {"format": {"type": "json_schema", "schema": {"type": "objet"}}}},
     "output_config.format.schema: JSON schema is invalid. It must match JSON Schema draft 2020-12"),
]


@pytest.mark.parametrize(("extra", "start"), BAD, ids=[b[1].split(":")[0] for b in BAD])
def test_malformed_fields_are_a_400_naming_the_field_path(extra, start):
    """Wrong types and values are a 400 invalid_request_error naming the field and what to write."""
    body = {"model": MODEL, "max_tokens": 1024, "messages": [{"role": "user", "content": "Hi"}], **extra}
    post = practice_client().post  # raw: create() itself refuses some of these before sending
    assert refused(lambda: post("/v1/messages", body=body, cast_to=anthropic.types.Message)).startswith(start)


def test_unknown_fields_are_refused_but_sampling_fields_are_accepted():
    """A field the API does not know is a 400; temperature (extra_body) is accepted by API version 2023-06-01."""
    assert refused(lambda: ask(practice_client(), extra_body={"temprature": 0})).startswith("temprature: unknown field")
    old_api = practice_client(default_headers={"anthropic-version": "2023-06-01"})
    assert ask(old_api, model=OLD, extra_body={"temperature": 0}).stop_reason == "end_turn"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.e2e
def test_the_http_server_holds_a_room():
    """100 requests at once with max_retries=0 get 100 answers, and the server stops cleanly on SIGTERM."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "looplab.practice", "--port", str(port)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline().startswith("Practice model at")
        client = anthropic.Anthropic(api_key="x", base_url=f"http://127.0.0.1:{port}", max_retries=0,
                                     http_client=httpx2.Client(limits=httpx2.Limits(max_connections=100)))
        tools = [CALC]
        with ThreadPoolExecutor(100) as pool:
            replies = list(pool.map(lambda i: ask(client, f"What is {i} * 3?", tools=tools), range(100)))
        assert [r.content[-1].input["expression"] for r in replies] == [f"{i} * 3" for i in range(100)]
        chunks = iter([b'{"model": "claude-opus-5", "max_tokens": 50,', b' "messages": [{"role": "user", "content": "Hello!"}]}'])
        chunked = httpx2.post(f"http://127.0.0.1:{port}/v1/messages", content=chunks,
                              headers={"content-type": "application/json", "x-api-key": "x",
                                       "anthropic-version": "2026-10-21"})
        assert chunked.status_code == 200 and chunked.json()["content"][0]["text"].startswith("Hello!")
    finally:
        server.terminate()
        assert server.wait(timeout=10) == 0
    assert "Practice model stopped." in server.stdout.read()
