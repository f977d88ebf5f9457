"""Which records a survey task asks for (a status, values, numbers, limits), or why it cannot tell."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache

from ._limits import AMOUNT, BY_DATE, DATED, EXTREME, by_amount, by_date, counted, per_unit
from ._records import DATED as WRITTEN_DATE
from ._records import (
    NUMBER_KEYS,
    PROSE,
    STATED,
    SUM,
    Record,
    changed_by,
    first_given,
    harmless,
    money,
    money_keys,
)
from .interpret import currency_words, english_of, english_terms
from .text import (
    CORPUS_WORDS,
    EXCLUDING,
    NEGATORS,
    SCOPE_SKIP,
    clauses,
    content_words,
    file_names,
    french,
    joined,
    polarity,
    stem,
    stems,
    unaccented,
    uncontracted,
    words,
)

PAID = {"paid", "settled", "cleared", "payé", "payée", "payés", "payées", "réglé", "réglée", "réglés", "réglées"}
UNPAID = {"unpaid", "outstanding", "open", "pending", "unsettled", "impayé", "impayée", "impayés", "impayées"}
PAID |= {w.replace("é", "e") for w in PAID}  # 'payees', 'impayees': French typed without accents
UNPAID |= {w.replace("é", "e") for w in UNPAID}
LATE = {"overdue", "late", "retard"}  # unpaid as a status ('en retard'); beside a paid word or negated, unknown
METHODS = {"bank", "transfer", "wire", "card", "cash", "cheque", "check", "virement", "carte", "chèque", "espèces"}
DISCOUNT = {"discount", "discounted", "remise", "rabais"}  # 'Note: 50 EUR discount applied': paid in full, or less?
RECEIVED = {"received", "reçu", "reçue"}  # paid in a status: 'payment received'; 'no payment received' is unpaid
ASIDE = {"since", "depuis", "payment", "paiement", "thank", "thanks", "you", "merci"}  # words that change nothing
REMINDERS = {"reminder", "reminders", "relance", "relances", "sent", "envoyée", "1st", "2nd", "3rd", "first", "second",
             "third", "final", "last"}  # with an unpaid word only: 'unpaid (2nd reminder)'
OWED = {"due", "owed", "owe", "owes", "owing", "dû", "dus", "dues", "doit", "doivent", "dois", "devons"}  # weak: 'the total still due'
PAYING = PAID | UNPAID | OWED  # the words that say whether a record is paid
WAITING = re.compile(r"\ben attente\b|\bpending\b", re.I)
OPENISH = {"open", "pending", "ouvert", "ouverte", "ouverts", "ouvertes", "attente"}  # a state, perhaps not a payment
STATES = {"cancelled", "canceled", "void", "voided", "disputed", "written", "refunded", "annulée", "annulé", "litige",
          "contested", "contestée"}  # 'Cancelled: yes' beside 'Status: paid'
VOID = {"cancelled", "canceled", "void", "voided", "annulée", "annulé", "annulee", "annule"}  # no longer billed
YES, NO = {"yes", "true", "oui", "y"}, {"no", "false", "non", "n"}
ANSWER = re.compile(r"\b(?:yes|true|oui|y)\b|\b(?:no|false|non|n)\b(?=\s*(?:[^\w\s/]|$))", re.IGNORECASE)  # not 'no payment'
STATUS_KEYS = {"status", "state", "payment", "paid", "statut", "état", "etat", "settled"}
SYNONYMS = {"bill": "invoice", "facture": "invoice", "customer": "client", "montant": "amount", "échéance": "due",
            "dossier": "folder", "numéro": "number", "somme": "total", "deadline": "due", "limite": "due", "statut": "status"}
SURVEY_WORDS = set(stems(
    "total totals sum add up altogether overall together combined amount amounts number numbers count anything thanks thank "
    "merci pouvez pourriez peux lister afficher montrer "
    "how which what list give show tell get record records entry entries item items file files folder "
    "directory dir one ones their them each every all still yet money value values status state "
    "currently right now please have been whose remaining left full whole grand id ids name names "
    "so far is are there everything currency their me us we our my in due owed owe owing across among "
    "remain remains remaining stay stays within inside already display report summarise summarize résume résumer "
    "check see look search go through scan review any per each every individually separately break down "
    "chaque par trouve trouvez trouver restant restante numéro numéros leurs doit doivent dû "
    "quel quels quelle quelles combien reste payer argent liste donne donner montre montrez affiche affichez indique indiquez tout tous toute toutes encore général générale global globale "
    "été restent according longer nobody régler settle déjà sa ses fully ever never toujours "
    "regarde regardez vérifie vérifiez cherche cherchez parmi répertoire lesquelles lesquels fait font mais ça celles ceux "
    "billed facturé facturée facturés facturées contient contenu dit détail détails say says contain contains detail details"))
CONDITION = re.compile(
    r"\bbetween\s+\S+\s+and\s+[\d.,]+(?:\s*[A-Z]{3}\b|\s*[€$£]|\s+euros?\b)?|"  # 'between 100 and 500 EUR' whole
    r"\b(?:over(?!\s+(?:all|the\s+whole|every|each)\b)|above|below|under|more than|less than|greater than|at least|at most|exceed\w*|between(?! them| us)|"
    r"larger than|smaller than|bigger than|cheaper|before|after|since|until|earlier|later than|older|newer|"
    r"overdue|late|this (?:month|year|week)|last (?:month|year|week)|next (?:month|year|week)|january|"
    r"february|march|april|june|july|august|september|october|november|december|largest|biggest|"
    r"highest|smallest|lowest|most|least|top|oldest|newest|latest|earliest|average|mean|median|"
    r"sort\w*|order(?:ed)? by|rank\w*|by (?:amount|size|value|(?:due )?date|deadline)s?|par (?:montant|date|échéance)s?|"
    r"percent|per cent|plus de|moins de|avant|après|ce mois|cette (?:année|semaine)|janvier|f[ée]vrier|mars|avril|mai|"
    r"juin|juillet|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre|janv|f[ée]vr?|avr|juil|sept|déc|(?<=[\w,;:(]\s)(?-i:May)|"
    r"(?<=\()(?-i:May)|^\W*(?-i:May)(?=\s+(?:invoices?|bills?|records?|orders?|total)\b)|(?:(?<=\bin\s)|(?<=\bof\s)|(?<=\bfor\s)|(?<=\bfrom\s)|(?<=\bsince\s)|(?<=\buntil\s))may\b|"
    r"(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)(?=[\s?!,;:).]|$)|summer|winter|spring|autumn|(?:l['’]|en |d['’]|de )été|hiver|"
    r"printemps|automne|"
    r"(?:le )?mois dernier)\b(?:\s+[\w.,€$£-]+){0,2}"
    r"|(?:\d[\d.,]*\s*)?[<>≤≥%]\s*[\w.,]*",
    re.IGNORECASE,
)
TO_BE_PAID = re.compile(r"\b(?:(?:still|yet)\s+)?(?:to be|to get)\s+paid\b|\bawaiting payment\b|"
                        r"\bwaiting (?:for payment|to be paid|on)\b|\bpending payment\b|\bdue for payment\b|"
                        r"\b(?:still|yet)\s+(?:(?:have|has|had|need|needs|got)\s+)?to (?:pay|settle)\b|"  # 'still have to pay'
                        r"\b(?:have|has|need|needs)\s+(?:still|yet)\s+to (?:pay|settle)\b|\bleft to (?:pay|settle)\b|\b[àa] (?:payer|r[ée]gler)\b|\ben attente(?: de (?:paiement|règlement))?\b", re.IGNORECASE)
NUMBER = "number"
HELD = re.compile(r"\b(?:still|yet)\s+(?:\w+\s+)?(?:have|has|had|hold|holds|holding|keeps?|keeping|got|possess\w*)\b|"
                  r"\b(?:have|has|hold|holds|keeps?|got)\s+(?:\w+\s+)?(?:still|yet)\b|\b(?:a|ont|garde|gardent|détient|"
                  r"détiennent|possède|possèdent)(?:-t-(?:il|elle)|-(?:ils|elles))?\s+(?:\w+\s+)?(?:encore|toujours)\b|"
                  r"\b(?:encore|toujours)\s+(?:en sa possession|chez (?:lui|elle|eux))\b", re.I)  # what is still held
ELLIPSIS = re.compile(r"(?:n['’]t|\bnot|\bnot yet|\bpas|\bpas encore|\bpas été|\bnon)\s*(?:[?.!;,]|$)|\bor not\b|\bou non\b",
                      re.IGNORECASE)  # 'et combien ne le sont pas ?', 'et lesquelles non ?': the other ones too
MONTHS = ("january|february|march|april|may|june|july|august|september|october|november|december|janvier|février|"
          "mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre")
DATE = re.compile(rf"\b\d{{1,2}}/\d{{1,2}}/\d{{4}}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}(?:st|nd|rd|th|er)? (?:{MONTHS}) \d{{4}}\b|"
                  rf"\b(?:{MONTHS}) \d{{1,2}}(?:st|nd|rd|th)?,? \d{{4}}\b", re.IGNORECASE)
DAY_MONTH = re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th|er)?\s+(?:{MONTHS})\b|\b(?:{MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?\b",
                       re.IGNORECASE)  # '4 mars', 'March 4': a date without its year
STATUS_WORDS = PAYING | YES | NO | NEGATORS | SCOPE_SKIP | {"on", "in", "full", "le", "en", "totalement"}
STATUS_PLACED = STATUS_WORDS | LATE | METHODS | RECEIVED | ASIDE | REMINDERS  # the words a status value may hold
WHEN = re.compile(r"\bwhen\b|\bquand\b|\bwhat date\b|\bwhich date\b|\bquelle date\b|\bdue[ -]dates?\b|\béchéances?\b", re.IGNORECASE)
DEADLINE = re.compile(r"\b(?:payment\s+)?deadlines?\b|\bdates? limites?(?: de paiement)?\b|\b(?:by|before) when\b|"
                      r"\bpour quand\b", re.IGNORECASE)
PAY_BY = re.compile(r"\b(?:should|must|has to|have to|needs? to|is to|are to|ought to|(?:doit|doivent|dois|faut)"
                    r"(?:-(?:il|elle|ils|elles|on))?)\b((?:\s+[^\s?.;,]+){0,6}?)\s+(?:be\s+|être\s+)?"
                    r"(?:paid|settled|pay|settle|payer|régler|payée?s?|réglée?s?)\b", re.IGNORECASE)
REGARDLESS = re.compile(r"\b(?:whether\s+)?(?:paid|settled|unpaid|open|outstanding) or (?:not|unpaid|paid|open|settled)\b|"
                        r"\b(?:regardless of|whatever|irrespective of) (?:their |the |its )?(?:status|payment)\b|"
                        r"\b(?:payée?s?|réglée?s?|impayée?s?) ou (?:non|pas|impayée?s?|payée?s?)\b|"
                        r"\bquel(?:le)?s? que soi(?:en)?t (?:leur|le|son) statut\b", re.IGNORECASE)
YES_NO = re.compile(r"^\s*(?:has|have|is|are|was|were|did|does|do)\b|^\s*est-ce\b", re.IGNORECASE)
LISTING = re.compile(r"\s*(?:which|what|quel\w*|lesquel\w*)\b", re.IGNORECASE)
INVERTED = re.compile(r"\b\w+-(?:t-)?(?:il|elle|ils|elles)\b", re.IGNORECASE)  # French yes/no: 'a-t-il tout payé ?'
EVERYTHING = re.compile(r"\b(?:everything(?! (?:that|which)\b)|all (?:of )?(?:its|their|his|her)\b|(?<!en )tout(?! ce qu)|toutes ses|"
                        r"tous ses)\b", re.IGNORECASE)  # not 'everything that is outstanding', a list
COMPARING = re.compile(r"\b(?:\w+\s+){0,3}than\b|\bdifference\b|\bcompar\w*|\bversus\b|\bvs\b|\b(?:more|less|fewer)\b|"
                       r"\b(?:plus|moins)\s*(?=[,?!:;]|$)|\bout of (?:the |all |every )?\w+|\bsur (?:\w+ ){0,2}total\b",
                       re.IGNORECASE)  # '3 unpaid out of the total': a share, not a second figure
HOW_MANY = re.compile(r"\bhow many\b|\bcombien\b|\bcount\b", re.IGNORECASE)
QUESTION = re.compile(r"\s*(?:what|which|how|who|whom|whose|when|where|why|is|are|was|were|does|do|did|has|have|"
                      r"quel\w*|combien|qui|quand|lesquel\w*|est-ce)\b", re.IGNORECASE)
TOTAL_ASKED = re.compile(r"\b(?:total|sum|amount|montant|somme|balance|solde)\b", re.IGNORECASE)  # a 'Balance' field
HYPOTHETICAL = re.compile(r"\b(?:would(?! you| like| love| it be possible)|were to|suppose|supposing|assuming|imagine|"
                          r"hypothetically|serait|si(?! possible))\b|"  # 'would you list ...?', 'si possible': a request
                          r"\bif\b(?!\s+(?:any|all|there))", re.IGNORECASE)
QUALIFIERS = {"incl": "in", "including": "in", "inclusive of": "in", "with": "in", "avec": "in", "excl": "ex",
              "excluding": "ex", "exclusive of": "ex", "without": "ex", "hors": "ex", "sans": "ex"}
QUALIFIED = re.compile(rf"\b({'|'.join(QUALIFIERS)})\b\.?\s+([^\W\d_]+)", re.IGNORECASE)  # 'incl. VAT' in a field name
AVOIR = (r"(?:^|(?<=\bun )|(?<=\bl['’])|(?<=\bcet )|(?<=\bnotre )|(?<=\bvotre )|(?<=\bson )|(?<=\bleur )|(?<=\bpar )|"
         r"(?<=\bavec )|(?<=\bvoir ))avoir|avoir(?=\s+(?:n[°o]\s*)?[\w-]*\d)")  # the noun ('un avoir', 'Avoir AV-3'), not
# the verb of 'après avoir', 'sans avoir payé'
CREDIT_WORD = (r"credit(?:[ _-]?notes?|[ _-]memos?|(?=\s+(?:of\s|n[°o]|[\w-]*\d))|(?=\s*$))|(?:(?<=\ba )|(?<=\bthe )|"
               r"(?<=\bour )|(?<=\byour ))credit(?!\s*[\w-]*\s*(?:cards?|union|limits?|checks?|scores?|ratings?|lines?|"
               r"terms?|transfers?|insurance|bank|agricole|mutuel|lyonnais)\b)")  # 'credit note CN-2', 'Credit CN-12', 'a credit
# of 50 EUR'; not 'payable by credit card', 'Crédit Agricole': a way to pay or a bank is no credit note
CREDIT = re.compile(rf"(?<![^\W_])(?:{CREDIT_WORD}|note de cr[eé]dit|{AVOIR}|refund)(?![^\W_])",
                    re.IGNORECASE)  # 'credit_note' of a JSON field too
BILLED = set(stems("invoice facture bill"))
OWING = re.compile(r"\b(?:still|yet|remaining|left|how much|what(?:'s| is))\b", re.IGNORECASE)  # 'due' as owed
NOT_WHOLLY = re.compile(r"\b(?:not|pas|non)\s+(?:\w+\s+){0,2}(?:full|fully|entirely|wholly|totalement|entièrement|"
                        r"intégralement|complètement)\b", re.IGNORECASE)  # 'not paid in full': paid in part
BY_STATUS = re.compile(r"\b(?:per|by|for each|each|par|pour chaque)\s+(?:payment\s+)?(?:status|state|statut|état)\b",
                       re.IGNORECASE)
OWE_TO = re.compile(r"\b(?:we|I)\s+(?:still\s+)?owe\s+(?:to\s+)?([^\W\d_][\w&'-]*)|\b(?:devons-nous|dois-je|nous devons|je dois)"
                    r"\s+(?:encore\s+)?(?:à|au|aux)\s+([^\W\d_][\w&'-]*)", re.IGNORECASE)
FUTURE = re.compile(r"\b(?:will|won't|shall|going to)\b(?!\s+you\b)(?:\s+[^\s?.!;,]+){0,5}?\s+(?:paid|pay|owed?|owes|due|"
                    r"settled?|outstanding|unpaid|open|pending)\b", re.IGNORECASE)  # not 'will you list ...': a request now
OR_CONDITION = re.compile(r"\bor\s+(?:(?:not|are|is|were|was|that|which|those|ones)\s+)*(?:from|over|above|under|below|"
                          r"more|less|at|paid|unpaid|due|open|outstanding|settled|pending|before|after|with|by|to|"
                          r"larger|smaller|bigger|cheaper|payées?|impayées?|ou)\b", re.IGNORECASE)
WHO_ALL = re.compile(r"(?:\b(?:which|what|whose) (?:clients?|customers?)\b|\bwho\b|\bquels? clients?\b)[^.?;]*"
                     r"\b(?:all|everything|every|fully|in full|entirely|nothing|none|no|any|anything|tout|toutes?|aucune?|"
                     r"rien)\b|\b(?:lesquel(?:le)?s|which ones|which of them)\b[^.?;]*\b(?:tout|everything|all|rien|nothing)\b"
                     r"[^.?;]*\b(?:paid|payée?s?|réglée?s?|settled|owe|doivent)", re.IGNORECASE)  # 'which clients have no
# unpaid invoices?', 'Lesquels ont tout payé ?' are about each client's all
HAVING = re.compile(r"\b(?:have|has|having|with|without|ont|a|avec|sans)\s+(?:(?:an?|une?|no|any|their|leur|leurs)\s+)?"
                    r"(?:due|dates?|échéances?)\b", re.IGNORECASE)
HAS_FIELD = re.compile(r"\b(?:have|has|having|with|avec|ont)\s+(?:(?:an?|any|no|une?|des?)\b\s*|d['’]\s*)?([^\W\d_]+)",
                       re.IGNORECASE)
FIGURE = re.compile(r"\b(?:how many|how much|combien|count|total|sum|amount|montant|somme)\b", re.IGNORECASE)
RECORD_WORDS = set(stems("invoice invoices bill bills facture factures record records"))  # the records, not a value
RANGE = re.compile(r"[\w-]*\d[\w-]*\s*(?:\s(?:to|through|thru|till|until|à|au|jusqu['’]à)\s|[–—]|\.\.)\s*(?:[^\W\d_]+\s+)?"
                   r"[\w-]*\d[\w-]*", re.IGNORECASE)
ALL = re.compile(r"\b(?:all|every|each|tous|toutes|chaque|status|statut)\b", re.IGNORECASE)
ALL_BUT = re.compile(r"\b((?:all|everything|every|anything)\b(?:\s+(?:the|of|invoices?|bills?|records?))*)\s+but\b", re.IGNORECASE)
NARROWS = ("I cannot tell whether '{}' narrows the list or asks a second question, so I give no list and no "
           "total; ask one question at a time")
SAID = re.compile(r"\bwhat\s+(?:does|did|do|has|had|have)\s+(?!(?:the\s+|its\s+|their\s+|each\s+|that\s+|this\s+)?(?:notes?|it|"
                  r"they|them|records?|invoices?|files?|fields?|memos?|comments?|remarks?|documents?|status|line)\b)(?:[\w'’-]+\s+){1,3}?(want(?:ed)?|ask(?:ed)?|request(?:ed)?|say|said|write|"
                  r"wr[oi]te|mean|think|wish|need)\b|\b(?:qu['’]\s*(?:a|ont|avait|avaient)(?:-t-(?:il|elle))?|qu['’]est-ce\s+"
                  r"qu(?:e\s+|['’])\s*(?:[\w'’-]+\s+){0,3}?(?:a|ont|avait|avaient))\s+(?:[\w'’-]+\s+){0,2}?(demandé|dit|écrit|voulu|"
                  r"souhaité|réclamé)\b|\b(?:que|qu['’]est-ce\s+que)\s+(?:[\w'’-]+\s+){0,3}?(veut|voulait|demande|souhaite|réclame)\b", re.I)
UNRELATED = ("I could not relate {} to the records read, so I cannot tell which records the task asks for; I give "
             "no list and no total")


@dataclass
class Choice:
    """The records chosen, the heading that says how, and one note per record left out and why."""

    chosen: list[Record]
    heading: str
    notes: list[str]
    status_key: str | None
    doubtful: list[str]  # unclassified records the other filters would keep
    ranked: bool  # a rank ('largest') picked the records: an unclassified record may outrank them


@lru_cache(maxsize=4096)  # every record's status is read again on every turn
def _kind(value: str, key: str) -> str | None:
    """'paid', 'unpaid' or None for a status value ('paid on 02/08', 'not paid', 'open', 'Paid: no')."""
    value = TO_BE_PAID.sub(" unpaid ", value)
    left = re.findall(r"[^\W_]+|[^\w\s:.,/()-]", DATE.sub(" ", value).lower())
    if any(w not in STATUS_PLACED for w in left) or set(words(value)) & RECEIVED and not re.search(
            r"\b(?:payment|paiement)\b", value, re.IGNORECASE):  # 'received' alone: the invoice?
        return None  # a word or sign it cannot place ('paid 50%', 'paid (cheque bounced)'): unknown
    value = re.sub(rf"\b(?:{'|'.join(ASIDE)})\b", " ", value, flags=re.IGNORECASE)  # 'no payment received': 'no received'
    said, plain = polarity(value), words(value)
    answers = {"paid" if w.lower() in YES else "unpaid" for w in ANSWER.findall(value)}  # 'Paid: yes (late)'
    if answers and not set(words(key)) & PAID:
        return None  # 'Status: paid: no' answers a question the field does not ask
    found = answers | {"paid" if (w in PAID | RECEIVED) == keep else "unpaid"
                       for w, keep in said if w in PAYING | LATE | RECEIVED}
    if set(plain) & METHODS and found != {"paid"} or set(plain) & REMINDERS and found != {"unpaid"} or any(
            w in LATE | OWED for w, keep in said if not keep) or NOT_WHOLLY.search(value):
        return None  # 'paid by card' says how it was paid; 'unpaid (card)', 'not late', 'not due yet' (not 'paid'),
    return found.pop() if len(found) == 1 else None  # 'not paid in full' (part paid) say nothing sure


def as_asked(task: str) -> str:
    """The task with 'the deadline of X', 'by which date should X be paid' worded as asking when X is due."""
    task = re.sub(r"\bdu(?=\s+par\b|\s*[?!.]|\s*$)", "dû", task)  # 'le montant du par Alpha ?': dû without its accent
    task = DEADLINE.sub(lambda m: "quand due" if "quand" in m[0].lower() else "when due" if "when" in m[0].lower()
                        else "due date", task)  # 'by when' asks a deadline: the due date, not the date it was paid
    if not WHEN.search(task):
        return task
    return PAY_BY.sub(lambda m: m[0] if set(words(m[0])) & NEGATORS else f" {m[1]} due", task)  # 'must not pay'


def wanted_status(task: str) -> str | None:
    """'paid' or 'unpaid' as the task asks, None if it does not; ValueError when it asks for both."""
    task = re.sub(r"\b((?:when|quand)\b.*)\bdues?\b", r"\1", task, flags=re.IGNORECASE)  # 'when is it due': a date
    task = TO_BE_PAID.sub(" unpaid ", re.sub(r"\bopen\s+(?=the|each|every|all|them|files?)\b|\bdue[ -]dates?\b|"
                                             r"\bdates? due\b", "", task, flags=re.IGNORECASE))
    said = list(polarity(task))
    strong = {"paid" if (w in PAID) == keep else "unpaid" for w, keep in said if w in PAID | UNPAID}
    weak = {"unpaid" if keep else "paid" for w, keep in said if w in OWED}
    if (strong or weak) and ELLIPSIS.search(task) or len(strong) > 1 or len(weak) > 1 and not strong:
        raise ValueError("the task asks both for paid and for unpaid records")  # 'which are paid, and which haven't?'
    if strong and weak and strong != weak:
        raise ValueError("the task asks for paid records and for what is still owed")
    return next(iter(strong or weak), None)


def unaccounted(task: str, records: list[Record], folder: str) -> list[str]:
    """The task's words that are neither survey words, nor status words, nor found in the records."""
    task = TO_BE_PAID.sub(" unpaid ", task)  # 'still waiting for payment' is read as 'unpaid' below, so it is placed
    known = set(SURVEY_WORDS) | set(stems(folder)) | {stem(w) for w in PAYING}
    status = _status_key(records)
    pairs = {(QUALIFIERS[m[1].lower()], m[2].lower()) for r in records for k in r.fields for m in QUALIFIED.finditer(k)}
    task = QUALIFIED.sub(lambda m: " " if (QUALIFIERS[m[1].lower()], m[2].lower()) in pairs else m[0], task)  # 'VAT'
    # is placed only as the field says it: 'incl. VAT' of 'Amount incl. VAT'; 'how much VAT' asks for what no field holds
    for record in records:  # a payment status's other words ('cheque' in 'paid (cheque bounced)') select nothing
        values = [v for k, v in record.fields.items() if k != status or not set(words(v)) & PAYING]
        seen = " ".join([record.title, record.file, *(QUALIFIED.sub(" ", k) for k in record.fields), *values])
        known |= set(stems(seen + " " + currency_words(seen)))
    known |= {"invoice", "bill", "facture"} if status else set()  # paid or unpaid: an invoice
    known |= {SYNONYMS[w] for w in known if w in SYNONYMS}  # a 'Customer' line is the task's 'client'
    if any(DATE.search(v) for r in records for v in r.fields.values()):  # 'the due date' of a 'Due: 2026-11-14' line
        known |= {"date"}
    return [word for word in content_words(task) if not any(c.isdigit() for c in word)
            and stem(SYNONYMS.get(stem(word), word)) not in known and stem(word) not in known and not _glossed_in(word, known)]


