from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.fields import empty

from kantyna.core.permissions import PERMISSIONS, ROLE_ADMIN, ROLES, abilities_of, effective_permissions
from kantyna.core.serializers import (
    KantynaModelSerializer,
    KantynaSerializer,
    MoneySerializer,
    MultilineCharField,
    money,
)
from kantyna.core.validators import validate_nrb
from kantyna.institutions.models import Institution
from kantyna.ledger.api.serializers import TransactionSerializer
from kantyna.ledger.selectors import user_balance, user_recent_transactions
from kantyna.users.models import User
from kantyna.users.selectors import user_places, user_status

PHONE_RE = re.compile(r"^(\d{9}|\d{7}|\d{3} \d{3} \d{3}|\d{3} \d{4})$")
PLACEMENTS = ["top-right", "top-left", "bottom-right", "bottom-left"]


class AddressSerializer(KantynaSerializer):
    street = serializers.CharField(max_length=200, allow_blank=True)
    city = serializers.CharField(max_length=100, allow_blank=True)
    post_code = serializers.CharField(max_length=10, allow_blank=True)


class InvoicesSettingsSerializer(KantynaSerializer):
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


class NotificationsSettingsSerializer(KantynaSerializer):
    notifications_placement = serializers.ChoiceField(choices=PLACEMENTS)
    email_notifications_enabled = serializers.BooleanField()
    push_notifications_enabled = serializers.BooleanField()


class CalendarSettingsSerializer(KantynaSerializer):
    show_grammages = serializers.BooleanField()


class UserSettingsSerializer(KantynaSerializer):
    can_see_prices = serializers.BooleanField()


class InstitutionRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()


class InstitutionNameSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


def _phone(value: str) -> str:
    """Phone numbers: 7 or 9 digits, optionally spaced 3-4 or 3-3-3; stored without spaces."""
    value = (value or "").strip()
    if value and not PHONE_RE.match(value):
        raise serializers.ValidationError(_("Enter 7 or 9 digits, optionally separated by spaces."))
    return value.replace(" ", "")


class PhoneNumbersSerializer(KantynaSerializer):
    phone_number = serializers.CharField(max_length=12)
    phone_number2 = serializers.CharField(max_length=12, allow_blank=True, allow_null=True, required=False, default="")

    def validate_phone_number(self, value):
        return _phone(value)

    def validate_phone_number2(self, value):
        return _phone(value or "")


class RefundBankAccountSerializer(KantynaSerializer):
    """A parent's refund bank account (spec §6: parents may give one; workers may not): an NRB, or blank to remove."""

    bank_account_number = serializers.CharField(max_length=32, allow_blank=True)

    def validate_bank_account_number(self, value):
        return validate_nrb(value)


class CurrentUserSerializer(KantynaSerializer):
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


def _plain(serializer_class: type[serializers.Serializer], value: dict) -> dict:
    """A settings JSON as `serializer_class` shows it (its declared fields: booleans, texts, nested ones), without
    instantiating serializers."""
    shown = {}
    for name, field in serializer_class._declared_fields.items():
        item = value[name]
        if isinstance(field, serializers.Serializer):
            shown[name] = _plain(type(field), item)
        elif isinstance(field, serializers.BooleanField):
            shown[name] = field.to_representation(item)
        else:
            shown[name] = str(item)
    return shown


