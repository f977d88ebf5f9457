"""Exercises of notebook 00: first_text and total_tokens say not attempted, not yet and correct."""

import pytest
from anthropic.types import TextBlock
from solutions import ODD_ANSWERS, defined_in

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
    assert "add cache_creation_input_tokens too" in outcome.message


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


# The catalogue: plausible wrong answers (each rejected, the feedback naming its mistake) and right
# answers written differently from solution() (each accepted).

def first_text_last_block(message):
    text = ""
    for block in message.content:
        if block.type == "text":
            text = block.text
    return text


def first_text_none_when_no_text(message):
    for block in message.content:
        if block.type == "text":
            return block.text


def first_text_the_block(message):
    for block in message.content:
        if block.type == "text":
            return block
    return ""


def first_text_of_any_block_but_tool_use(message):
    for block in message.content:
        if block.type != "tool_use":
            return block.text
    return ""


FIRST_TEXT_WRONG = {
    "the first block that is not a tool_use": (first_text_of_any_block_but_tool_use, [
        "a reply that starts with a thinking block", "ThinkingBlock", "block.type == 'text'"]),
    "content[0].text": (lambda m: m.content[0].text, ["ToolUseBlock", "check block.type"]),
    "joins every text block": (lambda m: "".join(b.text for b in m.content if b.type == "text"),
                               ["first text block only"]),
    "keeps the last text block": (first_text_last_block, ["'Second block.'", "first text block only"]),
    "None when no text": (first_text_none_when_no_text, ["return '' after the loop"]),
    "returns the block, not its text": (first_text_the_block, ["block.text, a str"]),
}


def first_text_by_list(message):
    texts = [block.text for block in message.content if isinstance(block, TextBlock)]
    return texts[0] if texts else ""


# second look: more wrong answers a participant may write

def first_text_else_return(message):
    for block in message.content:
        if block.type == "text":
            return block.text
        else:
            return ""


FIRST_TEXT_WRONG.update({  # second look
    "'' returned in the else of the first block": (first_text_else_return,
                                                   ["first block is a tool_use", "you returned ''"]),
    "message.text": (lambda m: m.text, ["'Message' object has no attribute 'text'", "message.content, a list"]),
    "a list of texts": (lambda m: [b.text for b in m.content if b.type == "text"], ["not a list"]),
    "next() with no default": (lambda m: next(b.text for b in m.content if b.type == "text"),
                               ["only a tool_use block", "StopIteration", "next(..., '')"]),
})


FIRST_TEXT_WRONG["the first block's text, or ''"] = (
    lambda m: m.content[0].text if m.content[0].type == "text" else "",
    ["first block is a tool_use", "you returned ''", "look at every block, not only the first"])


def first_text_while(message):  # second look
    i = 0
    while i < len(message.content):
        if message.content[i].type == "text":
            return message.content[i].text
        i += 1
    return ""


FIRST_TEXT_RIGHT = {
    "next() over a generator": lambda m: next((b.text for b in m.content if b.type == "text"), ""),
    "a list of texts, isinstance TextBlock": first_text_by_list,
    "getattr with a default": lambda m: next(filter(None, (getattr(b, "text", None) for b in m.content)), ""),
    # second look
    "a while loop over indexes": first_text_while,
    "the first of the dict's texts": lambda m: "".join(
        [b["text"] for b in m.to_dict()["content"] if b["type"] == "text"][:1]),
}


@pytest.mark.parametrize("name", FIRST_TEXT_WRONG)
def test_first_text_catalogue_wrong(name):
    """Each plausible wrong first_text is not yet, and the feedback names its mistake."""
    answer, named = FIRST_TEXT_WRONG[name]
    outcome = ex00.first_text.evaluate(answer)
    assert outcome.status == FAIL
    for words in named:
        assert words in outcome.message, outcome.message


@pytest.mark.parametrize("name", FIRST_TEXT_RIGHT)
def test_first_text_catalogue_right(name):
    """Right first_text answers written differently from the solution pass."""
    outcome = ex00.first_text.evaluate(FIRST_TEXT_RIGHT[name])
    assert outcome.status == PASS, outcome.message


def total_without(*left_out):
    def total_tokens(message):
        return sum(getattr(message.usage, name) or 0 for name in ex00.COUNTS if name not in left_out)
    return total_tokens


TOTAL_TOKENS_WRONG = {
    "input + output only": (total_without("cache_creation_input_tokens", "cache_read_input_tokens"),
                            ["wrote its system prompt to the cache", "add cache_creation_input_tokens too"]),
    "without cache writes": (total_without("cache_creation_input_tokens"),
                             ["wrote its system prompt to the cache", "add cache_creation_input_tokens too"]),
    "without cache reads": (total_without("cache_read_input_tokens"),
                            ["read its system prompt from the cache", "add cache_read_input_tokens too"]),
    "None not counted as 0": (lambda m: m.usage.input_tokens + m.usage.output_tokens
                              + m.usage.cache_creation_input_tokens + m.usage.cache_read_input_tokens,
                              ["TypeError", "no cache counts (None)", "`usage.x or 0`"]),
    "output tokens only": (lambda m: m.usage.output_tokens, ["you returned", "expected"]),
}


