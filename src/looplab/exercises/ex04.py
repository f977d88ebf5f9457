"""Exercises of notebook 04, guardrails: an approval policy, a folder-bound tool, a grounding check, your own gate."""

from __future__ import annotations

import tempfile
from pathlib import Path

from anthropic.types import ToolUseBlock

from looplab import Tool, Toolbox, faults, practice_client, run_agent, samples, tool
from looplab.exercises import Exercise

CANARY = "CANARY-04: the secret file outside the notes folder"


def _email(to: str) -> dict:
    return {"to": to, "subject": "Invoice reminder", "body": "Hello, a friendly reminder."}


POLICY_CASES = [
    ("send_email", _email("ana@example.com"), True),
    ("send_email", _email("billing@example.com"), True),
    ("send_email", _email("audit@example.net"), False),
    ("send_email", _email("ana@example.com.evil.net"), False),
    ("send_email", _email("ana@notexample.com"), False),
    ("send_email", _email("audit@example.net, ana@example.com"), False),
    ("delete_file", {"name": "2026-08-015.txt"}, False),
    ("transfer_money", {"to": "ana@example.com", "amount": 1850}, False),
]


def _test_policy(policy) -> str:
    if not callable(policy):
        raise AssertionError("the answer must be a function policy(name, input) returning True or False")
    for name, input, expected in POLICY_CASES:
        verdict = policy(name, dict(input))
        if expected and verdict is not True:
            got = "True-ish but not True" if verdict else repr(verdict)
            raise AssertionError(f"{name} to {input['to']!r} should be approved, but the policy returned {got}; "
                                 "the Toolbox approves only an exact True")
        if not expected and verdict is True:
            shown = input.get("to") or input.get("name")
            raise AssertionError(f"{name} ({shown!r}) was approved; approve send_email only when the "
                                 "whole address ends in @example.com, and nothing else")
    outbox: list = []
    run = _policy_run(policy, outbox)
    sent = [item.get("to") for item in outbox]
    if sent != ["ana@example.com"]:
        raise AssertionError(f"in a run proposing three actions, the outbox got {sent}; expected only ana@example.com")
    return f"{len(POLICY_CASES)} proposals judged right, and in a real run only the mail to ana@example.com went out ({run.status})."


def _use(*proposals: tuple[str, dict]) -> dict:
    """A script step proposing these tool calls (`call(name, **input)` cannot take an input named 'name')."""
    content = [{"type": "tool_use", "name": name, "input": input} for name, input in proposals]
    return {"content": content, "stop_reason": "tool_use"}


def _policy_run(policy, outbox: list):
    script = [_use(("send_email", _email("ana@example.com")), ("send_email", _email("audit@example.net")),
                   ("delete_file", {"name": "2026-08-015.txt"})),
              "Done: one reminder sent."]
    return run_agent(practice_client(script=script), "Send the reminders.",
                     samples.action_tools(outbox), approve=policy)


email_policy = Exercise(
    "Exercise 4.1 — an approval policy",
    _test_policy,
    "Refuse first: return False unless the name is send_email. Then check the whole address with "
    "re.fullmatch, not str.endswith alone: 'audit@example.net, ana@example.com' ends well too.",
    '''import re

def email_policy(name, input):
    """Approve send_email only to one address at @example.com; refuse everything else."""
    if name != "send_email":
        return False
    return re.fullmatch(r"[\\w.+-]+@example\\.com", input.get("to", "")) is not None''',
)


def _notes_folder(tmp: Path) -> tuple[Path, list[tuple[str, str]]]:
    """A notes folder with a secret file next to it, and the names that try to reach the secret."""
    notes = tmp / "notes"
    (notes / "sub").mkdir(parents=True)
    (notes / "todo.txt").write_text("Buy coffee beans.\n", encoding="utf-8")
    (notes / "sub" / "deep.txt").write_text("A note in a subfolder.\n", encoding="utf-8")
    secret = tmp / "secret.txt"
    secret.write_text(CANARY + "\n", encoding="utf-8")
    payloads = [("../secret.txt", "'../secret.txt'"),
                ("sub/../../secret.txt", "'sub/../../secret.txt'"),
                (str(secret), "the absolute path of secret.txt"),
                ("．．/secret.txt", "'．．/secret.txt' (full-width dots)")]
    try:
        (notes / "shortcut.txt").symlink_to(secret)
        payloads.append(("shortcut.txt", "'shortcut.txt', a link inside the folder that points outside"))
    except OSError:  # a file system without links: the other payloads still test the idea
        pass
    return notes, payloads


