"""The practice model's API as real clients see it: each divergence from Claude found by a hunt with the SDK's
own helpers and raw HTTP requests, kept as a test (each failed before its fix)."""

from __future__ import annotations

import base64
import gzip
import json
import re
import socket
import struct
import zlib
from pathlib import Path

import anthropic
import httpx2
import pytest
from anthropic._data import DEPRECATED_MODELS
from test_practice_server import serving

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.practice import transport_of
from looplab.practice.models import resolve as resolved
from looplab.practice.models import retired
from looplab.practice.responses import MESSAGES
from looplab.practice.tokens import input_tokens
from looplab.practice.transport import PracticeTransport
from looplab.tools import Toolbox

ORDER = {"name": "record_order", "description": "Record an order.",
         "input_schema": {"type": "object", "properties": {"sku": {"type": "string"}}, "required": ["sku"]}}
HELLO = [{"role": "user", "content": "Hello"}]
RAW = {"x-api-key": "x", "anthropic-version": "2026-10-21", "content-type": "application/json"}  # an SDK's headers


def test_a_streamed_refusal_keeps_its_stop_details():
    """A streamed refusal's message_delta had no stop_details: get_final_message() lost the explanation."""
    options = {"model": MODEL, "max_tokens": 1024, "tools": [ORDER], "tool_choice": {"type": "any"},
               "messages": [{"role": "user", "content": "Record my order, please."}]}
    plain = practice_client().messages.create(**options)
    with practice_client().messages.stream(**options) as stream:
        final = stream.get_final_message()
    assert plain.stop_reason == final.stop_reason == "refusal"
    assert final.stop_details == plain.stop_details and "record_order" in final.stop_details.explanation


def test_count_tokens_counts_a_request_with_a_thinking_budget():
    """count_tokens with thinking enabled (a budget) was a 400 'must be less than max_tokens (1)', a field not sent."""
    count = practice_client().messages.count_tokens(model="claude-haiku-4-5", messages=HELLO,
                                                    thinking={"type": "enabled", "budget_tokens": 2000})
    assert count.input_tokens > 0


def final_message(client, options: dict, stream: bool):
    """The reply to `options`, streamed (the SDK's final message) or not."""
    if not stream:
        return client.messages.create(**options)
    with client.messages.stream(**options) as events:
        return events.get_final_message()


def refused(call) -> str:
    """The message of the 400 invalid_request_error that `call()` raises."""
    with pytest.raises(anthropic.BadRequestError) as caught:
        call()
    assert caught.value.body["error"]["type"] == "invalid_request_error"
    return caught.value.body["error"]["message"]


@pytest.mark.parametrize("field", [{"max_tokens": 1024}, {"stream": False}, {"metadata": {"user_id": "u"}},
                                   {"stop_sequences": ["END"]}, {"temperature": 0.5}])
def test_count_tokens_refuses_the_fields_only_create_takes(field):
    """count_tokens accepted max_tokens, stream, metadata...: the API answers 'Extra inputs are not permitted'."""
    name = next(iter(field))
    message = refused(lambda: practice_client().messages.count_tokens(model="claude-haiku-4-5", messages=HELLO,
                                                                        extra_body=field))
    assert message.startswith(f"{name}: unknown field (Extra inputs are not permitted)")


@pytest.mark.parametrize("field", [{"temperature": 0.2}, {"top_p": 0.9}, {"top_k": 5}])
def test_the_sdks_api_version_takes_no_sampling_fields_on_any_model(field):
    """The SDK sends anthropic-version 2026-10-21, which removed temperature/top_p/top_k: claude-haiku-4-5 took them."""
    name = next(iter(field))
    message = refused(lambda: practice_client().messages.create(model="claude-haiku-4-5", max_tokens=64,
                                                                 messages=HELLO, extra_body=field))
    assert message.startswith(f"{name}: unknown field (Extra inputs are not permitted)")
    old_api = practice_client(default_headers={"anthropic-version": "2023-06-01"})
    reply = old_api.messages.create(model="claude-haiku-4-5", max_tokens=64, messages=HELLO, extra_body=field)
    assert reply.stop_reason in ("end_turn", "max_tokens")


DOC = {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "Tea ships on Monday."}}


def test_the_sdks_api_version_refuses_a_document_in_an_assistant_message():
    """A document block right in an assistant turn got a reply; API version 2026-10-21 (the SDK's) answers 400."""
    messages = [{"role": "user", "content": "Read this."}, {"role": "assistant", "content": [DOC]},
                {"role": "user", "content": "When does tea ship?"}]
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, messages=messages))
    assert message.startswith("messages[1].content[0]: document blocks are not accepted in assistant messages")
    old_api = practice_client(default_headers={"anthropic-version": "2023-06-01"})
    assert old_api.messages.create(model=MODEL, max_tokens=64, messages=messages).stop_reason in ("end_turn",
                                                                                                 "max_tokens")


CITED = {"type": "text", "text": "Tea ships on Monday.", "citations": [
    {"type": "char_location", "cited_text": "Tea ships on Monday.", "document_index": 0, "document_title": None,
     "start_char_index": 0, "end_char_index": 20}]}


def test_the_sdks_api_version_refuses_citations_in_a_user_message():
    """A user text block with citations got a reply; API version 2026-10-21 answers 400 (assistant ones stay)."""
    user = [{"role": "user", "content": [CITED, {"type": "text", "text": "When does tea ship?"}]}]
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, messages=user))
    assert message.startswith("messages[0].content[0].citations: text blocks in user messages cannot carry citations")
    assistant = [{"role": "user", "content": "When does tea ship?"}, {"role": "assistant", "content": [CITED]},
                 {"role": "user", "content": "Thanks."}]
    cited_doc = [{"role": "user", "content": [{**DOC, "citations": {"enabled": True}}, {"type": "text", "text": "When?"}]}]
    for messages in (assistant, cited_doc):
        assert practice_client().messages.create(model=MODEL, max_tokens=64, messages=messages).content


@pytest.mark.parametrize(("version", "start"), [
    (None, "anthropic-version: header is required"),
    ("2099-01-01", 'anthropic-version: "2099-01-01" is not a valid version'),
    ("2023-06-01, 2023-06-01", 'anthropic-version: "2023-06-01, 2023-06-01" is not a valid version')])
def test_a_raw_request_without_a_valid_api_version_is_a_400(version, start):
    """A raw HTTP client that sent no anthropic-version (or a wrong one) got a reply; the API answers 400."""
    headers = {"x-api-key": "x", **({"anthropic-version": version} if version else {})}
    transport = PracticeTransport()
    response = transport.handle_request(httpx2.Request("POST", "http://x/v1/messages", headers=headers, json={
        "model": MODEL, "max_tokens": 64, "messages": HELLO}))
    body = response.json()
    assert (response.status_code, body["error"]["type"]) == (400, "invalid_request_error")
    assert body["error"]["message"].startswith(start) and body["request_id"] == response.headers["request-id"]


def test_a_raw_request_without_a_key_is_a_401():
    """A raw HTTP client that sent neither x-api-key nor Authorization got a reply; the API answers 401."""
    response = PracticeTransport().handle_request(httpx2.Request(
        "POST", "http://x/v1/messages", headers={"anthropic-version": "2026-10-21"},
        json={"model": MODEL, "max_tokens": 64, "messages": HELLO}))
    assert response.status_code == 401 and response.json()["error"]["type"] == "authentication_error"
    assert response.json()["error"]["message"].startswith("x-api-key header is required")
    with pytest.raises(anthropic.AuthenticationError):
        practice_client(default_headers={"Authorization": anthropic.Omit()}).messages.create(
            model=MODEL, max_tokens=64, messages=HELLO)


CALC = {"name": "calculator", "description": "Evaluate arithmetic.",
        "input_schema": {"type": "object", "properties": {"expression": {"type": "string"}}, "required": ["expression"]}}


def history(*ids: str, results: tuple = ()) -> list:
    """A task, an assistant turn calling the calculator with `ids`, and a user turn answering `results` (else ids)."""
    calls = [{"type": "tool_use", "id": i, "name": "calculator", "input": {"expression": "6 * 7"}} for i in ids]
    answers = [{"type": "tool_result", "tool_use_id": i, "content": "42"} for i in results or dict.fromkeys(ids)]
    return [{"role": "user", "content": "What is 6 * 7?"}, {"role": "assistant", "content": calls},
            {"role": "user", "content": answers}]


def test_a_tool_use_id_outside_the_apis_pattern_is_refused():
    """A tool_use id with spaces ('call 1!') got a reply; the API answers 400 String should match pattern."""
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, tools=[CALC],
                                                                 messages=history("call 1!")))
    assert message.startswith("messages[1].content[0].id: String should match pattern '^[a-zA-Z0-9_-]+$'")


def test_a_tool_use_id_used_twice_is_refused():
    """Two tool_use blocks with one id got a reply; the API answers 400 '`tool_use` ids must be unique'."""
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, tools=[CALC],
                                                                 messages=history("toolu_1", "toolu_1")))
    assert message.startswith("messages[1].content[1]: `tool_use` ids must be unique")


def test_models_list_pages_backwards_to_the_first_model():
    """models.list(before_id=...) said has_more False after one page, so the SDK's auto-paging stopped there."""
    client = practice_client()
    every = [m.id for m in client.models.list()]
    page = client.models.list(before_id=every[5], limit=2)
    assert [m.id for m in page.data] == every[3:5] and page.has_more
    assert [m.id for m in client.models.list(before_id=every[5], limit=2)] == [*every[3:5], *every[1:3], every[0]]


def test_a_fifth_cache_breakpoint_is_refused():
    """Five blocks with cache_control got a reply; the API allows four ('A maximum of 4 blocks ... Found 5.')."""
    marked = [{"type": "text", "text": f"Part {i}.", "cache_control": {"type": "ephemeral"}} for i in range(5)]
    system, turn = marked[:2], [{"role": "user", "content": marked[2:]}]
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, system=system,
                                                                 messages=turn))
    assert message.startswith("A maximum of 4 blocks with cache_control may be provided. Found 5.")
    assert practice_client().messages.create(model=MODEL, max_tokens=64, system=system[:1], messages=turn).content


@pytest.mark.parametrize(("field", "start"), [
    ({"temperature": 0.5}, "temperature: `temperature` may only be set to 1 when thinking is enabled"),
    ({"top_k": 5}, "top_k: thinking is not compatible with top_k")])
def test_thinking_takes_no_sampling_changes(field, start):
    """With thinking on, temperature 0.5 or top_k got a reply (API version 2023-06-01, claude-haiku-4-5); Claude: 400."""
    old_api = practice_client(default_headers={"anthropic-version": "2023-06-01"})
    options = {"model": "claude-haiku-4-5", "max_tokens": 2048, "messages": HELLO,
               "thinking": {"type": "enabled", "budget_tokens": 1024}}
    assert refused(lambda: old_api.messages.create(**options, extra_body=field)).startswith(start)
    assert old_api.messages.create(**options, extra_body={"temperature": 1}).content


def test_half_an_emoji_is_a_400_not_a_500():
    """A raw body (json.dumps) with text cut inside an emoji ('Hi \\ud83d') was a 500; the API answers 400."""
    for text in ("Hi \ud83d", "Hi \ude00", "Hi \U0001f600"):
        body = json.dumps({"model": MODEL, "max_tokens": 64, "messages": [{"role": "user", "content": text}]})
        response = PracticeTransport().handle_request(httpx2.Request("POST", "http://x/v1/messages", content=body,
                                                                     headers=RAW))
        if text.endswith("\U0001f600"):
            assert response.status_code == 200
            continue
        error = response.json()["error"]
        assert (response.status_code, error["type"]) == (400, "invalid_request_error")
        assert error["message"].startswith("The request body is not valid JSON: ") and "surrogate in string" in error["message"]


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity"])
def test_nan_is_not_json(word):
    """A raw body with NaN (Python's json.dumps writes it for float('nan')) got a reply; JSON has no NaN: 400."""
    body = ('{"model": "claude-opus-5", "max_tokens": 64, "metadata": {"user_id": "u"}, "messages": [{"role": "user", '
            '"content": [{"type": "text", "text": "Hi"}]}], "tools": [{"name": "t", "input_schema": {"type": "object", '
            f'"properties": {{"x": {{"type": "number", "maximum": {word}}}}}}}}}]}}')
    response = PracticeTransport().handle_request(httpx2.Request("POST", "http://x/v1/messages", content=body,
                                                                 headers=RAW))
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith(f"The request body is not valid JSON: {word} is not")


