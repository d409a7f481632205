"""Password reset: request (no enumeration, deferred e-mail), confirm (single use, expiry, validation)."""

import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from procrastinate.contrib.django.models import ProcrastinateJob
from rest_framework.test import APIClient

from kantyna.core.tasks import send_email
from kantyna.identity.models import Account, PasswordResetToken
from kantyna.testing import DEFAULT_PASSWORD, Api, assert_error, make_user, token_for

INVALID_LINK = "The password reset link is invalid or has expired."
NEW_PASSWORD = "Fresh-pass-789"


@pytest.fixture(autouse=True)
def _fixed_public_origin(settings):
    settings.PUBLIC_URL_SCHEME = "http"
    settings.PUBLIC_PORT = "8000"


@pytest.fixture
def parent(tenant_a):
    return make_user(tenant_a, "ROLE_PARENT", email="reset@example.test")


def request_reset(tenant, email, **extra):
    return Api(tenant).post("auth/sendPasswordResetToken", {"emailAddress": email}, **extra)


def reset_link_token() -> str:
    job = ProcrastinateJob.objects.get()
    return re.search(r"/sso/reset/(\S+)", job.args["text"]).group(1)


def confirm(tenant, token, password=NEW_PASSWORD, confirmation=None):
    return Api(tenant).post(
        f"auth/resetPassword/{token}",
        {"password": password, "passwordConfirmation": password if confirmation is None else confirmation},
    )


def can_sign_in(email, password) -> bool:
    response = APIClient(HTTP_HOST="auth.localhost").post(
        "/sso/api/token", {"emailAddress": email, "password": password}, format="json"
    )
    return response.status_code == 200


def test_given_known_email_when_requesting_reset_then_status_true_token_and_deferred_email(tenant_a, parent):
    response = request_reset(tenant_a, "RESET@example.test", HTTP_USER_LOCALE="en")

    assert response.status_code == 200
    assert response.json() == {"status": True}
    reset = PasswordResetToken.objects.get()
    assert (reset.account_id, reset.tenant_slug, reset.used_at) == (parent.account_id, "alpha", None)
    job = ProcrastinateJob.objects.get()
    assert (job.task_name, job.queue_name, job.status) == ("kantyna.core.tasks.send_email", "emails", "todo")
    assert job.args["to"] == ["reset@example.test"]
    assert job.args["subject"] == "Kantyna: set your password"
    assert "http://alpha.localhost:8000/sso/reset/" in job.args["text"]
    assert len(reset.token_hash) == 64 and reset_link_token() not in reset.token_hash  # only the hash is stored


def test_given_unknown_email_when_requesting_reset_then_same_answer_and_nothing_created(tenant_a, parent):
    response = request_reset(tenant_a, "stranger@example.test")

    assert response.status_code == 200
    assert response.json() == {"status": True}
    assert not PasswordResetToken.objects.exists()
    assert not ProcrastinateJob.objects.exists()


def test_given_invalid_email_when_requesting_reset_then_400(tenant_a):
    assert_error(
        request_reset(tenant_a, "not-an-email"),
        400,
        "The given data was invalid.",
        {"emailAddress": ["Enter a valid email address."]},
    )


def test_given_deferred_email_when_task_runs_then_json_file_written(settings, tmp_path, tenant_a, parent):
    settings.EMAIL_BACKEND = "kantyna.core.mail.JsonFileEmailBackend"
    settings.EMAIL_FILE_PATH = tmp_path
    request_reset(tenant_a, "reset@example.test")
    job = ProcrastinateJob.objects.get()

    send_email.func(**job.args)

    [path] = tmp_path.glob("*.json")
    record = json.loads(path.read_text())
    assert record["to"] == ["reset@example.test"]
    assert record["subject"] == job.args["subject"]
    assert "/sso/reset/" in record["text"]
    assert record["html"] is None


def test_given_valid_link_when_resetting_then_password_set_tokens_revoked_and_link_single_use(tenant_a, parent):
    old_token = token_for(parent)
    request_reset(tenant_a, "reset@example.test")
    token = reset_link_token()

    response = confirm(tenant_a, token)

    assert response.status_code == 200
    assert response.json() == {"status": True}
    assert can_sign_in("reset@example.test", NEW_PASSWORD)
    assert not can_sign_in("reset@example.test", DEFAULT_PASSWORD)
    assert_error(Api(tenant_a, token=old_token).get("auth/currentUser"), 401, "Unauthenticated.")
    assert PasswordResetToken.objects.get().used_at is not None
    assert_error(confirm(tenant_a, token, password="Another-pass-000"), 400, INVALID_LINK)
    assert Account.objects.get(pk=parent.account_id).check_password(NEW_PASSWORD)


