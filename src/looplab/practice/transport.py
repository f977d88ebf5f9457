"""The practice model as an httpx2 transport: the real SDK client talks to it over no network."""

import json
import re
import threading
import typing
import zlib
from collections import deque

import httpx2
from anthropic.types.beta import BetaServerToolUseBlock

from looplab.practice import context, models, responses, sse, tokens
from looplab.practice.planner import SKILLS, choose, control
from looplab.practice.planner.text import french
from looplab.practice.responses import (
    COUNT_TOKENS,
    MESSAGES,
    MODELS,
    Problem,
    api_error,
    json_response,
)
from looplab.practice.script import STOP_REASONS, Script, never_stop_reply
from looplab.practice.shapes import check_shape
from looplab.practice.threads import Threads, as_sent
from looplab.practice.validate import (
    CREDIT_NOT_APPLIED,
    check_betas,
    check_fields,
    check_media,
    check_messages,
    check_sources,
    check_tool_changes,
    check_version,
)
from looplab.practice.view import (
    dict_blocks,
    merge_turns,
    offered_tools,
    read_request,
    system_said,
    text_of,
)

SERVER_TOOLS = typing.get_args(BetaServerToolUseBlock.model_fields["name"].annotation)  # the names of its server tools
MAX_BODY = 32 * 1024 * 1024  # the API's own request limit is 32 MB
TOO_LARGE = ("Request exceeds the maximum allowed number of bytes (32 MB); send large files "
             "through the Files API or in smaller requests")
ENCODINGS = {"gzip": 31, "x-gzip": 31, "deflate": 15}  # Content-Encoding -> zlib's wbits for its format
USER_PROFILE = "anthropic-user-profile-id"  # the header the SDK's user_profile_id= sends
API_VERSIONS = ("2023-01-01", "2023-06-01", "2026-10-21")  # platform.claude.com/docs/en/api/versioning
MCP_BETA = "mcp-client-2025-11-20"  # the MCP connector's (mcp-connector docs)
INLINE_TOOLS = "inline-tools-2026-09-15"  # a tool_addition may carry a definition (beta_request_tool_addition_block_param)
STRUCTURED_BETA = "structured-outputs-2025-11-13"  # its output_format still works (structured-outputs docs)
KEEP = 1000  # requests kept in `.requests`, and paused turns and omitted thoughts remembered
LONE = re.compile(rb"(?<!\\)(\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])"  # a high surrogate alone,
                  rb"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2})")  # or a low one


class RequestLog(list):
    """A list that keeps only the last `keep` items appended (all of them when keep is None)."""

    def __init__(self, keep: int | None):
        super().__init__()
        self.keep = keep

    def append(self, item) -> None:
        """Append `item`, forgetting the oldest one past `keep`."""
        super().append(item)
        if self.keep is not None and len(self) > self.keep:
            del self[0]


