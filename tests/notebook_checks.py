"""Checks every committed notebook must pass before nbval compares it (nbval skips some silently)."""
import json
import re
from pathlib import Path

VOLATILE = [
    (re.compile(r"0x[0-9a-f]{6,}"), "a memory address"),
    (re.compile(r"/(?:work|root|tmp|home|Users)/"), "a machine path"),
    (re.compile(r"\b\d{2}:\d{2}:\d{2}\b"), "a clock time"),
]


def problems(path: Path) -> list[str]:
    """Return one line per problem found in the notebook at `path`."""
    found = []
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code" or not "".join(cell["source"]).strip():
            continue
        tags = cell.get("metadata", {}).get("tags", [])
        if cell.get("execution_count") is None:
            found.append(f"{path.name}: code cell {i} was never executed (nbval would skip it)")
        outputs = json.dumps(cell.get("outputs", []))
        for pattern, what in VOLATILE:
            if pattern.search(outputs):
                found.append(f"{path.name}: cell {i} output holds {what}")
        if '"output_type": "error"' in outputs and "raises-exception" not in tags:
            found.append(f"{path.name}: cell {i} stores an error but is not tagged raises-exception")
    return found
