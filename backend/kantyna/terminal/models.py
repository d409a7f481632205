"""The terminal's log (issue 13): every card scan, manual serving and presence on the spot, served or refused.

An entry is claimed first by its `client_scan_id` (made by the device, unique): a replayed scan meets the entry
and answers what it answered the first time (`status_code` and `response_body`, stored in the same transaction
as the serving), so re-sending an offline queue serves nothing twice."""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.utils import timezone

from kantyna.institutions.models import Institution
from kantyna.people.models import Child, WorkerProfile
from kantyna.users.models import User


class ScannedCardEntry(models.Model):
    class Result(models.TextChoices):
        SERVED = "served", "served"
        ALREADY_SERVED = "already_served", "already_served"
        NO_ORDER = "no_order", "no_order"
        UNKNOWN_CARD = "unknown_card", "unknown_card"
        INACTIVE = "inactive", "inactive"
        DUPLICATE = "duplicate", "duplicate"
        # The dish contains one of the receiver's allergens (issue 30): nothing served, the cook decides...
        CHECK = "check", "check"
        # ...and records an alternative meal handed out (the items served) or nothing handed out (left active).
        ALTERNATIVE_SERVED = "alternative_served", "alternative_served"
        NOT_SERVED = "not_served", "not_served"

    class Source(models.TextChoices):
        CARD = "card", "card"
        MANUAL = "manual", "manual"
        PRESENCE = "presence", "presence"

    client_scan_id = models.CharField(max_length=64, unique=True)
    card_number = models.CharField(max_length=64, blank=True)
    date = models.DateField()
    # The meal types being served (ids of catalog.MealType; the log names them in one query per page).
    meal_type_ids = ArrayField(models.IntegerField(), default=list, blank=True)
    child = models.ForeignKey(Child, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    worker = models.ForeignKey(WorkerProfile, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    institution = models.ForeignKey(Institution, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    result = models.CharField(max_length=20, choices=Result.choices, blank=True)
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.CARD)
    offline = models.BooleanField(default=False)
    # An offline scan the server refused or recorded as a duplicate: the staff look at it.
    needs_follow_up = models.BooleanField(default=False)
    message = models.TextField(blank=True)
    # The answer given (its replay): the HTTP status and the body's JSON text as it was sent, camelCase (jsonb would
    # reorder its keys: a replay answers the same bytes). Entries stored before 2026-11-27 hold the body before
    # camelCasing; a replay re-renders either through the API's renderer, which leaves camelCase keys as they are.
    status_code = models.PositiveSmallIntegerField(default=0)
    response_body = models.TextField(blank=True)
    # The order items this scan served (ids of ordering.OrderItem).
    served_item_ids = ArrayField(models.IntegerField(), default=list, blank=True)
    scanned_at = models.DateTimeField(null=True, blank=True)
    received_at = models.DateTimeField(default=timezone.now)
    served_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    terminal_id = models.CharField(max_length=64, blank=True)

    class Meta:
        ordering = ["-received_at", "-id"]
        indexes = [
            models.Index(fields=["-received_at", "-id"], name="scan_entry_received"),
            models.Index(fields=["date", "-received_at"], name="scan_entry_date"),
        ]
