"""Refund rules: what a payer may ask for, what accepting books (once), bulk accept and cancel."""

from __future__ import annotations

from decimal import Decimal

import pytest

from kantyna.core.errors import DomainError
from kantyna.ledger.models import LedgerTransaction
from kantyna.refunds.models import ReturnRequest
from kantyna.refunds.services import (
    return_request_accept,
    return_request_cancel,
    return_requests_bulk_accept,
    return_requests_mark_paid,
)
from kantyna.refunds.tests.helpers import (
    PARENT_NRB,
    WORKER_NRB,
    ask,
    balance,
    deposit,
    make_admin,
    make_parent,
    make_worker,
)
from kantyna.tenancy.services import in_tenant

pytestmark = pytest.mark.django_db


def refused(code: str, call) -> DomainError:
    with pytest.raises(DomainError) as caught:
        call()
    assert caught.value.code == code
    return caught.value


def requests_and_ledger(tenant):
    with in_tenant(tenant):
        return (
            list(ReturnRequest.objects.order_by("pk").values_list("pk", "state", "accepted_amount")),
            list(LedgerTransaction.objects.order_by("pk").values_list("pk", "amount")),
        )


class TestCreate:
    def test_given_a_parent_with_50_when_asking_20_then_a_pending_request_to_the_profiles_account(self, tenant_a):
        parent = make_parent(tenant_a, "50.00")

        request = ask(tenant_a, parent, "20.00", reason="Dziecko zmienia szkołę")

        assert (request.state, request.amount, request.bank_account_number, request.reason) == (
            "pending", Decimal("20.00"), PARENT_NRB, "Dziecko zmienia szkołę",
        )  # fmt: skip
        assert balance(tenant_a, parent) == Decimal("50.00")

    def test_given_a_balance_of_50_when_asking_50_01_then_refused_and_nothing_stored(self, tenant_a):
        parent = make_parent(tenant_a, "50.00")

        error = refused("refund.exceeds_balance", lambda: ask(tenant_a, parent, "50.01"))

        assert (error.field, error.params) == ("amount", {"balance": "50.00"})
        assert requests_and_ledger(tenant_a)[0] == []

    def test_given_a_zero_amount_then_refused(self, tenant_a):
        parent = make_parent(tenant_a, "50.00")

        refused("ledger.amount_not_positive", lambda: ask(tenant_a, parent, "0.00"))

    def test_given_a_parent_without_a_refund_account_then_told_to_add_it_in_the_profile(self, tenant_a):
        parent = make_parent(tenant_a, "50.00", bank_account_number="")

        error = refused("refund.bank_account_missing", lambda: ask(tenant_a, parent, "20.00"))

        assert error.field == "bank_account_number"

    def test_given_a_parent_with_a_wrong_checksum_account_then_refused(self, tenant_a):
        parent = make_parent(tenant_a, "50.00", bank_account_number=PARENT_NRB[:-1] + "3")

        refused("refund.bank_account_invalid", lambda: ask(tenant_a, parent, "20.00"))

    def test_given_a_worker_then_the_account_typed_in_the_request_is_used(self, tenant_a):
        worker = make_worker(tenant_a, "30.00")

        refused("refund.bank_account_required", lambda: ask(tenant_a, worker, "10.00"))
        request = ask(tenant_a, worker, "10.00", bank_account_number="27 1140 2004 0000 3002 0135 5387")

        assert request.bank_account_number == WORKER_NRB

    def test_given_a_pending_request_when_asking_again_then_refused_until_it_is_cancelled(self, tenant_a):
        parent = make_parent(tenant_a, "50.00")
        first = ask(tenant_a, parent, "10.00")

        refused("refund.pending_exists", lambda: ask(tenant_a, parent, "10.00"))
        with in_tenant(tenant_a):
            return_request_cancel(actor=parent, request_id=first.pk)
        second = ask(tenant_a, parent, "10.00")

        assert second.state == "pending"

    def test_given_an_admin_then_not_a_payer(self, tenant_a):
        refused("ledger.not_a_payer", lambda: ask(tenant_a, make_admin(tenant_a), "1.00"))


