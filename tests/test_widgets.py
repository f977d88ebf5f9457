"""The notebook widgets: timeline, cost plot, approval gate and fault panel, driven without a browser."""

import re
import threading

import anthropic
import httpx2
import pytest

from looplab.client import practice_client
from looplab.guards import allow_all
from looplab.loop import run_agent
from looplab.practice import transport_of
from looplab.practice.script import call
from looplab.samples import action_tools, weather_and_calc
from looplab.trace import timeline_html, timeline_text
from looplab.widgets import ApprovalGate, FaultPanel, Timeline, cost_plot

VOLATILE = re.compile(r"0x[0-9a-f]{6,}|\d+\.\d+ ?s\b|\d\d:\d\d:\d\d")


def email_run(outbox=None, approve=allow_all):
    script = [call("send_email", to="ana@example.org", subject="Hi", body="Hello"), "Sent."]
    tools = action_tools([] if outbox is None else outbox)
    return run_agent(practice_client(script=script), "Email Ana.", tools, approve=approve)


def weather_run():
    script = [call("get_weather", city="Lyon"), call("calculator", expression="21*2"), "42."]
    return run_agent(practice_client(script=script), "Weather then maths.", weather_and_calc())


def test_timeline_text_and_html_fallbacks_are_the_run_timeline():
    """A Timeline's text/plain and text/html are the run's text and HTML timelines."""
    run = email_run()
    bundle = Timeline(run)._repr_mimebundle_()
    assert bundle["text/plain"] == timeline_text(run)
    assert bundle["text/html"] == timeline_html(run)
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_timeline_has_one_expandable_row_per_turn_with_inputs_and_results():
    """Each turn is a <details> row with its stop reason, tokens, tool input and result."""
    timeline = Timeline(weather_run())
    html = timeline.turns.value
    assert html.count("<details>") == 3
    assert "turn 1 · tool_use · get_weather" in html
    assert "&quot;city&quot;: &quot;Lyon&quot;" in html and "Lyon: 21 °C" in html
    assert "turn 3 · end_turn" in html


def test_timeline_marks_denied_and_failed_calls():
    """A denied call is shown as denied and not run."""
    html = Timeline(email_run(approve=None)).turns.value
    assert "send_email (denied)" in html and "denied — it did not run" in html


def messages_shown(timeline):
    return len(re.findall(r"<b>(user|assistant)</b>", timeline.history.value))


def test_timeline_slider_replays_the_history_turn_by_turn():
    """The slider starts at the end; stepping back shows fewer messages, down to the task alone."""
    timeline = Timeline(weather_run())
    assert timeline.slider.max == 3 and timeline.slider.value == 3
    assert messages_shown(timeline) == 6  # task, 2 x (reply, results), answer
    timeline.prev_button.click()
    assert timeline.slider.value == 2 and "21*2" in timeline.history.value
    assert "42." not in timeline.history.value
    timeline.slider.value = 0
    assert messages_shown(timeline) == 1 and "Weather then maths." in timeline.history.value
    assert timeline.prev_button.disabled and not timeline.next_button.disabled
    timeline.next_button.click()
    assert "get_weather" in timeline.history.value and "21*2" not in timeline.history.value


