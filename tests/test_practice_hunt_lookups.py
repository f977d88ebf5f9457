"""Lookups and acts with participants' own tools (hunts hred36, hred38): a result for another entity is not given as
the asked one's, the wording a decline offers is itself handled, and a decline says nothing false about the task."""

import inspect
import json

import pytest

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent
from looplab.tools import tool


@tool
def harbour_weather(town: str) -> str:
    """Get the current weather for a harbour town (shows Lille when the town is unknown).

    Args:
        town: Town name, e.g. Brest.
    """
    if town == "Brest":
        return json.dumps({"town": "Brest", "temp_c": 11, "sky": "fog"})
    return json.dumps({"town": "Lille", "temp_c": 9, "note": "unknown town, showing Lille"})


@pytest.mark.parametrize("task", ["What's the weather in Quimper?", "Quel temps fait-il à Quimper ?"])
def test_a_result_for_another_town_is_not_given_as_the_asked_one(task):
    """The tool fell back to Lille for Quimper; the reply read "Quimper: town: Lille; temp_c: 9; …", as if 9 °C were
    Quimper's. It now says it could not get an answer for Quimper: the tool answered for Lille."""
    run = run_agent(practice_client(), task, [harbour_weather])
    assert run.tool_calls == [("harbour_weather", {"town": "Quimper"})], run.answer
    assert "Quimper: town" not in run.answer and "'Lille'" in run.answer, run.answer
    assert "could not get an answer for Quimper" in run.answer or "pas pu obtenir de réponse pour Quimper" in run.answer


def test_the_asked_town_is_still_answered():
    run = run_agent(practice_client(), "What's the weather in Brest?", [harbour_weather])
    assert "temp_c: 11" in run.answer and "could not" not in run.answer, run.answer


def rate_tool(source: str, target: str):
    """A rate tool whose two parameters are named `source` and `target`."""

    def rate(**given) -> str:
        return json.dumps({"rate": 171.5 if (given[source], given[target]) == ("CHF", "JPY") else None})

    rate.__name__, rate.__doc__ = "swap_rate", (f"Get the exchange rate between two currencies.\n\n    Args:\n"
                                               f"        {source}: e.g. CHF.\n        {target}: e.g. JPY.\n    ")
    rate.__annotations__ = {source: str, target: str, "return": str}
    rate.__signature__ = inspect.Signature([inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, annotation=str)
                                            for n in (source, target)], return_annotation=str)
    return tool(rate)


@pytest.mark.parametrize(("source", "target"), [("from_code", "to_code"), ("currency_from", "currency_to"),
                                                ("from_currency", "to_currency"), ("src", "dst")])
def test_the_offered_wording_for_underscored_names_is_handled(source, target):
    """With parameters from_code/to_code the model offered "Call swap_rate with from_code 'CHF', to_code 'JPY'" and
    declined that very wording ("could not tell the 'to_code'"): ', to_code …' was not read as the next field."""
    swap_rate = rate_tool(source, target)
    declined = run_agent(practice_client(), "Convert francs into yen at today's rate.", [swap_rate]).answer
    offered = f"Call swap_rate with {source} 'CHF', {target} 'JPY'"
    assert offered in declined, declined
    for task in (offered, f"Call swap_rate with {source} 'CHF' and {target} 'JPY'"):
        run = run_agent(practice_client(), task, [swap_rate])
        assert run.tool_calls == [("swap_rate", {source: "CHF", target: "JPY"})], run.answer
        assert "171.5" in run.answer and "could not" not in run.answer, run.answer


@tool
def credit_order(order_ref: str, amount: float) -> str:
    """Credit an amount back on an order.

    Args:
        order_ref: Order reference, e.g. ORD-77.
        amount: Amount to credit in EUR.
    """
    return f"credited {amount} on {order_ref}"


def test_a_hyphenated_id_is_read_whole():
    """'ORD-77' was read as the word 'ord', unknown to credit_order, even in the wording its own hint offers."""
    run = run_agent(practice_client(), "Call credit_order with order_ref 'ORD-77', amount '30'", [credit_order],
                    approve=lambda name, given: True)
    assert run.tool_calls == [("credit_order", {"order_ref": "ORD-77", "amount": 30})], run.answer
    assert "'ord'" not in run.answer and "ORD-77" in run.answer, run.answer


@tool
def book_desk(desk: str, date: str) -> str:
    """Book a desk on a date.

    Args:
        desk: Desk name.
        date: The date, YYYY-MM-DD.
    """
    return f"booked {desk} on {date}"


@pytest.mark.parametrize(("task", "said"), [("Could you reserve desk Orca on 2026-03-02?", "'reserve'"),
                                            ("I need desk Orca booked on 2026-03-02.", "'booked'")])
def test_a_decline_does_not_say_the_task_asks_no_booking(task, said):
    """'Could you reserve desk Orca …' was declined "… the task does not ask to book", untrue: it asks, in another
    word. The decline now names the word it said, and nothing is booked."""
    run = run_agent(practice_client(), task, [book_desk], approve=lambda name, given: True)
    assert run.tool_calls == [] and f"does not say 'book' but {said}" in run.answer, run.answer
    assert "does not ask to" not in run.answer, run.answer


@tool
def plus(x: float, y: float) -> float:
    """Add two numbers.

    Args:
        x: the first number.
        y: the second number.
    """
    return x + y


@tool
def times(x: float, y: float) -> float:
    """Multiply two numbers.

    Args:
        x: the first number.
        y: the second number.
    """
    return x * y


