"""The checks of notebooks 00-03 and the widgets in French: wrong answers told in French, French
solutions still right, widget labels and messages in French."""

import ast
import json
import re
import string
from pathlib import Path

import pytest
from solutions import ODD_ANSWERS, code_only, defined_in, not_yet

from looplab import MODEL, practice_client
from looplab.exercises import PASS, ex00, ex01, ex02, ex03
from looplab.exercises._loops import guarded, request_problem
from looplab.i18n import _, catalogue, read_po, set_language
from looplab.loop import run_agent
from looplab.practice import transport_of
from looplab.practice.script import call
from looplab.samples import action_tools, weather_and_calc
from looplab.tools import Toolbox
from looplab.widgets import ApprovalGate, FaultPanel, Timeline, cost_plot
from looplab.widgets.plot import CostChart

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
FRENCH_TASK = catalogue("fr")[ex03.INVOICE_TASK]  # the invoice task as the French notebook 03 words it
BUDGET_PRELUDE = ("from looplab import MODEL, practice_client, run_agent, samples\n"
                  "from looplab.trace import usage_per_turn\n"
                  f"INVOICE_TASK = {FRENCH_TASK!r}\n"
                  "invoices = samples.invoice_tools('data')\n"
                  "runaway = run_agent(practice_client(never_stop=True), INVOICE_TASK, invoices, max_turns=5)\n")
EDITIONS = [("00_start_here.ipynb", "00_commencer_ici.ipynb", [ex00.first_text, ex00.total_tokens]),
            ("01_tools.ipynb", "01_outils.ipynb", [ex01.word_count, ex01.answer_tool_calls]),
            ("02_the_loop.ipynb", "02_la_boucle.ipynb", [ex02.validate, ex02.my_loop]),
            ("03_stop_reasons_and_budgets.ipynb", "03_arrets_et_budgets.ipynb",
             [ex03.verdicts, ex03.loop_status, ex03.prediction, ex03.budget_loop, ex03.budget])]
ENDINGS_CODE = ex03.loop_status.solution_text.split("\n\n\n")[0] + "\n"
SOLVED = [  # (exercise, the name its solution defines, what the notebook has defined before it)
    (ex00.first_text, "first_text", ""),
    (ex00.total_tokens, "total_tokens", ""),
    (ex01.word_count, "word_count", "from looplab import tool\n"),
    (ex01.answer_tool_calls, "answer_tool_calls", ""),
    (ex02.validate, "validate", "TOOLS = {'lookup': lambda key: None}\n"),
    (ex02.my_loop, "my_loop", "from looplab import MODEL\n"),
    (ex03.verdicts, "verdicts", ""),
    (ex03.loop_status, "my_loop", "from looplab import MODEL\n"),
    (ex03.prediction, "prediction", ""),
    (ex03.budget_loop, "my_loop", "from looplab import MODEL\n" + ENDINGS_CODE),
    (ex03.budget, "budget", BUDGET_PRELUDE),
]


@pytest.fixture
def french(monkeypatch):
    monkeypatch.chdir(NOTEBOOKS)  # the budget check reads data/invoices, as from the notebook's kernel
    set_language("fr")
    yield
    set_language("en")


def test_each_message_is_translated_once():
    """gettext's msgfmt refuses a catalogue that defines a message twice (as merged branches may leave it)."""
    po = (ROOT / "src" / "looplab" / "locale" / "fr.po").read_text(encoding="utf-8")
    ids = [next(iter(read_po(entry + '\nmsgstr "x"')), None) for entry in re.split(r"\n\s*\n", po)]
    twice = sorted({i for i in ids if i and ids.count(i) > 1})
    assert not twice, f"fr.po defines these messages more than once; keep one entry each: {twice}"




@pytest.mark.parametrize("exercise", [e for e, _name, _prelude in SOLVED], ids=lambda e: e.title)
def test_a_french_solution_changes_only_strings_and_comments(exercise):
    english = exercise.solution_text
    set_language("fr")
    try:
        french = _(english)
    finally:
        set_language("en")
    assert french != english, "the solution has no French"
    assert code_only(french) == code_only(english)


@pytest.mark.parametrize(("exercise", "name", "prelude"),
                         SOLVED,
                         ids=[e.title for e, _name, _prelude in SOLVED])
def test_a_french_solution_passes_its_check_in_french(french, exercise, name, prelude):
    answer = defined_in(_(exercise.solution_text), prelude)[name]
    outcome = exercise.evaluate(answer)
    assert outcome.status == PASS, outcome.message
    assert str(outcome).startswith(f"Correct : Exercice {exercise.title.split()[1]} — ")


def solution_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if "starter" in c["metadata"].get("looplab", {})]


