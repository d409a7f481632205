"""Price lists through the HTTP API: the generic CRUD checks, editing rules, replacing a list with a new
version, and what customers may see."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import CUSTOMER_ROLES, ROLES
from kantyna.institutions.services import classroom_create, institution_create
from kantyna.people.services.children import child_create
from kantyna.pricing import selectors
from kantyna.pricing.models import PriceList, PriceListItem
from kantyna.pricing.selectors import today
from kantyna.pricing.tests.helpers import item_payload
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user
from kantyna.testing.world import item, make_catalog, make_group, make_price_list


def _payload_of(price_list: PriceList) -> dict:
    return {
        "groupId": price_list.group_id,
        "name": price_list.name,
        "validFrom": price_list.valid_from.isoformat(),
        "items": [
            item_payload(i.meal_type, i.diet, i.portion_size, f"{i.price}", id=i.pk)
            for i in price_list.items.select_related("meal_type", "diet", "portion_size")
        ],
    }


class TestPriceListsApi(CrudApiTests):
    path = "priceLists"
    model = PriceList
    # Customers are scoped to their own groups' current lists: another's list does not exist for them.
    read_roles = frozenset(ROLES) - CUSTOMER_ROLES
    reach_roles = CUSTOMER_ROLES
    list_queries = 5  # session (account, revoked token and user in one) + count + page + items
    # + one "in use" query per model referring to price list items (order items)
    audit_prefix = "price_list"
    changed_field = "name"

    def make_instance(self, tenant, index):
        price_list = make_price_list()
        # The update payload needs the items' ids, readable only inside the tenant's schema.
        price_list.update_body = _payload_of(price_list) | {"name": f"{price_list.name} (zmieniony)"}
        return price_list

    def create_payload(self, tenant):
        with in_tenant(tenant):
            c = make_catalog()
            group = make_group()
        return {
            "groupId": group.pk,
            "name": "Cennik wrześniowy",
            "validFrom": "2026-09-01",
            "items": [
                item_payload(c.soup, c.standard, c.normal, "5.00"),
                item_payload(c.lunch, c.vegetarian, c.small, "9.99", hiddenFor=["parents"], hiddenWeekdays=["piątek"]),
            ],
        }

    def invalid_payload(self):
        return {"name": "", "validFrom": "1.09.2026", "items": [{"price": {"amount": "-1"}}]}, {
            "groupId": ["This field is required."],
            "name": ["This field may not be blank."],
            "validFrom": ["Date has wrong format. Use one of these formats instead: YYYY-MM-DD."],
            "items.0.mealTypeId": ["This field is required."],
            "items.0.dietId": ["This field is required."],
            "items.0.portionSizeId": ["This field is required."],
            "items.0.price.amount": ["The amount cannot be negative."],
        }

    def update_payload(self, instance):
        return instance.update_body

    @pytest.mark.parametrize("role", sorted(CUSTOMER_ROLES))
    def test_a_customer_without_children_or_a_workers_group_lists_no_price_list(self, tenant_a, role):
        """Everyone with prices.see reads (the access matrix); a customer's list holds only their own lists."""
        self._make(tenant_a)
        assert self._api(tenant_a, role).get(self.path).json()["total"] == 0


NOT_AN_AMOUNT = "Enter an amount as digits with an optional dot and at most two decimal places, e.g. 12.50."


def admin(tenant):
    return Api(tenant, make_user(tenant, "ROLE_ADMIN"))