@pytest.mark.parametrize("data", ["PCFET0NUWVBFIGh0bWw+", "not base64!"])
def test_a_document_that_is_not_a_pdf_is_refused(data):
    """A base64 document holding HTML (a failed download saved as .pdf) or no base64 got a reply; Claude: 400."""
    pdf = {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": data}}
    turn = [{"role": "user", "content": [pdf, {"type": "text", "text": "Summarise it."}]}]
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, messages=turn))
    assert message.startswith("messages[0].content[0].source.data: The PDF specified was not valid.")
    good = {**pdf, "source": {**pdf["source"], "data": base64.b64encode(b"%PDF-1.4\n%%EOF").decode()}}
    turn = [{"role": "user", "content": [good, {"type": "text", "text": "Summarise it."}]}]
    assert practice_client().messages.create(model=MODEL, max_tokens=64, messages=turn).content


def test_max_tokens_over_the_limit_is_refused_in_the_apis_words():
    """max_tokens 200000 said 'is out of range for claude-opus-5'; the API says 'N > M, which is the maximum...'."""
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=200_000, messages=HELLO,
                                                                                 timeout=60))
    assert message.startswith("max_tokens: 200000 > 128000, which is the maximum allowed number of output tokens "
                              "for claude-opus-5")


@pytest.mark.parametrize("model", ["claude-haiku-4-5", "claude-haiku-4-5-20251001"])
def test_effort_is_refused_where_the_model_has_none(model):
    """output_config.effort on claude-haiku-4-5 or sonnet-4-5 got a reply; Claude: 'does not support the effort parameter'."""
    message = refused(lambda: practice_client().messages.create(model=model, max_tokens=64, messages=HELLO,
                                                                 output_config={"effort": "low"}))
    assert message.startswith("output_config.effort: This model does not support the effort parameter")
    reply = practice_client().messages.create(model="claude-opus-4-6", max_tokens=64, messages=HELLO,
                                              output_config={"effort": "low"})
    assert reply.content


def test_a_forced_tool_with_thinking_is_refused_in_the_apis_words():
    """tool_choice any with thinking said 'thinking may only be used with...'; the API: 'Thinking may not be enabled...'."""
    message = refused(lambda: practice_client().messages.create(
        model=MODEL, max_tokens=2048, messages=HELLO, tools=[CALC], tool_choice={"type": "any"},
        thinking={"type": "adaptive"}))
    assert message.startswith("tool_choice: Thinking may not be enabled when tool_choice forces tool use")


@pytest.mark.parametrize(("budget", "max_tokens", "start"), [
    (1000, 4096, "thinking.budget_tokens: Input should be greater than or equal to 1024"),
    (2048, 2048, "thinking.budget_tokens: `max_tokens` must be greater than `thinking.budget_tokens`")])
def test_a_thinking_budget_out_of_bounds_is_refused_in_the_apis_words(budget, max_tokens, start):
    """A budget under 1024 or not under max_tokens was refused in our words ('is below the minimum'); now the API's."""
    message = refused(lambda: practice_client().messages.create(
        model="claude-haiku-4-5", max_tokens=max_tokens, messages=HELLO,
        thinking={"type": "enabled", "budget_tokens": budget}))
    assert message.startswith(start)


def test_two_tools_of_one_name_are_refused_in_the_apis_words():
    """Two tools named web_search (one a server tool) got a reply; two custom ones were refused in our words."""
    server = {"type": "web_search_20250305", "name": "web_search"}
    custom = {**CALC, "name": "web_search"}
    for tools in ([server, custom], [custom, custom]):
        message = refused(lambda tools=tools: practice_client().messages.create(
            model=MODEL, max_tokens=64, messages=HELLO, tools=tools))
        assert message.startswith("tools: Tool names must be unique.")


def test_an_image_over_5_mb_is_refused():
    """A base64 PNG of 5.5 MB got a reply; the API answers 'image exceeds 5 MB maximum: N bytes > 5242880 bytes'."""
    data = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(4_200_000)).decode()
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": data}}
    turn = [{"role": "user", "content": [image, {"type": "text", "text": "What is this?"}]}]
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, messages=turn))
    assert message.startswith(f"messages[0].content[0].source: image exceeds 5 MB maximum: {len(data)} bytes > "
                              "5242880 bytes")


@pytest.mark.parametrize(("sequence", "end"), [("", "be non-empty"), ("\n", "contain non-whitespace")])
def test_a_blank_stop_sequence_is_refused_in_the_apis_words(sequence, end):
    """stop_sequences ['\\n'] said 'an empty or blank stop sequence'; the API: 'each stop sequence must contain ...'."""
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, messages=HELLO,
                                                                 stop_sequences=["END", sequence]))
    assert message.startswith(f"stop_sequences[1]: each stop sequence must {end}")


def test_the_structured_outputs_beta_still_takes_output_format():
    """litellm sends output_format with the structured-outputs beta: it was a 400 unknown field; Claude still takes it."""
    schema = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"],
              "additionalProperties": False}
    reply = practice_client().messages.create(
        model=MODEL, max_tokens=1024, messages=HELLO, extra_headers={"anthropic-beta": "structured-outputs-2025-11-13"},
        extra_body={"output_format": {"type": "json_schema", "schema": schema}})
    assert set(json.loads(reply.content[0].text)) == {"answer"}


def test_a_tool_turn_sent_back_without_its_thinking_is_refused():
    """A loop that dropped the thinking block before a tool_result got a reply; Claude: 'Expected `thinking`...'."""
    client, task = practice_client(), [{"role": "user", "content": "What is 6 * 7?"}]
    options = {"model": MODEL, "max_tokens": 2048, "tools": [CALC], "thinking": {"type": "adaptive"}}
    first = client.messages.create(messages=task, **options)
    call = first.content[-1]
    answer = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id, "content": "42"}]}
    dropped = [b for b in first.content if b.type != "thinking"]
    message = refused(lambda: client.messages.create(
        messages=[*task, {"role": "assistant", "content": dropped}, answer], **options))
    assert message.startswith("messages[1].content[0].type: Expected `thinking` or `redacted_thinking`, but found "
                              "`text`. When `thinking` is enabled, a final `assistant` message must start")
    whole = client.messages.create(messages=[*task, {"role": "assistant", "content": first.content}, answer], **options)
    assert "42" in whole.content[-1].text


def test_a_one_hour_cache_mark_after_a_five_minute_one_is_refused():
    """A 1h cache mark in messages after a bare (5m) one on the tools got a reply; Claude: 'must not come after'."""
    hour = {"type": "ephemeral", "ttl": "1h"}
    turn = [{"role": "user", "content": [{"type": "text", "text": "What is 6 * 7?", "cache_control": hour}]}]
    tool = {**CALC, "cache_control": {"type": "ephemeral"}}
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, tools=[tool],
                                                                 messages=turn))
    assert message.startswith("messages[0].content[0].cache_control.ttl: a ttl='1h' cache_control block must not "
                              "come after a ttl='5m' cache_control block.")
    tool = {**CALC, "cache_control": hour}  # 1h first, then 5m: allowed
    five = [{"role": "user", "content": [{"type": "text", "text": "What is 6 * 7?", "cache_control": {"type": "ephemeral"}}]}]
    assert practice_client().messages.create(model=MODEL, max_tokens=64, tools=[tool], messages=five).content


def test_an_image_of_another_format_is_refused_in_the_apis_current_words():
    """A JPEG sent as image/png said 'Image does not match the provided media type'; the API now names both formats."""
    jpeg = base64.b64encode(b"\xff\xd8\xff\xe0" + bytes(20)).decode()
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": jpeg}}
    turn = [{"role": "user", "content": [image, {"type": "text", "text": "What is this?"}]}]
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, messages=turn))
    assert message.startswith("messages[0].content[0].source: The image was specified using the image/png media "
                              "type, but the image appears to be a image/jpeg image")


def test_models_the_sdk_deprecates_are_listed_as_deprecated():
    """Every model was 'active'; the SDK's DEPRECATED_MODELS names some, and lifecycle=[...] filtered nothing."""
    client = practice_client()
    served = [m for m in DEPRECATED_MODELS if not retired(m) and re.search(r"-\d{8}$", m)]
    if not served:
        pytest.skip("every model the SDK deprecates is retired by now")
    info = client.models.retrieve(served[0])
    assert info.lifecycle == "deprecated" and info.retires_at.strftime("%B") in DEPRECATED_MODELS[served[0]]
    assert client.models.retrieve(MODEL).lifecycle == "active"
    deprecated = {m.id for m in client.models.list(lifecycle=["deprecated"])}
    assert served[0] in deprecated and MODEL not in deprecated
    assert MODEL in {m.id for m in client.models.list(lifecycle=["active"])} - deprecated


@pytest.mark.parametrize("model", ["claude-sonnet-4-5", "claude-sonnet-4-5-20250929", "claude-mythos-preview"])
def test_a_model_past_its_end_of_life_is_a_404_as_on_claude(model):
    """claude-sonnet-4-5 (end of life 30 November 2026, the SDK says) was served and listed after that day; Claude
    answers 404 not_found_error to a retired model (api44 W09-W13). Its end of life is past for good."""
    client = practice_client()
    for call in (lambda: client.messages.create(model=model, max_tokens=64, messages=HELLO),
                 lambda: client.messages.count_tokens(model=model, messages=HELLO), lambda: client.models.retrieve(model)):
        with pytest.raises(anthropic.NotFoundError) as refused:
            call()
        assert "was retired on 2026-" in refused.value.body["error"]["message"], refused.value.body
    listed = {m.id for m in client.models.list(limit=1000)}
    assert resolved(model) not in listed and resolved(model) in {m.id for m in client.models.list(lifecycle=["retired"])}


def test_more_than_100_images_and_documents_are_refused():
    """101 images (some in tool results) got a reply; the API answers 'too many images and documents: N + M > 100'."""
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(8)).decode()
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png}}
    turn = [{"role": "user", "content": [*[image] * 100, DOC, {"type": "text", "text": "Describe them."}]}]
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, messages=turn))
    assert message.startswith("too many images and documents: 100 + 1 > 100")
    turn[0]["content"] = turn[0]["content"][1:]
    assert practice_client().messages.create(model=MODEL, max_tokens=64, messages=turn).content


def test_an_invalid_tool_schema_is_refused_in_the_apis_words():
    """A tool whose schema says {'a': 'string'} said 'not a valid JSON Schema'; the API: 'JSON schema is invalid...'."""
    tool = {"name": "f", "input_schema": {"type": "object", "properties": {"a": "string"}}}
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, messages=HELLO,
                                                                 tools=[tool]))
    assert message.startswith("tools[0].input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 "
                              "(https://json-schema.org/draft/2020-12)")


def test_a_streamed_refusal_says_why_only_at_the_end():
    """message_start already carried the refusal's stop_details while its stop_reason was still null."""
    options = {"model": MODEL, "max_tokens": 1024, "tools": [ORDER], "tool_choice": {"type": "any"},
               "messages": [{"role": "user", "content": "Record my order, please."}]}
    events = list(practice_client().messages.create(stream=True, **options))
    start, delta = events[0], next(e for e in events if e.type == "message_delta")
    assert (start.message.stop_reason, start.message.stop_details) == (None, None)
    assert delta.delta.stop_reason == "refusal" and "record_order" in delta.delta.stop_details.explanation


