"""Exercises of notebook 03: each check says not attempted, not yet and correct when it should."""
from collections import OrderedDict
from pathlib import Path

import numpy as np
import pytest
from solutions import ODD_ANSWERS, defined_in, results_run_twice, solved, starters

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


def loop_with(endings, run_cut_calls=False, budget_test=None, budget_after_pause=False, at_cap="max_turns",
              cost=lambda usage: usage.input_tokens + usage.output_tokens, over="over_budget"):
    """A loop like the solution, with its own map of endings, maybe running cut tool calls or misjudging a budget."""
    def my_loop(client, task, toolbox, max_turns=10, token_budget=None):
        messages, spent = [{"role": "user", "content": task}], 0
        for _ in range(max_turns):
            if budget_test and token_budget is not None and budget_test(spent, token_budget):
                return over, messages
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            spent += cost(reply.usage)
            messages.append({"role": "assistant", "content": reply.content})
            uses = [b for b in reply.content if b.type == "tool_use"]
            if reply.stop_reason in endings and not (run_cut_calls and uses):
                return endings[reply.stop_reason], messages
            if reply.stop_reason == "pause_turn":
                continue
            messages.append({"role": "user", "content": [toolbox.execute(b).result for b in uses]})
            if budget_after_pause and token_budget is not None and spent >= token_budget:
                return "over_budget", messages  # checked after the `continue` of pause_turn: skipped there
        return at_cap, messages
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


def loop_sending_the_last_two(client, task, toolbox, max_turns=10):
    """Returns the whole history, but sends the task and the last two messages only."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=[messages[0], *messages[1:][-2:]],
                                       tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
        messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                     for b in reply.content if b.type == "tool_use"]})
    return "max_turns", messages


def test_loop_status_that_drops_history_from_its_requests_is_not_yet():
    """A loop that returns the right history but sends the model only part of it is refused, named."""
    outcome = ex03.loop_status.evaluate(loop_sending_the_last_two)
    assert outcome.status == FAIL
    assert "with a model that never stops and max_turns=3: your loop sent request 3 with 3" in outcome.message
    assert "the history held 5 by then" in outcome.message


def loop_sending_a_note_for_each_result(client, task, toolbox, max_turns=10):
    """Runs every tool, but sends the model 'done' instead of what the tool gave."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
        results = []
        for block in (b for b in reply.content if b.type == "tool_use"):
            toolbox.execute(block)
            results.append({"type": "tool_result", "tool_use_id": block.id, "content": "done"})
        messages.append({"role": "user", "content": results})
    return "max_turns", messages


def test_loop_status_that_does_not_send_the_tools_output_is_not_yet():
    """A loop that answers every tool_use but not with what the tool gave is refused, named."""
    outcome = ex03.loop_status.evaluate(loop_sending_a_note_for_each_result)
    assert outcome.status == FAIL
    assert ("your loop answered get_weather {'city': 'Lyon'} with the content 'done' and is_error False; run_agent "
            "sent 'Lyon: 21 °C, cloudy (simulated)'") in outcome.message
    assert "send toolbox.execute(block).result as it is" in outcome.message


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
    assert "spent >= token_budget" in outcome.message


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


# The catalogue: plausible wrong answers (each rejected, the feedback naming its mistake) and right
# answers written differently from solution() (each accepted).

