"""Uploaded files are checked for size (the tenant's uploadMaxFileSize) and for type by their content,
never by the name or the browser's content type."""

from __future__ import annotations

from django.core.files.uploadedfile import UploadedFile
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


def detect_type(upload: UploadedFile) -> str | None:
    upload.seek(0)
    head = upload.read(16)
    upload.seek(0)
    for kind, prefixes in SIGNATURES.items():
        if any(head.startswith(prefix) for prefix in prefixes):
            if kind == "webp" and head[8:12] != b"WEBP":
                continue
            return kind
    return None


def max_upload_size() -> int:
    from kantyna.tenant_settings.selectors import settings_get

    return settings_get("general")["upload_max_file_size"]


def validate_upload(upload: UploadedFile, *, field: str, allowed: tuple[str, ...]) -> str:
    limit = max_upload_size()
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


def validate_image_upload(upload: UploadedFile, *, field: str) -> str:
    return validate_upload(upload, field=field, allowed=IMAGE_TYPES)
