"""Every invoicesFiles endpoint x every persona (kantyna/testing/matrix.py): the office makes, uploads, marks paid and
deletes invoices and reads every one (with their KSeF XML and UPO); institutions admins read their institutions'
(another's are not found); parents and workers read their own (another's are not found). A refusal changes neither
the invoices, nor the counter, nor the audit trail."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.audit.models import AuditEntry
from kantyna.invoices.api.urls import urlpatterns
from kantyna.invoices.models import InvoiceCounter, InvoiceFile
from kantyna.invoices.services import (
    invoice_create_for_institution,
    invoice_create_for_user,
    invoice_ksef_process,
    invoice_send_to_ksef,
)
from kantyna.invoices.tests.helpers import enable_ksef, make_invoice_world
from kantyna.tenancy.services import in_tenant
from kantyna.testing.matrix import (
    ADMIN,
    IA,
    IA_WITHOUT,
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

READERS = personas(ADMIN, IA, IA_WITHOUT, PARENT, WORKER)
PDF = b"%PDF-1.4\n%test\n"


def upload(ids):
    return {"file": SimpleUploadedFile("faktura.pdf", PDF), "number": "ZEW/1/2026", "month": "2026-10"}


ROWS = [
    Row("list", "GET", "invoicesFiles", READERS),
    Row("upload", "POST", "invoicesFiles", personas(ADMIN), body=upload, multipart=True, ok=201, writes=True),
    Row("one: the institution's", "GET", "invoicesFiles/{institution_invoice}", personas(ADMIN, IA, IA_WITHOUT),
        hidden=personas(PARENT, WORKER)),
    Row("one: the parent's", "GET", "invoicesFiles/{parent_invoice}", personas(ADMIN, PARENT),
        hidden=personas(IA, IA_WITHOUT, WORKER)),
    Row("delete", "DELETE", "invoicesFiles/{institution_invoice}", personas(ADMIN), writes=True),
    Row("for a deposit", "POST", "invoicesFiles/createForTransaction/{deposit}", personas(ADMIN), ok=201,
        writes=True),
    Row("for a user's month", "POST", "invoicesFiles/createForUser/{worker_user}", personas(ADMIN),
        body=lambda ids: {"month": ids["month"]}, ok=201, writes=True),
    Row("for an institution's month", "POST", "invoicesFiles/createForInstitution/{other_institution}",
        personas(ADMIN), body=lambda ids: {"month": ids["month"]}, ok=201, writes=True),
    Row("download one", "POST", "invoicesFiles/{parent_invoice}/download", personas(ADMIN, PARENT),
        hidden=personas(IA, IA_WITHOUT, WORKER)),
    Row("download many", "POST", "invoicesFiles/download", personas(ADMIN, IA, IA_WITHOUT),
        hidden=personas(PARENT, WORKER), body=lambda ids: {"invoicesFilesIds": [ids["institution_invoice"]]},
        foreign=404),
    Row("max file size", "GET", "invoicesFiles/maxFileSize", READERS),
    Row("mark paid", "POST", "invoicesFiles/{institution_invoice}/markAsPaid", personas(ADMIN), writes=True),
    Row("KSeF XML", "GET", "invoicesFiles/{institution_invoice}/ksefXml", personas(ADMIN, IA, IA_WITHOUT),
        hidden=personas(PARENT, WORKER)),
    Row("KSeF UPO", "GET", "invoicesFiles/{accepted_invoice}/ksefUpo", personas(ADMIN, IA, IA_WITHOUT),
        hidden=personas(PARENT, WORKER)),
    Row("send to KSeF", "POST", "invoicesFiles/{institution_invoice}/sendToKsef", personas(ADMIN), writes=True),
]  # fmt: skip


@pytest.fixture
def world(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a):
        enable_ksef(iw.institution)
        institution_invoice, _ = invoice_create_for_institution(actor=None, institution=iw.institution, month=iw.month)
        parent_invoice, _ = invoice_create_for_user(actor=None, user=iw.parent, month=iw.month)
        # The month before (one meal of the world's child): sent to KSeF and accepted (the fake client), its UPO kept.
        earlier = (iw.month - timedelta(days=1)).replace(day=1)
        accepted_invoice, _ = invoice_create_for_institution(actor=None, institution=iw.institution, month=earlier)
        invoice_send_to_ksef(actor=None, invoice_id=accepted_invoice.pk)
        invoice_ksef_process(invoice_id=accepted_invoice.pk)
    return SimpleNamespace(
        iw=iw,
        ids={
            "institution_invoice": institution_invoice.pk,
            "parent_invoice": parent_invoice.pk,
            "accepted_invoice": accepted_invoice.pk,
            "deposit": iw.deposit.pk,
            "worker_user": iw.worker_user.pk,
            "other_institution": iw.other_institution.pk,
            "month": f"{iw.month:%Y-%m}",
        },
    )


def state(tenant):
    with in_tenant(tenant):
        return {
            "invoices": list(InvoiceFile.objects.order_by("pk").values_list("pk", "number", "paid_at", "ksef_state")),
            "jobs": ProcrastinateJob.objects.count(),
            "counters": list(InvoiceCounter.objects.values_list("period", "last_number")),
            "audit": AuditEntry.objects.count(),
        }


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS, routes_of(urlpatterns), area="invoicesFiles"
)


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS,
    state,
    people=lambda world: Personas(
        parent=world.iw.parent, worker=world.iw.worker_user, institutions=[world.iw.institution]
    ),
)


test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS, state
)
