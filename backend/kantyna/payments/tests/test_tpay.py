"""Tpay against its local fake (settings.PAYMENTS_FAKE, the account in sandbox mode): the md5sum and the JWS
signature (a test RSA key made for the run stands in for Tpay's certificate), paying, the notification that alone
credits the balance once, its refusals, a concurrent duplicate, the test paywall and the account's secrets."""

from __future__ import annotations

import base64
import hashlib
import json
import urllib.parse
from decimal import Decimal

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from django.db import connection

from kantyna.ledger.models import LedgerTransaction
from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.payments.models import Payment, PaymentNotification
from kantyna.payments.providers import TPAY, fake_tpay, provider_for, tpay
from kantyna.payments.providers.base import NotificationRefused, PaymentRequest
from kantyna.payments.providers.fake_tpay import (
    KEY_FILE,
    ROOT_NAME,
    certificate_pem,
    fake_key,
    fake_notification,
    jws_signature,
)
from kantyna.payments.providers.tpay import CERTIFICATE_URLS, Tpay, public_key_from_certificate, rs256_verify
from kantyna.payments.services import notification_receive
from kantyna.payments.tests.helpers import balance
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.api import Api
from kantyna.testing.concurrency import concurrent_failures
from kantyna.testing.factories import make_user

SECURITY_CODE = "kod-bezpieczenstwa-1"
CLIENT_SECRET = "sekret-klienta-1"
MERCHANT_ID = 1010
DOC = {"merchant_id": MERCHANT_ID, "client_id": "01-client", "client_secret": CLIENT_SECRET,
       "security_code": SECURITY_CODE, "sandbox": True}  # fmt: skip
NOTIFY = "payments/notifications/tpay"


@pytest.fixture(autouse=True)
def _fake(settings, fake_tpay_key):
    """The fake, signing with the session's test key (conftest.py) kept in a var/ of its own."""
    settings.PAYMENTS_FAKE = True


def enable_tpay(tenant, *, security_code: str = SECURITY_CODE):
    with in_tenant(tenant):
        settings_update(
            actor=None,
            key="payment_methods_config",
            data={
                "allow_online_payments": True,
                "tpay_enabled": True,
                "minimum_payment_amount": {"amount": "10.00", "currency": "PLN"},
                "tpay": {**DOC, "security_code": security_code},
            },
        )


def pay_tpay(tenant, user, amount="50.00") -> Payment:
    response = Api(tenant, user).post(
        "payments/pay", {"amount": {"amount": amount, "currency": "PLN"}, "provider": "tpay"}
    )
    assert response.status_code == 200, response.content
    with in_tenant(tenant):
        return Payment.objects.get(pk=response.json()["paymentId"])


def signed(tenant, payment, *, amount: int | None = None, **changes) -> tuple[bytes, dict]:
    """The fake's notification for `payment` (md5sum and JWS made with `tenant`'s account), `changes` applied to the
    form after signing."""
    with in_tenant(tenant):
        body, headers = fake_notification(
            provider_for(TPAY), session_id=payment.session_id, amount=amount if amount is not None else 5000
        )
    if changes:
        body = urllib.parse.urlencode({**dict(urllib.parse.parse_qsl(body.decode())), **changes}).encode()
    return body, headers


@pytest.mark.parametrize(("status", "error"), [("FALSE", "none"), ("CHARGEBACK", "none"), ("TRUE", "surcharge")])
def test_given_a_signed_notice_of_another_state_then_it_verifies_as_not_paid(status, error, test_key, root_key):
    adapter = Tpay(DOC, certificate=lambda _url: certificate_pem(test_key, root_key))
    body, headers = fake_notification(adapter, session_id="s-1", amount=5000, status=status, error=error)

    notification = adapter.verify_notification(body, headers)

    assert (notification.session_id, notification.paid, notification.raw["tr_status"]) == ("s-1", False, status)


def notify(tenant, body: bytes, headers: dict):
    return Api(tenant).client.post(
        Api.url(NOTIFY), data=body, content_type="application/x-www-form-urlencoded",
        HTTP_X_JWS_SIGNATURE=headers.get("X-JWS-Signature", ""),
    )  # fmt: skip


