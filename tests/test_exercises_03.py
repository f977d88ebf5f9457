"""Exercises of notebook 03: each check says not attempted, not yet and correct when it should."""
from pathlib import Path

import pytest
from solutions import defined_in, solved, starters

from looplab import MODEL
from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex03

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PRELUDE = "from looplab import MODEL\n"
ENDINGS_CODE = ex03.loop_status.solution_text.split("\n\n\n")[0] + "\n"
loop_with_status = defined_in(ex03.loop_status.solution_text, PRELUDE)["my_loop"]  # the published solution
loop_with_budget = defined_in(ex03.budget_loop.solution_text, PRELUDE + ENDINGS_CODE)["my_loop"]


def starter(client, task, toolbox, max_turns=10, token_budget=None):
    raise NotImplementedError


def loop_of_02(client, task, toolbox, max_turns=10):
    """The loop of exercise 2.2: right for 02, but it returns no status."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            break
        results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]
        messages.append({"role": "user", "content": results})
    return messages


def loop_with(endings, run_cut_calls=False, budget_test=None):
    """A loop like the solution, with its own map of endings, maybe running cut tool calls or misjudging a budget."""
    def my_loop(client, task, toolbox, max_turns=10, token_budget=None):
        messages, spent = [{"role": "user", "content": task}], 0
        for _ in range(max_turns):
            if budget_test and token_budget is not None and budget_test(spent, token_budget):
                return "over_budget", messages
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            spent += reply.usage.input_tokens + reply.usage.output_tokens
            messages.append({"role": "assistant", "content": reply.content})
            uses = [b for b in reply.content if b.type == "tool_use"]
            if reply.stop_reason in endings and not (run_cut_calls and uses):
                return endings[reply.stop_reason], messages
            if reply.stop_reason == "pause_turn":
                continue
            messages.append({"role": "user", "content": [toolbox.execute(b).result for b in uses]})
        return "max_turns", messages
    return my_loop


RIGHT_ENDINGS = {"end_turn": "done", "stop_sequence": "done", "max_tokens": "truncated", "refusal": "refused",
                 "model_context_window_exceeded": "context_exceeded"}


@pytest.fixture
def in_notebooks(monkeypatch):
    """Run from notebooks/, as the notebook's kernel does (the budget check reads data/invoices)."""
    monkeypatch.chdir(NOTEBOOKS)


def test_unattempted():
    """`...` and the starters raising NotImplementedError are not attempted, for all five exercises."""
    for exercise in (ex03.verdicts, ex03.loop_status, ex03.prediction, ex03.budget_loop, ex03.budget):
        assert exercise.evaluate(...).status == UNATTEMPTED
    assert ex03.loop_status.evaluate(starter).status == UNATTEMPTED
    assert ex03.budget_loop.evaluate(starter).status == UNATTEMPTED


def test_verdicts_misreading_the_cut_tool_call_is_not_yet():
    """Calling the run with a cut tool call 'done' is not yet, with a clue and without the answer."""
    outcome = ex03.verdicts.evaluate({"A": "done", "B": "max_turns", "C": "done"})
    assert outcome.status == FAIL
    assert outcome.message.split(": ", 1)[1].startswith("A: 'done' is not how that run ended")
    assert "truncated" not in outcome.message


def test_verdicts_stopping_at_pause_turn_is_not_yet():
    """Taking the paused run for an unfinished one is not yet."""
    outcome = ex03.verdicts.evaluate({"A": "truncated", "B": "max_turns", "C": "max_turns"})
    assert outcome.status == FAIL
    assert "C:" in outcome.message


def test_verdicts_of_the_wrong_shape_are_not_yet():
    """A list instead of a dict is told what to write."""
    assert ex03.verdicts.evaluate(["truncated", "max_turns", "done"]).status == FAIL


def test_verdicts_solution_passes():
    """The published verdicts pass, checked against the runs played again."""
    outcome = ex03.verdicts.evaluate(defined_in(ex03.verdicts.solution_text)["verdicts"])
    assert outcome.status == PASS, outcome.message


def test_loop_status_without_a_status_is_not_yet():
    """The loop of notebook 02, which returns only the messages, is told to return a status too."""
    outcome = ex03.loop_status.evaluate(loop_of_02)
    assert outcome.status == FAIL
    assert "return two things: status, messages" in outcome.message


def test_loop_status_calling_max_tokens_done_is_not_yet():
    """Treating a cut reply as an answer is caught, with the status run_agent gives instead."""
    outcome = ex03.loop_status.evaluate(loop_with({**RIGHT_ENDINGS, "max_tokens": "done"}))
    assert outcome.status == FAIL
    assert "your loop ended with status 'done'; run_agent ends it 'truncated'" in outcome.message


