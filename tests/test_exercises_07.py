"""Exercises of notebook 07: collect_stream and cached_request say not attempted, not yet and correct."""
from pathlib import Path

from solutions import defined_in

from looplab import MODEL
from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex07

ARTICLES = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "articles"
PRELUDE = (
    "from looplab import MODEL, samples\n"
    "SYSTEM = 'You are a research assistant. Cite files in brackets.'\n"
    f"tools = [t.to_api() for t in samples.docs_tools({str(ARTICLES)!r})]\n"
)
SYSTEM = "You are a research assistant. Cite files in brackets."




def starter(*args):
    raise NotImplementedError


def stream_first_delta(client, prompt):
    with client.messages.stream(model=MODEL, max_tokens=1024,
                                messages=[{"role": "user", "content": prompt}]) as stream:
        return next(iter(stream.text_stream))


def stream_joined_with_spaces(client, prompt):
    with client.messages.stream(model=MODEL, max_tokens=1024,
                                messages=[{"role": "user", "content": prompt}]) as stream:
        return " ".join(stream.text_stream)


def not_streamed(client, prompt):
    reply = client.messages.create(model=MODEL, max_tokens=1024,
                                   messages=[{"role": "user", "content": prompt}])
    return reply.content[0].text


def stream_a_fixed_prompt(client, prompt):
    with client.messages.stream(model=MODEL, max_tokens=1024,
                                messages=[{"role": "user", "content": "Hello! Who are you?"}]) as stream:
        return "".join(stream.text_stream)


def request_without_cache(question):
    return {"model": MODEL, "max_tokens": 300, "system": SYSTEM,
            "messages": [{"role": "user", "content": question}]}


def request_caching_the_question(question):
    block = {"type": "text", "text": question, "cache_control": {"type": "ephemeral"}}
    return {"model": MODEL, "max_tokens": 300, "system": SYSTEM,
            "messages": [{"role": "user", "content": [block]}]}


def request_caching_a_fixed_question(question):
    block = {"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}
    return {"model": MODEL, "max_tokens": 300, "system": [block],
            "messages": [{"role": "user", "content": "What is new?"}]}


def test_starters_are_not_attempted():
    """`...` and starters raising NotImplementedError are not attempted."""
    for exercise in (ex07.collect_stream, ex07.cached_request):
        assert exercise.evaluate(...).status == UNATTEMPTED
        assert exercise.evaluate(starter).status == UNATTEMPTED


def test_collect_stream_wrong_answers_say_why():
    """Keeping one delta, joining with spaces, not streaming, or ignoring the prompt is not yet."""
    assert "join every text delta" in ex07.collect_stream.evaluate(stream_first_delta).message
    assert "join every text delta" in ex07.collect_stream.evaluate(stream_joined_with_spaces).message
    assert "did not stream" in ex07.collect_stream.evaluate(not_streamed).message
    outcome = ex07.collect_stream.evaluate(stream_a_fixed_prompt)
    assert outcome.status == FAIL and "not the prompt 'Say anything.'" in outcome.message


def test_collect_stream_solution_passes():
    """The published solution passes."""
    answer = defined_in(ex07.collect_stream.solution_text, PRELUDE)["collect_stream"]
    assert str(ex07.collect_stream.evaluate(answer)) == (
        "Correct: Exercise 7.1 — collect_stream: the streamed text, joined, is exactly the text "
        "a non-streamed call returns.")


def test_cached_request_wrong_answers_say_why():
    """No cache_control, a marked question, or a request that drops the question is not yet."""
    assert "wrote nothing to the cache" in ex07.cached_request.evaluate(request_without_cache).message
    assert "read nothing from the cache" in ex07.cached_request.evaluate(request_caching_the_question).message
    outcome = ex07.cached_request.evaluate(request_caching_a_fixed_question)
    assert outcome.status == FAIL and "do not contain the question" in outcome.message


def test_cached_request_solution_passes():
    """The published solution passes, with the cache read and the cost saved in the praise."""
    answer = defined_in(ex07.cached_request.solution_text, PRELUDE)["cached_request"]
    outcome = ex07.cached_request.evaluate(answer)
    assert outcome.status == PASS, outcome.message
    assert "tokens from the cache" in outcome.message
