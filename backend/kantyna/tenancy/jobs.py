"""What the jobs of every app share about tenants: a job names its tenant by slug and runs in that tenant's schema
(`tenant_schema`), and a periodic job fans out one job per active tenant (`active_tenant_slugs`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection

from kantyna.tenancy.models import Tenant


@contextmanager
def tenant_schema(slug: str) -> Iterator[None]:
    """The tenant's schema for the job's work, and the public schema again after it, whatever happens (a worker's
    connection serves the next job, of any tenant)."""
    connection.set_tenant(Tenant.objects.get(slug=slug))
    try:
        yield
    finally:
        connection.set_schema_to_public()


def active_tenant_slugs() -> list[str]:
    """The slugs of the tenants a periodic job serves: active ones, never the public schema."""
    connection.set_schema_to_public()
    return list(Tenant.objects.filter(is_active=True).exclude(schema_name="public").values_list("slug", flat=True))
