"""What the kitchen hands over to each institution (issue 16): the live order items (active and served; cancelled
ones are out) of a day or a range, counted per institution → group → meal type → diet → portion size.

A group is where the receivers eat: a child's classroom; a worker's worker group, or "workers" (no group) for a
worker without one. Every read counts in the database with one grouped query over `live_items` (the same items and
filters as meals to prepare: reach, institutions, kitchen, plus meal types), then reads the names of what was
counted (one small query per kind present), so the number of queries never grows with the orders. The nested view
is the one read per receiver: one query for the day's items with the receivers' names and allergens
(`ArraySubquery`), for whoever hands the meals out at the institution."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date

from django.contrib.postgres.expressions import ArraySubquery
from django.db.models import Count, F, OuterRef, QuerySet
from django.db.models.functions import Coalesce, JSONObject

from kantyna.catalog.models import Allergen, Diet, MealType, PortionSize
from kantyna.core.prepared import PreparedQuery
from kantyna.institutions.models import Classroom, Institution
from kantyna.kitchen.selectors.common import menu_cells
from kantyna.kitchen.selectors.prepare import DietCount, PortionSizeCount, live_items, name_key
from kantyna.meals.models import Meal
from kantyna.ordering.models import OrderItem
from kantyna.people.models import InstitutionWorkersGroup

# The kinds of group a receiver eats in.
CLASSROOM = "classroom"
WORKERS_GROUP = "workersGroup"
WORKERS = "workers"
GROUP_KINDS = (CLASSROOM, WORKERS_GROUP, WORKERS)
CHILD = "child"
WORKER = "worker"


@dataclass(frozen=True)
class Scope:
    """What is asked for: the dates, the institutions the caller reaches (None: every one), and the optional
    narrowing by institutions, a kitchen (what it prepares) and meal types."""

    date_from: date
    date_to: date
    reachable_institution_ids: set[int] | None
    institution_ids: list[int] | None = None
    kitchen_id: int | None = None
    meal_type_ids: list[int] | None = None


def release_items(scope: Scope) -> QuerySet[OrderItem]:
    """The live items of the scope, each with its receiver's institution as `place_id` (`prepare.live_items`)."""
    items = live_items(
        date_from=scope.date_from,
        date_to=scope.date_to,
        reachable_institution_ids=scope.reachable_institution_ids,
        institution_ids=scope.institution_ids,
        kitchen_id=scope.kitchen_id,
    )
    if scope.meal_type_ids:
        items = items.filter(meal_type_id__in=scope.meal_type_ids)
    return items


def _count(scope: Scope, *keys: str) -> list[dict]:
    """One grouped count of the scope's items by `keys` (ids: `place_id`, `classroom_id`, `group_id`...)."""
    items = release_items(scope).annotate(classroom_id=F("child__classroom_id"), group_id=F("worker__group_id"))
    return list(items.values(*keys).annotate(portions=Count("pk")).order_by())


class Names:
    """The names (and orders) of the ids counted, each kind read in one query when first asked for."""

    def __init__(self, rows: list[dict]):
        self.rows = rows
        self._cache: dict[str, dict] = {}

    def _ids(self, key: str) -> set:
        return {row[key] for row in self.rows if row.get(key) is not None}

    def _read(self, kind: str, key: str, queryset: QuerySet, *fields: str) -> dict:
        if kind not in self._cache:
            ids = self._ids(key)
            values = queryset.filter(pk__in=ids).values_list("pk", *fields) if ids else []
            self._cache[kind] = {pk: rest if len(rest) > 1 else rest[0] for pk, *rest in values}
        return self._cache[kind]

    def institution(self, pk: int) -> str:
        return self._read("institution", "place_id", Institution.objects, "name")[pk]

    def classroom(self, pk: int) -> str:
        return self._read("classroom", "classroom_id", Classroom.objects, "name")[pk]

    def workers_group(self, pk: int) -> str:
        return self._read("group", "group_id", InstitutionWorkersGroup.objects, "name")[pk]

    def meal_type(self, pk: int) -> tuple[str, int]:
        return self._read("meal_type", "meal_type_id", MealType.objects, "name", "position")[pk]

    def diet(self, pk: int) -> tuple[str, int]:
        return self._read("diet", "diet_id", Diet.objects, "name", "priority")[pk]

    def portion_size(self, pk: int) -> str:
        return self._read("portion_size", "portion_size_id", PortionSize.objects, "name")[pk]


