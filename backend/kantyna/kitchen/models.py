"""What the kitchen handed over (issue 16): daily meals releases (what an institution actually received on a day,
beside what was ordered) and kitchen meals releases (a kitchen's batch of a day for one route, released for
transport)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from kantyna.catalog.models import Diet, MealType, PortionSize
from kantyna.institutions.models import Institution
from kantyna.logistics.models import Driver, Kitchen, RouteNumber
from kantyna.users.models import User


class DailyMealsRelease(models.Model):
    """How many meals of a meal type and diet (and portion size, when it matters) an institution received on a
    day. One row per (date, institution, meal type, diet, portion size): a day's rows are written together
    (`daily_releases_replace`)."""

    date = models.DateField()
    institution = models.ForeignKey(Institution, on_delete=models.PROTECT, related_name="daily_meals_releases")
    meal_type = models.ForeignKey(MealType, on_delete=models.PROTECT, related_name="daily_meals_releases")
    diet = models.ForeignKey(Diet, on_delete=models.PROTECT, related_name="daily_meals_releases")
    portion_size = models.ForeignKey(
        PortionSize, null=True, blank=True, on_delete=models.PROTECT, related_name="daily_meals_releases"
    )
    quantity = models.PositiveIntegerField()
    note = models.CharField(max_length=500, blank=True)
    recorded_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    recorded_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-date", "institution__name", "meal_type__position", "diet__priority", "id"]
        constraints = [
            # NULL portion sizes are equal here: one "any portion" row per day, institution, meal type and diet.
            models.UniqueConstraint(
                fields=["date", "institution", "meal_type", "diet", "portion_size"],
                name="one_daily_release_per_kind",
                nulls_distinct=False,
            ),
            models.CheckConstraint(condition=Q(quantity__gte=0), name="daily_release_quantity_not_negative"),
        ]
        indexes = [models.Index(fields=["institution", "date"], name="daily_release_institution_day")]


class KitchenMealsRelease(models.Model):
    """A kitchen's batch of a day for one route: who drives it (the route's driver unless told) and whether the
    kitchen released it for transport (when and by whom; cleared by an undo)."""

    kitchen = models.ForeignKey(Kitchen, on_delete=models.CASCADE, related_name="meals_releases")
    date = models.DateField()
    route_number = models.ForeignKey(RouteNumber, on_delete=models.PROTECT, related_name="meals_releases")
    driver = models.ForeignKey(Driver, null=True, blank=True, on_delete=models.PROTECT, related_name="meals_releases")
    note = models.CharField(max_length=500, blank=True)
    released_for_transport_at = models.DateTimeField(null=True, blank=True)
    released_for_transport_by = models.ForeignKey(
        User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "kitchen__name", "route_number__number", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["kitchen", "date", "route_number"], name="one_kitchen_release_per_day_route"
            )
        ]
