"""Tools: a function plus the name, description and JSON schema the model sees."""
from __future__ import annotations

import inspect
import json
import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from looplab._jsonschema import message, validator_class
from looplab.guards import cap_output
from looplab.i18n import _

_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
_SCALARS = {str: "string", int: "integer", float: "number", bool: "boolean"}


@dataclass
class Tool:
    """One tool: what the model is told (name, description, schema) and the function that runs."""

    name: str
    description: str
    input_schema: dict
    handler: Callable[..., Any] = field(repr=False)
    consequential: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise ValueError(_("Tool name {name!r} is invalid; use 1-64 letters, digits, _ or -", name=self.name))

    def to_api(self) -> dict:
        """The tool as the Messages API expects it in `tools=[...]`."""
        return {"name": self.name, "description": self.description, "input_schema": self.input_schema}

    def __call__(self, **kwargs: Any) -> Any:
        """Run the handler directly (no validation, no approval: Toolbox.execute does those)."""
        return self.handler(**kwargs)


@dataclass
class ToolOutcome:
    """What executing one tool_use block gave: the tool_result to send back, and what happened."""

    result: dict
    ran: bool
    approved: bool | None
    error: str | None


def _schema_for(annotation: Any, where: str) -> dict:
    if annotation in _SCALARS:
        return {"type": _SCALARS[annotation]}
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Literal:
        kinds = {_SCALARS.get(type(a)) for a in args}
        return {"type": kinds.pop(), "enum": list(args)} if len(kinds) == 1 else {"enum": list(args)}
    if origin is list and len(args) == 1:
        return {"type": "array", "items": _schema_for(args[0], where)}
    raise TypeError(_("{where} has unsupported type {annotation!r}; use str, int, float, bool, list[str] (or list of "
                      "another of these) or Literal[...]", where=where, annotation=annotation))


def _optional_inner(annotation: Any) -> Any | None:
    """X for Optional[X] / X | None, else None."""
    if typing.get_origin(annotation) in (Union, types.UnionType):
        rest = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(rest) == 1 and len(typing.get_args(annotation)) == 2:
            return rest[0]
    return None


def _parse_docstring(doc: str) -> tuple[str, dict[str, str]]:
    """First paragraph, and the per-parameter lines of a Google-style 'Args:' section."""
    lines = inspect.cleandoc(doc).splitlines()
    blank = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
    description = " ".join(line.strip() for line in lines[:blank])
    params: dict[str, str] = {}
    inside, indent, current = False, None, None
    for line in lines:
        if line.strip() in ("Args:", "Arguments:", "Parameters:"):
            inside, indent, current = True, None, None
        elif inside and line.strip() and not line[0].isspace():
            inside = False  # the next section (Returns:, Raises:, ...) starts flush left
        elif inside and line.strip():
            depth = len(line) - len(line.lstrip())
            match = re.match(r"^\s+(\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$", line)
            if match and (indent is None or depth <= indent):
                indent, current = depth, match.group(1)
                params[current] = match.group(2).strip()
            elif current:
                params[current] = f"{params[current]} {line.strip()}".strip()
    return description, params


def _build(fn: Callable[..., Any], name: str | None, consequential: bool) -> Tool:
    tool_name = name or fn.__name__
    if not fn.__doc__ or not fn.__doc__.strip():
        raise TypeError(_("tool {tool} has no docstring; add one: it becomes the description the model reads",
                          tool=tool_name))
    description, param_docs = _parse_docstring(fn.__doc__)
    description, param_docs = _(description), {k: _(v) for k, v in param_docs.items()}  # looplab's own tools, translated
    hints = typing.get_type_hints(fn)
    properties, required = {}, []
    for param in inspect.signature(fn).parameters.values():
        where = _("tool {tool}: parameter '{param}'", tool=tool_name, param=param.name)
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD, param.POSITIONAL_ONLY):
            raise TypeError(_("{where} is *args, **kwargs or positional-only; use plain named parameters", where=where))
        if param.name not in hints:
            raise TypeError(_("{where} has no type hint; annotate it, e.g. {param}: str", where=where, param=param.name))
        annotation, optional = hints[param.name], False
        if _optional_inner(annotation) is not None:
            annotation, optional = _optional_inner(annotation), True
        schema = _schema_for(annotation, where)
        if param.name in param_docs:
            schema["description"] = param_docs[param.name]
        if param.default is not param.empty and param.default is not None:
            schema["default"] = param.default
        properties[param.name] = schema
        if param.default is param.empty and not optional:
            required.append(param.name)
    input_schema = {"type": "object", "properties": properties, "required": required,
                    "additionalProperties": False}
    return Tool(tool_name, description, input_schema, fn, consequential)