# Shapes ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ref:
    id: int
    name: str


@dataclass(frozen=True)
class Group:
    """Where receivers eat: a classroom, a worker group, or the institution's workers without a group (id and
    name None)."""

    kind: str
    id: int | None
    name: str | None

    def key(self) -> tuple:
        return (GROUP_KINDS.index(self.kind), name_key(self.name or ""), self.id or 0)


def _group(row: dict, names: Names) -> Group:
    if row["classroom_id"] is not None:
        return Group(CLASSROOM, row["classroom_id"], names.classroom(row["classroom_id"]))
    if row["group_id"] is not None:
        return Group(WORKERS_GROUP, row["group_id"], names.workers_group(row["group_id"]))
    return Group(WORKERS, None, None)


@dataclass(frozen=True)
class MealTypeRef:
    id: int
    name: str
    position: int

    def key(self) -> tuple:
        return (self.position, name_key(self.name), self.id)


@dataclass(frozen=True)
class DietRef:
    id: int
    name: str
    priority: int

    def key(self) -> tuple:
        return (self.priority, name_key(self.name), self.id)


def _meal_type(pk: int, names: Names) -> MealTypeRef:
    return MealTypeRef(pk, *names.meal_type(pk))


def _diet(pk: int, names: Names) -> DietRef:
    return DietRef(pk, *names.diet(pk))


def _institution(pk: int, names: Names) -> Ref:
    return Ref(pk, names.institution(pk))


def _ref_key(ref: Ref) -> tuple:
    return (name_key(ref.name), ref.id)


# meals/mealsToRelease: the flat rows -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ReleaseRow:
    date: date
    institution: Ref
    group: Group
    meal_type: MealTypeRef
    diet: DietRef
    portion_size: Ref
    portions: int


def release_rows(scope: Scope) -> list[ReleaseRow]:
    """One row per date, institution, group, meal type, diet and portion size with its portions, in that order
    (names as a Polish reader sorts them; classrooms, then worker groups, then workers without one). Seven queries
    at most: the count and the names of each kind counted."""
    rows = _count(scope, "date", "place_id", "classroom_id", "group_id", "meal_type_id", "diet_id", "portion_size_id")
    names = Names(rows)
    result = [
        ReleaseRow(
            date=row["date"],
            institution=_institution(row["place_id"], names),
            group=_group(row, names),
            meal_type=_meal_type(row["meal_type_id"], names),
            diet=_diet(row["diet_id"], names),
            portion_size=Ref(row["portion_size_id"], names.portion_size(row["portion_size_id"])),
            portions=row["portions"],
        )
        for row in rows
    ]
    return sorted(
        result,
        key=lambda r: (
            r.date,
            _ref_key(r.institution),
            r.group.key(),
            r.meal_type.key(),
            r.diet.key(),
            _ref_key(r.portion_size),
        ),
    )


# meals/groupedMealsToRelease: per institution, per dish of the menu -------------------------------------------------


@dataclass
class DishRelease:
    """A meal of the menu handed to an institution (`id` None: the portions whose day has no menu dish)."""

    id: int | None
    name: str | None
    meal_type: MealTypeRef
    portions: int = 0
    diets: dict[int, DietCount] = field(default_factory=dict)

    def key(self) -> tuple:
        return (self.meal_type.key(), self.id is None, name_key(self.name or ""), self.id or 0)


@dataclass
class InstitutionDishes:
    institution: Ref
    portions: int = 0
    dishes: dict[tuple, DishRelease] = field(default_factory=dict)

    def dishes_in_order(self) -> list[DishRelease]:
        return sorted(self.dishes.values(), key=DishRelease.key)


def _add_diet(diets: dict[int, DietCount], row: dict, names: Names) -> None:
    diet = diets.get(row["diet_id"])
    if diet is None:
        diet = diets[row["diet_id"]] = DietCount(row["diet_id"], *names.diet(row["diet_id"]))
    diet.portions += row["portions"]
    size = diet.portion_sizes.setdefault(
        row["portion_size_id"], PortionSizeCount(row["portion_size_id"], names.portion_size(row["portion_size_id"]))
    )
    size.portions += row["portions"]


