"""Token lifecycle: every request re-checks signature, expiry, version, revocation and tenant membership."""

from datetime import UTC, datetime, timedelta

import jwt
import pytest
from django.conf import settings

from kantyna.identity.models import Account, RevokedToken
from kantyna.identity.tokens import InvalidToken, token_decode, token_issue
from kantyna.tenancy.services import in_tenant
from kantyna.testing import DEFAULT_PASSWORD, Api, assert_error, make_user, token_for
from kantyna.users.models import User

UNAUTHENTICATED = "Unauthenticated."


@pytest.fixture
def parent(tenant_a):
    return make_user(tenant_a, "ROLE_PARENT")


def current_user(tenant, token):
    return Api(tenant, token=token).get("auth/currentUser")


def test_given_no_token_when_calling_private_endpoint_then_401(tenant_a):
    response = Api(tenant_a).get("auth/currentUser")
    assert_error(response, 401, UNAUTHENTICATED)
    assert response["WWW-Authenticate"] == 'Bearer realm="api"'


@pytest.mark.parametrize(
    "header",
    ["Bearer not-a-jwt", "Bearer a.b.c", "Bearer", "Bearer two parts", "Bearer \xff"],
    ids=["garbage", "three-dots", "no-token", "two-parts", "non-ascii"],
)
def test_given_malformed_authorization_when_calling_then_401(tenant_a, parent, header):
    response = Api(tenant_a).client.get("/api/frontend/auth/currentUser", HTTP_AUTHORIZATION=header)
    assert_error(response, 401, UNAUTHENTICATED)


def test_given_token_signed_with_other_secret_when_calling_then_401(tenant_a, parent):
    claims = token_decode(token_for(parent))
    forged = jwt.encode(claims, "not-the-secret-" * 4, algorithm="HS256")
    assert_error(current_user(tenant_a, forged), 401, UNAUTHENTICATED)


def test_given_token_without_required_claim_when_calling_then_401(tenant_a, parent):
    claims = token_decode(token_for(parent))
    del claims["jti"]
    assert_error(
        current_user(tenant_a, jwt.encode(claims, settings.JWT_SECRET, algorithm="HS256")), 401, UNAUTHENTICATED
    )


def test_given_expired_token_when_calling_then_401(tenant_a, parent):
    issued = token_issue(
        account_id=parent.account_id,
        token_version=parent.account.token_version,
        now=datetime.now(UTC) - timedelta(seconds=settings.JWT_TTL_SECONDS + 5),
    )
    with pytest.raises(InvalidToken):
        token_decode(issued.token)
    assert_error(current_user(tenant_a, issued.token), 401, UNAUTHENTICATED)


def test_given_short_ttl_when_token_issued_then_expiry_follows_setting(settings, parent):
    settings.JWT_TTL_SECONDS = 60
    now = datetime(2020, 1, 1, tzinfo=UTC)
    issued = token_issue(account_id=parent.account_id, token_version=1, now=now)
    claims = jwt.decode(
        issued.token, settings.JWT_SECRET, algorithms=["HS256"], options={"verify_exp": False, "verify_iat": False}
    )
    assert issued.expires_at == now + timedelta(seconds=60)
    assert (claims["iat"], claims["exp"], claims["sub"], claims["ver"]) == (
        int(now.timestamp()),
        int(now.timestamp()) + 60,
        str(parent.account_id),
        1,
    )
    assert claims["jti"] == issued.jti


def test_given_logout_when_using_that_token_again_then_401_but_other_token_works(tenant_a, parent):
    first, second = token_for(parent), token_for(parent)

    response = Api(tenant_a, token=first).post("auth/logout")

    assert response.status_code == 200
    assert response.json() == {"status": True}
    assert RevokedToken.objects.filter(jti=token_decode(first)["jti"]).exists()
    assert_error(current_user(tenant_a, first), 401, UNAUTHENTICATED)
    assert current_user(tenant_a, second).status_code == 200


def test_given_password_change_when_done_then_earlier_tokens_401_and_new_token_works(tenant_a, parent):
    first, other = token_for(parent), token_for(parent)

    response = Api(tenant_a, token=first).put(
        "common/account/password",
        {
            "currentPassword": DEFAULT_PASSWORD,
            "password": "Brand-new-pass-456",
            "passwordConfirmation": "Brand-new-pass-456",
        },
    )

    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"status", "token"} and body["status"] is True
    assert_error(current_user(tenant_a, first), 401, UNAUTHENTICATED)
    assert_error(current_user(tenant_a, other), 401, UNAUTHENTICATED)
    assert current_user(tenant_a, body["token"]).json()["id"] == parent.id
    account = Account.objects.get(pk=parent.account_id)
    assert account.check_password("Brand-new-pass-456")
    assert account.token_version == 2


def test_given_wrong_current_password_when_changing_then_400_and_nothing_changes(tenant_a, parent):
    token = token_for(parent)
    response = Api(tenant_a, token=token).put(
        "common/account/password",
        {
            "currentPassword": "wrong-one",
            "password": "Brand-new-pass-456",
            "passwordConfirmation": "Brand-new-pass-456",
        },
    )
    assert_error(
        response, 400, "The given data was invalid.", {"currentPassword": ["The current password is incorrect."]}
    )
    assert current_user(tenant_a, token).status_code == 200
    assert Account.objects.get(pk=parent.account_id).check_password(DEFAULT_PASSWORD)


def test_given_mismatched_or_weak_new_password_when_changing_then_400(tenant_a, parent):
    api = Api(tenant_a, parent)
    mismatch = api.put(
        "common/account/password",
        {"currentPassword": DEFAULT_PASSWORD, "password": "Brand-new-pass-456", "passwordConfirmation": "other"},
    )
    assert_error(
        mismatch, 400, "The given data was invalid.", {"passwordConfirmation": ["The passwords do not match."]}
    )
    weak = api.put(
        "common/account/password",
        {"currentPassword": DEFAULT_PASSWORD, "password": "123", "passwordConfirmation": "123"},
    )
    assert_error(weak, 400, "The given data was invalid.", {"password": ...})
    assert current_user(tenant_a, api.token).status_code == 200
    assert Account.objects.get(pk=parent.account_id).check_password(DEFAULT_PASSWORD)


def test_given_user_deactivated_in_tenant_when_calling_then_401(tenant_a, parent):
    token = token_for(parent)
    with in_tenant(tenant_a):
        User.objects.filter(pk=parent.pk).update(is_active=False)
    assert_error(current_user(tenant_a, token), 401, UNAUTHENTICATED)


def test_given_account_deactivated_when_calling_then_401(tenant_a, parent):
    token = token_for(parent)
    Account.objects.filter(pk=parent.account_id).update(is_active=False)
    assert_error(current_user(tenant_a, token), 401, UNAUTHENTICATED)


def test_given_token_version_bumped_when_calling_with_old_token_then_401(tenant_a, parent):
    token = token_for(parent)
    Account.objects.filter(pk=parent.account_id).update(token_version=5)
    assert_error(current_user(tenant_a, token), 401, UNAUTHENTICATED)
