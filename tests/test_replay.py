"""record() writes a session's API traffic; replay_client() serves it back, refusing changes."""

import json

import anthropic
import httpx2
import pytest

from looplab import faults
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
    """A request that matches no recorded one is a 400 naming the closest and where it differs, not retried."""
    path = tmp_path / "session.json"
    session(record(practice_client(script=SCRIPT), path))
    with pytest.raises(anthropic.BadRequestError) as caught:
        session(replay_client(path), city_result="Lyon: 30 °C")
    message = caught.value.body["error"]["message"]
    assert message.startswith("replay: no recorded request matches this one (closest: request 2, "
                              "messages[2].content[0].content:")
    assert message.endswith("re-record or run the recorded notebook unchanged")
    assert caught.value.response.headers["x-should-retry"] == "false"


def test_a_request_never_recorded_is_refused_after_the_session(tmp_path):
    """A request the session never sent is refused even when every recorded one was served."""
    path = tmp_path / "session.json"
    session(record(practice_client(script=SCRIPT), path))
    client = replay_client(path)
    session(client)
    with pytest.raises(anthropic.BadRequestError, match="closest: request 1, tools: recorded but not sent"):
        client.messages.create(model=MODEL, max_tokens=99, messages=TASK)


def test_a_session_replayed_twice_gives_the_same_replies(tmp_path):
    """Running the same cells again (a cell re-run on stage) replays the same replies, not a refusal."""
    path = tmp_path / "session.json"
    recorded = session(record(practice_client(script=SCRIPT), path))
    client = replay_client(path)
    assert session(client) == recorded and session(client) == recorded


def test_cells_replay_in_any_order(tmp_path):
    """Requests are matched by content: the second cell first, then the first, both replay."""
    path = tmp_path / "two.json"
    client = record(practice_client(script=["One.", "Two."]), path)
    ask = [{"role": "user", "content": "First?"}], [{"role": "user", "content": "Second?"}]
    first, second = (client.messages.create(model=MODEL, max_tokens=9, messages=m).content[0].text for m in ask)
    replay = replay_client(path)
    assert replay.messages.create(model=MODEL, max_tokens=9, messages=ask[1]).content[0].text == second
    assert replay.messages.create(model=MODEL, max_tokens=9, messages=ask[0]).content[0].text == first


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
    replay = replay_client(path)
    for _ in range(2):  # run again, the cell meets its 529 again, then the recorded success
        assert replay.messages.create(model=MODEL, max_tokens=9, messages=TASK).content[0].text == "Fine."


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


def test_a_run_that_only_fails_keeps_the_recording(tmp_path):
    """Recording again over a good recording keeps it while the new run only fails; its first reply replaces it."""
    path = tmp_path / "session.json"
    recorded = session(record(practice_client(script=SCRIPT), path))
    good = path.read_bytes()
    client = practice_client(script=["Fine."], max_retries=0)
    recorder = record(client, path)
    assert path.read_bytes() == good  # a setup cell run again wipes nothing
    faults.timeout(client)
    with pytest.raises(anthropic.APITimeoutError):
        recorder.messages.create(model=MODEL, max_tokens=9, messages=TASK)
    assert path.read_bytes() == good and session(replay_client(path)) == recorded
    recorder.messages.create(model=MODEL, max_tokens=9, messages=TASK)
    assert [sorted(e) for e in json.loads(path.read_text())["exchanges"]] == [["error", "request"],
                                                                             ["request", "response"]]


SENT = {"method": "POST", "path": "/v1/messages", "body": {"model": MODEL, "max_tokens": 9, "messages": TASK}}
REPLY = {"status": 200, "headers": {}, "text": "{}"}
DAMAGED = [  # (what the file holds, what the message names)
    ({"format": "looplab-replay/1"}, "no list of 'exchanges'"),
    ({"format": "looplab-replay/1", "exchanges": {}}, "no list of 'exchanges'"),
    ({"format": "looplab-replay/1", "exchanges": ["x"]}, "exchange 1 is not an object"),
    ({"format": "looplab-replay/1", "exchanges": [{"response": REPLY}]}, "exchange 1 has no valid 'request'"),
    ({"format": "looplab-replay/1", "exchanges": [{"request": SENT, "response": REPLY}, {"request": SENT}]},
     "exchange 2 has no valid 'response'"),
    ({"format": "looplab-replay/1", "exchanges": [{"request": SENT, "response": {**REPLY, "status": "200"}}]},
     "exchange 1 has no valid 'response'"),
    ({"format": "looplab-replay/1", "exchanges": [{"request": SENT, "error": 7}]}, "exchange 1 has no valid 'error'"),
]


@pytest.mark.parametrize(("data", "problem"), DAMAGED)
def test_a_damaged_recording_is_one_line_naming_the_file(tmp_path, data, problem):
    """A recording missing a key or holding the wrong type is refused when loaded, naming the file and the fix."""
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError) as caught:
        replay_client(path)
    message = str(caught.value)
    assert message == (f"replay: '{path}' is damaged ({problem}); record it again (make rehearse, or "
                       "looplab.record(client, path)), or unset LOOPLAB_REPLAY")


