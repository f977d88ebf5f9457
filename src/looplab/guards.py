"""Guards around tools: a safe calculator, a folder-bound file reader, approvals, output caps."""
from __future__ import annotations

import ast
import math
import operator
import stat
import unicodedata
from collections.abc import Callable
from pathlib import Path

MAX_EXPRESSION_CHARS = 200
MAX_NODES = 100
MAX_DEPTH = 30
MAX_EXPONENT = 1000
MAX_DIGITS = 100
MAX_FLOAT = 1e100
_HINT = "use numbers and + - * / // % ** only"

_BINARY = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
_UNARY = {ast.UAdd: operator.pos, ast.USub: operator.neg}
_SYMBOLS = {
    ast.BitXor: "^", ast.BitAnd: "&", ast.BitOr: "|", ast.LShift: "<<", ast.RShift: ">>",
    ast.MatMult: "@", ast.Invert: "~", ast.Not: "not",
}
_KINDS = {
    ast.Name: "names", ast.Call: "function calls", ast.Attribute: "attributes",
    ast.Subscript: "indexing", ast.Compare: "comparisons", ast.BoolOp: "and/or",
    ast.Lambda: "lambdas", ast.IfExp: "if/else", ast.NamedExpr: "assignments",
    ast.JoinedStr: "f-strings", ast.ListComp: "comprehensions", ast.SetComp: "comprehensions",
    ast.DictComp: "comprehensions", ast.GeneratorExp: "comprehensions", ast.Tuple: "tuples",
    ast.List: "lists", ast.Dict: "dicts", ast.Set: "sets", ast.Starred: "star arguments",
    ast.Slice: "slices", ast.Await: "await", ast.Yield: "yield", ast.YieldFrom: "yield",
}


def _refuse(why: str) -> ValueError:
    return ValueError(f"safe_calc: {why}; {_HINT}")


def _check_size(value: int | float) -> int | float:
    if isinstance(value, complex):
        raise _refuse("the result is not a real number")
    if isinstance(value, int) and abs(value) >= 10**MAX_DIGITS:
        raise _refuse(f"a number has more than {MAX_DIGITS} digits")
    if isinstance(value, float) and not abs(value) < MAX_FLOAT:
        raise _refuse(f"a number is larger than {MAX_FLOAT:g}")
    return value


def _power(base: int | float, exp: int | float) -> int | float:
    if abs(exp) > MAX_EXPONENT:
        raise _refuse(f"exponent {exp!r} is too large (limit {MAX_EXPONENT})")
    if base not in (0, 1, -1) and exp * math.log10(abs(base)) > MAX_DIGITS + 1:
        raise _refuse(f"{base!r} ** {exp!r} would be too large")
    return base**exp


def _evaluate(node: ast.AST, depth: int) -> int | float:
    if depth > MAX_DEPTH:
        raise _refuse(f"the expression is nested more than {MAX_DEPTH} levels deep")
    if isinstance(node, ast.Constant):
        value = node.value
        if type(value) not in (int, float):
            kind = {str: "strings", bytes: "bytes", bool: "booleans", complex: "complex numbers"}
            raise _refuse(f"{kind.get(type(value), repr(value))} are not allowed ({value!r})")
        return _check_size(value)
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _evaluate(node.left, depth + 1), _evaluate(node.right, depth + 1)
        try:
            if isinstance(node.op, ast.Pow):
                return _check_size(_power(left, right))
            return _check_size(_BINARY[type(node.op)](left, right))
        except ZeroDivisionError:
            raise _refuse("division by zero") from None
        except OverflowError:
            raise _refuse("the result is too large") from None
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _UNARY[type(node.op)](_evaluate(node.operand, depth + 1))
    if isinstance(node, (ast.BinOp, ast.UnaryOp)):
        raise _refuse(f"the operator {_SYMBOLS.get(type(node.op), '?')} is not allowed")
    kind = _KINDS.get(type(node), type(node).__name__)
    shown = f" ({node.id!r})" if isinstance(node, ast.Name) else ""
    raise _refuse(f"{kind} are not allowed{shown}")


def safe_calc(expression: str) -> int | float:
    """Evaluate an arithmetic expression (numbers, + - * / // % **, parentheses) without eval."""
    if not isinstance(expression, str):
        raise _refuse(f"expected text, got {type(expression).__name__}")
    if len(expression) > MAX_EXPRESSION_CHARS:
        raise _refuse(f"the expression is longer than {MAX_EXPRESSION_CHARS} characters")
    bad = next((c for c in expression if not (c.isascii() and (c.isprintable() or c in " \t"))), None)
    if bad is not None:
        raise _refuse(f"only ASCII characters are allowed (found {bad!r})")
    level = deepest = 0
    for char in expression:  # the parser itself recurses, so refuse deep nesting before parsing
        level += {"(": 1, ")": -1, "[": 1, "]": -1, "{": 1, "}": -1}.get(char, 0)
        deepest = max(deepest, level)
    if deepest > MAX_DEPTH:
        raise _refuse(f"the expression is nested more than {MAX_DEPTH} levels deep")
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except (SyntaxError, ValueError) as exc:
        raise _refuse(f"not an arithmetic expression ({getattr(exc, 'msg', exc)})") from None
    if sum(isinstance(n, ast.expr) for n in ast.walk(tree)) > MAX_NODES:
        raise _refuse(f"the expression has more than {MAX_NODES} parts")
    return _evaluate(tree.body, 0)