def test_loop_status_running_a_cut_tool_call_is_not_yet():
    """Running the tool call of a reply cut by max_tokens is caught by its tool calls."""
    outcome = ex03.loop_status.evaluate(loop_with(RIGHT_ENDINGS, run_cut_calls=True))
    assert outcome.status == FAIL
    assert "a tool call cut by max_tokens" in outcome.message


def test_loop_status_stopping_on_pause_turn_is_not_yet():
    """Ending the run on pause_turn is caught: run_agent goes on and answers."""
    outcome = ex03.loop_status.evaluate(loop_with({**RIGHT_ENDINGS, "pause_turn": "done"}))
    assert outcome.status == FAIL
    assert "pause_turn" in outcome.message


def test_loop_status_solution_passes():
    """The solution shown by solution() passes its own check."""
    outcome = ex03.loop_status.evaluate(loop_with_status)
    assert outcome.status == PASS, outcome.message


def test_prediction_wrong_number_is_not_yet_without_the_answer():
    """Forgetting the results messages (5) is not yet, and the message does not give the number away."""
    outcome = ex03.prediction.evaluate(5)
    assert outcome.status == FAIL
    assert "9" not in outcome.message


def test_prediction_not_a_number_is_not_yet():
    """A text answer is asked for a whole number."""
    assert ex03.prediction.evaluate("nine").status == FAIL


def test_prediction_solution_passes():
    """The published prediction passes, measured by playing the script."""
    outcome = ex03.prediction.evaluate(defined_in(ex03.prediction.solution_text)["prediction"])
    assert outcome.status == PASS, outcome.message


def test_budget_loop_that_ignores_the_budget_is_not_yet():
    """A loop without a budget lets the never-stopping model run to its cap: not yet."""
    outcome = ex03.budget_loop.evaluate(loop_with(RIGHT_ENDINGS))
    assert outcome.status == FAIL
    assert "'over_budget'" in outcome.message


def test_budget_loop_that_stops_only_over_the_budget_is_not_yet():
    """Comparing with > instead of >= makes one call too many when the budget is reached exactly."""
    outcome = ex03.budget_loop.evaluate(loop_with(RIGHT_ENDINGS, budget_test=lambda spent, budget: spent > budget))
    assert outcome.status == FAIL
    assert "at or over the budget" in outcome.message


def test_budget_loop_solution_passes():
    """The solution shown by solution() passes its own check."""
    outcome = ex03.budget_loop.evaluate(loop_with_budget)
    assert outcome.status == PASS, outcome.message


def test_budget_too_small_stops_the_task(in_notebooks):
    """A budget that stops the invoice task before its answer is not yet."""
    outcome = ex03.budget.evaluate(1)
    assert outcome.status == FAIL
    assert "the invoice task ended as 'over_budget'" in outcome.message


def test_budget_too_large_lets_the_runaway_run(in_notebooks):
    """A budget that lets a never-stopping model run more than 3 turns is not yet."""
    outcome = ex03.budget.evaluate(1_000_000)
    assert outcome.status == FAIL
    assert "the never-stopping model ran" in outcome.message


def test_budget_that_is_not_a_number_is_not_yet():
    """A budget that is not a whole number is told what to write."""
    assert ex03.budget.evaluate("800").status == FAIL


def test_budget_solution_passes(in_notebooks):
    """The solution, which derives the budget from two runs, passes its own check."""
    prelude = ("from looplab import practice_client, run_agent, samples\n"
               "from looplab.trace import usage_per_turn\n"
               "INVOICE_TASK = " + repr(ex03.INVOICE_TASK) + "\n"
               "invoices = samples.invoice_tools('data')\n"
               "runaway = run_agent(practice_client(never_stop=True), INVOICE_TASK, invoices, max_turns=5)\n")
    outcome = ex03.budget.evaluate(defined_in(ex03.budget.solution_text, prelude)["budget"])
    assert outcome.status == PASS, outcome.message


def test_the_notebooks_starters_are_not_attempted():
    """Each starter cell of notebook 03, as a participant gets it, is 'not attempted' by its check."""
    exercises = [(ex03.verdicts, "verdicts"), (ex03.loop_status, "my_loop"), (ex03.prediction, "prediction"),
                 (ex03.budget_loop, "my_loop"), (ex03.budget, "budget")]
    codes = starters("03_stop_reasons_and_budgets.ipynb")
    assert len(codes) == len(exercises)
    for code, (exercise, name) in zip(codes, exercises, strict=True):
        assert exercise.evaluate(defined_in(code, PRELUDE)[name]).status == UNATTEMPTED, name


def test_the_notebooks_solution_cells_are_the_published_solutions():
    """The solved notebook runs exactly the code that solution() prints, for verdicts, loop_status, prediction, budget_loop, budget."""
    cells = solved("03_stop_reasons_and_budgets.ipynb")[0:]
    for cell, exercise in zip(cells, [ex03.verdicts, ex03.loop_status, ex03.prediction, ex03.budget_loop, ex03.budget], strict=True):
        assert cell.strip() == exercise.solution_text.strip(), exercise.title
