"""Read a Messages API request body into a plain View the practice planner decides from."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


def schema_of(spec) -> dict:
    """A subschema as a dict: JSON Schema's `true` (any value) is {}, `false` (no value) is {"not": {}}."""
    return spec if isinstance(spec, dict) else {} if spec else {"not": {}}


@dataclass(frozen=True)
class OfferedTool:
    """A tool as the request offers it: name, description and JSON schema."""

    name: str
    description: str = ""
    input_schema: dict = field(default_factory=dict)

    @property
    def properties(self) -> dict:
        """The schema's properties, name -> property schema (a dict, JSON Schema's true and false included)."""
        return {name: schema_of(spec) for name, spec in (self.input_schema.get("properties") or {}).items()}

    @property
    def required(self) -> list[str]:
        """The names of the required properties."""
        return list(self.input_schema.get("required") or [])


@dataclass(frozen=True)
class Step:
    """One tool call the model made and, once answered, its result."""

    name: str
    input: dict
    id: str
    result: str | None = None
    is_error: bool = False


@dataclass(frozen=True)
class View:
    """What the planner sees of a request: `task`, the user text opening the current exchange, and `steps` since."""

    task: str
    tools: tuple[OfferedTool, ...] = ()
    steps: tuple[Step, ...] = ()
    last_results: tuple[Step, ...] = ()
    gullible: bool = False
    follow_up: bool = False  # the user wrote before `task`: the planner reads `task` alone
    aside: str = ""  # text the user sent beside the last tool results ('Sorry, I meant Paris'): it is not read
    earlier: str = ""  # the user's text before `task`: only its language is read, for a bare 'Recommence.'

    def tool(self, name: str) -> OfferedTool | None:
        """The offered tool with this name, or None."""
        return next((t for t in self.tools if t.name == name), None)

    def calls_of(self, name: str) -> list[Step]:
        """The steps that called the tool `name`, in order."""
        return [s for s in self.steps if s.name == name]


def text_of(content) -> str:
    """The text of a message content: a string, or the text blocks joined by newlines."""
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content or [] if isinstance(b, dict) and b.get("type") == "text")


def system_said(messages: list) -> list[str]:
    """The text of the system messages in `messages` the model is shown: one with clear_at "next_user_message" only
    until a later user message exists."""
    last_user = max((i for i, m in enumerate(messages) if m["role"] == "user"), default=-1)
    return [text_of(m.get("content")) for i, m in enumerate(messages) if m["role"] == "system"
            and not (m.get("clear_at") == "next_user_message" and last_user > i)]


def result_text(content) -> str:
    """A tool result's text: its text blocks, and the text of its documents and search results, one per line."""
    if isinstance(content, str):
        return content
    parts = []
    for block in (b for b in content or [] if isinstance(b, dict)):
        kind, source = block.get("type"), block.get("source") if isinstance(block.get("source"), dict) else {}
        if kind == "text":
            parts.append(block.get("text", ""))
        elif kind == "search_result":
            parts.append(text_of(block.get("content")))
        elif kind == "document" and source.get("type") == "text":
            parts.append(source.get("data", ""))
        elif kind == "document" and source.get("type") == "content":
            parts.append(text_of(source.get("content")))
    return "\n".join(parts)


def content_blocks(message: dict) -> list:
    """A message's list of content blocks; string content has none (the checks read it so)."""
    content = message.get("content")
    return content if isinstance(content, list) else []


def as_blocks(message: dict) -> list:
    """A message's content as blocks, string content as one text block."""
    content = message.get("content")
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content or [])


def merge_turns(messages: list) -> list:
    """`messages` with consecutive ones of one role joined into one turn, as the API does (pause_turn, follow-up)."""
    merged = []
    for message in messages:
        if merged and message.get("role") == merged[-1].get("role"):
            merged[-1] = {**merged[-1], "content": [*as_blocks(merged[-1]), *as_blocks(message)]}
        else:
            merged.append(message)
    return merged


def dict_blocks(message: dict) -> list[dict]:
    """A message's content as blocks (see as_blocks), only those that are dicts."""
    return [b for b in as_blocks(message) if isinstance(b, dict)]


