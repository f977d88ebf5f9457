"""Skill: call one matching tool per task clause, in one turn; then state each result and each unserved clause."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from ..view import OfferedTool, View
from ._tools import (
    DENIED,
    about_words,
    absent,
    answer,
    cannot_plan,
    doubted,
    entry_names,
    keyed_by_another,
    names_key,
    pick,
    said,
    tool_label,
    unplanted,
    use,
)
from .fill import (
    CONVERSIONS,
    EMAIL,
    NO_PLACE,
    OPERANDS,
    PLACE_WORDS,
    SCALES_LEFT,
    _place,
    binary,
    conversion,
    expression,
    fill_input,
    labels,
    place,
    scales,
    spoken,
    unit_side,
)
from .interpret import numbers_as_written, units
from .plain import SHORT_INTRODUCTION, THANKS, WHO, example
from .text import (
    NEGATORS,
    STOPWORDS,
    as_written,
    clauses,
    content_words,
    file_names,
    first_value,
    french,
    joined,
    json_value,
    quoted,
    readable,
    root,
    says,
    sentence_case,
    speaks_french,
    stem,
    stems,
    uncontracted,
    unquote,
    words,
)

CALC = set("calc calculator calculate arithmetic math expression evaluate compute calcule calculer calculez".split())
WEATHER = ("weather temperature rain raining rainy sunny degree degré hot cold warm cloudy météo temps température "
           "warmer colder hotter cooler chaud chaude froid froide pleut pluie beau soleil ensoleillé brouillard gèle gel "
           "neige nuageux vent orage fog foggy snow snowing windy storm freezing")  # 'Fait-il beau à Marseille ?'
RELATED = [set(stems(WEATHER)), set(stems("time clock hour date today")), set(stems("delete remove erase supprime efface")),
           set(stems("send envoie")), set(stems("file fichier")), set(stems("doc docs document")),
           set(stems("email mail courriel")), set(stems("convert converti convertir convertissez"))]  # a task's word counts as all its group's
ASKS_NOTHING = STOPWORDS | set("""return tool value string result input current simulated compare check right currently
today fait s merci thanks thank call use plus peux pouvez dis dites donne donnez pls plz hi hello hey bonjour salut
bonsoir coucou cheer advance avance d appreciated go ahead pourrais pourriez donner aimerais voudrais connaître savoir
dire cheers thx font valent vaut lequel laquelle ville maintenant actuellement appelle appelez utilise utilisez aujourd hui aujourd'hui moment""".split())  # 's': "s'il te plaît"; "d'avance"
SPOKEN = set("""times plus minus multiplied divided power add sum subtract fois moins divisé font percent cent multiply
divide product produit somme multiplie multiplier multipliez divise diviser divisez multiplié additionne additionner""".split())  # as fill.spoken reads them
THAN = r"(?<!\bother )(?<!\brather )\bthan\b|(?<!\bautre )(?<!\bplutôt )\bqu(?:e\b|['’](?!(?:ils?|elles?|on)\b(?!\s+n['’e])))"  # not 'other than', 'qu'il fait'
WHICH_OF = (r"^\W*(?:which|where|lequel|laquelle|quel|quelle|où)\b[^.?!;]*?\b(\w+er|plus \w+)\b"
            r"(?:\s+(?:right\s+)?now|\s+today|\s+currently)?\s*[,:]?\s*(?:in\s+|à\s+)?((?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*))\s+(?:or|ou)\s+(?:in\s+|à\s+)?"
            r"((?-i:[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*))\s*[?.!]*\s*$")  # 'Which is colder, Lyon or Berlin?': both weighed
PLACE = r"(?-i:[A-ZÀ-Ý][\w'’-]*(?:\s+[A-ZÀ-Ý][\w'’-]*)*)"
EITHER = [re.compile(rf"^\W*is\s+(?P<a>{PLACE})\s+or\s+(?P<b>{PLACE})\s+(?P<w>\w+er)(?P<rest>\s*(?:(?:right\s+)?now|"
                     rf"today)?\s*[?.!]*)$", re.I),
          re.compile(rf"^\W*(?:est-ce qu['’]il fait|fait-il|il fait)\s+(?P<w>(?:plus|moins)\s+\w+)\s+à\s+(?P<a>{PLACE})\s+ou\s+"
                     rf"(?:à\s+)?(?P<b>{PLACE})(?P<rest>\s*(?:aujourd['’]hui|maintenant)?\s*[?.!]*)$", re.I)]


SUBJECT = re.compile(rf"^\W*(?P<how>de combien(?: de degrés)?\s+)?(?:est-ce que\s+)?(?P<a>{PLACE})\s+(?:est-(?:elle|il)|est)\s+"
                     rf"(?P<w>(?:plus|moins)\s+(?:chaud|froid)e?)\s+qu(?:e\s+|['’]\s*)(?:à\s+)?(?P<b>{PLACE})(?P<rest>.*)$", re.I)
GAP = re.compile(r"[\s,;]+(?:and\s+)?by how (?:much|many degrees)(?=\W*$)|[\s,;]+et de combien(?: de degrés)?(?=\W*$)", re.I)
OPPOSITE = {"moins chaud": "plus froid", "moins froid": "plus chaud"}
NEAR = r"most|least|nearly|almost|about|roughly|approximately|around|just|exactly|presque|environ|près"  # not 'warmer'
AS_WARM = re.compile(r"(?<!\bnot )(?<!n't )(?<!\btwice )(?<!\bhalf )" + "".join(rf"(?<!\b{w} )" for w in NEAR.split("|")) +
                     r"\bas\s+(warm|hot|cold|cool)\s+as\b|(?<!\bpas )(?<!\bplus )(?<!\bmoins )(?<!\bpresque )(?<!\bprès )"
                     r"\baussi\s+(chaude?|froide?)\b", re.I)  # 'at most as warm as' is not 'warmer than'
AS_WARM_AS = {"warm": "warmer", "hot": "hotter", "cold": "colder", "cool": "cooler", "chaud": "plus chaud",
              "chaude": "plus chaude", "froid": "plus froid", "froide": "plus froide"}  # 'Yes' when it is warmer still
_T, _TF = r"(?:the\s+)?(?:temperature|temp)\s+(?:in|at|of|for)\s+", r"(?:la\s+)?température\s+(?:de|à|d['’])\s*"
OPERATED = [re.compile(p, re.I) for p in (  # an operation on two places' temperatures: the weather of each, then the operation
    rf"^\W*(?:(?:what(?:'s| is)|give me|tell me|compute|calculate)\s+)?{_T}(?P<a>{PLACE})\s+(?P<op>minus|plus)\s+"
    rf"(?:(?:the\s+)?(?:temperature|temp|one)\s+(?:in|at|of|for)\s+|that\s+(?:in|of)\s+)(?P<b>{PLACE})\W*$",
    rf"^\W*(?:what(?:'s| is)\s+)?(?:the\s+)?(?P<op>difference)\s+(?:in\s+temperature\s+)?between\s+(?:the\s+temperatures?\s+"
    rf"(?:in|of|at)\s+)?(?P<a>{PLACE})\s+and\s+(?:in\s+)?(?P<b>{PLACE})(?:\s+temperatures?)?\W*$",
    rf"^\W*(?:what(?:'s| is)\s+)?the\s+(?P<op>sum)\s+of\s+the\s+temperatures\s+(?:in|of|at)\s+(?P<a>{PLACE})\s+and\s+"
    rf"(?:in\s+)?(?P<b>{PLACE})\W*$",
    rf"^\W*(?:(?:quelle est|combien (?:font|fait)|calcule)\s+)?{_TF}(?P<a>{PLACE})\s+(?P<op>moins|plus)\s+"
    rf"(?:celle\s+(?:de|à|d['’])\s*|{_TF})(?P<b>{PLACE})\W*$",
    rf"^\W*(?:quel(?:le)? est\s+)?(?:l['’]|la\s+)?(?P<op>écart|différence)\s+de\s+température\s+entre\s+(?P<a>{PLACE})\s+et\s+"
    rf"(?:de\s+)?(?P<b>{PLACE})\W*$",
    rf"^\W*(?:quelle est\s+)?la\s+(?P<op>somme)\s+des\s+températures\s+(?:de|à|d['’])\s*(?P<a>{PLACE})\s+et\s+"
    rf"(?:de\s+|à\s+|d['’])?(?P<b>{PLACE})\W*$")]
SIGN = {"minus": "-", "moins": "-", "plus": "+", "sum": "+", "somme": "+", "difference": "gap", "différence": "gap", "écart": "gap"}


def _operated(task: str) -> tuple[str, str, str] | None:
    """('-', 'Marseille', 'Bordeaux') for 'What's the temperature in Marseille minus the temperature in Bordeaux?'."""
    found = next((m for pattern in OPERATED if (m := pattern.match(task.strip()))), None)
    return (SIGN[found["op"].lower()], found["a"], found["b"]) if found and re.search(r"\btemp", task, re.I) else None


def _glued(place: str, how: bool) -> bool:
    """True if a word before the town is no part of it: 'Aujourd'hui Lyon', 'Franchement Lyon', after 'de combien de
    degrés' any but an article or a saint's ('Réels Lyon'; not 'La Rochelle', 'Saint-Malo' is one word)."""
    first, *rest = place.split()
    return bool(rest) and (first.lower() in NO_PLACE | {"aujourd'hui", "maintenant", "environ", "actuellement"}
                           or first.lower().endswith("ment") or how and first.lower() not in {"la", "le", "les", "saint", "sainte", "st"})


def either(task: str) -> str:
    """'Is Lyon or Paris warmer?', 'Fait-il plus chaud à Lyon ou à Paris ?' as the question they ask: which of the two
    is warmer; 'Lyon est-elle plus chaude que Paris ?' as 'Fait-il plus chaud
    à Lyon qu'à Paris ?'; 'the temperature in Lyon minus the temperature in Paris' as the weather in each, the
    operation said after (needs). The gap ('and by how much?') is said with every comparison, so it is no part of its
    own."""
    task = re.sub(r"^(\W*)(?:il\s+fait\s+combien|combien\s+fait-il)(?=\s+(?:à|au|en)\s+[A-ZÀ-Ý])", r"\1Il fait combien de degrés",
                  task, flags=re.I)  # 'Il fait combien à Bordeaux ?' asks the temperature, no sum
    task = AS_WARM.sub(lambda m: AS_WARM_AS[(m[1] or m[2]).lower()] + " than" * bool(m[1]), task)  # at least as warm
    task = GAP.sub("", task) if WARMTH.search(task) else task
    if operated := _operated(task):  # the weather of each place is asked, and the operation said after
        return (f"Quel temps fait-il à {operated[1]} et à {operated[2]} ?" if french(task) else
                f"What's the weather in {operated[1]} and in {operated[2]}?")
    if (found := SUBJECT.match(task.strip())) and (not found["how"] or re.fullmatch(r"\W*", found["rest"])) and not (
            _glued(found["a"], bool(found["how"])) or re.search(r"\b(?:fahrenheit|celsius|centigrades?|kelvin|[cfk])\b",
                                                               found["a"] + " " + found["b"], re.I)):  # 'de degrés Fahrenheit Lyon'
        warmth = re.sub(r"e$", "", found["w"].lower())
        warmth = OPPOSITE.get(warmth, warmth)
        return (f"Où fait-il {warmth}, à {found['a']} ou à {found['b']} ?" if found["how"] else
                f"Fait-il {warmth} à {found['a']} qu'à {found['b']}{found['rest']}")
    found = next((m for pattern in EITHER if (m := pattern.match(task.strip()))), None)
    if not found or re.match(NOT_COMPARATIVE + r"\w", found["w"], re.I) is None:
        return task
    if found["w"].lower().startswith(("plus", "moins")):  # 'moins chaud' is asked as 'plus froid'
        warmth = OPPOSITE.get(found["w"].lower(), found["w"])
        return f"Où fait-il {warmth}, à {found['a']} ou à {found['b']} ?" if warmth.lower().startswith("plus") else task
    return f"Which is {found['w']}, {found['a']} or {found['b']}?"


