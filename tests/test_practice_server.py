"""The practice server's hygiene: malformed framing is a JSON error at once, and memory stays flat."""

import json
import socket
import threading
import time
from contextlib import contextmanager

import httpx2
import pytest

from looplab.practice import tokens
from looplab.practice.server import KEEP, make_server
from looplab.practice.transport import PracticeTransport

BODY = {"model": "claude-opus-5", "max_tokens": 64,
        "messages": [{"role": "user", "content": "Write a poem about this: " + "x" * 8192}]}
SCRIPTED = {"script": []}  # a fixed reply: the measure is of the server, not of planning 8 KB of text
HEADERS = {"x-api-key": "x", "anthropic-version": "2026-10-21"}  # what an Anthropic SDK sends


@contextmanager
def serving(transport=None):
    """A practice server on a free port, in a thread; yields its port."""
    server = make_server(0, transport)
    worker = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    worker.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        worker.join(timeout=10)


def raw(port: int, head: str, body: bytes = b"") -> tuple[int, dict, float]:
    """Send raw bytes, read the reply until the server closes: (status, JSON body, seconds taken)."""
    start = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(head.replace("\n", "\r\n").encode() + b"\r\n" + body)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    status = int(data.split(b" ", 2)[1])
    return status, json.loads(data.split(b"\r\n\r\n", 1)[1]), time.perf_counter() - start


FRAMES = {
    "negative content-length": ("Content-Length: -5\n", b"{}", 400, "content-length: '-5' is not a length"),
    "words for a content-length": ("Content-Length: many\n", b"{}", 400, "content-length: 'many' is not a length"),
    "a bad chunk size": ("Transfer-Encoding: chunked\n", b"zz\r\n{}\r\n0\r\n\r\n", 400, "chunk size: 'zz' is not a length"),
    "a body over 32 MB": (f"Content-Length: {33 * 1024 * 1024}\n", b"", 413, "Request exceeds the maximum"),
    "no content-length": ("", b'{"model": "claude-opus-5", "max_tokens": 8}', 400, "content-length: missing"),
}


@pytest.mark.parametrize(("line", "status"), [(f"GET /v1/models HTTP/1.1\nX-Long: {'a' * 70_000}\n", 431),
                                              ("PATCH /v1/messages HTTP/1.1\nHost: x\n", 501)])
def test_what_the_standard_library_refuses_is_json_too(line, status):
    """A header line over 64 kB or a method the server has no handler for gets the API's JSON error, not HTML."""
    with serving() as port:
        got, error, _ = raw(port, line)
    assert (got, error["type"], error["request_id"]) == (status, "error", "req_practice_0001")


@pytest.mark.parametrize("line", ["POST /v1/messages HTTP/1.1 extra\n", "POST /v1/messages HTTP/x.y\n",
                                  "POST /v1/messages HTTP/2.0\n"])
def test_a_garbled_request_line_gets_a_status_line_and_a_client_error(line):
    """A request line the standard library refuses was answered with a bare JSON body, no status line (hred96)."""
    with serving() as port:
        got, error, _ = raw(port, line)
    assert got in (400, 505) and error["error"]["type"] == "invalid_request_error", error


@pytest.mark.parametrize("frame", sorted(FRAMES))
def test_malformed_framing_is_a_json_error_at_once(frame):
    """Each gets the API's JSON error with a request_id in well under a second, and the connection closes."""
    head, body, status, start = FRAMES[frame]
    with serving() as port:
        got, error, seconds = raw(port, f"POST /v1/messages HTTP/1.1\nHost: x\n{head}", body)
    kind = "invalid_request_error" if status == 400 else "request_too_large"
    assert (got, error["type"], error["error"]["type"]) == (status, "error", kind)
    assert error["error"]["message"].startswith(start) and error["request_id"] == "req_practice_0001"
    assert seconds < 1


def rss_kb() -> int:
    """This process's resident memory, in kB (Linux /proc)."""
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def flood(port: int, requests: int) -> int:
    """Send `requests` requests of 8 KB over one connection; how much the RSS grew, in kB."""
    with httpx2.Client(base_url=f"http://127.0.0.1:{port}") as client:
        def send(n):
            for _ in range(n):
                assert client.post("/v1/messages", json=BODY, headers=HEADERS).status_code == 200
        send(200)  # warm up: caches, buffers, the allocator's arenas
        before = rss_kb()
        send(requests)
        return rss_kb() - before


def test_three_thousand_requests_of_8_kb_leave_memory_flat():
    """The request log is bounded: 3 000 requests of 8 KB grow the server's memory by under 4 MB."""
    default = make_server(0)  # what `python -m looplab.practice` serves with
    default.server_close()
    assert default.transport.requests.keep == KEEP
    with serving(PracticeTransport(keep=KEEP, **SCRIPTED)) as port:
        grown = flood(port, 3000)
    assert grown < 4096, f"RSS grew by {grown} kB"


def test_an_unbounded_log_would_have_grown():
    """The measure can fail: a transport that keeps every body grows by over 4 MB in 600 requests."""
    with serving(PracticeTransport(keep=None, **SCRIPTED)) as port:
        assert flood(port, 600) > 4096


def test_the_cache_book_forgets_its_oldest_prefixes(monkeypatch):
    """Cached prefixes are bounded too: past CACHED of them, the oldest is no longer read."""
    monkeypatch.setattr(tokens, "CACHED", 2)
    book = tokens.CacheBook()
    marked = [{"messages": [{"role": "user", "content": [{"type": "text", "text": f"Task {n}." * 40,
                                                           "cache_control": {"type": "ephemeral"}}]}]}
              for n in range(3)]
    for body in marked:
        book.usage(body)
    assert len(book.seen) == 2
    reads = [book.usage(body)["cache_read_input_tokens"] > 0 for body in reversed(marked)]
    assert reads == [True, True, False]  # the newest two are read; the first was forgotten


def test_a_browser_page_may_call_when_it_asks_for_direct_access():
    """A browser's preflight got a 501, and its POST no access-control-allow-origin (hconf5): the page could not call
    the practice server, as it may call Claude with anthropic-dangerous-direct-browser-access: true."""
    origin = "http://localhost:8888"
    with serving() as port:
        url = f"http://127.0.0.1:{port}/v1/models"
        asked = httpx2.options(url, headers={"origin": origin, "access-control-request-method": "GET",
                                             "access-control-request-headers": "anthropic-dangerous-direct-browser-access,x-api-key"})
        assert asked.status_code == 204 and asked.headers["access-control-allow-origin"] == origin
        direct = httpx2.get(url, headers={"origin": origin, "anthropic-dangerous-direct-browser-access": "true",
                                          "x-api-key": "k", "anthropic-version": "2023-06-01"})
        assert direct.headers["access-control-allow-origin"] == origin
        plain = httpx2.get(url, headers={"origin": origin, "x-api-key": "k", "anthropic-version": "2023-06-01"})
        assert "access-control-allow-origin" not in plain.headers
