"""Serializer pieces every area shares."""

from __future__ import annotations

from decimal import Decimal

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
    """400 of a spreadsheet import (core.spreadsheets.ImportRejected): the one error shape plus `rows`, every bad
    cell of the file. Nothing was imported."""

    message = serializers.CharField()
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    rows = ImportRowErrorSerializer(many=True)


class ExportFormatSerializer(serializers.Serializer):
    """The body of a list's export (`POST <list>/export`); the list's filters come in the query string."""

    format = serializers.ChoiceField(choices=list(EXPORT_FORMATS), default="xlsx")
