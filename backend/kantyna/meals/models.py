"""Dishes and what they are made of: ingredients, meals, grammage per portion size."""

from __future__ import annotations

from django.db import models

from kantyna.catalog.models import Allergen, PortionSize


class Ingredient(models.Model):
    name = models.CharField(max_length=200, unique=True)
    unit = models.CharField(max_length=10, default="g")
    allergens = models.ManyToManyField(Allergen, related_name="ingredients", blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Meal(models.Model):
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    kcal = models.PositiveIntegerField(null=True, blank=True)
    allergens = models.ManyToManyField(Allergen, related_name="meals", blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class MealIngredient(models.Model):
    """How much of an ingredient goes into one portion of a meal, per portion size."""

    meal = models.ForeignKey(Meal, on_delete=models.CASCADE, related_name="ingredients")
    ingredient = models.ForeignKey(Ingredient, on_delete=models.PROTECT, related_name="meal_uses")
    portion_size = models.ForeignKey(PortionSize, on_delete=models.PROTECT, related_name="meal_ingredients")
    grammage = models.DecimalField(max_digits=8, decimal_places=2)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["meal", "ingredient", "portion_size"], name="one_grammage_per_meal_ingredient_portion"
            )
        ]
