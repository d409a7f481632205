"""Meal types, their categories and their availability per institution, through the HTTP API."""

from __future__ import annotations

from datetime import date

import pytest

from kantyna.catalog import services
from kantyna.catalog.models import MealType, MealTypeCategory, MealTypeInstitutionSetting, PortionSize
from kantyna.meals.services import meal_create
from kantyna.menus.services import meals_menu_create
from kantyna.pricing.services import price_list_create, price_lists_group_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user
from kantyna.testing.world import make_school


def portion(name: str = "Normalna", **kwargs) -> PortionSize:
    return PortionSize.objects.filter(name=name).first() or services.portion_size_create(
        actor=None, name=name, **kwargs
    )


class TestMealTypesApi(CrudApiTests):
    path = "mealTypes"
    model = MealType
    list_queries = 4  # session (1) + count + page (with category) + portion sizes
    audit_prefix = "meal_type"
    changed_field = "name"

    def make_instance(self, tenant, index):
        category = MealTypeCategory.objects.get_or_create(name="Posiłki dzienne")[0]
        meal_type = services.meal_type_create(
            actor=None,
            name=f"Posiłek {index} {MealType.objects.count()}",
            position=index,
            category=category,
            portion_sizes=[portion(), portion("Mała")],
        )
        meal_type.portion_sizes_ids = [p.pk for p in meal_type.portion_sizes.all()]  # for update_payload
        return meal_type

    def create_payload(self, tenant):
        with in_tenant(tenant):
            portion_id = portion().pk
        return {"name": "Drugie śniadanie", "position": 2, "portionSizesIds": [portion_id]}

    def invalid_payload(self):
        return {"name": "", "position": -1, "portionSizesIds": []}, {
            "name": ["This field may not be blank."],
            "position": ["Ensure this value is greater than or equal to 0."],
            "portionSizesIds": ["Choose at least one portion size."],
        }

    def update_payload(self, instance):
        return {
            "name": f"{instance.name} (zmieniony)",
            "description": "Podawany o 12:00",
            "categoryId": instance.category_id,
            "position": instance.position,
            "isDefault": instance.is_default,
            "blockOnRegistration": instance.block_on_registration,
            "portionSizesIds": instance.portion_sizes_ids,
        }


class TestMealTypeCategoriesApi(CrudApiTests):
    path = "mealTypes/categories"
    model = MealTypeCategory
    list_queries = 5  # session (1) + count + page + meal types + their portion sizes
    audit_prefix = "meal_type_category"
    changed_field = "name"

    def make_instance(self, tenant, index):
        category = services.meal_type_category_create(
            actor=None, name=f"Kategoria {index} {MealTypeCategory.objects.count()}", position=index
        )
        services.meal_type_create(
            actor=None,
            name=f"Posiłek {MealType.objects.count()}",
            position=1,
            category=category,
            portion_sizes=[portion()],
        )
        return category

    def create_payload(self, tenant):
        return {"name": "Posiłki dodatkowe", "position": 2}

    def invalid_payload(self):
        return {"name": "", "position": "pierwsza"}, {
            "name": ["This field may not be blank."],
            "position": ["A valid integer is required."],
        }

    def update_payload(self, instance):
        return {"name": f"{instance.name} (zmieniona)", "position": instance.position}

    def test_delete(self, tenant_a):
        """A category is deleted once its meal types have moved elsewhere (see the 409 test below)."""
        with in_tenant(tenant_a):
            (instance,) = [services.meal_type_category_create(actor=None, name="Pusta")]
        response = self._api(tenant_a).delete(f"{self.path}/{instance.pk}")
        assert (response.status_code, response.json()) == (200, {"status": True})
        with in_tenant(tenant_a):
            assert not MealTypeCategory.objects.filter(pk=instance.pk).exists()


def admin_api(tenant) -> Api:
    return Api(tenant, make_user(tenant, "ROLE_ADMIN"))


@pytest.fixture
def meals(tenant_a):
    """Śniadanie (default portion Normalna and Mała) and Obiad, the default, blocked on registration."""
    with in_tenant(tenant_a):
        normal = portion("Normalna", is_default=True)
        small = portion("Mała")
        category = services.meal_type_category_create(actor=None, name="Posiłki dzienne", position=1)
        breakfast = services.meal_type_create(
            actor=None, name="Śniadanie", position=1, category=category, portion_sizes=[normal, small]
        )
        lunch = services.meal_type_create(
            actor=None,
            name="Obiad",
            position=2,
            category=category,
            description="Dwa dania",
            portion_sizes=[normal],
            is_default=True,
            block_on_registration=True,
        )
        return {"normal": normal, "small": small, "category": category, "breakfast": breakfast, "lunch": lunch}


