"""Request checks like the real API's: each returns None, or one line saying what is wrong and how to fix it."""

import base64
import binascii
import datetime
import json
import re
import struct
import typing
from functools import lru_cache
from itertools import dropwhile, takewhile
from urllib.parse import unquote

from anthropic.types import AnthropicBetaParam

from looplab._jsonschema import schema_error, validator_class
from looplab.practice.models import fallbacks, refused_fields, row
from looplab.practice.responses import Problem
from looplab.practice.shapes import OLD_VERSIONS
from looplab.practice.tokens import top_mark_at
from looplab.practice.view import as_blocks, content_blocks, offered_tools

MIN_THINKING_BUDGET = 1024
MAX_IMAGE = 5 * 1024 * 1024  # bytes of a base64 image's data
MAX_MEDIA = 100  # images and documents in one request
MAX_SIDE, MANY_SIDE = 8000, 2000  # pixels a side; the second when a request holds more than 20 images
CREDIT_BETA = "fallback-credit-2026-07-01"  # a fallback_credit_token object needs it (BetaFallbackCreditTokenParam)
CREDIT_NOT_APPLIED = {"status": {"type": "not_applied", "reason": "reprice_unavailable"}}  # usage.fallback_credit
INTERLEAVED = "interleaved-thinking-2025-05-14"  # with tools, a thinking budget may pass max_tokens
MAX_CACHE_MARKS = 4  # cache breakpoints in one request (tools, system and message blocks, the top-level mark)
TOOL_NAME = re.compile(r"[a-zA-Z0-9_-]{1,128}")
TOOL_ID = re.compile(r"[a-zA-Z0-9_-]+")
MAGIC = {"image/png": (b"\x89PNG\r\n\x1a\n",), "image/jpeg": (b"\xff\xd8\xff",),
         "image/gif": (b"GIF87a", b"GIF89a"), "image/webp": (b"RIFF",)}


BETA_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*-(\d{4}-\d{2}-\d{2})", re.IGNORECASE)  # a feature, then a date
KNOWN_BETAS = typing.get_args(typing.get_args(AnthropicBetaParam)[-1])  # the SDK's list of beta names


def _near(one: str, other: str) -> int:
    """How many letters to add, drop or change to turn `one` into `other` (Levenshtein)."""
    costs = list(range(len(other) + 1))
    for i, a in enumerate(one, 1):
        before, costs[0] = costs[0], i
        for j, b in enumerate(other, 1):
            before, costs[j] = costs[j], min(costs[j] + 1, costs[j - 1] + 1, before + (a != b))
    return costs[-1]


def _real_date(text: str) -> bool:
    """Whether 'YYYY-MM-DD' is a day of the calendar ('2026-13-45' is not)."""
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def check_betas(betas) -> str | None:
    """Beta names the API cannot know (the API's words): one that is no feature name and date
    ('totally-made-up', 'interleaved-thinking-2025-5-14'), or a letter or two away from a name the SDK lists, on
    its date ('structured-output-2025-11-13'). Other dated names pass: the SDK's list lacks betas the API takes."""
    def unknown(name: str) -> bool:
        shape = BETA_NAME.fullmatch(name)
        return (not shape or not _real_date(shape[1]) or name.lower() not in KNOWN_BETAS and any(
            k.endswith(shape[1]) and _near(name.lower(), k) <= 2 for k in KNOWN_BETAS))
    wrong = [name for name in betas if name and unknown(name)]
    if not wrong:
        return None
    meant = [k for name in wrong for k in KNOWN_BETAS if _near(name.lower(), k) <= 2][:1]
    return ("Unexpected value(s) " + ", ".join(f"`{name}`" for name in wrong) + " for the `anthropic-beta` header. "
            "Please consult our documentation at docs.claude.com or try again without the header"
            + (f"; did you mean `{meant[0]}`?" if meant else "."))


def check_fields(body: dict, count: bool = False, betas=()) -> str | None:
    """What the request types cannot say: what the model refuses, thinking budget, tool_choice, schemas (a count has
    no max_tokens to weigh a thinking budget against, nor has a turn that interleaves thinking with tools)."""
    interleaved = INTERLEAVED in betas and bool(body.get("tools"))
    if problem := (refused_fields(body) or check_tools(body.get("tools")) or _check_choice(body)
                   or _check_thinking(body, count or interleaved) or _check_marks(body) or check_media(body)
                   or _check_fallbacks(body, betas)):
        return problem
    for i, sequence in enumerate(body.get("stop_sequences") or []):
        if not sequence.strip():
            return (f"stop_sequences[{i}]: each stop sequence must " + ("contain non-whitespace" if sequence
                    else "be non-empty") + "; write visible text, e.g. 'END'")
    output = (body.get("output_config") or {}).get("format")
    where = "output_config.format.schema"
    # count_tokens is left out: whether it checks the subset too is not documented
    if not output:
        return None
    return _check_schema(output["schema"], where) or (None if count else _outside_subset(output["schema"], where))


