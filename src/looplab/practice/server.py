"""The practice model over loopback HTTP, for any Anthropic client (ANTHROPIC_BASE_URL)."""

from __future__ import annotations

import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx2

from looplab import browser
from looplab.i18n import _
from looplab.practice.transport import MAX_BODY, TOO_LARGE, PracticeTransport

BACKLOG = 256  # deep enough for a room: the transport answers one request at a time, each in about 1 ms
DIRECT = "anthropic-dangerous-direct-browser-access"  # the header a browser page sends to call Claude directly
MAX_LINE = 65_537  # a chunk-size or trailer line, as the standard library reads a header line
KEEP = 20  # request bodies a server's transport keeps: a room's traffic must not grow its memory


class PracticeServer(ThreadingHTTPServer):
    """A ThreadingHTTPServer that answers from one PracticeTransport."""

    daemon_threads = True
    request_queue_size = BACKLOG

    def __init__(self, port: int, transport: PracticeTransport):
        """Listen on 127.0.0.1:`port` (0 picks a free one)."""
        self.transport = transport
        super().__init__(("127.0.0.1", port), _Handler)

    def handle_error(self, request, client_address):
        """A client that hangs up mid-request is no error to print into the notebook; anything else is."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class Refused(ValueError):
    """A request the server refuses before reading it all; its args: status, error type, message."""


DIGITS = {10: re.compile(r"[0-9]+"), 16: re.compile(r"[0-9a-fA-F]+")}  # RFC 9112: 1*DIGIT, 1*HEXDIG; no sign, no _
SEND_IT_ALL = "send the whole body, framed once, as any HTTP client does"


def _refuse(message: str) -> Refused:
    return Refused(400, "invalid_request_error", message)


def _size(text: str | None, base: int, what: str, room: int) -> int:
    """A length from the request's framing, or Refused: a malformed one is a 400, one over `room` a 413."""
    text = "0" if text is None else text  # no content-length: no body
    if not DIGITS[base].fullmatch(text):
        raise _refuse(f"{what}: {str(text)[:40]!r} is not a length in bytes; send the body with a correct "
                      "content-length (any HTTP client does)")
    if (size := int(text, base)) > room:
        raise Refused(413, "request_too_large", TOO_LARGE)
    return size


def _read(handler: BaseHTTPRequestHandler, size: int, what: str) -> bytes:
    """Exactly `size` bytes of the body, or Refused: a client that closes before sending them all sent no request."""
    data = handler.rfile.read(size)
    if len(data) < size:
        raise _refuse(f"{what}: {size} bytes announced, {len(data)} received before the connection closed; "
                      + SEND_IT_ALL)
    return data


def _line(handler: BaseHTTPRequestHandler, what: str) -> bytes:
    """One line of the chunked framing, or Refused when the connection closes first (the body is incomplete)."""
    line = handler.rfile.readline(MAX_LINE)
    if len(line) == MAX_LINE:
        raise _refuse(f"transfer-encoding: a line of the chunked framing is over {MAX_LINE - 1} bytes; " + SEND_IT_ALL)
    if not line.endswith(b"\n"):
        raise _refuse(f"transfer-encoding: the chunked body ended {what}; " + SEND_IT_ALL)
    return line


def _chunked(handler: BaseHTTPRequestHandler) -> bytes:
    """A chunked body, read to its last (zero-size) chunk and the blank line after its trailers (RFC 9112 §7.1)."""
    parts, size = [], 0
    while length := _size(_line(handler, "before its last (zero-size) chunk").split(b";")[0].strip().decode(
            "latin-1"), 16, "chunk size", MAX_BODY - size):
        size += length
        parts.append(_read(handler, length, "chunk size"))
        if _line(handler, "inside a chunk").strip():  # the CRLF after each chunk, nothing before it
            raise _refuse("chunk size: a chunk is longer than its size; " + SEND_IT_ALL)
    while _line(handler, "before the blank line after its last chunk").strip():  # trailers end with a blank line
        pass
    return b"".join(parts)


