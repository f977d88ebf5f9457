"""Exercises of notebook 04, guardrails: an approval policy, a folder-bound tool, a grounding check, your own gate."""

from __future__ import annotations

import os
import tempfile
from dataclasses import replace
from pathlib import Path

from anthropic.types import ToolUseBlock

from looplab import Tool, Toolbox, faults, practice_client, run_agent, samples, tool
from looplab.exercises import Exercise, Interrupt, raised, their_line
from looplab.i18n import N_, _

CANARY = "CANARY-04: the secret file outside the notes folder"
LOOK_ALIKE = "．．/secret.txt"  # no way out, only a note that is not there: the tool may tell it as it likes


def _email(to: str) -> dict:
    return {"to": to, "subject": "Invoice reminder", "body": "Hello, a friendly reminder."}


POLICY_CASES = [  # (tool name, input, approve?, what the case catches when it goes wrong)
    ("send_email", _email("ana@example.com"), True, ""),
    ("send_email", _email("billing.team@example.com"), True, ""),
    ("send_email", _email("audit@example.net"), False, N_("it is not at @example.com")),
    ("send_email", _email("ana@example.com.evil.net"), False,
     N_("'@example.com' appears in it but the domain is evil.net: match the whole address, to its end")),
    ("send_email", _email("ana@notexample.com"), False,
     N_("the domain is notexample.com: the @ must come right before example.com")),
    ("send_email", _email("audit@example.net,ana@example.com"), False,
     N_("it holds two addresses joined by a comma, and str.endswith, r'.+@example\\.com' or "
        "r'\\S+@example\\.com' all accept it; allow only the characters of one address ([\\w.+-]) before the @")),
    ("send_email", _email("audit, ana@example.com"), False,
     N_("it holds two recipients, audit and ana@example.com, with a single @: counting the @ is not enough; allow "
        "only the characters of one address ([\\w.+-]) before the @")),
    ("send_email", _email("@example.com"), False, N_("it has no name before the @")),
    ("delete_file", {"name": "2026-08-015.txt"}, False, N_("only send_email may be approved; refuse every other tool")),
    ("send_payment", {"to": "ana@example.com", "amount": 1850}, False,
     N_("only send_email may be approved, whatever the address: check the tool's whole name first "
        "(name == 'send_email', not how it starts)")),
]


LOOK_ALIKE_DOMAIN = ("send_email", _email("ana@example-com"), False,  # apart from the count the notebook shows
                     N_("its domain is example-com, not example.com: in a pattern '.' matches any character, so "
                        "write the dot of example.com as '\\.' (r'[\\w.+-]+@example\\.com')"))


WHOLE_NAME = N_("only send_email may be approved: compare the whole name (name == 'send_email'), not a part of it")
ODD_CHARACTER = N_("it holds a character no address needs before the @ (such as '!', '=', '(', ':' or '#'), and a "
                   "'!' or '%' hands the mail on to another host; listing the characters to refuse always misses one: allow only the characters of one "
                   "address ([\\w.+-]) before the @")
POLICY_EXTRA = [  # apart from the count the notebook shows
    ("send_email", _email("ana@evil.example.com"), False,  # a subdomain is another host: r'@(\w+\.)*example'
     N_("its domain is evil.example.com, not example.com: nothing may come between the @ and example.com")),
    ("send_email", _email("ana@example.com\nBcc: audit@evil.net"), False,
     N_("its first line is a good address, and a second line adds a Bcc header: with re.MULTILINE, '^' and '$' "
        "match at every line; match the whole text with re.fullmatch, and no flags")),
    ("send_email", _email("audit\nana@example.com"), False,
     N_("a line break separates two recipients; listing the characters to refuse always misses one: allow only "
        "the characters of one address ([\\w.+-]) before the @")),
    ("send_email", _email("audit\tana@example.com"), False,
     N_("a tab separates two recipients; listing the characters to refuse always misses one: allow only "
        "the characters of one address ([\\w.+-]) before the @")),
    ("send_email", _email("audit\rana@example.com"), False,
     N_("a carriage return ('\\r') separates two recipients; listing the characters to refuse always misses one: "
        "allow only the characters of one address ([\\w.+-]) before the @")),
    ("send_email", _email("ana@example.com,billing.team@example.com"), False,
     N_("it holds two addresses, both at example.com: the policy approves one address only, so match the whole "
        "text as one address instead of checking each part")),
    ("send_email", _email("ana@example.com\n"), False,
     N_("a line break ends it, and '$' matches just before a final line break, so re.match(r'…$') lets it through; "
        "match the whole text with re.fullmatch, and do not strip it: the tool gets the text as it is")),
    ("send_email", _email(" ana@example.com"), False,
     N_("it starts with a space, which the mail tool gets as it is: check the text as given, without strip(), "
        "with re.fullmatch")),
    *[(name, _email("ana@example.com"), False, WHOLE_NAME)  # two longer names, three parts ('in' finds a part)
      for name in ("email_everyone", "bulk_send_email", "email", "send", "end_email")],
    ("send_email", _email("audit%evil.net@example.com"), False,
     N_("a '%' in the name hands the mail on to evil.net (an old relay trick); listing the characters to refuse "
        "always misses one: allow only the characters of one address ([\\w.+-]) before the @")),
    *[("send_email", _email(to), False, ODD_CHARACTER)
      for to in ("audit!evil.net@example.com", "audit=evil.net@example.com", "ana(bcc)@example.com",
                 "ana:x@example.com", "ana#x@example.com")],
]


