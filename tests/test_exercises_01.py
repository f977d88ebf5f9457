"""Exercises of notebook 01: word_count and answer_tool_calls say not attempted, not yet and correct."""

import re

import pytest
from solutions import ODD_ANSWERS, defined_in

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
    assert "your code raised KeyError: 'get_time' (test_exercises_01.py line" in outcome.message
    assert "must become an is_error tool_result" in outcome.message


def test_answer_tool_calls_in_reverse_order_passes():
    """Results in another order, each with its block's id, are right: the API matches them by id."""
    def reversed_order(message, toolbox):
        blocks = [b for b in message.content if b.type == "tool_use"][::-1]
        return {"role": "user", "content": [toolbox.execute(b).result for b in blocks]}

    outcome = ex01.answer_tool_calls.evaluate(reversed_order)
    assert outcome.status == PASS, outcome.message
    assert "in another order (the API matches them by id)" in outcome.message


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


# The catalogue: plausible wrong answers (each rejected, the feedback naming its mistake) and right
# answers written differently from solution() (each accepted).

def documented(fn):
    fn.__doc__ = "Count the words in a text.\n\n    Args:\n        text: The text.\n    "
    return fn


@tool
@documented
def count_words(text: str) -> int:
    return len(text.split())


@tool(name="word_count")
@documented
def word_count_with_default(text: str = "") -> int:
    return len(text.split())


@tool(name="word_count")
@documented
def word_count_of_characters(text: str) -> int:
    return len(text)


@tool(name="word_count")
def word_count_of_s(s: str) -> int:
    """Count the words in a text.

    Args:
        s: The text.
    """
    return len(s.split())


@tool(name="word_count")
@documented
def word_count_one_space(text: str) -> int:
    return len(text.split(" "))


@tool(name="word_count")
@documented
def word_count_refusing_empty(text: str) -> int:
    if not text:
        raise ValueError("no text")
    return len(text.split())


WORD_COUNT_WRONG = {
    "fails on an empty text": (word_count_refusing_empty, ["word_count(text='') failed when the Toolbox ran it",
                                                           "ValueError: no text", "the empty one"]),
    "no @tool": (lambda text: len(text.split()), ["put @tool"]),
    "named count_words": (count_words, ["name the function word_count"]),
    "parameter called s": (word_count_of_s, ["the parameter must be called text"]),
    "text has a default": (word_count_with_default, ["give it no default value"]),
    "counts characters": (word_count_of_characters, ["expected '4'"]),
    "splits on one space": (word_count_one_space, ["expected '3'", "str.split() with no argument"]),
}


@tool(name="word_count")
@documented
def word_count_spaces_plus_one(text: str) -> int:  # second look
    return text.count(" ") + 1


@tool(name="word_count")
@documented
def word_count_the_words(text: str) -> list:  # second look
    return text.split()


@tool(name="word_count")
@documented
def word_count_of_letter_runs(text: str) -> int:
    return len(re.findall(r"\w+", text))


@tool(name="word_count")
@documented
def word_count_of_different_words(text: str) -> int:
    return len(set(text.split()))


WORD_COUNT_WRONG["different words only"] = (word_count_of_different_words, [
    "word_count(text='to be or not to be')", "content '4'", "expected '6'", "not the different ones"])


WORD_COUNT_WRONG.update({  # second look
    "runs of letters (\\w+): it's and well-known count twice": (word_count_of_letter_runs, [
        "word_count(text=\"it's a well-known fact\")", "gave the tool_result content '6'", "expected '4'"]),
    "spaces + 1": (word_count_spaces_plus_one, ["gave the tool_result content '8'", "expected '3'"]),
    "returns the list of words": (word_count_the_words, ["'[\"the\", \"quick\"", "expected '4'"]),
})


@tool(name="word_count")
@documented
def word_count_keyword_only(*, text: str) -> int:  # second look
    return len(text.split())


