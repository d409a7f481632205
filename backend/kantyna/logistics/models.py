"""Who cooks for whom and how it travels: kitchens (and the institutions and meal types each prepares),
drivers, and the delivery route numbers they drive."""

from __future__ import annotations

from django.db import models

from kantyna.catalog.models import MealType
from kantyna.institutions.models import Institution


class Kitchen(models.Model):
    name = models.CharField(max_length=200, unique=True)
    street = models.CharField(max_length=200, blank=True)
    city = models.CharField(max_length=100, blank=True)
    post_code = models.CharField(max_length=6, blank=True)
    # An inactive kitchen keeps its configuration but is left out of option lists for new work.
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class KitchenInstitutionMealType(models.Model):
    """One kitchen prepares a given meal type for an institution; the pair (institution, meal type) is unique.

    Assignments are configuration, not history: they go with their kitchen. Institutions and meal types a kitchen
    cooks for cannot be deleted while the assignment exists (nothing may dangle)."""

    kitchen = models.ForeignKey(Kitchen, on_delete=models.CASCADE, related_name="institutions_meal_types")
    institution = models.ForeignKey(Institution, on_delete=models.PROTECT, related_name="kitchens_meal_types")
    meal_type = models.ForeignKey(MealType, on_delete=models.PROTECT, related_name="kitchens_institutions")

    class Meta:
        ordering = ["kitchen__name", "institution__name", "meal_type__position", "meal_type__name"]
        constraints = [
            models.UniqueConstraint(fields=["institution", "meal_type"], name="one_kitchen_per_institution_meal_type")
        ]


class Driver(models.Model):
    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    phone_number = models.CharField(max_length=12)  # digits only: spaces are stripped as in the profile
    vehicle_registration = models.CharField(max_length=10, blank=True)
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["last_name", "first_name", "id"]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}"


class RouteNumber(models.Model):
    """A delivery route (e.g. "R1", "Trasa Ursynów") and the driver who usually drives it."""

    number = models.CharField(max_length=30, unique=True)
    description = models.TextField(blank=True)
    driver = models.ForeignKey(Driver, null=True, blank=True, on_delete=models.PROTECT, related_name="route_numbers")

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return self.number


class RouteStop(models.Model):
    """An institution on a route, at its place in the driver's order (`position`, from 0). An institution is on a
    route once; it may be on several routes (a lunch run and a breakfast run). Configuration like the kitchen's
    assignments: stops go with their route, and an institution on a route cannot be deleted."""

    route_number = models.ForeignKey(RouteNumber, on_delete=models.CASCADE, related_name="stops")
    institution = models.ForeignKey(Institution, on_delete=models.PROTECT, related_name="route_stops")
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["route_number__number", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["route_number", "institution"], name="one_stop_per_route_institution")
        ]
