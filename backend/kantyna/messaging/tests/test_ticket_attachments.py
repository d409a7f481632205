"""Files sent with a help ticket: checked by size and by their bytes before anything is stored, kept under a name the
server chose, read only by those who see the ticket."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from kantyna.core.permissions import ROLE_TICKET_ADMIN
from kantyna.messaging.models import Ticket, TicketAttachment
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.assertions import assert_error
from kantyna.testing.world import make_world, set_settings

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"
BODY = {"category": "meals", "subject": "Zimna zupa", "text": "Zdjęcie i reklamacja w załączeniu."}


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        return make_world(tenant_a, money="")


def files_stored(tmp_path) -> list[str]:
    return sorted(path.name for path in tmp_path.rglob("*") if path.is_file())


def test_given_a_pdf_when_opening_a_ticket_with_it_then_the_author_and_the_ticket_admin_read_it(
    world, tenant_a, tmp_path
):
    parent = Api(tenant_a, world.parent)

    created = parent.post(
        "helpTickets", {**BODY, "attachments": [SimpleUploadedFile("reklamacja.pdf", PDF)]}, format="multipart"
    )

    assert created.status_code == 201, created.content
    ticket_id = created.json()["id"]
    details = parent.get(f"tickets/{ticket_id}").json()
    [attachment] = details["attachments"]
    assert (attachment["name"], attachment["kind"], attachment["size"]) == ("reklamacja.pdf", "pdf", len(PDF))
    with in_tenant(tenant_a):
        stored = TicketAttachment.objects.get().file.name
    assert stored.startswith(f"{tenant_a.schema_name}/tickets/") and stored.endswith(".pdf")
    assert "reklamacja" not in stored
    for reader in (parent, Api(tenant_a, make_user(tenant_a, ROLE_TICKET_ADMIN))):
        response = reader.get(f"tickets/{ticket_id}/attachments/{attachment['id']}")
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert b"".join(response.streaming_content) == PDF
    other = Api(tenant_a, world.worker_user).get(f"tickets/{ticket_id}/attachments/{attachment['id']}")
    assert other.status_code == 404


def test_given_a_page_named_pdf_when_attaching_then_refused_and_nothing_stored(world, tenant_a, tmp_path):
    page = SimpleUploadedFile("faktura.pdf", b"<html><script>alert(1)</script></html>")

    response = Api(tenant_a, world.parent).post("helpTickets", {**BODY, "attachments": [page]}, format="multipart")

    assert_error(
        response, 400, "The given data was invalid.", {"attachments": ["Unsupported file type: allowed pdf, jpg, png."]}
    )
    with in_tenant(tenant_a):
        assert (Ticket.objects.count(), TicketAttachment.objects.count()) == (0, 0)
    assert files_stored(tmp_path) == []


def test_given_a_file_over_the_tenants_limit_when_attaching_then_refused_and_nothing_stored(world, tenant_a, tmp_path):
    with in_tenant(tenant_a):
        set_settings("general", upload_max_file_size=1024 * 1024)
    big = SimpleUploadedFile("skan.pdf", PDF + b"0" * (1024 * 1024))

    response = Api(tenant_a, world.parent).post("helpTickets", {**BODY, "attachments": [big]}, format="multipart")

    assert_error(
        response, 400, "The given data was invalid.", {"attachments": ["The file is too large: the limit is 1 MB."]}
    )
    with in_tenant(tenant_a):
        assert Ticket.objects.count() == 0
    assert files_stored(tmp_path) == []


def test_given_four_files_when_attaching_then_refused(world, tenant_a):
    files = [SimpleUploadedFile(f"{i}.pdf", PDF) for i in range(4)]

    response = Api(tenant_a, world.parent).post("helpTickets", {**BODY, "attachments": files}, format="multipart")

    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["attachments"]
    with in_tenant(tenant_a):
        assert Ticket.objects.count() == 0


def test_given_an_attachment_of_another_ticket_when_asked_through_this_one_then_not_found(world, tenant_a):
    parent = Api(tenant_a, world.parent)
    first = parent.post("helpTickets", {**BODY, "attachments": [SimpleUploadedFile("a.pdf", PDF)]}, format="multipart")
    second = parent.post("helpTickets", BODY)
    attachment = parent.get(f"tickets/{first.json()['id']}").json()["attachments"][0]["id"]

    assert parent.get(f"tickets/{second.json()['id']}/attachments/{attachment}").status_code == 404
