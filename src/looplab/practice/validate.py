"""Request checks the practice model makes, like the real API: one message per problem.

Each check returns None when the request is fine, else a one-line message saying what
is wrong and how to fix it; the transport turns it into a 400 invalid_request_error.
"""

import re

from looplab._jsonschema import schema_error
from looplab.practice.models import MAX_OUTPUT_TOKENS

ROLES = ("user", "assistant", "system")
MIN_THINKING_BUDGET = 1024


def check_fields(body: dict) -> str | None:
    """What the request types cannot say: limits, thinking budget, tool_choice, schemas."""
    if body["max_tokens"] < 1 or body["max_tokens"] > MAX_OUTPUT_TOKENS:
        return (f"max_tokens: {body['max_tokens']} is out of range; write a number from 1 to "
                f"{MAX_OUTPUT_TOKENS} (the most tokens the reply may use), e.g. 1024")
    problem = check_tools(body.get("tools")) or _check_choice(body) or _check_thinking(body)
    if problem:
        return problem
    for i, sequence in enumerate(body.get("stop_sequences") or []):
        if not sequence.strip():
            return f"stop_sequences[{i}]: an empty or blank stop sequence; write visible text, e.g. 'END'"
    output = (body.get("output_config") or {}).get("format")
    if output:
        return _check_schema(output["schema"], "output_config.format.schema")
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
        return ("tool_choice: thinking may only be used with tool_choice 'auto' or 'none'; "
                "drop thinking or let the model choose its tools")
    return None


def _check_thinking(body: dict) -> str | None:
    thinking = body.get("thinking") or {}
    if thinking.get("type") != "enabled":
        return None
    budget = thinking["budget_tokens"]
    if budget < MIN_THINKING_BUDGET:
        return f"thinking.budget_tokens: {budget} is below the minimum; write at least {MIN_THINKING_BUDGET}"
    if budget >= body["max_tokens"]:
        return (f"thinking.budget_tokens: {budget} must be less than max_tokens ({body['max_tokens']}); "
                "raise max_tokens or lower the budget")
    return None


def _check_schema(schema: dict, where: str) -> str | None:
    problem = schema_error(schema)
    return f"{where}: not a valid JSON Schema ({problem}); fix it, e.g. {{\"type\": \"string\"}}" if problem else None


def check_tools(tools) -> str | None:
    """Tool definitions: unique names, and an input_schema that is a JSON Schema of an object."""
    names = set()
    for i, tool in enumerate(tools or []):
        if tool.get("type") not in (None, "custom"):
            continue  # a server tool (web search, ...): the API defines its schema
        where, name = f"tools[{i}]", tool["name"]
        if name in names:
            return f"{where}.name: the name '{name}' is used twice; tool names must be unique"
        names.add(name)
        schema = tool["input_schema"]
        if schema.get("type") != "object":
            return f"{where}.input_schema.type: must be 'object' (the tool's input is one object)"
        problem = _check_schema(schema, f"{where}.input_schema")
        if problem:
            return problem
    return None


def _blocks(message: dict) -> list:
    content = message.get("content")
    return content if isinstance(content, list) else []


def _ids(message: dict, kind: str, key: str) -> list[str]:
    return [b.get(key) for b in _blocks(message) if isinstance(b, dict) and b.get("type") == kind]


def check_messages(body: dict, issued_ids=frozenset()) -> str | None:
    """Roles, alternation, and tool_use/tool_result pairing across the history.

    Consecutive assistant messages are allowed (a resumed pause_turn); consecutive user
    messages are refused, though the real API would merge them: in an agent loop they
    almost always mean the assistant reply was not appended.

    `issued_ids` are tool_use ids this transport produced: a history tool_use with one of
    those ids may name a tool that is not offered (a scripted fault), anything else may not.
    """
    kept = [i for i, m in enumerate(body["messages"]) if m["role"] != "system"]
    problem = _check_turns([body["messages"][i] for i in kept], body, issued_ids)
    if problem and len(kept) < len(body["messages"]):  # name the messages as the caller numbered them
        problem = re.sub(r"messages\[(\d+)\]", lambda m: f"messages[{kept[int(m.group(1))]}]", problem)
    return problem


