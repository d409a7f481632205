from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.core.permissions import abilities_of, effective_permissions
from kantyna.users.models import User

PHONE_RE = re.compile(r"^(\d{9}|\d{7}|\d{3} \d{3} \d{3}|\d{3} \d{4})$")
PLACEMENTS = ["top-right", "top-left", "bottom-right", "bottom-left"]


class AddressSerializer(serializers.Serializer):
    street = serializers.CharField(max_length=200, allow_blank=True)
    city = serializers.CharField(max_length=100, allow_blank=True)
    post_code = serializers.CharField(max_length=10, allow_blank=True)


class InvoicesSettingsSerializer(serializers.Serializer):
    invoices_enabled = serializers.BooleanField()
    company_name = serializers.CharField(max_length=200, allow_blank=True)
    vat_id = serializers.CharField(max_length=20, allow_blank=True)
    address = AddressSerializer()

    def validate(self, data):
        if data["invoices_enabled"]:
            errors = {}
            if not data["company_name"].strip():
                errors["company_name"] = [_("This field is required.")]
            address_errors = {
                key: [_("This field is required.")]
                for key in ("street", "city", "post_code")
                if not data["address"][key].strip()
            }
            if address_errors:
                errors["address"] = address_errors
            if errors:
                raise serializers.ValidationError(errors)
        return data


class NotificationsSettingsSerializer(serializers.Serializer):
    notifications_placement = serializers.ChoiceField(choices=PLACEMENTS)
    email_notifications_enabled = serializers.BooleanField()
    push_notifications_enabled = serializers.BooleanField()


class CalendarSettingsSerializer(serializers.Serializer):
    show_grammages = serializers.BooleanField()


class UserSettingsSerializer(serializers.Serializer):
    can_see_prices = serializers.BooleanField()


class InstitutionRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()


def _phone(value: str) -> str:
    """Phone numbers: 7 or 9 digits, optionally spaced 3-4 or 3-3-3; stored without spaces."""
    value = (value or "").strip()
    if value and not PHONE_RE.match(value):
        raise serializers.ValidationError(_("Enter 7 or 9 digits, optionally separated by spaces."))
    return value.replace(" ", "")


class PhoneNumbersSerializer(serializers.Serializer):
    phone_number = serializers.CharField(max_length=12)
    phone_number2 = serializers.CharField(max_length=12, allow_blank=True, allow_null=True, required=False, default="")

    def validate_phone_number(self, value):
        return _phone(value)

    def validate_phone_number2(self, value):
        return _phone(value or "")


class CurrentUserSerializer(serializers.Serializer):
    """`auth/currentUser`: every field the spec lists plus `abilities` from the one permission table."""

    id = serializers.IntegerField()
    email = serializers.EmailField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    full_name = serializers.CharField()
    roles = serializers.ListField(child=serializers.CharField())
    permissions = serializers.SerializerMethodField()
    abilities = serializers.SerializerMethodField()
    settings = UserSettingsSerializer()
    bank_account_number = serializers.CharField(allow_null=True)
    calendar_settings = CalendarSettingsSerializer()
    institutions_ids = serializers.SerializerMethodField()
    institution = serializers.SerializerMethodField()
    locale = serializers.SerializerMethodField()
    notifications_settings = NotificationsSettingsSerializer()
    phone_number = serializers.CharField(allow_null=True)
    phone_number2 = serializers.CharField(allow_null=True)
    invoices_settings = InvoicesSettingsSerializer()

    def get_permissions(self, user: User) -> list[str]:
        return effective_permissions(user.roles, user.permissions)

    def get_abilities(self, user: User) -> list[str]:
        return abilities_of(user)

    def get_institutions_ids(self, user: User) -> list[int]:
        return sorted(institution.pk for institution in user.institutions.all())

    @extend_schema_field(InstitutionRefSerializer(allow_null=True))
    def get_institution(self, user: User) -> dict | None:
        """A worker's own institution (the one they eat at)."""
        profile = getattr(user, "worker_profile", None)
        return {"id": profile.institution_id} if profile is not None else None

    def get_locale(self, user: User) -> str:
        return user.account.locale

    def to_representation(self, user: User):
        data = super().to_representation(user)
        for key in ("bank_account_number", "phone_number", "phone_number2"):
            data[key] = data[key] or None
        return data


class LocaleSerializer(serializers.Serializer):
    locale = serializers.ChoiceField(choices=["pl", "en"])


class ChangePasswordSerializer(serializers.Serializer):
    current_password = serializers.CharField()
    password = serializers.CharField()
    password_confirmation = serializers.CharField()

    def validate(self, data):
        if data["password"] != data["password_confirmation"]:
            raise serializers.ValidationError({"password_confirmation": [_("The passwords do not match.")]})
        return data


class ChangePasswordResultSerializer(serializers.Serializer):
    status = serializers.BooleanField()
    token = serializers.CharField()


class DeleteAccountSerializer(serializers.Serializer):
    password = serializers.CharField()


class UnreadNotificationsSerializer(serializers.Serializer):
    status = serializers.BooleanField()
    read_at = serializers.DateTimeField(allow_null=True)
    unread_notifications = serializers.IntegerField()
    has_unread_messages = serializers.BooleanField()
    notifications = serializers.ListField(child=serializers.DictField())


class EmptyPageSerializer(serializers.Serializer):
    items = serializers.ListField(child=serializers.DictField())
    total = serializers.IntegerField()
    page = serializers.IntegerField()
    per_page = serializers.IntegerField()