NOT_COMPARATIVE = r"(?!(?:weather|other|rather|whether|either|neither|never|ever|water|under|over|after|number|order)\b)"
COMPARED = re.compile(rf"\b{NOT_COMPARATIVE}(\w+er|more \w+|less \w+)\b[^.?!;]*?(?:{THAN})|\b(plus [^\W\d]\w*)\b"
                      rf"[^.?!;]*?(?:{THAN})|\b(more|less|fewer|plus|moins)\s+(?:{THAN})\s*(?=-?\d)|{WHICH_OF}",
                      re.IGNORECASE)  # 'more than 10'
GENERIC = ASKS_NOTHING | {"good", "morning", "afternoon", "evening", "lot", "beaucoup", "encore", "without", "sans",
                          "calculatrice"}  # placed in a reply only as GREETED, THANKS or a ban
GREETED = re.compile(r"\W*(?:good (?:morning|afternoon|evening|day)|morning|(?:hi|hello|hey) there)\W*", re.I)  # no when
POLITE = re.compile(r"\b(?:please|thanks|thank you|merci|svp|stp|s'il (?:te|vous) pla[iî]t)\b", re.IGNORECASE)
TAKEN_BACK = re.compile(r"\b(?:no,? wait|wait,? no|actually|scratch that|never ?mind|forget (?:it|that)|I mean|"
                        r"cancel that|on second thought|non,? attends|attends,? non|en fait(?!-)|laisse tomber|oublie ça|"
                        r"je veux dire|finalement|or rather|ou plutôt|enfin non|I meant|make that|my (?:bad|mistake)|correction|oo+ps|whoops|"
                        r"(?:(?<=^)|(?<=[.!?;] ))instead\b|instead(?=\s*[.!?]*\s*$|\s*[.!?]+\s+[A-Z])|wrong (?:city|town|place|one|number|key|course|file)|je voulais dire|je me suis trompée?|"
                        r"erreur de ma part|oups|(?:euh|ah|oh),? non,? (?=(?:à|a|en|plutôt|pardon|je voulais|c'est|le|la|les)\b)|non,? pardon|"
                        r"pardon,? non|no,? sorry|nope|(?<=, )no(?=,\s*-?\d)|(?<!the )(?<!for )(?<!a )typo|i misspoke|let me rephrase|i wanted|je voulais|zut|au temps pour moi|"
                        r"autant pour moi|je rectifie|je me trompe|erreur|(?:ah|oh),? pardon|(?-i:[Ss]orry)(?=,?\s+(?:(?-i:[A-Z])(?!\w*')|['\"‘“«]|\d)|,?\s{3,})(?![^.?!]*\b(?:too|as well|also|aussi)\b)"
                        r"|wrong location|(?:oh|ah),? wait|(?:oh|ah),? attends|(?:oh|ah),? sorry|make it(?=,?\s*['\"‘“«]|\s{3,})|err+(?=,)|"
                        r"plutôt(?=\s*[.!?)]*\s*$)|(?:pardon|euh|sorry)(?=,?\s{3,})|(?<=, )(?<!\bet, )(?<!\band, )(?:pardon|euh|sorry)(?=,)|(?<=[—–] )(?:pardon|sorry)(?=,)|(?:…|\.{3})\s*(?:plutôt|rather)|"
                        r"(?:(?<=[—–] )|(?<=-- ))(?:pardon|sorry|euh|oops)(?=\s*(?:[—–]|--))|enfin,? plutôt)\b", re.IGNORECASE)  # 'or rather 12 * 8'; \s{3,} is a quoted key
# unquote() blanked ('sorry, 'x'')
ABOUT_ACTION = "it is a question about the action, and I act only on a request to do it"
ACTS = set(stems("delete remove erase send write create update transfer pay book cancel move rename post buy order "
                 "drop reset archive upload save edit modify insert submit schedule invite share publish deploy refund "
                 "charge approve revoke restart"))  # a tool named so changes something: only a task that says so calls it
ALIKE = {"book": {"reserv"}}  # roots of other verbs for a tool's act: 'reserve room Atlas' is named, not denied
ACT_NOUNS = set(stems("email mail message text sms tweet courriel"))  # 'Email bob@x.com …' says send_email's act
ROOT = re.compile(r"root|sqrt|√|racine", re.IGNORECASE)  # a square root is not a square
ALL = {"all", "every", "everything", "everyone", "each", "other", "others", "rest", "tous", "toutes", "autres"}
QUESTION_WORDS = set("why how when where what which again pourquoi comment quand où quoi encore".split())
TENSE = re.compile(r"\b(?:was|were|will|would|been)\b(?!\s+you\b)|\ba(?:-t-(?:il|elle|on))?\s+(?:fait|eu|été)\b",
                   re.IGNORECASE)  # 'will you' is a request; 'Quel temps a-t-il fait' is the past
PRESENT = re.compile(r"\b(?:is|are|am|do|does)\b|'s\b", re.IGNORECASE)
ABOUT_DOING = re.compile(r"^\W*(?:should|shall|must) (?:I|we)\b|^\W*how (?:do|can|should|would) (?:I|we)\b|"
                         r"^\W*(?:did|have|has|had) (?:you|I|we|it)\b|^\W*why (?:did|do|would) you\b|"
                         r"^\W*(?:was|were|is|are|has|have|(?:can|could|may|might|should|must|will|would) (?!you\b)"
                         r"[^,;]+? be) [^,;]*?(?:\w+ed|sent|done|gone)\b|"
                         r"^\W*do (?:I|we) (?:need|have) to\b|^\W*what (?:happens|would happen) if\b|^\W*(?:is|would) it (?:be )?ok(?:ay)?\b|"
                         r"^\W*(?:dois-je|faut-il|comment (?:puis-je|faire))\b", re.IGNORECASE)  # a question, not an order
CONDITION = re.compile(r"^\W*(?:(?:and|but|or|then|only|even|except|what|et|mais|ou|sauf|seulement|même)\s+)*((?:if|unless|"
                       r"whenever|once|provided|providing|assuming|as soon as|as long as|in case|until|before|after|"
                       r"when(?!\s+(?:is|are|was|were|do|does|did|will|would|can|could|should|shall|has|have|had)\b)|"
                       r"si|s['’]ils?(?!\s+(?:te|vous)\s+pla)|à moins qu|lorsqu|dès qu|pourvu qu|au cas où|une fois qu|"
                       r"avant d|après|quand(?!\s+(?:est-ce|\S+-(?:t-)?(?:il|elle|on|ils|elles)\b)))(?:e\b|(?=\W|$)))",
                       re.IGNORECASE)  # 'If it rains in Lyon, delete notes.txt': one part hangs on another
SUPPOSED = re.compile(r"\W*(?:if|si)\s+(?:i|we|je|j['’]|on|nous)\b[^?]*?\b(?:how|what|combien|quel\w*|que)\b", re.I)
ANOTHER_TIME = re.compile(r"\b(?:tomorrow|yesterday|tonight|next (?:week|month|year|weekend|\w+day)|this (?:weekend|evening|"
                          r"afternoon)|demain|hier|ce soir|cette nuit|ce week-end|la semaine prochaine|le mois prochain)\b", re.I)
NOW_ONLY = ("'{}' is said in the task too, and {} gives the current weather only", "« {} » est dit dans la demande aussi, et {} "
            "ne donne que le temps actuel")
TAIL = ("'{}', said after a comma, may be asked of it too, and I could not act on it",
        "« {} », dit après une virgule, vaut peut-être pour elle aussi, et je n'ai pas su en tenir compte")
BANNED = ("the task says not to use {} ('{}')", "la demande dit de ne pas utiliser {} ('{}')")
ADVISE = r"\W*((?:should|shall|must) (?:I|we)|how (?:do|can|should|would) (?:I|we)|dois-je|faut-il)\b"
ADVICE = ("it asks what to do ('{}'), and I state only what the tools return",
          "elle demande quoi faire ('{}'), et je ne dis que ce que les outils renvoient")
BELONGS = ("another part of the task may belong to the act ({}), and I do not act on a guess",
           "une autre partie de la demande peut appartenir à l'action ({}), et je n'agis pas sur une supposition")
CHOICE = ("the task leaves a choice open ('{}'), and I do not choose an act for you",
          "la demande laisse un choix ouvert ('{}'), et je ne choisis pas une action à votre place")
WITHHELD = ("I do not act while a part of the task is beyond me ({}): it may change or come before the act",
            "je n'agis pas tant qu'une partie de la demande m'échappe ({}) : elle pourrait modifier l'action ou la précéder")
ALONE = "I look up a key with {} only in a request of its own; send this part alone"
LOOK_UP = re.compile(r"\blook(?:ing)?\s*up\b|\blookup\b|\bcherche[rz]?\b|\brecherche[rz]?\b|\bcatalog(?:ue)?\b|\bcours\b|"
                     r"\bcourse\b", re.I)
HANGS = ("it makes a part hang on another ('{}'), and I call tools only for parts that do not depend on each other",
         "elle fait dépendre une partie d'une autre ('{}'), et je n'appelle d'outils que pour des parties indépendantes")


class Unserved(NamedTuple):
    """A clause not served and why; `tool` and `beyond` when the why is words of the clause beyond that tool;
    `about_action` when no tool the clause names may be called, forced or not (a question about it, a condition)."""

    clause: str
    why: str
    tool: str = ""
    beyond: tuple[str, ...] = ()
    no_tool: bool = False
    about_action: bool = False

    def __str__(self) -> str:
        return f"'{self.clause}': {self.why}"


def _beyond(tool: str, clause: str, said: list[str]) -> Unserved:
    """'Paris, Texas': I do not know what get_weather could do with 'Texas'; 'in Paris or in Lyon': a second place
    named beside the first is not a word the tool cannot use, so it is said as what it is."""
    places = [w for w in said if re.fullmatch(r"[A-ZÀ-Ý][\w'’-]*", w) and re.search(  # another place named before it
        rf"\b(?:in|at|à|de|of)\s+(?!{re.escape(w)}\b)[A-ZÀ-Ý]|^\W*(?!{re.escape(w)}\b)[A-ZÀ-Ý][\w'’-]*\s+(?:or|ou)\b",
        clause[:clause.find(w)]) and re.search(
        rf"\b(?:or|ou|plus|minus|moins|times|fois|(?:multiplied|divided) by|(?:multipliée?|divisée?) par)\s+(?:(?:the\s+|la\s+|"
        rf"le\s+)?\w+\s+)?(?:in\s+|à\s+|de\s+)?{re.escape(w)}\b", clause)]  # 'or in Lyon'
    beside = (f"it names {joined([f'{w!r}' for w in places])} beside another place, and I answer each place only in a "
              "request of its own ('the weather in Lyon and in Paris')") if places else ""
    if places and len(places) == len(said):
        return Unserved(clause, beside, tool, tuple(said))
    quoted_words = joined([f"'{w}'" for w in said if w not in places])  # 'times the temperature in Lille': 'times'
    return Unserved(clause, f"{beside}; " * bool(places) + f"I do not know what {tool} could do with {quoted_words}", tool,
                    tuple(said))


DATED = set(stems("tomorrow yesterday forecast history historical past average climate future predicted weekly monthly "
                  "yearly annual hourly demain hier prévision historique moyenne climat"))
