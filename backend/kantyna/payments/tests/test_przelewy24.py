"""Przelewy24's signatures, against vectors built from the documentation's own examples (docs.przelewy24.pl,
"Wyliczanie sumy kontrolnej": the PHP json_encode(..., JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES) of the
fields, hashed with SHA-384). The expected digests are of the literal JSON strings below, not of our encoder."""

from __future__ import annotations

import base64
import hashlib
import json
from decimal import Decimal

import pytest

from kantyna.payments.providers.base import NotificationRefused, PaymentRequest, ProviderError
from kantyna.payments.providers.fake_przelewy24 import FakeTransport, fake_notification
from kantyna.payments.providers.przelewy24 import Przelewy24, p24_json, p24_sign

DOC = {"merchant_id": 999999, "pos_id": 999999, "crc": "crc-z-panelu-p24", "api_key": "key", "sandbox": True}


def test_given_the_documented_register_example_then_the_sign_is_sha384_of_its_compact_json():
    adapter = Przelewy24(DOC)
    literal = (
        '{"sessionId":"unikalne-id-sesji","merchantId":999999,"amount":1234,"currency":"PLN","crc":"crc-z-panelu-p24"}'
    )

    sign = adapter.register_sign(session_id="unikalne-id-sesji", amount=1234, currency="PLN")

    assert sign == hashlib.sha384(literal.encode()).hexdigest()
    assert sign == ("c5d47472de94f7d0f7b01d8048d51e7d2a0f3c025a246dd90301d2c2df83a3a7cdb2ffde27fc770a8fdd3a0f1a3c4423")


def test_given_the_documented_verify_example_then_the_sign_covers_the_order_id_instead_of_the_merchant():
    adapter = Przelewy24(DOC)

    sign = adapter.verify_sign(session_id="unikalne-id-sesji", order_id=999999, amount=1234, currency="PLN")

    assert sign == ("2ee4f7c3de781eff07dd06f56ddb8b6815bee1819d8f818c716321486208b6ab9d3159922dff9a4a44da7b60d315ee30")


def test_given_unicode_and_slashes_then_they_are_encoded_unescaped_as_php_does():
    fields = {
        "sessionId": "zażółć/1",
        "merchantId": 999999,
        "amount": 1234,
        "currency": "PLN",
        "crc": "crc-z-panelu-p24",
    }

    assert (
        p24_json(fields)
        == '{"sessionId":"zażółć/1","merchantId":999999,"amount":1234,"currency":"PLN","crc":"crc-z-panelu-p24"}'
    )
    assert p24_sign(fields) == (
        "aceb50dd057dcc546580d9e31955861f9b1bf6dc8898353d0e4f6ba8c7c309a41bbe35fe260530920c4bd6b55992865c"
    )


def test_given_a_notification_then_its_sign_covers_the_documented_fields_in_order():
    adapter = Przelewy24(DOC)
    fields = {"merchantId": 999999, "posId": 999999, "sessionId": "s-1", "amount": 5000, "originAmount": 5000,
              "currency": "PLN", "orderId": 31337, "methodId": 25, "statement": "p24-s-1"}  # fmt: skip
    literal = (
        '{"merchantId":999999,"posId":999999,"sessionId":"s-1","amount":5000,"originAmount":5000,"currency":"PLN",'
        '"orderId":31337,"methodId":25,"statement":"p24-s-1","crc":"crc-z-panelu-p24"}'
    )

    assert adapter.notification_sign(fields) == hashlib.sha384(literal.encode()).hexdigest()
    notification = adapter.verify_notification(
        json.dumps({**fields, "sign": adapter.notification_sign(fields)}).encode()
    )
    assert (notification.session_id, notification.order_id, notification.amount, notification.currency) == (
        "s-1", "31337", 5000, "PLN",
    )  # fmt: skip


@pytest.mark.parametrize(
    "change",
    [{"amount": 5001}, {"sign": "0" * 96}, {"merchantId": 1}, {"orderId": "31337"}, {"statement": None}],
    ids=["amount changed", "wrong sign", "another merchant", "order id as text", "statement missing"],
)
def test_given_a_tampered_notification_then_it_is_refused(change):
    adapter = Przelewy24(DOC)
    body = json.loads(fake_notification(adapter, session_id="s-1", amount=5000, currency="PLN"))

    with pytest.raises(NotificationRefused):
        adapter.verify_notification(json.dumps({**body, **change}).encode())


def test_given_a_body_that_is_not_json_then_it_is_refused():
    with pytest.raises(NotificationRefused):
        Przelewy24(DOC).verify_notification(b"merchantId=1&sign=x")


def test_given_a_registration_then_the_request_is_p24s_register_with_basic_auth_and_the_token_makes_the_redirect():
    calls = []

    def transport(method, url, headers, body):
        calls.append((method, url, headers, json.loads(body)))
        return 200, {"data": {"token": "TOKEN-1"}, "responseCode": 0}

    adapter = Przelewy24({**DOC, "pos_id": 888888}, transport=transport)
    registration = adapter.create(
        PaymentRequest(session_id="s-1", amount=Decimal("12.34"), currency="PLN",
                       description="Top-up", email="a@example.com", url_return="https://r", url_status="https://s")
    )  # fmt: skip

    method, url, headers, payload = calls[0]
    assert (method, url) == ("POST", "https://sandbox.przelewy24.pl/api/v1/transaction/register")
    assert headers["Authorization"] == "Basic " + base64.b64encode(b"888888:key").decode()
    assert payload["amount"] == 1234
    assert payload["sign"] == adapter.register_sign(session_id="s-1", amount=1234, currency="PLN")
    assert (payload["urlReturn"], payload["urlStatus"]) == ("https://r", "https://s")
    assert registration.redirect_url == "https://sandbox.przelewy24.pl/trnRequest/TOKEN-1"


def test_given_production_then_the_secure_host_is_called():
    assert Przelewy24({**DOC, "sandbox": False}).host == "https://secure.przelewy24.pl"


def test_given_the_fake_then_a_wrong_api_key_is_401_and_a_wrong_verify_sign_is_not_confirmed():
    adapter = Przelewy24(DOC)
    adapter.transport = FakeTransport(Przelewy24({**DOC, "api_key": "other"}))
    with pytest.raises(ProviderError):
        adapter.finalize(session_id="s-1", order_id="1", amount=100, currency="PLN")
    adapter.transport = FakeTransport(adapter)
    with pytest.raises(ProviderError):
        adapter.finalize(session_id="s-1", order_id="1", amount=100, currency="PLN")  # not the fake's order id


def test_refunds_are_not_built_yet():
    with pytest.raises(NotImplementedError):
        Przelewy24(DOC).refund(session_id="s-1", order_id="1", amount=100)
