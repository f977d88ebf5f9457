"""Data faults: a copy of the invoice folder with some files broken on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

from looplab.i18n import _

NOT_INVOICE = ("Notes from the Tuesday call\n\nRemember to order more printer paper and to call "
               "the framer back about the blue frames.\n")


def default_invoices() -> Path:
    """The workshop's invoice folder: notebooks/data/invoices in the repository, else the notebook's data/invoices."""
    here = Path(__file__).resolve().parents[3] / "notebooks" / "data" / "invoices"
    return here if here.is_dir() else Path("data/invoices")  # installed from a wheel: no repository beside it


def _file(folder: Path, name: str, must_exist: bool = True) -> Path:
    path = folder / name
    if not path.exists() and (folder / f"{name}.txt").exists():
        path = folder / f"{name}.txt"
    if must_exist and not path.is_file():
        known = ", ".join(sorted(p.name for p in folder.iterdir() if p.is_file()))
        raise FileNotFoundError(_("broken_invoices: no file {name!r} in the copy; known files: {known}",
                                  name=name, known=known))
    return path


def broken_invoices(dest, source=None, *, missing_status=(), unreadable=(), empty=(),
                    not_invoice=()) -> Path:
    """Copy the invoice folder `source` to `dest` (its old files are removed), break the named files; return dest.

    missing_status: drop the `Status:` line; unreadable: bytes that are not UTF-8; empty: no
    content; not_invoice: a note instead of an invoice (a new file if the name is new).
    Names are file names, with or without `.txt`.
    """
    source = default_invoices() if source is None else Path(source)
    dest = Path(dest)
    if not source.is_dir():
        raise FileNotFoundError(_("broken_invoices: the source folder {folder!r} does not exist; "
                                  "pass the folder holding the invoices", folder=str(source)))
    if dest.resolve() == source.resolve():
        raise ValueError(_("broken_invoices: dest is the source folder; pass another folder, e.g. logs/invoices-broken"))
    dest.mkdir(parents=True, exist_ok=True)
    for old in dest.iterdir():
        if old.is_file():
            old.unlink()
    for path in sorted(source.iterdir()):
        if path.is_file():
            shutil.copyfile(path, dest / path.name)
    for name in missing_status:
        path = _file(dest, name)
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        path.write_text("".join(ln for ln in lines if not ln.lower().startswith("status:")), encoding="utf-8")
    for name in unreadable:
        path = _file(dest, name)
        title = path.read_bytes().split(b"\n", 1)[0]
        path.write_bytes(title + b"\n\xff\xfe\x00\x9c\x81 \xc3\x28 \xa0\xa1\n")
    for name in empty:
        _file(dest, name).write_bytes(b"")
    for name in not_invoice:
        path = _file(dest, name, must_exist=False)
        if path.suffix == "":
            path = path.with_suffix(".txt")
        path.write_text(NOT_INVOICE, encoding="utf-8")
    return dest
