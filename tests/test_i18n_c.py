"""looplab's own messages in French (loop, client, mine, sync, history, evaluate, replay, trace, faults) and
the checks of notebooks 08 and 09: wrong answers told in French, French solutions still right."""

import copy
import json
from pathlib import Path

import pytest
from solutions import code_only, defined_in, not_yet

from looplab import faults, practice_client, run_agent, samples
from looplab.client import make_client
from looplab.evaluate import evaluate
from looplab.exercises import PASS, Exercise, ex08, ex09
from looplab.faults.injection import totals
from looplab.history import meter
from looplab.i18n import _, language, set_language
from looplab.mine import keep, load
from looplab.rehearsal import classify
from looplab.replay import load as load_recording
from looplab.sync import main as sync_main
from looplab.trace import clip, format_cost

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
INVOICE_TASK = "In the folder invoices, find the unpaid invoices and give their numbers and the total due."


@pytest.fixture
def french():
    set_language("fr")
    yield
    set_language("en")




def french_of(text: str) -> str:
    set_language("fr")
    try:
        return _(text)
    finally:
        set_language("en")


# --- the loop, its trace and its errors

def test_a_run_that_hits_max_turns_says_so_in_french(french):
    run = run_agent(practice_client(never_stop=True), INVOICE_TASK, samples.invoice_tools(NOTEBOOKS / "data"),
                    max_turns=2)
    text = str(run)
    assert text.startswith("Exécution « max_turns » après 2 tours · ")
    assert "pourquoi elle s'est arrêtée : max_turns=2 atteint avant que le modèle ne réponde ; lisez la trace" in text
    assert "appels d'outils :\n  tour 1 : list_files(" in text
    assert text.endswith("réponse : (aucune)")
    assert "<th>raison d&#x27;arrêt</th>" in run._repr_html_()
    assert clip("abcdefghij", 4, count=True) == "abcd… (6 caractères de plus)"
    assert format_cost(None) == "inconnu"


def test_an_api_error_is_explained_in_french(french):
    client = practice_client(max_retries=0)
    faults.overloaded(client, times=None)
    run = run_agent(client, "Hello", [])
    assert run.status == "error"
    assert "l'appel au modèle du tour 1 a échoué (le SDK l'a retenté quand il le pouvait)" in str(run)
    assert "erreur (tour 1) : OverloadedError (HTTP 529) : Overloaded (practice fault)" in str(run)  # API text: English


def test_run_agent_arguments_are_refused_in_french(french):
    with pytest.raises(ValueError, match=r"^run_agent : max_turns doit être un nombre entier >= 1, pas 0$"):
        run_agent(practice_client(), "Hello", [], max_turns=0)
    with pytest.raises(TypeError, match="^run_agent : task doit être une chaîne non vide"):
        run_agent(practice_client(), "  ", [])


def test_the_backend_line_is_french(french, monkeypatch, capsys):
    monkeypatch.setenv("LOOPLAB_OFFLINE", "1")
    monkeypatch.delenv("LOOPLAB_REPLAY", raising=False)
    monkeypatch.delenv("LOOPLAB_RECORD", raising=False)
    make_client()
    assert capsys.readouterr().out == "Backend : modèle d'entraînement (hors ligne, LOOPLAB_OFFLINE=1).\n"


# --- a participant's own code, carried between notebooks

def test_keep_and_load_speak_french(french, tmp_path, capsys):
    def test(function):
        if not function():
            raise AssertionError("not yet")
        return "ok"

    check = Exercise("Exercise 9.1 — MCP tools as tool definitions", test, "", "")

    def answer():
        return None

    keep(tmp_path / "my_agent_09.py", answer, check=check)
    assert capsys.readouterr().out == (
        "my_agent_09.py non écrit : answer ne passe pas encore (Exercice 9.1 — des outils MCP aux définitions "
        "d'outils : pas encore) ; relancez keep() quand la vérification dira Correct.\n")
    assert load("answer", tmp_path / "my_agent_09.py", instead=None) is None
    assert capsys.readouterr().out.startswith("answer : pas de my_agent_09.py à charger dans ce dossier")

    def answer():  # noqa: F811 - the participant's second try
        return True

    keep(tmp_path / "my_agent_09.py", answer, check=check)
    assert capsys.readouterr().out.startswith("answer conservé dans my_agent_09.py (Exercice 9.1 — des outils MCP")
    assert (tmp_path / "my_agent_09.py").read_text(encoding="utf-8").startswith("# Votre code, conservé par")


