"""The practice model: a deterministic stand-in for Claude behind the real SDK client."""

from looplab.practice.script import call, calls, say, stop
from looplab.practice.transport import PracticeTransport

__all__ = ["PracticeTransport", "call", "calls", "say", "stop", "transport_of"]


def transport_of(client) -> PracticeTransport:
    """The PracticeTransport behind `client` (seen through a recording wrapper)."""
    transport = getattr(getattr(client, "_client", None), "_transport", client)
    while transport is not None and not isinstance(transport, PracticeTransport):
        transport = getattr(transport, "inner", None)
    if transport is None:
        raise ValueError("this client does not use the practice model; "
                         "make one with looplab.client.practice_client()")
    return transport