def _glossed_in(word: str, known: set[str]) -> bool:
    """Whether a French word's English, by the lexicon, is a word of the records: 'commandes' of 'Order 16', 'livrées'
    of 'Status: delivered'."""
    english = english_of(word)
    return bool(english) and all(any(k.startswith(e) for k in known) for e in stems(english) if len(e) >= 4) and any(
        len(e) >= 4 for e in stems(english))


def quantities(records: list[Record]) -> set[str]:
    """The stems of the names and units of the fields holding a quantity, not money: 'Pages: 320', 'Weight: 2,4 kg'."""
    priced = money_keys(records)
    return {stem(w.lower()) for k in {k for r in records for k in r.fields} - set(priced)
            if all(re.fullmatch(r"\s*-?\d+(?:[.,]\d+)?(?:\s*[^\W\d_]+)?\s*", r.fields.get(k, "0")) for r in records)
            and k.lower() not in NUMBER_KEYS for w in [k, *re.findall(r"[^\W\d_]+", k), *(u for r in records for u in re.findall(r"[^\W\d_]+", r.fields.get(k, "")))]}


def _status_key(records: list[Record]) -> str | None:
    """The field most records name as a status and hold a paid or unpaid value in, a name and a value counting once."""
    counts = Counter(key for record in records for key, value in record.fields.items() if key != PROSE
                     for hit in (set(words(key)) & STATUS_KEYS, _kind(value, key)) if hit)  # a sentence is no status
    return max(counts, key=counts.get) if counts else None


