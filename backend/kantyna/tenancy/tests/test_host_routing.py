"""Host → tenant resolution (DESIGN.md §2) by TenantFromHostMiddleware."""

import pytest
from django.db import connection
from django.test import Client

from kantyna.tenancy.models import Tenant
from kantyna.testing import Api, make_user

NOT_FOUND = {"message": "Not found.", "errors": {}}


def status_slug(host: str, **extra) -> str:
    response = Client(HTTP_HOST=host).get("/api/frontend/tenant/status", **extra)
    assert response.status_code == 200, response.content
    return response.json()["tenant"]["slug"]


def test_given_tenant_host_when_requesting_then_first_label_selects_tenant(tenant_a, tenant_b):
    assert status_slug("alpha.localhost") == "alpha"
    assert status_slug("beta.localhost") == "beta"
    assert status_slug("beta.localhost:8000") == "beta"


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "localhost:8000"])
def test_given_local_host_when_requesting_then_default_tenant_serves(settings, tenant_a, tenant_b, host):
    settings.DEFAULT_TENANT = "beta"
    assert status_slug(host) == "beta"
    settings.DEFAULT_TENANT = "alpha"
    assert status_slug(host) == "alpha"


def test_given_forwarded_host_header_when_not_configured_then_it_is_ignored(tenant_a, tenant_b):
    assert status_slug("alpha.localhost", HTTP_X_FORWARDED_HOST="beta.localhost") == "alpha"


def test_given_unknown_label_when_calling_api_then_404_json(tenant_a):
    response = Client(HTTP_HOST="nosuch.localhost").get("/api/frontend/tenant/status")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == NOT_FOUND


def test_given_unknown_label_when_opening_page_then_plain_html_404(tenant_a):
    response = Client(HTTP_HOST="nosuch.localhost").get("/orders")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert b"Not found" in response.content


def test_given_inactive_tenant_when_requesting_then_404(tenant_b):
    tenant_b.is_active = False
    tenant_b.save(update_fields=["is_active"])
    response = Client(HTTP_HOST="beta.localhost").get("/api/frontend/tenant/status")
    assert response.status_code == 404
    assert response.json() == NOT_FOUND


def test_given_a_tenant_still_being_created_when_requesting_then_404(db):
    # Given a tenant whose creation has not finished: its row saved, its schema made, not migrated yet
    Tenant.objects.create(slug="delta", name="Delta", schema_name="t_delta")
    with connection.cursor() as cursor:
        cursor.execute("CREATE SCHEMA t_delta")

    response = Client(HTTP_HOST="delta.localhost").get("/api/frontend/tenant/status")

    assert response.status_code == 404
    assert response.json() == NOT_FOUND


def test_given_reserved_auth_host_when_opening_root_then_redirect_to_sign_in(tenant_a):
    response = Client(HTTP_HOST="auth.localhost").get("/")
    assert response.status_code == 302
    assert response["Location"] == "/sso/login"


def test_given_reserved_auth_host_when_opening_login_then_sign_in_page(tenant_a):
    response = Client(HTTP_HOST="auth.localhost").get("/sso/login")
    assert response.status_code == 200
    assert b'name="password"' in response.content


def test_given_reserved_host_when_calling_tenant_api_then_not_served(tenant_a):
    response = Client(HTTP_HOST="auth.localhost").get("/api/frontend/tenant/status")
    assert response.status_code == 404


@pytest.mark.parametrize("host", ["alpha.localhost", "auth.localhost", "www.localhost"])
def test_given_any_served_host_when_health_then_ok(tenant_a, host):
    response = Client(HTTP_HOST=host).get("/api/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_given_disallowed_host_when_requesting_then_404(tenant_a):
    response = Client(HTTP_HOST="alpha.evil.com").get("/api/health")
    assert response.status_code == 404


def test_given_tenant_host_when_unknown_api_path_then_404_json(tenant_a):
    response = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN")).get("nope/nothing")
    assert response.status_code == 404
    assert response.json() == NOT_FOUND
    assert Client(HTTP_HOST="alpha.localhost").get("/api/other").json() == NOT_FOUND
