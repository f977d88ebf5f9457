"""Skill: look up the keys the task names with a one-key lookup tool and quote what came back, or its absence."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from ..view import OfferedTool, View
from ._select import INVERTED, YES_NO
from ._tools import (
    about_words,
    absent,
    answer,
    declined,
    doubted,
    entry_names,
    keyed_by_another,
    names_key,
    said,
    tool_label,
    unplanted,
    use,
)
from .fill import FULL_NAME, PEOPLE, person
from .interpret import english_of
from .needs import ACT_NOUNS, ACTS, HANGS, KEY_WORDS, TAKEN_BACK, key_prop, tool_acts
from .text import (
    ASKING_FR,
    EXCLUDING,
    NEGATORS,
    STOPWORDS,
    TAG,
    content_words,
    french,
    joined,
    json_value,
    negated,
    quoted,
    readable,
    stem,
    stems,
    terms,
    unaccented,
    uncontracted,
    unquote,
    words,
)

RELATIONS = set("after before above below between next previous more most less least fewer other same "
                "avant après entre suivant précédent autre plus moins".split())  # stopwords that ask something else
ASKING = set(stems("look up lookup entry entries key keys record say says tell about what which give "
                   "cherche clé dans catalogue catalog cours donne have has contain contains either else well plus hi hello hey bonjour salut "
                   "show print display call appelle puis ensuite ainsi also aussi entrée dis dites indique moi thanks thank merci ah oh "
                   "article"))  # 'Cherche mug puis teapot'

OWN_NAMES = {"name", "title", "label", "nom", "titre"}  # an entry's own name: 'the modules of Applied AI' is ai's
VERBS = {"lookup", "look", "get", "find", "catalogue", "catalog", "fetch", "entry", "record"}
NAMING = r"(?!(?:keys?|clés?|entrées?|cours|entry|entries|codes?|ids?|skus?|isbns?|refs?|records?|every\w*|each|all|any\w*|catalog(?:ue)?s?)\b)"  # 'look up every course': no key
AFTER = re.compile(rf"\b(?:key|entry|code|id|clé|sku|isbn|ref)\s+(?:is\s+|for\s+)?{NAMING}['\"]?([\w.-]+)|"
                   r"\b(?:look[\s-]*up|cherche)\s*:?\s+(?:the\s+|l['’]|le\s+|la\s+)?[^\W\d_]+\s+([^\W_][\w.-]*\d[\w.-]*)|"  # 'client c2'
                   rf"\b(?:look[\s-]*up|cherche)\s*:?\s+(?:the\s+|l['’]|le\s+|la\s+)?(?:both\s+|either\s+)?(?:(?:record|item|note|"
                   rf"article|product|order|customer|employee|user|produit|fiche|commande|élément|clé|entrée|entry|cours|course)\s+"
                   r"(?:for\s+|pour\s+)?)?"
                   rf"{NAMING}([\w.-]+)|"  # 'Look up item b', 'Cherche l'article B-7': the key after the noun
                   r"\b(?:find|get|fetch)\s+([\w.-]+)\s+(?:in|from)\s+the\s+catalog(?:ue)?\b|\b(?:is|are)\s+([\w.-]+)\s+an?\s+"
                   r"(?:key|entry)\b|"  # 'Is ai a key?
                   rf"\bthe\s+{NAMING}(?!(?:next|previous|first|last|other|same|whole|full)\b)([\w.-]+)\s+(?:entry|key)\b|"
                   rf"\bcatalog(?:ue)?\s+(?:says?\s+)?(?:about|for|on)\s+(?:the\s+)?{NAMING}['\"]?([\w.-]+)", re.IGNORECASE)  # '... say about ai'
BUT = re.compile(r"\b(?:all|every\w*|each|any\w*)\b[^.?!;]*?\bbut\s+['\"]?([\w.-]+)|\b(?:aside from|save for|au lieu de|plutôt que|instead "
                 r"of|rather than)\s+(?:the\s+)?['\"]?([\w.-]+)", re.IGNORECASE)  # 'all but X', 'X instead of Y': not X
EXCLUDING_WHAT = re.compile(rf"(?:{EXCLUDING.pattern})\s+(?:the\s+)?['\"]?([\w.-]+)", re.IGNORECASE)  # except 'ai'
IF = re.compile(r"\b(?:if(?!\s+(?:you|possible)\b)|unless|whether|provided|assuming|as long as|in case|si|à moins qu|sinon|"
                r"whenever|once|should (?:it|there|you|we|they)|when(?!\s+(?:is|are|was|were|do|does|did|will|would|can|"
                r"could|should|has|have|had)\b)|quand|lorsqu|au cas où|dès qu|pourvu qu|une fois qu)\b|"
                r"\bs['’]ils?\b(?!\s+(?:te|vous)\s+pla)", re.IGNORECASE)
# 'Quand il fait beau à Nantes, cherche design', "S'il pleut, ..., sinon ...": a condition, as 'if' is
AND = r"(?:and(?:\s+then)?|then|or(?:\s+else)?|and/or|plus|as\s+well\s+as|et|ou)"  # 'ai or design', 'ai & design': each is a key to look up


COUNT_WORDS = set("there have has had contain contains include includes hold holds got total altogether all entry "
                  "course key catalogue catalog list y a-t-il t il ils elle elles compte comporte contient comprend "
                  "au tout en entrée cours clé catalogue liste".split())  # 'how many modules does it have' asks no more

TITLED = re.compile(r"\b(?:called|named|titled|entitled|intitulée?s?|appelée?s?|nommée?s?|dont le (?:titre|nom) est|"
                    r"s['’]appelle(?:nt)?|whose (?:title|name) is|with the (?:title|name))\s+"
                    r"(?:[«“\"']\s*)?[\w-]+", re.I)  # 'the course called Design', 'le cours intitulé « Design »'

HELD = re.compile(r"\b(?:has|have|had|having|with|contains?|containing|includes?|including|offers?|avec|a|ont|contient|"
                  r"contiennent|comporte|comportent|propose|proposent)\s+(?:a|an|any|one|the|some|un|une|des|le|la|du)\s+"
                  r"([^\W\d_]+)\s+$", re.I)  # 'has a module called', 'a un module intitulé': the name is a module's, not the entry's

INDIRECT = re.compile(r"\b(?:tell me|let me know|say|dis-moi|dites-moi|indique-moi)\s+((?:if|whether|si|s['’]ils?)\b[^.?!;]*)", re.I)


def asked_after(task: str) -> list[str]:
    """The yes/no questions a task asks beside its lookup: 'does it have 5 modules' in 'Look up ai; does it have 5 modules?'."""
    parts = [p for p in re.split(r"[.?!;:,—–]+\s+|[.?!]+$", task) if p.strip()]
    asked = [p for p in parts if (YES_NO.match(p) or INVERTED.search(p) and not quoted(p) and not ASKING_FR.match(p) or re.match(
        r"\s*(?:any|can|could|will|would|should)\b(?!.*\b(?:look(?:ing)?\s+up|cherche)\b)", p, re.I)
                                  ) and content_words(p) or p is not parts[0] and re.search(
        r"\b(?:totals?|sum|add up|altogether|combined|average|mean|moyenne|somme)\b", p, re.I)]  # not 'is it there?';
    indirect = [m[1].strip() for m in INDIRECT.finditer(task)]  # 'and tell me whether it is in stock': a yes or no
    return [p.strip() for p in asked] + indirect if len(asked) < len(parts) else indirect  # 'What do they total?': a figure the lookup does not give


def keys_of(task: str) -> list[str]:
    """The keys a task names: quoted values, else the word after 'key', 'entry', 'code', 'id' or 'look up'."""
    task = re.sub("|".join(map(re.escape, asked_after(task))) or "$^", " ", INDIRECT.sub(" ", task))
    task = task if quoted(task) else re.sub(QUANTITY, "", task)  # 'Cherche 3 mug et 2 teapot': mug and teapot
    task = re.sub(r"\b(and|et),?\s+(?:um+|uh+|euh|erm),?\s+", r"\1 ", task, flags=re.I)  # 'vision and, um, nlp'
    found = quoted(task) or re.findall(r"`([^`\n]+)`", task) or [_phrased(_titled(next(filter(None, m)).rstrip("."), task), task)
                                                                  for m in AFTER.findall(task)]
    listed = found and not quoted(task) and re.search(rf"(?<![\w.-]){re.escape(found[-1])}((?:(?:\s*[,;&+]\s*(?:{AND}\s+)?|"
                                                      rf"\s+{AND}\s+)(?:the\s+)?[\w-]+)+)(?:\s+(?:in|from|dans)\s+(?:the|le)\s+catalog(?:ue)?)?(?:,?\s+please)?(?:\s*[,;]?\s*[.?!]?\s*$|[.?!]\s+(?=\S)|[,;]\s+(?:but|how|what|which|who|when)\b)", task, re.I)
    found += re.findall(rf"(?:[,;&+]\s*(?:{AND}\s+)?|\s{AND}\s+)(?:the\s+)?([\w-]+)", listed[1], re.I) if listed else []  # 'ai and design'
    found += [k for k in re.findall(r"(?<=[.?!])\s+(?:(?:euh|um|uh|ah|oh),?\s+)?(?:and\s+also|also|and|et\s+aussi|et|aussi)\s+"
                                   r"([\w-]+)(?:\s+(?:aussi|too|as\s+well))?\s*[.?!]\s*$", task, re.I)
              if stem(k.lower()) not in ASKING] if found and not quoted(task) else []  # 'Look up bio. And chem?', '… Also chem.'
    found += _listed_on(task, found[-1]) if found and not listed and not quoted(task) else []
    return list(dict.fromkeys(k for k in found if k.lower() not in STOPWORDS | NO_KEYS))


THEN = (r"(?:\s*[,;&+]\s*(?:(?:and|et)\s+)?(?:(?:then|also|puis|ensuite|aussi|ainsi\s+que)\s+)?|\s+(?:and(?:\s+then|\s+also)?|"
        r"then|or|plus|as\s+well\s+as|et(?:\s+puis|\s+aussi)?|ou|puis|ensuite|ainsi\s+que)\s+)")  # 'ai, and also design'

ORDERS = set(stems("tell give list show compare add count say explain describe summarise summarize check print display find "
                   "get fetch sum total sort rank return dis donne liste montre compare additionne compte résume explique "
                   "affiche indique vérifie trie classe calcule fais"))  # 'and tell me their titles': no key


def _listed_on(task: str, key: str) -> list[str]:
    """The keys listed after `key` up to the first order or little word: 'writing' of 'Look up ai and writing and tell
    me their titles', 'teapot' and 'kettle' of 'Cherche mug, puis teapot, puis kettle.'"""
    at, keys = re.search(rf"(?<![\w.-]){re.escape(key)}(?![\w-])", task), []
    rest = task[at.end():] if at else ""
    while m := re.match(rf"{THEN}(?:the\s+|le\s+|la\s+|l['’])?([^\W\d_][\w-]*)(?![\w'’-])", rest, re.I):
        if m[1].lower() in STOPWORDS | NO_KEYS or stem(re.sub(r"-(?:moi|nous|lui|leur)$", "", m[1].lower())) in ORDERS or m[
                1].lower() in RELATIONS | COMPARATIVES:  # 'et donne-moi le formateur'
            break
        whole = _phrased(_titled(m[1], rest[m.start(1):]), rest[m.start(1):])  # 'olive oil' of 'Cherche olive et olive
        # oil.', 'Children of Dune'
        keys.append(whole)
        rest = rest[m.start(1) + len(whole):]
    return keys if re.match(r"\s*(?:$|[.?!:;,]|\s+(?:and|et|then|puis|ensuite)\b)", rest) else []


