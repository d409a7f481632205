"""The XLSX layout of a menu import, its template, and the reader that checks every row before anything is
stored.

One sheet, a header row, then one row per meal: `Data` (a date cell, `RRRR-MM-DD` or `DD.MM.RRRR`),
`Typ posiłku` (a meal type's name), `Posiłek` (a meal's name). Several rows with the same date and meal type
put several meals in that cell, in row order. Empty rows are skipped."""

from __future__ import annotations

import io
from datetime import date, datetime

from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from openpyxl import Workbook
from openpyxl.styles import Font

from kantyna.catalog.models import MealType
from kantyna.core.errors import DomainError, Problem
from kantyna.core.spreadsheets import RowError, guard_cell, import_rejected, open_xlsx
from kantyna.meals.models import Meal
from kantyna.menus.models import MAX_MENU_DAYS
from kantyna.tenant_settings.selectors import upload_max_file_size

MAX_ROWS = 5000
# (column letter in the error report, Polish header, English header)
COLUMNS = [("A", "Data", "Date"), ("B", "Typ posiłku", "Meal type"), ("C", "Posiłek", "Meal")]


def _file_error(message) -> DomainError:
    return import_rejected(file_errors=[message])


def _parse_date(value) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = str(value).strip()
    for pattern in ("%Y-%m-%d", "%d.%m.%Y"):
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def _text(value) -> str:
    return "" if value is None else str(value).strip()


def _check_header(header: tuple) -> None:
    names = [_text(value).lower() for value in header[: len(COLUMNS)]]
    expected = [(polish.lower(), english.lower()) for _key, polish, english in COLUMNS]
    if len(names) < len(COLUMNS) or any(name not in pair for name, pair in zip(names, expected, strict=True)):
        raise _file_error(
            _("The first row must name the columns: %(columns)s.")
            % {"columns": ", ".join(polish for _key, polish, _english in COLUMNS)}
        )


def read_menu_rows(upload, *, date_from: date | None, date_to: date | None) -> list[tuple[date, MealType, Meal]]:
    sheet = open_xlsx(upload, limit=upload_max_file_size()).worksheets[0]
    rows = sheet.iter_rows(values_only=True)
    header = next(rows, None)
    if header is None:
        raise _file_error(_("The file is empty."))
    _check_header(header)

    # Compared in Python: the database's lower() leaves Polish capitals alone under the C collation.
    meal_types = {meal_type.name.strip().lower(): meal_type for meal_type in MealType.objects.all()}
    meals: dict[str, list[Meal]] = {}
    for meal in Meal.objects.all():
        meals.setdefault(meal.name.strip().lower(), []).append(meal)

    errors: list[RowError] = []
    items = []
    for number, row in enumerate(rows, start=2):
        values = [_text(value) if not isinstance(value, date | datetime) else value for value in row[: len(COLUMNS)]]
        values += [""] * (len(COLUMNS) - len(values))
        if not any(values):
            continue
        if len(items) + len(errors) >= MAX_ROWS:
            raise _file_error(_("The file has more than %(rows)s rows.") % {"rows": MAX_ROWS})
        raw_date, raw_type, raw_meal = values
        row_errors: list[RowError] = []
        day = _parse_date(raw_date) if raw_date != "" else None
        if raw_date == "":
            row_errors.append(RowError(number, "A", _("The date is missing.")))
        elif day is None:
            row_errors.append(
                RowError(
                    number, "A", _("„%(value)s” is not a date (use YYYY-MM-DD or DD.MM.YYYY).") % {"value": raw_date}
                )
            )
        elif (date_from and day < date_from) or (date_to and day > date_to):
            row_errors.append(
                RowError(number, "A", _("%(date)s is outside the menu's dates.") % {"date": date_format(day, "d.m.Y")})
            )
        meal_type = meal_types.get(raw_type.lower())
        if raw_type == "":
            row_errors.append(RowError(number, "B", _("The meal type is missing.")))
        elif meal_type is None:
            row_errors.append(RowError(number, "B", _("There is no meal type „%(value)s”.") % {"value": raw_type}))
        found = meals.get(raw_meal.lower(), [])
        if raw_meal == "":
            row_errors.append(RowError(number, "C", _("The meal is missing.")))
        elif not found:
            row_errors.append(RowError(number, "C", _("There is no meal „%(value)s”.") % {"value": raw_meal}))
        elif len(found) > 1:
            row_errors.append(
                RowError(
                    number, "C", _("Several meals are named „%(value)s”; rename one of them.") % {"value": raw_meal}
                )
            )
        if row_errors:
            errors.extend(row_errors)
            continue
        items.append((day, meal_type, found[0]))

    if errors:
        raise import_rejected(rows=errors)
    if not items:
        raise _file_error(_("The file has no menu rows."))
    if date_from is None and date_to is None:
        days = [day for day, _mt, _m in items]
        if (max(days) - min(days)).days + 1 > MAX_MENU_DAYS:
            raise _file_error(Problem("menu.too_long", "date_to", {"days": MAX_MENU_DAYS}))
    return items


def import_template() -> bytes:
    """The template: the header, two example rows, and sheets listing the meal types and meals to choose from."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Jadłospis"
    sheet.append([polish for _key, polish, _english in COLUMNS])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    meal_types = list(MealType.objects.order_by("position", "name"))
    meals = list(Meal.objects.order_by("name").values_list("name", flat=True))
    today = date.today()
    for meal_type, meal in list(zip(meal_types, meals, strict=False))[:2]:
        row = [today, guard_cell(meal_type.name), guard_cell(meal)]
        sheet.append(row)
        sheet.cell(row=sheet.max_row, column=1).number_format = "yyyy-mm-dd"
    sheet.column_dimensions["A"].width = 14
    sheet.column_dimensions["B"].width = 24
    sheet.column_dimensions["C"].width = 50
    types_sheet = workbook.create_sheet("Typy posiłków")
    types_sheet.append(["Typ posiłku"])
    for meal_type in meal_types:
        types_sheet.append([guard_cell(meal_type.name)])
    meals_sheet = workbook.create_sheet("Posiłki")
    meals_sheet.append(["Posiłek"])
    for name in meals:
        meals_sheet.append([guard_cell(name)])
    meals_sheet.column_dimensions["A"].width = 50
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
