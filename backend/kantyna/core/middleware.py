"""The `user-locale` header (pl or en) chooses the language of server-made texts (DESIGN.md §3)."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

SUPPORTED = {code for code, _ in settings.LANGUAGES}


class UserLocaleMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        locale = (request.headers.get("user-locale") or "").lower()[:2]
        if locale in SUPPORTED:
            translation.activate(locale)
            request.LANGUAGE_CODE = locale
        return self.get_response(request)
