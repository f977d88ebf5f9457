"""Build the participant edition from notebooks/: solutions become starters, then run it.

    python scripts/build_workshop.py           regenerate workshop/, keeping a copy of any edited file
    python scripts/build_workshop.py --check   say whether the committed workshop/ is what a build gives:
                                               its sources, and stored outputs where every check says
                                               "Not attempted" (nbval, in `make test`, proves that a
                                               fresh run stores the same outputs)
    add --fr for the French edition: notebooks-fr/ -> workshop-fr/

A solution cell carries its starter in its metadata (`"looplab": {"starter": "..."}`). The
edition is executed offline so its stored outputs are what a participant sees first: every
check says "Not attempted". workshop/.manifest.json records the hash of every file the last
build wrote; a file whose content no longer matches (a participant's edit) is copied to
workshop/.backup/NAME.N.ext before it is replaced, so regenerating never loses work.
"""

import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path

import nbformat
from run_notebooks import execute

ROOT = Path(__file__).resolve().parent.parent
SOURCE, TARGET = ROOT / "notebooks", ROOT / "workshop"
SOURCE_FR, TARGET_FR = ROOT / "notebooks-fr", ROOT / "workshop-fr"  # data/: a link to notebooks/data
MANIFEST, BACKUP = ".manifest.json", ".backup"
CHECK_CALL = re.compile(r"\bex\d\d\.\w+\.check\(")
QUIET = "running over TCP without encryption"  # ipykernel warns once per kernel; local kernels only


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


def problems(nb, name: str) -> list[str]:
    """What is wrong with an executed participant notebook: a passing check, or one not run."""
    found = []
    for i, cell in enumerate(nb.cells):
        outputs = json.dumps(cell.get("outputs", []), ensure_ascii=False)
        if "Correct:" in outputs or "Correct :" in outputs:
            found.append(f"{name}: cell {i} says Correct on a starter; fix that exercise's starter")
        elif cell.cell_type == "code" and CHECK_CALL.search(cell.source) and not any(
                label in outputs for label in ("Not attempted", "Pas encore tenté")):
            found.append(f"{name}: cell {i} is a check that does not say Not attempted")
    return found


@contextmanager
def quiet_kernel_warning():
    """Drop ipykernel's TCP-encryption warning from this process's stderr (the kernels inherit it)."""
    sys.stderr.flush()
    saved, (read_end, write_end) = os.dup(2), os.pipe()
    os.dup2(write_end, 2)
    os.close(write_end)

    def forward():
        with os.fdopen(read_end, "rb") as pipe:
            for line in pipe:
                if QUIET.encode() not in line:
                    os.write(saved, line)

    thread = threading.Thread(target=forward, daemon=True)
    thread.start()
    try:
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)  # closes the pipe's last write end: the thread reads to the end and stops
        thread.join(timeout=5)
        os.close(saved)


def build(out: Path, source: Path = SOURCE) -> list[str]:
    """Write the executed participant edition of `source` into the empty folder `out`; return problems."""
    shutil.copytree(source / "data", out / "data")
    found = []
    with quiet_kernel_warning():
        for path in sorted(source.glob("[0-9][0-9]_*.ipynb")):
            nb = nbformat.read(path, as_version=4)
            swapped = participant_edition(nb)
            target = out / path.name
            nbformat.write(nb, target)
            try:
                executed = execute(target)
            except Exception as exc:  # report every notebook, then fail once
                found.append(f"{path.name} failed to run: {type(exc).__name__}: {str(exc)[-300:]}")
                continue
            nbformat.write(executed, target)
            found += problems(executed, path.name)
            print(f"workshop: {path.name}: {swapped} solutions replaced by starters")
    shutil.rmtree(out / "logs", ignore_errors=True)  # written by the notebooks as they ran
    return found