STATUS = {"A": "truncated", "B": "max_turns", "C": "done"}
VERDICTS_WRONG = {
    "A done": ({**STATUS, "A": "done"}, ["A:", "a tool call whose input is empty"]),
    "A the stop reason max_tokens": ({**STATUS, "A": "max_tokens"}, ["A:", "'max_tokens' is a stop reason, not a status"]),
    "B done": ({**STATUS, "B": "done"}, ["B:", "count the model's replies"]),
    "C pause_turn": ({**STATUS, "C": "pause_turn"}, ["C:", "'pause_turn' is a stop reason, not a status",
                                                   "the loop called the model again", "the last reply"]),
    "C max_turns": ({**STATUS, "C": "max_turns"}, ["C:", "the loop called the model again", "last reply"]),
    "a list": (["truncated", "max_turns", "done"], ["write a dict"]),
    "a key missing": ({"A": "truncated", "B": "max_turns"}, ["write a dict", "'C'"]),
    "capitals": ({**STATUS, "A": "Truncated"}, ["A:", "lower case"]),
}
VERDICTS_WRONG.update({  # second look
    "A max_turns": ({**STATUS, "A": "max_turns"}, ["A:", "is not how that run ended", "input is empty"]),
    "B over_budget": ({**STATUS, "B": "over_budget"}, ["B:", "count the model's replies"]),
    "C the stop reason end_turn": ({**STATUS, "C": "end_turn"}, ["C:", "'end_turn' is a stop reason, not a status"]),
    "a trailing space": ({**STATUS, "C": "done "}, ["C:", "with no spaces"]),
})
VERDICTS_RIGHT = {"dict(...) in another order": dict(C="done", A="truncated", B="max_turns"),
                  "from pairs": dict(zip("ABC", ["truncated", "max_turns", "done"], strict=True)),
                  # second look
                  "an OrderedDict, reversed": OrderedDict(sorted(STATUS.items(), reverse=True)),
                  "a comprehension": {name: status for name, status in zip("ABC", ("truncated", "max_turns", "done"), strict=True)}}


@pytest.mark.parametrize("name", VERDICTS_WRONG)
def test_verdicts_catalogue_wrong(name):
    """Each plausible wrong set of verdicts is not yet, and the feedback names its mistake."""
    answer, named = VERDICTS_WRONG[name]
    outcome = ex03.verdicts.evaluate(answer)
    assert outcome.status == FAIL
    for words in named:
        assert words in outcome.message, outcome.message


@pytest.mark.parametrize("name", VERDICTS_RIGHT)
def test_verdicts_catalogue_right(name):
    """Right verdicts written differently from the solution pass."""
    outcome = ex03.verdicts.evaluate(VERDICTS_RIGHT[name])
    assert outcome.status == PASS, outcome.message


def loop_that_gives_results_after_pause(client, task, toolbox, max_turns=10):
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason not in ("tool_use", "pause_turn"):
            return RIGHT_ENDINGS[reply.stop_reason], messages
        messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                     for b in reply.content if b.type == "tool_use"]})
    return "max_turns", messages


def loop_with_a_typo(client, task, toolbox, max_turns=10):
    messages = [{"role": "user", "content": task}]
    reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tool=toolbox.to_api())
    return "done", [*messages, {"role": "assistant", "content": reply.content}]


def loop_with_an_assert(client, task, toolbox, max_turns=10):
    assert max_turns >= 10, "max_turns too small"
    return loop_with_status(client, task, toolbox, max_turns)


def loop_running_each_tool_twice(client, task, toolbox, max_turns=10):
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
        messages.append({"role": "user", "content": results_run_twice(reply, toolbox)})
    return "max_turns", messages


LOOP_STATUS_WRONG = {
    "an assert of its own that fails": (loop_with_an_assert, ["your code raised AssertionError: max_turns too small",
                                                              'assert max_turns >= 10, "max_turns too small"']),
    "a typo in the create call": (loop_with_a_typo, ["your code raised TypeError", "unexpected keyword argument 'tool'",
                                                     "tool=toolbox.to_api()"]),
    "the loop of 02 (no status)": (loop_of_02, ["return two things: status, messages"]),
    "max_tokens called done": (loop_with({**RIGHT_ENDINGS, "max_tokens": "done"}),
                               ["a reply cut by max_tokens", "run_agent ends it 'truncated'"]),
    "a cut tool call run": (loop_with(RIGHT_ENDINGS, run_cut_calls=True),
                            ["a tool call cut by max_tokens", "never run"]),
    "stops at pause_turn": (loop_with({**RIGHT_ENDINGS, "pause_turn": "done"}),
                            ["pause_turn", "call the model again"]),
    "a results message after pause_turn": (loop_that_gives_results_after_pause,
                                           ["empty content", "after pause_turn, call again"]),
    "refusal called done": (loop_with({**RIGHT_ENDINGS, "refusal": "done"}), ["a refusal", "'refused'"]),
    "each tool run twice": (loop_running_each_tool_twice, ["a tool call, then an answer",
                                                           "ran the tools {'get_weather': 2}", "run each tool_use once"]),
    "the cap called done": (loop_with(RIGHT_ENDINGS, at_cap="done"),
                            ["never stops", "run_agent ends it 'max_turns'"]),
}


