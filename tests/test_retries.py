"""Retries the SDK made and recovered from show in the run's events and timelines, and leave no hooks behind."""

import anthropic

from looplab import faults
from looplab.client import practice_client
from looplab.loop import run_agent
from looplab.practice.script import call
from looplab.replay import record, replay_client
from looplab.tools import tool
from looplab.trace import retries_text, timeline_html, timeline_text
from looplab.widgets.timeline import turns_html

SCRIPT = [call("get_weather", city="Lyon"), "Lyon: 21 °C, cloudy."]


@tool
def get_weather(city: str) -> str:
    """Get the weather in a city.

    Args:
        city: City name.
    """
    return f"{city}: 21 °C, cloudy (simulated)"


def hooks(client):
    """The request and response hooks on the client's httpx2 client, as lists."""
    return {kind: list(found) for kind, found in client._client.event_hooks.items()}


def test_two_overloaded_attempts_show_in_the_events_and_the_timelines():
    """faults.overloaded(times=2) after the first reply: turn 2's model_reply carries [529, 529], shown everywhere."""
    client = practice_client(script=SCRIPT)
    faults.overloaded(client, times=2, after=1)
    run = run_agent(client, "Weather in Lyon?", [get_weather])
    assert run.status == "done"
    assert [e.data["retries"] for e in run.events if e.kind == "model_reply"] == [[], [529, 529]]
    assert "turn 2 · 2 retries (529, 529)" in timeline_text(run).splitlines()
    assert "<p>turn 2 · 2 retries (529, 529)</p>" in timeline_html(run)
    assert "turn 2 · end_turn · 2 retries (529, 529) · " in turns_html(run)


def test_no_retry_no_line():
    """A run without retries shows no retry line."""
    run = run_agent(practice_client(script=SCRIPT), "Weather in Lyon?", [get_weather])
    assert "retr" not in timeline_text(run) and "retr" not in timeline_html(run)


def test_hooks_are_removed_after_the_run_even_on_error():
    """The client's hooks are as before once run_agent returns, after a success and after an API error."""
    client = practice_client(script=SCRIPT, max_retries=1)
    before = hooks(client)
    run_agent(client, "Weather in Lyon?", [get_weather])
    assert hooks(client) == before
    faults.overloaded(client, times=None)
    run = run_agent(client, "Weather in Lyon?", [get_weather])
    assert run.status == "error" and hooks(client) == before
    (error,) = [e.data for e in run.events if e.kind == "error"]
    assert error["attempts"] == [529, 529]


def test_a_replay_client_shows_the_recorded_retries(tmp_path):
    """A recorded session with two 529s replays them: the replay run shows the same retries."""
    live = practice_client(script=SCRIPT)
    faults.overloaded(live, times=2)
    recorded = run_agent(record(live, tmp_path / "session.json"), "Weather in Lyon?", [get_weather])
    replayed = run_agent(replay_client(tmp_path / "session.json"), "Weather in Lyon?", [get_weather])
    assert [e.data["retries"] for e in recorded.events if e.kind == "model_reply"] == [[529, 529], []]
    assert [e.data["retries"] for e in replayed.events if e.kind == "model_reply"] == [[529, 529], []]


def test_a_real_client_that_cannot_connect_counts_attempts_without_a_response():
    """A default anthropic client (its own httpx2 client) on a closed port: two attempts, no response, no hooks left."""
    client = anthropic.Anthropic(api_key="sk-test", base_url="http://127.0.0.1:9", max_retries=1)
    before = hooks(client)
    run = run_agent(client, "Hello?", [])
    (error,) = [e.data for e in run.events if e.kind == "error"]
    assert run.status == "error" and error["attempts"] == [None, None] and hooks(client) == before
    assert error["message"].startswith("APIConnectionError: could not reach 127.0.0.1: check the network")


def test_retries_text():
    """One retry, several, and an attempt that got no response read naturally."""
    assert retries_text([529]) == "1 retry (529)"
    assert retries_text([529, None]) == "2 retries (529, no response)"
