"""The sample kits side by side, and their less usual wordings (hred98, hred99, hred101): with get_weather offered
before list_files, the weather tool read the invoice files (get_weather(city='inv_1.txt')); 'in Fahrenheit', 'and in
July', 'à Noël' or 'in Lyon Tonight' were asked of get_weather as towns, and the tool's made-up value stated; 'Look up
ai and writing and tell me their titles', 'Cherche mug puis teapot' looked up the first key only; 'Look up olive oil'
gave the entry of 'olive'; 'Look up 2 mugs' looked up the key '2'."""

from __future__ import annotations

import json

import pytest

from looplab import samples
from looplab.client import practice_client
from looplab.i18n import set_language
from looplab.loop import run_agent

SHOP = {"mug": {"name": "Mug", "price_eur": 6.25}, "teapot": {"name": "Teapot", "price_eur": 18.5},
        "olive": {"name": "Green olives jar", "price_eur": 4.05}, "olive oil": {"name": "Olive oil 1L", "price_eur": 11.3}}


def run(task: str, tools):
    set_language("fr" if task.startswith(("Quel", "Cherche", "Fait")) else "en")
    try:
        return run_agent(practice_client(), task, tools)
    finally:
        set_language("en")


@pytest.fixture
def shop(tmp_path):
    (tmp_path / "shop.json").write_text(json.dumps(SHOP), encoding="utf-8")
    return samples.catalogue_tools(tmp_path / "shop.json")


@pytest.fixture
def invoices(tmp_path):
    (tmp_path / "inv_1.txt").write_text("Invoice 1\nClient: Acme\nAmount: 120.00 EUR\nStatus: unpaid\n", encoding="utf-8")
    return samples.invoice_tools(tmp_path)


@pytest.mark.parametrize("task, said", [("What is the weather in Lyon?", "Lyon: 21 °C"),
                                        ("Quel temps fait-il à Lyon ?", "Lyon : 21 °C"),
                                        ("Which invoices are unpaid?", "Unpaid: 1 (Acme, 120.00 EUR)")])
def test_the_weather_tool_offered_first_reads_no_file(invoices, task, said):
    done = run(task, samples.weather_and_calc() + list(invoices))
    assert done.answer.startswith(said), done.answer
    assert all(name != "get_weather" or args == {"city": "Lyon"} for name, args in done.tool_calls), done.tool_calls


@pytest.mark.parametrize("task, named", [
    ("How many degrees is it in Fahrenheit?", "'Fahrenheit' names a time, a unit or a language, not a place"),
    ("What's the weather in Lyon and in July?", "'July' names a time"),
    ("What's the weather in Lyon Tonight?", "'Tonight' names a time"),
    ("What's the weather in Paris and in English?", "'English' names a time, a unit or a language"),
    ("Is it warmer in Winter than in Lyon?", "'Winter' names a time"),
    ("Quel temps fait-il à Noël ?", "'Noël' nomme un moment, une unité ou une langue, pas un lieu"),
    ("Quel temps fait-il à Paris Demain ?", "'Demain' nomme un moment"),
    ("What's the weather in Lyon and in Fall?", "'Fall' names a time"), ("How cold is it at New Year?", "'New' names a time"),
    ("What's the weather in Lyon and in Japanese?", "'Japanese' names a time, a unit or a language"),
    ("Quel temps fait-il à Lyon et à Pentecôte ?", "'Pentecôte' nomme un moment"),
])
def test_a_time_a_unit_or_a_language_is_asked_of_no_weather_tool(task, named):
    done = run(task, samples.weather_and_calc())
    assert named in done.answer, done.answer
    assert all(args.get("city") in ("Lyon", "Paris") for _, args in done.tool_calls), done.tool_calls


@pytest.mark.parametrize("place", ["Saint-Étienne", "New York", "Aix-en-Provence", "Chiang Mai", "Saint-Mars-la-Jaille",
                                   "Fall River"])
def test_a_town_of_several_words_is_still_a_town(place):
    done = run(f"What's the weather in {place}?", samples.weather_and_calc())
    assert done.tool_calls == [("get_weather", {"city": place})], done.tool_calls


@pytest.mark.parametrize("task, keys", [
    ("Look up ai and writing and tell me their titles.", ["ai", "writing"]),
    ("Cherche ai et data, puis donne leurs titres.", ["ai", "data"]),
    ("Look up ai, and also design.", ["ai", "design"]),
    ("Cherche ai, ainsi que design.", ["ai", "design"]),
    ("Cherche ai puis data.", ["ai", "data"]),
    ("Cherche ai ensuite data.", ["ai", "data"]),
    ("Look up ai and design.", ["ai", "design"]),
])
def test_every_key_of_a_list_is_looked_up(task, keys):
    done = run(task, samples.catalogue_tools())
    assert [args["key"] for _, args in done.tool_calls] == keys, done.tool_calls
    assert "nothing about" not in done.answer and "rien trouvé" not in done.answer, done.answer


@pytest.mark.parametrize("task, keys", [("Look up olive oil.", ["olive oil"]), ("Look up olive oil, please.", ["olive oil"]),
                                        ("Look up olive oil and mug.", ["olive oil", "mug"]),
                                        ("Cherche olive et olive oil.", ["olive", "olive oil"]),
                                        ("Look up mug.", ["mug"])])
def test_a_key_of_two_words_is_looked_up_whole(shop, task, keys):
    done = run(task, shop)
    assert [args["key"] for _, args in done.tool_calls] == keys, done.tool_calls
    assert "Green olives" not in done.answer or "olive" in keys, done.answer


