"""Every dashboard and reports endpoint x every persona (kantyna/testing/matrix.py): admins and institutions admins
(their institutions; no permission needed) read the dashboard; they and report managers make reports (sending one
queues a job, nothing else); everyone else 403, anonymous 401; nothing is written. Tenant A's token on B's host is
401, and B's admin asking for A's institution reads nothing of A."""

from __future__ import annotations

from io import BytesIO

import pytest
from openpyxl import load_workbook
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.ledger.models import LedgerTransaction
from kantyna.ordering.models import OrderItem
from kantyna.reports.api.urls import urlpatterns as reports_urlpatterns
from kantyna.reports.tests.helpers import make_dashboard_world
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api
from kantyna.testing.factories import make_user
from kantyna.testing.matrix import (
    ADMIN,
    IA,
    IA_WITHOUT,
    REPORT_MANAGER,
    Personas,
    Row,
    cross_tenant_test,
    persona_matrix_test,
    personas,
    route_coverage_test,
    routes_of,
)

pytestmark = pytest.mark.django_db

VIEWERS = personas(ADMIN, IA, IA_WITHOUT)
REPORTERS = personas(ADMIN, IA, IA_WITHOUT, REPORT_MANAGER)


def criteria(ids: dict) -> dict:
    return {"dateFrom": ids["day"], "dateTo": ids["day"], "institutionsIds": [ids["institution"]]}


ROWS = [
    Row("statistics", "GET", "dashboard/statistics?institutionId={institution}", VIEWERS),
    Row(
        "totals per institution, meal type and diet",
        "GET",
        "dashboard/totalOrdersQuantitiesGroupedByInstitutionMealTypeAndDiet?date={day}&institutionId={institution}",
        VIEWERS,
    ),
    Row(
        "presences list", "GET", "dashboard/presencesList?mode=present&date={day}&institutionId={institution}", VIEWERS
    ),
    Row("chart data", "GET", "dashboard/chartData?period=month&date={day}&institutionId={institution}", VIEWERS),
    Row("reports catalogue", "GET", "reports", REPORTERS),
    Row(
        "report download",
        "POST",
        "reports/ordersPerInstitution",
        REPORTERS,
        body=lambda ids: {"criteria": criteria(ids), "format": "xlsx"},
        foreign=200,
    ),
    Row(
        "report print",
        "POST",
        "reports/ordersPerInstitution/print",
        REPORTERS,
        body=lambda ids: {"criteria": criteria(ids), "orientation": "landscape", "fontSize": 10},
        foreign=200,
    ),
    Row(
        "report send",
        "POST",
        "reports/ordersPerInstitution/send",
        REPORTERS,
        body=lambda ids: {"criteria": criteria(ids), "emailAddresses": ["office@example.test"]},
        writes=True,
    ),
]


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        dw = make_dashboard_world(tenant_a)
        dw.ids = {"day": dw.today.isoformat(), "institution": dw.world.institution.pk}
    return dw


def state(tenant):
    with in_tenant(tenant):
        return (
            list(OrderItem.objects.order_by("pk").values_list("pk", "status")),
            LedgerTransaction.objects.count(),
            ProcrastinateJob.objects.filter(task_name="kantyna.reports.tasks.send_report").count(),
        )


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS,
    state,
    people=lambda world: Personas(
        parent=world.world.parent, worker=world.world.worker_user, institutions=[world.world.institution]
    ),
)


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS, routes_of(reports_urlpatterns), area="reports"
)
test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)


def test_given_another_tenants_admin_when_asking_for_this_tenants_institution_then_none_of_its_figures(world, tenant_b):
    """The institution id of tenant A names nothing on B's host: B's admin reads B's (empty) figures."""
    api = Api(tenant_b, make_user(tenant_b, "ROLE_ADMIN"))

    statistics = api.get(f"dashboard/statistics?institutionId={world.ids['institution']}").json()
    totals = api.get(ROWS[1].url(world.ids)).json()
    presences = api.get(ROWS[2].url(world.ids)).json()

    assert (statistics["meals"], statistics["activeChildren"], statistics["depositsCount"]) == (
        {"ordered": 0, "served": 0, "cancelled": 0},
        0,
        0,
    )
    assert (totals["rows"], presences["total"]) == ([], 0)


def test_given_another_tenants_admin_when_reporting_on_this_tenants_institution_then_an_empty_report(world, tenant_b):
    api = Api(tenant_b, make_user(tenant_b, "ROLE_ADMIN"))

    response = api.post("reports/ordersPerInstitution", {"criteria": criteria(world.ids), "format": "xlsx"})

    rows = [list(row) for row in load_workbook(BytesIO(response.content)).active.values]
    assert rows == [["Institution", "Month", "Meals", "Amount (PLN)"], ["Total", None, 0, 0]]
