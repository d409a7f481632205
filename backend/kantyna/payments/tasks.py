"""Payments jobs: the periodic reconciliation of payments left pending, fanned out per tenant (as ordering's jobs)."""

from __future__ import annotations

from procrastinate.contrib.django import app

from kantyna.payments.services import payments_reconcile
from kantyna.tenancy.jobs import defer_for_each_tenant, tenant_job


@app.task(queue="payments")
@tenant_job
def reconcile_tenant() -> dict:
    return payments_reconcile()


@app.periodic(cron="*/10 * * * *", periodic_id="payments-reconcile")
@app.task(queue="payments", queueing_lock="payments-reconcile")
def reconcile_all_tenants(timestamp: int) -> dict:
    """Every 10 minutes: ask the providers about every tenant's payments left pending."""
    return defer_for_each_tenant(reconcile_tenant)
