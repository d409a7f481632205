"""Autopay (Blue Media) against its local fake (settings.PAYMENTS_FAKE, the service in sandbox mode): the start
Hash and the ITN hash (SHA-256 of the values joined by `|` with the shared key), the signed confirmation, paying,
the ITN that alone credits once, its refusals, a concurrent duplicate, the test paywall and the service's key."""

from __future__ import annotations

import base64
import hashlib
import re
import urllib.parse
from decimal import Decimal

import pytest
from defusedxml import ElementTree
from django.db import connection

from kantyna.ledger.models import LedgerTransaction
from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.payments.models import Payment, PaymentNotification
from kantyna.payments.providers import AUTOPAY, provider_for
from kantyna.payments.providers.autopay import Autopay, autopay_hash, confirmation_xml
from kantyna.payments.providers.base import NotificationRefused, PaymentRequest
from kantyna.payments.providers.fake_autopay import confirmation_of, fake_itn, fake_remote_id
from kantyna.payments.services import notification_receive
from kantyna.payments.tests.helpers import balance
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.api import Api
from kantyna.testing.concurrency import concurrent_failures
from kantyna.testing.factories import make_user

KEY = "klucz-wspoldzielony-1"
SERVICE = {"service_id": 100200, "shared_key": KEY, "sandbox": True}
NOTIFY = "payments/notifications/autopay"


@pytest.fixture(autouse=True)
def _fake(settings):
    settings.PAYMENTS_FAKE = True


def enable_autopay(tenant):
    with in_tenant(tenant):
        settings_update(
            actor=None,
            key="payment_methods_config",
            data={
                "allow_online_payments": True,
                "autopay_enabled": True,
                "minimum_payment_amount": {"amount": "10.00", "currency": "PLN"},
                "autopay": SERVICE,
            },
        )


def pay_autopay(tenant, user, amount="50.00") -> tuple[Payment, str]:
    response = Api(tenant, user).post(
        "payments/pay", {"amount": {"amount": amount, "currency": "PLN"}, "provider": "autopay"}
    )
    assert response.status_code == 200, response.content
    with in_tenant(tenant):
        return Payment.objects.get(pk=response.json()["paymentId"]), response.json()["redirectUrl"]


def itn(tenant, payment, *, amount: int = 5000, **kwargs) -> bytes:
    with in_tenant(tenant):
        return fake_itn(provider_for(AUTOPAY), order_id=payment.token, amount=amount, **kwargs)


def notify(tenant, body: bytes):
    return Api(tenant).client.post(Api.url(NOTIFY), data=body, content_type="application/x-www-form-urlencoded")


def outcomes(tenant) -> list[tuple[bool, str]]:
    with in_tenant(tenant):
        rows = PaymentNotification.objects.filter(provider=AUTOPAY).order_by("pk")
        return list(rows.values_list("verified", "outcome"))


# --- hashes ------------------------------------------------------------------------------------------------------


def test_given_start_parameters_then_the_hash_is_sha256_of_the_values_joined_by_a_bar_with_the_key():
    parameters = Autopay(SERVICE).start_parameters(
        PaymentRequest(session_id="kantyna-0123abcd", amount=Decimal("12.30"), currency="PLN", description="Top-up",
                       email="a@example.com", url_return="https://r", url_status="https://s")
    )  # fmt: skip

    assert parameters == {
        "ServiceID": "100200", "OrderID": "0123abcd", "Amount": "12.30", "Description": "Top-up", "Currency": "PLN",
        "CustomerEmail": "a@example.com",
        "Hash": hashlib.sha256(b"100200|0123abcd|12.30|Top-up|PLN|a@example.com|klucz-wspoldzielony-1").hexdigest(),
    }  # fmt: skip


def test_given_an_itn_then_its_hash_covers_every_value_in_order_and_the_confirmation_is_signed():
    adapter = Autopay(SERVICE)
    body = fake_itn(adapter, order_id="0123abcd", amount=5000)
    xml = base64.b64decode(urllib.parse.parse_qs(body.decode())["transactions"][0])
    root = ElementTree.fromstring(xml)
    literal = f"100200|0123abcd|{fake_remote_id('0123abcd')}|50.00|PLN|106|20260101120000|SUCCESS|AUTHORIZED|{KEY}"

    assert root.findtext("hash") == hashlib.sha256(literal.encode()).hexdigest()
    notification = adapter.verify_notification(body)
    assert (notification.session_id, notification.amount, notification.currency) == ("kantyna-0123abcd", 5000, "PLN")
    answer = ElementTree.fromstring(confirmation_xml(service_id="100200", order_id="0123abcd", confirmed=True, key=KEY))
    assert answer.findtext("./transactionsConfirmations/transactionConfirmed/confirmation") == "CONFIRMED"
    assert answer.findtext("hash") == hashlib.sha256(f"100200|0123abcd|CONFIRMED|{KEY}".encode()).hexdigest()
    assert autopay_hash(("a", "", "b"), "k") == hashlib.sha256(b"a|b|k").hexdigest()  # empty values are skipped


