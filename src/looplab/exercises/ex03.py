"""Exercises of notebook 03: read histories, give your loop a status, predict a request, add a budget, choose one."""

from __future__ import annotations

from pathlib import Path

from looplab import faults
from looplab.client import practice_client
from looplab.exercises import Exercise, whole
from looplab.exercises._loops import call_loop, compare, guarded
from looplab.i18n import N_, _, number
from looplab.loop import STATUSES, run_agent
from looplab.practice import call, calls, say, stop, transport_of
from looplab.practice.script import STOP_REASONS
from looplab.samples import action_tools, invoice_tools, weather_and_calc
from looplab.tools import Toolbox, tool

WEATHER_TASK = "What is the weather in Lyon?"
# The task as the notebook words it; the budget check runs _(INVOICE_TASK), the task of the notebook's language.
INVOICE_TASK = N_("In the folder invoices, find the unpaid invoices; give their numbers and the total still due.")
RUNAWAY_TURNS = 3
SCRIPTS = {  # label -> the script of one run; each run must end as run_agent ends it
    N_("a plain answer (end_turn)"): [say("Lyon: 21 °C, cloudy.")],
    N_("a tool call, then an answer"): [calls(say("Let me check."), call("get_weather", city="Lyon")),
                                        say("21 °C in Lyon.")],
    N_("two calls of one tool, then an answer"): [calls(call("get_weather", city="Lyon"),
                                                         call("get_weather", city="Paris")),
                                                   say("21 °C in Lyon, 18 °C in Paris.")],
    N_("a failing tool call (no city), then an answer"): [call("get_weather", town="Lyon"),
                                                            say("I could not get the weather.")],
    N_("a stop sequence (stop_sequence)"): [stop("stop_sequence", "Lyon: 21 °C")],
    N_("a reply cut by max_tokens"): [stop("max_tokens", "Lyon: 21")],
    N_("a tool call cut by max_tokens"): [stop("max_tokens", partial_tool=True)],
    N_("a paused turn (pause_turn), then an answer"): [stop("pause_turn", "Still looking"), say("21 °C in Lyon.")],
    N_("a refusal"): [stop("refusal")],
    N_("a full context window (model_context_window_exceeded)"): [stop("model_context_window_exceeded", "Lyon")],
}
ADVICE = {  # label of SCRIPTS -> what a loop does with that ending
    "a plain answer (end_turn)": N_("end_turn ends the run: 'done'"),
    "a tool call, then an answer": N_("run the tool, send its result, call again; the answer ends the run"),
    "two calls of one tool, then an answer": N_("answer each tool_use by its block.id, not by its name: a tool "
                                                "called twice needs two results"),
    "a failing tool call (no city), then an answer": N_("a failed tool call does not end the run: send its "
                                                        "is_error result (toolbox.execute gives it) and call the "
                                                        "model again, which reads the error and decides"),
    "a stop sequence (stop_sequence)": N_("stop_sequence ends the run as end_turn does"),
    "a reply cut by max_tokens": N_("max_tokens ends the run: a cut reply is not an answer"),
    "a tool call cut by max_tokens": N_("max_tokens ends the run, and its cut tool call (input {}) is never run"),
    "a paused turn (pause_turn), then an answer": N_("on pause_turn, append the reply and call the model again "
                                                     "with no results message; the run goes on"),
    "a refusal": N_("refusal ends the run: the model declined"),
    "a full context window (model_context_window_exceeded)": N_("model_context_window_exceeded ends the run"),
}


@tool
def alert_count() -> int:
    """How many weather alerts are out today (simulated)."""
    return 0


CUT_NO_INPUT = [stop("max_tokens", partial_tool=alert_count.name)]  # a tool with no input: the cut call's {} is valid
ONE_BY_ONE = [call("list_files", folder="invoices"),
              *[call("read_file", path=f"invoices/{n}.txt") for n in ("2026-07-012", "2026-08-015", "2026-08-019")],
              say("Unpaid: 2026-08-015 and 2026-08-019. Total still due: 1850 EUR.")]


