"""Exercises of notebook 02: validate and my_loop say not attempted, not yet and correct."""

from solutions import defined_in

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
    assert "validate raised AttributeError" in outcome.message


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


def test_my_loop_solution_passes():
    """The solution shown by solution() passes its own check."""
    outcome = ex02.my_loop.evaluate(defined_in(ex02.my_loop.solution_text, PRELUDE)["my_loop"])
    assert outcome.status == PASS, outcome.message
