"""Payments jobs: the periodic reconciliation of payments left pending, fanned out per tenant (as ordering's jobs)."""

from __future__ import annotations

from django.db import connection
from procrastinate.contrib.django import app

from kantyna.payments.services import payments_reconcile
from kantyna.tenancy.models import Tenant


@app.task(queue="payments")
def reconcile_tenant(*, slug: str) -> dict:
    connection.set_tenant(Tenant.objects.get(slug=slug))
    try:
        return payments_reconcile()
    finally:
        connection.set_schema_to_public()


@app.periodic(cron="*/10 * * * *", periodic_id="payments-reconcile")
@app.task(queue="payments", queueing_lock="payments-reconcile")
def reconcile_all_tenants(timestamp: int) -> dict:
    """Every 10 minutes: ask the providers about every tenant's payments left pending."""
    connection.set_schema_to_public()
    slugs = list(Tenant.objects.filter(is_active=True).exclude(schema_name="public").values_list("slug", flat=True))
    for slug in slugs:
        reconcile_tenant.configure(queueing_lock=f"payments-reconcile-{slug}").defer(slug=slug)
    return {"tenants": len(slugs)}