def loop_with_ifs(client, task, toolbox, max_turns=10):
    messages, turns = [{"role": "user", "content": task}], 0
    while turns < max_turns:
        turns += 1
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in reply.content]})
        reason = reply.stop_reason
        if reason in ("end_turn", "stop_sequence"):
            return "done", messages
        elif reason == "max_tokens":
            return "truncated", messages
        elif reason == "refusal":
            return "refused", messages
        elif reason == "model_context_window_exceeded":
            return "context_exceeded", messages
        elif reason == "tool_use":
            messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                         for b in reversed(reply.content) if b.type == "tool_use"]})
        elif reason != "pause_turn":
            return "anomaly", messages  # second look: without this, an unknown reason went round again
    return "max_turns", messages


def loop_with_match(client, task, toolbox, max_turns=10):
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        match reply.stop_reason:
            case "tool_use":
                messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                             for b in reply.content if b.type == "tool_use"]})
            case "pause_turn":
                pass
            case other:
                return RIGHT_ENDINGS.get(other, "anomaly"), messages
    return "max_turns", messages


def loop_with_a_default(default="done", unknown_goes_round=False):  # second look
    """The solution's loop, but a stop reason it does not know is called `default` (or goes round again)."""
    def my_loop(client, task, toolbox, max_turns=10):
        messages = [{"role": "user", "content": task}]
        for _ in range(max_turns):
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason in ("pause_turn",) or (unknown_goes_round and reply.stop_reason not in RIGHT_ENDINGS
                                                         and reply.stop_reason != "tool_use"):
                continue
            if reply.stop_reason != "tool_use":
                return RIGHT_ENDINGS.get(reply.stop_reason, default), messages
            messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                         for b in reply.content if b.type == "tool_use"]})
        return "max_turns", messages
    return my_loop


def loop_that_asks_to_continue(client, task, toolbox, max_turns=10):  # second look
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            messages.append({"role": "user", "content": "Please continue."})
        elif reply.stop_reason == "tool_use":
            messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                         for b in reply.content if b.type == "tool_use"]})
        else:
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
    return "max_turns", messages


def loop_indexing_endings(client, task, toolbox, max_turns=10):  # second look
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return RIGHT_ENDINGS[reply.stop_reason], messages
        messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                     for b in reply.content if b.type == "tool_use"]})
    return "max_turns", messages


LOOP_STATUS_WRONG.update({  # second look
    "an unknown stop reason called done": (loop_with_a_default("done"),
                                           ["never seen ('a_future_stop_reason')", "run_agent ends it 'anomaly'",
                                            "don't call it 'done'"]),
    "an unknown stop reason goes round again": (loop_with_a_default(unknown_goes_round=True),
                                                ["never seen", "'anomaly'"]),
    "ENDINGS[reason] with no default": (loop_indexing_endings, ["raised KeyError: 'a_future_stop_reason'"]),
    "'Please continue.' after pause_turn": (loop_that_asks_to_continue,
                                            ["pause_turn", "history of 4 messages", "no results message"]),
    "stop_sequence called truncated": (loop_with({**RIGHT_ENDINGS, "stop_sequence": "truncated"}),
                                       ["a stop sequence", "run_agent ends it 'done'"]),
})


def loop_results_by_name(client, task, toolbox, max_turns=10):  # second look
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
        results = {b.name: toolbox.execute(b).result for b in reply.content if b.type == "tool_use"}
        messages.append({"role": "user", "content": list(results.values())})
    return "max_turns", messages


LOOP_STATUS_WRONG["results kept by tool name"] = (loop_results_by_name, [  # second look
    "two calls of one tool", "have no tool_result", "by block.id, not by block.name"])