@pytest.mark.parametrize("task, said", [
    ("Look up 2 mugs.", "I did not use '2': I quote the entries, I compute nothing from them."),
    ("Look up mug and tell me the price of 4 of them.", "I did not use '4'"),
    ("Cherche 3 mug et 2 teapot, puis fais le total.", "Je n'ai pas utilisé '3' et '2'"),
])
def test_a_quantity_is_said_unused_not_looked_up(shop, task, said):
    done = run(task, shop)
    assert said in done.answer and all(not args["key"].isdigit() for _, args in done.tool_calls), done.answer
    assert "'mug' is in the catalogue" in done.answer or "'mug' est dans le catalogue" in done.answer, done.answer


BOOKS = {"Dune": {"year": 1965, "sequel": "Dune Messiah", "pages": 412}, "Dune Messiah": {"year": 1969, "sequel": "Children of Dune"},
         "Children of Dune": {"year": 1976}, "Solaris": {"year": 1961}}


@pytest.fixture
def books(tmp_path):
    (tmp_path / "books.json").write_text(json.dumps(BOOKS), encoding="utf-8")
    return samples.catalogue_tools(tmp_path / "books.json")


@pytest.mark.parametrize("task", ["Look up 'Dune' and tell me the year of its sequel.", "What year did the sequel of 'Dune' come out?",
                                  "Look up 'Dune'. How many pages does its sequel have?", "Look up 'Dune'. Sequel year?"])
def test_a_question_about_the_entry_a_field_names_is_not_answered_from_this_one(books, task):
    said = run(task, books).answer
    assert "I did not look up 'Dune Messiah', the sequel the entry names" in said, said


@pytest.mark.parametrize("task, keys", [("Look up Dune Messiah and Children of Dune.", ["Dune Messiah", "Children of Dune"]),
                                        ("Look up Dune messiah.", ["Dune messiah", "Dune Messiah"])])
def test_a_title_of_several_words_is_looked_up_whole(books, task, keys):
    done = run(task, books)
    assert [args["key"] for _, args in done.tool_calls] == keys, done.tool_calls


def test_a_title_is_not_the_entry_of_a_title_it_starts():
    """A tool that answers with the closest title gave 'Solaris' for 'Solar', said to be 'Solar''s entry."""
    from looplab.tools import tool

    @tool
    def lookup(key: str) -> str:
        """Look up a book of the catalogue by its key (the closest title if none matches).

        Args:
            key: Book title, e.g. Dune.
        """
        return json.dumps({"title": "Solaris", "year": 1961})

    said = run("Look up 'Solar'.", [lookup]).answer
    assert "does not name 'Solar'" in said and "is in the catalogue" not in said, said


@pytest.mark.parametrize("task, said", [("Cherche 'data' dans le catalogue.", "'data' est dans le catalogue : title: Data Basics"),
                                        ("Quel est le titre de l'entrée 'writing' du catalogue ?", "'writing' est dans le catalogue"),
                                        ("Look up 'ai' in the catalogue.", "'ai' is in the catalogue: title: Applied AI")])
def test_a_catalogue_question_beside_the_invoice_tools_is_looked_up(invoices, task, said):
    """With every kit offered, the invoice survey took it: it read the invoices, then said it could not relate
    'catalogue' to them."""
    done = run(task, samples.weather_and_calc() + list(invoices) + samples.catalogue_tools())
    assert done.answer.startswith(said) and "rien trouvé" not in done.answer, done.answer


def order_tools(cancelled: list):
    from looplab.tools import tool

    @tool(consequential=True)
    def cancel_order(order_id: str) -> str:
        """Cancel a customer order.

        Args:
            order_id: The order id, e.g. A-100.
        """
        cancelled.append(order_id)
        return f"order {order_id} cancelled"

    @tool
    def get_order(order_id: str) -> str:
        """Get the status of a customer order as JSON.

        Args:
            order_id: The order id, e.g. A-100.
        """
        return json.dumps({"status": "shipped", "paid": True})

    return [cancel_order, get_order]


@pytest.mark.parametrize("task", ["Show me order A-100.", "Is order A-100 paid?", "How many items are in order A-100?"])
def test_an_act_the_task_does_not_name_is_no_rival_of_a_reader(task):
    """'Show me order A-100' beside cancel_order and get_order was declined: 'more than one offered tool fits it
    (cancel_order and get_order)', with 'Call cancel_order with …' as the wording to try (hred97)."""
    cancelled: list = []
    from looplab.guards import allow_all
    said = run_agent(practice_client(), task, order_tools(cancelled), approve=allow_all).answer
    assert not cancelled and "more than one offered tool" not in said and "Call cancel_order" not in said, said


@pytest.mark.parametrize("task, key", [("Look up the Applied AI course.", "ai"), ("Look up Technical Writing.", "writing")])
def test_a_title_the_listing_names_by_its_key_is_still_looked_up(task, key):
    """After the two-word keys, 'Technical Writing' (no key) no longer led to 'writing', a key the listing gives and
    the task writes (hred99 re-measure)."""
    done = run(task, samples.catalogue_tools())
    assert [args["key"] for _, args in done.tool_calls][-1] == key and f"'{key}' is in the catalogue" in done.answer, done.answer


def test_a_key_and_the_word_for_its_kind_are_one_key(shop):
    assert [args["key"] for _, args in run("Look up the olive oil entry.", shop).tool_calls] == ["olive oil"]


@pytest.mark.parametrize("task, said", [("Read the file inv_1.txt", "inv_1.txt: Invoice 1 Client: Acme"),
                                        ("Show me the content of inv_1.txt.", "inv_1.txt: Invoice 1 Client: Acme")])
def test_one_file_to_read_is_read_not_surveyed(invoices, task, said):
    done = run(task, samples.weather_and_calc() + list(invoices))
    assert done.answer.startswith(said) and done.tool_calls == [("read_file", {"path": "inv_1.txt"})], done.answer
