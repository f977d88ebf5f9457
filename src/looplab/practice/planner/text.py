"""Word helpers the skills share: tokens, light stems, stopwords, clauses, negation, quoted values, file names."""

from __future__ import annotations

import json
import re
import unicodedata
from functools import lru_cache

STOPWORDS = frozenset("""a about above after again all also am an and any are as at be been before being
    between both but by can could did do does doing done each few for from further get
    give had has have having he her here hers him his how i if in into is it its just
    know let me more most my no nor not now of off on once only or other our ours out
    over own please same say says she should so some such tell than that the their
    theirs them then there these they this those through to too under until up very
    was we were what when where which while who whom why will with would you your
    yours us ok okay find show list look lookup read want need like much many
    le la les un une des du de et est sont que qui quel quelle quels quelles dans sur svp stp faut qu
    pour par avec ce cette ces mes nos notre votre vos il elle ils elles je tu nous
    vous moi en au aux ou où comment combien quand pourquoi ne pas non leur leurs s'il te plaît
    euh um uh erm hum ça cela ceci must""".split())  # fillers say nothing
FRENCH = frozenset("le la les des du est sont quel quelle quels quelles dans pour avec combien quand leur qui euh plutôt pardon "
                   "un une sur fait calcule cherche comment que aux au en disent dit doit doivent peut et à trouve "
                   "donne écris envoie font moins fois il elle ils elles ce cette ces ne pas ont lequel laquelle quoi "
                   "où divisé multiplié bonjour salut merci plaît svp stp échéance de je tu nous vous moi sauf dois faut supprime "
                   "supprimer efface envoyer météo meteo prévisions température temps sa ses ma mes notre nos votre vos mon comme veut "
                   "convertis traduis ajoute marque liste commande affiche montre lis ouvre retire annule pourquoi sans d qu parle "
                   "parlent l dossier dossiers fichier fichiers partent enregistre enregistrer sauvegarde mets ferme puis par appelle appelez "
                   "divise multiplie soustrais additionne recherche recherchez utilise utilisez cherchez résume facture factures "
                   "restant non oui dire voulais veux voulez voudrais plutôt ensuite ainsi aussi ou pardon encore recommence recommencez "
                   "refais refaites essaie essayez vraiment justifie explique toi demain hier montant somme totale seulement uniquement "
                   "maintenant nombre celles celle ceux celui".split())  # d', qu', l': 'Combien d'articles parlent d'abeilles ?'
ENGLISH = frozenset("the is are was what which how much many does do of in and to for with from by this that it who".split())
NEGATORS = frozenset("not no never non pas nor neither without ne nobody".split())
CONJUNCTIONS = frozenset("and but or then et mais ou".split())
SCOPE_SKIP = frozenset("yet been be being fully already still ever have has had was were are is "
                       "the a an all any by them it they those these ones from for of to in at with été encore toujours "
                       "de du des la le les par pour sont est était étaient en".split())  # 'ne sont pas en alerte'
CLAUSES = re.compile(r"\?|;|\n|,\s*(?:and|et|then)\b|\band\b(?!\s\d)|(?<!\d\s)\band\b|\bet\b(?!\s\d)|(?<!\d\s)\bet\b|\balso\b|\bthen\b|,(?!\d)",
                     re.IGNORECASE)  # '3,5', '2 and 3' and '2 et 3' stay whole

DAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
MONTHS = "january february march april may june july august september october november december".split()
CALENDAR = {*DAYS, *(day + "s" for day in DAYS), *MONTHS}

# Words that name the collection a question is asked over, not its subject.
CORPUS_WORDS = frozenset("article articles document documents doc docs file files note notes".split())

_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))
_LOOKALIKE = str.maketrans("аеорсхуіѕјԁАВЕКМНОРСТХІЅЈοαιΟΑΕΙΚΜΝΡΤΧ",
                           "aeopcxyisjdABEKMHOPCTXISJoaiOAEIKMNPTX")


def fold(text: str) -> str:
    """Text with NFKC forms, zero-width characters removed and look-alike letters mapped to Latin."""
    return unicodedata.normalize("NFKC", text).translate(_ZERO_WIDTH).translate(_LOOKALIKE)


