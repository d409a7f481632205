"""`auth/register/childOptions`, `institutionWorkerOptions` and `groupedItems`: anonymous, only when
self-registration is open, only active institutions, tenant-isolated, cache-friendly."""

from __future__ import annotations

import pytest

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.registration.tests.helpers import make_world
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing import Api, assert_error, make_user

OPTION_PATHS = ["auth/register/childOptions", "auth/register/institutionWorkerOptions"]


def test_given_open_registration_when_anonymous_asks_child_options_then_every_list_in_the_spec_shape(tenant_a, world):
    response = Api(tenant_a).get("auth/register/childOptions")

    assert response.status_code == 200
    body = response.json()
    assert set(body) == {
        "settings",
        "institutionsOptions",
        "dietsOptions",
        "allergensOptions",
        "districtsOptions",
        "classroomsOptions",
        "childrenGroupsOptions",
        "priceListsGroupsOptions",
        "mealTypeCategoriesOptions",
    }
    assert body["settings"] == {
        "registerAs": "both",
        "invoicesForUsers": False,
        "allowChangingAllergens": True,
        "allowChangingAllergensNote": True,
        "cateringTermsUrl": None,
    }
    institution = next(item for item in body["institutionsOptions"] if item["value"] == world.institution.pk)
    assert institution == {
        "value": world.institution.pk,
        "text": world.institution.name,
        "shortName": world.institution.short_name,
        "slug": world.institution.slug,
        "districtId": world.institution.district_id,
        "mealTypesIds": [world.meal_type.pk],
    }
    assert world.inactive_institution.pk not in [item["value"] for item in body["institutionsOptions"]]
    diet = next(item for item in body["dietsOptions"] if item["value"] == world.diet.pk)
    diet["institutionsIds"].sort()
    assert diet == {
        "value": world.diet.pk,
        "text": world.diet.name,
        "isDefault": True,
        "institutionsIds": sorted([world.institution.pk, world.other_institution.pk]),
        "allowChangingAllergens": True,
    }
    classroom = next(item for item in body["classroomsOptions"] if item["id"] == world.classroom.pk)
    assert classroom["value"] == world.classroom.pk
    assert classroom["text"] == classroom["name"] == "1A"
    assert classroom["institution"]["id"] == world.institution.pk
    assert classroom["institution"]["name"] == world.institution.name
    assert classroom["hasDefaultPriceListsGroupForMembers"] is True
    assert classroom["relatedPriceListsGroup"]["id"] == world.classroom_group.pk
    assert classroom["membersPriceListsGroupId"] == world.classroom_group.pk
    assert {"value": world.allergen.pk, "text": world.allergen.name, "number": world.allergen.number} in body[
        "allergensOptions"
    ]
    group = next(item for item in body["priceListsGroupsOptions"] if item["id"] == world.children_group.pk)
    assert group["defaultForChildren"] is True and group["defaultForInstitutionsWorkers"] is False
    [category] = body["mealTypeCategoriesOptions"]
    [meal_type] = category["mealTypes"]
    assert meal_type["blockOnRegistration"] is True
    assert meal_type["portionSizes"] == [{"id": world.portion.pk, "name": world.portion.name, "isDefault": True}]


def test_given_open_registration_when_anonymous_asks_worker_options_then_groups_of_active_institutions(tenant_a, world):
    response = Api(tenant_a).get("auth/register/institutionWorkerOptions")

    assert response.status_code == 200
    body = response.json()
    assert set(body) == {
        "settings",
        "institutionsOptions",
        "dietsOptions",
        "allergensOptions",
        "districtsOptions",
        "institutionWorkersGroupsOptions",
    }
    assert body["institutionWorkersGroupsOptions"] == [
        {"value": world.workers_group.pk, "text": world.workers_group.name, "institutionId": world.institution.pk}
    ]


@pytest.mark.parametrize("path", [*OPTION_PATHS, "auth/register/groupedItems", "auth/register/parent"])
def test_given_closed_registration_when_anonymous_calls_then_403_forbidden(tenant_a, path):
    make_world(tenant_a, open_registration=False)
    api = Api(tenant_a)

    response = api.post(path, {}) if path.endswith("parent") else api.get(path)

    assert_error(response, 403, "Forbidden.")


