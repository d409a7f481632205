"""Shapes of stock: a turnover (a delivery or an issue), its void, a list's totals, stock levels, a minimum, and
ingredients' outcomes with the day's booking."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from kantyna.core.api.errors import field_text
from kantyna.core.serializers import (
    MAX_PRICE,
    KantynaModelSerializer,
    KantynaSerializer,
    MoneyAmountField,
    MultilineCharField,
    PlainDecimalField,
)
from kantyna.inventory.models import InventoryTurnover, Kind, Reason, price_unit
from kantyna.inventory.selectors import MAX_DAYS_AHEAD
from kantyna.kitchen.selectors.prepare import MAX_DAYS
from kantyna.logistics.models import Kitchen
from kantyna.meals.models import Ingredient

MAX_QUANTITY = Decimal("99999999.999")


def quantity_field(**kwargs) -> PlainDecimalField:
    return PlainDecimalField(max_digits=11, decimal_places=3, coerce_to_string=True, **kwargs)


class NamedSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class TurnoverIngredientSerializer(NamedSerializer):
    unit = serializers.CharField()
    price_unit = serializers.SerializerMethodField(help_text="What a unit price is per: kg, l or szt.")

    def get_price_unit(self, ingredient) -> str:
        return price_unit(ingredient.unit)[0]


class InventoryTurnoverSerializer(KantynaModelSerializer):
    """A delivery (`income`: unit price net PLN per kg / l / piece, supplier, document number) or an issue
    (`outcome`: its reason). The kind is chosen once, at creation. `allowNegative` confirms an outcome that takes
    the stock below zero."""

    kind = serializers.ChoiceField(choices=Kind.choices)
    reason = serializers.ChoiceField(choices=Reason.choices, required=False, allow_blank=True, default="")
    ingredient_id = serializers.PrimaryKeyRelatedField(source="ingredient", queryset=Ingredient.objects.all())
    ingredient = TurnoverIngredientSerializer(read_only=True)
    kitchen_id = serializers.PrimaryKeyRelatedField(
        source="kitchen", queryset=Kitchen.objects.all(), required=False, allow_null=True, default=None
    )
    kitchen = NamedSerializer(read_only=True, allow_null=True)
    quantity = quantity_field(min_value=Decimal("0.001"), max_value=MAX_QUANTITY)
    unit_price = MoneyAmountField(max_amount=MAX_PRICE, required=False, allow_null=True, default=None)
    net_value = serializers.DecimalField(max_digits=12, decimal_places=2, read_only=True, allow_null=True)
    note = MultilineCharField(required=False, allow_blank=True, max_length=2000, default="")
    booked_for = serializers.DateField(read_only=True, allow_null=True)
    voided_at = serializers.DateTimeField(read_only=True, allow_null=True)
    void_reason = serializers.CharField(read_only=True)
    allow_negative = serializers.BooleanField(write_only=True, required=False, default=False)

    class Meta:
        model = InventoryTurnover
        fields = [
            "id",
            "kind",
            "reason",
            "ingredient_id",
            "ingredient",
            "kitchen_id",
            "kitchen",
            "date",
            "quantity",
            "unit_price",
            "net_value",
            "supplier",
            "document_number",
            "note",
            "booked_for",
            "created_at",
            "voided_at",
            "void_reason",
            "allow_negative",
        ]
        read_only_fields = ["created_at"]

    def validate(self, attrs):
        kind = self.instance.kind if self.instance is not None else attrs.get("kind")
        if self.instance is not None:
            attrs.pop("kind", None)
        if kind == Kind.INCOME:
            attrs["reason"] = ""
            if attrs.get("unit_price") is None:
                raise serializers.ValidationError({"unit_price": [field_text("inventory.price_required")]})
        else:
            attrs["unit_price"] = None
            if not attrs.get("reason"):
                raise serializers.ValidationError({"reason": [field_text("inventory.reason_required")]})
        return attrs


class VoidSerializer(KantynaSerializer):
    reason = serializers.CharField(max_length=500, help_text="Why the row is taken out of the stock.")
    allow_negative = serializers.BooleanField(required=False, default=False)


class TurnoverTotalsSerializer(KantynaSerializer):
    count = serializers.IntegerField()
    net_value = serializers.DecimalField(max_digits=14, decimal_places=2)
    quantity = serializers.DecimalField(
        max_digits=14, decimal_places=3, allow_null=True, help_text="Only when the rows are of one ingredient."
    )
    unit = serializers.CharField(allow_null=True)


class DateRangeSerializer(KantynaSerializer):
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    kitchen_id = serializers.PrimaryKeyRelatedField(queryset=Kitchen.objects.all(), required=False)

    def validate(self, attrs):
        if attrs["date_to"] < attrs["date_from"]:
            raise serializers.ValidationError({"date_to": [_("The end date must not be before the start date.")]})
        if attrs["date_to"] - attrs["date_from"] >= timedelta(days=MAX_DAYS):
            raise serializers.ValidationError({"date_to": [_("Choose at most %(days)s days.") % {"days": MAX_DAYS}]})
        return attrs


class StockQuerySerializer(KantynaSerializer):
    kitchen_id = serializers.PrimaryKeyRelatedField(queryset=Kitchen.objects.all(), required=False)
    days = serializers.IntegerField(
        min_value=0, max_value=MAX_DAYS_AHEAD, default=0, help_text="Count what the orders of this many days need."
    )
    low = serializers.BooleanField(default=False, help_text="Only the ingredients low on stock.")
    search = serializers.CharField(required=False, allow_blank=True, default="")


class StockLevelSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    unit = serializers.CharField()
    price_unit = serializers.CharField()
    incomes = serializers.DecimalField(max_digits=14, decimal_places=3)
    outcomes = serializers.DecimalField(max_digits=14, decimal_places=3)
    stock = serializers.DecimalField(max_digits=14, decimal_places=3)
    average_price = serializers.DecimalField(
        max_digits=12, decimal_places=2, allow_null=True, help_text="Net PLN per price unit, of the deliveries."
    )
    value = serializers.DecimalField(max_digits=14, decimal_places=2, help_text="The stock at the average price.")
    minimum = serializers.DecimalField(max_digits=14, decimal_places=3, allow_null=True)
    need = serializers.DecimalField(max_digits=14, decimal_places=3, help_text="What the next days' orders need.")
    to_order = serializers.DecimalField(max_digits=14, decimal_places=3)
    low = serializers.BooleanField()


class StockMinimumSerializer(KantynaSerializer):
    quantity = quantity_field(min_value=Decimal("0"), max_value=MAX_QUANTITY, allow_null=True)


class IngredientOutcomeSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    unit = serializers.CharField()
    needed = serializers.DecimalField(max_digits=14, decimal_places=3)
    booked = serializers.DecimalField(max_digits=14, decimal_places=3)
    production = serializers.DecimalField(max_digits=14, decimal_places=3)
    waste = serializers.DecimalField(max_digits=14, decimal_places=3)
    other = serializers.DecimalField(max_digits=14, decimal_places=3)
    stock = serializers.DecimalField(max_digits=14, decimal_places=3)


class IngredientsOutcomesSerializer(KantynaSerializer):
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    portions = serializers.IntegerField()
    booked_days = serializers.ListField(child=serializers.DateField())
    ingredients = IngredientOutcomeSerializer(many=True)


class BookDaySerializer(KantynaSerializer):
    date = serializers.DateField()
    kitchen_id = serializers.PrimaryKeyRelatedField(queryset=Kitchen.objects.all(), required=False, allow_null=True)
    allow_negative = serializers.BooleanField(required=False, default=False)


class BookDayResultSerializer(KantynaSerializer):
    created = serializers.IntegerField()
    updated = serializers.IntegerField()
    voided = serializers.IntegerField()
    unchanged = serializers.IntegerField()
