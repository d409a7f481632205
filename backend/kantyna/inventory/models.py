"""Stock of ingredients (issue 16): every delivery and every issue is one `InventoryTurnover` row, and a stock level
is what the rows add up to (incomes - outcomes), never a stored counter. A row is history: it is corrected by an
audited edit or voided (kept, left out of the stock, with who voided it and why), never deleted, so every past
stock level can still be explained. `StockMinimum` is the level under which an ingredient is reported low."""

from __future__ import annotations

from decimal import Decimal

from django.db import models
from django.db.models import Q

from kantyna.logistics.models import Kitchen
from kantyna.meals.models import Ingredient, Unit
from kantyna.users.models import User


class Kind(models.TextChoices):
    INCOME = "income", "income"  # a delivery
    OUTCOME = "outcome", "outcome"  # an issue to production, waste...


class Reason(models.TextChoices):
    """Why stock went out; incomes have none."""

    PRODUCTION = "production", "production"
    WASTE = "waste", "waste"
    OTHER = "other", "other"


# Prices are per the unit deliveries are invoiced in: a kilogram of what is counted in grams, a litre of what is
# counted in millilitres, a piece of pieces (a price per gram would be a fraction of a grosz).
PRICE_UNITS = {
    Unit.GRAM: ("kg", Decimal(1000)),
    Unit.MILLILITRE: ("l", Decimal(1000)),
    Unit.PIECE: ("szt.", Decimal(1)),
}


def price_unit(unit: str) -> tuple[str, Decimal]:
    """(the unit a price is per, how many of the ingredient's units it holds)."""
    return PRICE_UNITS.get(unit, (unit, Decimal(1)))


class InventoryTurnover(models.Model):
    kind = models.CharField(max_length=10, choices=Kind.choices)
    reason = models.CharField(max_length=12, choices=Reason.choices, blank=True)
    ingredient = models.ForeignKey(Ingredient, on_delete=models.PROTECT, related_name="inventory_turnovers")
    # Stock lives in a kitchen; null where the tenant has no kitchen (one store).
    kitchen = models.ForeignKey(
        Kitchen, null=True, blank=True, on_delete=models.PROTECT, related_name="inventory_turnovers"
    )
    date = models.DateField()
    # In the ingredient's unit (g, ml, pieces).
    quantity = models.DecimalField(max_digits=12, decimal_places=3)
    # Incomes: net PLN per price unit (PRICE_UNITS) and the delivery's net value (quantity x price, in grosze).
    unit_price = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    net_value = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    supplier = models.CharField(max_length=200, blank=True)
    document_number = models.CharField(max_length=100, blank=True)
    note = models.TextField(blank=True)
    # A production outcome booked from the orders of this day (ingredients/outcomes/book): one per ingredient,
    # kitchen and day, so booking a day twice does not count it twice.
    booked_for = models.DateField(null=True, blank=True)
    created_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    void_reason = models.CharField(max_length=500, blank=True)

    class Meta:
        ordering = ["-date", "-id"]
        indexes = [models.Index(fields=["ingredient", "kitchen"], name="inventory_turnover_stock")]
        constraints = [
            models.CheckConstraint(condition=Q(quantity__gt=0), name="inventory_turnover_quantity_positive"),
            models.CheckConstraint(
                condition=Q(kind=Kind.INCOME, reason="", unit_price__isnull=False, unit_price__gte=0)
                | Q(kind=Kind.OUTCOME, unit_price__isnull=True) & ~Q(reason=""),
                name="inventory_turnover_kind_fields",
            ),
            models.UniqueConstraint(
                fields=["booked_for", "ingredient", "kitchen"],
                condition=Q(booked_for__isnull=False, voided_at__isnull=True),
                nulls_distinct=False,
                name="inventory_one_booking_per_day",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.quantity} {self.ingredient_id}"


class StockMinimum(models.Model):
    """The stock under which an ingredient is low (in its unit), in every kitchen."""

    ingredient = models.OneToOneField(
        Ingredient, primary_key=True, on_delete=models.CASCADE, related_name="stock_minimum"
    )
    quantity = models.DecimalField(max_digits=12, decimal_places=3)

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(quantity__gte=0), name="stock_minimum_not_negative")]
