"""A participant's own copy of the workshop, kept up to date the way nbgitpuller does it.

`sync(source, copy)` brings new material into the copy without ever overwriting the
participant's work: a file they never touched is updated, a file they edited is kept, a file
they deleted comes back, a file removed upstream stays. What was handed out last time is
recorded in `copy/.looplab/synced.json` (name -> sha256); "edited" means "differs from that".
`restore(source, copy, "03")` puts back the current version of one notebook, theirs first
saved in `copy/backup/`.

    python -m looplab.sync workshop my-workshop            # at each start of the lab
    python -m looplab.sync workshop my-workshop --restore 03
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from looplab._files import replace_text
from looplab.i18n import LANGUAGES, _, language, set_language

RECORD = Path(".looplab") / "synced.json"
BACKUP = "backup"
# Build leftovers of the source edition that are not material.
SKIP = {".manifest.json", ".backup", ".ipynb_checkpoints", "__pycache__", ".looplab", "logs"}


@dataclass
class Report:
    """What one sync did, by relative path."""

    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    """Files the participant edited while the source changed: theirs stays."""

    def summary(self, copy: str) -> str:
        """One line for the terminal."""
        counts = {"copy": copy, "added": len(self.added), "updated": len(self.updated), "kept": len(self.kept)}
        if not self.kept:
            return _("{copy}: {added} added, {updated} updated, {kept} of yours kept", **counts)
        notebooks = [rel for rel in self.kept if rel.endswith(".ipynb")]  # restore takes a notebook by its number
        others = [rel for rel in self.kept if not rel.endswith(".ipynb")]
        parts = [_("{files}; `make restore NB=NN` takes the new version, yours backed up",
                   files=", ".join(notebooks))] if notebooks else []
        parts += [", ".join(others)] if others else []
        return _("{copy}: {added} added, {updated} updated, {kept} of yours kept ({details})",
                 details="; ".join(parts), **counts)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def material(source: Path) -> dict[str, Path]:
    """Every file of the source edition by relative posix path, build leftovers left out."""
    found = {}
    for folder, _dirs, names in os.walk(source, followlinks=True):  # the French edition links to data/
        for name in names:
            path = Path(folder) / name
            rel = path.relative_to(source)
            if path.is_file() and not SKIP.intersection(rel.parts):
                found[rel.as_posix()] = path
    return dict(sorted(found.items()))


def read_record(copy: Path) -> dict[str, str]:
    """What the copy was last given (name -> sha256); ValueError saying what to do when the record is damaged."""
    path = copy / RECORD
    if not path.exists():
        return {}
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:  # not JSON, or not UTF-8
        record = None
    if not isinstance(record, dict) or not all(isinstance(v, str) for v in record.values()):
        raise ValueError(_("sync: '{path}' is damaged; delete it, then run again (no file of yours is overwritten: "
                           "each one that differs from the new version is kept)", path=path.as_posix()))
    return record


def write_record(copy: Path, record: dict[str, str]) -> None:
    """Replaced whole, so an interrupted sync never leaves half a record."""
    path = copy / RECORD
    path.parent.mkdir(parents=True, exist_ok=True)
    replace_text(path, json.dumps(record, indent=1, sort_keys=True) + "\n")


def place(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(dest.name + ".looplab-tmp")
    shutil.copyfile(src, tmp)
    os.replace(tmp, dest)


def sync(source: str | Path, copy: str | Path) -> Report:
    """Bring the copy up to date with the source; never overwrite a file the participant edited."""
    source, copy = Path(source), Path(copy)
    if not source.is_dir():
        raise FileNotFoundError(_("sync: no folder {folder!r} to copy from; run from the repository's root",
                                  folder=str(source)))
    record, report = read_record(copy), Report()
    for rel, src in material(source).items():
        dest, new = copy / rel, digest(src)
        if not dest.exists():
            place(src, dest)
            report.added.append(rel)
        else:
            mine = digest(dest)
            if mine == new:
                pass
            elif mine == record.get(rel):
                place(src, dest)
                report.updated.append(rel)
            else:
                if new != record.get(rel):
                    report.kept.append(rel)
                continue  # theirs: the record keeps what they were last given
        record[rel] = new
    write_record(copy, record)
    return report


def find(source: Path, name: str) -> str:
    """The one source file `name` designates: an exact relative path, or a notebook by number or prefix."""
    files = material(source)
    if name in files:
        return name
    hits = [rel for rel in files if rel.endswith(".ipynb") and "/" not in rel and rel.startswith(name)]
    if len(hits) != 1:
        known = ", ".join(rel.split("_")[0] for rel in files if rel.endswith(".ipynb") and "/" not in rel)
        raise ValueError(_("restore: {name!r} names {count} notebooks; pass one number among {known}, e.g. NB=03",
                           name=name, count=len(hits), known=known))
    return hits[0]


def restore(source: str | Path, copy: str | Path, name: str) -> tuple[str, Path | None]:
    """Put the source's version of one notebook in the copy; theirs is first saved to copy/backup/NAME.N.ext."""
    source, copy = Path(source), Path(copy)
    rel, record = find(source, name), read_record(copy)
    dest, saved = copy / rel, None
    if dest.exists() and digest(dest) != digest(source / rel):
        stem, suffix = Path(rel).stem, Path(rel).suffix
        n = 1
        while (copy / BACKUP / f"{stem}.{n}{suffix}").exists():
            n += 1
        saved = copy / BACKUP / f"{stem}.{n}{suffix}"
        saved.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(dest, saved)
    place(source / rel, dest)
    record[rel] = digest(source / rel)
    write_record(copy, record)
    return rel, saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m looplab.sync", description=__doc__.splitlines()[0])
    parser.add_argument("source", help="the edition to copy from, e.g. workshop")
    parser.add_argument("copy", help="the participant's own folder, e.g. my-workshop")
    parser.add_argument("--restore", metavar="NB", help="put back the current version of one notebook, e.g. 03")
    parser.add_argument("--language", choices=sorted(LANGUAGES), help="the language of its messages (default: en)")
    args = parser.parse_args(argv)
    before = language()
    set_language(args.language or before)
    try:
        if args.restore is not None:
            rel, saved = restore(args.source, args.copy, args.restore)
            if saved:
                print(_("{copy}: {file} restored; yours is in {backup}", copy=args.copy, file=rel,
                        backup=saved.relative_to(args.copy).as_posix()))
            else:
                print(_("{copy}: {file} restored", copy=args.copy, file=rel))
        else:
            print(sync(args.source, args.copy).summary(args.copy))
    except OSError as err:
        print(err if err.filename is None else _(  # else our own message (a missing source)
            "{command}: cannot use '{path}' ({reason}); move or rename what is in the way, or fix its permissions, "
            "then run it again", command="restore" if args.restore is not None else "sync",
            path=err.filename2 or err.filename, reason=err.strerror), file=sys.stderr)
        return 1
    except ValueError as err:
        print(err, file=sys.stderr)
        return 1
    finally:
        set_language(before)  # called from Python (a test, a notebook): its language is left as it was
    return 0


if __name__ == "__main__":
    sys.exit(main())
