"""Every returnRequests endpoint x every persona (kantyna/testing/matrix.py): payers (parents and institution
workers) ask and see their own requests, another payer's are not found; the office (admins) sees, accepts, cancels
and exports every one. A refusal changes neither the requests, nor the ledger, nor the audit trail."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.ledger.models import LedgerTransaction
from kantyna.refunds.api.urls import urlpatterns
from kantyna.refunds.models import ReturnRequest
from kantyna.refunds.services import return_request_accept
from kantyna.refunds.tests.helpers import WORKER_NRB, ask, make_parent, make_worker, set_company
from kantyna.tenancy.services import in_tenant
from kantyna.testing.matrix import (
    ADMIN,
    PARENT,
    WORKER,
    Personas,
    Row,
    cross_tenant_test,
    persona_matrix_test,
    personas,
    route_coverage_test,
    routes_of,
)

pytestmark = pytest.mark.django_db

PAYERS = personas(PARENT, WORKER)
ASK = {"amount": {"amount": "5.00", "currency": "PLN"}, "bankAccountNumber": WORKER_NRB}

ROWS = [
    Row("list", "GET", "returnRequests", personas(ADMIN, PARENT, WORKER)),
    Row("one", "GET", "returnRequests/{parent_request}", personas(ADMIN, PARENT), hidden=personas(WORKER)),
    Row("ask", "POST", "returnRequests/create", PAYERS, body=ASK, ok=201, writes=True, foreign=403),
    Row(
        "accept", "POST", "returnRequests/{pending_request}/accept", personas(ADMIN),
        body={"amount": {"amount": "5.00", "currency": "PLN"}}, writes=True,
    ),
    Row(
        "bulk accept", "POST", "returnRequests/bulkAccept", personas(ADMIN),
        body=lambda ids: {"returnRequestsIds": [ids["pending_request"]]}, writes=True,
    ),
    Row(
        "cancel", "POST", "returnRequests/{pending_request}/cancel", personas(ADMIN), hidden=PAYERS, writes=True
    ),
    Row(
        "mark paid", "POST", "returnRequests/markPaid", personas(ADMIN),
        body=lambda ids: {"returnRequestsIds": [ids["parent_request"]]}, writes=True,
    ),
    Row("export", "POST", "returnRequests/generateListExport", personas(ADMIN), body={"format": "elixir"}),
]  # fmt: skip


@pytest.fixture
def world(tenant_a):
    set_company(tenant_a)
    parent, worker, other = make_parent(tenant_a), make_worker(tenant_a), make_parent(tenant_a)
    parent_request = ask(tenant_a, parent, "10.00")
    with in_tenant(tenant_a):
        return_request_accept(actor=None, request_id=parent_request.pk)
    pending_request = ask(tenant_a, other, "10.00")
    return SimpleNamespace(
        parent=parent,
        worker=worker,
        ids={"parent_request": parent_request.pk, "pending_request": pending_request.pk},
    )


def state(tenant):
    with in_tenant(tenant):
        return {
            "requests": list(ReturnRequest.objects.order_by("pk").values_list("pk", "state", "accepted_amount")),
            "ledger": list(LedgerTransaction.objects.order_by("pk").values_list("pk", "amount")),
            "audit": AuditEntry.objects.count(),
        }


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS, routes_of(urlpatterns), area="returnRequests"
)


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS, state, people=lambda world: Personas(parent=world.parent, worker=world.worker)
)


test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)
