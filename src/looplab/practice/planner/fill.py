"""Tool inputs from task text: an honest filler that never invents a value, and a fault-model placeholder."""

from __future__ import annotations

import json
import re
from functools import lru_cache

from looplab._jsonschema import validator_class

from ..view import OfferedTool, schema_of
from ._tools import about_words
from .interpret import MINUS, numbers_as_written
from .text import (
    CALENDAR,
    CONJUNCTIONS,
    EXCLUDING,
    MONTHS,
    NEGATORS,
    STOPWORDS,
    content_words,
    file_names,
    french,
    joined,
    polarity,
    quoted,
    stem,
    stems,
    uncontracted,
    words,
)

EMAIL = r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
NUMBER = r"(?<![\w.-])-?\d+(?:\.\d+)?(?![\w.-]*\d)"  # not the 12 of 'A-12', nor a date's parts
THANKS = {"thanks", "thank", "thx", "pls", "plz", "merci", "stp", "svp", "cheers"}  # no qualifier of the value before
COUNTRY = r"(?:[A-Z]{2,3}|France|Germany|Spain|Italy|Belgium|Switzerland|England|Canada|Japan|Texas)\b"  # 'Lyon France'
PLACE_WORDS = {"city", "location", "place", "town", "country", "region", "where"}
PERSON_WORDS = {"name", "person", "employee", "colleague", "contact", "who", "nom"}
PEOPLE = set(stems("employee employees colleague colleagues person people staff member members contact contacts customer "
                   "user users directory"))  # a tool about people, whose 'name' is a person's
ASKING = set(stems("call find get show look give tell email phone ring contact fetch check"))
FULL_NAME = r"(?<![\w'’-])(?:[A-ZÀ-Ý][a-zà-ÿ]+(?:-[A-ZÀ-Ý][a-zà-ÿ]+)?\s+){1,2}[A-ZÀ-Ý][a-zà-ÿ]+(?:-[A-ZÀ-Ý][a-zà-ÿ]+)?(?![\w-])"
CALC_WORDS = set("calc calculator calculate arithmetic math expression expr evaluate compute formula".split())
TO_WORDS = {"to", "recipient", "recipients", "email", "address", "destination"}
FILE_WORDS = {"path", "file", "filename", "name"}
OPERANDS = [("a", "b"), ("x", "y"), ("first", "second"), ("numerator", "denominator"), ("dividend", "divisor"),
            ("minuend", "subtrahend"), ("left", "right"), ("n1", "n2"), ("num1", "num2"), ("number1", "number2"),
            ("base", "exponent"), ("lhs", "rhs")]  # an operation's operands, in the order it writes them
OPERAND_WORDS = set("a b x y first second left right lhs rhs operand num1 num2 number1 number2 n1 n2 base exponent numerator "
                    "denominator dividend divisor minuend subtrahend".split())
OPERATORS = {op: set(names.split()) for op, names in [  # operator -> the names an `operation` enum may give it
    ("+", "add plus sum addition"), ("-", "subtract minus sub difference subtraction"), ("%", "mod modulo remainder"),
    ("*", "multiply times mul product multiplication"), ("/", "divide div quotient division"),
    ("**", "power pow exponent exponentiation")]}
SPOKEN = [(r"\bmultiplied by\b|\btimes\b|×|\bfois\b|\bmultipli[ée] par\b|(?<=\d\s)x(?=\s\d)", "*"),  # '3 x 4'
          (r"\bdivided by\b|÷|\bdivis[ée] par\b", "/"),
          (r"\bplus\b", "+"), (r"\bminus\b|\bmoins\b", "-"), (r"\bto the power of\b|\^", "**")]
SCALES = r"(?:celsius|fahrenheit|kelvin)"  # a scale's name says the enum value that is its initial: 'to Fahrenheit', 'F'
_VALIDATORS: dict[str, object] = {}


@lru_cache(maxsize=1024)  # pure: the same clauses come back every turn
def expression(text: str) -> str | None:
    """The first arithmetic expression in `text` ('12 * (3 + 5)'), or None."""
    text = numbers_as_written(text).replace("−", "-")  # '3,5' is 3.5, '1 850' is 1850; '−5' (U+2212) is -5
    for found in re.finditer(r"(?:(?<![\w).])-\s*)?(?:(?<![\w.])(?<!\d['’])\d|\()[\d\s.+\-*/()%^×÷]*", text):  # '-215 + 95'
        if re.match(r"\d(?:[\w.]|['’]\d)", text[found.end() - 1:]):  # not '.5', '1_000', "1'000", '3x', '3e5'
            continue
        if re.search(r"[+*/^×÷]$", found[0].strip()) and not re.search(r"\w", text[found.end():]):  # '2 + 2 + ?'
            continue
        run = found[0].strip().rstrip("+-*/%^×÷ .").strip()  # '10 - 3.' ends a sentence, not a number
        while run.count("(") > run.count(")") and run.startswith("(") and text[found.end():].count(")") > text[
                found.end():].count("("):  # '(about 5 * 2)', not 'Compute (5 + 2 * 3'
            run = run[1:].strip()
        while run.count(")") > run.count("(") and run.endswith(")") and text[:found.start()].count("(") > text[
                :found.start()].count(")"):  # '(about 5 * 2)', not 'Compute 5 * 2 + 3)'
            run = run[:-1].strip()
        if re.search(r"\d\s*\)*\s*(?:\*\*|[-+*/×÷%^])\s*\(*\s*-?\s*\d", run):  # '-7 * -6'
            return re.sub(r"\s", " ", run.replace("×", "*").replace("÷", "/"))  # a no-break space is a space
    return None


