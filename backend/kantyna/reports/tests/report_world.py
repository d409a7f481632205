"""The reports tests' world: the shared world (kantyna/testing/world.py: "Szkoła N" with Ola and Jan Nowak and a
worker) and a second school with Zoe, meals over two days of November 2026 and one in December, at set prices.

| day        | institution | receiver | meal  | status    | price |
|------------|-------------|----------|-------|-----------|-------|
| 2026-11-02 | world       | Ola      | Obiad | active    | 10.00 |
| 2026-11-02 | world       | Ola      | Zupa  | active    |  4.50 |
| 2026-11-02 | world       | Jan      | Obiad | served    | 10.00 |
| 2026-11-03 | world       | worker   | Obiad | active    | 12.00 |
| 2026-11-03 | world       | Ola      | Obiad | cancelled | 10.00 |
| 2026-11-03 | other       | Zoe      | Obiad | active    |  8.00 |  (vegetarian)
| 2026-12-01 | world       | Jan      | Obiad | active    | 10.00 |

Ola is allergic to gluten; Jan reported an absence on 2026-11-03 (and has no meal that day).

Money (booked on):
| payer        | day        | kind    | amount  | how                             |
|--------------|------------|---------|---------|---------------------------------|
| Nowak parent | 2026-11-02 | deposit | 100.00  | online payment ("payment")      |
| Nowak parent | 2026-11-02 | charge  | -24.50  |                                 |
| Nowak parent | 2026-11-03 | deposit |  50.00  | bank statement ("imported_payment") |
| Nowak parent | 2026-11-03 | refund  |  10.00  |                                 |
| Nowak parent | 2026-11-03 | fee     |  -1.00  |                                 |
| worker       | 2026-11-03 | deposit |  20.00  | by staff ("user")               |
| worker       | 2026-11-03 | charge  | -12.00  |                                 |
| other parent | 2026-11-03 | charge  |  -8.00  |                                 |
| other parent | 2026-12-01 | deposit |   8.00  | online payment                  |
Balances at 2026-11-30: Nowak 134.50, worker 8.00, other parent -8.00 (at 2026-12-31: 0.00).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db import transaction

from kantyna.catalog.models import Allergen
from kantyna.institutions.models import Institution
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post
from kantyna.ordering.models import Absence, Order, OrderItem
from kantyna.people.models import Child
from kantyna.testing.world import World, make_family, make_institution_with_classroom, make_world

DAY1 = date(2026, 11, 2)
DAY2 = date(2026, 11, 3)
DECEMBER = date(2026, 12, 1)


@dataclass
class ReportsWorld:
    world: World
    other_institution: Institution
    other_parent: object
    other_child: Child

    @property
    def catalog(self):
        return self.world.catalog


def meal(*, day, price: str, child=None, worker=None, meal_type, diet, portion, status="active") -> OrderItem:
    payer = child.parent if child is not None else worker.user
    return OrderItem.objects.create(
        order=Order.objects.create(payer=payer),
        child=child,
        worker=worker,
        date=day,
        meal_type=meal_type,
        diet=diet,
        portion_size=portion,
        unit_price=Decimal(price),
        price=Decimal(price),
        status=status,
    )


_keys = iter(range(1, 10**9))


def book(user, kind: str, amount: str, day: date, reference_type: str = "") -> None:
    with transaction.atomic():
        ledger_post(
            actor=None,
            account=ledger_account_for(user=user),
            entry=LedgerEntry(
                kind=kind,
                amount=Decimal(amount),
                idempotency_key=f"test:reports:{next(_keys)}",
                booked_on=day,
                reference_type=reference_type,
            ),
        )


def make_reports_world(tenant) -> ReportsWorld:
    """Call inside the tenant's schema."""
    w = make_world(tenant, money="")
    c = w.catalog
    other_institution, other_classroom = make_institution_with_classroom(900 + Institution.objects.count())
    other_parent, (other_child,) = make_family(tenant, other_classroom, c.vegetarian, first_names=("Zoe",))
    common = {"portion": c.normal, "diet": c.standard}
    meal(day=DAY1, price="10.00", child=w.child, meal_type=c.lunch, **common)
    meal(day=DAY1, price="4.50", child=w.child, meal_type=c.soup, **common)
    meal(day=DAY1, price="10.00", child=w.child2, meal_type=c.lunch, status="served", **common)
    meal(day=DAY2, price="12.00", worker=w.worker, meal_type=c.lunch, **common)
    meal(day=DAY2, price="10.00", child=w.child, meal_type=c.lunch, status="cancelled", **common)
    meal(day=DAY2, price="8.00", child=other_child, meal_type=c.lunch, portion=c.normal, diet=c.vegetarian)
    meal(day=DECEMBER, price="10.00", child=w.child2, meal_type=c.lunch, **common)
    w.child.allergies.set([Allergen.objects.get_or_create(name="Gluten")[0]])
    Absence.objects.create(child=w.child2, date=DAY2)

    book(w.parent, "deposit", "100.00", DAY1, "payment")
    book(w.parent, "charge", "-24.50", DAY1)
    book(w.parent, "deposit", "50.00", DAY2, "imported_payment")
    book(w.parent, "refund", "10.00", DAY2)
    book(w.parent, "fee", "-1.00", DAY2)
    book(w.worker_user, "deposit", "20.00", DAY2, "user")
    book(w.worker_user, "charge", "-12.00", DAY2)
    book(other_parent, "charge", "-8.00", DAY2)
    book(other_parent, "deposit", "8.00", DECEMBER, "payment")
    return ReportsWorld(w, other_institution, other_parent, other_child)
