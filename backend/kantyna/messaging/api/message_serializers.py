"""The messages' shapes (api/messages.py)."""

from __future__ import annotations

from rest_framework import serializers

from kantyna.core.api.attachments import StoredAttachmentSerializer
from kantyna.core.permissions import ROLES
from kantyna.core.serializers import KantynaSerializer, MultilineCharField
from kantyna.messaging.selectors import MESSAGE_FOLDERS
from kantyna.messaging.services import MAX_MESSAGE_ATTACHMENTS

MAX_ID = 2**31 - 1
MAX_TEXT = 20_000


def _ids(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        max_length=1000,
        help_text=help_text,
    )


class MessagePersonSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    full_name = serializers.CharField()


class MessageAttachmentSerializer(StoredAttachmentSerializer):
    pass


class MessageSerializer(KantynaSerializer):
    """A message as its reader sees it: the reader's read and closed times (null in the sent folder), the single
    receiver of a message to one person, and for its sender how many of the receivers read it."""

    id = serializers.IntegerField()
    subject = serializers.CharField()
    text = serializers.CharField(help_text="Plain text, or sanitized HTML when `rich`.")
    rich = serializers.BooleanField()
    sender = MessagePersonSerializer()
    receiver = serializers.SerializerMethodField()
    receivers_count = serializers.IntegerField()
    read_count = serializers.SerializerMethodField()
    reply_to_id = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    read_at = serializers.DateTimeField(allow_null=True)
    closed_at = serializers.DateTimeField(allow_null=True)
    attachments = MessageAttachmentSerializer(many=True, source="attachments.all")

    def get_receiver(self, obj) -> MessagePersonSerializer(allow_null=True):  # type: ignore[valid-type]
        if obj.receivers_count != 1:
            return None
        return {"id": obj.receiver_id, "full_name": (obj.receiver_name or "").strip()}

    def get_read_count(self, obj) -> int | None:
        return obj.read_count if obj.sender_id == self.context["actor"].pk else None


class MessagesQuerySerializer(KantynaSerializer):
    folder = serializers.ChoiceField(choices=MESSAGE_FOLDERS, default="received")
    unread = serializers.BooleanField(required=False, help_text="true: only unread, false: only read.")
    search = serializers.CharField(required=False, allow_blank=True, max_length=200, help_text="In the subject.")


class _MessageBody(KantynaSerializer):
    subject = serializers.CharField(max_length=200)
    text = MultilineCharField(max_length=MAX_TEXT)
    rich = serializers.BooleanField(default=False, help_text="The text is HTML (sanitized: formatting and links).")
    attachments = serializers.ListField(
        child=serializers.FileField(),
        required=False,
        max_length=MAX_MESSAGE_ATTACHMENTS,
        help_text="PDF, JPG or PNG files.",
    )


class MessageSendSerializer(_MessageBody):
    """JSON, or multipart/form-data with files (`attachments`, repeated). Staff name the receiver; everyone may
    answer a message they received (`replyToId`), which goes to its sender."""

    receiver_id = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)
    reply_to_id = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)


class AudienceSerializer(KantynaSerializer):
    """Who a message to many goes to (messaging.audience.Audience): the people of these places, narrowed to these
    roles when given; `everyone` alone is every user (narrowed by `roles`)."""

    everyone = serializers.BooleanField(default=False)
    institution_ids = _ids("Parents of children there, its workers and its institutions admins.")
    classroom_ids = _ids("Parents of children in these classes.")
    children_group_ids = _ids("Parents of children in these groups (or in their classes).")
    workers_group_ids = _ids("Workers of these groups.")
    roles = serializers.ListField(child=serializers.ChoiceField(choices=ROLES), required=False, max_length=len(ROLES))


class MessageSendManySerializer(_MessageBody, AudienceSerializer):
    """JSON, or multipart/form-data (lists as repeated fields)."""


class MessageReceiversQuerySerializer(AudienceSerializer):
    search = serializers.CharField(required=False, allow_blank=True, max_length=100, help_text="In the name.")
    per_page = serializers.IntegerField(required=False, min_value=1, max_value=50, default=20)


class MessageReceiverSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    full_name = serializers.CharField()
    roles = serializers.ListField(child=serializers.CharField())


class MessageReceiversSerializer(KantynaSerializer):
    items = MessageReceiverSerializer(many=True)
    total = serializers.IntegerField()


class MessagesReadSerializer(KantynaSerializer):
    ids = _ids("Only these received messages; without it every message of the received folder.")
    closed = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Our extension: true moves them to the closed folder, false back to received.",
    )


class MessageCreatedSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    receivers_count = serializers.IntegerField()