def outcomes(tenant) -> list[tuple[bool, str]]:
    with in_tenant(tenant):
        return list(PaymentNotification.objects.filter(provider=TPAY).order_by("pk").values_list("verified", "outcome"))


# --- signatures -------------------------------------------------------------------------------------------------


def test_given_the_documented_fields_then_the_md5sum_is_md5_of_id_tr_id_tr_amount_tr_crc_and_the_security_code():
    fields = {"id": "1010", "tr_id": "TR-BRA-1", "tr_amount": "50.00", "tr_crc": "kantyna-abc"}

    assert Tpay(DOC).md5sum(fields) == hashlib.md5(b"1010TR-BRA-150.00kantyna-abckod-bezpieczenstwa-1").hexdigest()
    assert Tpay(DOC).md5sum(fields) == "706a78d21165fd7426a3e16d614f6c00"


def test_given_a_detached_jws_then_it_verifies_over_the_header_and_the_base64url_body_only(test_key):
    body = b"id=1010&tr_id=TR-1"
    jws = jws_signature(test_key, body, x5u=CERTIFICATE_URLS[True])
    header, payload, signature = jws.split(".")
    key = test_key.public_key()

    assert payload == ""
    message = f"{header}.{base64.urlsafe_b64encode(body).rstrip(b'=').decode()}".encode()
    assert rs256_verify(key, message, base64.urlsafe_b64decode(signature + "=="))
    assert not rs256_verify(key, message + b"x", base64.urlsafe_b64decode(signature + "=="))
    raw = base64.urlsafe_b64decode(signature + "==")
    assert not rs256_verify(key, message, bytes([raw[0] ^ 0xFF]) + raw[1:])  # its first byte changed (never equal)
    assert json.loads(base64.urlsafe_b64decode(header + "==")) == {"alg": "RS256", "x5u": CERTIFICATE_URLS[True]}


def test_given_an_x509_certificate_then_its_rsa_key_is_read_and_verifies_a_pkcs1_sha256_signature(test_key):
    signature = test_key.sign(b"signed by the certificate's key", padding.PKCS1v15(), hashes.SHA256())

    public = public_key_from_certificate(certificate_pem(test_key))

    assert public.public_numbers() == test_key.public_key().public_numbers()
    assert public.public_numbers().e == 65537
    assert public.key_size == 2048
    assert rs256_verify(public, b"signed by the certificate's key", signature)
    assert not rs256_verify(public, b"signed by someone else", signature)


def test_given_an_empty_var_then_the_fake_makes_its_key_once_readable_by_its_owner_only(settings, tmp_path):
    settings.VAR_DIR = tmp_path / "empty"
    settings.VAR_DIR.mkdir()

    first, second = fake_key(), fake_key()

    assert (settings.VAR_DIR / KEY_FILE).stat().st_mode & 0o777 == 0o600
    assert first.private_numbers() == second.private_numbers()
    assert first.key_size == 2048


@pytest.mark.parametrize("pem", ["not a certificate", "ec", "rsa1024"], ids=["not PEM", "EC, not RSA", "RSA 1024"])
def test_given_an_unusable_certificate_then_the_notification_is_refused(pem):
    if pem == "ec":
        pem = certificate_pem(ec.generate_private_key(ec.SECP256R1()))
    elif pem == "rsa1024":
        pem = certificate_pem(rsa.generate_private_key(public_exponent=65537, key_size=1024))
    adapter = Tpay(DOC, certificate=lambda _url: pem)
    body, headers = fake_notification(adapter, session_id="s-1", amount=5000)

    with pytest.raises(NotificationRefused, match="certificate unusable"):  # before its issuer is looked at
        adapter.verify_notification(body, headers)


