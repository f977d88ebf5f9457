"""Exercises of notebook 06: count tool calls from a JSONL log; check citations; add an eval case."""

from __future__ import annotations

import copy
import os
import re
import tempfile
from collections import Counter
from pathlib import Path

from looplab.client import practice_client
from looplab.exercises import Exercise, raised
from looplab.exercises.ex04 import CASE_SENSITIVE, SPACES_AND_ALL, judge_unanswered
from looplab.guards import allow_only, deny_all
from looplab.i18n import N_, _
from looplab.loop import run_agent
from looplab.practice import call, calls, say, stop
from looplab.samples import action_tools, docs_tools
from looplab.trace import jsonl_logger, read_jsonl

HEAT = "What do our articles say about heat pumps in cold climates?"
VOLCANO = "What do our articles say about volcanoes in Iceland?"
EVAL_QUESTIONS = (  # the notebook's evaluation set, in English and French: a new case must ask something else
    HEAT,
    "How do I keep a sourdough starter alive?",
    "What should cyclists do at junctions?",
    "When do coffee deliveries arrive?",
    VOLCANO,
    "What do our articles say about the price of bitcoin?",
    "Que disent nos articles sur les pompes à chaleur en climat froid ?",
    "Comment garder un levain en vie ?",
    "Que doivent faire les cyclistes aux carrefours ?",
    "Quand arrivent les livraisons de café ?",
    "Que disent nos articles sur les volcans en Islande ?",
    "Que disent nos articles sur le cours du bitcoin ?",
)


def articles() -> Path:
    """The articles folder: data/articles from a notebook, else the repository's copy."""
    here = Path("data/articles")
    return here if here.is_dir() else Path(__file__).resolve().parents[3] / "notebooks" / "data" / "articles"


def _research(question: str):
    """The practice agent researching `question` (6.3 asks whether the agent itself cites the new case's source)."""
    return run_agent(practice_client(), question, docs_tools(articles()), max_turns=6)


def _scripted(answer: str):
    """A finished run whose answer is `answer` (a scripted model, no tools)."""
    return run_agent(practice_client(script=[say(answer)]), "What do our articles say?", [])


def _unanswered():
    """A research run stopped by max_turns before any answer: its answer is None."""
    return run_agent(practice_client(never_stop=True), "What do our articles say?", docs_tools(articles()), max_turns=1)


def _reading(query: str, names: list[str] | None, answer: str, on_event=None):
    """A scripted research run: search_docs(query), then read_doc of each name in one turn, then `answer`;
    names None: the reply after the search proposes read_doc but is cut off by max_tokens, so it never runs."""
    read = (calls([call("read_doc", name=n) for n in names]) if names is not None
            else stop("max_tokens", partial_tool="read_doc"))
    script = [call("search_docs", query=query), read, say(answer)]
    return run_agent(practice_client(script=script), "What do our articles say?", docs_tools(articles()),
                     max_turns=6, on_event=on_event)


