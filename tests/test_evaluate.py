"""evaluate(): run an agent over questions, apply behaviour checks, show progress and a table."""
import ast
import inspect
import re
from pathlib import Path

import pytest

from looplab import practice_client, run_agent, samples, say
from looplab.evaluate import Results, evaluate

ARTICLES = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "articles"
HEAT = "What do our articles say about heat pumps in cold climates?"
VOLCANO = "What do our articles say about volcanoes in Iceland?"


def research_agent():
    client, tools = practice_client(), samples.docs_tools(ARTICLES)
    return lambda question: run_agent(client, question, tools, max_turns=6)


def cites_a_file(run, case):
    if not case.get("answerable", True):
        return None
    return bool(re.search(r"\[[\w.-]+\.md\]", run.answer or ""))


def declines_when_it_should(run, case):
    declined = "do not answer" in (run.answer or "")
    return declined == (not case.get("answerable", True))


def under_four_turns(run, case):
    return run.turns <= 4


CASES = [{"question": HEAT, "answerable": True}, {"question": VOLCANO, "answerable": False}]
CHECKS = [cites_a_file, declines_when_it_should, under_four_turns]


def test_one_row_per_case_with_each_check_outcome():
    """Each row holds the question, status, turns, tool calls and True/False/None per check."""
    results = evaluate(research_agent(), CASES, CHECKS, progress=None)
    assert isinstance(results, Results) and len(results) == 2
    assert results[0] == {"question": HEAT, "status": "done", "turns": 3, "tool_calls": 4,
                          "cites_a_file": True, "declines_when_it_should": True, "under_four_turns": True}
    assert results[1]["cites_a_file"] is None
    assert results[1]["tool_calls"] == 1
    assert [r.status for r in results.runs] == ["done", "done"]


def test_counts_skip_checks_that_do_not_apply():
    """A check returning None is not counted; the summary says how many passed."""
    results = evaluate(research_agent(), CASES, CHECKS, progress=None)
    assert results.counts() == (5, 5)
    assert results.summary() == "5 of 5 checks passed"


def test_a_failing_check_is_named_in_the_summary():
    """A check that fails shows ✗ in its row and is listed with its question in the summary."""
    def answers_in_one_turn(run, case):
        return run.turns == 1

    results = evaluate(research_agent(), [HEAT], {"one turn": answers_in_one_turn}, progress=None)
    assert results[0]["one turn"] is False
    assert results.failures() == [(HEAT, "one turn")]
    assert "0 of 1 checks passed; failed: one turn on 'What do our articles say about heat pum…'" in repr(results)


def test_a_check_that_raises_fails_with_a_note_and_the_rest_go_on():
    """A check raising an exception counts as failed, is explained in a note, and later checks still run."""
    def broken(run, case):
        raise KeyError("source")

    results = evaluate(research_agent(), CASES, [broken, under_four_turns], progress=None)
    assert [r["broken"] for r in results] == [False, False]
    assert [r["under_four_turns"] for r in results] == [True, True]
    assert results.notes == ["check broken raised KeyError: 'source' (cases 1, 2)"]


def test_a_check_not_written_yet_is_noted_once():
    """A starter check raising NotImplementedError fails, with one note listing the cases."""
    def starter(run, case):
        raise NotImplementedError

    results = evaluate(research_agent(), CASES, [starter], progress=None)
    assert results.counts() == (0, 2)
    assert results.notes == ["check starter is not written yet (it raises NotImplementedError) (cases 1, 2)"]


def test_an_agent_that_raises_gives_an_error_row_and_the_next_case_runs():
    """When the agent raises on one question, that row says so, its checks fail, the next case runs."""
    good = research_agent()

    def agent(question):
        if question == VOLCANO:
            raise RuntimeError("no network")
        return good(question)

    results = evaluate(agent, [VOLCANO, HEAT], [under_four_turns], progress=None)
    assert results[0]["status"] == "error: RuntimeError" and results[0]["under_four_turns"] is False
    assert results[1]["status"] == "done"
    assert results.runs[0] is None
    assert results.notes == ["the agent raised RuntimeError: no network (case 1)"]


