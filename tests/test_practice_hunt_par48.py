"""Wordings and data from the par48 hunt: E031, E309 (a second quoted text for word_count), S140 ('station folder
coldest day?'), and notebook 06's 'What should cyclists do at junctions?' (E300)."""

from __future__ import annotations

import pytest
from conversations import answer, documents, records

from looplab import samples, tool


@tool
def word_count(text: str) -> int:
    """Count the words in a text (words are separated by spaces or line breaks).

    Args:
        text: The text whose words to count.
    """
    return len(text.split())


@pytest.mark.parametrize(("task", "counts"), [
    ("How many words are in 'the quick brown fox' and in 'jumps over'?", ["the quick brown fox: 4", "jumps over: 2"]),
    ("How many words are in 'hello world' and how many in 'a b c'?", ["hello world: 2", "a b c: 3"]),
    ("Count the words in 'one two' and in 'three four five'.", ["one two: 2", "three four five: 3"]),
    ("How many words are in 'agents call tools'?", ["agents call tools: 3"])])
def test_each_quoted_text_gets_its_own_count(task, counts):
    """The second quoted text was refused as fitting no tool, and 'How many' called not done (E031, E309): word_count
    fits each text, and its number is the count asked."""
    said = answer(task, [word_count])
    assert all(c in said for c in counts) and "fits it" not in said and "did not count" not in said, said
    other = answer("How many words are in 'hello world' and how many letters in 'abc'?", [word_count])
    assert "abc: " not in other, other  # 'how many letters' is no word count: word_count's number is not given for it


def test_a_name_before_and_after_folder_is_not_read_as_the_one_after():
    """'station folder coldest day?' was read as the folder 'coldest', with an invoice wording (S140)."""
    said = answer("station folder coldest day?", samples.station_tools("/work/main/notebooks/data"))
    assert "'station' or 'coldest'" in said and "records in the folder 'coldest'" not in said, said
    assert "invoices" not in said and "-11" not in said, said


STATION = {f"day-{i}.txt": f"# Log day {i}\nDay: {i}\nTemperature: {t} °C\nStatus: {s}\n"
           for i, t, s in [(1, -2, "normal"), (2, -9, "storm warning"), (3, 1, "normal")]}


@pytest.mark.parametrize(("task", "wording"), [
    ("In the folder logs, which day was the coldest?", "In the folder logs, which records have the status 'normal', and how many?"),
    ("Dans le dossier logs, quel jour a été le plus froid ?", "Dans le dossier logs, quels fichiers ont le statut 'normal', et combien ?")])
def test_a_decline_over_logs_offers_a_wording_for_logs(tmp_path, task, wording):
    """A weather log's decline suggested 'which invoices are unpaid' (S140, notebook 08): the wording fits the data."""
    (tmp_path / "logs").mkdir()
    said = answer(task, records(tmp_path, {f"logs/{n}": t for n, t in STATION.items()}))
    assert wording in said and "invoices" not in said and "factures" not in said, said
    offered = answer("In the folder logs, which records have the status 'normal', and how many?", records(tmp_path, {}))
    assert "Count: 2" in offered, offered  # the wording offered is one it handles


ARTICLES = {"cycling.md": "# Riding a bike in the city\n\nMost collisions between cyclists and cars happen at junctions, "
                          "not on straight roads.\n\nLights are required after dark: white at the front, red at the back.\n"}


@pytest.mark.parametrize("task", ["What should cyclists do at junctions?", "Que doivent faire les cyclistes aux carrefours ?"])
def test_what_to_do_is_not_answered_by_what_happens(tmp_path, task):
    """'What should cyclists do at junctions?' was answered 'Most collisions … happen at junctions' (notebook 06, E300)."""
    said = answer(task, documents(tmp_path, ARTICLES))
    assert "Most collisions" not in said and ("do not say what to do" in said or "ne disent pas quoi faire" in said), said
    (tmp_path / "advice").mkdir()
    advised = answer(task, documents(tmp_path / "advice", {
        "junctions.md": "# Junctions\n\nAt junctions, cyclists should ride in the centre of the lane.\n"}))
    assert "cyclists should ride in the centre of the lane" in advised, advised  # advice that is there is quoted