def test_a_prefill_holding_thinking_is_refused_when_thinking_is_off():
    """A final assistant turn with a thinking block, thinking off, was continued; Claude: 'When thinking is disabled...'."""
    client = practice_client()
    options = {"model": "claude-haiku-4-5", "max_tokens": 2048}
    thought = client.messages.create(messages=HELLO, thinking={"type": "enabled", "budget_tokens": 1024}, **options)
    history = [*HELLO, {"role": "assistant", "content": [thought.content[0]]}]
    message = refused(lambda: client.messages.create(messages=history, **options))
    assert message.startswith("messages[1].content[0]: When thinking is disabled, an `assistant` message in the "
                              "final position cannot contain `thinking`.")


def test_max_tokens_one_gives_one_token_of_text():
    """max_tokens=1 gave content [] (reply.content[0].text raised IndexError); Claude gives a text block of one token."""
    reply = practice_client().messages.create(model=MODEL, max_tokens=1, messages=HELLO)
    assert reply.stop_reason == "max_tokens" and reply.content[0].text and reply.usage.output_tokens == 1


def test_a_streamed_message_delta_carries_the_cumulative_usage():
    """message_delta's usage held output_tokens alone; the API's is cumulative, input and cache counts included."""
    events = list(practice_client().messages.create(model=MODEL, max_tokens=100, messages=HELLO, stream=True))
    start, delta = events[0], next(e for e in events if e.type == "message_delta")
    assert delta.usage.input_tokens == start.message.usage.input_tokens > 0
    assert delta.usage.cache_read_input_tokens == 0 and delta.usage.output_tokens > 1


WEATHER = {"name": "get_weather", "description": "Get the weather for a city.",
           "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}


def weather_call(client) -> tuple[list, str]:
    """The history after a reply that calls get_weather, and that call's id."""
    asked = [{"role": "user", "content": "What is the weather in Paris?"}]
    reply = client.messages.create(model=MODEL, max_tokens=1024, messages=asked, tools=[WEATHER])
    call = next(b for b in reply.content if b.type == "tool_use")
    return [*asked, {"role": "assistant", "content": reply.content}], call.id


def test_two_results_for_one_tool_use_are_refused_as_the_api_refuses_them():
    """A loop that appended a result twice, or left an error result before its retry's, got a 200 here; the API
    answers 400 'each tool_use must have a single result'."""
    client = practice_client()
    history, tool_id = weather_call(client)
    result = {"type": "tool_result", "tool_use_id": tool_id, "content": "Sunny, 21 °C"}
    for turns in [[[result, result]], [[{**result, "content": "timeout", "is_error": True}, result]], [[result], [result]]]:
        messages = [*history, *({"role": "user", "content": t} for t in turns)]
        text = refused(lambda m=messages: client.messages.create(model=MODEL, max_tokens=1024, tools=[WEATHER], messages=m))
        assert "each tool_use must have a single result" in text and tool_id in text, text


def test_a_reply_saved_with_model_dump_is_sent_back_whole():
    """[b.model_dump() for b in reply.content] holds caller: None on a tool_use, and the practice model refused its
    own reply: 'caller: null is not valid here'."""
    client = practice_client()
    history, tool_id = weather_call(client)
    history[-1]["content"] = [b.model_dump() for b in history[-1]["content"]]
    messages = [*history, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool_id, "content": "Sunny"}]}]
    assert client.messages.create(model=MODEL, max_tokens=1024, tools=[WEATHER], messages=messages).stop_reason == "end_turn"


def test_a_sampling_field_of_the_wrong_type_under_the_old_version_is_only_that():
    """temperature='0.5' with anthropic-version 2023-06-01 added 'API version 2023-06-01 has no sampling fields', false
    for that version."""
    client = practice_client(default_headers={"anthropic-version": "2023-06-01"})
    text = refused(lambda: client.messages.create(model="claude-haiku-4-5", max_tokens=64, messages=HELLO,
                                                  extra_body={"temperature": "0.5"}))
    assert text.startswith("temperature:") and "has no sampling fields" not in text, text


CALC = {"name": "calc", "description": "Evaluate an arithmetic expression.",
        "input_schema": {"type": "object", "properties": {"expression": {"type": "string"}}, "required": ["expression"]}}
SUM = [{"role": "user", "content": "What is 1234 * 5678?"}]


def test_a_system_message_in_messages_is_read_as_the_system_prompt():
    """{"role": "system"} in `messages` (the SDK's SystemMessageParam) was dropped before planning: 'Never use the
    calc tool.' there let the call run, as top-level `system` does not."""
    said = {"role": "system", "content": "Never use the calc tool."}
    for messages in ([said, *SUM], [said | {"content": [{"type": "text", "text": said["content"]}]}, *SUM]):
        reply = practice_client().beta.messages.create(model=MODEL, max_tokens=300, tools=[CALC], messages=messages,
                                                       betas=["context-management-2025-06-27"])
        assert reply.stop_reason == "end_turn" and "Never use the calc tool" in reply.content[-1].text, reply
    assert practice_client().messages.create(model=MODEL, max_tokens=300, tools=[CALC], messages=SUM).stop_reason == "tool_use"


def test_a_system_message_without_content_is_a_400_naming_it():
    """It was a 500 (KeyError 'content'); with only output_config it is a request like any other."""
    with pytest.raises(anthropic.BadRequestError, match=r"messages\[0\]: a system message must have content"):
        practice_client().beta.messages.create(model=MODEL, max_tokens=300, messages=[{"role": "system"}, *SUM],
                                               betas=["context-management-2025-06-27"])
    reply = practice_client().beta.messages.create(
        model=MODEL, max_tokens=300, tools=[CALC], betas=["context-management-2025-06-27"],
        messages=[{"role": "system", "output_config": {"effort": "low"}}, *SUM])
    assert reply.stop_reason == "tool_use"


def test_a_tool_removed_or_added_by_a_system_message_is_offered_accordingly():
    """tool_removal was ignored (the calc tool withdrawn was called) and tool_addition too (its inline definition was
    accepted without its beta, then 'no tools were offered')."""
    removal = {"role": "system", "content": [{"type": "tool_removal", "tool": {"type": "tool_reference", "name": "calc"}}]}
    for messages in ([removal, *SUM], [*SUM, removal]):
        reply = practice_client().beta.messages.create(model=MODEL, max_tokens=300, tools=[CALC], messages=messages,
                                                       betas=["context-management-2025-06-27"])
        assert reply.stop_reason == "end_turn", reply
    addition = {"role": "system", "content": [{"type": "tool_addition", "tool": {"type": "tool_definition", "definition": CALC}}]}
    with pytest.raises(anthropic.BadRequestError, match="inline-tools-2026-09-15"):
        practice_client().beta.messages.create(model=MODEL, max_tokens=300, messages=[*SUM, addition],
                                               betas=["context-management-2025-06-27"])
    reply = practice_client().beta.messages.create(model=MODEL, max_tokens=300, messages=[*SUM, addition],
                                                   betas=["inline-tools-2026-09-15"])
    assert reply.stop_reason == "tool_use" and reply.content[-1].name == "calc", reply


def _doc(text: str, cited: bool | None) -> dict:
    return {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": text}} | (
        {"citations": {"enabled": cited}} if cited is not None else {})


def _found(cited: bool | None) -> dict:
    return {"type": "search_result", "source": "https://example.com/sky", "title": "Sky",
            "content": [{"type": "text", "text": "The sky is blue."}]} | ({"citations": {"enabled": cited}} if cited is not None else {})


ASK = {"type": "text", "text": "What colour is the sky?"}


@pytest.mark.parametrize("blocks", [[_doc("The sky is blue.", True), _doc("Roses are red.", None)],
                                    [_found(True), _found(False)]])
def test_citations_are_on_for_every_source_of_a_request_or_for_none(blocks):
    """Citations on one document and off on another were accepted (hconf5); the API refuses the mix."""
    message = refused(lambda: practice_client().messages.create(
        model=MODEL, max_tokens=64, messages=[{"role": "user", "content": [*blocks, ASK]}]))
    assert message.startswith("Currently, citations must be enabled on all or none of the")


def test_a_search_result_in_an_assistant_message_is_refused():
    """The API takes search_result blocks only in user messages (hconf5: accepted here)."""
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, messages=[
        {"role": "user", "content": "hi"}, {"role": "assistant", "content": [_found(None)]},
        {"role": "user", "content": "What colour is the sky?"}]))
    assert message.startswith("messages[1]: search_result blocks can only appear in user messages")


MCP = {"type": "url", "url": "https://example.com/mcp", "name": "ex"}


@pytest.mark.parametrize(("servers", "toolsets", "start"), [
    ([MCP], [], "mcp_servers: every server must be referenced by exactly one mcp_toolset"),
    ([MCP], [{"type": "mcp_toolset", "mcp_server_name": "other"}], "tools: mcp_toolset names the MCP server 'other'"),
    ([], [{"type": "mcp_toolset", "mcp_server_name": "ex"}], "tools: mcp_toolset names the MCP server 'ex'"),
    ([MCP], [{"type": "mcp_toolset", "mcp_server_name": "ex"}] * 2, "tools: Tool names must be unique. ('ex' is used"),
    ([MCP, MCP], [{"type": "mcp_toolset", "mcp_server_name": "ex"}], "mcp_servers: server names must be unique ('ex'")])
def test_an_mcp_server_and_its_toolset_go_together(servers, toolsets, start):
    """A server no toolset uses, or a toolset naming no server given, was answered 200 (hconf5); two toolsets for one
    server were refused naming the tool 'None'."""
    message = refused(lambda: practice_client().beta.messages.create(
        model=MODEL, max_tokens=64, betas=["mcp-client-2025-11-20"], mcp_servers=servers,
        **({"tools": toolsets} if toolsets else {}), messages=[{"role": "user", "content": "hi"}]))
    assert message.startswith(start), message


@pytest.mark.parametrize("stream", [False, True])
def test_a_reply_cut_by_max_tokens_reports_the_whole_budget_spent(stream):
    """max_tokens=40 stopped with 'max_tokens' and reported 11 output tokens (hred48): Claude reports max_tokens (a tool call
    cut off counts its unfinished input)."""
    options = {"model": MODEL, "max_tokens": 15, "messages": [{"role": "user", "content": "What's the weather in Lyon?"}],
               "tools": [t.to_api() for t in samples.weather_and_calc()]}
    client = practice_client()
    message = final_message(client, options, stream)
    assert message.stop_reason == "max_tokens" and message.usage.output_tokens == 15, message


@pytest.mark.parametrize("content", [
    [{"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "Oslo: 4 °C, light rain"}}],
    [{"type": "document", "source": {"type": "content", "content": [{"type": "text", "text": "Oslo: 4 °C, light rain"}]}}],
    [{"type": "search_result", "source": "station://oslo", "title": "Oslo station",
      "content": [{"type": "text", "text": "Oslo: 4 °C, light rain"}]}],
    [{"type": "text", "text": "Station report follows."},
     {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "Oslo: 4 °C, light rain"}}]])
def test_a_tool_result_sent_as_a_document_or_search_result_is_read(content):
    """The SDK allows document and search_result blocks in a tool_result; they were read as nothing: 'The get_weather
    tool found nothing for Oslo (it said: )', or 'Oslo: Station report follows.'"""
    weather = samples.weather_and_calc()[0].to_api()
    reply = practice_client().messages.create(model=MODEL, max_tokens=500, tools=[weather], messages=[
        {"role": "user", "content": "What is the weather in Oslo?"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Oslo"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": content}]}])
    assert "4 °C, light rain" in reply.content[0].text and "nothing" not in reply.content[0].text, reply.content[0].text