@pytest.mark.parametrize(
    ("change", "header"),
    [
        ({"tr_amount": "50.01"}, None),
        ({"md5sum": "0" * 32}, None),
        ({"id": "999"}, None),
        ({}, ""),
        ({}, "e30..AAAA"),
        ({}, "x5u-elsewhere"),
        ({}, "wrong-key"),
    ],
    ids=[
        "amount changed",
        "wrong md5sum",
        "another merchant",
        "no JWS",
        "JWS not RS256",
        "certificate elsewhere",
        "JWS of another key",
    ],
)
def test_given_a_tampered_notification_then_it_is_refused(change, header, test_key, other_key, root_key):
    adapter = Tpay(DOC, certificate=lambda _url: certificate_pem(test_key, root_key))
    body, _headers = fake_notification(adapter, session_id="s-1", amount=5000)
    fields = {**dict(urllib.parse.parse_qsl(body.decode())), **change}
    if change.get("id"):
        fields["md5sum"] = adapter.md5sum(fields)  # a correct md5sum: the other check refuses it
    body = urllib.parse.urlencode(fields).encode()
    if header == "x5u-elsewhere":
        header = jws_signature(test_key, body, x5u="https://evil.example/cert.pem")
    elif header == "wrong-key":
        header = jws_signature(other_key, body, x5u=adapter.certificate_url)
    elif header is None:
        header = jws_signature(test_key, body, x5u=adapter.certificate_url)

    with pytest.raises(NotificationRefused):
        adapter.verify_notification(body, {"X-JWS-Signature": header})


@pytest.mark.parametrize(
    "issued_by",
    ["itself", "another root of the same name", "the root, expired", "a root that is no CA"],
)
def test_given_a_jws_whose_certificate_does_not_chain_to_the_configured_root_then_it_is_refused(
    issued_by, settings, test_key, root_key, other_key
):
    """The root is settings.PAYMENTS_TPAY_ROOT_CA (conftest: the test root); the signature itself is right."""
    if issued_by == "itself":
        pem = certificate_pem(test_key)
    elif issued_by == "another root of the same name":
        pem = certificate_pem(test_key, other_key)
    elif issued_by == "the root, expired":
        pem = certificate_pem(test_key, root_key, days=-1)
    else:
        settings.PAYMENTS_TPAY_ROOT_CA = fake_tpay._certificate(  # the root's name and key, but ca=False
            root_key, subject=ROOT_NAME, issuer=ROOT_NAME, issuer_key=root_key, ca=False
        )
        pem = certificate_pem(test_key, root_key)
    adapter = Tpay(DOC, certificate=lambda _url: pem)
    body, headers = fake_notification(adapter, session_id="s-1", amount=5000)

    with pytest.raises(NotificationRefused, match="certificate not trusted"):
        adapter.verify_notification(body, headers)


def test_given_a_certificate_issued_by_the_configured_root_then_the_notification_verifies(test_key, root_key):
    adapter = Tpay(DOC, certificate=lambda _url: certificate_pem(test_key, root_key))
    body, headers = fake_notification(adapter, session_id="s-1", amount=5000)

    notification = adapter.verify_notification(body, headers)

    assert (notification.session_id, notification.amount, notification.paid) == ("s-1", 5000, True)


@pytest.mark.parametrize(
    ("url", "allowed"),
    [
        ("https://secure.sandbox.tpay.com/x509/notifications-jws.pem", True),
        ("https://secure.sandbox.tpay.com/x509/notifications-jws-2027.pem", True),
        ("https://secure.tpay.com/x509/notifications-jws.pem", False),  # production's, for a sandbox account
        ("http://secure.sandbox.tpay.com/x509/notifications-jws.pem", False),
        ("https://secure.sandbox.tpay.com.evil.example/x509/notifications-jws.pem", False),
        ("https://secure.sandbox.tpay.com@evil.example/x509/notifications-jws.pem", False),
        ("https://secure.sandbox.tpay.com:8443/x509/notifications-jws.pem", False),
        ("https://secure.sandbox.tpay.com/x509/../upload/cert.pem", False),
        ("https://secure.sandbox.tpay.com/upload/cert.pem", False),
        ("https://secure.sandbox.tpay.com/x509/cert.pem?x=1", False),
        (None, False),
    ],
)
def test_given_an_x5u_then_only_a_certificate_on_tpays_host_is_fetched(url, allowed, test_key, root_key):
    fetched = []

    def certificate(fetched_url):
        fetched.append(fetched_url)
        return certificate_pem(test_key, root_key)

    adapter = Tpay(DOC, certificate=certificate)
    body, _headers = fake_notification(adapter, session_id="s-1", amount=5000)
    header = jws_signature(test_key, body, x5u=url)

    if allowed:
        assert adapter.verify_notification(body, {"X-JWS-Signature": header}).session_id == "s-1"
        assert fetched == [url]
    else:
        with pytest.raises(NotificationRefused, match="not Tpay's certificate"):
            adapter.verify_notification(body, {"X-JWS-Signature": header})
        assert fetched == []


