"""Two admins accepting one refund at the same moment, against real PostgreSQL: the request row lock serializes
them, the second finds it accepted; the payout is booked once (the ledger's key `refund:{id}` would refuse a second
row anyway)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection

from kantyna.ledger.models import LedgerTransaction
from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.refunds.models import ReturnRequest
from kantyna.refunds.services import return_request_accept
from kantyna.refunds.tests.helpers import ask, balance, make_admin, make_parent
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import run_concurrently


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_two_admins_accepting_at_once_then_the_payout_is_booked_once(tenant_a):
    parent = make_parent(tenant_a, "50.00")
    admins = [make_admin(tenant_a), make_admin(tenant_a)]
    request = ask(tenant_a, parent, "20.00")

    outcomes = run_concurrently(
        tenant_a,
        *[lambda admin=admin: return_request_accept(actor=admin, request_id=request.pk) for admin in admins],
    )

    assert outcomes == [None, None]
    assert balance(tenant_a, parent) == Decimal("30.00")
    with in_tenant(tenant_a):
        assert LedgerTransaction.objects.filter(reference_type="return_request").count() == 1
        assert ReturnRequest.objects.get(pk=request.pk).state == "accepted"
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_two_tabs_asking_at_once_then_one_pending_request(tenant_a):
    parent = make_parent(tenant_a, "50.00")

    outcomes = run_concurrently(
        tenant_a, *[lambda: ask(tenant_a, parent, "20.00"), lambda: ask(tenant_a, parent, "20.00")]
    )

    assert sorted(getattr(outcome, "code", None) or "ok" for outcome in outcomes) == ["ok", "refund.pending_exists"]
    with in_tenant(tenant_a):
        assert ReturnRequest.objects.filter(requester=parent).count() == 1
    connection.set_schema_to_public()
