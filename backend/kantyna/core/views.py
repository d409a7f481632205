"""Infrastructure endpoints: health for load balancers, and the SPA's index.html for client routes."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt


def health(request):
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:  # noqa: BLE001 - any database failure means unhealthy
        return JsonResponse({"status": "unavailable"}, status=503)
    return JsonResponse({"status": "ok"})


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
