"""The cut-off (DESIGN.md §4): ordering and cancelling for day D close at `order_deadline_time` on the day
`order_deadline_days_before` days before D, in the tenant's timezone. Services take `now` as an argument so
tests freeze time by passing it, never by mocking the clock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.db import connection
from django.utils import timezone

from kantyna.tenancy.models import Tenant
from kantyna.tenant_settings.selectors import settings_get

DEFAULT_TIMEZONE = "Europe/Warsaw"


def tenant_zone() -> ZoneInfo:
    """The timezone of the tenant whose schema is active. `schema_context` (jobs, tests) sets a stand-in tenant
    without the field: the row is read then."""
    tenant = getattr(connection, "tenant", None)
    name = getattr(tenant, "timezone", None)
    schema = getattr(connection, "schema_name", None)
    if name is None and schema and schema != "public":
        name = Tenant.objects.filter(schema_name=schema).values_list("timezone", flat=True).first()
    return ZoneInfo(name or DEFAULT_TIMEZONE)


def tenant_now(now: datetime | None = None) -> datetime:
    return (now or timezone.now()).astimezone(tenant_zone())


def tenant_today(now: datetime | None = None) -> date:
    return tenant_now(now).date()


@dataclass(frozen=True)
class Cutoff:
    days_before: int
    deadline_time: time
    zone: ZoneInfo

    def deadline(self, day: date) -> datetime:
        """The moment ordering for `day` closes (aware, tenant timezone)."""
        return datetime.combine(day - timedelta(days=self.days_before), self.deadline_time, tzinfo=self.zone)

    def is_open(self, day: date, now: datetime | None = None) -> bool:
        return (now or timezone.now()) < self.deadline(day)

    def first_open_day(self, now: datetime | None = None) -> date:
        """The earliest day still open at `now`."""
        local = tenant_now(now).astimezone(self.zone)
        day = local.date()
        while not self.is_open(day, local):
            day += timedelta(days=1)
        return day


def cutoff_config(*, row=None) -> Cutoff:
    config = settings_get("orders_config", row=row)
    hours, minutes = (int(part) for part in str(config["order_deadline_time"]).split(":"))
    return Cutoff(
        days_before=int(config["order_deadline_days_before"]), deadline_time=time(hours, minutes), zone=tenant_zone()
    )


def is_open(day: date, now: datetime | None = None, *, config: Cutoff | None = None) -> bool:
    """Whether ordering (and cancelling) for `day` is still open at `now`."""
    return (config or cutoff_config()).is_open(day, now)
