"""Context management and compaction, as the SDK's beta types describe them; docs/conformance.md has every rule."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zlib
from itertools import takewhile

from looplab.practice import tokens
from looplab.practice.models import fallbacks
from looplab.practice.responses import Problem
from looplab.practice.view import as_blocks, content_blocks, merge_turns, result_text

CLEARED = "[cleared to save context: this tool result was removed from the history]"
BETA_EDITS, BETA_COMPACTION = "context-management-2025-06-27", "compact-2026-09-04"
DEFAULT_TRIGGER, DEFAULT_KEEP = 100_000, 3
KEPT_CHARS = 240  # how much of each tool result a compaction quotes
ABRIDGED = re.compile(r"\n\[abridged: \d+ of \d+ characters kept\]\Z")


def is_cleared(text: str) -> bool:
    """True for a tool result that context management (the API's or a loop's own) replaced."""
    return str(text).startswith("[cleared")


def cut(text: str) -> str:
    """How context management or a loop's own summary left a tool result: 'cleared from' or 'abridged in' the
    history, or '' when it is whole. A listing or a document cut short is no whole one."""
    return "cleared from" if is_cleared(text) else "abridged in" if ABRIDGED.search(str(text)) else ""


def check(body: dict, betas: list[str], held: int = 0) -> str | None:
    """What the API would refuse in `context_management` / `compaction`, or None (`held`: the messages a continued
    thread holds before those sent)."""
    if body.get("compaction") and body.get("context_management"):
        return "compaction: cannot be combined with context_management; send one of them"
    for field, beta in (("context_management", BETA_EDITS), ("compaction", BETA_COMPACTION)):
        if body.get(field) is not None and beta not in betas:  # a compaction, if sent, has its `type`
            return f"{field}: needs the beta '{beta}'; pass betas=['{beta}']"
    for i, edit in enumerate((body.get("context_management") or {}).get("edits") or []):
        if edit["type"] == "compact_20260112":
            return (f"context_management.edits[{i}]: the practice model does not do compact_20260112 "
                    "(compaction inside a request); send compaction={'type': 'summarize'} in its own "
                    "request, or use Claude")
        for name in ("trigger", "keep", "clear_at_least"):
            value = edit.get(name)
            if isinstance(value, dict) and value.get("value", 0) < (1 if name == "trigger" else 0):
                return f"context_management.edits[{i}].{name}.value: {value['value']} is too small; write a positive number"
    found = [(f"messages[{i}].content[{j}]", (i, j) == (0, 0) and m["role"] != "system", b)
             for i, m in enumerate(body["messages"]) for j, b in enumerate(content_blocks(m)) if b["type"] == "compaction"]
    if len(summaries := [at for at, _, b in found if b.get("content") is not None]) > 1:
        return Problem(f"{summaries[1]}: more than one compaction block with content; send only the block the "
                       "conversation returned last", error_code="compaction_block_ambiguous")
    for at, first, block in found:
        if not first and held:  # sent in a continue: the thread's held messages come first
            return Problem(f"{at}: a compaction block goes first in the conversation, and the {held} messages this "
                           'thread holds come before it; start a new thread (thread={"type": "create"}) whose '
                           "first message begins with the block", error_code="compaction_block_misplaced")
        if not first:
            return Problem(f"{at}: a compaction block goes first: send it as the first block of messages[0], in "
                           "place of the messages it summarises", error_code="compaction_block_misplaced")
        if block.get("content") == "":
            return f"{at}.content: empty summary; send the block back as it came"
        if block.get("content") is not None and (problem := _verify(block, at)):
            return problem
    return None


def check_request(body: dict, asked: dict) -> str | None:
    """What the API refuses in a compaction request (`body` whole, `asked` as the client sent it): a field that only
    shapes a reply, as the SDK's tool runner says when it strips them (_without_compaction_incompatible_params); a
    conversation with nothing to summarize, or one ending on an unanswered tool call (the SDK's typed errors)."""
    if not body.get("compaction"):
        return None
    shaping = [*(name for name in ("stop_sequences", "output_format") if asked.get(name)),
               *(["tool_choice"] if (asked.get("tool_choice") or {}).get("type") in ("any", "tool") else []),
               *(["output_config.format"] if (asked.get("output_config") or {}).get("format") else []),
               *(f"fallbacks[{i}].output_config.format" for i, entry in enumerate(fallbacks(asked))
                 if (entry.get("output_config") or {}).get("format"))]
    if shaping:
        return (f"{shaping[0]}: only shapes a reply, and a compaction request returns only the compaction block, "
                "never a reply; drop it from this request and send it with the next one")
    messages = body["messages"]
    if not (turns := [i for i, m in enumerate(messages) if m["role"] != "system"]):
        only = " (only system messages, which are no turn of the conversation)" if messages else ""
        return Problem(f"messages: holds no user or assistant content to summarize{only}; send the conversation to "
                       "compact", error_code="compaction_nothing_to_summarize")
    last = list(takewhile(lambda i: messages[i]["role"] == "assistant", reversed(turns)))  # one turn, as merged
    calls = [(i, b.get("id")) for i in reversed(last) for b in content_blocks(messages[i]) if b.get("type") == "tool_use"]
    if calls:
        return Problem(f"messages[{calls[0][0]}]: the compaction request ends on an assistant turn that is not "
                       f"finished (tool_use ids {', '.join(str(c) for _, c in calls)} have no tool_result); send the "
                       "tool results first, or compact the history before that turn",
                       error_code="compaction_incomplete_turn")
    return None


def _verify(block: dict, at: str) -> Problem | None:
    """A compaction block sent back as it came: its signature is the one made for its summary, which its
    encrypted_content gives again; and no tool_changes, as the practice model returns none."""
    if block.get("signature") == _signature(block):
        return None if block.get("tool_changes") is None else Problem(
            f"{at}.tool_changes: differs from what was returned with the block (no tool_changes); send the block "
            "back as it came", error_code="compaction_tool_changes_mismatch")
    try:  # what the block said when it was made, read back from the turns it carries
        turns = json.loads(zlib.decompress(base64.b64decode(block.get("encrypted_content") or "")))
        made = {_signature({**block, "content": _summary(turns, fr)}) for fr in (False, True)}
    except (ValueError, TypeError, KeyError, AttributeError, zlib.error):  # not the turns a compaction wrote
        made = set()
    if block.get("signature") in made:
        return Problem(f"{at}.signature: this compaction block's signature does not match its content; send "
                       "compaction blocks back exactly as they came", error_code="compaction_content_mismatch")
    return Problem(f"{at}.signature: this compaction block's signature does not verify; send compaction blocks back "
                   "exactly as they came", error_code="compaction_signature_invalid")


def _signature(block: dict) -> str:  # like control.sign for thinking (importing it would make a cycle)
    text = (block.get("content") or "") + "\n" + (block.get("encrypted_content") or "")
    return "practice-" + hashlib.sha256(text.encode()).hexdigest()[:32]


# --- compaction -----------------------------------------------------------------------------

def abridge(text: str, chars: int = KEPT_CHARS) -> str:
    """The first whole lines of `text` up to `chars` characters (a first line longer than that cut, ending '…'),
    with a note of how many of its characters were kept."""
    if len(text) <= chars or cut(text):
        return text
    kept, size = [], 0
    for line in text.splitlines():
        if kept and size + len(line) + 1 > chars:
            break
        kept.append(line[:chars])
        size += len(kept[-1]) + 1
    left = "…" if len(kept[0]) < len(text.splitlines()[0]) else ""  # a sentence cut mid-way is no sentence
    return "\n".join(kept) + f"{left}\n[abridged: {len(chr(10).join(kept))} of {len(text)} characters kept]"


def _digest(messages: list) -> list:
    """The turns a compaction keeps: text and tool calls as they were, tool results abridged."""
    kept = []
    for message in messages:
        blocks = []
        for block in as_blocks(message):
            if block["type"] in ("text", "tool_use"):
                blocks.append({k: block[k] for k in ("type", "text", "id", "name", "input") if k in block})
            elif block["type"] == "tool_result":
                blocks.append({"type": "tool_result", "tool_use_id": block["tool_use_id"],
                               "content": abridge(result_text(block.get("content"))),
                               **({"is_error": True} if block.get("is_error") else {})})
        if blocks:
            kept.append({"role": message["role"], "content": blocks})
    return kept


def _summary(turns: list, fr: bool = False) -> str:
    """The summary speaks the task's language (French when `fr`); what it quotes stays as it was."""
    calls = {}
    lines = [f"Résumé de {len(turns)} messages antérieurs. Le modèle d'entraînement cite ce qui a été dit et ce "
             "que les outils ont renvoyé (résultats abrégés) ; il n'ajoute rien." if fr else
             f"Summary of {len(turns)} earlier messages. The practice model quotes what was said and "
             "what the tools returned (results abridged); it adds nothing."]
    for message in turns:
        for block in message["content"]:
            if block["type"] == "text":
                who = ("Tâche" if fr else "Task") if message["role"] == "user" and len(lines) == 1 else (
                    ("Utilisateur" if fr else "User") if message["role"] == "user" else ("Assistant"))
                lines.append(f"{who}: {block['text']}")
            elif block["type"] == "tool_use":
                calls[block["id"]] = f"{block['name']}({json.dumps(block['input'], ensure_ascii=False)})"
            elif block["type"] == "tool_result":
                said = " / ".join(line for line in block["content"].splitlines() if line.strip())
                lines.append(f"- {calls.get(block['tool_use_id'], 'a tool')} returned: {said}")
    return "\n".join(lines)


def compaction_message(body: dict, message_id: str, usage: dict, in_french: bool = False) -> dict:
    """A compaction request's reply: one signed block, its turns in encrypted_content (compressed, not encrypted)."""
    turns = _digest(expand(body)["messages"])
    block = {"type": "compaction", "content": _summary(turns, in_french),
             "encrypted_content": base64.b64encode(zlib.compress(json.dumps(turns).encode(), 9)).decode()}
    block["signature"] = _signature(block)
    usage = {**usage, "output_tokens": tokens.estimate(block["content"]) + 1}
    return {"id": message_id, "type": "message", "role": "assistant", "model": body["model"],
            "content": [block], "stop_reason": "compaction", "stop_sequence": None, "usage": usage}


def _summarised(body: dict) -> list:
    """The abridged turns that a compaction block sent first in `body` stands for (none without one)."""
    messages = body["messages"]
    first = content_blocks(messages[0]) if messages else []
    if not first or first[0]["type"] != "compaction" or not first[0].get("content"):
        return []
    return json.loads(zlib.decompress(base64.b64decode(first[0]["encrypted_content"])))


def expand(body: dict, merged: bool = True) -> dict:
    """`body` with a compaction block sent back first replaced by the abridged turns it stands for; turns of one role
    joined unless not `merged` (then the messages sent keep their order after the turns, for `as_given`)."""
    messages = body["messages"]
    first = content_blocks(messages[0]) if messages else []
    if not first or first[0]["type"] != "compaction":
        return body
    rest = [{**messages[0], "content": first[1:]}] if first[1:] else []
    expanded = [*_summarised(body), *rest, *messages[1:]]
    return {**body, "messages": merge_turns(expanded) if merged else expanded}


def as_given(problem, body: dict):
    """A problem found in expand(body, merged=False), with its message numbers as `body` holds them: the request's
    `messages` are what paths index, and a summarised turn is named as its compaction block, messages[0].content[0]."""
    first = content_blocks(body["messages"][0]) if problem and body["messages"] else []
    if not first or first[0]["type"] != "compaction":
        return problem
    summarised, rest = len(_summarised(body)), len(first) > 1

    def given(found: re.Match) -> str:
        dotted, number, block = found[1] == ".", int(found[2]) - summarised, found[3]
        if number < 0:
            number, block = 0, "0"
        elif rest and number == 0:
            block = None if block is None else str(int(block) + 1)  # after the compaction block
        else:
            number += not rest  # messages[0] held only the block
        path = f"messages.{number}" if dotted else f"messages[{number}]"
        return path + ("" if block is None else f".content.{block}" if dotted else f".content[{block}]")
    pattern = r"messages(\[|\.)(\d+)\]?(?:\.content(?:\[|\.)(\d+)\]?)?"
    details = dict(getattr(problem, "details", None) or {})
    if "paths" in details:
        details["paths"] = [re.sub(pattern, given, path) for path in details["paths"]]
    return Problem(re.sub(pattern, given, problem), **details)


# --- context editing ------------------------------------------------------------------------

def _value(setting, default):
    return setting["value"] if isinstance(setting, dict) and "value" in setting else default


def clear_tool_uses(body: dict, edit: dict) -> tuple[dict, dict | None]:
    """Apply one clear_tool_uses_20250919 edit: (the edited body, its applied edit or None)."""
    trigger = edit.get("trigger") or {"type": "input_tokens", "value": DEFAULT_TRIGGER}
    uses = [b for m in body["messages"] if m["role"] == "assistant"
            for b in content_blocks(m) if b["type"] == "tool_use"]
    size = tokens.input_tokens(body)
    if (size if trigger["type"] == "input_tokens" else len(uses)) < trigger["value"]:
        return body, None
    keep = _value(edit.get("keep"), DEFAULT_KEEP)
    excluded = set(edit.get("exclude_tools") or [])
    inputs = edit.get("clear_tool_inputs") or False
    chosen = {b["id"]: b["name"] for b in uses[: max(0, len(uses) - keep)] if b["name"] not in excluded}
    cleared, messages = set(), []
    for message in body["messages"]:
        blocks = []
        for block in content_blocks(message):
            if block["type"] == "tool_result" and block["tool_use_id"] in chosen \
                    and not is_cleared(result_text(block.get("content"))):
                block = {**block, "content": CLEARED}
                cleared.add(block["tool_use_id"])
            elif block["type"] == "tool_use" and block["id"] in chosen and block["input"] \
                    and (inputs is True or (isinstance(inputs, list) and block["name"] in inputs)):
                block = {**block, "input": {}}
                cleared.add(block["id"])
            blocks.append(block)
        messages.append({**message, "content": blocks} if isinstance(message["content"], list) else message)
    edited = {**body, "messages": messages}
    saved = size - tokens.input_tokens(edited)
    if not cleared or saved < _value(edit.get("clear_at_least"), 0):
        return body, None
    return edited, {"type": "clear_tool_uses_20250919", "cleared_tool_uses": len(cleared),
                    "cleared_input_tokens": saved}


def clear_thinking(body: dict, edit: dict) -> tuple[dict, dict | None]:
    """Apply one clear_thinking_20251015 edit: thinking is kept for the last `keep` assistant turns."""
    keep = edit.get("keep", {"type": "thinking_turns", "value": 1})
    if keep == "all" or (isinstance(keep, dict) and keep.get("type") == "all"):
        return body, None
    turns = [i for i, m in enumerate(body["messages"]) if m["role"] == "assistant"
             and any(b["type"] in ("thinking", "redacted_thinking") for b in content_blocks(m))]
    if not (drop := set(turns[: max(0, len(turns) - keep["value"])])):
        return body, None
    messages = [{**m, "content": [b for b in m["content"] if b["type"] not in ("thinking", "redacted_thinking")]}
                if i in drop else m for i, m in enumerate(body["messages"])]
    edited = {**body, "messages": messages}
    return edited, {"type": "clear_thinking_20251015", "cleared_thinking_turns": len(drop),
                    "cleared_input_tokens": tokens.input_tokens(body) - tokens.input_tokens(edited)}


def edit(body: dict) -> tuple[dict, list | None]:
    """`body` after its context_management edits, and the applied edits (None without the field)."""
    if body.get("context_management") is None:
        return body, None
    applied = []
    for one in body["context_management"].get("edits") or []:
        apply = clear_tool_uses if one["type"] == "clear_tool_uses_20250919" else clear_thinking
        body, done = apply(body, one)
        if done:
            applied.append(done)
    return body, applied