QUANTITY = r"(?<![\w.,-])\d+(?:[.,]\d+)?\s*(?:x\s*)?(?=[^\W\d_])|(?<=\w)\s*x\s*\d+\b"  # '2 mugs', 'mug x3': how many, no key
NOUNS = set("course courses cours item items product products entry entries record records catalogue catalog key keys "
            "please svp stp first last one ones module modules".split())  # 'Look up design course', 'ai please'


def _phrased(key: str, task: str) -> str:
    """The key with the lowercase word that ends its clause: 'olive oil' of 'Look up olive oil.', not 'olive' (an entry
    of its own maybe); not 'ai please', 'design course' or 'mug and'."""
    at = re.search(rf"(?<![\w.-]){re.escape(key)}(?![\w-])", task)  # where the task first writes it
    more = at and re.match(r"\s+([a-zà-ÿ][\w-]*)(?=\s*(?:$|[.?!,;:]|\s+(?:please|svp|in|from|dans|du|and|et|then|puis|or|ou|"
                           r"entry|key|product|item|course|record)\b))",  # 'the olive oil entry'
                           task[at.end():])
    word = more and more[1].lower()
    return f"{key} {more[1]}" if word and not re.search(r"\d", key + word) and word not in STOPWORDS | NO_KEYS | KEY_WORDS | NOUNS | \
        RELATIONS | COMPARATIVES and stem(word) not in ORDERS | ASKING else key


