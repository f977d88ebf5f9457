"""Each model id answers as that Claude model does: the catalogue's rules, and the checks the SDK's types cannot make."""

import base64

import anthropic
import pytest

from looplab.client import practice_client
from looplab.practice.models import CATALOGUE, known_models, row

NEW, OLD = "claude-opus-5", "claude-haiku-4-5"  # 4.7 and later / the 4.5 family
TASK = [{"role": "user", "content": "What is 6 * 7?"}]
OLD_API = {"anthropic-version": "2023-06-01"}  # the API version that still takes sampling fields (the SDK sends 2026-10-21)
CALC = {"name": "calculator", "description": "Evaluate arithmetic.",
        "input_schema": {"type": "object", "properties": {"expression": {"type": "string"}},
                         "required": ["expression"]}}
PNG = b"\x89PNG\r\n\x1a\n" + bytes(24)


def ask(model=NEW, messages=TASK, client=None, **options):
    """One messages.create call on `model`."""
    options.setdefault("max_tokens", 2048)
    return (client or practice_client()).messages.create(model=model, messages=messages, **options)


def refused(**request) -> str:
    """The message of the 400 invalid_request_error that the request gets."""
    with pytest.raises(anthropic.BadRequestError) as caught:
        ask(**request)
    assert caught.value.body["error"]["type"] == "invalid_request_error"
    return caught.value.body["error"]["message"]


def test_every_model_id_has_a_row_with_its_source():
    """The catalogue covers every id the SDK lists, and each row names where its facts come from."""
    assert all(row(model) for model in known_models())
    assert all("platform.claude.com/docs" in entry.source for entry in CATALOGUE.values())
    assert (row(NEW).prefill, row(NEW).sampling, row(NEW).thinking) == (False, False, ("adaptive",))
    assert (row(OLD).prefill, row(OLD).sampling, row(OLD).thinking) == (True, True, ("enabled",))


def test_models_retrieve_reports_the_rows_limits():
    """GET /v1/models/{id} gives the row's context window and output limit."""
    info = practice_client().models.retrieve(OLD)
    assert (info.max_input_tokens, info.max_tokens) == (200_000, 64_000)


PREFILL = [*TASK, {"role": "assistant", "content": "The practice model"}]
CELLS = {  # what a notebook cell would send, and the start of Claude's 400 on claude-opus-5
    "prefill": ({"messages": PREFILL}, "messages[1]: This model does not support assistant message prefill."),
    "temperature": ({"extra_body": {"temperature": 0.2}, "extra_headers": OLD_API},
                    "temperature: `temperature` is deprecated for this model"),
    "top_k": ({"extra_body": {"top_k": 5}, "extra_headers": OLD_API}, "top_k: `top_k` is deprecated for this model"),
    "thinking budget": ({"thinking": {"type": "enabled", "budget_tokens": 1024}},
                        "thinking.type: 'enabled' thinking is not supported for this model"),
}


@pytest.mark.parametrize("cell", sorted(CELLS))
def test_a_cell_refused_by_claude_opus_5_is_refused_here_and_works_on_a_model_that_takes_it(cell):
    """Prefill, sampling parameters and a thinking budget: a 400 on claude-opus-5, a reply on claude-haiku-4-5."""
    request, start = CELLS[cell]
    assert refused(model=NEW, **request).startswith(start)
    assert ask(model=OLD, **request).stop_reason == "end_turn"


def test_a_prefill_is_continued_not_repeated():
    """Where prefill is accepted the reply continues it: prefill + reply is the reply without prefill."""
    whole = ask(model=OLD).content[0].text
    continued = ask(model=OLD, messages=PREFILL).content[0].text
    assert whole.startswith("The practice model") and "The practice model" + continued == whole


def test_a_prefill_ending_in_a_space_is_refused():
    """A prefill with trailing whitespace is a 400, as on Claude."""
    messages = [*TASK, {"role": "assistant", "content": "The answer is "}]
    assert "cannot end with trailing whitespace" in refused(model=OLD, messages=messages)


@pytest.mark.parametrize(("extra", "start"), [
    ({"temperature": 1.5}, "temperature: 1.5 is out of range; write a number from 0 to 1"),
    ({"top_p": -0.1}, "top_p: -0.1 is out of range"),
    ({"temperature": 0.5, "top_p": 0.9}, "top_p: `temperature` and `top_p` cannot both be specified"),
])
def test_sampling_values_are_checked_where_they_are_accepted(extra, start):
    """temperature and top_p lie in 0-1, and only one of them is given."""
    assert refused(model=OLD, extra_body=extra, extra_headers=OLD_API).startswith(start)


def test_adaptive_thinking_is_omitted_by_default_on_new_models_and_goes_back_signed():
    """claude-opus-5: thinking blocks come with empty text and a signature; sent back, they are accepted."""
    client = practice_client()
    options = {"client": client, "tools": [CALC], "thinking": {"type": "adaptive"}}
    first = ask(**options)
    thought, use = first.content[0], first.content[-1]
    assert (thought.type, thought.thinking, bool(thought.signature)) == ("thinking", "", True)
    history = [*TASK, {"role": "assistant", "content": first.content},
               {"role": "user", "content": [{"type": "tool_result", "tool_use_id": use.id, "content": "42"}]}]
    assert "42" in ask(messages=history, **options).content[-1].text
    shown = ask(tools=[CALC], thinking={"type": "adaptive", "display": "summarized"}).content[0]
    assert shown.thinking and shown.signature == thought.signature


