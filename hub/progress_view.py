"""The instructor's live view: which participant has passed which check, refreshed every 3 s.

A JupyterHub service (hub/jupyterhub_config.py starts it). It asks the hub who the
participants are and reads each one's `.looplab/progress.json`, written by the checks:
never a notebook. The page needs the key printed by `make hub` (?key=...).
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

from tornado import httpclient, ioloop, web

from looplab.progress import read_progress

USERS = Path(os.environ.get("LOOPLAB_HUB_USERS", ".hub/users"))
KEY = os.environ.get("LOOPLAB_VIEW_KEY") or os.urandom(16).hex()  # no key given: nobody gets in
PREFIX = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/services/progress/")
API = os.environ.get("JUPYTERHUB_API_URL", "")
TOKEN = os.environ.get("JUPYTERHUB_API_TOKEN", "")
CELL = {"pass": ("Correct", "#2e7d32"), "not yet": ("Not yet", "#e65100"), "not attempted": ("Not attempted", "#757575")}


def number(title: str) -> tuple:
    """'Exercise 2.2 — …' sorts as (2, 2); a title without a number goes last."""
    found = re.search(r"(\d+)\.(\d+)", title)
    return (int(found[1]), int(found[2]), title) if found else (99, 99, title)


def table(progress: dict[str, dict[str, str]]) -> str:
    """Participants × checks as HTML, with how many passed each check at the bottom."""
    titles = sorted({t for record in progress.values() for t in record}, key=number)
    short = [html.escape(t.split("—")[0].replace("Exercise", "").strip() or t) for t in titles]
    rows = ["<tr><th>participant</th>" + "".join(f'<th title="{html.escape(t)}">{s}</th>'
                                                for t, s in zip(titles, short, strict=True)) + "</tr>"]
    for name, record in sorted(progress.items()):
        cells = []
        for t in titles:
            label, colour = CELL.get(record.get(t, ""), ("", "#000"))
            cells.append(f'<td style="color: {colour}">{label}</td>')
        rows.append(f"<tr><td>{html.escape(name[:8])}</td>{''.join(cells)}</tr>")
    passed = [sum(record.get(t) == "pass" for record in progress.values()) for t in titles]
    rows.append("<tr><th>Correct</th>" + "".join(f"<th>{n} of {len(progress)}</th>" for n in passed) + "</tr>")
    return "<table>" + "".join(rows) + "</table>"


async def participants() -> list[str]:
    """The hub's users (temporary accounts), from its REST API."""
    reply = await httpclient.AsyncHTTPClient().fetch(f"{API}/users", headers={"Authorization": f"token {TOKEN}"})
    return [user["name"] for user in web.escape.json_decode(reply.body)]


class View(web.RequestHandler):
    async def get(self):
        if self.get_argument("key", "") != KEY:
            self.set_status(403)
            self.finish("Add ?key=... to this address: the whole line is printed where `make hub` runs.\n")
            return
        progress = {name: read_progress(USERS / name / ".looplab" / "progress.json") for name in await participants()}
        self.finish(f"""<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>Agent Loop Lab: the room</title><style>body{{font-family:sans-serif}} td,th{{padding:2px 8px;
border-bottom:1px solid #ddd;text-align:left}}</style></head><body><h1>The room: {len(progress)} participants</h1>
{table(progress)}<p>Each check's latest outcome, refreshed every 3 seconds; read from the checks' records, never from notebooks.</p>
</body></html>""")


def main() -> None:
    port = int(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:8003").rsplit(":", 1)[1].strip("/"))
    web.Application([(PREFIX.rstrip("/") + "/?", View)]).listen(port, address="127.0.0.1")
    try:
        ioloop.IOLoop.current().start()
    except KeyboardInterrupt:  # Ctrl-C where `make hub` runs reaches this service too: stop quietly
        pass


if __name__ == "__main__":
    main()
