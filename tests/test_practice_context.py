"""Context management on the practice model: clear_tool_uses, clear_thinking, compaction, as the beta types say."""

from pathlib import Path

import anthropic
import pytest

from looplab.client import MODEL, practice_client
from looplab.history import clear_old_results, long_run
from looplab.practice import transport_of
from looplab.practice.context import CLEARED
from looplab.samples import STATION_TASK, catalogue_tools, docs_tools, station_tools

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
EDITS = "context-management-2025-06-27"
COMPACT = "compact-2026-09-04"


def clearing(**edit):
    """context_management with one clear_tool_uses edit (trigger 2000 tokens unless given)."""
    return {"edits": [{"type": "clear_tool_uses_20250919",
                       "trigger": {"type": "input_tokens", "value": 2000}, **edit}]}


def station(**options):
    """The station run (list, ten reads, answer) on a fresh practice client."""
    return long_run(practice_client(), STATION_TASK, station_tools(DATA), **options)


def test_without_management_the_run_answers_from_every_day():
    """The reference run: twelve turns, three storm days, each turn sends more than the last."""
    run = station()
    assert (run.status, len(run.sent)) == ("done", 12)
    assert "Count: 3." in run.answer
    assert run.sent == sorted(run.sent)


def test_clear_tool_uses_reports_applied_edits_and_sends_less():
    """Past the trigger, results older than `keep` are cleared; the reply says how many and how many tokens."""
    run = station(context_management=clearing(keep={"type": "tool_uses", "value": 3}, exclude_tools=["list_files"]),
                  betas=[EDITS])
    first = next(i for i, edits in enumerate(run.applied) if edits)
    assert run.applied[:first] == [[]] * first
    last = run.applied[-1][0]
    assert last["type"] == "clear_tool_uses_20250919" and last["cleared_tool_uses"] == 10 - 3
    assert last["cleared_input_tokens"] > 0
    assert run.total < station().total


def test_a_cleared_result_is_never_quoted_as_data():
    """The answer names the days whose results were cleared as not counted, and counts only the rest."""
    run = station(context_management=clearing(keep={"type": "tool_uses", "value": 3}, exclude_tools=["list_files"]),
                  betas=[EDITS])
    assert "I cannot give a complete count of the files: 1 listed, but day-01.txt" in run.answer
    assert run.answer.count("was read, but its result was cleared from the history; it is not counted") == 7


def test_the_model_reads_the_placeholder_the_client_keeps_its_history():
    """What the model reads has CLEARED in place of old results; the client's history is untouched."""
    client = practice_client()
    run = long_run(client, STATION_TASK, station_tools(DATA), context_management=clearing(), betas=[EDITS])
    sent = transport_of(client).requests[-1]["messages"]
    assert CLEARED not in str(sent) and CLEARED not in str(run.messages)
    assert "cleared" in run.answer


def test_not_triggered_applies_nothing():
    """Below the trigger the reply carries context_management with no applied edit."""
    run = station(context_management=clearing(trigger={"type": "input_tokens", "value": 100_000}), betas=[EDITS])
    assert run.applied == [[]] * 12 and "Count: 3." in run.answer


def test_clear_at_least_that_cannot_be_met_applies_nothing():
    """clear_at_least: the context is only edited if at least that many tokens go."""
    run = station(context_management=clearing(clear_at_least={"type": "input_tokens", "value": 50_000}), betas=[EDITS])
    assert all(edits == [] for edits in run.applied)


def test_clear_tool_inputs_and_tool_uses_trigger():
    """A tool_uses trigger counts tool uses; clear_tool_inputs=True clears the inputs too, and saves more."""
    plain = station(context_management=clearing(trigger={"type": "tool_uses", "value": 5}), betas=[EDITS])
    inputs = station(context_management=clearing(trigger={"type": "tool_uses", "value": 5}, clear_tool_inputs=True),
                     betas=[EDITS])
    assert plain.applied[4] == [] and plain.applied[5]
    assert inputs.applied[-1][0]["cleared_input_tokens"] > plain.applied[-1][0]["cleared_input_tokens"]