@pytest.mark.parametrize(("english", "french_nb", "exercises"), EDITIONS, ids=[e[:2] for e, _f, _x in EDITIONS])
def test_the_french_notebooks_run_the_french_solutions(english, french_nb, exercises):
    """Each solution cell of the French edition is what solution() prints in French (then, as in English,
    maybe a line that shows the result)."""
    set_language("fr")
    try:
        published = [_(exercise.solution_text) for exercise in exercises]
    finally:
        set_language("en")
    pairs = zip(solution_cells(NOTEBOOKS / english), solution_cells(ROOT / "notebooks-fr" / french_nb),
                exercises, published, strict=True)
    for english_cell, french_cell, exercise, french in pairs:
        shown = english_cell.removeprefix(exercise.solution_text)
        assert french_cell == french + shown, exercise.title


def test_the_budget_check_runs_the_task_of_the_notebooks_language():
    """The check measures the invoice task the participant ran: in French, the French notebook's wording."""
    cells = json.loads((ROOT / "notebooks-fr" / "03_arrets_et_budgets.ipynb").read_text(encoding="utf-8"))["cells"]
    assigned = [node.value for c in cells if c["cell_type"] == "code"
                for node in ast.walk(ast.parse("".join(c["source"])))
                if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "INVOICE_TASK"]
    assert [ast.literal_eval(value) for value in assigned] == [FRENCH_TASK]


def test_french_titles_hints_and_solutions_are_printed(french, capsys):
    ex02.validate.hint()
    ex02.validate.solution()
    out = capsys.readouterr().out
    assert out.startswith("Indice (Exercice 2.1 — validate) : Vérifiez dans l'ordre, en levant ValueError")
    assert "Solution (Exercice 2.1 — validate) :\ndef validate(action, key):" in out
    assert 'raise ValueError("la clé doit être une chaîne de 1 à 32 caractères")' in out


def test_first_text_that_reads_the_first_block_is_told_in_french(french):
    message = not_yet(ex00.first_text, lambda m: m.content[0].text)
    assert "pour une réponse dont le premier bloc est un tool_use (blocs ['tool_use', 'text']), " \
           "votre code a levé AttributeError" in message
    assert "vérifiez block.type == 'text' avant de lire block.text" in message


def test_total_tokens_without_the_cache_is_told_in_french(french):
    message = not_yet(ex00.total_tokens, lambda m: m.usage.input_tokens + m.usage.output_tokens)
    assert "pour une réponse qui a écrit son prompt système dans le cache (input_tokens=" in message
    assert "— ajoutez aussi cache_creation_input_tokens : chaque token lu ou écrit compte" in message


def test_a_word_count_without_tool_is_told_in_french(french):
    def word_count(text: str) -> int:
        return len(text.split())

    assert not_yet(ex01.word_count, word_count) == \
        "reçu un objet function, pas un Tool ; mettez @tool sur la ligne au-dessus de def word_count"


def test_answering_only_the_first_call_is_told_in_french(french):
    def first_only(message, toolbox):
        block = next(b for b in message.content if b.type == "tool_use")
        return {"role": "user", "content": [toolbox.execute(block).result]}

    message = not_yet(ex01.answer_tool_calls, first_only)
    assert message.startswith("pour une réponse avec du texte, puis deux appels d'outils : les ids tool_use de la "
                              "réponse sont ")
    assert "sans réponse)" in message
    assert message.endswith("sans réponse) ; envoyez exactement un tool_result par bloc tool_use, avec l'id de "
                            "ce bloc")


def test_a_validate_that_checks_names_only_is_told_in_french(french):
    def names_only(action, key):
        if action.get("name") != "lookup":
            raise ValueError("pas enregistré")

    message = not_yet(ex02.validate, names_only)
    assert message.startswith("pour une proposition qui n'est pas un dict (['lookup', 'ai']), votre code a levé "
                              "AttributeError")
    assert "vérifiez d'abord la forme et levez ValueError" in message


def test_a_loop_without_a_cap_is_told_in_french(french):
    def no_cap(client, task, toolbox, max_turns=10):
        messages = [{"role": "user", "content": task}]
        while True:
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason != "tool_use":
                return messages
            messages.append({"role": "user", "content": [toolbox.execute(b).result for b in reply.content
                                                         if b.type == "tool_use"]})

    assert not_yet(ex02.my_loop, no_cap) == ("avec max_turns=3, votre boucle a appelé le modèle plus de 25 fois ; "
                                             "comptez les tours et arrêtez-vous à max_turns")


def test_a_stop_reason_as_verdict_is_told_in_french(french):
    message = not_yet(ex03.verdicts, {"A": "max_tokens", "B": "max_turns", "C": "done"})
    assert message == ("A : 'max_tokens' est une raison d'arrêt (stop reason), pas un statut (un statut est l'un de "
                       f"{', '.join(ex03.PUBLIC)}) ; regardez le dernier bloc : un appel d'outil dont l'input est "
                       "vide, et aucun résultat après lui")


