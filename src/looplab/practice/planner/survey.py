"""Skill: list a folder, read its files, then list, count and total the records the task asks for, or decline."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

from ..context import cut, is_cleared
from ..view import View
from . import _select
from ._limits import BY_DATE, CAME_IN, EXTREME, PER_UNIT, part_of_invoice, per_unit
from ._records import Record, amount_text, money, money_keys, moved_due, read_all
from ._select import DATE, PAYING, QUESTION, SYNONYMS, WHEN, _status_key, as_asked, choose_records
from ._tools import (
    about_words,
    answer,
    cut_again,
    declined,
    failed,
    first_input,
    pick,
    said,
    unplanted,
    use,
)
from .interpret import BACK, english_of, english_terms
from .lookup import ACTS_FR
from .needs import ACT_NOUNS, ACTS, tool_acts
from .text import (
    clauses,
    clip,
    file_names,
    first_value,
    french,
    joined,
    says,
    sentence_case,
    stem,
    stems,
    terms,
    words,
)

LISTING = {"list", "ls", "dir", "directory", "folder"}
READ = {"read", "open", "get", "cat", "fetch", "load", "view"}
FILED = set(stems("file files folder directory dir fichier fichiers dossier"))
DIR_KEYS = {"folder", "dir", "directory", "path"}  # the lister's input that takes the folder
FILES = FILED | set(stems("path filename document doc content contents text"))  # a reader's words: not get_weather(city)
GENERIC_TOOL_WORDS = set(stems("get look up lookup find fetch return returns give one by key id name value values a an the "
                               "of for and or to it its as in e g"))  # no subject: 'catalogue' of lookup's is one
NOT_A_NAME = r"(?!(?:are|is|was|were|has|have|had|holds?|contains?|with|that|which|and|or|sont|est|a|ont|contient)\b)"
FOLDER = re.compile(  # 'in the folder invoices'; not 'are' of 'How many invoices in the folder are unpaid?'
    rf"\b(?:in|from|inside|of|dans|du|de)\s+(?:the\s+|le\s+)?(?:folder|directory|dir|dossier|répertoire)\s+{NOT_A_NAME}"
    r"['\"]?([\w./-]+?)['\"]?(?=[\s,;:.?!]|$)"
    r"|\b(?:in|from|inside)\s+(?:the\s+)?['\"]?(?!(?:the|my|this|that|our|your|its|main|current|same|whole)\b)([\w./-]+?)"
    rf"['\"]?\s+(?:folder|directory)\b|\b(?:folder|dossier)\s+{NOT_A_NAME}['\"]?([\w./-]+?)['\"]?(?=[\s,;:.?!]|$)", re.IGNORECASE)
LIST_ONLY = re.compile(r"\b(?:list|show|what|which|how many)\b[^.?;]*\bfiles\b", re.IGNORECASE)
LIST_WORDS = set(stems("list show what which how many files file folder directory dir there inside in me all every"))
SUBFOLDER = re.compile(r"^\s*([\w.-]+)/\s*$", re.M)  # a listing's 'q1/': a subfolder, which may hold records too
MAX_READS = 20  # read at once; the rest (or those a one-call-per-turn model left) next turn, never unread
COUNT = re.compile(r"\bhow many\b|\bhow much (?:invoices|bills|records)\b|(?<!not )(?<!n't )(?<!without )\bcount\b|(?<!ne )\bcompte[rz]?\b(?!\s+pas\b)|\bnumber of\b|\bcombien (?:y a-t-il )?(?:de\b|d['’](?!euro))|\bet combien\b(?![^?.;]*\b(?:doi\w*|"
                   r"co[uû]t\w*|reste|dû|vaut|payer)\b)|\bcombien (?:sont|ont été)\b", re.IGNORECASE)  # 'combien sont impayées ?'
TOTAL = re.compile(r"\b(?:totals?|totaux|additionne[rz]?|se montent|se monte|s'élèvent|s'élève|en tout|sum|balances?|solde|the value of|add up|adds up|(?:al)?together|how much|in all|combined|owed|montant|somme|pour combien|"
                   r"the amount of (?:the|all)|the (?:unpaid|outstanding|open|paid|owed|due) amount)\b|"
                   r"\bcombien\b(?=[^?.;]*\b(?:doi\w*|co[uû]t\w*|reste|dû|vaut|payer)\b)|"
                   r"\bcombien\b(?!\s+(?:de\b|d['’]))(?=[^?.;]*\bpayée?s?\b)", re.IGNORECASE)  # 'combien X a-t-il payé
PER = re.compile(r"\bwho owes (?:how much|what)\b|\bwhich (?:client|customer)s? owes? what\b|\bqui doit combien\b|"
                 r"\b(?:for|of|per) (?:each |every )?(?:client|customer)s?\b|\b(?:each|every) (?:client|customer)\b|"
                 r"\b(?:client|customer) by (?:client|customer)\b|\bby (?:client|customer)\b|\bpar client\b|"
                 r"\bchaque client\b|\bbroken down\b|\bbreak\w* down\b|\b(?:each|chacun)(?=\s*(?:[?.!]|$|owes?\b))", re.IGNORECASE)
BREAKDOWN = re.compile(r"\b(?:per|for each|for every|par|pour chaque)\s+(?!(?:client|customer|status|statut|état|state|"
                       r"invoice|facture|bill|record|fiche|one)s?\b)[^\W\d_]+", re.IGNORECASE)
GRAND = re.compile(r"\bgrand total\b|\btotal général\b|\b(?:total|sum) of (?:all|every)\b|\boverall\b|"
                   r"\btotal de toutes\b", re.IGNORECASE)
PEOPLE = set(stems("client customer borrower owner author member holder assignee driver technician observer player person "
                   "user tenant patient student teacher employee buyer seller sender recipient manager guest visitor reader "
                   "subscriber lender renter contact "
                   "emprunteur auteur propriétaire technicien observateur"))  # the fields that say who
PLACES = set(stems("to from destination origin place location city venue room address station site lieu ville salle"))
WHERE = re.compile(r"(?:^|[,;:?.]\s*)(?:where|où)\b|\bwhere\s+(?:is|are|was|were|do|does|did|can|will)\b", re.IGNORECASE)
# 'where does IC205 go?', not 'the total where Nordic Oy is the buyer'
FILE_ASKED = re.compile(r"\b(?:which|what|quels?|quelles?)\s+(?:files?|fichiers?)\b|\bfile ?names?\b|\bnames? of (?:the |"
                        r"each |every |all )?files?\b|\bnoms? des? fichiers?\b", re.IGNORECASE)  # each item says its file
WORDING = "In the folder {folder}, which invoices are unpaid, and what is their total?"
LISTED = "What files are in the folder {folder}?"  # answered by the listing, whatever the files hold
COUNTED = re.compile(r"\b(?:how many|number of|count|combien (?:y a-t-il )?(?:de\s+|d['’]))\s*(?:d['’])?((?:(?!(?:and|et)\b)[^\W\d_]+\s*){1,3})", re.IGNORECASE)
RECORD_NOUNS = set(stems("invoice invoices bill bills record records file files entry entries item items one ones "
                         "document documents facture factures fiche fiches of them those these"))
LABEL_WORDS = {"still", "due", "owed", "outstanding", "unpaid", "paid", "remaining", "restant", "dû", "impayé", "payé"}
WHOLE = re.compile(r"\b(?:read|show|display|open|print|view|lis|montre|affiche|ouvre|says?|contains?|details?|détails|"
                   r"contenu|dit|contient|summari[sz]e|résume)\b|\bwhat(?:['’]s|\s+is)\s+(?:in|on)\b|\bqu['’]y a-t-il\b|"
                   r"\bwhat(?:['’]s|\s+is|\s+was)\s+(?:[\w-]+\s+){1,3}about\b",
                   re.I)  # 'What does invoice X say?', 'What's in X?': the whole record
GENERIC_FIELD = set(stems("invoice invoices bill bills number numbers total amount record file name id"))
STATUS_NAMES = set(stems("status statuses state states statut statuts état"))
GENERIC_AMOUNT = {"amount", "total", "sum", "value", "price", "incl", "vat"}
STATUSES = {stem(w) for w in PAYING}
# A status of its own that is read as unpaid (not 'à régler', 'to be paid', which say unpaid): the reply says so.
WAITING = re.compile(r"\ben attente\b|\bpending(?: payment)?\b|\bawaiting(?: payment)?\b|\bon hold\b|\ben suspens\b", re.I)
PAYMENT = STATUSES | set(stems("balance remaining left restant reste solde"))
SETTLING = _select.PAID | _select.RECEIVED | _select.DISCOUNT | {"refund", "refunded", "bounced", "partially", "partial", "half", "remboursé",
                                             "remboursée", "partiellement", "moitié", "reimbursed",
                                             "reversed", "reversal", "chargeback", "money", "argent", "waiting", "attente"}
REMARKS = set(stems("note notes remark comment memo remarque commentaire observation status state statut état payment"))
IN_ALL = re.compile(r"\b(?:in all|altogether|all together|in total|overall|en tout|au total)\b", re.IGNORECASE)
YEAR = re.compile(r"\b(?:in|from|of|for|during|en|de|pour)\s+(?:the year\s+|l'année\s+)?((?:19|20)\d\d)\b(?![/-])",
                  re.IGNORECASE)
WHO = re.compile(r"\bwho(?:m|se)?\b|(?:^|[,;:]\s*|\b[àa]\s+|\bde\s+)qui\b|\bqui doi(?:t|vent)\b", re.IGNORECASE)
ONE_STATUS = [rf"\b({w})\s+(?:or|ou)\s+(?:{w})\b" for w in map("|".join, (_select.PAID, _select.UNPAID))]
NOT = re.compile(r"\b(?:no|not|none|never|without|n't|pas|sans)\b", re.IGNORECASE)
ZERO = re.compile(r"\s*[-+]?0+(?:[.,]0+)?(?:\s*[^\d\s]+)?\s*")  # '0 cm', '0.0 mm', '0'
REMAINS = re.compile(r"\b(?:left|remains?|remaining|rest|reste\w*|restant\w*)\b", re.IGNORECASE)  # what is still owed
THEIR = set(stems("what which who are is their the and what's quels quelles quel sont est leurs les its it they them ones"))
SUMMARY = re.compile(r"\bsummar(?:ise|ize|y)\b|\bsum up\b|\brésum\w*|^\W*(?:please\s+)?(?:read|open|show|display|print|cat|lis|"
                     r"ouvre|montre|affiche)\b(?:\s+(?:me|moi|-moi))?(?:\s+(?:the|le|la|l['’]))?(?:\s+(?:content|contents|contenu|"
                     r"text|texte)\s+(?:of|de|du))?(?:\s+(?:the|le|la|l['’]))?(?:\s+(?:file|fichier))?\s+['\"]?[\w.-]+\.\w+['\"]?\W*$",
                     re.I)  # a document's gist, or 'Read the file inv_002.json': one file to show, no records
REQUEST = re.compile(r"\s*(?:please\s+)?(?:list|show|give|tell|display|print|liste\w*|montre\w*|donne\w*|"
                     r"affiche\w*|indique\w*)\b", re.IGNORECASE)  # a request in the imperative, as a question is one


def folder_of(task: str) -> str:
    """The folder a task names ('in the folder invoices', 'in the invoices folder'), else '.'."""
    found = FOLDER.search(task)
    return next(g for g in found.groups() if g).rstrip("/") if found else "."


HOW_PAID = re.compile(r"\bhow\s+(?:should|can|do|does|must|may|could|would|is|are|to)\b(?:\s+(?:i|we|you|they|one)\b)?"
                      r"([^?.;]*?)\s*\b(?:be\s+|get\s+)?(?:pa(?:y|id)|settled?)\b|\bcomment\s+(?:puis-je\s+|dois-je\s+|"
                      r"peut-on\s+|faut-il\s+)?(?:payer|r[ée]gler)\b", re.I)  # the way to pay, which a record's note may give


def _plain(task: str, folder: str = "") -> str:
    """The task with 'paid or settled' as 'paid', 'how should X be paid?' as 'show X', and without the folder's name
    where it names it, if said once and it is the folder read: in 'When is F-101 in the folder due?' no folder 'due'
    was there, so 'due' is the task's word."""
    task = HOW_PAID.sub(lambda m: f" show {m[1] or ''} ", task) if re.search(r"\d", task) else task
    for same in ONE_STATUS:
        task = re.sub(same, r"\1", task, flags=re.IGNORECASE)
    found = FOLDER.search(task)
    found = found if found and (not folder or folder.rstrip("/").rsplit("/", 1)[-1].casefold() == found[
        found.lastindex].rstrip("/").rsplit("/", 1)[-1].casefold()) else None
    name = found and rf"(?<![\w-]){re.escape(found[found.lastindex])}(?![\w-])"
    return task[:found.start(found.lastindex)] + " " + task[found.end(found.lastindex):] if name and len(
        re.findall(name, task, re.IGNORECASE)) == 1 else task


