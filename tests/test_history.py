"""looplab.history: the context meter, clearing and summarising old results, the long run."""

import copy
from pathlib import Path

import pytest

from looplab.client import MODEL, practice_client
from looplab.history import (
    CLEARED,
    answer,
    clear_old_results,
    compacting,
    long_run,
    managed_loop,
    meter,
    metered,
    plain,
    summarize_old,
    window,
)
from looplab.practice import transport_of
from looplab.practice.context import abridge
from looplab.samples import STATION_TASK, docs_tools, invoice_tools, station_tools
from looplab.tools import Toolbox

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
RUN = long_run(practice_client(), STATION_TASK, station_tools(DATA))


def results(messages):
    """The text of every tool result, in order."""
    return [b["content"] for m in messages if isinstance(m["content"], list) for b in m["content"]
            if b["type"] == "tool_result"]


def test_window_comes_from_the_models_endpoint():
    """The window is the model's max_input_tokens as GET /v1/models/{id} gives it."""
    client = practice_client()
    assert window(client) == client.models.retrieve(MODEL).max_input_tokens == 1_000_000


def test_meter_rows_add_up_to_count_tokens():
    """Tools, task, each call with its result and the answer: together, exactly what count_tokens says."""
    client = practice_client()
    shown = meter(client, RUN.messages, station_tools(DATA))
    whole = client.messages.count_tokens(model=MODEL, messages=RUN.messages,
                                         tools=[t.to_api() for t in station_tools(DATA)]).input_tokens
    assert shown.total == whole
    assert [label for label, _ in shown.rows[:2]] == ["tool definitions", "task"]
    assert shown.rows[3][0] == "calls read_file(station/day-01.txt) + result of read_file(station/day-01.txt)"
    assert "of the 1,000,000-token window" in str(shown)


def test_clear_old_results_keeps_the_last_and_copies():
    """All but the last `keep` results become CLEARED; the caller's history is not changed."""
    before = copy.deepcopy(RUN.messages)
    cleared = clear_old_results(RUN.messages, keep=3)
    assert RUN.messages == before
    assert results(cleared) == [CLEARED] * 8 + results(before)[-3:]
    assert len(cleared) == len(before)


def test_summarize_old_quotes_the_first_lines():
    """Old results keep their first lines and say how much was left out; the last `keep` stay whole."""
    summary = summarize_old(RUN.messages, keep=2)
    old = results(summary)[2]
    assert old.startswith("# Station log — day 2\nDay: 2") and "Status: storm warning" in old
    assert old.endswith("characters kept]") and len(old) < 300
    assert results(summary)[-2:] == results(RUN.messages)[-2:]
    assert summarize_old(summary, keep=2) == summary  # summarising twice changes nothing


def test_long_run_manage_replaces_the_history_before_each_turn():
    """With clearing the run sends fewer tokens and says what it lost; with a summary it keeps the answer."""
    cleared = long_run(practice_client(), STATION_TASK, station_tools(DATA),
                       manage=lambda m: clear_old_results(m, keep=3))
    summary = long_run(practice_client(), STATION_TASK, station_tools(DATA),
                       manage=lambda m: summarize_old(m, keep=3))
    assert summary.answer.startswith(RUN.answer) and "may change what I read" in summary.answer  # and says what it cut
    assert summary.total < RUN.total
    assert cleared.total < RUN.total and "cleared from the history" in cleared.answer


def test_long_run_compacts_past_the_threshold():
    """compact_over: one compaction request, then the run goes on from the block and answers the same."""
    client = practice_client()
    run = long_run(client, STATION_TASK, station_tools(DATA), compact_over=3000)
    compactions = [r for r in transport_of(client).requests if r.get("compaction")]
    assert len(compactions) == 1 and run.answer.startswith(RUN.answer) and run.total < RUN.total
    assert run.messages[0]["content"][0]["type"] == "compaction"


ONE_AT_A_TIME = {"type": "auto", "disable_parallel_tool_use": True}
EDITS = {"edits": [{"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 2000},
                    "keep": {"type": "tool_uses", "value": 3}}]}


def test_metered_client_notes_what_each_request_sent():
    """A metered copy notes each reply's input tokens, as long_run counts them, and leaves the client working."""
    counted, sent = metered(practice_client())
    status, messages = managed_loop(counted, STATION_TASK, Toolbox(station_tools(DATA)), max_turns=30,
                                    tool_choice=ONE_AT_A_TIME)
    assert status == "done" and sent == RUN.sent and sent.applied == []
    with counted.messages.stream(model=MODEL, max_tokens=100, messages=[{"role": "user", "content": "Hi"}]) as s:
        s.get_final_message()  # a stream is passed through, not counted
    assert len(sent) == len(RUN.sent)


