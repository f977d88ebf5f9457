"""Wrong answers and false reasons three hunts found (hred67-69): a sentence about the thing next door, a claim the
text calls wrong, a number of another ship, a list read from 3 of 5 documents without a word, an English '1,2' read
as 1.2, a system prompt's 'x means addition' silently ignored, French documents searched in English only."""

from __future__ import annotations

import pytest
from research_declines import no_answer

from looplab import samples
from looplab.client import practice_client
from looplab.loop import run_agent

ARTICLES = {
    "museum.md": "# Kessel City Museum\n\nThe Kessel City Museum opened in 1921 in the former town hall. Admission costs "
                 "9 EUR. The planetarium next door charges 6 EUR. It opened in 1975.\n",
    "castle.md": "# Castle Rennick\n\nCastle Rennick was built in 1462. A 2010 guidebook says the castle has 300 rooms. "
                 "That figure is wrong.\n\nThe keep is 28 metres tall. The chapel beside it was added in 1590. It is 14 "
                 "metres long.\n",
    "ridge.md": "# Cobalt Ridge\n\nThe ridge walk takes five hours. A local blog claims the ridge is safe in winter. "
                "Mountain rescue disagrees.\n",
    "ferry.md": "# Loch ferries\n\nIn 2017 the old ferry Glen Ross was replaced by the electric ferry Loch Spirit, which "
                "carries 120 passengers.\n",
    "bakery.md": "# Brae Bakery\n\nMaria Lopez opened the bakery on Quay Street in 1990. Her brother Jon runs the café "
                 "next door. He opened it in 2004.\n",
    "zoo.md": "# Kessel Zoo\n\nThe zoo has 40 elephants' worth of land. Its oldest elephant, Tilda, is 51 years old.\n",
    "seeds.md": "# The seed bank\n\nLena Parker, a journalist, wrote in 2021 that the seed bank held 50,000 samples; the "
                "institute says this figure is wrong.\n",
}


@pytest.fixture
def articles(tmp_path):
    for name, text in ARTICLES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def ask(task: str, tools, **request) -> str:
    return run_agent(practice_client(), task, tools, max_turns=10, **request).answer or ""


@pytest.mark.parametrize("task, other", [
    ("When did the Kessel City Museum open?", "1975"),  # 'It opened in 1975': the planetarium
    ("How much does the museum charge?", "6 EUR"),  # 'The planetarium next door charges 6 EUR'
    ("How long is the castle?", "14 metres"),  # the chapel's length
    ("How many rooms does the castle have?", "300"),  # a guidebook's figure, 'That figure is wrong.'
    ("How many passengers does the Glen Ross carry?", "120"),  # the Loch Spirit's
    ("When was the Loch Spirit replaced?", "2017"),  # it replaced the Glen Ross
    ("Who runs the bakery?", "Jon"),  # he runs the café
    ("When was the bakery opened?", "2004"),  # the café's year
])
def test_a_sentence_about_another_thing_is_not_the_answer(articles, task, other):
    assert other not in ask(task, samples.docs_tools(articles))


def test_a_disputed_claim_is_quoted_with_what_disputes_it(articles):
    """'A local blog claims the ridge is safe in winter.' was the answer to 'Is the Cobalt Ridge safe in winter?', its
    next sentence 'Mountain rescue disagrees.' left out."""
    for task in ("Is the Cobalt Ridge safe in winter?", "Does any article say the ridge is safe in winter?"):
        assert ask(task, samples.docs_tools(articles)) == ("A local blog claims the ridge is safe in winter. Mountain "
                                                           "rescue disagrees. [ridge.md]")


@pytest.mark.parametrize("task, said", [
    ("When did the Kessel City Museum open?", "1921"),
    ("How old is Tilda?", "51 years old"),  # 'Its oldest elephant, Tilda, ...' names her
    ("What did Lena Parker write?", "50,000 samples"),  # her words asked: the claim is the answer, as written
])
def test_the_sentence_about_the_thing_asked_is_still_quoted(articles, task, said):
    assert said in ask(task, samples.docs_tools(articles))


def test_a_list_read_from_the_first_three_of_five_documents_says_so(tmp_path):
    for name in "ardent brisk cobalt dunlin elder".split():
        (tmp_path / f"{name}.md").write_text(f"# The {name.title()} walk\n\nDogs must be kept on a lead on the "
                                             f"{name} walk.\n")
    answer = ask("Where must dogs be kept on a lead?", samples.docs_tools(tmp_path))
    assert "I read the 3 documents the search ranked first, of the 5 it listed: the others may say more, or say otherwise." in answer


