"""Reports on meals ordered: counted and summed in the database, grouped (a month of 400,000 order items comes back
as a few thousand sums), never read item by item. A receiver's institution is where the child or the worker is
now (`dashboard.items_in`), as every list of the back office shows it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Count, F, QuerySet, Sum
from django.db.models.functions import TruncMonth

from kantyna.catalog.models import MealType
from kantyna.institutions.models import Institution
from kantyna.kitchen.selectors.prepare import name_key
from kantyna.ordering.models import OrderItem
from kantyna.reports.criteria import GROUP_MONTH
from kantyna.reports.selectors.dashboard import LIVE_STATUSES, ZERO, items_in


def live_items(criteria: dict, institution_ids: set[int] | None) -> QuerySet[OrderItem]:
    """The live (active and served) meals of the criteria's period, narrowed by their meal types and diets, of
    receivers of `institution_ids` (None: every one), with their institution as `place_id`."""
    items = items_in(
        institution_ids,
        with_place=True,
        date__gte=criteria["date_from"],
        date__lte=criteria["date_to"],
        status__in=LIVE_STATUSES,
    )
    if criteria.get("meal_types_ids"):
        items = items.filter(meal_type_id__in=criteria["meal_types_ids"])
    if criteria.get("diets_ids"):
        items = items.filter(diet_id__in=criteria["diets_ids"])
    return items


@dataclass(frozen=True)
class InstitutionPeriodRow:
    institution: str
    period: date  # the day, or the month's first day
    meals_by_meal_type: list[int]  # in the order of `OrdersPerInstitution.meal_types`
    meals: int
    amount: Decimal


@dataclass(frozen=True)
class OrdersPerInstitution:
    meal_types: list[str]
    rows: list[InstitutionPeriodRow]
    totals_by_meal_type: list[int]
    meals: int
    amount: Decimal


def orders_per_institution(criteria: dict, institution_ids: set[int] | None) -> OrdersPerInstitution:
    """Live meals and what their payers pay (the items' prices) per institution and day or month, with a count per
    meal type: what to bill an institution or the gmina that co-funds its meals. Three queries whatever the rows."""
    bucket = TruncMonth("date") if criteria["group_by"] == GROUP_MONTH else F("date")
    sums = list(
        live_items(criteria, institution_ids)
        .annotate(period=bucket)
        .values("place_id", "period", "meal_type_id")
        .annotate(meals=Count("status"), amount=Sum("price"))
        .order_by()
    )
    institutions = dict(Institution.objects.filter(pk__in={row["place_id"] for row in sums}).values_list("pk", "name"))
    meal_types = list(MealType.objects.filter(pk__in={row["meal_type_id"] for row in sums}).values_list("pk", "name"))
    column = {pk: index for index, (pk, _name) in enumerate(meal_types)}
    grouped: dict[tuple[int, date], tuple[list[int], list[Decimal]]] = {}
    for row in sums:
        counts, amount = grouped.setdefault((row["place_id"], row["period"]), ([0] * len(meal_types), [ZERO]))
        counts[column[row["meal_type_id"]]] += row["meals"]
        amount[0] += row["amount"]
    rows = [
        InstitutionPeriodRow(
            institution=institutions[place_id],
            period=period,
            meals_by_meal_type=counts,
            meals=sum(counts),
            amount=amount[0],
        )
        for (place_id, period), (counts, amount) in grouped.items()
    ]
    rows.sort(key=lambda row: (name_key(row.institution), row.institution, row.period))
    totals = [sum(row.meals_by_meal_type[index] for row in rows) for index in range(len(meal_types))]
    return OrdersPerInstitution(
        meal_types=[name for _pk, name in meal_types],
        rows=rows,
        totals_by_meal_type=totals,
        meals=sum(totals),
        amount=sum((row.amount for row in rows), ZERO),
    )
