"""The dashboard tests' world: the shared world (kantyna/testing/world.py) and a second institution with another
family, today's meals in every state, and money on both sides.

Today (tenant's timezone):
- Ola (world institution): lunch active, soup cancelled            → present
- Jan (world institution): lunch served at the terminal            → present
- the worker (world institution): lunch cancelled                   → absent
- Ala (world institution, a third child of the family): nothing     → not ordered
- Zoe (other institution, another parent): lunch active             → present
- Ewa (world institution), deactivated: nothing                     → not counted anywhere

Money (cached balances): the world's parent +100.00 (a deposit of 100.00 this month, and 40.00 last month then
charged 40.00), the worker -30.00 (charged), the other parent -15.50 (deposit 4.50 this month, charged 20.00)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.db import transaction

from kantyna.institutions.models import Institution
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import Order, OrderItem
from kantyna.people.models import Child
from kantyna.testing.world import World, make_family, make_institution_with_classroom, make_world

_keys = iter(range(1, 10**9))


@dataclass
class DashboardWorld:
    world: World
    today: date
    third_child: Child
    inactive_child: Child
    other_institution: Institution
    other_parent: object
    other_child: Child
    ids: dict | None = None

    @property
    def catalog(self):
        return self.world.catalog


def book(user, kind: str, amount: str, *, day: date | None = None) -> None:
    with transaction.atomic():
        ledger_post(
            actor=None,
            account=ledger_account_for(user=user),
            entry=LedgerEntry(
                kind=kind, amount=Decimal(amount), idempotency_key=f"test:dashboard:{next(_keys)}", booked_on=day
            ),
        )


def meal(dw: DashboardWorld, *, child=None, worker=None, day=None, meal_type=None, status="active") -> OrderItem:
    """One meal (lunch unless told, standard diet, normal portion, today unless told) of a child or a worker."""
    c = dw.catalog
    payer = child.parent if child is not None else worker.user
    return OrderItem.objects.create(
        order=Order.objects.create(payer=payer),
        child=child,
        worker=worker,
        date=day or dw.today,
        meal_type=meal_type or c.lunch,
        diet=c.standard,
        portion_size=c.normal,
        unit_price=Decimal("10.00"),
        price=Decimal("10.00"),
        status=status,
    )


def make_dashboard_world(tenant) -> DashboardWorld:
    """Call inside the tenant's schema."""
    w = make_world(tenant, money="")
    c = w.catalog
    today = tenant_today()
    third_child = Child.objects.create(
        parent=w.parent, first_name="Ala", last_name="Nowak", institution=w.institution, classroom=w.classroom,
        diet=c.standard,
    )  # fmt: skip
    inactive_child = Child.objects.create(
        parent=w.parent, first_name="Ewa", last_name="Nowak", institution=w.institution, classroom=w.classroom,
        diet=c.standard, is_active=False,
    )  # fmt: skip
    other_institution, other_classroom = make_institution_with_classroom()
    other_parent, (other_child,) = make_family(tenant, other_classroom, c.standard, first_names=("Zoe",))
    other_child.last_name = "Zielińska"
    other_child.save(update_fields=["last_name"])
    dw = DashboardWorld(w, today, third_child, inactive_child, other_institution, other_parent, other_child)

    meal(dw, child=w.child)
    meal(dw, child=w.child, meal_type=c.soup, status="cancelled")
    meal(dw, child=w.child2, status="served")
    meal(dw, worker=w.worker, status="cancelled")
    meal(dw, child=other_child)

    last_month = today.replace(day=1) - timedelta(days=1)
    book(w.parent, "deposit", "100.00")
    book(w.parent, "deposit", "40.00", day=last_month)
    book(w.parent, "charge", "-40.00", day=last_month)
    book(w.worker_user, "charge", "-30.00")
    book(other_parent, "deposit", "4.50")
    book(other_parent, "charge", "-20.00")
    return dw