UNKNOWN_REASON = "a_future_stop_reason"


class FutureStopReason:
    """A fault: the reply ends with a stop reason the loop has never seen, as one the API adds one day would."""

    def on_reply(self, message: dict) -> dict:
        return {**message, "stop_reason": UNKNOWN_REASON}

    def on_events(self, events: list) -> list:
        """The same for a loop that streams: the message_delta event carries the stop reason."""
        return [(kind, {**data, "delta": {**data["delta"], "stop_reason": UNKNOWN_REASON}})
                if kind == "message_delta" else (kind, data) for kind, data in events]


def _future():
    """A run whose reply ends with an unknown stop reason; strict=False reads it as anthropic.Anthropic() does."""
    client = practice_client(script=[say("Lyon: 21 °C, cloudy.")], strict=False)
    transport_of(client).add_fault(FutureStopReason())
    return client, _weather()


MYSTERY_TASK = N_("What is the weather in Lyon?")  # French: 'Donne-moi la météo de Lyon.' (never_stop takes its last word)
MYSTERIES = {  # name -> (script, max_turns) of a run whose history the notebook shows without its status;
    # the scripts' texts are in the notebook's language, made when the run is played
    "A": (lambda: [stop("max_tokens", _("Let me check the weather in Lyon."), partial_tool=True)], 10),
    "B": (lambda: [], 3),  # an empty script here means: the never-stopping model
    "C": (lambda: [stop("pause_turn", _("Searching the forecast...")), say(_("Lyon: 21 °C, cloudy."))], 10),
}
CLUES = {
    "A": N_("look at the last block: a tool call whose input is empty, and no result after it"),
    "B": N_("look at what the last message is, and count the model's replies"),
    "C": N_("two assistant messages in a row: after the first, the loop called the model again without tool "
            "results; the status comes from how the last reply ended"),
}
PUBLIC = [status for status in STATUSES if status not in ("anomaly", "error")]


def mystery(name: str):
    """The run behind mystery `name`: played again, the same every time."""
    script, max_turns = MYSTERIES[name]
    script = script()
    client = practice_client(script=script) if script else practice_client(never_stop=True)
    return run_agent(client, _(MYSTERY_TASK), weather_and_calc(), max_turns=max_turns)


def test_verdicts(verdicts) -> str:
    """Compare each verdict with the status run_agent gave the mystery run."""
    if not isinstance(verdicts, dict) or set(verdicts) != set(MYSTERIES):
        raise AssertionError(_("write a dict with a status for each of {names}, e.g. {{'A': 'done', ...}}; "
                               "got {verdicts!r:.60}", names=sorted(MYSTERIES), verdicts=verdicts))
    for name in MYSTERIES:
        run, verdict = mystery(name), verdicts[name]
        if verdict == run.status:
            continue
        if isinstance(verdict, str) and verdict.strip().lower() == run.status:
            raise AssertionError(_("{name}: write {verdict!r} in lower case, with no spaces, as run.status holds it",
                                   name=name, verdict=verdict))
        what = _("{name}: {verdict!r:.40} is not how that run ended", name=name, verdict=verdict)
        if verdict in STOP_REASONS:
            what = _("{name}: {verdict!r} is a stop reason, not a status (a status is one of {statuses})",
                     name=name, verdict=verdict, statuses=", ".join(PUBLIC))
        raise AssertionError(_("{what}; {clue}", what=what, clue=_(CLUES[name])))
    return _("all three histories read right: {statuses}.",
             statuses=", ".join(f"{n} {mystery(n).status}" for n in MYSTERIES))


def _weather():
    return Toolbox(weather_and_calc())


def test_loop_status(my_loop) -> str:
    """Run my_loop and run_agent on each scripted ending and on a never-stopping model; compare."""
    if not callable(my_loop):
        raise AssertionError(_("pass your function itself: ex03.loop_status.check(my_loop)"))
    return _("{n} runs end as run_agent ends them: same status, same tool calls, same number of model calls; "
             "a cut tool call is never run.", n=endings_hold(my_loop))


