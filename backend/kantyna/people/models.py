"""Meal receivers ("calendar subjects", DESIGN.md §4): children of parents, and institution workers."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from kantyna.catalog.models import Allergen, Diet
from kantyna.institutions.models import Classroom, Institution
from kantyna.pricing.models import PriceListsGroup
from kantyna.users.models import User


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
    is_active = models.BooleanField(default=True)
    archived_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["last_name", "first_name", "id"]
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
