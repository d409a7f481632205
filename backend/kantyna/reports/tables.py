"""The one shape every report is (a title, lines saying what it covers, a header, rows and a totals' row) and the one
renderer that turns it into XLSX or CSV (`core.spreadsheets.export_file`: formula-safe cells, typed dates and
amounts) or a PDF (`menus.documents.KantynaPdf`: the bundled font, so Polish letters need no system font) in the
orientation and font size asked for. Texts are worded by the report in the active language before they get here."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.utils.formats import get_format
from django.utils.translation import gettext as _

from kantyna.core.spreadsheets import export_file
from kantyna.menus.documents import FONT_FAMILY, PDF_TYPE, KantynaPdf

FORMATS = ("xlsx", "csv", "pdf")
ORIENTATIONS = ("portrait", "landscape")
FONT_SIZES = (7, 8, 9, 10, 11, 12)

TEXT = "text"
NUMBER = "number"
MONEY = "money"


@dataclass(frozen=True)
class Column:
    label: str
    kind: str = TEXT
    # A text column's share of the PDF's width against a figure's 1.
    weight: float = 1.0


@dataclass
class ReportTable:
    title: str
    lines: list[str]
    columns: list[Column]
    rows: list[list]
    totals: list | None = None
    empty_text: str = field(default="")

    def matrix(self) -> list[list]:
        """The header, the rows and the totals' row: what a spreadsheet holds."""
        return [
            [column.label for column in self.columns],
            *self.rows,
            *([self.totals] if self.totals is not None else []),
        ]


def render_spreadsheet(table: ReportTable, file_format: str) -> tuple[bytes, str]:
    """XLSX or CSV: the header in the first row (frozen in XLSX), the rows, then the totals."""
    return export_file(table.matrix(), sheet_title=table.title[:31], file_format=file_format)


def _pdf_text(value, separators: tuple[str, str]) -> str:
    """A cell's text: amounts with the language's separators (`separators`: decimal, thousands), dates as
    DD.MM.YYYY. Formatted here rather than by `number_format`, which costs more than drawing the cell."""
    if value is None:
        return ""
    if isinstance(value, Decimal):
        decimal, thousands = separators
        return f"{value:,.2f}".replace(",", "\0").replace(".", decimal).replace("\0", thousands)
    if isinstance(value, date):
        return f"{value:%d.%m.%Y}"
    return str(value)


HEADER_FILL = (230, 236, 245)
TOTALS_FILL = (240, 243, 248)
PADDING = 1.0


def _width(pdf: KantynaPdf, text: str) -> float:
    """`text`'s width in the current font from its glyph widths: `get_string_width` shapes the text first, which
    costs more than drawing it."""
    widths = pdf.current_font.cw
    return sum(widths[ord(char)] for char in text) * pdf.font_size_pt / 1000 / pdf.k


def _fitted(pdf: KantynaPdf, text: str, room: float) -> str:
    """`text` cut with an ellipsis to fit `room` (a long name must not run into the next column)."""
    if _width(pdf, text) <= room:
        return text
    while text and _width(pdf, text + "…") > room:
        text = text[:-1]
    return text + "…"


def render_pdf(table: ReportTable, *, orientation: str = "portrait", font_size: float = 9) -> tuple[bytes, str]:
    """A4 in `orientation`: the title, the lines, then the table in `font_size`, one line per row (a text too long
    for its column is cut with an ellipsis), the header repeated on every page, the totals' row in bold.

    The grid is drawn as lines and the texts placed one by one, not with fpdf2's cells or table layout, which
    shape and measure every cell: a report of 15,000 payers took a minute with the table, 14 s with cells."""
    pdf = KantynaPdf(orientation=orientation)
    pdf.set_title(table.title)
    pdf.set_auto_page_break(auto=False, margin=15)
    pdf.add_page()
    pdf.set_font(FONT_FAMILY, "B", font_size + 5)
    pdf.multi_cell(0, (font_size + 5) * 0.5, table.title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT_FAMILY, "", font_size + 1)
    for line in table.lines:
        pdf.multi_cell(0, (font_size + 1) * 0.55, line, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.set_font(FONT_FAMILY, "", font_size)
    if not table.rows:
        pdf.multi_cell(0, font_size * 0.6, table.empty_text or _("No data for these criteria."), new_x="LMARGIN")
        return bytes(pdf.output()), PDF_TYPE

    scale = pdf.epw / sum(column.weight for column in table.columns)
    widths = [column.weight * scale for column in table.columns]
    lefts = [pdf.l_margin + sum(widths[:index]) for index in range(len(widths))]
    right = pdf.l_margin + pdf.epw
    texts = [column.kind == TEXT for column in table.columns]
    height = font_size * 0.5
    baseline = (height + font_size / pdf.k * 0.7) / 2
    bottom = pdf.h - 15
    separators = (get_format("DECIMAL_SEPARATOR"), get_format("THOUSAND_SEPARATOR"))
    pdf.set_line_width(0.2)
    state = {"top": pdf.get_y()}

    def close_grid() -> None:
        """The columns' vertical lines from the table's top on this page down to its last row."""
        for x in [*lefts, right]:
            pdf.line(x, state["top"], x, pdf.get_y())

    def draw(values: list, *, bold: bool = False, fill: tuple[int, int, int] | None = None) -> None:
        y = pdf.get_y()
        if fill:
            pdf.set_fill_color(*fill)
            pdf.rect(pdf.l_margin, y, pdf.epw, height, style="F")
        if bold:
            pdf.set_font(FONT_FAMILY, "B", font_size)
        for value, left, width, text_column in zip(values, lefts, widths, texts, strict=True):
            text = _fitted(pdf, _pdf_text(value, separators), width - 2 * PADDING)
            x = left + PADDING if text_column else left + width - PADDING - _width(pdf, text)
            if text:
                pdf.text(x, y + baseline, text)
        if bold:
            pdf.set_font(FONT_FAMILY, "", font_size)
        pdf.line(pdf.l_margin, y + height, right, y + height)
        pdf.set_y(y + height)

    def start_page_table() -> None:
        state["top"] = pdf.get_y()
        pdf.line(pdf.l_margin, state["top"], right, state["top"])
        draw([column.label for column in table.columns], bold=True, fill=HEADER_FILL)

    start_page_table()
    last_rows = [*table.rows, *([table.totals] if table.totals is not None else [])]
    for index, row in enumerate(last_rows):
        if pdf.get_y() + height > bottom:
            close_grid()
            pdf.add_page()
            start_page_table()
        totals = table.totals is not None and index == len(last_rows) - 1
        draw(row, bold=totals, fill=TOTALS_FILL if totals else None)
    close_grid()
    return bytes(pdf.output()), PDF_TYPE


def render(table: ReportTable, file_format: str, *, orientation: str = "portrait", font_size: float = 9):
    """The table as `file_format` (xlsx, csv, pdf): (bytes, content type)."""
    if file_format == "pdf":
        return render_pdf(table, orientation=orientation, font_size=font_size)
    return render_spreadsheet(table, file_format)
