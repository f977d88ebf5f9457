"""Counting the HTTP attempts behind each model call, so retries the SDK recovered from show in the trace."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from looplab.practice.responses import MESSAGES

_LOCK = threading.Lock()  # hooks are added and removed copy-on-write, one change at a time


@contextmanager
def watch_attempts(client) -> Iterator[list]:
    """While inside, list the HTTP status of each attempt at POST /v1/messages made from this thread.

    An attempt that got no response (a timeout, a dropped connection) stays None. The hooks
    go on the client's httpx2 client and are removed on the way out; a client without one
    (not an anthropic client) yields a list that stays empty.
    """
    http = getattr(client, "_client", None)
    attempts: list = []
    if not isinstance(getattr(http, "event_hooks", None), dict):
        yield attempts
        return
    thread = threading.get_ident()  # the sync SDK sends from the caller's thread: skip other runs' requests

    def mine(request) -> bool:
        return (threading.get_ident() == thread and request.method == "POST"
                and request.url.path.endswith(MESSAGES))

    def on_request(request) -> None:
        if mine(request):
            attempts.append(None)

    def on_response(response) -> None:
        if mine(response.request) and attempts:
            attempts[-1] = response.status_code

    _change(http, on_request, on_response, add=True)
    try:
        yield attempts
    finally:
        _change(http, on_request, on_response, add=False)


def _change(http, on_request, on_response, *, add: bool) -> None:
    with _LOCK:
        hooks = http.event_hooks
        if add:
            http.event_hooks = {"request": [*hooks["request"], on_request],
                                "response": [*hooks["response"], on_response]}
        else:
            http.event_hooks = {"request": [h for h in hooks["request"] if h is not on_request],
                                "response": [h for h in hooks["response"] if h is not on_response]}