def _back(phrase: str, written: dict[str, str]) -> str:
    """A phrase of a French task read through the lexicon, in the task's own words again ('après le day 9': 'jour')."""
    return re.sub(r"[^\W\d_]+", lambda m: written.get(m[0].lower(), m[0]), phrase)


def choose_records(task: str, records: list[Record], folder: str) -> list[Choice] | str:
    """The records the task asks for (two lists for 'which are paid, and which not'), or why it cannot tell; a French
    task's phrases read in English ('at least 430 EUR') said back as it wrote them ('au moins 430 EUR')."""
    phrases: dict[str, str] = {}
    chosen = _choose_records(task, records, folder, phrases)
    if not phrases:
        return chosen
    said = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, sorted(phrases, key=len, reverse=True))) + r")(?!\w)", re.I)

    def as_said(text: str) -> str:
        text = said.sub(lambda m: phrases[m[0].lower()], text)
        return re.sub(r"\bdue (?=avant|après)", "échéance ", text, flags=re.I)
    if isinstance(chosen, str):
        return as_said(chosen)
    for choice in chosen:
        choice.heading = as_said(choice.heading)
        choice.heading = choice.heading[0].upper() + choice.heading[1:]
    return chosen


def _choose_records(task: str, records: list[Record], folder: str, phrases: dict[str, str]) -> list[Choice] | str:
    written = {english_terms(w).lower(): w for w in re.findall(r"[^\W\d_]+", task)} if french(task) else {}
    if french(task):  # French words for the records' English terms, through the one lexicon; 'pas d'Alpha' negates
        task = english_terms(re.sub(r"\bd['’](?=[^\W\d_])", "de ", task), True, phrases)  # Alpha as 'pas de Beta' does Beta
    amount = r"((?:[€$£]|[A-Z]{3}\s?)?\d[\d,.]*(?:\s*(?:[€$£]|[A-Z]{3}\b|euros?\b))?)"  # '500 EUR or more' is one limit
    counts = r"(?!\s+(?:[^\W\d_]+\s+){0,2}(?:invoices|bills|records|factures|fiches|files|fichiers|days|jours|items|entries|times|fois|clients)\b)"
    task = re.sub(rf"(?:\b(?:are|is|of)\s+)?{amount}\s+(?:or|ou)\s+(?:more|above|over|higher|greater|plus)\b{counts}", r" at least \1", task)
    task = re.sub(rf"(?:\b(?:are|is|of)\s+)?{amount}\s+(?:or|ou)\s+(?:less|below|under|lower|fewer|moins)\b{counts}", r" at most \1",
                  task)  # '2 or more unpaid invoices' counts invoices: no amount
    excluded = ALL_BUT.search(task) or EXCLUDING.search(task)  # 'all but Chêne's' as 'all except Chêne's'
    task = EXCLUDING.sub(" not ", ALL_BUT.sub(r"\1 except", task))  # 'other than Studio Malo' as 'not Studio Malo'
    for part in sorted({folder, folder.rsplit("/", 1)[-1]} - {".", ""}, key=len, reverse=True):  # the folder, no record
        name = rf"(?<![\w-])(?<!\d\s){re.escape(part)}(?![\w-])"  # where the task says 'folder', only there: 'the unpaid
        said = rf"\b(?:folder|directory|dossier|répertoire)\s+['\"]?{name}|{name}['\"]?\s+(?:folder|directory)\b"
        task = re.sub(rf"\bunder\s+(?=(?:the\s+)?(?:folder\s+)?['\"]?{name})", " ", task, flags=re.I)  # 'under invoices/'
        task = re.sub(said if re.search(said, task) else name, " ", task)  # invoices in the unpaid folder'; not
        # 'renewals' in '2 renewals', a count, beside the folder 'loans/renewals'
    task = _names_not_statuses(task, records)
    if stated := _stated(task, records):  # 'which rentals are open?': a Status written so, not an unpaid one
        named = [re.escape(v) for v in stated[1]]  # 'open or the waiting' goes whole
        task = re.sub(rf"(?<![\w-])(?:{'|'.join(named)})(?:\W+(?:and|or|et|ou)\W+(?:(?:the|les?)\s+)?(?:{'|'.join(named)}))?"
                      rf"(?![\w-])", " ", task, flags=re.I)
    if either := OR_CONDITION.search(REGARDLESS.sub(" ", task)):  # 'unpaid or over 800 EUR': all filters hold at once
        return (f"I cannot combine conditions with 'or' ('{either.group().strip()}'): every condition I apply must "
                "hold at once, so I give no list and no total")
    if (over := AMOUNT.search(task)) and (limit := counted(task, over, quantities(records))):  # 'more than 300 pages',
        # 'a quantity of at least 25': not an amount of money
        return f"I cannot apply '{limit}': I compare amounts of money only, so I give no list and no total"
    if (over or EXTREME.search(task)) and (key := per_unit(task, records)):  # 'orders over 100 EUR' by their 'Unit price'
        return (f"I cannot apply '{(over or EXTREME.search(task))[0]}': '{key}' is a price per unit or a rate, not what "
                "a record comes to, and I compare it only when the task names it, so I give no list and no total")
    negated = {w for w, keep in polarity(task) if not keep}  # 'not over 500 EUR' is left to decline below
    found = [m.group() for m in (AMOUNT.search(task), EXTREME.search(task), DATED.search(task)) if m]
    limits = [p for p in found if words(p)[0] not in negated]
    if refused := [p.strip() for p in found if p not in limits]:  # 'not over 500 EUR': named whole, not as a limit
        said = re.search(rf"\b\w*(?:n't|not|no|never|pas)\b[^.?;,]*?{re.escape(refused[0])}", uncontracted(task))
        return f"I could not tell which records '{said[0] if said else refused[0]}' leaves out; I give no list and no total"
    asked = [c for c in clauses(task) if QUESTION.match(c)]
    if later := [p for p in limits for c in asked[1:] if p in c]:  # 'which are unpaid, and how much is the largest?'
        return NARROWS.format(later[0].strip())
    if (rank := [p.strip() for p in limits if EXTREME.fullmatch(p.strip())]) and re.search(  # 'which client owes the
            r"\b(?:which|what|by (?:one|a|each))\s+(?:client|customer)s?\b|\bwho\s+owes?\b", task, re.I) and not set(
            stems(task)) & RECORD_WORDS:  # largest amount?': its
        return (f"I cannot compare ('{rank[0]}'): I list, count and total records, I do not weigh one against another, "
                "so I give no list and no total")  # invoices added up, not its largest invoice
    for phrase in limits:  # 'over 500 EUR', 'largest', 'due before 14/11/2026': applied below
        task = task.replace(phrase, " ")
    if compared := COMPARING.search(task):
        return (f"I cannot compare ('{compared.group().strip()}'): I list, count and total records, I do not weigh "
                "one against another, so I give no list and no total")
    if dated := re.search(rf"(?:\b(?:due|paid|dated)\s+)?(?:\b(?:before|after|until|since|on|by|le|avant|après|depuis)\s+)?"
                          rf"(?:{DATE.pattern}|\b\d{{1,2}}/\d{{1,2}}(?:/\d\d)?\b|{DAY_MONTH.pattern})", task, re.IGNORECASE):  # no limit took it: 'due on 15/11/2026'
        return f"I cannot apply the condition '{_back(dated.group(), written)}': {BY_DATE}"
    if condition := _outside_values(CONDITION, task, records):
        return (f"I cannot apply the condition '{_back(condition.group().strip(), written)}': I apply conditions "
                "worded as 'over 500 EUR', 'the largest' or 'due before 2026-11-14', and this one is beyond my rules, "
                "so I give no list and no total")  # 'the largest single invoice' is not read, 'the largest invoice' is
    yes_no = bool(asked) and YES_NO.match(asked[0]) is not None or not asked and any(  # the main question asks yes
        INVERTED.search(c) for c in clauses(task))  # or no, in English or by French inversion
    yes_no = yes_no and not any(LISTING.match(c) for c in asked[1:])  # '... any unpaid? Which ones?' asks for the list
    if yes_no and (limits or TOTAL_ASKED.search(task)):  # 'is the unpaid total above 1000 EUR?'
        return ("I cannot answer a yes-or-no question about a total or a limit: I list, count and total records, "
                "and weighing a total against a figure is beyond my rules, so I give no list and no total")
    if hypothetical := HYPOTHETICAL.search(task) or FUTURE.search(task):
        # 'what would the total be if X paid?', 'which will we get paid for?': a status now is not one to come
        return (f"I cannot answer '{hypothetical.group()}': the records say what is, not what would be, so I give "
                "no list and no total")
    clients = {w for r in records for k, v in r.fields.items() if set(stems(k)) & {"client", "customer"} for w in words(v)}
    if (owe := OWE_TO.search(task)) and (owe[1] or owe[2]).lower() in clients:  # 'how much do we owe Alpha?', Alpha
        return UNRELATED.format(f"'{owe[0]}'")  # being the client billed: it owes, it is not owed
    if said := SAID.search(task):  # 'what does Claude want?', "qu'a demandé Claude ?": what a person asked or said,
        return UNRELATED.format(f"'{said[1] or said[2] or said[3]}'")  # which no list of records answers
    if NOT_WHOLLY.search(task) and any(re.search(r"\b(?:full|fully|partial\w*|partly|in part|instal\w*|partiel\w*|"
                                                           r"intégral\w*|acompte)\b", v, re.I) for r in records for v in r.fields.values()):
        return ("I cannot select the records not paid in full: the records speak of payments in full and in part, "
                "and I read a record only as paid or unpaid; I give no list and no total")  # 'paid in full' is not unpaid
    if WHO_ALL.search(task):  # 'which clients have paid everything?': a claim about each client's invoices
        return ("I cannot tell which clients have paid (or owe) everything: I list invoices, I do not check every "
                "invoice of each client, so I give no list and no total")
    every = bool(REGARDLESS.search(task)) and not yes_no  # 'is X paid or unpaid?': both lists
    task = REGARDLESS.sub(" all " if every else " paid and unpaid ", task)
    when = bool(WHEN.search(task)) and not HAVING.search(task)  # not 'which have a due date?': not every record
    for clause in [c for c in clauses(task) if WHEN.search(c) and not HAVING.search(c)]:  # 'when is it due': 'due'
        task = task.replace(clause, re.sub(r"\b(?:due|dû|dues?)\b", " ", clause, flags=re.IGNORECASE))  # names the
        # date asked for, not a status; in 'how much is still due from X, and when?' it is a status; 'have a due date' a field
    try:
        statuses = [None] if every else [wanted_status(task)]
        asks_too = any((YES_NO.match(c) or INVERTED.search(c) and not QUESTION.match(c)) and set(words(c)) & (PAID | UNPAID)
                       for c in clauses(task)[1:])  # 'when is X due, and is it paid?', not 'combien reste-t-il à payer'
        if statuses[0] and (yes_no or asks_too or EVERYTHING.search(task)):  # 'has X paid all its invoices?'
            statuses = ["paid", "unpaid"]  # both lists answer it
    except ValueError as why:
        if "owed" in str(why):
            return f"I cannot answer this in one list: {why}; ask for one of them at a time"
        statuses = ["paid", "unpaid"]
    if statuses == [None] and not every and not stated and (held := HELD.search(task)):  # 'what does Zoé still have?':
        return (f"I cannot apply '{held[0]}': I cannot tell which records are still held, as I select on a state such as "
                "'returned' or 'out' only when the task writes it as the records do, so I give no list and no total")
        # not every record of hers, the returned ones too
    if len(statuses) == 2 and rank:  # 'the largest invoice, and is it paid?': the largest of all, not of each list
        return NARROWS.format(rank[0])
    statuses = ["paid", "unpaid"] if BY_STATUS.search(task) else statuses  # 'how many per status?': a figure for each
    first = asked[0] if len(statuses) == 1 and statuses[0] and len(asked) > 1 else ""
    if FIGURE.search(first) and not set(words(TO_BE_PAID.sub(" unpaid ", first))) & (PAYING | LATE):
        return (f"I cannot tell whether '{first}' asks about every record or only the {statuses[0]} ones, so I give no "
                "list and no total; ask one question at a time")  # 'how many are there, and which are unpaid?'
    for clause in asked[1:]:  # 'which are unpaid, and are any from Studio Kelp?': not a filter of the first list
        if (named := _named(clause, records, None)) and not isinstance(named, str):
            return NARROWS.format(clause)
    if left := unaccounted(task, records, folder):
        return UNRELATED.format(joined([repr(written.get(w, w)) for w in left]))
    if lacking := _lacking(task, records):  # 'which unpaid invoices have VAT?' beside one with no VAT line
        return lacking
    key = _status_key(records)
    if (waiting := re.search(r"\ben attente\b(?! de (?:paiement|règlement|reglement))|\bpending\b(?! payment)", task, re.I)) and (
            held := sorted({k for r in records for k, v in r.fields.items() if waiting[0].lower() in v.lower()})) and (
            len(held) > 1 or not set(words(held[0])) & {"paiement", "payment", "règlement", "reglement", "statut", "status", "état",
                                                        "etat", *PAID}):
        return (f"the records write '{waiting[0]}' under {joined([repr(k) for k in held])}, so I cannot tell whether the "
                "task asks about payment; I give no list and no total")  # 'Livraison : en attente' is no payment state
    said = {w for r in records for w in words(r.fields.get(key or "", ""))}  # 'open' beside 'closed', 'done': a
    if any(statuses) and said & OPENISH and not said & (PAYING | RECEIVED) - OPENISH and any(  # 'overdue' beside 'returned':
            _kind(_status(r, key), key) is None for r in records) and not set(words(key)) & {"payment", "paiement", *PAID}:  # a car kept late
        return (f"the records' {key} ({joined(sorted({_status(r, key) for r in records}))}) says no payment state, so I "
                "cannot tell which are paid or unpaid; I give no list and no total")
    choices = [_choose(task, records, status, limits, when, stated) for status in statuses]
    due = [p.strip() for p in limits if (d := DATED.fullmatch(p)) and (d[1] or "").lower() in OWED]
    if due and OWING.search(task) and statuses == [None] and not every and key and any(  # 'how much is due before
            _kind(_status(r, key), key) != "unpaid" for c in choices if isinstance(c, Choice) for r in c.chosen):  # ...'
        return (f"I cannot tell whether '{due[0]}' asks about every record or only the unpaid ones, so I give no list "
                "and no total; ask one question at a time")  # ('which are due after ...?' asks for due dates)
    if (kept_out := re.search(r"\b(?:but |and )?(?:not |non-|(?<=n't ))(?:the )?(pending|open|outstanding|overdue|late|due|en attente)\b|\b(?:mais|et) pas "
                              r"(?:les |celles )?(?:en attente|ouvertes?|en retard|échues?)\b", task, re.I)) and statuses != [None]:
        return f"I could not tell which records '{kept_out[0].strip()}' leaves out; I give no list and no total"  # 'unpaid
        # but not pending': a state within a state
    states = {r.fields.get(key or "", "") for r in records}  # 'en attente' beside 'impayée': which does 'en attente' ask?
    other_unpaid = sorted(v for v in states if _kind(v, key) == "unpaid" and not WAITING.search(v))
    if waiting and key and other_unpaid and any(WAITING.search(v) for v in states):  # not 'pending payment': unpaid
        return (f"the records write '{WAITING.search(next(v for v in states if WAITING.search(v)))[0]}' on some unpaid "
                f"records and {joined([repr(v) for v in other_unpaid])} on others, so I cannot tell whether the task asks "
                "for the first only or for every unpaid one; I give no list and no total")
    if excluded and any(isinstance(c, Choice) and " not " not in c.heading for c in choices):
        return f"I could not tell which records '{excluded.group()}' leaves out; I give no list and no total"
    return next((c for c in choices if isinstance(c, str)), choices)


