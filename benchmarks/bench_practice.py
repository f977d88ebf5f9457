"""Section 3: the practice model's time per request, without the SDK, for each notebook task."""

from __future__ import annotations

import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

import anthropic
import httpx2
from _common import Row, Section, median, timed

from looplab import samples
from looplab.client import DEFAULT_MODEL, PRACTICE_URL, practice_client
from looplab.loop import run_agent
from looplab.practice import transport_of
from looplab.practice.transport import PracticeTransport

SDK_HEADERS = {"content-type": "application/json", "x-api-key": "practice-model",  # what the SDK sends
               "anthropic-version": anthropic.Anthropic(api_key="practice-model").default_headers["anthropic-version"]}

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "notebooks" / "data"
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
                          headers=SDK_HEADERS)


def long_task() -> dict:
    """A request whose task holds a run of 10,000 spaces ('What is 12 times ... 3?'), the calculator offered."""
    return {"model": DEFAULT_MODEL, "max_tokens": 500, "tools": [t.to_api() for t in samples.weather_and_calc()],
            "messages": [{"role": "user", "content": "What is 12 times" + " " * 10_000 + "3?"}]}


def forget() -> None:
    """Empty the planner's caches: what it remembers of the requests it saw (a conversation's turns ask it again)."""
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("looplab.practice.planner"):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def per_request(bodies: list[dict], repetitions: int, forgetting: str = "") -> list[list[float]]:
    """Seconds of PracticeTransport.handle_request, per request body, `repetitions` times each. The planner's caches
    are emptied before each pass over `bodies` when `forgetting` is "pass" (a run's first turn is planned from scratch,
    the next ones find what it remembered), before each request when it is "request", never when it is ""."""
    transport = PracticeTransport()
    requests = [http_request(body) for body in bodies]  # built outside the timing: that is the SDK's part
    for request in requests:  # an error reply is quick: time only what the SDK would get answered
        assert transport.handle_request(request).status_code == 200, transport.handle_request(request).read()
    samples_ = [[] for _ in bodies]
    for _ in range(repetitions):
        if forgetting == "pass":
            forget()
        for i, request in enumerate(requests):
            if forgetting == "request":
                forget()
            samples_[i].append(timed(lambda r=request: transport.handle_request(r)))
        transport.requests.clear()
    return samples_


def paraphrases() -> tuple[Counter, list[dict]]:
    """Run the paraphrase suite of tests/paraphrase_cases.py: verdict counts (with 'answerable', the cases meant
    to be answered, and 'answerable right'), and every request body sent."""
    sys.path.insert(0, str(ROOT / "tests"))
    from paraphrase_cases import CASES, prepare, verdict

    counts, bodies = Counter(), []
    with tempfile.TemporaryDirectory() as tmp:
        for i, case in enumerate(CASES):
            tools, facts, false = prepare(case, Path(tmp) / f"case-{i:02d}")
            client = practice_client()
            run = run_agent(client, case.task, tools, max_turns=8)
            outcome = verdict(run.answer or "", facts, false)
            counts[outcome] += 1
            counts["answerable"] += case.expect == "right"
            counts["answerable right"] += case.expect == "right" and outcome == "right"
            bodies += transport_of(client).requests
    return counts, bodies


