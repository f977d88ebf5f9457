"""Exercises of notebook 04 (guardrails): each check knows unattempted, wrong and right answers."""
import os
import re
from pathlib import Path

import pytest
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


def policy_ending_well(name, input):
    return name == "send_email" and input["to"].endswith("@example.com")


def policy_any_chars_before_the_domain(name, input):
    return name == "send_email" and re.fullmatch(r".+@example\.com", input["to"]) is not None


def policy_no_spaces_before_the_domain(name, input):
    return name == "send_email" and re.fullmatch(r"\S+@example\.com", input["to"]) is not None


def policy_contains_the_domain(name, input):
    return name == "send_email" and "@example.com" in input["to"]


def policy_by_address_only(name, input):
    return re.fullmatch(r"[\w.+-]+@example\.com", input.get("to", "")) is not None


def policy_split_on_at(name, input):
    """Right, without a regex: one @, a plain name before it, example.com after it."""
    if name != "send_email":
        return False
    local, at, domain = input.get("to", "").partition("@")
    return bool(at) and domain == "example.com" and local != "" and all(c.isalnum() or c in "._+-" for c in local)


def policy_match_anchored(name, input):
    """Wrong, though it looks right: re.match anchored with ^...$ lets 'ana@example.com\n' through ('$' matches before a
    final line break)."""
    ok = name == "send_email" and re.match(r"^[a-z0-9._+-]+@example\.com$", input.get("to", ""), re.IGNORECASE)
    return bool(ok)


def policy_ruling_out_commas_and_spaces(name, input):
    to = input.get("to", "")
    return name == "send_email" and to.endswith("@example.com") and not to.startswith("@") and not (
        "," in to or " " in to)


def policy_one_at_ending_well(name, input):
    to = input.get("to", "")
    return name == "send_email" and to.count("@") == 1 and to.endswith("@example.com") and not to.startswith("@")


POLICY_WRONG = [  # (answer, words the feedback must hold)
    (policy_one_at_ending_well, ["'audit, ana@example.com'", "counting the @ is not enough"]),
    (policy_ending_well, ["audit@example.net,ana@example.com", "two addresses"]),
    (policy_any_chars_before_the_domain, ["audit@example.net,ana@example.com", "two addresses", "comma"]),
    (policy_no_spaces_before_the_domain, ["audit@example.net,ana@example.com", "comma"]),
    (policy_ruling_out_commas_and_spaces, ["'audit@example.net;ana@example.com'", "joined by a ';'",
                                           "the characters of one address"]),
    (policy_contains_the_domain, ["ana@example.com.evil.net", "whole address"]),
    (lambda n, i: n == "send_email", ["audit@example.net", "not at @example.com"]),
    (policy_by_address_only, ["send_payment", "only send_email"]),
    (lambda name, input: name.startswith("send") and bool(re.fullmatch(r"[\w.+-]+@example\.com", input["to"])),
     ["send_payment", "whole name", "not how it starts"]),
    (lambda n, i: n == "send_email" and re.fullmatch(r"[\w.+-]+@example\.com", i["to"]), ["exact True"]),
]
POLICY_RIGHT = [email_policy, policy_split_on_at]


@pytest.mark.parametrize("answer, words", POLICY_WRONG, ids=lambda v: getattr(v, "__name__", None))
def test_policy_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each plausible wrong policy is not yet, and the feedback names the address or rule it gets wrong."""
    outcome = ex04.email_policy.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", POLICY_RIGHT, ids=lambda v: v.__name__)
def test_policy_catalogue_right_answers_pass(answer):
    """The solution and right policies written differently all pass, with only ana@example.com's mail sent."""
    outcome = ex04.email_policy.evaluate(answer)
    assert outcome.status == PASS, outcome.message
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


def note_reader(read):
    """A make_read_note whose tool reads a name as `read(root, name)` says (root: the folder as given)."""
    def make_read_note(folder):
        @tool
        def read_note(name: str) -> str:
            """Return the text of one note.

            Args:
                name: Note file name, e.g. todo.txt.
            """
            return read(folder, name)

        return read_note
    return make_read_note


