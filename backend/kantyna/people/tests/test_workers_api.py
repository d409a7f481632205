"""Institution workers through the HTTP API: the generic CRUD checks plus their own rules (one login across
tenants, statuses, tokens, passwords, history)."""

from __future__ import annotations

from unittest import mock

import pytest
from procrastinate.contrib.django.models import ProcrastinateJob
from rest_framework.test import APIClient

from kantyna.audit.models import AuditEntry
from kantyna.catalog import services as catalog
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.identity.models import Account, PasswordResetToken
from kantyna.people.models import WorkerProfile
from kantyna.people.services import groups as group_services
from kantyna.people.services import workers as services
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import DEFAULT_PASSWORD, make_user, unique_email
from kantyna.users.models import User
from kantyna.users.services import lifecycle

from .helpers import admin_api, make_diet, make_institution, make_worker

ADMIN_ONLY = frozenset({ROLE_ADMIN})
NEW_PASSWORD = "Brand-new-pass-987"


def can_sign_in(email, password, tenant_slug: str = "alpha") -> bool:
    """The password is right and the sign-in offers this tenant."""
    response = APIClient(HTTP_HOST="auth.localhost").post(
        "/sso/api/token", {"emailAddress": email, "password": password}, format="json"
    )
    return response.status_code == 200 and tenant_slug in [tenant["slug"] for tenant in response.json()["tenants"]]


class TestInstitutionWorkersApi(CrudApiTests):
    path = "institutionsWorkers"
    model = WorkerProfile
    read_roles = ADMIN_ONLY
    # session (account, revoked token and user in one) + count + page (one join) + allergies
    list_queries = 4
    audit_prefix = "institution_worker"
    changed_field = "lastName"

    def make_instance(self, tenant, index):
        return make_worker(index)

    def create_payload(self, tenant):
        with in_tenant(tenant):
            institution, diet = make_institution(), make_diet()
        return {
            "emailAddress": unique_email("new-worker"),
            "firstName": "Łucja",
            "lastName": "Żak",
            "phoneNumber": "601 202 303",
            "institutionId": institution.pk,
            "dietId": diet.pk,
            "cardNumber": " AB12345 ",
        }

    def invalid_payload(self):
        return {
            "emailAddress": "nope",
            "firstName": "",
            "phoneNumber": "12",
            "cardNumber": "ab1",
            "discountPercent": "120",
        }, {
            "emailAddress": ["Enter a valid email address."],
            "firstName": ["This field may not be blank."],
            "lastName": ["This field is required."],
            "phoneNumber": ["Enter 7 or 9 digits, optionally separated by spaces."],
            "institutionId": ["This field is required."],
            "dietId": ["This field is required."],
            "cardNumber": ["The card number must have 6 to 10 characters: digits or capital letters."],
            "discountPercent": ["Ensure this value is less than or equal to 100."],
        }

    def update_payload(self, instance):
        return {
            "firstName": instance.user.first_name,
            "lastName": f"{instance.user.last_name}-Nowak",
            "phoneNumber": "6007008",
            "institutionId": instance.institution_id,
            "dietId": instance.diet_id,
        }


def test_given_create_payload_when_posting_then_user_profile_and_password_link(tenant_a):
    api = admin_api(tenant_a)
    with in_tenant(tenant_a):
        institution, diet = make_institution(), make_diet()
        allergen = catalog.allergen_create(actor=None, name="Gluten")
        group = group_services.workers_group_create(actor=None, name="Kuchnia", institution=institution)

    response = api.post(
        "institutionsWorkers",
        {
            "emailAddress": "Ewa.Nowak@Example.test",
            "firstName": "Ewa",
            "lastName": "Nowak",
            "phoneNumber": "601 202 303",
            "institutionId": institution.pk,
            "dietId": diet.pk,
            "cardNumber": "ABC123",
            "allergies": [allergen.pk],
            "allergiesNote": "Bez glutenu",
            "groupId": group.pk,
            "hasDiscount": True,
            "discountPercent": "25.50",
            "expirationDate": "2026-12-31",
            "internalNote": "Tylko dla admina",
        },
    )

    assert response.status_code == 201, response.content
    body = response.json()
    with in_tenant(tenant_a):
        profile = WorkerProfile.objects.select_related("user__account").get(pk=body["id"])
        assert profile.user.roles == [ROLE_INSTITUTION_WORKER]
        assert list(profile.user.institutions.all()) == [institution]
        assert AuditEntry.objects.filter(action="user.create", target_id=str(profile.user_id)).exists()
    assert {key: body[key] for key in ("userId", "emailAddress", "phoneNumber", "groupName", "status")} == {
        "userId": profile.user_id,
        "emailAddress": "ewa.nowak@example.test",
        "phoneNumber": "601202303",
        "groupName": "Kuchnia",
        "status": "active",
    }
    assert (body["allergies"], body["discountPercent"], body["expirationDate"]) == (
        [allergen.pk],
        "25.50",
        "2026-12-31",
    )
    assert PasswordResetToken.objects.filter(account=profile.user.account).count() == 1
    assert ProcrastinateJob.objects.get().args["to"] == ["ewa.nowak@example.test"]