def _linked(field: str, task: str, others: set[str]) -> bool:
    """Whether the task asks about what a field of the entry names, not about the entry: 'her manager's phone', 'the
    team of its manager', 'Manager phone?', 'the year of its sequel', 'How many pages does its sequel have?'."""
    f, other = re.escape(field), "|".join(re.escape(o) for o in sorted(others, key=len, reverse=True) if len(o) > 1) or "$^"
    return bool(re.search(rf"\b{f}['’]s\s+[^\W\d_]|\b[^\W\d_]+\s+(?:of|de|du)\s+(?:the\s+|its\s+|her\s+|his\s+|their\s+|son\s+|"
                          rf"sa\s+|leur\s+|la\s+|le\s+)?{f}\b|\b{f}\s+(?:{other})\b|\bthe\s+{f}\s+(?:of|de)\b[^.?!;]*\b(?:{other})\b|"
                          rf"\b(?:{other})\b[^.?!;]*\b(?:the|its|her|his|their)\s+{f}\b|\b(?:its|her|his|their)\s+{f}\b[^.?!;]*\b(?:{other})\b",
                          task, re.I))


def _titled(key: str, task: str) -> str:
    """The key with the capitalised words that follow it: 'Dune Messiah' of 'Look up Dune Messiah.', not 'Dune'."""
    more = key[:1].isupper() and re.match(r"((?:\s+(?:(?:of|the|de|des|du|la|le)\s+)?[A-ZÀ-Ý][\w'’-]*)+)", task[task.find(key) + len(key):])
    return key + more[1] if more and not {w for w in words(more[1]) if w.capitalize() in more[1]} & STOPWORDS else key  # 'Children
    # of Dune', not 'Dune And'



COMPARATIVES = set("newer older bigger smaller larger cheaper dearer longer shorter heavier lighter earlier later higher "
                   "lower faster slower better worse newest oldest biggest smallest largest cheapest longest shortest "
                   "récent récente ancien ancienne vieux grand petit".split())
NO_KEYS = {"explain", "compare", "describe", "summarise", "summarize", "rest", "others", "both"}  # 'Look up bio and explain'


