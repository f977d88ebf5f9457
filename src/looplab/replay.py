"""Record a session's API traffic to a JSON file; replay it later with no network and no key.

The file holds every attempt to POST /v1/messages (and count_tokens) in order: the
request body, and the response's status, a few stable headers and its body (JSON, or
the raw SSE text of a stream); an attempt that never got an answer has the error's name instead,
and a body that broke off while it was read has both: what arrived, and the error. Replay matches each request to a recorded one by content, not
position, so cells may run in any order, be skipped or run twice (a cell run again gets the
same replies); a request that matches none is refused with where it differs from the closest.
LOOPLAB_REPLAY may also name a folder of recordings (one per notebook, as `make rehearse`
writes): the running notebook's own recording is searched first, then the others.
"""

import json
import os
import threading
from pathlib import Path

import anthropic
import httpx2

from looplab._files import replace_text
from looplab.i18n import N_, _
from looplab.practice.responses import MESSAGES, MODELS, BrokenBody, api_error

FORMAT = "looplab-replay/1"
KEPT_HEADERS = ("content-type", "request-id", "x-should-retry", "retry-after", "retry-after-ms")
RECORDED_PREFIX = (MESSAGES, MODELS)  # a model's page too: notebook 08 reads its window
FIX = N_("re-record or run the recorded notebook unchanged")
_SHARED: dict = {}  # resolved path → state shared by every client of this process
_SHARED_LOCK = threading.Lock()


def _body(content: bytes):
    try:
        return json.loads(content) if content else None
    except ValueError:
        return content.decode(errors="replace")


def _request(request: httpx2.Request) -> dict:
    return {"method": request.method, "path": request.url.path, "body": _body(request.content)}


def _shared(path: Path, make):
    with _SHARED_LOCK:
        key = path.resolve()
        if key not in _SHARED:
            _SHARED[key] = make()
        return _SHARED[key]


class RecordingTransport(httpx2.BaseTransport):
    """Passes requests to `inner` and appends each /v1/messages exchange to `path`.

    A stream is read whole before the client sees it (recording gives up live streaming).
    A recording already at `path` that holds a reply stays until the new one holds a reply too:
    a run that only fails (the network down) never wipes last night's recording.
    """

    def __init__(self, inner: httpx2.BaseTransport, path, *, append=False):
        """Start a fresh recording at `path`, or with `append` add to it (shared in this process)."""
        self.inner = inner
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if append:
            self.exchanges, self._lock = _shared(self.path, lambda: (_existing(self.path), threading.Lock()))
        else:
            self.exchanges, self._lock = [], threading.Lock()
        self._keeping = not append and worth_keeping(self.path)
        if not self.path.exists():
            self._write()

    def _write(self) -> None:
        with self._lock:
            if self._keeping and not answered(self.exchanges):
                return
            self._keeping = False
            data = {"format": FORMAT, "exchanges": self.exchanges}
            replace_text(self.path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")

    def _add(self, exchange: dict) -> None:
        with self._lock:
            self.exchanges.append(exchange)
        self._write()

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        """Forward `request`; record it and its response when it is a Messages or Models API call."""
        request.read()
        if not request.url.path.startswith(RECORDED_PREFIX):
            return self.inner.handle_request(request)
        try:
            response = self.inner.handle_request(request)
        except httpx2.TransportError as exc:
            self._add({"request": _request(request), "error": type(exc).__name__})
            raise
        content, broken = _read(response)
        headers = {k: v for k, v in response.headers.items() if k.lower() in KEPT_HEADERS}
        exchange = {"request": _request(request), "response": {
            "status": response.status_code, "headers": headers, "text": content.decode(errors="replace")}}
        self._add({**exchange, "error": type(broken).__name__} if broken else exchange)
        dropped = ("content-encoding", "content-length", "transfer-encoding")
        kept = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in dropped]
        if broken:  # the client sees what arrived, then the same error, as it would have without recording
            return httpx2.Response(response.status_code, headers=kept, stream=BrokenBody(content, broken))
        return httpx2.Response(response.status_code, headers=kept, content=content)


def _read(response: httpx2.Response) -> tuple[bytes, httpx2.TransportError | None]:
    """The body of `response`, and the error that broke it off while it was read (None when it arrived whole)."""
    parts = []
    try:
        for part in response.iter_bytes():
            parts.append(part)
    except httpx2.TransportError as exc:
        return b"".join(parts), exc
    finally:
        response.close()
    return b"".join(parts), None


def answered(exchanges: list) -> bool:
    """True when one of `exchanges` is a reply the server sent whole (HTTP 2xx): a recording worth keeping."""
    return any("error" not in e and 200 <= e["response"]["status"] < 300 for e in exchanges)


def worth_keeping(path: Path) -> bool:
    """True when `path` holds a recording with a reply in it (a missing or damaged one is not worth keeping)."""
    try:
        return path.exists() and answered(load(path))
    except ValueError:
        return False