def _check_fallbacks(body: dict, betas=()) -> str | None:
    """Each `fallbacks` entry's overrides as its model would check them (the SDK's BetaFallbackParam), and a
    `fallback_credit_token`, which only a refusal issues (the practice model's issue none); its object form needs
    its beta (the SDK's BetaFallbackCreditTokenParam)."""
    for i, entry in enumerate(fallbacks(body)):
        own = min(body["max_tokens"], row(entry["model"]).output)  # the request's max_tokens is no override: unchecked
        attempt = {"model": entry["model"], "max_tokens": own if entry.get("max_tokens") is None else entry["max_tokens"],
                   **{k: entry[k] for k in ("thinking", "output_config") if entry.get(k)}}
        if problem := refused_fields(attempt) or _check_thinking(attempt):
            return f"fallbacks[{i}].{problem}"
    token = body.get("fallback_credit_token")
    if isinstance(token, dict) and CREDIT_BETA not in betas:
        return (f"fallback_credit_token: the object form needs the beta '{CREDIT_BETA}' (without it the field takes "
                f"the bare token string only); pass betas=['{CREDIT_BETA}'], or send the token as a string")
    if token is not None and body.get("fallbacks"):
        return "fallback_credit_token: cannot be combined with fallbacks; send one of them"
    if (token if isinstance(token, str) else (token or {}).get("token", "x")) == "":  # malformed: a 400 in either mode
        return (f"fallback_credit_token{'' if isinstance(token, str) else '.token'}: empty; send the token a refusal's "
                "stop_details gave, as it came, or leave the field out")
    if token is not None and (isinstance(token, str) or token.get("mode", "strict") == "strict"):
        return ("fallback_credit_token: no refusal issued this token (the practice model's refusals issue none), "
                "so it cannot be redeemed; retry without it")
    return None


def _nested(at: str, block) -> list:
    """(path, block) for the blocks inside `block` (a tool_result's or search_result's content, a document's content
    source), which may mark a cache breakpoint too (the SDK's TextBlockParam), then for `block`: in prompt order."""
    if not isinstance(block, dict):
        return [(at, block)]
    source = block["source"] if isinstance(block.get("source"), dict) else {}
    where, inner = ((".content", block["content"]) if isinstance(block.get("content"), list)
                    else (".source.content", source.get("content")))
    inner = inner if isinstance(inner, list) else []
    return [*(found for k, b in enumerate(inner) for found in _nested(f"{at}{where}[{k}]", b)), (at, block)]


def _check_marks(body: dict) -> str | None:
    """At most 4 cache breakpoints, and no 1-hour one after a 5-minute one, in the API's order (the API's words);
    blocks nested in a tool result or document count, before the block holding them, and a top-level cache_control
    is the mark on the last block (the SDK's docstring), unless that block carries its own."""
    system = body.get("system") if isinstance(body.get("system"), list) else []
    blocks = [*((f"tools[{i}]", t) for i, t in enumerate(body.get("tools") or [])),
              *((f"system[{j}]", b) for j, b in enumerate(system)),
              *(inner for i, m in enumerate(body.get("messages") or [])
                for j, b in enumerate(content_blocks(m)) for inner in _nested(f"messages[{i}].content[{j}]", b))]
    marks = [(f"{at}.cache_control", b["cache_control"]) for at, b in blocks
             if isinstance(b, dict) and b.get("cache_control")]
    if empty := next((at for at, b in blocks if isinstance(b, dict) and b.get("cache_control")
                      and b.get("type") == "text" and b.get("text") == ""), None):  # the API's words
        return f"{empty}.text: cache_control cannot be set for empty text blocks; write the text or drop the block"
    top, note = top_mark_at(body), ""
    if top and f"{top}.cache_control" not in dict(marks):  # the last block, marked by the top-level field
        marks.append(("cache_control", body["cache_control"]))
        note = f" The top-level cache_control marks the last block, {top}."
    if len(marks) > MAX_CACHE_MARKS:
        return (f"A maximum of {MAX_CACHE_MARKS} blocks with cache_control may be provided. Found {len(marks)}. "
                f"Mark only the ends of the prefixes you reuse (tools, system, the last turn).{note}")
    ttls = [mark.get("ttl") or "5m" for _, mark in marks]
    if "5m" in ttls and "1h" in ttls[ttls.index("5m"):]:
        at = marks[ttls.index("5m") + ttls[ttls.index("5m"):].index("1h")][0]
        return (f"{at}.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' "
                "cache_control block. Note that blocks are processed in the following order: `tools`, `system`, "
                f"`messages`.{note if at == 'cache_control' else ''}")
    return None


