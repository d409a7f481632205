"""Typed tenant settings: one row per tenant schema; each section a JSON object validated by its
serializer in sections.py, so defaults and types live in one place."""

from __future__ import annotations

from django.db import models

from kantyna.core.uploads import TenantFolder


class TenantSettings(models.Model):
    singleton = models.BooleanField(default=True, unique=True, editable=False)
    values = models.JSONField(default=dict)
    # Files stored before TenantFolder keep their old names ("company/<sender's name>"): the logo view serves
    # whatever name this row holds, so they still resolve, for this tenant only.
    company_logo = models.FileField(upload_to=TenantFolder("company"), blank=True, max_length=200)
    updated_at = models.DateTimeField(auto_now=True)