NOW = set(stems("current currently now today live real-time actuel actuelle maintenant aujourd'hui"))
FORECAST, AHEAD = set(stems("forecast predicted prévision")), set(stems("tomorrow demain"))


UNITS_SAID = {"usd": ("dollar",), "eur": ("euro",), "gbp": ("pound", "sterling"), "f": ("fahrenheit",),
              "c": ("celsius",), "k": ("kelvin",), "lb": ("pound",), "lbs": ("pound",), "kg": ("kilo",),
              "km": ("kilomet",), "mi": ("mile",), "m": ("metre", "meter"), "ft": ("feet", "foot"), "fahrenheit": ("f",),
              "celsius": ("c",), "kelvin": ("k",), "miles": ("mi",)}  # a converter's unit, as a task may write it


OPERATIONS = {"+": set(stems("add addition plus sum additionne ajoute")), "-": set(stems("subtract subtraction minus soustrais")),
              "*": set(stems("multiply multiplication times product multiplie")), "/": set(stems("divide division divise")),
              "**": set(stems("power pow exponent puissance"))}


def _operation(name: str, given: dict) -> str | None:
    """'17 + 25' for add(a=17, b=25): a tool named for one operation, given two numbers (for '-' and '/', named so
    that their order is known: subtract(b=5, a=3) is 3 - 5)."""
    op = next((o for o, verbs in OPERATIONS.items() if set(stems(re.split(r"[\W_]+", name.lower())[0])) & verbs), None)
    if not op or len(given) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) or isinstance(
            v, str) and re.fullmatch(r"-?\d+(?:\.\d+)?", v.strip()) for v in given.values()):
        return None
    keys = next((pair for pair in OPERANDS if set(pair) == {k.lower() for k in given}), None)
    if op in ("-", "/", "**") and not keys:
        return None
    named = {k.lower(): v for k, v in given.items()}
    left, right = (f"({v})" if str(v).startswith("-") else v for v in ((named[k] for k in keys) if keys else given.values()))
    return f"{left} {op} {right}"  # '(-6) ** 4': -6 ** 4 is -1296


def _into(name: str) -> str:
    """The unit a converter gives, from its name ('miles' of km_to_miles, km_en_miles, km2miles), else ''."""
    found = re.search(r"(?:^|_)(?:to|en|into|vers)_([a-z]+)$|[a-z]2([a-z]+)$", name.lower())  # not check_in_status
    return found[1] or found[2] if found else ""


def _told(tool: OfferedTool) -> str:
    """The tool's description without what it says it is not: 'It does not give weather' tells 'It does'."""
    return " ".join(_told_parts(tool))


def _told_parts(tool: OfferedTool) -> list[str]:
    """Each sentence of the tool's description, cut where it says what the tool does not do."""
    return [re.split(r"\b(?:not|no|never|ne|pas|non)\b|n't", part, flags=re.I)[0] for part in re.split(r"[.;!?]", tool.description)]


def _dated(tool: OfferedTool) -> list[str]:
    """The words saying the tool gives another time than now ('Tomorrow's forecast'), unless it gives now too."""
    told = set(stems(f"{tool.name} {_told(tool)}"))
    when = set(stems(" ".join(tool.properties))) & set(stems("day date time when period jour heure"))  # get_forecast(day)
    return [] if told & NOW or when else sorted(told & DATED)


def tool_acts(tool: OfferedTool) -> tuple[set[str], set[str]]:
    """What the tool changes: its name's verb (send_email, not get_order_status), and with it the verbs the sentences
    of its description start with (read_file, 'Deletes the file at the given path'; 'Formats the disk')."""
    leads = [words(part)[0] for part, whole in zip(_told_parts(tool), re.split(r"[.;!?]", tool.description), strict=True)
             if words(part) and not re.match(r"\W*\w+\s+(?:back|nothing|no|none|rien)\b", whole, re.I)]  # each sentence's:
    # 'Find a user. Sends them …'; not 'Sends back its items', 'Sends no email', 'Closes nothing'
    named = set(stems(words(tool.name)[0])) & ACTS
    named -= NOUNS_TOO if leads and not set(stems(leads[0])) & ACTS else set()  # book_by_isbn, 'Find a book by ISBN.'
    return named, named | set(stems(" ".join(leads))) & (ACTS | HARMS | CLOSES) | set(stems(_told(tool))) & HARMS


CLOSES = set(stems("close closes ferme"))  # get_account, 'Closes the account and returns its balance': an act, as a lead


NOUNS_TOO = set(stems("book order record log post note report schedule"))  # verbs that also name a thing
HARMS = set(stems("delete deletes deleted remove removes erase erases shred shreds wipe wipes format formats destroy "
                  "destroys overwrite overwrites reboot reboots shutdown purge purges upload uploads cancel cancels publish "
                  "publishes efface supprime détruit annule"))  # an act anywhere in a description


def _belied(tool: OfferedTool) -> set[str]:
    """The words of the tool's name its description does not bear out: weather_lookup, 'Returns the population of a
    city', is no weather tool (the description decides)."""
    told = _told(tool)
    said, joined_up = set(stems(told)), re.sub(r"[\W_]+", "", told.lower())  # 'to-do' bears out todo
    named = set(stems(tool.name)) - ASKS_NOTHING
    return named if said and not any(w in joined_up or said & next((g for g in [*RELATED, CALC] if w in g), set())
                                     for w in named) else set()


def _needs(view: View) -> tuple[list[tuple[str, dict, str]], list[Unserved]]:
    """The calls (tool name, input, clause) the task needs, and the clauses it cannot serve, with why."""
    calls, unserved = _planned(view.task, json.dumps([[t.name, t.description, t.input_schema] for t in view.tools]))
    return [(n, dict(i), c) for n, i, c in calls], list(unserved)


BARE_NUMBER = re.compile(r"\W*(?:(?:and|or|then|et|ou|puis)\s+)?(?:(?:of|for|by|with|to|from|on|de|du|des|d['’]|pour|par|avec|à|"
                         r"au|sur)\s*)?[-−]?\d+(?:[.,]\d+)?\s*(?:%|percent|pour\s*cent)?\W*", re.I)  # 'and of 150', 'by 5'


