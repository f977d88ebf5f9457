"""Exercises of notebook 09: an MCP server's tools as tool definitions; a tool_use routed to the server.

Each check starts an MCP server of its own (a price list) in the same process, and a scripted
practice model that calls its tools, then sends your definitions and your tool results back
to the API, which validates them as Claude would.
"""

from __future__ import annotations

import inspect
import threading

import anthropic
import jsonschema

from looplab.client import MODEL, practice_client
from looplab.exercises import Exercise
from looplab.i18n import N_, _
from looplab.practice import call, calls

PRICES = {"tea": "4.50 EUR", "coffee": "6.20 EUR"}
QUESTION = "What do tea and cake cost?"


def price_server():
    """A small MCP server: `list_products` and `price(product, currency='EUR')`."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ToolError

    server = MCPServer("prices", log_level="WARNING")

    @server.tool()
    def list_products() -> str:
        """List the products, one name per line."""
        return "\n".join(PRICES)

    @server.tool()
    def price(product: str, currency: str = "EUR") -> str:
        """Return the price of one product.

        Args:
            product: Product name as list_products shows it, e.g. tea.
            currency: Currency code; only EUR is known.
        """
        if product not in PRICES or currency != "EUR":
            raise ToolError(f"no price for {product!r} in {currency}; known products: {', '.join(PRICES)}")
        return PRICES[product]

    return server


GLOSSARY = {"error": "Error: what a program reports when something went wrong (a word of this glossary)."}
SEE_ALSO = "See also: exception, failure."  # a second text block: a result may hold several


def glossary_server():
    """A second small MCP server, `define(word)`: an answer may speak of errors when nothing failed, and a
    failure (a result with is_error set, as any server may send) need not."""
    from mcp.server.mcpserver import MCPServer
    from mcp_types import CallToolResult, TextContent

    server = MCPServer("glossary", log_level="WARNING")

    @server.tool()
    def define(word: str):
        """Return the glossary's definition of one word.

        Args:
            word: The word, e.g. error.
        """
        if word not in GLOSSARY:
            return CallToolResult(content=[TextContent(type="text", text=f"{word!r} is not in the glossary")],
                                  is_error=True)
        return [TextContent(type="text", text=GLOSSARY[word]), TextContent(type="text", text=SEE_ALSO)]

    return server


def _unwrap(exc: BaseException) -> BaseException:
    """The one exception inside (nested) exception groups, as a task group raises it."""
    while isinstance(getattr(exc, "exceptions", None), tuple) and len(exc.exceptions) == 1:
        exc = exc.exceptions[0]
    return exc


def in_thread(function):
    """Run the async `function()` in an event loop of its own, on a thread: the kernel's loop is busy
    running the cell that called the check, so the check cannot await there."""
    import anyio

    box = {}

    def target():
        try:
            box["value"] = anyio.run(function)
        except BaseException as exc:  # handed back to the caller's thread
            box["error"] = _unwrap(exc)

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(60)
    if worker.is_alive():
        raise AssertionError(_("your code did not finish within 60 s; is something waiting forever?"))
    if "error" in box:
        raise box["error"]
    return box.get("value")


async def _listed_tools():
    from mcp import Client

    async with Client(price_server()) as session:
        return (await session.list_tools()).tools


def _expected(tools) -> list[dict]:
    return [{"name": t.name, "description": t.description, "input_schema": t.input_schema} for t in tools]


def test_to_definitions(to_definitions) -> str:
    """to_definitions(tools) gives one API tool definition per MCP tool, which the API accepts."""
    if not callable(to_definitions):
        raise AssertionError(_("pass your function itself: ex09.to_definitions.check(to_definitions)"))
    tools = in_thread(_listed_tools)
    got = to_definitions(tools)
    if not isinstance(got, list) or not all(isinstance(d, dict) for d in got):
        inside = sorted({type(d).__name__ for d in got}) if isinstance(got, list) else "?"
        raise AssertionError(_("to_definitions returned {kind} of {inside}; return a list with one dict per tool",
                               kind=type(got).__name__, inside=inside))
    if len(got) != len(tools):
        raise AssertionError(_("the server has {tools} tools and you returned {got} definitions",
                               tools=len(tools), got=len(got)))
    again = to_definitions(tools)
    if not isinstance(again, list) or len(again) != len(tools):
        raise AssertionError(_("called a second time, as mcp_loop does on each run, to_definitions returned {got} "
                               "definitions for {tools} tools; build a new list in each call (a default list kept "
                               "between calls grows)", got=len(again) if isinstance(again, list) else "?",
                               tools=len(tools)))
    client = practice_client(script=[call("price", product="tea"), "Tea costs 4.50 EUR."])
    try:
        reply = client.messages.create(model=MODEL, max_tokens=300, tools=got,
                                       messages=[{"role": "user", "content": "What does tea cost?"}])
    except anthropic.BadRequestError as exc:
        raise AssertionError(_("the API refused your definitions: {error}; each one is "
                               "{{'name': ..., 'description': ..., 'input_schema': ...}}",
                               error=exc.body["error"]["message"] if isinstance(exc.body, dict) else exc)) from None
    _same_as_server(got, tools)
    odd = _odd_tools()
    mine = to_definitions(odd)
    if not isinstance(mine, list) or len(mine) != len(odd):
        raise AssertionError(_("for {n} tools, one with a title and one with no description, you returned {got} "
                               "definitions; return one for every tool, whatever fields it has", n=len(odd),
                               got=len(mine) if isinstance(mine, list) else type(mine).__name__))
    _same_as_server(mine, odd)
    block = next(b for b in reply.content if b.type == "tool_use")
    schema = next(d["input_schema"] for d in got if d["name"] == block.name)
    jsonschema.validate(block.input, schema)
    return _("{n} definitions the API accepts; the model's call {name}({input}) fits the server's own schema.",
             n=len(got), name=block.name, input=block.input)


def _odd_tools() -> list:
    """Tools the check's server does not have: one with a title (its own and its annotations') besides its
    description, one with no description."""
    from mcp_types import Tool, ToolAnnotations

    return [Tool(name="price", title="Price lookup", description="Return the price of one product in EUR.",
                 annotations=ToolAnnotations(title="Price lookup"),
                 input_schema={"type": "object", "properties": {"product": {"type": "string"}}}),
            Tool(name="list_products", input_schema={"type": "object", "properties": {}})]


def _same_as_server(got: list, tools) -> None:
    """Each tool has a definition of its name whose description and input_schema are the tool's own."""
    by_name = {d.get("name"): d for d in got if isinstance(d, dict)}  # the API reads tools by name: any order is right
    for want in _expected(tools):
        have = by_name.get(want["name"])
        if have is None:
            raise AssertionError(_("no definition is named {name!r} (yours: {yours}); copy tool.name as it is "
                                   "(the model chooses and fills a tool by them)", name=want["name"],
                                   yours=sorted(map(str, by_name))))
        for key in ("description", "input_schema"):
            if key not in have:
                raise AssertionError(_("the definition of {name!r} has no {key!r}; copy tool.{key} as it is "
                                       "(the model chooses and fills a tool by it)", name=want["name"], key=key))
            if have.get(key) != want[key]:
                raise AssertionError(_("the definition of {name!r} has {key} {have!r}, not the server's {want!r}: "
                                       "copy tool.{key} as it is (the model chooses and fills a tool by them)",
                                       name=want["name"], key=key, have=have.get(key), want=want[key]))