OPERATOR_WORDS = r"(?:times|plus|minus|divided|multiplied|by|fois|moins|divisé|par|to)\b"
SCALED = (r"\b(?:(twice|(?:the\s+|le\s+)?double(?:\s+(?:of|de|du))?)|(half(?:\s+of)?|(?:la\s+)?moitié\s+(?:de|du)))")  # 'twice 4'
SCALES_LEFT = re.compile(r"\b(?:twice|double|half|moitié)\b", re.I)  # one not read as an operation: no word of it is placed


def strays(text: str) -> list[str]:
    """The signs inside arithmetic that the calculator takes no part in: '€' of '12 € + 3 €', ':' of '12 : 4'."""
    if not re.search(r"\d\s*[€$£¥]?\s*(?:[-+*/×÷]|\s:)\s*[€$£¥]?\s*\d", text):
        return []
    return list(dict.fromkeys(m[1] or m[2] or ":" for m in re.finditer(
        r"(?<=\d)\s?([€$£¥])|([€$£¥])\s?(?=\d)|(?<=\d)\s+:\s+(?=\d)", text)))


def _percent(found: re.Match) -> str:
    """'15% of 80' -> '15 * 80 / 100', in brackets after an operator ('100 - (15 * 80 / 100)')."""
    after = re.search(rf"(?:[-+*/^×÷(]|{OPERATOR_WORDS})\s*$", found.string[:found.start()], re.IGNORECASE)
    share = f"({found[1]})" if "/" in found[1] else found[1]  # '1/2 % of 600' is (1/2) * 600 / 100
    return f"({share} * {found[2]} / 100)" if after else f"{share} * {found[2]} / 100"


def _grouped(found: re.Match, op: str) -> str:
    """'the sum of 3 and 4' as '3 + 4', in brackets where an operation or a verb that takes it comes before or after
    ('double the sum of 2 and 3')."""
    before, after = found.string[:found.start()], found.string[found.end():]
    inside = re.search(rf"(?:[-+*/^×÷(]|\b(?:{OPERATOR_WORDS[3:-3]}|multiply|divide|multiplie[rz]?|divise[rz]?|add|"
                       r"additionne[rz]?|power of|puissance|twice|double|half|of|de|du))\s*$", before, re.I) or re.match(
        rf"\s*(?:[-+*/^×÷)]|(?:{OPERATOR_WORDS[3:-3]}|and|et|à la puissance)\b)", after, re.I)
    return f"({found[1]} {op} {found[2]})" if inside else f"{found[1]} {op} {found[2]}"


@lru_cache(maxsize=1024)
def spoken(text: str) -> str:
    """`text` with spoken arithmetic as symbols: '7 times 6' -> '7 * 6', '15% of 80' -> '15 * 80 / 100'."""
    num = r"(-?\d+(?:\.\d+)?)"
    text = numbers_as_written(text)  # '1 000' is one number before '50% of' takes it
    text = re.sub(rf"(?<![\d.,/])(?<!\d\s)(\d+/\d+|\d+(?:\.\d+|,\d{{1,2}})?)\s*(?:%|\bper ?cent\b|\bpour ?cent\b)\s+(?:of|de)\s+(\d+(?:\.\d+|,\d{{1,2}})?)"
                  rf"(?![\d.,%]|\s*(?:[-+*/^×÷(%]|p(?:e|ou)r ?cent\b|{OPERATOR_WORDS}))", _percent, text, flags=re.IGNORECASE)
    operation = (r"(?:\s*(?:\*\*|[-+*/^×÷]|times|plus|minus|divided by|multiplied by|to the power of|fois|moins|divisé par)"
                 r"\s*-?\d+(?:\.\d+)?)")  # 'Subtract 3 from 10 times 2' is (10 * 2) - 3
    text = re.sub(rf"\bsubtract\s+{num}\s+from\s+(-?\d+(?:\.\d+)?{operation}*)", lambda m: f"({m[2]}) - {m[1]}" if re.search(
        operation, m[2]) else f"{m[2]} - {m[1]}", text, flags=re.IGNORECASE)
    text = re.sub(rf"\b(?:(?:the|la)\s+)?(?:sum of(?=\s+\S+\s+and\b)|somme de(?=\s+\S+\s+et\b))\s+{num}\s+(?:and|et)\s+{num}",
                  lambda m: _grouped(m, "+"), text, flags=re.I)  # '5 times the sum of 5 and 1' is 5 * (5 + 1)
    text = re.sub(rf"\b(?:(?:the|le)\s+)?(?:product of|produit de)\s+{num}\s+(?:and|by|par|et)\s+{num}", lambda m: _grouped(m, "*"),
                  text, flags=re.IGNORECASE)
    group = r"(-?\d+(?:\.\d+)?|\([^()]*\))"  # 'multiply the sum of 2 and 3 by 2': (2 + 3) * 2
    text = re.sub(rf"\b(?:add|additionne[rz]?)\s+{group}\s+(?:and|to|et|à)\s+{group}", r"\1 + \2", text, flags=re.I)
    text = re.sub(rf"\b(?:multiply|multiplie[rz]?)\s+{group}\s+(?:and|by|par|et)\s+{group}", r"\1 * \2", text, flags=re.IGNORECASE)
    text = re.sub(rf"\b(?:divide|divise[rz]?)\s+{group}\s+(?:by|par)\s+{group}", r"\1 / \2", text, flags=re.IGNORECASE)
    while found := list(re.finditer(rf"{SCALED}\s+(?:the\s+|la\s+|le\s+)?({num}|\([^()]*\))(?![\d.,%])", text, re.I)):
        m = found[-1]  # 'twice 4', 'half of 90', 'le double de 4'; 'half of twice 10' from the inside out
        inner = f"2 * {m[3]}" if m[1] else f"{m[3]} / 2"
        beside = re.search(rf"(?:[-+*/^×÷(]|\b(?:{OPERATOR_WORDS[3:-3]}|of|de|du))\s*$", text[:m.start()], re.I) or re.match(
            rf"\s*(?:[-+*/^×÷)]|(?:{OPERATOR_WORDS[3:-3]}|squared|cubed|au carré)\b)", text[m.end():], re.I)
        text = text[:m.start()] + (f"({inner})" if beside else inner) + text[m.end():]
    for pattern, op in SPOKEN:
        text = re.sub(rf"(?<!\s)\s*(?:{pattern})\s*", f" {op} ", text, flags=re.IGNORECASE)  # (?<!\s): not again from each space of a run
    return text