def heldout() -> Counter:
    """Run the held-out suite of tests/heldout_cases.py: verdict counts, plus 'answerable', 'answerable right'
    and 'naming' (declines that name a word of the task)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from heldout_cases import CASES, names_what, run_case

    counts = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for i, case in enumerate(CASES):
            outcome, answer, *_ = run_case(case, Path(tmp) / f"case-{i:03d}")
            counts[outcome] += 1
            counts["answerable"] += case.answerable
            counts["answerable right"] += case.answerable and outcome == "right"
            counts["naming"] += outcome == "declined" and names_what(case.task, answer)
    return counts


def generated(seeds: range = range(300)) -> Counter:
    """Run the generated suite of tests/generated_cases.py over `seeds`: verdict counts."""
    sys.path.insert(0, str(ROOT / "tests"))
    from generated_cases import case, judge

    counts = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            made = case(seed)
            run = run_agent(practice_client(), made.task, samples.invoice_tools(made.build(Path(tmp) / f"s{seed}")),
                            max_turns=8)
            counts[judge(made, run.answer or "")] += 1
    return counts


def measure(repetitions: int = 300) -> Section:
    """One row per notebook task: median handle_request time over all its turns."""
    section = Section("Practice model")
    for name, (task, tools) in TASKS.items():
        bodies = captured(task, tools())
        times, first = per_request(bodies, repetitions), per_request(bodies, repetitions // 3, forgetting="pass")
        overall = median([t for turn in times for t in turn])
        slowest = max(median(turn) for turn in times)
        section.rows.append(Row(
            f"practice model, {name}: median time per request ({len(times)} turns)",
            f"{overall * 1000:.3f} ms (slowest turn {slowest * 1000:.3f} ms; a first run "
            f"{median([t for turn in first for t in turn]) * 1000:.3f} ms)", "< 1 ms", overall < 0.001))
    runs = per_request([long_task()], 5, forgetting="request")[0]  # the spoken-arithmetic search was quadratic in a run of spaces: 40 s
    section.rows.append(Row("practice model, a task holding a run of 10,000 spaces: time per request",
                            f"{median(runs) * 1000:.1f} ms", "< 50 ms", median(runs) < 0.05))
    counts, bodies = paraphrases()
    total = sum(counts[v] for v in ("right", "declined", "wrong"))
    section.rows.append(Row(f"paraphrase suite ({total} rewordings, generated data): answered right",
                            f"{counts['right'] / total:.0%} ({counts['right']})", "-", None))
    section.rows.append(Row(f"paraphrase suite: the {counts['answerable']} meant to be answered, answered right",
                            f"{counts['answerable right'] / counts['answerable']:.0%} ({counts['answerable right']})",
                            ">= 80 %", counts["answerable right"] >= 0.8 * counts["answerable"]))
    section.rows.append(Row("paraphrase suite: plainly declined", f"{counts['declined'] / total:.0%} "
                            f"({counts['declined']})", "-", None))
    section.rows.append(Row("paraphrase suite: wrong answers", str(counts["wrong"]), "0", counts["wrong"] == 0))
    held = heldout()
    total = held["right"] + held["declined"] + held["wrong"]
    section.rows.append(Row(f"held-out ({total} new wordings, new data, never tuned on): right / declined / wrong",
                            f"{held['right']} / {held['declined']} / {held['wrong']}", "0 wrong", held["wrong"] == 0))
    section.rows.append(Row("held-out: answerable cases answered right", f"{held['answerable right']} of {held['answerable']}",
                            "-", None))
    section.rows.append(Row("held-out: declines that name a word of the task", f"{held['naming']} of {held['declined']}",
                            "all", held["naming"] == held["declined"]))
    made = generated()
    section.rows.append(Row(f"generated suite ({sum(made.values())} seeded invoice cases, a development suite): right / "
                            "declined / wrong", f"{made['right']} / {made['declined']} / {made['wrong']}", "0 wrong",
                            made["wrong"] == 0))
    times = per_request(bodies, 20)
    overall = median([t for turn in times for t in turn])
    section.rows.append(Row(f"paraphrase suite: median time per request ({len(bodies)} requests)",
                            f"{overall * 1000:.3f} ms (slowest {max(median(t) for t in times) * 1000:.3f} ms)",
                            "< 1 ms", overall < 0.001))
    section.notes.append(
        "paraphrase suite: the cases of tests/paraphrase_cases.py (rewordings of the notebook tasks over "
        "generated invoices, articles, weather tables and catalogues), each run with run_agent on a fresh "
        "practice client; right = every true fact and no false one, declined = a plain decline with no "
        "false fact; the target is over the cases meant to be answered (the others, adversarial or beyond the rules, "
        "are meant to be declined); its request bodies are then timed 20 times each like the notebook tasks.")
    section.notes.append(
        "held-out: the cases of tests/heldout_cases.py, written before the planner of issue 18 and never used "
        "to tune a rule: new wordings (negations, %, decimal commas, per-client, when/due, grand totals, "
        "comparisons, French, entities the articles don't cover, one-number structured output after a run) over "
        "data generated there; the development suite above is the one the rules were built from.")
    section.notes.append(
        "generated: tests/generated_cases.py, seeds 0-299: invoice folders and wordings drawn from a seed and judged "
        "against their own data; written on 2026-12-02 to hunt wrong answers, whose rules were then fixed, so it "
        "is a development suite, not held-out.")
    section.notes.append(
        "practice: timed PracticeTransport.handle_request on the request bodies a run_agent run sent "
        f"(JSON parse, validation, planner, reply and usage building, response), {repetitions} times "
        "each; the SDK's request building and response parsing are excluded. A request is planned from scratch the "
        "first time; the planner remembers what the next turns, and a room's other participants, ask again (the task "
        "and its tools, the records read). Met = the task's median < 1 ms; shown for information: the slowest turn's "
        "median, and the median of a first run (the caches emptied before each pass over its turns). The run of "
        "spaces is timed with the caches emptied before each request.")
    return section