def check_media(body: dict) -> str | None:
    """At most 100 images and documents in one request, tool results included, and images no larger than the API
    takes: 8000 pixels a side, 2000 when there are more than 20 (the API's words)."""
    blocks = [(f"messages[{i}].content[{j}]", b) for i, m in enumerate(body.get("messages") or [])
              for j, b in enumerate(content_blocks(m)) if isinstance(b, dict)]
    blocks += [(f"{at}.content[{k}]", b) for at, t in blocks if t.get("type") == "tool_result"
               and isinstance(t.get("content"), list) for k, b in enumerate(t["content"]) if isinstance(b, dict)]
    images, documents = (sum(b.get("type") == kind for _, b in blocks) for kind in ("image", "document"))
    if images + documents > MAX_MEDIA:
        return (f"too many images and documents: {images} + {documents} > {MAX_MEDIA}; send at most {MAX_MEDIA} "
                "in one request (drop old screenshots from the history)")
    side, many = (MANY_SIDE, " for many-image requests") if images > 20 else (MAX_SIDE, "")
    over = sorted((re.sub(r"\[(\d+)\]", r".\1", at) for at, b in blocks if b.get("type") == "image"
                   and max(image_size(b.get("source")) or (0,)) > side),
                  key=lambda path: [int(n) for n in re.findall(r"\d+", path)])  # in the order sent
    if over:
        return Problem(f"{over[0]}.source.data: At least one of the image dimensions exceed max allowed size{many}: "
                       f"{side} pixels; resize the image (its longer side to {side} pixels or fewer)",
                       error_code="image_dimensions_too_large", max_side_length_pixels=side, paths=over)
    return None


def image_size(source) -> tuple[int, int] | None:
    """(width, height) read from a base64 PNG, GIF, JPEG or WebP image's header, else None."""
    try:
        data = base64.b64decode(source["data"], validate=True)[:1 << 20] if source.get("type") == "base64" else b""
    except (binascii.Error, ValueError, TypeError, KeyError, AttributeError):
        return None
    if data.startswith(b"\x89PNG") and len(data) >= 24:
        return struct.unpack(">II", data[16:24])
    if data.startswith(b"GIF8") and len(data) >= 10:
        return struct.unpack("<HH", data[6:10])
    if data[8:16] == b"WEBPVP8X" and len(data) >= 30:
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    if data[8:16] == b"WEBPVP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1
    if data[8:16] == b"WEBPVP8 " and len(data) >= 30:
        return tuple(side & 0x3FFF for side in struct.unpack("<HH", data[26:30]))
    at = 2 if data.startswith(b"\xff\xd8") else len(data)
    while at + 9 <= len(data) and data[at] == 0xFF:  # JPEG: the frame header (SOFn) holds height, then width
        if 0xC0 <= data[at + 1] <= 0xCF and data[at + 1] not in (0xC4, 0xC8, 0xCC):
            return struct.unpack(">HH", data[at + 5:at + 9])[::-1]
        at += 2 + int.from_bytes(data[at + 2:at + 4], "big")
    return None


def _check_choice(body: dict) -> str | None:
    choice = body.get("tool_choice") or {}
    offered = [t.get("name") for t in body.get("tools") or []]
    if choice.get("type") in ("any", "tool") and not offered:
        return f"tool_choice: type {choice['type']!r} needs tools; offer tools=[...] or use {{'type': 'auto'}}"
    if choice.get("type") == "tool" and choice.get("name") not in offered:
        return (f"tool_choice.name: {choice.get('name')!r} is not among the tools offered "
                f"({', '.join(map(str, offered))}); name one of them")
    thinking = (body.get("thinking") or {}).get("type")
    if choice.get("type") in ("any", "tool") and thinking in ("enabled", "adaptive"):
        return ("tool_choice: Thinking may not be enabled when tool_choice forces tool use; "
                "drop thinking or let the model choose its tools")
    return None


def _check_thinking(body: dict, count: bool = False) -> str | None:
    thinking = body.get("thinking") or {}
    if thinking.get("type") != "enabled":
        return None
    budget = thinking["budget_tokens"]
    if budget < MIN_THINKING_BUDGET:
        return (f"thinking.budget_tokens: Input should be greater than or equal to {MIN_THINKING_BUDGET} "
                f"({budget} was sent); write at least {MIN_THINKING_BUDGET}")
    if budget >= body["max_tokens"] and not count:
        return ("thinking.budget_tokens: `max_tokens` must be greater than `thinking.budget_tokens` "
                f"({body['max_tokens']} <= {budget}); raise max_tokens or lower the budget")
    return None


def _check_schema(schema: dict, where: str) -> str | None:
    if problem := schema_error(schema):
        return (f"{where}: JSON schema is invalid. It must match JSON Schema draft 2020-12 "
                f"(https://json-schema.org/draft/2020-12): {problem}; fix it, e.g. {{\"type\": \"string\"}}")
    return _unusable(json.dumps(schema, sort_keys=True), where)


NUMBER_BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
NOT_SUPPORTED = {"number": NUMBER_BOUNDS, "integer": NUMBER_BOUNDS, "string": ("minLength", "maxLength"),
                 "array": ("maxItems",)}  # structured outputs' "JSON Schema limitations" (docs)
SUBSET_FIX = ("; drop it and say the limit in the field's description, or use client.messages.parse(output_format=...), "
              "whose SDK moves it into the description for you")


