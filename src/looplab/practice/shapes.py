"""Request shapes, checked against the SDK's own request types as strictly as the API (an int is not a string,
a bool is not a number, unknown keys are refused): the first problem, as one line naming the field path."""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from functools import cache

import pydantic
import typing_extensions
from anthropic.types import message_count_tokens_params, message_create_params
from anthropic.types.beta import message_count_tokens_params as beta_count_params
from anthropic.types.beta import message_create_params as beta_create_params

# Fields API version 2023-06-01 takes that the SDK 2.14 types leave out (sent with extra_body=...); 2026-10-21, the
# version the SDK sends, removed them on every model (docs: api/migration-2026-10-21, "Sampling parameters removed").
SAMPLING = {"temperature": float, "top_p": float, "top_k": int}
OLD_VERSION = "2023-06-01"
MAX_MESSAGES = 100_000  # "There is a limit of 100,000 messages in a single request." (the params' docstring)
OLD_VERSIONS = ("2023-01-01", OLD_VERSION)  # 2023-06-01 changed only the stream's format: the same fields
_WRAPPERS = {typing_extensions.Required, typing_extensions.NotRequired, typing_extensions.ReadOnly,
             typing_extensions.Annotated}
_LISTS = {list, Iterable, Sequence}
_DICTS = {dict, Mapping}
_NAMES = {str: "a string", int: "a whole number", float: "a number", bool: "true or false",
          dict: "an object", list: "a list", type(None): "null", object: "any value"}
_JSON_TYPES = (dict, list, str, int, float, bool, type(None))  # what a parsed JSON body holds


def _json_kind(value) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"a number ({value!r})"
    kinds = {type(None): "null", bool: "a boolean", str: "a string", list: "a list", dict: "an object"}
    return next((word for kind, word in kinds.items() if isinstance(value, kind)), type(value).__name__)


def _strip(annotation):
    """The annotation without Required/NotRequired/Annotated wrappers."""
    while typing_extensions.get_origin(annotation) in _WRAPPERS:
        annotation = typing_extensions.get_args(annotation)[0]
    return annotation


def _container(annotation) -> type | None:
    """list for an array-like annotation (Iterable, Sequence, SequenceNotStr), dict for a mapping, else None."""
    base = typing_extensions.get_origin(annotation) or annotation
    if base in _LISTS or getattr(base, "__name__", "") == "SequenceNotStr":
        return list
    return dict if base in _DICTS else None


def _is_typeddict(annotation) -> bool:
    return isinstance(annotation, type) and typing_extensions.is_typeddict(annotation)


def _describe(annotation) -> str:
    """What to write for a type, in a few words."""
    annotation = _strip(annotation)
    origin = typing_extensions.get_origin(annotation)
    if origin is typing_extensions.Literal:
        return "one of " + ", ".join(repr(a) for a in typing_extensions.get_args(annotation))
    if origin in (typing.Union, types.UnionType):
        members = typing_extensions.get_args(annotation)
        if str in members:  # Union[Literal['claude-...', ...], str]: any string will do
            members = [m for m in members if typing_extensions.get_origin(m) is not typing_extensions.Literal]
        return " or ".join(dict.fromkeys(_describe(a) for a in members))
    if _is_typeddict(annotation):
        kind = typing_extensions.get_type_hints(annotation).get("type")
        literal = typing_extensions.get_args(_strip(kind)) if kind is not None else ()
        return f"a {literal[0]!r} block" if len(literal) == 1 else "an object"
    return _NAMES.get(_container(annotation) or annotation, getattr(annotation, "__name__", str(annotation)))