class PracticeTransport(httpx2.BaseTransport):
    """Serves POST /v1/messages[/count_tokens] from a script or the planner, GET /v1/models[/id] from the SDK's."""

    def __init__(self, *, script=None, gullible=False, never_stop=False, keep=KEEP):
        """Scripted when `script` is a list of steps, else `never_stop` or the planner; keep `keep` request bodies."""
        self.script = Script(script) if script is not None else None
        self.gullible = gullible
        self.never_stop = never_stop
        self.requests = RequestLog(keep)
        self.paused: deque = deque(maxlen=KEEP)  # the content of pause_turn replies, as sent back
        self.thoughts: dict[str, str] = {}  # signature -> thought of the thinking blocks sent omitted
        self.calls = 0
        self.faults: list = []
        self.counts = {"msg": 0, "toolu": 0, "req": 0}
        self.issued: set[str] = set()
        self.cache = tokens.CacheBook()
        self.threads = Threads()
        self._lock = threading.Lock()

    def add_fault(self, fault) -> None:
        """Consult `fault` (an object with `before`, maybe `on_events`/`on_reply`) on every request."""
        self.faults.append(fault)

    def clear_faults(self) -> None:
        """Remove every fault."""
        self.faults.clear()

    def next_id(self, kind: str) -> str:
        """The next id of a kind: msg_practice_0001, toolu_practice_0001, req_practice_0001."""
        self.counts[kind] += 1
        return f"{kind}_practice_{self.counts[kind]:04d}"

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        """Answer one HTTP request (every attempt is counted and kept in `.requests`)."""
        with self._lock:
            request.read()
            self.calls += 1
            if len(request.content) > MAX_BODY:  # refused unread, as the API's front door does
                self.requests.append(f"<{len(request.content)} bytes: too large>")
                return responses.with_request_id(api_error(413, "request_too_large", TOO_LARGE), self.next_id("req"))
            content, problem = _decoded(request.content, request.headers.get("content-encoding"))
            if problem:
                self.requests.append(f"<{len(request.content)} bytes: {problem.details['error_code']}>")
                refusal = (api_error(413, "request_too_large", problem) if problem.details["error_code"]
                           == "request_body_too_large_after_decoding" else api_error(400, "invalid_request_error", problem))
                return responses.with_request_id(refusal, self.next_id("req"))
            body, not_json = _parse(content)
            self.requests.append(body)
            try:
                response = self._route(request, body, not_json)
            except httpx2.TransportError:
                raise  # a fault simulating the network, e.g. httpx2.ReadTimeout
            except Exception as exc:  # a bug here must surface once, not as a retried network fault
                response = api_error(500, "api_error", f"practice model internal error: "
                                     f"{type(exc).__name__}: {exc} — please report it", retry=False)
            return responses.with_request_id(response, self.next_id("req"))

    def error(self, status: int, kind: str, message: str) -> httpx2.Response:
        """An API error with this transport's next request id (for what the HTTP server refuses)."""
        with self._lock:
            return responses.with_request_id(api_error(status, kind, message), self.next_id("req"))

    def _route(self, request, body, not_json: str | None) -> httpx2.Response:
        for fault in list(self.faults):
            if hasattr(fault, "before") and (response := fault.before(request, body)) is not None:
                return response
        path = request.url.path
        if not (request.headers.get("x-api-key") or request.headers.get("authorization")):  # any key will do here
            return api_error(401, "authentication_error", "x-api-key header is required; send any key to the "
                             "practice model (an Anthropic SDK sends the one it is given, as Authorization: Bearer)")
        if (version := request.headers.get("anthropic-version")) not in API_VERSIONS:  # as the API, on every path
            return api_error(400, "invalid_request_error", (f'anthropic-version: "{version}" is not a valid version'
                             if version is not None else "anthropic-version: header is required")
                             + f"; send one of {', '.join(API_VERSIONS)} (an Anthropic SDK sends it for you)")
        if request.method == "GET" and (path == MODELS or path.startswith(MODELS + "/")):
            params, model = request.url.params, path[len(MODELS) + 1:]  # the SDK sends lifecycle[]=a&lifecycle[]=b
            query = {**params, "lifecycle": params.get_list("lifecycle[]")}
            if not model and (problem := models.check_query(query)):
                return api_error(400, "invalid_request_error", problem)
            if not model:
                return json_response(200, models.page(query))
            if not models.served(model):
                return api_error(404, "not_found_error", models.unknown_model(model))
            return json_response(200, models.model_info(models.resolve(model)))
        if request.method != "POST" or path not in (MESSAGES, COUNT_TOKENS):
            return api_error(404, "not_found_error",
                             f"practice model: no route for {request.method} {path}; it serves "
                             f"POST {MESSAGES}, POST {COUNT_TOKENS} and GET {MODELS}")
        if not isinstance(body, dict):
            return api_error(400, "invalid_request_error",
                             not_json or "the request body is not a JSON object; send the request as JSON")
        beta = request.url.params.get("beta") == "true" or "anthropic-beta" in request.headers
        betas = [b.strip() for b in request.headers.get("anthropic-beta", "").split(",")]
        if problem := check_betas(betas):
            return api_error(400, "invalid_request_error", problem)
        asked = body  # as sent: an error names output_format, not the output_config.format it is read as
        if "output_format" in body and STRUCTURED_BETA in betas and isinstance(body.get("output_config", {}), dict):
            body = {**{k: v for k, v in body.items() if k != "output_format"},  # the beta's output_config.format
                    "output_config": {**body.get("output_config", {}), "format": body["output_format"]}}
        if problem := check_shape(body, beta=beta, count=path == COUNT_TOKENS, version=version):
            return api_error(400, "invalid_request_error", problem)
        entries = [(f"fallbacks[{i}].", entry["model"]) for i, entry in enumerate(models.fallbacks(body))]
        for at, model in [("", body["model"]), *entries]:  # a fallback is checked as a request to its model
            if not models.served(model):
                return api_error(404, "not_found_error", at + models.unknown_model(model))
        if (body.get("billing_policy") or {}).get("bill_to") == "user_profile" and not request.headers.get(USER_PROFILE):
            return api_error(400, "invalid_request_error", Problem(
                "billing_policy: bill_to 'user_profile' names no user profile; name the profile to bill in the "
                f"{USER_PROFILE} header (user_profile_id=... in the SDK), or bill yourself with bill_to 'self'",
                error_code="user_profile_required"))
        if path == COUNT_TOKENS:  # no reply is sampled: the model's whole output limit, for the checks below
            body = {**body, "max_tokens": models.row(body["model"]).output}
        if problem := check_fields(body, path == COUNT_TOKENS, betas) or check_version(body, version) or check_sources(body):
            if "output_format" in asked and problem.startswith("output_config.format."):  # as sent, as the API names it
                problem = "output_format." + problem.removeprefix("output_config.format.")
            return api_error(400, "invalid_request_error", problem)
        full, problem = self.threads.resolve(body, betas)  # as sent: the thinking added below is no thread's concern
        if problem:
            lost = problem.details.get("error_code") == "thread_not_found"
            return api_error(404 if lost else 400, "not_found_error" if lost else "invalid_request_error", problem)
        held = len(full["messages"]) - len(body.get("messages") or [])  # a continued thread's history, not sent again
        if held and (problem := check_media(full)):  # the images of the whole conversation count, as when it is replayed
            return api_error(400, "invalid_request_error", as_sent(problem, held))
        if models.row(full["model"]).always_thinks and "thinking" not in full and (full.get("tool_choice") or {}).get(
                "type") not in ("any", "tool"):  # it thinks whatever the request says; a forced tool call, though, is
            full = {**full, "thinking": {"type": "adaptive"}}  # made without a thought, as on Claude Fable 5
        resumed = bool(full["messages"]) and _key(full["messages"][-1]) in self.paused
        if problem := context.check(full, betas, held) or (path == MESSAGES and context.check_request(full, asked)) or (
                INLINE_TOOLS not in betas and '"tool_definition"' in json.dumps(
                full.get("messages")) and f"messages: an inline tool_definition needs the beta '{INLINE_TOOLS}'; pass "
                                         f"betas=['{INLINE_TOOLS}']") or (
                body.get("mcp_servers") and not any(b.startswith("mcp-client-") for b in betas) and "mcp_servers: "
                f"unknown field (Extra inputs are not permitted); the MCP connector needs the beta '{MCP_BETA}'; "
                f"pass betas=['{MCP_BETA}']"):
            return api_error(400, "invalid_request_error", as_sent(problem, held))
        sent, applied = context.edit(full)  # context management: what the model reads, and what it costs
        seen, unmerged = context.expand(sent), context.expand(sent, merged=False)
        no_prefill = resumed or bool(full.get("compaction"))  # a compaction request samples nothing
        if problem := (context.as_given(check_messages(unmerged, self.issued)
                                        or control.unsigned(self._restore(unmerged["messages"])), sent)
                       or check_tool_changes(full) or path == MESSAGES and models.check_model(sent, no_prefill)):
            return api_error(400, "invalid_request_error", as_sent(problem, held))
        if path == COUNT_TOKENS:
            counted = {"input_tokens": tokens.input_tokens(sent)}
            if applied is not None:
                counted["context_management"] = {"original_input_tokens": tokens.input_tokens(full)}
            return json_response(200, counted)
        if full.get("compaction"):
            return self._send(body, full, context.compaction_message(full, self.next_id("msg"), self.cache.usage(full),
                                                                     french(_user_text(full))))
        turns = merge_turns([m for m in seen["messages"] if m["role"] != "system"])
        said = system_said(seen["messages"])  # read as the system prompt is: 'Never use the calc tool.'
        system = "\n".join(filter(None, [control.system_text(seen), *said]))
        start = None if resumed or self.script is not None else models.prefill(full)
        reply = self._reply({**seen, "messages": turns, "tools": offered_tools(seen), **({"system": system} if any(said) else {}),
                             **({"stop_sequences": []} if start else {})})  # a stop sequence cuts what it writes, not the prefill
        if start:
            reply = _continued(reply, start, french(_user_text(full)))
            if full.get("stop_sequences") and reply.get("stop_reason") != "refusal":
                reply = control.stop_at(reply, full["stop_sequences"])
        message = self._message(reply, sent)
        if applied is not None:
            message["context_management"] = {"applied_edits": applied}
        return self._send(body, full, message)

    def _send(self, body, full, message) -> httpx2.Response:
        if full.get("fallback_credit_token") is not None:  # only best_effort is served: no refusal here issued it
            message = {**message, "usage": {**message["usage"], "fallback_credit": CREDIT_NOT_APPLIED}}
        hook, sent = ("on_events", sse.events(message)) if body.get("stream") else ("on_reply", message)
        for fault in self.faults:
            if hasattr(fault, hook):
                sent = getattr(fault, hook)(sent)
        self.threads.hold(body, full, message if body.get("stream") else sent)
        if not body.get("stream"):
            return json_response(200, sent)
        headers = {"content-type": "text/event-stream; charset=utf-8"}
        if isinstance(sent, sse.Dropped):
            return httpx2.Response(200, headers=headers, stream=responses.BrokenBody(sse.encode(sent)))
        return httpx2.Response(200, headers=headers, content=sse.encode(sent))

    def _reply(self, full: dict) -> dict:
        if self.script is not None:  # a script breaks rules on purpose; only stop sequences still cut it
            reply = self.script.next_reply(full)
            return control.stop_at(reply, full["stop_sequences"]) if full.get("stop_sequences") else reply
        if full.get("mcp_servers"):
            return unreachable_servers(full)
        if self.never_stop:
            return never_stop_reply(full, text_of(full["messages"][0].get("content")))
        if forced := _forced_servers(full):  # whatever the task's wording
            return unrun_servers(full, forced)
        view = read_request(full, gullible=self.gullible)
        skill, reply = choose(view)
        doc = next((s.__doc__ or "" for s in SKILLS if s.__name__ == skill), "").strip()
        reply = control.apply(reply, full, view, skill, doc.splitlines()[0] if doc else "")
        servers = _servers(full)
        called = [b["name"] for b in reply["content"] if b["type"] == "tool_use" and b["name"] in servers]
        return unrun_servers(full, list(dict.fromkeys(called))) if called else reply

    def _message(self, reply: dict, full: dict) -> dict:
        usage = self.cache.usage(full)
        room = models.row(full["model"]).context - sum(usage[k] for k in (
            "input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))  # what the window leaves
        limit = max(1, min(full["max_tokens"], room))  # one token at least, as `within` writes
        content, cut = tokens.within([_block(block) for block in reply["content"]], limit)
        for block in [b for b in content if cut and b["type"] == "thinking"]:  # a cut thought is signed as it stands
            block["signature"] = control.sign(block["thinking"])
        full_window = "model_context_window_exceeded" if limit < full["max_tokens"] else "max_tokens"
        stop_reason = full_window if cut else reply.get("stop_reason") or (
            "tool_use" if any(b["type"] == "tool_use" for b in content) else "end_turn")
        if stop_reason not in STOP_REASONS:
            raise ValueError(f"unknown stop_reason {stop_reason!r}")
        held = {b.get("id") for m in full["messages"] if isinstance(m.get("content"), list) for b in m["content"]
                if isinstance(b, dict)}  # a conversation another client began holds its ids: never one of those again
        for block in content:
            if block["type"] == "tool_use":
                block["id"] = self.next_id("toolu")
                while block["id"] in held:
                    block["id"] = self.next_id("toolu")
                self.issued.add(block["id"])
        message = {"id": self.next_id("msg"), "type": "message", "role": "assistant",
                   "model": full["model"], "content": content, "stop_reason": stop_reason,
                   "stop_sequence": reply.get("stop_sequence") if stop_reason == "stop_sequence" else None,
                   "usage": {**usage, "output_tokens": limit if cut else  # the budget spent
                             min(tokens.output_tokens(content), limit)}}
        if reply.get("stop_details"):
            message["stop_details"] = reply["stop_details"]
        if stop_reason == "pause_turn":
            self.paused.append(_key({"content": content}))
        return self._omit(message, full)

    def _omit(self, message: dict, full: dict) -> dict:
        """Thinking omitted where `display` (else the model's default) says so; `_restore` puts it back."""
        thinking = full.get("thinking") or {}
        if (thinking.get("display") or models.row(full["model"]).display) != "omitted":
            return message
        for block in message["content"]:
            if block["type"] == "thinking" and block["thinking"]:
                self.thoughts[block["signature"]] = block["thinking"]
                block["thinking"] = ""
        while len(self.thoughts) > KEEP:
            del self.thoughts[next(iter(self.thoughts))]
        return message

    def _restore(self, messages: list) -> list:
        """`messages` with omitted thoughts put back, as the API reads them from the signature."""
        def block(b):
            known = isinstance(b, dict) and b.get("type") == "thinking" and not b.get("thinking")
            return {**b, "thinking": self.thoughts.get(b.get("signature"), "")} if known else b
        return [{**m, "content": [block(b) for b in m["content"]]} if isinstance(m.get("content"), list)
                else m for m in messages]


def _decoded(content: bytes, encoding: str | None) -> tuple[bytes, Problem | None]:
    """The body read as its Content-Encoding says (gzip, deflate, several in turn, or none), or why it cannot be: a
    Problem with the API's error_code, also when it decodes past the 32 MB limit (it stops reading there)."""
    for name in reversed([n.strip().lower() for n in (encoding or "").split(",") if n.strip()]):
        if name == "identity":
            continue
        if name not in ENCODINGS:
            return content, Problem(f"content-encoding: {name!r} is not supported; send the body uncompressed, or "
                                    "compressed with gzip or deflate", error_code="request_body_encoding_unsupported")
        content, problem = _inflate(content, name)
        if problem:
            return content, problem
    return content, None


def _inflate(data: bytes, name: str) -> tuple[bytes, Problem | None]:
    """`data` decoded as the encoding `name` says (gzip: a series of members, RFC 1952 2.2), or why it cannot be. Fed a
    kB at a time, so that a body of many tiny members is not copied again after each one."""
    invalid = (f"The request body is not valid for its Content-Encoding ({name}): {{}}; compress the body as the "
               "header says, or drop the header")
    parts, size, members, inflater = [], 0, 0, zlib.decompressobj(ENCODINGS[name])
    for at in range(0, len(data), 1024):
        pending = data[at:at + 1024]
        while pending:
            if inflater.eof:  # what follows a whole stream must be another gzip member
                members += 1
                if ENCODINGS[name] != ENCODINGS["gzip"]:
                    return data, Problem(invalid.format("bytes follow the end of the compressed data"),
                                         error_code="request_body_encoding_invalid")
                inflater = zlib.decompressobj(ENCODINGS[name])
            try:
                parts.append(inflater.decompress(pending, MAX_BODY + 1 - size))
            except zlib.error as exc:
                why = f"what follows gzip member {members} is no gzip member ({exc})" if members else str(exc)
                return data, Problem(invalid.format(why), error_code="request_body_encoding_invalid")
            size += len(parts[-1])
            if size > MAX_BODY:
                return data, Problem("The compressed request body exceeds the maximum allowed number of bytes (32 MB) "
                                     "once decoded; send large files through the Files API or in smaller requests",
                                     error_code="request_body_too_large_after_decoding")
            pending = inflater.unused_data
    if not inflater.eof:
        return data, Problem(invalid.format("the compressed data ends too soon"),
                             error_code="request_body_encoding_invalid")
    return b"".join(parts), None


def _not_a_number(word: str):
    raise ValueError(f"{word} is not a JSON value (JSON has no NaN or Infinity)")


def _parse(content: bytes) -> tuple[object, str | None]:
    """(body, None), or (its text, where it breaks): a lone surrogate too, which Python's json lets pass."""
    try:
        body = json.loads(content or b"{}", parse_constant=_not_a_number)
        if b"\\u" in content:  # only an escape can hold half of a surrogate pair
            json.dumps(body, ensure_ascii=False).encode()
        return body, None
    except UnicodeEncodeError:  # before ValueError, its base class
        at = LONE.search(content)
        pos, newline = at.start() if at else 0, b"\n"
        alone = ("no low surrogate" if at.group()[3:4] in b"89abAB" else "lone low surrogate") if at else "lone surrogate"
        why = (f"{alone} in string: line {content.count(newline, 0, pos) + 1} column "
               f"{pos - content.rfind(newline, 0, pos)} (char {pos}); drop the broken character "
               "(half of an emoji, cut off when text was sliced)")
    except ValueError as exc:
        why = f"{exc}; send the request as JSON"
    except RecursionError:  # Python's json, not the API, runs out of stack here; the body is JSON all the same
        why = "too deeply nested; nest fewer lists and objects inside one another"
    return content.decode(errors="replace"), f"The request body is not valid JSON: {why}"


def _user_text(full: dict) -> str:
    """The text of the request's user turns (the task, and what followed), to tell its language."""
    return "\n".join(text_of(m["content"]) for m in full["messages"] if m["role"] == "user")


def unreachable_servers(full: dict) -> dict:
    """A reply declining `mcp_servers` in words (not a 400: the request is valid), as it runs offline."""
    names = ", ".join(f"'{s.get('name')}' ({s.get('url')})" for s in full["mcp_servers"])
    text = (f"I cannot reach MCP servers: the practice model runs offline, so it did not connect to {names} "
            "and used none of their tools. Call the server's tools from your own loop (notebook 09), "
            "or send this request to Claude with a key.")
    if french(_user_text(full)):
        text = (f"Je ne peux pas joindre de serveurs MCP : le modèle d'entraînement fonctionne hors ligne ; je ne me "
                f"suis pas connecté à {names} et n'ai utilisé aucun de leurs outils. Appelez les outils du serveur "
                "depuis votre propre boucle (notebook 09), ou envoyez cette demande à Claude avec une clé.")
    return {"content": [{"type": "text", "text": text}], "stop_reason": "end_turn"}


def _servers(full: dict) -> list[str]:
    """The names of the server tools offered (web_search, ...): the API runs them, never the client."""
    return [t["name"] for t in full.get("tools") or [] if t.get("type") not in (None, "custom") and t.get("name") in SERVER_TOOLS]


def _forced_servers(full: dict) -> list[str]:
    """The server tools tool_choice forces: the one it names, or with 'any' all, when only server tools are offered."""
    choice, servers = full.get("tool_choice") or {}, _servers(full)
    if choice.get("type") == "tool":
        return [choice.get("name")] if choice.get("name") in servers else []
    named = [t.get("name") for t in full.get("tools") or [] if t.get("name")]  # a toolset has no name
    return servers if choice.get("type") == "any" and servers and len(servers) == len(named) else []


def unrun_servers(full: dict, names: list[str]) -> dict:
    """A reply declining to call the server tools `names` (it runs offline): a refusal when tool_choice forces a call,
    as a forced tool it cannot fill gets, else a text; never a tool_use the participant's loop would have to run."""
    listed = ", ".join(names)
    text = (f"The practice model would call {listed}, a server tool that Claude's API runs itself; the practice model "
            "runs offline and runs no server tools, so it makes no call. Send this request to Claude with a key, or "
            "offer a tool of your own that your loop runs.")
    if french(_user_text(full)):
        text = (f"Le modèle d'entraînement appellerait {listed}, un outil serveur que l'API de Claude exécute elle-même ; "
                "le modèle d'entraînement fonctionne hors ligne et n'exécute aucun outil serveur, il ne fait donc aucun "
                "appel. Envoyez cette demande à Claude avec une clé, ou proposez un outil à vous que votre boucle exécute.")
    if (full.get("tool_choice") or {}).get("type") in ("any", "tool"):
        return {"content": [], "stop_reason": "refusal",
                "stop_details": {"type": "refusal", "category": None, "explanation": text}}
    return {"content": [{"type": "text", "text": text}], "stop_reason": "end_turn"}


def _block(block: dict) -> dict:
    if block["type"] == "text":
        return {"type": "text", "text": str(block["text"])}
    if block["type"] == "tool_use":
        return {"type": "tool_use", "id": "", "name": str(block["name"]), "input": dict(block.get("input") or {})}
    if block["type"] == "thinking":
        return {"type": "thinking", "thinking": block["thinking"], "signature": block["signature"]}
    raise ValueError(f"reply block of type {block['type']!r}; only text, tool_use and thinking are allowed")


def _key(message: dict) -> str:
    """What identifies a reply sent back: its blocks' types, texts and tool ids."""
    return json.dumps([[b.get("type"), b.get("text"), b.get("id")] for b in dict_blocks(message)])


def _continued(reply: dict, start: str, in_french: bool = False) -> dict:
    """The reply continuing the prefill `start`: its first text without what is already written."""
    content = list(reply["content"])
    for i, block in enumerate(content):
        if block["type"] == "text":
            text = block["text"]
            content[i] = {**block, "text": text[len(start):] if text.startswith(start) else "\n\n" + (
                "(Le modèle d'entraînement ne poursuit pas un début qu'il n'a pas écrit ; sa réponse :) " if in_french
                else "(The practice model does not go on from a start it did not write; its answer:) ") + text}
            break
    return {**reply, "content": content}
