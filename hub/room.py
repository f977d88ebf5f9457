"""Simulated participants for the hub: log in, get a server, run a notebook in their own kernel.

Used by tests/test_room.py and benchmarks/bench_room.py. Each participant goes through the
hub the way a browser does (/hub/tmplogin, the spawn, a token from the hub's API), then
through their own Jupyter server's REST API and kernel websocket.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import requests
import websocket

ROOT = Path(__file__).resolve().parent.parent


def proxy_command() -> str | None:
    """configurable-http-proxy as `make hub` installs it (.hub/node_modules), else one on the PATH."""
    local = ROOT / ".hub" / "node_modules" / ".bin" / "configurable-http-proxy"
    if local.exists():
        return str(local)
    from shutil import which
    return which("configurable-http-proxy")


def free_port() -> int:
    """A port with its three neighbours free (the hub's API, the proxy's API and the progress view use them)."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port < 65000 and all(_free(port + i) for i in (1, 2, 3)):
            return port
    raise RuntimeError("no four free ports in a row")


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def as_in_a_terminal() -> None:
    """Ctrl-C's default action, which a process started in the background may have lost (SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_hub(state: Path, port: int, log, view_key: str = "room-key") -> subprocess.Popen:
    """The hub of `make hub`, on 127.0.0.1:port, its state and participants' folders in `state`."""
    env = {**os.environ, "LOOPLAB_HUB_DIR": str(state), "LOOPLAB_HUB_IP": "127.0.0.1", "LOOPLAB_HUB_VIEW_KEY": view_key,
           "LOOPLAB_HUB_PORT": str(port), "LOOPLAB_HUB_PROXY": proxy_command() or "configurable-http-proxy"}
    hub = Path(sys.executable).parent / "jupyterhub"
    proc = subprocess.Popen([str(hub), "-f", str(ROOT / "hub" / "jupyterhub_config.py")], cwd=state, env=env,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True, preexec_fn=as_in_a_terminal)
    url = f"http://127.0.0.1:{port}"
    for _ in range(240):
        try:
            if requests.get(f"{url}/hub/api/", timeout=2).ok:
                return proc
        except requests.RequestException:
            pass
        if proc.poll() is not None:
            raise RuntimeError(f"the hub exited with {proc.returncode}; see its log")
        time.sleep(0.5)
    stop_hub(proc)
    raise RuntimeError("the hub did not answer within 120 s")


def rss_mib(folder: Path) -> float:
    """Resident memory of every process working in `folder` (servers, kernels), in MiB (Linux /proc)."""
    total = 0
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and os.readlink(entry / "cwd").startswith(str(folder)):
                status = (entry / "status").read_text()
                total += int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))
        except (OSError, StopIteration):
            pass
    return total / 1024


def stop_hub(proc: subprocess.Popen) -> int:
    """Ctrl-C, as an instructor would; the hub stops the servers and the proxy."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return proc.returncode


@dataclass
class Participant:
    """One browser: a cookie from /hub/tmplogin, then a token for their own server."""

    url: str
    http: requests.Session = field(default_factory=requests.Session)
    name: str = ""
    token: str = ""
    spawn_s: float = 0.0
    run_s: float = 0.0

    def login(self) -> None:
        """Open the hub: a temporary account, and the spawn it starts."""
        reply = self.http.get(f"{self.url}/hub/tmplogin", timeout=120)
        reply.raise_for_status()
        xsrf = {"X-XSRFToken": self.http.cookies.get("_xsrf", path="/hub/") or ""}
        self.name = self.http.get(f"{self.url}/hub/api/user", headers=xsrf, timeout=30).json()["name"]
        made = self.http.post(f"{self.url}/hub/api/users/{self.name}/tokens", headers=xsrf,
                              json={"note": "room test", "expires_in": 3600}, timeout=30)
        made.raise_for_status()
        self.token = made.json()["token"]

    def api(self, method: str, path: str, **kw) -> requests.Response:
        """A request with this participant's token (hub paths start /hub, server paths /user/NAME)."""
        kw.setdefault("timeout", 60)
        headers = {"Authorization": f"token {self.token}"}
        return requests.request(method, f"{self.url}{path}", headers=headers, **kw)

    def wait_ready(self, started: float, limit: float = 600) -> None:
        """Wait until the hub reports their server ready (spawn_s counts from `started`)."""
        self.api("POST", f"/hub/api/users/{self.name}/server")  # 201, or 400 "already pending"
        while time.monotonic() - started < limit:
            servers = self.api("GET", f"/hub/api/users/{self.name}").json().get("servers", {})
            if servers.get("", {}).get("ready"):
                self.spawn_s = time.monotonic() - started
                return
            time.sleep(0.5)
        raise TimeoutError(f"{self.name}: no server after {limit:.0f} s")

    def files(self, path: str = "") -> requests.Response:
        return self.api("GET", f"/user/{self.name}/api/contents/{path}")

    @contextmanager
    def kernel(self, path: str, keep: bool = False):
        """A websocket to a new kernel of theirs, started for `path` (a notebook of theirs); shut down after unless keep."""
        session = self.api("POST", f"/user/{self.name}/api/sessions",
                           json={"path": path, "type": "notebook", "kernel": {"name": "python3"}})
        session.raise_for_status()
        kernel = session.json()["kernel"]["id"]
        ws_url = self.url.replace("http", "ws", 1) + f"/user/{self.name}/api/kernels/{kernel}/channels"
        ws = websocket.create_connection(ws_url, header=[f"Authorization: token {self.token}"], timeout=120)
        try:
            yield ws
        finally:
            ws.close()
            if not keep:
                self.api("DELETE", f"/user/{self.name}/api/sessions/{session.json()['id']}")

    def run_notebook(self, name: str, keep: bool = False) -> list[str]:
        """Run every code cell of their copy of `name` in a new kernel; the cells whose outputs differ."""
        start = time.monotonic()
        nb = self.files(name).json()["content"]
        wrong = []
        with self.kernel(name, keep) as ws:
            for i, cell in enumerate(c for c in nb["cells"] if c["cell_type"] == "code"):
                source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                if comparable(execute(ws, source)) != comparable(cell["outputs"]):
                    wrong.append(f"code cell {i + 1}")
        self.run_s = time.monotonic() - start
        return wrong


