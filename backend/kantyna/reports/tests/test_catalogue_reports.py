"""The catalogue's reports beyond orders per institution, each made from report_world.py's data with its figures
worked out by hand there (the table in its docstring), in English."""

from __future__ import annotations

from datetime import datetime, time
from decimal import Decimal
from io import BytesIO

import pytest
from django.utils import translation
from openpyxl import load_workbook

from kantyna.logistics.models import Kitchen, KitchenInstitutionMealType
from kantyna.reports.catalog import render_report
from kantyna.reports.tests.report_world import DAY1, DAY2, make_reports_world
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.world import set_settings

pytestmark = pytest.mark.django_db

NOVEMBER = {"dateFrom": "2026-11-01", "dateTo": "2026-11-30"}
# A day as a typed date cell reads back as a midnight.
DAY1_AT, DAY2_AT = (datetime.combine(day, time()) for day in (DAY1, DAY2))


@pytest.fixture
def rw(tenant_a):
    with in_tenant(tenant_a):
        return make_reports_world(tenant_a)


def report(tenant, code: str, criteria: dict, actor=None) -> list[list]:
    """The report's XLSX read back (amounts as Decimals), in English."""
    with in_tenant(tenant), translation.override("en"):
        made = render_report(code, criteria, "xlsx", actor=actor)
    rows = load_workbook(BytesIO(made.content)).active.iter_rows(values_only=True)
    return [[Decimal(repr(value)) if isinstance(value, float) else value for value in row] for row in rows]


def by_institution(rw, world_rows: list[list], other_rows: list[list]) -> list[list]:
    """The rows of both schools in the report's order (by name)."""
    if rw.world.institution.name < rw.other_institution.name:
        return world_rows + other_rows
    return other_rows + world_rows


def test_ordered_vs_served_per_institution_and_day(tenant_a, rw):
    rows = report(tenant_a, "orderedVsServed", NOVEMBER)

    world, other = rw.world.institution.name, rw.other_institution.name
    assert rows[0] == [
        "Institution", "Day", "Meals ordered", "Meals served", "Not served", "Meals cancelled", "Served (%)",
    ]  # fmt: skip
    assert rows[1:] == [
        *by_institution(
            rw,
            [[world, DAY1_AT, 3, 1, 2, 0, Decimal("33.33")], [world, DAY2_AT, 1, 0, 1, 1, 0]],
            [[other, DAY2_AT, 1, 0, 1, 0, 0]],
        ),
        ["Total", None, 5, 1, 4, 1, 20],
    ]


def test_presences_and_absences_per_classroom(tenant_a, rw):
    rows = report(tenant_a, "presencesPerClassroom", NOVEMBER)

    world = [rw.world.institution.name, rw.world.classroom.name, 2, 2, 1, 1]
    other = [rw.other_institution.name, rw.other_child.classroom.name, 1, 1, 0, 0]
    assert rows[0] == ["Institution", "Classroom", "Children", "Days present", "Days absent", "Meals cancelled"]
    assert rows[1:] == [*by_institution(rw, [world], [other]), ["Total", None, 3, 3, 1, 1]]


def test_presences_of_one_classroom(tenant_a, rw):
    rows = report(tenant_a, "presencesPerClassroom", {**NOVEMBER, "classroomsIds": [rw.other_child.classroom_id]})

    assert rows[1:] == [
        [rw.other_institution.name, rw.other_child.classroom.name, 1, 1, 0, 0],
        ["Total", None, 1, 1, 0, 0],
    ]


def test_meals_per_diet_and_allergen_per_day(tenant_a, rw):
    rows = report(tenant_a, "mealsPerDietAndAllergen", NOVEMBER)

    assert rows == [
        ["Day", "Diet", "Meals", "With allergies", "Allergens"],
        [DAY1_AT, "Standardowa", 3, 2, "Gluten: 2"],
        [DAY2_AT, "Standardowa", 1, 0, None],
        [DAY2_AT, "Wegetariańska", 1, 0, None],
        ["Total", None, 5, 2, None],
    ]


def test_meals_to_prepare_per_kitchen_and_the_meals_no_kitchen_prepares(tenant_a, rw):
    c = rw.catalog
    with in_tenant(tenant_a):
        kitchen = Kitchen.objects.create(name="Kuchnia Centralna")
        KitchenInstitutionMealType.objects.create(kitchen=kitchen, institution=rw.world.institution, meal_type=c.lunch)

    every = report(tenant_a, "mealsToPreparePerKitchen", NOVEMBER)
    one = report(tenant_a, "mealsToPreparePerKitchen", {**NOVEMBER, "kitchensIds": [kitchen.pk]})

    central = [
        ["Kuchnia Centralna", DAY1_AT, "Obiad", "Standardowa", "Normalna", 2],
        ["Kuchnia Centralna", DAY2_AT, "Obiad", "Standardowa", "Normalna", 1],
    ]
    assert every == [
        ["Kitchen", "Day", "Meal type", "Diet", "Portion size", "Portions"],
        *central,
        ["No kitchen assigned", DAY1_AT, "Zupa", "Standardowa", "Normalna", 1],
        ["No kitchen assigned", DAY2_AT, "Obiad", "Wegetariańska", "Normalna", 1],
        ["Total", None, None, None, None, 5],
    ]
    assert one[1:] == [*central, ["Total", None, None, None, None, 3]]