def test_given_two_links_when_one_used_then_the_other_dies(tenant_a, parent):
    request_reset(tenant_a, "reset@example.test")
    first = reset_link_token()
    ProcrastinateJob.objects.all()._raw_delete(ProcrastinateJob.objects.db)
    request_reset(tenant_a, "reset@example.test")
    second = reset_link_token()

    assert confirm(tenant_a, second).status_code == 200
    assert_error(confirm(tenant_a, first, password="Another-pass-000"), 400, INVALID_LINK)


def test_given_expired_link_when_resetting_then_400_and_password_unchanged(tenant_a, parent):
    request_reset(tenant_a, "reset@example.test")
    PasswordResetToken.objects.update(expires_at=timezone.now() - timedelta(seconds=1))

    assert_error(confirm(tenant_a, reset_link_token()), 400, INVALID_LINK)
    assert Account.objects.get(pk=parent.account_id).check_password(DEFAULT_PASSWORD)


def test_given_unknown_token_when_resetting_then_400(tenant_a, parent):
    assert_error(confirm(tenant_a, "made-up-token"), 400, INVALID_LINK)


def test_given_mismatched_confirmation_when_resetting_then_400_and_link_still_valid(tenant_a, parent):
    request_reset(tenant_a, "reset@example.test")
    token = reset_link_token()

    assert_error(
        confirm(tenant_a, token, confirmation="Something-else-1"),
        400,
        "The given data was invalid.",
        {"passwordConfirmation": ["The passwords do not match."]},
    )
    assert confirm(tenant_a, token).status_code == 200


def test_given_weak_password_when_resetting_then_400_and_link_still_valid(tenant_a, parent):
    request_reset(tenant_a, "reset@example.test")
    token = reset_link_token()

    body = assert_error(
        confirm(tenant_a, token, password="12345678"), 400, "The given data was invalid.", {"password": ...}
    )
    assert "This password is entirely numeric." in body["errors"]["password"]
    assert Account.objects.get(pk=parent.account_id).check_password(DEFAULT_PASSWORD)
    assert confirm(tenant_a, token).status_code == 200


def test_given_missing_fields_when_resetting_then_400(tenant_a):
    response = Api(tenant_a).post("auth/resetPassword/whatever", {})
    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"password": ["This field is required."], "passwordConfirmation": ["This field is required."]},
    )


def test_given_html_reset_form_when_submitted_then_password_changes(tenant_a, parent):
    request_reset(tenant_a, "reset@example.test")
    token = reset_link_token()
    client = Client(enforce_csrf_checks=False, HTTP_HOST="alpha.localhost")

    page = client.get(f"/sso/reset/{token}")
    assert page.status_code == 200
    assert b'name="csrfmiddlewaretoken"' in page.content and b'name="password_confirmation"' in page.content

    bad = client.post(f"/sso/reset/{token}", {"password": NEW_PASSWORD, "password_confirmation": "nope"})
    assert bad.status_code == 400
    assert b"field-error" in bad.content

    done = client.post(f"/sso/reset/{token}", {"password": NEW_PASSWORD, "password_confirmation": NEW_PASSWORD})
    assert done.status_code == 200
    assert b'name="password"' not in done.content  # the form is replaced by the success message
    assert can_sign_in("reset@example.test", NEW_PASSWORD)

    again = client.post(
        f"/sso/reset/{token}", {"password": "Other-pass-111", "password_confirmation": "Other-pass-111"}
    )
    assert again.status_code == 400
    assert can_sign_in("reset@example.test", NEW_PASSWORD)


def test_given_html_forgot_form_when_posted_then_reset_requested(tenant_a, parent):
    client = Client(enforce_csrf_checks=False, HTTP_HOST="alpha.localhost")
    assert client.get("/sso/forgot").status_code == 200
    assert client.post("/sso/forgot", {"email": "reset@example.test"}).status_code == 200
    assert PasswordResetToken.objects.get().tenant_slug == "alpha"
    assert client.post("/sso/forgot", {"email": "nobody@example.test"}).status_code == 200
    assert PasswordResetToken.objects.count() == 1


