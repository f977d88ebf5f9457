"""record() writes a session's API traffic; replay_client() serves it back, refusing changes."""

import json

import anthropic
import httpx2
import pytest

from looplab.client import MODEL, practice_client
from looplab.practice import transport_of
from looplab.practice.script import call
from looplab.replay import first_difference, record, replay_client

WEATHER = {"name": "get_weather", "description": "Current weather in a city.",
           "input_schema": {"type": "object", "properties": {"city": {"type": "string"}},
                            "required": ["city"]}}
TASK = [{"role": "user", "content": "What is the weather in Lyon?"}]
SCRIPT = [call("get_weather", city="Lyon"), "Lyon: 21 °C."]


def session(client, city_result="Lyon: 21 °C"):
    """A two-turn tool session; returns the replies as dicts."""
    first = client.messages.create(model=MODEL, max_tokens=99, messages=TASK, tools=[WEATHER])
    history = [*TASK, {"role": "assistant", "content": first.content},
               {"role": "user", "content": [{"type": "tool_result", "tool_use_id": first.content[0].id,
                                             "content": city_result}]}]
    second = client.messages.create(model=MODEL, max_tokens=99, messages=history, tools=[WEATHER])
    return [first.model_dump(), second.model_dump()]


def test_replay_gives_the_recorded_replies(tmp_path):
    """A replayed session returns exactly what the recorded one returned."""
    path = tmp_path / "session.json"
    recorded = session(record(practice_client(script=SCRIPT), path))
    assert session(replay_client(path)) == recorded


def test_recording_file_holds_bodies_and_no_key(tmp_path):
    """The file lists each request body and response, and no API key or volatile header."""
    path = tmp_path / "session.json"
    session(record(practice_client(script=SCRIPT), path))
    text = path.read_text()
    data = json.loads(text)
    assert data["format"] == "looplab-replay/1" and len(data["exchanges"]) == 2
    assert data["exchanges"][0]["request"]["body"]["messages"] == TASK
    assert "practice-model" not in text and "x-stainless" not in text


def test_changed_request_is_refused_once(tmp_path):
    """A request that differs from the recording is a 400 naming where it differs, not retried."""
    path = tmp_path / "session.json"
    session(record(practice_client(script=SCRIPT), path))
    with pytest.raises(anthropic.BadRequestError) as caught:
        session(replay_client(path), city_result="Lyon: 30 °C")
    message = caught.value.body["error"]["message"]
    assert message.startswith("replay: request 2 differs from the recording (messages[2].content[0].content:")
    assert message.endswith("re-record or run the recorded notebook unchanged")
    assert caught.value.response.headers["x-should-retry"] == "false"


def test_request_beyond_the_recording_is_refused(tmp_path):
    """Asking more than was recorded says the recording is over."""
    path = tmp_path / "session.json"
    session(record(practice_client(script=SCRIPT), path))
    client = replay_client(path)
    session(client)
    with pytest.raises(anthropic.BadRequestError, match="beyond the recording"):
        client.messages.create(model=MODEL, max_tokens=99, messages=TASK)


def test_streams_are_recorded_and_replayed(tmp_path):
    """A streamed reply is stored as SSE text and streams back identically."""
    path = tmp_path / "stream.json"

    def streamed(client):
        with client.messages.stream(model=MODEL, max_tokens=99, messages=TASK, tools=[WEATHER]) as stream:
            return stream.get_final_message().model_dump()

    recorded = streamed(record(practice_client(script=SCRIPT), path))
    assert "event: message_start" in json.loads(path.read_text())["exchanges"][0]["response"]["text"]
    assert streamed(replay_client(path)) == recorded


class FailOnce:
    """Test fault: the first attempt is overloaded."""

    def __init__(self):
        self.fired = False

    def before(self, request, body):
        if not self.fired:
            self.fired = True
            return httpx2.Response(529, headers={"retry-after-ms": "1"},
                                   json={"type": "error", "error": {"type": "overloaded_error", "message": "busy"}})
        return None


def test_retries_are_recorded_and_replayed(tmp_path):
    """A failed attempt and its retry are both recorded, and replay goes through them again."""
    path = tmp_path / "retry.json"
    client = practice_client(script=["Fine."])
    transport_of(client).add_fault(FailOnce())
    recorder = record(client, path)
    assert transport_of(recorder) is transport_of(client)
    recorder.messages.create(model=MODEL, max_tokens=9, messages=TASK)
    statuses = [e["response"]["status"] for e in json.loads(path.read_text())["exchanges"]]
    assert statuses == [529, 200]
    reply = replay_client(path).messages.create(model=MODEL, max_tokens=9, messages=TASK)
    assert reply.content[0].text == "Fine."