def read_with_prefix_test(folder, name):
    """Wrong: resolves, then compares strings, so notes-private passes for notes."""
    root, path = Path(folder).resolve(), (Path(folder) / name).resolve()
    if not str(path).startswith(str(root)):
        raise ValueError(f"{name} is outside the notes folder")
    return path.read_text(encoding="utf-8")


def read_refusing_dot_dot(folder, name):
    """Wrong: refuses '..' in the name but joins an absolute path as is."""
    if ".." in name:
        raise ValueError("no '..' please")
    return (Path(folder) / name).read_text(encoding="utf-8")


def read_unresolved(folder, name):
    """Wrong: compares the joined path without resolving it, so '..' stays inside on paper."""
    path = Path(folder) / name
    if not path.is_relative_to(folder):
        raise ValueError(f"{name} is outside the notes folder")
    return path.read_text(encoding="utf-8")


def read_with_abspath(folder, name):
    """Wrong: os.path.abspath removes '..' but does not follow links."""
    root, path = os.path.abspath(folder), os.path.abspath(os.path.join(folder, name))
    if os.path.commonpath([root, path]) != root:
        raise ValueError(f"{name} is outside the notes folder")
    with open(path, encoding="utf-8") as f:
        return f.read()


def read_with_realpath(folder, name):
    """Right: realpath follows links and '..'; commonpath compares whole folder names."""
    root, path = os.path.realpath(folder), os.path.realpath(os.path.join(folder, name))
    if os.path.commonpath([root, path]) != root:
        raise PermissionError(f"{name} is outside the notes folder")
    with open(path, encoding="utf-8") as f:
        return f.read()


def read_checking_parents(folder, name):
    """Right: the resolved root must be one of the resolved path's parents; names without folders only."""
    root, path = Path(folder).resolve(), (Path(folder) / name).resolve()
    if root not in path.parents:
        raise PermissionError(f"refused: {name} is not a note of this folder")
    return path.read_text(encoding="utf-8")


def read_returning_a_refusal(folder, name):
    """Wrong: refuses with an ordinary result, which the model reads as the note's text (is_error False)."""
    root, path = Path(folder).resolve(), (Path(folder) / name).resolve()
    if not path.is_relative_to(root):
        return "Access denied"
    return path.read_text(encoding="utf-8")


def read_returning_a_refusal_or_missing(folder, name):
    """Right: a way out raises; a note that is not there is told as an ordinary text (no way out)."""
    root, path = Path(folder).resolve(), (Path(folder) / name).resolve()
    if not path.is_relative_to(root):
        raise ValueError(f"{name!r} leaves the notes folder")
    return path.read_text(encoding="utf-8") if path.is_file() else f"There is no note named {name!r}."


def read_with_prefix_and_separator(folder, name):
    """Right: a string prefix test that ends with the separator, so notes-private does not start with it."""
    root = os.path.realpath(folder) + os.sep
    path = os.path.realpath(os.path.join(folder, name))
    if not path.startswith(root):
        raise ValueError(f"{name} is outside the notes folder")
    with open(path, encoding="utf-8") as f:
        return f.read()


def read_top_level_only(folder, name):
    """Wrong: safe, but refuses every note in a subfolder (only names directly in the folder)."""
    root, path = Path(folder).resolve(), (Path(folder) / name).resolve()
    if path.parent != root:
        raise ValueError(f"{name} is not a note of the folder")
    return path.read_text(encoding="utf-8")


def read_the_base_name(folder, name):
    """Wrong: safe, but throws the folder part of the name away, so sub/deep.txt is looked for as deep.txt."""
    root = Path(folder).resolve()
    path = (root / Path(name).name).resolve()
    if not path.is_relative_to(root):
        raise ValueError(f"{name} is outside the notes folder")
    return path.read_text(encoding="utf-8")


def read_under_an_unresolved_root(folder, name):
    """Wrong: resolves the path but not the folder, so a relative folder (as a notebook gives it) refuses every note."""
    path = (Path(folder) / name).resolve()
    if not path.is_relative_to(folder):
        raise ValueError(f"{name} is outside the notes folder")
    return path.read_text(encoding="utf-8")


