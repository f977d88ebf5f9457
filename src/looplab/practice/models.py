"""The model catalogue: the ids of the SDK's `ModelParam` (any other is a 404, so a typo in LOOPLAB_MODEL
fails in rehearsal, not on stage), each checked against its CATALOGUE row; the same rules answer for all."""

from __future__ import annotations

import re
import typing
from dataclasses import dataclass
from datetime import datetime, timezone

from anthropic._data import DEPRECATED_MODELS
from anthropic.types.model_param import ModelParam

from looplab.practice.shapes import SAMPLING
from looplab.practice.tokens import input_tokens
from looplab.practice.view import as_blocks

EPOCH = "1970-01-01T00:00:00Z"  # ModelInfo.created_at when the release date is unknown (the SDK's docstring)
DOCS = "https://platform.claude.com/docs/en"


@dataclass(frozen=True)
class Model:
    """What one family of Claude models accepts, and where that is written."""

    prefill: bool  # a final assistant message is continued (else 400)
    sampling: bool  # temperature, top_p, top_k are accepted (else 400)
    thinking: tuple[str, ...]  # the thinking types accepted besides "disabled"
    display: str  # the thinking display when the request does not say: summarized or omitted
    context: int  # the context window, in input tokens
    output: int  # the largest max_tokens
    source: str
    effort: bool = True  # output_config.effort is accepted (else 400)
    always_thinks: bool = False  # thinking cannot be disabled (else 400)
    forced_tools: bool = True  # tool_choice 'any' or 'tool' is accepted (else 400)
    geo: bool = True  # inference_geo is accepted (else 400; from Opus 4.6 on)


_OLD = (f"{DOCS}/about-claude/models/overview; {DOCS}/api/errors#prefill-not-supported (from 4.6); "
        f"{DOCS}/build-with-claude/extended-thinking; {DOCS}/build-with-claude/effort (not Haiku 4.5 nor Sonnet 4.5); "
        f"{DOCS}/manage-claude/data-residency (inference_geo from Opus 4.6 on, 'global' or 'us')")
_NEW = (f"{DOCS}/about-claude/models/overview; {DOCS}/about-claude/models/migration-guide (Opus 4.7: "
        "sampling parameters and thinking budgets removed, thinking display omitted by default)")
_55 = (f"{DOCS}/models/opus-5-5/whats-new-opus-5-5 (thinking can't be disabled; forced tool use returns an error; "
       f"both also on Claude Fable 5.1); {DOCS}/models/fable-5-1/migration-guide (the same on Claude Mythos 5.1); "
       f"{DOCS}/models/sonnet-5-5/overview (forced tool use returns an error)")
_5 = (f"{DOCS}/models/fable-5/migration-guide (Fable 5 and Mythos 5: thinking disabled or budgeted is a 400); "
      f"{DOCS}/build-with-claude/thinking-troubleshooting (Mythos Preview: thinking always on, 'disabled' is a 400)")
CATALOGUE = {  # model id (dated ids too) -> row, "claude-" for any other; the 4.5 family is the last that accepts prefill
    "claude-haiku-4-5": Model(True, True, ("enabled",), "summarized", 200_000, 64_000, _OLD, effort=False, geo=False),
    "claude-sonnet-4-5": Model(True, True, ("enabled",), "summarized", 200_000, 64_000, _OLD, effort=False, geo=False),
    "claude-opus-4-5": Model(True, True, ("enabled",), "summarized", 200_000, 64_000, _OLD, geo=False),
    "claude-opus-4-6": Model(False, True, ("enabled", "adaptive"), "summarized", 1_000_000, 128_000, _OLD),
    "claude-sonnet-4-6": Model(False, True, ("enabled", "adaptive"), "summarized", 1_000_000, 64_000, _OLD),
    "claude-mythos-preview": Model(False, True, ("enabled", "adaptive"), "summarized", 1_000_000, 128_000, f"{_OLD}; {_5}",
                                   always_thinks=True),
    "claude-opus-5-5": Model(False, False, ("adaptive",), "omitted", 1_000_000, 128_000, _55, always_thinks=True,
                             forced_tools=False),
    **dict.fromkeys(["claude-fable-5-1", "claude-mythos-5-1"], Model(False, False, ("adaptive",), "omitted", 1_000_000,
                                                                      128_000, _55, always_thinks=True, forced_tools=False)),
    **dict.fromkeys(["claude-fable-5", "claude-mythos-5"], Model(False, False, ("adaptive",), "omitted", 1_000_000, 128_000,
                                                                _5, always_thinks=True)),
    "claude-sonnet-5-5": Model(False, False, ("adaptive",), "omitted", 1_000_000, 128_000, _55, forced_tools=False),
    "claude-": Model(False, False, ("adaptive",), "omitted", 1_000_000, 128_000, _NEW)}  # 4.7 and later


