"""The local fake of Przelewy24 (settings.PAYMENTS_FAKE, a tenant's P24 account in sandbox mode): it answers the
adapter's REST calls in-process as P24 would (Basic auth and every sign checked, a token for a registered
transaction, `success` for a correct verify) and builds the signed urlStatus notification that its test paywall
(payments/views.py, `/payments/fake/przelewy24/{token}`, "TEST PAYWALL — no real money") delivers on "Pay".
It moves no money and talks to no one."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

from kantyna.payments.providers.przelewy24 import Przelewy24

PAYWALL_PATH = "/payments/fake/przelewy24/"
FAKE_METHOD_ID = 25  # a bank transfer method id, as a real notification carries one


def fake_token(crc: str, session_id: str) -> str:
    return "FAKE" + hmac.new(crc.encode(), session_id.encode(), hashlib.sha256).hexdigest()[:32].upper()


def fake_order_id(session_id: str) -> int:
    return 300_000_000 + int(hashlib.sha256(session_id.encode()).hexdigest()[:8], 16) % 600_000_000


class FakeTransport:
    """P24's REST API for one account (the adapter's own credentials: a fake cannot know others)."""

    def __init__(self, adapter: Przelewy24):
        self.adapter = adapter

    def __call__(self, method: str, url: str, headers: dict, body: bytes | None) -> tuple[int, dict]:
        adapter = self.adapter
        expected = base64.b64encode(f"{adapter.pos_id}:{adapter.api_key}".encode()).decode()
        if headers.get("Authorization") != f"Basic {expected}":
            return 401, {"error": "Incorrect authentication", "code": 401}
        path = url.split("/api/v1/", 1)[1]
        payload = json.loads(body) if body else {}
        if method == "POST" and path == "transaction/register":
            sign = adapter.register_sign(
                session_id=payload["sessionId"], amount=payload["amount"], currency=payload["currency"]
            )
            if payload.get("sign") != sign or payload.get("merchantId") != adapter.merchant_id:
                return 400, {"error": "Invalid input data", "code": 400}
            return 200, {"data": {"token": fake_token(adapter.crc, payload["sessionId"])}, "responseCode": 0}
        if method == "PUT" and path == "transaction/verify":
            sign = adapter.verify_sign(
                session_id=payload["sessionId"],
                order_id=payload["orderId"],
                amount=payload["amount"],
                currency=payload["currency"],
            )
            if payload.get("sign") != sign or payload["orderId"] != fake_order_id(payload["sessionId"]):
                return 400, {"error": "Invalid input data", "code": 400}
            return 200, {"data": {"status": "success"}, "responseCode": 0}
        if method == "GET" and path.startswith("transaction/by/sessionId/"):
            # The fake keeps no record of its own: a transaction is paid only through its paywall, whose
            # notification reaches the app at once, so a status check never finds one paid.
            return 200, {"data": {"status": 0}, "responseCode": 0}
        return 404, {"error": "Not found", "code": 404}


def fake_notification(adapter: Przelewy24, *, session_id: str, amount: int, currency: str) -> bytes:
    """The urlStatus body P24 posts once the payer has paid, signed with the account's CRC key."""
    fields = {
        "merchantId": adapter.merchant_id,
        "posId": adapter.pos_id,
        "sessionId": session_id,
        "amount": amount,
        "originAmount": amount,
        "currency": currency,
        "orderId": fake_order_id(session_id),
        "methodId": FAKE_METHOD_ID,
        "statement": f"p24-{session_id[-12:]}",
    }
    return json.dumps({**fields, "sign": adapter.notification_sign(fields)}).encode()
