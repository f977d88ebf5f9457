"""What a rehearsal found: model calls, tokens and cost of a recording, and why a cell failed."""

import json

from looplab.i18n import N_
from looplab.pricing import PRICES, cost_usd
from looplab.trace import clip

NETWORK_ERRORS = {"APIConnectionError", "APITimeoutError", "ConnectError", "ReadTimeout",
                  "ConnectTimeout", "ReadError", "RemoteProtocolError", "TransportError"}
API_ERRORS = {"APIError", "APIStatusError", "BadRequestError", "AuthenticationError",
              "PermissionDeniedError", "NotFoundError", "ConflictError", "UnprocessableEntityError",
              "RateLimitError", "InternalServerError", "ServiceUnavailableError", "OverloadedError",
              "DeadlineExceededError", "ContentTooLargeError", "RequestTooLargeError",
              "APIResponseValidationError"}
NETWORK_FIX = "check the network, or set LOOPLAB_OFFLINE=1 to use the practice model"
KEPT = N_("rehearse: {notebook}: this run broke ({why}), so the last good recording is kept; this run's is in {fresh} "
          "(rename it to {recording} to use it anyway)")
TOKEN_FIELDS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")


def classify(name: str, message: str = "") -> str:
    """Whose failure an exception is: "network", "replay" (a refused request), "api" or "answer".

    An assertion, a check on wording, a missing block or key: the model answered otherwise.
    """
    if name in NETWORK_ERRORS:
        return "network"
    if message.startswith(("replay:", "replay :")) or "'message': 'replay:" in message:  # French adds a space
        return "replay"
    if name in API_ERRORS:
        return "api"
    return "answer"


def usage_of(exchange: dict) -> dict:
    """The token counts of one recorded reply (a JSON message or an SSE stream); {} for an error or a broken body."""
    response = exchange.get("response") or {}
    if response.get("status") != 200 or "error" in exchange:
        return {}
    text = response["text"]
    if "text/event-stream" not in str(response.get("headers", {}).get("content-type", "")):
        try:
            data = json.loads(text)
        except ValueError:
            return {}
        return dict(data.get("usage") or {}) if isinstance(data, dict) else {}
    usage: dict = {}
    for line in text.splitlines():
        if not line.startswith("data:"):
            continue
        event = json.loads(line[5:])
        found = event.get("message", {}).get("usage") if event.get("type") == "message_start" else event.get("usage")
        usage.update({k: v for k, v in (found or {}).items() if v is not None})
    return usage


def summarize(exchanges: list) -> dict:
    """Model calls (every attempt), tokens (cached ones included) and cost of a recording."""
    tokens, cost = 0, 0.0
    for exchange in exchanges:
        usage = usage_of(exchange)
        tokens += sum(int(usage.get(field) or 0) for field in TOKEN_FIELDS)
        model = (exchange["request"].get("body") or {}).get("model")
        if usage and cost is not None:
            cost = cost + cost_usd(model, usage) if model in PRICES else None
    return {"calls": len(exchanges), "tokens": tokens, "cost": cost}


def failed_calls(exchanges: list) -> list[tuple[str, str]]:
    """(kind, line) for each call that ended in an error the client did not retry away.

    An attempt followed by the same request is a retry; the last attempt decides.
    """
    failures = []
    for index, exchange in enumerate(exchanges):
        following = exchanges[index + 1] if index + 1 < len(exchanges) else None
        if following is not None and following["request"] == exchange["request"]:
            continue  # retried
        if "error" in exchange:
            failures.append(("network", f"{exchange['error']}: the request did not reach the server"))
            continue
        response = exchange["response"]
        if response["status"] >= 400:
            try:
                error = json.loads(response["text"])["error"]
                kind, message = error["type"], error["message"]
            except (ValueError, KeyError, TypeError):
                kind, message = "error", response["text"][:120]
            where = "replay" if message.startswith("replay:") else "api"
            failures.append((where, f"HTTP {response['status']} {kind}: {first_line(message)}"))
    return failures


def first_line(text: str) -> str:
    """The first non-empty line of `text`, at most 160 characters."""
    line = next((part.strip() for part in str(text).splitlines() if part.strip()), "")
    return clip(line, 160)
