"""The practice model's planner: skills (`skill(view) -> reply | None`) tried in order; the first that applies
proposes the reply, `{"content": [text and tool_use blocks without ids], "stop_reason": "tool_use" | "end_turn"}`.
Whatever the skill, a tool input that breaks its schema is never sent, and an answer reports every denial, tool error
and planted instruction."""

from __future__ import annotations

import re
from dataclasses import replace

from ..view import View
from . import _select
from ._tools import TRY_ELSEWHERE, accounted, cannot_plan, declined, in_french, said
from .fill import invalid, labels, scales, strays
from .gullible import gullible
from .interpret import (
    BACK,
    content,
    english_of,
    english_question,
    english_terms,
    follow_up_note,
    french_lead,
    names_task,
    names_unplaced,
    parts_not_done,
    placed,
    unplaced,
    unplaced_reply,
)
from .lookup import ASKING, KEY_WORDS, VERBS, _meaning, lookup, lookup_tool
from .needs import ACTS, CALC, GENERIC, SPOKEN, WEATHER, _needs, needs
from .plain import THANKS, example, nothing_fits, plain
from .research import ASPECTS, MEASURES, MENTION, OWN_FRAME, research, research_tools
from .research import WORDING as WORDING_RESEARCH
from .retry import retry
from .survey import WORDING, survey, survey_tools
from .text import STOPWORDS, TAG, clip, french, roots, says, speaks_french, stems
from .text import words as split_words

SKILLS = (gullible, retry, research, survey, lookup, needs, plain, nothing_fits)
OWN_TOOLS = {research: research_tools, survey: survey_tools,  # these give way to other tools that serve the task
             lookup: lambda view: [t for t in [lookup_tool(view)] if t]}  # 'Define 'ephemeral'': define_word

# The words each skill acts on (roots); a word of the task outside them and outside the evidence is unplaced.
BOILERPLATE = re.compile(rf"The practice model can't plan this request: |{re.escape(TRY_ELSEWHERE)}")  # in every decline
DATES = re.compile(r"(?<![\w-])\d{4}-\d{2}-\d{2}(?![\w-])|(?<![\w/.])\d{1,2}[/.]\d{1,2}[/.]\d{2,4}(?![\w/.])")
REASONLESS = "I list, count and total records and quote tools' results; I do not read a reason in them, and I do not " \
             "answer a neighbouring question instead."
WHY = re.compile(r"(?:^|(?<=[.?!;,:]\s))\W*(?:why|pourquoi|how come)\b|\b(?-i:why|pourquoi|how come)\b", re.I)  # not 'Why Not SARL'
_ASKED = roots("what which how who whom whose when where why answer question result results value values")
VOCABULARY = {
    "needs": _ASKED | roots(" ".join(GENERIC | CALC | SPOKEN) + f" {WEATHER} twice double half moitié time clock remove erase supprime efface envoie fichier courriel mail e-mail email convertis convertir "
                          "difference différence écart between entre"
                                                 " least less"),  # 'warmer by at least 4 degrees': the gap, weighed
    "survey": _ASKED | roots(" ".join(_select.SURVEY_WORDS | _select.PAYING | _select.STATUS_WORDS | set(_select.SYNONYMS)) + " invoice invoices bill "
                             "bills facture factures client clients customer amount amounts paid unpaid date dates "
                             "due over under above below before after since until largest biggest highest smallest "
                             "lowest least most more less than greater exceed exceeding grand who owe owes money except excluding other than apart besides sauf not "
                             "never both either neither whether ones numéro numéros dossier restant doit doivent regardless whatever "
                             "irrespective waiting payment paiement attente"),
    "lookup": _ASKED | roots(" ".join(ASKING | KEY_WORDS | VERBS)),
    "research": _ASKED | MENTION | roots(" ".join(MEASURES | set(ASPECTS) | OWN_FRAME) + " according combien quand où qui pourquoi "
                                         "comment quel quelle quels quelles")}
UNDERSTOOD = {"needs": ("a request for the offered tools' results", "une demande de résultats des outils offerts"),
              "survey": ("a question about the records read", "une question sur les fiches lues"),
              "lookup": ("a lookup of the keys named", "une recherche des clés nommées"),
              "research": ("a question about the documents", "une question sur les documents")}  # English, French


