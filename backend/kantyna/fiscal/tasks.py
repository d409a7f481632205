"""Fiscal receipts' jobs: every 5 minutes, per active tenant, the deposits due are registered
(`services.fiscal_register_due`); a click in the office defers the same tenant job at once. One waits per tenant
(`queueing_lock`) and one runs (`lock`), so a slow register neither piles jobs up nor runs a tenant twice; running
twice would still register once (the receipt row lock and the register's idempotency key)."""

from __future__ import annotations

from django.db import transaction
from procrastinate.contrib.django import app
from procrastinate.exceptions import AlreadyEnqueued

from kantyna.fiscal import services
from kantyna.tenancy.jobs import active_tenant_slugs, tenant_schema


# A failure of the run itself (the database) is retried with a growing pause; a register's refusal is not a
# failure of the run: it stays on the receipt, which the next runs try again (services.backoff).
@app.task(name=services.REGISTER_TASK, queue=services.QUEUE, retry=5)
def register_due_tenant(*, slug: str) -> dict:
    with tenant_schema(slug):
        return services.fiscal_register_due().as_dict()


@app.periodic(cron="*/5 * * * *", periodic_id="fiscal-register-due")
@app.task(queue=services.QUEUE, queueing_lock="fiscal-register-due")
def register_due_all_tenants(timestamp: int) -> dict:
    """Every 5 minutes: each active tenant's receipts that are due (a tenant without fiscalization does nothing)."""
    slugs = active_tenant_slugs()
    deferred = 0
    for slug in slugs:
        try:
            with transaction.atomic():  # a refused insert must not abort the caller's transaction
                register_due_tenant.configure(lock=f"fiscal-{slug}", queueing_lock=f"fiscal-{slug}").defer(slug=slug)
            deferred += 1
        except AlreadyEnqueued:
            pass  # the tenant's previous run still waits for a worker: it will see the same receipts
    return {"tenants": len(slugs), "deferred": deferred}
