"""Writes on ingredients and meals."""

from __future__ import annotations

from django.db import transaction

from kantyna.audit.services import audit_record
from kantyna.catalog.models import Allergen
from kantyna.meals.models import Meal


@transaction.atomic
def meal_create(
    *, actor, name: str, allergens: list[Allergen] = (), description: str = "", kcal: int | None = None
) -> Meal:
    meal = Meal.objects.create(name=name, description=description, kcal=kcal)
    meal.allergens.set(allergens)
    audit_record(actor=actor, action="meal.create", target=meal)
    return meal
