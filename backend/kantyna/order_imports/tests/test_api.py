"""The orders files API as the pages use it: upload (201 with the counts and totals), the report under each
filter, the template, confirm (status flag with what was ordered) and a second confirm (409); upload refusals worded
for the user (too large, another type, a ZIP that is no workbook, no template header); the list and the report cost a
constant number of queries."""

from __future__ import annotations

from datetime import timedelta
from io import BytesIO
from zipfile import ZipFile

import pytest
from openpyxl import load_workbook

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.order_imports.models import ImportedOrdersFile
from kantyna.order_imports.tests.helpers import csv_bytes, make_orders_world, row, xlsx_bytes
from kantyna.ordering.models import OrderItem
from kantyna.ordering.tests.helpers import next_monday
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.api import Api
from kantyna.testing.factories import make_user
from kantyna.testing.queries import capture_queries

pytestmark = pytest.mark.django_db
PATH = "importedOrdersFiles"


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        world = make_orders_world(tenant_a)
    world.api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    world.tenant = tenant_a
    return world


def send(world, content: bytes, name: str = "zamowienia.csv", **fields):
    file = BytesIO(content)
    file.name = name
    return world.api.post(PATH, {"file": file, **fields}, format="multipart")


def money(amount: str) -> dict:
    return {"amount": amount, "currency": "PLN"}


def test_given_an_admin_when_uploading_reading_and_confirming_then_the_ok_rows_become_orders_once(world):
    monday = next_monday()
    content = csv_bytes(
        [row(card="OLA001", day=monday), row(card="JAN001", day=monday), row(card="NOBODY", day=monday)]
    )

    created = send(world, content)

    assert created.status_code == 201, created.content
    body = created.json()
    assert (body["fileFormat"], body["status"], body["counts"], body["toOrderAmount"]) == (
        "csv",
        "checked",
        {"rows": 3, "ok": 2, "problems": 1, "ordered": 0, "failed": 0, "toOrder": 2, "orderedItems": 0},
        money("25.00"),
    )
    problems = world.api.get(f"{PATH}/{body['id']}", {"status": "problems"}).json()
    assert [
        (r["position"], r["status"], r["message"], r["cells"]["cardNumber"]) for r in problems["rows"]["items"]
    ] == [(4, "problem", "No one has the card number NOBODY.", "NOBODY")]
    ok = world.api.get(f"{PATH}/{body['id']}", {"status": "ok"}).json()["rows"]
    assert [
        (r["position"], r["person"]["name"], r["mealType"]["name"], r["days"], r["amount"]) for r in ok["items"]
    ] == [
        (2, "Ola Nowak", "Obiad", [monday.isoformat()], money("12.50")),
        (3, "Jan Nowak", "Obiad", [monday.isoformat()], money("12.50")),
    ]

    confirmed = world.api.post(f"{PATH}/{body['id']}/confirm")
    again = world.api.post(f"{PATH}/{body['id']}/confirm")

    assert confirmed.status_code == 200, confirmed.content
    assert confirmed.json() == {"status": True, "ordered": 2, "failed": 0, "items": 2, "total": money("25.00")}
    assert (again.status_code, again.json()["message"]) == (409, "This orders file is already confirmed.")
    with in_tenant(world.tenant):
        assert OrderItem.objects.filter(date=monday).count() == 2
    details = world.api.get(f"{PATH}/{body['id']}").json()
    assert (details["status"], details["counts"]["ordered"], details["orderedAmount"]) == (
        "confirmed",
        2,
        money("25.00"),
    )


def test_an_xlsx_upload_is_read_as_a_workbook(world):
    created = send(world, xlsx_bytes([row(card="OLA001", day=next_monday())]), name="orders.xlsx")

    assert created.status_code == 201, created.content
    assert (created.json()["fileFormat"], created.json()["counts"]["ok"]) == ("xlsx", 1)


def test_given_a_workbook_declaring_a_cell_at_xfd1048576_when_uploading_then_only_its_rows_are_read(world):
    workbook = load_workbook(BytesIO(xlsx_bytes([row(card="OLA001", day=next_monday())])))
    workbook.active["XFD1048576"] = "x"
    out = BytesIO()
    workbook.save(out)

    created = send(world, out.getvalue(), name="orders.xlsx")

    assert created.status_code == 201, created.content
    assert (created.json()["fileFormat"], created.json()["counts"]["rows"], created.json()["counts"]["ok"]) == (
        "xlsx",
        1,
        1,
    )


