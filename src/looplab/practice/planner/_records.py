"""Records for the survey skill: a file of 'Key: value' lines (or a JSON object), its number, its money amount."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from ..context import cut, is_cleared
from ..view import Step
from ._tools import said, unstopped
from .text import clip, joined, json_value, words

FIELD = re.compile(r"^\s*([^\W\d_][^:=\n]{0,40}?)\s*(?:=|(?<!\d):|:(?!\d))\s*(\S.*?)\s*$")  # 'Amount: 100 EUR', 'Amount =
# 100 EUR'; not the time in 'Gale warning from the coast guard at 09:00.'
ISO = (r"(?:EUR|USD|GBP|CHF|CAD|AUD|NZD|JPY|CNY|HKD|SGD|INR|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BGN|TRY|RUB|UAH|ILS|AED|SAR|"
       r"QAR|ZAR|MAD|TND|XOF|XAF|BRL|MXN|ARS|CLP|COP|KRW|TWD|THB|MYR|IDR|PHP|VND)")  # '12 PCS' is no amount
MONEY = re.compile(rf"^(?P<minus>[-−])?(?:(?P<before>{ISO}|(?:C|CA|US|A|AU|NZ|HK|S)\$|[€$£])\s*)?(?P<number>\d(?:[\d\s\u00a0\u202f',.]*\d)?)"
                   rf"\s*(?P<after>{ISO}|[€$£])?(?:\s*\((?P<code>{ISO})\))?$")  # '£2,300.00 (GBP)'
WRITTEN_MONTHS = ("january|february|march|april|may|june|july|august|september|october|november|december|janvier|"
                  "février|fevrier|mars|avril|mai|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre|"
                  r"(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|janv|févr|fevr|avr|juil|déc)\.?")  # 'Mar 12', '3 févr.'
DATED = re.compile(r"\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{4}-\d{2}-\d{2}")  # '12.03.2026' too
NUMBER_KEYS = {"number", "no", "nº", "n°", "num", "numéro", "numero", "ref", "reference", "référence", "id"}
SEVERAL = "holds more than one record"  # such a file may hold records asked for: no figure is complete without it
ONE_EACH = "; I read one record per file, or one per row of a plain table, so it is not counted."
NESTED = "holds no flat field, only objects"  # so may a JSON record whose fields are objects
SHORT = "was abridged in the history to its first lines"  # and so may one context management cut short
SUM = re.compile(r"[€$£]\s?\d|\d[kK]?\s?(?:[€$£]|(?:EUR|USD|GBP|CHF)\b)|\b(?:EUR|USD|GBP|CHF)\s?\d")  # an amount, anywhere
MARKUP = re.compile(r"^\s*(?:[-*•>+]|\d+[.)])\s+")
CODES = str.maketrans({"€": "EUR", "£": "GBP"})  # a currency sign as its code
DOLLARS = {"c$": "CAD", "ca$": "CAD", "us$": "USD", "a$": "AUD", "au$": "AUD", "nz$": "NZD", "hk$": "HKD", "s$": "SGD",
           "canadian dollars": "CAD", "canadian dollar": "CAD", "dollars canadiens": "CAD", "dollar canadien": "CAD",
           "us dollars": "USD", "us dollar": "USD", "dollars américains": "USD", "dollar américain": "USD",
           "australian dollars": "AUD", "australian dollar": "AUD", "dollars australiens": "AUD", "dollar australien": "AUD",
           "euros": "EUR", "euro": "EUR", "pounds sterling": "GBP", "pound sterling": "GBP", "livres sterling": "GBP"}


@dataclass(frozen=True)
class Record:
    """One file read as a record: its file name, its number (from the title line), its fields and title."""

    file: str
    number: str
    fields: dict
    title: str = ""
    cut: bool = False  # read from a result context management abridged: a field may be in what it left out
    notes: tuple[str, ...] = ()  # its other sentences ('Please pick up the dishes before Friday.'), shown with the whole record
    unsure: tuple[str, ...] = ()  # its lines I cannot tell harmless ('Netted off against PA-55'): its state, amount unknown


def unread(file: str, step: Step) -> str | None:
    """Why a read holds nothing to classify (an error, a result context management cleared, no text, bad bytes)."""
    text = step.result or ""
    return (f"{file} could not be read (the tool said: {said(step)}); it is not counted." if step.is_error
            else f"{file} was read, but its result was cleared from the history; it is not counted." if is_cleared(text)
            else f"{file} is empty; it is not counted." if not text.strip()
            else f"{file} contains unreadable bytes; it is not counted." if "\ufffd" in text else None)


def parse(file: str, step: Step) -> Record | str | list:
    """The record in a read result, or the sentence saying why the file is not counted; for a table, a list of
    both: a record a row."""
    if why := unread(file, step):
        return why
    text = step.result or ""
    data = json_value(text)
    if isinstance(data, dict) and (inner := next((k for k, v in data.items() if isinstance(v, list) and v and all(
            isinstance(d, dict) for d in v)), None)):  # '{"object": "list", "data": [...]}', as an API gives them
        return f"{file} {SEVERAL} (a list of {len(data[inner])} under '{inner}'){ONE_EACH}"
    if isinstance(data, dict):  # a JSON record: its scalar fields, its number from an id-like field
        fields = {str(k): str(v) for k, v in data.items() if isinstance(v, str | int | float) and v != ""}
        if not fields:  # '{"invoice": {"id": …}, "total": {"value": …}}'
            return f"{file} {NESTED} ({joined(list(map(str, data)) or ['none'])}); I read flat records, so it is not counted."
        number = next((v for k, v in fields.items() if k.lower() in ("number", "id", "invoice", "no")), "") or _number("", fields)
        return Record(file, number or file.rsplit(".", 1)[0], _priced(fields), number,  # 'invoice_no' too
                      unsure=tuple(_nested(data)))
    if isinstance(data, list) and data and all(isinstance(d, dict) and d and all(isinstance(v, str | int | float) for v in
                                                                                  d.values()) for d in data):
        return [f"{file}#{n} is a total ('{clip(' '.join(map(str, d.values())), 60)}'), not a record; it is not counted."
                if _totalled(list(d.values())) and _totalled([_number("", {str(k): str(v) for k, v in d.items()}) or "total"])
                else parse(f"{file}#{n}", Step("read", {}, "", json.dumps(d)))
                for n, d in enumerate(data, 1)]  # a record each
    if isinstance(data, list) and any(isinstance(d, dict) for d in data):
        return f"{file} {SEVERAL} (a list of {len(data)}){ONE_EACH}"
    if data is not None:
        return f"{file} holds no record (the tool returned {clip(json.dumps(data, ensure_ascii=False), 80)}); it is not counted."
    if rows := _table(file, text):
        return rows  # a list, or why it is not counted
    fields, title, listed, notes, unsure, signed = {}, "", set(), [], [], False
    for line in text.splitlines():
        said, bullet = line.strip(), bool(MARKUP.match(line))  # 'said': quoted as written ('*** PAID IN FULL ***')
        signed = bool(said) and (signed or bool(HARMLESS[2].fullmatch(said)))  # below 'Kind regards,' to a blank line
        line = MARKUP.sub("", line.replace("**", "").replace("__", ""))  # '- **Client:** X' is 'Client: X'
        if found := FIELD.match(line):  # a field written twice with two values holds both, so it reads as neither
            key, value = found.group(1).strip(), unstopped(found.group(2))  # 'Status: normal.' is 'normal'
            key = next((k for k in fields if k.casefold() == key.casefold()), key)
            listed |= {key} if bullet else set()
            old = fields.get(key, value)
            if fields and key == next(iter(fields)) and old.casefold() != value.casefold():  # 'Invoice: A-2' again
                return f"{file} {SEVERAL} ('{key}: {old}' and '{key}: {value}'){ONE_EACH}"
            fields[key] = old if old.casefold() == value.casefold() else f"{old}; {value}"
        elif line.strip() and not title and not fields and not re.search(r"\w \w+[.!?]$|^<!--.*-->$", line.strip()):  # a notice
            # such as 'The travel agent must confirm the hotel by Monday.' is no title
            title = line.strip().lstrip("#").strip()
        elif fields and title and line.split()[:1] == title.split()[:1] and _number(line, {}) not in ("", _number(title, {})):
            return f"{file} {SEVERAL} ('{title}' and '{line.strip()}'){ONE_EACH}"
        elif fields and re.search(r"\d", line) and PAID_IN_TEXT.search(line) and not TERMS.fullmatch(line.strip()):  # 'A
            # deposit of 400 EUR was received', not 'Règlement par virement sous 30 jours'
            fields[PROSE] = f"{fields[PROSE]} {line.strip()}" if PROSE in fields else line.strip()  # not all is owed
        elif fields and STATED.search(line):  # 'VOID - issued by mistake', '*** PAID IN FULL ***', 'ANNULÉE': the state
            fields[PROSE] = f"{fields[PROSE]} {said}" if PROSE in fields else said  # may not be what the status says
        elif len(words(line)) > 1:
            notes.append(line.strip())
        if not FIELD.match(line) and line.strip() and line.strip().lstrip("#").strip() != title and not harmless(said, fields) \
                and (fields and len(words(line)) < 4 or TELLING.search(line)) and not (signed and _signature(said)):
            unsure.append(said)  # 'Netted off', 'Cleared 04/06/2026', 'Please disregard the invoice below', 'le virement est
            # parti': a short line below the fields, or one with a date, an amount, a number or a word of money or state
    if any(money(v) for k, v in fields.items() if k not in listed):  # '- Hosting: 50 EUR' is an item of 'Total: 470'
        fields = {k: v for k, v in fields.items() if k not in listed or not money(v)}
    rows = [ln for ln in text.splitlines() if SUM.search(ln) and re.match(r"[\s|]*[\w-]*\d[\w-]*\s*[\s,;|]", ln)
            and not FIELD.match(MARKUP.sub("", ln))]  # 'INV-1041  2026-03-04  420.00 EUR  paid': a record a line,
    if len(rows) > 1 and not any(money(v) for v in fields.values()):  # not the items of an invoice with its Amount
        return f"{file} {SEVERAL} ({len(rows)} lines with an amount each){ONE_EACH}"
    if cut(text) and len(fields) < 2 and not _number(title, {}):  # 'Notes: exported on' above a table it cut
        return f"{file} {SHORT}, which hold no record; it is not counted."
    if not fields:
        return f"{file} has no 'Key: value' lines, so it is not a record like the others; it is not counted."
    unsure = [u for u in unsure if not (PROSE in fields and MARKUP.sub("", u).replace("**", "") in fields[PROSE])]  # read
    # beside the status already ('*** PAID IN FULL ***')
    return Record(file, _number(title, fields) or title or file.rsplit(".", 1)[0], _priced(fields), title, bool(cut(text)),
                  tuple(notes), tuple(unsure))


HARMLESS = [re.compile(p, re.I) for p in (
    r"(?:hi|hello|hey|dear|bonjour|bonsoir|salut|madame|monsieur)(?:\s+[A-Z][\w'’.-]*){0,3}\s*[,!.]?",  # 'Hi Anna,'
    r"(?:(?:many\s+)?thanks|thank\s+you|merci)(?:\s+(?:a lot|very much|beaucoup|again|encore))?(?:\s+(?:for|pour|de)\s+(?:your|"
    r"the|votre|la|le|vos)\s+(?:business|order|custom|purchase|trust|confiance|commande|achat|fidélité)|\s+for\s+paying\s+on\s+"
    r"time)?(?:\s+[A-Z][\w'’.-]*){0,2}\s*[,!.]?",  # 'Thank you for your business!', 'Thank you for paying on time.'
    r"(?:(?:(?:kind|best|warm)\s+)?regards|best|cheers|sincerely|yours\s+(?:sincerely|faithfully|truly)|cordialement|bien\s+"
    r"(?:à vous|cordialement)|bonne\s+(?:journée|soirée)|à\s+bientôt|see\s+you(?:\s+soon)?)\s*[,!.]?",  # closings
    r"(?:please\s+find|attached\s+is|here\s+is)\s+(?:attached\s+|enclosed\s+|below\s+)?(?:our|the|your|my)\s+(?:invoice|"
    r"receipt|order|quote|bill)(?:\s+below|\s+attached)?\s*[.!]?",  # 'Please find our invoice below.'
    r"(?:veuillez\s+trouver|vous\s+trouverez|voici)\s+(?:ci-(?:joint|dessous|après)\s+)?(?:notre|la|votre|ma)\s+(?:facture|"
    r"reçu|commande|devis)(?:\s+ci-(?:joint|dessous|après))?\s*[.!]?",
    r"(?:(?:tel|tél|phone|mobile|fax|e-?mail|web|site)\s*[:.]?\s*)?(?:[\w.+-]+@[\w-]+\.[\w.-]+|https?://\S+|www\.\S+|"
    r"\+?\d[\d\s().-]{7,}\d)",  # a contact line
    r"\d+[a-z]?,?\s+(?:rue|avenue|av\.|boulevard|bd|place|chemin|allée|impasse|quai|route|street|st\.?|road|rd\.?|lane|"
    r"avenue|ave\.?|way|drive|square)\b[^\d]*",  # an address: '12 rue de la Paix', '221 Baker Street'
    r"(?:\d{4,5}|[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2})\s+[^\W\d_][^\W\d_' -]*(?:\s+[^\W\d_]+)*",  # '75001 Paris'
    r"(?:invoice|facture|receipt|reçu|order|commande|ticket|quote|devis|bill|booking|réservation)\s+(?:n[°o]\.?\s*|#\s*)?"
    r"[\w-]*\d[\w-]*",  # 'Invoice BS-302' heading the record an e-mail quotes; not 'Cleared 04/06/2026'
    r"(?:(?:invoice|facture)\s+[\w-]*\d[\w-]*\s+(?:is|est)\s+)?(?:please\s+)?(?:pay(?:able)?|to\s+be\s+paid|à\s+(?:payer|"
    r"régler)|payable|merci\s+de\s+(?:régler|payer))\s+(?:by|within|via|to|in|on|upon|par|sous|à|dès|on\s+receipt)\b[^.!]*"
    r"[.!]?(?:\s+(?:please\s+)?(?:write|quote|mention|indiquez|rappelez)\s+(?:the|our|your|le|la|notre|votre)\s+(?:invoice|"
    r"reference|facture|référence)[^.!]*[.!]?)?",  # how to pay, not that it was: 'Please pay by cheque within 15 days.'
    r"(?:remarks?|notes?|comments?|items?|details?|description|remarques?|commentaires?|articles?|détails?|lignes?|"
    r"lines?)\s*:?",  # a section's heading
    r"[-=_*~#\s]+|[^\w]*|[^\W\d_]+(?:\s+[^\W\d_]+){0,2}\s*:\s*|#{1,6}\s+[^\W\d_]+(?:\s+[^\W\d_]+){0,2}")]  # a rule, a label over a list ('Items:'),
# a heading with no number ('## Notes'); not '# merged into TK-301'


def harmless(line: str, fields: dict) -> bool:
    """Whether a free line of a record cannot change its state or amount: a greeting, thanks, a contact or address
    line, a heading, a rule; or one word of a field's name or value, an e-mail's signature ('Tom' below 'From: Tom
    Baker'). Any other line may ('Netted off', 'Cleared 04/06/2026', 'Prélèvement rejeté'): the reader knows no list of
    the words that settle or undo a bill, so a record with one is neither paid nor unpaid."""
    raw, line = line, MARKUP.sub("", line.strip().replace("**", "")).strip()
    if any(p.fullmatch(line) for p in HARMLESS) and not DATED.search(line) or COMMENT.fullmatch(line):
        return True
    if any(p.fullmatch(line) for p in DATED_HARMLESS) or _item_row(line):
        return True  # 'Reminder sent 01/12/2026.', 'Indemnité forfaitaire pour frais de recouvrement : 40 €', an item's row
    if (line.startswith("|") or MARKUP.match(raw)) and not any(p.search(line) for p in (STATED, PAID_IN_TEXT, NOT_ITEM)):
        return True  # an item of the bill ('| Design | 1 | 60.00 EUR |', '- 2 pages  50 EUR'), no payment nor state
    said = {w.casefold() for v in fields.values() for w in words(v)}
    return len(words(line)) == 1 and line.strip(",.!").casefold() in said and line[:1].isupper() and not line.isupper()


TERMS = re.compile(r"(?:règlement|paiement|payment|payable)\s+(?:par|by|via)\s+(?:virement(?:\s+bancaire)?|chèque|cheque|check|"
                   r"carte(?:\s+bancaire)?|(?:bank\s+)?transfer|card|prélèvement|direct\s+debit)(?:,?\s+(?:sous|within|à|in)\s+\d+"
                   r"\s+(?:jours|days)(?:\s+(?:net|fin de mois|end of month|à réception|of receipt))?)?(?:[,.;]?\s*(?:IBAN|BIC|RIB)"
                   r"\s*:?\s*[A-Z]{2}[\dA-Z ]+)*\s*\.?", re.I)  # how to pay, not that it was: 'Règlement par virement sous
# 30 jours, IBAN FR76 3000 …'
DATED_HARMLESS = [re.compile(p, re.I) for p in (
    rf"(?:(?:first|second|third|final|last|payment)\s+)?reminder\s+(?:sent|e-?mailed|posted)(?:\s+by\s+(?:e-?mail|post))?"
    rf"(?:\s+on)?\s+(?:{DATED.pattern})\s*\.?",  # 'Reminder sent 01/12/2026.': asked to pay, not paid nor charged
    rf"(?:(?:première|deuxième|dernière)\s+)?relance\s+envoyée(?:\s+par\s+(?:e-?mail|courrier|courriel))?(?:\s+le)?\s+"
    rf"(?:{DATED.pattern})\s*\.?",
    r"(?:en cas de retard(?: de paiement)?,?\s+)?indemnité forfaitaire (?:pour|de) frais de recouvrement(?: due en cas de "
    r"retard(?: de paiement)?)?\s*:?\s*(?:de\s+)?40\s*(?:€|euros?|EUR)\s*\.?",  # the legal mention of French invoices
    r"(?:pas d['’]escompte|aucun escompte)(?:\s+(?:pour|en cas de)\s+(?:paiement|règlement)\s+anticipé)?\s*\.?", TERMS.pattern)]


def _signature(line: str) -> bool:
    """Whether a line below a closing ('Kind regards,') is a signature ('Maria Oduya, Accounts'): a few words, no digit,
    no word of money or of a record's state."""
    return len(words(line)) <= 5 and not re.search(r"\d", line) and not any(
        p.search(line) for p in (TELLING, STATED, PAID_IN_TEXT, NOT_ITEM))


def _item_row(line: str) -> bool:
    """Whether a line is an item of the bill whose quantity times its price is its line's total ('Fence posts  10  12 EUR
    120 EUR'): it says what was sold, not that anything was paid or changed."""
    cells = [c for c in re.split(r"\s{2,}|\t|\s*\|\s*", line.strip()) if c]
    if len(cells) < 4 or not re.search(r"[^\W\d_]", cells[0]) or any(p.search(line) for p in (STATED, PAID_IN_TEXT, NOT_ITEM)):
        return False
    total = money(cells[-1])
    return bool(total) and any(
        re.fullmatch(r"\d+", count) and (price := money(each)) and price[1] == total[1] and int(count) * price[0] == total[0]
        for count, each in (cells[-3:-1], cells[-3:-1][::-1]))


COMMENT = re.compile(r"\[abridged\b[^\]]*\]|<!--(?:(?!paid|pay|void|cancel|annul|refund|rembours|avoir|credit).)*-->",
                     re.I)  # a cut's mark, an export's comment ('<!-- exported on 2026-04-01 -->'); not '<!-- paid -->'
TELLING = re.compile(r"\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{4}-\d{2}-\d{2}|[€$£]\s?\d|\d\s?(?:[€$£]|eur\b|euros?\b|usd\b|gbp\b)|"
                     r"(?<![\w/.-])[^\W\d_]+-?\d[\w-]*|\b(?:pa(?:y|id|ie|yé|iement)\w*|transfer\w*|virement\w*|wire|che(?:que|ck)"
                     r"\w*|chèques?|card|carte|debit|débit\w*|credit\w*|crédit\w*|bank|banque|refund\w*|rembours\w*|settle\w*|"
                     r"r[éè]gl\w*|versement\w*|prélèvement\w*|encaiss\w*|balance|solde\w*|owe[sd]?|owing|dû|due|disregard\w*|"
                     r"ignore\w*|tenir compte|erreur|error|mistake|void\w*|cancel\w*|annul\w*|compensation|offset|net(?:ted)?|"
                     r"written|perte|loss|lost|merged|fusion\w*|duplicate|doublon|replace\w*|remplac\w*|withdrawn|rescinded|"
                     r"cleared|returned|rejected|rejeté\w*|bounced|reversed|dispute\w*|litige|abandon\w*|forgiven|waived|"
                     r"créance|irrécouvrable|facturée? à tort|sent|envoyée?|parti|went)\b", re.I)  # a line that may say
# the record's payment or state changed: a date, an amount, a record's number, a word of money or of undoing; not 'Hi
# Claude, here is the March invoice.', 'Chatbots answering customer questions are billed per seat.'
NOT_ITEM = re.compile(r"\b(?:net(?:ted)?|offset|clear(?:ed)?|return(?:ed)?|reject\w*|rejet\w*|merged|disregard|error|erreur|"
                      r"balance|solde|due|dû|owed|owing|total|ne pas|compensation|perte|loss|debit|credit|crédit)\b", re.I)


def _nested(data: dict, above: str = "") -> list[str]:
    """The lines of a JSON record's objects ('payment.bounced: True'), which its flat fields do not hold: each may change
    its state or amount, but an address, a contact or a name ('customer.city: Lyon')."""
    lines = []
    for key, value in data.items():
        name = f"{above}{key}"
        if isinstance(value, dict):
            lines += _nested(value, f"{name}.")
        elif isinstance(value, list):
            lines += [f"{name}: {clip(json.dumps(value, ensure_ascii=False), 60)}"] if value else []
        elif above and not set(words(key.lower())) & CONTACT:
            lines.append(f"{name}: {value}")
    return lines


CONTACT = {"street", "city", "zip", "postcode", "postal", "country", "email", "mail", "phone", "tel", "name", "first", "last",
           "address", "line1", "line2", "rue", "ville", "pays", "nom", "prénom", "adresse", "code", "region", "state_code"}


PROSE = "Text"  # the field a record's sentences about a payment are kept under: read beside its status, never as one
PAID_IN_TEXT = re.compile(r"\b(?:deposit|received|paid|settled|part(?:ial(?:ly)?)?[ -]payment|instal+ments?|acompte|versée?s?|"
                          r"versements?|règlements?|credit notes?|avoirs?|déduite?s?|remise|discount|net à payer|"
                          r"re[çc]ue?s?|payée?s?|réglée?s?|encaissée?s?|refund(?:ed)?|rembours\w*)\b", re.I)
STATED = re.compile(r"\b(?:(?:un|not\s+)?paid|settled|void(?:ed)?|cancell?(?:ed|ation)|annul\w*|(?:im)?payée?s?|réglée?s?|"
                    r"acquittée?s?|soldée?s?|refund(?:ed)?|rembours\w*|written off|credited|reversed|bounced|disputed|litige|"
                    r"contestée?s?|duplicate|doublon|replace[sd]|remplac\w*|supersede[sd]|waived|(?:payment|paiement|règlement|"
                    r"virement|transfer|cheque|chèque)\s+(?:\w+\s+)?(?:received|reçue?|encaissée?)|"
                    r"terminated|ended|expired|discontinued|suspended|withdrawn|rescinded|revoked|forgiven|reactivated|"
                    r"restarted|resumed|reopened|reinstated|résiliée?s?|rétract\w*|sans objet|abandonnée?s?|"
                    r"stornie?r?\w*|storno|annulliert|bezahlt|beglichen|erlassen|gekündigt|anulad[ao]s?|cancelad[ao]s?|"
                    r"pagad[ao]s?|annullat[aoie]|pagat[aoie])(?![\w-])", re.I)  # a word saying whether a record stands,
# is settled or was ended or resumed ('Terminated on 20/06', 'Reactivated on 02/07', 'Storniert am 03/06', 'Factura
# anulada', 'Facture sans objet', 'rent forgiven'): in a line of free text, the record's state may not be what its
# status says
PRICED = re.compile(r"(?:amount|total|montant|price|prix|betrag|balance|solde|sum|somme)\b.*", re.I)
IN_NAME = re.compile(r"(?:\(|\bin |_)(EUR|USD|GBP|CHF|[€$£])\)?$", re.I)  # 'Amount (EUR)', 'amount_eur', 'Total in €'


def _priced(fields: dict) -> dict:
    """The fields with a bare amount given its currency from a field of its own ('Amount: 1234.50' beside
    'Currency: EUR'), when there is one such field and no amount already carries a currency, or from its name; a
    dollar sign takes the code of that field ('$' is the sign of CAD, AUD and USD alike)."""
    codes = [DOLLARS.get(v.strip().casefold(), v.strip().upper() if re.fullmatch(r"[A-Za-z]{3}", v.strip()) else v.strip())
             for k, v in fields.items() if re.fullmatch(r"(?:currency|devise|monnaie|währung)(?:[ _]code)?|code[ _]devise",
                                                         k.strip().casefold())]  # 'Currency: Canadian dollars', 'cad'
    if any(money(v) and money(v)[1] == "$" for v in fields.values()) and (len(codes) > 1 or codes and not re.fullmatch(
            r"[A-Z]{3}", codes[0])):  # '$1,100.00' beside a currency it cannot read: which dollar is not known
        return {k: f"{v} (currency {', '.join(codes)})" if (m := money(v)) and m[1] == "$" else v for k, v in fields.items()}
    if len(codes) == 1 and re.fullmatch(r"[A-Z]{3}", codes[0]):  # '$500.00' beside 'Currency: CAD': 500.00 CAD, not
        fields = {k: f"{re.sub(r'[$]', '', v).strip()} {codes[0]}" if (m := money(v)) and m[1] == "$" else v  # USD
                  for k, v in fields.items()}
    if any(money(v) for v in fields.values()) or len(codes) > 1 or codes and not re.fullmatch(r"[A-Z]{3}|[€$£]", codes[0]):
        return fields
    named = {k: (found[1].upper() if (found := IN_NAME.search(k)) else codes[0] if codes else "") for k in fields}
    return {k: f"{v} {named[k]}" if named[k] and (PRICED.match(k) or IN_NAME.search(k)) and money(f"{v} {named[k]}") else v
            for k, v in fields.items()}


TOTALLED = re.compile(r"\b(?:(?:sub|sous)[ -]?)?totals?\b|\b(?:sums?|somme|summe|gesamt\w*)\b", re.I)


def _totalled(cells: list) -> bool:
    """Whether a row is a total ('Subtotal Alpha', ', Beta subtotal', 'TOTAL'): its first cell says so, and is no
    number such as 'TOTAL-1'; a client named 'Total Energies' after an invoice number is a record's."""
    first = next((str(c).strip() for c in cells if str(c).strip()), "")
    return bool(TOTALLED.search(first)) and not re.fullmatch(r"[\w-]*\d[\w-]*", first)


MIXED = "holds a table among other lines"  # its rows may be records: no figure is complete without them


def _cells(line: str, sep: str) -> list[str]:
    """A table line's cells: between pipes for markdown, else as CSV with `sep` (quoted cells whole)."""
    return [c.strip() for c in (line.strip("|").split("|") if sep == "|" else next(csv.reader([line], delimiter=sep)))]


def _run(lines: list, sep: str) -> tuple[int, int]:
    """The longest run of consecutive lines of one width (2 cells or more; 3 for commas): (first, end)."""
    widths = [len(_cells(line, sep)) if sep in line else 1 for _, line in lines]
    best, start = (0, 0), 0
    for i in range(1, len(widths) + 1):
        if i == len(widths) or widths[i] != widths[start]:
            if widths[start] >= (3 if sep == "," else 2) and i - start > best[1] - best[0]:
                best = (start, i)
            start = i
    return best


def _table(file: str, text: str) -> list | str | None:
    """The rows of a table under one header row (CSV, TSV, ';'-separated, markdown) as records named 'file:line', the
    header's cells as field names, and a note for each row that is no record (a total, a units row, a note); the
    sentence saying why the file is not counted when the table sits among other lines; None when `text` is no such
    table (or the items of an invoice whose amount is a 'Key: value' line), or was abridged."""
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip() and not re.fullmatch(
        r"\|?[\s:|-]*-[\s:|-]*", line.strip())]  # no markdown rule ('|---|--:|')
    said = re.fullmatch(r"sep=(.)", lines[0][1]) if lines else None  # Excel's first line
    lines = lines[1:] if said else lines
    if len(lines) < 2 or cut(text) or any(line.count('"') % 2 for _, line in lines):  # a quoted cell over two lines
        return None
    sep, (first, end) = max(((s, _run(lines, s)) for s in ([said[1]] if said else ["|", "\t", ";", ","])),
                            key=lambda found: found[1][1] - found[1][0])
    names = _cells(lines[first][1], sep) if end - first >= 2 else []
    if (not names or FIELD.match(lines[first][1]) and sep != "|" or len({n.casefold() for n in names}) < len(names)
            or not all(re.fullmatch(r"[^\W\d_][\w .'’()/°º#-]{0,30}", n) and len(n.split()) <= 3 for n in names)
            or not any(re.search(r"\d", line) for _, line in lines[first + 1:end])):  # 'Hi, team' is no header
        return None
    if end - first < len(lines):  # a title, a note or a 'Key: value' line around it
        others = [line for i, (_, line) in enumerate(lines) if not first <= i < end]
        if any((f := FIELD.match(line)) and money(f.group(2)) for line in others) or sum(
                bool(FIELD.match(line)) for line in others) > 1:
            return None  # a record with its items: its 'Key: value' lines are the record's
        return f"{file} {MIXED}; I read a table only when it is the whole file, so it is not counted."
    rows = [_cells(line, sep) for _, line in lines]
    found = []
    for (line, _), row in zip(lines[1:], rows[1:], strict=True):
        filled = [v for v in row if v]
        shown = clip(" ".join(filled), 60)
        fields = {k: v for k, v in zip(names, row, strict=True) if v}
        if [v.casefold() for v in row] == [n.casefold() for n in names]:
            continue  # the header again
        if _totalled(row) and _totalled([_number("", fields) or "total"]):  # 'Total SA' beside its number is a client
            found.append(f"{file}:{line} is a total ('{shown}'), not a record; it is not counted.")
        elif len(filled) * 2 < len(names):
            found.append(f"{file}:{line} ('{shown}') fills {len(filled)} of {len(names)} columns, so it is no record; it is "
                         "not counted.")
        else:
            number = _number("", fields) or (row[0] if re.search(r"\d", row[0]) and not DATED.fullmatch(row[0]) else "")
            found.append(Record(f"{file}:{line}", number or f"{file}:{line}", _priced(fields)))
    return found


