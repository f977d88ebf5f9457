"""make rehearse: every workshop notebook on a live backend, recorded, replayed, with a table."""

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import anthropic
import pytest

from looplab.client import MODEL, make_client, practice_client
from looplab.rehearsal import classify, failed_calls, summarize
from looplab.replay import record, replay_client

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from rehearse import check_model, table  # noqa: E402

TASK = [{"role": "user", "content": "What is the weather in Lyon?"}]


def ask(client, text="What is the weather in Lyon?"):
    """One request; the reply's text."""
    reply = client.messages.create(model=MODEL, max_tokens=99, messages=[{"role": "user", "content": text}])
    return reply.content[0].text


def two_notebooks(folder):
    """Record two 'notebooks' whose first request is the same but whose replies differ."""
    ask(record(practice_client(script=["Sunny (a).", "Second (a)."]), folder / "01_a.json"))
    client = record(practice_client(script=["Rain (b).", "Second (b)."]), folder / "02_b.json")
    ask(client), ask(client, "And tomorrow?")


def test_folder_replay_serves_the_running_notebook_its_own_replies(tmp_path, monkeypatch):
    """With a folder, the notebook Jupyter names (JPY_SESSION_NAME) gets its own recording first."""
    two_notebooks(tmp_path)
    monkeypatch.setenv("JPY_SESSION_NAME", str(tmp_path / "work" / "02_b.ipynb"))
    client = replay_client(tmp_path)
    assert [ask(client), ask(client, "And tomorrow?")] == ["Rain (b).", "Second (b)."]


def test_folder_replay_is_shared_by_every_client_of_the_process(tmp_path, monkeypatch):
    """A second client made mid-notebook goes on where the first stopped, and a cell run again replays."""
    two_notebooks(tmp_path)
    monkeypatch.setenv("JPY_SESSION_NAME", "02_b.ipynb")
    assert ask(replay_client(tmp_path)) == "Rain (b)."
    assert ask(replay_client(tmp_path), "And tomorrow?") == "Second (b)."
    assert ask(replay_client(tmp_path)) == "Rain (b)."


def test_folder_replay_goes_past_a_cell_not_run(tmp_path, monkeypatch):
    """Skipping a cell on the day skips its recorded exchange; the next cell still replays."""
    two_notebooks(tmp_path)
    monkeypatch.setenv("JPY_SESSION_NAME", "02_b.ipynb")
    assert ask(replay_client(tmp_path), "And tomorrow?") == "Second (b)."


def test_folder_replay_refuses_a_request_naming_the_closest_recording(tmp_path, monkeypatch):
    """A request no recording holds is a 400 naming the closest recording and where it differs."""
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    two_notebooks(tmp_path)
    with pytest.raises(anthropic.BadRequestError) as caught:
        ask(replay_client(tmp_path), "And the day after?")
    message = caught.value.body["error"]["message"]
    assert message.startswith(f"replay: this request matches no recording in '{tmp_path}' (closest: ")
    assert "messages[0].content: " in message and "And the day after?" in message
    assert message.endswith("re-record or run the recorded notebook unchanged")


def test_a_file_replays_a_cell_skipped_or_run_again(tmp_path):
    """A single recording serves its requests by content: one skipped, one run twice, one out of order."""
    path = tmp_path / "session.json"
    client = record(practice_client(script=["One.", "Two."]), path)
    ask(client), ask(client, "Again?")
    replay = replay_client(path)
    assert [ask(replay, "Again?"), ask(replay, "Again?"), ask(replay)] == ["Two.", "Two.", "One."]


def test_appending_clients_share_one_recording(tmp_path):
    """Two clients recording with append=True to one file both land in it, in order."""
    path = tmp_path / "nb.json"
    ask(record(practice_client(script=["A."]), path, append=True))
    ask(record(practice_client(script=["B."]), path, append=True), "Next?")
    exchanges = json.loads(path.read_text())["exchanges"]
    assert [e["request"]["body"]["messages"][0]["content"] for e in exchanges] == [
        "What is the weather in Lyon?", "Next?"]


def test_make_client_records_under_looplab_record(tmp_path, monkeypatch):
    """LOOPLAB_RECORD=file makes make_client's client add its traffic to that file."""
    path = tmp_path / "00_x.json"
    monkeypatch.setenv("LOOPLAB_RECORD", str(path))
    ask(make_client(quiet=True))
    assert summarize(json.loads(path.read_text())["exchanges"])["calls"] == 1