def test_text_progress_prints_one_deterministic_line_per_case(capsys):
    """progress='text' prints '[i/n] status: question' after each case."""
    evaluate(research_agent(), [HEAT, VOLCANO], [under_four_turns], progress="text")
    assert capsys.readouterr().out.splitlines() == [
        f"[1/2] done: {HEAT}", f"[2/2] done: {VOLCANO}"]


def test_no_progress_prints_nothing(capsys):
    """progress=None shows nothing while it runs."""
    evaluate(research_agent(), [HEAT], [under_four_turns], progress=None)
    assert capsys.readouterr().out == ""


def test_auto_progress_outside_a_notebook_falls_back_to_text(capsys):
    """Outside a Jupyter kernel, progress='auto' prints text lines instead of a widget."""
    evaluate(research_agent(), [VOLCANO], [under_four_turns])
    assert capsys.readouterr().out == f"[1/1] done: {VOLCANO}\n"


def test_widget_progress_fills_the_bar_and_keeps_a_fixed_text_form(capsys):
    """The widget's bar reaches the number of cases; its text/plain never shows the changing progress."""
    from looplab.evaluate import _widget_progress

    step = _widget_progress(2)
    step(1, {"question": HEAT})
    step(2, {"question": VOLCANO})
    bar, label = step.widget.children
    assert (bar.value, bar.max) == (2, 2)
    assert label.value == "2 of 2 — done"
    assert repr(step.widget) == "Evaluating 2 questions (a progress bar where widgets show)"


def test_text_table_lines_up_marks_per_check():
    """The text form is a table with ✓, ✗ and – marks, then the summary line."""
    results = evaluate(research_agent(), CASES, [cites_a_file, declines_when_it_should], progress=None)
    lines = repr(results).splitlines()
    assert lines[0].split() == ["#", "question", "status", "turns", "tools", "cites_a_file",
                                "declines_when_it_should"]
    cites, declines = lines[0].index("cites_a_file"), lines[0].index("declines_when_it_should")
    assert (lines[1][cites], lines[1][declines]) == ("✓", "✓")
    assert (lines[2][cites], lines[2][declines]) == ("–", "✓")
    assert lines[3] == "3 of 3 checks passed"


def test_html_table_escapes_the_questions():
    """The HTML table escapes question text, so a question cannot inject markup."""
    client = practice_client(script=[say("fine")])
    results = evaluate(lambda q: run_agent(client, q, []), ["Is <b>this</b> bold?"],
                       [under_four_turns], progress=None)
    page = results._repr_html_()
    assert "&lt;b&gt;this&lt;/b&gt;" in page and "<b>this" not in page
    assert "<td>✓</td>" in page


def test_bad_arguments_say_what_to_pass():
    """No cases, no checks, a non-callable check or an unknown progress mode raise a clear error."""
    agent = research_agent()
    with pytest.raises(ValueError, match="non-empty list of questions"):
        evaluate(agent, [], [under_four_turns])
    with pytest.raises(TypeError, match="checks must be a non-empty dict"):
        evaluate(agent, [HEAT], [])
    with pytest.raises(TypeError, match="checks must be"):
        evaluate(agent, [HEAT], {"x": "not a function"})
    with pytest.raises(ValueError, match="progress must be one of"):
        evaluate(agent, [HEAT], [under_four_turns], progress="bar")


def test_the_module_imports_ipywidgets_and_ipython_only_inside_functions():
    """No top-level import of ipywidgets or IPython: `import looplab.evaluate` stays cheap."""
    tree = ast.parse(Path(inspect.getfile(Results)).read_text(encoding="utf-8"))
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    names = [a.name for n in top if isinstance(n, ast.Import) for a in n.names]
    names += [n.module for n in top if isinstance(n, ast.ImportFrom)]
    assert "html" in names
    assert not [name for name in names if name.split(".")[0] in ("ipywidgets", "IPython")]
