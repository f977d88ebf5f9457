"""FaultPanel: toggles that break the next run on purpose — 529, 429, timeout, truncated reply, bad tools."""

from __future__ import annotations

import html

import ipywidgets as w

from looplab import faults
from looplab.i18n import N_, _
from looplab.practice import transport_of
from looplab.tools import Toolbox

# key: (button label, what it does); {tool} is the tool the tool faults apply to.
TOGGLES = {
    "overloaded": (N_("529 overloaded"), N_("the first 2 model calls answer HTTP 529; the SDK retries them "
                                            "(max_retries=2), so the run still succeeds, only later")),
    "rate_limited": (N_("429 rate limited"), N_("the first 2 model calls answer HTTP 429 (retry-after-ms: 1); "
                                                "the SDK waits and retries, the run succeeds")),
    "timeout": (N_("timeout"), N_("every model call times out; the SDK retries, then gives up: "
                                  "the run stops with status 'error' (APITimeoutError)")),
    "truncated": (N_("truncated reply"), N_("the next reply is cut at max_tokens: the run stops with "
                                            "status 'truncated'")),
    "failing": (N_("failing tool"), N_("{tool} raises an error on every call: the model gets is_error results")),
    "planted": (N_("planted instruction"), N_("{tool}'s result carries an instruction aimed at the model: "
                                              "a gullible model obeys it, a careful one reports it")),
}
TRANSPORT = {"overloaded": 2, "rate_limited": 2, "timeout": None, "truncated": 1}  # key -> times
TOOL_FAULTS = ("failing", "planted")


class FaultPanel(w.VBox):
    """Toggles that break the next run: transport faults go on `client`, tool faults on `panel.tools`.

    Each read of `panel.tools` arms the toggled faults afresh for one run (counters reset), so
    run with `run_agent(client, task, panel.tools)`. `panel.set(timeout=True)` toggles from code.
    """

    def __init__(self, client, tools, *, target: str | None = None, **kwargs):
        self.client, self._tools = client, list(Toolbox(tools))
        names = [t.name for t in self._tools]
        if target is not None and target not in names:
            raise ValueError(_("FaultPanel: no tool {target!r}; pass target= one of {names}", target=target,
                               names=", ".join(names)))
        self.target = w.Dropdown(options=names, value=target or (names[0] if names else None),
                                 description=_("tool faults hit"), disabled=not names,
                                 style={"description_width": "initial"})
        try:
            self._transport = transport_of(client)
        except ValueError:
            self._transport = None  # a real API: only the tool faults can be simulated
        self.armed: dict[str, object] = {}  # key -> the fault object on the transport
        self.toggles = {key: w.ToggleButton(description=_(label), tooltip=_(why, tool=_("the tool")),
                                            layout=w.Layout(width="12em", min_width="12em"))
                        for key, (label, why) in TOGGLES.items()}
        for key, button in self.toggles.items():
            button.disabled = (key in TRANSPORT and self._transport is None) or (key in TOOL_FAULTS and not names)
            button.observe(lambda _change: self._changed(), names="value")
        self.target.observe(lambda _change: self._changed(), names="value")
        self.notes = {key: w.HTML() for key in TOGGLES}
        rows = [w.HBox([self.toggles[k], self.notes[k]]) for k in TOGGLES]
        head = w.HTML(_("<b>Fault panel</b> — toggle faults, then run again with <code>panel.tools</code>"))
        super().__init__([head, *rows, self.target], **kwargs)
        self.add_class("looplab-faults")
        self._changed()

    @property
    def active(self) -> list[str]:
        """Keys of the toggled faults, in panel order."""
        return [key for key, button in self.toggles.items() if button.value]

    def set(self, **flags: bool) -> FaultPanel:
        """Toggle faults from code, e.g. panel.set(overloaded=True, failing=False); returns the panel."""
        unknown = sorted(set(flags) - set(TOGGLES))
        if unknown:
            raise ValueError(_("FaultPanel: no fault {unknown}; known: {known}", unknown=", ".join(unknown),
                               known=", ".join(TOGGLES)))
        for key, on in flags.items():
            if on and self.toggles[key].disabled:
                raise ValueError(_("FaultPanel: {key} needs the practice model (practice_client()); "
                                   "this client talks to a real API", key=key))
            self.toggles[key].value = bool(on)
        return self

    def clear(self) -> None:
        """Untoggle everything and take the panel's faults off the client."""
        self.set(**dict.fromkeys(TOGGLES, False))

    @property
    def tools(self) -> list:
        """The tools for the next run (with the toggled tool faults); re-arms the transport faults."""
        self._arm()
        wrapped = []
        for tool in self._tools:
            if tool.name == self.target.value and "failing" in self.active:
                tool = faults.failing(tool, times=None)
            if tool.name == self.target.value and "planted" in self.active:
                tool = faults.planted(tool)
            wrapped.append(tool)
        return wrapped

    def report(self) -> str:
        """How often each armed transport fault fired since it was armed, one line each."""
        if not self.armed:
            return _("No transport fault is armed.")
        return "\n".join(_("{label}: fired {n} time", label=_(TOGGLES[key][0]), n=getattr(f, "hits", 0))
                         if getattr(f, "hits", 0) == 1 else
                         _("{label}: fired {n} times", label=_(TOGGLES[key][0]), n=getattr(f, "hits", 0))
                         for key, f in self.armed.items())

    def _arm(self) -> None:
        if self._transport is None:
            return
        for fault in self.armed.values():  # only ours: faults the notebook added itself stay
            if fault in self._transport.faults:
                self._transport.faults.remove(fault)
        self.armed = {key: getattr(faults, key)(self.client, times=TRANSPORT[key])
                      for key in self.active if key in TRANSPORT}

    def _changed(self) -> None:
        tool = self.target.value or _("the tool")
        for key, (_label, why) in TOGGLES.items():
            note = html.escape(_(why, tool=tool))
            self.notes[key].value = _("<b>on</b>: {note}", note=note) if self.toggles[key].value else note
        self._arm()

    def text(self) -> str:
        """The panel as plain text: each toggle, on or off, and what it does."""
        tool = self.target.value or _("the tool")
        lines = [_("FaultPanel: toggle faults, then run again with panel.tools "
                   "(transport faults go on the client, tool faults on the tools)")]
        lines += [f"  [{'x' if self.toggles[key].value else ' '}] "
                  + _("{title}: {text}", title=_(label), text=_(why, tool=tool))
                  for key, (label, why) in TOGGLES.items()]
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = self.text()
        return bundle