def _sdk_ids() -> list[str]:
    """Every model id and alias of the SDK's ModelParam, in its order (newest first)."""
    literal = next(a for a in typing.get_args(ModelParam) if typing.get_origin(a) is typing.Literal)
    return list(typing.get_args(literal))


def resolve(model: str) -> str | None:
    """The model ID `model` names: an alias gives its dated ID ('claude-sonnet-4-5' -> 'claude-sonnet-4-5-20250929'),
    an ID itself; None for an id the SDK does not know."""
    ids = _sdk_ids()
    if model not in ids:
        return None
    return max((m for m in ids if re.fullmatch(rf"{re.escape(model)}-\d{{8}}", m)), default=model)


def every_model() -> list[str]:
    """Each model the SDK names, once by its ID, in the SDK's order (newest first): retired ones too."""
    return [m for m in _sdk_ids() if resolve(m) == m]


def known_models() -> list[str]:
    """The models the practice model answers for: those not retired."""
    return [m for m in every_model() if not retired(m)]


def row(model: str) -> Model:
    """The catalogue row of a known model id."""
    return next(entry for key, entry in CATALOGUE.items() if key == "claude-" or re.fullmatch(rf"{key}(?:-\d{{8}})?", model))


def refused_fields(body: dict) -> str | None:
    """What the model's row refuses among the request's fields (max_tokens, thinking type, sampling)."""
    model = row(body["model"])
    if body["max_tokens"] < 1 or body["max_tokens"] > model.output:
        said = (f"{body['max_tokens']} > {model.output}, which is the maximum allowed number of output tokens for"
                if body["max_tokens"] > 1 else f"{body['max_tokens']} is out of range for")  # the API's words, over
        return (f"max_tokens: {said} {body['model']}; write a number from 1 to {model.output} (the most "
                "tokens the reply may use), e.g. 1024")
    kind = (body.get("thinking") or {}).get("type")
    if model.always_thinks and (kind == "disabled" or kind == "enabled" and kind not in model.thinking):  # the API's words
        return (f'thinking.type: "thinking.type.{kind}" is not supported for this model. Use "thinking.type.adaptive" '
                'and "output_config.effort" to control thinking behavior (or leave thinking out)')
    if not model.forced_tools and (body.get("tool_choice") or {}).get("type") in ("any", "tool"):
        return ("tool_choice: forced tool use is not supported for this model; use tool_choice={'type': 'auto'} "
                "and say in the prompt which tool to call")
    if kind in ("enabled", "adaptive") and kind not in model.thinking:
        other = model.thinking[0]
        return (f"thinking.type: '{kind}' thinking is not supported for this model; use "
                f"thinking={{'type': '{other}'}}" + (" (and output_config.effort to set how much)"
                                                    if other == "adaptive" else ""))
    if (body.get("output_config") or {}).get("effort") and not model.effort:
        return ("output_config.effort: This model does not support the effort parameter; leave it out "
                "(thinking={'type': 'enabled', 'budget_tokens': N} sets how much it thinks)")
    geo = body.get("inference_geo")
    if geo is not None and not model.geo:
        return ("inference_geo: this model does not support inference_geo (Claude Opus 4.6 and later do); leave it "
                "out, or use a later model")
    if geo is not None and geo not in ("global", "us"):
        return f"inference_geo: {geo!r} is not an inference geography; write 'global' or 'us'"
    given = [name for name in SAMPLING if name in body]
    if given and not model.sampling:
        return (f"{given[0]}: `{given[0]}` is deprecated for this model; leave it out "
                "(Claude 4.7 and later decide their own sampling)")
    if "temperature" in given and "top_p" in given:
        return "top_p: `temperature` and `top_p` cannot both be specified for this model; use one"
    for name in ("temperature", "top_p"):
        if name in body and not 0 <= body[name] <= 1:
            return f"{name}: {body[name]} is out of range; write a number from 0 to 1, e.g. 0"
    if kind in ("enabled", "adaptive") and body.get("temperature", 1) != 1:  # extended-thinking docs
        return "temperature: `temperature` may only be set to 1 when thinking is enabled; leave it out"
    if kind in ("enabled", "adaptive") and "top_k" in body:
        return "top_k: thinking is not compatible with top_k; leave it out"
    return None