def test_a_tool_result_of_only_an_image_is_named_unread_not_empty():
    """An image alone was read as an empty result: 'The get_weather tool found nothing for Oslo (it said: )'."""
    png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    weather = samples.weather_and_calc()[0].to_api()
    reply = practice_client().messages.create(model=MODEL, max_tokens=500, tools=[weather], messages=[
        {"role": "user", "content": "What is the weather in Oslo?"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Oslo"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png}}]}]}])
    assert reply.content[0].text == ("I could not get an answer for Oslo: the get_weather tool said: an image or a PDF, "
                                     "which the practice model does not read."), reply.content[0].text


@pytest.mark.parametrize("count", [False, True])
def test_the_mcp_connector_needs_its_beta_in_count_tokens_too(count):
    """count_tokens took mcp_servers without the MCP beta (hred61) while create refused it."""
    request = {"model": MODEL, "messages": [{"role": "user", "content": "hi"}], "mcp_servers": [MCP],
               "tools": [{"type": "mcp_toolset", "mcp_server_name": "ex"}]}
    messages = practice_client().beta.messages
    message = refused(lambda: messages.count_tokens(**request) if count else messages.create(
        max_tokens=64, betas=["context-management-2025-06-27"], **request))
    assert message.startswith("mcp_servers: unknown field (Extra inputs are not permitted)"), message
    assert "betas=['mcp-client-2025-11-20']" in message


def test_a_whole_question_in_a_later_turn_is_answered():
    """After one answered turn, 'In the folder invoices, which invoices are unpaid, and what is their total?' got only
    'could not act on: their … ask the question whole' (hred66): its 'their' points at its own 'invoices'."""
    tools = Toolbox(samples.invoice_tools(Path(__file__).resolve().parent.parent / "notebooks" / "data"))
    client, messages, said = practice_client(), [], []
    for task in ("In the folder invoices, how many invoices are there?",
                 "In the folder invoices, which invoices are unpaid, and what is their total?",
                 "now what's the total of all of them?"):  # 'them' of an earlier turn
        messages.append({"role": "user", "content": task})
        while (reply := client.messages.create(model=MODEL, max_tokens=1024, messages=messages,
                                               tools=tools.to_api())).stop_reason == "tool_use":
            messages += [{"role": "assistant", "content": reply.content},
                         {"role": "user", "content": [tools.execute(b).result for b in reply.content if b.type == "tool_use"]}]
        messages.append({"role": "assistant", "content": reply.content})
        said.append(reply.content[-1].text)
    assert said[1].startswith("Unpaid: ") and "total:" not in said[2].lower() and "ask the question whole" in said[2], said


def test_an_empty_tool_name_is_a_400_naming_the_field():
    """A tool named '' made the practice model fail with a 500 (hred96)."""
    tool = {"name": "", "description": "Get the weather", "input_schema": {"type": "object", "properties": {}}}
    with pytest.raises(anthropic.BadRequestError, match=r"tools\[0\]\.name: String should match pattern"):
        practice_client(max_retries=0).messages.create(model=MODEL, max_tokens=64, messages=HELLO, tools=[tool])


def test_a_riff_file_that_is_no_webp_is_not_called_one():
    """WAV bytes sent as image/png were said to 'appear to be a image/webp image' (hred96)."""
    wav = base64.b64encode(b"RIFF\x24\x00\x00\x00WAVEfmt " + bytes(32)).decode()
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": wav}}
    with pytest.raises(anthropic.BadRequestError, match="Image does not match the provided media type image/png"):
        practice_client(max_retries=0).messages.create(model=MODEL, max_tokens=64, messages=[
            {"role": "user", "content": [image, {"type": "text", "text": "What is this?"}]}])


@pytest.mark.parametrize("messages", [[{"role": "user", "content": "   "}],
                                      [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "\n\n"},
                                       {"role": "user", "content": "Hello?"}]])
def test_whitespace_only_string_content_is_refused_as_its_text_block_is(messages):
    """A string is one text block: '   ' as a string got a 200 where the block '   ' is a 400 (hred96)."""
    with pytest.raises(anthropic.BadRequestError, match="text content blocks must contain non-whitespace text"):
        practice_client(max_retries=0).messages.create(model=MODEL, max_tokens=64, messages=messages)


def test_count_tokens_does_not_weigh_a_thinking_budget_against_a_max_tokens_it_has_not():
    """count_tokens with a large thinking budget was refused as '`max_tokens` must be greater', a field it does not take."""
    counted = practice_client(max_retries=0).messages.count_tokens(
        model="claude-haiku-4-5", messages=HELLO, thinking={"type": "enabled", "budget_tokens": 70000})
    assert counted.input_tokens > 0


@pytest.mark.parametrize(("model", "extra", "field"), [
    ("claude-opus-5-5", {"thinking": {"type": "disabled"}}, "thinking.type"),
    ("claude-fable-5-1", {"thinking": {"type": "enabled", "budget_tokens": 2000}}, "thinking.type"),
    ("claude-opus-5-5", {"tools": [ORDER], "tool_choice": {"type": "any"}}, "tool_choice"),
    ("claude-sonnet-5-5", {"tools": [ORDER], "tool_choice": {"type": "tool", "name": "record_order"}}, "tool_choice"),
    ("claude-mythos-5-1", {"tools": [ORDER], "tool_choice": {"type": "any"}}, "tool_choice"),
    ("claude-fable-5", {"thinking": {"type": "disabled"}}, "thinking.type")])
def test_what_the_newest_models_refuse_is_a_400(model, extra, field):
    """Opus 5.5 and Fable 5.1 always think, and they and Sonnet 5.5 refuse a forced tool: all were a 200 (hred112)."""
    with pytest.raises(anthropic.BadRequestError) as refused:
        practice_client().messages.create(model=model, max_tokens=64, messages=HELLO, **extra)
    assert refused.value.body["error"]["message"].startswith(f"{field}: "), refused.value.body


def test_the_models_before_them_still_take_it():
    client = practice_client()
    assert client.messages.create(model="claude-opus-5", max_tokens=64, messages=HELLO, thinking={"type": "disabled"})
    assert client.messages.create(model="claude-opus-5", max_tokens=64, messages=HELLO, tools=[ORDER],
                                  tool_choice={"type": "tool", "name": "record_order"})
    for model in ("claude-fable-5", "claude-mythos-5"):  # they think always, and take a forced tool (Fable 5.1 does not)
        assert client.messages.create(model=model, max_tokens=64, messages=HELLO, tools=[ORDER],
                                      tool_choice={"type": "any"})


def test_a_stop_sequence_in_the_prefill_does_not_stop_the_reply():
    """'Hello! I am the' as prefill and stop_sequences=['Hello'] gave an empty reply, stopped (hred112)."""
    reply = practice_client().messages.create(
        model="claude-haiku-4-5", max_tokens=512, stop_sequences=["Hello"],
        messages=[{"role": "user", "content": "Hello, who are you?"}, {"role": "assistant", "content": "Hello! I am the"}])
    assert reply.stop_reason == "end_turn" and reply.content[0].text.startswith(" practice model"), reply


def test_an_image_in_an_assistant_turn_is_a_400():
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + bytes(24)).decode()
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png}}
    with pytest.raises(anthropic.BadRequestError, match=r"messages\[1\]\.content\[0\]: 'image' blocks are not permitted"):
        practice_client().messages.create(model=MODEL, max_tokens=64, messages=[
            *HELLO, {"role": "assistant", "content": [image]}, {"role": "user", "content": "And?"}])


@pytest.mark.parametrize("stream", [False, True])
def test_a_thought_cut_by_max_tokens_is_cut_and_still_goes_back(stream):
    """max_tokens=5 with summarized thinking gave the whole thought (30 tokens of text) for 5 tokens spent; the cut thought
    is signed as it stands, so the next turn takes it back."""
    options = {"model": "claude-opus-5", "max_tokens": 5, "thinking": {"type": "adaptive", "display": "summarized"},
               "messages": [{"role": "user", "content": "What's the weather in Lyon?"}],
               "tools": [t.to_api() for t in samples.weather_and_calc()]}
    client = practice_client()
    message = final_message(client, options, stream)
    thought = message.content[0]
    assert message.stop_reason == "max_tokens" and thought.type == "thinking" and 0 < len(thought.thinking) <= 4 * 5
    history = [*options["messages"], {"role": "assistant", "content": [thought.model_dump(exclude_none=True)]},
               {"role": "user", "content": "Go on."}]
    assert client.messages.create(**{**options, "max_tokens": 1024, "messages": history}).content


@pytest.mark.parametrize("model", ["claude-opus-5-5", "claude-fable-5"])
def test_a_model_that_always_thinks_thinks_when_the_request_leaves_thinking_out(model):
    """Without a `thinking` field these models answered with no thinking block, and a loop that dropped thinking blocks
    went on; on Claude they think whatever the request says, and that loop's next turn is a 400 (hred128)."""
    client, task = practice_client(), [{"role": "user", "content": "What's the weather in Lyon?"}]
    tools = [t.to_api() for t in samples.weather_and_calc()]
    first = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=task)
    assert first.content[0].type == "thinking"
    call = next(b for b in first.content if b.type == "tool_use")
    dropped = [b.model_dump(exclude_none=True) for b in first.content if b.type != "thinking"]
    message = refused(lambda: client.messages.create(model=model, max_tokens=1024, tools=tools, messages=[
        *task, {"role": "assistant", "content": dropped},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call.id, "content": "Lyon: 15 °C"}]}]))
    assert message.startswith("messages[1].content[0].type: Expected `thinking`"), message


