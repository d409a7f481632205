"""Talking to people (issue 18): in-app notifications (the bell) and help tickets with their conversation."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone

from kantyna.core.attachments import StoredAttachment
from kantyna.core.uploads import TenantFolder
from kantyna.institutions.models import Institution
from kantyna.users.models import User


class Notification(models.Model):
    """One notice for one person. Its text is not stored: `kind` and `params` are worded when read, in the reader's
    language (kinds.py), so a Polish parent reads Polish whatever language the event happened in."""

    receiver = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=60)
    params = models.JSONField(default=dict, blank=True)
    link = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # The bell's page: a person's latest, read off the index however many they have.
            models.Index(fields=["receiver", "-created_at", "-id"], name="notification_latest"),
            # Its unread count and last reading, from the index only.
            models.Index(fields=["receiver"], condition=Q(read_at__isnull=True), name="notification_unread"),
            models.Index(fields=["receiver", "read_at"], name="notification_read_at"),
        ]


class TicketState(models.TextChoices):
    OPEN = "open"
    CLOSED = "closed"


class Ticket(models.Model):
    """A help ticket ("report a problem"): its author's opening text, then the conversation (TicketMessage)."""

    author = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    category = models.CharField(max_length=40)
    subject = models.CharField(max_length=200)
    text = models.TextField(max_length=5000)
    state = models.CharField(max_length=10, choices=TicketState.choices, default=TicketState.OPEN)
    # The author's institution where one is known when the ticket is made: institutions admins with tickets_manage
    # see their institutions' tickets by it.
    institution = models.ForeignKey(Institution, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["-created_at", "-id"], name="ticket_latest"),
            models.Index(fields=["author", "-created_at"], name="ticket_author"),
            models.Index(fields=["institution", "-created_at"], name="ticket_institution"),
        ]

    def __str__(self) -> str:
        return self.subject


class TicketMessage(models.Model):
    """An answer in a ticket's conversation, by staff or by the author."""

    ticket = models.ForeignKey(Ticket, on_delete=models.CASCADE, related_name="messages")
    author = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    text = models.TextField(max_length=5000)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]


class TicketAttachment(StoredAttachment):
    """A file sent with a ticket (core.attachments), read only by those who see the ticket."""

    ticket = models.ForeignKey(Ticket, on_delete=models.CASCADE, related_name="attachments")
    file = models.FileField(upload_to=TenantFolder("tickets"), max_length=300)


# --- messages -----------------------------------------------------------------------------------------------------


class Message(models.Model):
    """A message from one person to one or many: its text once, a receipt per receiver (MessageReceipt), so a message
    to 5,000 parents is one row and one bulk insert of receipts. `text` is plain, or sanitized HTML when `rich`."""

    sender = models.ForeignKey(User, on_delete=models.PROTECT, related_name="+")
    subject = models.CharField(max_length=200)
    text = models.TextField(max_length=20000)
    rich = models.BooleanField(default=False)
    # The message this one answers (a receiver's reply to its sender), kept when the answered one is gone.
    reply_to = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    # Fixed when sent: the sent folder shows it without counting the receipts of every row.
    receivers_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["sender", "-created_at", "-id"], name="message_sent")]

    def __str__(self) -> str:
        return self.subject


class MessageReceipt(models.Model):
    """One receiver's copy of a message: when they read it, and when they closed it (moved it to the closed folder,
    their archive; it stays readable there)."""

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="receipts")
    receiver = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    read_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["message", "receiver"], name="message_receipt_once")]
        indexes = [
            # A person's folders, newest first (message ids grow with time).
            models.Index(fields=["receiver", "-message"], name="message_receipt_folder"),
            # "Has unread messages" for the bell, from the index only.
            models.Index(
                fields=["receiver"],
                condition=Q(read_at__isnull=True, closed_at__isnull=True),
                name="message_receipt_unread",
            ),
        ]


class MessageAttachment(StoredAttachment):
    """A file sent with a message (core.attachments), read only by the sender and the receivers."""

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="attachments")
    file = models.FileField(upload_to=TenantFolder("messages"), max_length=300)


class WebPushSubscription(models.Model):
    """A browser's push subscription (the Push API's `PushSubscription`: its push service endpoint and the keys the
    payload is encrypted for) registered by a person through `webpush`. One endpoint is one browser profile: it
    belongs to whoever registered it last. Deleted when its push service answers 404/410 (the browser dropped it)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    # The client's own choices sent with the subscription (the spec's "options"), kept as given.
    options = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["user"], name="webpush_user")]
