"""Exercises of notebook 03: map stop reasons to statuses; price a usage; choose a token budget."""

from __future__ import annotations

from pathlib import Path

from looplab.client import practice_client
from looplab.exercises import Exercise
from looplab.loop import run_agent
from looplab.practice import call, say, stop
from looplab.pricing import PRICES, cost_usd
from looplab.samples import invoice_tools, weather_and_calc

INVOICE_TASK = ("In the folder invoices, find the unpaid invoices; "
                "give their numbers and the total still due.")
RUNAWAY_TURNS = 3
KEEP_GOING = ("tool_use", "pause_turn")
SCRIPTS = {
    "end_turn": [say("Lyon: 21 °C, cloudy.")],
    "stop_sequence": [stop("stop_sequence", "Lyon: 21 °C")],
    "max_tokens": [stop("max_tokens", "Half an ans")],
    "refusal": [stop("refusal")],
    "model_context_window_exceeded": [stop("model_context_window_exceeded", "The conver")],
    "tool_use": [call("get_weather", city="Lyon"), say("21 °C in Lyon.")],
    "pause_turn": [stop("pause_turn", "Still looking"), say("21 °C in Lyon.")],
}
USAGES = [
    {"input_tokens": 955, "output_tokens": 96},
    {"input_tokens": 1_000_000, "output_tokens": 0},
    {"input_tokens": 0, "output_tokens": 1_000_000},
    {"input_tokens": 12_345, "output_tokens": 678},
    {"input_tokens": 182, "output_tokens": 19, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0},
]
MODELS = ("claude-opus-5", "claude-sonnet-5", "claude-haiku-4-5")


def _real_status(reason: str) -> str:
    """The status run_agent gives a run whose first reply stops with `reason`."""
    run = run_agent(practice_client(script=SCRIPTS[reason]), "What is the weather in Lyon?", weather_and_calc())
    return run.status


def test_status_for(status_for) -> str:
    """Compare status_for with what run_agent does on a scripted run for each of the seven reasons."""
    if not callable(status_for):
        raise AssertionError("pass your function itself: ex03.status_for.check(status_for)")
    for reason in SCRIPTS:
        got = status_for(reason)
        expected = "continue" if reason in KEEP_GOING else _real_status(reason)
        if got != expected:
            why = ("the loop does not stop there: it runs the tools or resends the history, then calls again"
                   if expected == "continue" else f"run_agent ends a run whose reply stops with {reason} as {expected!r}")
            raise AssertionError(f"status_for({reason!r}) returned {got!r}; expected {expected!r}: {why}")
    return "all seven stop reasons map to what run_agent does with them."


def test_cost_of(cost_of) -> str:
    """Compare cost_of with looplab.pricing.cost_usd on several usages and three models."""
    if not callable(cost_of):
        raise AssertionError("pass your function itself: ex03.cost_of.check(cost_of)")
    for model in MODELS:
        for usage in USAGES:
            got, expected = cost_of(dict(usage), model), cost_usd(model, usage)
            if not isinstance(got, int | float) or abs(got - expected) > 1e-9:
                price = PRICES[model]
                raise AssertionError(
                    f"cost_of({usage}, {model!r}) returned {got!r}; expected {expected} dollars: "
                    f"input_tokens × {price.input_per_mtok} + output_tokens × {price.output_per_mtok}, "
                    "divided by 1 000 000 (prices are per million tokens)")
    return f"{len(MODELS) * len(USAGES)} usages priced to the cent and beyond, on three models."


def _tokens(run) -> int:
    return run.usage["input_tokens"] + run.usage["output_tokens"]


def test_budget(budget) -> str:
    """Run the invoice task (must finish) and a never-stopping model (must stop within 3 turns)."""
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise AssertionError(f"budget is {budget!r}; make it a whole number of tokens, e.g. budget = 1000")
    if not Path("data", "invoices").is_dir():
        raise AssertionError("this check reads data/invoices; run it from the notebooks folder")
    task = run_agent(practice_client(), INVOICE_TASK, invoice_tools("data"), token_budget=budget)
    if task.status != "done":
        raise AssertionError(f"with token_budget={budget} the invoice task ended as {task.status!r} after "
                             f"{task.turns} turns ({_tokens(task)} tokens used); it needs more to finish")
    runaway = run_agent(practice_client(never_stop=True), INVOICE_TASK, invoice_tools("data"),
                        token_budget=budget, max_turns=50)
    if runaway.status != "over_budget" or runaway.turns > RUNAWAY_TURNS:
        raise AssertionError(f"with token_budget={budget} the never-stopping model ran {runaway.turns} turns "
                             f"({_tokens(runaway)} tokens) before it was stopped; stop it within "
                             f"{RUNAWAY_TURNS} turns with a smaller budget")
    return (f"token_budget={budget}: the invoice task finishes with {_tokens(task)} tokens, and the "
            f"runaway stops after {runaway.turns} turns ({_tokens(runaway)} tokens).")


status_for = Exercise(
    "Exercise 3.1 — status_for",
    test_status_for,
    "Five reasons end the run: end_turn and stop_sequence are 'done', max_tokens 'truncated', refusal "
    "'refused', model_context_window_exceeded 'context_exceeded'. The other two keep the loop going.",
    'def status_for(stop_reason):\n'
    '    """The Run.status a stop reason leads to, or "continue" when the loop goes on."""\n'
    '    statuses = {"end_turn": "done", "stop_sequence": "done", "max_tokens": "truncated",\n'
    '                "refusal": "refused", "model_context_window_exceeded": "context_exceeded",\n'
    '                "tool_use": "continue", "pause_turn": "continue"}\n'
    '    return statuses[stop_reason]',
)

cost_of = Exercise(
    "Exercise 3.2 — cost_of",
    test_cost_of,
    "PRICES[model] has input_per_mtok and output_per_mtok, in dollars per million tokens: multiply each "
    "token count by its price and divide the sum by 1_000_000.",
    'def cost_of(usage, model):\n'
    '    """Dollars for `usage` (input and output tokens) on `model`, from PRICES."""\n'
    '    price = PRICES[model]\n'
    '    return (usage["input_tokens"] * price.input_per_mtok\n'
    '            + usage["output_tokens"] * price.output_per_mtok) / 1_000_000',
)

budget = Exercise(
    "Exercise 3.3 — budget",
    test_budget,
    "The budget is checked before each call, against the tokens used so far. Print usage_per_turn of both "
    "runs and add up: the invoice task must still be under budget before its last call, the runaway at "
    "or over it before its fourth.",
    "# The invoice task has used 506 tokens before its 3rd (last) call; the runaway has used\n"
    "# 801 tokens after 3 turns. Any budget from 507 to 801 does both.\n"
    "budget = 800",
)
