"""keep() saves a participant's passing code to a module of their own; load() brings it back or says it cannot."""

import shutil
import sys
import threading
from pathlib import Path

import anthropic
import nbformat
import pytest

from looplab import MODEL
from looplab.exercises import Exercise
from looplab.mine import keep, load, module_text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from build_workshop import participant_edition  # noqa: E402
from run_notebooks import execute  # noqa: E402

LOCK = threading.Lock()
ENDINGS = {"end_turn": "done", "refusal": "refused"}


def ending(reason):
    """A helper of the participant's: the status of a stop reason."""
    return ENDINGS.get(reason, "anomaly")


def my_status(reason):
    """The participant's answer: uses a helper, a constant, an import and looplab's MODEL."""
    known = isinstance(anthropic.APIError, type) and MODEL  # no assert: pytest rewrites those
    return ending(reason) if known else None


def stub(reason):
    """An unfinished starter."""
    raise NotImplementedError


def _passes(answer):
    if answer("end_turn") != "done" or answer("banana") != "anomaly":
        raise AssertionError("wrong status")
    return "right."


STATUS = Exercise("Exercise 9.9 — a status", _passes, "hint", "solution")


def test_kept_module_holds_the_function_and_what_it_uses(tmp_path):
    """The module imports what the function imported and defines its helpers and data, so it runs alone."""
    path = tmp_path / "my_agent_09.py"
    keep(path, my_status, check=STATUS)
    text = path.read_text()
    assert "import anthropic" in text and "from looplab import MODEL" in text
    assert "ENDINGS = {'end_turn': 'done', 'refusal': 'refused'}" in text
    assert "def ending(reason):" in text and "def my_status(reason):" in text
    loaded = load("my_status", path, instead=stub)
    assert loaded is not my_status and loaded("refusal") == "refused" and loaded("x") == "anomaly"


def test_a_starter_never_replaces_kept_code(tmp_path, capsys):
    """An answer that does not pass writes nothing, and the earlier kept version stays."""
    path = tmp_path / "my_agent_09.py"
    keep(path, my_status, check=STATUS)
    before = path.read_text()
    capsys.readouterr()
    keep(path, stub, check=STATUS)
    assert path.read_text() == before
    assert capsys.readouterr().out.startswith("my_agent_09.py not written: stub does not pass yet (Exercise 9.9")


def test_load_says_when_it_falls_back(tmp_path, capsys):
    """With no kept file, load() returns the stand-in and says so in one line."""
    assert load("my_status", tmp_path / "my_agent_09.py", instead=stub) is stub
    out = capsys.readouterr().out
    assert out.startswith("my_status: no my_agent_09.py to load from in this folder") and "restated" in out


def test_load_takes_the_first_kept_file_and_skips_a_broken_one(tmp_path, capsys):
    """A newer file is preferred; a broken one is named and skipped, not raised."""
    (tmp_path / "new.py").write_text("def my_status(:\n")
    keep(tmp_path / "old.py", my_status, check=STATUS)
    capsys.readouterr()
    loaded = load("my_status", tmp_path / "new.py", tmp_path / "old.py", instead=stub)
    assert loaded("end_turn") == "done"
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("my_status: new.py could not be loaded (SyntaxError")
    assert lines[1] == "my_status: yours, loaded from old.py."


def uses_a_lock():
    """Reads a global that is not data, code or an import."""
    return LOCK.locked()


def test_what_cannot_be_saved_is_named():
    """A global that is neither code, data nor an import is refused with what to do."""
    try:
        module_text([uses_a_lock], "x")
    except ValueError as exc:
        assert "cannot save 'LOCK' (a lock)" in str(exc) and "inside your function" in str(exc)
    else:
        raise AssertionError("module_text saved a lock")


OWN_LOOP = '''def my_loop(client, task, toolbox, max_turns=10):
    """My own way of writing it: a while loop that says each turn."""
    messages, turn = [{"role": "user", "content": task}], 0
    while turn < max_turns:
        turn += 1
        print(f"[my own loop] turn {turn}")
        reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        messages.append({"role": "assistant", "content": reply.content})
        calls = [block for block in reply.content if block.type == "tool_use"]
        if reply.stop_reason != "tool_use":
            return messages
        messages.append({"role": "user", "content": [toolbox.execute(block).result for block in calls]})
    return messages'''


def text_of(cell) -> str:
    return "".join(o.get("text", "") + str(o.get("data", {}).get("text/plain", "")) for o in cell.outputs)


