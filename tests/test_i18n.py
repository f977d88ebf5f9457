"""looplab's messages in French: one catalogue, complete, with the same fields; chosen by the notebook."""

import ast
import html
import json
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po as babel_read_po

from looplab import i18n, samples
from looplab.exercises import FAIL, PASS, UNATTEMPTED, Exercise, Outcome
from looplab.i18n import _, read_po, set_language
from looplab.practice.planner._tools import IN_FRENCH
from looplab.tools import _parse_docstring

SRC = Path(i18n.__file__).resolve().parent
PO = SRC / "locale" / "fr.po"


@pytest.fixture
def french():
    set_language("fr")
    yield
    set_language("en")


def marked() -> dict[str, str]:
    """Every message the code marks with _() or N_(), with where it is first marked."""
    found = {}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "N_") and node.args:
                first = node.args[0]
                where = f"{path.relative_to(SRC.parent)}:{node.lineno}"
                assert not isinstance(first, (ast.JoinedStr, ast.BinOp)), \
                    f"{where}: _() takes the English text as written (fields as keywords), not an f-string"
                if isinstance(first, ast.Constant):  # else a variable holding a message marked N_() elsewhere
                    found.setdefault(first.value, where)
            if isinstance(node, ast.FunctionDef) and any("tool" in (getattr(d, "id", None), getattr(getattr(d, "func", None), "id", None))
                                                          for d in node.decorator_list):
                description, params = _parse_docstring(ast.get_docstring(node, clean=False) or "")  # as @tool reads it
                for text in [description, *params.values()]:  # a @tool's description is translated when built
                    found.setdefault(text, f"{path.relative_to(SRC.parent)}:{node.lineno}")
    return found


def fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def test_our_reader_reads_the_catalogue_as_babel_does():
    with open(PO, "rb") as f:
        theirs = {m.id: m.string for m in babel_read_po(f) if m.id and m.string and not m.fuzzy}
    assert read_po(PO.read_text(encoding="utf-8")) == theirs


def test_every_marked_message_has_a_french_translation():
    catalogue = read_po(PO.read_text(encoding="utf-8"))
    missing = [f"{where}: {msg!r}" for msg, where in marked().items() if msg not in catalogue]
    assert not missing, f"{len(missing)} messages have no French in {PO.name}:\n" + "\n".join(missing[:40])


def test_the_catalogue_holds_nothing_the_code_does_not_use():
    unused = set(read_po(PO.read_text(encoding="utf-8"))) - set(marked())
    assert not unused, f"{PO.name} translates messages no code marks: {sorted(unused)[:20]}"


def test_translations_keep_the_fields_of_their_message():
    for msg, text in read_po(PO.read_text(encoding="utf-8")).items():
        assert fields(text) == fields(msg), f"{msg!r}: the French has fields {fields(text)}, not {fields(msg)}"


def test_english_by_default_and_french_when_the_notebook_asks(french):
    assert str(Outcome(FAIL, "x")) == "Pas encore : x"
    set_language("en")
    assert [str(Outcome(s, "x")) for s in (PASS, FAIL, UNATTEMPTED)] == \
        ["Correct: x", "Not yet: x", "Not attempted: x"]


def test_the_machine_locale_alone_changes_nothing():
    env = {**os.environ, "LANG": "fr_FR.UTF-8", "LC_ALL": "fr_FR.UTF-8", "LANGUAGE": "fr"}
    code = "from looplab.i18n import language, _; print(language(), _('Not yet'))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["en", "Not", "yet"]


def test_an_unknown_language_is_one_line_that_says_what_to_choose():
    with pytest.raises(ValueError, match=r"no messages in 'de'; choose one of 'en' \(English\), 'fr'"):
        set_language("de")
    assert i18n.language() == "en"


def test_a_check_speaks_french_with_the_participants_error_in_it(french):
    def test(answer):
        answer()
        return "bien"

    exercise = Exercise("Exercice 9.9", test, "un indice", "une solution")
    assert str(exercise.evaluate(...)).startswith("Pas encore tenté : Exercice 9.9 : remplacez les ...")
    outcome = exercise.evaluate(lambda: {}["clé"])
    assert outcome.status == FAIL and "votre code a levé KeyError : 'clé' (test_i18n.py ligne" in outcome.message


def test_fields_with_braces_in_their_values_are_safe(french):
    assert _("your code raised {error}: {message}", error="ValueError", message="{x}") == \
        "votre code a levé ValueError : {x}"


NOTEBOOKS_FR = sorted(SRC.parent.parent.glob("notebooks-fr/[0-9][0-9]_*.ipynb")) + \
    sorted(SRC.parent.parent.glob("workshop-fr/[0-9][0-9]_*.ipynb"))


