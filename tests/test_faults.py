"""API faults through the practice transport: the real SDK retries, recovers or gives up, and run_agent reports it."""

import anthropic
import httpx2
import pytest

from looplab import MODEL, faults, practice_client, run_agent, transport_of
from looplab.practice import call
from looplab.tools import tool

TASK = "What is the weather in Lyon?"
SCRIPT = [call("get_weather", city="Lyon"), "Lyon: 21 °C, cloudy."]
RECOVERING = [  # (fault, the SDK's exception when it never recovers)
    (faults.overloaded, anthropic.OverloadedError),
    (faults.rate_limited, anthropic.RateLimitError),
    (faults.server_error, anthropic.InternalServerError),
    (faults.stream_error, anthropic.OverloadedError),  # plain request: the failure arrives as a 529
]
SLOW = [  # no retry-after header on a network error: the SDK backs off ~0.5 s per retry
    (faults.timeout, anthropic.APITimeoutError),
    (faults.connection_reset, anthropic.APIConnectionError),
    (faults.stream_cut, anthropic.APIConnectionError),  # plain request: the body stops half-way
]


def weather_tool():
    """A get_weather tool that counts its executions in `.handler.runs`."""
    runs = []

    @tool
    def get_weather(city: str) -> str:
        """Get the weather in a city.

        Args:
            city: City name.
        """
        runs.append(city)
        return f"{city}: 21 °C, cloudy (simulated)"

    get_weather.handler.runs = runs
    return get_weather


def ran(run):
    """How many tool calls of the run actually executed."""
    return sum(1 for e in run.events if e.kind == "tool_call" and e.data["ran"])


@pytest.mark.parametrize(("fault", "error"), RECOVERING, ids=lambda x: getattr(x, "__name__", ""))
def test_fault_twice_then_recovered_by_sdk_retries(fault, error):
    """Two failed attempts on the first call are retried by the SDK; the run finishes normally."""
    client, weather = practice_client(script=SCRIPT), weather_tool()
    injected = fault(client, times=2)
    run = run_agent(client, TASK, [weather])
    assert run.status == "done" and run.answer == "Lyon: 21 °C, cloudy."
    assert run.turns == 2 and transport_of(client).calls == 4
    assert injected.hits == 2 and injected.retry_counts == [0, 1]
    assert ran(run) == 1 and weather.handler.runs == ["Lyon"]


@pytest.mark.parametrize(("fault", "error"), RECOVERING, ids=lambda x: getattr(x, "__name__", ""))
def test_fault_never_recovering_ends_run_in_error(fault, error):
    """A fault that never recovers: 3 attempts, then status 'error' with the SDK's exception, explained."""
    client, weather = practice_client(script=SCRIPT), weather_tool()
    fault(client, times=None)
    run = run_agent(client, TASK, [weather])
    assert run.status == "error" and isinstance(run.error, error)
    assert run.turns == 1 and transport_of(client).calls == 3 and ran(run) == 0
    kinds = [e.kind for e in run.events]
    assert kinds == ["error", "stop"]
    assert run.events[0].data["error"] == error.__name__
    assert str(run.error.status_code) in run.events[0].data["message"]
    assert "retried" in run.events[1].data["reason"]


@pytest.mark.parametrize(("fault", "error"), SLOW, ids=lambda x: getattr(x, "__name__", ""))
def test_network_fault_once_then_recovered(fault, error):
    """A timeout, reset or cut body on the first attempt is retried once by the SDK; the run finishes."""
    client, weather = practice_client(script=SCRIPT), weather_tool()
    injected = fault(client, times=1)
    run = run_agent(client, TASK, [weather])
    assert run.status == "done" and run.turns == 2 and transport_of(client).calls == 3
    assert injected.hits == 1 and ran(run) == 1


