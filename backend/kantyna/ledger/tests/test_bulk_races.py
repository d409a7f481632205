"""`ledger_post_bulk` under concurrency: two bulk runs naming the same accounts in opposite orders and a single
posting at once never deadlock (locks are taken in id order) and the cached balances stay SUM(amount)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection, transaction

from kantyna.ledger.models import LedgerAccount
from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post_bulk
from kantyna.ledger.tests.helpers import book
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import concurrent_failures
from kantyna.testing.factories import make_user

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]


def test_opposite_order_bulk_runs_and_a_single_post_neither_deadlock_nor_lose_money(tenant_a):
    with in_tenant(tenant_a):
        users = [make_user(tenant_a, "ROLE_PARENT") for _ in range(4)]
        account_ids = [ledger_account_for(user=user).pk for user in users]
    connection.set_schema_to_public()

    def bulk(name: str, order: list[int]):
        def run():
            with transaction.atomic():
                ledger_post_bulk(
                    actor=None,
                    entries_by_account={
                        pk: [LedgerEntry(kind="deposit", amount=Decimal("10.00"), idempotency_key=f"{name}:{pk}")]
                        for pk in order
                    },
                )

        return run

    calls = [bulk("up", account_ids), bulk("down", account_ids[::-1]), lambda: book(users[0], "deposit", "1.00")]
    for _ in range(3):
        calls.append(bulk("up", account_ids))  # the same keys again: idempotent under the lock
    failures = concurrent_failures(tenant_a, calls)

    assert failures == []
    with in_tenant(tenant_a):
        balances = dict(LedgerAccount.objects.filter(pk__in=account_ids).values_list("pk", "balance"))
        assert balances[account_ids[0]] == Decimal("21.00")
        assert all(balances[pk] == Decimal("20.00") for pk in account_ids[1:])
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()