def grouped_meals_to_release(scope: Scope) -> list[InstitutionDishes]:
    """Per institution (by name): each dish the menus place on its days (as meals to prepare: a cell of two meals
    hands out both; portions without a menu dish under a null dish), by meal type, split by diet and portion size.
    The count, the menu cells and the names: six queries at most."""
    rows = _count(scope, "date", "place_id", "meal_type_id", "diet_id", "portion_size_id")
    if not rows:
        return []
    names = Names(rows)
    cells = menu_cells(scope.date_from, scope.date_to, {row["place_id"] for row in rows})
    institutions: dict[int, InstitutionDishes] = {}
    for row in rows:
        place = institutions.get(row["place_id"])
        if place is None:
            place = institutions[row["place_id"]] = InstitutionDishes(_institution(row["place_id"], names))
        place.portions += row["portions"]
        meal_type = _meal_type(row["meal_type_id"], names)
        for meal_id, meal_name in cells.get((row["date"], row["place_id"], row["meal_type_id"], row["diet_id"])) or [
            (None, None)
        ]:
            dish = place.dishes.setdefault((meal_type.id, meal_id), DishRelease(meal_id, meal_name, meal_type))
            dish.portions += row["portions"]
            _add_diet(dish.diets, row, names)
    return sorted(institutions.values(), key=lambda place: _ref_key(place.institution))


# meals/{id}/groupedByDatesMealsToRelease: one meal per date -------------------------------------------------------


@dataclass
class DateRelease:
    date: date
    portions: int = 0
    institutions: dict[int, list] = field(default_factory=dict)  # id → [Ref, portions]


@dataclass
class MealByDates:
    meal: Ref
    date_from: date
    date_to: date
    portions: int
    dates: list[DateRelease]


def meal_by_dates(scope: Scope, meal: Meal) -> MealByDates:
    """The portions of `meal` handed out on each date of the scope (the items whose menu cell holds it), each date
    split by institution. Three queries at most (the count, the menu cells, the institutions' names)."""
    rows = _count(scope, "date", "place_id", "meal_type_id", "diet_id")
    cells = menu_cells(scope.date_from, scope.date_to, {row["place_id"] for row in rows}) if rows else {}
    served = [
        row
        for row in rows
        if any(
            meal_id == meal.pk
            for meal_id, _name in cells.get((row["date"], row["place_id"], row["meal_type_id"], row["diet_id"]), [])
        )
    ]
    names = Names(served)
    dates: dict[date, DateRelease] = {}
    for row in served:
        day = dates.setdefault(row["date"], DateRelease(row["date"]))
        day.portions += row["portions"]
        entry = day.institutions.setdefault(row["place_id"], [_institution(row["place_id"], names), 0])
        entry[1] += row["portions"]
    ordered = sorted(dates.values(), key=lambda day: day.date)
    return MealByDates(
        meal=Ref(meal.pk, meal.name),
        date_from=scope.date_from,
        date_to=scope.date_to,
        portions=sum(day.portions for day in ordered),
        dates=ordered,
    )


def institutions_in_order(day: DateRelease) -> list[tuple[Ref, int]]:
    return sorted(((ref, portions) for ref, portions in day.institutions.values()), key=lambda e: _ref_key(e[0]))


# meals/nestedMealsToRelease: institution → group → meal type → diet → receivers -----------------------------------


@dataclass
class Receiver:
    """A child or a worker with what they get: the portion size, how many portions, their allergens."""

    kind: str
    id: int
    first_name: str
    last_name: str
    portion_size: Ref
    allergens: list[Ref]
    portions: int = 0

    def key(self) -> tuple:
        return (name_key(self.last_name), name_key(self.first_name), self.kind, self.id, self.portion_size.id)


@dataclass
class NestedDiet:
    diet: DietRef
    portions: int = 0
    receivers: dict[tuple, Receiver] = field(default_factory=dict)

    def receivers_in_order(self) -> list[Receiver]:
        return sorted(self.receivers.values(), key=Receiver.key)


