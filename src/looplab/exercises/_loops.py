"""Shared by the checks of notebooks 03-05: run a participant's loop next to run_agent on one script."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import anthropic

from looplab.exercises import learner_line, pass_through
from looplab.i18n import _
from looplab.loop import run_agent
from looplab.practice import transport_of
from looplab.practice.responses import api_error
from looplab.tools import Toolbox

GUARD_LIMIT = 25


class Runaway:
    """A fault that ends a loop which ignores its limits, instead of letting it spin forever."""

    def __init__(self, limit: int = GUARD_LIMIT):
        self.limit, self.hits = limit, 0

    def before(self, request, body):
        """Count this request; refuse it with a 400 once the loop has gone past the limit."""
        self.hits += 1
        if self.hits > self.limit:
            return api_error(400, "invalid_request_error",
                             f"the check stopped this loop after {self.limit} model calls", retry=False)
        return None


def counted(tools) -> tuple[Toolbox, list[str]]:
    """`tools` as a Toolbox whose handlers note their tool's name in the list returned with it, each time they run."""
    runs: list[str] = []

    def noting(tool):
        @pass_through
        def handler(**input):
            runs.append(tool.name)
            return tool.handler(**input)
        return replace(tool, handler=handler)
    return Toolbox([noting(tool) for tool in tools]), runs


def repeated_in_a_turn(messages: list) -> set[str]:
    """The tools a reply of `messages` calls twice with the same input ("the same call twice in one turn")."""
    names = set()
    for message in messages:
        content = get(message, "content")
        if get(message, "role") == "assistant" and isinstance(content, list):
            seen = Counter((get(b, "name"), repr(get(b, "input"))) for b in content if get(b, "type") == "tool_use")
            names |= {name for (name, _input), n in seen.items() if n > 1}
    return names


def run_gap(runs: list[str], expected: list[str], asked: list[str] | None = None,
            repeated: set[str] = frozenset()) -> str | None:
    """What is wrong when the tools ran more often than `expected` (one run per tool_use that passed the Toolbox's
    checks), or when a tool of `repeated` (called twice in one turn) ran less often; None if neither. `asked` names
    every tool_use handled, refused ones included. (A result kept from an earlier turn is told apart elsewhere, by a
    tool that fails once.)"""
    over = [name for name, n in Counter(runs).items() if n > Counter(expected)[name]]
    under = [name for name, n in Counter(expected).items() if name in repeated and Counter(runs)[name] < n]
    unasked = [name for name in over if asked is not None and not Counter(asked)[name]]
    if unasked:
        return _("your loop ran {name}, though no tool call it answered asked for it: a reply whose stop_reason is "
                 "not 'tool_use' (a tool call cut by max_tokens, say) asks for nothing; run the tools only after "
                 "stop_reason 'tool_use'", name=unasked[0])
    if over and asked is not None and all(Counter(runs)[name] <= Counter(asked)[name] for name in over):
        return _("your loop ran {name} for a call the Toolbox refuses (an input that breaks its schema, or no "
                 "approval): run every tool_use through toolbox.execute(block), which checks the name, the input "
                 "and the approval before anything runs, and sends the refusal as an is_error result", name=over[0])
    if over:
        return _("your loop ran the tools {mine}, one tool_use more than once ({theirs} were asked for): run each "
                 "tool_use once (result = toolbox.execute(block).result) and keep what it gave; a tool that acts, "
                 "such as send_email, would act twice", mine=dict(Counter(runs)), theirs=dict(Counter(expected)))
    if under:  # a result kept from the other call of the same tool in the turn
        return _("your loop ran {name} {n} time(s) for {k} call(s) of it: run every tool_use "
                 "(toolbox.execute(block)), even one that repeats another call: a result kept from another call may "
                 "be stale, and a tool that acts would not act", name=under[0], n=Counter(runs)[under[0]],
                 k=Counter(expected)[under[0]])
    return None


def guarded(client):
    """`client` with a Runaway guard on its practice transport; return (client, guard)."""
    guard = Runaway()
    transport_of(client).add_fault(guard)
    return client, guard


def get(block, key):
    """A field of a message or block, whether it is a dict or an SDK object."""
    return block.get(key) if isinstance(block, dict) else getattr(block, key, None)


def blocks(messages: list) -> list:
    """Every content block of a history, in order (string contents have none)."""
    return [b for m in messages if isinstance(get(m, "content"), list) for b in get(m, "content")]


