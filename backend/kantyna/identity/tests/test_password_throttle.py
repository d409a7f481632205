"""Password checks behind a session (`common/account/password`, `auth/deleteAccount`, `users/account/remove`)
pass the sign-in's throttle: same limits, same counters (issue 11: 25 wrong guesses used to pass)."""

import pytest
from rest_framework.test import APIClient

from kantyna.identity.models import Account, LoginFailure
from kantyna.tenancy.services import in_tenant
from kantyna.testing import DEFAULT_PASSWORD, Api, assert_error, make_user
from kantyna.users.models import User

TOO_MANY = "Too many attempts. Please try again later."
INVALID = "The given data was invalid."
NEW_PASSWORD = "Brand-new-pass-456"
ADDRESS = "10.5.5.5"


@pytest.fixture
def parent(tenant_a):
    return make_user(tenant_a, "ROLE_PARENT", email="guessed@example.test")


@pytest.fixture
def api(tenant_a, parent):
    return Api(tenant_a, parent)


def change_password(api, current):
    return api.put(
        "common/account/password",
        {"currentPassword": current, "password": NEW_PASSWORD, "passwordConfirmation": NEW_PASSWORD},
        REMOTE_ADDR=ADDRESS,
    )


def is_active(tenant, user) -> bool:
    with in_tenant(tenant):
        return User.objects.get(pk=user.pk).is_active


def test_given_five_wrong_current_passwords_when_sixth_is_right_then_429_and_password_unchanged_until_window_passes(
    settings, tenant_a, parent, api, clock
):
    for _ in range(5):
        assert_error(
            change_password(api, "guess"), 400, INVALID, {"currentPassword": ["The current password is incorrect."]}
        )

    refused = change_password(api, DEFAULT_PASSWORD)

    assert_error(refused, 429, TOO_MANY)
    assert refused["Retry-After"] == str(settings.LOGIN_FAILURE_WINDOW_SECONDS)
    account = Account.objects.get(pk=parent.account_id)
    assert account.check_password(DEFAULT_PASSWORD) and account.token_version == 1
    assert list(LoginFailure.objects.values_list("email", "ip_address")) == [("guessed@example.test", ADDRESS)] * 5
    assert api.get("auth/currentUser").status_code == 200  # the session itself is not ended
    clock.advance(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    assert change_password(api, DEFAULT_PASSWORD).status_code == 200
    assert Account.objects.get(pk=parent.account_id).check_password(NEW_PASSWORD)


@pytest.mark.parametrize("path", ["auth/deleteAccount", "users/account/remove"])
def test_given_five_wrong_passwords_when_deleting_account_with_the_right_one_then_429_and_user_stays(
    tenant_a, parent, api, clock, path
):
    for _ in range(5):
        assert_error(
            api.post(path, {"password": "guess"}, REMOTE_ADDR=ADDRESS),
            400,
            INVALID,
            {"password": ["The password is incorrect."]},
        )

    assert_error(api.post(path, {"password": DEFAULT_PASSWORD}, REMOTE_ADDR=ADDRESS), 429, TOO_MANY)
    assert is_active(tenant_a, parent)
    assert LoginFailure.objects.filter(email="guessed@example.test").count() == 5


def test_given_wrong_current_passwords_behind_a_session_when_signing_in_from_that_address_then_same_counters(
    tenant_a, parent, api, clock
):
    for _ in range(5):
        change_password(api, "guess")

    sign_in = APIClient(HTTP_HOST="auth.localhost", REMOTE_ADDR=ADDRESS).post(
        "/sso/api/token", {"emailAddress": "guessed@example.test", "password": DEFAULT_PASSWORD}, format="json"
    )

    assert_error(sign_in, 429, TOO_MANY)


def test_given_some_wrong_current_passwords_when_the_right_one_follows_then_changed_and_the_address_counter_cleared(
    tenant_a, parent, api, clock
):
    for _ in range(4):
        change_password(api, "guess")

    response = change_password(api, DEFAULT_PASSWORD)

    assert response.status_code == 200
    assert Account.objects.get(pk=parent.account_id).check_password(NEW_PASSWORD)
    assert not LoginFailure.objects.exists()
