"""Exercises of notebook 03: status_for, cost_of and budget say not attempted, not yet and correct."""
from pathlib import Path

import pytest
from solutions import defined_in

from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex03

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PRELUDE = "from looplab.pricing import PRICES\n"


def starter(*args):
    raise NotImplementedError


@pytest.fixture
def in_notebooks(monkeypatch):
    """Run from notebooks/, as the notebook's kernel does (the check reads data/invoices)."""
    monkeypatch.chdir(NOTEBOOKS)


def test_unattempted():
    """`...` and starters raising NotImplementedError are not attempted, for all three exercises."""
    for exercise in (ex03.status_for, ex03.cost_of, ex03.budget):
        assert exercise.evaluate(...).status == UNATTEMPTED
    assert ex03.status_for.evaluate(starter).status == UNATTEMPTED
    assert ex03.cost_of.evaluate(starter).status == UNATTEMPTED


def test_status_for_calling_max_tokens_done_is_not_yet():
    """Treating max_tokens as an answer is caught, with the status run_agent gives instead."""
    right = defined_in(ex03.status_for.solution_text, PRELUDE)["status_for"]
    outcome = ex03.status_for.evaluate(lambda r: "done" if r == "max_tokens" else right(r))
    assert outcome.status == FAIL
    assert "status_for('max_tokens') returned 'done'; expected 'truncated'" in outcome.message


def test_status_for_stopping_on_pause_turn_is_not_yet():
    """Treating pause_turn as an end is caught: the loop goes on."""
    right = defined_in(ex03.status_for.solution_text, PRELUDE)["status_for"]
    outcome = ex03.status_for.evaluate(lambda r: "done" if r == "pause_turn" else right(r))
    assert outcome.status == FAIL
    assert "expected 'continue'" in outcome.message


def test_status_for_solution_passes():
    """The solution shown by solution() passes its own check."""
    assert ex03.status_for.evaluate(defined_in(ex03.status_for.solution_text, PRELUDE)["status_for"]).status == PASS


def test_cost_of_with_swapped_prices_is_not_yet():
    """Pricing output tokens at the input price is caught, with the expected dollars."""
    outcome = ex03.cost_of.evaluate(
        lambda usage, model: (usage["input_tokens"] + usage["output_tokens"])
        * ex03.PRICES[model].input_per_mtok / 1_000_000)
    assert outcome.status == FAIL
    assert "expected" in outcome.message and "per million" in outcome.message


def test_cost_of_solution_passes():
    """The solution shown by solution() passes its own check."""
    assert ex03.cost_of.evaluate(defined_in(ex03.cost_of.solution_text, PRELUDE)["cost_of"]).status == PASS


def test_budget_too_small_stops_the_task(in_notebooks):
    """A budget that stops the invoice task before its answer is not yet."""
    outcome = ex03.budget.evaluate(300)
    assert outcome.status == FAIL
    assert "the invoice task ended as 'over_budget'" in outcome.message


def test_budget_too_large_lets_the_runaway_run(in_notebooks):
    """A budget that lets a never-stopping model run more than 3 turns is not yet."""
    outcome = ex03.budget.evaluate(5000)
    assert outcome.status == FAIL
    assert "the never-stopping model ran" in outcome.message


def test_budget_that_is_not_a_number_is_not_yet():
    """A budget that is not a whole number is told what to write."""
    assert ex03.budget.evaluate("800").status == FAIL


def test_budget_solution_passes(in_notebooks):
    """The solution shown by solution() passes its own check."""
    outcome = ex03.budget.evaluate(defined_in(ex03.budget.solution_text, PRELUDE)["budget"])
    assert outcome.status == PASS, outcome.message