@pytest.mark.parametrize(
    "tamper",
    ["wrong key", "another service", "unknown status", "amount changed", "not base64", "an entity bomb"],
)
def test_given_a_tampered_itn_then_it_is_refused(tamper):
    adapter = Autopay(SERVICE)
    if tamper == "wrong key":
        body = fake_itn(Autopay({**SERVICE, "shared_key": "other"}), order_id="0123abcd", amount=5000)
    elif tamper == "another service":
        body = fake_itn(Autopay({**SERVICE, "service_id": 9}), order_id="0123abcd", amount=5000)
    elif tamper == "unknown status":
        body = fake_itn(adapter, order_id="0123abcd", amount=5000, status="PAID")
    elif tamper == "amount changed":
        good = fake_itn(adapter, order_id="0123abcd", amount=5000)
        xml = base64.b64decode(urllib.parse.parse_qs(good.decode())["transactions"][0]).replace(b"50.00", b"5.00")
        body = urllib.parse.urlencode({"transactions": base64.b64encode(xml).decode()}).encode()
    elif tamper == "not base64":
        body = b"transactions=%%%"
    else:
        xml = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><transactionList>&a;</transactionList>'
        body = urllib.parse.urlencode({"transactions": base64.b64encode(xml).decode()}).encode()

    with pytest.raises(NotificationRefused):
        adapter.verify_notification(body)


@pytest.mark.parametrize("status", ["PENDING", "FAILURE"])
def test_given_a_signed_itn_of_a_state_that_is_not_a_payment_then_it_verifies_as_not_paid(status):
    adapter = Autopay(SERVICE)

    notification = adapter.verify_notification(fake_itn(adapter, order_id="0123abcd", amount=5000, status=status))

    assert (notification.session_id, notification.paid, notification.raw["paymentStatus"]) == (
        "kantyna-0123abcd", False, status,
    )  # fmt: skip


def test_given_the_sdk_fixture_then_the_itn_and_the_confirmation_hashes_are_autopays():
    """Autopay's PHP SDK (bluepayment-plugin/bm-sdk, tests/Fixtures/Itn): its ITN and its answer, with its key."""
    key = "QCBm3N0oFjzQAWsTIVN8mPLK12TW6HU6InSfjvnF"
    xml = (
        b'<?xml version="1.0" encoding="UTF-8"?><transactionList><serviceID>123456</serviceID><transactions>'
        b"<transaction><orderID>123</orderID><remoteID>102686</remoteID><amount>500.00</amount>"
        b"<currency>PLN</currency><gatewayID>106</gatewayID><paymentDate>20200621171238</paymentDate>"
        b"<paymentStatus>SUCCESS</paymentStatus><paymentStatusDetails>ACCEPTED</paymentStatusDetails></transaction>"
        b"</transactions><hash>422fbd7c1bbac1eb745b647980dd63c2e8ccf261ea196739ab8043eff8dd4e17</hash>"
        b"</transactionList>"
    )
    adapter = Autopay({"service_id": 123456, "shared_key": key})

    notification = adapter.verify_notification(urllib.parse.urlencode({"transactions": base64.b64encode(xml)}).encode())
    answer = ElementTree.fromstring(adapter.answer(order_id="123", confirmed=True))

    assert (notification.session_id, notification.order_id, notification.amount) == ("kantyna-123", "102686", 50000)
    assert answer.findtext("hash") == "7194a50431ce359cc4c201a0f154400f89f49f765b8eeb60299fc6fee1a01228"


