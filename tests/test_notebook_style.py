"""Every workshop notebook follows STYLE.md: goals first, recap and try-next last, short cells."""
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")) + sorted((ROOT / "notebooks-fr").glob("[0-9][0-9]_*.ipynb"))
NAMES = [f"{p.parent.name}/{p.name}" for p in NOTEBOOKS]
HEADINGS = {  # the same sections in each language: goals, recap, try next, an exercise
    "notebooks": ("## Learning goals", "## Recap", "## Try next", "Exercise"),
    "notebooks-fr": ("## Objectifs", "## Récapitulatif", "## Pour aller plus loin", "Exercice"),
}


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def text(cell: dict) -> str:
    return "".join(cell["source"])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_starts_with_title_and_learning_goals(path):
    """The first cell is '# Title', a paragraph, and '## Learning goals' with 2-4 bullets."""
    first = text(cells(path)[0])
    assert first.startswith("# ")
    goals = first.split(HEADINGS[path.parent.name][0], 1)[1]
    bullets = [line for line in goals.splitlines() if line.startswith(("- ", "* "))]
    assert 2 <= len(bullets) <= 4


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_ends_with_recap_and_try_next(path):
    """The notebook has '## Recap' (3-5 bullets) and '## Try next' sections."""
    _goals, recap_heading, try_next, _exercise = HEADINGS[path.parent.name]
    markdown = "\n".join(text(c) for c in cells(path) if c["cell_type"] == "markdown")
    recap = markdown.split(recap_heading, 1)[1].split("\n## ", 1)[0]
    assert 3 <= len([ln for ln in recap.splitlines() if ln.startswith(("- ", "* "))]) <= 5
    assert try_next in markdown


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_code_cells_are_short(path):
    """No code cell is over 25 lines (the first, imports and setup, 30), and the median code cell is at most 6 lines."""
    sizes = [len(text(c).splitlines()) for c in cells(path) if c["cell_type"] == "code"]
    assert sizes[0] <= 30 and max(sizes[1:]) <= 25
    assert sorted(sizes)[len(sizes) // 2] <= 6


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_no_empty_cells_and_exercises_have_starters(path):
    """No empty cell; every exercise heading is followed by a solution cell with a starter."""
    all_cells = cells(path)
    assert all(text(c).strip() for c in all_cells)
    for i, cell in enumerate(all_cells):
        exercise = HEADINGS[path.parent.name][3]
        if cell["cell_type"] == "markdown" and re.search(rf"^## {exercise} \d+\.\d+ — ", text(cell), re.M):
            following = [c for c in all_cells[i + 1:] if c["cell_type"] == "code"][0]
            assert "starter" in following["metadata"].get("looplab", {}), text(cell)[:60]
