"""`automatedReports` through the API: the report's shape, its rules (schedule, criteria of its report type,
recipients), the bulk commands, and a list whose queries do not grow with its rows."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from kantyna.audit.models import AuditEntry
from kantyna.automated_reports.models import AutomatedReport, AutomatedReportRun
from kantyna.automated_reports.tests.helpers import make_report, payload, send_jobs
from kantyna.ordering.cutoff import tenant_today
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.queries import assert_num_queries

pytestmark = pytest.mark.django_db

INVALID = "The given data was invalid."


@pytest.fixture
def manager(tenant_a):
    return make_user(tenant_a, "ROLE_MANAGE_REPORTS")


@pytest.fixture
def api(tenant_a, manager):
    return Api(tenant_a, manager)


def stored(tenant) -> list:
    with in_tenant(tenant):
        return list(
            AutomatedReport.objects.order_by("pk").values_list("pk", "name", "enabled", "frequency", "email_addresses")
        )


def test_given_a_report_manager_when_creating_a_monthly_report_then_201_with_its_schedule_and_recipients(
    tenant_a, api, manager
):
    response = api.post(
        "automatedReports",
        payload(emailAddresses=["Ksiegowosc@Example.test", "szef@example.test", "ksiegowosc@example.test"]),
        HTTP_USER_LOCALE="en",
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert isinstance(body["id"], int)
    assert {key: body[key] for key in body if key not in ("id", "createdAt", "nextSendAt")} == {
        "name": "Zamówienia miesięcznie",
        "reportType": "ordersPerInstitution",
        "reportTypeTitle": "Orders per institution",
        "fileFormat": "xlsx",
        "criteria": {"groupBy": "month"},
        "relativePeriod": "last_month",
        "frequency": "monthly",
        "weekday": None,
        "dayOfMonth": 1,
        "sendTime": "06:00",
        "emailAddresses": ["ksiegowosc@example.test", "szef@example.test"],
        "recipientsListId": None,
        "recipientsListName": None,
        "enabled": True,
        "lastSentPeriod": "",
        "lastRunAt": None,
        "lastRun": None,
    }
    next_send = datetime.fromisoformat(body["nextSendAt"])
    assert next_send > timezone.now()
    assert next_send.astimezone(timezone.get_default_timezone()).day == 1
    with in_tenant(tenant_a):
        report = AutomatedReport.objects.get()
        assert (report.created_by_id, report.criteria) == (manager.pk, {"group_by": "month"})
        assert AuditEntry.objects.filter(action="automated_report.create", target_id=str(report.pk)).count() == 1


def test_given_a_weekly_report_with_a_day_of_month_then_only_the_weekday_is_kept(api):
    response = api.post("automatedReports", payload(frequency="weekly", weekday=5, dayOfMonth=12))

    assert response.status_code == 201, response.content
    assert (response.json()["weekday"], response.json()["dayOfMonth"]) == (5, None)


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        (payload(frequency="weekly", weekday=None), {"weekday": ["Choose the day of the week."]}),
        (payload(frequency="monthly", dayOfMonth=None), {"dayOfMonth": ["Choose the day of the month."]}),
        (payload(reportType="noSuchReport"), {"reportType": ["Choose a report from the list."]}),
        (
            payload(emailAddresses=[]),
            {"emailAddresses": ["Enter at least one e-mail address or choose a recipients list."]},
        ),
        (payload(emailAddresses=[], recipientsListId=999999), {"recipientsListId": ...}),
        (
            payload(emailAddresses=[f"a{n}@example.test" for n in range(21)]),
            {"emailAddresses": ["Enter at most 20 e-mail addresses."]},
        ),
        (payload(emailAddresses=["not-an-address"]), {"emailAddresses.0": ...}),
        (payload(criteria={"groupBy": "year"}), {"criteria.groupBy": ...}),
        (payload(criteria={"institutionsIds": ["x"]}), {"criteria.institutionsIds.0": ...}),
        (payload(relativePeriod="tomorrow"), {"relativePeriod": ...}),
        (payload(sendTime="25:00"), {"sendTime": ...}),
    ],
    ids=[
        "weekly without weekday",
        "monthly without day",
        "unknown report",
        "no address",
        "unknown list",
        "21 addresses",
        "bad address",
        "bad criterion",
        "bad ids",
        "unknown period",
        "bad time",
    ],
)
def test_given_a_broken_report_when_creating_then_400_under_the_field_and_nothing_stored(tenant_a, api, body, errors):
    response = api.post("automatedReports", body)

    assert_error(response, 400, INVALID, errors)
    assert stored(tenant_a) == []


def test_given_a_polish_reader_then_the_refusals_read_in_polish(tenant_a, manager):
    api = Api(tenant_a, manager, locale="pl")

    weekly = api.post("automatedReports", payload(frequency="weekly", weekday=None))
    crowded = api.post("automatedReports", payload(emailAddresses=[f"a{n}@example.test" for n in range(21)]))

    assert_error(weekly, 400, INVALID, {"weekday": ["Wybierz dzień tygodnia."]})
    assert_error(crowded, 400, INVALID, {"emailAddresses": ["Podaj najwyżej 20 adresów e-mail."]})


def test_given_criteria_with_a_period_then_the_period_is_not_stored_each_run_sets_it(tenant_a, api):
    response = api.post(
        "automatedReports", payload(criteria={"groupBy": "day", "dateFrom": "2026-01-01", "dateTo": "2026-01-31"})
    )

    assert response.status_code == 201, response.content
    assert response.json()["criteria"] == {"groupBy": "day"}


def test_given_a_report_when_updated_then_200_and_a_new_schedule_starts_now(tenant_a, api, manager):
    with in_tenant(tenant_a):
        report = make_report(manager)
        AutomatedReport.objects.filter(pk=report.pk).update(active_since=timezone.now() - timedelta(days=30))

    response = api.put(
        f"automatedReports/{report.pk}", payload(name="Codziennie", frequency="daily", relativePeriod="yesterday")
    )

    assert response.status_code == 200, response.content
    assert (response.json()["name"], response.json()["frequency"], response.json()["dayOfMonth"]) == (
        "Codziennie",
        "daily",
        None,
    )
    with in_tenant(tenant_a):
        report.refresh_from_db()
        assert report.active_since > timezone.now() - timedelta(minutes=1)


def test_given_a_report_when_renamed_only_then_its_schedule_keeps_its_start(tenant_a, api, manager):
    with in_tenant(tenant_a):
        report = make_report(manager)
        started = timezone.now() - timedelta(days=30)
        AutomatedReport.objects.filter(pk=report.pk).update(active_since=started)

    response = api.put(f"automatedReports/{report.pk}", payload(name="Inna nazwa"))

    assert response.status_code == 200, response.content
    with in_tenant(tenant_a):
        report.refresh_from_db()
        assert (report.name, report.active_since) == ("Inna nazwa", started)


def test_given_a_report_with_runs_when_deleted_then_status_true_and_its_runs_go_with_it(tenant_a, api, manager):
    with in_tenant(tenant_a):
        report = make_report(manager)
        AutomatedReportRun.objects.create(
            report=report, period_key="2026-10", date_from=tenant_today(), date_to=tenant_today()
        )

    response = api.delete(f"automatedReports/{report.pk}")

    assert (response.status_code, response.json()) == (200, {"status": True})
    with in_tenant(tenant_a):
        assert (AutomatedReport.objects.count(), AutomatedReportRun.objects.count()) == (0, 0)


def test_bulk_disable_then_enable_switches_the_reports_named_and_enabling_restarts_their_schedule(
    tenant_a, api, manager
):
    with in_tenant(tenant_a):
        first, second, _third = (make_report(manager, name=name) for name in ("A", "B", "C"))
        AutomatedReport.objects.update(active_since=timezone.now() - timedelta(days=30))

    disabled = api.post("automatedReports/bulk/disable", {"automatedReportIds": [first.pk, second.pk]})

    assert (disabled.status_code, disabled.json()) == (200, {"status": True})
    assert [(name, enabled) for _pk, name, enabled, *_rest in stored(tenant_a)] == [
        ("A", False),
        ("B", False),
        ("C", True),
    ]

    enabled = api.post("automatedReports/bulk/enable", {"automatedReportIds": [first.pk]})

    assert (enabled.status_code, enabled.json()) == (200, {"status": True})
    assert [enabled for _pk, _name, enabled, *_rest in stored(tenant_a)] == [True, False, True]
    with in_tenant(tenant_a):
        starts = dict(AutomatedReport.objects.values_list("name", "active_since"))
        assert starts["A"] > timezone.now() - timedelta(minutes=1)
        assert starts["C"] < timezone.now() - timedelta(days=29)


def test_bulk_send_defers_one_send_per_report_as_manual_runs_of_today(tenant_a, api, manager):
    with in_tenant(tenant_a):
        first = make_report(manager, name="A")
        second = make_report(manager, name="B", enabled=False, relative_period="yesterday")

    response = api.post("automatedReports/bulk/send", {"automatedReportIds": [first.pk, second.pk]})

    assert (response.status_code, response.json()) == (200, {"status": True})
    today = tenant_today()
    last_month_end = today.replace(day=1) - timedelta(days=1)
    with in_tenant(tenant_a):
        runs = list(
            AutomatedReportRun.objects.order_by("report__name").values_list(
                "report__name", "manual", "period_key", "date_from", "date_to", "state", "requested_by"
            )
        )
        run_ids = list(AutomatedReportRun.objects.order_by("report__name").values_list("pk", flat=True))
    assert runs == [
        ("A", True, today.isoformat(), last_month_end.replace(day=1), last_month_end, "pending", manager.pk),
        ("B", True, today.isoformat(), today - timedelta(days=1), today - timedelta(days=1), "pending", manager.pk),
    ]
    assert send_jobs() == [{"slug": tenant_a.slug, "run_id": run_id} for run_id in run_ids]


def test_given_an_unknown_id_among_the_bulk_ids_then_404_and_nothing_changes(tenant_a, api, manager):
    with in_tenant(tenant_a):
        report = make_report(manager)

    for command in ("disable", "send"):
        response = api.post(f"automatedReports/bulk/{command}", {"automatedReportIds": [report.pk, report.pk + 1000]})
        assert_error(response, 404, "Not found.")

    assert [enabled for _pk, _name, enabled, *_rest in stored(tenant_a)] == [True]
    assert send_jobs() == []


def test_given_no_ids_when_bulk_enabling_then_400(api):
    assert_error(
        api.post("automatedReports/bulk/enable", {"automatedReportIds": []}), 400, INVALID, {"automatedReportIds": ...}
    )


@pytest.mark.parametrize("rows", [1, 6])
def test_the_list_reads_in_a_fixed_number_of_queries_whatever_the_rows_and_runs(tenant_a, api, manager, rows):
    with in_tenant(tenant_a):
        for index in range(rows):
            report = make_report(manager, name=f"R{index}")
            AutomatedReportRun.objects.create(
                report=report, period_key=f"2026-{index + 1:02d}", date_from=tenant_today(), date_to=tenant_today()
            )

    with assert_num_queries(3):  # the session, the count, the page (runs as subqueries)
        response = api.get("automatedReports?perPage=50")

    assert response.status_code == 200
    body = response.json()
    assert (body["total"], len(body["items"])) == (rows, rows)
    assert body["items"][0]["lastRun"]["state"] == "pending"