@lru_cache(maxsize=512)  # every turn of a conversation, and every participant of a room, asks it again
def _planned(task: str, tools: str) -> tuple[list[tuple[str, dict, str]], list[Unserved]]:
    view = View(either(task), tuple(OfferedTool(*t) for t in json.loads(tools)))
    calc = pick(view.tools, CALC)
    calls, unserved, previous, tense = [], [], None, []
    none_fits = f"none of the offered tools ({', '.join(t.name for t in view.tools)}) fits it"
    belied = {t.name: _belied(t) for t in view.tools}  # a name its description denies counts for nothing
    abouts = [(about_words(t) - ASKS_NOTHING - NEGATORS - {"nothing", "none"} - belied[t.name], -i, t)  # not '… nothing
              for i, t in enumerate(view.tools)]  # leaves the machine'
    scored = {t.name: set(stems(t.name)) - belied[t.name] for t in view.tools}
    banned = {t.name: m[0] for t in view.tools if (m := re.search(  # 'Without the calculator, what's 2+2?'
        r"(?:\b(?:without|not|no|never|except|sans|pas)|n['’]t)\s+(?:(?:using|use|the|a|any|le|la|l['’]|de|d['’]|"
        r"utiliser)\s*)*(?:" + r"[\s_-]+".join(map(re.escape, re.split(r"[_\s-]+", t.name))) + "|calculatrice" * (
            t is calc) + r"|tools?|outils?)\b", view.task, re.I))}  # 'Don't use any tools': none of them
    last, hanging = "", _hanging(view.task)
    for clause in _with_fields(_clauses(view.task), view.tools):
        prior, last = last, clause
        if GREETED.fullmatch(clause) and re.match(rf"\W*{re.escape(clause)}", view.task) or THANKS.match(clause):
            continue
        if previous and re.fullmatch(r"\W*(?:in|en)\s+(?:degrees|degrés)\W*", clause, re.I) and re.search(
                r"weather|temperature|météo|température", f"{previous.name} {previous.description}", re.I):
            continue  # 'the temperature in Lyon, in degrees?': a temperature is in degrees
        whole = next((h for h in hanging if clause.split(", ")[0] in h[0]), None)  # joined by _with_fields
        if whole:  # the sentence it is in hangs on a condition: none of it is done
            if all(u.clause != whole[0] for u in unserved):
                unserved.append(Unserved(whole[0], HANGS[french(view.task)].format(whole[1]),
                                         about_action=True))  # a forced tool it names is not called either
            continue
        asked = set(stems(clause)) - ASKS_NOTHING
        tense = TENSE.findall(clause) or ([] if PRESENT.search(clause) else tense)  # '… in Paris and Lyon' goes on
        if not asked and set(words(clause)) & QUESTION_WORDS and not WHO.search(clause):  # 'and why (is that)?'
            unserved.append(Unserved(clause, none_fits, no_tool=True))
        elif not asked and set(words(uncontracted(clause))) & NEGATORS - {"no"}:  # 'Delete notes.txt, or not'
            listed = []
            while previous and calls and calls[-1][0] == previous.name:
                listed.insert(0, calls.pop()[2])
            unserved.append(_beyond(previous.name, ", ".join([*listed, clause]), [clause]) if previous
                            else Unserved(clause, none_fits, no_tool=True))
        elif not asked and set(words(clause)) & ALL and not re.search(rf"\bthat(?:'s| is) all\b|\bc'est tout\b|{POLITE.pattern}",
                                                                    clause, re.IGNORECASE):  # 'and all others'
            unserved.append(_beyond(previous.name, clause, [clause]) if previous else Unserved(clause, none_fits, no_tool=True))
        if calls and (joins := re.match(r"\W*(plus(?!\s+(?:froid|chaud|frais|cher|grand|petit|haut|bas|tard|tôt)\w*\b)|minus|times|divided by|multiplied by|fois|moins|divisé par|multiplié par|"
                                        r"add(?:ed)? to|ajouté à)\b|\W*(?:(?:then|puis|and|et)\s+)?(double|halve|triple|square|"
                                        r"doubl\w*|tripl\w*)\b(?!\s+\d)", clause, re.I)):  # ', plus 4 times 2', 'then double it'
            unserved.append(Unserved(clause, f"it works '{joins[1] or joins[2]}' on another part's result, and I make every call of a "
                                             "task at once, none on another's result"))  # '17 times 3, plus the
            continue  # temperature in Paris': 51 and 18 °C, never added
        if calc and calls and BARE_NUMBER.fullmatch(clause):  # '12 % of 50 and of 150': 'of 150' leans on the part
            unserved.append(Unserved(clause, "it names no operation of its own, and I compute only a part written in full"))
            continue  # before it, and 'none of the tools fits it' would be false
        if not asked and calls and set(stems(words(calls[-1][0])[0])) & ACTS and re.search(  # 'Delete a.txt and then
                r"\b(?:it|them|ça|cela)\b|\b(?:le|la|les)\s+\w+er\b", clause, re.I):  # read it': of what was deleted
            unserved.append(Unserved(clause, f"it points back to what {calls[-1][0]} acts on, and I make every call of a "
                                             "task at once, none on an act's result", about_action=True))
            continue
        if not asked or WHO.search(clause):
            continue  # 'and', 'please': nothing asked; 'who are you' is answered first
        if (after := re.search(r"\b(?:after|once|when)\s+(?:you(?:'ve|\s+have)?\s+|having\s+)?(?:read|checked|check|looked|"
                               r"looking|reading|checking|listed|listing|seen|verified)\b|\baprès (?:l['’])?avoir\b|"
                               r"\bune fois (?:que|lu)|\bavant de\b", clause, re.I)) and {root(w) for w in words(clause)} & {
                root(a) for a in ACTS | ACT_NOUNS}:  # 'Delete a.txt after you read it': one step after another
            unserved.append(Unserved(clause, f"it orders the act after another step ('{after[0]}'), and I make every call "
                                             "of a task at once", about_action=True))
            continue
        asked |= {w for group in RELATED if asked & group for w in group}
        acting = {root(w) for w in words(clause)} & {root(a) for a in ACTS | ACT_NOUNS} or re.search(
            r"\b(?:suppr|effac|envo)", clause, re.I)  # 'Should I bring a jacket?', 'Is it supposed to rain?': no act
        if ABOUT_DOING.search(clause) and (acting or not re.match(r"\W*(?:is|are)\b", clause, re.I)) or acting and re.match(
                r"\W*(?:(?:can|could|may|might) (?:I|we)|do you (?:want|wish|plan|intend))\b", clause, re.I):  # 'Can I delete notes.txt?' asks, 'Can you' does not
            past = re.match(r"\W*(did|has|have|had) (?:it|the \w+)\b", clause, re.IGNORECASE)  # 'Did it rain in Paris?': no act
            now = next((t for t in view.tools if "current" in words(t.description) and {root(w) for w in content_words(
                clause)} & {root(w) for w in about_words(t) | {w for g in RELATED if g & about_words(t) for w in g}}), None)
            advice = None if acting else re.match(ADVISE, clause, re.I)  # 'Should I delete notes.txt?' asks no deleting
            unserved.append(_beyond(now.name, clause, [past[1]]) if past and now and not set(stems(clause)) & ACTS
                            else Unserved(clause, ADVICE[french(view.task)].format(advice[1]) if advice else ABOUT_ACTION,
                                          about_action=True))
            continue
        unvalued = clause  # the words around its values: 'weather.txt' names no weather, body '2 + 2' no sum
        for value in [*quoted(clause), *re.findall(EMAIL, clause), *file_names(clause)]:
            unvalued = unvalued.replace(value, " ")
        asked_around = (set(stems(unvalued)) - ASKS_NOTHING) or asked
        asked_around |= {w for group in RELATED if asked_around & group for w in group}
        said_words = set(stems(unvalued))  # a word of the tool's name the task says counts first: 'read' the file
        said_words |= {w for group in RELATED[2:] if said_words & group for w in group}  # 'remove' says 'delete'
        scores = [(len(said_words & scored[t.name]) + len(asked_around & about), len(asked_around & about), i, t)
                  for about, i, t in abouts]
        scores = [(s[0] + 2, s[1] + 2, *s[2:]) if conversion(s[3], clause) else s for s in scores]  # 'What is 30 C in F?'
        called = re.match(r"\W*(?:please\s+)?(?:call|use|run|appelle\w*|utilise\w*)\s+(?:the\s+)?([\w-]+)", clause, re.I)
        scores = [s for s in scores if s[3].name == called[1]] or scores if called else scores  # 'Call times with x …'
        rooted = [s for s in scores if ROOT.search(s[3].name) and not ROOT.search(clause)]  # 'the square of 12'
        scores = [s for s in scores if s not in rooted]
        best = max(scores, key=lambda s: s[:3], default=(0, 0, 0, None))
        if best[0] == 0 and any(s[0] > 0 for s in rooted):
            unserved.append(Unserved(clause, f"the only offered tool it fits is {rooted[0][3].name}, and the task does "
                                             "not ask for a root"))
            continue
        rivals = [s[3].name for s in scores if s[:2] == best[:2] and best[0] > 0 and best[3] is not calc]
        unsaid = [n for n in rivals if (acts := tool_acts(view.tool(n))[1]) and not acts & said_words]  # cancel_order for
        if 0 < len(unsaid) < len(rivals) and len(rivals) - len(unsaid) == 1:  # 'Is order A-100 paid?': the reader
            best = next(s for s in scores if s[3].name in rivals and s[3].name not in unsaid)
            rivals = [best[3].name]
        if len(rivals) > 1 and not (calc and expression(unvalued)):  # 'the file notes.txt': delete_file or read_file?
            unserved.append(Unserved(clause, f"more than one offered tool fits it ({joined(rivals)})"))
            continue
        named_acts, acts = tool_acts(best[3]) if best[0] > 0 else (set(), set())  # its verb: not get_order_status
        if named_acts and not said_words & (named_acts | ACT_NOUNS & set(stems(best[3].name))) or acts - named_acts and not \
                said_words & acts:  # 'Read the file notes.txt'; preview_email, 'Sends the email immediately'
            verb = next((w for w in words(best[3].name) if stem(w) in named_acts - said_words), None)  # else its
            # description's: 'Deletes'
            other = next((as_written(clause, w) for w in words(unvalued) if stem(w) in ACTS | ACT_NOUNS or verb and root(
                w) in {root(verb), *ALIKE.get(verb, ())}), None)  # 'Mail'; 'booked', 'reserve' (not a request to book)
            unserved.append(Unserved(clause, f"the only offered tool it fits is {best[3].name}, and the task does not "
                                             + (f"say '{verb}' but '{other}'" if other and verb else f"ask to {verb}" if verb
                                                else f"ask for what its description says: '{best[3].description.rstrip('.')}'")))
            continue
        dated = _dated(best[3]) if best[0] > 0 and best[3] is not calc else []
        if dated and not set(dated) & set(stems(view.task)) and not (set(dated) & FORECAST and set(stems(view.task)) & AHEAD):
            # get_forecast for 'the weather in Paris right now'; not for 'What will the weather be tomorrow?'
            unserved.append(Unserved(clause, f"the only offered tool it fits is {best[3].name}, which gives "
                                             f"'{dated[0]}', and the task does not ask for that"))
            continue
        into = _into(best[3].name) if best[0] else None
        if into and not any(w == u or len(w) > 1 and (w.startswith(u) or u.startswith(w)) for w in words(view.task.lower())
                            for u in {into, *UNITS_SAID.get(into, ())}):  # 'How many km in 10 km?' with km_to_miles
            unserved.append(Unserved(clause, f"{best[3].name} gives {into}, and the task does not ask for that unit"))
            continue
        bare = POLITE.sub(" ", clause).strip()  # 'and London please' names London alone
        where = place(bare)
        extra = [w for w in content_words(clause) if w not in ASKS_NOTHING and w not in words(where or "")]
        arithmetic = [t for t in (clause, unvalued) if expression(spoken(t)) or " / 100" in spoken(t)]  # '5 times the sum of 5 and 1'
        if calc and arithmetic and (len(arithmetic) == 2 or best[0] == 0 or best[3] is calc):  # not body '2 + 2'
            tool, extra = calc, [w for w in content_words(clause) if w not in ASKS_NOTHING]  # 'in Lyon' is no operand
        elif best[0] > 0 and best[3] is not calc:
            tool = best[3]
        elif previous and calls and calls[-1][0] == previous.name and (again := _quoted_again(bare, calls[-1])):
            tool, clause, extra = previous, again, []  # "words in 'a b' and in 'c d'": 'c d' asks the same tool
        elif previous and (head := _head(bare, french(view.task))) and re.search(
                rf"(?:\b(?:and|or|et|ou|than|que|then|puis|also|aussi|vs\.?|versus)\s+|[;&]\s*|\bqu['’]\s*)(?:(?:in|at|for|à)\s+)?{re.escape(clause)}|,\s+{re.escape(clause)}"
                rf"(?=\s*(?:,|\b(?:and|or|et|ou)\b))" + (rf"|,\s*{re.escape(clause)}" if head in file_names(head) else ""),
                view.task, re.IGNORECASE):  # a file named after a comma is listed: 'notes.txt, old.txt'
            beyond = [as_written(clause, w) for w in content_words(clause) if w not in ASKS_NOTHING | set(words(head))]
            if beyond:  # 'in Paris and in Lyon tomorrow': 'tomorrow' may say when of Paris too
                listed = []
                while calls and calls[-1][0] == previous.name:
                    listed.insert(0, calls.pop()[2])
                unserved.append(_beyond(previous.name, ", ".join([*listed, clause]), beyond))
                continue
            if prior and unserved and unserved[-1].clause.endswith(prior) and unserved[-1].tool == previous.name:
                unserved[-1] = unserved[-1]._replace(clause=f"{unserved[-1].clause}, {clause}")
                continue  # 'in Lyon in Fahrenheit and Paris': Fahrenheit may be asked of Paris too
            tool, clause = previous, head  # 'weather in Lyon and Paris', 'in Lyon, Paris and Nice': 'Paris' asks the same
        elif calls and re.search(rf"{re.escape(calls[-1][2])}\s*,\s*{re.escape(clause)}", view.task) and not any(
                b in clause for b in banned.values()):  # a comma alone qualifies: 'Paris, Texas', 'Paris, in December'
            name, _, before = calls.pop()
            unserved.append(_beyond(name, f"{before}, {clause}", [clause]))
            continue
        elif calc and re.search(r"\d", clause) and (set(words(clause)) & SPOKEN - {"font", "cent"} or "%" in clause):
            unserved.append(Unserved(clause, f"I could not tell the '{[*calc.required, *calc.properties, 'input'][0]}'"
                                             f" for {calc.name} from the task"))
            continue  # 'then multiply by 4': the calculator fits, but an operation on a result before is no rule
        elif previous and re.search(r"(?<=\s)[A-Z]", clause) and any(set(words(p)) & PLACE_WORDS for p in previous.properties):
            unserved.append(_beyond(previous.name, clause, [as_written(clause, w) for w in content_words(clause) if w not in
                                                            ASKS_NOTHING and not as_written(clause, w)[0].isupper()] or [clause]))
            continue  # 'Weather in Lyon and near Paris': get_weather fits Paris, not 'near'
        else:
            unserved.append(Unserved(clause, none_fits, no_tool=True))
            continue
        unplaced = _unplaced(clause, french(view.task)) if tool is calc else re.findall(  # multiply(200, 15) for 15%
            r"\d+(?:[.,]\d+)?\s*(?:%|percent\b|per cent\b|pour ?cent\b)", clause, re.I) if not re.search(
            r"%|percent|pct|pour ?cent", f"{tool.name} {tool.description} {' '.join(tool.properties)}", re.I) else []
        if unplaced:  # '12 * 8 minus 10%': computing without the 10% would answer another question
            unserved.append(Unserved(clause, f"I did not apply {joined([repr(u) for u in unplaced])}, and without "
                                             "it the result would answer another question"))
            continue
        known = about_words(tool) | {w for group in RELATED if group & about_words(tool) for w in group}
        known -= {stem(w) for part in re.findall(r"\b(?:not|no|never)\b([^.,;:()]*)", tool.description, re.I)
                  for w in words(part)}  # 'not a live forecast': the words it says it is not are no words of it
        known |= {stem(w) for w in CALC | SPOKEN} if tool is calc else set(stems(scales(tool)))
        known |= {"twice", "double", "half", "moitié"} if tool is calc and not SCALES_LEFT.search(spoken(clause)) else set()
        known |= set(stems(labels(tool)))  # 'saying' names a body
        filled = fill_input(tool, clause)
        if isinstance(filled, dict):  # 'the hidden files' with include_hidden left out: 'hidden' is not done
            known -= set(stems(" ".join(p for p in tool.properties if p not in filled))) - set(stems(
                f"{tool.name} {tool.description}"))
        named_as = [k for k, v in (filled.items() if isinstance(filled, dict) else []) if set(words(k)) & PLACE_WORDS
                    and re.search(rf"(?:^|[.?!]\s)\W*{re.escape(str(v))}", view.task) and set(stems(str(v))) & known]
        filled = f"I could not tell the '{named_as[0]}' for {tool.name} from the task" if named_as else filled  # 'Weather Paris'
        values = filled.values() if isinstance(filled, dict) else [*re.findall(EMAIL, clause), *quoted(clause),
                                                                   *file_names(clause)]  # values it could not use
        given = " ".join(map(str, values)).lower() if tool is not calc else ""
        named = extra + [w for w in words(clause) if w in NEGATORS | {"why", "when", "pourquoi", "quand"}] + re.findall(
            r"-?\b\d+\b", clause) + re.findall(r"\b(?:in|en)\s+([A-Z])\b(?!')", clause) + re.findall(
            rf"\b({NEAR})\s+(?=as\s+(?:warm|hot|cold|cool)\b|aussi\b)", clause, re.I)  # 'not 5 * 5'; 'When is
        # it sunny in Lyon?' is not asked of the current weather; 'in Lyon in F' asks Fahrenheit
        if where and not any(set(words(p)) & PLACE_WORDS for p in tool.properties):  # 'Delete notes.txt for Bob'
            named += [w for w in content_words(where) if w not in ASKS_NOTHING]  # Bob is no place of delete_file
        named = [w for w in named if not re.search(rf"\b{re.escape(w)}n['’]t\b", clause, re.I)] + re.findall(
            r"\b\w+n['’]t\b", clause.lower())  # "Don't delete notes.txt": "don't", as written (not 'ca' of "can't")
        if "current" in words(tool.description):  # nor 'How was the weather?', 'Will it rain?'
            named += [w.lower() for w in tense]
        around = re.sub("|".join(re.escape(str(v)) for v in values if str(v)) or "^$", " ", clause, flags=re.I)
        inside = {w for w in words(given) if not says(around, w)}  # 'inv' of 'INV-101', written nowhere else
        unknown = [w for w in dict.fromkeys(named) if (stem(w) not in known or w in NEGATORS) and not says(given, w)
                   and w.lower() not in inside
                   and (given or not any(c.isdigit() for c in w)) and not (w.lstrip("-").isdigit() and re.search(
                       rf"(?<!\d){w.lstrip('-')}(?!\d)", given))]  # 'Lyon at 5': not the 5; the 12 of 'M-12' is given
        takes_place = any(set(words(p)) & PLACE_WORDS for p in tool.properties)
        unknown = [w for w in unknown if isinstance(filled, dict) or not re.search(  # 'Body: Yo' unquoted: the body unread,
            rf"\b(?:{'|'.join(map(re.escape, tool.properties))})\s*[:=]?\s*[`«]?{re.escape(w)}\b", clause, re.I)]  # not beyond
        if isinstance(filled, str) and takes_place and not where:  # 'Weather (Lyon)', 'asap weather Lyon': the city unread,
            unknown = [w for w in unknown if "n't" in w or w in NEGATORS or not (m := re.search(
                rf"(?<![^\W_]){re.escape(w)}(?![^\W_])", clause, re.I)) or not m[0][0].isupper()
                       or re.search(rf"\b(?:degrees|degrés) {re.escape(w)}\b", clause, re.I)]  # 'Lyon-area' too
            # not Lyon beyond the tool: "I could not tell the 'city' …" stays the reason then; "Don't" is named; 'degrees
            # Fahrenheit' is no city, and what the tool cannot do
        if not COMPARED.search(view.task):  # 'Is it colder in Lyon?': colder than when? the tool gives the weather now
            unknown += re.findall(r"\b(?:warmer|colder|hotter|cooler|plus (?:chaud|froid))\b", clause, re.I)
        if unknown:
            filled = _beyond(tool.name, clause, [as_written(clause, w) for w in unknown])
            if all(w[-3:] in ("n't", "n’t") for w in unknown):  # "Don't read coffee.md": 'Don't' is not a word to look up
                filled = filled._replace(why=filled.why + (" (une négation)" if french(view.task) else " (a negation)"))
            if not where and takes_place and any(  # not 'in case',
                    w.isalpha() and re.search(rf"\b(?:in|at|à)\s+{w}\b(?!\s+[A-Z])", clause)  # 'in downtown Lyon'
                    for w in unknown):
                filled = filled._replace(why=filled.why + " (I read a place only when it starts with a capital "
                                         "letter, as in 'Lyon')")
            elif takes_place and "beside another place" not in filled.why and _unplaced_name(clause, known, unknown):
                filled = filled._replace(why=filled.why + PLACE_HINT)  # 'Lyon temperature in Fahrenheit': where I read
        if isinstance(filled, Unserved):  # no place, a place get_weather takes is written
            unserved.append(filled)
        elif isinstance(filled, str):  # 'Strasbourg temperatures', 'Paris: weather?': the city is read after 'in'
            odd = [w for w in (takes_place and not place(clause) and _place(clause) or "").split() if set(words(w)) & NO_PLACE]
            hint = PLACE_HINT if takes_place and _unplaced_name(clause, known | {stem(w) for w in NO_PLACE}) else ""  # 'Lyon
            # temperature in Fahrenheit': Lyon is the place unread; 'and in July': July is none
            odd_said = f" ('{odd[0]}' names a time, a unit or a language, not a place)" if odd else ""
            unserved.append(Unserved(clause, filled + (hint or odd_said)))
        elif all((tool.name, filled) != c[:2] for c in calls):
            calls.append((tool.name, filled, clause))
        elif tool_acts(tool)[1]:  # 'delete a.txt, then delete a.txt again': twice, or once said twice?
            unserved.append(Unserved(clause, f"it asks again for the {tool.name} call before it, and I do not make the "
                                             "same act twice"))
        previous = tool
    def withdraw(call: tuple, why: tuple[str, str], *values) -> None:  # the call is not made; its clause says why
        calls.remove(call)
        unserved.append(Unserved(call[2], why[french(view.task)].format(*values), call[0], about_action=True))
    for call in [c for c in calls if c[0] in banned]:
        withdraw(call, BANNED, call[0], banned[call[0]])
    unserved = [u for u in unserved if not (u.no_tool and any(b in u.clause for b in banned.values()))]
    bare = [(i, f"'{c[2]}'") for i, c in enumerate(calls) if re.match(r"(?:the|le|la|les)\s", c[2], re.I)]  # "… and the
    for i, act in [(i, c) for i, c in enumerate(calls) if set(stems(words(c[0])[0])) & ACTS]:  # weather in Lyon" may be
        if (after := [b for j, b in bare if j > i]) and len(view.tool(act[0]).properties) > 1:  # what the email is to say
            withdraw(act, BELONGS, joined(after))
    ored = next((m[1] for c in _clauses(view.task) if (m := re.match(r"\W*(or|ou)\b", c, re.I))), None)
    for act in [c for c in calls if ored and set(stems(words(c[0])[0])) & ACTS]:  # 'Email …, or delete notes.txt'
        withdraw(act, CHOICE, ored)
    for act in [c for c in calls if set(stems(words(c[0])[0])) & ACTS]:  # it may qualify or precede the act
        unknown = [f"'{u.clause}'" for u in unserved if (not u.tool or u.tool == act[0] and set(words(uncontracted(
            u.clause))) & NEGATORS) and not TAKEN_BACK.search(u.clause)]  # 'and back it up first', '. Only if it's
        if unknown:  # empty.', '. Don't delete it if …'; not 'and email Bob', 'and all others'
            withdraw(act, WITHHELD, joined(unknown))
    for u in [u for u in unserved if u.beyond and "," in u.clause]:  # 'Weather in Lyon and Paris, tomorrow?': the words
        tail = u.clause.rsplit(",", 1)[1].strip(" .?!;")  # after the last comma may qualify each part of the sentence
        sentence = next((s for s in re.split(r"(?<=[.?!;])\s+|\n", view.task) if u.clause in s), "")
        if re.search(r"\b[a-zà-ÿ]", tail) and sentence.rstrip(" .?!;").endswith(tail) and any(w in tail for w in u.beyond):
            for call in [c for c in calls if c[2] in sentence and sentence.find(c[2]) < sentence.find(u.clause)]:
                calls.remove(call)
                unserved.append(Unserved(call[2], TAIL[french(view.task)].format(tail), call[0], u.beyond))
    later = next((m[0] for u in unserved if (m := ANOTHER_TIME.search(u.clause))), None)  # 'For tomorrow, please.' said
    for call in [c for c in calls if later and "current" in words(view.tool(c[0]).description)]:  # apart still asks
        calls.remove(call)  # tomorrow's weather of every place, which a tool of the current weather does not give
        unserved.append(Unserved(call[2], NOW_ONLY[french(view.task)].format(later, call[0]), call[0], (later,)))
    taken = TAKEN_BACK.search(unquote(view.task))  # 'Delete notes.txt? No wait, delete
    # old.txt': notes.txt is taken back; not a word of a quoted body ('body 'Correction: the meeting is at 3'')
    unserved += [_beyond(c[0], c[2], [taken[0]]) for c in calls if taken and view.task.find(c[2]) < taken.start()]
    return [c for c in calls if not taken or view.task.find(c[2]) > taken.start()], unserved


