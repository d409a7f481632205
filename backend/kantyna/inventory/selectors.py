"""Reads on stock (issue 16): stock levels per ingredient (summed in the database, one grouped query), what the
orders of a period consume beside what was recorded (the kitchen's meals to prepare, not a second count), and a
list's totals."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.db.models import Case, Count, DecimalField, F, Max, Q, QuerySet, Sum, Value, When
from django.db.models.functions import Coalesce

from kantyna.core.money import ZERO as ZERO_MONEY
from kantyna.core.money import to_grosze
from kantyna.inventory.models import InventoryTurnover, Kind, Reason, price_unit
from kantyna.kitchen.selectors.prepare import meals_to_prepare, name_key
from kantyna.meals.models import Ingredient

ZERO = Decimal("0.000")
QUANTITY = DecimalField(max_digits=14, decimal_places=3)
MONEY = DecimalField(max_digits=14, decimal_places=2)
# The furthest a stock view looks ahead for what the orders will need.
MAX_DAYS_AHEAD = 31


def signed_quantity():
    """A row's effect on the stock: + for an income, - for an outcome (an SQL expression)."""
    return Case(
        When(kind=Kind.INCOME, then=F("quantity")),
        default=-F("quantity"),
        output_field=DecimalField(max_digits=14, decimal_places=3),
    )


def stock_by_ingredient(ingredient_ids, kitchen_id: int | None) -> dict[int, Decimal]:
    """The stock of each ingredient in one kitchen (None: rows without a kitchen), voided rows out (one query)."""
    rows = (
        InventoryTurnover.objects.filter(ingredient_id__in=ingredient_ids, kitchen_id=kitchen_id, voided_at=None)
        .values("ingredient_id")
        .annotate(stock=Sum(signed_quantity()))
        .order_by()
    )
    stock = dict.fromkeys(ingredient_ids, ZERO)
    stock.update({row["ingredient_id"]: row["stock"] for row in rows})
    return stock


@dataclass
class StockLevel:
    id: int
    name: str
    unit: str
    price_unit: str
    incomes: Decimal
    outcomes: Decimal
    stock: Decimal
    average_price: Decimal | None  # net PLN per price unit, of the deliveries counted
    value: Decimal  # the stock at the average price
    minimum: Decimal | None
    need: Decimal  # what the orders of the next days consume
    to_order: Decimal  # minimum + need - stock, when positive
    low: bool


def _in_kitchen(kitchen_id: int | None, prefix: str = "") -> Q:
    live = Q(**{f"{prefix}voided_at": None})
    return live if kitchen_id is None else live & Q(**{f"{prefix}kitchen_id": kitchen_id})


def stock_levels(
    *, kitchen_id: int | None = None, days: int = 0, today: date, low_only: bool = False, search: str = ""
) -> list[StockLevel]:
    """Every ingredient's stock in a kitchen (None: all kitchens together): incomes, outcomes, the average purchase
    price and the value at it, the minimum, what the orders of `days` days from `today` need, and whether it is low
    (under its minimum, or under that need). One grouped query, and meals to prepare's when `days`."""
    turnovers = "inventory_turnovers__"
    live = _in_kitchen(kitchen_id, turnovers)
    incomes = live & Q(**{f"{turnovers}kind": Kind.INCOME})
    outcomes = live & Q(**{f"{turnovers}kind": Kind.OUTCOME})
    ingredients = (
        Ingredient.objects.annotate(
            incomes=Coalesce(Sum(f"{turnovers}quantity", filter=incomes), Value(ZERO), output_field=QUANTITY),
            outcomes=Coalesce(Sum(f"{turnovers}quantity", filter=outcomes), Value(ZERO), output_field=QUANTITY),
            income_value=Coalesce(Sum(f"{turnovers}net_value", filter=incomes), Value(ZERO_MONEY), output_field=MONEY),
            minimum=F("stock_minimum__quantity"),
        )
        .order_by()
        .values("pk", "name", "unit", "incomes", "outcomes", "income_value", "minimum")
    )
    if search:
        ingredients = ingredients.filter(name__icontains=search)
    needs: dict[int, Decimal] = {}
    if days > 0:
        prepared = meals_to_prepare(
            date_from=today,
            date_to=today + timedelta(days=days - 1),
            reachable_institution_ids=None,
            kitchen_id=kitchen_id,
        )
        needs = {need.id: need.quantity for need in prepared.ingredients}
    levels = []
    for row in ingredients:
        stock = row["incomes"] - row["outcomes"]
        unit, factor = price_unit(row["unit"])
        average = row["income_value"] / row["incomes"] if row["incomes"] else None  # per the ingredient's unit
        need = needs.get(row["pk"], ZERO)
        minimum = row["minimum"]
        to_order = max((minimum or ZERO) + need - stock, ZERO)
        low = (minimum is not None and stock < minimum) or stock < need
        if low_only and not low:
            continue
        levels.append(
            StockLevel(
                id=row["pk"],
                name=row["name"],
                unit=row["unit"],
                price_unit=unit,
                incomes=row["incomes"],
                outcomes=row["outcomes"],
                stock=stock,
                average_price=None if average is None else to_grosze(average * factor),
                value=to_grosze(stock * average) if average is not None and stock > 0 else ZERO_MONEY,
                minimum=minimum,
                need=need,
                to_order=to_order,
                low=low,
            )
        )
    levels.sort(key=lambda level: (name_key(level.name), level.id))
    return levels


