"""A lost database answers 503 with Retry-After (JSON error shape on API paths), never an HTML 500.

The outage is simulated with an execute wrapper that fails chosen queries as psycopg does when the server goes
away: Django's OperationalError raised from the driver's."""

from __future__ import annotations

import contextlib

import psycopg
import pytest
from django.db import OperationalError, connection
from django.test import Client
from procrastinate.exceptions import ConnectorException

from kantyna.catalog.models import Diet
from kantyna.core.exceptions import is_database_unavailable
from kantyna.tenancy.selectors import tenant_cache_clear
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.api import host_of

UNAVAILABLE = {"message": "Service temporarily unavailable. Please try again in a moment.", "errors": {}}


@contextlib.contextmanager
def database_lost(when=lambda sql: True):
    """Queries whose SQL matches `when` fail with a lost connection while the block runs."""

    def fail(execute, sql, params, many, context):
        if when(sql):
            driver_error = psycopg.OperationalError("server closed the connection unexpectedly")
            raise OperationalError(str(driver_error)) from driver_error
        return execute(sql, params, many, context)

    with connection.execute_wrapper(fail):
        yield


def browser(tenant) -> Client:
    # Exceptions that reach handler500 are re-raised by the test client unless told otherwise.
    return Client(HTTP_HOST=host_of(tenant), raise_request_exception=False)


def assert_unavailable_json(response) -> None:
    assert response.status_code == 503, response.content[:300]
    assert response["Content-Type"] == "application/json"
    assert response["Retry-After"] == "5"
    assert response.json() == UNAVAILABLE


def test_given_database_lost_when_drf_view_queries_then_json_503(tenant_a):
    admin = make_user(tenant_a, "ROLE_ADMIN")
    client = Api(tenant_a, admin)

    with database_lost(when=lambda sql: "catalog_diet" in sql):
        response = client.get("diets")

    assert_unavailable_json(response)


def test_given_database_lost_when_creating_then_json_503_and_nothing_created(tenant_a):
    admin = make_user(tenant_a, "ROLE_ADMIN")
    client = Api(tenant_a, admin)

    with database_lost(when=lambda sql: "catalog_diet" in sql):
        response = client.post("diets", {"name": "Bezglutenowa"})

    assert_unavailable_json(response)
    with in_tenant(tenant_a):
        assert not Diet.objects.filter(name="Bezglutenowa").exists()


def test_given_database_lost_when_tenant_middleware_looks_up_tenant_then_json_503(tenant_a):
    tenant_cache_clear()  # the tenant is not kept yet: the middleware reads it
    with database_lost():
        response = browser(tenant_a).get("/api/frontend/auth/currentUser")

    assert_unavailable_json(response)


def test_given_database_lost_when_sign_in_api_called_then_json_503(tenant_a):
    with database_lost():
        response = browser(tenant_a).post(
            "/sso/api/token", {"email_address": "a@b.pl", "password": "x"}, content_type="application/json"
        )

    assert_unavailable_json(response)


def test_given_database_lost_when_opening_a_page_then_plain_503_page(tenant_a):
    tenant_cache_clear()  # the tenant is not kept yet: the middleware reads it
    with database_lost():
        response = browser(tenant_a).get("/sso/login")

    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response["Content-Type"].startswith("text/html")
    assert "Service temporarily unavailable. Please try again in a moment." in response.content.decode()


@pytest.mark.parametrize("host", ["alpha.localhost", "auth.localhost"])
def test_given_database_lost_then_back_when_health_then_503_then_200(tenant_a, host):
    client = Client(HTTP_HOST=host, raise_request_exception=False)

    with database_lost():
        during = client.get("/api/health")
    after = client.get("/api/health")

    assert_unavailable_json(during)
    assert (after.status_code, after.json()) == (200, {"status": "ok"})


def test_given_other_error_in_middleware_when_api_path_then_json_500(tenant_a, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("bug")

    monkeypatch.setattr("kantyna.tenancy.middleware.tenant_label", broken)

    response = browser(tenant_a).get("/api/frontend/auth/currentUser")

    assert response.status_code == 500
    assert response.json() == {"message": "Error occured while processing your request.", "errors": {}}


def test_given_wrapped_connection_errors_when_classified_then_unavailable():
    driver_error = psycopg.OperationalError("connection refused")
    try:
        raise ConnectorException("Database error.") from driver_error
    except ConnectorException as error:
        deferring_failed = error

    try:
        try:
            raise OperationalError("lock timeout")
        except OperationalError:
            raise ValueError("refused while handling it") from None
    except ValueError as error:
        handled = error

    assert is_database_unavailable(deferring_failed)
    assert not is_database_unavailable(handled)
    assert is_database_unavailable(psycopg.InterfaceError("connection already closed"))
    assert not is_database_unavailable(ValueError("bad"))
    assert not is_database_unavailable(None)