def _existing(path: Path) -> list:
    """The exchanges already recorded at `path` (none when it does not exist)."""
    return load(path) if path.exists() else []


def load(path) -> list:
    """The exchanges of the recording at `path`; ValueError saying what to do when it is not one."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(_("replay: no recording at '{path}'; record one with looplab.record(client, path), "
                           "or unset LOOPLAB_REPLAY", path=path)) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValueError(_("replay: '{path}' is not valid JSON ({error}); record one with looplab.record(client, "
                           "path), or unset LOOPLAB_REPLAY", path=path, error=exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(_("replay: '{path}' is not a {format} recording; record one with looplab.record(client, "
                           "path), or unset LOOPLAB_REPLAY", path=path, format=FORMAT))
    problem = _damage(data.get("exchanges"))
    if problem:
        raise ValueError(_("replay: '{path}' is damaged ({problem}); record it again (make rehearse, or "
                           "looplab.record(client, path)), or unset LOOPLAB_REPLAY", path=path, problem=problem))
    return data["exchanges"]


def _damage(exchanges) -> str | None:
    """What makes a recording's exchanges unusable, or None when each has a request and a response or error."""
    if not isinstance(exchanges, list):
        return _("no list of '{key}'", key="exchanges")
    for n, exchange in enumerate(exchanges, 1):
        if not isinstance(exchange, dict):
            return _("exchange {n} is not an object", n=n)
        request, response, error = exchange.get("request"), exchange.get("response"), exchange.get("error")
        if not (isinstance(request, dict) and isinstance(request.get("method"), str)
                and isinstance(request.get("path"), str)):
            return _("exchange {n} has no valid '{key}'", n=n, key="request")
        if "error" in exchange and not isinstance(error, str):
            return _("exchange {n} has no valid '{key}'", n=n, key="error")
        if "response" in exchange or "error" not in exchange:
            if not (isinstance(response, dict) and type(response.get("status")) is int
                    and isinstance(response.get("headers"), dict) and isinstance(response.get("text"), str)):
                return _("exchange {n} has no valid '{key}'", n=n, key="response")
    return None


def first_difference(recorded, sent, where: str = "") -> str | None:
    """Where two JSON values first differ, e.g. "messages[2].content: 'a' vs 'b'"."""
    if type(recorded) is not type(sent):
        return _("{where}: {recorded} recorded, {sent} sent", where=where or "body", recorded=_short(recorded),
                 sent=_short(sent))
    if isinstance(recorded, dict):
        for key in sorted(set(recorded) | set(sent)):
            inner = f"{where}.{key}" if where else key
            if key not in recorded or key not in sent:
                side = _("sent but not recorded") if key not in recorded else _("recorded but not sent")
                return _("{where}: {side}", where=inner, side=side)
            found = first_difference(recorded[key], sent[key], inner)
            if found:
                return found
        return None
    if isinstance(recorded, list):
        for i, (a, b) in enumerate(zip(recorded, sent, strict=False)):
            found = first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        if len(recorded) != len(sent):
            return _("{where}: {recorded} items recorded, {sent} sent", where=where, recorded=len(recorded),
                     sent=len(sent))
        return None
    return None if recorded == sent else _("{where}: {recorded} recorded, {sent} sent", where=where,
                                           recorded=_short(recorded), sent=_short(sent))


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def canonical(request: dict) -> str:
    """One string per distinct request (method, path and body, keys sorted): what replay matches on."""
    return json.dumps(request, sort_keys=True, ensure_ascii=False)


class Recording:
    """One recording being replayed: its exchanges, indexed by request, and how often each was served."""

    def __init__(self, name: str, exchanges: list):
        """A recording named `name`, none of its exchanges served yet."""
        self.name, self.exchanges = name, exchanges
        self.keys = [canonical(e["request"]) for e in exchanges]
        self.by_request: dict[str, list[int]] = {}
        for index, key in enumerate(self.keys):
            self.by_request.setdefault(key, []).append(index)
        self.served: dict[str, int] = {}

    def take(self, key: str) -> int | None:
        """The index of the exchange that answers the request `key` now, or None if none was recorded.

        The n-th time a request is sent gets its n-th recorded exchange (a retry gets the recorded
        retry); once they are used up they come round again, so a cell run twice replays the same.
        """
        indices = self.by_request.get(key)
        if not indices:
            return None
        count = self.served.get(key, 0)
        self.served[key] = count + 1
        return indices[count % len(indices)]


