"""Exercises of notebook 01: write a tool with @tool; answer every tool call of a reply."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from anthropic.types import Message

from looplab.client import MODEL, practice_client
from looplab.exercises import Exercise, pass_through, raised
from looplab.i18n import N_, _
from looplab.practice import call, calls, say
from looplab.samples import weather_and_calc
from looplab.tools import Tool, Toolbox

WEATHER_TASK = "What's the weather in Lyon, and what is 12 * (3 + 5)?"
COUNTS = [("the quick brown fox", "4"), ("  spaces   all\naround  ", "3"), ("", "0"),
          ("one", "1"), ("it's a well-known fact", "4"), ("to be or not to be", "6"),
          ("name\tcity\tdate", "3")]  # a tab separates words too
SAME_TWICE = calls(call("get_weather", city="Lyon"), call("get_weather", city="Lyon"))  # two ids, one call
SAME_TWICE_ADVICE = N_("each tool_use has its own id, even when it repeats another call of the turn: run and answer "
                       "every one")
SAME_TWICE_LABEL = N_("with a model that asks for the same call twice in one turn")


def _run(toolbox: Toolbox, text) -> dict:
    block = {"id": "toolu_check_0001", "name": "word_count", "input": {"text": text}}
    return toolbox.execute(block).result


def test_word_count(answer) -> str:
    """Check the Tool's name and schema, then run it through a Toolbox on a few texts."""
    if not isinstance(answer, Tool):
        raise AssertionError(_("got a {kind}, not a Tool; put @tool on the line above def word_count",
                               kind=type(answer).__name__))
    if answer.name != "word_count":
        raise AssertionError(_("the tool is named {name!r}; name the function word_count", name=answer.name))
    schema = answer.input_schema
    prop = schema.get("properties", {}).get("text")
    if prop is None:
        raise AssertionError(_("the schema has no 'text' property (it has {names}); the parameter must be "
                               "called text", names=list(schema.get("properties", {}))))
    if prop.get("type") != "string":
        raise AssertionError(_("'text' has type {kind!r} in the schema; annotate it `text: str`",
                               kind=prop.get("type")))
    if "text" not in schema.get("required", []):
        raise AssertionError(_("'text' is not required; give it no default value"))
    if not prop.get("description"):
        raise AssertionError(_("'text' has no description for the model; add an 'Args:' section to the "
                               "docstring with a line 'text: ...'"))
    toolbox = Toolbox([answer])
    for text, expected in COUNTS:
        result = _run(toolbox, text)
        if result["is_error"]:
            raise AssertionError(_("word_count(text={text!r}) failed when the Toolbox ran it: {content}; make it "
                                   "count every text, the empty one and ones with line breaks included",
                                   text=text, content=result["content"]))
        if result["content"] != expected:
            repeats = (" — " + _("a word said twice counts twice: count the words, not the different ones")
                       if result["content"] == str(len(set(text.split()))) else "")
            raise AssertionError(_("word_count(text={text!r}) gave the tool_result content {content!r}; expected "
                                   "{expected!r} (str.split() with no argument splits on any whitespace)",
                                   text=text, content=result["content"], expected=expected) + repeats)
    if not _run(toolbox, 42)["is_error"]:
        raise AssertionError(_("a number passed as text was accepted; the schema should say 'string'"))
    return _("the model sees a documented, required string 'text', and the Toolbox runs it correctly.")


def _reply(step, tools: list[Tool]) -> Message:
    client = practice_client(script=[step])
    return client.messages.create(model=MODEL, max_tokens=256, tools=Toolbox(tools).to_api(),
                                  messages=[{"role": "user", "content": WEATHER_TASK}])


def _cases() -> list[tuple[str, Message]]:
    tools = weather_and_calc()
    return [
        (N_("a reply with text, then two tool calls"),
         _reply(calls(say("I'll check both."), call("get_weather", city="Lyon"),
                      call("calculator", expression="12 * (3 + 5)")), tools)),
        (N_("a reply calling an unknown tool get_time between two known ones"),
         _reply(calls(call("get_weather", city="Paris"), call("get_time", city="Paris"),
                      call("calculator", expression="2 ** 10")), tools)),
        (N_("a reply calling get_weather twice (Lyon, then Paris)"),
         _reply(calls(call("get_weather", city="Lyon"), call("get_weather", city="Paris")), tools)),
        (N_("a reply calling get_weather(city='Lyon') twice, the same call"), _reply(SAME_TWICE, tools)),
        (N_("a reply with a bad input (no city) and a failing calculation"),
         _reply(calls(say("Let me check."), call("get_weather", town="Lyon"),
                      call("calculator", expression="1 / 0")), tools)),
        (N_("a reply whose input has the wrong type (city: 42, not a string)"),
         _reply(call("get_weather", city=42), tools)),
    ]