def tool(fn: Callable[..., Any] | None = None, *, name: str | None = None,
         consequential: bool = False) -> Any:
    """Make a Tool from a typed, documented function: `@tool` or `@tool(name=..., consequential=True)`."""
    if fn is None:
        return lambda f: _build(f, name, consequential)
    return _build(fn, name, consequential)


def _tool_result(tool_use_id: str, content: str, is_error: bool) -> dict:
    return {"type": "tool_result", "tool_use_id": tool_use_id, "content": content, "is_error": is_error}


def _to_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return _("(no output)")
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)


class Toolbox:
    """The tools a model may call: the allowlist, input validation, approval and execution."""

    def __init__(self, tools: Iterable[Tool] | Toolbox = ()):
        self._tools: dict[str, Tool] = {}
        self._validators: dict[str, Any] = {}
        for item in tools:
            if not isinstance(item, Tool):
                raise TypeError(_("Toolbox takes Tool objects, got {kind}; decorate the function with @tool",
                                  kind=type(item).__name__))
            if item.name in self._tools:
                raise ValueError(_("Toolbox: two tools are named '{name}'; give each tool its own name", name=item.name))
            self._tools[item.name] = item

    @property
    def names(self) -> list[str]:
        """Tool names, in the order they were given."""
        return list(self._tools)

    def __getitem__(self, name: str) -> Tool:
        return self._tools[name]

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[Tool]:
        return iter(self._tools.values())

    def __len__(self) -> int:
        return len(self._tools)

    def __repr__(self) -> str:
        return f"Toolbox({', '.join(self._tools)})"

    def to_api(self) -> list[dict]:
        """All tools as the Messages API expects them in `tools=[...]`."""
        return [t.to_api() for t in self]

    def check(self, name: str, input: Any) -> str | None:
        """None if `name` is registered and `input` fits its schema, else the error text for the model."""
        if name not in self._tools:
            return _("no tool named {name!r}; available: {names}", name=name, names=", ".join(self._tools) or _("(none)"))
        schema = self._tools[name].input_schema
        if not isinstance(input, dict):
            return _("input for {name} must be a JSON object, got {kind}. Expected schema: {schema}",
                     name=name, kind=type(input).__name__, schema=json.dumps(schema))
        if name not in self._validators:
            self._validators[name] = validator_class()(schema)
        errors = sorted(self._validators[name].iter_errors(input), key=lambda e: list(e.absolute_path))
        if not errors:
            return None
        where = "/".join(str(p) for p in errors[0].absolute_path)
        said = message(errors[0])
        problem = _("at '{where}': {message}", where=where, message=said) if where else said
        return _("input for {name} is invalid: {problem}. Expected schema: {schema}",
                 name=name, problem=problem, schema=json.dumps(schema, ensure_ascii=False))

    def execute(self, block: Any, approve: Callable[[str, dict], bool] | None = None) -> ToolOutcome:
        """Check, approve and run one tool_use block (SDK ToolUseBlock or dict); never raises for tool errors."""
        get = block.get if isinstance(block, dict) else lambda key, default=None: getattr(block, key, default)
        tool_use_id, name, input = get("id"), get("name"), get("input", {})
        error = self.check(name, input)
        if error:
            return ToolOutcome(_tool_result(tool_use_id, error, True), False, None, error)
        chosen = self._tools[name]
        approved = None
        if chosen.consequential:
            try:
                approved = approve is not None and approve(name, input) is True
            except Exception:  # an approver that fails must not approve
                approved = False
            if not approved:
                error = _("call to {name} was not approved; it did not run.", name=name)
                return ToolOutcome(_tool_result(tool_use_id, error, True), False, False, error)
        try:
            text = _to_text(chosen.handler(**input))
        except Exception as exc:
            error = cap_output(_("{name} failed: {error}: {message}", name=name, error=type(exc).__name__, message=exc), 2000)
            return ToolOutcome(_tool_result(tool_use_id, error, True), True, approved, error)
        return ToolOutcome(_tool_result(tool_use_id, cap_output(text, 8000), False), True, approved, None)
