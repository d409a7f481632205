"""Daily meals releases: what an institution actually received on a day. Keyword-only, atomic, audited.

Every write of an institution's releases locks the institution's row first (`SELECT ... FOR UPDATE`), so two
saves of one day (two admins, a double click) run one after the other: the second sees the first's rows and
the unique key (date, institution, meal type, diet, portion size) is checked, not merely hoped for."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from typing import TypedDict

from django.db import transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.catalog.models import Diet, MealType, PortionSize
from kantyna.core.errors import DomainError, Problem
from kantyna.institutions.models import Institution
from kantyna.kitchen.models import DailyMealsRelease
from kantyna.ordering.cutoff import tenant_today

# A release is recorded on the day or after it; a few days ahead allows preparing a form, no more.
MAX_DAYS_AHEAD = 7


class ReleaseRow(TypedDict, total=False):
    meal_type: MealType
    diet: Diet
    portion_size: PortionSize | None
    quantity: int
    note: str


def _key(row) -> tuple:
    if isinstance(row, DailyMealsRelease):
        return (row.meal_type_id, row.diet_id, row.portion_size_id)
    portion = row.get("portion_size")
    return (row["meal_type"].pk, row["diet"].pk, portion.pk if portion is not None else None)


def _check_date(day: date) -> None:
    latest = tenant_today() + timedelta(days=MAX_DAYS_AHEAD)
    if day > latest:
        raise DomainError("daily_release.too_far_ahead", field="date", params={"date": latest})


def _lock(institution: Institution) -> None:
    Institution.objects.select_for_update().filter(pk=institution.pk).values_list("pk", flat=True).get()


def _refuse_taken(*, day: date, institution: Institution, key: tuple, exclude: int | None = None) -> None:
    meal_type_id, diet_id, portion_size_id = key
    taken = DailyMealsRelease.objects.filter(
        date=day, institution=institution, meal_type_id=meal_type_id, diet_id=diet_id, portion_size_id=portion_size_id
    ).exclude(pk=exclude)
    if taken.exists():
        raise DomainError("daily_release.duplicate", field="meal_type_id")


@transaction.atomic
def daily_release_create(
    *,
    actor,
    date: date,
    institution: Institution,
    meal_type: MealType,
    diet: Diet,
    quantity: int,
    portion_size: PortionSize | None = None,
    note: str = "",
) -> DailyMealsRelease:
    """One row; refused (409) when the day already has a row of this meal type, diet and portion size."""
    _check_date(date)
    _lock(institution)
    release = DailyMealsRelease(
        date=date,
        institution=institution,
        meal_type=meal_type,
        diet=diet,
        portion_size=portion_size,
        quantity=quantity,
        note=note,
        recorded_by=actor,
    )
    _refuse_taken(day=date, institution=institution, key=_key(release))
    release.save()
    audit_record(actor=actor, action="daily_release.create", target=release, data={"quantity": quantity})
    return release


@transaction.atomic
def daily_release_update(*, actor, instance: DailyMealsRelease, **fields) -> DailyMealsRelease:
    """Any field (the day and institution too); the unique key is checked against the other rows."""
    day = fields.get("date", instance.date)
    institution = fields.get("institution", instance.institution)
    _check_date(day)
    _lock(institution)
    for name, value in fields.items():
        setattr(instance, name, value)
    instance.recorded_by = actor
    _refuse_taken(day=day, institution=institution, key=_key(instance), exclude=instance.pk)
    instance.save()
    audit_record(actor=actor, action="daily_release.update", target=instance, data={"fields": sorted(fields)})
    return instance


@transaction.atomic
def daily_release_delete(*, actor, instance: DailyMealsRelease) -> None:
    audit_record(
        actor=actor,
        action="daily_release.delete",
        target=instance,
        data={"date": instance.date.isoformat(), "institution": instance.institution_id, "quantity": instance.quantity},
    )
    instance.delete()


@transaction.atomic
def daily_releases_replace(
    *, actor, date: date, institution: Institution, rows: Iterable[ReleaseRow]
) -> list[DailyMealsRelease]:
    """Make `rows` the institution's releases of the day, wholesale: rows of a kind already recorded are updated
    (their ids stay), the others created, those not given deleted. The same body twice leaves the same rows.
    A kind listed twice is refused (400, per row). Returns the day's rows in the order given."""
    rows = list(rows)
    _check_date(date)
    problems: list[Problem] = []
    seen: set[tuple] = set()
    for index, row in enumerate(rows):
        if _key(row) in seen:
            problems.append(Problem("daily_release.listed_twice", f"rows.{index}.meal_type_id"))
        seen.add(_key(row))
    if problems:
        raise DomainError("invalid", problems=problems)

    _lock(institution)
    current = {
        _key(release): release for release in DailyMealsRelease.objects.filter(date=date, institution=institution)
    }
    kept: list[DailyMealsRelease] = []
    changed: list[DailyMealsRelease] = []
    added: list[DailyMealsRelease] = []
    for row in rows:
        release = current.pop(_key(row), None)
        quantity, note = row["quantity"], row.get("note", "")
        if release is None:
            release = DailyMealsRelease(
                date=date,
                institution=institution,
                meal_type=row["meal_type"],
                diet=row["diet"],
                portion_size=row.get("portion_size"),
                quantity=quantity,
                note=note,
                recorded_by=actor,
            )
            added.append(release)
        elif (release.quantity, release.note) != (quantity, note):
            release.quantity, release.note, release.recorded_by = quantity, note, actor
            changed.append(release)
        kept.append(release)
    removed = [release.pk for release in current.values()]
    DailyMealsRelease.objects.filter(pk__in=removed).delete()
    now = timezone.now()
    for release in changed:
        release.recorded_at = now
    DailyMealsRelease.objects.bulk_update(changed, ["quantity", "note", "recorded_by", "recorded_at"])
    DailyMealsRelease.objects.bulk_create(added)
    audit_record(
        actor=actor,
        action="daily_release.replace",
        target=institution,
        data={"date": date.isoformat(), "added": len(added), "changed": len(changed), "removed": len(removed)},
    )
    return kept
