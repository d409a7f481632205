"""Menus through the HTTP API: the generic CRUD checks (every role belongs to the menu's institution), who reads
and changes which menus, updateParts, the reads (count, items, itemsData, options, items/find, month data) and
the copies."""

from __future__ import annotations

from datetime import date

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_INSTITUTION_WORKER,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_PARENT,
    ROLES,
)
from kantyna.institutions.models import Institution
from kantyna.menus.models import MealsMenu, MealsMenuItem
from kantyna.menus.tests.world import make_menu, member, world
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests

INVALID = "The given data was invalid."


def cells_of(tenant, menu) -> list[tuple[str, str, str]]:
    with in_tenant(tenant):
        return [
            (item.date.isoformat(), item.meal_type.name, item.meal.name)
            for item in MealsMenuItem.objects.filter(menu=menu).select_related("meal_type", "meal")
        ]


class TestMealsMenusApi(CrudApiTests):
    path = "mealsMenus"
    model = MealsMenu
    write_roles = frozenset({ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN})
    list_queries = 5  # session (1) + count + page + institutions + diets
    audit_prefix = "meals_menu"
    changed_field = "name"

    def _api(self, tenant, role=ROLE_ADMIN):
        return Api(tenant, member(tenant, role))

    def make_instance(self, tenant, index):
        menu = make_menu(world(), name=f"Jadłospis {index} {MealsMenu.objects.count()}")
        # update_payload runs outside the tenant's schema: keep what it needs from here.
        menu.payload_ids = {
            "institutionsIds": [i.pk for i in menu.institutions.all()],
            "dietsIds": [d.pk for d in menu.diets.all()],
        }
        return menu

    def create_payload(self, tenant):
        with in_tenant(tenant):
            w = world()
            return {
                "name": "Jadłospis grudzień",
                "dateFrom": "2026-12-01",
                "dateTo": "2026-12-31",
                "institutionsIds": [w.institution.pk],
                "dietsIds": [w.diet.pk],
            }

    def invalid_payload(self):
        return {"name": "", "dateFrom": "2026-12-10", "dateTo": "2026-12-01", "institutionsIds": []}, {
            "name": ["This field may not be blank."],
            "institutionsIds": ["This list may not be empty."],
            "dietsIds": ["This field is required."],
        }

    def update_payload(self, instance):
        return {
            "name": f"{instance.name} (zmieniony)",
            "dateFrom": instance.date_from.isoformat(),
            "dateTo": instance.date_to.isoformat(),
            **instance.payload_ids,
        }


@pytest.fixture
def w(tenant_a):
    with in_tenant(tenant_a):
        return world()


@pytest.fixture
def menu(tenant_a, w):
    with in_tenant(tenant_a):
        return make_menu(w)


@pytest.fixture
def admin(tenant_a):
    return Api(tenant_a, member(tenant_a, ROLE_ADMIN))


# --- rules of create and update ---------------------------------------------------------------------------------


def test_given_dates_in_the_wrong_order_when_creating_then_400_on_date_to(tenant_a, w, admin):
    response = admin.post(
        "mealsMenus",
        {
            "name": "X",
            "dateFrom": "2026-12-10",
            "dateTo": "2026-12-01",
            "institutionsIds": [w.institution.pk],
            "dietsIds": [w.diet.pk],
        },
    )
    assert_error(response, 400, INVALID, {"dateTo": ["The end date cannot be earlier than the start date."]})


def test_given_planned_days_when_narrowing_the_dates_then_400_and_nothing_changes(tenant_a, w, menu, admin):
    before = admin.get(f"mealsMenus/{menu.pk}").json()

    response = admin.put(f"mealsMenus/{menu.pk}/updateParts", {"dateFrom": "2026-11-03"})

    assert_error(
        response,
        400,
        INVALID,
        {"dateFrom": ["Meals are planned on 02.11.2026, outside the new dates: remove them first or widen the dates."]},
    )
    assert admin.get(f"mealsMenus/{menu.pk}").json() == before


