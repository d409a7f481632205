"""Serializer pieces every area shares."""

from __future__ import annotations

import re
from datetime import date, timedelta
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.core.money import to_grosze
from kantyna.core.params import ids_of
from kantyna.core.spreadsheets import EXPORT_FORMATS
from kantyna.core.validators import TextValidator

CURRENCY = "PLN"
# DRF's own mark of a multi-line text: ModelSerializer gives it to the field of a model TextField.
MULTILINE_STYLE = {"base_template": "textarea.html"}


class CommaSeparatedIdsField(serializers.CharField):
    """`1,2,3` in a query string: ids (`core.params.ids_of`); `message` words a refusal (which ids are meant)."""

    def __init__(self, *, message, **kwargs):
        self.message = message
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        ids = ids_of(super().to_internal_value(data))
        if not ids:
            raise serializers.ValidationError(self.message)
        return ids


class MultilineCharField(serializers.CharField):
    """Text that may span lines (a note, a description): TextValidator lets tabs and line breaks through.
    Every other CharField is single-line."""

    def __init__(self, **kwargs):
        kwargs.setdefault("style", MULTILINE_STYLE)
        super().__init__(**kwargs)


def is_multiline(field: serializers.CharField) -> bool:
    return field.style.get("base_template") == MULTILINE_STYLE["base_template"]


def guard_text(field: serializers.Field) -> None:
    """Gives a writable text field (CharField and its kinds: e-mail, slug, regex, URL), or the text child of a
    list or dict field, the TextValidator of its kind, once."""
    writable_text = isinstance(field, serializers.CharField) and not field.read_only
    if writable_text and not any(isinstance(validator, TextValidator) for validator in field.validators):
        field.validators = [*field.validators, TextValidator(multiline=is_multiline(field))]
    child = getattr(field, "child", None)
    if isinstance(child, serializers.Field) and not isinstance(child, serializers.BaseSerializer):
        guard_text(child)  # a nested serializer guards its own fields, being a KantynaSerializer too


# No docstrings on these bases: drf-spectacular would print them as the description of every serializer.
class TextGuardMixin:
    # Every text input refuses control and invisible characters (core.validators.TextValidator) without each
    # field saying so; core/tests/test_text_input.py walks the API's serializers to keep it that way.

    def get_fields(self):
        fields = super().get_fields()
        for field in fields.values():
            guard_text(field)
        return fields


class KantynaSerializer(TextGuardMixin, serializers.Serializer):
    pass  # the base of every plain serializer of the project, instead of DRF's Serializer


class KantynaModelSerializer(TextGuardMixin, serializers.ModelSerializer):
    pass  # the base of every model serializer of the project, instead of DRF's ModelSerializer


ZERO = Decimal("0.00")
# What a person may type for money, far inside the NUMERIC(12,2) columns (9,999,999,999.99) so that balances and
# totals summed from many such amounts still fit (docs/api.md, "Money and ordering").
MAX_BOOKING = Decimal("100000.00")  # one deposit, payout, fee or correction booked by staff; a payment threshold
MAX_PRICE = Decimal("10000.00")  # one price list item
MAX_FEE = Decimal("1000.00")  # a manipulation, payment transaction or registration fee
# ASCII digits only: Python's Decimal() also takes "1_000", "1e3", full-width or Arabic-Indic digits and "NaN".
PLAIN_DECIMAL_RE = re.compile(r"-?[0-9]+(\.[0-9]+)?")
# The days an admin may book money on or start prices from: a mistyped year (0026, 2206) would otherwise put the
# money into a report nobody opens.
EARLIEST_MONEY_DATE = date(2000, 1, 1)
MONEY_DATE_HORIZON = timedelta(days=366)


class PlainDecimalField(serializers.DecimalField):
    """A decimal sent as a JSON string of ASCII digits with an optional leading minus and an optional dot
    ("12.50"). JSON numbers are refused: they reach Python as floats (DESIGN.md §3). The string is taken exactly as
    sent, so surrounding spaces, tabs or line breaks are refused too (" 5 " is not 5.00: issue 29); DRF's own
    DecimalField would strip them."""

    default_error_messages = {
        "invalid": _("Enter a number as digits with an optional dot, e.g. 12.50."),
    }

    def to_internal_value(self, data):
        if not isinstance(data, Decimal) and not (isinstance(data, str) and PLAIN_DECIMAL_RE.fullmatch(data)):
            self.fail("invalid")
        return super().to_internal_value(data)


