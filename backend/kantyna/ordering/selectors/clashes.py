"""Allergen clashes (issue 30): the one rule saying whether the dish a meal receiver will actually get contains one
of their allergens. Every screen that warns about allergens (the terminal, the kitchen's lists and labels) asks
here.

The dish a receiver gets on a day and meal type is the menu cell (`menus.selectors.menu_cells_of`: every menu
covering the receiver's institution and the diet on that date, each meal once, in the menus' order) of
- the receiver's institution now (where the meal is served, as `receivers.items_of_institutions` counts it), and
- the diet of their live order item of that day and meal type (what the kitchen cooks for it), or the receiver's
  own diet when nothing is ordered yet.
A cell without a dish is `no_menu` ("no menu yet"), never `safe`: nobody knows what will be served.

A dish's allergen matches a receiver's allergen when it is the same allergen, or when both belong to the same
allergen group ("directly or through its allergen group"): a child recorded as allergic to "pszenica" clashes with
a dish marked "jęczmień" when the tenant keeps both in the group "zboża zawierające gluten". Children and workers
record allergens, not groups; an allergen without a group matches itself only.

`verdict` is the rule on data already read (the terminal's scan reads it inside its own statements);
`subject_verdicts` (a receiver, a range of days) and `day_verdicts` / `day_clashes` (a day, in bulk for
institutions, a kitchen or a set of order items) read what it needs in a constant number of queries."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from django.contrib.postgres.expressions import ArraySubquery
from django.db.models import F, OuterRef, Q, QuerySet
from django.db.models.functions import Coalesce, Concat, JSONObject

from kantyna.catalog.models import Allergen, MealType, MealTypeInstitutionSetting
from kantyna.logistics.models import KitchenInstitutionMealType
from kantyna.menus.selectors import CellDish, dates_between, menu_cells
from kantyna.ordering.models import LIVE, OrderItem
from kantyna.ordering.selectors.receivers import items_of_institutions
from kantyna.people.models import Child, WorkerProfile

SAFE = "safe"
CLASH = "clash"
NO_MENU = "no_menu"
STATES = (SAFE, CLASH, NO_MENU)


@dataclass(frozen=True, slots=True)
class SubjectAllergens:
    """A receiver's allergens as the rule matches them: their ids and the ids of their groups."""

    ids: frozenset[int] = frozenset()
    group_ids: frozenset[int] = frozenset()

    @classmethod
    def of(cls, refs: Iterable) -> SubjectAllergens:
        """From `(id, group id or None)` pairs or `{id, group}` dicts."""
        pairs = [(ref["id"], ref.get("group")) if isinstance(ref, dict) else (ref[0], ref[-1]) for ref in refs]
        return cls(frozenset(pk for pk, _group in pairs), frozenset(group for _pk, group in pairs if group is not None))

    def matches(self, allergen_id: int, group_id: int | None) -> bool:
        return allergen_id in self.ids or (group_id is not None and group_id in self.group_ids)


@dataclass(frozen=True, slots=True)
class DishClash:
    """A dish of the cell and those of its allergens that match the receiver's, `(id, name)` in the catalog's order."""

    meal_id: int
    name: str
    allergens: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a receiver's cell holds for them: `state` (safe, clash, no_menu), the cell's dishes and the clashing ones."""

    state: str
    dishes: tuple[CellDish, ...] = ()
    clashes: tuple[DishClash, ...] = ()

    @property
    def dish_names(self) -> list[str]:
        """The names of the dishes that clash."""
        return [dish.name for dish in self.clashes]

    @property
    def allergen_names(self) -> list[str]:
        """The clashing allergens' names, each once, in the order the dishes name them."""
        names: list[str] = []
        for dish in self.clashes:
            names += [name for _pk, name in dish.allergens if name not in names]
        return names

    def as_json(self) -> dict | None:
        """`{dishes: [names], allergens: [names]}` of a clash (camelCase already), None otherwise."""
        if self.state != CLASH:
            return None
        return {"dishes": self.dish_names, "allergens": self.allergen_names}


def verdict(allergens: SubjectAllergens, dishes: list[CellDish] | None) -> Verdict:
    """THE rule: a clash when a dish of the cell has an allergen matching one of the receiver's (same allergen or
    same group); `no_menu` when the cell has no dish; else safe."""
    if not dishes:
        return Verdict(NO_MENU)
    clashes = []
    for dish in dishes:
        matching = tuple((pk, name) for pk, name, group in dish.allergens if allergens.matches(pk, group))
        if matching:
            clashes.append(DishClash(dish.meal_id, dish.name, matching))
    return Verdict(CLASH if clashes else SAFE, tuple(dishes), tuple(clashes))


