"""The browser edition (JupyterLite): the practice model by default, Claude with a key typed in a widget."""

from __future__ import annotations

import sys
import threading
import time

from looplab.i18n import N_, _

IN_BROWSER = sys.platform == "emscripten"
# Claude's API refuses a browser's cross-origin call unless it says it knows the key is exposed.
BROWSER_HEADERS = {"anthropic-dangerous-direct-browser-access": "true"}
EXPOSED = N_("The key is visible to this page's code (any script in this tab can read it): "
           "fine for a workshop key with a small limit, never for a production key.")
NOT_HERE = {
    "practice server": N_("The HTTP practice server (python -m looplab.practice) needs sockets, which a "
                       "browser tab has not: here make_client() runs the practice model in-process."),
}

_key: str | None = None  # typed into key_widget(); kept in this tab's memory only


def claude_client(key: str, **options):
    """An anthropic.Anthropic client that calls Claude from the browser (fetch, with the CORS header)."""
    import anthropic

    return anthropic.Anthropic(api_key=key, default_headers=BROWSER_HEADERS, **options)


def typed_key() -> str:
    """The key typed into key_widget() in this tab, or "" (make_client() reads it)."""
    return _key or ""


def set_key(key: str | None) -> str:
    """Keep `key` for make_client() in this tab (None forgets it); the line to show, without the key."""
    global _key
    _key = (key or "").strip() or None
    if _key is None:
        return _("No key: make_client() returns the practice model.")
    return _("Key kept in this tab's memory only. make_client() now returns Claude: run the notebook's cells "
             "again. {warning}", warning=_(EXPOSED))


def key_widget():
    """A password box and two buttons; the key goes to memory, never into the notebook or an output."""
    import html

    import ipywidgets as w

    box = w.Password(placeholder="sk-ant-…", description=_("API key"), layout=w.Layout(width="28em"))
    use, forget = w.Button(description=_("Use Claude")), w.Button(description=_("Forget key"))
    status = w.HTML(f"<i>{html.escape(_(EXPOSED))}</i>")

    def on_use(_):
        status.value = html.escape(set_key(box.value))
        box.value = ""  # cleared at once, so saved widget state never holds it

    def on_forget(_):
        status.value = html.escape(set_key(None))

    use.on_click(on_use)
    forget.on_click(on_forget)
    widget = w.VBox([w.HBox([box, use, forget]), status])
    widget.add_class("looplab-key")
    return widget


_tasks = 0  # how many TaskThread targets are running now


def in_task() -> bool:
    """True inside a TaskThread's target: code there may wait for clicks (the cell has ended)."""
    return _tasks > 0


class TaskThread:
    """threading.Thread's start() and is_alive() where there are no threads: an asyncio task.

    The target runs once the current cell ends; a TaskEvent.wait() inside it lets the page
    handle button clicks meanwhile (Pyodide suspends the stack with JSPI).
    """

    def __init__(self, target, name=None, daemon=None):
        self._target, self._task = target, None

    def start(self) -> None:
        import asyncio

        async def go():
            global _tasks
            _tasks += 1
            try:
                self._target()
            finally:
                _tasks -= 1

        self._task = asyncio.ensure_future(go())

    def is_alive(self) -> bool:
        return self._task is not None and not self._task.done()


class TaskEvent(threading.Event):
    """threading.Event whose wait() yields to the browser's event loop until set (or timeout)."""

    def wait(self, timeout: float | None = None) -> bool:
        import asyncio

        from pyodide.ffi import can_run_sync, run_sync

        if not can_run_sync():
            raise RuntimeError(_("waiting for a click needs JSPI (Chromium has it; this browser lacks it): "
                                 "pass approve=looplab.deny_all or a policy instead"))
        end = None if timeout is None else time.monotonic() + timeout
        while not self.is_set():
            if end is not None and time.monotonic() >= end:
                return False
            run_sync(asyncio.sleep(0.05))
        return True
