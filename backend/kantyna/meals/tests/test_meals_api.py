"""Meals through the HTTP API: the generic CRUD checks, the recipe and nutrition per portion size, allergens,
options, bulk delete and the menu rule."""

from __future__ import annotations

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLES
from kantyna.meals import services
from kantyna.meals.models import Meal, MealIngredient, MealPortion
from kantyna.meals.tests.helpers import eu_allergens, meal_with_recipe, portion_sizes, put_on_menu
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user

POWER_ROLES = frozenset({ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN})


class TestMealsApi(CrudApiTests):
    path = "meals"
    model = Meal
    read_roles = POWER_ROLES
    list_queries = 4  # session (account, revoked token and user in one) + count + page + allergens
    audit_prefix = "meal"
    changed_field = "name"

    def make_instance(self, tenant, index):
        return meal_with_recipe(f"Danie {index} {Meal.objects.count()}")

    def create_payload(self, tenant):
        with in_tenant(tenant):
            normal, _small = portion_sizes()
            flour = services.ingredient_create(actor=None, name=f"Mąka {Meal.objects.count()}")
        return {
            "name": "Kluski śląskie",
            "description": "Z sosem pieczeniowym",
            "allergensIds": [],
            "portions": [{"portionSizeId": normal.pk, "kcal": 450}],
            "ingredients": [{"ingredientId": flour.pk, "grammages": [{"portionSizeId": normal.pk, "grammage": "60"}]}],
        }

    def invalid_payload(self):
        return {"name": "", "portions": [{"portionSizeId": 999999, "kcal": -1}]}, {
            "name": ["This field may not be blank."],
            "portions.0.portionSizeId": ['Invalid pk "999999" - object does not exist.'],
            "portions.0.kcal": ["Ensure this value is greater than or equal to 0."],
        }

    def update_payload(self, instance):
        return {"name": f"{instance.name} (nowy przepis)", "allergensIds": []}


def admin_api(tenant):
    return Api(tenant, make_user(tenant, ROLE_ADMIN))


def test_given_a_meal_when_reading_it_then_recipe_nutrition_and_allergens_are_whole(tenant_a):
    with in_tenant(tenant_a):
        meal = meal_with_recipe("Pierogi ruskie")
        normal, small = portion_sizes()
        uses = list(meal.ingredients.order_by("id"))  # flour normal, flour small, cheese normal
        flour, cheese = uses[0].ingredient, uses[2].ingredient
        gluten, milk = (a.pk for a in meal.allergens.order_by("number"))

    body = admin_api(tenant_a).get(f"meals/{meal.pk}").json()

    assert body == {
        "id": meal.pk,
        "name": "Pierogi ruskie",
        "description": "",
        "kcal": 520,
        "allergensIds": [gluten, milk],
        "allergens": [
            {"id": gluten, "number": 1, "name": "Zboża zawierające gluten"},
            {"id": milk, "number": 7, "name": "Mleko"},
        ],
        "portions": [
            {
                "portionSizeId": small.pk,
                "portionSizeName": "Mała",
                "kcal": 410,
                "protein": None,
                "fat": None,
                "carbohydrates": None,
            },
            {
                "portionSizeId": normal.pk,
                "portionSizeName": "Normalna",
                "kcal": 520,
                "protein": "18.50",
                "fat": None,
                "carbohydrates": None,
            },
        ],
        "ingredients": [
            {
                "ingredientId": flour.pk,
                "ingredientName": "Mąka do: Pierogi ruskie",
                "unit": "g",
                "grammages": [
                    {"portionSizeId": normal.pk, "grammage": "120.00"},
                    {"portionSizeId": small.pk, "grammage": "90.00"},
                ],
            },
            {
                "ingredientId": cheese.pk,
                "ingredientName": "Twaróg do: Pierogi ruskie",
                "unit": "g",
                "grammages": [{"portionSizeId": normal.pk, "grammage": "80.00"}],
            },
        ],
    }


def test_given_a_meal_when_putting_a_new_recipe_then_it_replaces_the_old_and_kcal_follows_the_default(tenant_a):
    with in_tenant(tenant_a):
        meal = meal_with_recipe()
        normal, small = portion_sizes()
        allergens = eu_allergens()
        egg = services.ingredient_create(actor=None, name="Jajko", unit="szt.", allergens=[allergens[3]])

    response = admin_api(tenant_a).put(
        f"meals/{meal.pk}",
        {
            "name": "Jajecznica",
            "allergensIds": [allergens[3].pk],
            "portions": [
                {"portionSizeId": small.pk, "kcal": 200},
                {"portionSizeId": normal.pk, "kcal": 300, "fat": "21.5"},
            ],
            "ingredients": [
                {
                    "ingredientId": egg.pk,
                    "grammages": [
                        {"portionSizeId": normal.pk, "grammage": "3"},
                        {"portionSizeId": small.pk, "grammage": "2"},
                    ],
                }
            ],
        },
    )

    assert response.status_code == 200, response.content
    assert (response.json()["kcal"], [i["ingredientName"] for i in response.json()["ingredients"]]) == (300, ["Jajko"])
    with in_tenant(tenant_a):
        meal.refresh_from_db()
        assert (meal.name, meal.kcal, [a.number for a in meal.allergens.all()]) == ("Jajecznica", 300, [3])
        assert sorted(MealIngredient.objects.filter(meal=meal).values_list("ingredient__name", "grammage")) == [
            ("Jajko", 2),
            ("Jajko", 3),
        ]
        assert MealPortion.objects.get(meal=meal, portion_size=normal).fat == 21.5


