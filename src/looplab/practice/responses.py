"""The Anthropic API's paths, and HTTP responses shaped like its answers."""

import json

import httpx2

MESSAGES = "/v1/messages"
COUNT_TOKENS = "/v1/messages/count_tokens"
MODELS = "/v1/models"


def json_response(status: int, data, headers: dict | None = None) -> httpx2.Response:
    """A JSON response with `data` as its body."""
    return httpx2.Response(status, headers={"content-type": "application/json", **(headers or {})},
                           content=json.dumps(data, ensure_ascii=False).encode())


DROPPED = "peer closed connection without sending complete message body (simulated)"  # httpx2's words


class BrokenBody(httpx2.SyncByteStream):
    """A response body that breaks off after `data`: reading it raises `error` (by default, a dropped connection)."""

    def __init__(self, data: bytes, error: httpx2.TransportError | None = None):
        self.data, self.error = data, error or httpx2.RemoteProtocolError(DROPPED)

    def __iter__(self):
        if self.data:
            yield self.data
        raise self.error


class Problem(str):
    """A refusal's one-line message that carries the API's typed `error.details` (its `error_code` and fields)."""

    def __new__(cls, message: str, **details):
        problem = super().__new__(cls, message)
        problem.details = details
        return problem


def error_body(kind: str, message: str, details: dict | None = None) -> dict:
    """The API's error body (a JSON response, or a stream's error event)."""
    return {"type": "error", "error": {"type": kind, "message": message, **({"details": details} if details else {})}}


def api_error(status: int, kind: str, message: str, *, headers: dict | None = None,
              details: dict | None = None, retry: bool | None = None) -> httpx2.Response:
    """An API error response (with the `details` a `Problem` message carries); `retry=False` adds
    `x-should-retry: false`, which stops the SDK retrying."""
    head = dict(headers or {})
    if retry is not None:
        head["x-should-retry"] = "true" if retry else "false"
    details = details or getattr(message, "details", None)
    return json_response(status, error_body(kind, message, details), head)


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