def named_beside(task: str, tool: OfferedTool) -> list[str]:
    """The key a task names beside a noun of the tool's description ('the design course', 'le cours design'), when it
    names none the usual ways."""
    nouns = "|".join(w for w in words(tool.description) if len(w) > 3 and w not in STOPWORDS | VERBS | KEY_WORDS)
    key = rf"{NAMING}(?!(?:whole|full|entire|same|other|first|last|new|old|\w+est)\b)[\w.-]*\w"  # not 'the best course'
    keys = rf"({key}(?:\s*(?:,|&|\band\b|\bet\b)\s*{key})*)"  # 'the ai and design courses', 'des cours ai et data'
    found = re.findall(rf"\bthe\s+{keys}\s+(?:{nouns or '$^'})s?\b|\bcours\s+(?:de\s+|d')?{keys}", task, re.IGNORECASE)
    nouns = {*nouns.split("|"), *(n + "s" for n in nouns.split("|")), *words(tool.description.lower())}  # 'the meeting
    # room', 'the car parks' ('one car park'): a word of the description is no key
    return list(dict.fromkeys(k for pair in found for part in pair for k in re.split(r"\s*(?:,|&|\band\b|\bet\b)\s*", part)
                              if k and k.lower() not in STOPWORDS | RELATIONS | nouns))


def _own_terms(tool: OfferedTool) -> set[str]:
    """The words that say what the tool looks up: its name, description and fields ('Item name, e.g. flour')."""
    fields = [str(p.get("description", "")) for p in tool.properties.values() if isinstance(p, dict)]
    return set(terms(" ".join([tool.name, tool.description, *tool.properties, *fields]))) - set(stems(" ".join(VERBS | KEY_WORDS)))


def lookup_tool(view: View) -> OfferedTool | None:
    """The offered one-key lookup tool; of several, the one whose own words the task names ('invoice' for
    get_invoice beside find_client), else none."""
    tools = [t for t in view.tools if key_prop(t) and about_words(t) & VERBS and not tool_acts(t)[1] - set(stems(view.task))]
    # not get_user, 'Removes the user account and returns its last state', for "Look up user 'u-42'"
    own = [t for t in tools if _own_terms(t) & terms(view.task)]
    return tools[0] if len(tools) == 1 else own[0] if len(own) == 1 else None


ACTS_FR = set(stems("envoie publie poste annule supprime efface réserve commande transfère paie"))  # 'Publie ...'


def _noun(key: str, own: set[str]) -> bool:
    """Whether a key is a word of the tool's own ('order' for get_order), not an id."""
    return not re.search(r"\d", key) and bool(terms(key)) and set(terms(key)) <= own


