"""Przelewy24 REST API v1 (https://docs.przelewy24.pl): register, the paywall redirect, the urlStatus notification,
the mandatory transaction/verify and the status by sessionId.

Every call authenticates with HTTP Basic `posId:apiKey` (the panel's "klucz do raportów"); every `sign` is the
SHA-384 hex digest of a JSON object of named fields plus the CRC key, encoded as PHP's
`json_encode(..., JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES)` does: no spaces, Unicode and slashes as
they are, the fields in the documented order. Amounts are integers in grosze."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import urllib.parse
from collections.abc import Callable
from decimal import Decimal

from kantyna.core.money import to_grosze
from kantyna.payments.providers.base import (
    Notification,
    NotificationRefused,
    PaymentProvider,
    PaymentRequest,
    ProviderError,
    ProviderStatus,
    Registration,
    json_http_call,
)

NAME = "przelewy24"
HOSTS = {False: "https://secure.przelewy24.pl", True: "https://sandbox.przelewy24.pl"}
REGISTER_SIGN = ("sessionId", "merchantId", "amount", "currency", "crc")
VERIFY_SIGN = ("sessionId", "orderId", "amount", "currency", "crc")
NOTIFICATION_SIGN = (
    "merchantId",
    "posId",
    "sessionId",
    "amount",
    "originAmount",
    "currency",
    "orderId",
    "methodId",
    "statement",
    "crc",
)
NOTIFICATION_INTS = ("merchantId", "posId", "amount", "originAmount", "orderId", "methodId")
NOTIFICATION_STRINGS = ("sessionId", "currency", "statement", "sign")
# P24's transaction statuses (transaction/by/sessionId): 0 no payment, 1 advance payment (paid, not verified),
# 2 payment made (verified), 3 payment returned.
PAID_STATUSES = {1, 2}

# (method, url, headers, body) -> (HTTP status, parsed JSON answer)
Transport = Callable[[str, str, dict, bytes | None], tuple[int, dict]]


def p24_json(fields: dict) -> str:
    """PHP's json_encode(fields, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES)."""
    return json.dumps(fields, ensure_ascii=False, separators=(",", ":"))


def p24_sign(fields: dict) -> str:
    return hashlib.sha384(p24_json(fields).encode()).hexdigest()


def grosze(amount: Decimal) -> int:
    return int(to_grosze(amount) * 100)


def http_transport(method: str, url: str, headers: dict, body: bytes | None) -> tuple[int, dict]:
    return json_http_call(method, url, headers, body, provider=NAME)


