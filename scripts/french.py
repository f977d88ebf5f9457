"""Keep the French edition (notebooks-fr/) in step with the English one (notebooks/).

    python scripts/french.py                  list every French cell to update, and why
    python scripts/french.py --stamp NN I...  after updating French cells I... of notebook NN, record the
                                              English source each one now renders (--stamp NN all: every cell)

Cell i of a French notebook renders cell i of the English notebook with the same number. Its
metadata `looplab.en` holds a short hash of the English source it was translated from, so a later
change to the English cell is caught. A French code cell may differ from its English cell only in
string literals and comments: the code itself is the same, so the checks and the next notebooks
see the same names.
"""

import hashlib
import io
import sys
import tokenize
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
EN, FR = ROOT / "notebooks", ROOT / "notebooks-fr"
BLANKED = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
SKIPPED = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}


def digest(source: str) -> str:
    """The short hash a French cell records of the English source it renders."""
    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:12]


def code_skeleton(source: str) -> list[str]:
    """The tokens of `source` with every string blanked and comments left out (lines as a fallback)."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return [line for line in source.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return ["<str>" if t.type in BLANKED else t.string for t in tokens if t.type not in SKIPPED]


def pairs(en: Path = EN, fr: Path = FR) -> list[tuple[Path, Path | None]]:
    """Each English notebook with its French one (same two-digit number), or None."""
    found = []
    for path in sorted(en.glob("[0-9][0-9]_*.ipynb")):
        french = sorted(fr.glob(path.name[:3] + "*.ipynb"))
        found.append((path, french[0] if french else None))
    return found


def problems(en_path: Path, fr_path: Path | None) -> list[str]:
    """What keeps the French notebook from rendering the English one today, one line per cell."""
    if fr_path is None:
        return [f"{en_path.name}: no French notebook in {FR.name}/ (numbered {en_path.name[:2]})"]
    english, french = (nbformat.read(p, as_version=4).cells for p in (en_path, fr_path))
    name, found = f"{FR.name}/{fr_path.name}", []
    for i, en_cell in enumerate(english):
        if i >= len(french):
            found.append(f"{name}: cell {i} is missing (English cell {i} of {en_path.name}: "
                         f"{en_cell.source[:60]!r})")
            continue
        fr_cell, where = french[i], f"{name} cell {i}"
        meta = fr_cell.get("metadata", {}).get("looplab", {})
        if fr_cell.cell_type != en_cell.cell_type:
            found.append(f"{where} is {fr_cell.cell_type}; English cell {i} is {en_cell.cell_type}")
        elif meta.get("en") != digest(en_cell.source):
            found.append(f"{where}: English cell {i} of {en_path.name} changed since it was translated "
                         f"(or was never stamped): update the French, then "
                         f"`python scripts/french.py --stamp {en_path.name[:2]} {i}`")
        elif en_cell.cell_type == "code" and code_skeleton(fr_cell.source) != code_skeleton(en_cell.source):
            found.append(f"{where}: its code differs from English cell {i}, not only in strings and comments")
        else:
            en_starter = en_cell.get("metadata", {}).get("looplab", {}).get("starter")
            if (en_starter is None) != (meta.get("starter") is None) or (
                    en_starter is not None and code_skeleton(meta["starter"]) != code_skeleton(en_starter)):
                found.append(f"{where}: its starter (metadata looplab.starter) does not render English cell "
                             f"{i}'s, strings and comments aside")
    found += [f"{name} cell {i}: the English notebook has no cell {i}; remove it"
              for i in range(len(english), len(french))]
    return found


def stamp(number: str, cells: list[str]) -> None:
    """Record in French cells `cells` of notebook `number` the English source each renders now."""
    (en_path, fr_path), = [(e, f) for e, f in pairs() if e.name.startswith(number)]
    english, nb = nbformat.read(en_path, as_version=4), nbformat.read(fr_path, as_version=4)
    chosen = range(min(len(english.cells), len(nb.cells))) if cells == ["all"] else map(int, cells)
    for i in chosen:
        nb.cells[i].metadata.setdefault("looplab", {})["en"] = digest(english.cells[i].source)
    nbformat.write(nb, fr_path)


def main(args: list[str]) -> int:
    if args[:1] == ["--stamp"] and len(args) >= 3:
        stamp(args[1], args[2:])
        return 0
    found = [line for en, fr in pairs() for line in problems(en, fr)]
    print("\n".join(found) or "french: every French cell renders today's English cell")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
