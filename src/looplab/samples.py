"""Sample tool sets the notebooks use: weather and calculator, invoices, catalogue, docs, actions."""
from __future__ import annotations

import json
import re
import zlib
from pathlib import Path

from looplab.guards import Sandbox, safe_calc
from looplab.i18n import N_, _
from looplab.tools import Tool, tool

WEATHER = {
    "lyon": ("Lyon", 21, N_("cloudy")),
    "paris": ("Paris", 18, N_("light rain")),
    "marseille": ("Marseille", 26, N_("sunny")),
    "lille": ("Lille", 15, N_("overcast")),
    "toulouse": ("Toulouse", 24, N_("sunny")),
    "nantes": ("Nantes", 17, N_("showers")),
    "strasbourg": ("Strasbourg", 19, N_("partly cloudy")),
    "bordeaux": ("Bordeaux", 22, N_("clear")),
}
_CONDITIONS = (N_("sunny"), N_("cloudy"), N_("light rain"), N_("overcast"), N_("windy"), N_("clear"), N_("showers"),
               N_("foggy"))

CATALOGUE = {
    "ai": {"title": "Applied AI", "modules": ["goals", "tools", "checks"]},
    "design": {"title": "Design", "modules": ["brief", "prototype", "review"]},
    "data": {"title": "Data Basics", "modules": ["questions", "cleaning", "charts"]},
    "writing": {"title": "Technical Writing", "modules": ["audience", "structure", "editing"]},
}

_STOPWORDS = frozenset(
    "a an and are about at by do does for from how in is it of on or our say says "
    "that the this to we what when which who why with you your".split()
)


def weather_and_calc() -> list[Tool]:
    """`get_weather` (simulated, deterministic) and `calculator` (safe_calc)."""

    @tool
    def get_weather(city: str) -> str:
        """Get the current weather for a city (simulated: fixed values, not a live forecast).

        Args:
            city: City name, e.g. Paris.
        """
        key = city.strip()
        if not key:
            raise ValueError(_("the city is empty; pass a city name, e.g. Lyon"))
        if key.lower() in WEATHER:
            key, temp, sky = WEATHER[key.lower()]
        else:  # any other city: a value derived from its name, the same every run
            code = zlib.crc32(key.lower().encode("utf-8"))
            temp, sky = code % 36 - 5, _CONDITIONS[(code // 36) % len(_CONDITIONS)]
        return _("{city}: {temp} °C, {sky} (simulated)", city=key, temp=temp, sky=_(sky))

    @tool
    def calculator(expression: str) -> str:
        """Evaluate an arithmetic expression with + - * / // % ** and parentheses.

        Args:
            expression: The expression, e.g. (2 + 3) * 4.
        """
        return str(safe_calc(expression))

    return [get_weather, calculator]


def invoice_tools(folder: str | Path) -> list[Tool]:
    """`list_files` and `read_file`, bound to `folder` by a Sandbox (read-only)."""
    sandbox = Sandbox(folder)

    @tool
    def list_files(folder: str) -> str:
        """List the files in a folder, one name per line, sorted; subfolders end with '/'.

        Args:
            folder: Folder to list, relative to the working folder; "." for the working folder itself.
        """
        names = sandbox.list(folder)
        return "\n".join(names) if names else _("the folder {folder!r} is empty", folder=folder)

    @tool
    def read_file(path: str) -> str:
        """Return the text content of a file.

        Args:
            path: File path relative to the working folder, e.g. reports/march.txt.
        """
        return sandbox.read(path)

    return [list_files, read_file]


class UnknownKey(KeyError):
    """A catalogue key that does not exist; its message lists the known keys."""

    def __str__(self) -> str:
        return str(self.args[0])


def catalogue_tools(path: str | Path | None = None) -> list[Tool]:
    """`lookup` over CATALOGUE, or over the JSON object in the file at `path`."""
    catalogue = CATALOGUE if path is None else json.loads(Path(path).read_text(encoding="utf-8-sig"))  # a BOM too

    @tool
    def lookup(key: str) -> str:
        """Look up one entry of the course catalogue by its key and return it as JSON.

        Args:
            key: Catalogue key, e.g. design.
        """
        if key not in catalogue:
            raise UnknownKey(_("no entry {key!r} in the catalogue; known keys: {keys}", key=key, keys=", ".join(sorted(catalogue))))
        return json.dumps(catalogue[key], ensure_ascii=False)

    return [lookup]


def _words(text: str) -> list[str]:
    """Lower-case words without stop words, with a plural 's' dropped ('pumps' -> 'pump')."""
    words = re.findall(r"\w+", text.lower())
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
            for w in words if w not in _STOPWORDS]


def docs_tools(folder: str | Path) -> list[Tool]:
    """`search_docs` (keyword scoring over *.md and *.txt) and `read_doc`, bound to `folder`."""
    sandbox = Sandbox(folder)

    @tool
    def search_docs(query: str) -> str:
        """Search the documents by keywords; return up to 5 'name — Title (score N)' lines, best first.
        A word in a document's title or file name scores 3, in its text 1.

        Args:
            query: Keywords, e.g. sourdough starter feeding.
        """
        terms = set(_words(query))
        ranked = []
        for name in sandbox.list("."):
            if not name.endswith((".md", ".txt")):
                continue
            text = sandbox.read(name)
            title = text.splitlines()[0].lstrip("# ").strip() if text.strip() else name
            title_words, body_words = _words(title) + _words(Path(name).stem), _words(text)
            score = sum(3 * title_words.count(t) + body_words.count(t) for t in terms)
            if score:
                ranked.append((-score, name, title))
        if not ranked:
            return _("no document matches {query!r}", query=query)
        return "\n".join(f"{name} — {title} (score {-neg})" for neg, name, title in sorted(ranked)[:5])

    @tool
    def read_doc(name: str) -> str:
        """Return the full text of one document.

        Args:
            name: Document name as search_docs shows it, e.g. notes.md.
        """
        return sandbox.read(name)

    return [search_docs, read_doc]


def action_tools(outbox: list) -> list[Tool]:
    """`send_email` and `delete_file`, both consequential; they record into `outbox` instead of acting."""

    @tool(consequential=True)
    def send_email(to: str, subject: str, body: str) -> str:
        """Send an email (simulated: recorded in the outbox, nothing leaves the machine).

        Args:
            to: Recipient address.
            subject: Subject line.
            body: Message text.
        """
        outbox.append({"tool": "send_email", "to": to, "subject": subject, "body": body})
        return _("sent (simulated)")

    @tool(consequential=True)
    def delete_file(name: str) -> str:
        """Delete a file (simulated: recorded in the outbox, nothing is deleted).

        Args:
            name: File name.
        """
        outbox.append({"tool": "delete_file", "name": name})
        return _("deleted (simulated)")

    return [send_email, delete_file]


STATION_TASK = ("Read every file in the folder station and tell me which days had a storm warning, "
                "and how many.")
STATION_TASK_FR = ("Lis tous les fichiers du dossier station et dis-moi quels jours ont eu une alerte de tempête, "
                   "et combien.")  # the French edition's task for notebook 08


def station_tools(folder: str | Path) -> list[Tool]:
    """`list_files` and `read_file` over a folder holding `station/`: ten days of a weather station's log,
    about 1,800 characters a day, deliberately large results for notebook 08 (long runs)."""
    return invoice_tools(folder)
