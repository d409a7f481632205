from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.validators import UniqueValidator

from kantyna.catalog.models import Allergen, AllergenGroup, Diet, MealType, MealTypeCategory, PortionSize
from kantyna.core.serializers import KantynaModelSerializer, KantynaSerializer, MultilineCharField
from kantyna.institutions.models import Institution


class AllergenGroupSerializer(KantynaModelSerializer):
    name = serializers.CharField(
        max_length=100,
        validators=[
            UniqueValidator(AllergenGroup.objects.all(), message=_("An allergen group with this name already exists."))
        ],
    )

    class Meta:
        model = AllergenGroup
        fields = ["id", "name"]


class AllergenSerializer(KantynaModelSerializer):
    name = serializers.CharField(
        max_length=100,
        validators=[UniqueValidator(Allergen.objects.all(), message=_("An allergen with this name already exists."))],
    )
    number = serializers.IntegerField(
        min_value=1,
        max_value=99,
        allow_null=True,
        required=False,
        validators=[UniqueValidator(Allergen.objects.all(), message=_("An allergen with this number already exists."))],
    )
    group_id = serializers.PrimaryKeyRelatedField(
        source="group", queryset=AllergenGroup.objects.all(), allow_null=True, required=False
    )
    group_name = serializers.CharField(source="group.name", read_only=True, allow_null=True)

    class Meta:
        model = Allergen
        fields = ["id", "number", "name", "group_id", "group_name"]


def _unique_name(model, message):
    return serializers.CharField(max_length=100, validators=[UniqueValidator(model.objects.all(), message=message)])


class PortionSizeSerializer(KantynaModelSerializer):
    name = serializers.CharField(
        max_length=50,
        validators=[
            UniqueValidator(PortionSize.objects.all(), message=_("A portion size with this name already exists."))
        ],
    )
    is_default = serializers.BooleanField(default=False)

    class Meta:
        model = PortionSize
        fields = ["id", "name", "is_default"]


class PortionSizeMarkedAsDefaultSerializer(PortionSizeSerializer):
    status = serializers.BooleanField(read_only=True)

    class Meta(PortionSizeSerializer.Meta):
        fields = [*PortionSizeSerializer.Meta.fields, "status"]


class PortionSizeOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.CharField(source="name")

    class Meta:
        model = PortionSize
        fields = ["value", "text", "is_default"]


class DietSerializer(KantynaModelSerializer):
    name = _unique_name(Diet, _("A diet with this name already exists."))
    is_default = serializers.BooleanField(default=False)
    allow_changing_allergens = serializers.BooleanField(default=True)
    institutions_ids = serializers.PrimaryKeyRelatedField(
        source="institutions", queryset=Institution.objects.all(), many=True, default=list
    )

    class Meta:
        model = Diet
        fields = ["id", "name", "priority", "is_default", "allow_changing_allergens", "institutions_ids"]
        read_only_fields = ["priority"]


class DietOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.CharField(source="name")
    institutions_ids = serializers.PrimaryKeyRelatedField(source="institutions", many=True, read_only=True)

    class Meta:
        model = Diet
        fields = ["value", "text", "is_default", "institutions_ids", "allow_changing_allergens"]


class CategoryPortionSizeSerializer(KantynaModelSerializer):
    class Meta:
        model = PortionSize
        fields = ["id", "name", "is_default"]


class CategoryMealTypeSerializer(KantynaModelSerializer):
    """A meal type as the child form shows it inside its category (spec: screens-roles-forms §3)."""

    portion_sizes = CategoryPortionSizeSerializer(many=True, read_only=True)

    class Meta:
        model = MealType
        fields = ["id", "name", "description", "is_default", "block_on_registration", "portion_sizes"]


class MealTypeCategorySerializer(KantynaModelSerializer):
    name = _unique_name(MealTypeCategory, _("A meal type category with this name already exists."))
    position = serializers.IntegerField(min_value=0, max_value=9999, default=0)
    meal_types = CategoryMealTypeSerializer(many=True, read_only=True)

    class Meta:
        model = MealTypeCategory
        fields = ["id", "name", "position", "meal_types"]


class MealTypeCategoryOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.CharField(source="name")
    meal_types = CategoryMealTypeSerializer(many=True, read_only=True)

    class Meta:
        model = MealTypeCategory
        fields = ["value", "text", "name", "meal_types"]


class MealTypeSerializer(KantynaModelSerializer):
    name = _unique_name(MealType, _("A meal type with this name already exists."))
    description = MultilineCharField(max_length=1000, allow_blank=True, default="")
    category_id = serializers.PrimaryKeyRelatedField(
        source="category", queryset=MealTypeCategory.objects.all(), allow_null=True, default=None
    )
    category_name = serializers.CharField(source="category.name", read_only=True, allow_null=True)
    position = serializers.IntegerField(min_value=0, max_value=9999, default=0)
    is_default = serializers.BooleanField(default=False)
    block_on_registration = serializers.BooleanField(default=False)
    portion_sizes_ids = serializers.PrimaryKeyRelatedField(
        source="portion_sizes",
        queryset=PortionSize.objects.all(),
        many=True,
        allow_empty=False,
        error_messages={"empty": _("Choose at least one portion size.")},
    )

    class Meta:
        model = MealType
        fields = [
            "id",
            "name",
            "description",
            "category_id",
            "category_name",
            "position",
            "is_default",
            "block_on_registration",
            "portion_sizes_ids",
        ]


class MealTypeOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="pk")
    text = serializers.CharField(source="name")
    category_id = serializers.IntegerField(allow_null=True, read_only=True)
    portion_sizes_ids = serializers.PrimaryKeyRelatedField(source="portion_sizes", many=True, read_only=True)

    class Meta:
        model = MealType
        fields = ["value", "text", "is_default", "block_on_registration", "category_id", "portion_sizes_ids"]


class MealTypesCountSerializer(KantynaSerializer):
    count = serializers.IntegerField()


class InstitutionMealTypesSerializer(KantynaSerializer):
    """One institution and the meal types available there (`mealTypeInstitutionSettings/groupedByInstitutions`)."""

    institution_id = serializers.IntegerField()
    institution_name = serializers.CharField()
    institution_short_name = serializers.CharField()
    meal_types_ids = serializers.ListField(child=serializers.IntegerField())


class InstitutionMealTypesInputSerializer(KantynaSerializer):
    meal_types_ids = serializers.PrimaryKeyRelatedField(queryset=MealType.objects.all(), many=True)
