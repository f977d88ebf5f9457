"""Exercises of notebook 07: collect_stream and cached_request say not attempted, not yet and correct."""
from pathlib import Path

import pytest
from solutions import defined_in

from looplab import MODEL, samples
from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex07

ARTICLES = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "articles"
SYSTEM = ex07.SYSTEM  # the notebook's, which the check wants kept
PRELUDE = (
    "from looplab import MODEL, samples\n"
    f"SYSTEM = {SYSTEM!r}\n"
    f"tools = [t.to_api() for t in samples.docs_tools({str(ARTICLES)!r})]\n"
)




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


def stream_cut_short(client, prompt):
    """Wrong: a small max_tokens cuts the reply."""
    with client.messages.stream(model=MODEL, max_tokens=8, messages=[{"role": "user", "content": prompt}]) as stream:
        return "".join(stream.text_stream)


def stream_final_message(client, prompt):
    """Wrong: returns the Message, not its text."""
    with client.messages.stream(model=MODEL, max_tokens=1024, messages=[{"role": "user", "content": prompt}]) as stream:
        return stream.get_final_message()


def stream_final_text(client, prompt):
    """Right: the SDK joins the deltas itself."""
    with client.messages.stream(model=MODEL, max_tokens=1024, messages=[{"role": "user", "content": prompt}]) as stream:
        for _ in stream.text_stream:
            pass
        return stream.get_final_text()


def stream_raw_events(client, prompt):
    """Right: stream=True on create, text deltas collected from the raw events."""
    pieces = []
    events = client.messages.create(model=MODEL, max_tokens=2048, stream=True,
                                    messages=[{"role": "user", "content": [{"type": "text", "text": prompt}]}])
    for event in events:
        if event.type == "content_block_delta" and event.delta.type == "text_delta":
            pieces.append(event.delta.text)
    return "".join(pieces)


HISTORY = []


def stream_a_kept_history(client, prompt):
    """Wrong: a list kept between calls, so the second call sends the first prompt too."""
    HISTORY.append({"role": "user", "content": prompt})
    with client.messages.stream(model=MODEL, max_tokens=1024, messages=HISTORY) as stream:
        return "".join(stream.text_stream)


def stream_joined_after_the_block(client, prompt):
    """Wrong: keeps text_stream and joins it after the `with` block has closed the stream."""
    with client.messages.stream(model=MODEL, max_tokens=1024, messages=[{"role": "user", "content": prompt}]) as stream:
        pieces = stream.text_stream
    return "".join(pieces)


STREAM_WRONG = [  # (answer, words the feedback must hold)
    (stream_joined_after_the_block, ["after its `with` block had closed it", "inside the `with` block"]),
    (stream_first_delta, ["only the first", "join every piece"]),
    (stream_joined_with_spaces, ["different spacing", "with ''"]),
    (not_streamed, ["did not stream"]),
    (stream_a_fixed_prompt, ["not the prompt 'Say anything.'"]),
    (stream_cut_short, ["max_tokens=8", "max_tokens=1024"]),
    (stream_final_message, ["returned a ParsedMessage", "get_final_text()"]),
    (stream_a_kept_history, ["the request sent", "the one user message", "grows with every call"]),
]
STREAM_RIGHT = [defined_in(ex07.collect_stream.solution_text, PRELUDE)["collect_stream"], stream_final_text,
                stream_raw_events]


@pytest.mark.parametrize("answer, words", STREAM_WRONG)
def test_collect_stream_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each wrong collect_stream is not yet, with its own mistake named (not one message for all)."""
    outcome = ex07.collect_stream.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", STREAM_RIGHT)
def test_collect_stream_catalogue_right_answers_pass(answer):
    """The solution, get_final_text() and raw stream=True events all pass."""
    outcome = ex07.collect_stream.evaluate(answer)
    assert outcome.status == PASS, outcome.message


def test_collect_stream_solution_passes():
    """The published solution passes."""
    answer = defined_in(ex07.collect_stream.solution_text, PRELUDE)["collect_stream"]
    assert str(ex07.collect_stream.evaluate(answer)) == (
        "Correct: Exercise 7.1 — collect_stream: the streamed text, joined, is exactly the text "
        "a non-streamed call returns.")


TOOLS = [t.to_api() for t in samples.docs_tools(ARTICLES)]


def request_caching_the_last_tool(question):
    """Wrong: marks the last tool, so the system prompt after it is not cached."""
    marked = [*TOOLS[:-1], {**TOOLS[-1], "cache_control": {"type": "ephemeral"}}]
    return {"model": MODEL, "max_tokens": 500, "system": SYSTEM, "tools": marked,
            "messages": [{"role": "user", "content": question}]}


def request_with_a_made_up_cache_type(question):
    """Wrong: a cache_control type the API does not know."""
    block = {"type": "text", "text": SYSTEM, "cache_control": {"type": "forever"}}
    return {"model": MODEL, "max_tokens": 500, "system": [block], "tools": TOOLS,
            "messages": [{"role": "user", "content": question}]}


def request_caching_tools_and_system(question):
    """Right: two breakpoints, the last tool and the system prompt, the question as a text block."""
    marked = [*TOOLS[:-1], {**TOOLS[-1], "cache_control": {"type": "ephemeral"}}]
    system = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral", "ttl": "5m"}}]
    return dict(model=MODEL, max_tokens=300, tools=marked, system=system,
                messages=[{"role": "user", "content": [{"type": "text", "text": question}]}])


def request_with_two_system_blocks(question):
    """Right: the system prompt in two blocks, the mark on the last."""
    first, rest = SYSTEM.split(". ", 1)
    system = [{"type": "text", "text": first + "."},
              {"type": "text", "text": rest, "cache_control": {"type": "ephemeral"}}]
    return {"model": MODEL, "max_tokens": 500, "system": system, "tools": TOOLS,
            "messages": [{"role": "user", "content": question}]}


def request_with_the_date_after_the_mark(question):
    """Right: the system prompt marked, then a block that may change from day to day, left out of the cache."""
    system = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}},
              {"type": "text", "text": "Today is 2026-09-14."}]
    return {"model": MODEL, "max_tokens": 500, "system": system, "tools": TOOLS,
            "messages": [{"role": "user", "content": question}]}


def request_without_tools(question):
    """Wrong: the system prompt cached, but the research tools left out of the request."""
    system = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]
    return {"model": MODEL, "max_tokens": 500, "system": system, "messages": [{"role": "user", "content": question}]}


def request_caching_the_word_system(question):
    """Wrong: the string 'SYSTEM' for the variable, so the research assistant's instructions are gone."""
    system = [{"type": "text", "text": "SYSTEM", "cache_control": {"type": "ephemeral"}}]
    return {"model": MODEL, "max_tokens": 500, "system": system, "tools": TOOLS,
            "messages": [{"role": "user", "content": question}]}