def _outside_subset(schema: dict, where: str) -> str | None:
    """What structured outputs refuse in a valid schema (docs: structured-outputs, "JSON Schema limitations"; the
    API's words): bounds on numbers, strings and arrays, minItems other than 0 or 1, an object whose
    additionalProperties is anything but false, objects or arrays in an enum, and a schema that refers to itself."""
    for sub, at in _subschemas(schema, where):
        if not isinstance(sub, dict):
            continue
        kinds = [sub["type"]] if isinstance(sub.get("type"), str) else [k for k in sub.get("type") or [] if isinstance(k, str)]
        for kind in kinds:
            if word := next((w for w in NOT_SUPPORTED.get(kind, ()) if w in sub), None):
                return f"{at}: For '{kind}' type, property '{word}' is not supported" + SUBSET_FIX
            if kind == "array" and sub.get("minItems", 0) not in (0, 1):
                return f"{at}: For 'array' type, 'minItems' values other than 0 or 1 are not supported" + SUBSET_FIX
            # "must be set to false for objects" (docs); the API's words for true (litellm#35808) and for one left
            # out (quoted through Bedrock, future-agi#412; veryfront-code#3918)
            if kind == "object" and sub.get("additionalProperties") is not False:
                said = ("'additionalProperties: true' is not supported. Please set 'additionalProperties' to false"
                        if sub.get("additionalProperties") is True else "'additionalProperties' must be explicitly set to false")
                return (f"{at}: For 'object' type, {said}; add \"additionalProperties\": false to every object "
                        "(client.messages.parse does it for you)")
        if isinstance(sub.get("enum"), list) and any(isinstance(v, dict | list) for v in sub["enum"]):
            return (f"{at}.enum: complex types in enum are not supported (only strings, numbers, booleans and null); "
                    "list plain values, or put one object schema per choice in anyOf")
    return _circular(schema, where)


def _circular(schema: dict, where: str) -> str | None:
    """A definition that refers back to itself through $ref ('#/$defs/Node' inside Node): the API's words."""
    if any(isinstance(sub, dict) and "$id" in sub for sub, _ in list(_subschemas(schema, where))[1:]):
        return None  # a nested $id moves the base: such references are not followed here
    defs = {f"#/{key}/{name}": inner for key in ("$defs", "definitions") for name, inner in (schema.get(key) or {}).items()}
    top = {k: v for k, v in schema.items() if k not in ("$defs", "definitions")}

    def refs(node: dict) -> set:  # the definitions (or the root, '#') a schema points into
        found = {sub["$ref"] for sub, _ in _subschemas(node, "") if isinstance(sub, dict) and isinstance(sub.get("$ref"), str)}
        return {"#" if ref == "#" else "/".join(ref.split("/")[:3]) for ref in found if ref == "#" or ref.startswith("#/")}

    def loop(node: str, path: list) -> list | None:
        if node in path:
            return path[path.index(node):] + [node]
        inner = top if node == "#" else defs.get(node)
        return next((found for ref in sorted(refs(inner)) if (found := loop(ref, [*path, node]))), None) if inner else None
    if cycle := loop("#", []):
        names = " -> ".join(part.split("/")[-1] for part in cycle)
        return (f"{where}: Circular reference detected in schema definitions: {names}. Self-referencing or "
                "mutually-referencing definitions are not supported; give the nesting a fixed depth (Node, Child, Leaf)")
    return None


SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
SCHEMA_ONE = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
              "unevaluatedItems", "unevaluatedProperties", "contentSchema")


def _subschemas(schema, where: str):
    """(subschema, where) for `schema` and every schema inside it, keyword by keyword (not inside const or enum)."""
    yield schema, where
    for key, value in (schema.items() if isinstance(schema, dict) else ()):
        if key in SCHEMA_MAPS and isinstance(value, dict):
            for name, inner in value.items():
                yield from _subschemas(inner, f"{where}.{key}.{name}")
        elif key in SCHEMA_LISTS and isinstance(value, list):
            for i, inner in enumerate(value):
                yield from _subschemas(inner, f"{where}.{key}[{i}]")
        elif key in SCHEMA_ONE:
            yield from _subschemas(value, f"{where}.{key}")


def _resolves(schema: dict, ref: str) -> bool:
    """Whether `ref` points inside `schema`: a JSON pointer ('#/$defs/Item') or an anchor ('#item')."""
    if not ref.startswith("#/") and ref != "#":
        return ref.startswith("#") and any(isinstance(s, dict) and s.get("$anchor") == ref[1:]
                                           for s, _ in _subschemas(schema, ""))
    node = schema
    for part in ref[2:].split("/") if ref != "#" else []:
        part = unquote(part).replace("~1", "/").replace("~0", "~")
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return False
    return True


