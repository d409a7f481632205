"""`invoicesFiles/*` over HTTP: creation answers (201 new, 200 the existing one), the list's shape, filters, reach
and query count, downloads (the PDF, `faktury.zip`), uploads checked by content and size, refusals in the error
shape."""

from __future__ import annotations

import io
import zipfile
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN
from kantyna.invoices.models import InvoiceFile
from kantyna.invoices.tests.helpers import make_invoice_world
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.pdf import pdf_pages
from kantyna.testing.queries import assert_num_queries
from kantyna.testing.world import set_settings

pytestmark = pytest.mark.django_db

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def body_of(response) -> bytes:
    return b"".join(response.streaming_content) if getattr(response, "streaming", False) else response.content


@pytest.fixture
def setup(tenant_a):
    iw = make_invoice_world(tenant_a)
    admin = make_user(tenant_a, ROLE_ADMIN)
    return iw, Api(tenant_a, admin)


def test_given_an_institution_month_when_created_then_201_and_again_200_with_the_same_invoice(setup):
    iw, api = setup
    month = f"{iw.month:%Y-%m}"

    created = api.post(f"invoicesFiles/createForInstitution/{iw.institution.pk}", {"month": month})
    again = api.post(f"invoicesFiles/createForInstitution/{iw.institution.pk}", {"month": month})
    one = api.get(f"invoicesFiles/{created.json()['id']}").json()

    assert created.status_code == 201 and created.json()["created"] is True
    assert again.status_code == 200 and again.json() == {"id": created.json()["id"], "created": False}
    assert one["kind"] == "institution" and one["month"] == month
    assert one["gross"] == {"amount": "82.49", "currency": "PLN"}
    assert one["institution"] == {"id": iw.institution.pk, "name": iw.institution.name}
    assert one["buyer"]["name"] == iw.institution.name and one["recipient"] is None
    assert one["paid"] is False and one["fileKind"] == "pdf"


def test_given_an_invoice_when_downloading_then_its_pdf_and_selected_ones_as_a_zip(setup):
    iw, api = setup
    first = api.post(f"invoicesFiles/createForInstitution/{iw.institution.pk}", {"month": f"{iw.month:%Y-%m}"})
    second = api.post(f"invoicesFiles/createForTransaction/{iw.deposit.pk}")
    number = api.get(f"invoicesFiles/{first.json()['id']}").json()["number"]

    pdf = api.post(f"invoicesFiles/{first.json()['id']}/download")
    archive = api.post("invoicesFiles/download", {"invoicesFilesIds": [first.json()["id"], second.json()["id"]]})

    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    content = body_of(pdf)
    assert content.startswith(b"%PDF-") and f"Faktura VAT nr {number}" in pdf_pages(content)[0]
    assert archive.status_code == 200 and archive["Content-Type"] == "application/zip"
    assert 'filename="faktury.zip"' in archive["Content-Disposition"]
    names = zipfile.ZipFile(io.BytesIO(archive.content)).namelist()
    assert len(names) == 2 and f"{number.replace('/', '-')}.pdf" in names


def test_given_invoices_when_listing_then_filters_and_reach(setup, tenant_a):
    iw, api = setup
    month = f"{iw.month:%Y-%m}"
    institution_invoice = api.post(f"invoicesFiles/createForInstitution/{iw.institution.pk}", {"month": month})
    api.post(f"invoicesFiles/createForUser/{iw.parent.pk}", {"month": month})
    api.post(f"invoicesFiles/createForUser/{iw.worker_user.pk}", {"month": month})
    ia = make_user(tenant_a, ROLE_INSTITUTIONS_ADMIN)
    with in_tenant(tenant_a):
        ia.institutions.set([iw.institution])

    def kinds(api_, query=""):
        return sorted(row["kind"] for row in api_.get(f"invoicesFiles{query}").json()["items"])

    assert kinds(api) == ["institution", "user", "user"]
    assert kinds(api, "?kind=user") == ["user", "user"]
    assert kinds(api, "?paid=true") == ["user", "user"]  # paid from the balance
    assert kinds(api, "?paid=false") == ["institution"]
    assert api.post(f"invoicesFiles/{institution_invoice.json()['id']}/markAsPaid").json() == {"status": True}
    assert kinds(api, "?paid=false") == []
    assert kinds(api, f"?institutionId={iw.institution.pk}") == ["institution"]
    assert kinds(api, f"?userId={iw.parent.pk}") == ["user"]
    assert kinds(api, f"?month={month}") == ["institution", "user", "user"]
    assert kinds(api, "?month=2001-01") == []
    assert kinds(Api(tenant_a, ia)) == ["institution"]
    assert [row["user"]["id"] for row in Api(tenant_a, iw.parent).get("invoicesFiles").json()["items"]] == [
        iw.parent.pk
    ]
    assert_error(api.get("invoicesFiles?month=2026-13"), 400, "The given data was invalid.", {"month": ...})


