"""Children through the HTTP API: CRUD (the generic mixin), who reaches which child, who may change what, the
commands (activate, archive, changeClassroom, changeCardNumber), options, delete refusal and defaults."""

from __future__ import annotations

import itertools
from decimal import Decimal
from unittest import mock

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.catalog.models import Diet
from kantyna.catalog.services import diet_create
from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_INSTITUTION_WORKER,
    ROLE_PARENT,
)
from kantyna.institutions.models import Institution
from kantyna.people.models import CalendarSubjectSettingsLog, Child
from kantyna.people.services.children import child_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user
from kantyna.testing.world import ChildrenWorld, make_children_world

from .helpers import institutions_admin, make_child, payload, tenant_flags

_numbers = itertools.count(1)
NOT_ALLOWED = "You are not allowed to change this field."


class TestChildrenApi(CrudApiTests):
    path = "children"
    model = Child
    read_roles = frozenset({ROLE_ADMIN})
    reach_roles = frozenset({ROLE_PARENT})  # parents reach only their own children: see the tests below
    write_roles = frozenset({ROLE_ADMIN, ROLE_PARENT})
    list_queries = 3
    audit_prefix = "child"
    changed_field = "firstName"
    _worlds: dict = {}

    def world(self, tenant) -> ChildrenWorld:
        if tenant.slug not in self._worlds or not self._world_exists(tenant):
            self._worlds[tenant.slug] = make_children_world(tenant)
        return self._worlds[tenant.slug]

    def _world_exists(self, tenant) -> bool:
        with in_tenant(tenant):
            return Institution.objects.filter(pk=self._worlds[tenant.slug].institution.pk).exists()

    def make_instance(self, tenant, index):
        world = self.world(tenant)
        parent = make_user(tenant, ROLE_PARENT)
        return child_create(
            actor=None,
            parent=parent,
            first_name=f"Dziecko {index}",
            last_name="Nowak",
            classroom=world.classroom,
            diet=world.diet,
        )

    def create_payload(self, tenant):
        return payload(self.world(tenant), make_user(tenant, ROLE_PARENT))

    def invalid_payload(self):
        return {"firstName": "", "lastName": "Nowak"}, {
            "firstName": ["This field may not be blank."],
            "classroomId": ["The child must be assigned to classroom."],
            "dietId": ["This field is required."],
        }

    def update_payload(self, instance):
        return {
            "firstName": "Zmienione",
            "lastName": instance.last_name,
            "classroomId": instance.classroom_id,
            "dietId": instance.diet_id,
        }

    def test_a_parent_lists_none_of_anothers_children(self, tenant_a):
        """Parents read their own children only (the access matrix: another's child does not exist for them)."""
        self._make(tenant_a)
        assert self._api(tenant_a, ROLE_PARENT).get(self.path).json()["total"] == 0


# Reach ------------------------------------------------------------------------------------------------------


