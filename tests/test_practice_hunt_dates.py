"""Due dates written month/day ('Due: 11/15/2026') were not read as dates, so 'due before 12/01/2026' was declined as
'I cannot tell which date field of the records it means' beside the one date field there is."""

from __future__ import annotations

import pytest

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent


def ask(tmp_path, task: str, dues: list[str]) -> str:
    (tmp_path / "invoices").mkdir(exist_ok=True)
    for n, due in enumerate(dues, 1):
        (tmp_path / "invoices" / f"B-{n}.txt").write_text(
            f"Invoice B-{n}\nClient: C{n}\nAmount: {100 * n} EUR\nDue: {due}\nStatus: unpaid\n", encoding="utf-8")
    return run_agent(practice_client(), task, samples.invoice_tools(tmp_path / "invoices"), max_turns=8).answer


@pytest.mark.parametrize("task, said", [
    ("Which invoices are due before 12/01/2026?", "Due before 12/01/2026: B-1 (C1, 100 EUR)."),
    ("Which invoices are due before 2026-12-01?", "Due before 2026-12-01: B-1 (C1, 100 EUR)."),
    ("Which invoices are due after 11/30/2026?", "Due after 11/30/2026: B-2 (C2, 200 EUR)."),
])
def test_month_first_dates_are_read_when_the_records_show_it(tmp_path, task, said):
    reply = ask(tmp_path, task, ["11/15/2026", "12/20/2026"])
    assert reply.startswith(said), reply


def test_dates_that_read_either_way_are_still_declined_with_that_reason(tmp_path):
    reply = ask(tmp_path, "Which invoices are due before 12/01/2026?", ["11/05/2026", "03/04/2026"])
    assert "I cannot tell whether its dates are day/month or month/day" in reply and "B-1 (" not in reply, reply
