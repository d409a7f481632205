"""The api side of core/attachments.py: how a stored attachment is listed and how it is downloaded."""

from __future__ import annotations

from django.http import FileResponse, Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from kantyna.core.attachments import ATTACHMENT_TYPES, StoredAttachment
from kantyna.core.serializers import KantynaSerializer
from kantyna.core.uploads import CONTENT_TYPES, stored_file_response


class StoredAttachmentSerializer(KantynaSerializer):
    # No docstring: drf-spectacular would give it to each app's subclass as its component's description. Each app
    # keeps its own subclass, whose name is its component's (TicketAttachment, MessageAttachment...).
    id = serializers.IntegerField()
    name = serializers.CharField(source="original_name")
    kind = serializers.CharField()
    size = serializers.IntegerField()


def attachment_download_responses(allowed: tuple[str, ...] = ATTACHMENT_TYPES) -> dict:
    """`extend_schema(responses=...)` of a download view: the file, as one of the `allowed` types."""
    return {
        (200, CONTENT_TYPES[kind]): OpenApiResponse(OpenApiTypes.BINARY, description="The file") for kind in allowed
    }


def attachment_download(
    attachment: StoredAttachment | None, *, allowed: tuple[str, ...] = ATTACHMENT_TYPES
) -> FileResponse:
    """The attachment's file, inline, as the type its bytes show (core.uploads.stored_file_response: nosniff, a
    sandboxing CSP); 404 when there is no such attachment (None: not found or not the caller's to see)."""
    if attachment is None:
        raise Http404
    return stored_file_response(attachment.file, filename=attachment.download_name, allowed=allowed)
