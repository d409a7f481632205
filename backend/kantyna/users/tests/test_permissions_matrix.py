"""Every users endpoint (parents and their commands, the staff accounts at their five paths, users/{id},
users/options, users/activity, payments overdue, user settings) x every persona: the expected status, a refusal
changes nothing, an allowed write changes something; and tenant A's token on tenant B's host is 401 while B's admin
cannot reach A's users (kantyna/testing/matrix.py).

Who may call what: spec api-calls.tsv / routes.tsv and §6, and the ability table (core/permissions.py). Parents:
read with parents.view (admin, institutions admin with parents_view), write and the commands with parents.edit
(parents_edit), create admin only; a parent reads their own children list and nobody else's. Staff accounts
(administrators, cooks, institutionsAdmins, ticketAdmins, reportManagers): admin only. users/{id} and the options:
parents.view; payments overdue: parents.edit; activity and user settings: admin only. Reach: admins every user,
institutions admins the parents with a child in their institutions (and the workers there); anyone else 404.

The world: the parent (the parent persona) with a child in the institution, an inactive parent there, a parent
whose child is elsewhere, a parent without children (only one may be deleted), and for each staff role an active
and an inactive account besides the personas."""

from __future__ import annotations

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.catalog.services import diet_create
from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_INSTITUTION_WORKER,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_MANAGE_REPORTS,
    ROLE_PARENT,
    ROLE_TICKET_ADMIN,
)
from kantyna.identity.models import Account, PasswordResetToken
from kantyna.institutions.services import classroom_create, institution_create
from kantyna.people.models import Child
from kantyna.people.services.children import child_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user, unique_email
from kantyna.testing.matrix import (
    ADMIN,
    IA,
    PARENT,
    Personas,
    Row,
    cross_tenant_test,
    persona_matrix_test,
    personas,
    route_coverage_test,
    routes_of,
)
from kantyna.users.api.urls import urlpatterns as users_urlpatterns
from kantyna.users.models import User
from kantyna.users.services.lifecycle import user_deactivate

pytestmark = pytest.mark.django_db


ADMIN_ONLY = personas(ADMIN)
STAFF = personas(ADMIN, IA)
PARENT_PATH = "parents/{parent}"
FAR = personas(IA)  # the far parent's child is in another institution: out of an institutions admin's reach
PASSWORD = "Kantyna-Haslo-2030!"
PASSWORD_BODY = {"password": PASSWORD, "passwordConfirmation": PASSWORD}


def person_body(email_key: str, first_name: str):
    return lambda ids: {"emailAddress": ids[email_key], "firstName": first_name, "lastName": "Zięba"}


def new_person(ids: dict) -> dict:
    return {"emailAddress": unique_email("new-person"), "firstName": "Łucja", "lastName": "Żak"}


def staff_rows(path: str, key: str) -> list[Row]:
    """One staff path (staff.manage: admin only, whatever permissions an institutions admin holds): `{key}` is an
    active account of that role, `{key}_idle` an inactive one; neither is a persona."""
    one = f"{path}/{{{key}}}"
    return [
        Row(f"{path} list", "GET", path, ADMIN_ONLY),
        Row(f"{path} details", "GET", one, ADMIN_ONLY),
        Row(f"{path} create", "POST", path, ADMIN_ONLY, body=new_person, ok=201, writes=True),
        Row(f"{path} update", "PUT", one, ADMIN_ONLY, body=person_body(f"{key}_email", "Anna"), writes=True),
        Row(f"{path} patch", "PATCH", one, personas(), body={"firstName": "Anna"}, foreign=403),
        Row(f"{path} delete", "DELETE", one, ADMIN_ONLY, writes=True),
        Row(f"{path} activate", "POST", f"{path}/{{{key}_idle}}/activate", ADMIN_ONLY, writes=True),
        Row(f"{path} deactivate", "POST", f"{one}/deactivate", ADMIN_ONLY, writes=True),
        Row(f"{path} archive", "POST", f"{one}/archive", ADMIN_ONLY, writes=True),
        Row(f"{path} reset password", "POST", f"{one}/resetPassword", ADMIN_ONLY, writes=True),
        Row(f"{path} password", "PUT", f"{one}/password", ADMIN_ONLY, body=PASSWORD_BODY, writes=True),
    ]