def current_user_json(user: User) -> dict:
    """`CurrentUserSerializer`'s body built directly, every page load asks for it: DRF instantiating the serializer
    and its five nested ones was most of the call's CPU. The serializer still documents the shape;
    `test_current_user` compares the two."""
    institutions_ids, worker_institution_id = user_places(user)
    return {
        "id": user.id,
        "email": user.email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "full_name": user.full_name,
        "roles": [str(role) for role in user.roles],
        "permissions": effective_permissions(user.roles, user.permissions),
        "abilities": abilities_of(user),
        "settings": _plain(UserSettingsSerializer, user.settings),
        "bank_account_number": user.bank_account_number or None,
        "calendar_settings": _plain(CalendarSettingsSerializer, user.calendar_settings),
        "institutions_ids": institutions_ids,
        "institution": {"id": worker_institution_id} if worker_institution_id is not None else None,
        "locale": user.account.locale,
        "notifications_settings": _plain(NotificationsSettingsSerializer, user.notifications_settings),
        "phone_number": user.phone_number or None,
        "phone_number2": user.phone_number2 or None,
        "invoices_settings": _plain(InvoicesSettingsSerializer, user.invoices_settings),
    }


class LocaleSerializer(KantynaSerializer):
    locale = serializers.ChoiceField(choices=["pl", "en"])


class ChangePasswordSerializer(KantynaSerializer):
    current_password = serializers.CharField()
    password = serializers.CharField()
    password_confirmation = serializers.CharField()

    def validate(self, data):
        if data["password"] != data["password_confirmation"]:
            raise serializers.ValidationError({"password_confirmation": [_("The passwords do not match.")]})
        return data


class ChangePasswordResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    token = serializers.CharField()


class DeleteAccountSerializer(KantynaSerializer):
    password = serializers.CharField()


# --- parents, staff accounts, users (issue 4) ------------------------------------------------------------


STATUSES = ["active", "inactive", "archived"]
# A plain string in the schema: an enum named "status" collides with other areas' status enums.
StatusField = extend_schema_field({"type": "string", "description": "active, inactive or archived"})


class KeepOmittedOnUpdateMixin:
    """An update (PUT) leaves the fields it does not send as they are: the fields' defaults apply on create
    only (without this a PUT leaving out `isActive` would reactivate an archived person)."""

    def get_fields(self):
        fields = super().get_fields()
        if self.instance is not None:
            for field in fields.values():
                if not field.read_only and field.default is not empty:
                    field.default = empty
        return fields


def _is_admin(context) -> bool:
    request = context.get("request")
    return bool(request is not None and ROLE_ADMIN in getattr(request.user, "roles", []))


class PersonSerializer(KeepOmittedOnUpdateMixin, KantynaModelSerializer):
    """What parents and staff accounts share: the login e-mail, names, phone, status. On update a field left
    out keeps its value."""

    email_address = serializers.EmailField(max_length=254)
    full_name = serializers.CharField(read_only=True)
    phone_number = serializers.CharField(max_length=12, allow_blank=True, required=False, default="")
    is_active = serializers.BooleanField(required=False, default=True)
    status = serializers.SerializerMethodField()

    class Meta:
        model = User
        fields = [
            "id",
            "email_address",
            "first_name",
            "last_name",
            "full_name",
            "phone_number",
            "is_active",
            "status",
            "archived_at",
            "created_at",
        ]
        read_only_fields = ["archived_at", "created_at"]

    def validate_phone_number(self, value):
        return _phone(value)

    @StatusField
    def get_status(self, user: User) -> str:
        return user_status(user)


class ParentSerializer(PersonSerializer):
    """`parents`: a parent's contact and billing data. `internalNote` is read and written by admins only;
    `childrenCount` comes from the list's annotation."""

    phone_number2 = serializers.CharField(max_length=12, allow_blank=True, allow_null=True, required=False, default="")
    bank_account_number = serializers.CharField(max_length=32, allow_blank=True, required=False, default="")
    invoices_settings = InvoicesSettingsSerializer(required=False)
    internal_note = MultilineCharField(allow_blank=True, allow_null=True, required=False, default="")
    payments_overdue = serializers.BooleanField(required=False, default=False)
    children_count = serializers.IntegerField(read_only=True, default=0)

    class Meta(PersonSerializer.Meta):
        fields = [
            *PersonSerializer.Meta.fields,
            "phone_number2",
            "bank_account_number",
            "invoices_settings",
            "internal_note",
            "payments_overdue",
            "children_count",
        ]

    def validate_phone_number2(self, value):
        return _phone(value or "")

    def validate_bank_account_number(self, value):
        return validate_nrb(value)

    def validate(self, data):
        if not _is_admin(self.context):
            data.pop("internal_note", None)
        elif data.get("internal_note") is None and "internal_note" in data:
            data["internal_note"] = ""
        return data

    def to_representation(self, user):
        data = super().to_representation(user)
        if not _is_admin(self.context):
            data["internal_note"] = None
        return data