def cancelled(task: str, records: list[Record], chosen: list[Record]) -> list[Record]:
    """The chosen records marked cancelled or void, unless the task names that: a total may count them or not."""
    key = _status_key(records)
    said = {r.file: [v for k, v in r.fields.items() if k == key or _stated_in(r, k, v)] + [_stamp(r.title)] for r in chosen}
    return [r for r in chosen if key and (set(words(" ".join(said[r.file]))) & VOID - set(words(task)) or any(
        _nullified(v) and not UNSETTLED.search(v) or VOIDED.search(v) for v in said[r.file]) and not VOIDED.search(task)
        and not _nullified(task))]  # a bounced cheque leaves the invoice billed: in a grand total, unlike a duplicate
    # 'VOID - issued by mistake', 'Facture B-3 (annulée)', 'Superseded by K-107', 'Storniert am 03/06' too


def _void_note(record: Record, key: str) -> str:
    """Why a record marked void or withdrawn is not counted: the line saying so when its status does not show it
    ('droit de rétractation' beside 'Statut : en cours'), else its status with the lines read beside it."""
    line = _restated(record, key)
    if line and line.split(": ", 1)[-1] not in _status(record, key):
        return f"{record.file} says '{line}', which changes the {key} it first gives; it is not counted."
    return f"{record.file} has {_status(record, key, said=True)}, which I cannot read as paid or unpaid; it is not counted."


VOIDED = re.compile(r"\b(?:stornie?r?\w*|storno|annulliert|anulad[ao]s?|cancelad[ao]s?|annullat[aoie]|sans objet|"
                    r"withdrawn|rescinded|revoked|terminated|superseded|replaced|remplacée?s?|forgiven|rétract\w*|"
                    r"résiliée?s?)(?![\w-])", re.I)  # no longer
# billed, in words `VOID` does not hold: 'Factura anulada', 'Facture sans objet', 'rent forgiven'


def _lacking(task: str, records: list[Record]) -> str | None:
    """Why records cannot be selected on having a field ('have VAT', 'with a discount') when some have no such line."""
    for found in HAS_FIELD.finditer(task):
        keys = [k for k in dict.fromkeys(k for r in records for k in r.fields) if stem(found[1].lower()) in stems(k)]
        files = [r.file for r in records if keys and keys[0] not in r.fields or not keys and found[1] in CORPUS_WORDS]
        if len(keys) < 2 and files:  # 'have a note' beside no Note line: a word the task's reading drops
            return (f"I cannot select records on having '{found[1]}': {joined(files)} {'has' if len(files) == 1 else 'have'} "
                    f"no {(keys or [found[1]])[0]} line, and I select on the values written; I give no list and no total")
    return None


def _outside_values(pattern: re.Pattern, task: str, records: list[Record]) -> re.Match | None:
    """The first match of a pattern outside the values the task writes in full ('Before Dawn' names a client)."""
    spans = [m.span() for v in {v for r in records for v in r.fields.values() if (pattern.search(v) and len(words(v)) > 1 or
                                                                                  v[:1].isupper() and not money(v)) and content_words(v)}
             # 'Until Then', 'May Corp', 'Avril': names; 'Until Then' names nothing I can select on: still declined
             for m in re.finditer(rf"(?<![\w-]){re.escape(v)}(?![\w-])", task, re.IGNORECASE)]
    return next((m for m in pattern.finditer(task) if not any(a <= m.start() < b for a, b in spans)), None)


def _names_not_statuses(task: str, records: list[Record]) -> str:
    """The task without the status words of a value it writes in full ('Paid Media' names a client, not a status)."""
    status = _status_key(records)
    for value in sorted({v for r in records for k, v in r.fields.items() if k != status}, key=lambda v: (-len(v), v)):
        if len(words(value)) > 1 and set(words(value)) & (PAYING | LATE):
            task = re.sub(rf"(?<!\w){re.escape(value)}(?!\w)", lambda m: " ".join(
                w for w in m[0].split() if not set(words(w)) & (PAYING | LATE)), task, flags=re.IGNORECASE)
    return task


NULLIFIED = re.compile(r"\b(?:duplicate|doublon|(?:issued |sent |émise? )?(?:in error|par erreur)|bounced|reversed|rejected|"
                       r"rejetée?|chargeback|(?:replaced|superseded|cancell?ed|remplacée?|annulée?) (?:by|par)|"
                       r"(?:do|does|should) not (?:be )?count|don't count|ne pas (?:la |le )?compter)\b", re.I)  # not owed as written
UNSETTLED = re.compile(r"\b(?:bounced|reversed|rejected|rejetée?|chargeback)\b", re.I)  # a payment undone, the bill stands
REPLACES = re.compile(r"\b(?:replaces|supersedes|cancels|annule|remplace)\b", re.I)  # … the record it names


def _folded(text: str) -> str:
    """A value without its accents and case: 'Cafe Blanc' and 'CAFÉ BLANC' fold to one."""
    return unaccented(text).casefold().strip()


def _nullified(text: str) -> bool:
    """Whether a note says its record does not count or was not settled ('duplicate of L-1', 'cheque bounced'), not
    'not a duplicate of L-1'."""
    found = NULLIFIED.search(text)
    return bool(found) and not re.search(r"\b(?:not|no|never|pas|non|jamais)\b(?:\W+\w+){0,2}\W*$", text[:found.start()], re.I)


WITH_IT = re.compile(r"\b(?:with|as|and|avec|que|et)\s+(?:(?:the|la|le|l['’]|invoices?|factures?|tickets?|orders?|"
                     r"commandes?|n[°ºo]\.?|#)\s*)*$", re.I)  # 'Paid together with M-8', 'réglée en même temps que la
# facture F-11'; not 'Annulée et remplacée par la facture F-36': the carrier's own state
ITSELF = re.compile(r"\b(?:this|itself|cette|celle-ci|elle-même|ce document)\b", re.I)  # 'unlike R-12, this one is void'
NUMBERED = (r"(?:#|n[°ºo]\.?\s*|\b(?:invoices?|factures?|bills?|tickets?|orders?|commandes?|bookings?|réservations?|"
            r"subscriptions?|abonnements?|claims?|contracts?|contrats?|rentals?|locations?)\s+)")  # 'invoice 12', '#3302'


def _names_of(value: str, record: Record, records: list[Record]) -> list[Record]:
    """The other records a line names by number ('invoice R-12 is cancelled' names R-12); a bare number ('2') only
    after a word saying what it numbers ('invoice 2', '#2'), not '2 instalments'."""
    return [r for r in records if r.number and r.number.casefold() != record.number.casefold() and re.search(r"\d", r.number)
            and re.search(("" if re.search(r"[^\W\d_]|-", r.number) else NUMBERED) + rf"(?<![\w/.,-]){re.escape(r.number)}"
                          r"(?![\w/-]|[.,]\d|\s*(?:%|[€$£]|eur\b|euros?\b))", value, re.I)]


def aimed(records: list[Record]) -> list[Record]:
    """The records with each line about another record given to it: a line that names another record's number before
    the state it says ('Note: invoice R-12 was issued by mistake and is cancelled' in R-11) is that record's, and the
    one carrying it keeps no such line; one saying the carrier's state with it ('Paid together with M-8' in M-7) is
    both's. The record named then reads the line beside its own status ('unpaid (c1.txt: Note: …)'), so it is in doubt, never
    firmly unpaid; 'Superseded by K-107', 'replaces R-3' are the carrier's (`_replaced` reads the latter)."""
    given: dict[str, dict] = {}
    kept = {}
    for record in records:
        fields = dict(record.fields)
        for key, value in record.fields.items():
            state = [m.start() for p in (STATED, NULLIFIED) for m in p.finditer(value)]
            named = _names_of(value, record, records) if state and not _party(key) and not REPLACES.search(
                f"{key} {value}") and not set(words(key.lower())) & (NUMBER_KEYS | KIND_KEYS) else []
            first = min((m.start() for r in named for m in re.finditer(re.escape(r.number), value, re.I)), default=0)
            if not state and (named := _resizing(record, key, value, records)):  # 'Note: the amount on INV-70 is wrong'
                fields.pop(key, None) if _resizing(record, key, value, records, alone=True) else None
                for other in named:
                    given.setdefault(other.file, {})[record.file] = f"{key}: {value}"
                continue
            if named and first < min(state):  # the other record is what the line speaks of
                if not ITSELF.search(value) and not re.search(rf"(?<![\w-]){re.escape(record.number)}(?![\w-])", value, re.I):
                    fields.pop(key)
            elif not named or not WITH_IT.search(value[min(state):first]):
                continue  # 'Superseded by K-107': the carrier's own state
            for other in named:
                given.setdefault(other.file, {})[record.file] = f"{key}: {value}"  # 'c2.txt has Status 'unpaid' (c1.txt: ...)'
        kept[record.file] = fields
    return [replace(r, fields={**kept[r.file], **given.get(r.file, {})}) if kept[r.file] != r.fields or r.file in given
            else r for r in records]


