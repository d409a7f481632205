"""`institutionsWorkers`: institution workers (a tenant user with ROLE_INSTITUTION_WORKER and a worker profile),
admin only (routes.tsv). The id is the profile's; `userId` is the tenant user's (the list filters on it).

Worker groups live at `institutionsWorkers/groups` (people/api/groups.py): the worker lookup only matches
digits, so the groups' prefix never reads as a worker id."""

from __future__ import annotations

import django_filters
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.routers import SimpleRouter

from kantyna.catalog.models import Allergen, Diet
from kantyna.core.api.errors import field_text
from kantyna.core.serializers import KantynaModelSerializer, MultilineCharField, PlainDecimalField
from kantyna.core.viewsets import CrudViewSet, OptionsMixin
from kantyna.institutions.models import Institution
from kantyna.people.models import InstitutionWorkersGroup, WorkerProfile
from kantyna.people.selectors import workers as selectors
from kantyna.people.services import workers as services
from kantyna.people.services.cards import CARD_NUMBER_RE
from kantyna.pricing.models import PriceListsGroup
from kantyna.users.api.people_common import PersonCommandsMixin
from kantyna.users.api.serializers import PHONE_RE, KeepOmittedOnUpdateMixin
from kantyna.users.models import User

WORKERS_ABILITIES = dict.fromkeys(("list", "retrieve", "create", "update", "destroy", "commands"), "workers.manage")
PHONE_MESSAGE = _("Enter 7 or 9 digits, optionally separated by spaces.")


def validate_phone(value: str) -> str:
    value = (value or "").strip()
    if value and not PHONE_RE.match(value):
        raise serializers.ValidationError(PHONE_MESSAGE)
    return value.replace(" ", "")


def validate_card_number(value: str | None) -> str | None:
    """6 to 10 digits or capital letters; blank means no card."""
    value = (value or "").strip()
    if not value:
        return None
    if not CARD_NUMBER_RE.match(value):
        raise serializers.ValidationError(field_text("card.invalid"))
    return value


class InstitutionWorkerSerializer(KeepOmittedOnUpdateMixin, KantynaModelSerializer):
    """On update a field left out keeps its value (KeepOmittedOnUpdateMixin)."""

    user_id = serializers.IntegerField(read_only=True)
    email_address = serializers.EmailField(source="user.account.email", max_length=254, required=False)
    first_name = serializers.CharField(source="user.first_name", max_length=100)
    last_name = serializers.CharField(source="user.last_name", max_length=100)
    phone_number = serializers.CharField(source="user.phone_number", max_length=12)
    phone_number2 = serializers.CharField(
        source="user.phone_number2", max_length=12, allow_blank=True, required=False, default=""
    )
    institution_id = serializers.PrimaryKeyRelatedField(source="institution", queryset=Institution.objects.all())
    institution_name = serializers.CharField(source="institution.name", read_only=True)
    diet_id = serializers.PrimaryKeyRelatedField(source="diet", queryset=Diet.objects.all())
    diet_name = serializers.CharField(source="diet.name", read_only=True)
    card_number = serializers.CharField(allow_blank=True, allow_null=True, required=False, default=None)
    allergies = serializers.PrimaryKeyRelatedField(
        queryset=Allergen.objects.all(), many=True, required=False, default=list
    )
    allergies_note = MultilineCharField(allow_blank=True, required=False, default="", max_length=1000)
    confirm_clear_allergies = serializers.BooleanField(
        required=False,
        write_only=True,
        help_text="Confirms removing the worker's allergies and note when the diet does not allow allergen changes; "
        "without it such a write is refused (409) with the allergies named.",
    )
    general_note = MultilineCharField(allow_blank=True, required=False, default="", max_length=1000)
    group_id = serializers.PrimaryKeyRelatedField(
        source="group",
        queryset=InstitutionWorkersGroup.objects.all(),
        allow_null=True,
        required=False,
        default=None,
    )
    group_name = serializers.CharField(source="group.name", read_only=True, allow_null=True, default=None)
    price_lists_group_id = serializers.PrimaryKeyRelatedField(
        source="price_lists_group",
        queryset=PriceListsGroup.objects.all(),
        allow_null=True,
        required=False,
        default=None,
    )
    price_lists_group_name = serializers.CharField(
        source="price_lists_group.name", read_only=True, allow_null=True, default=None
    )
    has_discount = serializers.BooleanField(required=False, default=False)
    discount_percent = PlainDecimalField(
        max_digits=5, decimal_places=2, min_value=0, max_value=100, required=False, default=0
    )
    expiration_date = serializers.DateField(
        source="discount_expiration_date", allow_null=True, required=False, default=None
    )
    internal_note = MultilineCharField(allow_blank=True, required=False, default="", max_length=5000)
    is_active = serializers.BooleanField(source="user.is_active", required=False, default=True)
    status = serializers.SerializerMethodField()
    archived_at = serializers.DateTimeField(read_only=True, allow_null=True)
    created_at = serializers.DateTimeField(source="user.created_at", read_only=True)

    class Meta:
        model = WorkerProfile
        fields = [
            "id",
            "user_id",
            "email_address",
            "first_name",
            "last_name",
            "phone_number",
            "phone_number2",
            "institution_id",
            "institution_name",
            "diet_id",
            "diet_name",
            "card_number",
            "allergies",
            "allergies_note",
            "confirm_clear_allergies",
            "general_note",
            "group_id",
            "group_name",
            "price_lists_group_id",
            "price_lists_group_name",
            "has_discount",
            "discount_percent",
            "expiration_date",
            "internal_note",
            "is_active",
            "status",
            "archived_at",
            "created_at",
        ]

    def get_status(self, profile: WorkerProfile) -> str:
        return selectors.worker_status(profile)

    def validate_phone_number(self, value):
        value = validate_phone(value)
        if not value:
            raise serializers.ValidationError(_("This field may not be blank."))
        return value

    def validate_phone_number2(self, value):
        return validate_phone(value)

    def validate_card_number(self, value):
        return validate_card_number(value)

    def validate(self, attrs):
        # Flatten the user's (and account's) fields: the services take them as keyword arguments.
        user = attrs.pop("user", {})
        account = user.pop("account", {})
        attrs.update(user)
        if self.instance is None:
            if "email" not in account:
                raise serializers.ValidationError({"email_address": [_("This field is required.")]})
            attrs["email"] = account["email"]
        # The worker's rules (diet served, group, discount) are the services'.
        return attrs


class InstitutionWorkerOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.SerializerMethodField()
    user_id = serializers.IntegerField()

    class Meta:
        model = WorkerProfile
        fields = ["value", "text", "user_id"]

    def get_text(self, profile: WorkerProfile) -> str:
        return f"{profile.user.last_name} {profile.user.first_name}"


class InstitutionWorkerFilter(django_filters.FilterSet):
    institutionId = django_filters.NumberFilter(field_name="institution")
    groupId = django_filters.NumberFilter(field_name="group")
    dietId = django_filters.NumberFilter(field_name="diet")
    userId = django_filters.NumberFilter(field_name="user")
    status = django_filters.ChoiceFilter(
        choices=[(status, status) for status in selectors.STATUSES], method="filter_status"
    )
    search = django_filters.CharFilter(method="filter_search")

    class Meta:
        model = WorkerProfile
        fields = []

    def filter_status(self, queryset, name, value):
        return selectors.workers_with_status(queryset, value)

    def filter_search(self, queryset, name, value):
        return selectors.workers_search(queryset, value)


class InstitutionWorkerViewSet(PersonCommandsMixin, OptionsMixin, CrudViewSet):
    """CRUD (delete refused with 409 when the worker has history: archive instead) and the person commands
    (activate, deactivate: signs the worker out everywhere, archive, resetPassword, PUT {id}/password) of
    `PersonCommandsMixin`, acting on the profile's user."""

    queryset = selectors.workers_queryset()
    serializer_class = InstitutionWorkerSerializer
    option_serializer_class = InstitutionWorkerOptionSerializer
    abilities = WORKERS_ABILITIES
    filterset_class = InstitutionWorkerFilter
    filter_backends = [b for b in CrudViewSet.filter_backends if b.__name__ != "SearchFilter"]
    ordering_fields = [
        "user__last_name",
        "user__first_name",
        "user__account__email",
        "institution__name",
        "group__name",
        "card_number",
        "user__created_at",
    ]
    ordering_aliases = {
        "lastName": "user__last_name",
        "firstName": "user__first_name",
        "emailAddress": "user__account__email",
        "institutionName": "institution__name",
        "groupName": "group__name",
        "createdAt": "user__created_at",
    }
    ordering = ["user__last_name", "user__first_name"]
    create_service = staticmethod(services.institution_worker_create)
    update_service = staticmethod(services.institution_worker_update)
    delete_service = staticmethod(services.institution_worker_delete)

    def get_queryset(self):
        queryset = super().get_queryset()
        if self.action == "options_list":
            return queryset.prefetch_related(None)
        return queryset

    def perform_create(self, serializer):
        serializer.instance = services.institution_worker_create(
            actor=self.request.user, locale=self.request.LANGUAGE_CODE, **serializer.validated_data
        )

    def get_command_user(self) -> User:
        return self.get_object().user

    def command_done(self, command: str, user: User) -> None:
        if command in ("activate", "archive"):
            services.worker_profile_follow_user(user=user)


router = SimpleRouter(trailing_slash=False)
router.register("institutionsWorkers", InstitutionWorkerViewSet, basename="institution-worker")

urlpatterns = router.urls
