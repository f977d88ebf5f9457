"""Each check's latest outcome, noted for the instructor's live view of the room (`make hub`).

Nothing is written unless LOOPLAB_PROGRESS names a file: the hub sets it to the participant's
`.looplab/progress.json`. The record holds exercise titles and outcomes, never code.
"""

from __future__ import annotations

import json
import os
from pathlib import Path


def read_progress(path: str | Path) -> dict[str, str]:
    """{exercise title: 'pass' | 'not yet' | 'not attempted'}, empty when there is no readable record."""
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in record.items()} if isinstance(record, dict) else {}


def note_progress(title: str, status: str) -> None:
    """Note a check's outcome where LOOPLAB_PROGRESS says; replaced whole, so a reader never sees half a file."""
    where = os.environ.get("LOOPLAB_PROGRESS")
    if not where:
        return
    path = Path(where)
    record = read_progress(path)
    record[title] = status
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # the instructor's view must never break a participant's check