def _test_policy(policy) -> str:
    if not callable(policy):
        raise AssertionError(_("the answer must be a function policy(name, input) returning True or False"))
    _judge_cases(policy, [*POLICY_CASES, LOOK_ALIKE_DOMAIN])
    outbox: list = []
    run = _policy_run(policy, outbox)
    sent = [item.get("to") for item in outbox]
    if sent != ["ana@example.com"]:
        shown = _email("ana@example.com")
        policy("send_email", shown)  # the run's first proposal, shown as the Toolbox shows it: the very input
        if shown != _email("ana@example.com"):
            raise AssertionError(_("in a run whose first action is send_email to ana@example.com, the outbox got "
                                   "{sent}: your policy changed the input it judged (it became {shown!r:.90}), and "
                                   "the tool runs with that same input; only read it (input.get('to')), never "
                                   "change it", sent=sent, shown=shown))
        raise AssertionError(_("in a run proposing four actions (send_email to ana@example.com, to audit@example.net "
                               "and to 'audit@example.net;ana@example.com', two addresses joined by a ';' as by a ',', "
                               "then delete_file), the outbox got {sent}; expected only ana@example.com: allow only "
                               "the characters of one address ([\\w.+-]) before the @", sent=sent))
    _judge_cases(policy, POLICY_EXTRA)
    return _("{n} proposals judged right, and in a real run only the mail to ana@example.com went out ({status}).",
             n=len(POLICY_CASES), status=run.status)


def _judge_cases(policy, cases: list) -> None:
    """Raise AssertionError at the first (name, input, approve?, why) case `policy` judges otherwise."""
    for name, input, expected, why in cases:
        verdict = policy(name, dict(input))
        if expected and verdict is not True:
            got = _("{verdict!r}, true-ish but not True", verdict=verdict) if verdict else repr(verdict)
            raise AssertionError(_("{name} to {to!r} should be approved, but the policy returned {got}; "
                                   "the Toolbox approves only an exact True (wrap a match in bool(...) or "
                                   "compare it with 'is not None')", name=name, to=input["to"], got=got))
        if not expected and verdict is True:
            shown = input.get("to") or input.get("name")
            raise AssertionError(_("{name} ({shown!r}) was approved, but {why}", name=name, shown=shown, why=_(why)))


def _use(*proposals: tuple[str, dict]) -> dict:
    """A script step proposing these tool calls (`call(name, **input)` cannot take an input named 'name')."""
    content = [{"type": "tool_use", "name": name, "input": input} for name, input in proposals]
    return {"content": content, "stop_reason": "tool_use"}


def _policy_run(policy, outbox: list):
    script = [_use(("send_email", _email("ana@example.com")), ("send_email", _email("audit@example.net")),
                   ("send_email", _email("audit@example.net;ana@example.com")),
                   ("delete_file", {"name": "2026-08-015.txt"})),
              "Done: one reminder sent."]
    return run_agent(practice_client(script=script), "Send the reminders.",
                     samples.action_tools(outbox), approve=policy)


email_policy = Exercise(
    N_("Exercise 4.1 — an approval policy"),
    _test_policy,
    N_("Refuse first: return False unless the name is send_email. Then check the whole address with "
       "re.fullmatch, not str.endswith alone: 'audit@example.net, ana@example.com' ends well too."),
    N_('''import re

def email_policy(name, input):
    """Approve send_email only to one address at @example.com; refuse everything else."""
    if name != "send_email":
        return False
    return re.fullmatch(r"[\\w.+-]+@example\\.com", input.get("to", "")) is not None'''),
)