def test_metered_client_notes_the_apis_context_edits():
    """Through client.beta, the applied_edits of each reply that reports them are noted, as long_run notes them."""
    counted, sent = metered(practice_client())
    managed_loop(counted.beta, STATION_TASK, Toolbox(station_tools(DATA)), max_turns=30, tool_choice=ONE_AT_A_TIME,
                 context_management=EDITS, betas=["context-management-2025-06-27"])
    reference = long_run(practice_client(), STATION_TASK, station_tools(DATA), context_management=EDITS,
                         betas=["context-management-2025-06-27"])
    assert list(sent) == reference.sent and sent.applied == reference.applied
    assert sent.applied[-1][0]["cleared_tool_uses"] > 0


def test_plain_and_answer_read_a_loop_that_keeps_the_sdks_blocks():
    """plain turns the SDK's blocks into the dicts the API takes, copying; answer reads the last reply's text."""
    _, messages = managed_loop(practice_client(), STATION_TASK, Toolbox(station_tools(DATA)), max_turns=30,
                               tool_choice=ONE_AT_A_TIME)
    assert not isinstance(messages[1]["content"][0], dict)
    assert plain(messages) == RUN.messages and answer(messages) == RUN.answer
    assert plain(messages)[2] is not messages[2] and plain(messages)[2]["content"][0] is not messages[2]["content"][0]


def test_compacting_in_a_loop_does_what_long_run_does():
    """As a loop's manage, compacting past 3000 tokens sends what long_run(compact_over=3000) sends, same answer."""
    counted, sent = metered(practice_client())
    tools = Toolbox(station_tools(DATA))
    status, messages = managed_loop(counted.beta, STATION_TASK, tools, max_turns=30, tool_choice=ONE_AT_A_TIME,
                                    manage=compacting(counted, tools, 3000, sent), betas=["compact-2026-09-04"])
    reference = long_run(practice_client(), STATION_TASK, tools, compact_over=3000)
    assert status == "done" and list(sent) == reference.sent and answer(messages) == reference.answer
    assert plain(messages)[0]["content"][0]["type"] == "compaction"


def test_a_long_run_lists_again_when_the_listing_was_abridged(tmp_path):
    """Over 36 station days, summarize_old cut the listing after day-21 and the run counted the storms of those
    21 as if they were all (hred61)."""
    (tmp_path / "station").mkdir()
    for n in range(1, 37):
        (tmp_path / "station" / f"day-{n:02d}.txt").write_text(
            f"Station log — day {n}\nDay: {n}\nStatus: {'storm warning' if n in (4, 5, 26, 27) else 'normal'}\n")
    run = long_run(practice_client(), STATION_TASK, station_tools(tmp_path), manage=lambda m: summarize_old(m, keep=3),
                   max_turns=50)
    assert "Count: 4. Based on 36 files read." in run.answer and "27 (storm warning)" in run.answer, run.answer


def test_summarize_old_names_what_it_leaves_out_and_takes_any_result():
    """An image result became '' (no word of it), and a result without content raised KeyError (hred61)."""
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}
    history = [{"role": "user", "content": "Read them."},
               {"role": "assistant", "content": [{"type": "tool_use", "id": f"toolu_{i}", "name": "read", "input": {}}
                                                 for i in range(3)]},
               {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_0", "content": [image]},
                                            {"type": "tool_result", "tool_use_id": "toolu_1"},
                                            {"type": "tool_result", "tool_use_id": "toolu_2", "content": "x\n" * 400}]}]
    assert results(summarize_old(history, keep=0)) == ["[image left out]", "", "x\n" * 119 + "x\n[abridged: 239 of 800 "
                                                                                            "characters kept]"]
    assert results(clear_old_results(history, keep=0)) == [CLEARED] * 3


def test_meter_names_calls_still_waiting_for_their_results():
    """A run stopped at max_turns between a call and its result: meter raised the API's 400 (hred61)."""
    history = [{"role": "user", "content": "Read day-01.txt"},
               {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "read_file",
                                                  "input": {"path": "day-01.txt"}}]}]
    rows = meter(practice_client(), history, tools=station_tools(DATA)).rows
    assert rows[-1] == ("unanswered, not counted: calls read_file(day-01.txt)", 0)
    assert meter(practice_client(), history, tools=Toolbox(station_tools(DATA)).to_api()).rows == rows  # definitions too


def test_a_document_abridged_in_the_history_is_quoted_as_a_start_only():
    """'does not mention steep' was said of a document the history had abridged: the rest may say it ('long' is the
    measure asked, named by the words the documents use: never as a word they lack)."""
    run = long_run(practice_client(), "How long should I steep green tea?", docs_tools(DATA / "articles"),
                   manage=lambda m: summarize_old(m, keep=0))
    assert run.answer.startswith("The pages I read do not answer this question"), run.answer
    assert "does not mention 'steep' in the pages I read. I read only the start of brewing-green-tea.md: " \
           "the history abridged it." in run.answer


def test_a_bad_keep_or_a_refused_combination_is_one_line_before_any_request():
    """keep=-1 cleared every result without a word; compact_over with context_management sent a request the API
    refuses, and its 400 escaped once compaction began (hred61)."""
    with pytest.raises(ValueError, match=r"^keep=-1: give how many recent tool results stay whole, 0 or more$"):
        clear_old_results(RUN.messages, keep=-1)
    client = practice_client()
    with pytest.raises(ValueError, match=r"^long_run: compact_over and context_management cannot be combined"):
        long_run(client, STATION_TASK, station_tools(DATA), compact_over=3000, context_management=EDITS)
    assert transport_of(client).requests == []


