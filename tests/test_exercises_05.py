"""Exercises of notebook 05 (failure injection): each check knows unattempted, wrong and right answers."""
import functools
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import anthropic
import pytest
from solutions import defined_in, results_run_twice, solved, starters

from looplab import MODEL, Sandbox, Tool, allow_all, faults, samples, tool
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


def retry_with_one_budget(tool):
    """Wrong: one retry for the tool's whole life, not one per call."""
    if tool.consequential:
        return tool
    budget = {"left": 1}

    def handler(**input):
        try:
            return tool.handler(**input)
        except Exception:
            if budget["left"] == 0:
                raise
            budget["left"] -= 1
            return tool.handler(**input)

    return replace(tool, handler=handler)


def retry_with_bare_except(tool):
    """Wrong: a bare except also retries after Ctrl-C."""
    if tool.consequential:
        return tool

    def handler(**input):
        try:
            return tool.handler(**input)
        except:  # noqa: E722  (the mistake under test)
            return tool.handler(**input)

    return replace(tool, handler=handler)


def retry_by_mutation(tool):
    """Wrong: changes the tool it was given instead of returning a new one."""
    if tool.consequential:
        return tool
    original = tool.handler

    def handler(**input):
        try:
            return original(**input)
        except Exception:
            return original(**input)

    tool.handler = handler
    return tool


def retry_in_a_loop(tool):
    """Right: two tries in a for loop, the last error re-raised."""
    if tool.consequential:
        return tool

    def handler(**input):
        for attempt in range(2):
            try:
                return tool.handler(**input)
            except Exception:
                if attempt == 1:
                    raise

    return replace(tool, handler=handler)


def retry_as_a_new_tool(tool):
    """Right: a new Tool built field by field, functools.wraps on the handler."""
    if tool.consequential:
        return tool

    @functools.wraps(tool.handler)
    def again(**input):
        try:
            return tool.handler(**input)
        except Exception as first:
            print(f"retrying after {first}")
            return tool.handler(**input)

    return Tool(tool.name, tool.description, tool.input_schema, again, tool.consequential)


def retry_simulated_faults_only(tool):
    """Wrong: retries only the ToolFault that faults.failing raises, never a real tool's error."""
    if tool.consequential:
        return tool

    def handler(**input):
        try:
            return tool.handler(**input)
        except faults.ToolFault:
            return tool.handler(**input)

    return replace(tool, handler=handler)


def retry_all_but_send_email(tool):
    """Wrong: leaves send_email alone by its name, so delete_file, consequential too, is retried."""
    if tool.name == "send_email":
        return tool

    def handler(**input):
        try:
            return tool.handler(**input)
        except Exception:
            return tool.handler(**input)

    return replace(tool, handler=handler)


def retry_all_but_two_names(tool):
    """Wrong: leaves send_email and delete_file alone by name; any other consequential tool is retried."""
    if tool.name in ("send_email", "delete_file"):
        return tool

    def handler(**input):
        try:
            return tool.handler(**input)
        except Exception:
            return tool.handler(**input)
    return replace(tool, handler=handler)


RETRY_WRONG = [  # (answer, words the feedback must hold)
    (retry_all_but_two_names, ["book_flight", "called again", "if tool.consequential), not its name"]),
    (lambda tool: tool, ["called 1 time(s)", "once more"]),
    (retry_everything_once, ["never retry a consequential tool"]),
    (swallow_errors, ["ordinary result", "is_error"]),
    (retry_with_one_budget, ["call 2", "shared by every call", "inside handler"]),
    (retry_with_bare_except, ["Ctrl-C", "bare 'except:'", "catch Exception"]),
    (retry_by_mutation, ["changed the tool it was given", "dataclasses.replace"]),
    (retry_simulated_faults_only, ["ConnectionError, not a ToolFault", "called 1 time(s)", "catch Exception"]),
    (retry_all_but_send_email, ["delete_file, consequential too", "tool.consequential"]),
]
RETRY_RIGHT = [retry_once, retry_in_a_loop, retry_as_a_new_tool]