POLITE_WORDS = {"yes", "no", "ok", "okay", "please", "thanks", "thank", "you", "great", "sure", "fine", "good", "oui", "non",
                "merci", "d'accord", "super", "bien", "and", "et", "so", "then", "alors", "now", "maintenant", "hmm", "well",
                "right", "also", "aussi", "ah", "oh", "bon", "bref", "perfect", "parfait", "cool", "nice"}


LEAD_INS = {"tell", "me", "this", "that", "dis", "dites", "moi", "say", "question", "quick", "one", "more", "thing", "but",
            "mais", "sinon", "otherwise", "next", "ensuite", "puis", "encore", "another", "une", "autre", "chose", "also"}


ASKED_ONLY = set("l d alors then à a heure heures time times hour hours price prices prix cost costs coût coûte coûtent date dates day days jour "
                 "jours place lieu where when long longtemps far loin open ouvert ouvre ferme closes lundi mardi mercredi jeudi "
                 "vendredi samedi dimanche monday tuesday wednesday thursday friday saturday sunday mondays tuesdays "
                 "wednesdays thursdays fridays saturdays sundays weekend weekends week-end".split())  # 'Et le dimanche ?'


def _own_antecedent(task: str) -> bool:
    """Whether the pronoun a follow-up would point back with names a plural noun of the task itself ('which invoices
    are unpaid, and what is their total?'), or a thing it says before a comma or 'and' ('Look up design and tell me
    its modules', 'La facture R-1 est-elle réglée ?'), so the task is whole; not 'the total of all of them', nor 'Quand
    a-t-elle été payée ?'; nor is 'again' of 'Weather in Lyon again?'."""
    found = BACK.search(task)
    said = re.search(r"^(.*?\w.*?)(?:[,:]\s*|\s+[-–—]\s+|\s+(?:and|et)\s+)", task[:found.start()])  # 'Look up design and tell me its
    # modules', 'Garage Pellan, what does that client owe?': what it points to is said before, in the task itself
    return found[0].strip().lower() in {"their", "them", "they", "leur", "leurs", "eux", "elles"} and bool(re.search(
        r"(?:^\W*|\b(?:which|what|the|all|my|our|these|those|les|des|mes|nos|ces|quelles|quels|\d+)\s+)(?:[^\W\d_]+\s+)?"
        r"[^\W\d_]{3,}[sx]\b.*?(?:[,;:?.]|\s(?:and|et|then|puis)\s)", task[:found.start()], re.I)  # 'which invoices
    ) or found[0].lower() in {"elle", "elles", "il"} and task[found.start() - 1:found.start()] == "-" and bool(re.search(
        r"\b(?:la|le|les|l['’])\s*[^\W\d_]+|(?<![\w-])[A-ZÀ-Ý][\w-]*\d|\w(?<![Qq]uand)\s+[A-ZÀ-Ý]", task[:found.start()])
    ) or found[0].strip().lower() == "again" and len(re.findall(r"[^\W\d_]{2,}", task)) >= 3 or found[0].strip(
    ).lower() in {"it", "its", "that", "cette", "ce", "cet", "elle", "elles"} | {f"{v} it" for v in "for to of with on do is".split()} and bool(
        said) and bool(set(split_words(said[1].lower())) - POLITE_WORDS - LEAD_INS)  # not 'Tell me this:', 'Dis-moi,'


ADVICE_ASKED = re.compile(r"\bwhat\s+(?:should|must|shall|ought)\b[^?.;]*\bdo\b|\bwhat\s+(?:do|does)\b[^?.;]*\b(?:need|have|has|"
                          r"ought)\s+to\s+do\b|\bque\s+(?:doi\w+|faut-il|devr\w+)\b[^?.;]*\bfaire\b", re.I)  # 'What should
# cyclists do at junctions?' asks what to do, not what happens there
ADVICE = re.compile(r"\b(?:should|must|need to|needs to|have to|has to|ought|recommend\w*|advis\w*|required|best to|always|"
                    r"never|make sure|ensure|remember to|avoid|essentials|doi\w+|devez|faut|conseill\w*|recommand\w*|"
                    r"obligatoire|veillez|évitez)\b", re.I)  # 'A simple check before each ride covers the essentials: …'


def _advised(task: str, text: str) -> bool:
    """False when the task asks what to do and no sentence of the answer says what one should do: 'Most collisions
    happen at junctions' is no answer to 'What should cyclists do at junctions?'."""
    return not ADVICE_ASKED.search(task) or bool(ADVICE.search(re.sub(r"\[[^\]]*\]", " ", text)))


