"""Wrong code a hunt of the exercise checks found marked Correct, each now Not yet with the cause named: a folder
link out of the notes folder, a '$' that lets a final line break through, a full-width key, a loop that drops a failed
result or approves everything, a gate that shows the approver another input, and text changed at its edges."""

from __future__ import annotations

import copy
import difflib
import json
import os
import re
import unicodedata
from collections import Counter
from dataclasses import replace
from pathlib import Path

import anthropic
import pytest

from looplab import MODEL, Sandbox, allow_all, tool
from looplab.exercises import FAIL, PASS, ex00, ex01, ex02, ex03, ex04, ex05, ex06, ex07, ex08, ex09
from looplab.history import CLEARED
from looplab.samples import docs_tools

ENDINGS = {"end_turn": "done", "stop_sequence": "done", "max_tokens": "truncated", "refusal": "refused",
           "model_context_window_exceeded": "context_exceeded"}


def read_notes(refused):
    """A make_read_note for 4.2 whose tool refuses a name when refused(root, name) says so, and opens root / name."""
    def make_read_note(folder):
        root = Path(folder).resolve()

        @tool
        def read_note(name: str) -> str:
            """Return the text of one note.

            Args:
                name: Note file name.
            """
            if refused(root, name):
                raise ValueError("not a note of this folder")
            return (root / name).read_text(encoding="utf-8")
        return read_note
    return make_read_note


def test_a_read_note_that_a_folder_link_escapes_is_not_yet():
    """It refuses '..', absolute names and a name that is itself a link; a folder link inside goes through."""
    outcome = ex04.read_note.evaluate(read_notes(
        lambda root, name: os.path.isabs(name) or ".." in Path(name).parts or (root / name).is_symlink()))
    assert outcome.status == FAIL and "shared/secret.txt" in outcome.message, outcome.message


@pytest.mark.parametrize("policy, words", [
    (lambda name, input: name == "send_email" and re.match(r"^[\w.+-]+@example\.com$", input["to"]) is not None,
     "'$' matches just before a final line break"),
    (lambda name, input: name == "send_email" and re.fullmatch(r"[\w.+-]+@example\.com", input["to"].strip()) is not None,
     "do not strip it")])
def test_a_policy_that_lets_a_line_break_or_a_space_through_is_not_yet(policy, words):
    outcome = ex04.email_policy.evaluate(policy)
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def test_a_validate_that_compares_normalised_keys_is_not_yet():
    def validate(action, key):
        if not isinstance(action, dict) or action.get("type") != "tool" or action.get("name") != "lookup":
            raise ValueError("not a lookup")
        args = action.get("args")
        if not isinstance(args, dict) or set(args) != {"key"} or not isinstance(args["key"], str) \
                or not 0 < len(args["key"]) <= 32:
            raise ValueError("bad args")
        if unicodedata.normalize("NFKC", args["key"]) != unicodedata.normalize("NFKC", key):
            raise ValueError("another key")
    outcome = ex02.validate.evaluate(validate)
    assert outcome.status == FAIL and "ａｉ" in outcome.message, outcome.message


def loop(execute):
    """A loop like the solution of 3.2, each turn's results made by `execute(toolbox, blocks)`."""
    def my_loop(client, task, toolbox, max_turns=10):
        messages = [{"role": "user", "content": task}]
        for _ in range(max_turns):
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason == "pause_turn":
                continue
            if reply.stop_reason != "tool_use":
                return ENDINGS.get(reply.stop_reason, "anomaly"), messages
            messages.append({"role": "user", "content": execute(toolbox, [b for b in reply.content if b.type == "tool_use"])})
        return "max_turns", messages
    return my_loop


def dropping_failures(toolbox, uses):
    results = [toolbox.execute(b).result for b in uses]
    return [r for r in results if not r["is_error"]] or results


@pytest.mark.parametrize("my_loop, words", [
    (loop(dropping_failures), "no tool_result"),
    (loop(lambda toolbox, uses: [toolbox.execute(b, allow_all).result for b in uses]), "no approver")])
def test_a_loop_that_drops_a_failed_result_or_approves_everything_is_not_yet(my_loop, words):
    outcome = ex03.loop_status.evaluate(my_loop)
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def test_a_gate_that_shows_the_approver_another_input_is_not_yet():
    def execute(block, toolbox, approve=None):
        def result(text, error=False):
            return {"type": "tool_result", "tool_use_id": block.id, "content": text, "is_error": error}
        if why := toolbox.check(block.name, block.input):
            return result(why, True)
        if toolbox[block.name].consequential:
            try:
                approved = approve is not None and approve(block.name, {**block.input, "approved": True}) is True
            except Exception:
                approved = False
            if not approved:
                return result("not approved", True)
        try:
            return result(str(toolbox[block.name].handler(**block.input)))
        except Exception as exc:
            return result(f"error: {exc}", True)
    outcome = ex04.gate.evaluate(execute)
    assert outcome.status == FAIL and "exactly as it will run" in outcome.message, outcome.message


def test_text_changed_at_its_edges_is_not_yet():
    def first_text(message):
        return next((b.text.strip() for b in message.content if b.type == "text"), "")
    outcome = ex00.first_text.evaluate(first_text)
    assert outcome.status == FAIL and "without strip()" in outcome.message, outcome.message

    for end in (lambda text: text.strip(), lambda text: text[:200]):
        def collect_stream(client, prompt, end=end):
            with client.messages.stream(model=MODEL, max_tokens=1024,
                                        messages=[{"role": "user", "content": prompt}]) as stream:
                return end("".join(stream.text_stream))
        outcome = ex07.collect_stream.evaluate(collect_stream)
        assert outcome.status == FAIL and "a long reply" in outcome.message, outcome.message


