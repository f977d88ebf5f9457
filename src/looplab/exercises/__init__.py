"""Self-checking exercises, in the manner of Kaggle's learntools.

Each notebook's exercises live in a module here (`ex01`, `ex02`, ...). An exercise
checks *behaviour*: it runs the participant's answer and says pass, not yet (with
why), or not attempted. `check()` shows that outcome to the participant (coloured in
JupyterLab, plain text elsewhere); `evaluate()` returns it to code. `hint()` and
`solution()` print help on demand, so no answer is pasted in the notebook a
participant receives.
"""

from __future__ import annotations

import html
import linecache
import numbers
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from IPython.display import display

from looplab.i18n import N_, _
from looplab.progress import note_progress

PASS, FAIL, UNATTEMPTED = "pass", "not yet", "not attempted"
LABELS = {PASS: N_("Correct"), FAIL: N_("Not yet"), UNATTEMPTED: N_("Not attempted")}
COLOURS = {PASS: "#2e7d32", FAIL: "#e65100", UNATTEMPTED: "#757575"}  # green, orange, grey


@dataclass(frozen=True)
class Outcome:
    """What a check found: `status` is 'pass', 'not yet' or 'not attempted'."""

    status: str
    message: str

    def __str__(self) -> str:
        return _("{title}: {text}", title=_(LABELS[self.status]), text=self.message)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        """The same text with a coloured label, wrapping between words (JupyterLab shows this)."""
        colour = COLOURS[self.status]
        return (f'<div style="white-space: normal; overflow-wrap: break-word; '
                f'border-left: 4px solid {colour}; padding-left: 0.5em">'
                f'<strong style="color: {colour}">{_("{label}:", label=_(LABELS[self.status]))}</strong> '
                f"{html.escape(self.message)}</div>")


_PACKAGE, _EXERCISES = Path(__file__).resolve().parents[1], Path(__file__).resolve().parent
_INSTALLED = (sys.prefix, sys.base_prefix, "<frozen")


_PASS_THROUGH: set = set()  # the code of the checks' wrappers around a tool's handler


def pass_through(function: Callable) -> Callable:
    """Mark `function`, a check's wrapper around a tool's handler, as owning nothing the handler raises: when a
    participant's code calls the tool and it raises, the error is theirs to read, not the check's."""
    _PASS_THROUGH.add(function.__code__)
    return function


def _inside(filename: str, folder: Path) -> bool:
    return Path(filename).resolve().is_relative_to(folder)


def learner_line(exc: BaseException, test: Callable | None = None) -> str:
    """Where the participant's code raised `exc` ('line N: <source>'), or '' when it is the check's.

    The last frame that is either the check's (this package's exercises, or `test` itself) or the
    participant's (anything outside looplab, the standard library and installed packages) owns it.
    """
    owner = None
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        filename = frame.f_code.co_filename
        if frame.f_code in _PASS_THROUGH:
            continue
        if frame.f_code is getattr(test, "__code__", None) or _inside(filename, _EXERCISES):
            owner = None
        elif not filename.startswith(_INSTALLED) and not _inside(filename, _PACKAGE):
            owner = (filename, lineno)
    if owner is None:
        return ""
    filename, lineno = owner
    where = (_("line {n}", n=lineno) if "ipykernel_" in filename
             else _("{file} line {n}", file=Path(filename).name, n=lineno))
    source = linecache.getline(filename, lineno).strip()
    return _("{title}: {text}", title=where, text=source) if source else where


def their_line(exc: BaseException) -> str | None:
    """learner_line() for callers that test for None: where the participant's code raised, else None."""
    return learner_line(exc) or None


def raised(exc: BaseException) -> str:
    """'your code raised KeyError: 'x' (line 3: ...)': how a check reports the participant's exception."""
    line = learner_line(exc)
    text = _("your code raised {error}: {message}", error=type(exc).__name__, message=exc)
    return text + (f" ({line})" if line else "")


@dataclass
class Exercise:
    """One exercise: a behaviour test, a hint and a worked solution."""

    title: str
    """Shown with every outcome, e.g. 'Exercise 1.1 — a time tool'."""
    test: Callable[[Any], str]
    """Raises AssertionError(why) when the answer is wrong; returns a short praise line."""
    hint_text: str
    """One or two sentences that point the way without giving the answer."""
    solution_text: str
    """The code of a right answer, shown by solution()."""

    def evaluate(self, answer: Any = ...) -> Outcome:
        """Run the test on `answer` and return the outcome, printing nothing."""
        if answer is ... or answer is None:
            return Outcome(UNATTEMPTED, _("{title}: replace the ... in the starter cell, then check again.",
                                          title=_(self.title)))
        try:
            praise = self.test(answer)
        except NotImplementedError:
            return Outcome(UNATTEMPTED, _("{title}: the starter still raises NotImplementedError; write your code there.",
                                          title=_(self.title)))
        except Exception as exc:  # keep the kernel alive; say whose code raised
            line = learner_line(exc, self.test)
            title = _(self.title)
            if line:
                said = _("your code raised {error}: {message}", error=type(exc).__name__, message=exc)
                return Outcome(FAIL, _("{title}: {text}", title=title, text=f"{said} ({line})"))
            if isinstance(exc, AssertionError):
                return Outcome(FAIL, _("{title}: {text}", title=title, text=exc))
            return Outcome(FAIL, _("{title}: internal error in the check, not in your code ({error}: {message}); "
                                   "please tell the instructor", title=title, error=type(exc).__name__, message=exc))
        return Outcome(PASS, _("{title}: {text}", title=_(self.title), text=praise))

    def check(self, answer: Any = ...) -> None:
        """Show the participant the outcome for `answer`: Correct, Not yet or Not attempted."""
        outcome = self.evaluate(answer)
        note_progress(self.title, outcome.status)  # for the instructor's view on a hub; off elsewhere
        display(outcome)

    def hint(self) -> None:
        """Print a hint."""
        print(_("Hint ({title}): {text}", title=_(self.title), text=_(self.hint_text)))

    def solution(self) -> None:
        """Print a worked solution."""
        print(_("Solution ({title}):", title=_(self.title)) + "\n" + _(self.solution_text))


class Interrupt(KeyboardInterrupt):
    """A check's own Ctrl-C, so a real one still stops the check."""


def whole(number) -> bool:
    """Whether `number` is a whole number (an int, a whole float, a numpy integer), not a bool."""
    return isinstance(number, numbers.Real) and not isinstance(number, bool) and number == int(number)
