"""The French edition renders today's English one, cell by cell, and speaks French to its participant."""
import shutil
import sys
from pathlib import Path

import nbformat
import pytest
from notebook_checks import problems as stored_problems

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import french  # noqa: E402

from looplab.i18n import read_po  # noqa: E402

FRENCH = sorted((ROOT / "notebooks-fr").glob("[0-9][0-9]_*.ipynb"))
PARTICIPANT = sorted((ROOT / "workshop-fr").glob("[0-9][0-9]_*.ipynb"))
CATALOGUE = read_po((ROOT / "src" / "looplab" / "locale" / "fr.po").read_text(encoding="utf-8"))
ENGLISH_ONLY = ["Not yet:", "Not attempted:", "Correct:", "Hint (", "your code raised"]


@pytest.mark.parametrize("english,french_nb", french.pairs(), ids=[e.name[:2] for e, _ in french.pairs()])
def test_each_french_cell_renders_todays_english_cell(english, french_nb):
    assert french.problems(english, french_nb) == []


@pytest.fixture
def pair(tmp_path):
    """A copy of the English and French notebook 00, in step with each other."""
    english, french_nb = french.pairs()[0]
    en, fr = tmp_path / "en" / english.name, tmp_path / "fr" / french_nb.name
    en.parent.mkdir(), fr.parent.mkdir()
    shutil.copy(english, en), shutil.copy(french_nb, fr)
    assert french.problems(en, fr) == []
    return en, fr


def edit(path: Path, kind: str, change) -> int:
    """Apply `change` to the source of the second cell of `kind` in `path`; return its index."""
    nb = nbformat.read(path, as_version=4)
    i = [i for i, c in enumerate(nb.cells) if c.cell_type == kind][1]
    nb.cells[i].source = change(nb.cells[i].source)
    nbformat.write(nb, path)
    return i


def test_a_changed_english_markdown_cell_names_the_french_cell_to_update(pair):
    en, fr = pair
    i = edit(en, "markdown", lambda s: s + "\n\nOne more sentence.")
    assert french.problems(en, fr) == [
        f"notebooks-fr/{fr.name} cell {i}: English cell {i} of {en.name} changed since it was translated "
        f"(or was never stamped): update the French, then `python scripts/french.py --stamp 00 {i}`"]


def test_french_code_may_change_strings_and_comments_only(pair):
    en, fr = pair
    i = edit(fr, "code", lambda s: "# un commentaire\n" + s.replace('"', '"é', 1))
    assert french.problems(en, fr) == []
    edit(fr, "code", lambda s: s + "\nextra = 1")
    assert french.problems(en, fr) == [f"notebooks-fr/{fr.name} cell {i}: its code differs from English "
                                       f"cell {i}, not only in strings and comments"]


def test_a_missing_or_extra_french_cell_is_named(pair):
    en, fr = pair
    nb = nbformat.read(fr, as_version=4)
    last = nb.cells.pop()
    nbformat.write(nb, fr)
    assert french.problems(en, fr)[0].startswith(f"notebooks-fr/{fr.name}: cell {len(nb.cells)} is missing")
    nb.cells += [last, nbformat.v4.new_markdown_cell("de trop")]
    nbformat.write(nb, fr)
    assert french.problems(en, fr) == [f"notebooks-fr/{fr.name} cell {len(nb.cells) - 1}: the English "
                                       f"notebook has no cell {len(nb.cells) - 1}; remove it"]


def test_every_english_notebook_has_its_french_edition_in_both_forms():
    numbers = sorted(p.name[:2] for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert [p.name[:2] for p in FRENCH] == numbers
    assert [p.name for p in PARTICIPANT] == [p.name for p in FRENCH]


@pytest.mark.parametrize("path", FRENCH + PARTICIPANT, ids=[f"{p.parent.name}/{p.name[:2]}" for p in FRENCH + PARTICIPANT])
def test_french_notebooks_are_executed_deterministic_and_speak_french(path):
    assert stored_problems(path) == []
    nb = nbformat.read(path, as_version=4)
    assert nb.cells[0].source.startswith("# ") and 'set_language("fr")' in nb.cells[1].source
    outputs = "\n".join(str(c.get("outputs", "")) for c in nb.cells if c.cell_type == "code")
    english = [m for m in ENGLISH_ONLY if m in outputs]
    english += [m for m in CATALOGUE if len(m.split()) >= 4 and "{" not in m and m in outputs]
    assert not english, f"{path.name} shows looplab messages in English: {english[:5]}"