@pytest.mark.parametrize("kept", [lambda messages: messages[1:], lambda messages: messages[-2:]])
def test_a_loop_that_returns_part_of_its_history_is_told_so(kept):
    """The hint was 'your loop sent request 1 with 1 message(s), but the history held 0'."""
    def my_loop(client, task, toolbox, max_turns=10):
        messages = [{"role": "user", "content": task}]
        for _ in range(max_turns):
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason != "tool_use":
                break
            messages.append({"role": "user", "content": [toolbox.execute(b).result for b in reply.content
                                                          if b.type == "tool_use"]})
        return kept(messages)
    outcome = ex02.my_loop.evaluate(my_loop)
    assert outcome.status == FAIL and "not the task" in outcome.message and "held 0" not in outcome.message, outcome.message


def validating(kind_of=lambda action: action.get("type"), name_of=lambda action: action.get("name"),
               key_of=lambda value: value, length_of=len):
    """The solution of 2.1, with how it reads the type, the name, the key and the key's length swapped in."""
    def validate(action, key):
        if not isinstance(action, dict) or kind_of(action) != "tool" or name_of(action) != "lookup":
            raise ValueError("not a lookup")
        args = action.get("args")
        if not isinstance(args, dict) or set(args) != {"key"}:
            raise ValueError("bad args")
        value = key_of(args["key"])
        if not isinstance(value, str) or not 0 < length_of(value) <= 32 or value != key:
            raise ValueError("bad key")
    return validate


@pytest.mark.parametrize("validate, words", [
    (validating(kind_of=lambda action: action.get("type", "tool")), "no type"),
    (validating(name_of=lambda action: str(action.get("name")).lower()), "'LOOKUP'"),
    (validating(key_of=lambda value: value.decode() if isinstance(value, bytes) else value), "bytes"),
    (validating(length_of=lambda value: len(value.encode())), "not in bytes")])
