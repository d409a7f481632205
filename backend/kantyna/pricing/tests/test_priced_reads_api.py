"""The reads that price a subject: groupedItems (the child form), availableMealTypesDiets, items/{id}, and
the selectors behind them (price_list_for, price_list_items_for)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from kantyna.catalog.services import meal_types_set_available_at_institution
from kantyna.core.permissions import ROLES
from kantyna.institutions.services import institution_create
from kantyna.pricing.models import PriceListItem
from kantyna.pricing.selectors import price_list_for, price_list_items_for, today
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.world import item, make_catalog, make_group, make_price_list

MONDAY = date(2026, 11, 23)


@pytest.fixture
def priced(tenant_a):
    with in_tenant(tenant_a):
        c = make_catalog()
        group = make_group("Szkoły")
        make_price_list(group, MONDAY - timedelta(days=30), items=[item(c.soup, c.standard, c.normal, "4.00")])
        current = make_price_list(
            group,
            MONDAY - timedelta(days=7),
            items=[
                item(c.soup, c.standard, c.normal, "5.00", hidden_weekdays=["poniedziałek"]),
                item(c.lunch, c.standard, c.small, "10.00"),
                item(c.lunch, c.standard, c.normal, "12.50", hidden_for=["parents"]),
                item(c.lunch, c.vegetarian, c.normal, "13.00"),
                item(c.snack, c.standard, c.normal, "3.50", hidden=True),
            ],
        )
        institution = institution_create(actor=None, name="SP 1", short_name="SP 1", slug="sp-1", kind="school")
    return {"catalog": c, "group": group, "current": current, "institution": institution}


def _items(priced, **lookup):
    return PriceListItem.objects.get(price_list=priced["current"], **lookup)


def test_given_lists_over_time_when_resolving_then_the_latest_started_one_applies(tenant_a, priced):
    with in_tenant(tenant_a):
        assert price_list_for(priced["group"], MONDAY) == priced["current"]
        assert price_list_for(priced["group"], MONDAY - timedelta(days=8)).valid_from == MONDAY - timedelta(days=30)
        assert price_list_for(priced["group"], MONDAY - timedelta(days=31)) is None


def test_given_hiding_rules_when_listing_items_for_a_role_and_day_then_hidden_ones_are_left_out(tenant_a, priced):
    c = priced["catalog"]
    with in_tenant(tenant_a):

        def names(**kwargs):
            return sorted(
                (i.meal_type.name, i.diet.name, i.portion_size.name)
                for i in price_list_items_for(priced["group"], MONDAY, **kwargs)
            )

        assert names(for_role="parents") == [
            ("Obiad", "Standardowa", "Mała"),
            ("Obiad", "Wegetariańska", "Normalna"),
        ]
        assert names(for_role="institution_workers") == [
            ("Obiad", "Standardowa", "Mała"),
            ("Obiad", "Standardowa", "Normalna"),
            ("Obiad", "Wegetariańska", "Normalna"),
        ]
        assert ("Zupa", "Standardowa", "Normalna") in names(for_role=None, respect_weekday=False)
        assert ("Zupa", "Standardowa", "Normalna") in [
            (i.meal_type.name, i.diet.name, i.portion_size.name)
            for i in price_list_items_for(priced["group"], MONDAY + timedelta(days=1), for_role="parents")
        ]
        assert c.snack.pk not in {i.meal_type_id for i in price_list_items_for(priced["group"], MONDAY, for_role=None)}


def test_given_an_admin_when_asking_for_grouped_items_then_categories_meal_types_and_portions(tenant_a, priced):
    c = priced["catalog"]
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))

    response = api.get("priceLists/groupedItems", {"priceListsGroupId": priced["group"].pk, "date": MONDAY.isoformat()})

    assert response.status_code == 200, response.content
    with in_tenant(tenant_a):
        soup = _items(priced, meal_type=c.soup)
        small = _items(priced, meal_type=c.lunch, diet=c.standard, portion_size=c.small)
        normal = _items(priced, meal_type=c.lunch, diet=c.standard, portion_size=c.normal)
    assert response.json() == {
        "priceList": {
            "id": priced["current"].pk,
            "name": priced["current"].name,
            "validFrom": (MONDAY - timedelta(days=7)).isoformat(),
        },
        "categories": [
            {
                "id": c.category.pk,
                "name": "Posiłki dzienne",
                "mealTypes": [
                    {
                        "id": c.soup.pk,
                        "name": "Zupa",
                        "description": "",
                        "blockOnRegistration": False,
                        "portionSizes": [
                            {
                                "id": c.normal.pk,
                                "name": "Normalna",
                                "default": True,
                                "priceListItem": {
                                    "id": soup.pk,
                                    "price": {"amount": "5.00", "currency": "PLN"},
                                    "hidden": False,
                                    "hiddenFor": [],
                                    "hiddenWeekdays": ["poniedziałek"],
                                },
                            }
                        ],
                    },
                    {
                        "id": c.lunch.pk,
                        "name": "Obiad",
                        "description": "Drugie danie",
                        "blockOnRegistration": True,
                        "portionSizes": [
                            {
                                "id": c.normal.pk,
                                "name": "Normalna",
                                "default": True,
                                "priceListItem": {
                                    "id": normal.pk,
                                    "price": {"amount": "12.50", "currency": "PLN"},
                                    "hidden": False,
                                    "hiddenFor": ["parents"],
                                    "hiddenWeekdays": [],
                                },
                            },
                            {
                                "id": c.small.pk,
                                "name": "Mała",
                                "default": False,
                                "priceListItem": {
                                    "id": small.pk,
                                    "price": {"amount": "10.00", "currency": "PLN"},
                                    "hidden": False,
                                    "hiddenFor": [],
                                    "hiddenWeekdays": [],
                                },
                            },
                        ],
                    },
                ],
            }
        ],
    }


def test_given_a_parent_without_prices_when_asking_for_grouped_items_then_no_prices_nor_items_hidden_for_parents(
    tenant_a, priced
):
    c = priced["catalog"]
    with in_tenant(tenant_a):
        meal_types_set_available_at_institution(actor=None, institution=priced["institution"], meal_types=[c.lunch])
    api = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT", settings={"can_see_prices": False}))

    body = api.get(
        "priceLists/groupedItems",
        {
            "priceListsGroupId": priced["group"].pk,
            "date": MONDAY.isoformat(),
            "dietId": c.standard.pk,
            "institutionId": priced["institution"].pk,
        },
    ).json()

    portions = [
        (meal_type["name"], portion["name"], portion["priceListItem"]["price"])
        for category in body["categories"]
        for meal_type in category["mealTypes"]
        for portion in meal_type["portionSizes"]
    ]
    assert portions == [("Obiad", "Mała", None)]


def test_given_a_day_before_any_list_when_asking_for_grouped_items_then_empty(tenant_a, priced):
    api = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    body = api.get("priceLists/groupedItems", {"priceListsGroupId": priced["group"].pk, "date": "2020-01-01"}).json()

    assert body == {"priceList": None, "categories": []}


def test_given_a_bad_query_when_asking_for_grouped_items_then_400_per_parameter(tenant_a, tenant_b, priced):
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))

    assert_error(
        api.get("priceLists/groupedItems", {"date": "jutro"}),
        400,
        "The given data was invalid.",
        {
            "priceListsGroupId": ["This field is required."],
            "date": ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."],
        },
    )
    # Another tenant's group does not exist here.
    api_b = Api(tenant_b, make_user(tenant_b, "ROLE_ADMIN"))
    assert_error(
        api_b.get("priceLists/groupedItems", {"priceListsGroupId": priced["group"].pk}),
        400,
        "The given data was invalid.",
        {"priceListsGroupId": [f'Invalid pk "{priced["group"].pk}" - object does not exist.']},
    )


def test_given_a_monday_when_asking_available_meal_types_and_diets_then_pairs_without_hidden_ones(tenant_a, priced):
    c = priced["catalog"]
    api = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    body = api.get(
        "priceLists/availableMealTypesDiets", {"priceListsGroupId": priced["group"].pk, "date": MONDAY.isoformat()}
    ).json()

    assert body["priceList"]["id"] == priced["current"].pk
    assert body["items"] == [
        {"mealTypeId": c.lunch.pk, "mealTypeName": "Obiad", "dietId": c.standard.pk, "dietName": "Standardowa"},
        {"mealTypeId": c.lunch.pk, "mealTypeName": "Obiad", "dietId": c.vegetarian.pk, "dietName": "Wegetariańska"},
    ]
    tuesday = api.get(
        "priceLists/availableMealTypesDiets",
        {"priceListsGroupId": priced["group"].pk, "date": (MONDAY + timedelta(days=1)).isoformat()},
    ).json()
    assert [(i["mealTypeName"], i["dietName"]) for i in tuesday["items"]] == [
        ("Zupa", "Standardowa"),
        ("Obiad", "Standardowa"),
        ("Obiad", "Wegetariańska"),
    ]


@pytest.mark.parametrize("role", ROLES)
def test_given_any_role_when_reading_priced_calls_then_allowed_and_without_token_401(tenant_a, priced, role):
    api = Api(tenant_a, make_user(tenant_a, role))
    query = {"priceListsGroupId": priced["group"].pk}

    assert api.get("priceLists/groupedItems", query).status_code == 200
    assert api.get("priceLists/availableMealTypesDiets", query).status_code == 200
    assert_error(Api(tenant_a).get("priceLists/groupedItems", query), 401, "Unauthenticated.")
    assert_error(Api(tenant_a).get("priceLists/availableMealTypesDiets", query), 401, "Unauthenticated.")


def test_given_an_item_when_an_admin_reads_it_then_its_list_and_price(tenant_a, priced):
    c = priced["catalog"]
    with in_tenant(tenant_a):
        lunch = _items(priced, meal_type=c.lunch, diet=c.vegetarian)
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))

    response = api.get(f"priceLists/items/{lunch.pk}")

    assert (response.status_code, response.json()) == (
        200,
        {
            "priceListId": priced["current"].pk,
            "id": lunch.pk,
            "mealTypeId": c.lunch.pk,
            "mealTypeName": "Obiad",
            "dietId": c.vegetarian.pk,
            "dietName": "Wegetariańska",
            "portionSizeId": c.normal.pk,
            "portionSizeName": "Normalna",
            "price": {"amount": "13.00", "currency": "PLN"},
            "hidden": False,
            "hiddenFor": [],
            "hiddenWeekdays": [],
        },
    )


def test_given_a_parent_when_reading_an_item_of_a_group_not_theirs_then_404(tenant_a, tenant_b, priced):
    with in_tenant(tenant_a):
        lunch = _items(priced, meal_type=priced["catalog"].lunch, diet=priced["catalog"].vegetarian)

    assert_error(
        Api(tenant_a, make_user(tenant_a, "ROLE_PARENT")).get(f"priceLists/items/{lunch.pk}"), 404, "Not found."
    )
    assert_error(
        Api(tenant_b, make_user(tenant_b, "ROLE_ADMIN")).get(f"priceLists/items/{lunch.pk}"), 404, "Not found."
    )
    assert_error(Api(tenant_a).get(f"priceLists/items/{lunch.pk}"), 401, "Unauthenticated.")


def test_given_a_worker_without_prices_when_reading_an_item_of_the_workers_group_then_price_is_null(tenant_a):
    with in_tenant(tenant_a):
        group = make_group("Pracownicy", default_for_institutions_workers=True)
        entry = make_price_list(group, today()).items.first()
    api = Api(tenant_a, make_user(tenant_a, "ROLE_INSTITUTION_WORKER", settings={"can_see_prices": False}))

    response = api.get(f"priceLists/items/{entry.pk}")

    assert (response.status_code, response.json()["id"], response.json()["price"]) == (200, entry.pk, None)
