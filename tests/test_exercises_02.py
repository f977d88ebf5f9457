"""Exercises of notebook 02: validate and my_loop say not attempted, not yet and correct."""

import re

import pytest
from solutions import ODD_ANSWERS, defined_in, results_run_twice

from looplab import MODEL
from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex02

PRELUDE = "from looplab import MODEL\nTOOLS = {'lookup': lambda key: None}\n"




def validate_starter(action, key):
    raise NotImplementedError


def validate_names_only(action, key):
    if action.get("name") != "lookup":
        raise ValueError("not registered")


def my_loop_starter(client, task, toolbox, max_turns=10):
    raise NotImplementedError


def my_loop_without_cap(client, task, toolbox, max_turns=10):
    messages = [{"role": "user", "content": task}]
    while True:
        reply = client.messages.create(model="claude-opus-5", max_tokens=1024, messages=messages,
                                       tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return messages
        results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]
        messages.append({"role": "user", "content": results})


def my_loop_first_call_only(client, task, toolbox, max_turns=10):
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model="claude-opus-5", max_tokens=1024, messages=messages,
                                       tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            break
        first = next(b for b in reply.content if b.type == "tool_use")
        messages.append({"role": "user", "content": [toolbox.execute(first).result]})
    return messages


def test_validate_unattempted():
    """`...` and the starter that raises NotImplementedError are not attempted."""
    assert ex02.validate.evaluate(...).status == UNATTEMPTED
    assert ex02.validate.evaluate(validate_starter).status == UNATTEMPTED


def test_validate_that_checks_only_the_name_is_not_yet():
    """A validator that only checks the tool's name lets a malformed proposal through, and is told which."""
    outcome = ex02.validate.evaluate(validate_names_only)
    assert outcome.status == FAIL
    assert "your code raised AttributeError" in outcome.message


def test_validate_without_scope_check_is_not_yet():
    """A validator that forgets the scope accepts a lookup of another key, and the check says so."""
    full = defined_in(ex02.validate.solution_text, PRELUDE)["validate"]

    def no_scope(action, key):
        args = action.get("args") if isinstance(action, dict) else None
        in_scope = args.get("key") if isinstance(args, dict) and isinstance(args.get("key"), str) else key
        full(action, in_scope)

    outcome = ex02.validate.evaluate(no_scope)
    assert outcome.status == FAIL
    assert "'design' when 'ai' was asked" in outcome.message


def test_validate_solution_passes():
    """The solution shown by solution() passes its own check."""
    assert ex02.validate.evaluate(defined_in(ex02.validate.solution_text, PRELUDE)["validate"]).status == PASS


def test_my_loop_unattempted():
    """`...` and the starter are not attempted."""
    assert ex02.my_loop.evaluate(...).status == UNATTEMPTED
    assert ex02.my_loop.evaluate(my_loop_starter).status == UNATTEMPTED


def test_my_loop_without_cap_is_stopped_and_not_yet():
    """A loop that ignores max_turns is stopped by the check, not left spinning, and told to count turns."""
    outcome = ex02.my_loop.evaluate(my_loop_without_cap)
    assert outcome.status == FAIL
    assert "stop at max_turns" in outcome.message


def test_my_loop_answering_one_call_per_turn_is_not_yet():
    """A loop that answers only the first tool_use of a turn is refused, with the ids left unanswered."""
    outcome = ex02.my_loop.evaluate(my_loop_first_call_only)
    assert outcome.status == FAIL
    assert "have no tool_result" in outcome.message


