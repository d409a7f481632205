"""The Ministry's side of the KSeF 2.0 API, played on 127.0.0.1 for the API client's tests (no network).

It has its own RSA keys behind self-signed certificates published as `/security/public-key-certificates` does,
and checks what a client sends the way KSeF would: the KSeF token decrypted with its private key and matched with
the challenge's timestamp, the session's AES key decrypted, the invoice decrypted with it and its hashes and sizes
compared, the XML validated against FA(3). Accepted invoices get a KSeF number in the official format."""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import re
import threading
import uuid
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography import x509
from cryptography.hazmat.primitives import hashes, padding, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.x509.oid import NameOID
from lxml import etree

from kantyna.invoices.ksef.api import oaep
from kantyna.invoices.ksef.client import ksef_number
from kantyna.invoices.ksef.fa3 import NS, validate_fa3

UPO_NS = "http://upo.schematy.mf.gov.pl/KSeF/v4-2"
VALID_TOKEN = "20260301-EC-1A2B3C4D5E-6F7A8B9C0D-E1|nip-1234563218|0123456789abcdef"


@functools.cache  # one key per usage for the whole run: RSA key generation is the slow part
def _key_and_certificate(usage: str) -> tuple[rsa.RSAPrivateKey, dict]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Ministerstwo Finansów (test)")])
    now = datetime.now(UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=365))
        .sign(key, hashes.SHA256())
    )
    der = certificate.public_bytes(serialization.Encoding.DER)
    spki = key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    entry = {
        "certificate": base64.b64encode(der).decode(),
        "certificateId": base64.b64encode(hashlib.sha256(der).digest()).decode(),
        "publicKeyId": base64.b64encode(hashlib.sha256(spki).digest()).decode(),
        "validFrom": (now - timedelta(days=1)).isoformat(),
        "validTo": (now + timedelta(days=365)).isoformat(),
    }
    return key, entry


@dataclass
class Session:
    key: bytes
    iv: bytes
    closed: bool = False
    invoices: dict[str, dict] = field(default_factory=dict)


