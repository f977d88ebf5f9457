"""A room on the hub of `make hub`: participants arrive at once, each runs notebook 02 in their own kernel.

`make test-room` runs it (CI too); LOOPLAB_ROOM_N sets how many participants (default 5).
"""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("jupyterhub", reason="the hub packages are not installed: pip install -e '.[hub]' (make hub does)")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "hub"))
import room  # noqa: E402

from looplab.sync import SKIP  # noqa: E402

pytestmark = [pytest.mark.room,
              pytest.mark.skipif(room.proxy_command() is None,
                                 reason="no configurable-http-proxy: run `make hub` once (it installs it from npm)")]
N = int(os.environ.get("LOOPLAB_ROOM_N", "5"))


def in_folder(state: Path) -> list[int]:
    """Processes working in the hub's folder: participants' servers and kernels."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.readlink(entry / "cwd").startswith(str(state)):
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    state = tmp_path_factory.mktemp("hub")
    port = room.free_port()
    logs = room.ROOT / "build" / "room"  # kept after the run, for a failure's story
    logs.mkdir(parents=True, exist_ok=True)
    with open(logs / f"hub-{N}.log", "w") as log:
        proc = room.start_hub(state, port, log)
        try:
            yield {"url": f"http://127.0.0.1:{port}", "proc": proc, "state": state, "log": logs / f"hub-{N}.log"}
        finally:
            room.stop_hub(proc)


@pytest.fixture(scope="module")
def people(hub):
    started = time.monotonic()
    try:
        crowd = room.room(hub["url"], N)
    except Exception:
        problems = [line for line in hub["log"].read_text().splitlines() if line.startswith(("[W", "[E", "[C"))]
        print("\n".join(problems[-30:]), f"\nwhole log: {hub['log']}")
        raise
    spawn = max(p.spawn_s for p in crowd)
    run = max(p.run_s for p in crowd)
    print(f"\nroom: {N} participants, slowest spawn {spawn:.1f} s, slowest run of 02 {run:.1f} s, "
          f"{time.monotonic() - started:.1f} s in all")
    return crowd


def test_every_participant_runs_notebook_02_at_once(people):
    """N participants log in at once, get their own server, and run 02 with every output as stored."""
    assert len({p.name for p in people}) == N
    assert all(p.spawn_s > 0 and p.run_s > 0 for p in people)


def test_each_lands_in_their_own_copy_of_the_edition(people, hub):
    """The browser lands in 00_start_here.ipynb; each server shows the participant edition in its own folder."""
    edition = {p.name for p in (room.ROOT / "workshop").iterdir() if p.name not in SKIP and not p.name.startswith(".")}
    landing = people[0].http.get(f"{hub['url']}/user/{people[0].name}/", timeout=60)
    assert landing.ok and landing.url.endswith(f"/user/{people[0].name}/lab/tree/00_start_here.ipynb")
    for person in people:
        listing = person.files().json()["content"]
        assert {item["name"] for item in listing} == edition
        assert (hub["state"] / "users" / person.name / ".looplab" / "synced.json").exists()


def test_no_participant_sees_another_s_files(people):
    """A participant's token opens neither another's server nor, through theirs, another's folder."""
    alice, bob = people[0], people[1]
    assert alice.files().status_code == 200
    assert alice.api("GET", f"/user/{bob.name}/api/contents/").status_code in (403, 404)
    assert alice.api("GET", f"/hub/api/users/{bob.name}").status_code in (403, 404)
    outside = alice.files(f"../{bob.name}/02_the_loop.ipynb").status_code
    assert outside in (400, 403, 404)


def test_an_edit_survives_a_restart_and_a_deleted_notebook_comes_back(people, hub):
    """Their server restarted (the material synced again): their edited 01 is kept, the 03 they deleted is back."""
    person = people[-1]
    nb = person.files("01_tools.ipynb").json()["content"]
    nb["cells"][0]["source"] = "# my own notes"
    saved = person.api("PUT", f"/user/{person.name}/api/contents/01_tools.ipynb",
                       json={"type": "notebook", "format": "json", "content": nb})
    assert saved.ok
    assert person.api("DELETE", f"/user/{person.name}/api/contents/03_stop_reasons_and_budgets.ipynb").ok
    assert person.api("DELETE", f"/hub/api/users/{person.name}/server").status_code in (202, 204)
    for _ in range(240):
        if not person.api("GET", f"/hub/api/users/{person.name}").json().get("servers"):
            break
        time.sleep(0.5)
    person.wait_ready(time.monotonic())
    assert person.files("01_tools.ipynb").json()["content"]["cells"][0]["source"] == "# my own notes"
    assert person.files("03_stop_reasons_and_budgets.ipynb").status_code == 200


