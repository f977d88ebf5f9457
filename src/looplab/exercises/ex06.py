"""Exercises of notebook 06: count tool calls from a JSONL log; check citations; add an eval case."""

from __future__ import annotations

import tempfile
from pathlib import Path

from looplab.client import practice_client
from looplab.exercises import Exercise
from looplab.loop import run_agent
from looplab.practice import call, calls, say
from looplab.samples import docs_tools
from looplab.trace import jsonl_logger, read_jsonl

HEAT = "What do our articles say about heat pumps in cold climates?"
VOLCANO = "What do our articles say about volcanoes in Iceland?"
EVAL_QUESTIONS = (  # the notebook's evaluation set: a new case must ask something else
    HEAT,
    "How do I keep a sourdough starter alive?",
    "What should cyclists do at junctions?",
    "When do coffee deliveries arrive?",
    VOLCANO,
    "What do our articles say about the price of bitcoin?",
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


def _reading(query: str, names: list[str], answer: str, on_event=None):
    """A scripted research run: search_docs(query), then read_doc of each name in one turn, then `answer`."""
    script = [call("search_docs", query=query), calls([call("read_doc", name=n) for n in names]), say(answer)]
    return run_agent(practice_client(script=script), "What do our articles say?", docs_tools(articles()),
                     max_turns=6, on_event=on_event)


def _log_rows(runs: list[tuple[str, list[str]]]) -> list[dict]:
    """The JSONL rows of scripted research runs, each (query, names read; a name may not exist)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "research.jsonl"
        log = jsonl_logger(path)
        for query, names in runs:
            _reading(query, names, "Done.", on_event=log)
        return read_jsonl(path)


HEAT_READS = ("heat pumps", ["heat-pumps-cold-climates.md", "insulate-before-you-electrify.md", "heat-pumps-mars.md"])
NOTHING_READ = ("volcanoes", [])


def test_tool_counts(tool_counts) -> str:
    """tool_counts(rows) counts the tool_call rows of real logs by tool name, failed calls included."""
    if not callable(tool_counts):
        raise AssertionError("pass your function itself: ex06.tool_counts.check(tool_counts)")
    logs = [("a run that searched once and read three articles, one of them missing (an is_error call)",
             [HEAT_READS], {"search_docs": 1, "read_doc": 3}),
            ("a run that searched and read nothing", [NOTHING_READ], {"search_docs": 1}),
            ("both runs in one log", [HEAT_READS, NOTHING_READ], {"search_docs": 2, "read_doc": 3})]
    for label, runs, expected in logs:
        rows = _log_rows(runs)
        got = tool_counts(rows)
        if not isinstance(got, dict) or dict(got) != expected:
            failed = {"search_docs": expected["search_docs"], "read_doc": expected.get("read_doc", 0) - 1}
            why = ("a failed call is a call too: count every tool_call row, is_error or not"
                   if isinstance(got, dict) and dict(got) == {k: v for k, v in failed.items() if v} else
                   "count the rows whose kind is 'tool_call', by row['data']['name'] (a model_reply row lists "
                   "the same calls again, so count one kind only)")
            raise AssertionError(f"on the log of {label} your function returned {got!r}; expected {expected}: {why}")
    empty = tool_counts([])
    if empty != {}:
        raise AssertionError(f"an empty log gave {empty!r}; expected {{}}")
    return "the counts match three logs, failed calls included, and an empty log gives {}."


HEAT_FILE, INSULATE = "heat-pumps-cold-climates.md", "insulate-before-you-electrify.md"
NAMES = "take the names in brackets with re.findall(r'\\[([^\\]]+)\\]', answer)"
CITATION_CASES = [  # (what the answer does, answer, expected, what to do when it is misjudged)
    ("cites two files that exist", f"[{HEAT_FILE}] and [{INSULATE}]", True,
     f"{NAMES} (a greedy r'\\[(.+)\\]' takes everything from the first [ to the last ]) and look each one up"),
    ("cites two files written side by side", f"Heat pumps [{HEAT_FILE}][{INSULATE}]", True,
     f"a greedy pattern such as r'\\[(.+)\\]' takes '{HEAT_FILE}][{INSULATE}' as one name; {NAMES}"),
    ("cites nothing", "The documents do not answer this question.", False,
     "no citation means False: all() of no names is True, so test that there is at least one"),
    ("cites a real file and a made-up one", f"They work [{HEAT_FILE}] even on [moon-base.md].", False,
     "every cited name must be a file of the folder (all, not any)"),
    ("cites a file outside the folder", "See [../catalogue.json] for the courses.", False,
     "a name with a folder part is not a file of this folder: compare the whole cited name with the names in "
     "the folder (os.listdir); (Path(folder) / name).exists() follows '../'"),
    ("cites a name whose last part is a real file", f"See [../{HEAT_FILE}].", False,
     "'../' + a real name is no file of the folder: os.path.basename (or Path(name).name) throws the '../' away; "
     "compare the whole cited name with os.listdir(folder)"),
]


def test_cites_existing_files(cites_existing_files) -> str:
    """True only when the answer cites files and every one is in the folder."""
    if not callable(cites_existing_files):
        raise AssertionError("pass your function itself: ex06.cites_existing_files.check(cites_existing_files)")
    folder = str(articles())
    answer = f"Heat pumps work in the cold, best in an insulated house [{HEAT_FILE}]."
    run = _reading("heat pumps", [HEAT_FILE, INSULATE], answer)
    got = cites_existing_files(run, folder)
    if got is not True:
        raise AssertionError(f"on a research run whose answer cites {HEAT_FILE} your function returned "
                             f"{got!r}; expected True (exactly True, not a truthy value): {NAMES}")
    for label, answer, expected, why in CITATION_CASES:
        got = cites_existing_files(_scripted(answer), folder)
        if got is not expected:
            raise AssertionError(f"for an answer that {label} ({answer!r}) your function returned {got!r}, "
                                 f"expected {expected}: {why}")
    return f"a research run and {len(CITATION_CASES)} scripted answers judged right."


def test_new_case(answer) -> str:
    """A new answerable question whose source the agent cites, and a check that tells it apart."""
    if not isinstance(answer, tuple) or len(answer) != 2:
        raise AssertionError("pass a pair: ex06.new_case.check((case, cites_the_source))")
    case, check = answer
    if case is ... or case is None:
        raise NotImplementedError
    if not isinstance(case, dict) or not isinstance(case.get("question"), str) or not case["question"].strip():
        raise AssertionError('case must be a dict like {"question": "...", "answerable": True, "source": "x.md"}')
    if case["question"] in EVAL_QUESTIONS:
        raise AssertionError("that question is already in the evaluation set; ask something new")
    source = case.get("source")
    if case.get("answerable") is not True or not isinstance(source, str):
        raise AssertionError('this case is answerable: set "answerable": True and "source" to the file that answers it')
    if source not in {p.name for p in articles().iterdir()}:
        raise AssertionError(f"{source!r} is not a file of the articles folder; use a name that search_docs shows")
    run = _research(case["question"])
    if f"[{source}]" not in (run.answer or ""):
        raise AssertionError(f"the agent did not cite [{source}] for your question (its answer: {run.answer!r:.160}); "
                             "ask something that document answers, using its words")
    others = sorted(p.name for p in articles().iterdir() if p.name != source)
    judged = [("the real run, which cites it", run, True, f"look for '[{source}]' in run.answer"),
              (f"a run citing only [{others[0]}]", _scripted(f"See [{others[0]}]."), False,
               "a run that cites another file has not cited the source: look for the case's own source, in brackets"),
              ("a run that cites nothing", _scripted("The documents do not answer this question."), False,
               "an answer without the source's citation fails the case")]
    for label, some_run, expected, why in judged:
        got = check(some_run, case)
        if got is not expected:
            kind = f" ({type(got).__name__}, not a bool: wrap it in bool(...))" if bool(got) == expected else ""
            raise AssertionError(f"on {label} your check returned {got!r}{kind}; expected {expected}: {why}")
    other_case = {"question": VOLCANO, "answerable": False}
    if check(run, other_case) is not None:
        raise AssertionError("for a case without a 'source' your check must return None: it does not apply")
    return f"the agent cites [{source}] for your question, and your check tells a right run from wrong ones."


tool_counts = Exercise(
    "Exercise 6.1 — tool counts from the log",
    test_tool_counts,
    "Keep the rows whose row['kind'] is 'tool_call' and count row['data']['name']; "
    "collections.Counter does the counting, dict(...) turns it back into a plain dict.",
    "from collections import Counter\n\n\n"
    "def tool_counts(rows):\n"
    '    """How many times each tool was called, from the rows of a JSONL log."""\n'
    '    return dict(Counter(row["data"]["name"] for row in rows if row["kind"] == "tool_call"))',
)

cites_existing_files = Exercise(
    "Exercise 6.2 — cites_existing_files",
    test_cites_existing_files,
    "Take the names in brackets with re.findall(r'\\[([^\\]]+)\\]', answer) (non-greedy: no ']' inside); "
    "compare them with the names in the folder (os.listdir), so '../x' never counts; no citation means False.",
    "import os\nimport re\n\n\n"
    "def cites_existing_files(run, folder):\n"
    '    """True when the answer cites at least one file and every cited file is in `folder`."""\n'
    '    cited = re.findall(r"\\[([^\\]]+)\\]", run.answer or "")\n'
    "    return bool(cited) and set(cited) <= set(os.listdir(folder))",
)

new_case = Exercise(
    "Exercise 6.3 — a new case and its check",
    test_new_case,
    "Pick an article, ask a question in its words (e.g. about watering a garden with rainwater), "
    "set source to its file name; the check returns None without a source, else whether [source] is in the answer.",
    'case = {"question": "How much rain can a roof collect?", "answerable": True,\n'
    '        "source": "rainwater-harvesting.md"}\n\n\n'
    "def cites_the_source(run, case):\n"
    '    """True when the answer cites the case\'s source file; None for cases without one."""\n'
    '    if "source" not in case:\n'
    "        return None\n"
    '    return f"[{case[\'source\']}]" in (run.answer or "")',
)