@pytest.mark.parametrize("answer, words", RETRY_WRONG)
def test_retry_once_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each wrong retry_once is not yet, with its mistake named (never the check's own exception)."""
    outcome = ex05.retry_once.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", RETRY_RIGHT)
def test_retry_once_catalogue_right_answers_pass(answer):
    """The solution, a for-loop retry and a Tool built anew all pass."""
    outcome = ex05.retry_once.evaluate(answer)
    assert outcome.status == PASS, outcome.message


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


def make_unsandboxed_reader(folder):
    """Wrong: joins the folder and the path, so '../payroll.txt' leaves the folder."""
    @tool
    def read_invoice(path: str) -> str:
        """Return the text of one invoice.

        Args:
            path: Invoice path relative to the working folder.
        """
        text = (Path(folder) / path).read_text(encoding="utf-8")
        if not text.strip():
            raise ValueError(f"{path} is empty")
        if "\nStatus:" not in "\n" + text:
            raise ValueError(f"{path} has no Status line")
        return text

    return read_invoice


def reader_with(check):
    """A sandboxed reader whose `check(path, text)` returns an error text or None (then the text is returned)."""
    def make_read_invoice(folder):
        sandbox = Sandbox(folder)

        @tool
        def read_invoice(path: str) -> str:
            """Return the text of one invoice.

            Args:
                path: Invoice path relative to the working folder.
            """
            text = sandbox.read(path)
            problem = check(path, text)
            if problem:
                raise ValueError(problem)
            return text

        return read_invoice
    return make_read_invoice


def make_reporting_reader(folder):
    """Wrong: says what is wrong in an ordinary result instead of raising."""
    sandbox = Sandbox(folder)

    @tool
    def read_invoice(path: str) -> str:
        """Return the text of one invoice.

        Args:
            path: Invoice path relative to the working folder.
        """
        text = sandbox.read(path)
        return text if text.strip() and "Status:" in text else f"WARNING: {path} is broken"

    return read_invoice


def make_invoice_text(folder):
    """Right, named differently (the tool a model would not pick by verb), a parameter named file, a regex."""
    sandbox = Sandbox(folder)

    @tool
    def invoice_text(file: str) -> str:
        """The full text of one invoice file; an error if the file is empty or states no status.

        Args:
            file: Invoice file relative to the working folder, e.g. invoices/2026-08-015.txt.
        """
        text = sandbox.read(file)
        if not re.search(r"^Status:", text, re.MULTILINE):
            raise RuntimeError(f"cannot use {file}: " + ("the file is empty" if not text.strip() else "no Status line"))
        return text

    return invoice_text


def guarded_reader(leaves):
    """A reader that joins the folder and the path itself, refusing the path when `leaves(root, path)` says so."""
    def make_read_invoice(folder):
        root = Path(folder).resolve()

        @tool
        def read_invoice(path: str) -> str:
            """Return the text of one invoice.

            Args:
                path: Invoice path relative to the working folder.
            """
            if leaves(root, path):
                raise ValueError(f"{path} is outside the working folder")
            text = (root / path).read_text(encoding="utf-8")
            if not any(line.startswith("Status:") for line in text.splitlines()):
                raise ValueError(f"{path} is empty or has no Status line")
            return text

        return read_invoice
    return make_read_invoice


def make_forgiving_reader(folder):
    """Wrong: answers a path the Sandbox refuses with an ordinary text, which the model reads as an invoice."""
    sandbox = Sandbox(folder)

    @tool
    def read_invoice(path: str) -> str:
        """Return the text of one invoice.

        Args:
            path: Invoice path relative to the working folder.
        """
        try:
            text = sandbox.read(path)
        except Exception as exc:
            return f"cannot read {path}: {exc}"
        if not any(line.startswith("Status:") for line in text.splitlines()):
            raise ValueError(f"{path} is empty or has no Status line")
        return text

    return read_invoice


def status_word_missing(path, text):
    """Wrong: takes the word Status anywhere for a Status line, so a note that mentions it passes."""
    return None if text.strip() and "Status" in text else f"{path} is empty or has no Status line"


READ_INVOICE_WRONG = [  # (answer, words the feedback must hold)
    (reader_with(status_word_missing), ["2026-08-021", "no Status line", "starts with 'Status:'"]),
    (lambda folder: samples.invoice_tools(folder)[1], ["2026-07-012 is empty", "raise an error"]),
    (vague_make_read_invoice, ["does not name the file"]),
    (make_unsandboxed_reader, ["'../payroll.txt'", "Sandbox"]),
    (reader_with(lambda path, text: None if text.strip() else f"{path} is empty"), ["2026-08-019 has no Status line"]),
    (make_reporting_reader, ["ordinary result", "raise"]),
    (reader_with(lambda path, text: None if text.startswith("Status:") else f"{path} has no Status line"),
     ["reading invoices/2026-08-015.txt, a good invoice, your code raised ValueError", "neither its first line"]),
    (reader_with(lambda path, text: None if text.strip().splitlines()[-1:] and text.strip().splitlines()[-1]
                 .startswith("Status:") else f"{path} has no Status line"),
     ["reading invoices/2026-08-015.txt, a good invoice, your code raised ValueError", "nor its last"]),
    (reader_with(lambda path, text: None if "Status:" in text else f"{path} has no Status line"),
     ["2026-08-021", "'Status:' inside another line is no status"]),
    (make_forgiving_reader, ["read_invoice('../payroll.txt'), a path outside the working folder, gave the "
                             'ordinary result "cannot read', "let sandbox.read's error through"]),
    (guarded_reader(lambda root, path: ".." in path), ["payroll.txt')", "outside the working folder"]),  # absolute
    (guarded_reader(lambda root, path: not str((root / path).resolve()).startswith(str(root))),
     ["'../work-private/payroll.txt'", "outside the working folder"]),
]
READ_INVOICE_RIGHT = [make_read_invoice, make_invoice_text,
                      reader_with(lambda path, text: None if "\nStatus:" in "\n" + text else f"bad invoice: {path}"),
                      guarded_reader(lambda root, path: not (root / path).resolve().is_relative_to(root))]


@pytest.mark.parametrize("answer, words", READ_INVOICE_WRONG)
def test_read_invoice_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each wrong reader is not yet, with the file or path it gets wrong."""
    outcome = ex05.read_invoice.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", READ_INVOICE_RIGHT)
def test_read_invoice_catalogue_right_answers_pass(answer):
    """The solution, a reader named invoice_text with a parameter named file, and a terse one all pass."""
    outcome = ex05.read_invoice.evaluate(answer)
    assert outcome.status == PASS, outcome.message
    assert "the model gets both errors" in outcome.message


def test_prediction_unattempted():
    """The prediction check says 'not attempted' for the starter's ..."""
    assert ex05.prediction.evaluate(...).status == UNATTEMPTED


def test_prediction_forgetting_the_first_try_fails_without_giving_it_away():
    """Counting only the retries is not yet, and the message does not reveal the numbers."""
    outcome = ex05.prediction.evaluate({"twice": 5, "always": 2})
    assert outcome.status == FAIL
    said = outcome.message.split(": ", 1)[1]  # after the exercise's title
    assert "3" not in said and "4" not in said


PREDICTION_WRONG = [  # (answer, words the feedback must hold)
    ({"twice": 3, "always": 3}, ["prediction['twice']", "next model call"]),
    ({"twice": 4, "always": 2}, ["prediction['always']", "first try plus the retries"]),
    ({"twice": 2, "always": 2}, ["prediction['twice']"]),
    (3, ["'always', 'twice'"]),
    ({"twice": "4", "always": "3"}, ["whole number", "'4'"]),
    ({"twice": 4.5, "always": 3}, ["whole number", "4.5"]),
    ({"twice": True, "always": 3}, ["whole number", "True"]),
    ({"twice": 4}, ["'always', 'twice'"]),
]
PREDICTION_RIGHT = [{"twice": 4, "always": 3}, {"always": 1 + 2, "twice": 2 + 1 + 1}, dict(twice=4, always=3),
                    {"twice": 4.0, "always": 3.0}]  # a whole float counts, as in 3.3 and 3.5


@pytest.mark.parametrize("answer, words", PREDICTION_WRONG)
def test_prediction_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each wrong prediction is not yet, naming which count is off and what to count."""
    outcome = ex05.prediction.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", PREDICTION_RIGHT)
def test_prediction_catalogue_right_answers_pass(answer):
    """The right counts pass however the dict is written, measured by running both scenarios."""
    outcome = ex05.prediction.evaluate(answer)
    assert outcome.status == PASS, outcome.message


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


def loop_handling(on_error, catch=anthropic.APIError):
    """The loop of notebook 04; `on_error(messages)` decides what a `catch` error does (None: let it out)."""
    def my_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None):
        messages = [{"role": "user", "content": task}]
        for _ in range(max_turns):
            try:
                reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            except catch:
                if on_error is None:
                    raise
                return on_error(messages)
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason == "pause_turn":
                continue
            if reply.stop_reason != "tool_use":
                return ENDINGS.get(reply.stop_reason, "anomaly"), messages
            messages.append({"role": "user", "content": [toolbox.execute(b, approve).result
                                                         for b in reply.content if b.type == "tool_use"]})
        return "max_turns", messages
    return my_loop


def loop_trying_again(client, task, toolbox, max_turns=10, token_budget=None, approve=None):
    """Wrong: on an API error, tries the same call again instead of ending the run."""
    messages = [{"role": "user", "content": task}]
    turns = 0
    while turns < max_turns:
        try:
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        except anthropic.APIError:
            continue  # the mistake under test: no turn counted, no end
        turns += 1
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "anomaly"), messages
        messages.append({"role": "user", "content": [toolbox.execute(b, approve).result
                                                     for b in reply.content if b.type == "tool_use"]})
    return "max_turns", messages


def loop_with_one_try_around_everything(client, task, toolbox, max_turns=10, token_budget=None, approve=None):
    """Right: the whole loop inside one try; Exception caught (a broad net is still right here)."""
    messages = [{"role": "user", "content": task}]
    try:
        for _turn in range(max_turns):
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason == "pause_turn":
                continue
            if reply.stop_reason != "tool_use":
                return ENDINGS.get(reply.stop_reason, "anomaly"), messages
            results = [toolbox.execute(b, approve).result for b in reply.content if b.type == "tool_use"]
            messages.append({"role": "user", "content": results})
    except Exception:
        return "error", messages
    return "max_turns", messages


def loop_approving(pick):
    """The solution's loop, with the approver it hands the Toolbox chosen by `pick(approve)`."""
    def my_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None):
        return loop_with_errors(client, task, toolbox, max_turns, token_budget, pick(approve))
    return my_loop


