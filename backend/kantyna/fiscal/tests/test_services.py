"""Fiscal receipts' services: what is a sale, queueing, registering with the register's number, failures kept,
reported and tried again after a pause, nothing registered twice, nothing sent while fiscalization is off."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.audit.models import AuditEntry
from kantyna.core.errors import DomainError
from kantyna.fiscal.models import FiscalReceipt
from kantyna.fiscal.selectors import fiscal_settings
from kantyna.fiscal.services import (
    backoff,
    fiscal_receipt_register,
    fiscal_receipts_queue,
    fiscal_receipts_queue_all,
    fiscal_register_due,
)
from kantyna.fiscal.tests.helpers import book, enable, make_admin, make_parent, make_worker, registration_jobs
from kantyna.ledger.models import LedgerTransaction
from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.tenancy.services import in_tenant

pytestmark = pytest.mark.django_db


def receipt_of(row) -> FiscalReceipt:
    return FiscalReceipt.objects.get(transaction_id=row.pk)


def test_given_fiscalization_off_when_queueing_then_refused_and_nothing_claimed(tenant_a):
    parent, admin = make_parent(tenant_a), make_admin(tenant_a)
    row = book(tenant_a, parent)
    with in_tenant(tenant_a):
        with pytest.raises(DomainError) as error:
            fiscal_receipts_queue(actor=admin, transaction_ids=[row.pk])
        with pytest.raises(DomainError):
            fiscal_receipts_queue_all(actor=admin)
        assert error.value.code == "fiscal.disabled"
        assert fiscal_register_due().as_dict() == {"registered": 0, "failed": 0}
        assert FiscalReceipt.objects.count() == 0 and registration_jobs() == []


def test_given_enabling_then_the_day_is_kept_and_disabling_clears_it(tenant_a):
    enable(tenant_a)
    with in_tenant(tenant_a):
        assert fiscal_settings().since == timezone.localdate()
    enable(tenant_a, enabled=False)
    with in_tenant(tenant_a):
        assert fiscal_settings().since is None and not fiscal_settings().enabled


def test_given_a_deposit_when_queued_then_the_job_registers_it_once_with_the_registers_number(tenant_a, fake_register):
    enable(tenant_a)
    parent, admin = make_parent(tenant_a), make_admin(tenant_a)
    row = book(tenant_a, parent, amount="42.50")
    with in_tenant(tenant_a):
        result = fiscal_receipts_queue(actor=admin, transaction_ids=[row.pk, row.pk])
        assert result.queued == [row.pk] and result.refused == []
        assert receipt_of(row).state == "pending"
        assert registration_jobs() == [{"slug": tenant_a.slug}]

        assert fiscal_register_due().as_dict() == {"registered": 1, "failed": 0}
        assert fiscal_register_due().as_dict() == {"registered": 0, "failed": 0}
        fiscal_receipts_queue(actor=admin, transaction_ids=[row.pk])  # a double click after the registration
        fiscal_register_due()

        receipt = receipt_of(row)
        assert receipt.state == "registered" and receipt.amount == Decimal("42.50")
        assert receipt.receipt_number == f"FAKE/{row.booked_on.year}/{row.pk:06d}"
        assert receipt.attempts == 1 and receipt.register == "fake"
        assert fake_register.calls == [f"kantyna-tx-{row.pk}"]
        assert LedgerTransaction.objects.get(pk=row.pk).fiscalized is True
        assert list(AuditEntry.objects.filter(action__startswith="fiscal.").values_list("action", flat=True)) == [
            "fiscal.queue",
            "fiscal.register",
            "fiscal.queue",
        ]
        assert ledger_balance_mismatches() == []


def test_given_other_kinds_when_queued_then_refused_as_not_a_sale_and_the_job_never_claims_them(tenant_a):
    enable(tenant_a)
    worker, admin = make_worker(tenant_a), make_admin(tenant_a)
    deposit = book(tenant_a, worker, amount="30.00")
    charge = book(tenant_a, worker, "charge", "-10.00")
    payout = book(tenant_a, worker, "payout", "-5.00")
    with in_tenant(tenant_a):
        result = fiscal_receipts_queue(actor=admin, transaction_ids=[charge.pk, payout.pk, 999999])
        assert result.queued == []
        assert [(pk, error.code) for pk, error in result.refused] == [
            (charge.pk, "fiscal.not_a_sale"),
            (payout.pk, "fiscal.not_a_sale"),
            (999999, "record.not_found"),
        ]
        assert registration_jobs() == []
        assert fiscal_register_due().registered == 1
        assert list(FiscalReceipt.objects.values_list("transaction_id", flat=True)) == [deposit.pk]


def test_given_deposits_before_fiscalization_then_the_job_leaves_them_and_an_earlier_day_catches_them_up(tenant_a):
    parent = make_parent(tenant_a)
    # Booked beyond the days a back-dated deposit is looked for (a deposit recorded today counts from today on).
    old = book(tenant_a, parent, booked_on=timezone.localdate() - timedelta(days=20))
    enable(tenant_a)
    new = book(tenant_a, parent)
    with in_tenant(tenant_a):
        fiscal_register_due()
        assert list(FiscalReceipt.objects.values_list("transaction_id", flat=True)) == [new.pk]
    enable(tenant_a, since=timezone.localdate() - timedelta(days=30))
    with in_tenant(tenant_a):
        assert fiscal_receipts_queue_all(actor=None) == 1
        fiscal_register_due()
        assert receipt_of(old).state == "registered"


def test_given_the_register_fails_then_the_receipt_is_failed_reported_and_tried_again_after_the_pause(
    tenant_a, fake_register
):
    enable(tenant_a)
    parent = make_parent(tenant_a)
    row = book(tenant_a, parent)
    fake_register.failing(2)
    now = timezone.now()
    with in_tenant(tenant_a):
        assert fiscal_register_due(now=now).as_dict() == {"registered": 0, "failed": 1}
        receipt = receipt_of(row)
        assert receipt.state == "failed" and receipt.attempts == 1
        assert receipt.last_error == "The fake register was told to fail."
        assert receipt.next_attempt_at == now + backoff(1)
        assert AuditEntry.objects.filter(action="fiscal.failed").count() == 1
        assert LedgerTransaction.objects.get(pk=row.pk).fiscalized is False

        assert fiscal_register_due(now=now + timedelta(minutes=1)).as_dict() == {"registered": 0, "failed": 0}
        assert fiscal_register_due(now=now + backoff(1)).as_dict() == {"registered": 0, "failed": 1}
        assert receipt_of(row).next_attempt_at == now + backoff(1) + backoff(2)

        fiscal_receipts_queue(actor=None, transaction_ids=[row.pk])  # the office retries at once
        assert fiscal_register_due(now=now + backoff(1)).as_dict() == {"registered": 1, "failed": 0}
        receipt = receipt_of(row)
        assert receipt.state == "registered" and receipt.attempts == 3 and receipt.last_error == ""
        # One sale, one key: every retry asked the register for the same receipt.
        assert set(fake_register.calls) == {f"kantyna-tx-{row.pk}"}


def test_given_fiscalization_turned_off_when_the_job_runs_then_nothing_is_sent(tenant_a, fake_register):
    enable(tenant_a)
    parent = make_parent(tenant_a)
    row = book(tenant_a, parent)
    with in_tenant(tenant_a):
        fiscal_receipts_queue(actor=None, transaction_ids=[row.pk])
    enable(tenant_a, enabled=False)
    with in_tenant(tenant_a):
        assert fiscal_receipt_register(receipt_id=receipt_of(row).pk).state == "pending"
        assert fiscal_register_due().registered == 0
        assert fake_register.calls == []


def test_backoff_grows_and_is_capped():
    assert [backoff(n) for n in (1, 2, 3)] == [timedelta(minutes=2), timedelta(minutes=4), timedelta(minutes=8)]
    assert backoff(50) == timedelta(hours=6)


def test_given_two_tenants_then_each_registers_its_own(tenant_a, tenant_b):
    enable(tenant_a)
    row_a = book(tenant_a, make_parent(tenant_a))
    book(tenant_b, make_parent(tenant_b))
    with in_tenant(tenant_b):
        assert fiscal_register_due().registered == 0
    with in_tenant(tenant_a):
        assert fiscal_register_due().registered == 1
        assert receipt_of(row_a).state == "registered"


def test_given_a_deposit_recorded_after_enabling_but_booked_days_before_then_it_is_due(tenant_a):
    parent = make_parent(tenant_a)
    enable(tenant_a)
    # A bank statement's transfer, booked on the bank's date three days ago.
    backdated = book(tenant_a, parent, booked_on=timezone.localdate() - timedelta(days=3))
    with in_tenant(tenant_a):
        assert fiscal_register_due().registered == 1
        assert receipt_of(backdated).state == "registered"


def test_given_the_register_raises_anything_then_the_attempt_is_failed_and_kept(tenant_a, monkeypatch):
    enable(tenant_a)
    row = book(tenant_a, make_parent(tenant_a))

    def broken(self, sale, memo):
        raise TimeoutError("read timed out")

    monkeypatch.setattr("kantyna.fiscal.registers.fake.FakeCashRegister.step", broken)
    with in_tenant(tenant_a):
        assert fiscal_register_due().as_dict() == {"registered": 0, "failed": 1}
        receipt = receipt_of(row)
        assert receipt.state == "failed" and receipt.last_error == "TimeoutError: read timed out"


def emails() -> list[dict]:
    return [job.args for job in ProcrastinateJob.objects.filter(task_name="kantyna.core.tasks.send_email")]


def test_given_receipts_failing_then_the_admins_are_mailed_once_in_their_language(tenant_a, fake_register):
    enable(tenant_a)
    admin = make_admin(tenant_a)
    parent = make_parent(tenant_a)
    for _index in range(2):
        book(tenant_a, parent)
    fake_register.failing(10)
    now = timezone.now()
    with in_tenant(tenant_a):
        fiscal_register_due(now=now)
        fiscal_receipts_queue_all(actor=None)
        fiscal_register_due(now=now)  # the same receipts fail again: no second mail

        sent = emails()
        assert len(sent) == 1 and sent[0]["to"] == [admin.account.email]
        assert sent[0]["subject"] == "2 wpłaty nie zostały zafiskalizowane"
        assert "Powód: The fake register was told to fail." in sent[0]["text"]


def test_given_the_register_fails_three_times_in_a_row_then_the_run_stops_and_the_rest_wait(tenant_a, fake_register):
    enable(tenant_a)
    parent = make_parent(tenant_a)
    rows = [book(tenant_a, parent, amount=f"{10 + index}.00") for index in range(5)]
    fake_register.failing(3)

    with in_tenant(tenant_a):
        assert fiscal_register_due().as_dict() == {"registered": 0, "failed": 3}
        states = [receipt_of(row).state for row in rows]

    assert states == ["failed", "failed", "failed", "pending", "pending"]
    assert fake_register.calls == [f"kantyna-tx-{row.pk}" for row in rows[:3]]


def test_given_a_failure_between_successes_then_the_run_goes_on(tenant_a, fake_register):
    enable(tenant_a)
    parent = make_parent(tenant_a)
    rows = [book(tenant_a, parent) for _index in range(4)]
    fake_register.failing(2)

    with in_tenant(tenant_a):
        assert fiscal_register_due().as_dict() == {"registered": 2, "failed": 2}
        assert [receipt_of(row).state for row in rows] == ["failed", "failed", "registered", "registered"]