def test_given_email_of_this_tenants_user_when_creating_then_field_error_and_nothing_created(tenant_a):
    api = admin_api(tenant_a)
    parent = make_user(tenant_a, ROLE_PARENT, email="taken@example.test")
    with in_tenant(tenant_a):
        institution, diet = make_institution(), make_diet()
        users_before = User.objects.count()

    response = api.post(
        "institutionsWorkers",
        {
            "emailAddress": "TAKEN@example.test",
            "firstName": "A",
            "lastName": "B",
            "phoneNumber": "600700800",
            "institutionId": institution.pk,
            "dietId": diet.pk,
        },
    )

    assert_error(
        response, 400, "The given data was invalid.", {"emailAddress": ["This e-mail address is already used."]}
    )
    with in_tenant(tenant_a):
        assert User.objects.count() == users_before
        assert not WorkerProfile.objects.exists()
    assert parent.account.email == "taken@example.test"


def test_given_account_of_another_tenant_when_creating_then_one_login_and_no_password_email(tenant_a, tenant_b):
    other = make_user(tenant_b, ROLE_PARENT, email="shared@example.test")
    api = admin_api(tenant_a)
    with in_tenant(tenant_a):
        institution, diet = make_institution(), make_diet()

    response = api.post(
        "institutionsWorkers",
        {
            "emailAddress": "shared@example.test",
            "firstName": "A",
            "lastName": "B",
            "phoneNumber": "600700800",
            "institutionId": institution.pk,
            "dietId": diet.pk,
        },
    )

    assert response.status_code == 201, response.content
    assert Account.objects.filter(email="shared@example.test").count() == 1
    with in_tenant(tenant_a):
        assert WorkerProfile.objects.get().user.account_id == other.account_id
    assert not ProcrastinateJob.objects.exists()  # the account already has a password
    assert can_sign_in("shared@example.test", DEFAULT_PASSWORD)


def test_given_card_of_a_worker_when_another_takes_it_then_refused(tenant_a):
    with in_tenant(tenant_a):
        first = make_worker(1, card_number="CARD001")
        second = make_worker(2)
    api = admin_api(tenant_a)

    response = api.put(
        f"institutionsWorkers/{second.pk}",
        {
            "firstName": "A",
            "lastName": "B",
            "phoneNumber": "600700800",
            "institutionId": second.institution_id,
            "dietId": second.diet_id,
            "cardNumber": "CARD001",
        },
    )

    assert_error(response, 400, "The given data was invalid.", {"cardNumber": ["This card number is already used."]})
    # Keeping one's own card is fine.
    own = api.put(
        f"institutionsWorkers/{first.pk}",
        {
            "firstName": "A",
            "lastName": "B",
            "phoneNumber": "600700800",
            "institutionId": first.institution_id,
            "dietId": first.diet_id,
            "cardNumber": "CARD001",
        },
    )
    assert own.status_code == 200, own.content


def test_given_a_diet_not_served_in_the_institution_when_creating_then_refused(tenant_a):
    api = admin_api(tenant_a)
    with in_tenant(tenant_a):
        institution = make_institution()
        other_place = make_diet(institutions=[make_institution()])
        allergen = catalog.allergen_create(actor=None, name="Mleko")
    payload = {
        "emailAddress": unique_email(),
        "firstName": "A",
        "lastName": "B",
        "phoneNumber": "600700800",
        "institutionId": institution.pk,
        "allergies": [allergen.pk],
    }

    assert_error(
        api.post("institutionsWorkers", {**payload, "emailAddress": unique_email(), "dietId": other_place.pk}),
        400,
        "The given data was invalid.",
        {"dietId": ["This diet is not served in the chosen institution."]},
    )