def test_meter_names_every_result_of_a_turn_and_reads_a_compacted_history():
    """Three results in one message were labelled with the first call only; a compacted history raised a 400 (the
    compaction block is a beta's) (hred61)."""
    history = [{"role": "user", "content": "Read them."},
               {"role": "assistant", "content": [{"type": "tool_use", "id": f"toolu_{i}", "name": "read_file",
                                                  "input": {"path": f"day-0{i}.txt"}} for i in (1, 2)]},
               {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_{i}", "content": "calm"}
                                            for i in (1, 2)]}]
    assert meter(practice_client(), history, tools=station_tools(DATA)).rows[-1][0] == ("calls read_file(day-01.txt), read_file(day-02.txt) + result "
                                                             "of read_file(day-01.txt) + result of read_file(day-02.txt)")
    compacted = long_run(practice_client(), STATION_TASK, station_tools(DATA), compact_over=3000).messages
    assert compacted[0]["content"][0]["type"] == "compaction"
    assert meter(practice_client(), compacted, tools=station_tools(DATA)).total > 0


def test_a_listing_cut_as_soon_as_it_comes_back_ends_in_a_decline_not_a_loop():
    """keep=0 cleared or abridged every listing: the run listed the folder again at every turn until max_turns."""
    for manage in (lambda m: clear_old_results(m, keep=0), lambda m: summarize_old(m, keep=0, chars=60)):
        run = long_run(practice_client(), STATION_TASK, station_tools(DATA), manage=manage, max_turns=30)
        assert run.status == "done" and len(run.sent) < 10, (run.status, len(run.sent))
        assert run.answer.startswith("The listing of 'station' was ") and "the history as soon as it came back, so I " \
            "cannot answer from it; keep more tool results whole (keep=1 or more, or compact later), then ask again." in run.answer


def test_a_record_cut_before_its_status_is_not_said_to_have_none(tmp_path):
    """'2026-09-100.txt has no Status line' was said of files whose Status line summarize_old had cut (hred65)."""
    (tmp_path / "invoices").mkdir()
    for n in range(1, 5):
        (tmp_path / "invoices" / f"F-{n}.txt").write_text(
            f"Invoice F-{n}\nIssued by: The accounts office of the northern depot\nClient: Client {n}\n"
            f"Amount: {n}00 EUR\nStatus: {'unpaid' if n % 2 else 'paid'}\n")
    run = long_run(practice_client(), "What is the total of the unpaid invoices in the folder invoices?",
                   invoice_tools(tmp_path), manage=lambda m: summarize_old(m, keep=2, chars=70), max_turns=20)
    assert "has no Status line" not in run.answer and "F-1.txt was abridged in the history" in run.answer, run.answer


def test_a_title_kept_by_an_abridged_document_counts_as_read(tmp_path):
    """'does not mention marmots, census' was said of a document whose kept start is '# The marmot census' (hred65)."""
    text = "# The marmot census\n\n" + "The census counted 212 marmots in the upper valley in 2024. " * 3
    assert abridge(text, 30) == "# The marmot census\n\n[abridged: 20 of 201 characters kept]"
    (tmp_path / "marmots.md").write_text(text)
    run = long_run(practice_client(), "How many marmots did the census count in the upper valley in 2024?",
                   docs_tools(tmp_path), manage=lambda m: summarize_old(m, keep=0, chars=30))
    assert "does not mention 'count', 'upper', 'valley' and '2024' in the pages I read. I read only the start of " \
           "marmots.md: the history abridged it." in run.answer, run.answer
    assert abridge("A long first line that goes on.", 10) == "A long fir…\n[abridged: 10 of 31 characters kept]"


def test_records_cut_before_the_field_asked_for_leave_the_count_open(tmp_path):
    """Days whose Status line summarize_old had cut were left out: 'Count: 2' for 4, stated as complete (re-run)."""
    (tmp_path / "station").mkdir()
    for n in range(1, 9):
        (tmp_path / "station" / f"day-{n:02d}.txt").write_text(
            f"Day: {n}\nDate: {n} February\n" + "Remark: the observer checked every instrument twice.\n" * 5
            + f"Status: {'storm warning' if n in (2, 3, 6, 7) else 'normal'}\n")
    run = long_run(practice_client(), STATION_TASK, station_tools(tmp_path), manage=lambda m: summarize_old(m, keep=3),
                   max_turns=30)
    assert "as far as I can tell" in run.answer and "day-02.txt" in run.answer and "Count: 2." not in run.answer, run.answer
    assert "day-02.txt was abridged in the history, so its Status may have been cut." in run.answer


def test_a_listing_listed_again_says_so_in_french():
    from looplab.practice.planner._tools import in_french
    assert in_french("The listing of 'station' was abridged in the history; I'll list it again.") == \
        "La liste de 'station' a été abrégée dans l'historique ; je la refais."
