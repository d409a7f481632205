from __future__ import annotations

from rest_framework import serializers

from kantyna.core.api.attachments import StoredAttachmentSerializer
from kantyna.core.serializers import KantynaSerializer
from kantyna.messaging.kinds import worded
from kantyna.messaging.models import TicketState
from kantyna.messaging.services import MAX_ATTACHMENTS

MAX_ID = 2**31 - 1  # the id columns' range: a larger number names nothing


class NotificationSerializer(KantynaSerializer):
    """A notification worded in the reader's language (the request's)."""

    id = serializers.IntegerField()
    kind = serializers.CharField()
    title = serializers.SerializerMethodField()
    text = serializers.SerializerMethodField()
    params = serializers.DictField()
    link = serializers.CharField()
    created_at = serializers.DateTimeField()
    read_at = serializers.DateTimeField(allow_null=True)

    def get_title(self, obj) -> str:
        return worded(obj.kind, obj.params)[0]

    def get_text(self, obj) -> str:
        return worded(obj.kind, obj.params)[1]


class UnreadNotificationsSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    read_at = serializers.DateTimeField(allow_null=True)
    unread_notifications = serializers.IntegerField()
    has_unread_messages = serializers.BooleanField()
    notifications = NotificationSerializer(many=True)


class UnreadQuerySerializer(KantynaSerializer):
    per_page = serializers.IntegerField(min_value=1, max_value=50, default=5)


class NotificationsReadSerializer(KantynaSerializer):
    ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        max_length=1000,
        help_text="Our extension: only these notifications. Without it every unread notification is marked read.",
    )


class TicketPersonSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    full_name = serializers.CharField()


class TicketInstitutionSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class TicketSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    category = serializers.CharField()
    subject = serializers.CharField()
    state = serializers.ChoiceField(choices=TicketState.choices)
    author = TicketPersonSerializer()
    institution = TicketInstitutionSerializer(allow_null=True)
    created_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    answers_count = serializers.IntegerField()


class TicketMessageSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    author = TicketPersonSerializer()
    text = serializers.CharField()
    created_at = serializers.DateTimeField()


class TicketAttachmentSerializer(StoredAttachmentSerializer):
    pass


class TicketDetailsSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    category = serializers.CharField()
    subject = serializers.CharField()
    text = serializers.CharField()
    state = serializers.ChoiceField(choices=TicketState.choices)
    author = TicketPersonSerializer()
    institution = TicketInstitutionSerializer(allow_null=True)
    created_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    closed_by = TicketPersonSerializer(allow_null=True)
    messages = TicketMessageSerializer(many=True, source="messages.all")
    attachments = TicketAttachmentSerializer(many=True, source="attachments.all")
    can_close = serializers.SerializerMethodField()

    def get_can_close(self, obj) -> bool:
        return obj.state == TicketState.OPEN


class TicketsQuerySerializer(KantynaSerializer):
    category = serializers.CharField(required=False, allow_blank=True, max_length=40)
    state = serializers.ChoiceField(choices=TicketState.choices, required=False, allow_blank=True)
    institution_id = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)


class TicketCreateSerializer(KantynaSerializer):
    """JSON, or multipart/form-data with files (`attachments`, repeated)."""

    category = serializers.CharField(max_length=40)
    subject = serializers.CharField(max_length=200)
    text = serializers.CharField(max_length=5000)
    attachments = serializers.ListField(
        child=serializers.FileField(), required=False, max_length=MAX_ATTACHMENTS, help_text="PDF, JPG or PNG files."
    )


class TicketAnswerSerializer(KantynaSerializer):
    text = serializers.CharField(max_length=5000)


class CreatedSerializer(KantynaSerializer):
    id = serializers.IntegerField()


class TicketCategoriesSerializer(KantynaSerializer):
    categories = serializers.ListField(child=serializers.CharField())