def endings_hold(my_loop) -> int:
    """Run my_loop and run_agent on each ending of exercise 3.2 (a later loop must still end as they do); return
    how many runs; raise AssertionError at the first that ends otherwise."""
    for label, script in SCRIPTS.items():
        compare(my_loop, lambda script=script: (practice_client(script=script), _weather()), WEATHER_TASK, label,
                advice=ADVICE[label])
    compare(my_loop, lambda: (practice_client(never_stop=True), _weather()), WEATHER_TASK,
            N_("with a model that never stops and max_turns=3"), max_turns=3,
            advice=N_("after the for loop, the cap was reached before an answer: 'max_turns'"))
    one_turn_holds(my_loop, _weather, WEATHER_TASK)
    text_around_kept(my_loop, _weather, WEATHER_TASK)
    compare(my_loop, _future, WEATHER_TASK, _("a stop reason your loop has never seen ({reason!r})",
                                              reason=UNKNOWN_REASON),
            advice=N_("a stop reason your loop does not know ends the run as 'anomaly': it is not an answer, so "
                      "don't call it 'done' (ENDINGS.get(reason, 'anomaly'))"))
    cut_call_not_run(my_loop)
    _paused_turns_count(my_loop)
    _answer_at_the_cap(my_loop)
    turns_not_calls(my_loop)
    same_call_again(my_loop)
    compare(my_loop, lambda: (practice_client(script=MIXED), failing_once()), WEATHER_TASK, MIXED_LABEL,
            advice=N_("send every result of the turn, the failed ones too (flagged is_error): the model must learn "
                      "what failed, and the API refuses a tool_use left unanswered"))
    compare(my_loop, lambda: (practice_client(script=UNAPPROVED), Toolbox([*weather_and_calc(), *action_tools([])])),
            WEATHER_TASK, N_("with a model that asks to send an email no one approved"),
            advice=N_("run each call through toolbox.execute(block) with no approver: the Toolbox refuses a tool "
                      "that acts unless someone approves it"))
    return len(SCRIPTS) + 3  # the count the notebooks show; the runs above are apart from it


TEXT_AROUND = [calls(say("Let me check."), call("get_weather", city="Lyon"), say("Back in a moment.")),
               say("21 °C in Lyon.")]
TEXT_AROUND_LABEL = N_("with a model that writes text before and after its tool call")


def text_around_kept(my_loop, tools, task) -> None:
    """A reply of text, tool_use, text (Claude writes text after a call, or splits it around citations): the loop
    keeps it whole; one that keeps the first text block only ("[:1]") holds every one-text reply."""
    compare(my_loop, lambda: (practice_client(script=TEXT_AROUND), tools()), task, TEXT_AROUND_LABEL)


def one_turn_holds(my_loop, tools, task) -> None:
    """A never-stopping model under max_turns=1: one model call, then 'max_turns'. A loop that gives itself a
    minimum of turns ("max(2, max_turns)": a tool call and its answer) holds every larger cap."""
    compare(my_loop, lambda: (practice_client(never_stop=True), tools()), task,
            N_("with a model that never stops and max_turns=1"), max_turns=1,
            advice=N_("max_turns=1 allows one model call: loop for _ in range(max_turns), with no minimum of turns "
                      "of your own"))


MIXED = [calls(call("get_weather", city="Lyon"), call("calculator", expression="2 + 2")), say("2 + 2 = 4.")]
MIXED_LABEL = N_("with a turn where one tool fails and the other works")
UNAPPROVED = [call("send_email", to="ana@example.com", subject="Weather", body="21 °C in Lyon."), say("Not sent.")]


