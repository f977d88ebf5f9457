"""Agent Loop Lab's helper module: the finished versions of what the notebooks build."""

from looplab import faults, samples
from looplab.client import MODEL, make_client, practice_client
from looplab.guards import Sandbox, allow_all, allow_only, cap_output, deny_all, safe_calc
from looplab.loop import Run, run_agent
from looplab.practice import call, calls, say, stop, transport_of
from looplab.pricing import PRICES, cost_usd
from looplab.replay import record, replay_client
from looplab.tools import Tool, Toolbox, tool
from looplab.trace import Event, jsonl_logger, read_jsonl

__all__ = [
    "MODEL",
    "PRICES",
    "Event",
    "Run",
    "Sandbox",
    "Tool",
    "Toolbox",
    "allow_all",
    "allow_only",
    "call",
    "calls",
    "cap_output",
    "cost_usd",
    "deny_all",
    "faults",
    "jsonl_logger",
    "make_client",
    "practice_client",
    "read_jsonl",
    "record",
    "replay_client",
    "run_agent",
    "safe_calc",
    "samples",
    "say",
    "stop",
    "tool",
    "transport_of",
]
