"""The French mirror of the paraphrase suite (tests/french_cases.py, DEVELOPMENT suite): each French case right or
plainly declined, 0 wrong, and answered in French. `pytest -s` prints the French right / declined figures beside
the English right count on the same cases: parity is a figure to read, not a test.
"""

import re
from collections import Counter

import pytest
from french_cases import CASES_FR, FRENCH, run_case
from paraphrase_cases import CASES
from paraphrase_cases import run_case as run_english
from test_i18n import planner_phrases

from looplab.practice.planner._tools import IN_FRENCH

# the planner's own voice in English: data it quotes (tool results, notes) never says these
ENGLISH_VOICE = re.compile(r"\bI (?:could|cannot|can't|did|do|found|give|read|have|am)\b|\bBased on \d|\bI'm\b|"
                           r"\bas far as I can tell\b")


def english_in(answer: str) -> list[str]:
    """The pieces of the practice model's English found in a reply to a French task."""
    french = " ".join(text for _pattern, text in IN_FRENCH if isinstance(text, str))
    found = [p for p in planner_phrases() if p in answer and p not in french]  # some patterns read French text
    return found + [m[0] for m in ENGLISH_VOICE.finditer(answer)]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Every French case run once: name -> (verdict, answer, facts, false)."""
    root = tmp_path_factory.mktemp("french")
    return {c.name + " / " + c.task: run_case(c, root / f"case-{i:03d}") for i, c in enumerate(CASES_FR)}


def test_the_mirror_is_one_to_one():
    """One French case per English case whose task has a French wording, same data, in the same order."""
    english = [c for c in CASES if c.task in FRENCH]
    assert [c.name + " (fr)" for c in english] == [c.name for c in CASES_FR]
    assert all(c.task == FRENCH[e.task] and c.expect == e.expect == "right" for c, e in zip(CASES_FR, english, strict=True))
    assert len(CASES_FR) >= 100 and len(set(FRENCH.values())) == len(FRENCH)


@pytest.mark.parametrize("index", range(len(CASES_FR)), ids=[c.name for c in CASES_FR])
def test_french_case_is_right_or_plainly_declined_in_french(results, index):
    case = CASES_FR[index]
    outcome, answer, facts, false = results[case.name + " / " + case.task]
    assert outcome != "wrong", f"{case.task!r} -> {answer!r} (facts {facts}, false {false})"
    assert not english_in(answer), f"{case.task!r} -> English {english_in(answer)} in {answer!r}"


def test_counts(results, tmp_path):
    """Print French right / declined / wrong and the English right count on the same cases (parity)."""
    counts = Counter(v for v, *_ in results.values())
    english = [c for c in CASES if c.task in FRENCH]
    english_right = sum(run_english(c, tmp_path / f"en-{i:03d}")[0] == "right" for i, c in enumerate(english))
    print(f"\nFrench mirror (development suite): {counts['right']} right, {counts['declined']} declined, "
          f"{counts['wrong']} wrong of {len(results)}; English on the same cases: {english_right} right")
    assert counts["wrong"] == 0


def test_the_checks_can_fail():
    """English in the planner's voice is caught; quoted English data is not; French declines are declines."""
    from french_cases import verdict

    assert english_in("I could not answer '38' : aucun des outils offerts ne convient.")
    assert not english_in("Dunmara: 27 °C, light rain. 526 * 73 = 38398.")
    assert verdict("Je ne peux pas dire s'il existe.", ["A-1"], []) == "declined"
    assert verdict("Impayées : A-2.", ["A-1"], ["A-2"]) == "wrong"
