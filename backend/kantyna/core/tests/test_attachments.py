"""The shared pieces of the apps' attachments (core.attachments): stored bytes that outlive a failed write are
deleted, and a download is named after the sent name without its extension."""

from __future__ import annotations

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from kantyna.core.attachments import files_forgotten_on_failure
from kantyna.messaging.models import TicketAttachment

PDF = b"%PDF-1.4\n%%EOF\n"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def files_stored(tmp_path) -> list[str]:
    return sorted(path.name for path in tmp_path.rglob("*") if path.is_file())


def test_given_a_stored_file_when_the_write_fails_then_its_bytes_are_deleted_and_the_failure_goes_on(tmp_path):
    with pytest.raises(RuntimeError, match="refused"), files_forgotten_on_failure() as stored:
        stored.append(default_storage.save("acme/tickets/a.pdf", ContentFile(PDF)))
        assert files_stored(tmp_path) == ["a.pdf"]
        raise RuntimeError("refused")

    assert files_stored(tmp_path) == []


def test_given_a_stored_file_when_the_write_succeeds_then_it_is_kept(tmp_path):
    with files_forgotten_on_failure() as stored:
        stored.append(default_storage.save("acme/tickets/a.pdf", ContentFile(PDF)))

    assert files_stored(tmp_path) == ["a.pdf"]


@pytest.mark.parametrize(
    ("sent", "downloaded"),
    [("menu.v2.pdf", "menu.v2"), ("skan", "skan"), (".pdf", "attachment"), ("", "attachment")],
)
def test_given_a_sent_name_then_the_download_is_named_without_its_extension(sent, downloaded):
    assert TicketAttachment(original_name=sent).download_name == downloaded
