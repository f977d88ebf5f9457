"""The practice model over loopback HTTP, for any Anthropic client (ANTHROPIC_BASE_URL)."""

from __future__ import annotations

import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx2

from looplab import browser
from looplab.i18n import _
from looplab.practice.transport import MAX_BODY, TOO_LARGE, PracticeTransport

BACKLOG = 256  # deep enough for a room: the transport answers one request at a time, each in about 1 ms
DIRECT = "anthropic-dangerous-direct-browser-access"  # the header a browser page sends to call Claude directly
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


def _size(text: bytes | str | None, base: int, what: str, room: int) -> int:
    """A length from the request's framing, or Refused: a malformed one is a 400, one over `room` a 413."""
    try:
        size = int(text or "0", base)
    except ValueError:
        size = -1
    if size < 0:
        raise Refused(400, "invalid_request_error", f"{what}: {str(text)[:40]!r} is not a length in "
                      "bytes; send the body with a correct content-length (any HTTP client does)")
    if size > room:
        raise Refused(413, "request_too_large", TOO_LARGE)
    return size


def _body(handler: BaseHTTPRequestHandler) -> bytes:
    """The request body, whether sent with content-length or chunked."""
    if "chunked" in (handler.headers.get("transfer-encoding") or "").lower():
        parts, size = [], 0
        while length := _size(handler.rfile.readline().split(b";")[0].strip().decode("latin-1"), 16, "chunk size",
                              MAX_BODY - size):
            size += length
            parts.append(handler.rfile.read(length))
            handler.rfile.readline()  # the CRLF after each chunk
        while handler.rfile.readline().strip():  # trailers end with a blank line
            pass
        return b"".join(parts)
    if handler.command in ("POST", "PUT") and handler.headers.get("content-length") is None:  # its body, if any, unread
        raise Refused(400, "invalid_request_error", "content-length: missing; send the body with its content-length "
                      "(any HTTP client does)")
    return handler.rfile.read(_size(handler.headers.get("content-length"), 10, "content-length", MAX_BODY))


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
