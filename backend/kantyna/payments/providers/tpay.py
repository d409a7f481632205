"""Tpay (https://docs-api.tpay.com): the OpenAPI transaction (OAuth client credentials, then POST /transactions),
the payer's redirect to its transactionPaymentUrl, the notification and the status by transactionId.

The notification is a form POST (id, tr_id, tr_date, tr_crc, tr_amount, tr_paid, tr_desc, tr_status, tr_error,
tr_email, test_mode, md5sum) answered with the body `TRUE`. Two checks must both hold:
- `md5sum` = md5(id + tr_id + tr_amount + tr_crc + the account's security code), the values concatenated as sent;
- the `X-JWS-Signature` header: a detached RFC 7515 JWS (RS256) over the raw body, whose `x5u` names Tpay's
  notification certificate: an https URL under /x509/ on Tpay's own host (secure.tpay.com, in sandbox
  secure.sandbox.tpay.com; any other URL is refused before anything is fetched). The certificate is fetched over
  TLS and cached, and must be issued by Tpay's JWS root CA (tpay-jws-root.pem, or the PEM in
  settings.PAYMENTS_TPAY_ROOT_CA) and be within its validity, as the root must be (docs-api.tpay.com/webhooks).
`tr_crc` carries our session id (sent as the transaction's hiddenDescription). Tpay works in PLN; amounts are
decimal złoty in its API and grosze in ours.

The certificate is read and the signature (PKCS#1 v1.5 with SHA-256) checked with the `cryptography` package; an RSA
key shorter than 2048 bits is refused."""

from __future__ import annotations

import base64
import datetime
import hashlib
import hmac
import json
import re
import urllib.parse
from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from django.conf import settings
from django.core.cache import cache

from kantyna.payments.providers.base import (
    Notification,
    NotificationRefused,
    PaymentProvider,
    PaymentRequest,
    ProviderError,
    ProviderStatus,
    Registration,
    json_http_call,
    provider_call,
)

NAME = "tpay"
API_HOSTS = {False: "https://api.tpay.com", True: "https://openapi.sandbox.tpay.com"}
CERTIFICATE_HOSTS = {False: "secure.tpay.com", True: "secure.sandbox.tpay.com"}
CERTIFICATE_URLS = {
    sandbox: f"https://{host}/x509/notifications-jws.pem" for sandbox, host in CERTIFICATE_HOSTS.items()
}
ROOT_CERTIFICATE_URLS = {
    sandbox: f"https://{host}/x509/tpay-jws-root.pem" for sandbox, host in CERTIFICATE_HOSTS.items()
}
MD5_FIELDS = ("id", "tr_id", "tr_amount", "tr_crc")
REQUIRED_FIELDS = (*MD5_FIELDS, "tr_paid", "tr_status", "md5sum")
PAID_STATUSES = {"TRUE", "PAID"}  # tr_status of a paid transaction (legacy TRUE, OpenAPI PAID)
MINIMUM_KEY_BITS = 2048

# (method, url, headers, body) -> (HTTP status, parsed JSON answer)
Transport = Callable[[str, str, dict, bytes | None], tuple[int, dict]]
CertificateSource = Callable[[str], str]  # certificate URL -> its PEM
RootSource = Callable[[], str]  # -> the root CA's PEM


# --- RS256 (the cryptography package) ----------------------------------------------------------------------------


def b64url_decode(text: str) -> bytes:
    if not re.fullmatch(r"[A-Za-z0-9_-]*", text):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))  # binascii.Error is a ValueError


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def public_key_from_certificate(pem: str) -> rsa.RSAPublicKey:
    """The RSA public key of an X.509 certificate (PEM); ValueError if it is not one of at least 2048 bits."""
    key = x509.load_pem_x509_certificate(pem.encode()).public_key()
    if not isinstance(key, rsa.RSAPublicKey):
        raise ValueError("not an RSA certificate")
    if key.key_size < MINIMUM_KEY_BITS:
        raise ValueError("RSA key too short")
    return key


def rs256_verify(key: rsa.RSAPublicKey, message: bytes, signature: bytes) -> bool:
    try:
        key.verify(signature, message, padding.PKCS1v15(), hashes.SHA256())
    except InvalidSignature:
        return False
    return True


def http_transport(method: str, url: str, headers: dict, body: bytes | None) -> tuple[int, dict]:
    return json_http_call(method, url, headers, body, provider=NAME)


def _fetch_pem(url: str, *, check: Callable[[str], object]) -> str:
    """The PEM at `url`, cached for a day once `check` (raising ValueError) accepts it."""
    cache_key = f"tpay-jws-certificate:{url}"
    pem = cache.get(cache_key)
    if pem is None:
        try:
            status, content = provider_call("GET", url, {}, None, provider=NAME)
            if status != 200:
                raise NotificationRefused(f"tpay certificate unavailable: Tpay answered {status}")
            pem = content.decode("ascii")
        except (ProviderError, UnicodeDecodeError) as error:
            raise NotificationRefused(f"tpay certificate unavailable: {error}") from error
        try:
            check(pem)  # an unusable answer is not kept for a day
        except ValueError as error:
            raise NotificationRefused(f"tpay certificate unusable: {error}") from error
        cache.set(cache_key, pem, 24 * 3600)
    return pem


