"""An append-only trail of who changed what in a tenant; every service write records one entry."""

from __future__ import annotations

from django.db import models


class AuditEntry(models.Model):
    actor_user_id = models.BigIntegerField(null=True, db_index=True)
    actor_email = models.CharField(max_length=254, blank=True)
    action = models.CharField(max_length=100, db_index=True)
    target_type = models.CharField(max_length=100, blank=True)
    target_id = models.CharField(max_length=64, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
