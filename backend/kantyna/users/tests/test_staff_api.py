"""Staff accounts (administrators, cooks, institutions admins, ticket admins, report managers) through the
HTTP API: one implementation, the generic CRUD checks for each kind, and the admin safety rules."""

from __future__ import annotations

import pytest

from kantyna.core.api.errors import as_api_error
from kantyna.core.errors import DomainError
from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_MANAGE_REPORTS,
    ROLE_PARENT,
    ROLE_TICKET_ADMIN,
)
from kantyna.identity.models import Account
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user, unique_email
from kantyna.users.models import User
from kantyna.users.services import staff as services
from kantyna.users.services.lifecycle import user_deactivate
from kantyna.users.tests.helpers import make_institution

ADMIN_ONLY = frozenset({ROLE_ADMIN})


class StaffApiTests(CrudApiTests):
    role: str
    model = User
    read_roles = ADMIN_ONLY
    list_queries = 3
    audit_prefix = "user"
    changed_field = "lastName"

    def make_instance(self, tenant, index):
        return services.staff_create(
            actor=None, role=self.role, email_address=unique_email("staff"), first_name="Jan", last_name=f"K {index}"
        )

    def _count(self, tenant) -> int:
        with in_tenant(tenant):
            return User.objects.filter(roles__contains=[self.role]).count()

    def create_payload(self, tenant):
        return {"emailAddress": unique_email("new"), "firstName": "Ola", "lastName": "Wiśniewska", "phoneNumber": ""}

    def invalid_payload(self):
        return {"emailAddress": "", "firstName": "Ola", "phoneNumber": "1"}, {
            "emailAddress": ["This field may not be blank."],
            "lastName": ["This field is required."],
            "phoneNumber": ["Enter 7 or 9 digits, optionally separated by spaces."],
        }

    def update_payload(self, instance):
        return {"emailAddress": instance.email, "firstName": "Jan", "lastName": "Kowalski-Nowy"}


class TestAdministratorsApi(StaffApiTests):
    path = "administrators"
    role = ROLE_ADMIN

    def _signed_in_admin(self, tenant):
        """The mixin signs in as an admin, which is a row of this very list: one per tenant and test, made
        before anything is counted."""
        cache = self.__dict__.setdefault("_admins", {})
        if tenant.slug not in cache:
            cache[tenant.slug] = make_user(tenant, ROLE_ADMIN)
        return cache[tenant.slug]

    def _count(self, tenant) -> int:
        self._signed_in_admin(tenant)
        return super()._count(tenant)

    def _api(self, tenant, role=ROLE_ADMIN):
        return Api(tenant, self._signed_in_admin(tenant)) if role == ROLE_ADMIN else super()._api(tenant, role)


class TestCooksApi(StaffApiTests):
    path = "cooks"
    role = ROLE_COOK


class TestTicketAdminsApi(StaffApiTests):
    path = "ticketAdmins"
    role = ROLE_TICKET_ADMIN


class TestReportManagersApi(StaffApiTests):
    path = "reportManagers"
    role = ROLE_MANAGE_REPORTS


class TestInstitutionsAdminsApi(StaffApiTests):
    path = "institutionsAdmins"
    role = ROLE_INSTITUTIONS_ADMIN
    list_queries = 4  # + the institutions of the page, in one query

    def create_payload(self, tenant):
        school = make_institution(tenant)
        return {**super().create_payload(tenant), "permissions": ["parents_view"], "institutionsIds": [school.pk]}


def admin_api(tenant):
    admin = make_user(tenant, ROLE_ADMIN)
    return admin, Api(tenant, admin)


def test_given_an_institutions_admin_when_created_then_permissions_and_institutions_are_stored(tenant_a):
    first, second = make_institution(tenant_a), make_institution(tenant_a)
    _, api = admin_api(tenant_a)

    response = api.post(
        "institutionsAdmins",
        {
            "emailAddress": "dyrektor@example.test",
            "firstName": "Anna",
            "lastName": "Dyrektor",
            "permissions": ["children_edit", "parents_view"],
            "institutionsIds": [second.pk, first.pk],
        },
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["permissions"], body["institutionsIds"]) == (
        ["parents_view", "children_edit"],
        sorted([first.pk, second.pk]),
    )
    updated = api.put(
        f"institutionsAdmins/{body['id']}",
        {**body, "permissions": ["menu_edit"], "institutionsIds": [first.pk]},
    ).json()
    assert (updated["permissions"], updated["institutionsIds"]) == (["menu_edit"], [first.pk])
    assert_error(
        api.post("institutionsAdmins", {**body, "emailAddress": "x@example.test", "permissions": ["fly"]}),
        400,
        "The given data was invalid.",
        {"permissions.0": ['"fly" is not a valid choice.']},
    )