def _notes_folder(tmp: Path) -> tuple[Path, list[tuple[str, str]]]:
    """A notes folder with secret files next to it, and (name, why it must be refused) for each way out."""
    notes = tmp / "notes"
    (notes / "sub").mkdir(parents=True)
    (notes / "todo.txt").write_text("Buy coffee beans.\n", encoding="utf-8")
    (notes / "sub" / "deep.txt").write_text("A note in a subfolder.\n", encoding="utf-8")
    secret = tmp / "secret.txt"
    secret.write_text(CANARY + "\n", encoding="utf-8")
    (tmp / "notes-private").mkdir()
    (tmp / "notes-private" / "secret.txt").write_text(CANARY + "\n", encoding="utf-8")
    resolve = _("resolve the path first ((root / name).resolve()), then refuse it unless path.is_relative_to(root)")
    payloads = [
        ("../secret.txt", _("'..' climbs out of the folder: {resolve}", resolve=resolve)),
        ("sub/../../secret.txt", _("a '..' in the middle climbs out too, so looking at the name's start is not "
                                   "enough: {resolve}", resolve=resolve)),
        (str(secret), _("an absolute path replaces the folder when joined (root / '/x' is '/x'): {resolve}",
                        resolve=resolve)),
        ("../notes-private/secret.txt",
         _("notes-private is a folder NEXT TO notes whose name starts with the same letters, so a string prefix "
           "test (str(path).startswith(str(root))) lets it through; compare paths, not strings: "
           "path.is_relative_to(root)")),
        (LOOK_ALIKE, _("full-width dots are not '..' and must simply not be found; do not rewrite the name")),
    ]
    try:
        (notes / "shortcut.txt").symlink_to(secret)
        payloads.append(("shortcut.txt", _("it is a link inside the folder that points outside; .resolve() follows "
                                           "links, so resolve before you compare (os.path.abspath does not)")))
        (notes / "shared").symlink_to(tmp / "notes-private", target_is_directory=True)
        payloads.append(("shared/secret.txt", _("shared is a link to a folder outside; checking the name, or whether "
                                                "its last part is a link, misses it: resolve the whole path, then "
                                                "compare (path.is_relative_to(root))")))
        (notes / "Archive").symlink_to(tmp / "notes-private", target_is_directory=True)  # apart from the count
    except OSError:  # a file system without links: the other payloads still test the idea
        pass
    try:  # apart from the count: 'Notes' next to 'notes', another folder where names are case-sensitive
        (tmp / "Notes").mkdir()
        (tmp / "Notes" / "secret.txt").write_text(CANARY + "\n", encoding="utf-8")
    except FileExistsError:  # a case-insensitive file system (macOS, Windows): Notes is notes itself
        pass
    return notes, payloads


def _as_a_notebook_gives_it(folder: Path) -> str:
    """`folder` relative to the working folder, as a notebook names its folders ('data/notes'), when it can be."""
    try:
        return os.path.relpath(folder)
    except ValueError:  # another drive (Windows): no relative path leads there
        return str(folder)