def test_given_many_invoices_when_listing_then_a_fixed_number_of_queries(setup, tenant_a):
    iw, api = setup
    for number in range(6):
        api.post(
            "invoicesFiles",
            {"file": SimpleUploadedFile("f.png", PNG), "number": f"Z/{number}", "month": "2026-10",
             "userId": iw.parent.pk, "institutionId": iw.institution.pk},
            format="multipart",
        )  # fmt: skip
    api.get("invoicesFiles")  # warm the caches of the session check

    # The caller (session check), the count, the page (users and institutions joined).
    with in_tenant(tenant_a), assert_num_queries(3) as queries:
        response = api.get("invoicesFiles")

    assert response.json()["total"] == 6, queries


def test_given_uploads_then_checked_by_content_and_size_and_numbers_unique(setup, tenant_a):
    _world, api = setup

    def send(content: bytes, name="faktura.pdf", number="ZEW/1"):
        return api.post(
            "invoicesFiles",
            {"file": SimpleUploadedFile(name, content), "number": number, "month": "2026-10"},
            format="multipart",
        )

    ok = send(PNG, name="skan.pdf")
    html = send(b"<html><script>alert(1)</script></html>", number="ZEW/2")
    taken = send(b"%PDF-1.4 x", number="ZEW/1")
    with in_tenant(tenant_a):
        set_settings("general", upload_max_file_size=1024 * 1024)
    too_big = send(b"%PDF-" + b"0" * (1024 * 1024), number="ZEW/3")

    assert ok.status_code == 201
    with in_tenant(tenant_a):
        assert InvoiceFile.objects.get(pk=ok.json()["id"]).file.name.endswith(".png")
    assert api.get("invoicesFiles/maxFileSize").json() == {"maxFileSize": 1024 * 1024}
    assert_error(html, 400, "The given data was invalid.", {"file": ["Unsupported file type: allowed pdf, jpg, png."]})
    assert_error(taken, 409, "This invoice number is already used.", {"number": ...})
    assert_error(too_big, 400, "The given data was invalid.", {"file": ["The file is too large: the limit is 1 MB."]})
    with in_tenant(tenant_a):
        assert InvoiceFile.objects.count() == 1


def test_given_an_upload_with_a_gross_amount_then_it_is_kept_exactly_and_one_with_spaces_is_refused(setup, tenant_a):
    _world, api = setup

    def send(gross: str, number: str):
        return api.post(
            "invoicesFiles",
            {"file": SimpleUploadedFile("f.png", PNG), "number": number, "month": "2026-10", "gross": gross},
            format="multipart",
        )

    spaced = send(" 82.49 ", "ZEW/7")
    exact = send("82.5", "ZEW/8")

    assert_error(
        spaced,
        400,
        "The given data was invalid.",
        {"gross": ["Enter an amount as digits with an optional dot and at most two decimal places, e.g. 12.50."]},
    )
    assert exact.status_code == 201, exact.content
    with in_tenant(tenant_a):
        assert list(InvoiceFile.objects.values_list("number", "gross")) == [("ZEW/8", Decimal("82.50"))]


def test_given_refusals_then_the_error_shape_and_nothing_made(setup, tenant_a):
    iw, api = setup

    empty = api.post(f"invoicesFiles/createForInstitution/{iw.institution.pk}", {"month": "2001-01"})
    bad_month = api.post(f"invoicesFiles/createForUser/{iw.parent.pk}", {"month": "styczeń"})
    missing = api.post("invoicesFiles/createForInstitution/999999", {"month": "2026-01"})
    with in_tenant(tenant_a):
        charge = iw.deposit.account.transactions.exclude(kind="deposit").first()
        set_settings("invoices_config", invoices_enabled=False)
    disabled = api.post(f"invoicesFiles/createForTransaction/{iw.deposit.pk}")
    selection = api.post("invoicesFiles/download", {"invoicesFilesIds": [999999]})

    assert_error(
        empty, 400, "The given data was invalid.",
        {"month": ["No meals were delivered in this month: there is nothing to invoice."]},
    )  # fmt: skip
    assert_error(bad_month, 400, "The given data was invalid.", {"month": ...})
    assert_error(missing, 404, "Not found.")
    assert_error(disabled, 409, "Invoices are turned off.", {})
    assert_error(selection, 404, "Not found.")
    assert charge is None
    with in_tenant(tenant_a):
        assert InvoiceFile.objects.count() == 0