async def _route_run(route):
    from mcp import Client

    async with Client(price_server()) as session:
        definitions = _expected((await session.list_tools()).tools)
        client = practice_client(script=[calls(call("price", product="tea"), call("price", product="cake")),
                                         "Tea costs 4.50 EUR; I found no price for cake."])
        first = [{"role": "user", "content": QUESTION}]
        reply = client.messages.create(model=MODEL, max_tokens=300, tools=definitions, messages=first)
        results = []
        for block in (b for b in reply.content if b.type == "tool_use"):
            result = route(block, session)
            if not inspect.isawaitable(result):
                raise AssertionError(_("route returned without awaiting the server: write `async def route(block, "
                                       "session)` and `await session.call_tool(...)` inside"))
            results.append(await result)
        _check_shapes([b for b in reply.content if b.type == "tool_use"], results)
        history = first + [{"role": "assistant", "content": reply.content}, {"role": "user", "content": results}]
        try:
            client.messages.create(model=MODEL, max_tokens=300, tools=definitions, messages=history)
        except anthropic.BadRequestError as exc:
            raise AssertionError(_("the API refused your tool results: {error}",
                                   error=exc.body["error"]["message"] if isinstance(exc.body, dict) else exc)) from None
        return reply, results


async def _glossary_run(route):
    """route's tool_results for define('error'), which works, and define('cake'), which fails."""
    from anthropic.types import ToolUseBlock
    from mcp import Client

    blocks = [ToolUseBlock(id=f"toolu_define_{word}", name="define", input={"word": word}, type="tool_use")
              for word in ("error", "cake")]
    async with Client(glossary_server()) as session:
        results = [await route(block, session) for block in blocks]
    _check_shapes(blocks, results)
    return results