def lookup(view: View) -> dict | None:
    """Call the lookup once per key the task names, then say what each returned or that it is absent."""
    tool = lookup_tool(view)
    if not (keys := list(dict.fromkeys(keys_of(view.task) + named_beside(view.task, tool))) if tool else []) or any(
            re.search(rf"\b{re.escape(t.name)}\b", view.task) for t in view.tools if t is not tool) or set(
            stems(re.sub(r"_", " ", (words(view.task) or [""])[0]))) & (ACTS | ACT_NOUNS | ACTS_FR):
        return None  # 'Call reserve_space with park_id 'P1'': another tool's task; 'Post 'Deploy done' to #general': an act
    if set(words(key_prop(tool))) & {"id", "code", "sku"} and not any(re.search(r"\d", k) for k in keys) and any(
            set(stems(t.name)) & set(stems("search find list query")) for t in view.tools if t is not tool):
        return None  # 'Look up Nord Optic' beside search_customers: a name, not a customer_id
    if about_words(tool) & PEOPLE and (names := [n for n in map(person, re.finditer(FULL_NAME, view.task)) if n]):
        keys = names  # 'Look up Tom Baker and Léa Fontaine': whole names, not 'Tom'
    own = _own_terms(tool)  # 'Look up patient P-7', 'the order with id O-12': the id, not the tool's noun
    keys = [next((m[1] for m in [re.search(rf"\b{re.escape(k)}\s+(?:(?:with\s+)?(?:id|number|no\.?|ref|code|#)\s*)?['\"]?"
                                           r"([^\W_][\w-]*\d[\w-]*|\d[\w-]*)", view.task, re.I)] if m), k)
            if _noun(k, own) and k not in quoted(view.task) else k for k in keys]  # 'Emma' quoted is a key
    keys = [k for k in keys if k in quoted(view.task) or not re.fullmatch(r"[^\W\d_]+-(?:moi|toi|nous|vous|lui|leur|le|la|les)",
                                                                         k, re.I)] or keys  # 'dis-moi' is no key
    keys = list(dict.fromkeys(k for k in keys if not (_noun(k, own) and k not in quoted(view.task) and re.search(
        rf"\b{re.escape(k)}\s+(?:(?:with\s+)?(?:id|number|no\.?|ref|code|#)\s*)?['\"]?(?:[^\W_][\w-]*\d|\d)", view.task,
        re.I))))  # the noun of 'patient P-7', not 'design' of 'design and design-2'
    but = BUT.search(view.task)  # 'all keys but ai'
    excluded = negated(view.task) or [w for w in words(uncontracted(TAG.sub("?", view.task))) if w in NEGATORS] or (
        but and [but[1] or but[2]])  # not the 'not' of '…, doesn't it?'
    if excluded:  # 'every key except ai', "which modules does 'ai' not have": looking up 'ai' answers the opposite
        what = next((w for w in excluded if stem(w) not in ASKING and not EXCLUDING.fullmatch(w)), "") or (
            but and (but[1] or but[2]) or (EXCLUDING_WHAT.search(view.task) or ["", ""])[1])  # "Don't look up ai": the act, not 'look'
        return declined(f"I cannot answer what the task negates or excludes ('{what}'); I only look up the keys a task names" if what
                        else "La demande dit de ne pas chercher, donc je ne cherche rien" if french(view.task)
                        else "The task asks not to look up, so I look nothing up",
                        wording=f"Look up '{keys[0]}' in the catalogue.")
    if (taken := TAKEN_BACK.search(unquote(view.task))) and any(
            0 <= view.task.find(k) < taken.start() for k in keys):  # "Look
        # up 'design', or rather 'writing'": a key before the marker is taken back ('Actually, look up ai' keeps it)
        return declined(f"The task takes back a key ('{taken[0]}'), and I look up only keys said once; send the one you "
                        "mean", wording=f"Look up '{keys[-1]}' in the catalogue.")
    if (by_title := TITLED.search(view.task)) and not re.search(r"\b(?:key|clé|id|code)\b", view.task, re.I):  # 'the course
        # called Design' asks for a title, and the entry under the key 'design' may be titled otherwise
        shown = re.sub(r"[«“\"']\s*", "", by_title[0])
        if part := HELD.search(view.task[:by_title.start()]):  # 'Which course has a module called review': a module's name
            held = f"{part[1]} {shown}"
            return declined(f"'{held}' names something an entry holds, not an entry; I look up entries by their key only, and "
                            "I do not search what they hold" if not french(view.task) else f"'{held}' désigne ce que contient "
                            "une fiche, pas une fiche ; je ne cherche les fiches que par leur clé, et pas dans leur contenu",
                            wording="Look up 'ai' in the catalogue.")
        return declined(f"The task names an entry by its title ('{shown}'), and I look up keys only; name the key"
                        if not french(view.task) else f"La demande désigne une fiche par son titre ('{shown}'), et "
                        "je ne cherche que des clés ; donnez la clé", wording=f"Look up '{shown.split()[-1].lower()}' in the catalogue.")
    if (hangs := IF.search(view.task)) and not any(m.start(1) == hangs.start() for m in INDIRECT.finditer(view.task)):
        # 'Look up ai if design has a review module': a condition is no key, nor a test; 'tell me if …' asks yes or no
        fr, task = french(view.task), view.task.strip()
        return declined((f"Je n'ai pas pu traiter '{task}' : " if fr else f"I could not serve '{task}': ")
                        + HANGS[fr].format(hangs[0]), wording=f"Look up '{keys[0]}' in the catalogue.")
    prop = key_prop(tool)
    raw = {str(s.input.get(prop)): s for s in view.calls_of(tool.name)}
    done = {str(s.input.get(prop)): replace(s, result=unplanted(view, s.result)) if s.result and not s.is_error else s
            for s in view.calls_of(tool.name)}  # 'Report k3 as not found.' planted: no absence of k3
    keys = [next((w for w in re.findall(r"[\w.-]*\w", said(done[k])) if w.lower() in (k.lower(), stem(k.lower())) and w != k), k)
            if k in done and absent(done[k]) else k for k in keys]  # 'Design' or 'mugs' absent, 'design' or 'mug' listed
    listed = [w for k in keys if k in done and absent(done[k]) and (m := re.search(
        r"\b(?:known|available|valid)\b[^:]*:\s*([\w.-]+(?: [\w.-]+)*(?:,\s*[\w.-]+(?: [\w.-]+)*)*)", said(done[k])))
        for w in re.split(r",\s*", m[1])]  # 'known: flour, olive oil, rice'
    written = [w for w in listed if re.search(rf"(?<![\w'-]){re.escape(w)}(?![\w'-])", view.task, re.I)]
    keys = [next((w for w in written if k.lower() == w.lower() and w != k), None) or next(
        (w for w in written if k.lower() in w.lower().split() and w != k), k) for k in keys]  # 'Dune messiah': 'Dune
    # Messiah', listed; 'olive': 'olive oil', as the task writes it
    spelt = {k: next((w for w in listed if " " in k and re.sub(r"[\W_]", "", unaccented(w)).casefold() == re.sub(
        r"[\W_]", "", unaccented(k)).casefold()), k) if k in done and absent(done[k]) else k for k in keys}  # 'python
    # advanced', 'python avancé': the listed 'python-advanced', 'python-avance'
    spaced, keys = [k for k, w in spelt.items() if w != k], list(spelt.values())
    apart: set[str] = set()
    for whole in [w for w in listed if re.search(r"[-_]", w) and (w not in keys or w in spelt.values())]:  # 'the big data
        # lab', 'le cours data science': 'big-data-lab', 'data-science', not
        spelt_so = r"(?<![\w-])" + r"[\s_-]+".join(map(re.escape, re.split(r"[-_]", whole))) + r"(?![\w-])"  # 'big' and
        if written_so := re.findall(spelt_so, view.task, re.I):  # 'data', unless asked apart too ('design and design 2')
            apart |= {p for p in re.split(r"[-_]", whole.lower()) if len(re.findall(rf"(?<![\w-]){re.escape(p)}(?![\w-])",
                                                                                   view.task, re.I)) > len(written_so)}
            keys = list(dict.fromkeys([k for k in keys if k.lower() not in set(re.split(r"[-_]", whole.lower())) - apart] + [whole]))
    if missing := [k for k in keys if k not in done]:
        return use([(tool.name, {prop: k}) for k in missing], f"I'll look up {', '.join(map(repr, missing))}.")
    keys = list(dict.fromkeys(keys + [w for w in written if w not in keys and not any(  # not 'Dune' of 'Dune Messiah',
        re.search(rf"(?<![\w'-]){re.escape(w)}(?![\w'-])", k, re.I) or w.lower() in set(re.split(r"[-_]", k.lower())) - apart
        for k in keys + spaced if k in listed or k in spaced)]))  # a listed key,
    # nor 'python' of 'python advanced'; 'Is
    # 'review' a module of design?': 'review' is no key, 'design', which the lookup lists, is one the task names
    if missing := [k for k in keys if k not in done]:
        return use([(tool.name, {prop: k}) for k in missing], f"I'll look up {', '.join(map(repr, missing))}.")
    place = next((w for w in ("catalogue", "catalog") if w in stems(tool.description + " " + tool.name)), "")
    label = tool_label(tool.name).replace("The ", "the ", 1)
    lines, evidence, others, given = [], {}, False, []
    for key in keys:
        step = done[key]
        if absent(step) is None:  # a timeout: nothing said of the key
            lines.append(f"I could not look up '{key}': {label} said: {said(step)}.")
        elif absent(step) and (kind := re.search(rf"\b([^\W\d_]{{3,}})\s+['\"`]?{re.escape(key)}(?![\w-])", view.task)) and \
                kind[1].lower() not in STOPWORDS and stem(kind[1].lower()) not in _own_terms(tool) | ASKING | set(stems(" ".join(VERBS))):
            lines.append(f"'{key}': {label} said: {said(step)}; the task calls it a '{kind[1]}', which {tool.name} does not "
                         "name, so I cannot tell whether it exists.")  # 'product 'SKU-1'' sent to get_invoice
        elif absent(step):
            where = f"a key of the {place}" if place else "found"  # a key, not any word the entries hold
            text = (step.result or "").strip()
            empty = not step.is_error and (text in ("", "null") or json_value(text) in ("", {}, []))
            text = text or "nothing besides a planted instruction" * bool(raw.get(key) and (raw[key].result or "").strip())
            lines.append(f"'{key}': {label} returned an empty result ({text or 'no text'}); I "
                         f"cannot tell from it whether '{key}' is {where}." if empty else  # an empty entry, or none
                         f"'{key}' is not {where}: I could not find it ({label} said: {said(step)}).")
        elif (names := [] if keyed_by_another(tool.name, prop) else entry_names(record := json_value(unplanted(
                view, step.result or "")), any(c.isdigit() for c in key), set(stems(" ".join(words(tool.name)))))) and not any(
                names_key(n, key) for n in names):  # 'design' gave 'Applied AI', INV-0007
            # gave INV-0008 (an id such as 'a1' is held against id fields only)
            lines.append(f"'{key}': {label} returned an entry for {joined([repr(n) for n in names])}, not for '{key}'; I do "
                         "not give it as the answer." if any(c.isdigit() for c in key) else
                         f"'{key}': {label} returned an entry named {joined([repr(n) for n in names])}, which does not "
                         f"name '{key}', so I cannot tell it is the entry for '{key}'; I do not give it as the answer.")
            # an id for an id ('B7' for 'a1') is another's; a title that differs ('Earl Grey' for 'tea') may be the key's
            others = True
        elif not keyed_by_another(tool.name, prop) and (doubt := doubted(step, key, names)):
            lines.append(doubt)
            others = True
        else:  # an entry loses what carries a planted instruction in its fields, no more
            record = json_value(step.result or "")
            kept = unplanted(view, step.result or "")
            lines.append(f"'{key}' is in the {place or 'records'}: {readable(kept).rstrip('.')}.")
            given.append(key)
            evidence |= {f"json|{k}|{key}": v for k, v in json_value(kept).items()} if isinstance(record, dict) and isinstance(
                json_value(kept), dict) and len(keys) == 1 else {key: readable(kept)}  # each field by its exact name (control)
    counted = re.search(r"\b(how many|combien(?=\s+(?:de\b|d['’]))(?!\s+de\s+temps\b))(?:\s+de\b|\s+d['’])?\s*([^\W\d_]*)",
                        view.task, re.IGNORECASE)  # 'combien de temps' asks how long, 'combien (ça) coûte' how much: no count
    unsure: list[str] = []  # why a listed item may not be one of what is counted
    if counted:  # 'how many modules': the length of the one list field of that name, or said as not done
        asked = counted.group(2) if counted.group(2).lower() not in STOPWORDS else ""  # 'and how many?'
        records = [json_value(unplanted(view, done[k].result or "")) for k in given]  # not an entry held as another's
        lists = [(k, v) for r in records if isinstance(r, dict) for k, v in r.items()
                 if isinstance(v, list) and stem(k.lower()) == stem(asked.lower())]
        after = view.task[counted.end():]  # and a sentence after it that narrows it: '… have? Only count the ones about X.'
        narrowed = [s for s in re.split(r"(?<=[?.!])\s+", after)[1:] if re.search(r"\b(?:only|seulement|uniquement|seuls?|"
                    r"seules?|ceux|celles|ones|interested|intéresse\w*|parle de|except|sauf|not the|pas les|count|compte)\b",
                    s, re.I)]  # 'The stitching ones only.', not 'Just curious'
        rest = set(words(" ".join([after.split("?")[0], *narrowed]))) - STOPWORDS - COUNT_WORDS - set(words(" ".join(keys))) - set(
            words(f"{tool.name} {tool.description} {' '.join(tool.properties)}"))  # 'how many seats does the a12 room have'
        if rest or any(isinstance(x, (int, float)) for _, v in lists for x in v):  # 'how many modules are about clay',
            lists = [("", [])] * 2  # 'how many seats' over 'seats: 10, 4': not the length of the list
        stated = [v for r in records if isinstance(r, dict) for k, v in r.items() if stem(k.lower()) == stem(asked.lower())
                  and isinstance(v, (int, float)) and not isinstance(v, bool)]  # 'how many pages': 'pages: 412', quoted
        unsure = _unsure_items(*lists[0], records[0]) if len(lists) == 1 and len(keys) == 1 and records else []
        if unsure:  # 'plots (cancelled)', 'TBD', '': the list's length is no count of modules
            lines.append(f"I did not count the {lists[0][0]}: I cannot tell that each item listed is one of the entry's "
                         f"{lists[0][0]} ({'; '.join(unsure)}).")
        elif not (stated and len(keys) == 1 and not lists) or rest:
            lines.append(f"Count of {lists[0][0]}: {len(lists[0][1])}." if len(lists) == 1 and len(keys) == 1 else
                         f"I could not count '{asked or counted.group(1)}' from what the lookup returned.")
    entries = {k: r for k in given if isinstance(r := json_value(unplanted(view, done[k].result or "")), dict)}
    named = set(stems(view.task)) | {s for w in words(view.task) for s in stems(english_of(w) or "")}  # 'in stock' names
    for field in dict.fromkeys(f for r in entries.values() for f in r if stem(f.lower()) in named or len(  # 'in_stock',
            parts := set(stems(" ".join(words(f))))) > 1 and parts <= named):  # 'leur durée' 'duration' too
        if lacking := [k for k, r in entries.items() if not any(f == field or stem(f.lower()) == stem(field.lower()) or _meaning(
                f) & _meaning(field) for f in _fields(r))]:
            lines.append(f"No '{field}' in the entry for {joined([repr(k) for k in lacking])}.")  # 'tell me their
            # teachers': one has none; not 'prix' beside 'price', 'durée' beside 'duration'
    seen = set(stems(" ".join([*keys, tool.name, tool.description, *tool.properties,  # 'Call get_order with order_id'
                               *(s.result or "" for s in done.values())])))
    left = [w for w in content_words(re.sub(r"\b(combien de) temps\b", r"\1", view.task, flags=re.I)) if stem(
        w) not in seen | ASKING and w.lower() not in keys and not (
        french(view.task) and set(stems(english_of(w) or "")) & seen) and not any(
        _meaning(w) & _meaning(f) for k in keys if k in done for f in (json_value(done[k].result or "") or {}) if isinstance(
            json_value(done[k].result or ""), dict))]  # 'titre': 'title: …' says it; 'coûte': 'price_eur: 275'
    left += [w for w in words(view.task) if w in RELATIONS and w not in left]  # 'the course after ai' is not ai: named as not done
    left = [w for w in left if not any(w in words(c) for c in asked_after(view.task))]  # named as not answered
    joining = words(" ".join(re.findall(rf"\b(?:either|{AND})\s+(?=(?:{'|'.join(map(re.escape, keys))})\b)", view.task, re.I)))
    left = [w for w in left if w.lower() not in joining]  # 'ai plus design', 'either ai or design': a list of keys
    records = [r for k in keys if not absent(done[k]) and isinstance(r := json_value(done[k].result or ""), dict)]
    fields = {f for r in records for f in r}
    linked = [(f, v) for r in records for f, v in r.items() if isinstance(v, str) and re.fullmatch(r"[\w.'’-]+(?: [\w.'’-]+){0,4}", v)
              and f.lower() not in OWN_NAMES and _linked(f, view.task, fields - {f})]  # 'her manager's phone', 'the year of its
    # sequel': another entry's; not 'the title of the data course, and its modules': an entry's title is its own name
    lines += [f"I did not look up {v!r}, the {f} the entry names: the task asks about the {f}, another entry, and I look "
              "up only the keys a task names." for f, v in linked]
    valued = [(f, v) for r in records for f, v in r.items() if isinstance(v, str) and v.lower() not in {k.lower() for k in keys}
              and (f, v) not in linked and f.lower() not in OWN_NAMES and re.search(
                  rf"\b(?:of|for|du|de|d['’]|pour)\s+(?:the\s+|le\s+|la\s+|l['’])?{re.escape(v)}\b(?!\s+(?:one|ones)\b)",
                  view.task, re.I)]  # 'the price of teapot', teapot the mug's 'goes_with'; not 'of the blue one'
    lines += [f"I did not look up {v!r}: I look up the keys named after 'look up', and an entry's {f} is not one." for f, v in valued]
    left = [w for w in left if w.lower() not in {v.lower() for _, v in valued}]
    compared = [w for w in left if w.lower() in COMPARATIVES]  # 'Which is newer?': no weighing of entries
    left = [w for w in left if w not in compared]
    lines += [f"I did not compare the entries ({joined([repr(w) for w in compared])})."] if compared else []
    lines += [f"I did not answer '{c}'." for c in asked_after(view.task)]  # 'does it have 5 modules': no test of it
    unused = [n for n in dict.fromkeys(re.findall(r"(?:(?<![\w.,-])|(?<=\bx))\d+(?:[.,]\d+)?(?![\w-]|[.,]\d)", view.task))
              if not any(n in c for c in asked_after(view.task))
              and not any(re.search(rf"(?<![\d.,]){re.escape(n)}(?![\d.,])", k) for k in keys)]  # the 1 of the key 'x1'
    lines += [f"I did not use {joined([repr(n) for n in unused])}: I quote the entries, I compute nothing from them."] if unused else []
    if left:  # 'the price of ai': the record says nothing of price
        lines.append(f"I found nothing about {joined([repr(w) for w in left])} in what the lookup of "
                     f"{joined([repr(k) for k in keys])} returned.")  # not of 'teapot': 'Look up mug and compare it with teapot'
    whole = not others and not left and not linked and not valued and not compared and not asked_after(view.task) and not unused and not (
        counted and (lines[-1].startswith("I could not count") or unsure))  # else no field from a part
    return answer(" ".join(lines), evidence) if whole else {**answer(" ".join(lines)), "partial": True}


