"""Self-registration: the option lists (out) and the registration payload (in, spec §3 registerData, §5 rules).

Field checks live here; the service re-checks what a race could change (the e-mail, card numbers) inside its
transaction. Messages are stable English sentences; the SPA and `user-locale` translate them."""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.catalog.api.serializers import DietOptionSerializer, MealTypeCategoryOptionSerializer
from kantyna.catalog.models import Allergen, Diet, MealType
from kantyna.catalog.selectors import diet_serves
from kantyna.core.api.errors import field_text, problem_text
from kantyna.core.serializers import ClockTimeField, KantynaModelSerializer, KantynaSerializer, MultilineCharField
from kantyna.core.validators import nrb_is_valid
from kantyna.identity.models import Account
from kantyna.institutions.api.serializers import ClassroomOptionSerializer, DistrictOptionSerializer
from kantyna.institutions.models import Classroom, Institution
from kantyna.people.models import CalendarSubjectSettings, Child, InstitutionWorkersGroup, WorkerProfile
from kantyna.people.services.allergies import allergies_cleared_problems
from kantyna.pricing.models import PriceListItem
from kantyna.pricing.selectors import members_price_lists_group
from kantyna.registration.selectors import meal_types_ids_by_institution
from kantyna.registration.services import registrant_price_list_items

# Messages (spec §5 and §8, plus the server's own).
PARENT_REQUIRED = (
    "In order to create parent you must fill up fields: email address, first name, last name, and phone number."
)
WORKER_REQUIRED = (
    "In order to create institution worker you must fill up fields: email address, first name, last name, "
    "institution, diet and phone number."
)
REQUIRED = _("This field is required.")
PHONE_INVALID = _("Enter 7 or 9 digits, optionally separated by spaces.")
BANK_FORMAT = _("Enter 2 digits and six groups of 4 digits, optionally separated by spaces.")
BANK_INVALID = _("Enter a valid 26-digit bank account number.")
CLASSROOM_REQUIRED = field_text("child.classroom_required")
CLASSROOM_ELSEWHERE = field_text("child.classroom_outside_institution")
INSTITUTION_UNAVAILABLE = _("This institution is not available.")
DIET_UNAVAILABLE = _("This diet is not available at the chosen institution.")
GROUP_ELSEWHERE = _("The group does not belong to the chosen institution.")
ALLERGENS_NOT_ALLOWED = _("Allergens cannot be changed for this diet.")
ALLERGIES_NOTE_NOT_ALLOWED = _("The allergies note cannot be changed.")
CARD_FORMAT = _("Enter 6 to 10 digits or capital letters.")
CARD_IN_USE = field_text("card.taken")
CARDS_DISABLED = _("Dining cards are not used here: leave the card number empty.")
CARD_REPEATED = _("The same card number is given twice.")
TERMS_REQUIRED = _("Accept the terms and conditions and the privacy policy.")
CATERING_TERMS_REQUIRED = _("Accept the catering terms of use.")
UNKNOWN_CHOICE = _("This choice is not available.")
MEAL_TYPE_UNAVAILABLE = _("This meal type is not served at the chosen institution.")
PRICE_ITEM_UNAVAILABLE = _("This price list item cannot be chosen.")
DATES_ORDER = _("The end date cannot be before the start date.")

PHONE_RE = re.compile(r"^(\d{9}|\d{7}|\d{3} \d{3} \d{3}|\d{3} \d{4})$")
BANK_RE = re.compile(r"^\d{2}( ?\d{4}){6}$")
CARD_RE = re.compile(r"^[0-9A-Z]{6,10}$")
WEEKDAYS = ("on_monday", "on_tuesday", "on_wednesday", "on_thursday", "on_friday", "on_saturday", "on_sunday")


# Options --------------------------------------------------------------------------------------------------------


class RegistrationInstitutionOptionSerializer(KantynaModelSerializer):
    """Spec: institution option = value, text, shortName, slug, districtId; plus the meal types served there."""

    value = serializers.IntegerField(source="id")
    text = serializers.CharField(source="name")
    district_id = serializers.IntegerField(allow_null=True)
    meal_types_ids = serializers.SerializerMethodField()

    class Meta:
        model = Institution
        fields = ["value", "text", "short_name", "slug", "district_id", "meal_types_ids"]

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_meal_types_ids(self, institution) -> list[int]:
        return self.context["meal_types_ids"].get(institution.pk, [])


class RegistrationAllergenOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="id")
    text = serializers.CharField(source="name")

    class Meta:
        model = Allergen
        fields = ["value", "text", "number"]


class RegistrationNamedOptionSerializer(KantynaSerializer):
    value = serializers.IntegerField(source="id")
    text = serializers.CharField(source="name")


class RegistrationWorkersGroupOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="id")
    text = serializers.CharField(source="name")
    institution_id = serializers.IntegerField(allow_null=True)

    class Meta:
        model = InstitutionWorkersGroup
        fields = ["value", "text", "institution_id"]


class RegistrationPriceListsGroupOptionSerializer(KantynaSerializer):
    """Spec: price lists group = id, name, defaultForChildren, defaultForInstitutionsWorkers (+ value/text)."""

    id = serializers.IntegerField()
    value = serializers.IntegerField(source="id")
    name = serializers.CharField()
    text = serializers.CharField(source="name")
    default_for_children = serializers.BooleanField()
    default_for_institutions_workers = serializers.BooleanField()


class RegistrationSettingsSerializer(KantynaSerializer):
    """What the form needs to know of the tenant's settings, readable before sign-in."""

    register_as = serializers.ChoiceField(choices=["parent", "institution_worker", "both"])
    invoices_for_users = serializers.BooleanField(help_text="Show the invoice section (invoicesConfigForUsers).")
    allow_changing_allergens = serializers.BooleanField()
    allow_changing_allergens_note = serializers.BooleanField()
    catering_terms_url = serializers.CharField(allow_null=True)


class CommonOptionsSerializer(KantynaSerializer):
    settings = RegistrationSettingsSerializer()
    institutions_options = RegistrationInstitutionOptionSerializer(source="institutions", many=True)
    diets_options = DietOptionSerializer(source="diets", many=True)
    allergens_options = RegistrationAllergenOptionSerializer(source="allergens", many=True)
    districts_options = DistrictOptionSerializer(source="districts", many=True)


class ChildOptionsSerializer(CommonOptionsSerializer):
    classrooms_options = ClassroomOptionSerializer(source="classrooms", many=True)
    children_groups_options = RegistrationNamedOptionSerializer(source="children_groups", many=True)
    price_lists_groups_options = RegistrationPriceListsGroupOptionSerializer(source="price_lists_groups", many=True)
    meal_type_categories_options = MealTypeCategoryOptionSerializer(source="meal_type_categories", many=True)


class WorkerOptionsSerializer(CommonOptionsSerializer):
    institution_workers_groups_options = RegistrationWorkersGroupOptionSerializer(
        source="institution_workers_groups", many=True
    )


# Payload -------------------------------------------------------------------------------------------------------


