"""The sign-in site: `/sso/api/token` (JSON) and the `/sso/login` form, with throttling and no open redirect."""

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from rest_framework.test import APIClient

from kantyna.identity.models import LoginFailure, PasswordResetToken
from kantyna.identity.tokens import token_decode
from kantyna.tenancy.services import in_tenant
from kantyna.testing import DEFAULT_PASSWORD, Api, assert_error, make_user
from kantyna.users.models import User

INVALID = "Invalid e-mail address or password."
TOO_MANY = "Too many attempts. Please try again later."


@pytest.fixture(autouse=True)
def _fixed_public_origin(settings):
    settings.PUBLIC_URL_SCHEME = "http"
    settings.PUBLIC_PORT = "8000"


def token_call(email, password, host="auth.localhost", ip="10.0.0.1"):
    client = APIClient(HTTP_HOST=host, REMOTE_ADDR=ip, HTTP_USER_LOCALE="en")
    return client.post("/sso/api/token", {"emailAddress": email, "password": password}, format="json")


def test_given_valid_credentials_when_requesting_token_then_token_expiry_and_active_tenants(tenant_a, tenant_b):
    user = make_user(tenant_a, "ROLE_PARENT", email="Ola@Example.test")
    inactive_b = make_user(tenant_b, "ROLE_PARENT", email="ola@example.test")
    with in_tenant(tenant_b):
        User.objects.filter(pk=inactive_b.pk).update(is_active=False)

    response = token_call("  OLA@example.test ", DEFAULT_PASSWORD)

    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"token", "expiresAt", "tenants"}
    assert body["tenants"] == [{"slug": "alpha", "name": "Alpha Catering", "url": "http://alpha.localhost:8000"}]
    claims = token_decode(body["token"])
    assert claims["sub"] == str(user.account_id)
    assert body["expiresAt"].startswith(("20", "21"))
    assert Api(tenant_a, token=body["token"]).get("auth/currentUser").json()["id"] == user.id


def test_given_account_in_both_tenants_when_signing_in_then_both_listed_by_name(tenant_a, tenant_b):
    make_user(tenant_a, "ROLE_PARENT", email="two@example.test")
    make_user(tenant_b, "ROLE_COOK", email="two@example.test")
    body = token_call("two@example.test", DEFAULT_PASSWORD).json()
    assert [t["slug"] for t in body["tenants"]] == ["alpha", "beta"]


def test_given_token_call_on_tenant_host_when_valid_then_also_served(tenant_a):
    make_user(tenant_a, "ROLE_PARENT", email="host@example.test")
    assert token_call("host@example.test", DEFAULT_PASSWORD, host="alpha.localhost").status_code == 200


@pytest.mark.parametrize(
    ("email", "password"), [("known@example.test", "wrong-password"), ("nobody@example.test", DEFAULT_PASSWORD)]
)
def test_given_wrong_credentials_when_requesting_token_then_401_and_failure_recorded(tenant_a, email, password):
    make_user(tenant_a, "ROLE_PARENT", email="known@example.test")
    assert_error(token_call(email, password), 401, INVALID)
    assert list(LoginFailure.objects.values_list("email", "ip_address")) == [(email, "10.0.0.1")]


def test_given_missing_fields_when_requesting_token_then_400(tenant_a):
    assert_error(
        token_call("", ""),
        400,
        "The given data was invalid.",
        {"emailAddress": ["This field is required."], "password": ["This field is required."]},
    )


def test_given_inactive_account_when_signing_in_then_401(tenant_a):
    user = make_user(tenant_a, "ROLE_PARENT", email="gone@example.test")
    user.account.is_active = False
    user.account.save(update_fields=["is_active"])
    assert_error(token_call("gone@example.test", DEFAULT_PASSWORD), 401, INVALID)


def wrong_passwords(email, ip, times):
    for _ in range(times):
        assert_error(token_call(email, "bad", ip=ip), 401, INVALID)