def _allergens_of(holders: str, key: str) -> ArraySubquery:
    """The holder's allergens as `[{id, group}]`, read in the row (one query for any number of receivers)."""
    return ArraySubquery(
        Allergen.objects.filter(**{holders: OuterRef(key)})
        .order_by("pk")
        .values(ref=JSONObject(id="pk", group="group_id"))
    )


# A receiver, by subject -------------------------------------------------------------------------------------------


def subject_verdicts(
    *,
    child_id: int | None = None,
    worker_id: int | None = None,
    date_from: date,
    date_to: date,
    meal_type_ids: Iterable[int] | None = None,
) -> dict[tuple[date, int], Verdict]:
    """(day, meal type) → the verdict for a child or a worker profile (one of them) on every day of the range and
    every meal type of `meal_type_ids` (None: every meal type not switched off at the receiver's institution).
    Four queries at most, whatever the range; an unknown receiver: {}."""
    if (child_id is None) == (worker_id is None):
        raise ValueError("Give one of child_id and worker_id.")
    found = subjects_verdicts(
        child_ids=[child_id] if child_id is not None else (),
        worker_ids=[worker_id] if worker_id is not None else (),
        date_from=date_from,
        date_to=date_to,
        meal_type_ids=meal_type_ids,
    )
    return found.get((child_id, worker_id), {})


def subjects_verdicts(
    *,
    child_ids: Iterable[int] = (),
    worker_ids: Iterable[int] = (),
    date_from: date,
    date_to: date,
    meal_type_ids: Iterable[int] | None = None,
) -> dict[tuple[int | None, int | None], dict[tuple[date, int], Verdict]]:
    """`subject_verdicts` of several receivers at once (a calendar shows a parent's children together), by
    (child id, worker profile id) as order items name them (`Subject.item_key`). The same number of queries for
    one receiver or fifty: one per kind of receiver, one for the meal types (None given), the items, the menus.
    Unknown receivers are left out."""
    child_ids, worker_ids = list(child_ids), list(worker_ids)
    receivers: list[tuple[tuple[int | None, int | None], int, int, SubjectAllergens]] = []
    for model, ids, holders, key_of in (
        (Child, child_ids, "children", lambda pk: (pk, None)),
        (WorkerProfile, worker_ids, "workers", lambda pk: (None, pk)),
    ):
        if not ids:
            continue
        rows = (
            model.objects.filter(pk__in=ids)
            .annotate(subject_allergens=_allergens_of(holders, "pk"))
            .order_by()
            .values_list("pk", "institution_id", "diet_id", "subject_allergens")
        )
        receivers += [(key_of(pk), place, diet, SubjectAllergens.of(refs)) for pk, place, diet, refs in rows]
    if not receivers:
        return {}
    institution_ids = {place for _key, place, _diet, _allergens in receivers}
    if meal_type_ids is None:
        # Each meal type with the institutions (of these) that switched it off; one setting row must say both (an
        # exclude over two conditions of a multi-valued relation would not).
        switched_off = MealTypeInstitutionSetting.objects.filter(
            meal_type=OuterRef("pk"), institution_id__in=sorted(institution_ids), is_available=False
        ).values("institution_id")
        meal_types = list(
            MealType.objects.annotate(off=ArraySubquery(switched_off))
            .order_by("position", "name")
            .values_list("pk", "off")
        )
        types_at = {place: [pk for pk, off in meal_types if place not in off] for place in institution_ids}
    else:
        types_at = dict.fromkeys(institution_ids, tuple(meal_type_ids))
    every_type = sorted({pk for ids in types_at.values() for pk in ids})
    by_receiver = Q(pk__in=[])
    if child_ids:
        by_receiver |= Q(child_id__in=child_ids)
    if worker_ids:
        by_receiver |= Q(worker_id__in=worker_ids)
    item_diets = {
        (child_id, worker_id, day, meal_type_id): item_diet
        for child_id, worker_id, day, meal_type_id, item_diet in OrderItem.objects.filter(
            LIVE, by_receiver, date__gte=date_from, date__lte=date_to, meal_type_id__in=every_type
        )
        .order_by()
        .values_list("child_id", "worker_id", "date", "meal_type_id", "diet_id")
    }
    cells = menu_cells(date_from=date_from, date_to=date_to, institution_ids=institution_ids)
    days = dates_between(date_from, date_to)
    return {
        key: {
            (day, meal_type_id): verdict(
                allergens, cells.get((day, place, meal_type_id, item_diets.get((*key, day, meal_type_id), diet_id)))
            )
            for day in days
            for meal_type_id in types_at[place]
        }
        for key, place, diet_id, allergens in receivers
    }


