"""Parents through the HTTP API: the generic CRUD checks plus their own rules (reach of institutions
admins, e-mail reuse, lifecycle, passwords, children, payments overdue)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT, ROLES
from kantyna.identity.models import Account
from kantyna.ledger.services import deposit_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import DEFAULT_PASSWORD, make_user, unique_email
from kantyna.users.models import User
from kantyna.users.services import parents as services
from kantyna.users.tests.helpers import admin_api, institutions_admin, make_child, make_institution

VALID_NRB = "61109010140000071219812874"


class TestParentsApi(CrudApiTests):
    path = "parents"
    model = User
    read_roles = frozenset({ROLE_ADMIN})
    list_queries = 3  # session (account, revoked token and user in one), count, page (account joined)
    audit_prefix = "user"
    changed_field = "lastName"

    def make_instance(self, tenant, index):
        return services.parent_create(
            actor=None, email_address=unique_email("parent"), first_name="Anna", last_name=f"Nowak {index}"
        )

    def _count(self, tenant) -> int:
        with in_tenant(tenant):
            return User.objects.filter(roles__contains=[ROLE_PARENT]).count()

    def create_payload(self, tenant):
        return {
            "emailAddress": unique_email("new"),
            "firstName": "Łucja",
            "lastName": "Żak",
            "phoneNumber": "601 202 303",
            "phoneNumber2": "1234567",
            "bankAccountNumber": VALID_NRB,
        }

    def invalid_payload(self):
        return {"emailAddress": "nope", "firstName": "", "phoneNumber": "12", "bankAccountNumber": "123"}, {
            "emailAddress": ["Enter a valid email address."],
            "firstName": ["This field may not be blank."],
            "lastName": ["This field is required."],
            "phoneNumber": ["Enter 7 or 9 digits, optionally separated by spaces."],
            "bankAccountNumber": ["Enter a valid 26-digit bank account number."],
        }

    def update_payload(self, instance):
        return {"emailAddress": instance.email, "firstName": "Anna", "lastName": "Nowak-Zięba"}


def test_given_a_new_parent_when_created_then_phones_are_normalised_and_the_answer_is_complete(tenant_a):
    response = admin_api(tenant_a).post(
        "parents",
        {
            "emailAddress": "Ewa.Mazur@Example.test",
            "firstName": "Ewa",
            "lastName": "Mazur",
            "phoneNumber": "601 202 303",
            "bankAccountNumber": "61 1090 1014 0000 0712 1981 2874",
            "internalNote": "Pays late",
        },
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert body == {
        "id": body["id"],
        "emailAddress": "ewa.mazur@example.test",
        "firstName": "Ewa",
        "lastName": "Mazur",
        "fullName": "Ewa Mazur",
        "phoneNumber": "601202303",
        "phoneNumber2": "",
        "bankAccountNumber": VALID_NRB,
        "invoicesSettings": body["invoicesSettings"],
        "internalNote": "Pays late",
        "paymentsOverdue": False,
        "isActive": True,
        "status": "active",
        "archivedAt": None,
        "createdAt": body["createdAt"],
        "childrenCount": 0,
    }
    with in_tenant(tenant_a):
        assert User.objects.get(pk=body["id"]).roles == [ROLE_PARENT]


def test_given_an_email_used_in_this_tenant_when_creating_then_field_error_and_nothing_created(tenant_a):
    make_user(tenant_a, ROLE_PARENT, email="taken@example.test")
    api = admin_api(tenant_a)
    accounts = Account.objects.count()

    response = api.post("parents", {"emailAddress": "TAKEN@example.test", "firstName": "A", "lastName": "B"})

    assert_error(
        response, 400, "The given data was invalid.", {"emailAddress": ["This e-mail address is already used."]}
    )
    assert Account.objects.count() == accounts
    with in_tenant(tenant_a):
        assert User.objects.filter(account__email="taken@example.test").count() == 1


def test_given_an_account_of_another_tenant_when_creating_a_parent_then_the_login_is_reused(tenant_a, tenant_b):
    other = make_user(tenant_b, ROLE_PARENT, email="both@example.test")

    response = admin_api(tenant_a).post(
        "parents", {"emailAddress": "both@example.test", "firstName": "A", "lastName": "B"}
    )

    assert response.status_code == 201, response.content
    with in_tenant(tenant_a):
        assert User.objects.get(pk=response.json()["id"]).account_id == other.account_id
    assert Account.objects.filter(email="both@example.test").count() == 1


def test_given_a_shared_account_when_admin_changes_the_email_then_refused(tenant_a, tenant_b):
    parent = make_user(tenant_a, ROLE_PARENT, email="shared@example.test")
    make_user(tenant_b, ROLE_PARENT, email="shared@example.test")

    response = admin_api(tenant_a).put(
        f"parents/{parent.pk}", {"emailAddress": "mine@example.test", "firstName": "A", "lastName": "B"}
    )

    assert_error(response, 400, "The given data was invalid.", {"emailAddress": ...})
    assert Account.objects.filter(email="shared@example.test").exists()


def test_given_an_own_account_when_admin_changes_the_email_then_the_login_changes(tenant_a):
    parent = make_user(tenant_a, ROLE_PARENT, email="old@example.test")

    response = admin_api(tenant_a).put(
        f"parents/{parent.pk}", {"emailAddress": "new@example.test", "firstName": "A", "lastName": "B"}
    )

    assert response.status_code == 200, response.content
    assert response.json()["emailAddress"] == "new@example.test"
    assert Account.objects.get(pk=parent.account_id).email == "new@example.test"


def test_given_parents_when_filtering_then_status_institution_overdue_and_search_apply(tenant_a):
    school = make_institution(tenant_a)
    with_child = make_user(tenant_a, ROLE_PARENT, first_name="Jan", last_name="Adamski", phone_number="601202303")
    make_child(tenant_a, with_child, institution=school)
    overdue = make_user(tenant_a, ROLE_PARENT, first_name="Ewa", last_name="Bąk", payments_overdue=True)
    archived = make_user(tenant_a, ROLE_PARENT, first_name="Olga", last_name="Cis")
    api = admin_api(tenant_a)
    assert api.post(f"parents/{archived.pk}/archive").json() == {"status": True}

    def ids(**params):
        response = api.get("parents", params)
        assert response.status_code == 200, response.content
        return [item["id"] for item in response.json()["items"]]

    assert ids(institutionId=school.pk) == [with_child.pk]
    assert ids(paymentsOverdue="true") == [overdue.pk]
    assert ids(status="archived") == [archived.pk]
    assert archived.pk not in ids(status="active")
    assert ids(search="202303") == [with_child.pk]
    assert ids(search=overdue.email.upper()) == [overdue.pk]
    rows = api.get("parents", {"institutionId": school.pk}).json()["items"]
    assert rows[0]["childrenCount"] == 1


def test_given_institutions_admin_when_listing_then_only_parents_with_a_child_in_their_institutions(tenant_a):
    mine, other = make_institution(tenant_a), make_institution(tenant_a)
    near = make_user(tenant_a, ROLE_PARENT)
    far = make_user(tenant_a, ROLE_PARENT)
    make_child(tenant_a, near, institution=mine)
    far_child = make_child(tenant_a, far, institution=other)
    make_child(tenant_a, near, institution=other)
    api = Api(tenant_a, institutions_admin(tenant_a, mine))

    listed = [item["id"] for item in api.get("parents").json()["items"]]
    details = api.get(f"parents/{near.pk}").json()

    assert listed == [near.pk]
    assert_error(api.get(f"parents/{far.pk}"), 404, "Not found.")
    assert_error(api.post(f"parents/{far.pk}/deactivate"), 404, "Not found.")
    assert [child["institution"]["id"] for child in details["children"]] == [mine.pk]
    assert details["internalNote"] is None
    assert far_child.pk not in [child["id"] for child in api.get(f"parents/{near.pk}/children").json()["items"]]
    assert_error(
        api.post("parents", {"emailAddress": "x@example.test", "firstName": "A", "lastName": "B"}), 403, "Forbidden."
    )


def test_given_institutions_admin_without_parents_permissions_then_forbidden(tenant_a):
    school = make_institution(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    make_child(tenant_a, parent, institution=school)
    viewer = Api(tenant_a, institutions_admin(tenant_a, school, permissions=("parents_view",)))
    nobody = Api(tenant_a, institutions_admin(tenant_a, school, permissions=()))

    assert viewer.get(f"parents/{parent.pk}").status_code == 200
    assert_error(viewer.post(f"parents/{parent.pk}/deactivate"), 403, "Forbidden.")
    assert_error(nobody.get("parents"), 403, "Forbidden.")


def test_given_a_parent_with_children_when_deleting_then_409_and_archive_instead(tenant_a):
    parent = make_user(tenant_a, ROLE_PARENT)
    make_child(tenant_a, parent)
    api = admin_api(tenant_a)

    assert_error(
        api.delete(f"parents/{parent.pk}"),
        409,
        "This record is in use and cannot be deleted.",
        {"id": ["The parent has children or history (orders, payments). Archive the parent instead."]},
    )
    assert api.post(f"parents/{parent.pk}/archive").json() == {"status": True}
    details = api.get(f"parents/{parent.pk}").json()
    assert (details["status"], details["isActive"], len(details["children"])) == ("archived", False, 1)
    assert details["children"][0]["status"] == "active"  # the children are not archived with the parent
    assert api.post(f"parents/{parent.pk}/activate").json() == {"status": True}
    assert api.get(f"parents/{parent.pk}").json()["status"] == "active"


def test_given_a_signed_in_parent_when_deactivated_then_their_token_stops_working(tenant_a):
    parent = make_user(tenant_a, ROLE_PARENT)
    own = Api(tenant_a, parent)
    assert own.get("auth/currentUser").status_code == 200

    assert admin_api(tenant_a).post(f"parents/{parent.pk}/deactivate").json() == {"status": True}

    assert_error(own.get("auth/currentUser"), 401, "Unauthenticated.")
    with in_tenant(tenant_a):
        assert AuditEntry.objects.filter(action="user.deactivate", target_id=str(parent.pk)).exists()


def test_given_reset_password_when_asked_then_an_email_is_deferred_to_the_parent(tenant_a):
    parent = make_user(tenant_a, ROLE_PARENT, email="forgot@example.test")

    assert admin_api(tenant_a).post(f"parents/{parent.pk}/resetPassword").json() == {"status": True}

    job = ProcrastinateJob.objects.get()
    assert job.args["to"] == ["forgot@example.test"]
    assert "alpha.localhost" in job.args["text"]


def test_given_set_password_when_valid_then_the_parent_signs_in_with_it_and_old_tokens_die(tenant_a):
    parent = make_user(tenant_a, ROLE_PARENT)
    own = Api(tenant_a, parent)
    api = admin_api(tenant_a)

    assert_error(
        api.put(f"parents/{parent.pk}/password", {"password": "short", "passwordConfirmation": "other"}),
        400,
        "The given data was invalid.",
        {"passwordConfirmation": ["The passwords do not match."]},
    )
    assert_error(
        api.put(f"parents/{parent.pk}/password", {"password": "123", "passwordConfirmation": "123"}),
        400,
        "The given data was invalid.",
        {"password": ...},
    )
    response = api.put(
        f"parents/{parent.pk}/password", {"password": "Nowe-haslo-2026", "passwordConfirmation": "Nowe-haslo-2026"}
    )

    assert response.json() == {"status": True}
    account = Account.objects.get(pk=parent.account_id)
    assert account.check_password("Nowe-haslo-2026") and not account.check_password(DEFAULT_PASSWORD)
    assert_error(own.get("auth/currentUser"), 401, "Unauthenticated.")


def test_given_a_parent_when_flagging_payments_overdue_then_default_true_and_false_clears(tenant_a):
    parent = make_user(tenant_a, ROLE_PARENT)
    api = admin_api(tenant_a)

    assert api.post(f"parents/{parent.pk}/paymentsOverdue").json() == {"status": True}
    assert api.get(f"parents/{parent.pk}").json()["paymentsOverdue"] is True
    assert api.post(f"parents/{parent.pk}/paymentsOverdue", {"paymentsOverdue": False}).json() == {"status": True}
    assert api.get(f"parents/{parent.pk}").json()["paymentsOverdue"] is False


def test_given_a_parent_with_children_in_two_institutions_then_each_viewer_sees_those_in_their_reach(tenant_a):
    """Admins see every child of a parent, an institutions admin those of their institutions, the parent their own."""
    mine, other = make_institution(tenant_a), make_institution(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT)
    near_child = make_child(tenant_a, parent, institution=mine)
    far_child = make_child(tenant_a, parent, institution=other)
    viewers = {
        "admin": Api(tenant_a, make_user(tenant_a, ROLE_ADMIN)),
        "institutions admin": Api(tenant_a, institutions_admin(tenant_a, mine)),
        "parent": Api(tenant_a, parent),
    }

    listed = {
        name: sorted(item["id"] for item in api.get(f"parents/{parent.pk}/children").json()["items"])
        for name, api in viewers.items()
    }
    detailed = {
        name: sorted(child["id"] for child in viewers[name].get(f"parents/{parent.pk}").json()["children"])
        for name in ("admin", "institutions admin")
    }

    both = sorted([near_child.pk, far_child.pk])
    assert listed == {"admin": both, "institutions admin": [near_child.pk], "parent": both}
    assert detailed == {"admin": both, "institutions admin": [near_child.pk]}


def test_given_a_parent_when_reading_own_children_then_only_own_and_not_someone_elses(tenant_a):
    parent, stranger = make_user(tenant_a, ROLE_PARENT), make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, parent)
    make_child(tenant_a, stranger)
    own = Api(tenant_a, parent)

    response = own.get(f"parents/{parent.pk}/children")

    assert [item["id"] for item in response.json()["items"]] == [child.pk]
    assert_error(own.get(f"parents/{stranger.pk}/children"), 403, "Forbidden.")
    assert_error(own.get(f"parents/{parent.pk}"), 403, "Forbidden.")


def test_given_parent_details_then_children_balance_and_last_ten_transactions(tenant_a, django_assert_max_num_queries):
    parent = make_user(tenant_a, ROLE_PARENT)
    child = make_child(tenant_a, parent, card_number="123456")
    with in_tenant(tenant_a):
        for index in range(12):
            deposit_create(actor=None, user=parent, amount=Decimal(index + 1), description=f"Wpłata {index + 1}")
    api = admin_api(tenant_a)

    with django_assert_max_num_queries(12):  # + the transactions, in one query, and their fiscal receipts, in one
        body = api.get(f"parents/{parent.pk}").json()

    assert body["childrenCount"] == 1
    assert body["balance"] == {"amount": "78.00", "currency": "PLN"}
    assert [row["description"] for row in body["recentTransactions"]] == [f"Wpłata {n}" for n in range(12, 2, -1)]
    assert {key: body["recentTransactions"][0][key] for key in ("kind", "amount", "balanceAfter", "user")} == {
        "kind": "deposit",
        "amount": {"amount": "12.00", "currency": "PLN"},
        "balanceAfter": {"amount": "78.00", "currency": "PLN"},
        "user": {"id": parent.pk, "fullName": parent.full_name},
    }
    assert body["children"] == [
        {
            "id": child.pk,
            "firstName": child.first_name,
            "lastName": child.last_name,
            "institution": {"id": child.institution_id, "name": child.institution.name},
            "classroom": {"id": child.classroom_id, "name": child.classroom.name},
            "cardNumber": "123456",
            "isActive": True,
            "status": "active",
        }
    ]


@pytest.mark.parametrize("role", [role for role in ROLES if role not in (ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN)])
def test_given_other_roles_when_using_commands_then_forbidden_and_nothing_changes(tenant_a, role):
    parent = make_user(tenant_a, ROLE_PARENT)
    api = Api(tenant_a, make_user(tenant_a, role))

    for command in ("activate", "deactivate", "archive", "resetPassword", "paymentsOverdue"):
        assert_error(api.post(f"parents/{parent.pk}/{command}"), 403, "Forbidden.")
    with in_tenant(tenant_a):
        assert User.objects.get(pk=parent.pk).is_active is True


def test_given_an_archived_parent_when_a_put_leaves_fields_out_then_they_keep_their_values(tenant_a):
    parent = make_user(
        tenant_a,
        ROLE_PARENT,
        phone_number="601202303",
        phone_number2="1234567",
        bank_account_number=VALID_NRB,
        internal_note="Pays late",
        payments_overdue=True,
    )
    api = admin_api(tenant_a)
    assert api.post(f"parents/{parent.pk}/archive").json() == {"status": True}

    response = api.put(f"parents/{parent.pk}", {"emailAddress": parent.email, "firstName": "Ola", "lastName": "Nowak"})

    assert response.status_code == 200, response.content
    body = response.json()
    assert {
        key: body[key]
        for key in (
            "firstName",
            "status",
            "isActive",
            "phoneNumber",
            "phoneNumber2",
            "bankAccountNumber",
            "internalNote",
            "paymentsOverdue",
        )
    } == {
        "firstName": "Ola",
        "status": "archived",
        "isActive": False,
        "phoneNumber": "601202303",
        "phoneNumber2": "1234567",
        "bankAccountNumber": VALID_NRB,
        "internalNote": "Pays late",
        "paymentsOverdue": True,
    }


def test_given_parents_with_children_when_listing_then_by_name_each_with_their_children_count(tenant_a):
    zofia = make_user(tenant_a, ROLE_PARENT, first_name="Zofia", last_name="Abacka")
    jan = make_user(tenant_a, ROLE_PARENT, first_name="Jan", last_name="Abacki")
    school = make_institution(tenant_a)
    make_child(tenant_a, jan, school)
    make_child(tenant_a, jan, school)
    make_child(tenant_a, zofia, school)

    rows = admin_api(tenant_a).get("parents", {"institutionId": school.pk}).json()["items"]

    assert [(row["id"], row["childrenCount"]) for row in rows] == [(zofia.pk, 1), (jan.pk, 2)]
