"""Agent Loop Lab's helper package: the finished versions of what the notebooks build.

The top level holds what the notebooks and exercises import. Everything else lives in the
module named for it:

- the model: `looplab.client` (make_client, practice_client, MODEL), `looplab.practice`
  (the practice model; script steps call, calls, say, stop; transport_of), `looplab.replay`
  (record, replay_client);
- the loop: `looplab.loop` (run_agent, Run, STATUSES), `looplab.tools` (tool, Tool, Toolbox);
- guards: `looplab.guards` (Sandbox, approval policies allow_all / allow_only / deny_all /
  ask_policy, cap_output), `looplab.calc` (safe_calc);
- what a run cost and did: `looplab.pricing` (PRICES, cost_usd), `looplab.trace` (Event,
  jsonl_logger, read_jsonl, timelines), `looplab.evaluate` (evaluate an agent over cases);
- practice material: `looplab.samples` (tools and data), `looplab.faults` (failures on demand,
  the injection suite), `looplab.widgets` (Timeline, ApprovalGate, FaultPanel, cost_plot),
  `looplab.exercises` (the notebooks' checks).
"""

from looplab import faults, history, samples
from looplab.calc import safe_calc
from looplab.client import MODEL, make_client, practice_client
from looplab.guards import Sandbox, allow_all, allow_only, deny_all
from looplab.i18n import number, set_language
from looplab.loop import run_agent
from looplab.practice import call, calls, say, stop, transport_of
from looplab.pricing import cost_usd
from looplab.replay import record, replay_client
from looplab.tools import Tool, Toolbox, tool
from looplab.trace import jsonl_logger, read_jsonl

__all__ = [
    "MODEL",
    "Sandbox",
    "Tool",
    "Toolbox",
    "allow_all",
    "allow_only",
    "call",
    "calls",
    "cost_usd",
    "deny_all",
    "faults",
    "history",
    "jsonl_logger",
    "make_client",
    "number",
    "practice_client",
    "read_jsonl",
    "record",
    "replay_client",
    "run_agent",
    "safe_calc",
    "samples",
    "say",
    "set_language",
    "stop",
    "tool",
    "transport_of",
]
