"""The ingredients workbook: the template an admin downloads, and the reading of a filled-in file.

Reading validates the whole file before anything is stored, so an import is all or nothing and the admin
gets every bad row (row number, column, message) in one answer, not the first one only."""

from __future__ import annotations

import re
from io import BytesIO

from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.datavalidation import DataValidation

from kantyna.catalog.models import Allergen
from kantyna.core.spreadsheets import RowError, guard_cell, import_rejected, open_xlsx
from kantyna.core.validators import SINGLE_LINE_TEXT
from kantyna.meals.models import Ingredient, Unit
from kantyna.meals.services import ImportedIngredient
from kantyna.tenant_settings.selectors import upload_max_file_size

MAX_ROWS = 5000
NAME_MAX_LENGTH = Ingredient._meta.get_field("name").max_length
# Accepted header spellings per column, compared without letter case; the template writes the user's language.
HEADERS = (("nazwa", "name"), ("jednostka", "unit"), ("alergeny", "allergens"))
COLUMNS = ("A", "B", "C")
UNIT_SPELLINGS = {"g": Unit.GRAM, "ml": Unit.MILLILITRE, "szt": Unit.PIECE, "szt.": Unit.PIECE}
ALLERGEN_SEPARATORS = re.compile(r"[,;]")


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _allergens_by_key() -> dict[str, Allergen]:
    keys = {}
    for allergen in Allergen.objects.all():
        keys[allergen.name.casefold()] = allergen
        if allergen.number is not None:
            keys[str(allergen.number)] = allergen
    return keys


def read_ingredients(upload: UploadedFile) -> list[ImportedIngredient]:
    """Every data row of the first sheet, validated; an import_rejected refusal with every problem found otherwise."""
    sheet = open_xlsx(upload, limit=upload_max_file_size()).worksheets[0]
    rows = sheet.iter_rows(values_only=True)
    header = [_text(cell).casefold() for cell in (next(rows, None) or ())][: len(HEADERS)]
    header += [""] * (len(HEADERS) - len(header))
    if any(cell not in accepted for cell, accepted in zip(header, HEADERS, strict=True)):
        raise import_rejected(
            file_errors=[_("The first row must hold the column headers of the template: Name, Unit, Allergens.")]
        )

    allergens = _allergens_by_key()
    errors: list[RowError] = []
    parsed: list[ImportedIngredient] = []
    first_row_of_name: dict[str, int] = {}
    filled = 0
    for number, values in enumerate(rows, start=2):
        name, unit, allergen_list = ([_text(v) for v in values[: len(HEADERS)]] + ["", "", ""])[: len(HEADERS)]
        if not (name or unit or allergen_list):
            continue  # blank lines between blocks are common in hand-made sheets
        filled += 1
        if filled > MAX_ROWS:
            raise import_rejected(file_errors=[_("The file has more than %(count)s rows.") % {"count": MAX_ROWS}])
        row_errors = []
        if not name:
            row_errors.append(RowError(number, "A", _("The name is required.")))
        elif len(name) > NAME_MAX_LENGTH:
            row_errors.append(
                RowError(number, "A", _("The name may have at most %(count)s characters.") % {"count": NAME_MAX_LENGTH})
            )
        elif problem := SINGLE_LINE_TEXT.problem(name):
            row_errors.append(RowError(number, "A", problem))
        elif name.casefold() in first_row_of_name:
            row_errors.append(
                RowError(
                    number,
                    "A",
                    _("This ingredient is already in row %(row)s.") % {"row": first_row_of_name[name.casefold()]},
                )
            )
        else:
            first_row_of_name[name.casefold()] = number
        if unit.casefold() not in UNIT_SPELLINGS:
            row_errors.append(RowError(number, "B", _("The unit must be one of: g, ml, szt.")))
        found = []
        for key in filter(None, (part.strip() for part in ALLERGEN_SEPARATORS.split(allergen_list))):
            allergen = allergens.get(key.casefold())
            if allergen is None:
                row_errors.append(RowError(number, "C", _("Unknown allergen: %(allergen)s.") % {"allergen": key}))
            elif allergen not in found:
                found.append(allergen)
        if row_errors:
            errors.extend(row_errors)
        else:
            parsed.append({"name": name, "unit": UNIT_SPELLINGS[unit.casefold()], "allergens": found})
    if errors:
        raise import_rejected(rows=errors)
    if not parsed:
        raise import_rejected(file_errors=[_("The file has no rows to import.")])
    return parsed


def ingredients_template() -> bytes:
    """An empty ingredients sheet with headers in the user's language, a unit drop-down and, on a second sheet,
    the tenant's allergens (number and name) to copy from."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = _("Ingredients")
    sheet.append([_("Name"), _("Unit"), _("Allergens")])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.column_dimensions["A"].width = 40
    sheet.column_dimensions["B"].width = 12
    sheet.column_dimensions["C"].width = 30
    sheet.freeze_panes = "A2"
    units = DataValidation(type="list", formula1='"g,ml,szt."', allow_blank=False)
    units.add(f"B2:B{MAX_ROWS + 1}")
    sheet.add_data_validation(units)

    legend = workbook.create_sheet(_("Allergens"))
    legend.append([_("Number"), _("Name")])
    for cell in legend[1]:
        cell.font = Font(bold=True)
    for allergen in Allergen.objects.all():
        legend.append([allergen.number, guard_cell(allergen.name)])
    legend.column_dimensions["B"].width = 40

    out = BytesIO()
    workbook.save(out)
    return out.getvalue()
