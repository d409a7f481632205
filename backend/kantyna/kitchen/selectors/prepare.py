"""The kitchen's reads (issue 16): what to cook for a day or a range of days, from live orders.

Meals to prepare count live order items (active and served; cancelled ones are out) per meal type, then per dish
of the menu (the meals the menus covering the receiver's institution and diet place on that day and meal type; a
cell of two meals cooks both), then per diet and portion size, with the ingredients they need (each meal's
grammage for the portion size x its portions). A fixed number of queries whatever the number of orders: the items
are counted in the database by ids, then menus, names and recipes read once for what was counted."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.db.models import Count, Exists, F, OuterRef, QuerySet
from django.db.models.functions import Coalesce

from kantyna.catalog.models import Diet, MealType, PortionSize
from kantyna.kitchen.selectors.common import menu_cells
from kantyna.logistics.models import KitchenInstitutionMealType
from kantyna.meals.models import MealIngredient
from kantyna.menus.selectors import dates_between
from kantyna.ordering.models import LIVE_STATUSES, OrderItem
from kantyna.ordering.selectors.clashes import ItemVerdict, day_clashes

# The longest range one request counts: a month and a bit, what a cook plans at most.
MAX_DAYS = 62
# Polish letters sort after their base letter (a < ą < b), whatever the database's collation.
_POLISH_ORDER = str.maketrans({letter: base + "\uffff" for letter, base in zip("ąćęłńóśźż", "acelnoszz", strict=True)})


def name_key(name: str) -> str:
    """A name as a Polish reader orders it (case-insensitive)."""
    return name.casefold().translate(_POLISH_ORDER)


@dataclass
class PortionSizeCount:
    id: int
    name: str
    portions: int = 0


@dataclass
class DietCount:
    id: int
    name: str
    priority: int
    portions: int = 0
    portion_sizes: dict[int, PortionSizeCount] = field(default_factory=dict)


@dataclass
class DishCount:
    """A meal of the menu; `id` None: the orders whose day has no dish in a menu (cooked all the same)."""

    id: int | None
    name: str | None
    portions: int = 0
    diets: dict[int, DietCount] = field(default_factory=dict)


@dataclass
class MealTypeCount:
    id: int
    name: str
    position: int
    portions: int = 0
    dishes: dict[int | None, DishCount] = field(default_factory=dict)


@dataclass
class IngredientNeed:
    id: int
    name: str
    unit: str
    quantity: Decimal = Decimal("0.00")


@dataclass
class MealsToPrepare:
    date_from: date
    date_to: date
    portions: int
    meal_types: list[MealTypeCount]
    ingredients: list[IngredientNeed]
    # The receivers whose dish contains one of their allergens (`ordering.selectors.clashes`), when asked for.
    allergen_clashes: list[ItemVerdict] = field(default_factory=list)


def live_items(
    *,
    date_from: date,
    date_to: date,
    reachable_institution_ids: set[int] | None,
    institution_ids: list[int] | None = None,
    kitchen_id: int | None = None,
) -> QuerySet[OrderItem]:
    """Live items of the dates, each with its receiver's institution (`place_id`): those of the reachable
    institutions (None: every one), narrowed to `institution_ids` and to what `kitchen_id` prepares (its
    institutions' meal types) when given."""
    items = OrderItem.objects.filter(status__in=LIVE_STATUSES, date__gte=date_from, date__lte=date_to).annotate(
        place_id=Coalesce(F("child__institution_id"), F("worker__institution_id"))
    )
    if reachable_institution_ids is not None:
        items = items.filter(place_id__in=reachable_institution_ids)
    if institution_ids:
        items = items.filter(place_id__in=institution_ids)
    if kitchen_id is not None:
        prepared = KitchenInstitutionMealType.objects.filter(
            kitchen_id=kitchen_id, institution_id=OuterRef("place_id"), meal_type_id=OuterRef("meal_type_id")
        )
        items = items.filter(Exists(prepared))
    return items


def meals_to_prepare(
    *,
    date_from: date,
    date_to: date,
    reachable_institution_ids: set[int] | None,
    institution_ids: list[int] | None = None,
    kitchen_id: int | None = None,
    with_clashes: bool = False,
) -> MealsToPrepare:
    """What to cook from `date_from` to `date_to` for the reachable institutions (None: every one), optionally only
    `institution_ids` and what `kitchen_id` prepares: portions per meal type → dish → diet → portion size, and the
    ingredients (six queries: the count, the menu cells, the names of meal types, diets and portion sizes, the
    recipes; one when nothing was ordered). `with_clashes`: also the allergen clashes among the same items, two
    queries more per day of the range (`allergen_clashes`)."""
    items = live_items(
        date_from=date_from,
        date_to=date_to,
        reachable_institution_ids=reachable_institution_ids,
        institution_ids=institution_ids,
        kitchen_id=kitchen_id,
    )
    counted = (
        items.values("date", "place_id", "meal_type_id", "diet_id", "portion_size_id")
        .annotate(portions=Count("pk"))
        .order_by()
    )
    rows = list(counted)
    if not rows:
        return MealsToPrepare(date_from=date_from, date_to=date_to, portions=0, meal_types=[], ingredients=[])
    cells = menu_cells(date_from, date_to, {row["place_id"] for row in rows})
    # Names apart from the count: grouping 20,000 rows by ids only halves its time (bench, docs/performance.md).
    meal_type_names = {
        pk: (name, position)
        for pk, name, position in MealType.objects.filter(pk__in={row["meal_type_id"] for row in rows}).values_list(
            "pk", "name", "position"
        )
    }
    diet_names = {
        pk: (name, priority)
        for pk, name, priority in Diet.objects.filter(pk__in={row["diet_id"] for row in rows}).values_list(
            "pk", "name", "priority"
        )
    }
    size_names = dict(
        PortionSize.objects.filter(pk__in={row["portion_size_id"] for row in rows}).values_list("pk", "name")
    )

    meal_types: dict[int, MealTypeCount] = {}
    # (meal, portion size) → portions: what the recipes multiply.
    cooked: dict[tuple[int, int], int] = defaultdict(int)
    total = 0
    for row in rows:
        portions = row["portions"]
        total += portions
        meal_type = meal_types.setdefault(
            row["meal_type_id"], MealTypeCount(row["meal_type_id"], *meal_type_names[row["meal_type_id"]])
        )
        meal_type.portions += portions
        dishes = cells.get((row["date"], row["place_id"], row["meal_type_id"], row["diet_id"])) or [(None, None)]
        for meal_id, meal_name in dishes:
            dish = meal_type.dishes.setdefault(meal_id, DishCount(meal_id, meal_name))
            dish.portions += portions
            diet = dish.diets.setdefault(row["diet_id"], DietCount(row["diet_id"], *diet_names[row["diet_id"]]))
            diet.portions += portions
            size = diet.portion_sizes.setdefault(
                row["portion_size_id"], PortionSizeCount(row["portion_size_id"], size_names[row["portion_size_id"]])
            )
            size.portions += portions
            if meal_id is not None:
                cooked[(meal_id, row["portion_size_id"])] += portions

    return MealsToPrepare(
        date_from=date_from,
        date_to=date_to,
        portions=total,
        meal_types=sorted(meal_types.values(), key=lambda m: (m.position, name_key(m.name), m.id)),
        ingredients=_ingredients(cooked),
        allergen_clashes=_clashes(items, date_from, date_to) if with_clashes else [],
    )


def _clashes(items: QuerySet[OrderItem], date_from: date, date_to: date) -> list[ItemVerdict]:
    """The clashes among the counted items, day by day (the rule judges a day; the same items, so the same reach,
    institutions and kitchen as the counts)."""
    return [clash for day in dates_between(date_from, date_to) for clash in day_clashes(day=day, items=items)]


def _ingredients(cooked: dict[tuple[int, int], int]) -> list[IngredientNeed]:
    """Each ingredient's quantity for the cooked portions (grammage x portions, in the ingredient's unit; one
    query). A meal without a grammage for a portion size adds nothing for it."""
    if not cooked:
        return []
    recipes = MealIngredient.objects.filter(meal_id__in={meal_id for meal_id, _ in cooked}).values_list(
        "meal_id", "portion_size_id", "ingredient_id", "ingredient__name", "ingredient__unit", "grammage"
    )
    needs: dict[int, IngredientNeed] = {}
    for meal_id, portion_size_id, ingredient_id, name, unit, grammage in recipes:
        portions = cooked.get((meal_id, portion_size_id))
        if not portions:
            continue
        need = needs.setdefault(ingredient_id, IngredientNeed(ingredient_id, name, unit))
        need.quantity += grammage * portions
    return sorted(needs.values(), key=lambda need: (name_key(need.name), need.id))


def dishes_in_order(meal_type: MealTypeCount) -> list[DishCount]:
    """The dishes by name, the orders without a menu dish last."""
    return sorted(
        meal_type.dishes.values(), key=lambda dish: (dish.id is None, name_key(dish.name or ""), dish.id or 0)
    )


def diets_in_order(dish: DishCount) -> list[DietCount]:
    return sorted(dish.diets.values(), key=lambda diet: (diet.priority, name_key(diet.name), diet.id))


def portion_sizes_in_order(diet: DietCount) -> list[PortionSizeCount]:
    return sorted(diet.portion_sizes.values(), key=lambda size: (name_key(size.name), size.id))
