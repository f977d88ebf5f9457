"""Load a worked solution's code as a participant's cell would define it: from a file, no exec."""
import importlib.util
import io
import json
import tempfile
import tokenize
from pathlib import Path

from looplab.exercises import FAIL
from looplab.i18n import _


def _load(source: str) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "solution.py"
        path.write_text(source, encoding="utf-8")
        spec = importlib.util.spec_from_file_location("solution", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return {k: v for k, v in vars(module).items() if not k.startswith("_")}


def defined_in(code: str, prelude: str = "") -> dict:
    """The public names `code` defines after `prelude` (what the notebook has already set up)."""
    before = _load(prelude) if prelude else {}
    return {k: v for k, v in _load(prelude + code).items() if k not in before}


def _solution_cells(notebook: str) -> list[dict]:
    path = Path(__file__).resolve().parent.parent / "notebooks" / notebook
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [c for c in cells if "starter" in c["metadata"].get("looplab", {})]


def starters(notebook: str) -> list[str]:
    """The starter code of every solution cell of notebooks/`notebook`, in order."""
    return [c["metadata"]["looplab"]["starter"] for c in _solution_cells(notebook)]


def solved(notebook: str) -> list[str]:
    """The code of every solution cell of notebooks/`notebook`, in order (what the solved edition runs)."""
    return ["".join(c["source"]) for c in _solution_cells(notebook)]


def _raise_value_error(*args, **kwargs):
    raise ValueError("boom")


def results_run_twice(reply, toolbox):
    """Wrong, and several exercises must catch it: each tool_use run once to log a failure, then again."""
    results = []
    for block in (b for b in reply.content if b.type == "tool_use"):
        if toolbox.execute(block).result["is_error"]:
            print("a tool failed:", block.name)
        results.append(toolbox.execute(block).result)
    return results


ODD_ANSWERS = {  # answers of the wrong kind: every check must say 'not yet', never crash on them itself
    "a function returning None": lambda *args, **kwargs: None,
    "a function returning a str": lambda *args, **kwargs: "x",
    "a function returning a dict with no content": lambda *args, **kwargs: {"role": "user", "content": None},
    "a function returning a status and a str": lambda *args, **kwargs: ("done", "x"),
    "a function returning junk messages": lambda *args, **kwargs: ("done", [None, 3, {"role": "assistant"}]),
    "a function raising ValueError": _raise_value_error,
    "an int": 3, "a str": "x", "a dict of odd values": {"A": 1, "B": [], "C": None}, "a float": 3.5, "a list": [1],
}


def code_only(source: str) -> list[tuple[int, str]]:
    """The tokens of `source` but its strings and comments: what a translation must leave alone."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [(t.type, t.string) for t in tokens if t.type not in (tokenize.STRING, tokenize.COMMENT)]


def not_yet(exercise, answer) -> str:
    """The French feedback on a wrong answer, without its 'Pas encore : <title> : ' prefix."""
    outcome = exercise.evaluate(answer)
    assert outcome.status == FAIL, str(outcome)
    said = f"Pas encore : {_(exercise.title)} : "
    assert str(outcome).startswith(said), str(outcome)
    return str(outcome).removeprefix(said)
