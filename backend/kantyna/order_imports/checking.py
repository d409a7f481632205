"""Checking an orders file's rows against the tenant: who each row names, which meal type, which days, and what
ordering would say about them (ordering's own rules and data: its free days, cut-off, live meals and `Pricer`, with
staff's view of the price lists, as an admin's order is priced). Nothing is ordered here.

Everything is looked up in a constant number of queries whatever the number of rows (`Lookups`); `check_row` is
then pure: a row's first problem as a `Problem` (a refusal code and its facts, worded by the API's error table),
or the days to order and their price.

A row's problems, in order: the date (missing, not a date, a range backwards or too long), the meal type (missing,
unknown), the person (missing, unknown card, unknown institution or classroom, unknown or ambiguous name), an
inactive receiver or institution, a meal type the institution does not serve, then each day: a free day, past the
cut-off (unless the admin overrides it), ordered already (or earlier in the file), no price. A range leaves its free
and already ordered days out instead (listed as skipped) and is a problem only when no day is left."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.db.models import Q
from django.db.models.functions import Lower

from kantyna.catalog.models import MealType
from kantyna.core.errors import Problem
from kantyna.institutions.models import Classroom, Institution
from kantyna.order_imports.reading import MAX_RANGE_DAYS, RawRow
from kantyna.ordering.cutoff import Cutoff, cutoff_config
from kantyna.ordering.models import LIVE, OrderItem
from kantyna.ordering.pricing import Pricer
from kantyna.ordering.services.items import free_days_for, is_free
from kantyna.ordering.subjects import (
    CHILD_RELATIONS,
    WORKER_RELATIONS,
    Subject,
    subject_of_child,
    subject_of_worker,
)
from kantyna.people.models import Child, WorkerProfile

ZERO = Decimal("0.00")


@dataclass
class CheckedRow:
    raw: RawRow
    subject: Subject | None = None
    meal_type_id: int | None = None
    days: list[date] = field(default_factory=list)
    skipped_days: list[date] = field(default_factory=list)
    amount: Decimal = ZERO
    problem: Problem | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _key(text: str) -> str:
    return " ".join(text.lower().split())


def _days(raw: RawRow) -> tuple[list[date], Problem | None]:
    if not raw.date_text:
        return [], Problem("orders_file.date_required", "date")
    first = raw.date_from
    if first is None:
        return [], Problem("orders_file.bad_date", "date", {"value": raw.date_text})
    if not raw.date_to_text:
        return [first], None
    last = raw.date_to
    if last is None:
        return [], Problem("orders_file.bad_date", "date", {"value": raw.date_to_text})
    if last < first:
        return [], Problem("orders_file.range_backwards", "date")
    if (last - first).days >= MAX_RANGE_DAYS:
        return [], Problem("orders_file.range_too_long", "date", {"count": MAX_RANGE_DAYS})
    return [first + timedelta(days=offset) for offset in range((last - first).days + 1)], None


class Lookups:
    """Everything the rows name, read at once: meal types, institutions, classrooms, the people named by card or by
    name (children and workers, with what ordering needs to price them), then over the rows' days the free days,
    the live meals of those people and their prices."""

    def __init__(self, rows: list[RawRow], *, cutoff: Cutoff | None = None):
        self.meal_types = {_key(name): pk for pk, name in MealType.objects.values_list("pk", "name")}
        self.institutions: dict[str, int] = {}
        self.active_institutions: set[int] = set()
        for pk, slug, short_name, name, active in Institution.objects.values_list(
            "pk", "slug", "short_name", "name", "is_active"
        ):
            for key in (slug, short_name, name):
                self.institutions.setdefault(_key(key or ""), pk)
            if active:
                self.active_institutions.add(pk)
        self.classrooms = {
            (institution_id, _key(name)): pk
            for pk, institution_id, name in Classroom.objects.values_list("pk", "institution_id", "name")
        }
        cards = {row.card_number.upper() for row in rows if row.card_number}
        named = [row for row in rows if not row.card_number and row.first_name and row.last_name]
        firsts = {_key(row.first_name) for row in named}
        lasts = {_key(row.last_name) for row in named}
        children = (
            Child.objects.select_related(*CHILD_RELATIONS)
            .annotate(first_key=Lower("first_name"), last_key=Lower("last_name"))
            .filter(Q(card_number__in=cards) | Q(first_key__in=firsts, last_key__in=lasts))
        )
        workers = (
            WorkerProfile.objects.select_related(*WORKER_RELATIONS)
            .annotate(first_key=Lower("user__first_name"), last_key=Lower("user__last_name"))
            .filter(Q(card_number__in=cards) | Q(first_key__in=firsts, last_key__in=lasts))
        )
        self.by_card: dict[str, Subject] = {}
        self.by_name: dict[tuple[str, str], list[tuple[Subject, bool]]] = defaultdict(list)  # (subject, archived)
        for child in children if cards or named else ():
            subject = subject_of_child(child)
            if child.card_number:
                self.by_card[child.card_number.upper()] = subject
            self.by_name[(_key(child.first_name), _key(child.last_name))].append(
                (subject, child.archived_at is not None)
            )
        for worker in workers if cards or named else ():
            subject = subject_of_worker(worker)
            if worker.card_number:
                self.by_card[worker.card_number.upper()] = subject
            user = worker.user
            self.by_name[(_key(user.first_name), _key(user.last_name))].append(
                (subject, worker.archived_at is not None)
            )
        subjects = {subject.key: subject for subject in self.by_card.values()}
        subjects |= {subject.key: subject for found in self.by_name.values() for subject, _archived in found}
        days = [day for row in rows for day in _days(row)[0]]
        self.cutoff = cutoff or cutoff_config()
        self.live: set[tuple[int | None, int | None, date, int]] = set()
        self.free: dict[int | None, set[date]] = {}
        self.pricer: Pricer | None = None
        if subjects and days:
            first, last = min(days), max(days)
            people = list(subjects.values())
            self.pricer = Pricer(people, first, last, for_role=None)  # staff's view: an admin orders
            self.free = free_days_for({subject.institution.pk for subject in people}, first, last)
            child_ids = [subject.child.pk for subject in people if subject.child is not None]
            worker_ids = [subject.worker.pk for subject in people if subject.worker is not None]
            self.live = set(
                OrderItem.objects.filter(LIVE, date__range=(first, last))
                .filter(Q(child_id__in=child_ids) | Q(worker_id__in=worker_ids))
                .order_by()
                .values_list("child_id", "worker_id", "date", "meal_type_id")
            )

    def person(self, raw: RawRow) -> tuple[Subject | None, Problem | None]:
        if raw.card_number:
            subject = self.by_card.get(raw.card_number.upper())
            if subject is None:
                return None, Problem("orders_file.unknown_card", "person", {"card": raw.card_number})
            return subject, None
        if not (raw.first_name and raw.last_name and raw.institution):
            return None, Problem("orders_file.person_required", "person")
        institution_id = self.institutions.get(_key(raw.institution))
        if institution_id is None:
            return None, Problem("orders_file.unknown_institution", "person", {"name": raw.institution})
        classroom_id = None
        if raw.classroom:
            classroom_id = self.classrooms.get((institution_id, _key(raw.classroom)))
            if classroom_id is None:
                return None, Problem("orders_file.unknown_classroom", "person", {"name": raw.classroom})
        name = f"{raw.first_name} {raw.last_name}"
        found = [
            (subject, archived)
            for subject, archived in self.by_name.get((_key(raw.first_name), _key(raw.last_name)), ())
            if subject.institution.pk == institution_id
            and (classroom_id is None or (subject.child is not None and subject.classroom_id == classroom_id))
        ]
        if len(found) > 1:  # an archived namesake does not make a current receiver ambiguous
            found = [(subject, archived) for subject, archived in found if not archived] or found
        if not found:
            return None, Problem("orders_file.unknown_person", "person", {"name": name})
        if len(found) > 1:
            return None, Problem("orders_file.ambiguous_person", "person", {"name": name, "count": len(found)})
        return found[0][0], None


def check_row(
    raw: RawRow,
    lookups: Lookups,
    *,
    now: datetime,
    override: bool,
    taken: dict[tuple, int],
) -> CheckedRow:
    """One row's outcome. `taken`: (person, day, meal type) → the row ordering it earlier in the file; this row's
    days are added when it is OK."""
    checked = CheckedRow(raw=raw)
    days, problem = _days(raw)
    if problem is None and not raw.meal_type:
        problem = Problem("orders_file.meal_type_required", "meal_type")
    meal_type_id = lookups.meal_types.get(_key(raw.meal_type)) if raw.meal_type else None
    if problem is None and meal_type_id is None:
        problem = Problem("orders_file.unknown_meal_type", "meal_type", {"name": raw.meal_type})
    subject = None
    if problem is None:
        subject, problem = lookups.person(raw)
    checked.subject, checked.meal_type_id = subject, meal_type_id
    if problem is None:
        problem = _subject_problem(subject, meal_type_id, lookups)
    if problem is None:
        problem = _days_problem(checked, days, lookups, now=now, override=override, taken=taken)
    checked.problem = problem
    if problem is None:
        for day in checked.days:
            taken[(subject.key, day, meal_type_id)] = raw.position
    return checked


def _subject_problem(subject: Subject, meal_type_id: int, lookups: Lookups) -> Problem | None:
    if not subject.is_active:
        return Problem("order.subject_inactive", "person")
    if subject.institution.pk not in lookups.active_institutions:
        return Problem("order.institution_inactive", "person")
    if lookups.pricer is not None and not lookups.pricer.meal_type_available(subject, meal_type_id):
        return Problem("order.meal_type_unavailable", "meal_type")
    return None


def _days_problem(
    checked: CheckedRow, days: list[date], lookups: Lookups, *, now: datetime, override: bool, taken: dict
) -> Problem | None:
    subject, meal_type_id = checked.subject, checked.meal_type_id
    single = len(days) == 1
    child_id, worker_id = subject.item_key
    for day in days:
        earlier = taken.get((subject.key, day, meal_type_id))
        if is_free(lookups.free, subject.institution.pk, day):
            if single:
                return Problem("order.free_day", "date", {"date": day})
            checked.skipped_days.append(day)
            continue
        if not override and not lookups.cutoff.is_open(day, now):
            return Problem("order.day_closed", "date", {"date": day})
        if (child_id, worker_id, day, meal_type_id) in lookups.live:
            if single:
                return Problem("orders_file.already_ordered", "date", {"date": day})
            checked.skipped_days.append(day)
            continue
        if earlier is not None:
            if single:
                return Problem("orders_file.duplicate_row", "date", {"date": day, "row": earlier})
            checked.skipped_days.append(day)
            continue
        item = lookups.pricer.choose(subject, day, meal_type_id=meal_type_id, diet_id=subject.diet.pk)
        if item is None:
            return Problem("order.no_price", "date", {"date": day})
        checked.days.append(day)
        checked.amount += lookups.pricer.price(subject, day, item).price
    if not checked.days:
        checked.amount = ZERO
        return Problem("orders_file.nothing_to_order", "date")
    return None


def check_rows(
    rows: list[RawRow], *, now: datetime, override: bool, cutoff: Cutoff | None = None
) -> tuple[list[CheckedRow], Lookups]:
    """Every row checked (in file order: a later row repeating an earlier one's day is the duplicate), and the
    lookups they were checked with (confirmation orders with the same prices and cut-off)."""
    lookups = Lookups(rows, cutoff=cutoff)
    taken: dict[tuple, int] = {}
    return [check_row(row, lookups, now=now, override=override, taken=taken) for row in rows], lookups
