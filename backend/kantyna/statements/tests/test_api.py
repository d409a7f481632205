"""The statements API as the review page uses it: upload (auto-detected format), the file's counts and a page of
its lines under each filter, changing a match by hand, confirming with the number and sum booked, the refusals
worded by the error table; the details page costs a constant number of queries whatever its lines."""

from __future__ import annotations

from io import BytesIO

import pytest

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.ledger.models import LedgerTransaction
from kantyna.statements.models import ImportedPaymentsFile
from kantyna.statements.tests.helpers import make_statement_world, statement_bytes
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.factories import make_user
from kantyna.testing.queries import capture_queries

pytestmark = pytest.mark.django_db
# The token's account with its revocation, the user (the tenant is kept per process); the file with its counts; the
# count and the page of lines with their payer and child.
DETAILS_QUERIES = 4


@pytest.fixture
def world(tenant_a):
    world = make_statement_world(tenant_a)
    world.api = Api(tenant_a, make_user(tenant_a, ROLE_ADMIN))
    return world


def send(world, content: bytes, name: str = "wyciag.sta", **fields):
    file = BytesIO(content)
    file.name = name
    return world.api.post("importedPaymentsFiles", {"file": file, **fields}, format="multipart")


def money(amount: str) -> dict:
    return {"amount": amount, "currency": "PLN"}


def test_given_an_admin_when_uploading_reviewing_assigning_and_confirming_then_three_deposits_are_booked(world):
    created = send(world, statement_bytes(world, "statement.mt940.tmpl"))
    assert created.status_code == 201, created.content
    body = created.json()
    assert (body["fileFormat"], body["status"], body["counts"], body["toBookSum"]) == (
        "mt940",
        "draft",
        {
            "items": 5,
            "matched": 2,
            "suggested": 1,
            "unmatched": 1,
            "alreadyImported": 0,
            "skipped": 1,
            "toBook": 2,
            "booked": 0,
        },
        money("230.50"),
    )
    file = f"importedPaymentsFiles/{body['id']}"

    unmatched = world.api.get(file, {"kind": "unmatched"}).json()["items"]
    assert [(row["senderName"], row["amount"], row["matchKind"]) for row in unmatched["items"]] == [
        ("FUNDACJA NIEZNANA", money("60.00"), "none")
    ]
    assigned = world.api.put(f"{file}/items/{unmatched['items'][0]['id']}", {"userId": world.celina.pk})
    assert assigned.status_code == 200, assigned.content
    assert (assigned.json()["matchKind"], assigned.json()["user"]) == (
        "manual",
        {"id": world.celina.pk, "name": "Celina Zając"},
    )

    confirmed = world.api.post(f"{file}/confirm")

    assert confirmed.json() == {"status": True, "count": 3, "total": money("290.50")}
    details = world.api.get(file, {"kind": "matched"}).json()
    assert (details["status"], details["counts"]["booked"], details["bookedSum"]) == ("confirmed", 3, money("290.50"))
    assert [row["booked"] for row in details["items"]["items"]] == [True, True, True]
    again = world.api.post(f"{file}/confirm")
    assert (again.status_code, again.json()["message"]) == (409, "This statement is already confirmed.")
    with in_tenant(world.tenant):
        assert LedgerTransaction.objects.filter(kind="deposit").count() == 3


def test_given_a_damaged_file_when_uploading_then_400_with_a_clear_message_and_nothing_stored(world):
    response = send(world, b":20:MT940\r\n:61:damaged\r\n")

    assert response.status_code == 400
    assert response.json()["errors"] == {
        "file": ["This file is not a bank statement in the chosen format, or it is damaged. Nothing was imported."]
    }
    with in_tenant(world.tenant):
        assert ImportedPaymentsFile.objects.count() == 0


@pytest.mark.parametrize(
    ("template", "name", "first_amount", "bad_amount"),
    [
        ("statement.generic.csv.tmpl", "wyciag.csv", ";150,00;", ";NaN;"),
        ("statement.generic.csv.tmpl", "wyciag.csv", ";150,00;", ";1000000000000,00;"),
        ("statement.camt053.xml.tmpl", "wyciag.xml", ">150.00<", ">NaN<"),
        ("statement.camt053.xml.tmpl", "wyciag.xml", ">150.00<", ">1000000000000.00<"),
    ],
)
def test_given_a_nan_or_too_large_amount_when_uploading_then_400_and_nothing_stored(
    world, template, name, first_amount, bad_amount
):
    content = statement_bytes(world, template).decode()
    assert first_amount in content
    response = send(world, content.replace(first_amount, bad_amount, 1).encode(), name=name)

    assert response.status_code == 400, response.content
    assert response.json()["errors"] == {
        "file": ["This file is not a bank statement in the chosen format, or it is damaged. Nothing was imported."]
    }
    with in_tenant(world.tenant):
        assert ImportedPaymentsFile.objects.count() == 0