def test_clear_thinking_keeps_the_last_turns_thinking():
    """clear_thinking_20251015 drops thinking blocks of older assistant turns and counts the turns."""
    client = practice_client()
    messages = [{"role": "user", "content": STATION_TASK}]
    request = dict(model=MODEL, max_tokens=2048, tools=[t.to_api() for t in station_tools(DATA)],
                   thinking={"type": "adaptive"}, betas=[EDITS])
    reply = None
    for _ in range(3):
        reply = client.beta.messages.create(messages=messages, **request, context_management={
            "edits": [{"type": "clear_thinking_20251015", "keep": {"type": "thinking_turns", "value": 1}}]})
        messages.append({"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in reply.content]})
        uses = [b for b in reply.content if b.type == "tool_use"]
        tools = {t.name: t for t in station_tools(DATA)}
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b.id, "content": tools[b.name](**b.input)} for b in uses]})
    applied = reply.context_management.applied_edits[0]
    assert applied.type == "clear_thinking_20251015" and applied.cleared_thinking_turns == 1
    assert applied.cleared_input_tokens > 0


def test_edits_need_their_beta_and_compact_edit_is_declined():
    """Without the beta header: a 400 naming it; compact_20260112: a 400 saying to use compaction."""
    client = practice_client()
    body = dict(model=MODEL, max_tokens=64, messages=[{"role": "user", "content": "Hi"}])
    with pytest.raises(anthropic.BadRequestError, match="context-management-2025-06-27"):
        client.beta.messages.create(**body, context_management=clearing(), betas=["compact-2026-01-12"])
    with pytest.raises(anthropic.BadRequestError, match=r"edits\[0\].*compact_20260112"):
        client.beta.messages.create(**body, context_management={"edits": [{"type": "compact_20260112"}]},
                                    betas=[EDITS, "compact-2026-01-12"])
    with pytest.raises(anthropic.BadRequestError, match="compaction: cannot be combined"):
        client.beta.messages.create(**body, context_management=clearing(), compaction={"type": "summarize"},
                                    betas=[EDITS, COMPACT])


def test_count_tokens_reports_the_original_count():
    """count_tokens with context_management: input_tokens after the edits, original_input_tokens before."""
    run = station()
    client = practice_client()
    tools = [t.to_api() for t in station_tools(DATA)]
    counted = client.beta.messages.count_tokens(model=MODEL, messages=run.messages[:-1], tools=tools,
                                                context_management=clearing(), betas=[EDITS])
    plain = client.messages.count_tokens(model=MODEL, messages=run.messages[:-1], tools=tools)
    assert counted.context_management.original_input_tokens == plain.input_tokens > counted.input_tokens


def _compacted(turns=6):
    client = practice_client()
    run = long_run(client, STATION_TASK, station_tools(DATA), max_turns=turns)
    reply = client.beta.messages.create(model=MODEL, max_tokens=1024, messages=run.messages,
                                        compaction={"type": "summarize"}, betas=[COMPACT])
    return client, run, reply


def test_compaction_returns_one_signed_block_that_quotes_evidence():
    """A compaction request: one compaction block alone, stop_reason 'compaction', quotes with their source."""
    _, run, reply = _compacted()
    assert reply.stop_reason == "compaction" and [b.type for b in reply.content] == ["compaction"]
    block = reply.content[0]
    assert block.signature and block.encrypted_content
    assert f"Task: {STATION_TASK}" in block.content
    assert 'read_file({"path": "station/day-02.txt"}) returned: # Station log — day 2' in block.content
    assert "Status: storm warning" in block.content and "[abridged:" in block.content
    assert "06:00" not in block.content  # the rounds were left out, and the summary says so