def _text(content) -> str | None:
    """The text of a tool_result's content (a str, or a list of text blocks); None for any other shape."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(b, dict) and b.get("type") == "text" for b in content):
        return "".join(str(b.get("text", "")) for b in content)
    return None


def _compare(label: str, message: Message, got, toolbox: Toolbox) -> bool:
    """Judge `got` as the API would: one tool_result per tool_use id (any order), errors flagged is_error.

    Return whether the results came in the order of the tool_use blocks."""
    if not isinstance(got, dict) or got.get("role") != "user":
        raise AssertionError(_("for {label} you returned {got!r:.120}; return a dict with role 'user' and a "
                               "content list", label=label, got=got))
    blocks = [b for b in message.content if b.type == "tool_use"]
    content = got.get("content")
    if not isinstance(content, list) or not all(isinstance(r, dict) for r in content):
        if isinstance(content, list) and any(hasattr(r, "result") for r in content):
            raise AssertionError(_("for {label}: content is {content!r:.100}; make it a list of tool_result dicts; "
                                   "toolbox.execute(block) gives a ToolOutcome: its .result is the tool_result "
                                   "dict", label=label, content=content))
        raise AssertionError(_("for {label}: content is {content!r:.100}; make it a list of tool_result dicts",
                               label=label, content=content))
    answers = [r.get("tool_use_id") for r in content if r.get("type") == "tool_result"]
    if len(answers) < len(content):
        other = next(r for r in content if r.get("type") != "tool_result")
        if "tool_use_id" in other and "type" not in other:
            raise AssertionError(_("for {label}: content holds {other!r:.100}, which has no type; the API knows a "
                                   "result by 'type': 'tool_result' (toolbox.execute(block).result has it)",
                                   label=label, other=other))
        raise AssertionError(_("for {label}: content holds {other!r:.100}; send only tool_result blocks: "
                               "one per tool_use block, none for text blocks", label=label, other=other))
    asked = [b.id for b in blocks]
    if sorted(map(str, answers)) != sorted(asked):
        unanswered = [i for i in asked if i not in answers]
        unknown = [i for i in answers if i not in asked]
        notes = [_("{ids} unanswered", ids=unanswered)] if unanswered else []
        notes += [_("{ids} match no tool_use block", ids=unknown)] if unknown else []
        advice = [_("a result with no id: did you answer a text block? only tool_use blocks get a result")
                  ] if None in unknown else []
        if any((b.name, b.input) == (other.name, other.input) for b in blocks if b.id in unanswered
               for other in blocks if other.id != b.id):
            advice.append(_(SAME_TWICE_ADVICE))
        elif unanswered and len({b.name for b in blocks}) < len(blocks):
            advice.append(_("one tool can be called twice in a reply: keep each result by block.id, not by "
                            "block.name"))
        advice.append(_("send exactly one tool_result per tool_use block, carrying that block's id"))
        said = _("for {label}: the reply's tool_use ids are {asked}; your results answer {answers}",
                 label=label, asked=asked, answers=answers) + "".join(f" ({note})" for note in notes)
        for clue in advice:
            said = _("{what}; {clue}", what=said, clue=clue)
        raise AssertionError(said)
    by_id = {r["tool_use_id"]: r for r in content}
    for block in blocks:
        expected, result = Toolbox(toolbox).execute(block).result, by_id[block.id]
        extra = set(result) - {"type", "tool_use_id", "content", "is_error", "cache_control"}
        if extra:
            raise AssertionError(_("with {label}, the result has the field(s) {fields}, which the API refuses in a "
                                   "tool_result; keep type, tool_use_id, content and is_error",
                                   label=label, fields=sorted(extra)))
        text = _text(result.get("content", ""))
        if text is None:
            raise AssertionError(_("for {label}: the result for {name} {input} has content {content!r:.100}; "
                                   "make it a string (or a list of text blocks)", label=label, name=block.name,
                                   input=block.input, content=result.get("content")))
        if expected["is_error"] and (result.get("is_error") is not True or not text.strip()):
            raise AssertionError(_("for {label}: {name} {input} fails ({error!r:.100}), but its result has "
                                   "is_error={is_error!r} and content {text!r:.80}; send a failed call back with "
                                   "is_error: True and a message saying what went wrong", label=label,
                                   name=block.name, input=block.input, error=expected["content"],
                                   is_error=result.get("is_error"), text=text))
        if result.get("is_error", False) not in (True, False):
            raise AssertionError(_("for {label}: the result for {name} {input} has is_error={is_error!r}; is_error "
                                   "is a bool, True or False (or left out)", label=label, name=block.name,
                                   input=block.input, is_error=result.get("is_error")))
        if not expected["is_error"] and (result.get("is_error") or text != expected["content"]):
            mixed = (" — " + _("is its tool_use_id the id of the block it answers?")
                     if not result.get("is_error") else "")
            raise AssertionError(_("for {label}: the result for {name} {input} is {text!r:.100} with "
                                   "is_error={is_error!r}; expected the tool's output {output!r:.100}, not an error",
                                   label=label, name=block.name, input=block.input, text=text,
                                   is_error=result.get("is_error"), output=expected["content"]) + mixed)
    return answers == asked


def _counted(tool: Tool, runs: list[str]):
    """`tool`'s handler, noting its name in `runs` each time it runs."""
    @pass_through
    def handler(**input):
        runs.append(tool.name)
        return tool.handler(**input)
    return handler


