"""Exercises of notebook 05, failure injection: fix a loop, retry a tool once, read invoices loudly, predict the SDK's
retries, and end your loop with status "error" when the API fails for good."""

from __future__ import annotations

import functools
import tempfile
import unicodedata
from dataclasses import replace
from pathlib import Path

import anthropic

from looplab import (
    Tool,
    Toolbox,
    allow_all,
    allow_only,
    faults,
    practice_client,
    run_agent,
    samples,
    tool,
    transport_of,
)
from looplab.exercises import Exercise, Interrupt, raised, whole
from looplab.exercises._loops import call_loop, compare, get, guarded
from looplab.exercises.ex01 import SAME_TWICE, SAME_TWICE_ADVICE, SAME_TWICE_LABEL
from looplab.exercises.ex03 import (
    cut_call_not_run,
    endings_hold,
    one_turn_holds,
    same_call_again,
    text_around_kept,
    turns_not_calls,
)
from looplab.i18n import N_, _
from looplab.practice import call, calls, say

WEATHER_TASK = "What is the weather in Lyon?"
INVOICE_TASK = "In the folder invoices, find the unpaid invoices; give their numbers and the total still due."


UNAVAILABLE = N_("the service is unavailable (simulated failure)")
TIMED_OUT = N_("the service timed out (simulated failure)")
WEATHER_SCRIPT = [calls(say("Let me check."), call("get_weather", city="Lyon")),  # two model calls: a tool call,
                  "Lyon: 21 °C."]  # the answer


@tool
def order_total(product: str, quantity: int) -> str:
    """The price of an order (simulated: 4.50 EUR each).

    Args:
        product: Product name, e.g. green tea.
        quantity: How many.
    """
    return f"{quantity} x {product}: {quantity * 4.5:.2f} EUR"


ODD_ORDER = {"product": " The\u0301 vert \\ Bio ", "quantity": 3}  # a number, an accent as 'e' + U+0301 (NFD)


def _execute(tool, input: dict, approve=None) -> dict:
    return Toolbox([tool]).execute({"id": "toolu_check", "name": tool.name, "input": input}, approve).result


class _Counting:
    """A handler that raises on the call numbers in `failing` (1-based; 'odd': every odd call) and counts calls."""

    def __init__(self, inner, failing, error=None):
        self.inner, self.failing, self.calls, self.inputs = inner, failing, 0, []
        self.error = error or (lambda: faults.ToolFault(_(UNAVAILABLE)))

    def __call__(self, **input):
        self.calls += 1
        self.inputs.append(input)
        fails = self.calls % 2 == 1 if self.failing == "odd" else self.calls in self.failing
        if fails:
            raise self.error()
        return self.inner(**input)


def _first_then(first, then):
    """An error for _Counting: `first` on its first failure, `then` on every later one (two errors told apart)."""
    made: list = []

    def error():
        made.append(1)
        return first() if len(made) == 1 else then()
    return error


def _counting(tool, failing, error=None) -> tuple[Tool, _Counting]:
    counter = _Counting(tool.handler, failing, error)
    return replace(tool, handler=counter), counter


def _wrap(retry_once, tool: Tool, counter: _Counting) -> Tool:
    """retry_once(tool), checked to be a new Tool that leaves `tool` as it was."""
    wrapped = retry_once(tool)
    if tool.handler is not counter:
        raise AssertionError(_("retry_once changed the tool it was given (tool.handler = ...), so the original "
                               "now retries too and wrapping it twice calls itself; leave it as it is and return a "
                               "new Tool: dataclasses.replace(tool, handler=handler)"))
    if not isinstance(wrapped, Tool):
        raise AssertionError(_("retry_once(tool) returned a {kind}; return a Tool "
                               "(dataclasses.replace(tool, handler=...) keeps its name and schema)",
                               kind=type(wrapped).__name__))
    return wrapped


