"""FA(3) XML from an invoice document: valid against the official schema for each kind of business invoice Kantyna
writes, with the key values asserted exactly, and a clear refusal for what is not a KSeF invoice."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from decimal import Decimal

import pytest
from lxml import etree

from kantyna.invoices.document import Line, Party
from kantyna.invoices.ksef.errors import KsefInvalidInvoice, KsefNotApplicable
from kantyna.invoices.ksef.fa3 import NS, fa3_xml, is_ksef_invoice, normalized_nip, validate_fa3

from .helpers import (
    COMPANY,
    COMPANY_NIP,
    CONSUMER,
    CREATED_AT,
    GMINA_NIP,
    SCHOOL,
    SCHOOL_NIP,
    SELLER_NIP,
    all_text,
    company_invoice,
    gmina_invoice,
    parse,
    text,
)

ADNOTACJE_NONE = {
    "Fa/Adnotacje/P_16": "2",
    "Fa/Adnotacje/P_17": "2",
    "Fa/Adnotacje/P_18": "2",
    "Fa/Adnotacje/P_18A": "2",
    "Fa/Adnotacje/NoweSrodkiTransportu/P_22N": "1",
    "Fa/Adnotacje/P_23": "2",
    "Fa/Adnotacje/PMarzy/P_PMarzyN": "1",
}


def write(document, **options) -> etree._Element:
    xml = fa3_xml(document, created_at=CREATED_AT, **options)
    assert validate_fa3(xml) == []
    assert xml.startswith(b"<?xml version='1.0' encoding='UTF-8'?>")
    return parse(xml)


def test_company_buyer_at_8_and_23_percent():
    document = company_invoice()
    root = write(document)

    assert root.tag == f"{{{NS}}}Faktura"
    code = root.find(f"{{{NS}}}Naglowek/{{{NS}}}KodFormularza")
    assert (code.text, code.get("kodSystemowy"), code.get("wersjaSchemy")) == ("FA", "FA (3)", "1-0E")
    assert text(root, "Naglowek/WariantFormularza") == "3"
    assert text(root, "Naglowek/DataWytworzeniaFa") == "2026-03-02T09:30:15Z"
    assert text(root, "Naglowek/SystemInfo") == "Kantyna"

    assert text(root, "Podmiot1/DaneIdentyfikacyjne/NIP") == SELLER_NIP
    assert text(root, "Podmiot1/DaneIdentyfikacyjne/Nazwa") == "Kantyna Smaczna Sp. z o.o."
    assert text(root, "Podmiot1/Adres/KodKraju") == "PL"
    assert text(root, "Podmiot1/Adres/AdresL1") == "ul. Kucharska 5"
    assert text(root, "Podmiot1/Adres/AdresL2") == "00-950 Warszawa"
    assert text(root, "Podmiot1/DaneKontaktowe/Email") == "faktury@kantyna.example"
    assert text(root, "Podmiot2/DaneIdentyfikacyjne/NIP") == COMPANY_NIP
    assert text(root, "Podmiot2/DaneIdentyfikacyjne/Nazwa") == "Biuro Rachunkowe Liczba S.A."
    assert text(root, "Podmiot2/JST") == "2"
    assert text(root, "Podmiot2/GV") == "2"
    assert root.find(f"{{{NS}}}Podmiot3") is None

    assert text(root, "Fa/KodWaluty") == "PLN"
    assert text(root, "Fa/P_1") == "2026-03-02"
    assert text(root, "Fa/P_1M") == "Warszawa"
    assert text(root, "Fa/P_2") == "FV/2026/03/0007"
    assert text(root, "Fa/P_6") == "2026-02-27"  # the sale date differs from the issue date
    assert root.find(f"{{{NS}}}Fa/{{{NS}}}OkresFa") is None

    by_rate = {total.vat_rate: total for total in document.totals_by_rate()}
    assert text(root, "Fa/P_13_1") == str(by_rate["23"].net) == "100.00"
    assert text(root, "Fa/P_14_1") == str(by_rate["23"].vat) == "23.00"
    assert text(root, "Fa/P_13_2") == str(by_rate["8"].net) == "227.75"
    assert text(root, "Fa/P_14_2") == str(by_rate["8"].vat) == "18.22"
    assert text(root, "Fa/P_13_7") is None
    assert text(root, "Fa/P_15") == str(document.gross) == "368.97"
    for path, value in ADNOTACJE_NONE.items():
        assert text(root, path) == value, path
    assert text(root, "Fa/Adnotacje/Zwolnienie/P_19N") == "1"
    assert text(root, "Fa/RodzajFaktury") == "VAT"

    assert all_text(root, "Fa/FaWiersz/NrWierszaFa") == ["1", "2", "3"]
    assert all_text(root, "Fa/FaWiersz/P_7") == ["Obiad dwudaniowy", "Obsługa cateringowa", "Zupa dnia"]
    assert all_text(root, "Fa/FaWiersz/P_8A") == ["szt.", "usł.", "szt."]
    assert all_text(root, "Fa/FaWiersz/P_8B") == ["12", "1", "3"]
    assert all_text(root, "Fa/FaWiersz/P_9B") == ["18.50", "123.00", "7.99"]
    assert all_text(root, "Fa/FaWiersz/P_11A") == ["222.00", "123.00", "23.97"]
    assert all_text(root, "Fa/FaWiersz/P_12") == ["8", "23", "8"]
    # Gross prices: no net unit price or net value per line.
    assert root.find(f"{{{NS}}}Fa/{{{NS}}}FaWiersz/{{{NS}}}P_9A") is None
    assert root.find(f"{{{NS}}}Fa/{{{NS}}}FaWiersz/{{{NS}}}P_11") is None
    assert sum(Decimal(v) for v in all_text(root, "Fa/FaWiersz/P_11A")) == Decimal(text(root, "Fa/P_15"))

    assert text(root, "Fa/Platnosc/Zaplacono") is None
    assert text(root, "Fa/Platnosc/TerminPlatnosci/Termin") == "2026-03-16"
    assert text(root, "Fa/Platnosc/FormaPlatnosci") == "6"
    assert text(root, "Fa/Platnosc/RachunekBankowy/NrRB") == "PL61109010140000071219812874"


def test_gmina_buyer_with_its_school_as_recipient():
    document = gmina_invoice()
    root = write(document, buyer_is_jst=True)

    assert text(root, "Podmiot2/DaneIdentyfikacyjne/NIP") == GMINA_NIP
    assert text(root, "Podmiot2/JST") == "1"
    assert text(root, "Podmiot2/GV") == "2"
    assert text(root, "Podmiot3/DaneIdentyfikacyjne/NIP") == SCHOOL_NIP
    assert text(root, "Podmiot3/DaneIdentyfikacyjne/Nazwa") == "Szkoła Podstawowa nr 3 w Zielonym Polu"
    assert text(root, "Podmiot3/Adres/AdresL1") == "ul. Szkolna 3"
    assert text(root, "Podmiot3/Rola") == "8"  # "JST - odbiorca": KSeF shows the invoice to the school too

    # A month billed: the period, no single sale date.
    assert text(root, "Fa/OkresFa/P_6_Od") == "2026-02-01"
    assert text(root, "Fa/OkresFa/P_6_Do") == "2026-02-28"
    assert text(root, "Fa/P_6") is None
    # The rate's VAT from its gross sum (art. 106e ust. 8): 4394.00 x 8 / 108 = 325.48 (the lines' own VAT would
    # sum to 289.93 + 35.56 = 325.49).
    assert text(root, "Fa/P_13_2") == "4068.52"
    assert text(root, "Fa/P_14_2") == "325.48"
    assert text(root, "Fa/P_15") == str(document.gross) == "4394.00"
    assert all_text(root, "Fa/FaWiersz/P_8A") == ["porcja", "porcja"]


def test_a_recipient_without_nip_and_a_recipient_of_a_company():
    school_without_nip = replace(SCHOOL, tax_id="")
    root = write(gmina_invoice(recipient=school_without_nip), buyer_is_jst=True)
    assert text(root, "Podmiot3/DaneIdentyfikacyjne/BrakID") == "1"
    assert text(root, "Podmiot3/DaneIdentyfikacyjne/NIP") is None

    # A company's branch receiving the meals is a plain recipient; the JST flag needs a JST buyer.
    branch = Party(name="Biuro Rachunkowe Liczba - oddział", street="ul. Krzywa 4", postal_code="31-100", city="Kraków")
    root = write(company_invoice(recipient=branch))
    assert text(root, "Podmiot2/JST") == "2"
    assert text(root, "Podmiot3/Rola") == "2"

    # A gmina billed for itself (no unit receiving): not an invoice of a JST unit.
    root = write(gmina_invoice(recipient=None), buyer_is_jst=True)
    assert text(root, "Podmiot2/JST") == "2"
    assert root.find(f"{{{NS}}}Podmiot3") is None


def test_an_exempt_line_and_a_zero_rated_line():
    document = company_invoice(
        lines=(
            Line(name="Obiad szkolny", quantity=Decimal("20"), unit_gross=Decimal("10.00"), vat_rate="zw"),
            Line(name="Obiad dla pracownika", quantity=Decimal("2"), unit_gross=Decimal("21.60"), vat_rate="8"),
            Line(name="Posiłek 0%", quantity=Decimal("1"), unit_gross=Decimal("5.00"), vat_rate="0"),
        )
    )
    root = write(document, exemption_basis="art. 43 ust. 1 pkt 24 lit. a ustawy o VAT")

    assert all_text(root, "Fa/FaWiersz/P_12") == ["zw", "8", "0 KR"]
    assert text(root, "Fa/P_13_7") == "200.00"
    assert text(root, "Fa/P_13_6_1") == "5.00"
    assert text(root, "Fa/P_13_2") == "40.00"
    assert text(root, "Fa/P_14_2") == "3.20"
    assert text(root, "Fa/P_15") == str(document.gross) == "248.20"
    assert text(root, "Fa/Adnotacje/Zwolnienie/P_19") == "1"
    assert text(root, "Fa/Adnotacje/Zwolnienie/P_19A") == "art. 43 ust. 1 pkt 24 lit. a ustawy o VAT"
    assert text(root, "Fa/Adnotacje/Zwolnienie/P_19N") is None

    with pytest.raises(KsefInvalidInvoice, match="P_19A"):
        fa3_xml(document, created_at=CREATED_AT)


def test_a_paid_invoice():
    root = write(company_invoice(paid=True), paid_on=date(2026, 3, 1))
    assert text(root, "Fa/Platnosc/Zaplacono") == "1"
    assert text(root, "Fa/Platnosc/DataZaplaty") == "2026-03-01"
    assert text(root, "Fa/Platnosc/TerminPlatnosci/Termin") is None
    assert text(root, "Fa/Platnosc/FormaPlatnosci") == "6"

    # Paid from the balance before it was invoiced: paid on the sale date, "another" payment form described.
    prepaid = company_invoice(paid=True, payment_method="prepaid", payment_due=None)
    root = write(prepaid)
    assert text(root, "Fa/Platnosc/Zaplacono") == "1"
    assert text(root, "Fa/Platnosc/DataZaplaty") == "2026-02-27"
    assert text(root, "Fa/Platnosc/PlatnoscInna") == "1"
    assert text(root, "Fa/Platnosc/OpisPlatnosci") == "przedpłata z salda konta"
    assert text(root, "Fa/Platnosc/RachunekBankowy/NrRB") is None

    root = write(company_invoice(paid=True, payment_method="cash"), paid_on=date(2026, 3, 2))
    assert text(root, "Fa/Platnosc/FormaPlatnosci") == "1"

    with pytest.raises(KsefInvalidInvoice, match="paid_on"):
        fa3_xml(company_invoice(paid=True), created_at=CREATED_AT)


def test_same_day_sale_fractions_and_notes():
    document = company_invoice(
        sale_date=date(2026, 3, 2),
        notes="Dziękujemy za współpracę.",
        lines=(
            Line(name="Kompot", quantity=Decimal("1.5"), unit_gross=Decimal("4.125"), vat_rate="5", unit="l"),
            Line(name="Pieczywo", quantity=Decimal("100"), unit_gross=Decimal("0.5"), vat_rate="5"),
        ),
    )
    root = write(document)
    assert text(root, "Fa/P_6") is None  # the sale date is the issue date
    assert all_text(root, "Fa/FaWiersz/P_8B") == ["1.5", "100"]
    assert all_text(root, "Fa/FaWiersz/P_9B") == ["4.125", "0.50"]
    assert all_text(root, "Fa/FaWiersz/P_11A") == ["6.19", "50.00"]
    assert text(root, "Fa/P_13_3") == str(document.totals_by_rate()[0].net)
    assert text(root, "Fa/P_15") == "56.19"
    assert text(root, "Stopka/Informacje/StopkaFaktury") == "Dziękujemy za współpracę."


def test_a_buyer_without_nip_is_not_a_ksef_invoice():
    assert is_ksef_invoice(company_invoice())
    assert is_ksef_invoice(gmina_invoice())
    assert not is_ksef_invoice(company_invoice(buyer=CONSUMER))
    with pytest.raises(KsefNotApplicable, match="buyer has no NIP") as caught:
        fa3_xml(company_invoice(buyer=CONSUMER), created_at=CREATED_AT)
    assert caught.value.code == "ksef.not_applicable"
    assert caught.value.params == {"party": "buyer"}

    with pytest.raises(KsefNotApplicable, match="seller has no NIP"):
        fa3_xml(company_invoice(seller=replace(CONSUMER, name="Kantyna")), created_at=CREATED_AT)


@pytest.mark.parametrize(
    ("changes", "match"),
    [
        ({"buyer": replace(COMPANY, tax_id="5265877636")}, "buyer's NIP"),
        ({"recipient": replace(SCHOOL, tax_id="12345")}, "recipient's NIP"),
        ({"lines": (Line(name="Opłata", quantity=Decimal("1"), unit_gross=Decimal("1"), vat_rate="np"),)}, "'np'"),
        ({"lines": ()}, "without lines"),
        ({"currency": "EUR"}, "only PLN"),
        ({"payment_method": "barter"}, "payment method"),
        ({"buyer": replace(COMPANY, name="X" * 513)}, "schema refuses"),
        ({"number": ""}, "schema refuses"),
        (
            {"lines": (Line(name="Zupa", quantity=Decimal("0.0000001"), unit_gross=Decimal("1"), vat_rate="8"),)},
            "6 decimals",
        ),
    ],
)
def test_what_ksef_would_refuse_is_refused_with_a_reason(changes, match):
    with pytest.raises(KsefInvalidInvoice, match=match) as caught:
        fa3_xml(company_invoice(**changes), created_at=CREATED_AT)
    assert caught.value.code == "ksef.invalid_invoice"


def test_created_at_must_be_aware():
    with pytest.raises(ValueError, match="aware"):
        fa3_xml(company_invoice(), created_at=datetime(2026, 3, 2, 9, 0))


def test_the_schema_is_really_applied():
    xml = fa3_xml(company_invoice(), created_at=CREATED_AT)
    root = parse(xml)
    p15 = root.find(f"{{{NS}}}Fa/{{{NS}}}P_15")
    p15.getparent().remove(p15)
    errors = validate_fa3(etree.tostring(root))
    assert errors and "Element 'Adnotacje': This element is not expected" in errors[0]

    root = parse(xml)
    root.find(f"{{{NS}}}Podmiot2/{{{NS}}}JST").text = "3"
    assert validate_fa3(etree.tostring(root))

    root = parse(xml)
    root.find(f"{{{NS}}}Podmiot1/{{{NS}}}Adres/{{{NS}}}KodKraju").text = "XX"  # the imported country codes bite
    assert validate_fa3(etree.tostring(root))

    assert validate_fa3(b"<Faktura") != []


@pytest.mark.parametrize(
    ("tax_id", "nip"),
    [
        ("1234563218", "1234563218"),
        ("PL 123-456-32-18", "1234563218"),
        ("123-45-63-218", "1234563218"),
        ("1234563219", ""),
        ("123456321", ""),
        ("", ""),
    ],
)
def test_normalized_nip(tax_id, nip):
    assert normalized_nip(tax_id) == nip
