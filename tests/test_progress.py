"""Checks note their outcome for the instructor's view, only where the hub asks, and atomically."""
import json
import sys
from pathlib import Path

from looplab.exercises import Exercise
from looplab.progress import note_progress, read_progress

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "hub"))


def positive(n):
    assert n > 0, "a positive number, please"
    return "positive."


EXERCISE = Exercise("Exercise 9.1 — a positive number", positive, "Think above zero.", "n = 1")


def test_nothing_is_written_unless_the_hub_asks(tmp_path, monkeypatch):
    """Without LOOPLAB_PROGRESS (make lab, nbval, CI) a check writes no file."""
    monkeypatch.delenv("LOOPLAB_PROGRESS", raising=False)
    monkeypatch.chdir(tmp_path)
    EXERCISE.check(1)
    assert list(tmp_path.rglob("*")) == []


def test_each_check_notes_its_latest_outcome(tmp_path, monkeypatch):
    """Not yet, then Correct: the record holds the latest outcome of each check, and no temp file stays."""
    record = tmp_path / ".looplab" / "progress.json"
    monkeypatch.setenv("LOOPLAB_PROGRESS", str(record))
    EXERCISE.check(-1)
    assert read_progress(record) == {"Exercise 9.1 — a positive number": "not yet"}
    EXERCISE.check(2)
    note_progress("Exercise 9.2 — other", "not attempted")
    assert read_progress(record) == {"Exercise 9.1 — a positive number": "pass", "Exercise 9.2 — other": "not attempted"}
    assert [p.name for p in record.parent.iterdir()] == ["progress.json"]


def test_a_damaged_record_is_replaced_and_an_unwritable_one_is_ignored(tmp_path, monkeypatch):
    """A half-written or foreign file reads as empty; a record that cannot be written never breaks a check."""
    record = tmp_path / "progress.json"
    record.write_text("{not json", encoding="utf-8")
    assert read_progress(record) == {}
    monkeypatch.setenv("LOOPLAB_PROGRESS", str(record))
    EXERCISE.check(3)
    assert json.loads(record.read_text(encoding="utf-8")) == {"Exercise 9.1 — a positive number": "pass"}
    (tmp_path / "file").write_text("", encoding="utf-8")
    monkeypatch.setenv("LOOPLAB_PROGRESS", str(tmp_path / "file" / "progress.json"))
    EXERCISE.check(3)  # the parent is a file: nothing written, nothing raised


def test_the_view_lists_checks_in_order_with_how_many_passed():
    """The instructor's table: checks by number, each participant's outcome, and the count that passed."""
    from progress_view import table

    page = table({"aaaaaaaa-1": {"Exercise 2.2 — loop": "pass", "Exercise 10.1 — x": "not yet"},
                  "bbbbbbbb-2": {"Exercise 2.2 — loop": "not yet", "Exercise 2.1 — key": "pass"}})
    heads = page.split("</tr>")[0]
    assert heads.index(">2.1<") < heads.index(">2.2<") < heads.index(">10.1<")
    assert page.count(">Correct<") == 2 + 1  # two cells and the footer label
    assert "<th>1 of 2</th><th>1 of 2</th><th>0 of 2</th>" in page
    assert "aaaaaaaa<" in page and "aaaaaaaa-1" not in page
