"""`returnRequests/*` over HTTP: the shapes, the refusals in the error shape, the list's filters, paging and query
count, and the bank files parsed back field by field."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from kantyna.ledger.models import LedgerAccount
from kantyna.ledger.tests.helpers import book, make_child, set_settings
from kantyna.refunds.models import ReturnRequest
from kantyna.refunds.tests.helpers import (
    COMPANY_NRB,
    PARENT_NRB,
    WORKER_NRB,
    ask,
    balance,
    make_admin,
    make_parent,
    make_worker,
    set_company,
)
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.queries import assert_num_queries

pytestmark = pytest.mark.django_db


def pln(amount: str) -> dict:
    return {"amount": amount, "currency": "PLN"}


def test_given_a_parent_when_asking_then_201_with_the_request_and_the_admin_accepts_less(tenant_a):
    parent, admin = make_parent(tenant_a, "50.00"), make_admin(tenant_a)

    created = Api(tenant_a, parent).post("returnRequests/create", {"amount": pln("20.00"), "reason": "Zmiana szkoły"})
    accepted = Api(tenant_a, admin).post(f"returnRequests/{created.json()['id']}/accept", {"amount": pln("15.00")})
    shown = Api(tenant_a, parent).get(f"returnRequests/{created.json()['id']}").json()

    assert created.status_code == 201
    assert accepted.json() == {"status": True}
    assert {key: shown[key] for key in ("state", "amount", "acceptedAmount", "bankAccountNumber", "reason")} == {
        "state": "accepted",
        "amount": pln("20.00"),
        "acceptedAmount": pln("15.00"),
        "bankAccountNumber": PARENT_NRB,
        "reason": "Zmiana szkoły",
    }
    assert shown["requester"] == {"id": parent.pk, "fullName": "Anna Żółkiewska"}
    assert shown["acceptedBy"]["id"] == admin.pk and shown["transactionId"] is not None
    assert balance(tenant_a, parent) == Decimal("35.00")


def test_given_more_than_the_balance_then_400_under_amount(tenant_a):
    parent = make_parent(tenant_a, "10.00")

    response = Api(tenant_a, parent).post("returnRequests/create", {"amount": pln("10.01")})

    assert_error(
        response, 400, "The given data was invalid.", {"amount": ["The amount exceeds the balance (10.00 PLN)."]}
    )


def test_given_a_parent_without_a_refund_account_then_told_where_to_add_it(tenant_a):
    parent = make_parent(tenant_a, "10.00", bank_account_number="")

    response = Api(tenant_a, parent).post("returnRequests/create", {"amount": pln("5.00")})

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"bankAccountNumber": ["Add your refund bank account in your profile first."]},
    )


def test_given_a_worker_then_the_typed_account_is_kept(tenant_a):
    worker = make_worker(tenant_a, "10.00")

    response = Api(tenant_a, worker).post(
        "returnRequests/create", {"amount": pln("5.00"), "bankAccountNumber": WORKER_NRB}
    )

    assert response.status_code == 201 and response.json()["bankAccountNumber"] == WORKER_NRB


def test_given_accepting_more_than_asked_then_400_and_the_request_stays_pending(tenant_a):
    parent, admin = make_parent(tenant_a, "50.00"), make_admin(tenant_a)
    request = ask(tenant_a, parent, "20.00")

    response = Api(tenant_a, admin).post(f"returnRequests/{request.pk}/accept", {"amount": pln("25.00")})

    assert_error(
        response,
        400,
        "The given data was invalid.",
        {"amount": ["The accepted amount cannot exceed the 20.00 PLN asked for."]},
    )
    assert balance(tenant_a, parent) == Decimal("50.00")


def test_given_bulk_accept_then_each_refusal_is_reported_by_id(tenant_a):
    admin = make_admin(tenant_a)
    first, second = make_parent(tenant_a, "30.00"), make_parent(tenant_a, "30.00")
    requests = [ask(tenant_a, first, "10.00"), ask(tenant_a, second, "10.00")]
    Api(tenant_a, second).post(f"returnRequests/{requests[1].pk}/cancel")

    response = Api(tenant_a, admin).post(
        "returnRequests/bulkAccept", {"returnRequestsIds": [requests[0].pk, requests[1].pk]}
    )

    assert response.json() == {
        "status": True,
        "accepted": [requests[0].pk],
        "refused": [{"id": requests[1].pk, "message": "This refund request is no longer pending."}],
    }


def test_given_requests_in_several_states_when_filtering_then_the_matching_page(tenant_a):
    admin = make_admin(tenant_a)
    parents = [make_parent(tenant_a, "30.00") for _ in range(3)]
    requests = [ask(tenant_a, parent, "10.00") for parent in parents]
    Api(tenant_a, parents[0]).post(f"returnRequests/{requests[0].pk}/cancel")
    today = timezone.localdate()

    pending = (
        Api(tenant_a, admin)
        .get("returnRequests", {"state": "pending", "perPage": 1, "dateFrom": today.isoformat()})
        .json()
    )
    own = Api(tenant_a, parents[1]).get("returnRequests").json()
    tomorrow = Api(tenant_a, admin).get("returnRequests", {"dateFrom": (today + timedelta(days=1)).isoformat()}).json()

    assert (pending["total"], pending["perPage"], [row["id"] for row in pending["items"]]) == (2, 1, [requests[2].pk])
    assert [row["id"] for row in own["items"]] == [requests[1].pk]
    assert tomorrow["total"] == 0


def test_given_many_requests_when_listing_then_a_constant_number_of_queries(tenant_a):
    admin = make_admin(tenant_a)
    for _ in range(6):
        request = ask(tenant_a, make_parent(tenant_a, "30.00"), "10.00")
    Api(tenant_a, admin).post(f"returnRequests/{request.pk}/accept")
    api = Api(tenant_a, admin)
    api.get("returnRequests")  # warm the caches of the session check

    # The caller (session check), the count, the page (requesters, accounts and accepting admins joined).
    with in_tenant(tenant_a), assert_num_queries(3) as queries:
        response = api.get("returnRequests")

    assert response.json()["total"] == 6, queries


def accept_two(tenant):
    admin = make_admin(tenant)
    first = make_parent(tenant, "50.00")
    second = make_parent(tenant, "50.00", bank_account_number=WORKER_NRB)
    requests = [ask(tenant, first, "20.00"), ask(tenant, second, "12.34")]
    Api(tenant, admin).post(f"returnRequests/{requests[0].pk}/accept", {"amount": pln("15.00")})
    Api(tenant, admin).post(f"returnRequests/{requests[1].pk}/accept")
    ask(tenant, make_parent(tenant, "50.00"), "5.00")  # pending: not in the file
    return admin, requests


def test_given_two_accepted_refunds_when_exporting_elixir_o_then_each_line_parses_back(tenant_a):
    set_company(tenant_a)
    admin, requests = accept_two(tenant_a)

    response = Api(tenant_a, admin).post("returnRequests/generateListExport", {"format": "elixir"})

    assert response["Content-Type"] == "text/plain; charset=windows-1250"
    assert 'filename="zwroty-' in response["Content-Disposition"]
    text = response.content.decode("cp1250")
    assert text.endswith("\r\n") and text.count("\r\n") == 2
    lines = [next(csv.reader([line])) for line in text.split("\r\n")[:-1]]
    today = timezone.localdate().strftime("%Y%m%d")
    assert lines == [
        [
            "110", today, "1500", COMPANY_NRB[2:10], "0", COMPANY_NRB, PARENT_NRB,
            "Kantyna Śląska Sp. z o.o.|ul. Łąkowa 5|40-001 Katowice", "Anna Żółkiewska", "0", PARENT_NRB[2:10],
            f"Zwrot środków, wniosek nr {requests[0].pk}", "", "", "51", "",
        ],
        [
            "110", today, "1234", COMPANY_NRB[2:10], "0", COMPANY_NRB, WORKER_NRB,
            "Kantyna Śląska Sp. z o.o.|ul. Łąkowa 5|40-001 Katowice", "Anna Żółkiewska", "0", WORKER_NRB[2:10],
            f"Zwrot środków, wniosek nr {requests[1].pk}", "", "", "51", "",
        ],
    ]  # fmt: skip


def test_given_accepted_refunds_when_exporting_csv_then_formula_safe_rows(tenant_a):
    set_company(tenant_a)
    admin, requests = accept_two(tenant_a)
    with in_tenant(tenant_a):
        ReturnRequest.objects.filter(pk=requests[0].pk).update(bank_account_number=PARENT_NRB)
        requester = ReturnRequest.objects.get(pk=requests[0].pk).requester
        requester.first_name = "=HYPERLINK(1)"
        requester.save(update_fields=["first_name"])

    response = Api(tenant_a, admin, locale="en").post("returnRequests/generateListExport", {"format": "csv"})

    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == [
        "Request",
        "Recipient",
        "Recipient's account",
        "Amount",
        "Title",
        "Accepted at",
        "Sender's account",
    ]
    assert [row[:5] + row[6:] for row in rows[1:]] == [
        [str(requests[0].pk), "'=HYPERLINK(1) Żółkiewska", PARENT_NRB, "15.00",
         f"Zwrot środków, wniosek nr {requests[0].pk}", COMPANY_NRB],
        [str(requests[1].pk), "Anna Żółkiewska", WORKER_NRB, "12.34",
         f"Zwrot środków, wniosek nr {requests[1].pk}", COMPANY_NRB],
    ]  # fmt: skip


def test_given_no_company_bank_account_when_exporting_then_told_to_enter_it(tenant_a):
    admin, _requests = accept_two(tenant_a)

    response = Api(tenant_a, admin).post("returnRequests/generateListExport", {"format": "elixir"})

    assert_error(
        response,
        400,
        "Enter the company's bank account number in the company details first: refunds are sent from it.",
    )


def test_given_nothing_accepted_when_exporting_then_400(tenant_a):
    set_company(tenant_a)

    response = Api(tenant_a, make_admin(tenant_a)).post("returnRequests/generateListExport", {"format": "csv"})

    assert_error(response, 400, "There are no accepted refunds to export.")


def test_given_the_refunds_marked_paid_then_the_next_bank_file_has_nothing_left(tenant_a):
    set_company(tenant_a)
    admin, requests = accept_two(tenant_a)
    api = Api(tenant_a, admin)

    marked = api.post("returnRequests/markPaid", {"returnRequestsIds": [requests[0].pk, requests[1].pk]})
    response = api.post("returnRequests/generateListExport", {"format": "elixir"})

    assert marked.json() == {"status": True, "marked": [requests[0].pk, requests[1].pk], "refused": []}
    assert_error(response, 400, "There are no accepted refunds to export.")
    assert [row["state"] for row in api.get("returnRequests", {"state": "paid"}).json()["items"]] == ["paid", "paid"]


def test_given_balances_per_child_when_asking_for_a_childs_then_its_account_pays_out(tenant_a):
    parent, admin = make_parent(tenant_a, "0.00"), make_admin(tenant_a)
    with in_tenant(tenant_a):
        set_settings("parents_settings", balance_per_children=True)
        child = make_child(parent)
        book(parent, "deposit", "30.00", child=child)
    api = Api(tenant_a, parent)

    own = api.post("returnRequests/create", {"amount": pln("5.00")})
    childs = api.post("returnRequests/create", {"amount": pln("20.00"), "childId": child.pk})
    Api(tenant_a, admin).post(f"returnRequests/{childs.json()['id']}/accept")

    assert_error(own, 400, "The given data was invalid.", {"amount": ["The amount exceeds the balance (0.00 PLN)."]})
    assert childs.json()["childId"] == child.pk
    with in_tenant(tenant_a):
        assert dict(LedgerAccount.objects.filter(user=parent).values_list("child_id", "balance")) == {
            child.pk: Decimal("10.00")
        }


def test_given_another_parents_child_then_404_and_nothing_stored(tenant_a):
    parent, other = make_parent(tenant_a, "30.00"), make_parent(tenant_a, "30.00")
    with in_tenant(tenant_a):
        child = make_child(other)

    response = Api(tenant_a, parent).post("returnRequests/create", {"amount": pln("5.00"), "childId": child.pk})

    assert response.status_code == 404
    with in_tenant(tenant_a):
        assert not ReturnRequest.objects.exists()
