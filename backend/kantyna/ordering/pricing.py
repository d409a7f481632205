"""Price resolution for ordering (DESIGN.md §4), set-based.

subject → price lists group (the child's own, else its classroom's group when default for members, else the
tenant's default group for children or for workers) → the group's list valid on the date → the item for meal
type, diet and portion size, minus hidden items, items hidden for the orderer's audience and items hidden on
the date's weekday, minus meal types the subject's institution does not serve → the subject's discount until
its expiry date.

`Pricer` loads everything for many subjects and a date range in a constant number of queries (default groups,
lists, items, institution availability), then answers every (subject, date, meal type...) in memory."""

from __future__ import annotations

import bisect
from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Q

from kantyna.catalog.models import MealTypeInstitutionSetting
from kantyna.core.money import discounted
from kantyna.core.prepared import Instances, PreparedQuery
from kantyna.ordering.subjects import CHILD, Subject
from kantyna.pricing.models import WEEKDAYS_PL, PriceList, PriceListItem, PriceListsGroup

SUBJECT_AUDIENCE = "subject"  # for_role sentinel: the audience of the subject (parents / institution workers)


@dataclass(frozen=True)
class Price:
    item: PriceListItem
    unit_price: Decimal
    discount_percent: Decimal
    price: Decimal


# The small reads of every Pricer, compiled once per process (core.prepared): a calendar month or a marking builds
# one Pricer per request, and compiling these queries was most of their cost. Many groups or institutions (the
# nightly job) run the ORM as before.
_DEFAULT_GROUPS = PreparedQuery(
    lambda: PriceListsGroup.objects.filter(
        Q(default_for_children=True) | Q(default_for_institutions_workers=True)
    ).values_list("id", "default_for_children", "default_for_institutions_workers")
)
_LISTS = PreparedQuery(
    lambda group_ids, last: (
        PriceList.objects.filter(group_id__in=group_ids, valid_from__lte=last)
        .order_by("group_id", "valid_from")
        .values_list("id", "group_id", "valid_from")
    )
)
# The lists' items, with the meal type, diet and portion size of each (as `select_related` loads them).
_ITEM = Instances(PriceListItem, ("meal_type", "diet", "portion_size"))
_ITEMS = PreparedQuery(
    lambda list_ids: (
        PriceListItem.objects.filter(price_list_id__in=list_ids, hidden=False)
        .order_by("meal_type__position", "meal_type__name", "diet__priority", "portion_size__name")
        .values_list(*_ITEM.columns)
    )
)
_UNAVAILABLE = PreparedQuery(
    lambda institution_ids: (
        MealTypeInstitutionSetting.objects.filter(institution_id__in=institution_ids, is_available=False)
        .order_by()
        .values_list("institution_id", "meal_type_id")
    )
)


