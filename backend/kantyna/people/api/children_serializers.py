"""Children in and out: the child form's body (spec §3 child form data), the loaded child, list rows, options,
the subject settings, export and import forms."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.catalog.models import Allergen, Diet, MealType
from kantyna.core.api.errors import field_text
from kantyna.core.params import ids_of
from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN
from kantyna.core.serializers import (
    ClockTimeField,
    KantynaModelSerializer,
    KantynaSerializer,
    MultilineCharField,
    PlainDecimalField,
)
from kantyna.institutions.models import Classroom, Institution
from kantyna.people.models import CalendarSubjectSettings, Child, ChildrenGroup
from kantyna.people.selectors.children import child_settings
from kantyna.pricing.models import PriceListItem, PriceListsGroup
from kantyna.users.models import User

CLASSROOM_REQUIRED = field_text("child.classroom_required")
DISCOUNT_PERCENT_REQUIRED = field_text("discount.percent_required")


# Subject settings -------------------------------------------------------------------------------------------
class AutomarkedWeekdaysSerializer(KantynaSerializer):
    on_monday = serializers.BooleanField(default=True)
    on_tuesday = serializers.BooleanField(default=True)
    on_wednesday = serializers.BooleanField(default=True)
    on_thursday = serializers.BooleanField(default=True)
    on_friday = serializers.BooleanField(default=True)
    on_saturday = serializers.BooleanField(default=False)
    on_sunday = serializers.BooleanField(default=False)


class SubjectCalendarSettingsSerializer(KantynaSerializer):
    """Spec §3 calendarSubjectSettings. On write every key is optional: a missing one keeps its value.
    `autoselectedPriceListsItemsIds` are items of the receiver's price lists group and diet, one per meal type
    of `autoselectedMealTypes`."""

    automark_presences = serializers.BooleanField(required=False)
    automarked_weekdays = AutomarkedWeekdaysSerializer(required=False)
    automark_start_date = serializers.DateField(required=False, allow_null=True)
    automark_end_date = serializers.DateField(required=False, allow_null=True)
    autoselection_interval = serializers.ChoiceField(choices=CalendarSubjectSettings.Interval.choices, required=False)
    autoselected_meal_types = serializers.PrimaryKeyRelatedField(
        queryset=MealType.objects.all(), many=True, required=False
    )
    autoselected_price_lists_items_ids = serializers.PrimaryKeyRelatedField(
        source="autoselected_price_list_items",
        queryset=PriceListItem.objects.select_related("price_list"),
        many=True,
        required=False,
    )


class SubjectMissingOrdersSettingsSerializer(KantynaSerializer):
    missing_orders_enabled = serializers.BooleanField(required=False)
    missing_orders_days_before = serializers.IntegerField(min_value=1, max_value=30, required=False)
    missing_orders_trigger_time = ClockTimeField(required=False)


class SubjectSettingsSerializer(KantynaSerializer):
    """`calendar/subjectsSettings/{type}/{id}`: both parts of a meal receiver's settings."""

    calendar_subject_settings = SubjectCalendarSettingsSerializer(required=False)
    subject_notifications_settings = SubjectMissingOrdersSettingsSerializer(required=False)


def subject_settings_data(settings: CalendarSubjectSettings | None) -> dict:
    if settings is None:
        return {"calendar_subject_settings": None, "subject_notifications_settings": None}
    return {
        "calendar_subject_settings": SubjectCalendarSettingsSerializer(settings).data,
        "subject_notifications_settings": SubjectMissingOrdersSettingsSerializer(settings).data,
    }


class NamedRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class SettingsLogSerializer(KantynaSerializer):
    changed_at = serializers.DateTimeField()
    old_automark_presences = serializers.BooleanField(allow_null=True)
    new_automark_presences = serializers.BooleanField()
    changed_by = serializers.SerializerMethodField()

    @extend_schema_field(NamedRefSerializer(allow_null=True))
    def get_changed_by(self, log):
        user = log.changed_by
        return None if user is None else {"id": user.pk, "name": user.full_name}


