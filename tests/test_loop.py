"""run_agent through the practice model: every status, tool execution, budgets, approvals."""

import threading
from pathlib import Path

import anthropic
import httpx2
import pytest

from looplab import pricing
from looplab._reference import reference_loop
from looplab.client import MODEL, practice_client
from looplab.loop import STATUSES, run_agent
from looplab.practice import transport_of
from looplab.practice.script import call, calls, stop
from looplab.tools import Tool, Toolbox

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
OBJECT = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}


def recording_tool(name, log, *, consequential=False, result=None):
    """A tool that appends its input to `log` and returns `result` or 'name:text'."""

    def handler(**input):
        log.append((name, input))
        return result if result is not None else f"{name}:{input['text']}"

    return Tool(name, f"Echo for {name}.", OBJECT, handler, consequential)


class Overloaded:
    """A transport fault: every request to /v1/messages (after `after` messages) gets a 529."""

    def __init__(self, after=0):
        self.after = after

    def before(self, request, body):
        if len(body.get("messages", [])) > self.after:
            return httpx2.Response(529, json={"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
                                   headers={"retry-after-ms": "1"})
        return None


def test_done_when_the_model_ends_its_turn():
    """A plain text reply ends the run as done, with that text as the answer."""
    run = run_agent(practice_client(script=["The answer is 42."]), "What is it?", [])
    assert (run.status, run.answer, run.turns, run.stop_reason) == ("done", "The answer is 42.", 1, "end_turn")
    assert run.tool_calls == []
    assert run.messages[-1] == {"role": "assistant", "content": [{"type": "text", "text": "The answer is 42."}]}


def test_tool_result_goes_back_and_the_model_answers():
    """A tool call is run, its result sent back, and the next reply is the answer."""
    log = []
    client = practice_client(script=[call("echo", text="hi"), "It said hi."])
    run = run_agent(client, "Echo hi.", [recording_tool("echo", log)])
    assert (run.status, run.turns, run.answer) == ("done", 2, "It said hi.")
    assert log == [("echo", {"text": "hi"})]
    assert [m["role"] for m in run.messages] == ["user", "assistant", "user", "assistant"]
    result = run.messages[2]["content"][0]
    assert result == {"type": "tool_result", "tool_use_id": run.messages[1]["content"][0]["id"],
                      "content": "echo:hi", "is_error": False}


def test_stop_sequence_counts_as_done():
    """A reply stopped by a stop sequence is a finished answer."""
    run = run_agent(practice_client(script=[stop("stop_sequence", "Partial list")]), "List.", [])
    assert (run.status, run.stop_reason, run.answer) == ("done", "stop_sequence", "Partial list")


def test_max_turns_caps_model_calls_exactly():
    """A model that never stops is cut after exactly max_turns model calls, each tool call run."""
    log = []
    client = practice_client(never_stop=True)
    run = run_agent(client, "Loop forever on x", [recording_tool("echo", log)], max_turns=4)
    assert (run.status, run.turns, run.answer) == ("max_turns", 4, None)
    assert len(run.tool_calls) == 4 and len(log) == 4
    assert transport_of(client).calls == 4


def test_over_budget_stops_before_the_next_call():
    """A tiny token budget stops the run after the first reply, before a second call."""
    client = practice_client(never_stop=True)
    run = run_agent(client, "Loop on x", [recording_tool("echo", [])], token_budget=1)
    assert (run.status, run.turns) == ("over_budget", 1)
    assert transport_of(client).calls == 1


def test_budget_overshoot_is_at_most_one_reply():
    """Every call starts under the budget, so the run overshoots by at most its last reply."""
    run = run_agent(practice_client(never_stop=True), "Loop on x", [recording_tool("echo", [])],
                    token_budget=2000, max_turns=50)
    per_turn = [sum(e.data["usage"].values()) for e in run.events if e.kind == "model_reply"]
    assert run.status == "over_budget" and run.turns > 1
    assert sum(per_turn[:-1]) < 2000 <= sum(per_turn) == sum(run.usage.values())


def test_truncated_reply_never_runs_its_tool_calls():
    """A reply cut by max_tokens ends the run as truncated; its tool_use is not executed."""
    log = []
    client = practice_client(script=[stop("max_tokens", "I will call", partial_tool=True)])
    run = run_agent(client, "Echo.", [recording_tool("echo", log)])
    assert (run.status, run.answer, run.turns) == ("truncated", "I will call", 1)
    assert log == [] and run.tool_calls == []
    assert run.messages[-1]["content"][-1]["type"] == "tool_use"


def test_refusal_and_context_window_have_their_own_status():
    """refusal -> refused; model_context_window_exceeded -> context_exceeded; answer None without text."""
    refused = run_agent(practice_client(script=[stop("refusal")]), "Do it.", [])
    full = run_agent(practice_client(script=[stop("model_context_window_exceeded")]), "Do it.", [])
    assert (refused.status, refused.answer, refused.stop_reason) == ("refused", None, "refusal")
    assert (full.status, full.stop_reason) == ("context_exceeded", "model_context_window_exceeded")


def test_pause_turn_is_continued_with_the_history_as_is():
    """pause_turn sends the history back unchanged, counts as a turn, and the run goes on."""
    client = practice_client(script=[stop("pause_turn", "Working on it"), "Finished."])
    run = run_agent(client, "Long task.", [])
    assert (run.status, run.turns, run.answer) == ("done", 2, "Finished.")
    second = transport_of(client).requests[1]["messages"]
    assert second[-1] == {"role": "assistant", "content": [{"type": "text", "text": "Working on it"}]}


def test_api_error_after_retries_is_status_error_and_keeps_the_exception():
    """A 529 on every attempt gives status error after the SDK's 3 attempts; the history is kept."""
    client = practice_client(script=["never reached"])
    transport_of(client).add_fault(Overloaded())
    run = run_agent(client, "Hello.", [])
    assert (run.status, run.turns, run.answer) == ("error", 1, None)
    assert isinstance(run.error, anthropic.OverloadedError)
    assert len(transport_of(client).requests) == 3
    assert run.messages == [{"role": "user", "content": "Hello."}]
    error = next(e for e in run.events if e.kind == "error")
    assert error.data["message"].startswith("OverloadedError (HTTP 529): Overloaded")


def test_api_error_mid_run_keeps_the_turns_already_done():
    """An API failure on the second call keeps the first turn's messages and tool calls."""
    client = practice_client(script=[call("echo", text="a"), "done"])
    transport_of(client).add_fault(Overloaded(after=1))
    run = run_agent(client, "Echo a.", [recording_tool("echo", [])])
    assert (run.status, run.turns, len(run.messages)) == ("error", 2, 3)
    assert run.tool_calls == [("echo", {"text": "a"})]


def test_several_tool_calls_get_one_user_message_in_order():
    """Three tool_use blocks in one reply get three results, ids matched, in one user message."""
    log = []
    client = practice_client(script=[calls(call("echo", text="a"), call("echo", text="b"), call("echo", text="c")), "ok"])
    run = run_agent(client, "Echo three.", [recording_tool("echo", log)])
    uses = run.messages[1]["content"]
    results = run.messages[2]["content"]
    assert [r["tool_use_id"] for r in results] == [u["id"] for u in uses]
    assert [r["content"] for r in results] == ["echo:a", "echo:b", "echo:c"]
    assert transport_of(client).requests[1]["messages"][2] == {"role": "user", "content": results}


def test_checks_refuse_bad_calls_without_running_the_tool():
    """Unknown tool, schema-breaking input and unapproved consequential calls become is_error, unrun."""
    log = []
    tools = [recording_tool("echo", log), recording_tool("send", log, consequential=True)]
    step = calls(call("nope", text="x"), call("echo", text=3), call("send", text="hi"))
    run = run_agent(practice_client(script=[step, "ok"]), "Try.", tools)
    results = run.messages[2]["content"]
    assert [r["is_error"] for r in results] == [True, True, True]
    assert log == []
    assert [e.data["approved"] for e in run.events if e.kind == "approval"] == [False]
    assert run.status == "done"


def test_approver_that_raises_denies_and_approved_call_runs():
    """An approver that raises counts as a denial; one that returns True lets the tool run."""
    log = []

    def approver(name, input):
        if input["text"] == "bad":
            raise RuntimeError("approver crashed")
        return True

    step = calls(call("send", text="bad"), call("send", text="good"))
    run = run_agent(practice_client(script=[step, "ok"]), "Send.",
                    [recording_tool("send", log, consequential=True)], approve=approver)
    assert log == [("send", {"text": "good"})]
    assert [r["is_error"] for r in run.messages[2]["content"]] == [True, False]
    assert [e.data["approved"] for e in run.events if e.kind == "approval"] == [False, True]


def test_tool_that_raises_becomes_an_error_result_and_the_run_goes_on():
    """A handler exception is sent back as is_error and the model gets to answer."""

    def broken(text):
        raise ValueError("disk on fire")

    tools = [Tool("broken", "Breaks.", OBJECT, broken)]
    run = run_agent(practice_client(script=[call("broken", text="x"), "Sorry."]), "Go.", tools)
    result = run.messages[2]["content"][0]
    assert result["is_error"] and "ValueError: disk on fire" in result["content"]
    assert (run.status, run.answer) == ("done", "Sorry.")


def test_independent_tool_calls_run_at_the_same_time():
    """Three tools in one turn all reach a 3-party barrier together, so they ran concurrently."""
    barrier = threading.Barrier(3, timeout=20)  # generous: a starved CI machine is slow, a sequential run still fails

    def meet(text):
        barrier.wait()
        return "met " + text

    tools = [Tool(n, "Waits for the others.", OBJECT, meet) for n in ("a", "b", "c")]
    step = calls(call("a", text="1"), call("b", text="2"), call("c", text="3"))
    run = run_agent(practice_client(script=[step, "ok"]), "Meet.", tools)
    assert [r["content"] for r in run.messages[2]["content"]] == ["met 1", "met 2", "met 3"]


def test_consequential_calls_are_approved_in_the_models_order():
    """Approvals are asked one by one, in the order the model made the calls."""
    asked = []
    step = calls(call("send", text="1"), call("echo", text="x"), call("send", text="2"), call("send", text="3"))
    tools = [recording_tool("send", [], consequential=True), recording_tool("echo", [])]
    run_agent(practice_client(script=[step, "ok"]), "Go.", tools,
              approve=lambda name, input: asked.append(input["text"]) or True)
    assert asked == ["1", "2", "3"]


def test_reference_loop_and_run_agent_agree():
    """The hand-written loop and run_agent make the same tool calls with the same results."""
    script = [call("echo", text="a"), calls(call("echo", text="b"), call("shout", text="c")), "All done."]

    def shout(text):
        return text.upper()

    tools = [recording_tool("echo", []), Tool("shout", "Upper-case.", OBJECT, shout)]
    reference = reference_loop(practice_client(script=script), "Go.", tools, model=MODEL)
    run = run_agent(practice_client(script=script), "Go.", Toolbox(tools))

    def trace(messages):
        blocks = [b if isinstance(b, dict) else b.model_dump() for m in messages[1:] for b in m["content"]]
        return [(b["type"], b.get("id") or b.get("tool_use_id"), b.get("name"), b.get("input"),
                 b.get("content"), b.get("is_error")) for b in blocks if b["type"] != "text"]

    assert trace(reference) == trace(run.messages)
    assert len(trace(run.messages)) == 6


def test_request_sends_system_and_tools_only_when_given():
    """system and tools are left out of the request when there are none."""
    bare = practice_client(script=["a"])
    run_agent(bare, "Hi.", [])
    full = practice_client(script=["a"])
    run_agent(full, "Hi.", [recording_tool("echo", [])], system="Be brief.", max_tokens=50)
    assert "system" not in transport_of(bare).requests[0] and "tools" not in transport_of(bare).requests[0]
    sent = transport_of(full).requests[0]
    assert (sent["system"], sent["max_tokens"], sent["tools"][0]["name"]) == ("Be brief.", 50, "echo")


def test_cost_comes_from_the_price_table_or_is_none():
    """cost_usd is priced from the usage for a known model, and None for an unknown one."""
    known = run_agent(practice_client(script=["a"]), "Hi.", [], model="claude-sonnet-5")
    unknown = run_agent(practice_client(script=["a"]), "Hi.", [], model="claude-mythos-5")  # no price
    assert known.cost_usd == pricing.cost_usd("claude-sonnet-5", known.usage) > 0
    assert unknown.cost_usd is None and unknown.status == "done"


def test_on_event_failure_is_recorded_and_the_run_goes_on():
    """An on_event callback that raises is reported once as an error event; the run finishes."""
    seen = []

    def fragile(event):
        seen.append(event.kind)
        raise OSError("disk full")

    run = run_agent(practice_client(script=[call("echo", text="a"), "ok"]), "Go.",
                    [recording_tool("echo", [])], on_event=fragile)
    assert run.status == "done" and seen == ["model_reply"]
    errors = [e.data["message"] for e in run.events if e.kind == "error"]
    assert len(errors) == 1 and "OSError: disk full" in errors[0]


def test_on_event_sees_every_event_in_order():
    """on_event receives exactly the events the Run keeps, in the same order."""
    seen = []
    run = run_agent(practice_client(script=[call("echo", text="a"), "ok"]), "Go.",
                    [recording_tool("echo", [])], on_event=seen.append)
    assert seen == run.events
    assert [e.kind for e in seen] == ["model_reply", "tool_call", "model_reply", "stop"]
    assert run.status in STATUSES


def test_bad_arguments_say_what_to_pass():
    """A non-string task or a zero turn cap fails at once with a one-line message."""
    client = practice_client(script=["a"])
    with pytest.raises(TypeError, match="task must be a non-empty string"):
        run_agent(client, ["Hi"], [])
    with pytest.raises(ValueError, match="max_turns must be a whole number >= 1"):
        run_agent(client, "Hi", [], max_turns=0)
    assert transport_of(client).calls == 0


def test_invoice_task_with_the_planner():
    """The practice planner solves the seed's invoice task: list, three reads in one turn, answer."""
    from looplab import samples

    run = run_agent(practice_client(), "In the folder invoices, find the unpaid invoices; give their numbers and the total still due.",
                    samples.invoice_tools(DATA))
    assert run.status == "done"
    assert all(s in run.answer for s in ("2026-08-015", "2026-08-019", "1850 EUR"))
    reads = [e.turn for e in run.events if e.kind == "tool_call" and e.data["name"] == "read_file"]
    assert len(reads) == 3 and len(set(reads)) == 1


class StopReasonAs:
    """A transport fault: the next reply's stop_reason is replaced by `reason` (after the model planned it)."""

    def __init__(self, reason):
        self.reason, self.done = reason, False

    def before(self, request, body):
        return None

    def on_reply(self, reply):
        if self.done:
            return reply
        self.done = True
        return {**reply, "stop_reason": self.reason}


def test_tool_use_without_a_tool_use_block_is_an_anomaly():
    """stop_reason tool_use with only text ends the run as 'anomaly', saying what arrived."""
    step = {"content": [{"type": "text", "text": "x"}], "stop_reason": "tool_use"}
    run = run_agent(practice_client(script=[step, "never reached"]), "Go.", [])
    assert (run.status, run.turns, run.stop_reason, run.answer) == ("anomaly", 1, "tool_use", "x")
    assert "anomaly" in STATUSES
    assert run.events[-1].data["reason"] == (
        "stop_reason 'tool_use' but the reply holds no tool_use block; nothing to run")


def test_an_unknown_stop_reason_is_an_anomaly():
    """A stop_reason the loop does not know ends the run as 'anomaly', naming the reason."""
    client = practice_client(script=["Some text.", "never reached"], strict=False)
    transport_of(client).add_fault(StopReasonAs("{brand_new}"))
    run = run_agent(client, "Go.", [])
    assert (run.status, run.turns, run.stop_reason, run.answer) == ("anomaly", 1, "{brand_new}", "Some text.")
    assert run.events[-1].data["reason"] == (
        "stop_reason '{brand_new}' is not one the loop knows; it stopped rather than guess")


def test_a_connection_error_says_what_to_do():
    """An APIConnectionError (not a timeout) says what to do; on the practice model, a fault cut it (it used to say
    'set LOOPLAB_OFFLINE=1', which it already was). Another host is named, with: check the network, or go offline."""
    client = practice_client(script=["never reached"], max_retries=0)

    class Unreachable:
        def before(self, request, body):
            raise httpx2.ConnectError("[Errno -3] Temporary failure in name resolution", request=request)

    transport_of(client).add_fault(Unreachable())
    run = run_agent(client, "Go.", [])
    assert run.status == "error" and isinstance(run.error, anthropic.APIConnectionError)
    (error,) = [e.data for e in run.events if e.kind == "error"]
    assert error["message"] == ("APIConnectionError: the connection to the practice model was cut (an injected fault, "
                                "as the network may do); run the cell again without the fault")  # already offline