def test_given_no_configured_root_then_tpays_published_root_is_fetched_for_the_environment(settings, monkeypatch):
    settings.PAYMENTS_TPAY_ROOT_CA = ""
    fetched = []
    monkeypatch.setattr(tpay, "_fetch_pem", lambda url, check: fetched.append(url) or "PEM")

    assert (Tpay(DOC).root(), Tpay({**DOC, "sandbox": False}).root()) == ("PEM", "PEM")
    assert fetched == [
        "https://secure.sandbox.tpay.com/x509/tpay-jws-root.pem", "https://secure.tpay.com/x509/tpay-jws-root.pem",
    ]  # fmt: skip


def test_given_a_registration_then_oauth_then_post_transactions_and_the_payment_url_is_the_redirect():
    calls = []

    def transport(method, url, headers, body):
        calls.append((method, url, headers, body))
        if url.endswith("/oauth/auth"):
            return 200, {"access_token": "AT-1"}
        return 200, {"result": "success", "transactionId": "01TX", "title": "TR-1",
                     "transactionPaymentUrl": "https://secure.sandbox.tpay.com/?title=TR-1"}  # fmt: skip

    registration = Tpay(DOC, transport=transport).create(
        PaymentRequest(session_id="s-1", amount=Decimal("12.34"), currency="PLN", description="Top-up",
                       email="a@example.com", url_return="https://r", url_status="https://s")
    )  # fmt: skip

    (m1, u1, _h1, b1), (m2, u2, h2, b2) = calls
    assert (m1, u1) == ("POST", "https://openapi.sandbox.tpay.com/oauth/auth")
    assert dict(urllib.parse.parse_qsl(b1.decode())) == {"client_id": "01-client", "client_secret": CLIENT_SECRET}
    assert (m2, u2, h2["Authorization"]) == ("POST", "https://openapi.sandbox.tpay.com/transactions", "Bearer AT-1")
    payload = json.loads(b2)
    assert (payload["amount"], payload["hiddenDescription"]) == (12.34, "s-1")
    assert payload["callbacks"]["notification"]["url"] == "https://s"
    assert registration == type(registration)(token="01TX", redirect_url="https://secure.sandbox.tpay.com/?title=TR-1")
    assert Tpay({**DOC, "sandbox": False}).host == "https://api.tpay.com"
    assert Tpay({**DOC, "sandbox": False}).certificate_url == "https://secure.tpay.com/x509/notifications-jws.pem"


# --- through the API -------------------------------------------------------------------------------------------


@pytest.fixture
def parent(tenant_a):
    enable_tpay(tenant_a)
    return make_user(tenant_a)


@pytest.mark.django_db
def test_given_tpay_when_a_parent_pays_then_the_fake_paywall_is_named_and_the_notification_keeps_its_signature(
    tenant_a, parent
):
    """Crediting once: test_notifications.py, over the three fakes."""
    payment = pay_tpay(tenant_a, parent)
    body, headers = signed(tenant_a, payment)

    response = notify(tenant_a, body, headers)

    assert (payment.provider, payment.token.startswith("FAKE")) == (TPAY, True)
    assert (response.status_code, response.content) == (200, b"TRUE")
    with in_tenant(tenant_a):
        assert PaymentNotification.objects.get().headers["X-JWS-Signature"] == headers["X-JWS-Signature"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("how", "code"),
    [
        ("wrong md5sum", "payment.notification_refused"),
        ("non-ASCII md5sum", "payment.notification_refused"),
        ("wrong amount", "payment.amount_mismatch"),
        ("no JWS", "payment.notification_refused"),
    ],
)
def test_given_a_refused_notification_then_400_and_nothing_is_credited(tenant_a, parent, how, code):
    payment = pay_tpay(tenant_a, parent)
    if how == "wrong md5sum":
        body, headers = signed(tenant_a, payment, md5sum="0" * 32)
    elif how == "non-ASCII md5sum":
        body, headers = signed(tenant_a, payment, md5sum="ą")
    elif how == "wrong amount":
        body, headers = signed(tenant_a, payment, amount=4999)
    else:
        body, headers = signed(tenant_a, payment)
        headers = {}

    response = notify(tenant_a, body, headers)

    assert response.status_code == 400
    assert outcomes(tenant_a) == [(code == "payment.amount_mismatch", code)]
    assert balance(tenant_a, parent) == Decimal("0.00")
    with in_tenant(tenant_a):
        assert Payment.objects.get(pk=payment.pk).state == "pending"
        assert LedgerTransaction.objects.count() == 0


