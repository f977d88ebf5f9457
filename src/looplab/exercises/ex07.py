"""Exercises of notebook 07: collect a streamed reply; cache a request's system prompt."""

from __future__ import annotations

import json

from looplab.client import MODEL, practice_client
from looplab.exercises import Exercise
from looplab.practice import say, transport_of
from looplab.pricing import cost_usd

GREETING = "Hello! Who are you?"
SCRIPTED = "Streaming arrives in pieces; join them all, in order, with nothing in between."
QUESTIONS = ("What do our articles say about heat pumps in cold climates?", "How do honeybees find food?")


def _text(message) -> str:
    return "".join(block.text for block in message.content if block.type == "text")


def _sent_prompt(body: dict) -> str:
    content = (body.get("messages") or [{}])[-1].get("content")
    if isinstance(content, list):
        return "".join(block.get("text", "") for block in content if isinstance(block, dict))
    return content if isinstance(content, str) else ""


def test_collect_stream(collect_stream) -> str:
    """collect_stream(client, prompt) streams the reply and returns exactly the non-streamed text."""
    if not callable(collect_stream):
        raise AssertionError("pass your function itself: ex07.collect_stream.check(collect_stream)")
    for label, prompt, script in (("a greeting", GREETING, None), ("a scripted reply", "Say anything.", [say(SCRIPTED)])):
        client = practice_client(script=script)
        got = collect_stream(client, prompt)
        body = transport_of(client).requests[-1] if transport_of(client).requests else {}
        if body.get("stream") is not True:
            raise AssertionError("your function did not stream: the request had no 'stream': true; "
                                 "use client.messages.stream(...) and its text_stream")
        if _sent_prompt(body) != prompt:
            raise AssertionError(f"the request sent {_sent_prompt(body)!r} as the user's message, not the prompt {prompt!r}")
        reference = practice_client(script=script).messages.create(
            model=MODEL, max_tokens=1024, messages=[{"role": "user", "content": prompt}])
        full = _text(reference)
        if not isinstance(got, str):
            raise AssertionError(f"collect_stream returned {type(got).__name__}; return the text, a str")
        if got != full:
            raise AssertionError(f"for {label} you returned {len(got)} characters, {got[:50]!r}…, but the full "
                                 f"text has {len(full)}, {full[:50]!r}…; join every text delta, in order, with ''")
    return "the streamed text, joined, is exactly the text a non-streamed call returns."


def test_cached_request(cached_request) -> str:
    """Two requests for different questions: the first writes the cache, the second reads it."""
    if not callable(cached_request):
        raise AssertionError("pass your function itself: ex07.cached_request.check(cached_request)")
    client = practice_client()
    usages = []
    for question in QUESTIONS:
        request = cached_request(question)
        if not isinstance(request, dict):
            raise AssertionError(f"cached_request returned {type(request).__name__}; return the dict of keyword arguments")
        if question not in json.dumps(request.get("messages"), ensure_ascii=False):
            raise AssertionError(f"the messages of cached_request({question!r}) do not contain the question")
        usages.append(client.messages.create(**request).usage)
    first, second = usages
    if not first.cache_creation_input_tokens:
        raise AssertionError("the first call wrote nothing to the cache: put \"cache_control\": "
                             "{\"type\": \"ephemeral\"} on the system prompt block (or the last tool)")
    if not second.cache_read_input_tokens:
        raise AssertionError("the second call read nothing from the cache: the part you mark must be the same "
                             "in both requests; mark the system prompt, not the question")
    plain = {"input_tokens": second.input_tokens + second.cache_read_input_tokens}
    return (f"the second call read {second.cache_read_input_tokens} tokens from the cache: its input cost "
            f"${cost_usd(MODEL, {'input_tokens': second.input_tokens, 'cache_read_input_tokens': second.cache_read_input_tokens}):.6f} "
            f"instead of ${cost_usd(MODEL, plain):.6f} (estimates).")


collect_stream = Exercise(
    "Exercise 7.1 — collect_stream",
    test_collect_stream,
    "Open `with client.messages.stream(model=MODEL, max_tokens=1024, messages=[...]) as stream:` and "
    "join the pieces of stream.text_stream with ''.",
    "def collect_stream(client, prompt):\n"
    '    """Stream the reply to `prompt` and return its text, joined from the deltas."""\n'
    '    messages = [{"role": "user", "content": prompt}]\n'
    "    with client.messages.stream(model=MODEL, max_tokens=1024, messages=messages) as stream:\n"
    '        return "".join(stream.text_stream)',
)

cached_request = Exercise(
    "Exercise 7.2 — cached_request",
    test_cached_request,
    "Make the system prompt a list with one text block, and give that block "
    "\"cache_control\": {\"type\": \"ephemeral\"}; leave the question unmarked.",
    "def cached_request(question):\n"
    '    """Keyword arguments for client.messages.create whose system prompt is cached."""\n'
    '    system = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]\n'
    '    return {"model": MODEL, "max_tokens": 500, "system": system, "tools": tools,\n'
    '            "messages": [{"role": "user", "content": question}]}',
)