@pytest.mark.e2e
def test_notebook_03_compares_the_loop_written_in_02(tmp_path):
    """02 then 03, fresh kernels: 03 loads the participant's own 2.2 loop and compares it with run_agent."""
    shutil.copytree(ROOT / "notebooks" / "data", tmp_path / "data")
    two = nbformat.read(ROOT / "notebooks" / "02_the_loop.ipynb", as_version=4)
    next(c for c in two.cells if c.id == "nb02-56").source = OWN_LOOP
    nbformat.write(two, tmp_path / "02_the_loop.ipynb")
    three = nbformat.read(ROOT / "notebooks" / "03_stop_reasons_and_budgets.ipynb", as_version=4)
    participant_edition(three)  # 3.2 and 3.4 not done yet: their starters must not replace anything
    nbformat.write(three, tmp_path / "03_stop_reasons_and_budgets.ipynb")
    execute(tmp_path / "02_the_loop.ipynb")
    assert "[my own loop] turn" in (tmp_path / "my_agent_02.py").read_text()
    ran = {c.id: text_of(c) for c in execute(tmp_path / "03_stop_reasons_and_budgets.ipynb").cells
           if c.cell_type == "code"}
    assert ran["nb03-04b"] == "my_loop: yours, loaded from my_agent_02.py.\n"
    assert "my_agent_03.py not written: my_loop does not pass yet (Exercise 3.2" in ran["nb03-32b"]
    assert not (tmp_path / "my_agent_03.py").exists()
    compared = ran["nb03-64"]
    assert compared.startswith("my_loop: yours, loaded from my_agent_02.py.\n[my own loop] turn 1\n")
    assert "your loop: (no status yet) ['list_files', 'read_file', 'read_file', 'read_file']" in compared


OWN_LOOP_05 = '''def my_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None):
    """My own way of writing it: a while loop that says each turn, and one way out at the end."""
    messages, turn, spent, status = [{"role": "user", "content": task}], 0, 0, "max_turns"
    while turn < max_turns:
        turn += 1
        print(f"[my own loop] turn {turn}")
        if token_budget is not None and spent >= token_budget:
            status = "over_budget"
            break
        try:
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
        except anthropic.APIError:
            status = "error"
            break
        spent += reply.usage.input_tokens + reply.usage.output_tokens
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            status = ENDINGS.get(reply.stop_reason, "anomaly")
            break
        messages.append({"role": "user", "content": [toolbox.execute(b, approve).result
                                                     for b in reply.content if b.type == "tool_use"]})
    return status, messages'''

OWN_LOOP_08 = '''from looplab.loop import to_param


def my_loop(client, task, toolbox, max_turns=10, token_budget=None, approve=None, manage=None, **request):
    """My own way: plain dicts in the history, a new list each turn, and it says each turn."""
    history, spent = [{"role": "user", "content": task}], 0
    for turn in range(1, max_turns + 1):
        print(f"[my managed loop] turn {turn}")
        if token_budget is not None and spent >= token_budget:
            return "over_budget", history
        history = manage(history) if manage else history
        try:
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=history,
                                           tools=toolbox.to_api(), **request)
        except anthropic.APIError:
            return "error", history
        spent += reply.usage.input_tokens + reply.usage.output_tokens
        history = history + [{"role": "assistant", "content": [to_param(b) for b in reply.content]}]
        if reply.stop_reason == "pause_turn":
            continue
        if reply.stop_reason != "tool_use":
            return ENDINGS.get(reply.stop_reason, "anomaly"), history
        uses = [b for b in reply.content if b.type == "tool_use"]
        history = history + [{"role": "user", "content": [toolbox.execute(b, approve).result for b in uses]}]
    return "max_turns", history'''


OWN_GATE = '''def execute(block, toolbox, approve=None):
    """My own way: one exit, and it says what it decided."""
    problem = toolbox.check(block.name, block.input)
    tool = None if problem else toolbox[block.name]
    if tool is not None and tool.consequential:
        try:
            ok = approve is not None and approve(block.name, block.input) is True
        except Exception:
            ok = False
        problem = None if ok else f"call to {block.name} was not approved; it did not run."
    if problem is None:
        try:
            content, is_error = str(tool.handler(**block.input)), False
        except Exception as exc:
            content, is_error = f"{block.name} failed: {type(exc).__name__}: {exc}", True
    else:
        content, is_error = problem, True
    print(f"[my gate] {block.name}: {'refused' if is_error else 'ran'}")
    return {"type": "tool_result", "tool_use_id": block.id, "content": content, "is_error": is_error}'''