def handled_calls(messages: list) -> list[tuple[str, dict]]:
    """(name, input) of every tool_use answered by a tool_result: what run.tool_calls lists."""
    answered = {get(b, "tool_use_id") for b in blocks(messages) if get(b, "type") == "tool_result"}
    return [(get(b, "name"), get(b, "input")) for b in blocks(messages)
            if get(b, "type") == "tool_use" and get(b, "id") in answered]


def _text(content) -> str | None:
    """The text of a tool_result's content: a str, or the joined text of its text blocks; None for another shape."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(get(b, "type") == "text" for b in content):
        return "".join(str(get(b, "text") or "") for b in content)
    return None


def sent_results(messages: list) -> list[tuple[str, dict, str | None, bool]]:
    """(name, input, text, is_error) of every answered tool_use, in the order of handled_calls."""
    by_id = {get(b, "tool_use_id"): b for b in blocks(messages) if get(b, "type") == "tool_result"}
    return [(get(b, "name"), get(b, "input"), _text(get(by_id[get(b, "id")], "content")),
             bool(get(by_id[get(b, "id")], "is_error"))) for b in blocks(messages)
            if get(b, "type") == "tool_use" and get(b, "id") in by_id]


def result_gap(messages: list, reference: list) -> str | None:
    """Where a tool_result of `messages` does not say what run_agent's (`reference`) says: a tool's output sent
    as it is, a failure flagged is_error with a text; None if every result does."""
    for (name, input, text, is_error), (_name, _input, want, failed) in zip(
            sent_results(messages), sent_results(reference), strict=False):
        if is_error != failed or (not failed and text != want) or (failed and not (text or "").strip()):
            return _("your loop answered {name} {input} with the content {text!r:.80} and is_error {is_error}; "
                     "run_agent sent {want!r:.80} with is_error {failed}: send toolbox.execute(block).result as it "
                     "is, so the model reads what the tool gave, and knows when it failed", name=name, input=input,
                     text=text, is_error=is_error, want=want, failed=failed)
    return None


def _said(block) -> tuple:
    """What a reply's block says, whether it is an SDK block or the dict sent back: type, id, text, input."""
    return get(block, "type"), get(block, "id"), get(block, "text"), get(block, "input")


def reply_gap(messages: list, reference: list) -> str | None:
    """Where an assistant message of `messages` does not hold the whole reply run_agent kept at that place in
    `reference` (a text block dropped, say); None if every one does."""
    for i, (mine, theirs) in enumerate(zip(messages, reference, strict=False)):
        if get(theirs, "role") != "assistant" or not isinstance(get(theirs, "content"), list):
            continue
        content = get(mine, "content")
        said = [_said(b) for b in content] if isinstance(content, list) else None
        if get(mine, "role") != "assistant" or said != [_said(b) for b in get(theirs, "content")]:
            kinds = [get(b, "type") for b in get(theirs, "content")]
            mine = [get(b, "type") for b in content] if isinstance(content, list) else content
            return _("your loop kept messages[{i}] as {mine!r:.80}, but the model's reply there was the blocks "
                     "{kinds}: append each reply whole and as it came ({{'role': 'assistant', 'content': "
                     "reply.content}}), its text blocks too, so the model sees what it said before",
                     i=i, mine=mine, kinds=kinds)
    return None


