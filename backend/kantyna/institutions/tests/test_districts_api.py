"""Districts through the HTTP API: the generic CRUD checks, the option list and their own rules."""

from __future__ import annotations

from kantyna.institutions import services
from kantyna.institutions.models import District
from kantyna.institutions.tests.helpers import admin_api, make_institution
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user


class TestDistrictsApi(CrudApiTests):
    path = "districts"
    model = District
    list_queries = 3  # session (account, revoked token and user in one) + count + page
    audit_prefix = "district"
    changed_field = "name"

    def make_instance(self, tenant, index):
        return services.district_create(actor=None, name=f"Dzielnica {index} {District.objects.count()}")

    def create_payload(self, tenant):
        return {"name": "Śródmieście"}

    def invalid_payload(self):
        return {"name": ""}, {"name": ["This field may not be blank."]}

    def update_payload(self, instance):
        return {"name": f"{instance.name} Północ"}


def test_given_a_district_with_an_institution_when_deleting_then_409_and_it_stays(tenant_a):
    with in_tenant(tenant_a):
        district = services.district_create(actor=None, name="Mokotów")
        make_institution(district=district)

    response = admin_api(tenant_a).delete(f"districts/{district.pk}")

    assert_error(response, 409, "This district still has institutions and cannot be deleted.")
    with in_tenant(tenant_a):
        assert District.objects.filter(pk=district.pk).exists()


def test_given_a_duplicate_name_when_creating_then_400_names_the_field(tenant_a):
    with in_tenant(tenant_a):
        services.district_create(actor=None, name="Wola")

    response = admin_api(tenant_a).post("districts", {"name": "Wola"})

    assert_error(response, 400, "The given data was invalid.", {"name": ["A district with this name already exists."]})
    with in_tenant(tenant_a):
        assert District.objects.filter(name="Wola").count() == 1


def test_given_districts_when_a_parent_asks_for_options_then_every_one_as_value_and_text(tenant_a):
    with in_tenant(tenant_a):
        wola = services.district_create(actor=None, name="Wola")
        bemowo = services.district_create(actor=None, name="Bemowo")
    parent = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    body = parent.get("districts/options").json()

    assert body == {
        "items": [{"value": bemowo.pk, "text": "Bemowo"}, {"value": wola.pk, "text": "Wola"}],
        "total": 2,
        "page": 1,
        "perPage": 9999,
    }


def test_given_districts_when_sorting_by_institutions_count_then_the_list_follows(tenant_a):
    with in_tenant(tenant_a):
        empty = services.district_create(actor=None, name="Ursus")
        busy = services.district_create(actor=None, name="Bielany")
        make_institution(district=busy)
        make_institution(district=busy)

    body = admin_api(tenant_a).get("districts", {"sort": "-institutionsCount"}).json()

    assert [(item["id"], item["institutionsCount"]) for item in body["items"]] == [(busy.pk, 2), (empty.pk, 0)]
