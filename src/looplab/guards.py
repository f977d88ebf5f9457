"""Guards around tools: a folder-bound file reader, approvals, output caps (and safe_calc)."""
from __future__ import annotations

import errno
import json
import os
import stat
import unicodedata
from collections.abc import Callable
from pathlib import Path

from looplab.calc import safe_calc
from looplab.i18n import _

__all__ = ["Sandbox", "allow_all", "allow_only", "ask_policy", "cap_output", "deny_all", "safe_calc"]


def cap_output(text: str, limit: int = 8000) -> str:
    """Cut text to `limit` characters and say visibly how much was left out."""
    if len(text) <= limit:
        return text
    return text[:limit] + "\n" + _("[… truncated: {n} more characters]", n=len(text) - limit)


MAX_NAME_CHARS = 255


# Open a checked path one component at a time from the root, refusing any link met on the way:
# a name checked, then swapped for a link before the open, cannot lead outside.
_WALK = os.open in os.supports_dir_fd and hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY")
_FOLDER = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
_LEAF = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)  # a pipe must not block


def _kind(path: Path) -> str | None:
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return None
    return _kind_of(mode)


def _kind_of(mode: int) -> str | None:
    return "folder" if stat.S_ISDIR(mode) else "file" if stat.S_ISREG(mode) else None


def _show(name: str) -> str:
    shown = repr(name)
    return shown if len(shown) <= 60 else shown[:50] + "…" + shown[-8:]