def _resizing(record: Record, key: str, value: str, records: list[Record], alone: bool = False) -> list[Record]:
    """The other records whose amount a line of `record` changes, named by number ('Note: the amount on INV-70 is wrong,
    it should be 205 EUR', 'le montant de la facture F-70 est erroné', 'the correct amount for K-20 is 450 EUR'). With
    `alone`, only when the line is not about its own record too: it names no number of its own nor 'this invoice', and
    the other number comes before the change or just after its words ('the correct amount for K-20'); 'Amount corrected
    to 250 EUR after the dispute on INV-70' may be about either, so it stays with both."""
    if _party(key) or money(value) or set(words(key.lower())) & (NUMBER_KEYS | KIND_KEYS):
        return []
    named = [r for r in _names_of(value, record, records) if _change(r, key, value) == "amount"]
    said = AMENDED.search(value)
    if not alone or not named or not said or ITSELF.search(value) or re.search(
            rf"(?<![\w-]){re.escape(record.number)}(?![\w-])", value, re.I):
        return named if not alone else []
    near = r"^\W*(?:\w+\W+){0,3}?(?:(?:the|la|le|l['’]|invoices?|factures?|n[°ºo]\.?|#)\s*)*"
    return [r for r in named if value.casefold().find(r.number.casefold()) < said.start() or re.match(
        near + re.escape(r.number), value[said.end():], re.I)]


UNDOING = re.compile(r"\b(?:refund(?:ed|s)?|rembours\w*|supersede[sd]|replaced|remplacée?s?|withdrawn|rescinded|revoked|"
                     r"void(?:ed)?|cancell?(?:ed|ation)|annul\w*|chargebacks?|bounced|reversed|rejected|rejetée?|written|"
                     r"credited|credit|avoir|duplicate|doublon|disputed?|litige|merged|fusionnée?)\b", re.I)  # a field
# named so may undo its record: '"refunded": "900.00 EUR"', '"superseded_by": "JY-6"', 'Withdrawn: raised in error'


def unsure_lines(record: Record, key: str | None, stated: tuple | None = None) -> list[str]:
    """The lines of `record` I cannot tell harmless, its own free lines and those other records write of it, then a field
    whose name may undo it ('refund', 'superseded_by') and whose value I do not read as paid or unpaid. For a state that
    is no payment's ('open' tickets), only those undoing it or naming another record ('# merged into TK-301'): 'A snow
    warning was issued at 06:00' leaves a day's record standing."""
    lines = list(record.unsure) + [f"{k}: {v}" for k, v in record.fields.items() if k not in (key, PROSE) and UNDOING.search(
        re.sub(r"[_.-]", " ", k)) and _kind(v, k) is None and not _party(k) and not money(k)] + _remarks(record, key)
    lines = [line for line in lines if not stated or UNDOING.search(line) or STATED.search(line) or re.search(
        r"(?<![\w/.-])[^\W\d_][\w]*-\d[\w-]*", line)]
    return sorted(lines, key=lambda line: not (UNDOING.search(line) or STATED.search(line)))  # 'payment.bounced: True'
    # quoted before 'payment.method: cheque'


REMARK_KEYS = {"note", "notes", "remark", "remarks", "comment", "comments", "memo", "nb", "remarque", "remarques",
               "commentaire", "commentaires", "observation", "observations"}
TO_PAY = re.compile(r"\b(?:will|shall|is to|are to|plans? to|intends? to|promised to|va|vont|compte|promis de)\s+(?:\w+\s+)?"
                    r"(?:pay|settle|payer|régler)\b|\b(?:paiera|paieront|réglera|régleront)\b", re.I)  # a payment to come
CARD = re.compile(r"\bcredit\s+cards?\b|\bcartes?\s+de\s+crédit\b", re.I)  # a way to pay, no credit
SETTLES = re.compile(r"\b(?:paid|payée?s?|settled|réglée?s?|soldée?s?|acquittée?s?|encaissée?s?|cleared|received|reçue?s?|"
                     r"refund\w*|rembours\w*|void\w*|cancel\w*|annul\w*|written|write[- ]?offs?|waive[sd]?|waiver|forgiv\w*|"
                     r"abandon\w*|perte|loss|irrécouvrables?|uncollect\w*|bad debt|gracieu\w*|exonér\w*|offset|compensée?|"
                     r"compensation|netted|credited|créditée?|reversed|bounced|rejected|rejetée?s?|returned|chargebacks?|"
                     r"disputed?|litige|contestée?|duplicate|doublon|merged|fusionnée?|replace[sd]|remplacée?|withdrawn|rescinded|"
                     r"revoked|erreur|error|mistake|disregard\w*|facturée? à tort)\b", re.I)  # a word that settles or undoes a
# bill: 'abandon de créance accordé', 'créance passée en perte', 'debt forgiven'; not 'Thank them for the quick payment',
# 'Claude a demandé un délai de paiement', 'Due next week'


def _remarks(record: Record, key: str | None) -> list[str]:
    """A note field with a word that settles or undoes a bill, which the status does not already read ('Note : abandon de créance
    accordé le 03/11/2026', 'Note: debt forgiven'): it may settle, void or write off the record. Not one the status
    agrees with ('Note: 2nd payment reminder sent' beside 'unpaid'), nor one with no such word ('see INV-61 for the
    delivery address')."""
    status = record.fields.get(key, "") if key else ""
    return [f"{k}: {v}" for k, v in record.fields.items() if k != key and set(words(k.lower())) & REMARK_KEYS
            and any(not re.search(r"\b(?:not|no|never|pas|non|jamais)\b(?:\W+\w+){0,2}\W*$", v[:m.start()], re.I)
                    for m in SETTLES.finditer(v))  # not 'not a duplicate of K-1'
            and not REPLACES.search(v) and not harmless(v, record.fields)  # 'replaces D-4', 'payable by card'
            and not (TO_PAY.search(v) and not UNDOING.search(CARD.sub(" ", v)) and not STATED.search(v))  # 'customer
            # will pay by credit card'
            and f"{k}: {v}" not in (_status(record, key) if key else "")
            and (_kind(f"{status} {v}", key) is None if status else _kind(v, k) is None)]


def _replaced(records: list[Record]) -> dict[str, str]:
    """file -> why it is not counted, for each record another one says it replaces ('Note: replaces INV-3',
    'Replaces: INV-3', 'Objet : annule et remplace la facture F-3')."""
    return {other.file: f"{r.file} says '{k}: {v}'" for r in records for k, v in r.fields.items()
            if REPLACES.search(f"{k} {v}") and not _nullified(f"{k} {v}") and not _party(k) for other in records
            if other is not r and other.number and re.search(rf"(?<![\w-]){re.escape(other.number)}(?![\w-])", v, re.I)}


def _stated(task: str, records: list[Record]) -> tuple[str, tuple[str, ...]] | None:
    """('Status', ('open',)) when the task writes, unnegated, a whole status value that a payment reading would take
    ('open', 'overdue', 'pending') of records whose statuses say no payment state (a rental 'returned', 'open'): the
    records whose status is written so are selected, none is read as paid or unpaid; with others joined by 'or' or
    'and' ('open or waiting'), the records of any of them."""
    key = _status_key(records)
    values = {r.fields.get(key, "").strip().lower() for r in records} - {""} if key else set()
    if not values or set(words(key)) & {"payment", "paiement", *PAID} or any(
            _kind(v, key) == "paid" or set(words(v)) & (PAID | RECEIVED) for v in values) or all(_kind(v, key) for v in values):
        return None
    named = sorted(v for v in values if not set(words(v)) & (PAYING - OPENISH) and re.search(
        rf"(?<![\w-]){re.escape(v)}(?![\w-])", task, re.I))
    negated = {w for w, keep in polarity(task) if not keep}
    if not named or len(named) > 2 or not any(set(words(v)) & (LATE | OPENISH) for v in named) or negated & set(
            words(" ".join(named))):
        return None
    if len(named) == 2 and not re.search("|".join(rf"{re.escape(a)}\W+(?:and|or|et|ou)\W+(?:(?:the|les?)\s+)?{re.escape(b)}"
                                                 for a, b in (named, named[::-1])), task, re.I):  # 'open or waiting'
        return None
    return key, tuple(named)