def test_summary_counts_calls_tokens_and_cost_of_json_and_streams(tmp_path):
    """Calls, tokens and cost come from the recorded replies, streamed or not."""
    path = tmp_path / "nb.json"
    client = record(practice_client(script=["Hello there.", "Streamed."]), path)
    reply = client.messages.create(model=MODEL, max_tokens=99, messages=TASK)
    with client.messages.stream(model=MODEL, max_tokens=99, messages=TASK) as stream:
        streamed = stream.get_final_message()
    summary = summarize(json.loads(path.read_text())["exchanges"])
    usages = [reply.usage, streamed.usage]
    assert summary["calls"] == 2
    assert summary["tokens"] == sum(u.input_tokens + u.output_tokens for u in usages)
    assert summary["cost"] > 0


def test_a_stream_that_broke_off_counts_as_a_call_without_tokens():
    """A recorded stream cut mid-line (the body broke while read) is a call with no tokens, not a crash."""
    request = {"method": "POST", "path": "/v1/messages", "body": {"model": MODEL}}
    cut = {"status": 200, "headers": {"content-type": "text/event-stream"}, "text": 'event: message_start\ndata: {"ty'}
    assert summarize([{"request": request, "response": cut, "error": "RemoteProtocolError"}]) == {
        "calls": 1, "tokens": 0, "cost": 0.0}


def test_failed_calls_skip_retried_attempts():
    """An error followed by the same request was retried away; the last error of a call counts."""
    request = {"method": "POST", "path": "/v1/messages", "body": {"model": "m"}}
    busy = {"status": 529, "headers": {}, "text": json.dumps(
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})}
    ok = {"status": 200, "headers": {}, "text": "{}"}
    assert failed_calls([{"request": request, "response": busy}, {"request": request, "response": ok}]) == []
    assert failed_calls([{"request": request, "response": busy}] * 2) == [
        ("api", "HTTP 529 overloaded_error: Overloaded")]
    assert failed_calls([{"request": request, "error": "ConnectError"}]) == [
        ("network", "ConnectError: the request did not reach the server")]


def test_failures_are_classified():
    """Network, API, a refused replay, and everything else (the model's answer)."""
    assert classify("APIConnectionError", "Connection error.") == "network"
    assert classify("NotFoundError", "model: claude-x") == "api"
    assert classify("RateLimitError") == "api"
    assert classify("BadRequestError", "Error code: 400 - {'type': 'error', 'error': {'type': "
                    "'invalid_request_error', 'message': 'replay: request 2 differs'}}") == "replay"
    assert classify("AssertionError", "expected 'sunny'") == "answer"


def test_table_names_each_failed_cell_and_the_network_fix():
    """The table has a row per notebook, a total, and one line per failed cell saying what to do."""
    rows = [{"notebook": "00_start", "cells": 5, "calls": 2, "tokens": 40, "cost": 0.001, "failed": 1,
             "failures": [("nb00-12", "network", "APIConnectionError: Connection error.")]},
            {"notebook": "01_tools", "cells": 7, "calls": 0, "tokens": 0, "cost": 0.0, "failed": 0,
             "failures": []}]
    lines = table(rows).splitlines()
    assert lines[0].split() == ["notebook", "cells", "failed", "calls", "tokens", "cost"]
    assert lines[3].split() == ["total", "12", "1", "2", "40", "$0.0010"]
    assert lines[4] == ("FAILED 00_start cell nb00-12 [network] APIConnectionError: Connection error. — "
                        "check the network, or set LOOPLAB_OFFLINE=1 to use the practice model")


def test_check_model_names_a_wrong_id():
    """A model id the backend does not know is one line naming it and what to set."""
    line = check_model(practice_client(), "claude-opus-5-typo")
    assert line.startswith("rehearse: model 'claude-opus-5-typo' is not available at http://practice.local")
    assert "set LOOPLAB_MODEL" in line and "\n" not in line


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_check_model_names_the_network_for_a_closed_port():
    """An unreachable base URL is one line about the network, with what to do."""
    client = anthropic.Anthropic(api_key="any", base_url=f"http://127.0.0.1:{free_port()}")
    line = check_model(client, MODEL)
    assert line.startswith("rehearse: the network: cannot reach http://127.0.0.1:")
    assert line.endswith("check the network, or set LOOPLAB_OFFLINE=1 to use the practice model")