def my_loop_sending_the_task_only(client, task, toolbox, max_turns=10):
    """Keeps the history it returns, but sends the model the task alone on every call."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=[{"role": "user", "content": task}],
                                       tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            break
        messages.append({"role": "user", "content": [toolbox.execute(b).result
                                                     for b in reply.content if b.type == "tool_use"]})
    return messages


def test_my_loop_that_never_sends_the_history_is_not_yet():
    """A loop whose requests carry the task only (the results never reach the model) is refused, named."""
    outcome = ex02.my_loop.evaluate(my_loop_sending_the_task_only)
    assert outcome.status == FAIL
    assert "request 2 with 1 message(s), but the history held 3" in outcome.message
    assert "messages=messages" in outcome.message


def test_my_loop_solution_passes():
    """The solution shown by solution() passes its own check."""
    outcome = ex02.my_loop.evaluate(defined_in(ex02.my_loop.solution_text, PRELUDE)["my_loop"])
    assert outcome.status == PASS, outcome.message


# The catalogue: plausible wrong answers (each rejected, the feedback naming its mistake) and right
# answers written differently from solution() (each accepted).

TOOLS = {"lookup": lambda key: None}
solution_validate = defined_in(ex02.validate.solution_text, PRELUDE)["validate"]


def validate_with(max_length=32, scope=True, exact_args=True, returns_false=False):
    """The solution's checks with one of them changed."""
    def validate(action, key):
        if not isinstance(action, dict) or action.get("type") != "tool" or action.get("name") not in TOOLS:
            if returns_false:
                return False
            raise ValueError("not a registered tool action")
        args = action.get("args")
        if not isinstance(args, dict) or (set(args) != {"key"} if exact_args else "key" not in args):
            raise ValueError("lookup takes one argument: key")
        if not isinstance(args["key"], str) or not 0 < len(args["key"]) <= max_length:
            raise ValueError("key must be a string of 1-32 characters")
        if scope and args["key"] != key:
            raise ValueError("outside the requested key")
    return validate


def validate_below_32(action, key):
    solution_validate(action, key)
    if len(action["args"]["key"]) >= 32:
        raise ValueError("key too long")


VALIDATE_WRONG = {
    "refuses a 32-character key (< 32)": (validate_below_32, ["refused a good proposal", "32 included"]),
    "accepts 33 characters": (validate_with(max_length=33), ["accepted a lookup with a 33-character key"]),
    "no scope check": (validate_with(scope=False), ["'design' when 'ai' was asked"]),
    "extra arguments allowed": (validate_with(exact_args=False), ["accepted a lookup with an extra argument"]),
    "returns False instead of raising": (validate_with(returns_false=True),
                                         ["validate returned False", "raise ValueError to refuse"]),
    "checks only the name": (validate_names_only, ["raised AttributeError", "action.get(\"name\")", "check the shape first"]),
}


class ProposalRefused(ValueError):
    """A ValueError of the participant's own."""


def validate_step_by_step(action, key):
    match action:
        case {"type": "tool", "name": str(name), "args": {"key": str(asked)} as args} if name in TOOLS and len(args) == 1:
            pass
        case _:
            raise ProposalRefused(f"not a lookup action: {action!r}")
    if not re.fullmatch(r".{1,32}", asked, re.DOTALL):
        raise ProposalRefused("the key must have 1 to 32 characters")
    if asked != key:
        raise ProposalRefused(f"asked for {asked!r}, not {key!r}")


def validate_with_a_list_of_problems(action, key):
    args = action.get("args") if isinstance(action, dict) else None
    problems = [
        not isinstance(action, dict),
        isinstance(action, dict) and (action.get("type"), str(action.get("name")) in TOOLS) != ("tool", True),
        not isinstance(args, dict) or list(args) != ["key"],
        isinstance(args, dict) and not (isinstance(args.get("key"), str) and 1 <= len(args["key"]) <= 32),
        isinstance(args, dict) and args.get("key") != key,
    ]
    if any(problems):
        raise ValueError(f"refused: problems {[i for i, p in enumerate(problems) if p]}")


def validate_scope_by_substring(action, key):  # second look
    validate_with(scope=False)(action, key)
    if key not in action["args"]["key"]:
        raise ValueError("outside the requested key")


def validate_ignoring_case(action, key):  # second look
    validate_with(scope=False)(action, key)
    if action["args"]["key"].lower() != str(key).lower():
        raise ValueError("outside the requested key")


def validate_with_asserts(action, key):  # second look
    assert isinstance(action, dict) and action.get("type") == "tool" and action.get("name") in TOOLS
    args = action.get("args")
    assert isinstance(args, dict) and set(args) == {"key"}
    assert isinstance(args["key"], str) and 0 < len(args["key"]) <= 32 and args["key"] == key


VALIDATE_WRONG.update({  # second look
    "scope by substring (key in args key)": (validate_scope_by_substring, ["accepted a lookup of 'aide' when 'ai'"]),
    "scope ignoring case": (validate_ignoring_case, ["accepted a lookup of 'AI' when 'ai'"]),
    "asserts instead of ValueError": (validate_with_asserts, ["raised AssertionError", "raise ValueError"]),
})


