"""Every fiscalize endpoint x every persona (kantyna/testing/matrix.py): the office (admins) queues deposits for
the cash register, checks that it answers and settles a failed receipt by hand; everyone else is refused, and a refusal changes neither the receipts, nor the audit trail, nor
the job queue."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.audit.models import AuditEntry
from kantyna.fiscal.api.urls import urlpatterns
from kantyna.fiscal.models import FiscalReceipt
from kantyna.fiscal.tests.helpers import book, enable, make_parent, make_worker
from kantyna.tenancy.services import in_tenant
from kantyna.testing.matrix import (
    ADMIN,
    Personas,
    Row,
    cross_tenant_test,
    persona_matrix_test,
    personas,
    route_coverage_test,
    routes_of,
)

pytestmark = pytest.mark.django_db

ROWS = [
    Row("one", "POST", "transactions/{deposit}/fiscalize", personas(ADMIN), writes=True),
    Row(
        "bulk", "POST", "transactions/bulkFiscalize", personas(ADMIN),
        body=lambda ids: {"transactionsIds": [ids["deposit"]]}, writes=True,
    ),
    Row("all", "POST", "transactions/fiscalizeAll", personas(ADMIN), writes=True),
    Row("check", "POST", "fiscal/registerCheck", personas(ADMIN), body=lambda ids: {"register": "fake"}),
    Row(
        "by_hand", "POST", "transactions/{deposit}/fiscalReceipt/registered", personas(ADMIN),
        body={"receiptNumber": "R/1"}, writes=True,
    ),
    Row("send_anew", "POST", "transactions/{deposit}/fiscalReceipt/sendAnew", personas(ADMIN), writes=True),
]  # fmt: skip


@pytest.fixture
def world(tenant_a):
    enable(tenant_a)
    parent, worker = make_parent(tenant_a), make_worker(tenant_a)
    deposit = book(tenant_a, parent)
    book(tenant_a, worker)
    # Failed: a person may settle it by hand (the fiscalize calls write for it too: queued again, audited).
    with in_tenant(tenant_a):
        FiscalReceipt.objects.create(transaction_id=deposit.pk, amount=deposit.amount, state="failed")
    return SimpleNamespace(parent=parent, worker=worker, ids={"deposit": deposit.pk})


def state(tenant):
    with in_tenant(tenant):
        return {
            "receipts": list(FiscalReceipt.objects.order_by("pk").values_list("transaction_id", "state")),
            "audit": AuditEntry.objects.count(),
            "jobs": ProcrastinateJob.objects.count(),
        }


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS, routes_of(urlpatterns), area="fiscal"
)


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS, state, people=lambda world: Personas(parent=world.parent, worker=world.worker)
)


test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)
