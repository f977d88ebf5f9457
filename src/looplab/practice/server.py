"""The practice model over loopback HTTP, for any Anthropic client (ANTHROPIC_BASE_URL)."""

from http.server import BaseHTTPRequestHandler, HTTPServer

import httpx2

from looplab.practice.transport import PracticeTransport


def make_server(port: int = 0, transport: PracticeTransport | None = None) -> HTTPServer:
    """An HTTPServer on 127.0.0.1:`port` (0 picks a free one) answering from `transport`."""
    from looplab.browser import IN_BROWSER, NOT_HERE

    if IN_BROWSER:
        raise RuntimeError(NOT_HERE["practice server"])
    transport = transport or PracticeTransport()

    class Handler(BaseHTTPRequestHandler):
        def _answer(self):
            length = int(self.headers.get("content-length") or 0)
            request = httpx2.Request(self.command, f"http://127.0.0.1{self.path}",
                                     headers=dict(self.headers.items()),
                                     content=self.rfile.read(length))
            response = transport.handle_request(request)
            content = response.read()
            self.send_response(response.status_code)
            for name, value in response.headers.items():
                if name.lower() not in ("content-length", "transfer-encoding", "connection"):
                    self.send_header(name, value)
            self.send_header("content-length", str(len(content)))
            self.end_headers()
            self.wfile.write(content)

        do_GET = do_POST = do_PUT = do_DELETE = _answer

        def log_message(self, format, *args):  # quiet: the notebook output stays clean
            pass

    server = HTTPServer(("127.0.0.1", port), Handler)
    server.transport = transport
    return server
