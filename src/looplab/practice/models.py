"""The models the practice model answers for: the Claude ids of the SDK's own `ModelParam` type.

`GET /v1/models` lists them and `GET /v1/models/{id}` describes one, as the API does; any
other id is unknown (404 not_found_error), so a typo in LOOPLAB_MODEL fails in rehearsal,
not on stage. The practice model is the same rule-based planner whichever id is asked for.
"""

from __future__ import annotations

import typing

from anthropic.types.model_param import ModelParam

# The API's output limit differs per model; the practice model uses one documented cap.
MAX_OUTPUT_TOKENS = 128_000
MAX_INPUT_TOKENS = 1_000_000
CATALOGUE_DATE = "2026-01-01T00:00:00Z"  # a fixed date: practice answers never carry a clock value


def known_models() -> list[str]:
    """The model ids the practice model answers for, in the SDK's order (newest first)."""
    literal = next(a for a in typing.get_args(ModelParam) if typing.get_origin(a) is typing.Literal)
    return list(typing.get_args(literal))


def _display_name(model: str) -> str:
    """'claude-opus-4-5-20251101' -> 'Claude Opus 4.5 (practice model)'."""
    words = [w for w in model.removeprefix("claude-").split("-") if not (w.isdigit() and len(w) == 8)]
    names = [w.capitalize() for w in words if not w.isdigit()]
    version = ".".join(w for w in words if w.isdigit())
    return " ".join(["Claude", *names, *([version] if version else []), "(practice model)"])


def model_info(model: str) -> dict:
    """The ModelInfo the API returns for `model` (fields it cannot know are left out)."""
    return {"type": "model", "id": model, "display_name": _display_name(model),
            "created_at": CATALOGUE_DATE, "lifecycle": "active",
            "max_tokens": MAX_OUTPUT_TOKENS, "max_input_tokens": MAX_INPUT_TOKENS}


def unknown_model(model) -> str:
    """The 404 message for a model id the practice model does not know."""
    return (f"model: {model!r} is not a model the practice model knows; use a Claude id from the "
            f"SDK, e.g. 'claude-opus-5' (check LOOPLAB_MODEL for a typo)")


def page(query: dict) -> dict:
    """One page of `GET /v1/models` for the query parameters limit, after_id and before_id."""
    ids = known_models()
    try:
        limit = min(max(int(query.get("limit", 20)), 1), 1000)
    except ValueError:
        limit = 20
    if query.get("after_id") in ids:
        ids = ids[ids.index(query["after_id"]) + 1:]
    if query.get("before_id") in ids:
        ids = ids[: ids.index(query["before_id"])][-limit:]
    chosen = ids[:limit]
    return {"data": [model_info(m) for m in chosen], "has_more": len(ids) > len(chosen),
            "first_id": chosen[0] if chosen else None, "last_id": chosen[-1] if chosen else None}