def english_phrases() -> dict[str, str]:
    """Sentence-long pieces of the catalogue's English (the text between its fields), each with its message,
    for the messages whose French differs: seeing one in a French output means looplab spoke English there."""
    weather, _calc = samples.weather_and_calc()
    data = weather.handler(city="Lyon")  # a sample tool's result is data, as the invoices are, even when a script quotes it
    phrases = {}
    for msg, text in read_po(PO.read_text(encoding="utf-8")).items():
        if text == msg:
            continue
        for literal, *_rest in string.Formatter().parse(msg):
            literal = literal.strip(" .;:,'()")
            if len(literal.split()) >= 4 and literal not in text and literal not in data:
                phrases.setdefault(literal, msg)
    return phrases


def planner_phrases() -> dict[str, str]:
    """Pieces of four words or more of the practice model's English that its replies to a French task translate
    (planner/_tools.IN_FRENCH): seeing one in a French output means it answered a French task in English."""
    phrases = {}
    for pattern, _french in IN_FRENCH:
        for piece in re.split(r"\(.*?\)|\\.|[\[\]^$|?*+]", pattern):
            piece = piece.strip(" .;:,'")
            if len(piece.split()) >= 4 and not re.search(r"[()\\{}]", piece):
                phrases.setdefault(piece, pattern)
    return phrases


def shown(output: dict) -> str:
    """What a stored output shows a participant, as text (HTML unescaped, no colour codes)."""
    data = output.get("data", {})
    parts = [output.get("text", ""), data.get("text/plain", ""), html.unescape(str(data.get("text/html", ""))),
             output.get("evalue", ""), "\n".join(output.get("traceback", []))]
    return re.sub(r"\x1b\[[0-9;]*m", "", "\n".join("".join(p) if isinstance(p, list) else p for p in parts))


def english_in(path: Path, phrases: dict[str, str]) -> list[str]:
    """'<notebook> cell <n>: <phrase>' for each catalogue phrase shown in English by a French notebook's outputs."""
    found = []
    for n, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        text = "\n".join(shown(o) for o in cell.get("outputs", []))
        found += [f"{path.parent.name}/{path.name} cell {n}: {p!r}" for p in phrases if p in text]
    return found


def test_english_phrases_are_taken_from_between_the_fields():
    assert "was not approved, so it" in planner_phrases() and "As a tool result told me to, I called" in planner_phrases()
    phrases = english_phrases()
    assert phrases["was not approved; it did not run"] == "call to {name} was not approved; it did not run."
    assert "pass a name inside it" in phrases and "leaves the folder" not in phrases  # under four words: no sentence


@pytest.mark.parametrize("path", NOTEBOOKS_FR, ids=[f"{p.parent.name}/{p.name[:2]}" for p in NOTEBOOKS_FR])
def test_french_notebooks_show_no_english_message_of_looplab(path):
    found = english_in(path, {**english_phrases(), **planner_phrases()})
    assert not found, f"{len(found)} outputs in English, from looplab's catalogue or the practice model:\n" + "\n".join(found[:20])


def test_numbers_are_written_as_the_language_writes_them(french):
    from looplab.i18n import number

    cases = [(1850, ""), (200_000, ","), (0.0056, ".2%"), (3.5, ""), (0.0173, ".4f"), (2382, ">6"), (1e100, "g")]
    assert [number(v, s) for v, s in cases] == \
        ["1\u202f850", "200\u202f000", "0,56\u00a0%", "3,5", "0,0173", " 2\u202f382", "1e+100"]
    assert _("${cost}", cost=number(0.0173, ".4f")) == "0,0173 $"
    set_language("en")
    assert [number(v, s) for v, s in cases] == [format(v, s) for v, s in cases]  # English as format() writes it
    assert number(True) == "True" and number("12") == "12"


def test_a_tool_input_error_is_in_the_notebooks_language():
    """jsonschema writes English; the Toolbox tells a French notebook's model the common cases in French."""
    from looplab import samples
    from looplab.tools import Toolbox

    box = Toolbox(samples.weather_and_calc())
    try:
        set_language("fr")
        said = [box.check("get_weather", given) for given in ({}, {"city": 3}, {"city": "Lyon", "x": 1})]
    finally:
        set_language("en")
    assert "'city' est une propriété obligatoire" in said[0] and "3 n'est pas du type 'string'" in said[1]
    assert "propriétés supplémentaires non autorisées ('x')" in said[2]
    assert "'city' is a required property" in box.check("get_weather", {})  # English is jsonschema's own
