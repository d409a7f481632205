"""Classrooms through the HTTP API: the generic CRUD checks, the option list, bulk delete and their rules."""

from __future__ import annotations

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLES
from kantyna.institutions import services
from kantyna.institutions.models import Classroom, Institution
from kantyna.institutions.tests.helpers import add_child, admin_api, make_institution, role_api_seeing_everything
from kantyna.pricing.services import price_lists_group_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user


def _institution(tenant) -> Institution:
    with in_tenant(tenant):
        return Institution.objects.first() or make_institution()


class TestClassroomsApi(CrudApiTests):
    path = "classrooms"
    model = Classroom
    list_queries = 3  # session (account, revoked token and user in one) + count + page
    audit_prefix = "classroom"
    changed_field = "name"

    def make_instance(self, tenant, index):
        institution = Institution.objects.first() or make_institution()
        return services.classroom_create(
            actor=None, institution=institution, name=f"{index + 1}{chr(97 + Classroom.objects.count() % 26)}"
        )

    def create_payload(self, tenant):
        return {"institutionId": _institution(tenant).pk, "name": "Żabki", "relatedPriceListsGroupId": None}

    def invalid_payload(self):
        return {"name": "", "institutionId": 999999}, {
            "name": ["This field may not be blank."],
            "institutionId": ['Invalid pk "999999" - object does not exist.'],
        }

    def update_payload(self, instance):
        return {"institutionId": instance.institution_id, "name": f"{instance.name} bis"}

    def _api(self, tenant, role="ROLE_ADMIN"):
        return role_api_seeing_everything(tenant, role)


