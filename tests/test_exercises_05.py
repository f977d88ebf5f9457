"""Exercises of notebook 05 (failure injection): each check knows unattempted, wrong and right answers."""
from dataclasses import replace

from solutions import defined_in

from looplab import Sandbox, samples, tool
from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex05

PRELUDE = "from pathlib import Path\nfrom dataclasses import replace\nfrom looplab import Sandbox, samples, tool\n"
retry_once = defined_in(ex05.retry_once.solution_text, PRELUDE)["retry_once"]  # the published solution
make_read_invoice = defined_in(ex05.read_invoice.solution_text, PRELUDE)["make_read_invoice"]  # the published solution


def test_attempts_unattempted():
    """The attempts check says 'not attempted' for the starter's ..."""
    assert ex05.attempts.evaluate(...).status == UNATTEMPTED


def test_attempts_wrong_number_fails_without_giving_it_away():
    """Forgetting the first try (2) is not yet, and the message does not reveal 3."""
    outcome = ex05.attempts.evaluate(2)
    assert outcome.status == FAIL
    assert "3" not in outcome.message


def test_attempts_not_a_number_fails():
    """A text answer is not yet, asking for a whole number."""
    outcome = ex05.attempts.evaluate("three")
    assert outcome.status == FAIL
    assert "whole number" in outcome.message


def test_attempts_right_number_passes():
    """3 (one try plus max_retries=2 retries) passes, measured by running it."""
    outcome = ex05.attempts.evaluate(3)
    assert outcome.status == PASS
    assert "[0, 1, 2]" in outcome.message


def starter_retry_once(tool):
    """The same tool, called once more if it raises; consequential tools are never retried."""
    raise NotImplementedError


def retry_everything_once(tool):
    """Wrong: retries consequential tools too."""
    def handler(**input):
        try:
            return tool.handler(**input)
        except Exception:
            return tool.handler(**input)

    return replace(tool, handler=handler)


def swallow_errors(tool):
    """Wrong: turns the second failure into an ordinary result."""
    if tool.consequential:
        return tool

    def handler(**input):
        for _ in range(2):
            try:
                return tool.handler(**input)
            except Exception as exc:
                error = exc
        return f"sorry: {error}"

    return replace(tool, handler=handler)


def test_retry_once_unattempted():
    """The retry check says 'not attempted' for ... and for the starter."""
    assert ex05.retry_once.evaluate(...).status == UNATTEMPTED
    assert ex05.retry_once.evaluate(starter_retry_once).status == UNATTEMPTED


def test_retry_once_without_retry_fails():
    """Returning the tool unchanged leaves a flaky tool failing: not yet."""
    outcome = ex05.retry_once.evaluate(lambda tool: tool)
    assert outcome.status == FAIL
    assert "called 1 time(s)" in outcome.message


def test_retrying_a_consequential_tool_fails():
    """Retrying send_email after a failure is not yet."""
    outcome = ex05.retry_once.evaluate(retry_everything_once)
    assert outcome.status == FAIL
    assert "never retry a consequential tool" in outcome.message


def test_swallowing_the_error_fails():
    """Hiding the second failure as an ordinary result is not yet."""
    outcome = ex05.retry_once.evaluate(swallow_errors)
    assert outcome.status == FAIL
    assert "is_error" in outcome.message


def test_retry_once_right_answer_passes():
    """The worked solution passes."""
    assert ex05.retry_once.evaluate(retry_once).status == PASS


def starter_make_read_invoice(folder):
    sandbox = Sandbox(folder)  # noqa: F841  (the notebook's starter, as a participant gets it)

    @tool
    def read_invoice(path: str) -> str:
        """Return the text of one invoice; fails if it is empty or has no Status line.

        Args:
            path: Invoice path relative to the working folder, e.g. invoices/2026-08-015.txt.
        """
        raise NotImplementedError

    return read_invoice


def vague_make_read_invoice(folder):
    sandbox = Sandbox(folder)

    @tool
    def read_invoice(path: str) -> str:
        """Return the text of one invoice.

        Args:
            path: Invoice path relative to the working folder.
        """
        text = sandbox.read(path)
        if not text.strip() or "Status:" not in text:
            raise ValueError("bad file")
        return text

    return read_invoice


def test_read_invoice_unattempted():
    """The invoice reader check says 'not attempted' for ... and for the starter."""
    assert ex05.read_invoice.evaluate(...).status == UNATTEMPTED
    assert ex05.read_invoice.evaluate(starter_make_read_invoice).status == UNATTEMPTED


def test_plain_reader_fails_on_the_empty_file():
    """The sample read_file returns '' for an empty invoice: not yet."""
    outcome = ex05.read_invoice.evaluate(lambda folder: samples.invoice_tools(folder)[1])
    assert outcome.status == FAIL
    assert "2026-07-012 is empty" in outcome.message


def test_error_that_does_not_name_the_file_fails():
    """An error without the file's name is not yet."""
    outcome = ex05.read_invoice.evaluate(vague_make_read_invoice)
    assert outcome.status == FAIL
    assert "does not name the file" in outcome.message


def test_read_invoice_right_answer_passes():
    """The worked solution passes: both broken files named, total 850 EUR."""
    outcome = ex05.read_invoice.evaluate(make_read_invoice)
    assert outcome.status == PASS
    assert "850 EUR" in outcome.message
