"""Files replaced whole, so that a reader (or a crash half-way) never leaves half a file."""

import os
from pathlib import Path


def replace_text(path: Path, text: str) -> None:
    """Write `text` to a temporary file beside `path`, then rename it over `path`."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