PLACE_HINT = " (I read a place after 'in' or 'à', as in 'the weather in Lyon')"


def _name_like(word: str) -> bool:
    """Whether a word is written as a name: 'Lyon', not 'What' or "Can't"."""
    return bool(re.fullmatch(r"[A-ZÀ-Ý][\w'’-]*", word)) and re.sub(r"['’]s$", "", word.lower()) not in STOPWORDS | \
        QUESTION_WORDS and not re.search(r"n['’]t$", word, re.I)  # not "What's"


def _unplaced_name(clause: str, known: set[str], among: list[str] | None = None) -> bool:
    """Whether the clause holds a capitalised name not after 'in', 'at' or 'à' (of `among`, if given), other than a
    word of the tool (`known` stems): 'Strasbourg temperatures', 'Lyon temperature in Fahrenheit', not 'Weather in Here'."""
    return any(_name_like(w) and stem(w.lower()) not in known and (among is None or w.lower() in {
        a.lower() for a in among}) and not re.search(
        rf"\b(?:in|at|à|en|for|pour|of|de)\s+(?:[A-ZÀ-Ý][\w'’-]*\s+)*{re.escape(w)}\b", clause)
        for w in re.findall(r"(?<![\w'’-])[A-ZÀ-Ý][\w'’-]+", clause))


FRONTED = re.compile(r"\W*(?:(?:and|et)\s+)?((?:in|at|à)\s+[A-ZÀ-Ý][\w'-]*(?:\s+[A-ZÀ-Ý][\w'-]*)*)\s*,\s*([^,;.?!]+?)\s*([?.!]*)\s*",
                     re.I)


