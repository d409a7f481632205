"""The dashboard's reads (issue 17): today's figures, the day's meals per institution x meal type x diet, the
receivers of a day by presence, and orders and deposits over a month or a year.

Every read is a fixed number of grouped queries whatever the number of rows: items are counted in the database
(`Count` with a filter per status), the ledger's sum of balances reads the accounts' cached balances (never the
transactions), and the charts group by day or by month (`date_trunc`) and fill the empty buckets here.

`institution_ids` narrows every figure to the receivers of those institutions (None: every one): the API passes
the caller's reach (`Reach.institution_ids`: an institutions admin's institutions) crossed with the filter asked
for. Money is narrowed the way the ledger's back office narrows it for an institutions admin
(`ledger.selectors.institutions_q`): a child's account of a child there, a parent's general account when one of
their children is there, a worker's account when they work there. A payer with children in two institutions is
counted in both: that is the money an institutions admin already sees in the transactions list."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.db import connection
from django.db.models import (
    CharField,
    Count,
    DecimalField,
    Exists,
    F,
    OuterRef,
    Q,
    QuerySet,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce, TruncMonth

from kantyna.core.dates import month_bounds
from kantyna.institutions.models import Institution
from kantyna.kitchen.selectors.prepare import name_key
from kantyna.ledger.models import LedgerAccount, LedgerTransaction, TransactionKind
from kantyna.ledger.selectors import institutions_q
from kantyna.ordering.models import LIVE_STATUSES, Absence, OrderItem
from kantyna.ordering.selectors.receivers import items_of_institutions
from kantyna.people.models import Child, SubjectType, WorkerProfile

ZERO = Decimal("0.00")
MONEY = DecimalField(max_digits=14, decimal_places=2)

MODE_PRESENT = "present"
MODE_ABSENT = "absent"
MODE_NOT_ORDERED = "not_ordered"
# present: a live (active or served) meal that day; absent: no live meal, and an absence reported or a meal
# cancelled that day; not ordered: neither.
PRESENCE_MODES = (MODE_PRESENT, MODE_ABSENT, MODE_NOT_ORDERED)

PERIOD_MONTH = "month"
PERIOD_YEAR = "year"
PERIODS = (PERIOD_MONTH, PERIOD_YEAR)


def institutions_in_scope(reachable: set[int] | None, institution_id: int | None) -> set[int] | None:
    """The institutions a figure covers: the reachable ones (None: every one), or the one asked for when it is
    reachable (none when it is not: an institutions admin asking for another's institution sees nothing)."""
    if institution_id is None:
        return reachable
    if reachable is None or institution_id in reachable:
        return {institution_id}
    return set()


def _counts() -> dict:
    # COUNT(status), not COUNT(id): a day's items are then counted off the (date, status) index alone.
    return {
        "ordered": Count("status", filter=Q(status__in=LIVE_STATUSES)),
        "served": Count("status", filter=Q(status=OrderItem.Status.SERVED)),
        "cancelled": Count("status", filter=Q(status=OrderItem.Status.CANCELLED)),
    }


def _accounts(institution_ids: set[int] | None) -> Q:
    """Ledger accounts of the payers of `institution_ids` (the ledger's back-office rule), every one for None."""
    return Q() if institution_ids is None else institutions_q(list(institution_ids))


def _deposits(institution_ids: set[int] | None, date_from: date, date_to: date) -> QuerySet[LedgerTransaction]:
    """Deposits booked from `date_from` to `date_to` (read off the deposits' partial index), on the accounts in
    scope: a set of accounts the database builds once, not a join per deposit."""
    deposits = LedgerTransaction.objects.filter(
        kind=TransactionKind.DEPOSIT, booked_on__gte=date_from, booked_on__lte=date_to
    )
    if institution_ids is None:
        return deposits
    return deposits.filter(account_id__in=LedgerAccount.objects.filter(_accounts(institution_ids)).values("pk"))


def active_children(institution_ids: set[int] | None) -> QuerySet[Child]:
    children = Child.objects.filter(is_active=True, archived_at__isnull=True)
    return children if institution_ids is None else children.filter(institution_id__in=institution_ids)


def active_workers(institution_ids: set[int] | None) -> QuerySet[WorkerProfile]:
    workers = WorkerProfile.objects.filter(archived_at__isnull=True, user__is_active=True)
    return workers if institution_ids is None else workers.filter(institution_id__in=institution_ids)


# --- statistics -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Statistics:
    date: date
    ordered: int  # live meals of the day (active and served); cancelled ones are not ordered
    served: int  # served at the terminal
    cancelled: int
    active_children: int
    active_workers: int
    balances_total: Decimal  # the sum of the payers' balances (cached on their ledger accounts)
    debtors: int  # payers whose balance (all their accounts) is below zero
    debt_total: Decimal  # the sum of those payers' balances (negative)
    deposits_month: date  # the first day of today's month
    deposits_amount: Decimal
    deposits_count: int


def _balances(institution_ids: set[int] | None) -> tuple[Decimal, int, Decimal]:
    """(sum of balances, payers below zero, their sum) from the accounts' cached balances, one query: the accounts
    summed per payer, then those sums summed."""
    per_payer = (
        LedgerAccount.objects.filter(_accounts(institution_ids))
        .order_by()
        .values("user_id")
        .annotate(total=Sum("balance"))
        .values("total")
    )
    sql, params = per_payer.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT COALESCE(SUM(total), 0), COUNT(*) FILTER (WHERE total < 0),"
            f" COALESCE(SUM(total) FILTER (WHERE total < 0), 0) FROM ({sql}) AS payers",
            params,
        )
        total, debtors, debt = cursor.fetchone()
    return Decimal(total).quantize(ZERO), debtors, Decimal(debt).quantize(ZERO)


