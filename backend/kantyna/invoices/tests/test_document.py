"""The invoice document's arithmetic: gross prices, the VAT of each rate taken out of the rate's gross sum (VAT Act
art. 106e ust. 8), lines' own VAT only informative."""

from __future__ import annotations

from datetime import date
from decimal import Decimal as D

import pytest

from kantyna.invoices.document import InvoiceDocument, Line, Party

SELLER = Party(name="Kantyna sp. z o.o.", street="Polna 1", postal_code="00-001", city="Warszawa", tax_id="5260250274")
BUYER = Party(name="Gmina Testowo", street="Rynek 1", postal_code="00-002", city="Testowo", tax_id="1234563218")


def document(*lines: Line) -> InvoiceDocument:
    return InvoiceDocument(
        number="FV/1/11/2026",
        issue_date=date(2026, 11, 30),
        sale_date=date(2026, 11, 30),
        place_of_issue="Warszawa",
        seller=SELLER,
        buyer=BUYER,
        lines=lines,
    )


def test_given_a_line_then_its_vat_is_taken_out_of_its_gross():
    line = Line("Obiad", D("20"), D("12.50"), "8")

    assert (line.gross, line.vat, line.net) == (D("250.00"), D("18.52"), D("231.48"))


def test_given_lines_of_one_rate_then_the_rate_s_vat_comes_from_their_gross_sum_not_from_the_lines():
    # Each line: 1.07 gross at 8% -> VAT 0.0793 -> 0.08; three lines would sum to 0.24. The rate's gross sum 3.21
    # gives 0.2378 -> 0.24 as well; with 1.05: lines 0.08 each (0.24), sum 3.15 -> 0.2333 -> 0.23.
    lines = [Line(f"Zupa {n}", D("1"), D("1.05"), "8") for n in range(3)]

    totals = document(*lines).totals_by_rate()

    assert [line.vat for line in lines] == [D("0.08")] * 3
    assert [(t.vat_rate, t.gross, t.vat, t.net) for t in totals] == [("8", D("3.15"), D("0.23"), D("2.92"))]


def test_given_several_rates_then_totals_per_rate_in_rate_order_and_the_document_sums_them():
    doc = document(
        Line("Obiad", D("2"), D("15.00"), "8"),
        Line("Opłata za kartę", D("1"), D("12.30"), "23"),
        Line("Zajęcia", D("1"), D("100.00"), "zw"),
    )

    assert [(t.vat_rate, t.gross, t.vat, t.net) for t in doc.totals_by_rate()] == [
        ("23", D("12.30"), D("2.30"), D("10.00")),
        ("8", D("30.00"), D("2.22"), D("27.78")),
        ("zw", D("100.00"), D("0.00"), D("100.00")),
    ]
    assert (doc.gross, doc.vat, doc.net) == (D("142.30"), D("4.52"), D("137.78"))


def test_given_an_unknown_rate_then_refused():
    with pytest.raises(ValueError, match="unknown VAT rate '7'"):
        Line("Obiad", D("1"), D("10.00"), "7")