def prefill(body: dict) -> str | None:
    """A final assistant message's text (a prefill), else None; one holding a compaction block resumes its summary."""
    last = ([m for m in body["messages"] if m["role"] != "system"] or [{}])[-1]
    if last.get("role") != "assistant" or any(b.get("type") == "compaction" for b in as_blocks(last)):
        return None
    return "".join(b.get("text", "") for b in as_blocks(last) if b.get("type") == "text")


def check_model(body: dict, resumed: bool) -> str | None:
    """Prefill (unless `resumed`: a paused turn sent back), its thinking block, and prompt length, as the model's row
    allows."""
    model, text, where = row(body["model"]), prefill(body), f"messages[{len(body['messages']) - 1}]"
    if text is not None and not resumed and not model.prefill:
        return (f"{where}: This model does not support assistant message prefill. The conversation "
                "must end with a user message (claude-haiku-4-5 and the 4.5 family still take prefill)")
    if text and not resumed and text != text.rstrip():
        return f"{where}: final assistant content cannot end with trailing whitespace; strip it"
    thinking = (body.get("thinking") or {}).get("type") in ("enabled", "adaptive")
    kinds = [b.get("type") for b in as_blocks(body["messages"][-1])] if text is not None and not resumed else []
    if not thinking and (j := next((k for k, t in enumerate(kinds) if t in ("thinking", "redacted_thinking")), None)) \
            is not None:
        return (f"{where}.content[{j}]: When thinking is disabled, an `assistant` message in the final position "
                "cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request.")
    if thinking and text and kinds[0] not in ("thinking", "redacted_thinking"):  # a text prefill: the API's words
        return (f"{where}.content[0].type: Expected `thinking` or `redacted_thinking`, but found `{kinds[0]}`. When "
                "`thinking` is enabled, a final `assistant` message must start with a thinking block. We recommend "
                "you include thinking blocks from previous turns. To avoid this requirement, disable `thinking` (or "
                "end the conversation with a user message)")
    used = input_tokens(body)
    if used > model.context:
        return (f"prompt is too long: {used} tokens > {model.context} maximum; shorten the history "
                "(drop old tool results) or check it first with messages.count_tokens")
    return None


def _display_name(model: str) -> str:
    """'claude-opus-4-5-20251101' -> 'Claude Opus 4.5 (practice model)'."""
    words = [w for w in model.removeprefix("claude-").split("-") if not (w.isdigit() and len(w) == 8)]
    names = [w.capitalize() for w in words if not w.isdigit()]
    version = ".".join(w for w in words if w.isdigit())
    return " ".join(["Claude", *names, *([version] if version else []), "(practice model)"])


def _retires(model: str) -> str | None:
    """The end of life the SDK's DEPRECATED_MODELS gives `model` ('June 30th, 2026'), as RFC 3339, else None."""
    when = DEPRECATED_MODELS.get(model)
    return when and datetime.strptime(re.sub(r"(\d)(st|nd|rd|th)", r"\1", when), "%B %d, %Y").strftime(
        "%Y-%m-%dT00:00:00Z")


def retired(model: str) -> str | None:
    """The day `model` was retired ('2026-11-30'), once the end of life the SDK gives it has passed, else None: Claude
    then answers 404 to it, as to an unknown id."""
    when = _retires(resolve(model) or model) or _retires(model)
    return when[:10] if when and when[:10] <= datetime.now(timezone.utc).strftime("%Y-%m-%d") else None


def served(model: str) -> bool:
    """Whether a request may name `model`: an id the SDK knows, not retired."""
    return resolve(model) is not None and not retired(model)


def _lifecycle(model: str) -> str:
    return "retired" if retired(model) else "deprecated" if _retires(model) else "active"


