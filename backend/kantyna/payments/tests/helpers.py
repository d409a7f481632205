"""What the payments tests share: a tenant with online payments through Przelewy24 (its account in sandbox mode, so
the local fake answers with settings.PAYMENTS_FAKE on), a payment, and the fake's signed notification."""

from __future__ import annotations

import json
from decimal import Decimal

from kantyna.ledger.selectors import user_balance
from kantyna.payments.models import Payment
from kantyna.payments.providers import PRZELEWY24, provider_for
from kantyna.payments.providers.fake_przelewy24 import fake_notification
from kantyna.payments.providers.przelewy24 import grosze
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.api import Api

CRC = "a1b2c3d4e5f60718"
API_KEY = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
MERCHANT_ID = 123456
NOTIFY = "payments/notifications/przelewy24"


def enable_payments(tenant, *, minimum: str = "10.00", crc: str = CRC, fee: str | None = None, fee_type="amount"):
    with in_tenant(tenant):
        settings_update(
            actor=None,
            key="payment_methods_config",
            data={
                "allow_online_payments": True,
                "przelewy24_enabled": True,
                "minimum_payment_amount": {"amount": minimum, "currency": "PLN"},
                "przelewy24": {
                    "merchant_id": MERCHANT_ID,
                    "pos_id": MERCHANT_ID,
                    "crc": crc,
                    "api_key": API_KEY,
                    "sandbox": True,
                },
            },
        )
        if fee is not None:
            settings_update(
                actor=None,
                key="fees",
                data={
                    "add_payment_transaction_fee": True,
                    "payment_transaction_fee": fee,
                    "payment_transaction_fee_type": fee_type,
                },
            )


def pay(tenant, user, amount: str = "50.00") -> Payment:
    response = Api(tenant, user).post("payments/pay", {"amount": {"amount": amount, "currency": "PLN"}})
    assert response.status_code == 200, response.content
    with in_tenant(tenant):
        return Payment.objects.get(pk=response.json()["paymentId"])


def signed_notification(tenant, payment: Payment, *, signed_amount: int | None = None, **changes) -> bytes:
    """The fake's urlStatus body for `payment` (signed with `tenant`'s CRC key), `changes` applied after signing."""
    with in_tenant(tenant):
        body = fake_notification(
            provider_for(PRZELEWY24),
            session_id=payment.session_id,
            amount=grosze(payment.total) if signed_amount is None else signed_amount,
            currency=payment.currency,
        )
    if changes:
        body = json.dumps({**json.loads(body), **changes}).encode()
    return body


def notify(tenant, body: bytes):
    return Api(tenant).client.post(Api.url(NOTIFY), data=body, content_type="application/json")


def balance(tenant, user) -> Decimal:
    with in_tenant(tenant):
        return user_balance(user=user)
