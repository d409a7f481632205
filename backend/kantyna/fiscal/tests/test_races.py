"""Two admins (or an admin and the job) fiscalizing one deposit at the same moment, against real PostgreSQL: one
receipt row (its uniqueness), one call to the register (the receipt's row lock), one receipt number; on a printer
driven in steps, one receipt printed."""

from __future__ import annotations

import pytest
from django.db import connection

from kantyna.fiscal.models import FiscalReceipt
from kantyna.fiscal.services import fiscal_receipt_register, fiscal_receipts_queue, fiscal_register_due
from kantyna.fiscal.tests.helpers import book, enable, make_admin, make_parent
from kantyna.fiscal.tests.printer import UNIQUE_NUMBER
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import run_concurrently


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_two_admins_and_the_job_at_once_then_one_receipt_registered_once(tenant_a, fake_register):
    enable(tenant_a)
    parent = make_parent(tenant_a)
    admins = [make_admin(tenant_a), make_admin(tenant_a)]
    row = book(tenant_a, parent)

    outcomes = run_concurrently(
        tenant_a,
        *[lambda admin=admin: fiscal_receipts_queue(actor=admin, transaction_ids=[row.pk]) for admin in admins],
        fiscal_register_due,
    )

    assert [outcome for outcome in outcomes if outcome is not None] == []
    with in_tenant(tenant_a):
        assert FiscalReceipt.objects.filter(transaction_id=row.pk).count() == 1
        receipt = FiscalReceipt.objects.get(transaction_id=row.pk)

    outcomes = run_concurrently(
        tenant_a, *[lambda: fiscal_receipt_register(receipt_id=receipt.pk) for _index in range(3)]
    )

    assert outcomes == [None, None, None]
    with in_tenant(tenant_a):
        receipt.refresh_from_db()
        assert receipt.state == "registered" and receipt.attempts == 1
    assert fake_register.calls == [f"kantyna-tx-{row.pk}"]
    connection.set_schema_to_public()


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_three_runs_at_once_on_a_novitus_printer_then_it_prints_one_receipt(tenant_a, printer):
    enable(tenant_a, register="novitus", register_url=printer.url)
    row = book(tenant_a, make_parent(tenant_a))
    with in_tenant(tenant_a):
        receipt = FiscalReceipt.objects.create(transaction_id=row.pk, amount=row.amount)

    outcomes = run_concurrently(
        tenant_a, *[lambda: fiscal_receipt_register(receipt_id=receipt.pk) for _index in range(3)]
    )

    assert outcomes == [None, None, None]
    with in_tenant(tenant_a):
        receipt.refresh_from_db()
    assert receipt.state == "registered" and receipt.receipt_number == f"{UNIQUE_NUMBER}/1"
    assert len(printer.printed) == 1 and printer.calls.count("POST /api/v1/receipt") == 1
    connection.set_schema_to_public()