class Sandbox:
    """File access bound to one folder: names are checked, links resolved, what was checked is opened.

    A file with more than one hard link may be a file outside under a second name: reading it is
    refused unless the Sandbox is made with `allow_hard_links=True`.
    """

    def __init__(self, root: str | Path, max_bytes: int = 64_000, *, allow_hard_links: bool = False):
        self.root = Path(root).resolve()
        self.label = self.root.name  # messages name the folder, never the machine path
        self.max_bytes = max_bytes
        self.allow_hard_links = allow_hard_links
        if not self.root.is_dir():
            raise FileNotFoundError(_("Sandbox: no folder '{name}'; pass an existing folder", name=Path(root).name))

    def __repr__(self) -> str:
        return f"Sandbox('{self.label}')"

    def _leaves(self, name: str, why: str = "") -> ValueError:
        if not why:
            return ValueError(_("Sandbox: {name} leaves the folder '{folder}'; pass a name inside it",
                                name=_show(name), folder=self.label))
        return ValueError(_("Sandbox: {name} leaves the folder '{folder}' ({why}); pass a name inside it",
                            name=_show(name), folder=self.label, why=why))

    def _check_text(self, name: str, text: str) -> None:
        if any(unicodedata.category(c).startswith("C") for c in text):
            raise self._leaves(name, _("it contains a control character"))
        if "\\" in text:
            raise self._leaves(name, _("use '/' between folders, not '\\'"))
        if text.startswith(("/", "~")) or (len(text) > 1 and text[1] == ":" and text[0].isalpha()):
            raise self._leaves(name, _("absolute paths are not allowed"))
        if ".." in text.split("/"):
            raise self._leaves(name, _("'..' is not allowed"))

    def resolve(self, name: str) -> Path:
        """Return the real path of `name` inside the folder, or raise ValueError if it leaves it."""
        if not isinstance(name, str):
            raise ValueError(_("Sandbox: a name must be text, got {kind}; pass a name inside it",
                               kind=type(name).__name__))
        if len(name) > MAX_NAME_CHARS:
            raise self._leaves(name, _("longer than {n} characters", n=MAX_NAME_CHARS))
        self._check_text(name, name)
        self._check_text(name, unicodedata.normalize("NFKC", name))  # look-alikes such as '．．／'
        try:
            path = self.root.joinpath(*[p for p in name.split("/") if p not in ("", ".")]).resolve()
        except (OSError, RuntimeError):
            raise ValueError(_("Sandbox: {name} cannot be resolved (a link loop?); pass another name",
                               name=_show(name))) from None
        if not path.is_relative_to(self.root):
            raise self._leaves(name, _("it leads outside through a link"))
        return path

    def _open(self, name: str, path: Path, *, folder: bool = False) -> int:
        """A file descriptor for the checked real `path`: no link may appear on the way from the root."""
        try:
            if _WALK:
                fd = os.open(self.root, _FOLDER)
                try:
                    parts = path.relative_to(self.root).parts
                    for i, part in enumerate(parts):
                        last = i == len(parts) - 1
                        step = os.open(part, _LEAF if last and not folder else _FOLDER, dir_fd=fd)
                        os.close(fd)
                        fd = step
                except BaseException:
                    os.close(fd)
                    raise
                return fd
            # No dir_fd or O_NOFOLLOW here (Windows): open, then check the file opened is the one checked.
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
            if not os.path.samestat(os.fstat(fd), os.stat(self.resolve(name))):
                os.close(fd)
                raise self._leaves(name, _("it changed into a link while being opened"))
            return fd
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.EMLINK):
                raise self._leaves(name, _("it changed into a link while being opened")) from None
            if exc.errno in (errno.ENOENT, errno.ENOTDIR):
                raise FileNotFoundError(_("Sandbox: no file {name} in '{folder}'; list the folder to see what is there",
                                          name=_show(name), folder=self.label)) from None
            raise ValueError(_("Sandbox: cannot open {name} ({why}); pass another name",
                               name=_show(name), why=exc.strerror)) from None

    def list(self, folder: str = ".") -> list[str]:
        """Names in a folder inside the sandbox, sorted; subfolders end with '/'."""
        path = self.resolve(folder)
        missing = FileNotFoundError(_("Sandbox: no folder {name} in '{folder}'; list '.' to see what is there",
                                      name=_show(folder), folder=self.label))
        if _kind(path) != "folder":
            raise missing
        if not _WALK:  # no way to open a folder without following links here: list by path
            entries = sorted(os.listdir(path))
        else:
            try:
                fd = self._open(folder, path, folder=True)
            except FileNotFoundError:
                raise missing from None
            try:
                entries = sorted(os.listdir(fd))
            finally:
                os.close(fd)
        names = []
        for entry in entries:
            try:
                real = (path / entry).resolve()
            except (OSError, RuntimeError):
                continue
            kind = _kind(real)  # None: a broken link, a link loop, a pipe or device: not shown
            if kind and real.is_relative_to(self.root):  # links that lead out are not shown either
                names.append(entry + "/" if kind == "folder" else entry)
        return names

    def read(self, name: str) -> str:
        """Text of a file inside the sandbox, at most max_bytes (non-UTF-8 bytes replaced)."""
        path = self.resolve(name)
        missing = FileNotFoundError(_("Sandbox: no file {name} in '{folder}'; list the folder to see what is there",
                                      name=_show(name), folder=self.label))
        is_folder = ValueError(_("Sandbox: {name} is a folder in '{folder}'; list it, or read a file inside it",
                                 name=_show(name), folder=self.label))
        kind = _kind(path)
        if kind != "file":  # a folder; missing; or a device, pipe or socket that could block
            raise is_folder if kind == "folder" else missing
        fd = self._open(name, path)
        try:
            info = os.fstat(fd)
            kind = _kind_of(info.st_mode)  # what was opened, which a swap may have changed
            if kind != "file":
                raise is_folder if kind == "folder" else missing
            if info.st_nlink > 1 and not self.allow_hard_links:
                raise ValueError(_(
                    "Sandbox: {name} has {n} hard links, so it may be a file outside '{folder}' under a second "
                    "name; pass another file, or make the Sandbox with allow_hard_links=True",
                    name=_show(name), n=info.st_nlink, folder=self.label))
            with os.fdopen(fd, "rb", closefd=False) as handle:
                data = handle.read(self.max_bytes + 1)
        except OSError as exc:
            raise ValueError(_("Sandbox: cannot read {name} ({why}); pass another file",
                               name=_show(name), why=exc.strerror)) from None
        finally:
            os.close(fd)
        text = data[: self.max_bytes].decode("utf-8", errors="replace")
        if len(data) > self.max_bytes:
            text += "\n" + _("[… truncated: {n} more bytes]", n=max(info.st_size - self.max_bytes, 1))
        return text


def deny_all(name: str, input: dict) -> bool:
    """Approval policy that refuses every consequential call."""
    return False


def allow_all(name: str, input: dict) -> bool:
    """Approval policy that accepts every consequential call (for demos only)."""
    return True


def allow_only(*names: str) -> Callable[[str, dict], bool]:
    """Approval policy that accepts consequential calls to the named tools only."""
    allowed = frozenset(names)

    def policy(name: str, input: dict) -> bool:
        return name in allowed

    return policy


def ask_policy(ask: Callable[[str], str] = input) -> Callable[[str, dict], bool]:
    """Approval policy that asks a person (via `ask(question)`) and accepts only 'y' or 'yes' (in French 'o', 'oui' too)."""

    def policy(name: str, input: dict) -> bool:
        question = _("Run {name} {input}? [y/N] ", name=name, input=json.dumps(input, ensure_ascii=False))
        return str(ask(question)).strip().lower() in _("y yes").split()  # the answers that approve, in the language

    return policy
