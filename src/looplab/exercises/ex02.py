"""Exercises of notebook 02: validate a planner's proposal; write the agent loop over messages."""

from __future__ import annotations

import json

import anthropic

from looplab.client import practice_client
from looplab.exercises import Exercise, raised
from looplab.exercises._loops import (
    counted,
    get,
    guarded,
    history_gap,
    lost_history,
    not_callable_so,
    reply_gap,
    request_problem,
    run_gap,
    sent_results,
)
from looplab.exercises.ex01 import SAME_TWICE, SAME_TWICE_ADVICE, SAME_TWICE_LABEL
from looplab.exercises.ex03 import (
    SAME_CALL,
    SAME_CALL_ADVICE,
    SAME_CALL_LABEL,
    TEXT_AROUND,
    TEXT_AROUND_LABEL,
    TURNS_NOT_CALLS,
    alert_count,
    failing_once,
)
from looplab.i18n import N_, _
from looplab.loop import run_agent
from looplab.practice import call, calls, say, stop, transport_of
from looplab.samples import weather_and_calc
from looplab.tools import Toolbox

GOOD = [("ai", {"type": "tool", "name": "lookup", "args": {"key": "ai"}}),
        ("design", {"type": "tool", "name": "lookup", "args": {"key": "design"}}),
        ("a", {"type": "tool", "name": "lookup", "args": {"key": "a"}}),
        ("k" * 32, {"type": "tool", "name": "lookup", "args": {"key": "k" * 32}})]
BAD = [
    (N_("a proposal that is not a dict"), "ai", ["lookup", "ai"]),
    (N_("a proposal of type 'shell'"), "ai", {"type": "shell", "name": "lookup", "args": {"key": "ai"}}),
    (N_("a final answer (not a tool action)"), "ai", {"type": "final", "answer": "Applied AI"}),
    (N_("an unregistered tool 'delete_all'"), "ai", {"type": "tool", "name": "delete_all", "args": {"key": "ai"}}),
    (N_("a lookup with no args"), "ai", {"type": "tool", "name": "lookup"}),
    (N_("a lookup whose args are empty"), "ai", {"type": "tool", "name": "lookup", "args": {}}),
    (N_("a lookup whose args are a list"), "ai", {"type": "tool", "name": "lookup", "args": ["key"]}),
    (N_("a lookup with an extra argument"), "ai", {"type": "tool", "name": "lookup", "args": {"key": "ai", "limit": 5}}),
    (N_("a lookup with 'name' instead of 'key'"), "ai", {"type": "tool", "name": "lookup", "args": {"name": "ai"}}),
    (N_("a lookup of 'design' when 'ai' was asked"), "ai", {"type": "tool", "name": "lookup", "args": {"key": "design"}}),
    (N_("a lookup of 'aide' when 'ai' was asked"), "ai", {"type": "tool", "name": "lookup", "args": {"key": "aide"}}),
    (N_("a lookup of 'a' when 'ai' was asked"), "ai", {"type": "tool", "name": "lookup", "args": {"key": "a"}}),
    (N_("a lookup of 'AI' when 'ai' was asked"), "ai", {"type": "tool", "name": "lookup", "args": {"key": "AI"}}),
    (N_("a lookup of ' ai' (a space first) when 'ai' was asked"), "ai",
     {"type": "tool", "name": "lookup", "args": {"key": " ai"}}),
    (N_("a lookup of the full-width 'ａｉ' when 'ai' was asked"), "ai",
     {"type": "tool", "name": "lookup", "args": {"key": "ａｉ"}}),
    (N_("a lookup with an empty key"), "", {"type": "tool", "name": "lookup", "args": {"key": ""}}),
    (N_("a tool action with no name"), "ai", {"type": "tool", "args": {"key": "ai"}}),
    (N_("a lookup with a 33-character key"), "y" * 33, {"type": "tool", "name": "lookup", "args": {"key": "y" * 33}}),
    (N_("a lookup whose key is a number"), 7, {"type": "tool", "name": "lookup", "args": {"key": 7}}),
]
GOOD_EXTRA = [("éducation-numérique-et-société",  # apart from the count the notebook shows: 30 characters, 34 bytes
               {"type": "tool", "name": "lookup", "args": {"key": "éducation-numérique-et-société"}})]
