"""Fault: the base of every fault on the practice transport (the API faults and the reply faults build on it)."""

from __future__ import annotations

import httpx2

from looplab.i18n import N_, _
from looplab.practice.responses import MESSAGES

# The real API may send no retry-after header with 529/500 (the SDK then backs off 0.5-8 s);
# the practice faults send retry-after-ms: 1 so that notebooks and tests do not wait.
NO_WAIT = {"retry-after-ms": "1"}


class Fault:
    """Base of the transport faults: acts on the next `times` requests to /v1/messages (None: all)."""

    label = N_("fault")

    def __init__(self, times: int | None = 1, after: int = 0):
        """`times`: how many requests fail before the API recovers (None: never); `after`: requests let through first."""
        if times is not None and (not isinstance(times, int) or times < 0):
            raise ValueError(_("{fault}: times must be a whole number >= 0 or None (never recover), not {value!r}",
                               fault=_(self.label), value=times))
        if not isinstance(after, int) or after < 0:
            raise ValueError(_("{fault}: after must be a whole number >= 0, not {value!r}", fault=_(self.label),
                               value=after))
        self.times, self.after = times, after
        self.hits = 0
        self.seen = 0
        self.retry_counts: list[int] = []
        self._armed = False

    @property
    def active(self) -> bool:
        """True while the fault still has requests to spoil."""
        return self.times is None or self.hits < self.times

    def before(self, request: httpx2.Request, body) -> httpx2.Response | None:
        """Consulted before the practice model plans: maybe fail this request."""
        self._armed = False
        if request.method != "POST" or request.url.path != MESSAGES:
            return None
        self.seen += 1
        if self.seen <= self.after or not self.active:
            return None
        self._armed = True
        self.retry_counts.append(int(request.headers.get("x-stainless-retry-count", "0")))
        return self.fail(request, body)

    def fail(self, request, body) -> httpx2.Response | None:
        """The failure for this request (a Response, a raised httpx2 error, or None to let it be planned)."""
        self.hits += 1
        return None

    def __repr__(self) -> str:
        times = "never recovers" if self.times is None else f"times={self.times}"
        return f"<{self.label} fault: {times}, hits={self.hits}>"