def test_given_an_institutions_admin_when_choosing_another_institution_then_400(tenant_a, w):
    api = Api(tenant_a, member(tenant_a, ROLE_INSTITUTIONS_ADMIN))
    response = api.post(
        "mealsMenus",
        {
            "name": "Obcy",
            "dateFrom": "2026-12-01",
            "dateTo": "2026-12-31",
            "institutionsIds": [w.other_institution.pk],
            "dietsIds": [w.diet.pk],
        },
    )
    assert_error(response, 400, INVALID, {"institutionsIds": ["You can only choose institutions you manage."]})
    with in_tenant(tenant_a):
        assert not MealsMenu.objects.filter(name="Obcy").exists()


def test_given_an_institutions_admin_without_menu_edit_when_writing_then_403(tenant_a, w, menu):
    api = Api(tenant_a, member(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=()))
    assert api.get(f"mealsMenus/{menu.pk}").status_code == 200
    assert_error(api.put(f"mealsMenus/{menu.pk}/updateParts", {"name": "Nowa"}), 403, "Forbidden.")
    assert_error(api.delete(f"mealsMenus/{menu.pk}"), 403, "Forbidden.")
    with in_tenant(tenant_a):
        assert MealsMenu.objects.get(pk=menu.pk).name == "Jadłospis listopad"


def test_given_a_menu_shared_with_an_institution_not_managed_when_an_institutions_admin_edits_then_403(tenant_a, w):
    with in_tenant(tenant_a):
        shared = make_menu(w, institutions=[w.institution, w.other_institution])
    api = Api(tenant_a, member(tenant_a, ROLE_INSTITUTIONS_ADMIN))

    assert api.get(f"mealsMenus/{shared.pk}").status_code == 200
    assert_error(api.delete(f"mealsMenus/{shared.pk}"), 403, "Forbidden.")
    with in_tenant(tenant_a):
        assert MealsMenu.objects.filter(pk=shared.pk).exists()


def test_deleting_a_menu_removes_its_items(tenant_a, menu, admin):
    assert admin.delete(f"mealsMenus/{menu.pk}").json() == {"status": True}
    with in_tenant(tenant_a):
        assert not MealsMenuItem.objects.filter(menu_id=menu.pk).exists()


# --- who reads which menus --------------------------------------------------------------------------------------


@pytest.mark.parametrize("role", [ROLE_PARENT, ROLE_INSTITUTION_WORKER, ROLE_INSTITUTIONS_ADMIN])
def test_given_a_member_of_another_institution_then_the_menu_is_not_theirs(tenant_a, w, menu, role):
    api = Api(tenant_a, member(tenant_a, role, institution=w.other_institution))

    assert api.get("mealsMenus").json()["total"] == 0
    assert_error(api.get(f"mealsMenus/{menu.pk}"), 404, "Not found.")
    assert_error(api.get(f"mealsMenus/{menu.pk}/month/2026-11/data"), 404, "Not found.")


MEMBERS_READ_THEIRS = {ROLE_PARENT, ROLE_INSTITUTION_WORKER, ROLE_INSTITUTIONS_ADMIN}


@pytest.mark.parametrize("role", ROLES)
def test_each_role_reads_the_menus_of_where_it_belongs_and_changes_those_it_manages(tenant_a, w, menu, role):
    """Given a menu of the member's institution and one of another, kitchen and office staff read both, members
    (parent, worker, institutions admin) theirs only; admins change both, an institutions admin their own."""
    with in_tenant(tenant_a):
        other = make_menu(w, name="Drugi", institutions=[w.other_institution], items=[])
    api = Api(tenant_a, member(tenant_a, role))

    listed = {row["id"] for row in api.get("mealsMenus", {"perPage": 50}).json()["items"]}
    editable = {pk for pk in (menu.pk, other.pk) if api.put(f"mealsMenus/{pk}/updateParts", {}).status_code == 200}

    assert listed == ({menu.pk} if role in MEMBERS_READ_THEIRS else {menu.pk, other.pk})
    assert editable == {ROLE_ADMIN: {menu.pk, other.pk}, ROLE_INSTITUTIONS_ADMIN: {menu.pk}}.get(role, set())


def test_a_cook_reads_every_menu(tenant_a, w, menu):
    with in_tenant(tenant_a):
        make_menu(w, name="Drugi", institutions=[w.other_institution])
    api = Api(tenant_a, member(tenant_a, ROLE_COOK))
    assert api.get("mealsMenus").json()["total"] == 2


