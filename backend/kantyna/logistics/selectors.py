"""Reads of the logistics area that need more than `Model.objects`."""

from __future__ import annotations

from datetime import date

from django.db.models import Count, Exists, OuterRef, QuerySet, Sum

from kantyna.catalog.models import PortionSize
from kantyna.logistics.models import Kitchen, KitchenInstitutionMealType
from kantyna.meals.models import Ingredient
from kantyna.menus.models import MealsMenuItem


def kitchen_menu_items(*, kitchen: Kitchen, date_from: date, date_to: date) -> QuerySet[MealsMenuItem]:
    """Menu items in the range whose meal type the kitchen prepares for at least one institution of their menu.

    A menu shared by two institutions the kitchen cooks for counts once: it is one dish cooked once."""
    prepared_here = KitchenInstitutionMealType.objects.filter(
        kitchen=kitchen, meal_type=OuterRef("meal_type"), institution__menus=OuterRef("menu")
    )
    return MealsMenuItem.objects.filter(date__range=(date_from, date_to)).filter(Exists(prepared_here))


def kitchen_ingredients(
    *, kitchen: Kitchen, date_from: date, date_to: date, portion_size: PortionSize | None
) -> QuerySet[Ingredient]:
    """The ingredients of the meals the kitchen's menus serve in the range, for one portion size.

    Orders are not counted here: `amount_per_portion` is what one diner eating every such menu item needs
    (the sum of the grammages of one portion of each menu item), so the kitchen can plan purchases before
    orders arrive; `meals_count` and `days_count` say how many distinct meals and days need the ingredient."""
    items = kitchen_menu_items(kitchen=kitchen, date_from=date_from, date_to=date_to)
    return (
        Ingredient.objects.filter(
            meal_uses__portion_size=portion_size,
            meal_uses__meal__menu_items__in=items,
        )
        .annotate(
            amount_per_portion=Sum("meal_uses__grammage"),
            meals_count=Count("meal_uses__meal", distinct=True),
            days_count=Count("meal_uses__meal__menu_items__date", distinct=True),
        )
        .order_by("name")
    )
