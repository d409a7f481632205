"""Infrastructure endpoints: health for load balancers, and the SPA's index.html for client routes."""

from __future__ import annotations

import sys

from django.conf import settings
from django.db import connection
from django.http import HttpResponse, JsonResponse
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from kantyna.core.exceptions import (
    GENERIC_MESSAGE,
    JSON_PATH_PREFIXES,
    database_unavailable_response,
    error_body,
    is_database_unavailable,
)


def health(request):
    """200 while the database answers; without it `server_error` answers 503 (the tenant lookup meets it first)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})


def server_error(request):
    """handler500: an exception that escaped a view or a middleware (DRF views answer their own)."""
    exc = sys.exc_info()[1]
    if is_database_unavailable(exc):
        return database_unavailable_response(request, exc)
    if request.path.startswith(JSON_PATH_PREFIXES):
        return JsonResponse(error_body(GENERIC_MESSAGE), status=500)
    return defaults.server_error(request)


@never_cache
def spa_index(request, *args, **kwargs):
    """Every client-side route answers the built index.html; the router in the browser takes over."""
    index = settings.FRONTEND_DIST / "index.html"
    if not index.exists():
        return HttpResponse(
            "The web app is not built yet: run `make run` (or `npm run build` in frontend/).",
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    return HttpResponse(index.read_bytes(), content_type="text/html; charset=utf-8")


@csrf_exempt  # an unknown API path is a 404 in the error shape whatever the method, not a CSRF page
def api_not_found(request, *args, **kwargs):
    return JsonResponse({"message": "Not found.", "errors": {}}, status=404)