def loop_approving_all_by_default(client, task, toolbox, max_turns=10, token_budget=None, approve=allow_all):
    """Wrong: passes approve on, but its default approves everything, so a call without one sends the email."""
    return loop_with_errors(client, task, toolbox, max_turns, token_budget, approve)


def loop_forgetting_on_a_timeout(client, task, toolbox, max_turns=10, token_budget=None, approve=None):
    """Wrong: a timeout ends the run with a history rebuilt from the task; every turn before it is lost."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        try:
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        except anthropic.APITimeoutError:
            return "error", [{"role": "user", "content": task}]
        except anthropic.APIError:
            return "error", messages
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "anomaly"), messages
        messages.append({"role": "user", "content": [toolbox.execute(b, approve).result
                                                     for b in reply.content if b.type == "tool_use"]})
    return "max_turns", messages


def loop_answering_with(result_of):
    """The solution's loop, each tool_result made by `result_of(toolbox.execute(block, approve).result)`."""
    def my_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None):
        messages = [{"role": "user", "content": task}]
        for _ in range(max_turns):
            try:
                reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            except anthropic.APIError:
                return "error", messages
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason == "pause_turn":
                continue
            if reply.stop_reason != "tool_use":
                return ENDINGS.get(reply.stop_reason, "anomaly"), messages
            messages.append({"role": "user", "content": [result_of(toolbox.execute(b, approve).result)
                                                         for b in reply.content if b.type == "tool_use"]})
        return "max_turns", messages
    return my_loop