ASKING_FR = re.compile(r"\W*(?:quand|combien|quel(?:le)?s?|où|pourquoi|comment|qui|que|qu['’]|lequel|laquelle)\b", re.I)


QUOTED = re.compile(r"(?<!\w)'(?:[^'\n]|(?<=\w)'(?=\w))+'(?!\w)|\"[^\"\n]+\"|‘[^’\n]+’|“[^”\n]+”|«[^»\n]+»")


def unquote(text: str) -> str:
    """`text` with its quoted values blanked, each character a space: positions hold ("body 'Correction: …'")."""
    return QUOTED.sub(lambda m: " " * len(m[0]), text)


def french(text: str) -> bool:
    """True when French little words outnumber English ones: at least two, or one in at most three words."""
    for name in file_names(text):  # not counted: 'Que contient notes.txt ?' is three French words, not five
        text = text.replace(name, " ")
    unquoted = unquote(text)
    text = unquoted if len(words(unquoted)) > 2 else text  # "… body 'Merci de régler la facture'" is not asked in French
    found = [w for w in words(text) if not w.isdigit()]
    accented = {w for w in words(re.sub(r"(?<=[\w,;:] )[A-ZÀ-ÖØ-Þ][^\W\d_]*", " ", text)) if re.search("[éèêëàâùûçôîïœ]", w)}
    hits = sum(w in FRENCH or w in accented for w in found)  # 'payé', 'réglées'; not a name ('Is Crêperie Noël's ...')
    english = sum(w in ENGLISH for w in found)
    unnamed = re.findall(r"(?<![\w'’-])[a-zß-öø-ÿœ]+(?![\w'’-])", text)  # as written in lower case: 'pour' of 'Total pour Atelier
    # Vigne.', not 'Le' of 'Le Havre weather please'
    return hits > english and (hits >= 2 or len(found) <= 3 or not english and bool(
        ASKING_FR.match(text) or re.search(r"\w[\s\u00a0\u202f][?!;:]", text) or set(unnamed) & FRENCH))  # 'Total TTC
    # de Garage Petit ?': a space before '?'


ASKED_EN = frozenset("why how what when where who which really sure please thanks thank sorry great weather next again "
                     "invoice invoices unpaid paid largest smallest forecast temperature".split())  # 'Unpaid invoices please' after French turns


def speaks_french(task: str, earlier: str = "") -> bool:
    """`french(task)`, or for a task with no little word of either language ('Recommence.', 'Ok.'), `french(earlier)`."""
    bare = not any(w in FRENCH or w in ENGLISH or w in ASKED_EN for w in words(task))  # 'why?' is English
    return french(task) or bare and bool(earlier) and french(earlier)


def words(text: str) -> list[str]:
    """Lowercase word tokens; `search_docs` and `searchDocs` give ['search', 'docs']."""
    return list(_words(text))


@lru_cache(maxsize=8192)  # the same task and results are split again by every skill, every turn
def _words(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"[^\W_]+", re.sub(r"(?<=[a-z])(?=[A-Z][a-z])", " ", text).lower()))