def test_given_a_valid_list_when_creating_then_it_answers_items_with_money_and_names(tenant_a):
    with in_tenant(tenant_a):
        c = make_catalog()
        group = make_group("Szkoły")
    start = today() + timedelta(days=10)

    response = admin(tenant_a).post(
        "priceLists",
        {
            "groupId": group.pk,
            "name": "Cennik zimowy",
            "validFrom": start.isoformat(),
            "items": [
                item_payload(c.lunch, c.standard, c.normal, "12.5", hiddenWeekdays=["piątek", "poniedziałek"]),
            ],
        },
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert body == {
        "id": body["id"],
        "groupId": group.pk,
        "groupName": "Szkoły",
        "name": "Cennik zimowy",
        "validFrom": start.isoformat(),
        "validTo": None,
        "status": "future",
        "locked": False,
        "items": [
            {
                "id": body["items"][0]["id"],
                "mealTypeId": c.lunch.pk,
                "mealTypeName": "Obiad",
                "dietId": c.standard.pk,
                "dietName": "Standardowa",
                "portionSizeId": c.normal.pk,
                "portionSizeName": "Normalna",
                "price": {"amount": "12.50", "currency": "PLN"},
                "hidden": False,
                "hiddenFor": [],
                "hiddenWeekdays": ["poniedziałek", "piątek"],
            }
        ],
    }
    with in_tenant(tenant_a):
        assert PriceListItem.objects.get(pk=body["items"][0]["id"]).price == Decimal("12.50")


def test_given_bad_items_when_creating_then_400_names_every_row_and_nothing_is_stored(tenant_a):
    with in_tenant(tenant_a):
        c = make_catalog()
        group = make_group()
        before = (PriceList.objects.count(), PriceListItem.objects.count())

    response = admin(tenant_a).post(
        "priceLists",
        {
            "groupId": group.pk,
            "name": "Błędny",
            "validFrom": "2026-12-01",
            "items": [
                item_payload(c.soup, c.standard, c.normal, "5.00"),
                item_payload(c.soup, c.standard, c.normal, "6.00"),
                item_payload(c.snack, c.standard, c.small, "3.00"),
                item_payload(c.lunch, c.standard, c.normal, "12.505"),
                item_payload(c.lunch, c.standard, c.small, "1", hiddenFor=["cooks"], hiddenWeekdays=["Monday"]),
                item_payload(c.lunch, c.vegetarian, c.normal, "10000.01"),
                item_payload(c.lunch, c.vegetarian, c.small, "1_000"),
                item_payload(c.soup, c.vegetarian, c.normal, "\uff11\uff12"),
            ],
        },
    )

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {
            "items.3.price.amount": ["Enter at most two decimal places."],
            "items.4.hiddenFor.0": ['"cooks" is not a valid choice.'],
            "items.4.hiddenWeekdays.0": ['"Monday" is not a valid choice.'],
            "items.5.price.amount": ["Enter an amount of at most 10000.00 PLN."],
            "items.6.price.amount": [NOT_AN_AMOUNT],
            "items.7.price.amount": [NOT_AN_AMOUNT],
        },
    )
    # Field types fixed, the rules of the list are checked row by row.
    fixed = admin(tenant_a).post(
        "priceLists",
        {
            "groupId": group.pk,
            "name": "Błędny",
            "validFrom": "2026-12-01",
            "items": [
                item_payload(c.soup, c.standard, c.normal, "5.00"),
                item_payload(c.soup, c.standard, c.normal, "6.00"),
                item_payload(c.snack, c.standard, c.small, "3.00"),
            ],
        },
    )
    assert_error(
        fixed,
        400,
        "The given data was invalid.",
        {
            "items.1.portionSizeId": ["This meal type, diet and portion size already have a price in this list."],
            "items.2.portionSizeId": ["This portion size is not offered for this meal type."],
        },
    )
    with in_tenant(tenant_a):
        assert (PriceList.objects.count(), PriceListItem.objects.count()) == before


@pytest.mark.parametrize("valid_from", ["1999-12-31", "a year and two days ahead", "2206-09-01"])
def test_given_a_start_outside_the_money_window_when_creating_or_replacing_then_400_and_nothing_is_created(
    tenant_a, valid_from
):
    latest = today() + timedelta(days=366)
    if valid_from == "a year and two days ahead":
        valid_from = (latest + timedelta(days=1)).isoformat()
    with in_tenant(tenant_a):
        old = make_price_list()
        before = PriceList.objects.count()
    error = {"validFrom": [f"Choose a date from 2000-01-01 to {latest.isoformat()}."]}

    created = admin(tenant_a).post(
        "priceLists", {"groupId": old.group_id, "name": "Daleki", "validFrom": valid_from, "items": []}
    )
    replaced = admin(tenant_a).post(f"priceLists/{old.pk}/replaceWithNewOne", {"validFrom": valid_from})

    assert_error(created, 400, "The given data was invalid.", error)
    assert_error(replaced, 400, "The given data was invalid.", error)
    with in_tenant(tenant_a):
        assert PriceList.objects.count() == before


def test_given_a_list_of_the_group_on_that_date_when_creating_another_then_400(tenant_a):
    with in_tenant(tenant_a):
        existing = make_price_list()

    response = admin(tenant_a).post(
        "priceLists",
        {"groupId": existing.group_id, "name": "Drugi", "validFrom": existing.valid_from.isoformat(), "items": []},
    )

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"validFrom": ["This group already has a price list starting on this date."]},
    )