def without_is_error(result):
    """Wrong: the tool_result without is_error, so a failed call reads as the tool's output."""
    return {key: value for key, value in result.items() if key != "is_error"}


def as_text_blocks(result):
    """Right: the content as a list of one text block, is_error left out when the call worked."""
    blocks = {**result, "content": [{"type": "text", "text": result["content"]}]}
    return blocks if result["is_error"] else without_is_error(blocks)


API_WRONG = [  # (answer, words the feedback must hold)
    (loop_handling(None), ["let OverloadedError out", "catch anthropic.APIError"]),
    (loop_handling(lambda messages: ("done", messages)), ["run_agent ends it 'error'"]),
    (loop_handling(lambda messages: ("error", [])), ["history"]),
    (loop_handling(lambda messages: ("error", messages), catch=anthropic.APIStatusError),
     ["timeout", "APITimeoutError out", "not an APIStatusError", "catch anthropic.APIError"]),
    (loop_handling(lambda messages: ("error", messages), catch=(anthropic.OverloadedError, anthropic.InternalServerError)),
     ["400", "BadRequestError out", "catch anthropic.APIError"]),
    (loop_trying_again, ["again and again", "return 'error'"]),
    (loop_handling(lambda messages: ("error", messages), catch=BaseException),
     ["pressed Ctrl-C (KeyboardInterrupt) during the model call", "returned 'error'", "catch anthropic.APIError"]),
    (loop_forgetting_on_a_timeout, ["stops answering in time from the second model call on",
                                    "keep every message in the history"]),
    (loop_approving(lambda approve: approve or allow_all), ["with no approver (approve left to its default)",
                                                            "sent the email anyway"]),
    (loop_approving_all_by_default, ["with no approver", "sent the email anyway", "keep approve=None as the default"]),
    (loop_approving(lambda approve: None), ["allow_only('send_email')", "did not pass the approver on"]),
    (loop_answering_with(without_is_error), ["when the tool fails once", "and is_error False; run_agent sent",
                                              "with is_error True", "knows when it failed"]),
]
API_RIGHT = [loop_with_errors,
             loop_handling(lambda messages: ("error", messages), catch=(anthropic.APIStatusError, anthropic.APIConnectionError)),
             loop_with_one_try_around_everything, loop_answering_with(as_text_blocks)]