def _number(title: str, fields: dict) -> str:
    """The value of a field that is the number ('Number: F-2026-031'), else the title's first token with a digit
    that is not a date ('Invoice of 12 March 2026' has none), else the value of a field named like a number."""
    keyed = [(set(re.sub(r"[._#-]|\bn°", " ", k.casefold()).split()) | ({"no"} if re.search(r"#|n°", k.casefold()) else set()), v)
             for k, v in fields.items()]  # 'Invoice #', 'Facture n°': a number's field
    named = [v for words_, v in keyed if words_ & NUMBER_KEYS or words_ in ({"invoice"}, {"facture"})]  # 'Invoice: INV-7'
    own = [v for words_, v in keyed if words_ & NUMBER_KEYS and words_ <= NUMBER_KEYS | {"invoice", "facture", "de", "du"}]
    if len(own) == 1 and re.fullmatch(r"[^\s]{1,24}(?:\s\d+)*", own[0].strip()):  # 'Number', 'Invoice no', 'Numéro de
        return own[0].strip()  # facture', '2026 031'; not 'Order number'
    title = re.sub(rf"\b\d{{1,2}}(?:st|nd|rd|th|er)?\s+(?:{WRITTEN_MONTHS})(?![^\W\d_])\.?(?:\s+\d{{4}})?|\b(?:{WRITTEN_MONTHS})\s+"
                   r"\d{1,2}(?:st|nd|rd|th)?\b(?:,?\s+\d{4})?", " ", title, flags=re.I)  # a date written out is no number
    tokens = [w.strip("#:,;.()[]") for w in title.replace("n°", " ").split()]
    if found := [w for w in tokens if any(c.isdigit() for c in w) and not DATED.fullmatch(w)]:
        return found[0]
    return named[0].strip() if len(named) == 1 and len(named[0].split()) == 1 else ""