def wording(folder: str, records=()) -> str:
    """A wording I handle for the data at hand: the invoice question over invoices (or before any record is read), a
    status question over records with a status ('storm warning' of a station log), else the listing question."""
    if not records or money_keys(records):
        return WORDING.format(folder=folder)
    status = next((v for r in records for k, v in r.fields.items() if set(stems(k)) & STATUS_NAMES and v.strip()), None)
    return (f"In the folder {folder}, which records have the status '{status}', and how many?" if status
            else LISTED.format(folder=folder))


def _path(folder: str, name: str) -> str:
    return name if folder in ("", ".", "./") or name.startswith(folder + "/") else f"{folder}/{name}"


def survey_tools(view: View):
    """The (list, read) tools, or None: the lister takes a folder (not a name) or lists files."""
    folders = [t for t in view.tools if not t.properties and set(stems(f"{t.name} {t.description}")) & FILED
               or any(set(re.split(r"[\W_]+", p.lower())) & DIR_KEYS for p in t.properties)]
    lister = pick([t for t in folders if set(stems(t.name)) & LISTING], LISTING) or pick(folders, LISTING)
    readers = [t for t in view.tools if not set(stems(re.split(r"[\W_]+", t.name)[0])) & ACTS]  # not 'Open a ticket'
    readers.sort(key=lambda t: not lister or not set(stems(t.name)) - READ & set(stems(lister.name)) - LISTING)  # read_file
    # of list_files first, not a read_doc offered before it
    reader = lister and (pick([t for t in readers if about_words(t) & FILES], READ, (lister.name,))
                         or pick([t for t in readers if set(stems(t.name)) & READ - {"get", "fetch"}], READ, (lister.name,)))
    return (lister, reader) if reader else None


RECORDED = set(stems("invoice invoices facture factures record records fiche fiches folder dossier station day days "
                     "jour jours client clients paid unpaid payée impayée total count"))  # a question about the records


def survey(view: View) -> dict | None:
    """List the task's folder, read all it lists, then select, count and total the records."""
    if not survey_tools(view) or SUMMARY.search(view.task) and file_names(view.task) and not (
            COUNT.search(view.task) or TOTAL.search(view.task) or set(words(view.task.lower())) & PAYING):
        return None  # 'Summarise notes.md': a document's gist, not records to count
    lister, reader = survey_tools(view)
    first = set(stems(re.sub(r"_", " ", (words(view.task) or [""])[0])))
    if set(stems(view.task)) & (ACTS | ACT_NOUNS | ACTS_FR) and (first & (ACTS | ACT_NOUNS | ACTS_FR) or not terms(
            view.task) & RECORDED) and any(tool_acts(t)[1] for t in view.tools if t not in (lister, reader)):
        return None  # 'Send an email to ops@…' beside the invoice tools: another tool's act, no records to read
    asked = terms(view.task) | terms(english_terms(view.task)) if french(view.task) else terms(view.task)
    if not asked & RECORDED and not FOLDER.search(view.task) and not file_names(view.task) and any(
            (about_words(t) - GENERIC_TOOL_WORDS) & asked for t in view.tools if t not in (lister, reader)):
        return None  # "Cherche 'data' dans le catalogue" beside the invoice tools: the catalogue's lookup, no records
    if again := cut_again(view, lister.name, f"The listing of '{folder_of(view.task)}'"):
        return again
    if not (lists := [s for s in view.calls_of(lister.name) if not is_cleared(s.result or "")]):  # cleared: list again
        folder = folder_of(view.task)
        return use([(lister.name, first_input(lister, folder, DIR_KEYS))], f"I'll list the folder '{folder}' first.")
    listing = lists[-1]
    folder = _arg(listing)
    if listing.is_error and all(_arg(s) != "." for s in lists) and lister.properties:
        return use([(lister.name, first_input(lister, ".", DIR_KEYS))],
                   f"The folder '{folder}' could not be listed ({said(listing)}); I'll list '.' instead.")
    if failed(listing):  # an error, an error page or bytes as text: no listing, never 'holds no files'
        return declined(f"I could not list the folder '{folder}': {said(listing)}")
    reads = view.calls_of(reader.name)
    listed = {_arg(s) for s in lists}
    dirs = [d for d in SUBFOLDER.findall(listing.result or "") if not set(stems(d)) <= STATUSES or re.search(  # 'unpaid/':
        rf"\b{re.escape(d)}/?['\"]?\s+(?:sub)?folder\b|\b(?:sub)?folder\s+['\"]?{re.escape(d)}\b", view.task, re.I)]  # a status,
    # unless the task names it as a folder ('what's in the unpaid folder?')
    named = [d for d in dirs if says(view.task, d)]
    asked = terms(view.task) | {stem(SYNONYMS.get(t, t)) for t in terms(view.task)}  # 'factures' asks for 'invoices/'
    missed = [_arg(s) for s in lists if s.is_error]  # the folder it named is not there: never another one instead
    gone = missed and dirs and missed[0].strip("./").rsplit("/", 1)[-1].lower()  # 'Invoices', 'data/invoices': 'invoices/'
    before = [d for d in named if gone and re.search(rf"(?<![\w-]){re.escape(d)}['\"]?\s+(?:folder|directory|dossier)\s+['\"]?"
                                                     rf"{re.escape(missed[0])}(?![\w-])", view.task, re.I)]
    if before and gone not in {d.lower() for d in dirs}:  # 'station folder coldest day?': the name may be either word
        return declined(f"I could not tell which folder the task names, '{before[0]}' or '{missed[0]}' (there is no "
                        f"folder '{missed[0]}'), so I read nothing and give no answer", LISTED.format(folder=before[0]))
    if gone and gone not in {d.lower() for d in dirs} and (named or listed_files(listing.result or "")):  # else below
        return declined(f"I could not list the folder '{missed[0]}': {said(lists[0])}", WORDING.format(
            folder=(named or ["invoices"])[0]), f"a question about the records in the folder '{missed[0]}'")
    inner = [_path(folder, d) for d in named or ([] if missed else [d for d in dirs if stems(d) and set(stems(d)) <= asked])
             if _path(folder, d) not in listed]
    if not reads and inner:  # 'find the unpaid invoices' next to a listed 'invoices/' folder
        return use([(lister.name, first_input(lister, inner[0], DIR_KEYS))],
                   f"The task names the folder '{inner[0]}'; I'll list it.")
    if not (names := listed_files(listing.result or "")):
        held = f", only the folders {joined([d + '/' for d in dirs])}, and the task names none of them" if dirs else ""
        gone = f"I could not list the folder '{missed[0]}', and the" if missed else "The"
        return declined(f"{gone} folder '{folder}' holds no files{held}, so I read nothing and give no answer",
                        wording=WORDING.format(folder=dirs[0] if dirs else "invoices"))
    if LIST_ONLY.search(view.task) and not terms(view.task) - LIST_WORDS - set(stems(folder)):  # 'what files are in
        # ...' is answered by the listing; 'which files are unpaid?' is not
        subs = [f"{d}/" for d in SUBFOLDER.findall(listing.result or "")]  # '2025/' holds files of its own
        more = f", and {len(subs)} subfolder{'s' * (len(subs) > 1)} I did not list: {joined(subs)}" if subs else ""
        return answer(f"The folder '{folder}' holds {len(names)} file{'s' * (len(names) > 1)}: {joined(names)}{more}.")
    wanted = [_path(folder, n) for n in names]
    done = {_arg(s): s for s in reads}
    if missing := [p for p in wanted if p not in done]:
        calls = [(reader.name, first_input(reader, p, {"path", "file", "name", "filename"})) for p in missing[:MAX_READS]]
        skipped = f" (the first {MAX_READS} of {len(names)})" if len(calls) < len(missing) else ""
        return use(calls, f"I'll read the {len(calls)} listed files{skipped}." if len(missing) == len(wanted)
                   else f"I'll read the {len(calls)} listed files not read yet.")
    unlisted = [f"{_path(folder, d)}/" for d in SUBFOLDER.findall(listing.result or "") if _path(folder, d) not in listed]
    if others := [d for s in lists for d in SUBFOLDER.findall(s.result or "")
                  if _path(_arg(s), d) not in listed and says(view.task, d) and not set(stems(d)) <= STATUSES] + [  # 'in q1
            # and q2', 'factures-2026/q1 and factures-2026/q2': a second folder named
            p for p in re.findall(r"[\w.-]+(?:/[\w.-]*[\w-])+", view.task) if re.search(r"[^\W\d_]", p) and p not in listed
            and not re.search(r"\.\w{1,4}$", p)]:  # a file, not a folder
        return declined(_select.UNRELATED.format(joined([repr(o) for o in others])), WORDING.format(folder=folder),
                        f"a question about the records in the folder '{folder}'")
    if cut(listing.result or ""):  # its first names are read: the others are known only from a whole listing
        return use([(lister.name, first_input(lister, folder, DIR_KEYS))],
                   f"The listing of '{folder}' was abridged in the history; I'll list it again.")
    kept = [replace(s, result=unplanted(view, s.result)) if s.result and not s.is_error else s for s in map(done.get, wanted)]
    return report(view.task, kept, folder, unlisted, view.follow_up)  # a planted note is no line of the record ('Note for AI …: …')