@pytest.mark.parametrize("path", OPTION_PATHS)
def test_given_options_when_fetched_twice_then_cache_headers_and_304_for_same_etag(tenant_a, world, path):
    api = Api(tenant_a)
    first = api.get(path)
    assert first["Cache-Control"] == "public, max-age=60"
    etag = first["ETag"]

    again = api.get(path, HTTP_IF_NONE_MATCH=etag)

    assert again.status_code == 304
    assert again["ETag"] == etag


def test_given_catalogue_changes_when_options_fetched_then_etag_changes(tenant_a, world):
    api = Api(tenant_a)
    etag = api.get("auth/register/childOptions")["ETag"]
    with in_tenant(tenant_a):
        world.institution.name = "Nowa nazwa"
        world.institution.save(update_fields=["name"])

    response = api.get("auth/register/childOptions", HTTP_IF_NONE_MATCH=etag)

    assert response.status_code == 200
    assert response["ETag"] != etag


def test_given_slug_when_asking_options_then_only_that_institution_and_its_classrooms(tenant_a, world):
    response = Api(tenant_a).get("auth/register/childOptions", {"institutionSlug": world.institution.slug})

    body = response.json()
    assert [item["value"] for item in body["institutionsOptions"]] == [world.institution.pk]
    assert {item["institution"]["id"] for item in body["classroomsOptions"]} == {world.institution.pk}


def test_given_slug_of_inactive_institution_when_asking_options_then_nothing(tenant_a, world):
    response = Api(tenant_a).get("auth/register/childOptions", {"institutionSlug": world.inactive_institution.slug})

    assert response.json()["institutionsOptions"] == []
    assert response.json()["classroomsOptions"] == []


def test_given_slug_of_another_tenant_when_asking_options_then_unknown_here(tenant_a, tenant_b, world):
    make_world(tenant_b)

    response = Api(tenant_b).get("auth/register/childOptions", {"institutionSlug": world.institution.slug})

    assert response.status_code == 200
    assert response.json()["institutionsOptions"] == []
    everything = Api(tenant_b).get("auth/register/childOptions").json()
    assert world.institution.slug not in [item["slug"] for item in everything["institutionsOptions"]]


def test_given_tenant_hides_institution_lists_when_asking_without_slug_then_no_institution_listed(tenant_a, world):
    with in_tenant(tenant_a):
        settings_update(actor=None, key="parents_settings", data={"hide_institutions_lists_from_parents": True})
    api = Api(tenant_a)

    hidden = api.get("auth/register/childOptions").json()
    by_slug = api.get("auth/register/childOptions", {"institutionSlug": world.institution.slug}).json()

    assert hidden["institutionsOptions"] == [] and hidden["classroomsOptions"] == []
    assert [item["value"] for item in by_slug["institutionsOptions"]] == [world.institution.pk]


def test_given_a_token_when_asking_options_then_it_is_ignored(tenant_a, world):
    admin = make_user(tenant_a, ROLE_ADMIN)

    assert Api(tenant_a, admin).get("auth/register/childOptions").status_code == 200
    assert Api(tenant_a, token="not-a-token").get("auth/register/childOptions").status_code == 200


def test_given_group_diet_and_institution_when_anonymous_asks_grouped_items_then_meal_types_with_items(tenant_a, world):
    response = Api(tenant_a).get(
        "auth/register/groupedItems",
        {
            "priceListsGroupId": world.children_group.pk,
            "dietId": world.diet.pk,
            "institutionId": world.institution.pk,
            "date": "2026-11-23",
        },
    )

    assert response.status_code == 200
    [category] = response.json()["categories"]
    [meal_type] = category["mealTypes"]
    assert (meal_type["id"], meal_type["blockOnRegistration"]) == (world.meal_type.pk, True)
    [portion] = meal_type["portionSizes"]
    assert portion["priceListItem"]["id"] == world.item.pk
    assert portion["priceListItem"]["price"] == {"amount": "12.50", "currency": "PLN"}


def test_given_prices_hidden_by_default_when_asking_grouped_items_then_no_price(tenant_a, world):
    with in_tenant(tenant_a):
        settings_update(actor=None, key="general", data={"can_see_prices_by_default": False})

    response = Api(tenant_a).get(
        "auth/register/groupedItems",
        {"priceListsGroupId": world.children_group.pk, "dietId": world.diet.pk, "date": "2026-11-23"},
    )

    portion = response.json()["categories"][0]["mealTypes"][0]["portionSizes"][0]
    assert portion["priceListItem"]["price"] is None
