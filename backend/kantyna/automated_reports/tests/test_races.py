"""Claiming a period under concurrency (against PostgreSQL): two checks of one tenant at the same moment, each in its
own connection, claim the period once and defer one send; the other waits for the first's insert, then claims
nothing."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest
from django.db import connection, transaction

from kantyna.automated_reports import services
from kantyna.automated_reports.models import AutomatedReport, AutomatedReportRun
from kantyna.automated_reports.tests.helpers import make_report, send_jobs
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import run_concurrently
from kantyna.testing.factories import make_user

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]

NOW = datetime(2026, 11, 10, 6, 0, tzinfo=UTC)


def test_given_two_checks_racing_for_one_due_period_then_one_run_and_one_send(tenant_a):
    manager = make_user(tenant_a, "ROLE_MANAGE_REPORTS")
    with in_tenant(tenant_a):
        report = make_report(
            manager, frequency="daily", relative_period="yesterday", send_time=time(6, 0), day_of_month=None
        )
        AutomatedReport.objects.filter(pk=report.pk).update(active_since=NOW - timedelta(days=1))
    connection.set_schema_to_public()
    claimed = []

    def check():
        claimed.append(len(services.due_reports_send(now=NOW).claimed))

    outcomes = run_concurrently(tenant_a, check, check)

    assert outcomes == [None, None]
    assert sorted(claimed) == [0, 1]
    with in_tenant(tenant_a):
        assert list(AutomatedReportRun.objects.values_list("period_key", "manual")) == [("2026-11-10", False)]
        run_id = AutomatedReportRun.objects.get().pk
        assert send_jobs() == [{"slug": tenant_a.slug, "run_id": run_id}]
    connection.set_schema_to_public()


def test_given_two_claims_of_one_period_in_parallel_then_exactly_one_gets_the_run(tenant_a):
    """The claim itself, without the pre-read that usually spares it: both reach the insert."""
    manager = make_user(tenant_a, "ROLE_MANAGE_REPORTS")
    with in_tenant(tenant_a):
        report = make_report(manager)
        due = services.last_due(services.schedule_of(report), NOW)
    connection.set_schema_to_public()
    runs = []

    def claim():
        with transaction.atomic():
            runs.append(services.scheduled_run_claim(AutomatedReport.objects.get(pk=report.pk), due))

    outcomes = run_concurrently(tenant_a, claim, claim)

    assert outcomes == [None, None]
    assert sorted(run is None for run in runs) == [False, True]
    with in_tenant(tenant_a):
        assert AutomatedReportRun.objects.count() == 1
    connection.set_schema_to_public()