def test_list_filters_and_sort(tenant_a, w, menu, admin):
    with in_tenant(tenant_a):
        make_menu(w, name="Grudzień", date_from=date(2026, 12, 1), date_to=date(2026, 12, 31), items=[])
        make_menu(w, name="Inny", institutions=[w.other_institution], items=[])

    def names(**params):
        return [item["name"] for item in admin.get("mealsMenus", params).json()["items"]]

    assert names(month="2026-12") == ["Grudzień"]
    assert names(institutionId=w.other_institution.pk) == ["Inny"]
    assert names(sort="name") == ["Grudzień", "Inny", "Jadłospis listopad"]
    assert names(sort="-dateFrom") == ["Grudzień", "Jadłospis listopad", "Inny"]
    assert names(search="grud") == ["Grudzień"]
    assert names(dateFrom="2026-12-05") == ["Grudzień"]
    assert_error(admin.get("mealsMenus", {"month": "2026-13"}), 400, INVALID, {"month": ["Enter a month as YYYY-MM."]})


def test_list_item_shape(tenant_a, w, menu, admin):
    item = admin.get("mealsMenus").json()["items"][0]
    assert item == {
        "id": menu.pk,
        "name": "Jadłospis listopad",
        "dateFrom": "2026-11-01",
        "dateTo": "2026-11-30",
        "institutionsIds": [w.institution.pk],
        "dietsIds": [w.diet.pk],
        "institutions": [{"id": w.institution.pk, "name": "Szkoła Podstawowa nr 1", "shortName": "SP-1"}],
        "diets": [{"id": w.diet.pk, "name": "Standardowa"}],
        "itemsCount": 4,
        "createdAt": item["createdAt"],
        "updatedAt": item["updatedAt"],
    }


def test_count_and_options(tenant_a, w, menu):
    api = Api(tenant_a, member(tenant_a, ROLE_PARENT))
    assert api.get("mealsMenus/count").json() == {"count": 1}
    assert api.get("mealsMenus/options").json()["items"] == [
        {
            "value": menu.pk,
            "text": "Jadłospis listopad",
            "dateFrom": "2026-11-01",
            "dateTo": "2026-11-30",
            "institutionsIds": [w.institution.pk],
            "dietsIds": [w.diet.pk],
        }
    ]


# --- reads of items ---------------------------------------------------------------------------------------------


def test_items_that_apply_to_an_institution_and_diet(tenant_a, w, menu):
    api = Api(tenant_a, member(tenant_a, ROLE_PARENT))

    body = api.get(
        "mealsMenus/items",
        {"institutionId": w.institution.pk, "dietId": w.diet.pk, "dateFrom": "2026-11-03", "dateTo": "2026-11-03"},
    ).json()

    assert body["total"] == 1
    assert body["items"][0] == {
        "id": body["items"][0]["id"],
        "menuId": menu.pk,
        "date": "2026-11-03",
        "mealTypeId": w.lunch.pk,
        "mealTypeName": "Obiad",
        "mealId": w.meals[2].pk,
        "mealName": "Pierogi ruskie",
        "position": 0,
        "allergens": [
            {"id": body["items"][0]["allergens"][0]["id"], "number": 1, "name": "Zboża zawierające gluten"},
            {"id": body["items"][0]["allergens"][1]["id"], "number": 3, "name": "Jaja"},
            {"id": body["items"][0]["allergens"][2]["id"], "number": 7, "name": "Mleko"},
        ],
    }
    other_diet = api.get(
        "mealsMenus/items", {"dietId": w.other_diet.pk, "dateFrom": "2026-11-01", "dateTo": "2026-11-30"}
    ).json()
    assert other_diet["total"] == 0
    assert_error(api.get("mealsMenus/items", {"dateFrom": "2026-11-01"}), 400, INVALID, {"dateTo": ...})


