"""Ordered vs released (issue 16): for days and institutions, per institution x meal type x diet, the meals
ordered (live order items, `prepare.live_items`) beside the meals the kitchen recorded as released (daily meals
releases, summed over portion sizes) and the difference. Five queries whatever the number of rows: the two
counts grouped in the database, then the names of what they counted."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.db.models import Count, Max, QuerySet, Sum

from kantyna.catalog.models import Diet, MealType
from kantyna.institutions.models import Institution
from kantyna.kitchen.models import DailyMealsRelease
from kantyna.kitchen.selectors.prepare import live_items, name_key


@dataclass
class ReleaseLine:
    meal_type_id: int
    meal_type_name: str
    diet_id: int
    diet_name: str
    ordered: int = 0
    released: int = 0

    @property
    def difference(self) -> int:
        """Released minus ordered: negative when less was handed over than ordered."""
        return self.released - self.ordered


@dataclass
class InstitutionDay:
    date: date
    institution_id: int
    institution_name: str
    recorded: bool = False  # whether any release was recorded for the day
    lines: list[ReleaseLine] = field(default_factory=list)

    @property
    def ordered(self) -> int:
        return sum(line.ordered for line in self.lines)

    @property
    def released(self) -> int:
        return sum(line.released for line in self.lines)

    @property
    def difference(self) -> int:
        return self.released - self.ordered


def daily_releases(
    queryset: QuerySet[DailyMealsRelease] | None = None,
) -> QuerySet[DailyMealsRelease]:
    """The list's rows with what the serializer names (one query)."""
    queryset = queryset if queryset is not None else DailyMealsRelease.objects.all()
    return queryset.select_related("institution", "meal_type", "diet", "portion_size", "recorded_by")


def releases_grouped(
    *,
    date_from: date,
    date_to: date,
    institution_ids: list[int] | None = None,
    reachable_institution_ids: set[int] | None = None,
) -> list[InstitutionDay]:
    """Per day and institution (by date, then the institution's name), per meal type and diet (in their order):
    ordered, released and the difference; a day and institution with neither orders nor releases is left out."""
    ordered = (
        live_items(
            date_from=date_from,
            date_to=date_to,
            reachable_institution_ids=reachable_institution_ids,
            institution_ids=institution_ids,
        )
        .values("date", "place_id", "meal_type_id", "diet_id")
        .annotate(count=Count("id"))
        .order_by()
    )
    released = DailyMealsRelease.objects.filter(date__gte=date_from, date__lte=date_to)
    if reachable_institution_ids is not None:
        released = released.filter(institution_id__in=reachable_institution_ids)
    if institution_ids:
        released = released.filter(institution_id__in=institution_ids)
    released = (
        released.values("date", "institution_id", "meal_type_id", "diet_id")
        .annotate(quantity=Sum("quantity"))
        .order_by()
    )

    counts: dict[tuple, list[int]] = {}
    for row in ordered:
        counts.setdefault((row["date"], row["place_id"], row["meal_type_id"], row["diet_id"]), [0, 0])[0] = row["count"]
    recorded: set[tuple] = set()
    for row in released:
        key = (row["date"], row["institution_id"], row["meal_type_id"], row["diet_id"])
        counts.setdefault(key, [0, 0])[1] = row["quantity"]
        recorded.add(key[:2])
    if not counts:
        return []

    institutions = dict(Institution.objects.filter(pk__in={key[1] for key in counts}).values_list("pk", "name"))
    meal_types = {m.pk: m for m in MealType.objects.filter(pk__in={key[2] for key in counts})}
    diets = {d.pk: d for d in Diet.objects.filter(pk__in={key[3] for key in counts})}
    days: dict[tuple, InstitutionDay] = {}
    for (day, institution_id, meal_type_id, diet_id), (ordered_count, released_count) in counts.items():
        group = days.get((day, institution_id))
        if group is None:
            group = days[(day, institution_id)] = InstitutionDay(
                date=day,
                institution_id=institution_id,
                institution_name=institutions[institution_id],
                recorded=(day, institution_id) in recorded,
            )
        meal_type, diet = meal_types[meal_type_id], diets[diet_id]
        group.lines.append(ReleaseLine(meal_type.pk, meal_type.name, diet.pk, diet.name, ordered_count, released_count))
    for group in days.values():
        group.lines.sort(
            key=lambda line: (
                meal_types[line.meal_type_id].position,
                name_key(line.meal_type_name),
                diets[line.diet_id].priority,
                name_key(line.diet_name),
            )
        )
    return sorted(days.values(), key=lambda group: (group.date, name_key(group.institution_name), group.institution_id))


def nearest_release_date(
    *, before: date, institution_ids: list[int] | None = None, reachable_institution_ids: set[int] | None = None
) -> date | None:
    """The latest day before `before` with recorded releases (of those institutions), or None."""
    releases = DailyMealsRelease.objects.filter(date__lt=before)
    if reachable_institution_ids is not None:
        releases = releases.filter(institution_id__in=reachable_institution_ids)
    if institution_ids:
        releases = releases.filter(institution_id__in=institution_ids)
    return releases.aggregate(latest=Max("date"))["latest"]