def cap_output(text: str, limit: int = 8000) -> str:
    """Cut text to `limit` characters and say visibly how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}\n[… truncated: {len(text) - limit} more characters]"


MAX_NAME_CHARS = 255


def _kind(path: Path) -> str | None:
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return None
    return "folder" if stat.S_ISDIR(mode) else "file" if stat.S_ISREG(mode) else None


def _show(name: str) -> str:
    shown = repr(name)
    return shown if len(shown) <= 60 else shown[:50] + "…" + shown[-8:]


class Sandbox:
    """File access bound to one folder: names are checked, symlinks resolved, reads capped."""

    def __init__(self, root: str | Path, max_bytes: int = 64_000):
        self.root = Path(root).resolve()
        self.label = self.root.name  # messages name the folder, never the machine path
        self.max_bytes = max_bytes
        if not self.root.is_dir():
            raise FileNotFoundError(f"Sandbox: no folder '{Path(root).name}'; pass an existing folder")

    def __repr__(self) -> str:
        return f"Sandbox('{self.label}')"

    def _leaves(self, name: str, why: str = "") -> ValueError:
        why = f" ({why})" if why else ""
        return ValueError(f"Sandbox: {_show(name)} leaves the folder '{self.label}'{why}; pass a name inside it")

    def _check_text(self, name: str, text: str) -> None:
        if any(unicodedata.category(c).startswith("C") for c in text):
            raise self._leaves(name, "it contains a control character")
        if "\\" in text:
            raise self._leaves(name, "use '/' between folders, not '\\'")
        if text.startswith(("/", "~")) or (len(text) > 1 and text[1] == ":" and text[0].isalpha()):
            raise self._leaves(name, "absolute paths are not allowed")
        if ".." in text.split("/"):
            raise self._leaves(name, "'..' is not allowed")

    def resolve(self, name: str) -> Path:
        """Return the real path of `name` inside the folder, or raise ValueError if it leaves it."""
        if not isinstance(name, str):
            raise ValueError(f"Sandbox: a name must be text, got {type(name).__name__}; pass a name inside it")
        if len(name) > MAX_NAME_CHARS:
            raise self._leaves(name, f"longer than {MAX_NAME_CHARS} characters")
        self._check_text(name, name)
        self._check_text(name, unicodedata.normalize("NFKC", name))  # look-alikes such as '．．／'
        try:
            path = self.root.joinpath(*[p for p in name.split("/") if p not in ("", ".")]).resolve()
        except (OSError, RuntimeError):
            raise ValueError(f"Sandbox: {_show(name)} cannot be resolved (a link loop?); pass another name") from None
        if not path.is_relative_to(self.root):
            raise self._leaves(name, "it leads outside through a link")
        return path

    def list(self, folder: str = ".") -> list[str]:
        """Names in a folder inside the sandbox, sorted; subfolders end with '/'."""
        path = self.resolve(folder)
        if _kind(path) != "folder":
            raise FileNotFoundError(
                f"Sandbox: no folder {_show(folder)} in '{self.label}'; list '.' to see what is there")
        names = []
        for entry in sorted(path.iterdir(), key=lambda p: p.name):
            try:
                real = entry.resolve()
            except (OSError, RuntimeError):
                continue
            kind = _kind(real)  # None: a broken link, a link loop, a pipe or device: not shown
            if kind and real.is_relative_to(self.root):  # links that lead out are not shown either
                names.append(entry.name + "/" if kind == "folder" else entry.name)
        return names

    def read(self, name: str) -> str:
        """Text of a file inside the sandbox, at most max_bytes (non-UTF-8 bytes replaced)."""
        path = self.resolve(name)
        kind = _kind(path)
        if kind == "folder":
            raise ValueError(f"Sandbox: {_show(name)} is a folder in '{self.label}'; list it, or read a file inside it")
        if kind != "file":  # missing, or a device, pipe or socket that could block
            raise FileNotFoundError(
                f"Sandbox: no file {_show(name)} in '{self.label}'; list the folder to see what is there")
        try:
            with path.open("rb") as handle:
                data = handle.read(self.max_bytes + 1)
                rest = path.stat().st_size - self.max_bytes
        except OSError as exc:
            raise ValueError(f"Sandbox: cannot read {_show(name)} ({exc.strerror}); pass another file") from None
        text = data[: self.max_bytes].decode("utf-8", errors="replace")
        if len(data) > self.max_bytes:
            text += f"\n[… truncated: {max(rest, 1)} more bytes]"
        return text


def deny_all(name: str, input: dict) -> bool:
    """Approval policy that refuses every consequential call."""
    return False


def allow_all(name: str, input: dict) -> bool:
    """Approval policy that accepts every consequential call (for demos only)."""
    return True


def allow_only(*names: str) -> Callable[[str, dict], bool]:
    """Approval policy that accepts consequential calls to the named tools only."""
    allowed = frozenset(names)

    def policy(name: str, input: dict) -> bool:
        return name in allowed

    return policy


def ask_policy(ask: Callable[[str], str] = input) -> Callable[[str, dict], bool]:
    """Approval policy that asks a person (via `ask(question)`) and accepts only 'y' or 'yes'."""
    import json

    def policy(name: str, input: dict) -> bool:
        question = f"Run {name} {json.dumps(input, ensure_ascii=False)}? [y/N] "
        return str(ask(question)).strip().lower() in ("y", "yes")

    return policy