class Overloaded:
    """A transport fault: every request gets HTTP 529."""

    def before(self, request, body):
        return httpx2.Response(529, json={"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}})


def test_timeline_of_a_failed_run_shows_the_error():
    """A run stopped by an API error shows the error in its turn row and why it stopped."""
    client = practice_client(max_retries=0)
    transport_of(client).add_fault(Overloaded())
    run = run_agent(client, "Hi", [])
    timeline = Timeline(run)
    assert run.status == "error"
    assert "error" in timeline.turns.value.lower()
    assert "why it stopped" in timeline.children[0].value


def test_widget_text_has_nothing_volatile():
    """No addresses, clock times or durations in a Timeline's text or HTML."""
    bundle = Timeline(weather_run())._repr_mimebundle_()
    for text in (bundle["text/plain"], bundle["text/html"]):
        assert not VOLATILE.search(text)


def test_cost_plot_has_token_bars_and_a_cumulative_cost_line():
    """cost_plot draws two bars per reply and a rising cost line ending at the run's cost."""
    run = weather_run()
    fig = cost_plot(run)
    ax, ax2 = fig.axes
    assert len(ax.patches) == 6
    ys = list(ax2.lines[0].get_ydata())
    assert ys == sorted(ys) and abs(ys[-1] - run.cost_usd) < 1e-9
    assert fig._repr_png_().startswith(b"\x89PNG")


def test_cost_plot_of_an_unpriced_model_says_cost_is_unknown():
    """A model without a price gets bars and a note instead of a cost line."""
    run = run_agent(practice_client(script=["Hi."]), "Hi", [], model="claude-mythos-5")
    fig = cost_plot(run)
    assert len(fig.axes) == 1
    assert any("cost n/a" in t.get_text() for t in fig.axes[0].texts)


def pending(gate, timeout=30):
    """Wait until the gate shows a call (its buttons enabled); the test thread then clicks."""
    for _ in range(int(timeout / 0.01)):
        if not gate.approve_button.disabled:
            return True
        threading.Event().wait(0.01)
    return False


def email_gate(outbox, **options):
    script = [call("send_email", to="ana@example.org", subject="Hi", body="Hello"), "Sent."]
    gate = ApprovalGate(**options)
    shown = gate.start(practice_client(script=script), "Email Ana.", action_tools(outbox))
    return gate, shown


def test_gate_runs_the_tool_when_approve_is_clicked():
    """start() returns at once; clicking Approve runs the call and the gate then shows the timeline."""
    outbox = []
    gate, shown = email_gate(outbox)
    assert shown is gate
    assert pending(gate) and "send_email" in gate.call.value and "ana@example.org" in gate.call.value
    assert outbox == []
    gate.approve_button.click()
    run = gate.wait(30)
    assert run.status == "done" and [m["to"] for m in outbox] == ["ana@example.org"]
    assert gate.decisions == [("send_email", {"to": "ana@example.org", "subject": "Hi", "body": "Hello"}, True)]
    assert isinstance(gate.result.children[0], Timeline)
    assert "send_email" in gate.result.children[0].turns.value
    assert gate.approve_button.disabled and gate.deny_button.disabled


def test_gate_does_not_run_the_tool_when_deny_is_clicked():
    """Clicking Deny refuses the call: nothing sent, the timeline shows it denied."""
    outbox = []
    gate, _ = email_gate(outbox)
    assert pending(gate)
    gate.deny_button.click()
    run = gate.wait(30)
    assert outbox == [] and run.tool_calls == [("send_email", {"to": "ana@example.org", "subject": "Hi", "body": "Hello"})]
    assert "send_email (denied)" in gate.result.children[0].turns.value
    assert "send_email: denied" in gate.answers.value


def test_gate_denies_a_call_nobody_answers_within_the_timeout():
    """With timeout set, an unanswered call is denied and the log says why."""
    outbox = []
    gate, _ = email_gate(outbox, timeout=0.05)
    run = gate.wait(30)
    assert outbox == [] and run.status == "done"
    assert "no click within 0.05 s" in gate.answers.value


def test_gate_text_fallback_is_fixed_and_mentions_the_ci_policy():
    """The gate's text/plain is the same before, during and after a run, and names the policy to use."""
    gate, _ = email_gate([])
    during = gate._repr_mimebundle_()["text/plain"]
    assert pending(gate)
    gate.approve_button.click()
    gate.wait(30)
    assert gate._repr_mimebundle_()["text/plain"] == during == ApprovalGate()._repr_mimebundle_()["text/plain"]
    assert "looplab.deny_all" in during


def test_gate_reports_what_run_agent_raised():
    """A run that raises (a bad argument) shows the error in the gate and wait() raises it."""
    gate = ApprovalGate().start(practice_client(), "Hi", [], max_turns=0)
    with pytest.raises(ValueError, match="max_turns"):
        gate.wait(30)
    assert "max_turns" in gate.status.value


def test_gate_wait_before_start_says_what_to_do():
    """wait() on a gate that was never started says to call start first."""
    with pytest.raises(RuntimeError, match="gate.start"):
        ApprovalGate().wait(0)


WEATHER = [call("get_weather", city="Lyon"), "Mild."]


def weather_panel(**options):
    client = practice_client(script=WEATHER, **options)
    return client, FaultPanel(client, weather_and_calc())


def test_panel_text_lists_every_toggle_and_marks_those_on():
    """The text fallback names each fault, what it does, and which are on."""
    _, panel = weather_panel()
    text = panel.set(overloaded=True)._repr_mimebundle_()["text/plain"]
    for label in ("529 overloaded", "429 rate limited", "timeout", "truncated reply", "failing tool",
                  "planted instruction"):
        assert label in text
    assert "[x] 529 overloaded" in text and "[ ] timeout" in text
    assert "get_weather raises an error" in text


def test_panel_without_toggles_changes_nothing():
    """With nothing toggled the run is the normal one and the tools are the same objects."""
    client, panel = weather_panel()
    tools = weather_and_calc()
    assert [t.name for t in panel.tools] == [t.name for t in tools]
    assert run_agent(client, "Weather in Lyon?", panel.tools).status == "done"
    assert transport_of(client).faults == []


def test_panel_429_is_retried_and_the_run_recovers():
    """429 toggled: two model calls are refused, the SDK retries, the run still finishes."""
    client, panel = weather_panel()
    panel.set(rate_limited=True)
    run = run_agent(client, "Weather in Lyon?", panel.tools)
    assert run.status == "done" and run.answer == "Mild."
    assert len(transport_of(client).requests) == run.turns + 2
    assert panel.report() == "429 rate limited: fired 2 times"


def test_panel_529_is_retried_and_the_run_recovers():
    """529 toggled: the first two calls get 529, the SDK's retries hide them."""
    client, panel = weather_panel()
    run = run_agent(client, "Weather in Lyon?", panel.set(overloaded=True).tools)
    assert run.status == "done" and panel.report() == "529 overloaded: fired 2 times"


def test_panel_timeout_makes_the_run_fail():
    """timeout toggled: every call times out, the run ends with an APITimeoutError."""
    client, panel = weather_panel(max_retries=0)
    run = run_agent(client, "Weather in Lyon?", panel.set(timeout=True).tools)
    assert run.status == "error" and type(run.error).__name__ == "APITimeoutError"


def test_panel_truncated_reply_stops_the_run():
    """truncated toggled: the next reply is cut at max_tokens."""
    client, panel = weather_panel()
    run = run_agent(client, "Weather in Lyon?", panel.set(truncated=True).tools)
    assert run.status == "truncated"


def test_panel_failing_tool_gives_the_model_errors():
    """failing tool toggled: the target tool's calls come back as is_error."""
    client, panel = weather_panel()
    run = run_agent(client, "Weather in Lyon?", panel.set(failing=True).tools)
    calls = [e.data for e in run.events if e.kind == "tool_call"]
    assert calls[0]["name"] == "get_weather" and calls[0]["is_error"]


def test_panel_planted_instruction_reaches_the_tool_result():
    """planted toggled: the target tool's result carries an instruction aimed at the model."""
    client, panel = weather_panel()
    panel.target.value = "get_weather"
    run = run_agent(client, "Weather in Lyon?", panel.set(planted=True).tools)
    content = [e.data for e in run.events if e.kind == "tool_call"][0]["content"]
    assert "Lyon" in content and content != "Lyon: 21 °C, cloudy (simulated)"


def test_panel_untoggling_removes_only_its_own_faults():
    """Switching a toggle off takes the panel's fault off the client and leaves others alone."""
    client, panel = weather_panel()
    own = Overloaded()
    transport_of(client).add_fault(own)
    panel.set(timeout=True)
    assert len(transport_of(client).faults) == 2
    panel.clear()
    assert transport_of(client).faults == [own] and panel.active == []


def test_panel_rearms_the_faults_for_each_run():
    """Each read of panel.tools arms the toggled faults afresh: the next run sees them again."""
    client = practice_client(script=WEATHER * 2)
    panel = FaultPanel(client, weather_and_calc()).set(rate_limited=True)
    run_agent(client, "Weather in Lyon?", panel.tools)
    first = len(transport_of(client).requests)
    second = run_agent(client, "Weather in Lyon?", panel.tools)
    assert len(transport_of(client).requests) - first == second.turns + 2


def test_panel_on_a_real_api_client_offers_only_tool_faults():
    """With a client that is not the practice model, transport toggles are disabled and say why."""
    panel = FaultPanel(anthropic.Anthropic(api_key="not-used"), weather_and_calc())
    assert panel.toggles["overloaded"].disabled and not panel.toggles["failing"].disabled
    with pytest.raises(ValueError, match="practice model"):
        panel.set(overloaded=True)


def test_panel_rejects_an_unknown_fault_or_tool():
    """set() with an unknown fault, or a target that is not a tool, names the known ones."""
    _, panel = weather_panel()
    with pytest.raises(ValueError, match="known: overloaded"):
        panel.set(meteor=True)
    with pytest.raises(ValueError, match="get_weather, calculator"):
        FaultPanel(practice_client(), weather_and_calc(), target="nope")
