"""Exercises of notebook 00: read a Message — its first text, its token count."""

from __future__ import annotations

from anthropic.types import Message

from looplab.client import MODEL, practice_client
from looplab.exercises import Exercise, raised
from looplab.i18n import N_, _
from looplab.practice import call, calls, say
from looplab.samples import weather_and_calc
from looplab.tools import Toolbox

WEATHER_TASK = "What's the weather in Lyon, and what is 12 * (3 + 5)?"


def _replies(script: list) -> list[Message]:
    """One practice-model Message per scripted step."""
    client = practice_client(script=script)
    ask = [{"role": "user", "content": "Go."}]
    return [client.messages.create(model=MODEL, max_tokens=256, messages=ask) for _step in script]


def _weather_reply() -> Message:
    """A reply like Claude's to the weather task: a text block, then two tool_use blocks (scripted)."""
    tools = Toolbox(weather_and_calc()).to_api()
    step = calls(say("I'll check the weather and do the sum."), call("get_weather", city="Lyon"),
                 call("calculator", expression="12 * (3 + 5)"))
    return practice_client(script=[step]).messages.create(
        model=MODEL, max_tokens=256, tools=tools, messages=[{"role": "user", "content": WEATHER_TASK}])


def _thinking_first() -> Message:
    """A reply as Claude gives it with extended thinking on: a thinking block (no .text), then the text."""
    return Message.model_validate({
        "id": "msg_check_0002", "type": "message", "role": "assistant", "model": MODEL, "content": [
            {"type": "thinking", "thinking": "The user greets me; answer briefly.", "signature": "c2lnbmF0dXJl"},
            {"type": "text", "text": "Hello! How can I help?"}],
        "stop_reason": "end_turn", "stop_sequence": None, "usage": {"input_tokens": 12, "output_tokens": 20}})


def _first_text_cases() -> list[tuple[str, Message, str]]:
    scripted = _replies([
        "Hello there.",
        calls(call("get_weather", city="Lyon"), say("Checking the weather first.")),
        call("calculator", expression="2 + 2"),
        calls(say("First block."), say("Second block.")),
        "\nA text that starts with a line break and ends with one.\n",
    ])
    weather = _weather_reply()
    return [
        (N_("a reply with one text block"), scripted[0], "Hello there."),
        (N_("a reply whose first block is a tool_use"), scripted[1], "Checking the weather first."),
        (N_("a reply with only a tool_use block"), scripted[2], ""),
        (N_("a reply with two text blocks"), scripted[3], "First block."),
        (N_("the reply to the weather task"), weather, "I'll check the weather and do the sum."),
        (N_("a reply that starts with a thinking block"), _thinking_first(), "Hello! How can I help?"),
        (N_("a reply whose text starts and ends with a line break"), scripted[4],
         "\nA text that starts with a line break and ends with one.\n"),
    ]


def test_first_text(first_text) -> str:
    """Run `first_text` on practice-model replies of every shape; raise AssertionError on a miss."""
    if not callable(first_text):
        raise AssertionError(_("pass your function itself: ex00.first_text.check(first_text)"))
    for label, message, expected in _first_text_cases():
        kinds = [block.type for block in message.content]
        try:
            got = first_text(message)
        except NotImplementedError:
            raise
        except Exception as exc:
            if isinstance(exc, StopIteration):
                why = _("next() raises StopIteration when no block is text: give it a default, next(..., '')")
            elif "ToolUseBlock" in str(exc) or "ThinkingBlock" in str(exc):
                why = _("check block.type == 'text' before reading block.text: a tool_use or thinking block has no "
                        "text")
            else:
                why = _("the blocks are in message.content, a list: loop over it")
            raise AssertionError(_("for {label} (blocks {kinds}) {error}; {why}", label=_(label), kinds=kinds,
                                   error=raised(exc), why=why)) from None
        if got != expected:
            why = ""
            if got is None and expected == "":
                why = _("when no block is a text block, return '' after the loop")
            elif not isinstance(got, str):
                why = _("return the block's text (block.text, a str), not a {kind}", kind=type(got).__name__)
            elif got and got.strip() == expected.strip():
                why = _("return the text as it is, without strip(): the reply's line breaks are part of it")
            elif got and got != expected and got in "".join(b.text for b in message.content if b.type == "text"):
                why = _("return the text of the first text block only, as soon as you find it")
            elif got == "" and kinds[:1] == ["text"]:
                why = _("the first block is a text block, yet you found none: compare block.type with 'text', in "
                        "lower case, as the API writes it")
            elif got == "":
                why = _("the first text block can come after a tool_use block: look at every block, not only the "
                        "first")
            raise AssertionError(_("for {label} (blocks {kinds}) you returned {got!r:.80}; expected {expected!r}",
                                   label=_(label), kinds=kinds, got=got, expected=expected)
                                 + (f" — {why}" if why else ""))
    return _("it finds the first text block, skips tool_use blocks, and gives '' when there is no text.")


COUNTS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")


