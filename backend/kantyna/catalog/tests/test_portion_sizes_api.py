"""Portion sizes through the HTTP API: the generic CRUD checks, the default flag and deletion rules."""

from __future__ import annotations

from datetime import date

from kantyna.catalog import services
from kantyna.catalog.models import PortionSize
from kantyna.pricing.services import price_list_create, price_lists_group_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user


class TestPortionSizesApi(CrudApiTests):
    path = "portionSizes"
    model = PortionSize
    list_queries = 3  # session (account, revoked token and user in one) + count + page
    audit_prefix = "portion_size"
    changed_field = "name"

    def make_instance(self, tenant, index):
        return services.portion_size_create(actor=None, name=f"Porcja {index} {PortionSize.objects.count()}")

    def create_payload(self, tenant):
        return {"name": "Duża", "isDefault": False}

    def invalid_payload(self):
        return {"name": ""}, {"name": ["This field may not be blank."]}

    def update_payload(self, instance):
        return {"name": f"{instance.name} (zmieniona)", "isDefault": instance.is_default}


def admin_api(tenant) -> Api:
    return Api(tenant, make_user(tenant, "ROLE_ADMIN"))


def defaults(tenant) -> list[str]:
    with in_tenant(tenant):
        return list(PortionSize.objects.filter(is_default=True).values_list("name", flat=True))


def test_given_a_default_when_marking_another_then_the_answer_reports_it_default_and_it_alone_is(tenant_a):
    with in_tenant(tenant_a):
        services.portion_size_create(actor=None, name="Normalna", is_default=True)
        small = services.portion_size_create(actor=None, name="Mała")

    response = admin_api(tenant_a).post(f"portionSizes/{small.pk}/markAsDefault")

    assert (response.status_code, response.json()) == (
        200,
        {"id": small.pk, "name": "Mała", "isDefault": True, "status": True},
    )
    assert defaults(tenant_a) == ["Mała"]


def test_given_a_default_when_creating_another_default_then_the_old_one_gives_it_up(tenant_a):
    with in_tenant(tenant_a):
        services.portion_size_create(actor=None, name="Normalna", is_default=True)

    response = admin_api(tenant_a).post("portionSizes", {"name": "Duża", "isDefault": True})

    assert response.status_code == 201
    assert defaults(tenant_a) == ["Duża"]


def test_given_a_parent_when_marking_as_default_then_403_and_nothing_changes(tenant_a):
    with in_tenant(tenant_a):
        services.portion_size_create(actor=None, name="Normalna", is_default=True)
        small = services.portion_size_create(actor=None, name="Mała")

    response = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT")).post(f"portionSizes/{small.pk}/markAsDefault")

    assert_error(response, 403, "Forbidden.")
    assert defaults(tenant_a) == ["Normalna"]


def test_given_a_portion_size_on_a_price_list_when_deleting_then_409_and_it_stays(tenant_a):
    with in_tenant(tenant_a):
        portion = services.portion_size_create(actor=None, name="Normalna")
        meal_type = services.meal_type_create(actor=None, name="Obiad", position=1, portion_sizes=[portion])
        diet = services.diet_create(actor=None, name="Standardowa")
        group = price_lists_group_create(actor=None, name="Cennik")
        price_list_create(
            actor=None,
            group=group,
            name="Wrzesień",
            valid_from=date(2026, 9, 1),
            items=[{"meal_type": meal_type, "diet": diet, "portion_size": portion, "price": "12.50"}],
        )

    response = admin_api(tenant_a).delete(f"portionSizes/{portion.pk}")

    assert_error(response, 409, "This record is in use and cannot be deleted.")
    with in_tenant(tenant_a):
        assert PortionSize.objects.filter(pk=portion.pk).exists()


def test_given_a_portion_size_only_offered_by_a_meal_type_when_deleting_then_the_meal_type_stops_offering_it(
    tenant_a,
):
    with in_tenant(tenant_a):
        normal = services.portion_size_create(actor=None, name="Normalna")
        small = services.portion_size_create(actor=None, name="Mała")
        meal_type = services.meal_type_create(actor=None, name="Obiad", position=1, portion_sizes=[normal, small])

    response = admin_api(tenant_a).delete(f"portionSizes/{small.pk}")

    assert (response.status_code, response.json()) == (200, {"status": True})
    with in_tenant(tenant_a):
        assert list(meal_type.portion_sizes.values_list("name", flat=True)) == ["Normalna"]


def test_options_answer_every_portion_size_with_its_default_flag(tenant_a):
    with in_tenant(tenant_a):
        normal = services.portion_size_create(actor=None, name="Normalna", is_default=True)
        small = services.portion_size_create(actor=None, name="Mała")

    response = Api(tenant_a, make_user(tenant_a, "ROLE_COOK")).get("portionSizes/options")

    assert response.status_code == 200
    assert response.json() == {
        "items": [
            {"value": small.pk, "text": "Mała", "isDefault": False},
            {"value": normal.pk, "text": "Normalna", "isDefault": True},
        ],
        "total": 2,
        "page": 1,
        "perPage": 9999,
    }


def test_given_a_duplicate_name_when_creating_then_400_names_the_field(tenant_a):
    with in_tenant(tenant_a):
        services.portion_size_create(actor=None, name="Mała")

    response = admin_api(tenant_a).post("portionSizes", {"name": "Mała"})

    assert_error(
        response, 400, "The given data was invalid.", {"name": ["A portion size with this name already exists."]}
    )
