"""Automarking and missing-order notification settings of a meal receiver (spec §3 calendarSubjectSettings and
subjectNotificationsSettings), saved with the child form or through `calendar/subjectsSettings/{type}/{id}`.

Defaults (spec §9, adapted): automarking on, Monday to Friday, interval one_month, and the dates of the current
school year instead of the spec's fixed 2025-09-01..2026-06-26: from 1 September to the last Friday of June.
From July on, "current" is the school year that starts in September. Every change of the automark switch
(and its first value) writes a CalendarSubjectSettingsLog row, which admins see on the child form."""

from __future__ import annotations

import calendar
from datetime import date, time

from django.db import transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.catalog.models import MealType
from kantyna.core.errors import DomainError
from kantyna.core.services import model_update
from kantyna.people.models import (
    CalendarSubjectSettings,
    CalendarSubjectSettingsLog,
    Child,
    WorkerProfile,
    default_automarked_weekdays,
)
from kantyna.pricing.models import PriceListItem
from kantyna.pricing.selectors import price_lists_group_for_child, price_lists_group_for_worker

WEEKDAY_KEYS = tuple(default_automarked_weekdays())
FIRST_SCHOOL_MONTH = 9
NEW_SCHOOL_YEAR_FROM_MONTH = 7  # in July and August the coming school year is the one people set up


def last_friday_of_june(year: int) -> date:
    last = date(year, 6, calendar.monthrange(year, 6)[1])
    return date(year, 6, last.day - (last.weekday() - calendar.FRIDAY) % 7)


def school_year_bounds(today: date | None = None) -> tuple[date, date]:
    """1 September of the current school year and the last Friday of the following June."""
    today = today or timezone.localdate()
    start_year = today.year if today.month >= NEW_SCHOOL_YEAR_FROM_MONTH else today.year - 1
    return date(start_year, FIRST_SCHOOL_MONTH, 1), last_friday_of_june(start_year + 1)


def settings_defaults(today: date | None = None) -> dict:
    start, end = school_year_bounds(today)
    return {
        "automark_presences": True,
        "automarked_weekdays": default_automarked_weekdays(),
        "automark_start_date": start,
        "automark_end_date": end,
        "autoselection_interval": CalendarSubjectSettings.Interval.ONE_MONTH,
        "missing_orders_enabled": False,
        "missing_orders_days_before": 1,
        "missing_orders_trigger_time": time(12, 0),
    }


def _subject_kwargs(child: Child | None, worker: WorkerProfile | None) -> dict:
    return {"child": child} if child is not None else {"worker": worker}


def subject_settings_new(*, child: Child | None = None, worker: WorkerProfile | None = None) -> CalendarSubjectSettings:
    """Unsaved default settings for a receiver (bulk imports store many at once)."""
    return CalendarSubjectSettings(**_subject_kwargs(child, worker), **settings_defaults())


def subject_settings_of(*, child: Child | None = None, worker: WorkerProfile | None = None) -> CalendarSubjectSettings:
    """The receiver's settings, created with the defaults (and a first log row) when it has none yet."""
    settings = CalendarSubjectSettings.objects.filter(**_subject_kwargs(child, worker)).first()
    if settings is None:
        settings = subject_settings_new(child=child, worker=worker)
        settings.save()
        CalendarSubjectSettingsLog.objects.create(
            settings=settings, old_automark_presences=None, new_automark_presences=settings.automark_presences
        )
    return settings


def _price_lists_group(child: Child | None, worker: WorkerProfile | None):
    if child is not None:
        return price_lists_group_for_child(child)
    return worker.price_lists_group if worker.price_lists_group_id else price_lists_group_for_worker()


def _validate_items(
    *, child: Child | None, worker: WorkerProfile | None, meal_types: list[MealType], items: list[PriceListItem]
) -> None:
    """Autoselected items are the receiver's price list items (its group, its diet), one per autoselected meal
    type."""
    if not items:
        return
    group = _price_lists_group(child, worker)
    diet_id = (child or worker).diet_id
    meal_type_ids = {meal_type.pk for meal_type in meal_types}
    seen: set[int] = set()
    for item in items:
        if (
            group is None
            or item.price_list.group_id != group.pk
            or item.diet_id != diet_id
            or item.meal_type_id not in meal_type_ids
        ):
            raise DomainError(
                "subject_settings.item_outside_price_list",
                field="calendar_subject_settings.autoselected_price_lists_items_ids",
            )
        if item.meal_type_id in seen:
            raise DomainError(
                "subject_settings.item_per_meal_type",
                field="calendar_subject_settings.autoselected_price_lists_items_ids",
            )
        seen.add(item.meal_type_id)