def gate(view: View, skill: str, reply: dict) -> dict:
    """`reply` if every content word of the task is placed (or named as not done), else a decline naming them."""
    if reply["stop_reason"] != "end_turn" or skill not in VOCABULARY and not reply.get("declined"):
        return reply
    text, vocabulary = reply["content"][-1]["text"], VOCABULARY.get(skill, _ASKED)
    task = view.task if not french(view.task) or reply.get("own_words") else english_question(view.task)[0] if skill == "research" \
        else english_terms(view.task, skill == "survey")  # French terms placed through the one lexicon
    task = re.sub(r"\b(in|en)\s+(?:degrees?|degrés?)\s+([CFK])\b", r"\1 °\2", task)  # 'in degrees F' asks °F, as '°F' does
    evidence = " ".join([*(f"{s.result or ''} {' '.join(map(str, s.input.values()))} {scales(view.tool(s.name), s.input)}"
                           for s in view.steps),
                         *(f"{t.name} {t.description} {' '.join(t.properties)} {labels(t)}" for t in view.tools)])
    if skill == "research" and not reply.get("declined") and not _advised(view.task, text):
        return declined(("Les passages trouvés ne disent pas quoi faire ('{}') : ils ne répondent pas, je n'en cite aucun."
                         if french(view.task) else "The passages I found do not say what to do ('{}'): they do not answer "
                         "it, so I quote none.").format(ADVICE_ASKED.search(view.task)[0]), wording=WORDING_RESEARCH)
    if not reply.get("declined") and skill != "research" and (why := WHY.search(view.task)) and not re.search(
            rf"'[^']*\b{why[0]}\b[^']*'", text, re.I):  # 'Why has Delta not paid?': records and results give no reason
        return declined(" ".join(filter(None, [names_unplaced(view.task, [why[0]]), REASONLESS,
                                               view.follow_up and follow_up_note(view.task)])))
    if not reply.get("declined"):
        acted = any(not s.is_error and set(stems(split_words(s.name)[0])) & ACTS for s in view.steps)
        whole = re.match(r"\W*(?:and|et)\W+((?:what|how|which|who|where|when|quel\w*|combien|où|quand|qui|the weather|"
                         r"la météo)\b.*|[\d(](?:[\d\s.,()+*/^×÷%-]|(?:times|plus|minus|fois|moins|(?:divided|multiplied) by|(?:divisé|"
                         r"multiplié) par)\b)*\d\W*$)", view.task,  # 'and 45 - 17?', 'Et 6 fois 7 ?' are whole too
                         re.I | re.S)  # 'And what is 5 + 5?' asks a whole question, not one about the turns before
        lead = re.match(r"\W*(?:and|et|what about|how about)\b", view.task, re.I)  # 'And the data course?' is read alone
        bare = set(split_words(view.task[lead.end():] if lead else view.task)) - STOPWORDS - POLITE_WORDS
        if view.follow_up and not acted and (lead or bare & ASKED_ONLY) and not bare - ASKED_ONLY:  # 'À quelle heure alors ?'

            return declined(f"{names_unplaced(view.task, [view.task.strip(' ?!.')])} {follow_up_note(view.task)}")  # 'Et
            # à quelle heure ?' names no subject: the time of the turn before, not a 'de l'heure' found elsewhere
        if view.follow_up and not acted and BACK.search(TAG.sub("?", view.task)) and not _own_antecedent(view.task) and not (
                whole and not BACK.search(whole[1])) and not (lead and skill != "survey" and not BACK.search(view.task[lead.end():])):  # 'how much is
            # that?': that of an earlier turn
            found = list(BACK.finditer(view.task))  # 'Et leur total ?': 'leur' points back, not the 'Et' before it
            pointing = next((m for m in found if not re.fullmatch(r"\W*(?:and|et)", m[0], re.I)), found[0])[0].strip(
                " ?!.").split()  # 'that', 'ce client', 'for it', 'total?'
            word = " ".join(pointing) if " ".join(pointing) == view.task.strip(" ?!.") or pointing[0].lower() in (
                "what", "how") else pointing[-1 if pointing[-1].lower() == 'it' else 0]  # 'What about', not 'What'
            word = view.task.strip(" ?!.") if word.lower() in ("and", "et") else word  # 'Et le total ?' as a whole
            return declined(f"{names_unplaced(view.task, [word])} "
                            f"{follow_up_note(view.task)}")
        left = unplaced(task, vocabulary, evidence, text) if view.steps else []
        if french(view.task) and task != view.task:  # 'storm' the lexicon gave for 'Tempête', which the call placed
            own = content(view.task)
            left = [w for w in left if w in own or not any(says(evidence, f) for f in own if w in (english_of(f) or "").split()
                                                           or english_terms(f) == w)]  # 'alerte-tempête': 'warning-storm'
        left = [w for w in left if not (french(view.task) and (e := english_of(w)) and any(says(evidence.replace("_", " "), t)
                                                                                           for t in e.split()))]  # 'titre'
        # beside 'title: Technical Writing', 'durée' beside 'duration: 8 hours', 'coûte' beside 'price_eur: 275'
        left = [w for w in left if not (skill == "lookup" and _meaning(w) - set(stems(w)) & set(stems(evidence.replace("_", " "))))]
        # 'cost' beside 'price_eur: 1280', 'colour' beside 'color: red': a name said alike
        left += [d for d in dict.fromkeys(DATES.findall(view.task)) if skill == "needs" and d not in evidence + " ".join(
            left)]  # 'the weekday of 2026-03-21' is not answered by today's date
        if not left:  # an answer to a follow-up says
            note = view.follow_up and " " + follow_up_note(view.task, answered=True)  # it read the follow-up alone
            return {**reply, "content": [*reply["content"][:-1], {"type": "text", "text": text + note}],
                    "evidence": {}} if note else reply  # no JSON field from an answer that may miss what came before
        folder = next((str(v) for s in view.steps for v in s.input.values()), "invoices")
        wording = WORDING.format(folder=folder) if skill == "survey" else example(view.tools)
        why = unplaced_reply(view.task, left, UNDERSTOOD[skill][french(view.task)], wording)
        if acted:  # never hide an act done
            return {**reply, "content": [{"type": "text", "text": f"{text} {why}"}]}
        return declined(" ".join(p for p in (why, parts_not_done(view.task, why)) if p))
    own = BOILERPLATE.sub("", text)  # 'Are you Claude?': the 'Claude' of 'Claude or a local model' names nothing
    reason = re.findall(r"'([^']*\w[^']*)'", own.split(" I understood ")[0])  # what the decline says it could not do
    words = unplaced(task, vocabulary, evidence) or ([] if any(q.lower() in view.task.lower() or set(split_words(q)) <= set(
        split_words(view.task)) for q in reason)  # 'high saint roch bridge' of 'the Saint-Roch bridge'
                                                     else unplaced(task, vocabulary, "") or content(task))
    if stray := strays(view.task):  # '12 € + 3 €': the '€' is what it could not act on, not 'Compute'
        words = [w for w in words if not placed(w, VOCABULARY["needs"])]
    if french(view.task):  # a French decline says so in French first, with the words it read
        said = set(content(view.task))  # the English terms the lexicon gave are not the participant's words
        left = [w for w in unplaced(task, vocabulary, evidence) if w in said and not says(own, w)  # as in English
                and not (stray and placed(w, VOCABULARY["needs"]))] + stray
        text, own = (f"{french_lead(view.task, left)} {t}" for t in (text, own))  # its words read count as named
        words = [w for w in words if w in said]
    words = [*words, *stray]
    missing = [w for w in words if not re.search(r"\d", w) and not says(own, w)]
    named = any(says(own, w) for w in content(view.task))
    note = names_unplaced(view.task, missing) if missing else "" if named or not view.task.strip() \
        else names_task(view.task)  # '15% of 80': nothing else to name
    note = " ".join(n for n in (note, parts_not_done(view.task, text), view.follow_up and follow_up_note(view.task)) if n)
    if note:
        text = text.replace(TRY_ELSEWHERE, f"{note} {TRY_ELSEWHERE}") if TRY_ELSEWHERE in text else f"{text} {note}"
    return {**reply, "content": [{"type": "text", "text": text}]}  # a decline is one text block


