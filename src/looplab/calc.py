"""safe_calc: arithmetic from text with the ast module, never eval; bounded in every dimension."""
from __future__ import annotations

import ast
import math
import operator

from looplab.i18n import N_, _

MAX_EXPRESSION_CHARS = 200
MAX_NODES = 100
MAX_DEPTH = 30
MAX_EXPONENT = 1000
MAX_DIGITS = 100
MAX_FLOAT = 1e100

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
_KINDS = {  # what the expression holds that arithmetic does not, as the refusal says it
    ast.Name: N_("names are not allowed"), ast.Call: N_("function calls are not allowed"),
    ast.Attribute: N_("attributes are not allowed"), ast.Subscript: N_("indexing is not allowed"),
    ast.Compare: N_("comparisons are not allowed"), ast.BoolOp: N_("and/or are not allowed"),
    ast.Lambda: N_("lambdas are not allowed"), ast.IfExp: N_("if/else are not allowed"),
    ast.NamedExpr: N_("assignments are not allowed"), ast.JoinedStr: N_("f-strings are not allowed"),
    ast.ListComp: N_("comprehensions are not allowed"), ast.SetComp: N_("comprehensions are not allowed"),
    ast.DictComp: N_("comprehensions are not allowed"), ast.GeneratorExp: N_("comprehensions are not allowed"),
    ast.Tuple: N_("tuples are not allowed"), ast.List: N_("lists are not allowed"), ast.Dict: N_("dicts are not allowed"),
    ast.Set: N_("sets are not allowed"), ast.Starred: N_("star arguments are not allowed"),
    ast.Slice: N_("slices are not allowed"), ast.Await: N_("await are not allowed"), ast.Yield: N_("yield are not allowed"),
    ast.YieldFrom: N_("yield are not allowed"),
}
_CONSTANTS = {str: N_("strings are not allowed"), bytes: N_("bytes are not allowed"),
              bool: N_("booleans are not allowed"), complex: N_("complex numbers are not allowed")}


def _refuse(why: str) -> ValueError:
    return ValueError(_("safe_calc: {why}; use numbers and + - * / // % ** only", why=why))


def _check_size(value: int | float) -> int | float:
    if isinstance(value, complex):
        raise _refuse(_("the result is not a real number"))
    if isinstance(value, int) and abs(value) >= 10**MAX_DIGITS:
        raise _refuse(_("a number has more than {n} digits", n=MAX_DIGITS))
    if isinstance(value, float) and not abs(value) < MAX_FLOAT:
        raise _refuse(_("a number is larger than {n:g}", n=MAX_FLOAT))
    return value


def _power(base: int | float, exp: int | float) -> int | float:
    if abs(exp) > MAX_EXPONENT:
        raise _refuse(_("exponent {exp!r} is too large (limit {n})", exp=exp, n=MAX_EXPONENT))
    if base not in (0, 1, -1) and exp * math.log10(abs(base)) > MAX_DIGITS + 1:
        raise _refuse(_("{base!r} ** {exp!r} would be too large", base=base, exp=exp))
    return base**exp


def _evaluate(node: ast.AST, depth: int) -> int | float:
    if depth > MAX_DEPTH:
        raise _refuse(_("the expression is nested more than {n} levels deep", n=MAX_DEPTH))
    if isinstance(node, ast.Constant):
        value = node.value
        if type(value) not in (int, float):
            why = _(_CONSTANTS[type(value)]) if type(value) in _CONSTANTS else _("{what} are not allowed", what=repr(value))
            raise _refuse(f"{why} ({value!r})")
        return _check_size(value)
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _evaluate(node.left, depth + 1), _evaluate(node.right, depth + 1)
        try:
            if isinstance(node.op, ast.Pow):
                return _check_size(_power(left, right))
            return _check_size(_BINARY[type(node.op)](left, right))
        except ZeroDivisionError:
            raise _refuse(_("division by zero")) from None
        except OverflowError:
            raise _refuse(_("the result is too large")) from None
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        return _UNARY[type(node.op)](_evaluate(node.operand, depth + 1))
    if isinstance(node, (ast.BinOp, ast.UnaryOp)):
        raise _refuse(_("the operator {symbol} is not allowed", symbol=_SYMBOLS.get(type(node.op), "?")))
    why = _(_KINDS[type(node)]) if type(node) in _KINDS else _("{what} are not allowed", what=type(node).__name__)
    shown = f" ({node.id!r})" if isinstance(node, ast.Name) else ""
    raise _refuse(why + shown)


def safe_calc(expression: str) -> int | float:
    """Evaluate an arithmetic expression (numbers, + - * / // % **, parentheses) without eval."""
    if not isinstance(expression, str):
        raise _refuse(_("expected text, got {kind}", kind=type(expression).__name__))
    if len(expression) > MAX_EXPRESSION_CHARS:
        raise _refuse(_("the expression is longer than {n} characters", n=MAX_EXPRESSION_CHARS))
    bad = next((c for c in expression if not (c.isascii() and (c.isprintable() or c in " \t"))), None)
    if bad is not None:
        raise _refuse(_("only ASCII characters are allowed (found {bad!r})", bad=bad))
    level = deepest = 0
    for char in expression:  # the parser itself recurses, so refuse deep nesting before parsing
        level += {"(": 1, ")": -1, "[": 1, "]": -1, "{": 1, "}": -1}.get(char, 0)
        deepest = max(deepest, level)
    if deepest > MAX_DEPTH:
        raise _refuse(_("the expression is nested more than {n} levels deep", n=MAX_DEPTH))
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except (SyntaxError, ValueError) as exc:
        raise _refuse(_("not an arithmetic expression ({why})", why=getattr(exc, "msg", exc))) from None
    if sum(isinstance(n, ast.expr) for n in ast.walk(tree)) > MAX_NODES:
        raise _refuse(_("the expression has more than {n} parts", n=MAX_NODES))
    return _evaluate(tree.body, 0)
