"""Reads of menus: who may see or edit which menus, the items that apply to an institution and diet, and the
month grid (dates x meal types) that screens, prints and exports share.

Who reaches which institution's menus is decided by the one row reach (`people.reach.Reach`), above this app:
the API layer passes its institution ids in (`menus/api/access.py`), None meaning every institution."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from django.contrib.postgres.expressions import ArraySubquery
from django.db.models import Count, OuterRef, Prefetch, Q, QuerySet
from django.db.models.functions import JSONObject

from kantyna.catalog.models import Allergen, Diet, MealType
from kantyna.core.dates import month_bounds
from kantyna.core.prepared import Bound, PreparedQuery
from kantyna.institutions.models import Institution
from kantyna.meals.models import Meal, MealIngredient
from kantyna.menus.models import MealsMenu, MealsMenuFile, MealsMenuItem


def menus_visible_to(ids: set[int] | None, queryset: QuerySet[MealsMenu] | None = None) -> QuerySet[MealsMenu]:
    """The menus of the readable institutions `ids` (None: every menu)."""
    queryset = MealsMenu.objects.all() if queryset is None else queryset
    if ids is None:
        return queryset
    return queryset.filter(pk__in=MealsMenu.objects.filter(institutions__in=ids).values("pk"))


def menu_editable_within(ids: set[int] | None, menu: MealsMenu) -> bool:
    """Whether the editable institutions `ids` (None: every one) cover the menu: a menu shared with institutions
    the user does not manage stays theirs to read, not to change."""
    if ids is None:
        return True
    menu_ids = {institution.pk for institution in menu.institutions.all()}
    return bool(menu_ids) and menu_ids <= ids


def menu_files_visible_to(
    ids: set[int] | None, queryset: QuerySet[MealsMenuFile] | None = None
) -> QuerySet[MealsMenuFile]:
    """The menu files of the readable institutions `ids` (None: every file)."""
    queryset = MealsMenuFile.objects.all() if queryset is None else queryset
    return queryset if ids is None else queryset.filter(institution__in=ids)


def menus_list_queryset() -> QuerySet[MealsMenu]:
    return MealsMenu.objects.prefetch_related(
        Prefetch("institutions", queryset=Institution.objects.only("id", "name", "short_name")),
        Prefetch("diets", queryset=Diet.objects.only("id", "name")),
    ).annotate(items_count=Count("items", distinct=True))


def dates_between(first: date, last: date) -> list[date]:
    return [first + timedelta(days=offset) for offset in range((last - first).days + 1)]


def items_with_meals(queryset: QuerySet[MealsMenuItem]) -> QuerySet[MealsMenuItem]:
    """Items with their meal type, meal and the meal's allergens in a fixed number of queries."""
    return queryset.select_related("meal_type", "meal").prefetch_related(
        Prefetch("meal__allergens", queryset=Allergen.objects.order_by("number", "name"))
    )


def items_that_apply(
    *,
    readable_ids: set[int] | None,
    date_from: date,
    date_to: date,
    institution_id: int | None = None,
    diet_id: int | None = None,
) -> QuerySet[MealsMenuItem]:
    """Items of the menus of the readable institutions that cover the institution and diet (when given) in the
    dates."""
    menus = menus_visible_to(readable_ids)
    if institution_id is not None:
        menus = menus.filter(institutions=institution_id)
    if diet_id is not None:
        menus = menus.filter(diets=diet_id)
    queryset = MealsMenuItem.objects.filter(
        menu__in=menus.values("pk"), date__gte=date_from, date__lte=date_to
    ).order_by("date", "meal_type__position", "meal_type__name", "position", "id")
    return items_with_meals(queryset)


@dataclass
class GridMeal:
    item_id: int
    meal: Meal
    allergens: list[Allergen]
    grammages: list[MealIngredient] | None


@dataclass
class MonthGrid:
    """What a month of a menu shows: its dates inside the menu, the meal types as columns, meals per cell."""

    menu: MealsMenu
    month: date
    dates: list[date]
    meal_types: list[MealType]
    cells: dict[tuple[date, int], list[GridMeal]] = field(default_factory=dict)
    show_grammages: bool = True

    def meals(self, day: date, meal_type: MealType) -> list[GridMeal]:
        return self.cells.get((day, meal_type.pk), [])

    @property
    def used_meal_types(self) -> list[MealType]:
        used = {meal_type_id for (_, meal_type_id) in self.cells}
        return [meal_type for meal_type in self.meal_types if meal_type.pk in used]

    @property
    def dates_with_meals(self) -> list[date]:
        used = {day for (day, _) in self.cells}
        return [day for day in self.dates if day in used]


def grammages_hidden(menu: MealsMenu, institution: Institution | None) -> bool:
    """An institution may hide grammages (hide_grammages); without a chosen institution they are hidden as soon
    as one institution of the menu hides them, so a shared print never shows what one of them refused."""
    if institution is not None:
        return institution.hide_grammages
    return any(institution.hide_grammages for institution in menu.institutions.all())


def month_grid(
    menu: MealsMenu, month: date, *, institution: Institution | None = None, all_dates: bool = True
) -> MonthGrid:
    first, last = month_bounds(month)
    first, last = max(first, menu.date_from), min(last, menu.date_to)
    dates = dates_between(first, last) if first <= last else []
    show_grammages = not grammages_hidden(menu, institution)
    items = items_with_meals(menu.items.filter(date__gte=first, date__lte=last))
    if show_grammages:
        items = items.prefetch_related(
            Prefetch(
                "meal__ingredients",
                queryset=MealIngredient.objects.select_related("ingredient", "portion_size").order_by(
                    "portion_size__name", "ingredient__name"
                ),
            )
        )
    grid = MonthGrid(
        menu=menu,
        month=month.replace(day=1),
        dates=dates,
        meal_types=list(MealType.objects.order_by("position", "name")),
        show_grammages=show_grammages,
    )
    for item in items.order_by("date", "position", "id"):
        grid.cells.setdefault((item.date, item.meal_type_id), []).append(
            GridMeal(
                item_id=item.pk,
                meal=item.meal,
                allergens=list(item.meal.allergens.all()),
                grammages=list(item.meal.ingredients.all()) if show_grammages else None,
            )
        )
    if not all_dates:
        grid.dates = grid.dates_with_meals
    return grid