def loop_ending_on_a_tool_error(client, task, toolbox, max_turns=10):
    """The solution, but a failed tool call ends the run 'error' before its result is sent."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
        results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]
        if any(result["is_error"] for result in results):
            return "error", messages
        messages.append({"role": "user", "content": results})
    return "max_turns", messages


LOOP_STATUS_WRONG["a failed tool call ends the run"] = (loop_ending_on_a_tool_error, [
    "a failing tool call (no city), then an answer", "status 'error'", "run_agent ends it 'done'",
    "a failed tool call does not end the run"])


def loop_streaming(client, task, toolbox, max_turns=10):  # second look: messages.stream, final message read
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        with client.messages.stream(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api(),
                                    system="You are a helpful assistant.") as stream:
            reply = stream.get_final_message()
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
        messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                     for b in reply.content if b.type == "tool_use"]})
    return "max_turns", messages


class StatusLoop:  # second look: an instance, while True, one return per ending
    def __call__(self, client, task, toolbox, max_turns=10):
        self.messages, turn = [{"role": "user", "content": task}], 0
        while True:
            if turn >= max_turns:
                return "max_turns", self.messages
            turn += 1
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=self.messages,
                                           tools=toolbox.to_api())
            self.messages.append({"role": "assistant", "content": reply.content})
            reason = reply.stop_reason
            if reason in {"end_turn", "stop_sequence"}:
                return "done", self.messages
            if reason in {"max_tokens", "refusal", "model_context_window_exceeded"}:
                return {"max_tokens": "truncated", "refusal": "refused"}.get(reason, "context_exceeded"), self.messages
            if reason == "pause_turn":
                continue
            if reason != "tool_use":
                return "anomaly", self.messages
            self.messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                              for b in reply.content if b.type == "tool_use"]})


LOOP_STATUS_RIGHT = {"while, an if/elif chain, model_dump(exclude_none=True)": loop_with_ifs,
                     "a match statement": loop_with_match,
                     "an instance, while True, sets of reasons": StatusLoop(),  # second look
                     "streamed, with a system prompt": lambda client, task, toolbox, max_turns=10: loop_streaming(
                         client, task, toolbox, max_turns)}  # second look


@pytest.mark.parametrize("name", LOOP_STATUS_WRONG)
def test_loop_status_catalogue_wrong(name):
    """Each plausible wrong loop is not yet, and the feedback names its mistake."""
    answer, named = LOOP_STATUS_WRONG[name]
    outcome = ex03.loop_status.evaluate(answer)
    assert outcome.status == FAIL
    for words in named:
        assert words in outcome.message, outcome.message


@pytest.mark.parametrize("name", LOOP_STATUS_RIGHT)
def test_loop_status_catalogue_right(name):
    """Right loops written differently from the solution pass."""
    outcome = ex03.loop_status.evaluate(LOOP_STATUS_RIGHT[name])
    assert outcome.status == PASS, outcome.message


PREDICTION_WRONG = {
    "one message per turn": (5, ["two messages", "the reply and the results"]),
    "forgot the task": (8, ["the task"]),
    "counted the 5th reply": (10, ["before its own reply"]),
    "a string": ("9", ["whole number"]),
    "True": (True, ["whole number"]),
}
PREDICTION_WRONG.update({  # second look
    "counted only the tool turns' replies": (7, ["count what each turn adds"]),
    "a word": ("nine", ["whole number"]),
    "a half": (8.5, ["whole number"]),
})
PREDICTION_RIGHT = {"an int": 9, "a sum": 1 + 2 * 4, "a float that is whole": 9.0,
                    "a numpy integer": np.int64(9)}  # second look


@pytest.mark.parametrize("name", PREDICTION_WRONG)
def test_prediction_catalogue_wrong(name):
    """Each plausible wrong prediction is not yet, the feedback naming the miscount without the answer."""
    answer, named = PREDICTION_WRONG[name]
    outcome = ex03.prediction.evaluate(answer)
    assert outcome.status == FAIL
    assert "9" not in outcome.message.replace("'9'", "")
    for words in named:
        assert words in outcome.message, outcome.message


@pytest.mark.parametrize("name", PREDICTION_RIGHT)
def test_prediction_catalogue_right(name):
    """Right predictions written differently pass."""
    outcome = ex03.prediction.evaluate(PREDICTION_RIGHT[name])
    assert outcome.status == PASS, outcome.message


BUDGET_LOOP_WRONG = {
    "the loop of 3.2, no token_budget": (loop_with_status, ["could not take", "token_budget"]),
    "no budget": (loop_with(RIGHT_ENDINGS), ["'over_budget'"]),
    "> instead of >=": (loop_with(RIGHT_ENDINGS, budget_test=lambda spent, budget: spent > budget),
                        ["one too many", "spent >= token_budget"]),
    "checked after the continue of pause_turn": (loop_with(RIGHT_ENDINGS, budget_after_pause=True),
                                                 ["pause_turn", "before the call"]),
    "output tokens only": (loop_with(RIGHT_ENDINGS, budget_test=lambda spent, budget: spent >= budget,
                                     cost=lambda usage: usage.output_tokens), ["input + output tokens"]),
    "the cap's status for the budget": (loop_with(RIGHT_ENDINGS, budget_test=lambda spent, budget: spent >= budget,
                                                  over="max_turns"), ["ended 'max_turns'", "'over_budget'"]),
}


BUDGET_LOOP_WRONG.update({  # second look
    "input tokens only": (loop_with(RIGHT_ENDINGS, budget_test=lambda spent, budget: spent >= budget,
                                    cost=lambda usage: usage.input_tokens),
                          ["made 3 model calls", "expected 2 calls", "input + output tokens"]),
})


def budget_loop_assigned(client, task, toolbox, max_turns=10, token_budget=None):  # second look: = instead of +=
    messages, spent = [{"role": "user", "content": task}], 0
    for _ in range(max_turns):
        if token_budget is not None and spent >= token_budget:
            return "over_budget", messages
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        spent = reply.usage.input_tokens + reply.usage.output_tokens
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
        messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                     for b in reply.content if b.type == "tool_use"]})
    return "max_turns", messages


def budget_loop_with_usages(client, task, toolbox, max_turns=10, token_budget=None):  # second look
    """Right, written differently: a list of usages summed before each call, a while loop."""
    messages, usages, turn = [{"role": "user", "content": task}], [], 0
    while turn < max_turns:
        if token_budget is not None and sum(u.input_tokens + u.output_tokens for u in usages) >= token_budget:
            return "over_budget", messages
        turn += 1
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        usages.append(reply.usage)
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "tool_use":
            messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                         for b in reply.content if b.type == "tool_use"]})
        elif reply.stop_reason != "pause_turn":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
    return "max_turns", messages


def budget_loop_none_as_zero(client, task, toolbox, max_turns=10, token_budget=None):  # second look
    return budget_loop_with_usages(client, task, toolbox, max_turns, token_budget or 0)


BUDGET_LOOP_WRONG.update({  # second look
    "spent = instead of +=": (budget_loop_assigned, ["made 5 model calls", "expected 2 calls"]),
    "None taken as a budget of 0": (budget_loop_none_as_zero, ["token_budget=None", "ended with status 'over_budget'",
                                                               "only max_turns stops the loop"]),
})


def budget_loop_remaining(client, task, toolbox, max_turns=10, token_budget=None):
    messages = [{"role": "user", "content": task}]
    left = float("inf") if token_budget is None else token_budget
    for _ in range(max_turns):
        if left <= 0:
            return "over_budget", messages
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        left -= reply.usage.input_tokens + reply.usage.output_tokens
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "tool_use":
            messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                         for b in reply.content if b.type == "tool_use"]})
        elif reply.stop_reason != "pause_turn":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
    return "max_turns", messages


def budget_loop_checked_last(client, task, toolbox, max_turns=10, token_budget=None):
    """The budget checked at the end of every turn, pause_turn included: the same as before the next call."""
    messages, spent = [{"role": "user", "content": task}], 0
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        spent += reply.usage.input_tokens + reply.usage.output_tokens
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "tool_use":
            messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                         for b in reply.content if b.type == "tool_use"]})
        elif reply.stop_reason != "pause_turn":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
        if token_budget is not None and spent >= token_budget:
            return "over_budget", messages
    return "max_turns", messages


def loop_not_counting_pauses(client, task, toolbox, max_turns=10, token_budget=None):
    """Wrong: counts a turn only when the reply is not pause_turn, so a model that keeps pausing is never capped."""
    messages, spent, turns = [{"role": "user", "content": task}], 0, 0
    while turns < max_turns:
        if token_budget is not None and spent >= token_budget:
            return "over_budget", messages
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        spent += reply.usage.input_tokens + reply.usage.output_tokens
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        turns += 1
        if reply.stop_reason != "tool_use":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
        messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                     for b in reply.content if b.type == "tool_use"]})
    return "max_turns", messages


PAUSES_UNCOUNTED = ["pauses its turn (pause_turn) three times and max_turns=3", "status 'done'",
                    "run_agent ends it 'max_turns'", "a paused turn is a turn too"]
BUDGET_LOOP_WRONG["a paused turn not counted"] = (loop_not_counting_pauses, PAUSES_UNCOUNTED)
LOOP_STATUS_WRONG["a paused turn not counted"] = (
    lambda client, task, toolbox, max_turns=10: loop_not_counting_pauses(client, task, toolbox, max_turns),
    PAUSES_UNCOUNTED)


BUDGET_LOOP_RIGHT = {"tokens left, counted down": budget_loop_remaining,
                     "checked at the end of every turn": budget_loop_checked_last,
                     "a list of usages, a while loop": budget_loop_with_usages}  # second look


@pytest.mark.parametrize("name", BUDGET_LOOP_WRONG)
def test_budget_loop_catalogue_wrong(name):
    """Each plausible wrong budget loop is not yet, and the feedback names its mistake."""
    answer, named = BUDGET_LOOP_WRONG[name]
    outcome = ex03.budget_loop.evaluate(answer)
    assert outcome.status == FAIL
    for words in named:
        assert words in outcome.message, outcome.message


@pytest.mark.parametrize("name", BUDGET_LOOP_RIGHT)
def test_budget_loop_catalogue_right(name):
    """Right budget loops written differently from the solution pass."""
    outcome = ex03.budget_loop.evaluate(BUDGET_LOOP_RIGHT[name])
    assert outcome.status == PASS, outcome.message


def invoice_spending():
    """(tokens before the invoice task's last call, tokens of the runaway's first 3 turns), measured."""
    from looplab import run_agent, samples
    from looplab.client import practice_client
    from looplab.trace import usage_per_turn

    def spent(run, turns):
        return sum(u["input_tokens"] + u["output_tokens"] for u in usage_per_turn(run)[:turns])
    invoices = samples.invoice_tools("data")
    task = run_agent(practice_client(), ex03.INVOICE_TASK, invoices)
    runaway = run_agent(practice_client(never_stop=True), ex03.INVOICE_TASK, invoices, max_turns=5)
    return spent(task, task.turns - 1), spent(runaway, 3)


BUDGET_WRONG = {  # name -> (budget from (low, high), words the feedback must hold)
    "1 token": (lambda low, high: 1, ["ended as 'over_budget'", "before its last call"]),
    "exactly the tokens before the last call": (lambda low, high: low, ["at the budget too (>=)"]),
    "a million": (lambda low, high: 1_000_000, ["the never-stopping model ran", "spent(runaway, 3)"]),
    "one above the runaway's 3 turns": (lambda low, high: high + 1, ["ran 4 turns", "at or under"]),
    "a string": (lambda low, high: "800", ["whole number"]),
    "zero": (lambda low, high: 0, ["positive number"]),
}
BUDGET_WRONG.update({  # second look
    "True": (lambda low, high: True, ["whole number"]),
    "a half token": (lambda low, high: low + 0.5, ["whole number"]),
    "negative": (lambda low, high: -low, ["positive number"]),
})
BUDGET_RIGHT = {"one above the last call's start": lambda low, high: low + 1,
                "the runaway's 3 turns": lambda low, high: high,
                "the middle, as a float": lambda low, high: float((low + high) // 2),
                "a numpy integer": lambda low, high: np.int64(high - 1)}  # second look


@pytest.mark.parametrize("name", BUDGET_WRONG)
def test_budget_catalogue_wrong(name, in_notebooks):
    """Each plausible wrong budget is not yet, and the feedback names its mistake."""
    choose, named = BUDGET_WRONG[name]
    outcome = ex03.budget.evaluate(choose(*invoice_spending()))
    assert outcome.status == FAIL
    for words in named:
        assert words in outcome.message, outcome.message


@pytest.mark.parametrize("name", BUDGET_RIGHT)
def test_budget_catalogue_right(name, in_notebooks):
    """Budgets anywhere in the range that does both pass, the edges included."""
    outcome = ex03.budget.evaluate(BUDGET_RIGHT[name](*invoice_spending()))
    assert outcome.status == PASS, outcome.message


@pytest.mark.parametrize("odd", ODD_ANSWERS)
@pytest.mark.parametrize("exercise", [ex03.verdicts, ex03.loop_status, ex03.prediction, ex03.budget_loop, ex03.budget], ids=lambda e: e.title.split(" — ")[0])
def test_odd_answers_are_not_yet_never_an_internal_error(exercise, odd, in_notebooks):
    """An answer of the wrong kind is 'not yet' with a message of the check's, never the check's own crash."""
    outcome = exercise.evaluate(ODD_ANSWERS[odd])
    assert outcome.status == FAIL
    assert "internal error" not in outcome.message


def solution_with(exercise, *changes):
    """The published solution of `exercise` with each (old, new) replaced, defined as a participant's cell would."""
    source = exercise.solution_text
    for old, new in changes:
        assert old in source, old
        source = source.replace(old, new)
    prelude = PRELUDE + ENDINGS_CODE + "from test_exercises_03 import run_by_hand, run_by_hand_unguarded\n"
    return defined_in(source, prelude)["my_loop"]