def test_given_a_list_when_updating_then_items_are_changed_added_and_removed(tenant_a):
    with in_tenant(tenant_a):
        c = make_catalog()
        price_list = make_price_list()
        soup, lunch, lunch_small = price_list.items.order_by("id")
        body = _payload_of(price_list)
    body["items"] = [
        item_payload(c.soup, c.standard, c.normal, "5.50", id=soup.pk, hidden=True),
        item_payload(c.lunch, c.standard, c.normal, "12.50", id=lunch.pk),
        item_payload(c.lunch, c.vegetarian, c.normal, "13.00"),
    ]

    response = admin(tenant_a).put(f"priceLists/{price_list.pk}", body)

    assert response.status_code == 200, response.content
    with in_tenant(tenant_a):
        stored = {
            (i.meal_type.name, i.diet.name, i.portion_size.name): (i.price, i.hidden)
            for i in price_list.items.select_related("meal_type", "diet", "portion_size")
        }
        assert stored == {
            ("Zupa", "Standardowa", "Normalna"): (Decimal("5.50"), True),
            ("Obiad", "Standardowa", "Normalna"): (Decimal("12.50"), False),
            ("Obiad", "Wegetariańska", "Normalna"): (Decimal("13.00"), False),
        }
        assert not PriceListItem.objects.filter(pk=lunch_small.pk).exists()
        assert PriceListItem.objects.filter(pk=soup.pk).exists()
        entry = AuditEntry.objects.get(action="price_list.update", target_id=str(price_list.pk))
        assert entry.data == {"items": 3, "removed": [lunch_small.pk]}


def test_given_an_item_of_another_list_when_updating_then_400_and_nothing_changes(tenant_a):
    with in_tenant(tenant_a):
        price_list = make_price_list()
        other = make_price_list()
        body = _payload_of(price_list)
        body["items"][0]["id"] = other.items.first().pk
        before = list(PriceListItem.objects.order_by("id").values_list("id", "price"))

    response = admin(tenant_a).put(f"priceLists/{price_list.pk}", body)

    assert_error(
        response, 400, "The given data was invalid.", {"items.0.id": ["This item does not belong to this price list."]}
    )
    with in_tenant(tenant_a):
        assert list(PriceListItem.objects.order_by("id").values_list("id", "price")) == before


@pytest.fixture
def items_in_use(monkeypatch):
    """Stands in for order items referring to price list items (the ordering issue adds them)."""
    used: set[int] = set()
    monkeypatch.setattr(selectors, "price_list_item_ids_in_use", lambda ids: used & set(ids))
    return used


def test_given_a_started_list_in_use_when_changing_a_price_then_400_and_it_stays(tenant_a, items_in_use):
    with in_tenant(tenant_a):
        price_list = make_price_list(valid_from=today())
        items_in_use.add(price_list.items.first().pk)
        body = _payload_of(price_list)
    body["items"][0]["price"]["amount"] = "99.00"

    response = admin(tenant_a).put(f"priceLists/{price_list.pk}", body)

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {
            "items.0.price.amount": [
                "This price list is already in use: its prices cannot change. "
                "Replace it with a new one from a chosen date."
            ]
        },
    )
    with in_tenant(tenant_a):
        assert sorted(price_list.items.values_list("price", flat=True)) == [
            Decimal("5.00"),
            Decimal("10.00"),
            Decimal("12.50"),
        ]


def test_given_a_started_list_in_use_when_renaming_and_hiding_then_200_and_it_reports_locked(tenant_a, items_in_use):
    with in_tenant(tenant_a):
        price_list = make_price_list(valid_from=today())
        items_in_use.add(price_list.items.first().pk)
        body = _payload_of(price_list)
    body["name"] = "Cennik archiwalny"
    body["items"][1]["hidden"] = True

    response = admin(tenant_a).put(f"priceLists/{price_list.pk}", body)

    assert response.status_code == 200, response.content
    assert (response.json()["name"], response.json()["locked"], response.json()["items"][1]["hidden"]) == (
        "Cennik archiwalny",
        True,
        True,
    )


def test_given_a_list_in_use_when_deleting_then_409_and_it_stays(tenant_a, items_in_use):
    with in_tenant(tenant_a):
        price_list = make_price_list(valid_from=today() + timedelta(days=3))
        items_in_use.add(price_list.items.first().pk)

    response = admin(tenant_a).delete(f"priceLists/{price_list.pk}")

    assert_error(response, 409, "This record is in use and cannot be deleted.")
    with in_tenant(tenant_a):
        assert price_list.items.count() == 3