# --- measuring and evaluating

def test_an_evaluation_reports_in_french(french, capsys):
    def agent(question):
        return run_agent(practice_client(script=["Hello."]), question, [])

    results = evaluate(agent, ["Hi?", "Hello?"], {"says_hello": lambda run, case: "Hello" in run.answer,
                                                  "says_bye": lambda run, case: "Bye" in run.answer},
                       progress="text")
    assert capsys.readouterr().out.startswith("[1/2] done : Hi?\n")
    assert results.summary() == ("2 vérifications réussies sur 4 ; échecs : says_bye sur 'Hi?', "
                                 "says_bye sur 'Hello?'")
    assert repr(results).splitlines()[0].split() == ["#", "question", "statut", "tours", "outils", "says_hello",
                                                     "says_bye"]
    with pytest.raises(ValueError, match="^evaluate : passez une liste non vide de questions"):
        evaluate(agent, [], {"says_hello": lambda run, case: True})


def test_a_meter_labels_its_rows_in_french(french):
    client = practice_client()
    messages = [{"role": "user", "content": "Hello"}, {"role": "assistant", "content": [{"type": "text", "text": "Hi"}]}]
    text = str(meter(client, messages))
    assert text.splitlines()[0].startswith("tâche ")
    assert text.splitlines()[1].startswith("réponse ")
    assert " = 0,00\u00a0% de la fenêtre de 1\u202f000\u202f000 tokens" in text.splitlines()[-1]  # French numbers


# --- faults, sync, replay

def test_fault_errors_are_french(french, tmp_path):
    client = practice_client()
    with pytest.raises(ValueError, match=r"^délai dépassé : times doit être un nombre entier >= 0 ou None"):
        faults.timeout(client, times=-1)
    with pytest.raises(TypeError, match="^faults : un Tool était attendu, pas un objet function ; décorez"):
        faults.failing(lambda: None)
    with pytest.raises(FileNotFoundError, match="^broken_invoices : pas de fichier 'nope' dans la copie"):
        faults.broken_invoices(tmp_path / "copy", NOTEBOOKS / "data" / "invoices", empty=["nope"])


def test_the_injection_totals_read_in_french(french):
    counts = {"executed": 0, "completed": True}
    rows = [{"case": "x", "guards": {"none": {**counts, "executed": 1}, "default": counts, "allowlist": counts}}]
    assert totals(rows) == ("attaques réussies : 1/1 sans garde, 0/1 garde par défaut, 0/1 approbateur à liste "
                            "blanche ; tâche accomplie sous attaque : 1/1 sans garde, 1/1 garde par défaut, 1/1 "
                            "approbateur à liste blanche")


def test_sync_speaks_the_language_it_is_given(tmp_path, capsys):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "01_a.ipynb").write_text("{}", encoding="utf-8")
    assert sync_main([str(tmp_path / "src"), str(tmp_path / "copy"), "--language", "fr"]) == 0
    assert capsys.readouterr().out == f"{tmp_path / 'copy'} : 1 ajouté(s), 0 mis à jour, 0 des vôtres conservé(s)\n"
    assert language() == "en"  # called from Python, it leaves the caller's language alone
    assert sync_main([str(tmp_path / "src"), str(tmp_path / "copy")]) == 0
    assert capsys.readouterr().out.endswith(": 0 added, 0 updated, 0 of yours kept\n")


def test_a_missing_recording_is_french_and_still_a_replay_failure(french, tmp_path):
    with pytest.raises(ValueError, match="^replay : pas d'enregistrement à ") as error:
        load_recording(tmp_path / "none.json")
    assert classify("ValueError", str(error.value)) == "replay"