NEAR_NAME = N_("a tool name close to 'lookup' that is not in TOOLS (compare the whole name as it is: name in TOOLS, "
               "no pattern, prefix or closest match)")
NOT_A_STR = N_("a tool action whose name is not a str, as a model's JSON may hold (check that the name is a str "
               "before looking it up: for a list or a dict, 'name in TOOLS' raises TypeError)")
BAD_EXTRA = [  # apart from the count the notebook shows
    (N_("a tool action with no type"), "ai", {"name": "lookup", "args": {"key": "ai"}}),
    (N_("a tool named 'LOOKUP' (TOOLS holds 'lookup')"), "ai", {"type": "tool", "name": "LOOKUP", "args": {"key": "ai"}}),
    (N_("a lookup whose key is bytes, not a string"), "ai", {"type": "tool", "name": "lookup", "args": {"key": b"ai"}}),
    (N_("a proposal of type 'TOOL' (the type is 'tool')"), "ai", {"type": "TOOL", "name": "lookup", "args": {"key": "ai"}}),
    (N_("a proposal of type 'tool_use' (the type is 'tool')"), "ai",
     {"type": "tool_use", "name": "lookup", "args": {"key": "ai"}}),
    (N_("a tool named 'lookup ' (a space after it; TOOLS holds 'lookup')"), "ai",
     {"type": "tool", "name": "lookup ", "args": {"key": "ai"}}),
    (N_("a lookup whose key is the number 2026 when the string '2026' was asked (the key must be a str: check "
        "isinstance, do not convert it with str())"), "2026", {"type": "tool", "name": "lookup", "args": {"key": 2026}}),
    (N_("a lookup of 'café' written as 'e' and a separate accent when 'café' was asked: another string (compare the "
        "key as it is, without unicodedata.normalize)"), "café",
     {"type": "tool", "name": "lookup", "args": {"key": "cafe\u0301"}}),
    (N_("a tool named 'look', a part of 'lookup' (TOOLS holds 'lookup': compare whole names, name in TOOLS)"), "ai",
     {"type": "tool", "name": "look", "args": {"key": "ai"}}),
    *[(NEAR_NAME, "ai", {"type": "tool", "name": name, "args": {"key": "ai"}})
      for name in ("lookups", "lookup_all", "lookp", ".*", "l.*", "lookup\n", "lookup_tool", "my_lookup",
                   "functions.lookup", "default_api:lookup", "tools/lookup")],
    *[(NOT_A_STR, "ai", {"type": "tool", "name": name, "args": {"key": "ai"}}) for name in (["lookup"], {"lookup": 1})],
    # above: a suffix, a longer name, a typo, two patterns, a final line break ('$' matches before it), two affixes,
    # three namespaces some models put before a name
]


def _accepts_parsed(validate, key: str, action: dict) -> None:
    """A good proposal parsed from JSON, as a model's arrives, must pass too: its strings are equal to the ones
    written in the code, but other objects, so a test with 'is' ("type" is not "tool") refuses it."""
    parsed = json.loads(json.dumps(action))
    try:
        validate(parsed, key)
    except NotImplementedError:
        raise
    except Exception as exc:
        try:
            validate(action, key)
        except Exception:  # it refuses the proposal written in the code too: the message below says why
            return
        raise AssertionError(_("validate accepted the good proposal {action} written in the code, but refused the "
                               "same proposal parsed from JSON, as a model's arrives: {error}; compare strings with "
                               "== and != ('is' compares objects, and two equal strings need not be one object)",
                               action=action, error=raised(exc))) from None


