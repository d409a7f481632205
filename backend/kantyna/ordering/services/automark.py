"""Automarking (DESIGN.md §4) and default presences.

Every night, for each subject whose calendar settings ask for it, presences are marked from two days ahead over
a week or a month (`autoselection_interval`), on its weekdays and between its start and end dates, with its
autoselected meal types (and the portion sizes of its autoselected price list items; only the first meal type
when presencesMarkingConfig.allowOnlyOneDietAndMealType is on). Free days, absences, days closed by the cut-off,
days already marked (any live meal) and meals someone cancelled are skipped, so running it twice changes
nothing and a cancelled day is not ordered again.

The work is set-based: a constant number of queries reads settings, prices, free days, absences and existing
items for every subject; orders and items go in with bulk inserts (ON CONFLICT DO NOTHING on the one-live-item
index, so a parent marking at the same moment simply wins); money is then checked per ledger account under its
row lock — with `order_charge_time = on_marking` a payer whose balance cannot cover the charges (beyond the
allowed debit) gets nothing and is reported; with `in_order_day` nothing is charged now and funds are not needed.
"""

from __future__ import annotations

import calendar
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import NamedTuple

import psycopg
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from kantyna.audit.services import audit_record
from kantyna.catalog.models import Diet, MealType
from kantyna.core.money import discounted
from kantyna.institutions.models import Classroom, Institution
from kantyna.ledger.models import LedgerAccount
from kantyna.ledger.selectors import ledger_last_month_unpaid
from kantyna.ledger.services import (
    LedgerEntry,
    balance_per_children,
    ledger_account_for,
    ledger_funds_floor,
    ledger_post_bulk,
)
from kantyna.ordering.cutoff import cutoff_config, tenant_today
from kantyna.ordering.models import LIVE, Absence, Order, OrderItem
from kantyna.ordering.pricing import SUBJECT_AUDIENCE, Pricer
from kantyna.ordering.services.items import (
    ItemRequest,
    PlaceResult,
    free_days_for,
    is_free,
    items_place,
)
from kantyna.ordering.subjects import Subject, subject_of_child, subject_of_worker
from kantyna.ordering.texts import ItemLedgerDescriptions
from kantyna.people.models import CalendarSubjectSettings
from kantyna.pricing.models import PriceListItem
from kantyna.tenant_settings.selectors import settings_get
from kantyna.users.models import User

NO_DISCOUNT = Decimal("0")
WEEKDAY_KEYS = ["on_monday", "on_tuesday", "on_wednesday", "on_thursday", "on_friday", "on_saturday", "on_sunday"]
DAYS_AHEAD = 2
SETTINGS_RELATIONS = (
    "child__parent",
    "child__institution",
    "child__classroom",
    "child__diet",
    "worker__user",
    "worker__institution",
    "worker__diet",
)
AUTOMARK_RELATIONS = ("child", "worker__user")  # the rest: `_Related`
# Settings of a meal receiver who still eats: an active child or worker of an active institution.
ACTIVE_RECEIVER = Q(
    child__isnull=False,
    child__is_active=True,
    child__archived_at__isnull=True,
    child__institution__is_active=True,
) | Q(
    worker__isnull=False,
    worker__archived_at__isnull=True,
    worker__institution__is_active=True,
    worker__user__is_active=True,
)


def add_month(day: date) -> date:
    year, month = (day.year + 1, 1) if day.month == 12 else (day.year, day.month + 1)
    return day.replace(year=year, month=month, day=min(day.day, calendar.monthrange(year, month)[1]))


def automark_window(settings: CalendarSubjectSettings, today: date) -> tuple[date, date] | None:
    """The days the job covers for these settings, or None when none."""
    start = today + timedelta(days=DAYS_AHEAD)
    if settings.autoselection_interval == CalendarSubjectSettings.Interval.ONE_WEEK:
        end = start + timedelta(days=6)
    else:
        end = add_month(start) - timedelta(days=1)
    if settings.automark_start_date and settings.automark_start_date > start:
        start = settings.automark_start_date
    if settings.automark_end_date and settings.automark_end_date < end:
        end = settings.automark_end_date
    return (start, end) if start <= end else None


def weekdays_of(settings: CalendarSubjectSettings | None) -> set[int]:
    return weekdays_in(settings.automarked_weekdays if settings else None)


