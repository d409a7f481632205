"""Orders per institution (the registry's first report): live meals and their amount per institution and month or
day, figures worked out by hand from report_world.py's table."""

from __future__ import annotations

import csv
from decimal import Decimal
from io import BytesIO, StringIO

import pytest
from django.core import mail
from django.utils import translation
from openpyxl import load_workbook
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.core.spreadsheets import CSV_TYPE, XLSX_TYPE
from kantyna.menus.documents import PDF_TYPE
from kantyna.reports.catalog import REPORT_TYPES, render_report
from kantyna.reports.tasks import send_report
from kantyna.reports.tests.report_world import make_reports_world
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, assert_error, make_user

pytestmark = pytest.mark.django_db

NOVEMBER = {"dateFrom": "2026-11-01", "dateTo": "2026-11-30"}


@pytest.fixture(autouse=True)
def polish():
    """Files are worded in the active language: Polish here, whatever an earlier request activated."""
    with translation.override("pl"):
        yield


@pytest.fixture
def rw(tenant_a):
    with in_tenant(tenant_a):
        return make_reports_world(tenant_a)


def sheet_rows(content: bytes) -> list[list]:
    sheet = load_workbook(BytesIO(content)).active
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def test_the_catalogue_names_the_report_with_its_criteria():
    report = REPORT_TYPES["ordersPerInstitution"]

    assert (report.code, str(report.title)) == ("ordersPerInstitution", "Zamówienia według placówek")
    assert set(report.criteria_serializer().fields) == {
        "date_from", "date_to", "institutions_ids", "meal_types_ids", "diets_ids", "group_by",
    }  # fmt: skip


def test_given_a_month_when_reported_per_month_then_each_institutions_meals_per_meal_type_and_amount(tenant_a, rw):
    with in_tenant(tenant_a):
        made = render_report("ordersPerInstitution", NOVEMBER, "xlsx", actor=None)

    world, other = rw.world.institution.name, rw.other_institution.name
    assert made.content_type == XLSX_TYPE
    assert made.file_name == "Zamówienia według placówek 2026-11-01_2026-11-30.xlsx"
    assert sheet_rows(made.content) == [
        ["Placówka", "Miesiąc", "Zupa", "Obiad", "Posiłki", "Kwota (zł)"],
        *sorted([[world, "2026-11", 1, 3, 4, 36.5], [other, "2026-11", 0, 1, 1, 8]]),
        ["Razem", None, 1, 4, 5, 44.5],
    ]


def test_given_two_months_when_reported_per_day_then_one_row_per_institution_and_day(tenant_a, rw):
    criteria = {"dateFrom": "2026-11-01", "dateTo": "2026-12-31", "groupBy": "day"}
    with in_tenant(tenant_a):
        made = render_report("ordersPerInstitution", criteria, "csv", actor=None)

    assert made.content_type == CSV_TYPE
    rows = list(csv.reader(StringIO(made.content.decode("utf-8-sig")), delimiter=";"))
    world, other = rw.world.institution.name, rw.other_institution.name
    expected_world = [
        [world, "2026-11-02", "1", "2", "3", "24,50"],
        [world, "2026-11-03", "0", "1", "1", "12,00"],
        [world, "2026-12-01", "0", "1", "1", "10,00"],
    ]
    expected_other = [[other, "2026-11-03", "0", "1", "1", "8,00"]]
    assert rows == [
        ["Placówka", "Dzień", "Zupa", "Obiad", "Posiłki", "Kwota (zł)"],
        *(expected_world + expected_other if world < other else expected_other + expected_world),
        ["Razem", "", "1", "5", "6", "54,50"],
    ]


def test_given_an_institutions_admin_when_reported_then_only_their_institution_even_when_asking_for_another(
    tenant_a, rw
):
    with in_tenant(tenant_a):
        admin = make_user(tenant_a, "ROLE_INSTITUTIONS_ADMIN")
        admin.institutions.set([rw.world.institution])
        theirs = render_report("ordersPerInstitution", NOVEMBER, "xlsx", actor=admin)
        others = render_report(
            "ordersPerInstitution", {**NOVEMBER, "institutionsIds": [rw.other_institution.pk]}, "xlsx", actor=admin
        )

    assert sheet_rows(theirs.content)[1:] == [
        [rw.world.institution.name, "2026-11", 1, 3, 4, 36.5],
        ["Razem", None, 1, 3, 4, 36.5],
    ]
    assert sheet_rows(others.content)[1:] == [["Razem", None, 0, 0]]


