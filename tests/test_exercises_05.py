"""Exercises of notebook 05 (failure injection): each check knows unattempted, wrong and right answers."""
from dataclasses import replace

import anthropic
from solutions import defined_in, solved, starters

from looplab import MODEL, Sandbox, samples, tool
from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex05

PRELUDE = "from pathlib import Path\nfrom dataclasses import replace\nfrom looplab import Sandbox, samples, tool\n"
retry_once = defined_in(ex05.retry_once.solution_text, PRELUDE)["retry_once"]  # the published solution
make_read_invoice = defined_in(ex05.read_invoice.solution_text, PRELUDE)["make_read_invoice"]  # the published solution


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


def test_prediction_unattempted():
    """The prediction check says 'not attempted' for the starter's ..."""
    assert ex05.prediction.evaluate(...).status == UNATTEMPTED


def test_prediction_forgetting_the_first_try_fails_without_giving_it_away():
    """Counting only the retries is not yet, and the message does not reveal the numbers."""
    outcome = ex05.prediction.evaluate({"twice": 5, "always": 2})
    assert outcome.status == FAIL
    said = outcome.message.split(": ", 1)[1]  # after the exercise's title
    assert "3" not in said and "4" not in said


def test_prediction_forgetting_the_second_turn_fails():
    """Stopping the count at the first model call when the API recovers is not yet."""
    outcome = ex05.prediction.evaluate({"twice": 3, "always": 3})
    assert outcome.status == FAIL
    assert "prediction['twice']" in outcome.message


def test_prediction_of_the_wrong_shape_fails():
    """A single number instead of the dict is told what to write."""
    outcome = ex05.prediction.evaluate(3)
    assert outcome.status == FAIL
    assert "'always', 'twice'" in outcome.message


def test_prediction_solution_passes():
    """The published prediction passes, measured by running both scenarios."""
    outcome = ex05.prediction.evaluate(defined_in(ex05.prediction.solution_text)["prediction"])
    assert outcome.status == PASS, outcome.message


ENDINGS = {"end_turn": "done", "stop_sequence": "done", "max_tokens": "truncated", "refusal": "refused",
           "model_context_window_exceeded": "context_exceeded"}
loop_with_errors = defined_in(ex05.api_errors.solution_text,
                              "import anthropic\nfrom looplab import MODEL\nENDINGS = " + repr(ENDINGS) + "\n")["my_loop"]


def starter_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None):
    """Run the agent loop; an API error ends it with status "error", history kept."""
    raise NotImplementedError


def loop_handling(on_error):
    """The loop of notebook 04; `on_error(messages)` decides what an API error does (None: let it out)."""
    def my_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None):
        messages = [{"role": "user", "content": task}]
        for _ in range(max_turns):
            try:
                reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            except anthropic.APIError:
                if on_error is None:
                    raise
                return on_error(messages)
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason != "tool_use":
                return ENDINGS.get(reply.stop_reason, "done"), messages
            messages.append({"role": "user", "content": [toolbox.execute(b, approve).result
                                                         for b in reply.content if b.type == "tool_use"]})
        return "max_turns", messages
    return my_loop


def test_api_errors_unattempted():
    """The API-error check says 'not attempted' for ... and for the starter."""
    assert ex05.api_errors.evaluate(...).status == UNATTEMPTED
    assert ex05.api_errors.evaluate(starter_loop).status == UNATTEMPTED


def test_loop_that_lets_the_api_error_out_fails():
    """A loop without try/except lets OverloadedError out: not yet, saying what to catch."""
    outcome = ex05.api_errors.evaluate(loop_handling(None))
    assert outcome.status == FAIL
    assert "catch anthropic.APIError" in outcome.message


def test_loop_that_calls_an_api_error_done_fails():
    """Ending a failed run as 'done' is not yet, with the status run_agent gives."""
    outcome = ex05.api_errors.evaluate(loop_handling(lambda messages: ("done", messages)))
    assert outcome.status == FAIL
    assert "run_agent ends it 'error'" in outcome.message


