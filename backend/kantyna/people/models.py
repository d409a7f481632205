"""Meal receivers ("calendar subjects", DESIGN.md §4): children of parents, and institution workers."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from kantyna.catalog.models import Allergen, Diet, MealType
from kantyna.institutions.models import Classroom, Institution
from kantyna.pricing.models import PriceListsGroup
from kantyna.users.models import User


class ChildrenGroup(models.Model):
    """A named group of children (e.g. an after-school club); its classrooms are the default members."""

    name = models.CharField(max_length=100, unique=True)
    classrooms = models.ManyToManyField(Classroom, blank=True, related_name="children_groups")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class InstitutionWorkersGroup(models.Model):
    name = models.CharField(max_length=100, unique=True)
    institution = models.ForeignKey(
        Institution, null=True, blank=True, on_delete=models.PROTECT, related_name="workers_groups"
    )
    price_lists_group = models.ForeignKey(
        PriceListsGroup, null=True, blank=True, on_delete=models.PROTECT, related_name="workers_groups"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Child(models.Model):
    parent = models.ForeignKey(User, on_delete=models.PROTECT, related_name="children")
    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    institution = models.ForeignKey(Institution, on_delete=models.PROTECT, related_name="children")
    classroom = models.ForeignKey(Classroom, on_delete=models.PROTECT, related_name="children")
    diet = models.ForeignKey(Diet, on_delete=models.PROTECT, related_name="children")
    card_number = models.CharField(max_length=10, null=True, blank=True, unique=True)
    allergies = models.ManyToManyField(Allergen, blank=True, related_name="children")
    allergies_note = models.TextField(blank=True)
    general_note = models.TextField(blank=True)
    internal_note = models.TextField(blank=True)
    has_discount = models.BooleanField(default=False)
    discount_percent = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    discount_expiration_date = models.DateField(null=True, blank=True)
    price_lists_group = models.ForeignKey(
        PriceListsGroup, null=True, blank=True, on_delete=models.PROTECT, related_name="children"
    )
    child_group = models.ForeignKey(
        ChildrenGroup, null=True, blank=True, on_delete=models.SET_NULL, related_name="children"
    )
    subscribed_payments = models.BooleanField(default=False)
    ordering_prepaids = models.BooleanField(default=False)
    is_active = models.BooleanField(default=True)
    archived_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["last_name", "first_name", "id"]
        # The children list's order: a first page is read off the index, not a sort of every child joined to
        # their parents, institutions, classrooms and diets.
        indexes = [models.Index(fields=["last_name", "first_name", "id"], name="people_child_name_order")]
        constraints = [
            models.CheckConstraint(
                condition=Q(discount_percent__gte=0) & Q(discount_percent__lte=100), name="discount_percent_range"
            )
        ]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}"


class WorkerProfile(models.Model):
    """What makes a user with ROLE_INSTITUTION_WORKER a meal receiver: institution, diet, card."""

    user = models.OneToOneField(User, on_delete=models.CASCADE, related_name="worker_profile")
    institution = models.ForeignKey(Institution, on_delete=models.PROTECT, related_name="workers")
    diet = models.ForeignKey(Diet, on_delete=models.PROTECT, related_name="workers")
    card_number = models.CharField(max_length=10, null=True, blank=True, unique=True)
    allergies = models.ManyToManyField(Allergen, blank=True, related_name="workers")
    allergies_note = models.TextField(blank=True)
    general_note = models.TextField(blank=True)
    internal_note = models.TextField(blank=True)
    group = models.ForeignKey(
        InstitutionWorkersGroup, null=True, blank=True, on_delete=models.SET_NULL, related_name="workers"
    )
    price_lists_group = models.ForeignKey(
        PriceListsGroup, null=True, blank=True, on_delete=models.PROTECT, related_name="worker_profiles"
    )
    has_discount = models.BooleanField(default=False)
    discount_percent = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    discount_expiration_date = models.DateField(null=True, blank=True)
    archived_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(discount_percent__gte=0) & Q(discount_percent__lte=100),
                name="worker_discount_percent_range",
            )
        ]

    def __str__(self) -> str:
        return str(self.user)


class SubjectType(models.TextChoices):
    """A calendar subject (meal receiver) is addressed as `{type}/{id}` in the API."""

    CHILD = "child", "child"
    INSTITUTION_WORKER = "institution_worker", "institution_worker"


def default_automarked_weekdays() -> dict:
    return {
        "on_monday": True,
        "on_tuesday": True,
        "on_wednesday": True,
        "on_thursday": True,
        "on_friday": True,
        "on_saturday": False,
        "on_sunday": False,
    }


class CalendarSubjectSettings(models.Model):
    """Automarking and notification preferences of one meal receiver (spec §3 calendarSubjectSettings,
    subjectNotificationsSettings). Exactly one of child / worker is set."""

    class Interval(models.TextChoices):
        ONE_WEEK = "one_week", "one_week"
        ONE_MONTH = "one_month", "one_month"

    child = models.OneToOneField(
        Child, null=True, blank=True, on_delete=models.CASCADE, related_name="calendar_settings"
    )
    worker = models.OneToOneField(
        WorkerProfile, null=True, blank=True, on_delete=models.CASCADE, related_name="calendar_settings"
    )
    automark_presences = models.BooleanField(default=True)
    automarked_weekdays = models.JSONField(default=default_automarked_weekdays)
    automark_start_date = models.DateField(null=True, blank=True)
    automark_end_date = models.DateField(null=True, blank=True)
    autoselection_interval = models.CharField(max_length=10, choices=Interval.choices, default=Interval.ONE_MONTH)
    autoselected_meal_types = models.ManyToManyField(MealType, blank=True, related_name="+")
    autoselected_price_list_items = models.ManyToManyField("pricing.PriceListItem", blank=True, related_name="+")
    missing_orders_enabled = models.BooleanField(default=False)
    missing_orders_days_before = models.PositiveSmallIntegerField(default=1)
    missing_orders_trigger_time = models.TimeField(default="12:00")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=(Q(child__isnull=False) & Q(worker__isnull=True))
                | (Q(child__isnull=True) & Q(worker__isnull=False)),
                name="calendar_settings_one_subject",
            ),
            models.CheckConstraint(condition=Q(missing_orders_days_before__gte=1), name="missing_orders_days_min"),
        ]


class CalendarSubjectSettingsLog(models.Model):
    """Every change of the automark switch: the child form shows these to admins (spec §3)."""

    settings = models.ForeignKey(CalendarSubjectSettings, on_delete=models.CASCADE, related_name="logs")
    changed_at = models.DateTimeField(auto_now_add=True)
    old_automark_presences = models.BooleanField(null=True)
    new_automark_presences = models.BooleanField()
    changed_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["-changed_at", "-id"]