def test_validate(validate) -> str:
    """Good proposals pass; each bad one raises ValueError (not another exception)."""
    if not callable(validate):
        raise AssertionError(_("pass your function itself: ex02.validate.check(validate)"))
    for key, action in [*GOOD, *GOOD_EXTRA]:
        _accepts_parsed(validate, key, action)
        try:
            validate(action, key)
        except NotImplementedError:
            raise
        except Exception as exc:
            why = (" — " + _("keys of 1 to 32 characters are allowed, 32 included") if len(key) in (1, 32)
                   else " — " + _("a key's length is counted in characters, len(key), not in bytes: 'é' is one "
                                  "character") if len(key.encode()) > 32 else "")
            raise AssertionError(_("validate refused a good proposal for {key!r} ({n} characters), {action}: "
                                   "{error}", key=key, n=len(key), action=action, error=raised(exc)) + why) from None
    for label, key, action in [*BAD, *BAD_EXTRA]:
        try:
            returned = validate(action, key)
        except ValueError:
            continue
        except NotImplementedError:
            raise
        except Exception as exc:
            raise AssertionError(_("for {label} ({action!r:.80}) {error}; check the shape first and raise "
                                   "ValueError, so the loop can refuse it cleanly", label=_(label), action=action,
                                   error=raised(exc))) from None
        if returned is not None:
            raise AssertionError(_("for {label} ({action!r:.80}) validate returned {returned!r:.40}; the loop "
                                   "does not look at a return value: raise ValueError to refuse a proposal",
                                   label=_(label), action=action, returned=returned))
        raise AssertionError(_("validate accepted {label}: {action!r:.100} (requested key {key!r}); it must raise "
                               "ValueError", label=_(label), action=action, key=key))
    return _("{good} good proposals accepted, {bad} bad ones refused with ValueError before anything ran.",
             good=len(GOOD), bad=len(BAD))


def _practice(**options):
    return guarded(practice_client(**options))


def _kept_history(client, task) -> str | None:
    """What is wrong when the loop's first request carried messages before the task: a history kept from an
    earlier call of my_loop (a default argument messages=[] is made once, then shared by every call)."""
    requests = transport_of(client).requests
    sent = requests[0].get("messages") if requests and isinstance(requests[0], dict) else None
    if not isinstance(sent, list) or len(sent) < 2 or _said(sent[-1]) != task:
        return None
    return _("your loop's first request carried {n} message(s) before the task, kept from an earlier call of "
             "my_loop: a list made once (a default argument messages=[], or a global) is shared by every call; "
             "start each call with a new list, messages = [{{'role': 'user', 'content': task}}]", n=len(sent) - 1)


def _call_loop(my_loop, client, guard, task, max_turns, toolbox=None) -> list:
    try:
        messages = my_loop(client, task, toolbox or Toolbox(weather_and_calc()), max_turns=max_turns)
    except anthropic.BadRequestError as exc:
        problem = _kept_history(client, task)
        if problem:
            raise AssertionError(problem) from None
        if guard.hits > guard.limit:
            raise AssertionError(_("with max_turns={max_turns} your loop called the model more than {limit} times; "
                                   "count the turns and stop at max_turns", max_turns=max_turns,
                                   limit=guard.limit)) from None
        body = exc.body if isinstance(exc.body, dict) else {}
        detail = body.get("error", {}).get("message", exc.message) if isinstance(body.get("error"), dict) else exc.message
        raise AssertionError(request_problem(client)
                             or _("the practice model refused a request of your loop: {message}",
                                  message=detail)) from None
    except TypeError as exc:
        if not_callable_so(exc):
            raise AssertionError(_("my_loop could not be called as my_loop(client, task, toolbox, "
                                   "max_turns={max_turns}): {error}; keep the parameters of the exercise's "
                                   "signature", max_turns=max_turns, error=exc)) from None
        raise
    problem = _kept_history(client, task) or request_problem(client)
    if problem:
        raise AssertionError(problem)
    if isinstance(messages, tuple) and len(messages) == 2 and isinstance(messages[1], list):
        messages = messages[1]  # (status, messages): the loop of notebook 03 is right here too
    if not isinstance(messages, list):
        raise AssertionError(_("my_loop returned {kind}; return the list of messages", kind=type(messages).__name__))
    first = get(messages[0], "content") if messages else None
    first = "".join(get(b, "text") or "" for b in first) if isinstance(first, list) else first
    if not messages or get(messages[0], "role") != "user" or first != task:
        raise AssertionError(_("my_loop returned a history whose first message is {first!r:.60}, not the task: return "
                               "the whole history, from the task's message on", first=messages[0] if messages else None))
    problem = lost_history(client, messages)
    if problem:
        raise AssertionError(problem)
    problem = history_gap(client, [i for i, m in enumerate(messages) if get(m, "role") == "assistant"])
    if problem:  # request n goes out with every message before the n-th reply
        raise AssertionError(problem)
    return messages