def _clauses(task: str) -> list[str]:
    """The task's clauses, 'than' read as 'and', none split inside quotes: body 'Hello, and delete notes.txt' is one."""
    held = re.split(r"((?<!\w)'[^'\n]+'|\"[^\"\n]+\"|‘[^’\n]+’|“[^”\n]+”)", task)  # odd items are the quoted values
    masked = "".join(f"\0{i}\0" if i % 2 else part for i, part in enumerate(held))
    masked = re.sub(r"(?m)^[ \t]*(?:\d{1,2}[.)]|[-*•])[ \t]+", "", masked) if "\n" in task.strip() else masked  # a list's marks
    masked = re.sub(r"\b((?:should|shall|must|can|could|may|do|did|will|would) (?:I|we)) (?:also|then)\b", r"\1", masked,
                    flags=re.I)  # 'Should I also delete old.txt?' is one part
    masked = MARGIN.sub(" ", masked) if WARMTH.search(masked) else masked  # 'warmer than Paris by more than 5 degrees'
    if found := re.search(WHICH_OF, masked, re.I):
        at, both = ("à", "et") if re.search(r"\sou\s", found[0]) else ("in", "and")
        lead = re.sub(r"[\s,:]*(?:\b(?:in|à)\s*)?$", "", masked[:found.start(2)])
        masked = f"{lead} {at} {found[2]} {both} {found[3]}{masked[found.end(3):]}"
    masked = re.sub(r"(?:(?<=[a-z]{3})\.|(?<=\w)\s?!)(?=\s+[A-Z])", ";", masked)  # a sentence's end: 'Weather in Lyon. How about you?'
    masked = re.sub(r"^(\s*(?:read|open|show|display|print|lis|ouvre|affiche|montre))\s+((?:and|et)(?:\s+(?:then|puis|ensuite))?|"
                    r"then|puis|ensuite)\s+(\w+)\s+([\w.-]+\.\w+)", r"\1 \4 \2 \3 \4", masked, flags=re.I)  # 'Read and then
    # delete notes.txt': both of notes.txt
    if (front := FRONTED.fullmatch(masked)) and not place(front[2]):  # 'Et à Paris, quel temps fait-il ?': of Paris
        masked = f"{front[2]} {front[1][0].lower()}{front[1][1:]}{front[3]}"
    return [re.sub(r"\0(\d+)\0", lambda m: held[int(m[1])], part) for part in
            clauses(re.sub(rf"(?:{THAN})(?!\s*-?\d[^.?!;]*?\b(?:in|at|à)\s+[A-Z])|(?<=\s)&(?=\s)|(?<=\s)(?:vs\.?|versus)(?=\s+(?:in\s+)?[A-Z](?![\w-]*\.\w))",  # 'Lyon & Paris', 'Lyon vs Paris' (not 'a.txt vs b.txt')
                           lambda m: m[0] if m[0][:2].lower() == "qu" and not re.search(  # 'que' after a comparative
                               r"\b(?:plus|moins|aussi|autant|mieux|meilleure?|pire)\b", m.string[:m.start()], re.I)
                           else " and ", masked, flags=re.IGNORECASE))]


SETS = set(stems("set turn switch start stop open close lock unlock"))
QUESTION = re.compile(r"\W*(?:what|how|why|when|where|who|which|is|are|can|could|should|would|do|does|will)\b", re.I)


def _hanging(task: str) -> list[tuple[str, str]]:
    """The task's sentences with a clause that makes the rest hang on it ('If it rains in Lyon, …'), and its word."""
    held = re.split(r"((?<!\w)'[^'\n]+'|\"[^\"\n]+\"|‘[^’\n]+’|“[^”\n]+”)", task)  # not inside quoted values
    masked = "".join(f"\0{i}\0" if i % 2 else part for i, part in enumerate(held))
    found = []
    for sentence in re.split(r"(?<=[.?!;])\s+|\n", masked):
        sentence = re.sub(r"\0(\d+)\0", lambda m: held[int(m[1])], sentence).strip(" .?!;")
        acts = set(stems(sentence)) & (ACTS | SETS) and not QUESTION.match(sentence)  # an act with a condition later:
        # 'Set it to 21 °C, or 22 °C if it's cold'; not 'What happens if I delete old.txt?', a question about the act
        word = next((m[1] for c in _clauses(sentence) if (m := CONDITION.match(c) or acts and re.match(
            r".*?\b(if|unless)\b(?!\s+(?:you|possible)\b)", c, re.I))), None)
        supposed = SUPPOSED.match(sentence)  # 'If I split 96 euros between 4, how much does each pay?' supposes the
        word = None if supposed and not set(stems(supposed[0])) & (ACTS | SETS) else word  # numbers it asks about
        found += [(sentence, word)] if word and len(words(sentence)) > 1 else []  # 'When?' alone asks, hangs on nothing
    return found


def _head(clause: str, fr: bool = False) -> str | None:
    """The name or file name a clause starts with ('Lyon' in 'in Lyon tomorrow', 'old.txt'), else None."""
    found = re.match(rf"(?:(?:in|at|for|à|pour|(?:what|how) about{'|a|de|du' * fr})\s+)?([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)", clause)  # 'et a Lyon'
    files = [f for f in file_names(clause) if clause.startswith(f)]
    return files[0] if files else found[1] if found and found[1].lower() not in STOPWORDS and not re.search(
        r"['’]s?$", found[1]) else None  # "and Paris's" is no city 'Paris's'


def _quoted_again(clause: str, call: tuple[str, dict, str]) -> str | None:
    """The clause's one quoted value, quotes kept, when the call before took a quoted value and the clause's other words
    only repeat that call's question ("and in 'jumps over'", "and how many in 'a b c'"), else None."""
    values = quoted(clause)
    if len(values) != 1 or not any(str(v) in quoted(call[2]) for v in call[1].values()):
        return None
    start = clause.find(values[0])
    written = clause[start - 1:start + len(values[0]) + 1]
    said = set(words(call[2]))
    return written if all(w in ASKS_NOTHING or w in said for w in words(clause.replace(written, " "))) else None


def _with_fields(parts: list[str], tools) -> list[str]:
    """The clauses, one starting with a property of a tool taking several joined to the one before ('…, body "Hi"')."""
    fields = {p.lower() for t in tools if len(t.properties) > 1 for p in t.properties} | {
        w for t in tools if len(t.properties) > 1 for w in labels(t).split()}  # '…, corps 'À 17 h''
    joined_parts: list[str] = []
    for part in parts:
        listed = re.match(rf"(?:b?cc\W*)?{EMAIL}", part, re.I) and re.search(EMAIL, joined_parts[-1] if joined_parts else "")
        first = [w for w in re.findall(r"\w+", part.lower()) if w not in {"the", "its", "le", "la", "l"}][:1]  # "and the
        if joined_parts and (first and first[0] in fields or listed):  # body 'Hi'", ', to_currency 'USD''; 'to bob@x.com
            # and alice@y.com'
            joined_parts[-1] += f", {part}"
        else:
            joined_parts.append(part)
    return joined_parts


def _unplaced(clause: str, in_french: bool = False) -> list[str]:
    """The numbers and percentages of a clause its arithmetic leaves out ('10%' in '12 * 8 minus 10%'), and in French
    a number a point may split in thousands ('1.000': one in English usage, a thousand in French); in English, a
    number a comma splits in two digits or one ('Add 1,2 and 3': 1.2, or a list?)."""
    used = re.findall(r"\d+(?:\.\d+)?", _arithmetic(clause) or "")
    found = re.findall(r"\d+(?:[.,]\d+)*\s*(?:%|percent\b|per cent\b|pour ?cent\b)?", numbers_as_written(spoken(clause)))
    typed = {numbers_as_written(u): u for u in units(clause)}  # named as typed: '1.000,50', not '1.000.50'
    unit = re.search(r"\b(?:in|as|into|en|to)\s+(?:a\s+)?(?:percent(?:age)?s?|per cent|pour ?cent(?:age)?|%)|\b(?:what|how many|"
                     r"combien de|quel)\s+(?:percent(?:age)?|per cent|pour ?cent(?:age)?)", clause, re.I)  # 'What percent is 3/4?'
    left = [f.strip() for f in found if re.search(r"%|cent", f) or f.strip() not in used or used.remove(f.strip())]
    left = [f for f in left if f != "100" or re.search(r"(?<![\d.,])100(?![\d.,])", clause)]  # the 100 of '20 % of 80' as '20 / 100
    return [typed.get(f, f) for f in left] + (
        [unit[0]] if unit else []) + (re.findall(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+(?![\d,.])", clause) if in_french or re.search(
            r"(?<![\d.,])\d+,\d{1,2}(?![\d,.])", clause) else []) + ([] if in_french else  # '7,5% of 1.200': a thousand?
                                      re.findall(r"(?<![\d.,])\d+,\d{1,2}(?![\d,.])" + ("" if re.match(r"\W*(?:what|which) are\b",
                                                 clause, re.I) else r"(?=\s*(?:,|and\b|&)\s*-?\d)"), clause) if re.match(
                                          r"\W*(?:what|which) are\b|\W*(?:add|sum|multiply|product|average|mean)\b|.*\b(?:sum|product|"
                                          r"average|mean) of\b", clause, re.I) else [])  # 'Add 1,2 and 3': 1.2 and 3, or 1, 2 and 3?


PICKED = re.compile(r"\b(?:how many|number of|count|combien|nombre de|last|latest|most|least|newest|oldest|earliest|cheapest|"
                    r"highest|lowest|biggest|largest|smallest|first(?!\s*,)|derni[eè]re?s?|premi[eè]re?s?|plus r[ée]cente?s?)\b|"
                    r"^\W*(?:which|lesquel\w*|quel\w*)\b.*\b(?:has|have|need|needs|with|ont|avec)\b|\b(?:that|which|who|qui)\s+"
                    r"(?:have|has|are|is|need|needs|ont|sont)\b|\b(?:with|without|avec|sans)\s+(?!(?:their|its|his|her|all|"
                    r"each|every|leurs?|ses|son|sa|tout\w*)\b)[\w-]+(?:\s+[\w-]+)?", re.I)  # picks from a list


KEY_WORDS = {"key", "id", "name", "code", "slug", "entry", "term", "sku", "ref", "reference", "isbn"}


def key_prop(tool: OfferedTool) -> str | None:
    """The tool's single key-like string property, if it has exactly one required one."""
    needed = tool.required or list(tool.properties)
    return needed[0] if len(needed) == 1 and (tool.properties.get(needed[0]) or {}).get("type", "string") == "string" \
        and set(words(needed[0])) & KEY_WORDS else None


