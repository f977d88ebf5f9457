"""Request checks the practice model makes, like the real API: one message per problem.

Each check returns None when the request is fine, else a one-line message saying what
is wrong and how to fix it; the transport turns it into a 400 invalid_request_error.
"""

ROLES = ("user", "assistant")


def check_fields(body: dict) -> str | None:
    """Top-level fields: model, max_tokens, messages, tools."""
    if not isinstance(body, dict):
        return "the request body must be a JSON object"
    if "model" not in body:
        return "model: field required; pass model=MODEL (e.g. 'claude-opus-5')"
    if "max_tokens" not in body:
        return "max_tokens: field required; pass max_tokens=1024 (the most tokens the reply may use)"
    tokens = body["max_tokens"]
    if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens < 1:
        return f"max_tokens: {tokens!r} is not a positive integer; pass e.g. max_tokens=1024"
    if "messages" not in body:
        return 'messages: field required; pass messages=[{"role": "user", "content": "..."}]'
    if not isinstance(body["messages"], list):
        return "messages: must be a list of {role, content} dicts"
    return check_tools(body.get("tools"))


def check_tools(tools) -> str | None:
    """Tool definitions: a list of dicts, each with a unique name and an input_schema."""
    if tools is None:
        return None
    if not isinstance(tools, list):
        return "tools: must be a list of tool definitions"
    names = set()
    for i, tool in enumerate(tools):
        where = f"tools[{i}]"
        if not isinstance(tool, dict):
            return f"{where}: must be a dict with name, description and input_schema"
        if tool.get("type") not in (None, "custom"):
            continue  # a server tool (web search, ...): the API defines its schema
        name = tool.get("name")
        if not isinstance(name, str) or not name:
            return f"{where}: field 'name' required; give every tool a name"
        if name in names:
            return f"{where}: the name '{name}' is used twice; tool names must be unique"
        names.add(name)
        schema = tool.get("input_schema")
        if not isinstance(schema, dict):
            return (f"{where} ('{name}'): field 'input_schema' required; pass a JSON Schema "
                    'like {"type": "object", "properties": {...}}')
        if schema.get("type") != "object":
            return f"{where} ('{name}'): input_schema.type must be 'object'"
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
    messages = body["messages"]
    if not messages:
        return 'messages: at least one message is required; start with {"role": "user", ...}'
    offered = [t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)]
    for i, message in enumerate(messages):
        where = f"messages[{i}]"
        if not isinstance(message, dict) or message.get("role") not in ROLES:
            return f"{where}: role must be 'user' or 'assistant'"
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