@lru_cache(maxsize=512)  # the same tools come back every turn
def _unusable(text: str, where: str) -> str | None:
    """A pattern that is no regex, or a $ref pointing nowhere: the meta-schema passes both; the API refuses them."""
    schema = json.loads(text)
    scoped = any(isinstance(sub, dict) and "$id" in sub for sub, _ in list(_subschemas(schema, where))[1:])
    for sub, at in _subschemas(schema, where):
        if not isinstance(sub, dict):
            continue
        patterns = [(f"{at}.pattern", sub["pattern"])] if isinstance(sub.get("pattern"), str) else []
        patterns += [(f"{at}.patternProperties", p) for p in sub.get("patternProperties") or {}]
        for field, pattern in patterns:
            try:
                re.compile(pattern)
            except re.error as exc:
                return f"{field}: {pattern!r} is not a valid regular expression ({exc}); fix it, e.g. '^[a-z]+$'"
        # a nested $id moves the base: such a schema's references are not followed here
        if isinstance(sub.get("$ref"), str) and not scoped and not _resolves(schema, sub["$ref"]):
            return (f"{at}.$ref: {sub['$ref']!r} points to nothing in the schema; define it under "
                    "$defs (e.g. '#/$defs/Item'), as references outside the schema are not supported")
    return None


def check_tools(tools) -> str | None:
    """Tool definitions: unique names, not all deferred, an input_schema that is a JSON Schema of an object and
    examples that fit it, and server tool settings the SDK's docstrings forbid together or pointing nowhere."""
    names = set()
    if tools and all(tool.get("defer_loading") for tool in tools):  # the tool-search docs' words
        return ("tools: All tools have defer_loading set. At least one tool must be non-deferred. Leave "
                "defer_loading out on one (the tool search tool, say)")
    for i, tool in enumerate(tools or []):
        where, name = f"tools[{i}]", tool.get("name", tool.get("mcp_server_name"))  # a toolset has no name
        if name in names:  # server tools (web_search, ...) included
            return f"tools: Tool names must be unique. ('{name}' is used twice, again at {where}); rename one"
        names.add(name)
        if tool.get("type") not in (None, "custom"):
            if problem := _check_server_tool(tool, where, [t.get("name") for t in tools]):
                return problem
            continue  # a server tool (web search, ...): the API defines its schema
        if not isinstance(name, str) or not TOOL_NAME.fullmatch(name):  # '' too
            return (f"{where}.name: String should match pattern '^[a-zA-Z0-9_-]{{1,128}}$' "
                    f"({name!r}); use letters, digits, _ and - only, e.g. 'get_weather'")
        schema = tool["input_schema"]
        if schema.get("type") != "object":
            return f"{where}.input_schema.type: must be 'object' (the tool's input is one object)"
        if problem := _check_schema(schema, f"{where}.input_schema"):
            return problem
        for j, example in enumerate(tool.get("input_examples") or []):
            if problem := _example_error(schema, example):
                return (f"{where}.input_examples[{j}]{problem}; each example must be valid according to the "
                        "tool's input_schema")
    return None


def _example_error(schema: dict, example: dict) -> str | None:
    """Where and how `example` breaks `schema` ('.city: 42 is not of type 'string''), the shallowest fault first."""
    errors = validator_class()(schema).iter_errors(example)
    error = min(errors, key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path)), e.message), default=None)
    if error is None:
        return None
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path) + f": {error.message}"


def _check_server_tool(tool: dict, where: str, declared: list) -> str | None:
    """web_search's allowed_domains and blocked_domains exclude each other, and web_fetch's url_sources name only
    tools of this request (the SDK's docstrings: "Cannot be used alongside", "must be declared in ... tools[]")."""
    if tool["type"].startswith("web_search_") and tool.get("allowed_domains") is not None \
            and tool.get("blocked_domains") is not None:
        return f"{where}.allowed_domains: cannot be used alongside blocked_domains; keep one of the two lists"
    for key, source in (tool.get("url_sources") or {}).items():
        for k, reference in enumerate(source.get("tools") or [] if isinstance(source, dict) else []):
            if reference.get("name") not in declared:
                return (f"{where}.url_sources.{key}.tools[{k}].name: {reference.get('name')!r} is not a tool of this "
                        "request; a named tool must be declared in tools=[...]: add it there or fix the name")
    return None


def _kind(tool: dict) -> str:
    """A tool's kind: 'custom', or its server tool type ('web_search_20250305', 'mcp_toolset', ...)."""
    return tool.get("type") or "custom"