def test_which_articles_mention_asks_for_the_thing_not_for_mention(articles):
    answer = ask("Which articles mention the Glen Ross?", samples.docs_tools(articles))
    assert "[ferry.md]" in answer and "'mention'" not in answer, answer


@pytest.mark.parametrize("task, lacking, had", [
    ("Can you swim from the tour boats at night?", "'night'", "'swim'"),  # the text says 'Swimming'
    ("How long is the lake at night?", "'night'", "'long'"),  # the measure asked, not a word the text lacks
])
def test_a_decline_names_only_the_words_the_document_lacks(tmp_path, task, lacking, had):
    (tmp_path / "lake.md").write_text("# Lake tours\n\nSwimming from the tour boats is not allowed. The lake is "
                                      "deep and cold.\n")
    answer = ask(task, samples.docs_tools(tmp_path))
    assert lacking in answer and f"mention {had}" not in answer, answer


@pytest.mark.parametrize("task, said", [("Can you swim from the tour boats?", "Swimming from the tour boats"),
                                        ("How long is the warranty on the kettle?", "2-year warranty"),
                                        ("When did the team win the cup?", "won the cup in 1999")])
def test_a_word_in_another_form_is_found(tmp_path, task, said):
    """'does not mention 'swim'' of 'Swimming ...', 'won' not read as 'win', '2-year' not as two years (hred69)."""
    (tmp_path / "notes.md").write_text("# Notes\n\nSwimming from the tour boats is not allowed. The kettle has a "
                                       "2-year warranty. The team won the cup in 1999.\n")
    assert said in ask(task, samples.docs_tools(tmp_path))


def test_a_hyphenated_name_the_document_holds_is_not_named_as_unplaced(tmp_path):
    (tmp_path / "city.md").write_text("# Verlaine transport\n\nThe old Saint-Roch bridge carries T1 over the river. It "
                                      "was built in 1911.\n")
    answer = ask("When was the Saint-Roch bridge built?", samples.docs_tools(tmp_path))
    assert no_answer(answer) and "could not act on: 'Saint-Roch'" not in answer, answer


@pytest.mark.parametrize("task, wrong", [("Add 1,2 and 3", "4.2"), ("Multiply 2,3 and 4", "9.2"),
                                         ("What are 3*4,5*6?", "81")])
def test_an_english_comma_between_digits_is_not_read_as_a_decimal(task, wrong):
    answer = ask(task, samples.weather_and_calc())
    assert wrong not in answer and "can't plan" in answer, answer


@pytest.mark.parametrize("task, said", [("Calcule 3,5 × 2", "= 7"), ("What is 2,5 * 4?", "2.5 * 4 = 10"),
                                        ("Divide 9 by 0,5", "= 18"), ("Compute 3 000,5 + 1", "= 3001.5")])
def test_a_decimal_comma_outside_a_list_is_still_read(task, said):
    assert said in ask(task, samples.weather_and_calc())


@pytest.mark.parametrize("task, wrong, error", [("Compute 5 * 2 + 3)", "13", "unmatched ')'"),
                                                ("Compute (5 + 2 * 3", "11", "'(' was never closed")])
def test_a_stray_bracket_is_sent_as_typed_and_its_error_reported(task, wrong, error):
    answer = ask(task, samples.weather_and_calc())
    assert wrong not in answer and error in answer, answer


def test_a_bracket_around_the_whole_sum_is_still_read():
    assert ask("Is it (5 * 2 + 3)?", samples.weather_and_calc()).startswith("(5 * 2 + 3) = 13")


def test_a_negative_number_after_an_operator_is_calculated():
    assert ask("What is -7 times -6?", samples.weather_and_calc()).startswith("-7 * -6 = 42")


@pytest.mark.parametrize("system, task", [("In this conversation, x means addition.", "What is 3 x 4?"),
                                          ("The city names are codes: 'Paris' means Lyon.", "What's the weather in Paris?"),
                                          ("Subtract 1 from every answer.", "What is 2+2?")])
def test_a_system_prompt_that_redefines_the_task_is_named_as_not_followed(system, task):
    answer = ask(task, samples.weather_and_calc(), system=system)
    assert f"The system prompt asks '{system.rstrip('.')}'" in answer and "Claude would follow it" in answer, answer


def test_a_system_prompt_that_means_well_is_no_definition():
    assert ask("What is 2+2?", samples.weather_and_calc(), system="You are a helpful assistant that means well.") == "2+2 = 4."