def files(folder: Path, linked_data: bool = False) -> dict[str, str]:
    """Every file of an edition, by relative path, with its sha256 (backups, manifest, logs, checkpoints left out).

    With `linked_data`, data/ is a link to another edition's data and not part of this one.
    """
    found, skipped = {}, (MANIFEST, BACKUP, "logs") + (("data",) if linked_data else ())
    for path in sorted(folder.rglob("*")):
        parts = path.relative_to(folder).parts
        if path.is_file() and parts[0] not in skipped and ".ipynb_checkpoints" not in parts:
            found[path.relative_to(folder).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def backup_path(target: Path, name: str) -> Path:
    """The first free workshop/.backup/NAME.N.ext for `name` (N counts up from 1, no clock values)."""
    stem, dot, ext = name.rpartition(".")
    n = 1
    while (target / BACKUP / f"{stem}.{n}{dot}{ext}").exists():
        n += 1
    return target / BACKUP / f"{stem}.{n}{dot}{ext}"


def install(built: Path, target: Path = TARGET) -> list[str]:
    """Copy a built edition into `target`, first backing up every file edited since the last build.

    A file the last build wrote and this one does not (a renamed notebook) is removed, after a
    backup if it was edited. Files of the participant's own are left alone.
    """
    manifest_file = target / MANIFEST
    last = json.loads(manifest_file.read_text(encoding="utf-8")) if manifest_file.exists() else {}
    linked = (target / "data").is_symlink()  # never write through it into the English edition
    new, saved = files(built, linked), []
    for name, digest in files(target, linked).items():
        replaced = (name in new and new[name] != digest) or (name in last and name not in new)
        if replaced and last.get(name) != digest:  # a participant's edit, or a file we never wrote
            copy = backup_path(target, name)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(target / name, copy)
            saved.append(f"{name} -> {copy.relative_to(target).as_posix()}")
        if name in last and name not in new:
            (target / name).unlink()
    for name in new:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built / name, target / name)
    manifest_file.write_text(json.dumps(new, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return saved


def sources(folder: Path, starters: bool = False) -> dict[str, list]:
    """Each notebook's cell types and sources (with starters swapped in if asked): what must match."""
    books = {}
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        if starters:
            participant_edition(nb)
        books[path.name] = [(c.cell_type, c.source) for c in nb.cells]
    return books


def out_of_date(target: Path = TARGET, source: Path = SOURCE) -> list[str]:
    """How the edition in `target` differs from what `source` would build, one line per notebook."""
    fresh, committed = sources(source, starters=True), sources(target) if target.exists() else {}
    lines = [f"{name}: missing from {target.name}/" for name in fresh if name not in committed]
    lines += [f"{name}: not built from {source.name}/" for name in committed if name not in fresh]
    for name in sorted(set(fresh) & set(committed)):
        if fresh[name] != committed[name]:
            diff = [i for i, (a, b) in enumerate(zip(fresh[name], committed[name], strict=False)) if a != b]
            where = f"cell {diff[0]}" if diff else f"{len(committed[name])} cells instead of {len(fresh[name])}"
            lines.append(f"{name}: {where} differs from a fresh build")
    if (target / "data").is_symlink():
        if (target / "data").resolve() != (source / "data").resolve():
            lines.append(f"data/: links elsewhere than {source.name}/data")
        return lines
    data = {k: v for k, v in files(target).items() if k.startswith("data/")} if target.exists() else {}
    if {f"data/{k}": v for k, v in files(source / "data").items()} != data:
        lines.append(f"data/: differs from {source.name}/data")
    return lines


def check(target: Path, source: Path) -> int:
    """Say whether the committed edition in `target` is what a build of `source` gives; 1 if not."""
    stale = out_of_date(target, source)
    for path in sorted(target.glob("[0-9][0-9]_*.ipynb")):
        stale += problems(nbformat.read(path, as_version=4), path.name)
    for line in stale:
        print(f"workshop: {line}")
    if stale:
        print(f"{target.name}/ is not up to date with {source.name}/: run `make workshop` "
              f"(it keeps a copy of any notebook you edited in {target.name}/.backup/)")
        return 1
    print(f"workshop: {target.name}/ is up to date with {source.name}/, and every check in it says Not attempted")
    return 0


def main(args: list[str]) -> int:
    source, target = (SOURCE_FR, TARGET_FR) if "--fr" in args else (SOURCE, TARGET)
    if "--check" in args:
        return check(target, source)
    with tempfile.TemporaryDirectory() as tmp:
        built = Path(tmp) / "workshop"
        found = build(built, source)
        for line in found:
            print(f"workshop: {line}")
        if found:
            return 1
        target.mkdir(exist_ok=True)
        if source == SOURCE_FR and not (target / "data").exists():
            (target / "data").symlink_to(Path("..") / SOURCE.name / "data", target_is_directory=True)
        for line in install(built, target):
            print(f"workshop: kept your edited copy: {line}")
        print(f"workshop: {target.name}/ regenerated from {source.name}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
