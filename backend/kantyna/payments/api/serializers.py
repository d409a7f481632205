from __future__ import annotations

from rest_framework import serializers

from kantyna.core.serializers import MAX_BOOKING, KantynaSerializer, MoneySerializer
from kantyna.payments.models import PaymentState
from kantyna.payments.providers import PROVIDERS


class PayRequestSerializer(KantynaSerializer):
    amount = MoneySerializer(max_amount=MAX_BOOKING)
    provider = serializers.ChoiceField(choices=PROVIDERS, required=False)


class PayResponseSerializer(KantynaSerializer):
    payment_id = serializers.IntegerField()
    redirect_url = serializers.CharField()


class FeeQuerySerializer(KantynaSerializer):
    amount = serializers.DecimalField(max_digits=12, decimal_places=2, min_value=0, max_value=MAX_BOOKING)


class FeeSerializer(KantynaSerializer):
    amount = MoneySerializer()
    fee = MoneySerializer()
    total = MoneySerializer()


class PaymentSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    state = serializers.ChoiceField(choices=PaymentState.choices)
    provider = serializers.CharField()
    amount = MoneySerializer()
    fee = MoneySerializer()
    total = MoneySerializer()
    created_at = serializers.DateTimeField()
    paid_at = serializers.DateTimeField(allow_null=True)
    balance = MoneySerializer(help_text="the payer's balance now")