def needs(view: View) -> dict | None:
    """Call every tool the task's clauses need in one turn; then state each result and each clause not served."""
    planned, unserved = _needs(view)
    if not planned:
        tried = [u for u in unserved if not u.no_tool]
        return cannot_plan(f"I could not serve {tried[0]}", wording=example(view.tools, first=next(
            (t for t in view.tools if not tool_acts(t)[1]), None))) if tried else None  # get_order, not cancel_order
    done = {(s.name, repr(s.input)): s for s in view.steps}
    if missing := [(n, i) for n, i, _ in planned if (n, repr(i)) not in done]:
        names = [f"{n}({', '.join(f'{k}={v!r}' for k, v in i.items())})" for n, i in missing]
        note = (f"I'll call {names[0]}." if len(names) == 1 else
                f"I'll call {joined(names)} in one turn: they don't depend on each other.")
        return use(missing, note)
    calc = pick(view.tools, CALC)
    fr, foreign = speaks_french(view.task, view.earlier), []  # the tools whose words are relayed in the other language
    stated = [_said(done[(n, repr(i))], i, _arithmetic(clause) if calc and n == calc.name else None,
                    lambda text: unplanted(view, text), view.tool(n), (fr, foreign)) for n, i, clause in planned]
    evidence = {f"{n} {' '.join(map(str, i.values()))} result": done[(n, repr(i))].result for n, i, _ in planned
                if not done[(n, repr(i))].is_error}
    for n, i, _ in planned:  # {"ticker": "ACME", "close": 123.45}: each field of a JSON result is evidence of its own
        data = json_value(done[(n, repr(i))].result or "") if not done[(n, repr(i))].is_error else None
        evidence |= {f"json|{k}|{' '.join(map(str, i.values()))}": float(rounded(v)) if isinstance(v, float) and calc and n == calc.name
                     else v for k, v in (data.items() if isinstance(data, dict) else [])
                     if isinstance(v, (str, int, float))}  # a field fills a schema field of exactly its name (control)
    numbers = [_number(v) for k, v in evidence.items() if calc and k.startswith(calc.name + " ")]
    if len(numbers) == 1 == len(planned) and numbers[0] is not None and not unserved:  # the task's one result, as the
        evidence["result value answer"] = float(rounded(numbers[0])) if isinstance(numbers[0], float) else numbers[0]  # text says it
    stated += [odd for n, i, clause in planned if not done[(n, repr(i))].is_error and (odd := _unfitting(
        clause, done[(n, repr(i))].result or "", n))]  # 'Rome: 19 °C' for a population: quoted, and said so
    stated = [SHORT_INTRODUCTION] * bool(WHO.search(view.task)) + stated  # 'Who are you and what is 2 + 2?'
    if foreign := list(dict.fromkeys(foreign)):  # 'Lille: 15 °C, overcast' for 'Quel temps fait-il à Lille ?'
        stated.append(f"Ce que {' et '.join(foreign)} {'a' if len(foreign) == 1 else 'ont'} renvoyé est cité tel quel." if fr
                      else f"What {joined(foreign)} returned is quoted as written.")
    keyed = [t.name for t in view.tools if key_prop(t)]  # 'Weather in Lille, and look up writing': the lookup is a
    unserved = [u._replace(why=ALONE.format(u.tool or keyed[0])) if keyed and (u.tool in keyed or u.no_tool and LOOK_UP.search(
        u.clause)) else u for u in unserved]  # task of its own ('lookup' fits it, so 'none fits' would be false)
    stated += [f"I could not answer {u}." for u in unserved]
    asked = either(view.task)
    compared = COMPARED.search(asked) or re.search(r"\b(compar\w*|versus|vs)\b", asked, re.IGNORECASE)
    warmth = _warmth(asked, [(first_value(i), done[(n, repr(i))]) for n, i, _ in planned]) if compared else None
    if operated := _operated(view.task):  # 'the temperature in Marseille minus the temperature in Bordeaux'
        stated.append(_combined(operated, [(first_value(i), done[(n, repr(i))]) for n, i, _ in planned]))
    elif warmth:  # 'Is Lyon warmer than Paris?': two temperatures in one unit, weighed
        stated.append(warmth)
    elif compared:  # the results are quoted; weighing them against each other is not one of the rules
        stated.append(f"I did not compare them ('{next(g for g in compared.groups() if g)}'): the results are as the "
                      "tools gave them.")
    listed = [v for v in map(json_value, map(str, evidence.values())) if isinstance(v, list) or isinstance(v, dict) and any(
        isinstance(x, list) for x in v.values())]
    asked = re.sub(r"\b(?:call|appel\w*|use|utilise\w*)\s+\S+\s+(?:with|avec)\b", " ", view.task, flags=re.I)  # its input
    counted = _counted(view.task, [(view.tool(n), done[(n, repr(i))]) for n, i, _ in planned if not calc or n != calc.name])
    picked = PICKED.search(asked) if listed else not any(p.search(view.task) for p in CONVERSIONS) and not counted and re.search(
        r"\bhow many\b(?!\s+degrees?\b)|\bnumber of\b", view.task, re.I)  # not 'How many kg is 150 lb?', 'how many
    # degrees warmer'; nor word_count's own count for 'How many words …'
    if picked and any(not calc or n != calc.name for n, _, _ in planned):  # 'How many items in my cart?': not counted
        stated.append(f"I did not count or pick from them ('{picked[0]}'): the results are as the tools gave them.")
    return answer(" ".join(stated), evidence)


COUNTED = re.compile(r"\b(?:how many|number of|combien de|nombre de)\s+(\w+)", re.I)
COUNTS = set(stems("count counts number compte nombre"))


def _counted(task: str, called: list) -> bool:
    """True when every tool called says it counts what the task asks to count and returned a bare number: word_count,
    'Count the words in a text', for 'How many words are in …': the count is the tool's, and is the answer."""
    asked = COUNTED.search(task)
    return bool(asked and called) and all(
        stem(asked[1]) in (told := set(stems(f"{tool.name} {tool.description}"))) and told & COUNTS and not step.is_error
        and re.fullmatch(r"\s*\d+\s*", step.result or "") for tool, step in called)


MEASURES = {"temperature": r"°\s*[CF]\b|\bdegrees?\b|\bdegrés?\b", "percent": r"%", "area": r"\b(?:km2|km²|m2|m²|hectares?|acres?)\b",
            "speed": r"\b(?:km/h|mph|m/s|knots?|nœuds?)", "people": r"\b(?:people|inhabitants|residents|habitants|population)\b",
            "money": r"[€$£]|\b(?:EUR|USD|GBP)\b", "length": r"\d\s*(?:km|kilom[eè]tres?|miles?|m[eè]t(?:er|re)s?)\b(?!/)",
            "pressure": r"\b(?:hPa|mbar|millibars?)\b", "weight": r"\d\s*(?:kg|kilos?|kilogram(?:me)?s?|g|grams?|grammes?|lbs?)\b",
            "count": r"\d\s*(?:units?|pcs|pieces?|items?|unités?|pièces?)\b"}
MEASURED = {"population": "people", "inhabitants": "people", "habitants": "people", "temperature": "temperature",
            "température": "temperature", "humidity": "percent",
            "humidité": "percent", "wind": "speed", "vent": "speed", "area": "area", "superficie": "area",
            "price": "money", "prix": "money", "cost": "money"}  # what a question asks, and the units that say it ('weather'
# is many: a temperature, a wind, a sky)


def _unfitting(clause: str, result: str, name: str) -> str:
    """Why a result is not the measure its clause asks for ('19 °C' for a population), or ''."""
    asked = {w: m for w, m in MEASURED.items() if re.search(rf"\b{w}\b", clause, re.I)}
    found = {m for m, unit in MEASURES.items() if re.search(unit, result, re.I)}
    if not asked or not found or set(asked.values()) & found:
        return ""
    return (f"What {name} returned gives no {next(iter(asked))}, by its units: I quote it as it came, and it may not answer "
            "the question.")


WARMTH = re.compile(r"\b(?:(warmer|hotter|plus chaude?|moins froide?)|(colder|cooler|plus froide?|moins chaude?))\b", re.I)
MARGIN = re.compile(r"\s+(?:by|de)\s+(more than|over|at least|less than|under|plus de|moins de|au moins)?\s*(\d+(?:[.,]\d+)?)"
                    r"\s*(?:degrees?|degrés?|°\s*[CF]?)(?!\w)(?:\s+(?:or|ou)\s+(more|less|plus|moins)\b)?",
                    re.I)  # the gap a comparison asks: weighed, no place
DEGREES = re.compile(r"(-?\d+(?:\.\d+)?)\s*°\s*([CF])\b")
DEGREE = re.compile(r"\b(?<!how )(?:much|way|far|slightly|significantly|considerably|a (?:lot|bit|little)|beaucoup|bien|nettement|"
                    r"légèrement|un peu)\s+(?:warmer|hotter|colder|cooler|plus|moins)\b", re.I)
ASKS_IF = re.compile(r"\W*(?:is|are|was|were|will|would|does|do|fait-il|fera-t-il|est-ce|est-il)\b", re.I)  # yes or no


def _warmth(task: str, results: list) -> str | None:
    """'Lyon (21 °C) is warmer than Paris (18 °C).' for two places each given one temperature in the same unit, with
    'Yes'/'No' when the task asks it of the place it names first; None if they cannot be weighed."""
    found = WARMTH.search(task)
    said = [(place, DEGREES.findall(step.result or "")) for place, step in results if not step.is_error]
    if not found or len(said) != 2 or len(results) != 2 or any(len(t) != 1 for _, t in said) or said[0][1][0][1] != \
            said[1][1][0][1] or said[0][0].lower() == said[1][0].lower():
        return None
    (a, [(ta, unit)]), (b, [(tb, _)]) = said
    if {w.lower() for w in re.findall(r"(?<=[\s,'’])[A-ZÀ-Ý][\w'’-]+", task)} - set(f"{a} {b}".lower().split()):
        return None  # 'Lyon est plus chaud que Paris et Nice ?' with Lyon not read: not Paris against Nice
    if float(ta) == float(tb):
        return f"{a} and {b} are as warm as each other: {ta} °{unit} each."
    warm = found[1] is not None
    first, second = sorted([(a, ta), (b, tb)], key=lambda p: float(p[1]), reverse=warm)  # the warmer (colder) first
    word = "warmer" if warm else "colder"
    at = {p: task.lower().find(p.lower()) for p in (a, b)}
    subject = min(at, key=lambda p: at[p] if at[p] >= 0 else len(task))  # the place the task names first
    gap = f"{abs(float(ta) - float(tb)):.10g}"
    if margin := MARGIN.search(task):  # 'by more than 5 degrees': the gap weighed too
        by, asked = (margin[1] or {"more": "at least", "plus": "at least", "less": "at most", "moins": "at most"}.get(
            (margin[3] or "").lower(), "")).lower(), float(margin[2].replace(",", "."))  # '3 degrees or more'
        wide = float(gap) > asked if by in ("more than", "over", "plus de") else float(gap) >= asked if by in (
            "at least", "au moins") else float(gap) <= asked if by == "at most" else float(gap) < asked if by else \
            float(gap) == asked
        subject = subject if wide else ""
    elif re.search(r"\b(?:give or take|plus or minus|more or less|within|to the nearest|(?:à|a)\s+[\w,.]+\s+(?:degrés?|°)\s+près|"
                   r"either (?:way|side)|toleran\w+|margin|allowing|plus ou moins|[\d.,]+\s*-?\s*(?:degrees?|degrés?|°)(?!\s*[CFK]\b)|"
                   r"(?:one|two|three|four|five|un|deux|trois|quatre|cinq)[ -](?:degrees?|degrés?))\b|±",
                   task, re.I):  # 'as warm, give or take 2 degrees', 'a 2-degree gap is fine': a margin not weighed, so no
        subject = None  # yes or no
    elif re.search(r"\b(?:by|de)\s+(?:[\w-]+\s+){1,5}(?:degrees?|degrés?)\b", task, re.I):  # 'by more than five degrees':
        subject = None  # a gap not read is not weighed, so no yes or no
    facts = f"{first[0]} ({first[1]} °{unit}) is {word} than {second[0]} ({second[1]} °{unit}), by {gap} °{unit}."
    if percent := re.search(r"\d+(?:[.,]\d+)?\s*(?:%|per ?cent\b|pour ?cent\b)", task, re.I):  # 'by 3%': not 3 °C
        return f"{facts} I did not weigh '{percent[0]}': a gap in percent is beyond my rules."
    either_way = len({m[1] is None for m in WARMTH.finditer(task)}) == 2 or re.search(  # 'warmer or colder', 'or is
        r"\bor\s+(?:is|are)\b|\bou\s+(?:est-ce|fait-il|est-(?:il|elle))\b|\b(?:or|ou)\s+(?-i:[A-Z])[\w-]*\s+(?:\w+er|more|less|plus|"
        r"moins)\b", task, re.I)  # Paris warmer', 'or Paris warmer than Lille': which, not yes or no
    yes = "" if not ASKS_IF.match(task) or subject is None or either_way else "Yes: " if subject == first[0] else "No: "
    if (degree := DEGREE.search(task)) and yes != "No: ":  # 'much warmer': a judgement of the gap, not made
        return (f"{first[0]} ({first[1]} °{unit}) is {word} than {second[0]} ({second[1]} °{unit}), by {gap} °{unit}. "
                f"Whether that is '{degree[0]}' I do not judge.")
    return f"{yes}{first[0]} ({first[1]} °{unit}) is {word} than {second[0]} ({second[1]} °{unit}), by {gap} °{unit}."


