"""Ordering tests' helpers: days and moments relative to the tenant's today, placing orders, the automark choice.
The priced world (`make_world`) and money helpers are the shared builders of kantyna/testing/world.py."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN
from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ordering.cutoff import tenant_today, tenant_zone
from kantyna.ordering.models import Order, OrderItem
from kantyna.ordering.services.items import items_place
from kantyna.ordering.subjects import subject_resolve
from kantyna.people.models import CalendarSubjectSettings
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user
from kantyna.testing.world import World


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


def child_subject(world: World):
    """`world.child` as its parent orders for it."""
    return subject_resolve("child", world.child.pk, actor=world.parent)


def assert_books_balance(user, deposited: Decimal) -> None:
    """Cached balance = sum of rows = deposits - charges of live items (each charged exactly once)."""
    account = LedgerAccount.objects.get(user=user, child=None)
    rows = LedgerTransaction.objects.filter(account=account)
    total = sum(rows.values_list("amount", flat=True), Decimal("0.00"))
    live = OrderItem.objects.filter(order__payer=user, status__in=["active", "served"])
    expected = deposited - sum(live.values_list("price", flat=True), Decimal("0.00"))
    assert account.balance == total == expected
    charges = list(rows.filter(kind="charge").values_list("reference_id", flat=True))
    assert len(charges) == len(set(charges))
    refunds = list(rows.filter(kind="refund").values_list("reference_id", flat=True))
    assert len(refunds) == len(set(refunds))
    cancelled_charged = set(
        OrderItem.objects.filter(order__payer=user, status="cancelled", charged_at__isnull=False).values_list(
            "pk", flat=True
        )
    )
    assert set(refunds) == cancelled_charged