def cut_call_not_run(my_loop) -> None:
    """A tool call cut by max_tokens whose input ({}) is valid: the run ends 'truncated' and the tool never runs."""
    compare(my_loop, lambda: (practice_client(script=CUT_NO_INPUT), Toolbox([*weather_and_calc(), alert_count])),
            WEATHER_TASK, N_("a tool call cut by max_tokens, to a tool that needs no input"),
            advice=ADVICE["a tool call cut by max_tokens"])


AT_ONCE = [calls(call("get_weather", city="Lyon"), call("get_weather", city="Paris"),
                 call("calculator", expression="17 * 3")), call("get_weather", city="Lille"), say("Done.")]
TURNS_NOT_CALLS = N_("max_turns counts model calls (turns), not tool calls: three tool calls in one reply are one turn")


def turns_not_calls(my_loop) -> None:
    """Three tool calls in one reply, then one, then the answer, under max_turns=3: the run is 'done'."""
    compare(my_loop, lambda: (practice_client(script=AT_ONCE), _weather()), WEATHER_TASK,
            N_("with a model that calls three tools at once, then one, then answers, and max_turns=3"), max_turns=3,
            advice=TURNS_NOT_CALLS)


def _answer_at_the_cap(my_loop, **options) -> None:
    """A model that answers on the last turn max_turns allows: the run is 'done', the cap did not cut it."""
    script = SCRIPTS["a tool call, then an answer"]
    compare(my_loop, lambda: (practice_client(script=script), _weather()), WEATHER_TASK,
            N_("with a model that answers on its second turn and max_turns=2"), max_turns=2,
            advice=N_("the model answered on the last turn max_turns allows, so the run is 'done': the status "
                      "comes from how the last reply ended, and 'max_turns' only from a loop that ran out of turns "
                      "before an answer"), **options)


def failing_once() -> Toolbox:
    """get_weather that fails on its first call only, and the calculator."""
    weather, calculator = weather_and_calc()
    return Toolbox([faults.failing(weather, times=1), calculator])


SAME_CALL = [call("get_weather", city="Lyon"), call("get_weather", city="Lyon"), say("21 °C in Lyon.")]
SAME_CALL_LABEL = N_("with a tool that fails once, and a model that calls it again with the same input")
SAME_CALL_ADVICE = N_("run every tool_use of every reply: the same call can give another result the next time (a "
                      "tool that failed may work now, a file may have changed), so keep no result from an earlier "
                      "turn")


def same_call_again(my_loop, **options) -> None:
    """A tool call that fails, then the same call again, which works: each tool_use runs, none is kept from before."""
    compare(my_loop, lambda: (practice_client(script=SAME_CALL), failing_once()), WEATHER_TASK, SAME_CALL_LABEL,
            advice=SAME_CALL_ADVICE, **options)


MISCOUNTS = {  # how a prediction is off -> the likely miscount
    -4: N_("each turn that calls a tool adds two messages, the reply and the results, not one"),
    -1: N_("the first request already carries one message, the task: start from it"),
    1: N_("the 5th request is sent before its own reply: count only the messages before it"),
}


def test_prediction(prediction) -> str:
    """Play the one-by-one script and count the messages of the 5th request."""
    if not whole(prediction):
        raise AssertionError(_("write your prediction as a whole number of messages, not {prediction!r}",
                               prediction=prediction))
    prediction = int(prediction)
    client = practice_client(script=ONE_BY_ONE)
    run_agent(client, INVOICE_TASK, _weather())  # the tool names are unknown here: same history sizes
    sizes = [len(request["messages"]) for request in transport_of(client).requests]
    if prediction != sizes[4]:
        why = MISCOUNTS.get(int(prediction) - sizes[4], N_("count what each turn adds to the history (the reply, "
                                                           "then the results), starting from the task"))
        raise AssertionError(_("{prediction} is not what the 5th request carries; {why}", prediction=prediction,
                               why=_(why)))
    return _("the 5th request carries {n} messages: the task, then a reply and its results for each turn before.",
             n=sizes[4])