def validate_in_one_try(action, key):  # second look: lookups first, one except turning them into ValueError
    try:
        ok = (action["type"] == "tool" and action["name"] in TOOLS and list(action["args"]) == ["key"]
              and isinstance(action["args"]["key"], str) and 1 <= len(action["args"]["key"]) <= 32
              and action["args"]["key"] == key)
    except (KeyError, TypeError) as exc:
        raise ValueError("a malformed proposal") from exc
    if not ok:
        raise ValueError("refused")


class Validator:  # second look: an instance that gathers every problem
    def __init__(self, tools):
        self.tools = tools

    def __call__(self, action, key):
        if type(action) is not dict:
            raise ValueError("not a dict")
        name = action.get("name")
        problems = [] if action.get("type") == "tool" and isinstance(name, str) and name in self.tools else ["not a tool"]
        args = action.get("args")
        if type(args) is not dict or sorted(args) != ["key"]:
            problems.append("args")
        elif type(args["key"]) is not str or len(args["key"]) not in range(1, 33) or args["key"] != key:
            problems.append("key")
        if problems:
            raise ValueError(", ".join(problems))


def validate_set_of_args(action, key):
    """The solution, but set(args) == {"key"} stands for "a dict with one key": a list ['key'] passes it."""
    if not isinstance(action, dict) or action.get("type") != "tool" or action.get("name") not in TOOLS:
        raise ValueError("not a registered tool action")
    args = action.get("args") or {}
    if set(args) != {"key"}:
        raise ValueError("lookup takes one argument: key")
    if not isinstance(args["key"], str) or not 0 < len(args["key"]) <= 32 or args["key"] != key:
        raise ValueError("bad key")


def validate_reading_the_name(action, key):
    """The solution, but action["name"] read as if every tool action had one."""
    if not isinstance(action, dict) or action.get("type") != "tool" or action["name"] not in TOOLS:
        raise ValueError("not a registered tool action")
    solution_validate(action, key)


VALIDATE_WRONG["action['name'] read without a check"] = (validate_reading_the_name, [
    "a tool action with no name", "raised KeyError: 'name'", "check the shape first"])
VALIDATE_WRONG["args not checked to be a dict"] = (validate_set_of_args, ["args are a list", "raised TypeError",
                                                                          "check the shape first"])


VALIDATE_RIGHT = {"match statement, own ValueError subclass": validate_step_by_step,
                  "a list of problems": validate_with_a_list_of_problems,
                  "one try, lookups turned into ValueError": validate_in_one_try,  # second look
                  "an instance gathering problems": Validator(TOOLS)}  # second look


@pytest.mark.parametrize("name", VALIDATE_WRONG)
def test_validate_catalogue_wrong(name):
    """Each plausible wrong validate is not yet, and the feedback names its mistake."""
    answer, named = VALIDATE_WRONG[name]
    outcome = ex02.validate.evaluate(answer)
    assert outcome.status == FAIL
    for words in named:
        assert words in outcome.message, outcome.message


@pytest.mark.parametrize("name", VALIDATE_RIGHT)
def test_validate_catalogue_right(name):
    """Right validate functions written differently from the solution pass."""
    outcome = ex02.validate.evaluate(VALIDATE_RIGHT[name])
    assert outcome.status == PASS, outcome.message


def loop_with(store=lambda reply: reply.content, ends=lambda reply: reply.stop_reason != "tool_use",
              turns=lambda max_turns: range(max_turns), keep_reply=True, answer_unknown=True, sent=lambda results: results):
    """A loop like the solution, with one part changed."""
    def my_loop(client, task, toolbox, max_turns=10):
        messages = [{"role": "user", "content": task}]
        for _ in turns(max_turns):
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            if keep_reply:
                messages.append({"role": "assistant", "content": store(reply)})
            if ends(reply):
                break
            messages.append({"role": "user", "content": sent([
                toolbox.execute(b).result for b in reply.content
                if b.type == "tool_use" and (answer_unknown or b.name in toolbox)])})
        return messages
    return my_loop


