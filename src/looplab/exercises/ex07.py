"""Exercises of notebook 07: collect a streamed reply; cache a request's system prompt."""

from __future__ import annotations

import json

import anthropic
import httpx2

from looplab.client import MODEL, PRACTICE_URL, practice_client
from looplab.exercises import Exercise
from looplab.i18n import N_, _, number
from looplab.practice import calls, say, transport_of
from looplab.practice.sse import chunks
from looplab.pricing import cost_usd

GREETING = "Hello! Who are you?"
SCRIPTED = "Streaming arrives in pieces; join them all, in order, with nothing in between."
SYSTEM = N_("You are a research assistant. Answer only from documents you have read with read_doc, "
            "and cite their file names in square brackets. If the documents do not answer, say so.")  # the notebook's
QUESTIONS = ("What do our articles say about heat pumps in cold climates?", "How do honeybees find food?")


def _text(message) -> str:
    return "".join(block.text for block in message.content if block.type == "text")


def _sent_prompt(body: dict) -> str:
    content = (body.get("messages") or [{}])[-1].get("content")
    if isinstance(content, list):
        return "".join(block.get("text", "") for block in content if isinstance(block, dict))
    return content if isinstance(content, str) else ""


GREETING_REPLY = ("Hello! I am a model answering in pieces: a streamed reply arrives as many small text deltas, "
                  "and only all of them, in order, make the whole answer.")


SPACED = ("A stream cuts its text where it likes, even at the space between two words: keep every piece as it "
          "came. Join all.")  # the practice model streams it in three pieces, two of them at a space
LONG = ("A long reply keeps coming after the first few lines: a stream has no fixed size, so read it to the end. "
        * 4 + "It ends with a line break, which belongs to the text too.\n")
BLANK = "OK.   OK."  # streamed as 'OK.', '   ', 'OK.': a piece of spaces only, and two pieces alike
UNFINISHED = "Tea: 4 EUR\nCake: 3 EUR"  # text after its last line break
BREAKS = "Done." + "\n" * 10  # streamed as 'Done.', '\n\n\n\n\n', '\n\n\n\n\n': line breaks only, twice in a row
TWO_BLOCKS = ("Claude may split a reply into text blocks (each citation starts one). ",  # content[0] is one block,
              "This is the second block: the text is all of them, joined.")  # and a 'text' event's snapshot too
RESEARCH_TOOLS = ("search_docs", "read_doc")  # the names samples.docs_tools gives


def _last_request(client) -> dict:
    """The body of the last request the client sent (the practice transport keeps them)."""
    body = transport_of(client).requests[-1] if transport_of(client).requests else {}
    return body


class _Live(httpx2.BaseTransport):
    """A practice transport whose streamed replies come as a live stream: once the response is closed (the end of
    the `with` block), reading it fails, as over a network; the in-memory reply of the practice model would not."""

    def __init__(self, inner):
        self.inner = inner

    def handle_request(self, request):
        response = self.inner.handle_request(request)
        if not response.headers.get("content-type", "").startswith("text/event-stream"):
            return response
        lines = response.content.splitlines(keepends=True)
        return httpx2.Response(response.status_code, headers=response.headers, stream=_Lines(lines))


class _Lines(httpx2.SyncByteStream):
    def __init__(self, lines: list[bytes]):
        self.lines = lines

    def __iter__(self):
        yield from self.lines


def _streaming_client(script) -> anthropic.Anthropic:
    """practice_client(script=script), its streams live."""
    live = _Live(transport_of(practice_client(script=script)))
    return anthropic.Anthropic(api_key="practice-model", base_url=PRACTICE_URL, http_client=httpx2.Client(transport=live))


