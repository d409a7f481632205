"""Menus on paper: the PDF print (fpdf2 with the bundled Source Sans Pro, so Polish letters need no system
font), the DOCX export (python-docx), and the helpers every file answer uses (safe names, spreadsheet cells
guarded against formulas). Texts follow the active language (the `user-locale` header), Polish by default."""

from __future__ import annotations

import io
import re
import unicodedata
from datetime import date
from urllib.parse import quote

import font_source_sans_pro
from django.http import HttpResponse
from django.utils.dates import MONTHS, WEEKDAYS
from django.utils.translation import gettext as _
from docx import Document
from docx.enum.section import WD_ORIENT
from docx.shared import Cm, Pt
from fpdf import FPDF
from fpdf.fonts import FontFace
from PIL import Image

from kantyna.catalog.models import Allergen, Diet
from kantyna.core.spreadsheets import xml_safe
from kantyna.menus.selectors import GridMeal, MonthGrid

PDF_TYPE = "application/pdf"
DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
FONT_FAMILY = "SourceSans"


# Letters NFKD does not decompose into an ASCII letter plus a mark.
_TRANSLITERATE = str.maketrans({"ł": "l", "Ł": "L", "ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O"})


def safe_file_name(name: str) -> str:
    """No path separators, control characters or quotes; spaces collapsed; never empty."""
    cleaned = re.sub(r'[\\/:*?"<>|\x00-\x1f\x7f]+', "-", name).strip(" .-")
    return re.sub(r"\s+", " ", cleaned)[:150] or "plik"


def ascii_file_name(name: str) -> str:
    text = unicodedata.normalize("NFKD", safe_file_name(name).translate(_TRANSLITERATE))
    text = text.encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "file"


def file_response(content: bytes, *, filename: str, content_type: str, inline: bool = False) -> HttpResponse:
    """The file with a Content-Disposition every browser reads: an ASCII `filename` and the exact UTF-8
    `filename*` (RFC 6266)."""
    response = HttpResponse(content, content_type=content_type)
    disposition = "inline" if inline else "attachment"
    response["Content-Disposition"] = (
        f"{disposition}; filename=\"{ascii_file_name(filename)}\"; filename*=UTF-8''{quote(safe_file_name(filename))}"
    )
    response["Content-Length"] = str(len(content))
    response["X-Content-Type-Options"] = "nosniff"
    return response


def month_title(month: date) -> str:
    return f"{MONTHS[month.month]} {month.year}"


def day_label(day: date) -> str:
    return f"{WEEKDAYS[day.weekday()]}\n{day:%d.%m.%Y}"


def allergen_label(allergen: Allergen) -> str:
    return str(allergen.number) if allergen.number else allergen.name


def meal_text(entry: GridMeal, show_grammages: bool) -> str:
    lines = [entry.meal.name]
    if entry.allergens:
        lines.append(_("Allergens: %(list)s") % {"list": ", ".join(allergen_label(a) for a in entry.allergens)})
    if show_grammages and entry.grammages:
        by_portion: dict[str, list[str]] = {}
        for use in entry.grammages:
            by_portion.setdefault(use.portion_size.name, []).append(
                f"{use.ingredient.name} {use.grammage.normalize():f} {use.ingredient.unit}"
            )
        lines.extend(f"{portion}: {', '.join(parts)}" for portion, parts in by_portion.items())
    return "\n".join(lines)


def legend(grids: list[MonthGrid]) -> str:
    """The allergens named in the grids, by number: the cells show numbers only, to stay short."""
    seen: dict[int, Allergen] = {}
    for grid in grids:
        for entries in grid.cells.values():
            for entry in entries:
                for allergen in entry.allergens:
                    seen[allergen.pk] = allergen
    if not seen:
        return ""
    ordered = sorted(seen.values(), key=lambda a: (a.number is None, a.number or 0, a.name))
    return _("Allergens: %(list)s") % {
        "list": "; ".join(f"{a.number} - {a.name}" if a.number else a.name for a in ordered)
    }


def _subtitle(grid: MonthGrid, diet: Diet | None) -> str:
    parts = [month_title(grid.month)]
    institutions = ", ".join(i.short_name or i.name for i in grid.menu.institutions.all())
    if institutions:
        parts.append(institutions)
    if diet is not None:
        parts.append(_("Diet: %(name)s") % {"name": diet.name})
    else:
        diets = ", ".join(d.name for d in grid.menu.diets.all())
        if diets:
            parts.append(_("Diets: %(names)s") % {"names": diets})
    return " · ".join(parts)


class KantynaPdf(FPDF):
    """An A4 document with the bundled Source Sans Pro, regular and bold, as FONT_FAMILY (Polish letters need no
    system font), and a "Page n of m" footer: the menu print and the order confirmation."""

    def __init__(self, orientation: str):
        super().__init__(orientation=orientation, format="A4")
        self.add_font(FONT_FAMILY, "", font_source_sans_pro.font_files_ttf["SourceSansPro"])
        self.add_font(FONT_FAMILY, "B", font_source_sans_pro.font_files_ttf["SourceSansProBold"])

    def footer(self):
        self.set_y(-12)
        self.set_font(FONT_FAMILY, size=8)
        self.set_text_color(110)
        self.cell(0, 8, _("Page %(page)s of %(pages)s") % {"page": self.page_no(), "pages": "{nb}"}, align="R")