STAFF_PATHS = {
    "administrators": ("admin_target", ROLE_ADMIN),
    "cooks": ("cook_target", ROLE_COOK),
    "institutionsAdmins": ("ia_target", ROLE_INSTITUTIONS_ADMIN),
    "ticketAdmins": ("ticket_target", ROLE_TICKET_ADMIN),
    "reportManagers": ("report_target", ROLE_MANAGE_REPORTS),
}

ROWS = [
    # Parents: read with parents.view, within reach.
    Row("parents list", "GET", "parents", STAFF, "parents_view"),
    Row("parent details", "GET", PARENT_PATH, STAFF, "parents_view"),
    Row("far parent details", "GET", "parents/{far_parent}", ADMIN_ONLY, "parents_view", FAR),
    # A parent's children: staff who view parents, and the parent themselves (nobody else's).
    Row("parent children", "GET", PARENT_PATH + "/children", personas(ADMIN, IA, PARENT), "parents_view"),
    Row("far parent children", "GET", "parents/{far_parent}/children", ADMIN_ONLY, "parents_view", FAR),
    # Parents: create admin only; write and commands with parents.edit.
    Row("parent create", "POST", "parents", ADMIN_ONLY, body=new_person, ok=201, writes=True),
    Row("parent update", "PUT", PARENT_PATH, STAFF, "parents_edit", body=person_body("parent_email", "Anna"), writes=True),
    Row("far parent update", "PUT", "parents/{far_parent}", ADMIN_ONLY, "parents_edit", FAR, person_body("far_parent_email", "Anna"), writes=True),
    Row("parent patch", "PATCH", PARENT_PATH, personas(), body={"firstName": "Anna"}, foreign=403),
    # Only a parent without children may be deleted, and such a parent is in no institutions admin's reach.
    Row("parent delete", "DELETE", "parents/{lonely_parent}", ADMIN_ONLY, "parents_edit", FAR, writes=True),
    Row("parent activate", "POST", "parents/{idle_parent}/activate", STAFF, "parents_edit", writes=True),
    Row("parent deactivate", "POST", PARENT_PATH + "/deactivate", STAFF, "parents_edit", writes=True),
    Row("parent archive", "POST", PARENT_PATH + "/archive", STAFF, "parents_edit", writes=True),
    Row("far parent archive", "POST", "parents/{far_parent}/archive", ADMIN_ONLY, "parents_edit", FAR, writes=True),
    Row("parent reset password", "POST", PARENT_PATH + "/resetPassword", STAFF, "parents_edit", writes=True),
    Row("parent password", "PUT", PARENT_PATH + "/password", STAFF, "parents_edit", body=PASSWORD_BODY, writes=True),
    Row("parent payments overdue", "POST", PARENT_PATH + "/paymentsOverdue", STAFF, "parents_edit", body={"paymentsOverdue": True}, writes=True),
    # Staff accounts: admin only.
    *(row for path, (key, _role) in STAFF_PATHS.items() for row in staff_rows(path, key)),
    # users/{id}: any user in reach (parents.view); payments overdue: parents.edit.
    Row("user details", "GET", "users/{parent}", STAFF, "parents_view"),
    Row("far user details", "GET", "users/{far_parent}", ADMIN_ONLY, "parents_view", FAR),
    Row("staff user details", "GET", "users/{admin_target}", ADMIN_ONLY, "parents_view", FAR),
    Row("users options", "GET", "users/options", STAFF, "parents_view"),
    Row("user payments overdue", "POST", "users/{parent}/paymentsOverdue", STAFF, "parents_edit", body={"paymentsOverdue": True}, writes=True),
    Row("far user payments overdue", "POST", "users/{far_parent}/paymentsOverdue", ADMIN_ONLY, "parents_edit", FAR, {"paymentsOverdue": True}, writes=True),
    Row("users bulk payments overdue", "POST", "users/bulkPaymentsOverdue", STAFF, "parents_edit", body=lambda ids: {"usersIds": [ids["parent"]], "paymentsOverdue": True}, writes=True, foreign=400),
    # Admin only: the activity trail and the users' settings.
    Row("users activity", "GET", "users/activity", ADMIN_ONLY),
    Row("user settings", "PUT", "userSettings/{parent}", ADMIN_ONLY, body={"canSeePrices": True}, writes=True),
    Row("users settings group", "PUT", "userSettings/groupUpdate", ADMIN_ONLY, body=lambda ids: {"usersIds": [ids["parent"]], "settings": {"canSeePrices": True}}, writes=True, foreign=400),
]  # fmt: skip