class TestAccept:
    def test_given_20_asked_when_accepting_15_then_one_payout_of_15_keyed_by_the_request(self, tenant_a):
        parent, admin = make_parent(tenant_a, "50.00"), make_admin(tenant_a)
        request = ask(tenant_a, parent, "20.00")

        with in_tenant(tenant_a):
            accepted = return_request_accept(actor=admin, request_id=request.pk, amount=Decimal("15.00"))
            row = LedgerTransaction.objects.get(idempotency_key=f"refund:{request.pk}")

        assert (accepted.state, accepted.accepted_amount, accepted.accepted_by_id, accepted.transaction_id) == (
            "accepted", Decimal("15.00"), admin.pk, row.pk,
        )  # fmt: skip
        assert (row.kind, row.amount, row.reference_type, row.reference_id) == (
            "payout", Decimal("-15.00"), "return_request", request.pk,
        )  # fmt: skip
        assert balance(tenant_a, parent) == Decimal("35.00")

    def test_given_an_accepted_request_when_accepted_again_then_nothing_more_is_booked(self, tenant_a):
        parent, admin = make_parent(tenant_a, "50.00"), make_admin(tenant_a)
        request = ask(tenant_a, parent, "20.00")
        with in_tenant(tenant_a):
            return_request_accept(actor=admin, request_id=request.pk, amount=Decimal("15.00"))
        before = requests_and_ledger(tenant_a)

        with in_tenant(tenant_a):
            return_request_accept(actor=admin, request_id=request.pk, amount=Decimal("15.00"))
            refused(
                "refund.not_pending",
                lambda: return_request_accept(actor=admin, request_id=request.pk, amount=Decimal("10.00")),
            )

        assert requests_and_ledger(tenant_a) == before
        assert balance(tenant_a, parent) == Decimal("35.00")

    def test_given_more_than_asked_then_refused_and_nothing_changes(self, tenant_a):
        parent, admin = make_parent(tenant_a, "50.00"), make_admin(tenant_a)
        request = ask(tenant_a, parent, "20.00")
        before = requests_and_ledger(tenant_a)

        with in_tenant(tenant_a):
            error = refused(
                "refund.more_than_asked",
                lambda: return_request_accept(actor=admin, request_id=request.pk, amount=Decimal("20.01")),
            )

        assert error.params == {"asked": "20.00"}
        assert requests_and_ledger(tenant_a) == before

    def test_given_the_balance_fell_since_asking_then_accepting_beyond_it_is_refused(self, tenant_a):
        parent, admin = make_parent(tenant_a, "50.00"), make_admin(tenant_a)
        request = ask(tenant_a, parent, "40.00")
        deposit(tenant_a, parent, "-25.00")  # meals charged meanwhile
        before = requests_and_ledger(tenant_a)

        with in_tenant(tenant_a):
            error = refused("refund.exceeds_balance", lambda: return_request_accept(actor=admin, request_id=request.pk))
            return_request_accept(actor=admin, request_id=request.pk, amount=Decimal("25.00"))

        assert error.params == {"balance": "25.00"}
        assert requests_and_ledger(tenant_a)[1][: len(before[1])] == before[1]
        assert balance(tenant_a, parent) == Decimal("0.00")

    def test_given_a_cancelled_request_then_it_cannot_be_accepted(self, tenant_a):
        parent, admin = make_parent(tenant_a, "50.00"), make_admin(tenant_a)
        request = ask(tenant_a, parent, "20.00")
        with in_tenant(tenant_a):
            return_request_cancel(actor=admin, request_id=request.pk)
            refused("refund.not_pending", lambda: return_request_accept(actor=admin, request_id=request.pk))

        assert balance(tenant_a, parent) == Decimal("50.00")


class TestBulkAccept:
    def test_given_three_requests_one_beyond_the_balance_now_then_two_accepted_and_one_reported(self, tenant_a):
        admin = make_admin(tenant_a)
        first, second, third = (make_parent(tenant_a, "30.00") for _ in range(3))
        requests = [ask(tenant_a, first, "10.00"), ask(tenant_a, second, "30.00"), ask(tenant_a, third, "5.00")]
        deposit(tenant_a, second, "-1.00")

        with in_tenant(tenant_a):
            result = return_requests_bulk_accept(
                actor=admin, request_ids=[requests[0].pk, requests[1].pk, requests[2].pk, 999999]
            )

        assert result.done == [requests[0].pk, requests[2].pk]
        assert [(pk, error.code) for pk, error in result.refused] == [
            (requests[1].pk, "refund.exceeds_balance"),
            (999999, "record.not_found"),
        ]
        assert [balance(tenant_a, payer) for payer in (first, second, third)] == [
            Decimal("20.00"), Decimal("29.00"), Decimal("25.00"),
        ]  # fmt: skip
        with in_tenant(tenant_a):
            assert ReturnRequest.objects.get(pk=requests[1].pk).state == "pending"


class TestCancel:
    def test_given_an_accepted_request_then_it_cannot_be_cancelled(self, tenant_a):
        parent, admin = make_parent(tenant_a, "50.00"), make_admin(tenant_a)
        request = ask(tenant_a, parent, "20.00")
        with in_tenant(tenant_a):
            return_request_accept(actor=admin, request_id=request.pk)
            refused("refund.not_pending", lambda: return_request_cancel(actor=parent, request_id=request.pk))
            assert ReturnRequest.objects.get(pk=request.pk).state == "accepted"


class TestMarkPaid:
    def test_given_an_accepted_and_a_pending_request_then_only_the_accepted_one_becomes_paid(self, tenant_a):
        admin = make_admin(tenant_a)
        accepted = ask(tenant_a, make_parent(tenant_a, "30.00"), "10.00")
        pending = ask(tenant_a, make_parent(tenant_a, "30.00"), "10.00")
        with in_tenant(tenant_a):
            return_request_accept(actor=admin, request_id=accepted.pk)
        ledger_before = requests_and_ledger(tenant_a)[1]

        with in_tenant(tenant_a):
            result = return_requests_mark_paid(actor=admin, request_ids=[accepted.pk, pending.pk])
            again = return_requests_mark_paid(actor=admin, request_ids=[accepted.pk])
            states = dict(ReturnRequest.objects.values_list("pk", "state"))
            paid_by = ReturnRequest.objects.get(pk=accepted.pk).paid_by_id

        assert (result.done, [(pk, error.code) for pk, error in result.refused]) == (
            [accepted.pk], [(pending.pk, "refund.not_accepted")],
        )  # fmt: skip
        assert (again.done, [error.code for _pk, error in again.refused]) == ([], ["refund.not_accepted"])
        assert states == {accepted.pk: "paid", pending.pk: "pending"}
        assert paid_by == admin.pk
        assert requests_and_ledger(tenant_a)[1] == ledger_before
