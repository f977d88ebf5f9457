"""A real JupyterLab server and a headless Debian Chromium, for the browser test and the screenshots."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
MISSING = ("Chromium not found at /usr/bin/chromium; install it with apt-get install chromium "
           "to run the browser test")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
IDLE = "Python 3 (ipykernel) | Idle"
# What open_and_run_all clicks and waits for, in JupyterLab's English and (language pack) French.
MENUS = {"en": ("Run", "Run All Cells", IDLE),
         "fr": ("Exécution", "Exécuter toutes les cellules", "Python 3 (ipykernel) | Inactif")}
JUPYTER = Path(sys.executable).parent / "jupyter"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    """A jupyter lab subprocess: its URL, token, log, and a wait for it to answer."""

    def __init__(self, root: Path, workdir: Path, env: dict[str, str] | None = None):
        self.port, self.token = free_port(), secrets.token_hex(16)
        self.base, self.workdir = f"http://127.0.0.1:{self.port}", workdir
        self.runtime, workspaces = workdir / "runtime", workdir / "workspaces"
        self.runtime.mkdir(), workspaces.mkdir()
        env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(self.runtime), "LOOPLAB_OFFLINE": "1",
               "JUPYTER_CONFIG_DIR": str(workdir / "config"), "PYTHONUNBUFFERED": "1", **(env or {})}
        cmd = [str(JUPYTER), "lab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
               f"--port={self.port}", "--ServerApp.port_retries=0",
               f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={root}",
               f"--LabApp.workspaces_dir={workspaces}", "--ServerApp.terminals_enabled=False"]
        self.log = workdir / "server.log"
        with self.log.open("wb") as log:
            self.server = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env,
                                           cwd=root, start_new_session=True)

    def api(self, path: str, method: str = "GET"):
        """Call the server's REST API with the token; the decoded JSON reply (None if empty)."""
        request = urllib.request.Request(f"{self.base}{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as reply:
            body = reply.read()
        return json.loads(body) if body else None

    def wait_ready(self, wait_s: float = 45) -> None:
        """Return once the server answers /api/status; raise (naming the log) if it dies or hangs."""
        deadline = time.monotonic() + wait_s
        while True:
            if self.server.poll() is not None:
                raise RuntimeError(f"jupyter lab exited early; see {self.log}")
            with contextlib.suppress(OSError):
                self.api("/api/status")
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"jupyter lab did not answer within {wait_s:g} s; see {self.log}")
            time.sleep(0.2)

    def stop(self) -> None:
        """Kill its kernels, stop the server, then kill any kernel left over (nothing here to save)."""
        self._kill_kernels()  # they run in their own sessions, so killing the server's group misses them
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.server.pid, signal.SIGTERM)
        try:
            self.server.wait(5)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.server.pid, signal.SIGKILL)
            self.server.wait(5)
        self._kill_kernels()

    def _kill_kernels(self) -> None:
        """SIGKILL each process whose command line names this server's runtime dir (its kernels)."""
        for proc in Path("/proc").iterdir():
            if proc.name.isdigit() and int(proc.name) != self.server.pid:
                with contextlib.suppress(OSError):
                    if str(self.runtime).encode() in (proc / "cmdline").read_bytes():
                        os.kill(int(proc.name), signal.SIGKILL)


@contextlib.contextmanager
def running_lab(root: Path, workdir: Path, env: dict[str, str] | None = None):
    """Start `jupyter lab` on 127.0.0.1 serving `root` (not waiting for it); stop it and its kernels after."""
    lab = Lab(root, workdir, env)
    try:
        yield lab
    finally:
        lab.stop()


@contextlib.contextmanager
def chromium_page(workdir: Path, width: int = 1280, height: int = 900):
    """A fresh headless Chromium profile and page (Debian's /usr/bin/chromium, no download)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        try:
            context = browser.new_context(viewport={"width": width, "height": height})
            yield context.new_page()
        finally:
            browser.close()


def copy_root(source: Path, dest: Path, extra: dict[str, Path] | None = None) -> Path:
    """A temp copy of the fixture notebooks (and extra folders, name -> source) as the Lab root."""
    dest.mkdir()
    for notebook in source.glob("*.ipynb"):
        shutil.copy(notebook, dest / notebook.name)
    for name, folder in (extra or {}).items():
        shutil.copytree(folder, dest / name)
    return dest


def open_and_run_all(page, lab: Lab, notebook: str, timeout_ms: int = 30_000, language: str = "en") -> None:
    """Open a notebook in a reset workspace, wait for an idle kernel, then Run → Run All Cells.

    Clicking before the kernel is idle can lose the run on a busy machine, so the wait comes first."""
    menu, item, idle = MENUS[language]
    lab.wait_ready()
    page.goto(f"{lab.base}/lab/tree/{notebook}?token={lab.token}&reset", timeout=timeout_ms)
    page.get_by_text(idle, exact=True).wait_for(timeout=timeout_ms)
    page.locator(".jp-Notebook .jp-Cell").first.click()
    page.locator(".lm-MenuBar-itemLabel", has_text=menu).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=item).first.click()


def workdir(prefix: str = "looplab-browser-") -> Path:
    """A fresh temp folder for one Lab session (kept on failure for the screenshot and log)."""
    return Path(tempfile.mkdtemp(prefix=prefix))
