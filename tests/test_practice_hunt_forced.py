"""Research cites a sentence only for the thing the question names: a sentence about another thing of the same
kind ('The new bridge') is not an answer about 'the old bridge', whatever the document's heading says."""

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent

BRIDGE = "# The old bridge\n\nThe bridge is 151 metres long. The new bridge, Pont Neuf, built in 1990, is 200 metres long.\n"


def answer(tmp_path, task: str) -> str:
    (tmp_path / "bridge.md").write_text(BRIDGE, encoding="utf-8")
    return run_agent(practice_client(), task, samples.docs_tools(tmp_path)).answer


def test_a_sentence_about_another_thing_of_the_same_kind_is_not_cited(tmp_path):
    """'How long is the old bridge?' also quoted the new bridge's 200 metres: 'old' was dropped as a measure word
    and the heading covered it."""
    said = answer(tmp_path, "How long is the old bridge?")
    assert "151 metres" in said and "200" not in said, said


def test_the_other_thing_is_cited_when_the_question_names_it(tmp_path):
    said = answer(tmp_path, "How long is the new bridge?")
    assert "200 metres" in said and "151" not in said, said