@lru_cache(maxsize=4096)  # documents are re-scored every turn: remember the stems
def stem(word: str) -> str:
    """A light stem so that plural and singular match: 'pumps' -> 'pump', 'climates' -> 'climate'."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


IRREGULAR = dict(pair.split(":") for pair in """left:leave built:build made:make began:begin went:go ran:run
took:take brought:bring bought:buy kept:keep found:find wrote:write written:write fell:fall grew:grow rose:rise
sold:sell paid:pay won:win held:hold froze:freeze swam:swim died:die children:child
women:woman men:man people:person teeth:tooth feet:foot mice:mouse""".split())


NOUNS_IN_ING = {"parking", "evening"}  # not the park, not 'even': 'What are the parking hours?'


@lru_cache(maxsize=8192)
def root(word: str) -> str:
    """`stem` that also drops '-ing', '-ed', a final 'e' and irregular past forms: 'kept', 'keeping' -> 'keep'."""
    word = stem(IRREGULAR.get(word, word))
    if word in NOUNS_IN_ING:
        return word
    if len(word) > 5 and word.endswith("ing") or len(word) > 4 and word.endswith("ed"):
        word = word[:-3] if word.endswith("ing") else word[:-2]
        word = word[:-1] if re.search(r"([bgmnpt])\1$", word) else word  # 'swimming', 'stopped': 'swim', 'stop'
    word = word[:-1] if len(word) > 3 and word.endswith("e") else word  # a noun made from a verb, its verb's root:
    return re.sub(r"^(\w{3,}(?:[tx]|[^s]s))ion$|^(\w{4,})ist$|^(\w{4,}er)y$", r"\1\2\3", word)  # 'infusion', 'cyclist'


@lru_cache(maxsize=4096)  # documents and their sentences come back every turn
def roots(text: str) -> frozenset[str]:
    """The set of `root`s of the words of `text`."""
    return frozenset(root(w) for w in words(text))


@lru_cache(maxsize=4096)
def stems(text: str) -> tuple[str, ...]:
    """The stems of the words of `text`, in order, without repeats."""
    return tuple(dict.fromkeys(stem(w) for w in words(text)))


def uncontracted(text: str) -> str:
    """`text` with "n't" written " not": "don't" -> "do not", "haven't" -> "have not"."""
    return re.sub(r"n['’]t\b", " not", text)


@lru_cache(maxsize=2048)
def content_words(text: str) -> tuple[str, ...]:
    """The words of `text` that carry meaning: no stopwords, no words about the collection."""
    kept = [w for w in words(uncontracted(text)) if w not in STOPWORDS and w not in CORPUS_WORDS and len(w) > 1]
    return tuple(dict.fromkeys(kept))


OPERATED = re.compile(r"(?<![\w.,/-])\d+(?:[.,]\d+)?\s*(?:[-+*/×÷^%x]|plus|minus|times|fois|moins|(?:divided|multiplied|divisé|multiplié) (?:by|par))\s*"
                      r"\(?\s*-?\d+(?:[.,]\d+)?\s*\)?$", re.IGNORECASE)  # '2 + 3' before 'and 4 * 5': two sums (not '2027-01-04')


def clauses(text: str) -> list[str]:
    """The parts of a task split at ? ; , 'and' 'also' and line ends, without empty ones ('2 and 3', '2 et 3' whole,
    unless an operation ends before: '2 + 3 and 4 * 5')."""
    text = re.sub(r"(?<=\d)\s+(?:and|et)\s+(?=\d)", lambda m: " ; " if OPERATED.search(m.string[:m.start()]) else m[0],
                  text, flags=re.IGNORECASE)
    return [part for c in CLAUSES.split(text) if (part := c.strip(" .!:\t"))]


@lru_cache(maxsize=2048)
def polarity(text: str) -> tuple[tuple[str, bool], ...]:
    """Each word of `text` (lowercase), False when negated: 'haven't been paid' gives ('paid', False), 'unpaid'
    ('unpaid', True). A negation skips little words ('been') to the next word or name ('not from Studio Malo')."""
    text = re.sub(r"\b(?:no longer|not yet)\b", "not", uncontracted(TAG.sub("?", text)), flags=re.IGNORECASE)
    found, armed, name = [], False, False
    for token in re.findall(r"[^\W_]+|[.,;:?!]", text):
        word = token.lower()
        if not token[0].isalnum() or word in CONJUNCTIONS or word in NEGATORS:
            armed, name = word in NEGATORS, False  # a negator opens a scope; a stop or a conjunction closes it
        elif name and token[0].isupper():
            found.append((word, False))  # the rest of a negated name
        elif armed and word in SCOPE_SKIP:
            found.append((word, True))  # 'not been paid': a little word passes the negation on
        else:
            found.append((word, not armed))
            name, armed = armed and token[0].isupper(), False
    return tuple(found)


TAG = re.compile(r"\s*,\s*(?:n['’]est-ce pas|pas vrai|non|right|hein|(?:is|are|was|were|do|does|did|has|have|can|will)n['’]t (?:it|he|she|"
                 r"they|that|there|you|we)|is that (?:right|so|correct))\s*\?\s*$", re.I)  # '…, doesn't it?' asks, negates nothing
EXCLUDING = re.compile(r"\b(?:except|excluding|exclude|other than|apart from|besides|sauf|hormis|hors|excepté\w*|à part|"
                       r"autres? que|without|sans|en dehors d(?:e|u|es|')|à l'exception d(?:e|u|es|')|mis à part|exclu(?:ant|e|es|s)?|"
                       r"leaving out|leave out|"
                       r"ignoring|ignore|(?:do not|don't|not|without) count(?:ing)?)\b", re.IGNORECASE)


def negated(text: str) -> list[str]:
    """The words `text` negates or excludes ('not paid' -> ['paid'], 'except ai' -> ['except'])."""
    found = [w for w, keep in polarity(text) if not keep and w not in SCOPE_SKIP]
    return found + [m.group().lower() for m in EXCLUDING.finditer(text)]


def quoted(text: str) -> list[str]:
    """The values written in quotes in `text`: 'x', "x", ‘x’ or “x”."""
    found = re.findall(r"(?<!\w)'((?:[^'\n]|(?<=\w)'(?=\w))+)'(?!\w)|\"([^\"\n]+)\"|‘([^’\n]+)’|“([^”\n]+)”", text)  # 'L'Étranger'
    return [next(g for g in groups if g) for groups in found]


def file_names(text: str) -> list[str]:
    """The file names mentioned in `text` (`word.ext`), in order, without repeats."""
    names = re.findall(r"(?<![\w@/.-])(?:[\w.-]+/)*[\w][\w.-]*\.[A-Za-z][A-Za-z0-9]{0,4}\b(?![@\w])", text)
    return list(dict.fromkeys(n for n in names if not re.fullmatch(r"[\d.]+", n)))


@lru_cache(maxsize=512)
def sentences(text: str) -> tuple[str, ...]:
    """The sentences of a document's prose: headings and HTML comments dropped, paragraphs split after . ! or ?."""
    found = []
    for paragraph in re.split(r"\n\s*\n", text):
        prose = " ".join(line for ln in paragraph.splitlines() if (line := ln.strip()) and not line.startswith("#")
                         and not re.fullmatch(r"<!--.*-->", line))  # a comment is not shown to a reader
        found += [s.strip() for s in re.split(r"(?<=[.!?])(?<!\bM\.)(?<!\bMM\.)(?<!\bMr\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\bMrs\.)"
                                              r"(?<!\bMme\.)\s+(?=[A-ZÀ-Ý0-9\"'(«])", prose) if s.strip()]  # not after 'M. Petit'
    return tuple(found)