@dataclass
class NestedMealType:
    meal_type: MealTypeRef
    portions: int = 0
    diets: dict[int, NestedDiet] = field(default_factory=dict)

    def diets_in_order(self) -> list[NestedDiet]:
        return sorted(self.diets.values(), key=lambda d: d.diet.key())


@dataclass
class NestedGroup:
    group: Group
    portions: int = 0
    meal_types: dict[int, NestedMealType] = field(default_factory=dict)

    def meal_types_in_order(self) -> list[NestedMealType]:
        return sorted(self.meal_types.values(), key=lambda m: m.meal_type.key())


@dataclass
class NestedInstitution:
    institution: Ref
    portions: int = 0
    groups: dict[tuple, NestedGroup] = field(default_factory=dict)

    def groups_in_order(self) -> list[NestedGroup]:
        return sorted(self.groups.values(), key=lambda g: g.group.key())


@dataclass
class NestedRelease:
    date: date
    portions: int
    institutions: list[NestedInstitution]


def _allergens(holders: str, pk_field: str) -> ArraySubquery:
    allergens = Allergen.objects.filter(**{holders: OuterRef(pk_field)}).order_by("number", "name")
    return ArraySubquery(allergens.values(ref=JSONObject(id="pk", name="name")))


_NESTED_COLUMNS = (
    "child_id",
    "worker_id",
    "place_id",
    "place_name",
    "classroom_id",
    "classroom_name",
    "group_id",
    "group_name",
    "first_name",
    "last_name",
    "child_allergens",
    "worker_allergens",
    "meal_type_id",
    "meal_type__name",
    "meal_type__position",
    "diet_id",
    "diet__name",
    "diet__priority",
    "portion_size_id",
    "portion_size__name",
)


def _with_names(items: QuerySet[OrderItem]) -> QuerySet:
    return (
        items.annotate(
            place_name=Coalesce(F("child__institution__name"), F("worker__institution__name")),
            classroom_id=F("child__classroom_id"),
            classroom_name=F("child__classroom__name"),
            group_id=F("worker__group_id"),
            group_name=F("worker__group__name"),
            first_name=Coalesce(F("child__first_name"), F("worker__user__first_name")),
            last_name=Coalesce(F("child__last_name"), F("worker__user__last_name")),
            child_allergens=_allergens("children", "child_id"),
            worker_allergens=_allergens("workers", "worker_id"),
        )
        .values_list(*_NESTED_COLUMNS)
        .order_by()
    )


def _nested_narrowed(
    *,
    date_from: date,
    date_to: date,
    narrowed: list[int],
    reach: list[int] | None = None,
    institution_ids: list[int] | None = None,
    kitchen_id: int | None = None,
    meal_type_ids: list[int] | None = None,
) -> QuerySet:
    items = release_items(Scope(date_from, date_to, reach, institution_ids, kitchen_id, meal_type_ids))
    children = _with_names(items.filter(child__institution_id__in=narrowed))
    workers = _with_names(items.filter(worker__institution_id__in=narrowed))
    return children.union(workers, all=True)


# Compiled once per process and shape (a few institutions: what one person hands out); more run the ORM.
_NESTED_NARROWED = PreparedQuery(_nested_narrowed, max_list=8)


def _nested_rows(scope: Scope) -> list[tuple]:
    """The scope's items with the names, one query. Narrowed to some institutions (asked for, or an institutions
    admin's), the children's items and the workers' are read apart and joined by UNION ALL: each half goes from the
    institutions' receivers to their items through the (receiver, date) indexes, where filtering on the receiver's
    institution (`place_id`, a COALESCE over two joins) reads every item of the day; its SQL is compiled once per
    process (`core.prepared.PreparedQuery`: the union of two joined queries costs more to compile than to run). Bench:
    docs/performance.md."""
    narrowed = scope.institution_ids or scope.reachable_institution_ids
    if narrowed is None:
        return list(_with_names(release_items(scope)))
    values: dict = {"date_from": scope.date_from, "date_to": scope.date_to, "narrowed": sorted(narrowed)}
    if scope.reachable_institution_ids is not None:
        values["reach"] = sorted(scope.reachable_institution_ids)
    if scope.institution_ids:
        values["institution_ids"] = sorted(scope.institution_ids)
    if scope.kitchen_id is not None:
        values["kitchen_id"] = scope.kitchen_id
    if scope.meal_type_ids:
        values["meal_type_ids"] = sorted(scope.meal_type_ids)
    return _NESTED_NARROWED(**values)