KEEP_REPLY = '        messages.append({"role": "assistant", "content": reply.content})\n'
TOOL_BLOCKS_ONLY = ('        messages.append({"role": "assistant", "content": [b for b in reply.content if b.type == '
                    '"tool_use"] or reply.content})\n')
RESULTS = '        results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]\n'


def run_by_hand(block, toolbox):
    """Wrong: the tool's handler called past the Toolbox, so no schema check; its errors become is_error results."""
    try:
        return {"type": "tool_result", "tool_use_id": block.id, "content": str(toolbox[block.name].handler(**block.input))}
    except Exception as exc:
        return {"type": "tool_result", "tool_use_id": block.id, "content": f"error: {exc}", "is_error": True}


def run_by_hand_unguarded(block, toolbox):
    """Wrong: the tool's handler called past the Toolbox, its errors let out."""
    return {"type": "tool_result", "tool_use_id": block.id, "content": str(toolbox[block.name].handler(**block.input))}


def test_loop_status_that_drops_the_text_beside_a_tool_call_is_not_yet():
    """A reply that says 'Let me check.' and calls a tool, kept as its tool_use only: not yet, saying so."""
    outcome = ex03.loop_status.evaluate(solution_with(ex03.loop_status, (KEEP_REPLY, TOOL_BLOCKS_ONLY)))
    assert outcome.status == FAIL, outcome.message
    assert "the model's reply there was the blocks ['text', 'tool_use']" in outcome.message


