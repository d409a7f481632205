"""Reads of the terminal (issue 13): who a card or a name is, what they have to be served on a day (with the
menu's dish), the offline roster, the live count and the scan log. Everything is narrowed by the row reach
(`people.reach.Reach`: an institutions admin serves their institutions, cooks and admins everyone) and loaded
in a fixed number of queries whatever the number of people."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cache
from typing import NamedTuple

from django.contrib.postgres.expressions import ArraySubquery
from django.db.models import Count, Exists, F, Func, OuterRef, Q, QuerySet, Value
from django.db.models.functions import Concat, JSONObject, Lower

from kantyna.catalog.models import Allergen, MealType
from kantyna.core.prepared import Bound, PreparedQuery, run_bound
from kantyna.menus.selectors import CellDish, dish_name, dishes_named, dishes_of_day, dishes_read
from kantyna.ordering.models import LIVE, OrderItem
from kantyna.ordering.selectors.clashes import SubjectAllergens, Verdict, verdict
from kantyna.people.models import Child, WorkerProfile
from kantyna.people.reach import Reach
from kantyna.terminal.models import ScannedCardEntry

CHILD = "child"
WORKER = "worker"
TYPES = (CHILD, WORKER)
SEARCH_MIN_LENGTH = 2
SEARCH_LIMIT = 500  # matches looked at per kind of receiver: a name search, not an export
# Accents folded for the name search (Polish first; the database has no `unaccent`, and its lower() may leave
# non-ASCII capitals alone under the C locale, so capitals are folded too).
_ACCENTED = "ąćęłńóśźżáàâäãåčďéèêëěíìîïňñôöõřšťúùûüůýÿž"
_PLAIN = "acelnoszzaaaaaacdeeeeeiiiinnooorstuuuuuyyz"
ACCENTED = _ACCENTED + _ACCENTED.upper()
PLAIN = _PLAIN + _PLAIN
FOLD = str.maketrans(ACCENTED, PLAIN)


def _allergen_refs(holders: str) -> ArraySubquery:
    """The holder's allergens as `[{id, name, group}]` in the catalog's order, read in the holder's own row (a
    scan's receiver is one query, a roster's children one query whatever their number). The group is what the
    clash rule matches by (`ordering.selectors.clashes`); the API shows `{id, name}`."""
    allergens = Allergen.objects.filter(**{holders: OuterRef("pk")}).order_by("number", "name")
    return ArraySubquery(allergens.values(ref=JSONObject(id="pk", name="name", group="group_id")))


# WARNING: cached per process, shared by every request and tenant: never evaluate a base itself (its result cache
# would keep one tenant's rows for all); only clone it (`_children()`, `_workers()`, `_items()`).
@cache
def _children_base() -> QuerySet[Child]:
    return Child.objects.annotate(allergen_refs=_allergen_refs("children")).values_list(*_CHILD_COLUMNS)


@cache
def _workers_base() -> QuerySet[WorkerProfile]:
    return WorkerProfile.objects.annotate(allergen_refs=_allergen_refs("workers")).values_list(*_WORKER_COLUMNS)


# The receivers' and items' querysets are built once per process and cloned by every read (`.all()`, `filter()`):
# resolving the allergens' subquery and the joined columns anew was a third of a scan's look-up (only the SQL is
# compiled per request). The bases are never evaluated themselves, so they hold no rows; the schema is the
# connection's search_path, not part of the SQL, so one base serves every tenant.
def _children() -> QuerySet[Child]:
    return _children_base().all()


def _workers() -> QuerySet[WorkerProfile]:
    return _workers_base().all()


# The columns a receiver is read with, as plain rows (no model objects on a scan's hot path): a child's, then a
# worker's in the same order (a worker has no classroom; their name and activity are their user's).
_CHILD_COLUMNS = (
    "pk", "first_name", "last_name", "card_number", "institution_id", "institution__name", "classroom_id",
    "classroom__name", "diet_id", "diet__name", "allergen_refs", "allergies_note", "is_active", "archived_at",
)  # fmt: skip
_WORKER_COLUMNS = (
    "pk", "user_id", "user__first_name", "user__last_name", "card_number", "institution_id", "institution__name",
    "diet_id", "diet__name", "allergen_refs", "allergies_note", "user__is_active", "archived_at",
)  # fmt: skip


@dataclass(frozen=True, eq=False, slots=True)
class Receiver:
    """A child or an institution worker as the terminal shows them, read as a plain row (`receivers_of`). A
    worker's `id` is their user's id (as in the calendar's `institution_worker/{id}`); `pk` is the child's or the
    worker profile's id, as order items and scan entries name them. References are `{id, name}` dicts."""

    type: str
    id: int
    pk: int
    first_name: str
    last_name: str
    card_number: str | None
    institution: dict
    classroom: dict | None
    diet: dict
    allergens: list[dict]
    allergies_note: str
    is_active: bool

    @property
    def child_id(self) -> int | None:
        return self.pk if self.type == CHILD else None

    @property
    def worker_id(self) -> int | None:
        """The worker profile's id (None for a child)."""
        return self.pk if self.type == WORKER else None

    @property
    def key(self) -> tuple[int | None, int | None]:
        """(child id, worker profile id), as order items name their subject."""
        return (self.pk, None) if self.type == CHILD else (None, self.pk)

    @property
    def item_filter(self) -> dict:
        return {"child_id": self.pk} if self.type == CHILD else {"worker_id": self.pk}

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


def _ref(pk, name) -> dict | None:
    return {"id": pk, "name": name} if pk is not None else None


def child_receivers(queryset: QuerySet[Child]) -> list[Receiver]:
    """The children of `queryset` (`_children()`'s rows, narrowed and ordered) as receivers: one query."""
    return [
        Receiver(
            CHILD, pk, pk, first, last, card, {"id": institution, "name": institution_name},
            {"id": classroom, "name": classroom_name}, {"id": diet, "name": diet_name}, allergens, note,
            is_active and archived_at is None,
        )
        for (
            pk, first, last, card, institution, institution_name, classroom, classroom_name, diet, diet_name,
            allergens, note, is_active, archived_at,
        ) in queryset
    ]  # fmt: skip


def worker_receivers(queryset: QuerySet[WorkerProfile]) -> list[Receiver]:
    """The workers of `queryset` (`_workers()`'s rows, narrowed and ordered) as receivers: one query."""
    return [
        Receiver(
            WORKER, user_id, pk, first, last, card, {"id": institution, "name": institution_name}, None,
            {"id": diet, "name": diet_name}, allergens, note, archived_at is None and is_active,
        )
        for (
            pk, user_id, first, last, card, institution, institution_name, diet, diet_name, allergens, note,
            is_active, archived_at,
        ) in queryset
    ]  # fmt: skip


def receiver_of_child(child: Child, allergens: list[dict] | None = None) -> Receiver:
    """A receiver from a child already loaded with its institution, classroom and diet (the summary's details)."""
    return Receiver(
        CHILD, child.pk, child.pk, child.first_name, child.last_name, child.card_number,
        _ref(child.institution_id, child.institution.name), _ref(child.classroom_id, child.classroom.name),
        _ref(child.diet_id, child.diet.name), allergens or [], child.allergies_note,
        child.is_active and child.archived_at is None,
    )  # fmt: skip


def receiver_of_worker(worker: WorkerProfile, allergens: list[dict] | None = None) -> Receiver:
    """A receiver from a worker already loaded with their user, institution and diet (the summary's details)."""
    user = worker.user
    return Receiver(
        WORKER, worker.user_id, worker.pk, user.first_name, user.last_name, worker.card_number,
        _ref(worker.institution_id, worker.institution.name), None, _ref(worker.diet_id, worker.diet.name),
        allergens or [], worker.allergies_note, worker.archived_at is None and user.is_active,
    )  # fmt: skip


class UserRef(NamedTuple):
    """Who served an item: `{id, name}` (`full_name` as `UserRefSerializer` reads a user)."""

    id: int
    name: str

    @property
    def full_name(self) -> str:
        return self.name


def user_ref(user) -> UserRef:
    return UserRef(user.pk, user.full_name)


@dataclass(eq=False, slots=True)
class Item:
    """A live order item of a day as the terminal shows and serves it, read as a plain row (`item_rows`)."""

    id: int
    date: date
    child_id: int | None
    worker_id: int | None
    meal_type_id: int
    meal_type: dict
    diet_id: int
    diet: dict
    portion_size: dict
    status: str
    served_at: datetime | None
    served_by: UserRef | None

    @property
    def pk(self) -> int:
        return self.id


_ITEM_COLUMNS = (
    "pk", "date", "child_id", "worker_id", "meal_type_id", "meal_type__name", "diet_id", "diet__name",
    "portion_size_id", "portion_size__name", "status", "served_at", "served_by_id", "served_by__first_name",
    "served_by__last_name",
)  # fmt: skip


# WARNING: cached per process; never evaluate it directly, only clone it (see `_children_base`).
@cache
def _items_base() -> QuerySet[OrderItem]:
    return OrderItem.objects.values_list(*_ITEM_COLUMNS)


def _items() -> QuerySet[OrderItem]:
    """Order items' rows as `item_rows` reads them (see `_children`)."""
    return _items_base().all()


def item_rows(queryset: QuerySet[OrderItem]) -> list[Item]:
    """The items of `queryset` (`_items()`'s rows, narrowed, ordered, locked or not) as `Item` rows: one query."""
    return [
        Item(
            pk, day, child_id, worker_id, meal_type, {"id": meal_type, "name": meal_type_name}, diet,
            {"id": diet, "name": diet_name}, {"id": portion, "name": portion_name}, status, served_at,
            UserRef(by, f"{by_first} {by_last}".strip()) if by is not None else None,
        )
        for (
            pk, day, child_id, worker_id, meal_type, meal_type_name, diet, diet_name, portion, portion_name, status,
            served_at, by, by_first, by_last,
        ) in queryset
    ]  # fmt: skip


@dataclass(slots=True)
class Serving:
    """A receiver and their live items of a day (the chosen meal types), with the day's dishes."""

    receiver: Receiver
    items: list[Item] = field(default_factory=list)
    dishes: dict[tuple[int, int, int], list[CellDish]] = field(default_factory=dict)

    def dishes_of(self, item: Item) -> list[CellDish] | None:
        """The menu cell's dishes the item is served (None: no menu yet)."""
        return self.dishes.get((self.receiver.institution["id"], item.meal_type_id, item.diet_id))

    def dish_of(self, item: Item) -> str | None:
        return dish_name(self.dishes_of(item))

    def verdict_of(self, item: Item) -> Verdict:
        """Whether the item's dish contains one of the receiver's allergens (the one clash rule)."""
        return verdict(SubjectAllergens.of(self.receiver.allergens), self.dishes_of(item))


def card_number_clean(card_number: str) -> str:
    """A card number as readers type it: stripped, capital letters (cards hold digits and capitals)."""
    return (card_number or "").strip().upper()


def _one(receivers: list[Receiver]) -> Receiver | None:
    return receivers[0] if receivers else None


# A card's holder for those who reach everyone (the kitchen's cooks, admins): the scan's look-up, its SQL compiled
# once per process (core.prepared); anyone else's reach is applied by the ORM as usual.
_CHILD_BY_CARD = PreparedQuery(lambda number: _children().filter(card_number=number).order_by())
_WORKER_BY_CARD = PreparedQuery(lambda number: _workers().filter(card_number=number).order_by())


def receiver_by_card(*, actor, card_number: str) -> Receiver | None:
    """The child or worker holding `card_number` within the actor's reach (None: unknown to this actor). A look-up
    by a unique key: no ORDER BY, no LIMIT to build."""
    number = card_number_clean(card_number)
    if not number:
        return None
    reach = Reach(actor)
    if reach.reaches_every_child:
        children = _CHILD_BY_CARD(number=number)
    else:
        children = reach.children(_children()).filter(card_number=number).order_by()
    child = _one(child_receivers(children))
    if child is not None:
        return child
    if reach.serves_every_worker:
        workers = _WORKER_BY_CARD(number=number)
    else:
        workers = reach.served_workers(_workers()).filter(card_number=number).order_by()
    return _one(worker_receivers(workers))


def card_lookups(*, actor, card_number: str) -> list[Bound] | None:
    """`receiver_by_card`'s two look-ups (the child's, the worker's), to run inside another statement (a scan's claim,
    `receiver_of_lookups` reads their rows); None when they run alone: the actor's reach is applied by the ORM (an
    institutions admin: call `receiver_by_card`), or the number is blank."""
    number = card_number_clean(card_number)
    reach = Reach(actor)
    if not number or not (reach.reaches_every_child and reach.serves_every_worker):
        return None
    child, worker = _CHILD_BY_CARD.bound(number=number), _WORKER_BY_CARD.bound(number=number)
    return [child, worker] if child is not None and worker is not None else None


def receiver_of_lookups(rows: list[tuple | None]) -> Receiver | None:
    """The receiver of `card_lookups`' rows: the child holding the card, else the worker, else None."""
    child, worker = rows
    if child is not None:
        return child_receivers([child])[0]
    return worker_receivers([worker])[0] if worker is not None else None


def receiver_of(*, actor, type: str, id: int) -> Receiver | None:
    """`{type}/{id}` (child id, or the worker's user id) within the actor's reach."""
    reach = Reach(actor)
    if type == CHILD:
        return _one(child_receivers(reach.children(_children()).filter(pk=id).order_by()))
    return _one(worker_receivers(reach.served_workers(_workers()).filter(user_id=id).order_by()))


def items_of_day_queryset() -> QuerySet[OrderItem]:
    return _items().order_by("meal_type__position", "meal_type__name", "id")


def servings_of(receivers: list[Receiver], *, day: date, meal_type_ids: list[int] | None = None) -> list[Serving]:
    """Each receiver with their live items of `day` (of `meal_type_ids` when given) and the dishes of the day:
    two queries for any number of receivers."""
    if not receivers:
        return []
    child_ids = [r.pk for r in receivers if r.type == CHILD]
    worker_ids = [r.pk for r in receivers if r.type == WORKER]
    items = (
        items_of_day_queryset().filter(LIVE, date=day).filter(Q(child_id__in=child_ids) | Q(worker_id__in=worker_ids))
    )
    if meal_type_ids:
        items = items.filter(meal_type_id__in=meal_type_ids)
    per_key: dict[tuple[int | None, int | None], list[Item]] = {}
    for item in item_rows(items):
        per_key.setdefault((item.child_id, item.worker_id), []).append(item)
    dishes = dishes_of_day(day=day, institution_ids={r.institution["id"] for r in receivers})
    return [Serving(receiver, per_key.get(receiver.key, []), dishes) for receiver in receivers]


def serving_of(receiver: Receiver, *, day: date, items: list[Item]) -> Serving:
    """A receiver with items already read (a scan's locked items), with the day's dishes (one query)."""
    return Serving(receiver, items, dishes_of_day(day=day, institution_ids={receiver.institution["id"]}))


def _locked(queryset: QuerySet[OrderItem]) -> QuerySet[OrderItem]:
    return queryset.select_for_update(of=("self",)).filter(LIVE).order_by("pk")


def locked_items(**filters) -> list[Item]:
    """Live items matching `filters`, locked (`FOR UPDATE` of the items only) in id order, the order ordering
    locks in: two terminals serving one receiver queue here."""
    return item_rows(_locked(_items().filter(**filters)))


# A scan's items (SQL compiled once per process, core.prepared): a child's or a worker's of a day and meal types.
_LOCKED_OF = {
    CHILD: PreparedQuery(
        lambda pk, day, meal_type_ids: _locked(_items().filter(child_id=pk, date=day, meal_type_id__in=meal_type_ids))
    ),
    WORKER: PreparedQuery(
        lambda pk, day, meal_type_ids: _locked(_items().filter(worker_id=pk, date=day, meal_type_id__in=meal_type_ids))
    ),
}


def locked_items_of(receiver: Receiver, *, day: date, meal_type_ids: list[int]) -> list[Item]:
    """The receiver's live items of `day` and `meal_type_ids`, locked as `locked_items` locks them."""
    return item_rows(_LOCKED_OF[receiver.type](pk=receiver.pk, day=day, meal_type_ids=list(meal_type_ids)))


def locked_serving_of(receiver: Receiver, *, day: date, meal_type_ids: list[int]) -> Serving:
    """The receiver's live items of `day` and `meal_type_ids`, locked as `locked_items` locks them, with the day's
    dishes (`serving_of`): both reads in one round trip (`core.prepared.run_bound`) when their SQL is compiled."""
    institution_ids = {receiver.institution["id"]}
    items = _LOCKED_OF[receiver.type].bound(pk=receiver.pk, day=day, meal_type_ids=list(meal_type_ids))
    dishes = dishes_read(day=day, institution_ids=institution_ids)
    if items is None or dishes is None:
        return serving_of(receiver, day=day, items=locked_items_of(receiver, day=day, meal_type_ids=meal_type_ids))
    item_values, dish_rows = run_bound(items, dishes)
    return Serving(receiver, item_rows(item_values), dishes_named(dish_rows, institution_ids))


def _live_item_on(day: date, subject_field: str) -> Exists:
    return Exists(OrderItem.objects.filter(LIVE, date=day, **{subject_field: OuterRef("pk")}))


def roster(*, actor, day: date, institution_id: int | None = None) -> list[Serving]:
    """The offline roster: every receiver in reach with a card number and a live item on `day` (every meal
    type), with those items. Six queries whatever the size of the institution."""
    reach = Reach(actor)
    children = reach.children(_children()).filter(card_number__isnull=False).filter(_live_item_on(day, "child"))
    workers = reach.served_workers(_workers()).filter(card_number__isnull=False).filter(_live_item_on(day, "worker"))
    if institution_id is not None:
        children = children.filter(institution_id=institution_id)
        workers = workers.filter(institution_id=institution_id)
    receivers = child_receivers(children.order_by("last_name", "first_name", "id"))
    receivers += worker_receivers(workers.order_by("user__last_name", "user__first_name", "id"))
    return servings_of(receivers, day=day)


def _folded(*fields) -> Func:
    """lower(fields joined by spaces) with accents folded, for the name search."""
    parts = []
    for index, name in enumerate(fields):
        if index:
            parts.append(Value(" "))
        parts.append(F(name))
    return Lower(Func(Concat(*parts), Value(ACCENTED), Value(PLAIN), function="translate"))


def _matching(queryset: QuerySet, words: list[str], card: str, first: str, last: str) -> QuerySet:
    """Rows whose folded name holds every word, or whose card number starts with `card`."""
    names = Q()
    for word in words:
        names &= Q(folded_name__contains=word)
    return queryset.annotate(folded_name=_folded(first, last)).filter(names | Q(card_number__startswith=card))


def receivers_search(
    *, actor, text: str, day: date, meal_type_ids: list[int] | None, page: int, per_page: int
) -> tuple[int, list[Serving]]:
    """Receivers in reach whose names hold every word of `text` (either order, accents and case ignored) or whose
    card number starts with it; active first, then by name. (total, the page's servings); fewer than two
    characters find nobody. Five queries whatever the matches."""
    text = (text or "").strip()
    if len(text) < SEARCH_MIN_LENGTH:
        return 0, []
    words = text.lower().translate(FOLD).split()
    card = card_number_clean(text)
    reach = Reach(actor)
    children = _matching(reach.children(), words, card, "first_name", "last_name")
    workers = _matching(reach.served_workers(), words, card, "user__first_name", "user__last_name")
    found = [
        (not (is_active and archived is None), last.lower(), first.lower(), CHILD, pk)
        for pk, first, last, is_active, archived in children.values_list(
            "pk", "first_name", "last_name", "is_active", "archived_at"
        ).distinct()[:SEARCH_LIMIT]
    ]
    found += [
        (not (is_active and archived is None), last.lower(), first.lower(), WORKER, pk)
        for pk, first, last, is_active, archived in workers.values_list(
            "pk", "user__first_name", "user__last_name", "user__is_active", "archived_at"
        ).distinct()[:SEARCH_LIMIT]
    ]
    found.sort()
    chosen = found[(page - 1) * per_page : page * per_page]
    child_ids = [pk for *_rest, kind, pk in chosen if kind == CHILD]
    worker_ids = [pk for *_rest, kind, pk in chosen if kind == WORKER]
    loaded = {}
    if child_ids:
        loaded |= {(CHILD, one.pk): one for one in child_receivers(_children().filter(pk__in=child_ids))}
    if worker_ids:
        loaded |= {(WORKER, one.pk): one for one in worker_receivers(_workers().filter(pk__in=worker_ids))}
    receivers = [loaded[(kind, pk)] for *_rest, kind, pk in chosen if (kind, pk) in loaded]
    return len(found), servings_of(receivers, day=day, meal_type_ids=meal_type_ids)


def _items_in_reach(actor) -> QuerySet[OrderItem]:
    reach = Reach(actor)
    if reach.everything:
        return OrderItem.objects.all()
    return OrderItem.objects.filter(
        Q(child__in=reach.children().values("pk")) | Q(worker__in=reach.served_workers().values("pk"))
    )


def _day_items(*, actor, day: date, meal_type_ids: list[int] | None, institution_id: int | None):
    items = _items_in_reach(actor).filter(LIVE, date=day)
    if meal_type_ids:
        items = items.filter(meal_type_id__in=meal_type_ids)
    if institution_id is not None:
        items = items.filter(Q(child__institution_id=institution_id) | Q(worker__institution_id=institution_id))
    return items


def summary(*, actor, day: date, meal_type_ids: list[int] | None = None, institution_id: int | None = None) -> list:
    """Live items of `day` in reach per meal type, diet and portion size: ordered (live), served, left (active).
    One grouped query."""
    return list(
        _day_items(actor=actor, day=day, meal_type_ids=meal_type_ids, institution_id=institution_id)
        .values(
            "meal_type_id",
            "meal_type__name",
            "diet_id",
            "diet__name",
            "portion_size_id",
            "portion_size__name",
        )
        .annotate(
            ordered=Count("id"),
            served=Count("id", filter=Q(status=OrderItem.Status.SERVED)),
            left=Count("id", filter=Q(status=OrderItem.Status.ACTIVE)),
        )
        .order_by("meal_type__position", "meal_type__name", "diet__name", "portion_size__name")
    )


def summary_details(
    *, actor, day: date, meal_type_ids: list[int] | None = None, institution_id: int | None = None
) -> QuerySet[OrderItem]:
    """The same items one per row (the "details" mode), with their receivers; to be paged."""
    return (
        _day_items(actor=actor, day=day, meal_type_ids=meal_type_ids, institution_id=institution_id)
        .select_related(
            "meal_type",
            "diet",
            "portion_size",
            "child__institution",
            "child__classroom",
            "child__diet",
            "worker__user",
            "worker__institution",
            "worker__diet",
        )
        .annotate(
            receiver_last_name=Lower(Concat(F("child__last_name"), F("worker__user__last_name"))),
            receiver_first_name=Lower(Concat(F("child__first_name"), F("worker__user__first_name"))),
        )
        .order_by("status", "receiver_last_name", "receiver_first_name", "meal_type__position", "id")
    )


def entries(
    *,
    actor,
    day: date | None = None,
    institution_id: int | None = None,
    result: str | None = None,
) -> QuerySet[ScannedCardEntry]:
    """The scan log, newest first: an institutions admin's institutions' entries, everyone's for the others."""
    reach = Reach(actor)
    queryset = ScannedCardEntry.objects.select_related("child", "worker__user", "institution", "served_by")
    if reach.is_institutions_admin and not reach.everything:
        queryset = queryset.filter(institution_id__in=reach.institution_ids)
    if day is not None:
        queryset = queryset.filter(date=day)
    if institution_id is not None:
        queryset = queryset.filter(institution_id=institution_id)
    if result:
        queryset = queryset.filter(result=result)
    return queryset.order_by("-received_at", "-id")


def meal_type_names(ids) -> dict[int, str]:
    """{id: name} of the meal types named by a page of entries (one query)."""
    ids = set(ids)
    if not ids:
        return {}
    return dict(MealType.objects.filter(pk__in=ids).values_list("pk", "name"))
