"""Sections 1-2: run_agent against the minimal hand-written loop, same offline transport and script.

Run alone: `.venv/bin/python benchmarks/run_all.py --only loop parallel`.
"""

from __future__ import annotations

import time

from _common import Section, median, ratio_row, timed

from looplab._reference import reference_loop
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent
from looplab.practice.script import call, calls
from looplab.tools import Tool

OBJECT = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}
TASK = "Echo a few words."


def echo(text):
    return "echo: " + text


def slow(text):
    time.sleep(0.2)
    return "slept " + text


def overhead(repetitions: int = 200, tool_turns: int = 5) -> Section:
    """Median time per turn of run_agent vs the reference loop, runs interleaved."""
    run_agent(practice_client(script=["warm up"]), TASK, [], model=MODEL)
    tools = [Tool("echo", "Echoes text.", OBJECT, echo)]
    script = [call("echo", text=f"word {i}") for i in range(tool_turns)] + ["Done."]
    turns = tool_turns + 1
    ours, theirs = [], []
    for _ in range(repetitions):  # interleaved, so drift hits both loops alike
        client = practice_client(script=script)
        ours.append(timed(lambda c=client: run_agent(c, TASK, tools, model=MODEL)) / turns)
        client = practice_client(script=script)
        theirs.append(timed(lambda c=client: reference_loop(c, TASK, tools, model=MODEL)) / turns)
    row = ratio_row(f"run_agent / reference loop, time per turn ({turns}-turn script, median of {repetitions})",
                    median(ours), median(theirs), 1.10)
    return Section("Loop overhead", [row], [
        "loop: both loops run the same script on a fresh practice client; the time includes the "
        "SDK and the practice transport, which both loops pay alike."])


def parallel(repetitions: int = 5) -> Section:
    """Median time of a turn with three 200 ms tools, then an answer: run_agent vs the sequential loop."""
    tools = [Tool(n, "Sleeps 200 ms.", OBJECT, slow) for n in ("a", "b", "c")]
    script = [calls(call("a", text="1"), call("b", text="2"), call("c", text="3")), "Done."]
    ours, theirs = [], []
    for _ in range(repetitions):
        ours.append(timed(lambda: run_agent(practice_client(script=script), TASK, tools, model=MODEL)))
        theirs.append(timed(lambda: reference_loop(practice_client(script=script), TASK, tools, model=MODEL)))
    row = ratio_row(f"three 200 ms tools in one turn, run_agent / sequential loop (median of {repetitions})",
                    median(ours), median(theirs), 0.45)
    return Section("Parallel tools", [row])