READ_NOTE_WRONG = [  # (answer, words the feedback must hold)
    (note_reader(read_under_an_unresolved_root), ["a relative path", "read_note('todo.txt') your code raised ValueError",
                                                  "Path(folder).resolve()"]),
    (naive_make_read_note, ["'../secret.txt'", "'..' climbs out"]),
    (note_reader(read_with_prefix_test), ["'../notes-private/secret.txt'", "prefix", "is_relative_to"]),
    (note_reader(read_refusing_dot_dot), ["the absolute path of secret.txt", "replaces the folder"]),
    (note_reader(read_unresolved), ["'../secret.txt'", "resolve"]),
    (basename_make_read_note, ["shortcut.txt", "link"]),
    (note_reader(read_with_abspath), ["shortcut.txt", "link"]),
    (lambda folder: print, ["return the Tool"]),
    (note_reader(read_returning_a_refusal), ["'../secret.txt'", "'Access denied'", "ordinary result", "raising"]),
    (note_reader(read_top_level_only), ["read_note('sub/deep.txt') gave", "a note in a subfolder"]),
    (note_reader(read_the_base_name), ["read_note('sub/deep.txt') gave", "keep the name as it is"]),
]
READ_NOTE_RIGHT = [make_read_note, sandbox_make_read_note, note_reader(read_with_realpath),
                   note_reader(read_checking_parents), note_reader(read_with_prefix_and_separator),
                   note_reader(read_returning_a_refusal_or_missing)]


def test_read_note_unattempted():
    """The read_note check says 'not attempted' for ... and for the starter."""
    assert ex04.read_note.evaluate(...).status == UNATTEMPTED
    assert ex04.read_note.evaluate(starter_make_read_note).status == UNATTEMPTED