def test_loop_status_that_calls_handlers_past_the_toolbox_is_not_yet():
    """A loop that calls toolbox[name].handler itself runs get_weather on an input its schema refuses: not yet,
    saying so; when the handler's TypeError gets out, it is the participant's error, not the check's."""
    by_hand = RESULTS.replace("toolbox.execute(b).result", "run_by_hand(b, toolbox)")
    outcome = ex03.loop_status.evaluate(solution_with(ex03.loop_status, (RESULTS, by_hand)))
    assert outcome.status == FAIL, outcome.message
    assert "your loop ran get_weather for a call the Toolbox refuses" in outcome.message
    unguarded = RESULTS.replace("toolbox.execute(b).result", "run_by_hand_unguarded(b, toolbox)")
    outcome = ex03.loop_status.evaluate(solution_with(ex03.loop_status, (RESULTS, unguarded)))
    assert outcome.status == FAIL, outcome.message
    assert "your code raised TypeError" in outcome.message and "test_exercises_03.py line" in outcome.message


def test_budget_loop_must_keep_the_endings_of_3_2():
    """A budget loop right about budgets that calls an unknown stop reason 'done', or runs a cut tool call: not yet."""
    unknown_done = solution_with(ex03.budget_loop, ('ENDINGS.get(reply.stop_reason, "anomaly")',
                                                    'ENDINGS.get(reply.stop_reason, "done")'))
    outcome = ex03.budget_loop.evaluate(unknown_done)
    assert outcome.status == FAIL and "ends the run as 'anomaly'" in outcome.message, outcome.message
    by_blocks = solution_with(ex03.budget_loop, ('        if reply.stop_reason != "tool_use":\n',
                                                 '        if not any(b.type == "tool_use" for b in reply.content):\n'))
    outcome = ex03.budget_loop.evaluate(by_blocks)
    assert outcome.status == FAIL and "its cut tool call (input {}) is never run" in outcome.message, outcome.message


