"""One reading of the task that every skill shares: each word placed, or named as unplaced.

A word is placed when it is a stopword (English or French), a word of the skill's vocabulary, an entity
the evidence holds (a file, a client, an invoice number, a city a tool answered for, a term of a document),
or a number or operator (UNIT reads punctuation-joined tokens whole). The gate in front of every answer
(`unplaced`) lets a skill compute or assert only when every content word is placed, or named as not done.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .text import CORPUS_WORDS, STOPWORDS, as_written, clip, french, root, roots, unaccented

UNIT = re.compile(
    r"\d{1,2}/\d{1,2}/\d{2,4}"  # a date: 12/11/2026
    r"|\d+(?:[-/]\d+)+"  # an id or an ISO date: 2026-10-013
    r"|\d{1,2}(?:[:h]\d{2})?\s?(?:[ap]\.m\.|[ap]m\b)|\d{1,2}h\d{2}\b|\d+(?:st|nd|rd|th|er|re|ère|e|ème|nde?)\b"  # a time, an ordinal: 3pm, 15h30, 2nd, 1er
    r"|\d{1,3}(?:[  \u202f]\d{3})+(?![\d,.])"  # thousands with spaces: 1 850
    r"|\d+(?:[.,]\d+)*\s?%?"  # 3,5  12.5  10%
    r"|[^\W\d_]+\d[^\W_]*(?:[-/][^\W_]+)*"  # an id with letters first: FA06-100, INV2026
    r"|[^\W\d_]+(?:['’-][^\W\d_]+)*(?:-\d+)*"  # words, hyphenated words, 'factures-2026'
    r"|°[^\W\d_]+"  # a unit after a degree sign: °F
    r"|[-+*/×÷^<>=≤≥%€$£()]", re.IGNORECASE)
EXTENSION = re.compile(r"(?<=\w)\.(?:txt|md|csv|json|pdf|docx?|xlsx?|html?|py|log|ya?ml|fr|com|org|net|eu|io)\b",
                       re.IGNORECASE)
THOUSANDS = re.compile(r"(?<![\d.,])(\d{1,3})((?:[  \u202f]\d{3})+)(?!\d|[,.]\d{3}|\.\d)")  # 1 850, 1 250,50
DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d{1,2}(?!\d))")
MINUS = re.compile(r"(?<![\w.,)])[−–—](?=\d)")  # '–40 °C' typed with a dash: a minus, not '40' (not '10–20')

# Little words the skills never act on, beyond text.STOPWORDS: English auxiliaries, French articles and pronouns.
MORE_STOPWORDS = frozenset("""may might must shall yes mine myself ourselves yourself themselves it's there's what's
whats how's let's i'm i've we've you're they're don't doesn't didn't isn't aren't wasn't weren't haven't hasn't
hadn't won't wouldn't can't couldn't shouldn't see check thanks thank kindly quick quickly right currently actually
really exactly
à y se sa son ses ça cela ceci lui eux soit peut-il est-ce t-il t-elle ont été être avoir fait faites était êtes es
suis elle-même t il-y ci là mon ma ton ta tes ceux celles celle celui quoi dont lequel laquelle lesquels lesquelles
si oui donc alors puis aussi très bien merci trouve trouvez trouver donne donnez donner dis dites dire montre
montrez liste listez""".split())
LITTLE = STOPWORDS | MORE_STOPWORDS

# The record terms of a French survey task, swapped for English ones so that they can meet the records' values.
SURVEY_FR = {"alerte": "warning", "tempête": "storm", "jour": "day", "fichier": "file", "lis": "read", "tous": "all",
             "dis": "tell", "ont": "have", "eu": "had"}
# The French words and phrases of a survey task that its rules read in English ('au moins 400 EUR' as 'at least 400
# EUR'), in a survey only: 'compte' is 'count' of invoices, not the 'has' of 'combien de lignes compte le tram'.
SURVEY_PHRASES_FR = {
    "au-dessus de": "above", "au dessus de": "above", "en dessous de": "below", "au-dessous de": "below",
    "au moins": "at least", "au plus": "at most", "moins de": "less than", "plus de": "more than",
    "dépasse": "exceeding", "dépassent": "exceeding", "dépassant": "exceeding",
    "la plus grosse": "largest", "le plus gros": "largest", "la plus grande": "largest", "le plus grand": "largest",
    "la plus élevée": "highest", "le plus élevé": "highest", "la plus petite": "smallest", "le plus petit": "smallest",
    "la plus basse": "lowest", "le plus bas": "lowest",
    "avant le": "before", "après le": "after", "arrivent à échéance": "are due", "arrive à échéance": "is due",
    "sont dues": "are due", "étaient dues": "were due", "est due": "is due", "était due": "was due",
    "à payer avant le": "due before", "à payer après le": "due after", "à régler avant le": "due before",
    "à régler après le": "due after",
    "à part celles de": "except those of", "à part ceux de": "except those of", "sauf celles de": "except those of",
    "sauf ceux de": "except those of", "autres que": "other than", "autre que": "other than", "à part": "except", "hors": "except",
    "sans être de": "not from", "sans compter": "not counting", "ne compte pas": "do not count",
    "ne comptez pas": "do not count", "compte": "count", "comptez": "count", "compter": "count",
    "à eux deux": "together", "à elles deux": "together", "ensemble": "together",
    "ouvert": "open", "ouverte": "open", "ouverts": "open", "ouvertes": "open",
    "soldé": "settled", "soldée": "settled", "soldés": "settled", "soldées": "settled",
    "en souffrance": "outstanding", "à encaisser": "outstanding", "entièrement": "fully",
    "additionne": "add up", "additionnez": "add up", "se montent": "add up", "se monte": "add up",
    "s'élèvent": "add up", "s'élève": "add up", "totaux": "totals", "quelque chose": "anything"}
# A French term maps to the articles' English terms only through this table; any other French content word is
# unplaced. Keys are French word roots (text.root), values the English words a passage must carry ('+' between two).
LEXICON_FR = dict(pair.split(":") for pair in """pompe:pump chaleur:heat climat:climate froid:cold chaud:hot
volcan:volcano islande:iceland cour:price bitcoin:bitcoin garder:keep levain:starter+sourdough vie:alive+feed
livraison:delivery café:coffee arriv:arrive cycliste:cyclist carrefour:junction pluie:rain toit:roof
recueillir:collect abeille:bee trouv:find trouvent:find nourriture:forager fournisseur:supplier thé:tea vert:green
noir:black eau:water température:temperature compost:compost isolation:insulation isoler:insulate ciel:sky
étoile:star nuit:night vélo:bicycle+bike prix:price coût:cost+price note:note+update dit:say disent:say faire:do
doivent:should comment:how combien:how quand:when article:article hiver:winter infuser:infuse infusion:infusion
gramme:grams feuille:leaves conserver:keep amer:bitter voler:fly volent:fly fleur:flowers aider:help jardin:garden
litre:litres mètre:metres carré:square boire:drink sécurité:safety ville:city lumière:light nourrir:feed prêt:ready
liquide:liquid gris:grey nouveau:new changer:change tas:pile yeux:eyes jumelles:binoculars télescope:telescope
maison:home chauffage:heating voiture:car ruche:hive miel:honey farine:flour levure:yeast pain:bread
moustique:mosquitoes viande:meat herbe:grass lune:moon printemps:spring automne:autumn chaudière:boiler
radiateur:radiators fenêtre:windows mardi:tuesday lundi:monday jeudi:thursday semaine:week bus:bus tram:tram
mercredi:wednesday vendredi:friday trajet:trip hôpital:hospital marché:market noël:christmas chalet:chalets
crèche:nursery accueille:takes accueillent:take atelier:workshop interrompt:pauses juillet:july août:august
concert:concert exposition:exhibition enfant:children paient:pay payent:pay payer:pay paye:pay sang:blood foire:fair livre:book
ticket:ticket dernier:last premier:first dimanche:sunday samedi:saturday ligne:line gare:station musée:museum
pont:bridge piscine:pool ouvre:open ouvrir:open gratuit:free dois:should doit:should devrait:should peux:can
pouvez:can peuvent:can vont:will va:will sais:know savez:know savoir:know avait:had avaient:had plupart:most
plusieurs:several fois:times mieux:better meilleur:best bouillant:boiling cop:cop appoint:backup brun:brown
géothermique:ground+source retourn:turn attein:reach pollen:pollen nectar:nectar jardinier:gardeners font:do
install:install étape:step ordre:order travaux:work fonctionn:work obscurité:darkness habituer:adapt choisir:choose
observ:observe utilis:use voir:see voit:see détail:detail récupér:collect millimètre:millimetre couvercle:lid
maille:mesh cuve:tank réservoir:tank frigo:fridge signifi:mean réfrigérateur:fridge laisser:leave midi:noon
commande:order rouler:ride vérifi:check camion:lorry clignotant:flashing réputation:reputation première:first
danse:dance soleil:sun insecticide:insecticides bouilloire:kettle minute:minutes avant:before après:after
saveur:flavour goût:taste efficacité:efficiency électricité:electricity sol:ground combles:loft grenier:loft
mur:walls fuite:leaks air:air déchet:waste cuisine:kitchen paille:straw carton:cardboard rat:rats oxygène:oxygen
graine:seeds colonie:colony kilomètre:kilometres larve:larvae protéine:protein torche:torch rouge:red écran:screen
cratère:craters pollution:pollution horizon:horizon toilette:toilets potable:drinking évaporation:evaporation
bactérie:bacteria bocal:jar bulle:bubbles fermentation:fermentation aigre:sour livrer:deliver livré:deliver
octobre:october année:year bureau:office collision:collisions frein:brakes pneu:tyres chaîne:chain
rétroviseur:mirror conducteur:driver réseau:network phare:lighthouse hauteur:tall haut:tall ouvert:open
construit:built construire:build couleur:colour tomate:tomato coûtent:cost+price coûte:cost+price conservent:keep
gardé:saved arroser:water arrosage:watering plante:plants fréquence:often mer:sea
faisceau:beam gardien:keepers quitté:leave quitter:leave repeint:paint
peindre:paint fermenter:ferment fermentent:ferment pointe:peak passent:run tramway:tram titre:title auteur:author
niveau:level durée:duration+length temps:time+duration
bibliothèque:library médiathèque:library mairie:town+hall théâtre:theatre cinéma:cinema parc:park école:school
stade:stadium plage:beach château:castle église:church patinoire:rink""".split())
LEXICON_FR = {root(k): v.replace("+", " ") for k, v in (LEXICON_FR | SURVEY_FR).items()}  # "+": several words
PLAIN_FR = {root(unaccented(k)): v for k, v in LEXICON_FR.items()}
ASKS = [(r"\bquand\b", "When "), (r"\bcombien de temps\b", "How long "), (r"\bjusqu'où\b", "How far "), (r"\bcombien de\b", "How many "), (r"\bcombien\b", "How much "),
        (r"\bcomment\b", "How "), (r"^\s*quel(?:le)?s?\b", "What ")]  # a French question's English start, first found
FRENCH_ASKING = frozenset(roots("que quoi disent dit disent-ils parlent parle racontent nos articles notes "
                                "documents doivent faire peut peut-il comment combien quand pourquoi cherche recherche infos "
                                "informations compte comptent"))
CURRENCIES = {"EUR": "€ eur euro euros", "USD": "$ usd dollar dollars", "GBP": "£ gbp pound pounds"}
PARTS = [  # the parts of a task a decline names as not done (rule 3), in English and French, quoted as written
    re.compile(r"\bwhen\b|\bquand\b|\bwhat date\b|\bwhich date\b|\bdates?\b|\bdeadlines?\b|\béchéances?\b|\blimite\b", re.I),
    re.compile(r"\bgrand total\b|\btotal général\b|\boverall\b", re.I),
    re.compile(r"\bhow many\b|\bnumber of\b|\bcount\b|\bcombien de\b|\bnombre\b", re.I),
    re.compile(r"\btotal\b|\bsum\b|\bhow much\b|\badd up\b|\bsomme\b|\bmontant\b", re.I),
    re.compile(r"\b(?:each|every|per|par|chaque) client\b", re.I)]


def currency_words(text: str) -> str:
    """The words of the currencies `text` holds ('€' or 'EUR' -> 'eur euro euros'): 'EUR' is placed by '€' records."""
    return " ".join(words for code, words in CURRENCIES.items() if re.search(rf"\b{code}\b", text) or words[0] in text)


def units(text: str) -> list[str]:
    """The task's tokens, punctuation-joined ones kept whole: ['invoices-broken', '3,5', '1 850', '10%']."""
    return [u.strip() for u in UNIT.findall(text) if u.strip()]