@pytest.mark.parametrize("task, said", [
    ("Add 17 and 25.", "17 + 25 = 42."), ("Add 0.1 and 0.2.", "0.1 + 0.2 ≈ 0.3."),
    ("Call times with x '6', y '7'", "6 * 7 = 42."),  # the wording its declines offer: it was declined ('the x')
    ("Appelle times avec x '2.5', y '4'", "2.5 * 4 = 10.0.")])
def test_a_tool_for_one_operation_says_the_operation(task, said):
    """'Add 17 and 25.' with add(a, b) was answered '17: 42.', a claim about 17, and 0.1 + 0.2 '0.1: 0.30000000000000004.'"""
    assert run_agent(practice_client(), task, [plus, times]).answer == said



def test_a_number_named_by_a_field_is_read_only_in_a_call_s_list():
    """'How many km is 8 miles?' must not become km_to_miles(km=8) ('km is 8'), while 'Call km_to_miles with km 8' is."""
    @tool
    def km_to_miles(km: float) -> str:
        """Convert kilometres to miles.

        Args:
            km: a distance in km.
        """
        return f"{km * 0.621371:.3f} miles"

    assert "4.971" not in run_agent(practice_client(), "How many km is 8 miles?", [km_to_miles]).answer
    assert run_agent(practice_client(), "Call km_to_miles with km 8", [km_to_miles]).answer == "8: 4.971 miles."


def test_a_subtraction_is_labelled_only_when_its_operands_order_is_known():
    @tool
    def subtract(first: float, second: float) -> float:
        """Subtract the second number from the first.

        Args:
            first: the number to subtract from.
            second: the number to subtract.
        """
        return first - second

    assert run_agent(practice_client(), "Subtract 5 from 3", [subtract]).answer == "3 - 5 = -2."


@pytest.mark.parametrize("task, said", [
    ("Is Lyon warmer than Paris?", "Yes: Lyon (21 °C) is warmer than Paris (18 °C), by 3 °C."),
    ("Is Paris warmer than Lyon?", "No: Lyon (21 °C) is warmer than Paris (18 °C), by 3 °C."),
    ("Is it colder in Paris than in Lyon?", "Yes: Paris (18 °C) is colder than Lyon (21 °C), by 3 °C."),
    ("How much warmer is Lyon than Paris?", "Lyon (21 °C) is warmer than Paris (18 °C), by 3 °C."),
    ("Fait-il plus froid à Lyon qu'à Paris ?", "Non : il fait plus froid à Paris (18 °C) qu'à Lyon (21 °C), de 3 °C.")])
def test_two_temperatures_are_weighed(task, said):
    """'Is Lyon warmer than Paris?' gave both temperatures and 'I did not compare them ('warmer')' (hred38: 13)."""
    from looplab import samples
    answer = run_agent(practice_client(), task, samples.weather_and_calc()).answer
    assert answer.endswith(said) and "did not compare" not in answer, answer


def test_temperatures_in_two_units_are_not_weighed():
    @tool
    def get_weather(city: str) -> str:
        """Get the current weather in a city.

        Args:
            city: the city, e.g. Paris.
        """
        return {"Paris": "Paris: 64 °F", "Lyon": "Lyon: 19 °C"}[city]

    answer = run_agent(practice_client(), "Is Lyon warmer than Paris?", [get_weather]).answer
    assert "did not compare them" in answer and "Yes" not in answer and "No:" not in answer, answer


def test_operands_go_by_their_names_not_by_their_place_in_the_schema():
    """subtract(b, a) listed b first: 'Subtract 2 from 9' gave '2 - 9 = -7', 'What is 2 to the power of 5?' '2: 25'
    (hred42)."""
    @tool
    def subtract(b: float, a: float) -> float:
        """Subtract b from a.

        Args:
            b: the number to take away.
            a: the number to take it from.
        """
        return a - b

    @tool
    def power(exponent: float, base: float) -> float:
        """Raise base to the power exponent.

        Args:
            exponent: the power.
            base: the number raised.
        """
        return base ** exponent

    assert run_agent(practice_client(), "Subtract 2 from 9", [subtract]).answer == "9 - 2 = 7."
    assert run_agent(practice_client(), "What is 2 to the power of 5?", [power]).answer == "2 ** 5 = 32."


def test_a_comparison_with_a_place_left_unread_is_not_made():
    """'Est-ce que Lyon est plus chaud que Paris et Nice ?' read Paris and Nice only, then said 'Non : il fait plus
    chaud à Nice qu'à Paris' (hred42)."""
    from looplab import samples
    answer = run_agent(practice_client(), "Est-ce que Lyon est plus chaud que Paris et Nice ?",
                       samples.weather_and_calc()).answer
    assert "Non" not in answer and "Oui" not in answer and "il fait plus chaud" not in answer, answer


def test_a_negative_operand_is_written_in_brackets():
    """'-6 ** 4 = 1296.': read as written, -6 ** 4 is -1296 (hred42)."""
    @tool
    def power(base: float, exponent: float) -> float:
        """Raise base to the power exponent.

        Args:
            base: the number raised.
            exponent: the power.
        """
        return base ** exponent

    assert run_agent(practice_client(), "Call power with base -6, exponent 4", [power]).answer == "(-6) ** 4 = 1296."


def test_a_catalogue_saved_with_a_byte_order_mark_is_read(tmp_path):
    """A catalogue JSON saved by a Windows editor (UTF-8 with a BOM) crashed catalogue_tools before any call (hred49)."""
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps({"stats": {"title": "Practical Statistics", "weeks": 6}}), encoding="utf-8-sig")
    answer = run_agent(practice_client(), "Look up the catalogue entry stats.", samples.catalogue_tools(path)).answer
    assert answer == "'stats' is in the catalogue: title: Practical Statistics; weeks: 6.", answer
