"""The meals to release endpoints: the answers' shapes, paging, the query's rules, an institutions admin's reach, a
number of queries that does not grow with the orders, and the release report's files."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from djangorestframework_camel_case.util import camelize
from openpyxl import load_workbook

from kantyna.catalog.models import Allergen
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN
from kantyna.institutions.models import Institution
from kantyna.kitchen.api.release_serializers import NestedMealsToReleaseSerializer, nested_json
from kantyna.kitchen.selectors.release import Scope, nested_meals_to_release
from kantyna.kitchen.tests.helpers import make_kitchen_world, meal, more_children
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api
from kantyna.testing.factories import make_user
from kantyna.testing.pdf import pdf_pages
from kantyna.testing.queries import capture_queries

pytestmark = pytest.mark.django_db


@pytest.fixture
def kw(tenant_a):
    with in_tenant(tenant_a):
        kw = make_kitchen_world(tenant_a)
        w, c = kw.world, kw.catalog
        w.child2.allergies.set([Allergen.objects.create(name="Orzechy")])
        meal(kw, child=w.child)
        meal(kw, child=w.child2, portion=c.small, status="served")
        meal(kw, worker=w.worker, status="cancelled")
        meal(kw, child=kw.other_child, diet=c.vegetarian)
    return kw


@pytest.fixture
def admin(tenant_a):
    return make_user(tenant_a, ROLE_ADMIN)


def test_given_tomorrows_orders_when_asking_for_the_nested_view_then_names_and_allergens_under_their_classroom(
    tenant_a, kw, admin
):
    w, c = kw.world, kw.catalog

    response = Api(tenant_a, admin).get("meals/nestedMealsToRelease", {"institutionsIds": str(w.institution.pk)})

    assert response.status_code == 200, response.content
    assert response.json() == {
        "date": kw.day.isoformat(),
        "portions": 2,
        "institutions": [
            {
                "id": w.institution.pk,
                "name": w.institution.name,
                "portions": 2,
                "groups": [
                    {
                        "kind": "classroom",
                        "id": w.classroom.pk,
                        "name": w.classroom.name,
                        "portions": 2,
                        "mealTypes": [
                            {
                                "id": c.lunch.pk,
                                "name": "Obiad",
                                "portions": 2,
                                "diets": [
                                    {
                                        "id": c.standard.pk,
                                        "name": "Standardowa",
                                        "portions": 2,
                                        "receivers": [
                                            {
                                                "kind": "child",
                                                "id": w.child2.pk,
                                                "firstName": "Jan",
                                                "lastName": "Nowak",
                                                "portionSize": {"id": c.small.pk, "name": "Mała"},
                                                "portions": 1,
                                                "allergens": [{"id": w.child2.allergies.get().pk, "name": "Orzechy"}],
                                            },
                                            {
                                                "kind": "child",
                                                "id": w.child.pk,
                                                "firstName": "Ola",
                                                "lastName": "Nowak",
                                                "portionSize": {"id": c.normal.pk, "name": "Normalna"},
                                                "portions": 1,
                                                "allergens": [],
                                            },
                                        ],
                                    }
                                ],
                            }
                        ],
                    }
                ],
            }
        ],
    }


def test_given_rows_when_paging_the_flat_list_then_twenty_by_default_and_the_asked_page(tenant_a, kw, admin):
    api = Api(tenant_a, admin)

    first = api.get("meals/mealsToRelease").json()
    second = api.get("meals/mealsToRelease", {"perPage": 2, "page": 2}).json()

    assert (first["total"], first["page"], first["perPage"], len(first["items"])) == (3, 1, 20, 3)
    assert first["items"][0] == {
        "date": kw.day.isoformat(),
        "institution": {"id": kw.world.institution.pk, "name": kw.world.institution.name},
        "group": {"kind": "classroom", "id": kw.world.classroom.pk, "name": kw.world.classroom.name},
        "mealType": {"id": kw.catalog.lunch.pk, "name": "Obiad"},
        "diet": {"id": kw.catalog.standard.pk, "name": "Standardowa"},
        "portionSize": {"id": kw.catalog.small.pk, "name": "Mała"},
        "portions": 1,
    }
    assert (second["total"], len(second["items"]), second["items"][0]["institution"]["id"]) == (
        3,
        1,
        kw.other_institution.pk,
    )


def test_given_the_day_endpoints_then_per_institution_the_summary_and_the_dishes(tenant_a, kw, admin):
    api = Api(tenant_a, admin)
    day = kw.day.isoformat()

    per_institution = api.get(f"orders/mealsToRelease/{day}").json()
    summary = api.get(f"orders/mealsToRelease/{day}/summary").json()
    dishes = api.get("orders/meals", {"date": day}).json()
    grouped = api.get("meals/groupedMealsToRelease").json()
    by_dates = api.get(f"meals/{kw.meals['Naleśniki'].pk}/groupedByDatesMealsToRelease").json()

    assert [(p["institution"]["id"], p["portions"], p["mealTypes"]) for p in per_institution["institutions"]] == [
        (kw.world.institution.pk, 2, [{"id": kw.catalog.lunch.pk, "name": "Obiad", "portions": 2}]),
        (kw.other_institution.pk, 1, [{"id": kw.catalog.lunch.pk, "name": "Obiad", "portions": 1}]),
    ]
    assert (summary["portions"], [(d["name"], d["portions"]) for d in summary["mealTypes"][0]["diets"]]) == (
        3,
        [("Standardowa", 2), ("Wegetariańska", 1)],
    )
    assert (dishes["portions"], [(m["name"], m["portions"]) for m in dishes["meals"]]) == (
        3,
        [("Kompot", 2), ("Naleśniki", 1), ("Pierogi ruskie", 2)],
    )
    assert [[d["name"] for d in p["dishes"]] for p in grouped["institutions"]] == [
        ["Kompot", "Pierogi ruskie"],
        ["Naleśniki"],
    ]
    assert (by_dates["dateFrom"], by_dates["dateTo"], by_dates["portions"]) == (
        day,
        (kw.day + timedelta(days=6)).isoformat(),
        1,
    )
    assert by_dates["dates"] == [
        {
            "date": day,
            "portions": 1,
            "institutions": [{"id": kw.other_institution.pk, "name": kw.other_institution.name, "portions": 1}],
        }
    ]


def test_given_an_institutions_admin_then_only_their_institutions(tenant_a, kw):
    manager = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN)
    with in_tenant(tenant_a):
        manager.institutions.set([kw.world.institution])
    api = Api(tenant_a, manager)

    nested = api.get("meals/nestedMealsToRelease").json()
    asking_for_another = api.get("meals/nestedMealsToRelease", {"institutionsIds": str(kw.other_institution.pk)})
    report = api.get("meals/mealsToReleaseReport").json()

    assert [place["id"] for place in nested["institutions"]] == [kw.world.institution.pk]
    assert asking_for_another.json()["institutions"] == []
    assert [row["institution"]["id"] for row in report["rows"]] == [kw.world.institution.pk]


@pytest.mark.parametrize(
    ("path", "query", "errors"),
    [
        ("orders/mealsToRelease/2026-13-01", {}, {"date": ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."]}),
        ("meals/mealsToRelease", {"mealTypesIds": "x"}, {"mealTypesIds": ["Give ids separated by commas."]}),
        ("meals/mealsToReleaseReport", {"dateFrom": "2026-01-01", "dateTo": "2026-03-04"}, {"dateTo": ["Choose at most 62 days."]}),
        ("meals/nestedMealsToRelease", {"kitchenId": "999999"}, {"kitchenId": ['Invalid pk "999999" - object does not exist.']}),
    ],
)  # fmt: skip
def test_given_a_bad_query_then_400_with_the_field(tenant_a, kw, admin, path, query, errors):
    response = Api(tenant_a, admin).get(path, query)

    assert (response.status_code, response.json()) == (
        400,
        {"message": "The given data was invalid.", "errors": errors},
    )


def test_given_an_unknown_meal_then_404(tenant_a, kw, admin):
    response = Api(tenant_a, admin).get("meals/999999/groupedByDatesMealsToRelease")

    assert response.status_code == 404


PATHS = [
    "meals/mealsToRelease",
    "meals/groupedMealsToRelease",
    "meals/{meal}/groupedByDatesMealsToRelease",
    "meals/nestedMealsToRelease",
    "meals/mealsToReleaseReport",
    "meals/mealsToReleaseReport/xlsx",
    "meals/mealsToReleaseReport/pdf",
    "orders/mealsToRelease/{day}",
    "orders/mealsToRelease/{day}/summary",
    "orders/meals",
]


def _queries(api, path) -> int:
    with capture_queries() as queries:
        response = api.get(path)
    assert response.status_code == 200, response.content
    return len(queries)


@pytest.mark.parametrize("path", PATHS)
def test_given_more_orders_and_receivers_then_the_same_number_of_queries(tenant_a, kw, admin, path):
    path = path.format(meal=kw.meals["Pierogi ruskie"].pk, day=kw.day.isoformat())
    api = Api(tenant_a, admin)
    api.get(path)  # warm the per-process caches (settings, tenant)
    few = _queries(api, path)

    with in_tenant(tenant_a):
        nuts = Allergen.objects.create(name="Seler")
        for index, child in enumerate(more_children(kw, 12)):
            child.allergies.set([nuts])
            meal(kw, child=child, portion=kw.catalog.small if index % 2 else None)
            meal(kw, child=child, meal_type=kw.catalog.soup)
    many = _queries(api, path)

    assert few == many, (few, many)
    # The session (one statement), then the selector: the nested view is one query.
    assert path != "meals/nestedMealsToRelease" or many == 2


def test_given_the_report_as_xlsx_then_institutions_by_day_with_meal_type_columns_and_formulas_made_inert(
    tenant_a, kw, admin
):
    with in_tenant(tenant_a):
        Institution.objects.filter(pk=kw.other_institution.pk).update(name="=HYPERLINK(1)")
    day = kw.day.isoformat()

    response = Api(tenant_a, admin, locale="pl").get("meals/mealsToReleaseReport/xlsx", {"date": day})

    assert response.status_code == 200
    assert f"raport-posilkow-do-wydania-{day}.xlsx" in response["Content-Disposition"]
    sheet = load_workbook(io.BytesIO(response.content)).active
    assert [list(row) for row in sheet.iter_rows(min_row=3, values_only=True)] == [
        ["Placówka", "Data", "Obiad", "Razem"],
        ["'=HYPERLINK(1)", f"{kw.day:%d.%m.%Y}", 1, 1],
        [kw.world.institution.name, f"{kw.day:%d.%m.%Y}", 2, 2],
        ["Razem", None, 3, 3],
    ]


def test_given_the_report_as_pdf_then_polish_text_and_the_counts(tenant_a, kw, admin):
    response = Api(tenant_a, admin, locale="pl").get("meals/mealsToReleaseReport/pdf", {"date": kw.day.isoformat()})

    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    text = [run for page in pdf_pages(response.content) for run in page]
    assert f"Raport posiłków do wydania: {kw.day:%d.%m.%Y}" in text
    for expected in ["Placówka", "Obiad", kw.world.institution.name, "Razem"]:
        assert expected in text, (expected, text)


def test_given_no_orders_then_empty_answers_and_a_pdf_that_says_so(tenant_a, admin):
    with in_tenant(tenant_a):
        make_kitchen_world(tenant_a)
    api = Api(tenant_a, admin)

    nested = api.get("meals/nestedMealsToRelease").json()
    rows = api.get("meals/mealsToRelease").json()
    pdf = api.get("meals/mealsToReleaseReport/pdf")

    assert (nested["portions"], nested["institutions"], rows["total"], rows["items"]) == (0, [], 0, [])
    assert "No meals to release." in [run for page in pdf_pages(pdf.content) for run in page]


def test_given_the_nested_view_built_by_hand_then_it_equals_what_its_serializer_and_the_renderer_write(tenant_a, kw):
    with in_tenant(tenant_a):
        meal(kw, worker=kw.world.worker)
        result = nested_meals_to_release(Scope(date_from=kw.day, date_to=kw.day, reachable_institution_ids=None))

    assert result.portions == 4
    assert dict(nested_json(result)) == camelize(NestedMealsToReleaseSerializer(result).data)
