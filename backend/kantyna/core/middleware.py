"""Language of server-made texts (sign-in pages, e-mails, PDFs).

API calls say it in the `user-locale` header (DESIGN.md §3). Pages follow the `locale` cookie that the SPA
and the sign-in site's language links set; otherwise the tenant's locale, otherwise Polish. The browser's
Accept-Language is ignored on purpose: the product's default is Polish (spec §9)."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

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
