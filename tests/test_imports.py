"""The package's modules import one way: no import circle, and no import tucked into a function to dodge one."""

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"


def modules() -> dict[str, Path]:
    """Dotted name -> file, for every module under src/looplab."""
    found = {}
    for path in (SRC / "looplab").rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def targets(node: ast.AST, name: str, is_package: bool, known) -> list[str]:
    """The looplab modules an import statement in module `name` loads."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in known]
    base = node.module or ""
    if node.level:
        package = name.split(".") if is_package else name.split(".")[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join(package + ([node.module] if node.module else []))
    out = []
    for alias in node.names:
        full = f"{base}.{alias.name}"
        out.append(full if full in known else base)
    return [t for t in out if t in known]


def graph() -> dict[str, set[str]]:
    """Module -> the looplab modules its module-level code imports."""
    known = modules()
    edges = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = set()
        for node in tree.body:
            for sub in ast.walk(node) if not isinstance(node, ast.FunctionDef | ast.ClassDef) else [node]:
                if isinstance(sub, ast.Import | ast.ImportFrom):
                    found.update(targets(sub, name, path.name == "__init__.py", known))
        edges[name] = found - {name}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle():
    """No group of looplab modules imports each other in a circle."""
    assert circles(graph()) == []


def test_the_checker_sees_a_circle():
    """The circle finder reports a two-module circle (so the test above can fail)."""
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]


def test_no_looplab_import_inside_functions():
    """looplab modules are imported at the top of a module, never inside a function to dodge a circle."""
    known, late = modules(), []
    for name, path in known.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Import | ast.ImportFrom) and targets(
                            sub, name, path.name == "__init__.py", known):
                        late.append(f"{name}.{node.name}")
    assert late == []
