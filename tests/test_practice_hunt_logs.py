"""Records written in other ways (hred100, hred91): a day whose status is 'storm warnings' or 'storm-warning' was left
out of 'which days had a storm warning', and 'Count: 3' stated for 4; a record abridged by a loop's own summary was
counted as if its cut lines could not change it; 'Invoice of 12.03.2026' with 'Invoice #: 1042' gave the date as the
invoice's number, 'Invoice dated Mar 12, 2026' gave 12; '2 or more unpaid invoices' selected amounts of at least 2."""

from __future__ import annotations

import pytest

from looplab import history, samples
from looplab.client import practice_client
from looplab.history import answer, plain
from looplab.loop import run_agent
from looplab.tools import Toolbox

TASK = "Read every file in the folder station and tell me which days had a storm warning, and how many."


def station(root, fifth: str, remark: str = "") -> None:
    (root / "station").mkdir()
    for day, status in [(1, "normal"), (2, "storm warning"), (3, "normal"), (4, "storm warning"), (5, fifth),
                        (6, "avalanche warning"), (7, "storm warning")]:
        text = f"# Station log, day {day}\nDay: {day}\nWind: {10 + day} km/h\nStatus: {status}\n"
        text += "\n## Rounds\n" + "- Sky overcast; the observer read the snow stake and wrote it down.\n" * 6 if remark else ""
        (root / "station" / f"day-{day:02d}.txt").write_text(text + (remark if day == 5 else ""), encoding="utf-8")


@pytest.mark.parametrize("fifth", ["storm warnings", "storm-warning", "Storm Warning"])
def test_a_value_written_another_way_is_the_value_asked(tmp_path, fifth):
    station(tmp_path, fifth)
    said = run_agent(practice_client(), TASK, samples.station_tools(tmp_path)).answer
    assert "5 (" not in said or "Count: 4" in said, said
    assert "Count: 3" not in said, said


def test_a_record_a_summary_abridged_is_said_to_be_abridged(tmp_path):
    """The loop's summary kept each day's first lines: a later 'Status: storm warning (amended)' may be cut."""
    station(tmp_path, "normal", "## Remarks\nStatus: storm warning (amended at 16:00)\n")
    tools = Toolbox(samples.station_tools(tmp_path))
    _, messages = history.managed_loop(practice_client(), TASK, tools, max_turns=30,
                                       tool_choice={"type": "auto", "disable_parallel_tool_use": True},
                                       manage=lambda m: history.summarize_old(plain(m), keep=3))
    said = answer(messages)
    assert "The history abridged 4 of the files read (day-01.txt to day-04.txt)" in said and "a line cut from them may change what I read" in said, said


@pytest.mark.parametrize("files, said", [
    ({"a.txt": "Invoice of 12.03.2026\nInvoice #: 1042\nClient: Forge Martel\nAmount: 700 EUR\nStatus: unpaid\n"},
     "Unpaid: 1042 (Forge Martel, 700 EUR)."),
    ({"a.txt": "Facture du 3 févr. 2026\nFacture n° : FX-21\nClient : Poterie Argile\nMontant : 480 EUR\nStatut : impayée\n"},
     "Unpaid: FX-21 (Poterie Argile, 480 EUR)."),
    ({"a.txt": "Invoice dated Mar 12, 2026\nNumber: 2026 031\nClient: Atelier Bois\nAmount: 640 EUR\nStatus: unpaid\n"},
     "Unpaid: 2026 031 (Atelier Bois, 640 EUR)."),
])
def test_a_date_in_the_title_is_no_number_beside_a_number_field(tmp_path, files, said):
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    got = run_agent(practice_client(), "Which invoices are unpaid?", samples.invoice_tools(tmp_path)).answer
    assert got.startswith(said), got


def test_a_count_of_invoices_is_no_amount(tmp_path):
    for n, (client, amount) in enumerate([("Garage Sud", 500), ("Garage Sud", 499.99), ("Hôtel Mer", 1200)]):
        (tmp_path / f"{n}.txt").write_text(f"Invoice C-{n}\nClient: {client}\nAmount: {amount} EUR\nStatus: unpaid\n",
                                           encoding="utf-8")
    said = run_agent(practice_client(), "Which clients have 2 or more unpaid invoices?", samples.invoice_tools(tmp_path)).answer
    assert "at least 2" not in said and "Hôtel Mer" not in said, said


def test_a_field_the_task_names_is_not_said_to_match_nothing(tmp_path):
    """'What is the rent in b.txt?' over 'Rent: 900 EUR' and 'Rent: 700 EUR' said no field of the records matched
    the words of the task (hred97)."""
    for name, rent in (("a.txt", 900), ("b.txt", 700)):
        (tmp_path / name).write_text(f"Rent: {rent} EUR\n", encoding="utf-8")
    said = run_agent(practice_client(), "What is the rent in b.txt?", samples.invoice_tools(tmp_path)).answer
    assert said.startswith("'Rent' is a field of the records") and "no field" not in said.lower(), said
