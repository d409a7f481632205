"""Serializer pieces every area shares."""

from __future__ import annotations

from decimal import Decimal

from rest_framework import serializers

CURRENCY = "PLN"


class MoneySerializer(serializers.Serializer):
    """`{"amount": "12.50", "currency": "PLN"}`: a decimal string, never a float (DESIGN.md §3)."""

    amount = serializers.DecimalField(max_digits=12, decimal_places=2, coerce_to_string=True)
    currency = serializers.ChoiceField(choices=[CURRENCY], default=CURRENCY)


def money(amount: Decimal) -> dict:
    return {"amount": f"{Decimal(amount).quantize(Decimal('0.01'))}", "currency": CURRENCY}


class StatusSerializer(serializers.Serializer):
    status = serializers.BooleanField()
