from __future__ import annotations

from rest_framework import serializers

from kantyna.core.serializers import KantynaSerializer


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
