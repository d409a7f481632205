"""Writes on menus and their items."""

from __future__ import annotations

from datetime import date

from django.db import transaction

from kantyna.audit.services import audit_record
from kantyna.catalog.models import Diet, MealType
from kantyna.institutions.models import Institution
from kantyna.meals.models import Meal
from kantyna.menus.models import MealsMenu, MealsMenuItem


@transaction.atomic
def meals_menu_create(
    *,
    actor,
    name: str,
    date_from: date,
    date_to: date,
    institutions: list[Institution],
    diets: list[Diet],
    items: list[tuple[date, MealType, Meal]],
) -> MealsMenu:
    menu = MealsMenu.objects.create(name=name, date_from=date_from, date_to=date_to)
    menu.institutions.set(institutions)
    menu.diets.set(diets)
    MealsMenuItem.objects.bulk_create(
        [MealsMenuItem(menu=menu, date=day, meal_type=meal_type, meal=meal) for day, meal_type, meal in items]
    )
    audit_record(actor=actor, action="meals_menu.create", target=menu, data={"items": len(items)})
    return menu