@lru_cache(maxsize=1024)
def binary(text: str) -> tuple[float | int, str, float | int] | None:
    """(a, operator, b) when the text's arithmetic is one operation on two numbers ('7 times 6')."""
    found = expression(spoken(text))
    parts = found and re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*(\*\*|[-+*/%])\s*(-?\d+(?:\.\d+)?)\s*", found)
    return (_number(parts.group(1)), parts.group(2), _number(parts.group(3))) if parts else None


WHEN = set("""today tomorrow tonight yesterday weekend week month year morning afternoon evening night noon midnight dawn dusk
sunset sunrise lunchtime aujourd hui demain hier soir matin midi minuit nuit lundi mardi mercredi jeudi vendredi samedi
dimanche""".split()) | {d for d in CALENDAR if not d.startswith(tuple(MONTHS))}  # 'in Lyon Tonight', 'à Paris Demain'
NO_PLACE = WHEN | CALENDAR | set("""janvier février fevrier mars avril mai juin juillet août aout septembre octobre novembre
décembre decembre jan feb mar apr jun jul aug sep sept oct nov dec ce cet cette next last this new an nouvel fahrenheit celsius
kelvin rankine réaumur winter summer spring fall autumn summertime wintertime springtime hiver été printemps automne christmas
easter halloween thanksgiving eve noël pâques paques toussaint pentecôte pentecote carnaval carnival ramadan diwali hanukkah
english french spanish german italian portuguese dutch japanese chinese russian arabic greek korean anglais français
espagnol allemand italien portugais néerlandais japonais chinois russe arabe grec coréen""".split())  # no town: 'in
# Fahrenheit', 'à Noël', 'and in English?', 'at New Year', 'in Aug'


def place(text: str) -> str | None:
    """The place a clause names: 'in Oslo', 'for New York', 'à Lyon', or a clause that is only a name; not 'in July',
    'in Fahrenheit', 'à Noël' or 'in Lyon Tonight' (a unit, a time, a feast: no town to ask the weather of); 'Chiang
    Mai' and 'Saint-Mars-la-Jaille' are towns."""
    found = _place(text)
    named = words(found or "")
    return None if found and (set(named) <= NO_PLACE or named[-1] in WHEN or any(map(AFTER_TOWN.fullmatch, named[1:]))) else found


AFTER_TOWN = re.compile(r"fah?r\w*|far[ea]n\w*|cel[cs]\w*|kelv\w*|centigr\w*|[fck]|merci|please|pls|thanks|svp|stp|downtown|"
                        r"cent(?:re|er)|centre-?ville")  # 'in Lyon Farenheit', 'à Lyon Merci', 'Paris Centre': no part of a town's name


