"""Online top-ups through Przelewy24 against its local fake (settings.PAYMENTS_FAKE): paying, the fee, the
notification that alone credits the balance (once), its refusals, the test paywall, the periodic reconciliation
and the account's secrets in the settings."""

from __future__ import annotations

import json
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from kantyna.audit.models import AuditEntry
from kantyna.ledger.models import LedgerTransaction
from kantyna.payments.models import Payment, PaymentNotification
from kantyna.payments.providers.fake_przelewy24 import FakeTransport, fake_order_id
from kantyna.payments.services import NOTIFICATION_MAX_BYTES, payments_reconcile
from kantyna.payments.tests.helpers import (
    API_KEY,
    CRC,
    balance,
    enable_payments,
    notify,
    pay,
    signed_notification,
)
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.api import Api
from kantyna.testing.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fake(settings):
    settings.PAYMENTS_FAKE = True


@pytest.fixture
def parent(tenant_a):
    enable_payments(tenant_a)
    return make_user(tenant_a)


def notifications(tenant) -> list[tuple[bool, str]]:
    with in_tenant(tenant):
        return list(PaymentNotification.objects.order_by("pk").values_list("verified", "outcome"))


def state_of(tenant, payment) -> str:
    with in_tenant(tenant):
        return Payment.objects.get(pk=payment.pk).state


# --- paying ----------------------------------------------------------------------------------------------------


def test_given_online_payments_when_a_parent_pays_then_a_pending_payment_is_registered_and_the_fake_paywall_named(
    tenant_a, parent, settings
):
    # The tenant's public origin, not the request's (http on the test client, as behind a TLS proxy).
    settings.PUBLIC_URL_SCHEME, settings.PUBLIC_PORT = "https", "443"

    response = Api(tenant_a, parent).post("payments/pay", {"amount": {"amount": "50.00", "currency": "PLN"}})

    assert response.status_code == 200, response.content
    with in_tenant(tenant_a):
        payment = Payment.objects.get()
    assert response.json() == {
        "paymentId": payment.pk,
        "redirectUrl": f"https://alpha.localhost/payments/fake/przelewy24/{payment.token}",
    }
    assert (payment.payer_id, payment.amount, payment.fee, payment.state) == (parent.pk, Decimal("50.00"), 0, "pending")
    assert payment.token.startswith("FAKE")
    assert balance(tenant_a, parent) == Decimal("0.00")


@pytest.mark.parametrize(
    ("setup", "amount", "status", "message"),
    [
        ({"allow_online_payments": False}, "50.00", 400, "Online payments are not available."),
        ({"przelewy24_enabled": False}, "50.00", 400, "The given data was invalid."),
        ({}, "9.99", 400, "The given data was invalid."),
    ],
    ids=["online payments off", "przelewy24 off", "below the minimum"],
)
def test_given_a_rule_when_paying_then_refused_and_nothing_is_created(tenant_a, parent, setup, amount, status, message):
    with in_tenant(tenant_a):
        from kantyna.tenant_settings.services import settings_update

        if setup:
            settings_update(actor=None, key="payment_methods_config", data=setup)

    response = Api(tenant_a, parent).post("payments/pay", {"amount": {"amount": amount, "currency": "PLN"}})

    assert (response.status_code, response.json()["message"]) == (status, message)
    with in_tenant(tenant_a):
        assert Payment.objects.count() == 0


def test_given_a_minimum_when_paying_less_then_the_field_says_the_minimum(tenant_a, parent):
    response = Api(tenant_a, parent).post("payments/pay", {"amount": {"amount": "9.99", "currency": "PLN"}})

    assert response.json()["errors"] == {"amount": ["The smallest top-up is 10.00 PLN."]}


