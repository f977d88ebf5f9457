"""The request fields that change Claude's reply (tool_choice, output_config.format, thinking, stop_sequences).

Structured output is filled only from the reply's evidence, never from the planner's prose; a forcing field it cannot
honour so gets a "refusal" with category null: the practice model's limit (Claude's refusals are policy stops)."""

from __future__ import annotations

import hashlib
import json
import re

from looplab._jsonschema import validator_class
from looplab.practice.planner._tools import about_words, in_french, mention
from looplab.practice.planner.fill import around, asks, fill_input, one_type
from looplab.practice.planner.needs import (
    ACT_NOUNS,
    ACTS,
    RELATED,
    TAKEN_BACK,
    WEATHER,
    Unserved,
    _needs,
)
from looplab.practice.planner.text import (
    CONJUNCTIONS,
    CORPUS_WORDS,
    NEGATORS,
    STOPWORDS,
    clip,
    file_names,
    french,
    json_value,
    negated,
    root,
    roots,
    stem,
    stems,
    uncontracted,
    unquote,
    words,
)
from looplab.practice.view import OfferedTool, View, schema_of


def decline(why: str, what: str = "the schema") -> dict:
    """A refusal with an explanation and no content (what a forcing field gets when it can't be honoured): `what` it
    could not fill, the schema of output_format or the input of the tool tool_choice forces."""
    explanation = (f"The practice model {why}; it cannot fill {what} from evidence, and declines rather than guess. This is the practice model's limit: "
                   f"Claude fills {what}, and uses 'refusal' only for a policy stop.")
    return {"content": [], "stop_reason": "refusal",
            "stop_details": {"type": "refusal", "category": None, "explanation": explanation}}


def sign(thinking: str) -> str:
    """The signature of a practice thinking block (checked when the block comes back)."""
    return "practice-" + hashlib.sha256(thinking.encode()).hexdigest()[:32]


def unsigned(messages: list) -> str | None:
    """A thinking block sent back altered (its signature no longer matches), as the API refuses it."""
    for i, message in enumerate(messages):
        content = message.get("content") if isinstance(message.get("content"), list) else []
        for j, block in enumerate(content):
            if block["type"] == "thinking" and block["signature"] != sign(block["thinking"]):
                return (f"messages[{i}].content[{j}].signature: this thinking block's signature does not "
                        "match its text; send thinking blocks back exactly as they came")
    return None


def _uses(reply: dict) -> list[dict]:
    return [b for b in reply["content"] if b["type"] == "tool_use"]


def _text(reply: dict) -> str:
    return " ".join(b["text"] for b in reply["content"] if b["type"] == "text").strip()


FORCED = "the input of the forced tool"  # what a tool_choice refusal could not fill: no schema was asked


