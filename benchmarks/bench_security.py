"""Section 8: what the guards are worth: path payloads, hostile expressions, link races, injections.

Run alone: `.venv/bin/python benchmarks/run_all.py --only security`. The payload and
expression lists are the security tests' own (tests/test_guards_*.py), run here for counts.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from _common import Row, Section

from looplab.faults import injection
from looplab.guards import Sandbox, safe_calc

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import test_guards_calc  # noqa: E402  (the test lists, found through the path set above)
import test_guards_sandbox as sandbox_tests  # noqa: E402

RACE_READS = 5000


def _payloads(tmp: Path) -> tuple[int, int]:
    """(payloads x actions tried, escapes): a canary outside shown, or a resolve outside the folder."""
    box = sandbox_tests.make_box(tmp)
    tried = escapes = 0
    for payload in sandbox_tests.PAYLOADS:
        name = payload.format(abs=tmp)
        for action in ("read", "list", "resolve"):
            tried += 1
            try:
                result = getattr(box, action)(name)
            except (ValueError, FileNotFoundError):
                continue
            if action == "resolve":
                escapes += not result.is_relative_to(box.root)
            else:
                escapes += sandbox_tests.CANARY in (result if action == "read" else "\n".join(result))
    return tried, escapes


def _hostile() -> tuple[int, int]:
    """(expressions, evaluated): a hostile expression that safe_calc did not refuse."""
    evaluated = 0
    for expression in test_guards_calc.HOSTILE:
        try:
            safe_calc(expression)
            evaluated += 1
        except ValueError:
            pass
    return len(test_guards_calc.HOSTILE), evaluated


def _hard_link(tmp: Path) -> bool:
    """True when a hard link to an outside file is refused."""
    (tmp / "outside.txt").write_text(sandbox_tests.CANARY)
    (tmp / "box").mkdir()
    os.link(tmp / "outside.txt", tmp / "box" / "linked.txt")
    try:
        Sandbox(tmp / "box").read("linked.txt")
    except ValueError:
        return True
    return False


def measure() -> Section:
    """Escapes, evaluations and leaks (target 0), and the injection suite under three guards."""
    rows, notes = [], []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for sub in ("payloads", "link", "file", "folder", "injection"):
            (tmp / sub).mkdir()
        tried, escapes = _payloads(tmp / "payloads")
        rows.append(Row(f"path payloads x (read, list, resolve): {len(sandbox_tests.PAYLOADS)} x 3 = {tried}, "
                        "escapes", str(escapes), "0", escapes == 0))
        count, evaluated = _hostile()
        rows.append(Row(f"hostile expressions given to safe_calc ({count}), evaluated", str(evaluated), "0",
                        evaluated == 0))
        refused = _hard_link(tmp / "link")
        rows.append(Row("hard link to a file outside the folder, read", "refused" if refused else "READ",
                        "refused", refused))
        for label, setup in (("a file swapped with a link out", sandbox_tests.file_swap),
                             ("a folder swapped with a link out", sandbox_tests.folder_swap)):
            leaks, texts, refusals = sandbox_tests.race(*setup(tmp / label.split()[1]), reads=RACE_READS)
            rows.append(Row(f"reads racing {label}, canary leaks ({texts} read, {refusals} refused)",
                            f"{leaks} / {RACE_READS}", "0", leaks == 0))
        suite = injection.run_suite(tmp / "injection")
        benign = injection.run_benign(tmp / "injection")
    n = len(suite)
    for guard, label in (("none", "no guard (every call approved)"), ("default", "default guard (approve=None: deny)"),
                         ("allowlist", "allowlist approver (send_email to @example.com only)")):
        won = sum(r["guards"][guard]["executed"] > 0 for r in suite)
        done = sum(r["guards"][guard]["completed"] for r in suite)
        target = "0" if guard == "default" else "-"
        rows.append(Row(f"injection attacks that succeeded, {label}; task done under attack",
                        f"{won}/{n}; {done}/{n}", target, won == 0 if guard == "default" else None))
    notes.append("security: injection suite (looplab.faults.injection, gullible practice model), per case:\n"
                 + injection.table(suite, benign))
    return Section("Security", rows, notes)
