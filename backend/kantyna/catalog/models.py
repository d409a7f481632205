"""What is served, described: diets, allergens, portion sizes, meal types and their categories.

Rows referenced by orders, people or prices are protected from deletion (DESIGN.md §4).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from kantyna.institutions.models import Institution


class AllergenGroup(models.Model):
    name = models.CharField(max_length=100, unique=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Allergen(models.Model):
    """One of the 14 EU allergens (Regulation 1169/2011, annex II) or a tenant's own."""

    number = models.PositiveSmallIntegerField(null=True, blank=True, unique=True)
    name = models.CharField(max_length=100, unique=True)
    group = models.ForeignKey(AllergenGroup, null=True, blank=True, on_delete=models.SET_NULL, related_name="allergens")

    class Meta:
        ordering = ["number", "name"]

    def __str__(self) -> str:
        return self.name


class PortionSize(models.Model):
    name = models.CharField(max_length=50, unique=True)
    is_default = models.BooleanField(default=False)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["is_default"], condition=Q(is_default=True), name="one_default_portion_size"
            )
        ]

    def __str__(self) -> str:
        return self.name


class Diet(models.Model):
    name = models.CharField(max_length=100, unique=True)
    priority = models.PositiveIntegerField(default=0)
    is_default = models.BooleanField(default=False)
    allow_changing_allergens = models.BooleanField(default=True)
    institutions = models.ManyToManyField(Institution, related_name="diets", blank=True)

    class Meta:
        ordering = ["priority", "name"]
        constraints = [
            models.UniqueConstraint(fields=["is_default"], condition=Q(is_default=True), name="one_default_diet")
        ]

    def __str__(self) -> str:
        return self.name


class MealTypeCategory(models.Model):
    name = models.CharField(max_length=100, unique=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["position", "name"]

    def __str__(self) -> str:
        return self.name


class MealType(models.Model):
    """Breakfast, soup, lunch, snack...: what an order item is for on a day."""

    name = models.CharField(max_length=100, unique=True)
    description = models.TextField(blank=True)
    category = models.ForeignKey(
        MealTypeCategory, null=True, blank=True, on_delete=models.SET_NULL, related_name="meal_types"
    )
    position = models.PositiveIntegerField(default=0)
    is_default = models.BooleanField(default=False)
    block_on_registration = models.BooleanField(default=False)
    portion_sizes = models.ManyToManyField(PortionSize, related_name="meal_types", blank=True)

    class Meta:
        ordering = ["position", "name"]
        constraints = [
            models.UniqueConstraint(fields=["is_default"], condition=Q(is_default=True), name="one_default_meal_type")
        ]

    def __str__(self) -> str:
        return self.name


class MealTypeInstitutionSetting(models.Model):
    """Per-institution availability of a meal type (e.g. no breakfast at the workplace)."""

    meal_type = models.ForeignKey(MealType, on_delete=models.CASCADE, related_name="institution_settings")
    institution = models.ForeignKey(Institution, on_delete=models.CASCADE, related_name="meal_type_settings")
    is_available = models.BooleanField(default=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["meal_type", "institution"], name="one_setting_per_meal_type_institution")
        ]