def _blank(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def clean_phone(value: str | None) -> str:
    value = (value or "").strip()
    if value and not PHONE_RE.match(value):
        raise serializers.ValidationError(PHONE_INVALID)
    return value.replace(" ", "")


def clean_card(value: str | None) -> str | None:
    value = (value or "").strip()
    if not value:
        return None
    if not CARD_RE.match(value):
        raise serializers.ValidationError(CARD_FORMAT)
    return value


def registration_card(value: str | None, context: dict) -> str | None:
    """A registrant's dining card: refused while the tenant does not use dining cards (spec §6: the card needs
    cards enabled), else well-formed and nobody else's."""
    card = clean_card(value)
    if card and not context.get("dining_cards_enabled", True):
        raise serializers.ValidationError(CARDS_DISABLED)
    if card and card_taken(card):
        raise serializers.ValidationError(CARD_IN_USE)
    return card


def card_taken(card_number: str) -> bool:
    return (
        Child.objects.filter(card_number=card_number).exists()
        or WorkerProfile.objects.filter(card_number=card_number).exists()
    )


class PrimaryKeyField(serializers.PrimaryKeyRelatedField):
    """A related id with one message for "missing", "unknown" and "wrong type"."""

    default_error_messages = {
        "required": REQUIRED,
        "null": REQUIRED,
        "does_not_exist": UNKNOWN_CHOICE,
        "incorrect_type": UNKNOWN_CHOICE,
    }


def optional_text(max_length: int, *, multiline: bool = False) -> serializers.CharField:
    field = MultilineCharField if multiline else serializers.CharField
    return field(max_length=max_length, required=False, allow_blank=True, allow_null=True, default="")


class RegistrationAddressSerializer(KantynaSerializer):
    street = optional_text(200)
    city = optional_text(100)
    post_code = optional_text(10)


class RegistrationInvoicesSettingsSerializer(KantynaSerializer):
    """Company data for invoices: company name, street, post code and city required when invoices are on."""

    invoices_enabled = serializers.BooleanField(default=False)
    company_name = optional_text(200)
    vat_id = optional_text(20)
    address = RegistrationAddressSerializer(required=False, default=dict)

    def validate(self, data):
        address = {key: (data.get("address") or {}).get(key) or "" for key in ("street", "city", "post_code")}
        data = {
            "invoices_enabled": data["invoices_enabled"],
            "company_name": data.get("company_name") or "",
            "vat_id": data.get("vat_id") or "",
            "address": address,
        }
        if data["invoices_enabled"]:
            errors = {}
            if not data["company_name"].strip():
                errors["company_name"] = [REQUIRED]
            missing = {key: [REQUIRED] for key, value in address.items() if not value.strip()}
            if missing:
                errors["address"] = missing
            if errors:
                raise serializers.ValidationError(errors)
        return data


class RegistrationWeekdaysSerializer(KantynaSerializer):
    on_monday = serializers.BooleanField(default=True)
    on_tuesday = serializers.BooleanField(default=True)
    on_wednesday = serializers.BooleanField(default=True)
    on_thursday = serializers.BooleanField(default=True)
    on_friday = serializers.BooleanField(default=True)
    on_saturday = serializers.BooleanField(default=False)
    on_sunday = serializers.BooleanField(default=False)


class RegistrationCalendarSubjectSettingsSerializer(KantynaSerializer):
    """Spec §3 calendarSubjectSettings as the child form sends it in registration mode. Keys left out keep the
    defaults of people.services.subject_settings (automarking on, Monday to Friday, the school year)."""

    automark_presences = serializers.BooleanField(required=False)
    automarked_weekdays = RegistrationWeekdaysSerializer(required=False)
    automark_start_date = serializers.DateField(required=False, allow_null=True)
    automark_end_date = serializers.DateField(required=False, allow_null=True)
    autoselection_interval = serializers.ChoiceField(choices=CalendarSubjectSettings.Interval.choices, required=False)
    autoselected_meal_types = PrimaryKeyField(queryset=MealType.objects.all(), many=True, required=False)
    autoselected_price_lists_items_ids = PrimaryKeyField(
        queryset=PriceListItem.objects.select_related("price_list"), many=True, required=False
    )

    def validate(self, data):
        start, end = data.get("automark_start_date"), data.get("automark_end_date")
        if start and end and end < start:
            raise serializers.ValidationError({"automark_end_date": [DATES_ORDER]})
        return data


class RegistrationSubjectNotificationsSettingsSerializer(KantynaSerializer):
    missing_orders_enabled = serializers.BooleanField(required=False)
    missing_orders_days_before = serializers.IntegerField(min_value=1, max_value=30, required=False)
    missing_orders_trigger_time = ClockTimeField(required=False)


class AllergyRulesMixin:
    """Allergens only when the diet permits changing them and the tenant lets customers change them (spec §5)."""

    def check_allergies(self, data, diet, errors: dict, parents_settings: dict) -> None:
        if data.get("allergies") and (
            not diet.allow_changing_allergens or not parents_settings["allow_changing_allergens"]
        ):
            errors["allergies"] = [ALLERGENS_NOT_ALLOWED]
        note = data.get("allergies_note") or ""
        if note.strip() and (
            not diet.allow_changing_allergens or not parents_settings["allow_changing_allergens_note"]
        ):
            errors["allergies_note"] = [ALLERGIES_NOTE_NOT_ALLOWED]


class RegistrationChildSerializer(AllergyRulesMixin, KantynaSerializer):
    """One meal receiver of a registering parent (the child form in registration mode, spec §3-§5)."""

    first_name = serializers.CharField(max_length=100, error_messages={"blank": REQUIRED})
    last_name = serializers.CharField(max_length=100, error_messages={"blank": REQUIRED})
    institution_id = PrimaryKeyField(
        source="institution", queryset=Institution.objects.filter(is_active=True), required=False, allow_null=True
    )
    classroom_id = PrimaryKeyField(
        source="classroom",
        queryset=Classroom.objects.filter(institution__is_active=True).select_related(
            "institution", "related_price_lists_group"
        ),
        error_messages={"required": CLASSROOM_REQUIRED, "null": CLASSROOM_REQUIRED},
    )
    diet_id = PrimaryKeyField(source="diet", queryset=Diet.objects.prefetch_related("institutions"))
    card_number = serializers.CharField(max_length=10, required=False, allow_blank=True, allow_null=True)
    allergies = PrimaryKeyField(queryset=Allergen.objects.all(), many=True, required=False, default=list)
    allergies_note = optional_text(2000, multiline=True)
    general_note = optional_text(2000, multiline=True)
    calendar_subject_settings = RegistrationCalendarSubjectSettingsSerializer(required=False, allow_null=True)
    subject_notifications_settings = RegistrationSubjectNotificationsSettingsSerializer(required=False, allow_null=True)

    def validate_card_number(self, value):
        return registration_card(value, self.context)

    def validate(self, data):
        classroom, diet = data["classroom"], data["diet"]
        errors: dict = {}
        if data.get("institution") is not None and data["institution"].pk != classroom.institution_id:
            errors["classroom_id"] = [CLASSROOM_ELSEWHERE]
        if not diet_serves(diet, classroom.institution):
            errors["diet_id"] = [DIET_UNAVAILABLE]
        # A diet that forbids allergen changes would clear them: refused as the child form refuses it unconfirmed
        # (registration cannot confirm: the form leaves them out for such a diet).
        cleared = allergies_cleared_problems(
            diet=diet, allergies=data.get("allergies") or [], note=data.get("allergies_note") or ""
        )
        for problem in cleared:
            errors[problem.field] = [problem_text(problem)]
        if not cleared:
            self.check_allergies(data, diet, errors, self.context["parents_settings"])
        self.check_calendar_settings(data, classroom, errors)
        if errors:
            raise serializers.ValidationError(errors)
        data["institution"] = classroom.institution
        return data

    def check_calendar_settings(self, data, classroom, errors: dict) -> None:
        settings = data.get("calendar_subject_settings")
        if not settings:
            return
        served = set(meal_types_ids_by_institution([classroom.institution])[classroom.institution_id])
        if any(meal_type.pk not in served for meal_type in settings.get("autoselected_meal_types") or []):
            errors["calendar_subject_settings"] = {"autoselected_meal_types": [MEAL_TYPE_UNAVAILABLE]}
        chosen = settings.get("autoselected_price_lists_items_ids") or []
        if chosen:
            group = members_price_lists_group(classroom)
            allowed = set(registrant_price_list_items(group, diet=data["diet"]).values_list("pk", flat=True))
            if any(item.pk not in allowed for item in chosen):
                errors.setdefault("calendar_subject_settings", {})["autoselected_price_lists_items_ids"] = [
                    PRICE_ITEM_UNAVAILABLE
                ]


class RegisterSerializer(AllergyRulesMixin, KantynaSerializer):
    """registerData (spec §3). Every field is optional at this level: the required ones per user type are
    checked together so that the answer carries the spec's one sentence (see `required_missing`)."""

    email_address = serializers.EmailField(max_length=254, required=False, allow_blank=True, allow_null=True)
    first_name = optional_text(100)
    last_name = optional_text(100)
    phone_number = optional_text(12)
    phone_number2 = optional_text(12)
    institution_id = PrimaryKeyField(
        source="institution", queryset=Institution.objects.filter(is_active=True), required=False, allow_null=True
    )
    institution_workers_group_id = PrimaryKeyField(
        source="institution_workers_group",
        queryset=InstitutionWorkersGroup.objects.all(),
        required=False,
        allow_null=True,
    )
    diet_id = PrimaryKeyField(
        source="diet", queryset=Diet.objects.prefetch_related("institutions"), required=False, allow_null=True
    )
    card_number = serializers.CharField(max_length=10, required=False, allow_blank=True, allow_null=True)
    allergies = PrimaryKeyField(queryset=Allergen.objects.all(), many=True, required=False, default=list)
    allergies_note = optional_text(2000, multiline=True)
    general_note = optional_text(2000, multiline=True)
    bank_account_number = optional_text(32)
    invoices_settings = RegistrationInvoicesSettingsSerializer(required=False, allow_null=True)
    accepted_terms = serializers.BooleanField(default=False)
    accepted_catering_terms = serializers.BooleanField(default=False)
    accepted_marketing = serializers.BooleanField(default=False)
    children = RegistrationChildSerializer(many=True, required=False, default=list)

    REQUIRED_FIELDS = {
        "parent": ("email_address", "first_name", "last_name", "phone_number"),
        "institution_worker": ("email_address", "first_name", "last_name", "institution_id", "diet_id", "phone_number"),
    }

    def required_missing(self) -> list[str]:
        data = self.initial_data if isinstance(self.initial_data, dict) else {}
        return [name for name in self.REQUIRED_FIELDS[self.context["user_type"]] if _blank(data.get(name))]

    def validate_email_address(self, value):
        if _blank(value):
            return ""
        # An e-mail already registered is not refused here: it is answered like a new one (services).
        return Account.objects.normalize(value)

    def validate_phone_number(self, value):
        return clean_phone(value)

    def validate_phone_number2(self, value):
        return clean_phone(value)

    def validate_bank_account_number(self, value):
        value = (value or "").strip()
        if not value:
            return ""
        if not BANK_RE.match(value):
            raise serializers.ValidationError(BANK_FORMAT)
        if not nrb_is_valid(value):
            raise serializers.ValidationError(BANK_INVALID)
        return value.replace(" ", "")

    def validate_card_number(self, value):
        return registration_card(value, self.context)

    def validate(self, data):
        context = self.context
        is_parent = context["user_type"] == "parent"
        errors: dict = {}
        if not data.get("accepted_terms"):
            errors["accepted_terms"] = [TERMS_REQUIRED]
        if context["catering_terms_url"] and not data.get("accepted_catering_terms"):
            errors["accepted_catering_terms"] = [CATERING_TERMS_REQUIRED]
        if is_parent:
            # Worker-only fields are ignored for parents rather than refused: the form keeps one payload shape.
            for name in ("institution", "institution_workers_group", "diet", "card_number", "allergies_note"):
                data.pop(name, None)
            data["allergies"] = []
            seen: set[str] = set()
            for index, child in enumerate(data.get("children") or []):
                card = child.get("card_number")
                if card and card in seen:
                    errors[f"children.{index}.card_number"] = [CARD_REPEATED]
                seen.add(card or "")
        else:
            data["children"] = []
            data["bank_account_number"] = ""  # parents only (spec §6): a worker's refund account is not taken
            institution, diet, group = data.get("institution"), data.get("diet"), data.get("institution_workers_group")
            if institution is not None and diet is not None and not diet_serves(diet, institution):
                errors["diet_id"] = [DIET_UNAVAILABLE]
            if institution is not None and group is not None and group.institution_id not in (None, institution.pk):
                errors["institution_workers_group_id"] = [GROUP_ELSEWHERE]
            if diet is not None:
                # As for a registrant's child: a diet that forbids allergen changes would clear them, refused in
                # the worker form's words (registration cannot confirm).
                cleared = allergies_cleared_problems(
                    diet=diet, allergies=data.get("allergies") or [], note=data.get("allergies_note") or ""
                )
                for problem in cleared:
                    errors[problem.field] = [problem_text(problem)]
                if not cleared:
                    self.check_allergies(data, diet, errors, context["parents_settings"])
        if not context["invoices_for_users"]:
            data["invoices_settings"] = None  # the section is not shown, so nothing of it is stored
        if errors:
            raise serializers.ValidationError(errors)
        return data
