"""Section 6: input tokens and cost per turn of a 10-turn research run: full, cached, trimmed.

Offline the figures are estimates by the practice model's token rule (looplab/practice/tokens.py);
`run_all.py --live` sends the same requests to make_client() when ANTHROPIC_API_KEY is set.
"""

from __future__ import annotations

import copy
import os
import time
from pathlib import Path

from _common import Row, Section

from looplab import samples
from looplab.client import MODEL, make_client, practice_client
from looplab.loop import run_agent
from looplab.practice import transport_of
from looplab.practice.script import call
from looplab.pricing import cost_usd

ARTICLES = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "articles"


def read_doc(name: str) -> dict:
    """A scripted read_doc call (`call(name, **input)` cannot take an input named `name`)."""
    return {"content": [{"type": "tool_use", "name": "read_doc", "input": {"name": name}}],
            "stop_reason": "tool_use"}


SYSTEM = "You are a research assistant. Answer only from the documents, citing file names in brackets."
TASK = "What do our articles say about heat pumps in cold climates, and what else should a homeowner weigh?"
STEPS = [call("search_docs", query="heat pumps cold climates"),
         read_doc("heat-pumps-cold-climates.md"),
         read_doc("insulate-before-you-electrify.md"),
         call("search_docs", query="home energy winter"),
         read_doc("rainwater-harvesting.md"),
         read_doc("home-composting.md"),
         call("search_docs", query="garden outdoor"),
         read_doc("honeybee-foraging.md"),
         read_doc("urban-cycling-safety.md"),
         "Heat pumps keep working well below freezing [heat-pumps-cold-climates.md]; insulate "
         "first [insulate-before-you-electrify.md]."]
KEEP = 3  # trimming keeps the last KEEP tool results in full
EPHEMERAL = {"type": "ephemeral"}


def conversation() -> tuple[dict, list[list[dict]], list[int]]:
    """(request fields, the messages of each of the 10 requests, output tokens per turn)."""
    tools = samples.docs_tools(ARTICLES)
    run = run_agent(practice_client(script=STEPS), TASK, tools, system=SYSTEM, max_turns=10)
    if run.status != "done" or run.turns != 10:
        raise RuntimeError(f"the scripted research run ended {run.status} after {run.turns} turns, not done after 10")
    messages = [{"role": "user", "content": [{"type": "text", "text": TASK}]}, *run.messages[1:]]
    outputs = [e.data["usage"]["output_tokens"] for e in run.events if e.kind == "model_reply"]
    fields = {"model": MODEL, "system": SYSTEM, "tools": [t.to_api() for t in tools]}
    return fields, [messages[: 2 * turn + 1] for turn in range(10)], outputs


def trimmed(messages: list[dict], keep: int = KEEP) -> list[dict]:
    """`messages` with every tool result but the last `keep` replaced by a short placeholder."""
    messages = copy.deepcopy(messages)
    results = [b for m in messages if isinstance(m["content"], list) for b in m["content"]
               if b.get("type") == "tool_result"]
    for block in results[: max(0, len(results) - keep)]:
        block["content"] = f"[trimmed: {len(block['content'])} characters; call the tool again if needed]"
    return messages


def cached(fields: dict, messages: list[dict]) -> tuple[dict, list[dict]]:
    """Cache breakpoints: the system prompt (tools come before it), the last two user messages."""
    fields = {**fields, "system": [{"type": "text", "text": fields["system"], "cache_control": EPHEMERAL}]}
    messages = copy.deepcopy(messages)
    for message in [m for m in messages if m["role"] == "user"][-2:]:
        message["content"][-1]["cache_control"] = EPHEMERAL
    return fields, messages


VARIANTS = {  # name -> how each request is shaped
    "full history": lambda f, m: (f, m),
    "cached": cached,
    f"trimmed (last {KEEP} results)": lambda f, m: (f, trimmed(m)),
    "trimmed + cached": lambda f, m: cached(f, trimmed(m)),
}