def _test_retry_once(retry_once) -> str:
    if not callable(retry_once):
        raise AssertionError(_("the answer must be a function retry_once(tool) that returns a Tool"))
    weather = samples.weather_and_calc()[0]
    lyon = {"city": "Lyon"}
    odd = {"city": " Saint-Étienne \\ Loire "}  # spaces at both ends and inside, a backslash, an accent, capitals
    flaky, weather_counter = _counting(weather, {1})
    kept = _wrap(retry_once, flaky, weather_counter)
    if (kept.name, kept.input_schema, kept.description) != (weather.name, weather.input_schema, weather.description):
        raise AssertionError(_("the wrapped tool must keep the name, description and input_schema the model sees"))
    order, order_counter = _counting(order_total, {1})
    for wrapped, counter, asked in ((kept, weather_counter, odd),
                                    (_wrap(retry_once, order, order_counter), order_counter, ODD_ORDER)):
        result = _execute(wrapped, asked)
        changed = [seen for seen in counter.inputs if seen != asked]
        if changed and unicodedata.normalize("NFC", repr(changed[0])) == unicodedata.normalize("NFC", repr(asked)):
            raise AssertionError(_("the model asked for {want}, but your retry called the tool with {got}: the same "
                                   "letters, its accents written another way (unicodedata.normalize); retry with the "
                                   "same input, tool.handler(**input), as the model asked",
                                   want=ascii(asked), got=ascii(changed[0])))
        if changed:
            raise AssertionError(_("the model asked for {want!r}, but your retry called the tool with {got!r}; retry "
                                   "with the same input, tool.handler(**input), as the model asked", want=asked,
                                   got=changed[0]))
        if counter is order_counter and counter.calls == 1:
            raise AssertionError(_("a second tool wrapped by retry_once failed once and was not retried: the retry "
                                   "budget is shared (a flag or counter outside handler, or a default argument); keep "
                                   "it inside handler, so each call gets its own second try"))
        if result["is_error"] or counter.calls != 2:
            raise AssertionError(_("a tool that fails once was called {n} time(s) and gave {content!r}; call it once "
                                   "more when it raises", n=counter.calls, content=result["content"][:60]))
    down, counter = _counting(weather, range(1, 100), _first_then(lambda: faults.ToolFault(_(TIMED_OUT)),
                                                                  lambda: faults.ToolFault(_(UNAVAILABLE))))
    result = _execute(_wrap(retry_once, down, counter), lyon)
    if counter.calls != 2:
        raise AssertionError(_("a tool that always fails was called {n} times; retry once, then let the error "
                               "through", n=counter.calls))
    if not result["is_error"]:
        raise AssertionError(_("a tool that always fails gave an ordinary result; re-raise the error so the "
                               "model gets is_error: true and knows it failed"))
    if _(TIMED_OUT) in result["content"] and _(UNAVAILABLE) not in result["content"]:
        raise AssertionError(_("a tool that failed with {first!r}, then with {last!r}, reached the model as "
                               "{content!r:.80}: the first error, not the last; let the last error through as it is "
                               "(a bare raise, or no try around the second call), so the model reads what went "
                               "wrong on the try that counts", first=_(TIMED_OUT), last=_(UNAVAILABLE),
                               content=result["content"]))
    if _(UNAVAILABLE) not in result["content"]:
        raise AssertionError(_("a tool that always fails reached the model as {content!r:.80}, without its own error "
                               "({error!r}); let the last error through as it is (a bare raise, or no try around the "
                               "second call), so the model reads what went wrong", content=result["content"],
                               error=_(UNAVAILABLE)))
    healthy, counter = _counting(weather, ())
    _execute(_wrap(retry_once, healthy, counter), lyon)
    if counter.calls != 1:
        raise AssertionError(_("a tool that works was called {n} times; call it again only when it raises",
                               n=counter.calls))
    every_other, counter = _counting(weather, "odd")
    safe = _wrap(retry_once, every_other, counter)
    for n in (1, 2, 3):
        result = _execute(safe, lyon)
        if result["is_error"]:
            raise AssertionError(_("call {n} of the wrapped tool failed once and was not retried: the retry budget "
                                   "is shared by every call (a flag or counter outside handler); keep it inside "
                                   "handler, so each call gets its own second try", n=n))
    cut, counter = _counting(weather, {1}, lambda: ConnectionError("Connection reset by peer"))  # its usual words
    result = _execute(_wrap(retry_once, cut, counter), lyon)
    if result["is_error"] or counter.calls != 2:
        raise AssertionError(_("a tool that failed once with a ConnectionError, not a ToolFault, was called {n} "
                               "time(s): a real tool fails in many ways (ConnectionError, TimeoutError, ...), so catch "
                               "Exception, not only the ToolFault of faults.failing", n=counter.calls))
    stopped, counter = _counting(weather, {1}, Interrupt)
    try:
        _wrap(retry_once, stopped, counter).handler(**lyon)
    except Interrupt:
        pass
    if counter.calls != 1:
        raise AssertionError(_("when the person pressed Ctrl-C (KeyboardInterrupt) during the call, your handler "
                               "called the tool again: a bare 'except:' (or except BaseException) catches Ctrl-C too; "
                               "catch Exception"))
    outbox: list = []
    send, counter = _counting(samples.action_tools(outbox)[0], {1})
    safe = _wrap(retry_once, send, counter)
    if not getattr(safe, "consequential", False):
        raise AssertionError(_("the wrapped send_email lost consequential=True, so it would run without approval; "
                               "keep it"))
    _execute(safe, {"to": "ana@example.com", "subject": "Hi", "body": "Hello"}, allow_all)
    if counter.calls != 1 or outbox:
        raise AssertionError(_("send_email was called again after it failed; never retry a consequential tool "
                               "(the first try may have gone out): return it unchanged"))
    erase, counter = _counting(samples.action_tools([])[1], {1})
    _execute(_wrap(retry_once, erase, counter), {"name": "2026-08-015.txt"}, allow_all)
    if counter.calls != 1:
        raise AssertionError(_("delete_file, consequential too, was called again after it failed; return every "
                               "consequential tool unchanged (if tool.consequential), not only send_email"))
    booking, counter = _counting(replace(weather, name="book_flight", consequential=True), {1})
    _execute(_wrap(retry_once, booking, counter), lyon, allow_all)
    if counter.calls != 1:
        raise AssertionError(_("book_flight, a consequential tool your code had never seen, was called again after "
                               "it failed; ask the tool (if tool.consequential), not its name: a list of names "
                               "misses every consequential tool added later"))
    flaky, counter = _counting(weather, {1})
    run = run_agent(practice_client(script=WEATHER_SCRIPT), WEATHER_TASK, [_wrap(retry_once, flaky, counter)])
    errors = [e.data["content"] for e in run.events if e.kind == "tool_call" and e.data["is_error"]]
    if errors:
        raise AssertionError(_("in a run, the flaky weather tool still reached the model as an error: {error!r:.100}",
                               error=errors[0]))
    return _("a flaky tool recovers on every call, a dead one fails after two tries, a working one runs once, "
             "Ctrl-C is not retried, and send_email is never retried.")