def numbers_as_written(text: str) -> str:
    """`text` with '1 850' as 1850, a decimal comma '3,5' as 3.5 (English '12,500' stays as it is) and '–40' as -40."""
    text = MINUS.sub("-", text)
    return DECIMAL_COMMA.sub(".", THOUSANDS.sub(lambda m: m.group(1) + re.sub(r"\D", "", m.group(2)), text))


@lru_cache(maxsize=1024)  # the same task comes back every turn
def content(text: str) -> tuple[str, ...]:
    """The units that carry meaning: no stopword, no word about the collection, no number, no operator."""
    kept, text = [], EXTENSION.sub("", text)  # 'notes.txt', 'paul@x.fr': 'txt' and 'fr' are no words of the task
    for unit in units(text):
        word = unit.lower()
        if not re.search(r"[^\W\d_]", word) or word in LITTLE or word in CORPUS_WORDS or len(word) < 2:
            continue
        if not re.search(r"\d", word):  # '2026-10-013' and 'factures-2026' are entities, kept whole
            word = re.sub(r"['’]s$", "", word)  # "Malo's"
            parts = [p for p in re.split(r"['’]", word) if p]
            word = parts[-1] if len(parts) > 1 and len(parts[0]) <= 2 else word  # l'invoice, d'abord, qu'il
            pieces = word.split("-")
            while len(pieces) > 1 and pieces[-1] in LITTLE:  # 'est-elle', 'doit-il': the verb alone; not the
                pieces.pop()  # 'de' of 'notes-de-frais', a name as written
            word = "-".join(p for p in pieces if p)
        if word and word not in LITTLE and len(word) > 1:
            kept.append(word)
    return tuple(dict.fromkeys(kept))


