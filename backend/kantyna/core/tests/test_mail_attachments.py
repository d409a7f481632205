"""Development e-mail keeps attachments: the JSON file backend stores each beside its message, the dev mail page
links it, and the link downloads the same bytes; a message id or index that names nothing is 404."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from kantyna.core.mail import mail_list, mail_send

pytestmark = pytest.mark.django_db


@pytest.fixture
def dev_mail(settings, tmp_path, tenant_a):
    settings.DEV_MAIL_PAGE = True
    settings.EMAIL_BACKEND = "kantyna.core.mail.JsonFileEmailBackend"
    settings.EMAIL_FILE_PATH = tmp_path
    return tmp_path


def test_given_a_message_with_an_attachment_when_listed_then_linked_and_downloaded_byte_for_byte(dev_mail):
    mail_send(
        to=["office@example.test"],
        subject="Raport",
        text="W załączniku.",
        attachments=[("zamówienia 11.xlsx", b"PK\x03\x04 bytes", "application/vnd.ms-excel")],
    )
    client = Client(HTTP_HOST="auth.localhost")

    (message,) = mail_list()
    page = client.get("/sso/dev/mail").content.decode()
    (link,) = re.findall(r'href="(/sso/dev/mail/[^"]+)"', page)
    download = client.get(link)

    assert message["attachments"] == [
        {"fileName": "zamówienia 11.xlsx", "contentType": "application/vnd.ms-excel", "size": 10}
    ]
    assert link == f"/sso/dev/mail/{message['id']}/attachments/0"
    assert "zamówienia 11.xlsx" in page
    assert (download.status_code, download.content, download["Content-Type"]) == (
        200,
        b"PK\x03\x04 bytes",
        "application/vnd.ms-excel",
    )
    assert client.get(f"/sso/dev/mail/{message['id']}/attachments/1").status_code == 404
    assert client.get("/sso/dev/mail/0123abcd/attachments/0").status_code == 404
