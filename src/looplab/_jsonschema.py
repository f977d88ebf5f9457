"""jsonschema, imported once and cheaply, a cached check that a schema is a valid JSON Schema, and its errors in
the notebook's language."""

from __future__ import annotations

import json
import sys
from functools import lru_cache

from looplab.i18n import _, language


def validator_class():
    """jsonschema's Draft 2020-12 validator class, imported on first use."""
    if "jsonschema" not in sys.modules and "rfc3987_syntax" not in sys.modules:
        # jsonschema imports the optional IRI format checker rfc3987_syntax when it is installed
        # (JupyterLab brings it); that import builds a grammar and costs seconds in every kernel.
        # We validate without format checks, so tell jsonschema it is absent.
        sys.modules["rfc3987_syntax"] = None
        try:
            import jsonschema
        finally:
            del sys.modules["rfc3987_syntax"]
    import jsonschema

    return jsonschema.Draft202012Validator


@lru_cache(maxsize=512)
def _schema_error(text: str) -> str | None:
    cls = validator_class()
    # several faults: name the shallowest, ties by place and wording (jsonschema's own order varies with the hash seed)
    found = [("/".join(map(str, e.absolute_path)), e) for e in cls(cls.META_SCHEMA).iter_errors(json.loads(text))]
    if not found:
        return None
    where, error = min(found, key=lambda f: (len(f[1].absolute_path), f[0], f[1].message))
    return f"at '{where}': {error.message}" if where else error.message


def schema_error(schema: dict) -> str | None:
    """None if `schema` is a valid JSON Schema (Draft 2020-12), else what is wrong, in one line."""
    return _schema_error(json.dumps(schema, sort_keys=True))


def message(error) -> str:
    """A jsonschema error's message in the notebook's language: jsonschema's own English, or for the checks a
    tool's input meets most (required, type, enum, extra keys, bounds) the catalogue's wording."""
    if language() == "en":
        return error.message
    kind, value, instance = error.validator, error.validator_value, error.instance
    if kind == "required":
        missing = [name for name in value if isinstance(instance, dict) and name not in instance]
        return _("{name!r} is a required property", name=missing[0]) if missing else error.message
    if kind == "type":
        return _("{value!r} is not of type {kind!r}", value=instance, kind=value)
    if kind == "enum":
        return _("{value!r} is not one of {choices!r}", value=instance, choices=value)
    if kind == "additionalProperties" and isinstance(instance, dict) and isinstance(error.schema, dict):
        extra = sorted(set(instance) - set(error.schema.get("properties", {})))
        return _("additional properties are not allowed ({names})", names=", ".join(map(repr, extra)))
    if kind in ("minimum", "maximum", "minLength", "maxLength"):
        return _("{value!r} is outside the allowed range ({kind} {limit!r})", value=instance, kind=kind, limit=value)
    return error.message
