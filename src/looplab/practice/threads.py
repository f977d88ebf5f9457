"""Server-held conversations (the message-threads beta the SDK's tool runner uses), the last KEEP per transport."""

import re

from looplab.practice.responses import Problem

BETA = "message-threads-2026-08-12"
HELD_FIELDS = ("system", "tools")  # kept from the create; a continue may leave them out or repeat them unchanged
UNSUPPORTED = ("cache_control", "context_management", "fallbacks", "thinking")  # the request fields of the SDK's
KEEP = 256  # ThreadUnsupportedFeatureName, in its order (the others are organization settings)


def unsupported(body: dict) -> list[str]:
    """The request fields of `body` that threads do not support (thinking turned off is no thinking)."""
    return [field for field in UNSUPPORTED if body.get(field)
            and not (field == "thinking" and body["thinking"].get("type") == "disabled")]


def as_sent(problem, held: int):
    """A problem found in a continued thread's whole conversation, with its message numbers as the request sent them
    (the `held` messages of the thread come first); one inside the held history keeps the conversation's number."""
    if not problem or not held:
        return problem

    def shift(found: re.Match) -> str:
        number = int(found[2]) - held
        return f"messages{found[1]}{number if number >= 0 else found[2]}"
    pattern = r"messages(\[|\.)(\d+)"
    details = dict(getattr(problem, "details", None) or {})
    if "paths" in details:
        details["paths"] = [re.sub(pattern, shift, path) for path in details["paths"]]
    return Problem(re.sub(pattern, shift, problem), **details)


class Threads:
    """The conversations one transport holds, by the id of their last reply."""

    def __init__(self):
        """Hold nothing yet."""
        self.held: dict[str, dict] = {}

    def resolve(self, body: dict, betas=()) -> tuple[dict, Problem | None]:
        """The full request `body` stands for (a continued thread's history, system and tools first), or why not: a
        Problem whose `details` carry the API's error_code (thread_not_found is a 404, the others a 400)."""
        thread = body.get("thread")
        full = {k: v for k, v in body.items() if k != "thread"}
        if thread is None:
            return full, None
        if BETA not in betas:
            return full, Problem(f"thread: unknown field (Extra inputs are not permitted); message threads need the "
                                 f"beta '{BETA}'; pass betas=['{BETA}']")
        if fields := unsupported(body):
            return full, Problem(f"thread: message threads do not support {', '.join(fields)}; send the full "
                                 "conversation without `thread`, or leave those fields out",
                                 error_code="thread_unsupported_request", unsupported=fields)
        if thread.get("type") != "continue":
            return full, None
        previous = self.held.get(thread.get("previous_message_id"))
        if previous is None:
            return full, Problem(f"thread: no thread ends at message '{thread.get('previous_message_id')}'; start a "
                                 "new one with the whole history", error_code="thread_not_found")
        if changed := [field for field in HELD_FIELDS if field in body and body[field] != previous.get(field)]:
            return full, Problem(f"thread: {' and '.join(changed)} {'differ' if changed[1:] else 'differs'} from "
                                 "the value stored with the thread; send the stored value (or leave it out), or "
                                 "replay the full conversation with thread {'type': 'create'} to change it",
                                 error_code="thread_fingerprint_mismatch")
        if previous["continued"]:
            return full, Problem(f"thread.previous_message_id: message '{thread['previous_message_id']}' has already "
                                 "been continued, and each response can be continued only once; continue from the "
                                 "thread's most recent response id", error_code="thread_already_continued")
        full.update({field: previous[field] for field in HELD_FIELDS if field in previous})
        full["messages"] = [*previous["messages"], *(body.get("messages") or [])]
        return full, None

    def hold(self, body: dict, full: dict, message: dict) -> None:
        """Remember the conversation `full` + `message`, named by the message's id, if `body` asked for a thread (and
        mark the reply it continued as continued)."""
        thread = body.get("thread")
        if not isinstance(thread, dict):
            return
        if thread.get("previous_message_id") in self.held:
            self.held[thread["previous_message_id"]]["continued"] = True
        reply = {"role": "assistant", "content": message["content"]}
        kept = {field: full[field] for field in HELD_FIELDS if field in full}
        # a compaction's block stands in place of the messages it summarises: the thread goes on from it
        history = [] if message["stop_reason"] == "compaction" else full["messages"]
        self.held[message["id"]] = {**kept, "messages": [*history, reply], "continued": False}
        if len(self.held) > KEEP:
            del self.held[next(iter(self.held))]