def test_parent_sees_and_edits_only_own_children(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    own = make_child(tenant_a, world, parent=parent)
    other = make_child(tenant_a, world)
    api = Api(tenant_a, parent)

    listed = api.get("children").json()
    assert [item["id"] for item in listed["items"]] == [own.pk]
    assert api.get(f"children/{own.pk}").status_code == 200
    assert_error(api.get(f"children/{other.pk}"), 404, "Not found.")
    assert_error(api.put(f"children/{other.pk}", payload(world)), 404, "Not found.")
    assert_error(api.delete(f"children/{other.pk}"), 404, "Not found.")
    assert_error(api.put(f"children/{other.pk}/changeCardNumber", {"cardNumber": "ABC123"}), 404, "Not found.")
    assert_error(api.get(f"calendar/subjectsSettings/child/{other.pk}"), 404, "Not found.")


def test_parent_creates_for_themselves_whatever_parent_id_says(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    someone_else = make_user(tenant_a, ROLE_PARENT)
    response = Api(tenant_a, parent).post("children", payload(world, someone_else))
    assert response.status_code == 201, response.content
    assert response.json()["parentId"] == parent.pk


def test_institutions_admin_reaches_only_their_institutions(tenant_a):
    world = make_children_world(tenant_a)
    mine = make_child(tenant_a, world)
    elsewhere = make_child(tenant_a, world, classroom=world.other_classroom)
    api = Api(tenant_a, institutions_admin(tenant_a, world.institution))

    assert [item["id"] for item in api.get("children").json()["items"]] == [mine.pk]
    assert_error(api.get(f"children/{elsewhere.pk}"), 404, "Not found.")
    refused = api.post(
        "children",
        payload(
            world, make_user(tenant_a), classroomId=world.other_classroom.pk, institutionId=world.other_institution.pk
        ),
    )
    assert_error(
        refused,
        400,
        "The given data was invalid.",
        {"institutionId": ["You cannot manage children of this institution."]},
    )


def test_institutions_admin_needs_children_edit_or_parents_view(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    bare = Api(tenant_a, institutions_admin(tenant_a, world.institution, permissions=()))
    viewer = Api(tenant_a, institutions_admin(tenant_a, world.institution, permissions=("parents_view",)))

    assert_error(bare.get("children"), 403, "Forbidden.")
    assert viewer.get(f"children/{child.pk}").status_code == 200
    assert_error(viewer.put(f"children/{child.pk}", payload(world)), 403, "Forbidden.")


# The loaded child ---------------------------------------------------------------------------------------------


def test_loaded_child_has_the_spec_shape_and_role_dependent_fields(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent, internal_note="pays late", allergies=[world.allergen])

    body = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).get(f"children/{child.pk}").json()
    assert body["fullName"] == {"firstName": "Ola", "lastName": child.last_name, "name": f"Ola {child.last_name}"}
    assert body["institution"]["id"] == world.institution.pk and "districtId" in body["institution"]
    assert body["classroom"]["id"] == world.classroom.pk
    assert body["relatedDietId"] == world.diet.pk
    assert body["allergies"] == [world.allergen.pk]
    assert body["internalNote"] == "pays late"
    assert body["priceListsGroupId"] == world.default_group.pk  # defaulted on create
    assert body["calendarSubjectSettings"]["automarkPresences"] is True
    assert body["calendarSubjectSettings"]["automarkedWeekdays"]["onMonday"] is True
    assert body["calendarSubjectSettings"]["automarkedWeekdays"]["onSaturday"] is False
    assert body["calendarSubjectSettings"]["autoselectionInterval"] == "one_month"
    assert body["subjectNotificationsSettings"] == {
        "missingOrdersEnabled": False,
        "missingOrdersDaysBefore": 1,
        "missingOrdersTriggerTime": "12:00",
    }
    assert len(body["calendarSubjectSettingsLogs"]) == 1

    as_parent = Api(tenant_a, parent).get(f"children/{child.pk}").json()
    assert "internalNote" not in as_parent and "calendarSubjectSettingsLogs" not in as_parent
    as_ia = Api(tenant_a, institutions_admin(tenant_a, world.institution)).get(f"children/{child.pk}").json()
    assert "internalNote" not in as_ia and "calendarSubjectSettingsLogs" in as_ia


def test_price_lists_group_defaults_to_the_classroom_group_when_default_for_members(tenant_a):
    world = make_children_world(tenant_a)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    body = api.post("children", payload(world, make_user(tenant_a), classroomId=world.classroom_b.pk)).json()
    assert body["priceListsGroupId"] == world.class_group.pk
    moved = api.put(f"children/{body['id']}/changeClassroom/{world.classroom.pk}").json()
    assert moved["priceListsGroupId"] == world.default_group.pk


def test_classroom_is_required_with_the_spec_message(tenant_a):
    world = make_children_world(tenant_a)
    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).post(
        "children", payload(world, make_user(tenant_a), classroomId=None)
    )
    assert_error(
        response, 400, "The given data was invalid.", {"classroomId": ["The child must be assigned to classroom."]}
    )


def test_classroom_must_belong_to_the_institution(tenant_a):
    world = make_children_world(tenant_a)
    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).post(
        "children", payload(world, make_user(tenant_a), institutionId=world.other_institution.pk)
    )
    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"classroomId": ["The classroom does not belong to the chosen institution."]},
    )