def test_given_a_meal_type_and_a_diet_when_reported_then_only_those_meals(tenant_a, rw):
    c = rw.catalog
    criteria = {**NOVEMBER, "mealTypesIds": [c.lunch.pk], "dietsIds": [c.vegetarian.pk]}
    with in_tenant(tenant_a):
        made = render_report("ordersPerInstitution", criteria, "xlsx", actor=None)

    assert sheet_rows(made.content)[1:] == [
        [rw.other_institution.name, "2026-11", 1, 1, 8],
        ["Razem", None, 1, 1, 8],
    ]


def test_given_an_admin_when_downloading_printing_and_sending_then_the_file_the_pdf_and_a_job(tenant_a, rw):
    with in_tenant(tenant_a):
        api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))

    download = api.post("reports/ordersPerInstitution", {"criteria": NOVEMBER, "format": "xlsx"})
    printed = api.post(
        "reports/ordersPerInstitution/print", {"criteria": NOVEMBER, "orientation": "portrait", "fontSize": 8}
    )
    sent = api.post(
        "reports/ordersPerInstitution/send", {"criteria": NOVEMBER, "emailAddresses": ["office@example.test"]}
    )

    assert (download.status_code, download["Content-Type"]) == (200, XLSX_TYPE)
    assert sheet_rows(download.content)[-1] == ["Total", None, 1, 4, 5, 44.5]
    assert (printed.status_code, printed["Content-Type"], printed.content[:5]) == (200, PDF_TYPE, b"%PDF-")
    assert (sent.status_code, sent.json()) == (200, {"status": True})
    with in_tenant(tenant_a):
        job = ProcrastinateJob.objects.get(task_name="kantyna.reports.tasks.send_report")
    assert (job.queue_name, job.args["email_addresses"], job.args["file_format"], job.args["locale"]) == (
        "emails", ["office@example.test"], "xlsx", "en",
    )  # fmt: skip


def test_given_the_send_job_when_it_runs_then_one_email_with_the_report_attached(tenant_a, rw):
    with in_tenant(tenant_a):
        admin = make_user(tenant_a, "ROLE_ADMIN")

    send_report.func(
        slug=tenant_a.slug,
        code="ordersPerInstitution",
        criteria={"date_from": "2026-11-01", "date_to": "2026-11-30"},
        file_format="xlsx",
        email_addresses=["office@example.test", "gmina@example.test"],
        actor_id=admin.pk,
        locale="en",
    )

    (message,) = mail.outbox
    assert (message.to, message.subject) == (
        ["office@example.test", "gmina@example.test"],
        "Report: Orders per institution",
    )
    assert "Period: 01.11.2026 - 30.11.2026" in message.body
    ((name, content, content_type),) = message.attachments
    assert (name, content_type) == ("Orders per institution 2026-11-01_2026-11-30.xlsx", XLSX_TYPE)
    assert sheet_rows(content)[-1] == ["Total", None, 1, 4, 5, Decimal("44.50")]


def test_given_wrong_criteria_or_an_unknown_report_then_refused_and_nothing_is_queued(tenant_a, rw):
    with in_tenant(tenant_a):
        api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))

    backwards = api.post(
        "reports/ordersPerInstitution/send",
        {"criteria": {"dateFrom": "2026-11-30", "dateTo": "2026-11-01"}, "emailAddresses": ["office@example.test"]},
    )
    bad_address = api.post(
        "reports/ordersPerInstitution/send", {"criteria": NOVEMBER, "emailAddresses": ["not an address"]}
    )
    unknown = api.post("reports/noSuchReport", {"criteria": NOVEMBER})

    assert_error(
        backwards, 400, "The given data was invalid.", {"dateTo": ["The end date must not be before the start date."]}
    )
    assert bad_address.status_code == 400
    assert bad_address.json()["errors"] == {"emailAddresses.0": ["Enter a valid email address."]}
    assert unknown.status_code == 404
    with in_tenant(tenant_a):
        assert not ProcrastinateJob.objects.filter(task_name="kantyna.reports.tasks.send_report").exists()
