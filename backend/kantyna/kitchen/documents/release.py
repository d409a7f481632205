"""The release report on paper and in a spreadsheet: per institution and day, the portions of each meal type, the
row's total and each column's total. The PDF follows meals to prepare's (fpdf2 with the bundled font, so Polish
letters need no system font; A4 landscape for the meal type columns); the XLSX guards every text cell against
formulas. Texts follow the active language, Polish by default."""

from __future__ import annotations

from io import BytesIO

from django.http import HttpResponse
from django.utils.translation import gettext as _
from fpdf.fonts import FontFace
from openpyxl import Workbook
from openpyxl.styles import Font

from kantyna.core.spreadsheets import XLSX_TYPE, guard_cell
from kantyna.kitchen.documents.prepare import Scope, scope_lines
from kantyna.kitchen.selectors.release import ReleaseReport
from kantyna.menus.documents import FONT_FAMILY, PDF_TYPE, KantynaPdf, file_response


def period_text(report: ReleaseReport) -> str:
    if report.date_from == report.date_to:
        return f"{report.date_from:%d.%m.%Y}"
    return f"{report.date_from:%d.%m.%Y} - {report.date_to:%d.%m.%Y}"


def file_name(report: ReleaseReport, extension: str) -> str:
    period = report.date_from.isoformat()
    if report.date_to != report.date_from:
        period += f"_{report.date_to.isoformat()}"
    return _("meals-to-release-report") + f"-{period}.{extension}"


def header(report: ReleaseReport) -> list[str]:
    return [_("Institution"), _("Date"), *(meal_type.name for meal_type in report.meal_types), _("Total")]


def body_rows(report: ReleaseReport) -> list[list]:
    """One row per institution and day, then the totals' row."""
    rows: list[list] = [
        [row.institution.name, f"{row.date:%d.%m.%Y}", *row.by_meal_type, row.portions] for row in report.rows
    ]
    rows.append([_("Total"), "", *report.totals, report.portions])
    return rows


def title(_report: ReleaseReport) -> str:
    return _("Meals to release report")


def render_xlsx(report: ReleaseReport, scope: Scope) -> bytes:
    """One sheet: a title row (period and scope), a blank row, the header and the rows."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = _("Report")[:31]
    sheet.append([guard_cell(" · ".join([title(report), period_text(report), *scope_lines(scope)]))])
    sheet["A1"].font = Font(bold=True)
    sheet.append([])
    sheet.append([guard_cell(value) for value in header(report)])
    for cell in sheet[3]:
        cell.font = Font(bold=True)
    for row in body_rows(report):
        sheet.append([guard_cell(value) for value in row])
    for cell in sheet[sheet.max_row]:
        cell.font = Font(bold=True)
    sheet.column_dimensions["A"].width = 36
    sheet.column_dimensions["B"].width = 12
    sheet.freeze_panes = "C4"
    out = BytesIO()
    workbook.save(out)
    return out.getvalue()


def render_pdf(report: ReleaseReport, scope: Scope) -> bytes:
    """A4 landscape: the title with the period and scope, then the table (the totals' row in bold)."""
    pdf = KantynaPdf(orientation="landscape")
    pdf.set_title(f"{title(report)} {period_text(report)}")
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()
    pdf.set_font(FONT_FAMILY, "B", 16)
    pdf.multi_cell(0, 8, f"{title(report)}: {period_text(report)}", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT_FAMILY, "", 10.5)
    for line in scope_lines(scope):
        pdf.multi_cell(0, 5.5, line, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    if not report.rows:
        pdf.multi_cell(0, 6, _("No meals to release."), new_x="LMARGIN", new_y="NEXT")
        return bytes(pdf.output())
    columns = len(report.meal_types)
    widths = (60.0, 24.0, *([22.0] * columns), 20.0)
    scale = pdf.epw / sum(widths)
    pdf.set_font(FONT_FAMILY, "", 9)
    rows = body_rows(report)
    with pdf.table(
        col_widths=tuple(width * scale for width in widths),
        width=pdf.epw,
        text_align=("LEFT", "LEFT", *(["RIGHT"] * (columns + 1))),
        headings_style=FontFace(emphasis="BOLD", fill_color=(230, 236, 245)),
        line_height=5,
        padding=1.2,
    ) as table:
        heading = table.row()
        for text in header(report):
            heading.cell(text)
        for index, values in enumerate(rows):
            last = index == len(rows) - 1
            row = table.row(style=FontFace(emphasis="BOLD", fill_color=(240, 243, 248)) if last else None)
            for value in values:
                row.cell(str(value))
    return bytes(pdf.output())


def xlsx_response(report: ReleaseReport, scope: Scope) -> HttpResponse:
    return file_response(render_xlsx(report, scope), filename=file_name(report, "xlsx"), content_type=XLSX_TYPE)


def pdf_response(report: ReleaseReport, scope: Scope) -> HttpResponse:
    return file_response(render_pdf(report, scope), filename=file_name(report, "pdf"), content_type=PDF_TYPE)
