"""Every payments endpoint x every persona (kantyna/testing/matrix.py): a top-up, its fee and one's own payment are
a payer's (parents and institution workers: `billing.view`); another payer's payment is not found. The provider's
notification is anonymous by design (the tenant from the host, its signature the only credential): every persona,
anonymous included, delivers a correctly signed one; it is kept out of the cross-tenant table (no token is read,
so A's token on B's host is not 401) and its other-tenant case is test_payments.py's."""

from __future__ import annotations

import json
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import ROLE_INSTITUTION_WORKER
from kantyna.ledger.models import LedgerTransaction
from kantyna.payments.api.urls import urlpatterns as payments_urlpatterns
from kantyna.payments.models import Payment
from kantyna.payments.tests.helpers import enable_payments, pay, signed_notification
from kantyna.payments.tests.test_autopay import enable_autopay, itn, pay_autopay
from kantyna.payments.tests.test_tpay import enable_tpay, pay_tpay, signed
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.factories import make_user
from kantyna.testing.matrix import (
    PARENT,
    WORKER,
    Row,
    assert_matrix,
    cross_tenant_test,
    make_personas,
    personas,
    route_of,
    routes_of,
    run_row,
)

pytestmark = pytest.mark.django_db

PAYERS = personas(PARENT, WORKER)
TOP_UP = {"amount": {"amount": "20.00", "currency": "PLN"}}

AUTHENTICATED_ROWS = [
    Row("top up", "POST", "payments/pay", PAYERS, body=TOP_UP, writes=True),
    Row("the fee", "GET", "payments/fee?amount=20.00", PAYERS),
    # Tenant B's admin holds no billing.view: 403 before any lookup (a payer of B finds A's id absent: 404).
    Row("parent's payment", "GET", "payments/{parent_payment}", personas(PARENT), hidden=personas(WORKER), foreign=403),
    Row("worker's payment", "GET", "payments/{worker_payment}", personas(WORKER), hidden=personas(PARENT), foreign=403),
]  # fmt: skip
NOTIFICATION = Row(
    "signed notification", "POST", "payments/notifications/przelewy24", frozenset(),
    body=lambda ids: ids["notification"], public=True, writes=True,
)  # fmt: skip


@dataclass(frozen=True)
class FormNotificationRow(Row):
    """Tpay's notification: a form body with its X-JWS-Signature header, as Tpay posts it."""

    def call(self, api: Api, ids: dict):
        body, headers = ids["tpay_notification"]
        return api.client.post(
            Api.url(self.path), data=body, content_type="application/x-www-form-urlencoded",
            HTTP_X_JWS_SIGNATURE=headers["X-JWS-Signature"],
        )  # fmt: skip


TPAY_NOTIFICATION = FormNotificationRow(
    "signed Tpay notification", "POST", "payments/notifications/tpay", frozenset(), public=True, writes=True
)


@dataclass(frozen=True)
class ItnRow(Row):
    """Autopay's ITN: the form field `transactions`, as Autopay posts it."""

    def call(self, api: Api, ids: dict):
        return api.client.post(
            Api.url(self.path), data=ids["autopay_itn"], content_type="application/x-www-form-urlencoded"
        )


AUTOPAY_ITN = ItnRow(
    "signed Autopay ITN", "POST", "payments/notifications/autopay", frozenset(), public=True, writes=True
)
ROWS = [*AUTHENTICATED_ROWS, NOTIFICATION, TPAY_NOTIFICATION, AUTOPAY_ITN]


@pytest.fixture
def world(tenant_a, settings, fake_tpay_key):
    settings.PAYMENTS_FAKE = True
    enable_payments(tenant_a)
    enable_tpay(tenant_a)
    enable_autopay(tenant_a)
    parent = make_user(tenant_a)
    worker = make_user(tenant_a, ROLE_INSTITUTION_WORKER)
    parent_payment, worker_payment = pay(tenant_a, parent), pay(tenant_a, worker)
    tpay_payment = pay_tpay(tenant_a, parent)
    autopay_payment, _url = pay_autopay(tenant_a, parent)

    return SimpleNamespace(
        parent=parent,
        worker=worker,
        ids={
            "parent_payment": parent_payment.pk,
            "worker_payment": worker_payment.pk,
            "notification": json.loads(signed_notification(tenant_a, parent_payment)),
            "tpay_notification": signed(tenant_a, tpay_payment),
            "autopay_itn": itn(tenant_a, autopay_payment),
        },
    )


def state(tenant):
    """What a payments call could touch: the payments and their states, the ledger, the audit trail (the kept
    notifications are a log, written for every delivery, refused ones too)."""
    with in_tenant(tenant):
        return {
            "payments": list(Payment.objects.order_by("pk").values_list("pk", "state")),
            "ledger": list(LedgerTransaction.objects.order_by("pk").values_list("pk", "amount")),
            "audit": AuditEntry.objects.count(),
        }


def test_the_table_covers_every_payments_route_and_method(world):
    covered = {route_of(row, world.ids) for row in ROWS}
    routes = routes_of(payments_urlpatterns)
    assert routes - covered == set(), "routes without a row"
    assert covered - routes == set(), "rows of no payments route"


@pytest.mark.parametrize("row", ROWS, ids=str)
def test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing(world, tenant_a, row):
    users = make_personas(tenant_a, row, parent=world.parent, worker=world.worker)

    result = run_row(tenant_a, row, users, world.ids, lambda: state(tenant_a))

    assert_matrix(row, result)
    if row.public and row.writes:
        assert all(result.changed.values()), result.changed


test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    AUTHENTICATED_ROWS, state
)


def test_given_a_payer_of_tenant_b_when_asking_for_tenant_as_payment_then_404(world, tenant_b):
    enable_payments(tenant_b)
    payer_b = make_user(tenant_b)

    response = Api(tenant_b, payer_b).get(f"payments/{world.ids['parent_payment']}")

    assert response.status_code == 404