def fetch_certificate(url: str) -> str:
    """Tpay's notification certificate (PEM) at `url` (checked by `certificate_url_allowed`), cached for a day."""
    return _fetch_pem(url, check=public_key_from_certificate)


def root_certificate(sandbox: bool) -> str:
    """Tpay's JWS root CA (PEM): settings.PAYMENTS_TPAY_ROOT_CA, else the published one, cached for a day."""
    return settings.PAYMENTS_TPAY_ROOT_CA or _fetch_pem(
        ROOT_CERTIFICATE_URLS[sandbox], check=lambda pem: x509.load_pem_x509_certificate(pem.encode())
    )


def certificate_url_allowed(url: object, *, sandbox: bool) -> bool:
    """Whether a JWS's `x5u` names a certificate on Tpay's own host: https, no port, user or query, under /x509/."""
    if not isinstance(url, str):
        return False
    parts = urllib.parse.urlsplit(url)
    return (
        parts.scheme == "https"
        and parts.netloc == CERTIFICATE_HOSTS[sandbox]
        and parts.path.startswith("/x509/")
        and ".." not in parts.path
        and not parts.query
        and not parts.fragment
    )


def check_issued_by_root(certificate_pem: str, root_pem: str) -> None:
    """ValueError unless the certificate is signed by the root CA (issuer named as the root, the root's key) and
    both are within their validity."""
    certificate = x509.load_pem_x509_certificate(certificate_pem.encode())
    root = x509.load_pem_x509_certificate(root_pem.encode())
    try:
        constraints = root.extensions.get_extension_for_class(x509.BasicConstraints).value
    except x509.ExtensionNotFound:
        constraints = None
    if constraints is None or not constraints.ca:
        raise ValueError("the root is not a CA certificate")
    try:
        certificate.verify_directly_issued_by(root)
    except (InvalidSignature, TypeError) as error:
        raise ValueError("not signed by Tpay's root CA") from error
    now = datetime.datetime.now(datetime.UTC)
    for which in (certificate, root):
        if not which.not_valid_before_utc <= now <= which.not_valid_after_utc:
            raise ValueError("outside its validity")


def tpay_amount(grosze: int) -> str:
    return f"{Decimal(grosze) / 100:.2f}"


def to_grosze(text: str) -> int:
    try:
        value = Decimal(text)
    except InvalidOperation as error:
        raise NotificationRefused("amount is not a number") from error
    if not value.is_finite() or value != value.quantize(Decimal("0.01")):
        raise NotificationRefused("amount is not in grosze")
    return int(value * 100)


