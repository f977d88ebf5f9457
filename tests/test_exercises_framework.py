"""The exercise framework reports pass, not yet and not attempted, and never crashes."""
import json

from looplab.exercises import FAIL, PASS, UNATTEMPTED, Exercise, Outcome


def must_double(fn):
    if fn(2) != 4:  # an explicit raise: pytest rewrites asserts in test files, adding noise
        raise AssertionError(f"double(2) returned {fn(2)!r}, expected 4")
    return "double works."


EXERCISE = Exercise("Exercise 0.1 — double", must_double, "Multiply by two.", "def double(x):\n    return 2 * x")


def starter(x):
    raise NotImplementedError


def test_ellipsis_and_none_are_not_attempted():
    """A starter left as `...` or None counts as not attempted."""
    assert EXERCISE.evaluate(...).status == UNATTEMPTED
    assert EXERCISE.evaluate(None).status == UNATTEMPTED


def test_a_starter_that_raises_not_implemented_is_not_attempted():
    """A function whose body still raises NotImplementedError counts as not attempted."""
    assert EXERCISE.evaluate(starter).status == UNATTEMPTED


def test_a_wrong_answer_says_why():
    """A wrong answer is 'not yet' with the reason from the test."""
    outcome = EXERCISE.evaluate(lambda x: x + 1)
    assert outcome.status == FAIL
    assert str(outcome) == "Not yet: Exercise 0.1 — double: double(2) returned 3, expected 4"


def test_an_answer_that_raises_is_not_yet_not_a_crash():
    """An answer that raises is reported, with the exception named, instead of crashing."""
    outcome = EXERCISE.evaluate(lambda x: 1 / 0)
    assert outcome.status == FAIL
    assert "ZeroDivisionError" in outcome.message


def test_an_answer_that_raises_is_reported_with_its_line():
    """The participant's exception names the line of their code that raised it."""
    def answer(x):
        return {}["missing"]
    outcome = EXERCISE.evaluate(answer)
    assert outcome.status == FAIL
    assert "your code raised KeyError: 'missing'" in outcome.message
    assert 'return {}["missing"]' in outcome.message


def test_a_check_that_breaks_is_an_internal_error_not_the_participants():
    """An exception raised by the check's own code (no frame of the answer's) is not blamed on the participant."""
    broken = Exercise("Exercise 0.9 — broken", json.loads, "", "")  # library code only: no frame is the answer's
    outcome = broken.evaluate(42)
    assert outcome.status == FAIL
    assert "your code raised" not in outcome.message and "internal error in the check, not in your code (TypeError" in outcome.message


def test_a_right_answer_passes():
    """A right answer passes with the test's praise line."""
    assert str(EXERCISE.evaluate(lambda x: 2 * x)) == "Correct: Exercise 0.1 — double: double works."
    assert EXERCISE.evaluate(lambda x: 2 * x).status == PASS


def test_check_shows_the_outcome_and_returns_nothing(capsys):
    """check() is for the participant: it shows the outcome's text and returns None; evaluate() returns it."""
    assert EXERCISE.check(lambda x: x + 1) is None
    assert capsys.readouterr().out == "Not yet: Exercise 0.1 — double: double(2) returned 3, expected 4\n"


def test_outcome_html_colours_each_status_and_escapes_the_message():
    """In JupyterLab the label is green, orange or grey; the message is escaped and wraps between words."""
    right = EXERCISE.evaluate(lambda x: 2 * x)._repr_html_()
    wrong = Outcome(FAIL, "Exercise 0.1: got <b> & more")._repr_html_()
    untried = EXERCISE.evaluate(...)._repr_html_()
    assert '<strong style="color: #2e7d32">Correct:</strong> Exercise 0.1 — double: double works.' in right
    assert '<strong style="color: #e65100">Not yet:</strong> Exercise 0.1: got &lt;b&gt; &amp; more' in wrong
    assert '<strong style="color: #757575">Not attempted:</strong>' in untried
    assert all("white-space: normal" in h for h in (right, wrong, untried))


def test_outcome_html_is_the_same_every_time():
    """The HTML holds no id or address, so nbval can compare it between runs."""
    assert EXERCISE.evaluate(...)._repr_html_() == EXERCISE.evaluate(...)._repr_html_()


def test_hint_and_solution_print(capsys):
    """hint() and solution() print their text with the exercise's title."""
    EXERCISE.hint()
    EXERCISE.solution()
    out = capsys.readouterr().out
    assert "Hint (Exercise 0.1 — double): Multiply by two." in out
    assert "return 2 * x" in out


def test_an_answer_that_raises_is_reported_with_its_source_after_the_title():
    """The message reads 'your code raised X: msg (line: source)', right after the exercise's title."""
    def double(x):
        return {}[x]  # a KeyError in the participant's code

    outcome = EXERCISE.evaluate(double)
    assert outcome.message.startswith("Exercise 0.1 — double: your code raised KeyError: 2 (")
    assert "return {}[x]  # a KeyError in the participant's code" in outcome.message


def test_an_assert_in_the_answer_is_the_answers_not_the_checks():
    """An AssertionError raised by the participant's own assert is reported as theirs, with its line."""
    def double(x):
        assert x < 0, "only negatives"
        return 2 * x

    outcome = EXERCISE.evaluate(double)
    assert "your code raised AssertionError: only negatives" in outcome.message
    assert 'assert x < 0, "only negatives"' in outcome.message


def test_a_check_that_crashes_is_an_internal_error_not_the_answers():
    """A bug in the check itself is reported as the check's, never blamed on the participant."""
    def buggy_check(fn):
        fn(2)
        return {}["praise"]

    outcome = Exercise("Exercise 0.2 — buggy", buggy_check, "", "").evaluate(lambda x: 2 * x)
    assert outcome.status == FAIL
    assert "internal error in the check, not in your code (KeyError: 'praise')" in outcome.message
    assert "your code raised" not in outcome.message