def test_given_a_classroom_when_reading_then_institution_group_and_children_count_are_named(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution(name="Szkoła Podstawowa nr 12", short_name="SP 12")
        group = price_lists_group_create(actor=None, name="Cennik szkolny")
        classroom = services.classroom_create(
            actor=None,
            institution=institution,
            name="3c",
            related_price_lists_group=group,
            has_default_price_lists_group_for_members=True,
        )
    add_child(tenant_a, classroom)

    body = admin_api(tenant_a).get(f"classrooms/{classroom.pk}").json()

    assert body == {
        "id": classroom.pk,
        "institutionId": institution.pk,
        "institution": {"id": institution.pk, "name": "Szkoła Podstawowa nr 12", "shortName": "SP 12"},
        "name": "3c",
        "relatedPriceListsGroupId": group.pk,
        "relatedPriceListsGroup": {"id": group.pk, "name": "Cennik szkolny"},
        "hasDefaultPriceListsGroupForMembers": True,
        "childrenCount": 1,
    }


def test_given_a_name_taken_in_the_institution_when_creating_then_400_but_another_institution_may_use_it(tenant_a):
    with in_tenant(tenant_a):
        first = make_institution()
        second = make_institution()
        services.classroom_create(actor=None, institution=first, name="1a")
    admin = admin_api(tenant_a)

    refused = admin.post("classrooms", {"institutionId": first.pk, "name": "1A"})
    accepted = admin.post("classrooms", {"institutionId": second.pk, "name": "1a"})

    assert_error(
        refused,
        400,
        "The given data was invalid.",
        {"name": ["This institution already has a classroom with this name."]},
    )
    assert accepted.status_code == 201, accepted.content
    with in_tenant(tenant_a):
        assert Classroom.objects.filter(institution=first).count() == 1


def test_given_a_classroom_when_saving_it_under_its_own_name_then_200(tenant_a):
    with in_tenant(tenant_a):
        classroom = services.classroom_create(actor=None, institution=make_institution(), name="1a")

    response = admin_api(tenant_a).put(
        f"classrooms/{classroom.pk}", {"institutionId": classroom.institution_id, "name": "1a"}
    )

    assert response.status_code == 200, response.content


def test_given_default_for_members_without_a_group_when_creating_then_400(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()

    response = admin_api(tenant_a).post(
        "classrooms", {"institutionId": institution.pk, "name": "1a", "hasDefaultPriceListsGroupForMembers": True}
    )

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {
            "hasDefaultPriceListsGroupForMembers": [
                "Choose the classroom's price lists group to make it the default for its members."
            ]
        },
    )


def test_given_a_classroom_with_a_child_when_deleting_then_409_and_it_stays(tenant_a):
    with in_tenant(tenant_a):
        classroom = services.classroom_create(actor=None, institution=make_institution(), name="2b")
    add_child(tenant_a, classroom)

    response = admin_api(tenant_a).delete(f"classrooms/{classroom.pk}")

    assert_error(response, 409, "This classroom still has children and cannot be deleted.")
    with in_tenant(tenant_a):
        assert Classroom.objects.filter(pk=classroom.pk).exists()


def test_given_classrooms_when_listing_options_then_each_names_the_group_a_new_member_gets(tenant_a):
    """Spec §4: the classroom's related group when it is default for members, else the tenant's default for
    children (the child form takes it instead of repeating the rule)."""
    with in_tenant(tenant_a):
        institution = make_institution()
        own = price_lists_group_create(actor=None, name="Klasa 1a")
        default = price_lists_group_create(actor=None, name="Dzieci", default_for_children=True)
        members = services.classroom_create(
            actor=None,
            institution=institution,
            name="1a",
            related_price_lists_group=own,
            has_default_price_lists_group_for_members=True,
        )
        related_only = services.classroom_create(
            actor=None, institution=institution, name="1b", related_price_lists_group=own
        )
        plain = services.classroom_create(actor=None, institution=institution, name="1c")

    options = admin_api(tenant_a).get("classrooms/options", {"institutionId": institution.pk}).json()["items"]

    assert {row["id"]: row["membersPriceListsGroupId"] for row in options} == {
        members.pk: own.pk,
        related_only.pk: default.pk,
        plain.pk: default.pk,
    }


def test_given_classrooms_when_filtering_by_institution_and_sorting_then_the_list_follows(tenant_a):
    with in_tenant(tenant_a):
        mine = make_institution(name="A")
        other = make_institution(name="B")
        first = services.classroom_create(actor=None, institution=mine, name="1a")
        second = services.classroom_create(actor=None, institution=mine, name="2a")
        services.classroom_create(actor=None, institution=other, name="1a")
    parent = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    listed = parent.get("classrooms", {"institutionId": mine.pk, "sort": "-name"}).json()
    options = parent.get("classrooms/options", {"institutionId": mine.pk}).json()

    assert [item["id"] for item in listed["items"]] == [second.pk, first.pk]
    assert options["items"][0] == {
        "id": first.pk,
        "value": first.pk,
        "name": "1a",
        "text": "1a",
        "institution": {"id": mine.pk, "name": "A", "shortName": mine.short_name},
        "hasDefaultPriceListsGroupForMembers": False,
        "relatedPriceListsGroup": None,
        "membersPriceListsGroupId": None,
    }
    assert (options["total"], options["perPage"]) == (2, 9999)


def test_given_an_institutions_admin_when_listing_classrooms_then_only_their_institutions(tenant_a):
    with in_tenant(tenant_a):
        mine = make_institution()
        other = make_institution()
        own = services.classroom_create(actor=None, institution=mine, name="1a")
        foreign = services.classroom_create(actor=None, institution=other, name="1a")
    user = make_user(tenant_a, "ROLE_INSTITUTIONS_ADMIN")
    with in_tenant(tenant_a):
        user.institutions.set([mine])
    api = Api(tenant_a, user)

    assert [item["id"] for item in api.get("classrooms").json()["items"]] == [own.pk]
    assert_error(api.get(f"classrooms/{foreign.pk}"), 404, "Not found.")


def test_given_a_deactivated_institution_when_a_parent_lists_classrooms_then_its_classrooms_are_hidden(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
        services.classroom_create(actor=None, institution=institution, name="1a")
        services.institution_set_active(actor=None, instance=institution, active=False)
    parent = Api(tenant_a, make_user(tenant_a, "ROLE_PARENT"))

    assert parent.get("classrooms").json()["total"] == 0


# Bulk delete -----------------------------------------------------------------------------------------------------


def test_given_empty_classrooms_when_bulk_deleting_then_all_go_and_one_audit_entry_names_them(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
        one = services.classroom_create(actor=None, institution=institution, name="1a")
        two = services.classroom_create(actor=None, institution=institution, name="1b")
        kept = services.classroom_create(actor=None, institution=institution, name="1c")

    response = admin_api(tenant_a).delete(f"classrooms/bulkDelete/{one.pk},{two.pk}")

    assert (response.status_code, response.json()) == (200, {"status": True})
    with in_tenant(tenant_a):
        assert list(Classroom.objects.values_list("pk", flat=True)) == [kept.pk]
        assert AuditEntry.objects.get(action="classroom.bulk_delete").data["ids"] == [one.pk, two.pk]


def test_given_one_classroom_with_children_when_bulk_deleting_then_409_and_none_is_deleted(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution(short_name="PM 5")
        empty = services.classroom_create(actor=None, institution=institution, name="Motylki")
        occupied = services.classroom_create(actor=None, institution=institution, name="Biedronki")
    add_child(tenant_a, occupied)

    response = admin_api(tenant_a).delete(f"classrooms/bulkDelete/{empty.pk},{occupied.pk}")

    assert_error(
        response,
        409,
        "Some classrooms still have children. Move the children to other classrooms first.",
        {"classrooms": ["Biedronki (PM 5): 1 child"]},
    )
    with in_tenant(tenant_a):
        assert Classroom.objects.filter(pk__in=[empty.pk, occupied.pk]).count() == 2


def test_given_malformed_ids_when_bulk_deleting_then_400(tenant_a):
    response = admin_api(tenant_a).delete("classrooms/bulkDelete/3,x")

    assert_error(
        response, 400, "The given data was invalid.", {"ids": ["Give classroom ids separated by commas, e.g. 3,5,8."]}
    )


def test_given_another_tenants_classroom_when_bulk_deleting_then_404_and_nothing_is_deleted(tenant_a, tenant_b):
    with in_tenant(tenant_a):
        foreign = services.classroom_create(actor=None, institution=make_institution(), name="1a")

    response = admin_api(tenant_b).delete(f"classrooms/bulkDelete/{foreign.pk}")

    assert_error(response, 404, "Not found.")
    with in_tenant(tenant_a):
        assert Classroom.objects.filter(pk=foreign.pk).exists()


def test_given_one_unknown_id_among_known_when_bulk_deleting_then_404_and_nothing_is_deleted(tenant_a):
    with in_tenant(tenant_a):
        own = services.classroom_create(actor=None, institution=make_institution(), name="1a")

    response = admin_api(tenant_a).delete(f"classrooms/bulkDelete/{own.pk},{own.pk + 1000}")

    assert_error(response, 404, "Not found.")
    with in_tenant(tenant_a):
        assert Classroom.objects.filter(pk=own.pk).exists()


@pytest.mark.parametrize("role", sorted(set(ROLES) - {"ROLE_ADMIN"}))
def test_given_a_non_admin_when_bulk_deleting_then_403_and_nothing_is_deleted(tenant_a, role):
    with in_tenant(tenant_a):
        classroom = services.classroom_create(actor=None, institution=make_institution(), name="1a")
    api = role_api_seeing_everything(tenant_a, role)

    assert_error(api.delete(f"classrooms/bulkDelete/{classroom.pk}"), 403, "Forbidden.")
    with in_tenant(tenant_a):
        assert Classroom.objects.filter(pk=classroom.pk).exists()


def test_given_a_classroom_with_children_when_moving_it_to_another_institution_then_400_and_it_stays(tenant_a):
    with in_tenant(tenant_a):
        home = make_institution()
        other = make_institution()
        classroom = services.classroom_create(actor=None, institution=home, name="1a")
    add_child(tenant_a, classroom)

    response = admin_api(tenant_a).put(f"classrooms/{classroom.pk}", {"institutionId": other.pk, "name": "1a"})

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"institutionId": ["A classroom with children cannot move to another institution."]},
    )
    with in_tenant(tenant_a):
        classroom.refresh_from_db()
        assert classroom.institution_id == home.pk