def test_display_omitted_is_honoured_on_old_models_and_adaptive_refused_there():
    """claude-haiku-4-5 shows thinking unless display is omitted; it takes no adaptive thinking."""
    thinking = {"type": "enabled", "budget_tokens": 1024}
    assert ask(model=OLD, thinking=thinking).content[0].thinking
    assert ask(model=OLD, thinking={**thinking, "display": "omitted"}).content[0].thinking == ""
    assert refused(model=OLD, thinking={"type": "adaptive"}).startswith("thinking.type: 'adaptive'")


def test_max_tokens_is_bounded_by_the_models_output_limit():
    """64 000 output tokens on claude-haiku-4-5, 128 000 on claude-opus-5."""
    assert refused(model=OLD, max_tokens=64_001, timeout=60).startswith(
        "max_tokens: 64001 > 64000, which is the maximum allowed number of output tokens for claude-haiku-4-5")
    with practice_client().messages.stream(model=NEW, max_tokens=128_000, messages=TASK) as stream:
        assert stream.get_final_message().stop_reason == "end_turn"  # the SDK streams so long a reply


def test_a_prompt_beyond_the_context_window_is_refused_with_the_apis_words():
    """claude-haiku-4-5 has 200 000 tokens of context: a longer prompt is 'prompt is too long' (count_tokens still counts it)."""
    messages = [{"role": "user", "content": "word " * 180_000}]
    assert refused(model=OLD, messages=messages).startswith("prompt is too long: 225004 tokens > 200000 maximum")
    assert practice_client().messages.count_tokens(model=OLD, messages=messages).input_tokens == 225004


def image(data: bytes, media_type: str) -> list:
    """A user message with one base64 image and a question."""
    source = {"type": "base64", "media_type": media_type, "data": base64.b64encode(data).decode()}
    return [{"role": "user", "content": [{"type": "image", "source": source},
                                         {"type": "text", "text": "What is in this image?"}]}]


def test_image_bytes_must_match_their_media_type():
    """A PNG sent as image/jpeg, or data that is not base64, is a 400 naming the block."""
    assert ask(messages=image(PNG, "image/png")).stop_reason == "end_turn"
    assert refused(messages=image(PNG, "image/jpeg")).startswith(
        "messages[0].content[0].source: The image was specified using the image/jpeg media type, but the image "
        "appears to be a image/png image")
    broken = image(PNG, "image/png")
    broken[0]["content"][0]["source"]["data"] = "not base64!"
    assert refused(messages=broken).startswith("messages[0].content[0].source.data: the image data is not valid base64")


@pytest.mark.parametrize(("messages", "start"), [
    ([{"role": "user", "content": ""}], "messages[0]: all messages must have non-empty content"),
    ([*TASK, {"role": "assistant", "content": []}, *TASK], "messages[1]: all messages must have non-empty content"),
    ([{"role": "user", "content": [{"type": "text", "text": ""}]}], "messages[0].content[0].text: text content blocks must be non-empty"),
    ([{"role": "user", "content": [{"type": "text", "text": "  "}]}], "messages[0].content[0].text: text content blocks must contain non-whitespace text"),
])
def test_empty_content_and_empty_text_blocks_are_refused(messages, start):
    """The loop bug of an empty message or text block is a 400 naming the message."""
    assert refused(messages=messages).startswith(start)


def test_tool_names_follow_the_apis_pattern():
    """A tool name with a space or a dot is a 400 quoting the pattern."""
    bad = {**CALC, "name": "my calculator"}
    assert refused(tools=[bad]).startswith("tools[0].name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'")


def test_consecutive_turns_of_one_role_are_merged_and_a_first_assistant_message_accepted():
    """Two user messages in a row are one turn, as the API merges them; the task may follow an assistant greeting."""
    split = [{"role": "user", "content": "What is"}, {"role": "user", "content": "6 * 7?"}]
    assert ask(messages=split, tools=[CALC]).content[-1].input == {"expression": "6 * 7"}
    greeted = [{"role": "assistant", "content": "Hello! What shall I compute?"}, *TASK]
    assert ask(messages=greeted, tools=[CALC]).stop_reason == "tool_use"


def test_every_error_body_carries_the_request_id_of_its_response():
    """The JSON error has request_id, the same as the request-id header, counted per client."""
    client = practice_client()
    ask(client=client)
    with pytest.raises(anthropic.NotFoundError) as caught:
        ask(client=client, model="claude-opus-5-typo")
    assert caught.value.body["request_id"] == caught.value.response.headers["request-id"] == "req_practice_0002"


def test_a_body_over_32_mb_is_a_413_the_sdk_names():
    """Over the API's 32 MB request limit: ContentTooLargeError, with the API's JSON body, not retried."""
    client = practice_client(max_retries=0)
    with pytest.raises(anthropic.APIStatusError) as caught:
        ask(client=client, messages=[{"role": "user", "content": "x" * (33 * 1024 * 1024)}])
    assert (caught.value.status_code, type(caught.value).__name__) == (413, "ContentTooLargeError")
    assert caught.value.body["error"]["type"] == "request_too_large" and caught.value.body["request_id"]