def menus_overlapping(queryset: QuerySet[MealsMenu], first: date | None, last: date | None) -> QuerySet[MealsMenu]:
    condition = Q()
    if first is not None:
        condition &= Q(date_to__gte=first)
    if last is not None:
        condition &= Q(date_from__lte=last)
    return queryset.filter(condition)


@dataclass(frozen=True, slots=True)
class CellDish:
    """A dish of a menu cell with its allergens: `(id, name, group id or None)` in the catalog's order."""

    meal_id: int
    name: str
    allergens: tuple[tuple[int, str, int | None], ...] = ()


def _meal_allergens() -> ArraySubquery:
    """The meal's allergens as `[{id, name, group}]` in the catalog's order, read in the menu item's own row."""
    allergens = Allergen.objects.filter(meals=OuterRef("meal_id")).order_by("number", "name")
    return ArraySubquery(allergens.values(ref=JSONObject(id="pk", name="name", group="group_id")))


def _cell_rows(items: QuerySet[MealsMenuItem]) -> QuerySet[MealsMenuItem]:
    """The rows `menu_cells_of` reads: one per menu item, institution and diet of its menu, in the menus' order."""
    return (
        items.annotate(meal_allergens=_meal_allergens())
        .order_by("position", "id")
        .values_list(
            "date", "menu__institutions", "meal_type_id", "menu__diets", "meal_id", "meal__name", "meal_allergens"
        )
    )


def menu_cells_of(rows, institution_ids: set[int] | None) -> dict[tuple[date, int, int, int], list[CellDish]]:
    """The menu cells from `_cell_rows`: (date, institution, meal type, diet) → its dishes. THE rule of which dish
    a receiver gets, shared by the terminal, the calendar's clashes and the kitchen's lists: every menu covering
    the institution and the diet on that date contributes the meals it places on that meal type, each meal once,
    in the menus' order (position, then item id). Several menus covering one cell are not an error: their meals
    are all served (a shared menu plus an institution's own extra dish). No cell: no menu yet."""
    cells: dict[tuple[date, int, int, int], list[CellDish]] = {}
    for day, institution_id, meal_type_id, diet_id, meal_id, name, allergens in rows:
        if institution_id is None or diet_id is None:
            continue
        if institution_ids is not None and institution_id not in institution_ids:
            continue
        cell = cells.setdefault((day, institution_id, meal_type_id, diet_id), [])
        if all(dish.meal_id != meal_id for dish in cell):
            refs = tuple((one["id"], one["name"], one["group"]) for one in allergens or ())
            cell.append(CellDish(meal_id, name, refs))
    return cells


def menu_cells(
    *, date_from: date, date_to: date, institution_ids: set[int] | None
) -> dict[tuple[date, int, int, int], list[CellDish]]:
    """The menu cells of the institutions (None: every one) in the dates, with their dishes' allergens
    (`menu_cells_of`): one query."""
    items = MealsMenuItem.objects.filter(date__gte=date_from, date__lte=date_to)
    if institution_ids is not None:
        items = items.filter(menu__institutions__in=sorted(institution_ids))
    return menu_cells_of(_cell_rows(items), institution_ids)


# A card scan reads the dishes of one institution: its SQL is compiled once per process (core.prepared).
_DISHES_OF_INSTITUTIONS = PreparedQuery(
    lambda day, institution_ids: _cell_rows(
        MealsMenuItem.objects.filter(date=day, menu__institutions__in=institution_ids)
    )
)


def dishes_of_day(*, day: date, institution_ids: set[int] | None = None) -> dict[tuple[int, int, int], list[CellDish]]:
    """The menu's dishes of `day` per (institution, meal type, diet) (`menu_cells_of`'s cells of that day, one
    query for a whole roster). `institution_ids` None: every institution."""
    if institution_ids is None:
        rows = _cell_rows(MealsMenuItem.objects.filter(date=day))
    else:
        rows = _DISHES_OF_INSTITUTIONS(day=day, institution_ids=sorted(institution_ids))
    return dishes_named(rows, institution_ids)


def dishes_read(*, day: date, institution_ids: set[int]) -> Bound | None:
    """`dishes_of_day`'s read of a few institutions, to run beside another read in one round trip
    (`core.prepared.run_bound`; a card scan's locked items); `dishes_named` reads its rows. None: run it alone."""
    return _DISHES_OF_INSTITUTIONS.bound(day=day, institution_ids=sorted(institution_ids))


def dishes_named(rows, institution_ids: set[int] | None) -> dict[tuple[int, int, int], list[CellDish]]:
    """`dishes_of_day`'s answer from its read's rows (one day's)."""
    return {
        (institution_id, meal_type_id, diet_id): dishes
        for (_day, institution_id, meal_type_id, diet_id), dishes in menu_cells_of(rows, institution_ids).items()
    }


def dish_name(dishes: list[CellDish] | None) -> str | None:
    """The dishes of a cell as one text, joined ", " in the menu's order (None: no menu yet)."""
    return ", ".join(dish.name for dish in dishes) if dishes else None
