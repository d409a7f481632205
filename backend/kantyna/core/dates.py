"""Months and days the API accepts: one parser and one range for every `YYYY-MM` and `YYYY-MM-DD` input.

Python dates reach year 1 and 9999, but the month arithmetic of calendars, menus and balances steps past a
month's ends (the day before the first, the month after the last), which overflows at those edges; and no
catering order, menu or payment lives in year 1 or 9999. So inputs outside FIRST_YEAR..LAST_YEAR are a 400."""

from __future__ import annotations

import calendar
import re
from datetime import date

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

FIRST_YEAR = 2000
LAST_YEAR = 2100
FIRST_DAY = date(FIRST_YEAR, 1, 1)
LAST_DAY = date(LAST_YEAR, 12, 31)
MONTH_RE = re.compile(r"^(\d{4})-(0[1-9]|1[0-2])$")
OUT_OF_RANGE = _("Enter a date between %(first)s and %(last)s.")


def month_of(value: str | None) -> date | None:
    """`YYYY-MM` → the first day of that month; None when it is not a month of the accepted range."""
    match = MONTH_RE.match(value or "") if isinstance(value, str | type(None)) else None
    if match is None or not FIRST_YEAR <= int(match[1]) <= LAST_YEAR:
        return None
    return date(int(match[1]), int(match[2]), 1)


def day_of(value: str) -> date | None:
    """`YYYY-MM-DD` → that day; None when it is not a day of the accepted range."""
    try:
        day = date.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    return day if FIRST_DAY <= day <= LAST_DAY and len(value) == 10 else None


def month_bounds(month: date) -> tuple[date, date]:
    """The first and the last day of `month`'s month."""
    first = month.replace(day=1)
    return first, first.replace(day=calendar.monthrange(first.year, first.month)[1])


def validate_day_in_range(value: date) -> None:
    """Django/DRF validator: a day of the accepted range (installed on every DateField, see CoreConfig)."""
    if value is not None and not FIRST_DAY <= value <= LAST_DAY:
        raise DjangoValidationError(
            OUT_OF_RANGE, code="date_range", params={"first": FIRST_DAY.isoformat(), "last": LAST_DAY.isoformat()}
        )


@extend_schema_field({"type": "string", "pattern": MONTH_RE.pattern, "example": "2026-11"})
class MonthField(serializers.Field):
    """A month as `YYYY-MM` on the wire, the first day of that month inside."""

    default_error_messages = {
        "invalid": _("Enter a month as YYYY-MM."),
        "range": _("Enter a month between %(first)s and %(last)s."),
    }

    def to_representation(self, value: date) -> str:
        return f"{value:%Y-%m}"

    def to_internal_value(self, data) -> date:
        match = MONTH_RE.match(data) if isinstance(data, str) else None
        if match is None:
            self.fail("invalid")
        month = month_of(data)
        if month is None:
            self.fail("range", first=f"{FIRST_YEAR}-01", last=f"{LAST_YEAR}-12")
        return month
