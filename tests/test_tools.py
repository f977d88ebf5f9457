"""Tool, @tool and Toolbox: schemas from functions, checks in order, results the API accepts."""
from typing import Literal, Optional

import pytest
from anthropic.types import ToolUseBlock

from looplab.guards import allow_all, allow_only
from looplab.tools import Tool, Toolbox, ToolOutcome, tool


@tool
def get_weather(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius") -> str:
    """Get the current weather for a city.

    Use it when the user asks about weather.

    Args:
        city: City name,
            e.g. Lyon.
        unit: Temperature unit.

    Returns:
        A line of text.
    """
    return f"{city}: 21 °C"


@tool(name="send_email", consequential=True)
def email(to: str, body: str) -> str:
    """Send an email."""
    return "sent"


@tool
def boom(n: int) -> str:
    """Always fails."""
    raise RuntimeError(f"no luck with {n}")


@tool
def chatty(n: int) -> str:
    """Returns a lot of text."""
    return "y" * n


@tool
def record(n: int) -> dict:
    """Returns a dict."""
    return {"n": n, "city": "Besançon"}


def test_schema_covers_every_supported_type():
    """str, int, float, bool, list[str], Literal and Optional map to JSON Schema; defaults are optional."""

    @tool
    def everything(s: str, i: int, f: float, b: bool, tags: list[str], mode: Literal["a", "b"],
                   maybe: Optional[int] = None, other: str | None = None, count: int = 3) -> str:  # noqa: UP045 -- Optional[...] is a form users write; it must map too
        """Take everything."""
        return ""

    assert everything.input_schema == {
        "type": "object",
        "properties": {
            "s": {"type": "string"},
            "i": {"type": "integer"},
            "f": {"type": "number"},
            "b": {"type": "boolean"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "mode": {"type": "string", "enum": ["a", "b"]},
            "maybe": {"type": "integer"},
            "other": {"type": "string"},
            "count": {"type": "integer", "default": 3},
        },
        "required": ["s", "i", "f", "b", "tags", "mode"],
        "additionalProperties": False,
    }


def test_description_and_args_come_from_the_docstring():
    """The first paragraph is the description; the Args section describes each parameter."""
    assert get_weather.description == "Get the current weather for a city."
    assert get_weather.input_schema["properties"]["city"] == {"type": "string", "description": "City name, e.g. Lyon."}
    assert get_weather.input_schema["properties"]["unit"]["description"] == "Temperature unit."
    assert get_weather.input_schema["required"] == ["city"]


def test_decorator_with_options_sets_name_and_consequential():
    """@tool(name=..., consequential=True) renames the tool and marks it consequential."""
    assert email.name == "send_email"
    assert email.consequential is True
    assert get_weather.consequential is False


def test_to_api_has_exactly_the_three_api_fields():
    """to_api gives name, description and input_schema, nothing else."""
    assert get_weather.to_api() == {
        "name": "get_weather",
        "description": "Get the current weather for a city.",
        "input_schema": get_weather.input_schema,
    }


def test_a_tool_is_still_callable():
    """Calling the Tool calls the function."""
    assert get_weather(city="Lyon") == "Lyon: 21 °C"


def test_repr_has_no_memory_address():
    """The repr of a Tool is deterministic: the handler is not shown."""
    assert "0x" not in repr(get_weather)
    assert repr(Toolbox([get_weather, email])) == "Toolbox(get_weather, send_email)"


def test_unsupported_annotation_says_which_parameter():
    """A parameter with an unsupported type raises TypeError naming it and what to use."""
    with pytest.raises(TypeError, match=r"^tool f: parameter 'when' has unsupported type .*; use str, int"):
        @tool
        def f(when: complex) -> str:
            """Doc."""


def test_missing_hint_and_missing_docstring_are_refused():
    """No type hint or no docstring is a TypeError that says what to add."""
    with pytest.raises(TypeError, match="parameter 'city' has no type hint; annotate it, e.g. city: str"):
        @tool
        def f(city) -> str:
            """Doc."""
    with pytest.raises(TypeError, match="tool g has no docstring"):
        @tool
        def g(city: str) -> str:
            return city


def test_toolbox_registry():
    """A Toolbox knows its names, indexes by name, and accepts another Toolbox."""
    box = Toolbox([get_weather, email])
    assert box.names == ["get_weather", "send_email"]
    assert box["send_email"] is email
    assert "get_weather" in box and "nope" not in box
    assert len(Toolbox(box)) == 2
    assert [t.name for t in box] == box.names
    assert box.to_api() == [get_weather.to_api(), email.to_api()]


def test_duplicate_names_are_refused():
    """Two tools with the same name raise ValueError."""
    with pytest.raises(ValueError, match="two tools are named 'get_weather'"):
        Toolbox([get_weather, get_weather])


def test_check_unknown_tool_lists_the_available_ones():
    """An unknown name gets an error listing the registered tools."""
    assert Toolbox([get_weather, email]).check("x", {}) == "no tool named 'x'; available: get_weather, send_email"


def test_check_invalid_input_explains_and_shows_the_schema():
    """Invalid input gets the jsonschema reason and the expected schema."""
    box = Toolbox([get_weather])
    error = box.check("get_weather", {})
    assert error.startswith("input for get_weather is invalid: 'city' is a required property. Expected schema: {")
    assert box.check("get_weather", {"city": 3}).startswith("input for get_weather is invalid: at 'city': 3 is not of type 'string'")
    assert "Additional properties" in box.check("get_weather", {"city": "Lyon", "town": "x"})
    assert "is not one of" in box.check("get_weather", {"city": "Lyon", "unit": "kelvin"})
    assert box.check("get_weather", {"city": "Lyon"}) is None


def test_unknown_name_is_checked_before_input():
    """The name check comes first: an unknown tool with bad input reports the name."""
    assert Toolbox([get_weather]).check("nope", "not a dict").startswith("no tool named 'nope'")


def test_execute_runs_and_returns_a_tool_result():
    """A valid call runs and returns a tool_result with its tool_use_id and is_error false."""
    outcome = Toolbox([get_weather]).execute({"id": "toolu_1", "name": "get_weather", "input": {"city": "Lyon"}})
    assert outcome == ToolOutcome(
        result={"type": "tool_result", "tool_use_id": "toolu_1", "content": "Lyon: 21 °C", "is_error": False},
        ran=True, approved=None, error=None,
    )


def test_execute_accepts_an_sdk_tool_use_block():
    """An anthropic ToolUseBlock works like a dict block."""
    block = ToolUseBlock(id="toolu_9", name="get_weather", input={"city": "Paris"}, type="tool_use")
    outcome = Toolbox([get_weather]).execute(block)
    assert outcome.result["tool_use_id"] == "toolu_9"
    assert outcome.result["content"] == "Paris: 21 °C"


def test_execute_unknown_tool_is_an_error_result():
    """An unknown tool does not run and comes back as is_error."""
    outcome = Toolbox([get_weather]).execute({"id": "t", "name": "nope", "input": {}})
    assert outcome.ran is False
    assert outcome.result == {"type": "tool_result", "tool_use_id": "t", "is_error": True,
                              "content": "no tool named 'nope'; available: get_weather"}


def test_execute_invalid_input_does_not_run():
    """Input that fails the schema is an is_error result and the handler never runs."""
    outbox = []

    @tool
    def note(text: str) -> str:
        """Record a note."""
        outbox.append(text)
        return "ok"

    outcome = Toolbox([note]).execute({"id": "t", "name": "note", "input": {"text": 5}})
    assert outcome.ran is False and outcome.result["is_error"] is True
    assert outbox == []


def test_consequential_call_is_denied_without_an_approver():
    """With no approver, a consequential tool does not run."""
    outcome = Toolbox([email]).execute({"id": "t", "name": "send_email", "input": {"to": "a", "body": "b"}})
    assert (outcome.ran, outcome.approved) == (False, False)
    assert outcome.result["content"] == "call to send_email was not approved; it did not run."
    assert outcome.result["is_error"] is True


def test_consequential_call_runs_when_approved():
    """An approver returning True lets the consequential tool run."""
    outcome = Toolbox([email]).execute({"id": "t", "name": "send_email", "input": {"to": "a", "body": "b"}},
                                       approve=allow_all)
    assert (outcome.ran, outcome.approved, outcome.result["content"]) == (True, True, "sent")


@pytest.mark.parametrize("approver", [lambda n, i: 1 / 0, lambda n, i: "yes", lambda n, i: 1, allow_only("other")])
def test_approver_that_raises_or_is_not_true_denies(approver):
    """Only `True` approves: an approver that raises, or returns anything else, denies."""
    outcome = Toolbox([email]).execute({"id": "t", "name": "send_email", "input": {"to": "a", "body": "b"}},
                                       approve=approver)
    assert (outcome.ran, outcome.approved) == (False, False)


def test_handler_exception_becomes_an_error_result():
    """A failing handler gives is_error with the tool name, exception type and message."""
    outcome = Toolbox([boom]).execute({"id": "t", "name": "boom", "input": {"n": 3}})
    assert outcome.ran is True
    assert outcome.result["is_error"] is True
    assert outcome.result["content"] == "boom failed: RuntimeError: no luck with 3"
    assert outcome.error == outcome.result["content"]


def test_oversize_result_is_truncated_with_a_marker():
    """Results longer than 8000 characters are cut with a visible marker."""
    content = Toolbox([chatty]).execute({"id": "t", "name": "chatty", "input": {"n": 9000}}).result["content"]
    assert content == "y" * 8000 + "\n[… truncated: 1000 more characters]"


def test_dict_result_is_json_text():
    """A dict return value becomes JSON text, non-ASCII kept as is."""
    content = Toolbox([record]).execute({"id": "t", "name": "record", "input": {"n": 1}}).result["content"]
    assert content == '{"n": 1, "city": "Besançon"}'


def test_hand_built_tool_works_in_a_toolbox():
    """A Tool built by hand, with its own schema, runs like a decorated one."""
    upper = Tool("upper", "Upper-case text.", {"type": "object", "properties": {"text": {"type": "string"}},
                                                "required": ["text"]}, lambda text: text.upper())
    assert Toolbox([upper]).execute({"id": "t", "name": "upper", "input": {"text": "hi"}}).result["content"] == "HI"


def test_invalid_tool_name_is_refused():
    """A name the API would reject raises ValueError at once."""
    with pytest.raises(ValueError, match="use 1-64 letters, digits"):
        Tool("get weather", "d", {"type": "object"}, print)
