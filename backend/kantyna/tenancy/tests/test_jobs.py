"""Jobs for every tenant, every time (issue 29): each periodic fan-out defers one job per ready, active tenant, a
tenant whose previous job still waits gets no second one and stops nobody after it, and a tenant job for a tenant
not ready (still being created) or without its schema is skipped, never failed. On Procrastinate's own tables."""

from __future__ import annotations

import logging

import pytest
from django.db import connection
from procrastinate.contrib.django import app
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.automated_reports.tasks import send_due_all_tenants, send_due_tenant
from kantyna.fiscal.tasks import register_due_all_tenants, register_due_tenant
from kantyna.ordering.tasks import (
    automark_all_tenants,
    automark_tenant,
    charge_all_tenants,
    charge_tenant_day,
    public_holidays_all_tenants,
    public_holidays_tenant,
    remind_all_tenants,
    remind_tenant,
)
from kantyna.payments.tasks import reconcile_all_tenants, reconcile_tenant
from kantyna.tenancy.jobs import tenant_lock
from kantyna.tenancy.models import Tenant

pytestmark = pytest.mark.django_db

# Every periodic job that fans out per tenant, with the tenant job it defers.
FAN_OUTS = [
    (automark_all_tenants, automark_tenant),
    (charge_all_tenants, charge_tenant_day),
    (remind_all_tenants, remind_tenant),
    (public_holidays_all_tenants, public_holidays_tenant),
    (reconcile_all_tenants, reconcile_tenant),
    (register_due_all_tenants, register_due_tenant),
    (send_due_all_tenants, send_due_tenant),
]
# The periodic jobs of the whole site, not of a tenant.
GLOBAL_PERIODIC_IDS = {"identity-prune", "core-retry-stalled-jobs"}

IDS = [fan_out.name.rsplit(".", 1)[1] for fan_out, _tenant_job in FAN_OUTS]


def only_tenants(*slugs: str, ready: bool = True) -> list[Tenant]:
    """These tenants (public rows only: a fan-out defers, it does not enter schemas), and every other one switched
    off for the test (rolled back after it)."""
    Tenant.objects.update(is_active=False)
    return [Tenant.objects.create(slug=slug, name=slug, schema_name=f"t_{slug}", is_ready=ready) for slug in slugs]


def jobs_by_tenant(task) -> dict[str, list[tuple[int, str, str, str]]]:
    jobs: dict[str, list[tuple[int, str, str, str]]] = {}
    for job in ProcrastinateJob.objects.filter(task_name=task.name).order_by("id"):
        jobs.setdefault(job.args["slug"], []).append((job.id, job.status, job.lock, job.queueing_lock))
    return jobs


def test_every_periodic_job_of_the_tenants_is_a_fan_out_tested_here():
    periodic = {task.periodic_id: task.task.name for task in app.periodic_registry.periodic_tasks.values()}

    assert set(periodic) >= GLOBAL_PERIODIC_IDS
    assert sorted(name for periodic_id, name in periodic.items() if periodic_id not in GLOBAL_PERIODIC_IDS) == sorted(
        fan_out.name for fan_out, _tenant_job in FAN_OUTS
    )


@pytest.mark.parametrize(("fan_out", "tenant_job"), FAN_OUTS, ids=IDS)
def test_given_the_second_tenants_job_still_waits_when_the_fan_out_runs_then_the_first_and_third_get_theirs(
    fan_out, tenant_job, caplog
):
    # Given three tenants, the second's job of the previous run still waiting (a slow night, a worker down)
    only_tenants("fan-first", "fan-second", "fan-third")
    waiting_lock = tenant_lock(tenant_job.name, "fan-second")
    waiting = tenant_job.configure(lock=waiting_lock, queueing_lock=waiting_lock).defer(slug="fan-second")

    # When the periodic job fans out
    with caplog.at_level(logging.INFO, logger="kantyna.tenancy.jobs"):
        result = fan_out(timestamp=0)

    # Then the first and the third get their job, and the second still has exactly its waiting one; each job runs
    # behind its tenant's lock, waiting and running
    assert result == {"tenants": 3, "deferred": 2}
    first_lock, third_lock = tenant_lock(tenant_job.name, "fan-first"), tenant_lock(tenant_job.name, "fan-third")
    jobs = jobs_by_tenant(tenant_job)
    assert [(status, lock, queueing_lock) for _id, status, lock, queueing_lock in jobs["fan-first"]] == [
        ("todo", first_lock, first_lock)
    ]
    assert jobs["fan-second"] == [(waiting, "todo", waiting_lock, waiting_lock)]
    assert [(status, lock, queueing_lock) for _id, status, lock, queueing_lock in jobs["fan-third"]] == [
        ("todo", third_lock, third_lock)
    ]
    assert set(jobs) == {"fan-first", "fan-second", "fan-third"}
    assert [record.getMessage() for record in caplog.records] == [
        f"{tenant_job.name} for tenant 'fan-second' not deferred: its previous job still waits"
    ]


@pytest.mark.parametrize(("fan_out", "tenant_job"), FAN_OUTS, ids=IDS)
def test_given_a_tenant_still_being_created_when_the_fan_out_runs_then_it_gets_no_job(fan_out, tenant_job):
    # Given a ready tenant and one whose creation has not finished (its schema not migrated yet)
    only_tenants("fan-ready")
    Tenant.objects.create(slug="fan-creating", name="New", schema_name="t_fan_creating")

    # When the periodic job fans out
    result = fan_out(timestamp=0)

    # Then only the ready one gets a job
    assert result == {"tenants": 1, "deferred": 1}
    assert set(jobs_by_tenant(tenant_job)) == {"fan-ready"}


@pytest.mark.parametrize("tenant_job", [tenant_job for _fan_out, tenant_job in FAN_OUTS], ids=IDS)
def test_given_a_tenant_still_being_created_when_its_job_runs_then_it_is_skipped_not_failed(tenant_job, caplog):
    """A job that returns without raising is a job succeeded: the worker marks it so, and does not retry it."""
    # Given a tenant created up to its schema, which has no tables yet (migrating), and a job deferred for it
    Tenant.objects.create(slug="fan-creating", name="New", schema_name="t_fan_creating")
    with connection.cursor() as cursor:
        cursor.execute("CREATE SCHEMA t_fan_creating")

    # When the job runs
    with caplog.at_level(logging.WARNING, logger="kantyna.tenancy.jobs"):
        outcome = tenant_job(slug="fan-creating")

    # Then it does nothing, says why, and leaves the connection in the public schema
    assert outcome is None
    assert [record.getMessage() for record in caplog.records] == [
        f"Job {tenant_job.name} skipped: tenant 'fan-creating' is not ready (being created), gone or without its schema"
    ]
    assert connection.schema_name == "public"


@pytest.mark.parametrize("slug", ["fan-no-schema", "fan-gone"])
def test_given_a_ready_tenant_without_its_schema_or_no_tenant_when_its_job_runs_then_it_is_skipped(slug, caplog):
    # Given a tenant marked ready whose schema is missing, and a slug no tenant has
    Tenant.objects.create(slug="fan-no-schema", name="Lost", schema_name="t_fan_no_schema", is_ready=True)

    # When a job runs for it
    with caplog.at_level(logging.WARNING, logger="kantyna.tenancy.jobs"):
        outcome = reconcile_tenant(slug=slug)

    # Then it is skipped with a log line, not failed
    assert outcome is None
    assert len(caplog.records) == 1
    assert connection.schema_name == "public"