@pytest.mark.parametrize("answer, words", READ_NOTE_WRONG)
def test_read_note_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each leaky read_note is not yet, and the feedback names the escape that worked and why."""
    outcome = ex04.read_note.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", READ_NOTE_RIGHT)
def test_read_note_catalogue_right_answers_pass(answer):
    """The solution, the Sandbox one and right readers written with os.path or Path.parents all pass."""
    outcome = ex04.read_note.evaluate(answer)
    assert outcome.status == PASS, outcome.message


def starter_grounded(answer, run):
    """True if the answer cites documents and every one was read without error in the run."""
    raise NotImplementedError


def grounded_counting_calls(answer, run):
    """Wrong: counts a read_doc call as a read even when it failed."""
    read = {e.data["input"].get("name") for e in run.events if e.kind == "tool_call" and e.data["name"] == "read_doc"}
    cited = re.findall(r"\[([^\]]+)\]", answer or "")
    return bool(cited) and all(name in read for name in cited)


def grounded_by_search_results(answer, run):
    """Wrong: a document counts when any tool result mentions it (search results too)."""
    seen = " ".join(str(e.data["content"]) for e in run.events if e.kind == "tool_call" and not e.data["is_error"])
    cited = re.findall(r"\[([^\]]+)\]", answer or "")
    return bool(cited) and all(name in seen for name in cited)


def grounded_without_citations_check(answer, run):
    """Wrong: all() of nothing is True, so an answer citing nothing passes."""
    read = {e.data["input"].get("name") for e in run.events
            if e.kind == "tool_call" and e.data["name"] == "read_doc" and not e.data["is_error"]}
    return all(name in read for name in re.findall(r"\[([^\]]+)\]", answer or ""))


def grounded_greedy(answer, run):
    """Wrong: a greedy pattern swallows everything between the first [ and the last ]."""
    read = {e.data["input"].get("name") for e in run.events
            if e.kind == "tool_call" and e.data["name"] == "read_doc" and not e.data["is_error"]}
    cited = re.findall(r"\[(.+)\]", answer or "")
    return bool(cited) and all(name in read for name in cited)


def grounded_by_ids(answer, run):
    """Right, from the history: read_doc tool_use ids answered by a tool_result without is_error."""
    asked = {b["id"]: b["input"].get("name") for m in run.messages if m["role"] == "assistant"
             for b in m["content"] if b["type"] == "tool_use" and b["name"] == "read_doc"}
    read = {asked[b["tool_use_id"]] for m in run.messages if m["role"] == "user" and isinstance(m["content"], list)
            for b in m["content"] if b.get("type") == "tool_result" and b["tool_use_id"] in asked
            and not b.get("is_error")}
    cited = set(re.findall(r"\[(.*?)\]", answer or ""))
    return len(cited) > 0 and cited <= read


def grounded_with_a_loop(answer, run):
    """Right, step by step, with a lazy pattern."""
    read = []
    for event in run.events:
        if event.kind == "tool_call" and event.data["name"] == "read_doc" and event.data["is_error"] is False:
            read.append(event.data["input"]["name"])
    citations = re.findall(r"\[(.+?)\]", answer or "")
    if not citations:
        return False
    for name in citations:
        if name not in read:
            return False
    return True


def grounded_without_a_none_guard(answer, run):
    """Wrong: re.findall(..., answer) raises TypeError on a run that ended without an answer (None)."""
    read = {e.data["input"].get("name") for e in run.events
            if e.kind == "tool_call" and e.data["name"] == "read_doc" and not e.data["is_error"]}
    cited = re.findall(r"\[([^\]]+)\]", answer)
    return bool(cited) and all(name in read for name in cited)


def grounded_md_only(answer, run):
    """Wrong: takes only the citations ending in .md, so a citation of another file goes unchecked."""
    read = {e.data["input"].get("name") for e in run.events
            if e.kind == "tool_call" and e.data["name"] == "read_doc" and not e.data["is_error"]}
    cited = re.findall(r"\[([\w.-]+\.md)\]", answer or "")
    return bool(cited) and all(name in read for name in cited)


GROUNDED_WRONG = [  # (answer, words the feedback must hold)
    (lambda answer, run: True, ["teapot.md", "never read"]),
    (grounded_counting_calls, ["mugs.md", "failed"]),
    (grounded_by_search_results, ["teapot.md", "search results"]),
    (grounded_without_citations_check, ["cites nothing", "no citation means False"]),
    (grounded_greedy, ["twice", "first ']'"]),
    (grounded_md_only, ["kettle-notes.txt", "whatever it ends with"]),
    (grounded_without_a_none_guard, ["stopped at max_turns before any answer", "TypeError", "answer or ''"]),
]
GROUNDED_RIGHT = [grounded, grounded_by_ids, grounded_with_a_loop]


def test_grounded_unattempted():
    """The grounding check says 'not attempted' for ... and for the starter."""
    assert ex04.grounded.evaluate(...).status == UNATTEMPTED
    assert ex04.grounded.evaluate(starter_grounded).status == UNATTEMPTED


@pytest.mark.parametrize("answer, words", GROUNDED_WRONG)
def test_grounded_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each wrong grounding check is not yet, with the case it misjudges and why."""
    outcome = ex04.grounded.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", GROUNDED_RIGHT)
def test_grounded_catalogue_right_answers_pass(answer):
    """The solution, one matching tool_use ids in the history and a step-by-step one all pass."""
    outcome = ex04.grounded.evaluate(answer)
    assert outcome.status == PASS, outcome.message


execute = defined_in(ex04.gate.solution_text, PRELUDE)["execute"]  # the published solution


def starter_execute(block, toolbox, approve=None):
    """Check, approve and run one tool_use block; return its tool_result (never raises)."""
    raise NotImplementedError


def gate_with(approved, guard_handler=True, same_id=True, catching=Exception, text=str):
    """A gate like the solution with one thing changed: how it approves, whether and what it catches, which id it
    sends, how it turns the handler's output into text."""
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
            return result(text(tool.handler(**block.input)), False)
        except catching as exc:
            return result(f"{block.name} failed: {exc!r}", True)
    return execute


def exact_true(approve, block):
    try:
        return approve is not None and approve(block.name, block.input) is True
    except Exception:
        return False


def gate_asking_first(block, toolbox, approve=None):
    """Wrong: asks the approver before checking the name and the schema."""
    def result(content, is_error):
        return {"type": "tool_result", "tool_use_id": block.id, "content": content, "is_error": is_error}

    if block.name in toolbox and toolbox[block.name].consequential:
        if not exact_true(approve, block):
            return result("not approved", True)
    problem = toolbox.check(block.name, block.input)
    if problem:
        return result(problem, True)
    try:
        return result(str(toolbox[block.name].handler(**block.input)), False)
    except Exception as exc:
        return result(f"{block.name} failed: {exc}", True)