@pytest.mark.parametrize(
    ("fee", "fee_type", "expected"), [("1.50", "amount", "1.50"), ("2.5", "percent", "1.25")], ids=["fixed", "percent"]
)
def test_given_a_transaction_fee_then_it_is_shown_before_paying_and_paid_on_top(tenant_a, fee, fee_type, expected):
    enable_payments(tenant_a, fee=fee, fee_type=fee_type)
    parent = make_user(tenant_a)

    shown = Api(tenant_a, parent).get("payments/fee?amount=50.00").json()
    payment = pay(tenant_a, parent, "50.00")

    total = str(Decimal("50.00") + Decimal(expected))
    assert shown == {
        "amount": {"amount": "50.00", "currency": "PLN"},
        "fee": {"amount": expected, "currency": "PLN"},
        "total": {"amount": total, "currency": "PLN"},
    }
    assert (payment.amount, payment.fee) == (Decimal("50.00"), Decimal(expected))
    assert json.loads(signed_notification(tenant_a, payment))["amount"] == int(Decimal(total) * 100)


# --- the notification ------------------------------------------------------------------------------------------


# A signed notification credits once and a replay changes nothing: test_notifications.py, over the three fakes.


def test_given_the_payment_then_the_payer_sees_its_state_and_the_new_balance(tenant_a, parent):
    payment = pay(tenant_a, parent, "50.00")
    before = Api(tenant_a, parent).get(f"payments/{payment.pk}").json()
    notify(tenant_a, signed_notification(tenant_a, payment))

    after = Api(tenant_a, parent).get(f"payments/{payment.pk}").json()

    assert (before["state"], before["balance"]["amount"]) == ("pending", "0.00")
    assert (after["state"], after["balance"]["amount"], after["amount"]["amount"]) == ("paid", "50.00", "50.00")


@pytest.mark.parametrize(
    ("tamper", "outcome", "verified"),
    [
        ({"sign": "0" * 96}, "payment.notification_refused", False),
        ({"sign": "ą"}, "payment.notification_refused", False),
        ({"amount": 4000}, "payment.notification_refused", False),  # changed after signing
        ({"currency": "EUR"}, "payment.notification_refused", False),
    ],
    ids=["wrong sign", "non-ASCII sign", "amount changed after signing", "currency changed after signing"],
)
def test_given_a_forged_notification_then_400_it_is_kept_and_nothing_is_credited(
    tenant_a, parent, tamper, outcome, verified
):
    payment = pay(tenant_a, parent, "50.00")

    response = notify(tenant_a, signed_notification(tenant_a, payment, **tamper))

    assert (response.status_code, response.json()["message"]) == (400, "The notification's signature is not valid.")
    assert balance(tenant_a, parent) == Decimal("0.00")
    assert state_of(tenant_a, payment) == "pending"
    assert notifications(tenant_a) == [(verified, outcome)]


def test_given_a_correctly_signed_notification_of_another_amount_then_400_and_nothing_is_credited(tenant_a, parent):
    payment = pay(tenant_a, parent, "50.00")

    response = notify(tenant_a, signed_notification(tenant_a, payment, signed_amount=500))

    assert (response.status_code, response.json()["message"]) == (
        400,
        "The amount or currency differs from the payment.",
    )
    assert balance(tenant_a, parent) == Decimal("0.00")
    assert state_of(tenant_a, payment) == "pending"
    assert notifications(tenant_a) == [(True, "payment.amount_mismatch")]


def test_given_a_notification_that_is_not_json_then_400_and_it_is_kept(tenant_a, parent):
    response = Api(tenant_a).client.post(
        "/api/frontend/payments/notifications/przelewy24", data=b"not json", content_type="application/json"
    )

    assert response.status_code == 400
    assert notifications(tenant_a) == [(False, "payment.notification_refused")]


def test_given_tenant_as_payment_when_its_notification_reaches_tenant_bs_host_then_refused_and_nothing_credited(
    tenant_a, tenant_b, parent
):
    """Even with the same P24 account configured on both tenants: B has no such payment."""
    enable_payments(tenant_b)
    payment = pay(tenant_a, parent, "50.00")

    response = notify(tenant_b, signed_notification(tenant_a, payment))

    assert (response.status_code, response.json()["message"]) == (400, "No such payment.")
    assert balance(tenant_a, parent) == Decimal("0.00")
    assert state_of(tenant_a, payment) == "pending"
    with in_tenant(tenant_b):
        assert LedgerTransaction.objects.count() == 0
    assert notifications(tenant_b) == [(True, "payment.unknown")]
    assert notifications(tenant_a) == []


