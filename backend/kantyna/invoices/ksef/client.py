"""Sending FA(3) invoices to KSeF through one interface: `send` gives a reference, `status` of that reference tells
when KSeF has accepted the invoice (its KSeF number and UPO, the official receipt) or rejected it.

Which client: the `KSEF_CLIENT` setting, "fake" (the default: tests, development and the demo; no network) or "api"
(the KSeF 2.0 API at `KSEF_API_URL`, with the tenant's NIP and KSeF token; `api.py`). The API's environments are
listed in `KSEF_API_URLS`; the default is the test environment, so production is always a deliberate setting.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import Protocol

from django.conf import settings
from lxml import etree

from .errors import KsefInvalidInvoice, KsefSendError
from .fa3 import NS, validate_fa3

# The KSeF 2.0 API's environments (the Ministry's "Środowiska KSeF API 2.0" table).
KSEF_API_URLS = {
    "test": "https://api-test.ksef.mf.gov.pl/v2",
    "demo": "https://api-demo.ksef.mf.gov.pl/v2",
    "production": "https://api.ksef.mf.gov.pl/v2",
}

# NIP-YYYYMMDD-12 hex digits-CRC-8 (35 characters), as the Ministry's "Numer KSeF - struktura i walidacja" says.
KSEF_NUMBER = re.compile(r"(?P<data>\d{10}-\d{8}-[0-9A-F]{12})-(?P<crc>[0-9A-F]{2})")


class KsefState(StrEnum):
    PROCESSING = "processing"  # received, being verified: ask again later
    ACCEPTED = "accepted"  # in KSeF: `ksef_number` and `upo` set
    REJECTED = "rejected"  # refused for good: `code` and `description` say why


@dataclass(frozen=True)
class KsefSubmission:
    """A sent invoice. `reference_number` is opaque: keep it and pass it to `status`."""

    reference_number: str


@dataclass(frozen=True)
class KsefStatus:
    state: KsefState
    ksef_number: str = ""
    upo: bytes | None = None  # the UPO XML (urzędowe poświadczenie odbioru) once accepted
    code: int | None = None  # KSeF's status code (200 accepted, 4xx refusals)
    description: str = ""


class KsefClient(Protocol):
    def send(self, xml: bytes) -> KsefSubmission: ...

    def status(self, reference: str) -> KsefStatus: ...


def ksef_client(*, nip: str = "", token: str = "") -> KsefClient:
    """The client the settings choose, for a tenant whose NIP and KSeF token are given (the fake needs neither)."""
    kind = settings.KSEF_CLIENT
    if kind == "fake":
        return FakeKsefClient()
    if kind == "api":
        from .api import ApiKsefClient  # noqa: PLC0415 - the API client (and its crypto) only when configured

        if not nip or not token:
            raise KsefSendError("sending to KSeF needs the seller's NIP and a KSeF token")
        return ApiKsefClient(
            base_url=settings.KSEF_API_URL,
            nip=nip,
            token=token,
            timeout=float(settings.KSEF_TIMEOUT_SECONDS),
        )
    raise ValueError(f"KSEF_CLIENT must be 'fake' or 'api', not {kind!r}")


def crc8(data: bytes) -> int:
    """CRC-8 with polynomial 0x07 and initial value 0x00: the KSeF number's check digits."""
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
    return crc


def ksef_number(nip: str, day: date, technical: str) -> str:
    data = f"{nip}-{day:%Y%m%d}-{technical.upper()}"
    return f"{data}-{crc8(data.encode('ascii')):02X}"


def is_ksef_number(value: str) -> bool:
    match = KSEF_NUMBER.fullmatch(value)
    return bool(match) and f"{crc8(match['data'].encode('ascii')):02X}" == match["crc"]


class FakeKsefClient:
    """KSeF without KSeF: checks the XML against the schema as KSeF would, and accepts it at once.

    Stateless and deterministic, so a status asked in another process (the job worker) answers the same: the
    reference carries the seller's NIP, the day the invoice was written and a digest of the XML, and the KSeF
    number is made from them in the official format (with a valid CRC-8). The same XML gives the same number."""

    def send(self, xml: bytes) -> KsefSubmission:
        errors = validate_fa3(xml)
        if errors:
            raise KsefInvalidInvoice("the FA(3) schema refuses the invoice: " + "; ".join(errors[:3]), errors=errors)
        root = etree.fromstring(xml)
        nip = root.findtext(f"{{{NS}}}Podmiot1/{{{NS}}}DaneIdentyfikacyjne/{{{NS}}}NIP")
        created = root.findtext(f"{{{NS}}}Naglowek/{{{NS}}}DataWytworzeniaFa")
        digest = hashlib.sha256(xml).hexdigest().upper()
        return KsefSubmission(reference_number=f"FAKE-{nip}-{created[:10].replace('-', '')}-{digest[:12]}")

    def status(self, reference: str) -> KsefStatus:
        match = re.fullmatch(r"FAKE-(\d{10})-(\d{8})-([0-9A-F]{12})", reference)
        if not match:
            return KsefStatus(state=KsefState.REJECTED, code=404, description="unknown reference")
        nip, day, technical = match.groups()
        number = ksef_number(nip, date(int(day[:4]), int(day[4:6]), int(day[6:])), technical)
        return KsefStatus(state=KsefState.ACCEPTED, ksef_number=number, upo=_fake_upo(number), code=200)


def _fake_upo(number: str) -> bytes:
    upo = etree.Element("PotwierdzenieFake")  # marked fake on purpose: never mistaken for the Ministry's UPO
    etree.SubElement(upo, "NumerKSeFDokumentu").text = number
    etree.SubElement(upo, "Uwagi").text = "Kantyna: FakeKsefClient, not sent to KSeF"
    return etree.tostring(upo, xml_declaration=True, encoding="UTF-8")
