"""Meals to prepare on paper and in a spreadsheet: the same figures as the screen (meal type → dish → diet →
portion size, then the ingredients; the PDF first warns of the allergen clashes among them), as a PDF (fpdf2 with the bundled Source Sans Pro, so Polish letters need no
system font) and as an XLSX of two sheets, every text cell guarded against formulas. Texts follow the active
language (the `user-locale` header), Polish by default."""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

from django.http import HttpResponse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from fpdf.fonts import FontFace
from openpyxl import Workbook
from openpyxl.styles import Font

from kantyna.core.spreadsheets import XLSX_TYPE, guard_cell
from kantyna.kitchen.selectors.prepare import (
    MealsToPrepare,
    diets_in_order,
    dishes_in_order,
    portion_sizes_in_order,
)
from kantyna.menus.documents import FONT_FAMILY, PDF_TYPE, KantynaPdf, file_response


@dataclass(frozen=True)
class Scope:
    """What the figures were asked for, as the documents name it: the kitchen and the chosen institutions."""

    kitchen: str | None = None
    institutions: tuple[str, ...] = ()


def period_text(result: MealsToPrepare) -> str:
    if result.date_from == result.date_to:
        return f"{result.date_from:%d.%m.%Y}"
    return f"{result.date_from:%d.%m.%Y} - {result.date_to:%d.%m.%Y}"


def dish_name(name: str | None) -> str:
    return name if name is not None else _("No dish in the menu")


def quantity_text(quantity) -> str:
    return number_format(quantity, 2)


def file_name(result: MealsToPrepare, extension: str) -> str:
    period = result.date_from.isoformat()
    if result.date_to != result.date_from:
        period += f"_{result.date_to.isoformat()}"
    return _("meals-to-prepare") + f"-{period}.{extension}"


def portion_rows(result: MealsToPrepare) -> list[list]:
    """One row per meal type, dish, diet and portion size with its portions (the spreadsheet's and the PDF's)."""
    rows = []
    for meal_type in result.meal_types:
        for dish in dishes_in_order(meal_type):
            for diet in diets_in_order(dish):
                for size in portion_sizes_in_order(diet):
                    rows.append([meal_type.name, dish_name(dish.name), diet.name, size.name, size.portions])
    return rows


def portion_header() -> list[str]:
    return [_("Meal type"), _("Dish"), _("Diet"), _("Portion size"), _("Portions")]


def ingredient_header() -> list[str]:
    return [_("Ingredient"), _("Quantity"), _("Unit")]


def clash_header(result: MealsToPrepare) -> list[str]:
    """The clashes' columns; the date only when the figures span several days."""
    header = [_("Full name"), _("Institution"), _("Classroom"), _("Meal type"), _("Dish"), _("Allergens")]
    return header if result.date_from == result.date_to else [_("Date"), *header]


def clash_rows(result: MealsToPrepare) -> list[list[str]]:
    """One row per receiver and meal whose dish contains one of their allergens (a worker's classroom: "Worker")."""
    several_days = result.date_from != result.date_to
    rows = []
    for clash in result.allergen_clashes:
        row = [
            clash.name,
            clash.institution["name"],
            clash.classroom["name"] if clash.classroom is not None else _("Worker"),
            clash.meal_type["name"],
            ", ".join(clash.verdict.dish_names),
            ", ".join(clash.verdict.allergen_names),
        ]
        rows.append([f"{clash.date:%d.%m.%Y}", *row] if several_days else row)
    return rows


def scope_lines(scope: Scope) -> list[str]:
    lines = []
    if scope.kitchen:
        lines.append(_("Kitchen: %(name)s") % {"name": scope.kitchen})
    if scope.institutions:
        lines.append(_("Institutions: %(names)s") % {"names": ", ".join(scope.institutions)})
    return lines


# XLSX -----------------------------------------------------------------------------------------------------------


def render_xlsx(result: MealsToPrepare, scope: Scope) -> bytes:
    """Two sheets: the portions (a title row with the period and scope, then the table) and the ingredients."""
    workbook = Workbook()
    portions = workbook.active
    portions.title = _("Portions")[:31]
    _write_table(portions, portion_header(), [*portion_rows(result), [_("Total"), "", "", "", result.portions]])
    ingredients = workbook.create_sheet(_("Ingredients")[:31])
    _write_table(
        ingredients,
        ingredient_header(),
        [[need.name, need.quantity, need.unit] for need in result.ingredients],
    )
    for sheet in (portions, ingredients):
        sheet.insert_rows(1, amount=2)
        sheet["A1"] = guard_cell(" · ".join([_("Meals to prepare"), period_text(result), *scope_lines(scope)]))
        sheet["A1"].font = Font(bold=True)
        sheet.freeze_panes = "A4"
    out = BytesIO()
    workbook.save(out)
    return out.getvalue()


def _write_table(sheet, header: list[str], rows: list[list]) -> None:
    sheet.append(header)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append([guard_cell(value) for value in row])
    for column in ("A", "B", "C", "D"):
        sheet.column_dimensions[column].width = 28


# PDF ------------------------------------------------------------------------------------------------------------


