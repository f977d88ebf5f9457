"""A participant's own unit converter — convert(value, from_unit, to_unit) — is called with what the task writes, and
its answer says both units; a tool that moves money is never read as one. French arithmetic verbs are read too."""

import pytest

from looplab import i18n, samples
from looplab.client import practice_client
from looplab.loop import run_agent
from looplab.tools import tool

FACTORS = {("miles", "km"): 1.609344, ("km", "miles"): 1 / 1.609344, ("lb", "kg"): 0.45359237, ("inches", "cm"): 2.54}


@tool
def convert_units(value: float, from_unit: str, to_unit: str) -> str:
    """Convert a value between units of length, mass or temperature.

    Args:
        value: The number to convert.
        from_unit: Unit of the value, e.g. km, miles, kg, lb, C, F.
        to_unit: Unit to convert to.
    """
    if (from_unit, to_unit) == ("C", "F"):
        return f"{value * 9 / 5 + 32:g}"
    factor = FACTORS.get((from_unit, to_unit))
    return f"{value * factor:.6g}" if factor else f"error: no conversion from {from_unit} to {to_unit}"


@tool
def transfer(amount: float, from_account: str, to_account: str) -> str:
    """Move money between accounts.

    Args:
        amount: How much to move.
        from_account: The account to take it from.
        to_account: The account to put it in.
    """
    return f"moved {amount} from {from_account} to {to_account}"


@pytest.mark.parametrize("task, call, answer", [
    ("Convert 100 miles to km", (100, "miles", "km"), "100 miles: 160.934 km."),
    ("How many kg is 150 lb, please?", (150, "lb", "kg"), "150 lb: 68.0389 kg."),
    ("What is 30 C in F?", (30, "C", "F"), "30 C: 86 F."),
    ("Convert 30 degrees C to F", (30, "C", "F"), "30 C: 86 F."),
    ("12 inches in cm", (12, "inches", "cm"), "12 inches: 30.48 cm."),
    ("Convertis 100 miles en km", (100, "miles", "km"), "100 miles: 160.934 km."),
    ("Combien de kg font 150 lb ?", (150, "lb", "kg"), "150 lb: 68.0389 kg.")])
def test_a_converter_gets_the_value_and_both_units(task, call, answer):
    """Each was declined: 'I do not know what convert_units could do with 'miles' and 'km''; 'How many kg' also got
    'I did not count or pick from them', and a bare number came back without its unit."""
    run = run_agent(practice_client(), task, [convert_units])
    assert run.tool_calls == [("convert_units", dict(zip(("value", "from_unit", "to_unit"), call, strict=True)))], run.answer
    assert run.answer == answer


@pytest.mark.parametrize("task", ["Convert 100 miles to km for my run", "Don't convert 5 km to miles",
                                  "Convert 26.2 miles into kilometres"])
def test_a_conversion_it_cannot_stand_behind_is_declined_or_reported_as_the_tool_said(task):
    run = run_agent(practice_client(), task, [convert_units])
    assert run.answer.startswith("The practice model can't plan this request") or "error: no conversion" in run.answer


@pytest.mark.parametrize("task", ["Send 100 dollars to Bob", "Transfer 50 euros to savings"])
def test_a_tool_that_moves_money_is_no_converter(task):
    """'Send 100 dollars to Bob' must never become transfer(amount=100, from_account='dollars', to_account='Bob')."""
    run = run_agent(practice_client(), task, [transfer])
    assert run.tool_calls == [], run.tool_calls


@pytest.mark.parametrize("task, answer", [("Additionne 3 et 4", "3 + 4 = 7."),
                                          ("Additionne 12,5 et 7,5", "12.5 + 7.5 = 20.0.")])
def test_additionne_adds(task, answer):
    """'Additionne 3 et 4' was split at 'et' and declined: 'je n'ai pas pu placer 'Additionne''."""
    i18n.set_language("fr")
    try:
        assert run_agent(practice_client(), task, samples.weather_and_calc()).answer == answer
    finally:
        i18n.set_language("en")


@tool
def convertir_devise(montant: float, de: str, vers: str) -> str:
    """Convertit un montant d'une devise à une autre (taux fixes).

    Args:
        montant: Le montant à convertir.
        de: Code de la devise de départ, par exemple EUR.
        vers: Code de la devise d'arrivée, par exemple USD.
    """
    return f"{montant * {('EUR', 'USD'): 1.1, ('USD', 'EUR'): 1 / 1.1}[(de, vers)]:.2f}"


@pytest.mark.parametrize("task, answer", [("Convertis 55 USD en EUR.", "55 USD: 50.0 EUR."),
                                          ("Combien valent 100 EUR en USD ?", "100 EUR: 110.0 USD.")])
def test_a_converter_described_in_french_says_both_currencies(task, answer):
    """'Convertis 55 USD en EUR.' gave '55: 50.0 EUR.' (the currency of 55 left out); 'Combien valent …' was
    declined on 'valent'."""
    assert run_agent(practice_client(), task, [convertir_devise]).answer == answer


@pytest.mark.parametrize("task, answer", [("What is 2.5 + 2.5 and 3 × 3?", "2.5 + 2.5 = 5.0. 3 * 3 = 9."),
                                          ("Combien font 3 plus 4 et 2 fois 5 ?", "3 + 4 = 7. 2 * 5 = 10.")])
def test_two_operations_joined_by_and_are_two_parts(task, answer):
    """'2.5 + 2.5 and 3 × 3' was one clause and declined ('and' between two numbers keeps '2 and 3' whole)."""
    assert run_agent(practice_client(), task, samples.weather_and_calc()).answer == answer


@pytest.mark.parametrize("task, answer", [("What is –3 + 5?", "-3 + 5 = 2."), ("What is —3 + 5?", "-3 + 5 = 2.")])
def test_a_minus_typed_as_a_dash_keeps_its_sign(task, answer):
    """'What is –3 + 5?' (an en dash, as French typing and autocorrect give) was calculator('3 + 5'): 8 (hred52)."""
    assert run_agent(practice_client(), task, samples.weather_and_calc()).answer == answer


def test_a_converter_keeps_a_sign_typed_as_a_dash():
    """'Convertis –40 °C en °F' sent 40, not -40, and answered 104 (hred52)."""
    run = run_agent(practice_client(), "Convert –5 km to miles", [convert_units])
    assert run.tool_calls == [("convert_units", {"value": -5, "from_unit": "km", "to_unit": "miles"})], run.tool_calls
