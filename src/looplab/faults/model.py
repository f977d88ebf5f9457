"""Model faults: script steps for replies that go wrong, and practice clients that misbehave."""

from __future__ import annotations

from looplab.client import practice_client
from looplab.practice.script import call, stop


def cut_answer(text: str) -> dict:
    """A script step: an answer cut by max_tokens; `text` is what arrived before the limit."""
    return stop("max_tokens", text)


def cut_tool_call(name: str, text: str = "") -> dict:
    """A script step: a call to tool `name` cut by max_tokens before its input was written."""
    return stop("max_tokens", text, partial_tool=name)


def refusal(text: str = "") -> dict:
    """A script step: the model declines (stop_reason refusal), with optional text."""
    return stop("refusal", text)


def unknown_tool(name: str, /, **input) -> dict:
    """A script step: a call to a tool `name` that the request did not offer."""
    return call(name, **input)


def bad_input(name: str, /, **input) -> dict:
    """A script step: a call to tool `name` with `input` that breaks its schema (you choose how)."""
    return call(name, **input)


def never_stops(**options):
    """A practice client that keeps calling the first offered tool and never answers."""
    return practice_client(never_stop=True, **options)


def gullible(**options):
    """A practice client that obeys instructions planted in tool results (for the guardrails lessons)."""
    return practice_client(gullible=True, **options)