def statistics(*, today: date, institution_ids: set[int] | None) -> Statistics:
    """Today's figures in five queries whatever the size of the tenant."""
    meals = items_of_institutions(institution_ids, date=today).aggregate(**_counts())
    month_start, month_end = month_bounds(today)
    deposits = _deposits(institution_ids, month_start, month_end).aggregate(
        amount=Coalesce(Sum("amount"), Value(ZERO), output_field=MONEY), count=Count("*")
    )
    balances_total, debtors, debt_total = _balances(institution_ids)
    return Statistics(
        date=today,
        ordered=meals["ordered"],
        served=meals["served"],
        cancelled=meals["cancelled"],
        active_children=active_children(institution_ids).count(),
        active_workers=active_workers(institution_ids).count(),
        balances_total=balances_total,
        debtors=debtors,
        debt_total=debt_total,
        deposits_month=month_start,
        deposits_amount=deposits["amount"],
        deposits_count=deposits["count"],
    )


# --- totals per institution, meal type and diet -------------------------------------------------------------------


@dataclass(frozen=True)
class Ref:
    id: int
    name: str


@dataclass(frozen=True)
class TotalRow:
    institution: Ref
    meal_type: Ref
    diet: Ref
    ordered: int
    served: int
    cancelled: int


def totals(*, day: date, institution_ids: set[int] | None) -> list[TotalRow]:
    """The day's meals per institution x meal type x diet (ordered = live, served, cancelled), by institution
    name, meal type position and diet name. Two queries: the grouped count, the institutions' names."""
    rows = list(
        items_of_institutions(institution_ids, with_place=True, date=day)
        .values("place_id", "meal_type_id", "meal_type__name", "meal_type__position", "diet_id", "diet__name")
        .annotate(**_counts())
        .order_by()
    )
    names = dict(Institution.objects.filter(pk__in={row["place_id"] for row in rows}).values_list("pk", "name"))
    result = [
        TotalRow(
            institution=Ref(row["place_id"], names[row["place_id"]]),
            meal_type=Ref(row["meal_type_id"], row["meal_type__name"]),
            diet=Ref(row["diet_id"], row["diet__name"]),
            ordered=row["ordered"],
            served=row["served"],
            cancelled=row["cancelled"],
        )
        for row in rows
    ]
    positions = {row["meal_type_id"]: row["meal_type__position"] for row in rows}
    result.sort(
        key=lambda r: (
            name_key(r.institution.name),
            r.institution.id,
            positions[r.meal_type.id],
            name_key(r.meal_type.name),
            name_key(r.diet.name),
            r.diet.id,
        )
    )
    return result


# --- presences ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Meal:
    meal_type: Ref
    status: str


@dataclass
class PresenceRow:
    type: str  # SubjectType
    id: int
    first_name: str
    last_name: str
    institution: Ref
    classroom: str | None  # a child's classroom; None for a worker
    meals: list[Meal]


def _mode_condition(model_field: str, day: date, mode: str) -> Q:
    """Whether a receiver (child or worker: `model_field` names it on items and absences) is in `mode` on `day`."""
    ref = {model_field: OuterRef("pk"), "date": day}
    live = Exists(OrderItem.objects.filter(**ref, status__in=LIVE_STATUSES))
    if mode == MODE_PRESENT:
        return Q(live)
    away = Exists(Absence.objects.filter(**ref)) | Exists(
        OrderItem.objects.filter(**ref, status=OrderItem.Status.CANCELLED)
    )
    if mode == MODE_ABSENT:
        return ~Q(live) & Q(away)
    return ~Q(live) & ~Q(away)