# End to end: the script, through make, against the practice model served over real HTTP.

REHEARSED = [ROOT / "workshop" / name for name in ("02_the_loop.ipynb", "05_failure_injection.ipynb", "08_context.ipynb")]
needs_workshop = pytest.mark.skipif(not (ROOT / "workshop" / "00_start_here.ipynb").exists(),
                                    reason="no participant edition in workshop/; run make workshop")


def live_env(**extra) -> dict:
    """The environment of a rehearsal: not offline, this checkout's src first."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("LOOPLAB_OFFLINE", "LOOPLAB_REPLAY", "LOOPLAB_RECORD", "ANTHROPIC_API_KEY")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return {**env, **extra}


def rehearse(env, *args, timeout=900) -> subprocess.CompletedProcess:
    """Run scripts/rehearse.py with `env` and `args`."""
    return subprocess.run([sys.executable, "scripts/rehearse.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def practice_server():
    """`python -m looplab.practice` on a free port; yields its base URL."""
    server = subprocess.Popen([sys.executable, "-m", "looplab.practice", "--port", "0"], env=live_env(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        assert line.startswith("Practice model at http://127.0.0.1:"), server.stderr.read()
        yield line.split()[3]
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.e2e
@needs_workshop
@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed here")
def test_make_rehearse_passes_on_the_practice_server_and_replays_byte_for_byte(practice_server, tmp_path):
    """make rehearse runs notebooks over HTTP and prints the table; its recording replays them all.

    Three notebooks stand for all (the loop; faults and retries; the Models API and compaction): the
    full rehearsal is the instructors' command, and running all ten twice here would double CI's time.
    """
    started = time.monotonic()
    live, replayed = tmp_path / "rehearsal", tmp_path / "replayed"
    stamp = tmp_path / "installed"  # this venv is ready: make must not set one up
    stamp.touch()
    result = subprocess.run(
        ["make", "-s", "-o", str(stamp), "rehearse", f"LAB_STAMP={stamp}", f"BIN={Path(sys.executable).parent}",
         f"REHEARSE_ARGS=--out {live} {' '.join(str(p) for p in REHEARSED)}"], cwd=ROOT,
        env=live_env(ANTHROPIC_BASE_URL=practice_server),
        capture_output=True, text=True, timeout=900)
    lived = time.monotonic() - started
    notebooks = sorted(p.stem for p in REHEARSED)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines() if line[:2].isdigit()}
    assert sorted(rows) == notebooks and all(row[2] == "0" for row in rows.values())
    assert "FAILED" not in result.stdout and "\ntotal " in result.stdout
    assert sum(int(row[3]) for row in rows.values()) > 0  # model calls went over HTTP and were recorded

    again = rehearse(live_env(LOOPLAB_REPLAY=str(live)), "--out", str(replayed), *map(str, REHEARSED))
    assert again.returncode == 0, again.stdout[-3000:]
    for name in notebooks:  # every request matched, every reply the recorded one
        assert (replayed / f"{name}.json").read_bytes() == (live / f"{name}.json").read_bytes(), name
    print(f"rehearse: live {lived:.0f} s, replay {time.monotonic() - started - lived:.0f} s")


@pytest.mark.e2e
def test_a_wrong_model_id_fails_first_in_one_line(practice_server, tmp_path):
    """LOOPLAB_MODEL=claude-opus-5-typo stops before any notebook, with one line naming the id."""
    started = time.monotonic()
    result = rehearse(live_env(ANTHROPIC_BASE_URL=practice_server, LOOPLAB_MODEL="claude-opus-5-typo"),
                      "--out", str(tmp_path), timeout=60)
    assert result.returncode == 1
    assert result.stdout.count("\n") == 1 and "'claude-opus-5-typo'" in result.stdout
    assert not list(tmp_path.iterdir())
    assert time.monotonic() - started < 20


@pytest.mark.e2e
def test_an_unreachable_base_url_names_the_network(tmp_path):
    """A closed port on 127.0.0.1 is one line naming the network and what to do."""
    result = rehearse(live_env(ANTHROPIC_BASE_URL=f"http://127.0.0.1:{free_port()}"),
                      "--out", str(tmp_path), timeout=60)
    assert result.returncode == 1 and result.stdout.count("\n") == 1
    assert result.stdout.startswith("rehearse: the network: cannot reach http://127.0.0.1:")


@pytest.mark.e2e
def test_failed_cells_are_named_and_classified(tmp_path):
    """A wording check, a swallowed API error and an untagged raise fail; a tagged raise does not."""
    import nbformat

    cells = ["from looplab import MODEL, make_client\nclient = make_client()",
             "reply = client.messages.create(model=MODEL, max_tokens=99, messages=[{'role': 'user', "
             "'content': 'Who are you?'}])\nassert reply.content[0].text == 'I am Claude.'",
             "import anthropic\ntry:\n    client.messages.create(model='claude-opus-5-nope', max_tokens=9, "
             "messages=[{'role': 'user', 'content': 'Hi'}])\nexcept anthropic.NotFoundError:\n    pass",
             "raise ValueError('on purpose')", "1 / 0"]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c, id=f"c{i}") for i, c in enumerate(cells)])
    nb.cells[3].metadata["tags"] = ["raises-exception"]
    nbformat.write(nb, tmp_path / "00_probe.ipynb")
    result = rehearse(live_env(LOOPLAB_OFFLINE="1"), str(tmp_path / "00_probe.ipynb"), "--out",
                      str(tmp_path / "out"), timeout=120)
    assert result.returncode == 1
    failed = [line for line in result.stdout.splitlines() if line.startswith("FAILED")]
    assert failed[0].startswith("FAILED 00_probe cell c1 [answer] AssertionError")
    assert failed[1].startswith("FAILED 00_probe cell c2 [api] HTTP 404 not_found_error:")
    assert failed[2] == "FAILED 00_probe cell c4 [answer] ZeroDivisionError: division by zero"
    assert len(failed) == 3
    row = next(line.split() for line in result.stdout.splitlines() if line.startswith("00_probe"))
    assert row[1:4] == ["5", "3", "2"]  # cells run, cells failed, model calls


@pytest.mark.e2e
def test_a_rehearsal_that_breaks_keeps_the_last_good_recording(tmp_path):
    """Rehearsed again with the network down, every good recording stays; a whole run then replaces them."""
    import nbformat

    out = tmp_path / "out"
    out.mkdir()
    good, other = out / "00_probe.json", out / "01_other.json"
    ask(record(practice_client(script=["Sunny."]), good))
    shutil.copy(good, other)
    before = good.read_bytes()
    cells = ["from looplab import MODEL, faults, make_client\nclient = make_client()\n"
             "faults.connection_reset(client, times=None)",
             "client.messages.create(model=MODEL, max_tokens=9, messages=[{'role': 'user', 'content': 'Hi'}])"]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c, id=f"c{i}") for i, c in enumerate(cells)])
    nbformat.write(nb, tmp_path / "00_probe.ipynb")
    result = rehearse(live_env(LOOPLAB_OFFLINE="1"), str(tmp_path / "00_probe.ipynb"), "--out", str(out), timeout=120)
    assert result.returncode == 1
    assert good.read_bytes() == before and other.read_bytes() == before
    assert (f"rehearse: 00_probe: this run broke (network), so the last good recording is kept; this run's is in "
            f"{good}.new (rename it to 00_probe.json to use it anyway)\n") in result.stdout
    assert len(json.loads((out / "00_probe.json.new").read_text())["exchanges"]) == 3  # the three failed attempts

    nb.cells[0].source = "from looplab import MODEL, make_client\nclient = make_client()"
    nbformat.write(nb, tmp_path / "00_probe.ipynb")
    result = rehearse(live_env(LOOPLAB_OFFLINE="1"), str(tmp_path / "00_probe.ipynb"), "--out", str(out), timeout=120)
    assert result.returncode == 0, result.stdout
    assert json.loads(good.read_text())["exchanges"][0]["request"]["body"]["messages"][0]["content"] == "Hi"
    assert sorted(p.name for p in out.iterdir()) == ["00_probe.ipynb", "00_probe.json", "summary.txt"]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed here")
def test_make_passes_looplab_replay_on_as_an_absolute_path():
    """LOOPLAB_REPLAY=logs/rehearsal make lab: kernels, started in the notebooks' folder, get it absolute."""
    result = subprocess.run(["make", "-s", "--eval", "show-replay: ; @echo $$LOOPLAB_REPLAY", "show-replay"],
                            cwd=ROOT, env={**os.environ, "LOOPLAB_REPLAY": "logs/rehearsal"},
                            capture_output=True, text=True, timeout=30)
    assert result.stdout.strip() == str(ROOT / "logs" / "rehearsal")