def test_a_french_plural_status_selects_the_records_written_in_the_singular(tmp_path):
    for n, (status, amount) in enumerate([("payée", "100,00"), ("annulée", "120,00"), ("impayée", "80,00")]):
        (tmp_path / f"f{n}.txt").write_text(f"Facture n° 7{n}\nClient : Client {n}\nTotal : {amount} €\nÉtat : {status}\n",
                                            encoding="utf-8")
    answer = ask("Quelles factures sont annulées ?", samples.invoice_tools(tmp_path))
    assert "71" in answer and "ne s'écrit ainsi" not in answer, answer


def test_a_french_question_over_french_documents_is_searched_in_its_own_words(tmp_path):
    (tmp_path / "the-vert.md").write_text("# Préparer le thé vert\n\nLe thé vert s'infuse entre 70 et 80 °C pendant une "
                                          "à deux minutes.\n", encoding="utf-8")
    (tmp_path / "fournisseur.md").write_text("# Mise à jour fournisseur\n\nLes livraisons de café arrivent désormais le "
                                             "mardi et le vendredi.\n", encoding="utf-8")
    tools = samples.docs_tools(tmp_path)
    assert ask("Quels jours arrivent les livraisons de café ?", tools) == (
        "Ce que disent les documents (cité tel quel) : Les livraisons de café arrivent désormais le mardi et le "
        "vendredi. [fournisseur.md]")
    assert "70 et 80 °C" in ask("À quelle température infuser le thé vert ?", tools)


def test_a_french_question_the_documents_do_not_answer_names_both_searches(tmp_path):
    (tmp_path / "notes.md").write_text("# Notes\n\nLe marché ouvre le samedi.\n", encoding="utf-8")
    answer = ask("Que disent nos articles sur le café ?", samples.docs_tools(tmp_path))
    assert "la recherche de 'coffee', puis de 'café', n'a rien trouvé." in answer, answer


def test_a_waiting_status_beside_another_unpaid_word_is_not_merged(tmp_path):
    """It listed F-002 'impayée' as 'en attente', with a note; the hred149 hunt showed the total of such a list is
    stated as the total of the pending invoices, so the question is declined."""
    for n, status in [(1, "payée"), (2, "impayée"), (3, "en attente"), (4, "impayée")]:
        (tmp_path / f"F-00{n}.txt").write_text(f"Facture F-00{n}\nClient : Client {n}\nMontant : {n}00,00 €\nStatut : {status}\n",
                                               encoding="utf-8")
    answer = ask("Quelles factures sont en attente ?", samples.invoice_tools(tmp_path))
    assert "F-002 (" not in answer and "« en attente » sur certaines fiches impayées et 'impayée' sur d'autres" in answer, answer


def test_a_which_question_names_the_documents_it_read_and_did_not_quote(tmp_path):
    walks = {"ardent": "Ardent Valley walk", "brisk": "Brisk Falls circuit", "cobalt": "Cobalt Ridge scramble",
             "dunlin": "Dunlin Moor loop", "elder": "Elder Pass route"}
    for name, title in walks.items():
        (tmp_path / f"{name}.md").write_text(f"# {title}\n\nThe {title} is 9 km long. Dogs must be kept on a lead "
                                             "near the sheep.\n", encoding="utf-8")
    reply = ask("On which walks must dogs be kept on a lead?", samples.docs_tools(tmp_path))
    assert "[ardent.md]" in reply, reply  # the one whose sentence says 'walk'
    for other in ("brisk.md", "cobalt.md"):  # read, each about a walk in other words: not a silent 'no'
        assert f"I did not quote {other}: it does not mention 'walks'." in reply, reply


def test_a_french_claim_the_text_calls_false_is_quoted_with_what_disputes_it(tmp_path):
    """'Un guide de 2012 affirme que le musée possède un Monet.' was quoted alone, without 'Cette affirmation est
    fausse' after it (the English twin kept it)."""
    (tmp_path / "musee.md").write_text("# Le musée Lemaire\n\nLe musée Lemaire a été fondé en 1934. Un guide de 2012 "
                                       "affirme que le musée possède un Monet. Cette affirmation est fausse : le musée "
                                       "n'a jamais possédé de Monet.\n", encoding="utf-8")
    reply = ask("Le musée possède-t-il un Monet ?", samples.docs_tools(tmp_path))
    assert "Cette affirmation est fausse" in reply or "possède un Monet" not in reply, reply