def _body(handler: BaseHTTPRequestHandler) -> bytes:
    """The request body, sent with one content-length or chunked; any other framing is Refused (RFC 9112 §6.3)."""
    lengths = handler.headers.get_all("content-length") or []
    codings = handler.headers.get_all("transfer-encoding") or []
    if codings and lengths:
        raise _refuse("transfer-encoding: sent together with content-length; send one of the two")
    if codings:
        if [c.strip().lower() for c in codings] != ["chunked"]:
            raise _refuse(f"transfer-encoding: {', '.join(codings)[:40]!r} is not supported; send the body with "
                          "transfer-encoding: chunked, or with a content-length (compress with content-encoding)")
        return _chunked(handler)
    if len(lengths) > 1:
        raise _refuse(f"content-length: given {len(lengths)} times ({', '.join(lengths)[:40]}); send it once")
    if handler.command in ("POST", "PUT") and not lengths:  # its body, if any, unread
        raise _refuse("content-length: missing; send the body with its content-length (any HTTP client does)")
    size = _size(lengths[0] if lengths else None, 10, "content-length", MAX_BODY)
    return _read(handler, size, "content-length")


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body leave at once, not 40 ms apart (delayed ACK)

    def _answer(self):
        transport = self.server.transport
        try:
            content = _body(self)
        except Refused as refused:  # the rest of the body cannot be trusted: answer, then close
            self.close_connection = True
            self._send(transport.error(*refused.args))
            return
        request = httpx2.Request(self.command, f"http://127.0.0.1{self.path}",
                                 headers=dict(self.headers.items()), content=content)
        try:
            response = transport.handle_request(request)
        except httpx2.TransportError:  # a fault simulating the network: drop the connection
            self.close_connection = True
            return
        self._send(response)

    def send_error(self, code, message=None, explain=None):
        """The standard library's own refusals (a garbled request line, an unknown method), as JSON."""
        self.close_connection = True
        self.request_version = "HTTP/1.1"  # a refused request line leaves HTTP/0.9, which sends no status line
        kind = {404: "not_found_error", 413: "request_too_large"}.get(
            code, "invalid_request_error" if code < 500 or code == 505 else "api_error")  # 505: the client's version
        self._send(self.server.transport.error(code, kind, f"{message or 'malformed request'}; "
                                               "send an HTTP/1.1 request as an Anthropic client does"))

    def _send(self, response: httpx2.Response) -> None:
        data = response.read()
        self.send_response(response.status_code)
        for name, value in response.headers.items():
            if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                self.send_header(name, value)
        for name, value in self._cors().items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("connection", "close")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_DELETE = _answer

    def _cors(self) -> dict:
        """A browser page may call, as it may call Claude, when it says so: the header
        anthropic-dangerous-direct-browser-access: true (asked for in a preflight's request headers)."""
        headers = getattr(self, "headers", None) or {}  # none yet when the request line itself is refused
        asks = (DIRECT in headers.get("access-control-request-headers", "").lower()
                or headers.get(DIRECT, "").lower() == "true")
        if not headers.get("origin") or not asks:
            return {}
        return {"access-control-allow-origin": headers["origin"], "vary": "origin",
                "access-control-allow-methods": "GET, POST, OPTIONS",
                "access-control-allow-headers": headers.get("access-control-request-headers") or "*",
                "access-control-expose-headers": "request-id, retry-after"}

    def do_OPTIONS(self):
        """A browser's preflight: no content, the CORS headers if the page asks for direct access."""
        self.send_response(204 if self._cors() else 403)
        for name, value in self._cors().items():
            self.send_header(name, value)
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, format, *args):  # quiet: the notebook output stays clean
        pass


def make_server(port: int = 0, transport: PracticeTransport | None = None) -> PracticeServer:
    """A PracticeServer on 127.0.0.1:`port` (0 picks a free one) answering from `transport`."""
    if browser.IN_BROWSER:
        raise RuntimeError(_(browser.NOT_HERE["practice server"]))
    return PracticeServer(port, transport or PracticeTransport(keep=KEEP))
