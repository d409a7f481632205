"""The one renderer of report tables: PDF pages as many as the rows need, long names cut to their column, amounts
with the language's separators."""

from __future__ import annotations

from decimal import Decimal

from django.utils import translation
from django.utils.formats import get_format

from kantyna.menus.documents import KantynaPdf
from kantyna.reports.tables import MONEY, NUMBER, Column, ReportTable, _fitted, _pdf_text, render

LONG = "Szkoła Podstawowa nr 1 im. patrona o bardzo długim imieniu i nazwisku w Zielonej Górze"


def table(rows: int) -> ReportTable:
    return ReportTable(
        title="Zamówienia",
        lines=["Okres: 01.11.2026 - 30.11.2026"],
        columns=[Column("Placówka", weight=3), Column("Posiłki", NUMBER), Column("Kwota (zł)", MONEY)],
        rows=[[LONG, 12, Decimal("1234.50")]] * rows,
        totals=["Razem", 12 * rows, Decimal("1234.50") * rows],
    )


def pages(content: bytes) -> int:
    return content.count(b"/Type /Page\n")


def test_given_more_rows_than_a_page_holds_then_more_pages_in_either_orientation():
    one, _ = render(table(10), "pdf")
    portrait, content_type = render(table(120), "pdf", orientation="portrait", font_size=9)
    landscape, _ = render(table(120), "pdf", orientation="landscape", font_size=9)
    small, _ = render(table(120), "pdf", orientation="portrait", font_size=7)

    assert (content_type, portrait[:5]) == ("application/pdf", b"%PDF-")
    assert (pages(one), pages(portrait), pages(landscape), pages(small)) == (1, 3, 4, 2)


def test_a_long_name_is_cut_with_an_ellipsis_to_its_column():
    pdf = KantynaPdf(orientation="portrait")
    pdf.add_page()
    pdf.set_font("SourceSans", "", 9)

    cut = _fitted(pdf, LONG, 40)

    assert cut.endswith("…") and LONG.startswith(cut[:-1])
    assert pdf.get_string_width(cut) <= 40 < pdf.get_string_width(cut[:-1] + LONG[len(cut) - 1] + "…")
    assert _fitted(pdf, "SP 12", 40) == "SP 12"


def test_amounts_take_the_languages_separators():
    with translation.override("pl"):
        polish = (get_format("DECIMAL_SEPARATOR"), get_format("THOUSAND_SEPARATOR"))
    with translation.override("en"):
        english = (get_format("DECIMAL_SEPARATOR"), get_format("THOUSAND_SEPARATOR"))

    assert _pdf_text(Decimal("148140.5"), polish) == "148\xa0140,50"
    assert _pdf_text(Decimal("-1234.5"), english) == "-1,234.50"
    assert _pdf_text(None, polish) == ""
