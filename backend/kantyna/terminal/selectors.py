"""Reads of the terminal (issue 13): who a card or a name is, what they have to be served on a day (with the
menu's dish), the offline roster, the live count and the scan log. Everything is narrowed by the row reach
(`people.reach.Reach`: an institutions admin serves their institutions, cooks and admins everyone) and loaded
in a fixed number of queries whatever the number of people."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.contrib.postgres.expressions import ArraySubquery
from django.db.models import Count, Exists, F, Func, OuterRef, Q, QuerySet, Value
from django.db.models.functions import Concat, JSONObject, Lower

from kantyna.catalog.models import Allergen, MealType
from kantyna.institutions.models import Classroom, Institution
from kantyna.menus.selectors import dishes_of_day
from kantyna.ordering.models import LIVE, OrderItem
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
    """The holder's allergens as `[{id, name}]` in the catalog's order, read in the holder's own row (a scan's
    receiver is one query, a roster's children one query whatever their number)."""
    allergens = Allergen.objects.filter(**{holders: OuterRef("pk")}).order_by("number", "name")
    return ArraySubquery(allergens.values(ref=JSONObject(id="pk", name="name")))


def _children() -> QuerySet[Child]:
    return Child.objects.select_related("institution", "classroom", "diet").annotate(
        allergen_refs=_allergen_refs("children")
    )


def _workers() -> QuerySet[WorkerProfile]:
    return WorkerProfile.objects.select_related("user", "institution", "diet").annotate(
        allergen_refs=_allergen_refs("workers")
    )


@dataclass(frozen=True, eq=False)
class Receiver:
    """A child or an institution worker as the terminal shows them. A worker's id is their user's id (as in the
    calendar's `institution_worker/{id}`)."""

    child: Child | None = None
    worker: WorkerProfile | None = None

    @property
    def type(self) -> str:
        return CHILD if self.child is not None else WORKER

    @property
    def id(self) -> int:
        return self.child.pk if self.child is not None else self.worker.user_id

    @property
    def key(self) -> tuple[int | None, int | None]:
        """(child id, worker profile id), as order items name their subject."""
        return (self.child.pk, None) if self.child is not None else (None, self.worker.pk)

    @property
    def item_filter(self) -> dict:
        return {"child_id": self.child.pk} if self.child is not None else {"worker_id": self.worker.pk}

    @property
    def first_name(self) -> str:
        return self.child.first_name if self.child is not None else self.worker.user.first_name

    @property
    def last_name(self) -> str:
        return self.child.last_name if self.child is not None else self.worker.user.last_name

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def profile(self) -> Child | WorkerProfile:
        return self.child if self.child is not None else self.worker

    @property
    def card_number(self) -> str | None:
        return self.profile.card_number

    @property
    def allergens(self) -> list[dict]:
        """`[{id, name}]`, read with the receiver (`allergen_refs`)."""
        return self.profile.allergen_refs

    @property
    def institution(self) -> Institution:
        return self.profile.institution

    @property
    def classroom(self) -> Classroom | None:
        return self.child.classroom if self.child is not None else None

    @property
    def is_active(self) -> bool:
        if self.child is not None:
            return self.child.is_active and self.child.archived_at is None
        return self.worker.archived_at is None and self.worker.user.is_active


@dataclass
class Serving:
    """A receiver and their live items of a day (the chosen meal types), with the day's dishes."""

    receiver: Receiver
    items: list[OrderItem] = field(default_factory=list)
    dishes: dict[tuple[int, int, int], str] = field(default_factory=dict)

    def dish_of(self, item: OrderItem) -> str | None:
        return self.dishes.get((self.receiver.institution.pk, item.meal_type_id, item.diet_id))


def card_number_clean(card_number: str) -> str:
    """A card number as readers type it: stripped, capital letters (cards hold digits and capitals)."""
    return (card_number or "").strip().upper()


def _one(queryset: QuerySet):
    """The row of a look-up by a unique key, or None: `first()` without the ORDER BY it would add (one less
    clause to build on a scan's hot path, where every query is compiled anew)."""
    return next(iter(queryset.order_by()[:1]), None)


def receiver_by_card(*, actor, card_number: str) -> Receiver | None:
    """The child or worker holding `card_number` within the actor's reach (None: unknown to this actor)."""
    number = card_number_clean(card_number)
    if not number:
        return None
    reach = Reach(actor)
    child = _one(reach.children(_children()).filter(card_number=number))
    if child is not None:
        return Receiver(child=child)
    worker = _one(reach.served_workers(_workers()).filter(card_number=number))
    return Receiver(worker=worker) if worker is not None else None


def receiver_of(*, actor, type: str, id: int) -> Receiver | None:
    """`{type}/{id}` (child id, or the worker's user id) within the actor's reach."""
    reach = Reach(actor)
    if type == CHILD:
        child = _one(reach.children(_children()).filter(pk=id))
        return Receiver(child=child) if child is not None else None
    worker = _one(reach.served_workers(_workers()).filter(user_id=id))
    return Receiver(worker=worker) if worker is not None else None


def receiver_of_item(item: OrderItem) -> Receiver:
    if item.child_id is not None:
        return Receiver(child=_children().get(pk=item.child_id))
    return Receiver(worker=_workers().get(pk=item.worker_id))


def items_of_day_queryset() -> QuerySet[OrderItem]:
    return OrderItem.objects.select_related("meal_type", "diet", "portion_size", "served_by").order_by(
        "meal_type__position", "meal_type__name", "id"
    )


def servings_of(receivers: list[Receiver], *, day: date, meal_type_ids: list[int] | None = None) -> list[Serving]:
    """Each receiver with their live items of `day` (of `meal_type_ids` when given) and the dishes of the day:
    two queries for any number of receivers."""
    if not receivers:
        return []
    child_ids = [r.child.pk for r in receivers if r.child is not None]
    worker_ids = [r.worker.pk for r in receivers if r.worker is not None]
    items = (
        items_of_day_queryset().filter(LIVE, date=day).filter(Q(child_id__in=child_ids) | Q(worker_id__in=worker_ids))
    )
    if meal_type_ids:
        items = items.filter(meal_type_id__in=meal_type_ids)
    per_key: dict[tuple[int | None, int | None], list[OrderItem]] = {}
    for item in items:
        per_key.setdefault((item.child_id, item.worker_id), []).append(item)
    dishes = dishes_of_day(day=day, institution_ids={r.institution.pk for r in receivers})
    return [Serving(receiver, per_key.get(receiver.key, []), dishes) for receiver in receivers]


def serving_of(receiver: Receiver, *, day: date, items: list[OrderItem]) -> Serving:
    """A receiver with items already read (a scan's locked items), with the day's dishes (one query)."""
    return Serving(receiver, items, dishes_of_day(day=day, institution_ids={receiver.institution.pk}))


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
    receivers = [Receiver(child=child) for child in children.order_by("last_name", "first_name", "id")]
    receivers += [Receiver(worker=worker) for worker in workers.order_by("user__last_name", "user__first_name", "id")]
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
        loaded |= {(CHILD, child.pk): Receiver(child=child) for child in _children().filter(pk__in=child_ids)}
    if worker_ids:
        loaded |= {(WORKER, worker.pk): Receiver(worker=worker) for worker in _workers().filter(pk__in=worker_ids)}
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
