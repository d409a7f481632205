"""Self-registration keeps one table of its own: the registrations made per client address, for throttling."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class RegistrationAttempt(models.Model):
    """A valid self-registration from a client address (REMOTE_ADDR), whether it created a user or met an
    e-mail already registered here (answered alike). Counted per hour and address to throttle scripted
    sign-ups, and per e-mail to send an existing account one notice an hour at most; rows older than the
    window mean nothing and may be pruned."""

    ip_address = models.GenericIPAddressField(null=True, db_index=True)
    email = models.CharField(max_length=254, blank=True, db_index=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