def test_items_data_and_find(tenant_a, w, menu, admin):
    data = admin.get(f"mealsMenus/{menu.pk}/itemsData").json()
    assert (data["id"], data["name"], len(data["items"])) == (menu.pk, "Jadłospis listopad", 4)
    assert [i["mealName"] for i in data["items"]] == [
        "Owsianka z jabłkiem",
        "Żurek z jajkiem",
        "Pierogi ruskie",
        "Pierogi ruskie",
    ]

    found = admin.get(f"mealsMenus/{menu.pk}/items/find", {"search": "pierogi", "date": "2026-11-02"}).json()
    assert [(i["date"], i["mealName"]) for i in found["items"]] == [("2026-11-02", "Pierogi ruskie")]
    by_type = admin.get(f"mealsMenus/{menu.pk}/items/find", {"mealTypeId": w.breakfast.pk}).json()
    assert by_type["total"] == 1


def test_month_data_is_a_grid_with_allergens_and_grammages_unless_hidden(tenant_a, w, menu):
    from decimal import Decimal

    from kantyna.meals.models import Ingredient, MealIngredient

    with in_tenant(tenant_a):
        flour = Ingredient.objects.create(name="Mąka pszenna")
        MealIngredient.objects.create(meal=w.meals[2], ingredient=flour, portion_size=w.portion, grammage=Decimal("80"))
    api = Api(tenant_a, member(tenant_a, ROLE_PARENT))

    body = api.get(f"mealsMenus/{menu.pk}/month/2026-11/data").json()

    assert body["menu"] == {
        "id": menu.pk,
        "name": "Jadłospis listopad",
        "dateFrom": "2026-11-01",
        "dateTo": "2026-11-30",
    }
    assert (body["month"], len(body["dates"]), body["showGrammages"]) == ("2026-11", 30, True)
    assert [t["name"] for t in body["mealTypes"]] == ["Śniadanie", "Obiad"]
    lunch = next(c for c in body["cells"] if c["date"] == "2026-11-03")
    assert lunch["mealTypeId"] == w.lunch.pk
    (pierogi,) = lunch["meals"]
    assert [a["number"] for a in pierogi["allergens"]] == [1, 3, 7]
    assert pierogi["grammages"] == [
        {
            "ingredientName": "Mąka pszenna",
            "portionSizeId": w.portion.pk,
            "portionSizeName": "Normalna",
            "grammage": "80.00",
            "unit": "g",
        }
    ]

    with in_tenant(tenant_a):
        Institution.objects.filter(pk=w.institution.pk).update(hide_grammages=True)
    hidden = api.get(f"mealsMenus/{menu.pk}/month/2026-11/data").json()
    assert hidden["showGrammages"] is False
    assert all(meal["grammages"] is None for cell in hidden["cells"] for meal in cell["meals"])


def test_month_data_outside_the_menu_has_no_dates(tenant_a, menu, admin):
    body = admin.get(f"mealsMenus/{menu.pk}/month/2027-01/data").json()
    assert (body["dates"], body["cells"]) == ([], [])


def test_item_reads_do_not_grow_with_items(tenant_a, w, menu, admin):
    from kantyna.testing.queries import capture_queries

    with capture_queries() as few:
        admin.get(f"mealsMenus/{menu.pk}/month/2026-11/data")
    with in_tenant(tenant_a):
        make_menu(w, name="Większy", items=[(date(2026, 11, d), w.lunch, w.meals[d % 3]) for d in range(1, 29)])
        big = MealsMenu.objects.get(name="Większy")
    with capture_queries() as many:
        admin.get(f"mealsMenus/{big.pk}/month/2026-11/data")
    assert len(many) == len(few)


# --- updateParts ------------------------------------------------------------------------------------------------


def test_update_parts_replaces_only_the_given_cells(tenant_a, w, menu, admin):
    response = admin.put(
        f"mealsMenus/{menu.pk}/updateParts",
        {
            "cells": [
                {"date": "2026-11-02", "mealTypeId": w.lunch.pk, "mealsIds": [w.meals[2].pk, w.meals[0].pk]},
                {"date": "2026-11-03", "mealTypeId": w.lunch.pk, "mealsIds": []},
                {"date": "2026-11-04", "mealTypeId": w.breakfast.pk, "mealsIds": [w.meals[0].pk]},
            ]
        },
    )

    assert response.status_code == 200, response.content
    assert response.json()["itemsCount"] == 4
    assert cells_of(tenant_a, menu) == [
        ("2026-11-02", "Śniadanie", "Owsianka z jabłkiem"),
        ("2026-11-02", "Obiad", "Pierogi ruskie"),
        ("2026-11-02", "Obiad", "Owsianka z jabłkiem"),
        ("2026-11-04", "Śniadanie", "Owsianka z jabłkiem"),
    ]
    with in_tenant(tenant_a):
        assert AuditEntry.objects.filter(action="meals_menu.set_cells", target_id=str(menu.pk)).exists()


