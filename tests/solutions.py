"""Load a worked solution's code as a participant's cell would define it: from a file, no exec."""
import importlib.util
import json
import tempfile
from pathlib import Path


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
