"""Wordings and data from the forty-fifth session's hunts (par48, res48, ovr48, rec48, api48, exe48)."""

from __future__ import annotations

import ast
import pathlib

import anthropic
import pytest
from conversations import answer, documents

import looplab
from looplab.client import MODEL, practice_client

TOWER = {"tower.md": "# Grey Tower\nA 1998 leaflet says the tower is 80 metres tall. That figure is wrong: the tower "
                     "is 64 metres tall.\nThe tower opens at 10:00.",
         "tour.md": "# La tour Grise\nUn guide de 1998 affirme que la tour compte 400 marches. C'est faux : elle en "
                    "compte 312.\nLa tour ouvre à 10 h."}


@pytest.mark.parametrize(("task", "false"), [
    ("How tall is the Grey Tower?", "80 metres tall. [tower.md]"),
    ("Combien de marches compte la tour Grise ?", "400 marches. [tour.md]")])
def test_a_claim_called_wrong_in_the_next_sentence_ends_the_run_in_an_answer(tmp_path, task, false):
    """'That figure is wrong' after a reported claim made the practice model fail with a 500 (par48 C1): a name
    bound twice in research.py turned a set into a pattern. The claim is never the answer."""
    said = answer(task, documents(tmp_path, TOWER))
    assert said and "internal error" not in said and not said.endswith(false), said


def _bound_twice(path: pathlib.Path) -> set[str]:
    """Module-level names bound twice where the second binding does not read the first (a collision, not a
    rebuild such as `TABLE = {k: v for k, v in TABLE.items()}`)."""
    seen, twice = set(), set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign):
            names = [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
            reads = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
        else:
            names, reads = [node.name] if isinstance(node, ast.FunctionDef | ast.ClassDef) else [], set()
        for name in names:
            if name in seen and name not in reads:
                twice.add(name)
            seen.add(name)
    return twice


def test_no_module_binds_a_name_twice():
    """The collision behind par48 C1 (`BACK`, a set of stems, later a pattern) in any module of looplab."""
    root = pathlib.Path(looplab.__file__).parent
    found = {str(p.relative_to(root)): names for p in sorted(root.rglob("*.py")) if (names := _bound_twice(p))}
    assert not found, found


@pytest.mark.parametrize("page", ["Un guide de 1998 affirme que la tour compte 400 marches. C'est faux.",
                                  "Le fermier déclare que la récolte a doublé.",
                                  "Le rapport affirme qu'il pleut 800 mm par an."])
def test_a_french_text_reporting_what_someone_says_is_no_planted_order(tmp_path, page):
    """'Un guide de 1998 affirme que …' was flagged as an instruction placed for an AI (found beside par48 C1):
    'affirme que' after its subject reports a claim; only at a sentence's start is it an order."""
    said = answer("Que dit la page sur la tour ?", documents(tmp_path, {"page.md": "# La tour\n" + page}))
    assert "instruction" not in said, said


@pytest.mark.parametrize(("extra", "said"), [
    ({}, "'additionalProperties' must be explicitly set to false"),
    ({"additionalProperties": True}, "'additionalProperties: true' is not supported. Please set 'additionalProperties' to false")])
def test_an_object_schema_not_closed_is_refused_as_claude_refuses_it(extra, said):
    """A raw output_config schema whose object leaves out additionalProperties, or sets it true, got a 200 (api48 W02,
    W03, W08); Claude answers 400 with these words. messages.parse closes every object for you."""
    client = practice_client(max_retries=0)
    schema = {"type": "object", "properties": {"total": {"type": "number"}}, "required": ["total"], **extra}
    with pytest.raises(anthropic.BadRequestError) as refused:
        client.messages.create(model=MODEL, max_tokens=100, messages=[{"role": "user", "content": "Total of 2 and 3?"}],
                               output_config={"format": {"type": "json_schema", "schema": schema}})
    assert refused.value.body["error"]["message"].startswith("output_config.format.schema: For 'object' type, " + said)
