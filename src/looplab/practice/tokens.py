"""Token estimates for the practice model: labelled estimates, not a real tokenizer.

The rule, in full:

- A request is cut into *pieces*, in the order the API reads them: each tool definition,
  then the system prompt (a string is one piece, a list gives one piece per block), then
  every content block of every message (string content is one piece).
- A piece counts ceil(len(its compact JSON) / 4) tokens, its `cache_control` left out.
- Each message adds a fixed overhead of 3 tokens.
- Output tokens: ceil(characters / 4) + 1, where characters are the text of text and
  thinking blocks plus the name and JSON input of tool_use blocks. A reply longer than the request's
  `max_tokens` is cut to fit (`within`) and ends with stop_reason `max_tokens`; one that would pass the model's
  context window is cut where it ends, with stop_reason `model_context_window_exceeded`.

Prompt caching (only when some piece carries `cache_control`, or the request has a top-level
`cache_control`, which marks its last piece that may carry a mark): every piece that carries
`cache_control` ends a cacheable prefix, which is remembered. From each marked piece the
practice model looks back up to 20 pieces for the longest prefix an earlier request
marked: that is `cache_read_input_tokens`; the rest up to the last marked piece is
`cache_creation_input_tokens`; `input_tokens` is what remains. So marking only the last
message of each turn reads the previous turns from the cache, as with the API. Unlike the
real API there is no minimum prefix length, and the last CACHED prefixes are kept however
old (the real API needs 1024-4096 tokens and keeps 5 minutes).
"""

import hashlib
import json
import math

PER_MESSAGE = 3
LOOKBACK_PIECES = 20
CACHED = 10_000  # prefixes a transport remembers: a day of a room's traffic stays small
UNCACHEABLE = ("thinking", "redacted_thinking", "mcp_tool_listing", "fallback")  # no cache_control in the SDK's types


def estimate(text: str) -> int:
    """Estimated tokens of a text: ceil(characters / 4)."""
    return math.ceil(len(text) / 4)


def _compact(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _piece_json(piece) -> str:
    """A piece's compact JSON, its cache_control left out."""
    return _compact({k: v for k, v in piece.items() if k != "cache_control"} if isinstance(piece, dict) else piece)


def placed(body: dict) -> list[tuple[str, object]]:
    """The request's pieces in API order, each with its path in the request (`system[0]`, `messages[2].content`)."""
    system = body.get("system")
    out = [*((f"tools[{i}]", t) for i, t in enumerate(body.get("tools") or [])),
           *(((f"system[{j}]", b) for j, b in enumerate(system)) if isinstance(system, list)
             else [("system", system)] if system else [])]
    for i, message in enumerate(body.get("messages") or []):
        content = message.get("content") if isinstance(message, dict) else None
        out.extend(((f"messages[{i}].content[{j}]", b) for j, b in enumerate(content)) if isinstance(content, list)
                   else [(f"messages[{i}].content", content)])
    return out


def top_mark_at(body: dict) -> str | None:
    """The path of the block a top-level `cache_control` marks: the last one that may carry a mark (the SDK's
    docstring: "the last cacheable block in the request"), or None without one."""
    if not body.get("cache_control"):
        return None
    return next((at for at, piece in reversed(placed(body))
                 if not isinstance(piece, dict) or piece.get("type") not in UNCACHEABLE), None)


def pieces(body: dict) -> list[tuple[object, bool]]:
    """The request's pieces in API order, each with whether it carries cache_control (the top-level one included)."""
    top = top_mark_at(body)
    return [(piece, at == top or isinstance(piece, dict) and "cache_control" in piece) for at, piece in placed(body)]


def input_tokens(body: dict) -> int:
    """Estimated input tokens of a request body (see the module docstring)."""
    return sum(estimate(_piece_json(p)) for p, _ in pieces(body)) + PER_MESSAGE * len(body.get("messages") or [])


def output_tokens(content: list[dict]) -> int:
    """Estimated output tokens of reply content blocks (see the module docstring)."""
    chars = 0
    for block in content:
        kind = block.get("type")
        if kind in ("text", "thinking"):  # the text of a text block, the thought of a thinking one
            chars += len(block.get(kind, ""))
        elif kind == "tool_use":
            chars += len(block.get("name", "")) + len(_compact(block.get("input", {})))
    return math.ceil(chars / 4) + 1


class CacheBook:
    """The prefixes one transport has seen, to report cache reads and writes."""

    def __init__(self):
        """Start with nothing cached."""
        self.seen: dict[str, None] = {}  # an ordered set: the oldest prefixes go first

    def usage(self, body: dict) -> dict:
        """Usage dict for a request: input, cache creation (by TTL too) and cache read tokens, as the API gives it."""
        bounds, marks, running, digest, hour = [], [], 0, hashlib.sha256(), 0
        for piece, marked in pieces(body):
            text = _piece_json(piece)
            running += estimate(text)
            digest.update(text.encode())
            bounds.append((digest.hexdigest(), running))
            if marked:
                marks.append(len(bounds) - 1)
                mark = piece.get("cache_control") if isinstance(piece, dict) and "cache_control" in piece else None
                hour = running if ((mark or body.get("cache_control") or {}).get("ttl")) == "1h" else hour  # 1h marks
                # come first (validate.py), so what is written up to the last one is kept an hour
        total, read, created = running + PER_MESSAGE * len(body.get("messages") or []), 0, 0
        if marks:
            near = {j for i in marks for j in range(max(0, i - LOOKBACK_PIECES), i + 1)}
            read = max((bounds[j][1] for j in near if bounds[j][0] in self.seen), default=0)
            created = bounds[marks[-1]][1] - read
            self.seen.update((bounds[i][0], None) for i in marks)
            while len(self.seen) > CACHED:
                del self.seen[next(iter(self.seen))]
        hour = max(0, hour - read)
        return {"input_tokens": total - read - created, "cache_creation_input_tokens": created,
                "cache_read_input_tokens": read, "service_tier": "standard",
                "cache_creation": {"ephemeral_5m_input_tokens": created - hour, "ephemeral_1h_input_tokens": hour}}


def within(content: list[dict], max_tokens: int) -> tuple[list[dict], bool]:
    """The reply content cut to fit `max_tokens` by the same estimate, and whether it was cut."""
    if output_tokens(content) <= max_tokens:
        return content, False
    room = max(1, max_tokens - 1) * 4  # characters left, by the 4-characters rule; one token at least, as on Claude
    kept: list[dict] = []
    for block in content:
        if block.get("type") == "thinking":  # thought first: it uses its share of the room, then the reply
            kept.append({**block, "thinking": block["thinking"][:max(room, 0)]})
            room -= len(block["thinking"])
        elif block.get("type") == "text":
            kept.append({**block, "text": block["text"][:max(room, 0)]})
            room -= len(kept[-1]["text"])
        else:
            kept.append({**block, "input": {}})  # a tool call cut off: its JSON never finished
            room = 0
        if room <= 0:
            break
    return [b for b in kept if b.get("type") != "text" or b["text"]], True
