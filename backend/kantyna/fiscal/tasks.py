"""Fiscal receipts' jobs: every 5 minutes, per active tenant, the deposits due are registered
(`services.fiscal_register_due`); a click in the office defers the same tenant job at once, behind the same lock
(`tenancy.jobs.tenant_lock`). One waits per tenant (`queueing_lock`) and one runs (`lock`), so a slow register neither piles jobs up nor runs a tenant twice; running
twice would still register once (the receipt row lock and the register's idempotency key)."""

from __future__ import annotations

from procrastinate.contrib.django import app

from kantyna.fiscal import services
from kantyna.tenancy.jobs import defer_for_each_tenant, tenant_job


# A failure of the run itself (the database) is retried with a growing pause; a register's refusal is not a
# failure of the run: it stays on the receipt, which the next runs try again (services.backoff).
@app.task(name=services.REGISTER_TASK, queue=services.QUEUE, retry=5)
@tenant_job
def register_due_tenant() -> dict:
    return services.fiscal_register_due().as_dict()


@app.periodic(cron="*/5 * * * *", periodic_id="fiscal-register-due")
@app.task(queue=services.QUEUE, queueing_lock="fiscal-register-due")
def register_due_all_tenants(timestamp: int) -> dict:
    """Every 5 minutes: each active tenant's receipts that are due (a tenant without fiscalization does nothing)."""
    return defer_for_each_tenant(register_due_tenant)