def gate_by_toolbox(block, toolbox, approve=None):
    """Right: the Toolbox's own gate, its result passed on."""
    return toolbox.execute(block, approve).result


def gate_with_list_content_and_default_is_error(block, toolbox, approve=None):
    """Right: content as a list of text blocks; is_error left out when the call worked (the API's default)."""
    def failed(why):
        return {"type": "tool_result", "tool_use_id": block.id, "is_error": True,
                "content": [{"type": "text", "text": why}]}

    problem = toolbox.check(block.name, block.input)
    if problem:
        return failed(problem)
    tool = toolbox[block.name]
    if tool.consequential and not exact_true(approve, block):
        return failed(f"{block.name} needs approval; it did not run")
    try:
        output = tool.handler(**block.input)
    except Exception as exc:
        return failed(f"{type(exc).__name__}: {exc}")
    return {"type": "tool_result", "tool_use_id": block.id, "content": [{"type": "text", "text": str(output)}]}


def gate_with_a_dict_result(block, toolbox, approve=None):
    """Wrong: returns the handler's output under a made-up field instead of content."""
    result = gate_by_toolbox(block, toolbox, approve)
    return {**result, "output": result["content"]}


def gate_asking_for_every_tool(block, toolbox, approve=None):
    """Wrong: with an approver, asks it about every call, read-only ones too (a deny-all one then blocks lookups)."""
    def result(content, is_error):
        return {"type": "tool_result", "tool_use_id": block.id, "content": content, "is_error": is_error}

    problem = toolbox.check(block.name, block.input)
    if problem:
        return result(problem, True)
    tool = toolbox[block.name]
    if approve is not None:
        if not exact_true(approve, block):
            return result("not approved", True)
    elif tool.consequential:
        return result("not approved", True)
    try:
        return result(str(tool.handler(**block.input)), False)
    except Exception as exc:
        return result(f"{block.name} failed: {exc}", True)


def gate_asking_for_send_email_by_name(block, toolbox, approve=None):
    """Wrong: asks for a yes only when the name is send_email, so delete_file, consequential too, runs unasked."""
    def result(content, is_error):
        return {"type": "tool_result", "tool_use_id": block.id, "content": content, "is_error": is_error}

    problem = toolbox.check(block.name, block.input)
    if problem:
        return result(problem, True)
    if block.name == "send_email" and not exact_true(approve, block):
        return result("not approved", True)
    try:
        return result(str(toolbox[block.name].handler(**block.input)), False)
    except Exception as exc:
        return result(f"{block.name} failed: {exc}", True)


GATE_WRONG = [  # (answer, words the feedback must hold)
    (gate_asking_for_send_email_by_name, ["delete_file", "ran", "(toolbox[name].consequential), not its name"]),
    (gate_with(lambda approve, block: True), ["send_email with no approver", "ran"]),
    (gate_with(lambda approve, block: approve is not None and approve(block.name, block.input)), ["answers 1"]),
    (gate_with(lambda approve, block: approve is not None and approve(block.name, block.input) == True),  # noqa: E712
     ["answers 1", "1 == True, but not True", "the tool ran"]),
    (gate_with(lambda approve, block: approve is not None and approve(block.name, block.input) is True),
     ["approver raises", "RuntimeError", "means no"]),
    (gate_with(exact_true, guard_handler=False), ["a tool whose handler raises", "is_error True", "line"]),
    (gate_with(exact_true, same_id=False), ["tool_use_id", "toolu_gate_1"]),
    (gate_with(exact_true, catching=BaseException), ["Ctrl-C (KeyboardInterrupt) while lookup ran", "Interrupt()",
                                                     "catch Exception"]),
    (gate_with(exact_true, text=lambda output: output), ["whose handler returns an int", "the content is 3"]),
    (gate_with(exact_true, text=lambda output: "the tool ran"), ["whose handler returns an int", "gave '3'",
                                                                 "send what the handler returned"]),
    (gate_asking_first, ["breaks its schema", "asked the approver before"]),
    (gate_with_a_dict_result, ["['output']", "refuses"]),
    (gate_asking_for_every_tool, ["an approver that says no", "asked the approver about get_weather",
                                  "not consequential"]),
    (gate_with(lambda approve, block: exact_true(approve, block) and exact_true(approve, block)),
     ["send_email approved with True", "asked the approver 2 times about one call", "ask once"]),
]
GATE_RIGHT = [execute, gate_by_toolbox, gate_with_list_content_and_default_is_error]


