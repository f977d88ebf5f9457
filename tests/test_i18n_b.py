"""The checks of notebooks 04-07 in French: the same verdicts as in English, told in French, with French solutions."""
import ast
import json
import re
import string
from pathlib import Path

import pytest
import test_exercises_04 as t04
import test_exercises_05 as t05
import test_exercises_06 as t06
import test_exercises_07 as t07
from solutions import ODD_ANSWERS, code_only, defined_in

from looplab import Sandbox, Tool, Toolbox, faults, samples, tool
from looplab.exercises import FAIL, PASS, Exercise, ex04, ex05, ex06, ex07
from looplab.guards import ask_policy
from looplab.i18n import _, set_language


@pytest.fixture
def french():
    set_language("fr")
    yield
    set_language("en")


def evaluate(exercise, answer, language):
    """The outcome of `exercise` for `answer`, its messages in `language`."""
    set_language(language)
    try:
        return exercise.evaluate(answer)
    finally:
        set_language("en")


WRONG = [  # (exercise, the English catalogue's wrong answers)
    (ex04.email_policy, [a for a, _words in t04.POLICY_WRONG]),
    (ex04.read_note, [a for a, _words in t04.READ_NOTE_WRONG]),
    (ex04.grounded, [a for a, _words in t04.GROUNDED_WRONG]),
    (ex04.gate, [a for a, _words in t04.GATE_WRONG]),
    (ex05.fix_loop, [a for a, _words in t05.FIX_WRONG]),
    (ex05.retry_once, [a for a, _words in t05.RETRY_WRONG]),
    (ex05.read_invoice, [a for a, _words in t05.READ_INVOICE_WRONG]),
    (ex05.prediction, [a for a, _words in t05.PREDICTION_WRONG]),
    (ex05.api_errors, [a for a, _words in t05.API_WRONG]),
    (ex06.tool_counts, [a for a, _words in t06.TOOL_COUNTS_WRONG]),
    (ex06.cites_existing_files, [a for a, _words in t06.CITES_WRONG]),
    (ex06.new_case, [(case, check) for case, check, _words in t06.NEW_CASE_WRONG]),
    (ex07.collect_stream, [a for a, _words in t07.STREAM_WRONG]),
    (ex07.cached_request, [a for a, _words in t07.CACHE_WRONG]),
]
RIGHT = [
    (ex04.email_policy, t04.POLICY_RIGHT),
    (ex04.read_note, t04.READ_NOTE_RIGHT),
    (ex04.grounded, t04.GROUNDED_RIGHT),
    (ex04.gate, t04.GATE_RIGHT),
    (ex05.fix_loop, t05.FIX_RIGHT),
    (ex05.retry_once, t05.RETRY_RIGHT),
    (ex05.read_invoice, t05.READ_INVOICE_RIGHT),
    (ex05.prediction, t05.PREDICTION_RIGHT),
    (ex05.api_errors, t05.API_RIGHT),
    (ex06.tool_counts, t06.TOOL_COUNTS_RIGHT),
    (ex06.cites_existing_files, t06.CITES_RIGHT),
    (ex06.new_case, t06.NEW_CASE_RIGHT),
    (ex07.collect_stream, t07.STREAM_RIGHT),
    (ex07.cached_request, t07.CACHE_RIGHT),
]


def named(value) -> str | None:
    """A test id: an exercise's number ('Exercise 4.1'), pytest's own id for anything else."""
    return value.title.split(" —")[0] if isinstance(value, Exercise) else None