def test_given_workers_when_filtering_then_each_filter_narrows(tenant_a):
    with in_tenant(tenant_a):
        institution = make_institution()
        group = group_services.workers_group_create(actor=None, name="Biuro")
        active = make_worker(1, institution=institution, group=group, email="active@example.test")
        # E-mails without digits: a generated one (worker-13@…) would match the search for "3" below.
        inactive = make_worker(2, email="dormant@example.test")
        archived = make_worker(3, email="retired@example.test")
        lifecycle.user_deactivate(actor=None, user=inactive.user)
        lifecycle.user_archive(actor=None, user=archived.user)
        services.worker_profile_follow_user(user=archived.user)
    api = admin_api(tenant_a)

    def ids(**params):
        return [item["id"] for item in api.get("institutionsWorkers", params).json()["items"]]

    assert ids(status="active") == [active.pk]
    assert ids(status="inactive") == [inactive.pk]
    assert ids(status="archived") == [archived.pk]
    assert ids(institutionId=institution.pk) == [active.pk]
    assert ids(groupId=group.pk) == [active.pk]
    assert ids(userId=inactive.user_id) == [inactive.pk]
    assert ids(search="ACTIVE@exa") == [active.pk]
    assert ids(search="kowalska 3") == [archived.pk]
    assert ids(sort="-lastName") == [archived.pk, inactive.pk, active.pk]
    options = api.get("institutionsWorkers/options").json()["items"]
    assert {"value": active.pk, "text": "Kowalska 1 Anna1", "userId": active.user_id} in options


def test_given_active_worker_when_deactivating_then_tokens_revoked_and_activate_restores(tenant_a):
    with in_tenant(tenant_a):
        worker = make_worker()
    worker_user = worker.user
    with in_tenant(tenant_a):
        worker_user.account.set_password(DEFAULT_PASSWORD)
        worker_user.account.save()
    worker_api = Api(tenant_a, worker_user)
    assert worker_api.get("auth/currentUser").status_code == 200
    api = admin_api(tenant_a)

    assert api.post(f"institutionsWorkers/{worker.pk}/deactivate").json() == {"status": True}

    assert_error(worker_api.get("auth/currentUser"), 401, "Unauthenticated.")
    assert api.get(f"institutionsWorkers/{worker.pk}").json()["status"] == "inactive"
    assert not can_sign_in(worker_user.account.email, DEFAULT_PASSWORD)

    assert api.post(f"institutionsWorkers/{worker.pk}/activate").json() == {"status": True}

    assert api.get(f"institutionsWorkers/{worker.pk}").json()["status"] == "active"
    assert can_sign_in(worker_user.account.email, DEFAULT_PASSWORD)
    with in_tenant(tenant_a):
        actions = AuditEntry.objects.filter(target_type="users.user", target_id=str(worker.user_id))
        assert {"user.deactivate", "user.activate"} <= set(actions.values_list("action", flat=True))


def test_given_worker_when_archiving_then_archived_inactive_and_activate_unarchives(tenant_a):
    with in_tenant(tenant_a):
        worker = make_worker()
    api = admin_api(tenant_a)

    assert api.post(f"institutionsWorkers/{worker.pk}/archive").json() == {"status": True}

    body = api.get(f"institutionsWorkers/{worker.pk}").json()
    assert (body["status"], body["isActive"], body["archivedAt"] is not None) == ("archived", False, True)
    api.post(f"institutionsWorkers/{worker.pk}/activate")
    body = api.get(f"institutionsWorkers/{worker.pk}").json()
    assert (body["status"], body["archivedAt"]) == ("active", None)
    with in_tenant(tenant_a):
        worker.refresh_from_db()
        assert (worker.archived_at, User.objects.get(pk=worker.user_id).archived_at) == (None, None)


def test_given_worker_when_resetting_password_then_link_emailed(tenant_a):
    with in_tenant(tenant_a):
        worker = make_worker(email="reset.me@example.test")

    response = admin_api(tenant_a).post(f"institutionsWorkers/{worker.pk}/resetPassword")

    assert response.json() == {"status": True}
    job = ProcrastinateJob.objects.get()
    assert job.args["to"] == ["reset.me@example.test"]
    assert "http://alpha.localhost:8000/sso/reset/" in job.args["text"]


