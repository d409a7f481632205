"""Spreadsheet imports and exports, one way for every area: formula-safe cells, the workbook check of an upload,
and the all-or-nothing refusal that reports every bad cell (row number, column letter, message) at once."""

from __future__ import annotations

import csv
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from io import BytesIO, StringIO

from django.core.files.uploadedfile import UploadedFile
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font
from openpyxl.utils.exceptions import InvalidFileException

from kantyna.core.errors import DomainError, Problem
from kantyna.core.uploads import validate_upload

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_TYPE = "text/csv; charset=utf-8"
EXPORT_FORMATS = ("xlsx", "csv")
# Spreadsheet programs run a cell starting with one of these as a formula (CSV/formula injection).
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def xml_safe(text: str) -> str:
    """The text without the control characters XML cannot hold. openpyxl and python-docx refuse a whole file for
    one, so a vertical tab stored in a name before the API refused them would fail every export showing it."""
    return ILLEGAL_CHARACTERS_RE.sub("", text)


def guard_cell(value):
    """A text cell safe to write: XML-safe, and made inert with a leading apostrophe when a spreadsheet would
    read it as a formula."""
    if not isinstance(value, str):
        return value
    value = xml_safe(value)
    if value.startswith(FORMULA_PREFIXES):
        return "'" + value
    return value


@dataclass(frozen=True)
class RowError:
    """One bad cell: `row` as the sheet numbers it (the header is row 1), `column` its letter (A, B, ...), and
    `message` what is wrong: a text the importer worded (a cell's format), or a `Problem` when a rule with its own
    refusal code refused the cell (a taken card number), worded by the API's error table like that refusal."""

    row: int
    column: str
    message: str | Problem


def import_rejected(*, rows: Iterable[RowError] = (), file_errors: Iterable[str | Problem] = ()) -> DomainError:
    """The file cannot be imported; nothing was stored: a domain error ("import.rejected") like any other refusal.

    The API's table words it as the error shape plus `rows`: `errors.file` says what is wrong with the file,
    `errors.rows` holds one readable line per bad cell for any client, `rows` the same cells structured for the
    report table (a cell's `Problem` worded there too). A fault of the file, too, is a text or a `Problem`."""
    cells = [{"row": error.row, "column": error.column, "message": _cell_message(error.message)} for error in rows]
    return DomainError(
        "import.rejected",
        problems=[Problem("import.file_error", "file", {"message": _cell_message(message)}) for message in file_errors]
        + [Problem("import.row_error", "rows", cell) for cell in cells],
        extra={"rows": cells},
    )


def _cell_message(message: str | Problem) -> str | Problem:
    return message if isinstance(message, Problem) else str(message)


def open_xlsx(upload: UploadedFile, *, limit: int, field: str = "file") -> Workbook:
    """The uploaded workbook, read-only with cell values (not formulas); size (`limit` bytes) and type checked first."""
    validate_upload(upload, field=field, allowed=("xlsx",), limit=limit)
    upload.seek(0)
    try:
        return load_workbook(BytesIO(upload.read()), read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError):
        # A ZIP that is not a workbook (a DOCX renamed, a damaged file) passes the signature check but not this one.
        raise import_rejected(file_errors=[_("The file is not a valid XLSX workbook.")]) from None


def _csv_cell(value):
    """CSV text as the reader's spreadsheet reads it: ISO dates, the decimal separator of the language."""
    if value is None:
        return ""
    if isinstance(value, datetime):
        return f"{value:%Y-%m-%d %H:%M}"
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return number_format(value, 2)
    return guard_cell(value)


def export_file(rows: list[list], *, sheet_title: str, file_format: str) -> tuple[bytes, str]:
    """A list's export: `rows` (the header first) as CSV (`;`-separated with a BOM, as Polish Excel opens it) or
    XLSX (bold frozen header; dates, moments and amounts as typed cells), every text cell guarded against
    formulas. Answers the bytes and their content type."""
    if file_format == "csv":
        out = StringIO()
        csv.writer(out, delimiter=";").writerows([[_csv_cell(cell) for cell in row] for row in rows])
        return ("\ufeff" + out.getvalue()).encode("utf-8"), CSV_TYPE
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = sheet_title
    for row in rows:
        sheet.append([guard_cell(cell) for cell in row])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for column in sheet.iter_cols(min_row=2):
        for cell in column:
            if isinstance(cell.value, datetime):
                cell.number_format = "yyyy-mm-dd hh:mm"
            elif isinstance(cell.value, date):
                cell.number_format = "yyyy-mm-dd"
            elif isinstance(cell.value, Decimal):
                cell.number_format = "0.00"
    sheet.freeze_panes = "A2"
    out = BytesIO()
    workbook.save(out)
    return out.getvalue(), XLSX_TYPE