def _log_rows(runs: list[tuple[str, list[str]]]) -> list[dict]:
    """The JSONL rows of scripted research runs, each (query, names read; a name may not exist)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "research.jsonl"
        log = jsonl_logger(path)
        for query, names in runs:
            if query is MAILED or query is REFUSED:
                _mailing(log, deny_all if query is REFUSED else allow_only("send_email"))
            else:
                _reading(query, names, "Done.", on_event=log)
        return read_jsonl(path)


def _mailing(on_event, approve):
    """A run that proposes one email, which `approve` approves or refuses: its log holds an 'approval' row, then
    the 'tool_call' row (ran False and is_error True when refused)."""
    script = [call("send_email", to="ana@example.com", subject="Notes", body="The articles are read."), say("Sent.")]
    run_agent(practice_client(script=script), "Send Ana the notes.", action_tools([]), approve=approve,
              on_event=on_event)


HEAT_READS = ("heat pumps", ["heat-pumps-cold-climates.md", "insulate-before-you-electrify.md", "heat-pumps-mars.md"])
NOTHING_READ = ("volcanoes", None)  # the read_doc it proposes is cut off: a model_reply row lists it, no tool_call
MAILED = object()  # in a list of runs: the run of _mailing
REFUSED = object()  # in a list of runs: the run of _mailing whose email the approver refuses


def test_tool_counts(tool_counts) -> str:
    """tool_counts(rows) counts the tool_call rows of real logs by tool name, failed calls included."""
    if not callable(tool_counts):
        raise AssertionError(_("pass your function itself: ex06.tool_counts.check(tool_counts)"))
    logs = [(_("a run that searched once and read three articles, one of them missing (an is_error call)"),
             [HEAT_READS], {"search_docs": 1, "read_doc": 3}),
            (_("a run that searched and read nothing"), [NOTHING_READ], {"search_docs": 1}),
            (_("both runs in one log, the first one twice, then a run that sent an approved email (an 'approval' "
               "row, then its 'tool_call' row)"), [HEAT_READS, NOTHING_READ, HEAT_READS, (MAILED, None)],
             {"search_docs": 3, "read_doc": 6, "send_email": 1})]
    refused = (_("a run whose email the approver refused (the call never ran; its row has is_error True)"),
               [(REFUSED, None)], {"send_email": 1})  # apart from the three logs the praise counts
    for label, runs, expected in [*logs, refused]:
        rows = _log_rows(runs)
        given = copy.deepcopy(rows)
        got = tool_counts(given)
        if given != rows:
            raise AssertionError(_("on the log of {label} tool_counts changed the rows it was given; only read "
                                   "them, so the caller can use the log again", label=label))
        if not isinstance(got, dict) or {name: n for name, n in got.items() if n != 0} != expected:  # 0 calls: true
            calls = [row["data"] for row in rows if row["kind"] == "tool_call"]
            succeeded = Counter(call["name"] for call in calls if not call["is_error"])
            distinct = Counter(name for name, _input in {(call["name"], repr(call["input"])) for call in calls})
            per_turn = Counter(name for _turn, name in {(row["turn"], row["data"]["name"]) for row in rows
                                                       if row["kind"] == "tool_call"})
            denied = [call["name"] for call in calls if call.get("approved") is False]
            proposed = Counter(u["name"] for row in rows if row["kind"] == "model_reply" for u in row["data"]["tool_uses"])
            why = (_("a call the approver refused never ran, but it is a call too: count every tool_call row, "
                     "whether it ran or not")
                   if isinstance(got, dict) and denied and not got.get(denied[0]) else
                   _("a failed call is a call too: count every tool_call row, is_error or not")
                   if isinstance(got, dict) and dict(got) == dict(succeeded) else
                   _("a model_reply row lists the calls the model proposed, and a reply cut off by max_tokens "
                     "proposed a read_doc that never ran: count the tool_call rows")
                   if isinstance(got, dict) and dict(got) == dict(proposed) else
                   _("the same call can run twice (the same question asked again, a retry), and each run counts: "
                     "count every tool_call row, repeats included")
                   if isinstance(got, dict) and dict(got) == dict(distinct) else
                   _("one turn can call the same tool several times (three read_doc at once), and each call counts: "
                     "count every tool_call row, not one per turn")
                   if isinstance(got, dict) and dict(got) == dict(per_turn) else
                   _("an 'approval' row names the tool too, before its 'tool_call' row: count the rows whose kind "
                     "is 'tool_call' only")
                   if isinstance(got, dict) and got.get("send_email") == 2 else
                   _("count the rows whose kind is 'tool_call', by row['data']['name'] (a model_reply row lists "
                     "the same calls again, so count one kind only)"))
            raise AssertionError(_("on the log of {label} your function returned {got!r}; expected {expected}: {why}",
                                   label=label, got=got, expected=expected, why=why))
    empty = tool_counts([])
    if empty != {}:
        raise AssertionError(_("an empty log gave {empty!r}; expected {{}}", empty=empty))
    return _("the counts match three logs, failed calls included, and an empty log gives {}.")


HEAT_FILE, INSULATE = "heat-pumps-cold-climates.md", "insulate-before-you-electrify.md"
NAMES = N_("take the names in brackets with re.findall(r'\\[([^\\]]+)\\]', answer)")
CITATION_CASES = [  # (what the answer does, answer, expected, what to do when it is misjudged: fields names, heat, insulate)
    (N_("cites two files that exist"), f"[{HEAT_FILE}] and [{INSULATE}]", True,
     N_("{names} (a greedy r'\\[(.+)\\]' takes everything from the first [ to the last ]) and look each one up")),
    (N_("cites two files written side by side"), f"Heat pumps [{HEAT_FILE}][{INSULATE}]", True,
     N_("a greedy pattern such as r'\\[(.+)\\]' takes '{heat}][{insulate}' as one name; {names}")),
    (N_("cites nothing"), "The documents do not answer this question.", False,
     N_("no citation means False: all() of no names is True, so test that there is at least one")),
    (N_("cites a real file and a made-up one"), f"They work [{HEAT_FILE}] even on [moon-base.md].", False,
     N_("every cited name must be a file of the folder (all, not any)")),
    (N_("cites a file outside the folder"), f"Heat pumps [{HEAT_FILE}]. See [../catalogue.json] for the courses.", False,
     N_("a name with a folder part is not a file of this folder: compare the whole cited name with the names in "
        "the folder (os.listdir); (Path(folder) / name).exists() follows '../'")),
    (N_("cites a name whose last part is a real file"), f"Insulate first [{INSULATE}]. See [../{HEAT_FILE}].", False,
     N_("'../' + a real name is no file of the folder: os.path.basename (or Path(name).name) throws the '../' away; "
        "compare the whole cited name with os.listdir(folder)")),
]


ABSOLUTE = N_("cites a file outside the folder by its absolute path")  # not counted, nor the next one
THE_FOLDER = (N_("cites '.', the folder itself"), f"Heat pumps [{HEAT_FILE}]. More in [.].", False,
              N_("'.' names the folder itself, which exists, but is no file of it: compare the whole cited name "
                 "with the names in the folder (name in os.listdir(folder))"))
FOLDER_PART = {label for label, _answer, _expected, _why in CITATION_CASES[4:]} | {ABSOLUTE, THE_FOLDER[0]}


def _absolute(folder: str) -> tuple:
    """The case of a citation by absolute path, which os.path.join(folder, name) takes as it is, and finds."""
    outside = Path(folder).resolve().parent / "catalogue.json"  # data/catalogue.json, next to the articles
    return (ABSOLUTE, f"Heat pumps [{HEAT_FILE}]. The courses are in [{outside}].", False,
            N_("an absolute path replaces the folder when joined (os.path.join(folder, '/x') is '/x'), so it is "
               "found wherever it points: compare the whole cited name with the names in the folder (name in "
               "os.listdir(folder))"))


def _unseen(cites_existing_files, answer: str, folder: str) -> str | None:
    """A bracketed name of `answer` that is no file of `folder`, yet that the function, shown it alone, judged
    False: it took no citation from it (a narrow pattern), since it refuses a made-up name beside a real one."""
    return next((name for name in re.findall(r"\[([^\]]+)\]", answer) if name not in os.listdir(folder)
                 and cites_existing_files(_scripted(f"See [{name}]."), folder) is False), None)


PART_OF_A_NAME = (N_("cites a part of a file's name"), "Heat pumps [pumps-cold-climates.md].", False,  # not counted
                  N_("pumps-cold-climates.md is only the end of {heat}: compare each whole cited name with the "
                     "names in the folder (name in os.listdir(folder)), not a part of one"))
SPACED = (N_("cites a name with spaces that is no file of the folder"),  # not counted, nor the next one
          f"Heat pumps [{HEAT_FILE}]. An old leaflet disagrees [heat pumps leaflet 2009.md].", False, SPACES_AND_ALL)
OTHER_CASE = (N_("cites a file's name in other letter case"), "Insulate first [Insulate-Before-You-Electrify.md].",
              False, CASE_SENSITIVE)
PATTERN = (N_("cites a pattern, not a file's name"), "Heat pumps [heat-pumps-*.md].", False,  # not counted
           N_("Path.glob and fnmatch read '*', '?' and '[' as wildcards, but a citation names one file: compare "
              "each whole cited name with the names in the folder (name in os.listdir(folder))"))


def test_cites_existing_files(cites_existing_files) -> str:
    """True only when the answer cites files and every one is in the folder."""
    if not callable(cites_existing_files):
        raise AssertionError(_("pass your function itself: ex06.cites_existing_files.check(cites_existing_files)"))
    folder = str(articles())
    answer = f"Heat pumps work in the cold, best in an insulated house [{HEAT_FILE}]."
    run = _reading("heat pumps", [HEAT_FILE, INSULATE], answer)
    got = cites_existing_files(run, folder)
    if got is not True:
        raise AssertionError(_("on a research run whose answer cites {file} your function returned {got!r}; expected "
                               "True (exactly True, not a truthy value): {names}",
                               file=HEAT_FILE, got=got, names=_(NAMES)))
    for label, answer, expected, why in [*CITATION_CASES, PART_OF_A_NAME, SPACED, OTHER_CASE, PATTERN,
                                         _absolute(folder), THE_FOLDER]:
        got = cites_existing_files(_scripted(answer), folder)
        if got is not expected:
            unseen = _unseen(cites_existing_files, answer, folder) if got is True and label in FOLDER_PART else None
            why = (_("return a bool, True or False, not a {kind}: wrap it in bool(...)", kind=type(got).__name__)
                   if bool(got) == expected else
                   _("your function took no citation from [{name}] (alone, it gave False), so it never compared "
                     "it: every name in brackets is a citation, whatever its characters; {names}", name=unseen,
                     names=_(NAMES)) if unseen else _(why, names=_(NAMES), heat=HEAT_FILE, insulate=INSULATE))
            raise AssertionError(_("for an answer that {label} ({answer!r}) your function returned {got!r}, "
                                   "expected {expected}: {why}",
                                   label=_(label), answer=answer, got=got, expected=expected, why=why))
    judge_unanswered(lambda run: cites_existing_files(run, folder), _unanswered(), "run.answer or ''", strict=True)
    return _("a research run and {n} scripted answers judged right.", n=len(CITATION_CASES))


def _plain(question: str) -> str:
    """A question as the eval set tells it apart: case and spacing aside ('Question? ' is 'question?')."""
    return " ".join(question.split()).casefold()


def test_new_case(answer) -> str:
    """A new answerable question whose source the agent cites, and a check that tells it apart."""
    if not isinstance(answer, tuple) or len(answer) != 2:
        raise AssertionError(_("pass a pair: ex06.new_case.check((case, cites_the_source))"))
    case, check = answer
    if case is ... or case is None:
        raise NotImplementedError
    if not isinstance(case, dict) or not isinstance(case.get("question"), str) or not case["question"].strip():
        raise AssertionError(_('case must be a dict like {"question": "...", "answerable": True, "source": "x.md"}'))
    if _plain(case["question"]) in {_plain(question) for question in EVAL_QUESTIONS}:
        raise AssertionError(_("that question is already in the evaluation set; ask something new"))
    source = case.get("source")
    if case.get("answerable") is not True or not isinstance(source, str):
        raise AssertionError(_('this case is answerable: set "answerable": True and "source" to the file that '
                               'answers it'))
    if source not in {p.name for p in articles().iterdir()}:
        raise AssertionError(_("{source!r} is not a file of the articles folder; use a name that search_docs shows",
                               source=source))
    run = _research(case["question"])
    if f"[{source}]" not in (run.answer or ""):
        raise AssertionError(_("the agent did not cite [{source}] for your question (its answer: {answer!r:.600}); "
                               "the check needs a run that cites it to know the case is right. If {source} does "
                               "answer it, that is the practice model's limit, not your mistake: it answers only "
                               "some wordings, even in the document's own words; try another, or see "
                               "ex06.new_case.solution() for one it answers", source=source, answer=run.answer))
    others = sorted(p.name for p in articles().iterdir() if p.name != source)
    judged = [(_("the real run, which cites it"), run, True, _("look for '[{source}]' in run.answer", source=source)),
              (_("a run citing only [{other}]", other=others[0]), _scripted(f"See [{others[0]}]."), False,
               _("a run that cites another file has not cited the source: look for the case's own source, in "
                 "brackets")),
              (_("a run that names {source} without brackets", source=source),
               _scripted(f"I found no figures in {source} for this."), False,
               _("a citation is the name in brackets, as the agent writes it: look for '[{source}]', not the bare "
                 "name", source=source)),
              (_("a run that cites nothing"), _scripted("The documents do not answer this question."), False,
               _("an answer without the source's citation fails the case")),
              (_("a run citing [{name}], the source in other letter case", name=source.swapcase()),
               _scripted(f"See [{source.swapcase()}]."), source.swapcase() == source, _(CASE_SENSITIVE))]
    for label, some_run, expected, why in judged:
        got = check(some_run, case)
        if got is not expected:
            kind = (_(" ({kind}, not a bool: wrap it in bool(...))", kind=type(got).__name__)
                    if bool(got) == expected else "")
            raise AssertionError(_("on {label} your check returned {got!r}{kind}; expected {expected}: {why}",
                                   label=label, got=got, kind=kind, expected=expected, why=why))
    got = check(_scripted(f"See [{others[0]}]."), {**case, "source": others[0]})
    if got is not True:
        raise AssertionError(_("for the case with the source {other!r} instead of yours, on a run citing [{other}], "
                               "your check returned {got!r}; expected True: take the source from the case it is "
                               "given (case['source']), not from your own case", other=others[0], got=got))
    judge_unanswered(lambda some_run: check(some_run, case), _unanswered(), "run.answer or ''", strict=True)
    for other_case in ({"question": VOLCANO, "answerable": False}, {"question": HEAT, "answerable": True}):
        try:
            verdict = check(run, other_case)
        except Exception as exc:
            raise AssertionError(_("for the case {case}, which has no 'source' (as the answerable cases of EVAL_SET), "
                                   "{what}; a case without a 'source' is one your check does not apply to: return "
                                   "None", case=other_case, what=raised(exc))) from None
        if verdict is not None:
            raise AssertionError(_("for a case without a 'source' your check must return None: it does not apply"))
    return _("the agent cites [{source}] for your question, and your check tells a right run from wrong ones.",
             source=source)


tool_counts = Exercise(
    N_("Exercise 6.1 — tool counts from the log"),
    test_tool_counts,
    N_("Keep the rows whose row['kind'] is 'tool_call' and count row['data']['name']; "
       "collections.Counter does the counting, dict(...) turns it back into a plain dict."),
    N_("from collections import Counter\n\n\n"
       "def tool_counts(rows):\n"
       '    """How many times each tool was called, from the rows of a JSONL log."""\n'
       '    return dict(Counter(row["data"]["name"] for row in rows if row["kind"] == "tool_call"))'),
)

cites_existing_files = Exercise(
    N_("Exercise 6.2 — cites_existing_files"),
    test_cites_existing_files,
    N_("Take the names in brackets with re.findall(r'\\[([^\\]]+)\\]', answer) (non-greedy: no ']' inside); "
       "compare them with the names in the folder (os.listdir), so '../x' never counts; no citation means False."),
    N_("import os\nimport re\n\n\n"
       "def cites_existing_files(run, folder):\n"
       '    """True when the answer cites at least one file and every cited file is in `folder`."""\n'
       '    cited = re.findall(r"\\[([^\\]]+)\\]", run.answer or "")\n'
       "    return bool(cited) and set(cited) <= set(os.listdir(folder))"),
)

new_case = Exercise(
    N_("Exercise 6.3 — a new case and its check"),
    test_new_case,
    N_("Pick an article, ask a question in its words (e.g. about watering a garden with rainwater), "
       "set source to its file name; the check returns None without a source, else whether [source] is in the "
       "answer."),
    N_('case = {"question": "How much rain can a roof collect?", "answerable": True,\n'
       '        "source": "rainwater-harvesting.md"}\n\n\n'
       "def cites_the_source(run, case):\n"
       '    """True when the answer cites the case\'s source file; None for cases without one."""\n'
       '    if "source" not in case:\n'
       "        return None\n"
       '    return f"[{case[\'source\']}]" in (run.answer or "")'),
)