def test_given_another_crc_key_on_tenant_b_then_tenant_as_notification_is_forged_there(tenant_a, tenant_b, parent):
    enable_payments(tenant_b, crc="another-crc-key")
    payment = pay(tenant_a, parent, "50.00")

    response = notify(tenant_b, signed_notification(tenant_a, payment))

    assert response.status_code == 400
    assert notifications(tenant_b) == [(False, "payment.notification_refused")]
    assert balance(tenant_a, parent) == Decimal("0.00")


# --- the fake paywall ------------------------------------------------------------------------------------------


def test_given_the_fake_paywall_when_paying_then_the_notification_is_delivered_twice_and_credits_once(tenant_a, parent):
    payment = pay(tenant_a, parent, "50.00")
    page = Api(tenant_a).client.get(f"/payments/fake/przelewy24/{payment.token}")

    response = Api(tenant_a).client.post(f"/payments/fake/przelewy24/{payment.token}", {"action": "pay"})

    assert "TEST PAYWALL — no real money" in page.content.decode()
    assert (response.status_code, response["Location"]) == (302, f"/payments/paid?paymentId={payment.pk}")
    assert balance(tenant_a, parent) == Decimal("50.00")
    assert notifications(tenant_a) == [(True, "credited"), (True, "duplicate")]


def test_given_payments_fake_off_then_the_fake_paywall_does_not_exist(tenant_a, parent, settings):
    payment = pay(tenant_a, parent, "50.00")
    settings.PAYMENTS_FAKE = False

    response = Api(tenant_a).client.post(f"/payments/fake/przelewy24/{payment.token}", {"action": "pay"})

    assert response.status_code == 404
    assert balance(tenant_a, parent) == Decimal("0.00")


def test_given_a_real_account_not_in_sandbox_then_the_fake_paywall_does_not_exist(tenant_a, parent):
    payment = pay(tenant_a, parent, "50.00")
    with in_tenant(tenant_a):
        settings_update(actor=None, key="payment_methods_config", data={"przelewy24": {"sandbox": False}})

    page = Api(tenant_a).client.get(f"/payments/fake/przelewy24/{payment.token}")
    response = Api(tenant_a).client.post(f"/payments/fake/przelewy24/{payment.token}", {"action": "pay"})

    assert (page.status_code, response.status_code) == (404, 404)
    assert balance(tenant_a, parent) == Decimal("0.00")
    assert notifications(tenant_a) == []
    assert state_of(tenant_a, payment) == "pending"


def test_given_cancel_on_the_fake_paywall_then_the_payer_returns_and_the_payment_stays_pending(tenant_a, parent):
    payment = pay(tenant_a, parent, "50.00")

    response = Api(tenant_a).client.post(f"/payments/fake/przelewy24/{payment.token}", {"action": "cancel"})

    assert response.status_code == 302
    assert state_of(tenant_a, payment) == "pending"
    assert notifications(tenant_a) == []


# --- reconciliation ----------------------------------------------------------------------------------------------


def _age(tenant, payment, minutes: int) -> None:
    with in_tenant(tenant):
        Payment.objects.filter(pk=payment.pk).update(created_at=timezone.now() - timedelta(minutes=minutes))


def test_given_a_payment_paid_at_the_provider_without_a_notification_then_reconciliation_credits_it_once(
    tenant_a, parent, monkeypatch
):
    payment = pay(tenant_a, parent, "50.00")
    _age(tenant_a, payment, 20)
    answer = FakeTransport.__call__

    def paid(self, method, url, headers, body):
        if method == "GET":
            return 200, {"data": {"status": 1, "orderId": fake_order_id(payment.session_id), "amount": 5000,
                                  "currency": "PLN"}}  # fmt: skip
        return answer(self, method, url, headers, body)

    monkeypatch.setattr(FakeTransport, "__call__", paid)

    with in_tenant(tenant_a):
        first, second = payments_reconcile(), payments_reconcile()

    assert first == {"paid": 1, "failed": 0, "pending": 0, "errors": 0}
    assert second == {"paid": 0, "failed": 0, "pending": 0, "errors": 0}
    assert balance(tenant_a, parent) == Decimal("50.00")
    assert state_of(tenant_a, payment) == "paid"


