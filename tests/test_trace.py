"""Events, the JSON Lines log, and the text and HTML displays of a Run."""

import re

import httpx2
import pytest

from looplab.client import practice_client
from looplab.loop import run_agent
from looplab.practice import transport_of
from looplab.practice.script import call, calls
from looplab.tools import Tool
from looplab.trace import Event, call_text, jsonl_logger, read_jsonl, result_text, usage_per_turn

FOLDER = {"type": "object", "properties": {"folder": {"type": "string"}}, "required": ["folder"]}


class Crash(BaseException):
    """Something no tool error handling catches, like a kernel interrupt."""


def files(folder):
    return "a.txt\nb.txt\nc.txt"


def listing():
    return Tool("list_files", "Lists files.", FOLDER, files)


def invoice_run(**options):
    script = [call("list_files", folder="invoices"), "Three files."]
    return run_agent(practice_client(script=script), "List invoices.", [listing()], **options)


def test_event_to_dict_is_plain_json():
    """Event.to_dict gives kind, turn and data as plain values."""
    assert Event("stop", 2, {"status": "done"}).to_dict() == {"kind": "stop", "turn": 2, "data": {"status": "done"}}


def test_logger_writes_each_event_before_the_next_step(tmp_path):
    """The model reply of a turn is already on disk while that turn's tool runs."""
    path = tmp_path / "run.jsonl"
    on_disk = []

    def peek(folder):
        on_disk.append([row["kind"] for row in read_jsonl(path)])
        return "a.txt"

    tools = [Tool("list_files", "Lists files.", FOLDER, peek)]
    run = run_agent(practice_client(script=[call("list_files", folder="x"), "ok"]), "List.", tools,
                    on_event=jsonl_logger(path))
    assert on_disk == [["model_reply"]]
    assert read_jsonl(path) == [e.to_dict() for e in run.events]


def test_crash_midway_keeps_the_events_already_written(tmp_path):
    """A tool that crashes the whole run still leaves every earlier event in the log."""
    path = tmp_path / "run.jsonl"

    def crash(folder):
        raise Crash()

    tools = [listing(), Tool("explode", "Crashes.", FOLDER, crash)]
    client = practice_client(script=[call("list_files", folder="x"), call("explode", folder="x"), "never"])
    with pytest.raises(Crash):
        run_agent(client, "Go.", tools, on_event=jsonl_logger(path))
    assert [(r["kind"], r["turn"]) for r in read_jsonl(path)] == [("model_reply", 1), ("tool_call", 1), ("model_reply", 2)]