def _choose(task: str, records: list[Record], status: str | None, limits: list[str], when: bool,
            stated: tuple[str, tuple[str, ...]] | None = None) -> Choice | str:
    replaced = _replaced(records)
    chosen, notes, heading = [r for r in records if r.file not in replaced], [f"{f} is not counted: {by}." for f, by in
                                                                            replaced.items()], []
    key = _status_key(records) if status else None
    early = _named(task, records, key)
    undone = [r for r in chosen if unsure_lines(r, _status_key(records), stated) and (status or stated or money_keys(
        records) and any(p.search(task) for p in (TOTAL_ASKED, re.compile(r"\bhow much\b")))) and not (
        isinstance(early, dict) and NUMBER in early and not status)]  # 'Netted off against PA-55' beside 'unpaid', 'Direct debit
    # returned' beside 'paid': neither, whichever the task asks for; not for what invoice 7 says
    notes += [f"{r.file} says '{unsure_lines(r, _status_key(records), stated)[0]}', which I cannot read as leaving its "
              "state and amount as written; it is not counted." for r in undone]
    chosen = [r for r in chosen if r not in undone]
    if status:
        if key is None:
            return (f"I read no field of the records as a payment status (paid or unpaid), so I cannot tell which are {status}; "
                    "I give no list and no total")
        for record in chosen:
            if key not in record.fields and record.cut:
                continue  # read_all says it may have been cut
            if key not in record.fields:
                notes.append(f"{record.file} has no {key} line, so I could not tell whether it is {status}; "
                             "it is not counted.")
            elif _kind(_status(record, key), key) is None and _kind(record.fields[key], key) and (
                    credit := _credit(record)):
                notes.append(f"{record.file} is a credit note ({credit}), not a bill; it is not counted.")
            elif _kind(_status(record, key), key) is None and _kind(_status(_uncredited(record), key), key):
                notes.append(_credited_note(record))
            elif _kind(_status(record, key), key) is None:
                notes.append(f"{record.file} has {_status(record, key, said=True)}, which I cannot read as paid "
                             "or unpaid; it is not counted.")
        chosen = [r for r in chosen if key in r.fields and _kind(_status(r, key), key) == status]
        heading = [status.capitalize()]
    named = _named(task, records, key)
    if isinstance(named, str):
        return named
    unclear = [r for r in records if status and key and _kind(_status(r, key), key) is None and r not in undone] + undone
    kinds = {r.file: set(stems(re.sub(r"\S*\d\S*", " ", r.title))) for r in records}  # 'quote' of 'Quote Q-1'
    billed = any(kinds[r.file] & BILLED for r in records)  # beside 'Invoice A-1', a 'Quote Q-1' is no invoice
    credits = [r for r in chosen if _credit(r) and not CREDIT.search(task)
               or billed and kinds[r.file] and not kinds[r.file] & (BILLED | set(stems(task)))]
    bare = [r for r in chosen if not re.search(r"\d", r.number) and r not in credits]  # 'Summary of invoices', no number
    credits += bare if len(bare) * 2 < sum(1 for r in records if re.search(r"\d", r.number)) else []  # beside numbered ones
    chosen, unclear = [r for r in chosen if r not in credits], unclear + credits  # nor is a credit note
    credited = [r for r in chosen if _credited(r) and not CREDIT.search(task) and r not in unclear and NUMBER not in named
                and (TOTAL_ASKED.search(task) or re.search(r"\bhow much\b", task)) and not any(
                    f"({_credited(r)}" in v for v in r.fields.values())]  # 'Note: un avoir AV-3 de 100 € a été émis': what is
    notes += [_credited_note(r) for r in credited]  # owed may be less; not one already quoted beside its amount
    chosen, unclear = [r for r in chosen if r not in credited], unclear + credited
    kind = {r.file: next(iter(stems(re.sub(r"\S*\d\S*", " ", r.title))), "") for r in records}  # 'quot' of 'Quote Q-1'
    if (own := set(kind.values()) & set(stems(task)) - SURVEY_WORDS - {""}) and not own & BILLED and set(kind.values()) - own:
        chosen, unclear = [r for r in chosen if kind[r.file] in own], [r for r in unclear if kind[r.file] in own]
        heading.append(joined(sorted({r.title.split()[0] for r in records if kind[r.file] in own})))  # 'the quotes' only
    void = cancelled(task, records, chosen) if (TOTAL_ASKED.search(task) or re.search(r"\bhow much\b", task)) and not stated \
        and NUMBER not in named and _status_key(records) not in named else []  # 'the amount of booking 3' is its amount,
    # cancelled or not; 'the active subscriptions' are selected on their status: a cancelled one is no active one
    notes += [_void_note(r, _status_key(records)) for r in void if r not in unclear]
    chosen, unclear = [r for r in chosen if r not in void], unclear + [r for r in void if r not in unclear]
    field = key or _status_key(records)
    field = field if any(_kind(r.fields.get(field, ""), field) for r in records) else None  # a payment status
    priced = money_keys(records)
    for name, (values, keep) in named.items():
        kinds = {_kind(v, name) for v in values} if name == field else set()
        vague = None in kinds and any(set(words(v)) & (PAYING | LATE | RECEIVED) for v in values)
        # a status read as a value ('payment received'), no client for 'not from X': may be the one
        unsure = [r for r in chosen if kinds and r.fields.get(name) not in values and (
            vague or _kind(r.fields.get(name, ""), name) in kinds | {None}) or not keep and _value(r, name) is None
            or name in priced and not money(r.fields.get(name, ""))  # 'in EUR' beside 'two hundred euros': unread
            or r.cut and name not in r.fields  # the history cut it before that line
            or (_value(r, name) or "") not in values and any(re.search(rf"(?<!\w){re.escape(v)}(?!\w)", _value(r, name)
                                                                       or "", re.I) for v in values)
            or (_value(r, name) or "") not in values and _folded(_value(r, name) or "") in {_folded(v) for v in values}
            or (_value(r, name) or "") not in values and any(_loose(v) <= _loose(_value(r, name) or "") for v in values)
            or name != NUMBER and changed_by(r, name) or name != field and _restated(r, name)]  # 'priority raised on
    # 04/06': to the value asked, or not; 'Terminated on 20/06' beside 'Status: active'; 'Reactivated' beside 'cancelled'
    # 'Cafe Blanc' beside 'Café Blanc': the same client, or not; 'storm warnings (lifted)' beside 'storm warning'; 'STORM WARNING',
    # 'storm warning issued', 'Lena Park' beside 'storm warning', 'Lena': the same, or not; 'shelf A2' is no 'shelf A'
        notes += [f"{r.file} says '{changed_by(r, name) or _restated(r, name)}', which changes the {name} it first gives; "
                  "it is not counted." for r in unsure if changed_by(r, name) or name != field and _restated(r, name)]
        # 'Priority: high' beside 'Note: priority lowered to low'
        chosen = [r for r in chosen if (_value(r, name) in values) == keep and r not in unsure]
        unclear = [r for r in unclear if (_value(r, name) in values) == keep] + unsure
        heading.append(f"{name} {'' if keep else 'not '}{' or '.join(sorted(values))}")
    state = stated[0] if stated else field if field in named else None  # 'which are open?': not a ticket whose
    changed = [r for r in chosen if state and r not in unclear and (amended(r, state) or _restated(r, state))]  # 'Update:
    # closed', 'Reopened on 04/06' beside 'Status: closed' say otherwise
    notes += [f"{r.file} says '{amended(r, state) or _restated(r, state)}', which changes the {state} it first gives; it "
              "is not counted." for r in changed]
    chosen, unclear = [r for r in chosen if r not in changed], unclear + changed
    if stated:
        unclear += [r for r in chosen if stated[0] not in r.fields]
        near = [r for r in chosen if r.fields.get(stated[0], "").strip().lower() not in stated[1] and any(
            v in r.fields.get(stated[0], "").lower() for v in stated[1])]  # 'open - escalated', 'closed (reopened
        notes += [f"{r.file} has {stated[0]} '{r.fields[stated[0]]}', which I cannot read as {' or '.join(stated[1])} or "
                  "not; it is not counted." for r in near]  # 09/02)' beside 'open': open too, or not
        unclear += near
        chosen = [r for r in chosen if r.fields.get(stated[0], "").strip().lower() in stated[1]]
        heading.append(f"{stated[0]} {' or '.join(stated[1])}")
    doubtful = [r.file for r in unclear]  # a record whose status is unclear could belong to the list: no figure is complete
    if not (heading or limits or when or any(p.search(task) for p in (ALL, HOW_MANY, TOTAL_ASKED))):
        fields = [k for k in dict.fromkeys(k for r in records for k in r.fields) if {stem(w) for w in words(k)} & {
            stem(w) for w in content_words(task)}]  # 'What is the rent in b.txt?': Rent names a field, not records
        if fields and file_names(task):
            return (f"'{fields[0]}' is a field of the records, and I select records by their values, not by file, so I "
                    "cannot tell which records the task asks for, and I give no total")
        if fields:  # 'List the clients.': the values of one field, not a choice of records
            return (f"'{fields[0]}' is a field of the records, and I select records by its values (a client's name, a "
                    "status), I do not list a field's values, so I give no list and no total")
        return ("no field of the records matches the words of the task, so I cannot tell which records "
                "it asks for, and I give no total")  # but 'what are the due dates?' (when) asks for every record's
    ranked = any(EXTREME.fullmatch(p.strip()) for p in limits)
    for phrase in limits:
        dated, noted = DATED.fullmatch(phrase), len(notes)
        chosen = by_date(dated, chosen, records, notes) if dated else by_amount(phrase, chosen, records, notes, task)
        if isinstance(chosen, str):
            return chosen
        doubtful += [n.split()[0] for n in notes[noted:]]  # one it could not compare may pass the limit, or outrank them
        heading.append(phrase.strip())
    title = ", ".join(heading) or "Records"
    return Choice(chosen, title[0].upper() + title[1:], notes, key, doubtful, ranked)


REDUCES = re.compile(r"\b(?:deposit|acompte|paid so far|already paid|part(?:ly|ially)? paid|déjà (?:réglée?|payée?|versée?)|avoirs?|"
                     r"credit notes?|remise|discount|net à payer|reste à payer)\b", re.I)  # a field that lowers what is owed
PAID_PART = re.compile(r"\b(?:paid|pre-?paid|prépayée?|payments?|received|instal+ments?|advance|avance|balance|remaining|outstanding|settled|left to pay|"
                       r"(?:amount|total) due|réglée?s?|payée?s?|versée?s?|reste|solde|règlements?|restant|arrhes|acomptes?|"
                       r"still due|owing|owed|credit applied|credited|on account|retainer|reçue?s?|encaissée?s?|échéances?|"
                       r"versements?|virements?)\b",
                       re.I)  # 'Amount paid:
# 250', 'Balance due: 650', 'Reste dû : 450' beside the record's own amount: written without a currency, a part of it


def _status(record: Record, key: str, said: bool = False) -> str:
    """The status under `key`, and any field saying otherwise: 'yes (Status: unpaid)'."""
    value = record.fields.get(key, "")
    other = [f"{k}: {v}" for k, v in record.fields.items() if k != key and (
        set(words(k)) & STATUS_KEYS and _kind(v, k) not in (None, _kind(value, key))
        or _part_paid(record, k, v)
        or re.search(r"\d", v) and (set(words(v)) & (PAYING | RECEIVED | DISCOUNT) or k == PROSE and not _about_other(
            record, v) or REDUCES.search(k) and re.search(
            r"\d[\d\s.,]*\s?(?:€|eur\b|euros?\b|usd\b|\$|£|gbp\b|chf\b)|[€$£]\s?\d|^\s*\d[\d\s.,]*\s*$", v, re.I))
        and _kind(v, k) != _kind(value, key)  # 'Text': a sentence of the file about a payment ('Un versement de 200 € a été
        # effectué'); 'Deposit received: 400 EUR', 'Déjà réglé : 600 €', 'Remise 10 % : net à payer 900 €': not all is owed
        or CREDIT.search(v) and not _party(k) or _nullified(f"{k}: {v}") and not _party(k) or _change(record, k, v) == "state"
        or _stated_in(record, k, v) and _kind(v, k) != _kind(value, key)  # 'Remarque : facture annulée'
        or _moved(record, k, v, key, set()))] + [  # 'Note: status changed on 03/06'
        f"heading '{record.title}'"] * bool(CREDIT.search(record.title) or _stated_in(record, "", _stamp(record.title)) and
                                            _kind(_stamp(record.title), key) != _kind(value, key))  # 'Facture 3 (annulée)'
    # 'Note: duplicate of L-1', 'cheque bounced'
    # 'Note: deposit of 400 EUR received' beside 'Status: unpaid': not all of it is owed; a credit note is owed the other way
    other = [o for o in other if o not in value and not any(o != p and o in p for p in other)]  # a note the status, or
    # an amount it is joined to ('300 EUR (Note: amount corrected to 250 EUR)'), already holds: said once
    value = f"{key} '{value}'" if said else value
    return f"{value} ({'; '.join(other)})" if other else value


def _stated_in(record: Record, key: str, value: str) -> bool:
    """Whether a line of free text, or a field that is no party nor amount, says a state ('VOID - issued by mistake',
    'Remarque : facture annulée', '*** PAID IN FULL ***'); not one about the record it replaces ('This invoice replaces
    invoice P-2, which is cancelled'), which that record is left out for."""
    said = [m for m in STATED.finditer(value) if set(words(m[0])) & PAYING or not re.search(
        r"\b(?:not|no|never|pas|non|jamais)\b(?:\W+\w+){0,2}\W*$", value[:m.start()], re.I)]  # 'not a duplicate of K-1'
    return bool(said) and not _party(key) and not money(value) and not _about_other(record, value)


def _restated(record: Record, key: str) -> str:
    """The first line of `record` saying a state its status field `key` does not give, a status that is no payment's
    ('Terminated at customer's request on 20/06/2026' beside 'Status: active', 'Reactivated on 02/07' beside 'Status:
    cancelled', 'droit de rétractation' beside 'Statut : en cours'), or ''. Not one the status agrees with ('Status:
    cancelled' beside 'Cancelled by phone'), nor any for another field than a status."""
    own = set(words(record.fields.get(key, "").lower()))
    if not set(words(key.lower())) & STATUS_KEYS or not own:
        return ""
    return next((f"{k}: {v}" for k, v in record.fields.items() if k != key and _stated_in(record, k, v) and not {
        w for m in STATED.finditer(v) for w in words(m[0].lower())} <= own), "")


def _about_other(record: Record, value: str) -> bool:
    """Whether a line says another record is replaced or cancelled, and nothing of a payment ('This invoice replaces
    invoice P-2, which is cancelled'): `_replaced` leaves that one out."""
    return bool(REPLACES.search(value)) and any(n.casefold() != record.number.casefold() for n in re.findall(
        r"(?<![\w-])[\w-]*\d[\w-]*", value)) and not set(words(value)) & (PAID | UNPAID | RECEIVED)


def _stamp(title: str) -> str:
    """A heading's words past its kind and number: 'annulée' of 'Facture F-3 (annulée)', 'PAID' of 'Invoice 7 - PAID'."""
    return " ".join(re.findall(r"[^\W\d_]+", re.sub(r"\S*\d\S*", " ", title))[1:])


CHANGES = re.compile(r"\b(?:update[ds]?|correct(?:ed|ions?)|amend(?:ed|ments?)|errat(?:um|a)|follow[ -]?ups?|rectifi\w*|"
                     r"revis(?:ed|ions?)|adjust(?:ed|ments?)|mises? à jour|suivi)\b", re.I)  # 'Update 12/05/2026: ...'
RESIZED = (r"correct(?:ed|ion)|amended|revised|adjusted|reduced|lowered|increased|raised|changed|corrigée?|rectifiée?|"
           r"modifiée?|ramenée?|réduite?|ajustée?|revue? à la (?:baisse|hausse)|typo|misprint|coquille|faute de frappe|"
           r"(?:the\s+)?(?:real|actual|correct|right|true)\s+(?:amount|total|price|sum)|(?:amount|total|price|sum)\s+should\s+"
           r"(?:be|read|have been)|(?:le\s+)?(?:vrai|bon|véritable)\s+montant|montant\s+(?:réel|exact|correct)|wrong|"
           r"incorrect|erroneous|erronée?|inexacte?|(?:billed|charged|invoiced)\s+twice|facturée?\s+deux\s+fois")  # the
# amount changed: 'the real amount is 120 EUR, typo on the invoice', 'the amount on INV-70 is wrong, it should be 205 EUR'
AMENDED = re.compile(rf"\b(?:{RESIZED}|waived|written off|refused|declined|stopped|returned (?:unpaid|by the bank)|"
                     r"refusée?|exonérée?)\b", re.I)  # … or the payment: 'fee waived', 'payment was refused by the bank'
MOVED = re.compile(r"\b(from|to|de|à|en)\s+((?:[€$£]|[A-Z]{3}\s?)?\d[\d\s.,]*\d?\s?(?:[€$£]|[A-Z]{3}\b|euros?\b)?)", re.I)


