"""Free days (DESIGN.md §4): days without meals, for every institution or one. Creating one cancels the live
items of that day there (refunded: the customer did not choose to cancel) — nobody pays for a closed kitchen.

Public holidays are ordinary free days, offered once per year (`public_holidays_offer`): on the tenant's creation
for this year and the next, and by a daily job for the year after (the job is a no-op for years already offered).
Being rows, they show on the free days screen and are edited there like any other: deleting one (an un-freed
holiday) is final, because the year is not offered again. `orders_config.public_holidays_free_days` (default on)
says whether years are offered at all."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import translation
from django_tenants.utils import schema_context

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.institutions.models import Institution
from kantyna.ordering.cutoff import cutoff_config, tenant_today
from kantyna.ordering.holidays import polish_public_holidays
from kantyna.ordering.models import FreeDay, OrderItem, PublicHolidaysYear
from kantyna.ordering.services.items import items_cancel
from kantyna.tenancy.models import Tenant
from kantyna.tenant_settings.selectors import settings_get

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
        raise DomainError("free_day.ends_before_start", field="date_to")
    if (last - date).days >= MAX_RANGE_DAYS:
        raise DomainError("free_day.range_too_long", field="date_to")
    days = [date + timedelta(days=offset) for offset in range((last - date).days + 1)]
    taken = FreeDay.objects.filter(date__in=days, institution=institution)
    if taken.exists():
        raise DomainError("free_day.taken", field="date")
    created = FreeDay.objects.bulk_create([FreeDay(date=day, institution=institution, name=name) for day in days])
    institution_id = institution.pk if institution else None
    items = list(_items_of([(day, institution_id) for day in days]))
    items_cancel(actor=actor, items=items, staff_override=True)
    for free_day in created:
        audit_record(
            actor=actor,
            action="free_day.create",
            target=free_day,
            data={"date": free_day.date.isoformat(), "name": name, "cancelled_items": len(items)},
        )
    return created


@transaction.atomic
def free_day_update(*, actor, instance: FreeDay, name: str) -> FreeDay:
    instance.name = name
    instance.save(update_fields=["name"])
    audit_record(
        actor=actor, action="free_day.update", target=instance, data={"date": instance.date.isoformat(), "name": name}
    )
    return instance


@transaction.atomic
def free_days_delete(*, actor, free_days: list[FreeDay]) -> int:
    for free_day in free_days:
        audit_record(
            actor=actor,
            action="free_day.delete",
            target=free_day,
            data={"date": free_day.date.isoformat(), "name": free_day.name},
        )
    count, _deleted = FreeDay.objects.filter(pk__in=[free_day.pk for free_day in free_days]).delete()
    return count


def tenant_created_offer_public_holidays(sender, *, tenant, public_holidays: bool, **kwargs) -> None:
    """A new tenant's first free days (tenancy's `tenant_created`): this year's and next year's public holidays."""
    if public_holidays:
        with schema_context(tenant.schema_name):
            public_holidays_ensure()


def _tenant_language() -> str:
    locale = Tenant.objects.filter(schema_name=connection.schema_name).values_list("locale", flat=True).first()
    return locale or settings.LANGUAGE_CODE


@transaction.atomic
def public_holidays_offer(*, actor=None, years: Iterable[int], now: datetime | None = None) -> list[FreeDay]:
    """Make the public holidays of each of `years` not offered before free days for every institution, named in
    the tenant's language. Only days still open for ordering: a closed day was planned (and maybe served) already,
    so it is left as it is. A day already free everywhere is kept as the tenant made it. Live items on the new
    free days are cancelled and refunded, as for any new free day."""
    cutoff = cutoff_config()
    created: list[FreeDay] = []
    for year in sorted(set(years)):
        _marker, first_time = PublicHolidaysYear.objects.get_or_create(year=year)
        if not first_time:
            continue
        with translation.override(_tenant_language()):
            holidays = [(day, name) for day, name in polish_public_holidays(year) if cutoff.is_open(day, now)]
        taken = set(
            FreeDay.objects.filter(institution__isnull=True, date__in=[day for day, _name in holidays]).values_list(
                "date", flat=True
            )
        )
        new = FreeDay.objects.bulk_create(
            [FreeDay(date=day, institution=None, name=name) for day, name in holidays if day not in taken]
        )
        if not new:
            continue
        items_cancel(actor=actor, items=list(_items_of([(day.date, None) for day in new])), now=now)
        audit_record(
            actor=actor,
            action="free_day.public_holidays",
            data={"year": year, "dates": [day.date.isoformat() for day in new]},
        )
        created += new
    return created


def public_holidays_ensure(*, now: datetime | None = None) -> list[FreeDay]:
    """This year's and next year's holidays offered, where the tenant's settings ask for them."""
    if not settings_get("orders_config").get("public_holidays_free_days", True):
        return []
    year = tenant_today(now).year
    return public_holidays_offer(years=[year, year + 1], now=now)