def listed_files(text: str) -> list[str]:
    """The files a listing names: whole lines if it gives one name per line ('march invoice.txt'), else every name."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if lines and all(re.fullmatch(r"[^/]+\.[A-Za-z][A-Za-z0-9]{0,4}|.+/", line) for line in lines):
        return [line for line in lines if not line.endswith("/")]
    return file_names(text)


def _arg(step) -> str:
    return first_value(step.input, ".")


def report(task: str, reads, folder: str, unlisted: list[str] = (), follow_up: bool = False) -> dict:
    """The answer: the records the task selects, their count and total if asked, and every file not counted."""
    whole = task
    task = asked = _plain(as_asked(task), folder)  # 'In the folder balances': the name asks for no balance
    records, notes, lost = read_all([(_arg(s).rsplit("/", 1)[-1], s) for s in reads])
    records, lost = _select.corrected(_mentioned(_noted(_select.aimed(records)), reads)), lost + list(unlisted)
    good = sum(1 for s in reads if not s.is_error)
    if reads and not good:  # no record read: no field, value or word of them to speak of
        return declined(" ".join(["I could read none of the files listed, so I give no list and no total.", *notes]),
                        WORDING.format(folder=folder))
    unread = [(f"Je n'ai pas lu les sous-dossiers {', '.join(unlisted)} : demandez-les un par un." if _select.french(
        asked) else f"I did not read the subfolders {', '.join(unlisted)}: ask about one at a time.")] if unlisted else []
    if not records and notes:  # every file set aside: no field or value of a record to speak of
        return declined(" ".join(["None of the files read holds a record I can read, so I give no list and no total.",
                                  *notes, *unread]), WORDING.format(folder=folder))
    based = f"Based on {good} file{'s' if good != 1 else ''} read."
    for part in [folder, *(p for p in folder.split("/") if re.search(r"\d", p))] if "/" in folder else []:
        task = re.sub(rf"(?<![\w-]){re.escape(part)}/?(?![\w-])", " ", task)  # no invoice numbers
    task = _named_numbers(task, records)
    year = YEAR.search(_named_numbers(asked, records))  # 'from 2025' is a date condition, not an invoice numbered 2025,
    year = year and year[1] not in {r.number for r in records} and year[1] not in folder_of(asked) and (  # nor a
        # subfolder '2026/' it listed: the folder's own records may be of 2026 too
        f"I cannot apply the condition '{year[1]}': {BY_DATE}")
    choices = year or _narrowing(task, records) or choose_records(_with_others(task), records, folder)
    if isinstance(choices, str) and (choices.startswith("no field of the records matches") or "I do not list a field's values"
                                     in choices) and _everyone(task, records, folder):
        choices = choose_records(f"{_with_others(task)} (all)", records, folder)  # 'from Alpha', all being Alpha's
    if not isinstance(choices, str):
        choices = [_flagged(task, c, records) for c in choices]
        choices = _missed(task, choices, records) or _came_in(task, records) or choices
    read = {_arg(s).rsplit("/", 1)[-1].lower() for s in reads}
    named = [n for n in file_names(whole) if n.lower() in read]  # 'lis le fichier bolt_feb.txt et dis-moi le montant'
    if unheld := [n for n in file_names(whole) if n.lower() not in read and "/" not in n and re.search(
            r"\.(?:txt|md|json|csv)$", n, re.I)]:  # 'the amount in e.txt', no such file: never every record instead
        return declined(f"The task names the file {joined([repr(n) for n in unheld])}, which the folder '{folder}' does not "
                        "hold, so I give no list and no total", wording(folder, records))
    if named and not isinstance(choices, str) and any(r.file.split(":")[0].lower() not in {n.lower() for n in named}
                                                      for c in choices for r in c.chosen):
        choices = (f"the task names the file {joined([repr(n) for n in named])}, and I select records by their values, "
                   "not by file, so I cannot tell which records it asks for, and I give no list and no total")
    if isinstance(choices, str):  # and say which subfolders it did not read: their records may answer it
        return declined(" ".join([sentence_case(choices), *notes, *unread]), wording(folder, records),
                        f"a question about the records in the folder '{folder}'")
    if follow_up and (all(c.heading == "Records" or _select.EXTREME.fullmatch(c.heading.split(",")[0].strip()) for c in choices)
                      and not BACK.search(whole) or re.match(r"\W*(?:and|et|so|then|alors|puis|also|aussi)\b", whole, re.I)
                      and any(c.heading != "Records" for c in choices)) and not (
            _select.ALL.search(whole) or FOLDER.search(whole) or folder != "." or re.search(r"\b(?:whole|entire|tout le|entier)\b",
                                                                                         whole, re.I)):  # 'and how many are
        # unpaid?' of Bertin's, not of the folder; 'that': named
        # by the gate  # 'just the total', 'Which is
        # the largest?' after 'Which are unpaid?': of those, not of every record
        return declined(("Votre dernier message ne dit pas quelles fiches prendre : sur tout le dossier, ce seraient toutes, "
                         "ce que les échanges précédents ne demandaient peut-être pas") if french(whole) else (
            "Your last message names no records to take: over the folder it would be every one, which the turns before "
            "it may not have asked for"), wording(folder, records))  # the gate adds that it read that message alone
    if _totalled(task, any(c.ranked for c in choices)) and not _measured(task, records) and (
            unit := per_unit(task, records)):  # 'the total of the orders' by their 'Unit price': no order's amount
        return declined(f"I give no total: '{unit}' is a price per unit or a rate, not what a record comes to, and I add "
                        "it up only when the task names it", wording(folder, records),
                        f"a question about the records in the folder '{folder}'")
    lines, seen, evidence = [], [n for c in choices for n in c.notes], {}
    for choice in choices:
        choice.doubtful = list(dict.fromkeys(choice.doubtful + lost))
        label = f"Total {choice.heading.lower()}" if len(choices) > 1 else ""
        lines += _lines(task, choice, records, label, lost, folder)
        status = choice.heading.split(",")[0].lower()
        prefix = {"paid": "paid settled ", "unpaid": "unpaid due owed outstanding "}.get(status, "")
        if not choice.ranked:  # the largest one's amount is no total, and its 1 no count
            found = _evidence(choice.chosen, _amount_key(task, choice.chosen, records), prefix)
            counted = _count(task, choice.chosen) if COUNT.search(task) else f"Count: {len(choice.chosen)}."
            of = re.fullmatch(r"(?:\w+ c|C)ount: (\d+)(?: \(.*\))?\.", counted)  # 'how many clients': theirs, not
            evidence |= {k: int(of[1]) if "count" in k else v for k, v in found.items() if of or "count" not in k}  # the
            # records' count
    if len(choices) > 1 and TOTAL.search(task):  # the grand total is over every record, whatever its status; when the
        listed = [r for r in records if any(r in c.chosen for c in choices)]  # task names whose ('Dumont's bills, paid
        whose = not lost and not any(c.doubtful for c in choices) and _select._named(task, records, None)  # and unpaid'),
        if isinstance(whose, dict) and whose:  # over the records listed
            lines.append(_total(task, listed, _amount_key(task, listed, records), "Total of the records listed"))
        else:
            lines.append(_grand(task, records, lost))
            evidence |= _evidence(records, _amount_key(task, records, records), "grand ") if not lost else {}
    if WHEN.search(task) and not any(c.chosen for c in choices) and any(c.doubtful for c in choices):
        lines.append("I could not say when: no record is listed.")
    listed = [r for c in choices for r in c.chosen]  # 'and what are their clients?': each item shows its client
    shown = {"number"} | {w for k in {k for r in listed for k in r.fields} for w in stems(k)
                          if all(f"({r.fields.get(k)}, " in " ".join(lines) for r in listed)}
    shown |= set(stems("who whom by owe owes them it from")) if shown & {"client", "customer"} else set()  # 'who owes them?'
    shown |= STATUS_NAMES if (key := _status_key(records)) and f"{key} '" in " ".join(lines) else set()  # 'its status?'
    owed = choices[0].heading.startswith("Unpaid")
    lines += _unsaid(task, records) + [f"I did not answer '{c}'." for c in _unanswered(task, len(choices), records, owed)
              if not {stem(w) for w in re.findall(r"\w+", c.lower())} <= shown | THEIR]
    if _measured(task, records) or COUNT.search(task) and not TOTAL.search(IN_ALL.sub(" ", re.sub(
            r"\btotal number\b|\bnombre total\b", "number", task, flags=re.I))):  # 'the total weight', 'how many were
        evidence = {k: v for k, v in evidence.items() if "total" not in k}  # approved?': no total of money is asked
    if PER.search(task):  # 'the unpaid total per client': one figure of them all is not the figure of each
        evidence = {k: v for k, v in evidence.items() if "total" not in k and "count" not in k}
    every = ("Grand total (all records)", "Count (all records)", "Nombre (toutes", "I give no count of all", "Je ne peux pas")
    if seen or notes or good < len(reads) or any(c.doubtful for c in choices) or len(choices) == 1 and any(
            line.startswith(every) for line in lines):  # the figures of a filtered list are not those over every record
        evidence = {}  # structured output only from records classified completely
    return answer(" ".join(list(dict.fromkeys(lines)) + [based] + list(dict.fromkeys(seen)) + notes), evidence)


SUMMED = re.compile(r"\b(?:sum|total|somme|add up|additionne[rz]?)\s+(?:of\s+|des\s+|du\s+|de\s+la\s+|de\s+l['’])?"
                    r"(?:the\s+|les\s+|la\s+|all\s+(?:the\s+)?)?((?:invoice\s+)?(?:numbers|dates|ids|days)|"
                    r"numéros(?:\s+de\s+facture)?|jours)\b(?!\s+of\b)", re.I)  # 'the sum of the invoice numbers', not
# 'the total of invoice number 302'


def _measured(task: str, records: list[Record]) -> str | None:
    """The word of a total asked of a field that holds no money: 'total weight', 'how many hours in total'."""
    if summed := SUMMED.search(task):
        return summed[1]
    quantity = _select.quantities(records) - set(stems("day days jour jours number numéro file files record records invoice "
                                                       "invoices bill bills facture factures fiche fiches order orders"))
    priced = {w for k in money_keys(records) for w in stems(k)}
    named = [w for w in re.findall(r"[^\W\d_]+", task) if stem(w.lower()) in quantity - priced]  # 'the new snow … together'
    word = next((w for w in re.findall(r"(?=\btotal\s+([^\W\d_]+))(?=\btotal\s+\w+\s+(?:of\s+(?:the\s+)?)?([^\W\d_]+))?|"
                                       r"\btotal\s+(?:of|des?|du)\s+(?:the\s+|les\s+|la\s+|l['’])?([^\W\d_]+)|"
                                       r"\b([^\W\d_]+)\s+(?:in total|in all|altogether|en tout|au total)\b|"
                                       r"\bsum of (?:the\s+)?([^\W\d_]+)", task, re.I)
                 for w in w if w and stem(w.lower()) in quantity), None) or (
        named[0] if named and not set(stems(task)) & priced else None)
    whole = [m[0] for k in {k for r in records for k in r.fields} if word and word.lower() in k.lower().split()
             and (m := re.search(rf"(?<!\w){re.escape(k)}(?!\w)", task, re.I))]
    return whole[0] if word and len(whole) == 1 else word  # 'new snow', not 'new'


def _came_in(task: str, records: list[Record]) -> str | None:
    """Why no total when the task asks what was paid or received and no field says it: the total invoiced is not
    what came in ('How much have we received in total?' beside 'Total: 2,400.00 USD' and no status)."""
    came = [w for w in re.findall(r"[^\W\d_]+", task) if stem(w.lower()) in CAME_IN | set(stems("versé versés paid payé"))]
    if came and TOTAL.search(task) and not _select.REGARDLESS.search(task) and not _status_key(records) and not any(
            set(stems(k)) & (CAME_IN | set(stems("paid payé réglé"))) for k in money_keys(records)):
        return (f"the records say nothing I can read of what was {came[0]} (no status or payment field), so I give no "
                "list and no total: the total of all would answer another question")


def _missed(task: str, choices, records: list[Record]) -> str | None:
    """Why no list when all are listed, yet the task names a value some have ('which are done?'), or one on another
    side ('trains to Lyon', each 'From: Lyon'); after a filter, a survey word that is a value ('fully delivered')."""
    every = all(c.heading == "Records" for c in choices)
    headings = "" if every else " ".join(c.heading for c in choices).lower()  # the fields a filter read
    said = [w for w in re.findall(r"[^\W\d_]+", task.lower()) if every or stem(w) in _select.SURVEY_WORDS]
    for word in [w for w in said if w not in PAYING]:  # 'paid or not' is read with the status
        values = {k: {r.fields.get(k, "").strip().lower() for r in records} for r in records for k in r.fields}
        if key := next((k for k, v in values.items() if word in v and k.lower() not in headings and (
                len(v) > 1 or _select._side(k) and _select._side_of(task, word) not in (None, _select._side(k)))),
                       None):  # 'trains to Lyon', each 'From: Lyon'
            return f"'{word}' is a value of {key} that I could not select records on; I give no list and no total"
    return None


def _flagged(task: str, choice, records: list[Record]):
    """The records whose yes/no field the task names ('which loans were returned?'), unfiltered."""
    asks_all = _select.EVERYTHING.search(task) or any(_select.YES_NO.match(c) for c in clauses(task))  # 'has she
    for key in dict.fromkeys(k for r in records for k in r.fields if k not in choice.heading and not asks_all  # returned
                             and k != _status_key(records)):  # all?': both shown; 'Paid: yes' is the status
        values = {r.fields.get(key, "").strip().lower() for r in records}
        said = re.search(rf"\b(?:are|is|were|was|been|be|got|(?:has|have|had|did)(?:\s+[\w.]+){{0,3}}?)\s+{re.escape(key)}\b|"
                         rf"\bwhere\s+{re.escape(key)}\s+(?:is|=)\s+"
                         rf"(\w+)|\b{re.escape(key)}\s+(?!(?:is|was|are|were)\b)[^\W\d_]+s\b", task, re.I)
        if said and values <= _select.YES | _select.NO and len(values) > 1:
            want = (said[1] or "yes").lower() in _select.YES
            heading = f"{choice.heading}, " * (choice.heading != "Records") + f"{key} {'yes' if want else 'no'}"
            return replace(choice, chosen=[r for r in choice.chosen if (r.fields.get(key, "").strip().lower() in
                                                                        _select.YES) == want], heading=heading)
    return choice


def _noted(records: list[Record]) -> list[Record]:
    """The records with a note saying otherwise than the status joined to it ('unpaid (Note: half paid)'): neither."""
    key = _status_key(records)
    def noted(record: Record) -> Record:
        value = record.fields.get(key)
        said = {k: set(re.findall(r"\w+", f"{k} {v}".lower())) for k, v in record.fields.items() if value and k != key}
        other = [f"{k}: {v}" for k, v in record.fields.items() if k in said and (  # 'Note: half paid', 'Paid on: 02/08'
            not re.search(r"\d", DATE.sub("", v)) and set(stems(k)) & REMARKS and said[k] & SETTLING
            and _select._kind(v, k) != _select._kind(value, key) or said[k] & _select.STATES and v.lower() in _select.YES
            or said[k] & _select.PAID and DATE.fullmatch(v.strip()) and _select._kind(value, key) != "paid")]
        return replace(record, fields={**record.fields, key: f"{value} ({'; '.join(other)})"}) if other else record
    return [noted(r) for r in records]


def _mentioned(records: list[Record], reads) -> list[Record]:
    """The records with the lines of a file left out that name their number joined to their status ('unpaid
    (payments.txt: "02/06/2026 credit 1,500.00 EUR ref S-12")'), so that it reads as neither: a bank statement or a
    payment advice may record the payment of that invoice, or its cheque coming back, and I do not tie them together."""
    key = _status_key(records)
    kept = {re.split(r"[#:]", r.file)[0] for r in records}  # 'list.json#2', 'table.csv:3': a file read as records
    found: dict[str, dict[str, list[str]]] = {}
    for step in reads:
        file = _arg(step).rsplit("/", 1)[-1]
        if file in kept or step.is_error or is_cleared(step.result or ""):
            continue
        for line in (step.result or "").splitlines():
            for record in _select._names_of(line, Record(file, "", {}), records):
                found.setdefault(record.file, {}).setdefault(file, []).append(" ".join(line.split()).replace("'", "’"))
    def joined_to(record: Record) -> Record:
        lines = found.get(record.file)
        if not key or not lines or key not in record.fields:
            return record
        said = "; ".join(f"{file}: " + ", ".join(f'"{clip(line, 80)}"' for line in quoted[:3]) + ", …" * (len(quoted) > 3)
                         for file, quoted in lines.items())  # the quotes make it no status ('"' is no word of one)
        return replace(record, fields={**record.fields, key: f"{record.fields[key]} ({said})"})
    return [joined_to(r) for r in records]


def _named_numbers(task: str, records: list[Record]) -> str:
    """The task with a value it writes in full that holds a number ('Studio 54') said without it: no invoice number."""
    numbers = {r.number for r in records}
    for value in sorted({v for r in records for v in r.fields.values() if re.search(r"\d", v) and re.search(
            r"[^\W\d_]{2}", v) and v not in numbers and not money(v) and not DATE.search(v) and not _select.DAY_MONTH.search(
            v)}, key=lambda v: (-len(v), v)):  # the longest first, '2.5 kg' before '5 kg', the same in every process
        if found := says(task, value):
            task = task[:found.start()] + re.sub(r"[\w-]*\d[\w-]*", " ", found[0]) + task[found.end():]
    return task


def _everyone(task: str, records: list[Record], folder: str) -> bool:
    """Whether the task names only the records, a field each has, or a word one field of every record holds."""
    if not records:
        return False
    said = {w.lower() for w in re.findall(r"[^\W\d_]+", task)} - PAYING
    keys = {SYNONYMS.get(w, w) for k in records[0].fields if all(k in r.fields for r in records) for w in stems(k)}
    return not terms(task) - set(stems(f"{folder} folder dossier montre affiche per")) - keys - _select.RECORD_WORDS or any(
        said & set.intersection(*(set(re.findall(r"[^\W\d_]+", r.fields.get(k, "").lower())) for r in records))
        for k in records[0].fields)


def _narrowing(task: str, records: list[Record]) -> str | None:
    """Why a later request naming a value ('list the unpaid ones. Are any from Alpha?') cannot narrow the first."""
    parts = [p for s in re.split(r"(?<=[.!?;])\s+", task) for p in clauses(s)]
    asked = [i for i, p in enumerate(parts) if QUESTION.match(p) or REQUEST.match(p)]
    status = [i for i, p in enumerate(parts) if {w.lower() for w in re.findall(r"\w+", _select._names_not_statuses(p, records))}
              & PAYING]  # 'other than Paid Media's' names a client, no status
    for i, part in enumerate(parts):
        own = asked and i > asked[0] and (i in asked or i in status and status[0] < i)  # its own request or status
        if own and (named := _select._named(part, records, None)) and not isinstance(named, str):
            return _select.NARROWS.format(part)
    return None


def _with_others(task: str) -> str:
    """'list the invoices and tell me which are paid' worded as 'which are paid, or not': both lists, as asked."""
    parts = [p for s in re.split(r"(?<=[.!?;])\s+", task) for p in clauses(s)]
    asked = [p for p in parts if QUESTION.match(p) or REQUEST.match(p)]
    own = set(stems(asked[0])) if asked else set()  # the first request's words
    if not own & RECORD_NOUNS or own & STATUSES or COUNT.search(asked[0]) or TOTAL.search(asked[0]):
        return task
    later = next((p for p in asked[1:] if set(stems(p)) & STATUSES), None)
    return task.replace(later, f"{later}, {'ou non' if _select.french(task) else 'or not'}") if later else task


def _totalled(task: str, ranked: bool) -> bool:
    """Whether the task asks for a total: not by the 'montant' of 'le montant le plus élevé', the amount it ranks."""
    if not (ranked and _select.french(task)):
        return bool(TOTAL.search(task))
    return any(TOTAL.search(c) and not EXTREME.search(english_terms(c, True)) for c in clauses(task))


def _unanswered(task: str, lists: int, records: list[Record], owed: bool = False) -> list[str]:
    """The task's later questions that no part of the reply answers ('are they all from the same client?')."""
    valued = {w for r in records for v in r.fields.values() for w in stems(v)}  # 'dû par Bêta': a name the records give, no breakdown
    later = [c for c in clauses(task) if QUESTION.match(c)][1:]  # a clause lost its 'et': COUNT reads 'et combien'
    vague = [c for c in clauses(task) if says(c, "combien")] if not (TOTAL.search(task) or COUNT.search(task) or PER.search(task)) else []
    vague += [m[0] for m in BREAKDOWN.finditer(task)  # 'how many per currency?': one count is not one per currency
              if not (m[0].split()[-1][0].isupper() and stem(m[0].split()[-1].lower()) in valued)]
    keys = {w for k in {k for r in records for k in r.fields} for w in stems(k) if len(  # 'each observer', not 'each
        {r.fields.get(k) for r in records}) < len(records)} - STATUS_NAMES  # day' (one a record), 'by observer':
    vague += [m[0] for m in re.finditer(r"\b(?:each|every|by|chaque)\s+([^\W\d_]+)", task, re.I)  # one figure is not
              if stem(m[1].lower()) in keys and not any(m[0] in v for v in vague)]  # one per observer
    return vague + [c for c in later if lists < 2 and (not owed and REMAINS.search(c) or not any(  # 'and how much is left?'
        p.search(c) or p.search(f"et {c}") for p in (TOTAL, COUNT, WHEN, PER)))]  # after the paid ones: not theirs


def _evidence(chosen: list[Record], key: str | None, prefix: str) -> dict:
    """What a structured answer may hold: the records' numbers, their count, and their total (one currency)."""
    found = {f"{prefix}record numbers ids invoices records": [r.number for r in chosen],
             f"{prefix}count how many number": len(chosen)}
    amounts = [money(r.fields.get(key, "")) if key else None for r in chosen]
    if chosen and all(amounts) and len({a[1] for a in amounts}) == 1:
        total = sum(a[0] for a in amounts)
        name = f"{prefix}total sum amount"
        found |= {name: int(total) if total == int(total) else float(total), name + " currency": amounts[0][1]}
    return found


def _lines(task: str, choice, records: list[Record], label: str, lost: list[str], folder: str) -> list[str]:
    """The list, count and total of one choice; with `choice.doubtful`, no figure passed off as complete."""
    chosen, keys, doubt = choice.chosen, money_keys(choice.chosen or records), choice.doubtful
    key = _amount_key(task, chosen, records)
    status = _status_key(records)  # 'what is the status of each invoice?': the status is shown as the record says it
    told = [status] if status and not choice.status_key and (terms(task) & STATUS_NAMES or _select.REGARDLESS.search(task)
                                                             and not TOTAL.search(task) and not COUNT.search(task)
                                                             or "due" in terms(choice.heading)
                                                             and any(_select._kind(_select._status(r, status), status)
                                                                     != "unpaid" for r in chosen)) else []  # paid too
    told += [k for k in _asked_fields(task, records, {key, status, *told}, folder)  # 'with their due dates': every field
             if not (WHEN.search(task) and any(DATE.search(r.fields.get(k, "")) for r in records))]  # ('when' says dates)
    bare = not money_keys(records) and (terms(task) & GENERIC_AMOUNT or TOTAL.search(task))  # 'the amount' of 'Amount: 100'
    told += [k for k in dict.fromkeys(k for r in records for k in r.fields) if bare and k not in told
             and set(stems(k)) & GENERIC_AMOUNT]
    if len(chosen) == 1 and chosen[0].number in task and WHOLE.search(task):
        told += [k for k in chosen[0].fields if k not in (key, *told)]  # 'Read invoice X': every line, not a summary
    elif len(chosen) == 1 and chosen[0].number in task:  # 'the IBAN of W-10': the line whose value names it
        asked = terms(task) - GENERIC_FIELD - STATUSES - set(stems(chosen[0].number)) - set(stems(folder))
        told += [k for k, v in chosen[0].fields.items() if k not in (key, *told) and v != chosen[0].number
                 and set(stems(v)) & asked]
    if choice.heading == "Records" and not NOT.search(task) and (had := next((k for k in told if re.search(
            rf"\b(?:had|have|has|with|got|saw)\s+(?:\w+\s+){{0,2}}?{re.escape(k)}\b(?!\s*[:=]?\s*\d)", task, re.I)
            and all(re.match(r"\s*-?\d", r.fields[k]) for r in chosen if k in r.fields)), None)):  # a number, not 'with its client
        chosen = [r for r in chosen if not ZERO.fullmatch(r.fields.get(had, ""))]  # 'had new snow': not 'New snow: 0 cm'
        choice = replace(choice, chosen=chosen, heading=f"{had} not 0")
    unread = money_keys(records) if chosen and not money_keys(chosen) else []  # 'Amount: 2,300 pounds sterling': quoted,
    told += unread[:1] if len(unread) == 1 and unread[0] not in told and all(  # not left out unsaid
        "; " not in r.fields.get(unread[0], "; ") for r in chosen) else []
    where = FILE_ASKED.search(task)  # 'which file has the largest invoice?' asks for a file, not the invoice's number
    shown = joined([_item(r, key, choice.status_key, told, bool(where)) for r in chosen]) if chosen else ""
    lines = [f"{choice.heading}: {shown}, as far as I can tell." if doubt and chosen and not choice.ranked
             else f"{choice.heading}: I cannot tell which." if doubt else f"{choice.heading}: {shown}." if chosen
             else f"{choice.heading}: none."]  # 'none', never a bare 'No'
    if len(chosen) == 1 and chosen[0].number in task and WHOLE.search(task) and chosen[0].notes:  # 'Que dit la facture X ?'
        lines.append(f"{chosen[0].number} also says: \"{' '.join(chosen[0].notes)}\"")  # its sentences, not only its fields
    if (waiting := WAITING.search(task)) and choice.status_key and len(chosen) > 1:  # 'en attente' beside
        literal = [r.number or r.file for r in chosen if waiting[0].lower() in r.fields.get(choice.status_key, "").lower()]
        if 0 < len(literal) < len(chosen):  # 'impayée': the task's words are read as unpaid, and it says so
            lines.append(f"I read '{waiting[0]}' as unpaid: {joined(literal)} say{'s' * (len(literal) == 1)} "
                         f"'{waiting[0]}', the others another word for unpaid.")
    if chosen and len(keys) > 1 and not key and terms(task) & GENERIC_AMOUNT and not _totalled(task, choice.ranked):
        lines.append(f"I give no amount: the records have several amounts ({joined(keys)}) and the task does not say "
                     "which one it asks for.")  # 'What is the amount of invoice X?' beside 'Net' and 'Deposit'
    noun = _noun(task)  # the task's own word, so that a partial figure names what it is about
    maybe = doubt and f"{joined(doubt)} may belong here too: I could not classify {'them' if len(doubt) > 1 else 'it'}"
    aside = [c for c in clauses(task) if choice.ranked and not re.search(r"\b(?:it|its|that one)\b", c, re.IGNORECASE)
             and (COUNT.search(c) or TOTAL.search(c) and not EXTREME.search(
                 english_terms(c, True) if _select.french(task) else c))]  # 'the biggest, and the total of all?'
    lines += [_grand(task, records, lost) if GRAND.search(c) and _every(c) else f"I did not answer '{c}'." for c in aside]
    lines += [f"I did not answer '{c}'." for s in re.split(r"(?<=[.!?;])\s+", task) for c in clauses(s)
              if choice.ranked and c not in aside and _lists(c)]  # 'List the unpaid ones. Which is the largest?' too
    whole = [c for c in clauses(task) if COUNT.search(c) and IN_ALL.search(c) and set(stems(c)) & _select.RECORD_WORDS
             and not re.search(r"\d", c) and not set(stems(c)) & STATUSES and not _select._named(c, records, None)] if choice.heading != "Records" else []
    if whole and not label and not aside:  # 'which are Beta's, and how many invoices are there in all?'
        fr = _select.french(task)  # said here in French: the reply's French table has no such phrase
        lines.append((f"Je ne peux pas donner le nombre de toutes les fiches : je n'ai pas pu classer {joined(lost)}."
                      .replace(" and ", " et ") if fr else f"I give no count of all records: I could not classify {joined(lost)}.")
                     if lost else f"Nombre (toutes les fiches) : {len(records)}." if fr else f"Count (all records): {len(records)}.")
    elif COUNT.search(task) and not aside:
        several = label and f" {choice.heading.split(',')[0].lower()}"  # 'Count unpaid: 2', never one 'Count: 2' for both
        counted = _count(task, chosen, f"Count{several}", records)
        of = re.fullmatch(r"(\w+) count: (\d+)(.*)\.", counted)  # 'how many clients': those of the records listed
        lines.append(counted if not doubt or counted.startswith("I did not count") else
                     f"I cannot give a complete {of[1]} count: {of[2]} among those listed{of[3]}, but {maybe}." if of else
                     f"I cannot give a complete count of the {noun}: {len(chosen)} listed, but {maybe}.")
    per = PER.search(task)
    per = per and per.group() or (COUNT.search(task) or TOTAL.search(task)) and _several(choice.heading, records)
    totalled = _totalled(task, choice.ranked)
    if totalled and not aside and (measure := _measured(task, records)):
        lines.append(f"I did not total '{measure}': I add up amounts of money only.")
    elif totalled and not aside:
        grand = "Grand total" if GRAND.search(task) and choice.heading == "Records" else ""  # over every record
        partial = doubt and chosen and key and _sum(chosen, key)
        partial = partial and (f"the {len(chosen)} listed add up to " if len(chosen) > 1 else "the one listed comes to ") + partial
        words = _amount_words(task, keys)
        both = _fields_named(task, keys)
        lines.append(f"I give no total: the task names more than one amount ({joined(both)}); I add up one at a time."
                     if keys and not key and len(both) > 1 else
                     f"I give no total: the records' only amount is {keys[0]!r}, a part of each invoice that the task "
                     "does not ask for." if len(keys) == 1 and not key else
                     f"I give no total: the records have several amounts ({joined(keys)}) and I cannot tell which one "
                     f"the task means by {joined([f'{w!r}' for w in words])}, or whether it means a figure worked out from them."
                     if keys and not key and words else
                     f"I give no total: the records have several amounts ({joined(keys)}) and the task does not say "
                     "which one to add up." if keys and not key else
                     f"I cannot give a complete total of the {noun}: {partial}, but {maybe}."
                     if partial else f"I cannot give a complete total of the {noun}: {maybe}." if doubt else
                     _total(task, chosen, key, label or grand or ("Total" if per else "")))
        if doubt and lines[-1].startswith("I give no total"):  # what may belong is said with or without a total
            lines.append(f"I cannot say the list of {noun} is complete: {maybe}.")
        own = [c for c in clauses(task) if GRAND.search(c)]  # 'the total of all Alpha's invoices' says whose
        if GRAND.search(task) and not label and " not " not in choice.heading and (  # ', excluding X': not every record
                choice.status_key or choice.heading != "Records" and not any(
                _select._named(c, records, None) or re.search(r"\d", c) for c in own)):  # a grand total: every record
            lines.append(_grand(task, records, lost))
    elif doubt and not COUNT.search(task):
        lines.append(f"I cannot say the list of {noun} is complete: {maybe}.")
    if per and lost:
        lines.append(f"I give no figure per client: I could not classify {joined(lost)}.")
    elif per:  # a figure per client only over completely classified records; a count for 'how many ... each client'
        unknown = {n.split()[0] for n in choice.notes} | set(doubt)
        counted = bool(COUNT.search(task))  # 'how many ... each client have, and the total?': a count and a total each
        lines += [_per_client(chosen, key, per, records, unknown, c, choice.heading) for c in (True, False)
                  if c and counted or not c and (TOTAL.search(task) or not counted)]
    if WHEN.search(task) and chosen:
        lines.append(_when(task, chosen, choice.status_key))
    return lines


EVERY = set(stems("total totals sum grand overall général générale all every toutes tous folder dossier add up"))


def _every(clause: str) -> bool:
    """Whether a clause asking for a grand total selects nothing of its own ('and the total of all invoices?'); 'the
    total of all unpaid invoices', 'of all March invoices' are not every record, and are not worked out beside a largest."""
    return not terms(clause) - _select.RECORD_WORDS - EVERY


LISTS = re.compile(r"^\s*(?:please\s+)?(?:find|give|list|show|tell|display|print|name|which|what|trouve\w*|donne\w*|"
                   r"liste\w*|montre\w*|affiche\w*|indique\w*|cite\w*|quel\w*)\b(?=.*\b(?:invoices|bills|records|"
                   r"factures|fiches|numbers|numéros|every|all|each|tous|toutes|chaque)\b)", re.I)  # 'give their numbers'
RANKS = re.compile(r"\b(?:largest|biggest|highest|smallest|lowest|greatest|most|least|max\w*|min\w*|top|plus|moins)\b",
                   re.I)


def _lists(clause: str) -> bool:
    """Whether a clause asks for a list of records of its own ('give the numbers of the unpaid invoices', 'list every
    invoice'), beside one asking for the largest: the largest alone does not answer it."""
    return bool(LISTS.search(clause)) and not RANKS.search(f"{clause} {english_terms(clause, True)}") and not (
        COUNT.search(clause) or TOTAL.search(clause) or re.search(r"\b(?:it|its|that one)\b", clause, re.I))


def _several(heading: str, records: list[Record]) -> str | None:
    """'Client Alpha or Beta' of a heading: 'Alpha's total and Beta's' asks a figure for each, as 'per client' does."""
    clients = {k for r in records for k in r.fields if set(stems(k)) & {"client", "customer"}}
    return next((m[0] for k in clients if (m := re.search(rf"\b{re.escape(k)} (?!not )[^,]+ or [^,]+", heading))), None)


def _noun(task: str) -> str:
    """The task's word for the records, in the plural: 'bill' -> 'bills', 'factures'; 'records' if none."""
    found = re.search(r"\b(invoice|bill|record|facture|fiche|entr(?:y|ie)|file)s?\b", task, re.IGNORECASE)
    return (found.group(1).lower().replace("entry", "entrie") + "s") if found else "records"


def _sum(chosen: list[Record], key: str) -> str | None:
    """'490 EUR' (or '490 EUR + 30 USD'): the records' amounts under `key` added up; None if one has none."""
    found, sums = [money(record.fields.get(key, "")) for record in chosen], Counter()
    for amount, currency in filter(None, found):
        sums[currency] += amount
    return " + ".join(amount_text(v, c) for c, v in sums.items()) or "0" if all(found) else None


def _per_client(chosen: list[Record], key: str | None, asked: str, records: list[Record], unknown: set[str],
                count: bool = False, heading: str = "") -> str:
    """'Total per client: A 300 EUR; B 1200 EUR.' (none for a client of a doubtful record), or why there is none."""
    clients = [k for k in dict.fromkeys(k for r in chosen for k in r.fields)
               if set(stems(k)) & {"client", "customer"}]
    amounts = [(1, "") if count else money(r.fields.get(key, "")) if key else None for r in chosen]
    twice = _cased(r.fields.get(clients[0], "") for r in chosen) if len(clients) == 1 else ""
    if not chosen or len(clients) != 1 or not all(amounts) or len({a[1] for a in amounts}) != 1 \
            or any(clients[0] not in r.fields for r in chosen) or twice:
        return (f"I could not break it down ('{asked}'): I did not compute a figure per client; the list and any "
                "total are over all the records listed." + (f" The records write one client in two ways ({twice})."
                                                             if twice else ""))
    sums = Counter()
    for record, (amount, _) in zip(chosen, amounts, strict=True):
        sums[record.fields[clients[0]]] += amount
    named = any(p.startswith(f"{clients[0]} ") for p in heading.split(", "))  # 'Client Alpha or Beta', 'Client not X'
    if PER.search(asked) and not named:  # each client, 'Beta 0 EUR' too: none left out
        every = [r.fields[clients[0]] for r in records if clients[0] in r.fields]
        sums.update(dict.fromkeys(every if not _cased(every) else [], 0 * amounts[0][0]))
    doubtful = {r.fields.get(clients[0]) for r in records if r.file in unknown}
    if nameless := [r.file for r in records if r.file in unknown and clients[0] not in r.fields]:  # anyone's
        return f"I give no figure per client: I could not classify {joined(nameless)}."
    folded = {_select._folded(d or "") for d in doubtful}  # 'CAFE BLANC' doubtful holds 'Café Blanc' back too
    held = [c for c in dict.fromkeys([*sums, *doubtful]) if _select._folded(c or "") in folded and (
        c in sums or not named and c in doubtful)]  # 'Gamma' too
    shown = "; ".join(f"{c} {v if count else amount_text(v, amounts[0][1])}" for c, v in sums.items() if c not in held)
    return (f"{'Count' if count else 'Total'} per client: {shown or 'none I can give'}." +
            (f" I could not give a figure for {joined(held)}: a record of theirs could not be classified." if held else ""))


def _count(task: str, chosen: list[Record], label: str = "Count", every: list[Record] = ()) -> str:
    """'Count: 3.' of records; for 'how many clients', the distinct values of the field it names (each one asked)."""
    asked = [m[0] for m in COUNTED.finditer(task)] + [f"how many {m[1]}" for m in re.finditer(  # 'invoices and clients'
        r"\b(?:how many|combien de)\s+[^\W\d_]+\s+(?:and|et)\s+(?:de\s+|d['’])?(?!how\b|combien\b)([^\W\d_]+)", task, re.I)]
    if len(asked) > 1:  # 'how many invoices, and how many clients?'
        return " ".join(dict.fromkeys(_count(a, chosen, label, every) for a in asked))
    found = COUNTED.search(task)
    noun = next((w for w in (re.split(r"\b(?:per|par)\b", found.group(1))[0].split() if found else [])  # 'how many
                 if terms(w) and w.lower() not in PAYING and not says(" ".join(  # per client': records counted;
                     v for r in chosen for v in r.fields.values()), w)), None)  # 'how many of Alpha's invoices': records
    what = noun and stem(SYNONYMS.get(stem(noun.lower()), noun.lower()))
    own = [w for w in (found.group(1).split()[:1] if found else []) if not noun and any(  # 'how many eggs' beside
        len({r.fields.get(k) for r in every or chosen}) == len(every or chosen) > 1 and says(r.fields[k], w)
        and len(r.fields[k].split()) <= 6 for r in chosen for k in r.fields)]  # 'Name: Eggs': a record's own name,
    # counted it is no number of eggs; a note in sentences names no record
    if own:
        return f"I did not count '{own[0]}': I can count records ({len(chosen)} listed), not that."
    kind = {stem(words(r.title)[0].lower()) for r in every or chosen if words(r.title)}  # 'Order 16': orders, 'commandes'
    if not what or (what in RECORD_NOUNS or what in kind or stem(english_of(noun) or "-") in kind) and not any(
            what in stems(k) for r in chosen for k in r.fields):  # 'Items: 5'
        return f"{label}: {len(chosen)}."
    keys = [k for k in dict.fromkeys(k for r in chosen for k in r.fields) if what in {SYNONYMS.get(w, w) for w in stems(k)}]
    if len(keys) == 1 and (twice := _cased(r.fields.get(keys[0], "") for r in chosen)):
        return f"I did not count '{noun}': the records write one name in two ways ({twice}), one {re.sub(r's$', '', noun)} or two."
    if what in RECORD_NOUNS and keys and all(r.fields.get(k) in (None, r.number) for r in chosen for k in keys):
        return f"{label}: {len(chosen)}."  # 'invoice,client,…' columns beside 'Invoice A-1' titles: the records' numbers
    if len(keys) != 1 or any(keys[0] not in r.fields for r in chosen):
        return f"I did not count '{noun}': I can count records ({len(chosen)} listed), not that."
    if any(money(r.fields[keys[0]]) for r in chosen):  # 'Combien de TVA ?': how much, not how many
        return f"I did not count '{noun}': its values are amounts, and I add amounts only when asked for a total."
    values = list(dict.fromkeys(r.fields[keys[0]] for r in chosen))
    if keys == [_select._status_key(chosen)] or any(says(task, v) for v in values):  # 'how many payments are pending?'
        return f"{label}: {len(chosen)}."  # beside 'Payment: pending', 'deliveries delivered': the records chosen
    # 'Delivery: shipped', 'Items: 12': not things counted; 'fully paid': all of a client's records
    state = any(re.search(r"ed\b|\bpending\b", v) or v.isdigit() and keys[0].endswith("s") for v in values)
    if state or re.search(r"\b(?:fully|in full|entirely|completely|entièrement|intégralement)\b", task, re.I) and any(
            r.fields.get(keys[0]) in values for r in every if r not in chosen):
        return f"I did not count '{noun}': I can count records ({len(chosen)} listed), not that."
    listed = joined(values).replace(" and ", " et ") if _select.french(task) else joined(values)  # said in French
    return f"{keys[0]} count: {len(values)}{' (' + listed + ')' if values else ''}."


def _cased(values) -> str:
    """Two of the values that differ only in case or accents ("'Alpha' and 'ALPHA'", 'Cafe'), or '': one client or
    two, the records do not say."""
    seen: dict[str, str] = {}
    for value in sorted(set(values)):
        if (other := seen.setdefault(_select._folded(value), value)) != value:
            return f"'{other}' and '{value}'"
    return ""


def _amount_key(task: str, chosen: list[Record], records: list[Record]) -> str | None:
    """The one money field to add up: the only one, the one the task names, or the whole of the others."""
    keys = money_keys(chosen or records)
    if len(keys) == 1 and part_of_invoice(keys[0], task):
        return None
    split = any(set(stems(k)) & PAYMENT for k in keys)  # 'Amount = Paid amount + Balance': what is owed is not Amount
    whole = [k for k in keys if len(k.split()) > 1 and re.search(rf"(?<!\w){re.escape(k)}(?!\w)", task, re.I)]
    if len(whole) == 1 and not split and not any(set(stems(k)) - set(stems(whole[0])) & terms(task) for k in keys):
        return whole[0]  # 'the total incl. VAT' names 'Total incl. VAT' whole, beside 'VAT 20%'
    named = [k for k in keys if set(stems(k)) - GENERIC_AMOUNT & terms(task) - STATUSES]  # 'paid' and 'owed' name no field
    if len(keys) == 1 or len(named) == 1 and len(_fields_named(task, keys)) < 2:  # 'the VAT and net': two, not one
        return (named or keys)[0]
    if len(_fields_named(task, keys)) > 1:
        return None
    mentioned = [k for k in keys if set(stems(k)) & terms(task) - {"total", "amount", "sum"}]  # 'how much VAT'
    own = mentioned and set(stems(mentioned[0])) - STATUSES - {"total", "amount", "sum"}  # 'VAT', never 'Paid amount'
    if len(mentioned) == 1 and own and set(stems(mentioned[0])) <= terms(task):  # named whole, no other field named
        return mentioned[0]
    return _whole(records, keys) if not named and not mentioned and not split else None


def _fields_named(task: str, keys: list[str]) -> list[str]:
    """The amount fields the task names by a word of their own ('VAT'), or by words joined by 'and' ('net and VAT')."""
    paired = {stem(w.lower()) for pair in re.findall(r"([^\W\d_]+)\s+(?:and|et|&)\s+([^\W\d_]+)", task) for w in pair}
    together = [k for k in keys if set(stems(k)) & paired]
    own = [k for k in keys if set(stems(k)) & terms(task) - STATUSES - {"total", "amount", "sum", "montant", "somme"}]
    return [k for k in keys if k in own or len(together) > 1 and k in together]


def _amount_words(task: str, keys: list[str]) -> list[str]:
    """The task's words, as written, that are words of the amount fields' names ('amount' of 'Amount')."""
    names = {w for k in keys for w in stems(k)} - STATUSES
    return list(dict.fromkeys(w for w in re.findall(r"[^\W\d_]+", task)
                              if {stem(w.lower()), stem(SYNONYMS.get(stem(w.lower()), w.lower()))} & names))


def _whole(records: list[Record], keys: list[str]) -> str | None:
    """The money field that is, in every record, the sum of its other amounts (Total = Net + VAT)."""
    def parts(record: Record, key: str) -> bool:
        values = [money(record.fields.get(k, "")) for k in keys]
        whole = money(record.fields.get(key, ""))
        rest = [v for k, v in zip(keys, values, strict=True) if k != key]
        return bool(whole and all(rest) and len({v[1] for v in values}) == 1 and sum(v[0] for v in rest) == whole[0])
    found = [k for k in keys if all(parts(r, k) for r in records)]
    return found[0] if len(found) == 1 else None


def _when(task: str, chosen: list[Record], status_key: str | None) -> str:
    """'When': each record's dated value of the field the task asks about (its status, or a field it names)."""
    asked = terms(task) | {stem(SYNONYMS.get(t, t)) for t in terms(task)}
    asked |= set(stems("payment paiement")) if asked & set(stems("paid payé payée payées payés")) else set()
    due = "due" in asked  # 'when is it due' asks for a due date, never the date in 'paid on 02/08' or 'unpaid since'
    said = []
    for record in chosen:
        keys = [k for k in record.fields if k == status_key and not due or set(stems(k)) & asked
                or {stem(SYNONYMS.get(w, w)) for w in stems(k)} & asked]
        dated = [f"{k} {record.fields[k]}" for k in keys if DATE.search(record.fields.get(k, ""))]
        looked = (f"its {joined(keys)} {'give' if len(keys) > 1 else 'gives'} no date I can read" if keys
                  else "no field of it is named as the task asks")
        moved = due and dated and _moved(record, keys)  # 'Due date extended to 08/01/2027': the Due date may be past
        said.append(f"{record.number}: {'; '.join(dated) if dated else looked + ', so I could not say when'}"
                    + (" it is due" if due and not dated else "")
                    + (f", but {record.file} also says '{moved}', so I cannot say when it is due" if moved else ""))
    return f"When, as the records say: {'; '.join(said)}."


def _moved(record: Record, keys: list[str]) -> str:
    """A line of the record that speaks of its due date otherwise than the fields `keys` shown ('Échéance reportée au
    15/02/2027'), with its quote marks as apostrophes, or ''."""
    shown = {f"{k}: {record.fields[k]}" for k in keys}
    line = next((m for k in keys if (m := moved_due(record, k)) and m not in shown), "")
    return line.replace("'", "’")


GOODS = set(stems("item items product products article articles description goods produit produits désignation objet title "
                   "titre book livre"))
WHAT_GOT = re.compile(r"\bwhat\b[^?.]*\b(?:order(?:ed)?|buy|bought|purchased?|get|got|borrow(?:ed)?|rent(?:ed)?|book(?:ed)?)\b|"
                      r"\bwhat(?:['’]s|\s+is|\s+was)\s+(?:[\w-]+\s+){1,2}for\b(?=\s*(?:$|[?,.;]|and\b))|"  # 'What is INV-6800 for?': its Item
                      r"\bqu['’](?:a|ont)(?:-t)?-(?:il|elle|ils|elles)?\s*\w*\s*(?:commandé|acheté|emprunté|loué|réservé)\b|"
                      r"\bqu['’]a\s+(?:commandé|acheté|emprunté|loué|réservé)\b|\bqu['’]est-ce qu(?:e|['’])[^?]*\b(?:commandé|"
                      r"acheté|emprunté|loué|réservé)\b", re.I)


def _asked_fields(task: str, records: list[Record], shown: set, folder: str) -> list[str]:
    """The fields not shown yet whose name the task uses ('due dates' -> 'Due date'), the folder's name aside; for 'who'
    the fields naming a person, for 'where' those naming a place."""
    asked = (terms(task) | {"note"} & set(stems(task))) - GENERIC_FIELD - set(stems(folder)) - STATUSES  # 'the notes'
    asked |= PEOPLE if WHO.search(task) else set()  # 'who is X-4 for?': 'no Client line'; 'who borrowed Dune?'
    asked |= PLACES if WHERE.search(task) else set()  # 'where does IC205 go?': its To
    asked |= GOODS if WHAT_GOT.search(task) else set()  # 'What did Hugo Lambert order?': its Item
    return [k for k in dict.fromkeys(k for r in records for k in r.fields) if k not in shown and set(stems(k)) & asked]


def _unsaid(task: str, records: list[Record]) -> list[str]:
    """'who' or 'where' asked of records that have no field naming a person or a place."""
    keys = {w for r in records for k in r.fields for w in stems(k)}
    return [f"I did not answer '{m[0].strip(' ,;:')}': no field of the records names a {kind}." for m, kind, fields in
            [(WHO.search(task), "person", PEOPLE), (WHERE.search(task), "place", PLACES)] if m and not keys & fields]


def _item(record: Record, key: str | None, status_key: str | None, told: list[str], where: bool) -> str:
    """'2026-08-015 (Studio Malo, 850 EUR)': the number, first other field, amount, fields asked (its file if asked)."""
    statuses = [k for k in told if set(stems(k)) & STATUS_NAMES]  # a status asked for is shown quoted, last
    first = next((k for k, v in record.fields.items()
                  if k not in (key, status_key, *statuses) and v != record.number and not money(v)), None)
    shown = ([record.file] if where else []) + ([record.fields[first]] if first else [])
    shown += ([f"{key} {record.fields[key]}"] if PER_UNIT.search(key) else [record.fields[key]]) if key in record.fields else []
    # 'unit_price_eur 2.10 EUR': a price per unit, not what the order comes to
    shown += [f"{k} '{record.fields[k]}'" if k in record.fields else f"no {k} line" for k in told
              if k != first and record.fields.get(k) != record.number]  # 'Day: 2' is said by the number already
    return f"{record.number} ({', '.join(shown)})" if shown else record.number


def _grand(task: str, records: list[Record], lost: list[str]) -> str:
    """The grand total, over every record whatever its status; none when a file left out may hold a record."""
    lost = lost + [r.file for r in _select.cancelled(task, records, records)]  # 'the total of all' may leave them out
    return (f"I give no grand total: I could not classify {joined(lost)}." if lost else
            _total(task, records, _amount_key(task, records, records), "Grand total (all records)"))


def _total(task: str, chosen: list[Record], key: str | None, label: str) -> str:
    after = re.search(r"(?<!grand )\btotal\b([^.;,?!]*)", task, re.IGNORECASE)
    rest = after.group(1).split() if after else []
    fits = 0 < len(rest) <= 3 and all(w.lower() in LABEL_WORDS for w in rest)  # 'total still due', never 'total and ...'
    label = label or ("Total " + " ".join(rest) if fits else "Total")
    unpriced = [r.file for r in chosen if not (key and money(r.fields.get(key, "")))]
    if cut := [r.file for r in chosen if r.file in unpriced and r.cut]:  # the amount may be in what was left out
        return f"I give no total: {joined(cut)} {'was' if len(cut) == 1 else 'were'} abridged in the history before any amount."
    if unpriced and all(key and re.fullmatch(r"-?\d[\d\s.,]*", r.fields.get(key, "").strip()) for r in chosen if r.file in unpriced):
        return (f"I give no total: {joined(unpriced)} {'gives' if len(unpriced) == 1 else 'give'} an amount without a "
                "currency, and I add up only amounts whose currency is said.")  # '610' in a CSV with no currency column
    tellers = {r.file: _select.resized(r, key) for r in chosen if r.file in unpriced and key}
    if changed := [r.file for r in chosen if tellers.get(r.file) == r.file]:  # '610 EUR (Note: amount corrected to 560
        return (f"I give no total: {joined(changed)} {'says its' if len(changed) == 1 else 'say their'} amount was "
                "changed, and I add up no amount a later line changes.")  # EUR)'
    if others := [f"a line of {tellers[r.file]} changes the amount of {r.number} ({r.file})" for r in chosen
                  if tellers.get(r.file)]:  # 'Note: the amount on INV-70 is wrong' in q-2.txt: INV-70's, not its own
        return f"I give no total: {'; '.join(others)}, and I add up no amount a later line changes."
    if unpriced:  # a total over some of the records would pass for the total of all
        return f"I give no total: {joined(unpriced)} {'has' if len(unpriced) == 1 else 'have'} no amount I can read."
    return f"{label}: {_sum(chosen, key)}."