def test_given_dev_mail_page_disabled_when_opened_then_404(settings, tenant_a):
    settings.DEV_MAIL_PAGE = False
    assert Client(HTTP_HOST="auth.localhost").get("/sso/dev/mail").status_code == 404
    assert Client(HTTP_HOST="alpha.localhost").get("/sso/dev/mail").status_code == 404


def test_given_dev_mail_page_enabled_when_opened_then_sent_mails_listed(settings, tmp_path, tenant_a):
    settings.DEV_MAIL_PAGE = True
    settings.EMAIL_BACKEND = "kantyna.core.mail.JsonFileEmailBackend"
    settings.EMAIL_FILE_PATH = tmp_path
    send_email.func(to=["x@example.test"], subject="Visible subject", text="Body")

    response = Client(HTTP_HOST="auth.localhost").get("/sso/dev/mail")

    assert response.status_code == 200
    assert b"Visible subject" in response.content


# --- limits on reset e-mails (issue 11: ten requests used to send ten e-mails) ---


def test_given_ten_requests_for_one_account_when_sent_then_ten_identical_answers_and_three_emails(
    settings, tenant_a, parent, clock
):
    responses = [request_reset(tenant_a, "reset@example.test") for _ in range(10)]

    assert [(r.status_code, r.json()) for r in responses] == [(200, {"status": True})] * 10
    jobs = ProcrastinateJob.objects.all()
    assert settings.PASSWORD_RESETS_PER_ACCOUNT == 3
    assert [job.args["to"] for job in jobs] == [["reset@example.test"]] * 3
    assert PasswordResetToken.objects.count() == 3


def test_given_account_quota_used_when_known_and_unknown_emails_asked_then_answers_identical(tenant_a, parent, clock):
    for _ in range(3):
        request_reset(tenant_a, "reset@example.test", REMOTE_ADDR="10.7.0.1")

    known = request_reset(tenant_a, "reset@example.test", REMOTE_ADDR="10.7.0.2")
    unknown = request_reset(tenant_a, "stranger@example.test", REMOTE_ADDR="10.7.0.2")

    assert (known.status_code, known.content) == (unknown.status_code, unknown.content) == (200, b'{"status":true}')
    assert ProcrastinateJob.objects.count() == 3


def test_given_quota_used_when_window_passes_then_a_new_email_is_sent(settings, tenant_a, parent, clock):
    for _ in range(3):
        request_reset(tenant_a, "reset@example.test")
    clock.advance(seconds=settings.PASSWORD_RESET_WINDOW_SECONDS)

    assert request_reset(tenant_a, "reset@example.test").status_code == 200

    assert ProcrastinateJob.objects.count() == 4


def test_given_ten_requests_from_one_address_when_eleventh_then_429_and_no_email(settings, tenant_a, parent, clock):
    for index in range(10):
        assert request_reset(tenant_a, f"someone{index}@example.test", REMOTE_ADDR="10.8.0.1").status_code == 200

    refused = request_reset(tenant_a, "reset@example.test", REMOTE_ADDR="10.8.0.1")
    elsewhere = request_reset(tenant_a, "reset@example.test", REMOTE_ADDR="10.8.0.2")

    assert_error(refused, 429, "Too many attempts. Please try again later.")
    assert refused["Retry-After"] == str(settings.PASSWORD_RESET_WINDOW_SECONDS)
    assert elsewhere.status_code == 200
    assert [job.args["to"] for job in ProcrastinateJob.objects.all()] == [["reset@example.test"]]


def test_given_address_limit_when_html_form_posted_then_429_page_with_message(settings, tenant_a, parent, clock):
    settings.PASSWORD_RESETS_PER_IP = 1
    client = Client(HTTP_HOST="auth.localhost", REMOTE_ADDR="10.8.0.3", HTTP_USER_LOCALE="en")
    assert client.post("/sso/forgot", {"email": "reset@example.test"}).status_code == 200

    response = client.post("/sso/forgot", {"email": "reset@example.test"})

    assert response.status_code == 429
    assert response["Retry-After"] == str(settings.PASSWORD_RESET_WINDOW_SECONDS)
    assert b'role="alert"' in response.content
    assert ProcrastinateJob.objects.count() == 1


def test_given_staff_sent_links_when_many_then_not_limited(tenant_a, parent):
    from kantyna.identity.services import password_reset_request

    for _ in range(5):
        password_reset_request(email="reset@example.test", tenant_slug="alpha", locale="en")

    assert ProcrastinateJob.objects.count() == 5