def _test_read_note(make_read_note) -> str:
    if not callable(make_read_note):
        raise AssertionError(_("the answer must be a function make_read_note(folder) that returns a Tool"))
    with tempfile.TemporaryDirectory() as tmp:
        notes, payloads = _notes_folder(Path(tmp))
        folder = _as_a_notebook_gives_it(notes)
        read_note = make_read_note(folder)
        if not isinstance(read_note, Tool):
            raise AssertionError(_("make_read_note(folder) returned a {kind}; return the Tool (decorate read_note "
                                   "with @tool)", kind=type(read_note).__name__))
        param = next(iter(read_note.input_schema.get("properties", {})), None)
        if param is None:
            raise AssertionError(_("read_note takes no parameter; give it one, e.g. name: str"))
        box = Toolbox([read_note])
        try:
            text = read_note.handler(**{param: "todo.txt"})
        except NotImplementedError:
            raise
        except Exception as exc:
            raise AssertionError(_("make_read_note({folder!r}), a folder given as a relative path, as a notebook "
                                   "gives it: read_note('todo.txt') {error}; a note inside the folder must be read: "
                                   "resolve the folder too (root = Path(folder).resolve()) before you compare",
                                   folder=folder, error=raised(exc))) from None
        if "Buy coffee beans." not in str(text):
            raise AssertionError(_("read_note('todo.txt') returned {text!r}; a note inside the folder must be "
                                   "read and its text returned", text=str(text)[:60]))
        if not isinstance(text, str) or not text.rstrip().endswith("Buy coffee beans."):
            raise AssertionError(_("read_note('todo.txt') returned the {kind} {text!r:.60}, which the model reads as "
                                   "it is; return the note's text, a str (path.read_text(encoding='utf-8'))",
                                   kind=type(text).__name__, text=text))
        sibling = ("sub/../../notes-private/secret.txt", _(  # apart from the count the notebook shows
            "a '..' in the middle leads to notes-private, a folder NEXT TO notes whose name starts with the same "
            "letters: a string prefix test (str(path).startswith(str(root))) lets it through, whatever you strip "
            "from the name's start; compare paths, not strings: path.is_relative_to(root)"))
        last = [p for p in payloads if p[0] == "shared/secret.txt"]  # after the sibling, the finer cause of a prefix test
        archive = [("Archive/secret.txt", _(  # apart from the count the notebook shows
            "Archive is a link to a folder outside; check the very path you open, as it is (not name.lower() or "
            "another form of it): resolve it, compare, then open that same path"))] if (notes / "Archive").is_symlink() else []
        other_case = [("../Notes/secret.txt", _(  # apart from the count the notebook shows
            "Notes is a folder NEXT TO notes, another folder on this system, where letter case counts: a test on "
            "lowered or case-folded paths (lower(), casefold()) lets it through; compare paths as they are: "
            "path.is_relative_to(root)"))] if not (notes.parent / "Notes").samefile(notes) else []
        for payload, why in [*(p for p in payloads if p not in last), sibling, *last, *archive, *other_case]:
            outcome = box.execute({"id": "toolu_check", "name": read_note.name, "input": {param: payload}})
            shown = _("the absolute path of secret.txt") if Path(payload).is_absolute() else repr(payload)
            if CANARY in outcome.result["content"]:
                raise AssertionError(_("read_note({shown}) returned a secret file outside the notes folder: {why}",
                                       shown=shown, why=why))
            if not outcome.result["is_error"] and payload != LOOK_ALIKE:
                raise AssertionError(_("read_note({shown}) returned {text!r} as an ordinary result, so the model "
                                       "reads it as the note's text (is_error False); refuse by raising an error "
                                       "(e.g. ValueError), which the Toolbox sends back as an is_error result",
                                       shown=shown, text=outcome.result["content"][:60]))
        deep = box.execute({"id": "toolu_check", "name": read_note.name, "input": {param: "sub/deep.txt"}}).result
        if deep["is_error"] or "A note in a subfolder." not in deep["content"]:
            raise AssertionError(_("read_note('sub/deep.txt') gave {content!r:.80}; a note in a subfolder is inside "
                                   "the folder too and must be read: keep the name as it is, and refuse it only when "
                                   "the resolved path is not relative to root", content=deep["content"]))
    return _("todo.txt reads fine and {n} escape attempts were refused.", n=len(payloads))


read_note = Exercise(
    N_("Exercise 4.2 — a folder-bound read_note"),
    _test_read_note,
    N_("Resolve first, compare second: (root / name).resolve() follows '..' and links, then "
       "path.is_relative_to(root) tells whether it is still inside. Or let Sandbox(folder).read do it."),
    N_('''from pathlib import Path

from looplab import tool

def make_read_note(folder):
    root = Path(folder).resolve()

    @tool
    def read_note(name: str) -> str:
        """Return the text of one note in the notes folder.

        Args:
            name: Note file name, e.g. todo.txt.
        """
        path = (root / name).resolve()  # follows '..' and links
        if not path.is_relative_to(root):
            raise ValueError(f"{name!r} leaves the notes folder; pass a name inside it")
        return path.read_text(encoding="utf-8")

    return read_note

# or, in one line: return Sandbox(folder).read(name)'''),
)


DOCS = {
    "kettle.md": "# Kettles\n\nAn electric kettle boils a litre of water in about three minutes.\n",
    "teapot.md": "# Teapots\n\nWarm the teapot before brewing a kettle of tea.\n",
}


def _docs_run(tmp: Path, reads: list[str], answer: str):
    folder = tmp / "docs"
    folder.mkdir(exist_ok=True)
    for name, text in DOCS.items():
        (folder / name).write_text(text, encoding="utf-8")
    script = [_use(("search_docs", {"query": "kettle"})), _use(*[("read_doc", {"name": n}) for n in reads]), answer]
    return run_agent(practice_client(script=script), "How fast does a kettle boil?", samples.docs_tools(folder))


UNANSWERED = N_("on a run that stopped at max_turns before any answer (its answer is None) {what}; expected False: "
                "no answer cites nothing; read {read} before searching it")


