"""The minimal agent loop notebook 02 builds by hand; tests and benchmarks check run_agent against it."""

from __future__ import annotations


def reference_loop(client, task: str, tools, *, model: str, max_turns: int = 10,
                   max_tokens: int = 1024, system: str | None = None) -> list[dict]:
    """Run the seed's loop: tools one after another, no checks but try/except; return the history."""
    handlers = {t.name: t.handler for t in tools}
    extra = {"system": system} if system is not None else {}
    messages = [{"role": "user", "content": task}]
    turns = 0
    while turns < max_turns:
        reply = client.messages.create(model=model, max_tokens=max_tokens, messages=messages,
                                       tools=[t.to_api() for t in tools], **extra)
        turns += 1
        messages.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            break
        results = []
        for block in reply.content:
            if block.type != "tool_use":
                continue
            try:
                content, is_error = str(handlers[block.name](**block.input)), False
            except Exception as exc:
                content, is_error = f"Error: {exc}", True
            results.append({"type": "tool_result", "tool_use_id": block.id,
                            "content": content, "is_error": is_error})
        messages.append({"role": "user", "content": results})
    return messages
