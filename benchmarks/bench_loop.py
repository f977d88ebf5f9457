"""run_agent against the minimal hand-written loop, on the same offline transport and script.

Run: `LOOPLAB_OFFLINE=1 .venv/bin/python benchmarks/bench_loop.py`. Prints a table; not a test.
"""

from __future__ import annotations

import statistics
import time

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


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def per_turn(repetitions: int = 200, tool_turns: int = 5) -> tuple[float, float]:
    """Median seconds per turn of each loop on a script of tool turns then an answer."""
    tools = [Tool("echo", "Echoes text.", OBJECT, echo)]
    script = [call("echo", text=f"word {i}") for i in range(tool_turns)] + ["Done."]
    turns = tool_turns + 1
    ours, theirs = [], []
    for _ in range(repetitions):  # interleaved, so drift hits both loops alike
        client = practice_client(script=script)
        ours.append(timed(lambda c=client: run_agent(c, TASK, tools, model=MODEL)) / turns)
        client = practice_client(script=script)
        theirs.append(timed(lambda c=client: reference_loop(c, TASK, tools, model=MODEL)) / turns)
    return statistics.median(ours), statistics.median(theirs)


def slow_tools(repetitions: int = 3) -> tuple[float, float]:
    """Median seconds of a turn with three 200 ms tools, then an answer, for each loop."""
    tools = [Tool(n, "Sleeps 200 ms.", OBJECT, slow) for n in ("a", "b", "c")]
    script = [calls(call("a", text="1"), call("b", text="2"), call("c", text="3")), "Done."]
    ours, theirs = [], []
    for _ in range(repetitions):
        ours.append(timed(lambda: run_agent(practice_client(script=script), TASK, tools, model=MODEL)))
        theirs.append(timed(lambda: reference_loop(practice_client(script=script), TASK, tools, model=MODEL)))
    return statistics.median(ours), statistics.median(theirs)


def main() -> None:
    run_agent(practice_client(script=["warm up"]), TASK, [], model=MODEL)
    rows = []
    ours, theirs = per_turn()
    rows.append(("time per turn, 6-turn script (median of 200)", ours, theirs, 1.10))
    ours, theirs = slow_tools()
    rows.append(("three 200 ms tools in one turn (median of 3)", ours, theirs, 0.45))
    print(f"{'measure':<46} {'run_agent':>10} {'reference':>10} {'ratio':>6} {'target':>8}  met")
    for name, ours, theirs, target in rows:
        ratio = ours / theirs
        print(f"{name:<46} {ours * 1000:>7.2f} ms {theirs * 1000:>7.2f} ms {ratio:>6.2f} {'<= ' + str(target):>8}  "
              f"{'yes' if ratio <= target else 'no'}")


if __name__ == "__main__":
    main()
