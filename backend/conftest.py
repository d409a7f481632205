"""Test infrastructure shared by every area (see kantyna/testing/).

Two tenants, `alpha` and `beta`, are created once per test database (per xdist worker) with migrated
schemas. Tests reach them through the `tenant_a` / `tenant_b` fixtures, which re-create only the public
rows if a transactional test flushed them; the schemas themselves stay.
"""

from __future__ import annotations

import pytest
from django.db import connection

from kantyna.testing.api import Api
from kantyna.testing.factories import make_role_users, make_user

TENANTS = {"alpha": "Alpha Catering", "beta": "Beta Catering"}
TENANT_SCHEMAS = [f"t_{slug}" for slug in TENANTS]


def pytest_configure(config):
    from django.conf import settings

    config.addinivalue_line("markers", "slow: creates tenant schemas; several seconds")
    # Hashing cost is not what these tests measure.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    from kantyna.tenancy.services import tenant_create

    with django_db_blocker.unblock():
        connection.set_schema_to_public()
        for slug, name in TENANTS.items():
            tenant_create(slug=slug, name=name)
        connection.set_schema_to_public()


def _tenant(slug: str):
    """The tenant row, re-created (without touching the schema) when a transactional test flushed it."""
    from kantyna.tenancy.models import Domain, Tenant, schema_name_for
    from kantyna.tenancy.services import tenant_host

    connection.set_schema_to_public()
    tenant, _ = Tenant.objects.get_or_create(
        slug=slug, defaults={"name": TENANTS[slug], "schema_name": schema_name_for(slug)}
    )
    Domain.objects.get_or_create(tenant=tenant, defaults={"domain": tenant_host(slug), "is_primary": True})
    return tenant


@pytest.fixture
def tenant_a(db):
    return _tenant("alpha")


@pytest.fixture
def tenant_b(db):
    return _tenant("beta")


@pytest.fixture(autouse=True)
def _public_schema_after_test():
    yield
    connection.set_schema_to_public()


@pytest.fixture(autouse=True)
def _clean_tenant_schemas_after_transactional_test(request):
    """A transactional test commits into the tenant schemas, which Django's flush (public schema only)
    does not see: empty their tables before the flush, so later tests start clean."""
    marker = request.node.get_closest_marker("django_db")
    transactional = "transactional_db" in request.fixturenames or (
        marker is not None and (marker.kwargs.get("transaction") or (marker.args and marker.args[0]))
    )
    if not transactional:
        yield
        return
    request.getfixturevalue("transactional_db")
    yield
    connection.set_schema_to_public()
    with connection.cursor() as cursor:
        for schema in TENANT_SCHEMAS:
            cursor.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = %s AND tablename <> 'django_migrations'",
                [schema],
            )
            tables = [f'"{schema}"."{name}"' for (name,) in cursor.fetchall()]
            if tables:
                cursor.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")


@pytest.fixture
def api():
    """`api(tenant, user=None, token=None)` → an `Api` client on the tenant's host."""
    return Api


@pytest.fixture
def user_factory():
    return make_user


@pytest.fixture
def role_users(tenant_a):
    """ROLE_USERS: one user per role in tenant alpha, `{role: user}`."""
    return make_role_users(tenant_a)