def test_update_parts_header_only(tenant_a, menu, admin):
    response = admin.put(f"mealsMenus/{menu.pk}/updateParts", {"name": "Listopad (poprawiony)"})
    assert (response.status_code, response.json()["name"], response.json()["itemsCount"]) == (
        200,
        "Listopad (poprawiony)",
        4,
    )


def test_given_a_cell_outside_the_dates_when_updating_parts_then_400_and_nothing_changes(tenant_a, w, menu, admin):
    before = cells_of(tenant_a, menu)
    response = admin.put(
        f"mealsMenus/{menu.pk}/updateParts",
        {
            "cells": [
                {"date": "2026-11-02", "mealTypeId": w.lunch.pk, "mealsIds": []},
                {"date": "2026-12-01", "mealTypeId": w.lunch.pk, "mealsIds": [w.meals[0].pk]},
            ]
        },
    )
    assert_error(
        response, 400, INVALID, {"cells": ["Every date must be within the menu's dates (01.11.2026 - 30.11.2026)."]}
    )
    assert cells_of(tenant_a, menu) == before


def test_update_parts_can_widen_the_dates_and_fill_them_at_once(tenant_a, w, menu, admin):
    response = admin.put(
        f"mealsMenus/{menu.pk}/updateParts",
        {
            "dateTo": "2026-12-04",
            "cells": [{"date": "2026-12-01", "mealTypeId": w.lunch.pk, "mealsIds": [w.meals[1].pk]}],
        },
    )
    assert (response.status_code, response.json()["dateTo"]) == (200, "2026-12-04")
    assert ("2026-12-01", "Obiad", "Żurek z jajkiem") in cells_of(tenant_a, menu)


# --- createSimilar and copies ----------------------------------------------------------------------------------


def test_create_similar_copies_and_moves_the_menu(tenant_a, w, menu, admin):
    response = admin.post(
        "mealsMenus/createSimilar", {"mealsMenuId": menu.pk, "name": "Grudzień", "dateFrom": "2026-11-30"}
    )

    assert response.status_code == 201, response.content
    copy = response.json()
    assert (copy["name"], copy["dateFrom"], copy["dateTo"], copy["itemsCount"]) == (
        "Grudzień",
        "2026-11-30",
        "2026-12-29",
        4,
    )
    with in_tenant(tenant_a):
        assert cells_of(tenant_a, MealsMenu.objects.get(pk=copy["id"]))[0] == (
            "2026-12-01",
            "Śniadanie",
            "Owsianka z jabłkiem",
        )
    assert len(cells_of(tenant_a, menu)) == 4


def test_given_an_unknown_source_when_creating_similar_then_404(tenant_a, admin):
    assert_error(admin.post("mealsMenus/createSimilar", {"mealsMenuId": 999999, "name": "X"}), 404, "Not found.")