class MoneyAmountField(PlainDecimalField):
    """An amount of money a person types: a plain decimal string with at most two decimal places, from
    `min_amount` (0 by default: negative only where a sign means something, as in a correction) to `max_amount`.
    The bounds are checked before the digit count, so "100000000000" is refused for its size in PLN."""

    default_error_messages = {
        "invalid": _("Enter an amount as digits with an optional dot and at most two decimal places, e.g. 12.50."),
        "max_decimal_places": _("Enter at most two decimal places."),
    }

    def __init__(self, *, max_amount: Decimal, min_amount: Decimal = ZERO, **kwargs):
        kwargs.setdefault("coerce_to_string", True)
        # As many whole digits as the bound has: the schema's pattern then says how long an amount may be.
        whole_digits = len(str(int(max(abs(min_amount), abs(max_amount)))))
        super().__init__(max_digits=whole_digits + 2, decimal_places=2, **kwargs)
        self.max_amount = max_amount
        self.min_amount = min_amount

    def validate_precision(self, value):
        if value > self.max_amount:
            raise serializers.ValidationError(
                _("Enter an amount of at most %(limit)s PLN.") % {"limit": self.max_amount}, code="max_value"
            )
        if value < self.min_amount:
            message = (
                _("The amount cannot be negative.")
                if self.min_amount == 0
                else _("Enter an amount of at least %(limit)s PLN.") % {"limit": self.min_amount}
            )
            raise serializers.ValidationError(message, code="min_value")
        return super().validate_precision(value)


class MoneySerializer(KantynaSerializer):
    """`{"amount": "12.50", "currency": "PLN"}`: the amount a decimal string, never a float (DESIGN.md §3). Sent
    in, the amount is bounded per field (docs/api.md, "Money and ordering")."""

    # The class-level bound only shapes the schema's pattern (answers such as totals may be large); each
    # instance sets the bounds it accepts.
    amount = MoneyAmountField(max_amount=Decimal("9999999999.99"))
    currency = serializers.ChoiceField(choices=[CURRENCY], default=CURRENCY)

    def __init__(self, *args, min_amount: Decimal = ZERO, max_amount: Decimal = MAX_BOOKING, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["amount"].min_amount = min_amount
        self.fields["amount"].max_amount = max_amount


class MoneyDateField(serializers.DateField):
    """A day an admin picks for money (a booking's date, a price list's start): from 2000-01-01 to a year after
    today in the tenant's timezone."""

    def to_internal_value(self, value):
        day = super().to_internal_value(value)
        latest = timezone.localdate() + MONEY_DATE_HORIZON
        if not EARLIEST_MONEY_DATE <= day <= latest:
            raise serializers.ValidationError(
                _("Choose a date from %(earliest)s to %(latest)s.")
                % {"earliest": EARLIEST_MONEY_DATE.isoformat(), "latest": latest.isoformat()}
            )
        return day


def money(amount: Decimal) -> dict:
    return {"amount": f"{to_grosze(amount)}", "currency": CURRENCY}


class StatusSerializer(KantynaSerializer):
    status = serializers.BooleanField()


class ImportRowErrorSerializer(KantynaSerializer):
    row = serializers.IntegerField(help_text="Row number in the sheet, the header being row 1.")
    column = serializers.CharField(help_text="Column letter (A, B, C...).")
    message = serializers.CharField()


class ImportErrorSerializer(KantynaSerializer):
    """400 of a spreadsheet import: the one error shape, plus `rows` (every bad cell of the file) when the file was
    read (core.spreadsheets.import_rejected). A request refused before that (no file, not a spreadsheet) has the
    plain error shape. Nothing was imported."""

    message = serializers.CharField()
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    rows = ImportRowErrorSerializer(many=True, required=False)


class ExportFormatSerializer(KantynaSerializer):
    """The body of a list's export (`POST <list>/export`); the list's filters come in the query string."""

    format = serializers.ChoiceField(choices=list(EXPORT_FORMATS), default="xlsx")


@extend_schema_field({"type": "string", "pattern": r"^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$", "example": "15:00"})
class ClockTimeField(serializers.TimeField):
    """A time of day as `HH:MM` (seconds accepted in, never sent). OpenAPI's `format: time` is RFC 3339's
    `HH:MM:SS` with an offset, which is not what the API speaks."""

    def __init__(self, **kwargs):
        kwargs.setdefault("format", "%H:%M")
        super().__init__(**kwargs)