def check_tool_changes(body: dict) -> Problem | None:
    """A system message's tool_addition and tool_removal, in order: a reference names a tool declared in `tools` or
    defined earlier in `messages` (an MCP one, a server in `mcp_servers`), and an inline definition takes no name an
    available tool of another kind holds (the SDK's ToolReferenceUnresolvedError and ToolNameConflictError)."""
    defined = {t.get("name"): t for t in body.get("tools") or [] if isinstance(t, dict)}
    available = dict(defined)
    servers = [s.get("name") for s in body.get("mcp_servers") or [] if isinstance(s, dict)]
    for i, message in enumerate(body["messages"]):
        blocks = content_blocks(message) if message.get("role") == "system" else []
        for j, block in ((j, b) for j, b in enumerate(blocks) if b.get("type") in ("tool_addition", "tool_removal")):
            tool, at = block["tool"], f"messages[{i}].content[{j}].tool"
            if tool["type"] == "tool_definition":
                name, new = tool["definition"].get("name"), tool["definition"]
                if name in available and _kind(available[name]) != _kind(new):
                    return Problem(f"{at}.definition.name: {name!r} is already the name of an available "
                                   f"{_kind(available[name])} tool; give the inline tool another name",
                                   error_code="tool_name_conflict")
                defined[name] = available[name] = new
            elif tool["type"] != "tool_reference" and tool["server_name"] not in servers:
                return Problem(f"{at}.server_name: {tool['server_name']!r} is not an MCP server of this request; add "
                               "it to mcp_servers or fix the name", error_code="tool_reference_unresolved")
            elif tool["type"] == "tool_reference" and tool["name"] not in defined:
                return Problem(f"{at}.name: {tool['name']!r} is no tool defined at this point of the conversation; "
                               "declare it in tools=[...] or in an earlier tool_addition, or fix the name",
                               error_code="tool_reference_unresolved")
            elif tool["type"] == "tool_reference" and block["type"] == "tool_removal":
                available.pop(tool["name"], None)
            elif tool["type"] == "tool_reference":
                available[tool["name"]] = defined[tool["name"]]
    return None


def check_version(body: dict, version: str | None) -> str | None:
    """What API version 2026-10-21 (neither 2023 version) refuses: a document block right in an assistant message,
    cited text in a user message (docs: api/migration-2026-10-21)."""
    if version in OLD_VERSIONS:
        return None
    for i, message in enumerate(body["messages"]):
        for j, block in enumerate(content_blocks(message)):
            where = f"messages[{i}].content[{j}]"
            if message["role"] == "assistant" and block.get("type") == "document":
                return (f"{where}: document blocks are not accepted in assistant messages (API version {version}); "
                        "send the document in a user message")
            inner = block.get("content") if block.get("type") == "search_result" else None
            texts = [(where, block), *((f"{where}.content[{k}]", b) for k, b in
                                       enumerate(inner if isinstance(inner, list) else []))]
            cited = [at for at, b in texts if isinstance(b, dict) and b.get("type") == "text" and b.get("citations")]
            if message["role"] == "user" and cited:
                return (f"{cited[0]}.citations: text blocks in user messages cannot carry citations "
                        f"(API version {version}); remove them")
    return None


def _sources(blocks):
    """Every document and search_result block among `blocks`, those inside tool results included."""
    for block in blocks:
        if isinstance(block, dict) and block.get("type") in ("document", "search_result"):
            yield block
        elif isinstance(block, dict) and block.get("type") == "tool_result" and isinstance(block.get("content"), list):
            yield from _sources(block["content"])


def check_sources(body: dict) -> str | None:
    """Citations on all documents (and all search results) of a request or on none; search results only in user
    messages; every MCP server used by exactly one mcp_toolset, and each toolset's server given (docs: citations,
    search-results, mcp-connector)."""
    for i, message in enumerate(body["messages"]):
        if message["role"] == "assistant" and any(b.get("type") == "search_result" for b in _sources(content_blocks(message))):
            return (f"messages[{i}]: search_result blocks can only appear in user messages (including inside tool "
                    "results); send them in a user message")
    for kind, plural in (("document", "documents"), ("search_result", "search results")):
        cited = {bool((b.get("citations") or {}).get("enabled")) for m in body["messages"]
                 for b in _sources(content_blocks(m)) if b.get("type") == kind}
        if len(cited) > 1:
            return (f"Currently, citations must be enabled on all or none of the {plural} within a request; set "
                    "citations.enabled the same on each")
    servers = [s.get("name") for s in body.get("mcp_servers") or [] if isinstance(s, dict)]
    used = [t.get("mcp_server_name") for t in body.get("tools") or [] if t.get("type", "").startswith("mcp_toolset")]
    if twice := next((n for n in servers if servers.count(n) > 1), None):
        return f"mcp_servers: server names must be unique ({twice!r} is used twice); rename one"
    if unknown := next((n for n in used if n not in servers), None):
        return (f"tools: mcp_toolset names the MCP server {unknown!r}, which is not in mcp_servers; add it there "
                "or fix the name")
    if unused := next((n for n in servers if used.count(n) != 1), None):
        return (f"mcp_servers: every server must be referenced by exactly one mcp_toolset in tools ({unused!r} is "
                f"referenced {used.count(unused)} times)")
    return None


def _ids(messages, role: str, kind: str, key: str) -> list[str]:
    """The `key` of every `kind` block in the first turn of `messages` (the leading run of `role` messages)."""
    return [b.get(key) for m in takewhile(lambda m: m.get("role") == role, messages)
            for b in content_blocks(m) if isinstance(b, dict) and b.get("type") == kind]