# The child form ---------------------------------------------------------------------------------------------
class ChildWriteSerializer(KantynaSerializer):
    """The child form (spec §3). On update a key left out keeps its value, so each role sends what it sees."""

    first_name = serializers.CharField(max_length=100)
    last_name = serializers.CharField(max_length=100)
    card_number = serializers.CharField(
        max_length=20, required=False, allow_blank=True, allow_null=True, help_text="6-10 digits or capitals."
    )
    institution_id = serializers.PrimaryKeyRelatedField(
        source="institution", queryset=Institution.objects.all(), required=False, allow_null=True
    )
    classroom_id = serializers.PrimaryKeyRelatedField(
        source="classroom",
        queryset=Classroom.objects.select_related("institution", "related_price_lists_group"),
        error_messages={"required": CLASSROOM_REQUIRED, "null": CLASSROOM_REQUIRED},
    )
    diet_id = serializers.PrimaryKeyRelatedField(source="diet", queryset=Diet.objects.all())
    allergies = serializers.PrimaryKeyRelatedField(queryset=Allergen.objects.all(), many=True, required=False)
    allergies_note = MultilineCharField(max_length=2000, required=False, allow_blank=True)
    confirm_clear_allergies = serializers.BooleanField(
        required=False,
        write_only=True,
        help_text="Confirms removing the child's allergies and note when the diet does not allow allergen changes; "
        "without it such a write is refused (409) with the allergies named.",
    )
    general_note = MultilineCharField(
        max_length=2000, required=False, allow_blank=True, help_text="Delivery address and contact number."
    )
    internal_note = MultilineCharField(max_length=2000, required=False, allow_blank=True, help_text="Admin only.")
    has_discount = serializers.BooleanField(required=False)
    discount_percent = PlainDecimalField(
        max_digits=5, decimal_places=2, min_value=0, max_value=100, required=False, coerce_to_string=True
    )
    expiration_date = serializers.DateField(source="discount_expiration_date", required=False, allow_null=True)
    price_lists_group_id = serializers.PrimaryKeyRelatedField(
        source="price_lists_group", queryset=PriceListsGroup.objects.all(), required=False, allow_null=True
    )
    subscribed_payments = serializers.BooleanField(required=False)
    ordering_prepaids = serializers.BooleanField(required=False)
    child_group_id = serializers.PrimaryKeyRelatedField(
        source="child_group", queryset=ChildrenGroup.objects.all(), required=False, allow_null=True
    )
    parent_id = serializers.PrimaryKeyRelatedField(
        source="parent",
        queryset=User.objects.all(),
        required=False,
        allow_null=True,
        help_text="Required from staff on create; a parent always creates for themselves.",
    )
    selected_district_id = serializers.IntegerField(
        required=False, allow_null=True, write_only=True, help_text="The form's district filter; not stored."
    )
    calendar_subject_settings = SubjectCalendarSettingsSerializer(required=False)
    subject_notifications_settings = SubjectMissingOrdersSettingsSerializer(required=False)

    def validate(self, attrs):
        """The discount holds together (as a worker's): without a discount no percent nor expiry; a discount needs
        its percent. On update (`instance`: the child) a key left out counts with the child's value."""
        attrs.pop("selected_district_id", None)
        if not {"has_discount", "discount_percent", "discount_expiration_date"} & set(attrs):
            return attrs
        has_discount = attrs.get("has_discount", getattr(self.instance, "has_discount", False))
        if not has_discount:
            attrs["discount_percent"] = 0
            attrs["discount_expiration_date"] = None
        elif not attrs.get("discount_percent", getattr(self.instance, "discount_percent", 0)):
            raise serializers.ValidationError({"discount_percent": [DISCOUNT_PERCENT_REQUIRED]})
        return attrs


class FullNameSerializer(KantynaSerializer):
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    name = serializers.CharField()


class ChildInstitutionSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    short_name = serializers.CharField()
    district_id = serializers.IntegerField(allow_null=True)


class ChildParentSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField(source="full_name")
    email = serializers.CharField(source="account.email")


def child_status(child: Child) -> str:
    if child.archived_at is not None:
        return "archived"
    return "active" if child.is_active else "inactive"


class ChildListSerializer(KantynaModelSerializer):
    """A row of `children`."""

    full_name = serializers.SerializerMethodField()
    institution = ChildInstitutionSerializer()
    classroom = NamedRefSerializer()
    diet = NamedRefSerializer()
    related_diet_id = serializers.IntegerField(source="diet_id")
    institution_id = serializers.IntegerField()
    classroom_id = serializers.IntegerField()
    diet_id = serializers.IntegerField()
    parent_id = serializers.IntegerField()
    parent = ChildParentSerializer()
    child_group = NamedRefSerializer(allow_null=True)
    price_lists_group = NamedRefSerializer(allow_null=True)
    status = serializers.SerializerMethodField()

    class Meta:
        model = Child
        fields = [
            "id",
            "first_name",
            "last_name",
            "full_name",
            "card_number",
            "institution_id",
            "institution",
            "classroom_id",
            "classroom",
            "diet_id",
            "related_diet_id",
            "diet",
            "parent_id",
            "parent",
            "child_group",
            "price_lists_group",
            "is_active",
            "archived_at",
            "status",
            "created_at",
        ]

    @extend_schema_field(FullNameSerializer)
    def get_full_name(self, child):
        return {"first_name": child.first_name, "last_name": child.last_name, "name": str(child)}

    def get_status(self, child) -> str:
        return child_status(child)