@lru_cache(maxsize=1024)
def _place(text: str) -> str | None:
    found = re.search(rf"\b(?:in|at|for|of|à|pour|between|entre{'|a|de|du' * french(text)})\s+(?:both\s+)?((?:[A-Z][\w'-]*)"
                      rf"(?:\s+(?!{COUNTRY})[A-Z][\w'-]*)*)", text)  # 'à Lyon' typed 'a Lyon' in a French task
    part = found and re.search(r"\b(?:in|at|for|near)\s+(?:the\s+|a\s+)?(\w+)\s+of\s+$", text[:found.start(1)])
    if found and (part and part[1].lower() not in PLACE_WORDS  # 'for the city of Lyon' is Lyon
                  or re.match(r"['’]s\s+\w", text[found.end(1):]) or re.search(r"['’]s?$", found[1])):  # "Lyon's"
        return None  # 'in the capital of France', "in Paris's suburbs": another place, named through this one
    if found and ({w.lower() for w in found[1].split()[1:]} & (STOPWORDS | CALENDAR | NEGATORS | {"today", "tomorrow"})
                  or found[1].split()[0].lower() in STOPWORDS - {"the", "la", "le", "les", "el", "los", "las"}
                  or re.search(r"\d", found[1]) or re.match(r"\.[A-Z]\b", text[found.end(1):])
                  or re.search(r"-[a-zà-ÿ][^\W\d_]*$", found[1])):  # 'in Lyon2', 'in L.A.', 'in Lyon-area'
        return None  # 'in Lyon Tomorrow', 'in Lyon Or Paris', 'in My Town', 'in Here': no city of that name
    if found and not set(words(found.group(1))) <= CALENDAR:  # 'for Tuesday' is a when; 'in summer' is no name
        return found.group(1)
    bare = re.fullmatch(r"\s*([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)\s*", text) or re.search(
        r"(?:\b(?i:is|was|are|were)\s+|:\s*)([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)\b(?!['’-]|\.[A-Z]\b)", text)  # 'Is Paris warmer'
    name = bare and re.sub(r"^(?:IN|In|AT|At|FOR|For|À)\s+(?=[A-ZÀ-Ý])", "", bare.group(1))  # 'IN PARIS', 'In Nantes'
    return name if name and name.lower() not in STOPWORDS and words(name)[0] not in SKY_WORDS else None


SKY_WORDS = set("""forecast forecasts weather temperature temperatures rain wind météo meteo prévision prévisions prevision
previsions température temperature pluie vent""".split())  # 'Forecast Paris' asks of Paris, no town 'Forecast Paris'


def person(found: re.Match) -> str:
    """A full name as written, without the verb a sentence starts with ('Call Alice Martin'), unless it owns ('Alice's')
    or is all the text ('Bruno Keller', a clause of 'Alice Martin and Bruno Keller')."""
    if re.search(r"(?:^|[.!?])\s*$", found.string[:found.start()]) and not re.match(r"['’]s\b|\W*$", found.string[found.end():]):
        return found[0].split(None, 1)[1] if len(found[0].split()) > 2 else ""
    return found[0]


UNIT = r"(?:degr(?:ee|é)s?\s+)?(?P<{}>°?\s?[^\W\d_]+)"  # '30 degrees Celsius' is in Celsius
ENDS = r"(?:\W+(?:please|pls|thanks|svp|stp|merci|s['’]il (?:te|vous) pla[iî]t))?\W*$"  # nothing after it but a courtesy
CONVERSIONS = [  # (number, its unit, the unit asked): '100 miles to km', 'How many kg is 150 lb?', 'combien de km font 8 miles'
    re.compile(rf"(?<![\w.])(?P<n>-?\d+(?:\.\d+)?)\s*{UNIT.format('a')}\s+(?:to|into|in|en|vers)\s+{UNIT.format('b')}{ENDS}", re.I),
    re.compile(rf"\b(?:how many|combien d[e'’]\s*)\s*{UNIT.format('b')}\s+(?:is|are|in|make|makes|equals?|font|fait|dans|en|y a-t-il "
               rf"dans)\s+(?P<n>-?\d+(?:\.\d+)?)\s*{UNIT.format('a')}{ENDS}", re.I)]


def conversion(tool: OfferedTool, text: str) -> dict | None:
    """The input of a converter (a tool that says it converts) whose one number and two strings are a value, its unit
    and the unit asked for (by their names or descriptions: 'from_unit', 'Target unit'), when the text ends on one
    such conversion. Never transfer(amount, from_account, to_account) for 'Send 100 dollars to Bob'."""
    if not re.search(r"conver", f"{tool.name} {tool.description}", re.I):
        return None
    props = tool.properties
    numeric = [p for p in props if _kind(props[p]) in ("integer", "number") and "enum" not in props[p]]
    sides = {unit_side(p, s): p for p, s in props.items() if _kind(s) == "string" and "enum" not in s}
    found = [m for pattern in CONVERSIONS if (m := pattern.search(numbers_as_written(text).replace("−", "-")))]
    if len(numeric) != 1 or len(sides) != 2 or set(sides) != {"from", "to"} or len(found) != 1 or any(
            w.lower() in STOPWORDS for w in found[0].group("a", "b")):
        return None
    value = _number(found[0]["n"])
    if _kind(props[numeric[0]]) == "integer" and isinstance(value, float):
        return None
    return {numeric[0]: value, sides["from"]: re.sub(r"\s", "", found[0]["a"]), sides["to"]: re.sub(r"\s", "", found[0]["b"])}


