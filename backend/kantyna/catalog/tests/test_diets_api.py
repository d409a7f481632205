"""Diets through the HTTP API: the generic CRUD checks, priority moves, the default and deletion rules."""

from __future__ import annotations

from datetime import date

import pytest

from kantyna.catalog import services
from kantyna.catalog.models import Diet
from kantyna.institutions.services import classroom_create
from kantyna.meals.services import meal_create
from kantyna.menus.services import meals_menu_create
from kantyna.people.services.children import child_create
from kantyna.people.services.workers import worker_profile_create
from kantyna.pricing.services import price_list_create, price_lists_group_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user
from kantyna.testing.world import make_school


class TestDietsApi(CrudApiTests):
    path = "diets"
    model = Diet
    list_queries = 4  # session (1) + count + page + institutions (one prefetch)
    audit_prefix = "diet"
    changed_field = "name"

    def make_instance(self, tenant, index):
        institution = make_school(100 + Diet.objects.count())
        diet = services.diet_create(
            actor=None, name=f"Dieta {index} {Diet.objects.count()}", institutions=[institution]
        )
        diet.institutions_ids = [institution.pk]  # update_payload runs outside the tenant's schema
        return diet

    def create_payload(self, tenant):
        with in_tenant(tenant):
            institution = make_school(900 + Diet.objects.count())
        return {
            "name": "Bezmleczna",
            "isDefault": False,
            "allowChangingAllergens": False,
            "institutionsIds": [institution.pk],
        }

    def invalid_payload(self):
        return {"name": "", "institutionsIds": [999999]}, {
            "name": ["This field may not be blank."],
            "institutionsIds": ['Invalid pk "999999" - object does not exist.'],
        }

    def update_payload(self, instance):
        return {
            "name": f"{instance.name} (zmieniona)",
            "isDefault": instance.is_default,
            "allowChangingAllergens": instance.allow_changing_allergens,
            "institutionsIds": instance.institutions_ids,
        }


def admin_api(tenant) -> Api:
    return Api(tenant, make_user(tenant, "ROLE_ADMIN"))


def order(tenant) -> list[tuple[str, int]]:
    with in_tenant(tenant):
        return list(Diet.objects.values_list("name", "priority"))


@pytest.fixture
def three_diets(tenant_a):
    with in_tenant(tenant_a):
        return [
            services.diet_create(actor=None, name=name, is_default=name == "Standardowa")
            for name in ("Standardowa", "Wegetariańska", "Bezglutenowa")
        ]


def test_new_diets_go_last_and_the_list_follows_priority(tenant_a, three_diets):
    response = admin_api(tenant_a).get("diets")

    assert [(item["name"], item["priority"]) for item in response.json()["items"]] == [
        ("Standardowa", 1),
        ("Wegetariańska", 2),
        ("Bezglutenowa", 3),
    ]


def test_given_three_diets_when_increasing_the_last_then_it_swaps_with_its_neighbour(tenant_a, three_diets):
    response = admin_api(tenant_a).post(f"diets/{three_diets[2].pk}/increasePriority")

    assert (response.status_code, response.json()) == (200, {"status": True})
    assert order(tenant_a) == [("Standardowa", 1), ("Bezglutenowa", 2), ("Wegetariańska", 3)]


def test_given_three_diets_when_decreasing_the_first_then_it_swaps_with_its_neighbour(tenant_a, three_diets):
    response = admin_api(tenant_a).post(f"diets/{three_diets[0].pk}/decreasePriority")

    assert (response.status_code, response.json()) == (200, {"status": True})
    assert order(tenant_a) == [("Wegetariańska", 1), ("Standardowa", 2), ("Bezglutenowa", 3)]


def test_given_the_top_diet_when_increasing_then_nothing_moves(tenant_a, three_diets):
    response = admin_api(tenant_a).post(f"diets/{three_diets[0].pk}/increasePriority")

    assert (response.status_code, response.json()) == (200, {"status": True})
    assert order(tenant_a) == [("Standardowa", 1), ("Wegetariańska", 2), ("Bezglutenowa", 3)]


def test_given_equal_priorities_when_moving_then_priorities_are_renumbered_and_the_move_happens(tenant_a, three_diets):
    with in_tenant(tenant_a):
        Diet.objects.update(priority=5)  # older data: every diet on one priority

    admin_api(tenant_a).post(f"diets/{three_diets[1].pk}/increasePriority")

    # Equal priorities order by name: Bezglutenowa, Standardowa, Wegetariańska; then Wegetariańska moves up.
    assert order(tenant_a) == [("Bezglutenowa", 1), ("Wegetariańska", 2), ("Standardowa", 3)]


@pytest.mark.parametrize("command", ["increasePriority", "decreasePriority", "markAsDefault"])
@pytest.mark.parametrize("role", ["ROLE_INSTITUTIONS_ADMIN", "ROLE_PARENT", "ROLE_COOK"])
def test_given_a_non_admin_when_commanding_then_403_and_nothing_changes(tenant_a, three_diets, role, command):
    response = Api(tenant_a, make_user(tenant_a, role)).post(f"diets/{three_diets[1].pk}/{command}")

    assert_error(response, 403, "Forbidden.")
    assert order(tenant_a) == [("Standardowa", 1), ("Wegetariańska", 2), ("Bezglutenowa", 3)]
    with in_tenant(tenant_a):
        assert Diet.objects.get(is_default=True).name == "Standardowa"


