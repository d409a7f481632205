"""A small priced world for ordering tests, made through the owning apps' services (call inside a tenant's
schema): a catalogue, default price lists for children and workers, an institution with a classroom, a parent
with two children, an institution worker, money on their accounts."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.db import transaction

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTION_WORKER, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT
from kantyna.institutions.models import Classroom, Institution
from kantyna.institutions.services import classroom_create, institution_create
from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post
from kantyna.ordering.cutoff import tenant_today, tenant_zone
from kantyna.ordering.models import Order
from kantyna.ordering.services.items import items_place
from kantyna.ordering.subjects import subject_resolve
from kantyna.people.models import CalendarSubjectSettings, Child, WorkerProfile
from kantyna.people.services.children import child_create
from kantyna.people.services.workers import worker_profile_create
from kantyna.pricing.tests.helpers import Catalog, item, make_catalog, make_group, make_price_list
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.factories import make_user

_sequence = itertools.count(1)


@dataclass
class World:
    catalog: Catalog
    institution: Institution
    classroom: Classroom
    parent: object
    child: Child
    child2: Child
    worker_user: object
    worker: WorkerProfile


def set_settings(key: str, **values) -> None:
    settings_update(actor=None, key=key, data=values)


def deposit(user, amount: str, *, child=None) -> None:
    with transaction.atomic():
        ledger_post(
            actor=None,
            account=ledger_account_for(user=user, child=child),
            entry=LedgerEntry(
                kind="deposit", amount=Decimal(amount), idempotency_key=f"test:deposit:{next(_sequence)}"
            ),
        )


def balance(user, child=None) -> Decimal:
    account = LedgerAccount.objects.filter(user=user, child=child).first()
    return account.balance if account else Decimal("0.00")


def ledger_sum(user) -> Decimal:
    return sum(LedgerTransaction.objects.filter(account__user=user).values_list("amount", flat=True), Decimal("0.00"))


def make_world(tenant, *, money: str = "500.00") -> World:
    """Call inside `tenant`'s schema (users are made through the public account service as well)."""
    c = make_catalog()
    number = next(_sequence)
    children_group = make_group(f"Dzieci {number}", default_for_children=True)
    workers_group = make_group(f"Pracownicy {number}", default_for_institutions_workers=True)
    valid_from = date.today() - timedelta(days=400)
    make_price_list(
        children_group,
        valid_from,
        [
            item(c.soup, c.standard, c.normal, "5.00"),
            item(c.lunch, c.standard, c.normal, "12.50"),
            item(c.lunch, c.standard, c.small, "10.00"),
            item(c.lunch, c.vegetarian, c.normal, "13.00"),
            item(c.snack, c.standard, c.normal, "3.00"),
        ],
    )
    make_price_list(workers_group, valid_from, [item(c.lunch, c.standard, c.normal, "20.00")])
    institution = institution_create(
        actor=None, name=f"Szkoła {number}", short_name=f"S{number}", slug=f"s-o{number}", kind="school"
    )
    classroom = classroom_create(actor=None, institution=institution, name=f"{number}A")
    parent = make_user(tenant, ROLE_PARENT)
    child = child_create(
        actor=None, parent=parent, first_name="Ola", last_name="Nowak", classroom=classroom, diet=c.standard
    )
    child2 = child_create(
        actor=None, parent=parent, first_name="Jan", last_name="Nowak", classroom=classroom, diet=c.standard
    )
    worker_user = make_user(tenant, ROLE_INSTITUTION_WORKER)
    worker = worker_profile_create(actor=None, user=worker_user, institution=institution, diet=c.standard)
    if money:
        deposit(parent, money)
        deposit(worker_user, money)
    return World(c, institution, classroom, parent, child, child2, worker_user, worker)


def next_monday(after: date | None = None) -> date:
    """The first Monday at least a week after `after` (default: the tenant's today), so its cut-off is always
    ahead whatever weekday and hour the suite runs on (a Sunday run once got tomorrow, already closed)."""
    day = (after or tenant_today()) + timedelta(days=7)
    return day + timedelta(days=(7 - day.weekday()) % 7)


def at(day: date, hour: int, minute: int = 0) -> datetime:
    """An aware moment in the tenant's timezone."""
    return datetime.combine(day, time(hour, minute), tzinfo=tenant_zone())


def admin(tenant):
    return make_user(tenant, ROLE_ADMIN)


def institutions_admin(tenant, institution, *permissions):
    """An institutions admin of `institution` holding `permissions`."""
    user = make_user(tenant, ROLE_INSTITUTIONS_ADMIN, permissions=list(permissions))
    with in_tenant(tenant):
        user.institutions.add(institution)
    return user


def place(tenant, actor, subject_type, subject_id, requests, **options) -> Order:
    """`requests` (ItemRequest) placed by `actor` for the subject, as the calendar places them: the order."""
    with in_tenant(tenant):
        subject = subject_resolve(subject_type, subject_id, actor=actor)
        return items_place(actor=actor, subject=subject, requests=requests, **options).order


def automark_weekly_lunches(world: World) -> CalendarSubjectSettings:
    """Only `world.child` asks to be automarked: lunches, a week ahead (call inside the tenant's schema)."""
    CalendarSubjectSettings.objects.update(automark_presences=False)
    settings, _created = CalendarSubjectSettings.objects.get_or_create(child=world.child)
    settings.automark_presences = True
    settings.autoselection_interval = "one_week"
    settings.save()
    settings.autoselected_meal_types.set([world.catalog.lunch])
    return settings
