"""API faults: the practice transport fails the way the real API and network do, so the SDK reacts for real.

Each fault acts on POST /v1/messages only (not count_tokens), `times` requests in a row
(every retry attempt counts as one), then lets requests through; `times=None` never
recovers; `after=n` lets the first n requests through. `.hits` counts the requests it
spoiled, `.retry_counts` the SDK's x-stainless-retry-count of each (0 = first attempt).
"""

from __future__ import annotations

import httpx2

from looplab.faults.base import NO_WAIT, Fault
from looplab.faults.streams import StreamCut, StreamError, Truncated
from looplab.i18n import N_
from looplab.practice import transport_of
from looplab.practice.responses import api_error


class StatusFault(Fault):
    """Answer with an API error status (529, 429, 500, ...) instead of a reply."""

    def __init__(self, status: int, kind: str, message: str, times=1, after=0, headers=None, retry=None):
        """The error `kind` (API error type) and `message` sent with HTTP `status`."""
        self.label = f"HTTP {status} {kind}"
        super().__init__(times, after)
        self.status, self.kind, self.message = status, kind, message
        self.headers, self.retry = dict(NO_WAIT if headers is None else headers), retry

    def fail(self, request, body):
        """An API error response, like the API's."""
        self.hits += 1
        return api_error(self.status, self.kind, self.message, headers=self.headers, retry=self.retry)


class Timeout(Fault):
    """The model takes too long: httpx2.ReadTimeout (the SDK raises APITimeoutError after retries)."""

    label = N_("timeout")

    def fail(self, request, body):
        """Raise the timeout the network client would raise."""
        self.hits += 1
        raise httpx2.ReadTimeout("practice fault: no answer within the timeout (simulated)", request=request)


class ConnectionReset(Fault):
    """The server drops the connection: httpx2.RemoteProtocolError (SDK: APIConnectionError after retries)."""

    label = N_("connection reset")

    def fail(self, request, body):
        """Raise the error the network client raises when the server hangs up."""
        self.hits += 1
        raise httpx2.RemoteProtocolError(
            "Server disconnected without sending a response (simulated connection reset)", request=request)


def _add(client, fault: Fault) -> Fault:
    transport_of(client).add_fault(fault)
    return fault


def overloaded(client, times: int | None = 1, *, after: int = 0) -> Fault:
    """The API answers 529 overloaded_error `times` times (None: always); the SDK retries it."""
    return _add(client, StatusFault(529, "overloaded_error", "Overloaded (practice fault)", times, after))


def rate_limited(client, times: int | None = 1, *, after: int = 0) -> Fault:
    """The API answers 429 rate_limit_error with retry-after-ms: 1 `times` times; the SDK retries it."""
    # the API's 429 carries retry-after in seconds, which a participant's own retry code reads;
    # the SDK prefers retry-after-ms, so the notebooks still do not wait
    return _add(client, StatusFault(429, "rate_limit_error", "Number of request tokens has exceeded your "
                                    "per-minute rate limit (practice fault)", times, after,
                                    headers={**NO_WAIT, "retry-after": "1"}))


def server_error(client, times: int | None = 1, *, after: int = 0) -> Fault:
    """The API answers 500 api_error `times` times (None: always); the SDK retries it."""
    return _add(client, StatusFault(500, "api_error", "Internal server error (practice fault)", times, after))


def status_error(client, status: int, kind: str = "api_error", times: int | None = 1, *,
                 after: int = 0, retry: bool | None = None) -> Fault:
    """Any API error status (408, 409, 503, 400, ...); `retry=False` sends x-should-retry: false."""
    return _add(client, StatusFault(status, kind, f"HTTP {status} (practice fault)", times, after, retry=retry))


def timeout(client, times: int | None = 1, *, after: int = 0) -> Fault:
    """The model does not answer in time `times` times: APITimeoutError once the SDK gives up."""
    return _add(client, Timeout(times, after))


def connection_reset(client, times: int | None = 1, *, after: int = 0) -> Fault:
    """The server drops the connection `times` times: APIConnectionError once the SDK gives up."""
    return _add(client, ConnectionReset(times, after))


def stream_error(client, times: int | None = 1, *, after: int = 0) -> Fault:
    """An `event: error` in the middle of the next `times` streams (a 529 on plain requests)."""
    return _add(client, StreamError(times, after))


def stream_cut(client, times: int | None = 1, *, after: int = 0) -> Fault:
    """The connection drops in the next `times` streams, before message_stop (plain requests: half-way through the body)."""
    return _add(client, StreamCut(times, after))


def truncated(client, times: int | None = 1, *, after: int = 0) -> Fault:
    """The next `times` replies are cut by max_tokens (stop_reason max_tokens)."""
    return _add(client, Truncated(times, after))


def clear(client) -> None:
    """Remove every fault from the client's practice transport."""
    transport_of(client).clear_faults()