def checked(view: View, reply: dict) -> dict:
    """`reply` if every tool input in it fits its tool's schema, else the refusal naming the first that does not."""
    for block in reply["content"]:
        if block["type"] == "tool_use":
            tool = view.tool(block["name"])
            if problem := f"the tool {block['name']} is not offered" if tool is None else invalid(tool, block["input"]):
                return cannot_plan(problem)
    if reply["stop_reason"] == "end_turn":
        if view.steps and "[cleared" in reply["content"][-1]["text"]:  # a placeholder is not data: never quote one
            reply = cannot_plan("a result it needs was cleared from the history (context management), and it "
                                "does not answer from a placeholder; call the tool again or keep more results")
        text = accounted(view, reply["content"][-1]["text"]) if view.steps else reply["content"][-1]["text"]
        if reply.get("declined"):  # never hide an act done, by a forced tool_choice say: 'save_contact ran'
            text += "".join(f" Note: {s.name} ran ({', '.join(f'{k}={v!r}' for k, v in s.input.items())}) and returned: "
                            f"{said(s).rstrip('.')}." for s in view.steps if not s.is_error and f"{s.name} ran" not in text
                            and set(stems(split_words(s.name)[0])) & ACTS)
        reply = {**reply, "content": [{"type": "text", "text": text}]}
    if speaks_french(view.task, view.earlier):  # the answer, or the note before the calls, in the task's language
        return {**reply, "content": [{**b, "text": in_french(b["text"])} if b["type"] == "text" else b
                                     for b in reply["content"]]}
    return reply