def _check_shapes(blocks, results) -> None:
    """Each result is a tool_result dict answering its block's id (checked before the API sees them)."""
    for block, result in zip(blocks, results, strict=True):
        if not isinstance(result, dict) or result.get("type") != "tool_result":
            raise AssertionError(_("route returned {kind}; return a dict "
                                   "{{'type': 'tool_result', 'tool_use_id': ..., 'content': ..., 'is_error': ...}}",
                                   kind=type(result).__name__))
        if result.get("tool_use_id") != block.id:
            raise AssertionError(_("tool_use_id is {got!r}; use block.id ({want!r})", got=result.get("tool_use_id"),
                                   want=block.id))


def _text(content) -> str:
    if isinstance(content, str):
        return content
    return "".join(b.get("text", "") for b in content if isinstance(b, dict))


def test_route(route) -> str:
    """route(block, session) calls the server and returns the tool_result the API expects, errors flagged."""
    if not callable(route):
        raise AssertionError(_("pass your function itself: ex09.route.check(route)"))
    _reply, results = in_thread(lambda: _route_run(route))
    tea, cake = (_text(r.get("content", "")) for r in results)
    if tea != PRICES["tea"] and "object has no attribute" in tea:
        raise AssertionError(_("for price(tea) you sent {sent!r}, though the server said '4.50 EUR': your code "
                               "read a field the result does not have, and its try/except sent that error as the "
                               "result; the fields are snake_case (result.content, result.is_error), and a bare "
                               "except Exception hides such a mistake", sent=tea[:80]))
    if tea != PRICES["tea"]:
        what = (_("not result.structured_content, which is the answer as data") if "result" in tea
                else _("not the objects"))
        raise AssertionError(_("for price(tea) you sent {sent!r}; the server said '4.50 EUR': send the text "
                               "of the result's content blocks (block.text), {what}", sent=tea[:80], what=what))
    if results[1].get("is_error") is not True:
        raise AssertionError(_("price(cake) failed on the server (result.is_error was True) but your tool_result does not "
                               "say so: pass 'is_error': result.is_error on, so the model knows it failed"))
    if "no price for 'cake'" not in cake:  # the server's own words (a tool's output): never translated
        raise AssertionError(_("for price(cake) you sent {sent!r}; send the server's error text, it says what went wrong",
                               sent=cake[:80]))
    if results[0].get("is_error"):
        raise AssertionError(_("price(tea) worked, yet your tool_result says is_error: True"))
    word, cake = in_thread(lambda: _glossary_run(route))
    if word.get("is_error"):
        raise AssertionError(_("on a second server, define('error') worked (result.is_error was False) and "
                               "answered {text!r}, yet your tool_result says is_error: True: the text of an answer "
                               "does not tell whether the call failed; pass result.is_error on",
                               text=GLOSSARY["error"]))
    sent = _text(word.get("content", ""))
    if GLOSSARY["error"] not in sent or SEE_ALSO not in sent:
        raise AssertionError(_("on a second server, define('error') answered in two text blocks, {first!r} and "
                               "{second!r}, and you sent {sent!r:.120}: join the .text of every text block of "
                               "result.content, not only the first", first=GLOSSARY["error"], second=SEE_ALSO,
                               sent=sent))
    if cake.get("is_error") is not True:
        raise AssertionError(_("on a second server, define('cake') failed (result.is_error was True), yet your "
                               "tool_result does not say so: the text of an answer does not tell whether the call "
                               "failed; pass result.is_error on"))
    return _("both calls reached the server; the API took your two tool_results, the failed one flagged is_error.")


to_definitions = Exercise(
    N_("Exercise 9.1 — MCP tools as tool definitions"),
    test_to_definitions,
    N_("Each MCP tool has .name, .description and .input_schema (snake_case in mcp 2.x): build one dict with "
       "exactly those three keys per tool."),
    N_("def to_definitions(tools):\n"
       '    """Tool definitions for the Messages API, one per MCP tool."""\n'
       '    return [{"name": t.name, "description": t.description, "input_schema": t.input_schema}\n'
       "            for t in tools]"),
)

route = Exercise(
    N_("Exercise 9.2 — route a tool_use to the server"),
    test_route,
    N_("await session.call_tool(block.name, block.input); join the .text of its content blocks, and copy "
       "result.is_error into the tool_result."),
    N_("async def route(block, session):\n"
       '    """Call the MCP server for one tool_use block; return its tool_result."""\n'
       "    result = await session.call_tool(block.name, block.input)\n"
       '    text = "\\n".join(c.text for c in result.content if c.type == "text")\n'
       '    return {"type": "tool_result", "tool_use_id": block.id, "content": text,\n'
       '            "is_error": result.is_error}'),
)
