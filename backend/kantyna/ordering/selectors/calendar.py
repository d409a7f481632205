"""Reads of the calendar: a subject's month (what is ordered, what can be, prices, menu, free days, cut-off),
the admin's subjects page with per-day counts, a customer's events, free days. Each read costs a constant
number of queries whatever the number of days, items or subjects (the query-count tests pin them)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from operator import attrgetter
from typing import NamedTuple

from django.db.models import Count, F, IntegerField, Q, QuerySet, Sum, Value
from django.utils import timezone

from kantyna.core.errors import DomainError
from kantyna.core.money import discounted
from kantyna.core.permissions import has_ability
from kantyna.core.prepared import PreparedQuery
from kantyna.menus.models import MealsMenuItem
from kantyna.ordering.cutoff import cutoff_config, tenant_today
from kantyna.ordering.models import LIVE, Absence, FreeDay, OrderItem
from kantyna.ordering.pricing import SUBJECT_AUDIENCE, Pricer
from kantyna.ordering.selectors.clashes import CLASH, subjects_verdicts
from kantyna.ordering.subjects import (
    CHILD,
    CHILD_RELATIONS,
    WORKER,
    WORKER_RELATIONS,
    Subject,
    is_staff,
    subject_of_child,
    subject_of_worker,
    subjects_of_user,
)
from kantyna.people.models import Child, WorkerProfile
from kantyna.people.reach import Reach
from kantyna.tenant_settings.selectors import settings_get, settings_row
from kantyna.users.models import User


def dates_between(first: date, last: date) -> list[date]:
    return [first + timedelta(days=offset) for offset in range((last - first).days + 1)]


class CalendarItem(NamedTuple):
    """An order item as the calendar shows it: plain values (a month's items are read as rows, not models)."""

    id: int
    order_id: int
    meal_type_id: int
    meal_type_name: str
    diet_id: int
    diet_name: str
    portion_size_id: int
    portion_size_name: str
    price_list_item_id: int | None
    price: Decimal
    status: str
    served_at: datetime | None
    note: str
    automarked: bool


# Where each field of a CalendarItem comes from, from an order item (values_list's names, in the fields' order).
_ITEM_COLUMNS = (
    "id",
    "order_id",
    "meal_type_id",
    "meal_type__name",
    "diet_id",
    "diet__name",
    "portion_size_id",
    "portion_size__name",
    "price_list_item_id",
    "price",
    "status",
    "served_at",
    "note",
    "automarked",
)
_item_values = attrgetter(*(column.replace("__", ".") for column in _ITEM_COLUMNS))


def calendar_item(item: OrderItem) -> CalendarItem:
    """`item` (with its meal type, diet and portion size) as the calendar shows it."""
    return CalendarItem(*_item_values(item))


@dataclass
class CalendarDay:
    date: date
    is_free_day: bool = False
    free_day_name: str = ""
    is_open: bool = False
    deadline: datetime | None = None
    absence: bool = False
    items: list[CalendarItem] = field(default_factory=list)
    # (price list item, price with the subject's discount that day)
    available: list[tuple] = field(default_factory=list)
    # camelCase already: {mealTypeId, mealTypeName, meals: [{id, name}]}
    menu: list[dict] = field(default_factory=list)
    # camelCase already: {mealTypeId, dishes: [names], allergens: [names]} of each meal type whose dish contains one
    # of the subject's allergens (clashes.verdict); a safe cell and one without a menu yet are both left out: the
    # calendar warns, it never claims a meal is safe.
    allergen_clashes: list[dict] = field(default_factory=list)


@dataclass
class SubjectMonth:
    subject: Subject
    first: date
    last: date
    can_see_prices: bool
    days: list[CalendarDay]


def _marks(queryset, kind: str, **columns):
    """`queryset` as rows of (kind, institution_id, child_id, worker_id, date, name) for a union."""
    none = Value(None, output_field=IntegerField())
    fields = {"institution_id": none, "child_id": none, "worker_id": none, "date": F("date"), "name": Value("")}
    fields.update(columns)
    return (
        queryset.order_by()
        .annotate(m_kind=Value(kind), **{f"m_{name}": expression for name, expression in fields.items()})
        .values_list("m_kind", *(f"m_{name}" for name in fields))
    )


def _by_ids(child_ids=(), worker_ids=()) -> Q:
    """Rows about these children or workers (order items, absences)."""
    condition = Q(pk__in=[])
    if child_ids:
        condition |= Q(child_id__in=child_ids)
    if worker_ids:
        condition |= Q(worker_id__in=worker_ids)
    return condition


def _subject_ids(subjects: list[Subject]) -> dict[str, list[int]]:
    """The subjects' ids as order items and absences name them: `child_ids`, `worker_ids`, a kind without any left
    out (the prepared reads below take them as values: which are passed is part of their shape)."""
    ids = {
        "child_ids": [s.child.pk for s in subjects if s.child is not None],
        "worker_ids": [s.worker.pk for s in subjects if s.worker is not None],
    }
    return {name: values for name, values in ids.items() if values}


# Compiled once per process (core.prepared), as the month's menus below: the reads of every calendar call.
_FREE_DAYS_AND_ABSENCES = PreparedQuery(
    lambda institution_ids, first, last, child_ids=(), worker_ids=(): _marks(
        FreeDay.objects.filter(date__range=(first, last)).filter(
            Q(institution__isnull=True) | Q(institution_id__in=institution_ids)
        ),
        "free",
        institution_id=F("institution_id"),
        name=F("name"),
    ).union(
        _marks(
            Absence.objects.filter(_by_ids(child_ids, worker_ids), date__range=(first, last)),
            "absence",
            child_id=F("child_id"),
            worker_id=F("worker_id"),
        ),
        all=True,
    )
)
_ITEM_ROWS = PreparedQuery(
    lambda first, last, child_ids=(), worker_ids=(): (
        OrderItem.objects.filter(_by_ids(child_ids, worker_ids), date__range=(first, last))
        .exclude(status=OrderItem.Status.CANCELLED)
        .order_by("date", "meal_type__position", "id")
        .values_list("child_id", "worker_id", "date", *_ITEM_COLUMNS)
    )
)


def _free_days_and_absences(institution_ids, subject_ids: dict, first: date, last: date) -> tuple[dict, set]:
    """Free days of the institutions (and global ones) by (institution_id, date) → name, and the subjects'
    absences as (child_id, worker_id, date) — one query (a union)."""
    rows = _FREE_DAYS_AND_ABSENCES(institution_ids=sorted(institution_ids), first=first, last=last, **subject_ids)
    free: dict[tuple[int | None, date], str] = {}
    absent: set[tuple] = set()
    for kind, institution_id, child_id, worker_id, day, name in rows:
        if kind == "free":
            free[(institution_id, day)] = name
        else:
            absent.add((child_id, worker_id, day))
    return free, absent


def _free_name(free: dict, institution_id: int, day: date) -> str | None:
    if (None, day) in free:
        return free[(None, day)]
    return free.get((institution_id, day))


# Compiled once per process (core.prepared): a month's menus for a few institutions and diets, on every calendar call.
_MENU_ROWS = PreparedQuery(
    lambda institution_ids, diet_ids, first, last: (
        MealsMenuItem.objects.filter(
            menu__institutions__in=institution_ids, menu__diets__in=diet_ids, date__range=(first, last)
        )
        .order_by("date", "meal_type__position", "meal_type__name", "position", "id")
        .values_list(
            "menu__institutions", "menu__diets", "date", "meal_type_id", "meal_type__name", "meal_id", "meal__name"
        )
        .distinct()
    )
)


def _menu_summaries(pairs: set[tuple[int, int]], first: date, last: date) -> dict[tuple[int, int], dict]:
    """Meals of the menus covering each (institution, diet) pair, per day and meal type (one query for all)."""
    if not pairs:
        return {}
    institution_ids = sorted({institution_id for institution_id, _ in pairs})
    diet_ids = sorted({diet_id for _, diet_id in pairs})
    rows = _MENU_ROWS(institution_ids=institution_ids, diet_ids=diet_ids, first=first, last=last)
    found: dict[tuple[int, int], dict[date, dict[int, dict]]] = defaultdict(lambda: defaultdict(dict))
    for institution_id, diet_id, day, meal_type_id, meal_type_name, meal_id, meal_name in rows:
        if (institution_id, diet_id) not in pairs:
            continue
        entry = found[(institution_id, diet_id)][day].setdefault(
            meal_type_id, {"mealTypeId": meal_type_id, "mealTypeName": meal_type_name, "meals": []}
        )
        if not any(meal["id"] == meal_id for meal in entry["meals"]):
            entry["meals"].append({"id": meal_id, "name": meal_name})
    return {pair: {day: list(by_type.values()) for day, by_type in days.items()} for pair, days in found.items()}


def _allergen_clashes(subject_ids: dict, first: date, last: date) -> dict[tuple, list[dict]]:
    """The subjects' clashes by (child_id, worker_id, date), each `{mealTypeId, dishes, allergens}` in the meal
    types' order: one read of the clash rule for every subject and day (a constant number of queries)."""
    found: dict[tuple, list[dict]] = defaultdict(list)
    verdicts = subjects_verdicts(date_from=first, date_to=last, **subject_ids)
    for (child_id, worker_id), cells in verdicts.items():
        for (day, meal_type_id), one in cells.items():
            if one.state == CLASH:
                found[(child_id, worker_id, day)].append({"mealTypeId": meal_type_id, **one.as_json()})
    return found


def subjects_days(
    *, actor, subjects: list[Subject], first: date, last: date, now: datetime | None = None
) -> list[SubjectMonth]:
    """Every day of [first, last] for each of `subjects` — set-based: the same number of queries for one
    subject or many (settings, pricing, free days, absences, items, menus)."""
    now = now or timezone.now()
    if not subjects:
        return []
    row = settings_row()
    cutoff = cutoff_config(row=row)
    staff = is_staff(actor)
    can_see_prices = has_ability(actor, "prices.see")
    pricer = Pricer(subjects, first, last, for_role=None if staff else SUBJECT_AUDIENCE)
    subject_ids = _subject_ids(subjects)
    free, absences = _free_days_and_absences({subject.institution.pk for subject in subjects}, subject_ids, first, last)
    items_by_day: dict[tuple, list[CalendarItem]] = defaultdict(list)
    for child_id, worker_id, day, *values in _ITEM_ROWS(first=first, last=last, **subject_ids):
        items_by_day[(child_id, worker_id, day)].append(CalendarItem(*values))
    menus = _menu_summaries({(s.institution.pk, s.diet.pk) for s in subjects}, first, last)
    clashes = _allergen_clashes(subject_ids, first, last)
    # The subject's diet only, unless the tenant lets customers order any diet (staff always may).
    any_diet = staff or settings_get("presences_marking_config", row=row).get("allow_any_diets")
    dates = dates_between(first, last)
    deadlines = {day: cutoff.deadline(day) for day in dates}
    opened = {day: cutoff.is_open(day, now) for day in dates}
    prices: dict[tuple[Decimal, Decimal], Decimal] = {}

    def price_of(price: Decimal, discount: Decimal) -> Decimal:
        key = (price, discount)
        if key not in prices:
            prices[key] = discounted(price, discount)
        return prices[key]

    months = []
    for subject in subjects:
        child_id, worker_id = subject.item_key
        menu = menus.get((subject.institution.pk, subject.diet.pk), {})
        diet_id = None if any_diet else subject.diet.pk
        days = []
        for day in dates:
            free_name = _free_name(free, subject.institution.pk, day)
            entry = CalendarDay(
                date=day,
                is_free_day=free_name is not None,
                free_day_name=free_name or "",
                is_open=free_name is None and opened[day],
                deadline=deadlines[day],
                absence=(child_id, worker_id, day) in absences,
                items=items_by_day.get((child_id, worker_id, day), []),
                menu=menu.get(day, []),
                allergen_clashes=clashes.get((child_id, worker_id, day), []),
            )
            if free_name is None:
                discount = subject.discount_on(day)
                entry.available = [
                    (option, price_of(option.price, discount))
                    for option in pricer.choices(subject, day, diet_id=diet_id)
                ]
            days.append(entry)
        months.append(SubjectMonth(subject=subject, first=first, last=last, can_see_prices=can_see_prices, days=days))
    return months


def subject_days(*, actor, subject: Subject, first: date, last: date, now: datetime | None = None) -> SubjectMonth:
    """Every day of [first, last] for `subject` in a constant number of queries."""
    return subjects_days(actor=actor, subjects=[subject], first=first, last=last, now=now)[0]


def subjects_within_reach(refs: list[tuple[str, int]], *, actor) -> list[Subject]:
    """The subjects `refs` ((type, id) pairs, in that order, duplicates dropped) if `actor` may reach every one
    of them — `subject_resolve` for many in at most two queries; refused as not found (404) when one is out of reach."""
    refs = list(dict.fromkeys(refs))
    child_ids = [pk for type, pk in refs if type == CHILD]
    worker_ids = [pk for type, pk in refs if type == WORKER]
    found: dict[tuple[str, int], Subject] = {}
    reach = Reach(actor)
    if child_ids:
        for child in reach.children().filter(pk__in=child_ids).select_related(*CHILD_RELATIONS):
            found[(CHILD, child.pk)] = subject_of_child(child)
    if worker_ids:
        for worker in reach.workers().filter(user_id__in=worker_ids).select_related(*WORKER_RELATIONS):
            found[(WORKER, worker.user_id)] = subject_of_worker(worker)
    if any(ref not in found for ref in refs):
        raise DomainError("record.not_found")
    return [found[ref] for ref in refs]


def subject_items_count(subject: Subject, *, first: date | None = None, last: date | None = None) -> dict:
    """Live items of `subject` (from today on unless a range is given) and the number of days they cover."""
    items = OrderItem.objects.filter(LIVE, **subject.item_filter)
    items = items.filter(date__gte=first or tenant_today())
    if last:
        items = items.filter(date__lte=last)
    counts = items.aggregate(items=Count("id"), days=Count("date", distinct=True), amount=Sum("price"))
    return {"count": counts["items"], "days": counts["days"], "amount": counts["amount"] or Decimal("0.00")}


# Compiled once per process (core.prepared): every marking answers it. Grouped by the one payer (a prepared query
# is a `values_list`): one row, or none.
_ACTIVE_AMOUNT = PreparedQuery(
    lambda payer_id, today: (
        OrderItem.objects.filter(order__payer_id=payer_id, status=OrderItem.Status.ACTIVE, date__gte=today)
        .values("order__payer_id")
        .annotate(total=Sum("price"))
        .order_by()
        .values_list("total")
    )
)


def active_orders_amount(user) -> Decimal:
    """What the payer's active (not yet served) items from today on cost."""
    rows = _ACTIVE_AMOUNT(payer_id=user.pk, today=tenant_today())
    return (rows[0][0] if rows else None) or Decimal("0.00")


# The admin's subjects page -------------------------------------------------------------------------------------


@dataclass
class SubjectFilters:
    institution_id: int | None = None
    classroom_id: int | None = None
    child_group_id: int | None = None
    search: str = ""
    type: str | None = None


def _children(actor, filters: SubjectFilters) -> QuerySet[Child]:
    queryset = Reach(actor).children().filter(archived_at__isnull=True).select_related(*CHILD_RELATIONS)
    if filters.institution_id:
        queryset = queryset.filter(institution_id=filters.institution_id)
    if filters.classroom_id:
        queryset = queryset.filter(classroom_id=filters.classroom_id)
    if filters.child_group_id:
        queryset = queryset.filter(child_group_id=filters.child_group_id)
    for word in filters.search.split():
        queryset = queryset.filter(Q(first_name__icontains=word) | Q(last_name__icontains=word))
    return queryset.order_by("last_name", "first_name", "id")


def _workers(actor, filters: SubjectFilters) -> QuerySet[WorkerProfile]:
    queryset = Reach(actor).workers().filter(archived_at__isnull=True).select_related(*WORKER_RELATIONS)
    if filters.classroom_id or filters.child_group_id:
        return queryset.none()
    if filters.institution_id:
        queryset = queryset.filter(institution_id=filters.institution_id)
    for word in filters.search.split():
        queryset = queryset.filter(Q(user__first_name__icontains=word) | Q(user__last_name__icontains=word))
    return queryset.order_by("user__last_name", "user__first_name", "id")


@dataclass
class SubjectRow:
    subject: Subject
    days: dict[date, dict]


def subjects_page(*, actor, filters: SubjectFilters, first: date, last: date, page: int, per_page: int):
    """(total, rows) of subjects — children first, then workers — with per-day counts of live items and absences
    for [first, last]. Constant queries per page."""
    children = _children(actor, filters) if filters.type in (None, "", CHILD) else Child.objects.none()
    workers = _workers(actor, filters) if filters.type in (None, "", WORKER) else WorkerProfile.objects.none()
    children_total = children.count()
    total = children_total + workers.count()
    start, end = (page - 1) * per_page, page * per_page
    subjects: list[Subject] = []
    # The page's ids first (a sort over the narrow table), then their rows with relations: sorting the joined
    # rows of every child costs several times more on a large tenant.
    if start < children_total:
        ids = list(children.select_related(None).values_list("pk", flat=True)[start : min(end, children_total)])
        rows = {child.pk: child for child in Child.objects.filter(pk__in=ids).select_related(*CHILD_RELATIONS)}
        subjects += [subject_of_child(rows[pk]) for pk in ids]
    if end > children_total:
        subjects += [
            subject_of_worker(worker) for worker in workers[max(start - children_total, 0) : end - children_total]
        ]
    child_ids = [s.child.pk for s in subjects if s.child is not None]
    worker_ids = [s.worker.pk for s in subjects if s.worker is not None]
    by_subject = Q(child_id__in=child_ids) | Q(worker_id__in=worker_ids)
    days: dict[tuple[int | None, int | None], dict[date, dict]] = defaultdict(dict)
    if subjects:
        counts = (
            OrderItem.objects.filter(LIVE, by_subject, date__range=(first, last))
            .values("child_id", "worker_id", "date")
            .annotate(items=Count("id"))
            .order_by()
        )
        for row in counts:
            days[(row["child_id"], row["worker_id"])][row["date"]] = {"items": row["items"], "absence": False}
        for child_id, worker_id, day in Absence.objects.filter(by_subject, date__range=(first, last)).values_list(
            "child_id", "worker_id", "date"
        ):
            days[(child_id, worker_id)].setdefault(day, {"items": 0, "absence": False})["absence"] = True
    rows = [
        SubjectRow(
            subject=subject,
            days=days.get(subject.item_key, {}),
        )
        for subject in subjects
    ]
    return total, rows


# A customer's events ------------------------------------------------------------------------------------------


def events(*, actor, first: date, last: date) -> dict:
    """Free days (global and of the actor's subjects' institutions) and, per day, what each of the actor's
    subjects has ordered — for the customer's dashboard and calendar overview."""
    subjects = subjects_of_user(actor)
    free = FreeDay.objects.filter(date__range=(first, last)).filter(
        Q(institution__isnull=True) | Q(institution_id__in={subject.institution.pk for subject in subjects})
    )
    child_ids = [s.child.pk for s in subjects if s.child is not None]
    worker_ids = [s.worker.pk for s in subjects if s.worker is not None]
    by_subject = Q(child_id__in=child_ids) | Q(worker_id__in=worker_ids)
    per_day: dict[date, list[dict]] = defaultdict(list)
    key_of = {s.item_key: s for s in subjects}
    if subjects:
        rows = (
            OrderItem.objects.filter(LIVE, by_subject, date__range=(first, last))
            .values("child_id", "worker_id", "date")
            .annotate(items=Count("id"), amount=Sum("price"))
            .order_by("date", "child_id", "worker_id")
        )
        for row in rows:
            subject = key_of[(row["child_id"], row["worker_id"])]
            per_day[row["date"]].append(
                {
                    "type": subject.type,
                    "id": subject.id,
                    "name": subject.name,
                    "items": row["items"],
                    "amount": row["amount"],
                }
            )
    return {
        "free_days": list(free.select_related("institution").order_by("date", "id")),
        "days": [{"date": day, "subjects": per_day[day]} for day in sorted(per_day)],
    }


def free_days_in_range(*, first: date | None, last: date | None, institution_ids=None, include_global=True):
    queryset = FreeDay.objects.select_related("institution").order_by("date", "id")
    if first:
        queryset = queryset.filter(date__gte=first)
    if last:
        queryset = queryset.filter(date__lte=last)
    if institution_ids:
        condition = Q(institution_id__in=institution_ids)
        if include_global:
            condition |= Q(institution__isnull=True)
        queryset = queryset.filter(condition)
    return queryset


def user_active_orders_amount(*, user: User) -> Decimal:
    """Total gross amount of the user's active orders: the prices of their live items from today on."""
    return active_orders_amount(user)