@dataclass
class IngredientOutcome:
    id: int
    name: str
    unit: str
    needed: Decimal  # what the orders of the period consume (grammage x portions)
    booked: Decimal  # production outcomes booked from those orders
    production: Decimal  # every production outcome dated in the period (booked or typed)
    waste: Decimal
    other: Decimal
    stock: Decimal  # now, in the kitchen


@dataclass
class IngredientsOutcomes:
    date_from: date
    date_to: date
    portions: int
    booked_days: list[date]
    ingredients: list[IngredientOutcome]


def ingredients_outcomes(*, date_from: date, date_to: date, kitchen_id: int | None) -> IngredientsOutcomes:
    """For a period and a kitchen (None: every institution, the rows of every kitchen): each ingredient the orders
    consume or that went out, with the recorded outcomes by reason and its stock now. Meals to prepare's queries,
    plus one for the outcomes, one for the booked days and one for the stock."""
    prepared = meals_to_prepare(
        date_from=date_from, date_to=date_to, reachable_institution_ids=None, kitchen_id=kitchen_id
    )
    rows: dict[int, IngredientOutcome] = {
        need.id: IngredientOutcome(need.id, need.name, need.unit, need.quantity, ZERO, ZERO, ZERO, ZERO, ZERO)
        for need in prepared.ingredients
    }
    period = _in_kitchen(kitchen_id) & Q(kind=Kind.OUTCOME, date__gte=date_from, date__lte=date_to)
    recorded = (
        InventoryTurnover.objects.filter(period)
        .values("ingredient_id", "ingredient__name", "ingredient__unit")
        .annotate(
            booked=Coalesce(Sum("quantity", filter=Q(booked_for__isnull=False)), Value(ZERO), output_field=QUANTITY),
            production=Coalesce(
                Sum("quantity", filter=Q(reason=Reason.PRODUCTION)), Value(ZERO), output_field=QUANTITY
            ),
            waste=Coalesce(Sum("quantity", filter=Q(reason=Reason.WASTE)), Value(ZERO), output_field=QUANTITY),
            other=Coalesce(Sum("quantity", filter=Q(reason=Reason.OTHER)), Value(ZERO), output_field=QUANTITY),
        )
        .order_by()
    )
    for row in recorded:
        outcome = rows.setdefault(
            row["ingredient_id"],
            IngredientOutcome(
                row["ingredient_id"],
                row["ingredient__name"],
                row["ingredient__unit"],
                ZERO,
                ZERO,
                ZERO,
                ZERO,
                ZERO,
                ZERO,
            ),
        )
        outcome.booked, outcome.production = row["booked"], row["production"]
        outcome.waste, outcome.other = row["waste"], row["other"]
    booked_days = sorted(
        InventoryTurnover.objects.filter(_in_kitchen(kitchen_id), booked_for__gte=date_from, booked_for__lte=date_to)
        .order_by("booked_for")
        .values_list("booked_for", flat=True)
        .distinct()
    )
    if rows:
        stock = (
            InventoryTurnover.objects.filter(_in_kitchen(kitchen_id), ingredient_id__in=rows)
            .values("ingredient_id")
            .annotate(stock=Sum(signed_quantity()))
            .order_by()
        )
        for row in stock:
            rows[row["ingredient_id"]].stock = row["stock"]
    return IngredientsOutcomes(
        date_from=date_from,
        date_to=date_to,
        portions=prepared.portions,
        booked_days=booked_days,
        ingredients=sorted(rows.values(), key=lambda row: (name_key(row.name), row.id)),
    )


@dataclass
class TurnoverTotals:
    count: int
    net_value: Decimal
    quantity: Decimal | None  # only when every row counted is of one ingredient (units differ otherwise)
    unit: str | None


def turnover_totals(turnovers: QuerySet[InventoryTurnover]) -> TurnoverTotals:
    """A filtered list's totals, voided rows out (one query)."""
    totals = turnovers.filter(voided_at=None).aggregate(
        count=Count("pk"),
        net_value=Coalesce(Sum("net_value"), Value(ZERO_MONEY), output_field=MONEY),
        quantity=Coalesce(Sum("quantity"), Value(ZERO), output_field=QUANTITY),
        ingredients=Count("ingredient_id", distinct=True),
        unit=Max("ingredient__unit"),
    )
    one = totals["ingredients"] == 1
    return TurnoverTotals(
        count=totals["count"],
        net_value=totals["net_value"],
        quantity=totals["quantity"] if one else None,
        unit=totals["unit"] if one else None,
    )