def _unit_fits(text: str, prop: str) -> bool:
    """False when the task's one number has a unit or label `prop` (with what it says it is) does not name: '8pm'."""
    around = re.search(rf"([^\W\d_]+)?\W*{NUMBER}\s*(%|°?\s*[^\W\d_]+)?", text)  # '30 °F' is no Celsius
    word = around[2] and {"%": "percent", "°c": "celsius", "°f": "fahrenheit", "c": "celsius", "f": "fahrenheit"}.get(
        re.sub(r"\s", "", around[2].lower()), around[2].lower().lstrip("° "))
    word = word if word and word not in STOPWORDS else (around[1] or "").lower()
    return not word or word in STOPWORDS or stem(word) in stems(prop)


def _number(text: str) -> float | int:
    return float(text) if "." in text else int(text)


ENUM_TYPES = {str: "string", bool: "boolean", int: "integer", float: "number", type(None): "null"}


def one_type(spec: dict) -> str | None:
    """A property's one type, nullable forms included: 'number' for ["number", "null"] or an anyOf of the two; an enum
    without a type (the SDK's parse sends a Literal so) has its values' type."""
    kinds = spec.get("type", [branch.get("type") for branch in spec.get("anyOf", []) if isinstance(branch, dict)] or [
        ENUM_TYPES.get(type(v)) for v in spec.get("enum", [])])
    kinds = {k for kind in ([kinds] if isinstance(kinds, str) else kinds)  # a branch may hold a type list too
             for k in (kind if isinstance(kind, list) else [kind])} - {"null"}
    return next(iter(kinds)) if len(kinds) == 1 else None


def _kind(schema: dict) -> str:
    return one_type(schema) or "string"


# a word that makes an enum value another one: 'extra large', 'larger than medium', 'from urgent', 'the day after
# tomorrow'
DEGREE = (r"(?:than|from|above|below|over|under|beyond|past|after|before|very|extra|super|ultra|too|more|less|most|"
          r"least|quite|really|slightly|que|de|très|plus|moins|trop|après|avant)")


def scales(tool: OfferedTool | None, value: dict | None = None) -> str:
    """The scales an enum value of the tool (of `value`, an input, if given) or a property name says, in words:
    'F' says 'fahrenheit °f degrees'."""
    given = [v for p, v in (value or {}).items() if "enum" in tool.properties.get(p, {})] if tool else []
    names = [w for w in SCALES[3:-1].split("|") if tool and (w in (value or tool.properties) or any(
             w[0].upper() == v for p in tool.properties.values() for v in (given if value else p.get("enum", []))))]
    return " ".join([*names, *(f"°{w[0]}" for w in names), *["degrees"] * bool(names)])


def unit_side(prop: str, schema: dict) -> str | None:
    """'from' or 'to' when a property's name and description say which side of a conversion it is, else None:
    'The scale of the given value' is the number's own, 'Target unit' the one to convert to."""
    said = re.sub(r"\bto\s+(?:convert|change)\b(?!\s+(?:to|into)\b)", " ",  # 'the temperature to convert': no side
                  f"{prop.replace('_', ' ')} {schema.get('description', '')}", flags=re.I)
    source = re.search(r"\b(?:from|source|input|given|original|current|initial|donnée|départ|actuelle)\b", said, re.I)
    target = re.search(r"\b(?:to|into|target|output|result|desired|wanted|cible|vers|souhaitée|sortie)\b", said, re.I)
    return "from" if source and not target else "to" if target and not source else None


def _enum_value(prop: str, schema: dict, text: str, op: str | None) -> object | None:
    """The one enum value the text names (or whose operator the text's arithmetic uses), else None. A scale's property
    takes the number's own scale ('21.5 °C') or the other one named, as its description says; if it says neither
    while the task names both, it is not guessed."""
    data = [q for q in quoted(text) if q.lower() not in {str(v).lower() for v in schema["enum"]}]  # 'high tide call'
    unit = rf"°\s*[^\W\d_]+|(?<=\d)\s?(?:[CF]|(?i:(?:degr\w+\s+)?{SCALES}))\b"  # '21.5 °C': a number's unit
    own = {re.sub(r"(?i)[°\s]|degr\w+", "", u)[:1].upper() for u in re.findall(unit, text)}
    side = unit_side(prop, schema) if any(re.fullmatch(rf"[CFK]|{SCALES}", str(v), re.I) for v in schema["enum"]) else "to"
    if side == "from":
        hits = [v for v in schema["enum"] if str(v)[:1].upper() in own]
        return hits[0] if len(own) == len(hits) == 1 else None
    if side is None and own:
        return None
    text = re.sub(unit, " ", text)
    said = {stem(w) for w, kept in polarity(re.sub("|".join(map(re.escape, data)) or "^$", " ", text)) if kept}
    said |= {w[0] for w in said if re.fullmatch(SCALES, w + "s" * (w == "celsiu"))}  # 'to Fahrenheit' names 'F'
    named = [v for v in schema["enum"] if isinstance(v, str) and v and set(map(stem, words(v))) <= said
             and not _excluded(text, v) and not re.search(rf"\b{DEGREE}\s+{re.escape(v)}\b", text, re.IGNORECASE)]
    if not named and op:
        named = [v for v in schema["enum"] if isinstance(v, str) and v.lower() in OPERATORS[op]]
    return named[0] if len(named) == 1 else None


