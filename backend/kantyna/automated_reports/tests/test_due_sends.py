"""The periodic check (`services.due_reports_send`, the job `send_due_tenant`) and the send job (`run_send`): a
period due is sent once, however often the check runs; a worker down for days sends one catch-up; a disabled
report, or one whose period came before it was scheduled, sends nothing. Time is passed in, never mocked."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest
from django.core import mail

from kantyna.automated_reports import services
from kantyna.automated_reports.models import AutomatedReport, AutomatedReportRun
from kantyna.automated_reports.tasks import send_due_all_tenants, send_due_tenant, send_run
from kantyna.automated_reports.tests.helpers import make_report, send_jobs
from kantyna.ordering.cutoff import tenant_zone
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user

pytestmark = pytest.mark.django_db

# Tuesday 2026-11-10, 07:00 in Warsaw (06:00 UTC); the daily report is due at 06:00 local (05:00 UTC).
NOW = datetime(2026, 11, 10, 6, 0, tzinfo=UTC)


@pytest.fixture
def manager(tenant_a):
    return make_user(tenant_a, "ROLE_MANAGE_REPORTS")


def daily(manager, **overrides) -> AutomatedReport:
    report = make_report(
        manager, frequency="daily", relative_period="yesterday", send_time=time(6, 0), day_of_month=None, **overrides
    )
    # Scheduled a month before NOW: every period of these tests comes after its start.
    AutomatedReport.objects.filter(pk=report.pk).update(active_since=NOW - timedelta(days=30))
    return AutomatedReport.objects.get(pk=report.pk)


def runs() -> list[tuple]:
    return list(
        AutomatedReportRun.objects.order_by("pk").values_list("report__name", "period_key", "manual", "date_from")
    )


def test_given_a_daily_report_due_when_checked_then_its_period_is_claimed_and_one_send_deferred(tenant_a, manager):
    with in_tenant(tenant_a):
        daily(manager, name="Wczoraj")

        outcome = services.due_reports_send(now=NOW)

        assert outcome.as_dict() == {"claimed": 1, "checked": 1}
        assert runs() == [("Wczoraj", "2026-11-10", False, datetime(2026, 11, 9).date())]
        run_id = AutomatedReportRun.objects.get().pk
    assert send_jobs() == [{"slug": tenant_a.slug, "run_id": run_id}]


def test_given_the_check_runs_twice_in_a_period_then_the_period_is_sent_once(tenant_a, manager):
    with in_tenant(tenant_a):
        daily(manager)

        first = services.due_reports_send(now=NOW)
        second = services.due_reports_send(now=NOW + timedelta(minutes=5))

        assert (len(first.claimed), len(second.claimed)) == (1, 0)
        assert len(runs()) == 1
    assert len(send_jobs()) == 1


def test_given_a_worker_down_for_three_days_then_one_catch_up_of_the_latest_period(tenant_a, manager):
    with in_tenant(tenant_a):
        daily(manager, name="Wczoraj")
        services.due_reports_send(now=NOW)

        # Down from NOW until three days later, 12:00 UTC: periods 11, 12 and 13 November were missed.
        outcome = services.due_reports_send(now=NOW + timedelta(days=3, hours=6))

        assert len(outcome.claimed) == 1
        assert [period for _name, period, _manual, _from in runs()] == ["2026-11-10", "2026-11-13"]
    assert len(send_jobs()) == 2


def test_given_a_disabled_report_then_nothing_is_claimed_nor_sent(tenant_a, manager):
    with in_tenant(tenant_a):
        daily(manager, enabled=False)

        outcome = services.due_reports_send(now=NOW)

        assert outcome.as_dict() == {"claimed": 0, "checked": 0}
        assert runs() == []
    assert send_jobs() == []


def test_given_a_report_scheduled_after_todays_due_moment_then_it_waits_for_the_next_period(tenant_a, manager):
    with in_tenant(tenant_a):
        report = daily(manager)
        AutomatedReport.objects.filter(pk=report.pk).update(active_since=NOW - timedelta(minutes=30))

        today = services.due_reports_send(now=NOW)
        tomorrow = services.due_reports_send(now=NOW + timedelta(days=1))

        assert (len(today.claimed), len(tomorrow.claimed)) == (0, 1)
        assert [period for _name, period, _manual, _from in runs()] == ["2026-11-11"]


def test_given_a_manual_send_of_today_then_the_scheduled_period_is_still_sent(tenant_a, manager):
    with in_tenant(tenant_a):
        report = daily(manager)
        services.automated_reports_send_now(actor=manager, reports=[report])

        outcome = services.due_reports_send(now=NOW)

        assert len(outcome.claimed) == 1
        assert sorted(manual for _name, _period, manual, _from in runs()) == [False, True]


def test_the_periodic_job_fans_out_one_check_per_tenant_and_a_waiting_check_is_not_doubled(tenant_a, tenant_b):
    first = send_due_all_tenants(timestamp=0)
    second = send_due_all_tenants(timestamp=300)

    assert first["tenants"] >= 2
    assert first["deferred"] == first["tenants"]
    assert second["deferred"] == 0


def test_the_tenants_check_job_claims_in_the_tenants_schema(tenant_a, manager):
    with in_tenant(tenant_a):
        daily(manager)

    assert send_due_tenant(slug=tenant_a.slug) == {"claimed": 1, "checked": 1}


def test_the_send_job_mails_the_report_attached_to_every_address_and_records_the_run_sent(tenant_a, manager):
    with in_tenant(tenant_a):
        report = daily(manager, name="Zamówienia wczoraj")
        services.due_reports_send(now=NOW)
        run = AutomatedReportRun.objects.get()

    assert send_run(slug=tenant_a.slug, run_id=run.pk) == "sent"

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["ksiegowosc@example.test", "szef@example.test"]
    assert message.subject == "Raport automatyczny: Zamówienia wczoraj"
    assert "09.11.2026" in message.body
    [(file_name, content, content_type)] = message.attachments
    assert file_name.endswith("2026-11-09.xlsx")
    assert content_type == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert content[:2] == b"PK"
    with in_tenant(tenant_a):
        run.refresh_from_db()
        report.refresh_from_db()
        assert (run.state, run.error) == ("sent", "")
        assert run.sent_at is not None
        assert (report.last_sent_period, report.last_run_at) == ("2026-11-10", run.sent_at)

    # A retried job after the mail left sends nothing more.
    assert send_run(slug=tenant_a.slug, run_id=run.pk) == "sent"
    assert len(mail.outbox) == 1


def test_given_the_mail_fails_then_the_run_is_recorded_failed_and_the_job_raises_to_be_retried(
    tenant_a, manager, settings
):
    settings.EMAIL_BACKEND = "kantyna.automated_reports.tests.test_due_sends.FailingBackend"
    with in_tenant(tenant_a):
        daily(manager)
        services.due_reports_send(now=NOW)
        run = AutomatedReportRun.objects.get()

    with pytest.raises(OSError, match="mail server down"):
        send_run(slug=tenant_a.slug, run_id=run.pk)

    with in_tenant(tenant_a):
        run.refresh_from_db()
        assert run.state == "failed"
        assert "mail server down" in run.error


class FailingBackend:
    def __init__(self, *args, **kwargs):
        pass

    def send_messages(self, messages):
        raise OSError("mail server down")


def test_the_schedule_reads_the_tenants_timezone(tenant_a, manager):
    with in_tenant(tenant_a):
        report = daily(manager)
        assert services.schedule_of(report).timezone == tenant_zone()
        assert str(tenant_zone()) == "Europe/Warsaw"


def test_given_a_report_at_a_day_then_each_run_asks_for_the_periods_last_day(tenant_a, manager):
    """Balances are at a date, not over a period: last month's run reports them at the month's end."""
    with in_tenant(tenant_a):
        report = make_report(
            manager, report_type="balancesAtDate", criteria={"debtors_only": True}, file_format="csv", name="Dłużnicy"
        )
        AutomatedReport.objects.filter(pk=report.pk).update(active_since=NOW - timedelta(days=30))
        assert AutomatedReport.objects.get(pk=report.pk).criteria == {"debtors_only": True}
        services.due_reports_send(now=NOW)
        run = AutomatedReportRun.objects.get()
        assert (run.period_key, run.date_from.isoformat(), run.date_to.isoformat()) == (
            "2026-11",
            "2026-10-01",
            "2026-10-31",
        )

    assert send_run(slug=tenant_a.slug, run_id=run.pk) == "sent"

    [(file_name, _content, content_type)] = mail.outbox[0].attachments
    assert file_name.endswith("2026-10-31.csv")
    assert content_type.startswith("text/csv")
    assert "31.10.2026" in mail.outbox[0].body


def test_given_the_report_deleted_before_its_send_then_the_job_sends_nothing_and_ends(tenant_a, manager):
    with in_tenant(tenant_a):
        report = daily(manager)
        [run] = services.automated_reports_send_now(actor=manager, reports=[report])
        services.automated_report_delete(actor=manager, instance=report)

    assert send_run(slug=tenant_a.slug, run_id=run.pk) == "deleted"
    assert mail.outbox == []