@tool(name="word_count")
def regex_count(text: str) -> str:
    """Count the words of `text`: runs of characters that are not whitespace.

    Args:
        text: Any text, possibly empty.
    """
    return str(len(re.findall(r"\S+", text)))


@tool
def word_count(text: str) -> int:
    """How many words a text holds.

    Args:
        text: The text to count. Words are separated by whitespace.

    Returns:
        The number of words.
    """
    return sum(1 for _ in text.split())


WORD_COUNT_RIGHT = {"a regex, named by @tool(name=...), returning a str": regex_count,
                    "a generator, with a Returns: section": word_count,
                    "a keyword-only parameter": word_count_keyword_only}  # second look


@pytest.mark.parametrize("name", WORD_COUNT_WRONG)
def test_word_count_catalogue_wrong(name):
    """Each plausible wrong word_count is not yet, and the feedback names its mistake."""
    answer, named = WORD_COUNT_WRONG[name]
    outcome = ex01.word_count.evaluate(answer)
    assert outcome.status == FAIL
    for words in named:
        assert words in outcome.message, outcome.message


@pytest.mark.parametrize("name", WORD_COUNT_RIGHT)
def test_word_count_catalogue_right(name):
    """Right word_count tools written differently from the solution pass."""
    outcome = ex01.word_count.evaluate(WORD_COUNT_RIGHT[name])
    assert outcome.status == PASS, outcome.message


def by_hand(on_error=True, id_of=lambda block, message: block.id, skip_failures=False):
    """A hand-written answer_tool_calls: try the tool, build the tool_result dict itself."""
    def answer_tool_calls(message, toolbox):
        results = []
        for block in message.content:
            if block.type != "tool_use":
                continue
            try:
                output = toolbox[block.name](**block.input)
                results.append({"type": "tool_result", "tool_use_id": id_of(block, message),
                                "content": str(output)})
            except Exception as exc:
                if skip_failures:
                    continue
                result = {"type": "tool_result", "tool_use_id": id_of(block, message),
                          "content": f"Error: {type(exc).__name__}: {exc}"}
                if on_error:
                    result["is_error"] = True
                results.append(result)
        return {"role": "user", "content": results}
    return answer_tool_calls


def answer_every_block(message, toolbox):
    return {"role": "user", "content": [toolbox.execute(b).result for b in message.content]}


def answer_first_call(message, toolbox):
    first = next(b for b in message.content if b.type == "tool_use")
    return {"role": "user", "content": [toolbox.execute(first).result]}


def answer_with_a_note(message, toolbox):
    results = [toolbox.execute(b).result for b in message.content if b.type == "tool_use"]
    return {"role": "user", "content": [*results, {"type": "text", "text": "Here are the results."}]}


ANSWER_TOOL_CALLS_WRONG = {
    "a bare list": (lambda m, tb: [tb.execute(b).result for b in m.content if b.type == "tool_use"],
                    ["role 'user'"]),
    "a result for text blocks too": (answer_every_block, ["a result with no id", "only tool_use blocks get a result"]),
    "only the first call": (answer_first_call, ["unanswered", "one tool_result per tool_use block"]),
    "the message id as tool_use_id": (by_hand(id_of=lambda block, message: message.id),
                                      ["match no tool_use block", "carrying that block's id"]),
    "errors without is_error": (by_hand(on_error=False), ["is_error=None", "is_error: True"]),
    "failed calls left out": (by_hand(skip_failures=True), ["unanswered"]),
    "a note after the results": (answer_with_a_note, ["send only tool_result blocks"]),
    "the ToolOutcome, not its .result": (lambda m, tb: {"role": "user", "content": [
        tb.execute(b) for b in m.content if b.type == "tool_use"]}, ["its .result is the tool_result dict"]),
}


def results_by_tool_name(message, toolbox):  # second look
    results = {b.name: toolbox.execute(b).result for b in message.content if b.type == "tool_use"}
    return {"role": "user", "content": list(results.values())}


def results_without_type(message, toolbox):  # second look
    return {"role": "user", "content": [{"tool_use_id": b.id, "content": toolbox.execute(b).result["content"]}
                                        for b in message.content if b.type == "tool_use"]}


