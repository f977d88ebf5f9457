"""ApprovalGate: Approve / Deny buttons for each consequential tool call, the loop waiting for the click."""

from __future__ import annotations

import html
import json
import threading

import ipywidgets as w
from IPython import get_ipython

from looplab.browser import IN_BROWSER, TaskEvent, TaskThread, in_task
from looplab.i18n import N_, _
from looplab.loop import run_agent
from looplab.widgets.timeline import Timeline

# In a browser (JupyterLite) there are no threads: the run is an asyncio task that waits with JSPI.
Event, Thread = (TaskEvent, TaskThread) if IN_BROWSER else (threading.Event, threading.Thread)

FALLBACK = N_("ApprovalGate: in JupyterLab this shows each consequential tool call with Approve / Deny "
              "buttons, then the run's timeline. Where no one can click (nbval, CI), pass a policy "
              "such as looplab.deny_all or looplab.allow_only(...) as approve= instead.")


def _in_kernel_cell() -> bool:
    shell = get_ipython()
    return getattr(shell, "kernel", None) is not None and threading.current_thread() is threading.main_thread()


class ApprovalGate(w.VBox):
    """An approver with buttons: `gate.start(client, task, tools)` runs the loop and waits for clicks.

    `timeout` (seconds, None = wait for ever): a call with no click within it is denied.
    The kernel handles a click only when no cell is running, so the loop runs in a background
    thread: don't call `gate.wait()` in the cells that follow, or the clicks wait for it.
    """

    def __init__(self, *, timeout: float | None = None, **kwargs):
        self.timeout = timeout
        self.run = None  # the finished Run
        self.error: BaseException | None = None  # what run_agent raised, if it raised
        self.decisions: list[tuple[str, dict, bool]] = []
        self._lock = threading.Lock()  # one pending call at a time
        self._pending: dict | None = None
        self._done = Event()
        self._thread: threading.Thread | None = None
        self.status = w.HTML(f"<i>{_('Waiting for gate.start(client, task, tools).')}</i>")
        self.call = w.HTML()
        self.approve_button = w.Button(description=_("Approve"), button_style="success", icon="check",
                                       disabled=True)
        self.deny_button = w.Button(description=_("Deny"), button_style="danger", icon="times", disabled=True)
        self.approve_button.on_click(lambda _click: self.answer(True))
        self.deny_button.on_click(lambda _click: self.answer(False))
        self.answers = w.HTML()
        self.result = w.VBox()
        self.buttons = w.HBox([self.approve_button, self.deny_button])
        super().__init__([self.status, self.call, self.buttons, self.answers, self.result], **kwargs)
        self.add_class("looplab-gate")

    def __call__(self, name: str, input: dict) -> bool:
        """Show the call with Approve / Deny and block until one is clicked (or the timeout denies)."""
        if _in_kernel_cell() and not in_task():
            raise RuntimeError(_("ApprovalGate: called from a running cell, the buttons can't be clicked "
                                 "until it ends; use gate.start(client, task, tools) instead"))
        with self._lock:
            pending = {"event": Event(), "approved": False}
            self._pending = pending
            self.call.value = (_("<b>The agent wants to run {name}</b> with:", name=html.escape(name))
                               + '<pre style="margin:2px 0;white-space:pre-wrap">'
                               + f"{html.escape(json.dumps(input, ensure_ascii=False, indent=1))}</pre>")
            self.status.value = f"<b>{_('Waiting for your decision on {name}.', name=html.escape(name))}</b>"
            self.approve_button.disabled = self.deny_button.disabled = False
            answered = pending["event"].wait(self.timeout)
            self._pending = None
            self.approve_button.disabled = self.deny_button.disabled = True
            approved = bool(answered and pending["approved"])
            how = ((_("approved") if approved else _("denied")) if answered
                   else _("denied (no click within {timeout:g} s)", timeout=self.timeout))
            self.decisions.append((name, input, approved))
            self.answers.value += f"<div>{_('{title}: {text}', title=html.escape(name), text=how)}</div>"
            self.call.value = ""
            self.status.value = f"<i>{_('Running…')}</i>"
            return approved

    def answer(self, approved: bool) -> None:
        """Answer the pending call, as clicking Approve (True) or Deny (False) does; no-op if none."""
        pending = self._pending
        if pending is not None and not pending["event"].is_set():
            pending["approved"] = approved
            pending["event"].set()

    def start(self, client, task: str, tools, **run_agent_kwargs) -> ApprovalGate:
        """Run `run_agent(client, task, tools, approve=self, ...)` in a background thread; return self to display."""
        if self._thread is not None and self._thread.is_alive():
            raise RuntimeError(_("ApprovalGate: a run is still going; answer its calls, or make a new gate"))
        self.run, self.error, self.decisions = None, None, []
        self._done.clear()
        self.answers.value, self.result.children = "", ()
        self.status.value = f"<i>{_('Running…')}</i>"

        def work():
            try:
                self.run = run_agent(client, task, tools, approve=self, **run_agent_kwargs)
                self.status.value = f"<b>{_('Run finished.')}</b>"
                self.result.children = (Timeline(self.run),)
            except BaseException as exc:  # shown in the widget and re-raised by wait()
                self.error = exc
                self.status.value = _("<b>The run failed:</b> {error}",
                                      error=html.escape(f"{type(exc).__name__}: {exc}"))
            finally:
                self._done.set()

        self._thread = Thread(target=work, name="looplab-approval-gate", daemon=True)
        self._thread.start()
        return self

    def wait(self, timeout: float | None = None):
        """The finished Run, once the run ends (None if `timeout` seconds pass first)."""
        if self._thread is None:
            raise RuntimeError(_("ApprovalGate: nothing to wait for; call gate.start(client, task, tools) first"))
        if not self._done.wait(timeout):
            return None
        if self.error is not None:
            raise self.error
        return self.run

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = _(FALLBACK)
        return bundle
