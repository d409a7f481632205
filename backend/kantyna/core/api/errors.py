"""The one table from a domain error's code to what the API answers: HTTP status, message and the text shown
under the field (`kantyna/core/errors.py` says what services raise).

`message` is the body's top-level `message`; `detail` the text under `errors[field]` when the error names a
field (the message itself when no detail is given). Both are formatted with the error's params (`%(name)s`);
dates there read as d.m.Y. Texts wrapped in `_` are translated into the request's language; the others are
stable English the clients match on. Every code raised in the source has a row here and every row is raised
(`kantyna/core/tests/test_error_table.py`)."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from rest_framework import status

from kantyna.core.errors import DomainError
from kantyna.core.exceptions import IN_USE_MESSAGE, MESSAGES, ApiError

INVALID = MESSAGES[status.HTTP_400_BAD_REQUEST]


@dataclass(frozen=True)
class Refusal:
    status: int
    message: object
    detail: object = None
    # Response headers computed from the params (a 429's Retry-After).
    headers: Callable[[Mapping], dict] | None = None


def _invalid(detail) -> Refusal:
    """The common case: 400 "The given data was invalid." with `detail` under the field."""
    return Refusal(status.HTTP_400_BAD_REQUEST, INVALID, detail)


def _in_use(detail=None) -> Refusal:
    return Refusal(status.HTTP_409_CONFLICT, IN_USE_MESSAGE, detail)


ERRORS: dict[str, Refusal] = {
    "record.in_use": _in_use(),
    # catalog
    "meal_type.portion_size_priced": _invalid(_("A price list still sells this meal type in a removed portion size.")),
}


def _param(value):
    if isinstance(value, datetime.date):
        return date_format(value, "d.m.Y")
    return value


def _text(template, params: Mapping) -> str:
    if not params:
        return str(template)
    return str(template) % {name: _param(value) for name, value in params.items()}


def as_api_error(error: DomainError) -> ApiError:
    """The refusal `error` stands for, in the spec's error shape."""
    refusal = ERRORS[error.code]
    errors: dict[str, list[str]] = {}
    if error.field is not None:
        errors[error.field] = [_text(refusal.detail or refusal.message, error.params)]
    for problem in error.problems:
        rule = ERRORS[problem.code]
        errors.setdefault(problem.field, []).append(_text(rule.detail or rule.message, problem.params))
    return ApiError(
        _text(refusal.message, error.params),
        errors=errors,
        status_code=refusal.status,
        extra=error.extra,
        headers=refusal.headers(error.params) if refusal.headers else None,
    )