def _presence_rows(*, day: date, mode: str, institution_ids: set[int] | None) -> QuerySet:
    """The active children and workers in `mode` on `day`, one row each (kind, id, names, institution, classroom),
    in the order of their surnames: a union of two queries, paged by the database."""
    columns = ("kind", "rid", "last", "first", "place", "place_name", "unit")
    children = (
        active_children(institution_ids)
        .filter(_mode_condition("child", day, mode))
        .annotate(
            kind=Value(SubjectType.CHILD.value, output_field=CharField()),
            rid=F("pk"),
            last=F("last_name"),
            first=F("first_name"),
            place=F("institution_id"),
            place_name=F("institution__name"),
            unit=F("classroom__name"),
        )
        .values_list(*columns)
        .order_by()
    )
    workers = (
        active_workers(institution_ids)
        .filter(_mode_condition("worker", day, mode))
        .annotate(
            kind=Value(SubjectType.INSTITUTION_WORKER.value, output_field=CharField()),
            rid=F("pk"),
            last=F("user__last_name"),
            first=F("user__first_name"),
            place=F("institution_id"),
            place_name=F("institution__name"),
            unit=Value(None, output_field=CharField()),
        )
        .values_list(*columns)
        .order_by()
    )
    return children.union(workers, all=True).order_by("last", "first", "kind", "rid")


@dataclass(frozen=True)
class PresencesPage:
    total: int
    rows: list[PresenceRow]


def presences(*, day: date, mode: str, institution_ids: set[int] | None, page: int, per_page: int) -> PresencesPage:
    """One page of the receivers in `mode` on `day`, each with the day's meals (live ones for the present, the
    cancelled ones for the absent). Three queries: the count, the page, the page's meals."""
    rows = _presence_rows(day=day, mode=mode, institution_ids=institution_ids)
    total = rows.count()
    start = (page - 1) * per_page
    found = list(rows[start : start + per_page]) if start < total else []
    result = [
        PresenceRow(kind, rid, first, last, Ref(place, place_name), unit, [])
        for kind, rid, last, first, place, place_name, unit in found
    ]
    if result and mode != MODE_NOT_ORDERED:
        by_receiver = {(row.type, row.id): row for row in result}
        children = [row.id for row in result if row.type == SubjectType.CHILD]
        workers = [row.id for row in result if row.type == SubjectType.INSTITUTION_WORKER]
        statuses = LIVE_STATUSES if mode == MODE_PRESENT else (OrderItem.Status.CANCELLED,)
        items = (
            OrderItem.objects.filter(Q(child_id__in=children) | Q(worker_id__in=workers), date=day)
            .filter(status__in=statuses)
            .order_by("meal_type__position", "meal_type__name", "id")
            .values_list("child_id", "worker_id", "meal_type_id", "meal_type__name", "status")
        )
        for child_id, worker_id, meal_type_id, meal_type_name, status in items:
            key = (SubjectType.CHILD, child_id) if child_id else (SubjectType.INSTITUTION_WORKER, worker_id)
            meals = by_receiver[key].meals
            if not any(meal.meal_type.id == meal_type_id for meal in meals):  # a meal cancelled twice shows once
                meals.append(Meal(Ref(meal_type_id, meal_type_name), status))
    return PresencesPage(total, result)


# --- charts -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChartPoint:
    date: date  # the day, or the first day of the month
    ordered: int
    served: int
    cancelled: int
    deposits_amount: Decimal
    deposits_count: int


@dataclass(frozen=True)
class Chart:
    period: str
    date_from: date
    date_to: date
    points: list[ChartPoint]


def _buckets(period: str, date_from: date, date_to: date) -> list[date]:
    if period == PERIOD_MONTH:
        return [date_from + timedelta(days=offset) for offset in range((date_to - date_from).days + 1)]
    return [date(date_from.year, month, 1) for month in range(1, 13)]


def chart(*, period: str, anchor: date, institution_ids: set[int] | None) -> Chart:
    """Meals (by the day they are for) and deposits (by the day they were booked) per day of `anchor`'s month, or
    per month of its year; every bucket present, empty ones zero. Two grouped queries."""
    if period == PERIOD_MONTH:
        date_from, date_to = month_bounds(anchor)
        item_bucket, deposit_bucket = F("date"), F("booked_on")
    else:
        date_from, date_to = date(anchor.year, 1, 1), date(anchor.year, 12, 31)
        item_bucket, deposit_bucket = TruncMonth("date"), TruncMonth("booked_on")
    meals = {
        row["bucket"]: row
        for row in items_of_institutions(institution_ids, date__gte=date_from, date__lte=date_to)
        .annotate(bucket=item_bucket)
        .values("bucket")
        .annotate(**_counts())
        .order_by()
    }
    deposits = {
        row["bucket"]: row
        for row in _deposits(institution_ids, date_from, date_to)
        .annotate(bucket=deposit_bucket)
        .values("bucket")
        .annotate(amount=Sum("amount"), count=Count("*"))
        .order_by()
    }
    points = []
    for bucket in _buckets(period, date_from, date_to):
        meal = meals.get(bucket, {})
        deposit = deposits.get(bucket, {})
        points.append(
            ChartPoint(
                date=bucket,
                ordered=meal.get("ordered", 0),
                served=meal.get("served", 0),
                cancelled=meal.get("cancelled", 0),
                deposits_amount=deposit.get("amount") or ZERO,
                deposits_count=deposit.get("count", 0),
            )
        )
    return Chart(period, date_from, date_to, points)
