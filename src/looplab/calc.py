"""safe_calc: arithmetic from text with the ast module, never eval; bounded in every dimension."""
from __future__ import annotations

import ast
import math
import operator

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