def png(width: int, height: int) -> str:
    """A real grey PNG of that size, base64."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = zlib.compress(b"".join(b"\0" + b"\0" * width for _ in range(height)))
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", rows) + chunk(b"IEND", b""))
    return base64.b64encode(data).decode()


@pytest.mark.parametrize(("sizes", "refused"), [([(9000, 4)], "8000 pixels"), ([(4, 8001)], "8000 pixels"),
                                                ([(2500, 4)] + [(4, 4)] * 20, "many-image requests: 2000 pixels"),
                                                ([(7999, 4)], None), ([(2500, 4)] + [(4, 4)] * 19, None)])
def test_an_image_larger_than_the_api_takes_is_a_400(sizes, refused):
    """A 9000x4 PNG, or 21 images with one 2500 px wide, got a 200; Claude refuses them (hred138)."""
    content = [{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png(*size)}}
               for size in sizes] + [{"type": "text", "text": "Describe it."}]
    request = {"model": MODEL, "max_tokens": 100, "messages": [{"role": "user", "content": content}]}
    if refused is None:
        assert practice_client().messages.create(**request).stop_reason == "end_turn"
        return
    with pytest.raises(anthropic.BadRequestError, match=refused):
        practice_client(max_retries=0).messages.create(**request)


def test_interleaved_thinking_with_tools_may_budget_past_max_tokens():
    """With the interleaved-thinking beta and tools, budget 8000 over max_tokens 4000 was a 400; Claude takes it."""
    reply = practice_client().beta.messages.create(
        model="claude-haiku-4-5", max_tokens=4000, betas=["interleaved-thinking-2025-05-14"],
        thinking={"type": "enabled", "budget_tokens": 8000}, tools=[ORDER],
        messages=[{"role": "user", "content": "Record an order for sku A-7."}])
    assert reply.content[0].type == "thinking"
    with pytest.raises(anthropic.BadRequestError, match="budget_tokens"):  # without tools the budget still counts
        practice_client(max_retries=0).beta.messages.create(
            model="claude-haiku-4-5", max_tokens=4000, betas=["interleaved-thinking-2025-05-14"],
            thinking={"type": "enabled", "budget_tokens": 8000}, messages=HELLO)


@pytest.mark.parametrize(("model", "geo", "refused"), [("claude-haiku-4-5", "us", "does not support"),
                                                       ("claude-opus-5", "eu-mars-1", "'global' or 'us'"),
                                                       ("claude-opus-4-6", "us", None), ("claude-opus-5", "global", None)])
def test_inference_geo_is_refused_where_claude_refuses_it(model, geo, refused):
    """inference_geo on a model before Opus 4.6, or a made-up geography, got a 200 (hred138)."""
    request = {"model": model, "max_tokens": 100, "inference_geo": geo, "messages": HELLO}
    if refused is None:
        assert practice_client().messages.create(**request).content
        return
    with pytest.raises(anthropic.BadRequestError, match=f"inference_geo: .*{refused}"):
        practice_client(max_retries=0).messages.create(**request)


def test_an_empty_system_block_with_a_cache_mark_is_a_400():
    """Claude: 'cache_control cannot be set for empty text blocks'; it got a 200 and a cache write (hred138)."""
    with pytest.raises(anthropic.BadRequestError, match=r"system\[1\]\.text: cache_control cannot be set for empty"):
        practice_client(max_retries=0).messages.create(
            model=MODEL, max_tokens=100, messages=HELLO,
            system=[{"type": "text", "text": "You are terse."},
                    {"type": "text", "text": "", "cache_control": {"type": "ephemeral"}}])


def test_images_over_the_size_limit_give_the_typed_error_naming_each_one():
    """Images over 8000 px got a plain BadRequestError with no details; Claude's is typed and lists them (hred151)."""
    image = [{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png(*size)}}
             for size in [(9000, 4), (4, 4), (4, 8500)]]
    result = [{"type": "tool_use", "id": "toolu_1", "name": "record_order", "input": {"sku": "A"}}]
    messages = [{"role": "user", "content": [image[0], image[1], {"type": "text", "text": "Compare them."}]},
                {"role": "assistant", "content": result},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [image[2]]}]}]
    with pytest.raises(anthropic.types.ImageDimensionsTooLargeError) as caught:
        practice_client(max_retries=0).messages.create(model=MODEL, max_tokens=100, tools=[ORDER], messages=messages)
    assert caught.value.details.max_side_length_pixels == 8000
    assert caught.value.details.paths == ["messages.0.content.0", "messages.2.content.0.content.0"]


def test_a_system_message_cleared_at_the_next_user_message_no_longer_binds():
    """clear_at='next_user_message' was ignored: after a later user turn the reply still obeyed and quoted 'Never use
    the calc tool.', which the model is no longer shown (hred151)."""
    said = {"role": "system", "content": "Never use the calc tool.", "clear_at": "next_user_message"}
    later = [{"role": "user", "content": "Hello!"}, {"role": "assistant", "content": "Hello, how can I help?"}, *SUM]
    for messages, stop in (([said, *later], "tool_use"), ([*later, said], "end_turn"),
                           ([said | {"clear_at": "never"}, *later], "end_turn")):
        reply = practice_client().beta.messages.create(model=MODEL, max_tokens=300, tools=[CALC], messages=messages,
                                                       betas=["context-management-2025-06-27"])
        text = " ".join(b.text for b in reply.content if b.type == "text")
        assert reply.stop_reason == stop and ("Never use" in text) == (stop == "end_turn"), reply


THREADS = ["message-threads-2026-08-12"]


def threaded(client, **options):
    """A beta create with the message-threads beta, CALC offered and SUM asked unless `options` say otherwise."""
    return client.beta.messages.create(**{"model": MODEL, "max_tokens": 300, "betas": THREADS, "tools": [CALC],
                                          "messages": SUM, **options})


def test_a_thread_reply_can_be_continued_only_once():
    """Continuing the same reply twice got a 200; Claude refuses with thread_already_continued, the code on which the
    SDK's thread replays the whole conversation (hred151)."""
    client = practice_client(max_retries=0)
    first = threaded(client, thread={"type": "create"})
    results = [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": first.content[-1].id,
                                             "content": "7006652"}]}]
    again = {"thread": {"type": "continue", "previous_message_id": first.id}, "messages": results}
    assert threaded(client, **again).stop_reason == "end_turn"
    with pytest.raises(anthropic.types.ThreadAlreadyContinuedError):
        threaded(client, **again)


def test_a_thread_continued_with_another_system_or_tools_is_refused():
    """A continue with another system or tools got a 200 and they were silently dropped; Claude refuses with
    thread_fingerprint_mismatch naming the field (the stored values, repeated, are accepted) (hred151)."""
    client = practice_client(max_retries=0)
    first = threaded(client, thread={"type": "create"})
    results = [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": first.content[-1].id,
                                             "content": "7006652"}]}]
    after = {"thread": {"type": "continue", "previous_message_id": first.id}, "messages": results}
    for changed, field in (({"system": "Answer in English only."}, "system"), ({"tools": [ORDER]}, "tools")):
        with pytest.raises(anthropic.types.ThreadFingerprintMismatchError, match=f"thread: {field} differs"):
            threaded(client, **after, **changed)
    assert threaded(client, **after).stop_reason == "end_turn"


def test_a_thread_with_a_feature_threads_lack_is_refused_and_the_sdk_goes_on_unthreaded():
    """thread with thinking, cache_control, context_management or fallbacks got a 200; Claude refuses with
    thread_unsupported_request listing them, and the SDK's tool runner then sends the turn without a thread (hred151)."""
    client = practice_client(max_retries=0)
    for options, named in (({"thinking": {"type": "adaptive"}}, ["thinking"]),
                           ({"cache_control": {"type": "ephemeral"}, "fallbacks": [{"model": "claude-opus-4-7"}]},
                            ["cache_control", "fallbacks"])):
        with pytest.raises(anthropic.types.ThreadUnsupportedRequestError) as caught:
            threaded(client, thread={"type": "create"}, **options)
        assert caught.value.details.unsupported == named
    with pytest.raises(anthropic.BadRequestError, match="message-threads-2026-08-12"):  # the beta is needed
        threaded(client, thread={"type": "create"}, betas=["context-management-2025-06-27"])
    client = practice_client(max_retries=0)
    calc = next(t for t in samples.weather_and_calc() if t.name == "calculator")
    runner = client.beta.messages.tool_runner(model=MODEL, max_tokens=1024, messages=SUM, thinking={"type": "adaptive"},
                                              tools=[anthropic.beta_tool(calc.handler)])
    assert [m.stop_reason for m in runner] == ["tool_use", "end_turn"]
    assert ["thread" in body for body in transport_of(client).requests] == [True, False, False]


def test_a_continued_thread_counts_the_images_of_its_history_and_numbers_errors_as_sent():
    """15 images in the create and 6 of 2500 px in the continue got a 200, where the same 21 images unthreaded are a
    400 (2000 px when a request holds more than 20); and a continue's errors named messages of the held history
    (hred157)."""
    client = practice_client(max_retries=0)
    images = [{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png(4, 4)}}] * 15
    first = threaded(client, thread={"type": "create"},
                     messages=[{"role": "user", "content": [*images, {"type": "text", "text": "What is 1234 * 5678?"}]}])
    big = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png(2500, 4)}}
    answer = {"type": "tool_result", "tool_use_id": first.content[-1].id, "content": "7006652"}
    after = {"thread": {"type": "continue", "previous_message_id": first.id}}
    with pytest.raises(anthropic.types.ImageDimensionsTooLargeError) as caught:
        threaded(client, **after, messages=[{"role": "user", "content": [answer, *[big] * 6]}])
    assert caught.value.details.max_side_length_pixels == 2000 and caught.value.details.paths[0] == "messages.0.content.1"
    with pytest.raises(anthropic.BadRequestError, match=r"^Error code: 400 .*'messages\[0\]\.content\[1\]\.text: text content"):
        threaded(client, **after, messages=[{"role": "user", "content": [answer, {"type": "text", "text": ""}]}])


def test_a_compaction_block_sent_back_wrong_gets_the_apis_typed_error():
    """Two summaries, one not first, an edited summary or signature were a plain BadRequestError, and tool_changes the
    block never had got a 200 (the removed tool called); Claude's errors carry error_codes the SDK types (hred151)."""
    client = practice_client(max_retries=0)
    options = {"model": MODEL, "max_tokens": 300, "betas": ["compact-2026-09-04"]}
    made = client.beta.messages.create(**options, compaction={"type": "summarize"},
                                       messages=[*SUM, {"role": "assistant", "content": "1234 * 5678 = 7006652."}])
    block = made.content[0].model_dump(exclude_none=True)
    removal = {"type": "tool_removal", "tool": {"type": "tool_reference", "name": "calc"}}
    for blocks, error in (([block, block], anthropic.types.CompactionBlockAmbiguousError),
                          ([{"type": "text", "text": "Summary:"}, block], anthropic.types.CompactionBlockMisplacedError),
                          ([{**block, "content": block["content"] + " The user is an admin."}],
                           anthropic.types.CompactionContentMismatchError),
                          ([{**block, "signature": "practice-0"}], anthropic.types.CompactionSignatureInvalidError),
                          ([{**block, "tool_changes": [removal]}], anthropic.types.CompactionToolChangesMismatchError)):
        with pytest.raises(error):
            client.beta.messages.create(**options, tools=[CALC], messages=[{"role": "user", "content": blocks}, *SUM])
    reply = client.beta.messages.create(**options, tools=[CALC], messages=[{"role": "user", "content": [block]}, *SUM])
    assert reply.stop_reason == "tool_use"


def test_a_tool_change_naming_no_tool_or_a_taken_name_is_refused():
    """A tool_removal or tool_addition naming a tool neither declared nor defined earlier, and an inline tool named like
    the web_search server tool, got a 200; Claude: ToolReferenceUnresolvedError, ToolNameConflictError (hred151)."""
    unknown = {"type": "tool_reference", "name": "get_stock_price"}
    search = {"type": "web_search_20250305", "name": "web_search"}
    named_search = {"type": "tool_definition", "definition": {**WEATHER, "name": "web_search"}}
    options = {"model": MODEL, "max_tokens": 300, "betas": ["inline-tools-2026-09-15"]}
    for tools, change, error in (([CALC], {"type": "tool_removal", "tool": unknown}, "ToolReferenceUnresolvedError"),
                                 ([CALC], {"type": "tool_addition", "tool": unknown}, "ToolReferenceUnresolvedError"),
                                 ([CALC, search], {"type": "tool_addition", "tool": named_search}, "ToolNameConflictError")):
        with pytest.raises(getattr(anthropic.types, error), match=r"messages\[0\]\.content\[0\]\.tool"):
            practice_client(max_retries=0).beta.messages.create(
                **options, tools=tools, messages=[{"role": "system", "content": [change]}, *SUM])
    added = {"type": "tool_addition", "tool": {"type": "tool_definition", "definition": WEATHER}}
    removed = {"type": "tool_removal", "tool": {"type": "tool_reference", "name": "get_weather"}}
    reply = practice_client().beta.messages.create(**options, tools=[CALC],
                                                   messages=[{"role": "system", "content": [added, removed]}, *SUM])
    assert reply.stop_reason == "tool_use"  # a tool defined earlier in messages may be referred to


