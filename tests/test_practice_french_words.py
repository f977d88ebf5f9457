"""French tasks read as well as the English ones: the French words a participant uses for what the English path
already reads (a lighthouse, a network, 'au moins', 'ouvertes', 'regarde'), and names passed through as they are."""

from __future__ import annotations

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent


def ask(task: str, tools) -> str:
    return run_agent(practice_client(), task, tools, max_turns=10).answer or ""


def notes(tmp_path):
    (tmp_path / "harbour.md").write_text("# The Port Lenvik lighthouse\n\nThe lighthouse at Port Lenvik was built in 1871.\n"
                                         "It is 27 metres tall. Its beam can be seen 30 kilometres out at sea.\n")
    (tmp_path / "trams.md").write_text("# Trams of Valmora\n\nThe Valmora tram network opened in 1994. It has 4 lines.\n"
                                       "The colour of the trams is blue and yellow.\n")
    (tmp_path / "garden.md").write_text("# Pepper seeds\n\nDried pepper seeds keep for three years. A packet costs 2 EUR.\n")
    return samples.docs_tools(tmp_path)


def test_a_french_research_question_reads_common_words_and_passes_names_through(tmp_path):
    tools = notes(tmp_path)
    assert "1871" in ask("Quand le phare de Port Lenvik a-t-il été construit ?", tools)
    assert "27 metres" in ask("Quelle est la hauteur du phare de Port Lenvik ?", tools)
    assert "1994" in ask("Quand le réseau de tram de Valmora a-t-il ouvert ?", tools)
    assert "blue and yellow" in ask("De quelle couleur sont les trams de Valmora ?", tools)


def test_a_capitalised_first_word_is_no_name(tmp_path):
    """'Arrosez' first in the task is a verb written with a capital, not a name to search for."""
    answer = ask("Arrosez-vous les plantes de Valmora ?", notes(tmp_path))
    assert "Valmora" not in answer.split("mots lus")[0] or "Je ne sais pas" in answer
