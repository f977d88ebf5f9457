"""Drive the browser edition in headless Chromium: serve build/lite on 127.0.0.1, run a notebook."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
MISSING = ("Chromium not found at /usr/bin/chromium; install it with apt-get install chromium "
           "to run the browser-edition test")
ONLY_LOOPBACK = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         ONLY_LOOPBACK]

# Runs in the page: the open notebook's state, read from the JupyterLab app the site exposes.
STATE_JS = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  if (!panel || !panel.content || !panel.content.model) return null;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const counts = panel.content.widgets.filter(c => c.model.type === 'code')
                      .map(c => c.model.executionCount);
  return {kernel: kernel ? kernel.status : 'none', kernelId: kernel ? kernel.id : null,
          path: panel.context.path, counts: counts,
          busy: panel.content.widgets.some(c => c.model.type === 'code' &&
                                            c.promptNode && c.promptNode.textContent.includes('*'))};
}"""
# Run from cell `index` to the end; Lab stops at an error (even a tagged one), so the driver
# calls this again from the first cell that did not run.
RUN_FROM_JS = """(index) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const code = panel.content.widgets.map((c, i) => [c, i]).filter(([c]) => c.model.type === 'code');
  panel.content.activeCellIndex = code[index][1];
  window.jupyterapp.commands.execute('notebook:run-all-below');
  return true;
}"""
# Runs `code` on the open notebook's kernel; resolves to its printed text and error lines.
EXECUTE_JS = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code: code, store_history: false});
  const out = [];
  future.onIOPub = (m) => {
    if (m.header.msg_type === 'stream') out.push(m.content.text);
    if (m.header.msg_type === 'error') out.push(m.content.ename + ': ' + m.content.evalue + '\\n');
  };
  await future.done;
  return out.join('');
}"""
CLEAR_JS = "() => { window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs'); return true; }"
NOTEBOOK_JS = "() => window.jupyterapp.shell.currentWidget.content.model.toJSON()"
OPEN_JS = """([path, kernelId]) => {
  window.jupyterapp.commands.execute('docmanager:open', {path: path, kernel: {id: kernelId}});
  return true;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(site: Path):
    """`python -m http.server` on 127.0.0.1 serving the site; yields its base URL."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d",
                               str(site), str(port)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(base + "/index.html", timeout=2).close()
                break
            time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(5)


@contextlib.contextmanager
def chromium(width: int = 1280, height: int = 900):
    """Debian's headless Chromium, every host but 127.0.0.1 unresolvable; yields a fresh context."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        try:
            yield browser.new_context(viewport={"width": width, "height": height})
        finally:
            browser.close()


class Visit:
    """One page with a notebook open (the site's, or JupyterLab's at `url`); notes other hosts asked."""

    def __init__(self, context, base: str, notebook: str, url: str | None = None):
        self.page = context.new_page()
        self.base, self.notebook, self.elsewhere, self.console = base, notebook, [], []
        self.headers: dict[str, dict] = {}  # other hosts' URLs -> the headers last sent there
        self.page.on("request", self._request)
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"[:500]))
        self.opened = time.monotonic()
        self.page.goto(url or f"{base}/lab/index.html?path={notebook}")

    def _request(self, request) -> None:
        if not request.url.startswith((self.base, "data:", "blob:")):
            self.elsewhere.append(request.url)
            self.headers[request.url] = request.headers

    def execute(self, code: str) -> str:
        """Run `code` on the open notebook's kernel (not in a cell); what it printed."""
        return self.page.evaluate(EXECUTE_JS, code)

    def state(self) -> dict | None:
        state = self.page.evaluate(STATE_JS)
        return state if state and state["path"].endswith(self.notebook) else None

    def open_next(self, notebook: str, timeout_s: float = 120) -> None:
        """Open another notebook in this page on the same kernel (Pyodide boots once, not again)."""
        kernel_id = self.state()["kernelId"]
        self.notebook, self.opened = notebook, time.monotonic()
        self.page.evaluate(OPEN_JS, [notebook, kernel_id])
        self.wait(lambda s: s["kernelId"] == kernel_id, f"{notebook} on kernel {kernel_id}", timeout_s)

    def wait(self, done, what: str, timeout_s: float) -> dict:
        """Poll the notebook state until done(state) holds; raise naming `what` on timeout."""
        deadline = time.monotonic() + timeout_s
        while True:
            state = self.state()
            if state and done(state):
                return state
            if time.monotonic() > deadline:
                tail = "\n".join(self.console[-15:])
                raise TimeoutError(f"{self.notebook}: {what} not within {timeout_s:g} s "
                                   f"(state {state}); console:\n{tail}")
            time.sleep(0.25)

    def run_all(self, timeout_s: float = 600) -> dict:
        """Wait for an idle kernel, run every code cell (past errors too); the notebook JSON.

        Also sets, in seconds from opening the page: kernel_s (an idle kernel), first_cell_s (the
        first cell's result) and ran_s (every cell done).
        """
        self.wait(lambda s: s["kernel"] == "idle", "an idle kernel", timeout_s)
        self.kernel_s = time.monotonic() - self.opened
        self.page.evaluate(CLEAR_JS)  # the stored outputs go, so every output checked is this run's
        self.wait(lambda s: not any(s["counts"]), "cleared outputs", 30)
        self.page.evaluate(RUN_FROM_JS, 0)
        self.wait(lambda s: s["counts"] and s["counts"][0] is not None, "the first cell", timeout_s)
        self.first_cell_s = time.monotonic() - self.opened
        start = 0
        while True:
            state = self.wait(lambda s, i=start: s["kernel"] == "idle" and not s["busy"]
                              and s["counts"][i] is not None, "the cells to run", timeout_s)
            if None not in state["counts"]:
                break
            start = state["counts"].index(None)
            self.page.evaluate(RUN_FROM_JS, start)
        self.ran_s = time.monotonic() - self.opened
        return self.page.evaluate(NOTEBOOK_JS)

    def close(self) -> None:
        self.page.close()


def errors(notebook: dict) -> list[str]:
    """The error outputs of cells not tagged raises-exception, as 'cell N: Name: value' lines."""
    found = []
    for number, cell in enumerate(notebook["cells"]):
        tags = cell.get("metadata", {}).get("tags", [])
        for output in cell.get("outputs", []):
            if output["output_type"] == "error" and "raises-exception" not in tags:
                found.append(f"cell {number}: {output['ename']}: {output['evalue']}")
    return found


def text(notebook: dict) -> str:
    """Every text output of a notebook (streams and text/plain results), joined."""
    parts = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            if output["output_type"] == "stream":
                parts.append("".join(output["text"]))
            data = output.get("data", {})
            if "text/plain" in data:
                plain = data["text/plain"]
                parts.append(plain if isinstance(plain, str) else "".join(plain))
    return "\n".join(parts)