def weekdays_in(marked: dict | None) -> set[int]:
    """The weekday numbers (Monday 0) an `automarked_weekdays` value turns on; Monday to Friday when unset."""
    if not marked:
        return {0, 1, 2, 3, 4}
    return {index for index, key in enumerate(WEEKDAY_KEYS) if marked.get(key)}


class Defaults:
    """The meal types a subject's settings autoselect, with the preferred portion size of each."""

    def __init__(
        self,
        settings: CalendarSubjectSettings | None,
        default_meal_type_id: int | None,
        *,
        meal_type_ids: list[int] | None = None,
        preferred: dict[int, int] | None = None,
    ):
        if meal_type_ids is not None or preferred is not None:
            meal_type_ids, preferred = list(meal_type_ids or []), dict(preferred or {})
        elif settings is not None:
            meal_type_ids = [meal_type.pk for meal_type in settings.autoselected_meal_types.all()]
            preferred = {
                item.meal_type_id: item.portion_size_id for item in settings.autoselected_price_list_items.all()
            }
        else:
            meal_type_ids, preferred = [], {}
        # Items autoselected for a meal type that is not ticked still say the subject wants that meal.
        for meal_type_id in preferred:
            if meal_type_id not in meal_type_ids:
                meal_type_ids.append(meal_type_id)
        if not meal_type_ids and default_meal_type_id:
            meal_type_ids = [default_meal_type_id]
        self.meal_type_ids = sorted(meal_type_ids)
        self.preferred = preferred

    def requests(self, subject: Subject, day: date, pricer: Pricer, *, one_meal: bool = False) -> list[ItemRequest]:
        """A request per autoselected meal type the subject can be served on `day`; with `one_meal`
        (presencesMarkingConfig.allowOnlyOneDietAndMealType) only the first of them."""
        out = []
        for meal_type_id in self.meal_type_ids:
            portion = self.preferred.get(meal_type_id)
            options = {"meal_type_id": meal_type_id, "diet_id": subject.diet.pk}
            item = pricer.choose(subject, day, **options, portion_size_id=portion) if portion else None
            item = item or pricer.choose(subject, day, **options)
            if item is not None:
                out.append(
                    ItemRequest(day, meal_type_id, portion_size_id=item.portion_size_id, price_list_item_id=item.pk)
                )
                if one_meal:
                    break
        return out


def default_meal_type_id() -> int | None:
    return MealType.objects.filter(is_default=True).values_list("pk", flat=True).first()


def presences_default(
    *, actor, subject: Subject, dates: list[date], now: datetime | None = None, **options
) -> PlaceResult:
    """Mark `subject`'s defaults (its autoselected meal types) on `dates`; free days and absences are skipped."""
    dates = sorted(set(dates))
    if not dates:
        return PlaceResult(order=None)
    settings = (
        CalendarSubjectSettings.objects.filter(**subject.item_fields)
        .prefetch_related("autoselected_meal_types", "autoselected_price_list_items")
        .first()
    )
    defaults = Defaults(settings, default_meal_type_id())
    pricer = Pricer([subject], dates[0], dates[-1], for_role=SUBJECT_AUDIENCE)
    free = free_days_for([subject.institution.pk], dates[0], dates[-1])
    marking_config = settings_get("presences_marking_config")
    one_meal = bool(marking_config.get("allow_only_one_diet_and_meal_type"))
    requests = [
        request
        for day in dates
        if not is_free(free, subject.institution.pk, day)
        for request in defaults.requests(subject, day, pricer, one_meal=one_meal)
    ]
    return items_place(actor=actor, subject=subject, requests=requests, pricer=pricer, now=now, **options)


class Planned(NamedTuple):
    """An item the job means to create (plain data: model instances are made only for the funded ones)."""

    child_id: int | None
    worker_id: int | None
    date: date
    item: PriceListItem
    unit_price: Decimal
    discount_percent: Decimal
    price: Decimal


@dataclass
class AutomarkReport:
    subjects: int = 0
    items: int = 0
    charged: Decimal = Decimal("0.00")
    without_funds: list[str] = field(default_factory=list)  # "child/12": skipped, the payer lacks funds
    # "child/12": skipped, the payer has not paid last month (presencesMarkingConfig.requireLastMonthToBePaid)
    last_month_unpaid: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "subjects": self.subjects,
            "items": self.items,
            "charged": str(self.charged),
            "withoutFunds": self.without_funds,
            "lastMonthUnpaid": self.last_month_unpaid,
        }