def test_collect_stream(collect_stream) -> str:
    """collect_stream(client, prompt) streams the reply and returns exactly the non-streamed text."""
    if not callable(collect_stream):
        raise AssertionError(_("pass your function itself: ex07.collect_stream.check(collect_stream)"))
    for label, prompt, script in ((_("a greeting"), GREETING, [say(GREETING_REPLY)]),
                                  (_("a scripted reply"), "Say anything.", [say(SCRIPTED)]),
                                  (_("a reply whose pieces start and end with spaces"), "Say more.", [say(SPACED)]),
                                  (_("a long reply that ends with a line break"), "Say a lot.", [say(LONG)]),
                                  (_("a reply with a piece of spaces only"), "Say it twice.", [say(BLANK)]),
                                  (_("a reply whose last line has no line break"), "Say the prices.",
                                   [say(UNFINISHED)]),
                                  (_("a reply that ends with two pieces of line breaks only"), "Say it and wait.",
                                   [say(BREAKS)]),
                                  (_("a reply in two text blocks"), "Say it in two parts.",
                                   [calls(*[say(text) for text in TWO_BLOCKS])])):
        client = _streaming_client(script)
        try:
            got = collect_stream(client, prompt)
        except httpx2.StreamClosed:
            raise AssertionError(_("for {label} your function read the stream after its `with` block had closed "
                                   "it; over a network the text is then lost: join stream.text_stream inside the "
                                   "`with` block", label=label)) from None
        body = _last_request(client)
        if body.get("stream") is not True:
            raise AssertionError(_("your function did not stream: the request had no 'stream': true; "
                                   "use client.messages.stream(...) and its text_stream"))
        sent = body.get("messages")
        if isinstance(sent, list) and len(sent) > 1:
            raise AssertionError(_("for {label} the request sent {n} messages; send the prompt as the one user "
                                   "message of a new list (a list kept between calls grows with every call, and the "
                                   "model answers the whole of it)", label=label, n=len(sent)))
        if _sent_prompt(body) != prompt:
            raise AssertionError(_("the request sent {sent!r} as the user's message, not the prompt {prompt!r}",
                                   sent=_sent_prompt(body), prompt=prompt))
        message = practice_client(script=script).messages.create(
            model=MODEL, max_tokens=1024, messages=[{"role": "user", "content": prompt}])
        full = _text(message)
        if not isinstance(got, str):
            how = (_("stream.get_final_text() gives the text of a finished stream") if hasattr(got, "content") else
                   _("join the pieces with ''.join(...)"))
            raise AssertionError(_("collect_stream returned a {kind}; return the text, a str: {how}",
                                   kind=type(got).__name__, how=how))
        if got == full:
            continue
        blocks = [block.text for block in message.content if block.type == "text"]
        if len(blocks) > 1 and got in blocks:
            raise AssertionError(_("for {label} you returned the text of one block only ({got!r}; expected {full!r}): "
                                   "content[0].text, or the snapshot of the last 'text' event, holds one block; "
                                   "join every piece of stream.text_stream, which runs through all the blocks",
                                   label=label, got=got, full=full))
        pieces = chunks(full)
        if got == "".join(piece for piece in pieces if piece.strip()):
            raise AssertionError(_("for {label} you left out a piece that is only spaces or line breaks ({got!r}, "
                                   "expected {full!r}); such a piece is text too: keep every piece",
                                   label=label, got=got, full=full))
        if got == "".join(dict.fromkeys(pieces)):
            raise AssertionError(_("for {label} you kept a repeated piece once ({got!r}, expected {full!r}); two "
                                   "pieces alike are both text: keep every piece, repeats too",
                                   label=label, got=got, full=full))
        if got.endswith("\n") and full.startswith(got) and "\n" not in full[len(got):]:
            raise AssertionError(_("for {label} you lost the text after the last line break ({lost!r}); a reply "
                                   "need not end with one: return what is left after the last line too",
                                   label=label, lost=full[len(got):]))
        cut = body.get("max_tokens", 1024)
        if full.startswith(got) and isinstance(cut, int) and cut < 1024 and len(got) > 1:
            raise AssertionError(_("for {label} the reply stopped after {n} characters because your request set "
                                   "max_tokens={cut} (the stream ended with stop_reason 'max_tokens'); ask for "
                                   "max_tokens=1024, as the non-streamed call does", label=label, n=len(got), cut=cut))
        if full.startswith(got):
            raise AssertionError(_("for {label} you returned only the first {n} of {total} characters, {start!r}: a "
                                   "stream sends the text in many pieces; keep reading stream.text_stream to its end "
                                   "and join every piece", label=label, n=len(got), total=len(full), start=got[:40]))
        if got.replace(" ", "").replace("\n", "") == full.replace(" ", "").replace("\n", ""):
            raise AssertionError(_("for {label} your text has the right words but different spacing ({got!r}…, "
                                   "expected {full!r}…): the pieces already hold their spaces; join them "
                                   "with '' and add nothing between them", label=label, got=got[:50], full=full[:50]))
        raise AssertionError(_("for {label} you returned {n} characters, {got!r}…, but the full text has {total}, "
                               "{full!r}…; return every text delta of this one stream, in order, joined with ''",
                               label=label, n=len(got), got=got[:50], total=len(full), full=full[:50]))
    return _("the streamed text, joined, is exactly the text a non-streamed call returns.")