class ParentChildSerializer(KantynaSerializer):
    """One child in a parent's details: enough to find it and open its form."""

    id = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    institution = InstitutionNameSerializer()
    classroom = InstitutionNameSerializer()
    card_number = serializers.CharField(allow_null=True)
    is_active = serializers.BooleanField()
    status = serializers.SerializerMethodField()

    @StatusField
    def get_status(self, child) -> str:
        return user_status(child)


class ParentDetailSerializer(ParentSerializer):
    """`parents/{id}`: the parent with their children, their ledger balance and their last ledger rows (those
    the caller may see, newest first)."""

    children = serializers.SerializerMethodField()
    balance = serializers.SerializerMethodField()
    recent_transactions = serializers.SerializerMethodField()

    class Meta(ParentSerializer.Meta):
        fields = [*ParentSerializer.Meta.fields, "children", "balance", "recent_transactions"]

    @extend_schema_field(ParentChildSerializer(many=True))
    def get_children(self, user: User) -> list:
        return ParentChildSerializer(user.visible_children, many=True).data

    @extend_schema_field(MoneySerializer)
    def get_balance(self, user: User) -> dict:
        return money(user_balance(user=user))

    @extend_schema_field(TransactionSerializer(many=True))
    def get_recent_transactions(self, user: User) -> list:
        rows = user_recent_transactions(actor=self.context["request"].user, user=user)
        return TransactionSerializer(rows, many=True).data


class StaffSerializer(PersonSerializer):
    """`administrators`, `cooks`, `ticketAdmins`, `reportManagers`."""


class InstitutionsAdminSerializer(PersonSerializer):
    """`institutionsAdmins`: also the permissions they hold and the institutions they manage."""

    permissions = serializers.ListField(
        child=serializers.ChoiceField(choices=PERMISSIONS), required=False, default=list
    )
    institutions_ids = serializers.PrimaryKeyRelatedField(
        source="institutions", many=True, queryset=Institution.objects.all(), required=False, default=list
    )

    class Meta(PersonSerializer.Meta):
        fields = [*PersonSerializer.Meta.fields, "permissions", "institutions_ids"]

    def to_representation(self, user):
        data = super().to_representation(user)
        data["institutions_ids"] = sorted(data["institutions_ids"])
        return data


class SetPasswordSerializer(KantynaSerializer):
    """changePasswordData: staff set a person's password."""

    password = serializers.CharField()
    password_confirmation = serializers.CharField()

    def validate(self, data):
        if data["password"] != data["password_confirmation"]:
            raise serializers.ValidationError({"password_confirmation": [_("The passwords do not match.")]})
        return data


class PaymentsOverdueSerializer(KantynaSerializer):
    payments_overdue = serializers.BooleanField(required=False, default=True)


class BulkPaymentsOverdueSerializer(PaymentsOverdueSerializer):
    users_ids = serializers.ListField(child=serializers.IntegerField(min_value=1), allow_empty=False, max_length=10000)


class UserDetailSerializer(KantynaModelSerializer):
    """`users/{id}`: any user of the tenant, as staff see them."""

    email = serializers.EmailField(source="email_address", read_only=True)
    full_name = serializers.CharField(read_only=True)
    status = serializers.SerializerMethodField()
    settings = UserSettingsSerializer()

    class Meta:
        model = User
        fields = [
            "id",
            "email",
            "first_name",
            "last_name",
            "full_name",
            "roles",
            "permissions",
            "is_active",
            "status",
            "phone_number",
            "phone_number2",
            "payments_overdue",
            "settings",
            "archived_at",
            "created_at",
        ]
        read_only_fields = fields

    @StatusField
    def get_status(self, user: User) -> str:
        return user_status(user)