def ids_by_position(message, toolbox):  # second look: results sorted by tool name, ids in the reply's order
    uses = [b for b in message.content if b.type == "tool_use"]
    results = [toolbox.execute(b).result for b in sorted(uses, key=lambda b: b.name)]
    return {"role": "user", "content": [{**r, "tool_use_id": b.id} for r, b in zip(results, uses, strict=True)]}


def is_error_as_text(message, toolbox):  # second look
    results = [toolbox.execute(b).result for b in message.content if b.type == "tool_use"]
    return {"role": "user", "content": [{**r, "is_error": str(r["is_error"]).lower()} for r in results]}


ANSWER_TOOL_CALLS_WRONG.update({  # second look
    "results kept by tool name": (results_by_tool_name, ["get_weather twice", "unanswered",
                                                         "by block.id, not by block.name"]),
    "no 'type' in the results": (results_without_type, ["which has no type", "'type': 'tool_result'"]),
    "ids given by position": (ids_by_position, ["is '96'", "the id of the block it answers"]),
    "is_error as a str": (is_error_as_text, ["is_error='false'", "is_error is a bool"]),
})


def catching_key_error_only(message, toolbox):  # second look
    results = []
    for block in (b for b in message.content if b.type == "tool_use"):
        try:
            results.append({"type": "tool_result", "tool_use_id": block.id,
                            "content": str(toolbox[block.name](**block.input))})
        except KeyError:
            results.append({"type": "tool_result", "tool_use_id": block.id, "content": "unknown tool",
                            "is_error": True})
    return {"role": "user", "content": results}


def swallowing_errors(message, toolbox):  # second look
    results = []
    for block in (b for b in message.content if b.type == "tool_use"):
        try:
            text = str(toolbox[block.name](**block.input))
        except Exception:
            text = ""
        results.append({"type": "tool_result", "tool_use_id": block.id, "content": text})
    return {"role": "user", "content": results}


ANSWER_TOOL_CALLS_WRONG.update({  # second look
    "the tool's name added to each result": (lambda m, tb: {"role": "user", "content": [
        {**tb.execute(b).result, "name": b.name} for b in m.content if b.type == "tool_use"]},
        ["the field(s) ['name']", "which the API refuses in a tool_result"]),
    "errors caught as KeyError only": (catching_key_error_only, ["raised TypeError", "unexpected keyword argument 'town'",
                                                                 "must become an is_error tool_result"]),
    "exceptions swallowed into ''": (swallowing_errors, ["is_error=None and content ''", "is_error: True"]),
})


def running_each_call_twice(message, toolbox):
    """Wrong: toolbox.execute(block) once for the content, once more for is_error, so every tool runs twice."""
    return {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": b.id, "content": toolbox.execute(b).result["content"],
         "is_error": toolbox.execute(b).result["is_error"]} for b in message.content if b.type == "tool_use"]}


ANSWER_TOOL_CALLS_WRONG["each call run twice"] = (running_each_call_twice, [
    "ran get_weather 2 times for 1 call(s)", "run each tool_use once", "would act twice"])


class Memoising:
    """Wrong: keeps each result by (name, input) across replies, so a call seen before is not run again."""

    def __init__(self):
        self.seen = {}

    def __call__(self, message, toolbox):
        results = []
        for b in (b for b in message.content if b.type == "tool_use"):
            key = (b.name, repr(sorted(b.input.items())))
            if key not in self.seen:
                self.seen[key] = toolbox.execute(b).result
            results.append({**self.seen[key], "tool_use_id": b.id})
        return {"role": "user", "content": results}


ANSWER_TOOL_CALLS_WRONG["results kept across replies"] = (Memoising(), [
    "ran get_weather 0 time(s) for 2 call(s)", "run every tool_use of this reply", "may be stale"])