MY_LOOP_WRONG = {
    "no cap": (my_loop_without_cap, ["stop at max_turns"]),
    "one tool call answered per turn": (my_loop_first_call_only, ["have no tool_result"]),
    "an empty user message after max_tokens": (loop_with(ends=lambda reply: reply.stop_reason == "end_turn"),
                                               ["empty content", "only after a reply whose stop_reason is 'tool_use'"]),
    "replies stored with model_dump()": (loop_with(store=lambda reply: [b.model_dump() for b in reply.content]),
                                         ["citations: null", "model_dump() writes every unset field as None",
                                          "append reply.content"]),
    "the reply not appended": (loop_with(keep_reply=False), ["the assistant reply that asked for those tools is missing"]),
    "one turn too many": (loop_with(turns=lambda max_turns: range(max_turns + 1)),
                          ["max_turns=3, your loop made 4 model calls; expected exactly 3"]),
    "no max_turns parameter": (lambda client, task, toolbox: [], ["could not be called", "max_turns",
                                                                   "keep the parameters"]),
    "unknown tools left unanswered": (loop_with(answer_unknown=False), ["no tool_result for the tool_use ids",
                                                                        "an unknown tool's too"]),
}


def loop_variant(split_results=False, keep=lambda reply: {"role": "assistant", "content": reply.content},
                 tools_after_first=True, turns=lambda max_turns: range(max_turns)):  # second look
    """The solution with one part changed, as a participant might write it."""
    def my_loop(client, task, toolbox, max_turns=10):
        messages = [{"role": "user", "content": task}]
        for turn in turns(max_turns):
            tools = {"tools": toolbox.to_api()} if turn == 0 or tools_after_first else {}
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, **tools)
            messages.append(keep(reply))
            if reply.stop_reason != "tool_use":
                break
            results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]
            messages.extend([{"role": "user", "content": [r]} for r in results] if split_results
                            else [{"role": "user", "content": results}])
        return messages
    return my_loop


MY_LOOP_WRONG.update({  # second look
    "one user message per result": (loop_variant(split_results=True), ["split one turn's tool results",
                                                                       "one message"]),
    "the Message itself appended": (loop_variant(keep=lambda reply: reply), ["the whole reply (a Message",
                                                                             "'content': reply.content"]),
    "only the reply's text kept": (loop_variant(keep=lambda reply: {"role": "assistant", "content": "".join(
        b.text for b in reply.content if b.type == "text") or "..."}),
        ["messages[1], the assistant's reply, as a text only", "'content': reply.content"]),
    "tools= on the first call only": (loop_variant(tools_after_first=False), ["request 2 without tools=",
                                                                             "on every call"]),
    "range(max_turns - 1)": (loop_variant(turns=lambda max_turns: range(max_turns - 1)),
                             ["max_turns=3, your loop made 2 model calls; expected exactly 3"]),
})


def loop_results_by_name(client, task, toolbox, max_turns=10):  # second look
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            break
        results = {b.name: toolbox.execute(b).result for b in reply.content if b.type == "tool_use"}
        messages.append({"role": "user", "content": list(results.values())})
    return messages


MY_LOOP_WRONG["results kept by tool name"] = (loop_results_by_name, [  # second look
    "have no tool_result", "by block.id, not by block.name"])


def loop_sending_the_result_as_text(client, task, toolbox, max_turns=10):
    """Wrong: each tool_result's content is the whole result dict written out, not what the tool gave."""
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            break
        results = []
        for block in (b for b in reply.content if b.type == "tool_use"):
            result = toolbox.execute(block).result
            results.append({"type": "tool_result", "tool_use_id": block.id, "content": str(result),
                            "is_error": result["is_error"]})
        messages.append({"role": "user", "content": results})
    return messages


MY_LOOP_WRONG["only the reply's tool calls kept"] = (loop_with(store=lambda reply: [
    b for b in reply.content if b.type == "tool_use"]), ["does not hold the answer", "17 * 3 = 51",
                                                         "its text blocks too"])


def loop_running_each_tool_twice(client, task, toolbox, max_turns=10):
    messages = [{"role": "user", "content": task}]
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            break
        messages.append({"role": "user", "content": results_run_twice(reply, toolbox)})
    return messages