def test_copy_day_items_replaces_the_target_days(tenant_a, w, menu, admin):
    response = admin.post(
        f"mealsMenus/{menu.pk}/copyDayItems", {"date": "2026-11-02", "targetDates": ["2026-11-03", "2026-11-09"]}
    )

    assert (response.status_code, response.json()) == (200, {"status": True, "copiedItems": 6})
    cells = cells_of(tenant_a, menu)
    assert [c for c in cells if c[0] == "2026-11-03"] == [
        ("2026-11-03", "Śniadanie", "Owsianka z jabłkiem"),
        ("2026-11-03", "Obiad", "Żurek z jajkiem"),
        ("2026-11-03", "Obiad", "Pierogi ruskie"),
    ]
    assert len([c for c in cells if c[0] == "2026-11-09"]) == 3


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        (
            {"date": "2026-11-02", "targetDates": ["2026-12-01"]},
            {"targetDates": ["Every date must be within the menu's dates (01.11.2026 - 30.11.2026)."]},
        ),
        ({"date": "2026-11-02", "targetDates": []}, {"targetDates": ["Choose at least one date to copy to."]}),
        (
            {"date": "2026-11-02", "targetDates": ["2026-11-02"]},
            {"targetDates": ["A day cannot be copied onto itself."]},
        ),
        (
            {"date": "2026-11-05", "targetDates": ["2026-11-06"]},
            {"date": ["There are no meals to copy on the chosen day."]},
        ),
    ],
)
def test_refused_day_copies_change_nothing(tenant_a, menu, admin, body, errors):
    before = cells_of(tenant_a, menu)
    assert_error(admin.post(f"mealsMenus/{menu.pk}/copyDayItems", body), 400, INVALID, errors)
    assert cells_of(tenant_a, menu) == before


def test_copy_days_items_copies_a_week_onto_the_next(tenant_a, w, menu, admin):
    response = admin.post(
        f"mealsMenus/{menu.pk}/copyDaysItems",
        {"dateFrom": "2026-11-02", "dateTo": "2026-11-06", "targetDateFrom": "2026-11-09"},
    )
    assert response.json() == {"status": True, "copiedItems": 4}
    cells = cells_of(tenant_a, menu)
    assert [c for c in cells if c[0] == "2026-11-10"] == [("2026-11-10", "Obiad", "Pierogi ruskie")]


def test_given_overlapping_ranges_when_copying_days_then_400(tenant_a, menu, admin):
    before = cells_of(tenant_a, menu)
    response = admin.post(
        f"mealsMenus/{menu.pk}/copyDaysItems",
        {"dateFrom": "2026-11-02", "dateTo": "2026-11-06", "targetDateFrom": "2026-11-04"},
    )
    assert_error(response, 400, INVALID, {"targetDateFrom": ["The copied days and the target days may not overlap."]})
    assert cells_of(tenant_a, menu) == before


def test_copy_meal_type_items_touches_only_that_meal_type(tenant_a, w, menu, admin):
    response = admin.post(
        f"mealsMenus/{menu.pk}/copyMealTypeItems",
        {"date": "2026-11-02", "mealTypeId": w.lunch.pk, "targetDates": ["2026-11-03"]},
    )
    assert response.json() == {"status": True, "copiedItems": 2}
    assert [c for c in cells_of(tenant_a, menu) if c[0] == "2026-11-03"] == [
        ("2026-11-03", "Obiad", "Żurek z jajkiem"),
        ("2026-11-03", "Obiad", "Pierogi ruskie"),
    ]


@pytest.mark.parametrize("role", sorted(set(ROLES) - {ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN}))
def test_commands_are_refused_to_readers(tenant_a, w, menu, role):
    api = Api(tenant_a, member(tenant_a, role))
    before = cells_of(tenant_a, menu)
    assert_error(api.put(f"mealsMenus/{menu.pk}/updateParts", {"name": "X"}), 403, "Forbidden.")
    assert_error(
        api.post(f"mealsMenus/{menu.pk}/copyDayItems", {"date": "2026-11-02", "targetDates": ["2026-11-03"]}),
        403,
        "Forbidden.",
    )
    assert_error(api.post("mealsMenus/createSimilar", {"mealsMenuId": menu.pk, "name": "X"}), 403, "Forbidden.")
    assert cells_of(tenant_a, menu) == before


def test_other_tenant_cannot_use_the_commands(tenant_a, tenant_b, menu):
    api_b = Api(tenant_b, member(tenant_b, ROLE_ADMIN))
    assert_error(api_b.get(f"mealsMenus/{menu.pk}/month/2026-11/data"), 404, "Not found.")
    assert_error(api_b.put(f"mealsMenus/{menu.pk}/updateParts", {"name": "X"}), 404, "Not found.")
    assert_error(api_b.post("mealsMenus/createSimilar", {"mealsMenuId": menu.pk, "name": "X"}), 404, "Not found.")
    assert_error(api_b.post(f"mealsMenus/{menu.pk}/print", {}), 404, "Not found.")