def test_api_errors_unattempted():
    """The API-error check says 'not attempted' for ... and for the starter."""
    assert ex05.api_errors.evaluate(...).status == UNATTEMPTED
    assert ex05.api_errors.evaluate(starter_loop).status == UNATTEMPTED


@pytest.mark.parametrize("answer, words", API_WRONG)
def test_api_errors_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each loop that mishandles an API error is not yet, naming the error that got out and what to catch."""
    outcome = ex05.api_errors.evaluate(answer)
    assert outcome.status == FAIL
    assert "practice fault" not in outcome.message  # the fault's own words send a learner round in circles
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", API_RIGHT)
def test_api_errors_catalogue_right_answers_pass(answer):
    """The solution, a loop catching status and connection errors, and one try around the whole loop all pass."""
    outcome = ex05.api_errors.evaluate(answer)
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
            return ENDINGS.get(reply.stop_reason, "anomaly"), messages
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
                return ENDINGS.get(reply.stop_reason, "anomaly"), messages
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


def loop_keyed_by_name(client, task, toolbox, max_turns=10):
    """Wrong: one result per tool name, so a second get_weather call of the same turn goes unanswered."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "anomaly"), messages
        latest = {b.name: b for b in reply.content if b.type == "tool_use"}
        messages.append({"role": "user", "content": [toolbox.execute(b).result for b in latest.values()]})
    return "max_turns", messages


def loop_in_threads(client, task, toolbox, max_turns=10):
    """Right: runs a turn's calls in parallel threads; results keep the calls' order through map()."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "anomaly"), messages
        uses = [b for b in reply.content if b.type == "tool_use"]
        with ThreadPoolExecutor() as pool:
            results = list(pool.map(lambda b: toolbox.execute(b).result, uses))
        messages.append({"role": "user", "content": results})
    return "max_turns", messages


def loop_running_each_tool_twice(client, task, toolbox, max_turns=10):
    """Wrong: every call answered, but each tool run twice."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "anomaly"), messages
        messages.append({"role": "user", "content": results_run_twice(reply, toolbox)})
    return "max_turns", messages


FIX_WRONG = [  # (answer, words the feedback must hold)
    (colleague_loop, ["have no tool_result"]),
    (loop_sending(lambda results: [[r] for r in results]), ["split one turn's tool results", "one user message"]),
    (loop_keyed_by_name, ["have no tool_result"]),
    (loop_running_each_tool_twice, ["ran the tools {'get_weather': 2}", "run each tool_use once"]),
    (loop_sending(lambda results: [[{"type": "text", "text": "Here are the results."}, *results]]),
     ["tool_result"]),
]
FIX_RIGHT = [defined_in(ex05.fix_loop.solution_text, "from looplab import MODEL\nENDINGS = " + repr(ENDINGS) + "\n")["fixed_loop"],
             loop_sending(lambda results: [results[::-1]]),  # the API matches results by id, not by order
             loop_in_threads]


