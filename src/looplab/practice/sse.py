"""Server-sent events: a finished Message as the stream the API would have sent."""

import json

DELTA_USAGE = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens",
               "fallback_credit")
EMPTY = {"text": {"text": ""}, "tool_use": {"input": {}}, "thinking": {"thinking": "", "signature": ""},
         "compaction": {"content": None, "encrypted_content": None}}  # its signature comes at the start: no delta has it


class Dropped(list):
    """The events of a stream whose connection drops after them: its body breaks off instead of ending."""


def chunks(text: str, parts: int = 3) -> list[str]:
    """`text` cut into at most `parts` consecutive pieces (empty text gives none)."""
    size = max(1, -(-len(text) // parts))
    return [text[i : i + size] for i in range(0, len(text), size)]


def _deltas(block: dict, partial: bool) -> list[dict]:
    if block["type"] == "text":
        return [{"type": "text_delta", "text": piece} for piece in chunks(block["text"])]
    if block["type"] == "thinking":
        pieces = [{"type": "thinking_delta", "thinking": piece} for piece in chunks(block["thinking"])]
        return [*pieces, {"type": "signature_delta", "signature": block["signature"]}]
    if block["type"] == "compaction":  # one delta, as the SDK's accumulator reads it (compaction_delta)
        return [{"type": "compaction_delta", "content": block["content"], "encrypted_content": block["encrypted_content"]}]
    if block["type"] == "tool_use" and not partial:
        raw = json.dumps(block["input"], ensure_ascii=False)
        return [{"type": "input_json_delta", "partial_json": piece} for piece in chunks(raw)]
    return []


def events(message: dict) -> list[tuple[str, dict]]:
    """The stream of `message`: message_start, per block start/deltas/stop, message_delta, stop."""
    usage = message["usage"]
    start = {**message, "content": [], "stop_reason": None, "stop_sequence": None,  # known at the end only
             **({"stop_details": None} if "stop_details" in message else {}), "usage": {**usage, "output_tokens": 1}}
    out = [("message_start", {"type": "message_start", "message": start})]
    cut = message["stop_reason"] == "max_tokens"
    for index, block in enumerate(message["content"]):
        out.append(("content_block_start", {"type": "content_block_start", "index": index,
                                            "content_block": {**block, **EMPTY.get(block["type"], {})}}))
        for delta in _deltas(block, cut and block.get("input") == {}):
            out.append(("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}))
        out.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
    end = {"stop_reason": message["stop_reason"], "stop_sequence": message["stop_sequence"],
           "stop_details": message.get("stop_details")}
    return [*out, ("message_delta", {"type": "message_delta", "delta": end,
                                     "usage": {k: usage[k] for k in DELTA_USAGE if k in usage}}),  # cumulative
            ("message_stop", {"type": "message_stop"})]


def encode(stream: list[tuple[str, dict]]) -> bytes:
    """SSE text: an `event:` line before every `data:` line, a blank line after each."""
    return "".join(f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n" for kind, data in stream).encode()