def read_all(reads: list[tuple[str, Step]]) -> tuple[list[Record], list[str], list[str]]:
    """The records of the (file, read) pairs, a note per file left out, and the files left out that may hold a record."""
    parsed = [parse(file, step) for file, step in reads]
    found = [p for item in parsed for p in (item if isinstance(item, list) else [item]) if isinstance(p, Record)]
    label = _label if all(len({_label(k) for k in r.fields}) == len(r.fields) for r in found) else str.casefold
    spelt = {label(k): k for r in reversed(found) for k in reversed(r.fields)}  # 'STATUS', 'Status': the first met
    records = [replace(r, fields={spelt[label(k)]: v for k, v in r.fields.items()}) for r in found]
    notes = [p for item in parsed for p in (item if isinstance(item, list) else [item]) if isinstance(p, str)]
    every = {k for r in records for k in r.fields}  # a field an abridged read lacks may be in what was cut
    notes += [f"{r.file} was abridged in the history, so its {joined(sorted(every - set(r.fields)))} may have been cut."
              for r in records if r.cut and every - set(r.fields)]
    if whole := [r.file for r in records if r.cut and not every - set(r.fields)]:  # 'Status: normal', amended below the cut
        named = joined(whole) if len(whole) <= 3 else f"{len(whole)} of the files read ({whole[0]} to {whole[-1]})"
        notes.append(f"The history abridged {named}, so a line cut from {'them' if len(whole) > 1 else 'it'} may "
                     "change what I read (a later Status, say).")
    odd = [r for r in records if not {k.casefold() for k in r.fields}  # sharing no field name with any other record
           & {k.casefold() for o in records if o is not r for k in o.fields}]
    odd = odd if len(odd) * 2 < len(records) else []  # when most records share theirs: a README among invoices
    numbers = Counter(r.number.casefold() for r in records if r not in odd and any(c.isdigit() for c in r.number))
    twins = [r for r in records if 1 < numbers[r.number.casefold()] < len(records) - len(odd)]  # one invoice saved twice
    # ('INV-103', 'inv-103'), or
    # two? (a number that every record gives, the year in 'Report 2026', is no record's number)
    notes += [f"{r.file} shares no field name with the other records ({joined(list(r.fields))}); it is left out."
              for r in odd]
    notes += [f"{joined([r.file for r in twins if r.number.casefold() == n])} give the same number ("
              f"{', '.join(dict.fromkeys(r.number for r in twins if r.number.casefold() == n))}), so I cannot tell one "
              "record from two; they are left out." for n in dict.fromkeys(r.number.casefold() for r in twins)]
    series = {_shape(r.file) for r in records} - {None}  # 'inv-0' of 'INV-300.txt', '0-0-0' of '2026-07-012.txt'
    lost = [file for file, step in reads if unread(file, step) and (step.is_error or (step.result or "").strip()
                                                                    or _shape(file) in series)]  # a file it could not
    # read may hold a record; an empty one too when it is named like the records (a read may have failed), not 'blank.txt'
    lost += [r.file for r in odd if any(money(v) for v in r.fields.values())]  # and so may one written another way
    lost += [r.file for r in twins] + [file for (file, _), p in zip(reads, parsed, strict=True)
                                       if isinstance(p, str) and any(w in p for w in (SEVERAL, NESTED, MIXED, SHORT))]
    # a whole 'Müller 2026-10.json'; no record, but an amount anywhere ('… pour un montant de 2.321,00 €'), a name in
    # the records' numbered series ('INV-301.csv' beside 'INV-300.txt'), or no record read at all: it may hold one
    lost += [file for (file, step), p in zip(reads, parsed, strict=True) if isinstance(p, str) and not unread(file, step)
             and (SUM.search(step.result or "") or not records or _shape(file) in series)]
    return [r for r in records if r not in odd + twins], notes, lost


