"""Concurrency against PostgreSQL (DESIGN.md §4): two tabs, double submits, mark vs cancel, automark vs a
parent. Whatever the interleaving, one live item per subject, day and meal type; every live item charged once;
every cancelled one refunded once; cached balance = SUM(transactions)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection

from kantyna.ledger.models import LedgerTransaction
from kantyna.ordering.models import Order, OrderItem
from kantyna.ordering.services.automark import automark_run
from kantyna.ordering.services.items import ItemRequest, items_cancel, items_place
from kantyna.ordering.tests.helpers import assert_books_balance, child_subject, next_monday
from kantyna.people.models import CalendarSubjectSettings
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import run_concurrently
from kantyna.testing.world import make_world

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        world = make_world(tenant_a)
    connection.set_schema_to_public()
    return world


def test_two_tabs_marking_the_same_day_order_and_charge_once(world, tenant_a):
    monday = next_monday()

    def mark():
        items_place(
            actor=world.parent, subject=child_subject(world), requests=[ItemRequest(monday, world.catalog.lunch.pk)]
        )

    outcomes = run_concurrently(tenant_a, mark, mark, mark)

    assert outcomes == [None, None, None]
    with in_tenant(tenant_a):
        assert OrderItem.objects.filter(child=world.child, status="active").count() == 1
        assert Order.objects.filter(payer=world.parent).count() == 1  # the losers' empty orders are gone
        assert_books_balance(world.parent, Decimal("500.00"))
    connection.set_schema_to_public()


def test_a_double_submit_with_one_key_makes_one_order(world, tenant_a):
    monday = next_monday()

    def mark():
        items_place(
            actor=world.parent,
            subject=child_subject(world),
            requests=[ItemRequest(monday, world.catalog.lunch.pk), ItemRequest(monday, world.catalog.soup.pk)],
            idempotency_key="double-click",
        )

    assert run_concurrently(tenant_a, mark, mark) == [None, None]
    with in_tenant(tenant_a):
        assert Order.objects.filter(idempotency_key="double-click").count() == 1
        assert OrderItem.objects.filter(child=world.child, status="active").count() == 2
        assert_books_balance(world.parent, Decimal("500.00"))
    connection.set_schema_to_public()


def test_two_cancels_of_one_item_refund_once(world, tenant_a):
    monday = next_monday()
    with in_tenant(tenant_a):
        placed = items_place(
            actor=world.parent, subject=child_subject(world), requests=[ItemRequest(monday, world.catalog.lunch.pk)]
        )
    connection.set_schema_to_public()

    def cancel():
        items_cancel(actor=world.parent, items=placed.created)

    assert run_concurrently(tenant_a, cancel, cancel) == [None, None]
    with in_tenant(tenant_a):
        assert LedgerTransaction.objects.filter(kind="refund").count() == 1
        assert_books_balance(world.parent, Decimal("500.00"))
    connection.set_schema_to_public()


def test_mark_and_cancel_at_once_lose_nothing(world, tenant_a):
    monday = next_monday()
    tuesday = monday + timedelta(days=1)
    with in_tenant(tenant_a):
        placed = items_place(
            actor=world.parent, subject=child_subject(world), requests=[ItemRequest(monday, world.catalog.lunch.pk)]
        )
    connection.set_schema_to_public()

    def cancel():
        items_cancel(actor=world.parent, items=placed.created)

    def mark_again():
        items_place(
            actor=world.parent,
            subject=child_subject(world),
            requests=[ItemRequest(monday, world.catalog.lunch.pk), ItemRequest(tuesday, world.catalog.lunch.pk)],
        )

    outcomes = run_concurrently(tenant_a, cancel, mark_again)

    assert outcomes == [None, None]
    with in_tenant(tenant_a):
        # The cancel is never lost: the first item is cancelled whatever the order of events.
        assert OrderItem.objects.get(pk=placed.created[0].pk).status == "cancelled"
        assert OrderItem.objects.filter(child=world.child, date=tuesday, status="active").count() == 1
        assert OrderItem.objects.filter(child=world.child, date=monday, status="active").count() <= 1
        assert_books_balance(world.parent, Decimal("500.00"))
    connection.set_schema_to_public()


def test_automark_while_a_parent_marks(world, tenant_a):
    monday = next_monday()
    week = [monday + timedelta(days=offset) for offset in range(5)]
    with in_tenant(tenant_a):
        settings, _created = CalendarSubjectSettings.objects.get_or_create(child=world.child)
        settings.autoselected_meal_types.set([world.catalog.lunch])
        CalendarSubjectSettings.objects.exclude(pk=settings.pk).update(automark_presences=False)
    connection.set_schema_to_public()

    def parent():
        items_place(
            actor=world.parent,
            subject=child_subject(world),
            requests=[ItemRequest(day, world.catalog.lunch.pk) for day in week],
        )

    def job():
        automark_run()

    outcomes = run_concurrently(tenant_a, parent, job)

    assert outcomes == [None, None]
    with in_tenant(tenant_a):
        for day in week:
            assert OrderItem.objects.filter(child=world.child, date=day, status="active").count() == 1
        assert OrderItem.objects.filter(child=world.child, automarked=True).count() > 0
        assert_books_balance(world.parent, Decimal("500.00"))
    connection.set_schema_to_public()


def test_the_order_day_charge_while_a_parent_cancels_never_leaves_a_charge_unrefunded(world, tenant_a):
    from kantyna.ordering.services.charging import charge_day
    from kantyna.testing.world import set_settings

    monday = next_monday()
    with in_tenant(tenant_a):
        set_settings("fees", order_charge_time="in_order_day")
    for offset in range(3):
        day = monday + timedelta(days=offset)
        with in_tenant(tenant_a):
            placed = items_place(
                actor=world.parent,
                subject=child_subject(world),
                requests=[ItemRequest(day, world.catalog.lunch.pk), ItemRequest(day, world.catalog.soup.pk)],
            )
        connection.set_schema_to_public()

        def cancel(placed=placed):
            items_cancel(actor=world.parent, items=placed.created)

        def charge(day=day):
            charge_day(day=day)

        assert run_concurrently(tenant_a, cancel, charge) == [None, None]
        with in_tenant(tenant_a):
            assert OrderItem.objects.filter(pk__in=[item.pk for item in placed.created], status="active").count() == 0
            assert_books_balance(world.parent, Decimal("500.00"))
        connection.set_schema_to_public()