class Pricer:
    """Prices for `subjects` on days in [first, last]. `for_role`: the `hiddenFor` audience to apply —
    SUBJECT_AUDIENCE (the subject's: a customer or the automarking job), None (staff see every item that is
    not `hidden`) or an explicit value."""

    def __init__(self, subjects: list[Subject], first: date, last: date, *, for_role: str | None = SUBJECT_AUDIENCE):
        self.for_role = for_role
        defaults = _DEFAULT_GROUPS()
        self.default_children_group = next((pk for pk, children, _ in defaults if children), None)
        self.default_workers_group = next((pk for pk, _, workers in defaults if workers), None)
        group_ids = {self.group_of(subject) for subject in subjects} - {None}
        lists = _LISTS(group_ids=sorted(group_ids), last=last) if group_ids else []
        self._chosen: dict[tuple, PriceListItem | None] = {}
        self._choices: dict[tuple, tuple[PriceListItem, ...]] = {}
        self._lists: dict[int, list[tuple[date, int]]] = defaultdict(list)
        self._starts: dict[int, list[date]] = {}
        for list_id, group_id, valid_from in lists:
            self._lists[group_id].append((valid_from, list_id))
        needed: set[int] = set()
        for group_lists in self._lists.values():
            starts = [start for start, _ in group_lists]
            from_index = max(bisect.bisect_right(starts, first) - 1, 0)
            needed |= {list_id for _, list_id in group_lists[from_index:]}
        self._items: dict[int, list[PriceListItem]] = defaultdict(list)
        self.items_by_id: dict[int, PriceListItem] = {}
        if needed:
            for item in _ITEM.of(_ITEMS(list_ids=sorted(needed))):
                self._items[item.price_list_id].append(item)
                self.items_by_id[item.pk] = item
        institution_ids = {subject.institution.pk for subject in subjects}
        self._unavailable: set[tuple[int, int]] = set(
            _UNAVAILABLE(institution_ids=sorted(institution_ids)) if institution_ids else []
        )

    # Resolution ---------------------------------------------------------------------------------------------

    def group_of(self, subject: Subject) -> int | None:
        if subject.own_price_lists_group_id:
            return subject.own_price_lists_group_id
        return self.default_children_group if subject.type == CHILD else self.default_workers_group

    def list_of(self, subject: Subject, day: date) -> int | None:
        group = self.group_of(subject)
        group_lists = self._lists.get(group) or []
        if group not in self._starts:
            self._starts[group] = [start for start, _ in group_lists]
        index = bisect.bisect_right(self._starts[group], day) - 1
        return group_lists[index][1] if index >= 0 else None

    def meal_type_available(self, subject: Subject, meal_type_id: int) -> bool:
        return (subject.institution.pk, meal_type_id) not in self._unavailable

    def _role(self, subject: Subject) -> str | None:
        return subject.audience if self.for_role == SUBJECT_AUDIENCE else self.for_role

    def is_visible(self, subject: Subject, day: date, item: PriceListItem) -> bool:
        role = self._role(subject)
        if item.hidden or (role and role in (item.hidden_for or [])):
            return False
        if WEEKDAYS_PL[day.weekday()] in (item.hidden_weekdays or []):
            return False
        return self.meal_type_available(subject, item.meal_type_id)

    def choices(self, subject: Subject, day: date, *, diet_id: int | None = None) -> list[PriceListItem]:
        """Items the subject may order on `day` (for `diet_id`, or any diet when None). Memoized as `choose` is
        (every input of the answer is in the key: a calendar asks for each subject and day)."""
        list_id = self.list_of(subject, day)
        if list_id is None:
            return []
        key = (list_id, day.weekday(), subject.institution.pk, self._role(subject), diet_id)
        found = self._choices.get(key)
        if found is None:
            found = self._choices[key] = tuple(
                item
                for item in self._items.get(list_id, ())
                if (diet_id is None or item.diet_id == diet_id) and self.is_visible(subject, day, item)
            )
        return list(found)

    def choose(
        self,
        subject: Subject,
        day: date,
        *,
        meal_type_id: int,
        diet_id: int,
        portion_size_id: int | None = None,
        price_list_item_id: int | None = None,
    ) -> PriceListItem | None:
        """The item to order: the explicit one when it is choosable and matches, else the one for the meal
        type, diet and portion size (the default portion size, else the first offered, when none is given).
        Memoized: every input of the answer is in the key (the job asks the same question thousands of times)."""
        key = (
            self.list_of(subject, day),
            day.weekday(),
            subject.institution.pk,
            self._role(subject),
            meal_type_id,
            diet_id,
            portion_size_id,
            price_list_item_id,
        )
        if key not in self._chosen:
            self._chosen[key] = self._choose(
                subject,
                day,
                meal_type_id=meal_type_id,
                diet_id=diet_id,
                portion_size_id=portion_size_id,
                price_list_item_id=price_list_item_id,
            )
        return self._chosen[key]

    def _choose(self, subject, day, *, meal_type_id, diet_id, portion_size_id, price_list_item_id):
        options = [item for item in self.choices(subject, day, diet_id=diet_id) if item.meal_type_id == meal_type_id]
        if price_list_item_id is not None:
            chosen = next((item for item in options if item.pk == price_list_item_id), None)
            if chosen is None or (portion_size_id is not None and chosen.portion_size_id != portion_size_id):
                return None
            return chosen
        if portion_size_id is not None:
            return next((item for item in options if item.portion_size_id == portion_size_id), None)
        options.sort(key=lambda item: (not item.portion_size.is_default, item.portion_size.name))
        return options[0] if options else None

    def price(self, subject: Subject, day: date, item: PriceListItem) -> Price:
        discount = subject.discount_on(day)
        return Price(
            item=item, unit_price=item.price, discount_percent=discount, price=discounted(item.price, discount)
        )


def price_for(subject: Subject, day: date, meal_type, diet, portion_size, *, for_role=SUBJECT_AUDIENCE) -> Price | None:
    """One price (DESIGN.md §4); for many dates or subjects build one `Pricer` instead."""
    pricer = Pricer([subject], day, day, for_role=for_role)
    item = pricer.choose(
        subject,
        day,
        meal_type_id=getattr(meal_type, "pk", meal_type),
        diet_id=getattr(diet, "pk", diet),
        portion_size_id=getattr(portion_size, "pk", portion_size),
    )
    return pricer.price(subject, day, item) if item is not None else None
