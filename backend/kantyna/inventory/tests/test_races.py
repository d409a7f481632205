"""Booking a day under concurrency (against PostgreSQL): two bookings of the same day at once write one production
outcome per ingredient; two outcomes racing for the last stock cannot both pass the below-zero check."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection

from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.inventory import services
from kantyna.inventory.models import InventoryTurnover, Kind, Reason
from kantyna.inventory.tests.helpers import income, make_inventory_world, meal
from kantyna.logistics.models import Kitchen
from kantyna.meals.models import Ingredient
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import run_concurrently
from kantyna.testing.factories import make_user

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]


def test_given_one_day_booked_twice_at_once_then_each_ingredient_is_booked_once(tenant_a):
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        iw = make_inventory_world(tenant_a)
        meal(iw, child=iw.world.child)
        meal(iw, child=iw.world.child2)
        day, kitchen_id = iw.day, iw.kitchen.pk
    connection.set_schema_to_public()

    def book():
        services.day_book(actor=admin, day=day, kitchen=Kitchen.objects.get(pk=kitchen_id), allow_negative=True)

    outcomes = run_concurrently(tenant_a, book, book, book)

    assert outcomes == [None, None, None]
    with in_tenant(tenant_a):
        booked = InventoryTurnover.objects.filter(booked_for=day, voided_at=None).order_by("ingredient__name")
        assert [(row.ingredient.name, row.quantity) for row in booked] == [
            ("Jabłka", Decimal("2.000")),
            ("Mleko", Decimal("300.000")),
            ("Mąka", Decimal("140.000")),
        ]
    connection.set_schema_to_public()


def test_given_two_outcomes_racing_for_the_last_stock_then_one_is_refused(tenant_a):
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        iw = make_inventory_world(tenant_a)
        income(iw, admin, iw.apples, "10", "1.00")
        apples_id, day = iw.apples.pk, iw.day
    connection.set_schema_to_public()

    def take_seven():
        services.turnover_create(
            actor=admin,
            kind=Kind.OUTCOME,
            reason=Reason.PRODUCTION,
            ingredient=Ingredient.objects.get(pk=apples_id),
            quantity=Decimal("7"),
            date=day,
        )

    outcomes = run_concurrently(tenant_a, take_seven, take_seven)

    refusals = [outcome for outcome in outcomes if outcome is not None]
    assert [type(refusal) for refusal in refusals] == [DomainError]
    assert refusals[0].code == "inventory.stock_below_zero"
    with in_tenant(tenant_a):
        assert InventoryTurnover.objects.filter(kind=Kind.OUTCOME).count() == 1
    connection.set_schema_to_public()