def _automark_settings(subject_keys: list[tuple[str, int]] | None):
    queryset = (
        CalendarSubjectSettings.objects.filter(automark_presences=True)
        .filter(ACTIVE_RECEIVER)
        .select_related(*AUTOMARK_RELATIONS)
    )
    if subject_keys is not None:
        children = [pk for kind, pk in subject_keys if kind == "child"]
        workers = [pk for kind, pk in subject_keys if kind != "child"]
        queryset = queryset.filter(Q(child_id__in=children) | Q(worker__user_id__in=workers))
    return queryset


def _autoselections(settings_ids: list[int] | None) -> tuple[dict[int, list[int]], dict[int, dict[int, int]]]:
    """Autoselected meal types and (meal type -> portion size) of autoselected items, per settings id (every
    settings row's when `settings_ids` is None), read from the many-to-many tables in two queries (a prefetch would
    build a queryset per settings row)."""
    of_settings = Q() if settings_ids is None else Q(calendarsubjectsettings_id__in=settings_ids)
    meal_types: dict[int, list[int]] = defaultdict(list)
    through = CalendarSubjectSettings.autoselected_meal_types.through
    for settings_id, meal_type_id in through.objects.filter(of_settings).values_list(
        "calendarsubjectsettings_id", "mealtype_id"
    ):
        meal_types[settings_id].append(meal_type_id)
    preferred: dict[int, dict[int, int]] = defaultdict(dict)
    through = CalendarSubjectSettings.autoselected_price_list_items.through
    rows = through.objects.filter(of_settings).values_list(
        "calendarsubjectsettings_id", "pricelistitem__meal_type_id", "pricelistitem__portion_size_id"
    )
    for settings_id, meal_type_id, portion_size_id in rows:
        preferred[settings_id][meal_type_id] = portion_size_id
    return meal_types, preferred


class _Related:
    """The rows the settings' children and workers point at, read once each: `select_related` over parent,
    institution, classroom and diet made a copy of each for every one of 20,000 settings rows (~150,000 model
    instances at the bench's size: most of the job's memory and a quarter of its Python time). Payers are read with
    their id and name only: the job uses nothing else of them."""

    def __init__(self, settings_rows: list[CalendarSubjectSettings]):
        children = [settings.child for settings in settings_rows if settings.child_id]
        workers = [settings.worker for settings in settings_rows if settings.worker_id]
        self.institutions = Institution.objects.in_bulk(
            {child.institution_id for child in children} | {worker.institution_id for worker in workers}
        )
        self.classrooms = Classroom.objects.in_bulk({child.classroom_id for child in children})
        self.diets = Diet.objects.in_bulk()
        self.parents = User.objects.only("id", "first_name", "last_name", "is_active").in_bulk(
            {child.parent_id for child in children}
        )

    def attach(self, settings: CalendarSubjectSettings) -> None:
        if settings.child_id:
            child = settings.child
            child.parent = self.parents[child.parent_id]
            child.institution = self.institutions[child.institution_id]
            child.classroom = self.classrooms[child.classroom_id]
            child.diet = self.diets[child.diet_id]
        else:
            worker = settings.worker
            worker.institution = self.institutions[worker.institution_id]
            worker.diet = self.diets[worker.diet_id]