@dataclass
class Ministry:
    token: str = VALID_TOKEN
    nip: str = "1234563218"
    auth_polls_in_progress: int = 1  # how many status polls answer "in progress" before success
    invoice_polls_in_progress: int = 0
    fail_with: dict[str, int] = field(default_factory=dict)  # path regex -> HTTP status to answer instead
    calls: list[str] = field(default_factory=list)
    sessions: dict[str, Session] = field(default_factory=dict)
    hashes_seen: set[str] = field(default_factory=set)
    today: date = date(2026, 3, 2)

    def __post_init__(self):
        self.token_key, token_entry = _key_and_certificate("KsefTokenEncryption")
        self.session_key, session_entry = _key_and_certificate("SymmetricKeyEncryption")
        self.certificates = [
            {**token_entry, "usage": ["KsefTokenEncryption"]},
            {**session_entry, "usage": ["SymmetricKeyEncryption"]},
        ]
        self.challenges: dict[str, int] = {}
        self.authentications: dict[str, dict] = {}  # operation token -> state
        self.access_tokens: set[str] = set()

    # The routes: (status, JSON answer or bytes).
    def handle(self, method: str, path: str, headers, body: bytes):
        self.calls.append(f"{method} {path}")
        for pattern, status in self.fail_with.items():
            if re.search(pattern, path):
                return status, {
                    "exception": {"exceptionDetailList": [{"exceptionCode": 9, "exceptionDescription": "Awaria"}]}
                }
        bearer = (headers.get("Authorization") or "").removeprefix("Bearer ")
        if method == "GET" and path == "/security/public-key-certificates":
            return 200, self.certificates
        if method == "POST" and path == "/auth/challenge":
            challenge = str(uuid.uuid4())
            self.challenges[challenge] = 1_772_440_215_123
            return 200, {
                "challenge": challenge,
                "timestamp": "2026-03-02T08:30:15.123Z",
                "timestampMs": self.challenges[challenge],
                "clientIp": "127.0.0.1",
            }
        if method == "POST" and path == "/auth/ksef-token":
            return self._auth_start(json.loads(body))
        if method == "GET" and path.startswith("/auth/") and bearer in self.authentications:
            state = self.authentications[bearer]
            if state["code"] == 200 and state["polls"] < self.auth_polls_in_progress:
                state["polls"] += 1
                return 200, {"status": {"code": 100, "description": "Uwierzytelnianie w toku"}}
            return 200, {"status": {"code": state["code"], "description": state["description"]}}
        if method == "POST" and path == "/auth/token/redeem":
            state = self.authentications.get(bearer)
            if not state or state["code"] != 200 or state.get("redeemed"):
                return 400, {
                    "exception": {
                        "exceptionDetailList": [{"exceptionCode": 21301, "exceptionDescription": "Brak autoryzacji"}]
                    }
                }
            state["redeemed"] = True
            access = f"access-{uuid.uuid4()}"
            self.access_tokens.add(access)
            valid = (datetime.now(UTC) + timedelta(minutes=15)).isoformat()
            return 200, {
                "accessToken": {"token": access, "validUntil": valid},
                "refreshToken": {"token": "refresh", "validUntil": valid},
            }
        if bearer not in self.access_tokens:
            return 401, {"title": "Unauthorized", "detail": "no access token"}
        if method == "POST" and path == "/sessions/online":
            return self._open(json.loads(body))
        if match := re.fullmatch(r"/sessions/online/([^/]+)/invoices", path):
            return self._receive(match[1], json.loads(body))
        if match := re.fullmatch(r"/sessions/online/([^/]+)/close", path):
            self.sessions[match[1]].closed = True
            return 204, b""
        if match := re.fullmatch(r"/sessions/([^/]+)/invoices/ksef/([^/]+)/upo", path):
            return self._upo(match[1], match[2])
        if match := re.fullmatch(r"/sessions/([^/]+)/invoices/([^/]+)", path):
            invoice = self.sessions[match[1]].invoices[match[2]]
            if invoice["polls"] < self.invoice_polls_in_progress:
                invoice["polls"] += 1
                return 200, {"status": {"code": 150, "description": "Trwa przetwarzanie"}}
            return 200, invoice["answer"]
        return 404, {"title": "Not Found"}

    def _upo(self, session_reference: str, number: str):
        """The invoice's UPO, shaped as the Ministry's (v4-2); 404 for a number the session did not get."""
        session = self.sessions.get(session_reference)
        invoices = session.invoices.values() if session else []
        if not any(invoice["answer"].get("ksefNumber") == number for invoice in invoices):
            return 404, {"title": "Not Found", "detail": "no UPO"}
        upo = (
            f'<?xml version="1.0" encoding="UTF-8"?><Potwierdzenie xmlns="{UPO_NS}">'
            "<NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>"
            f"<NumerReferencyjnySesji>{session_reference}</NumerReferencyjnySesji>"
            f"<Dokument><NipSprzedawcy>{self.nip}</NipSprzedawcy><NumerKSeFDokumentu>{number}</NumerKSeFDokumentu>"
            "<TrybWysylki>Online</TrybWysylki></Dokument></Potwierdzenie>"
        )
        return 200, upo.encode()

    def _auth_start(self, request: dict):
        entry = next(c for c in self.certificates if "KsefTokenEncryption" in c["usage"])
        assert request["publicKeyId"] == entry["publicKeyId"]
        secret = self.token_key.decrypt(base64.b64decode(request["encryptedToken"]), oaep()).decode()
        token, _, stamp = secret.rpartition("|")
        ok = (
            token == self.token
            and int(stamp) == self.challenges.pop(request["challenge"], None)
            and request["contextIdentifier"] == {"type": "Nip", "value": self.nip}
        )
        operation = f"operation-{uuid.uuid4()}"
        self.authentications[operation] = (
            {"code": 200, "description": "Uwierzytelnianie zakończone sukcesem", "polls": 0}
            if ok
            else {
                "code": 450,
                "description": "Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu",
                "polls": 0,
            }
        )
        return 202, {
            "referenceNumber": str(uuid.uuid4())[:36],
            "authenticationToken": {"token": operation, "validUntil": "2026-03-02T09:00:00Z"},
        }

    def _open(self, request: dict):
        assert request["formCode"] == {"systemCode": "FA (3)", "schemaVersion": "1-0E", "value": "FA"}
        encryption = request["encryption"]
        entry = next(c for c in self.certificates if "SymmetricKeyEncryption" in c["usage"])
        assert encryption["publicKeyId"] == entry["publicKeyId"]
        key = self.session_key.decrypt(base64.b64decode(encryption["encryptedSymmetricKey"]), oaep())
        iv = base64.b64decode(encryption["initializationVector"])
        assert (len(key), len(iv)) == (32, 16)
        reference = f"20260302-SO-{uuid.uuid4().hex[:10].upper()}-{uuid.uuid4().hex[:10].upper()}-AB"
        self.sessions[reference] = Session(key=key, iv=iv)
        return 201, {"referenceNumber": reference, "validUntil": "2026-03-02T21:00:00Z"}

    def _receive(self, session_reference: str, request: dict):
        session = self.sessions[session_reference]
        assert not session.closed
        encrypted = base64.b64decode(request["encryptedInvoiceContent"])
        assert request["encryptedInvoiceSize"] == len(encrypted)
        assert request["encryptedInvoiceHash"] == base64.b64encode(hashlib.sha256(encrypted).digest()).decode()
        decryptor = Cipher(algorithms.AES(session.key), modes.CBC(session.iv)).decryptor()
        unpadder = padding.PKCS7(128).unpadder()
        xml = unpadder.update(decryptor.update(encrypted) + decryptor.finalize()) + unpadder.finalize()
        assert request["invoiceSize"] == len(xml)
        assert request["invoiceHash"] == base64.b64encode(hashlib.sha256(xml).digest()).decode()

        reference = f"20260302-EE-{uuid.uuid4().hex[:10].upper()}-{uuid.uuid4().hex[:10].upper()}-CD"
        if validate_fa3(xml):
            answer = {"status": {"code": 430, "description": "Błąd weryfikacji pliku faktury", "details": ["schema"]}}
        elif request["invoiceHash"] in self.hashes_seen:
            answer = {"status": {"code": 440, "description": "Duplikat faktury"}}
        else:
            self.hashes_seen.add(request["invoiceHash"])
            seller = etree.fromstring(xml).findtext(f"{{{NS}}}Podmiot1/{{{NS}}}DaneIdentyfikacyjne/{{{NS}}}NIP")
            number = ksef_number(seller, self.today, hashlib.sha256(xml).hexdigest()[:12])
            answer = {
                "status": {"code": 200, "description": "Sukces"},
                "ksefNumber": number,
                "referenceNumber": reference,
            }
        session.invoices[reference] = {"answer": answer, "polls": 0, "xml": xml}
        return 202, {"referenceNumber": reference}


class _Handler(BaseHTTPRequestHandler):
    ministry: Ministry
    prefix = "/v2"

    def _serve(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        path = self.path.removeprefix(self.prefix)
        try:
            status, answer = self.ministry.handle(self.command, path, self.headers, body)
        except AssertionError as error:  # the client sent something KSeF would refuse
            status, answer = 400, {"title": "Bad Request", "detail": f"test ministry: {error!r}"}
        self.send_response(status)
        if isinstance(answer, bytes):
            self.send_header("Content-Type", "application/xml")
            content = answer
        else:
            self.send_header("Content-Type", "application/json")
            content = json.dumps(answer).encode()
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        self.wfile.write(content)

    do_GET = _serve
    do_POST = _serve

    def log_message(self, format, *args):  # keep the test output quiet
        pass


class MinistryServer:
    """`with MinistryServer() as (ministry, base_url):` a running fake KSeF at base_url."""

    def __init__(self, ministry: Ministry | None = None):
        self.ministry = ministry or Ministry()
        handler = type("Handler", (_Handler,), {"ministry": self.ministry})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        host, port = self.server.server_address[:2]
        return self.ministry, f"http://{host}:{port}/v2"

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)