retry_once = Exercise(
    N_("Exercise 5.2 — retry a tool once"),
    _test_retry_once,
    N_("Write a handler(**input) that calls tool.handler(**input) in try/except and calls it once more in "
       "the except branch; return dataclasses.replace(tool, handler=handler). Return consequential tools unchanged."),
    N_('''from dataclasses import replace

def retry_once(tool):
    """The same tool, called once more if it raises; consequential tools are never retried."""
    if tool.consequential:
        return tool  # a send that failed half-way may have gone out: never send twice

    def handler(**input):
        try:
            return tool.handler(**input)
        except Exception:
            return tool.handler(**input)

    return replace(tool, handler=handler)'''),
)


BROKEN = (("2026-07-012", N_("is empty")), ("2026-08-019", N_("has no Status line")))
GOOD = "2026-08-015"
NOTED = "2026-08-021"  # no Status line, though 'Status:' is there
NOTED_TEXT = (f"Invoice {NOTED}\nClient: Atelier Brun\nAmount incl. VAT: 300 EUR\nDue: 20/09/2026\n"
              "Note: Status: to be confirmed by phone\n")
LATE = "2026-09-031"  # a good invoice whose Status line is its 7th, after an address
LATE_TEXT = (f"Invoice {LATE}\nClient: Fromagerie Vautrin\nAddress: 12 rue des Tanneurs\n69002 Lyon\n"
             "Amount incl. VAT: 840 EUR\nDue: 15/10/2026\nStatus: unpaid\n")
FIRST = "2026-10-044"  # a good invoice whose Status line is its first
FIRST_TEXT = (f"Status: paid\nInvoice {FIRST}\nClient: Boulangerie Roux\nAmount incl. VAT: 120 EUR\n"
              "Due: 01/11/2026\n")
ITEMS = "".join(f"  {n} kg coffee beans, lot {n}: {15 * n}.00 EUR\n" for n in range(1, 31))  # thirty lines
LONG = "2026-11-207"  # a good invoice whose Status line comes after thirty lines of items
LONG_TEXT = (f"Invoice {LONG}\nClient: Brasserie Vauban\nAddress: 12 rue des Tanneurs\n59800 Lille\nItems:\n"
             + ITEMS + "Amount incl. VAT: 6975 EUR\nStatus: unpaid\n")
EARLY = "2026-12-031"  # a good invoice whose Status line comes before thirty lines of items
EARLY_TEXT = (f"Invoice {EARLY}\nClient: Fromagerie Lambert\nStatus: paid\nItems:\n" + ITEMS
              + "Amount incl. VAT: 6975 EUR\n")
MIDDLE = "2027-01-012"  # a good invoice whose Status line comes between thirty lines of items and thirty more
MIDDLE_TEXT = (f"Invoice {MIDDLE}\nClient: Poterie Ferrand\nItems:\n" + ITEMS + "Status: unpaid\nMore items:\n" + ITEMS
               + "Amount incl. VAT: 13950 EUR\n")