def _change(record: Record, key: str, value: str) -> str:
    """'amount' when a line changes its record's amount ('Note: amount corrected to 560 EUR'), 'state' when it changes
    its payment or state ('Update 12/05/2026: paid by transfer', 'Note: fee waived by the board', 'Correction: payment was
    refused by the bank'), else '': not 'Updated: 2026-05-12', nor a change to the amount the record already gives
    ('rent reduced from 900 EUR' beside 'Rent: 750 EUR', 'corrected to 560 EUR' beside 'Amount: 560 EUR')."""
    if _party(key) or money(value) or not (CHANGES.search(key) and re.search(r"[^\W\d_]{2}", DATE.sub(" ", value))
                                           or AMENDED.search(value)):
        return ""
    said = [m[0] for m in AMENDED.finditer(value)]
    priced = {stem(w) for k, v in record.fields.items() if money(v) for w in words(k)} | set(stems(
        "amount total price prix montant sum somme cost coût rent loyer fee balance solde"))
    sized = SUM.search(value) or set(stems(value)) & priced  # 'amount corrected', 'rent reduced': not 'address changed'
    if set(words(value)) & (PAYING | RECEIVED) or not all(re.fullmatch(RESIZED, w, re.I) for w in said) or not (
            said or sized):
        return "state"
    if not sized:
        return "state" if CHANGES.search(key) else ""
    own = [found for v in record.fields.values() if (found := money(v))]
    moved = {m[1].lower(): money(m[2].strip()) for m in MOVED.finditer(value)}  # 'from 900 EUR', 'to 560 EUR'
    to, source = moved.get("to") or moved.get("à") or moved.get("en"), moved.get("from") or moved.get("de")
    now = len(own) == 1 and (to == own[0] or not to and source and source != own[0] and source[1] == own[0][1])
    return "" if now else "amount"


def amended(record: Record, key: str | None) -> str:
    """The first line of `record` that changes its payment or state ('Update: paid by transfer'), or ''."""
    return next((f"{k}: {v}" for k, v in record.fields.items() if k != key and (_change(record, k, v) == "state" or key and
                                                                                 _moved(record, k, v, key, set()))), "")
    # 'Note: status changed to closed on 03/06' beside 'Status: open'


def resized(record: Record, key: str) -> str:
    """The file whose line `corrected` joined to the amount under `key` as changing it: the record's own, or the other
    record's that `aimed` gave the line to ('q-2.txt' for 'Note: the amount on INV-70 is wrong'); '' when none."""
    value = record.fields.get(key, "")
    said = [k for k, v in record.fields.items() if k != key and _change(record, k, v) == "amount" and f"({k}: {v}" in value]
    return next((k for k in said if k != record.file and re.search(r"\.\w+(?::\d+|#\d+)?$", k)), record.file if said else "")


def corrected(records: list[Record]) -> list[Record]:
    """The records with each line changing an amount joined to that amount ("300 EUR (Note: amount corrected to 250
    EUR)"), and each line changing another field joined to it ("01/03/2026 (Note: due date moved to 30/09/2026)",
    "high (Note: priority lowered to low)"): quoted whole, neither added up nor compared nor selected on, as neither
    value is sure."""
    keys = money_keys(records)
    seen = {k: {v.strip().casefold() for r in records if (v := r.fields.get(k))} for r in records for k in r.fields}
    def joined_to(record: Record) -> Record:
        said = [f"{k}: {v}" for k, v in record.fields.items() if _change(record, k, v) == "amount"]
        moved = {k: [f"{o}: {w}" for o, w in record.fields.items() if _moved(record, o, w, k, seen[k])]
                 for k in record.fields if k not in keys and not set(words(k)) & STATUS_KEYS}
        fields = {k: f"{v} ({'; '.join(said)})" if k in keys and money(v) and said else f"{v} ({'; '.join(moved[k])})"
                  if moved.get(k) else v for k, v in record.fields.items()}
        return replace(record, fields=fields) if fields != record.fields else record
    return [joined_to(r) for r in records]


SWAPPED = (rf"{RESIZED}|updated|rescheduled|postponed|deferred|downgraded|upgraded|reportée?|repoussée?|baissée?|relevée?|"
           r"changée?")  # a field said to be changed: 'priority lowered to low', 'échéance reportée au 30/09'
SHIFTED = (r"moved|extended|pushed(?: back)?|brought forward|delayed|now|set to|switched|décalée?|prolongée?|avancée?|"
           r"désormais|passée? à")  # … or moved, when the line gives a new value: 'due date moved to 30/09/2026'
DUE_NAMES = r"(?:due(?:\s+date)?|deadline|payment\s+date|date\s+due|échéance|date\s+limite|date\s+d['’]échéance)"
THEN = r"(?=\s*(?:to|from|on|at|by|for|à|au|aux|de|du|en|le|par|pour)\b|\s*[,;.(]|\s*$)"  # not 'client changed their mind'


def _moved(record: Record, key: str, value: str, field: str, values: set[str]) -> bool:
    """Whether the line `key: value` of `record` changes its `field`, no amount nor status: an update or correction
    naming it ('Update: priority is high'), the field said to be changed ('Note: priority lowered on 02/06'), or moved to
    a new date or another value the records give it ('Note: due date moved to 30/09/2026'); not 'Note: client moved to
    Lyon' (no client's name), 'Note: client changed their mind'."""
    own = record.fields.get(field, "")
    name = r"\s+".join(map(re.escape, words(field)))
    name = DUE_NAMES if re.fullmatch(DUE_NAMES, field.strip(), re.I) else name  # 'Due' named 'deadline' too
    if key == field or _party(key) or not own.strip() or not name or not re.search(rf"\b{name}\b", value, re.I):
        return False
    said = rf"\b{name}(?:\s+\w+)?\s+(?:(?:was|has been|is|been|a été|est)\s+)?(?:{{}})\b|\b(?:{{}})\s+(?:(?:the|la|le)\s+|l['’])?{name}\b"
    dates = set(WRITTEN_DATE.findall(value)) - set(WRITTEN_DATE.findall(own))
    other = any(re.search(rf"(?<![\w-]){re.escape(v)}(?![\w-])", value, re.I) for v in values - {own.strip().casefold()})
    return bool(CHANGES.search(key) or re.search(said.format(rf"(?:{SWAPPED}){THEN}", rf"{SWAPPED}"), value, re.I)
                or re.search(said.format(SHIFTED, SHIFTED), value, re.I) and (dates and WRITTEN_DATE.search(own) or other))


NO_PART = re.compile(r"\b(?:terms?|penalt\w*|late|interest|délais?|conditions?|pénalités?|retard|intérêts?|goods|items?|units?|"
                     r"cartons?|pallets?|parcels?|quantity|qty|marchandises?|colis|pieces?|pièces?)\b", re.I)  # 'Payment terms:
# 30 - end of month', 'Late payment penalty: 10%', 'Goods received: 14 (cartons)': no part of the amount


def _part_paid(record: Record, key: str, value: str) -> bool:
    """Whether a field says part of the record's amount is paid, or what is left: a number without a currency (not a
    date) under a paying or balance name ('Amount paid: 250', 'amount_paid': 600, 'Reste dû : 450', 'Deposit: 400.00
    (bank transfer)'), in a record that has another amount; one with a currency is an amount of its own."""
    named = key.replace("_", " ")
    return bool((REDUCES.search(named) or PAID_PART.search(named)) and not NO_PART.search(named) and re.match(
        r"\s*\d[\d\s.,']*(?:\s*%|\.-)?\s*(?:$|\(|on\b|le\b|[—–-]|(?:of|sur)\s+\d|/\s*\d)", value) and not re.fullmatch(r"\s*0+(?:[.,]0+)?\s*", value)
                and not money(value)
                and not WRITTEN_DATE.match(value.strip()) and any(money(v) or re.search(
                    r"\b(?:amount|total|montant|price|prix|sum|somme|cost|fee)\b", k, re.I) and re.match(r"\s*\d", v)
                    for k, v in record.fields.items() if k != key))


KIND_KEYS = {"type", "kind", "nature", "document", "doc", "category", "catégorie", "categorie", "genre", "record",
             "invoice", "facture", *NUMBER_KEYS}  # a field that says what the record is: 'Type: credit note', 'Number: AV-3'


def _credit(record: Record) -> str:
    """What marks `record` itself as a credit note ("heading 'Credit note D-2'", "Type 'avoir'", '"credit_note": true'),
    or ''; a Note speaking of one ('amount corrected to 350 EUR (credit note CN-2)', 'client asked for a credit note,
    refused') is about a credit note, and the invoice it is in is none."""
    return next(iter([f"heading '{record.title}'"] * bool(CREDIT.search(record.title)) + [
        f"{k} '{v}'" for k, v in record.fields.items() if set(words(k.lower())) & KIND_KEYS and CREDIT.search(v) or
        CREDIT.fullmatch(k.strip()) and v.strip().lower() in YES]), "")


def _credited(record: Record) -> str:
    """The line of a record that is no credit note but speaks of one ("Note: un avoir AV-3 de 100 € a été émis"), or
    '': its amount may not stand as written. A line an amount was joined to is named by that line itself."""
    said = [(k, v) for k, v in record.fields.items() if CREDIT.search(v) and not _party(k)]
    own = [(k, v) for k, v in said if not any(f"({o}: " in v for o, _ in said if o != k)]
    return next((f"{k}: {v}" for k, v in own or said), "") if said and not _credit(record) else ""


def _uncredited(record: Record) -> Record:
    """`record` without its lines speaking of a credit note: whether they alone make its status unreadable."""
    return replace(record, fields={k: v for k, v in record.fields.items() if not CREDIT.search(v) or _party(k)})


def _credited_note(record: Record) -> str:
    """Why a record a line of which speaks of a credit note is not counted."""
    return (f"{record.file} says '{_credited(record)}', which speaks of a credit note, so I cannot tell whether its amount "
            "stands as written; it is not counted.")


def _party(key: str) -> bool:
    """Whether the field names a party ('Client: Credit Union Bank'), whose name says nothing of the record's kind."""
    return bool(set(words(key.lower())) & {"client", "customer", "company", "name", "vendor", "supplier", "payer", "from",
                                           "to", "bank", "société", "nom", "fournisseur", "banque", "entreprise"})


def _canonical(word: str) -> str:
    """A word's stem, one for synonyms: 'customers' and 'client' give 'client'."""
    return stem(SYNONYMS.get(stem(word), SYNONYMS.get(word, word)))


def _field_words(records: list[Record]) -> set[str]:
    """The canonical words of the records' field names and kinds: 'fee' of 'Fee: 40 EUR', 'rental' of 'Rental 1'. A task
    word among them names the field or the records, not a value of another field that holds it."""
    titles = [re.sub(r"\S*\d\S*", " ", r.title) for r in records if re.search(r"\d", r.title)]
    return {_canonical(w) for text in [*(k for r in records for k in r.fields), *titles] for w in words(text)}


def _value(record: Record, key: str) -> str | None:
    """The value a task can name: the record's number, an amount's currency ('1 250 €' -> 'EUR'), a field's text."""
    found = key != NUMBER and money(record.fields.get(key, ""))
    return record.number if key == NUMBER else found[1] if found else first_given(record, key) if key in record.fields \
        else None  # 'medium' of 'medium (Remark: priority is now high)': selected, then set aside by `_choose` for the line
    # that changes it


SIDES = {"to": "to into towards vers pour for bound arrive arrives arriving arrival arrivée destination go goes going",
         "from": "from leave leaves leaving depart departs departing departure départ origin depuis",
         "home": "home domicile", "away": "away extérieur"}  # a field of one side of a trip or a match


def _side(key: str) -> str | None:
    """The side a field's name gives ('From', 'Destination', 'Away'), or None."""
    return next((side for side, said in SIDES.items() if set(words(key.lower())) & {side, *said.split()}), None)


def _side_of(task: str, word: str) -> str | None:
    """The side the task gives a value ('to Lyon', 'Lions away'): the nearest side word, after it first, else None."""
    found = re.search(rf"((?:[^\W\d_]+\s+){{0,3}}){re.escape(word)}((?:\s+[^\W\d_]+){{0,2}})", task, re.I)
    near = [*words(found[2].lower()), *reversed(words(found[1].lower()))] if found else []
    return next((side for w in near for side, said in SIDES.items() if w in said.split() and (
        side in ("home", "away") or w not in words(found[2].lower()))), None)


