"""Exercises of notebook 04 (guardrails): each check knows unattempted, wrong and right answers."""
import re
from pathlib import Path

from solutions import defined_in, solved, starters

from looplab import Sandbox, tool
from looplab.exercises import FAIL, PASS, UNATTEMPTED, ex04

PRELUDE = "from pathlib import Path\nfrom dataclasses import replace\nfrom looplab import Sandbox, samples, tool\n"
email_policy = defined_in(ex04.email_policy.solution_text, PRELUDE)["email_policy"]  # the published solution
make_read_note = defined_in(ex04.read_note.solution_text, PRELUDE)["make_read_note"]  # the published solution
grounded = defined_in(ex04.grounded.solution_text, PRELUDE)["grounded"]  # the published solution


def starter_policy(name, input):
    """Approve send_email only to one address at @example.com; refuse everything else."""
    raise NotImplementedError  # return True or False


def test_policy_unattempted():
    """The policy check says 'not attempted' for ... and for the starter."""
    assert ex04.email_policy.evaluate(...).status == UNATTEMPTED
    assert ex04.email_policy.evaluate(starter_policy).status == UNATTEMPTED


def test_policy_that_only_checks_the_end_of_the_address_fails():
    """A policy using endswith lets 'audit@example.net, ana@example.com' through: not yet."""
    outcome = ex04.email_policy.evaluate(lambda n, i: n == "send_email" and i["to"].endswith("@example.com"))
    assert outcome.status == FAIL
    assert "audit@example.net, ana@example.com" in outcome.message


def test_policy_that_approves_by_name_fails():
    """allow_only-style approval by tool name approves example.net: not yet."""
    outcome = ex04.email_policy.evaluate(lambda n, i: n == "send_email")
    assert outcome.status == FAIL
    assert "audit@example.net" in outcome.message


def test_policy_returning_a_match_object_fails():
    """A policy returning a truthy non-bool is told the Toolbox approves only True."""
    outcome = ex04.email_policy.evaluate(
        lambda n, i: n == "send_email" and re.fullmatch(r"[\w.+-]+@example\.com", i["to"]))
    assert outcome.status == FAIL
    assert "exact True" in outcome.message


def test_policy_right_answer_passes():
    """The worked solution passes, and only ana@example.com's mail goes out in the run."""
    outcome = ex04.email_policy.evaluate(email_policy)
    assert outcome.status == PASS
    assert "ana@example.com" in outcome.message


def starter_make_read_note(folder):
    @tool
    def read_note(name: str) -> str:
        """Return the text of one note in the notes folder.

        Args:
            name: Note file name, e.g. todo.txt.
        """
        raise NotImplementedError

    return read_note


def naive_make_read_note(folder):
    @tool
    def read_note(name: str) -> str:
        """Return the text of one note.

        Args:
            name: Note file name.
        """
        return (Path(folder) / name).read_text(encoding="utf-8")

    return read_note


def basename_make_read_note(folder):
    @tool
    def read_note(name: str) -> str:
        """Return the text of one note (folders stripped from the name).

        Args:
            name: Note file name.
        """
        return (Path(folder) / Path(name).name).read_text(encoding="utf-8")

    return read_note


def sandbox_make_read_note(folder):
    sandbox = Sandbox(folder)

    @tool
    def read_note(name: str) -> str:
        """Return the text of one note.

        Args:
            name: Note file name.
        """
        return sandbox.read(name)

    return read_note


def test_read_note_unattempted():
    """The read_note check says 'not attempted' for ... and for the starter."""
    assert ex04.read_note.evaluate(...).status == UNATTEMPTED
    assert ex04.read_note.evaluate(starter_make_read_note).status == UNATTEMPTED


def test_read_note_that_joins_paths_fails_on_dot_dot():
    """A tool that joins folder and name reads '../secret.txt': not yet."""
    outcome = ex04.read_note.evaluate(naive_make_read_note)
    assert outcome.status == FAIL
    assert "'../secret.txt'" in outcome.message


def test_read_note_that_strips_folders_fails_on_a_link():
    """Stripping folders from the name still follows a link that points outside: not yet."""
    outcome = ex04.read_note.evaluate(basename_make_read_note)
    assert outcome.status == FAIL
    assert "link" in outcome.message


def test_read_note_that_returns_a_function_fails():
    """Returning a plain function instead of a Tool is not yet, with the reason."""
    outcome = ex04.read_note.evaluate(lambda folder: print)
    assert outcome.status == FAIL
    assert "return the Tool" in outcome.message


def test_read_note_right_answers_pass():
    """The hand-written resolve/is_relative_to solution and the Sandbox one both pass."""
    assert ex04.read_note.evaluate(make_read_note).status == PASS
    assert ex04.read_note.evaluate(sandbox_make_read_note).status == PASS


def starter_grounded(answer, run):
    """True if the answer cites documents and every one was read without error in the run."""
    raise NotImplementedError


