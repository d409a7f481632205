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
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from kantyna.institutions.models import Institution
from kantyna.ordering.models import Order, OrderItem
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
    return ReportsWorld(w, other_institution, other_parent, other_child)
