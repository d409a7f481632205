"""Two creations at the same moment, against real PostgreSQL: the numbering counter's row lock serializes them.
The same month twice: one invoice, one number. Two different months: two invoices numbered 1 and 2, no gap, no
duplicate."""

from __future__ import annotations

import pytest
from django.db import connection
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.audit.models import AuditEntry
from kantyna.invoices.models import InvoiceCounter, InvoiceFile
from kantyna.invoices.services import (
    KSEF_TASK,
    invoice_create_for_institution,
    invoice_create_for_user,
    invoice_send_to_ksef,
)
from kantyna.invoices.tests.helpers import enable_ksef, make_invoice_world
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import run_concurrently


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_two_admins_invoicing_one_month_at_once_then_one_invoice(tenant_a):
    iw = make_invoice_world(tenant_a)

    outcomes = run_concurrently(
        tenant_a,
        *[
            lambda: invoice_create_for_institution(actor=None, institution=iw.institution, month=iw.month)
            for _ in range(2)
        ],
    )

    assert outcomes == [None, None]
    with in_tenant(tenant_a):
        assert InvoiceFile.objects.count() == 1
        assert InvoiceCounter.objects.get().last_number == 1
    connection.set_schema_to_public()


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_two_invoices_made_at_once_then_consecutive_numbers(tenant_a):
    iw = make_invoice_world(tenant_a)

    outcomes = run_concurrently(
        tenant_a,
        lambda: invoice_create_for_user(actor=None, user=iw.parent, month=iw.month),
        lambda: invoice_create_for_user(actor=None, user=iw.worker_user, month=iw.month),
    )

    assert outcomes == [None, None]
    with in_tenant(tenant_a):
        numbers = sorted(int(number.split("/")[1]) for number in InvoiceFile.objects.values_list("number", flat=True))
        assert numbers == [1, 2]
    connection.set_schema_to_public()


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_two_admins_sending_one_invoice_to_ksef_at_once_then_one_job(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a):
        enable_ksef(iw.institution)
        invoice, _ = invoice_create_for_institution(actor=None, institution=iw.institution, month=iw.month)

    outcomes = run_concurrently(
        tenant_a, *[lambda: invoice_send_to_ksef(actor=None, invoice_id=invoice.pk) for _ in range(2)]
    )

    assert outcomes == [None, None]
    with in_tenant(tenant_a):
        assert ProcrastinateJob.objects.filter(task_name=KSEF_TASK).count() == 1
        assert AuditEntry.objects.filter(action="invoice.ksef_send").count() == 1
        assert InvoiceFile.objects.get(pk=invoice.pk).ksef_state == "sending"
    connection.set_schema_to_public()
