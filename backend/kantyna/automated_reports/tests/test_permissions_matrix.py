"""Every automated reports endpoint x every persona (kantyna/testing/matrix.py): report managers and admins manage
the tenant's automated reports (ability `reports.automate`); everyone else 403, anonymous 401; a refusal changes
nothing (no report, run or send job). Tenant A's token on B's host is 401, and B's admin finds none of A's reports."""

from __future__ import annotations

import pytest

from kantyna.automated_reports.api.urls import urlpatterns
from kantyna.automated_reports.models import AutomatedReport, AutomatedReportRun
from kantyna.automated_reports.tests.helpers import make_report, payload, send_jobs
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user
from kantyna.testing.matrix import (
    ADMIN,
    REPORT_MANAGER,
    Row,
    assert_matrix,
    cross_tenant_test,
    make_personas,
    personas,
    route_coverage_test,
    routes_of,
    run_row,
)
from kantyna.testing.world import make_world

pytestmark = pytest.mark.django_db

MANAGERS = personas(ADMIN, REPORT_MANAGER)


def ids_body(ids: dict) -> dict:
    return {"automatedReportIds": [ids["report"]]}


ROWS = [
    Row("list", "GET", "automatedReports", MANAGERS),
    Row("retrieve", "GET", "automatedReports/{report}", MANAGERS),
    Row("create", "POST", "automatedReports", MANAGERS, body=payload(), ok=201, writes=True, foreign=None),
    Row("update", "PUT", "automatedReports/{report}", MANAGERS, body=payload(name="Nowa nazwa"), writes=True),
    Row("delete", "DELETE", "automatedReports/{report}", MANAGERS, writes=True),
    # PATCH: the router maps it to partial_update, for which no ability is declared: closed to everyone.
    Row("patch", "PATCH", "automatedReports/{report}", personas(), body={"name": "Nowa"}, foreign=403),
    Row("bulk enable", "POST", "automatedReports/bulk/enable", MANAGERS, body=ids_body, writes=True, foreign=404),
    Row("bulk disable", "POST", "automatedReports/bulk/disable", MANAGERS, body=ids_body, writes=True, foreign=404),
    Row("bulk send", "POST", "automatedReports/bulk/send", MANAGERS, body=ids_body, writes=True, foreign=404),
]


class ReportsWorld:
    def __init__(self, tenant):
        owner = make_user(tenant, "ROLE_MANAGE_REPORTS")
        with in_tenant(tenant):
            self.world = make_world(tenant, money="")
            self.report = make_report(owner)
            self.disabled = make_report(owner, name="Wyłączony", enabled=False)
        # Enabling acts on the disabled report, the other rows on the enabled one: each allowed write changes data.
        self.ids = {"report": self.report.pk}


@pytest.fixture
def world(tenant_a):
    return ReportsWorld(tenant_a)


def state(tenant):
    with in_tenant(tenant):
        return (
            list(
                AutomatedReport.objects.order_by("pk").values_list("pk", "name", "enabled", "frequency", "updated_at")
            ),
            AutomatedReportRun.objects.count(),
            len(send_jobs()),
        )


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_given_each_persona_when_calling_then_the_expected_status_and_nothing_changes(world, tenant_a, row):
    ids = {"report": world.disabled.pk} if row.name == "bulk enable" else world.ids
    users = make_personas(tenant_a, row, parent=world.world.parent, worker=world.world.worker_user)

    result = run_row(tenant_a, row, users, ids, lambda: state(tenant_a))

    assert_matrix(row, result)


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS, routes_of(urlpatterns), area="automated reports"
)
test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)
