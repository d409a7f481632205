"""Every people endpoint (children and their commands, export and import, children groups, institution workers
groups, institution workers; dining cards through children's changeCardNumber and diningCards) x every persona: the expected
status, a refusal changes nothing, an allowed write changes something; and tenant A's token on tenant B's host is
401 while B's admin cannot reach A's rows (kantyna/testing/matrix.py).

Who may call what: spec api-calls.tsv / routes.tsv and §6, and the ability table (core/permissions.py). Children:
read with children.edit or parents.view (admin, parent, institutions admin with children_edit or parents_view);
write with children.edit; activation and archiving with children.change_sensitive (staff: admin, institutions
admin with children_edit), printing dining cards too; export with change_sensitive or parents.view; import admin only; a card with cards.edit
(admin, cook, customers, institutions admin with children_edit). Reach: admins and cooks every child, institutions
admins their institutions' children, parents their own. Children groups, workers groups and workers: admin only,
but the children groups' options (institutions admins with children_edit pick a child's group).

The world: a parent with an active, an inactive and an archived child and one more to delete, a child of another
family in another institution, a second classroom, a children group, a workers group, the worker and an inactive
worker; cards enabled and parents allowed to change cards and classrooms (so the field rights of the services
do not hide the endpoint's)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.identity.models import Account, PasswordResetToken
from kantyna.institutions.services import classroom_create, institution_create
from kantyna.people.api.urls import urlpatterns as people_urlpatterns
from kantyna.people.models import Child, ChildrenGroup, InstitutionWorkersGroup, WorkerProfile
from kantyna.people.services import groups as group_services
from kantyna.people.services.children import child_archive, child_create, child_deactivate
from kantyna.people.services.workers import worker_profile_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user, unique_email
from kantyna.testing.matrix import (
    ADMIN,
    COOK,
    IA,
    IA_WITHOUT,
    PARENT,
    WORKER,
    Row,
    assert_matrix,
    cross_tenant_test,
    make_personas,
    personas,
    route_coverage_test,
    routes_of,
    run_row,
)
from kantyna.testing.world import make_world, set_settings
from kantyna.users.models import User
from kantyna.users.services.lifecycle import user_deactivate

from .helpers import workbook

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class PeopleRow(Row):
    """A Row that may name a second permission granting the same ability (`also`: `ia_without` lacks it too,
    `ia` holds only `permission`)."""

    also: str | None = None


ADMIN_ONLY = personas(ADMIN)
STAFF = personas(ADMIN, IA)
FAMILY = personas(ADMIN, IA, PARENT)  # children.edit: the child's parent and the staff who edit children
CARDS = personas(ADMIN, IA, PARENT, COOK)  # cards.edit within reach (cooks reach every child)
CHILD = "children/{child}"
STRANGER = "children/{stranger}"
GROUP = "children-groups/{children_group}"
WORKERS_GROUP = "institutionsWorkers/groups/{workers_group}"
WORKER_PATH = "institutionsWorkers/{worker_profile}"
PASSWORD = "Kantyna-Haslo-2030!"


def child_body(first_name: str, *, parent: bool = False, elsewhere: bool = False):
    institution, classroom = ("elsewhere", "elsewhere_classroom") if elsewhere else ("institution", "classroom")

    def body(ids: dict) -> dict:
        data = {
            "firstName": first_name,
            "lastName": "Nowak",
            "institutionId": ids[institution],
            "classroomId": ids[classroom],
            "dietId": ids["diet"],
        }
        if parent:
            data["parentId"] = ids["parent"]
        return data

    return body


def import_body(ids: dict) -> dict:
    row = ["Ala", "Importowana", ids["parent_email"], ids["institution_slug"], ids["classroom_name"], ids["diet_name"]]
    return {"file": workbook([row])}


def worker_body(ids: dict) -> dict:
    return {
        "emailAddress": ids["new_email"],
        "firstName": "Łucja",
        "lastName": "Żak",
        "phoneNumber": "601 202 303",
        "institutionId": ids["institution"],
        "dietId": ids["diet"],
    }


def read_rows(name: str, method: str, path: str, allowed: frozenset, body=None, hidden=frozenset()) -> list[Row]:
    """A children read: children.edit (or children.change_sensitive) or parents.view grants it, each alone."""
    return [
        PeopleRow(name, method, path, allowed, "children_edit", hidden, body, also="parents_view"),
        PeopleRow(f"{name} (parents_view)", method, path, allowed, "parents_view", hidden, body, also="children_edit"),
    ]  # fmt: skip


ROWS = [
    # PATCH: the routers map it to partial_update, which no viewset declares an ability for: closed to everyone
    # (a partial update must not bypass the full form's field rights).
    PeopleRow("child patch", "PATCH", CHILD, personas(), body={"firstName": "Olga"}, foreign=403),
    PeopleRow("children group patch", "PATCH", GROUP, personas(), body={"name": "Kółko"}, foreign=403),
    PeopleRow("workers group patch", "PATCH", WORKERS_GROUP, personas(), body={"name": "Kuchnia"}, foreign=403),
    PeopleRow("worker patch", "PATCH", WORKER_PATH, personas(), body={"lastName": "Nowa"}, foreign=403),
    # Children: reads (children.edit or parents.view; parents their own children only).
    *read_rows("children list", "GET", "children", FAMILY),
    *read_rows("child details", "GET", CHILD, FAMILY),
    *read_rows("child of another family", "GET", STRANGER, ADMIN_ONLY, hidden=personas(IA, PARENT)),
    *read_rows("children options", "GET", "children/options", FAMILY),
    # The export is staff work: children.change_sensitive or parents.view (not parents).
    *read_rows("children export", "POST", "children/export", STAFF, body={"format": "csv"}),
    # Children: writes (children.edit).
    Row("child create", "POST", "children", FAMILY, "children_edit", body=child_body("Zosia", parent=True), ok=201, writes=True, foreign=400),
    Row("child update", "PUT", CHILD, FAMILY, "children_edit", body=child_body("Olga"), writes=True),
    Row("child of another family update", "PUT", STRANGER, ADMIN_ONLY, "children_edit", personas(IA, PARENT), child_body("Olga", elsewhere=True), writes=True),
    Row("child delete", "DELETE", "children/{child2}", FAMILY, "children_edit", writes=True),
    Row("child of another family delete", "DELETE", STRANGER, ADMIN_ONLY, "children_edit", personas(IA, PARENT), writes=True),
    Row("child change classroom", "PUT", CHILD + "/changeClassroom/{classroom_b}", FAMILY, "children_edit", writes=True),
    Row("child active future orders count", "GET", CHILD + "/activeFutureOrdersCount", FAMILY, "children_edit"),
    # Children: status commands (children.change_sensitive: staff only, not parents).
    Row("child activate", "POST", "children/{inactive_child}/activate", STAFF, "children_edit", writes=True),
    Row("child deactivate", "POST", CHILD + "/deactivate", STAFF, "children_edit", writes=True),
    Row("child archive", "POST", CHILD + "/archive", STAFF, "children_edit", writes=True),
    Row("child unarchive", "POST", "children/{archived_child}/unarchive", STAFF, "children_edit", writes=True),
    Row("child of another family archive", "POST", STRANGER + "/archive", ADMIN_ONLY, "children_edit", personas(IA), writes=True),
    # Dining cards (cards.edit): workers hold the ability but reach no child; cooks reach every child.
    Row("child card", "PUT", CHILD + "/changeCardNumber", CARDS, "children_edit", personas(WORKER), {"cardNumber": "AB1234"}, writes=True),
    Row("child of another family card", "PUT", STRANGER + "/changeCardNumber", personas(ADMIN, COOK), "children_edit", personas(IA, PARENT, WORKER), {"cardNumber": "AB1234"}, writes=True),
    # Printing dining cards (children.change_sensitive: staff, within reach; the stranger is out of the ia's reach).
    Row("children dining cards of a classroom", "GET", "children/diningCards?classroomId={classroom}", STAFF, "children_edit", foreign=404),
    Row("children dining cards of chosen children", "GET", "children/diningCards?ids={child},{child2}", STAFF, "children_edit", foreign=404),
    Row("dining cards of another family's child", "GET", "children/diningCards?ids={stranger}", ADMIN_ONLY, "children_edit", personas(IA), foreign=404),
    # The import: admin only.
    PeopleRow("children import", "POST", "children/import", ADMIN_ONLY, body=import_body, writes=True, foreign=400, multipart=True),
    Row("children import template", "GET", "children/import/template", ADMIN_ONLY),
    # Children groups: admin only, but the options (institutions admins with children_edit set a child's group).
    Row("children groups list", "GET", "children-groups", ADMIN_ONLY),
    Row("children groups options", "GET", "children-groups/options", STAFF, "children_edit"),
    Row("children group details", "GET", GROUP, ADMIN_ONLY),
    Row("children group members", "GET", GROUP + "/members", ADMIN_ONLY),
    Row("children group create", "POST", "children-groups", ADMIN_ONLY, body={"name": "Kółko szachowe"}, ok=201, writes=True),
    Row("children group update", "PUT", GROUP, ADMIN_ONLY, body={"name": "Kółko plastyczne"}, writes=True),
    Row("children group delete", "DELETE", GROUP, ADMIN_ONLY, writes=True),
    Row("children group children", "PUT", GROUP + "/children", ADMIN_ONLY, body=lambda ids: {"childrenIds": [ids["child"]]}, writes=True),
    Row("children group classrooms", "PUT", GROUP + "/classrooms", ADMIN_ONLY, body=lambda ids: {"classroomsIds": [ids["classroom_b"]]}, writes=True),
    # Institution workers groups: admin only.
    Row("workers groups list", "GET", "institutionsWorkers/groups", ADMIN_ONLY),
    Row("workers groups options", "GET", "institutionsWorkers/groups/options", ADMIN_ONLY),
    Row("workers group details", "GET", WORKERS_GROUP, ADMIN_ONLY),
    Row("workers group members", "GET", WORKERS_GROUP + "/members", ADMIN_ONLY),
    Row("workers group create", "POST", "institutionsWorkers/groups", ADMIN_ONLY, body={"name": "Kuchnia"}, ok=201, writes=True),
    Row("workers group update", "PUT", WORKERS_GROUP, ADMIN_ONLY, body={"name": "Stołówka"}, writes=True),
    Row("workers group delete", "DELETE", WORKERS_GROUP, ADMIN_ONLY, writes=True),
    # Institution workers: admin only (a worker may not manage themselves here either).
    Row("workers list", "GET", "institutionsWorkers", ADMIN_ONLY),
    Row("workers options", "GET", "institutionsWorkers/options", ADMIN_ONLY),
    Row("worker details", "GET", WORKER_PATH, ADMIN_ONLY),
    Row("worker create", "POST", "institutionsWorkers", ADMIN_ONLY, body=worker_body, ok=201, writes=True, foreign=400),
    Row("worker update", "PUT", WORKER_PATH, ADMIN_ONLY, body=lambda ids: {**worker_body(ids), "lastName": "Nowa"}, writes=True),
    Row("worker delete", "DELETE", WORKER_PATH, ADMIN_ONLY, writes=True),
    Row("worker activate", "POST", "institutionsWorkers/{idle_profile}/activate", ADMIN_ONLY, writes=True),
    Row("worker deactivate", "POST", WORKER_PATH + "/deactivate", ADMIN_ONLY, writes=True),
    Row("worker archive", "POST", WORKER_PATH + "/archive", ADMIN_ONLY, writes=True),
    Row("worker reset password", "POST", WORKER_PATH + "/resetPassword", ADMIN_ONLY, writes=True),
    Row("worker password", "PUT", WORKER_PATH + "/password", ADMIN_ONLY, body={"password": PASSWORD, "passwordConfirmation": PASSWORD}, writes=True),
]  # fmt: skip


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        world = make_world(tenant_a, money="")  # no money: nobody has history, so deletes are allowed
        set_settings("orders_config", dining_cards_enabled=True)
        set_settings("parents_settings", allow_changing_card_numbers=True, allow_changing_classrooms=True)
        diet = world.catalog.standard
        classroom_b = classroom_create(actor=None, institution=world.institution, name=f"{world.classroom.name}B")
        elsewhere = institution_create(
            actor=None,
            name=f"Przedszkole {world.institution.pk}",
            short_name=f"P{world.institution.pk}",
            slug=f"p-m{world.institution.pk}",
            kind="kindergarten",
        )
        elsewhere_classroom = classroom_create(actor=None, institution=elsewhere, name="Motylki")

        def child(first_name: str, parent=world.parent, classroom=world.classroom) -> Child:
            return child_create(
                actor=None, parent=parent, first_name=first_name, last_name="Nowak", classroom=classroom, diet=diet
            )

        stranger = child("Obcy", parent=make_user(tenant_a, ROLE_PARENT), classroom=elsewhere_classroom)
        inactive = child_deactivate(actor=None, instance=child("Nieaktywny"))
        archived = child_archive(actor=None, instance=child("Zarchiwizowany"))
        children_group = group_services.children_group_create(
            actor=None, name=f"Kółko {world.institution.pk}", classrooms=[world.classroom]
        )
        workers_group = group_services.workers_group_create(
            actor=None, name=f"Kuchnia {world.institution.pk}", institution=world.institution
        )
        WorkerProfile.objects.filter(pk=world.worker.pk).update(group=workers_group)
        idle_user = make_user(tenant_a, ROLE_INSTITUTION_WORKER)
        idle = worker_profile_create(actor=None, user=idle_user, institution=world.institution, diet=diet)
        user_deactivate(actor=None, user=idle_user)
        world.ids = {
            "child": world.child.pk,
            "child2": world.child2.pk,
            "stranger": stranger.pk,
            "inactive_child": inactive.pk,
            "archived_child": archived.pk,
            "parent": world.parent.pk,
            "parent_email": world.parent.email,
            "institution": world.institution.pk,
            "institution_slug": world.institution.slug,
            "classroom": world.classroom.pk,
            "classroom_name": world.classroom.name,
            "classroom_b": classroom_b.pk,
            "elsewhere": elsewhere.pk,
            "elsewhere_classroom": elsewhere_classroom.pk,
            "diet": diet.pk,
            "diet_name": diet.name,
            "children_group": children_group.pk,
            "workers_group": workers_group.pk,
            "worker_profile": world.worker.pk,
            "idle_profile": idle.pk,
            "new_email": unique_email("new-worker"),
        }
    return world


def state(tenant):
    """Everything a people call could touch: children, groups and their classrooms, workers' profiles, their
    users and accounts (status, password, tokens), password reset links and the audit trail."""
    with in_tenant(tenant):
        users = list(
            User.objects.order_by("pk").values_list(
                "pk", "first_name", "last_name", "is_active", "archived_at", "account_id"
            )
        )
        accounts = [account for *_user, account in users]
        return {
            "children": list(
                Child.objects.order_by("pk").values_list(
                    "pk",
                    "first_name",
                    "is_active",
                    "archived_at",
                    "institution_id",
                    "classroom_id",
                    "card_number",
                    "parent_id",
                    "child_group_id",
                )
            ),
            "children_groups": list(ChildrenGroup.objects.order_by("pk").values_list("pk", "name")),
            "children_groups_classrooms": sorted(
                ChildrenGroup.classrooms.through.objects.values_list("childrengroup_id", "classroom_id")
            ),
            "workers_groups": list(
                InstitutionWorkersGroup.objects.order_by("pk").values_list("pk", "name", "institution_id")
            ),
            "workers": list(
                WorkerProfile.objects.order_by("pk").values_list(
                    "pk", "user_id", "card_number", "group_id", "archived_at"
                )
            ),
            "users": users,
            "accounts": list(
                Account.objects.filter(pk__in=accounts).order_by("pk").values_list("pk", "password", "token_version")
            ),
            "reset_links": PasswordResetToken.objects.filter(account_id__in=accounts).count(),
            "audit": AuditEntry.objects.count(),
        }


# The meal receivers' settings (calendar/subjectsSettings, notifications/.../settings) are the ordering matrix's.
test_the_table_covers_every_people_route_and_method = route_coverage_test(
    ROWS,
    {
        route
        for route in routes_of(people_urlpatterns)
        if route[0] not in ("SubjectSettingsView", "SubjectNotificationsSettingsView")
    },
    area="people",
)


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing(world, tenant_a, row):
    users = make_personas(
        tenant_a, row, parent=world.parent, worker=world.worker_user, institutions=[world.institution]
    )
    if getattr(row, "also", None):
        with in_tenant(tenant_a):
            without = users[IA_WITHOUT]
            without.permissions = [permission for permission in without.permissions if permission != row.also]
            without.save(update_fields=["permissions"])

    result = run_row(tenant_a, row, users, world.ids, lambda: state(tenant_a))

    assert_matrix(row, result)


test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)
