"""The orders file template (XLSX): the columns with headers in the user's language, one example row, and on
further sheets what the cells may name (institutions with their classrooms, meal types)."""

from __future__ import annotations

from io import BytesIO

from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Font

from kantyna.catalog.models import MealType
from kantyna.core.spreadsheets import guard_cell
from kantyna.institutions.models import Classroom
from kantyna.order_imports.reading import LABELS


def orders_template() -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = _("Orders")
    sheet.append([_(label) for label in LABELS.values()])
    for column in "ABCDEFGH":
        sheet.column_dimensions[column].width = 20
    places = workbook.create_sheet(_("Classrooms"))
    places.append([_("Institution"), _("Classroom")])
    for classroom in Classroom.objects.select_related("institution").order_by("institution__name", "name"):
        places.append([guard_cell(classroom.institution.name), guard_cell(classroom.name)])
    meal_types = workbook.create_sheet(_("Meal types"))
    meal_types.append([_("Meal type")])
    for meal_type in MealType.objects.order_by("position", "name"):
        meal_types.append([guard_cell(meal_type.name)])
    for each in (sheet, places, meal_types):
        for cell in each[1]:
            cell.font = Font(bold=True)
        each.freeze_panes = "A2"
    places.column_dimensions["A"].width = 40
    places.column_dimensions["B"].width = 20
    meal_types.column_dimensions["A"].width = 30
    out = BytesIO()
    workbook.save(out)
    return out.getvalue()
