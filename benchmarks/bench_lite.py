"""Section 8: the browser edition (JupyterLite) beside JupyterLab: size, first cell, notebook 02."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

from _common import Row, Section

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = "02_the_loop.ipynb"
SITE_MB, FIRST_CELL_S, RUN_S = 60, 90, 60  # targets on 2 shared cores: a participant's patience


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def size_mb(folder: Path) -> float:
    """Megabytes of every file under `folder`."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def in_browser(drive, site: Path):
    """Notebook 02 in the site, in a fresh Chromium profile: the Visit with its timings."""
    with drive.serve(site) as base, drive.chromium() as context:
        visit = drive.Visit(context, base, NOTEBOOK)
        notebook = visit.run_all(timeout_s=600)
        visit.errors = drive.errors(notebook)
        return visit


def in_jupyterlab(drive, workshop: Path):
    """Notebook 02 in JupyterLab (tests/browser/lab.py) over a copy of workshop/: the Visit."""
    lab_mod = _load("browser_lab", ROOT / "tests" / "browser" / "lab.py")
    work = Path(tempfile.mkdtemp(prefix="looplab-bench-lite-"))
    try:
        root = work / "root"
        shutil.copytree(workshop, root)
        config = work / "config" / "labconfig"  # the Lab below reads its config from work/config
        config.mkdir(parents=True)
        (config / "page_config.json").write_text(json.dumps({"exposeAppInBrowser": True}))
        with lab_mod.running_lab(root, work) as lab, drive.chromium() as context:
            lab.wait_ready()
            visit = drive.Visit(context, lab.base, NOTEBOOK,
                                url=f"{lab.base}/lab/tree/{NOTEBOOK}?token={lab.token}&reset")
            notebook = visit.run_all(timeout_s=300)
            visit.errors = drive.errors(notebook)
            return visit
    finally:
        shutil.rmtree(work, ignore_errors=True)


def measure() -> Section:
    """Build (or reuse) build/lite, then time notebook 02 there and in JupyterLab."""
    section = Section("browser edition")
    build = _load("lite_build", ROOT / "lite" / "build.py")
    drive = _load("lite_drive", ROOT / "lite" / "drive.py")
    stamp = build.OUT / build.STAMP
    before = stamp.stat().st_mtime if stamp.exists() else None
    started = time.monotonic()
    site = build.build()
    built_s = time.monotonic() - started
    rebuilt = before != stamp.stat().st_mtime
    site_mb, venv_mb = size_mb(site), size_mb(Path(sys.prefix))
    section.rows.append(Row("browser edition: site size (build/lite), beside JupyterLab's venv",
                            f"{site_mb:.1f} MB (venv {venv_mb:.0f} MB)", f"<= {SITE_MB} MB",
                            site_mb <= SITE_MB))
    if not drive.CHROMIUM.exists():
        section.notes.append(f"8: {drive.MISSING}; browser timings skipped")
        return section
    lite, lab = in_browser(drive, site), in_jupyterlab(drive, ROOT / "workshop")
    section.rows.append(Row("browser edition: page load to first executed cell (02), beside JupyterLab",
                            f"{lite.first_cell_s:.1f} s (Lab {lab.first_cell_s:.1f} s)",
                            f"<= {FIRST_CELL_S} s", lite.first_cell_s <= FIRST_CELL_S))
    lite_run, lab_run = lite.ran_s - lite.kernel_s, lab.ran_s - lab.kernel_s
    section.rows.append(Row("browser edition: run notebook 02, idle kernel to last cell, beside JupyterLab",
                            f"{lite_run:.1f} s (Lab {lab_run:.1f} s)", f"<= {RUN_S} s",
                            lite_run <= RUN_S and not lite.errors))
    section.notes.append(
        f"8: site {'built' if rebuilt else 'reused'} in {built_s:.0f} s; each run opens a fresh "
        "Chromium profile (nothing cached) on a page served from 127.0.0.1, every other host "
        "unresolvable. 'First executed cell' includes loading Pyodide and 42 wheels (browser) or "
        f"starting ipykernel (Lab). The venv is the running Python's prefix (make's .venv, dev "
        f"tools included). Errors outside tagged cells: browser {lite.errors or 'none'}, "
        f"Lab {lab.errors or 'none'}.")
    return section


if __name__ == "__main__":
    result = measure()
    for row in result.rows:
        print(f"{row.figure}: {row.value} (target {row.target}, met {row.met})")
    print("\n".join(result.notes))