def test_a_validate_that_bends_the_type_the_name_or_the_key_is_not_yet(validate, words):
    """A missing type, 'LOOKUP', a bytes key, a length in bytes: each was 'Correct'."""
    assert ex02.validate.evaluate(validating()).status == PASS
    outcome = ex02.validate.evaluate(validate)
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def running_first(client, task, toolbox, max_turns=10):
    """The solution of 3.2, but it runs the tools before it reads stop_reason, a cut tool call's too."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "anomaly"), messages
        messages.append({"role": "user", "content": results})
    return "max_turns", messages


@pytest.mark.parametrize("exercise", [ex02.my_loop, ex03.loop_status])
def test_a_loop_that_runs_a_cut_tool_call_is_not_yet(exercise):
    """The cut call went to get_weather, whose schema refuses {}, so it never ran; one to a tool with no input does."""
    outcome = exercise.evaluate(running_first)
    assert outcome.status == FAIL and "alert_count" in outcome.message and "cut" in outcome.message, outcome.message


def test_a_policy_that_lists_the_separators_it_refuses_is_not_yet():
    """Refusing ',; space newline' lets 'audit\\tana@example.com', two recipients, through."""
    def policy(name, input):
        to = input.get("to", "")
        if name != "send_email" or to.count("@") != 1 or to.startswith("@"):
            return False
        return to.endswith("@example.com") and not any(c in to for c in ",; \n")
    outcome = ex04.email_policy.evaluate(policy)
    assert outcome.status == FAIL and "a tab separates" in outcome.message, outcome.message


def test_a_grounding_check_that_skips_a_citation_with_a_space_is_not_yet():
    """r'\\[([\\w./-]+)\\]' does not see [kettle manual 1998.md], a document the run never read."""
    def grounded(answer, run):
        read = {e.data["input"].get("name") for e in run.events
                if e.kind == "tool_call" and e.data["name"] == "read_doc" and not e.data["is_error"]}
        cited = re.findall(r"\[([\w./-]+)\]", answer or "")
        return bool(cited) and all(name in read for name in cited)
    outcome = ex04.grounded.evaluate(grounded)
    assert outcome.status == FAIL and "spaces and all" in outcome.message, outcome.message


def answering_each_call_once(toolbox, uses, approve=None):
    results, seen = [], []
    for block in uses:
        if (block.name, block.input) not in seen:
            seen.append((block.name, block.input))
            results.append(toolbox.execute(block, approve).result)
    return results


def test_a_loop_that_answers_a_repeated_call_once_is_not_yet():
    """get_weather(Lyon) asked twice in one turn needs two results: the API refuses one."""
    outcome = ex05.fix_loop.evaluate(loop(answering_each_call_once))
    assert outcome.status == FAIL and "the same call twice in one turn" in outcome.message, outcome.message


def test_a_loop_that_drops_its_history_on_an_api_error_is_told_so():
    """The hint was 'your loop answered the tool calls []', though it answered them, then dropped them."""
    def my_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None):
        messages = [{"role": "user", "content": task}]
        for _ in range(max_turns):
            try:
                reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages,
                                               tools=toolbox.to_api())
            except anthropic.APIError:
                return "error", messages[:1]
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason != "tool_use":
                return ENDINGS.get(reply.stop_reason, "anomaly"), messages
            messages.append({"role": "user", "content": [toolbox.execute(b, approve).result for b in reply.content
                                                          if b.type == "tool_use"]})
        return "max_turns", messages
    outcome = ex05.api_errors.evaluate(my_loop)
    assert outcome.status == FAIL and "keep every message in the history" in outcome.message, outcome.message
    assert "answered the tool calls" not in outcome.message, outcome.message


def answered_once(message, toolbox):
    return {"role": "user", "content": answering_each_call_once(toolbox, [b for b in message.content
                                                                      if b.type == "tool_use"])}


def first_result_reused(message, toolbox):
    results = {}
    for block in message.content:
        if block.type == "tool_use" and (block.name, repr(block.input)) not in results:
            results[block.name, repr(block.input)] = toolbox.execute(block).result
    return {"role": "user", "content": [results[b.name, repr(b.input)] for b in message.content if b.type == "tool_use"]}


@pytest.mark.parametrize("answer_tool_calls", [answered_once, first_result_reused])
def test_answers_that_drop_or_reuse_a_repeated_call_are_not_yet(answer_tool_calls):
    """get_weather(Lyon) twice in one reply: one result, or the first result twice, leaves the second id unanswered."""
    outcome = ex01.answer_tool_calls.evaluate(answer_tool_calls)
    assert outcome.status == FAIL and "its own id" in outcome.message, outcome.message


@pytest.mark.parametrize("validate, words", [
    (validating(kind_of=lambda action: str(action.get("type")).lower()), "'TOOL'"),
    (validating(kind_of=lambda action: "tool" if "tool" in str(action.get("type")) else None), "'tool_use'"),
    (validating(name_of=lambda action: str(action.get("name")).strip()), "'lookup '")])
def test_a_validate_that_bends_the_type_or_strips_the_name_is_not_yet(validate, words):
    """'TOOL', 'tool_use' and 'lookup ' were each 'Correct'."""
    outcome = ex02.validate.evaluate(validate)
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def test_a_policy_that_lists_the_tab_too_is_not_yet():
    """Refusing ',; space newline tab' lets 'audit\\rana@example.com', two recipients, through."""
    def policy(name, input):
        to = input.get("to", "")
        if name != "send_email" or to.count("@") != 1 or to.startswith("@"):
            return False
        return to.endswith("@example.com") and not any(c in to for c in ",; \n\t")
    outcome = ex04.email_policy.evaluate(policy)
    assert outcome.status == FAIL and "a carriage return" in outcome.message, outcome.message


def names_read(run):
    return [e.data["input"].get("name") for e in run.events
            if e.kind == "tool_call" and e.data["name"] == "read_doc" and not e.data["is_error"]]


def grounded_casefold(answer, run):
    cited = re.findall(r"\[([^\]]+)\]", answer or "")
    return bool(cited) and all(name.casefold() in {n.casefold() for n in names_read(run)} for name in cited)


def grounded_last_read(answer, run):
    read = set()
    for name in names_read(run):
        read = {name}
    cited = re.findall(r"\[([^\]]+)\]", answer or "")
    return bool(cited) and all(name in read for name in cited)


@pytest.mark.parametrize("grounded, words", [(grounded_casefold, "case-sensitive"),
                                             (grounded_last_read, "not only the last one")])
def test_a_grounding_check_that_ignores_case_or_keeps_the_last_read_is_not_yet(grounded, words):
    """[Kettle.md] when kettle.md was read counted; kettle.md and teapot.md, both read, did not."""
    outcome = ex04.grounded.evaluate(grounded)
    assert outcome.status == FAIL and words in outcome.message, outcome.message


@pytest.mark.parametrize("tool_counts, words", [
    (lambda rows: dict(Counter(r["data"]["name"] for r in rows if r["kind"] == "tool_call" and r["data"]["ran"])),
     "the approver refused"),
    (lambda rows: dict(Counter(r["data"]["name"] for r in rows
                               if r["kind"] == "tool_call" and r["data"]["approved"] is not False)),
     "the approver refused"),
    (lambda rows: dict(Counter(name for _turn, name in {(r["turn"], r["data"]["name"]) for r in rows
                                                        if r["kind"] == "tool_call"})), "not one per turn")])
def test_counts_that_skip_refused_calls_or_count_per_turn_are_told_so(tool_counts, words):
    """A refused call is a call; one count per turn was told 'a model_reply row lists the same calls again'."""
    outcome = ex06.tool_counts.evaluate(tool_counts)
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def citing(pattern, same=lambda name: name):
    """The solution of 6.2 with another citation pattern, and names compared through `same`."""
    def cites_existing_files(run, folder):
        cited = re.findall(pattern, run.answer or "")
        return bool(cited) and {same(name) for name in cited} <= {same(name) for name in os.listdir(folder)}
    return cites_existing_files


@pytest.mark.parametrize("cites_existing_files, words", [
    (citing(r"\[([\w./-]+)\]"), "spaces and all"), (citing(r"\[([^\]\s]+\.[a-z]+)\]"), "spaces and all"),
    (citing(r"\[([^\]]+)\]", str.lower), "case-sensitive")])
def test_a_citation_check_that_skips_spaces_or_ignores_case_is_not_yet(cites_existing_files, words):
    """[heat pumps leaflet 2009.md] went unseen, and [Insulate-Before-You-Electrify.md] counted."""
    outcome = ex06.cites_existing_files.evaluate(cites_existing_files)
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def managed(execute, spent_all=lambda spent, budget: spent >= budget):
    """The solution of 8.0, each turn's results made by `execute(toolbox, blocks, approve)`, the budget spent when
    `spent_all(spent, token_budget)`."""
    def my_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None, manage=None, **request):
        messages, spent = [{"role": "user", "content": task}], 0
        for _ in range(max_turns):
            if token_budget is not None and spent_all(spent, token_budget):
                return "over_budget", messages
            if manage is not None:
                messages = manage(messages)
            try:
                reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api(),
                                               **request)
            except anthropic.APIError:
                return "error", messages
            spent += reply.usage.input_tokens + reply.usage.output_tokens
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason == "pause_turn":
                continue
            if reply.stop_reason != "tool_use":
                return ENDINGS.get(reply.stop_reason, "anomaly"), messages
            uses = [b for b in reply.content if b.type == "tool_use"]
            messages.append({"role": "user", "content": execute(toolbox, uses, approve)})
        return "max_turns", messages
    return my_loop


def test_a_managed_loop_that_answers_a_repeated_call_once_is_not_yet():
    """Its except anthropic.APIError turned the API's 400 into 'error', and 8.0 said Correct."""
    outcome = ex08.manage.evaluate(managed(answering_each_call_once))
    assert outcome.status == FAIL and "the same call twice in one turn" in outcome.message, outcome.message


async def structured_first(block, session):
    result = await session.call_tool(block.name, block.input)
    text = json.dumps(result.structured_content) if result.structured_content else result.content[0].text
    return {"type": "tool_result", "tool_use_id": block.id, "content": text, "is_error": result.is_error}


def test_a_route_that_sends_the_structured_content_is_told_so():
    """The hint was 'not the objects', though what it sent was the structured content as JSON."""
    outcome = ex09.route.evaluate(structured_first)
    assert outcome.status == FAIL and "structured_content" in outcome.message, outcome.message


