"""Evaluate an agent: run it over a list of questions, apply behaviour checks, tabulate the results.

A check is a function `check(run, case) -> bool | None` written before the agent runs:
True passes, False fails, None means "does not apply to this case". A case is a dict
with at least a "question" (a bare string is taken as the question).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

from looplab.i18n import N_, _
from looplab.trace import clip

PROGRESS_MODES = ("auto", "widget", "text", None)
MARKS = {True: "✓", False: "✗", None: "–"}
HEAD = ("#", N_("question"), N_("status"), N_("turns"), N_("tools"))


class Results(list):
    """One row (a dict) per case: question, status, turns, tool calls, and each check's outcome."""

    def __init__(self, rows: Iterable[dict], checks: list[str], runs: list, notes: list[str]):
        """Rows in case order; `runs` holds each case's Run (None if the agent raised)."""
        super().__init__(rows)
        self.checks = checks
        """The check names, in column order."""
        self.runs = runs
        """The Run of each case, in case order (None where the agent raised)."""
        self.notes = notes
        """One line per distinct error of an agent or a check, naming the cases it hit."""

    def counts(self) -> tuple[int, int]:
        """(checks passed, checks that applied), over every row."""
        outcomes = [row[name] for row in self for name in self.checks if row[name] is not None]
        return sum(o is True for o in outcomes), len(outcomes)

    def failures(self) -> list[tuple[str, str]]:
        """(question, check name) for every check that failed."""
        return [(row["question"], name) for row in self for name in self.checks if row[name] is False]

    def summary(self) -> str:
        """One line: how many checks passed, and which failed."""
        passed, applied = self.counts()
        failed = ", ".join(_("{check} on {question!r}", check=name, question=_short(q, 40)) for q, name in self.failures())
        if failed:
            return _("{passed} of {applied} checks passed; failed: {failed}", passed=passed, applied=applied, failed=failed)
        return _("{passed} of {applied} checks passed", passed=passed, applied=applied)

    def _table(self) -> list[list[str]]:
        head = [*map(_, HEAD), *self.checks]
        body = [[str(i), _short(r["question"], 44), r["status"], str(r["turns"]), str(r["tool_calls"]),
                 *(MARKS[r[name]] for name in self.checks)] for i, r in enumerate(self, 1)]
        return [head, *body]

    def __repr__(self) -> str:
        table = self._table()
        widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
        lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
                 for row in table]
        return "\n".join([*lines, self.summary(), *self.notes])

    def _repr_html_(self) -> str:
        head, *body = self._table()
        cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
        rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in body)
        notes = "".join(f"<p>{html.escape(n)}</p>" for n in self.notes)
        return (f'<div class="looplab-eval"><table><thead><tr>{cells}</tr></thead><tbody>{rows}'
                f"</tbody></table><p>{html.escape(self.summary())}</p>{notes}</div>")


def evaluate(agent: Callable[[str], Any], cases: Iterable, checks, *, progress: str | None = "auto") -> Results:
    """Run `agent(question)` on every case, apply every check to each run, return the Results table.

    `checks` is a dict {name: check} or a list of functions (named after them). `progress`:
    "auto" (a progress bar in a notebook, text lines elsewhere), "widget", "text" or None.
    """
    cases = [{"question": c} if isinstance(c, str) else dict(c) for c in cases]
    named = _named_checks(checks)
    if not cases or any(not isinstance(c.get("question"), str) for c in cases):
        raise ValueError(_("evaluate: pass a non-empty list of questions, or of dicts with a 'question'"))
    if progress not in PROGRESS_MODES:
        raise ValueError(_("evaluate: progress must be one of {modes}, not {progress!r}", modes=PROGRESS_MODES,
                           progress=progress))
    step = _progress(len(cases), progress)
    rows, runs, notes = [], [], {}  # notes: error text -> the case numbers it hit
    for i, case in enumerate(cases, 1):
        row, run = {"question": case["question"]}, None
        try:
            run = agent(case["question"])
            row.update(status=run.status, turns=run.turns, tool_calls=len(run.tool_calls))
        except Exception as exc:  # one failing case must not stop the evaluation
            row.update(status=_("error: {error}", error=type(exc).__name__), turns=0, tool_calls=0)
            notes.setdefault(_("the agent raised {error}: {message}", error=type(exc).__name__, message=exc), []).append(i)
        for name, check in named.items():
            row[name] = _apply(check, name, run, case, i, notes)
        rows.append(row)
        runs.append(run)
        step(i, row)
    lines = [_note(text, hit) for text, hit in notes.items()]
    return Results(rows, list(named), runs, lines)


def _note(text: str, hit: list[int]) -> str:
    cases = ", ".join(map(str, hit))
    if len(hit) > 1:
        return _("{text} (cases {cases})", text=text, cases=cases)
    return _("{text} (case {cases})", text=text, cases=cases)


def _named_checks(checks) -> dict[str, Callable]:
    pairs = list(checks.items()) if isinstance(checks, dict) else [
        (getattr(c, "__name__", repr(c)), c) for c in checks]
    if not pairs or not all(callable(c) for _, c in pairs):
        raise TypeError(_("evaluate: checks must be a non-empty dict {name: function} or list of "
                          "functions check(run, case) -> bool | None"))
    return dict(pairs)


def _apply(check, name, run, case, i, notes) -> bool | None:
    if run is None:
        return False  # no run to check: the case fails every check
    try:
        outcome = check(run, case)
    except NotImplementedError:
        notes.setdefault(_("check {name} is not written yet (it raises NotImplementedError)", name=name), []).append(i)
        return False
    except Exception as exc:
        notes.setdefault(_("check {name} raised {error}: {message}", name=name, error=type(exc).__name__,
                           message=exc), []).append(i)
        return False
    return None if outcome is None else bool(outcome)


def _short(text: str, limit: int) -> str:
    return clip(" ".join(text.split()), limit)  # one line: a question's newlines would break the table


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    return getattr(get_ipython(), "kernel", None) is not None


def _progress(total: int, mode: str | None) -> Callable[[int, dict], None]:
    """A callback step(done, row) that shows progress the way `mode` asks."""
    if mode == "auto":
        mode = "widget" if _in_kernel() else "text"
    if mode == "widget":
        try:
            return _widget_progress(total)
        except ImportError:
            mode = "text"  # no ipywidgets: plain lines instead
    if mode == "text":
        return lambda done, row: print(_("[{done}/{total}] {status}: {question}", done=done, total=total,
                                         status=row["status"], question=_short(row["question"], 60)))
    return lambda done, row: None


def _widget_progress(total: int) -> Callable[[int, dict], None]:
    # Imported on use, not to dodge a circle: `import looplab` stays fast without ipywidgets/IPython.
    import ipywidgets
    from IPython.display import display

    class Bar(ipywidgets.HBox):
        def __repr__(self) -> str:  # the text/plain nbval compares: fixed, whatever the progress
            return _("Evaluating {total} questions (a progress bar where widgets show)", total=total)

    bar = ipywidgets.IntProgress(value=0, min=0, max=total, description=_("Evaluating"))
    label = ipywidgets.Label(_("{done} of {total}", done=0, total=total))
    box = Bar([bar, label])
    display(box)

    def step(done: int, row: dict) -> None:
        bar.value = done
        if done == total:
            label.value = _("{done} of {total} — done", done=done, total=total)
        else:
            label.value = _("{done} of {total}: {question}", done=done, total=total, question=_short(row["question"], 40))

    step.widget = box
    return step
