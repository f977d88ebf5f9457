"""Which model the notebooks talk to: Claude, a local server, a replay or the practice model."""

import os
import sys
from urllib.parse import urlsplit

import anthropic
import httpx2
from dotenv import find_dotenv, load_dotenv

from looplab import browser
from looplab.i18n import _
from looplab.practice.transport import PracticeTransport
from looplab.replay import record, replay_client

DEFAULT_MODEL = "claude-opus-5"
MODEL = os.environ.get("LOOPLAB_MODEL", DEFAULT_MODEL)
PRACTICE_URL = "http://practice.local"


def practice_client(*, script=None, gullible=False, never_stop=False, max_retries=2,
                    strict=True, **options) -> anthropic.Anthropic:
    """A real anthropic.Anthropic client whose transport is a fresh practice model."""
    transport = PracticeTransport(script=script, gullible=gullible, never_stop=never_stop)
    return anthropic.Anthropic(api_key="practice-model", base_url=PRACTICE_URL,
                               http_client=httpx2.Client(transport=transport),
                               max_retries=max_retries,
                               _strict_response_validation=strict, **options)


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no", "off")


def _key_tail(key: str) -> str:
    return _("key ending in …{tail}", tail=key[-4:]) if len(key) >= 16 else _("a key (too short to show its end)")


def _without_userinfo(url: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}{parts.path}".rstrip("/")


def _http_url(url: str) -> bool:
    """True when `url` is an http(s) URL with a host (and a port, if any, that exists)."""
    try:
        parts = urlsplit(url)
        return parts.scheme in ("http", "https") and bool(parts.hostname) and parts.port != 0
    except ValueError:  # 'http://[bad' (an IPv6 host not closed), 'http://localhost:99999' (port out of range)
        return False


def make_client(*, quiet=False) -> anthropic.Anthropic:
    """The client the environment asks for; prints one line saying which backend it is.

    Reads `.env` (from the current folder upward; variables already set win), then:
    LOOPLAB_REPLAY=file → replay; LOOPLAB_OFFLINE=1 → practice model;
    ANTHROPIC_BASE_URL → that local server; ANTHROPIC_API_KEY → Claude; else practice.
    LOOPLAB_RECORD=file adds the client's traffic to that recording (make rehearse sets it).
    """
    load_dotenv(find_dotenv(usecwd=True), override=False)
    key = os.environ.get("ANTHROPIC_API_KEY", "").strip()
    base_url = os.environ.get("ANTHROPIC_BASE_URL", "").strip()
    replay = os.environ.get("LOOPLAB_REPLAY", "").strip()
    if replay:
        client, line = replay_client(replay), _("Backend: replay of a recorded session (LOOPLAB_REPLAY).")
    elif _flag("LOOPLAB_OFFLINE"):
        client, line = practice_client(), _("Backend: practice model (offline, LOOPLAB_OFFLINE=1).")
    elif base_url:
        if not _http_url(base_url):
            raise ValueError(_("ANTHROPIC_BASE_URL={url!r} is not an http(s) URL; write it like "
                               "http://localhost:11434 (no /v1), or unset it to use the practice model", url=base_url))
        client = anthropic.Anthropic(api_key=key or "local", base_url=base_url)
        line = _("Backend: local server at {url}, model {model}.", url=_without_userinfo(base_url), model=MODEL)
    elif sys.platform == "emscripten":  # the browser edition: see looplab.browser
        client, line = _in_browser(key or browser.typed_key())
    elif key:
        client = anthropic.Anthropic(api_key=key)
        line = _("Backend: Claude ({key}), model {model}.", key=_key_tail(key), model=MODEL)
    else:
        client = practice_client()
        line = _("Backend: practice model (offline). Set ANTHROPIC_API_KEY to use Claude.")
    if os.environ.get("LOOPLAB_RECORD", "").strip():
        client = record(client, os.environ["LOOPLAB_RECORD"].strip(), append=True)
    if not quiet:
        print(line)
    return client


def _in_browser(key: str) -> tuple[anthropic.Anthropic, str]:
    """In a browser tab: Claude if a key was typed in (key_widget), else the practice model."""
    if key:
        return (browser.claude_client(key),
                _("Backend: Claude from this browser tab ({key}), model {model}. {warning}",
                  key=_key_tail(key), model=MODEL, warning=_(browser.EXPOSED)))
    return practice_client(), _("Backend: practice model (in this browser tab). To use Claude, run "
                                "looplab.browser.key_widget() and enter a key.")