def test_gate_unattempted():
    """The gate check says 'not attempted' for ... and for the starter."""
    assert ex04.gate.evaluate(...).status == UNATTEMPTED
    assert ex04.gate.evaluate(starter_execute).status == UNATTEMPTED


@pytest.mark.parametrize("answer, words", GATE_WRONG)
def test_gate_catalogue_wrong_answers_are_told_their_mistake(answer, words):
    """Each wrong gate is not yet, with the proposal it mishandles and what to do."""
    outcome = ex04.gate.evaluate(answer)
    assert outcome.status == FAIL
    for word in words:
        assert word in outcome.message, outcome.message


@pytest.mark.parametrize("answer", GATE_RIGHT)
def test_gate_catalogue_right_answers_pass(answer):
    """The solution, the Toolbox's own gate, and a gate with list content and no is_error on success all pass."""
    outcome = ex04.gate.evaluate(answer)
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


APPROVED_BEFORE: dict = {}


def gate_remembering_a_yes(block, toolbox, approve=None):
    """Wrong: keeps the first yes for a tool's name, so a later call of it runs even when its approver says no."""
    def result(content, is_error):
        return {"type": "tool_result", "tool_use_id": block.id, "content": content, "is_error": is_error}

    problem = toolbox.check(block.name, block.input)
    if problem:
        return result(problem, True)
    tool = toolbox[block.name]
    if tool.consequential and not APPROVED_BEFORE.get(block.name):
        if not exact_true(approve, block):
            return result("not approved", True)
        APPROVED_BEFORE[block.name] = True
    try:
        return result(str(tool.handler(**block.input)), False)
    except Exception as exc:
        return result(f"{block.name} failed: {exc}", True)


def test_gate_that_remembers_a_yes_is_not_yet():
    """A gate that keeps a yes between calls is told that a yes approves one call only."""
    APPROVED_BEFORE.clear()
    outcome = ex04.gate.evaluate(gate_remembering_a_yes)
    assert outcome.status == FAIL
    assert "a yes approves one call only" in outcome.message, outcome.message


def test_policy_with_an_unescaped_dot_is_not_yet():
    """r'[\\w.+-]+@example.com', its dot unescaped, approves ana@example-com: not yet, saying to escape it."""
    def policy(name, input):
        return name == "send_email" and re.fullmatch(r"[\w.+-]+@example.com", input.get("to", "")) is not None
    outcome = ex04.email_policy.evaluate(policy)
    assert outcome.status == FAIL and "its domain is example-com" in outcome.message, outcome.message


def test_grounded_matching_part_of_a_citation_is_not_yet():
    """A citation counted as read because a name read is part of it ('kettle.md' in 'archive/kettle.md'): not yet."""
    def by_part(answer, run):
        read = {e.data["input"].get("name") for e in run.events
                if e.kind == "tool_call" and e.data["name"] == "read_doc" and not e.data["is_error"]}
        cited = re.findall(r"\[([^\]]+)\]", answer or "")
        return bool(cited) and all(any(name in c for name in read) for c in cited)
    outcome = ex04.grounded.evaluate(by_part)
    assert outcome.status == FAIL and "archive/kettle.md" in outcome.message, outcome.message