def _check_pairs(messages: list, label: str) -> int:
    """Every tool_use answered by a tool_result with its id in the very next message; return how many."""
    answered = 0
    for i, message in enumerate(messages):
        if get(message, "role") != "assistant":
            continue
        ids = [get(b, "id") for b in get(message, "content") or [] if get(b, "type") == "tool_use"]
        if not ids:
            continue
        following = messages[i + 1] if i + 1 < len(messages) else {}
        got = [get(b, "tool_use_id") for b in get(following, "content") or []
               if get(b, "type") == "tool_result"]
        if get(following, "role") != "user" or sorted(map(str, got)) != sorted(map(str, ids)):
            names = [get(b, "name") for b in get(message, "content") if get(b, "type") == "tool_use"]
            if len(set(names)) < len(names) and len(got) < len(ids):
                raise AssertionError(_("{label}: messages[{i}] asks for tool_use ids {ids}, but the next message "
                                       "answers {got}; send one tool_result per tool_use, in one user message; one "
                                       "tool can be called twice in a reply: keep each result by block.id, not by "
                                       "block.name", label=label, i=i, ids=ids, got=got))
            raise AssertionError(_("{label}: messages[{i}] asks for tool_use ids {ids}, but the next message "
                                   "answers {got}; send one tool_result per tool_use, in one user message",
                                   label=label, i=i, ids=ids, got=got))
        answered += len(ids)
    return answered


def _said(message) -> str:
    """The text a history message holds: a str content, or the text of its blocks."""
    content = get(message, "content")
    if isinstance(content, str):
        return content
    return "".join(str(get(b, "text") or "") for b in content) if isinstance(content, list) else ""


CUT_CALL = N_("is a tool call cut by max_tokens")


