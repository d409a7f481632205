from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.validators import UniqueValidator

from kantyna.core.serializers import KantynaModelSerializer, KantynaSerializer, MultilineCharField
from kantyna.core.validators import validate_nrb
from kantyna.institutions.models import Classroom, District, Institution
from kantyna.pricing.models import PriceListsGroup
from kantyna.pricing.selectors import default_children_group, members_price_lists_group_id

# Lowercase words joined by single hyphens: the slug ends up in self-registration links.
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
POST_CODE_RE = re.compile(r"^\d{2}-\d{3}$")


# Districts ----------------------------------------------------------------------------------------------------


class DistrictSerializer(KantynaModelSerializer):
    name = serializers.CharField(
        max_length=100,
        validators=[UniqueValidator(District.objects.all(), message=_("A district with this name already exists."))],
    )
    institutions_count = serializers.SerializerMethodField()

    class Meta:
        model = District
        fields = ["id", "name", "institutions_count"]

    @extend_schema_field(serializers.IntegerField())
    def get_institutions_count(self, district: District) -> int:
        # Annotated on lists; a freshly created district has none.
        return getattr(district, "institutions_count", 0)


class DistrictOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="id")
    text = serializers.CharField(source="name")

    class Meta:
        model = District
        fields = ["value", "text"]


# Institutions -------------------------------------------------------------------------------------------------


class InstitutionSerializer(KantynaModelSerializer):
    name = serializers.CharField(max_length=200)
    short_name = serializers.CharField(max_length=50)
    slug = serializers.CharField(
        max_length=80,
        validators=[
            UniqueValidator(Institution.objects.all(), message=_("An institution with this slug already exists."))
        ],
    )
    kind = serializers.ChoiceField(choices=Institution.Kind.choices)
    district_id = serializers.PrimaryKeyRelatedField(
        source="district", queryset=District.objects.all(), allow_null=True, required=False
    )
    district_name = serializers.CharField(source="district.name", read_only=True, allow_null=True)
    street = serializers.CharField(max_length=200, allow_blank=True, required=False, default="")
    city = serializers.CharField(max_length=100, allow_blank=True, required=False, default="")
    post_code = serializers.CharField(max_length=6, allow_blank=True, required=False, default="")
    terms_url = serializers.URLField(max_length=200, allow_blank=True, required=False, default="")
    ordering_note = MultilineCharField(allow_blank=True, required=False, default="", trim_whitespace=True)
    # Spaces are allowed on input (people copy "12 3456 ..."); stored as 26 digits.
    regular_payments_bank_account_number = serializers.CharField(
        max_length=40, allow_blank=True, required=False, default=""
    )
    hide_grammages = serializers.BooleanField(required=False, default=False)
    # The monthly invoice's buyer when another body pays (a gmina): empty, the institution buys itself.
    invoice_buyer_name = serializers.CharField(max_length=200, allow_blank=True, required=False, default="")
    invoice_buyer_tax_id = serializers.RegexField(
        r"^(\d{10})?$", allow_blank=True, required=False, default="", error_messages={"invalid": _("Enter 10 digits.")}
    )
    invoice_buyer_street = serializers.CharField(max_length=200, allow_blank=True, required=False, default="")
    invoice_buyer_post_code = serializers.CharField(max_length=6, allow_blank=True, required=False, default="")
    invoice_buyer_city = serializers.CharField(max_length=100, allow_blank=True, required=False, default="")
    invoice_buyer_is_public_body = serializers.BooleanField(required=False, default=False)
    active = serializers.BooleanField(source="is_active", read_only=True)
    classrooms_count = serializers.SerializerMethodField()

    class Meta:
        model = Institution
        fields = [
            "id",
            "name",
            "short_name",
            "slug",
            "kind",
            "district_id",
            "district_name",
            "street",
            "city",
            "post_code",
            "terms_url",
            "ordering_note",
            "regular_payments_bank_account_number",
            "hide_grammages",
            "invoice_buyer_name",
            "invoice_buyer_tax_id",
            "invoice_buyer_street",
            "invoice_buyer_post_code",
            "invoice_buyer_city",
            "invoice_buyer_is_public_body",
            "active",
            "classrooms_count",
        ]

    def validate_slug(self, value: str) -> str:
        if not SLUG_RE.match(value):
            raise serializers.ValidationError(
                _("Use lowercase letters, digits and single hyphens only, e.g. sp12-warszawa.")
            )
        return value

    def validate_post_code(self, value: str) -> str:
        if value and not POST_CODE_RE.match(value):
            raise serializers.ValidationError(_("Enter a post code in the format 00-000."))
        return value

    def validate_regular_payments_bank_account_number(self, value: str) -> str:
        return validate_nrb(value)

    def validate_invoice_buyer_post_code(self, value: str) -> str:
        return self.validate_post_code(value)

    @extend_schema_field(serializers.IntegerField())
    def get_classrooms_count(self, institution: Institution) -> int:
        # Annotated on lists (no query per row); counted for a single institution.
        count = getattr(institution, "classrooms_count", None)
        return institution.classrooms.count() if count is None else count