def sentence_case(text: str) -> str:
    """`text` with a capital first letter and a final full stop."""
    text = text.strip()
    end = "" if not text or text[-1] in ".!?" else "."
    return text[:1].upper() + text[1:] + end


def one_line(text: str) -> str:
    """`text` with every run of white space, line ends included, made one space."""
    return " ".join(text.split())


def unaccented(text: str) -> str:
    """Text without its accents: 'Café' -> 'Cafe'."""
    return unicodedata.normalize("NFD", text).encode("ascii", "ignore").decode()


def clip(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, with '…' where it was cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@lru_cache(maxsize=2048)
def terms(text: str) -> frozenset[str]:
    """The stems of the words of `text` that carry meaning: stemming with the stopwords left out."""
    return frozenset(stem(w) for w in content_words(text))


def json_value(text: str):
    """The JSON value of a text that is a JSON object, array or string, else None."""
    try:
        return json.loads(text) if text.lstrip()[:1] in ('{', '[', '"') else None
    except ValueError:
        return None


def first_value(given: dict, default: str = "") -> str:
    """The first input value of a call, as text: the folder listed, the file or document read, the key."""
    return str(next(iter(given.values()), default)) if given else default


def readable(text: str) -> str:
    """A tool result on one line; a JSON object becomes 'key: value; key: value'."""
    try:
        value = json.loads(text)
    except ValueError:
        value = text
    if isinstance(value, str):
        return one_line(value)
    if not isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    return "; ".join(f"{k}: {', '.join(map(str, v)) if isinstance(v, list) else v}" for k, v in value.items())


def says(text: str, word: str) -> re.Match | None:
    """Where `text` writes `word` whole (any case; 'notes' is not in 'notes-de-frais')."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE)


def as_written(text: str, word: str) -> str:
    """`word` as `text` writes it, for a reply that names it: 'paris' -> 'Paris'."""
    found = says(text, word)
    return found[0] if found else word


def joined(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