def test_given_a_polish_admin_when_the_file_is_damaged_then_the_refusal_is_in_polish(world):
    api = Api(world.tenant, world.api.user, locale="pl")
    file = BytesIO(b"not a statement")
    file.name = "list.txt"

    response = api.post("importedPaymentsFiles", {"file": file}, format="multipart")

    assert response.status_code == 400
    assert "wyciągiem" in response.json()["errors"]["file"][0]


def test_given_a_payer_of_nobody_when_assigning_a_staff_user_then_refused(world):
    body = send(world, statement_bytes(world, "statement.mt940.tmpl")).json()
    file = f"importedPaymentsFiles/{body['id']}"
    item = world.api.get(file, {"kind": "unmatched"}).json()["items"]["items"][0]
    staff = make_user(world.tenant, ROLE_ADMIN)

    response = world.api.put(f"{file}/items/{item['id']}", {"userId": staff.pk})

    assert response.status_code == 400
    assert world.api.get(file, {"kind": "unmatched"}).json()["items"]["total"] == 1


def test_given_a_file_when_reading_its_details_then_the_queries_do_not_grow_with_its_lines(world):
    body = send(world, statement_bytes(world, "statement.mt940.tmpl")).json()
    file = f"importedPaymentsFiles/{body['id']}"
    world.api.get(file)  # warm the session's caches

    with capture_queries() as queries:
        response = world.api.get(file, {"perPage": 50})

    assert response.status_code == 200
    assert len(response.json()["items"]["items"]) == 5
    with capture_queries() as few:
        world.api.get(file, {"perPage": 1})
    assert len(queries) == len(few) == DETAILS_QUERIES, str(queries)


def test_given_a_transfer_booked_from_mt940_when_its_csv_export_is_reviewed_then_it_is_marked_possibly_imported(
    world,
):
    mt940 = send(world, statement_bytes(world, "statement.mt940.tmpl")).json()
    world.api.post(f"importedPaymentsFiles/{mt940['id']}/confirm")
    csv = send(world, statement_bytes(world, "statement.generic.csv.tmpl"), name="wyciag.csv").json()

    rows = world.api.get(f"importedPaymentsFiles/{csv['id']}").json()["items"]["items"]

    # Anna's and Bartosz's transfers: the same date, amount and sender account as booked from the MT940 (whose bank
    # references differ from the CSV's, so the fingerprints do); only suggested, with their payers, nothing skipped.
    assert [
        (
            row["senderName"],
            row["amount"],
            row["matchKind"],
            row["user"]["id"] if row["user"] else None,
            row["possiblyImported"],
        )
        for row in rows
    ] == [
        ("ANNA NOWAK", money("150.00"), "suggested", world.anna.pk, True),
        ("BARTOSZ WIŚNIEWSKI", money("80.50"), "suggested", world.bartek.pk, True),
        ("HURTOWNIA SPOZYWCZA", money("-1200.00"), "skipped", None, False),
        ("ANNA NOWAK", {"amount": "20.00", "currency": "EUR"}, "skipped", None, False),
    ]
    mt940_rows = world.api.get(f"importedPaymentsFiles/{mt940['id']}").json()["items"]["items"]
    assert [row["possiblyImported"] for row in mt940_rows] == [False] * 5  # not by its own bookings
    assert world.api.get(f"importedPaymentsFiles/{csv['id']}").json()["counts"]["toBook"] == 0
    with in_tenant(world.tenant):
        deposits = LedgerTransaction.objects.filter(kind="deposit").count()
    assert world.api.post(f"importedPaymentsFiles/{csv['id']}/confirm").status_code == 200
    with in_tenant(world.tenant):
        assert LedgerTransaction.objects.filter(kind="deposit").count() == deposits  # confirming books neither


def test_given_a_credit_of_another_sender_account_or_day_then_it_is_not_marked_possibly_imported(world):
    mt940 = send(world, statement_bytes(world, "statement.mt940.tmpl")).json()
    world.api.post(f"importedPaymentsFiles/{mt940['id']}/confirm")
    other = (
        b"date;amount;currency;sender;sender account;title;account;reference\n"
        b"2026-11-20;150,00;PLN;ANNA NOWAK;PL11 1020 2629 0000 1234 5678 9012;Obiady;;X1\n"
        b"2026-11-22;150,00;PLN;ANNA NOWAK;PL61 1020 2629 0000 1234 5678 9012;Obiady;;X2\n"
        b"2026-11-20;150,00;PLN;ANNA NOWAK;;Obiady;;X3\n"
    )
    csv = send(world, other, name="inny.csv").json()

    rows = world.api.get(f"importedPaymentsFiles/{csv['id']}").json()["items"]["items"]

    assert [row["possiblyImported"] for row in rows] == [False, False, False]