POLICY_LOOSE = [  # (policy, words the feedback must hold): each passed before the cases kept apart from the count
    (lambda n, i: n == "send_email" and re.search(r"^[\w.+-]+@example\.com$", i["to"], re.MULTILINE) is not None,
     ["Bcc", "re.MULTILINE"]),
    (lambda n, i: n == "send_email" and i["to"].count("@") == 1 and i["to"].endswith("@example.com")
     and len(i["to"]) > len("@example.com") and not any(c in i["to"] for c in " ,;"),
     ["'audit\\nana@example.com'", "a line break separates two recipients"]),
    (lambda n, i: n == "send_email" and all(re.fullmatch(r"[\w.+-]+@example\.com", part.strip())
                                            for part in re.split(r"[,;]", i["to"])),
     ["both at example.com", "one address only"]),
    (lambda n, i: "email" in n and re.fullmatch(r"[\w.+-]+@example\.com", i["to"]) is not None,
     ["email_everyone", "compare the whole name"]),
    (policy_match_anchored, ["'ana@example.com\\n'", "'$' matches just before a final line break"]),
    (lambda n, i: n == "send_email" and re.fullmatch(r"[\w.+-]+@example\.com", i["to"].strip()) is not None,
     ["re.fullmatch", "the tool gets the text as it is"]),
]


@pytest.mark.parametrize("answer, words", POLICY_LOOSE)
def test_policy_letting_two_recipients_or_another_tool_through_is_not_yet(answer, words):
    """Multiline anchors, a list of refused characters, every part checked alone, 'email' in the name: not yet."""
    outcome = ex04.email_policy.evaluate(answer)
    assert outcome.status == FAIL, outcome.message
    for word in words:
        assert word in outcome.message, outcome.message


def make_read_note_with(read, strip=""):
    """A read_note that checks with a string prefix after stripping `strip` from the name's start, and reads with
    `read(path)`."""
    def make(folder):
        root = Path(folder).resolve()

        @tool
        def read_note(name: str) -> str:
            """Return the text of one note.

            Args:
                name: Note file name.
            """
            path = (root / name.lstrip(strip)).resolve()
            if not str(path).startswith(str(root)) if strip else not path.is_relative_to(root):
                raise ValueError(f"{name!r} leaves the notes folder")
            return read(path)
        return read_note
    return make


def test_read_note_returning_bytes_or_lines_is_not_yet():
    """A note returned as bytes or as a list of lines: the model reads b'...' or ['...']; not yet."""
    for read, kind in ((Path.read_bytes, "bytes"), (lambda p: p.read_text().splitlines(), "list")):
        outcome = ex04.read_note.evaluate(make_read_note_with(read))
        assert outcome.status == FAIL, outcome.message
        assert f"returned the {kind}" in outcome.message and "a str" in outcome.message, outcome.message


def test_read_note_stripping_the_name_then_testing_a_prefix_is_not_yet():
    """'../' stripped from the name's start, then a string prefix test: 'sub/../../notes-private/...' escapes."""
    outcome = ex04.read_note.evaluate(make_read_note_with(Path.read_text, strip="./"))
    assert outcome.status == FAIL, outcome.message
    assert "sub/../../notes-private/secret.txt" in outcome.message and "is_relative_to" in outcome.message


def grounded_by_any_input(answer, run):
    """Counts as read every input value of every call without error, the search query included."""
    seen = {str(v) for e in run.events if e.kind == "tool_call" and not e.data["is_error"]
            for v in e.data["input"].values()}
    cited = re.findall(r"\[([^\]]+)\]", answer or "")
    return bool(cited) and all(name in seen for name in cited)


def test_grounded_counting_the_search_query_is_not_yet():
    """A citation of what search_docs looked for is no document read: not yet."""
    outcome = ex04.grounded.evaluate(grounded_by_any_input)
    assert outcome.status == FAIL, outcome.message
    assert "[kettle]" in outcome.message and "read_doc calls only" in outcome.message, outcome.message


def test_gate_asking_by_a_list_of_names_or_quoting_the_output_is_not_yet():
    """Consequential tools named in a list (book_flight missed), or the output sent as repr(): not yet."""
    def by_names(approve, block):
        return block.name not in ("send_email", "delete_file") or exact_true(approve, block)

    outcome = ex04.gate.evaluate(gate_with(by_names))
    assert outcome.status == FAIL and "book_flight is consequential too" in outcome.message, outcome.message
    outcome = ex04.gate.evaluate(gate_with(exact_true, text=repr))
    assert outcome.status == FAIL and "send what the handler returned" in outcome.message, outcome.message