def test_given_an_answer_then_the_fake_reads_it_as_autopay_does_only_when_its_hash_holds():
    adapter = Autopay(SERVICE)
    confirmed = adapter.answer(order_id="0123abcd", confirmed=True)
    refused = adapter.answer(order_id="0123abcd", confirmed=False)

    assert confirmation_of(adapter, confirmed, order_id="0123abcd") == "CONFIRMED"
    assert confirmation_of(adapter, refused, order_id="0123abcd") == "NOTCONFIRMED"
    assert confirmation_of(adapter, confirmed, order_id="other") is None
    assert confirmation_of(adapter, confirmed.replace(b"<hash>", b"<hash>0"), order_id="0123abcd") is None
    assert confirmation_of(Autopay({**SERVICE, "shared_key": "x"}), confirmed, order_id="0123abcd") is None
    assert confirmation_of(adapter, b"TRUE", order_id="0123abcd") is None


# --- through the API ---------------------------------------------------------------------------------------------


@pytest.fixture
def parent(tenant_a):
    enable_autopay(tenant_a)
    return make_user(tenant_a)


@pytest.mark.django_db
def test_given_autopay_when_a_parent_pays_then_the_payer_is_sent_to_the_fake_paywall_with_the_hashed_parameters(
    tenant_a, parent
):
    """Crediting once and answering CONFIRMED: test_notifications.py, over the three fakes."""
    payment, redirect_url = pay_autopay(tenant_a, parent)

    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(redirect_url).query))

    assert redirect_url.startswith("http://") and "/payments/fake/autopay/payment?" in redirect_url
    assert (query["ServiceID"], query["OrderID"], query["Amount"]) == ("100200", payment.token, "50.00")
    assert query["Hash"] == autopay_hash(
        [query[name] for name in ("ServiceID", "OrderID", "Amount", "Description", "Currency", "CustomerEmail")], KEY
    )


def confirmation(response) -> tuple[str, str, str, str]:
    """serviceID, orderID, confirmation and whether the hash holds (with the service's key) of an ITN's answer."""
    assert response["Content-Type"] == "application/xml"
    answer = ElementTree.fromstring(response.content)
    item = "./transactionsConfirmations/transactionConfirmed/"
    values = (answer.findtext("serviceID"), answer.findtext(item + "orderID"), answer.findtext(item + "confirmation"))
    signed = answer.findtext("hash") == hashlib.sha256("|".join([*values, KEY]).encode()).hexdigest()
    return (*values, "signed" if signed else "NOT SIGNED")


@pytest.mark.django_db
@pytest.mark.parametrize("how", ["wrong hash", "non-ASCII hash", "wrong amount"])
def test_given_a_refused_itn_then_it_is_answered_notconfirmed_signed_and_nothing_is_credited(tenant_a, parent, how):
    payment, _url = pay_autopay(tenant_a, parent)
    if how == "wrong hash":
        with in_tenant(tenant_a):
            body = fake_itn(Autopay({**SERVICE, "shared_key": "x"}), order_id=payment.token, amount=5000)
        expected = [(False, "payment.notification_refused")]
    elif how == "non-ASCII hash":
        good = base64.b64decode(urllib.parse.parse_qs(itn(tenant_a, payment).decode())["transactions"][0])
        xml = re.sub(rb"<hash>[^<]*</hash>", "<hash>ą</hash>".encode(), good)
        body = urllib.parse.urlencode({"transactions": base64.b64encode(xml).decode()}).encode()
        expected = [(False, "payment.notification_refused")]
    else:
        body = itn(tenant_a, payment, amount=4999)
        expected = [(True, "payment.amount_mismatch")]

    response = notify(tenant_a, body)

    assert response.status_code == 200
    assert confirmation(response) == ("100200", payment.token, "NOTCONFIRMED", "signed")
    assert outcomes(tenant_a) == expected
    assert balance(tenant_a, parent) == Decimal("0.00")
    with in_tenant(tenant_a):
        assert Payment.objects.get(pk=payment.pk).state == "pending"
        assert LedgerTransaction.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("status", ["PENDING", "FAILURE"])
def test_given_a_signed_itn_of_another_state_then_it_is_confirmed_and_nothing_is_credited(tenant_a, parent, status):
    payment, _url = pay_autopay(tenant_a, parent)

    response = notify(tenant_a, itn(tenant_a, payment, status=status))

    assert response.status_code == 200
    assert confirmation(response) == ("100200", payment.token, "CONFIRMED", "signed")
    assert outcomes(tenant_a) == [(True, "not_paid")]
    assert balance(tenant_a, parent) == Decimal("0.00")
    with in_tenant(tenant_a):
        assert Payment.objects.get(pk=payment.pk).state == "pending"
        assert LedgerTransaction.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    [b"transactions=%%%", b"transactions=" + base64.b64encode(b"<transactionList><transactions/></transactionList>")],
    ids=["not base64", "no transaction"],
)
def test_given_an_itn_naming_no_order_then_400_in_the_error_shape_and_nothing_is_credited(tenant_a, parent, body):
    payment, _url = pay_autopay(tenant_a, parent)

    response = notify(tenant_a, body)

    assert response.status_code == 400
    assert response.json()["message"] == "The notification's signature is not valid."
    assert outcomes(tenant_a) == [(False, "payment.notification_refused")]
    assert balance(tenant_a, parent) == Decimal("0.00")
    with in_tenant(tenant_a):
        assert Payment.objects.get(pk=payment.pk).state == "pending"


