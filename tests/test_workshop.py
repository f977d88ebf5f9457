"""The participant edition: starters in place, checks not attempted, and a participant's edits never lost."""
import json
import sys
from pathlib import Path

import nbformat
import pytest
from notebook_checks import problems as stored_problems

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_workshop as bw  # noqa: E402

WORKSHOP = sorted((ROOT / "workshop").glob("[0-9][0-9]_*.ipynb"))


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def edition(folder: Path, **contents: str) -> Path:
    for name, text in contents.items():
        write(folder / name.replace("__", "/"), text)
    return folder


def test_participant_edition_swaps_solutions_for_starters():
    """A cell with a starter in its metadata gets the starter as its source, and loses the metadata."""
    nb = nbformat.v4.new_notebook()
    solved = nbformat.v4.new_code_cell("def f():\n    return 1")
    solved.metadata["looplab"] = {"starter": "def f():\n    raise NotImplementedError"}
    nb.cells = [nbformat.v4.new_code_cell("x = 1"), solved]
    assert bw.participant_edition(nb) == 1
    assert nb.cells[1].source == "def f():\n    raise NotImplementedError"
    assert "looplab" not in nb.cells[1].metadata and nb.cells[0].source == "x = 1"


def test_problems_flags_a_passing_check_and_a_check_that_did_not_run():
    """An executed starter notebook must say Not attempted under every check, and never Correct."""
    nb = nbformat.v4.new_notebook()
    passing = nbformat.v4.new_code_cell("ex01.word_count.check(word_count)")
    passing.outputs = [nbformat.v4.new_output("display_data", {"text/plain": "Correct: Exercise 1.1"})]
    silent = nbformat.v4.new_code_cell("ex01.answer_tool_calls.check(answer_tool_calls)")
    untried = nbformat.v4.new_code_cell("ex00.first_text.check(first_text)")
    untried.outputs = [nbformat.v4.new_output("display_data", {"text/plain": "Not attempted: Exercise 0.1"})]
    nb.cells = [passing, silent, untried]
    assert bw.problems(nb, "01.ipynb") == [
        "01.ipynb: cell 0 says Correct on a starter; fix that exercise's starter",
        "01.ipynb: cell 1 is a check that does not say Not attempted",
    ]


def test_regenerating_keeps_a_copy_of_an_edited_notebook(tmp_path):
    """An edited notebook is copied to .backup/NAME.1.ipynb before it is replaced; an unedited one is not."""
    target = tmp_path / "workshop"
    bw.install(edition(tmp_path / "b1", **{"00_a.ipynb": "v1", "01_b.ipynb": "v1", "data__x.txt": "x"}), target)
    write(target / "00_a.ipynb", "my edit")
    saved = bw.install(edition(tmp_path / "b2", **{"00_a.ipynb": "v2", "01_b.ipynb": "v2", "data__x.txt": "x"}), target)
    assert saved == ["00_a.ipynb -> .backup/00_a.1.ipynb"]
    assert (target / ".backup" / "00_a.1.ipynb").read_text() == "my edit"
    assert (target / "00_a.ipynb").read_text() == "v2" and (target / "01_b.ipynb").read_text() == "v2"
    assert not (target / ".backup" / "01_b.1.ipynb").exists()


def test_a_second_edit_gets_the_next_number_and_own_files_stay(tmp_path):
    """Backups count up (no clock values); a file of the participant's own is never touched."""
    target = tmp_path / "workshop"
    bw.install(edition(tmp_path / "b1", **{"00_a.ipynb": "v1"}), target)
    write(target / "my_notes.ipynb", "mine")
    for n in (1, 2):
        write(target / "00_a.ipynb", f"edit {n}")
        bw.install(edition(tmp_path / f"b{n + 1}", **{"00_a.ipynb": f"v{n + 1}"}), target)
    assert (target / ".backup" / "00_a.1.ipynb").read_text() == "edit 1"
    assert (target / ".backup" / "00_a.2.ipynb").read_text() == "edit 2"
    assert (target / "my_notes.ipynb").read_text() == "mine"
    assert sorted(p.name for p in (target / ".backup").iterdir()) == ["00_a.1.ipynb", "00_a.2.ipynb"]