def _tokens_after(run, turns: int) -> int:
    replies = [e.data["usage"] for e in run.events if e.kind == "model_reply"][:turns]
    return sum(u["input_tokens"] + u["output_tokens"] for u in replies)


BUDGET_ADVICE = N_("check the budget at the top of each turn, before the call (so that no `continue`, pause_turn's "
                   "included, skips it): stop if the input + output tokens of the replies so far are at or over it")
PAUSED = [stop("pause_turn", "Still looking"), stop("pause_turn", "Still looking"),
          stop("pause_turn", "Still looking"), say("Lyon: 21 °C, cloudy.")]


def _paused_turns_count(my_loop, **options) -> None:
    """A model that pauses three times, then answers, under max_turns=3: a paused turn is a turn, so it ends there."""
    compare(my_loop, lambda: (practice_client(script=PAUSED), _weather()), WEATHER_TASK,
            N_("with a model that pauses its turn (pause_turn) three times and max_turns=3"), max_turns=3,
            advice=N_("a paused turn is a turn too: it costs a model call, so max_turns counts it (a server that "
                      "keeps pausing would otherwise keep the loop going)"), **options)


def _calls_under(my_loop, budget: int) -> int:
    """How many model calls my_loop makes on a never-stopping model with `budget`."""
    client, guard = guarded(practice_client(never_stop=True))
    call_loop(my_loop, client, guard, WEATHER_TASK, _weather(), max_turns=10, token_budget=budget)
    return guard.hits


def test_budget_loop(my_loop) -> str:
    """Compare my_loop(token_budget=...) with run_agent: stopped at the budget, not a call later or earlier."""
    if not callable(my_loop):
        raise AssertionError(_("pass your function itself: ex03.budget_loop.check(my_loop)"))
    runaway = lambda: (practice_client(never_stop=True), _weather())  # noqa: E731  (a fresh pair per run)
    probe = run_agent(practice_client(never_stop=True), WEATHER_TASK, _weather(), max_turns=2)
    two_turns = _tokens_after(probe, 2)
    for budget, turns in ((two_turns, 2), (two_turns + 1, 3)):
        client, guard = guarded(practice_client(never_stop=True))
        status, _messages = call_loop(my_loop, client, guard, WEATHER_TASK, _weather(), max_turns=10, token_budget=budget)
        if (status, guard.hits) == ("over_budget", turns + 1) and _calls_under(my_loop, budget - 1) == turns:
            raise AssertionError(_("with token_budget={budget} (two turns use {two_turns} tokens) your loop made "
                                   "{calls} model calls, one too many: stop when the tokens so far are at the budget "
                                   "too (spent >= token_budget), not only over it", budget=budget,
                                   two_turns=two_turns, calls=guard.hits))
        if (status, guard.hits) != ("over_budget", turns):
            raise AssertionError(_(
                "with token_budget={budget} (two turns use {two_turns} tokens) your loop made {calls} "
                "model calls and ended {status!r}; expected {turns} calls and 'over_budget': before each call, "
                "stop if the input + output tokens of the replies so far are at or over the budget",
                budget=budget, two_turns=two_turns, calls=guard.hits, status=status, turns=turns))
    compare(my_loop, runaway, WEATHER_TASK, N_("with a never-stopping model and a budget"), max_turns=10,
            token_budget=two_turns + 1, advice=BUDGET_ADVICE)
    paused = run_agent(practice_client(script=PAUSED), WEATHER_TASK, _weather())
    compare(my_loop, lambda: (practice_client(script=PAUSED), _weather()), WEATHER_TASK,
            N_("with a model that pauses its turn (pause_turn) three times and a budget spent by the first reply"),
            token_budget=_tokens_after(paused, 1), advice=BUDGET_ADVICE)
    compare(my_loop, runaway, WEATHER_TASK, N_("with no budget (token_budget=None) and max_turns=3"), max_turns=3,
            advice=N_("with token_budget=None there is no budget: only max_turns stops the loop"))
    _paused_turns_count(my_loop, token_budget=None)
    compare(my_loop, lambda: (practice_client(script=SCRIPTS["a tool call, then an answer"]), _weather()),
            WEATHER_TASK, N_("with a budget the task fits in"), token_budget=10 * two_turns,
            advice=N_("a budget the run fits in changes nothing: the run ends as it would without one"))
    endings_hold(my_loop)  # the endings of exercise 3.2 still hold
    return _("the budget stops a runaway right where run_agent stops it (two turns = {two_turns} tokens here).",
             two_turns=two_turns)