class InstitutionOptionSerializer(KantynaModelSerializer):
    """Spec: institution option = value, text, shortName or slug, districtId."""

    value = serializers.IntegerField(source="id")
    text = serializers.CharField(source="name")
    district_id = serializers.IntegerField(allow_null=True)
    active = serializers.BooleanField(source="is_active")

    class Meta:
        model = Institution
        fields = ["value", "text", "short_name", "slug", "district_id", "active"]


class InstitutionTermsUrlSerializer(KantynaSerializer):
    terms_url = serializers.CharField()


class InstitutionOrderingNoteSerializer(KantynaSerializer):
    ordering_note = MultilineCharField()


class InstitutionBankAccountSerializer(KantynaSerializer):
    regular_payments_bank_account_number = serializers.CharField()


# Classrooms ---------------------------------------------------------------------------------------------------


class ClassroomInstitutionSerializer(KantynaModelSerializer):
    class Meta:
        model = Institution
        fields = ["id", "name", "short_name"]


class ClassroomPriceListsGroupSerializer(KantynaModelSerializer):
    class Meta:
        model = PriceListsGroup
        fields = ["id", "name"]


class ClassroomSerializer(KantynaModelSerializer):
    institution_id = serializers.PrimaryKeyRelatedField(source="institution", queryset=Institution.objects.all())
    institution = ClassroomInstitutionSerializer(read_only=True)
    name = serializers.CharField(max_length=100)
    related_price_lists_group_id = serializers.PrimaryKeyRelatedField(
        source="related_price_lists_group",
        queryset=PriceListsGroup.objects.all(),
        allow_null=True,
        required=False,
        default=None,
    )
    related_price_lists_group = ClassroomPriceListsGroupSerializer(read_only=True, allow_null=True)
    has_default_price_lists_group_for_members = serializers.BooleanField(required=False, default=False)
    children_count = serializers.SerializerMethodField()

    class Meta:
        model = Classroom
        fields = [
            "id",
            "institution_id",
            "institution",
            "name",
            "related_price_lists_group_id",
            "related_price_lists_group",
            "has_default_price_lists_group_for_members",
            "children_count",
        ]

    def validate(self, attrs):
        institution = attrs.get("institution", getattr(self.instance, "institution", None))
        name = attrs.get("name", getattr(self.instance, "name", ""))
        clash = Classroom.objects.filter(institution=institution, name__iexact=name)
        if self.instance is not None:
            clash = clash.exclude(pk=self.instance.pk)
        if clash.exists():
            raise serializers.ValidationError({"name": [_("This institution already has a classroom with this name.")]})
        if attrs.get("has_default_price_lists_group_for_members") and not attrs.get("related_price_lists_group"):
            raise serializers.ValidationError(
                {
                    "has_default_price_lists_group_for_members": [
                        _("Choose the classroom's price lists group to make it the default for its members.")
                    ]
                }
            )
        return attrs

    @extend_schema_field(serializers.IntegerField())
    def get_children_count(self, classroom: Classroom) -> int:
        count = getattr(classroom, "children_count", None)
        return classroom.children.count() if count is None else count


class ClassroomOptionSerializer(KantynaModelSerializer):
    """Spec: classroom option = id, name, institution (id, name), hasDefaultPriceListsGroupForMembers,
    relatedPriceListsGroup id; value and text too, like every option list. `membersPriceListsGroupId`: the
    group a new member of the classroom gets, computed here so the child form does not repeat the rule."""

    value = serializers.IntegerField(source="id")
    text = serializers.CharField(source="name")
    institution = ClassroomInstitutionSerializer(read_only=True)
    related_price_lists_group = ClassroomPriceListsGroupSerializer(read_only=True, allow_null=True)
    members_price_lists_group_id = serializers.SerializerMethodField()

    class Meta:
        model = Classroom
        fields = [
            "id",
            "value",
            "name",
            "text",
            "institution",
            "has_default_price_lists_group_for_members",
            "related_price_lists_group",
            "members_price_lists_group_id",
        ]

    def get_members_price_lists_group_id(self, classroom: Classroom) -> int | None:
        """The group a new member of the classroom gets: the classroom's related group when it is default for
        members, else the tenant's default for children; null when neither."""
        # The tenant's default is read once per answer: the context is shared by every row.
        if "children_default_group_id" not in self.context:
            group = default_children_group()
            self.context["children_default_group_id"] = group.pk if group is not None else None
        return members_price_lists_group_id(classroom, children_default_id=self.context["children_default_group_id"])