NOTES = "2026-10-045"  # a good invoice with four lines after its Status line
NOTES_TEXT = (f"Invoice {NOTES}\nClient: Garage Dumas\nAmount incl. VAT: 560 EUR\nDue: 05/11/2026\nStatus: unpaid\n"
              "Note: first reminder sent\nNote: second reminder sent\nNote: called on 20/11/2026\n"
              "Note: will pay in December\n")
PAYROLL = "PAYROLL-05: salaries, outside the working folder\nStatus: confidential"


def _test_read_invoice(make_read_invoice) -> str:
    if not callable(make_read_invoice):
        raise AssertionError(_("the answer must be a function make_read_invoice(folder) that returns a Tool"))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "work"
        faults.broken_invoices(root / "invoices", missing_status=["2026-08-019.txt"], empty=["2026-07-012.txt"])
        with (root / "invoices" / f"{GOOD}.txt").open("a", encoding="utf-8") as good:
            good.write("Note: reminder sent on 10/09/2026\n")  # a line after the Status line
        (Path(tmp) / "payroll.txt").write_text(PAYROLL + "\n", encoding="utf-8")
        (Path(tmp) / "work-private").mkdir()  # next to work, its name starting with the same letters
        (Path(tmp) / "work-private" / "payroll.txt").write_text(PAYROLL + "\n", encoding="utf-8")
        reader = make_read_invoice(str(root))
        if not isinstance(reader, Tool):
            raise AssertionError(_("make_read_invoice(folder) returned a {kind}; return the Tool",
                                   kind=type(reader).__name__))
        param = next(iter(reader.input_schema.get("properties", {})), None)
        if param is None:
            raise AssertionError(_("read_invoice takes no parameter; give it one, e.g. path: str"))
        try:
            text = str(reader.handler(**{param: f"invoices/{GOOD}.txt"}))
        except NotImplementedError:
            raise
        except Exception as exc:
            raise AssertionError(_("reading invoices/{number}.txt, a good invoice, {error}; its Status line is "
                                   "neither its first line nor its last: look at every line (text.splitlines()) and return the text of a "
                                   "good invoice", number=GOOD, error=raised(exc))) from None
        if "Studio Malo" not in text:
            raise AssertionError(_("reading a good invoice returned {text!r}; return the file's text", text=text[:60]))
        for number, why in BROKEN:
            result = _execute(reader, {param: f"invoices/{number}.txt"})
            if not result["is_error"]:
                raise AssertionError(_("the invoice {number} {why}, yet reading it gave an ordinary result "
                                       "{content!r}; raise an error that names the file",
                                       number=number, why=_(why), content=result["content"][:40]))
            if number not in result["content"]:
                raise AssertionError(_("the error for {number} does not name the file: {content!r}; put the path in "
                                       "the error's message", number=number, content=result["content"][:80]))
        (root / "invoices" / f"{NOTED}.txt").write_text(NOTED_TEXT, encoding="utf-8")
        if not _execute(reader, {param: f"invoices/{NOTED}.txt"})["is_error"]:
            raise AssertionError(_("the invoice {number} says 'Note: Status: to be confirmed by phone' but has no "
                                   "Status line, yet reading it gave an ordinary result; 'Status:' inside another line "
                                   "is no status: look for a line that starts with 'Status:'", number=NOTED))
        for number, text, where in ((LATE, LATE_TEXT, N_("its 7th (after an address)")),
                                    (FIRST, FIRST_TEXT, N_("its first")),
                                    (LONG, LONG_TEXT, N_("its 37th (after thirty lines of items)")),
                                    (NOTES, NOTES_TEXT, N_("followed by four note lines")),
                                    (EARLY, EARLY_TEXT, N_("its 3rd (before thirty lines of items)")),
                                    (MIDDLE, MIDDLE_TEXT, N_("its 34th (between thirty lines of items and thirty "
                                                             "more)"))):
            (root / "invoices" / f"{number}.txt").write_text(text, encoding="utf-8")
            result = _execute(reader, {param: f"invoices/{number}.txt"})
            if result["is_error"]:
                raise AssertionError(_("reading invoices/{number}.txt, a good invoice whose Status line is {where}, "
                                       "gave the error {content!r:.80}; look at every line (text.splitlines()), "
                                       "wherever the Status line is", number=number, where=_(where),
                                       content=result["content"]))
        try:  # a folder link inside that leads outside: only a resolved path shows it
            (root / "invoices" / "old").symlink_to(Path(tmp) / "work-private", target_is_directory=True)
        except OSError:  # a file system without links: the other paths still test the idea
            pass
        for path in ("../payroll.txt", "invoices/../../payroll.txt", str(Path(tmp) / "payroll.txt"),
                     "../work-private/payroll.txt", "invoices/old/payroll.txt"):
            result = _execute(reader, {param: path})
            if "PAYROLL-05" in result["content"]:
                raise AssertionError(_("read_invoice({path!r}) returned a file outside the working folder: read "
                                       "through the Sandbox (sandbox.read(path)), not Path(folder) / path, so a "
                                       "path the model makes up cannot leave the folder", path=path))
            if not result["is_error"]:
                raise AssertionError(_("read_invoice({path!r}), a path outside the working folder, gave the ordinary "
                                       "result {content!r:.60}, which the model reads as an invoice's text; let "
                                       "sandbox.read's error through (no try/except around it), so it comes back "
                                       "as an is_error result", path=path, content=result["content"]))
        script = [calls([call(reader.name, **{param: f"invoices/{n}.txt"}) for n in (GOOD, *dict(BROKEN))]),
                  "Done."]
        run = run_agent(practice_client(script=script), INVOICE_TASK, [samples.invoice_tools(root)[0], reader])
    seen = {e.data["input"].get(param): e.data["is_error"] for e in run.events if e.kind == "tool_call"}
    wrong = [path for path, failed in seen.items() if failed != any(n in path for n, _why in BROKEN)]
    if run.status != "done" or len(seen) != 3 or wrong:
        raise AssertionError(_("in a run where the model reads the three invoices, the reads of {paths} did not "
                               "reach the model as expected (run status {status!r}); only the two broken files "
                               "should come back as errors", paths=wrong or list(seen), status=run.status))
    return _("both broken invoices fail loudly and name their file, paths outside the folder are refused, and in a run "
             "the model gets both errors.")