class ChildSerializer(ChildListSerializer):
    """The loaded child (spec §3): the list row plus the form's fields and settings. `internalNote` is answered to
    admins only, `calendarSubjectSettingsLogs` to admins and institutions admins only."""

    allergies = serializers.PrimaryKeyRelatedField(many=True, read_only=True)
    expiration_date = serializers.DateField(source="discount_expiration_date", allow_null=True)
    discount_percent = serializers.DecimalField(max_digits=5, decimal_places=2, coerce_to_string=True)
    price_lists_group_id = serializers.IntegerField(allow_null=True)
    child_group_id = serializers.IntegerField(allow_null=True)
    calendar_subject_settings = serializers.SerializerMethodField()
    subject_notifications_settings = serializers.SerializerMethodField()
    calendar_subject_settings_logs = serializers.SerializerMethodField(help_text="Admins and institutions admins only.")
    internal_note = MultilineCharField(required=False, help_text="Admins only.")

    class Meta(ChildListSerializer.Meta):
        fields = [
            *ChildListSerializer.Meta.fields,
            "allergies",
            "allergies_note",
            "general_note",
            "internal_note",
            "has_discount",
            "discount_percent",
            "expiration_date",
            "price_lists_group_id",
            "child_group_id",
            "subscribed_payments",
            "ordering_prepaids",
            "calendar_subject_settings",
            "subject_notifications_settings",
            "calendar_subject_settings_logs",
        ]

    @extend_schema_field(SubjectCalendarSettingsSerializer(allow_null=True))
    def get_calendar_subject_settings(self, child):
        settings = child_settings(child)
        return None if settings is None else SubjectCalendarSettingsSerializer(settings).data

    @extend_schema_field(SubjectMissingOrdersSettingsSerializer(allow_null=True))
    def get_subject_notifications_settings(self, child):
        settings = child_settings(child)
        return None if settings is None else SubjectMissingOrdersSettingsSerializer(settings).data

    @extend_schema_field(SettingsLogSerializer(many=True))
    def get_calendar_subject_settings_logs(self, child):
        settings = child_settings(child)
        return [] if settings is None else SettingsLogSerializer(settings.logs.all(), many=True).data

    def to_representation(self, child):
        data = super().to_representation(child)
        roles = set(getattr(self.context.get("request") and self.context["request"].user, "roles", None) or [])
        if ROLE_ADMIN not in roles:
            data.pop("internal_note", None)
            if ROLE_INSTITUTIONS_ADMIN not in roles:
                data.pop("calendar_subject_settings_logs", None)
        return data


class ChildOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.SerializerMethodField()
    institution_id = serializers.IntegerField()
    classroom_id = serializers.IntegerField()
    parent_id = serializers.IntegerField()

    class Meta:
        model = Child
        fields = ["value", "text", "institution_id", "classroom_id", "parent_id", "card_number", "is_active"]

    def get_text(self, child) -> str:
        return str(child)


class CardNumberSerializer(KantynaSerializer):
    card_number = serializers.CharField(max_length=20, allow_blank=True, allow_null=True)


class ActiveFutureOrdersCountSerializer(KantynaSerializer):
    count = serializers.IntegerField()


class ChildrenImportSerializer(KantynaSerializer):
    file = serializers.FileField(help_text="An XLSX file filled in on the template (children/import/template).")


class ChildrenImportResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    created = serializers.IntegerField()


MAX_DINING_CARDS = 500


class DiningCardsQuerySerializer(KantynaSerializer):
    """`children/diningCards`: the children of one classroom, or the chosen ones (`ids`: comma-separated)."""

    classroom_id = serializers.IntegerField(required=False, min_value=1)
    ids = serializers.CharField(required=False, help_text="Comma-separated children ids, e.g. 3,5,8.")

    def validate_ids(self, value):
        parsed = ids_of(value)
        if parsed is None:
            raise serializers.ValidationError(_("Give children ids separated by commas, e.g. 3,5,8."))
        if len(set(parsed)) > MAX_DINING_CARDS:
            raise serializers.ValidationError(_("At most %(count)d children at once.") % {"count": MAX_DINING_CARDS})
        return parsed

    def validate(self, data):
        if ("classroom_id" in data) == ("ids" in data):
            raise serializers.ValidationError({"classroom_id": [_("Choose a classroom or children.")]})
        return data
