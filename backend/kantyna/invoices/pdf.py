"""The invoice printed: an `InvoiceDocument` as an A4 PDF (fpdf2 with the bundled Source Sans Pro, as the reports
and menus print, so Polish letters need no system font). Always in Polish, the language of the document; the
number is also the PDF's title, so a viewer's window and a search show it."""

from __future__ import annotations

import contextlib
import io
from decimal import Decimal

from django.utils import translation

from kantyna.invoices.document import InvoiceDocument, Party
from kantyna.invoices.words import amount_in_words
from kantyna.menus.documents import FONT_FAMILY, KantynaPdf

PAYMENT_METHODS = {"transfer": "przelew", "prepaid": "przedpłata (z salda konta)", "cash": "gotówka"}
RATE_LABELS = {"zw": "zw", "np": "np"}


def money_text(value: Decimal) -> str:
    """1234.5 → "1 234,50" (Polish separators)."""
    return f"{value:,.2f}".replace(",", " ").replace(".", ",")


def _rate(rate: str) -> str:
    return RATE_LABELS.get(rate, f"{rate}%")


def _party_lines(party: Party) -> list[str]:
    lines = [party.name, party.street, f"{party.postal_code} {party.city}".strip()]
    if party.tax_id:
        lines.append(f"NIP: {party.tax_id}")
    return [line for line in lines if line]


def _block(pdf: KantynaPdf, x: float, y: float, width: float, title: str, lines: list[str]) -> float:
    pdf.set_xy(x, y)
    pdf.set_font(FONT_FAMILY, "B", 9)
    pdf.cell(width, 5, title, new_x="LEFT", new_y="NEXT")
    pdf.set_font(FONT_FAMILY, "", 10)
    for line in lines:
        pdf.set_x(x)
        pdf.multi_cell(width, 5, line, new_x="LEFT", new_y="NEXT")
    return pdf.get_y()


def render_invoice_pdf(document: InvoiceDocument, *, logo: bytes | None = None) -> bytes:
    with translation.override("pl"):  # the footer's "Strona 1 z 1" too, whoever asks
        return _render(document, logo)


def _render(document: InvoiceDocument, logo: bytes | None) -> bytes:
    pdf = KantynaPdf(orientation="portrait")
    pdf.set_title(document.number)
    pdf.set_auto_page_break(auto=True, margin=18)
    pdf.add_page()
    top = pdf.get_y()
    if logo:
        # A logo fpdf2 cannot read leaves the invoice without it, not unprinted.
        with contextlib.suppress(Exception):
            pdf.image(io.BytesIO(logo), x=pdf.l_margin, y=top, h=18)
    pdf.set_font(FONT_FAMILY, "B", 16)
    pdf.set_xy(pdf.l_margin, top)
    pdf.cell(0, 8, f"Faktura VAT nr {document.number}", align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT_FAMILY, "", 10)
    for text in (
        f"Data wystawienia: {document.issue_date:%d.%m.%Y}, {document.place_of_issue}".rstrip(", "),
        f"Data sprzedaży: {document.sale_date:%d.%m.%Y}",
        *([f"Okres: {document.period[0]:%d.%m.%Y} - {document.period[1]:%d.%m.%Y}"] if document.period else []),
    ):
        pdf.cell(0, 5, text, align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)

    half = pdf.epw / 2 - 3
    y = pdf.get_y()
    bottom = max(
        _block(pdf, pdf.l_margin, y, half, "Sprzedawca", _party_lines(document.seller)),
        _block(pdf, pdf.l_margin + half + 6, y, half, "Nabywca", _party_lines(document.buyer)),
    )
    if document.recipient is not None:
        bottom = _block(pdf, pdf.l_margin + half + 6, bottom + 3, half, "Odbiorca", _party_lines(document.recipient))
    pdf.set_xy(pdf.l_margin, bottom + 6)

    headers = ["Lp.", "Nazwa", "Ilość", "J.m.", "Cena brutto", "VAT", "Netto", "Kwota VAT", "Brutto"]
    widths = [8, 58, 13, 11, 20, 11, 20, 19, 20]
    aligns = ["C", "L", "R", "C", "R", "C", "R", "R", "R"]
    pdf.set_font(FONT_FAMILY, "B", 8.5)
    pdf.set_fill_color(230, 236, 245)
    for header, width in zip(headers, widths, strict=True):
        pdf.cell(width, 7, header, border=1, align="C", fill=True)
    pdf.ln()
    pdf.set_font(FONT_FAMILY, "", 8.5)
    for index, line in enumerate(document.lines, 1):
        quantity = f"{line.quantity.normalize():f}"
        cells = [
            str(index), line.name, quantity, line.unit, money_text(line.unit_gross), _rate(line.vat_rate),
            money_text(line.net), money_text(line.vat), money_text(line.gross),
        ]  # fmt: skip
        for text, width, align in zip(cells, widths, aligns, strict=True):
            pdf.cell(width, 6, text if pdf.get_string_width(text) < width - 1 else text[: int(width / 1.8)] + "…",
                     border=1, align=align)  # fmt: skip
        pdf.ln()
    pdf.ln(3)

    pdf.set_font(FONT_FAMILY, "B", 9)
    left = pdf.l_margin + sum(widths) - 4 * 20
    pdf.set_x(left)
    for header in ("Stawka", "Netto", "VAT", "Brutto"):
        pdf.cell(20, 6, header, border=1, align="C", fill=True)
    pdf.ln()
    pdf.set_font(FONT_FAMILY, "", 9)
    for total in document.totals_by_rate():
        pdf.set_x(left)
        for text in (_rate(total.vat_rate), money_text(total.net), money_text(total.vat), money_text(total.gross)):
            pdf.cell(20, 6, text, border=1, align="R")
        pdf.ln()
    pdf.set_font(FONT_FAMILY, "B", 9)
    pdf.set_x(left)
    for text in ("Razem", money_text(document.net), money_text(document.vat), money_text(document.gross)):
        pdf.cell(20, 6, text, border=1, align="R")
    pdf.ln(10)

    pdf.set_font(FONT_FAMILY, "B", 11)
    pdf.cell(0, 6, f"Do zapłaty: {money_text(document.gross)} {document.currency}", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT_FAMILY, "", 10)
    pdf.multi_cell(0, 5, f"Słownie: {amount_in_words(document.gross)}", new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 5, f"Sposób płatności: {PAYMENT_METHODS.get(document.payment_method, document.payment_method)}",
             new_x="LMARGIN", new_y="NEXT")  # fmt: skip
    if document.payment_due:
        pdf.cell(0, 5, f"Termin płatności: {document.payment_due:%d.%m.%Y}", new_x="LMARGIN", new_y="NEXT")
    if document.bank_account:
        pdf.cell(0, 5, f"Numer konta: {document.bank_account}", new_x="LMARGIN", new_y="NEXT")
    if document.paid:
        pdf.set_font(FONT_FAMILY, "B", 10)
        pdf.cell(0, 5, "Zapłacono", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(FONT_FAMILY, "", 10)
    if document.notes:
        pdf.ln(2)
        pdf.multi_cell(0, 5, document.notes, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
