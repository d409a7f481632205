"""Files sent with something (a help ticket, a message, an announcement): one shape and one way in. Each is checked
by size and by content before anything is stored (core.uploads), stored under a name the server chooses, and
forgotten again when the write that carried it fails. The api side (its serializer, the download) is in
core/api/attachments.py."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.core.files.storage import default_storage
from django.core.files.uploadedfile import UploadedFile
from django.db import models
from django.db.models.fields.files import FieldFile
from django.utils import timezone

from kantyna.core.uploads import store_upload, validate_upload

# A screenshot, a photo of the meal, a scanned document.
ATTACHMENT_TYPES = ("pdf", "jpg", "png")


class StoredAttachment(models.Model):
    """A stored file: its type found from its bytes, its size, the name it was sent under (shown, never used to store
    it). Each concrete model adds the thing it belongs to (its `attachments`) and its `file`, whose `upload_to`
    (the app's own folder) is part of the migration state, so it stays on the concrete model."""

    kind = models.CharField(max_length=10)
    size = models.PositiveIntegerField()
    original_name = models.CharField(max_length=255)
    created_at = models.DateTimeField(default=timezone.now)

    file: FieldFile

    class Meta:
        abstract = True
        ordering = ["id"]

    @property
    def download_name(self) -> str:
        """The sent name without its extension (the download adds the one its bytes show)."""
        return self.original_name.rsplit(".", 1)[0] or "attachment"


def attachments_checked(
    uploads: Iterable[UploadedFile], *, limit: int, allowed: tuple[str, ...] = ATTACHMENT_TYPES
) -> list[str]:
    """Each upload's type, in order, or the first refusal (`attachments`); `limit` in bytes is the caller's (a
    tenant setting: core knows no settings)."""
    return [validate_upload(upload, field="attachments", allowed=allowed, limit=limit) for upload in uploads]


def attachments_store(
    model: type[StoredAttachment],
    uploads: Iterable[UploadedFile],
    kinds: Iterable[str],
    *,
    stored: list[str],
    **owner,
) -> None:
    """Store checked uploads (`kinds` from attachments_checked) as rows of `model` belonging to `owner` (its foreign
    key, e.g. `ticket=ticket`). Each stored name is added to `stored` as soon as the bytes are written, so
    files_forgotten_on_failure can delete it if the row is never committed."""
    for upload, kind in zip(uploads, kinds, strict=True):
        attachment = model(**owner, kind=kind, size=upload.size, original_name=(upload.name or "")[:255])
        store_upload(attachment.file, upload, kind=kind)
        stored.append(attachment.file.name)
        attachment.save()


@contextmanager
def files_forgotten_on_failure() -> Iterator[list[str]]:
    """The list of names attachments_store fills. The stored bytes are not part of the transaction: when the block
    fails, they are deleted, so a refused write leaves no file behind."""
    stored: list[str] = []
    try:
        yield stored
    except Exception:
        for name in stored:
            default_storage.delete(name)
        raise