MY_LOOP_WRONG["each tool run twice"] = (loop_running_each_tool_twice, [
    "ran the tools {'get_weather': 4, 'calculator': 2}", "run each tool_use once", "would act twice"])
MY_LOOP_WRONG["the result dict written out as its content"] = (loop_sending_the_result_as_text, [
    "your loop answered get_weather {'city': 'Lyon'} with the content \"{'type': 'tool_result'",
    "the tool gave 'Lyon: 21 °C, cloudy (simulated)'", "send toolbox.execute(block).result as it is"])


def loop_recursive(client, task, toolbox, max_turns=10, messages=None):  # second look
    messages = messages or [{"role": "user", "content": task}]
    if max_turns == 0:
        return messages
    reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
    messages = [*messages, {"role": "assistant", "content": reply.content}]
    if reply.stop_reason != "tool_use":
        return messages
    results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]
    return loop_recursive(client, task, toolbox, max_turns - 1, [*messages, {"role": "user", "content": results}])


class Agent:  # second look: a while True loop in a method, its own turn counter
    def __init__(self):
        self.turns = 0

    def run(self, client, task, toolbox, max_turns=10):
        history = [dict(role="user", content=task)]
        while True:
            if self.turns == max_turns:
                return history
            self.turns += 1
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=history, tools=toolbox.to_api())
            history += [dict(role="assistant", content=reply.content)]
            if reply.stop_reason != "tool_use":
                return history
            history += [dict(role="user", content=[toolbox.execute(b).result
                                                   for b in reply.content if b.type == "tool_use"])]


def loop_by_hand(client, task, toolbox, max_turns=10):
    messages, turn = [{"role": "user", "content": task}], 0
    while turn < max_turns:
        turn += 1
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": [b.to_dict() for b in reply.content]})
        calls = [b for b in reply.content if b.type == "tool_use"]
        if reply.stop_reason != "tool_use" or not calls:
            return messages
        results = []
        for block in reversed(calls):  # any order: the API matches results by id
            try:
                results.append({"type": "tool_result", "tool_use_id": block.id,
                                "content": str(toolbox[block.name](**block.input))})
            except Exception as exc:
                results.append({"type": "tool_result", "tool_use_id": block.id, "content": f"error: {exc}",
                                "is_error": True})
        messages.append({"role": "user", "content": results})
    return messages


MY_LOOP_RIGHT = {
    "while, to_dict(), hand-built results in reverse order": loop_by_hand,
    "model_dump(exclude_none=True)": loop_with(store=lambda reply: [b.model_dump(exclude_none=True)
                                                                    for b in reply.content]),
    "the whole reply's model_dump content": loop_with(
        store=lambda reply: reply.model_dump(exclude_none=True)["content"]),
    "recursive, a new list each turn": loop_recursive,  # second look
    "a method of a fresh Agent, while True": lambda client, task, toolbox, max_turns=10: Agent().run(
        client, task, toolbox, max_turns),  # second look
}


@pytest.mark.parametrize("name", MY_LOOP_WRONG)
def test_my_loop_catalogue_wrong(name):
    """Each plausible wrong loop is not yet, and the feedback names its mistake."""
    answer, named = MY_LOOP_WRONG[name]
    outcome = ex02.my_loop.evaluate(answer)
    assert outcome.status == FAIL
    for words in named:
        assert words in outcome.message, outcome.message


@pytest.mark.parametrize("name", MY_LOOP_RIGHT)
def test_my_loop_catalogue_right(name):
    """Right loops written differently from the solution pass."""
    outcome = ex02.my_loop.evaluate(MY_LOOP_RIGHT[name])
    assert outcome.status == PASS, outcome.message


@pytest.mark.parametrize("odd", ODD_ANSWERS)
@pytest.mark.parametrize("exercise", [ex02.validate, ex02.my_loop], ids=lambda e: e.title.split(" — ")[0])
def test_odd_answers_are_not_yet_never_an_internal_error(exercise, odd):
    """An answer of the wrong kind is 'not yet' with a message of the check's, never the check's own crash."""
    outcome = exercise.evaluate(ODD_ANSWERS[odd])
    assert outcome.status == FAIL
    assert "internal error" not in outcome.message


