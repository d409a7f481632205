"""`GET meals/mealsToPrepare` and its XLSX and PDF: the answer's shape, the query's rules, the reach of an
institutions admin, a number of queries that does not grow with the orders, and the files."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from openpyxl import load_workbook

from kantyna.catalog import services as catalog
from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK, ROLE_INSTITUTIONS_ADMIN
from kantyna.kitchen.tests.helpers import make_kitchen_world, meal, more_children
from kantyna.meals.models import Meal
from kantyna.ordering.models import OrderItem
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
        "allergenClashes": [],
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

    # The session (one statement), the kitchen of the query, then the selector's six (kitchen/selectors/prepare.py);
    # the screen and the PDF two more for the day's clashes (the items with their allergens, the menu cells).
    assert few == many == (6 if path.endswith("xlsx") else 8) + 2, (few, many)


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


# Allergen clashes --------------------------------------------------------------------------------------------------


@pytest.fixture
def clashing(tenant_a, kw):
    """Pierogi (the world institution's standard lunch) contain gluten, pancakes (the vegetarian lunch) gluten and
    milk. Ola is allergic to barley (the gluten group: her pierogi clash), Zoe of the other institution to milk (her
    pancakes clash); Jan has no allergens."""
    with in_tenant(tenant_a):
        cereals = catalog.allergen_group_create(actor=None, name="Zboża zawierające gluten")
        gluten = catalog.allergen_create(actor=None, name="Gluten", group=cereals)
        barley = catalog.allergen_create(actor=None, name="Jęczmień", group=cereals)
        milk = catalog.allergen_create(actor=None, name="Mleko")
        kw.meals["Pierogi ruskie"].allergens.set([gluten])
        kw.meals["Naleśniki"].allergens.set([gluten, milk])
        kw.world.child.allergies.set([barley])
        kw.other_child.allergies.set([milk])
        kw.barley = barley
    return kw


def _clash_of(kw, child, classroom, dishes, allergens, diet=("standard", "Standardowa")):
    c = kw.catalog
    item = OrderItem.objects.get(child=child, status="active")
    return {
        "itemId": item.pk,
        "date": kw.day.isoformat(),
        "childId": child.pk,
        "workerId": None,
        "firstName": child.first_name,
        "lastName": child.last_name,
        "institution": {"id": child.institution_id, "name": child.institution.name},
        "classroom": {"id": classroom.pk, "name": classroom.name},
        "mealType": {"id": c.lunch.pk, "name": "Obiad"},
        "diet": {"id": getattr(c, diet[0]).pk, "name": diet[1]},
        "dishes": dishes,
        "allergens": allergens,
    }


def test_given_dishes_with_the_childrens_allergens_then_the_clashes_by_institution_with_dish_and_allergen(
    tenant_a, clashing, admin
):
    kw = clashing
    with in_tenant(tenant_a):
        ola = _clash_of(kw, kw.world.child, kw.world.classroom, ["Pierogi ruskie"], ["Gluten"])
        zoe = _clash_of(
            kw, kw.other_child, kw.other_child.classroom, ["Naleśniki"], ["Mleko"], ("vegetarian", "Wegetariańska")
        )

    body = Api(tenant_a, admin).get(PATH, {"date": kw.day.isoformat()}).json()

    assert body["allergenClashes"] == [ola, zoe]
    assert body["portions"] == 3  # the counts as they were


def test_given_a_kitchen_or_an_institutions_admin_then_the_clashes_of_the_same_scope_as_the_counts(tenant_a, clashing):
    kw = clashing
    manager = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN)
    with in_tenant(tenant_a):
        manager.institutions.set([kw.world.institution])
    admin = make_user(tenant_a, ROLE_ADMIN)
    day = kw.day.isoformat()

    by_kitchen = Api(tenant_a, admin).get(PATH, {"date": day, "kitchenId": kw.kitchen.pk}).json()
    by_institution = Api(tenant_a, admin).get(PATH, {"date": day, "institutionsIds": str(kw.other_institution.pk)})
    own = Api(tenant_a, manager).get(PATH, {"date": day}).json()

    assert [clash["firstName"] for clash in by_kitchen["allergenClashes"]] == ["Ola"]
    assert [clash["firstName"] for clash in by_institution.json()["allergenClashes"]] == ["Zoe"]
    assert [clash["firstName"] for clash in own["allergenClashes"]] == ["Ola"]


def test_given_a_range_then_the_clashes_of_each_day_in_date_order(tenant_a, clashing, admin):
    kw = clashing
    next_day = kw.day + timedelta(days=1)
    with in_tenant(tenant_a):
        meal(kw, child=kw.world.child, day=next_day)  # no menu that day: no dish, so no clash

    body = Api(tenant_a, admin).get(PATH, {"dateFrom": kw.day.isoformat(), "dateTo": next_day.isoformat()}).json()

    assert [(clash["date"], clash["firstName"]) for clash in body["allergenClashes"]] == [
        (kw.day.isoformat(), "Ola"),
        (kw.day.isoformat(), "Zoe"),
    ]


def test_given_the_pdf_then_the_clashes_under_a_warning_heading_above_the_counts(tenant_a, clashing, admin):
    kw = clashing
    w = kw.world

    response = Api(tenant_a, admin, locale="pl").get(f"{PATH}/pdf", {"date": kw.day.isoformat()})

    assert response.status_code == 200, response.content
    text = [run for page in pdf_pages(response.content) for run in page]
    heading = text.index("Uwaga: alergeny w daniach")
    ola = ["Ola Nowak", w.institution.name, w.classroom.name, "Obiad", "Pierogi ruskie", "Gluten"]
    zoe = ["Zoe Kowalska", kw.other_institution.name, kw.other_child.classroom.name, "Obiad", "Naleśniki", "Mleko"]
    header = ["Imię i nazwisko", "Placówka", "Klasa", "Rodzaj posiłku", "Danie", "Alergeny"]
    assert text[heading + 1 : heading + 19] == [*header, *ola, *zoe]
    assert text.index("Porcje") > heading + 18  # the counts' table follows


def test_given_no_clashes_then_the_pdf_has_no_warning(tenant_a, kw, admin):
    response = Api(tenant_a, admin, locale="pl").get(f"{PATH}/pdf", {"date": kw.day.isoformat()})

    assert "Uwaga: alergeny w daniach" not in [run for page in pdf_pages(response.content) for run in page]


@pytest.mark.parametrize("path", [PATH, f"{PATH}/pdf"])
def test_given_more_clashing_children_then_the_same_number_of_queries(tenant_a, clashing, admin, path):
    kw = clashing
    api = Api(tenant_a, admin)
    query = {"date": kw.day.isoformat()}
    api.get(path, query)  # warm the per-process caches (settings, tenant)

    def clashes_and_queries():
        with capture_queries() as queries:
            response = api.get(PATH, query)
        if path != PATH:
            with capture_queries() as queries:
                assert api.get(path, query).status_code == 200
        return len(response.json()["allergenClashes"]), len(queries)

    two = clashes_and_queries()
    with in_tenant(tenant_a):
        for child in more_children(kw, 4):
            child.allergies.set([kw.barley])
            meal(kw, child=child)
    six = clashes_and_queries()

    # The session, the selector's six, the day's clashes' two (the items with their allergens, the menu cells).
    assert (two, six) == ((2, 9), (6, 9))
