"""Exercises of notebook 09: to_definitions and route say not attempted, not yet (why) and correct."""

import json

from anthropic.types import ToolParam
from solutions import defined_in

from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex09


def starter(*args):
    raise NotImplementedError


async def async_starter(block, session):
    raise NotImplementedError


def test_starters_are_not_attempted():
    """`...` and starters raising NotImplementedError (async ones too, inside the server's task group)."""
    assert ex09.to_definitions.evaluate(...).status == UNATTEMPTED
    assert ex09.to_definitions.evaluate(starter).status == UNATTEMPTED
    assert ex09.route.evaluate(async_starter).status == UNATTEMPTED


# --- Exercise 9.1: three plausible wrong answers and more, each rejected with its reason

def openai_style(tools):
    return [{"type": "function", "function": {"name": t.name, "description": t.description,
                                              "parameters": t.input_schema}} for t in tools]


def properties_only(tools):
    return [{"name": t.name, "description": t.description, "input_schema": t.input_schema["properties"]}
            for t in tools]


def names_only(tools):
    return [t.name for t in tools]


def whole_model(tools):
    return [t.model_dump() for t in tools]


def without_description(tools):
    return [{"name": t.name, "description": "", "input_schema": t.input_schema} for t in tools]


def first_tool_only(tools):
    return [{"name": t.name, "description": t.description, "input_schema": t.input_schema} for t in tools[:1]]


# second look: more answers a participant may write

def with_the_title_too(tools):
    return [{"name": t.name, "description": t.description, "input_schema": t.input_schema, "title": t.title}
            for t in tools]


def schema_as_json_text(tools):
    return [{"name": t.name, "description": t.description, "input_schema": json.dumps(t.input_schema)}
            for t in tools]


def a_generator(tools):
    return ({"name": t.name, "description": t.description, "input_schema": t.input_schema} for t in tools)


def no_description_key(tools):
    return [{"name": t.name, "input_schema": t.input_schema} for t in tools]


TO_DEFINITIONS_WRONG = {  # second look
    with_the_title_too: "tools[0].title: unknown field",
    schema_as_json_text: "input_schema: a string is not valid here",
    a_generator: "return a list with one dict per tool",
    no_description_key: "has no 'description'",
}


def in_reverse_order(tools):
    return [{"name": t.name, "description": t.description, "input_schema": t.input_schema} for t in reversed(tools)]


def as_tool_params(tools):
    return [ToolParam(name=t.name, description=t.description, input_schema=t.input_schema) for t in tools]


TO_DEFINITIONS_RIGHT = [in_reverse_order, as_tool_params]  # second look


def test_to_definitions_wrong_answers_say_why():
    """Wrong formats, lost schemas and missing tools are not yet, each with what to do."""
    assert "the API refused your definitions" in ex09.to_definitions.evaluate(openai_style).message
    outcome = ex09.to_definitions.evaluate(properties_only)
    assert outcome.status == FAIL and ("input_schema" in outcome.message)
    assert "return a list with one dict per tool" in ex09.to_definitions.evaluate(names_only).message
    assert "the API refused your definitions" in ex09.to_definitions.evaluate(whole_model).message
    assert "copy tool.description" in ex09.to_definitions.evaluate(without_description).message
    assert "2 tools and you returned 1" in ex09.to_definitions.evaluate(first_tool_only).message
    for answer, why in TO_DEFINITIONS_WRONG.items():  # second look
        outcome = ex09.to_definitions.evaluate(answer)
        assert outcome.status == FAIL and why in outcome.message, (answer, outcome.message)


def loop_variant(tools):
    out = []
    for t in tools:
        out.append(dict(name=t.name, description=t.description, input_schema=t.input_schema))
    return out


def dumped_variant(tools):
    return [t.model_dump(include={"name", "description", "input_schema"}) for t in tools]


def test_to_definitions_right_variants_pass():
    """The published solution, a plain loop and a pydantic dump of the three fields all pass."""
    answer = defined_in(ex09.to_definitions.solution_text)["to_definitions"]
    for variant in (answer, loop_variant, dumped_variant, *TO_DEFINITIONS_RIGHT):
        outcome = ex09.to_definitions.evaluate(variant)
        assert outcome.status == PASS, outcome.message
    assert "fits the server's own schema" in ex09.to_definitions.evaluate(answer).message


# --- Exercise 9.2

async def never_flags_errors(block, session):
    result = await session.call_tool(block.name, block.input)
    return {"type": "tool_result", "tool_use_id": block.id, "content": result.content[0].text}


async def repr_of_content(block, session):
    result = await session.call_tool(block.name, block.input)
    return {"type": "tool_result", "tool_use_id": block.id, "content": str(result.content),
            "is_error": result.is_error}


