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


def with_request_id(response: httpx2.Response, request_id: str) -> httpx2.Response:
    """`response` with `request-id` in its headers and, for an API error, in its body."""
    response.headers["request-id"] = request_id
    if response.status_code < 400 or "json" not in response.headers.get("content-type", ""):
        return response
    body = json.loads(response.read())
    if not isinstance(body, dict) or body.get("type") != "error":
        return response
    headers = {k: v for k, v in response.headers.items() if k.lower() != "content-length"}
    return json_response(response.status_code, {**body, "request_id": request_id}, headers)
