"""Server-held conversations (the message-threads beta the SDK's tool runner uses), the last KEEP per transport."""

HELD_FIELDS = ("system", "tools")
KEEP = 256


class Threads:
    """The conversations one transport holds, by the id of their last reply."""

    def __init__(self):
        """Hold nothing yet."""
        self.held: dict[str, dict] = {}

    def resolve(self, body: dict) -> tuple[dict, str | None]:
        """The full request `body` stands for (a continued thread's history, system and tools first), or an error."""
        thread = body.get("thread")
        full = {k: v for k, v in body.items() if k != "thread"}
        if not isinstance(thread, dict) or thread.get("type") != "continue":
            return full, None
        previous = self.held.get(thread.get("previous_message_id"))
        if previous is None:
            return full, (f"thread: no thread ends at message '{thread.get('previous_message_id')}'"
                          "; start a new one with the whole history")
        full.update({field: previous[field] for field in HELD_FIELDS if field in previous})
        full["messages"] = [*previous["messages"], *(body.get("messages") or [])]
        return full, None

    def hold(self, body: dict, full: dict, message: dict) -> None:
        """Remember the conversation `full` + `message`, named by the message's id, if `body` asked for a thread."""
        if not isinstance(body.get("thread"), dict):
            return
        reply = {"role": "assistant", "content": message["content"]}
        kept = {field: full[field] for field in HELD_FIELDS if field in full}
        self.held[message["id"]] = {**kept, "messages": [*full["messages"], reply]}
        if len(self.held) > KEEP:
            del self.held[next(iter(self.held))]