def test_my_loop(my_loop) -> str:
    """Run my_loop against scripted, never-stopping and answering practice models."""
    if not callable(my_loop):
        raise AssertionError(_("pass your function itself: ex02.my_loop.check(my_loop)"))
    script = [calls(say("I'll look these up."), call("get_weather", city="Lyon"), call("get_weather", city="Paris"),
                    call("calculator", expression="17 * 3")),
              call("get_time", city="Lyon"), say("Lyon: 21 °C, Paris: 18 °C. 17 * 3 = 51.")]
    client, guard = _practice(script=script)
    toolbox, runs = counted(weather_and_calc())
    messages = _call_loop(my_loop, client, guard, "Weather in Lyon and Paris, and 17 * 3?", 10, toolbox)
    label = _("with a model that calls get_weather twice and the calculator, then an unknown tool, then answers")
    problem = run_gap(runs, ["get_weather", "get_weather", "calculator"])
    if problem:
        raise AssertionError(_("{title}: {text}", title=label, text=problem))
    if guard.hits != 3:
        raise AssertionError(_("{label}, your loop made {n} model calls; expected 3", label=label, n=guard.hits))
    if _check_pairs(messages, label) != 4:
        raise AssertionError(_("{label}, the history does not hold the 4 tool calls and their results", label=label))
    results = {get(b, "tool_use_id"): b for m in messages if isinstance(get(m, "content"), list)
               for b in get(m, "content") if get(b, "type") == "tool_result"}
    errors = [bool(get(results[i], "is_error")) for i in sorted(results)]
    if errors != [False, False, False, True]:
        raise AssertionError(_("{label}, the results have is_error {errors}; expected [False, False, False, True] "
                               "(an unknown tool is answered with an error result; toolbox.execute does that)",
                               label=label, errors=errors))
    for name, input, text, failed in sent_results(messages):
        want = Toolbox(weather_and_calc()).execute({"id": "toolu_check", "name": name, "input": input}).result
        if failed and not (text or "").strip():
            raise AssertionError(_("{label}, your loop answered {name} {input} with is_error True and no text; the "
                                   "model cannot tell what went wrong: send toolbox.execute(block).result as it is, "
                                   "its content says why the call failed", label=label, name=name, input=input))
        if not failed and text != want["content"]:
            raise AssertionError(_("{label}, your loop answered {name} {input} with the content {text!r:.80}; the "
                                   "tool gave {want!r:.80}: send toolbox.execute(block).result as it is, so the "
                                   "model reads what the tool gave", label=label, name=name, input=input, text=text,
                                   want=want["content"]))
    if len(messages) != 6 or get(messages[-1], "role") != "assistant":
        raise AssertionError(_("{label}, the history has {n} messages; expected 6, ending with the assistant's "
                               "answer (append every reply)", label=label, n=len(messages)))
    answer = script[-1]["content"][0]["text"]
    if answer not in _said(messages[-1]):
        raise AssertionError(_("{label}, the last message of the history does not hold the answer {answer!r}; append "
                               "each reply whole ({{'role': 'assistant', 'content': reply.content}}): its text "
                               "blocks too, not only its tool calls", label=label, answer=answer))
    task = "Weather in Lyon and Paris, and 17 * 3?"
    reference = run_agent(practice_client(script=script), task, weather_and_calc())
    problem = reply_gap(messages, reference.messages)
    if problem:
        raise AssertionError(_("{title}: {text}", title=label, text=problem))
    client, guard = _practice(script=TEXT_AROUND)  # text after a call too: a loop keeping one text block fails here
    messages = _call_loop(my_loop, client, guard, "What is the weather in Lyon?", 10)
    problem = reply_gap(messages, run_agent(practice_client(script=TEXT_AROUND), "What is the weather in Lyon?",
                                            weather_and_calc()).messages)
    if problem:
        raise AssertionError(_("{title}: {text}", title=_(TEXT_AROUND_LABEL), text=problem))
    client, guard = _practice(script=SAME_CALL)
    messages = _call_loop(my_loop, client, guard, "What is the weather in Lyon?", 10, failing_once())
    if [failed for _name, _input, _text, failed in sent_results(messages)] != [True, False]:
        raise AssertionError(_("{title}: {text}", title=_(SAME_CALL_LABEL), text=_(
            "your loop did not send the first call's error, then the second call's weather; {advice}",
            advice=_(SAME_CALL_ADVICE))))
    client, guard = _practice(script=[SAME_TWICE, say("Lyon: 21 °C.")])
    toolbox, runs = counted(weather_and_calc())
    messages = _call_loop(my_loop, client, guard, "What is the weather in Lyon?", 10, toolbox)
    problem = run_gap(runs, ["get_weather", "get_weather"], repeated={"get_weather"})  # one run per tool_use
    if problem:
        raise AssertionError(_("{title}: {text}", title=_(SAME_TWICE_LABEL), text=problem) + " — "
                             + _(SAME_TWICE_ADVICE))
    _check_pairs(messages, _(SAME_TWICE_LABEL))
    for cap in (3, 1):  # 1 too: a loop that gives itself a minimum of turns ("max(2, max_turns)") holds at 3
        client, guard = _practice(never_stop=True)
        messages = _call_loop(my_loop, client, guard, "Check the weather in Lyon", cap)
        if guard.hits != cap:
            raise AssertionError(_("with a model that never stops and max_turns={cap}, your loop made {n} model "
                                   "calls; expected exactly {cap}", cap=cap, n=guard.hits))
        _check_pairs(messages, _("with a model that never stops"))
    client, guard = _practice(script=script)
    messages = _call_loop(my_loop, client, guard, task, 3)
    if guard.hits != 3 or len(messages) != 6:
        raise AssertionError(_("with the first model (three tool calls at once, then one, then the answer) and "
                               "max_turns=3, your loop made {calls} model calls and kept {n} messages; expected 3 "
                               "calls and 6 messages, the answer last: {advice}",
                               calls=guard.hits, n=len(messages), advice=_(TURNS_NOT_CALLS)))
    for label, step in ((N_("answers at once (end_turn)"), say("Hello! Nothing to look up.")),
                        (N_("is cut by max_tokens"), stop("max_tokens", "Hello! Nothing to")),
                        (CUT_CALL, stop("max_tokens", partial_tool=alert_count.name))):
        client, guard = _practice(script=[step])
        toolbox, runs = counted([*weather_and_calc(), alert_count])  # alert_count takes no input: {} is valid
        messages = _call_loop(my_loop, client, guard, "Say hello.", 10, toolbox)
        if label is CUT_CALL and (runs or guard.hits != 1):
            raise AssertionError(_("with a model whose first reply is a tool call cut by max_tokens (its input is "
                                   "{{}}), your loop ran {runs} and made {calls} calls; expected no tool run and 1 "
                                   "call: a cut tool call is incomplete, never run it: stop unless stop_reason is "
                                   "'tool_use', whatever blocks the reply holds", runs=runs, calls=guard.hits))
        if guard.hits != 1 or len(messages) != 2:
            raise AssertionError(_("with a model whose first reply {label}, your loop made {calls} calls and kept "
                                   "{n} messages; expected 1 call and 2 messages: a reply with no tool call ends the "
                                   "loop (stop unless stop_reason is 'tool_use')", label=_(label), calls=guard.hits,
                                   n=len(messages)))
    client, guard = _practice(script=[call(alert_count.name), say("No weather alerts right now.")])
    toolbox, runs = counted([*weather_and_calc(), alert_count])
    messages = _call_loop(my_loop, client, guard, "Any weather alerts?", 10, toolbox)
    if runs != [alert_count.name] or guard.hits != 2:
        raise AssertionError(_("with a model that calls alert_count, a tool that takes no input ({{}}), with "
                               "stop_reason 'tool_use', your loop ran {runs} and made {calls} model calls; expected "
                               "alert_count run once and 2 calls: stop unless stop_reason is 'tool_use', and answer "
                               "every tool_use, even one with an empty input", runs=runs, calls=guard.hits))
    _check_pairs(messages, _("with a model that calls a tool that takes no input"))
    return _("every tool_use answered in the next message, the cap holds, and end_turn ends the loop.")