@cache
def _checker(annotation):
    """A function check(value, path) -> problem or None, for one annotation."""
    annotation = _strip(annotation)
    origin = typing_extensions.get_origin(annotation)
    args = typing_extensions.get_args(annotation)
    if annotation is type(None):
        return lambda value, path: None if value is None else f"{path}: must be null"
    if annotation in (str, int, float, bool):
        def scalar(value, path, want=annotation, kinds=int | float if annotation is float else annotation):
            ok = isinstance(value, kinds) and (want is bool or not isinstance(value, bool))
            return None if ok else f"{path}: {_json_kind(value)} is not valid here; write {_NAMES[want]}"
        return scalar
    if origin is typing_extensions.Literal:
        kinds = frozenset(map(type, args))
        def literal(value, path):
            ok = value in args and type(value) in kinds
            return None if ok else f"{path}: {value!r} is not allowed; write {_describe(annotation)}"
        return literal
    if origin in (typing.Union, types.UnionType):
        return _union(annotation, args)
    if kind := _container(annotation):  # a list (items at path[i]) or a mapping (values at path.key)
        item = _checker(args[-1] if args else object)  # a list's items, a mapping's values
        is_list = kind is list
        def elements(value, path):
            if not isinstance(value, kind):
                return f"{path}: {_json_kind(value)} is not valid here; write {_describe(annotation)}"
            pairs = enumerate(value) if is_list else value.items()
            problems = (item(element, f"{path}[{key}]" if is_list else f"{path}.{key}") for key, element in pairs)
            return next(filter(None, problems), None)
        return elements
    if _is_typeddict(annotation):
        return _typeddict(annotation)
    return lambda value, path: None  # any value, or a type the walker does not model (files, dates): not checked


@cache
def _required(cls) -> frozenset[str]:
    """The keys a TypedDict requires (from Required[...] markers; total=False everywhere in the SDK)."""
    hints = typing_extensions.get_type_hints(cls, include_extras=True)
    marked = {k for k, h in hints.items() if typing_extensions.get_origin(h) is typing_extensions.Required}
    return frozenset(marked | (set(hints) if getattr(cls, "__total__", False) else set()))


@cache
def _kind_fits(annotation, kind: type) -> bool:
    """Whether a value of `kind` is the right JSON kind (object, list, string, ...) for `annotation` at all."""
    annotation = _strip(annotation)
    if container := dict if _is_typeddict(annotation) else _container(annotation):
        return issubclass(kind, container)
    if typing_extensions.get_origin(annotation) is typing_extensions.Literal:
        return any(kind is type(a) for a in typing_extensions.get_args(annotation))
    if annotation in (int, float):
        return issubclass(kind, int | float) and not issubclass(kind, bool)
    return annotation in (str, bool) and issubclass(kind, annotation)


def _tags(hint) -> tuple:
    """The values of a Literal (or Optional[Literal]) annotation, else ()."""
    hint = _strip(hint)
    if typing_extensions.get_origin(hint) in (typing.Union, types.UnionType):
        inner = [a for a in typing_extensions.get_args(hint) if a is not type(None)]
        hint = inner[0] if len(inner) == 1 else hint
    return typing_extensions.get_args(hint) if typing_extensions.get_origin(hint) is typing_extensions.Literal else ()


def _is_model(annotation) -> bool:
    """True for an SDK response model (or a union of them): a Python object, not a JSON shape."""
    annotation = _strip(annotation)
    if typing_extensions.get_origin(annotation) in (typing.Union, types.UnionType):
        return all(_is_model(a) for a in typing_extensions.get_args(annotation))
    return isinstance(annotation, type) and issubclass(annotation, pydantic.BaseModel)


