"""A failed receipt settled by a person after checking the printer's reports: registered by hand with the number
found there, or sent anew as a new sale. Idempotent, under the receipt's row lock, refused (changing nothing) for a
pending or registered receipt; the NoviApi request the printer no longer knows ends in one printed receipt, or
none when registered by hand."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from kantyna.audit.models import AuditEntry
from kantyna.core.errors import DomainError
from kantyna.fiscal.models import FiscalReceipt
from kantyna.fiscal.services import (
    fiscal_receipt_register_by_hand,
    fiscal_receipt_send_anew,
    fiscal_register_due,
)
from kantyna.fiscal.tests.helpers import book, enable, make_admin, make_parent, registration_jobs
from kantyna.fiscal.tests.printer import UNIQUE_NUMBER
from kantyna.ledger.models import LedgerTransaction
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import run_concurrently

pytestmark = pytest.mark.django_db

GONE = {"id": "f" * 32, "confirmed": True}


def failed_deposit(tenant, *, memo: dict | None = None, register: str = "fake"):
    """A deposit whose receipt failed twice (the printer no longer knows its confirmed request)."""
    row = book(tenant, make_parent(tenant))
    with in_tenant(tenant):
        FiscalReceipt.objects.create(
            transaction_id=row.pk,
            amount=row.amount,
            state="failed",
            register=register,
            register_memo=GONE if memo is None else memo,
            attempts=2,
            last_error="The printer no longer knows request ff…",
            next_attempt_at=timezone.now() + timedelta(minutes=4),
        )
    return row


def receipt_of(row) -> FiscalReceipt:
    return FiscalReceipt.objects.get(transaction_id=row.pk)


def snapshot(row) -> dict:
    """Everything a refusal must leave as it was."""
    receipt = FiscalReceipt.objects.filter(transaction_id=row.pk).values().first()
    return {
        "receipt": receipt,
        "fiscalized": LedgerTransaction.objects.get(pk=row.pk).fiscalized,
        "audit": list(AuditEntry.objects.values_list("id", flat=True)),
        "jobs": registration_jobs(),
    }


def test_given_a_failed_receipt_when_registered_by_hand_then_it_is_registered_with_that_number_and_audited(
    tenant_a,
):
    enable(tenant_a)
    row, admin = failed_deposit(tenant_a), make_admin(tenant_a)
    now = timezone.now()
    with in_tenant(tenant_a):
        fiscal_receipt_register_by_hand(actor=admin, transaction_id=row.pk, receipt_number="  ABC123/77  ", now=now)

        receipt = receipt_of(row)
        assert (receipt.state, receipt.receipt_number, receipt.registered_at) == ("registered", "ABC123/77", now)
        assert (receipt.last_error, receipt.next_attempt_at, receipt.attempts) == ("", None, 2)
        assert LedgerTransaction.objects.get(pk=row.pk).fiscalized is True
        entry = AuditEntry.objects.get(action="fiscal.register_by_hand")
        assert entry.actor_user_id == admin.pk
        assert entry.data == {
            "amount": "50.00",
            "transaction_id": row.pk,
            "receipt_number": "ABC123/77",
            "error": "The printer no longer knows request ff…",
        }
        assert registration_jobs() == []


def test_given_a_receipt_registered_by_hand_when_the_same_number_comes_again_then_nothing_changes(tenant_a):
    enable(tenant_a)
    row, admin = failed_deposit(tenant_a), make_admin(tenant_a)
    with in_tenant(tenant_a):
        fiscal_receipt_register_by_hand(actor=admin, transaction_id=row.pk, receipt_number="ABC123/77")
        before = snapshot(row)

        again = fiscal_receipt_register_by_hand(actor=admin, transaction_id=row.pk, receipt_number="ABC123/77 ")

        assert again.receipt_number == "ABC123/77"
        assert snapshot(row) == before
        assert AuditEntry.objects.filter(action="fiscal.register_by_hand").count() == 1


def test_given_a_registered_receipt_when_another_number_or_sending_anew_then_refused_and_nothing_changes(tenant_a):
    enable(tenant_a)
    row, admin = failed_deposit(tenant_a), make_admin(tenant_a)
    with in_tenant(tenant_a):
        fiscal_receipt_register_by_hand(actor=admin, transaction_id=row.pk, receipt_number="ABC123/77")
        before = snapshot(row)

        with pytest.raises(DomainError) as other_number:
            fiscal_receipt_register_by_hand(actor=admin, transaction_id=row.pk, receipt_number="XYZ/1")
        with pytest.raises(DomainError) as anew:
            fiscal_receipt_send_anew(actor=admin, transaction_id=row.pk)

        assert (other_number.value.code, other_number.value.params) == (
            "fiscal.receipt_registered",
            {"number": "ABC123/77"},
        )
        assert anew.value.code == "fiscal.receipt_registered"
        assert snapshot(row) == before


def test_given_a_pending_receipt_or_none_when_settled_by_hand_then_refused_and_nothing_changes(tenant_a):
    enable(tenant_a)
    admin = make_admin(tenant_a)
    pending, without = book(tenant_a, make_parent(tenant_a)), book(tenant_a, make_parent(tenant_a))
    charge = book(tenant_a, make_parent(tenant_a), "charge")
    with in_tenant(tenant_a):
        FiscalReceipt.objects.create(transaction_id=pending.pk, amount=pending.amount, register_memo=GONE)
        before = [snapshot(pending), snapshot(without)]

        codes = []
        for row in (pending, without, charge):
            for settle in (
                lambda row=row: fiscal_receipt_register_by_hand(actor=admin, transaction_id=row.pk, receipt_number="1"),
                lambda row=row: fiscal_receipt_send_anew(actor=admin, transaction_id=row.pk),
            ):
                with pytest.raises(DomainError) as error:
                    settle()
                codes.append(error.value.code)

        assert codes == [
            "fiscal.receipt_pending",
            "fiscal.receipt_pending",
            "fiscal.no_receipt",
            "fiscal.no_receipt",
            "fiscal.not_a_sale",
            "fiscal.not_a_sale",
        ]
        assert [snapshot(pending), snapshot(without)] == before
        assert not FiscalReceipt.objects.filter(transaction_id=charge.pk).exists()


def test_given_a_failed_receipt_when_sent_anew_then_its_memo_is_forgotten_it_is_pending_and_the_job_deferred(tenant_a):
    enable(tenant_a)
    row, admin = failed_deposit(tenant_a), make_admin(tenant_a)
    with in_tenant(tenant_a):
        fiscal_receipt_send_anew(actor=admin, transaction_id=row.pk)

        receipt = receipt_of(row)
        assert (receipt.state, receipt.register_memo, receipt.next_attempt_at) == ("pending", {}, None)
        assert (receipt.attempts, receipt.receipt_number) == (2, "")
        assert registration_jobs() == [{"slug": tenant_a.slug}]
        entry = AuditEntry.objects.get(action="fiscal.send_anew")
        assert entry.actor_user_id == admin.pk
        assert entry.data == {
            "amount": "50.00",
            "transaction_id": row.pk,
            "memo": GONE,
            "error": "The printer no longer knows request ff…",
        }
        # Pending now: a second click is refused (the register may be working on it) and changes nothing.
        before = snapshot(row)
        with pytest.raises(DomainError) as error:
            fiscal_receipt_send_anew(actor=admin, transaction_id=row.pk)
        assert error.value.code == "fiscal.receipt_pending"
        assert snapshot(row) == before


def test_given_fiscalization_off_when_sending_anew_then_refused_but_a_receipt_can_be_registered_by_hand(tenant_a):
    enable(tenant_a)
    row, admin = failed_deposit(tenant_a), make_admin(tenant_a)
    enable(tenant_a, enabled=False)
    with in_tenant(tenant_a):
        before = snapshot(row)
        with pytest.raises(DomainError) as error:
            fiscal_receipt_send_anew(actor=admin, transaction_id=row.pk)
        assert error.value.code == "fiscal.disabled"
        assert snapshot(row) == before

        fiscal_receipt_register_by_hand(actor=admin, transaction_id=row.pk, receipt_number="R/1")
        assert receipt_of(row).state == "registered"


def test_given_a_request_the_printer_no_longer_knows_when_sent_anew_then_exactly_one_receipt_is_printed(
    tenant_a, printer
):
    enable(tenant_a, register="novitus", register_url=printer.url)
    row, admin = failed_deposit(tenant_a, register="novitus"), make_admin(tenant_a)
    with in_tenant(tenant_a):
        assert fiscal_register_due(now=timezone.now() + timedelta(hours=1)).as_dict() == {"registered": 0, "failed": 1}
        assert printer.printed == []

        fiscal_receipt_send_anew(actor=admin, transaction_id=row.pk)
        assert fiscal_register_due().as_dict() == {"registered": 1, "failed": 0}
        assert fiscal_register_due(now=timezone.now() + timedelta(hours=1)).as_dict() == {
            "registered": 0,
            "failed": 0,
        }

        receipt = receipt_of(row)
    assert (receipt.state, receipt.receipt_number, receipt.attempts) == ("registered", f"{UNIQUE_NUMBER}/1", 4)
    assert receipt.register_memo == {"id": receipt.register_memo["id"], "confirmed": True}
    assert receipt.register_memo["id"] != GONE["id"]
    assert len(printer.printed) == 1 and printer.calls.count("POST /api/v1/receipt") == 1


def test_given_a_request_the_printer_no_longer_knows_when_registered_by_hand_then_nothing_is_printed(tenant_a, printer):
    enable(tenant_a, register="novitus", register_url=printer.url)
    row, admin = failed_deposit(tenant_a, register="novitus"), make_admin(tenant_a)
    with in_tenant(tenant_a):
        fiscal_receipt_register_by_hand(actor=admin, transaction_id=row.pk, receipt_number=f"{UNIQUE_NUMBER}/7")
        later = timezone.now() + timedelta(hours=7)
        assert fiscal_register_due(now=later).as_dict() == {"registered": 0, "failed": 0}

        receipt = receipt_of(row)
    assert (receipt.state, receipt.receipt_number) == ("registered", f"{UNIQUE_NUMBER}/7")
    assert printer.calls == [] and printer.printed == []


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_two_admins_registering_by_hand_at_once_then_one_number_is_kept_and_the_other_refused(tenant_a):
    enable(tenant_a)
    row = failed_deposit(tenant_a)
    admins = [make_admin(tenant_a), make_admin(tenant_a)]

    outcomes = run_concurrently(
        tenant_a,
        *[
            lambda admin=admin, number=number: fiscal_receipt_register_by_hand(
                actor=admin, transaction_id=row.pk, receipt_number=number
            )
            for admin, number in zip(admins, ["R/1", "R/2"], strict=True)
        ],
    )

    refused = [outcome for outcome in outcomes if outcome is not None]
    assert len(refused) == 1 and isinstance(refused[0], DomainError)
    assert refused[0].code == "fiscal.receipt_registered"
    with in_tenant(tenant_a):
        receipt = receipt_of(row)
        winner = "R/1" if outcomes[0] is None else "R/2"
        assert (receipt.state, receipt.receipt_number) == ("registered", winner)
        assert refused[0].params == {"number": winner}
        assert AuditEntry.objects.filter(action="fiscal.register_by_hand").count() == 1
    connection.set_schema_to_public()
