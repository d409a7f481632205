"""Stock's rules, against PostgreSQL: exact Decimal arithmetic (incomes - outcomes, the value at the average
purchase price), the refusal of an outcome below zero unless confirmed, audited corrections, voids instead of
deletes, low stock (under the minimum or under the next days' orders), and the day's booking that never counts a
day twice."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.inventory import selectors, services
from kantyna.inventory.models import InventoryTurnover, Kind, Reason
from kantyna.inventory.tests.helpers import income, make_inventory_world, meal, outcome
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user
from kantyna.testing.queries import capture_queries

pytestmark = pytest.mark.django_db


@pytest.fixture
def iw(tenant_a):
    with in_tenant(tenant_a):
        yield make_inventory_world(tenant_a)


@pytest.fixture
def admin(tenant_a):
    return make_user(tenant_a, ROLE_ADMIN)


def level(iw, ingredient, **kwargs):
    return next(row for row in selectors.stock_levels(today=iw.day, **kwargs) if row.id == ingredient.pk)


def test_given_two_deliveries_and_an_issue_then_the_stock_and_its_value_are_exact(iw, admin):
    first = income(iw, admin, iw.flour, "1000", "3.20", supplier="Młyn", document_number="FV 1/2026")
    income(iw, admin, iw.flour, "500", "4.10")
    outcome(iw, admin, iw.flour, "250.5")

    flour = level(iw, iw.flour, kitchen_id=iw.kitchen.pk)

    assert first.net_value == Decimal("3.20")  # 1000 g at 3.20 PLN per kg
    assert (flour.incomes, flour.outcomes, flour.stock) == (Decimal("1500"), Decimal("250.5"), Decimal("1249.5"))
    # 5.25 PLN for 1500 g: 3.50 PLN per kg; 1249.5 g are worth 4.37325, i.e. 4.37 PLN.
    assert (flour.price_unit, flour.average_price, flour.value) == ("kg", Decimal("3.50"), Decimal("4.37"))
    assert AuditEntry.objects.filter(action="inventory.income_create").count() == 2
    assert AuditEntry.objects.filter(action="inventory.outcome_create").count() == 1


def test_given_no_kitchen_named_then_the_first_active_kitchen_holds_the_stock(iw, admin):
    turnover = services.turnover_create(
        actor=admin,
        kind=Kind.INCOME,
        ingredient=iw.milk,
        quantity=Decimal("1000"),
        unit_price=Decimal("4.00"),
        date=iw.day,
    )

    assert turnover.kitchen == iw.kitchen
    assert level(iw, iw.milk, kitchen_id=iw.kitchen.pk).stock == Decimal("1000")


def test_given_an_outcome_above_the_stock_then_it_is_refused_and_nothing_is_stored(iw, admin):
    income(iw, admin, iw.apples, "10", "1.50")

    with pytest.raises(DomainError) as refused:
        outcome(iw, admin, iw.apples, "12")

    assert refused.value.code == "inventory.stock_below_zero"
    assert refused.value.params == {"ingredients": "Jabłka (-2 szt.)"}
    assert InventoryTurnover.objects.filter(kind=Kind.OUTCOME).count() == 0
    assert level(iw, iw.apples).stock == Decimal("10")


def test_given_an_outcome_above_the_stock_confirmed_then_the_stock_goes_negative(iw, admin):
    income(iw, admin, iw.apples, "10", "1.50")

    outcome(iw, admin, iw.apples, "12", allow_negative=True)

    apples = level(iw, iw.apples)
    assert apples.stock == Decimal("-2")
    assert apples.value == Decimal("0.00")
    assert apples.low is True


def test_given_a_corrected_delivery_then_the_audit_keeps_old_and_new_values(iw, admin):
    delivery = income(iw, admin, iw.milk, "2000", "3.00")

    services.turnover_update(actor=admin, instance=delivery, quantity=Decimal("2500"), unit_price=Decimal("3.20"))

    delivery.refresh_from_db()
    assert (delivery.quantity, delivery.net_value) == (Decimal("2500.000"), Decimal("8.00"))
    entry = AuditEntry.objects.get(action="inventory.income_update")
    assert entry.data["changes"] == {"quantity": ["2000.000", "2500"], "unit_price": ["3.00", "3.20"]}


def test_given_a_delivery_lowered_below_what_went_out_then_the_correction_is_refused(iw, admin):
    delivery = income(iw, admin, iw.milk, "2000", "3.00")
    outcome(iw, admin, iw.milk, "1500")

    with pytest.raises(DomainError) as refused:
        services.turnover_update(actor=admin, instance=delivery, quantity=Decimal("1000"))

    assert refused.value.code == "inventory.stock_below_zero"
    delivery.refresh_from_db()
    assert delivery.quantity == Decimal("2000")


def test_given_a_voided_row_then_it_leaves_the_stock_stays_listed_and_cannot_be_edited(iw, admin):
    income(iw, admin, iw.flour, "1000", "3.00")
    waste = outcome(iw, admin, iw.flour, "300")

    services.turnover_void(actor=admin, instance=waste, reason="Wpisane dwa razy")

    waste.refresh_from_db()
    assert waste.voided_by == admin and waste.void_reason == "Wpisane dwa razy"
    assert level(iw, iw.flour).stock == Decimal("1000")
    with pytest.raises(DomainError) as refused:
        services.turnover_update(actor=admin, instance=waste, quantity=Decimal("1"))
    assert refused.value.code == "inventory.turnover_voided"
    assert AuditEntry.objects.filter(action="inventory.outcome_void").count() == 1


def test_given_a_minimum_and_tomorrows_orders_then_low_stock_says_what_to_order(iw, admin):
    meal(iw, child=iw.world.child)
    meal(iw, child=iw.world.child2)  # tomorrow: 2 x 70 g of flour, 2 x 150 ml of milk, 2 apples
    income(iw, admin, iw.flour, "1000", "3.00")
    income(iw, admin, iw.milk, "200", "4.00")
    income(iw, admin, iw.apples, "5", "1.00")
    services.stock_minimum_set(actor=admin, ingredient=iw.apples, quantity=Decimal("10"))

    levels = selectors.stock_levels(today=iw.day, days=1, kitchen_id=iw.kitchen.pk, low_only=True)

    assert [(row.name, row.stock, row.need, row.minimum, row.to_order) for row in levels] == [
        ("Jabłka", Decimal("5"), Decimal("2.00"), Decimal("10.000"), Decimal("7.000")),
        ("Mleko", Decimal("200"), Decimal("300.00"), None, Decimal("100.000")),
    ]


def test_given_a_day_booked_twice_then_its_consumption_is_counted_once(iw, admin):
    meal(iw, child=iw.world.child)
    meal(iw, child=iw.world.child2)
    income(iw, admin, iw.flour, "1000", "3.00")
    income(iw, admin, iw.milk, "1000", "4.00")
    income(iw, admin, iw.apples, "10", "1.00")

    first = services.day_book(actor=admin, day=iw.day, kitchen=iw.kitchen)
    second = services.day_book(actor=admin, day=iw.day, kitchen=iw.kitchen)

    assert first == {"created": 3, "updated": 0, "voided": 0, "unchanged": 0}
    assert second == {"created": 0, "updated": 0, "voided": 0, "unchanged": 3}
    booked = InventoryTurnover.objects.filter(booked_for=iw.day).order_by("ingredient__name")
    assert [(row.ingredient.name, row.quantity, row.reason) for row in booked] == [
        ("Jabłka", Decimal("2.000"), Reason.PRODUCTION),
        ("Mleko", Decimal("300.000"), Reason.PRODUCTION),
        ("Mąka", Decimal("140.000"), Reason.PRODUCTION),
    ]
    assert level(iw, iw.flour).stock == Decimal("860")
    assert AuditEntry.objects.filter(action="inventory.day_book").count() == 1


def test_given_a_cancellation_after_booking_then_booking_again_follows_the_orders(iw, admin):
    meal(iw, child=iw.world.child)
    second_meal = meal(iw, child=iw.world.child2)
    services.day_book(actor=admin, day=iw.day, kitchen=iw.kitchen, allow_negative=True)
    second_meal.status = "cancelled"
    second_meal.save()

    counts = services.day_book(actor=admin, day=iw.day, kitchen=iw.kitchen, allow_negative=True)

    assert counts == {"created": 0, "updated": 3, "voided": 0, "unchanged": 0}
    assert level(iw, iw.flour).stock == Decimal("-70")


def test_given_a_day_without_stock_when_booked_then_refused_unless_confirmed(iw, admin):
    meal(iw)

    with pytest.raises(DomainError) as refused:
        services.day_book(actor=admin, day=iw.day, kitchen=iw.kitchen)

    assert refused.value.code == "inventory.stock_below_zero"
    assert refused.value.params == {"ingredients": "Jabłka (-1 szt.), Mleko (-150 ml), Mąka (-70 g)"}
    assert not InventoryTurnover.objects.exists()


def test_given_a_period_then_ingredients_outcomes_put_needs_beside_recorded_outcomes_and_stock(iw, admin):
    meal(iw)
    meal(iw, day=iw.day + timedelta(days=1))
    income(iw, admin, iw.flour, "1000", "3.00")
    outcome(iw, admin, iw.flour, "50", date=iw.day)
    services.day_book(actor=admin, day=iw.day, kitchen=iw.kitchen, allow_negative=True)

    result = selectors.ingredients_outcomes(
        date_from=iw.day, date_to=iw.day + timedelta(days=1), kitchen_id=iw.kitchen.pk
    )

    assert result.portions == 2
    assert result.booked_days == [iw.day]
    flour = next(row for row in result.ingredients if row.id == iw.flour.pk)
    assert (flour.needed, flour.booked, flour.production, flour.waste, flour.stock) == (
        Decimal("140.00"),
        Decimal("70"),
        Decimal("70"),
        Decimal("50"),
        Decimal("880"),
    )


def locked_tables(queries) -> list[str]:
    """The tables whose rows each locking statement locks, in the order they were locked."""
    return [
        "meals_ingredient" if 'FROM "meals_ingredient"' in sql else "inventory_inventoryturnover"
        for sql in queries
        if "FOR UPDATE" in sql or "FOR NO KEY UPDATE" in sql
    ]


def test_given_a_correction_or_a_void_then_ingredients_are_locked_before_the_row_as_the_booking_does(iw, admin):
    delivery = income(iw, admin, iw.flour, "1000", "3.00")
    waste = outcome(iw, admin, iw.milk, "10", allow_negative=True)

    with capture_queries() as corrected:
        services.turnover_update(actor=admin, instance=delivery, ingredient=iw.apples, quantity=Decimal("5"))
    with capture_queries() as voided:
        services.turnover_void(actor=admin, instance=waste, reason="Pomyłka")

    assert locked_tables(corrected) == ["meals_ingredient", "inventory_inventoryturnover"]
    assert locked_tables(voided) == ["meals_ingredient", "inventory_inventoryturnover"]
    ingredient_lock = next(sql for sql in corrected if 'FROM "meals_ingredient"' in sql and "FOR NO KEY" in sql)
    assert str(iw.flour.pk) in ingredient_lock and str(iw.apples.pk) in ingredient_lock
    delivery.refresh_from_db()
    assert (delivery.ingredient_id, delivery.quantity) == (iw.apples.pk, Decimal("5.000"))