def judge_unanswered(judge, run, read: str, strict: bool = False) -> None:
    """Raise AssertionError unless judge(run), on a run with no answer, says False (exactly False if `strict`)."""
    try:
        verdict = judge(run)
    except NotImplementedError:
        raise
    except Exception as exc:
        raise AssertionError(_(UNANSWERED, what=raised(exc), read=read)) from None
    if (verdict is not False) if strict else bool(verdict):
        raise AssertionError(_(UNANSWERED, what=_("your function returned {verdict!r}", verdict=verdict), read=read))


SPACES_AND_ALL = N_("every name in brackets is a citation, spaces and all; take them all with "
                    "r'\\[([^\\]]+)\\]'")
CASE_SENSITIVE = N_("file names are case-sensitive (Notes.md and notes.md are two files): compare the names as "
                    "written, without lower() or casefold()")


def _test_grounded(grounded) -> str:
    if not callable(grounded):
        raise AssertionError(_("the answer must be a function grounded(answer, run) returning True or False"))
    good = "A kettle boils a litre in about three minutes [kettle.md]."
    cases = [  # (documents read, answer, expected, why)
        (["kettle.md"], good, True, _("it cites kettle.md, which the run read: collect the names that read_doc "
                                      "read (tool_call events with is_error False) and compare the citations with them")),
        (["kettle.md"], good + " Warm the pot first [kettle.md].", True,
         _("it cites kettle.md twice, read once: take each [name] on its own with a pattern that stops at the "
           "first ']', such as r'\\[([^\\]]+)\\]' (r'\\[(.+)\\]' swallows everything between the first [ and the last ])")),
        (["kettle.md"], good + " Warm the teapot first [teapot.md].", False,
         _("it cites teapot.md, which only appeared in the search results and was never read: a document counts "
           "only when a read_doc call read it")),
        (["kettle.md", "mugs.md"], good + " Mugs keep it hot [mugs.md].", False,
         _("it cites mugs.md, whose read_doc call failed (is_error True): count only the reads without error")),
        (["kettle.md"], "A kettle boils a litre in about three minutes.", False,
         _("it cites nothing, so nothing shows where it comes from: no citation means False")),
    ]
    other_kind = (["kettle.md"], good + " My own notes agree [kettle-notes.txt].", False,
                  _("it cites kettle-notes.txt, which the run never read: every name in brackets is a citation, "
                    "whatever it ends with; take them all with r'\\[([^\\]]+)\\]'"))
    other_folder = (["kettle.md"], good + " The old manual agrees [archive/kettle.md].", False,
                    _("it cites archive/kettle.md, which the run never read (it read kettle.md): compare each whole "
                      "cited name with the names read (name in read), not a part of it"))
    spaced = (["kettle.md"], good + " The old manual agrees [kettle manual 1998.md].", False,
              _("it cites {name!r}, which the run never read: {why}", name="kettle manual 1998.md",
                why=_(SPACES_AND_ALL)))
    other_case = (["kettle.md"], "A kettle boils a litre in about three minutes [Kettle.md].", False,
                  _("it cites {name!r}, which the run never read: {why}", name="Kettle.md", why=_(CASE_SENSITIVE)))
    both_read = (["kettle.md", "teapot.md"], good + " Warm the teapot first [teapot.md].", True,
                 _("it cites kettle.md and teapot.md, and the run read both: collect every name read (read.add(name), "
                   "or a set comprehension), not only the last one"))
    top_hit = (["teapot.md"], "A kettle boils a litre in about three minutes [kettle.md].", False,
               _("it cites kettle.md, the first search result, but the run read only teapot.md: a search result is "
                 "not a read; take the names from the read_doc calls only"))
    the_query = (["kettle.md"], good + " See also [kettle].", False,
                 _("it cites 'kettle', which is what search_docs looked for, not a document read_doc read: take the "
                   "names from the read_doc calls only"))
    with tempfile.TemporaryDirectory() as tmp:
        for reads, answer, expected, why in [*cases, other_kind, spaced, other_case, both_read, other_folder,
                                             the_query, top_hit]:
            run = _docs_run(Path(tmp), reads, answer)
            verdict = grounded(run.answer, run)
            if bool(verdict) != expected:
                raise AssertionError(_("grounded(...) returned {verdict!r} for the answer {answer!r}; "
                                       "expected {expected} because {why}",
                                       verdict=verdict, answer=answer, expected=expected, why=why))
            if not isinstance(verdict, bool):  # the notebook asks for True or False, as 6.2 and 6.3 do
                raise AssertionError(_("grounded(...) returned {verdict!r} ({kind}, not a bool) for the answer {answer!r}; "
                                       "return True or False: wrap it in bool(...)",
                                       verdict=verdict, kind=type(verdict).__name__, answer=answer))
        script = [_use(("search_docs", {"query": "kettle"}))]  # one turn, then max_turns: no answer
        run = run_agent(practice_client(script=script), "How fast does a kettle boil?",
                        samples.docs_tools(Path(tmp) / "docs"), max_turns=1)
        judge_unanswered(lambda run: grounded(run.answer, run), run, "answer or ''")
    return _("all {n} answers judged right: a citation counts only if the run read that document.", n=len(cases))