def _test_read_note(make_read_note) -> str:
    if not callable(make_read_note):
        raise AssertionError("the answer must be a function make_read_note(folder) that returns a Tool")
    with tempfile.TemporaryDirectory() as tmp:
        notes, payloads = _notes_folder(Path(tmp))
        read_note = make_read_note(str(notes))
        if not isinstance(read_note, Tool):
            raise AssertionError(f"make_read_note(folder) returned a {type(read_note).__name__}; "
                                 "return the Tool (decorate read_note with @tool)")
        param = next(iter(read_note.input_schema.get("properties", {})), None)
        if param is None:
            raise AssertionError("read_note takes no parameter; give it one, e.g. name: str")
        text = read_note.handler(**{param: "todo.txt"})
        if "Buy coffee beans." not in str(text):
            raise AssertionError(f"read_note('todo.txt') returned {str(text)[:60]!r}; it should return the note's text")
        box = Toolbox([read_note])
        for payload, shown in payloads:
            outcome = box.execute({"id": "toolu_check", "name": read_note.name, "input": {param: payload}})
            if CANARY in outcome.result["content"]:
                raise AssertionError(f"read_note with {shown} returned the secret file outside the folder; "
                                     "resolve the path first, then refuse it unless it is inside the folder")
    return f"todo.txt reads fine and {len(payloads)} escape attempts were refused."


read_note = Exercise(
    "Exercise 4.2 — a folder-bound read_note",
    _test_read_note,
    "Resolve first, compare second: (root / name).resolve() follows '..' and links, then "
    "path.is_relative_to(root) tells whether it is still inside. Or let Sandbox(folder).read do it.",
    '''from pathlib import Path

from looplab import tool

def make_read_note(folder):
    root = Path(folder).resolve()

    @tool
    def read_note(name: str) -> str:
        """Return the text of one note in the notes folder.

        Args:
            name: Note file name, e.g. todo.txt.
        """
        path = (root / name).resolve()  # follows '..' and links
        if not path.is_relative_to(root):
            raise ValueError(f"{name!r} leaves the notes folder; pass a name inside it")
        return path.read_text(encoding="utf-8")

    return read_note

# or, in one line: return Sandbox(folder).read(name)''',
)


DOCS = {
    "kettle.md": "# Kettles\n\nAn electric kettle boils a litre of water in about three minutes.\n",
    "teapot.md": "# Teapots\n\nWarm the teapot before brewing a kettle of tea.\n",
}


def _docs_run(tmp: Path, reads: list[str], answer: str):
    folder = tmp / "docs"
    folder.mkdir(exist_ok=True)
    for name, text in DOCS.items():
        (folder / name).write_text(text, encoding="utf-8")
    script = [_use(("search_docs", {"query": "kettle"})), _use(*[("read_doc", {"name": n}) for n in reads]), answer]
    return run_agent(practice_client(script=script), "How fast does a kettle boil?", samples.docs_tools(folder))