class _Planner:
    """What the planning loop asks for every subject and day, answered once per distinct question: the items a
    subject's defaults choose on a day are the same for every subject with the same price lists group, institution,
    audience, diet and autoselection (one `Defaults.requests` per such profile and day instead of one per subject
    and day), a price once per (price list item, discount), the days to mark once per (window, weekdays,
    institution). The job plans ~400,000 rows a month at the bench's size; asking the pricer for each
    was its largest Python cost."""

    def __init__(self, pricer: Pricer, one_meal: bool, free: dict[int | None, set[date]]):
        self.pricer = pricer
        self.one_meal = one_meal
        self.free = free
        self._items: dict[tuple, dict[date, list[PriceListItem]]] = {}
        self._prices: dict[tuple[int, Decimal], tuple[Decimal, Decimal, Decimal]] = {}
        self._days: dict[tuple, list[date]] = {}

    def items_on(self, subject: Subject, defaults: Defaults):
        """A function day -> the price list items `defaults` choose for `subject` that day."""
        pricer = self.pricer
        profile = (
            pricer.group_of(subject),
            subject.institution.pk,
            subject.audience,
            subject.diet.pk,
            tuple(defaults.meal_type_ids),
            tuple(sorted(defaults.preferred.items())),
        )
        cache = self._items.get(profile)
        if cache is None:
            cache = self._items[profile] = {}

        def items_on(day: date) -> list[PriceListItem]:
            items = cache.get(day)
            if items is None:
                items = cache[day] = [
                    pricer.items_by_id[request.price_list_item_id]
                    for request in defaults.requests(subject, day, pricer, one_meal=self.one_meal)
                ]
            return items

        return items_on

    def price(self, item: PriceListItem, discount: Decimal) -> tuple[Decimal, Decimal, Decimal]:
        """(unit price, discount percent, price) of `item` at `discount`, as `Pricer.price` computes it."""
        key = (item.pk, discount)
        price = self._prices.get(key)
        if price is None:
            price = self._prices[key] = (item.price, discount, discounted(item.price, discount))
        return price

    def days(self, start: date, end: date, weekdays: set[int], institution_id: int, open_days: set[date]) -> list[date]:
        """The days of [start, end] on `weekdays`, not free at the institution and still open (cut-off)."""
        key = (start, end, tuple(sorted(weekdays)), institution_id)
        days = self._days.get(key)
        if days is None:
            closed = self.free.get(None, set()) | self.free.get(institution_id, set())
            days = self._days[key] = [
                day
                for day in (start + timedelta(days=n) for n in range((end - start).days + 1))
                if day.weekday() in weekdays and day not in closed and day in open_days
            ]
        return days


@transaction.atomic
def automark_run(*, now: datetime | None = None, subject_keys: list[tuple[str, int]] | None = None) -> AutomarkReport:
    """Mark automatic presences for every subject that asks for it (or only `subject_keys`). Idempotent."""
    now = now or timezone.now()
    today = tenant_today(now)
    report = AutomarkReport()
    plans: list[tuple[Subject, CalendarSubjectSettings, tuple[date, date]]] = []
    # Read through a server-side cursor, 2,000 rows at a time: the client library buffered the whole result (~20,000
    # rows of settings, child, worker and user columns) besides the model instances built from it.
    settings_rows = list(_automark_settings(subject_keys).iterator(chunk_size=2000))
    related = _Related(settings_rows)
    for settings in settings_rows:
        related.attach(settings)
        subject = subject_of_child(settings.child) if settings.child_id else subject_of_worker(settings.worker)
        window = automark_window(settings, today)
        if window is not None:
            plans.append((subject, settings, window))
    if not plans:
        return report
    first = min(window[0] for _s, _c, window in plans)
    last = max(window[1] for _s, _c, window in plans)
    subjects = [subject for subject, _c, _w in plans]
    pricer = Pricer(subjects, first, last, for_role=SUBJECT_AUDIENCE)
    cutoff = cutoff_config()
    free = free_days_for({subject.institution.pk for subject in subjects}, first, last)
    # Every subject's rows in the window, or only the named subjects' (reading a month's rows of everyone is
    # cheaper than a filter by 20,000 ids; a row of a subject not planned is never asked for).
    by_subject = Q()
    if subject_keys is not None:
        child_ids = [subject.child.pk for subject in subjects if subject.child is not None]
        worker_ids = [subject.worker.pk for subject in subjects if subject.worker is not None]
        by_subject = Q(child_id__in=child_ids) | Q(worker_id__in=worker_ids)
    absent = set(
        Absence.objects.filter(by_subject, date__range=(first, last))
        .order_by()
        .values_list("child_id", "worker_id", "date")
    )
    # A day with any live meal is already marked (DESIGN.md §4): the job adds nothing to it. A meal someone
    # cancelled (orders screens, the calendar; no absence is recorded for those) stays cancelled.
    marked = set(
        OrderItem.objects.filter(LIVE, by_subject, date__range=(first, last))
        .order_by()
        .values_list("child_id", "worker_id", "date")
        .distinct()
    )
    cancelled = set(
        OrderItem.objects.filter(by_subject, date__range=(first, last), status=OrderItem.Status.CANCELLED)
        .order_by()
        .values_list("child_id", "worker_id", "date", "meal_type_id")
        .distinct()
    )
    marking_config = settings_get("presences_marking_config")
    one_meal = bool(marking_config.get("allow_only_one_diet_and_meal_type"))
    fallback_meal_type = default_meal_type_id()
    autoselected_types, autoselected_items = _autoselections(
        [settings.pk for _s, settings, _w in plans] if subject_keys is not None else None
    )
    open_days = {first + timedelta(days=n) for n in range((last - first).days + 1)}
    open_days = {day for day in open_days if cutoff.is_open(day, now)}

    orders: list[Order] = []
    rows_of_order: list[list[Planned]] = []
    planner = _Planner(pricer, one_meal, free)
    taken = bool(absent or marked)
    for subject, settings, (start, end) in plans:
        child_id, worker_id = subject.item_key
        defaults = Defaults(
            settings,
            fallback_meal_type,
            meal_type_ids=autoselected_types.get(settings.pk, []),
            preferred=autoselected_items.get(settings.pk, {}),
        )
        items_on = planner.items_on(subject, defaults)
        has_discount = bool(subject.discount_percent)
        rows = []
        for day in planner.days(start, end, weekdays_of(settings), subject.institution.pk, open_days):
            if taken and ((child_id, worker_id, day) in absent or (child_id, worker_id, day) in marked):
                continue
            for item in items_on(day):
                if cancelled and (child_id, worker_id, day, item.meal_type_id) in cancelled:
                    continue
                discount = subject.discount_on(day) if has_discount else NO_DISCOUNT
                rows.append(Planned(child_id, worker_id, day, item, *planner.price(item, discount)))
        if rows:
            orders.append(Order(payer_id=subject.payer.pk, note="automark"))
            rows_of_order.append(rows)
    if marking_config.get("require_last_month_to_be_paid"):
        # The job marks as the customer would: a payer who may not order by hand gets nothing automatically.
        orders, rows_of_order = _without_last_month_unpaid(orders, rows_of_order, subjects, report, today)
    charge_now = settings_get("fees").get("order_charge_time", "on_marking") == "on_marking"
    if charge_now:
        orders, rows_of_order = _without_unfunded(orders, rows_of_order, subjects, report)
    if not orders:
        return report

    Order.objects.bulk_create(orders, batch_size=2000)
    created = _insert_items(orders, rows_of_order, now, charged=charge_now)
    del rows_of_order  # emptied by `_insert_items`: the plan's rows are in the table now
    if charge_now:
        created = _charge_or_drop(created, orders, subjects, now, report)
    # An order left without items (every row met a live item, or its payer was refused) goes; the orders are this
    # run's own, so what it kept says which (no join of 400,000 items to find them).
    empty = {order.pk for order in orders} - {row[1] for row in created}
    if empty:
        Order.objects.filter(pk__in=empty, items__isnull=True).delete()
    report.subjects = len({(row[2], row[3]) for row in created})
    report.items = len(created)
    audit_record(actor=None, action="automark.run", data=report.as_dict())
    return report


