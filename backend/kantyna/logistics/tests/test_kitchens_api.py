"""Kitchens and the institutions x meal types they prepare, through the HTTP API."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from kantyna.audit.models import AuditEntry
from kantyna.catalog import services as catalog
from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK, ROLE_INSTITUTIONS_ADMIN, ROLES
from kantyna.logistics import services
from kantyna.logistics.models import Kitchen, KitchenInstitutionMealType
from kantyna.logistics.tests.helpers import make_institution, make_meal_type
from kantyna.meals.models import Ingredient, MealIngredient
from kantyna.meals.services import meal_create
from kantyna.menus.services import meals_menu_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user

ADMIN_ONLY = frozenset({ROLE_ADMIN})


def admin_api(tenant) -> Api:
    return Api(tenant, make_user(tenant, ROLE_ADMIN))


def matrix(kitchen: Kitchen) -> set[tuple[int, int]]:
    return set(kitchen.institutions_meal_types.values_list("institution_id", "meal_type_id"))


class TestKitchensApi(CrudApiTests):
    path = "kitchens"
    model = Kitchen
    read_roles = ADMIN_ONLY
    list_queries = 4  # session (account, revoked token and user in one) + count + page + assignments
    audit_prefix = "kitchen"
    changed_field = "name"

    def make_instance(self, tenant, index):
        institution = make_institution()
        meal_type = make_meal_type()
        return services.kitchen_create(
            actor=None,
            name=f"Kuchnia {index} {Kitchen.objects.count()}",
            city="Warszawa",
            institutions_meal_types=[{"institution": institution, "meal_types": [meal_type]}],
        )

    def create_payload(self, tenant):
        with in_tenant(tenant):
            institution = make_institution()
            meal_type = make_meal_type()
        return {
            "name": f"Kuchnia centralna {institution.pk}",
            "street": "ul. Żelazna 5",
            "city": "Łódź",
            "postCode": "90-001",
            "institutionsMealTypes": [{"institutionId": institution.pk, "mealTypeIds": [meal_type.pk]}],
        }

    def invalid_payload(self):
        return {"name": "", "postCode": "90001"}, {
            "name": ["This field may not be blank."],
            "postCode": ["Enter a post code as 00-000."],
        }

    def update_payload(self, instance):
        return {"name": f"{instance.name} (zmieniona)", "city": instance.city}


def test_given_a_matrix_when_creating_then_it_is_stored_and_answered_per_institution(tenant_a):
    with in_tenant(tenant_a):
        school = make_institution("Szkoła Podstawowa nr 1")
        kindergarten = make_institution("Przedszkole nr 2")
        soup, lunch = make_meal_type("Zupa", 1), make_meal_type("Obiad", 2)

    response = admin_api(tenant_a).post(
        "kitchens",
        {
            "name": "Kuchnia Mokotów",
            "institutionsMealTypes": [
                {"institutionId": school.pk, "mealTypeIds": [lunch.pk, soup.pk, soup.pk]},
                {"institutionId": kindergarten.pk, "mealTypeIds": [lunch.pk]},
            ],
        },
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert body == {
        "id": body["id"],
        "name": "Kuchnia Mokotów",
        "street": "",
        "city": "",
        "postCode": "",
        "isActive": True,
        "institutionsMealTypes": [
            {"institutionId": kindergarten.pk, "institutionName": "Przedszkole nr 2", "mealTypeIds": [lunch.pk]},
            {
                "institutionId": school.pk,
                "institutionName": "Szkoła Podstawowa nr 1",
                "mealTypeIds": [soup.pk, lunch.pk],
            },
        ],
    }
    with in_tenant(tenant_a):
        kitchen = Kitchen.objects.get(pk=body["id"])
        assert matrix(kitchen) == {(school.pk, soup.pk), (school.pk, lunch.pk), (kindergarten.pk, lunch.pk)}


def test_given_another_kitchen_prepares_the_meal_type_when_saving_then_400_names_the_row_and_nothing_changes(tenant_a):
    with in_tenant(tenant_a):
        school, kindergarten = make_institution(), make_institution()
        soup, lunch, snack = make_meal_type("Zupa", 1), make_meal_type("Obiad", 2), make_meal_type("Podwieczorek", 3)
        services.kitchen_create(
            actor=None,
            name="Kuchnia Wola",
            institutions_meal_types=[{"institution": school, "meal_types": [lunch, soup]}],
        )
        mine = services.kitchen_create(
            actor=None,
            name="Kuchnia Ursus",
            institutions_meal_types=[{"institution": kindergarten, "meal_types": [soup]}],
        )

    response = admin_api(tenant_a).put(
        f"kitchens/{mine.pk}",
        {
            "name": "Kuchnia Ursus (nowa nazwa)",
            "institutionsMealTypes": [
                {"institutionId": kindergarten.pk, "mealTypeIds": [lunch.pk]},
                {"institutionId": school.pk, "mealTypeIds": [snack.pk, lunch.pk, soup.pk]},
            ],
        },
    )

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {
            "institutionsMealTypes.1.mealTypeIds": [
                "Already prepared for this institution by the kitchen “Kuchnia Wola”: Zupa, Obiad."
            ]
        },
    )
    with in_tenant(tenant_a):
        mine.refresh_from_db()
        assert (mine.name, matrix(mine)) == ("Kuchnia Ursus", {(kindergarten.pk, soup.pk)})


def test_given_a_conflict_when_reading_the_message_in_polish_then_it_is_natural(tenant_a):
    with in_tenant(tenant_a):
        school, lunch = make_institution(), make_meal_type("Obiad")
        services.kitchen_create(
            actor=None, name="Kuchnia Wola", institutions_meal_types=[{"institution": school, "meal_types": [lunch]}]
        )
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN), locale="pl")

    response = api.post(
        "kitchens",
        {"name": "Kuchnia Bemowo", "institutionsMealTypes": [{"institutionId": school.pk, "mealTypeIds": [lunch.pk]}]},
    )

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"institutionsMealTypes.0.mealTypeIds": ["Dla tej placówki przygotowuje już kuchnia „Kuchnia Wola”: Obiad."]},
    )


def test_given_an_institution_listed_twice_or_without_meal_types_when_creating_then_400_per_row(tenant_a):
    with in_tenant(tenant_a):
        school, lunch = make_institution(), make_meal_type()
    api = admin_api(tenant_a)

    twice = api.post(
        "kitchens",
        {
            "name": "Kuchnia A",
            "institutionsMealTypes": [
                {"institutionId": school.pk, "mealTypeIds": [lunch.pk]},
                {"institutionId": school.pk, "mealTypeIds": [lunch.pk]},
            ],
        },
    )
    empty = api.post(
        "kitchens", {"name": "Kuchnia B", "institutionsMealTypes": [{"institutionId": school.pk, "mealTypeIds": []}]}
    )
    unknown = api.post(
        "kitchens",
        {"name": "Kuchnia C", "institutionsMealTypes": [{"institutionId": 999999, "mealTypeIds": [lunch.pk]}]},
    )

    assert_error(
        twice,
        400,
        "The given data was invalid.",
        {"institutionsMealTypes.1.institutionId": ["This institution is already listed."]},
    )
    assert_error(
        empty,
        400,
        "The given data was invalid.",
        {"institutionsMealTypes.0.mealTypeIds": ["Choose at least one meal type."]},
    )
    assert_error(
        unknown,
        400,
        "The given data was invalid.",
        {"institutionsMealTypes.0.institutionId": ['Invalid pk "999999" - object does not exist.']},
    )
    with in_tenant(tenant_a):
        assert (Kitchen.objects.count(), KitchenInstitutionMealType.objects.count()) == (0, 0)


def test_given_a_kitchen_when_putting_a_new_matrix_then_it_replaces_the_old_one_keeping_unchanged_rows(tenant_a):
    with in_tenant(tenant_a):
        school, kindergarten = make_institution(), make_institution()
        soup, lunch = make_meal_type("Zupa", 1), make_meal_type("Obiad", 2)
        kitchen = services.kitchen_create(
            actor=None,
            name="Kuchnia Wola",
            institutions_meal_types=[{"institution": school, "meal_types": [soup, lunch]}],
        )
        kept = kitchen.institutions_meal_types.get(meal_type=lunch).pk

    response = admin_api(tenant_a).put(
        f"kitchens/{kitchen.pk}",
        {
            "name": "Kuchnia Wola",
            "institutionsMealTypes": [
                {"institutionId": school.pk, "mealTypeIds": [lunch.pk]},
                {"institutionId": kindergarten.pk, "mealTypeIds": [soup.pk]},
            ],
        },
    )

    assert response.status_code == 200, response.content
    with in_tenant(tenant_a):
        assert matrix(kitchen) == {(school.pk, lunch.pk), (kindergarten.pk, soup.pk)}
        assert kitchen.institutions_meal_types.get(meal_type=lunch).pk == kept
        entry = AuditEntry.objects.filter(action="kitchen.update", target_id=str(kitchen.pk)).get()
        assert (entry.data["assignments_added"], entry.data["assignments_removed"]) == (1, 1)


def test_given_a_kitchen_when_putting_without_the_matrix_then_the_matrix_stays(tenant_a):
    with in_tenant(tenant_a):
        school, lunch = make_institution(), make_meal_type()
        kitchen = services.kitchen_create(
            actor=None, name="Kuchnia Wola", institutions_meal_types=[{"institution": school, "meal_types": [lunch]}]
        )

    response = admin_api(tenant_a).put(f"kitchens/{kitchen.pk}", {"name": "Kuchnia Wola Nowa", "isActive": False})

    assert response.status_code == 200, response.content
    with in_tenant(tenant_a):
        kitchen.refresh_from_db()
        assert (kitchen.name, kitchen.is_active, matrix(kitchen)) == (
            "Kuchnia Wola Nowa",
            False,
            {(school.pk, lunch.pk)},
        )


def test_given_a_kitchen_with_assignments_when_deleting_then_they_go_with_it_and_free_the_pairs(tenant_a):
    with in_tenant(tenant_a):
        school, lunch = make_institution(), make_meal_type()
        kitchen = services.kitchen_create(
            actor=None, name="Kuchnia Wola", institutions_meal_types=[{"institution": school, "meal_types": [lunch]}]
        )
    api = admin_api(tenant_a)

    response = api.delete(f"kitchens/{kitchen.pk}")
    again = api.post(
        "kitchens",
        {"name": "Kuchnia Ochota", "institutionsMealTypes": [{"institutionId": school.pk, "mealTypeIds": [lunch.pk]}]},
    )

    assert (response.status_code, response.json()) == (200, {"status": True})
    assert again.status_code == 201, again.content
    with in_tenant(tenant_a):
        assert list(KitchenInstitutionMealType.objects.values_list("kitchen__name", flat=True)) == ["Kuchnia Ochota"]
        assert AuditEntry.objects.get(action="kitchen.delete").data == {"name": "Kuchnia Wola", "assignments": 1}


def test_given_a_duplicate_name_when_creating_then_400_names_the_field(tenant_a):
    with in_tenant(tenant_a):
        services.kitchen_create(actor=None, name="Kuchnia Wola")

    response = admin_api(tenant_a).post("kitchens", {"name": "Kuchnia Wola"})

    assert_error(response, 400, "The given data was invalid.", {"name": ["A kitchen with this name already exists."]})


def test_given_kitchens_when_filtering_searching_and_sorting_then_the_list_follows(tenant_a):
    with in_tenant(tenant_a):
        school, lunch = make_institution(), make_meal_type()
        wola = services.kitchen_create(
            actor=None,
            name="Kuchnia Wola",
            city="Warszawa",
            institutions_meal_types=[{"institution": school, "meal_types": [lunch]}],
        )
        services.kitchen_create(actor=None, name="Kuchnia Bałuty", city="Łódź", is_active=False)
        praga = services.kitchen_create(actor=None, name="Kuchnia Praga", city="Warszawa")
    api = admin_api(tenant_a)

    def names(params):
        return [item["name"] for item in api.get("kitchens", params).json()["items"]]

    assert names({"sort": "-name"}) == ["Kuchnia Wola", "Kuchnia Praga", "Kuchnia Bałuty"]
    assert names({"search": "warsz", "sort": "name"}) == ["Kuchnia Praga", "Kuchnia Wola"]
    assert names({"sort": "-isActive,name"}) == ["Kuchnia Praga", "Kuchnia Wola", "Kuchnia Bałuty"]
    assert names({"isActive": "false"}) == ["Kuchnia Bałuty"]
    assert names({"institutionId": school.pk}) == ["Kuchnia Wola"]
    assert api.get("kitchens/options", {"isActive": "true"}).json() == {
        "items": [
            {"value": praga.pk, "text": "Kuchnia Praga", "isActive": True},
            {"value": wola.pk, "text": "Kuchnia Wola", "isActive": True},
        ],
        "total": 2,
        "page": 1,
        "perPage": 9999,
    }


def _assignments_setup():
    school, kindergarten = make_institution("Szkoła Podstawowa nr 1"), make_institution("Przedszkole nr 2")
    soup, lunch = make_meal_type("Zupa", 1), make_meal_type("Obiad", 2)
    wola = services.kitchen_create(
        actor=None, name="Kuchnia Wola", institutions_meal_types=[{"institution": school, "meal_types": [soup, lunch]}]
    )
    praga = services.kitchen_create(
        actor=None, name="Kuchnia Praga", institutions_meal_types=[{"institution": kindergarten, "meal_types": [lunch]}]
    )
    return school, kindergarten, soup, lunch, wola, praga


def test_given_assignments_when_listing_them_then_filters_and_pages_apply(tenant_a):
    with in_tenant(tenant_a):
        _school, kindergarten, _soup, lunch, wola, praga = _assignments_setup()
    api = admin_api(tenant_a)

    by_kitchen = api.get("kitchensInstitutionsMealTypes", {"kitchenId": wola.pk}).json()
    by_institution = api.get("kitchensInstitutionsMealTypes", {"institutionId": kindergarten.pk}).json()
    first_page = api.get("kitchensInstitutionsMealTypes", {"perPage": 2}).json()

    assert [(row["kitchenName"], row["institutionName"], row["mealTypeName"]) for row in by_kitchen["items"]] == [
        ("Kuchnia Wola", "Szkoła Podstawowa nr 1", "Zupa"),
        ("Kuchnia Wola", "Szkoła Podstawowa nr 1", "Obiad"),
    ]
    assert by_institution["items"] == [
        {
            "id": by_institution["items"][0]["id"],
            "kitchenId": praga.pk,
            "kitchenName": "Kuchnia Praga",
            "institutionId": kindergarten.pk,
            "institutionName": "Przedszkole nr 2",
            "mealTypeId": lunch.pk,
            "mealTypeName": "Obiad",
        }
    ]
    assert (len(first_page["items"]), first_page["total"], first_page["perPage"]) == (2, 3, 2)


def test_given_assignments_when_asking_for_all_then_every_row_comes_in_one_page(tenant_a, django_assert_num_queries):
    with in_tenant(tenant_a):
        _assignments_setup()
    api = admin_api(tenant_a)

    with django_assert_num_queries(4):  # like a list without prefetch: the names come joined
        body = api.get("kitchensInstitutionsMealTypes/all").json()

    assert (len(body["items"]), body["total"], body["page"], body["perPage"]) == (3, 3, 1, 9999)
    assert [row["kitchenName"] for row in body["items"]] == ["Kuchnia Praga", "Kuchnia Wola", "Kuchnia Wola"]


def test_each_role_but_admin_is_refused_the_assignments_and_ingredients_and_only_preparers_get_kitchen_options(
    tenant_a,
):
    with in_tenant(tenant_a):
        *_, wola, _praga = _assignments_setup()
    query = {"kitchenId": wola.pk, "dateFrom": "2026-11-02", "dateTo": "2026-11-06"}
    for role in ROLES:
        api = Api(tenant_a, make_user(tenant_a, role))
        expected = 200 if role == ROLE_ADMIN else 403
        assert api.get("kitchensInstitutionsMealTypes").status_code == expected, role
        assert api.get("kitchensInstitutionsMealTypes/all").status_code == expected, role
        assert api.get("kitchens/ingredients", query).status_code == expected, role
        preparer = role in (ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_COOK)
        assert api.get("kitchens/options").status_code == (200 if preparer else 403), role


def test_another_tenant_sees_none_of_the_assignments(tenant_a, tenant_b):
    with in_tenant(tenant_a):
        *_, wola, _praga = _assignments_setup()
    api_b = admin_api(tenant_b)

    assert api_b.get("kitchensInstitutionsMealTypes/all").json()["total"] == 0
    assert api_b.get("kitchensInstitutionsMealTypes", {"kitchenId": wola.pk}).json()["total"] == 0
    assert_error(
        api_b.get("kitchens/ingredients", {"kitchenId": wola.pk, "dateFrom": "2026-11-02", "dateTo": "2026-11-06"}),
        400,
        "The given data was invalid.",
        {"kitchenId": [f'Invalid pk "{wola.pk}" - object does not exist.']},
    )
    assert_error(
        Api(tenant_b, token=admin_api(tenant_a).token).get("kitchensInstitutionsMealTypes"), 401, "Unauthenticated."
    )


def test_given_menus_when_asking_for_a_kitchens_ingredients_then_only_its_institutions_and_meal_types_count(tenant_a):
    with in_tenant(tenant_a):
        normal = catalog.portion_size_create(actor=None, name="Normalna", is_default=True)
        small = catalog.portion_size_create(actor=None, name="Mała")
        school, kindergarten, elsewhere = make_institution(), make_institution(), make_institution()
        soup, lunch = make_meal_type("Zupa", 1), make_meal_type("Obiad", 2)
        pork, potatoes, tomatoes, flour = (
            Ingredient.objects.create(name=name) for name in ("Schab", "Ziemniaki", "Pomidory", "Mąka pszenna")
        )
        cutlet = meal_create(actor=None, name="Kotlet schabowy z ziemniakami")
        tomato_soup = meal_create(actor=None, name="Pomidorowa")
        dumplings = meal_create(actor=None, name="Pierogi ruskie")
        for meal, ingredient, portion, grammage in [
            (cutlet, pork, normal, "120"),
            (cutlet, pork, small, "90"),
            (cutlet, potatoes, normal, "200"),
            (tomato_soup, tomatoes, normal, "150"),
            (tomato_soup, potatoes, normal, "50.5"),
            (dumplings, flour, normal, "100"),
        ]:
            MealIngredient.objects.create(
                meal=meal, ingredient=ingredient, portion_size=portion, grammage=Decimal(grammage)
            )
        kitchen = services.kitchen_create(
            actor=None,
            name="Kuchnia Wola",
            institutions_meal_types=[
                {"institution": school, "meal_types": [lunch]},
                {"institution": kindergarten, "meal_types": [soup]},
            ],
        )
        services.kitchen_create(
            actor=None,
            name="Kuchnia Praga",
            institutions_meal_types=[{"institution": elsewhere, "meal_types": [lunch]}],
        )
        meals_menu_create(
            actor=None,
            name="Jadłospis listopad",
            date_from=date(2026, 11, 1),
            date_to=date(2026, 11, 30),
            institutions=[school, kindergarten],
            diets=[],
            items=[
                (date(2026, 11, 2), lunch, cutlet),
                (date(2026, 11, 2), soup, tomato_soup),
                (date(2026, 11, 3), lunch, cutlet),
                (date(2026, 11, 10), lunch, cutlet),  # outside the range asked for
            ],
        )
        meals_menu_create(
            actor=None,
            name="Jadłospis przedszkola",
            date_from=date(2026, 11, 1),
            date_to=date(2026, 11, 30),
            institutions=[kindergarten],
            diets=[],
            items=[(date(2026, 11, 3), soup, tomato_soup), (date(2026, 11, 3), lunch, dumplings)],
        )
        meals_menu_create(
            actor=None,
            name="Jadłospis zakładu",
            date_from=date(2026, 11, 1),
            date_to=date(2026, 11, 30),
            institutions=[elsewhere],
            diets=[],
            items=[(date(2026, 11, 2), lunch, dumplings)],
        )
    api = admin_api(tenant_a)
    week = {"kitchenId": kitchen.pk, "dateFrom": "2026-11-02", "dateTo": "2026-11-06"}

    default_portion = api.get("kitchens/ingredients", week).json()
    small_portion = api.get("kitchens/ingredients", {**week, "portionSizeId": small.pk}).json()

    assert default_portion == {
        "items": [
            {
                "id": tomatoes.pk,
                "name": "Pomidory",
                "unit": "g",
                "amountPerPortion": "300.00",
                "mealsCount": 1,
                "daysCount": 2,
            },
            {
                "id": pork.pk,
                "name": "Schab",
                "unit": "g",
                "amountPerPortion": "240.00",
                "mealsCount": 1,
                "daysCount": 2,
            },
            {
                "id": potatoes.pk,
                "name": "Ziemniaki",
                "unit": "g",
                "amountPerPortion": "501.00",
                "mealsCount": 2,
                "daysCount": 2,
            },
        ],
        "total": 3,
        "page": 1,
        "perPage": 9999,
    }
    assert [(item["name"], item["amountPerPortion"]) for item in small_portion["items"]] == [("Schab", "180.00")]


def test_given_a_bad_range_when_asking_for_ingredients_then_400_per_field(tenant_a):
    with in_tenant(tenant_a):
        kitchen = services.kitchen_create(actor=None, name="Kuchnia Wola")
    api = admin_api(tenant_a)

    reversed_range = api.get(
        "kitchens/ingredients", {"kitchenId": kitchen.pk, "dateFrom": "2026-11-06", "dateTo": "2026-11-02"}
    )
    too_long = api.get(
        "kitchens/ingredients", {"kitchenId": kitchen.pk, "dateFrom": "2026-01-01", "dateTo": "2027-01-02"}
    )
    missing = api.get("kitchens/ingredients")

    assert_error(
        reversed_range,
        400,
        "The given data was invalid.",
        {"dateTo": ["The end date cannot be earlier than the start date."]},
    )
    assert_error(too_long, 400, "The given data was invalid.", {"dateTo": ["Choose a range of at most 366 days."]})
    assert_error(
        missing,
        400,
        "The given data was invalid.",
        {
            "kitchenId": ["This field is required."],
            "dateFrom": ["This field is required."],
            "dateTo": ["This field is required."],
        },
    )


def test_given_a_kitchen_cooks_for_an_institution_when_deleting_it_or_the_meal_type_then_409_and_all_stays(tenant_a):
    with in_tenant(tenant_a):
        school, lunch = make_institution(), make_meal_type()
        kitchen = services.kitchen_create(
            actor=None, name="Kuchnia Wola", institutions_meal_types=[{"institution": school, "meal_types": [lunch]}]
        )
    api = admin_api(tenant_a)

    institution_response = api.delete(f"institutions/{school.pk}")
    meal_type_response = api.delete(f"mealTypes/{lunch.pk}")

    assert_error(institution_response, 409, "This record is in use and cannot be deleted.")
    assert_error(meal_type_response, 409, "This record is in use and cannot be deleted.")
    with in_tenant(tenant_a):
        assert matrix(kitchen) == {(school.pk, lunch.pk)}