def test_given_five_wrong_passwords_from_address_a_when_owner_signs_in_from_address_b_then_in_after_one_second(
    tenant_a, clock
):
    """The lock-out of issue 11: five wrong passwords used to lock the account for everybody for 15 minutes."""
    make_user(tenant_a, "ROLE_PARENT", email="victim@example.test")
    wrong_passwords("victim@example.test", "10.0.0.66", 5)

    early = token_call("victim@example.test", DEFAULT_PASSWORD, ip="10.0.0.7")
    clock.advance(seconds=1)
    owner = token_call("victim@example.test", DEFAULT_PASSWORD, ip="10.0.0.7")

    assert_error(early, 429, TOO_MANY)
    assert early["Retry-After"] == "1"  # the account-wide delay, not the guesser's 15-minute lock
    assert owner.status_code == 200
    assert owner.json()["tenants"][0]["slug"] == "alpha"


def test_given_five_wrong_passwords_from_one_address_when_right_password_from_it_then_429_until_window_passes(
    settings, tenant_a, clock
):
    make_user(tenant_a, "ROLE_PARENT", email="victim@example.test")
    wrong_passwords("victim@example.test", "10.0.0.66", 5)
    clock.advance(seconds=60)

    locked = token_call("victim@example.test", DEFAULT_PASSWORD, ip="10.0.0.66")

    assert_error(locked, 429, TOO_MANY)
    assert locked["Retry-After"] == str(settings.LOGIN_FAILURE_WINDOW_SECONDS - 60)
    assert LoginFailure.objects.filter(email="victim@example.test").count() == 5  # a refusal is not counted
    clock.advance(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS - 60)
    assert token_call("victim@example.test", DEFAULT_PASSWORD, ip="10.0.0.66").status_code == 200


def test_given_guesses_from_many_addresses_when_guessing_on_then_each_guess_waits_twice_as_long_up_to_the_cap(
    settings, tenant_a, clock
):
    settings.LOGIN_ACCOUNT_DELAY_MAX_SECONDS = 3
    make_user(tenant_a, "ROLE_PARENT", email="target@example.test")
    for address in range(5):
        wrong_passwords("target@example.test", f"10.1.0.{address}", 1)

    waits = []
    for address in range(5, 9):
        refused = token_call("target@example.test", "bad", ip=f"10.1.0.{address}")
        assert_error(refused, 429, TOO_MANY)
        waits.append(int(refused["Retry-After"]))
        clock.advance(seconds=waits[-1])
        wrong_passwords("target@example.test", f"10.1.0.{address}", 1)

    assert waits == [1, 2, 3, 3]
    assert LoginFailure.objects.filter(email="target@example.test").count() == 9


def test_given_account_delayed_when_password_reset_completed_then_signs_in_at_once_from_the_locked_address(
    tenant_a, clock
):
    make_user(tenant_a, "ROLE_PARENT", email="victim@example.test")
    wrong_passwords("victim@example.test", "10.0.0.66", 5)
    Api(tenant_a).post("auth/sendPasswordResetToken", {"emailAddress": "victim@example.test"})
    token = reset_token_from_outbox()
    confirm = Api(tenant_a).post(
        f"auth/resetPassword/{token}", {"password": "Fresh-pass-789", "passwordConfirmation": "Fresh-pass-789"}
    )

    assert confirm.status_code == 200
    assert not LoginFailure.objects.filter(email="victim@example.test").exists()
    assert token_call("victim@example.test", "Fresh-pass-789", ip="10.0.0.66").status_code == 200


def reset_token_from_outbox() -> str:
    import re

    from procrastinate.contrib.django.models import ProcrastinateJob

    return re.search(r"/sso/reset/(\S+)", ProcrastinateJob.objects.get().args["text"]).group(1)


def test_given_failures_below_limit_when_success_then_counter_resets(settings, tenant_a):
    settings.LOGIN_FAILURES_PER_ACCOUNT = 3
    make_user(tenant_a, "ROLE_PARENT", email="forgetful@example.test")
    for _ in range(2):
        token_call("forgetful@example.test", "bad")
    assert token_call("forgetful@example.test", DEFAULT_PASSWORD).status_code == 200
    assert not LoginFailure.objects.filter(email="forgetful@example.test").exists()
    for _ in range(2):
        token_call("forgetful@example.test", "bad")
    assert token_call("forgetful@example.test", DEFAULT_PASSWORD).status_code == 200