LABELS = {"subject": ("titled", "entitled", "objet", "sujet"), "title": ("titled", "entitled", "intitulée?", "titre"),
          "body": ("saying", "that says", "texte", "corps", "contenu"), "text": ("saying", "that says", "texte")}


def labels(tool: OfferedTool) -> str:
    """The words a task may name the tool's fields by ('saying' for a body, 'titled' for a title)."""
    return " ".join(w for p in tool.properties for w in LABELS.get(p.lower(), ()))


def _string_values(tool: OfferedTool, prop: str, text: str, others: int) -> list[str]:
    names = set(words(prop))
    candidates = []
    if names & TO_WORDS:  # not 'bob@x.com's manager', 'the manager of bob@x.com', 'from bob@x.com', 'cc bob@x.com'
        before = "|".join(["of", "from", "by", "de", "du", "d'", "b?cc", *map(re.escape, set(tool.properties) - {prop})])
        candidates = [e for e in re.findall(EMAIL, text) if not re.search(
            rf"\b(?:{before})\s*:?\s*{re.escape(e)}|{re.escape(e)}['’]s\b", text, re.IGNORECASE)
            and not any(e in q != e for q in quoted(text))]  # not body 'Contact alice@y.com'
    elif names & PLACE_WORDS:  # 'in Lyon', 'city=Lyon', 'get_weather(Lyon)'
        candidates = [place(text)] if place(text) else re.findall(
            rf"(?:\b{re.escape(prop)}\s*=|\b{re.escape(tool.name)}\()\s*([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)\s*(?=$|[,;)?!.])", text)
    elif names & CALC_WORDS:
        candidates = [expression(spoken(text))] if expression(spoken(text)) else []
    elif names & FILE_WORDS and file_names(text):  # not notes.txt for 'delete notes.txt only if it is empty'
        named = [f for f in file_names(text) if not re.search(rf"[^\s'\"‘“(\[<:,;]{re.escape(f)}", text)]  # not 'a+b.txt'
        candidates = [f for f in named if not _qualified(tool, text, f, before=False)]
        candidates = named if len(named) > len(candidates) > 0 else candidates  # 'notes.txt + old.txt': which?
        candidates = [next((q for q in quoted(text) if f in q), f) for f in candidates]  # "my notes.txt" is the name
    elif names & {"id", "number", "code", "ref", "reference", "num"}:  # 'Is flight AF1234 on time?', 'order A-17'
        candidates = re.findall(r"(?<![\w-])[A-Z]{1,4}-?\d+[A-Z\d]*(?![\w-])", text)
    elif names & PERSON_WORDS and about_words(tool) & PEOPLE:  # 'What's Alice Martin's email?': a full name
        candidates = [n for n in map(person, re.finditer(FULL_NAME, text)) if n and not set(words(n)) & (STOPWORDS | CALENDAR)
                      and stem(words(n)[0]) not in about_words(tool) | ASKING]  # not 'Remove Bob' for remove_user
    if not candidates:
        label = "|".join([re.escape(prop), *LABELS.get(prop.lower(), ())])  # 'saying "Hi"' names a body
        labelled = re.search(rf"\b(?:{label})\s*(?:[:=]|is)?\s*(?:\"([^\"\n]+)\"|“([^”\n]+)”|['‘]([^'’\n]+))",
                             text, re.I)  # "Bob's party" whole: an apostrophe ends only a value in single quotes
        candidates = [next(g for g in labelled.groups() if g)] if labelled else quoted(text) if others == 1 else []
        candidates = candidates or _told(tool, prop, text)
        candidates = [c for c in candidates if not _qualified(tool, text, c)]  # not "'green tea' prices"
    return [c for c in dict.fromkeys(candidates) if not _excluded(text, c)]  # one, or none it can stand behind


PROSE = {"subject", "body", "message", "text", "title", "note", "content", "comment", "description", "msg", "caption"}


def _told(tool: OfferedTool, prop: str, text: str) -> list[str]:
    """A value named by its property without quotes, running to the next property named or to the end of the task:
    'Hi' and 'Hello' in 'Email ana@x.com with the subject Hi and the body Hello.'"""
    if not set(words(prop)) & PROSE:  # an id, a name or a place is never read this way ('the client_id it returns')
        return []
    others = "|".join(re.escape(p) for p in tool.properties if p != prop)
    found = re.search(rf"\bthe\s+{re.escape(prop)}\s+(?!(?:line|field|of|to|is|as)\b)([^\s'\"‘“][^\n'\"‘“]*?)"
                      rf"(?=(?:\s+and|\s*,)\s+the\s+(?:{others or '$^'})\b|[.!]?\s*$)", text, re.I)
    value = found and found[1]
    # never 'the total of ...' (a value to work out), a condition, a second request or another field inside it
    return [value] if value and len(value.split()) <= 12 and not re.search(
        rf"^(?:the|a|an|my|our|your|their|its|this|that|these|those|it|they|which|who)\b|\bthe\s+(?:{others or '$^'})\b|"
        r"\b(?:if|unless|when|whenever|once|only|but|then|after|before|and|or|because|except)\b", value, re.I) else []