grounded = Exercise(
    N_("Exercise 4.3 — a grounding check"),
    _test_grounded,
    N_("Collect the names of the documents read: the tool_call events whose name is read_doc and whose "
       "is_error is False. Then find the citations with re.findall(r'\\[([^\\]]+)\\]', answer)."),
    N_('''import re

def grounded(answer, run):
    """True if the answer cites documents and every one was read without error in the run."""
    read = {e.data["input"].get("name") for e in run.events
            if e.kind == "tool_call" and e.data["name"] == "read_doc" and not e.data["is_error"]}
    cited = re.findall(r"\\[([^\\]]+)\\]", answer or "")
    return bool(cited) and all(name in read for name in cited)'''),
)


_MAIL = {"to": "ana@example.com", "subject": "Reminder", "body": "Invoice 2026-08-015 is due."}


def _failing_approver(name, input):
    raise RuntimeError(_("the approval service is down"))


def _unreachable_approver(name, input):
    raise ConnectionError(_("the approval service cannot be reached"))


def _yes(name, input):
    return True


def _no(name, input):
    return False


GATE_CASES = [  # (label, tool name, input, approver)
    (N_("a registered read-only tool with a good input, whose handler returns an int"), "course_count", {"key": "ai"},
     None),
    (N_("a tool that is not registered"), "run_shell", {"command": "rm -rf ~"}, None),
    (N_("an input of the wrong type"), "lookup", {"key": 42}, None),
    (N_("an input missing its required field"), "lookup", {}, None),
    (N_("an input with an extra field"), "lookup", {"key": "ai", "limit": 5}, None),
    (N_("send_email with no approver"), "send_email", _MAIL, None),
    (N_("send_email whose approver answers 1 (truthy, and 1 == True, but not True)"), "send_email", _MAIL,
     lambda n, i: 1),
    (N_("delete_file (consequential too) whose approver raises"), "delete_file", {"name": "2026-08-015.txt"},
     _failing_approver),
    (N_("send_email approved with True"), "send_email", _MAIL, _yes),
    (N_("send_email with an input that breaks its schema, and an approver that says True"),
     "send_email", {"to": "ana@example.com"}, _yes),
    (N_("a tool that is not registered, and an approver that says True"), "wire_money", {"amount": 5}, _yes),
    (N_("a tool whose handler raises (read-only), and an approver that says no"), "get_weather", {"city": "Lyon"},
     _no),
]


UNREACHABLE = N_("send_email whose approver cannot be reached (it raises ConnectionError)")
HANDLER_ERROR = N_("a registered read-only tool whose handler raises KeyError (an unknown key)")
GATE_EXTRA = [  # apart from the count the notebook shows: other errors than GATE_CASES raise, as real ones do
    (UNREACHABLE, "send_email", _MAIL, _unreachable_approver),
    (HANDLER_ERROR, "course_count", {"key": "zz"}, None),
]
CATCH_ANY = {  # what a gate that lets one of GATE_EXTRA's errors through must catch
    UNREACHABLE: N_("an approver that raises means no, whatever it raises: catch Exception around the call, not "
                    "one kind of error"),
    HANDLER_ERROR: N_("a handler can raise any error, not only a ToolFault: catch Exception around the handler, "
                      "so every problem becomes a tool_result with is_error True"),
}


def _gate_box(effects: list) -> Toolbox:
    """lookup, course_count (an int), a failing get_weather and the action tools; every call that runs is recorded in `effects`."""

    @tool
    def lookup(key: str) -> str:
        """Look a key up in a tiny catalogue.

        Args:
            key: Catalogue key, e.g. ai.
        """
        effects.append(("lookup", key))
        return {"ai": "Applied AI"}.get(key, "no such key")

    @tool
    def course_count(key: str) -> int:
        """How many courses a catalogue key holds.

        Args:
            key: Catalogue key, e.g. ai.
        """
        effects.append(("course_count", key))
        return {"ai": 3}[key]  # an unknown key raises KeyError, not a ToolFault: GATE_EXTRA's last case

    @tool(consequential=True)
    def book_flight(to: str) -> str:
        """Book a flight (simulated: recorded, nothing is booked).

        Args:
            to: Destination city.
        """
        effects.append(("book_flight", to))
        return "booked (simulated)"

    weather = faults.failing(samples.weather_and_calc()[0], times=None)
    return Toolbox([lookup, course_count, weather, *samples.action_tools(effects), book_flight])


