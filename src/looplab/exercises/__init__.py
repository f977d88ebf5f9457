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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from IPython.display import display

from looplab.progress import note_progress

PASS, FAIL, UNATTEMPTED = "pass", "not yet", "not attempted"
LABELS = {PASS: "Correct", FAIL: "Not yet", UNATTEMPTED: "Not attempted"}
COLOURS = {PASS: "#2e7d32", FAIL: "#e65100", UNATTEMPTED: "#757575"}  # green, orange, grey


@dataclass(frozen=True)
class Outcome:
    """What a check found: `status` is 'pass', 'not yet' or 'not attempted'."""

    status: str
    message: str

    def __str__(self) -> str:
        return f"{LABELS[self.status]}: {self.message}"

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        """The same text with a coloured label, wrapping between words (JupyterLab shows this)."""
        colour = COLOURS[self.status]
        return (f'<div style="white-space: normal; overflow-wrap: break-word; '
                f'border-left: 4px solid {colour}; padding-left: 0.5em">'
                f'<strong style="color: {colour}">{LABELS[self.status]}:</strong> '
                f"{html.escape(self.message)}</div>")


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
            return Outcome(UNATTEMPTED, f"{self.title}: replace the ... in the starter cell, then check again.")
        try:
            praise = self.test(answer)
        except NotImplementedError:
            return Outcome(UNATTEMPTED, f"{self.title}: the starter still raises NotImplementedError; write your code there.")
        except AssertionError as exc:
            return Outcome(FAIL, f"{self.title}: {exc}")
        except Exception as exc:  # the participant's code raised: say so, keep the kernel alive
            return Outcome(FAIL, f"{self.title}: your code raised {type(exc).__name__}: {exc}")
        return Outcome(PASS, f"{self.title}: {praise}")

    def check(self, answer: Any = ...) -> None:
        """Show the participant the outcome for `answer`: Correct, Not yet or Not attempted."""
        outcome = self.evaluate(answer)
        note_progress(self.title, outcome.status)  # for the instructor's view on a hub; off elsewhere
        display(outcome)

    def hint(self) -> None:
        """Print a hint."""
        print(f"Hint ({self.title}): {self.hint_text}")

    def solution(self) -> None:
        """Print a worked solution."""
        print(f"Solution ({self.title}):\n{self.solution_text}")
