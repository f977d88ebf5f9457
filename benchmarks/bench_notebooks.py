"""Section 5: wall time of the notebook suite, offline, vs as many bare kernels that import looplab."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat
from _common import Row, Section
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
RSS_CELL = """\
import resource, sys
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * (1 if sys.platform == "darwin" else 1024))"""


@dataclass
class Result:
    """One kernel's run: the notebook name, wall seconds, peak RSS in bytes, error text if it failed."""

    name: str
    seconds: float
    peak_rss: int | None
    error: str | None = None


def execute(nb: nbformat.NotebookNode, name: str, cwd: Path) -> Result:
    """Run every code cell of `nb` in a fresh kernel, offline, then read the kernel's peak RSS."""
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    nb.cells.append(nbformat.v4.new_code_cell(RSS_CELL))
    client = NotebookClient(nb, kernel_name="python3", timeout=120, record_timing=False,
                            resources={"metadata": {"path": str(cwd)}})
    previous = os.environ.get("LOOPLAB_OFFLINE")
    os.environ["LOOPLAB_OFFLINE"] = "1"  # the kernel inherits it: never a key, never the network
    start = time.perf_counter()
    try:
        client.execute(stderr=subprocess.DEVNULL)  # the kernel's own start-up warnings
    except Exception as exc:  # a notebook being written may fail: report it, measure the others
        text = re.sub(r"\x1b\[[0-9;]*m", "", str(exc))  # the traceback's colours
        last = [line for line in text.splitlines() if line.strip()][-1:] or [""]
        return Result(name, time.perf_counter() - start, None, f"{type(exc).__name__}: {last[0][:100]}")
    finally:
        if previous is None:
            os.environ.pop("LOOPLAB_OFFLINE")
        else:
            os.environ["LOOPLAB_OFFLINE"] = previous
    seconds = time.perf_counter() - start
    text = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.get("name") == "stdout")
    return Result(name, seconds, int(text.split()[-1]) if text.strip() else None)


def bare_kernel() -> nbformat.NotebookNode:
    """A notebook whose only cell imports looplab."""
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import looplab")])


@functools.cache
def suite(folder: Path = NOTEBOOKS) -> tuple[list[Result], list[Result]]:
    """Each NN_*.ipynb in `folder` and a bare kernel, interleaved; (notebook results, bare results)."""
    notebooks, bare = [], []
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        notebooks.append(execute(nbformat.read(path, as_version=4), path.name, folder))
        bare.append(execute(bare_kernel(), "bare kernel", folder))
    return notebooks, bare


def measure() -> Section:
    """Suite time vs bare kernels (ratio <= 2.0) and in absolute (< 2 minutes)."""
    notebooks, bare = suite()
    section = Section("Notebook suite")
    if not notebooks:
        section.rows.append(Row("notebook suite", f"no NN_*.ipynb in {NOTEBOOKS.name}/ yet", "-", None))
        return section
    total, baseline = sum(r.seconds for r in notebooks), sum(r.seconds for r in bare)
    failed = [r for r in notebooks if r.error]
    count = f"{len(notebooks)} notebooks" + (f", {len(failed)} failed" if failed else "")
    section.rows += [
        Row(f"notebook suite / {len(bare)} bare kernels importing looplab ({count})",
            f"{total / baseline:.2f} ({total:.1f} s / {baseline:.1f} s)", "<= 2.00",
            total / baseline <= 2.0 and not failed),
        Row(f"notebook suite, wall time ({count})", f"{total:.1f} s", "< 120 s", total < 120 and not failed),
    ]
    section.notes.append("notebooks: each executed by nbclient in a fresh kernel, offline (LOOPLAB_OFFLINE=1), "
                         "in memory (no file written), kernel start and shutdown included; per notebook: "
                         + ", ".join(f"{r.name} {r.seconds:.1f} s" for r in notebooks))
    section.notes += [f"notebooks: {r.name} failed: {r.error}" for r in failed]
    return section
