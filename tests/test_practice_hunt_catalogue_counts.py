"""Wordings and data from the par44 hunt: W01-W07 (K01, R05, R01, R03, P03, R02, P06), W08 (D06), W09 (C10), W10 (B38)."""

from __future__ import annotations

import json
import re

import pytest
from conversations import answer

from looplab import samples

COURSES = {
    "py": {"title": "Python for Analysts", "modules": ["basics", "pandas", "plots (cancelled)"],
           "note": "module 'plots' moved to the autumn session"},
    "hist": {"title": "History", "modules": ["antiquity (cancelled)", "middle ages (cancelled)"]},
    "phil": {"title": "Philosophy", "modules": ["ethics", "logic (moved to the 'math' course)"]},
    "law": {"title": "Law", "modules": ["contracts", "contracts v2 (replaces contracts)"]},
    "mus": {"title": "Music", "modules": ["TBD"]},
    "chem": {"title": "Chemistry", "modules": ["", "labs"]},
    "stats": {"title": "Statistics", "modules": ["means", "variance", "variance"]},
    "geo": {"title": "Geography", "modules": ["maps", "climate"], "modules_count": 3},
    "art": {"title": "Art", "modules": ["drawing", "painting"], "note": "'painting' to be replaced by 'sculpture'"},
    "math": {"title": "Math", "modules": ["algebra", "geometry"]},
    "fin": {"title": "Finance", "modules": ["budgets", "forecasts"], "status": "cancelled"},
}


def catalogue(tmp_path):
    (path := tmp_path / "catalogue.json").write_text(json.dumps(COURSES), encoding="utf-8")
    return samples.catalogue_tools(path)


@pytest.mark.parametrize(("task", "length", "why"), [
    ("How many modules does the py course have?", 3, "'plots (cancelled)' says more than a name"),
    ("Combien de modules a le cours py ?", 3, "'plots (cancelled)' dit plus qu'un nom ; le champ 'note' en parle"),
    ("How many modules does the hist course have?", 2, "'middle ages (cancelled)' says more than a name"),
    ("How many modules does the phil course have?", 2, "\"logic (moved to the 'math' course)\" says more than a name"),
    ("How many modules does the law course have?", 2, "'contracts v2 (replaces contracts)' says more than a name"),
    ("Combien de modules a le cours mus ?", 1, "'TBD' n'est pas un nom"),
    ("How many modules does the chem course have?", 2, "an item is empty"),
    ("How many modules are there in the stats course?", 3, "'variance' is listed twice"),
    ("How many modules does the geo course have?", 2, "the 'modules_count' field says 3"),
    ("How many modules does the art course have?", 2, "the 'note' field speaks of them")])
def test_a_count_of_a_list_with_items_in_doubt_is_not_given(tmp_path, task, length, why):
    """'Count of modules: 3' counted 'plots (cancelled)', 'TBD', '' and a module moved or replaced (W01-W07): the
    length of the list is no count of modules when an item, or another field, puts one in doubt; the why is named."""
    said = answer(task, catalogue(tmp_path))
    assert f"Count of modules: {length}" not in said and f"Nombre de modules : {length}" not in said, said
    assert why in said and ("I did not count the modules" in said or "Je n'ai pas compté les modules" in said), said
    plain = answer(re.sub(r"\b(?:py|hist|phil|law|mus|chem|stats|geo|art)\b", "math", task), catalogue(tmp_path))  # plain names
    assert ("Count of modules: 2." in plain or "Nombre de modules : 2." in plain) and "pas compté" not in plain, plain
    assert "Count of modules: 2." in answer("How many modules does the fin course have?", catalogue(tmp_path))


@pytest.mark.parametrize("task", ["What's the title of the data course, and how many modules does it have?",
                                  "How many modules does the data course have, and what is its title?"])
def test_an_entrys_own_title_is_not_called_another_entry(task):
    """'I did not look up 'Data Basics', the title the entry names: the task asks about the title, another entry' (W08):
    the title is the entry's own name, asked about, not another entry to look up."""
    said = answer(task, samples.catalogue_tools())
    assert "another entry" not in said and "title: Data Basics" in said, said
    assert "Count of modules: 3." in said or "I could not count 'modules'" in said, said


@pytest.mark.parametrize("task", ["Which course has a module called 'review'?", "Which course contains a module named 'review'?",
                                  "Quel cours a un module appelé 'review' ?"])
def test_a_module_named_is_not_called_an_entrys_title(task):
    """'The task names an entry by its title ('called review')' and the wording 'Look up 'review'' (W09): 'review'
    names a module, and looking it up as a key fails."""
    said = answer(task, samples.catalogue_tools())
    assert "by its title" not in said and "par son titre" not in said and "Look up 'review'" not in said, said
    assert "names something an entry holds" in said or "désigne ce que contient une fiche" in said, said


@pytest.mark.parametrize(("task", "done", "left"), [
    ("How much is 12 % of 50 and of 150?", "12 * 50 / 100 = 6.0", "'of 150': it names no operation of its own"),
    ("Combien font 15 % de 80 et de 120 ?", "15 * 80 / 100 = 12.0", "'de 120' : elle ne nomme aucune opération à elle"),
    ("Divide 100 by 4 and by 5", "100 / 4 = 25.0", "'by 5': it names no operation of its own")])
def test_a_bare_number_after_a_sum_is_not_said_to_fit_no_tool(task, done, left):
    """'I could not answer 'of 150': none of the offered tools (get_weather, calculator) fits it' (W10): the calculator
    fits '12 % of 150'; the part is left because it leans on the one before, and the reason says so."""
    said = answer(task, samples.weather_and_calc())
    assert done in said and left in said and "fits it" not in said and "ne convient" not in said, said
