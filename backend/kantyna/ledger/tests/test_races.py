"""The ledger under concurrency, against real PostgreSQL: the account row lock serializes writers."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection

from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ledger.selectors import ledger_balance, ledger_balance_mismatches
from kantyna.ledger.tests.helpers import book
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import concurrent_failures
from kantyna.testing.factories import make_user


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_two_concurrent_deposits_with_one_key_then_one_row_is_booked(tenant_a):
    parent = make_user(tenant_a)
    with in_tenant(tenant_a):
        book(parent, "deposit", "1.00")  # the account exists: both writers meet at its row lock

    failures = concurrent_failures(tenant_a, [lambda: book(parent, "deposit", "30.00", key="transfer:42")] * 2)

    assert failures == []
    with in_tenant(tenant_a):
        assert LedgerTransaction.objects.filter(idempotency_key="transfer:42").count() == 1
        assert ledger_balance(parent) == Decimal("31.00")
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_concurrent_charges_on_a_new_account_then_the_balance_is_their_sum(tenant_a):
    parent = make_user(tenant_a)
    calls = [lambda amount=amount: book(parent, "charge", amount) for amount in ("-1.10", "-2.20", "-3.30", "-4.40")]

    failures = concurrent_failures(tenant_a, calls)

    assert failures == []
    with in_tenant(tenant_a):
        assert LedgerAccount.objects.filter(user=parent).count() == 1
        assert ledger_balance(parent) == Decimal("-11.00")
        assert ledger_balance_mismatches() == []
        afters = sorted(LedgerTransaction.objects.values_list("balance_after", flat=True))
        assert (
            afters == [Decimal("-11.00"), Decimal("-7.70"), Decimal("-4.40"), Decimal("-1.10")] or len(set(afters)) == 4
        )
    connection.set_schema_to_public()


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_concurrent_checked_charges_then_the_floor_holds(tenant_a):
    parent = make_user(tenant_a)
    with in_tenant(tenant_a):
        book(parent, "deposit", "10.00")

    failures = concurrent_failures(tenant_a, [lambda: book(parent, "charge", "-6.00", check_funds=True)] * 2)

    assert len(failures) == 1
    with in_tenant(tenant_a):
        assert ledger_balance(parent) == Decimal("4.00")
    connection.set_schema_to_public()