# Who may change what ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flag", "field", "value_of"),
    [
        ("allow_changing_diets", "dietId", lambda w: w.strict_diet.pk),
        ("allow_changing_classrooms", "classroomId", lambda w: w.classroom_b.pk),
        ("allow_changing_allergens", "allergies", lambda w: [w.allergen.pk]),
        ("allow_changing_allergens_note", "allergiesNote", lambda w: "orzechy"),
    ],
)
def test_parent_changes_sensitive_fields_only_when_the_tenant_allows(tenant_a, flag, field, value_of):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent)
    api = Api(tenant_a, parent)
    body = payload(world, **{field: value_of(world)})

    tenant_flags(tenant_a, "parents_settings", **{flag: False})
    assert_error(api.put(f"children/{child.pk}", body), 400, "The given data was invalid.", {field: [NOT_ALLOWED]})
    tenant_flags(tenant_a, "parents_settings", **{flag: True})
    assert api.put(f"children/{child.pk}", body).status_code == 200


def test_given_a_vertical_tab_in_a_name_when_a_parent_renames_a_child_then_400_and_the_name_stays(tenant_a):
    # A vertical tab in a child's name used to fail every admin's XLSX export of children and orders.
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent, first_name="Ola")
    api = Api(tenant_a, parent)

    response = api.put(f"children/{child.pk}", payload(world, firstName="Ola\x0bla"))

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"firstName": ["The text contains an invisible character (U+000B); remove it."]},
    )
    with in_tenant(tenant_a):
        assert Child.objects.get(pk=child.pk).first_name == "Ola"


def test_given_a_line_break_in_a_name_when_creating_a_child_then_400_in_polish_and_no_child(tenant_a):
    world = make_children_world(tenant_a)
    api = Api(tenant_a, make_user(tenant_a, ROLE_PARENT), locale="pl")

    response = api.post("children", payload(world, lastName="Kowalska\nNowak"))

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"lastName": ["Wpisz jeden wiersz, bez tabulatorów i podziałów wiersza."]},
    )
    with in_tenant(tenant_a):
        assert Child.objects.count() == 0


def test_given_notes_over_several_lines_when_saving_then_kept_but_a_control_character_in_them_refused(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent)
    api = Api(tenant_a, parent)

    kept = api.put(f"children/{child.pk}", payload(world, generalNote="Odbiera babcia.\r\n\tPo 15:00 dziadek."))
    refused = api.put(f"children/{child.pk}", payload(world, generalNote="Odbiera\x1bbabcia."))

    assert kept.status_code == 200, kept.content
    assert_error(
        refused,
        400,
        "The given data was invalid.",
        {"generalNote": ["The text contains an invisible character (U+001B); remove it."]},
    )
    with in_tenant(tenant_a):
        assert Child.objects.get(pk=child.pk).general_note == "Odbiera babcia.\r\n\tPo 15:00 dziadek."


def test_parent_moves_to_another_institution_only_when_allowed(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent)
    api = Api(tenant_a, parent)
    body = payload(world, institutionId=world.other_institution.pk, classroomId=world.other_classroom.pk)
    tenant_flags(tenant_a, "parents_settings", allow_changing_classrooms=True, allow_changing_institutions=False)
    assert_error(
        api.put(f"children/{child.pk}", body), 400, "The given data was invalid.", {"institutionId": [NOT_ALLOWED]}
    )
    tenant_flags(tenant_a, "parents_settings", allow_changing_institutions=True)
    assert api.put(f"children/{child.pk}", body).json()["institutionId"] == world.other_institution.pk