class Przelewy24(PaymentProvider):
    """One tenant's P24 account: `config` is its settings (payment_methods_config.przelewy24)."""

    name = NAME

    def __init__(self, config: dict, *, transport: Transport | None = None, paywall_base: str | None = None):
        self.merchant_id = int(config.get("merchant_id") or 0)
        self.pos_id = int(config.get("pos_id") or 0) or self.merchant_id
        self.crc = config.get("crc") or ""
        self.api_key = config.get("api_key") or ""
        self.host = HOSTS[bool(config.get("sandbox"))]
        self.transport = transport or http_transport
        self.paywall_base = paywall_base or f"{self.host}/trnRequest/"

    # --- signatures ---------------------------------------------------------------------------------------------

    def register_sign(self, *, session_id: str, amount: int, currency: str) -> str:
        return p24_sign(
            {"sessionId": session_id, "merchantId": self.merchant_id, "amount": amount, "currency": currency,
             "crc": self.crc}
        )  # fmt: skip

    def verify_sign(self, *, session_id: str, order_id: int, amount: int, currency: str) -> str:
        return p24_sign(
            {"sessionId": session_id, "orderId": order_id, "amount": amount, "currency": currency, "crc": self.crc}
        )

    def notification_sign(self, fields: dict) -> str:
        return p24_sign({**{name: fields[name] for name in NOTIFICATION_SIGN if name != "crc"}, "crc": self.crc})

    # --- calls ----------------------------------------------------------------------------------------------------

    def _call(self, method: str, path: str, payload: dict | None = None) -> dict:
        credentials = base64.b64encode(f"{self.pos_id}:{self.api_key}".encode()).decode()
        headers = {"Authorization": f"Basic {credentials}", "Accept": "application/json"}
        body = None
        if payload is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(payload).encode()
        status, answer = self.transport(method, f"{self.host}/api/v1/{path}", headers, body)
        if status == 404:
            return {"_status": 404}
        if status != 200 or not isinstance(answer, dict):
            raise ProviderError(f"przelewy24 {method} {path}: {status} {answer.get('error', '')}")
        return answer

    def create(self, request: PaymentRequest) -> Registration:
        amount = grosze(request.amount)
        answer = self._call(
            "POST",
            "transaction/register",
            {
                "merchantId": self.merchant_id,
                "posId": self.pos_id,
                "sessionId": request.session_id,
                "amount": amount,
                "currency": request.currency,
                "description": request.description[:1024],
                "email": request.email[:50],
                "country": "PL",
                "language": request.language if request.language in ("pl", "en") else "pl",
                "urlReturn": request.url_return,
                "urlStatus": request.url_status,
                "sign": self.register_sign(session_id=request.session_id, amount=amount, currency=request.currency),
            },
        )
        token = (answer.get("data") or {}).get("token")
        if not token:
            raise ProviderError("przelewy24 register: no token")
        return Registration(token=token, redirect_url=f"{self.paywall_base}{token}")

    def verify_notification(self, body: bytes, headers=None) -> Notification:
        try:
            fields = json.loads(body)
        except ValueError as error:
            raise NotificationRefused("not JSON") from error
        if not isinstance(fields, dict):
            raise NotificationRefused("not an object")
        for name in NOTIFICATION_INTS:
            if type(fields.get(name)) is not int:
                raise NotificationRefused(f"{name} is not an integer")
        for name in NOTIFICATION_STRINGS:
            if not isinstance(fields.get(name), str) or "\x00" in fields[name]:
                raise NotificationRefused(f"{name} is not a string")
        if not self.crc:
            raise NotificationRefused("no CRC key configured")
        if not hmac.compare_digest(fields["sign"].encode(), self.notification_sign(fields).encode()):
            raise NotificationRefused("wrong sign")
        if fields["merchantId"] != self.merchant_id or fields["posId"] != self.pos_id:
            raise NotificationRefused("another merchant")
        return Notification(
            session_id=fields["sessionId"],
            order_id=str(fields["orderId"]),
            amount=fields["amount"],
            currency=fields["currency"],
            raw=fields,
        )

    def finalize(self, *, session_id: str, order_id: str, amount: int, currency: str) -> None:
        answer = self._call(
            "PUT",
            "transaction/verify",
            {
                "merchantId": self.merchant_id,
                "posId": self.pos_id,
                "sessionId": session_id,
                "amount": amount,
                "currency": currency,
                "orderId": int(order_id),
                "sign": self.verify_sign(session_id=session_id, order_id=int(order_id), amount=amount,
                                         currency=currency),
            },
        )  # fmt: skip
        if (answer.get("data") or {}).get("status") != "success":
            raise ProviderError("przelewy24 verify: not confirmed")

    def status(self, *, session_id: str) -> ProviderStatus:
        answer = self._call("GET", f"transaction/by/sessionId/{urllib.parse.quote(session_id)}")
        if answer.get("_status") == 404:
            return ProviderStatus("missing")
        data = answer.get("data") or {}
        if data.get("status") in PAID_STATUSES:
            return ProviderStatus(
                "paid", order_id=str(data.get("orderId", "")), amount=int(data.get("amount") or 0),
                currency=data.get("currency") or "PLN",
            )  # fmt: skip
        return ProviderStatus("pending")
