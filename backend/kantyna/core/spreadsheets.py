"""Spreadsheet imports and exports, one way for every area: formula-safe cells, the workbook check of an upload,
and the all-or-nothing refusal that reports every bad cell (row number, column letter, message) at once."""

from __future__ import annotations

import zipfile
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from io import BytesIO

from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from openpyxl import Workbook, load_workbook
from openpyxl.utils.exceptions import InvalidFileException

from kantyna.core.exceptions import ApiError
from kantyna.core.uploads import validate_upload

IMPORT_ERRORS_MESSAGE = "The file has errors; nothing was imported."
# Spreadsheet programs run a cell starting with one of these as a formula (CSV/formula injection).
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")


def guard_cell(value):
    """A text cell that a spreadsheet would read as a formula, made inert with a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_PREFIXES):
        return "'" + value
    return value


@dataclass(frozen=True)
class RowError:
    """One bad cell: `row` as the sheet numbers it (the header is row 1), `column` its letter (A, B, ...)."""

    row: int
    column: str
    message: str


class ImportRejected(ApiError):
    """The file cannot be imported; nothing was stored.

    The body is the API's error shape plus `rows`: `errors.file` says what is wrong with the file, `errors.rows`
    holds one readable line per bad cell for any client, `rows` the same cells structured for the report table."""

    def __init__(self, *, rows: Iterable[RowError] = (), file_errors: Iterable[str] = ()):
        self.rows = [RowError(error.row, error.column, str(error.message)) for error in rows]
        self.file_errors = [str(message) for message in file_errors]
        errors = {}
        if self.file_errors:
            errors["file"] = self.file_errors
        if self.rows:
            errors["rows"] = [_("Row %(row)s, column %(column)s: %(message)s") % asdict(error) for error in self.rows]
        super().__init__(IMPORT_ERRORS_MESSAGE, errors=errors, extra={"rows": [asdict(error) for error in self.rows]})


def open_xlsx(upload: UploadedFile, *, field: str = "file") -> Workbook:
    """The uploaded workbook, read-only with cell values (not formulas); size and type checked first."""
    validate_upload(upload, field=field, allowed=("xlsx",))
    upload.seek(0)
    try:
        return load_workbook(BytesIO(upload.read()), read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError):
        # A ZIP that is not a workbook (a DOCX renamed, a damaged file) passes the signature check but not this one.
        raise ImportRejected(file_errors=[_("The file is not a valid XLSX workbook.")]) from None
