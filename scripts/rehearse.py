"""Rehearse the workshop on the live backend: every notebook, recorded, with one table of what broke.

Usage: python scripts/rehearse.py [--out DIR] [workshop/NN_topic.ipynb ...]   (default: all)

The backend is the one make_client() picks (ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, ...).
The model id is checked first. Each notebook runs in a fresh kernel; only errors count
(cells tagged raises-exception may raise; cells tagged shows-api-error print a refusal on
purpose). Every request and reply is recorded to DIR/NN_topic.json (default logs/rehearsal),
so `LOOPLAB_REPLAY=logs/rehearsal make lab` replays the session offline; DIR/NN_topic.ipynb keeps what each cell showed.
A run that breaks (the network, the kernel, no reply at all) never replaces a good recording: the
last one stays, this run's is left beside it in DIR/NN_topic.json.new. With
LOOPLAB_REPLAY set, the rehearsal replays that recording instead (and records what it
served to logs/rehearsal-replay).
"""

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EDITION = ROOT / "workshop"
CELL_TIMEOUT = 600  # seconds; a live evaluation cell makes dozens of calls


def check_model(client, model: str) -> str | None:
    """None when the backend knows `model`; else one line saying what is wrong and what to do."""
    import anthropic

    from looplab.client import DEFAULT_MODEL, _without_userinfo
    from looplab.rehearsal import NETWORK_FIX, first_line

    where = _without_userinfo(str(client.base_url))
    try:
        client.with_options(max_retries=0, timeout=10).models.retrieve(model)
    except anthropic.APIConnectionError as exc:
        return f"rehearse: the network: cannot reach {where} ({type(exc).__name__}: {exc}); {NETWORK_FIX}"
    except anthropic.NotFoundError as exc:
        error = exc.body.get("error") if isinstance(exc.body, dict) else None
        if not isinstance(error, dict):  # a 404 page, not the API's answer: some other server
            return (f"rehearse: {where} is not an Anthropic API (HTTP 404 with no API error for "
                    f"GET /v1/models/{model}); check ANTHROPIC_BASE_URL, or unset it")
        return (f"rehearse: model '{model}' is not available at {where} (404 {error.get('type')}): "
                f"retired or misspelt; set LOOPLAB_MODEL to a current model id, e.g. {DEFAULT_MODEL}")
    except anthropic.AuthenticationError:
        return f"rehearse: {where} refused the API key (401) while checking model '{model}'; check ANTHROPIC_API_KEY"
    except anthropic.APIStatusError as exc:
        return (f"rehearse: checking model '{model}' at {where} failed: HTTP {exc.status_code} "
                f"{first_line(exc.message)}")
    return None


def recorded(path: Path) -> list:
    """The exchanges recorded so far at `path` (none when nothing was recorded)."""
    from looplab.replay import load

    return load(path) if path.exists() else []


def rehearse(path: Path, recording: Path) -> dict:
    """Run the notebook at `path` in a fresh kernel, recording to `recording`; what happened."""
    import nbformat
    from nbclient import NotebookClient

    from looplab.rehearsal import classify, failed_calls, first_line, summarize

    nb = nbformat.read(path, as_version=4)
    fresh = recording.with_name(recording.name + ".new")  # not *.json: a folder replay never reads it
    fresh.unlink(missing_ok=True)
    os.environ["LOOPLAB_RECORD"] = str(fresh)
    os.environ["JPY_SESSION_NAME"] = str(path)  # as JupyterLab tells its kernels; replay reads it
    calls_before = {}  # cell index → exchanges recorded before it ran

    def before(cell, cell_index, **_):
        calls_before[cell_index] = len(recorded(fresh))

    client = NotebookClient(nb, kernel_name="python3", timeout=CELL_TIMEOUT, allow_errors=True,
                            record_timing=False, on_cell_execute=before,
                            resources={"metadata": {"path": str(path.parent)}})
    failures = []
    try:
        client.execute()
    except Exception as exc:  # a dead kernel or a timeout: report it, go on with the next notebook
        failures.append(("-", "kernel", f"{type(exc).__name__}: {first_line(exc)}"))
    finally:
        os.environ.pop("LOOPLAB_RECORD", None)
        os.environ.pop("JPY_SESSION_NAME", None)
    exchanges = recorded(fresh)
    bounds = sorted(calls_before.items()) + [(len(nb.cells), len(exchanges))]
    for (index, start), (_, stop) in zip(bounds, bounds[1:], strict=False):
        cell = nb.cells[index]
        if "raises-exception" in cell.metadata.get("tags", []):
            continue
        errors = [o for o in cell.get("outputs", []) if o.output_type == "error"]
        for error in errors:
            failures.append((cell.id, classify(error.ename, error.evalue),
                             f"{error.ename}: {first_line(error.evalue)}"))
        if not errors and "shows-api-error" not in cell.metadata.get("tags", []):
            # a call that failed inside run_agent ends the run quietly: report it (unless the cell
            # makes the API refuse a request on purpose and prints the refusal)
            failures += [(cell.id, kind, line) for kind, line in failed_calls(exchanges[start:stop])]
    nbformat.write(nb, recording.with_suffix(".ipynb"))
    ran = sum(1 for c in nb.cells if c.cell_type == "code" and c.get("execution_count"))
    return {"notebook": path.stem, "cells": ran, "failed": len({f[0] for f in failures}),
            "failures": failures, "broke": settle(recording, fresh, exchanges, failures), **summarize(exchanges)}