def placed(word: str, known: frozenset[str] | set[str]) -> bool:
    """True if the word (or each part of a hyphenated one) is in `known`, a set of roots."""
    parts = [word] if word in known or root(word) in known else re.split(r"[-'’]", word)
    return all(p in known or root(p) in known or not p for p in parts)


@lru_cache(maxsize=1024)  # pure: the same request is planned again when a turn is retried or timed
def unplaced(task: str, vocabulary: frozenset[str], evidence: str, named: str = "") -> list[str]:
    """The task's content words in neither `vocabulary` (roots), the evidence (tool names, results), nor `named`."""
    known = frozenset(vocabulary) | roots(evidence) | roots(currency_words(evidence))
    known |= set(re.findall(r"°[^\W\d_]+", evidence.lower()))  # a task's '°F' is placed only by a result in °F
    known |= {root(w.lower()) for w in re.findall(r"\b[A-Z]?[a-z]+[A-Z]\w*", evidence)}  # 'CityCycle' whole, as the task has it
    said = " ".join(re.findall(r"(?<!\w)'(.+?)'(?!\w)", named)).lower()  # 'What's the weather in Paris' whole
    return [word for word in content(task)
            if not placed(word, known) and not re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", said)]


def english_of(word: str) -> str | None:
    """The English terms LEXICON_FR gives a French word (by its root, or a root it starts with), else None."""
    key = root(word)
    return (LEXICON_FR.get(key) or PLAIN_FR.get(key)  # 'cafe' for 'café'
            or next((v for k, v in LEXICON_FR.items() if len(k) > 4 and key.startswith(k)), None))


def unplaced_reply(task: str, words: list[str], understood: str, wording: str) -> str:
    """A decline that names the words it could not place, what it understood, and a wording it handles."""
    quoted = ", ".join(f"'{as_written(task, w)}'" for w in words)
    if french(task):
        return (f"Je n'ai pas pu placer {quoted} dans ce que je sais faire ou dans ce que les outils ont renvoyé ; je ne "
                f"réponds pas à une question voisine à la place. J'ai compris {understood}. "
                f"Une formulation que je traite : '{wording}'.")
    return (f"I could not place {quoted} in what I can do or in what the tools returned, so I do not answer a "
            f"neighbouring question instead. I understood {understood}. A wording I handle: '{wording}'.")


def names_unplaced(task: str, words: list[str]) -> str:
    """The sentence a decline adds to name the words of the task it could not act on."""
    quoted = ", ".join(f"'{as_written(task, w)}'" for w in words)
    return (f"Les mots de la demande que je n'ai pas pu traiter : {quoted}." if french(task)
            else f"The words of the task I could not act on: {quoted}.")


def parts_not_done(task: str, reply: str) -> str:
    """The sentence a decline adds to name the asked parts it did not do ('when', 'total'), unless it names them."""
    found = [m for pattern in PARTS if (m := pattern.search(task)) and not pattern.search(reply)]
    parts = [repr(m[0].lower()) for m in found  # 'total' inside 'grand total' is one part
             if not any(o is not m and o.start() <= m.start() and m.end() <= o.end() for o in found)]
    if not parts:
        return ""
    if french(task):
        return (f"Je n'ai pas pu répondre non plus à la partie {parts[0]}." if len(parts) == 1 else
                f"Je n'ai pas pu répondre non plus aux parties {', '.join(parts[:-1])} et {parts[-1]}.")
    return f"So I did not answer the {' or the '.join(parts)} part{'s' if len(parts) > 1 else ''} either."


# 'how much is that in total?', 'combien doit ce client ?', 'Log 0.1 l for it'; not the 'it' of 'is it raining?'
BACK = re.compile(r"\b(?:its|that|those|these|them|they|their|him|her|his|he|she|the same|leurs?|cet|cette|ces|celui|celles?|ceux|"
                  r"eux|elles?|lui|sa|son|ses|(?<!fait-)(?<!-t-)(?<!est-)(?<!s')il(?!\s+(?:fait|pleut|neige|y|faut|est|était|"
                  r"reste|vous|te|me|nous)\b)|this(?!\s*:|\s+(?:week|month|year|morning|afternoon|evening|weekend|time)\b|"
                  r"(?:\s+\w+)?\s*:?\s+(?-i:[A-Z]+-?\d))|"
                  r"the (?:other|first|second|last|next|previous) one|ones|again|(?<=the\s)sources?)\b|\bce\s+(?!qu)[^\W\d_]|\b(?:for|to|of|with|on|delete|remove|send|log|do|"
                  r"(?:was|is|were|did|does|has|had|will|would|can)(?=\s+it\b(?!\s+(?:raining|snowing|sunny|cold|hot|warm|windy|"
                  r"cloudy|like|going)\b|\s+(?:in|at)\s+(?-i:[A-Z]))))\s+it\b|^\W*(?:and|et|what about|how about|only|but|without|sans|except|excluding)\b"
                  r"(?=(?:\W+\w+){0,4}\W*$)|^\W*(?:(?:in|en)\s+\w+(?:\s+please|\s+svp|\s+stp)?|why|pourquoi|how come|really|"
                  r"are you sure|vraiment|(?:how much\s+|what(?:'s|\s+is)\s+)?(?:in\s+)?(?:the\s+)?(?:grand\s+)?total|"
                  r"(?:what(?:'s|\s+is|\s+are)\s+)?(?:the\s+|your\s+|la\s+|tes\s+|vos\s+)?sources?)\W*$", re.I)


def follow_up_note(task: str, answered: bool = False) -> str:
    """The sentence a reply adds when the task follows earlier user messages: it was read alone (and, answered, what
    to do if it depends on them)."""
    if french(task):
        return ("Je ne lis que votre dernier message, pas les échanges qui le précèdent : "
                + "s'il en dépend, " * answered + "posez la question en entier.")
    return f"I read only your last message, not the turns before it: {'if it depends on them, ' * answered}ask the question whole."


def names_task(task: str) -> str:
    """The sentence a decline adds when the task has no word to name: the task itself, quoted."""
    quoted = clip(" ".join(task.split()), 100)
    return f"La demande que je n'ai pas pu traiter : '{quoted}'." if french(task) else f"The task I could not act on: '{quoted}'."


def french_lead(task: str, left: list[str]) -> str:
    """The first sentence of a French decline: that it cannot answer, the words it read, those it could not act on."""
    read = ", ".join(f"'{as_written(task, w)}'" for w in content(task))
    lead = f"Je ne sais pas répondre à cette demande telle quelle{f' (mots lus : {read})' if read else ''}."
    return lead + (f" Je n'ai pas pu traiter {', '.join(repr(as_written(task, w)) for w in left)}." if left else "")  # as
    # 'The words of the task I could not act on': a city named alone after a first turn is not unknown, only not acted on


def named(task: str, word: str) -> bool:
    """Whether `task` writes `word` capitalised other than as the first word of a sentence: a name ('d'Arlenne')."""
    return any(m[1][:1].isupper() and not re.search(r"(?:^|[.?!:;])\W*$", task[:m.start(1)]) for m in
               re.finditer(rf"(?<![\w-])(?:[^\W\d_]['’])?({re.escape(word)})(?![\w-])", task, re.IGNORECASE))


def english_question(task: str) -> tuple[str, list[str]]:
    """A French research question in English ('Quand arrive le café ?' -> 'When arrive coffee?'), and words unmapped."""
    if said := re.fullmatch(r"\W*(?:[Qq]u['’](?:a|ont)|[Qq]ue)\s+(?:dit|disent|déclaré)\s+((?:[A-Z][\w'’-]*\s*)+)\W*", task):
        return f"What did {said[1].strip()} say?", []  # 'Qu'a dit Dana Wells ?': what she said, not what is said of her
    mapped, missing = ["summer"] if re.search(r"\b(?:en|cet|[ld]['’])\s*été\b", task, re.I) else [], []  # 'été' is also 'been'
    task = re.sub(r"\b(le|du|de|au|un|ce|mon|votre|notre)\s+the\b", r"\1 thé", task, flags=re.I)  # 'le the': unaccented
    runs = re.findall(r"(?:^|\s)((?:[A-ZÀ-Ý][\w'’-]*\s+)+[A-ZÀ-Ý][\w'’-]*)", task)  # 'Café Est': a name, not 'coffee'
    names = {w.lower() for r in runs if named(task, r.split()[0]) for w in r.split()}
    for word in content(re.sub(r"\bcombien de temps\b|\bjusqu'où\b", " ", task, flags=re.I)):  # `ask` says them
        if word.lower() in names or not english_of(word) and named(task, word):  # a name is the same in both
            mapped.append(as_written(task, word))  # languages: 'Café Est', 'Arlenne', 'Cape Mirrow'
        elif hit := english_of(word):
            mapped += [w for w in hit.split() if w not in ("when", "how", *CORPUS_WORDS)]  # `ask` says them; 'article'
            # before a term would qualify it ('say about article boiler': 'an old boiler' read as another boiler)
        elif root(word) not in FRENCH_ASKING:
            missing.append(word)
    mapped += [w for w in re.findall(r"[^\W\d_]+", task) if w.lower() in LITTLE and w[0].isupper() and named(task, w)]
    # a capitalised little word inside a name is part of it: 'Torréfaction Est', not the verb 'est'
    ask = next((a for p, a in ASKS if re.search(p, task.lower())), "What do the documents say about ")
    return ask + " ".join(mapped + re.findall(r"\b\d+\b", task)) + "?", missing  # 'la ligne 7' is line 7


def english_terms(task: str, survey: bool = False, written: dict | None = None) -> str:
    """A French survey task with its record terms in English, to meet the records' values ('alerte' -> 'warning'),
    and, for the survey's rules, its words of limits, statuses and figures ('au moins' -> 'at least'); `written`
    gets each English phrase put in with the French it stands for, for a reply to quote as the task wrote it."""
    def phrase(found: re.Match) -> str:
        english = SURVEY_PHRASES_FR[found[0].lower()]
        if written is not None:
            written.setdefault(english, found[0])
        return english
    if survey:
        said = "|".join(re.escape(p) for p in sorted(SURVEY_PHRASES_FR, key=len, reverse=True))
        task = re.sub(rf"(?<![\w-])(?:{said})(?!\w)", phrase, task, flags=re.I)

    def swap(found: re.Match) -> str:
        key = root(found.group().lower())
        return LEXICON_FR[key] if key in {root(w) for w in SURVEY_FR} else found.group()
    return re.sub(r"[^\W\d_]+", swap, task)