def test_a_notebook_dropped_from_the_edition_is_removed_and_kept_if_edited(tmp_path):
    """A renamed notebook leaves no stale copy behind; an edited one is backed up before it goes."""
    target = tmp_path / "workshop"
    bw.install(edition(tmp_path / "b1", **{"00_old.ipynb": "v1", "01_gone.ipynb": "v1"}), target)
    write(target / "01_gone.ipynb", "my edit")
    bw.install(edition(tmp_path / "b2", **{"00_new.ipynb": "v2"}), target)
    assert sorted(bw.files(target)) == ["00_new.ipynb"]
    assert (target / ".backup" / "01_gone.1.ipynb").read_text() == "my edit"
    assert not (target / ".backup" / "00_old.1.ipynb").exists()


def test_checkpoints_and_logs_are_not_part_of_the_edition(tmp_path):
    """JupyterLab's checkpoints and the notebooks' logs are neither compared nor backed up."""
    folder = edition(tmp_path / "w", **{"00_a.ipynb": "a", "data__.ipynb_checkpoints__x.txt": "c",
                                        ".ipynb_checkpoints__00_a-checkpoint.ipynb": "c", "logs__run.jsonl": "l"})
    assert bw.files(folder) == {"00_a.ipynb": bw.files(edition(tmp_path / "v", **{"00_a.ipynb": "a"}))["00_a.ipynb"]}


def test_a_first_build_over_unknown_files_backs_them_up(tmp_path):
    """With no manifest (say, a folder copied by hand), a file about to change is kept, not overwritten."""
    target = edition(tmp_path / "workshop", **{"00_a.ipynb": "from elsewhere"})
    bw.install(edition(tmp_path / "b1", **{"00_a.ipynb": "v1"}), target)
    assert (target / ".backup" / "00_a.1.ipynb").read_text() == "from elsewhere"
    assert json.loads((target / ".manifest.json").read_text()) == bw.files(target)


def test_out_of_date_names_the_notebook_and_cell(tmp_path):
    """A workshop notebook whose sources differ from a fresh build is reported with its first different cell."""
    source = tmp_path / "notebooks"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# T"), nbformat.v4.new_code_cell("x = 1")]
    write(source / "data" / "d.txt", "d")
    nbformat.write(nb, source / "00_t.ipynb")
    target = tmp_path / "workshop"
    write(target / "data" / "d.txt", "d")
    nbformat.write(nb, target / "00_t.ipynb")
    assert bw.out_of_date(target, source) == []
    nb.cells[1].source = "x = 2  # my edit"
    nbformat.write(nb, target / "00_t.ipynb")
    write(target / "data" / "d.txt", "changed")
    assert bw.out_of_date(target, source) == ["00_t.ipynb: cell 1 differs from a fresh build",
                                               "data/: differs from notebooks/data"]


def test_committed_workshop_is_up_to_date_with_notebooks():
    """workshop/ holds what notebooks/ builds today; if not, run `make workshop`."""
    stale = bw.out_of_date()
    assert stale == [], f"{stale}: run `make workshop`"


def test_committed_workshop_files_are_the_ones_last_built():
    """The manifest matches the committed files, so the next regenerate backs up nothing unexpectedly."""
    manifest = json.loads((ROOT / "workshop" / ".manifest.json").read_text(encoding="utf-8"))
    assert manifest == bw.files(ROOT / "workshop")


@pytest.mark.parametrize("path", WORKSHOP, ids=[p.name for p in WORKSHOP])
def test_committed_workshop_notebook_is_unsolved_executed_and_deterministic(path):
    """Every check says Not attempted, none Correct, every cell ran, and no output is volatile."""
    nb = nbformat.read(path, as_version=4)
    assert bw.problems(nb, path.name) == []
    assert stored_problems(path) == []
    assert not any("looplab" in c.metadata for c in nb.cells)


def test_every_notebook_has_its_participant_edition():
    """workshop/ has one notebook per notebook of notebooks/, and its data folder."""
    assert [p.name for p in WORKSHOP] == sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert (ROOT / "workshop" / "data" / "catalogue.json").exists()