# --- the checks of notebooks 08 and 09

PRELUDE = "import copy\nfrom looplab.history import CLEARED as PLACEHOLDER\n"  # what notebook 08 has defined
SOLVED = [(ex08.clear_old, "clear_old", PRELUDE), (ex08.summarize, "summarize_old", PRELUDE),
          (ex09.to_definitions, "to_definitions", ""), (ex09.route, "route", "")]


@pytest.mark.parametrize(("exercise", "name", "prelude"), SOLVED, ids=lambda e: getattr(e, "title", ""))
def test_a_french_solution_changes_only_strings_and_comments_and_passes(french, exercise, name, prelude):
    english, french_text = exercise.solution_text, _(exercise.solution_text)
    assert french_text != english and code_only(french_text) == code_only(english)
    outcome = exercise.evaluate(defined_in(french_text, prelude)[name])
    assert outcome.status == PASS, outcome.message
    assert str(outcome).startswith(f"Correct : Exercice {exercise.title.split()[1]} — ")


def test_clearing_in_place_is_told_in_french(french):
    def clear_in_place(messages, keep=3):
        ids = [b["id"] for m in messages if m["role"] == "assistant" and isinstance(m["content"], list)
               for b in m["content"] if b["type"] == "tool_use"]
        for m in messages:
            for b in m["content"] if isinstance(m["content"], list) else []:
                if b["type"] == "tool_result" and b["tool_use_id"] in ids[:len(ids) - keep]:
                    b["content"] = ex08.CLEARED
        return messages

    assert not_yet(ex08.clear_old, clear_in_place).startswith(
        "clear_old a modifié l'historique qu'on lui a donné ; construisez-en un nouveau (copy.deepcopy(messages) "
        "d'abord)")
    assert not_yet(ex08.clear_old, "clear_old") == \
        "passez votre fonction elle-même : ex08.clear_old.check(clear_old)"


def test_a_summary_too_short_is_told_in_french(french):
    def titles_only(messages, keep=3):
        ids = [b["id"] for m in messages if m["role"] == "assistant" and isinstance(m["content"], list)
               for b in m["content"] if b["type"] == "tool_use"]
        messages = copy.deepcopy(messages)
        for m in messages:
            for b in m["content"] if isinstance(m["content"], list) else []:
                if b["type"] == "tool_result" and b["tool_use_id"] in ids[:len(ids) - keep]:
                    b["content"] = b["content"].splitlines()[0] + "\n[abrégé : le titre seul]"
        return messages

    message = not_yet(ex08.summarize, titles_only)
    assert message.startswith("avec vos résumés la réponse est devenue ")
    assert message.endswith("gardez assez de premières lignes pour les champs de chaque jour (Status est la 9e ligne)")


def test_french_praise_of_08_measures_the_saving(french):
    clear_old = defined_in(_(ex08.clear_old.solution_text), PRELUDE)["clear_old"]
    message = ex08.clear_old.evaluate(clear_old).message
    assert "les anciens résultats sont effacés et les derniers gardés à chaque tour : l'exécution a envoyé " in message
    assert " tokens en entrée au lieu de " in message and "% de moins)." in message


def test_mcp_names_only_is_told_in_french(french):
    assert not_yet(ex09.to_definitions, lambda tools: [t.name for t in tools]) == \
        "to_definitions a renvoyé un list de ['str'] ; renvoyez une liste avec un dict par outil"


def test_a_route_that_hides_the_servers_error_is_told_in_french(french):
    async def route(block, session):
        result = await session.call_tool(block.name, block.input)
        text = "\n".join(c.text for c in result.content if c.type == "text")
        return {"type": "tool_result", "tool_use_id": block.id, "content": text}

    message = not_yet(ex09.route, route)
    assert message.startswith("price(cake) a échoué sur le serveur (result.is_error valait True) mais votre "
                              "tool_result ne le dit pas")