def test_a_validate_that_finds_the_name_inside_the_tool_names_is_not_yet():
    """name in " ".join(TOOLS) takes 'look', a part of 'lookup', for a tool: 'Correct' before."""
    outcome = ex02.validate.evaluate(validating(name_of=lambda action: "lookup" if str(action.get("name")) in "lookup"
                                                else None))
    assert outcome.status == FAIL and "'look'" in outcome.message, outcome.message


def test_a_policy_of_printable_characters_is_not_yet():
    """isprintable() and no ' ,;' approved 'audit%evil.net@example.com', a relay to evil.net."""
    def policy(name, input):
        to = input.get("to", "")
        return (name == "send_email" and to.count("@") == 1 and to.endswith("@example.com") and len(to) > 12
                and to.isprintable() and not any(c in to for c in " ,;"))
    outcome = ex04.email_policy.evaluate(policy)
    assert outcome.status == FAIL and "'%'" in outcome.message, outcome.message


def invoice_reader(has_status):
    """The solution of 5.3, with `has_status(text)` telling whether an invoice has its Status line."""
    def make_read_invoice(folder):
        sandbox = Sandbox(folder)

        @tool
        def read_invoice(path: str) -> str:
            """Return the text of one invoice.

            Args:
                path: Invoice path relative to the working folder.
            """
            text = sandbox.read(path)
            if not text.strip():
                raise ValueError(f"{path} is empty")
            if not has_status(text):
                raise ValueError(f"{path} has no Status line")
            return text
        return read_invoice
    return make_read_invoice


make_read_invoice_in_first_lines = invoice_reader(  # the Status line looked for among the first 5 lines only
    lambda text: any(line.startswith("Status:") for line in text.splitlines()[:5]))


def test_an_invoice_reader_that_reads_the_first_lines_only_is_not_yet():
    """A good invoice whose Status line is its 7th was said to have none, and 5.3 said Correct."""
    outcome = ex05.read_invoice.evaluate(make_read_invoice_in_first_lines)
    assert outcome.status == FAIL and "its 7th" in outcome.message, outcome.message


def test_a_cached_request_whose_default_dict_grows_is_not_yet():
    """A default request dict kept between calls sent both questions on the second call."""
    tools = [t.to_api() for t in docs_tools(ex06.articles())]
    system = [{"type": "text", "text": ex07.SYSTEM, "cache_control": {"type": "ephemeral"}}]

    def cached_request(question, request={"model": MODEL, "max_tokens": 500, "tools": tools, "system": system,  # noqa: B006 -- the bug under test
                                           "messages": []}):
        request["messages"].append({"role": "user", "content": question})
        return request
    outcome = ex07.cached_request.evaluate(cached_request)
    assert outcome.status == FAIL and "also sends the first question" in outcome.message, outcome.message


def test_a_loop_whose_tool_result_has_no_id_is_told_so():
    """It was 'internal error in the check, not in your code (KeyError: 'tool_use_id')'."""
    outcome = ex08.manage.evaluate(managed(lambda toolbox, uses, approve: [
        {"type": "tool_result", "content": toolbox.execute(b, approve).result["content"]} for b in uses]))
    assert outcome.status == FAIL and "no tool_use_id" in outcome.message, outcome.message


def test_a_clear_old_that_removes_and_re_appends_while_looping_is_not_yet():
    """With keep=1 and three reads in one turn, the block after a re-appended one stayed in full."""
    def clear_old(messages, keep=3):
        messages = copy.deepcopy(messages)
        results = [b for m in messages if isinstance(m["content"], list) for b in m["content"]
                   if b["type"] == "tool_result"]
        old = results[:max(0, len(results) - keep)]
        for m in messages:
            for b in m["content"] if isinstance(m["content"], list) else []:
                if b in old:
                    m["content"].remove(b)
                    m["content"].append({**b, "content": CLEARED})
        return messages
    outcome = ex08.clear_old.evaluate(clear_old)
    assert outcome.status == FAIL and "skips the next one" in outcome.message, outcome.message


def summarizing(note):
    """The solution of 8.2, its note written by note(head, text)."""
    def summarize_old(messages, keep=3):
        messages = copy.deepcopy(messages)
        results = [b for m in messages if isinstance(m["content"], list) for b in m["content"]
                   if b["type"] == "tool_result"]
        for b in results[:max(0, len(results) - keep)]:
            if len(b["content"]) > 240:
                head = b["content"][:b["content"].rindex("\n", 0, 240)]
                b["content"] = f"{head}\n{note(head, b['content'])}"
        return messages
    return summarize_old


@pytest.mark.parametrize("note", [lambda head, text: f"[abridged: {len(text)} of {len(text)} characters kept]",
                                  lambda head, text: f"[abridged: {len(head.splitlines())} of {len(text)} characters kept]"])
def test_a_summary_whose_note_gives_false_numbers_is_not_yet(note):
    """'1808 of 1808 characters kept' and '11 of 1808' (its lines) were Correct."""
    for right in (lambda head, text: f"[abridged: {len(head)} of {len(text)} characters kept]",):
        assert ex08.summarize.evaluate(summarizing(right)).status == PASS
    outcome = ex08.summarize.evaluate(summarizing(note))
    assert outcome.status == FAIL and "numbers must be true" in outcome.message, outcome.message


def test_a_citation_pattern_that_skips_a_folder_part_is_told_so():
    """The hint said '(Path(folder) / name).exists() follows ../' to a function that never saw [../catalogue.json]."""
    outcome = ex06.cites_existing_files.evaluate(citing(r"\[([\w-]+\.(?:md|txt))\]"))
    assert outcome.status == FAIL and "took no citation from [../catalogue.json]" in outcome.message, outcome.message


async def catching_everything(block, session):
    try:
        result = await session.call_tool(block.name, block.input)
        return {"type": "tool_result", "tool_use_id": block.id, "is_error": result.isError,
                "content": "\n".join(c.text for c in result.content if c.type == "text")}
    except Exception as exc:
        return {"type": "tool_result", "tool_use_id": block.id, "content": f"tool failed: {exc}", "is_error": True}