THANKED = re.compile(r"^\W*(?:(?:many )?thanks?(?: you)?(?: (?:a lot|so much|very much|again))*|thx|cheers|merci(?: (?:beaucoup|bien|"
                     r"encore))*)[\s!.,;:]+(?=\w)", re.I)
DOCS_NAMED = re.compile(r"\b(?:articles?|docs?|documents?|guides?|memos?|notes?|pages?|wiki|sources?|texts?|textes?|according|"
                        r"selon|d['’]après)\b", re.I)  # not 'My friend said it is sunny'
DOCS_NOUN = re.compile(r"\b(?:articles?|docs|documents?|guides?|memos?|wiki)\b", re.I)  # 'what the article says' beside a lookup
RECORDS_NAMED = re.compile(r"\b(?:invoices?|factures?|bills?|records?|fiches?|folder|dossier)\b", re.I)
CATALOGUE_NAMED = re.compile(r"\b(?:catalog(?:ue)?|look\s*up|lookup)\b", re.I)


def _elsewhere(view: View, others: list[str]) -> bool:
    """Whether a task that names no document asks what other tools give: records, a catalogue, or a part another tool
    serves ('the weather in Paris plus 7'): the documents give way, so a memo's figure is not the invoices' total."""
    return not DOCS_NAMED.search(view.task) and bool(
        others or RECORDS_NAMED.search(view.task) and survey_tools(view) or CATALOGUE_NAMED.search(view.task)
        and lookup_tool(view))


def choose(view: View) -> tuple[str, dict]:
    """The name of the first skill that applies to `view`, and the reply it proposes."""
    view = replace(view, task=TAG.sub("?", view.task))  # '…, n'est-ce pas ?' asks; it negates nothing
    view = view if THANKS.match(view.task) else replace(view, task=THANKED.sub("", view.task))  # 'thanks, and what's
    # their total?' asks what follows
    if view.aside:  # 'Sorry, I meant Paris' beside the tool results: it may change the task, so nothing is answered
        return "aside", checked(view, declined(f"I did not act on the text you sent beside the tool results "
                                               f"('{clip(view.aside, 80)}'): I read a task only from a message of its "
                                               "own, so I answer nothing here; send it as a message of its own"))
    for skill in (plain, nothing_fits) if THANKS.match(view.task) else SKILLS:  # 'Merci beaucoup.' asks no skill for data
        own = OWN_TOOLS[skill](view) if skill in OWN_TOOLS else None
        calls, unserved = _needs(view) if own else ([], [])
        if calls and not unserved and all(n not in (t.name for t in own) for n, _, _ in calls) and not (
                skill is research and DOCS_NAMED.search(view.task)):  # 'the weather in Lyon in the article' is the article's
            continue  # other tools than the skill's own serve every part of the task ('What is 12 * 4?')
        others = [n for n, _, _ in calls if n not in (t.name for t in own or ())]
        if skill is research and own and _elsewhere(view, others) or skill is survey and own and others and not \
                RECORDS_NAMED.search(view.task) or skill is lookup and own and (others or DOCS_NOUN.search(
                    view.task) and research_tools(view)):  # 'Quel temps fait-il à
            continue  # Bordeaux ? Calcule aussi 22 fois 2.': no record; 'the weather in Paris, and look up ai': two needs
        if (reply := skill(view)) is not None:
            return skill.__name__, checked(view, gate(view, skill.__name__, reply))
    raise AssertionError("nothing_fits always applies")


def plan(view: View) -> dict:
    """The practice model's next reply to the request seen as `view`."""
    return choose(view)[1]


__all__ = ["SKILLS", "choose", "plan"]