def usages(client, shape, fields, turns, max_tokens) -> list[dict]:
    """The usage the backend reports for each request of the run, shaped by `shape`, in order."""
    out = []
    for messages in turns:
        request_fields, request_messages = shape(fields, messages)
        reply = client.messages.create(max_tokens=max_tokens, messages=request_messages, **request_fields)
        out.append({k: getattr(reply.usage, k, None) or 0 for k in
                    ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")})
    return out


def live_client():
    """make_client() if a key is set and it chose Claude or a server; else (None, why not)."""
    if not os.environ.get("ANTHROPIC_API_KEY", "").strip():
        return None, "skipped: ANTHROPIC_API_KEY is not set"
    client = make_client()
    try:
        transport_of(client)
    except ValueError:
        return client, ""
    return None, "skipped: make_client() chose the practice model (is LOOPLAB_OFFLINE set?)"


def measure(live: bool = False) -> Section:
    """Per-variant input tokens and input-side cost; savings as ratios to the full history."""
    fields, turns, outputs = conversation()
    label = "estimate" if not live else "measured"
    section = Section("Tokens and cost")
    if live:
        client, why = live_client()
        if client is None:
            section.rows.append(Row("tokens, --live run against make_client()", why))
            return section
    results, stamp = {}, time.strftime("%Y%m%dT%H%M%S")
    for name, shape in VARIANTS.items():
        if live:  # the real cache outlives a shape (and a run): a distinct system prompt per shape
            tagged = {**fields, "system": f"[benchmark {stamp}, {name}] {SYSTEM}"}
            results[name] = usages(client, shape, tagged, turns, 16)
        else:
            results[name] = usages(practice_client(script=["ok"] * len(turns)), shape, fields, turns, 1024)
    full_tokens = sum(sum(u.values()) for u in results["full history"])
    full_cost = sum(cost_usd(MODEL, u) for u in results["full history"])
    for name, used in results.items():
        tokens = [sum(u.values()) for u in used]
        cost = sum(cost_usd(MODEL, u) for u in used)
        if name == "full history":
            section.rows.append(Row(f"tokens ({label}): input per turn, full history, turn 1 -> 10",
                                    f"{tokens[0]} -> {tokens[-1]} (sum {sum(tokens)})"))
            section.rows.append(Row(f"tokens ({label}): input-side cost of the 10 turns, {MODEL}",
                                    f"${cost:.4f}"))
            continue
        section.rows.append(Row(f"tokens ({label}): {name} / full history",
                                f"input tokens {sum(tokens) / full_tokens:.2f}, cost {cost / full_cost:.2f}"))
    section.notes += [
        f"tokens: a scripted research run ({len(turns)} turns: 9 search/read calls over "
        f"notebooks/data/articles, then an answer), its {len(turns)} requests re-sent in each shape; "
        + ("estimates by the practice model's token rule (ceil(chars/4); cache reads and writes by its "
           "documented rule); " if not live else "figures from the API's usage (replies cut at max_tokens=16); ")
        + "cost = input + 1.25 x cache writes + 0.1 x cache reads, by looplab.pricing; output tokens "
        f"({sum(outputs)} in all) are the same in every shape and left out.",
        "tokens: per turn, input tokens (cache writes/reads):"]
    for name, used in results.items():
        section.notes.append(f"  {name:<24} " + " ".join(
            f"{sum(u.values())}" + (f"({u['cache_creation_input_tokens']}w/{u['cache_read_input_tokens']}r)"
                                    if "cached" in name else "") for u in used))
    section.notes.append("tokens: trimming a sliding window edits an early message every turn, which "
                         "ends the cached prefix there: trim in steps (every few turns) to keep cache reads.")
    if not live:
        section.notes.append("tokens: real figures with a key: ANTHROPIC_API_KEY=... "
                             ".venv/bin/python benchmarks/run_all.py --only tokens --live")
    return section
