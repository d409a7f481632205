"""`GET meals/mealsToPrepare` and its XLSX and PDF: the answer's shape, the query's rules, the reach of an
institutions admin, a number of queries that does not grow with the orders, and the files."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from openpyxl import load_workbook

from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK, ROLE_INSTITUTIONS_ADMIN
from kantyna.kitchen.tests.helpers import make_kitchen_world, meal, more_children
from kantyna.meals.models import Meal
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api
from kantyna.testing.factories import make_user
from kantyna.testing.pdf import pdf_pages
from kantyna.testing.queries import capture_queries

pytestmark = pytest.mark.django_db

PATH = "meals/mealsToPrepare"


@pytest.fixture
def kw(tenant_a):
    with in_tenant(tenant_a):
        kw = make_kitchen_world(tenant_a)
        w, c = kw.world, kw.catalog
        meal(kw, child=w.child)
        meal(kw, child=w.child2, portion=c.small, status="served")
        meal(kw, worker=w.worker, status="cancelled")
        meal(kw, child=kw.other_child, diet=c.vegetarian)
    return kw


@pytest.fixture
def admin(tenant_a):
    return make_user(tenant_a, ROLE_ADMIN)


def test_given_tomorrows_orders_when_asked_without_a_date_then_tomorrow_split_down_to_portion_sizes(
    tenant_a, kw, admin
):
    c, m, i = kw.catalog, kw.meals, kw.ingredients
    day = kw.day.isoformat()

    response = Api(tenant_a, admin).get(PATH)

    assert response.status_code == 200, response.content
    standard = {"id": c.standard.pk, "name": "Standardowa"}
    vegetarian = {"id": c.vegetarian.pk, "name": "Wegetariańska"}
    normal = {"id": c.normal.pk, "name": "Normalna"}
    small = {"id": c.small.pk, "name": "Mała"}

    def standard_both(portions=2):
        return [
            {**standard, "portions": portions, "portionSizes": [{**small, "portions": 1}, {**normal, "portions": 1}]}
        ]

    assert response.json() == {
        "dateFrom": day,
        "dateTo": day,
        "portions": 3,
        "mealTypes": [
            {
                "id": c.lunch.pk,
                "name": "Obiad",
                "portions": 3,
                "dishes": [
                    {"id": m["Kompot"].pk, "name": "Kompot", "portions": 2, "diets": standard_both()},
                    {
                        "id": m["Naleśniki"].pk,
                        "name": "Naleśniki",
                        "portions": 1,
                        "diets": [{**vegetarian, "portions": 1, "portionSizes": [{**normal, "portions": 1}]}],
                    },
                    {"id": m["Pierogi ruskie"].pk, "name": "Pierogi ruskie", "portions": 2, "diets": standard_both()},
                ],
            }
        ],
        "ingredients": [
            {"id": i["Jabłka"].pk, "name": "Jabłka", "unit": "szt.", "quantity": "1.00"},
            {"id": i["Mąka"].pk, "name": "Mąka", "unit": "g", "quantity": "270.00"},
            {"id": i["Mleko"].pk, "name": "Mleko", "unit": "ml", "quantity": "150.00"},
            {"id": i["Ser biały"].pk, "name": "Ser biały", "unit": "g", "quantity": "50.50"},
        ],
    }


def test_given_a_kitchen_and_institutions_in_the_query_then_only_theirs(tenant_a, kw, admin):
    api = Api(tenant_a, admin)

    by_kitchen = api.get(PATH, {"date": kw.day.isoformat(), "kitchenId": kw.kitchen.pk}).json()
    by_institution = api.get(PATH, {"institutionsIds": f"{kw.other_institution.pk}"}).json()

    assert (by_kitchen["portions"], by_institution["portions"]) == (2, 1)


def test_given_an_institutions_admin_or_a_cook_then_their_reach(tenant_a, kw):
    manager = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN)
    with in_tenant(tenant_a):
        manager.institutions.set([kw.world.institution])
    cook = make_user(tenant_a, ROLE_COOK)

    own = Api(tenant_a, manager).get(PATH).json()
    asking_for_another = Api(tenant_a, manager).get(PATH, {"institutionsIds": str(kw.other_institution.pk)}).json()
    everything = Api(tenant_a, cook).get(PATH).json()

    assert (own["portions"], asking_for_another["portions"], everything["portions"]) == (2, 0, 3)


@pytest.mark.parametrize(
    ("query", "errors"),
    [
        ({"date": "2026-13-01"}, {"date": ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."]}),
        ({"dateFrom": "2026-11-02"}, {"dateTo": ["This field is required."]}),
        (
            {"dateFrom": "2026-11-02", "dateTo": "2026-11-01"},
            {"dateTo": ["The end date must not be before the start date."]},
        ),
        ({"dateFrom": "2026-01-01", "dateTo": "2026-03-04"}, {"dateTo": ["Choose at most 62 days."]}),
        (
            {"date": "2026-11-02", "dateFrom": "2026-11-02", "dateTo": "2026-11-02"},
            {"date": ["Give either a date or a range."]},
        ),
        ({"kitchenId": "999999"}, {"kitchenId": ['Invalid pk "999999" - object does not exist.']}),
        ({"institutionsIds": "1,x"}, {"institutionsIds": ["Give ids separated by commas."]}),
    ],
)
def test_given_a_bad_query_then_400_with_the_field(tenant_a, kw, admin, query, errors):
    response = Api(tenant_a, admin).get(PATH, query)

    assert (response.status_code, response.json()) == (
        400,
        {"message": "The given data was invalid.", "errors": errors},
    )


def test_given_a_range_then_both_days(tenant_a, kw, admin):
    with in_tenant(tenant_a):
        meal(kw, child=kw.world.child, day=kw.day + timedelta(days=1))

    body = (
        Api(tenant_a, admin)
        .get(PATH, {"dateFrom": kw.day.isoformat(), "dateTo": (kw.day + timedelta(days=1)).isoformat()})
        .json()
    )

    assert (body["dateFrom"], body["dateTo"], body["portions"]) == (
        kw.day.isoformat(),
        (kw.day + timedelta(days=1)).isoformat(),
        4,
    )


def _queries(api, path) -> int:
    with capture_queries() as queries:
        response = api.get(path, {"kitchenId": api.kitchen_id})
    assert response.status_code == 200, response.content
    return len(queries)


@pytest.mark.parametrize("path", [PATH, f"{PATH}/xlsx", f"{PATH}/pdf"])
def test_given_more_orders_then_the_same_number_of_queries(tenant_a, kw, admin, path):
    api = Api(tenant_a, admin)
    api.kitchen_id = kw.kitchen.pk
    api.get(path)  # warm the per-process caches (settings, tenant)
    few = _queries(api, path)

    with in_tenant(tenant_a):
        for child in more_children(kw, 12):
            meal(kw, child=child, portion=kw.catalog.small)
    many = _queries(api, path)

    # The session (one statement), the kitchen of the query, then the selector's six (kitchen/selectors/prepare.py).
    assert few == many == 8, (few, many)


def test_given_the_xlsx_then_two_sheets_with_headers_and_formulas_made_inert(tenant_a, kw, admin):
    with in_tenant(tenant_a):
        Meal.objects.filter(pk=kw.meals["Kompot"].pk).update(name="=HYPERLINK(1)")

    response = Api(tenant_a, admin, locale="pl").get(f"{PATH}/xlsx", {"date": kw.day.isoformat()})

    assert response.status_code == 200
    assert response["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert f"posilki-do-przygotowania-{kw.day.isoformat()}.xlsx" in response["Content-Disposition"]
    book = load_workbook(io.BytesIO(response.content))
    portions, ingredients = book.worksheets
    assert [portions.title, ingredients.title] == ["Porcje", "Składniki"]
    values = [list(row) for row in portions.iter_rows(min_row=3, values_only=True)]
    assert values == [
        ["Rodzaj posiłku", "Danie", "Dieta", "Porcja", "Porcje"],
        ["Obiad", "'=HYPERLINK(1)", "Standardowa", "Mała", 1],
        ["Obiad", "'=HYPERLINK(1)", "Standardowa", "Normalna", 1],
        ["Obiad", "Naleśniki", "Wegetariańska", "Normalna", 1],
        ["Obiad", "Pierogi ruskie", "Standardowa", "Mała", 1],
        ["Obiad", "Pierogi ruskie", "Standardowa", "Normalna", 1],
        ["Razem", None, None, None, 3],
    ]
    assert list(next(ingredients.iter_rows(min_row=3, values_only=True))) == [
        "Składnik",
        "Ilość",
        "Jednostka",
    ]
    assert [row[0] for row in ingredients.iter_rows(min_row=4, values_only=True)] == [
        "Jabłka",
        "Mąka",
        "Mleko",
        "Ser biały",
    ]


def test_given_the_pdf_then_a_pdf_in_polish_with_the_dishes_and_ingredients(tenant_a, kw, admin):
    response = Api(tenant_a, admin, locale="pl").get(f"{PATH}/pdf", {"date": kw.day.isoformat()})

    assert response.status_code == 200
    assert response.content.startswith(b"%PDF")
    assert response["Content-Type"] == "application/pdf"
    text = [run for page in pdf_pages(response.content) for run in page]
    assert f"Posiłki do przygotowania: {kw.day:%d.%m.%Y}" in text
    for expected in ["Obiad", "Naleśniki", "Wegetariańska", "Mała", "Składniki", "Ser biały", "50,50", "Razem"]:
        assert expected in text, (expected, text)


def test_given_no_orders_then_an_empty_answer_and_files_that_say_so(tenant_a, admin):
    with in_tenant(tenant_a):
        make_kitchen_world(tenant_a)
    api = Api(tenant_a, admin)

    body = api.get(PATH).json()
    pdf = api.get(f"{PATH}/pdf")

    assert (body["portions"], body["mealTypes"], body["ingredients"]) == (0, [], [])
    assert "No meals to prepare." in [run for page in pdf_pages(pdf.content) for run in page]
