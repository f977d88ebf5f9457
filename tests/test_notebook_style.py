"""Every workshop notebook follows STYLE.md: goals first, recap and try-next last, short cells."""
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
NAMES = [p.name for p in NOTEBOOKS]


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_starts_with_title_and_learning_goals(path):
    """The first cell is '# Title', a paragraph, and '## Learning goals' with 2-4 bullets."""
    first = text(cells(path)[0])
    assert first.startswith("# ")
    goals = first.split("## Learning goals", 1)[1]
    bullets = [line for line in goals.splitlines() if line.startswith(("- ", "* "))]
    assert 2 <= len(bullets) <= 4


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_ends_with_recap_and_try_next(path):
    """The notebook has '## Recap' (3-5 bullets) and '## Try next' sections."""
    markdown = "\n".join(text(c) for c in cells(path) if c["cell_type"] == "markdown")
    recap = markdown.split("## Recap", 1)[1].split("\n## ", 1)[0]
    assert 3 <= len([ln for ln in recap.splitlines() if ln.startswith(("- ", "* "))]) <= 5
    assert "## Try next" in markdown


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_code_cells_are_short(path):
    """No code cell is over 25 lines, and the median code cell is at most 6 lines."""
    sizes = [len(text(c).splitlines()) for c in cells(path) if c["cell_type"] == "code"]
    assert max(sizes) <= 25
    assert sorted(sizes)[len(sizes) // 2] <= 6


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_no_empty_cells_and_exercises_have_starters(path):
    """No empty cell; every exercise heading is followed by a solution cell with a starter."""
    all_cells = cells(path)
    assert all(text(c).strip() for c in all_cells)
    for i, cell in enumerate(all_cells):
        if cell["cell_type"] == "markdown" and re.search(r"^## Exercise \d+\.\d+ — ", text(cell), re.M):
            following = [c for c in all_cells[i + 1:] if c["cell_type"] == "code"][0]
            assert "starter" in following["metadata"].get("looplab", {}), text(cell)[:60]
