"""Reports on meals ordered: counted and summed in the database, grouped (a month of 400,000 order items comes back
as a few thousand sums), never read item by item. A receiver's institution is where the child or the worker is
now (`ordering.selectors.receivers.items_of_institutions`), as every list of the back office shows it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db import connection
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import TruncMonth

from kantyna.catalog.models import Diet, MealType, PortionSize
from kantyna.institutions.models import Classroom, Institution
from kantyna.kitchen.selectors import prepare
from kantyna.kitchen.selectors.prepare import name_key
from kantyna.logistics.models import KitchenInstitutionMealType
from kantyna.ordering.models import LIVE_STATUSES, Absence, OrderItem
from kantyna.ordering.selectors.receivers import items_of_institutions
from kantyna.people.models import Child
from kantyna.reports.criteria import GROUP_MONTH
from kantyna.reports.selectors.dashboard import ZERO


def live_items(criteria: dict, institution_ids: set[int] | None) -> QuerySet[OrderItem]:
    """The live (active and served) meals of the criteria's period, narrowed by their meal types and diets, of
    receivers of `institution_ids` (None: every one), with their institution as `place_id`."""
    items = items_of_institutions(
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


# --- ordered vs served --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ServedRow:
    institution: str
    day: date
    ordered: int  # live: active and served
    served: int
    not_served: int  # still active: ordered, never scanned or served by hand
    cancelled: int


def ordered_vs_served(criteria: dict, institution_ids: set[int] | None) -> list[ServedRow]:
    """Per institution and day, the meals ordered against those served at the terminal (two queries)."""
    items = items_of_institutions(
        institution_ids, with_place=True, date__gte=criteria["date_from"], date__lte=criteria["date_to"]
    )
    if criteria.get("meal_types_ids"):
        items = items.filter(meal_type_id__in=criteria["meal_types_ids"])
    if criteria.get("diets_ids"):
        items = items.filter(diet_id__in=criteria["diets_ids"])
    counts = list(
        items.values("place_id", "date")
        .annotate(
            served=Count("status", filter=Q(status=OrderItem.Status.SERVED)),
            active=Count("status", filter=Q(status=OrderItem.Status.ACTIVE)),
            cancelled=Count("status", filter=Q(status=OrderItem.Status.CANCELLED)),
        )
        .order_by()
    )
    names = dict(Institution.objects.filter(pk__in={row["place_id"] for row in counts}).values_list("pk", "name"))
    rows = [
        ServedRow(
            institution=names[row["place_id"]],
            day=row["date"],
            ordered=row["served"] + row["active"],
            served=row["served"],
            not_served=row["active"],
            cancelled=row["cancelled"],
        )
        for row in counts
    ]
    rows.sort(key=lambda row: (name_key(row.institution), row.institution, row.day))
    return rows


# --- diets and allergens ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DietDayRow:
    day: date
    diet: str
    meals: int
    with_allergies: int  # meals of receivers with at least one allergy
    allergens: list[tuple[str, int]]  # (allergen, meals of receivers allergic to it), by name


def meals_per_diet_and_allergen(criteria: dict, institution_ids: set[int] | None) -> list[DietDayRow]:
    """Per day and diet, the live meals, and per allergen the meals of receivers allergic to it (children's and
    workers' allergies), five queries: the meals, the meals per allergen of children and of workers, those with
    any allergy, the diets' names."""
    items = live_items(criteria, institution_ids)
    meals = list(items.values("date", "diet_id").annotate(meals=Count("status")).order_by())
    per_allergen: dict[tuple[date, int], dict[str, int]] = {}
    for receiver in ("child", "worker"):
        allergic = (
            items.filter(**{f"{receiver}__allergies__isnull": False})
            .values("date", "diet_id", f"{receiver}__allergies__name")
            .annotate(meals=Count("status"))
            .order_by()
        )
        for row in allergic:
            named = per_allergen.setdefault((row["date"], row["diet_id"]), {})
            name = row[f"{receiver}__allergies__name"]
            named[name] = named.get(name, 0) + row["meals"]
    with_allergies = {
        (row["date"], row["diet_id"]): row["meals"]
        for row in items.filter(Q(child__allergies__isnull=False) | Q(worker__allergies__isnull=False))
        .values("date", "diet_id")
        .annotate(meals=Count("pk", distinct=True))
        .order_by()
    }
    diets = dict(Diet.objects.filter(pk__in={row["diet_id"] for row in meals}).values_list("pk", "name"))
    rows = [
        DietDayRow(
            day=row["date"],
            diet=diets[row["diet_id"]],
            meals=row["meals"],
            with_allergies=with_allergies.get((row["date"], row["diet_id"]), 0),
            allergens=sorted(
                per_allergen.get((row["date"], row["diet_id"]), {}).items(), key=lambda pair: name_key(pair[0])
            ),
        )
        for row in meals
    ]
    rows.sort(key=lambda row: (row.day, name_key(row.diet)))
    return rows


# --- presences per classroom --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ClassroomRow:
    institution: str
    classroom: str
    children: int  # children with a meal (of any status) in the period
    present_days: int  # (child, day) with a live meal
    absent_days: int  # (child, day) with an absence reported and no live meal
    cancelled_meals: int


def presences_per_classroom(criteria: dict, institution_ids: set[int] | None) -> list[ClassroomRow]:
    """Per classroom (children only), the days its children ate and the days they were away, three queries: the
    items per child and day grouped again per classroom in the database, the absences, the classrooms' names."""
    first, last = criteria["date_from"], criteria["date_to"]
    children = Child.objects.all()
    if institution_ids is not None:
        children = children.filter(institution_id__in=institution_ids)
    if criteria.get("classrooms_ids"):
        children = children.filter(classroom_id__in=criteria["classrooms_ids"])
    per_child_day = (
        OrderItem.objects.filter(date__gte=first, date__lte=last, child_id__in=children.values("pk"))
        .values("child__classroom_id", "child_id", "date")
        .annotate(
            live=Count("status", filter=Q(status__in=LIVE_STATUSES)),
            cancelled=Count("status", filter=Q(status=OrderItem.Status.CANCELLED)),
        )
        .order_by()
    )
    inner, params = per_child_day.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            f"""SELECT days.classroom_id, COUNT(DISTINCT days.child_id), COUNT(*) FILTER (WHERE days.live > 0),
                       SUM(days.cancelled)
                  FROM ({inner}) AS days (classroom_id, child_id, date, live, cancelled)
                 GROUP BY days.classroom_id""",
            params,
        )
        counted = {row[0]: row[1:] for row in cursor.fetchall()}
    live_days = OrderItem.objects.filter(child_id=OuterRef("child_id"), date=OuterRef("date"), status__in=LIVE_STATUSES)
    absences = dict(
        Absence.objects.filter(date__gte=first, date__lte=last, child_id__in=children.values("pk"))
        .exclude(Exists(live_days))
        .values("child__classroom_id")
        .annotate(days=Count("pk"))
        .values_list("child__classroom_id", "days")
        .order_by()
    )
    classrooms = Classroom.objects.filter(pk__in=set(counted) | set(absences)).values_list(
        "pk", "institution__name", "name"
    )
    rows = [
        ClassroomRow(
            institution=institution,
            classroom=name,
            children=counted.get(pk, (0, 0, 0))[0],
            present_days=counted.get(pk, (0, 0, 0))[1],
            absent_days=absences.get(pk, 0),
            cancelled_meals=int(counted.get(pk, (0, 0, 0))[2] or 0),
        )
        for pk, institution, name in classrooms
    ]
    rows.sort(key=lambda row: (name_key(row.institution), name_key(row.classroom)))
    return rows


