"""Payments jobs: the periodic reconciliation of payments left pending, fanned out per tenant (as ordering's jobs)."""

from __future__ import annotations

from procrastinate.contrib.django import app

from kantyna.payments.services import payments_reconcile
from kantyna.tenancy.jobs import active_tenant_slugs, tenant_schema


@app.task(queue="payments")
def reconcile_tenant(*, slug: str) -> dict:
    with tenant_schema(slug):
        return payments_reconcile()


@app.periodic(cron="*/10 * * * *", periodic_id="payments-reconcile")
@app.task(queue="payments", queueing_lock="payments-reconcile")
def reconcile_all_tenants(timestamp: int) -> dict:
    """Every 10 minutes: ask the providers about every tenant's payments left pending."""
    slugs = active_tenant_slugs()
    for slug in slugs:
        reconcile_tenant.configure(queueing_lock=f"payments-reconcile-{slug}").defer(slug=slug)
    return {"tenants": len(slugs)}