# 'anything but x', 'instead of x', 'au lieu de x', and an example ('e.g. x', 'such as x'): x is not the value
OTHER_THAN = re.compile(r"\b(?:(?:any|every|no|some)(?:thing|one|body|where)?|all)\s+but\b|\binstead of\b|"
                        r"\brather than\b|\bavoid(?:ing)?\b|\bau lieu d|\bplutôt qu|\bautre qu|\bailleurs qu|"
                        r"\be\.\s?g\b\.?|\bfor (?:example|instance)\b|\bsuch as\b|\bpar exemple\b|\btel(?:le)?s? qu",
                        re.IGNORECASE)


def _excluded(text: str, value: str) -> bool:
    """Whether a negation, exception or 'e.g.' before `value` in its clause excludes it ('except notes.txt')."""
    at = re.search(rf"(?<![\w@.-]){re.escape(value)}(?![\w@-])", text, re.IGNORECASE)
    before = uncontracted(text[:at.start() if at else 0])
    before = OTHER_THAN.sub(" except ", before)  # before the split: 'but' is a conjunction elsewhere
    clause = re.split(rf"[,;.?!]\s|\b(?:{'|'.join(CONJUNCTIONS)})\b", before)[-1]
    return bool(set(words(clause)) & NEGATORS or EXCLUDING.search(clause))


def asks(tool: OfferedTool, text: str) -> bool:
    """Whether a word of `text` not negated (or its arithmetic's operator) names the tool or its properties."""
    found = binary(text)
    kept = {w for w, keep in polarity(OTHER_THAN.sub(" not ", text)) if keep}
    said = {stem(w) for w in content_words(text) if w in kept} | (OPERATORS[found[1]] if found else set())
    return bool(said & about_words(tool))


def around(text: str, value: str) -> tuple[str, str] | None:
    """The words before and after `value` in its part of the text (between clause edges), or None if absent."""
    at = re.search(rf"(?<![\w.]){re.escape(value)}(?![\w]|\.\d)", text)
    if not at:
        return None
    edge = rf"[,;.?!]\s|[,;.?!]$|\b(?:{'|'.join(CONJUNCTIONS | NEGATORS)})\b|{OTHER_THAN.pattern}|{EXCLUDING.pattern}"
    return re.split(edge, text[:at.start()])[-1], re.split(edge, text[at.end():])[0]


def _qualified(tool: OfferedTool, text: str, value: str, unit: bool = False, before: bool = True) -> bool:
    """Whether a word next to `value` says more than the tool (or an enum's value) takes: 'twice' in '100 EUR twice'."""
    sides = around(text, value)
    if sides is None:
        return False
    enums = " ".join(str(v) for p in tool.properties.values() for v in p.get("enum", []))
    takes = about_words(tool) | set(stems(f"{enums} {scales(tool)} {labels(tool)}"))  # 'subject 'Hi' saying …'
    left, after = ([w for w in words(side) if w not in STOPWORDS | THANKS] for side in sides)  # not 'notes.txt thanks'
    after = after[1:] if unit and after[:1] and stem(after[0]) in takes else after  # '5 minutes'
    return any(stem(w) not in takes for w in (left[-1:] if before else []) + after[:1])


CHANGE_VERBS = re.compile(r"\b(?:rais|lower|increas|decreas|reduc|cut|drop|lift|boost|bump|augment|baiss|abaiss|diminu|"
                          r"r[ée]dui|mont(?:e|er|ez)\b|hauss)\w*", re.IGNORECASE)
DELTA = set(stems("change delta increment decrement offset step adjustment difference relative"))  # a property of a change


def _relative(tool: OfferedTool, prop: str, text: str, value) -> bool:
    """Whether the text gives `value` as a change of what `prop` sets, whose new value is then unsaid: 'Lower the heating
    by 2', 'Drop it 2 degrees', 'Augmente le budget de 300' ('Raise it to 21' says it); a tool named for the change
    (increase_budget) or a property that is one ('delta') takes it."""
    before = (around(text, str(value)) or ("", ""))[0]
    verbs = list(CHANGE_VERBS.finditer(before))
    named = set(stems(" ".join([tool.name.replace("_", " "), prop, str(tool.properties[prop].get("description", ""))])))
    if {stem(v[0].lower()) for v in verbs} & named or named & DELTA:
        return False
    return bool(re.search(r"\bby\s*$", before, re.I) or verbs and not re.search(r"\b(?:to|à|at)\b", before[verbs[-1].end():], re.I))


