"""Selects the tenant schema from the first label of the host (DESIGN.md §2).

`demo.kantyna.pl` → tenant `demo`; `localhost` / `127.0.0.1` → DEFAULT_TENANT; reserved labels
(auth, www, api, admin) → the public schema with the sign-in site. An unknown label answers 404:
JSON for the API, a plain page otherwise. X-Forwarded-Host is trusted only when configured.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.db import connection
from django.http import HttpResponseNotFound, JsonResponse
from django.urls import set_urlconf

from kantyna.tenancy.selectors import tenant_active_by_slug

LOCAL_HOSTS = {"localhost", "127.0.0.1", "testserver"}


def tenant_label(hostname: str) -> str | None:
    """The tenant label of a host name, or None for the public site."""
    if hostname in LOCAL_HOSTS or hostname == settings.BASE_DOMAIN:
        return settings.DEFAULT_TENANT
    label = hostname.split(".", 1)[0]
    if label in settings.RESERVED_TENANT_LABELS:
        return None
    return label


class TenantFromHostMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        connection.set_schema_to_public()
        try:
            hostname = request.get_host().split(":", 1)[0].lower()
        except DisallowedHost:
            return HttpResponseNotFound("Unknown host.", content_type="text/plain")
        label = tenant_label(hostname)
        if label is None:
            request.tenant = None
            request.urlconf = settings.PUBLIC_SCHEMA_URLCONF
            set_urlconf(request.urlconf)
            return self.get_response(request)
        tenant = tenant_active_by_slug(label)  # kept per process a few seconds: no query on most requests
        if tenant is None:
            return unknown_tenant_response(request)
        tenant.domain_url = hostname
        request.tenant = tenant
        connection.set_tenant(tenant)
        request.urlconf = settings.ROOT_URLCONF
        set_urlconf(request.urlconf)
        return self.get_response(request)


def unknown_tenant_response(request):
    if request.path.startswith("/api/"):
        return JsonResponse({"message": "Not found.", "errors": {}}, status=404)
    return HttpResponseNotFound(
        "<!doctype html><html lang=pl><meta charset=utf-8><title>Kantyna</title>"
        "<body style='font-family:sans-serif;text-align:center;padding:4rem'>"
        "<h1>Nie znaleziono / Not found</h1>"
        "<p>Pod tym adresem nie działa żadna firma cateringowa.<br>No catering company runs at this address.</p>"
        "</body></html>"
    )