def test_given_pending_payments_then_reconciliation_fails_the_expired_and_keeps_the_recent(tenant_a, parent):
    fresh, recent, expired = (pay(tenant_a, parent, "50.00") for _ in range(3))
    _age(tenant_a, recent, 20)
    _age(tenant_a, expired, 180)

    with in_tenant(tenant_a):
        counts = payments_reconcile()

    assert counts == {"paid": 0, "failed": 1, "pending": 1, "errors": 0}
    assert [state_of(tenant_a, p) for p in (fresh, recent, expired)] == ["pending", "pending", "failed"]


def test_given_an_expired_payment_failed_by_reconciliation_when_p24_notifies_later_then_it_is_credited(
    tenant_a, parent
):
    """The money did arrive: a late notification still credits it."""
    payment = pay(tenant_a, parent, "50.00")
    _age(tenant_a, payment, 180)
    with in_tenant(tenant_a):
        payments_reconcile()

    response = notify(tenant_a, signed_notification(tenant_a, payment))

    assert response.status_code == 200
    assert (state_of(tenant_a, payment), balance(tenant_a, parent)) == ("paid", Decimal("50.00"))


# --- the account's secrets -------------------------------------------------------------------------------------


def test_given_stored_secrets_then_the_settings_never_return_them_and_an_empty_one_keeps_the_stored(tenant_a, parent):
    admin = make_user(tenant_a, "ROLE_ADMIN")
    api = Api(tenant_a, admin)

    shown = api.get("common/settings/paymentMethodsConfig").json()["przelewy24"]
    saved = api.put(
        "common/settings/paymentMethodsConfig",
        {"przelewy24": {"merchantId": 654321, "posId": 654321, "crc": "", "apiKey": "", "sandbox": False}},
    )

    assert shown == {"merchantId": 123456, "posId": 123456, "crcSet": True, "apiKeySet": True, "sandbox": True}
    assert saved.status_code == 200, saved.content
    assert saved.json()["przelewy24"] == {
        "merchantId": 654321, "posId": 654321, "crcSet": True, "apiKeySet": True, "sandbox": False,
    }  # fmt: skip
    with in_tenant(tenant_a):
        from kantyna.tenant_settings.selectors import settings_get

        assert settings_get("payment_methods_config")["przelewy24"]["crc"] == CRC
    assert CRC not in saved.content.decode()


def test_given_saved_secrets_then_the_audit_log_and_users_activity_show_only_that_they_are_set(tenant_a, parent):
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))
    secrets = {
        "przelewy24": {"crc": "nowy-crc-tajny", "apiKey": "nowy-klucz-raportow"},
        "tpay": {"clientSecret": "tpay-sekret-klienta", "securityCode": "tpay-kod-bezp"},
        "autopay": {"sharedKey": "autopay-klucz-wsp"},
    }

    saved = api.put("common/settings/paymentMethodsConfig", secrets)
    activity = api.get("users/activity", {"action": "settings.payment_methods_config"}).content.decode()

    assert saved.status_code == 200, saved.content
    assert "settings.payment_methods_config" in activity
    with in_tenant(tenant_a):
        entry = AuditEntry.objects.filter(action="settings.payment_methods_config").latest("pk")
    logged = json.dumps(entry.data, ensure_ascii=False)
    for value in [CRC, API_KEY, *(v for account in secrets.values() for v in account.values())]:
        assert value not in logged
        assert value not in activity
    assert entry.data["before"]["przelewy24"]["crc"] == "••••"
    assert entry.data["after"]["przelewy24"] == {**entry.data["after"]["przelewy24"], "crc": "••••", "api_key": "••••"}
    assert entry.data["before"]["autopay"]["shared_key"] == ""
    assert entry.data["after"]["autopay"]["shared_key"] == "••••"


