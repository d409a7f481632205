"""Messaging jobs: a notification's web pushes, sent by the job worker once the notification committed."""

from __future__ import annotations

from procrastinate.contrib.django import app

from kantyna.messaging.models import Notification, WebPushSubscription
from kantyna.messaging.webpush import DEFAULT_LOCALE, push_payload, push_send
from kantyna.tenancy.jobs import tenant_job


@app.task(queue="emails", retry=3)
@tenant_job
def webpush_send(*, notification_ids: list[int]) -> dict:
    """Push each notification to every browser its receiver subscribed (one request per subscription), worded in
    the receiver's language. A retry resends only if the whole job failed; a push service's refusal is final."""
    sent = pruned = 0
    notifications = list(
        Notification.objects.filter(pk__in=notification_ids).select_related("receiver__account").order_by("pk")
    )
    subscriptions: dict[int, list[WebPushSubscription]] = {}
    for subscription in WebPushSubscription.objects.filter(
        user_id__in={notification.receiver_id for notification in notifications}
    ):
        subscriptions.setdefault(subscription.user_id, []).append(subscription)
    for notification in notifications:
        payload = push_payload(
            kind=notification.kind,
            params=notification.params,
            link=notification.link,
            locale=notification.receiver.account.locale or DEFAULT_LOCALE,
            notification_id=notification.pk,
        )
        for subscription in subscriptions.get(notification.receiver_id, []):
            status = push_send(subscription, payload)
            sent += status is not None and status < 300
            pruned += status in (404, 410)
    return {"sent": sent, "pruned": pruned}
