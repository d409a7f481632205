"""Reading an orders file (pure: no database): headers found by name in Polish or English and in any order, cells
as text, dates in the accepted forms, empty rows left out, a file without the template's headers refused whole."""

from __future__ import annotations

from datetime import date, datetime
from io import BytesIO
from itertools import islice

import pytest
from django.utils import translation
from openpyxl import Workbook

from kantyna.core.errors import DomainError
from kantyna.order_imports.reading import (
    MAX_COLUMNS,
    MAX_EMPTY_RUN,
    MAX_ROWS,
    RawRow,
    csv_table,
    parse_date,
    parse_rows,
    xlsx_table,
)


def test_given_polish_headers_when_parsing_then_each_cell_lands_in_its_field_and_positions_are_sheet_rows():
    table = [
        ["Numer karty", "Imię", "Nazwisko", "Placówka", "Klasa", "Data", "Data do", "Rodzaj posiłku"],
        ["OLA001", "", "", "", "", datetime(2030, 3, 4), None, "Obiad"],
        [None] * 8,
        ["", "Jan", "Nowak", "SP 1", "1A", "04.03.2030", "08.03.2030", "Zupa"],
    ]

    rows = parse_rows(table)

    assert rows == [
        RawRow(position=2, card_number="OLA001", date_text="2030-03-04", meal_type="Obiad"),
        RawRow(
            position=4,
            first_name="Jan",
            last_name="Nowak",
            institution="SP 1",
            classroom="1A",
            date_text="04.03.2030",
            date_to_text="08.03.2030",
            meal_type="Zupa",
        ),
    ]
    assert (rows[1].date_from, rows[1].date_to) == (date(2030, 3, 4), date(2030, 3, 8))


def test_given_english_headers_in_another_order_when_parsing_then_they_are_found_by_name():
    table = [["Meal type", "DATE", "Card  number", "Ignored"], ["Lunch", "2030-03-04", 123456, "x"]]

    assert parse_rows(table) == [RawRow(position=2, card_number="123456", date_text="2030-03-04", meal_type="Lunch")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2030-03-04", date(2030, 3, 4)),
        ("4.3.2030", date(2030, 3, 4)),
        ("04/03/2030", date(2030, 3, 4)),
        ("47546", date(2030, 3, 4)),  # an Excel serial number
        ("2030-02-30", None),
        ("jutro", None),
        ("", None),
    ],
)
def test_dates_are_read_in_the_accepted_forms_only(text, expected):
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    "header",
    [
        ["Imię", "Nazwisko", "Data", "Rodzaj posiłku"],  # names without the institution
        ["Numer karty", "Rodzaj posiłku"],  # no date
        ["Numer karty", "Data"],  # no meal type
        ["a", "b", "c"],
    ],
)
def test_given_no_template_header_when_parsing_then_the_whole_file_is_refused(header):
    with translation.override("en"), pytest.raises(DomainError) as refused:
        parse_rows([header, ["x"] * len(header)])

    assert refused.value.code == "import.rejected"
    assert "column headers" in refused.value.problems[0].params["message"]


def test_given_only_a_header_when_parsing_then_no_rows_is_refused():
    with translation.override("en"), pytest.raises(DomainError) as refused:
        parse_rows([["Numer karty", "Data", "Rodzaj posiłku"], ["", None, ""]])

    assert refused.value.problems[0].params["message"] == "The file has no rows to import."


def test_a_csv_is_read_in_utf8_with_bom_or_windows_1250_with_its_separator():
    utf8 = "\ufeffNumer karty;Data;Rodzaj posiłku\r\nOLA001;2030-03-04;Obiad\r\n".encode()
    cp1250 = "Numer karty,Data,Rodzaj posiłku\nOLA001,2030-03-04,Śniadanie\n".encode("cp1250")

    assert list(csv_table(utf8)) == [["Numer karty", "Data", "Rodzaj posiłku"], ["OLA001", "2030-03-04", "Obiad"]]
    assert list(csv_table(cp1250))[1] == ["OLA001", "2030-03-04", "Śniadanie"]


def test_a_formula_cell_is_only_text():
    rows = parse_rows([["Numer karty", "Data", "Rodzaj posiłku"], ['=HYPERLINK("http://x","y")', "2030-03-04", "=1+1"]])

    assert (rows[0].card_number, rows[0].meal_type) == ('=HYPERLINK("http://x","y")', "=1+1")


def test_a_csv_with_old_mac_line_ends_or_a_stray_quote_is_read_or_refused_never_failing():
    mac = "Numer karty;Data;Rodzaj posiłku\rOLA001;2030-03-04;Obiad\r".encode()

    assert list(csv_table(mac)) == [["Numer karty", "Data", "Rodzaj posiłku"], ["OLA001", "2030-03-04", "Obiad"]]
    assert list(csv_table(b'a;"b\nc;d')) == [["a", "b\nc;d"]]


HEADER = ["Numer karty", "Data", "Rodzaj posiłku"]


def far_cell_workbook() -> bytes:
    """The headers, one row, and one cell at the sheet's last address: a few KB declaring 1,048,576 x 16,384 cells."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(HEADER)
    sheet.append(["OLA001", "2030-03-04", "Obiad"])
    sheet["XFD1048576"] = "x"
    out = BytesIO()
    workbook.save(out)
    return out.getvalue()


def test_given_a_workbook_declaring_the_whole_sheet_when_reading_then_rows_stream_cut_to_the_column_cap():
    data = far_cell_workbook()

    first_rows = list(islice(xlsx_table(data), 3))

    assert len(data) < 10_000
    assert [len(values) for values in first_rows] == [MAX_COLUMNS] * 3
    assert list(first_rows[1][:3]) == ["OLA001", "2030-03-04", "Obiad"]
    assert parse_rows(xlsx_table(data)) == [
        RawRow(position=2, card_number="OLA001", date_text="2030-03-04", meal_type="Obiad")
    ]


def test_given_a_long_run_of_empty_rows_when_parsing_then_the_sheet_ends_there_and_no_more_is_read():
    read = []

    def stream():
        yield HEADER
        yield ["OLA001", "2030-03-04", "Obiad"]
        for _ in range(10 * MAX_EMPTY_RUN):
            read.append(1)
            yield [None, None, None]
        yield ["OLA002", "2030-03-04", "Obiad"]

    rows = parse_rows(stream())

    assert [row.card_number for row in rows] == ["OLA001"]
    assert len(read) == MAX_EMPTY_RUN


def test_given_more_than_max_rows_when_parsing_a_stream_then_it_is_refused_without_reading_the_rest():
    read = []

    def stream():
        yield HEADER
        for number in range(10 * MAX_ROWS):
            read.append(number)
            yield [f"K{number}", "2030-03-04", "Obiad"]

    with translation.override("en"), pytest.raises(DomainError) as refused:
        parse_rows(stream())

    assert refused.value.problems[0].params["message"] == f"The file has more than {MAX_ROWS} rows."
    assert len(read) == MAX_ROWS + 1


def test_given_a_csv_line_of_a_hundred_thousand_cells_when_reading_then_it_is_cut_to_the_column_cap():
    data = ("Numer karty;Data;Rodzaj posiłku\nOLA001;2030-03-04;Obiad" + ";" * 100_000 + "\n").encode()

    table = list(csv_table(data))

    assert [len(values) for values in table] == [3, MAX_COLUMNS]
    assert parse_rows(table) == [RawRow(position=2, card_number="OLA001", date_text="2030-03-04", meal_type="Obiad")]
