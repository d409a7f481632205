"""Self-registration keeps one table of its own: the registrations made per client address, for throttling."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class RegistrationAttempt(models.Model):
    """A completed self-registration from a client address (REMOTE_ADDR). Counted per hour to throttle
    scripted sign-ups; rows older than the window mean nothing and may be pruned."""

    ip_address = models.GenericIPAddressField(null=True, db_index=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
