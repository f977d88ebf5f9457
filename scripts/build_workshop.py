"""Build the participant edition into workshop/: solutions become starters, then run it.

A solution cell carries its starter in its metadata (`"looplab": {"starter": "..."}`).
The edition is executed offline so its stored outputs are what a participant sees
first (checks say "Not attempted"); any error in it fails the build.
"""

import shutil
import sys
from pathlib import Path

import nbformat
from run_notebooks import execute

ROOT = Path(__file__).resolve().parent.parent
SOURCE, TARGET = ROOT / "notebooks", ROOT / "workshop"


def participant_edition(nb) -> int:
    """Swap each solution cell for its starter, in place; return how many were swapped."""
    swapped = 0
    for cell in nb.cells:
        starter = cell.get("metadata", {}).get("looplab", {}).get("starter")
        if starter is not None:
            cell.source = starter
            cell.metadata.pop("looplab")
            swapped += 1
    return swapped


def main() -> int:
    if TARGET.exists():
        shutil.rmtree(TARGET)
    shutil.copytree(SOURCE / "data", TARGET / "data")
    failures = 0
    for path in sorted(SOURCE.glob("[0-9][0-9]_*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        swapped = participant_edition(nb)
        out = TARGET / path.name
        nbformat.write(nb, out)
        try:
            executed = execute(out)
        except Exception as exc:  # report every notebook, then fail once
            failures += 1
            print(f"workshop: {path.name} failed to run: {type(exc).__name__}: {str(exc)[-300:]}")
            continue
        nbformat.write(executed, out)
        passed = [c.id for c in executed.cells if "Correct:" in str(c.get("outputs", ""))]
        if passed:
            failures += 1
            print(f"workshop: {path.name}: a check passes on a starter (cells {passed}); fix its starter")
        print(f"workshop: {path.name}: {swapped} solutions replaced by starters")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
