"""Ordering jobs: the nightly automark, the order-day charge and the missing-orders reminders, per tenant
(Procrastinate periodic tasks).

Each periodic task fans out one job per active tenant, so a failing tenant does not stop the others and the
work of one tenant runs in its own schema and transaction."""

from __future__ import annotations

from procrastinate.contrib.django import app

from kantyna.ordering.services.automark import automark_run
from kantyna.ordering.services.charging import charge_day
from kantyna.ordering.services.free_days import public_holidays_ensure
from kantyna.ordering.services.reminders import missing_orders_remind
from kantyna.tenancy.jobs import active_tenant_slugs, tenant_schema


@app.task(queue="ordering", queueing_lock="ordering-automark-tenant")
def automark_tenant(*, slug: str) -> dict:
    with tenant_schema(slug):
        return automark_run().as_dict()


@app.task(queue="ordering")
def charge_tenant_day(*, slug: str) -> dict:
    with tenant_schema(slug):
        return charge_day()


@app.task(queue="ordering")
def public_holidays_tenant(*, slug: str) -> dict:
    with tenant_schema(slug):
        return {"free_days": len(public_holidays_ensure())}


@app.task(queue="ordering")
def remind_tenant(*, slug: str) -> dict:
    with tenant_schema(slug):
        return missing_orders_remind()


@app.periodic(cron="30 1 * * *", periodic_id="ordering-automark")
@app.task(queue="ordering", queueing_lock="ordering-automark")
def automark_all_tenants(timestamp: int) -> dict:
    """Nightly (01:30 UTC): automark every active tenant."""
    slugs = active_tenant_slugs()
    for slug in slugs:
        automark_tenant.configure(queueing_lock=f"ordering-automark-{slug}").defer(slug=slug)
    return {"tenants": len(slugs)}


@app.periodic(cron="5 3 * * *", periodic_id="ordering-charge-day")
@app.task(queue="ordering", queueing_lock="ordering-charge-day")
def charge_all_tenants(timestamp: int) -> dict:
    """Daily (03:05 UTC, after midnight in Europe): charge today's items where the tenant charges on the order day."""
    slugs = active_tenant_slugs()
    for slug in slugs:
        charge_tenant_day.configure(lock=f"ordering-charge-{slug}").defer(slug=slug)
    return {"tenants": len(slugs)}


@app.periodic(cron="*/15 * * * *", periodic_id="ordering-missing-orders")
@app.task(queue="ordering", queueing_lock="ordering-missing-orders")
def remind_all_tenants(timestamp: int) -> dict:
    """Every quarter of an hour: missing-orders reminders whose trigger time has come. One job per tenant at a time
    (`lock`), so a slow run and the next one never remind twice."""
    slugs = active_tenant_slugs()
    for slug in slugs:
        remind_tenant.configure(lock=f"ordering-missing-orders-{slug}").defer(slug=slug)
    return {"tenants": len(slugs)}


@app.periodic(cron="40 2 * * *", periodic_id="ordering-public-holidays")
@app.task(queue="ordering", queueing_lock="ordering-public-holidays")
def public_holidays_all_tenants(timestamp: int) -> dict:
    """Daily (02:40 UTC): next year's public holidays become free days in every active tenant (a year is offered
    once, so this is a no-op on all but the first day a year is reached)."""
    slugs = active_tenant_slugs()
    for slug in slugs:
        public_holidays_tenant.configure(lock=f"ordering-public-holidays-{slug}").defer(slug=slug)
    return {"tenants": len(slugs)}