def check_messages(body: dict, issued_ids=frozenset()) -> str | None:
    """Content, image bytes, tool_use/tool_result pairing by turn; a tool_use in `issued_ids` may name any tool."""
    system = body.get("system") if isinstance(body.get("system"), list) else []
    if problem := next((p for j, b in enumerate(system) if isinstance(b, dict) and (p := _check_block(b, f"system[{j}]"))), None):
        return problem  # a blank system block is refused as a blank turn's is
    kept = [i for i, m in enumerate(body["messages"]) if m["role"] != "system"]
    if bare := [i for i, m in enumerate(body["messages"]) if m["role"] == "system" and not {"content", "output_config"} & set(m)]:
        return f"messages[{bare[0]}]: a system message must have content or output_config"
    if body["messages"] and not kept:  # it was sent, and is no turn of the conversation
        return ('messages: only system messages were sent, and they are no turn of the conversation; at least one '
                'user message is required, e.g. {"role": "user", "content": "..."} after them')
    problem = _check_turns([body["messages"][i] for i in kept], body, issued_ids)
    if problem and len(kept) < len(body["messages"]):  # name the messages as the caller numbered them
        problem = re.sub(r"messages\[(\d+)\]", lambda m: f"messages[{kept[int(m.group(1))]}]", problem)
    return problem


def _check_turns(messages: list, body: dict, issued_ids) -> str | None:
    if not messages:
        return 'messages: at least one message is required; start with {"role": "user", ...}'
    offered = [t.get("name") for t in offered_tools(body, withdrawn=False)]  # a tool added inline may be called
    seen: set = set()  # the tool_use ids met so far: each must be unique in the request
    for i, message in enumerate(messages):
        where = f"messages[{i}]"
        content = message.get("content")
        if not isinstance(content, str | list):
            return f"{where}: content must be a string or a list of content blocks"
        if any(not isinstance(b, dict) or "type" not in b for b in content_blocks(message)):
            return f"{where}: every content block must be a dict with a 'type'"
        if not content and i < len(messages) - 1 or not content and message["role"] == "user":
            return (f"{where}: all messages must have non-empty content except for the optional "
                    "final assistant message; drop the empty message or put the text in it")
        if isinstance(content, str) and content and not content.strip() and (i < len(messages) - 1 or message["role"] == "user"):
            return (f"{where}.content: text content blocks must contain non-whitespace text; a string is one text "
                    "block, so write the text or drop the message")  # as the block '   ' is refused
        if error := (_check_blocks(message, where) or _check_ids(message, where, seen)
                     or _check_tool_blocks(messages, i, offered, issued_ids)):
            return error
    return _check_thought_kept(messages, body)


def _check_thought_kept(messages: list, body: dict) -> str | None:
    """With thinking on, the assistant turn that the last tool_results answer must start with its thinking block."""
    if (body.get("thinking") or {}).get("type") not in ("enabled", "adaptive") or not any(
            b["type"] == "tool_result" for b in content_blocks(messages[-1]) if messages[-1]["role"] == "user"):
        return None
    i = next((k for k in range(len(messages) - 1, -1, -1) if messages[k]["role"] == "assistant"), None)
    first = (content_blocks(messages[i]) or [{"type": "text"}])[0]["type"] if i is not None else "thinking"
    if first in ("thinking", "redacted_thinking"):
        return None
    return (f"messages[{i}].content[0].type: Expected `thinking` or `redacted_thinking`, but found `{first}`. When "
            "`thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the "
            "lastmost set of `tool_use` and `tool_result` blocks); send the reply's content back whole, thinking first")


def _check_ids(message: dict, where: str, seen: set) -> str | None:
    """tool_use ids of the API's pattern, each used once in the whole request (the API's words)."""
    for j, block in enumerate(content_blocks(message)):
        tool_id = block.get("id") if block["type"] == "tool_use" else None
        if tool_id is not None and not TOOL_ID.fullmatch(str(tool_id)):
            return (f"{where}.content[{j}].id: String should match pattern '^[a-zA-Z0-9_-]+$' ({tool_id!r}); "
                    "send the id the reply gave, e.g. 'toolu_practice_0001'")
        if tool_id is not None and tool_id in seen:
            return (f"{where}.content[{j}]: `tool_use` ids must be unique ({tool_id!r} is used twice); "
                    "send each reply's tool_use blocks once")
        if tool_id is not None:
            seen.add(tool_id)
    return None