def nested_meals_to_release(scope: Scope) -> NestedRelease:
    """The day's (`scope.date_from`) live items, one query with the names of everything and each receiver's
    allergens, nested institution → group → meal type → diet → receivers (by last name; a receiver with two
    portions of one meal type, diet and size counts 2)."""
    institutions: dict[int, NestedInstitution] = {}
    total = 0
    for row in _nested_rows(scope):
        (
            child_id,
            worker_id,
            place_id,
            place_name,
            classroom_id,
            classroom_name,
            group_id,
            group_name,
            first_name,
            last_name,
            child_allergens,
            worker_allergens,
            meal_type_id,
            meal_type_name,
            meal_type_position,
            diet_id,
            diet_name,
            diet_priority,
            size_id,
            size_name,
        ) = row
        total += 1
        place = institutions.get(place_id)
        if place is None:
            place = institutions[place_id] = NestedInstitution(Ref(place_id, place_name))
        place.portions += 1
        if classroom_id is not None:
            group = Group(CLASSROOM, classroom_id, classroom_name)
        elif group_id is not None:
            group = Group(WORKERS_GROUP, group_id, group_name)
        else:
            group = Group(WORKERS, None, None)
        nested_group = place.groups.setdefault((group.kind, group.id), NestedGroup(group))
        nested_group.portions += 1
        meal_type = nested_group.meal_types.get(meal_type_id)
        if meal_type is None:
            meal_type = nested_group.meal_types[meal_type_id] = NestedMealType(
                MealTypeRef(meal_type_id, meal_type_name, meal_type_position)
            )
        meal_type.portions += 1
        diet = meal_type.diets.get(diet_id)
        if diet is None:
            diet = meal_type.diets[diet_id] = NestedDiet(DietRef(diet_id, diet_name, diet_priority))
        diet.portions += 1
        kind, receiver_id = (CHILD, child_id) if child_id is not None else (WORKER, worker_id)
        receiver = diet.receivers.get((kind, receiver_id, size_id))
        if receiver is None:
            allergens = child_allergens if child_id is not None else worker_allergens
            receiver = diet.receivers[(kind, receiver_id, size_id)] = Receiver(
                kind=kind,
                id=receiver_id,
                first_name=first_name,
                last_name=last_name,
                portion_size=Ref(size_id, size_name),
                allergens=[Ref(a["id"], a["name"]) for a in allergens or []],
            )
        receiver.portions += 1
    return NestedRelease(
        date=scope.date_from,
        portions=total,
        institutions=sorted(institutions.values(), key=lambda place: _ref_key(place.institution)),
    )


# orders/mealsToRelease/{date} and its summary --------------------------------------------------------------------


@dataclass
class CountOf:
    """A named thing with its portions (a meal type of an institution's day)."""

    id: int
    name: str
    portions: int


@dataclass
class InstitutionDay:
    institution: Ref
    portions: int
    meal_types: list[CountOf]


def day_by_institution(scope: Scope) -> list[InstitutionDay]:
    """Per institution (by name): the portions of each meal type (by position). Three queries at most."""
    rows = _count(scope, "place_id", "meal_type_id")
    names = Names(rows)
    institutions: dict[int, list[dict]] = defaultdict(list)
    for row in rows:
        institutions[row["place_id"]].append(row)
    result = []
    for place_id, place_rows in institutions.items():
        meal_types = sorted(
            ((_meal_type(row["meal_type_id"], names), row["portions"]) for row in place_rows),
            key=lambda entry: entry[0].key(),
        )
        result.append(
            InstitutionDay(
                institution=_institution(place_id, names),
                portions=sum(row["portions"] for row in place_rows),
                meal_types=[CountOf(ref.id, ref.name, portions) for ref, portions in meal_types],
            )
        )
    return sorted(result, key=lambda day: _ref_key(day.institution))


@dataclass
class MealTypeSummary:
    meal_type: MealTypeRef
    portions: int = 0
    diets: dict[int, DietCount] = field(default_factory=dict)