def test_compaction_sent_back_replaces_what_it_summarises():
    """The block sent back first lets the run go on: it reads the rest and answers as the full run does."""
    client, run, reply = _compacted()
    tools = station_tools(DATA)
    messages = [reply.to_param()]
    request = dict(model=MODEL, max_tokens=1024, tools=[t.to_api() for t in tools], betas=[COMPACT],
                   tool_choice={"type": "auto", "disable_parallel_tool_use": True})
    box = {t.name: t for t in tools}
    for _ in range(10):
        answer = client.beta.messages.create(messages=messages, **request)
        if answer.stop_reason != "tool_use":
            break
        messages += [{"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in answer.content]},
                     {"role": "user", "content": [{"type": "tool_result", "tool_use_id": b.id,
                                                   "content": box[b.name](**b.input)}
                                                  for b in answer.content if b.type == "tool_use"]}]
    assert "Count: 3." in answer.content[-1].text
    assert answer.usage.input_tokens < station().sent[-1]


def test_an_altered_compaction_block_is_refused():
    """Changing the summary (or dropping its signature) is a 400 naming the field."""
    client, _, reply = _compacted()
    block = reply.content[0].model_dump(exclude_none=True)
    altered = {**block, "content": block["content"].replace("storm warning", "normal")}
    with pytest.raises(anthropic.BadRequestError, match=r"messages\[0\]\.content\[0\]\.signature"):
        client.beta.messages.create(model=MODEL, max_tokens=64, betas=[COMPACT], messages=[
            {"role": "assistant", "content": [altered]}, {"role": "user", "content": "Go on."}])
    with pytest.raises(anthropic.BadRequestError, match="a compaction block goes first"):
        client.beta.messages.create(model=MODEL, max_tokens=64, betas=[COMPACT], messages=[
            {"role": "user", "content": "Hi"}, {"role": "assistant", "content": [block]},
            {"role": "user", "content": "Go on."}])


def test_the_sdk_tool_runner_compacts_and_goes_on():
    """The SDK's own runner, told compact_before_next_turn(), gets a compaction turn and still answers."""
    tools = [anthropic.beta_tool(t.handler) for t in station_tools(DATA)]
    runner = practice_client().beta.messages.tool_runner(
        model=MODEL, max_tokens=1024, tools=tools, max_iterations=30, betas=[COMPACT],
        tool_choice={"type": "auto", "disable_parallel_tool_use": True},
        messages=[{"role": "user", "content": STATION_TASK}])
    reasons = []
    for reply in runner:
        reasons.append(reply.stop_reason)
        if len(reasons) == 6:
            runner.compact_before_next_turn()
    assert reasons == ["tool_use"] * 6 + ["compaction"] + ["tool_use"] * 5 + ["end_turn"]
    said = reply.content[-1].text  # the same answer, and which files it read abridged
    assert said.startswith(station().answer) and "so a line cut from them may change what I read" in said, said


def test_research_never_says_the_documents_do_not_answer_when_it_lost_them():
    """Cleared reads are named as cleared; a cleared search is made again; no 'do not answer' claim."""
    task = "What do our articles say about heat pumps in cold climates?"
    full = long_run(practice_client(), task, docs_tools(DATA / "articles"))
    lost = long_run(practice_client(), task, docs_tools(DATA / "articles"), manage=lambda m: clear_old_results(m, keep=1))
    assert "[heat-pumps-cold-climates.md]" in full.answer
    assert lost.answer.startswith("I cannot answer from what is left of the history.")
    assert "I read heat-pumps-cold-climates.md, but its result was cleared from the history" in lost.answer
    assert "do not answer" not in lost.answer


def test_no_skill_quotes_a_placeholder():
    """A lookup whose result was cleared gets a decline saying so, never the placeholder as the value."""
    task = "Look up the catalogue entry design."
    full = long_run(practice_client(), task, catalogue_tools())
    lost = long_run(practice_client(), task, catalogue_tools(), manage=lambda m: clear_old_results(m, keep=0))
    assert "Design" in full.answer and "[cleared" not in lost.answer
    assert "cleared from the history (context management)" in lost.answer


def test_a_finished_run_can_be_compacted():
    """A history that ends with the assistant's answer is compacted, not refused as a prefill."""
    client = practice_client()
    run = long_run(client, STATION_TASK, station_tools(DATA))
    reply = client.beta.messages.create(model=MODEL, max_tokens=1024, messages=run.messages,
                                        compaction={"type": "summarize"}, betas=[COMPACT])
    assert reply.stop_reason == "compaction"
    assert f"Assistant: {run.answer}" in reply.content[0].content


def test_compaction_streams_and_takes_instructions():
    """Streamed, the same block arrives; `instructions` are accepted and change nothing (the rule is written)."""
    client, run, reply = _compacted()
    body = dict(model=MODEL, max_tokens=1024, messages=run.messages, betas=[COMPACT])
    with client.beta.messages.stream(**body, compaction={"type": "summarize", "instructions": "Keep the wind."}) as s:
        streamed = s.get_final_message()
    assert streamed.stop_reason == "compaction"
    assert streamed.content[0].content == reply.content[0].content
    assert streamed.content[0].signature == reply.content[0].signature
