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
from django.utils.translation import ngettext_lazy
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


def _conflict(message, detail=None) -> Refusal:
    return Refusal(status.HTTP_409_CONFLICT, message, detail)


def _in_use(detail=None) -> Refusal:
    return Refusal(status.HTTP_409_CONFLICT, IN_USE_MESSAGE, detail)


ERRORS: dict[str, Refusal] = {
    "record.in_use": _in_use(),
    # catalog
    "meal_type.portion_size_priced": _invalid(_("A price list still sells this meal type in a removed portion size.")),
    # institutions
    "district.in_use": _conflict("This district still has institutions and cannot be deleted."),
    "institution.in_use": _conflict("This institution is in use and cannot be deleted. Deactivate it instead."),
    # What still refers to an institution (`institution.in_use`'s problems).
    "institution.has_classrooms": _invalid(ngettext_lazy("%(count)d classroom", "%(count)d classrooms", "count")),
    "institution.has_children": _invalid(ngettext_lazy("%(count)d child", "%(count)d children", "count")),
    "institution.has_workers": _invalid(
        ngettext_lazy("%(count)d institution worker", "%(count)d institution workers", "count")
    ),
    "institution.has_menus": _invalid(ngettext_lazy("%(count)d menu", "%(count)d menus", "count")),
    "institution.has_admins": _invalid(
        ngettext_lazy("%(count)d assigned institutions admin", "%(count)d assigned institutions admins", "count")
    ),
    "classroom.in_use": _conflict("This classroom still has children and cannot be deleted."),
    "classrooms.in_use": _conflict("Some classrooms still have children. Move the children to other classrooms first."),
    "classroom.occupied": _invalid(
        ngettext_lazy(
            "%(classroom)s (%(institution)s): %(count)d child",
            "%(classroom)s (%(institution)s): %(count)d children",
            "count",
        )
    ),
    "classroom.has_children_to_move": _invalid(_("A classroom with children cannot move to another institution.")),
}


def _param(value):
    if isinstance(value, datetime.date):
        return date_format(value, "d.m.Y")
    return value


def _text(template, params: Mapping) -> str:
    if not params:
        return str(template)
    return str(template % {name: _param(value) for name, value in params.items()})


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