def validate_reading_the_key_first(action, key):
    """Wrong: tests that args has no other key than 'key', then reads args['key']: empty args raise KeyError."""
    if not isinstance(action, dict) or action.get("type") != "tool" or action.get("name") != "lookup":
        raise ValueError("not a lookup")
    args = action.get("args")
    if not isinstance(args, dict) or set(args) - {"key"}:
        raise ValueError("lookup takes one argument: key")
    if not isinstance(args["key"], str) or not 0 < len(args["key"]) <= 32 or args["key"] != key:
        raise ValueError("bad key")


def validate_stripping_the_key(action, key):
    """Wrong: compares the stripped key, so ' ai' passes though lookup then runs with ' ai'."""
    if not isinstance(action, dict) or action.get("type") != "tool" or action.get("name") != "lookup":
        raise ValueError("not a lookup")
    args = action.get("args")
    if not isinstance(args, dict) or set(args) != {"key"} or not isinstance(args["key"], str):
        raise ValueError("lookup takes one argument: key")
    if not 0 < len(args["key"].strip()) <= 32 or args["key"].strip() != key:
        raise ValueError("bad key")


@pytest.mark.parametrize("answer, words", [
    (validate_reading_the_key_first, ["args are empty", "KeyError", "raise ValueError"]),
    (validate_stripping_the_key, ["' ai' (a space first)", "must raise ValueError"])])
def test_validate_refuses_empty_args_and_a_padded_key(answer, words):
    """Empty args must be refused with ValueError, not a KeyError; a key with a space is not the requested key."""
    outcome = ex02.validate.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


def test_my_loop_that_runs_a_cut_tool_call_is_not_yet():
    """A loop that goes on whenever the reply holds a tool_use block runs a call cut by max_tokens: not yet."""
    answer = loop_with(ends=lambda reply: not any(b.type == "tool_use" for b in reply.content))
    outcome = ex02.my_loop.evaluate(answer)
    assert outcome.status == FAIL and "a cut tool call is incomplete, never run it" in outcome.message, outcome.message


def test_my_loop_that_drops_the_text_beside_tool_calls_is_not_yet():
    """A loop that keeps only the tool_use blocks of a reply that also said something loses that text: not yet."""
    answer = loop_with(store=lambda reply: [b for b in reply.content if b.type == "tool_use"] or reply.content)
    outcome = ex02.my_loop.evaluate(answer)
    assert outcome.status == FAIL, outcome.message
    assert "the model's reply there was the blocks ['text', 'tool_use', 'tool_use', 'tool_use']" in outcome.message


def test_my_loop_keeping_replies_as_dicts_passes():
    """Each reply kept as the dicts of block.to_dict(): the same reply, so correct."""
    outcome = ex02.my_loop.evaluate(loop_with(store=lambda reply: [b.to_dict() for b in reply.content]))
    assert outcome.status == PASS, outcome.message


# A loop that flags a failed call is_error but sends no text with it.
loop_hiding_why_a_call_failed = loop_with(sent=lambda results: [r | {"content": ""} if r["is_error"] else r
                                                                for r in results])


def test_my_loop_sending_an_error_without_its_text_is_not_yet():
    """An is_error result with an empty content: the model cannot tell what went wrong; not yet."""
    outcome = ex02.my_loop.evaluate(loop_hiding_why_a_call_failed)
    assert outcome.status == FAIL, outcome.message
    assert "is_error True and no text" in outcome.message, outcome.message


def loop_keeping_results(client, task, toolbox, max_turns=10):
    """A loop that sends a repeated call the result it kept from an earlier turn."""
    messages, kept = [{"role": "user", "content": task}], {}
    for _ in range(max_turns):
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            break
        results = []
        for b in (b for b in reply.content if b.type == "tool_use"):
            kept.setdefault((b.name, repr(sorted(b.input.items()))), toolbox.execute(b).result)
            results.append(kept[(b.name, repr(sorted(b.input.items())))] | {"tool_use_id": b.id})
        messages.append({"role": "user", "content": results})
    return messages


def test_my_loop_answering_a_repeated_call_from_before_is_not_yet():
    """A call that failed, asked again: the loop must run it again, not send the kept error; not yet."""
    outcome = ex02.my_loop.evaluate(loop_keeping_results)
    assert outcome.status == FAIL, outcome.message
    assert "a tool that fails once" in outcome.message and "keep no result from an earlier turn" in outcome.message