def test_given_portions_without_any_value_when_saving_then_they_are_not_stored(tenant_a):
    with in_tenant(tenant_a):
        normal, small = portion_sizes()

    response = admin_api(tenant_a).post(
        "meals",
        {
            "name": "Kompot",
            "portions": [{"portionSizeId": normal.pk, "kcal": None}, {"portionSizeId": small.pk, "kcal": 60}],
        },
    )

    assert response.status_code == 201, response.content
    assert [(p["portionSizeName"], p["kcal"]) for p in response.json()["portions"]] == [("Mała", 60)]
    assert response.json()["kcal"] == 60  # the default portion has no kcal: the one given is shown


def test_given_a_recipe_with_mistakes_when_saving_then_each_is_named_and_nothing_is_stored(tenant_a):
    with in_tenant(tenant_a):
        normal, _small = portion_sizes()
        salt = services.ingredient_create(actor=None, name="Sól")

    response = admin_api(tenant_a).post(
        "meals",
        {
            "name": "Zupa",
            "portions": [{"portionSizeId": normal.pk}, {"portionSizeId": normal.pk}],
            "ingredients": [
                {"ingredientId": salt.pk, "grammages": [{"portionSizeId": normal.pk, "grammage": "0"}]},
                {"ingredientId": salt.pk, "grammages": []},
            ],
        },
    )

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {
            "portions": ["Each portion size may be given once."],
            "ingredients.0.grammages.0.grammage": ["Ensure this value is greater than or equal to 0.01."],
            "ingredients.1.grammages": ["Enter the amount for at least one portion size."],
        },
    )
    with in_tenant(tenant_a):
        assert Meal.objects.count() == 0


def test_given_the_same_ingredient_twice_when_saving_then_the_second_row_is_named(tenant_a):
    with in_tenant(tenant_a):
        normal, _small = portion_sizes()
        salt = services.ingredient_create(actor=None, name="Sól")
    row = {"ingredientId": salt.pk, "grammages": [{"portionSizeId": normal.pk, "grammage": "1"}]}

    response = admin_api(tenant_a).post("meals", {"name": "Zupa", "ingredients": [row, row]})

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"ingredients.1.ingredientId": ["This ingredient is already in the recipe."]},
    )


def test_given_meals_created_out_of_order_when_listing_without_sort_then_they_come_by_name(tenant_a):
    # The list counts ingredients and menus (GROUP BY), which drops Meta.ordering: the view orders by name.
    with in_tenant(tenant_a):
        for name in ["Zupa pomidorowa", "Bigos", "Naleśniki"]:
            services.meal_create(actor=None, name=name)

    body = admin_api(tenant_a).get("meals").json()

    assert [m["name"] for m in body["items"]] == ["Bigos", "Naleśniki", "Zupa pomidorowa"]


def test_given_a_meal_on_a_menu_when_deleting_then_409_and_it_stays(tenant_a):
    with in_tenant(tenant_a):
        meal = meal_with_recipe()
        put_on_menu(meal)

    response = admin_api(tenant_a).delete(f"meals/{meal.pk}")

    assert_error(
        response,
        409,
        "This record is in use and cannot be deleted.",
        {"mealIds": ["These meals are on a menu: Pierogi ruskie."]},
    )
    with in_tenant(tenant_a):
        assert Meal.objects.filter(pk=meal.pk).exists()


def test_given_meals_when_bulk_deleting_then_all_go_and_the_deletion_is_audited(tenant_a):
    with in_tenant(tenant_a):
        first, second, kept = (meal_with_recipe(name) for name in ("Bigos", "Leczo", "Placki"))

    response = admin_api(tenant_a).delete("meals/bulkDelete", {"mealIds": [first.pk, second.pk]})

    assert (response.status_code, response.json()) == (200, {"status": True})
    with in_tenant(tenant_a):
        assert list(Meal.objects.values_list("name", flat=True)) == ["Placki"]
        assert AuditEntry.objects.get(action="meal.bulk_delete").data == {
            "ids": [first.pk, second.pk],
            "names": ["Bigos", "Leczo"],
        }
        assert Meal.objects.get().pk == kept.pk


def test_given_one_meal_on_a_menu_when_bulk_deleting_then_409_names_it_and_none_is_deleted(tenant_a):
    with in_tenant(tenant_a):
        free, served = meal_with_recipe("Bigos"), meal_with_recipe("Leczo")
        put_on_menu(served)

    response = admin_api(tenant_a).delete("meals/bulkDelete", {"mealIds": [free.pk, served.pk]})

    assert_error(
        response,
        409,
        "This record is in use and cannot be deleted.",
        {"mealIds": ["These meals are on a menu: Leczo."]},
    )
    with in_tenant(tenant_a):
        assert Meal.objects.count() == 2


