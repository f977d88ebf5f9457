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
        if self.kept:
            return _("{copy}: {added} added, {updated} updated, {kept} of yours kept ({files}; `make restore NB=NN` "
                     "takes the new version, yours backed up)", files=", ".join(self.kept), **counts)
        return _("{copy}: {added} added, {updated} updated, {kept} of yours kept", **counts)


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
    path = copy / RECORD
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def write_record(copy: Path, record: dict[str, str]) -> None:
    """Written to a temporary file then renamed, so an interrupted sync never leaves half a record."""
    path = copy / RECORD
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, path)


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
    rel = find(source, name)
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
    record = read_record(copy)
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
    except (OSError, ValueError) as err:
        print(err, file=sys.stderr)
        return 1
    finally:
        set_language(before)  # called from Python (a test, a notebook): its language is left as it was
    return 0


if __name__ == "__main__":
    sys.exit(main())
