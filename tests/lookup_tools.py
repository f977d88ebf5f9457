"""A participant's one-key lookup tool, made from a function of the key: the shape hunts try most."""

import inspect
import json

from looplab.tools import tool


def lookup_tool(name: str, param: str, answer):
    """A tool `name(param)` whose result for a key is `answer(key)` (a dict or list is sent as JSON)."""

    def fn(**given) -> str:
        found = answer(given[param])
        return found if isinstance(found, str) or found is None else json.dumps(found)

    fn.__name__, fn.__doc__ = name, f"Get one record by its {param} and return it.\n\n    Args:\n        {param}: e.g. X-1.\n    "
    fn.__annotations__ = {param: str, "return": str}
    fn.__signature__ = inspect.Signature([inspect.Parameter(param, inspect.Parameter.KEYWORD_ONLY, annotation=str)],
                                         return_annotation=str)
    return tool(fn)
