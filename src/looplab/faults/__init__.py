"""Failure injection: make each failure a participant should see happen on demand, in one line.

API faults go on a practice client's transport (`faults.overloaded(client, times=1)`), model
faults are script steps or practice clients, tool faults wrap a Tool, data faults break a copy
of the invoice folder.
"""

from looplab.faults.api import (
    clear,
    connection_reset,
    overloaded,
    rate_limited,
    server_error,
    status_error,
    stream_cut,
    stream_error,
    timeout,
    truncated,
)
from looplab.faults.base import Fault
from looplab.faults.data import broken_invoices
from looplab.faults.injection import injection_report
from looplab.faults.model import (
    bad_input,
    cut_answer,
    cut_tool_call,
    gullible,
    never_stops,
    refusal,
    unknown_tool,
)
from looplab.faults.wrappers import ToolFault, failing, garbage, oversize, planted, slow

__all__ = [
    "Fault",
    "ToolFault",
    "bad_input",
    "broken_invoices",
    "clear",
    "connection_reset",
    "cut_answer",
    "cut_tool_call",
    "failing",
    "garbage",
    "gullible",
    "injection_report",
    "never_stops",
    "overloaded",
    "oversize",
    "planted",
    "rate_limited",
    "refusal",
    "server_error",
    "slow",
    "status_error",
    "stream_cut",
    "stream_error",
    "timeout",
    "truncated",
    "unknown_tool",
]

