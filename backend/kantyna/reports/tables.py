"""The one shape every report is (a title, lines saying what it covers, a header, rows and a totals' row) and the one
renderer that turns it into XLSX or CSV (`core.spreadsheets.export_file`: formula-safe cells, typed dates and
amounts) or a PDF (`menus.documents.KantynaPdf`: the bundled font, so Polish letters need no system font) in the
orientation and font size asked for. Texts are worded by the report in the active language before they get here."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from fpdf.fonts import FontFace

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


def _pdf_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return number_format(value, 2, force_grouping=True)
    if isinstance(value, date):
        return f"{value:%d.%m.%Y}"
    return str(value)


def render_pdf(table: ReportTable, *, orientation: str = "portrait", font_size: float = 9) -> tuple[bytes, str]:
    """A4 in `orientation`: the title, the lines, then the table in `font_size` (the header repeated on every page,
    the totals' row in bold)."""
    pdf = KantynaPdf(orientation=orientation)
    pdf.set_title(table.title)
    pdf.set_auto_page_break(auto=True, margin=15)
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
    weights = [column.weight for column in table.columns]
    scale = pdf.epw / sum(weights)
    rows = [*table.rows, *([table.totals] if table.totals is not None else [])]
    with pdf.table(
        col_widths=tuple(weight * scale for weight in weights),
        width=pdf.epw,
        text_align=tuple("LEFT" if column.kind == TEXT else "RIGHT" for column in table.columns),
        headings_style=FontFace(emphasis="BOLD", fill_color=(230, 236, 245)),
        line_height=font_size * 0.5,
        padding=1,
    ) as pdf_table:
        heading = pdf_table.row()
        for column in table.columns:
            heading.cell(column.label)
        for index, values in enumerate(rows):
            totals = table.totals is not None and index == len(rows) - 1
            row = pdf_table.row(style=FontFace(emphasis="BOLD", fill_color=(240, 243, 248)) if totals else None)
            for value in values:
                row.cell(_pdf_text(value))
    return bytes(pdf.output()), PDF_TYPE


def render(table: ReportTable, file_format: str, *, orientation: str = "portrait", font_size: float = 9):
    """The table as `file_format` (xlsx, csv, pdf): (bytes, content type)."""
    if file_format == "pdf":
        return render_pdf(table, orientation=orientation, font_size=font_size)
    return render_spreadsheet(table, file_format)
