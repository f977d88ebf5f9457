"""Self-checking exercises, in the manner of Kaggle's learntools.

Each notebook's exercises live in a module here (`ex01`, `ex02`, ...). An exercise
checks *behaviour*: it runs the participant's answer and says pass, not yet (with
why), or not attempted. `hint()` and `solution()` print help on demand, so no
answer is pasted in the notebook a participant receives.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

PASS, FAIL, UNATTEMPTED = "pass", "not yet", "not attempted"


@dataclass(frozen=True)
class Outcome:
    """What a check found: `status` is 'pass', 'not yet' or 'not attempted'."""

    status: str
    message: str

    def __str__(self) -> str:
        mark = {PASS: "Correct", FAIL: "Not yet", UNATTEMPTED: "Not attempted"}[self.status]
        return f"{mark}: {self.message}"

    def __repr__(self) -> str:
        return str(self)


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

    def check(self, answer: Any = ...) -> Outcome:
        """Check `answer` and show the outcome (pass / not yet / not attempted)."""
        return self.evaluate(answer)

    def hint(self) -> None:
        """Print a hint."""
        print(f"Hint ({self.title}): {self.hint_text}")

    def solution(self) -> None:
        """Print a worked solution."""
        print(f"Solution ({self.title}):\n{self.solution_text}")