def _notebook(name: str, folder: Path, *, starters: bool = False, **cells) -> dict:
    """Copy notebook `name` to `folder` (cells replaced by id, or every exercise left as its starter), run it
    in a fresh kernel there, and return each code cell's printed text by id."""
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    if starters:
        participant_edition(nb)
    for cell in nb.cells:
        if cell.id in cells:
            cell.source = cells[cell.id]
    nbformat.write(nb, folder / name)
    return {c.id: text_of(c) for c in execute(folder / name).cells if c.cell_type == "code"}


@pytest.mark.e2e
def test_notebooks_08_and_09_run_the_loop_written_in_05_and_the_gate_of_04(tmp_path):
    """04, 05, 08 then 09, fresh kernels: 08 runs the participant's 5.5 loop, their 8.0 loop (written another
    way) is kept and runs every later section, and 09 runs that same loop with the MCP server's tools, through
    their gate of 4.4 (also written another way)."""
    shutil.copytree(ROOT / "notebooks" / "data", tmp_path / "data")
    four = _notebook("04_guardrails.ipynb", tmp_path, **{"nb04-71": OWN_GATE})
    assert "Kept execute in my_agent_04.py" in four["nb04-72b"]
    five = _notebook("05_failure_injection.ipynb", tmp_path, **{"nb05-62": OWN_LOOP_05})
    assert "Kept my_loop in my_agent_05.py" in five["nb05-63a"]
    eight = _notebook("08_context.ipynb", tmp_path, **{"nb08-06e": OWN_LOOP_08})
    assert eight["nb08-06a"] == "my_loop: yours, loaded from my_agent_05.py.\n"
    assert eight["nb08-06c"].startswith("[my own loop] turn 1\n[my own loop] turn 2\n[my own loop] turn 3\n")
    assert "('done', [1, 10, 0])" in eight["nb08-06c"]
    assert "Kept my_loop in my_agent_08.py" in eight["nb08-06g"]
    assert "[my managed loop]" in (tmp_path / "my_agent_08.py").read_text()
    assert eight["nb08-06i"] == "my_loop: yours, loaded from my_agent_08.py.\n"
    assert "[my managed loop] turn 12\n" in eight["nb08-07"] and "Count: 3." in eight["nb08-07"]
    assert "[my managed loop] turn 12\n" in eight["nb08-30"] and "'cleared_tool_uses': 7" in eight["nb08-30"]
    nine = _notebook("09_mcp.ipynb", tmp_path)
    assert nine["nb09-37c"] == "my_loop: yours, loaded from my_agent_08.py.\n"
    assert "[my managed loop] turn 3\ndone Unpaid: 2026-08-015" in nine["nb09-37e"]
    assert nine["nb09-37f2"] == "execute: yours, loaded from my_agent_04.py.\n"
    assert "[my gate] send_email: refused\n" in nine["nb09-37g"]
    assert "done ['call to send_email was not approved; it did not run.']" in nine["nb09-37g"]
    assert nine["nb09-37g"].rstrip().endswith("[]")


@pytest.mark.e2e
def test_notebooks_08_and_09_say_when_no_loop_is_kept(tmp_path):
    """08 and 09 with no kept file (8.0 left as its starter): each stand-in is used, and a line says which."""
    shutil.copytree(ROOT / "notebooks" / "data", tmp_path / "data")
    eight = _notebook("08_context.ipynb", tmp_path, starters=True)
    assert eight["nb08-06a"].startswith("my_loop: no my_agent_05.py or my_agent_03.py or my_agent_02.py to load")
    assert eight["nb08-06a"].endswith("so this notebook uses the loop restated above.\n")
    assert "Not attempted" in eight["nb08-06f"]
    assert eight["nb08-06g"].startswith("my_agent_08.py not written: my_loop does not pass yet (Exercise 8.0")
    assert eight["nb08-06i"].endswith("so this notebook uses looplab's history.managed_loop.\n")
    assert "Count: 3." in eight["nb08-07"]
    nine = _notebook("09_mcp.ipynb", tmp_path, starters=True)
    assert nine["nb09-37c"].startswith("my_loop: no my_agent_08.py or my_agent_05.py or my_agent_03.py")
    assert nine["nb09-37c"].endswith("so this notebook uses the loop restated above.\n")
    assert nine["nb09-37e"].startswith("done Unpaid: 2026-08-015")
    assert nine["nb09-37f2"].endswith("so this notebook uses the Toolbox's own gate.\n")
    assert "call to send_email was not approved" in nine["nb09-37g"]
