"""Tenants live in the public schema; each has a PostgreSQL schema of its own (DESIGN.md §2)."""

from __future__ import annotations

import re

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django_tenants.models import DomainMixin, TenantMixin

SLUG_RE = re.compile(r"^[a-z][a-z0-9-]{1,38}[a-z0-9]$")


def validate_slug(value: str) -> None:
    if not SLUG_RE.match(value):
        raise ValidationError("A tenant slug is 3 to 40 lowercase letters, digits or hyphens, starting with a letter.")
    if value in settings.RESERVED_TENANT_LABELS or value == "public":
        raise ValidationError("This tenant slug is reserved.")


def schema_name_for(slug: str) -> str:
    return "t_" + slug.replace("-", "_")


class TenantQuerySet(models.QuerySet):
    def ready(self):
        """Tenants whose creation has finished (`services.tenant_create`): a schema with every migration applied and
        the first data offered. Anything that enters tenants' schemas on its own (jobs, sign-in's tenant list)
        reaches only these: a tenant being created has a schema without tables, or none."""
        return self.filter(is_ready=True).exclude(schema_name="public")

    def serving(self):
        """Ready and switched on: the tenants a host's label reaches and periodic jobs serve."""
        return self.ready().filter(is_active=True)


class Tenant(TenantMixin):
    slug = models.CharField(max_length=40, unique=True, validators=[validate_slug])
    name = models.CharField(max_length=200)
    locale = models.CharField(max_length=5, default="pl")
    timezone = models.CharField(max_length=64, default="Europe/Warsaw")
    is_demo = models.BooleanField(default=False)
    # Switched on or off by a person; `is_ready` is set once by tenant_create when the tenant is complete.
    is_active = models.BooleanField(default=True)
    is_ready = models.BooleanField(default=False)
    branding = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    # Schemas are created explicitly by services.tenant_create so that creation is one visible step.
    auto_create_schema = False
    auto_drop_schema = False

    objects = TenantQuerySet.as_manager()

    def __str__(self) -> str:
        return self.slug


class Domain(DomainMixin):
    """Required by django-tenants; we resolve tenants by the host's first label, so a row per tenant
    records its canonical host for links in e-mails."""
