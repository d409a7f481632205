"""Price lists groups through the HTTP API: the generic CRUD checks plus their own rules."""

from __future__ import annotations

import itertools

from kantyna.institutions.services import classroom_create, institution_create
from kantyna.pricing.models import PriceListsGroup
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user
from kantyna.testing.world import make_group, make_price_list

_names = itertools.count(1)


class TestPriceListsGroupsApi(CrudApiTests):
    path = "priceLists/groups"
    model = PriceListsGroup
    list_queries = 3  # session (account, revoked token and user in one) + count + page
    audit_prefix = "price_lists_group"
    changed_field = "name"

    def make_instance(self, tenant, index):
        return make_group(f"Grupa {index} {PriceListsGroup.objects.count()}")

    def create_payload(self, tenant):
        return {
            "name": f"Cennik szkolny {next(_names)}",
            "defaultForChildren": False,
            "defaultForInstitutionsWorkers": False,
            "forGroupOrders": False,
        }

    def invalid_payload(self):
        return {"name": "", "forGroupOrders": "tak"}, {
            "name": ["This field may not be blank."],
            "forGroupOrders": ["Must be a valid boolean."],
        }

    def update_payload(self, instance):
        return {"name": f"{instance.name} (zmieniona)", "defaultForChildren": instance.default_for_children}


def admin(tenant):
    return Api(tenant, make_user(tenant, "ROLE_ADMIN"))


def test_given_a_default_group_when_another_becomes_default_then_only_the_new_one_is(tenant_a):
    with in_tenant(tenant_a):
        old = make_group("Stary", default_for_children=True, default_for_institutions_workers=True)

    response = admin(tenant_a).post("priceLists/groups", {"name": "Nowy", "defaultForChildren": True})

    assert response.status_code == 201, response.content
    assert response.json() == {
        "id": response.json()["id"],
        "name": "Nowy",
        "defaultForChildren": True,
        "defaultForInstitutionsWorkers": False,
        "forGroupOrders": False,
    }
    with in_tenant(tenant_a):
        old.refresh_from_db()
        assert (old.default_for_children, old.default_for_institutions_workers) == (False, True)
        assert list(PriceListsGroup.objects.filter(default_for_children=True).values_list("name", flat=True)) == [
            "Nowy"
        ]


def test_given_a_group_for_group_orders_when_making_it_default_then_400_and_nothing_changes(tenant_a):
    with in_tenant(tenant_a):
        group = make_group("Zamówienia grupowe", for_group_orders=True)

    response = admin(tenant_a).put(
        f"priceLists/groups/{group.pk}",
        {"name": "Zamówienia grupowe", "forGroupOrders": True, "defaultForChildren": True},
    )

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"forGroupOrders": ["A group for group orders cannot be a default group."]},
    )
    with in_tenant(tenant_a):
        group.refresh_from_db()
        assert (group.default_for_children, group.for_group_orders) == (False, True)


def test_given_a_duplicate_name_when_creating_then_400_names_the_field(tenant_a):
    with in_tenant(tenant_a):
        make_group("Cennik podstawowy")

    response = admin(tenant_a).post("priceLists/groups", {"name": "Cennik podstawowy"})

    assert_error(
        response, 400, "The given data was invalid.", {"name": ["A price lists group with this name already exists."]}
    )


def test_given_polish_locale_when_refused_then_field_message_is_polish(tenant_a):
    with in_tenant(tenant_a):
        make_group("Cennik podstawowy")
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"), locale="pl")

    response = api.post("priceLists/groups", {"name": "Cennik podstawowy"})

    assert_error(response, 400, "The given data was invalid.", {"name": ["Grupa cenników o tej nazwie już istnieje."]})


def test_given_a_group_with_a_price_list_when_deleting_then_409_and_it_stays(tenant_a):
    with in_tenant(tenant_a):
        group = make_group("Z cennikiem")
        make_price_list(group)

    response = admin(tenant_a).delete(f"priceLists/groups/{group.pk}")

    assert_error(response, 409, "This record is in use and cannot be deleted.")
    with in_tenant(tenant_a):
        assert PriceListsGroup.objects.filter(pk=group.pk).exists()


def test_given_a_group_named_by_a_classroom_when_deleting_then_409(tenant_a):
    with in_tenant(tenant_a):
        group = make_group("Klasowy")
        institution = institution_create(actor=None, name="SP 1", short_name="SP 1", slug="sp-1", kind="school")
        classroom_create(actor=None, institution=institution, name="1a", related_price_lists_group=group)

    assert_error(
        admin(tenant_a).delete(f"priceLists/groups/{group.pk}"), 409, "This record is in use and cannot be deleted."
    )
    with in_tenant(tenant_a):
        assert PriceListsGroup.objects.filter(pk=group.pk).exists()


def test_given_groups_when_filtering_out_group_orders_and_sorting_then_the_list_follows(tenant_a):
    with in_tenant(tenant_a):
        make_group("Alfa")
        make_group("Beta")
        make_group("Grupowe", for_group_orders=True)
    api = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    body = api.get("priceLists/groups", {"forGroupOrders": "false", "sort": "-name", "perPage": 9999}).json()

    assert [item["name"] for item in body["items"]] == ["Beta", "Alfa"]
    assert body["total"] == 2
