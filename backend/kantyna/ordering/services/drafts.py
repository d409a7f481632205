"""A user's unsent calendar selection, kept so a half-done marking survives a reload (one per user)."""

from __future__ import annotations

from django.db import transaction

from kantyna.ordering.models import MarkedPresencesDraft


@transaction.atomic
def draft_save(*, actor, data: dict) -> MarkedPresencesDraft:
    draft, _created = MarkedPresencesDraft.objects.update_or_create(user=actor, defaults={"data": data})
    return draft


@transaction.atomic
def draft_delete(*, actor) -> int:
    count, _deleted = MarkedPresencesDraft.objects.filter(user=actor).delete()
    return count