def _tokens(run) -> int:
    return run.usage["input_tokens"] + run.usage["output_tokens"]


def test_budget(budget) -> str:
    """Run the invoice task (must finish) and a never-stopping model (must stop within 3 turns)."""
    if not whole(budget):
        raise AssertionError(_("budget is {budget!r}; make it a whole number of tokens, e.g. budget = 1000",
                               budget=budget))
    if budget < 1:
        raise AssertionError(_("budget is {budget!r}; make it a positive number of tokens (at least 1), e.g. "
                               "budget = 1000", budget=budget))
    budget = int(budget)
    if not Path("data", "invoices").is_dir():
        raise AssertionError(_("this check reads data/invoices; run it from the notebooks folder"))
    asked = _(INVOICE_TASK)  # the task the participant's notebook ran, so its token counts are theirs
    task = run_agent(practice_client(), asked, invoice_tools("data"), token_budget=budget)
    if task.status != "done":
        full = run_agent(practice_client(), asked, invoice_tools("data"))
        exactly = " — " + _("the loop stops at the budget too (>=), so it must be above that") if (
            budget == _tokens_after(full, full.turns - 1)) else ""
        raise AssertionError(_("with token_budget={budget} the invoice task ended as {status!r} after {turns} turns "
                               "({tokens} tokens used); it needs {needed} calls, and the budget is checked before "
                               "each: it must be above the tokens the task has spent before its last call "
                               "(spent(task, task.turns - 1))", budget=budget, status=task.status, turns=task.turns,
                               tokens=number(_tokens(task)), needed=full.turns) + exactly)
    runaway = run_agent(practice_client(never_stop=True), asked, invoice_tools("data"),
                        token_budget=budget, max_turns=50)
    if runaway.status != "over_budget" or runaway.turns > RUNAWAY_TURNS:
        raise AssertionError(_("with token_budget={budget} the never-stopping model ran {turns} turns ({tokens} "
                               "tokens) before it was stopped; to stop it within {most} turns, the budget must be at "
                               "or under what it has spent after {most} turns (spent(runaway, {most}))",
                               budget=budget, turns=runaway.turns, tokens=number(_tokens(runaway)), most=RUNAWAY_TURNS))
    return _("token_budget={budget}: the invoice task finishes with {tokens} tokens, and the runaway stops after "
             "{turns} turns ({runaway_tokens} tokens).", budget=budget, tokens=number(_tokens(task)), turns=runaway.turns,
             runaway_tokens=number(_tokens(runaway)))


verdicts = Exercise(
    N_("Exercise 3.1 — read the history"),
    test_verdicts,
    N_("The history holds no stop_reason, but each ending leaves a mark: a tool call nobody answered, a "
       "history that ends on tool results, two replies in a row. Match each mark to a stop reason, then to a status."),
    N_('verdicts = {"A": "truncated",  # a cut tool call: input {} and no result after it\n'
       '            "B": "max_turns",  # ends on tool results: the loop stopped before the model could answer\n'
       '            "C": "done"}  # pause_turn, then an answer: the loop went round again without results'),
)

