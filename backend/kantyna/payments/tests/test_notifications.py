"""What every provider's signed notification does, one test over the three fakes (Przelewy24, Tpay, Autopay): it
is acknowledged in the provider's own words, credits the balance once with one deposit, and the same notification
delivered again is acknowledged and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

import pytest

from kantyna.ledger.models import LedgerTransaction
from kantyna.payments.models import Payment, PaymentNotification
from kantyna.payments.providers.fake_autopay import fake_remote_id
from kantyna.payments.providers.fake_przelewy24 import fake_order_id
from kantyna.payments.providers.fake_tpay import fake_title
from kantyna.payments.tests import test_autopay, test_tpay
from kantyna.payments.tests.helpers import balance, enable_payments, pay, signed_notification
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.factories import make_user

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Provider:
    name: str
    enable: Callable
    pay: Callable  # (tenant, user) -> Payment
    signed: Callable  # (tenant, payment) -> (body, content type, extra request headers)
    acknowledged: Callable  # (response, payment) -> what the provider reads in the answer
    expected_ack: Callable  # payment -> that answer when the notification is accepted
    order_id: Callable  # payment -> the provider's id of the transaction, as the fake names it


def _p24_signed(tenant, payment):
    return signed_notification(tenant, payment), "application/json", {}


def _tpay_signed(tenant, payment):
    body, headers = test_tpay.signed(tenant, payment)
    return body, "application/x-www-form-urlencoded", {"HTTP_X_JWS_SIGNATURE": headers["X-JWS-Signature"]}


def _autopay_signed(tenant, payment):
    return test_autopay.itn(tenant, payment), "application/x-www-form-urlencoded", {}


PROVIDERS = [
    Provider(
        "przelewy24", enable_payments, lambda tenant, user: pay(tenant, user, "50.00"), _p24_signed,
        lambda response, _payment: (response.status_code, response.json()), lambda _payment: (200, {"status": True}),
        lambda payment: str(fake_order_id(payment.session_id)),
    ),
    Provider(
        "tpay", test_tpay.enable_tpay, test_tpay.pay_tpay, _tpay_signed,
        lambda response, _payment: (response.status_code, response.content), lambda _payment: (200, b"TRUE"),
        lambda payment: fake_title(payment.session_id),
    ),
    Provider(
        "autopay", test_autopay.enable_autopay, lambda tenant, user: test_autopay.pay_autopay(tenant, user)[0],
        _autopay_signed,
        lambda response, _payment: (response.status_code, test_autopay.confirmation(response)),
        lambda payment: (200, ("100200", payment.token, "CONFIRMED", "signed")),
        lambda payment: fake_remote_id(payment.token),
    ),
]  # fmt: skip


@pytest.fixture(autouse=True)
def _fake(settings, fake_tpay_key):
    settings.PAYMENTS_FAKE = True


@pytest.mark.parametrize("provider", PROVIDERS, ids=[provider.name for provider in PROVIDERS])
def test_given_a_signed_notification_then_it_is_acknowledged_and_credits_once_and_a_replay_changes_nothing(
    tenant_a, provider
):
    provider.enable(tenant_a)
    parent = make_user(tenant_a)
    payment = provider.pay(tenant_a, parent)
    body, content_type, headers = provider.signed(tenant_a, payment)
    client = Api(tenant_a).client
    url = Api.url(f"payments/notifications/{provider.name}")

    first = client.post(url, data=body, content_type=content_type, **headers)
    replay = client.post(url, data=body, content_type=content_type, **headers)

    assert provider.acknowledged(first, payment) == provider.expected_ack(payment)
    assert provider.acknowledged(replay, payment) == provider.expected_ack(payment)
    assert balance(tenant_a, parent) == Decimal("50.00")
    with in_tenant(tenant_a):
        stored = Payment.objects.get(pk=payment.pk)
        deposits = list(LedgerTransaction.objects.values_list("kind", "amount", "idempotency_key", "reference_id"))
        outcomes = list(
            PaymentNotification.objects.order_by("pk").values_list("provider", "verified", "outcome", "payment_id")
        )
    assert deposits == [("deposit", Decimal("50.00"), f"payment:{payment.pk}", payment.pk)]
    assert (stored.state, stored.provider, stored.provider_order_id) == (
        "paid",
        provider.name,
        provider.order_id(payment),
    )
    assert stored.transaction_id is not None and stored.paid_at is not None
    assert outcomes == [
        (provider.name, True, "credited", payment.pk), (provider.name, True, "duplicate", payment.pk),
    ]  # fmt: skip