@pytest.mark.parametrize(("fault", "error"), SLOW, ids=lambda x: getattr(x, "__name__", ""))
def test_network_fault_never_recovering_ends_run_in_error(fault, error):
    """With max_retries=1 a network fault that never recovers is tried twice, then status 'error'."""
    client, weather = practice_client(script=SCRIPT, max_retries=1), weather_tool()
    fault(client, times=None)
    run = run_agent(client, TASK, [weather])
    assert run.status == "error" and type(run.error) is error
    assert run.turns == 1 and transport_of(client).calls == 2 and ran(run) == 0
    assert run.events[0].kind == "error" and run.events[0].data["error"] == error.__name__


def test_timeout_is_attempted_three_times_by_default():
    """With the default max_retries=2 a timeout is attempted 3 times (retry counts 0, 1, 2)."""
    client = practice_client(script=SCRIPT)
    injected = faults.timeout(client, times=None)
    run = run_agent(client, TASK, [weather_tool()])
    assert isinstance(run.error, anthropic.APITimeoutError)
    assert transport_of(client).calls == 3 and injected.retry_counts == [0, 1, 2]


@pytest.mark.parametrize(("status", "attempts"), [
    (408, 3), (409, 3), (429, 3), (500, 3), (502, 3), (503, 3), (529, 3),
    (400, 1), (401, 1), (403, 1), (404, 1), (413, 1),
])
def test_attempts_per_status_match_the_sdk_promise(status, attempts):
    """408, 409, 429 and 5xx are attempted 3 times (max_retries=2); other 4xx once."""
    client = practice_client(script=SCRIPT)
    faults.status_error(client, status, times=None)
    run = run_agent(client, TASK, [weather_tool()])
    assert run.status == "error" and run.error.status_code == status
    assert transport_of(client).calls == attempts and run.turns == 1


@pytest.mark.parametrize("status", [429, 500, 529])
def test_should_retry_false_means_one_attempt(status):
    """x-should-retry: false stops the SDK from retrying even a retryable status."""
    client = practice_client(script=SCRIPT)
    faults.status_error(client, status, times=None, retry=False)
    run = run_agent(client, TASK, [weather_tool()])
    assert run.status == "error" and transport_of(client).calls == 1


def test_rate_limit_names_its_wait_in_seconds_as_the_api_does():
    """A participant's own retry reads retry-after (seconds) from the 429; the SDK still waits ~1 ms."""
    client = practice_client(script=SCRIPT, max_retries=0)
    faults.rate_limited(client)
    with pytest.raises(anthropic.RateLimitError) as caught:
        client.messages.create(model=MODEL, max_tokens=100, messages=[{"role": "user", "content": TASK}])
    headers = caught.value.response.headers
    assert headers["retry-after"] == "1" and headers["retry-after-ms"] == "1"


def test_max_retries_sets_the_attempts():
    """max_retries=4 gives 5 attempts; max_retries=0 gives one."""
    for retries in (0, 4):
        client = practice_client(script=SCRIPT, max_retries=retries)
        faults.overloaded(client, times=None)
        run_agent(client, TASK, [weather_tool()])
        assert transport_of(client).calls == retries + 1


@pytest.mark.parametrize("fault", [f for f, _ in RECOVERING + SLOW], ids=lambda f: f.__name__)
def test_retry_of_second_call_never_runs_a_tool_twice(fault):
    """A fault on the second model call (after the tool ran) is retried; the tool still ran once."""
    client, weather = practice_client(script=SCRIPT), weather_tool()
    injected = fault(client, times=1, after=1)
    run = run_agent(client, TASK, [weather])
    transport = transport_of(client)
    assert run.status == "done" and run.turns == 2 and transport.calls == 3
    assert injected.hits == 1 and weather.handler.runs == ["Lyon"] and ran(run) == 1
    assert transport.requests[1] == transport.requests[2]  # the retry resends the same history