read_invoice = Exercise(
    N_("Exercise 5.3 — an invoice reader that fails loudly"),
    _test_read_invoice,
    N_("Read with sandbox.read(path). If text.strip() is empty, or no line starts with 'Status:', raise "
       "ValueError with the path in the message; else return the text."),
    N_('''def make_read_invoice(folder):
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

    return read_invoice'''),
)


SCENARIOS = {"twice": 2, "always": None}  # prediction key -> how many 529s in a row (None: they never stop)


@functools.cache
def _requests(times) -> tuple[int, str]:
    """Requests that reach the API in a weather run whose first call meets `times` 529s, and its status."""
    client = practice_client(script=WEATHER_SCRIPT, max_retries=2)
    faults.overloaded(client, times=times)
    run = run_agent(client, WEATHER_TASK, samples.weather_and_calc())
    return transport_of(client).calls, run.status


def _test_prediction(prediction) -> str:
    if not isinstance(prediction, dict) or set(prediction) != set(SCENARIOS):
        raise AssertionError(_("write a dict with the keys {keys}, each a whole number of requests, not "
                               "{prediction!r:.60}", keys=sorted(SCENARIOS), prediction=prediction))
    seen = {key: _requests(times) for key, times in SCENARIOS.items()}
    for key, times in SCENARIOS.items():
        guess = prediction[key]
        if not whole(guess):  # 4.0 counts as 4, as in 3.3 and 3.5
            raise AssertionError(_("prediction[{key!r}] should be a whole number of requests, not {guess!r}",
                                   key=key, guess=guess))
        if guess != seen[key][0]:
            message = (N_("prediction[{key!r}] = {guess!r} is not what happens when the API answers 529 twice, then "
                          "recovers: the first model call meets the 529 twice and then succeeds: count each of its "
                          "attempts (the first try plus the retries), then the run goes on to its next model call, "
                          "one more request") if times else
                       N_("prediction[{key!r}] = {guess!r} is not what happens when the API answers 529 on every "
                          "request: every attempt fails, so the run ends after its first model call: count that "
                          "call's attempts, the first try plus the retries (max_retries counts retries, not tries)"))
            raise AssertionError(_(message, key=key, guess=guess))
    return _("{twice} requests when the 529s stop after two (the run ends {twice_status!r}), {always} when they never "
             "stop (it ends {always_status!r}).", twice=seen["twice"][0], twice_status=seen["twice"][1],
             always=seen["always"][0], always_status=seen["always"][1])


prediction = Exercise(
    N_("Exercise 5.4 — predict the retries"),
    _test_prediction,
    N_("max_retries counts the retries, not the tries: one model call may take 1 + max_retries requests. "
       "When the API recovers, the run goes on to its next model call, which is one more request."),
    N_('prediction = {"twice": 4, "always": 3}  # turn 1: 2 failed + 1 good, turn 2: 1; or 1 try + 2 retries, all failed'),
)


def _weather_box(times=0) -> Toolbox:
    return Toolbox([faults.failing(samples.weather_and_calc()[0], times=times)])


class _Endless(BaseException):
    """Raised through the SDK (not an Exception, so no except APIError catches it) once a loop goes round too often."""