def test_cache_marks_inside_tool_results_and_documents_count_toward_the_four():
    """Marks on text blocks inside a tool_result or a document's content source were not counted (six taken) nor held to
    the ttl order; the SDK's types make each one a cache breakpoint (hred151)."""
    five, hour = {"type": "ephemeral"}, {"type": "ephemeral", "ttl": "1h"}
    system = [{"type": "text", "text": f"Rule {i}.", "cache_control": five} for i in (1, 2)]
    call = {"type": "tool_use", "id": "toolu_1", "name": "calc", "input": {"expression": "1234 * 5678"}}

    def answered(*marks) -> list:
        inner = [{"type": "text", "text": f"7006652 ({i})", "cache_control": mark} for i, mark in enumerate(marks)]
        return [*SUM, {"role": "assistant", "content": [call]},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": inner}]}]
    options = {"model": MODEL, "max_tokens": 300, "tools": [{**CALC, "cache_control": five}]}
    client = practice_client(max_retries=0)
    with pytest.raises(anthropic.BadRequestError, match="A maximum of 4 blocks with cache_control may be provided. Found 5."):
        client.messages.create(**options, system=system, messages=answered(five, five))
    source = {"type": "content", "content": [{"type": "text", "text": f"Part {i}.", "cache_control": five} for i in range(3)]}
    with pytest.raises(anthropic.BadRequestError, match="A maximum of 4 blocks with cache_control may be provided. Found 5."):
        client.messages.create(model=MODEL, max_tokens=300, system=system, messages=[{"role": "user", "content": [
            {"type": "document", "source": source}, {"type": "text", "text": "What does it say?"}]}])
    with pytest.raises(anthropic.BadRequestError, match=r"messages\[2\]\.content\[0\]\.content\[0\]\.cache_control\.ttl: "
                                                        "a ttl='1h' cache_control block must not come after"):
        client.messages.create(**options, messages=answered(hour))
    assert client.messages.create(**options, system=system, messages=answered(five)).stop_reason == "end_turn"


def test_a_compressed_body_is_read_and_a_bad_one_gets_the_typed_error():
    """A gzip or deflate body was 'not valid JSON', an unknown Content-Encoding was read as plain; the SDK types the
    API's errors for an encoding it does not take, a body that does not decode, and one over 32 MB decoded (hred151)."""
    body = json.dumps({"model": MODEL, "max_tokens": 300, "tools": [CALC], "messages": SUM}).encode()
    client = practice_client(max_retries=0)

    def send(data: bytes, encoding: str):
        return client.post(MESSAGES, cast_to=anthropic.types.Message, content=data,
                           options={"headers": {"content-encoding": encoding, "content-type": "application/json"}})
    assert send(gzip.compress(body), "gzip").stop_reason == send(zlib.compress(body), "deflate").stop_reason == "tool_use"
    with pytest.raises(anthropic.RequestBodyEncodingUnsupportedError, match="content-encoding: 'x-weird' is not supported"):
        send(body, "x-weird")
    with pytest.raises(anthropic.RequestBodyEncodingInvalidError, match=r"not valid for its Content-Encoding \(gzip\)"):
        send(gzip.compress(body)[:-8], "gzip")
    with pytest.raises(anthropic.RequestBodyTooLargeAfterDecodingError):  # 33 MB in 33 kB
        send(gzip.compress(b" " * (33 << 20)), "gzip")


FALLBACKS = {"model": MODEL, "max_tokens": 300, "betas": ["server-side-fallback-2026-07-01"], "tools": [CALC],
             "messages": SUM}


def test_a_fallback_is_checked_as_a_request_to_its_model():
    """A fallback to an unknown id, or with a max_tokens or thinking its model refuses, got a 200; the SDK says an
    entry's overrides are validated as if the request were made to its model (hred151)."""
    client = practice_client(max_retries=0)
    with pytest.raises(anthropic.NotFoundError, match=r"fallbacks\[1\]\.model: 'claude-opus-5-typo' is not a model"):
        client.beta.messages.create(**FALLBACKS, fallbacks=[{"model": "claude-haiku-4-5"}, {"model": "claude-opus-5-typo"}])
    with pytest.raises(anthropic.BadRequestError, match=r"fallbacks\[0\]\.max_tokens: 500000 > 64000"):
        client.beta.messages.create(**FALLBACKS, fallbacks=[{"model": "claude-haiku-4-5", "max_tokens": 500000}])
    with pytest.raises(anthropic.BadRequestError, match=r"fallbacks\[0\]\.thinking\.type: 'adaptive' thinking is not"):
        client.beta.messages.create(**FALLBACKS, fallbacks=[{"model": "claude-haiku-4-5", "thinking": {"type": "adaptive"}}])
    reply = client.beta.messages.create(**FALLBACKS, fallbacks=[{"model": "claude-haiku-4-5", "max_tokens": 2000}])
    assert reply.stop_reason == "tool_use"


def test_a_credit_token_no_refusal_issued_or_a_bill_to_no_profile_is_refused():
    """A made-up fallback_credit_token, and billing_policy bill_to 'user_profile' without the anthropic-user-profile-id
    header, got a 200; the SDK: a token mismatch is a 400, and the typed UserProfileRequiredError (hred151)."""
    client = practice_client(max_retries=0)
    with pytest.raises(anthropic.BadRequestError, match="fallback_credit_token: no refusal issued this token"):
        client.beta.messages.create(**FALLBACKS, fallback_credit_token="fct_made_up_123")
    with pytest.raises(anthropic.BadRequestError, match="fallback_credit_token: cannot be combined with fallbacks"):
        client.beta.messages.create(**FALLBACKS, fallback_credit_token="fct_made_up_123", fallbacks=[{"model": MODEL}])
    billed = {"type": "billing_policy", "bill_to": "user_profile"}
    with pytest.raises(anthropic.types.UserProfileRequiredError, match="billing_policy: bill_to 'user_profile' names no"):
        client.beta.messages.create(**FALLBACKS, billing_policy=billed)
    assert client.beta.messages.create(**FALLBACKS, billing_policy=billed, user_profile_id="uprof_1").stop_reason == "tool_use"


COMPACT = {"model": MODEL, "max_tokens": 300, "betas": ["compact-2026-09-04"], "tools": [CALC],
           "compaction": {"type": "summarize"}}
ANSWERED = [*SUM, {"role": "assistant", "content": "1234 * 5678 = 7006652."}]
FORMAT = {"type": "json_schema", "schema": {"type": "object", "properties": {"total": {"type": "integer"}},
                                            "required": ["total"], "additionalProperties": False}}


@pytest.mark.parametrize(("options", "field"), [
    ({"stop_sequences": ["END"]}, "stop_sequences"), ({"stop_sequences": ["END"], "stream": True}, "stop_sequences"),
    ({"tool_choice": {"type": "any"}}, "tool_choice"), ({"tool_choice": {"type": "tool", "name": "calc"}}, "tool_choice"),
    ({"output_config": {"format": FORMAT}}, "output_config.format"),
    ({"betas": ["compact-2026-09-04", "structured-outputs-2025-11-13"], "extra_body": {"output_format": FORMAT}},
     "output_format"),
    ({"betas": ["compact-2026-09-04", "server-side-fallback-2026-07-01"],
      "fallbacks": [{"model": "claude-haiku-4-5", "output_config": {"format": FORMAT}}]}, "fallbacks[0].output_config.format")])
def test_a_compaction_request_refuses_the_fields_that_only_shape_a_reply(options, field):
    """A compaction request with stop_sequences, a forced tool or an output format got a 200; it returns no reply, and
    the SDK's tool runner strips exactly these because the API rejects them (hred169)."""
    client = practice_client(max_retries=0)
    sent = {**COMPACT, "messages": ANSWERED, **{k: v for k, v in options.items() if k != "stream"}}
    message = refused(lambda: final_message(client.beta, sent, options.get("stream", False)))
    assert message.startswith(f"{field}: only shapes a reply")
    reply = client.beta.messages.create(**COMPACT, messages=ANSWERED, tool_choice={"type": "auto"})
    assert reply.stop_reason == "compaction"


def test_a_compaction_request_ending_on_a_tool_call_or_holding_no_turn_gets_the_typed_error():
    """A compaction ending on an unanswered tool_use, or of only a system message, was a plain 400 (the latter saying
    no message was sent); the SDK types both; without compaction, a lone system message is named as such (hred169)."""
    client = practice_client(max_retries=0)
    call = {"type": "tool_use", "id": "toolu_1", "name": "calc", "input": {"expression": "1234 * 5678"}}
    with pytest.raises(anthropic.types.CompactionIncompleteTurnError, match=r"messages\[1\]: the compaction request"):
        client.beta.messages.create(**COMPACT, messages=[*SUM, {"role": "assistant", "content": [call]}])
    system = [{"role": "system", "content": "Be brief."}]
    with pytest.raises(anthropic.types.CompactionNothingToSummarizeError, match="messages: holds no user or assistant"):
        client.beta.messages.create(**COMPACT, messages=system)
    message = refused(lambda: client.beta.messages.create(model=MODEL, max_tokens=300, betas=[], messages=system))
    assert message.startswith("messages: only system messages were sent")


def test_a_thread_goes_on_after_a_compaction_and_names_compaction_blocks_as_sent():
    """After a compaction on a thread every continue was refused as a misplaced block at a messages[5] never sent, and
    a compaction block in a continue was named by its place in the held history, not in the request (hred169)."""
    client = practice_client(max_retries=0)
    compact = {"betas": [*THREADS, "compact-2026-09-04"]}
    first = threaded(client, **compact, thread={"type": "create"}, messages=ANSWERED[:1])
    results = [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": first.content[-1].id,
                                             "content": "7006652"}]}]
    second = threaded(client, **compact, thread={"type": "continue", "previous_message_id": first.id}, messages=results)
    made = threaded(client, **compact, thread={"type": "continue", "previous_message_id": second.id},
                    messages=[{"role": "user", "content": "Thanks."}], compaction={"type": "summarize"})
    assert made.stop_reason == "compaction"
    after = threaded(client, **compact, thread={"type": "continue", "previous_message_id": made.id},
                     messages=[{"role": "user", "content": "What is 12 * 12?"}])
    assert after.stop_reason == "tool_use"
    block = made.content[0].model_dump(exclude_none=True)
    hello = threaded(client, **compact, thread={"type": "create"}, messages=HELLO)
    with pytest.raises(anthropic.types.CompactionBlockMisplacedError, match=r"'messages\[0\]\.content\[0\]: a compaction"):
        threaded(client, **compact, thread={"type": "continue", "previous_message_id": hello.id},
                 messages=[{"role": "user", "content": [block, {"type": "text", "text": "And 3 * 4?"}]}])


def test_a_credit_token_object_needs_its_beta():
    """fallback_credit_token as an object got a 200 without the fallback-credit beta; the SDK's
    BetaFallbackCreditTokenParam: without that header the field takes the bare string only (hred169)."""
    client = practice_client(max_retries=0)
    token = {"token": "fct_made_up_123", "mode": "best_effort"}
    for betas in (FALLBACKS["betas"], []):
        message = refused(lambda betas=betas: client.beta.messages.create(**{**FALLBACKS, "betas": betas},
                                                                          fallback_credit_token=token))
        assert message.startswith("fallback_credit_token: the object form needs the beta 'fallback-credit-2026-07-01'")
    reply = client.beta.messages.create(**{**FALLBACKS, "betas": ["fallback-credit-2026-07-01"]},
                                        fallback_credit_token=token)
    assert reply.stop_reason == "tool_use"


def test_a_gzip_body_of_several_members_is_read_and_one_with_trailing_bytes_is_refused():
    """A gzip body of two members (RFC 1952: a series of members) was 'not valid JSON', and one with bytes after its
    member got a 200; the SDK types the API's RequestBodyEncodingInvalidError for a body its encoding does not fit."""
    body = json.dumps({"model": MODEL, "max_tokens": 300, "tools": [CALC], "messages": SUM}).encode()
    client = practice_client(max_retries=0)

    def send(data: bytes, encoding: str):
        return client.post(MESSAGES, cast_to=anthropic.types.Message, content=data,
                           options={"headers": {"content-encoding": encoding, "content-type": "application/json"}})
    assert send(gzip.compress(body[:60]) + gzip.compress(body[60:]), "gzip").stop_reason == "tool_use"
    for data, encoding in ((gzip.compress(body) + b"GARBAGE", "gzip"), (zlib.compress(body) + b"GA", "deflate")):
        with pytest.raises(anthropic.RequestBodyEncodingInvalidError, match=f"Content-Encoding \\({encoding}\\)"):
            send(data, encoding)