def render_pdf(sections: list[tuple[MonthGrid, Diet | None]]) -> bytes:
    """One or more pages per (month, diet) section: a table of days x meal types, then the allergen legend."""
    pdf = KantynaPdf(orientation="landscape")
    pdf.set_title(sections[0][0].menu.name if sections else _("Menu"))
    pdf.set_auto_page_break(auto=True, margin=15)
    for grid, diet in sections:
        pdf.add_page()
        pdf.set_font(FONT_FAMILY, "B", 16)
        pdf.multi_cell(0, 8, grid.menu.name, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(FONT_FAMILY, "", 11)
        pdf.multi_cell(0, 6, _subtitle(grid, diet), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(3)
        meal_types = grid.used_meal_types
        days = grid.dates_with_meals
        if not meal_types or not days:
            pdf.multi_cell(0, 8, _("No meals are planned in this month."), new_x="LMARGIN", new_y="NEXT")
            continue
        pdf.set_font(FONT_FAMILY, "", 8.5)
        day_width = 30
        other = (pdf.epw - day_width) / len(meal_types)
        headings = FontFace(emphasis="BOLD", fill_color=(230, 236, 245))
        with pdf.table(
            col_widths=(day_width, *[other] * len(meal_types)),
            width=pdf.epw,
            text_align="LEFT",
            headings_style=headings,
            line_height=4.2,
            padding=1.5,
        ) as table:
            header = table.row()
            header.cell(_("Day"))
            for meal_type in meal_types:
                header.cell(meal_type.name)
            for day in days:
                row = table.row()
                row.cell(day_label(day))
                for meal_type in meal_types:
                    row.cell("\n\n".join(meal_text(entry, grid.show_grammages) for entry in grid.meals(day, meal_type)))
        text = legend([grid])
        if text:
            pdf.ln(3)
            pdf.set_font(FONT_FAMILY, "", 8.5)
            pdf.multi_cell(0, 4.5, text, new_x="LMARGIN", new_y="NEXT")
    if not sections:
        pdf.add_page()
        pdf.set_font(FONT_FAMILY, "", 11)
        pdf.cell(0, 8, _("No meals are planned in this month."))
    return bytes(pdf.output())


def render_docx(sections: list[MonthGrid]) -> bytes:
    """Every stored text goes through xml_safe: python-docx refuses the whole document for a control character."""
    document = Document()
    section = document.sections[0]
    section.orientation = WD_ORIENT.LANDSCAPE
    section.page_width, section.page_height = Cm(29.7), Cm(21)
    for margin in ("left_margin", "right_margin", "top_margin", "bottom_margin"):
        setattr(section, margin, Cm(1.5))
    document.styles["Normal"].font.size = Pt(9)
    for index, grid in enumerate(sections):
        if index:
            document.add_page_break()
        document.add_heading(xml_safe(grid.menu.name), level=1)
        document.add_paragraph(xml_safe(_subtitle(grid, None)))
        meal_types = grid.used_meal_types
        days = grid.dates_with_meals
        if not meal_types or not days:
            document.add_paragraph(_("No meals are planned in this month."))
            continue
        table = document.add_table(rows=1, cols=len(meal_types) + 1)
        table.style = "Table Grid"
        header = table.rows[0].cells
        header[0].text = _("Day")
        for column, meal_type in enumerate(meal_types, start=1):
            header[column].text = xml_safe(meal_type.name)
        for cell in header:
            for run in cell.paragraphs[0].runs:
                run.bold = True
        for day in days:
            cells = table.add_row().cells
            cells[0].text = day_label(day)
            for column, meal_type in enumerate(meal_types, start=1):
                cells[column].text = xml_safe(
                    "\n\n".join(meal_text(entry, grid.show_grammages) for entry in grid.meals(day, meal_type))
                )
        text = legend([grid])
        if text:
            document.add_paragraph(xml_safe(text))
    if not sections:
        document.add_paragraph(_("No meals are planned in this month."))
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def file_title(instance) -> str:
    return f"{instance.institution.name} · {month_title(instance.month)}"


def image_to_pdf(content: bytes, *, title: str) -> bytes:
    """An uploaded JPEG or PNG menu on one A4 page (portrait or landscape, whichever suits the image), under a
    title, scaled to fit: browsers print a PDF page predictably, an image not."""

    with Image.open(io.BytesIO(content)) as image:
        width, height = image.size
    pdf = FPDF(orientation="landscape" if width > height else "portrait", format="A4")
    pdf.add_font(FONT_FAMILY, "B", font_source_sans_pro.font_files_ttf["SourceSansProBold"])
    pdf.set_auto_page_break(auto=False)
    pdf.add_page()
    pdf.set_font(FONT_FAMILY, "B", 13)
    pdf.cell(0, 8, title, new_x="LMARGIN", new_y="NEXT")
    top = pdf.get_y() + 2
    available_w, available_h = pdf.epw, pdf.eph - (top - pdf.t_margin)
    scale = min(available_w / width, available_h / height)
    pdf.image(io.BytesIO(content), x=pdf.l_margin, y=top, w=width * scale, h=height * scale)
    return bytes(pdf.output())
