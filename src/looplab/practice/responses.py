"""HTTP responses shaped like the Anthropic API's."""

import json

import httpx2


def json_response(status: int, data, headers: dict | None = None) -> httpx2.Response:
    """A JSON response with `data` as its body."""
    head = {"content-type": "application/json", **(headers or {})}
    return httpx2.Response(status, headers=head, content=json.dumps(data, ensure_ascii=False).encode())


def api_error(status: int, kind: str, message: str, *, headers: dict | None = None,
              details: dict | None = None, retry: bool | None = None) -> httpx2.Response:
    """An API error response: `{"type": "error", "error": {"type": kind, "message": ...}}`.

    `retry=False` adds `x-should-retry: false`, which stops the SDK from retrying.
    """
    error = {"type": kind, "message": message}
    if details:
        error["details"] = details
    head = dict(headers or {})
    if retry is not None:
        head["x-should-retry"] = "true" if retry else "false"
    return json_response(status, {"type": "error", "error": error}, head)
