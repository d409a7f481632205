"""Automated reports' jobs: every 5 minutes, per active tenant, the periods due are claimed and their sends deferred
(`services.due_reports_send`); each send is a job of its own (`send_run`), retried when the mail or the report fails.

The fan-out is every periodic job's (`tenancy.jobs.defer_for_each_tenant`): one job per tenant, at most one waiting per
tenant (`queueing_lock`) and one running (`lock`), so a slow tenant neither piles up jobs nor runs twice at once. Running twice would still send once: the
claim is the unique (report, period key), not the lock."""

from __future__ import annotations

from procrastinate.contrib.django import app

from kantyna.automated_reports import services
from kantyna.tenancy.jobs import defer_for_each_tenant, tenant_job


@app.task(name=services.SEND_RUN_TASK, queue=services.SEND_QUEUE, retry=5)
@tenant_job
def send_run(*, run_id: int) -> str:
    return services.run_send(run_id=run_id)


@app.task(queue="reports")
@tenant_job
def send_due_tenant() -> dict:
    return services.due_reports_send().as_dict()


@app.periodic(cron="*/5 * * * *", periodic_id="automated-reports-due")
@app.task(queue="reports", queueing_lock="automated-reports-due")
def send_due_all_tenants(timestamp: int) -> dict:
    """Every 5 minutes: each active tenant's automated reports that are due."""
    return defer_for_each_tenant(send_due_tenant)