CACHE_WRONG = [  # (answer, words the feedback must hold)
    (request_without_cache, ["wrote nothing to the cache"]),
    (request_caching_the_question, ["read nothing from the cache", "not the question"]),
    (request_caching_a_fixed_question, ["do not contain the question"]),
    (request_caching_the_last_tool, ["you marked a tool", "system prompt is not"]),
    (request_with_a_made_up_cache_type, ["the API refused your request (400)", "cache_control"]),
    (request_without_tools, ["offers no tools", "tools=tools"]),
    (request_caching_the_word_system, ["is 'SYSTEM', not the notebook's SYSTEM", "not the string 'SYSTEM'"]),
]
CACHE_RIGHT = [defined_in(ex07.cached_request.solution_text, PRELUDE)["cached_request"],
               request_caching_tools_and_system, request_with_two_system_blocks, request_with_the_date_after_the_mark]


@pytest.mark.parametrize("answer, words", CACHE_WRONG)
def test_cached_request_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each wrong cached_request is not yet, naming what it marks wrongly."""
    outcome = ex07.cached_request.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", CACHE_RIGHT)
def test_cached_request_catalogue_right_answers_pass(answer):
    """The solution, two breakpoints, and a system prompt in two blocks all pass."""
    outcome = ex07.cached_request.evaluate(answer)
    assert outcome.status == PASS, outcome.message
    assert "tokens from the cache" in outcome.message


def _notebook_system(path: Path) -> str:
    """The SYSTEM a notebook defines (a literal string in one of its code cells)."""
    import ast
    import json
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code" and "SYSTEM = " in "".join(cell["source"]):
            for node in ast.parse("".join(cell["source"])).body:
                if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "SYSTEM":
                    return ast.literal_eval(node.value)
    raise AssertionError(f"no SYSTEM in {path}")


def test_the_check_knows_each_notebooks_system_prompt():
    """cached_request wants the notebook's SYSTEM kept: the check's copy is the one each edition defines."""
    from looplab.i18n import _, set_language
    root = Path(__file__).resolve().parent.parent
    assert _notebook_system(root / "notebooks" / "07_going_further.ipynb") == ex07.SYSTEM
    try:
        set_language("fr")
        assert _notebook_system(root / "notebooks-fr" / "07_aller_plus_loin.ipynb") == _(ex07.SYSTEM)
    finally:
        set_language("en")


def stream_stripping_each_piece(client, prompt):
    """Wrong: strips every piece, so a space at a piece's edge is lost."""
    with client.messages.stream(model=MODEL, max_tokens=1024, messages=[{"role": "user", "content": prompt}]) as s:
        return "".join(piece.strip() for piece in s.text_stream)


def test_collect_stream_stripping_the_pieces_is_not_yet():
    """A piece may start or end with a space: stripping them joins words; not yet."""
    outcome = ex07.collect_stream.evaluate(stream_stripping_each_piece)
    assert outcome.status == FAIL, outcome.message
    assert "pieces start and end with spaces" in outcome.message and "different spacing" in outcome.message


def request_caching_the_question_too(question):
    """Wrong: a second mark on the question, so every call writes a new cache entry that no call reads."""
    system = [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]
    asked = [{"type": "text", "text": question, "cache_control": {"type": "ephemeral"}}]
    return {"model": MODEL, "max_tokens": 500, "system": system, "tools": TOOLS,
            "messages": [{"role": "user", "content": asked}]}


def test_cached_request_marking_the_question_too_is_not_yet():
    """The system prompt is cached, but the question is marked too: each call writes the cache again; not yet."""
    outcome = ex07.cached_request.evaluate(request_caching_the_question_too)
    assert outcome.status == FAIL, outcome.message
    assert "also wrote" in outcome.message and "mark the system prompt only" in outcome.message, outcome.message