def render_pdf(result: MealsToPrepare, scope: Scope) -> bytes:
    """A4 portrait: the title with the period and scope, the allergen clashes (when there are any: who must not
    get which dish, above everything the cook counts), the portions table (a meal type's and a dish's totals on
    their own bold rows) and the ingredients table."""
    pdf = KantynaPdf(orientation="portrait")
    title = _("Meals to prepare")
    pdf.set_title(f"{title} {period_text(result)}")
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()
    pdf.set_font(FONT_FAMILY, "B", 16)
    pdf.multi_cell(0, 8, f"{title}: {period_text(result)}", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT_FAMILY, "", 10.5)
    for line in scope_lines(scope):
        pdf.multi_cell(0, 5.5, line, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    if not result.meal_types:
        pdf.multi_cell(0, 6, _("No meals to prepare."), new_x="LMARGIN", new_y="NEXT")
        return bytes(pdf.output())
    if result.allergen_clashes:
        _clashes_table(pdf, result)

    bold = FontFace(emphasis="BOLD")
    shaded = FontFace(emphasis="BOLD", fill_color=(240, 243, 248))
    pdf.set_font(FONT_FAMILY, "", 9.5)
    widths = (34.0, 62.0, 34.0, 30.0, 20.0)
    scale = pdf.epw / sum(widths)
    with pdf.table(
        col_widths=tuple(width * scale for width in widths),
        width=pdf.epw,
        text_align=("LEFT", "LEFT", "LEFT", "LEFT", "RIGHT"),
        headings_style=FontFace(emphasis="BOLD", fill_color=(230, 236, 245)),
        line_height=5,
        padding=1.2,
    ) as table:
        header = table.row()
        for heading in portion_header():
            header.cell(heading)
        for meal_type in result.meal_types:
            row = table.row(style=shaded)
            row.cell(meal_type.name, colspan=4)
            row.cell(str(meal_type.portions))
            for dish in dishes_in_order(meal_type):
                row = table.row(style=bold)
                row.cell("")
                row.cell(dish_name(dish.name), colspan=3)
                row.cell(str(dish.portions))
                for diet in diets_in_order(dish):
                    for size in portion_sizes_in_order(diet):
                        row = table.row()
                        row.cell("")
                        row.cell("")
                        row.cell(diet.name)
                        row.cell(size.name)
                        row.cell(str(size.portions))
        row = table.row(style=shaded)
        row.cell(_("Total"), colspan=4)
        row.cell(str(result.portions))

    pdf.ln(5)
    pdf.set_font(FONT_FAMILY, "B", 13)
    pdf.multi_cell(0, 7, _("Ingredients"), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(1)
    pdf.set_font(FONT_FAMILY, "", 9.5)
    if not result.ingredients:
        pdf.multi_cell(0, 6, _("The dishes have no grammages."), new_x="LMARGIN", new_y="NEXT")
        return bytes(pdf.output())
    with pdf.table(
        col_widths=(pdf.epw * 0.6, pdf.epw * 0.25, pdf.epw * 0.15),
        width=pdf.epw,
        text_align=("LEFT", "RIGHT", "LEFT"),
        headings_style=FontFace(emphasis="BOLD", fill_color=(230, 236, 245)),
        line_height=5,
        padding=1.2,
    ) as table:
        header = table.row()
        for heading in ingredient_header():
            header.cell(heading)
        for need in result.ingredients:
            row = table.row()
            row.cell(need.name)
            row.cell(quantity_text(need.quantity))
            row.cell(need.unit)
    return bytes(pdf.output())


def _clashes_table(pdf: KantynaPdf, result: MealsToPrepare) -> None:
    """The clashes under a red heading, then a gap before the counts."""
    pdf.set_font(FONT_FAMILY, "B", 13)
    pdf.set_text_color(176, 0, 32)
    pdf.multi_cell(0, 7, _("Warning: allergens in the dishes"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_text_color(0, 0, 0)
    pdf.set_font(FONT_FAMILY, "", 9.5)
    header = clash_header(result)
    widths = (36.0, 36.0, 18.0, 26.0, 40.0, 30.0)
    if len(header) > len(widths):
        widths = (20.0, *widths)
    scale = pdf.epw / sum(widths)
    with pdf.table(
        col_widths=tuple(width * scale for width in widths),
        width=pdf.epw,
        headings_style=FontFace(emphasis="BOLD", fill_color=(250, 225, 225)),
        line_height=5,
        padding=1.2,
    ) as table:
        row = table.row()
        for heading in header:
            row.cell(heading)
        for values in clash_rows(result):
            row = table.row()
            for value in values[:-1]:
                row.cell(value)
            row.cell(values[-1], style=FontFace(emphasis="BOLD"))
    pdf.ln(5)


def xlsx_response(result: MealsToPrepare, scope: Scope) -> HttpResponse:
    return file_response(render_xlsx(result, scope), filename=file_name(result, "xlsx"), content_type=XLSX_TYPE)


def pdf_response(result: MealsToPrepare, scope: Scope) -> HttpResponse:
    return file_response(render_pdf(result, scope), filename=file_name(result, "pdf"), content_type=PDF_TYPE)
