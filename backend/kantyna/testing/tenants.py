"""The two test tenants. Their schemas are created once per test database (conftest.django_db_setup);
their public rows are re-created on demand because a transactional test's flush empties public tables."""

from __future__ import annotations

from django.db import connection

TENANTS = {"alpha": "Alpha Catering", "beta": "Beta Catering"}


def tenant_schemas() -> list[str]:
    from kantyna.tenancy.models import schema_name_for

    return [schema_name_for(slug) for slug in TENANTS]


def create_test_tenants() -> None:
    """Create the tenants with migrated schemas (once per test database)."""
    from kantyna.tenancy.services import tenant_create

    connection.set_schema_to_public()
    for slug, name in TENANTS.items():
        # No public holidays: tests pick their days relative to today, and those testing holidays offer them.
        tenant_create(slug=slug, name=name, public_holidays=False)
    connection.set_schema_to_public()


def ensure_tenant(slug: str):
    """The tenant row, re-created (ready) with its Domain row if missing. The schema, migrated once, is never
    re-created."""
    from kantyna.tenancy.models import Domain, Tenant, schema_name_for
    from kantyna.tenancy.selectors import tenant_active_by_slug
    from kantyna.tenancy.services import tenant_host

    connection.set_schema_to_public()
    tenant, _ = Tenant.objects.get_or_create(
        slug=slug, defaults={"name": TENANTS[slug], "schema_name": schema_name_for(slug), "is_ready": True}
    )
    Domain.objects.get_or_create(tenant=tenant, defaults={"domain": tenant_host(slug), "is_primary": True})
    # Requests find it kept, as on a running server (tenancy.selectors): query counts do not depend on which
    # request of a test comes first.
    tenant_active_by_slug(slug)
    return tenant


def truncate_tenant_schemas() -> None:
    """Empty every table of the test tenants' schemas (migrations kept): what a transactional test
    committed there is invisible to Django's flush, which only sees the public schema."""
    connection.set_schema_to_public()
    with connection.cursor() as cursor:
        for schema in tenant_schemas():
            cursor.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = %s AND tablename <> 'django_migrations'",
                [schema],
            )
            tables = [f'"{schema}"."{name}"' for (name,) in cursor.fetchall()]
            if tables:
                cursor.execute(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE")
