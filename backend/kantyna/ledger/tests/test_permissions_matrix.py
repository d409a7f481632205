"""Every ledger endpoint (transactions, their totals and reports, balances, bookings and corrections, the bank
transfer details of /billing) x every persona: the expected status, a refusal changes nothing, an allowed write
changes something; tenant A's token on tenant B's host is 401 while B's admin cannot reach A's rows; and each
reader sees exactly the money within their reach (kantyna/testing/matrix.py).

Who may call what: spec api-calls.tsv area transactions and §6, core/permissions.py: the back office's reports
(deposits, payers, insufficient funds, end-of-month balance) are `transactions.view`: admins and institutions
admins, whatever their permissions; the list, its totals, one transaction, balances and monthly summaries are
also open to customers for their own money (`billing.view`); bookings, corrections and reversals need
`transactions.edit` (admins, institutions admins with transactions_edit); the bank transfer details are a
customer's own (/billing: parent and worker). Institutions admins reach the payers of their institutions only.
The world: a parent with a child and a worker in the institutions admins' school, an outsider parent whose child
is in another school, each with money booked in November 2026."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.catalog.services import diet_create
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.ledger.api.urls import urlpatterns as ledger_urlpatterns
from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ledger.tests.helpers import book, make_child, make_institution
from kantyna.people.services.workers import worker_profile_create
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.factories import make_user
from kantyna.testing.matrix import (
    ADMIN,
    IA,
    IA_WITHOUT,
    PARENT,
    WORKER,
    Personas,
    Row,
    cross_tenant_test,
    make_personas,
    persona_matrix_test,
    personas,
    route_coverage_test,
    routes_of,
)

pytestmark = pytest.mark.django_db

STAFF = personas(ADMIN, IA, IA_WITHOUT)  # transactions.view: a role's ability, no permission needed
READERS = STAFF | personas(PARENT, WORKER)  # transactions.view or billing.view
EDITORS = personas(ADMIN, IA)  # transactions.edit: admins, institutions admins with transactions_edit
EDIT = "transactions_edit"
OUT_OF_REACH = personas(IA, IA_WITHOUT, PARENT, WORKER)  # the outsider's money: the admin's only


def booking(payer: str):
    return lambda ids: {"userId": ids[payer], "kind": "deposit", "amount": "10.00", "description": "Wpłata w kasie"}


CORRECTION = {"amount": "90.00", "description": "Zła kwota"}

ROWS = [
    # The list and its sums: staff within reach, customers their own.
    Row("transactions list", "GET", "transactions", READERS),
    Row("transactions totals", "GET", "transactions/totals", READERS),
    Row("monthly summaries", "GET", "transactions/monthlySummaries?dateFrom={month}&dateTo={month}", READERS),
    # The back office's reports.
    Row("deposits", "GET", "transactions/deposits", STAFF),
    Row("payers", "GET", "transactions/users", STAFF),
    Row("insufficient funds", "GET", "transactions/insufficientFunds", STAFF),
    Row("end of month balance", "GET", "transactions/endOfMonthBalance?month={month}", STAFF),
    # One transaction: its payer and the staff who reach them.
    Row("parent's transaction", "GET", "transactions/{parent_deposit}", STAFF | personas(PARENT), hidden=personas(WORKER)),
    Row("worker's transaction", "GET", "transactions/{worker_deposit}", STAFF | personas(WORKER), hidden=personas(PARENT)),
    Row("outsider's transaction", "GET", "transactions/{outsider_deposit}", personas(ADMIN), hidden=OUT_OF_REACH),
    # Balances.
    Row("parent's balance", "GET", "transactions/userBalance/{parent}", STAFF | personas(PARENT), hidden=personas(WORKER)),
    Row("worker's balance", "GET", "transactions/userBalance/{worker}", STAFF | personas(WORKER), hidden=personas(PARENT)),
    Row("outsider's balance", "GET", "transactions/userBalance/{outsider}", personas(ADMIN), hidden=OUT_OF_REACH),
    Row("parent's children balances", "GET", "transactions/parents/{parent}/perChildrenBalance", STAFF | personas(PARENT), hidden=personas(WORKER)),
    Row("outsider's children balances", "GET", "transactions/parents/{outsider}/perChildrenBalance", personas(ADMIN), hidden=OUT_OF_REACH),
    # Staff bookings (a payer of another tenant is no user here: 400 on the userId field).
    Row("deposit for the parent", "POST", "transactions", EDITORS, EDIT, body=booking("parent"), ok=201, writes=True, foreign=400),
    Row("deposit for the worker", "POST", "transactions", EDITORS, EDIT, body=booking("worker"), ok=201, writes=True, foreign=400),
    # Corrections and reversals never change a row: they book another; out of reach is not found.
    Row("parent's correction", "PUT", "transactions/{parent_deposit}", EDITORS, EDIT, body=CORRECTION, writes=True),
    Row("outsider's correction", "PUT", "transactions/{outsider_deposit}", personas(ADMIN), EDIT, personas(IA), CORRECTION, writes=True),
    Row("parent's reversal", "DELETE", "transactions/{parent_deposit}", EDITORS, EDIT, writes=True),
    Row("worker's reversal", "DELETE", "transactions/{worker_deposit}", EDITORS, EDIT, writes=True),
    Row("outsider's reversal", "DELETE", "transactions/{outsider_deposit}", personas(ADMIN), EDIT, personas(IA), writes=True),
    # /billing: a customer's own account number for top-ups.
    Row("bank transfer details", "GET", "billing/bankTransferDetails", personas(PARENT, WORKER)),
]  # fmt: skip


@pytest.fixture
def world(tenant_a):
    """School: the parent's child and the worker; another school: the outsider's child. November 2026: the parent
    87.50, the worker -15.00, the outsider -30.00 (both below zero: insufficient funds)."""
    parent = make_user(tenant_a, ROLE_PARENT, first_name="Anna", last_name="Nowak")
    worker = make_user(tenant_a, ROLE_INSTITUTION_WORKER, first_name="Celina", last_name="Zając")
    outsider = make_user(tenant_a, ROLE_PARENT, first_name="Bartek", last_name="Wiśniewski")
    with in_tenant(tenant_a):
        school, elsewhere = make_institution(), make_institution()
        child = make_child(parent, institution=school)
        make_child(outsider, institution=elsewhere)
        worker_profile_create(actor=None, user=worker, institution=school, diet=diet_create(actor=None, name="Zwykła"))
        transactions = {
            key: book(user, kind, amount, key=key, booked_on=date(2026, 11, day))
            for key, user, kind, amount, day in (
                ("parent-deposit", parent, "deposit", "100.00", 2),
                ("parent-charge", parent, "charge", "-12.50", 3),
                ("worker-deposit", worker, "deposit", "5.00", 4),
                ("worker-charge", worker, "charge", "-20.00", 5),
                ("outsider-deposit", outsider, "deposit", "20.00", 6),
                ("outsider-charge", outsider, "charge", "-50.00", 9),
            )
        }
    return SimpleNamespace(
        tenant=tenant_a,
        parent=parent,
        worker=worker,
        outsider=outsider,
        school=school,
        ids={
            "parent": parent.pk,
            "worker": worker.pk,
            "outsider": outsider.pk,
            "child": child.pk,
            "parent_deposit": transactions["parent-deposit"].pk,
            "worker_deposit": transactions["worker-deposit"].pk,
            "outsider_deposit": transactions["outsider-deposit"].pk,
            "month": "2026-11",
        },
    )


def state(tenant):
    """Everything a ledger call could touch: the transactions, the accounts' balances, the audit trail."""
    with in_tenant(tenant):
        return {
            "transactions": list(
                LedgerTransaction.objects.order_by("pk").values_list("pk", "kind", "amount", "corrects_id")
            ),
            "accounts": list(LedgerAccount.objects.order_by("pk").values_list("pk", "user_id", "child_id", "balance")),
            "audit": AuditEntry.objects.count(),
        }