def test_run_ending_in_error_keeps_its_trace(tmp_path):
    """An API failure is logged as an error then a stop event, after the turns already done."""

    class Overloaded:
        def before(self, request, body):
            if len(body["messages"]) > 1:
                return httpx2.Response(529, json={"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
                                       headers={"retry-after-ms": "1"})
            return None

    path = tmp_path / "run.jsonl"
    client = practice_client(script=[call("list_files", folder="x"), "never"])
    transport_of(client).add_fault(Overloaded())
    run = run_agent(client, "Go.", [listing()], on_event=jsonl_logger(path))
    rows = read_jsonl(path)
    assert [r["kind"] for r in rows] == ["model_reply", "tool_call", "error", "stop"]
    assert rows[-1]["data"]["status"] == run.status == "error"
    assert rows[2]["data"]["error"] == "OverloadedError" and rows[2]["data"]["status_code"] == 529


def test_logger_starts_fresh_unless_asked_to_append(tmp_path):
    """A new logger empties its file; append=True keeps what was there."""
    path = tmp_path / "run.jsonl"
    log = jsonl_logger(path)
    log(Event("stop", 1, {}))
    jsonl_logger(path, append=True)(Event("stop", 2, {}))
    assert [r["turn"] for r in read_jsonl(path)] == [1, 2]
    jsonl_logger(path)
    assert read_jsonl(path) == []


def test_read_jsonl_names_the_bad_line(tmp_path):
    """A line that is not JSON is reported with its number."""
    path = tmp_path / "bad.jsonl"
    path.write_text('{"kind": "stop"}\n{oops\n', encoding="utf-8")
    with pytest.raises(ValueError, match="line 2 is not JSON"):
        read_jsonl(path)


def test_text_display_lists_each_tool_call():
    """str(run) shows status, tokens, cost and each call with a short result."""
    text = str(invoice_run())
    assert text.startswith("Run done after 2 turns · ")
    assert 'turn 1: list_files({"folder": "invoices"}) -> 3 lines' in text
    assert text.endswith("answer: Three files.")


def test_repr_is_one_short_line():
    """repr(run) is one line: status, turns, tool calls, the tokens the budget counts (labelled parts), cost."""
    run = invoice_run()
    shown = re.fullmatch(r"Run\(status='done', turns=2, tool_calls=1, tokens=(\d+) \((\d+) in, (\d+) out, "
                         r"(\d+) cache write, (\d+) cache read\), cost_usd=[\d.]+\)", repr(run))
    total, *parts = map(int, shown.groups())
    assert total == sum(parts) == sum(run.usage.values())  # the number token_budget counts


def test_displays_are_deterministic_and_hold_nothing_volatile():
    """Two identical runs display identically, with no addresses and no durations."""
    first, second = invoice_run(), invoice_run()
    for show in (str, repr, lambda r: r._repr_html_()):
        assert show(first) == show(second)
        assert "0x" not in show(first) and "duration" not in show(first)
    for event in second.events:
        if "duration_s" in event.data:
            event.data["duration_s"] = 12345.678
    assert (str(second), second._repr_html_()) == (str(first), first._repr_html_())


def test_html_escapes_tool_output_and_answer():
    """Markup in a tool result or in the answer is shown as text, never run."""

    def nasty(folder):
        return "<script>alert(1)</script>"

    script = [call("list_files", folder="x"), "<b>bold</b> answer"]
    run = run_agent(practice_client(script=script), "Go.", [Tool("list_files", "Lists.", FOLDER, nasty)])
    page = run._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "<b>bold</b>" not in page and "&lt;b&gt;bold&lt;/b&gt;" in page


def test_html_timeline_has_one_row_per_turn():
    """The HTML table has a row per model call, with stop reason and tools."""
    page = invoice_run()._repr_html_()
    assert page.count("<tr><td>") == 2
    assert "<td>tool_use</td>" in page and ">list_files</span>" in page and "<td>end_turn</td>" in page


def test_usage_per_turn_adds_up_to_the_run_usage():
    """usage_per_turn gives one row per reply and sums to the run's totals."""
    run = invoice_run()
    rows = usage_per_turn(run)
    assert [r["turn"] for r in rows] == [1, 2]
    assert sum(r["input_tokens"] for r in rows) == run.usage["input_tokens"]
    assert sum(r["output_tokens"] for r in rows) == run.usage["output_tokens"]
    assert sum(r["cost_usd"] for r in rows) == pytest.approx(run.cost_usd)


def test_call_and_result_summaries_are_clipped():
    """Long calls are clipped near 60 characters; errors and denials are labelled."""
    long = call_text({"name": "read_file", "input": {"path": "x" * 100}})
    assert len(long) == 60 and long.endswith("…")
    assert result_text({"content": "one line", "is_error": False}) == "one line"
    assert result_text({"content": "no such file\nmore", "is_error": True}) == "error: no such file"
    assert result_text({"content": "not approved", "is_error": True, "approved": False}) == "denied: not approved"


def test_denied_call_shows_in_the_timeline():
    """A consequential call without approval shows as denied in text and HTML."""
    send = Tool("send", "Sends.", FOLDER, files, consequential=True)
    run = run_agent(practice_client(script=[calls(call("send", folder="x")), "ok"]), "Send.", [send])
    assert "send({\"folder\": \"x\"}) -> denied" in str(run)
    assert ">send (denied)</span>" in run._repr_html_()
