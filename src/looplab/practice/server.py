"""The practice model over loopback HTTP, for any Anthropic client (ANTHROPIC_BASE_URL).

A threading server from the standard library: one thread per connection, a listen backlog
deep enough for a room of participants, HTTP/1.1 keep-alive, and chunked request bodies.
The transport answers one request at a time behind its lock; planning takes about a
millisecond, so a hundred requests at once are served in well under a second.
"""

from __future__ import annotations

from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx2

from looplab import browser
from looplab.practice.transport import PracticeTransport

BACKLOG = 256
MAX_BODY = 32 * 1024 * 1024  # the API's own request limit is 32 MB


class PracticeServer(ThreadingHTTPServer):
    """A ThreadingHTTPServer that answers from one PracticeTransport."""

    daemon_threads = True
    request_queue_size = BACKLOG

    def __init__(self, port: int, transport: PracticeTransport):
        """Listen on 127.0.0.1:`port` (0 picks a free one)."""
        self.transport = transport
        super().__init__(("127.0.0.1", port), _Handler)


def _body(handler: BaseHTTPRequestHandler) -> bytes:
    """The request body, whether sent with content-length or chunked."""
    if "chunked" in (handler.headers.get("transfer-encoding") or "").lower():
        parts, size = [], 0
        while True:
            length = int(handler.rfile.readline().split(b";")[0].strip() or b"0", 16)
            if length == 0:
                while handler.rfile.readline().strip():  # trailers end with a blank line
                    pass
                return b"".join(parts)
            size += length
            if size > MAX_BODY:
                raise ValueError("request body too large")
            parts.append(handler.rfile.read(length))
            handler.rfile.readline()  # the CRLF after each chunk
    length = int(handler.headers.get("content-length") or 0)
    if length > MAX_BODY:
        raise ValueError("request body too large")
    return handler.rfile.read(length)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def _answer(self):
        try:
            content = _body(self)
        except ValueError:
            self.send_error(413, "request body too large (32 MB at most)")
            return
        request = httpx2.Request(self.command, f"http://127.0.0.1{self.path}",
                                 headers=dict(self.headers.items()), content=content)
        try:
            response = self.server.transport.handle_request(request)
            data = response.read()
        except httpx2.TransportError:  # a fault simulating the network: drop the connection
            self.close_connection = True
            return
        self.send_response(response.status_code)
        for name, value in response.headers.items():
            if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                self.send_header(name, value)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_DELETE = _answer

    def log_message(self, format, *args):  # quiet: the notebook output stays clean
        pass


def make_server(port: int = 0, transport: PracticeTransport | None = None) -> PracticeServer:
    """A PracticeServer on 127.0.0.1:`port` (0 picks a free one) answering from `transport`."""
    if browser.IN_BROWSER:
        raise RuntimeError(browser.NOT_HERE["practice server"])
    return PracticeServer(port, transport or PracticeTransport())