class Replay:
    """The recordings one replay serves from, and which one the last request came from."""

    def __init__(self, recordings: list[Recording], folder=None):
        """Serve from `recordings` (several when they come from `folder`)."""
        self.recordings, self.folder, self.current = recordings, folder, None
        self.lock = threading.Lock()

    def preferred(self) -> Recording | None:
        """The running notebook's recording (Jupyter names it in JPY_SESSION_NAME), else the last served."""
        stem = Path(os.environ.get("JPY_SESSION_NAME", "")).stem
        return next((r for r in self.recordings if Path(r.name).stem == stem), None) or self.current

    def order(self) -> list[Recording]:
        """The recordings to search, the preferred one first."""
        first = self.preferred()
        return ([first] if first else []) + [r for r in self.recordings if r is not first]

    def match(self, sent: dict) -> tuple[Recording, int] | None:
        """The recording and index of the exchange that answers `sent`, or None.

        Matched by content, not position: cells may run in any order, be skipped or run again.
        The running notebook's recording is searched first, then the others.
        """
        key = canonical(sent)
        for recording in self.order():
            index = recording.take(key)
            if index is not None:
                return recording, index
        return None

    def refusal(self, sent: dict) -> str:
        """The message refusing `sent`, naming the closest recorded request and where it differs."""
        key = canonical(sent)
        candidates = [(r, i) for r in self.order() for i in range(len(r.exchanges))]
        if not candidates:
            return _("replay: the recording holds no request; {fix}", fix=_(FIX))
        recording, index = max(candidates, key=lambda c: _likeness(c[0].keys[c[1]], key))
        difference = _field(first_difference(recording.exchanges[index]["request"], sent))
        if self.folder is None:
            return _("replay: no recorded request matches this one (closest: request {n}, {difference}); {fix}",
                     n=index + 1, difference=difference, fix=_(FIX))
        return _("replay: this request matches no recording in '{folder}' (closest: {name} request {n}: "
                 "{difference}); {fix}", folder=self.folder, name=recording.name, n=index + 1, difference=difference,
                 fix=_(FIX))


def _field(difference: str) -> str:
    return difference.removeprefix("body.")


def _likeness(a: str, b: str) -> int:
    """How many leading characters two canonical requests share."""
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


def _folder(path: Path) -> Replay:
    files = sorted(path.glob("*.json"))
    if not files:
        raise ValueError(_("replay: no recording (*.json) in the folder '{path}'; run make rehearse "
                           "to record one, or unset LOOPLAB_REPLAY", path=path))
    return Replay([Recording(f.name, load(f)) for f in files], folder=path)


class ReplayTransport(httpx2.BaseTransport):
    """Serves the responses of a recording (a file, or a folder of them) to identical requests."""

    def __init__(self, path):
        """Load the recording at `path`; a folder's recordings are shared by this process's clients."""
        path = Path(path)
        if path.is_dir():
            self.replay = _shared(path, lambda: _folder(path))
        else:
            self.replay = Replay([Recording(path.name, load(path))])

    @property
    def exchanges(self) -> list:
        """Every recorded exchange this transport may serve."""
        return [e for r in self.replay.recordings for e in r.exchanges]

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        """The matching recorded response, or a 400 that says how this request differs."""
        request.read()
        sent = _request(request)
        with self.replay.lock:
            found = self.replay.match(sent)
            if found is None:
                return api_error(400, "invalid_request_error", self.replay.refusal(sent), retry=False)
            recording, index = found
            self.replay.current = recording
        exchange = recording.exchanges[index]
        if "response" not in exchange:  # no answer came
            raise _error(exchange["error"], request)
        recorded = exchange["response"]
        headers = dict(recorded["headers"])
        if {"retry-after", "retry-after-ms"} & {k.lower() for k in headers}:  # a replay has no server to wait for
            headers = {k: v for k, v in headers.items() if k.lower() not in ("retry-after", "retry-after-ms")}
            headers["retry-after-ms"] = "1"
        content = recorded["text"].encode()
        if "error" in exchange:  # the body broke off while it was read: what arrived, then the same error
            return httpx2.Response(recorded["status"], headers=headers,
                                   stream=BrokenBody(content, _error(exchange["error"], request)))
        return httpx2.Response(recorded["status"], headers=headers, content=content)


def _error(name: str, request: httpx2.Request) -> httpx2.TransportError:
    """The httpx2 error `name` (a transport error in general when httpx2 has no such one), raised on replay."""
    kind = getattr(httpx2, name, None)
    kind = kind if isinstance(kind, type) and issubclass(kind, httpx2.TransportError) else httpx2.TransportError
    return kind(f"replay: recorded {name}", request=request)


def record(client: anthropic.Anthropic, path, *, append=False) -> anthropic.Anthropic:
    """A copy of `client` that records its Messages API traffic to the JSON file `path`.

    With `append`, the exchanges are added to the file (every client of this process that
    records to `path` adds to the same list), as make_client does under LOOPLAB_RECORD.
    """
    transport = RecordingTransport(client._client._transport, path, append=append)
    copy = client.with_options(http_client=httpx2.Client(transport=transport))
    copy._strict_response_validation = client._strict_response_validation
    return copy


def replay_client(path, *, max_retries=2) -> anthropic.Anthropic:
    """A real anthropic.Anthropic client that answers from the recording (file or folder) at `path`."""
    return anthropic.Anthropic(api_key="replay", base_url="http://replay.local",
                               http_client=httpx2.Client(transport=ReplayTransport(path)),
                               max_retries=max_retries)