def grounded_counting_calls(answer, run):
    """Wrong: counts a read_doc call as a read even when it failed."""
    read = {e.data["input"].get("name") for e in run.events if e.kind == "tool_call" and e.data["name"] == "read_doc"}
    cited = re.findall(r"\[([^\]]+)\]", answer or "")
    return bool(cited) and all(name in read for name in cited)


def test_grounded_unattempted():
    """The grounding check says 'not attempted' for ... and for the starter."""
    assert ex04.grounded.evaluate(...).status == UNATTEMPTED
    assert ex04.grounded.evaluate(starter_grounded).status == UNATTEMPTED


def test_grounded_always_true_fails():
    """A check that trusts every answer misses the citation of an unread document: not yet."""
    outcome = ex04.grounded.evaluate(lambda answer, run: True)
    assert outcome.status == FAIL
    assert "teapot.md" in outcome.message


def test_grounded_that_ignores_failed_reads_fails():
    """A check that counts a failed read_doc as a read is not yet."""
    outcome = ex04.grounded.evaluate(grounded_counting_calls)
    assert outcome.status == FAIL
    assert "mugs.md" in outcome.message


def test_grounded_right_answer_passes():
    """The worked solution passes all five cases."""
    assert ex04.grounded.evaluate(grounded).status == PASS


execute = defined_in(ex04.gate.solution_text, PRELUDE)["execute"]  # the published solution


def starter_execute(block, toolbox, approve=None):
    """Check, approve and run one tool_use block; return its tool_result (never raises)."""
    raise NotImplementedError


def gate_with(approved, guard_handler=True, same_id=True):
    """A gate like the solution with one thing changed: how it approves, whether it catches, which id it sends."""
    def execute(block, toolbox, approve=None):
        def result(content, is_error):
            return {"type": "tool_result", "tool_use_id": block.id if same_id else "toolu_1",
                    "content": content, "is_error": is_error}

        problem = toolbox.check(block.name, block.input)
        if problem:
            return result(problem, True)
        tool = toolbox[block.name]
        if tool.consequential and not approved(approve, block):
            return result("not approved", True)
        if not guard_handler:
            return result(str(tool.handler(**block.input)), False)
        try:
            return result(str(tool.handler(**block.input)), False)
        except Exception as exc:
            return result(f"{block.name} failed: {exc}", True)
    return execute


def exact_true(approve, block):
    try:
        return approve is not None and approve(block.name, block.input) is True
    except Exception:
        return False


def test_gate_unattempted():
    """The gate check says 'not attempted' for ... and for the starter."""
    assert ex04.gate.evaluate(...).status == UNATTEMPTED
    assert ex04.gate.evaluate(starter_execute).status == UNATTEMPTED


def test_gate_without_approval_fails():
    """A gate that runs consequential tools without asking sends the email: not yet."""
    outcome = ex04.gate.evaluate(gate_with(lambda approve, block: True))
    assert outcome.status == FAIL
    assert "send_email with no approver" in outcome.message


def test_gate_taking_a_truthy_answer_as_approval_fails():
    """A gate that approves on 'yes' (truthy, not True) is not yet."""
    outcome = ex04.gate.evaluate(gate_with(lambda approve, block: approve is not None and approve(block.name, block.input)))
    assert outcome.status == FAIL
    assert "'yes'" in outcome.message


def test_gate_letting_a_handler_error_escape_fails():
    """A gate whose failing handler raises out of it is told errors must become results."""
    outcome = ex04.gate.evaluate(gate_with(exact_true, guard_handler=False))
    assert outcome.status == FAIL
    assert "a tool whose handler raises" in outcome.message and "is_error True" in outcome.message


def test_gate_with_the_wrong_id_fails():
    """A result that does not carry the block's id is not yet."""
    outcome = ex04.gate.evaluate(gate_with(exact_true, same_id=False))
    assert outcome.status == FAIL
    assert "tool_use_id" in outcome.message


def test_gate_right_answer_passes():
    """The worked solution gates all ten proposals as the Toolbox does."""
    outcome = ex04.gate.evaluate(execute)
    assert outcome.status == PASS, outcome.message


def test_the_notebooks_starters_are_not_attempted():
    """Each starter cell of notebook 04, as a participant gets it, is 'not attempted' by its check."""
    exercises = [(ex04.email_policy, "email_policy"), (ex04.read_note, "make_read_note"),
                 (ex04.grounded, "grounded"), (ex04.gate, "execute")]
    codes = starters("04_guardrails.ipynb")
    assert len(codes) == len(exercises)
    for code, (exercise, name) in zip(codes, exercises, strict=True):
        assert exercise.evaluate(defined_in(code, PRELUDE + "import re\n")[name]).status == UNATTEMPTED, name


def test_the_notebooks_solution_cells_are_the_published_solutions():
    """The solved notebook runs exactly the code that solution() prints, for gate."""
    cells = solved("04_guardrails.ipynb")[3:]
    for cell, exercise in zip(cells, [ex04.gate], strict=True):
        assert cell.strip() == exercise.solution_text.strip(), exercise.title
