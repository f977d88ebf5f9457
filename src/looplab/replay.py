"""Record a session's API traffic to a JSON file; replay it later with no network and no key.

The file holds every attempt to POST /v1/messages (and count_tokens) in order: the
request body, and the response's status, a few stable headers and its body (JSON, or
the raw SSE text of a stream). Replay serves those responses in the same order and
refuses a request whose body differs from the recorded one.
"""

import json
from pathlib import Path

import anthropic
import httpx2

from looplab.practice.responses import api_error

FORMAT = "looplab-replay/1"
KEPT_HEADERS = ("content-type", "request-id", "x-should-retry", "retry-after", "retry-after-ms")
RECORDED_PREFIX = "/v1/messages"


def _body(content: bytes):
    try:
        return json.loads(content) if content else None
    except ValueError:
        return content.decode(errors="replace")


def _request(request: httpx2.Request) -> dict:
    return {"method": request.method, "path": request.url.path, "body": _body(request.content)}


class RecordingTransport(httpx2.BaseTransport):
    """Passes requests to `inner` and appends each /v1/messages exchange to `path`.

    A stream is read whole before the client sees it (recording gives up live streaming).
    """

    def __init__(self, inner: httpx2.BaseTransport, path):
        """Start a fresh recording at `path` (an existing file is replaced)."""
        self.inner = inner
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.exchanges: list[dict] = []
        self._write()

    def _write(self) -> None:
        data = {"format": FORMAT, "exchanges": self.exchanges}
        self.path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        """Forward `request`; record it and its response when it is a Messages API call."""
        request.read()
        if not request.url.path.startswith(RECORDED_PREFIX):
            return self.inner.handle_request(request)
        try:
            response = self.inner.handle_request(request)
        except httpx2.TransportError as exc:
            self.exchanges.append({"request": _request(request), "error": type(exc).__name__})
            self._write()
            raise
        content = response.read()
        headers = {k: v for k, v in response.headers.items() if k.lower() in KEPT_HEADERS}
        self.exchanges.append({"request": _request(request), "response": {
            "status": response.status_code, "headers": headers, "text": content.decode()}})
        self._write()
        dropped = ("content-encoding", "content-length", "transfer-encoding")
        kept = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in dropped]
        return httpx2.Response(response.status_code, headers=kept, content=content)


def first_difference(recorded, sent, where: str = "") -> str | None:
    """Where two JSON values first differ, e.g. "messages[2].content: 'a' vs 'b'"."""
    if type(recorded) is not type(sent):
        return f"{where or 'body'}: {_short(recorded)} recorded, {_short(sent)} sent"
    if isinstance(recorded, dict):
        for key in sorted(set(recorded) | set(sent)):
            inner = f"{where}.{key}" if where else key
            if key not in recorded or key not in sent:
                side = "sent but not recorded" if key not in recorded else "recorded but not sent"
                return f"{inner}: {side}"
            found = first_difference(recorded[key], sent[key], inner)
            if found:
                return found
        return None
    if isinstance(recorded, list):
        for i, (a, b) in enumerate(zip(recorded, sent, strict=False)):
            found = first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        if len(recorded) != len(sent):
            return f"{where}: {len(recorded)} items recorded, {len(sent)} sent"
        return None
    return None if recorded == sent else f"{where}: {_short(recorded)} recorded, {_short(sent)} sent"


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


class ReplayTransport(httpx2.BaseTransport):
    """Serves the responses of a recording, in order, to identical requests."""

    def __init__(self, path):
        """Load the recording at `path`."""
        how = "record one with looplab.record(client, path), or unset LOOPLAB_REPLAY"
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ValueError(f"replay: no recording at '{path}'; {how}") from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise ValueError(f"replay: '{path}' is not valid JSON ({exc}); {how}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"replay: '{path}' is not a {FORMAT} recording; {how}")
        self.exchanges = data["exchanges"]
        self.position = 0

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        """The next recorded response, or a 400 that says how this request differs."""
        request.read()
        number = self.position + 1
        fix = "re-record or run the recorded notebook unchanged"
        if self.position >= len(self.exchanges):
            return api_error(400, "invalid_request_error", f"replay: request {number} is beyond the "
                             f"recording ({len(self.exchanges)} requests); {fix}", retry=False)
        exchange = self.exchanges[self.position]
        difference = first_difference(exchange["request"], _request(request))
        if difference:
            return api_error(400, "invalid_request_error", f"replay: request {number} differs "
                             f"from the recording ({difference.removeprefix('body.')}); {fix}",
                             retry=False)
        self.position += 1
        if "error" in exchange:
            kind = getattr(httpx2, exchange["error"], None)
            kind = kind if isinstance(kind, type) and issubclass(kind, httpx2.TransportError) else httpx2.TransportError
            raise kind(f"replay: recorded {exchange['error']}", request=request)
        recorded = exchange["response"]
        return httpx2.Response(recorded["status"], headers=recorded["headers"],
                               content=recorded["text"].encode())


def record(client: anthropic.Anthropic, path) -> anthropic.Anthropic:
    """A copy of `client` that records its Messages API traffic to the JSON file `path`."""
    transport = RecordingTransport(client._client._transport, path)
    copy = client.with_options(http_client=httpx2.Client(transport=transport))
    copy._strict_response_validation = client._strict_response_validation
    return copy


def replay_client(path, *, max_retries=2) -> anthropic.Anthropic:
    """A real anthropic.Anthropic client that answers from the recording at `path`."""
    return anthropic.Anthropic(api_key="replay", base_url="http://replay.local",
                               http_client=httpx2.Client(transport=ReplayTransport(path)),
                               max_retries=max_retries)