def _cached_replies() -> tuple[Message, Message, Message]:
    """Replies to one cached system prompt: the first writes it to the cache, the second reads it, and
    the third reads it while writing a longer cached prefix (a new breakpoint), so both counts are set."""
    client = practice_client(script=["I am a practice model.", "I am a practice model.", "Gladly."])
    system = [{"type": "text", "text": "Answer briefly. " * 40, "cache_control": {"type": "ephemeral"}}]
    ask = [{"role": "user", "content": "Who are you?"}]
    writes, reads = (client.messages.create(model=MODEL, max_tokens=256, system=system, messages=ask)
                     for _turn in range(2))
    more = [*ask, {"role": "assistant", "content": reads.content},
            {"role": "user", "content": [{"type": "text", "text": "Tell me more, please. " * 60,
                                          "cache_control": {"type": "ephemeral"}}]}]
    both = client.messages.create(model=MODEL, max_tokens=256, system=system, messages=more)
    return writes, reads, both


def _without_cache_counts() -> Message:
    """A Message as some servers send it: usage has no cache counts (the SDK gives None)."""
    return Message.model_validate({
        "id": "msg_check_0001", "type": "message", "role": "assistant", "model": MODEL,
        "content": [{"type": "text", "text": "Hello."}], "stop_reason": "end_turn",
        "stop_sequence": None, "usage": {"input_tokens": 12, "output_tokens": 3}})


def _one_hour_write() -> Message:
    """A Message whose prompt was written to the one-hour cache (cache_control ttl '1h'), so no 5-minute count."""
    return Message.model_validate({
        "id": "msg_check_0003", "type": "message", "role": "assistant", "model": MODEL,
        "content": [{"type": "text", "text": "Hello."}], "stop_reason": "end_turn", "stop_sequence": None,
        "usage": {"input_tokens": 9, "output_tokens": 3, "cache_creation_input_tokens": 240,
                  "cache_read_input_tokens": 0,
                  "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 240}}})


def _expected_total(message: Message) -> int:
    usage = message.usage
    return (usage.input_tokens + usage.output_tokens + (usage.cache_creation_input_tokens or 0)
            + (usage.cache_read_input_tokens or 0))


def test_total_tokens(total_tokens) -> str:
    """Compare `total_tokens` with the sum of the four usage counts on several replies."""
    if not callable(total_tokens):
        raise AssertionError(_("pass your function itself: ex00.total_tokens.check(total_tokens)"))
    writes, reads, both = _cached_replies()
    cases = [(N_("a greeting reply"), _replies(["Hello there."])[0]),
             (N_("the reply to the weather task"), _weather_reply()),
             (N_("a reply that wrote its system prompt to the cache"), writes),
             (N_("a reply that read its system prompt from the cache"), reads),
             (N_("a reply that read the system prompt from the cache and wrote a longer prefix to it"), both),
             (N_("a reply whose usage has no cache counts (None)"), _without_cache_counts()),
             (N_("a reply that wrote its prompt to the one-hour cache"), _one_hour_write())]
    for label, message in cases:
        usage = message.usage
        shown = ", ".join(f"{name}={getattr(usage, name)}" for name in COUNTS)
        try:
            got = total_tokens(message)
        except NotImplementedError:
            raise
        except Exception as exc:
            why = (" — " + _("a missing cache count is None: write `usage.x or 0`")
                   if isinstance(exc, TypeError) else "")
            raise AssertionError(_("for {label} ({shown}) {error}", label=_(label), shown=shown, error=raised(exc))
                                 + why) from None
        expected = _expected_total(message)
        if got != expected:
            left_out = [name for name in COUNTS if getattr(usage, name) and got == expected - getattr(usage, name)]
            why = _("add {count} too: every token read or written counts", count=left_out[0]) if left_out else ""
            if isinstance(got, str):
                why = _("return the number itself (an int), not a str")
            elif usage.cache_creation is not None and got == expected + sum(
                    n or 0 for n in usage.cache_creation.model_dump().values()):
                why = _("usage.cache_creation splits cache_creation_input_tokens again (by how long the cache "
                        "lasts), so counting its numbers too counts those tokens twice: add the four counts only")
            elif not left_out and usage.cache_creation_input_tokens and usage.cache_read_input_tokens:
                why = _("one reply can both read and write the cache: add cache_creation_input_tokens "
                        "and cache_read_input_tokens, each `or 0`")
            raise AssertionError(_("for {label} ({shown}) you returned {got!r:.60}; expected {expected}",
                                   label=_(label), shown=shown, got=got, expected=expected)
                                 + (f" — {why}" if why else ""))
    return _("input, output and both cache counts add up, and a missing (None) count counts as 0.")


first_text = Exercise(
    N_("Exercise 0.1 — first_text"),
    test_first_text,
    N_("Loop over message.content and return block.text for the first block whose type is "
       "'text'; after the loop, return ''."),
    N_('def first_text(message):\n'
       '    """The text of the first text block of `message`, or "" when it has none."""\n'
       '    for block in message.content:\n'
       '        if block.type == "text":\n'
       '            return block.text\n'
       '    return ""'),
)

total_tokens = Exercise(
    N_("Exercise 0.2 — total_tokens"),
    test_total_tokens,
    N_("message.usage has four counts: input_tokens, output_tokens, cache_creation_input_tokens "
       "and cache_read_input_tokens. The last two can be None: write `usage.x or 0`."),
    N_('def total_tokens(message):\n'
       '    """Every token the model read or wrote for this reply, cached ones included."""\n'
       '    usage = message.usage\n'
       '    return (usage.input_tokens + usage.output_tokens\n'
       '            + (usage.cache_creation_input_tokens or 0)\n'
       '            + (usage.cache_read_input_tokens or 0))'),
)