async def name_as_id(block, session):
    result = await session.call_tool(block.name, block.input)
    return {"type": "tool_result", "tool_use_id": block.name, "content": result.content[0].text,
            "is_error": result.is_error}


async def the_result_itself(block, session):
    return await session.call_tool(block.name, block.input)


def not_awaited(block, session):
    return {"type": "tool_result", "tool_use_id": block.id, "content": "4.50 EUR", "is_error": False}


# second look

async def input_as_keywords(block, session):
    result = await session.call_tool(block.name, **block.input)
    return {"type": "tool_result", "tool_use_id": block.id, "content": result.content[0].text,
            "is_error": result.is_error}


async def errors_swallowed(block, session):
    try:
        result = await session.call_tool(block.name, block.input)
        if result.is_error:
            raise RuntimeError("failed")
        return {"type": "tool_result", "tool_use_id": block.id, "content": result.content[0].text}
    except Exception:
        return {"type": "tool_result", "tool_use_id": block.id, "content": "error"}


async def errors_raised(block, session):
    result = await session.call_tool(block.name, block.input)
    if result.is_error:
        raise RuntimeError(result.content[0].text)
    return {"type": "tool_result", "tool_use_id": block.id, "content": result.content[0].text}


async def structured_content(block, session):
    result = await session.call_tool(block.name, block.input)
    return {"type": "tool_result", "tool_use_id": block.id, "content": str(result.structured_content),
            "is_error": result.is_error}


def is_error_guessed(guess):
    """A route that sends the text and guesses is_error from it, not from result.is_error."""
    async def route(block, session):
        result = await session.call_tool(block.name, block.input)
        text = "\n".join(c.text for c in result.content if c.type == "text")
        return {"type": "tool_result", "tool_use_id": block.id, "content": text, "is_error": guess(text)}
    return route


async def first_block_only(block, session):
    """Wrong: sends the text of the result's first content block only."""
    result = await session.call_tool(block.name, block.input)
    return {"type": "tool_result", "tool_use_id": block.id, "content": result.content[0].text,
            "is_error": result.is_error}


ROUTE_WRONG = {  # second look
    input_as_keywords: "unexpected keyword argument 'product'",
    errors_swallowed: "does not say so",
    errors_raised: "your code raised RuntimeError",
    structured_content: "send the text of the result's content blocks",
    is_error_guessed(lambda text: "error" in text.lower()): "define('error') worked",
    is_error_guessed(lambda text: not text[:1].isdigit()): "define('error') worked",
    is_error_guessed(lambda text: "no price" in text): "define('cake') failed",
    is_error_guessed(lambda text: text.startswith("Error executing tool")): "define('cake') failed",
    first_block_only: "answered in two text blocks",
}


class Router:  # second look: an instance, keyword arguments, is_error only as a bool
    async def __call__(self, block, session):
        result = await session.call_tool(name=block.name, arguments=block.input)
        text = " ".join(c.text for c in result.content if hasattr(c, "text"))
        return dict(type="tool_result", tool_use_id=block.id, content=text, is_error=bool(result.is_error))


async def is_error_only_when_true(block, session):  # second look
    result = await session.call_tool(block.name, dict(block.input))
    answer = {"type": "tool_result", "tool_use_id": block.id,
              "content": [{"type": "text", "text": getattr(c, "text", "")} for c in result.content]}
    if result.is_error:
        answer["is_error"] = True
    return answer


ROUTE_RIGHT = [Router(), is_error_only_when_true]  # second look


def test_route_wrong_answers_say_why():
    """Lost errors, a repr for text, the wrong id, the raw result and a sync route are not yet."""
    assert "pass 'is_error': result.is_error on" in ex09.route.evaluate(never_flags_errors).message
    assert "not the objects" in ex09.route.evaluate(repr_of_content).message
    outcome = ex09.route.evaluate(name_as_id)
    assert outcome.status == FAIL and "use block.id" in outcome.message
    assert "return a dict" in ex09.route.evaluate(the_result_itself).message
    assert "without awaiting the server" in ex09.route.evaluate(not_awaited).message
    for answer, why in ROUTE_WRONG.items():  # second look
        outcome = ex09.route.evaluate(answer)
        assert outcome.status == FAIL and why in outcome.message, (answer, outcome.message)


async def content_blocks(block, session):
    result = await session.call_tool(block.name, block.input)
    blocks = [{"type": "text", "text": c.text} for c in result.content if c.type == "text"]
    return {"type": "tool_result", "tool_use_id": block.id, "content": blocks, "is_error": bool(result.is_error)}


def test_route_right_variants_pass():
    """The published solution and a route that sends text blocks both pass."""
    answer = defined_in(ex09.route.solution_text)["route"]
    for variant in (answer, content_blocks, *ROUTE_RIGHT):
        outcome = ex09.route.evaluate(variant)
        assert outcome.status == PASS, outcome.message