def test_loops_keeping_replies_otherwise_pass():
    """Replies kept as block.to_dict() dicts, or read from a stream: the same history, so correct."""
    as_dicts = solution_with(ex03.loop_status, (KEEP_REPLY, KEEP_REPLY.replace(
        "reply.content", "[b.to_dict() for b in reply.content]")))
    streamed = solution_with(ex03.loop_status, ("        reply = client.messages.create(", (
        "        with client.messages.stream(")), ("                                       tools=toolbox.to_api())\n", (
        "                                       tools=toolbox.to_api()) as stream:\n"
        "            reply = stream.get_final_message()\n")))
    for answer in (as_dicts, streamed):
        outcome = ex03.loop_status.evaluate(answer)
        assert outcome.status == PASS, outcome.message


def loop_keeping_results(client, task, toolbox, max_turns=10):
    """A loop that keeps each (tool, input)'s result and sends it again when the model repeats the call."""
    messages, kept = [{"role": "user", "content": task}], {}
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return RIGHT_ENDINGS.get(reply.stop_reason, "anomaly"), messages
        results = []
        for block in (b for b in reply.content if b.type == "tool_use"):
            key = (block.name, repr(sorted(block.input.items())))
            if key not in kept:
                kept[key] = toolbox.execute(block).result
            results.append({**kept[key], "tool_use_id": block.id})
        messages.append({"role": "user", "content": results})
    return "max_turns", messages


