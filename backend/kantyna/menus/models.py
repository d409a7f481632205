"""Menus: which meal is served on which date for which meal type, for some institutions and diets."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from kantyna.catalog.models import Diet, MealType
from kantyna.institutions.models import Institution
from kantyna.meals.models import Meal


class MealsMenu(models.Model):
    """A menu covers institutions and diets over a date range; its items place meals on dates and meal types."""

    name = models.CharField(max_length=200)
    date_from = models.DateField()
    date_to = models.DateField()
    institutions = models.ManyToManyField(Institution, related_name="menus")
    diets = models.ManyToManyField(Diet, related_name="menus")

    class Meta:
        ordering = ["-date_from", "name"]
        constraints = [
            models.CheckConstraint(condition=Q(date_to__gte=models.F("date_from")), name="menu_dates_in_order")
        ]

    def __str__(self) -> str:
        return self.name


class MealsMenuItem(models.Model):
    menu = models.ForeignKey(MealsMenu, on_delete=models.CASCADE, related_name="items")
    date = models.DateField()
    meal_type = models.ForeignKey(MealType, on_delete=models.PROTECT, related_name="menu_items")
    meal = models.ForeignKey(Meal, on_delete=models.PROTECT, related_name="menu_items")
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["date", "meal_type__position", "position"]
        indexes = [models.Index(fields=["menu", "date"])]
