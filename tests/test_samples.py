"""Sample tool sets: each works on its own folder and through a Toolbox."""
import json
from pathlib import Path

import pytest

from looplab.samples import (
    CATALOGUE,
    action_tools,
    catalogue_tools,
    docs_tools,
    invoice_tools,
    weather_and_calc,
)
from looplab.tools import Toolbox

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
INVOICES = {
    "2026-07-012.txt": "Invoice 2026-07-012\nClient: Atelier Brume\nAmount incl. VAT: 1200 EUR\nStatus: paid on 02/08/2026\n",
    "2026-08-015.txt": "Invoice 2026-08-015\nClient: Studio Malo\nAmount incl. VAT: 850 EUR\nDue: 05/09/2026\nStatus: unpaid\n",
    "2026-08-019.txt": "Invoice 2026-08-019\nClient: Maison Ravel\nAmount incl. VAT: 1000 EUR\nDue: 20/09/2026\nStatus: unpaid\n",
}


def run(tools, tool_name, /, **input):
    """Execute one call through a Toolbox and return its tool_result."""
    return Toolbox(tools).execute({"id": "toolu_t", "name": tool_name, "input": input}).result


@pytest.fixture
def data(tmp_path):
    """A data folder with an invoices subfolder of the three seed invoices."""
    (tmp_path / "invoices").mkdir()
    for name, text in INVOICES.items():
        (tmp_path / "invoices" / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_weather_is_simulated_and_deterministic():
    """Lyon gives the seed's answer; an unknown city gives the same marked value every time."""
    tools = weather_and_calc()
    assert run(tools, "get_weather", city="Lyon")["content"] == "Lyon: 21 °C, cloudy (simulated)"
    assert run(tools, "get_weather", city=" lyon ")["content"] == "Lyon: 21 °C, cloudy (simulated)"
    first = run(tools, "get_weather", city="Reykjavik")["content"]
    assert first == run(tools, "get_weather", city="Reykjavik")["content"]
    assert first.startswith("Reykjavik: ") and first.endswith(" (simulated)")


def test_empty_city_is_an_error_result():
    """An empty city name comes back as an is_error result saying what to pass."""
    result = run(weather_and_calc(), "get_weather", city="  ")
    assert result["is_error"] is True
    assert "pass a city name" in result["content"]


def test_calculator_gives_text():
    """The calculator returns the number as text and refuses code."""
    tools = weather_and_calc()
    assert run(tools, "calculator", expression="12 * (3 + 5)")["content"] == "96"
    refused = run(tools, "calculator", expression="__import__('os')")
    assert refused["is_error"] is True
    assert refused["content"].startswith("calculator failed: ValueError: safe_calc: function calls are not allowed")


def test_invoice_tools_list_and_read_the_three_invoices(data):
    """list_files shows the invoices folder and read_file returns each invoice."""
    tools = invoice_tools(data)
    assert run(tools, "list_files", folder=".")["content"] == "invoices/"
    assert run(tools, "list_files", folder="invoices")["content"] == "\n".join(sorted(INVOICES))
    for name, text in INVOICES.items():
        assert run(tools, "read_file", path=f"invoices/{name}")["content"] == text


def test_invoice_tools_rooted_at_the_invoices_folder(data):
    """With the sandbox on the invoices folder itself, '.' lists the files."""
    assert run(invoice_tools(data / "invoices"), "list_files", folder=".")["content"] == "\n".join(sorted(INVOICES))


def test_invoice_tools_cannot_leave_the_folder(data):
    """Reading outside the folder is an is_error result that names the folder, not the machine path."""
    result = run(invoice_tools(data / "invoices"), "read_file", path="../invoices/../../etc/passwd")
    assert result["is_error"] is True
    assert "leaves the folder 'invoices'" in result["content"]
    assert str(data) not in result["content"]


def test_empty_folder_is_said_so(data):
    """Listing an empty folder says it is empty instead of returning nothing."""
    (data / "empty").mkdir()
    assert run(invoice_tools(data), "list_files", folder="empty")["content"] == "the folder 'empty' is empty"


def test_catalogue_lookup_and_unknown_key():
    """lookup returns the record as JSON; an unknown key lists the known ones."""
    tools = catalogue_tools()
    assert json.loads(run(tools, "lookup", key="ai")["content"]) == CATALOGUE["ai"]
    missing = run(tools, "lookup", key="x")
    assert missing["is_error"] is True
    assert missing["content"] == f"lookup failed: UnknownKey: no entry 'x' in the catalogue; known keys: {', '.join(sorted(CATALOGUE))}"


def test_catalogue_from_a_file(tmp_path):
    """catalogue_tools(path) reads its entries from a JSON file."""
    path = tmp_path / "cat.json"
    path.write_text(json.dumps({"ops": {"title": "Operations"}}), encoding="utf-8")
    assert run(catalogue_tools(path), "lookup", key="ops")["content"] == '{"title": "Operations"}'
    assert run(catalogue_tools(path), "lookup", key="ai")["content"].endswith("known keys: ops")


def test_shipped_catalogue_matches_the_notebook_data():
    """CATALOGUE in the package is the same as notebooks/data/catalogue.json."""
    assert json.loads((DATA / "catalogue.json").read_text(encoding="utf-8")) == CATALOGUE


def test_docs_search_ranks_by_keywords_then_name(tmp_path):
    """search_docs scores title, file name and body words, best first, ties by name, and reads a document."""
    (tmp_path / "b-pumps.md").write_text("# Heat pumps\n\nA heat pump moves heat.\n", encoding="utf-8")
    (tmp_path / "a-bread.md").write_text("# Bread\n\nBake bread with heat.\n", encoding="utf-8")
    (tmp_path / "c-oven.txt").write_text("Oven\n\nAn oven gives heat.\n", encoding="utf-8")
    (tmp_path / "notes.csv").write_text("heat,heat,heat\n", encoding="utf-8")
    tools = docs_tools(tmp_path)
    assert run(tools, "search_docs", query="heat pumps")["content"] == (
        "b-pumps.md — Heat pumps (score 14)\na-bread.md — Bread (score 1)\nc-oven.txt — Oven (score 1)"
    )
    assert run(tools, "search_docs", query="glaciers")["content"] == "no document matches 'glaciers'"
    assert run(tools, "read_doc", name="a-bread.md")["content"] == "# Bread\n\nBake bread with heat.\n"


def test_docs_search_on_the_articles_puts_heat_pumps_in_cold_climates_first():
    """Over the workshop's articles, the cold-climate heat pump article ranks first."""
    lines = run(docs_tools(DATA / "articles"), "search_docs", query="heat pumps cold climates")["content"].splitlines()
    first = (DATA / "articles" / lines[0].split(" — ")[0]).read_text(encoding="utf-8").lower()
    assert "heat pump" in first and "cold climate" in lines[0].lower()
    assert len(lines) >= 2  # the second heat pump article follows


def test_invoice_tools_on_the_notebook_data():
    """The workshop's invoices folder holds the three seed invoices, readable through the tools."""
    tools = invoice_tools(DATA)
    assert run(tools, "list_files", folder="invoices")["content"] == "\n".join(sorted(INVOICES))
    for name, text in INVOICES.items():
        assert run(tools, "read_file", path=f"invoices/{name}")["content"] == text


def test_action_tools_record_only_when_approved():
    """send_email and delete_file are consequential: denied by default, recorded when approved."""
    outbox = []
    tools = action_tools(outbox)
    assert all(t.consequential for t in tools)
    box = Toolbox(tools)
    denied = box.execute({"id": "t1", "name": "send_email", "input": {"to": "a@example.net", "subject": "s", "body": "b"}})
    assert denied.ran is False and outbox == []
    sent = box.execute({"id": "t2", "name": "send_email", "input": {"to": "a@example.net", "subject": "s", "body": "b"}},
                       approve=lambda name, input: True)
    deleted = box.execute({"id": "t3", "name": "delete_file", "input": {"name": "x.txt"}}, approve=lambda n, i: True)
    assert (sent.result["content"], deleted.result["content"]) == ("sent (simulated)", "deleted (simulated)")
    assert outbox == [{"tool": "send_email", "to": "a@example.net", "subject": "s", "body": "b"},
                      {"tool": "delete_file", "name": "x.txt"}]