def test_a_route_that_swallows_its_own_attribute_error_is_told_so():
    """The hint was 'not the objects', though it sent the AttributeError its try/except caught."""
    outcome = ex09.route.evaluate(catching_everything)
    assert outcome.status == FAIL and "snake_case" in outcome.message, outcome.message


def test_definitions_kept_in_a_default_list_are_not_yet():
    """out=[] as a default: right on the first call, 4 definitions for 2 tools on the second, as mcp_loop makes it."""
    def to_definitions(tools, out=[]):  # noqa: B006 -- the bug under test
        out.extend({"name": t.name, "description": t.description, "input_schema": t.input_schema} for t in tools)
        return out
    outcome = ex09.to_definitions.evaluate(to_definitions)
    assert outcome.status == FAIL and "a second time" in outcome.message, outcome.message


def test_a_loop_that_stops_when_no_call_has_an_input_is_not_yet():
    """It read 'no tool_use with an input' as the end, so alert_count(), which takes none, was never answered."""
    def my_loop(client, task, toolbox, max_turns=10):
        messages = [{"role": "user", "content": task}]
        for _ in range(max_turns):
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            messages.append({"role": "assistant", "content": reply.content})
            uses = [b for b in reply.content if b.type == "tool_use" and b.input]
            if not uses:
                break
            messages.append({"role": "user", "content": [toolbox.execute(b).result for b in uses]})
        return messages
    outcome = ex02.my_loop.evaluate(my_loop)
    assert outcome.status == FAIL and "even one with an empty input" in outcome.message, outcome.message


@pytest.mark.parametrize("name_of", [
    lambda action: "lookup" if re.fullmatch(str(action.get("name")), "lookup") else None,  # the arguments swapped
    lambda action: "lookup" if str(action.get("name")).startswith("lookup") and str(action.get("name")).isidentifier()
    else None,
    lambda action: "lookup" if str(action.get("name")).isidentifier()
    and difflib.get_close_matches(str(action.get("name")), ["lookup"], cutoff=0.85) else None])
def test_a_validate_that_takes_a_near_name_for_a_tool_is_not_yet(name_of):
    """A swapped re.fullmatch took '.*', startswith 'lookups', a close match 'lookp': all were Correct."""
    outcome = ex02.validate.evaluate(validating(name_of=name_of))
    assert outcome.status == FAIL and "close to 'lookup' that is not in TOOLS" in outcome.message, outcome.message


@pytest.mark.parametrize("policy, words", [
    (lambda name, input: name == "send_email" and input["to"].isascii() and input["to"].isprintable()
     and input["to"].count("@") == 1 and input["to"].endswith("@example.com") and not input["to"].startswith("@")
     and not any(c in input["to"] for c in ' ,;%<>"|/\\'), "another host"),
    (lambda name, input: name.endswith("send_email") and re.fullmatch(r"[\w.+-]+@example\.com", input["to"]) is not None,
     "bulk_send_email")])
def test_a_policy_with_a_blacklist_or_a_name_suffix_is_not_yet(policy, words):
    """A blacklist approved 'audit!evil.net@example.com'; name.endswith('send_email') approved bulk_send_email."""
    outcome = ex04.email_policy.evaluate(policy)
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def test_a_grounding_check_that_counts_the_top_search_hit_as_read_is_not_yet():
    """kettle.md, the first hit of every search, was read in every case: counting it as read was Correct."""
    def grounded(answer, run):
        seen = set(names_read(run))
        for e in run.events:
            if e.kind == "tool_call" and e.data["name"] == "search_docs" and not e.data["is_error"]:
                seen |= {line.split(" ")[0] for line in e.data["content"].splitlines()[:1]}
        cited = re.findall(r"\[([^\]]+)\]", answer or "")
        return bool(cited) and all(name in seen for name in cited)
    outcome = ex04.grounded.evaluate(grounded)
    assert outcome.status == FAIL and "the first search result" in outcome.message, outcome.message


@pytest.mark.parametrize("has_status, words", [
    (lambda text: "\nStatus:" in text, "its first"),
    (lambda text: text.startswith("Status:") or any(line.startswith("Status:") for line in text.splitlines()[-3:]),
     "four note lines")])
def test_an_invoice_reader_that_misses_a_status_line_first_or_early_is_not_yet(has_status, words):
    """'\\nStatus:' in text misses a Status line that is the first; the last 3 lines miss one before four notes."""
    outcome = ex05.read_invoice.evaluate(invoice_reader(has_status))
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def test_a_clear_old_that_sorts_the_ids_is_not_yet():
    """The practice ids sort in time order; Claude's are random, and sorted ones cleared the wrong results."""
    def clear_old(messages, keep=3):
        messages = copy.deepcopy(messages)
        results = [b for m in messages if isinstance(m["content"], list) for b in m["content"]
                   if b["type"] == "tool_result"]
        ids = sorted(b["tool_use_id"] for b in results)
        old = set(ids[:max(0, len(ids) - keep)])
        for b in results:
            if b["tool_use_id"] in old:
                b["content"] = CLEARED
        return messages
    outcome = ex08.clear_old.evaluate(clear_old)
    assert outcome.status == FAIL and "never sorted" in outcome.message, outcome.message


def test_a_summary_whose_note_calls_the_left_out_count_kept_is_not_yet():
    """'1657 of 1808 characters kept' when 151 were kept was Correct: each number was some count."""
    for right in (lambda head, text: f"[abridged: {len(head)} characters kept, {len(text) - len(head)} left out]",
                  lambda head, text: f"[abridged from {len(text)} characters: {len(head)} kept]",
                  lambda head, text: f"[{len(text) - len(head)} of {len(text)} characters left out]"):
        assert ex08.summarize.evaluate(summarizing(right)).status == PASS
    outcome = ex08.summarize.evaluate(summarizing(
        lambda head, text: f"[abridged: {len(text) - len(head)} of {len(text)} characters kept]"))
    assert outcome.status == FAIL and "numbers must be true" in outcome.message, outcome.message


