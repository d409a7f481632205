"""Invoices the KSeF tests write: a caterer selling to a company, to a gmina for its school, with exempt and paid
variants. The NIPs pass the checksum; none is a real business's on purpose."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal

from lxml import etree

from kantyna.invoices.document import InvoiceDocument, Line, Party
from kantyna.invoices.ksef.fa3 import NS

SELLER_NIP = "1234563218"
COMPANY_NIP = "5265877635"
GMINA_NIP = "7251801126"
SCHOOL_NIP = "5213017228"
CREATED_AT = datetime(2026, 3, 2, 9, 30, 15, tzinfo=UTC)

SELLER = Party(
    name="Kantyna Smaczna Sp. z o.o.",
    street="ul. Kucharska 5",
    postal_code="00-950",
    city="Warszawa",
    tax_id=SELLER_NIP,
    email="faktury@kantyna.example",
)
COMPANY = Party(
    name="Biuro Rachunkowe Liczba S.A.",
    street="ul. Prosta 1/2",
    postal_code="30-001",
    city="Kraków",
    tax_id=COMPANY_NIP,
)
GMINA = Party(name="Gmina Zielone Pole", street="ul. Rynek 1", postal_code="05-500", city="Piaseczno", tax_id=GMINA_NIP)
SCHOOL = Party(
    name="Szkoła Podstawowa nr 3 w Zielonym Polu",
    street="ul. Szkolna 3",
    postal_code="05-500",
    city="Piaseczno",
    tax_id=SCHOOL_NIP,
)
CONSUMER = Party(name="Anna Rodzic", street="ul. Domowa 7", postal_code="05-500", city="Piaseczno")


def company_invoice(**changes) -> InvoiceDocument:
    """Lunches at 8% and a catering service at 23%, by transfer, due in 14 days."""
    document = InvoiceDocument(
        number="FV/2026/03/0007",
        issue_date=date(2026, 3, 2),
        sale_date=date(2026, 2, 27),
        place_of_issue="Warszawa",
        seller=SELLER,
        buyer=COMPANY,
        lines=(
            Line(
                name="Obiad dwudaniowy", quantity=Decimal("12"), unit_gross=Decimal("18.50"), vat_rate="8", unit="szt."
            ),
            Line(
                name="Obsługa cateringowa",
                quantity=Decimal("1"),
                unit_gross=Decimal("123.00"),
                vat_rate="23",
                unit="usł.",
            ),
            Line(name="Zupa dnia", quantity=Decimal("3"), unit_gross=Decimal("7.99"), vat_rate="8"),
        ),
        payment_method="transfer",
        payment_due=date(2026, 3, 16),
        bank_account="PL61 1090 1014 0000 0712 1981 2874",
    )
    return replace(document, **changes)


def gmina_invoice(**changes) -> InvoiceDocument:
    """A month of a school's meals billed to its gmina: the school is the recipient."""
    document = InvoiceDocument(
        number="FV/2026/02/0031",
        issue_date=date(2026, 2, 28),
        sale_date=date(2026, 2, 28),
        place_of_issue="Piaseczno",
        seller=SELLER,
        buyer=GMINA,
        recipient=SCHOOL,
        lines=(
            Line(
                name="Obiady dla uczniów - luty 2026",
                quantity=Decimal("412"),
                unit_gross=Decimal("9.50"),
                vat_rate="8",
                unit="porcja",
            ),
            Line(
                name="Podwieczorki - luty 2026",
                quantity=Decimal("150"),
                unit_gross=Decimal("3.20"),
                vat_rate="8",
                unit="porcja",
            ),
        ),
        payment_due=date(2026, 3, 14),
        bank_account="61109010140000071219812874",
        period=(date(2026, 2, 1), date(2026, 2, 28)),
    )
    return replace(document, **changes)


def parse(xml: bytes) -> etree._Element:
    return etree.fromstring(xml)


def text(root: etree._Element, path: str) -> str | None:
    """The text at an XPath-like `path` of FA(3) element names ("Fa/Adnotacje/P_16"), None when absent."""
    node = root.find("/".join(f"{{{NS}}}{part}" for part in path.split("/")))
    return None if node is None else node.text


def all_text(root: etree._Element, path: str) -> list[str]:
    return [node.text for node in root.iterfind("/".join(f"{{{NS}}}{part}" for part in path.split("/")))]