def test_a_cut_recording_is_one_line_naming_the_file(tmp_path):
    """A recording cut off mid-file is refused naming the file and saying to record one."""
    path = tmp_path / "cut.json"
    session(record(practice_client(script=SCRIPT), path))
    path.write_text(path.read_text()[:200])
    with pytest.raises(ValueError, match="is not valid JSON .*record one with looplab.record") as caught:
        replay_client(path)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


def test_a_body_cut_half_way_is_replayed_cut(tmp_path):
    """A reply whose body broke off while read raises on replay as it did when recorded, not a 400 refusal."""
    path = tmp_path / "cut.json"
    client = practice_client(script=["Fine."], max_retries=0)
    faults.stream_cut(client)
    with pytest.raises(anthropic.APIConnectionError):
        record(client, path).messages.create(model=MODEL, max_tokens=9, messages=TASK)
    with pytest.raises(anthropic.APIConnectionError):
        replay_client(path, max_retries=0).messages.create(model=MODEL, max_tokens=9, messages=TASK)


def test_a_stream_cut_half_way_is_replayed_cut(tmp_path):
    """A stream whose connection dropped shows the same text, then raises the same error, live and on replay."""
    path = tmp_path / "cut.json"

    def streamed(client):
        pieces = []
        with pytest.raises(httpx2.RemoteProtocolError):
            with client.messages.stream(model=MODEL, max_tokens=99, messages=TASK) as stream:
                pieces.extend(stream.text_stream)
        return "".join(pieces)

    client = practice_client(script=["Hello there, this is a longer answer."], max_retries=0)
    faults.stream_cut(client)
    shown = streamed(record(client, path))
    assert shown == "Hello there, this is a lon" and streamed(replay_client(path, max_retries=0)) == shown


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


def outputs(nb) -> list[str]:
    """Each code cell's outputs as JSON text, in order (execution counts left out)."""
    return [json.dumps([{k: v for k, v in o.items() if k != "execution_count"} for o in c.outputs], sort_keys=True)
            for c in nb.cells if c.cell_type == "code"]


@pytest.mark.e2e
def test_a_replayed_notebook_with_a_cell_run_twice_shows_what_was_recorded(tmp_path, monkeypatch):
    """Notebook 02 recorded, then replayed with its invoice-agent cell run twice: nothing refused, same outputs."""
    import shutil
    import sys
    from pathlib import Path

    import nbformat

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "scripts"))
    from run_notebooks import execute

    shutil.copytree(root / "notebooks" / "data", tmp_path / "data")
    shutil.copy(root / "notebooks" / "02_the_loop.ipynb", tmp_path)
    recording = tmp_path / "02_the_loop.json"
    monkeypatch.setenv("LOOPLAB_OFFLINE", "1")
    monkeypatch.setenv("LOOPLAB_RECORD", str(recording))
    recorded = execute(tmp_path / "02_the_loop.ipynb")
    monkeypatch.delenv("LOOPLAB_RECORD")
    monkeypatch.setenv("LOOPLAB_REPLAY", str(recording))
    again = nbformat.read(tmp_path / "02_the_loop.ipynb", as_version=4)
    twice = next(i for i, c in enumerate(again.cells) if c.id == "nb02-40")
    copy = nbformat.v4.new_code_cell(again.cells[twice].source)
    again.cells.insert(twice + 1, copy)
    nbformat.write(again, tmp_path / "02_the_loop.ipynb")
    replayed = execute(tmp_path / "02_the_loop.ipynb")
    shown = outputs(replayed)
    assert "replay:" not in "".join(shown)
    backend = 0  # the setup cell names the backend: the one output that must differ
    assert "replay of a recorded session" in shown[backend]
    index = [c.id for c in replayed.cells if c.cell_type == "code"].index("nb02-40")
    assert shown[index + 1] == shown[index]
    assert shown[1:index + 1] + shown[index + 2:] == outputs(recorded)[1:]


def test_the_guides_record_lines_work_in_notebook_02(tmp_path, monkeypatch):
    """The two lines docs/instructors.md adds to 02's setup cell record to logs/rehearsal, as written."""
    import re
    import textwrap
    from pathlib import Path

    import nbformat

    root = Path(__file__).resolve().parent.parent
    guide = (root / "docs" / "instructors.md").read_text(encoding="utf-8")
    section = guide.split("## Rehearsal and replay", 1)[1].split("\n## ", 1)[0]
    lines = textwrap.dedent(re.search(r"```python\n(.*?)```", section, re.S).group(1))
    nb = nbformat.read(root / "notebooks" / "02_the_loop.ipynb", as_version=4)
    setup = next(c.source for c in nb.cells if c.cell_type == "code")
    (tmp_path / "notebooks").mkdir()
    monkeypatch.chdir(tmp_path / "notebooks")
    monkeypatch.setenv("LOOPLAB_OFFLINE", "1")
    namespace = {}
    exec(compile(setup + "\n" + lines, "02 setup cell", "exec"), namespace)  # the guide's own text
    namespace["client"].messages.create(model=MODEL, max_tokens=99, messages=TASK)
    recorded = json.loads((tmp_path / "logs" / "rehearsal" / "02_the_loop.json").read_text())
    assert recorded["exchanges"][0]["request"]["body"]["messages"] == TASK