def test_given_a_future_list_with_an_item_in_use_when_removing_that_item_then_400(tenant_a, items_in_use):
    with in_tenant(tenant_a):
        price_list = make_price_list(valid_from=today() + timedelta(days=3))
        used = price_list.items.order_by("id").first()
        items_in_use.add(used.pk)
        body = _payload_of(price_list)
    body["items"] = [entry for entry in body["items"] if entry["id"] != used.pk]

    response = admin(tenant_a).put(f"priceLists/{price_list.pk}", body)

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"items": ["This item is already in use and cannot be removed or changed."]},
    )
    with in_tenant(tenant_a):
        assert price_list.items.filter(pk=used.pk).exists()


def test_given_a_list_when_replacing_with_a_new_one_then_the_old_stays_for_history(tenant_a):
    with in_tenant(tenant_a):
        old = make_price_list(valid_from=today() - timedelta(days=30))
    start = today() + timedelta(days=1)

    response = admin(tenant_a).post(f"priceLists/{old.pk}/replaceWithNewOne", {"validFrom": start.isoformat()})

    assert response.status_code == 200, response.content
    new_id = response.json()["id"]
    assert response.json() == {"status": True, "id": new_id}
    api = admin(tenant_a)
    new, kept = api.get(f"priceLists/{new_id}").json(), api.get(f"priceLists/{old.pk}").json()
    assert (new["groupId"], new["validFrom"], new["status"], new["name"]) == (
        old.group_id,
        start.isoformat(),
        "future",
        f"Price list from {start:%d.%m.%Y}",
    )
    assert [(i["mealTypeId"], i["portionSizeId"], i["price"]) for i in new["items"]] == [
        (i["mealTypeId"], i["portionSizeId"], i["price"]) for i in kept["items"]
    ]
    assert (kept["status"], kept["validTo"]) == ("current", today().isoformat())
    with in_tenant(tenant_a):
        assert AuditEntry.objects.get(action="price_list.replace", target_id=str(new_id)).data == {"replaced": old.pk}


def test_given_changed_items_when_replacing_then_the_new_version_has_them(tenant_a):
    with in_tenant(tenant_a):
        c = make_catalog()
        old = make_price_list()
    start = today() + timedelta(days=5)

    response = admin(tenant_a).post(
        f"priceLists/{old.pk}/replaceWithNewOne",
        {
            "validFrom": start.isoformat(),
            "name": "Podwyżka",
            "items": [item_payload(c.lunch, c.standard, c.normal, "13.90", id=1)],
        },
    )

    assert response.status_code == 200, response.content
    with in_tenant(tenant_a):
        new = PriceList.objects.get(pk=response.json()["id"])
        assert (new.name, [(i.meal_type_id, i.price) for i in new.items.all()]) == (
            "Podwyżka",
            [(c.lunch.pk, Decimal("13.90"))],
        )
        assert old.items.count() == 3


def test_given_a_date_not_after_the_old_start_when_replacing_then_400_and_nothing_is_created(tenant_a):
    with in_tenant(tenant_a):
        old = make_price_list(valid_from=today())
        before = PriceList.objects.count()

    response = admin(tenant_a).post(f"priceLists/{old.pk}/replaceWithNewOne", {"validFrom": today().isoformat()})

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"validFrom": [f"The new price list must start after {today():%d.%m.%Y}."]},
    )
    with in_tenant(tenant_a):
        assert PriceList.objects.count() == before


@pytest.mark.parametrize("role", ["ROLE_INSTITUTIONS_ADMIN", "ROLE_PARENT", "ROLE_COOK"])
def test_given_a_non_admin_when_replacing_or_asking_for_prepaids_then_403_and_nothing_is_created(tenant_a, role):
    with in_tenant(tenant_a):
        old = make_price_list()
        before = PriceList.objects.count()
    api = Api(tenant_a, make_user(tenant_a, role, permissions=["menu_edit", "children_edit"]))

    assert_error(api.post(f"priceLists/{old.pk}/replaceWithNewOne", {"validFrom": "2099-01-01"}), 403, "Forbidden.")
    assert_error(api.get(f"priceLists/{old.pk}/hasPrepaids"), 403, "Forbidden.")
    with in_tenant(tenant_a):
        assert PriceList.objects.count() == before


def test_given_no_prepaid_orders_when_asking_then_has_prepaids_is_false(tenant_a):
    with in_tenant(tenant_a):
        price_list = make_price_list()

    response = admin(tenant_a).get(f"priceLists/{price_list.pk}/hasPrepaids")

    assert (response.status_code, response.json()) == (200, {"hasPrepaids": False})