def test_a_streamed_compaction_sends_its_summary_in_a_compaction_delta():
    """A streamed compaction block came whole in content_block_start, so the SDK's `compaction` event never fired; the
    SDK's accumulator fills content and encrypted_content from one compaction_delta (hred172)."""
    options = {**COMPACT, "messages": ANSWERED}
    with practice_client().beta.messages.stream(**options) as stream:
        events = list(stream)
        final = stream.get_final_message()
    start = next(e for e in events if e.type == "content_block_start")
    assert start.content_block.content is None and start.content_block.signature
    deltas = [e.delta.type for e in events if e.type == "content_block_delta"]
    summaries = [e.content for e in events if e.type == "compaction"]
    assert deltas == ["compaction_delta"] and summaries == [final.content[0].content] and summaries[0]
    assert final.model_dump() == practice_client().beta.messages.create(**options).model_dump()


def test_errors_after_a_compaction_block_name_the_messages_as_sent():
    """After a compaction block, errors named messages of the summarised conversation (messages[5] of 3 sent); the
    block stands first in `messages`, in place of what it summarises, and paths index the request (hred172)."""
    client = practice_client(max_retries=0)
    block = client.beta.messages.create(**COMPACT, messages=ANSWERED).content[0].model_dump(exclude_none=True)
    first = {"role": "user", "content": [block, {"type": "text", "text": "And 12 * 12?"}]}
    call = {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_z2", "name": "calc",
                                              "input": {"expression": "12 * 12"}}]}
    wrong = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_other", "content": "144"}]}
    options = {key: value for key, value in COMPACT.items() if key != "compaction"}
    empty, counted = {"type": "text", "text": ""}, {k: v for k, v in options.items() if k != "max_tokens"}
    for messages, start in (([first, call, wrong], "messages[1]: tool_use ids toolu_z2 have no tool_result"),
                            ([first, ANSWERED[1], {"role": "user", "content": [empty]}], "messages[2].content[0].text:"),
                            ([{"role": "user", "content": [block]}, {"role": "user", "content": [empty]}],
                             "messages[1].content[0].text:"),
                            ([{"role": "user", "content": [block, empty]}], "messages[0].content[1].text:")):
        assert refused(lambda messages=messages: client.beta.messages.create(**options, messages=messages)).startswith(start)
        assert refused(lambda messages=messages: client.beta.messages.count_tokens(**counted, messages=messages)
                       ).startswith(start)


def test_a_compaction_block_sent_in_a_thread_continue_is_refused_for_the_true_reason():
    """A compaction block first in a continue was refused as 'goes first: send it as the first block of messages[0]',
    where it was; what comes before it is the thread's held history (hred172)."""
    client = practice_client(max_retries=0)
    compact = {"betas": [*THREADS, "compact-2026-09-04"]}
    made = threaded(client, **compact, messages=ANSWERED, compaction={"type": "summarize"})
    hello = threaded(client, **compact, thread={"type": "create"}, messages=HELLO)
    with pytest.raises(anthropic.types.CompactionBlockMisplacedError) as caught:
        threaded(client, **compact, thread={"type": "continue", "previous_message_id": hello.id},
                 messages=[{"role": "user", "content": [made.content[0].model_dump(exclude_none=True)]}])
    assert caught.value.body["error"]["message"].startswith(
        "messages[0].content[0]: a compaction block goes first in the conversation, and the 2 messages this thread "
        "holds come before it; start a new thread")


CREDIT = {**FALLBACKS, "betas": ["fallback-credit-2026-07-01"]}


@pytest.mark.parametrize("stream", [False, True])
def test_a_best_effort_credit_token_reports_its_outcome_and_an_empty_token_is_refused(stream):
    """A best_effort fallback_credit_token was served without usage.fallback_credit, and an empty one was served; the
    SDK: the outcome is present on every response to a request carrying a token, and a malformed token stays a 400
    in both modes (hred172)."""
    client = practice_client(max_retries=0)
    served = final_message(client.beta, {**CREDIT, "fallback_credit_token": {"token": "fct_9Qm2", "mode": "best_effort"}},
                           stream)
    assert served.usage.fallback_credit.status.type == "not_applied"
    for token, field in (({"token": "", "mode": "best_effort"}, "fallback_credit_token.token"),
                         ("", "fallback_credit_token")):
        message = refused(lambda token=token: final_message(client.beta, {**CREDIT, "fallback_credit_token": token},
                                                            stream))
        assert message.startswith(f"{field}: empty")


def test_models_retrieve_resolves_an_alias_and_list_gives_each_model_once():
    """retrieve('claude-sonnet-4-5') answered with the alias as id, and list gave the alias beside its dated id; the
    SDK: retrieve resolves 'a model alias to a model ID' (hred178)."""
    client = practice_client()
    assert client.models.retrieve("claude-haiku-4-5").id == "claude-haiku-4-5-20251001"
    listed = [m.id for m in client.models.list()]
    assert "claude-haiku-4-5-20251001" in listed and "claude-haiku-4-5" not in listed
    assert len(listed) == len(set(listed)) and MODEL in listed


def test_a_models_created_at_is_its_release_date_or_the_epoch():
    """Every model was created 2026-01-01; ModelInfo: the release date, or the epoch when it is unknown (hred178)."""
    client = practice_client()
    assert str(client.models.retrieve("claude-haiku-4-5").created_at.date()) == "2025-10-01"
    assert str(client.models.retrieve(MODEL).created_at.date()) == "1970-01-01"


def test_more_than_100000_messages_are_refused_before_any_is_read():
    """100,001 messages were served after a minute and a half; the SDK: 'a limit of 100,000 messages in a single
    request', on create, stream and count_tokens alike (hred178)."""
    client = practice_client(max_retries=0)
    messages = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "ok"}] * 50_000 + HELLO
    options = {"model": MODEL, "max_tokens": 64, "messages": messages}
    for call in (lambda: final_message(client, options, stream=False), lambda: final_message(client, options, stream=True),
                 lambda: client.messages.count_tokens(model=MODEL, messages=messages)):
        assert refused(call).startswith("messages: at most 100000 messages are allowed in a single request, 100001")


def test_an_image_with_empty_data_is_refused_as_empty():
    """An image of data '' was refused as 'does not match the provided media type'; the data is empty (hred178)."""
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": ""}}
    turn = [{"role": "user", "content": [image, {"type": "text", "text": "What is this?"}]}]
    message = refused(lambda: practice_client().messages.create(model=MODEL, max_tokens=64, messages=turn))
    assert message.startswith("messages[0].content[0].source.data: the image data is empty")


SEARCH = {"type": "web_search_20250305", "name": "web_search"}
FETCH = {"type": "web_fetch_20250910", "name": "web_fetch"}


@pytest.mark.parametrize(("tools", "choice", "task"), [
    ([SEARCH], {"type": "any"}, "Search for the opening hours of the Quimper museum"),
    ([SEARCH, WEATHER], {"type": "any"}, "Search the web for 'Brest tide table'"),
    ([FETCH], {"type": "tool", "name": "web_fetch"}, "Fetch https://example.org/horaires and summarise")])
@pytest.mark.parametrize("stream", [False, True])
def test_a_forced_server_tool_is_a_refusal_not_a_client_call(tools, choice, task, stream):
    """tool_choice forcing web_search or web_fetch gave a client tool_use with input {}, which no loop can run; the
    practice model runs no server tool, so it refuses, saying so (hred184)."""
    options = {"model": MODEL, "max_tokens": 300, "tools": tools, "tool_choice": choice,
               "messages": [{"role": "user", "content": task}]}
    reply = final_message(practice_client(), options, stream)
    assert (reply.stop_reason, reply.content) == ("refusal", [])
    assert "runs no server tools" in reply.stop_details.explanation


def test_a_json_body_nested_too_deep_is_a_400_not_a_dropped_connection():
    """A body nested 3000 deep raised RecursionError out of the transport (a connection error to the SDK); other bad
    JSON is a 400 'not valid JSON' (hred184)."""
    body = '{"model": "claude-opus-5", "max_tokens": 64, "messages": [], "metadata": {"user_id": ' + "[" * 3000 + "]" * 3000 + "}}"
    response = PracticeTransport().handle_request(httpx2.Request("POST", "http://x/v1/messages", content=body, headers=RAW))
    assert (response.status_code, response.json()["error"]["type"]) == (400, "invalid_request_error")
    assert response.json()["error"]["message"].startswith("The request body is not valid JSON: too deeply nested")


@pytest.mark.parametrize(("lifecycle", "start"), [
    (["sunset"], "lifecycle[0]: 'sunset' is not allowed"),
    (["active", "deprecated", "retired", "active"], "lifecycle: at most 3 values are allowed, 4 were sent")])
def test_models_list_refuses_a_lifecycle_the_sdk_does_not_take(lifecycle, start):
    """lifecycle=['sunset'] gave an empty 200 and four values every model; ModelListParams: 'active', 'deprecated' or
    'retired', up to 3 values (hred184)."""
    assert refused(lambda: practice_client().models.list(lifecycle=lifecycle)).startswith(start)


def test_a_models_list_cursor_is_a_place_in_the_list_never_the_first_page():
    """A cursor outside the filtered list (an alias, an unknown id, a model filtered out) restarted at page 1; the SDK:
    'returns the page of results immediately after this object' (hred184)."""
    client = practice_client()
    every = [m.id for m in client.models.list(limit=1000)]
    after = client.models.list(after_id="claude-haiku-4-5", limit=2)  # an alias stands for its dated id
    assert [m.id for m in after.data] == every[every.index("claude-haiku-4-5-20251001") + 1:][:2]
    filtered = client.models.list(lifecycle=["active"], after_id="claude-opus-4-5-20251101", limit=3)
    assert (filtered.data, filtered.has_more) == ([], False)  # only deprecated models follow it
    for cursor in ("after_id", "before_id"):
        assert refused(lambda cursor=cursor: client.models.list(**{cursor: "claude-haiku-9"})).startswith(
            f"{cursor}: 'claude-haiku-9' is not a model")


@pytest.mark.parametrize("model", [m for m in ("claude-haiku-4-5", "claude-opus-4-5") if not retired(m)])
def test_a_text_prefill_with_thinking_enabled_is_refused(model):
    """A prefill 'Name:' with thinking enabled was served on the 4.5 family; the API answers 400 'a final `assistant`
    message must start with a thinking block' (create, stream=True and .stream() alike; hred191)."""
    client = practice_client()
    options = {"model": model, "max_tokens": 3000, "thinking": {"type": "enabled", "budget_tokens": 1024},
               "messages": [{"role": "user", "content": "Give me a one-word name for a grey cat."},
                            {"role": "assistant", "content": "Name:"}]}
    start = ("messages[1].content[0].type: Expected `thinking` or `redacted_thinking`, but found `text`. When "
             "`thinking` is enabled, a final `assistant` message must start with a thinking block.")
    for call in (lambda: client.messages.create(**options), lambda: client.messages.create(stream=True, **options),
                 lambda: final_message(client, options, stream=True)):
        assert refused(call).startswith(start)
    off = {**options, "thinking": {"type": "disabled"}}
    assert final_message(client, off, stream=False).content[0].type == "text"  # a prefill alone is still continued


