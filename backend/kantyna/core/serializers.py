"""Serializer pieces every area shares."""

from __future__ import annotations

from decimal import Decimal

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.core.spreadsheets import EXPORT_FORMATS

CURRENCY = "PLN"


class MoneySerializer(serializers.Serializer):
    """`{"amount": "12.50", "currency": "PLN"}`: a decimal string, never a float (DESIGN.md §3)."""

    amount = serializers.DecimalField(max_digits=12, decimal_places=2, coerce_to_string=True)
    currency = serializers.ChoiceField(choices=[CURRENCY], default=CURRENCY)


def money(amount: Decimal) -> dict:
    return {"amount": f"{Decimal(amount).quantize(Decimal('0.01'))}", "currency": CURRENCY}


class StatusSerializer(serializers.Serializer):
    status = serializers.BooleanField()


class ImportRowErrorSerializer(serializers.Serializer):
    row = serializers.IntegerField(help_text="Row number in the sheet, the header being row 1.")
    column = serializers.CharField(help_text="Column letter (A, B, C...).")
    message = serializers.CharField()


class ImportErrorSerializer(serializers.Serializer):
    """400 of a spreadsheet import: the one error shape, plus `rows` (every bad cell of the file) when the file was
    read (core.spreadsheets.ImportRejected). A request refused before that (no file, not a spreadsheet) has the
    plain error shape. Nothing was imported."""

    message = serializers.CharField()
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    rows = ImportRowErrorSerializer(many=True, required=False)


class ExportFormatSerializer(serializers.Serializer):
    """The body of a list's export (`POST <list>/export`); the list's filters come in the query string."""

    format = serializers.ChoiceField(choices=list(EXPORT_FORMATS), default="xlsx")


@extend_schema_field({"type": "string", "pattern": r"^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$", "example": "15:00"})
class ClockTimeField(serializers.TimeField):
    """A time of day as `HH:MM` (seconds accepted in, never sent). OpenAPI's `format: time` is RFC 3339's
    `HH:MM:SS` with an offset, which is not what the API speaks."""

    def __init__(self, **kwargs):
        kwargs.setdefault("format", "%H:%M")
        super().__init__(**kwargs)