def total_tokens_or_chain(message):  # second look
    usage = message.usage
    return usage.input_tokens + usage.output_tokens + (usage.cache_creation_input_tokens
                                                       or usage.cache_read_input_tokens or 0)


def total_tokens_larger_cache_count(message):  # second look
    usage = message.usage
    return (usage.input_tokens + usage.output_tokens
            + max(usage.cache_creation_input_tokens or 0, usage.cache_read_input_tokens or 0))


TOTAL_TOKENS_WRONG.update({  # second look
    "one cache count, `a or b or 0`": (total_tokens_or_chain, ["read the system prompt from the cache and wrote",
                                                               "add cache_read_input_tokens too"]),
    "the larger cache count": (total_tokens_larger_cache_count, ["read the system prompt from the cache and wrote",
                                                                 "add cache_read_input_tokens too"]),
    "an f-string": (lambda m: f"{total_without()(m)}", ["you returned '9'", "not a str"]),
})


def total_of_every_number(message):
    """Wrong: adds every number of the usage, usage.cache_creation's breakdown too."""
    def total(value):
        return sum(map(total, value.values())) if isinstance(value, dict) else value if isinstance(value, int) else 0
    return total(message.usage.model_dump())


TOTAL_TOKENS_WRONG["every number of the usage, nested ones too"] = (total_of_every_number, [
    "wrote its system prompt to the cache", "usage.cache_creation splits", "counts those tokens twice"])


class TokenCounter:  # second look
    fields = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")

    def __call__(self, message):
        return sum(filter(None, (getattr(message.usage, name) for name in self.fields)))


def total_tokens_from_dict(message):
    counts = message.usage.model_dump()
    return sum(counts[name] or 0 for name in ("input_tokens", "output_tokens",
                                              "cache_creation_input_tokens", "cache_read_input_tokens"))


def total_tokens_step_by_step(message):
    total = message.usage.input_tokens + message.usage.output_tokens
    if message.usage.cache_creation_input_tokens is not None:
        total += message.usage.cache_creation_input_tokens
    if message.usage.cache_read_input_tokens:
        total += message.usage.cache_read_input_tokens
    return total


TOTAL_TOKENS_RIGHT = {
    "a sum over the usage's dict": total_tokens_from_dict,
    "step by step, None tested": total_tokens_step_by_step,
    "getattr in a generator": total_without(),
    "an instance with __call__, filter(None, ...)": TokenCounter(),  # second look
}


@pytest.mark.parametrize("name", TOTAL_TOKENS_WRONG)
def test_total_tokens_catalogue_wrong(name):
    """Each plausible wrong total_tokens is not yet, and the feedback names its mistake."""
    answer, named = TOTAL_TOKENS_WRONG[name]
    outcome = ex00.total_tokens.evaluate(answer)
    assert outcome.status == FAIL
    for words in named:
        assert words in outcome.message, outcome.message


@pytest.mark.parametrize("name", TOTAL_TOKENS_RIGHT)
def test_total_tokens_catalogue_right(name):
    """Right total_tokens answers written differently from the solution pass."""
    outcome = ex00.total_tokens.evaluate(TOTAL_TOKENS_RIGHT[name])
    assert outcome.status == PASS, outcome.message


@pytest.mark.parametrize("odd", ODD_ANSWERS)
@pytest.mark.parametrize("exercise", [ex00.first_text, ex00.total_tokens], ids=lambda e: e.title.split(" — ")[0])
def test_odd_answers_are_not_yet_never_an_internal_error(exercise, odd):
    """An answer of the wrong kind is 'not yet' with a message of the check's, never the check's own crash."""
    outcome = exercise.evaluate(ODD_ANSWERS[odd])
    assert outcome.status == FAIL
    assert "internal error" not in outcome.message


def total_from_the_five_minute_cache(message):
    """Wrong: counts the cache writes from usage.cache_creation's 5-minute figure, missing one-hour writes."""
    usage = message.usage
    written = usage.cache_creation.ephemeral_5m_input_tokens if usage.cache_creation else 0
    return usage.input_tokens + usage.output_tokens + written + (usage.cache_read_input_tokens or 0)


def test_total_tokens_counts_one_hour_cache_writes():
    """A total that reads only the 5-minute cache writes is Not yet, on a reply written to the one-hour cache."""
    outcome = ex00.total_tokens.evaluate(total_from_the_five_minute_cache)
    assert outcome.status == FAIL
    assert "one-hour cache" in outcome.message and "add cache_creation_input_tokens too" in outcome.message, \
        outcome.message
