"""Children groups and institution workers groups through the HTTP API: the generic CRUD checks plus
members, setting children / classrooms, and deleting a group with members."""

from __future__ import annotations

import itertools

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT
from kantyna.institutions.services import classroom_create
from kantyna.people.models import Child, ChildrenGroup, InstitutionWorkersGroup, WorkerProfile
from kantyna.people.services import groups as services
from kantyna.people.services.children import child_create
from kantyna.people.tests.helpers import admin_api, make_diet, make_institution, make_worker
from kantyna.pricing.services import price_lists_group_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user

ADMIN_ONLY = frozenset({ROLE_ADMIN})
_names = itertools.count(1)


class TestWorkersGroupsApi(CrudApiTests):
    path = "institutionsWorkers/groups"
    model = InstitutionWorkersGroup
    read_roles = ADMIN_ONLY
    list_queries = 3  # session (account, revoked token and user in one) + count + page
    audit_prefix = "workers_group"
    changed_field = "name"

    def make_instance(self, tenant, index):
        return services.workers_group_create(actor=None, name=f"Grupa {index}.{next(_names)}")

    def create_payload(self, tenant):
        with in_tenant(tenant):
            institution = make_institution()
            prices = price_lists_group_create(actor=None, name=f"Cennik {institution.pk}")
        return {"name": f"Kuchnia {institution.pk}", "institutionId": institution.pk, "priceListsGroupId": prices.pk}

    def invalid_payload(self):
        return {"name": "", "institutionId": 999999}, {
            "name": ["This field may not be blank."],
            "institutionId": ['Invalid pk "999999" - object does not exist.'],
        }

    def update_payload(self, instance):
        return {"name": f"{instance.name} (nowa)"}


class TestChildrenGroupsApi(CrudApiTests):
    path = "children-groups"
    model = ChildrenGroup
    read_roles = ADMIN_ONLY
    list_queries = 6  # 4 as above + classrooms + their institutions + children ids
    audit_prefix = "children_group"
    changed_field = "name"

    def make_instance(self, tenant, index):
        institution = make_institution()
        classroom = classroom_create(actor=None, institution=institution, name=f"{index}A")
        return services.children_group_create(actor=None, name=f"Kółko {index}.{next(_names)}", classrooms=[classroom])

    def create_payload(self, tenant):
        return {"name": "Kółko szachowe"}

    def invalid_payload(self):
        return {"name": "x" * 101, "classroomsIds": [999999]}, {
            "name": ["Ensure this field has no more than 100 characters."],
            "classroomsIds": ['Invalid pk "999999" - object does not exist.'],
        }

    def update_payload(self, instance):
        return {"name": f"{instance.name} (nowe)"}


def _school(tenant):
    """An institution with classrooms 1A and 1B, a parent and three children: Ala and Bartek in 1A, Celina in 1B."""
    parent = make_user(tenant, ROLE_PARENT, first_name="Jan", last_name="Nowak")
    with in_tenant(tenant):
        institution = make_institution()
        diet = make_diet()
        room_a = classroom_create(actor=None, institution=institution, name="1A")
        room_b = classroom_create(actor=None, institution=institution, name="1B")
        children = [
            child_create(actor=None, parent=parent, first_name=name, last_name="Nowak", classroom=room, diet=diet)
            for name, room in (("Ala", room_a), ("Bartek", room_a), ("Celina", room_b))
        ]
    return room_a, room_b, children


def test_given_group_with_classroom_and_chosen_child_when_listing_members_then_both_kinds(tenant_a):
    room_a, _, (ala, bartek, celina) = _school(tenant_a)
    with in_tenant(tenant_a):
        chess = services.children_group_create(actor=None, name="Szachy", classrooms=[room_a])
        other = services.children_group_create(actor=None, name="Piłka")
        services.children_group_set_children(actor=None, instance=chess, children=[celina])
        services.children_group_set_children(actor=None, instance=other, children=[bartek])  # their own choice

    body = admin_api(tenant_a).get(f"children-groups/{chess.pk}/members").json()

    assert (body["total"], body["page"], body["perPage"]) == (2, 1, 20)
    assert [(item["id"], item["via"], item["classroomName"]) for item in body["items"]] == [
        (ala.pk, "classroom", "1A"),
        (celina.pk, "child", "1B"),
    ]
    assert body["items"][0]["parentName"] == "Jan Nowak"


def test_given_children_ids_when_setting_children_then_exactly_those(tenant_a):
    _, _, (ala, bartek, celina) = _school(tenant_a)
    with in_tenant(tenant_a):
        group = services.children_group_create(actor=None, name="Taniec")
        services.children_group_set_children(actor=None, instance=group, children=[ala, bartek])
    api = admin_api(tenant_a)

    response = api.put(f"children-groups/{group.pk}/children", {"childrenIds": [bartek.pk, celina.pk]})

    assert response.status_code == 200, response.content
    assert (response.json()["childrenIds"], response.json()["childrenCount"]) == ([bartek.pk, celina.pk], 2)
    with in_tenant(tenant_a):
        assert Child.objects.get(pk=ala.pk).child_group_id is None
        entry = AuditEntry.objects.get(
            action="children_group.children", target_id=str(group.pk), actor_user_id__isnull=False
        )
        assert entry.data == {"children_added": [celina.pk], "children_removed": [ala.pk]}
    assert_error(
        api.put(f"children-groups/{group.pk}/children", {"childrenIds": [999999]}),
        400,
        "The given data was invalid.",
        {"childrenIds": ['Invalid pk "999999" - object does not exist.']},
    )