def execute(ws, code: str) -> list[dict]:
    """One execute_request on the kernel's websocket; its outputs in the notebook's format."""
    msg_id = uuid.uuid4().hex
    ws.send(json.dumps({"header": {"msg_id": msg_id, "msg_type": "execute_request", "username": "room",
                                   "session": "room", "version": "5.3", "date": ""},
                        "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
                        "content": {"code": code, "silent": False, "store_history": True,
                                    "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}}))
    outputs, idle, replied = [], False, False
    while not (idle and replied):
        msg = json.loads(ws.recv())
        if msg.get("parent_header", {}).get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        if msg["channel"] == "shell" and kind == "execute_reply":
            replied = True
        elif kind == "status":
            idle = content["execution_state"] == "idle"
        elif kind == "stream":
            outputs.append({"output_type": "stream", "name": content["name"], "text": content["text"]})
        elif kind in ("execute_result", "display_data"):
            outputs.append({"output_type": kind, "data": content["data"]})
        elif kind == "error":
            outputs.append({"output_type": "error", "ename": content["ename"]})
        elif kind == "clear_output":
            outputs.clear()
    return outputs


def comparable(outputs: list[dict]) -> list[tuple]:
    """What nbval compares, less widget views: streams joined, plain text, error names."""
    seen: list[tuple] = []
    for out in outputs:
        kind = out["output_type"]
        if kind == "stream":
            text = "".join(out["text"]) if isinstance(out["text"], list) else out["text"]
            if seen and seen[-1][:2] == ("stream", out["name"]):
                seen[-1] = ("stream", out["name"], seen[-1][2] + text)
            else:
                seen.append(("stream", out["name"], text))
        elif kind in ("execute_result", "display_data"):
            data = out["data"]
            if "application/vnd.jupyter.widget-view+json" in data:
                continue
            plain = data.get("text/plain", "")
            seen.append(("data", "".join(plain) if isinstance(plain, list) else plain))
        elif kind == "error":
            seen.append(("error", out["ename"]))
    return seen


def room(url: str, n: int, notebook: str = "02_the_loop.ipynb", keep: bool = False) -> list[Participant]:
    """n participants arrive at once, get their servers, then run `notebook` at the same time (kernels kept if keep)."""
    people = [Participant(url) for _ in range(n)]
    errors: dict[int, BaseException] = {}
    results: dict[int, list[str]] = {}

    def all_at_once(step) -> None:
        gate = threading.Barrier(n)

        def go(i: int) -> None:
            gate.wait()
            try:
                step(i)
            except BaseException as err:  # reported by the caller, whatever it was
                errors[i] = err
        threads = [threading.Thread(target=go, args=(i,)) for i in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    started = time.monotonic()
    all_at_once(lambda i: (people[i].login(), people[i].wait_ready(started)))
    if not errors:
        all_at_once(lambda i: results.__setitem__(i, people[i].run_notebook(notebook, keep)))
    if errors:
        first = next(iter(errors.values()))
        raise RuntimeError(f"{len(errors)} of {n} participants failed; first: {first!r}") from first
    failed = {people[i].name: wrong for i, wrong in results.items() if wrong}
    if failed:
        raise AssertionError(f"outputs differ from the stored ones: {failed}")
    return people
