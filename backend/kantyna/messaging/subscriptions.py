"""Writes of web push subscriptions (`webpush` calls): register or update the caller's browser, and forget it.
An endpoint is one browser profile, so it belongs to whoever registered it last (a shared computer's next person).
Registering is asking for pushes: it switches the person's `push_notifications_enabled` on."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.messaging.models import WebPushSubscription


def webpush_subscribe(*, actor, endpoint: str, p256dh: str, auth: str, options: dict) -> WebPushSubscription:
    """Register (or refresh) the subscription of `endpoint` for `actor`, with its keys and options."""
    with transaction.atomic():
        subscription, created = WebPushSubscription.objects.select_for_update().get_or_create(
            endpoint=endpoint, defaults={"user": actor, "p256dh": p256dh, "auth": auth, "options": options}
        )
        if not created:
            subscription.user = actor
            subscription.p256dh, subscription.auth, subscription.options = p256dh, auth, options
            subscription.updated_at = timezone.now()
            subscription.save(update_fields=["user", "p256dh", "auth", "options", "updated_at"])
        settings = dict(actor.notifications_settings or {})
        if not settings.get("push_notifications_enabled"):
            actor.notifications_settings = {**settings, "push_notifications_enabled": True}
            actor.save(update_fields=["notifications_settings", "updated_at"])
        if created:
            audit_record(actor=actor, action="webpush.subscribe", target=subscription)
    return subscription


def webpush_unsubscribe(*, actor, endpoint: str) -> int:
    """Forget the browser of `endpoint`, whoever registered it: knowing the endpoint is being that browser (its push
    service's URL is known to it alone), and it signs out or turns pushes off. `actor` is None when it asks without
    a session. Returns how many went (0 or 1)."""
    with transaction.atomic():
        deleted, _by_model = WebPushSubscription.objects.filter(endpoint=endpoint).delete()
        if deleted:
            audit_record(actor=actor, action="webpush.unsubscribe", data={"subscriptions": deleted})
    return deleted
