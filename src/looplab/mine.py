"""Your own code, carried from one notebook to the next.

Each notebook runs in its own kernel, so a function you wrote in notebook 02 is gone in 03.
`keep()` saves it, with what it uses from the notebook, to a small module next to the
notebook, but only once it passes its exercise's check: an unfinished starter never replaces
working code. `load()` brings it back in the next notebook, or says plainly that it is not
there and hands back the stand-in the notebook restates.
"""

import dis
import importlib.util
import inspect
import sys
import textwrap
import types
from pathlib import Path

from looplab.i18n import N_, _

HEADER = N_("# Your code, kept by looplab.mine.keep() once it passed {title}.\n"
            "# Edit it in the notebook and run keep() again; the next notebook loads this file.\n")
STATUS_WORDS = {"not yet": N_("not yet"), "not attempted": N_("not attempted")}  # an Outcome's status, shown
DATA = (str, int, float, bool, type(None), dict, list, tuple, set, frozenset)


def _globals_used(code: types.CodeType) -> list[str]:
    """The global names a function's code reads, nested functions and comprehensions included."""
    names = [i.argval for i in dis.get_instructions(code) if i.opname in ("LOAD_GLOBAL", "LOAD_NAME")]
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names += _globals_used(const)
    return list(dict.fromkeys(names))


def _line(name: str, value, home: str) -> tuple[str, str]:
    """("import"/"data"/"code", text) that recreates the global `name` in a module of its own."""
    if isinstance(value, types.ModuleType):
        same = value.__name__ == name
        return "import", f"import {value.__name__}" if same else f"import {value.__name__} as {name}"
    module = getattr(value, "__module__", None) if callable(value) else None
    if module == home:
        return "code", textwrap.dedent(inspect.getsource(value)).rstrip() + "\n"
    if module and getattr(sys.modules.get(module), name, None) is value:
        return "import", f"from {module} import {name}"
    looplab = sys.modules.get("looplab")
    if looplab is not None and getattr(looplab, name, None) is value:
        return "import", f"from looplab import {name}"
    if isinstance(value, DATA):
        return "data", f"{name} = {value!r}\n"
    raise ValueError(_("keep: cannot save {name!r} (a {kind}) with your code; build it inside your function instead",
                       name=name, kind=type(value).__name__))


def module_text(functions, title: str) -> str:
    """The source of a module holding `functions` and every notebook global they use."""
    home = functions[0].__module__
    parts, todo = {"import": [], "data": [], "code": []}, list(functions)
    seen = {fn.__name__ for fn in functions}
    for fn in todo:
        parts["code"].append(textwrap.dedent(inspect.getsource(fn)).rstrip() + "\n")
        for name in _globals_used(fn.__code__):
            if name in seen or name not in fn.__globals__:
                continue
            seen.add(name)
            value = fn.__globals__[name]
            if callable(value) and getattr(value, "__module__", None) == home and not isinstance(value, type):
                todo.append(value)  # a helper of yours: kept too, with what it uses
                continue
            kind, text = _line(name, value, home)
            parts[kind].append(text)
    imports = "\n".join(sorted(parts["import"]))
    body = "\n\n".join(parts["data"] + parts["code"])
    return _(HEADER, title=_(title)) + (f"\n{imports}\n" if imports else "") + "\n\n" + body


def keep(path, *functions, check) -> None:
    """Save `functions` to the module `path` if the first passes the exercise `check`; say which.

    Nothing is written for an answer that does not pass, so running an unfinished starter
    leaves the code you kept earlier as it was.
    """
    path, names = Path(path), ", ".join(f.__name__ for f in functions)
    outcome = check.evaluate(functions[0])
    if outcome.status != "pass":
        print(_("{file} not written: {function} does not pass yet ({title}: {status}); run keep() again once "
                "the check says Correct.", file=path.name, function=functions[0].__name__, title=_(check.title),
                status=_(STATUS_WORDS.get(outcome.status, outcome.status))))
        return
    try:
        text = module_text(functions, check.title)
    except (OSError, TypeError, ValueError) as exc:
        print(_("{file} not written: {error}", file=path.name, error=exc))
        return
    path.write_text(text, encoding="utf-8")
    print(_("Kept {names} in {file}: it passed {title}. A later notebook loads it from there.",
            names=names, file=path.name, title=_(check.title)))


def _import(path: Path) -> types.ModuleType:
    """The module at `path`, executed afresh (an edited file is read again)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load(name: str, *paths, instead, instead_is: str = N_("the loop restated above")):
    """`name` from the first of `paths` that holds it, or `instead` (described as `instead_is`); one printed
    line says which."""
    for path in map(Path, paths):
        if not path.exists():
            continue
        try:
            found = getattr(_import(path), name)
        except Exception as exc:  # a kept file edited by hand may be broken: say so, go on
            print(_("{name}: {file} could not be loaded ({error}: {message}); trying the next",
                    name=name, file=path.name, error=type(exc).__name__, message=exc))
            continue
        print(_("{name}: yours, loaded from {file}.", name=name, file=path.name))
        return found
    where = _(" or ").join(Path(p).name for p in paths)
    print(_("{name}: no {files} to load from in this folder (its exercise not passed yet, or its notebook not "
            "run here), so this notebook uses {instead}.", name=name, files=where, instead=_(instead_is)))
    return instead
