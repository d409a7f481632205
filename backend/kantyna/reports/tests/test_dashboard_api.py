"""The dashboard's four calls over HTTP: the answers' shape and figures, an institutions admin's reach, the query's
rules, and a number of queries that does not grow with the rows."""

from __future__ import annotations

import pytest

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN
from kantyna.reports.tests.helpers import book, make_dashboard_world, meal
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api
from kantyna.testing.factories import make_user
from kantyna.testing.queries import capture_queries
from kantyna.testing.world import make_family

pytestmark = pytest.mark.django_db

STATISTICS = "dashboard/statistics"
TOTALS = "dashboard/totalOrdersQuantitiesGroupedByInstitutionMealTypeAndDiet"
PRESENCES = "dashboard/presencesList"
CHART = "dashboard/chartData"


@pytest.fixture
def dw(tenant_a):
    with in_tenant(tenant_a):
        return make_dashboard_world(tenant_a)


@pytest.fixture
def admin(tenant_a):
    return Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))


@pytest.fixture
def manager(tenant_a, dw):
    """An institutions admin of the world's institution (no permission needed)."""
    user = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=[])
    with in_tenant(tenant_a):
        user.institutions.set([dw.world.institution])
    return Api(tenant_a, user)


def money(amount: str) -> dict:
    return {"amount": amount, "currency": "PLN"}


def test_given_an_admin_then_todays_statistics_of_every_institution(dw, admin):
    response = admin.get(STATISTICS)

    assert response.status_code == 200, response.content
    assert response.json() == {
        "date": dw.today.isoformat(),
        "meals": {"ordered": 3, "served": 1, "cancelled": 2},
        "activeChildren": 4,
        "activeWorkers": 1,
        "balancesTotal": money("54.50"),
        "debtors": 2,
        "debtTotal": money("-45.50"),
        "depositsMonth": dw.today.replace(day=1).isoformat(),
        "depositsAmount": money("104.50"),
        "depositsCount": 2,
    }


def test_given_an_institutions_admin_then_their_institutions_only_and_another_one_asked_for_is_empty(
    dw, manager, admin
):
    own = manager.get(STATISTICS).json()
    another = manager.get(STATISTICS, {"institutionId": dw.other_institution.pk}).json()
    admin_filtered = admin.get(STATISTICS, {"institutionId": dw.other_institution.pk}).json()

    assert (own["meals"], own["activeChildren"], own["balancesTotal"], own["depositsAmount"]) == (
        {"ordered": 2, "served": 1, "cancelled": 2},
        3,
        money("70.00"),
        money("100.00"),
    )
    assert (another["meals"], another["activeChildren"], another["debtors"]) == (
        {"ordered": 0, "served": 0, "cancelled": 0},
        0,
        0,
    )
    assert (admin_filtered["meals"]["ordered"], admin_filtered["debtTotal"]) == (1, money("-15.50"))


def test_given_the_day_then_totals_per_institution_meal_type_and_diet_with_their_sum(dw, admin, manager):
    c, w = dw.catalog, dw.world

    body = admin.get(TOTALS, {"date": dw.today.isoformat()}).json()
    own = manager.get(TOTALS).json()

    assert body["date"] == dw.today.isoformat()
    assert body["totals"] == {"ordered": 3, "served": 1, "cancelled": 2}
    assert {
        (row["institution"]["id"], row["mealType"]["name"], row["diet"]["name"]): (
            row["ordered"],
            row["served"],
            row["cancelled"],
        )
        for row in body["rows"]
    } == {
        (w.institution.pk, c.lunch.name, "Standardowa"): (2, 1, 1),
        (w.institution.pk, c.soup.name, "Standardowa"): (0, 0, 1),
        (dw.other_institution.pk, c.lunch.name, "Standardowa"): (1, 0, 0),
    }
    assert {row["institution"]["name"] for row in own["rows"]} == {w.institution.name}
    assert own["totals"] == {"ordered": 2, "served": 1, "cancelled": 2}