def _union(annotation, members):
    # Response models (ContentBlock...) stand in unions for SDK objects passed back; on the wire
    # they arrive as dicts, which the Param TypedDicts describe: check against those.
    members = [_strip(m) for m in members if not _is_model(m)] or [object]
    dicts = [m for m in members if _is_typeddict(m)]
    key = next((k for k in ("type", "role") if dicts and len(dicts) == len(members) and all(
        _tags(typing_extensions.get_type_hints(m).get(k)) for m in dicts)), None)
    tags, untagged = {}, []
    for member in dicts if key else ():
        if key not in _required(member):
            untagged.append(_checker(member))
        for tag in _tags(typing_extensions.get_type_hints(member)[key]):
            tags.setdefault(tag, _checker(member))
    checks = [(m, _checker(m)) for m in members]
    by_kind = {kind: [c for m, c in checks if _kind_fits(m, kind)] for kind in _JSON_TYPES}
    def union(value, path):
        if key and isinstance(value, dict):
            if key in value:
                chosen = tags.get(value[key]) if isinstance(value[key], str) else None  # [] or {} is no tag
                if chosen is None:
                    return (f"{path}.{key}: {value[key]!r} is not allowed here; "
                            f"write one of {', '.join(map(repr, tags))}")
                return chosen(value, path)
            if untagged:
                return untagged[0](value, path)
            return f"{path}.{key}: field required; add it (one of {', '.join(map(repr, tags))})"
        if any(check(value, path) is None for check in by_kind.get(type(value), ())):
            return None  # the members of the value's kind first: their check usually passes
        problems = [check(value, path) for _, check in checks]
        if not all(problems):
            return None
        fitting = [p for (m, _), p in zip(checks, problems, strict=True) if _kind_fits(m, type(value))]
        if len(fitting) == 1:
            return fitting[0]
        return f"{path}: {_json_kind(value)} is not valid here; write {_describe(annotation)}"
    return union


@cache
def _typeddict(cls, extra: tuple = ()):
    """A check of a TypedDict, `extra` (name, annotation) pairs added to or replacing its fields."""
    hints = typing_extensions.get_type_hints(cls, include_extras=True)
    fields = {name: _checker(hint) for name, hint in {**hints, **dict(extra)}.items()}
    required = _required(cls)
    open_ended = (getattr(cls, "__pydantic_config__", None) or {}).get("extra") == "allow"
    def typed(value, path):
        if not isinstance(value, dict):
            return f"{path}: {_json_kind(value)} is not valid here; write {_describe(cls)}"
        at = f"{path}." if path else ""  # the request itself: its fields are named bare
        for name in sorted(required - value.keys()):
            return f"{at}{name}: field required; add it"
        for name, element in value.items():
            check = fields.get(name)
            if check is None and not open_ended:
                return f"{at}{name}: unknown field (Extra inputs are not permitted); remove it"
            if name == "caller" and element is None:  # model_dump() of a reply without one: taken as absent
                continue
            if check is not None and (problem := check(element, f"{at}{name}")):
                return problem
        return None
    return typed


def _params(beta: bool) -> type:
    """The SDK's MessageCreateParams (or the beta ones)."""
    return (beta_create_params if beta else message_create_params).MessageCreateParamsNonStreaming


def check_shape(body: dict, beta: bool = False, count: bool = False, version: str | None = None) -> str | None:
    """The first way `body` breaks the SDK's MessageCreateParams (or the beta ones, or count_tokens'), or None;
    the sampling fields are known only to anthropic-version 2023-06-01. Too many messages are refused before any
    one is read."""
    messages = body.get("messages")
    if isinstance(messages, list) and len(messages) > MAX_MESSAGES:
        return (f"messages: at most {MAX_MESSAGES} messages are allowed in a single request, {len(messages)} were "
                "sent; drop old turns or summarise them (compaction) before sending")
    if count:  # count_tokens takes no max_tokens, stream, sampling, metadata...: the API refuses them there
        return _typeddict((beta_count_params if beta else message_count_tokens_params).MessageCountTokensParams)(body, "")
    extra = (*(SAMPLING.items() if version in OLD_VERSIONS else ()), ("stream", bool))  # both params take either stream
    problem = _typeddict(_params(beta), extra)(body, "")
    if problem and problem.split(":")[0] in SAMPLING and version not in OLD_VERSIONS:
        problem += (f" (API version {version or 'unnamed'} has no sampling fields, on any model; "
                    f"anthropic-version {OLD_VERSION} takes them up to Claude 4.6)")
    return problem


def request_fields(beta: bool = False) -> list[str]:
    """Every top-level field the SDK's MessageCreateParams declares (the conformance table's rows)."""
    return sorted(typing_extensions.get_type_hints(_params(beta)))
