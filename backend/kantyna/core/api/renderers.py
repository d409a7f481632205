"""The API's renderer: camelCase keys (djangorestframework-camel-case), except for bodies built camelCase already."""

from __future__ import annotations

from djangorestframework_camel_case.render import CamelCaseJSONRenderer
from djangorestframework_camel_case.util import camelize
from rest_framework.renderers import JSONRenderer


class Camelized(dict):
    """A response body built with camelCase keys already: the renderer sends it as it is. For large bodies (a
    calendar month of several subjects, a report of thousands of rows) the renderer's walk re-creating every
    dict to rename its keys was the largest cost of the call."""


class CamelizedAwareRenderer(CamelCaseJSONRenderer):
    """The project's camelCase renderer, except for `Camelized` bodies, rendered as built."""

    def render(self, data, *args, **kwargs):
        if isinstance(data, Camelized):
            return JSONRenderer.render(self, data, *args, **kwargs)
        return super().render(data, *args, **kwargs)


def camel_keys(serializer_class) -> dict[str, str]:
    """The renderer's camelCase name of each of the serializer's fields, computed once: rows built with them match
    what the serializer and the renderer would send."""
    names = list(serializer_class().fields)
    return dict(zip(names, camelize(dict.fromkeys(names)), strict=True))