def test_a_source_check_that_ignores_letter_case_is_not_yet():
    """[RAINWATER-HARVESTING.MD] counted as the source in 6.3, though 6.2 refuses other letter case."""
    case = {"question": "How much rain can a roof collect?", "answerable": True, "source": "rainwater-harvesting.md"}

    def cites_the_source(run, case):
        if "source" not in case:
            return None
        return f"[{case['source']}]".lower() in (run.answer or "").lower()
    outcome = ex06.new_case.evaluate((case, cites_the_source))
    assert outcome.status == FAIL and "case-sensitive" in outcome.message, outcome.message


@pytest.mark.parametrize("budget", [0, -5])
def test_a_budget_below_one_is_told_to_be_positive(budget):
    """0 and -5 were told 'make it a whole number', which they are."""
    outcome = ex03.budget.evaluate(budget)
    assert outcome.status == FAIL and "a positive number of tokens" in outcome.message, outcome.message


def test_a_loop_whose_tool_use_id_is_none_is_told_so():
    """It was told 'the fields [..., 'tool_use_id', ...] and no tool_use_id'."""
    outcome = ex08.manage.evaluate(managed(lambda toolbox, uses, approve: [
        {**toolbox.execute(b, approve).result, "tool_use_id": None} for b in uses]))
    assert outcome.status == FAIL and "whose tool_use_id is None" in outcome.message, outcome.message



def streaming(keep):
    """The solution of 7.1, the pieces of stream.text_stream passed through `keep(pieces)` before they are joined."""
    def collect_stream(client, prompt):
        with client.messages.stream(model=MODEL, max_tokens=1024,
                                    messages=[{"role": "user", "content": prompt}]) as stream:
            return "".join(keep(list(stream.text_stream)))
    return collect_stream


def whole_lines(pieces):
    """The text of `pieces` up to its last line break (all of it when it has none): a line buffer's bug."""
    text = "".join(pieces)
    return [text[:text.rfind("\n") + 1] or text]


@pytest.mark.parametrize("keep, words", [
    (lambda pieces: [piece for piece in pieces if piece.strip()], "only spaces or line breaks"),
    (lambda pieces: list(dict.fromkeys(pieces)), "a repeated piece once"),
    (whole_lines, "after the last line break")])
def test_a_stream_whose_blank_repeated_or_last_pieces_are_lost_is_not_yet(keep, words):
    """A piece of spaces skipped, a repeated piece kept once, a last line without a line break lost: all Correct."""
    assert ex07.collect_stream.evaluate(streaming(lambda pieces: pieces)).status == PASS
    outcome = ex07.collect_stream.evaluate(streaming(keep))
    assert outcome.status == FAIL and words in outcome.message, outcome.message


@pytest.mark.parametrize("system, first, words", [
    ([{"type": "text", "text": "Today is 2026-12-07.", "cache_control": {"type": "ephemeral"}},
      {"type": "text", "text": ex07.SYSTEM}], 0, "before the one holding SYSTEM"),
    ([{"type": "text", "text": ex07.SYSTEM, "cache_control": {"type": "ephemeral"}}], 1, "not all of")])
def test_a_cached_request_that_marks_a_block_before_system_or_drops_a_tool_is_not_yet(system, first, words):
    """A mark on a date block before SYSTEM left SYSTEM uncached; read_doc alone cannot search: both were Correct."""
    tools = [t.to_api() for t in docs_tools(ex06.articles())][first:]
    outcome = ex07.cached_request.evaluate(lambda question: {
        "model": MODEL, "max_tokens": 500, "system": system, "tools": tools,
        "messages": [{"role": "user", "content": question}]})
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def test_a_managed_loop_that_spends_its_budget_exactly_and_goes_on_is_not_yet():
    """spent > token_budget made a third call when two had spent the budget exactly, and 8.0 said Correct."""
    outcome = ex08.manage.evaluate(managed(lambda toolbox, uses, approve: [toolbox.execute(b, approve).result
                                                                           for b in uses],
                                           spent_all=lambda spent, budget: spent > budget))
    assert outcome.status == FAIL and "spent >= token_budget" in outcome.message, outcome.message


def test_a_clear_old_that_keeps_the_last_results_of_each_tool_is_not_yet():
    """keep=2 per tool kept an old list_files result beside the last two reads."""
    def clear_old(messages, keep=3):
        messages = copy.deepcopy(messages)
        names = {b["id"]: b["name"] for m in messages if isinstance(m["content"], list) for b in m["content"]
                 if b["type"] == "tool_use"}
        results = [b for m in messages if isinstance(m["content"], list) for b in m["content"]
                   if b["type"] == "tool_result"]
        for name in set(names.values()):
            mine = [b for b in results if names[b["tool_use_id"]] == name]
            for b in mine[:max(0, len(mine) - keep)]:
                b["content"] = CLEARED
        return messages
    outcome = ex08.clear_old.evaluate(clear_old)
    assert outcome.status == FAIL and "not of each tool" in outcome.message, outcome.message


@pytest.mark.parametrize("note, words", [
    (lambda head, text: f"[abridged: {100 - 100 * len(head) // len(text)}% kept]", "numbers must be true"),
    (lambda head, text: f"[... {len(text) - len(head)} more lines]", "numbers must be true"),
    (lambda head, text: "[abridged: most of the text kept]", "gives no number")])
def test_a_summary_whose_note_gives_a_false_share_a_wrong_unit_or_no_number_is_not_yet(note, words):
    """'92% kept' when 8% was, characters given as lines, and 'most of the text kept' were Correct."""
    for right in (lambda head, text: f"[abridged: {round(100 * len(head) / len(text))}% kept]",
                  lambda head, text: f"[... {len(text.splitlines()) - len(head.splitlines())} more lines]"):
        assert ex08.summarize.evaluate(summarizing(right)).status == PASS
    outcome = ex08.summarize.evaluate(summarizing(note))
    assert outcome.status == FAIL and words in outcome.message, outcome.message


