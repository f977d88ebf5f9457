"""looplab's top level holds what the notebooks and exercises import, and nothing they do not."""

import ast
import inspect
import json
from pathlib import Path

import looplab

ROOT = Path(__file__).resolve().parent.parent
# deny_all is named in the ApprovalGate's fallback text, next to allow_all and allow_only.
KEPT = {"deny_all"}


def _code(source: str) -> ast.AST:
    lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
    return ast.parse("\n".join(lines))


def top_level_names_used() -> set[str]:
    """Names taken from `looplab` itself by the notebooks (cells and starters) and the exercises."""
    sources = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                sources.append("".join(cell["source"]))
            starter = cell.get("metadata", {}).get("looplab", {}).get("starter")
            if starter:
                sources.append(starter)
    for path in sorted((ROOT / "src" / "looplab" / "exercises").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        sources.append(path.read_text(encoding="utf-8"))
        sources += [n.value for n in ast.walk(tree)  # solutions and hints hold code as text
                    if isinstance(n, ast.Constant) and isinstance(n.value, str) and "looplab" in n.value]
    used = set()
    for source in sources:
        try:
            tree = _code(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "looplab":
                used.update(a.name for a in node.names)
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "looplab":
                used.add(node.attr)
    return used


def test_every_name_the_notebooks_import_is_there():
    """Each name a notebook or exercise takes from looplab exists at the top level."""
    used = top_level_names_used()
    assert {"run_agent", "practice_client", "samples"} <= used
    assert sorted(n for n in used if not hasattr(looplab, n)) == []


def test_the_top_level_holds_only_what_they_use():
    """__all__ is sorted and holds the names the notebooks and exercises use (plus deny_all), no more."""
    assert looplab.__all__ == sorted(looplab.__all__)
    public = set(looplab.__all__)
    assert public - top_level_names_used() <= KEPT
    names = {n for n in top_level_names_used() if not inspect.ismodule(getattr(looplab, n, None))}
    assert names <= public  # submodules reached as looplab.pricing etc. need no entry