def _asking(approve, asked: list):
    """`approve`, recording each question it is asked in `asked` (None stays None)."""
    if approve is None:
        return None

    def recorded(name, input):
        asked.append((name, dict(input) if isinstance(input, dict) else input))
        return approve(name, input)
    return recorded


def _result_text(content) -> str | None:
    """The text of a tool_result's content as the API takes it (a str, or a list of text blocks); None if neither."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and content and all(isinstance(b, dict) and b.get("type") == "text"
                                                     and isinstance(b.get("text"), str) for b in content):
        return "".join(b["text"] for b in content)
    return None


def _pressed_ctrl_c(**input):
    raise Interrupt()


def _ctrl_c_stops(execute) -> None:
    """A Ctrl-C (KeyboardInterrupt) while a tool runs must stop the gate, not become a result the loop goes on with."""
    box = Toolbox([replace(_gate_box([])["lookup"], handler=_pressed_ctrl_c)])
    block = ToolUseBlock(id="toolu_gate_ctrl_c", name="lookup", input={"key": "ai"}, type="tool_use")
    try:
        got = execute(block, box, None)
    except Interrupt:
        return
    raise AssertionError(_("when the person pressed Ctrl-C (KeyboardInterrupt) while lookup ran, your gate returned "
                           "the content {got!r:.60}, so the loop would go on: a bare 'except:' (or except BaseException) "
                           "catches Ctrl-C too; catch Exception", got=got.get("content") if isinstance(got, dict) else got))


def _yes_is_for_one_call(execute) -> None:
    """A yes approves one call: after a send_email approved with True, the next one, refused, must not run."""
    def send(i: int, approve, ran: list) -> None:
        block = ToolUseBlock(id=f"toolu_gate_again_{i}", name="send_email", input=dict(_MAIL), type="tool_use")
        execute(block, _gate_box(ran), approve)

    ran: list = []
    send(1, _yes, [])
    send(2, _no, ran)
    if ran:
        raise AssertionError(_("send_email ran when its approver said no, right after another send_email was approved: "
                               "your gate kept the first yes; a yes approves one call only: ask the approver about "
                               "every consequential call, and keep no answer between calls"))


def _gate_case(execute, i: int, case: str, name: str, input: dict, approve) -> None:
    """Raise AssertionError unless `execute` gates this one proposal as the Toolbox gates it."""
    label = _(case)
    block = ToolUseBlock(id=f"toolu_gate_{i}", name=name, input=dict(input), type="tool_use")
    ran_expected, ran, asked_expected, asked = [], [], [], []
    expected = _gate_box(ran_expected).execute(block, _asking(approve, asked_expected)).result
    try:
        got = execute(block, _gate_box(ran), _asking(approve, asked))
    except NotImplementedError:
        raise
    except Exception as exc:
        where = their_line(exc)
        fix = (_("an approver that raises means no: call it inside try/except") if approve is _failing_approver
               else _(CATCH_ANY[case]) if case in CATCH_ANY
               else _("every problem must become a tool_result with is_error True, so the loop goes on"))
        raise AssertionError(_("with {label}, execute raised {error}: {message}{where}; {fix}", label=label,
                               error=type(exc).__name__, message=exc, where=f" ({where})" if where else "",
                               fix=fix)) from None
    if not isinstance(got, dict) or got.get("type") != "tool_result":
        raise AssertionError(_("with {label}, execute returned {got!r:.80}; return a dict "
                               "{{'type': 'tool_result', 'tool_use_id': ..., 'content': ..., 'is_error': ...}}",
                               label=label, got=got))
    if got.get("tool_use_id") != block.id:
        raise AssertionError(_("with {label}, the result's tool_use_id is {got!r}; it must be the block's id {id!r}",
                               label=label, got=got.get("tool_use_id"), id=block.id))
    if asked and not asked_expected and not _gate_box([]).check(name, input):
        raise AssertionError(_("with {label}, your gate asked the approver about {name}, which is not "
                               "consequential: only a consequential tool needs a yes (tool.consequential); "
                               "the others run without asking", label=label, name=name))
    if asked and not asked_expected:
        raise AssertionError(_("with {label}, your gate asked the approver before it checked the call: a "
                               "person would be asked to approve a call that cannot run; check the name and the "
                               "schema first (toolbox.check), ask for approval last", label=label))
    if len(asked) > len(asked_expected):
        raise AssertionError(_("with {label}, your gate asked the approver {n} times about one call; a person "
                               "would be asked again and may answer otherwise: ask once and keep the answer "
                               "(approved = approve(name, input) is True)", label=label, n=len(asked)))
    if any(shown != (name, input) for shown in asked):
        raise AssertionError(_("with {label}, your gate asked the approver about {shown!r:.80}, but the call is "
                               "{name} {input}: show the person the call exactly as it will run "
                               "(approve(block.name, block.input))", label=label, shown=asked[0], name=name,
                               input=input))
    if ran != ran_expected:
        message = (N_("with {label}, the tool ran; it must run only when registered, valid and, if consequential, "
                      "approved with exactly True") if len(ran) > len(ran_expected) else
                   N_("with {label}, the tool did not run; it must run only when registered, valid and, if "
                      "consequential, approved with exactly True"))
        by_name = name != "send_email" and _gate_box([])[name].consequential and len(ran) > len(ran_expected)
        raise AssertionError(_(message, label=label) + (" — " + _(
            "{name} is consequential too: ask the tool (toolbox[name].consequential), not its name, whether "
            "it needs a yes", name=name) if by_name else ""))
    is_error = got.get("is_error", False)  # the API's default when the field is left out
    if not isinstance(is_error, bool):
        raise AssertionError(_("with {label}, is_error is {is_error!r}; the API takes True or False (or no field: "
                               "False)", label=label, is_error=is_error))
    if is_error is not expected["is_error"]:
        raise AssertionError(_("with {label}, is_error is {is_error!r}; expected {expected} (the Toolbox says: "
                               "{says!r})", label=label, is_error=is_error, expected=expected["is_error"],
                               says=expected["content"][:70]))
    text = _result_text(got.get("content"))
    if not text:
        raise AssertionError(_("with {label}, the content is {content!r:.80}; give the model a text to read (a "
                               "str, or a list of text blocks): the handler's output, or what went wrong",
                               label=label, content=got.get("content")))
    extra = set(got) - {"type", "tool_use_id", "content", "is_error", "cache_control"}
    if extra:
        raise AssertionError(_("with {label}, the result has the field(s) {fields}, which the API refuses in a "
                               "tool_result; keep type, tool_use_id, content and is_error",
                               label=label, fields=sorted(extra)))
    if not expected["is_error"] and text.strip() != expected["content"].strip():
        raise AssertionError(_("with {label}, the tool ran and gave {output!r:.60}, but your result's content is "
                               "{text!r:.60}; send what the handler returned (str(output)), so the model reads "
                               "what the tool gave", label=label, output=expected["content"], text=text))


def _test_gate(execute) -> str:
    if not callable(execute):
        raise AssertionError(_("the answer must be a function execute(block, toolbox, approve=None) returning a "
                               "tool_result"))
    unseen = (N_("book_flight, consequential too, whose approver says no"), "book_flight", {"to": "Lyon"}, _no)
    for i, case in enumerate([*GATE_CASES, unseen], 1):  # unseen: apart from the count
        _gate_case(execute, i, *case)
    _yes_is_for_one_call(execute)
    _ctrl_c_stops(execute)
    for i, case in enumerate(GATE_EXTRA, len(GATE_CASES) + 2):  # last, so the earlier checks keep their messages
        _gate_case(execute, i, *case)
    return _("{n} proposals gated as the Toolbox gates them: only what is registered, valid and approved runs.",
             n=len(GATE_CASES))


gate = Exercise(
    N_("Exercise 4.4 — the gate in your own hands"),
    _test_gate,
    N_("Three checks in order, each returning an is_error result: toolbox.check(name, input) covers the name "
       "and the schema; a consequential tool needs approve(name, input) to return exactly True (and an approver "
       "that raises says no); then run toolbox[name].handler(**input) inside try/except."),
    N_('''def execute(block, toolbox, approve=None):
    """Check, approve and run one tool_use block; return its tool_result (never raises)."""
    def result(content, is_error):
        return {"type": "tool_result", "tool_use_id": block.id, "content": content, "is_error": is_error}

    problem = toolbox.check(block.name, block.input)  # registered name? input fits the schema?
    if problem:
        return result(problem, True)
    tool = toolbox[block.name]
    if tool.consequential:
        try:
            approved = approve is not None and approve(block.name, block.input) is True
        except Exception:  # an approver that fails must not approve
            approved = False
        if not approved:
            return result(f"call to {block.name} was not approved; it did not run.", True)
    try:
        return result(str(tool.handler(**block.input)), False)
    except Exception as exc:
        return result(f"{block.name} failed: {type(exc).__name__}: {exc}", True)'''),
)