def test_the_instructor_sees_a_check_turn_correct_within_seconds(hub):
    """The view lists a new participant, then shows their 0.1 as Not yet, then Correct, each within seconds."""
    sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
    from lab import CHROMIUM, MISSING, chromium_page

    if not CHROMIUM.exists():
        pytest.skip(MISSING)
    view = f"{hub['url']}/services/progress/"
    assert room.requests.get(f"{view}?key=wrong", timeout=30).status_code == 403
    person = room.Participant(hub["url"])
    person.login()
    person.wait_ready(time.monotonic())
    with chromium_page(hub["state"].parent) as page, person.kernel("00_start_here.ipynb") as ws:
        page.goto(f"{view}?key=room-key")
        page.get_by_text(person.name[:8], exact=True).wait_for(timeout=30_000)
        row = page.locator("tr", has_text=person.name[:8])
        room.execute(ws, "from looplab.exercises import ex00\nex00.first_text.check(lambda message: 'nope')")
        row.locator("td", has_text="Not yet").wait_for(timeout=10_000)
        started = time.monotonic()
        room.execute(ws, "ex00.first_text.check(lambda m: next((b.text for b in m.content if b.type == 'text'), ''))")
        row.locator("td", has_text="Correct").wait_for(timeout=10_000)
        print(f"\nview: Correct shown {time.monotonic() - started:.1f} s after the check")
    record = hub["state"] / "users" / person.name / ".looplab" / "progress.json"
    assert room.json.loads(record.read_text(encoding="utf-8")) == {"Exercise 0.1 — first_text": "pass"}


def test_ctrl_c_stops_the_hub_and_every_server(people, hub):
    """Ctrl-C ends the hub cleanly and leaves no participant's server or kernel running."""
    assert in_folder(hub["state"])
    assert room.stop_hub(hub["proc"]) == 0
    for _ in range(20):
        if not in_folder(hub["state"]):
            break
        time.sleep(0.5)
    assert in_folder(hub["state"]) == []


def test_make_hub_prints_the_address_and_stops_on_ctrl_c(tmp_path):
    """`make hub` prints the address to hand out and the instructor's view; Ctrl-C stops proxy, hub and services."""
    port = room.free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    env["LOOPLAB_HUB_PROXY"] = room.proxy_command()
    make = subprocess.Popen(["make", "-s", "hub", f"BIN={Path(sys.executable).parent}", "LAB_STAMP=", "HUB_STAMP=",
                             f"CHP={room.proxy_command()}", f"HUB_DIR={tmp_path}", "HUB_IP=127.0.0.1", f"HUB_PORT={port}"],
                            cwd=room.ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True, preexec_fn=room.as_in_a_terminal)
    try:
        for _ in range(240):  # up when the last service answers (Ctrl-C earlier stops JupyterHub mid-start)
            try:
                if room.requests.get(f"http://127.0.0.1:{port}/services/progress/", timeout=2).status_code == 403:
                    break
            except room.requests.RequestException:
                pass
            time.sleep(0.5)
        time.sleep(2)
        proxy = int((tmp_path / "jupyterhub-proxy.pid").read_text())
    finally:
        os.killpg(make.pid, signal.SIGINT)
        out = make.communicate(timeout=90)[0]
    assert f"hand out  http://127.0.0.1:{port}/  (Ctrl-C stops it)" in out
    assert f"http://127.0.0.1:{port}/services/progress/?key=" in out
    assert "Traceback" not in out
    assert not Path(f"/proc/{proxy}").exists()
    for service in (port, port + 1, port + 3):  # proxy, hub, progress view
        with pytest.raises(room.requests.ConnectionError):
            room.requests.get(f"http://127.0.0.1:{service}/", timeout=5)
