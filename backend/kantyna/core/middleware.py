"""The project's request middleware: the language of server-made texts, and the refusal of query strings holding
control characters (QueryStringTextMiddleware).

Language of server-made texts (sign-in pages, e-mails, PDFs): API calls say it in the `user-locale` header (DESIGN.md §3). Pages follow the `locale` cookie that the SPA
and the sign-in site's language links set; otherwise the tenant's locale, otherwise Polish. The browser's
Accept-Language is ignored on purpose: the product's default is Polish (spec §9)."""

from __future__ import annotations

from django.conf import settings
from django.http import JsonResponse
from django.utils import translation

from kantyna.core.exceptions import MESSAGES, error_body
from kantyna.core.validators import SINGLE_LINE_TEXT

SUPPORTED = {code for code, _ in settings.LANGUAGES}
COOKIE_MAX_AGE = 7 * 24 * 3600  # spec: the locale cookie lasts 7 days


def _supported(value: str | None) -> str | None:
    value = (value or "").lower()[:2]
    return value if value in SUPPORTED else None


class UserLocaleMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = _supported(request.GET.get("lang"))
        tenant = getattr(request, "tenant", None)
        locale = (
            _supported(request.headers.get("user-locale"))
            or chosen
            or _supported(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))
            or _supported(getattr(tenant, "locale", None))
            or settings.LANGUAGE_CODE
        )
        translation.activate(locale)
        request.LANGUAGE_CODE = locale
        response = self.get_response(request)
        if chosen:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                chosen,
                max_age=COOKIE_MAX_AGE,
                samesite="Lax",
                secure=request.is_secure(),
            )
        response.headers.setdefault("Content-Language", locale)
        return response


class QueryStringTextMiddleware:
    """A query string whose values hold control or invisible characters is refused with a 400 in the API's error
    shape, one entry per bad parameter, before any view runs: search and filter values reach SQL (PostgreSQL
    refuses NUL in a string, which used to surface as a 500) and come back in exports. A query value is one line,
    so tabs and line breaks are refused too. Placed after UserLocaleMiddleware, so the messages are translated."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        errors = {}
        for name, values in request.GET.lists():
            problem = next(filter(None, map(SINGLE_LINE_TEXT.problem, values)), None)
            if problem is not None:
                errors[name] = [str(problem)]
        if errors:
            return JsonResponse(error_body(MESSAGES[400], errors), status=400)
        return self.get_response(request)