# A day, in bulk ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ItemVerdict:
    """A live order item of the day with its receiver and the verdict on the dish it is served. References are
    `{id, name}` dicts (`classroom` None for a worker)."""

    item_id: int
    date: date
    child_id: int | None
    worker_id: int | None
    first_name: str
    last_name: str
    institution: dict
    classroom: dict | None
    meal_type: dict
    diet: dict
    verdict: Verdict

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


def _kitchen_pairs(kitchen_id: int) -> set[tuple[int, int]]:
    return set(
        KitchenInstitutionMealType.objects.filter(kitchen_id=kitchen_id).values_list("institution_id", "meal_type_id")
    )


def day_verdicts(
    *,
    day: date,
    institution_ids: set[int] | None = None,
    kitchen_id: int | None = None,
    items: QuerySet[OrderItem] | None = None,
) -> list[ItemVerdict]:
    """Every live order item of `day` with its verdict, of the receivers of `institution_ids` (None: every one),
    narrowed to what the kitchen `kitchen_id` cooks (its institutions and meal types) and to `items` (a reach, a
    selection) when given; by institution, classroom, name, meal type. Two queries (three with a kitchen) whatever
    the number of receivers."""
    pairs = _kitchen_pairs(kitchen_id) if kitchen_id is not None else None
    if pairs is not None:
        kitchen_institutions = {institution_id for institution_id, _meal_type in pairs}
        institution_ids = kitchen_institutions if institution_ids is None else institution_ids & kitchen_institutions
        if not institution_ids:
            return []
    queryset = items_of_institutions(institution_ids, with_place=True, date=day).filter(LIVE)
    if items is not None:
        queryset = queryset.filter(pk__in=items.values("pk"))
    rows = (
        queryset.annotate(
            place_name=Coalesce(F("child__institution__name"), F("worker__institution__name")),
            first=Coalesce(F("child__first_name"), F("worker__user__first_name")),
            last=Coalesce(F("child__last_name"), F("worker__user__last_name")),
            sort_name=Concat(F("last"), F("first")),
            child_allergens=_allergens_of("children", "child_id"),
            worker_allergens=_allergens_of("workers", "worker_id"),
        )
        .order_by("place_name", "child__classroom__name", "sort_name", "meal_type__position", "pk")
        .values_list(
            "pk", "child_id", "worker_id", "first", "last", "place_id", "place_name", "child__classroom_id",
            "child__classroom__name", "meal_type_id", "meal_type__name", "diet_id", "diet__name", "child_allergens",
            "worker_allergens",
        )
    )  # fmt: skip
    rows = list(rows)
    if pairs is not None:
        rows = [row for row in rows if (row[5], row[9]) in pairs]
    if not rows:
        return []
    cells = menu_cells(date_from=day, date_to=day, institution_ids={row[5] for row in rows})
    return [
        ItemVerdict(
            pk, day, child_id, worker_id, first or "", last or "", {"id": place, "name": place_name},
            {"id": classroom, "name": classroom_name} if classroom is not None else None,
            {"id": meal_type, "name": meal_type_name}, {"id": diet, "name": diet_name},
            verdict(SubjectAllergens.of([*(child_refs or ()), *(worker_refs or ())]), cells.get((day, place, meal_type, diet))),
        )
        for (
            pk, child_id, worker_id, first, last, place, place_name, classroom, classroom_name, meal_type,
            meal_type_name, diet, diet_name, child_refs, worker_refs,
        ) in rows
    ]  # fmt: skip


def day_clashes(
    *,
    day: date,
    institution_ids: set[int] | None = None,
    kitchen_id: int | None = None,
    items: QuerySet[OrderItem] | None = None,
) -> list[ItemVerdict]:
    """`day_verdicts`' clashes only: the receivers whose dish of the day contains one of their allergens."""
    verdicts = day_verdicts(day=day, institution_ids=institution_ids, kitchen_id=kitchen_id, items=items)
    return [one for one in verdicts if one.verdict.state == CLASH]