def _validate_dates(values: dict) -> None:
    start, end = values.get("automark_start_date"), values.get("automark_end_date")
    if start and end and end < start:
        raise DomainError(
            "subject_settings.automark_ends_before_start", field="calendar_subject_settings.automark_end_date"
        )


def autoselections_prune(
    *, actor, child: Child | None = None, worker: WorkerProfile | None = None, institution_changed: bool = False
) -> None:
    """Spec §4: after the receiver's institution, diet or price lists group changed (already saved), the
    autoselections that no longer apply go: every one when the institution changed, else the items of another
    group or diet. What went is audited (`subject_settings.autoselections_cleared`); nothing to drop, no write."""
    settings = CalendarSubjectSettings.objects.filter(**_subject_kwargs(child, worker)).first()
    if settings is None:
        return
    meal_types = list(settings.autoselected_meal_types.all()) if institution_changed else []
    items = list(settings.autoselected_price_list_items.select_related("price_list"))
    if not institution_changed:
        group = _price_lists_group(child, worker)
        diet_id = (child or worker).diet_id
        items = [
            item for item in items if group is None or item.price_list.group_id != group.pk or item.diet_id != diet_id
        ]
    if not meal_types and not items:
        return
    settings.autoselected_meal_types.remove(*meal_types)
    settings.autoselected_price_list_items.remove(*items)
    audit_record(
        actor=actor,
        action="subject_settings.autoselections_cleared",
        target=settings,
        data={
            "subject": "child" if child is not None else "institution_worker",
            "id": (child or worker).pk,
            "meal_types": sorted(meal_type.pk for meal_type in meal_types),
            "price_list_items": sorted(item.pk for item in items),
        },
    )


CALENDAR_FIELDS = (
    "automark_presences",
    "automarked_weekdays",
    "automark_start_date",
    "automark_end_date",
    "autoselection_interval",
)
NOTIFICATION_FIELDS = ("missing_orders_enabled", "missing_orders_days_before", "missing_orders_trigger_time")


@transaction.atomic
def subject_settings_update(
    *,
    actor,
    child: Child | None = None,
    worker: WorkerProfile | None = None,
    calendar_subject_settings: dict | None = None,
    subject_notifications_settings: dict | None = None,
    audit: bool = True,
) -> CalendarSubjectSettings:
    """Write the given parts (missing keys keep their values); log an automark switch change."""
    settings = subject_settings_of(child=child, worker=worker)
    calendar_values = dict(calendar_subject_settings or {})
    notification_values = dict(subject_notifications_settings or {})
    merged = {field: getattr(settings, field) for field in CALENDAR_FIELDS}
    merged.update({k: v for k, v in calendar_values.items() if k in CALENDAR_FIELDS})
    _validate_dates(merged)
    meal_types = calendar_values.get("autoselected_meal_types")
    items = calendar_values.get("autoselected_price_list_items")
    if meal_types is not None or items is not None:
        meal_types = list(meal_types if meal_types is not None else settings.autoselected_meal_types.all())
        items = list(items if items is not None else settings.autoselected_price_list_items.all())
        # Items of meal types no longer autoselected are dropped rather than refused (the form clears them).
        meal_type_ids = {meal_type.pk for meal_type in meal_types}
        items = [item for item in items if item.meal_type_id in meal_type_ids]
        _validate_items(child=child, worker=worker, meal_types=meal_types, items=items)

    old_automark = settings.automark_presences
    if "automarked_weekdays" in calendar_values:
        weekdays = calendar_values["automarked_weekdays"]
        calendar_values["automarked_weekdays"] = {key: bool(weekdays.get(key, False)) for key in WEEKDAY_KEYS}
    model_update(instance=settings, fields=CALENDAR_FIELDS, data=calendar_values)
    model_update(instance=settings, fields=NOTIFICATION_FIELDS, data=notification_values)
    if meal_types is not None:
        settings.autoselected_meal_types.set(meal_types)
        settings.autoselected_price_list_items.set(items)
    if settings.automark_presences != old_automark:
        CalendarSubjectSettingsLog.objects.create(
            settings=settings,
            old_automark_presences=old_automark,
            new_automark_presences=settings.automark_presences,
            changed_by=actor if getattr(actor, "pk", None) else None,
        )
    if audit:
        audit_record(
            actor=actor,
            action="subject_settings.update",
            target=settings,
            data={"subject": "child" if child is not None else "institution_worker", "id": (child or worker).pk},
        )
    return settings
