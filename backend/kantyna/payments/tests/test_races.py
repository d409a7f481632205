"""The same notification delivered twice at once, against real PostgreSQL: the payment row lock serializes them,
the second finds it paid; the ledger's idempotency key would refuse a second deposit anyway."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db import connection

from kantyna.ledger.models import LedgerTransaction
from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.payments.models import Payment, PaymentNotification
from kantyna.payments.providers import PRZELEWY24
from kantyna.payments.services import notification_receive
from kantyna.payments.tests.helpers import balance, enable_payments, pay, signed_notification
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import concurrent_failures
from kantyna.testing.factories import make_user


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_one_notification_delivered_twice_at_once_then_the_balance_grows_once(tenant_a, settings):
    settings.PAYMENTS_FAKE = True
    enable_payments(tenant_a)
    parent = make_user(tenant_a)
    payment = pay(tenant_a, parent, "50.00")
    body = signed_notification(tenant_a, payment)

    def deliver():
        notification_receive(provider=PRZELEWY24, body=body, headers={})

    failures = concurrent_failures(tenant_a, [deliver] * 2)

    assert failures == []
    assert balance(tenant_a, parent) == Decimal("50.00")
    with in_tenant(tenant_a):
        assert LedgerTransaction.objects.filter(idempotency_key=f"payment:{payment.pk}").count() == 1
        assert Payment.objects.get(pk=payment.pk).state == "paid"
        assert sorted(PaymentNotification.objects.values_list("outcome", flat=True)) == ["credited", "duplicate"]
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()