# --- VAT ------------------------------------------------------------------------------------------------------------


def gross_per_month(criteria: dict, institution_ids: set[int] | None) -> list[tuple[date, int, Decimal]]:
    """(month, meals, what their payers pay) of the live meals, per month (one query)."""
    return list(
        live_items(criteria, institution_ids)
        .annotate(month=TruncMonth("date"))
        .values("month")
        .annotate(meals=Count("status"), amount=Sum("price"))
        .order_by("month")
        .values_list("month", "meals", "amount")
    )


# --- meals to prepare per kitchen ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class KitchenRow:
    kitchen: str  # "" when no kitchen prepares the meal type for the institution
    day: date
    meal_type: str
    diet: str
    portion_size: str
    portions: int


def meals_per_kitchen(criteria: dict, institution_ids: set[int] | None) -> list[KitchenRow]:
    """Per kitchen, day, meal type, diet and portion size, the portions to prepare: kitchen's live items
    (`kitchen.selectors.prepare.live_items`), each counted for the kitchen that prepares its meal type for its
    institution (`KitchenInstitutionMealType`), in one grouped query plus the names."""
    items = prepare.live_items(
        date_from=criteria["date_from"],
        date_to=criteria["date_to"],
        reachable_institution_ids=institution_ids,
        institution_ids=criteria.get("institutions_ids"),
    )
    if criteria.get("kitchens_ids"):
        items = items.filter(
            Exists(
                KitchenInstitutionMealType.objects.filter(
                    kitchen_id__in=criteria["kitchens_ids"],
                    institution_id=OuterRef("place_id"),
                    meal_type_id=OuterRef("meal_type_id"),
                )
            )
        )
    kitchen = (
        KitchenInstitutionMealType.objects.filter(
            institution_id=OuterRef("place_id"), meal_type_id=OuterRef("meal_type_id")
        )
        .order_by("kitchen__name")
        .values("kitchen__name")[:1]
    )
    counted = list(
        items.annotate(kitchen=Subquery(kitchen))
        .values("kitchen", "date", "meal_type_id", "diet_id", "portion_size_id")
        .annotate(portions=Count("status"))
        .order_by()
    )
    meal_types = {
        pk: (position, name)
        for pk, position, name in MealType.objects.filter(pk__in={r["meal_type_id"] for r in counted}).values_list(
            "pk", "position", "name"
        )
    }
    diets = dict(Diet.objects.filter(pk__in={r["diet_id"] for r in counted}).values_list("pk", "name"))
    sizes = dict(PortionSize.objects.filter(pk__in={r["portion_size_id"] for r in counted}).values_list("pk", "name"))
    counted.sort(
        key=lambda r: (
            name_key(r["kitchen"] or "\uffff"),
            r["date"],
            meal_types[r["meal_type_id"]],
            name_key(diets[r["diet_id"]]),
            name_key(sizes[r["portion_size_id"]]),
        )
    )
    return [
        KitchenRow(
            kitchen=r["kitchen"] or "",
            day=r["date"],
            meal_type=meal_types[r["meal_type_id"]][1],
            diet=diets[r["diet_id"]],
            portion_size=sizes[r["portion_size_id"]],
            portions=r["portions"],
        )
        for r in counted
    ]