def test_transport_errors_are_replayed(tmp_path):
    """A timeout during recording raises APITimeoutError again on replay."""
    class Timeout:
        def before(self, request, body):
            raise httpx2.ReadTimeout("slow", request=request)

    path = tmp_path / "timeout.json"
    client = practice_client(max_retries=0)
    transport_of(client).add_fault(Timeout())
    with pytest.raises(anthropic.APITimeoutError):
        record(client, path).messages.create(model=MODEL, max_tokens=9, messages=TASK)
    with pytest.raises(anthropic.APITimeoutError):
        replay_client(path, max_retries=0).messages.create(model=MODEL, max_tokens=9, messages=TASK)


def test_not_a_recording_is_refused(tmp_path):
    """replay_client on a JSON file that is not a recording says how to make one."""
    path = tmp_path / "other.json"
    path.write_text("{}")
    with pytest.raises(ValueError, match=r"record one with looplab.record\(client, path\)"):
        replay_client(path)


def test_first_difference_names_the_path():
    """first_difference points at the first differing key or item."""
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == "a[1].b: 2 recorded, 3 sent"
    assert first_difference({"a": [1]}, {"a": [1, 2]}) == "a: 1 items recorded, 2 sent"
    assert first_difference({"a": 1}, {"a": 1, "z": 0}) == "z: sent but not recorded"
    assert first_difference({"a": [1]}, {"a": [1]}) is None


def test_recording_over_real_http(tmp_path):
    """RecordingTransport around httpx2.HTTPTransport records a real HTTP session (loopback server)."""
    import threading

    from looplab.practice.server import make_server
    from looplab.practice.transport import PracticeTransport
    from looplab.replay import RecordingTransport

    server = make_server(0, PracticeTransport(script=SCRIPT))
    worker = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    worker.start()
    path = tmp_path / "http.json"
    try:
        client = anthropic.Anthropic(
            api_key="any", base_url=f"http://127.0.0.1:{server.server_address[1]}", max_retries=0,
            http_client=httpx2.Client(transport=RecordingTransport(httpx2.HTTPTransport(), path)))
        recorded = session(client)
    finally:
        server.shutdown()
        server.server_close()
        worker.join(timeout=30)
    assert session(replay_client(path)) == recorded


def test_make_client_replays_when_asked(tmp_path, monkeypatch, capsys):
    """LOOPLAB_REPLAY=file makes make_client answer from that recording."""
    from looplab.client import make_client

    path = tmp_path / "session.json"
    recorded = session(record(practice_client(script=SCRIPT), path))
    monkeypatch.setenv("LOOPLAB_REPLAY", str(path))
    assert session(make_client()) == recorded
    assert capsys.readouterr().out == "Backend: replay of a recorded session (LOOPLAB_REPLAY).\n"


def test_recording_creates_its_folder(tmp_path):
    """record() makes the folder of its file when it does not exist yet."""
    path = tmp_path / "new" / "deeper" / "session.json"
    record(practice_client(script=["Hi."]), path)
    assert path.exists()


def test_a_replayed_retry_does_not_wait(tmp_path):
    """A recorded 429 that asked for 30 s is replayed with a 1 ms wait, then the recorded success."""
    import time

    class SlowDown:
        def __init__(self):
            self.fired = False

        def before(self, request, body):
            if not self.fired:
                self.fired = True
                return httpx2.Response(429, headers={"retry-after-ms": "1"}, json={
                    "type": "error", "error": {"type": "rate_limit_error", "message": "slow down"}})
            return None

    path = tmp_path / "retry.json"
    client = practice_client(script=["Fine."])
    transport_of(client).add_fault(SlowDown())
    record(client, path).messages.create(model=MODEL, max_tokens=9, messages=TASK)
    data = json.loads(path.read_text())
    data["exchanges"][0]["response"]["headers"] = {"retry-after": "30"}  # as the API may ask
    path.write_text(json.dumps(data))
    started = time.monotonic()
    reply = replay_client(path).messages.create(model=MODEL, max_tokens=9, messages=TASK)
    assert reply.content[0].text == "Fine." and time.monotonic() - started < 20  # the recorded retry-after asks for 30 s
