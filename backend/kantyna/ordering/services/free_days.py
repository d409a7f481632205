"""Free days (DESIGN.md §4): days without meals, for every institution or one. Creating one cancels the live
items of that day there (refunded: the customer did not choose to cancel) — nobody pays for a closed kitchen."""

from __future__ import annotations

from datetime import date, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from kantyna.audit.services import audit_record
from kantyna.core.exceptions import ApiError
from kantyna.institutions.models import Institution
from kantyna.ordering.models import FreeDay, OrderItem
from kantyna.ordering.services.items import items_cancel

INVALID = "The given data was invalid."
MAX_RANGE_DAYS = 366


def _items_of(day_institutions: list[tuple[date, int | None]]):
    condition = Q(pk__in=[])
    for day, institution_id in day_institutions:
        if institution_id is None:
            condition |= Q(date=day)
        else:
            condition |= Q(date=day) & (
                Q(child__institution_id=institution_id) | Q(worker__institution_id=institution_id)
            )
    return OrderItem.objects.filter(condition, status=OrderItem.Status.ACTIVE)


@transaction.atomic
def free_days_create(
    *, actor, date: date, name: str = "", date_to: date | None = None, institution: Institution | None = None
) -> list[FreeDay]:
    """One free day, or one per day of [date, date_to]. A day already free there is refused."""
    last = date_to or date
    if last < date:
        raise ApiError(INVALID, errors={"date_to": [_("The end date cannot be before the start date.")]})
    if (last - date).days >= MAX_RANGE_DAYS:
        raise ApiError(INVALID, errors={"date_to": [_("A range can cover at most a year.")]})
    days = [date + timedelta(days=offset) for offset in range((last - date).days + 1)]
    taken = FreeDay.objects.filter(date__in=days, institution=institution)
    if taken.exists():
        raise ApiError(INVALID, errors={"date": [_("This day is already a free day.")]})
    created = FreeDay.objects.bulk_create([FreeDay(date=day, institution=institution, name=name) for day in days])
    institution_id = institution.pk if institution else None
    items = list(_items_of([(day, institution_id) for day in days]))
    items_cancel(actor=actor, items=items, staff_override=True)
    for free_day in created:
        audit_record(actor=actor, action="free_day.create", target=free_day, data={"cancelled_items": len(items)})
    return created


@transaction.atomic
def free_day_update(*, actor, instance: FreeDay, name: str) -> FreeDay:
    instance.name = name
    instance.save(update_fields=["name"])
    audit_record(actor=actor, action="free_day.update", target=instance)
    return instance


@transaction.atomic
def free_days_delete(*, actor, free_days: list[FreeDay]) -> int:
    for free_day in free_days:
        audit_record(actor=actor, action="free_day.delete", target=free_day)
    count, _deleted = FreeDay.objects.filter(pk__in=[free_day.pk for free_day in free_days]).delete()
    return count
