"""Dishes and what they are made of: ingredients, meals, grammage and nutrition per portion size."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from kantyna.catalog.models import Allergen, PortionSize


class Unit(models.TextChoices):
    GRAM = "g", _("grams")
    MILLILITRE = "ml", _("millilitres")
    PIECE = "szt.", _("pieces")


class Ingredient(models.Model):
    name = models.CharField(max_length=200, unique=True)
    unit = models.CharField(max_length=10, choices=Unit.choices, default=Unit.GRAM)
    allergens = models.ManyToManyField(Allergen, related_name="ingredients", blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Meal(models.Model):
    """A dish. Its allergens are stored as decided by the admin: the form proposes the union of its
    ingredients' allergens, but a recipe may add (cross-contamination) or drop (an allergen cooked away)."""

    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    # The kcal of the default portion size, kept in step with `portions` by the services: menus and their
    # prints show one figure per meal and must not work out which portion is the default.
    kcal = models.PositiveIntegerField(null=True, blank=True)
    allergens = models.ManyToManyField(Allergen, related_name="meals", blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def ingredient_grammages(self) -> list[dict]:
        """The recipe as the API shows it: one entry per ingredient, in the order it was entered, with its
        amount per portion size. Uses prefetched `ingredients` when the caller prefetched them."""
        rows: dict[int, dict] = {}
        for use in self.ingredients.all():
            row = rows.setdefault(use.ingredient_id, {"ingredient": use.ingredient, "grammages": []})
            row["grammages"].append({"portion_size": use.portion_size, "grammage": use.grammage})
        return list(rows.values())


class MealPortion(models.Model):
    """Nutrition of one portion of a meal in one portion size; only the values the kitchen knows."""

    meal = models.ForeignKey(Meal, on_delete=models.CASCADE, related_name="portions")
    portion_size = models.ForeignKey(PortionSize, on_delete=models.PROTECT, related_name="meal_portions")
    kcal = models.PositiveIntegerField(null=True, blank=True)
    protein = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    fat = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    carbohydrates = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)

    class Meta:
        ordering = ["portion_size__name"]
        constraints = [
            models.UniqueConstraint(fields=["meal", "portion_size"], name="one_nutrition_per_meal_portion_size"),
            models.CheckConstraint(
                condition=(Q(protein__isnull=True) | Q(protein__gte=0))
                & (Q(fat__isnull=True) | Q(fat__gte=0))
                & (Q(carbohydrates__isnull=True) | Q(carbohydrates__gte=0)),
                name="meal_portion_nutrition_not_negative",
            ),
        ]


class MealIngredient(models.Model):
    """How much of an ingredient goes into one portion of a meal, per portion size."""

    meal = models.ForeignKey(Meal, on_delete=models.CASCADE, related_name="ingredients")
    ingredient = models.ForeignKey(Ingredient, on_delete=models.PROTECT, related_name="meal_uses")
    portion_size = models.ForeignKey(PortionSize, on_delete=models.PROTECT, related_name="meal_ingredients")
    grammage = models.DecimalField(max_digits=8, decimal_places=2)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["meal", "ingredient", "portion_size"], name="one_grammage_per_meal_ingredient_portion"
            ),
            models.CheckConstraint(condition=Q(grammage__gt=0), name="meal_ingredient_grammage_positive"),
        ]