@pytest.mark.parametrize("provider", ["przelewy24", "tpay", "autopay"])
def test_given_a_notification_body_over_the_limit_then_413_and_nothing_is_stored(tenant_a, parent, provider):
    payment = pay(tenant_a, parent, "50.00")
    body = b"x" * (NOTIFICATION_MAX_BYTES + 1)

    response = Api(tenant_a).client.post(
        Api.url(f"payments/notifications/{provider}"), data=body, content_type="application/json"
    )

    assert (response.status_code, response.json()) == (
        413, {"message": "The payment notification is too large.", "errors": {}},
    )  # fmt: skip
    assert notifications(tenant_a) == []
    assert balance(tenant_a, parent) == Decimal("0.00")
    assert state_of(tenant_a, payment) == "pending"


def test_given_polish_when_a_notification_is_over_the_limit_then_the_refusal_is_in_polish(tenant_a, parent):
    response = Api(tenant_a, locale="pl").client.post(
        Api.url("payments/notifications/przelewy24"), data=b"x" * (NOTIFICATION_MAX_BYTES + 1),
        content_type="application/json",
    )  # fmt: skip

    assert (response.status_code, response.json()["message"]) == (413, "Powiadomienie o płatności jest za duże.")


@pytest.mark.parametrize("provider", ["przelewy24", "tpay", "autopay"])
def test_given_an_address_at_the_notification_limit_then_429_and_nothing_is_stored(
    tenant_a, parent, provider, settings
):
    settings.PAYMENT_NOTIFICATIONS_PER_IP = 2
    settings.PAYMENT_NOTIFICATION_WINDOW_SECONDS = 60
    payment = pay(tenant_a, parent, "50.00")
    client = Api(tenant_a).client
    url = Api.url(f"payments/notifications/{provider}")
    for _attempt in range(2):  # two refused notifications from the address, stored
        client.post(url, data=b"{}", content_type="application/json", REMOTE_ADDR="203.0.113.7")
    stored = notifications(tenant_a)

    response = client.post(url, data=b"{}", content_type="application/json", REMOTE_ADDR="203.0.113.7")
    other = client.post(url, data=b"{}", content_type="application/json", REMOTE_ADDR="203.0.113.8")

    assert (response.status_code, response.json()) == (
        429, {"message": "Too many attempts. Please try again later.", "errors": {}},
    )  # fmt: skip
    assert 0 < int(response["Retry-After"]) <= 60
    assert len(stored) == 2
    assert other.status_code == 400  # another address is not limited
    with in_tenant(tenant_a):
        assert list(PaymentNotification.objects.values_list("ip_address", flat=True)) == [
            "203.0.113.8", "203.0.113.7", "203.0.113.7",
        ]  # fmt: skip
    assert balance(tenant_a, parent) == Decimal("0.00")
    assert state_of(tenant_a, payment) == "pending"


def test_given_polish_when_paying_below_the_minimum_then_the_refusal_is_in_polish(tenant_a, parent):
    response = Api(tenant_a, parent, locale="pl").post(
        "payments/pay", {"amount": {"amount": "5.00", "currency": "PLN"}}
    )

    assert response.json()["errors"] == {"amount": ["Najmniejsza wpłata to 10.00 zł."]}


def test_given_a_body_with_nul_characters_then_400_and_it_is_kept_readable(tenant_a, parent):
    response = Api(tenant_a).client.post(
        "/api/frontend/payments/notifications/przelewy24", data=b'{"a":"\x00"}', content_type="application/json"
    )

    assert response.status_code == 400
    with in_tenant(tenant_a):
        assert PaymentNotification.objects.get().body == '{"a":"\ufffd"}'


def test_given_the_periodic_job_then_each_tenant_reconciles_in_its_own_schema(tenant_a, parent):
    from kantyna.payments.tasks import reconcile_tenant

    payment = pay(tenant_a, parent, "50.00")
    _age(tenant_a, payment, 180)

    counts = reconcile_tenant(slug=tenant_a.slug)

    assert counts == {"paid": 0, "failed": 1, "pending": 0, "errors": 0}
    assert state_of(tenant_a, payment) == "failed"
