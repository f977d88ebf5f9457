"""Requests Claude refuses with a 400 that the practice model served: structured-output schemas outside the API's
subset, a models.list limit out of range, beta names no API knows (api48 W01, W03-W07, W09, W10, W12-W15, W17,
W19)."""

from __future__ import annotations

import anthropic
import pytest
from pydantic import BaseModel, Field

from looplab.client import MODEL, practice_client

HELLO = [{"role": "user", "content": "Which crates are late, and how many are there?"}]


def refused(call) -> str:
    """The message of the 400 invalid_request_error that `call()` raises."""
    with pytest.raises(anthropic.BadRequestError) as caught:
        call()
    assert caught.value.body["error"]["type"] == "invalid_request_error"
    return caught.value.body["error"]["message"]


def shaped(properties: dict, **extra) -> dict:
    """An object schema with these properties, all required, closed as the API asks."""
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False,
            **extra}


def ask(client, schema: dict):
    """A create call asking for `schema` through output_config.format."""
    return client.messages.create(model=MODEL, max_tokens=200, messages=HELLO,
                                  output_config={"format": {"type": "json_schema", "schema": schema}})


@pytest.mark.parametrize(("schema", "start", "plain"), [
    (shaped({"late": {"type": "integer", "maximum": 50}}),
     "output_config.format.schema.properties.late: For 'integer' type, property 'maximum' is not supported",
     shaped({"late": {"type": "integer"}})),
    (shaped({"weight": {"type": ["number", "null"], "multipleOf": 0.5}}),
     "output_config.format.schema.properties.weight: For 'number' type, property 'multipleOf' is not supported",
     shaped({"weight": {"type": ["number", "null"]}})),
    (shaped({"code": {"type": "string", "maxLength": 8}}),
     "output_config.format.schema.properties.code: For 'string' type, property 'maxLength' is not supported",
     shaped({"code": {"type": "string", "pattern": "^[A-Z]{2}-[0-9]+$"}})),
    (shaped({"crates": {"type": "array", "items": {"type": "string"}, "minItems": 2}}),
     "output_config.format.schema.properties.crates: For 'array' type, 'minItems' values other than 0 or 1 are not "
     "supported", shaped({"crates": {"type": "array", "items": {"type": "string"}, "minItems": 1}})),
    (shaped({"crates": {"type": "array", "items": shaped({"id": {"type": "string"}}), "maxItems": 10}}),
     "output_config.format.schema.properties.crates: For 'array' type, property 'maxItems' is not supported",
     shaped({"crates": {"type": "array", "items": shaped({"id": {"type": "string"}})}})),
    (shaped({"place": shaped({"dock": {"type": "string"}}, additionalProperties={"type": "string"})}),
     "output_config.format.schema.properties.place: For 'object' type, 'additionalProperties' must be explicitly set "
     "to false", shaped({"place": shaped({"dock": {"type": "string"}})})),
    (shaped({"size": {"enum": [["S", "M"], "L"]}}),
     "output_config.format.schema.properties.size.enum: complex types in enum are not supported",
     shaped({"size": {"enum": ["S", "M", "L", None]}})),
    ({"$defs": {"Box": shaped({"label": {"type": "string"}, "inner": {"anyOf": [{"$ref": "#/$defs/Crate"},
                                                                                 {"type": "null"}]}}),
                "Crate": shaped({"box": {"$ref": "#/$defs/Box"}})}, **shaped({"top": {"$ref": "#/$defs/Box"}})},
     "output_config.format.schema: Circular reference detected in schema definitions: Box -> Crate -> Box. ",
     {"$defs": {"Crate": shaped({"id": {"type": "string"}})},
      **shaped({"first": {"$ref": "#/$defs/Crate"}, "second": {"$ref": "#/$defs/Crate"}})})])