@pytest.mark.parametrize("to_definitions, words", [
    (lambda tools: [{"name": t.name, "description": t.title or t.description, "input_schema": t.input_schema}
                    for t in tools], "'Price lookup'"),
    (lambda tools: [{"name": t.name, "description": t.description, "input_schema": t.input_schema}
                    for t in tools if t.description], "one with no description")])
def test_definitions_from_a_title_or_of_described_tools_only_are_not_yet(to_definitions, words):
    """A title taken for the description, and tools with no description skipped: neither server tool had either."""
    outcome = ex09.to_definitions.evaluate(to_definitions)
    assert outcome.status == FAIL and words in outcome.message, outcome.message


@pytest.mark.parametrize("name_of", [
    lambda action: "lookup" if re.search(r"^lookup$", str(action.get("name"))) else None,
    lambda action: "lookup" if str(action.get("name")).removesuffix("_tool") == "lookup" else None])
def test_a_validate_that_takes_lookup_with_a_line_break_or_a_suffix_is_not_yet(name_of):
    """re.search('^lookup$') took 'lookup\\n', removesuffix('_tool') took 'lookup_tool': both were Correct."""
    outcome = ex02.validate.evaluate(validating(name_of=name_of))
    assert outcome.status == FAIL and "close to 'lookup' that is not in TOOLS" in outcome.message, outcome.message


def test_an_invoice_reader_that_reads_the_first_twelve_lines_only_is_not_yet():
    """A good invoice whose Status line comes after a long list of items was said to have none."""
    outcome = ex05.read_invoice.evaluate(invoice_reader(
        lambda text: any(line.startswith("Status:") for line in text.splitlines()[:12])))
    assert outcome.status == FAIL and "its 37th" in outcome.message, outcome.message


def test_a_first_text_that_compares_the_type_with_text_in_capitals_is_told_so():
    """b.type == 'Text' was told to look at every block, which it did; the cause is the type's case."""
    def first_text(message):
        return next((b.text for b in message.content if b.type == "Text"), "")
    outcome = ex00.first_text.evaluate(first_text)
    assert outcome.status == FAIL and "in lower case" in outcome.message, outcome.message


def test_a_validate_that_strips_a_namespace_from_the_name_is_not_yet():
    """name.removeprefix('functions.') took 'functions.lookup', which TOOLS[name] then cannot find."""
    outcome = ex02.validate.evaluate(validating(name_of=lambda action: str(action.get("name")).removeprefix("functions.")))
    assert outcome.status == FAIL and "'functions.lookup'" in outcome.message, outcome.message


@pytest.mark.parametrize("change", [lambda text: text.strip().lower(), str.strip,
                                    lambda text: text.replace("\\", "/").replace(" ", "_")])
def test_a_retry_that_cleans_its_string_input_is_not_yet(change):
    """A retry that stripped and lower-cased the input, stripped it only, or put '/' and '_' for '\\' and spaces read
    another file than the model asked for: the last two were Correct."""
    outcome = ex05.retry_once.evaluate(retrying(
        lambda handler, input: handler(**{k: change(v) if isinstance(v, str) else v for k, v in input.items()})))
    assert outcome.status == FAIL and "retry with the same input" in outcome.message, outcome.message


def test_an_invoice_reader_that_reads_the_last_ten_lines_only_is_not_yet():
    """A good invoice whose Status line comes before thirty lines of items was said to have none."""
    outcome = ex05.read_invoice.evaluate(invoice_reader(
        lambda text: any(line.startswith("Status:") for line in text.splitlines()[-10:])))
    assert outcome.status == FAIL and "its 3rd" in outcome.message, outcome.message


def test_tool_counts_that_empties_the_rows_it_was_given_is_not_yet():
    """rows.pop(0) counted right once, but left the caller's log empty, so a second count gave {}."""
    def tool_counts(rows):
        counts = {}
        while rows:
            row = rows.pop(0)
            if row["kind"] == "tool_call":
                counts[row["data"]["name"]] = counts.get(row["data"]["name"], 0) + 1
        return counts
    outcome = ex06.tool_counts.evaluate(tool_counts)
    assert outcome.status == FAIL and "changed the rows it was given" in outcome.message, outcome.message


@pytest.mark.parametrize("keep, words", [
    (lambda pieces: [piece for piece in pieces if piece.strip("\n")], "only spaces or line breaks"),
    (lambda pieces: [piece for i, piece in enumerate(pieces) if i == 0 or piece != pieces[i - 1]],
     "a repeated piece once")])
def test_a_stream_that_drops_line_break_pieces_or_a_repeat_in_a_row_is_not_yet(keep, words):
    """Pieces of line breaks only dropped, a piece equal to the one before dropped: both were Correct."""
    outcome = ex07.collect_stream.evaluate(streaming(keep))
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def test_a_cached_request_that_marks_the_first_half_of_system_is_not_yet():
    """SYSTEM split in two blocks, the mark on the first: its second half was not cached, and 7.2 said Correct."""
    tools = [t.to_api() for t in docs_tools(ex06.articles())]
    half = len(ex07.SYSTEM) // 2
    system = [{"type": "text", "text": ex07.SYSTEM[:half], "cache_control": {"type": "ephemeral"}},
              {"type": "text", "text": ex07.SYSTEM[half:]}]
    outcome = ex07.cached_request.evaluate(lambda question: {
        "model": MODEL, "max_tokens": 500, "system": system, "tools": tools,
        "messages": [{"role": "user", "content": question}]})
    assert outcome.status == FAIL and "only the start of SYSTEM" in outcome.message, outcome.message


def test_a_summary_whose_note_gives_characters_as_words_is_not_yet():
    """'[... 1657 more words]' gave the characters left out; the words left out are far fewer."""
    right = summarizing(lambda head, text: f"[... {len(text.split()) - len(head.split())} more words]")
    assert ex08.summarize.evaluate(right).status == PASS
    outcome = ex08.summarize.evaluate(summarizing(lambda head, text: f"[... {len(text) - len(head)} more words]"))
    assert outcome.status == FAIL and "numbers must be true" in outcome.message, outcome.message