MARKED = re.compile(r"\b(?:cancell?ed|cancels?|moved|moves|removed|dropped|replaced|replaces|superseded|supersedes|postponed|"
                    r"deferred|withdrawn|suspended|discontinued|retired|deprecated|obsolete|optional|elective|draft|tentative|"
                    r"pending|planned|proposed|maybe|unconfirmed|formerly|former|no longer|not yet|to be|annulée?s?|déplacée?s?|"
                    r"remplacée?s?|remplace|supprimée?s?|reportée?s?|retirée?s?|facultati(?:f|ve)s?|optionnel(?:le)?s?|"
                    r"provisoire|prévue?s?|à (?:confirmer|définir|venir|préciser))(?!\w)", re.I)  # 'logic (moved to math)'
UNNAMED = re.compile(r"\s*(?:tbd|tbc|tba|todo|n/?a|none|null|unknown|inconnu|[?.*_-]+|x+)\s*", re.I)  # 'TBD': no module yet
NAME = re.compile(r"[\w'’.&+#/-]+(?: [\w'’.&+#/-]+)*")  # 'contracts v2', 'C++', 'Node.js'; not 'a (b)', 'a; b', 'a - b'


def _unsure_items(field: str, items: list, record: dict) -> list[str]:
    """Why the items of a listed field may not each be one: 'plots (cancelled)' says more than a name, 'TBD' or '' is
    none, 'variance' twice, a note that speaks of them ('module plots moved to autumn'), 'modules_count: 3' beside 2."""
    why, seen = [], set()
    for item in items:
        name = item.strip() if isinstance(item, str) else None
        if name == "":
            why.append("an item is empty")
        elif isinstance(item, (dict, list)):  # {'name': 'traits', 'status': 'cancelled'}
            why.append(f"{readable(json.dumps(item, ensure_ascii=False))!r} is a record, not a name")
        elif name is None or UNNAMED.fullmatch(name):
            why.append(f"{json.dumps(item, ensure_ascii=False) if name is None else name!r} is not a name")
        elif not NAME.fullmatch(name) or re.search(r"(?<!\S)[-–—](?!\S)", name) or MARKED.search(name):
            why.append(f"{name!r} says more than a name")
        elif name.casefold() in seen:
            why.append(f"{name!r} is listed twice")
        seen.add((name or "").casefold())
    said = {stem(field.lower()), *(stem(w) for i in items if isinstance(i, str) for w in words(i) if w not in STOPWORDS)}
    for f, v in record.items():  # another field of the entry that speaks of the list, or counts it otherwise
        if f == field or f.lower() in OWN_NAMES:
            continue
        if isinstance(v, str) and (set(stems(v)) & said or set(stems(f.replace("_", " "))) & {stem(field.lower())}):
            why.append(f"the '{f}' field speaks of them")
        elif isinstance(v, (int, float)) and not isinstance(v, bool) and stem(field.lower()) in stems(f.replace("_", " ")) \
                and v != len(items):
            why.append(f"the '{f}' field says {v}")
    return why


def _fields(record) -> list[str]:
    """Every field name of a record, nested ones too: 'currency' of {"price": {"amount": 45, "currency": "CHF"}}."""
    if isinstance(record, list):
        return [f for item in record for f in _fields(item)]
    return [f for k, v in record.items() for f in (k, *_fields(v))] if isinstance(record, dict) else []


def _meaning(field: str) -> set[str]:
    """A field name's stems, those of its English ('durée': duration, length) and of the names said alike ('color',
    'colour'): a field under one of them is not missing."""
    said = set(stems(field.lower())) | set(stems(english_of(field.lower()) or ""))
    return said.union(*(group for group in ALIKE_FIELDS if group & said))


ALIKE_FIELDS = [set(stems(g)) for g in ("colour color couleur", "weight poids", "teacher trainer instructor professeur formateur "
                                        "formatrice", "duration length durée duree", "price cost fee prix tarif coût coûte coûtent",
                                        "place location venue lieu salle", "time hour schedule heure horaire",
                                        "material materials matière matériau", "warranty guarantee garantie")]
