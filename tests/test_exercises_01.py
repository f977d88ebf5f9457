"""Exercises of notebook 01: word_count and answer_tool_calls say not attempted, not yet and correct."""

from solutions import defined_in

from looplab import tool
from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex01


@tool(name="word_count")
def word_count_right(text: str) -> int:
    """Count the words in a text.

    Args:
        text: The text whose words to count.
    """
    return len(text.split())


def answer_tool_calls_starter(message, toolbox):
    raise NotImplementedError


def answer_tool_calls_right(message, toolbox):
    results = [toolbox.execute(b).result for b in message.content if b.type == "tool_use"]
    return {"role": "user", "content": results}


PRELUDE = "from looplab import tool\n"


def test_word_count_unattempted():
    """`...` is not attempted (the starter cell leaves word_count = ...)."""
    assert ex01.word_count.evaluate(...).status == UNATTEMPTED


def test_word_count_without_decorator_is_not_yet():
    """A plain function, not a Tool, is told to use @tool."""
    outcome = ex01.word_count.evaluate(lambda text: len(text.split()))
    assert outcome.status == FAIL
    assert "put @tool" in outcome.message


def test_word_count_without_parameter_description_is_not_yet():
    """A docstring with no Args: line leaves 'text' undescribed, and the check says how to fix it."""
    @tool
    def word_count(text: str) -> int:
        """Count the words in a text."""
        return len(text.split())

    outcome = ex01.word_count.evaluate(word_count)
    assert outcome.status == FAIL
    assert "'Args:' section" in outcome.message


def test_word_count_with_wrong_type_is_not_yet():
    """Annotating text as a list gives the model the wrong type."""
    @tool
    def word_count(text: list[str]) -> int:
        """Count the words.

        Args:
            text: The words.
        """
        return len(text)

    outcome = ex01.word_count.evaluate(word_count)
    assert outcome.status == FAIL
    assert "annotate it `text: str`" in outcome.message


def test_word_count_splitting_on_one_space_is_not_yet():
    """split(' ') miscounts runs of spaces and line breaks; the result is shown."""
    @tool
    def word_count(text: str) -> int:
        """Count the words.

        Args:
            text: The text.
        """
        return len(text.split(" "))

    outcome = ex01.word_count.evaluate(word_count)
    assert outcome.status == FAIL
    assert "expected '3'" in outcome.message


def test_word_count_right_answer_passes():
    """A documented @tool with text: str that counts with split() passes."""
    assert ex01.word_count.evaluate(word_count_right).status == PASS


def test_answer_tool_calls_unattempted():
    """`...` and the starter are not attempted."""
    assert ex01.answer_tool_calls.evaluate(...).status == UNATTEMPTED
    assert ex01.answer_tool_calls.evaluate(answer_tool_calls_starter).status == UNATTEMPTED


def test_answer_tool_calls_with_a_lookup_crashes_on_unknown_tool():
    """Looking the tool up by name raises KeyError on the unknown tool; reported, not crashed."""
    def by_lookup(message, toolbox):
        return {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b.id, "content": str(toolbox[b.name](**b.input))}
            for b in message.content if b.type == "tool_use"]}

    outcome = ex01.answer_tool_calls.evaluate(by_lookup)
    assert outcome.status == FAIL
    assert "KeyError" in outcome.message


def test_answer_tool_calls_in_reverse_order_is_not_yet():
    """Results in the wrong order are caught by their ids."""
    def reversed_order(message, toolbox):
        blocks = [b for b in message.content if b.type == "tool_use"][::-1]
        return {"role": "user", "content": [toolbox.execute(b).result for b in blocks]}

    outcome = ex01.answer_tool_calls.evaluate(reversed_order)
    assert outcome.status == FAIL
    assert "match the ids" in outcome.message


def test_answer_tool_calls_that_answers_text_blocks_is_not_yet():
    """A result for every block, text included, is one too many."""
    def every_block(message, toolbox):
        return {"role": "user", "content": [toolbox.execute(b).result for b in message.content]}

    outcome = ex01.answer_tool_calls.evaluate(every_block)
    assert outcome.status == FAIL
    assert "one tool_result per tool_use block" in outcome.message


def test_answer_tool_calls_returning_a_bare_list_is_not_yet():
    """The list of results alone is not a message: the role is missing."""
    outcome = ex01.answer_tool_calls.evaluate(
        lambda m, tb: [tb.execute(b).result for b in m.content if b.type == "tool_use"])
    assert outcome.status == FAIL
    assert "role 'user'" in outcome.message


def test_answer_tool_calls_right_answer_passes():
    """toolbox.execute on each tool_use block, in order, wrapped in a user message, passes."""
    assert ex01.answer_tool_calls.evaluate(answer_tool_calls_right).status == PASS


def test_solutions_shown_by_solution_pass(capsys):
    """The code that solution() prints is itself a right answer."""
    for exercise in (ex01.word_count, ex01.answer_tool_calls):
        exercise.solution()
        code = capsys.readouterr().out.split("\n", 1)[1]
        (answer,) = defined_in(code, PRELUDE).values()
        assert exercise.evaluate(answer).status == PASS
