"""The practice model's API as real clients see it: each divergence from Claude found by a hunt with the SDK's
own helpers and raw HTTP requests, kept as a test (each failed before its fix)."""

from __future__ import annotations

from looplab.client import MODEL, practice_client

ORDER = {"name": "record_order", "description": "Record an order.",
         "input_schema": {"type": "object", "properties": {"sku": {"type": "string"}}, "required": ["sku"]}}
HELLO = [{"role": "user", "content": "Hello"}]


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

