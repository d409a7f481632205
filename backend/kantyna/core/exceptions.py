"""One error shape for the whole API: `{"message": "...", "errors": {"field": ["..."]}}` (DESIGN.md §3).

A lost database answers 503 with Retry-After wherever it is met (`database_unavailable_response`): in a DRF
view through `api_exception_handler`, anywhere else (middleware, plain views) through `server_error`, the
urlconfs' handler500."""

from __future__ import annotations

import logging

import psycopg
from django import db
from django.http import HttpResponse, JsonResponse
from djangorestframework_camel_case.util import camelize
from rest_framework import exceptions, status

logger = logging.getLogger(__name__)

MESSAGES = {
    status.HTTP_400_BAD_REQUEST: "The given data was invalid.",
    status.HTTP_401_UNAUTHORIZED: "Unauthenticated.",
    status.HTTP_403_FORBIDDEN: "Forbidden.",
    status.HTTP_404_NOT_FOUND: "Not found.",
    status.HTTP_405_METHOD_NOT_ALLOWED: "Method not allowed.",
    status.HTTP_413_REQUEST_ENTITY_TOO_LARGE: "The file is too large.",
    status.HTTP_415_UNSUPPORTED_MEDIA_TYPE: "Unsupported media type.",
    status.HTTP_429_TOO_MANY_REQUESTS: "Too many attempts. Please try again later.",
}
GENERIC_MESSAGE = "Error occured while processing your request."
TOO_LARGE_MESSAGE = "The request is too large."
IN_USE_MESSAGE = "This record is in use and cannot be deleted."
UNAVAILABLE_MESSAGE = "Service temporarily unavailable. Please try again in a moment."
# A database restart takes seconds; clients (and the SPA's query retries) come back after this many.
RETRY_AFTER_SECONDS = 5
# Errors of a connection that is gone, refused or broken (PostgreSQL restarting, network): Django's wrappers and
# the driver's own, which code outside the ORM raises (Procrastinate's connector wraps them as their cause).
CONNECTION_ERRORS = (db.OperationalError, db.InterfaceError, psycopg.OperationalError, psycopg.InterfaceError)
JSON_PATH_PREFIXES = ("/api/", "/sso/api")
UNAVAILABLE_PAGE = (
    "<!doctype html><html lang=pl><meta charset=utf-8><title>Kantyna</title>"
    "<body style='font-family:sans-serif;text-align:center;padding:4rem'>"
    "<h1>Chwilowa przerwa / Temporarily unavailable</h1>"
    "<p>Serwis jest chwilowo niedostępny. Spróbuj ponownie za chwilę.<br>"
    "Service temporarily unavailable. Please try again in a moment.</p>"
    "</body></html>"
)


class ApiError(exceptions.APIException):
    """A refusal of the API layer itself (a parser, a view) with a stable English message and optional field
    errors. Services raise `kantyna.core.errors.DomainError` instead, which the handler turns into one of these
    through the error table (`kantyna/core/api/errors.py`)."""

    status_code = status.HTTP_400_BAD_REQUEST

    def __init__(
        self,
        message: str,
        *,
        errors: dict | None = None,
        status_code: int | None = None,
        extra: dict | None = None,
        headers: dict | None = None,
    ):
        super().__init__(detail=message)
        self.message = message
        self.errors = errors or {}
        # Top-level keys added to the body beside `message` and `errors` (an import's structured `rows`, say).
        self.extra = extra or {}
        # Response headers: `Retry-After` of a 429.
        self.headers = headers or {}
        if status_code is not None:
            self.status_code = status_code


def field_errors(detail) -> dict:
    if isinstance(detail, dict):
        out = {}
        for key, value in detail.items():
            if isinstance(value, dict):
                for sub_key, sub_value in field_errors(value).items():
                    out[f"{key}.{sub_key}"] = sub_value
            elif isinstance(value, list) and value and isinstance(value[0], dict):
                for index, item in enumerate(value):
                    for sub_key, sub_value in field_errors(item).items():
                        out[f"{key}.{index}.{sub_key}"] = sub_value
            else:
                out[key] = [str(item) for item in (value if isinstance(value, list) else [value])]
        return out
    if isinstance(detail, list):
        return {"nonFieldErrors": [str(item) for item in detail]}
    return {}


def _camel_path(key: str) -> str:
    return ".".join(next(iter(camelize({part: 0}))) if not part.isdigit() else part for part in key.split("."))


def error_body(message: str, errors: dict | None = None) -> dict:
    return {"message": message, "errors": {_camel_path(k): v for k, v in (errors or {}).items()}}


def is_database_unavailable(exc: BaseException | None) -> bool:
    """Whether `exc`, or an exception it was raised from (`raise ... from`), is a lost database connection.

    Only explicit causes are followed: an error raised while handling one (a refusal after a lock timeout,
    say) is that error, not an outage."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, CONNECTION_ERRORS):
            return True
        seen.add(id(exc))
        exc = exc.__cause__
    return False


def unavailable_response(request, retry_after: int) -> HttpResponse:
    """503 with Retry-After: the error shape for API paths, a short bilingual page elsewhere. Not logged by Django
    (its callers log in one line or not at all, instead of a server error with a traceback per request)."""
    if request.path.startswith(JSON_PATH_PREFIXES):
        response = JsonResponse(error_body(UNAVAILABLE_MESSAGE), status=status.HTTP_503_SERVICE_UNAVAILABLE)
    else:
        response = HttpResponse(UNAVAILABLE_PAGE, status=status.HTTP_503_SERVICE_UNAVAILABLE)
    response["Retry-After"] = str(retry_after)
    response._has_been_logged = True
    return response


def database_unavailable_response(request, exc: BaseException | None = None) -> HttpResponse:
    """503 with Retry-After: the database is gone for seconds (a restart, a failover)."""
    logger.warning("Database unavailable, answering 503 to %s %s: %s", request.method, request.path, exc)
    return unavailable_response(request, RETRY_AFTER_SECONDS)