def request_problem(client) -> str | None:
    """What the loop on `client` sent that Claude's API refuses, said so a beginner can fix it; None if nothing.

    The practice model lets an empty message through; the API answers 400 "all messages must have
    non-empty content". A block stored with model_dump() carries None fields (caller: null) the API refuses.
    """
    for number, body in enumerate(transport_of(client).requests, 1):
        messages = body.get("messages") if isinstance(body, dict) else None
        kinds = {get(b, "type") for b in blocks(messages if isinstance(messages, list) else [])}
        if kinds & {"tool_use", "tool_result"} and not body.get("tools"):
            return _("your loop sent request {number} without tools=, though its messages hold tool_use and "
                     "tool_result blocks; Claude's API refuses that (400: requests which include tool_use or "
                     "tool_result blocks must define tools): pass tools=toolbox.to_api() on every call",
                     number=number)
        for i, message in enumerate(messages if isinstance(messages, list) else []):
            content = get(message, "content")
            if isinstance(message, dict) and "stop_reason" in message:
                return _("your loop sent messages[{i}] as the whole reply (a Message, with its id, model and "
                         "stop_reason), which Claude's API refuses; append {{'role': 'assistant', "
                         "'content': reply.content}} instead", i=i)
            if content in ("", []) and not (i == len(messages) - 1 and get(message, "role") == "assistant"):
                before = get(messages[i - 1], "content") if i else None
                asked = [get(b, "id") for b in before if get(b, "type") == "tool_use"] if isinstance(before, list) else []
                if asked:
                    return _("your loop sent messages[{i}] with no tool_result for the tool_use ids {asked} of "
                             "messages[{before}]; answer every tool_use, an unknown tool's too "
                             "(toolbox.execute(block) gives its error result)", i=i, asked=asked, before=i - 1)
                return _("your loop sent messages[{i}] ({role}) with empty content, which "
                         "Claude's API refuses (400: all messages must have non-empty content); send a message "
                         "of tool results only after a reply whose stop_reason is 'tool_use' (after pause_turn, call "
                         "again with the history as it is; after end_turn or max_tokens, end the loop)",
                         i=i, role=get(message, "role"))
            results = [b for b in content if get(b, "type") == "tool_result"] if isinstance(content, list) else []
            if results and i and get(messages[i - 1], "role") == "assistant" and isinstance(
                    get(messages[i - 1], "content"), str):
                return _("your loop sent messages[{before}], the assistant's reply, as a text only, then tool results "
                         "in messages[{i}]: the results answer tool_use blocks that text does not hold; append the "
                         "reply's blocks as they are ({{'role': 'assistant', 'content': reply.content}})",
                         before=i - 1, i=i)
            if results and i and get(messages[i - 1], "role") == "user":
                before = get(messages[i - 1], "content")
                if isinstance(before, list) and any(get(b, "type") == "tool_result" for b in before):
                    return _("your loop split one turn's tool results over messages[{before}] and messages[{i}]; "
                             "the API wants every tool_result of a reply in the one user message that follows it: "
                             "collect them in a list, then append one message", before=i - 1, i=i)
                return _("your loop sent tool results in messages[{i}] right after another user message: the "
                         "assistant reply that asked for those tools is missing; append it to the history "
                         "({{'role': 'assistant', 'content': reply.content}}) before the results", i=i)
            before = get(messages[i - 1], "content") if results and i else None
            uses = [b for b in before if get(b, "type") == "tool_use"] if isinstance(before, list) else []
            missing = [get(b, "id") for b in uses if get(b, "id") not in {get(r, "tool_use_id") for r in results}]
            after = get(messages[i + 1], "content") if i + 1 < len(messages) else None
            split = isinstance(after, list) and any(get(b, "type") == "tool_result" for b in after)
            if missing and len(missing) < len(uses) and not split:  # a split turn is named at its second part
                answered = {get(b, "name") for b in uses if get(b, "id") not in missing}
                if all(get(b, "name") in answered for b in uses if get(b, "id") in missing):
                    return _("in the history your loop sent, the tool_use ids {missing} of messages[{before}] have "
                             "no tool_result in messages[{i}]; answer every tool_use of a reply; one tool was called "
                             "twice: keep each result by block.id, not by block.name", missing=missing, before=i - 1, i=i)
                return _("in the history your loop sent, the tool_use ids {missing} of messages[{before}] have no "
                         "tool_result in messages[{i}]; answer every tool_use of a reply", missing=missing,
                         before=i - 1, i=i)
            for j, block in enumerate(content if isinstance(content, list) else []):
                nulls = [key for key, value in block.items() if value is None] if isinstance(block, dict) else []
                if nulls:
                    return _("your loop sent messages[{i}].content[{j}] with {field}: null, which Claude's API "
                             "refuses; model_dump() writes every unset field as None: append reply.content as it "
                             "is, or use block.model_dump(exclude_none=True)", i=i, j=j, field=nulls[0])
    return None


def sent_sizes(client) -> list[int | None]:
    """How many messages each request of the loop on `client` carried (None for a body without a list of them)."""
    return [len(body["messages"]) if isinstance(body, dict) and isinstance(body.get("messages"), list) else None
            for body in transport_of(client).requests]


def lost_history(client, messages: list) -> str | None:
    """What is wrong when the loop on `client` returned fewer messages than its last request carried; None if not."""
    longest = max((n for n in sent_sizes(client) if n is not None), default=0)
    if len(messages) < longest:
        return _("my_loop returned {n} messages, but its last request already carried {m}: keep every message in "
                 "the history, and return all of it", n=len(messages), m=longest)
    return None