def test_given_too_many_failures_from_one_address_when_other_account_signs_in_then_429(settings, tenant_a):
    settings.LOGIN_FAILURES_PER_IP = 3
    make_user(tenant_a, "ROLE_PARENT", email="innocent@example.test")
    for attempt in range(3):
        assert_error(token_call(f"guess{attempt}@example.test", "bad", ip="10.9.9.9"), 401, INVALID)

    refused = token_call("innocent@example.test", DEFAULT_PASSWORD, ip="10.9.9.9")

    assert_error(refused, 429, TOO_MANY)
    assert 0 < int(refused["Retry-After"]) <= settings.LOGIN_FAILURE_WINDOW_SECONDS
    assert LoginFailure.objects.filter(ip_address="10.9.9.9").count() == 3
    assert token_call("innocent@example.test", DEFAULT_PASSWORD, ip="10.9.9.10").status_code == 200


def test_given_old_failures_outside_window_when_signing_in_then_not_throttled(settings, tenant_a):
    from datetime import timedelta

    from django.utils import timezone

    settings.LOGIN_FAILURES_PER_ACCOUNT = 2
    make_user(tenant_a, "ROLE_PARENT", email="old@example.test")
    long_ago = timezone.now() - timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS + 1)
    LoginFailure.objects.bulk_create([LoginFailure(email="old@example.test", created_at=long_ago)] * 2)
    assert token_call("old@example.test", DEFAULT_PASSWORD).status_code == 200


# --- the HTML form ---


def login_client(host="auth.localhost"):
    return Client(enforce_csrf_checks=False, HTTP_HOST=host)


def post_login(email, password, next_url, host="auth.localhost"):
    return login_client(host).post("/sso/login", {"email": email, "password": password, "next": next_url})


def test_given_login_page_when_opened_then_form_with_csrf_and_next(tenant_a):
    response = login_client().get("/sso/login", {"next": "http://alpha.localhost/auth/callback"})
    assert response.status_code == 200
    content = response.content.decode()
    assert 'name="csrfmiddlewaretoken"' in content
    assert 'name="email"' in content and 'name="password"' in content
    assert 'value="http://alpha.localhost/auth/callback"' in content


def test_given_locale_cookie_when_login_page_opened_then_in_that_language_with_a_switch_to_the_other(tenant_a):
    client = login_client()
    client.cookies["locale"] = "en"
    content = client.get("/sso/login", {"next": "http://alpha.localhost/auth/callback"}).content.decode()
    assert '<html lang="en">' in content
    assert "<title>Sign in · Kantyna</title>" in content
    assert "<strong>EN</strong>" in content
    assert '<a href="?lang=pl&amp;next=http%3A//alpha.localhost/auth/callback">PL</a>' in content


def test_given_lang_in_link_when_login_page_opened_on_another_host_then_that_language_and_remembered(tenant_a):
    client = login_client()
    response = client.get("/sso/login", {"next": "http://alpha.localhost/auth/callback", "lang": "en"})
    assert "<title>Sign in · Kantyna</title>" in response.content.decode()
    assert response.cookies["locale"].value == "en"
    assert response.cookies["locale"]["max-age"] == 7 * 24 * 3600
    assert "<title>Sign in · Kantyna</title>" in client.get("/sso/login").content.decode()


def test_given_valid_credentials_when_posting_form_then_redirect_to_tenant_callback_with_token(tenant_a):
    user = make_user(tenant_a, "ROLE_PARENT", email="form@example.test")

    response = post_login("form@example.test", DEFAULT_PASSWORD, "http://alpha.localhost/auth/callback")

    assert response.status_code == 302
    location = response["Location"]
    assert location.startswith("http://alpha.localhost:8000/auth/callback#token=")
    fragment = parse_qs(urlsplit(location).fragment)
    assert token_decode(fragment["token"][0])["sub"] == str(user.account_id)
    assert json.loads(fragment["tenants"][0]) == [
        {"slug": "alpha", "name": "Alpha Catering", "url": "http://alpha.localhost:8000"}
    ]