def test_given_an_unknown_or_no_id_when_bulk_deleting_then_400_and_nothing_is_deleted(tenant_a):
    with in_tenant(tenant_a):
        meal = meal_with_recipe()
    api = admin_api(tenant_a)

    assert_error(
        api.delete("meals/bulkDelete", {"mealIds": [meal.pk, 999999]}),
        400,
        "The given data was invalid.",
        {"mealIds": ['Invalid pk "999999" - object does not exist.']},
    )
    assert_error(
        api.delete("meals/bulkDelete", {"mealIds": []}),
        400,
        "The given data was invalid.",
        {"mealIds": ["This list may not be empty."]},
    )
    with in_tenant(tenant_a):
        assert Meal.objects.count() == 1


def test_given_another_tenants_meal_when_bulk_deleting_then_400_and_it_stays(tenant_a, tenant_b):
    with in_tenant(tenant_a):
        meal = meal_with_recipe()

    response = admin_api(tenant_b).delete("meals/bulkDelete", {"mealIds": [meal.pk]})

    assert response.status_code == 400
    with in_tenant(tenant_a):
        assert Meal.objects.filter(pk=meal.pk).exists()


@pytest.mark.parametrize("role", ROLES)
def test_each_role_bulk_deletes_only_if_allowed(tenant_a, role):
    with in_tenant(tenant_a):
        meal = meal_with_recipe()
    api = Api(tenant_a, make_user(tenant_a, role))

    response = api.delete("meals/bulkDelete", {"mealIds": [meal.pk]})

    if role == ROLE_ADMIN:
        assert response.status_code == 200
    else:
        assert_error(response, 403, "Forbidden.")
        with in_tenant(tenant_a):
            assert Meal.objects.filter(pk=meal.pk).exists()


def test_given_an_institutions_admin_with_menu_edit_when_editing_meals_then_allowed(tenant_a):
    with in_tenant(tenant_a):
        meal = meal_with_recipe()
    api = Api(tenant_a, make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["menu_edit"]))

    created = api.post("meals", {"name": "Kasza jaglana"})
    updated = api.put(f"meals/{meal.pk}", {"name": "Pierogi z serem"})
    deleted = api.delete("meals/bulkDelete", {"mealIds": [created.json()["id"]]})

    assert (created.status_code, updated.status_code, deleted.status_code) == (201, 200, 200)


def test_given_meals_when_filtering_by_allergen_and_ingredient_then_the_list_follows(tenant_a):
    with in_tenant(tenant_a):
        allergens = eu_allergens()
        pierogi = meal_with_recipe("Pierogi")
        services.meal_create(actor=None, name="Kompot", allergens=[])
        services.meal_create(actor=None, name="Ryba", allergens=[allergens[4]])
        flour = pierogi.ingredients.order_by("id").first().ingredient
    api = admin_api(tenant_a)

    def names(**params):
        return [m["name"] for m in api.get("meals", params).json()["items"]]

    assert names(allergenId=allergens[7].pk) == ["Pierogi"]
    assert names(withoutAllergenId=allergens[4].pk, sort="-name") == ["Pierogi", "Kompot"]
    assert names(ingredientId=flour.pk) == ["Pierogi"]
    assert names(search="komp") == ["Kompot"]


def test_the_list_shows_counts_so_the_screen_can_warn_before_deleting(tenant_a):
    with in_tenant(tenant_a):
        meal = meal_with_recipe()
        put_on_menu(meal)

    item = admin_api(tenant_a).get("meals").json()["items"][0]

    assert (item["ingredientsCount"], item["menusCount"], item["kcal"]) == (2, 1, 520)


def test_options_answer_value_text_kcal_and_allergens_for_every_meal(tenant_a, django_assert_num_queries):
    with in_tenant(tenant_a):
        meal = meal_with_recipe()
        kompot = services.meal_create(actor=None, name="Kompot")
        gluten, milk = (a.pk for a in meal.allergens.order_by("number"))
    api = admin_api(tenant_a)

    with django_assert_num_queries(5):
        body = api.get("meals/options").json()

    assert body["perPage"] == 9999
    assert body["items"] == [
        {"value": kompot.pk, "text": "Kompot", "kcal": None, "allergens": []},
        {
            "value": meal.pk,
            "text": "Pierogi ruskie",
            "kcal": 520,
            "allergens": [
                {"id": gluten, "number": 1, "name": "Zboża zawierające gluten"},
                {"id": milk, "number": 7, "name": "Mleko"},
            ],
        },
    ]


@pytest.mark.parametrize("role", ROLES)
def test_each_role_reads_options_only_if_allowed(tenant_a, role):
    api = Api(tenant_a, make_user(tenant_a, role))

    response = api.get("meals/options")

    assert response.status_code == (200 if role in POWER_ROLES else 403)