def _english_phrases() -> list[str]:
    """The fixed English phrases of the messages these checks mark (not hints or solutions): none may reach French."""
    phrases = []
    for module in (ex04, ex05, ex06, ex07):
        for node in ast.walk(ast.parse(Path(module.__file__).read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("_", "N_") and node.args
                    and isinstance(node.args[0], ast.Constant) and "\n" not in node.args[0].value):
                for literal, *_field in string.Formatter().parse(node.args[0].value):
                    if re.search(r"\b(the|your|must|should|with|when|not|every)\b", literal) and len(literal) >= 12:
                        phrases.append(literal.strip())
    return phrases


ENGLISH = _english_phrases()


def english_left(message: str) -> list[str]:
    return [phrase for phrase in ENGLISH if phrase in message]


def french_title(exercise) -> str:
    set_language("fr")
    try:
        return _(exercise.title)
    finally:
        set_language("en")


@pytest.mark.parametrize("exercise, answers", WRONG, ids=lambda v: named(v))
def test_every_wrong_answer_of_the_catalogue_is_not_yet_in_french_too(exercise, answers):
    """Each wrong answer the English catalogue knows is 'not yet' in French as well, with a message in French."""
    title = french_title(exercise)
    assert title != exercise.title
    for answer in answers:
        english, french = evaluate(exercise, answer, "en"), evaluate(exercise, answer, "fr")
        assert english.status == french.status == FAIL, french.message
        assert french.message.startswith(title + " : ") and french.message != english.message, french.message
        assert not english_left(french.message), french.message


@pytest.mark.parametrize("exercise, answers", RIGHT, ids=lambda v: named(v))
def test_every_right_answer_of_the_catalogue_passes_with_french_praise(exercise, answers):
    """Each right answer passes in French, and its praise line is French."""
    title = french_title(exercise)
    for answer in answers:
        english, french = evaluate(exercise, answer, "en"), evaluate(exercise, answer, "fr")
        assert english.status == french.status == PASS, french.message
        assert french.message.startswith(title + " : ") and french.message != english.message, french.message
        assert not english_left(french.message), french.message


NAMED = [  # (exercise, a wrong answer, French words its feedback must hold): the same mistake the English names
    (ex04.email_policy, t04.policy_ending_well, ["'audit@example.net,ana@example.com'",
                                                 "a été approuvé à tort", "deux adresses séparées par une virgule"]),
    (ex04.email_policy, lambda n, i: n == "send_email" and i["to"].endswith("@example.com") and "yes",
     ["« vrai » au sens large mais pas True", "True exactement"]),
    (ex04.read_note, t04.naive_make_read_note, ["read_note('../secret.txt')", "'..' remonte hors du dossier",
                                                 "résolvez d'abord le chemin"]),
    (ex04.read_note, t04.note_reader(t04.read_refusing_dot_dot), ["le chemin absolu de secret.txt",
                                                                   "remplace le dossier"]),
    (ex04.grounded, lambda answer, run: True, ["attendu : False, car elle cite teapot.md", "jamais lu"]),
    (ex04.gate, t04.gate_with(lambda approve, block: True), ["pour send_email sans approbateur, l'outil s'est exécuté"]),
    (ex04.gate, t04.gate_asking_first, ["votre barrière a demandé l'approbation avant de vérifier l'appel"]),
    (ex05.fix_loop, t05.colleague_loop, ["avec un modèle qui appelle deux outils à la fois"]),
    (ex05.retry_once, lambda tool: tool, ["a été appelé 1 fois", "rappelez-le une fois"]),
    (ex05.retry_once, t05.retry_with_one_budget, ["l'appel 2 de l'outil", "partagé par tous les appels"]),
    (ex05.read_invoice, lambda folder: t05.samples.invoice_tools(folder)[1],
     ["la facture 2026-07-012 est vide, pourtant", "levez une erreur qui nomme le fichier"]),
    (ex05.prediction, {"twice": 3, "always": 3}, ["prediction['twice'] = 3 n'est pas ce qui se passe",
                                                  "une requête de plus"]),
    (ex05.api_errors, t05.loop_handling(None), ["quand l'API est surchargée à chaque requête",
                                                "votre boucle a laissé passer OverloadedError",
                                                "attrapez anthropic.APIError"]),
    (ex06.tool_counts, t06.counts_successful_calls, ["sur le journal d'une exécution qui a cherché une fois",
                                                      "un appel raté est aussi un appel"]),
    (ex06.cites_existing_files, t06.cites_with_greedy_pattern, ["pour une réponse qui cite deux fichiers qui existent",
                                                                "glouton"]),
    (ex06.cites_existing_files, t06.cites_any, ["cite un vrai fichier et un fichier inventé", "(all, pas any)"]),
    (ex06.new_case, ({**t06.RAIN, "question": "Que disent nos articles sur les volcans en Islande ?"}, t06.cites_source),
     ["cette question fait déjà partie du jeu d'évaluation"]),
    (ex06.new_case, (t06.RAIN, t06.cites_source_position), ["(int, pas un bool : entourez-le de bool(...))"]),
    (ex07.collect_stream, t07.stream_first_delta, ["pour un message de bienvenue, vous n'avez renvoyé que les",
                                                   "mettez tous les fragments bout à bout"]),
    (ex07.collect_stream, t07.not_streamed, ["votre fonction n'a pas utilisé le streaming"]),
    (ex07.cached_request, t07.request_caching_the_question, ["le second appel n'a rien lu dans le cache",
                                                             "pas la question"]),
    (ex07.cached_request, t07.request_caching_the_last_tool, ["vous avez marqué un outil"]),
]


@pytest.mark.parametrize("exercise, answer, words", NAMED, ids=lambda v: named(v))
def test_french_feedback_names_the_mistake(french, exercise, answer, words):
    """The French feedback names the address, path or case the answer gets wrong, and what to do."""
    outcome = exercise.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


def test_a_french_check_says_not_attempted_and_gives_french_help(french, capsys):
    """... is 'Pas encore tenté'; hint() and solution() print French."""
    assert str(ex04.gate.evaluate(...)).startswith("Pas encore tenté : Exercice 4.4 — la barrière entre vos mains")
    ex04.gate.hint()
    ex04.gate.solution()
    printed = capsys.readouterr().out
    assert printed.startswith("Indice (Exercice 4.4 — la barrière entre vos mains) : Trois vérifications")
    assert "Solution (Exercice 4.4 — la barrière entre vos mains) :\ndef execute(block, toolbox, approve=None):" in printed


LOOP_PRELUDE = "import anthropic\nfrom looplab import MODEL\nENDINGS = " + repr(t05.ENDINGS) + "\n"
SOLUTIONS = [  # (exercise, what the notebook has defined before the solution cell, the name the check takes)
    (ex04.email_policy, t04.PRELUDE, "email_policy"),
    (ex04.read_note, t04.PRELUDE, "make_read_note"),
    (ex04.grounded, t04.PRELUDE, "grounded"),
    (ex04.gate, t04.PRELUDE, "execute"),
    (ex05.fix_loop, LOOP_PRELUDE, "fixed_loop"),
    (ex05.retry_once, t05.PRELUDE, "retry_once"),
    (ex05.read_invoice, t05.PRELUDE, "make_read_invoice"),
    (ex05.prediction, "", "prediction"),
    (ex05.api_errors, LOOP_PRELUDE, "my_loop"),
    (ex06.tool_counts, "", "tool_counts"),
    (ex06.cites_existing_files, "", "cites_existing_files"),
    (ex07.collect_stream, t07.PRELUDE, "collect_stream"),
    (ex07.cached_request, t07.PRELUDE, "cached_request"),
]



@pytest.mark.parametrize("exercise, prelude, name", SOLUTIONS, ids=lambda v: named(v))
def test_french_solutions_are_the_same_code_and_pass(exercise, prelude, name):
    """A French solution differs from the English only in strings and comments, and passes its check in French."""
    set_language("fr")
    try:
        code = _(exercise.solution_text)
        assert code != exercise.solution_text
        assert code_only(code) == code_only(exercise.solution_text)
        outcome = exercise.evaluate(defined_in(code, prelude)[name])
    finally:
        set_language("en")
    assert outcome.status == PASS, outcome.message


def test_the_french_new_case_solution_is_the_same_code_and_its_check_works():
    """6.3's French solution is the English code with a French question; its check judges runs as the English one does.

    Whether the practice agent cites the source for the French question is the practice model's to answer.
    """
    set_language("fr")
    try:
        code = _(ex06.new_case.solution_text)
    finally:
        set_language("en")
    assert code_only(code) == code_only(ex06.new_case.solution_text)
    names = defined_in(code)
    assert names["case"]["question"] == "Que disent nos articles sur la pluie et les toits ?"
    assert evaluate(ex06.new_case, (t06.RAIN, names["cites_the_source"]), "fr").status == PASS
    assert evaluate(ex06.new_case, (names["case"], names["cites_the_source"]), "fr").status == PASS  # live, in French


def test_the_french_new_case_hint_suggests_a_topic_the_agent_cites(french):
    """6.3's French hint names the topic of the French solution, which the practice agent cites in French
    ('l'arrosage d'un jardin', the English hint's topic, is a wording its French lexicon cannot place)."""
    hint = _(ex06.new_case.hint_text)
    assert "la pluie et les toits" in hint, hint
    assert "[rainwater-harvesting.md]" in ex06._research("Que disent nos articles sur la pluie et les toits ?").answer


def test_defining_a_tool_wrongly_is_told_in_french(french):
    """The errors a participant meets while writing a tool or a Toolbox say what to do, in French."""
    def shout(text):
        """Shout."""
        return text.upper()

    with pytest.raises(TypeError, match=r"^outil shout : le paramètre 'text' n'a pas d'annotation de type ; "
                                        r"annotez-le, par exemple text: str$"):
        tool(shout)
    with pytest.raises(TypeError, match="^l'outil quiet n'a pas de docstring ; ajoutez-en une"):
        tool(lambda: None, name="quiet")
    with pytest.raises(TypeError, match=r"^outil f : le paramètre 'when' a un type non pris en charge, <class 'bytes'>"):
        tool(name="f")(_typed_bytes())
    with pytest.raises(ValueError, match=r"^Le nom d'outil 'two words' n'est pas valide ; utilisez de 1 à 64 lettres"):
        Tool("two words", "d", {}, print)
    weather = samples.weather_and_calc()[0]
    with pytest.raises(ValueError, match="^Toolbox : deux outils s'appellent 'get_weather' ; donnez à chaque outil"):
        Toolbox([weather, weather])
    with pytest.raises(TypeError, match="^Toolbox prend des objets Tool, pas un function ; décorez la fonction avec @tool"):
        Toolbox([shout])
    with pytest.raises(FileNotFoundError, match="^Sandbox : pas de dossier 'nope' ; passez un dossier qui existe$"):
        Sandbox("nope")


def _typed_bytes():
    def f(when: bytes) -> str:
        """F."""
        return ""
    return f


def test_ask_policy_asks_in_french_and_takes_a_french_yes(french):
    """In French the question reads 'Exécuter ... ? [o/N]', and 'o', 'oui' (or 'y', 'yes') approve; anything else refuses."""
    questions = []
    assert ask_policy(lambda q: questions.append(q) or "oui")("send_email", {"to": "ana@example.com"}) is True
    assert questions == ['Exécuter send_email {"to": "ana@example.com"} ? [o/N] ']
    assert [ask_policy(lambda q, a=a: a)("send_email", {}) for a in ("o", "Y", "non", "", "n")] == \
        [True, True, False, False, False]


def test_tool_results_speak_the_notebooks_language(french, tmp_path):
    """Refusals, schema errors and Sandbox errors are what a participant reads in a French notebook's
    outputs: French there, English in an English notebook, byte for byte as before."""
    (tmp_path / "a.txt").write_text("A", encoding="utf-8")
    box = Toolbox([*samples.action_tools([]), *samples.docs_tools(tmp_path)])
    email = {"to": "a@example.com", "subject": "s", "body": "b"}

    def results():
        return [box.execute({"id": "t1", "name": "wire_money", "input": {}}).result["content"],
                box.execute({"id": "t2", "name": "send_email", "input": email}).result["content"],
                box.execute({"id": "t3", "name": "read_doc", "input": {"name": "../a.txt"}}).result["content"]]

    unknown, refused, escape = results()
    assert unknown.startswith("aucun outil nommé 'wire_money' ; disponibles : send_email")
    assert refused == "l'appel à send_email n'a pas été approuvé ; il ne s'est pas exécuté."
    assert escape == ("read_doc a échoué : ValueError : Sandbox : '../a.txt' sort du dossier "
                      f"'{tmp_path.name}' ('..' n'est pas autorisé) ; passez un nom qui s'y trouve")
    set_language("en")
    unknown, refused, escape = results()
    assert unknown.startswith("no tool named 'wire_money'")
    assert refused == "call to send_email was not approved; it did not run."
    assert escape == (f"read_doc failed: ValueError: Sandbox: '../a.txt' leaves the folder '{tmp_path.name}' "
                      "('..' is not allowed); pass a name inside it")


def _request(task: str, box: Toolbox, turns: list[list[tuple[str, dict, dict]]]) -> dict:
    """A Messages request: the task, then each turn's tool_use blocks and the results the Toolbox gave."""
    messages, n = [{"role": "user", "content": task}], 0
    for turn in turns:
        uses, results = [], []
        for name, given, result in turn:
            n += 1
            uses.append({"type": "tool_use", "id": f"toolu_{n}", "name": name, "input": given})
            results.append({**result, "tool_use_id": f"toolu_{n}"})
        messages += [{"role": "assistant", "content": uses}, {"role": "user", "content": results}]
    return {"model": "claude-opus-5", "max_tokens": 512, "tools": box.to_api(), "messages": messages}


def _decision(task: str, box: Toolbox, calls: list[list[tuple[str, dict]]], language: str) -> tuple:
    """What the practice model does after the Toolbox ran `calls` with the notebook in `language`."""
    from looplab.practice.planner import plan
    from looplab.practice.view import read_request

    set_language(language)
    turns = [[(name, given, box.execute({"id": "x", "name": name, "input": given}).result) for name, given in turn]
             for turn in calls]
    set_language("en")
    reply = plan(read_request(_request(task, box, turns)))
    proposed = [(b["name"], b["input"]) for b in reply["content"] if b["type"] == "tool_use"]
    text = " ".join(b["text"] for b in reply["content"] if b["type"] == "text")
    return reply["stop_reason"], proposed, text


CASES = {  # what the practice model must read in looplab's French tool results as it reads the English ones
    "a denied email is reported as not sent": ("Weather in Lyon?", [[("get_weather", {"city": "Lyon"}),
                                                ("send_email", {"to": "ana@example.com", "subject": "Hi", "body": "Yo"})]]),
    "a passing fault is retried once": ("Weather in Lyon?", [[("get_weather", {"city": "Lyon"})]]),
    "a Sandbox refusal is not retried": ("Read the file ../secret.txt and tell me what it says.",
                                         [[("read_file", {"path": "../secret.txt"})]]),
    "a missing file is not retried": ("Read the file invoices/none.txt and tell me what it says.",
                                      [[("read_file", {"path": "invoices/none.txt"})]]),
    "a calculator refusal is not retried": ("What is 2 ** 99999?", [[("calculator", {"expression": "2 ** 99999"})]]),
    "a schema error is not retried": ("What is 1+1?", [[("calculator", {"expr": "1+1"})]]),
    "an unknown catalogue key is absent": ("Look up 'cooking' in the catalogue.", [[("lookup", {"key": "cooking"})]]),
}


@pytest.mark.parametrize("case", CASES)
def test_the_practice_model_reads_french_tool_results_as_english_ones(case, tmp_path):
    (tmp_path / "invoices").mkdir()
    weather, calculator = samples.weather_and_calc()
    if case == "a passing fault is retried once":
        weather = faults.failing(weather)
    task, calls = CASES[case]
    name = calls[0][0][0]
    box = Toolbox([*samples.invoice_tools(tmp_path)] if name == "read_file" else samples.catalogue_tools()
                  if name == "lookup" else [weather, calculator, *samples.action_tools([])])
    english, french = _decision(task, box, calls, "en"), _decision(task, box, calls, "fr")
    assert french[:2] == english[:2], f"{case}: in English {english}, in French {french}"
    done = [c for turn in calls for c in turn]
    retried = [c for c in french[1] if c in done]
    assert bool(retried) == (case == "a passing fault is retried once"), french
    if case == "a denied email is reported as not sent":
        assert french[2].startswith("Lyon : 21 °C, nuageux (simulé).")  # the weather tool answers in French, quoted,
        assert french[2].split(". ", 1)[1] == "What get_weather returned is quoted as written. " + english[2].split(  # and
            ". ", 1)[1]  # said to be, under an English task
        assert "ana@example.com was not approved, so it was not sent" in french[2]


def french_solved(notebook: str) -> list[str]:
    """The code of every solution cell of notebooks-fr/`notebook`, in order."""
    path = Path(__file__).resolve().parent.parent / "notebooks-fr" / notebook
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if "starter" in c["metadata"].get("looplab", {})]


def test_the_french_notebooks_solution_cells_are_the_french_solutions():
    """In French, solution() prints exactly the code the French solved notebook runs (the cells the English test pairs)."""
    cells_04, cells_05 = french_solved("04_garde-fous.ipynb"), french_solved("05_injection_de_pannes.ipynb")
    pairs = [(cells_04[3], ex04.gate), (cells_05[0], ex05.fix_loop), (cells_05[2], ex05.read_invoice),
             (cells_05[3], ex05.prediction), (cells_05[4], ex05.api_errors)]
    set_language("fr")
    try:
        for cell, exercise in pairs:
            assert cell.strip() == _(exercise.solution_text).strip(), exercise.title
    finally:
        set_language("en")


@pytest.mark.parametrize("exercise", [exercise for exercise, _answers in RIGHT], ids=named)
def test_odd_answers_are_not_yet_in_french_never_an_internal_error(french, exercise):
    """An answer of the wrong kind gets 'Pas encore' and a message of the check's, in French too."""
    for odd, answer in ODD_ANSWERS.items():
        outcome = exercise.evaluate(answer)
        assert outcome.status == FAIL and "erreur interne" not in outcome.message, (odd, outcome.message)
        assert not english_left(outcome.message), (odd, outcome.message)