def test_a_loop_that_calls_an_unknown_ending_done_is_told_in_french(french):
    """compare() names the run and gives its advice in French."""
    endings = {"end_turn": "done", "stop_sequence": "done", "max_tokens": "truncated", "refusal": "refused",
               "model_context_window_exceeded": "context_exceeded"}

    def hopeful(client, task, toolbox, max_turns=10):
        messages = [{"role": "user", "content": task}]
        for _turn in range(max_turns):
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason == "pause_turn":
                continue
            if reply.stop_reason != "tool_use":
                return endings.get(reply.stop_reason, "done"), messages
            messages.append({"role": "user", "content": [toolbox.execute(b).result for b in reply.content
                                                         if b.type == "tool_use"]})
        return "max_turns", messages

    message = not_yet(ex03.loop_status, hopeful)
    assert message.startswith("une raison d'arrêt que votre boucle n'a jamais vue ('a_future_stop_reason') : "
                              "votre boucle s'est terminée avec le statut 'done' ; run_agent la termine en 'anomaly'")
    assert message.endswith(" — une raison d'arrêt que votre boucle ne connaît pas termine l'exécution en "
                            "'anomaly' : ce n'est pas une réponse, ne l'appelez donc pas 'done' "
                            "(ENDINGS.get(reason, 'anomaly'))")


def test_a_prediction_counting_one_message_a_turn_is_told_in_french(french):
    assert not_yet(ex03.prediction, 5) == ("5 n'est pas ce que porte la 5e requête ; chaque tour qui appelle un "
                                           "outil ajoute deux messages, la réponse et les résultats, pas un seul")


def test_a_budget_checked_with_over_is_told_in_french(french):
    def over_only(client, task, toolbox, max_turns=10, token_budget=None):
        messages, spent = [{"role": "user", "content": task}], 0
        for _turn in range(max_turns):
            if token_budget is not None and spent > token_budget:
                return "over_budget", messages
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            spent += reply.usage.input_tokens + reply.usage.output_tokens
            messages.append({"role": "assistant", "content": reply.content})
            if reply.stop_reason != "tool_use":
                return "done", messages
            messages.append({"role": "user", "content": [toolbox.execute(b).result for b in reply.content
                                                         if b.type == "tool_use"]})
        return "max_turns", messages

    message = not_yet(ex03.budget_loop, over_only)
    assert message.startswith("avec token_budget=")
    assert "un de trop : arrêtez-vous aussi quand les tokens dépensés atteignent le budget" in message


def test_a_budget_too_small_is_told_in_french(french):
    message = not_yet(ex03.budget, 10)
    assert message.startswith("avec token_budget=10, la tâche des factures s'est terminée en 'over_budget' après ")
    assert "(spent(task, task.turns - 1))" in message
    assert not_yet(ex03.budget, "800") == ("budget vaut '800' ; donnez-lui un nombre entier de tokens, par exemple "
                                           "budget = 1000")


def test_a_request_the_api_refuses_is_told_in_french(french):
    client, guard = guarded(practice_client(script=["Bonjour."]))
    tools = Toolbox(weather_and_calc())
    client.messages.create(model=MODEL, max_tokens=256, messages=[
        {"role": "user", "content": "Météo à Lyon ?"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather",
                                           "input": {"city": "Lyon"}}]},
        {"role": "user", "content": [tools.execute({"id": "toolu_1", "name": "get_weather",
                                                    "input": {"city": "Lyon"}}).result]}],
        tools=tools.to_api())
    transport_of(client).requests[0].pop("tools")  # as a loop that forgot tools= would have sent it
    assert request_problem(client).startswith("votre boucle a envoyé la requête 1 sans tools=, alors que ses "
                                              "messages contiennent des blocs tool_use et tool_result ;")


def weather_run():
    script = [call("get_weather", city="Lyon"), call("calculator", expression="21*2"), "42."]
    return run_agent(practice_client(script=script), "Weather then maths.", weather_and_calc())


def test_a_timeline_speaks_french(french):
    timeline = Timeline(weather_run())
    assert timeline.slider.description == "historique après"
    assert [timeline.prev_button.description, timeline.next_button.description] == ["◀ tour", "tour ▶"]
    assert timeline.position.value == "<i>6 messages après 3 des 3 réponses du modèle</i>"
    timeline.step(-3)
    assert timeline.position.value == "<i>1 message après 0 des 3 réponses du modèle</i>"
    assert "<summary>tour 1 · tool_use" in timeline.turns.value and " en entrée / " in timeline.turns.value
    assert "(exécuté)" in timeline.turns.value
    assert "<b>réponse :</b> 42." in timeline.children[2].value


