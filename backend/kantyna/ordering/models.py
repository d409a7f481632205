"""Orders and the calendar (DESIGN.md §4).

An order item is one meal: one subject (a child or an institution worker), one date, one meal type, priced
from one price list item. Marking a presence places items (in an Order: what one action bought for one
payer), an absence cancels them, the terminal serves them. At most one live (active or served) item exists
per subject, date and meal type: a partial unique index makes two tabs marking the same day collide in the
database instead of double-ordering.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from kantyna.catalog.models import Diet, MealType, PortionSize
from kantyna.institutions.models import Institution
from kantyna.people.models import CalendarSubjectSettings, Child, WorkerProfile
from kantyna.pricing.models import PriceListItem
from kantyna.users.models import User

# A live meal: ordered and not cancelled (active), or served. Every count and sum of meals uses this rule.
LIVE_STATUSES = ("active", "served")
LIVE = Q(status__in=LIVE_STATUSES)


class Order(models.Model):
    class Kind(models.TextChoices):
        REGULAR = "regular", "regular"
        PREPAID = "prepaid", "prepaid"

    class Status(models.TextChoices):
        ACTIVE = "active", "active"
        CANCELLED = "cancelled", "cancelled"

    payer = models.ForeignKey(User, on_delete=models.PROTECT, related_name="orders")
    created_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.REGULAR)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE, db_index=True)
    note = models.TextField(blank=True)
    # The client's key for the command that created the order: a repeated submit returns the same order.
    idempotency_key = models.CharField(max_length=100, null=True, blank=True, unique=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]


class OrderItem(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "active"
        CANCELLED = "cancelled", "cancelled"
        SERVED = "served", "served"

    # The foreign keys the nightly automark fills on hundreds of thousands of rows are checked set-based, once
    # per statement, by triggers (migration 0005; docs/performance.md "Nightly automark, committed"), not by
    # PostgreSQL's per-row checks: `db_constraint=False` here, the guarantee stays in the database. Indexes only
    # where a read needs one: child and worker are served by (child, date) and (worker, date), the catalog
    # columns (a handful of values each) are always read with a date.
    order = models.ForeignKey(Order, on_delete=models.PROTECT, related_name="items", db_constraint=False)
    child = models.ForeignKey(
        Child,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="order_items",
        db_constraint=False,
        db_index=False,
    )
    worker = models.ForeignKey(
        WorkerProfile,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="order_items",
        db_constraint=False,
        db_index=False,
    )
    date = models.DateField()
    meal_type = models.ForeignKey(
        MealType, on_delete=models.PROTECT, related_name="order_items", db_constraint=False, db_index=False
    )
    diet = models.ForeignKey(
        Diet, on_delete=models.PROTECT, related_name="order_items", db_constraint=False, db_index=False
    )
    portion_size = models.ForeignKey(
        PortionSize, on_delete=models.PROTECT, related_name="order_items", db_constraint=False, db_index=False
    )
    price_list_item = models.ForeignKey(
        PriceListItem,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="order_items",
        db_constraint=False,
    )
    unit_price = models.DecimalField(max_digits=12, decimal_places=2)
    discount_percent = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    # What the payer pays for this item: unit price minus the discount, rounded half-up to grosze.
    price = models.DecimalField(max_digits=12, decimal_places=2)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    note = models.TextField(blank=True)
    automarked = models.BooleanField(default=False)
    charged_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    cancelled_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", db_index=False
    )
    served_at = models.DateTimeField(null=True, blank=True)
    served_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", db_index=False
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["date", "meal_type__position", "id"]
        indexes = [
            models.Index(fields=["date", "status"], name="order_item_date_status"),
            # Partial: a child's row is not in the workers' index and the other way round; the rows a new item
            # has no user in (cancelled_by, served_by: null until then) are in no index of theirs.
            models.Index(fields=["child", "date"], condition=Q(child__isnull=False), name="order_item_child_date"),
            models.Index(fields=["worker", "date"], condition=Q(worker__isnull=False), name="order_item_worker_date"),
            models.Index(
                fields=["cancelled_by"], condition=Q(cancelled_by__isnull=False), name="order_item_cancelled_by"
            ),
            models.Index(fields=["served_by"], condition=Q(served_by__isnull=False), name="order_item_served_by"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=(Q(child__isnull=False) & Q(worker__isnull=True))
                | (Q(child__isnull=True) & Q(worker__isnull=False)),
                name="order_item_one_subject",
            ),
            models.CheckConstraint(
                condition=Q(price__gte=0) & Q(unit_price__gte=0), name="order_item_price_not_negative"
            ),
            models.UniqueConstraint(
                fields=["child", "date", "meal_type"],
                condition=LIVE & Q(child__isnull=False),
                name="one_live_child_item",
            ),
            models.UniqueConstraint(
                fields=["worker", "date", "meal_type"],
                condition=LIVE & Q(worker__isnull=False),
                name="one_live_worker_item",
            ),
        ]


class Absence(models.Model):
    """A day a subject will not eat: keeps automarking away from it (spec: absences; DESIGN.md §4)."""

    child = models.ForeignKey(Child, null=True, blank=True, on_delete=models.CASCADE, related_name="absences")
    worker = models.ForeignKey(WorkerProfile, null=True, blank=True, on_delete=models.CASCADE, related_name="absences")
    date = models.DateField()
    created_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["date", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(child__isnull=False) & Q(worker__isnull=True))
                | (Q(child__isnull=True) & Q(worker__isnull=False)),
                name="absence_one_subject",
            ),
            models.UniqueConstraint(
                fields=["child", "date"], condition=Q(child__isnull=False), name="one_child_absence"
            ),
            models.UniqueConstraint(
                fields=["worker", "date"], condition=Q(worker__isnull=False), name="one_worker_absence"
            ),
        ]


class FreeDay(models.Model):
    """A day without meals (holiday, closure): for every institution, or for one."""

    date = models.DateField()
    institution = models.ForeignKey(
        Institution, null=True, blank=True, on_delete=models.CASCADE, related_name="free_days"
    )
    name = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["date", "id"]
        constraints = [
            models.UniqueConstraint(fields=["date", "institution"], name="one_free_day_per_institution"),
            models.UniqueConstraint(fields=["date"], condition=Q(institution__isnull=True), name="one_global_free_day"),
        ]


class MarkedPresencesDraft(models.Model):
    """A user's unsent selection on the calendar, kept so a half-done marking survives a reload."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="marked_presences_drafts")
    data = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user"], name="one_draft_per_user")]


class MissingOrdersReminder(models.Model):
    """A missing-orders reminder sent for one meal receiver and day (its settings' missingOrders* fields): the
    reminder job sends each (receiver, day) once, however often it runs."""

    settings = models.ForeignKey(CalendarSubjectSettings, on_delete=models.CASCADE, related_name="+")
    date = models.DateField()
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["settings", "date"], name="one_missing_orders_reminder")]


class PublicHolidaysYear(models.Model):
    """A year whose public holidays were offered as free days (DESIGN.md §4): they are offered once, so a holiday
    the tenant un-freed (deleted, renamed...) stays as the tenant left it."""

    year = models.PositiveSmallIntegerField(unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