def test_categories_nest_their_meal_types_with_portion_sizes(tenant_a, meals):
    response = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT")).get("mealTypes/categories/options")

    normal = {"id": meals["normal"].pk, "name": "Normalna", "isDefault": True}
    small = {"id": meals["small"].pk, "name": "Mała", "isDefault": False}
    assert response.json()["items"] == [
        {
            "value": meals["category"].pk,
            "text": "Posiłki dzienne",
            "name": "Posiłki dzienne",
            "mealTypes": [
                {
                    "id": meals["breakfast"].pk,
                    "name": "Śniadanie",
                    "description": "",
                    "isDefault": False,
                    "blockOnRegistration": False,
                    "portionSizes": [small, normal],
                },
                {
                    "id": meals["lunch"].pk,
                    "name": "Obiad",
                    "description": "Dwa dania",
                    "isDefault": True,
                    "blockOnRegistration": True,
                    "portionSizes": [normal],
                },
            ],
        }
    ]


def test_given_a_default_meal_type_when_marking_another_then_it_alone_is_default(tenant_a, meals):
    api = admin_api(tenant_a)

    response = api.post(f"mealTypes/{meals['breakfast'].pk}/markAsDefault")

    assert (response.status_code, response.json()) == (200, {"status": True})
    assert api.get("mealTypes/default").json()["name"] == "Śniadanie"
    with in_tenant(tenant_a):
        assert list(MealType.objects.filter(is_default=True).values_list("name", flat=True)) == ["Śniadanie"]


def test_given_a_cook_when_marking_a_meal_type_default_then_403_and_nothing_changes(tenant_a, meals):
    response = Api(tenant_a, make_user(tenant_a, "ROLE_COOK")).post(f"mealTypes/{meals['breakfast'].pk}/markAsDefault")

    assert_error(response, 403, "Forbidden.")
    with in_tenant(tenant_a):
        assert MealType.objects.get(is_default=True).name == "Obiad"


def test_count_follows_the_list_filters(tenant_a, meals):
    api = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    assert api.get("mealTypes/count").json() == {"count": 2}
    assert api.get("mealTypes/count", {"search": "obi"}).json() == {"count": 1}


def test_options_give_value_text_and_what_the_child_form_needs(tenant_a, meals):
    response = Api(tenant_a, make_user(tenant_a, "ROLE_INSTITUTION_WORKER")).get("mealTypes/options")

    assert response.json()["items"] == [
        {
            "value": meals["breakfast"].pk,
            "text": "Śniadanie",
            "isDefault": False,
            "blockOnRegistration": False,
            "categoryId": meals["category"].pk,
            "portionSizesIds": [meals["small"].pk, meals["normal"].pk],  # portion sizes in name order
        },
        {
            "value": meals["lunch"].pk,
            "text": "Obiad",
            "isDefault": True,
            "blockOnRegistration": True,
            "categoryId": meals["category"].pk,
            "portionSizesIds": [meals["normal"].pk],
        },
    ]


def test_given_no_settings_then_every_institution_offers_every_meal_type(tenant_a, meals):
    with in_tenant(tenant_a):
        school = make_school(1)

    response = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT")).get(
        "mealTypeInstitutionSettings/groupedByInstitutions"
    )

    assert response.json() == [
        {
            "institutionId": school.pk,
            "institutionName": "Szkoła Podstawowa nr 1",
            "institutionShortName": "SP 1",
            "mealTypesIds": [meals["breakfast"].pk, meals["lunch"].pk],
        }
    ]


def test_given_breakfast_switched_off_at_a_school_then_lists_and_categories_there_leave_it_out(tenant_a, meals):
    with in_tenant(tenant_a):
        school, kindergarten = make_school(1), make_school(2)
    api = admin_api(tenant_a)

    response = api.put(f"mealTypeInstitutionSettings/institutions/{school.pk}", {"mealTypesIds": [meals["lunch"].pk]})

    assert response.status_code == 200, response.content
    assert response.json()["mealTypesIds"] == [meals["lunch"].pk]
    grouped = {
        row["institutionId"]: row["mealTypesIds"]
        for row in api.get("mealTypeInstitutionSettings/groupedByInstitutions").json()
    }
    assert grouped == {
        school.pk: [meals["lunch"].pk],
        kindergarten.pk: [meals["breakfast"].pk, meals["lunch"].pk],
    }
    assert [m["name"] for m in api.get("mealTypes", {"institutionId": school.pk}).json()["items"]] == ["Obiad"]
    categories = api.get("mealTypes/categories/options", {"institutionId": school.pk}).json()["items"]
    assert [m["name"] for m in categories[0]["mealTypes"]] == ["Obiad"]


def test_given_a_meal_type_created_after_the_settings_then_it_is_offered_everywhere(tenant_a, meals):
    with in_tenant(tenant_a):
        school = make_school(1)
        services.meal_types_set_available_at_institution(actor=None, institution=school, meal_types=[meals["lunch"]])
        snack = services.meal_type_create(actor=None, name="Podwieczorek", position=3, portion_sizes=[meals["normal"]])

    rows = admin_api(tenant_a).get("mealTypeInstitutionSettings/groupedByInstitutions").json()

    assert rows[0]["mealTypesIds"] == [meals["lunch"].pk, snack.pk]