def day_summary(scope: Scope) -> list[MealTypeSummary]:
    """The totals of every reached institution: per meal type → diet → portion size. Four queries at most."""
    rows = _count(scope, "meal_type_id", "diet_id", "portion_size_id")
    names = Names(rows)
    meal_types: dict[int, MealTypeSummary] = {}
    for row in rows:
        summary = meal_types.get(row["meal_type_id"])
        if summary is None:
            summary = meal_types[row["meal_type_id"]] = MealTypeSummary(_meal_type(row["meal_type_id"], names))
        summary.portions += row["portions"]
        _add_diet(summary.diets, row, names)
    return sorted(meal_types.values(), key=lambda summary: summary.meal_type.key())


# orders/meals: the dishes ordered in a period ------------------------------------------------------------------------


@dataclass
class OrderedMeal:
    id: int | None
    name: str | None
    meal_type: MealTypeRef
    portions: int


@dataclass
class OrderedMeals:
    date_from: date
    date_to: date
    portions: int  # the items: a cell of two meals counts under both dishes, once here
    meals: list[OrderedMeal]


def ordered_meals(scope: Scope) -> OrderedMeals:
    """Each dish the menus place on the ordered days, per meal type, with the portions ordered (a null dish: the
    portions whose day has no menu dish). Three queries at most (the count, the menu cells, meal type names)."""
    rows = _count(scope, "date", "place_id", "meal_type_id", "diet_id")
    if not rows:
        return OrderedMeals(scope.date_from, scope.date_to, 0, [])
    names = Names(rows)
    cells = menu_cells(scope.date_from, scope.date_to, {row["place_id"] for row in rows})
    dishes: dict[tuple, list] = {}
    for row in rows:
        for meal_id, meal_name in cells.get((row["date"], row["place_id"], row["meal_type_id"], row["diet_id"])) or [
            (None, None)
        ]:
            entry = dishes.setdefault((row["meal_type_id"], meal_id), [meal_name, 0])
            entry[1] += row["portions"]
    result = [
        OrderedMeal(meal_id, name, _meal_type(meal_type_id, names), portions)
        for (meal_type_id, meal_id), (name, portions) in dishes.items()
    ]
    return OrderedMeals(
        date_from=scope.date_from,
        date_to=scope.date_to,
        portions=sum(row["portions"] for row in rows),
        meals=sorted(result, key=lambda m: (m.meal_type.key(), m.id is None, name_key(m.name or ""), m.id or 0)),
    )


# The release report: institution x day x meal type ---------------------------------------------------------------


@dataclass
class ReportRow:
    institution: Ref
    date: date
    portions: int
    by_meal_type: list[int]  # aligned with ReleaseReport.meal_types


@dataclass
class ReleaseReport:
    date_from: date
    date_to: date
    portions: int
    meal_types: list[MealTypeRef]
    rows: list[ReportRow]
    totals: list[int]  # per meal type, aligned with meal_types


def release_report(scope: Scope) -> ReleaseReport:
    """Per institution (by name) and day (in order): the portions of each meal type of the period (the columns:
    the meal types ordered in it, by position), the row's total, and each column's total. Three queries at most."""
    rows = _count(scope, "place_id", "date", "meal_type_id")
    names = Names(rows)
    meal_types = sorted({_meal_type(row["meal_type_id"], names) for row in rows}, key=MealTypeRef.key)
    column = {meal_type.id: index for index, meal_type in enumerate(meal_types)}
    cells: dict[tuple[int, date], list[int]] = {}
    for row in rows:
        counts = cells.setdefault((row["place_id"], row["date"]), [0] * len(meal_types))
        counts[column[row["meal_type_id"]]] += row["portions"]
    report_rows = sorted(
        (
            ReportRow(_institution(place_id, names), day, sum(counts), counts)
            for (place_id, day), counts in cells.items()
        ),
        key=lambda r: (_ref_key(r.institution), r.date),
    )
    totals = [sum(r.by_meal_type[index] for r in report_rows) for index in range(len(meal_types))]
    return ReleaseReport(
        date_from=scope.date_from,
        date_to=scope.date_to,
        portions=sum(totals),
        meal_types=meal_types,
        rows=report_rows,
        totals=totals,
    )
