"""Serializer pieces every area shares."""

from __future__ import annotations

from decimal import Decimal

from rest_framework import serializers

from kantyna.core.spreadsheets import EXPORT_FORMATS
from kantyna.core.validators import TextValidator

CURRENCY = "PLN"
# DRF's own mark of a multi-line text: ModelSerializer gives it to the field of a model TextField.
MULTILINE_STYLE = {"base_template": "textarea.html"}


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


class MoneySerializer(KantynaSerializer):
    """`{"amount": "12.50", "currency": "PLN"}`: a decimal string, never a float (DESIGN.md §3)."""

    amount = serializers.DecimalField(max_digits=12, decimal_places=2, coerce_to_string=True)
    currency = serializers.ChoiceField(choices=[CURRENCY], default=CURRENCY)


def money(amount: Decimal) -> dict:
    return {"amount": f"{Decimal(amount).quantize(Decimal('0.01'))}", "currency": CURRENCY}


class StatusSerializer(KantynaSerializer):
    status = serializers.BooleanField()


class ImportRowErrorSerializer(KantynaSerializer):
    row = serializers.IntegerField(help_text="Row number in the sheet, the header being row 1.")
    column = serializers.CharField(help_text="Column letter (A, B, C...).")
    message = serializers.CharField()


class ImportErrorSerializer(KantynaSerializer):
    """400 of a spreadsheet import (core.spreadsheets.ImportRejected): the one error shape plus `rows`, every bad
    cell of the file. Nothing was imported."""

    message = serializers.CharField()
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    rows = ImportRowErrorSerializer(many=True)


class ExportFormatSerializer(KantynaSerializer):
    """The body of a list's export (`POST <list>/export`); the list's filters come in the query string."""

    format = serializers.ChoiceField(choices=list(EXPORT_FORMATS), default="xlsx")