@pytest.fixture
def world(tenant_a):
    """`world["parent"]`, `world["worker"]`, `world["institution"]` and `world["ids"]`."""
    with in_tenant(tenant_a):
        number = User.objects.count()
        institution, elsewhere = (
            institution_create(
                actor=None,
                name=f"{kind} {number}",
                short_name=f"{kind[0]}{number}",
                slug=f"{kind[0]}-u{number}",
                kind=kind,
            )
            for kind in ("school", "kindergarten")
        )
        diet = diet_create(actor=None, name=f"Dieta {number}")
        classrooms = {
            place: classroom_create(actor=None, institution=place, name="1a") for place in (institution, elsewhere)
        }

        def parent_with_child(place):
            parent = make_user(tenant_a, ROLE_PARENT)
            child_create(
                actor=None, parent=parent, first_name="Ola", last_name="Nowak", classroom=classrooms[place], diet=diet
            )
            return parent

        def inactive(user):
            user_deactivate(actor=None, user=user)
            return user

        parent, far_parent = parent_with_child(institution), parent_with_child(elsewhere)
        ids = {
            "parent": parent.pk,
            "parent_email": parent.email,
            "far_parent": far_parent.pk,
            "far_parent_email": far_parent.email,
            "idle_parent": inactive(parent_with_child(institution)).pk,
            "lonely_parent": make_user(tenant_a, ROLE_PARENT).pk,
        }
        for key, role in STAFF_PATHS.values():
            target = make_user(tenant_a, role)
            ids |= {key: target.pk, f"{key}_email": target.email, f"{key}_idle": inactive(make_user(tenant_a, role)).pk}
        worker = make_user(tenant_a, ROLE_INSTITUTION_WORKER)
    return {"parent": parent, "worker": worker, "institution": institution, "ids": ids}


def state(tenant):
    """Everything a users call could touch: the users (names, status, flags, settings, roles and permissions,
    institutions), their accounts (e-mail, password, tokens), their children, reset links and the audit trail."""
    with in_tenant(tenant):
        users = list(
            User.objects.order_by("pk").values_list(
                "pk",
                "first_name",
                "last_name",
                "is_active",
                "archived_at",
                "payments_overdue",
                "settings",
                "roles",
                "permissions",
                "account_id",
            )
        )
        accounts = [account for *_user, account in users]
        return {
            "users": users,
            "institutions": sorted(User.institutions.through.objects.values_list("user_id", "institution_id")),
            "accounts": list(
                Account.objects.filter(pk__in=accounts)
                .order_by("pk")
                .values_list("pk", "email", "password", "token_version")
            ),
            "children": list(Child.objects.order_by("pk").values_list("pk", "parent_id")),
            "reset_links": PasswordResetToken.objects.filter(account_id__in=accounts).count(),
            "audit": AuditEntry.objects.count(),
        }


test_the_table_covers_every_users_route_and_method = route_coverage_test(
    ROWS, routes_of(users_urlpatterns), area="users", ids=lambda world: world["ids"]
)


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS,
    state,
    people=lambda world: Personas(parent=world["parent"], worker=world["worker"], institutions=[world["institution"]]),
    ids=lambda world: world["ids"],
)


test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state, ids=lambda world: world["ids"]
)
