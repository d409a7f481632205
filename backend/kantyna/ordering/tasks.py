"""Ordering jobs: the nightly automark, the order-day charge, the missing-orders reminders and next year's public
holidays, per tenant (Procrastinate periodic tasks).

Each periodic task fans out one job per tenant (`tenancy.jobs.defer_for_each_tenant`: one waits and one runs per
tenant), so a failing or slow tenant does not stop the others and the work of one tenant runs in its own schema and
transaction."""

from __future__ import annotations

from procrastinate.contrib.django import app

from kantyna.ordering.services.automark import automark_run
from kantyna.ordering.services.charging import charge_day
from kantyna.ordering.services.free_days import public_holidays_ensure
from kantyna.ordering.services.reminders import missing_orders_remind
from kantyna.tenancy.jobs import defer_for_each_tenant, tenant_job


@app.task(queue="ordering")
@tenant_job
def automark_tenant() -> dict:
    return automark_run().as_dict()


@app.task(queue="ordering")
@tenant_job
def charge_tenant_day() -> dict:
    return charge_day()


@app.task(queue="ordering")
@tenant_job
def public_holidays_tenant() -> dict:
    return {"free_days": len(public_holidays_ensure())}


@app.task(queue="ordering")
@tenant_job
def remind_tenant() -> dict:
    return missing_orders_remind()


@app.periodic(cron="30 1 * * *", periodic_id="ordering-automark")
@app.task(queue="ordering", queueing_lock="ordering-automark")
def automark_all_tenants(timestamp: int) -> dict:
    """Nightly (01:30 UTC): automark every active tenant."""
    return defer_for_each_tenant(automark_tenant)


@app.periodic(cron="5 3 * * *", periodic_id="ordering-charge-day")
@app.task(queue="ordering", queueing_lock="ordering-charge-day")
def charge_all_tenants(timestamp: int) -> dict:
    """Daily (03:05 UTC, after midnight in Europe): charge today's items where the tenant charges on the order day."""
    return defer_for_each_tenant(charge_tenant_day)


@app.periodic(cron="*/15 * * * *", periodic_id="ordering-missing-orders")
@app.task(queue="ordering", queueing_lock="ordering-missing-orders")
def remind_all_tenants(timestamp: int) -> dict:
    """Every quarter of an hour: missing-orders reminders whose trigger time has come. A slow run and the next one
    never remind twice: one job per tenant runs at a time (the fan-out's `lock`)."""
    return defer_for_each_tenant(remind_tenant)


@app.periodic(cron="40 2 * * *", periodic_id="ordering-public-holidays")
@app.task(queue="ordering", queueing_lock="ordering-public-holidays")
def public_holidays_all_tenants(timestamp: int) -> dict:
    """Daily (02:40 UTC): next year's public holidays become free days in every active tenant (a year is offered
    once, so this is a no-op on all but the first day a year is reached)."""
    return defer_for_each_tenant(public_holidays_tenant)