def test_answer_tool_calls(answer_tool_calls) -> str:
    """Run answer_tool_calls on replies with known, unknown, badly filled and failing calls."""
    if not callable(answer_tool_calls):
        raise AssertionError(_("pass your function itself: ex01.answer_tool_calls.check(answer_tool_calls)"))
    in_order = True
    for label, message in _cases():
        runs: list[str] = []
        toolbox = Toolbox([replace(t, handler=_counted(t, runs)) for t in weather_and_calc()])
        try:
            got = answer_tool_calls(message, toolbox)
        except NotImplementedError:
            raise
        except Exception as exc:
            raise AssertionError(_("for {label} {error}; an unknown tool or a bad input must become an is_error "
                                   "tool_result, not an exception: toolbox.execute(block) does that",
                                   label=_(label), error=raised(exc))) from None
        ran = Counter(runs)
        in_order = _compare(_(label), message, got, toolbox) and in_order
        asked = Counter(b.name for b in message.content if b.type == "tool_use")
        for name, n in ran.items():
            if n > asked[name]:
                raise AssertionError(_("for {label}, your function ran {name} {n} times for {k} call(s) of it; run "
                                       "each tool_use once and keep what it gave (result = toolbox.execute(block)"
                                       ".result): a tool that acts, such as send_email, would act twice",
                                       label=_(label), name=name, n=n, k=asked[name]))
        runnable = Counter(b.name for b in message.content if b.type == "tool_use" and not toolbox.check(b.name, b.input))
        for name, k in runnable.items():
            if ran[name] < k:
                raise AssertionError(_("for {label}, your function ran {name} {n} time(s) for {k} call(s) of it; run "
                                       "every tool_use of this reply (toolbox.execute(block)): a result kept from an "
                                       "earlier reply may be stale, and a tool that acts would not act",
                                       label=_(label), name=name, n=ran[name], k=k))
    if in_order:
        return _("one tool_result per tool_use, in order, ids matched, errors sent back as is_error results.")
    return _("one tool_result per tool_use, in another order (the API matches them by id), ids matched, errors "
             "sent back as is_error results.")


word_count = Exercise(
    N_("Exercise 1.1 — word_count"),
    test_word_count,
    N_("Decorate a function `word_count(text: str) -> int` with @tool; its docstring's first line "
       "describes the tool and an 'Args:' section describes `text`. len(text.split()) counts words."),
    N_('@tool\n'
       'def word_count(text: str) -> int:\n'
       '    """Count the words in a text (words are separated by spaces or line breaks).\n'
       '\n'
       '    Args:\n'
       '        text: The text whose words to count.\n'
       '    """\n'
       '    return len(text.split())'),
)

answer_tool_calls = Exercise(
    N_("Exercise 1.2 — answer_tool_calls"),
    test_answer_tool_calls,
    N_("Loop over message.content, keep the blocks whose type is 'tool_use', and collect "
       "toolbox.execute(block).result for each; wrap the list in {'role': 'user', 'content': ...}."),
    N_('def answer_tool_calls(message, toolbox):\n'
       '    """The user message answering every tool_use block of `message`, in order."""\n'
       '    results = [toolbox.execute(block).result\n'
       '               for block in message.content if block.type == "tool_use"]\n'
       '    return {"role": "user", "content": results}'),
)
