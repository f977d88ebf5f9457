"""Exercises of notebook 09: to_definitions and route say not attempted, not yet (why) and correct."""

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


def test_to_definitions_wrong_answers_say_why():
    """Wrong formats, lost schemas and missing tools are not yet, each with what to do."""
    assert "the API refused your definitions" in ex09.to_definitions.evaluate(openai_style).message
    outcome = ex09.to_definitions.evaluate(properties_only)
    assert outcome.status == FAIL and ("input_schema" in outcome.message)
    assert "return a list with one dict per tool" in ex09.to_definitions.evaluate(names_only).message
    assert "the API refused your definitions" in ex09.to_definitions.evaluate(whole_model).message
    assert "copy tool.description" in ex09.to_definitions.evaluate(without_description).message
    assert "2 tools and you returned 1" in ex09.to_definitions.evaluate(first_tool_only).message


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
    for variant in (answer, loop_variant, dumped_variant):
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


def test_route_wrong_answers_say_why():
    """Lost errors, a repr for text, the wrong id, the raw result and a sync route are not yet."""
    assert "pass 'is_error': result.is_error on" in ex09.route.evaluate(never_flags_errors).message
    assert "not the objects" in ex09.route.evaluate(repr_of_content).message
    outcome = ex09.route.evaluate(name_as_id)
    assert outcome.status == FAIL and "use block.id" in outcome.message
    assert "return a dict" in ex09.route.evaluate(the_result_itself).message
    assert "without awaiting the server" in ex09.route.evaluate(not_awaited).message


async def content_blocks(block, session):
    result = await session.call_tool(block.name, block.input)
    blocks = [{"type": "text", "text": c.text} for c in result.content if c.type == "text"]
    return {"type": "tool_result", "tool_use_id": block.id, "content": blocks, "is_error": bool(result.is_error)}


def test_route_right_variants_pass():
    """The published solution and a route that sends text blocks both pass."""
    answer = defined_in(ex09.route.solution_text)["route"]
    for variant in (answer, content_blocks):
        outcome = ex09.route.evaluate(variant)
        assert outcome.status == PASS, outcome.message
