"""Allergens and allergen groups through the HTTP API: the generic CRUD checks plus their own rules."""

from __future__ import annotations

from kantyna.catalog import services
from kantyna.catalog.models import Allergen, AllergenGroup
from kantyna.institutions.services import institution_create
from kantyna.meals.services import meal_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user


class TestAllergensApi(CrudApiTests):
    path = "allergens"
    model = Allergen
    list_queries = 3  # session (account, revoked token and user in one) + count + page
    audit_prefix = "allergen"
    changed_field = "name"

    def make_instance(self, tenant, index):
        group = AllergenGroup.objects.get_or_create(name="Grupa testowa")[0]
        return services.allergen_create(actor=None, name=f"Alergen {index} {Allergen.objects.count()}", group=group)

    def create_payload(self, tenant):
        return {"name": "Kiwi", "number": 30, "groupId": None}

    def invalid_payload(self):
        return {"name": "", "number": 0}, {
            "name": ["This field may not be blank."],
            "number": ["Ensure this value is greater than or equal to 1."],
        }

    def update_payload(self, instance):
        return {"name": f"{instance.name} (zmieniony)", "number": instance.number, "groupId": instance.group_id}


class TestAllergenGroupsApi(CrudApiTests):
    path = "allergens/groups"
    model = AllergenGroup
    list_queries = 3
    audit_prefix = "allergen_group"
    changed_field = "name"

    def make_instance(self, tenant, index):
        return services.allergen_group_create(actor=None, name=f"Grupa {index} {AllergenGroup.objects.count()}")

    def create_payload(self, tenant):
        return {"name": "Owoce egzotyczne"}

    def invalid_payload(self):
        return {}, {"name": ["This field is required."]}

    def update_payload(self, instance):
        return {"name": f"{instance.name} (zmieniona)"}


def test_given_an_allergen_named_by_a_meal_when_deleting_then_409_and_it_stays(tenant_a):
    with in_tenant(tenant_a):
        allergen = services.allergen_create(actor=None, name="Seler naciowy")
        meal_create(actor=None, name="Zupa selerowa", allergens=[allergen])
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))

    response = api.delete(f"allergens/{allergen.pk}")

    assert_error(response, 409, "This record is in use and cannot be deleted.")
    with in_tenant(tenant_a):
        assert Allergen.objects.filter(pk=allergen.pk).exists()


def test_given_a_duplicate_name_when_creating_then_400_names_the_field(tenant_a):
    with in_tenant(tenant_a):
        services.allergen_create(actor=None, name="Kiwi")
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))

    response = api.post("allergens", {"name": "Kiwi"})

    assert_error(response, 400, "The given data was invalid.", {"name": ["An allergen with this name already exists."]})


def test_given_allergens_when_searching_and_sorting_then_the_list_follows(tenant_a):
    with in_tenant(tenant_a):
        services.allergens_seed_eu(actor=None)
    api = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    found = api.get("allergens", {"search": "orze", "sort": "-number"}).json()

    assert [(item["number"], item["name"]) for item in found["items"]] == [
        (8, "Orzechy"),
        (5, "Orzeszki ziemne (arachidowe)"),
    ]


def test_seeding_eu_allergens_twice_creates_14_once(tenant_a):
    with in_tenant(tenant_a):
        first = services.allergens_seed_eu(actor=None)
        second = services.allergens_seed_eu(actor=None)
        assert (len(first), len(second), Allergen.objects.filter(number__isnull=False).count()) == (14, 0, 14)


def test_given_an_institution_hiding_grammages_when_asking_then_only_its_id_is_listed(tenant_a):
    with in_tenant(tenant_a):
        institution_create(actor=None, name="SP 1", short_name="SP 1", slug="sp-1", kind="school")
        hidden = institution_create(
            actor=None, name="PM 2", short_name="PM 2", slug="pm-2", kind="kindergarten", hide_grammages=True
        )
    api = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    response = api.get("institutionSettings/institutions/hiddenGrammages")

    assert (response.status_code, response.json()) == (200, {"institutionsIds": [hidden.pk]})