@pytest.mark.django_db
def test_given_another_tenants_payment_then_the_itn_is_answered_notconfirmed(tenant_a, tenant_b, parent):
    enable_autopay(tenant_b)
    payment, _url = pay_autopay(tenant_a, parent)

    response = notify(tenant_b, itn(tenant_a, payment))

    assert response.status_code == 200
    assert confirmation(response) == ("100200", payment.token, "NOTCONFIRMED", "signed")
    assert outcomes(tenant_b) == [(True, "payment.unknown")]
    assert outcomes(tenant_a) == []
    assert balance(tenant_a, parent) == Decimal("0.00")


@pytest.mark.django_db
def test_given_the_fake_paywall_when_pay_then_two_itns_credit_once_and_the_payer_returns(tenant_a, parent):
    payment, redirect_url = pay_autopay(tenant_a, parent)
    client = Api(tenant_a).client
    path = urllib.parse.urlsplit(redirect_url)
    page = client.get(f"{path.path}?{path.query}")
    forged = client.get(f"{path.path}?{path.query.replace('Amount=50.00', 'Amount=0.01')}")
    assert b"TEST PAYWALL" in page.content and b"Autopay" in page.content
    assert forged.status_code == 400

    response = client.post(path.path, {"action": "pay", "OrderID": payment.token})

    assert (response.status_code, response["Location"]) == (302, f"/payments/paid?paymentId={payment.pk}")
    assert balance(tenant_a, parent) == Decimal("50.00")
    assert outcomes(tenant_a) == [(True, "credited"), (True, "duplicate")]


@pytest.mark.django_db
def test_given_a_real_service_not_in_sandbox_then_the_fake_paywall_is_404_and_nothing_is_credited(tenant_a, parent):
    payment, redirect_url = pay_autopay(tenant_a, parent)
    with in_tenant(tenant_a):
        settings_update(actor=None, key="payment_methods_config", data={"autopay": {**SERVICE, "sandbox": False}})
    client = Api(tenant_a).client
    path = urllib.parse.urlsplit(redirect_url)

    page = client.get(f"{path.path}?{path.query}")
    response = client.post(path.path, {"action": "pay", "OrderID": payment.token})

    assert (page.status_code, response.status_code) == (404, 404)
    assert balance(tenant_a, parent) == Decimal("0.00")
    assert outcomes(tenant_a) == []
    with in_tenant(tenant_a):
        assert Payment.objects.get(pk=payment.pk).state == "pending"
        assert LedgerTransaction.objects.count() == 0


@pytest.mark.django_db
def test_given_the_settings_then_the_shared_key_is_never_returned_and_empty_keeps_it(tenant_a, parent):
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))

    shown = api.get("common/settings/paymentMethodsConfig").json()["autopay"]
    api.put("common/settings/paymentMethodsConfig", {"autopay": {"serviceId": 7, "sharedKey": ""}})
    after = api.get("common/settings/paymentMethodsConfig").json()["autopay"]

    assert shown == {"serviceId": 100200, "sharedKeySet": True, "sandbox": True}
    assert after == {"serviceId": 7, "sharedKeySet": True, "sandbox": True}


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_one_itn_delivered_twice_at_once_then_the_balance_grows_once(tenant_a):
    enable_autopay(tenant_a)
    parent = make_user(tenant_a)
    payment, _url = pay_autopay(tenant_a, parent)
    body = itn(tenant_a, payment)

    def deliver():
        notification_receive(provider=AUTOPAY, body=body, headers={})

    failures = concurrent_failures(tenant_a, [deliver] * 2)

    assert failures == []
    assert balance(tenant_a, parent) == Decimal("50.00")
    with in_tenant(tenant_a):
        assert LedgerTransaction.objects.filter(idempotency_key=f"payment:{payment.pk}").count() == 1
        assert sorted(PaymentNotification.objects.values_list("outcome", flat=True)) == ["credited", "duplicate"]
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()