def test_staff_change_sensitive_fields_regardless_of_parent_flags(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    tenant_flags(tenant_a, "parents_settings", allow_changing_diets=False, allow_changing_classrooms=False)
    api = Api(tenant_a, institutions_admin(tenant_a, world.institution))
    response = api.put(
        f"children/{child.pk}", payload(world, dietId=world.strict_diet.pk, classroomId=world.classroom_b.pk)
    )
    assert response.status_code == 200, response.content


def test_parent_cannot_set_staff_and_admin_fields(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent)
    body = payload(
        world, hasDiscount=True, discountPercent="50", internalNote="x", priceListsGroupId=world.other_group.pk
    )
    assert_error(
        Api(tenant_a, parent).put(f"children/{child.pk}", body),
        400,
        "The given data was invalid.",
        {
            "hasDiscount": [NOT_ALLOWED],
            "discountPercent": [NOT_ALLOWED],
            "internalNote": [NOT_ALLOWED],
            "priceListsGroupId": [NOT_ALLOWED],
        },
    )
    # The default group the form fills in for everybody is accepted.
    assert (
        Api(tenant_a, parent)
        .put(f"children/{child.pk}", payload(world, priceListsGroupId=world.default_group.pk))
        .status_code
        == 200
    )


def test_internal_note_and_custom_group_are_admin_only(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    ia = Api(tenant_a, institutions_admin(tenant_a, world.institution))
    assert_error(
        ia.put(f"children/{child.pk}", payload(world, internalNote="x", priceListsGroupId=world.other_group.pk)),
        400,
        "The given data was invalid.",
        {"internalNote": [NOT_ALLOWED], "priceListsGroupId": [NOT_ALLOWED]},
    )
    # Discounts are the institutions admin's too (spec §6).
    ok = ia.put(
        f"children/{child.pk}", payload(world, hasDiscount=True, discountPercent="25", expirationDate="2027-06-30")
    )
    assert (ok.status_code, ok.json()["discountPercent"]) == (200, "25.00")
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    body = admin.put(
        f"children/{child.pk}", payload(world, internalNote="x", priceListsGroupId=world.other_group.pk)
    ).json()
    assert (body["internalNote"], body["priceListsGroupId"]) == ("x", world.other_group.pk)


def test_discount_is_0_to_100(tenant_a):
    world = make_children_world(tenant_a)
    response = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).post(
        "children", payload(world, make_user(tenant_a), hasDiscount=True, discountPercent="101")
    )
    assert_error(response, 400, "The given data was invalid.", {"discountPercent": ...})


@pytest.mark.parametrize("percent", ["1_0", "\uff11\uff12", "1e1", "12.345", 12])
def test_given_a_malformed_discount_percent_when_saving_then_400_and_the_discount_stays(tenant_a, percent):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world, has_discount=True, discount_percent=25, discount_expiration_date="2026-12-31")
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    error = (
        "Ensure that there are no more than 2 decimal places."
        if percent == "12.345"
        else "Enter a number as digits with an optional dot, e.g. 12.50."
    )

    response = api.put(f"children/{child.pk}", payload(world, hasDiscount=True, discountPercent=percent))

    assert_error(response, 400, "The given data was invalid.", {"discountPercent": [error]})
    with in_tenant(tenant_a):
        assert Child.objects.get(pk=child.pk).discount_percent == Decimal("25.00")


def test_given_a_discount_when_it_is_switched_off_then_percent_and_expiry_are_cleared(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world, has_discount=True, discount_percent=25, discount_expiration_date="2026-12-31")
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    body = api.put(f"children/{child.pk}", payload(world, hasDiscount=False, discountPercent="25.00")).json()

    assert (body["hasDiscount"], body["discountPercent"], body["expirationDate"]) == (False, "0.00", None)


