"""The KSeF 2.0 API client: one invoice per interactive (online) session, authenticated with a KSeF token.

The protocol, as the Ministry documents it (ksef-docs: uwierzytelnianie, sesja-interaktywna, klucze publiczne):
1. `POST /auth/challenge` gives a challenge and its timestamp; `"{token}|{timestampMs}"` is encrypted with the
   Ministry's public key for KSeF tokens (RSA-OAEP, SHA-256 and MGF1-SHA-256) and sent to `POST /auth/ksef-token`
   with the challenge and the seller's NIP as context; `GET /auth/{reference}` is polled until the authentication
   succeeds (code 200; 100 means in progress); `POST /auth/token/redeem` gives the access token (a JWT).
2. A fresh AES-256 key and IV: the key encrypted with the Ministry's public key for symmetric keys opens
   `POST /sessions/online` for FA(3); the invoice, encrypted AES-256-CBC with PKCS#7 padding, goes to
   `POST /sessions/online/{session}/invoices` with the SHA-256 (Base64) and size of the plain and encrypted file;
   `POST /sessions/online/{session}/close` ends the session.
3. `GET /sessions/{session}/invoices/{invoice}` tells the invoice's state (100 and 150 processing, 200 accepted
   with its KSeF number, 4xx refused); the UPO is `GET /sessions/{session}/invoices/ksef/{number}/upo`.

The Ministry's public keys come from `GET /security/public-key-certificates` (X.509, DER in Base64), chosen by
usage and validity; the key's id is sent along so a key rotation is never ambiguous. The reference this client
hands out is "{session reference}/{invoice reference}".
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from cryptography import x509
from cryptography.hazmat.primitives import hashes, padding
from cryptography.hazmat.primitives.asymmetric import padding as asymmetric_padding
from cryptography.hazmat.primitives.asymmetric.rsa import RSAPublicKey
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from django.conf import settings

from kantyna.core.outbound import OutboundError, outbound_request

from .client import KsefState, KsefStatus, KsefSubmission
from .errors import KsefInvalidInvoice, KsefSendError
from .fa3 import validate_fa3

logger = logging.getLogger(__name__)

# The largest answer read (a UPO is a few kilobytes, the public key certificates less).
MAX_ANSWER_BYTES = 4 * 1024 * 1024
FORM_CODE = {"systemCode": "FA (3)", "schemaVersion": "1-0E", "value": "FA"}
TOKEN_KEY = "KsefTokenEncryption"
SYMMETRIC_KEY = "SymmetricKeyEncryption"
AUTH_IN_PROGRESS = 100
AUTH_DONE = 200
INVOICE_PROCESSING = (100, 150)
INVOICE_ACCEPTED = 200


def oaep() -> asymmetric_padding.OAEP:
    return asymmetric_padding.OAEP(mgf=asymmetric_padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None)


def aes_cbc_encrypt(content: bytes, key: bytes, iv: bytes) -> bytes:
    padder = padding.PKCS7(128).padder()
    padded = padder.update(content) + padder.finalize()
    encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    return encryptor.update(padded) + encryptor.finalize()


def sha256_b64(content: bytes) -> str:
    return base64.b64encode(hashlib.sha256(content).digest()).decode("ascii")


def _b64(content: bytes) -> str:
    return base64.b64encode(content).decode("ascii")


def _when(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


class ApiKsefClient:
    def __init__(
        self,
        *,
        base_url: str,
        nip: str,
        token: str,
        timeout: float = 30.0,
        poll_interval: float = 1.0,
        poll_attempts: int = 30,
        sleep: Callable[[float], None] = time.sleep,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
    ):
        self.base_url = base_url.rstrip("/")
        self.nip = nip
        self.token = token
        self.timeout = timeout
        self.poll_interval = poll_interval
        self.poll_attempts = poll_attempts
        self.sleep = sleep
        self.now = now
        self._access: tuple[str, datetime] | None = None
        self._keys: list[dict] | None = None

    def send(self, xml: bytes) -> KsefSubmission:
        errors = validate_fa3(xml)
        if errors:
            raise KsefInvalidInvoice("the FA(3) schema refuses the invoice: " + "; ".join(errors[:3]), errors=errors)
        access = self._access_token()
        key, iv = os.urandom(32), os.urandom(16)
        public_key, public_key_id = self._public_key(SYMMETRIC_KEY)
        opened = self._call(
            "POST",
            "/sessions/online",
            {
                "formCode": FORM_CODE,
                "encryption": {
                    "encryptedSymmetricKey": _b64(public_key.encrypt(key, oaep())),
                    "initializationVector": _b64(iv),
                    "publicKeyId": public_key_id,
                },
            },
            bearer=access,
        )
        session = opened["referenceNumber"]
        encrypted = aes_cbc_encrypt(xml, key, iv)
        try:
            sent = self._call(
                "POST",
                f"/sessions/online/{session}/invoices",
                {
                    "invoiceHash": sha256_b64(xml),
                    "invoiceSize": len(xml),
                    "encryptedInvoiceHash": sha256_b64(encrypted),
                    "encryptedInvoiceSize": len(encrypted),
                    "encryptedInvoiceContent": _b64(encrypted),
                },
                bearer=access,
            )
        finally:
            self._close(session, access)
        return KsefSubmission(reference_number=f"{session}/{sent['referenceNumber']}")

    def status(self, reference: str) -> KsefStatus:
        session, _, invoice = reference.partition("/")
        if not session or not invoice or "/" in invoice:
            raise ValueError(f"not a reference this client gave: {reference!r}")
        access = self._access_token()
        answer = self._call("GET", f"/sessions/{session}/invoices/{invoice}", bearer=access)
        code = int(answer["status"]["code"])
        description = answer["status"].get("description", "")
        details = answer["status"].get("details") or []
        if details:
            description = f"{description}: {'; '.join(details)}"
        if code in INVOICE_PROCESSING:
            return KsefStatus(state=KsefState.PROCESSING, code=code, description=description)
        if code != INVOICE_ACCEPTED:
            return KsefStatus(state=KsefState.REJECTED, code=code, description=description)
        number = answer.get("ksefNumber") or ""
        if not number:
            return KsefStatus(state=KsefState.PROCESSING, code=code, description=description)
        try:
            upo = self.upo(reference, number)
        except KsefSendError:
            # The invoice is in KSeF; its UPO may not be ready yet: accepted without it, asked for again later.
            logger.warning("KSeF UPO of %s not available yet", number, exc_info=True)
            upo = None
        return KsefStatus(state=KsefState.ACCEPTED, ksef_number=number, upo=upo, code=code, description=description)

    def upo(self, reference: str, ksef_number: str) -> bytes:
        session, _, invoice = reference.partition("/")
        if not session or not invoice or "/" in invoice:
            raise ValueError(f"not a reference this client gave: {reference!r}")
        access = self._access_token()
        return self._call("GET", f"/sessions/{session}/invoices/ksef/{ksef_number}/upo", bearer=access, raw=True)

    def _close(self, session: str, access: str) -> None:
        # A session left open closes itself when it expires; a failed close must not lose a sent invoice's reference.
        try:
            self._call("POST", f"/sessions/online/{session}/close", None, bearer=access, raw=True)
        except KsefSendError:
            logger.warning("KSeF session %s could not be closed", session, exc_info=True)

    def _access_token(self) -> str:
        if self._access and self._access[1] > self.now() + timedelta(minutes=1):
            return self._access[0]
        challenge = self._call("POST", "/auth/challenge", None)
        public_key, public_key_id = self._public_key(TOKEN_KEY)
        secret = f"{self.token}|{challenge['timestampMs']}".encode()
        started = self._call(
            "POST",
            "/auth/ksef-token",
            {
                "challenge": challenge["challenge"],
                "contextIdentifier": {"type": "Nip", "value": self.nip},
                "encryptedToken": _b64(public_key.encrypt(secret, oaep())),
                "publicKeyId": public_key_id,
            },
        )
        operation = started["authenticationToken"]["token"]
        reference = started["referenceNumber"]
        for attempt in range(self.poll_attempts):
            state = self._call("GET", f"/auth/{reference}", bearer=operation)["status"]
            if state["code"] == AUTH_DONE:
                break
            if state["code"] != AUTH_IN_PROGRESS:
                details = "; ".join(state.get("details") or [])
                raise KsefSendError(
                    f"KSeF refused the authentication: {state['code']} {state.get('description', '')} {details}".strip(),
                    status=state["code"],
                )
            if attempt + 1 < self.poll_attempts:
                self.sleep(self.poll_interval)
        else:
            raise KsefSendError("KSeF did not finish the authentication in time")
        tokens = self._call("POST", "/auth/token/redeem", None, bearer=operation)
        access = tokens["accessToken"]
        self._access = (access["token"], _when(access["validUntil"]))
        return access["token"]

    def _public_key(self, usage: str) -> tuple[RSAPublicKey, str]:
        if self._keys is None:
            self._keys = self._call("GET", "/security/public-key-certificates", None)
        now = self.now()
        usable = [
            entry
            for entry in self._keys
            if usage in entry.get("usage", []) and _when(entry["validFrom"]) <= now <= _when(entry["validTo"])
        ]
        if not usable:
            raise KsefSendError(f"KSeF publishes no valid public key for {usage}")
        entry = max(usable, key=lambda entry: _when(entry["validFrom"]))
        certificate = x509.load_der_x509_certificate(base64.b64decode(entry["certificate"]))
        public_key = certificate.public_key()
        if not isinstance(public_key, RSAPublicKey):
            raise KsefSendError(f"the KSeF public key for {usage} is not an RSA key")
        return public_key, entry["publicKeyId"]

    def _call(self, method: str, path: str, body: dict | None = None, *, bearer: str = "", raw: bool = False):
        headers = {"Accept": "application/xml" if raw else "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        elif method == "POST":
            data = b""
        if bearer:
            headers["Authorization"] = f"Bearer {bearer}"
        try:
            response = outbound_request(
                method,
                f"{self.base_url}{path}",
                headers=headers,
                body=data,
                # The Ministry's host is public; KSEF_ANY_ADDRESS lets a deployment (tests) use a local stand-in.
                allow_private=settings.KSEF_ANY_ADDRESS,
                timeout=self.timeout,
                max_bytes=MAX_ANSWER_BYTES,
            )
        except OutboundError as error:
            raise KsefSendError(f"KSeF could not be reached ({method} {path}): {error}") from error
        content = response.body
        if response.status >= 400:
            raise KsefSendError(
                f"KSeF answered {response.status} to {method} {path}: {_error_text(content)}", status=response.status
            )
        if raw:
            return content
        try:
            return json.loads(content or b"{}")
        except ValueError as error:
            raise KsefSendError(f"KSeF's answer to {method} {path} is not JSON") from error


def _error_text(body: bytes) -> str:
    """The reason in a KSeF error body: its exception list, or a problem-details title and detail; never the body
    itself (what is not KSeF's error shape is not worded)."""
    try:
        answer = json.loads(body)
    except ValueError:
        return "no reason given"
    if not isinstance(answer, dict):
        return "no reason given"
    listed = (answer.get("exception") or {}).get("exceptionDetailList") or []
    if listed:
        return "; ".join(
            f"{item.get('exceptionCode')} {item.get('exceptionDescription', '')}".strip() for item in listed
        )
    return " ".join(str(answer[key]) for key in ("title", "detail") if answer.get(key)) or "no reason given"