def _check_turns(messages: list, body: dict, issued_ids) -> str | None:
    if not messages:
        return 'messages: at least one message is required; start with {"role": "user", ...}'
    offered = [t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)]
    for i, message in enumerate(messages):
        where = f"messages[{i}]"
        content = message.get("content")
        if not isinstance(content, str | list):
            return f"{where}: content must be a string or a list of content blocks"
        if any(not isinstance(b, dict) or "type" not in b for b in _blocks(message)):
            return f"{where}: every content block must be a dict with a 'type'"
        role = message["role"]
        if i == 0 and role != "user":
            return "messages[0]: the first message must have role 'user'; start with the task"
        if i > 0 and role == "user" and messages[i - 1].get("role") == "user":
            return (f"{where}: two 'user' messages in a row; roles must alternate "
                    "user/assistant: append the assistant reply between them, or merge them")
        error = _check_tool_blocks(messages, i, offered, issued_ids)
        if error:
            return error
    return None


def _check_tool_blocks(messages, i, offered, issued_ids) -> str | None:
    message, where = messages[i], f"messages[{i}]"
    kinds = [b["type"] for b in _blocks(message)]
    if message["role"] == "assistant":
        if "tool_result" in kinds:
            return f"{where}: tool_result blocks belong in a user message, not an assistant one"
        for j, block in enumerate(_blocks(message)):
            name = block.get("name")
            if block["type"] == "tool_use" and name not in offered and block.get("id") not in issued_ids:
                known = ", ".join(map(str, offered)) or "no tools"
                return (f"{where}.content[{j}]: tool_use calls '{name}', which is not among the "
                        f"tools offered ({known}); offer it in tools= or remove it from the history")
        asked = _ids(message, "tool_use", "id")
        following = messages[i + 1] if i + 1 < len(messages) else {}
        answered = _ids(following, "tool_result", "tool_use_id") if following.get("role") == "user" else []
        missing = [x for x in asked if x not in answered]
        if missing:
            return (f"{where}: tool_use ids {', '.join(map(str, missing))} have no tool_result; the "
                    "next user message must answer every tool_use with a tool_result")
        return None
    if "tool_use" in kinds:
        return f"{where}: tool_use blocks belong in an assistant message, not a user one"
    results = [k == "tool_result" for k in kinds]
    if any(results) and results != sorted(results, reverse=True):
        return f"{where}: tool_result blocks must come first in the content, before any text"
    asked = [x for m in assistant_turn(messages, i) for x in _ids(m, "tool_use", "id")]
    for j, block in enumerate(_blocks(message)):
        tool_use_id = block.get("tool_use_id")
        if block["type"] == "tool_result" and tool_use_id not in asked:
            return (f"{where}.content[{j}]: tool_result for '{tool_use_id}' but the previous "
                    "assistant message has no tool_use with that id; answer only the tool_use "
                    "ids of the assistant message just before it")
    return None


def assistant_turn(messages: list, i: int) -> list:
    """The assistant messages just before messages[i] (several when a paused turn resumed)."""
    turn = []
    while i > 0 and messages[i - 1].get("role") == "assistant":
        i -= 1
        turn.insert(0, messages[i])
    return turn


def merge_turns(messages: list) -> list:
    """`messages` with consecutive assistant messages joined into one, as the API does when
    a paused turn (stop_reason pause_turn) is resumed."""
    merged = []
    for message in messages:
        if merged and message.get("role") == "assistant" == merged[-1].get("role"):
            merged[-1] = {**merged[-1], "content": [*_as_blocks(merged[-1]), *_as_blocks(message)]}
        else:
            merged.append(message)
    return merged


def _as_blocks(message: dict) -> list:
    content = message.get("content")
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content)
