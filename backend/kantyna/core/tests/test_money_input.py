"""Amounts and other decimals a person types are exact strings (issue 29): " 5 " is refused, not read as 5.00.
Every decimal input of the API takes that parsing from `PlainDecimalField` (money: `MoneyAmountField`)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import translation
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.plumbing import force_instance
from rest_framework import serializers

from kantyna.core.serializers import MAX_BOOKING, KantynaSerializer, MoneyAmountField, PlainDecimalField

NOT_AN_AMOUNT = "Enter an amount as digits with an optional dot and at most two decimal places, e.g. 12.50."


class Booking(KantynaSerializer):
    amount = MoneyAmountField(max_amount=MAX_BOOKING)


@pytest.mark.parametrize("amount", [" 5 ", "5 ", " 5", "\t5", "5\n", "\u00a05"])
def test_given_an_amount_with_surrounding_whitespace_then_it_is_refused(amount):
    booking = Booking(data={"amount": amount})

    with translation.override("en"):
        assert not booking.is_valid()
        assert booking.errors == {"amount": [NOT_AN_AMOUNT]}


@pytest.mark.parametrize(("amount", "value"), [("5", "5.00"), ("5.00", "5.00"), ("5.5", "5.50"), ("0", "0.00")])
def test_given_an_exact_amount_then_it_is_read_as_before(amount, value):
    booking = Booking(data={"amount": amount})

    assert booking.is_valid(), booking.errors
    assert booking.validated_data["amount"] == Decimal(value)


def _writable_decimal_fields(serializer, path: str, seen: set) -> list[tuple[str, serializers.Field]]:
    serializer = force_instance(serializer)
    if isinstance(serializer, serializers.ListSerializer):
        serializer = serializer.child
    if type(serializer) in seen:
        return []
    seen.add(type(serializer))
    found = []
    for name, field in serializer.fields.items():
        while isinstance(getattr(field, "child", None), serializers.Field) and not isinstance(
            field, serializers.BaseSerializer
        ):
            field = field.child
        if field.read_only:
            continue
        if isinstance(field, serializers.BaseSerializer):
            found.extend(_writable_decimal_fields(field, f"{path}.{name}", seen))
        elif isinstance(field, serializers.DecimalField):
            found.append((f"{path}.{name}", field))
    return found


def test_every_decimal_input_of_every_request_body_is_exact():
    generator = SchemaGenerator()
    generator.get_schema(request=None, public=True)
    requests = [
        component
        for component in generator.registry._components.values()
        if component.type == "schemas" and component.name.endswith("Request") and component.object is not None
    ]
    fields = [
        found for component in requests for found in _writable_decimal_fields(component.object, component.name, set())
    ]
    assert len(fields) > 5  # the walk saw the money inputs (prices, bookings, fees, thresholds)

    assert [path for path, field in fields if not isinstance(field, PlainDecimalField)] == []
