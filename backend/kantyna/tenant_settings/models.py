"""Typed tenant settings: one row per tenant schema; each section a JSON object validated by its
serializer in sections.py, so defaults and types live in one place."""

from __future__ import annotations

from django.db import models


class TenantSettings(models.Model):
    singleton = models.BooleanField(default=True, unique=True, editable=False)
    values = models.JSONField(default=dict)
    company_logo = models.FileField(upload_to="company/", blank=True)
    updated_at = models.DateTimeField(auto_now=True)