def test_given_a_discount_without_percent_when_saving_then_refused_and_nothing_changes(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    refused = {"discountPercent": ["Enter the discount percent."]}

    for body in (payload(world, hasDiscount=True), payload(world, hasDiscount=True, discountPercent="0")):
        assert_error(api.put(f"children/{child.pk}", body), 400, "The given data was invalid.", refused)
    assert_error(
        api.post("children", payload(world, make_user(tenant_a), hasDiscount=True)),
        400,
        "The given data was invalid.",
        refused,
    )
    with in_tenant(tenant_a):
        assert Child.objects.get(pk=child.pk).has_discount is False
    # A discount the child already has keeps its percent when the form leaves the percent out.
    assert api.put(f"children/{child.pk}", payload(world, hasDiscount=True, discountPercent="10")).status_code == 200
    assert api.put(f"children/{child.pk}", payload(world, hasDiscount=True)).json()["discountPercent"] == "10.00"


def test_subscribed_payments_and_prepaids_follow_presences_config(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    body = payload(world, subscribedPayments=True, orderingPrepaids=True)
    assert_error(
        admin.put(f"children/{child.pk}", body),
        400,
        "The given data was invalid.",
        {"subscribedPayments": [NOT_ALLOWED], "orderingPrepaids": [NOT_ALLOWED]},
    )
    tenant_flags(tenant_a, "presences_marking_config", allow_subscribed_payments=True, allow_prepaid_orders=True)
    saved = admin.put(f"children/{child.pk}", body).json()
    assert (saved["subscribedPayments"], saved["orderingPrepaids"]) == (True, True)


# Commands ---------------------------------------------------------------------------------------------------


def test_activate_deactivate_archive_unarchive_and_status_filter(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    def ids(status):
        return [item["id"] for item in api.get("children", {"status": status, "perPage": 9999}).json()["items"]]

    assert api.post(f"children/{child.pk}/deactivate").json() == {"status": True}
    assert child.pk in ids("inactive") and child.pk not in ids("active")
    assert api.post(f"children/{child.pk}/archive").json() == {"status": True}
    assert child.pk in ids("archived")
    assert child.pk not in [item["id"] for item in api.get("children", {"perPage": 9999}).json()["items"]]
    assert api.post(f"children/{child.pk}/unarchive").json() == {"status": True}
    assert api.post(f"children/{child.pk}/activate").json() == {"status": True}
    assert child.pk in ids("active")
    with in_tenant(tenant_a):
        actions = set(
            AuditEntry.objects.filter(target_id=str(child.pk), action__startswith="child.").values_list(
                "action", flat=True
            )
        )
    assert {"child.activate", "child.deactivate", "child.archive", "child.unarchive"} <= actions


@pytest.mark.parametrize("role", [ROLE_PARENT, ROLE_COOK, ROLE_INSTITUTION_WORKER])
def test_non_staff_cannot_activate_or_archive(tenant_a, role):
    world = make_children_world(tenant_a)
    user = make_user(tenant_a, role)
    child = make_child(tenant_a, world, parent=user if role == ROLE_PARENT else None)
    assert_error(Api(tenant_a, user).post(f"children/{child.pk}/archive"), 403, "Forbidden.")


def test_filters_and_search(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT, first_name="Grażyna", last_name="Szukana")
    found = make_child(tenant_a, world, parent=parent, classroom=world.classroom_b, diet=world.strict_diet)
    make_child(tenant_a, world)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    def ids(**params):
        return [item["id"] for item in api.get("children", {"perPage": 9999, **params}).json()["items"]]

    assert ids(classroomId=world.classroom_b.pk) == [found.pk]
    assert ids(dietId=world.strict_diet.pk) == [found.pk]
    assert ids(parentId=parent.pk) == [found.pk]
    assert ids(search="Szukana") == [found.pk]
    assert found.pk in ids(institutionId=world.institution.pk, sort="-classroomName")


def test_options(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    body = (
        Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
        .get("children/options", {"institutionId": world.institution.pk})
        .json()
    )
    option = next(item for item in body["items"] if item["value"] == child.pk)
    assert option["text"] == str(child) and option["classroomId"] == world.classroom.pk


def test_change_classroom(tenant_a):
    world = make_children_world(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, world, parent=parent)
    assert_error(
        Api(tenant_a, parent).put(f"children/{child.pk}/changeClassroom/{world.classroom_b.pk}"),
        400,
        "The given data was invalid.",
        {"classroomId": [NOT_ALLOWED]},
    )
    admin = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    moved = admin.put(f"children/{child.pk}/changeClassroom/{world.other_classroom.pk}").json()
    assert (moved["classroomId"], moved["institutionId"]) == (world.other_classroom.pk, world.other_institution.pk)


def test_active_future_orders_count(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    assert api.get(f"children/{child.pk}/activeFutureOrdersCount").json() == {"count": 0}
    with mock.patch("kantyna.ordering.selectors.orders.child_active_future_orders_count", return_value=3):
        assert api.get(f"children/{child.pk}/activeFutureOrdersCount").json() == {"count": 3}


def test_delete_with_history_is_refused(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    with mock.patch("kantyna.people.services.children.child_has_history", return_value=True):
        assert_error(
            api.delete(f"children/{child.pk}"),
            409,
            "This child has orders or transactions and cannot be deleted; archive the child instead.",
        )
    with in_tenant(tenant_a):
        assert Child.objects.filter(pk=child.pk).exists()


def test_deleting_removes_settings_and_logs(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    assert Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)).delete(f"children/{child.pk}").json() == {"status": True}
    with in_tenant(tenant_a):
        assert not CalendarSubjectSettingsLog.objects.filter(settings__child_id=child.pk).exists()


def test_other_tenant_cannot_reach_commands(tenant_a, tenant_b):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    admin_b = Api(tenant_b, make_user(tenant_b, ROLE_ADMIN))
    assert_error(admin_b.post(f"children/{child.pk}/archive"), 404, "Not found.")
    assert_error(admin_b.put(f"children/{child.pk}/changeCardNumber", {"cardNumber": "ABCDEF"}), 404, "Not found.")
    assert_error(admin_b.get(f"calendar/subjectsSettings/child/{child.pk}"), 404, "Not found.")


# The diet is served at the child's institution ---------------------------------------------------------------

DIET_NOT_SERVED = {"dietId": ["This diet is not served in the chosen institution."]}


def diet_only_at(tenant, institution) -> Diet:
    with in_tenant(tenant):
        return diet_create(actor=None, name=f"Tylko tam {next(_numbers)}", institutions=[institution])


def test_given_a_diet_of_another_institution_when_creating_a_child_then_refused_on_diet(tenant_a):
    world = make_children_world(tenant_a)
    elsewhere = diet_only_at(tenant_a, world.other_institution)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    with in_tenant(tenant_a):
        count = Child.objects.count()

    response = api.post("children", payload(world, make_user(tenant_a), dietId=elsewhere.pk))

    assert_error(response, 400, "The given data was invalid.", DIET_NOT_SERVED)
    with in_tenant(tenant_a):
        assert Child.objects.count() == count


def test_given_a_child_when_its_diet_becomes_one_of_another_institution_then_refused_and_kept(tenant_a):
    world = make_children_world(tenant_a)
    child = make_child(tenant_a, world)
    elsewhere = diet_only_at(tenant_a, world.other_institution)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = api.put(f"children/{child.pk}", payload(world, dietId=elsewhere.pk))

    assert_error(response, 400, "The given data was invalid.", DIET_NOT_SERVED)
    with in_tenant(tenant_a):
        assert Child.objects.get(pk=child.pk).diet_id == world.diet.pk


def test_given_a_diet_served_only_here_when_the_child_changes_classroom_elsewhere_then_refused(tenant_a):
    world = make_children_world(tenant_a)
    here_only = diet_only_at(tenant_a, world.institution)
    child = make_child(tenant_a, world, diet=here_only)
    api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))

    response = api.put(f"children/{child.pk}/changeClassroom/{world.other_classroom.pk}")

    assert_error(response, 400, "The given data was invalid.", DIET_NOT_SERVED)
    assert api.put(f"children/{child.pk}/changeClassroom/{world.classroom_b.pk}").status_code == 200
    with in_tenant(tenant_a):
        assert Child.objects.get(pk=child.pk).classroom_id == world.classroom_b.pk
