"""Section 3: the practice model's time per request, without the SDK, for each notebook task."""

from __future__ import annotations

import json
from pathlib import Path

import httpx2
from _common import Row, Section, median, timed

from looplab import samples
from looplab.client import PRACTICE_URL, practice_client
from looplab.loop import run_agent
from looplab.practice import transport_of
from looplab.practice.transport import PracticeTransport

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
TASKS = {  # name -> (task, tools): the questions the notebooks ask the practice model
    "weather+calc": ("What's the weather in Lyon, and what is 12 * (3 + 5)?",
                     lambda: samples.weather_and_calc()),
    "invoices": ("In the folder invoices, find the unpaid invoices; give their numbers and the "
                 "total still due.", lambda: samples.invoice_tools(DATA)),
    "lookup": ("Look up the catalogue entry 'design' and tell me its modules.",
               lambda: samples.catalogue_tools()),
    "research": ("What do our articles say about heat pumps in cold climates?",
                 lambda: samples.docs_tools(DATA / "articles")),
}


def captured(task: str, tools) -> list[dict]:
    """The request bodies one run_agent run of `task` sends to a practice client."""
    client = practice_client()
    run = run_agent(client, task, tools)
    if run.status != "done":
        raise RuntimeError(f"practice model: the task {task!r} ended {run.status}, not done")
    return list(transport_of(client).requests)


def http_request(body: dict) -> httpx2.Request:
    """The HTTP request the SDK would send for `body`."""
    return httpx2.Request("POST", PRACTICE_URL + "/v1/messages", content=json.dumps(body).encode(),
                          headers={"content-type": "application/json"})


def per_request(bodies: list[dict], repetitions: int) -> list[list[float]]:
    """Seconds of PracticeTransport.handle_request, per request body, `repetitions` times each."""
    transport = PracticeTransport()
    samples_ = [[] for _ in bodies]
    for _ in range(repetitions):
        for i, body in enumerate(bodies):
            request = http_request(body)  # built outside the timing: that is the SDK's part
            samples_[i].append(timed(lambda r=request: transport.handle_request(r)))
        transport.requests.clear()
    return samples_


def measure(repetitions: int = 300) -> Section:
    """One row per notebook task: median handle_request time over all its turns."""
    section = Section("Practice model")
    for name, (task, tools) in TASKS.items():
        times = per_request(captured(task, tools()), repetitions)
        overall = median([t for turn in times for t in turn])
        slowest = max(median(turn) for turn in times)
        section.rows.append(Row(
            f"practice model, {name}: median time per request ({len(times)} turns)",
            f"{overall * 1000:.3f} ms (slowest turn {slowest * 1000:.3f} ms)", "< 1 ms", overall < 0.001))
    section.notes.append(
        "practice: timed PracticeTransport.handle_request on the request bodies a run_agent run sent "
        f"(JSON parse, validation, planner, reply and usage building, response), {repetitions} times "
        "each; the SDK's request building and response parsing are excluded. Met = the task's median < 1 ms; "
        "the slowest turn's median is shown for information.")
    return section