def test_definitions_from_an_annotations_title_are_not_yet():
    """annotations.title taken for the description lost the tool's real description."""
    outcome = ex09.to_definitions.evaluate(lambda tools: [
        {"name": t.name, "description": t.annotations.title if t.annotations and t.annotations.title else t.description,
         "input_schema": t.input_schema} for t in tools])
    assert outcome.status == FAIL and "'Price lookup'" in outcome.message, outcome.message


def capping_calls(client, task, toolbox, max_turns=10):
    """The solution of 3.2, but it counts tool calls against max_turns, not model calls."""
    messages, ran = [{"role": "user", "content": task}], 0
    while True:
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "anomaly"), messages
        results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]
        messages.append({"role": "user", "content": results})
        ran += len(results)
        if ran >= max_turns:
            return "max_turns", messages


@pytest.mark.parametrize("exercise", [ex02.my_loop, ex05.fix_loop])
def test_a_loop_that_caps_tool_calls_instead_of_turns_is_not_yet(exercise):
    """Three calls in one reply used up max_turns=3, so the loop stopped before the model answered."""
    outcome = exercise.evaluate(capping_calls)
    assert outcome.status == FAIL and "not tool calls" in outcome.message, outcome.message


def test_a_fixed_loop_that_runs_a_cut_tool_call_is_not_yet():
    """5.1 had no cut call to a tool that takes no input, so a loop reading stop_reason after the run was Correct."""
    outcome = ex05.fix_loop.evaluate(running_first)
    assert outcome.status == FAIL and "alert_count" in outcome.message and "cut" in outcome.message, outcome.message


@pytest.mark.parametrize("key_of, words", [
    (str, "the number 2026"),
    (lambda value: unicodedata.normalize("NFC", value) if isinstance(value, str) else value, "a separate accent")])
def test_a_validate_that_converts_or_normalises_the_key_is_not_yet(key_of, words):
    """str(key) let the int 2026 through for '2026'; NFC let 'cafe' + U+0301 through for 'café'."""
    outcome = ex02.validate.evaluate(validating(key_of=key_of))
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def test_a_policy_that_finds_the_name_inside_send_email_is_not_yet():
    """name in 'send_email' approved the tools email, send and end_email."""
    outcome = ex04.email_policy.evaluate(lambda name, input: name in "send_email" and re.fullmatch(
        r"[\w.+-]+@example\.com", input["to"]) is not None)
    assert outcome.status == FAIL and "compare the whole name" in outcome.message, outcome.message


def test_a_read_note_that_checks_the_lower_case_path_is_not_yet():
    """It resolved name.lower() but opened name, so the link Archive led outside."""
    outcome = ex04.read_note.evaluate(read_notes(lambda root, name: not (root / name.lower()).resolve().is_relative_to(root)))
    assert outcome.status == FAIL and "Archive/secret.txt" in outcome.message, outcome.message


def retrying(again):
    """The solution of 5.2, its second try made by again(handler, input)."""
    def retry_once(tool):
        if tool.consequential:
            return tool

        def handler(**input):
            try:
                return tool.handler(**input)
            except Exception:
                return again(tool.handler, input)
        return replace(tool, handler=handler)
    return retry_once


def failing_plainly(handler, input):
    try:
        return handler(**input)
    except Exception:
        raise RuntimeError("the tool failed twice") from None


@pytest.mark.parametrize("again, words", [
    (lambda handler, input: handler(**{k: str(v) for k, v in input.items()}), "'quantity': '3'"),
    (lambda handler, input: handler(**{k: unicodedata.normalize("NFC", v) if isinstance(v, str) else v
                                       for k, v in input.items()}), "accents written another way"),
    (failing_plainly, "without its own error")])
def test_a_retry_that_changes_a_number_or_accents_or_hides_the_error_is_not_yet(again, words):
    """A retry sending 3 as '3', or NFC text for NFD, or a RuntimeError in place of the tool's error: all Correct."""
    assert ex05.retry_once.evaluate(retrying(lambda handler, input: handler(**input))).status == PASS
    outcome = ex05.retry_once.evaluate(retrying(again))
    assert outcome.status == FAIL and words in outcome.message, outcome.message


def test_an_invoice_reader_that_reads_the_first_and_last_eight_lines_only_is_not_yet():
    """A good invoice whose Status line is in the middle, between two lists of items, was said to have none."""
    outcome = ex05.read_invoice.evaluate(invoice_reader(
        lambda text: any(line.startswith("Status:") for line in text.splitlines()[:8] + text.splitlines()[-8:])))
    assert outcome.status == FAIL and "its 34th" in outcome.message, outcome.message


def test_an_invoice_reader_that_refuses_dots_but_opens_a_link_is_not_yet():
    """It refused '..' and absolute paths, then opened folder / path, so the link invoices/old led outside."""
    def make_read_invoice(folder):
        @tool
        def read_invoice(path: str) -> str:
            """Return the text of one invoice.

            Args:
                path: Invoice path relative to the working folder.
            """
            if os.path.isabs(path) or ".." in Path(path).parts:
                raise ValueError(f"{path} is outside the folder")
            text = (Path(folder) / path).read_text(encoding="utf-8")
            if not text.strip() or not any(line.startswith("Status:") for line in text.splitlines()):
                raise ValueError(f"{path} is empty or has no Status line")
            return text
        return read_invoice
    outcome = ex05.read_invoice.evaluate(make_read_invoice)
    assert outcome.status == FAIL and "invoices/old/payroll.txt" in outcome.message, outcome.message


def test_a_summary_whose_note_gives_characters_as_tokens_is_not_yet():
    """'[... about 1657 more tokens]' gave the characters left out, about four times the tokens; a note giving
    characters / 4 as tokens is right."""
    outcome = ex08.summarize.evaluate(summarizing(lambda head, text: f"[... about {len(text) - len(head)} more tokens]"))
    assert outcome.status == FAIL and "a token is about 4 characters" in outcome.message, outcome.message
    right = summarizing(lambda head, text: f"[... about {(len(text) - len(head)) // 4} more tokens]")
    assert ex08.summarize.evaluate(right).status == PASS