def test_given_a_file_over_the_size_limit_when_uploading_then_it_is_refused_and_nothing_stored(world):
    with in_tenant(world.tenant):
        settings_update(actor=None, key="general", data={"upload_max_file_size": 1024 * 1024})

    refused = send(world, csv_bytes([row(card="OLA001", day=next_monday())]) + b"\n" * (1024 * 1024))

    assert refused.status_code == 400
    assert refused.json()["errors"]["file"] == ["The file is too large: the limit is 1 MB."]
    with in_tenant(world.tenant):
        assert ImportedOrdersFile.objects.count() == 0


@pytest.mark.parametrize(
    ("content", "name", "message"),
    [
        (b"%PDF-1.4 not orders", "orders.pdf", "Unsupported file type: allowed xlsx, csv."),
        (b"\x00\x01\x02binary", "orders.csv", "Unsupported file type: allowed xlsx, csv."),
    ],
)
def test_given_a_file_of_another_type_when_uploading_then_it_is_refused_by_its_content(world, content, name, message):
    refused = send(world, content, name=name)

    assert refused.status_code == 400
    assert refused.json()["errors"]["file"] == [message]
    with in_tenant(world.tenant):
        assert ImportedOrdersFile.objects.count() == 0


def test_given_a_zip_that_is_no_workbook_or_a_text_without_headers_when_uploading_then_nothing_is_stored(world):
    docx = BytesIO()
    with ZipFile(docx, "w") as archive:
        archive.writestr("word/document.xml", "<w:document/>")

    not_workbook = send(world, docx.getvalue(), name="orders.xlsx")
    no_header = send(world, b"hello;world\n1;2\n", name="orders.csv")

    assert (not_workbook.status_code, not_workbook.json()["errors"]["file"]) == (
        400,
        ["The file is not a valid XLSX workbook."],
    )
    assert no_header.status_code == 400
    assert no_header.json()["errors"]["file"][0].startswith("The first row must hold the column headers")
    with in_tenant(world.tenant):
        assert ImportedOrdersFile.objects.count() == 0


def test_given_formula_cells_when_uploaded_and_read_then_they_are_plain_text_that_names_no_one(world):
    created = send(world, csv_bytes([row(card='=HYPERLINK("http://evil","x")', day=next_monday(), meal="=1+1")]))

    rows = world.api.get(f"{PATH}/{created.json()['id']}").json()["rows"]["items"]
    assert [(r["status"], r["cells"]["cardNumber"], r["cells"]["mealType"], r["message"]) for r in rows] == [
        ("problem", '=HYPERLINK("http://evil","x")', "=1+1", "There is no meal type =1+1.")
    ]


def test_the_template_has_the_headers_in_the_users_language(world):
    polish = world.api.get(f"{PATH}/template", HTTP_USER_LOCALE="pl")
    english = world.api.get(f"{PATH}/template")

    def header(response):
        return [cell.value for cell in load_workbook(BytesIO(response.content)).worksheets[0][1]]

    assert polish.status_code == 200
    assert header(english) == [
        "Card number",
        "First name",
        "Last name",
        "Institution",
        "Classroom",
        "Date",
        "Date to",
        "Meal type",
    ]
    assert header(polish)[0] != "Card number"


def test_the_list_and_the_report_cost_a_constant_number_of_queries(world):
    monday = next_monday()
    for size in (1, 5):
        send(world, csv_bytes([row(card="OLA001", day=monday + timedelta(days=d)) for d in range(size)]))
    files = world.api.get(PATH).json()["items"]
    world.api.get(PATH)  # the session's first reads warm up

    with capture_queries() as list_queries:
        listed = world.api.get(PATH)
    with capture_queries() as small:
        world.api.get(f"{PATH}/{files[1]['id']}")
    with capture_queries() as large:
        world.api.get(f"{PATH}/{files[0]['id']}")

    assert [f["counts"]["rows"] for f in listed.json()["items"]] == [5, 1]
    # The session (one statement), the count and the page of files with their counts and uploaders.
    assert len(list_queries) == 3
    # The session, the file with its counts, the count and the page of rows with their people and meal types.
    assert len(small) == len(large) == 4


def test_a_rows_problem_is_worded_in_the_readers_language(world):
    created = send(world, csv_bytes([row(card="NIKT01", day=next_monday())]))

    polish = world.api.get(f"{PATH}/{created.json()['id']}", HTTP_USER_LOCALE="pl").json()["rows"]["items"]
    english = world.api.get(f"{PATH}/{created.json()['id']}").json()["rows"]["items"]

    assert [r["message"] for r in polish + english] == [
        "Nikt nie ma karty o numerze NIKT01.",
        "No one has the card number NIKT01.",
    ]