LABELS = {"montant": "amount", "statut": "status", "état": "status", "facture": "invoice", "customer": "client",
          "échéance": "due date", "date d'échéance": "due date", "due": "due date", "date limite": "due date"}


def _label(key: str) -> str:
    """A field's name as one spelling for records labelled in two languages ('Montant' in one file, 'Amount' in the next)."""
    return LABELS.get(key.casefold(), key.casefold())


def _shape(file: str) -> str | None:
    """A numbered file's name with each run of digits as 0 ('inv-0' for 'INV-301.csv'), else None."""
    stem = file.rsplit(".", 1)[0]
    return re.sub(r"\d+", "0", stem).casefold() if re.search(r"\d", stem) else None


def changed_by(record: Record, key: str) -> str:
    """The line joined to the field `key` as changing it ('Note: priority lowered to low' in 'high (Note: priority lowered
    to low)'), or ''."""
    value = record.fields.get(key, "")
    return next((f"{k}: {v}" for k, v in record.fields.items() if k != key and f"({k}: {v}" in value), "")


def first_given(record: Record, key: str) -> str:
    """The value of the field `key` as the record first gives it, without a line joined to it as changing it."""
    line = changed_by(record, key)
    return record.fields.get(key, "").split(f" ({line}")[0] if line else record.fields.get(key, "")


