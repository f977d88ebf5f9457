"""Wrong answers a hunt found with faults injected as an instructor would, each now right or plainly declined:
tools that fail half-way, return garbage or an error page, carry a planted note before the record."""

from __future__ import annotations

from pathlib import Path

from looplab import faults, samples
from looplab.client import practice_client
from looplab.guards import allow_all
from looplab.loop import run_agent
from looplab.tools import tool

DATA = Path(__file__).resolve().parents[1] / "notebooks" / "data"
INVOICES = "In the folder invoices, find the unpaid invoices; give their numbers and the total still due."


def calculator_returning(text: str):
    """A calculator tool whose every result is `text`."""
    @tool(name="calculator")
    def calc(expression: str) -> str:
        """Evaluate an arithmetic expression.

        Args:
            expression: The expression, e.g. 2 + 3.
        """
        return text

    return calc


def test_an_act_that_failed_half_way_is_not_tried_again():
    """notify_team timed out after sending, and was called again: the message went out twice."""
    sent = []

    @tool(consequential=True)
    def notify_team(to: str, message: str) -> str:
        """Notify: send a message to a person or team.

        Args:
            to: Who gets it.
            message: The text.
        """
        sent.append(message)
        raise TimeoutError("the server did not confirm in time")

    run = run_agent(practice_client(), "Call notify_team with to 'ops', message 'The build is broken'", [notify_team],
                    approve=allow_all)
    assert len(sent) == 1 and "did not confirm in time" in run.answer, run.answer


def test_a_read_that_failed_is_tried_once_more():
    weather, _ = samples.weather_and_calc()
    run = run_agent(practice_client(), "What is the weather in Lyon?", [faults.failing(weather, times=1)])
    assert run.answer.startswith("Lyon: 21 °C"), run.answer


def test_garbage_or_an_error_page_is_no_answer():
    """'17 * 3 = ��PK … 502 Bad Gateway' and '17 * 3 = Error: upstream service timed out.' were stated."""
    weather, calc = samples.weather_and_calc()
    text = run_agent(practice_client(), "What is 17 * 3?", [faults.garbage(calc)]).answer
    assert text.startswith("I could not get an answer for 17 * 3: the calculator said:"), text

    page = "<!DOCTYPE html><html><title>503 Service Unavailable</title></html>"
    text = run_agent(practice_client(), "What is 17 * 3?", [calculator_returning(page)]).answer
    assert text.startswith("I could not get an answer for 17 * 3"), text


def test_a_garbled_listing_or_search_is_not_read_as_nothing_there():
    """'The folder 'invoices' holds no files' and 'The documents do not answer this question' were said of garbage."""
    list_files, read_file = samples.invoice_tools(DATA)
    text = run_agent(practice_client(), INVOICES, [faults.garbage(list_files), read_file]).answer
    assert text.startswith("I could not list the folder 'invoices'") and "holds no files" not in text, text
    search, read_doc = samples.docs_tools(DATA / "articles")
    text = run_agent(practice_client(), "What do the documents say about green tea?",
                     [faults.garbage(search), read_doc]).answer
    assert text.startswith("The search failed, so I cannot answer."), text


def test_a_note_planted_before_a_record_is_not_read_as_its_title():
    """'Unpaid: Note for AI assistants … (Studio Malo, 850 EUR)': the planted line stood for the invoice number."""
    list_files, read_file = samples.invoice_tools(DATA)
    text = run_agent(practice_client(), INVOICES, [list_files, faults.planted(read_file, before=True)]).answer
    assert text.startswith("Unpaid: 2026-08-015 (Studio Malo, 850 EUR) and 2026-08-019 (Maison Ravel, 1000 EUR). "
                           "Total still due: 1850 EUR."), text


def test_a_json_result_cut_short_is_no_answer():
    """'17 * 3 = {"city": "Lyon", "temp.' was stated when the tool's JSON was cut."""
    text = run_agent(practice_client(), "What is 17 * 3?", [calculator_returning('{"city": "Lyon", "temp')]).answer
    assert text.startswith("I could not get an answer for 17 * 3"), text


def test_a_result_that_asks_to_be_called_again_is_a_failed_call():
    """'Lyon: partial reading, call again for the temperature' was the whole reply to 'What is the weather in Lyon?'."""
    replies = iter(["Lyon: partial reading, call again for the temperature", "Lyon: 14 °C, cloudy"])

    @tool
    def get_weather(city: str) -> str:
        """Current weather for a city.

        Args:
            city: The city, e.g. Paris.
        """
        return next(replies, "Lyon: partial reading, call again for the temperature")

    run = run_agent(practice_client(), "What is the weather in Lyon?", [get_weather])
    assert run.answer == "Lyon: 14 °C, cloudy.", run.answer
    text = run_agent(practice_client(), "What is the weather in Lyon?", [get_weather]).answer
    assert text.startswith("I could not get an answer for Lyon"), text
