"""Exercises of notebook 00: first_text and total_tokens say not attempted, not yet and correct."""

from solutions import defined_in

from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex00


def first_text_starter(message):
    raise NotImplementedError


def first_text_right(message):
    for block in message.content:
        if block.type == "text":
            return block.text
    return ""


def total_tokens_starter(message):
    raise NotImplementedError


def total_tokens_right(message):
    usage = message.usage
    return (usage.input_tokens + usage.output_tokens + (usage.cache_creation_input_tokens or 0)
            + (usage.cache_read_input_tokens or 0))


def test_first_text_unattempted():
    """`...` and the starter that raises NotImplementedError are not attempted."""
    assert ex00.first_text.evaluate(...).status == UNATTEMPTED
    assert ex00.first_text.evaluate(first_text_starter).status == UNATTEMPTED


def test_first_text_that_assumes_a_text_block_first_is_not_yet():
    """Reading content[0].text fails on a reply that starts with a tool_use block."""
    outcome = ex00.first_text.evaluate(lambda message: message.content[0].text)
    assert outcome.status == FAIL
    assert "ToolUseBlock" in outcome.message


def test_first_text_that_joins_every_text_block_is_not_yet():
    """Joining all text blocks is wrong on a reply with two of them, and the message shows both."""
    outcome = ex00.first_text.evaluate(
        lambda message: "".join(b.text for b in message.content if b.type == "text"))
    assert outcome.status == FAIL
    assert "'First block.Second block.'" in outcome.message
    assert "expected 'First block.'" in outcome.message


def test_first_text_right_answer_passes():
    """The loop that returns the first text block, or '' when none, passes."""
    assert ex00.first_text.evaluate(first_text_right).status == PASS


def test_first_text_not_a_function_is_not_yet():
    """Passing something that is not a function says to pass the function."""
    outcome = ex00.first_text.evaluate("first_text")
    assert outcome.status == FAIL
    assert "pass your function itself" in outcome.message


def test_total_tokens_unattempted():
    """`...` and the starter are not attempted."""
    assert ex00.total_tokens.evaluate(...).status == UNATTEMPTED
    assert ex00.total_tokens.evaluate(total_tokens_starter).status == UNATTEMPTED


def test_total_tokens_without_cache_counts_is_not_yet():
    """input + output only misses the cached tokens, and the message says so."""
    outcome = ex00.total_tokens.evaluate(lambda m: m.usage.input_tokens + m.usage.output_tokens)
    assert outcome.status == FAIL
    assert "cache_read_input_tokens=" in outcome.message
    assert "the cached tokens count too" in outcome.message


def test_total_tokens_that_breaks_on_none_is_not_yet():
    """Adding the cache counts without `or 0` raises on a usage whose counts are None."""
    outcome = ex00.total_tokens.evaluate(
        lambda m: m.usage.input_tokens + m.usage.output_tokens
        + m.usage.cache_creation_input_tokens + m.usage.cache_read_input_tokens)
    assert outcome.status == FAIL
    assert "TypeError" in outcome.message


def test_total_tokens_right_answer_passes():
    """The sum of the four counts, None as 0, passes."""
    assert ex00.total_tokens.evaluate(total_tokens_right).status == PASS




def test_solutions_shown_by_solution_pass(capsys):
    """The code that solution() prints is itself a right answer."""
    for exercise in (ex00.first_text, ex00.total_tokens):
        exercise.solution()
        code = capsys.readouterr().out.split("\n", 1)[1]
        (answer,) = defined_in(code).values()
        assert exercise.evaluate(answer).status == PASS
