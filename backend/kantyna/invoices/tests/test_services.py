"""Invoices made by the services: what they bill (exactly the month's delivered meals), to whom, under which
number, once; the PDF's text; the settings that turn them on and shape them."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from kantyna.audit.models import AuditEntry
from kantyna.core.errors import DomainError
from kantyna.invoices import selectors, services
from kantyna.invoices.models import InvoiceCounter, InvoiceFile
from kantyna.invoices.tests.helpers import make_invoice_world
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import LIVE, OrderItem
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.pdf import pdf_pages
from kantyna.testing.world import set_settings

pytestmark = pytest.mark.django_db


def text_of(invoice: InvoiceFile) -> list[str]:
    with invoice.file.open("rb") as handle:
        return [text for page in pdf_pages(handle.read()) for text in page]


def test_given_an_institution_month_when_invoicing_then_the_total_is_the_months_delivered_meals(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a):
        invoice, created = services.invoice_create_for_institution(
            actor=None, institution=iw.institution, month=iw.month + timedelta(days=10)
        )
        delivered = sum(
            OrderItem.objects.filter(LIVE, child__institution=iw.institution, date__month=iw.month.month).values_list(
                "price", flat=True
            ),
            Decimal(0),
        ) + sum(OrderItem.objects.filter(LIVE, worker__institution=iw.institution).values_list("price", flat=True))
        texts = text_of(invoice)

    assert created and invoice.gross == delivered == Decimal("82.49")
    assert invoice.net + invoice.vat == invoice.gross
    assert invoice.month == iw.month
    today = tenant_today()
    assert invoice.number == f"FV/1/{today:%m}/{today:%Y}"
    assert f"Faktura VAT nr {invoice.number}" in texts
    assert "Słownie: osiemdziesiąt dwa złote 49/100" in texts
    assert f"Obiad ({iw.month:%m.%Y})" in texts and f"Zupa ({iw.month:%m.%Y})" in texts
    assert "Sposób płatności: przelew" in texts and "Numer konta: 61109010140000071219812874" in texts
    assert f"Termin płatności: {today + timedelta(days=14):%d.%m.%Y}" in texts
    assert "Sprzedawca" in texts and "Kantyna Śląska Sp. z o.o." in texts and "NIP: 6340197234" in texts
    assert "Odbiorca" not in texts


def test_given_an_institution_with_a_gmina_buyer_when_invoicing_then_the_gmina_buys_and_the_school_receives(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a):
        institution = iw.institution
        institution.invoice_buyer_name = "Gmina Łódź"
        institution.invoice_buyer_tax_id = "7251018745"
        institution.invoice_buyer_street = "ul. Piotrkowska 104"
        institution.invoice_buyer_post_code = "90-926"
        institution.invoice_buyer_city = "Łódź"
        institution.save()
        invoice, _ = services.invoice_create_for_institution(actor=None, institution=institution, month=iw.month)
        texts = text_of(invoice)

    assert invoice.buyer["name"] == "Gmina Łódź" and invoice.buyer["tax_id"] == "7251018745"
    assert invoice.recipient["name"] == institution.name
    assert texts.index("Nabywca") < texts.index("Gmina Łódź") < texts.index("Odbiorca")


def test_given_an_invoice_of_the_month_when_invoicing_again_then_the_first_and_no_second_number(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a):
        first, _ = services.invoice_create_for_institution(actor=None, institution=iw.institution, month=iw.month)
        again, created = services.invoice_create_for_institution(actor=None, institution=iw.institution, month=iw.month)
        deposit_first, _ = services.invoice_create_for_transaction(actor=None, transaction_id=iw.deposit.pk)
        deposit_again, deposit_created = services.invoice_create_for_transaction(
            actor=None, transaction_id=iw.deposit.pk
        )

        assert (again.pk, created) == (first.pk, False)
        assert (deposit_again.pk, deposit_created) == (deposit_first.pk, False)
        assert InvoiceFile.objects.count() == 2
        assert InvoiceCounter.objects.get().last_number == 2
        assert AuditEntry.objects.filter(action="invoice.create").count() == 2


def test_given_a_parent_when_invoicing_their_month_then_their_childrens_meals_to_the_person(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a):
        invoice, _ = services.invoice_create_for_user(actor=None, user=iw.parent, month=iw.month)
        worker_invoice, _ = services.invoice_create_for_user(actor=None, user=iw.worker_user, month=iw.month)

    assert invoice.gross == Decimal("52.49") and invoice.user == iw.parent
    assert invoice.buyer == {"name": iw.parent.full_name, "street": "", "postal_code": "", "city": "", "tax_id": ""}
    assert invoice.paid_at is not None  # paid from the balance
    assert worker_invoice.gross == Decimal("30.00")


def test_given_a_parent_asking_for_company_invoices_when_invoicing_then_their_company_buys(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a):
        set_settings("invoices_config_for_users", enable_invoices_for_users=True)
        parent = iw.parent
        parent.invoices_settings = {
            "invoices_enabled": True,
            "company_name": "Nowak IT",
            "vat_id": "525-000-11-22",
            "address": {"street": "ul. Prosta 1", "city": "Warszawa", "post_code": "00-001"},
        }
        parent.save()
        invoice, _ = services.invoice_create_for_transaction(actor=None, transaction_id=iw.deposit.pk)
        texts = text_of(invoice)

    assert invoice.buyer == {
        "name": "Nowak IT", "street": "ul. Prosta 1", "postal_code": "00-001", "city": "Warszawa",
        "tax_id": "5250001122",
    }  # fmt: skip
    assert invoice.gross == Decimal("120.00") and invoice.kind == "transaction" and invoice.user == parent
    assert "Sposób płatności: przedpłata (z salda konta)" in texts and "Przedpłata na posiłki" in texts


def test_given_the_settings_when_numbering_then_the_pattern_and_the_rate(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a):
        set_settings(
            "invoices_config", invoices_enabled=True, numbering_pattern="K/{year}/{number}", default_vat_rate="23"
        )
        first, _ = services.invoice_create_for_user(actor=None, user=iw.parent, month=iw.month)
        second, _ = services.invoice_create_for_user(actor=None, user=iw.worker_user, month=iw.month)
        texts = text_of(second)

    year = tenant_today().year
    assert (first.number, second.number) == (f"K/{year}/1", f"K/{year}/2")
    assert second.vat == Decimal("5.61")  # 2 x 15.00 gross at 23%: 30.00 * 23 / 123
    assert "23%" in texts


def test_given_refusals_then_the_reason_and_nothing_made(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a):
        with pytest.raises(DomainError) as empty:
            services.invoice_create_for_institution(
                actor=None, institution=iw.institution, month=iw.month - timedelta(days=40)
            )
        set_settings("invoices_config", invoices_enabled=False)
        with pytest.raises(DomainError) as disabled:
            services.invoice_create_for_transaction(actor=None, transaction_id=iw.deposit.pk)
        set_settings("invoices_config", invoices_enabled=True)
        set_settings("company_details", name="")
        with pytest.raises(DomainError) as no_company:
            services.invoice_create_for_institution(actor=None, institution=iw.institution, month=iw.month)

        assert (empty.value.code, disabled.value.code, no_company.value.code) == (
            "invoice.nothing_to_invoice",
            "invoice.disabled",
            "invoice.company_details_missing",
        )
        assert InvoiceFile.objects.count() == 0
        # The refused creations gave no number away: the next invoice is the first.
        set_settings("company_details", name="Kantyna")
        invoice, _ = services.invoice_create_for_institution(actor=None, institution=iw.institution, month=iw.month)
        assert invoice.number.startswith("FV/1/")


def test_given_an_invoice_when_marking_paid_twice_and_deleting_then_once_each_and_audited(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a):
        invoice, _ = services.invoice_create_for_institution(actor=None, institution=iw.institution, month=iw.month)
        assert invoice.paid_at is None
        services.invoice_mark_paid(actor=None, invoice_id=invoice.pk)
        paid_at = InvoiceFile.objects.get(pk=invoice.pk).paid_at
        services.invoice_mark_paid(actor=None, invoice_id=invoice.pk)
        assert InvoiceFile.objects.get(pk=invoice.pk).paid_at == paid_at
        services.invoice_delete(actor=None, invoice_id=invoice.pk)

        assert not InvoiceFile.objects.exists()
        assert list(
            AuditEntry.objects.filter(action__startswith="invoice.").order_by("pk").values_list("action", flat=True)
        ) == [
            "invoice.create",
            "invoice.paid",
            "invoice.delete",
        ]
        again, created = services.invoice_create_for_institution(actor=None, institution=iw.institution, month=iw.month)
        assert created and again.number.startswith("FV/2/")


# A 1 x 1 red PNG.
LOGO = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108020000009077"
    "53de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082"
)


def test_given_a_company_logo_when_invoicing_then_the_pdf_carries_it_and_speaks_polish_to_anyone(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a), translation.override("en"):
        settings_update(actor=None, key="company_details", data={}, logo=SimpleUploadedFile("logo.png", LOGO))
        invoice, _ = services.invoice_create_for_institution(actor=None, institution=iw.institution, month=iw.month)
        with invoice.file.open("rb") as handle:
            content = handle.read()
        texts = text_of(invoice)

    assert b"/Subtype /Image" in content
    assert "Strona 1 z 1" in texts and "Sprzedawca" in texts


def test_given_an_issued_invoice_when_the_months_meals_change_then_its_document_is_the_one_printed(tenant_a):
    iw = make_invoice_world(tenant_a)
    with in_tenant(tenant_a):
        invoice, _ = services.invoice_create_for_institution(actor=None, institution=iw.institution, month=iw.month)
        OrderItem.objects.filter(LIVE, child__institution=iw.institution).update(status="cancelled")
        document = selectors.invoice_document(InvoiceFile.objects.get(pk=invoice.pk))

    month = f"{iw.month:%m.%Y}"
    assert [(line.name, line.quantity, line.unit_gross, line.vat_rate) for line in document.lines] == [
        (f"Zupa ({month})", 1, Decimal("4.99"), "8"),
        (f"Obiad ({month})", 2, Decimal("15.00"), "8"),
        (f"Obiad ({month})", 3, Decimal("12.50"), "8"),
        (f"Obiad ({month})", 1, Decimal("10.00"), "8"),
    ]
    assert (document.number, document.gross, document.vat) == (invoice.number, invoice.gross, invoice.vat)
    assert document.period[0] == iw.month and document.period[1].month == iw.month.month
    assert document.seller.tax_id == "6340197234" and document.buyer.name == iw.institution.name
    assert document.payment_method == "transfer" and document.bank_account == "61109010140000071219812874"
