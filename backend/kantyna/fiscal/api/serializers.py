from __future__ import annotations

from rest_framework import serializers

from kantyna.core.serializers import KantynaSerializer
from kantyna.tenant_settings.sections import CASH_REGISTERS


class BulkFiscalizeSerializer(KantynaSerializer):
    transactions_ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1), allow_empty=False, max_length=1000
    )


class FiscalizeRefusedSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    message = serializers.CharField()


class BulkFiscalizeResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    queued = serializers.ListField(child=serializers.IntegerField(), help_text="Transactions queued (or registered).")
    refused = FiscalizeRefusedSerializer(many=True)


class FiscalizeAllResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    queued = serializers.IntegerField(help_text="Receipts waiting for the cash register.")


class RegisterCheckSerializer(KantynaSerializer):
    """The register to check; a field left out is taken from the saved fiscal settings (a form checks what it
    shows before saving it)."""

    register = serializers.ChoiceField(choices=CASH_REGISTERS, required=False)
    register_url = serializers.URLField(required=False, allow_blank=True, max_length=200)


class RegisteredByHandSerializer(KantynaSerializer):
    receipt_number = serializers.CharField(
        max_length=100, help_text="The receipt's number as the printer's reports show it (trimmed)."
    )