def test_given_wrong_password_when_posting_form_then_401_page_without_redirect(tenant_a):
    make_user(tenant_a, "ROLE_PARENT", email="form@example.test")
    response = post_login("form@example.test", "bad", "http://alpha.localhost/auth/callback")
    assert response.status_code == 401
    assert not response.has_header("Location")
    assert b'value="form@example.test"' in response.content


def test_given_an_email_with_nul_when_posting_the_form_then_401_page_and_nothing_recorded(tenant_a):
    response = post_login("form\x00@example.test", "bad", "http://alpha.localhost/auth/callback")

    assert response.status_code == 401
    assert not LoginFailure.objects.exists()


def test_given_an_email_with_nul_when_asking_for_a_reset_link_then_the_same_sent_page(tenant_a):
    response = login_client().post("/sso/forgot", {"email": "form\x00@example.test"})

    assert response.status_code == 200
    assert not PasswordResetToken.objects.exists()


@pytest.mark.parametrize(
    "next_url",
    [
        "http://evil.com/auth/callback",
        "https://evil.com/steal",
        "//evil.com/auth/callback",
        "http://beta.localhost/auth/callback",  # a tenant where the account has no user
        "http://alpha.localhost/elsewhere",  # not the callback path
        "javascript:alert(1)",
    ],
)
def test_given_foreign_next_when_signing_in_on_auth_host_then_not_followed(tenant_a, tenant_b, next_url):
    make_user(tenant_a, "ROLE_PARENT", email="form@example.test")

    response = post_login("form@example.test", DEFAULT_PASSWORD, next_url)

    assert response.status_code == 200  # the "choose a company" page instead of a redirect
    assert not response.has_header("Location")
    content = response.content.decode()
    assert "evil.com" not in content and "beta.localhost" not in content
    assert 'href="http://alpha.localhost:8000/auth/callback#token=' in content


def test_given_foreign_next_when_signing_in_on_tenant_host_then_back_to_that_tenant(tenant_a):
    make_user(tenant_a, "ROLE_PARENT", email="form@example.test")
    response = post_login(
        "form@example.test", DEFAULT_PASSWORD, "http://evil.com/auth/callback", host="alpha.localhost"
    )
    assert response.status_code == 302
    assert response["Location"].startswith("http://alpha.localhost:8000/auth/callback#token=")


def test_given_next_with_tenant_label_on_foreign_domain_when_signing_in_then_canonical_origin_used(tenant_a):
    make_user(tenant_a, "ROLE_PARENT", email="form@example.test")
    response = post_login("form@example.test", DEFAULT_PASSWORD, "http://alpha.evil.com/auth/callback")
    assert response.status_code == 302
    assert response["Location"].startswith("http://alpha.localhost:8000/auth/callback#")


def test_given_account_without_active_tenant_when_signing_in_then_no_access_page(tenant_a):
    user = make_user(tenant_a, "ROLE_PARENT", email="nowhere@example.test")
    with in_tenant(tenant_a):
        User.objects.filter(pk=user.pk).update(is_active=False)
    response = post_login("nowhere@example.test", DEFAULT_PASSWORD, "http://alpha.localhost/auth/callback")
    assert response.status_code == 200
    assert not response.has_header("Location")
    assert b"#token=" not in response.content


def test_given_five_wrong_passwords_on_the_form_when_sixth_posted_then_429_page_with_retry_after(
    settings, tenant_a, clock
):
    make_user(tenant_a, "ROLE_PARENT", email="form@example.test")
    client = Client(HTTP_HOST="auth.localhost", REMOTE_ADDR="10.4.4.4")
    for _ in range(5):
        assert client.post("/sso/login", {"email": "form@example.test", "password": "bad"}).status_code == 401

    response = client.post("/sso/login", {"email": "form@example.test", "password": DEFAULT_PASSWORD})

    assert response.status_code == 429
    assert response["Retry-After"] == str(settings.LOGIN_FAILURE_WINDOW_SECONDS)
    assert not response.has_header("Location")
    assert b'role="alert"' in response.content and b"#token=" not in response.content
