"""What the kitchen's reads share: the dishes a menu places on a day for an institution, meal type and diet
(meals to prepare cook them, meals to release hand them out)."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from kantyna.menus.models import MealsMenuItem


def menu_cells(date_from: date, date_to: date, institution_ids: set[int]) -> dict[tuple, list[tuple[int, str]]]:
    """(date, institution, meal type, diet) → the meals of that menu cell, in the menu's order (one query)."""
    rows = (
        MealsMenuItem.objects.filter(
            date__gte=date_from, date__lte=date_to, menu__institutions__in=institution_ids, menu__diets__isnull=False
        )
        .order_by("position", "id")
        .values_list("date", "menu__institutions", "meal_type_id", "menu__diets", "meal_id", "meal__name")
    )
    cells: dict[tuple, list[tuple[int, str]]] = defaultdict(list)
    for day, institution_id, meal_type_id, diet_id, meal_id, name in rows:
        if institution_id not in institution_ids:
            continue
        cell = cells[(day, institution_id, meal_type_id, diet_id)]
        if (meal_id, name) not in cell:
            cell.append((meal_id, name))
    return cells