def _field_before(task: str, used: set[str], keys: list[str]) -> str | None:
    """The field the task names right before a value, or after it: 'Reports to' in 'who reports to Claire Dubois?',
    'Buyer' in 'where Nordic Oy is the buyer'."""
    spots = [m for w in used if (m := re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", task, re.I))]
    at = min((m.start() for m in spots), default=-1)
    after = task[max((m.end() for m in spots), default=0):].lower()
    if named := next((k for k in keys if re.match(rf"\s*(?:is|was|as)\s+(?:the\s+)?{re.escape(k.lower())}\b", after)), None):
        return named
    before = task[:at].rstrip(" :='\"").lower() if at > 0 else ""
    spaced = {k: r"\s+".join(re.escape(w[:-1]) + "s?" if w.endswith("s") and len(w) > 3 else re.escape(w)
                             for w in k.lower().split()) for k in keys}  # 'report to' names 'Reports to'
    return next((k for k in sorted(keys, key=len, reverse=True) if len(k) > 2 and re.search(rf"\b{spaced[k]}$", before)
                 and not re.search(rf"\b(?:which|what|whose|quel\w*)\s+{spaced[k]}$", before)), None)  # 'which team
    # is X in?' asks for the field


def _spelt(value) -> tuple[str, ...]:
    """A value's words in order: 'Storm-Warning' and 'storm warning' are one value written two ways ('storm warnings'
    maybe another: 'customs' is no 'custom'; 'Atlas Freight' is another client than 'Freight Atlas')."""
    return tuple(words(str(value)))


def _loose(value) -> frozenset[str]:
    """A value's words without a plural ending: 'storm watches' and 'storm watch', 'customs' and 'custom'."""
    return frozenset(re.sub(r"(?<=[^s])s$", "", re.sub(r"(ch|sh|ss|x)es$", r"\1", w)) for w in words(str(value)))


SPENT = r"[€$£]\s*{0}(?![\w.,])|(?<![\w.,-]){0}\s*(?:[€$£]|(?:eur|euros?|usd|dollars?|gbp|chf)\b)"  # '80 EUR', '€80'


def _named(task: str, records: list[Record], status_key: str | None) -> dict[str, tuple[set[str], bool]] | str:
    """Per field: the values the task names (the best-matching ones) and False if it negates them."""
    spelt = {r.number.casefold(): r.number for r in records}
    ids = [spelt.get(i.casefold(), i) for i in re.findall(r"(?<![\d.])[\w-]*\d[\w-]*(?![\w-]|\.\d)", task)]  # "inv-102" is INV-102; not "0.5k"
    said = [(w, keep) for w, keep in polarity(task) if w in set(content_words(task)) and w not in words(" ".join(
            ids + file_names(task)))  # 'Read c.txt': its 'txt' names no value ('delete a.txt' in a planted note)
            and stem(w) not in SURVEY_WORDS and w not in PAYING and not any(c.isdigit() for c in w)]
    said = [(w[:-1] if re.fullmatch(r"\w+ée?s", w) else w, keep) for w, keep in said]  # 'annulées': the 'annulée' of a record
    kinds = {m[1].lower() for i in ids for m in re.finditer(rf"\b([^\W\d_]+)\s+(?:n[°o]\.?\s*|#\s*)?{re.escape(i)}(?![\w-])", task)}
    said = [(w, keep) for w, keep in said if w.lower() not in kinds]  # 'show loan 4': the kind of record, not 'Status: on loan'
    named: dict[str, tuple[set[str], bool]] = {}
    placed: set[str] = set()
    sided: dict[str, set[str]] = {}  # the words each field's values took: one word names one field's value
    claimed: dict[str, set[str]] = {}  # values the task gives a field it names before them ('reports to X')
    keys = list(dict.fromkeys(k for r in records for k in r.fields))
    read = ASIDE | set(words(" ".join(m[0] for m in TO_BE_PAID.finditer(task))))  # 'waiting for payment': unpaid
    if ids and (span := RANGE.search(task)):  # '2026-001 to 2026-003' takes in 2026-002 too
        return f"I cannot take a range of numbers ('{span.group()}'): I select only the numbers the task names"
    if spent := next((m for i in ids if (m := re.search(SPENT.format(re.escape(i)), task, re.I))), None) or re.search(
            SPENT.format(r"\d+[.,]\d+"), task, re.I):  # '80 EUR', '140.50 EUR', '140,50 €'
        return (f"'{spent[0]}' is an amount, not a record's number, and I select records by an amount only over or "
                f"under one ('over {spent[0]}')")  # 'Which invoice is for 80 EUR?' is no invoice number 80
    if ids:
        if counted := next((m for i in ids if (m := re.search(rf"(?<![\w-]){re.escape(i)}\s+(?:[\w-]+\s+){{0,2}}(?:invoices|bills|"
                                                             r"records|factures|fiches|files|fichiers|days|jours|entries|"
                                                             r"documents|logs|reports)\b", task, re.I))), None):
            return UNRELATED.format(f"'{counted[0]}'")  # 'the 3 unpaid invoices', 'which 2 days' count them, name none
        if unknown := [i for i in ids if i not in {r.number for r in records}]:
            return f"I could not find {joined(unknown)} among the numbers of the records read" + (
                ", and I select records by the number their text gives, not by file name" * bool(
                    re.search(rf"{re.escape(unknown[0])}\.[^\W\d_]+\b", task)))  # 'day-03.txt' holds Day: 3
        named[NUMBER] = (set(ids), True)
    priced = money_keys(records)  # an amount it cannot read ('1.5k EUR') names no currency: it is unclassified
    field_words = _field_words(records)
    fielded = {w for w, _ in said if _canonical(w) in field_words}  # 'their fee', 'the client': a field, not a value
    for key in dict.fromkeys(k for r in records for k in r.fields):
        values = {_value(r, key) for r in records if key in r.fields and (key not in priced or money(r.fields[key]))}
        if {str(v).lower() for v in values} <= YES | NO and not re.search(rf"\b{re.escape(key)}\b", task, re.I):
            continue  # 'where Approved is yes' names no value of Reimbursed: yes/no
        named_by = {v: [w for w in words(f"{v} {currency_words(v)}") if w not in fielded or set(content_words(str(v))) <= {
            w for w, _ in said}] if len(str(v).split()) <= 6 else [] for v in values}  # 'EUR' is named by 'euros' too; a
        # note in sentences ('invoices over 900 EUR are reviewed …') is no value to select; nor is 'fee waived by the
        # board' by the 'fee' of 'who has not paid their fee?', a word naming the field Fee
        unit = {w for w, _ in said if any(re.search(rf"\d\s*{re.escape(w)}\b", str(v), re.I) for v in values)}  # 'kg'
        scores = {v: [keep for w, keep in said if w in named_by[v] and w not in unit] for v in values}  # '10 cm': no value
        best = max((len(v) for v in scores.values()), default=0)
        found = [w for w, _ in said if w not in read | unit and any(scores[v] and w in named_by[v] for v in values)]
        if found and key == status_key:  # 'partially paid' beside 'Paid: Partially': a value it cannot select on
            return (f"I read {key} only as paid or unpaid, so I cannot select records on "
                    f"{joined([repr(w) for w in dict.fromkeys(found)])}; I give no list and no total")
        other = {stem(x) for r in records for k in r.fields if k != key for x in words(k)}
        if best == 0 or key == status_key or WHEN.search(task) and {stem(w) for w in found} & other:
            continue  # 'when was D-504 shipped?' asks its 'Shipped: 2026-10-01', not for a 'Status: shipped'
        if (side := _side(key)) and {_side_of(task, w) for w in found} - {None, side}:
            continue  # 'trains to Lyon' names no 'From: Lyon'
        hits = {value: keeps for value, keeps in scores.items() if len(keeps) == best}
        whole = [v for v in hits if re.search(rf"(?<![\w-]){re.escape(str(v))}(?![\w-])", task, re.I)]
        hits = {v: k for v, k in hits.items() if _spelt(v) == _spelt(whole[0])} if len(hits) > 1 and len(whole) == 1 and not any(
            set(words(str(v))) & NEGATORS for v in hits) else hits  # 'shelf A', not 'shelf B'; 'not shipped' asks more
        hits |= {v: next(iter(hits.values())) for v in values if v not in hits and hits and any(
            _spelt(v) == _spelt(h) for h in hits)}  # 'storm warnings', 'storm-warning': the 'storm warning' asked
        used = {w for value in hits for w in named_by[value]}
        if (field := _field_before(task, used, keys)) and field != key and {r.fields.get(field) for r in records} & {
                r.fields.get(key) for r in records}:  # 'reports to Claire Dubois', a Name too: not her Name
            claimed.setdefault(field, set(hits))
            continue
        verb = re.search(r"\bwho\s+(?!(?:is|are|was|were|has|have|had|do|does|did|can|will|would)\b)([^\W\d_]+(?:\s+"
                         r"(?:to|for|with|by|under))?)", task, re.I)  # 'who reports to X': X the object, not the subject
        if not field and verb and set(words(key.lower())) & {"name", "person", "employee", "member", "staff"} and not {
                stem(w) for k in keys for w in words(k)} & {stem(verb[1].split()[0].lower())}:  # 'who mentors X': X's Mentor
            return (f"{joined(sorted(hits))} is a {key} of the records, and no field the task names says who {verb[1]} "
                    "them; name the field")  # 'who reports to Dev Patel?': not Dev Patel's own record
        if twice := next((k for k in sided if sided[k] & used and (not side or _side(k) != side)), None):  # 'Lions'
            # of Home and Away, 'Ana Lopez' a Name and a Manager
            both = sorted(sided[twice] & used)
            return (f"{joined([repr(w) for w in both])} {'names values' if len(both) > 1 else 'is a value'} of both {twice} "
                    f"and {key}, and the task does not say which; " + (f"say '{_side(twice)}' or '{side}'" if side and _side(twice)
                                                             else f"name the field, e.g. '{key} {sorted(hits)[0]}'"))
        sided[key] = used
        named_words = {w for w, _ in said}
        partial = [v for v in hits if not set(content_words(v)) | set(words(v)) & NEGATORS <= named_words and not any(
            _spelt(v) == _spelt(h) for h in hits if h != v)]  # 'not shipped'; 'storm warnings' is the 'storm warning' named
        if len(hits) > 1 and partial:  # 'Pivert' for Garage Pivert and Pivert & Fils: which one is not said
            return (f"{joined([repr(w) for w in dict.fromkeys(w for w, _ in said if w in used)])} names more than one "
                    f"{key} ({joined(sorted(hits))}); I cannot tell which one the task means; name one in full")
        joined_by = re.search(r"\b(?:or|ou)\b", task, re.I)  # 'a storm warning or an avalanche warning': not the one
        if joined_by and len(hits) == 1 and all(used & set(words(side)) for side in (task[:joined_by.start()], task[joined_by.end():])):
            return (f"I cannot combine values of {key} with '{joined_by[0]}': every value I select on must hold at "
                    "once, so I give no list and no total")  # record that has both
        aside = [w for w, _ in said if w not in used and any(w in named_by[v] for v in values)]
        if aside:  # 'Élan Vélo or Poterie Saint-Émile': a second value of the field is not a filter of the first
            return (f"the task names more than one {key} ({joined(sorted(hits))} and the one with "
                    f"{joined([repr(w) for w in dict.fromkeys(aside)])}); I answer about one {key} at a time")
        others = {_value(r, key) for r in records if r.fields.get(key) and money(r.fields[key]) and all(
            (_value(r, k) in values) == keep for k, (values, keep) in named.items())} - set(hits)  # Harbor Tech's: USD
        if key in priced and others and not re.search(
                r"\b(?:only|uniquement|seulement)\b|\b(?:eur|euros?|usd|dollars?|gbp|pounds?)\s+(?:invoices|bills|records|ones)\b",
                task, re.I) and re.search(rf"{TOTAL_ASKED.pattern}|\bowe|\bowing\b|\bhow much\b|\bcombien\b|\bdoi[st]?\b|\bdoivent\b",
                                          task, re.I):
            return (f"I cannot tell whether the task asks to leave out the amounts in {joined(sorted(others))}"
                    f" or to convert them into {joined(sorted(hits))}, and I convert no currency; I give no list and no total")
        polarities = {k for keeps in hits.values() for k in keeps}
        if len(hits) == len(scores) == 1 and polarities == {True} and all(key in r.fields for r in records):
            continue  # every record has it ('in EUR' when all are in EUR): it selects nothing; not 'Note: free sample'
        if len(polarities) > 1:  # 'not from Alpha or Beta': the negation may take in both, or only the first
            spot = [w for w, keep in said if w in used]
            span = re.search(rf"\b{re.escape(spot[0])}\b.*\b{re.escape(spot[-1])}\b", task, re.IGNORECASE)
            return (f"I could not tell which records '{span[0]}' leaves out; I give no list and no total"
                    if next(keep for w, keep in said if w in used) is False else f"the task both names and negates values of {key}")
        named[key] = (set(hits), polarities.pop())
        placed |= used
    for field, values in claimed.items():  # 'who reports to Tom Reyes?', Tom only a Name: no one, not Tom's record
        if field not in named:
            named[field] = (values, True)
            placed |= {w for v in values for w in words(v)}
    if left := [w for w, keep in said if not keep and w not in placed]:  # 'which have no due date': no value says it
        return f"I could not tell which records '{joined(left)}' leaves out; I give no list and no total"
    written = {w for r in records for k, v in r.fields.items() if k != status_key for w in words(v)}
    if near := [w for w, _ in said if w not in written and stem(w) in {stem(x) for x in written} - RECORD_WORDS]:
        return (f"I could not tell which records {joined([repr(w) for w in near])} names: no value of the records "
                "is written that way; I give no list and no total")  # 'the studios' beside 'Studio Malo', 'Studio Kelp'
    return named
