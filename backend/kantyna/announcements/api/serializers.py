from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from kantyna.announcements.models import RecipientsList
from kantyna.announcements.services import MAX_ATTACHMENTS
from kantyna.core.api.attachments import StoredAttachmentSerializer
from kantyna.core.dates import LAST_DAY
from kantyna.core.permissions import ROLES
from kantyna.core.serializers import KantynaModelSerializer, KantynaSerializer, MultilineCharField
from kantyna.institutions.models import Classroom, Institution
from kantyna.messaging.api.serializers import CreatedSerializer as CreatedSerializer  # a publish answers as a ticket
from kantyna.users.models import User

MAX_ID = 2**31 - 1
MAX_IDS = 1000


def _ids_field(**kwargs):
    return serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        default=list,
        max_length=MAX_IDS,
        **kwargs,
    )


def _roles_field():
    return serializers.ListField(
        child=serializers.ChoiceField(choices=ROLES), required=False, default=list, max_length=len(ROLES)
    )


def _existing(model, ids: list[int], message) -> list[int]:
    ids = sorted(set(ids))
    if ids and model.objects.filter(pk__in=ids).count() != len(ids):
        raise serializers.ValidationError(message)
    return ids


class AudienceInputMixin:
    def validate_institution_ids(self, ids):
        return _existing(Institution, ids, _("Some of the institutions do not exist."))

    def validate_classroom_ids(self, ids):
        return _existing(Classroom, ids, _("Some of the classrooms do not exist."))


class AnnouncementPersonSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    full_name = serializers.CharField()


class AnnouncementAttachmentSerializer(StoredAttachmentSerializer):
    pass


class AnnouncementSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    title = serializers.CharField()
    text = serializers.CharField(help_text="Sanitized HTML (p, br, strong, em, u, ul, ol, li, a, h2-h4, blockquote).")
    valid_from = serializers.DateField()
    valid_to = serializers.DateField(allow_null=True)
    everyone = serializers.BooleanField()
    institution_ids = serializers.ListField(child=serializers.IntegerField())
    classroom_ids = serializers.ListField(child=serializers.IntegerField())
    roles = serializers.ListField(child=serializers.CharField())
    recipients_list_id = serializers.IntegerField(allow_null=True)
    recipients_list_name = serializers.CharField(source="recipients_list.name", allow_null=True, default=None)
    attachments = AnnouncementAttachmentSerializer(many=True, source="attachments.all")
    created_by = AnnouncementPersonSerializer()
    published_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class AnnouncementsQuerySerializer(KantynaSerializer):
    search = serializers.CharField(required=False, allow_blank=True, max_length=200)


class AnnouncementWriteSerializer(AudienceInputMixin, KantynaSerializer):
    """multipart/form-data (or JSON without files): lists as repeated keys (`institutionIds=1&institutionIds=2`).
    The audience is `everyone`, institutions, classrooms and/or roles (roles alone: everyone holding them; with
    places: those of them there), or a recipients list alone."""

    title = serializers.CharField(max_length=200)
    text = MultilineCharField(max_length=20000)
    valid_from = serializers.DateField()
    valid_to = serializers.DateField(required=False, allow_null=True, default=None)
    everyone = serializers.BooleanField(required=False, default=False)
    institution_ids = _ids_field()
    classroom_ids = _ids_field()
    roles = _roles_field()
    recipients_list_id = serializers.PrimaryKeyRelatedField(
        source="recipients_list", queryset=RecipientsList.objects.all(), required=False, allow_null=True, default=None
    )
    attachments = serializers.ListField(
        child=serializers.FileField(),
        required=False,
        default=list,
        max_length=MAX_ATTACHMENTS,
        help_text="PDF, JPG or PNG files.",
    )

    def validate(self, attrs):
        for name in ("valid_from", "valid_to"):
            if attrs.get(name) and attrs[name] > LAST_DAY:
                raise serializers.ValidationError({name: [_("Enter a valid date.")]})
        return attrs


class MarkAllAsSeenSerializer(KantynaSerializer):
    ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ID),
        required=False,
        max_length=MAX_IDS,
        help_text="Our extension: only these (the ones shown). Without it every unseen announcement is marked seen.",
    )


class UnseenAnnouncementsSerializer(KantynaSerializer):
    items = AnnouncementSerializer(many=True)
    total = serializers.IntegerField()
    page = serializers.IntegerField()
    per_page = serializers.IntegerField()


class RecipientsListSerializer(AudienceInputMixin, KantynaModelSerializer):
    name = serializers.CharField(max_length=200)
    institution_ids = _ids_field()
    classroom_ids = _ids_field()
    roles = _roles_field()
    member_ids = serializers.PrimaryKeyRelatedField(
        source="members",
        many=True,
        queryset=User.objects.filter(is_active=True, archived_at__isnull=True),
        required=False,
        help_text="People picked one by one.",
    )
    emails = serializers.ListField(
        child=serializers.EmailField(max_length=254),
        required=False,
        default=list,
        max_length=200,
        help_text="Plain addresses for the reports' e-mails.",
    )
    members = AnnouncementPersonSerializer(many=True, read_only=True)

    class Meta:
        model = RecipientsList
        fields = [
            "id",
            "name",
            "everyone",
            "institution_ids",
            "classroom_ids",
            "roles",
            "member_ids",
            "members",
            "emails",
        ]
        extra_kwargs = {"everyone": {"required": False}}


def recipients_list_field(help_text: str) -> serializers.PrimaryKeyRelatedField:
    """`recipientsListId`: a saved recipients list a send may go to (reports, automated reports), or null."""
    return serializers.PrimaryKeyRelatedField(
        source="recipients_list",
        queryset=RecipientsList.objects.all(),
        allow_null=True,
        required=False,
        default=None,
        help_text=help_text,
    )