def test_a_schema_outside_the_structured_output_subset_is_a_400(schema, start, plain):
    """Structured outputs take a subset of JSON Schema (docs, 'JSON Schema limitations'): the practice model served
    bounds, long minItems, open objects, object enums and recursion, and even enforced them (api48 W01, W03-W07,
    W09, W10); they are the API's 400 now, naming the place (output_format on the beta route), and the schema
    without them is served."""
    client = practice_client(max_retries=0)
    message = refused(lambda: ask(client, schema))
    assert message.startswith(start), message
    beta = refused(lambda: client.beta.messages.create(  # the beta's output_format is named as sent
        model=MODEL, max_tokens=200, messages=HELLO, betas=["structured-outputs-2025-11-13"],
        extra_body={"output_format": {"type": "json_schema", "schema": schema}}))
    assert beta.startswith(start.replace("output_config.format", "output_format")), beta
    assert ask(client, plain).stop_reason in ("end_turn", "refusal")


class Crate(BaseModel):
    """A crate as the SDK's parse sends it: the bounds go into the description."""
    code: str = Field(max_length=8)
    late_days: int = Field(ge=0, le=30)
    tags: list[str] = Field(min_length=2)


def test_parse_still_serves_what_the_raw_schema_is_refused_for():
    """messages.parse strips the bounds SDK-side (transform_schema), so the same model is served there while its raw
    schema is refused (api48 W01)."""
    client = practice_client(max_retries=0)
    raw = {**Crate.model_json_schema(), "additionalProperties": False}
    assert "For 'string' type, property 'maxLength' is not supported" in refused(lambda: ask(client, raw))
    parsed = client.messages.parse(model=MODEL, max_tokens=200, messages=HELLO, output_format=Crate)
    assert parsed.stop_reason in ("end_turn", "refusal")


@pytest.mark.parametrize(("limit", "said"), [
    (0, "limit: Input should be greater than or equal to 1"),
    (-7, "limit: Input should be greater than or equal to 1"),
    (5000, "limit: Input should be less than or equal to 1000"),
    ("ten", "limit: Input should be a valid integer")])
def test_a_models_limit_out_of_range_is_a_400(limit, said):
    """models.list's limit 'Ranges from 1 to 1000' (the SDK's docstring): 0, 1001, -3 and 'abc' were clamped into a
    page (api48 W12-W15); they are a 400 naming limit, and 1000 still gives every model."""
    client = practice_client(max_retries=0)
    assert refused(lambda: client.models.list(extra_query={"limit": limit})).startswith(said)
    assert len(client.models.list(limit=1000).data) == len(client.models.list(limit=3).data) + \
        len(client.models.list(after_id=client.models.list(limit=3).last_id, limit=1000).data)


@pytest.mark.parametrize(("betas", "named"), [
    (["not-a-real-beta"], "`not-a-real-beta`"),
    (["interleaved-thinking-2025-5-14"], "`interleaved-thinking-2025-5-14`"),
    (["compact-2026-09-04", "memory-tool-2026-02-30"], "`memory-tool-2026-02-30`"),
    (["structured-output-2025-11-13"], "`structured-output-2025-11-13`")])
def test_a_beta_name_no_api_knows_is_a_400(betas, named):
    """A beta name that is no feature and date, or a typo of one the SDK lists, was served (api48 W17, W19); the API
    answers 'Unexpected value(s)' for the anthropic-beta header. Names the SDK lists are still served."""
    client = practice_client(max_retries=0)
    options = {"model": MODEL, "messages": [{"role": "user", "content": "hi"}]}
    for call in (lambda: client.beta.messages.create(max_tokens=64, betas=betas, **options),
                 lambda: client.beta.messages.count_tokens(betas=betas, **options)):
        message = refused(call)
        assert message.startswith(f"Unexpected value(s) {named} for the `anthropic-beta` header."), message
    assert "compact-2026-09-04" not in message
    kept = ["structured-outputs-2025-11-13", "interleaved-thinking-2025-05-14", "compact-2026-09-04"]
    assert client.beta.messages.create(max_tokens=64, betas=kept, **options).content