def test_loop_status_answering_a_repeated_call_from_before_is_not_yet():
    """A loop that answers a repeated call with the result kept from an earlier turn: not yet (a failed call may work now)."""
    outcome = ex03.loop_status.evaluate(loop_keeping_results)
    assert outcome.status == FAIL, outcome.message
    assert "a tool that fails once" in outcome.message and "keep no result from an earlier turn" in outcome.message


def test_status_from_the_turn_count_is_not_yet():
    """A loop that calls the run 'max_turns' whenever it used its last turn, though the model answered then: not yet."""
    at_the_cap = solution_with(ex03.loop_status, (
        '            return ENDINGS.get(reply.stop_reason, "anomaly"), messages\n',
        '            return ("max_turns" if _ == max_turns - 1 else ENDINGS.get(reply.stop_reason, "anomaly")), '
        'messages\n'))
    for exercise in (ex03.loop_status, ex03.budget_loop):
        answer = at_the_cap if exercise is ex03.loop_status else solution_with(ex03.budget_loop, (
            '            return ENDINGS.get(reply.stop_reason, "anomaly"), messages\n',
            '            return ("max_turns" if _ == max_turns - 1 else ENDINGS.get(reply.stop_reason, "anomaly")), '
            'messages\n'))
        outcome = exercise.evaluate(answer)
        assert outcome.status == FAIL, outcome.message
        assert "max_turns=2" in outcome.message and "the run is 'done'" in outcome.message, outcome.message