def test_given_staff_lists_then_each_kind_lists_only_its_role(tenant_a):
    cook = make_user(tenant_a, ROLE_COOK)
    make_user(tenant_a, ROLE_PARENT)
    _, api = admin_api(tenant_a)

    assert [item["id"] for item in api.get("cooks").json()["items"]] == [cook.pk]
    assert_error(api.get(f"administrators/{cook.pk}"), 404, "Not found.")


def test_given_an_admin_when_deactivating_or_deleting_themselves_then_refused(tenant_a):
    make_user(tenant_a, ROLE_ADMIN)
    me, api = admin_api(tenant_a)

    for call in (api.post(f"administrators/{me.pk}/deactivate"), api.delete(f"administrators/{me.pk}")):
        assert_error(
            call,
            400,
            "You cannot deactivate or delete your own account.",
            {"id": ["You cannot deactivate or delete your own account."]},
        )
    with in_tenant(tenant_a):
        assert User.objects.get(pk=me.pk).is_active


def test_given_two_admins_when_one_deactivates_the_other_then_allowed(tenant_a):
    _me, api = admin_api(tenant_a)
    other = make_user(tenant_a, ROLE_ADMIN)

    assert api.post(f"administrators/{other.pk}/deactivate").json() == {"status": True}
    assert api.get(f"administrators/{other.pk}").json()["status"] == "inactive"


def test_given_the_last_active_admin_when_the_system_deactivates_or_deletes_them_then_409(tenant_a):
    last = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        for command in (user_deactivate, services.staff_delete):
            keyword = "user" if command is user_deactivate else "instance"
            with pytest.raises(DomainError) as refused:
                command(actor=None, **{keyword: User.objects.get(pk=last.pk)})
            answer = as_api_error(refused.value)
            assert (answer.status_code, answer.message) == (
                409,
                "The last active administrator cannot be deactivated or deleted.",
            )
        assert User.objects.get(pk=last.pk).is_active


def test_given_a_cook_when_set_password_then_they_sign_in_with_it(tenant_a):
    cook = make_user(tenant_a, ROLE_COOK)
    _, api = admin_api(tenant_a)

    response = api.put(
        f"cooks/{cook.pk}/password", {"password": "Kucharz-2026!", "passwordConfirmation": "Kucharz-2026!"}
    )

    assert response.json() == {"status": True}
    assert Account.objects.get(pk=cook.account_id).check_password("Kucharz-2026!")


def test_given_a_cook_when_archived_then_status_archived_and_activation_unarchives(tenant_a):
    cook = make_user(tenant_a, ROLE_COOK)
    _, api = admin_api(tenant_a)

    assert api.post(f"cooks/{cook.pk}/archive").json() == {"status": True}
    assert api.get(f"cooks/{cook.pk}").json()["status"] == "archived"
    assert [item["id"] for item in api.get("cooks", {"status": "archived"}).json()["items"]] == [cook.pk]
    assert api.post(f"cooks/{cook.pk}/activate").json() == {"status": True}
    assert api.get(f"cooks/{cook.pk}").json()["status"] == "active"


def test_given_a_staff_put_with_is_active_false_then_it_deactivates_and_revokes(tenant_a):
    cook = make_user(tenant_a, ROLE_COOK)
    own = Api(tenant_a, cook)
    _, api = admin_api(tenant_a)

    response = api.put(
        f"cooks/{cook.pk}", {"emailAddress": cook.email, "firstName": "A", "lastName": "B", "isActive": False}
    )

    assert response.json()["status"] == "inactive"
    assert_error(own.get("auth/currentUser"), 401, "Unauthenticated.")


def test_given_an_institutions_admin_when_a_put_leaves_fields_out_then_they_keep_their_values(tenant_a):
    school = make_institution(tenant_a)
    _, api = admin_api(tenant_a)
    created = api.post(
        "institutionsAdmins",
        {
            "emailAddress": "dyrektor@example.test",
            "firstName": "Anna",
            "lastName": "Dyrektor",
            "phoneNumber": "601202303",
            "permissions": ["children_edit"],
            "institutionsIds": [school.pk],
            "isActive": False,
        },
    ).json()

    response = api.put(
        f"institutionsAdmins/{created['id']}",
        {"emailAddress": "dyrektor@example.test", "firstName": "Anna", "lastName": "Nowa"},
    )

    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["lastName"], body["phoneNumber"], body["permissions"], body["institutionsIds"], body["status"]) == (
        "Nowa",
        "601202303",
        ["children_edit"],
        [school.pk],
        "inactive",
    )