class _Brake:
    """A fault that stops a loop retrying forever: past `limit` requests it raises _Endless."""

    def __init__(self, limit: int = 60):
        self.limit, self.hits = limit, 0

    def before(self, request, body):
        self.hits += 1
        if self.hits > self.limit:
            raise _Endless()


def _client(fault=None, **options):
    """A scripted weather client with `fault(client, **options)` on it, braked against endless loops."""
    client = practice_client(script=WEATHER_SCRIPT)
    transport_of(client).add_fault(_Brake())
    if fault is not None:
        fault(client, **options)
    return client


def _api(fault=None, **options):
    def setup():
        return _client(fault, **options), _weather_box()
    return setup


class _Escaped(Exception):
    """An API error the participant's loop let out (kept apart from the check's own errors)."""


def _catching(my_loop):
    """my_loop, whose escaping API errors become _Escaped, so the check can say which one got out."""
    def loop(*args, **options):
        try:
            return my_loop(*args, **options)
        except anthropic.APIError as exc:
            raise _Escaped(exc) from exc
    return loop


API_CASES = [  # (label, setup, what the run meets)
    (N_("when the API is overloaded on every request"), _api(faults.overloaded, times=None), N_("a 529 on every try")),
    (N_("when the API fails from the second model call on"), _api(faults.overloaded, times=None, after=1),
     N_("529s from its second model call")),
    (N_("when the API answers 400 (not retried)"),
     _api(lambda c, **o: faults.status_error(c, 400, "invalid_request_error", **o), times=None),
     N_("a 400 that the SDK does not retry")),
    (N_("when the model stops answering in time from the second model call on"),
     _api(faults.timeout, times=None, after=1), N_("timeouts from its second model call")),
    (N_("when the connection drops from the second model call on"),
     _api(faults.connection_reset, times=None, after=1), N_("dropped connections from its second model call")),
    (N_("when the API is overloaded twice, then recovers"), _api(faults.overloaded, times=2),
     N_("two 529s, then answers")),
    (N_("when the tool fails once"), lambda: (_client(), _weather_box(times=1)),
     N_("a tool error (is_error, not an API error)")),
]


REMINDER = {"to": "ana@example.com", "subject": "Reminder", "body": "Invoice 2026-08-015 is due."}


def _typed_no(name, input):
    """An approver that hands back what the person typed: 'no' is a str, truthy, and no approval."""
    return "no"


def _approval_holds(my_loop) -> None:
    """A scripted send_email, with no approver (it must not go out) and with one allowing it (it must)."""
    for approve, expected in ((None, []), (allow_only("send_email"), ["ana@example.com"]), (_typed_no, [])):
        outbox: list = []
        client, guard = guarded(practice_client(script=[call("send_email", **REMINDER), "Sent."]))
        given = {} if approve is None else {"approve": approve}  # no approver: the default, as a notebook calls it
        call_loop(my_loop, client, guard, "Send Ana the reminder.", Toolbox(samples.action_tools(outbox)), **given)
        if approve is _typed_no and outbox:
            raise AssertionError(_("with an approver that returned the person's answer 'no' (a str: truthy, but not "
                                   "True), your loop sent the email: only an exact True approves; pass the approver "
                                   "on as it is (toolbox.execute(block, approve)), without bool() or a wrapper of "
                                   "your own"))
        if [mail.get("to") for mail in outbox] != expected:
            raise AssertionError(_("with no approver (approve left to its default), your loop sent the email anyway: a "
                                   "consequential tool runs only when an approver says True; keep approve=None as the "
                                   "default and pass it on as it is: toolbox.execute(block, approve)") if expected == [] else
                                 _("with approve=allow_only('send_email'), the email was not sent: your loop did not "
                                   "pass the approver on; toolbox.execute(block, approve)"))
    _each_call_asked(my_loop)


TWO_EMAILS = [calls(call("send_email", **REMINDER), call("send_email", **{**REMINDER, "to": "audit@evil.net"})), "Sent."]


def _only_ana(name, input):
    """An approver that judges each call by its address: yes to Ana, no to anyone else."""
    return isinstance(input, dict) and input.get("to") == "ana@example.com"