def test_given_another_tenants_list_when_replacing_or_asking_then_404(tenant_a, tenant_b):
    with in_tenant(tenant_a):
        price_list = make_price_list()

    api_b = admin(tenant_b)

    assert_error(
        api_b.post(f"priceLists/{price_list.pk}/replaceWithNewOne", {"validFrom": "2099-01-01"}), 404, "Not found."
    )
    assert_error(api_b.get(f"priceLists/{price_list.pk}/hasPrepaids"), 404, "Not found.")
    with in_tenant(tenant_a):
        assert PriceList.objects.filter(group=price_list.group).count() == 1


def test_given_past_current_and_future_lists_when_filtering_by_status_then_each_is_found(tenant_a):
    with in_tenant(tenant_a):
        group = make_group("Szkoły")
        past = make_price_list(group, today() - timedelta(days=60), name="Wiosna")
        current = make_price_list(group, today() - timedelta(days=10), name="Lato")
        future = make_price_list(group, today() + timedelta(days=20), name="Jesień")
    api = admin(tenant_a)

    found = {
        status: [
            (i["id"], i["status"], i["validTo"]) for i in api.get("priceLists", {"status": status}).json()["items"]
        ]
        for status in ("past", "current", "future")
    }

    assert found == {
        "past": [(past.pk, "past", (current.valid_from - timedelta(days=1)).isoformat())],
        "current": [(current.pk, "current", (future.valid_from - timedelta(days=1)).isoformat())],
        "future": [(future.pk, "future", None)],
    }
    assert [i["name"] for i in api.get("priceLists", {"groupId": group.pk, "sort": "validFrom"}).json()["items"]] == [
        "Wiosna",
        "Lato",
        "Jesień",
    ]


@pytest.fixture
def family(tenant_a):
    """A parent whose child eats in a classroom priced by group `Szkoły`; lists of another group exist too."""
    with in_tenant(tenant_a):
        c = make_catalog()
        school = make_group("Szkoły")
        make_group("Pracownicy", default_for_institutions_workers=True)
        other = make_group("Inne", default_for_children=True)
        institution = institution_create(actor=None, name="SP 1", short_name="SP 1", slug="sp-1", kind="school")
        classroom = classroom_create(
            actor=None,
            institution=institution,
            name="1a",
            related_price_lists_group=school,
            has_default_price_lists_group_for_members=True,
        )
        old = make_price_list(school, today() - timedelta(days=40))
        current = make_price_list(
            school,
            today() - timedelta(days=5),
            items=[
                item(c.soup, c.standard, c.normal, "5.00"),
                item(c.lunch, c.standard, c.normal, "12.50", hidden_for=["parents"]),
                item(c.lunch, c.standard, c.small, "10.00", hidden=True),
            ],
        )
        make_price_list(other, today() - timedelta(days=5))
    parent = make_user(tenant_a, "ROLE_PARENT")
    with in_tenant(tenant_a):
        child_create(
            actor=None, parent=parent, first_name="Ola", last_name="Nowak", classroom=classroom, diet=c.standard
        )
    return {
        "parent": parent,
        "current": current,
        "old": old,
        "catalog": c,
        "institution": institution,
        "school": school,
    }


def test_given_a_parent_when_listing_then_only_the_current_list_of_the_childs_group_without_hidden_items(
    tenant_a, family
):
    api = Api(tenant_a, family["parent"])

    body = api.get("priceLists").json()

    assert [(i["id"], [(x["mealTypeName"], x["price"]["amount"]) for x in i["items"]]) for i in body["items"]] == [
        (family["current"].pk, [("Zupa", "5.00")])
    ]
    assert_error(api.get(f"priceLists/{family['old'].pk}"), 404, "Not found.")


def test_given_a_parent_who_may_not_see_prices_when_listing_then_403(tenant_a):
    api = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT", settings={"can_see_prices": False}))

    assert_error(api.get("priceLists"), 403, "Forbidden.")


def test_given_a_worker_when_listing_then_the_workers_default_groups_current_list(tenant_a):
    with in_tenant(tenant_a):
        workers = make_group("Pracownicy", default_for_institutions_workers=True)
        current = make_price_list(workers, today())
        make_price_list(workers, today() + timedelta(days=7))
        make_price_list()
    api = Api(tenant_a, make_user(tenant_a, "ROLE_INSTITUTION_WORKER"))

    assert [i["id"] for i in api.get("priceLists").json()["items"]] == [current.pk]
