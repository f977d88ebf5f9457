"""The practice model's reply to a task, or to the last turn of a conversation, through the real SDK: the two ways
the hunt tests ask."""

from looplab import samples
from looplab.client import MODEL, practice_client
from looplab.loop import run_agent, to_param
from looplab.tools import Toolbox


def answer(task: str, tools) -> str:
    return run_agent(practice_client(), task, tools).answer


def converse(turns: list[str], tools) -> str:
    """The practice model's reply to the last of `turns`, each sent after the replies to the ones before."""
    client, toolbox, messages = practice_client(), Toolbox(tools), []
    for turn in turns:
        messages.append({"role": "user", "content": turn})
        while True:
            reply = client.messages.create(model=MODEL, max_tokens=1024, messages=messages, tools=toolbox.to_api())
            content = [to_param(b) for b in reply.content]
            messages.append({"role": "assistant", "content": content})
            if reply.stop_reason != "tool_use":
                break
            messages.append({"role": "user", "content": [toolbox.execute(b).result for b in content
                                                         if b["type"] == "tool_use"]})
    return " ".join(b["text"] for b in content if b["type"] == "text")


def _written(folder, files: dict[str, str]):
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def documents(folder, files: dict[str, str]):
    """The docs tools over `files` (name: text) written in `folder`."""
    return samples.docs_tools(_written(folder, files))


def records(folder, files: dict[str, str]):
    """The invoice tools over `files` (name: text) written in `folder`."""
    return samples.invoice_tools(_written(folder, files))
