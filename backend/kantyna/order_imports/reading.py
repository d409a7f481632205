"""Reading an orders file (XLSX or CSV) into rows of cells, before any lookup: pure apart from the upload checks.

The columns are found by their header (row 1), in any order, in Polish or English (letter case and spaces aside):
card number, first name, last name, institution, classroom, date (or "date from"), date to, meal type. A row names
its person by card number, or by first and last name within an institution (and a classroom, for children); its
day by "date" (with "date to": every day of the range). Dates are date cells, `YYYY-MM-DD` or `DD.MM.YYYY`. Empty rows
are left out. A file that is not a spreadsheet, has no known header or no rows is refused whole
(`import.rejected`), nothing stored; a bad cell is only a row's problem in the report (checking.py).

Cells are read as values, never as formulas (openpyxl's cached values; CSV as text): a cell "=HYPERLINK(...)" is only
a text that names no one."""

from __future__ import annotations

import csv
import re
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from io import BytesIO, StringIO

from django.core.files.uploadedfile import UploadedFile
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from openpyxl import load_workbook
from openpyxl.utils.exceptions import InvalidFileException

from kantyna.core.spreadsheets import import_rejected
from kantyna.core.uploads import detect_type, validate_upload

MAX_ROWS = 5000
# Reading bounds, whatever a file declares: the columns looked at (the template has 8) and the run of empty rows
# after which the sheet is taken as ended (a workbook declaring a cell at XFD1048576 is otherwise a million rows of
# 16,384 empty cells).
MAX_COLUMNS = 64
MAX_EMPTY_RUN = 1000
MAX_RANGE_DAYS = 62
FIELDS = ("card_number", "first_name", "last_name", "institution", "classroom", "date", "date_to", "meal_type")
HEADERS = {
    "card_number": ("numer karty", "nr karty", "karta", "card number", "card"),
    "first_name": ("imię", "imie", "first name"),
    "last_name": ("nazwisko", "last name", "surname"),
    "institution": ("placówka", "placowka", "institution"),
    "classroom": ("klasa", "grupa", "classroom", "class"),
    "date": ("data", "data od", "dzień", "dzien", "date", "date from", "day"),
    "date_to": ("data do", "date to"),
    "meal_type": ("rodzaj posiłku", "rodzaj posilku", "posiłek", "posilek", "meal type", "meal"),
}
# The template's headers (documents.py), accepted too in each language the template is downloaded in.
LABELS = {
    "card_number": gettext_noop("Card number"),
    "first_name": gettext_noop("First name"),
    "last_name": gettext_noop("Last name"),
    "institution": gettext_noop("Institution"),
    "classroom": gettext_noop("Classroom"),
    "date": gettext_noop("Date"),
    "date_to": gettext_noop("Date to"),
    "meal_type": gettext_noop("Meal type"),
}
LANGUAGES = ("pl", "en")


def _header_key(text) -> str:
    return " ".join(cell_text(text).lower().split())


def header_names() -> dict[str, str]:
    """Every accepted header (normalised) → its field."""
    names = {name: field for field, accepted in HEADERS.items() for name in accepted}
    for language in LANGUAGES:
        with translation.override(language):
            for field, label in LABELS.items():
                names.setdefault(_header_key(_(label)), field)
    return names


ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
DOTTED_DATE = re.compile(r"^(\d{1,2})[./](\d{1,2})[./](\d{4})$")
EXCEL_EPOCH = date(1899, 12, 30)


@dataclass(frozen=True)
class RawRow:
    """One data row: `position` as the sheet numbers it (the header is row 1), the cells as text, the dates parsed
    (None when empty or not a date)."""

    position: int
    card_number: str = ""
    first_name: str = ""
    last_name: str = ""
    institution: str = ""
    classroom: str = ""
    date_text: str = ""
    date_to_text: str = ""
    meal_type: str = ""

    @property
    def date_from(self) -> date | None:
        return parse_date(self.date_text)

    @property
    def date_to(self) -> date | None:
        return parse_date(self.date_to_text)


def cell_text(value) -> str:
    """A cell as text: dates ISO, whole numbers without ".0" (a card number typed as a number)."""
    if value is None:
        return ""
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())


def parse_date(text: str) -> date | None:
    text = text.strip()
    try:
        if match := ISO_DATE.match(text):
            return date(int(match[1]), int(match[2]), int(match[3]))
        if match := DOTTED_DATE.match(text):
            return date(int(match[3]), int(match[2]), int(match[1]))
        if text.isdigit() and 30000 < int(text) < 80000:  # an Excel serial number that lost its date format
            return EXCEL_EPOCH + timedelta(days=int(text))
    except ValueError:
        return None
    return None