def _check_tool_blocks(messages, i, offered, issued_ids) -> str | None:
    message, where = messages[i], f"messages[{i}]"
    kinds = [b["type"] for b in content_blocks(message)]
    if message["role"] == "assistant":
        if "tool_result" in kinds:
            return f"{where}: tool_result blocks belong in a user message, not an assistant one"
        if "image" in kinds:  # the API's words
            return (f"{where}.content[{kinds.index('image')}]: 'image' blocks are not permitted within assistant turns; "
                    "send the image in a user message")
        for j, block in enumerate(content_blocks(message)):
            name = block.get("name")
            if block["type"] == "tool_use" and name not in offered and block.get("id") not in issued_ids:
                known = ", ".join(map(str, offered)) or "no tools"
                return (f"{where}.content[{j}]: tool_use calls '{name}', which is not among the "
                        f"tools offered ({known}); offer it in tools= or remove it from the history")
        asked = _ids([message], "assistant", "tool_use", "id")
        answered = _ids(list(dropwhile(lambda m: m.get("role") == "assistant", messages[i + 1:])), "user", "tool_result",
                        "tool_use_id")  # an assistant message after it is the same turn, as the API merges them
        if missing := [x for x in asked if x not in answered]:
            return (f"{where}: tool_use ids {', '.join(map(str, missing))} have no tool_result; the "
                    "next user message must answer every tool_use with a tool_result")
        return None
    if "tool_use" in kinds:
        return f"{where}: tool_use blocks belong in an assistant message, not a user one"
    results = [k == "tool_result" for k in kinds]
    if results != sorted(results, reverse=True):
        return f"{where}: tool_result blocks must come first in the content, before any text"
    start = next(k for k in range(i, -1, -1) if k == 0 or messages[k - 1].get("role") != "user")
    asked = _ids(reversed(messages[:start]), "assistant", "tool_use", "id")
    if asked and any(results) and any(b.get("type") != "tool_result" for m in messages[start:i] for b in as_blocks(m)):
        return (f"messages[{start}]: `tool_use` ids were found without `tool_result` blocks immediately after: "
                f"{', '.join(map(str, asked))}. Each `tool_use` block must have a corresponding `tool_result` block in "
                "the next message; consecutive user messages are one turn, so send the results first, then any text")
    answered = _ids(messages[start:i], "user", "tool_result", "tool_use_id")  # consecutive user turns are one
    for j, block in enumerate(content_blocks(message)):
        tool_use_id = block.get("tool_use_id")
        if block["type"] == "tool_result" and tool_use_id not in asked:
            return (f"{where}.content[{j}]: tool_result for '{tool_use_id}' but the previous "
                    "assistant message has no tool_use with that id; answer only the tool_use "
                    "ids of the assistant message just before it")
        if block["type"] == "tool_result" and tool_use_id in answered:
            return (f"{where}.content[{j}]: each tool_use must have a single result. Found multiple `tool_result` "
                    f"blocks with id: {tool_use_id}; send one tool_result per tool_use")
        answered.append(tool_use_id)
    return None


def _check_blocks(message: dict, where: str) -> str | None:
    """Text blocks that say something, and base64 images whose bytes are their media type."""
    for j, block in enumerate(content_blocks(message)):
        inner = block.get("content") if block["type"] == "tool_result" else None
        for k, part in [(None, block), *enumerate(inner if isinstance(inner, list) else [])]:
            at = f"{where}.content[{j}]" + (f".content[{k}]" if k is not None else "")
            if isinstance(part, dict) and (problem := _check_block(part, at)):
                return problem
    return None


def _check_block(block: dict, at: str) -> str | None:
    if block.get("type") == "text" and not str(block.get("text", "")).strip():
        return (f"{at}.text: text content blocks must " + ("be non-empty" if not block.get("text")
                else "contain non-whitespace text") + "; remove the block or write the text")
    source = block.get("source") if block.get("type") in ("image", "document") else None
    if not isinstance(source, dict) or source.get("type") != "base64":
        return None
    pdf = block["type"] == "document"  # a base64 document is a PDF (the only media type its shape takes)
    if not pdf and len(source.get("data", "")) > MAX_IMAGE:
        return (f"{at}.source: image exceeds 5 MB maximum: {len(source['data'])} bytes > {MAX_IMAGE} bytes; "
                "resize or recompress it (its base64 text is what counts)")
    try:
        data = base64.b64decode(source.get("data", ""), validate=True)
    except (binascii.Error, ValueError):
        data = None
    if pdf and (data is None or b"%PDF-" not in data[:1024]):
        return (f"{at}.source.data: The PDF specified was not valid. Send a PDF file's bytes, "
                "base64.b64encode(open(path, 'rb').read()).decode()")
    if data is None:
        return f"{at}.source.data: the image data is not valid base64; send base64.b64encode(bytes).decode()"
    if not data:
        return f"{at}.source.data: the image data is empty; send the image file's bytes, base64.b64encode(bytes).decode()"
    kind = source.get("media_type")
    if kind in MAGIC and not data.startswith(MAGIC[kind]) or kind == "image/webp" and data[8:12] != b"WEBP":
        real = next((k for k, marks in MAGIC.items() if data.startswith(marks) and (k != "image/webp" or data[8:12] == b"WEBP")),
                    None)  # a WAV file starts with RIFF too
        said = (f"The image was specified using the {kind} media type, but the image appears to be a {real} image"
                if real else f"Image does not match the provided media type {kind}")  # the API's two wordings
        return f"{at}.source: {said}; send the media_type of the file's real format"
    return None

