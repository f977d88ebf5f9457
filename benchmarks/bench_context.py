"""Section 10: input tokens over the same long run (the station log of notebook 08), five ways.

No management; the loop's own clearing (clear_old_results, keep 3) and quoted summary (summarize_old,
keep 3); the API's clear_tool_uses_20250919 (trigger 2000 tokens, keep 3, list_files excluded); the
API's compaction past 3000 tokens. Each is a ratio of the unmanaged run's total, with whether the
answer is still the unmanaged one (all three storm days). Practice-model estimates, offline.
"""

from __future__ import annotations

from pathlib import Path

from _common import Row, Section

from looplab.client import practice_client
from looplab.history import clear_old_results, long_run, summarize_old
from looplab.samples import STATION_TASK, station_tools

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
EDITS = {"edits": [{"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 2000},
                    "keep": {"type": "tool_uses", "value": 3}, "exclude_tools": ["list_files"]}]}
WAYS = {  # name -> (long_run options, target ratio of the unmanaged total, whether the answer must stay)
    "loop clears old results": ({"manage": lambda m: clear_old_results(m, keep=3)}, 0.80, False),
    "loop keeps a quoted summary": ({"manage": lambda m: summarize_old(m, keep=3)}, 0.70, True),
    "API clear_tool_uses_20250919": ({"context_management": EDITS,
                                      "betas": ["context-management-2025-06-27"]}, 0.70, False),
    "API compaction (past 3000 tokens)": ({"compact_over": 3000}, 0.80, True),
}


def measure() -> Section:
    """Run the station task once per way on a fresh practice client; compare the input tokens sent."""
    section = Section("context")
    tools = station_tools(DATA)
    full = long_run(practice_client(), STATION_TASK, tools)
    section.rows.append(Row("context: unmanaged station run, input tokens (12 turns)", str(full.total)))
    for name, (options, target, keeps) in WAYS.items():
        run = long_run(practice_client(), STATION_TASK, tools, **options)
        ratio = run.total / full.total
        same = run.answer == full.answer
        section.rows.append(Row(f"context: {name}, tokens sent / unmanaged", f"{ratio:.2f}", f"<= {target:.2f}"
                                f"{', same answer' if keeps else ''}", ratio <= target and (same or not keeps)))
        if not same:
            section.notes.append(f"context: with '{name}' the answer changed (what it lost, said plainly): "
                                 f"{run.answer[:90]}…")
    section.notes.append("context: practice-model token estimates on the station log of notebook 08; the "
                         "clearing ways lose early days and say so, the summaries keep each day's readings.")
    return section
