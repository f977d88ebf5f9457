"""Running the tool calls of one turn: checked by the Toolbox, concurrent where independent."""

from __future__ import annotations

import sys
import time
from concurrent.futures import ThreadPoolExecutor

from .trace import Event

MAX_THREADS = 8


def run_tools(toolbox, uses: list[dict], approve, turn: int, emit) -> list[dict]:
    """Execute each tool_use block; return their tool_result dicts in the model's order."""

    def timed(block: dict):
        start = time.perf_counter()
        outcome = toolbox.execute(block, approve)
        return outcome, time.perf_counter() - start

    # Consequential calls run one by one, in order, in this thread: approvals are asked in the
    # model's order and side effects happen in that order. The other calls run concurrently.
    parallel = [i for i, block in enumerate(uses) if not _consequential(toolbox, block["name"])]
    pool, futures = None, {}
    if len(parallel) > 1 and sys.platform != "emscripten":  # a browser's Python has no threads
        pool = ThreadPoolExecutor(max_workers=min(len(parallel), MAX_THREADS))
        futures = {i: pool.submit(timed, uses[i]) for i in parallel}
    try:
        here = {i: timed(block) for i, block in enumerate(uses) if i not in futures}
        results = []
        for i, block in enumerate(uses):
            outcome, seconds = futures[i].result() if i in futures else here[i]
            _report(emit, turn, block, outcome, seconds)
            results.append(outcome.result)
        return results
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def _consequential(toolbox, name: str) -> bool:
    return name in toolbox and toolbox[name].consequential


def _report(emit, turn: int, block: dict, outcome, seconds: float) -> None:
    call = {"id": block["id"], "name": block["name"], "input": block["input"]}
    if outcome.approved is not None:
        emit(Event("approval", turn, {**call, "approved": outcome.approved,
                                      "reason": None if outcome.approved else outcome.error}))
    emit(Event("tool_call", turn, {
        **call, "content": outcome.result["content"], "is_error": outcome.result["is_error"],
        "ran": outcome.ran, "approved": outcome.approved, "duration_s": round(seconds, 4)}))
