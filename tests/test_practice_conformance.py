"""The conformance table is true: every SDK field has a row, and each row's claim holds in a request."""

from pathlib import Path

import anthropic
import pytest

from looplab.client import MODEL, practice_client
from looplab.practice.conformance import FIELDS, SAMPLING, table
from looplab.practice.shapes import request_fields
from looplab.samples import weather_and_calc

ROOT = Path(__file__).resolve().parent.parent
TOOLS = [t.to_api() for t in weather_and_calc()]
BASE = {"model": MODEL, "max_tokens": 4096, "tools": TOOLS,
        "messages": [{"role": "user", "content": "What is the weather in Lyon?"}]}
HONOURED = {  # a value for each honoured field that must change the reply
    "cache_control": {"type": "ephemeral"},
    "max_tokens": 5,
    "messages": [{"role": "user", "content": "What is 6 * 7?"}],
    "model": "claude-sonnet-5",
    "output_config": {"format": {"type": "json_schema", "schema": {"type": "object", "properties": {"a": {"type": "string"}},
                                                                 "additionalProperties": False}}},
    "stop_sequences": ["get_weather"],
    "system": "Never call get_weather.",
    "thinking": {"type": "adaptive"},
    "tool_choice": {"type": "none"},
    "tools": [TOOLS[1]],
}
VALIDATED = {  # (a valid value that must change nothing, a malformed one that must be a 400)
    "container": ("container_abc", 5),
    "diagnostics": ({"previous_message_id": None}, "yes"),
    "inference_geo": ("us", 5),
    "metadata": ({"user_id": "u-1"}, {"user": "u-1"}),
    "service_tier": ("auto", "gold"),
    "speed": ("fast", "warp"),
    "user_profile_id": ("p-1", 5),
    "workspace_id": ("w-1", 5),
    "temperature": (0, "hot"),
    "top_p": (0.9, "most"),
    "top_k": (5, 0.5),
}


OLD = "claude-haiku-4-5"  # takes the sampling fields (claude-opus-5 refuses them: tests/test_practice_catalogue.py)


def send(body: dict) -> dict:
    """The reply to `body` from a fresh practice client, as a dict (so two replies compare); sampling fields go
    with anthropic-version 2023-06-01, the API version that takes them."""
    headers = {"anthropic-version": "2023-06-01"} if body.keys() & SAMPLING else {}
    client = practice_client(default_headers=headers)
    return client.post("/v1/messages", body=body, cast_to=anthropic.types.Message).to_dict()


def test_every_sdk_field_has_exactly_one_row():
    """The table's rows are the SDK's MessageCreateParams fields, no more, no fewer."""
    assert sorted(FIELDS) == request_fields()


def test_the_docs_show_the_table_as_the_code_has_it():
    """docs/conformance.md holds the table the code generates (regenerate it if this fails)."""
    assert table() in (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")


def test_every_row_is_tested_here():
    """Each honoured field has a value that changes the reply; each validated one a pair of values."""
    honoured = {f for f, (status, _) in {**FIELDS, **SAMPLING}.items() if status == "honoured"}
    validated = {f for f, (status, _) in {**FIELDS, **SAMPLING}.items() if status == "validated"}
    assert honoured - {"stream"} == set(HONOURED) and validated == set(VALIDATED)


@pytest.mark.parametrize("field", sorted(HONOURED))
def test_an_honoured_field_changes_the_reply(field):
    """Setting the field gives another reply than the same request without it."""
    assert send({**BASE, field: HONOURED[field]}) != send(BASE)


@pytest.mark.parametrize("field", sorted(VALIDATED))
def test_a_validated_field_is_checked_and_changes_nothing(field):
    """A valid value leaves the reply's content as it was; a malformed one is a 400 naming the field."""
    good, bad = VALIDATED[field]
    base = {**BASE, "model": OLD} if field in SAMPLING else BASE
    with_it, without = send({**base, field: good}), send(base)
    assert (with_it["content"], with_it["stop_reason"]) == (without["content"], without["stop_reason"])
    with pytest.raises(anthropic.BadRequestError) as caught:
        send({**base, field: bad})
    assert caught.value.body["error"]["message"].startswith(field)