def _each_call_asked(my_loop) -> None:
    """Two emails in one turn: the approver is asked about each call, and its answer holds for that call only (a
    yes kept for the turn, "ask once, not five times", would send a call the person never saw)."""
    for approve, expected in ((_only_ana, ["ana@example.com"]),
                              (allow_only("send_email"), ["ana@example.com", "audit@evil.net"])):
        outbox: list = []
        client, guard = guarded(practice_client(script=TWO_EMAILS))
        call_loop(my_loop, client, guard, "Send Ana the reminder.", Toolbox(samples.action_tools(outbox)),
                  approve=approve)
        sent = [mail.get("to") for mail in outbox]
        if sent != expected and approve is _only_ana:
            raise AssertionError(_("with a model that proposes two emails in one turn, to ana@example.com and "
                                   "audit@evil.net, and an approver that approves only ana@example.com, your loop "
                                   "sent {sent}; ask the approver about every call, and let its answer hold for "
                                   "that call only: pass it on as it is, toolbox.execute(block, approve)", sent=sent))
        if sent != expected:
            raise AssertionError(_("with a model that proposes two emails in one turn and "
                                   "approve=allow_only('send_email'), your loop sent {sent}; both were approved: pass "
                                   "the approver on for every call of the turn, toolbox.execute(block, approve)",
                                   sent=sent))


class _CtrlC:
    """A fault: the person presses Ctrl-C while the model call is under way."""

    def before(self, request, body):
        raise Interrupt()


def ctrl_c_stops(my_loop, **options) -> None:
    """A Ctrl-C (KeyboardInterrupt) during the model call must stop the loop, not become a status it returns."""
    client = practice_client(script=WEATHER_SCRIPT)
    transport_of(client).add_fault(_CtrlC())
    try:
        returned = my_loop(client, WEATHER_TASK, _weather_box(), **options)
    except Interrupt:
        return
    status = returned[0] if isinstance(returned, tuple) and returned else returned
    raise AssertionError(_("when the person pressed Ctrl-C (KeyboardInterrupt) during the model call, your loop "
                           "returned {status!r:.40} instead of stopping: a bare 'except:' (or except BaseException) "
                           "catches Ctrl-C too; catch anthropic.APIError", status=status))


def _test_api_errors(my_loop) -> str:
    if not callable(my_loop):
        raise AssertionError(_("pass your function itself: ex05.api_errors.check(my_loop)"))
    for label, setup, meets in API_CASES:
        label = _(label)
        try:
            compare(_catching(my_loop), setup, WEATHER_TASK, label)
        except _Endless:
            raise AssertionError(_("{label}, your loop called the model again and again (over {limit} requests); "
                                   "after an API error, return 'error' with the messages so far instead of trying "
                                   "once more: the SDK has already retried what it could",
                                   label=label, limit=_Brake().limit)) from None
        except _Escaped as escaped:
            exc = escaped.__cause__
            if "the check stopped this loop" in str(exc):  # the Runaway guard's API error, which stays English
                raise AssertionError(_("{label}, your loop called the model again and again; after an API error, "
                                       "return 'error' with the messages so far instead of trying once more",
                                       label=label)) from None
            family = (_("it is not an APIStatusError (no HTTP status came back): catch anthropic.APIError, the parent "
                        "of status errors, timeouts and connection errors")
                      if isinstance(exc, anthropic.APIConnectionError) else
                      _("catch anthropic.APIError, the parent of every error the SDK raises"))
            raise AssertionError(_("{label} ({meets}), your loop let {error} out and the history was lost; {family}, "
                                   "and in the except branch return 'error' and the messages so far",
                                   label=label, meets=_(meets), error=type(exc).__name__, family=family)) from None
    ctrl_c_stops(my_loop)
    _approval_holds(my_loop)
    endings_hold(my_loop)  # the endings of exercise 3.2 still hold
    return _("{n} runs with API and tool faults end as run_agent ends them, with the same history kept.",
             n=len(API_CASES))


api_errors = Exercise(
    N_("Exercise 5.5 — your loop survives the API"),
    _test_api_errors,
    N_("Put the model call in try/except anthropic.APIError (the SDK has already retried what it could): in the "
       "except branch, return 'error' and the messages so far. Tool errors need nothing new: the Toolbox already "
       "turns them into is_error results."),
    N_('def my_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None):\n'
    '    """Run the agent loop; an API error ends it with status "error", history kept."""\n'
    '    messages, spent = [{"role": "user", "content": task}], 0\n'
    '    for _ in range(max_turns):\n'
    '        if token_budget is not None and spent >= token_budget:\n'
    '            return "over_budget", messages\n'
    '        try:\n'
    '            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages,\n'
    '                                           tools=toolbox.to_api())\n'
    '        except anthropic.APIError:  # raised after the SDK\'s own retries\n'
    '            return "error", messages\n'
    '        spent += reply.usage.input_tokens + reply.usage.output_tokens\n'
    '        messages.append({"role": "assistant", "content": reply.content})\n'
    '        if reply.stop_reason == "pause_turn":\n'
    '            continue\n'
    '        if reply.stop_reason != "tool_use":\n'
    '            return ENDINGS.get(reply.stop_reason, "anomaly"), messages\n'
    '        results = [toolbox.execute(b, approve).result for b in reply.content if b.type == "tool_use"]\n'
    '        messages.append({"role": "user", "content": results})\n'
    '    return "max_turns", messages'),
)