def test_given_classrooms_ids_when_setting_classrooms_then_replaced(tenant_a):
    room_a, room_b, _ = _school(tenant_a)
    with in_tenant(tenant_a):
        group = services.children_group_create(actor=None, name="Chór", classrooms=[room_a])

    response = admin_api(tenant_a).put(f"children-groups/{group.pk}/classrooms", {"classroomsIds": [room_b.pk]})

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["classroomsIds"] == [room_b.pk]
    assert [(room["id"], room["name"], room["institutionId"]) for room in body["classrooms"]] == [
        (room_b.pk, "1B", room_b.institution_id)
    ]


def test_given_group_with_members_when_deleting_then_children_ungrouped(tenant_a):
    _, _, (ala, _, _) = _school(tenant_a)
    with in_tenant(tenant_a):
        group = services.children_group_create(actor=None, name="Plastyka")
        services.children_group_set_children(actor=None, instance=group, children=[ala])

    assert admin_api(tenant_a).delete(f"children-groups/{group.pk}").json() == {"status": True}

    with in_tenant(tenant_a):
        assert Child.objects.get(pk=ala.pk).child_group_id is None
        assert AuditEntry.objects.get(action="children_group.delete").data["children_ungrouped"] == 1


def test_given_duplicate_name_when_creating_groups_then_refused(tenant_a):
    with in_tenant(tenant_a):
        services.children_group_create(actor=None, name="Szachy")
        services.workers_group_create(actor=None, name="Biuro")
    api = admin_api(tenant_a)

    for path, name in (("children-groups", "Szachy"), ("institutionsWorkers/groups", "Biuro")):
        assert_error(
            api.post(path, {"name": name}),
            400,
            "The given data was invalid.",
            {"name": ["A group with this name already exists."]},
        )


def test_given_workers_group_when_listing_members_and_deleting_then_paged_and_ungrouped(tenant_a):
    with in_tenant(tenant_a):
        group = services.workers_group_create(actor=None, name="Stołówka")
        members = [make_worker(index, group=group) for index in range(3)]
        make_worker(9)
    api = admin_api(tenant_a)

    body = api.get(f"institutionsWorkers/groups/{group.pk}/members", {"perPage": 2}).json()
    assert (body["total"], [item["id"] for item in body["items"]]) == (3, [members[0].pk, members[1].pk])
    listed = api.get("institutionsWorkers/groups").json()["items"]
    assert [(item["name"], item["membersCount"]) for item in listed] == [("Stołówka", 3)]
    assert api.get("institutionsWorkers/groups/options").json()["items"] == [
        {"value": group.pk, "text": "Stołówka", "institutionId": None}
    ]

    assert api.delete(f"institutionsWorkers/groups/{group.pk}").json() == {"status": True}

    with in_tenant(tenant_a):
        assert not WorkerProfile.objects.filter(group__isnull=False).exists()
        assert WorkerProfile.objects.count() == 4


def test_given_parent_or_other_tenant_when_using_group_commands_then_refused(tenant_a, tenant_b):
    _, _, (ala, _, _) = _school(tenant_a)
    with in_tenant(tenant_a):
        group = services.children_group_create(actor=None, name="Robotyka")
    parent_api = Api(tenant_a, make_user(tenant_a, ROLE_PARENT))
    other_api = admin_api(tenant_b)

    assert_error(parent_api.get(f"children-groups/{group.pk}/members"), 403, "Forbidden.")
    assert_error(parent_api.put(f"children-groups/{group.pk}/children", {"childrenIds": [ala.pk]}), 403, "Forbidden.")
    assert_error(other_api.get(f"children-groups/{group.pk}/members"), 404, "Not found.")
    assert_error(other_api.put(f"children-groups/{group.pk}/classrooms", {"classroomsIds": []}), 404, "Not found.")
    with in_tenant(tenant_a):
        assert Child.objects.get(pk=ala.pk).child_group_id is None


def test_given_institutions_admin_with_children_edit_when_reading_group_options_then_allowed_but_not_the_list(tenant_a):
    with in_tenant(tenant_a):
        group = services.children_group_create(actor=None, name=f"Kółko {next(_names)}")
    editor = Api(tenant_a, make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["children_edit"]))
    viewer = Api(tenant_a, make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN, permissions=["parents_view"]))

    assert editor.get("children-groups/options").json()["items"] == [{"value": group.pk, "text": group.name}]
    assert_error(editor.get("children-groups"), 403, "Forbidden.")
    assert_error(viewer.get("children-groups/options"), 403, "Forbidden.")
    assert_error(Api(tenant_a, make_user(tenant_a, ROLE_PARENT)).get("children-groups/options"), 403, "Forbidden.")