DUE_WORD = re.compile(r"\b(?:due|échéances?|echeances?|deadline|date limite|payable)\b", re.I)
MOVED = re.compile(r"\b(?:extend\w*|postpon\w*|move[ds]?|defer\w*|pushed back|delay\w*|reschedul\w*|report[ée]e?s?|"
                   r"repouss[ée]e?s?|prolong[ée]e?s?|décal[ée]e?s?|différ[ée]e?s?)\b", re.I)
DAY = re.compile(rf"\d{{1,2}}[/.]\d{{1,2}}\b|\d{{4}}-\d{{2}}-\d{{2}}|\d\s*(?:{WRITTEN_MONTHS})\b|\b(?:{WRITTEN_MONTHS})\s*\d",
                 re.I)  # '08/01/2027', '15/02', '8 January'


def moved_due(record: Record, key: str) -> str:
    """A line of the record besides its field `key` that speaks of when it is due with another date or a move ('Due date
    extended to 08/01/2027 at client's request.', 'Échéance reportée au 15/02/2027'), or '': the date `key` gives may
    no longer hold. Not a line it shows already ('18/12/2026 (Note: …)'), nor one repeating its date ('due 18/12/2026')."""
    value = record.fields.get(key, "")
    lines = [*record.notes, *record.unsure, *(f"{k}: {v}" for k, v in record.fields.items() if k != key)]
    for line in dict.fromkeys(lines):
        other = set(DAY.findall(line)) - set(DAY.findall(value))
        if line not in value and (DUE_WORD.search(line) and (MOVED.search(line) or other)
                                  or MOVED.search(line) and DAY.search(line)):
            return line
    return ""