CHARGE_CHUNK = 10_000  # entries per bulk posting of the charges (`_charge_or_drop`)

# The plan as the database receives it (binary COPY into a temporary table, then one INSERT ... SELECT).
PLAN_TABLE = "automark_plan"
PLAN_COLUMNS = (
    ("order_id", "int8"),
    ("child_id", "int8"),
    ("worker_id", "int8"),
    ("date", "date"),
    ("meal_type_id", "int8"),
    ("diet_id", "int8"),
    ("portion_size_id", "int8"),
    ("price_list_item_id", "int8"),
    ("unit_price", "numeric"),
    ("discount_percent", "numeric"),
    ("price", "numeric"),
)


def _insert_items(
    orders: list[Order], rows_of_order: list[list[Planned]], now: datetime, *, charged: bool
) -> list[tuple]:
    """Insert the planned items: binary `COPY` of the plan into a temporary table (no SQL text to build and parse
    for 400,000 rows), then one `INSERT ... SELECT ... ON CONFLICT DO NOTHING RETURNING` (the ORM's per-object work
    would dominate the job); a row that meets a live item (the one-live-item index: a parent or another run was
    faster) is skipped. The rows go in ordered by subject, date and meal type, so two runs take the unique index's
    entries in the same order. Returns (id, order id, child id, worker id, date, meal type id, price) of the rows
    inserted. With `charged` (on_marking) the rows go in with `charged_at` = now: `_charge_or_drop` books their
    charges in the same transaction or deletes them, so no second pass updates them. `rows_of_order` is emptied
    once copied (the plan's ~340,000 rows are freed before the inserted ones come back: the caller needs them no
    more)."""
    table = connection.ops.quote_name(OrderItem._meta.db_table)
    names = ", ".join(name for name, _type in PLAN_COLUMNS)
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS pg_temp.{PLAN_TABLE}")
        columns = ", ".join(f"{name} {type_}" for name, type_ in PLAN_COLUMNS)
        cursor.execute(f"CREATE TEMPORARY TABLE {PLAN_TABLE} ({columns}) ON COMMIT DROP")
        with cursor.cursor.copy(f"COPY {PLAN_TABLE} ({names}) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types([type_ for _name, type_ in PLAN_COLUMNS])
            for order, rows in zip(orders, rows_of_order, strict=True):
                order_id = order.pk
                for row in rows:
                    item = row.item
                    copy.write_row(
                        (
                            order_id,
                            row.child_id,
                            row.worker_id,
                            row.date,
                            item.meal_type_id,
                            item.diet_id,
                            item.portion_size_id,
                            item.pk,
                            row.unit_price,
                            row.discount_percent,
                            row.price,
                        )
                    )
        rows_of_order.clear()
        # Streamed in chunks (libpq's chunked rows mode), not buffered whole by the client library, and kept with
        # one int per distinct order, child and worker, one date per day and one Decimal per price: ~340,000 rows
        # stay in memory until the charges are booked. (The statement bypasses Django's cursor wrapper, as the COPY
        # does: it is not in `connection.queries`.)
        ids: dict[int | None, int | None] = {}
        days: dict[date, date] = {}
        prices: dict[Decimal, Decimal] = {}
        created = [
            (
                item_id,
                ids.setdefault(order_id, order_id),
                ids.setdefault(child_id, child_id),
                ids.setdefault(worker_id, worker_id),
                days.setdefault(day, day),
                meal_type_id,
                prices.setdefault(price, price),
            )
            for item_id, order_id, child_id, worker_id, day, meal_type_id, price in cursor.cursor.stream(
                f"""
                INSERT INTO {table} ({names}, status, note, automarked, created_at, charged_at)
                SELECT {names}, 'active', '', true, %s, %s
                FROM pg_temp.{PLAN_TABLE}
                ORDER BY child_id NULLS FIRST, worker_id NULLS FIRST, date, meal_type_id
                ON CONFLICT DO NOTHING
                RETURNING id, order_id, child_id, worker_id, date, meal_type_id, price
                """,
                [now, now if charged else None],
                size=10_000 if psycopg.pq.version() >= 170000 else 1,  # chunks need libpq 17 (the wheel's is 18)
            )
        ]
        cursor.execute(f"DROP TABLE pg_temp.{PLAN_TABLE}")
    return created


def _leave_out(orders, rows_of_order, subjects, dropped, into: list[str]):
    """The orders (and their rows) but those `dropped(order, rows)` picks, whose subjects go to `into` as
    "child/12" (the run's report)."""
    subject_of = {subject.item_key: subject for subject in subjects}
    kept_orders, kept_rows = [], []
    for order, rows in zip(orders, rows_of_order, strict=True):
        if dropped(order, rows):
            subject = subject_of[(rows[0].child_id, rows[0].worker_id)]
            into.append(f"{subject.type}/{subject.id}")
        else:
            kept_orders.append(order)
            kept_rows.append(rows)
    return kept_orders, kept_rows


def _without_last_month_unpaid(orders, rows_of_order, subjects, report, today: date):
    """Leave out the orders of payers whose last month is unpaid (one query for all of them)."""
    unpaid = ledger_last_month_unpaid({order.payer_id for order in orders}, today)
    if not unpaid:
        return orders, rows_of_order
    return _leave_out(
        orders, rows_of_order, subjects, lambda order, _rows: order.payer_id in unpaid, report.last_month_unpaid
    )


def _without_unfunded(orders: list[Order], rows_of_order: list[list[Planned]], subjects, report):
    """Leave out, before inserting anything, the payers whose current balance cannot cover their new charges
    (read without locks: `_charge_or_drop` checks again under the locks, for what changed meanwhile)."""
    per_child = balance_per_children()
    key_of = lambda order, rows: (order.payer_id, rows[0].child_id if per_child else None)  # noqa: E731
    needed: dict[tuple[int, int | None], Decimal] = defaultdict(lambda: Decimal("0.00"))
    for order, rows in zip(orders, rows_of_order, strict=True):
        needed[key_of(order, rows)] += sum((row.price for row in rows), Decimal("0.00"))
    balances = {
        (user_id, child_id): balance
        for user_id, child_id, balance in LedgerAccount.objects.filter(
            user_id__in={key[0] for key in needed}
        ).values_list("user_id", "child_id", "balance")
    }
    floor = ledger_funds_floor()
    unfunded = {
        key for key, total in needed.items() if total > 0 and balances.get(key, Decimal("0.00")) - total < floor
    }
    if not unfunded:
        return orders, rows_of_order
    return _leave_out(
        orders, rows_of_order, subjects, lambda order, rows: key_of(order, rows) in unfunded, report.without_funds
    )


def _charge_or_drop(created, orders, subjects, now, report) -> list:
    """Charge the created items per ledger account; drop the items of accounts that cannot pay."""
    per_child = balance_per_children()
    payer_of_order = {order.pk: order.payer_id for order in orders}
    subject_of = {subject.item_key: subject for subject in subjects}
    describe = ItemLedgerDescriptions(dict(MealType.objects.values_list("pk", "name")))
    by_account: dict[tuple[int, int | None], list] = defaultdict(list)
    for row in created:
        by_account[(payer_of_order[row[1]], row[2] if per_child else None)].append(row)
    accounts = {
        (user_id, child_id): pk
        for pk, user_id, child_id in LedgerAccount.objects.filter(
            user_id__in={key[0] for key in by_account}
        ).values_list("pk", "user_id", "child_id")
    }
    for key, rows in by_account.items():
        if key not in accounts:
            subject = subject_of[(rows[0][2], rows[0][3])]
            accounts[key] = ledger_account_for(user=subject.payer, child=subject.child if per_child else None).pk
    # The accounts in ascending id (the lock order of every ledger writer: no deadlocks), in chunks of about
    # CHARGE_CHUNK entries within this transaction: each chunk's entries are built and booked by one bulk posting
    # (one lock statement, one key lookup, one insert, one balance update) and freed before the next, so the
    # job never holds every account's entries at once (~340,000 at the bench's size: most of its memory). Refused
    # accounts book nothing; one audit row for the whole charge.
    charge_of: dict[Decimal, Decimal] = {}  # price -> the charge's amount, one Decimal per distinct price

    def entries_of(rows) -> list[LedgerEntry]:
        return [
            LedgerEntry(
                kind="charge",
                amount=charge_of.get(price) or charge_of.setdefault(price, -price),
                idempotency_key=f"charge:item:{item_id}",
                reference_type="order_item",
                reference_id=item_id,
                description=describe(
                    subject_name=subject_of[(child_id, worker_id)].name, meal_type_id=meal_type_id, day=day
                ),
            )
            for item_id, _order_id, child_id, worker_id, day, meal_type_id, price in rows
            if price > 0
        ]

    ordered = sorted(by_account, key=lambda key: accounts[key])
    refused: list[int] = []
    booked_accounts = booked_rows = 0
    total = Decimal("0.00")
    start = 0
    while start < len(ordered):
        end, size = start, 0
        while end < len(ordered) and (end == start or size + len(by_account[ordered[end]]) <= CHARGE_CHUNK):
            size += len(by_account[ordered[end]])
            end += 1
        chunk = {accounts[key]: entries_of(by_account[key]) for key in ordered[start:end]}
        result = ledger_post_bulk(
            actor=None, entries_by_account=chunk, check_funds=True, audit_action=None, return_rows=False
        )
        del chunk
        refused += result.refused
        booked_accounts += len(result.balances)
        booked_rows += result.booked
        total += result.total
        start = end
    if booked_rows:
        audit_record(
            actor=None,
            action="automark.charge",
            data={"accounts": booked_accounts, "rows": booked_rows, "total": str(total), "refused": refused[:1000]},
        )
    refused_set = set(refused)
    dropped: list[int] = []
    kept: list = []
    for key in ordered:
        rows = by_account[key]
        if accounts[key] in refused_set:
            dropped += [row[0] for row in rows]
            for child_id, worker_id in sorted({(row[2], row[3]) for row in rows}, key=str):
                subject = subject_of[(child_id, worker_id)]
                report.without_funds.append(f"{subject.type}/{subject.id}")
            continue
        kept += rows
    report.charged += -total
    if dropped:
        OrderItem.objects.filter(pk__in=dropped).delete()
    return kept