def _released(model: str) -> str:
    """The release date a dated ID carries ('claude-opus-4-5-20251101' -> 2025-11-01), else the epoch."""
    date = re.search(r"-(\d{4})(\d{2})(\d{2})$", model)
    return f"{date[1]}-{date[2]}-{date[3]}T00:00:00Z" if date else EPOCH


def model_info(model: str) -> dict:
    """The ModelInfo the API returns for the ID `model` (fields it cannot know are left out); deprecated as the SDK
    says."""
    entry, retires = row(model), _retires(model)
    return {"type": "model", "id": model, "display_name": _display_name(model), "created_at": _released(model),
            "lifecycle": _lifecycle(model), **({"retires_at": retires} if retires else {}),
            "max_tokens": entry.output, "max_input_tokens": entry.context}


def fallbacks(body: dict) -> list[dict]:
    """The request's `fallbacks` entries: none for the string 'default' (the server's own chain) or none sent."""
    return body["fallbacks"] if isinstance(body.get("fallbacks"), list) else []


def unknown_model(model) -> str:
    """The 404 message for a model id the practice model does not know, or one retired."""
    if when := resolve(model) and retired(model):
        return (f"model: {model!r} was retired on {when} (the end of life the SDK's DEPRECATED_MODELS gives it), and "
                f"Claude answers 404 to it too; use a current id, e.g. 'claude-opus-5' (check LOOPLAB_MODEL)")
    return (f"model: {model!r} is not a model the practice model knows; use a Claude id from the "
            f"SDK, e.g. 'claude-opus-5' (check LOOPLAB_MODEL for a typo)")


LIFECYCLES = ("active", "deprecated", "retired")  # ModelListParams.lifecycle: up to 3 of these


def check_query(query: dict) -> str | None:
    """Why `GET /v1/models`'s query breaks ModelListParams (lifecycle; a cursor naming no model), else None."""
    if len(query.get("lifecycle") or []) > len(LIFECYCLES):
        return (f"lifecycle: at most {len(LIFECYCLES)} values are allowed, {len(query['lifecycle'])} were sent; "
                "name each of 'active', 'deprecated' and 'retired' once at most")
    for i, value in enumerate(query.get("lifecycle") or []):
        if value not in LIFECYCLES:
            return f"lifecycle[{i}]: {value!r} is not allowed; write one of 'active', 'deprecated' or 'retired'"
    if "limit" in query and not str(query["limit"]).lstrip("-").isdigit():  # ModelListParams: an int, 1 to 1000
        return (f"limit: Input should be a valid integer, unable to parse string as an integer ({query['limit']!r} "
                "was sent); pass a whole number from 1 to 1000, e.g. limit=20")
    if "limit" in query and not 1 <= int(query["limit"]) <= 1000:
        return (f"limit: Input should be {'greater' if int(query['limit']) < 1 else 'less'} than or equal to "
                f"{1 if int(query['limit']) < 1 else 1000} ({query['limit']} was sent); pass a whole number from 1 to "
                "1000, or leave it out for 20")
    for name in ("after_id", "before_id"):  # the first page is not the page after an unknown id
        if name in query and resolve(query[name]) is None:
            return (f"{name}: {query[name]!r} is not a model the practice model knows; pass the first_id or last_id "
                    "of a page (the SDK's auto-paging does it for you)")
    return None


def page(query: dict) -> dict:
    """One page of `GET /v1/models` for the query parameters limit, after_id, before_id and lifecycle (a list), once
    check_query passed; a cursor is a place in the whole list, so one the filter leaves out (or an alias) still is."""
    wanted = query.get("lifecycle") or ["active", "deprecated"]  # retired ones only when asked
    every = every_model()  # a retired model is still a place in the list
    ids = [m for m in every if _lifecycle(m) in wanted]
    limit = int(query.get("limit", 20))  # check_query made sure it is a whole number from 1 to 1000
    if query.get("after_id"):
        ids = [m for m in ids if every.index(m) > every.index(resolve(query["after_id"]))]
    before = bool(query.get("before_id"))  # the page just before it; has_more: are there more before that page
    if before:
        ids = [m for m in ids if every.index(m) < every.index(resolve(query["before_id"]))]
    chosen = ids[-limit:] if before else ids[:limit]
    return {"data": [model_info(m) for m in chosen], "has_more": len(ids) > len(chosen),
            "first_id": chosen[0] if chosen else None, "last_id": chosen[-1] if chosen else None}