def test_given_a_mode_then_a_page_of_its_receivers(dw, admin):
    w = dw.world

    present = admin.get(PRESENCES, {"mode": "present", "perPage": 2}).json()
    absent = admin.get(PRESENCES, {"mode": "absent"}).json()
    not_ordered = admin.get(PRESENCES, {"mode": "not_ordered", "date": dw.today.isoformat()}).json()

    assert (present["total"], present["page"], present["perPage"]) == (3, 1, 2)
    assert present["items"][0] == {
        "type": "child",
        "id": w.child2.pk,
        "firstName": "Jan",
        "lastName": "Nowak",
        "institution": {"id": w.institution.pk, "name": w.institution.name},
        "classroom": w.classroom.name,
        "meals": [{"mealType": {"id": dw.catalog.lunch.pk, "name": dw.catalog.lunch.name}, "status": "served"}],
    }
    assert [(row["type"], row["id"]) for row in absent["items"]] == [("institution_worker", w.worker.pk)]
    assert (not_ordered["total"], not_ordered["perPage"]) == (1, 20)
    assert [row["firstName"] for row in not_ordered["items"]] == ["Ala"]


def test_given_no_mode_then_the_present(dw, admin):
    assert admin.get(PRESENCES).json()["total"] == 3


def test_given_a_month_or_a_year_then_every_day_or_month_of_it(dw, admin):
    month = admin.get(CHART).json()
    year = admin.get(CHART, {"period": "year", "date": dw.today.isoformat()}).json()

    today = next(point for point in month["points"] if point["date"] == dw.today.isoformat())
    assert (month["period"], month["dateFrom"]) == ("month", dw.today.replace(day=1).isoformat())
    assert today == {
        "date": dw.today.isoformat(),
        "ordered": 3,
        "served": 1,
        "cancelled": 2,
        "depositsAmount": money("104.50"),
        "depositsCount": 2,
    }
    assert (year["period"], len(year["points"]), year["dateTo"]) == ("year", 12, f"{dw.today.year}-12-31")


@pytest.mark.parametrize(
    ("path", "query", "errors"),
    [
        (STATISTICS, {"institutionId": "x"}, {"institutionId": ["A valid integer is required."]}),
        (TOTALS, {"date": "2026-02-30"}, {"date": ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."]}),
        (PRESENCES, {"mode": "asleep"}, {"mode": ['"asleep" is not a valid choice.']}),
        (PRESENCES, {"perPage": "0"}, {"perPage": ["Must be between 1 and 9999."]}),
        (CHART, {"period": "week"}, {"period": ['"week" is not a valid choice.']}),
    ],
)  # fmt: skip
def test_given_a_bad_query_then_400_with_the_field(dw, admin, path, query, errors):
    response = admin.get(path, query)

    assert (response.status_code, response.json()) == (
        400,
        {"message": "The given data was invalid.", "errors": errors},
    )


def _queries(api, path, query) -> int:
    with capture_queries() as queries:
        response = api.get(path, query)
    assert response.status_code == 200, response.content
    return len(queries)


@pytest.mark.parametrize(
    ("path", "query", "expected"),
    [
        # The session (one statement), then the selector's (reports/selectors/dashboard.py).
        (STATISTICS, {}, 1 + 5),
        (TOTALS, {}, 1 + 2),
        (PRESENCES, {"mode": "present"}, 1 + 3),
        (CHART, {"period": "year"}, 1 + 2),
    ],
)
def test_given_more_rows_then_the_same_number_of_queries(tenant_a, dw, manager, path, query, expected):
    manager.get(path, query)  # warm the per-process caches (settings, tenant)
    few = _queries(manager, path, query)
    with in_tenant(tenant_a):
        parent, children = make_family(tenant_a, dw.world.classroom, dw.catalog.standard, first_names=("A", "B", "C"))
        for child in children:
            meal(dw, child=child)
        book(parent, "deposit", "5.00")

    many = _queries(manager, path, query)

    # An institutions admin's institutions are read once more (Reach.institution_ids).
    assert few == many == expected + 1, (few, many)