def _header_error():
    return import_rejected(
        file_errors=[
            _(
                "The first row must hold the column headers of the template: Card number, First name, Last name, "
                "Institution, Classroom, Date, Date to, Meal type (a row names its person by card number or by name "
                "and institution)."
            )
        ]
    )


def parse_rows(table: Iterable[Sequence]) -> list[RawRow]:
    """The data rows of `table` (the header first; read as a stream, never whole). Refuses the whole file when the
    header names neither a card column nor the name columns, or lacks the date or the meal type, and when there are
    no rows or more than MAX_ROWS. Only the first MAX_COLUMNS columns are looked at; MAX_EMPTY_RUN empty rows in a
    row end the sheet."""
    lines = iter(table)
    header = next(lines, None)
    if header is None:
        raise import_rejected(file_errors=[_("The file has no rows to import.")])
    columns: dict[str, int] = {}
    names = header_names()
    for index, cell in enumerate(header[:MAX_COLUMNS]):
        field = names.get(_header_key(cell))
        if field is not None:
            columns.setdefault(field, index)
    identifies = "card_number" in columns or {"first_name", "last_name", "institution"} <= set(columns)
    if not identifies or "date" not in columns or "meal_type" not in columns:
        raise _header_error()
    rows: list[RawRow] = []
    empty_run = 0
    for position, values in enumerate(lines, start=2):
        cells = {field: cell_text(values[index]) if index < len(values) else "" for field, index in columns.items()}
        if not any(cells.values()):
            empty_run += 1
            if empty_run >= MAX_EMPTY_RUN:
                break
            continue
        empty_run = 0
        if len(rows) == MAX_ROWS:
            raise import_rejected(file_errors=[_("The file has more than %(count)s rows.") % {"count": MAX_ROWS}])
        rows.append(
            RawRow(
                position=position,
                card_number=cells.get("card_number", "")[:40],
                first_name=cells.get("first_name", "")[:100],
                last_name=cells.get("last_name", "")[:100],
                institution=cells.get("institution", "")[:255],
                classroom=cells.get("classroom", "")[:100],
                date_text=cells.get("date", "")[:40],
                date_to_text=cells.get("date_to", "")[:40],
                meal_type=cells.get("meal_type", "")[:255],
            )
        )
    if not rows:
        raise import_rejected(file_errors=[_("The file has no rows to import.")])
    return rows


def csv_table(data: bytes) -> Iterator[list[str]]:
    """A CSV's rows, one at a time, each cut to MAX_COLUMNS cells: UTF-8 (with or without a BOM), else
    Windows-1250 (Polish Excel); `;`, `,` or tab separated."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1250", errors="replace")
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")  # old Mac line ends; no NUL
    first_line = text.split("\n", 1)[0]
    delimiter = max(";,\t", key=first_line.count)
    try:
        for values in csv.reader(StringIO(text, newline=""), delimiter=delimiter):
            yield values[:MAX_COLUMNS]
    except csv.Error:
        raise import_rejected(file_errors=[_("The file is not a readable CSV file.")]) from None


def xlsx_table(data: bytes) -> Iterator[tuple]:
    """The first sheet's rows, one at a time, MAX_COLUMNS cells each (cached values of formulas, never the
    formulas). Read as a stream: the sheet's declared size (which read-only openpyxl fills with empty cells) is never
    held whole."""
    try:
        workbook = load_workbook(BytesIO(data), read_only=True, data_only=True)
        try:
            yield from workbook.worksheets[0].iter_rows(values_only=True, max_col=MAX_COLUMNS)
        finally:
            workbook.close()
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError, IndexError):
        # A ZIP that is not a workbook (a DOCX renamed, a damaged file) passes the signature check but not this one.
        raise import_rejected(file_errors=[_("The file is not a valid XLSX workbook.")]) from None


def read_upload(upload: UploadedFile, *, limit: int) -> tuple[str, list[RawRow]]:
    """The upload's format (xlsx or csv) and rows; its size (`limit` bytes) and type (by content) checked first."""
    kind = detect_type(upload)
    # The size first, then the type, worded as the user knows them (a CSV is what the detector calls text).
    validate_upload(upload, field="file", allowed=(kind,) if kind in ("xlsx", "text") else ("xlsx", "csv"), limit=limit)
    upload.seek(0)
    data = upload.read()
    if kind == "xlsx":
        return "xlsx", parse_rows(xlsx_table(data))
    return "csv", parse_rows(csv_table(data))
