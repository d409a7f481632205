"""Writes on ingredients and meals. Keyword-only, atomic, audited; the API, the import and the demo seed all
go through here."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import TypedDict

from django.db import transaction

from kantyna.audit.services import audit_record
from kantyna.catalog.models import Allergen, PortionSize
from kantyna.core.errors import DomainError
from kantyna.meals.models import Ingredient, Meal, MealIngredient, MealPortion, Unit


class PortionNutrition(TypedDict, total=False):
    portion_size: PortionSize
    kcal: int | None
    protein: Decimal | None
    fat: Decimal | None
    carbohydrates: Decimal | None


class Grammage(TypedDict):
    portion_size: PortionSize
    grammage: Decimal


class IngredientGrammages(TypedDict):
    ingredient: Ingredient
    grammages: list[Grammage]


class ImportedIngredient(TypedDict):
    name: str
    unit: str
    allergens: list[Allergen]


NUTRITION_FIELDS = ("kcal", "protein", "fat", "carbohydrates")


# Ingredients ------------------------------------------------------------------------------------------------


@transaction.atomic
def ingredient_create(*, actor, name: str, unit: str = Unit.GRAM, allergens: Iterable[Allergen] = ()) -> Ingredient:
    ingredient = Ingredient.objects.create(name=name, unit=unit)
    ingredient.allergens.set(allergens)
    audit_record(actor=actor, action="ingredient.create", target=ingredient)
    return ingredient


@transaction.atomic
def ingredient_update(
    *, actor, instance: Ingredient, name: str, unit: str, allergens: Iterable[Allergen] = ()
) -> Ingredient:
    """Meals keep the allergens stored on them: a changed ingredient does not silently relabel its meals,
    the admin reviews them in the meal form, which proposes the new union."""
    instance.name = name
    instance.unit = unit
    instance.save(update_fields=["name", "unit"])
    instance.allergens.set(allergens)
    audit_record(actor=actor, action="ingredient.update", target=instance)
    return instance


@transaction.atomic
def ingredient_delete(*, actor, instance: Ingredient) -> None:
    """Refused (409) while a meal uses the ingredient: its recipe would silently change."""
    if instance.meal_uses.exists():
        raise DomainError("record.in_use")
    audit_record(actor=actor, action="ingredient.delete", target=instance, data={"name": instance.name})
    instance.delete()


@transaction.atomic
def ingredients_import(*, actor, rows: list[ImportedIngredient], file_name: str = "") -> dict[str, int]:
    """Create the ingredients the file names and update the ones that exist (same name, any letter case).

    `rows` are already validated as a whole (kantyna.meals.imports): either every row is stored or none."""
    existing = {ingredient.name.casefold(): ingredient for ingredient in Ingredient.objects.select_for_update()}
    created = updated = 0
    for row in rows:
        ingredient = existing.get(row["name"].casefold())
        if ingredient is None:
            ingredient = Ingredient.objects.create(name=row["name"], unit=row["unit"])
            created += 1
        else:
            ingredient.unit = row["unit"]
            ingredient.save(update_fields=["unit"])
            updated += 1
        ingredient.allergens.set(row["allergens"])
    audit_record(
        actor=actor, action="ingredient.import", data={"file": file_name, "created": created, "updated": updated}
    )
    return {"created": created, "updated": updated}


# Meals ------------------------------------------------------------------------------------------------------


def _store_composition(
    meal: Meal, portions: Iterable[PortionNutrition], ingredient_grammages: Iterable[IngredientGrammages]
) -> None:
    """Replace the meal's nutrition and recipe with the given ones, and keep `Meal.kcal` in step."""
    meal.portions.all().delete()
    meal.ingredients.all().delete()
    stored = MealPortion.objects.bulk_create(
        [
            MealPortion(meal=meal, **portion)
            for portion in portions
            # A portion size with no value at all is "not given", not a row of blanks.
            if any(portion.get(field) is not None for field in NUTRITION_FIELDS)
        ]
    )
    MealIngredient.objects.bulk_create(
        [
            MealIngredient(
                meal=meal, ingredient=row["ingredient"], portion_size=g["portion_size"], grammage=g["grammage"]
            )
            for row in ingredient_grammages
            for g in row["grammages"]
        ]
    )
    with_kcal = [p for p in stored if p.kcal is not None]
    default = next((p for p in with_kcal if p.portion_size.is_default), with_kcal[0] if with_kcal else None)
    meal.kcal = default.kcal if default else None
    meal.save(update_fields=["kcal"])


@transaction.atomic
def meal_create(
    *,
    actor,
    name: str,
    description: str = "",
    allergens: Iterable[Allergen] = (),
    portions: Iterable[PortionNutrition] = (),
    ingredient_grammages: Iterable[IngredientGrammages] = (),
) -> Meal:
    meal = Meal.objects.create(name=name, description=description)
    meal.allergens.set(allergens)
    _store_composition(meal, portions, ingredient_grammages)
    audit_record(actor=actor, action="meal.create", target=meal)
    return meal


@transaction.atomic
def meal_update(
    *,
    actor,
    instance: Meal,
    name: str,
    description: str = "",
    allergens: Iterable[Allergen] = (),
    portions: Iterable[PortionNutrition] = (),
    ingredient_grammages: Iterable[IngredientGrammages] = (),
) -> Meal:
    """A PUT replaces the whole meal: name, allergens, nutrition per portion and the recipe."""
    instance.name = name
    instance.description = description
    instance.save(update_fields=["name", "description"])
    instance.allergens.set(allergens)
    _store_composition(instance, portions, ingredient_grammages)
    audit_record(actor=actor, action="meal.update", target=instance)
    return instance


def _refuse_meals_on_menus(meals: list[Meal]) -> None:
    names = list(
        Meal.objects.filter(pk__in=[meal.pk for meal in meals], menu_items__isnull=False)
        .distinct()
        .order_by("name")
        .values_list("name", flat=True)
    )
    if names:
        raise DomainError("meals.on_menu", field="meal_ids", params={"names": ", ".join(names)})


@transaction.atomic
def meal_delete(*, actor, instance: Meal) -> None:
    """Refused (409) while a menu serves the meal: the menu would have a hole."""
    _refuse_meals_on_menus([instance])
    audit_record(actor=actor, action="meal.delete", target=instance, data={"name": instance.name})
    instance.delete()


@transaction.atomic
def meals_bulk_delete(*, actor, meals: list[Meal]) -> int:
    """All or nothing: if any of the meals is on a menu, none is deleted and the answer names them."""
    meals = list(Meal.objects.select_for_update().filter(pk__in=[meal.pk for meal in meals]).order_by("name"))
    _refuse_meals_on_menus(meals)
    ids = [meal.pk for meal in meals]
    audit_record(actor=actor, action="meal.bulk_delete", data={"ids": ids, "names": [m.name for m in meals]})
    Meal.objects.filter(pk__in=ids).delete()
    return len(ids)