class UserOptionSerializer(KantynaSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.SerializerMethodField()
    email = serializers.CharField(source="email_address")
    roles = serializers.ListField(child=serializers.CharField())
    is_active = serializers.BooleanField()

    def get_text(self, user: User) -> str:
        return f"{user.last_name} {user.first_name}".strip()


class UsersOptionsQuerySerializer(KantynaSerializer):
    search = serializers.CharField(required=False, allow_blank=True)
    role = serializers.ListField(child=serializers.ChoiceField(choices=ROLES), required=False)
    is_active = serializers.BooleanField(required=False, allow_null=True, default=None)


class ActivityActorSerializer(KantynaSerializer):
    id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    email = serializers.CharField()


class ActivityChangeSerializer(KantynaSerializer):
    """One field a change set: its name (camelCase) and its values, typed (dates "YYYY-MM-DD", money
    {amount, currency}, booleans)."""

    field = serializers.CharField()
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class ActivityEntrySerializer(KantynaSerializer):
    """An entry for people: `action` is a stable code the SPA words (with `params`, `params.variant` choosing a
    more precise sentence), `changes` what it set; `data` is the raw record, kept for tools, not for display."""

    id = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    actor = serializers.SerializerMethodField()
    action = serializers.CharField()
    target_type = serializers.CharField()
    target_id = serializers.CharField()
    target_name = serializers.SerializerMethodField()
    params = serializers.SerializerMethodField()
    changes = serializers.SerializerMethodField()
    data = serializers.DictField()

    @extend_schema_field(serializers.DictField())
    def get_params(self, entry) -> dict:
        return self.context.get("details", {}).get(entry.pk, {}).get("params", {})

    @extend_schema_field(ActivityChangeSerializer(many=True))
    def get_changes(self, entry) -> list:
        return self.context.get("details", {}).get(entry.pk, {}).get("changes", [])

    def get_target_name(self, entry) -> str | None:
        """The name of what was acted upon, as it is now; null when it has none or no longer exists."""
        return self.context.get("target_names", {}).get((entry.target_type, entry.target_id))

    @extend_schema_field(ActivityActorSerializer(allow_null=True))
    def get_actor(self, entry) -> dict | None:
        if entry.actor_user_id is None and not entry.actor_email:
            return None
        user = self.context.get("actors", {}).get(entry.actor_user_id)
        return {
            "id": entry.actor_user_id,
            "name": user.full_name if user is not None else "",
            "email": entry.actor_email,
        }


class ActivityQuerySerializer(KantynaSerializer):
    user_id = serializers.IntegerField(required=False, min_value=1)
    action = serializers.CharField(required=False, allow_blank=True, max_length=100)
    target_type = serializers.CharField(required=False, allow_blank=True, max_length=100)
    target_id = serializers.CharField(required=False, allow_blank=True, max_length=64)
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)
    search = serializers.CharField(required=False, allow_blank=True, max_length=200)

    def validate(self, data):
        if data.get("date_from") and data.get("date_to") and data["date_from"] > data["date_to"]:
            raise serializers.ValidationError({"date_to": [_("The end date cannot be before the start date.")]})
        return data


class UserSettingsPartialSerializer(KantynaSerializer):
    """userSettings: the keys given are changed, the others stay."""

    can_see_prices = serializers.BooleanField(required=False)


class UserSettingsGroupSerializer(KantynaSerializer):
    users_ids = serializers.ListField(child=serializers.IntegerField(min_value=1), allow_empty=False, max_length=10000)
    settings = UserSettingsPartialSerializer()


class UserSettingsResultSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    settings = UserSettingsSerializer()