def choose_tools(reply: dict, choice: dict, view: View) -> dict:
    """Apply tool_choice (auto / any / tool / none, disable_parallel_tool_use) to the reply."""
    kind, uses = choice.get("type", "auto"), _uses(reply)
    if kind == "none" and uses:
        names = ", ".join(dict.fromkeys(b["name"] for b in uses))
        why = f"To go on I would call {names}, but tool_choice is 'none', so I call no tool and cannot answer yet."
        text = in_french(why) if french(view.task) else why  # not the note of the calls it does not make
        return {"content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "declined": True}  # no answer
    if kind in ("any", "tool"):
        wanted = [t for t in view.tools if kind == "any" or t.name == choice.get("name")]
        named = {t.name: t for t in wanted}  # never a 'delete' the task does not ask
        kept = [b for b in uses if b["name"] in named and not _unasked(named[b["name"]], view.task)]
        if not uses and view.steps:  # the run is over: no call is left to make ('no word of the task names lookup': no)
            done = "sa réponse tient aux résultats déjà renvoyés" if french(view.task) else "its answer rests on the results returned"
            return decline(f"was forced by tool_choice to call {' or '.join(named)} but can't fill its input from the request ("
                           f"{_text(reply).split('. ')[0] if reply.get('declined') else done})", FORCED)
        kept = kept or _forced(wanted, view, _text(reply).split(". ")[0] if reply.get("declined") else "")
        if isinstance(kept, str):
            return decline(kept, FORCED)
        reply = {"content": kept, "stop_reason": "tool_use"}  # a forced call comes without text
    if choice.get("disable_parallel_tool_use") and len(_uses(reply)) > 1:
        first = _uses(reply)[0]  # the note said every call: it now says the one made
        call = f"{first['name']}({', '.join(f'{k}={v!r}' for k, v in first['input'].items())})"
        note = (f"Un appel par tour (disable_parallel_tool_use) : j'appelle d'abord {call}." if french(view.task)
                else f"One call a turn (disable_parallel_tool_use): I'll call {call} first.")
        reply = {**reply, "content": [{"type": "text", "text": note}] * bool(_text(reply)) + [first]}
    return reply


def _forced(tools: list[OfferedTool], view: View, declined: str = "") -> list[dict] | str:
    """The call a forced choice makes, or why none: the auto reply's decline ('a negation') before 'asks nothing'."""
    if not tools:  # only a toolset was offered (computer, browser): it has no tool of its own to call
        return "was forced by tool_choice to call a tool, but no tool it can call was offered (only a toolset)"
    task, reasons = view.task, []
    if re.search(r"\bexclu|\bnegation\b|\bnégation\b", declined):  # 'all keys but ai': no call on what is left out
        return f"was forced by tool_choice to call {' or '.join(t.name for t in tools)} but can't fill its input from the request ({declined})"
    unserved = _needs(view)[1]  # the clauses the auto mode declines, and why
    for tool in tools:  # 'Hello' asks nothing of get_weather: it is no city
        named = next((str(u) for u in unserved if u.tool == tool.name), None)  # 'météo ... demain'
        if not asks(tool, task) and (files := _files(tool, task)):  # 'Read a.md and b.md': one call a file
            return [{"type": "tool_use", "name": tool.name, "input": given} for given in files]
        filled = fill_input(tool, task) if asks(tool, task) else named or f"no word of the task names {tool.name} or what it takes"
        why = _unhelped(tool, filled, task, unserved) or _unasked(tool, task) if isinstance(filled, dict) else named or filled
        if why is None:
            return [{"type": "tool_use", "name": tool.name, "input": filled}]
        reasons.append(why)
    names = " or ".join(t.name for t in tools)
    why = next((r for r in reasons if not r.startswith("no word of the task names")), declined or reasons[0])
    return f"was forced by tool_choice to call {names} but can't fill its input from the request ({why})"


READER = {"read", "open", "get", "fetch", "view", "show", "cat"}  # a tool named so reads a file: 'open', 'lis' ask it
READING = roots("read open show view display print summarise summarize lis lire ouvre ouvrir affiche montre résume")


def _files(tool: OfferedTool, task: str) -> list[dict]:
    """One input a file the task names, for a tool that takes a file and whose verb the task says ('Read notes.md' for
    read_doc: 'read' is no content word; never 'the file' for delete_file), unless something is negated ('Don't read
    a.md', 'every file except a.md')."""
    names, verb = file_names(task), set(stems(tool.name.replace("_", " "))) - set(stems(" ".join(CORPUS_WORDS)))
    said = set(stems(task)) & verb or verb & READER and roots(task) & READING  # 'Open a.md', 'Lis a.md' for read_doc
    if not names or negated(task) or set(words(uncontracted(task))) & NEGATORS or not said:
        return []
    inputs = [fill_input(tool, name) for name in names]
    return inputs if all(isinstance(i, dict) and list(i.values()) == [n] for i, n in zip(inputs, names, strict=True)) else []


RETRIEVING = set(roots("get fetch read search find list look lookup query show view check count"))


def _unasked(tool: OfferedTool, task: str) -> str | None:
    """The action a verb-named tool takes where the task asks to read or asks a question, and not to do it: 'Read the
    file notes.txt' names delete_file's 'file', not its 'delete' (a verb is the name's first word that the
    description begins with: 'Delete a file'). 'Change the size to small' may still call set_size."""
    verb, first = words(tool.name)[0], words(tool.description)[:1]
    reads = roots(task) & RETRIEVING or "?" in task or re.match(r"\W*(?:what|which|who|where|how|is|are|do|does)\b",
                                                                task, re.IGNORECASE)
    if first == [verb] and reads and root(verb) not in RETRIEVING | roots(task):
        return f"the task does not ask to {verb}, and {tool.name} would {verb}"
    return None


def _unhelped(tool: OfferedTool, filled: dict, task: str, unserved: list[Unserved]) -> str | None:
    """Why a forced call would answer another question the auto mode declines ('yesterday' next to 'Paris')."""
    names = [v for p, v in filled.items() if isinstance(v, str) and "enum" not in (tool.properties.get(p) or {})]
    taken = TAKEN_BACK.search(unquote(task))  # 'Lyon? Actually, make that Nantes': Lyon is taken back, as the auto mode says
    if taken and any(0 <= task.find(str(v)) < taken.start() for v in filled.values()):
        return next((str(u) for u in unserved if u.tool == tool.name and any(str(v) in u.clause for v in filled.values())),
                    f"the task takes back a value ('{taken[0]}'), and I fill only a value said once; send the one you mean")
    for why in unserved:
        if why.about_action and asks(tool, str(why)):
            return str(why)
        unknown = {w for said in why.beyond for w in words(said)} if why.tool == tool.name else set()
        if any(unknown & (set(words(" ".join(around(task, v) or ("", "")))) | _after_comma(task, v)) for v in names):
            return str(why)
    return None


def _after_comma(task: str, value: str) -> set[str]:
    """The first content word after '<value>,' ('Paris, Texas') or '<value> or', unless a negation comes first."""
    found = re.search(rf"(?<![\w@.-]){re.escape(value)}(?:\s*,|\s+(?:or|ou)\b)\s*([^,;.?!]*)", task, re.IGNORECASE)
    for word in words(found[1]) if found else []:
        if word in NEGATORS | CONJUNCTIONS:
            break
        if word not in STOPWORDS:
            return {word}
    return set()


def shape_answer(reply: dict, schema: dict, task: str = "") -> dict:
    """Apply output_config.format: the answer's evidence as JSON valid against `schema`, or a refusal."""
    if _uses(reply):  # mid-loop: tool calls go out as they are, without the text around them
        return {**reply, "content": _uses(reply)}
    text = _text(reply)
    if not text or reply.get("declined") or reply.get("stop_reason") == "refusal":
        return decline(f"has no answer to put in the requested JSON format: {text or 'no text'}")
    value, why = _fit(text, reply.get("evidence") or {}, schema, task)
    if reply.get("unkept") and text not in (value, *(value.values() if isinstance(value, dict) else ())):  # 'Subtract
        # 1 from every answer': {"result": 54} would seem to have followed it; a text field holds the note itself
        why = f"the system prompt asks {reply['unkept']}, and my rules follow no instructions, so no field is filled"
    if why and reply.get("partial"):  # the tool gave a 'title', but the answer leaves a part of the task undone
        why = "the answer leaves a part of the task undone, so no field is filled from it"
    if why is None:
        checker = validator_class()  # formats too: Claude's 'date' is a date, and the SDK's parse checks it
        error = next(iter(checker(schema, format_checker=checker.FORMAT_CHECKER).iter_errors(value)), None)
        why = error and f"the answer does not fit it: {error.message}"
    if why:
        asked = f" for '{clip(' '.join(task.split()), 80)}'" if task else ""
        return decline(f"can't fill the requested JSON schema from what the tools returned{asked} ({why})")
    return {**reply, "content": [{"type": "text", "text": json.dumps(value, ensure_ascii=False)}]}


STATUS_WORDS = {"paid", "unpaid", "due", "owed", "outstanding", "settled", "open"}
TEXT_NAMES = {"answer", "text", "summary", "reply", "response", "result", "message", "explanation", "content",
              "output", "report", "réponse", "reponse", "résumé", "texte"}  # 'reponse': typed without its accent
UNIT_WORDS = {"eur", "usd", "gbp", "euros", "of", "the", "in", "value", "number", "num", "n", "a", "an"}
KINDS = {"string": str, "integer": int, "number": (int, float), "array": list, "boolean": bool}


DESCRIBED = UNIT_WORDS | STATUS_WORDS | TEXT_NAMES | set(  # words that say no more than a field's name: not 'all',
    "the a an of in for as is are this that it its their with from by to and le la les un une de des du en l d total "
    "amount amounts sum number numbers count value values result answer final field eur euro euros currency name city "
    "weather sky temperature montant somme nombre dû payé payée impayé impayée impayées valeur résultat ville météo "
    "string integer".split())  # 'every', 'files', 'orders' (which of them?), 'only', 'not' say more


BILLS = {"invoice", "invoices", "bill", "bills", "facture", "factures"}


def _unfollowed(schema: dict, props: dict) -> str | None:
    """Why a description or title cannot be followed: it says more than its field's name ('in US cents', 'Alba only',
    'rounded to the nearest ten'), and a field is filled by its name alone."""
    def told(spec: dict, top: bool = False) -> str:  # its description and title, in its anyOf branches and items too
        if not isinstance(spec, dict):
            return ""
        own = " ".join(str(spec.get(k) or "") for k in ("description",) + ("title",) * (not top))  # a model's title
        # is its class name ('UnpaidInvoices'), a property's title its name ('Total Due Eur')
        return " ".join([own, *(told(b) for k in ("anyOf", "oneOf", "allOf") for b in spec.get(k) or []), told(spec.get("items"))])
    for name, spec in [("the schema", schema), *props.items()]:
        said = re.sub(r"\{[^{}]*\}", " ", told(spec, spec is schema))  # '{default: None}': the SDK's note of a constraint
        allowed = DESCRIBED | set(words(name)) | (BILLS if set(words(said)) & STATUS_WORDS else set())  # 'the unpaid
        # invoices' says which; 'every invoice' does not
        extra = [w for w in dict.fromkeys(words(said)) if w not in allowed]  # digits too: 'result + 6'
        extra += re.findall(r"[-+*/×÷=<>%]", said)[:1]  # 'total × 100', 'result / 2'
        if extra:
            of = "the schema" if name == "the schema" else f"'{name}'"
            return (f"I fill a field by its name from what the tools returned, and cannot follow what the description "
                    f"of {of} adds: {', '.join(repr(w) for w in extra[:4])}")
    return None


def _fit(text: str, evidence: dict, schema: dict, task: str = "") -> tuple[object, str | None]:
    """The value for `schema` from the evidence (a lone text field may hold the answer itself), or the reason."""
    if why := _unfollowed(schema, {n: schema_of(s) for n, s in (schema.get("properties") or {}).items()}):
        return None, why
    if schema.get("type") == "string":
        return text, None
    if schema.get("type") != "object":
        return None, "the answer is text and evidence, and the schema asks for something else"
    props = {name: schema_of(spec) for name, spec in (schema.get("properties") or {}).items()}
    required = set(schema.get("required") or [])
    described = {p: " ".join([str(spec.get("description") or ""), *[t for t in [str(spec.get("title") or "")]
                                                                      if words(t) != words(p)]])  # a Pydantic title
                 for p, spec in props.items()}  # ('Count' of 'count') is its name, not a second quantity
    if why := next((s for p, spec in props.items() if isinstance(s := _said(p, spec, described[p]), str)), None):
        return None, why
    strings = [p for p, s in props.items() if one_type(s) == "string"]
    named = set(words(strings[0])) if len(strings) == 1 else set()
    # one field named for text ('answer', 'summary') is the answer itself; 'result_in_words' or 'summary_french'
    # asks for more than the answer as written
    if required <= set(strings) and named & TEXT_NAMES and not named - TEXT_NAMES - STOPWORDS - {"final"} and not _quantities(
            described[strings[0]], head=True):  # an 'answer' described as the total holds the total, not the answer
        return {strings[0]: text}, None
    if asked := next(((p, k) for p in props if (k := _asked_instead(p, evidence, task))), None):
        return None, f"the task asks for the '{asked[1]}' a tool returned, and '{asked[0]}' is another field"
    value = {p: found for p, spec in props.items() if (found := _evidence_for(p, spec, evidence, described[p])) is not None}
    missing = [p for p in props if p in required and p not in value]
    return (None, f"I could not tie '{missing[0]}' to a value a tool result or a computation gave") if missing else (value, None)


CURRENCY = {"euro": "eur", "euros": "eur", "€": "eur", "dollar": "usd", "dollars": "usd", "$": "usd", "pound": "gbp",
            "pounds": "gbp", "£": "gbp"}


def _json_fits(key: str, said: set[str], unit: set[str]) -> bool:
    """Whether a field of a JSON result ('json|price_usd|A-1') is the schema field named `said` in `unit`: the same
    words, and the same currency if either names one ('price_usd' is no 'price', nor 'price_euros')."""
    name, coins = set(words(key.split("|")[1])), {*CURRENCY, "eur", "usd", "gbp", "in"}
    money = {CURRENCY.get(w, w) for w in name} & {"eur", "usd", "gbp"}
    return name - coins == said - coins and money == unit


def _asked_instead(prop: str, evidence: dict, task: str) -> str | None:
    """A result's field whose name is `prop`'s and more, the more said in the task: 'the early-bird price' asks its
    'early_bird_price', which a field 'price' is not (a currency is no more: 'price_eur' may be 'price')."""
    said, asked = set(words(prop)), set(stems(task))
    for key in [k.split("|")[1] for k in evidence if k.startswith("json|")]:
        more = set(words(key)) - said - {*CURRENCY, "eur", "usd", "gbp"}
        if more and said < set(words(key)) and set(stems(" ".join(more))) <= asked:
            return key
    return None


COUNTED = re.compile(r"\b(?:how many|count|number of|nombre total|nombre|combien)\b|(?:^|\b(?:the|a|total)\s+)number\b",
                     re.I)  # 'the number', 'the total number', not 'the invoice number'
SUMMED = re.compile(r"\b(?:total|amount|sum|montant|somme)\b", re.I)
QUANTITIES = {"count": {"count", "number", "nombre", "num"}, "total": {"total", "amount", "sum", "montant", "somme"}}


def _quantities(described: str, head: bool = False) -> set[str]:
    """The quantities a description names: 'count' ('the number of …', 'the total number'), 'total' ('the amount');
    with `head`, only before its first 'of' ('the currency of the total' holds a currency)."""
    described = re.sub(r"\b(of|de|du|des|d['’]).*", r"\1", described, flags=re.I | re.S) if head else described
    return {q for q, found in [("count", COUNTED.search(described)), ("total", SUMMED.search(COUNTED.sub(" ", described)))]
            if found}


def _said(prop: str, spec: dict, described: str) -> set[str] | str:
    """The words `prop` is filled by: its name's, the quantity its description names taking the place of the name's
    ('total' described as 'the number of unpaid invoices' is the count); or why it cannot be filled (the description
    names both, or a quantity a field named for something else does not hold: 'temperature', 'the count')."""
    said = set(words(prop)) - {"of", "the", "in"}
    own = {q for q, names in QUANTITIES.items() if said & names}
    generic = own or not said - UNIT_WORDS - STATUS_WORDS - TEXT_NAMES  # 'amount', 'result', 'due': the description says which
    told = _quantities(described, head=not generic)
    if len(told) > 1:
        return f"the description of '{prop}' names both the count and the total, so I cannot tell which it holds"
    if not told or told == own:
        return said
    if generic:
        return said - set().union(*QUANTITIES.values()) - TEXT_NAMES | told
    if told == {"total"} and one_type(spec) in ("number", "integer"):  # a 'price' described as a total is a price
        return said
    return f"the description of '{prop}' says it holds the {next(iter(told))}, which its name does not say"


def _evidence_for(prop: str, spec: dict, evidence: dict, described: str = ""):
    """The one evidence value whose name shares a word with `prop` (or the quantity its description names) and whose
    type fits (and currency and status, if the name or its description says them: 'Total in USD' is not the EUR total)."""
    said = _said(prop, spec, described)
    if isinstance(said, str):
        return None
    status = (said | set(words(described))) & STATUS_WORDS  # 'total_due' is not filled from the total of the paid records
    kind = KINDS.get(one_type(spec), ())
    unit = {CURRENCY.get(w, w) for w in said | set(words(described))} & {"eur", "usd", "gbp"} | {
        CURRENCY[c] for c in "€$£" if c in described}  # 'total_euros', 'Total, in €'
    named = [k for k in evidence if k.startswith("json|") and _json_fits(k, said, unit)]
    if len({k.split("|")[2] for k in named}) > 1:
        return None  # a field of each of two results ('museums' of Lyon and of Paris): which one is not said
    exact = [evidence[k] for k in named if isinstance(evidence[k], kind) and isinstance(evidence[k], bool) == (
        one_type(spec) == "boolean") and (one_type(spec) != "integer" or float(evidence[k]).is_integer())]
    if exact and not status - set(words(named[0])):  # a result's field of that very name: 'paid', 'number', 'price_usd'
        return int(exact[0]) if one_type(spec) == "integer" else exact[0]
    if not said - UNIT_WORDS:
        return None
    only_status = not said - UNIT_WORDS - STATUS_WORDS  # 'outstanding': the amount or the count? only a key 'due'
    both = {"paid", "unpaid"} <= {words(k)[0] for k in evidence} and not status | said & {"grand", "all", "overall"}
    scored = [(len(said & set(words(k))), v) for k, v in evidence.items() if isinstance(v, kind)  # 'total' beside paid
              and (not k.startswith("json|") or k in named)  # a result's own field: its name exactly ('change', not 'change_pct')
              and not (both and words(k)[0] in ("paid", "unpaid", "grand"))  # and unpaid ones: which one is not said
              and isinstance(v, bool) == (one_type(spec) == "boolean")
              and (not unit or k.startswith("json|") or str(evidence.get(k + " currency", "")).lower() in unit)
              and status <= set(words(k)) and said - UNIT_WORDS <= set(words(k))  # 'total_excl_vat': no
              and (not only_status or set(words(k)) == said)
              and ("currency" in words(k)) <= ("currency" in said)]  # 'total' or 'due' is never 'EUR'
    best = max((n for n, _ in scored), default=0)
    hits = []
    for n, v in scored:  # one value said twice is one
        if n == best and n > 0 and v not in hits:
            hits.append(v)
    if one_type(spec) == "integer":
        hits = [int(v) for v in hits if float(v).is_integer()]
    return hits[0] if len(hits) == 1 else None


def think(reply: dict, skill: str, doc: str) -> dict:
    """Put a signed thinking block first: which rule the planner applied, and what it does."""
    thought = f"Rule '{skill}': {doc}"
    return {**reply, "content": [dict(type="thinking", thinking=thought, signature=sign(thought)), *reply["content"]]}


def stop_at(reply: dict, sequences: list[str]) -> dict:
    """Cut the reply's text before the first stop sequence it contains (stop_reason stop_sequence)."""
    kept = []
    for block in reply["content"]:
        if block["type"] == "text":
            hits = [(block["text"].find(s), s) for s in sequences if s in block["text"]]
            if hits:
                at, sequence = min(hits)
                kept += [{**block, "text": block["text"][:at]}] if at else []
                return {"content": kept, "stop_reason": "stop_sequence", "stop_sequence": sequence}
        kept.append(block)
    return reply


def apply(reply: dict, body: dict, view: View, skill: str = "", doc: str = "") -> dict:
    """The reply after every request field that changes Claude's reply (see the module docstring)."""
    reply = spoken(unforbidden(reply, body, view), body, view)
    if body.get("tool_choice") and body.get("tools"):
        reply = choose_tools(reply, body["tool_choice"], view)
    output = (body.get("output_config") or {}).get("format")
    reply = shaped(kept_back(unheeded(reply, body, view), body, view), body, view)  # on the final reply only
    if output and reply.get("stop_reason") != "refusal":
        reply = shape_answer(reply, output["schema"], view.task)
    if body.get("stop_sequences") and reply.get("stop_reason") != "refusal":
        reply = stop_at(reply, body["stop_sequences"])
    if (body.get("thinking") or {}).get("type") in ("enabled", "adaptive") and skill:
        reply = think(reply, skill, doc)
    if reply.get("stop_reason") == "refusal" and reply.get("stop_details") and french(view.task):  # in French too
        reply = {**reply, "stop_details": {**reply["stop_details"],
                                           "explanation": in_french(reply["stop_details"]["explanation"])}}
    return reply


FORBIDS = re.compile(r"\b(?:never|not|don't|do not|must not|mustn't|avoid|ignore|skip|disregard|no|ne|n'|jamais|pas|"
                     r"interdit)\b", re.IGNORECASE)
BARRED = re.compile(r"\b(?:must|should|may|can|will|is|are)\s*(?:never|not|n't)\b|\b(?:forbidden|prohibited|banned|not allowed|"
                    r"interdite?s?)\b", re.IGNORECASE)  # after its subject: 'The thermostat must never', 'Deleting files is forbidden'
PLAIN_VERBS = set(stems("get use call run fetch do make check set consult access fais faire utilise consulte aucun aucune"))
FRENCH_NAMES = {"calculator": "calculatrice"}  # 'N'utilise jamais la calculatrice'
ONLY = r"(?:only|solely|exclusively|uniquement|seulement|que|qu['’])"
LIMITED = re.compile(rf"\b{ONLY}\s+(?:use|call|utilise\w*|appel\w*)\s+(?P<tool>[^.!?;\n]+)|\b(?:utilise\w*|appel\w*)\s+{ONLY}\s+"
                     rf"(?P<tool2>[^.!?;\n]+)|\b{ONLY}\s+(?:discuss|discute)\w*\s+(?P<topic2>[^.!?;\n]+)|(?:\b{ONLY}\b[^.!?;\n]*?\b"
                     rf"(?:answer|respond|reply|help|talk|discuss|deal|répon\w*|aide\w*)|\b(?:answer|respond|reply|help|talk|discuss|"
                     rf"répon\w*|aide\w*)\b[^.!?;\n]*?\b{ONLY})[^.!?;\n]*?\b(?:about|on|regarding|concerning|related to|sur|concernant|"
                     rf"à propos d\w*)\s+(?P<topic>[^.!?;\n]+)|\bfor\s+(?P<topic3>[^.!?;\n]+?)\s+only\b", re.I)  # 'a bot for Lyon only'


def named_by_words(name: str, clause: str, plain: set[str] = PLAIN_VERBS) -> re.Match | None:
    """Where `clause` names the tool by the words of its name ('Never delete files' for delete_file, 'the weather tool'
    for get_weather, 'Ne supprime jamais de fichier'), a plain verb of the name aside; else None."""
    wanted = [{root(x) for x in {w, FRENCH_NAMES.get(w, w)} | next((g for g in RELATED if stem(w) in g), set())}
              for w in words(name) if stem(w) not in plain]  # 'supprimer' for 'supprime', not 'filter' for 'file'
    found = [next((m for m in re.finditer(r"[^\W\d_]+", clause) if (r := root(m[0].lower())) in group
                   or any(len(g) > 4 and r.startswith(g) for g in group)), None) for group in wanted]
    return min(found, key=lambda m: m.start()) if wanted and all(found) else None


def system_text(body: dict) -> str:
    system = body.get("system") or ""
    return system if isinstance(system, str) else " ".join(b.get("text", "") for b in system if isinstance(b, dict))


RULE = re.compile(rf"{FORBIDS.pattern}|{BARRED.pattern}|\b{ONLY}|\binterdi\w*", re.I)  # a rule an act may break
PRIVATE = (r"\bkeep\b[^.;]*\bprivate\b|\b(?:is|are|stays?|remains?|(?:must|should) (?:stay|remain|be))\s+(?:strictly\s+)?private\b|"
           r"\bgarde\w*\b[^.;]*\bprivée?s?\b|\b(?:sont|est|restent|reste|doivent rester)\s+privée?s?\b")  # 'Keep … private'
DISCLOSE = re.compile(r"(?:\b(?:never|not|don't|no|ne|n['’]\s*)\s*(?:\w+\s+){0,2}?(?:reveal|share|disclose|mention|divulge|give out|"
                      rf"pass on|révèle|partage|divulgue|mentionne|donne|communique)\w*|\bconfidenti\w*|\bsecret\b|\brefuse\w*|{PRIVATE})",
                      re.I)
DISCLOSING = re.compile(r"\b(?:reveal|share|disclose|divulge|give out|pass on|révèle|partage|divulgue|communique)\w*|"
                        rf"\bconfidenti\w*|\bsecret\b|\brefuse\w*|{PRIVATE}", re.I)  # about what a reply keeps back, not its form
RESHAPES = re.compile(r"\b(?:fahrenheit|celsius|kelvin|dollars?|usd|gbp|pounds?|yen|miles?|km|utc|gmt|vat|tva|thousands?|milliers?|"
                      r"treat|traite|consider|considère|round|arrondis\w*|assume|suppose)\b|\b(?:exclude|exclus\w*|ignore|skip|"
                      r"disregard|leave out)\b[^.;]{0,30}?(?:\b(?-i:[A-Z])|\d|\b(?:l['’])?(?:invoices?|factures?|articles?|"
                      r"documents?|files?|fichiers?|records?|clients?|customers?)\b)|°\s?[fc]\b|k€|"
                      r"\b(?:always|toujours|only|uniquement|seulement|never|jamais|not|don't|no|ne|pas|without|sans|except|sauf|"
                      r"must|doit|doivent)\b.*(?:\d|\b(?:euros?|eur|totals?|sums?|amounts?|montants?|counts?|decimals?|décimales?|"
                      r"percent\w*|pour ?cent|digits?|numbers?|chiffres?|nombres?|cite|citations?|sources?|file names?|noms? de "
                      r"fichiers?)\b)", re.I)  # a rule the answer may break: units, figures, records left out, sources
MADE_UP = re.compile(r"(?:\b(?:not|never|no|ne|pas|jamais)|n't)\b[^.]*?\b(?:make up|invent|guess|fabricat|speculat|devin|"
                     r"assum|suppos)\w*", re.I)  # 'do not assume it is paid': kept by design
SELF = re.compile(r"\b(?:system prompt|prompt|instructions?|consignes?)\b", re.I)  # 'Do not reveal these instructions'
OBLIGES = re.compile(r"\b(?:always|every|each|must|needs?|requires?|required|protected|keep|sign(?:ed|-off)?|prefix\w*|cc|"
                     r"approv\w*|before|after|first|toujours|chaque|doit|doivent|protégée?s?|garde|signalée?s?|avant|après)\b",
                     re.I)  # a duty an act may leave undone: 'Always CC audit@...', 'old.txt is a protected file'


ONE_CALL = re.compile(r"\b(?:more than one|several|multiple|plusieurs|plus d['’]un) (?:tools?|calls?|outils?|appels?)\b|"
                      r"\bone (?:tool|call|outil|appel) (?:per|at a|par|à la)\b|\bone at a time\b|\bsequential\w*|\bat most one "
                      r"(?:tool|call)|\bun seul (?:outil|appel)|\b(?:never|not|no|jamais|pas)\b[^.;]{0,20}\bparall[eè]l", re.I)
CALLING = r"(?:tools?|outils?|call\w*|using|use|read\w*|run\w*|act\w*|appel\w*|utilis\w*|lire|lis)"
GATES = r"(?:ask|confirm\w*|approv\w*|permission|ok|check with|consent\w*|go-ahead|green light|demande\w*|accord|feu vert)"
NO_CALLS = re.compile(r"\b(?:tools?|tool (?:use|calls?)|function call\w*|outils?)\b[^.;]*\b(?:disabled|forbidden|prohibited|banned|"
                      r"not (?:allowed|permitted)|turned off|switched off|off|offline|unavailable|denied|none|against (?:the )?"
                      r"polic\w*|désactivée?s?|indisponibles?|"
                      r"interdite?s?)\b|\b(?:never|not|no|jamais|aucun|pas|without|sans)\s+(?:(?:use|call|run|using|calling|"
                      r"utilise\w*|appelle\w*|any|the|de|les|d['’])\s*){0,2}(?:tools?|outils?)\b|"
                      r"\brefrain from (?:calling|using)\b|\btool access\b[^.;]*\b(?:denied|none|off)\b|"
                      rf"\b{GATES}\b[^.;]*\b(?:before|avant|first|then|d'abord)\b[^.;]*\b{CALLING}\b|\b(?:before|avant)\b[^.;]*\b{CALLING}\b[^.;]*"
                      rf"\b{GATES}\b|\b{CALLING}\b[^.;]*\b(?:once|until|only when|only if|jusqu|une fois)\b[^.;]*\b{GATES}|"
                      r"\b(?:tools?|outils?)\b[^.;]*\b(?:requires?|need|nécessitent)\b[^.;]*\b(?:confirm\w*|approv\w*|permission)",
                      re.IGNORECASE)  # 'Tools are disabled', 'Ask before calling tools', 'Tools: none': no call
ALLOWS = re.compile(r"\bno need\b|\b(?:don't|do not|needn't|need not|doesn't|does not)\s+(?:need|have)\b|\bwithout asking\b|"
                    r"\bsans (?:me |nous |leur |lui )?demander\b|"
                    r"\bfree to\b|\bpas besoin\b|\bmistake\b|\bhesitat\w*|\bhésite\w*|\b(?:other than|except|besides|autres? que)\s+"
                    r"(?:the ones|those|the tools|les outils|ceux)\s+(?:offered|given|provided|listed|here|fournis|proposés)|"
                    r"^\W*(?:if|si|when|whenever|quand|lorsqu)\b", re.IGNORECASE)  # 'No need to ask before calling tools'
TOPIC_BANNED = re.compile(r"\b(?:not|never|don't|no|ne|jamais|avoid)\b[^.;]*?\b(?:discuss\w*|answer\w* (?:any )?questions? (?:about|on)|"
                          r"talk\w* about|parle\w* (?:de|du|des)|répond\w* (?:aux|à des) questions (?:sur|de))\s+(?P<topic>[^.;]+)|"
                          r"(?P<topic2>[^.;]+?)\s+(?:is|are|est|sont)\s+(?:an?\s+)?(?:off[- ]topic|out of scope|forbidden topic|"
                          r"hors[- ]sujet|hors du champ)", re.IGNORECASE)  # 'Never discuss money', 'Weather is out of scope'
MONEY = set(stems("money price prices cost costs amount amounts total invoice invoices paid unpaid due eur euro dollar "
                  "argent prix montant facture"))


def _topic_banned(clause: str, name: str, view: View) -> bool:
    """Whether `clause` bars a topic ('Never discuss money') that the task or the tool touches."""
    found = TOPIC_BANNED.search(clause)
    topic = found and set(stems(found["topic"] or found["topic2"])) - STOPWORDS - set(stems("questions question topic sujet"))
    if not topic:
        return False
    touched = set(stems(view.task)) | (about_words(view.tool(name)) if view.tool(name) else set())
    return any(topic & group and touched & group for group in [*RELATED, MONEY]) or bool(topic & touched)  # 'météo'
    # bars 'weather', 'money' an invoice total


def _near_ban(name: str, clause: str, view: View, values: str = "") -> bool:
    """Whether a negation comes at most three words before a word of the tool's name ('Never search', 'You must not use
    any tools', 'Ne lis pas les fichiers') or just before one of its description ('Never do arithmetic') or of the call's
    input ('Ignore the tea article' for read_doc('brewing-green-tea.md')); 'Do not make up facts' bans none."""
    tool = view.tool(name)
    about = (about_words(tool) if tool else set()) | set(stems(values))
    for found in re.finditer(rf"(?:{FORBIDS.pattern})(?=((?:\s*[\w’.-]+){{1,3}}))", clause, re.I):
        tail = re.sub(r"\blook\s+up\b", "lookup", found[1])  # 'N'utilise jamais la calculatrice'
        first = next((s for s in stems(tail) if s not in STOPWORDS | PLAIN_VERBS), "")  # 'calcul' for calculator
        if re.search(r"\b(?:tools?|outils?)\b", tail) or any(named_by_words(w, tail) for w in words(name)) \
                or any(a == first or len(first) > 4 and a.startswith(first) for a in about):
            return True
    return False


def _off_limits(name: str, clause: str, view: View) -> bool:
    """Whether `clause` limits replies to tools ('Only use the calculator') that do not name the tool `name`, or to a
    topic ('Only discuss the weather in Lyon', 'about X or Y') of which no part has all its words in the task or the
    tool's name."""
    found = LIMITED.search(clause)
    if not found and re.search(r"\b(?:only|solely|exclusively|uniquement|seulement)\b|\bne\s+[\w'’]+\s+qu(?:e\b|['’])",
                               clause, re.I) and not re.search(  # 'tu ne parles que', not 'ne suppose pas qu'elle'
            r"\b(?:from|using|with|à partir|d'après|avec)\b[^.]*\b(?:documents?|articles?|files?|results?|sources?|tools?|"
            r"fichiers?|résultats?|outils?)\b", clause, re.I):  # 'You only help with invoices': a scope it cannot check
        return True
    topic = found and (found["topic"] or found["topic2"] or found["topic3"])
    if topic:
        return not any(all(w in STOPWORDS or stem(w) in stems(view.task) or named_by_words(name, w) for w in words(part))
                       for part in re.split(rf"\b(?:{'|'.join(CONJUNCTIONS)})\b|,", topic))
    named = found and (found["tool"] or found["tool2"])  # 'Only use tools when needed' names none: no limit
    return bool(named) and (any(mention(t.name, named) or named_by_words(t.name, named) for t in view.tools) or re.search(
        r"\b(?!(?:one|a|an|any|the|each|every|your)\b)\w+[\s_-]+tool\b", named)) and not (  # 'Only use the flight tool'
        mention(name, named) or named_by_words(name, named))


HARMLESS = set(stems(f"{WEATHER} calculator calculate arithmetic expression add multiply subtract divide count convert"))
BANS_IT = re.compile(r"\b(?:don't|do not|never|ne)\s+(?:call|use|run|appelle|utilise)\s+(?:it|them|le|la|les)\b|"
                     r"\bne\s+(?:l['’]|les\s+)(?:utilise|appelle|lance)\w*", re.I)  # 'The weather tool is down; do not call it'


def _touches(name: str, clause: str, view: View) -> bool:
    """Whether a rule's words meet the tool's, the task's or those of their kind: 'Give temperatures in Fahrenheit'
    touches get_weather, not the calculator; 'Round amounts to whole euros' a task about invoices, not the weather."""
    if re.search(r"\b(?<!phone )(?:numbers?|figures?|digits?|chiffres?|nombres?|decimals?|décimales?|cite|sources?)\b", clause, re.I):
        return True  # 'Round every number', 'Ne cite pas tes sources': every reply with a number or a quote
    tool = view.tool(name)
    near = (about_words(tool) if tool else set()) | set(stems(view.task))
    near |= {w for group in [*RELATED, MONEY] if group & near for w in group}
    said = {w for w in stems(clause) if len(w) > 2} - STOPWORDS - PLAIN_VERBS  # not 'à', 'l'
    return bool(said - set(stems("always never only give report show round use")) & near)


def _against(name: str, clause: str, view: View, values: str = "") -> bool:
    """Whether a clause of the system prompt may forbid calling the tool `name`: a ban that names it, a limit that
    leaves it out, or a rule it cannot check over an act, a disclosure, a duty to act ('After every answer, email it
    to log@x.com'), or a tool a negation names."""
    if USE_FOR_SUMS.match(clause) and not FORBIDS.search(clause):  # 'Use the calculator for sums': checked on the reply
        return False
    if _off_limits(name, clause, view) or NO_CALLS.search(clause) and not ALLOWS.search(clause) or _topic_banned(
            clause, name, view):
        return True
    touches = _touches(name, clause, view)
    if not SELF.search(clause) and not view.gullible and (  # a gullible model is fooled into acting anyway
            set(stems(words(name)[0])) & ACTS and (RULE.search(clause) or OBLIGES.search(clause))
            or DISCLOSE.search(clause) and not _checked(clause) and (touches or re.search(r"\brefuse", clause, re.I) or not HARMLESS & (
                about_words(view.tool(name)) if view.tool(name) else set()))  # the weather holds no phone number
            or (OBLIGES.search(clause) or re.search(r"\S@\S", clause)) and set(stems(clause)) & (ACTS | ACT_NOUNS)
            or RESHAPES.search(clause) and not (MADE_UP.search(clause) or WHOLE.search(clause) or _checked(clause)) and touches  # 'Always
            # give amounts in US dollars' touches invoices; 'Round amounts to whole euros' is checked on the reply
            # touches invoices; the weather's answer is named by `shaped` if it breaks it
            or BANS_IT.search(clause)
            or _near_ban(name, clause, view, values) and not ALLOWS.search(clause)):  # not 'If an invoice has no status'
        return True
    named = not LIMITED.search(clause) and (mention(name, clause) or named_by_words(name, clause))
    return bool(named and ((no := FORBIDS.search(clause)) and no.start() < named.start()
                           or BARRED.search(clause, named.end())))


KEPT_BACK = {  # what a rule may keep back that the reply is checked for, loosely: (named by, may be written as)
    "phone": (re.compile(r"\b(?:phone|telephone|mobile|tel)\b|\btéléphone|\bportable", re.I),
              re.compile(r"\+?\(?\d(?:[\d()]|[\s./-](?=\(?\d)){5,}\d")),  # 06/12/34/56/78, 555-0199, (555) 123-4567
    "email": (re.compile(r"\be-?mails?\b|\bcourriels?\b|\bmail\b", re.I),
              re.compile(r"@|\[\s*at\s*\]|\(\s*at\s*\)|\bat\b\W+\w+\W+(?:\w+\W+)?\[?\(?\s*dot\b", re.I))}
OF_PEOPLE = set(stems("never reveal share disclose divulge give out pass on mention anyone anybody our client clients customer "
                      "customers keep private is are stay stays remain must should be strictly sont est restent reste privé "
                      "privés privée privées "
                      "staff employee employees user users people member members contact contacts their phone telephone "
                      "mobile tel number numbers email emails e mail address addresses ne jamais révèle partage divulgue "
                      "communique donne personnel numéro numéros téléphone portable adresse adresses courriel courriels "
                      "membres"))


def _checked(clause: str) -> list[str]:
    """The kinds a rule keeps back when it names only those ('Never share client email addresses'): the reply is
    checked for them (`kept_back`) instead of the call being barred."""
    kinds = [kind for kind, (named, _) in KEPT_BACK.items() if named.search(clause)]
    said = set(stems(uncontracted(clause))) - OF_PEOPLE - STOPWORDS - {"s"}  # "anybody's"
    return kinds if DISCLOSE.search(clause) and kinds and not said else []


NO_PHONE = re.compile(r"(?:19|20)\d\d-\d\d-\d+|\d{1,2}([/.-])\d{1,2}\1(?:19|20)?\d\d|(?:19|20)\d\d([/.-])\d{1,2}\2\d{1,2}")


def _held(kind: str, text: str) -> bool:
    """Whether `text` may hold one: any '@' or 'at … dot' for an email; for a phone, 7 digits or more in one run, as
    written in the reply, but an amount ('1 250 000 EUR'), a date or an invoice number ('2026-03-101')."""
    return any(kind == "email" or sum(c.isdigit() for c in m[0]) >= 7 and not NO_PHONE.fullmatch(m[0]) and not re.match(
        r"\s?(?:[€$£]|EUR|USD|GBP|CHF|euros?)\b", text[m.end():]) and not re.search(r"(?:[€$£]|\b(?:EUR|USD|GBP|CHF))\s?$",
                                                                                   text[:m.start()])
               for m in KEPT_BACK[kind][1].finditer(text))


def kept_back(reply: dict, body: dict, view: View) -> dict:
    """The final reply, or a decline when it holds what a rule of the system prompt keeps back ('Never share client
    email addresses'): the rules cannot leave out one part of what they quote."""
    texts = " ".join(b.get("text", "") for b in reply.get("content", []) if b.get("type") == "text")
    if reply.get("stop_reason") != "end_turn" or reply.get("declined"):
        return reply
    for clause in re.split(r"(?<=[.!?;])\s+|\n+", system_text(body)):
        if held := [k for k in _checked(clause) if _held(k, texts)]:
            said = clip(clause.strip().rstrip("."), 200)
            text = (f"Je ne donne pas de réponse : elle pourrait contenir {'un numéro de téléphone' if held[0] == 'phone' else 'une adresse e-mail'}, "
                    f"et le prompt système dit « {said} » ; mes règles ne savent ni l'y reconnaître à coup sûr ni l'en ôter. "
                    "Claude donnerait le reste." if french(view.task) else
                    f"I give no answer: it may hold {'a phone number' if held[0] == 'phone' else 'an email address'}, and the "
                    f"system prompt says '{said}'; my rules can neither tell one for sure nor leave it out. Claude would give "
                    "the rest.")
            return {"content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "declined": True}
    return reply


LEAKY = re.compile(r"\b(?=[\w-]*[^\W\d_])(?=[\w-]*\d)[\w-]{4,}|\b(?:keys?|password|passcode|passphrase|token|codes?|secret|pin|mot de passe|clé|code)\b[^.;]*?"
                   r"(?:\b(?:is|are|est|sont)\b|[=:])", re.IGNORECASE)  # a clause that may hold what it keeps secret


def unforbidden(reply: dict, body: dict, view: View) -> dict:
    """The reply, or a decline if it calls a tool that a clause of the system prompt may forbid (see `_against`): the
    rules follow no instructions, so they make no call one may forbid ('Never use the calculator'). A forced tool is
    still called."""
    text = system_text(body)
    if (body.get("tool_choice") or {}).get("type", "auto") != "auto" or not text:
        return reply
    clauses = [c.strip() for c in re.split(r"[.!?;,:](?:\s+|$)|\n+", text)]
    # a whole sentence too, as a comma would split 'Before using a tool, ask the user'
    whole = [c.strip() for c in re.split(r"[.!?;](?:\s+|$)|\n+", text) if NO_CALLS.search(c) and not ALLOWS.search(c)]
    calls = [b for b in reply.get("content", []) if b.get("type") == "tool_use"]
    for block in calls:
        against = [c for c in clauses if not (SHAPES.search(c) or ASKS_LANGUAGE.search(c)) and _against(
            block["name"], c, view, " ".join(map(str, block["input"].values())))
                   or len(calls) > 1 and ONE_CALL.search(c)] + whole  # 'Never call more than one tool per turn'
        if against:
            said = next((c for c in against if not LEAKY.search(c)), "")  # 'The API key is sk-…': never repeated
            why = (f"Je n'ai pas appelé {block['name']} : le prompt système "
                   + ("a une clause que je ne répète pas, car elle peut contenir une donnée privée" if not said else
                      f"dit « {clip(said, 200)} »") + ", et mes règles ne "
                   "suivent pas d'instructions, donc je ne fais aucun appel qu'il pourrait interdire ou dont il changerait la "
                   "réponse. Claude le suivrait."
                   if french(view.task) else
                   f"I did not call {block['name']}: the system prompt "
                   + ("has a clause I do not repeat, as it may hold something private" if not said else
                      f"says '{clip(said, 200)}'") + ", and my rules follow no "
                   "instructions, so I make no call it may forbid or whose answer it may change. Claude would follow it.")
            return {"content": [{"type": "text", "text": why}], "stop_reason": "end_turn", "declined": True}
    return reply


STATE = re.compile(r"\b(?:paid|unpaid|settled|cancel\w*|void\w*|refund\w*|bounced|rejected|closed|reopened|disputed|"
                   r"written off|overdue|wrong|incorrect|mistaken|updated?|changed?|corrected|duplicated?|deleted|removed|"
                   r"moved|replaced|actually|in fact|no longer|again|payée?s?|impayée?s?|réglée?s?|annulée?s?|remboursée?s?|"
                   r"rejetée?s?|fermée?s?|fermé|erronée?s?|corrigée?s?|modifiée?s?|supprimée?s?|en fait|désormais|de nouveau)\b",
                   re.IGNORECASE)  # a word that may state a fact about the data: 'invoice 2026-03-101 was paid yesterday'


def unheeded(reply: dict, body: dict, view: View) -> dict:
    """The final reply, or a decline when a clause of the system prompt states something about a record or a name the
    tools' results hold ('Studio Lune's invoices were cancelled'): the rules read no facts from the system prompt, so
    they give no answer such a fact may change."""
    if reply.get("stop_reason") != "end_turn" or reply.get("declined") or not view.steps or any(
            b.get("type") == "tool_use" for b in reply.get("content", [])):
        return reply
    results = " ".join(s.result or "" for s in view.steps if not s.is_error)
    for clause in re.split(r"(?<=[.!?;])\s+|\n+", system_text(body)):
        if not STATE.search(clause) or SHAPES.search(clause) or re.match(r"\W*(?:if|si|when|quand|lorsqu)\b", clause, re.I):
            continue  # 'If an invoice has no status, say so; do not assume it is paid or unpaid': a rule, no fact
        names = re.findall(r"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[^\W\d]|[\w-]*\d-\d)[\w-]{3,}(?![\w-])|"
                           r"(?<![\w'-])[A-ZÀ-Ý][\w'-]{2,}(?:\s+[A-ZÀ-Ý][\w'-]+)+", clause)  # 'INV-7', 'Studio Lune'
        named = next((n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", results)), None)
        if named:
            said = clip(clause.strip().rstrip(";"), 200)
            text = (f"Je ne donne pas de réponse : le prompt système dit « {said} », à propos de {named}, que les "
                    "résultats des outils nomment aussi ; mes règles ne lisent aucun fait dans le prompt système, donc je "
                    "ne donne pas une réponse qu'il pourrait changer. Claude en tiendrait compte." if french(view.task) else
                    f"I give no answer: the system prompt says '{said}', about {named}, which the tools' results also "
                    "name; my rules read no facts from the system prompt, so I give no answer it may change. Claude "
                    "would weigh it.")
            return {"content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "declined": True}
    return reply


SHAPES = re.compile(r"\b(?:answer|reply|respond|write|output|format|keep|use|give|return|produce|répon\w*|écri\w*|formate\w*|"
                    r"garde\w*|utilise\w*|emploie\w*|renvoie\w*|retourne\w*|produi\w*|fournis\w*)\b"
                    r"[^.!?;\n]*\b(?:words?|mots?|sentences?|phrases?|lines?|lignes?|json|yaml|xml|csv|markdown|html|bullet\w*|"
                    r"integers?|entiers?|(?:a|one|a single|un|un seul|une seule)\s+(?:number|nombre|chiffre|digit)|"
                    r"lists?|listes?|uppercase|lowercase|capitals?|capital letters|majuscules?|minuscules?|tables?|tableaux?|"
                    r"emojis?|haikus?|poems?|rhymes?|numbered|caps|tags?|bold|italics?|title case|form)\b|<\w+>|"
                    r"^\W*(?:always\s+)?(?:start|begin|end|finish|prefix|sign off|sign|commence|termine)\w*\s+(?:\w+\s+){0,3}?"
                    r"(?:with|by|par)\b|\b(?:start|begin|end|finish|sign|commence\w*|termine\w*)\w*\s+"
                    r"(?:(?:your|each|every|the|all|ta|tes|vos|votre|chaque)\s+)?(?:reply|replies|answers?|responses?|messages?|"
                    r"réponses?)\b|\breply with just\b|\bjust the\b|^\W*output\s+\w+|"
                    r"^\W*(?:in\s+|en\s+)?(?:one|a single|un seul|une seule|un|une)\s+(?:word|mot|sentence|phrase|line|ligne)\W*$|"
                    r"^\W*(?:json|yaml|xml|csv)\b", re.IGNORECASE)  # rules on the reply's form ('Un seul mot.', 'JSON only')
ON_FORM = re.compile(r"\b(?:must|should|always|never|every|each|give|write|spell|report|include|quote|cite|state|express|"
                     r"round|format|use an?|doit|doivent|toujours|jamais|chaque|donne|écris|écrivez|indique|inclus|cite|mets|"
                     r"exprime|arrondis|utilise une?)\b", re.I)  # a rule on what the reply says ('Give all amounts in cents')
FORM_WORDS = re.compile(r"\b(?:amounts?|numbers?|figures?|digits?|dates?|temperatures?|units?|cents?|decimals?|separators?|currenc\w*|"
                        r"symbols?|letters|lines?|due dates?|montants?|nombres?|chiffres?|températures?|unités?|centimes?|"
                        r"décima\w*|séparateurs?|devises?|symboles?|lettres|lignes?|dates? d['’]échéance|client)\b", re.I)
WORDS_AT_MOST = re.compile(r"\b(?:under|fewer than|less than|at most|no more than|max(?:imum)?|moins de|au plus|pas plus "
                           r"de|(?:not |never )?exceed(?:ing)?|dépasse[rz]?(?: pas)?)\s+(\d+)\s+(?:words?|mots?)|\b(\d+)\s+(?:words?|mots?)\s+(?:max(?:imum)?|at most|or (?:less|fewer)"
                           r"|au plus|maximum)", re.IGNORECASE)


NEGATED = re.compile(r"^\W*(?:(?:please|always)\s+)?(?:do not|don't|never|no|avoid|ne|n['’]|jamais|pas de|sans)\b", re.I)


def _meets(rule: str, text: str) -> bool:
    """Whether `text` keeps a rule on its form that can be checked ('Keep answers under 10 words', 'Always start
    your reply with 'Answer:'', 'Do not use bullet points'); any other rule counts as not kept."""
    if limit := WORDS_AT_MOST.search(rule):
        return len(text.split()) < int(limit[1] or limit[2]) + bool(re.search(r"at most|no more|max|au plus|pas plus|or (?:less|fewer)|exceed|dépass",
                                                                            limit[0], re.I))
    if CASED.search(rule) and not re.search(r"[^\W\d_]", text):  # '17 * 3 = 51.' is in no case
        return True
    if TONE.search(rule):  # 'Use simple words', 'a warm tone': no form the reply can be checked against
        return True
    kept, does = _holds(rule, text), _does(rule, text)
    if does is not None:  # 'Reply in JSON with keys city and celsius': kept if JSON, whatever its degrees
        return (does is False if NEGATED.match(rule) else does) and kept is not False
    if kept is not None and not FORMS.search(rule):  # 'Answer in one word, amounts in euros': the word count unchecked
        return kept
    return False


FORMS = re.compile(r"\b(?:words?|mots?|sentences?|phrases?|lines?|lignes?|json|yaml|xml|csv|html|markdown|bullet\w*|lists?|"
                   r"listes?|tables?|tableaux?|integers?|entiers?|spel\w*|lettres|roman|romains?|binary|binaire|percentages?|"
                   r"pourcentages?|thousands?|milliers?|millions?)\b", re.I)  # forms `_holds` cannot vouch for
TONE = re.compile(r"\btone\b|\bton\b|\b(?:simple|plain|short|easy|clear|everyday|friendly|polite|warm|kind|simples|clairs)\s+"
                  r"(?:words|language|terms|mots|langage)\b|\bmots (?:simples|clairs)\b", re.I)
SIGNS = {"€": "EUR", "$": "USD", "£": "GBP", "euro": "EUR", "euros": "EUR", "dollar": "USD", "dollars": "USD"}


def _holds(rule: str, text: str) -> bool | None:
    """Whether `text` keeps a rule on its amounts, dates, numbers or temperatures when that can be told: it holds none
    of them, its amounts are all in the currency asked ('Give amounts in EUR'), or none has a sign ('ISO codes, never
    symbols'); else None."""
    amounts = re.findall(r"(?:[€$£]\s?|\b(?:EUR|USD|GBP|CHF)\s?)\d|\d[\d\s.,]*\s?(?:[€$£]|\b(?:EUR|USD|GBP|CHF)\b)", text)
    if re.search(r"\b(?:amounts?|montants?|prices?|prix|currenc\w*|devises?|cents?|centimes?|euros?|dollars?)\b", rule, re.I):
        if not amounts:
            return True
        if WHOLE.search(rule):  # 'Round amounts to whole euros': no amount has cents
            return not re.search(r"\d[.,]\d{1,2}\s?(?:[€$£]|\b(?:EUR|USD|GBP|CHF|euros?)\b)|[€$£]\s?[\d,.]*\d[.,]\d{1,2}\b", text)
        if re.search(r"\b(?:iso|codes?)\b", rule, re.I) and re.search(r"\bsymbols?|symboles?\b", rule, re.I):
            return not re.search(r"[€$£]", text)
        asked = {SIGNS.get(c.lower(), c.upper()) for c in re.findall(r"\b(?:EUR|USD|GBP|CHF|euros?|dollars?)\b|[€$£]", rule, re.I)}
        used = {SIGNS.get(c, c) for c in re.findall(r"\b(?:EUR|USD|GBP|CHF)\b|[€$£]", text)}
        return used <= asked if len(asked) == 1 and not re.search(r"\b(?:cents?|centimes?|round|arrondi\w*|whole|entiers?|"
                                                                    r"thousands?|milliers?|millions?)\b",
                                                                    rule, re.I) else None
    if re.search(r"\bdates?\b", rule, re.I) and not re.search(r"\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\b\d{1,2}\s+[A-Za-zéû]+\s+\d{4}\b", text):
        return True
    if re.search(r"\btemp[ée]ratures?\b|\b(?:celsius|fahrenheit|kelvin)\b|°\s?[cf]\b", rule, re.I) and "°" not in text:
        return True
    if scale := re.search(r"\b(celsius|fahrenheit)\b|°\s?([cf])\b", rule, re.I):  # 'Use Celsius': the reply's degrees are
        return not re.search(rf"°\s?(?!{(scale[1] or scale[2])[0].upper()})[CF]\b", text)  # all in it
    if re.search(r"\b(?:numbers?|nombres?|chiffres?|figures?|digits?)\b", rule, re.I) and not re.search(r"\d", text):
        return True
    return None


WHOLE = re.compile(r"\b(?:round\w*|arrondi\w*)\b[^.;]*?(?:\bto (?:the )?nearest (?:euro|dollar|pound|unit|whole number|integer)|"
                   r"\b(?:to )?whole (?:euros?|dollars?|pounds?|numbers?|units?)|\bà l['’](?:euro|unité) près|\baux euros?\b|"
                   r"\bentiers?\b)", re.I)
CASED = re.compile(r"\b(?:upper ?case|capital letters|capitals|caps|majuscules?)\b", re.I)


def _does(rule: str, text: str) -> bool | None:
    """Whether `text` does what a rule on the form names (starts with 'Answer:', is JSON, has bullets), or None
    when it cannot tell."""
    if quoted_ := re.search(r"\b(?:start|begin|prefix|commence\w*)\w*\b[^'\"«]*['\"«]\s*([^'\"»]+?)\s*['\"»]", rule, re.I):
        return text.startswith(quoted_[1])
    if quoted_ := re.search(r"\b(?:end|finish|sign|termine\w*)\w*\b[^'\"«]*['\"«]\s*([^'\"»]+?)\s*['\"»]", rule, re.I):
        return text.rstrip().endswith(quoted_[1])
    number = re.fullmatch(r"\s*-?\d+(?:[.,]\d+)?\s*", text)
    checks = [(r"\b(?:one|a single|une? seule?|une) (?:sentence|phrase)\b", len(re.findall(r"[.!?](?=\s|$)", text.strip())) <= 1),
              (r"\b(?:one|a single|un seul|en un|un) (?:word|mot)\b", len(text.split()) <= 1),
              (r"\bintegers?\b|\bentiers?\b", bool(number) and not re.search(r"[.,]", text)),
              (r"\b(?:a|one|a single|un|un seul)\s+(?:number|nombre|chiffre|digit)\b", bool(number)),
              (r"\b(?:yaml|xml|csv|html)\b", bool(re.match(r"\s*<\w", text)) and re.search(r"\b(?:xml|html)\b", rule, re.I)),
              (CASED.pattern, text == text.upper()), (r"\bjson\b", json_value(text) is not None),
              (r"\bbullet\w*|\blists?\b|\blistes?\b", bool(re.search(r"^\s*(?:[-*•]|\d+[.)])\s", text, re.M))),
              (r"\bmarkdown\b|\bbold\b|\bitalics?\b|\bheadings?\b", bool(re.search(r"\*\*|__|^#|`|^\s*[-*]\s", text, re.M))),
              (r"\bemojis?\b", bool(re.search("[\U0001F300-\U0001FAFF\u2600-\u27BF]", text))),
              (r"\btables?\b|\btableaux?\b", "|" in text)]
    named = [bool(done) for pattern, done in checks if re.search(pattern, rule, re.I)]
    return all(named) if named else None  # 'one sentence, as XML': both


def _on_reply(clause: str) -> bool:
    """Whether a clause of the system prompt orders something of the reply's form or content ('Answer in one word',
    'Give all amounts in cents', 'Use Celsius', 'No more than 5 words'); not a condition, a persona, what a reply keeps
    back ('Never reveal …'), a fact ('The VAT rate is 20 %'), nor sources (the research skill's own rule)."""
    if (SHAPES.search(clause) or MACHINE.search(clause) and FOR_REPLY.search(clause)) and not (re.search(
            r"\b(?:tools?|results?|files?|data|api|outils?|résultats?|fichiers?|données)\b", clause, re.I) and not re.search(
            r"\b(?:you|your|reply|answer|response|output|réponse|réponds|sortie)\b", clause, re.I)):  # 'Valid JSON is required',
        return True  # 'Sortie : JSON uniquement', 'Send back YAML'; not 'The tools return JSON'
    if re.match(r"\W*(?:if|si|when|quand|you are|tu es|vous êtes)\b", clause, re.I) or DISCLOSING.search(clause) or (
            USE_FOR_SUMS.match(clause)):  # named by `_unused` only where the reply did the sums
        return False
    if ON_FORM.search(clause) and FORM_WORDS.search(clause):
        return True
    ordered = ON_FORM.search(clause) or WORDS_AT_MOST.search(clause) or re.match(r"\W*(?:use|utilise)\b", clause, re.I)
    return bool(ordered and RESHAPES.search(clause) and not MADE_UP.search(clause) and not BANS_IT.search(clause)
                and not re.search(r"\b(?:cite|citations?|sources?|file names?|documents?)\b", clause, re.I))


MACHINE = re.compile(r"\b(?:json|yaml|xml|csv)\b|\b(?:nothing but|only|just|rien que|seulement|uniquement)\s+(?:the\s+|l['’]|le\s+)?"
                     r"(?:integer|number|entier|nombre)\b", re.I)  # a form a program reads
FOR_REPLY = re.compile(r"\b(?:you|your|reply|replies|answers?|responses?|output|say|write|return|give|send|respond|must|should|"
                       r"always|only|required|nothing|ta|tes|votre|vos|réponse|réponds|répondez|sortie|donne|renvoie|produis|"
                       r"formatte|format|écris|toujours|uniquement|seulement|doit|liste|list|as)\b|^\W*(?:json|yaml|xml|csv)\b", re.I)
def _formed(rule: str) -> bool:
    """Whether a rule that names a language also names a form to check: 'Answer in English, as JSON', 'in one word'."""
    return bool(MACHINE.search(rule) or re.search(r"\b(?:one|a single|un seul|en un) (?:word|mot)\b", rule, re.I))


USE_FOR_SUMS = re.compile(r"^\W*(?:(?:always|toujours)\s+)?(?:use|utilise\w*)\s+(?:the\s+|le\s+|la\s+|l['’])?([\w-]+)"
                          r"[^.;]*\b(?:arithmetic|math\w*|calculations?|computations?|sums?|totals?|calcul\w*|opérations?|"
                          r"additions?|arithmétique)\b", re.I)  # 'Use the calculator for any arithmetic'


def _unused(rule: str, text: str, view: View) -> bool:
    """Whether `rule` asks for an offered tool to do the sums ('Use the calculator for any arithmetic') that was not
    called, while the reply holds a figure that neither the task nor a result gives (a total the rules summed)."""
    named = USE_FOR_SUMS.match(rule)
    tool = named and next((t.name for t in view.tools if mention(t.name, named[1]) or named_by_words(t.name, named[1])), None)
    if not tool or view.calls_of(tool):
        return False
    given = set(re.findall(r"\d+(?:[.,]\d+)?", view.task + " " + " ".join(s.result or "" for s in view.steps)))
    text = re.sub(r"\b(?:Based on|D'après) \d+ (?:files?|fichiers?) (?:read|lus)\b", "", text)
    return any(n not in given for n in re.findall(r"\d+(?:[.,]\d+)?", text))


DEFINES = re.compile(r"(?<!\bthat )(?<!\bwho )(?<!\bwhich )(?<!\bqui )\b(?:means?|stands? for|is spel(?:led|t)|is written|veut "
                     r"dire|signifie|désigne)\b(?!\s+(?:well|business)\b)|\b(?:add|subtract|"
                     r"multiply|divide|round|ajoute|soustrai\w*|retire|multiplie|divise|arrondi\w*)\b[^.;]*\b(?:every|each|all|any|"
                     r"chaque|tou(?:te)?s? les?)\s+(?:answers?|results?|numbers?|figures?|réponses?|résultats?|nombres?)\b", re.I)
# 'x means addition', "'Paris' means Lyon", 'Subtract 1 from every answer': the rules read the task as written


def shaped(reply: dict, body: dict, view: View) -> dict:
    """The final reply, with a note naming each rule of the system prompt on its form that it does not keep ('Answer
    in one word'): the rules write the same reply whatever the prompt asks, and say so rather than seem to obey."""
    texts = [b for b in reply.get("content", []) if b.get("type") == "text"]
    if reply.get("stop_reason") != "end_turn" or not texts or reply.get("declined") or any(
            b.get("type") == "tool_use" for b in reply["content"]):
        return reply
    text = " ".join(b["text"] for b in texts)
    rules = [c.strip() for c in re.split(r"(?<=[.!?;])\s+|\n+", system_text(body)) if _on_reply(c)]
    structured = (body.get("output_config") or {}).get("format")  # the reply will be JSON: a JSON rule is kept
    unkept = [r.rstrip(".") for r in rules if not (_meets(r, text) or ASKS_LANGUAGE.search(r) and not _formed(r)
                                                   or structured and re.search(r"\bjson\b", r, re.I))]
    unkept += [c.strip().rstrip(".") for c in re.split(r"(?<=[.!?;])\s+|\n+", system_text(body)) if _unused(c, text, view)
               or DEFINES.search(c) and c.strip().rstrip(".") not in unkept]
    quoted_ = ", ".join(f"'{clip(r, 120)}'" for r in unkept)
    note = " ".join(filter(None, [_language_note(body, view, text), unkept and (
        f"Le prompt système demande {quoted_} ; les règles du modèle d'entraînement ne suivent pas d'instructions, "
        "donc cette réponse ne le fait pas. Claude le suivrait." if french(view.task) else
        f"The system prompt asks {quoted_}; the practice model's rules follow no instructions, so this reply "
        "does not. Claude would follow it.")]))
    if not note:
        return reply
    last = texts[-1]
    return {**reply, "content": [{**b, "text": f"{b['text']} {note}"} if b is last else b for b in reply["content"]],
            **({"unkept": quoted_} if unkept else {})}  # JSON from it would seem to obey: no field is filled


LANGUAGES = {word: names.split(":") for names, spelt in {  # a language's names, English:French, and how it is written
    "French:français": "french français francais", "English:anglais": "english anglais",
    "Spanish:espagnol": "spanish espagnol español espanol", "German:allemand": "german allemand deutsch",
    "Italian:italien": "italian italien italiano", "Portuguese:portugais": "portuguese portugais português portugues",
    "Dutch:néerlandais": "dutch néerlandais nederlands", "Polish:polonais": "polish polonais polski",
    "Swedish:suédois": "swedish suédois svenska", "Korean:coréen": "korean coréen", "Greek:grec": "greek grec",
    "Turkish:turc": "turkish turc", "Danish:danois": "danish danois", "Norwegian:norvégien": "norwegian norvégien",
    "Finnish:finnois": "finnish finnois", "Hindi:hindi": "hindi",
    "Chinese:chinois": "chinese chinois", "Japanese:japonais": "japanese japonais", "Arabic:arabe": "arabic arabe",
    "Russian:russe": "russian russe"}.items() for word in spelt.split()}
ASKS_LANGUAGE = re.compile(rf"\b(?:answer|reply|respond|write|speak|talk|répon\w*|écri\w*|parle\w*|respond\w*|antwort\w*|"
                           rf"rispond\w*|schreib\w*|scriv\w*|escrib\w*|antwoord\w*)\b[^.!?;\n]{{0,40}}?"
                           rf"\b(?:in|en|auf|em|op)\s+({'|'.join(LANGUAGES)})\b|\b(?:speaks?|parle)\s+({'|'.join(LANGUAGES)})\b|\b(?:use|utilise\w*)\s+(?:the\s+|le\s+|l['’])?"
                           rf"({'|'.join(LANGUAGES)})\b|\b({'|'.join(LANGUAGES)})\s+(?:only|seulement|uniquement)\b", re.IGNORECASE)  # 'Always answer in French'


def spoken(reply: dict, body: dict, view: View) -> dict:
    """The reply in French when the system prompt asks for French replies to an English task, as a French task's is
    written; any other language is named as not followed by a note on the final reply (`_language_note`)."""
    if _asked_language(body, view) != "French" or not reply.get("content"):
        return reply
    return {**reply, "content": [{**b, "text": in_french(b["text"])} if b["type"] == "text" else b for b in reply["content"]]}


def _asked_language(body: dict, view: View) -> str:
    """The language the system prompt asks replies in, when it is not the task's own, else ''."""
    asked = ASKS_LANGUAGE.search(system_text(body))
    if not asked or FORBIDS.search(system_text(body)[max(0, asked.start() - 20):asked.end()]):
        return ""  # 'Never answer in French' asks nothing
    language = LANGUAGES[next(filter(None, asked.groups())).lower()][0]
    return "" if language == ("French" if french(view.task) else "English") else language


def _language_note(body: dict, view: View, text: str) -> str:
    language = _asked_language(body, view) if re.search(r"\b[a-zà-ÿ]{3,}\b", text) else ""  # '17 * 23 = 391.' is in none
    if language == "French" and not french(text):  # 'Lyon: 21 °C, sunny': a tool's English, which in_french leaves
        return ("Le prompt système demande des réponses en français ; cette réponse cite en anglais ce que les outils ont "
                "renvoyé, que le modèle d'entraînement ne traduit pas. Claude le suivrait.")  # in the language asked
    if language in ("", "French"):
        return ""
    nom = next(n for en, n in LANGUAGES.values() if en == language)
    return (f"Le prompt système demande des réponses en {nom} ; le modèle d'entraînement n'écrit que dans la langue de la "
            "tâche, ses règles ne suivant pas d'instructions. Claude le suivrait." if french(view.task) else
            f"The system prompt asks for replies in {language}; the practice model writes English or French only, "
            "as its rules follow no instructions. Claude would follow it.")
