"""Absences (DESIGN.md §4): a day the subject will not eat. Marking one cancels the day's live items (refunding
what was charged, under the same cut-off as any cancel) and records the absence so automarking keeps away. A day
whose meal (of the chosen meal types) was served is refused whole: the subject did eat."""

from __future__ import annotations

from datetime import date, datetime

from django.db import transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.ordering.cutoff import cutoff_config
from kantyna.ordering.models import Absence, OrderItem
from kantyna.ordering.services.items import items_cancel, refuse_closed_day, refuse_served
from kantyna.ordering.subjects import Subject, is_staff


@transaction.atomic
def absence_mark(
    *,
    actor,
    subject: Subject,
    dates: list[date],
    meal_type_ids: list[int] | None = None,
    staff_override: bool = False,
    now: datetime | None = None,
) -> list[OrderItem]:
    """Cancel `subject`'s active items on `dates` (only of `meal_type_ids` when given) and record an absence on
    each day left without a live meal. Returns the cancelled items. A day with a served meal of those meal types
    is refused for everyone, before the cut-off is asked (the clearer reason); a closed day (past the cut-off)
    is refused for customers whether or not it has meals: an absence is a change of the day like any other."""
    now = now or timezone.now()
    dates = sorted(set(dates))
    if not dates:
        return []
    served = OrderItem.objects.filter(**subject.item_filter, date__in=dates, status=OrderItem.Status.SERVED)
    if meal_type_ids:
        served = served.filter(meal_type_id__in=meal_type_ids)
    if (first_served := served.order_by("date", "pk").first()) is not None:
        refuse_served(first_served, field="dates")
    if not (staff_override and is_staff(actor)):
        cutoff = cutoff_config()
        closed = next((day for day in dates if not cutoff.is_open(day, now)), None)
        if closed is not None:
            refuse_closed_day(closed)
    items = OrderItem.objects.filter(**subject.item_filter, date__in=dates, status=OrderItem.Status.ACTIVE)
    if meal_type_ids:
        items = items.filter(meal_type_id__in=meal_type_ids)
    cancelled = items_cancel(actor=actor, items=list(items), staff_override=staff_override, now=now)
    still_eating = set(
        OrderItem.objects.filter(
            **subject.item_filter, date__in=dates, status__in=[OrderItem.Status.ACTIVE, OrderItem.Status.SERVED]
        ).values_list("date", flat=True)
    )
    Absence.objects.bulk_create(
        [Absence(**subject.item_fields, date=day, created_by=actor) for day in dates if day not in still_eating],
        ignore_conflicts=True,
    )
    audit_record(
        actor=actor,
        action="absence.mark",
        target=subject.child or subject.worker,
        data={"dates": [day.isoformat() for day in dates], "cancelled": [item.pk for item in cancelled]},
    )
    return cancelled


@transaction.atomic
def absence_remove(*, actor, subject: Subject, dates: list[date]) -> int:
    removed, _ = Absence.objects.filter(**subject.item_filter, date__in=dates).delete()
    if removed:
        audit_record(
            actor=actor,
            action="absence.remove",
            target=subject.child or subject.worker,
            data={"dates": [day.isoformat() for day in dates]},
        )
    return removed
