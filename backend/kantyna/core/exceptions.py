"""One error shape for the whole API: `{"message": "...", "errors": {"field": ["..."]}}` (DESIGN.md §3)."""

from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext_lazy as _
from djangorestframework_camel_case.util import camelize
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

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


class ApiError(exceptions.APIException):
    """A refusal with a stable English message from the catalogue and optional field errors.

    Services raise it (or Django's ValidationError) and never build responses themselves."""

    status_code = status.HTTP_400_BAD_REQUEST

    def __init__(
        self, message: str, *, errors: dict | None = None, status_code: int | None = None, extra: dict | None = None
    ):
        super().__init__(detail=message)
        self.message = message
        self.errors = errors or {}
        # Top-level keys added to the body beside `message` and `errors` (an import's structured `rows`, say).
        self.extra = extra or {}
        if status_code is not None:
            self.status_code = status_code


def _field_errors(detail) -> dict:
    if isinstance(detail, dict):
        out = {}
        for key, value in detail.items():
            if isinstance(value, dict):
                for sub_key, sub_value in _field_errors(value).items():
                    out[f"{key}.{sub_key}"] = sub_value
            elif isinstance(value, list) and value and isinstance(value[0], dict):
                for index, item in enumerate(value):
                    for sub_key, sub_value in _field_errors(item).items():
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


def api_exception_handler(exc, context):
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(exc.message_dict if hasattr(exc, "error_dict") else exc.messages)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, RequestDataTooBig):  # a body over DATA_UPLOAD_MAX_MEMORY_SIZE
        exc = ApiError(TOO_LARGE_MESSAGE, status_code=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    elif isinstance(exc, SuspiciousOperation):  # too many form fields or files, a malformed multipart body
        exc = exceptions.ValidationError([_("The request could not be read.")])

    if isinstance(exc, ApiError):
        return Response({**error_body(exc.message, exc.errors), **exc.extra}, status=exc.status_code)

    response = exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled API error", exc_info=exc)
        return Response(error_body(GENERIC_MESSAGE), status=status.HTTP_500_INTERNAL_SERVER_ERROR)

    if isinstance(exc, exceptions.ValidationError):
        errors = _field_errors(exc.detail)
        non_field = errors.get("nonFieldErrors")
        message = non_field[0] if non_field and len(errors) == 1 else MESSAGES[400]
        response.data = error_body(message, errors)
    elif isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        response.status_code = status.HTTP_401_UNAUTHORIZED
        response.data = error_body(MESSAGES[401])
    else:
        response.data = error_body(MESSAGES.get(response.status_code, GENERIC_MESSAGE))
    return response