def test_given_a_default_diet_when_marking_another_then_it_alone_is_default(tenant_a, three_diets):
    api = admin_api(tenant_a)

    response = api.post(f"diets/{three_diets[2].pk}/markAsDefault")

    assert (response.status_code, response.json()) == (200, {"status": True})
    assert api.get("diets/default").json()["name"] == "Bezglutenowa"
    with in_tenant(tenant_a):
        assert list(Diet.objects.filter(is_default=True).values_list("name", flat=True)) == ["Bezglutenowa"]


def test_given_no_default_diet_when_asking_for_it_then_404(tenant_a):
    with in_tenant(tenant_a):
        services.diet_create(actor=None, name="Standardowa")

    assert_error(Api(tenant_a, make_user(tenant_a, "ROLE_PARENT")).get("diets/default"), 404, "Not found.")


def test_given_a_default_diet_when_updating_it_as_not_default_then_no_diet_is_default(tenant_a, three_diets):
    response = admin_api(tenant_a).put(
        f"diets/{three_diets[0].pk}", {"name": "Standardowa", "isDefault": False, "institutionsIds": []}
    )

    assert response.status_code == 200
    with in_tenant(tenant_a):
        assert not Diet.objects.filter(is_default=True).exists()


def test_options_give_value_text_default_institutions_and_allergens_flag(tenant_a):
    with in_tenant(tenant_a):
        school = make_school(1)
        standard = services.diet_create(actor=None, name="Standardowa", institutions=[school], is_default=True)
        gluten_free = services.diet_create(actor=None, name="Bezglutenowa", allow_changing_allergens=False)

    response = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT")).get("diets/options")

    assert response.json()["items"] == [
        {
            "value": standard.pk,
            "text": "Standardowa",
            "isDefault": True,
            "institutionsIds": [school.pk],
            "allowChangingAllergens": True,
        },
        {
            "value": gluten_free.pk,
            "text": "Bezglutenowa",
            "isDefault": False,
            "institutionsIds": [],
            "allowChangingAllergens": False,
        },
    ]


def test_given_an_institution_filter_then_only_its_diets_are_listed(tenant_a):
    with in_tenant(tenant_a):
        school, kindergarten = make_school(1), make_school(2)
        services.diet_create(actor=None, name="Standardowa", institutions=[school, kindergarten])
        services.diet_create(actor=None, name="Przedszkolna", institutions=[kindergarten])

    items = admin_api(tenant_a).get("diets", {"institutionId": school.pk}).json()["items"]

    assert [item["name"] for item in items] == ["Standardowa"]


def _diet_in_use_by(kind: str, tenant) -> Diet:
    with in_tenant(tenant):
        diet = services.diet_create(actor=None, name="Wegetariańska")
        institution = make_school(1)
        if kind == "child":
            classroom = classroom_create(actor=None, institution=institution, name="1a")
            child_create(
                actor=None,
                parent=make_user(tenant, "ROLE_PARENT"),
                first_name="Zuzanna",
                last_name="Kowalska",
                classroom=classroom,
                diet=diet,
            )
        elif kind == "worker":
            worker_profile_create(
                actor=None, user=make_user(tenant, "ROLE_INSTITUTION_WORKER"), institution=institution, diet=diet
            )
        elif kind == "price list":
            portion = services.portion_size_create(actor=None, name="Normalna")
            meal_type = services.meal_type_create(actor=None, name="Obiad", position=1, portion_sizes=[portion])
            price_list_create(
                actor=None,
                group=price_lists_group_create(actor=None, name="Cennik"),
                name="Wrzesień",
                valid_from=date(2026, 9, 1),
                items=[{"meal_type": meal_type, "diet": diet, "portion_size": portion, "price": "12.50"}],
            )
        else:
            portion = services.portion_size_create(actor=None, name="Normalna")
            meal_type = services.meal_type_create(actor=None, name="Obiad", position=1, portion_sizes=[portion])
            meals_menu_create(
                actor=None,
                name="Jadłospis",
                date_from=date(2026, 9, 1),
                date_to=date(2026, 9, 30),
                institutions=[institution],
                diets=[diet],
                items=[(date(2026, 9, 1), meal_type, meal_create(actor=None, name="Pierogi ruskie"))],
            )
    return diet


@pytest.mark.parametrize("kind", ["child", "worker", "price list", "menu"])
def test_given_a_diet_in_use_when_deleting_then_409_and_it_stays(tenant_a, kind):
    diet = _diet_in_use_by(kind, tenant_a)

    response = admin_api(tenant_a).delete(f"diets/{diet.pk}")

    assert_error(response, 409, "This record is in use and cannot be deleted.")
    with in_tenant(tenant_a):
        assert Diet.objects.filter(pk=diet.pk).exists()


def test_given_a_duplicate_name_when_creating_then_400_names_the_field(tenant_a, three_diets):
    response = admin_api(tenant_a).post("diets", {"name": "Standardowa"})

    assert_error(response, 400, "The given data was invalid.", {"name": ["A diet with this name already exists."]})
