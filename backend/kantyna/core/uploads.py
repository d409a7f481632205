"""Uploaded files are checked for size (the tenant's uploadMaxFileSize) and for type by their content,
never by the name or the browser's content type. They are stored under a name the server chooses (a random
uuid with the extension of the detected type) in the tenant's own folder, and answered with the detected type."""

from __future__ import annotations

import uuid

from django.core.files import File
from django.core.files.uploadedfile import UploadedFile
from django.db import connection
from django.db.models.fields.files import FieldFile
from django.http import FileResponse, Http404
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ValidationError

SIGNATURES = {
    "png": [b"\x89PNG\r\n\x1a\n"],
    "jpg": [b"\xff\xd8\xff"],
    "pdf": [b"%PDF-"],
    "xlsx": [b"PK\x03\x04"],  # also docx/zip: the importers open them to check further
    "webp": [b"RIFF"],
}
IMAGE_TYPES = ("png", "jpg", "webp")
CONTENT_TYPES = {
    "png": "image/png",
    "jpg": "image/jpeg",
    "webp": "image/webp",
    "pdf": "application/pdf",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


# Plain text (bank statements: MT940, XML, CSV): no signature above and no NUL byte or other control character
# (tab and line ends aside) in the first 8 KB; the importer then reads it as its format.
TEXT_CONTROL = bytes(range(0, 32)).translate(None, b"\t\n\r\x0c") + b"\x7f"


def detect_type(upload: File) -> str | None:
    upload.seek(0)
    head = upload.read(8192)
    upload.seek(0)
    for kind, prefixes in SIGNATURES.items():
        if any(head.startswith(prefix) for prefix in prefixes):
            if kind == "webp" and head[8:12] != b"WEBP":
                continue
            return kind
    if head and not any(byte in TEXT_CONTROL for byte in head):
        return "text"
    return None


def validate_upload(upload: UploadedFile, *, field: str, allowed: tuple[str, ...], limit: int) -> str:
    """The upload's type; `limit` in bytes is the caller's (a tenant setting: core knows no settings)."""
    if upload.size > limit:
        raise ValidationError(
            {
                field: [
                    _("The file is too large: the limit is %(megabytes)s MB.") % {"megabytes": limit // (1024 * 1024)}
                ]
            }
        )
    kind = detect_type(upload)
    if kind not in allowed:
        raise ValidationError({field: [_("Unsupported file type: allowed %(types)s.") % {"types": ", ".join(allowed)}]})
    return kind


def validate_image_upload(upload: UploadedFile, *, field: str, limit: int) -> str:
    return validate_upload(upload, field=field, allowed=IMAGE_TYPES, limit=limit)


@deconstructible
class TenantFolder:
    """`upload_to` of a FileField: `<tenant schema>/<folder>/<name>`. Tenants share one storage; the schema keeps
    their files apart."""

    def __init__(self, folder: str):
        self.folder = folder

    def __call__(self, instance, filename: str) -> str:
        return f"{connection.schema_name}/{self.folder}/{filename}"


def store_upload(field_file: FieldFile, upload: UploadedFile, *, kind: str) -> None:
    """Save a checked upload (`kind` from validate_upload) under `<uuid>.<kind>` in the field's folder, never under
    the sender's name: "logo.html" holding PNG bytes is stored as a .png and answered as image/png, and no one
    can guess another file's name."""
    field_file.save(f"{uuid.uuid4().hex}.{kind}", upload, save=False)


def stored_file_response(field_file: FieldFile, *, filename: str, allowed: tuple[str, ...]) -> FileResponse:
    """A stored upload, inline, as the type its bytes show (whatever its name says: files stored before
    store_upload kept their sender's name), with nosniff and a sandboxing CSP so a browser never runs it as a
    page. 404 when the file is gone or its bytes are not of an `allowed` type."""
    try:
        handle = field_file.open("rb")
    except FileNotFoundError:
        raise Http404 from None
    kind = detect_type(handle)
    if kind not in allowed:
        handle.close()
        raise Http404
    response = FileResponse(handle, content_type=CONTENT_TYPES[kind], filename=f"{filename}.{kind}")
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    return response