def test_given_new_password_when_setting_then_worker_signs_in_with_it(tenant_a):
    with in_tenant(tenant_a):
        worker = make_worker(email="setpass@example.test")
    api = admin_api(tenant_a)

    assert_error(
        api.put(f"institutionsWorkers/{worker.pk}/password", {"password": "x", "passwordConfirmation": "y"}),
        400,
        "The given data was invalid.",
        {"passwordConfirmation": ["The passwords do not match."]},
    )
    assert_error(
        api.put(f"institutionsWorkers/{worker.pk}/password", {"password": "123", "passwordConfirmation": "123"}),
        400,
        "The given data was invalid.",
        {"password": ...},
    )
    response = api.put(
        f"institutionsWorkers/{worker.pk}/password", {"password": NEW_PASSWORD, "passwordConfirmation": NEW_PASSWORD}
    )

    assert response.json() == {"status": True}
    assert can_sign_in("setpass@example.test", NEW_PASSWORD)


def test_given_worker_with_history_when_deleting_then_409_and_kept(tenant_a):
    with in_tenant(tenant_a):
        worker = make_worker()
    api = admin_api(tenant_a)

    with mock.patch("kantyna.people.services.workers.user_has_history", return_value=True):
        response = api.delete(f"institutionsWorkers/{worker.pk}")

    assert_error(
        response,
        409,
        "This record is in use and cannot be deleted.",
        {"id": ["The worker has orders or transactions: archive them instead."]},
    )
    with in_tenant(tenant_a):
        assert WorkerProfile.objects.filter(pk=worker.pk).exists()


def test_given_worker_without_history_when_deleting_then_user_gone_and_account_kept(tenant_a):
    with in_tenant(tenant_a):
        worker = make_worker(email="gone@example.test")

    assert admin_api(tenant_a).delete(f"institutionsWorkers/{worker.pk}").json() == {"status": True}

    with in_tenant(tenant_a):
        assert not User.objects.filter(pk=worker.user_id).exists()
    assert Account.objects.filter(email="gone@example.test").exists()


@pytest.mark.parametrize("role", [ROLE_PARENT, ROLE_INSTITUTION_WORKER])
def test_given_non_admin_when_calling_commands_then_403_and_nothing_changes(tenant_a, role):
    with in_tenant(tenant_a):
        worker = make_worker()
    api = Api(tenant_a, make_user(tenant_a, role))

    for path in ("activate", "deactivate", "archive", "resetPassword"):
        assert_error(api.post(f"institutionsWorkers/{worker.pk}/{path}"), 403, "Forbidden.")
    assert_error(
        api.put(
            f"institutionsWorkers/{worker.pk}/password",
            {"password": NEW_PASSWORD, "passwordConfirmation": NEW_PASSWORD},
        ),
        403,
        "Forbidden.",
    )
    with in_tenant(tenant_a):
        worker.refresh_from_db()
        assert worker.archived_at is None and User.objects.get(pk=worker.user_id).is_active
    assert not ProcrastinateJob.objects.exists()


def test_given_other_tenant_when_calling_commands_then_404(tenant_a, tenant_b):
    with in_tenant(tenant_a):
        worker = make_worker()
    api_b = admin_api(tenant_b)

    for path in ("activate", "deactivate", "archive", "resetPassword"):
        assert_error(api_b.post(f"institutionsWorkers/{worker.pk}/{path}"), 404, "Not found.")
    with in_tenant(tenant_a):
        assert User.objects.get(pk=worker.user_id).is_active


def test_given_an_archived_worker_when_a_put_leaves_fields_out_then_they_keep_their_values(tenant_a):
    api = admin_api(tenant_a)
    with in_tenant(tenant_a):
        institution = make_institution()
        group = group_services.workers_group_create(actor=None, name="Kuchnia", institution=institution)
        worker = make_worker(
            institution=institution,
            card_number="ABC123",
            group=group,
            has_discount=True,
            discount_percent=10,
            internal_note="Uwaga",
            phone_number2="1234567",
        )
        lifecycle.user_archive(actor=None, user=worker.user)
        services.worker_profile_follow_user(user=worker.user)

    response = api.put(
        f"institutionsWorkers/{worker.pk}",
        {
            "firstName": "Ewa",
            "lastName": "Nowak",
            "phoneNumber": "600700800",
            "institutionId": institution.pk,
            "dietId": worker.diet_id,
        },
    )

    assert response.status_code == 200, response.content
    body = response.json()
    keys = ("firstName", "status", "cardNumber", "groupId", "hasDiscount", "discountPercent", "internalNote")
    assert {key: body[key] for key in (*keys, "phoneNumber2")} == {
        "firstName": "Ewa",
        "status": "archived",
        "cardNumber": "ABC123",
        "groupId": group.pk,
        "hasDiscount": True,
        "discountPercent": "10.00",
        "internalNote": "Uwaga",
        "phoneNumber2": "1234567",
    }