TWO_AT_ONCE = "Weather in Lyon and Paris, and 17 * 3?"
FIX_SCRIPTS = {
    N_("a model that calls one tool per turn"): [call("get_weather", city="Lyon"), "Lyon: 21 °C."],
    N_("a model that calls two tools at once"): [
        calls(say("I'll check both."), call("get_weather", city="Lyon"), call("calculator", expression="17 * 3")),
        "21 °C; 51."],
    N_("a model that calls three tools at once, twice"): [
        calls(call("get_weather", city="Lyon"), call("get_weather", city="Paris"), call("calculator", expression="17 * 3")),
        calls(call("calculator", expression="2 / 0"), call("get_weather", city="Oslo"),
              call("get_weather", city="Rome")),
        "Done."],
}


SAME_TURN = [SAME_TWICE, "Lyon: 21 °C."]


def same_call_twice(my_loop) -> None:
    """A model that asks for the same call twice in one turn: each tool_use runs and gets its own result."""
    compare(my_loop, lambda: (practice_client(script=SAME_TURN), Toolbox(samples.weather_and_calc())), TWO_AT_ONCE,
            SAME_TWICE_LABEL, advice=SAME_TWICE_ADVICE)


def _unanswered(messages) -> list[list]:
    """For each assistant message that calls tools: the ids its next message leaves without a tool_result."""
    gaps = []
    for i, message in enumerate(messages):
        ids = [get(b, "id") for b in get(message, "content") or [] if get(b, "type") == "tool_use"]
        if get(message, "role") == "assistant" and ids and i + 1 < len(messages):
            following = get(messages[i + 1], "content") or []
            answered = {get(b, "tool_use_id") for b in following if get(b, "type") == "tool_result"}
            gaps.append([i for i in ids if i not in answered])
    return [gap for gap in gaps if gap]


def _test_fix_loop(fixed_loop) -> str:
    if not callable(fixed_loop):
        raise AssertionError(_("pass your function itself: ex05.fix_loop.check(fixed_loop)"))
    for label, script in FIX_SCRIPTS.items():
        label = _(label)
        setup = lambda script=script: (practice_client(script=script), Toolbox(samples.weather_and_calc()))  # noqa: E731
        compare(fixed_loop, setup, TWO_AT_ONCE, _("with {label}", label=label))
        client, guard = guarded(practice_client(script=script))
        _status, messages = call_loop(fixed_loop, client, guard, TWO_AT_ONCE, Toolbox(samples.weather_and_calc()))
        for gap in _unanswered(messages):
            raise AssertionError(_("with {label}, the tool calls {gap} got no tool_result in the next message; "
                                   "answer every tool_use id of the reply, all in one user message",
                                   label=label, gap=gap))
    same_call_twice(fixed_loop)
    same_call_again(fixed_loop)
    cut_call_not_run(fixed_loop)
    turns_not_calls(fixed_loop)
    compare(fixed_loop, lambda: (practice_client(never_stop=True), Toolbox(samples.weather_and_calc())), TWO_AT_ONCE,
            N_("with a model that never stops and max_turns=3"), max_turns=3,
            advice=N_("after the for loop, the cap was reached before an answer: 'max_turns'"))
    one_turn_holds(fixed_loop, lambda: Toolbox(samples.weather_and_calc()), TWO_AT_ONCE)
    text_around_kept(fixed_loop, lambda: Toolbox(samples.weather_and_calc()), TWO_AT_ONCE)
    return _("every tool call of a turn is answered, by its id, in one message, as run_agent does.")


fix_loop = Exercise(
    N_("Exercise 5.1 — fix this loop"),
    _test_fix_loop,
    N_("next(...) takes the first tool_use block only. Run toolbox.execute on every tool_use block of the reply, "
       "in order, and send all the results back together in one user message."),
    N_('def fixed_loop(client, task, toolbox, max_turns=10):\n'
    '    """Run the agent loop; return (status, messages)."""\n'
    '    messages = [{"role": "user", "content": task}]\n'
    '    for _ in range(max_turns):\n'
    '        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages,\n'
    '                                       tools=toolbox.to_api())\n'
    '        messages.append({"role": "assistant", "content": reply.content})\n'
    '        if reply.stop_reason != "tool_use":\n'
    '            return ENDINGS.get(reply.stop_reason, "anomaly"), messages\n'
    '        results = [toolbox.execute(b).result for b in reply.content if b.type == "tool_use"]  # every call\n'
    '        messages.append({"role": "user", "content": results})  # all results, one message, in order\n'
    '    return "max_turns", messages'),
)
