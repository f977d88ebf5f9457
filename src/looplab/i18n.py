"""Messages in the notebook's language: English in the code, other languages from a catalogue.

The English text is the message id, gettext-style, and `locale/<code>.po` holds its
translations (one file per language, in gettext's PO format, read here with the standard library so
the browser edition needs nothing more; the tests read it with Babel as well). A notebook chooses its language in its
first cell with `set_language("fr")`; the machine's locale is never consulted, so the same
notebook prints the same messages everywhere.

    _("Not yet")                                  -> "Pas encore" in French
    _("{name} is not a tool", name=block.name)    -> fields are filled after translation
    N_("refusal ends the run")                     -> marks a message kept in a table; translate it
                                                      with _() where it is shown

Fields are filled with str.format, so a message with fields writes a literal brace as {{ or }}.
"""

import re
from functools import cache
from pathlib import Path

LANGUAGES = {"en": "English", "fr": "français"}
CATALOGUES = Path(__file__).resolve().parent / "locale"
_language = "en"


def set_language(code: str) -> None:
    """Show looplab's messages (checks, hints, errors) in `code`: 'en' or 'fr'."""
    global _language
    if code not in LANGUAGES:
        choices = ", ".join(f"{k!r} ({v})" for k, v in LANGUAGES.items())
        raise ValueError(_("set_language: no messages in {code!r}; choose one of {choices}", code=code, choices=choices))
    _language = code


def language() -> str:
    """The code of the language looplab's messages are shown in."""
    return _language


ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(text: str) -> str:
    r"""The value of one quoted PO string: '"a \"b\"\\n"' -> 'a "b"\n'."""
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m[1], m[1]), text.strip()[1:-1])


def read_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a PO file's entries; empty, fuzzy and header entries left out."""
    found = {}
    for entry in re.split(r"\n\s*\n", text):
        fields, current, fuzzy = {}, None, False
        for line in entry.splitlines():
            line = line.strip()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            elif line.startswith(("msgid ", "msgstr ")):
                current, _space, value = line.partition(" ")
                fields[current] = _unquote(value)
            elif line.startswith('"') and current:
                fields[current] += _unquote(line)
        if fields.get("msgid") and fields.get("msgstr") and not fuzzy:
            found[fields["msgid"]] = fields["msgstr"]
    return found


@cache
def catalogue(code: str) -> dict[str, str]:
    """The translations of locale/<code>.po, by English message."""
    if code == "en":
        return {}
    return read_po((CATALOGUES / f"{code}.po").read_text(encoding="utf-8"))


def _(message: str, /, **fields) -> str:
    """`message` in the current language (English when the catalogue lacks it), fields filled in."""
    text = catalogue(_language).get(message, message)
    return text.format(**fields) if fields else text


THIN, NBSP = "\u202f", "\u00a0"  # French spaces: between thousands, and before %


def number(value, spec: str = "") -> str:
    """`value` written with the format `spec` as the notebook's language writes numbers: in English
    as format() does (1850, 0.56%, 3.5), in French with thin spaces between thousands, a decimal
    comma and a space before % (1 850, 0,56 %, 3,5)."""
    if _language != "fr" or isinstance(value, bool) or not isinstance(value, (int, float)):
        return format(value, spec)
    parts = re.fullmatch(r"([^a-zA-Z]*?)[,_]?((?:\.\d+)?[dfF%]?)", spec)  # [fill/align/width][grouping][.digits][type]
    text = format(value, f"{parts[1]},{parts[2]}" if parts else spec)
    return text.replace(",", THIN).replace(".", ",").replace("%", NBSP + "%")


def N_(message: str, /) -> str:
    """Mark `message` for the catalogue without translating it yet (for tables built at import)."""
    return message