def money(value: str) -> tuple[Decimal, str] | None:
    """(amount, currency) of a value like '850 EUR', '€1,200.50' or '1 850,00 €'; None otherwise."""
    found = MONEY.match(value.strip())
    said = {DOLLARS.get(c.casefold(), c.translate(CODES)) for c in (found and [found["before"], found["after"], found["code"]] or []) if c}
    codes = said - {"$"}  # '$275.40 USD', '£2,300.00 (GBP)': one currency said twice; '$120 CAD': which dollar
    if not said or len(codes) > 1 or "$" in said and codes and not next(iter(codes)).endswith("D"):
        return None  # '£120 (EUR)': two currencies
    currency = next(iter(codes or said))
    digits = re.sub(r"[\s\u00a0\u202f']", "", found.group("number"))
    if re.fullmatch(r"\d+\.\d{3}", digits):
        return None  # '99.999 EUR': no amount in English, ninety-nine thousand in French usage
    if re.fullmatch(r"\d{1,3},\d{3}", digits) and ((found.group("after") or "").upper() in ("€", "EUR")
                                                      or (found.group("before") or "").upper() == "EUR"):
        return None  # '2,750 €', '3,250 EUR': two thousand in English usage, two euros and cents written French-style
    last = re.search(r"([,.])(\d*)$", digits)  # the decimal mark: the last one before 1 or 2 digits, or after the other
    mark = last[1] if last and (len(last[2]) < 3 or "," in digits and "." in digits) else ""
    digits = "".join(c for c in digits if c.isdigit() or c == mark).replace(",", ".")
    try:
        return Decimal(digits) * (-1 if found["minus"] else 1), currency.translate(CODES)  # a credit
    except InvalidOperation:
        return None


def amount_text(amount: Decimal, currency: str) -> str:
    """'1850 EUR' for a whole amount, '12.50 EUR' otherwise."""
    number = str(int(amount)) if amount == amount.to_integral_value() else f"{amount:.2f}"
    return f"{number} {currency}"


def money_keys(records: list[Record]) -> list[str]:
    """The fields, in file order, whose value is a number with a currency in some record."""
    return list(dict.fromkeys(key for record in records for key, value in record.fields.items() if money(value)))