def history_gap(client, held: list) -> str | None:
    """Where the loop on `client` did not send the history it held (`held`: the size of the history before each
    request), said so a beginner can fix it; None if every request carried it whole."""
    for n, (sent, size) in enumerate(zip(sent_sizes(client), held, strict=False), 1):
        if sent is not None and size is not None and sent != size:
            return _("your loop sent request {n} with {sent} message(s), but the history held {held} by then: send "
                     "the whole history on every call (messages=messages), so the model sees its earlier replies "
                     "and the tool results", n=n, sent=sent, held=size)
    return None


def not_callable_so(exc: BaseException) -> bool:
    """Whether `exc` rose from calling the participant's function with these arguments, before its body ran."""
    return isinstance(exc, TypeError) and exc.__traceback__ is not None and exc.__traceback__.tb_next is None


def call_loop(my_loop, client, guard, *args, **options) -> tuple[str, list]:
    """Call the participant's loop; return (status, messages) or raise AssertionError saying what is wrong."""
    try:
        returned = my_loop(client, *args, **options)
    except TypeError as exc:
        if not_callable_so(exc):
            raise AssertionError(_("my_loop could not take {options}: {error}; keep the parameters of the "
                                   "exercise's signature", options=sorted(options), error=exc)) from None
        raise
    except anthropic.BadRequestError as exc:
        if guard.hits > guard.limit:
            raise AssertionError(_("your loop called the model more than {limit} times; count the turns and "
                                   "stop at max_turns", limit=guard.limit)) from None
        body = exc.body if isinstance(exc.body, dict) else {}
        error = body.get("error") if isinstance(body.get("error"), dict) else {}
        raise AssertionError(request_problem(client) or _("the practice model refused a request of your loop: "
                                                          "{message}", message=error.get("message") or exc.message)) from None
    problem = request_problem(client)
    if problem:
        raise AssertionError(problem)
    if not (isinstance(returned, tuple) and len(returned) == 2 and isinstance(returned[0], str)
            and isinstance(returned[1], list)):
        raise AssertionError(_("my_loop returned {kind} {returned!r:.60}; return two things: status, messages",
                               kind=type(returned).__name__, returned=returned))
    return returned


def compare(my_loop, setup, task, label, advice: str = "", **options) -> str:
    """Run my_loop and run_agent on fresh (client, toolbox) pairs from `setup()`; raise AssertionError
    unless they end with the same status, tool calls, history length and number of model requests.
    `label` names the run and `advice`, when given, ends every message (what to do in this run): both are
    English marked with N_() (or already translated), and shown translated."""
    reference, tools = setup()
    run = run_agent(reference, task, tools, **options)
    client, tools = setup()
    client, guard = guarded(client)
    tools, runs = counted(tools)
    label, advice = _(label), (f" — {_(advice)}" if advice else "")
    try:
        status, messages = call_loop(my_loop, client, guard, task, tools, **options)
    except AssertionError as exc:
        if learner_line(exc):  # an assert of the participant's own: the framework reports it with its line
            raise
        raise AssertionError(_("{title}: {text}", title=label, text=exc) + advice) from None
    if status != run.status:
        raise AssertionError(_("{label}: your loop ended with status {status!r}; run_agent ends it {expected!r} "
                               "({reason})", label=label, status=status, expected=run.status,
                               reason=run.events[-1].data["reason"]) + advice)
    lost = lost_history(client, messages)
    if lost:
        raise AssertionError(_("{title}: {text}", title=label, text=lost) + advice)
    if handled_calls(messages) != run.tool_calls:
        raise AssertionError(_("{label}: your loop answered the tool calls {mine}; run_agent answered {theirs}",
                               label=label, mine=handled_calls(messages), theirs=run.tool_calls) + advice)
    if len(messages) != len(run.messages):
        raise AssertionError(_("{label}: your loop returned a history of {mine} messages; run_agent's holds "
                               "{theirs} (keep every reply and every results message, even when the run ends "
                               "badly)", label=label, mine=len(messages), theirs=len(run.messages)) + advice)
    mine, theirs = transport_of(client).calls, transport_of(reference).calls
    if mine != theirs:
        raise AssertionError(_("{label}: your loop sent {mine} requests to the model; run_agent sent {theirs}",
                               label=label, mine=mine, theirs=theirs) + advice)
    ran = [e.data["name"] for e in run.events if e.kind == "tool_call" and e.data["ran"]]
    gap = (history_gap(client, sent_sizes(reference)) or reply_gap(messages, run.messages)
           or result_gap(messages, run.messages)
           or run_gap(runs, ran, [name for name, _input in run.tool_calls], repeated_in_a_turn(run.messages)))
    if gap:
        raise AssertionError(_("{title}: {text}", title=label, text=gap) + advice)
    return run.status
