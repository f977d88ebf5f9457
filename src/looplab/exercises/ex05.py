"""Exercises of notebook 05, failure injection: count retries, retry a tool once, read invoices loudly."""

from __future__ import annotations

import tempfile
from pathlib import Path

from looplab.exercises import Exercise

WEATHER_TASK = "What is the weather in Lyon?"
INVOICE_TASK = "In the folder invoices, find the unpaid invoices; give their numbers and the total still due."


def _test_attempts(attempts) -> str:
    from looplab import faults, practice_client, run_agent, samples, transport_of

    if isinstance(attempts, bool) or not isinstance(attempts, int):
        raise AssertionError(f"attempts should be a whole number, not {type(attempts).__name__}")
    client = practice_client(max_retries=2)
    fault = faults.overloaded(client, times=None)
    run = run_agent(client, WEATHER_TASK, samples.weather_and_calc())
    seen = transport_of(client).calls
    if attempts != seen:
        raise AssertionError(f"{attempts} is not what happens; count the first try plus each retry, "
                             "or run it and read transport_of(client).calls")
    return (f"{seen} requests: the first try and max_retries=2 retries (x-stainless-retry-count "
            f"{fault.retry_counts}), then run.status == {run.status!r} with {type(run.error).__name__} in run.error.")


attempts = Exercise(
    "Exercise 5.1 — count the attempts",
    _test_attempts,
    "max_retries counts the retries, not the tries: add the first attempt. To be sure, run it: "
    "faults.overloaded(client, times=None), then transport_of(client).calls.",
    '''attempts = 3  # the first try + max_retries=2 retries

probe = practice_client(max_retries=2)
faults.overloaded(probe, times=None)
run = run_agent(probe, "What is the weather in Lyon?", [weather])
run.status, transport_of(probe).calls''',
)


def _execute(tool, input: dict, approve=None) -> dict:
    from looplab import Toolbox

    return Toolbox([tool]).execute({"id": "toolu_check", "name": tool.name, "input": input}, approve).result


def _test_retry_once(retry_once) -> str:
    from looplab import Tool, allow_all, faults, practice_client, run_agent, samples

    if not callable(retry_once):
        raise AssertionError("the answer must be a function retry_once(tool) that returns a Tool")
    weather = samples.weather_and_calc()[0]
    lyon = {"city": "Lyon"}
    flaky = faults.failing(weather, times=1)
    wrapped = retry_once(flaky)
    if not isinstance(wrapped, Tool):
        raise AssertionError(f"retry_once(tool) returned a {type(wrapped).__name__}; return a Tool "
                             "(dataclasses.replace(tool, handler=...) keeps its name and schema)")
    if (wrapped.name, wrapped.input_schema, wrapped.description) != (weather.name, weather.input_schema, weather.description):
        raise AssertionError("the wrapped tool must keep the name, description and input_schema the model sees")
    result = _execute(wrapped, lyon)
    if result["is_error"] or flaky.handler.calls != 2:
        raise AssertionError(f"a tool that fails once was called {flaky.handler.calls} time(s) and gave "
                             f"{result['content'][:60]!r}; call it once more when it raises")
    down = faults.failing(weather, times=None)
    result = _execute(retry_once(down), lyon)
    if down.handler.calls != 2:
        raise AssertionError(f"a tool that always fails was called {down.handler.calls} times; "
                             "retry once, then let the error through")
    if not result["is_error"]:
        raise AssertionError("a tool that always fails gave an ordinary result; re-raise the error so the "
                             "model gets is_error: true and knows it failed")
    healthy = faults.failing(weather, times=0)  # never fails; counts the calls
    _execute(retry_once(healthy), lyon)
    if healthy.handler.calls != 1:
        raise AssertionError(f"a tool that works was called {healthy.handler.calls} times; call it again only when it raises")
    outbox: list = []
    send = faults.failing(samples.action_tools(outbox)[0], times=1)
    safe = retry_once(send)
    if not getattr(safe, "consequential", False):
        raise AssertionError("the wrapped send_email lost consequential=True, so it would run without approval; keep it")
    _execute(safe, {"to": "ana@example.com", "subject": "Hi", "body": "Hello"}, allow_all)
    if send.handler.calls != 1 or outbox:
        raise AssertionError("send_email was called again after it failed; never retry a consequential tool "
                             "(the first try may have gone out): return it unchanged")
    run = run_agent(practice_client(), WEATHER_TASK, [retry_once(faults.failing(weather, times=1))])
    if any(e.data["is_error"] for e in run.events if e.kind == "tool_call") or "21" not in (run.answer or ""):
        raise AssertionError(f"in a run, the flaky weather tool still reached the model as an error: {run.answer!r}")
    return "a flaky tool recovers, a dead one fails after two tries, a working one runs once, and send_email is never retried."