class ResultsById:  # second look: an instance, results kept by id, sent in reverse id order
    def __call__(self, message, toolbox):
        by_id = {b.id: toolbox.execute(b).result for b in message.content if getattr(b, "type", None) == "tool_use"}
        return dict(role="user", content=[by_id[i] for i in sorted(by_id, reverse=True)])


def outcome_as_text_blocks(message, toolbox):
    content = []
    for block in message.content:
        if block.type == "tool_use":
            outcome = toolbox.execute(block)
            result = {"type": "tool_result", "tool_use_id": block.id,
                      "content": [{"type": "text", "text": outcome.result["content"]}]}
            if outcome.result["is_error"]:
                result["is_error"] = True
            content.append(result)
    return {"role": "user", "content": content}


ANSWER_TOOL_CALLS_RIGHT = {
    "by hand, try/except, its own error wording": by_hand(),
    "reversed order, ids matched": lambda m, tb: {"role": "user", "content": [
        tb.execute(b).result for b in reversed(m.content) if b.type == "tool_use"]},
    "list content, is_error only when it failed": outcome_as_text_blocks,
    "an instance, a dict by id, reverse id order": ResultsById(),  # second look
}


@pytest.mark.parametrize("name", ANSWER_TOOL_CALLS_WRONG)
def test_answer_tool_calls_catalogue_wrong(name):
    """Each plausible wrong answer_tool_calls is not yet, and the feedback names its mistake."""
    answer, named = ANSWER_TOOL_CALLS_WRONG[name]
    outcome = ex01.answer_tool_calls.evaluate(answer)
    assert outcome.status == FAIL
    for words in named:
        assert words in outcome.message, outcome.message


@pytest.mark.parametrize("name", ANSWER_TOOL_CALLS_RIGHT)
def test_answer_tool_calls_catalogue_right(name):
    """Right answers written differently from the solution pass, hand-built tool_results included."""
    outcome = ex01.answer_tool_calls.evaluate(ANSWER_TOOL_CALLS_RIGHT[name])
    assert outcome.status == PASS, outcome.message


@pytest.mark.parametrize("odd", ODD_ANSWERS)
@pytest.mark.parametrize("exercise", [ex01.word_count, ex01.answer_tool_calls], ids=lambda e: e.title.split(" — ")[0])
def test_odd_answers_are_not_yet_never_an_internal_error(exercise, odd):
    """An answer of the wrong kind is 'not yet' with a message of the check's, never the check's own crash."""
    outcome = exercise.evaluate(ODD_ANSWERS[odd])
    assert outcome.status == FAIL
    assert "internal error" not in outcome.message


def on_spaces_and_lines():
    """Wrong: counts the words between spaces and line breaks, so a tab joins two words into one."""
    @tool
    def word_count(text: str) -> int:
        """Count the words in a text (words are separated by spaces or line breaks).

        Args:
            text: The text whose words to count.
        """
        return len([word for word in re.split(r"[ \n]+", text) if word])
    return word_count


def test_word_count_splits_on_tabs_too():
    """A word count that splits on spaces and line breaks only is Not yet: a tab separates words too."""
    outcome = ex01.word_count.evaluate(on_spaces_and_lines())
    assert outcome.status == FAIL
    assert "\\tcity" in outcome.message and "splits on any whitespace" in outcome.message, outcome.message


def answer_with_inputs_as_text(message, toolbox):
    """Runs every call, but turns each input value into a str first, so a wrong type passes the schema."""
    results = [toolbox.execute({"id": b.id, "name": b.name, "input": {k: str(v) for k, v in b.input.items()}}).result
               for b in message.content if b.type == "tool_use"]
    return {"role": "user", "content": results}


def test_answer_tool_calls_that_rewrites_the_input_is_not_yet():
    """An input of the wrong type (city: 42) must come back as an is_error result, not be made to fit."""
    outcome = ex01.answer_tool_calls.evaluate(answer_with_inputs_as_text)
    assert outcome.status == FAIL, outcome.message
    assert "city: 42" in outcome.message and "is_error: True" in outcome.message, outcome.message
