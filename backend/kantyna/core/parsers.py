"""Request body parsers of the API: JSON that is an object of bounded size and depth, camelCase keys in.

Every request body of the API is a JSON object (schema.yml), so views may treat `request.data` as a mapping;
anything else is a 400 here, once, instead of a TypeError or KeyError in whichever view reads it."""

from __future__ import annotations

import json

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.utils.translation import gettext_lazy as _
from djangorestframework_camel_case.parser import CamelCaseJSONParser
from djangorestframework_camel_case.settings import api_settings
from djangorestframework_camel_case.util import underscoreize
from rest_framework.exceptions import ValidationError

# Deeper than any body the API documents (a menu import's rows are 3 levels); json.loads and underscoreize
# recurse, so a body nested thousands deep would otherwise exhaust the stack.
MAX_JSON_DEPTH = 32


def _depth_within(value, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return True


class JSONObjectParser(CamelCaseJSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        raw = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            raise RequestDataTooBig("The JSON body exceeds DATA_UPLOAD_MAX_MEMORY_SIZE.")
        try:
            data = json.loads(raw.decode(encoding))
        except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
            raise ValidationError([_("The request body is not valid JSON.")]) from None
        if not isinstance(data, dict):
            raise ValidationError([_("The request body must be a JSON object.")])
        if not _depth_within(data, MAX_JSON_DEPTH):
            raise ValidationError([_("The request body is nested too deeply.")])
        return underscoreize(data, **api_settings.JSON_UNDERSCOREIZE)