@pytest.mark.django_db
def test_given_a_signed_notice_that_the_payment_failed_then_it_is_acknowledged_and_nothing_is_credited(
    tenant_a, parent
):
    """Acknowledged with TRUE: refused, Tpay would send it again and again."""
    payment = pay_tpay(tenant_a, parent)
    with in_tenant(tenant_a):
        body, headers = fake_notification(
            provider_for(TPAY), session_id=payment.session_id, amount=5000, status="FALSE"
        )

    response = notify(tenant_a, body, headers)

    assert (response.status_code, response.content) == (200, b"TRUE")
    assert outcomes(tenant_a) == [(True, "not_paid")]
    assert balance(tenant_a, parent) == Decimal("0.00")
    with in_tenant(tenant_a):
        assert Payment.objects.get(pk=payment.pk).state == "pending"
        assert LedgerTransaction.objects.count() == 0


@pytest.mark.django_db
def test_given_another_tenants_payment_then_the_notification_is_refused_in_both(tenant_a, tenant_b, parent):
    enable_tpay(tenant_b)
    payment = pay_tpay(tenant_a, parent)
    body, headers = signed(tenant_a, payment)

    response = notify(tenant_b, body, headers)

    assert response.status_code == 400
    assert outcomes(tenant_b) == [(True, "payment.unknown")]
    assert balance(tenant_a, parent) == Decimal("0.00")
    assert outcomes(tenant_a) == []


@pytest.mark.django_db
def test_given_the_fake_paywall_when_pay_then_two_deliveries_credit_once_and_the_payer_returns(tenant_a, parent):
    payment = pay_tpay(tenant_a, parent)
    client = Api(tenant_a).client
    page = client.get(f"/payments/fake/tpay/{payment.token}")
    assert b"TEST PAYWALL" in page.content and b"Tpay" in page.content

    response = client.post(f"/payments/fake/tpay/{payment.token}", {"action": "pay"})

    assert (response.status_code, response["Location"]) == (302, f"/payments/paid?paymentId={payment.pk}")
    assert balance(tenant_a, parent) == Decimal("50.00")
    assert outcomes(tenant_a) == [(True, "credited"), (True, "duplicate")]


@pytest.mark.django_db
def test_given_the_settings_then_tpays_secrets_are_never_returned_and_empty_keeps_them(tenant_a, parent):
    admin = make_user(tenant_a, "ROLE_ADMIN")
    api = Api(tenant_a, admin)

    tpay = api.get("common/settings/paymentMethodsConfig").json()["tpay"]
    api.put("common/settings/paymentMethodsConfig", {"tpay": {"clientSecret": "", "securityCode": "", "merchantId": 7}})
    after = api.get("common/settings/paymentMethodsConfig").json()["tpay"]

    assert "clientSecret" not in tpay and "securityCode" not in tpay
    assert (tpay["clientSecretSet"], tpay["securityCodeSet"]) == (True, True)
    assert (after["merchantId"], after["clientSecretSet"], after["securityCodeSet"]) == (7, True, True)


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_one_tpay_notification_delivered_twice_at_once_then_the_balance_grows_once(tenant_a):
    enable_tpay(tenant_a)
    parent = make_user(tenant_a)
    payment = pay_tpay(tenant_a, parent)
    body, headers = signed(tenant_a, payment)

    def deliver():
        notification_receive(provider=TPAY, body=body, headers=headers)

    failures = concurrent_failures(tenant_a, [deliver] * 2)

    assert failures == []
    assert balance(tenant_a, parent) == Decimal("50.00")
    with in_tenant(tenant_a):
        assert LedgerTransaction.objects.filter(idempotency_key=f"payment:{payment.pk}").count() == 1
        assert sorted(PaymentNotification.objects.values_list("outcome", flat=True)) == ["credited", "duplicate"]
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()