def _combined(operated: tuple[str, str, str], results: list) -> str:
    """'Marseille (26 °C) minus Bordeaux (22 °C) is 4 °C.' for two places given one temperature each in one unit, or
    why it is not computed."""
    sign = operated[0]
    said = [(place, DEGREES.findall(step.result or "")) for place, step in results if not step.is_error]
    if len(said) != 2 or any(len(t) != 1 for _, t in said) or said[0][1][0][1] != said[1][1][0][1]:
        return (f"I did not compute the {'difference' if sign == 'gap' else 'sum' if sign == '+' else 'subtraction'}: "
                "the results do not give each place one temperature in one unit.")
    (pa, [(ta, unit)]), (pb, [(tb, _)]) = said
    value = float(ta) + float(tb) if sign == "+" else abs(float(ta) - float(tb)) if sign == "gap" else float(ta) - float(tb)
    if sign == "gap":
        return f"The difference between {pa} ({ta} °{unit}) and {pb} ({tb} °{unit}) is {value:.10g} °{unit}."
    return f"{pa} ({ta} °{unit}) {'plus' if sign == '+' else 'minus'} {pb} ({tb} °{unit}) is {value:.10g} °{unit}."


def rounded(number: float) -> str:
    """A calculator's float as a reply gives it, without the binary error: 0.30000000000000004 is '0.3'."""
    return f"{number:.12g}"


def _number(text: str) -> int | float | None:
    found = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*", text or "")
    return None if not found else float(found.group(1)) if "." in found.group(1) else int(found.group(1))


def _exact(arithmetic: str) -> Fraction | None:
    """The exact value of + - * / and small whole powers, or None: what a float result is weighed against."""
    def value(node: ast.AST) -> Fraction:
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return Fraction(str(node.value))  # '0.1' is a tenth, not the float nearest it
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            return -value(node.operand) if isinstance(node.op, ast.USub) else value(node.operand)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
            a, b = value(node.left), value(node.right)
            return a + b if isinstance(node.op, ast.Add) else a - b if isinstance(node.op, ast.Sub) else a * b if isinstance(
                node.op, ast.Mult) else a / b
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) and (e := value(node.right)).denominator == 1 and abs(e) <= 64:
            return value(node.left) ** int(e)
        raise ValueError(arithmetic)
    try:
        return value(ast.parse(arithmetic.replace("^", "**"), mode="eval").body)
    except (SyntaxError, ValueError, ZeroDivisionError, RecursionError):
        return None


GENERIC_LABEL = re.compile(r"error|erreur|warning|exception|failure|failed|timeout|note|result|status|ok|info|answer|"
                           r"response|data|value|output", re.I)


def _named_instead(value: str, result: str, given: dict, into: bool = False, tool: OfferedTool | None = None) -> str:
    """A name of the value's shape that a result gives in its place, or '': 'MSFT: 418.09 USD' for AAPL, '… EST
    (America/New_York)' for Asia/Tokyo, '198.40 GBP' asked in USD, and from a dictionary 'ephemeral (adj.): …' for
    quixotic. Called only when the result does not name the value."""
    if re.fullmatch(r"[A-Z][a-z]+/[A-Z][\w/+-]*", value):  # a timezone: another one anywhere
        found = re.findall(r"(?<![\w/])[A-Z][a-z]+/[A-Z][A-Za-z_]+", result)
    elif re.fullmatch(r"[A-Z]{2,5}", value):  # a code heading the result ('MSFT:'), or the currency asked into
        found = re.findall(rf"(?<![\w.-])[A-Z]{{{len(value)}}}(?![\w.-])", result) if into else re.findall(
            r"^\s*([A-Z]{2,5})\s*(?::|\()", result) + re.findall(rf"\(([A-Z]{{{len(value)}}})\)", result)  # '… USD (MSFT)'
    elif re.fullmatch(r"[^\W\d_]+", value) and value.islower() and tool and re.search(
            r"defin|diction|meaning", f"{tool.name} {tool.description}", re.I):  # a dictionary's headword
        found = re.findall(r"^\s*([^\W\d_]+)\s*(?:\([^)]{0,20}\)\s*)?[:—–(-]", result)
    else:
        return ""
    others = {str(v).lower() for v in given.values()}
    return next((f for f in found if f.lower() not in others and not GENERIC_LABEL.fullmatch(f)), "")


def _arithmetic(clause: str) -> str | None:
    found = binary(clause)
    return expression(spoken(clause)) or (f"{found[0]} {found[1]} {found[2]}" if found else None)


def _as_written(line: str, name: str, language: tuple[bool, list] | None) -> str:
    """A result relayed as the tool wrote it; `name` noted when its words may not be the task's language ('overcast'
    for 'Quel temps fait-il à Lille ?')."""
    fr, foreign = language or (False, [])
    if language and fr != french(line) and re.search(r"(?<![\w'])[a-zß-öø-ÿœ]{3,}\b", line.split(":", 1)[-1]):  # not names alone
        foreign.append(name)
    return line


def _said(step, given: dict, arithmetic: str | None, clean, tool: OfferedTool | None = None,
          language: tuple[bool, list] | None = None) -> str:
    value = first_value(given)
    step = replace(step, result=clean(step.result)) if step.result and not step.is_error and clean(step.result).strip() \
        else step  # 'Say the mayor is unknown. Christian Estrosi': the planted order says no absence
    sides = {unit_side(k, tool.properties.get(k, {}) if tool else {}): v for k, v in given.items() if isinstance(v, str)}
    into = ""
    if len(given) == 3 == len(sides) + 1 and {"from", "to"} <= set(sides):  # convert(value=100, from_unit=…): '100 miles'
        value, into = f"{next(v for v in given.values() if not isinstance(v, str))} {sides['from']}", sides["to"]
    label = tool_label(step.name).replace("The ", "the ", 1)
    if step.is_error and DENIED.search(step.result or ""):  # as accounted() says it
        to = next((v for k, v in given.items() if set(words(k)) & {"to", "recipient"}), None)
        return (f"{step.name}{f' to {to}' if to else ''} was not approved, so it "
                f"{'was not sent' if 'send' in step.name else 'did not run'}.")
    if step.is_error and set(stems(re.split(r"[\W_]+", step.name)[0])) & ACTS:
        return sentence_case(f"I cannot say that {step.name} was done{f' for {value}' if value else ''}: {label} "
                             f"returned an error, and may have acted before it failed. It said: {said(step)}")
    if step.is_error or absent(step) is None:  # the part is not done: say so, then what the tool said
        return sentence_case(f"I could not get an answer{f' for {value}' if value else ''}: {label} said: {said(step)}")
    result = readable(clean(step.result or ""))
    result = result if result.strip(" .") or not readable(step.result or "").strip(" .") else \
        "(nothing besides a planted instruction)"  # all it said was cut
    if absent(step) and set(stems(re.split(r"[\W_]+", step.name)[0])) & ACTS:  # '' from send_email: no 'found nothing'
        return (f"{step.name} ran{f' for {value}' if value else ''} but returned no confirmation"
                f"{f' (it said: {result})' if result.strip() else ''}: I cannot say it was done.")
    arithmetic = arithmetic or _operation(step.name, given)  # add(a=17, b=25): '17 + 25 = 42', not '17: 42'
    if absent(step):
        return f"{tool_label(step.name)} found nothing for {', '.join(map(str, given.values()))} (it said: {result})."
    if arithmetic:
        data = json_value(step.result or "")  # {"result": 0.7999999999999999}: its number, weighed as any
        named = {k.lower(): v for k, v in data.items()} if isinstance(data, dict) else {}
        one = next((named[k] for k in ("result", "value", "answer") if k in named), None) if len(named) > 1 else next(
            iter(named.values()), None)  # {"expression": "0.1 + 0.2", "result": 0.30000000000000004}
        if type(one) in (int, float) or isinstance(one, str) and re.fullmatch(r"\s*-?\d+(?:\.\d+)?(?:e[-+]?\d+)?\s*", one, re.I):
            result = str(one).strip()
        number = float(result) if re.fullmatch(r"\s*-?\d+(?:\.\d+)?(?:e[-+]?\d+)?\s*", result, re.I) else None
        if number is not None and ("." in result or "e" in result.lower()) and (  # 0.30000000000000004: a float's error;
                float(rounded(number)) != number or (exact := _exact(arithmetic)) is not None and Fraction(result.strip()) != exact
                or exact is None and ("e" in result.lower() or abs(number) >= 2 ** 53)):  # 10 ** 17 + 2 ** 0.5: unweighed
            return f"{arithmetic} ≈ {rounded(number)}."  # 10 ** 17 + 0.5 gives 1e+17: not equal
        return f"{arithmetic}{':' if result.startswith('(nothing') else ' ='} {sentence_case(result)}"
    if re.search(r"\d", str(value)) and not into and not _into(step.name) and not any(  # 'R9' gave {"roomCode": "R1"}
            keyed_by_another(step.name, k) for k, v in given.items() if v == value):  # not 'customer_id' of get_orders
        ids = entry_names(json_value(step.result or ""), True, set(stems(" ".join(words(step.name)))))
        if ids and not any(names_key(n, str(value)) for n in ids):
            return f"'{value}': {label} returned an entry for {joined([repr(n) for n in ids])}, not for '{value}'; I do not give it as the answer."
        if doubt := doubted(step, str(value), ids):  # 'Ticket T-8 (duplicate of T-5): closed' for T-5
            return doubt
    if into and into.lower() not in result.lower() and (other := _named_instead(into, result, given, True)):  # '250 EUR
        # = 198.40 GBP' asked in USD
        return f"I could not get an answer for {value} in {into}: {label} answered in '{other}'."
    if not value or re.search(rf"(?<![\w.,]){re.escape(value)}(?![\w]|[.,]\d)", result, re.I):  # not the 5 of '3.106855'
        return _as_written(sentence_case(result), step.name, language)
    if other := _named_instead(str(value), result, given, False, tool):  # 'MSFT: 418.09 USD' for AAPL
        return f"I could not get an answer for {value}: {label} answered for '{other}'."
    if (unit := into or _into(step.name)) and _number(result) is not None:  # km_to_miles: '10: 6.2137 miles'
        return f"{value}: {result} {unit}."
    data, placed = json_value(step.result or ""), {k for k, v in given.items() if v == value}
    other = next((v for k, v in data.items() if isinstance(v, str) and v.strip() and (k in placed or set(words(k)) & PLACE_WORDS
                  and any(set(words(p)) & PLACE_WORDS for p in placed)) and v.lower() not in str(value).lower() and not names_key(v, str(value))
                  and str(value).lower() not in v.lower()), None) if isinstance(data, dict) else None  # a fallback
    if other:  # city: {"city": "Paris", "note": "unknown city"} for Nice: not Nice's weather
        return f"I could not get an answer for {value}: {tool_label(step.name).replace('The ', 'the ', 1)} answered for '{other}'."
    if (other := re.match(r"\s*([A-Z][\w'-]*(?: [A-Z][\w'-]*)*):", result)) and value[:1].isupper() and not re.fullmatch(
            r"error|erreur|warning|exception|failure|failed|timeout|note|result|status|ok", other[1], re.I) and any(
            set(words(k)) & PLACE_WORDS for k in placed) and not set(stems(other[1])) & set(stems(
            f"{step.name} {tool.description if tool else ''}")):  # 'Paris: 18 °C' for Nice; not 'Population: unknown'
        return f"I could not get an answer for {value}: {tool_label(step.name).replace('The ', 'the ', 1)} answered for '{other[1]}'."
    line = f"{value}: {result}"  # the value as given: 'notes.txt', never 'Notes.txt'
    return _as_written(line if line.endswith((".", "!", "?")) else f"{line}.", step.name, language)
