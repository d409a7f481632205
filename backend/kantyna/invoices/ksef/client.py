"""Sending FA(3) invoices to KSeF through one interface: `send` gives a reference, `status` of that reference tells
when KSeF has accepted the invoice (its KSeF number and UPO, the official receipt) or rejected it; `upo` asks
again for the UPO of an accepted invoice that was not ready with its number (it never sends anything).

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
    ACCEPTED = "accepted"  # in KSeF: `ksef_number` set, `upo` too unless KSeF has not made it yet
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

    def upo(self, reference: str, ksef_number: str) -> bytes:
        """The UPO XML of the accepted invoice sent under `reference`; KsefSendError while KSeF has none."""
        ...


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


def is_xml(content: bytes | None) -> bool:
    """Whether `content` is a well-formed XML document (a UPO worth keeping, not an error page), read without
    entities or network."""
    if not content:
        return False
    try:
        etree.fromstring(content, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError:
        return False
    return True


# The fake's reference: the seller's NIP, the day the invoice was written and the start of the XML's digest.
FAKE_REFERENCE = re.compile(r"FAKE-(?P<nip>\d{10})-(?P<day>\d{8})-(?P<technical>[0-9A-F]{12})")


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
        number = self.number(reference)
        if not number:
            return KsefStatus(state=KsefState.REJECTED, code=404, description="unknown reference")
        return KsefStatus(state=KsefState.ACCEPTED, ksef_number=number, upo=self.upo(reference, number), code=200)

    def upo(self, reference: str, ksef_number: str) -> bytes:
        if not ksef_number or self.number(reference) != ksef_number:
            raise KsefSendError(f"KSeF has no UPO of {ksef_number!r} under {reference!r}")
        return _fake_upo(ksef_number.split("-")[0], ksef_number, reference)

    @staticmethod
    def number(reference: str) -> str:
        """The KSeF number the fake gives the invoice sent under `reference` ("" for a reference it never gave)."""
        match = FAKE_REFERENCE.fullmatch(reference)
        if not match:
            return ""
        day = match["day"]
        return ksef_number(match["nip"], date(int(day[:4]), int(day[4:6]), int(day[6:])), match["technical"])


# The fake's UPO is shaped like the Ministry's (UPO v4: the receiving body, the session, the document's seller, KSeF
# number, dates and digest) in a namespace of its own and says so: never mistaken for a real receipt.
FAKE_UPO_NS = "urn:kantyna:ksef:upo-fake"


def _fake_upo(nip: str, number: str, reference: str) -> bytes:
    day = number.split("-")[1]
    accepted = f"{day[:4]}-{day[4:6]}-{day[6:]}T00:00:00+00:00"

    def add(parent, name: str, text: str | None = None):
        element = etree.SubElement(parent, f"{{{FAKE_UPO_NS}}}{name}")
        element.text = text
        return element

    upo = etree.Element(f"{{{FAKE_UPO_NS}}}Potwierdzenie", nsmap={None: FAKE_UPO_NS})
    add(upo, "NazwaPodmiotuPrzyjmujacego", "Kantyna: FakeKsefClient - nie wysłano do KSeF")
    add(upo, "NumerReferencyjnySesji", reference)
    context = add(add(upo, "Uwierzytelnienie"), "IdKontekstu")
    add(context, "Nip", nip)
    add(upo, "NazwaStrukturyLogicznej", "schemat_FA(3)_v1-0E.xsd")
    add(upo, "KodFormularza", "FA (3)")
    document = add(upo, "Dokument")
    add(document, "NipSprzedawcy", nip)
    add(document, "NumerKSeFDokumentu", number)
    add(document, "DataPrzeslaniaDokumentu", accepted)
    add(document, "DataNadaniaNumeruKSeF", accepted)
    add(document, "SkrotDokumentu", number.split("-")[2])
    add(document, "TrybWysylki", "Online")
    return etree.tostring(upo, xml_declaration=True, encoding="UTF-8", pretty_print=True)
