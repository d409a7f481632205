"""The local fake of Tpay (settings.PAYMENTS_FAKE, a tenant's Tpay account in sandbox mode): it answers the adapter's
OpenAPI calls in-process as Tpay would (client credentials checked, a transaction registered, its paywall URL) and
builds the notification its test paywall (payments/views.py, `/payments/fake/tpay/{transactionId}`, "TEST PAYWALL
— no real money") delivers on "Pay": the form with its md5sum and the X-JWS-Signature header, signed with a test
RSA key kept in var/ (made on first use, never committed) whose public key stands in for Tpay's certificate.
It moves no money and talks to no one."""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import urllib.parse
from pathlib import Path

from django.conf import settings

from kantyna.payments.providers.tpay import (
    SHA256_DIGEST_INFO,
    RsaKey,
    Tpay,
    b64url_encode,
    tpay_amount,
)

PAYWALL_PATH = "/payments/fake/tpay/"
SMALL_PRIMES = (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)


def _probable_prime(bits: int) -> int:
    while True:
        candidate = secrets.randbits(bits) | (1 << (bits - 1)) | 1
        if any(candidate % p == 0 for p in SMALL_PRIMES):
            continue
        d, r = candidate - 1, 0
        while d % 2 == 0:
            d, r = d // 2, r + 1
        for _round in range(40):
            x = pow(secrets.randbelow(candidate - 3) + 2, d, candidate)
            if x in (1, candidate - 1):
                continue
            for _square in range(r - 1):
                x = pow(x, 2, candidate)
                if x == candidate - 1:
                    break
            else:
                break
        else:
            return candidate


def generate_key(bits: int = 2048) -> dict:
    """A test RSA key pair: {"n", "e", "d"}."""
    exponent = 65537
    while True:
        p, q = _probable_prime(bits // 2), _probable_prime(bits // 2)
        phi = (p - 1) * (q - 1)
        if p != q and phi % exponent and (p * q).bit_length() == bits:
            return {"n": p * q, "e": exponent, "d": pow(exponent, -1, phi)}


def rs256_sign(key: dict, message: bytes) -> bytes:
    size = (key["n"].bit_length() + 7) // 8
    digest_info = SHA256_DIGEST_INFO + hashlib.sha256(message).digest()
    block = b"\x00\x01" + b"\xff" * (size - len(digest_info) - 3) + b"\x00" + digest_info
    return pow(int.from_bytes(block, "big"), key["d"], key["n"]).to_bytes(size, "big")


def fake_key() -> dict:
    """The fake's signing key, in var/fake-tpay-jws.json (made on first use)."""
    path = Path(settings.VAR_DIR) / "fake-tpay-jws.json"
    if not path.exists():
        key = generate_key()
        path.write_text(json.dumps({name: str(value) for name, value in key.items()}))
        path.chmod(0o600)
    return {name: int(value) for name, value in json.loads(path.read_text()).items()}


def fake_certificate_key(_url: str) -> RsaKey:
    key = fake_key()
    return key["n"], key["e"]


def jws_signature(key: dict, body: bytes, *, x5u: str) -> str:
    """A detached RS256 JWS over `body`, as Tpay's X-JWS-Signature header carries it."""
    header = b64url_encode(json.dumps({"alg": "RS256", "x5u": x5u}).encode())
    return f"{header}..{b64url_encode(rs256_sign(key, f'{header}.{b64url_encode(body)}'.encode()))}"


def fake_transaction_id(client_secret: str, session_id: str) -> str:
    return "FAKE" + hmac.new(client_secret.encode(), session_id.encode(), hashlib.sha256).hexdigest()[:28].upper()


def fake_title(session_id: str) -> str:
    return "TR-" + hashlib.sha256(session_id.encode()).hexdigest()[:10].upper()


class FakeTransport:
    """Tpay's OpenAPI for one account (the adapter's own credentials: a fake cannot know others)."""

    def __init__(self, adapter: Tpay, *, paywall_base: str):
        self.adapter = adapter
        self.paywall_base = paywall_base
        self.access_token = "FAKE-" + hmac.new(adapter.client_secret.encode(), b"token", hashlib.sha256).hexdigest()

    def __call__(self, method: str, url: str, headers: dict, body: bytes | None) -> tuple[int, dict]:
        adapter = self.adapter
        path = url.removeprefix(adapter.host + "/")
        if method == "POST" and path == "oauth/auth":
            form = dict(urllib.parse.parse_qsl((body or b"").decode()))
            if not adapter.client_secret or form != {
                "client_id": adapter.client_id,
                "client_secret": adapter.client_secret,
            }:
                return 401, {"error": "invalid_client"}
            return 200, {"access_token": self.access_token, "token_type": "Bearer", "expires_in": 7200}
        if headers.get("Authorization") != f"Bearer {self.access_token}":
            return 401, {"result": "failed", "errors": [{"errorCode": "unauthorized"}]}
        if method == "POST" and path == "transactions":
            payload = json.loads(body or b"{}")
            session_id = payload.get("hiddenDescription") or ""
            if not session_id or not payload.get("amount") or not payload.get("callbacks", {}).get("notification"):
                return 400, {"result": "failed"}
            transaction_id = fake_transaction_id(adapter.client_secret, session_id)
            return 200, {
                "result": "success",
                "transactionId": transaction_id,
                "title": fake_title(session_id),
                "status": "pending",
                "transactionPaymentUrl": f"{self.paywall_base}{transaction_id}",
            }
        if method == "GET" and path.startswith("transactions/"):
            # As P24's fake: a transaction is paid only through the paywall, whose notification arrives at once.
            return 200, {"result": "success", "status": "pending"}
        return 404, {"result": "failed"}


def fake_notification(adapter: Tpay, *, session_id: str, amount: int) -> tuple[bytes, dict]:
    """The form Tpay posts once the payer has paid, and its headers (X-JWS-Signature)."""
    fields = {
        "id": str(adapter.merchant_id),
        "tr_id": fake_title(session_id),
        "tr_date": "2026-01-01 12:00:00",
        "tr_crc": session_id,
        "tr_amount": tpay_amount(amount),
        "tr_paid": tpay_amount(amount),
        "tr_desc": "Kantyna",
        "tr_status": "TRUE",
        "tr_error": "none",
        "tr_email": "payer@example.com",
        "test_mode": "1",
    }
    fields["md5sum"] = adapter.md5sum(fields)
    body = urllib.parse.urlencode(fields).encode()
    return body, {"X-JWS-Signature": jws_signature(fake_key(), body, x5u=adapter.certificate_url)}