def test_deposits_per_method_per_month_and_per_day(tenant_a, rw):
    month = report(tenant_a, "depositsPerMethod", NOVEMBER)
    days = report(tenant_a, "depositsPerMethod", {**NOVEMBER, "groupBy": "day"})

    assert month == [
        ["Month", "Online payments", "Bank transfers", "Booked by staff", "Deposits", "Amount (PLN)"],
        ["2026-11", 100, 50, 20, 3, 170],
        ["Total", 100, 50, 20, 3, 170],
    ]
    assert days[1:] == [
        [DAY1_AT, 100, 0, 0, 1, 100],
        [DAY2_AT, 0, 50, 20, 2, 70],
        ["Total", 100, 50, 20, 3, 170],
    ]


def test_deposits_of_an_institutions_admin_are_their_institutions_payers_only(tenant_a, rw):
    with in_tenant(tenant_a):
        admin = make_user(tenant_a, "ROLE_INSTITUTIONS_ADMIN")
        admin.institutions.set([rw.other_institution])

    rows = report(tenant_a, "depositsPerMethod", {**NOVEMBER, "dateTo": "2026-12-31"}, actor=admin)

    assert rows[1:] == [["2026-12", 8, 0, 0, 1, 8], ["Total", 8, 0, 0, 1, 8]]


def emails(rw, tenant):
    with in_tenant(tenant):
        return {
            "nowak": rw.world.parent.account.email,
            "worker": rw.world.worker_user.account.email,
            "other": rw.other_parent.account.email,
        }


def name(user) -> str:
    return f"{user.last_name} {user.first_name}"


def test_charges_and_refunds_per_payer(tenant_a, rw):
    rows = report(tenant_a, "chargesPerPayer", NOVEMBER)

    mail = emails(rw, tenant_a)
    w = rw.world
    assert rows[0] == ["Payer", "E-mail", "Charges", "Fees", "Refunds", "Net charged"]
    assert sorted(rows[1:-1]) == sorted(
        [
            [name(w.parent), mail["nowak"], Decimal("24.50"), 1, 10, Decimal("15.50")],
            [name(w.worker_user), mail["worker"], 12, 0, 0, 12],
            [name(rw.other_parent), mail["other"], 8, 0, 0, 8],
        ]
    )
    assert rows[-1] == ["Total", None, Decimal("44.50"), 1, 10, Decimal("35.50")]


def test_balances_and_debtors_at_a_date(tenant_a, rw):
    november = report(tenant_a, "balancesAtDate", {"date": "2026-11-30"})
    debtors = report(tenant_a, "balancesAtDate", {"date": "2026-11-30", "debtorsOnly": True})
    december = report(tenant_a, "balancesAtDate", {"date": "2026-12-31", "payersIds": [rw.other_parent.pk]})

    mail = emails(rw, tenant_a)
    w = rw.world
    assert november[0] == ["Payer", "E-mail", "Balance (PLN)"]
    assert sorted(november[1:-1]) == sorted(
        [
            [name(w.parent), mail["nowak"], Decimal("134.50")],
            [name(w.worker_user), mail["worker"], 8],
            [name(rw.other_parent), mail["other"], -8],
        ]
    )
    assert november[-1] == ["Total", None, Decimal("134.50")]
    assert debtors[1:] == [[name(rw.other_parent), mail["other"], -8], ["Total", None, -8]]
    assert december[1:] == [[name(rw.other_parent), mail["other"], 0], ["Total", None, 0]]


@pytest.mark.parametrize(
    ("rate", "label", "net", "vat"),
    [("8", "8%", "41.20", "3.30"), ("23", "23%", "36.18", "8.32"), ("zw", "exempt", "44.50", "0")],
)
def test_vat_summary_at_the_tenants_rate(tenant_a, rw, rate, label, net, vat):
    with in_tenant(tenant_a):
        # An exempt rate needs its legal basis (the KSeF XML prints it).
        set_settings(
            "invoices_config", default_vat_rate=rate, exemption_basis="art. 43 ust. 1 pkt 24" if rate == "zw" else ""
        )

    rows = report(tenant_a, "vatSummary", NOVEMBER)

    assert rows == [
        ["Month", "VAT rate", "Meals", "Net (PLN)", "VAT (PLN)", "Gross (PLN)"],
        ["2026-11", label, 5, Decimal(net), Decimal(vat), Decimal("44.50")],
        ["Total", label, 5, Decimal(net), Decimal(vat), Decimal("44.50")],
    ]


def test_the_catalogue_call_lists_every_report_with_its_criteria_in_the_callers_language(tenant_a):
    with in_tenant(tenant_a):
        api = Api(tenant_a, make_user(tenant_a, "ROLE_MANAGE_REPORTS"))

    catalogue = api.get("reports").json()

    assert [entry["code"] for entry in catalogue] == [
        "ordersPerInstitution", "orderedVsServed", "presencesPerClassroom", "mealsPerDietAndAllergen",
        "mealsToPreparePerKitchen", "depositsPerMethod", "chargesPerPayer", "balancesAtDate", "vatSummary",
    ]  # fmt: skip
    orders, balances = catalogue[0], catalogue[7]
    assert (orders["title"], orders["orientation"]) == ("Orders per institution", "landscape")
    assert orders["criteria"] == [
        {"name": "dateFrom", "kind": "date", "required": True},
        {"name": "dateTo", "kind": "date", "required": True},
        {"name": "institutionsIds", "kind": "institutions", "required": False},
        {"name": "mealTypesIds", "kind": "mealTypes", "required": False},
        {"name": "dietsIds", "kind": "diets", "required": False},
        {"name": "groupBy", "kind": "choice", "required": False, "choices": ["day", "month"], "default": "month"},
    ]
    assert balances["criteria"] == [
        {"name": "date", "kind": "date", "required": True},
        {"name": "institutionsIds", "kind": "institutions", "required": False},
        {"name": "payersIds", "kind": "payers", "required": False},
        {"name": "debtorsOnly", "kind": "boolean", "required": False, "default": False},
    ]