def test_loop_that_drops_the_history_fails():
    """Returning an empty history on an API error loses what the run did: not yet."""
    outcome = ex05.api_errors.evaluate(loop_handling(lambda messages: ("error", [])))
    assert outcome.status == FAIL
    assert "history" in outcome.message


def test_api_errors_right_answer_passes():
    """The worked solution passes all five runs."""
    outcome = ex05.api_errors.evaluate(loop_with_errors)
    assert outcome.status == PASS, outcome.message


def test_the_notebooks_starters_are_not_attempted():
    """Each starter cell of notebook 05, as a participant gets it, is 'not attempted' by its check."""
    exercises = [(ex05.fix_loop, "fixed_loop"), (ex05.retry_once, "retry_once"), (ex05.read_invoice, "make_read_invoice"),
                 (ex05.prediction, "prediction"), (ex05.api_errors, "my_loop")]
    codes = starters("05_failure_injection.ipynb")
    assert len(codes) == len(exercises)
    for code, (exercise, name) in zip(codes, exercises, strict=True):
        assert exercise.evaluate(defined_in(code, PRELUDE)[name]).status == UNATTEMPTED, name


def test_the_notebooks_solution_cells_are_the_published_solutions():
    """The solved notebook runs exactly the code that solution() prints, for fix_loop, read_invoice, prediction, api_errors."""
    cells = [solved("05_failure_injection.ipynb")[0], *solved("05_failure_injection.ipynb")[2:]]
    for cell, exercise in zip(cells, [ex05.fix_loop, ex05.read_invoice, ex05.prediction, ex05.api_errors], strict=True):
        assert cell.strip() == exercise.solution_text.strip(), exercise.title


def colleague_loop(client, task, toolbox, max_turns=10):
    """The notebook's buggy loop: it answers only the first tool call of a turn."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "done"), messages
        block = next(b for b in reply.content if b.type == "tool_use")
        messages.append({"role": "user", "content": [toolbox.execute(block).result]})
    return "max_turns", messages


def loop_sending(arrange):
    """A loop that runs every call but sends the results as `arrange(results)` says: a list of user messages."""
    def fixed_loop(client, task, toolbox, max_turns=10):
        messages = [{"role": "user", "content": task}]
        for _ in range(max_turns):
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason != "tool_use":
                return ENDINGS.get(reply.stop_reason, "done"), messages
            results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]
            messages.extend({"role": "user", "content": part} for part in arrange(results))
        return "max_turns", messages
    return fixed_loop


def starter_fixed_loop(client, task, toolbox, max_turns=10):
    """Run the agent loop; return (status, messages)."""
    raise NotImplementedError


def test_fix_loop_unattempted():
    """The fix-this-loop check says 'not attempted' for ... and for the starter."""
    assert ex05.fix_loop.evaluate(...).status == UNATTEMPTED
    assert ex05.fix_loop.evaluate(starter_fixed_loop).status == UNATTEMPTED


def test_the_colleagues_loop_fails_with_the_apis_words():
    """The buggy loop is not yet, and the message repeats what the API said was missing."""
    outcome = ex05.fix_loop.evaluate(colleague_loop)
    assert outcome.status == FAIL
    assert "have no tool_result" in outcome.message


def test_results_in_separate_messages_fail():
    """One user message per result is refused by the API: not yet."""
    outcome = ex05.fix_loop.evaluate(loop_sending(lambda results: [[r] for r in results]))
    assert outcome.status == FAIL


def test_results_out_of_order_fail():
    """Results in reverse order are not yet, with the ids asked and answered."""
    outcome = ex05.fix_loop.evaluate(loop_sending(lambda results: [results[::-1]]))
    assert outcome.status == FAIL
    assert "in the order of the calls" in outcome.message


def test_fix_loop_right_answer_passes():
    """The published fix passes."""
    fixed = defined_in(ex05.fix_loop.solution_text, "from looplab import MODEL\nENDINGS = " + repr(ENDINGS) + "\n")
    assert ex05.fix_loop.evaluate(fixed["fixed_loop"]).status == PASS