@pytest.mark.parametrize("answer, words", FIX_WRONG)
def test_fix_loop_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each loop that leaves a call unanswered or splits the results is not yet, in the API's own words."""
    outcome = ex05.fix_loop.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", FIX_RIGHT)
def test_fix_loop_catalogue_right_answers_pass(answer):
    """The published fix, results in another order (matched by id) and a threaded loop all pass."""
    outcome = ex05.fix_loop.evaluate(answer)
    assert outcome.status == PASS, outcome.message


def solution_with(exercise, name, *changes):
    """The published solution of `exercise` with each (old, new) replaced, defined as a participant's cell would."""
    source = exercise.solution_text
    for old, new in changes:
        assert old in source, old
        source = source.replace(old, new)
    return defined_in(source, "import anthropic\nfrom looplab import MODEL\nENDINGS = " + repr(ENDINGS) + "\n")[name]


KEEP_REPLY = '        messages.append({"role": "assistant", "content": reply.content})\n'
TOOL_BLOCKS_ONLY = ('        messages.append({"role": "assistant", "content": [b for b in reply.content if b.type == '
                    '"tool_use"] or reply.content})\n')


def test_fix_loop_wrong_in_another_way_is_not_yet():
    """A fixed loop that drops is_error, goes one turn past max_turns, or keeps only a reply's tool calls: not yet."""
    cases = {"is_error dropped": ((".result for b in reply.content", ".result | {'is_error': False} for b in "
                                   "reply.content"), "and is_error False; run_agent sent"),
             "one turn too many": (("range(max_turns)", "range(max_turns + 1)"), "max_turns=3"),
             "text dropped": ((KEEP_REPLY, TOOL_BLOCKS_ONLY), "['text', 'tool_use', 'tool_use']")}
    for label, (change, words) in cases.items():
        outcome = ex05.fix_loop.evaluate(solution_with(ex05.fix_loop, "fixed_loop", change))
        assert outcome.status == FAIL and words in outcome.message, (label, outcome.message)


def test_api_errors_loop_must_keep_the_replies_and_the_endings():
    """A loop surviving the API that keeps only a reply's tool calls, or calls an unknown stop reason 'done': not yet."""
    cases = {"text dropped": ((KEEP_REPLY, TOOL_BLOCKS_ONLY), "['text', 'tool_use']"),
             "unknown ending done": (('ENDINGS.get(reply.stop_reason, "anomaly")', 'ENDINGS.get(reply.stop_reason, '
                                      '"done")'), "ends the run as 'anomaly'")}
    for label, (change, words) in cases.items():
        outcome = ex05.api_errors.evaluate(solution_with(ex05.api_errors, "my_loop", change))
        assert outcome.status == FAIL and words in outcome.message, (label, outcome.message)


def test_api_errors_loop_that_turns_the_approval_into_a_bool_is_not_yet():
    """A loop that wraps the approver in bool(): a person's typed 'no' (truthy) would send the email; not yet."""
    as_bool = solution_with(ex05.api_errors, "my_loop", (
        "toolbox.execute(b, approve).result",
        "toolbox.execute(b, approve and (lambda n, i: bool(approve(n, i)))).result"))
    outcome = ex05.api_errors.evaluate(as_bool)
    assert outcome.status == FAIL, outcome.message
    assert "'no'" in outcome.message and "only an exact True approves" in outcome.message, outcome.message


def test_fix_loop_answering_a_repeated_call_from_before_is_not_yet():
    """A fixed loop that keeps each call's result and sends it again when the call comes back: not yet."""
    keeping = solution_with(ex05.fix_loop, "fixed_loop", (
        "        results = [toolbox.execute(b).result for b in reply.content if b.type == \"tool_use\"]  # every call\n",
        "        kept = globals().setdefault('kept', {})\n"
        "        results = [kept.setdefault((b.name, repr(b.input)), toolbox.execute(b).result) | {'tool_use_id': b.id}\n"
        "                   for b in reply.content if b.type == \"tool_use\"]\n"))
    outcome = ex05.fix_loop.evaluate(keeping)
    assert outcome.status == FAIL, outcome.message
    assert "a tool that fails once" in outcome.message, outcome.message