def test_a_fault_panel_speaks_french(french):
    client = practice_client()
    panel = FaultPanel(client, weather_and_calc()).set(rate_limited=True, failing=True)
    text = panel.text()
    assert text.startswith("FaultPanel : activez des pannes, puis relancez avec panel.tools")
    assert "  [x] 429 limite de débit : les 2 premiers appels au modèle répondent HTTP 429" in text
    assert "  [x] outil en panne : get_weather lève une erreur à chaque appel" in text
    assert panel.notes["failing"].value.startswith("<b>activée</b> : get_weather lève une erreur")
    assert panel.toggles["planted"].tooltip.startswith("le résultat de l'outil contient une instruction")
    run_agent(client, "Weather in Lyon?", panel.tools)
    assert panel.report() == "429 limite de débit : déclenchée 2 fois"
    with pytest.raises(ValueError, match="^FaultPanel : pas de panne smoke ; pannes connues : overloaded, "):
        panel.set(smoke=True)


def test_an_approval_gate_speaks_french(french):
    gate = ApprovalGate(timeout=0.05)
    assert [gate.approve_button.description, gate.deny_button.description] == ["Approuver", "Refuser"]
    assert gate._repr_mimebundle_()["text/plain"].startswith("ApprovalGate : dans JupyterLab, ce widget montre")
    with pytest.raises(RuntimeError, match=r"^ApprovalGate : rien à attendre ; appelez d'abord gate\.start"):
        gate.wait(0)
    script = [call("send_email", to="ana@example.org", subject="Salut", body="Bonjour"), "Envoyé."]
    run = gate.start(practice_client(script=script), "Écris à Ana.", action_tools([])).wait(30)
    assert run.status == "done"
    assert gate.answers.value == "<div>send_email : refusé (aucun clic en 0.05 s)</div>"
    assert gate.status.value == "<b>Exécution terminée.</b>"


def test_a_cost_plot_speaks_french(french):
    run = weather_run()
    ax, ax2 = cost_plot(run).axes
    assert [ax.get_xlabel(), ax2.get_ylabel()] == ["réponse du modèle (tour)", "USD"]
    assert ax.get_title() == f"Tokens par tour et coût cumulé — {run.model}"
    assert ax.get_legend_handles_labels()[1] == ["tokens en entrée", "tokens en sortie"]
    svg = CostChart(run)._repr_svg_()
    assert ">réponse du modèle (tour)</text>" in svg and ">coût cumulé (USD)</text>" in svg
    assert "<title>tour 1 : " in svg and " tokens en entrée</title>" in svg
    assert repr(CostChart(run)).startswith("<CostChart : 3 réponses du modèle, coût cumulé ")


def english_pieces() -> set[str]:
    """Every stretch of English of three words or more in the messages of the checks of 00-03."""
    pieces = set()
    for message in catalogue("fr"):
        for literal, _field, _spec, _conversion in string.Formatter().parse(message.replace("{}", "")):
            pieces |= {p.strip() for p in re.split(r"[;:(),]", literal)
                       if sum(word.isalpha() for word in p.split()) >= 3}  # words, not code
    return pieces


@pytest.mark.parametrize("exercise", [e for e, _name, _prelude in SOLVED], ids=lambda e: e.title)
def test_odd_answers_get_french_feedback_only(french, exercise):
    """Answers of the wrong kind (None, a str, a function that raises...) are told in French, every word."""
    english = english_pieces()
    for kind, answer in ODD_ANSWERS.items():
        said = str(exercise.evaluate(answer))
        assert said.startswith(("Pas encore : ", "Pas encore tenté : ")), (kind, said)
        assert not [p for p in english if p in said], (kind, said)


def test_the_mystery_runs_of_notebook_03_speak_french_and_end_as_in_english(french):
    """The histories the participant diagnoses: French task and model texts, the same endings, the same check."""
    histories = {name: ex03.mystery(name) for name in ex03.MYSTERIES}
    assert {name: run.status for name, run in histories.items()} == {"A": "truncated", "B": "max_turns", "C": "done"}
    assert histories["A"].messages[0]["content"] == "Donne-moi la météo de Lyon."
    assert histories["A"].messages[1]["content"][0]["text"] == "Je regarde la météo à Lyon."
    assert [b["text"] for m in histories["C"].messages[1:] for b in m["content"]] == \
        ["Je cherche les prévisions...", "Lyon : 21 °C, nuageux."]
    assert histories["B"].tool_calls[0] == ("get_weather", {"city": "Lyon"})  # the never-stopping model still asks for Lyon
    assert ex03.verdicts.evaluate({"A": "truncated", "B": "max_turns", "C": "done"}).status == PASS
    set_language("en")
    assert ex03.mystery("C").messages[0]["content"] == "What is the weather in Lyon?"
