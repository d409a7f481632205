"""The ledger under concurrency, against real PostgreSQL: the account row lock serializes writers of one account;
a key a person typed, sent for two payers at once, is locked before either books it and the second is refused (409)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection

from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ledger.selectors import ledger_balance, ledger_balance_mismatches
from kantyna.ledger.tests.helpers import book
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.concurrency import answers_concurrently, concurrent_failures
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


def _two_payers_with_accounts(tenant):
    payers = [make_user(tenant, "ROLE_PARENT") for _ in range(2)]
    with in_tenant(tenant):
        for payer in payers:
            book(payer, "deposit", "1.00")
    connection.set_schema_to_public()
    return payers


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("repeat", range(3))
def test_given_one_new_key_posted_for_two_payers_at_once_then_one_is_booked_and_the_other_refused(tenant_a, repeat):
    payers = _two_payers_with_accounts(tenant_a)
    admin = make_user(tenant_a, "ROLE_ADMIN")
    apis = [Api(tenant_a, admin) for _ in payers]
    key = f"form-{repeat}"

    answers = answers_concurrently(
        tenant_a,
        [
            lambda api=api, payer=payer: api.post(
                "transactions", {"userId": payer.pk, "kind": "deposit", "amount": "10.00", "idempotencyKey": key}
            )
            for api, payer in zip(apis, payers, strict=True)
        ],
    )

    assert sorted(answer.status_code for answer in answers) == [201, 409]
    refused = next(answer for answer in answers if answer.status_code == 409)
    assert_error(
        refused,
        409,
        "This key was already used for another transaction.",
        {"idempotencyKey": ["This key was already used for another transaction."]},
    )
    booked = payers[[answer.status_code for answer in answers].index(201)]
    with in_tenant(tenant_a):
        rows = LedgerTransaction.objects.filter(idempotency_key=f"manual:{admin.pk}:{key}")
        assert [(row.account.user_id, row.amount) for row in rows] == [(booked.pk, Decimal("10.00"))]
        assert sorted(ledger_balance(payer) for payer in payers) == [Decimal("1.00"), Decimal("11.00")]
        assert ledger_balance(booked) == Decimal("11.00")
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_one_new_key_posted_twice_for_one_payer_at_once_then_both_answer_the_one_row(tenant_a):
    payer, _other = _two_payers_with_accounts(tenant_a)
    admin = make_user(tenant_a, "ROLE_ADMIN")
    body = {"userId": payer.pk, "kind": "deposit", "amount": "10.00", "idempotencyKey": "form-once"}
    apis = [Api(tenant_a, admin) for _ in range(2)]

    answers = answers_concurrently(tenant_a, [lambda api=api: api.post("transactions", body) for api in apis])

    assert [answer.status_code for answer in answers] == [201, 201]
    assert answers[0].json()["id"] == answers[1].json()["id"]
    with in_tenant(tenant_a):
        assert LedgerTransaction.objects.filter(idempotency_key=f"manual:{admin.pk}:form-once").count() == 1
        assert ledger_balance(payer) == Decimal("11.00")
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()
