"""Writes on tenants: creating one creates its schema, runs its migrations and its first admin."""

from __future__ import annotations

from django.conf import settings
from django.core.management import call_command
from django.db import connection, transaction
from django_tenants.utils import schema_context

from kantyna.tenancy.models import Domain, Tenant, schema_name_for, validate_slug
from kantyna.tenancy.signals import tenant_created


def tenant_host(slug: str) -> str:
    return f"{slug}.{settings.BASE_DOMAIN}"


def tenant_origin(slug: str) -> str:
    port = settings.PUBLIC_PORT
    default_port = {"http": "80", "https": "443"}[settings.PUBLIC_URL_SCHEME]
    suffix = "" if port in ("", default_port) else f":{port}"
    return f"{settings.PUBLIC_URL_SCHEME}://{tenant_host(slug)}{suffix}"


def tenant_create(
    *, slug: str, name: str, is_demo: bool = False, locale: str = "pl", public_holidays: bool = True
) -> Tenant:
    """Create a tenant and its migrated schema, this year's and next year's public holidays made free days
    (`public_holidays`: tests leave them out to choose their own days).

    The row is committed first (django-tenants migrates a schema named by a saved tenant) but not ready: no
    request, sign-in or job reaches the tenant (`Tenant.objects.ready()`) while its schema is made and migrated,
    and it becomes ready in the last step, once complete. A creation that stopped half way (the process killed
    while migrating) is finished by calling this again with the same slug."""
    validate_slug(slug)
    connection.set_schema_to_public()
    tenant = Tenant.objects.filter(slug=slug, is_ready=False).first()
    resumed = tenant is not None
    if not resumed:
        with transaction.atomic():
            tenant = Tenant.objects.create(
                slug=slug, name=name, schema_name=schema_name_for(slug), is_demo=is_demo, locale=locale
            )
            Domain.objects.create(tenant=tenant, domain=tenant_host(slug), is_primary=True)
    tenant.create_schema(check_if_exists=True, verbosity=0)
    if resumed:
        # Its schema may be there half migrated, which create_schema leaves as it is: the missing ones are applied.
        call_command("migrate_schemas", tenant=True, schema_name=tenant.schema_name, interactive=False, verbosity=0)
    # Ordering offers the public holidays (ordering/apps.py).
    tenant_created.send(sender=Tenant, tenant=tenant, public_holidays=public_holidays)
    connection.set_schema_to_public()
    tenant.is_ready = True
    tenant.save(update_fields=["is_ready"])
    return tenant


def tenant_get(slug: str) -> Tenant:
    return Tenant.objects.get(slug=slug)


def current_tenant_slug() -> str:
    """The slug of the tenant whose schema is active: a request's tenant, or (jobs, `in_tenant`, whose stand-in
    tenant has no fields) the row of the active schema."""
    slug = getattr(connection.tenant, "slug", None)
    if slug is None:
        slug = Tenant.objects.filter(schema_name=connection.schema_name).values_list("slug", flat=True).first()
    return slug or ""


def in_tenant(tenant: Tenant):
    """Context manager running ORM calls inside a tenant's schema."""
    return schema_context(tenant.schema_name)
