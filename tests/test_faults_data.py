"""Data faults: broken copies of the invoice folder; the practice model says what it could not use."""

from pathlib import Path

import pytest

from looplab import faults, practice_client, run_agent, samples, transport_of

SOURCE = Path(__file__).resolve().parents[1] / "notebooks" / "data" / "invoices"
TASK = "Find the unpaid invoices; give their numbers and the total still due."


def survey(folder):
    """run_agent over `folder` with the invoice tools; the run and the client's transport."""
    client = practice_client()
    run = run_agent(client, TASK, samples.invoice_tools(folder))
    return run, transport_of(client)


def test_copy_without_faults_gives_the_known_answer(tmp_path):
    """An unbroken copy gives the seed's answer: 2026-08-015 and 2026-08-019, 1850 EUR."""
    run, transport = survey(faults.broken_invoices(tmp_path / "copy", SOURCE))
    assert run.status == "done" and "2026-08-015" in run.answer and "2026-08-019" in run.answer
    assert "Total still due: 1850 EUR" in run.answer and run.turns == 3 and transport.calls == 3


@pytest.mark.parametrize(("kind", "name", "said"), [
    ("missing_status", "2026-08-015.txt", "2026-08-015.txt has no Status line"),
    ("unreadable", "2026-08-015.txt", "2026-08-015.txt contains unreadable bytes"),
    ("empty", "2026-08-015", "2026-08-015.txt is empty"),
])
def test_broken_invoice_is_named_and_left_out(tmp_path, kind, name, said):
    """A broken unpaid invoice is named with the reason and left out of the total, not guessed."""
    folder = faults.broken_invoices(tmp_path / "broken", SOURCE, **{kind: [name]})
    run, transport = survey(folder)
    assert run.status == "done" and said in run.answer and "it is not counted" in run.answer
    assert "the one listed comes to 1000 EUR, but 2026-08-015.txt may belong here too" in run.answer
    assert "1850" not in run.answer
    assert run.turns == 3 and transport.calls == 3
    assert sum(1 for e in run.events if e.kind == "tool_call" and e.data["ran"]) == 4  # list + 3 reads


def test_not_an_invoice_is_named_and_left_out(tmp_path):
    """A file that is not an invoice (a note) is read, named as not a record, and not counted."""
    folder = faults.broken_invoices(tmp_path / "broken", SOURCE, not_invoice=["notes.txt"])
    run, _ = survey(folder)
    assert "notes.txt has no 'Key: value' lines" in run.answer
    assert "Total still due: 1850 EUR" in run.answer and run.turns == 3


def test_source_is_left_untouched_and_old_copies_are_replaced(tmp_path):
    """Breaking a copy never changes the source; a second call starts from a fresh copy."""
    before = {p.name: p.read_bytes() for p in SOURCE.iterdir()}
    dest = tmp_path / "logs" / "invoices-broken"
    faults.broken_invoices(dest, SOURCE, empty=["2026-07-012.txt"], not_invoice=["notes.txt"])
    faults.broken_invoices(dest, SOURCE, missing_status=["2026-08-019.txt"])
    assert {p.name: p.read_bytes() for p in SOURCE.iterdir()} == before
    assert sorted(p.name for p in dest.iterdir()) == sorted(before)
    assert (dest / "2026-07-012.txt").read_bytes() == before["2026-07-012.txt"]
    assert b"Status" not in (dest / "2026-08-019.txt").read_bytes()


def test_unknown_file_and_same_folder_are_refused(tmp_path):
    """A name not in the folder, or dest equal to source, is refused with a message saying what to pass."""
    with pytest.raises(FileNotFoundError, match="known files: 2026-07-012.txt"):
        faults.broken_invoices(tmp_path / "x", SOURCE, empty=["2026-09-999.txt"])
    with pytest.raises(ValueError, match="pass another folder"):
        faults.broken_invoices(SOURCE, SOURCE)
