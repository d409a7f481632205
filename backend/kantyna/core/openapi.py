"""Post-processing of the generated OpenAPI schema (SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"])."""

from __future__ import annotations

BLANK_STRING = {"type": "string", "maxLength": 0}


def blank_alternatives_as_any_of(result, generator, request, public):
    """drf-spectacular documents a blank-allowed string with a pattern or format (a post code, a URL) as
    `oneOf: [<the string>, <the empty string>]`. Where the pattern itself accepts "" (`^(\\d{2}-\\d{3})?$`),
    "" matches both and `oneOf` (exactly one) rejects the very value the API sends; `anyOf` says what is meant."""

    def walk(node):
        if isinstance(node, dict):
            alternatives = node.get("oneOf")
            if isinstance(alternatives, list) and BLANK_STRING in alternatives:
                node["anyOf"] = node.pop("oneOf")
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(result)
    return result