def test_given_an_institutions_admin_when_setting_availability_then_403_and_nothing_changes(tenant_a, meals):
    with in_tenant(tenant_a):
        school = make_school(1)
    api = Api(tenant_a, make_user(tenant_a, "ROLE_INSTITUTIONS_ADMIN", permissions=["menu_edit"]))

    response = api.put(f"mealTypeInstitutionSettings/institutions/{school.pk}", {"mealTypesIds": []})

    assert_error(response, 403, "Forbidden.")
    with in_tenant(tenant_a):
        assert not MealTypeInstitutionSetting.objects.exists()


def test_given_another_tenants_institution_when_setting_availability_then_404(tenant_a, tenant_b, meals):
    with in_tenant(tenant_a):
        school = make_school(1)

    response = admin_api(tenant_b).put(f"mealTypeInstitutionSettings/institutions/{school.pk}", {"mealTypesIds": []})

    assert_error(response, 404, "Not found.")
    with in_tenant(tenant_a):
        assert not MealTypeInstitutionSetting.objects.exists()


def test_the_grouped_settings_need_a_token_and_stay_in_the_tenant(tenant_a, tenant_b, meals):
    with in_tenant(tenant_a):
        make_school(1)

    assert_error(Api(tenant_a).get("mealTypeInstitutionSettings/groupedByInstitutions"), 401, "Unauthenticated.")
    assert admin_api(tenant_b).get("mealTypeInstitutionSettings/groupedByInstitutions").json() == []


def test_given_a_meal_type_on_a_menu_when_deleting_then_409_and_it_stays(tenant_a, meals):
    with in_tenant(tenant_a):
        diet = services.diet_create(actor=None, name="Standardowa")
        meals_menu_create(
            actor=None,
            name="Jadłospis",
            date_from=date(2026, 9, 1),
            date_to=date(2026, 9, 30),
            institutions=[make_school(1)],
            diets=[diet],
            items=[(date(2026, 9, 1), meals["lunch"], meal_create(actor=None, name="Pierogi ruskie"))],
        )

    response = admin_api(tenant_a).delete(f"mealTypes/{meals['lunch'].pk}")

    assert_error(response, 409, "This record is in use and cannot be deleted.")
    with in_tenant(tenant_a):
        assert MealType.objects.filter(pk=meals["lunch"].pk).exists()


def _price_breakfast(meals, portion_size):
    price_list_create(
        actor=None,
        group=price_lists_group_create(actor=None, name="Cennik"),
        name="Wrzesień",
        valid_from=date(2026, 9, 1),
        items=[
            {
                "meal_type": meals["breakfast"],
                "diet": services.diet_create(actor=None, name="Standardowa"),
                "portion_size": portion_size,
                "price": "4.50",
            }
        ],
    )


def test_given_a_meal_type_on_a_price_list_when_deleting_then_409_and_it_stays(tenant_a, meals):
    with in_tenant(tenant_a):
        _price_breakfast(meals, meals["normal"])

    response = admin_api(tenant_a).delete(f"mealTypes/{meals['breakfast'].pk}")

    assert_error(response, 409, "This record is in use and cannot be deleted.")
    with in_tenant(tenant_a):
        assert MealType.objects.filter(pk=meals["breakfast"].pk).exists()


def test_given_a_priced_portion_when_removing_it_from_the_meal_type_then_400_and_nothing_changes(tenant_a, meals):
    with in_tenant(tenant_a):
        _price_breakfast(meals, meals["small"])

    response = admin_api(tenant_a).put(
        f"mealTypes/{meals['breakfast'].pk}",
        {"name": "Śniadanie", "position": 1, "portionSizesIds": [meals["normal"].pk]},
    )

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"portionSizesIds": ["A price list still sells this meal type in a removed portion size."]},
    )
    with in_tenant(tenant_a):
        assert set(meals["breakfast"].portion_sizes.values_list("name", flat=True)) == {"Normalna", "Mała"}


def test_given_a_category_with_meal_types_when_deleting_then_409_and_it_stays(tenant_a, meals):
    response = admin_api(tenant_a).delete(f"mealTypes/categories/{meals['category'].pk}")

    assert_error(response, 409, "This record is in use and cannot be deleted.")
    with in_tenant(tenant_a):
        assert MealTypeCategory.objects.filter(pk=meals["category"].pk).exists()


def test_given_a_duplicate_name_when_creating_then_400_names_the_field(tenant_a, meals):
    response = admin_api(tenant_a).post("mealTypes", {"name": "Obiad", "portionSizesIds": [meals["normal"].pk]})

    assert_error(response, 400, "The given data was invalid.", {"name": ["A meal type with this name already exists."]})


def test_given_a_polish_user_when_a_field_is_wrong_then_the_message_is_polish(tenant_a, meals):
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"), locale="pl")

    response = api.post("mealTypes", {"name": "Obiad", "portionSizesIds": []})

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {
            "name": ["Rodzaj posiłku o tej nazwie już istnieje."],
            "portionSizesIds": ["Wybierz co najmniej jedną wielkość porcji."],
        },
    )