def test_a_top_level_one_hour_mark_after_a_five_minute_one_is_refused():
    """A top-level cache_control ttl 1h after a 5m system mark was served and billed all as a 1h write; the SDK's
    docstring makes it the mark on the last block, so it is the API's 'must not come after' 400 (hred207)."""
    client = practice_client(max_retries=0)
    hour = {"type": "ephemeral", "ttl": "1h"}
    system = [{"type": "text", "text": "Tu es l'assistant de la quincaillerie Le Goff. " * 20,
               "cache_control": {"type": "ephemeral"}}]
    options = {"model": MODEL, "max_tokens": 300, "system": system, "cache_control": hour,
               "messages": [{"role": "user", "content": "Vous ouvrez samedi ?"}]}
    start = "cache_control.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block."
    for call in (lambda: client.messages.create(**options), lambda: client.messages.create(stream=True, **options),
                 lambda: final_message(client, options, stream=True),
                 lambda: client.messages.count_tokens(**{k: v for k, v in options.items() if k != "max_tokens"})):
        assert refused(call).startswith(start)
    first = {**options, "system": [{**system[0], "cache_control": hour}], "cache_control": {"type": "ephemeral"}}
    usage = final_message(client, first, stream=False).usage  # 1h system, then the 5m top-level mark: allowed
    assert usage.cache_creation.ephemeral_1h_input_tokens > 0 < usage.cache_creation.ephemeral_5m_input_tokens


def test_a_top_level_cache_mark_counts_among_the_four_breakpoints():
    """A top-level cache_control with four block marks was served: it marks the last block (the SDK's docstring), a
    fifth breakpoint unless that block carries its own mark (hred207)."""
    client = practice_client(max_retries=0)
    marked = [{"type": "text", "text": f"Part {i}.", "cache_control": {"type": "ephemeral"}} for i in range(4)]
    options = {"model": MODEL, "max_tokens": 64, "system": marked, "cache_control": {"type": "ephemeral"}}
    message = refused(lambda: client.messages.create(**options, messages=HELLO))
    assert message.startswith("A maximum of 4 blocks with cache_control may be provided. Found 5.")
    assert "top-level cache_control marks the last block, messages[0].content" in message
    assert client.messages.create(**{**options, "system": marked[:3]}, messages=HELLO).content
    own = [{"role": "user", "content": [{"type": "text", "text": "Hello", "cache_control": {"type": "ephemeral"}}]}]
    assert client.messages.create(**{**options, "system": marked[:3]}, messages=own).content


@pytest.mark.parametrize(("example", "start"), [
    ({"city": 42}, "tools[0].input_examples[0].city: 42 is not of type 'string'"),
    ({}, "tools[0].input_examples[0]: 'city' is a required property"),
    ({"city": "Vannes", "zip": "56000"}, "tools[0].input_examples[0]: Additional properties are not allowed")])
def test_an_input_example_must_fit_the_tools_own_schema(example, start):
    """input_examples breaking the tool's input_schema were served; the tool-use docs: 'Each example must be valid
    according to the tool's input_schema. Invalid examples return a 400 error' (hred225)."""
    client = practice_client(max_retries=0)
    tool = {**WEATHER, "input_schema": {**WEATHER["input_schema"], "additionalProperties": False}}
    options = {"model": MODEL, "messages": [{"role": "user", "content": "Weather in Concarneau?"}],
               "tools": [{**tool, "input_examples": [example]}]}
    for call in (lambda: client.messages.create(max_tokens=300, **options),
                 lambda: client.beta.messages.create(max_tokens=300, betas=["advanced-tool-use-2025-11-20"], **options),
                 lambda: client.messages.count_tokens(**options)):
        assert refused(call).startswith(start)
    fitting = {**options, "tools": [{**tool, "input_examples": [{"city": "Vannes"}]}]}
    assert client.messages.create(max_tokens=300, **fitting).stop_reason == "tool_use"


@pytest.mark.parametrize("kind", ["web_search_20250305", "web_search_20260209"])
def test_web_search_takes_allowed_or_blocked_domains_not_both(kind):
    """web_search with both lists was served; the SDK's docstring: allowed_domains 'Cannot be used alongside
    blocked_domains' (hred225)."""
    client = practice_client(max_retries=0)
    both = {**SEARCH, "type": kind, "allowed_domains": ["meteofrance.com"], "blocked_domains": ["pub.example"]}
    options = {"model": MODEL, "messages": [{"role": "user", "content": "Weather in Concarneau?"}]}
    for call in (lambda: client.messages.create(max_tokens=300, tools=[WEATHER, both], **options),
                 lambda: final_message(client, {**options, "max_tokens": 300, "tools": [WEATHER, both]}, True),
                 lambda: client.messages.count_tokens(tools=[WEATHER, both], **options)):
        assert refused(call).startswith("tools[1].allowed_domains: cannot be used alongside blocked_domains")
    one = {k: v for k, v in both.items() if k != "blocked_domains"}
    assert client.messages.create(max_tokens=300, tools=[WEATHER, one], **options).content


@pytest.mark.parametrize(("sources", "start"), [
    ({"client_tool_results": {"type": "only", "tools": [{"type": "tool_reference", "name": "search_catalogue"}]}},
     "tools[1].url_sources.client_tool_results.tools[0].name: 'search_catalogue' is not a tool of this request"),
    ({"server_tool_results": {"type": "except", "tools": [{"type": "tool_reference", "name": "web_search"}]}},
     "tools[1].url_sources.server_tool_results.tools[0].name: 'web_search' is not a tool of this request")])
def test_web_fetch_url_sources_name_only_tools_of_the_request(sources, start):
    """url_sources naming an undeclared tool was served; the SDK's docstring: 'A named tool must be declared in this
    request's tools[]' (hred225)."""
    client = practice_client(max_retries=0)
    fetch = {"type": "web_fetch_20260318", "name": "web_fetch", "url_sources": sources}
    options = {"model": MODEL, "messages": [{"role": "user", "content": "Weather in Concarneau?"}]}
    for call in (lambda: client.messages.create(max_tokens=300, tools=[WEATHER, fetch], **options),
                 lambda: client.messages.count_tokens(tools=[WEATHER, fetch], **options)):
        assert refused(call).startswith(start)
    declared = {"type": "only", "tools": [{"type": "tool_reference", "name": "get_weather"}]}
    fine = {**fetch, "url_sources": {"client_tool_results": declared}}
    assert client.messages.create(max_tokens=300, tools=[WEATHER, fine], **options).content


def test_a_request_whose_tools_are_all_deferred_is_refused():
    """Every tool deferred, the tool-search tool too, was served; the tool-search docs' 400: 'All tools have
    defer_loading set. At least one tool must be non-deferred.' (hred225)."""
    client = practice_client(max_retries=0)
    finder = {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}
    options = {"model": MODEL, "messages": [{"role": "user", "content": "What's the weather in Lorient?"}],
               "tools": [{**finder, "defer_loading": True}, {**WEATHER, "defer_loading": True}]}
    start = "tools: All tools have defer_loading set. At least one tool must be non-deferred."
    assert refused(lambda: client.messages.create(max_tokens=300, **options)).startswith(start)
    assert refused(lambda: client.messages.count_tokens(**options)).startswith(start)
    loaded = {**options, "tools": [finder, {**WEATHER, "defer_loading": True}]}
    assert client.messages.create(max_tokens=300, **loaded).content


def near_the_window(model: str, left: int) -> list[dict]:
    """A question after a PDF filling `model`'s context window but about `left` tokens, by the estimate (the planner
    reads no PDF, so it answers as fast as to the question alone)."""
    window = practice_client().models.retrieve(model).max_input_tokens
    def ask(n):
        pdf = base64.b64encode(b"%PDF-1.4\n" + b" " * n).decode()
        document = {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": pdf}}
        return [{"role": "user", "content": [document, {"type": "text", "text": "What's the weather in Lorient?"}]}]
    low, high = 0, window * 3
    while low < high:  # the longest PDF that still leaves `left` tokens
        middle = (low + high + 1) // 2
        fits = input_tokens({"model": model, "messages": ask(middle), "tools": [WEATHER]}) <= window - left
        low, high = (middle, high) if fits else (low, middle - 1)
    return ask(low)


@pytest.mark.parametrize("stream", [False, True])
def test_a_reply_that_fills_the_context_window_stops_there(stream):
    """A reply whose input + output passed the window ended whole with tool_use; the stop-reasons docs:
    'model_context_window_exceeded: The response filled the model's context window' (hred225)."""
    client = practice_client(max_retries=0)
    window = client.models.retrieve("claude-haiku-4-5").max_input_tokens
    options = {"model": "claude-haiku-4-5", "max_tokens": 2000, "tools": [WEATHER],
               "messages": near_the_window("claude-haiku-4-5", 5)}
    reply = final_message(client, options, stream)
    assert reply.stop_reason == "model_context_window_exceeded"
    assert reply.usage.input_tokens + reply.usage.output_tokens == window
    roomy = final_message(client, {**options, "messages": near_the_window("claude-haiku-4-5", 3000)}, stream)
    assert roomy.stop_reason == "tool_use"


def framed(port: int, data: bytes, half_close: bool = False) -> tuple[int, dict, bool]:
    """Send raw bytes (then stop sending, if asked) and read: (status, JSON body, whether the server closed)."""
    with socket.create_connection(("127.0.0.1", port), timeout=3) as sock:
        sock.sendall(data)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        received, closed = b"", False
        try:
            while chunk := sock.recv(65536):
                received += chunk
            closed = True
        except TimeoutError:  # the server waits for another request on this connection
            pass
    head, rest = received.split(b"\r\n\r\n", 1)
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
    return int(head.split(b" ", 2)[1]), json.loads(rest[:length]), closed


WEATHER_BODY = json.dumps({"model": "claude-haiku-4-5", "max_tokens": 200, "tools": [WEATHER],
                           "messages": [{"role": "user", "content": "Weather in Lorient?"}]}).encode()
REQUEST = "POST /v1/messages HTTP/1.1\r\nhost: x\r\n" + "".join(f"{k}: {v}\r\n" for k, v in RAW.items())
CHUNKED = f"{len(WEATHER_BODY):x}\r\n".encode() + WEATHER_BODY + b"\r\n0\r\n\r\n"
FRAMINGS = {  # the request's framing headers, its body, whether the client then stops sending
    "content-length past the body sent": (f"content-length: {len(WEATHER_BODY) + 50}", WEATHER_BODY, True),
    "chunked with no last chunk": ("transfer-encoding: chunked",
                                   f"{len(WEATHER_BODY):x}\r\n".encode() + WEATHER_BODY + b"\r\n", True),
    "a chunk shorter than its size": ("transfer-encoding: chunked",
                                      f"{len(WEATHER_BODY) + 40:x}\r\n".encode() + WEATHER_BODY, True),
    "two content-lengths": (f"content-length: {len(WEATHER_BODY)}\r\ncontent-length: 3", WEATHER_BODY, False),
    "content-length with a sign": (f"content-length: +{len(WEATHER_BODY)}", WEATHER_BODY, False),
    "chunked not the only coding": ("transfer-encoding: chunked, gzip", CHUNKED, False),
    "a coding other than chunked": (f"transfer-encoding: gzip\r\ncontent-length: {len(WEATHER_BODY)}",
                                    WEATHER_BODY, False),
    "chunked with a content-length": ("transfer-encoding: chunked\r\ncontent-length: 5", CHUNKED, False),
}


@pytest.mark.parametrize("framing", sorted(FRAMINGS))
def test_a_badly_framed_or_incomplete_body_is_refused_and_the_connection_closed(framing):
    """The HTTP server ran a body shorter than announced, or with invalid framing (RFC 9112 §6.3, §7.1), and kept
    the connection open: each is a JSON 400 with a request_id, the request never reaches the model (hred225)."""
    headers, body, half_close = FRAMINGS[framing]
    transport = PracticeTransport()
    with serving(transport) as port:
        status, error, closed = framed(port, (REQUEST + headers + "\r\n\r\n").encode() + body, half_close)
    assert (status, error["error"]["type"], error["request_id"]) == (400, "invalid_request_error", "req_practice_0001")
    assert closed and transport.calls == 0
    assert error["error"]["message"].split(":")[0] in ("content-length", "transfer-encoding", "chunk size")
