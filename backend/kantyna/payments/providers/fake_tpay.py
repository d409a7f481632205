"""The local fake of Tpay (settings.PAYMENTS_FAKE, a tenant's Tpay account in sandbox mode): it answers the adapter's
OpenAPI calls in-process as Tpay would (client credentials checked, a transaction registered, its paywall URL) and
builds the notification its test paywall (payments/views.py, `/payments/fake/tpay/{transactionId}`, "TEST PAYWALL
— no real money") delivers on "Pay": the form with its md5sum and the X-JWS-Signature header, signed with a test
RSA key kept in var/fake-tpay-jws.pem whose certificate, issued by a test root CA (its key in
var/fake-tpay-jws-root.pem; both made on first use, never committed), stands in for Tpay's, the test root for
Tpay's root CA.
It moves no money and talks to no one."""

from __future__ import annotations

import datetime
import hashlib
import hmac
import json
import os
import urllib.parse
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.x509.oid import NameOID
from django.conf import settings

from kantyna.payments.providers.tpay import Tpay, b64url_encode, tpay_amount

PAYWALL_PATH = "/payments/fake/tpay/"
KEY_FILE = "fake-tpay-jws.pem"
ROOT_KEY_FILE = "fake-tpay-jws-root.pem"
ROOT_NAME = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Kantyna fake Tpay JWS root CA")])


def new_key() -> rsa.RSAPrivateKey:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def key_pem(key: rsa.RSAPrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def _var_key(name: str) -> rsa.RSAPrivateKey:
    """A key of the fake in var/`name` (made on first use, readable by its owner only)."""
    path = Path(settings.VAR_DIR) / name
    if not path.exists():
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # another process made it meanwhile
        else:
            with os.fdopen(fd, "wb") as file:
                file.write(key_pem(new_key()))
    key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    if not isinstance(key, rsa.RSAPrivateKey):
        raise ValueError(f"{path} is not an RSA key")
    return key


def fake_key() -> rsa.RSAPrivateKey:
    """The fake's signing key, in var/fake-tpay-jws.pem."""
    return _var_key(KEY_FILE)


def fake_root_key() -> rsa.RSAPrivateKey:
    """The key of the fake's root CA, in var/fake-tpay-jws-root.pem."""
    return _var_key(ROOT_KEY_FILE)


def _certificate(key, *, subject: x509.Name, issuer: x509.Name, issuer_key, ca: bool, days: int = 365) -> str:
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        .sign(issuer_key, hashes.SHA256())
    )
    return certificate.public_bytes(serialization.Encoding.PEM).decode("ascii")


def root_certificate_pem(root_key: rsa.RSAPrivateKey) -> str:
    """The self-signed certificate of the test root CA (PEM), standing in for Tpay's JWS root."""
    return _certificate(root_key, subject=ROOT_NAME, issuer=ROOT_NAME, issuer_key=root_key, ca=True)


def certificate_pem(key, root_key: rsa.RSAPrivateKey | None = None, *, days: int = 365) -> str:
    """A certificate of `key` (PEM) standing in for Tpay's notification certificate: issued by the test root of
    `root_key`, or self-signed without one."""
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Kantyna fake Tpay JWS")])
    if root_key is None:
        return _certificate(key, subject=subject, issuer=subject, issuer_key=key, ca=False, days=days)
    return _certificate(key, subject=subject, issuer=ROOT_NAME, issuer_key=root_key, ca=False, days=days)


def fake_certificate(_url: str) -> str:
    return certificate_pem(fake_key(), fake_root_key())


def fake_root_certificate() -> str:
    return root_certificate_pem(fake_root_key())


def rs256_sign(key: rsa.RSAPrivateKey, message: bytes) -> bytes:
    return key.sign(message, padding.PKCS1v15(), hashes.SHA256())


def jws_signature(key: rsa.RSAPrivateKey, body: bytes, *, x5u: str) -> str:
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


def fake_notification(
    adapter: Tpay, *, session_id: str, amount: int, status: str = "TRUE", error: str = "none"
) -> tuple[bytes, dict]:
    """The form Tpay posts once the payer has paid (or, with `status` FALSE or CHARGEBACK, of another state), and
    its headers (X-JWS-Signature)."""
    fields = {
        "id": str(adapter.merchant_id),
        "tr_id": fake_title(session_id),
        "tr_date": "2026-01-01 12:00:00",
        "tr_crc": session_id,
        "tr_amount": tpay_amount(amount),
        "tr_paid": tpay_amount(amount),
        "tr_desc": "Kantyna",
        "tr_status": status,
        "tr_error": error,
        "tr_email": "payer@example.com",
        "test_mode": "1",
    }
    fields["md5sum"] = adapter.md5sum(fields)
    body = urllib.parse.urlencode(fields).encode()
    return body, {"X-JWS-Signature": jws_signature(fake_key(), body, x5u=adapter.certificate_url)}
