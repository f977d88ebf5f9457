"""The held-out suite (tests/heldout_cases.py): new wordings over new data, never used to tune a rule.

The target is 0 wrong, and it holds. The figures are measured, whatever they are: `pytest -s` prints them, and
benchmarks/bench_practice.py reports them as "held-out", apart from the development suite.
"""

import re
from collections import Counter
from pathlib import Path

import paraphrase_cases
import pytest
from heldout_cases import CASES, has, money, names_what, number_forms, run_case, verdict

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Every case run once: index -> (verdict, answer, facts, false)."""
    root = tmp_path_factory.mktemp("heldout")
    return {i: run_case(case, root / f"case-{i:03d}") for i, case in enumerate(CASES)}


def figures(results) -> dict:
    """right / declined / wrong over all cases, and right over the answerable ones."""
    counts = Counter(v for v, *_ in results.values())
    answerable = [i for i, c in enumerate(CASES) if c.answerable]
    naming = sum(v == "declined" and names_what(CASES[i].task, answer) for i, (v, answer, *_) in results.items())
    return {"cases": len(results), "right": counts["right"], "declined": counts["declined"], "wrong": counts["wrong"],
            "answerable": len(answerable), "answerable right": sum(results[i][0] == "right" for i in answerable),
            "declines naming what": naming}


def test_suite_is_big_varied_and_new():
    """At least 156 cases, no task twice, every kind of question the issue names, none from the development suite."""
    tasks = [c.task for c in CASES]
    assert len(CASES) >= 156 and len(set(tasks)) == len(tasks)
    kinds = Counter(c.kind for c in CASES)
    assert {"invoices", "research", "calculator", "weather", "catalogue", "structured"} <= set(kinds)
    assert sum(not c.answerable for c in CASES) >= 20 and kinds["structured"] >= 8
    french = [t for t in tasks if re.search(r"[àéèêç]|\b(?:Quel|Quelles?|Combien|Dans|Est-ce)\b", t)]
    assert len(french) >= 15
    for words in ("%", "due", "grand total", "more", "not", "-"):
        assert any(words in t for t in tasks), words
    source = (HERE / "paraphrase_cases.py").read_text(encoding="utf-8")
    development = {c.task for c in paraphrase_cases.CASES}
    taken = [t for t in tasks if t in development or t in source]
    assert not taken, taken


def test_classifier_tells_right_declined_and_wrong():
    """The checker itself: amounts in any usual writing, false facts win, a decline must say so."""
    assert has("Total still due: 1 250,50 €.", money(1250.5))
    assert has("Total: EUR 1,250.50", money(1250.5)) and has("1250.5 EUR", money(1250.5))
    assert not has("Total: 11250.50 EUR", money(1250.5)) and not has("1250.55 EUR", money(1250.5))
    assert "1,250.50" in number_forms(1250.5) and "86.4" in number_forms(86.4)
    assert verdict("Unpaid: N1-100. Total still due: 850 EUR.", ["N1-100", money(850)], []) == "right"
    assert verdict("Total still due: 1850 EUR.", [money(850)], []) == "wrong"
    assert verdict("12 * (3 + 5) - 10 = 86.", [re.compile("86[.,]4")], [re.compile(r"(?<![\d.,])86(?![\d]|[.,]\d)")]) == "wrong"
    assert verdict("I could not place the words 'by card'.", [], ["N1-100"]) == "declined"
    assert verdict("Je ne peux pas répondre : le dossier n'existe pas.", [], []) == "declined"
    assert verdict("I cannot tell; N1-100 is paid.", [], ["N1-100"]) == "wrong"
    assert verdict("The lighthouse is tall.", ["41 metres"], []) == "wrong"
    assert verdict("Unpaid: N1-100. I cannot read N1-300.", ["N1-200"], [], named="when") == "wrong"
    assert verdict("Unpaid: N1-100. I cannot tell when it is due.", ["N1-200"], [], named="when") == "declined"
    assert names_what("Which invoices were paid by card?", "I could not relate 'card' to the records.")
    assert not names_what("Which invoices were paid by card?", "The practice model can't plan this request.")
    assert names_what("What is sin(30)?", "The words of the task I could not act on: 'sin'.")
    assert not names_what("What is sin(30)?", "I could not act on it: sin is not mine.")


def test_no_case_is_answered_wrong(results):
    """The target: no false fact and no neighbouring answer given as if asked, on any held-out case."""
    wrong = [f"{CASES[i].name}: {CASES[i].task!r} -> {answer!r}" for i, (v, answer, *_) in results.items() if v == "wrong"]
    assert not wrong, f"{len(wrong)} wrong:\n" + "\n".join(wrong)


def test_figures_are_measured(results):
    """Print the figures; every case got a verdict, and the counts add up."""
    f = figures(results)
    print(f"\nheld-out suite: {f['right']} right, {f['declined']} declined, {f['wrong']} wrong of {f['cases']}; "
          f"answerable {f['answerable']}, of which {f['answerable right']} right; "
          f"{f['declines naming what']} of the {f['declined']} declines name a word of the task")
    assert f["right"] + f["declined"] + f["wrong"] == f["cases"] == len(CASES)