def _cached_system(request: dict) -> bool:
    """True when the request's system prompt carries a cache breakpoint (one of its blocks has cache_control:
    a block after the mark, such as today's date, may change from call to call)."""
    system = request.get("system")
    return isinstance(system, list) and any(isinstance(block, dict) and isinstance(block.get("cache_control"), dict)
                                            for block in system)


def _system_text(request: dict) -> str:
    """The text of a request's system prompt: a str, or the joined text of its blocks."""
    system = request.get("system")
    if isinstance(system, list):
        return "".join(str(block.get("text", "")) for block in system if isinstance(block, dict))
    return system if isinstance(system, str) else ""


def _holds_system(text: str) -> bool:
    """True when `text` holds the notebook's SYSTEM, in either edition, whatever its spacing."""
    return any("".join(system.split()) in "".join(text.split()) for system in (SYSTEM, _(SYSTEM)))


def test_cached_request(cached_request) -> str:
    """Two requests for different questions: the first writes the cache, the second reads it."""
    if not callable(cached_request):
        raise AssertionError(_("pass your function itself: ex07.cached_request.check(cached_request)"))
    client = practice_client(script=[say("First answer."), say("Second answer.")])
    usages, requests = [], []
    for question in QUESTIONS:
        request = cached_request(question)
        if not isinstance(request, dict):
            raise AssertionError(_("cached_request returned {kind}; return the dict of keyword arguments",
                                   kind=type(request).__name__))
        sent = json.dumps(request.get("messages"), ensure_ascii=False)
        if question not in sent:
            raise AssertionError(_("the messages of cached_request({question!r}) do not contain the question",
                                   question=question))
        if question != QUESTIONS[0] and QUESTIONS[0] in sent:
            raise AssertionError(_("cached_request({question!r}) also sends the first question, {first!r}, so the "
                                   "model answers it again; build a new messages list in each call, with the "
                                   "question as its one user message (a default value kept between calls grows)",
                                   question=question, first=QUESTIONS[0]))
        try:
            usages.append(client.messages.create(**request).usage)
        except TypeError as exc:
            raise AssertionError(_("client.messages.create(**request) refused your dict: {error}; keep only its "
                                   "keyword arguments (model, max_tokens, system, tools, messages)", error=exc)) from None
        except anthropic.APIStatusError as exc:
            error = exc.body.get("error", {}) if isinstance(exc.body, dict) else {}
            raise AssertionError(_("the API refused your request ({status}): {message}",
                                   status=exc.status_code, message=error.get("message") or exc.message)) from None
        requests.append(request)
    first, second = usages
    if first.cache_creation_input_tokens and second.cache_read_input_tokens and second.cache_creation_input_tokens:
        raise AssertionError(_("the second call read the cache but also wrote {n} tokens to it: a cache mark on "
                               "something that changes with each question (the question itself) writes a new entry "
                               "on every call, at 1.25 times the price, and no call reads it; mark the system "
                               "prompt only", n=second.cache_creation_input_tokens))
    if not first.cache_creation_input_tokens:
        raise AssertionError(_("the first call wrote nothing to the cache: put \"cache_control\": "
                               "{\"type\": \"ephemeral\"} on the system prompt block"))
    if not second.cache_read_input_tokens:
        raise AssertionError(_("the second call read nothing from the cache: the part you mark must be the same "
                               "in both requests; mark the system prompt, not the question"))
    if not _cached_system(requests[0]):
        raise AssertionError(_("the cache holds only what comes before your mark: you marked a tool, so the tools are "
                               "cached but the system prompt is not; make system a list of one text block and put "
                               "cache_control on that block (the tools come before it, so they are cached too)"))
    said = _system_text(requests[0])
    if not _holds_system(said):
        raise AssertionError(_("the system prompt your request sends is {said!r:.80}, not the notebook's SYSTEM "
                               "({system!r:.40}...); keep its text (the variable SYSTEM, not the string 'SYSTEM') "
                               "and only add the mark", said=said, system=_(SYSTEM)))
    system = requests[0].get("system")
    marked = [i for i, block in enumerate(system) if isinstance(block, dict)
              and isinstance(block.get("cache_control"), dict)]
    if not _holds_system(_system_text({"system": system[:marked[-1] + 1]})):  # the cache ends at the last mark
        if any(_holds_system(_system_text({"system": [block]})) for block in system):
            raise AssertionError(_("your cache mark is on a block before the one holding SYSTEM, so the system "
                                   "prompt is not cached; put cache_control on the block that holds SYSTEM (or a "
                                   "later one)"))
        raise AssertionError(_("your cache mark is on a block that holds only the start of SYSTEM, so the rest of "
                               "it is not cached; keep SYSTEM in one block, or put the mark on its last block"))
    offered = [tool.get("name") for tool in requests[1].get("tools") or [] if isinstance(tool, dict)]
    if requests[1].get("tools") and not set(RESEARCH_TOOLS) <= set(offered):
        raise AssertionError(_("cached_request({question!r}) offers {offered}, not all of {tools}; keep every "
                               "research tool (tools=tools): without them the model cannot search and read the articles",
                               question=QUESTIONS[1], offered=offered, tools=list(RESEARCH_TOOLS)))
    if not requests[1].get("tools"):
        raise AssertionError(_("cached_request({question!r}) offers no tools; keep the research tools in the "
                               "request (tools=tools, as the starter has them): without them the model cannot "
                               "search the articles, and they are cached with the system prompt",
                               question=QUESTIONS[1]))
    plain = {"input_tokens": second.input_tokens + second.cache_read_input_tokens}
    cached = {"input_tokens": second.input_tokens, "cache_read_input_tokens": second.cache_read_input_tokens}
    return _("the second call read {n} tokens from the cache: its input cost ${cost} instead of ${plain} "
             "(estimates).", n=number(second.cache_read_input_tokens), cost=number(cost_usd(MODEL, cached), ".6f"),
             plain=number(cost_usd(MODEL, plain), ".6f"))


collect_stream = Exercise(
    N_("Exercise 7.1 — collect_stream"),
    test_collect_stream,
    N_("Open `with client.messages.stream(model=MODEL, max_tokens=1024, messages=[...]) as stream:` and "
       "join the pieces of stream.text_stream with ''."),
    N_("def collect_stream(client, prompt):\n"
       '    """Stream the reply to `prompt` and return its text, joined from the deltas."""\n'
       '    messages = [{"role": "user", "content": prompt}]\n'
       "    with client.messages.stream(model=MODEL, max_tokens=1024, messages=messages) as stream:\n"
       '        return "".join(stream.text_stream)'),
)

cached_request = Exercise(
    N_("Exercise 7.2 — cached_request"),
    test_cached_request,
    N_("Make the system prompt a list with one text block, and give that block "
       "\"cache_control\": {\"type\": \"ephemeral\"}; leave the question unmarked."),
    N_("def cached_request(question):\n"
       '    """Keyword arguments for client.messages.create whose system prompt is cached."""\n'
       '    system = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]\n'
       '    return {"model": MODEL, "max_tokens": 500, "system": system, "tools": tools,\n'
       '            "messages": [{"role": "user", "content": question}]}'),
)