def offered_tools(body: dict, withdrawn: bool = True) -> list:
    """The request's `tools` as system messages change them (beta): a `tool_removal` takes one away from there on, a
    `tool_addition` brings one back or adds its inline definition; `withdrawn=False` keeps the removed ones."""
    tools = [t for t in body.get("tools") or [] if isinstance(t, dict)]
    declared = {t.get("name"): t for t in tools}
    for block in (b for m in body.get("messages") or [] if isinstance(m, dict) and m.get("role") == "system"
                  for b in dict_blocks(m) if b.get("type") in ("tool_addition", "tool_removal")):
        tool = block.get("tool") or {}
        name = tool.get("name") or (tool.get("definition") or {}).get("name")
        tools = [t for t in tools if t.get("name") != name or not withdrawn and block["type"] == "tool_removal"]
        tools += [tool.get("definition") or declared.get(name) or {}] * (block["type"] == "tool_addition")
    return [t for t in tools if t]


COURTESY = re.compile(r"(?:\W*(?:thanks?(?: you)?(?: (?:a lot|very much|so much))?|thx|ok(?:ay)?|great|perfect|cool|super|"
                      r"here (?:you go|it is|they are|are the results|is the result)|(?:please )?(?:continue|go on|carry on|keep going)|please|"
                      r"merci(?: beaucoup)?|voil[àa](?: les résultats| le résultat)?|parfait|vas-y|allez-y|continue[sz]?)\b)+\W*",
                      re.IGNORECASE)  # text beside tool results that asks nothing

UNREAD = "an image or a PDF, which the practice model does not read"  # a result with no text is no answer
# A short result that asks to be called again ('partial reading, call again', 'busy, retry later') is a failed call.
AGAIN = re.compile(r"\b(?:(?:call|try|ask|query)(?: (?:me|it|us))? again|retry|réessaye[rz]?|rappelez|relancez|(?:rappeler|"
                   r"relancer)(?= plus tard| dans\b| l['’]appel| la requête| la demande| l['’]outil))\b", re.IGNORECASE)  # not
# 'virement rejeté par la banque, à relancer' in a record


def read_request(body: dict, gullible: bool = False) -> View:
    """Build the View of a request body (`system`, `tools`, `messages` as the API takes them)."""
    messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
    tools = tuple(OfferedTool(t.get("name", ""), t.get("description") or "", t.get("input_schema") or {})
                  for t in body.get("tools") or [] if isinstance(t, dict) and t.get("name"))  # a toolset has none
    start = max((i for i, m in enumerate(messages)  # plain text from the user: a task, or a follow-up
                 if m.get("role") == "user" and not any(b.get("type") == "tool_result" for b in dict_blocks(m))), default=0)
    task = text_of(messages[start].get("content")) if messages else ""
    calls: dict[str, dict] = {}
    last_ids: list[str] = []
    for i, message in enumerate(messages[start + 1 :], start + 1):
        for block in dict_blocks(message):
            if block.get("type") == "tool_use":
                calls[block.get("id", "")] = {"name": block.get("name", ""), "input": block.get("input") or {},
                                              "id": block.get("id", "")}
            elif block.get("type") == "tool_result" and block.get("tool_use_id") in calls:
                result = result_text(block.get("content"))
                if not result and any(b.get("type") in ("image", "document") for b in dict_blocks(block)):
                    result = UNREAD
                failed = bool(block.get("is_error")) or result == UNREAD or len(result) < 160 and bool(AGAIN.search(result))
                calls[block["tool_use_id"]].update(result=result, is_error=failed)
                if i == len(messages) - 1:
                    last_ids.append(block["tool_use_id"])
    steps = tuple(Step(**call) for call in calls.values())
    follow_up = any(m.get("role") == "user" and text_of(m.get("content")).strip() for m in messages[:start])
    aside = " ".join(b.get("text") or "" for b in dict_blocks(messages[-1]) if b.get("type") == "text").strip() if (
        start < len(messages) - 1 and messages[-1].get("role") == "user") else ""
    aside = "" if COURTESY.fullmatch(aside) else aside  # 'Thanks!' beside the results changes nothing
    earlier = "\n".join(text_of(m.get("content")) for m in messages[:start] if m.get("role") == "user")
    return View(task, tools, steps, tuple(s for s in steps if s.id in last_ids), gullible, follow_up, aside, earlier)