class Tpay(PaymentProvider):
    """One tenant's Tpay account: `config` is its settings (payment_methods_config.tpay)."""

    name = NAME

    def __init__(
        self,
        config: dict,
        *,
        transport: Transport | None = None,
        certificate: CertificateSource | None = None,
        root: RootSource | None = None,
    ):
        self.merchant_id = int(config.get("merchant_id") or 0)
        self.client_id = config.get("client_id") or ""
        self.client_secret = config.get("client_secret") or ""
        self.security_code = config.get("security_code") or ""
        self.sandbox = bool(config.get("sandbox"))
        self.host = API_HOSTS[self.sandbox]
        self.certificate_url = CERTIFICATE_URLS[self.sandbox]
        self.transport = transport or http_transport
        self.certificate = certificate or fetch_certificate
        self.root = root or (lambda: root_certificate(self.sandbox))

    # --- signatures ---------------------------------------------------------------------------------------------

    def md5sum(self, fields: dict) -> str:
        return hashlib.md5(
            ("".join(fields[name] for name in MD5_FIELDS) + self.security_code).encode(), usedforsecurity=False
        ).hexdigest()

    def verify_jws(self, body: bytes, jws: str) -> None:
        parts = jws.split(".")
        if len(parts) != 3 or parts[1] != "":
            raise NotificationRefused("X-JWS-Signature is not a detached JWS")
        try:
            header = json.loads(b64url_decode(parts[0]))
            signature = b64url_decode(parts[2])
        except ValueError as error:
            raise NotificationRefused("X-JWS-Signature unreadable") from error
        if not isinstance(header, dict) or header.get("alg") != "RS256":
            raise NotificationRefused("X-JWS-Signature: not RS256")
        x5u = header.get("x5u")
        if not certificate_url_allowed(x5u, sandbox=self.sandbox):
            raise NotificationRefused("X-JWS-Signature: not Tpay's certificate")
        pem = self.certificate(x5u)
        try:
            key = public_key_from_certificate(pem)
        except ValueError as error:
            raise NotificationRefused(f"tpay certificate unusable: {error}") from error
        try:
            check_issued_by_root(pem, self.root())
        except ValueError as error:
            raise NotificationRefused(f"tpay certificate not trusted: {error}") from error
        if not rs256_verify(key, f"{parts[0]}.{b64url_encode(body)}".encode(), signature):
            raise NotificationRefused("wrong JWS signature")

    # --- calls ----------------------------------------------------------------------------------------------------

    def _token(self) -> str:
        body = urllib.parse.urlencode({"client_id": self.client_id, "client_secret": self.client_secret}).encode()
        status, answer = self.transport(
            "POST", f"{self.host}/oauth/auth", {"Content-Type": "application/x-www-form-urlencoded"}, body
        )
        token = answer.get("access_token") if status == 200 and isinstance(answer, dict) else None
        if not token:
            raise ProviderError(f"tpay oauth: {status}")
        return token

    def _call(self, method: str, path: str, payload: dict | None = None) -> tuple[int, dict]:
        headers = {"Authorization": f"Bearer {self._token()}", "Accept": "application/json"}
        body = None
        if payload is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(payload).encode()
        status, answer = self.transport(method, f"{self.host}/{path}", headers, body)
        if not isinstance(answer, dict):
            answer = {}
        return status, answer

    def create(self, request: PaymentRequest) -> Registration:
        if request.currency != "PLN":
            raise ProviderError("tpay: PLN only")
        status, answer = self._call(
            "POST",
            "transactions",
            {
                "amount": float(request.amount),
                "description": request.description[:128],
                "hiddenDescription": request.session_id,
                "lang": request.language if request.language in ("pl", "en") else "pl",
                "payer": {"email": request.email, "name": request.email.split("@")[0] or "Kantyna"},
                "callbacks": {
                    "payerUrls": {"success": request.url_return, "error": request.url_return},
                    "notification": {"url": request.url_status},
                },
            },
        )
        if status != 200 or answer.get("result") != "success" or not answer.get("transactionPaymentUrl"):
            raise ProviderError(f"tpay POST transactions: {status}")
        return Registration(token=str(answer["transactionId"]), redirect_url=answer["transactionPaymentUrl"])

    def verify_notification(self, body: bytes, headers=None) -> Notification:
        try:
            pairs = urllib.parse.parse_qsl(body.decode("utf-8"), keep_blank_values=True, strict_parsing=True)
        except (UnicodeDecodeError, ValueError) as error:
            raise NotificationRefused("not a form") from error
        fields = dict(pairs)
        if len(fields) != len(pairs):
            raise NotificationRefused("a field repeated")
        for name in REQUIRED_FIELDS:
            if not isinstance(fields.get(name), str) or "\x00" in fields[name]:
                raise NotificationRefused(f"{name} missing")
        if not self.security_code:
            raise NotificationRefused("no security code configured")
        if not hmac.compare_digest(fields["md5sum"].lower().encode(), self.md5sum(fields).encode()):
            raise NotificationRefused("wrong md5sum")
        self.verify_jws(body, (headers or {}).get("X-JWS-Signature") or "")
        if fields["id"] != str(self.merchant_id):
            raise NotificationRefused("another merchant")
        to_grosze(fields["tr_amount"])
        # A signed notice of another state (FALSE: not paid, CHARGEBACK, a paid one with an error such as a
        # surcharge missing) is acknowledged with TRUE, or Tpay sends it again and again, and credits nothing.
        paid = fields["tr_status"] in PAID_STATUSES and fields.get("tr_error", "none") in ("none", "overpay")
        return Notification(
            session_id=fields["tr_crc"],
            order_id=fields["tr_id"],
            amount=to_grosze(fields["tr_paid"]),
            currency="PLN",
            raw=fields,
            paid=paid,
        )

    def finalize(self, *, session_id: str, order_id: str, amount: int, currency: str) -> None:
        """Tpay has no confirmation call: its signed notification (md5sum and JWS) is its word."""

    def status(self, *, session_id: str) -> ProviderStatus:
        from kantyna.payments.models import Payment  # noqa: PLC0415 - the adapter needs only this one lookup

        token = Payment.objects.filter(session_id=session_id, provider=NAME).values_list("token", flat=True).first()
        if not token:
            return ProviderStatus("missing")
        status, answer = self._call("GET", f"transactions/{urllib.parse.quote(token)}")
        if status == 404:
            return ProviderStatus("missing")
        if status != 200:
            raise ProviderError(f"tpay GET transactions: {status}")
        if answer.get("status") in ("correct", "paid"):
            try:
                amount = to_grosze(str(answer.get("amount", "0")))
            except (ArithmeticError, ValueError, NotificationRefused) as error:
                raise ProviderError(f"tpay GET transactions: amount {answer.get('amount')!r}") from error
            return ProviderStatus("paid", order_id=str(answer.get("title", "")), amount=amount, currency="PLN")
        return ProviderStatus("pending")