validate = Exercise(
    N_("Exercise 2.1 — validate"),
    test_validate,
    N_("Check in order, raising ValueError at the first problem: a dict with type 'tool'; its name in TOOLS; "
       "args a dict whose keys are exactly {'key'}; that key a string of 1-32 characters; and equal to `key`."),
    N_('def validate(action, key):\n'
       '    """Raise ValueError unless `action` is a tool action the loop may run for `key`."""\n'
       '    if not isinstance(action, dict) or action.get("type") != "tool":\n'
       '        raise ValueError("a proposal must be a dict with type \'tool\'")\n'
       '    name = action.get("name")\n'
       '    if not isinstance(name, str) or name not in TOOLS:  # a list as name: \'in TOOLS\' raises TypeError\n'
       '        raise ValueError(f"{name!r} is not a registered tool")\n'
       '    args = action.get("args")\n'
       '    if not isinstance(args, dict) or set(args) != {"key"}:\n'
       '        raise ValueError("lookup takes exactly one argument: key")\n'
       '    if not isinstance(args["key"], str) or not 0 < len(args["key"]) <= 32:\n'
       '        raise ValueError("key must be a string of 1-32 characters")\n'
       '    if args["key"] != key:\n'
       '        raise ValueError(f"lookup({args[\'key\']!r}) is outside the requested key {key!r}")'),
)

my_loop = Exercise(
    N_("Exercise 2.2 — my_loop"),
    test_my_loop,
    N_("Start with messages = [the task as a user message]; `for _ in range(max_turns)`: call "
       "client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api()), "
       "append the reply as an assistant message, break unless stop_reason == 'tool_use', else append one "
       "user message with toolbox.execute(block).result for every tool_use block."),
    N_('def my_loop(client, task, toolbox, max_turns=10):\n'
       '    """Run the agent loop; return the list of messages."""\n'
       '    messages = [{"role": "user", "content": task}]\n'
       '    for _ in range(max_turns):\n'
       '        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages,\n'
       '                                       tools=toolbox.to_api())\n'
       '        messages.append({"role": "assistant", "content": reply.content})\n'
       '        if reply.stop_reason != "tool_use":\n'
       '            break\n'
       '        results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]\n'
       '        messages.append({"role": "user", "content": results})\n'
       '    return messages'),
)