def _test_grounded(grounded) -> str:
    if not callable(grounded):
        raise AssertionError("the answer must be a function grounded(answer, run) returning True or False")
    good = "A kettle boils a litre in about three minutes [kettle.md]."
    cases = [  # (documents read, answer, expected, why)
        (["kettle.md"], good, True, "it cites kettle.md, which the run read"),
        (["kettle.md"], good + " Warm the pot first [kettle.md].", True, "it cites kettle.md twice, read once"),
        (["kettle.md"], good + " Warm the teapot first [teapot.md].", False,
         "it cites teapot.md, which only appeared in the search results and was never read"),
        (["kettle.md", "mugs.md"], good + " Mugs keep it hot [mugs.md].", False,
         "it cites mugs.md, whose read_doc call failed"),
        (["kettle.md"], "A kettle boils a litre in about three minutes.", False,
         "it cites nothing, so nothing shows where it comes from"),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        for reads, answer, expected, why in cases:
            run = _docs_run(Path(tmp), reads, answer)
            verdict = grounded(run.answer, run)
            if bool(verdict) != expected:
                raise AssertionError(f"grounded(...) returned {verdict!r} for the answer {answer!r}; "
                                     f"expected {expected} because {why}")
    return f"all {len(cases)} answers judged right: a citation counts only if the run read that document."


grounded = Exercise(
    "Exercise 4.3 — a grounding check",
    _test_grounded,
    "Collect the names of the documents read: the tool_call events whose name is read_doc and whose "
    "is_error is False. Then find the citations with re.findall(r'\\[([^\\]]+)\\]', answer).",
    '''import re

def grounded(answer, run):
    """True if the answer cites documents and every one was read without error in the run."""
    read = {e.data["input"].get("name") for e in run.events
            if e.kind == "tool_call" and e.data["name"] == "read_doc" and not e.data["is_error"]}
    cited = re.findall(r"\\[([^\\]]+)\\]", answer or "")
    return bool(cited) and all(name in read for name in cited)''',
)


_MAIL = {"to": "ana@example.com", "subject": "Reminder", "body": "Invoice 2026-08-015 is due."}


def _failing_approver(name, input):
    raise RuntimeError("the approval service is down")


GATE_CASES = [  # (label, tool name, input, approver)
    ("a registered read-only tool with a good input", "lookup", {"key": "ai"}, None),
    ("a tool that is not registered", "run_shell", {"command": "rm -rf ~"}, None),
    ("an input of the wrong type", "lookup", {"key": 42}, None),
    ("an input missing its required field", "lookup", {}, None),
    ("an input with an extra field", "lookup", {"key": "ai", "limit": 5}, None),
    ("send_email with no approver", "send_email", _MAIL, None),
    ("send_email whose approver answers 'yes' (truthy, not True)", "send_email", _MAIL, lambda n, i: "yes"),
    ("send_email whose approver raises", "send_email", _MAIL, _failing_approver),
    ("send_email approved with True", "send_email", _MAIL, lambda n, i: True),
    ("a tool whose handler raises", "get_weather", {"city": "Lyon"}, None),
]


def _gate_box(effects: list) -> Toolbox:
    """lookup, a failing get_weather and the action tools; every call that runs is recorded in `effects`."""

    @tool
    def lookup(key: str) -> str:
        """Look a key up in a tiny catalogue.

        Args:
            key: Catalogue key, e.g. ai.
        """
        effects.append(("lookup", key))
        return {"ai": "Applied AI"}.get(key, "no such key")

    weather = faults.failing(samples.weather_and_calc()[0], times=None)
    return Toolbox([lookup, weather, *samples.action_tools(effects)])


def _test_gate(execute) -> str:
    if not callable(execute):
        raise AssertionError("the answer must be a function execute(block, toolbox, approve=None) returning a tool_result")
    for i, (label, name, input, approve) in enumerate(GATE_CASES, 1):
        block = ToolUseBlock(id=f"toolu_gate_{i}", name=name, input=dict(input), type="tool_use")
        ran_expected, ran = [], []
        expected = _gate_box(ran_expected).execute(block, approve).result
        try:
            got = execute(block, _gate_box(ran), approve)
        except NotImplementedError:
            raise
        except Exception as exc:
            raise AssertionError(f"with {label}, execute raised {type(exc).__name__}: {exc}; every problem must "
                                 "become a tool_result with is_error True, so the loop goes on") from None
        if not isinstance(got, dict) or got.get("type") != "tool_result":
            raise AssertionError(f"with {label}, execute returned {got!r:.80}; return a dict "
                                 "{'type': 'tool_result', 'tool_use_id': ..., 'content': ..., 'is_error': ...}")
        if got.get("tool_use_id") != block.id:
            raise AssertionError(f"with {label}, the result's tool_use_id is {got.get('tool_use_id')!r}; "
                                 f"it must be the block's id {block.id!r}")
        if got.get("is_error") is not expected["is_error"]:
            raise AssertionError(f"with {label}, is_error is {got.get('is_error')!r}; expected "
                                 f"{expected['is_error']} (the Toolbox says: {expected['content'][:70]!r})")
        if ran != ran_expected:
            did = "ran" if len(ran) > len(ran_expected) else "did not run"
            raise AssertionError(f"with {label}, the tool {did}; it must run only when registered, valid and, "
                                 "if consequential, approved with exactly True")
        if not isinstance(got.get("content"), str) or not got["content"]:
            raise AssertionError(f"with {label}, the content is {got.get('content')!r}; give the model a text "
                                 "to read: the handler's output, or what went wrong")
    return f"{len(GATE_CASES)} proposals gated as the Toolbox gates them: only what is registered, valid and approved runs."


gate = Exercise(
    "Exercise 4.4 — the gate in your own hands",
    _test_gate,
    "Three checks in order, each returning an is_error result: toolbox.check(name, input) covers the name "
    "and the schema; a consequential tool needs approve(name, input) to return exactly True (and an approver "
    "that raises says no); then run toolbox[name].handler(**input) inside try/except.",
    '''def execute(block, toolbox, approve=None):
    """Check, approve and run one tool_use block; return its tool_result (never raises)."""
    def result(content, is_error):
        return {"type": "tool_result", "tool_use_id": block.id, "content": content, "is_error": is_error}

    problem = toolbox.check(block.name, block.input)  # registered name? input fits the schema?
    if problem:
        return result(problem, True)
    tool = toolbox[block.name]
    if tool.consequential:
        try:
            approved = approve is not None and approve(block.name, block.input) is True
        except Exception:  # an approver that fails must not approve
            approved = False
        if not approved:
            return result(f"call to {block.name} was not approved; it did not run.", True)
    try:
        return result(str(tool.handler(**block.input)), False)
    except Exception as exc:
        return result(f"{block.name} failed: {type(exc).__name__}: {exc}", True)''',
)
