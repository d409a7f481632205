"""The nightly automark's bulk charge (ledger_post_bulk) racing a parent who marks with tight funds: whoever
locks the account first wins, the other is refused for funds; never below the floor, never charged twice, the
cached balance stays SUM(transactions)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection

from kantyna.core.api.errors import INSUFFICIENT_FUNDS, as_api_error
from kantyna.core.errors import DomainError
from kantyna.ledger.models import LedgerAccount
from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.ordering.models import OrderItem
from kantyna.ordering.services.automark import automark_run
from kantyna.ordering.services.items import ItemRequest, items_place
from kantyna.ordering.tests.helpers import assert_books_balance, automark_weekly_lunches, child_subject, next_monday
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import run_concurrently
from kantyna.testing.world import deposit, make_world

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]

DEPOSIT = Decimal("70.00")  # a week of lunches (12.50) or a week of soups (5.00), not both


@pytest.fixture
def tight_world(tenant_a):
    with in_tenant(tenant_a):
        world = make_world(tenant_a, money="")
        deposit(world.parent, str(DEPOSIT))
        automark_weekly_lunches(world)
    connection.set_schema_to_public()
    return world


@pytest.mark.parametrize("repeat", range(3))
def test_automark_bulk_charge_while_a_parent_marks_with_tight_funds(tight_world, tenant_a, repeat):
    world = tight_world
    monday = next_monday()
    week = [monday + timedelta(days=offset) for offset in range(5)]
    reports = []

    def parent():
        items_place(
            actor=world.parent,
            subject=child_subject(world),
            requests=[ItemRequest(day, world.catalog.soup.pk) for day in week],
        )

    def job():
        reports.append(automark_run())

    outcomes = run_concurrently(tenant_a, parent, job)

    assert outcomes[1] is None
    assert outcomes[0] is None or (
        isinstance(outcomes[0], DomainError)
        and outcomes[0].code == "ledger.insufficient_funds"
        and as_api_error(outcomes[0]).message == INSUFFICIENT_FUNDS
    )
    with in_tenant(tenant_a):
        account = LedgerAccount.objects.get(user=world.parent, child=None)
        assert account.balance >= 0
        assert_books_balance(world.parent, DEPOSIT)
        soups = OrderItem.objects.filter(child=world.child, meal_type=world.catalog.soup, status="active").count()
        lunches = OrderItem.objects.filter(child=world.child, automarked=True, status="active").count()
        assert soups in (0, 5)
        assert (soups == 0) == (outcomes[0] is not None)
        assert (lunches == 0) == (reports[0].without_funds == [f"child/{world.child.pk}"])
        assert soups or lunches  # someone won
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()