def test_truncated_reply_ends_run_without_running_its_tool():
    """truncated: the reply is cut by max_tokens; its tool call is not run; status 'truncated'."""
    client, weather = practice_client(script=[call("get_weather", city="Lyon")]), weather_tool()
    injected = faults.truncated(client)
    run = run_agent(client, TASK, [weather], max_tokens=50)
    assert run.status == "truncated" and run.stop_reason == "max_tokens"
    assert run.turns == 1 and transport_of(client).calls == 1 and injected.hits == 1
    assert weather.handler.runs == [] and run.messages[-1]["content"][0]["input"] == {}
    assert run.usage["output_tokens"] == 50 and "max_tokens=50" in run.events[-1].data["reason"]


def test_truncated_answer_keeps_the_first_half():
    """A cut text answer keeps its first half, at a word boundary; the next reply is whole again."""
    text = "The unpaid invoices are 2026-08-015 and 2026-08-019, 1850 EUR in total."
    client = practice_client(script=[text, text])
    faults.truncated(client)
    run = run_agent(client, "Which invoices are unpaid?", [])
    assert run.status == "truncated" and run.answer == "The unpaid invoices are"
    again = run_agent(client, "Which invoices are unpaid?", [])
    assert again.status == "done" and again.answer == text and transport_of(client).calls == 2


def ask_stream(client):
    """One streamed request, its final message."""
    with client.messages.stream(model=MODEL, max_tokens=50, messages=[{"role": "user", "content": "hi"}]) as s:
        return s.get_final_message()


def test_stream_error_raises_api_status_error_without_retry():
    """An `event: error` mid-stream raises APIStatusError (HTTP 200) and is not retried."""
    client = practice_client(script=["Hello there, this is a longer answer.", "Fine."])
    faults.stream_error(client)
    with pytest.raises(anthropic.APIStatusError) as caught:
        ask_stream(client)
    assert type(caught.value) is anthropic.APIStatusError and caught.value.status_code == 200
    assert caught.value.body["error"]["type"] == "overloaded_error"
    assert transport_of(client).calls == 1
    assert ask_stream(client).content[0].text == "Fine."


def test_stream_cut_breaks_the_stream_like_a_dropped_connection():
    """A stream cut after two deltas raises httpx2.RemoteProtocolError while it is read, as a real one does; no retry."""
    client = practice_client(script=["Hello there, this is a longer answer.", "Fine."])
    faults.stream_cut(client)
    pieces = []
    with pytest.raises(httpx2.RemoteProtocolError, match="peer closed connection"):
        with client.messages.stream(model=MODEL, max_tokens=200, messages=[{"role": "user", "content": TASK}]) as stream:
            pieces.extend(stream.text_stream)
    assert "".join(pieces) == "Hello there, this is a lon"  # 2 of 3 deltas arrived before the cut
    assert transport_of(client).calls == 1
    assert ask_stream(client).stop_reason == "end_turn"


def test_truncated_stream_sends_max_tokens():
    """truncated on a stream: the streamed message is cut and ends with stop_reason max_tokens."""
    client = practice_client(script=[call("get_weather", city="Lyon")])
    faults.truncated(client)
    message = ask_stream(client)
    assert message.stop_reason == "max_tokens" and message.content[0].input == {}


def test_clear_removes_every_fault_and_count_tokens_is_spared():
    """faults.clear empties the transport; count_tokens requests are not spoiled."""
    client = practice_client(script=["Fine."])
    faults.overloaded(client, times=None)
    messages = [{"role": "user", "content": "hi"}]
    assert client.messages.count_tokens(model=MODEL, messages=messages).input_tokens > 0
    faults.clear(client)
    assert run_agent(client, "hi", []).status == "done"
    assert transport_of(client).faults == []


def test_times_must_be_a_count_or_none():
    """times=-1 is refused with a message saying what to pass."""
    with pytest.raises(ValueError, match="times must be a whole number"):
        faults.overloaded(practice_client(), times=-1)