def fill_input(tool: OfferedTool, text: str) -> dict | str:
    """A schema-valid input for `tool` from `text`, or a one-line reason naming the property it could not fill."""
    props, text = tool.properties, MINUS.sub("-", text)  # '–18 °C': the sign typed as a dash is kept
    if converted := conversion(tool, text):
        return invalid(tool, converted) or converted
    required = [p for p in tool.required if p in props]
    found = binary(text)
    numbers = [found[0], found[2]] if found else [_number(n) for n in re.findall(NUMBER, text)]
    numeric = [p for p in props if _kind(props[p]) in ("integer", "number") and "enum" not in props[p]]
    number_props = [p for p in numeric if p in required] or numeric
    pair = next((o for o in OPERANDS if {p.lower() for p in number_props} == set(o)), None)  # b listed before a
    number_props = sorted(number_props, key=lambda p: pair.index(p.lower())) if pair else number_props
    positional = len(number_props) == len(numbers) and (
        len(numbers) == 1 and _unit_fits(text, f"{number_props[0]} {words(tool.name)[0]} " + re.split(  # 'Square 7'
            r"\b(?:not|no|never)\b", props[number_props[0]].get("description", ""))[0])
        or found is not None and all(set(words(p)) & OPERAND_WORDS for p in number_props))  # in the arithmetic's order
    labelled = {p: _number(m[2]) for p in number_props if (m := re.search(  # 'Call add with a '17', b '25''
        rf"(?<![\w-]){re.escape(p)}\s*[:=]?\s*(['\"]?)(-?\d+(?:\.\d+)?)\1(?![\w.,]*\d)", text, re.I))}
    labelled = labelled if len(labelled) == len(number_props) and not positional and re.search(
        r"\b(?:with|avec)\b|[:=]", text) else {}  # each named in a call's list, or none: not 'How many km is 8 miles?'
    strings = sum(1 for p in required or props if _kind(props[p]) == "string" and "enum" not in props[p])
    filled: dict = {}
    for prop, schema in props.items():  # each a dict (OfferedTool.properties)
        value, several = None, []
        if "enum" in schema:
            value = _enum_value(prop, schema, text, found and found[1])
        elif prop in number_props:
            value = numbers[number_props.index(prop)] if positional else labelled.get(prop)
            value = None if found is None and (_qualified(tool, text, str(value), unit=True) or _relative(
                tool, prop, text, value)) else value
            if _kind(schema) == "integer" and isinstance(value, float):
                value = int(value) if value.is_integer() else None
        elif _kind(schema) == "string":
            several = _string_values(tool, prop, text, strings if prop in (required or props) else 0)  # no 'cc'
            value = several[0] if len(several) == 1 else None
        if value is not None:
            filled[prop] = value
        elif prop in required and len(several) > 1:  # 'to bob@x.com and alice@y.com': one email each, or one to both?
            return f"I could not tell the '{prop}' for {tool.name}: the task gives {joined(several)}, and it takes one"
        elif prop in required:
            return f"I could not tell the '{prop}' for {tool.name} from the task"
    return invalid(tool, filled) or filled


RANGE = re.compile(r"(?<![\w.,])(-?\d+(?:[.,]\d+)?)\s*(?:°\s*[CF]?\s*)?(?:-|–|to|à|and|et)\s*(-?\d+(?:[.,]\d+)?)(?![\w.,]*\d)|"
                   r"\bmin(?:imum)?\s*[:=]?\s*(-?\d+(?:[.,]\d+)?)\D{1,20}?\bmax(?:imum)?\s*[:=]?\s*(-?\d+(?:[.,]\d+)?)", re.I)


def invalid(tool: OfferedTool, value: dict) -> str | None:
    """None if `value` validates against the tool's input schema, else a one-line reason."""
    schema = json.dumps(tool.input_schema, sort_keys=True, default=str)
    for prop, given in value.items():  # 'target_celsius: Target temperature, 10-30': a range said only in words
        bounds = RANGE.search(str(tool.properties.get(prop, {}).get("description", ""))) or RANGE.search(tool.description)
        low, high = (float(b.replace(",", ".")) for b in bounds.groups() if b) if bounds else (0, -1)  # or its tool's
        if isinstance(given, (int, float)) and not isinstance(given, bool) and low < high and not low <= given <= high:
            return f"the input I could write for {tool.name} is outside '{bounds[0]}', the range '{prop}' gives: {given}"
    return _invalid(tool.name, schema, json.dumps(value, sort_keys=True, default=str))


@lru_cache(maxsize=1024)  # the same inputs are checked again every turn
def _invalid(name: str, schema: str, value: str) -> str | None:
    if schema not in _VALIDATORS:
        _VALIDATORS[schema] = validator_class()(json.loads(schema))
    for error in _VALIDATORS[schema].iter_errors(json.loads(value)):  # the first error is the reason
        where = "/".join(map(str, error.absolute_path)) or "input"
        return f"the input I could write for {name} does not fit its schema at '{where}': {error.message}"
    return None


def placeholder(schema: dict, text: str):
    """A schema-shaped value for the fault models only: a string is the text's last word (or "x")."""
    if schema.get("enum"):
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object" or (kind is None and "properties" in schema):
        props = schema.get("properties") or {}
        names = schema.get("required") or list(props)
        return {name: placeholder(schema_of(props.get(name, True)), text) for name in names}
    if kind in ("integer", "number", "boolean", "array"):
        return {"integer": 1, "number": 1, "boolean": True, "array": []}[kind]
    return (text.split() or [""])[-1].strip(".,;:!?\"'()") or "x"