def test_french_hints_and_praise_of_09(french, capsys):
    ex09.route.hint()
    assert capsys.readouterr().out.startswith("Indice (Exercice 9.2 — acheminer un tool_use vers le serveur) : "
                                              "await session.call_tool(block.name, block.input) ; joignez")
    outcome = ex09.to_definitions.evaluate(defined_in(ex09.to_definitions.solution_text)["to_definitions"])
    assert "définitions acceptées par l'API ; l'appel du modèle price(" in outcome.message



# --- exercise 8.0 (the manage hook in the participant's own loop)

LOOP_PRELUDE = ("import anthropic\nfrom looplab import MODEL\n"
                "ENDINGS = {'end_turn': 'done', 'stop_sequence': 'done', 'max_tokens': 'truncated', "
                "'refusal': 'refused', 'model_context_window_exceeded': 'context_exceeded'}\n")


def test_the_french_hook_solution_changes_only_comments_and_passes(french):
    english, french_text = ex08.manage.solution_text, _(ex08.manage.solution_text)
    assert french_text != english and code_only(french_text) == code_only(english)
    outcome = ex08.manage.evaluate(defined_in(french_text, LOOP_PRELUDE)["my_loop"])
    assert outcome.status == PASS, outcome.message
    assert outcome.message.startswith("Exercice 8.0 — un hook pour l'historique : manage a tourné avant chacune des 7 requêtes, et ce qu'il a renvoyé a été "
                                      "envoyé et gardé ; tool_choice a atteint chaque requête ; 18 exécutions")


def test_a_hook_called_when_none_and_a_loop_without_hook_are_told_in_french(french):
    always = ex08.MANAGE_SOLUTION.replace("        if manage is not None:\n            messages = manage(messages)",
                                          "        messages = manage(messages)")
    assert always != ex08.MANAGE_SOLUTION
    assert not_yet(ex08.manage, defined_in(always, LOOP_PRELUDE)["my_loop"]) == (
        "sans manage, votre boucle a appelé manage, qui vaut None ; ne l'appelez que s'il est donné : "
        "if manage is not None: messages = manage(messages)")
    without = ex08.MANAGE_SOLUTION.replace("manage=None, **request):", "manage=None):")
    assert not_yet(ex08.manage, defined_in(without, LOOP_PRELUDE)["my_loop"]).startswith(
        "my_loop ne prend pas de **request ; ajoutez-le en dernier")


FRENCH_EDITION = {"08_contexte.ipynb": [ex08.manage, ex08.clear_old, ex08.summarize],
                  "09_mcp.ipynb": [ex09.to_definitions, ex09.route]}


@pytest.mark.parametrize("notebook", sorted(FRENCH_EDITION))
def test_the_french_notebooks_solution_cells_start_with_the_french_solutions(notebook):
    """What solution() prints in French is the code the French solved notebook runs (then maybe a line showing it)."""
    path = NOTEBOOKS.parent / "notebooks-fr" / notebook
    if not path.exists():
        pytest.skip(f"notebooks-fr/{notebook} is not in this branch yet")
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
             if "starter" in c["metadata"].get("looplab", {})]
    exercises = FRENCH_EDITION[notebook]
    for cell, exercise in zip(cells, exercises, strict=True):
        assert "".join(cell["source"]).startswith(french_of(exercise.solution_text)), exercise.title


def test_looplab_tools_describe_themselves_in_french_and_a_participants_tool_as_written(french):
    """The sample tools' descriptions and parameter notes come from the catalogue; a tool a participant writes keeps
    its own docstring, whatever the language."""
    from looplab.tools import tool

    weather, calculator = samples.weather_and_calc()
    assert weather.description.startswith("Donne la météo actuelle d'une ville")
    assert weather.input_schema["properties"]["city"]["description"] == "Nom de la ville, par exemple Paris."
    assert all(t.description[0].isupper() and " the " not in t.description for t in
               [calculator, *samples.invoice_tools("."), *samples.catalogue_tools(), *samples.action_tools([])])

    @tool
    def shout(text: str) -> str:
        """Return the text in capitals.

        Args:
            text: The text to shout.
        """
        return text.upper()

    assert shout.description == "Return the text in capitals."
    assert shout.input_schema["properties"]["text"]["description"] == "The text to shout."