test_the_table_covers_every_ledger_route_and_method = route_coverage_test(
    ROWS, routes_of(ledger_urlpatterns), area="ledger"
)


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS, state, people=lambda world: Personas(parent=world.parent, worker=world.worker, institutions=[world.school])
)


test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)


# --- what each reader sees --------------------------------------------------------------------------------------


def money(amount: str) -> dict:
    return {"amount": amount, "currency": "PLN"}


PARENT_KEYS = ["parent-charge", "parent-deposit"]
WORKER_KEYS = ["worker-charge", "worker-deposit"]
SCHOOL_KEYS = ["parent-charge", "parent-deposit", "worker-charge", "worker-deposit"]
EVERY_KEY = [
    "outsider-charge",
    "outsider-deposit",
    "parent-charge",
    "parent-deposit",
    "worker-charge",
    "worker-deposit",
]

# persona: (the transactions listed, their count and sum, the closing balance of November)
SEEN = {
    ADMIN: (EVERY_KEY, 6, "42.50"),
    IA: (SCHOOL_KEYS, 4, "72.50"),
    IA_WITHOUT: (SCHOOL_KEYS, 4, "72.50"),
    PARENT: (PARENT_KEYS, 2, "87.50"),
    WORKER: (WORKER_KEYS, 2, "-15.00"),
}

