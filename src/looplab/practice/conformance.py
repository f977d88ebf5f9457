"""The conformance table: each top-level field of the SDK's `MessageCreateParams` is **honoured** (it changes the
reply as it changes Claude's), **validated** (checked as the API does, then without effect, for the reason given) or
**ignored**. docs/conformance.md shows it; tests/test_practice_conformance.py keeps the two and the SDK in step."""

from __future__ import annotations

from looplab.practice import shapes

FIELDS = {
    "cache_control": ("honoured", "marks the last block that can carry a mark, a breakpoint like a block's own (counted among the 4, held to the ttl order); usage reports cache writes and reads (estimates)"),
    "container": ("validated", "no code-execution tools run here, so no container is used"),
    "diagnostics": ("validated", "the reply's diagnostics stay null, as when no cache divergence is found"),
    "inference_geo": ("validated", "'global' or 'us', refused on the 4.5 family as Claude refuses it before Opus 4.6; everything runs in this process"),
    "max_tokens": ("honoured", "1 to the model's output limit (64 000 on the 4.5 family, 128 000 on claude-opus-5); a longer reply is cut and stops with max_tokens"),
    "messages": ("honoured", "the planner reads them; consecutive turns of one role merged; non-empty content and text, image bytes, tool_use/tool_result pairing, thinking signatures, prefill and prompt length per model are checked, and at most 100 000 messages"),
    "metadata": ("validated", "no effect on a reply"),
    "model": ("honoured", "must be a Claude id the SDK knows (else 404); its catalogue row decides prefill, sampling fields, thinking modes, thinking display, context window and output limit; the same rules answer for every id"),
    "output_config": ("honoured", "format: the answer is JSON valid against the schema, or a refusal saying why; effort: validated, one effort level"),
    "service_tier": ("validated", "no tiers here"),
    "speed": ("validated", "one speed here"),
    "stop_sequences": ("honoured", "text stops before the first one; stop_reason stop_sequence names it"),
    "stream": ("honoured", "server-sent events, as the API sends them"),
    "system": ("honoured", "read for two things: no call is made that a sentence of it may forbid (a ban naming the tool, a limit leaving it out, any rule over an act, against revealing, over the answer's units, figures, sources or records, or a scope it cannot check), and the reply says so; a reply language it asks for is followed for French and English, and named as not followed for another ('Reply in Spanish'); otherwise not followed, as the rules take no instructions"),
    "thinking": ("honoured", "enabled+budget or adaptive as the model takes them; budgets checked; a signed thinking block names the rule applied, its text omitted where display (or the model's default) says so; altered blocks are refused"),
    "tool_choice": ("honoured", "auto, any, tool and none, and disable_parallel_tool_use; a forced tool it cannot fill is a refusal saying why"),
    "tools": ("honoured", "the planner matches tools by name, description and schema; names match ^[a-zA-Z0-9_-]{1,128}$; every schema must be valid JSON Schema"),
    "user_profile_id": ("validated", "no effect on a reply"),
    "workspace_id": ("validated", "no effect on a reply")}
# Sent with extra_body= (API version 2023-06-01 takes them; the SDK's types, and the version it sends, leave them out).
SAMPLING = {name: ("validated", "refused (400, 'Extra inputs are not permitted') under anthropic-version 2026-10-21, the one the SDK sends, on every model; under 2023-06-01 refused on Claude 4.7 and later, as there, elsewhere checked (temperature and top_p 0 to 1, not both) and deterministic: no sampling")
            for name in shapes.SAMPLING}


def table() -> str:
    """The conformance table as Markdown (what docs/conformance.md holds between its markers)."""
    rows = [f"| `{name}` | {status} | {note} |" for name, (status, note) in {**FIELDS, **SAMPLING}.items()]
    return "\n".join(["| field | practice model | why / how |", "| --- | --- | --- |", *rows])