loop_status = Exercise(
    N_("Exercise 3.2 — your loop says how it ended"),
    test_loop_status,
    N_("Keep the loop of notebook 02 and return (status, messages). Map the stop reasons that end a run "
       "with a dict (end_turn and stop_sequence -> 'done', max_tokens -> 'truncated', ..., any other -> "
       "'anomaly'); on pause_turn, just go round again; after the for loop, the cap was reached: 'max_turns'."),
    N_('ENDINGS = {"end_turn": "done", "stop_sequence": "done", "max_tokens": "truncated",\n'
       '           "refusal": "refused", "model_context_window_exceeded": "context_exceeded"}\n'
       '\n'
       '\n'
       'def my_loop(client, task, toolbox, max_turns=10):\n'
       '    """Run the agent loop; return (status, messages)."""\n'
       '    messages = [{"role": "user", "content": task}]\n'
       '    for _ in range(max_turns):\n'
       '        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages,\n'
       '                                       tools=toolbox.to_api())\n'
       '        messages.append({"role": "assistant", "content": reply.content})\n'
       '        if reply.stop_reason == "pause_turn":\n'
       '            continue  # resend the history as it is: the API resumes the turn\n'
       '        if reply.stop_reason != "tool_use":  # a cut tool call (max_tokens) is never run\n'
       '            return ENDINGS.get(reply.stop_reason, "anomaly"), messages\n'
       '        results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]\n'
       '        messages.append({"role": "user", "content": results})\n'
       '    return "max_turns", messages'),
)

prediction = Exercise(
    N_("Exercise 3.3 — predict the 5th request"),
    test_prediction,
    N_("The first request carries the task alone. Each turn that calls a tool adds two messages to the "
       "history: the model's reply and the user message holding the results."),
    N_("prediction = 9  # the task, then (reply, results) for each of the 4 turns before"),
)

budget_loop = Exercise(
    N_("Exercise 3.4 — a token budget in your loop"),
    test_budget_loop,
    N_("Keep a running total `spent` of reply.usage.input_tokens + reply.usage.output_tokens. At the top of "
       "each turn, before the call: if token_budget is not None and spent >= token_budget, return "
       "'over_budget' with the messages so far."),
    N_('def my_loop(client, task, toolbox, max_turns=10, token_budget=None):\n'
       '    """Run the agent loop within max_turns and token_budget; return (status, messages)."""\n'
       '    messages, spent = [{"role": "user", "content": task}], 0\n'
       '    for _ in range(max_turns):\n'
       '        if token_budget is not None and spent >= token_budget:\n'
       '            return "over_budget", messages  # checked before the call: a call cannot be stopped half-way\n'
       '        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages,\n'
       '                                       tools=toolbox.to_api())\n'
       '        spent += reply.usage.input_tokens + reply.usage.output_tokens\n'
       '        messages.append({"role": "assistant", "content": reply.content})\n'
       '        if reply.stop_reason == "pause_turn":\n'
       '            continue\n'
       '        if reply.stop_reason != "tool_use":\n'
       '            return ENDINGS.get(reply.stop_reason, "anomaly"), messages\n'
       '        results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]\n'
       '        messages.append({"role": "user", "content": results})\n'
       '    return "max_turns", messages'),
)

budget = Exercise(
    N_("Exercise 3.5 — choose a budget"),
    test_budget,
    N_("The budget is checked before each call, against the tokens used so far. Add up usage_per_turn of both "
       "runs: the invoice task must still be under budget before its last call, the runaway at or over it "
       "before its fourth."),
    N_('def spent(run, turns):\n'
       '    """Input + output tokens of the first `turns` replies of a run."""\n'
       '    return sum(r["input_tokens"] + r["output_tokens"] for r in usage_per_turn(run)[:turns])\n'
       '\n'
       '\n'
       'task = run_agent(practice_client(), INVOICE_TASK, invoices)  # the check runs the practice model\n'
       'before_last_call = spent(task, task.turns - 1)  # the budget must be above this: the last call starts\n'
       'after_three_turns = spent(runaway, 3)  # the runaway must be at or over the budget here\n'
       'budget = after_three_turns  # any whole number from before_last_call + 1 to after_three_turns does both\n'
       'before_last_call < budget'),
)