def settle(recording: Path, fresh: Path, exchanges: list, failures: list) -> str | None:
    """Put this run's recording `fresh` in place of `recording`, unless the run broke and the last one is good.

    Returns why the run broke when the last recording was kept, else None.
    """
    from looplab.replay import answered, worth_keeping

    kinds = sorted({kind for _cell, kind, _line in failures if kind in ("network", "kernel")})
    why = ", ".join(kinds) or (None if answered(exchanges) else "no reply")
    if why and worth_keeping(recording):
        return why
    if fresh.exists():
        os.replace(fresh, recording)
    return None


def table(rows: list[dict]) -> str:
    """The rehearsal's table: one line per notebook, a total, then one line per failed cell."""
    from looplab.rehearsal import NETWORK_FIX

    width = max(len(r["notebook"]) for r in rows)
    lines = [f"{'notebook':<{width}}  cells  failed  calls   tokens      cost"]
    for r in rows + [total(rows)]:
        cost = "n/a" if r["cost"] is None else f"${r['cost']:.4f}"
        lines.append(f"{r['notebook']:<{width}}  {r['cells']:>5}  {r['failed']:>6}  "
                     f"{r['calls']:>5}  {r['tokens']:>7}  {cost:>8}")
    for r in rows:
        for cell, kind, line in r["failures"]:
            fix = f" — {NETWORK_FIX}" if kind == "network" else ""
            lines.append(f"FAILED {r['notebook']} cell {cell} [{kind}] {line}{fix}")
    return "\n".join(lines)


def total(rows: list[dict]) -> dict:
    """The sum of every notebook's row."""
    costs = [r["cost"] for r in rows]
    return {"notebook": "total", "cells": sum(r["cells"] for r in rows),
            "failed": sum(r["failed"] for r in rows),
            "calls": sum(r["calls"] for r in rows), "tokens": sum(r["tokens"] for r in rows),
            "cost": None if None in costs else sum(costs)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/rehearse.py", description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every workshop/NN_*.ipynb")
    parser.add_argument("--out", type=Path, help="recording folder (default logs/rehearsal)")
    args = parser.parse_args(argv)
    os.environ.pop("LOOPLAB_RECORD", None)
    if os.environ.get("PYTHONPATH"):  # kernels start in the notebook's folder: keep it pointing here
        os.environ["PYTHONPATH"] = os.pathsep.join(
            str(Path(p).resolve()) for p in os.environ["PYTHONPATH"].split(os.pathsep) if p)
    from looplab.client import MODEL, make_client
    from looplab.i18n import _
    from looplab.rehearsal import KEPT

    replaying = os.environ.get("LOOPLAB_REPLAY", "").strip()
    out = (args.out or ROOT / "logs" / ("rehearsal-replay" if replaying else "rehearsal")).resolve()
    if replaying:
        os.environ["LOOPLAB_REPLAY"] = str(Path(replaying).resolve())
        if Path(replaying).resolve() == out:
            print(f"rehearse: --out {out} is the recording being replayed; pick another folder")
            return 2
    paths = [p.resolve() for p in args.notebooks] or sorted(EDITION.glob("[0-9][0-9]_*.ipynb"))
    if not paths:
        print(f"rehearse: no notebooks in {EDITION}; run make workshop first")
        return 2
    try:
        client = make_client(quiet=True)
    except ValueError as exc:
        print(f"rehearse: {exc}")
        return 2
    problem = None if replaying else check_model(client, MODEL)
    if problem:
        print(problem)
        return 1
    source = f"replaying {replaying}" if replaying else f"model {MODEL} answers at {client.base_url}"
    print(f"rehearse: {source}; {len(paths)} notebooks, recording to {out}", flush=True)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for path in paths:
        recording = out / f"{path.stem}.json"
        rows.append(rehearse(path, recording))
        print(f"rehearse: {path.stem}: {len(rows[-1]['failures'])} failed", flush=True)
        if rows[-1]["broke"]:
            print(_(KEPT, notebook=path.stem, why=rows[-1]["broke"], fresh=f"{recording}.new", recording=recording.name),
                  flush=True)
    if not any(r["broke"] for r in rows):  # one rehearsal in the folder: other notebooks' files go once it is whole
        names = {r["notebook"] for r in rows}
        for old in list(out.glob("[0-9][0-9]_*.json")) + list(out.glob("[0-9][0-9]_*.ipynb")):
            if old.stem not in names:
                old.unlink()
    print(table(rows))
    (out / "summary.txt").write_text(table(rows) + "\n", encoding="utf-8")
    return 1 if any(r["failures"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
