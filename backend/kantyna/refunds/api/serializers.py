from __future__ import annotations

from decimal import Decimal

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.core.serializers import MAX_BOOKING, KantynaSerializer, MoneySerializer, money
from kantyna.refunds.bank_files import FORMATS
from kantyna.refunds.models import ReturnRequestState

MIN_AMOUNT = Decimal("0.01")


class ReturnRequestCreateSerializer(KantynaSerializer):
    amount = MoneySerializer(min_amount=MIN_AMOUNT, max_amount=MAX_BOOKING)
    reason = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")
    # A worker's refund account (workers keep none in their profile); a parent's comes from the profile.
    bank_account_number = serializers.CharField(max_length=32, allow_blank=True, required=False, default="")
    # The child whose balance is refunded, when balances are kept per child.
    child_id = serializers.IntegerField(required=False, allow_null=True, default=None)


class ReturnRequestAcceptSerializer(KantynaSerializer):
    amount = MoneySerializer(min_amount=MIN_AMOUNT, max_amount=MAX_BOOKING, required=False)


class BulkAcceptSerializer(KantynaSerializer):
    return_requests_ids = serializers.ListField(child=serializers.IntegerField(), allow_empty=False, max_length=1000)


class ExportSerializer(KantynaSerializer):
    format = serializers.ChoiceField(choices=FORMATS, default="elixir")
    # The accepted requests to list; every accepted one when left out.
    return_requests_ids = serializers.ListField(
        child=serializers.IntegerField(), required=False, allow_empty=True, max_length=1000
    )


class ListQuerySerializer(KantynaSerializer):
    state = serializers.ChoiceField(choices=ReturnRequestState.choices, required=False)
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)
    requester_id = serializers.IntegerField(required=False)


class RefundPersonSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    full_name = serializers.CharField()


class ReturnRequestSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    state = serializers.ChoiceField(choices=ReturnRequestState.choices)
    amount = serializers.SerializerMethodField()
    accepted_amount = serializers.SerializerMethodField()
    bank_account_number = serializers.CharField()
    reason = serializers.CharField()
    requester = RefundPersonSerializer()
    child_id = serializers.IntegerField(source="account.child_id", allow_null=True)
    created_at = serializers.DateTimeField()
    accepted_at = serializers.DateTimeField(allow_null=True)
    accepted_by = RefundPersonSerializer(allow_null=True)
    paid_at = serializers.DateTimeField(allow_null=True)
    cancelled_at = serializers.DateTimeField(allow_null=True)
    transaction_id = serializers.IntegerField(allow_null=True)

    @extend_schema_field(MoneySerializer)
    def get_amount(self, row):
        return money(row.amount)

    @extend_schema_field(MoneySerializer(allow_null=True))
    def get_accepted_amount(self, row):
        return None if row.accepted_amount is None else money(row.accepted_amount)


class RefusedSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    message = serializers.CharField()


class BulkAcceptResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    accepted = serializers.ListField(child=serializers.IntegerField())
    refused = RefusedSerializer(many=True)


class MarkPaidResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    marked = serializers.ListField(child=serializers.IntegerField())
    refused = RefusedSerializer(many=True)