retry_once = Exercise(
    "Exercise 5.2 — retry a tool once",
    _test_retry_once,
    "Write a handler(**input) that calls tool.handler(**input) in try/except and calls it once more in "
    "the except branch; return dataclasses.replace(tool, handler=handler). Return consequential tools unchanged.",
    '''from dataclasses import replace

def retry_once(tool):
    """The same tool, called once more if it raises; consequential tools are never retried."""
    if tool.consequential:
        return tool  # a send that failed half-way may have gone out: never send twice

    def handler(**input):
        try:
            return tool.handler(**input)
        except Exception:
            return tool.handler(**input)

    return replace(tool, handler=handler)''',
)


BROKEN = (("2026-07-012", "is empty"), ("2026-08-019", "has no Status line"))


def _test_read_invoice(make_read_invoice) -> str:
    from looplab import Tool, faults, practice_client, run_agent, samples

    if not callable(make_read_invoice):
        raise AssertionError("the answer must be a function make_read_invoice(folder) that returns a Tool")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        faults.broken_invoices(root / "invoices", missing_status=["2026-08-019.txt"], empty=["2026-07-012.txt"])
        reader = make_read_invoice(str(root))
        if not isinstance(reader, Tool):
            raise AssertionError(f"make_read_invoice(folder) returned a {type(reader).__name__}; return the Tool")
        param = next(iter(reader.input_schema.get("properties", {})), None)
        if param is None:
            raise AssertionError("read_invoice takes no parameter; give it one, e.g. path: str")
        text = str(reader.handler(**{param: "invoices/2026-08-015.txt"}))
        if "Studio Malo" not in text:
            raise AssertionError(f"reading a good invoice returned {text[:60]!r}; return the file's text")
        for number, why in BROKEN:
            result = _execute(reader, {param: f"invoices/{number}.txt"})
            if not result["is_error"]:
                raise AssertionError(f"the invoice {number} {why}, yet reading it gave an ordinary result "
                                     f"{result['content'][:40]!r}; raise an error that names the file")
            if number not in result["content"]:
                raise AssertionError(f"the error for {number} does not name the file: {result['content'][:80]!r}")
        list_files = samples.invoice_tools(root)[0]
        run = run_agent(practice_client(), INVOICE_TASK, [list_files, reader])
    answer = run.answer or ""
    missing = [number for number, _ in BROKEN if number not in answer]
    if missing or "850 EUR" not in answer or "1850" in answer:
        raise AssertionError(f"the agent's answer should total 850 EUR and name {', '.join(missing) or 'both broken files'}: {answer!r}")
    return "both broken invoices fail loudly, and the agent names them and totals 850 EUR."


read_invoice = Exercise(
    "Exercise 5.3 — an invoice reader that fails loudly",
    _test_read_invoice,
    "Read with sandbox.read(path). If text.strip() is empty, or no line starts with 'Status:', raise "
    "ValueError with the path in the message; else return the text.",
    '''def make_read_invoice(folder):
    sandbox = Sandbox(folder)

    @tool
    def read_invoice(path: str) -> str:
        """Return the text of one invoice; fails if it is empty or has no Status line.

        Args:
            path: Invoice path relative to the working folder, e.g. invoices/2026-08-015.txt.
        """
        text = sandbox.read(path)
        if not text.strip():
            raise ValueError(f"{path} is empty; it cannot be counted")
        if not any(line.startswith("Status:") for line in text.splitlines()):
            raise ValueError(f"{path} has no Status line; say so, do not guess")
        return text

    return read_invoice''',
)