# staff persona: (payers listed by name, deposits, insufficient funds, end-of-month rows)
STAFF_SEEN = {
    ADMIN: (
        ["parent", "outsider", "worker"],
        ["outsider-deposit", "worker-deposit", "parent-deposit"],
        ["outsider", "worker"],
        ["parent", "outsider", "worker"],
    ),
    IA: (["parent", "worker"], ["worker-deposit", "parent-deposit"], ["worker"], ["parent", "worker"]),
    IA_WITHOUT: (["parent", "worker"], ["worker-deposit", "parent-deposit"], ["worker"], ["parent", "worker"]),
}

LIST_ROW = ROWS[0]


def reader(world, persona: str) -> Api:
    users = make_personas(world.tenant, LIST_ROW, parent=world.parent, worker=world.worker, institutions=[world.school])
    return Api(world.tenant, users[persona])


def names(world, ids) -> list[str]:
    by_id = {world.ids[name]: name for name in ("parent", "worker", "outsider")}
    return [by_id[pk] for pk in ids]


@pytest.mark.parametrize("persona", list(SEEN))
def test_given_a_reader_when_listing_then_exactly_the_money_within_their_reach_is_shown(world, persona):
    keys, count, closing = SEEN[persona]
    api = reader(world, persona)

    listed = api.get("transactions", {"perPage": 50}).json()
    totals = api.get("transactions/totals").json()
    november = api.get("transactions/monthlySummaries", {"dateFrom": "2026-11", "dateTo": "2026-11"}).json()

    assert sorted(row["idempotencyKey"] for row in listed["items"]) == keys
    assert (totals["count"], totals["total"]) == (count, money(closing))
    assert [(row["month"], row["closingBalance"]) for row in november] == [("2026-11", money(closing))]


@pytest.mark.parametrize("persona", list(STAFF_SEEN))
def test_given_staff_when_reading_reports_then_exactly_the_payers_within_their_reach_are_listed(world, persona):
    payers, deposits, insufficient, end_of_month = STAFF_SEEN[persona]
    api = reader(world, persona)

    listed = api.get("transactions/users").json()["items"]
    listed_deposits = api.get("transactions/deposits").json()["items"]
    below_zero = api.get("transactions/insufficientFunds").json()["items"]
    november = api.get("transactions/endOfMonthBalance", {"month": "2026-11"}).json()["items"]

    assert names(world, [row["id"] for row in listed]) == payers
    assert [row["idempotencyKey"] for row in listed_deposits] == deposits
    assert names(world, [row["id"] for row in below_zero]) == insufficient
    assert names(world, [row["userId"] for row in november]) == end_of_month


def test_given_another_tenants_admin_when_listing_then_none_of_this_tenants_money_is_shown(world, tenant_b):
    api = Api(tenant_b, make_user(tenant_b, ROLE_ADMIN))

    for path in ("transactions", "transactions/deposits", "transactions/users", "transactions/insufficientFunds"):
        assert api.get(path).json()["items"] == [], path
    assert api.get("transactions/totals").json()["count"] == 0
    assert api.get("transactions/endOfMonthBalance", {"month": "2026-11"}).json()["items"] == []
