from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from kantyna.catalog.models import Diet, MealType
from kantyna.core.dates import MonthField
from kantyna.core.serializers import KantynaModelSerializer, KantynaSerializer
from kantyna.institutions.models import Institution
from kantyna.meals.models import Meal
from kantyna.menus.api.access import editable_institution_ids
from kantyna.menus.models import MealsMenu, MealsMenuFile, MealsMenuItem


def check_editable_institutions(serializer: serializers.Serializer, institutions) -> None:
    """An institutions admin may only give menus and files to institutions they manage."""
    request = serializer.context.get("request")
    allowed = editable_institution_ids(request.user) if request is not None else None
    if allowed is not None and any(institution.pk not in allowed for institution in institutions):
        raise serializers.ValidationError(_("You can only choose institutions you manage."))


class MenuNamedRefSerializer(KantynaSerializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(read_only=True)


class MenuInstitutionRefSerializer(MenuNamedRefSerializer):
    short_name = serializers.CharField(read_only=True)


class MenuAllergenRefSerializer(KantynaSerializer):
    id = serializers.IntegerField(read_only=True)
    number = serializers.IntegerField(read_only=True, allow_null=True)
    name = serializers.CharField(read_only=True)


class MealsMenuSerializer(KantynaModelSerializer):
    name = serializers.CharField(max_length=200)
    institutions_ids = serializers.PrimaryKeyRelatedField(
        source="institutions", many=True, queryset=Institution.objects.all(), allow_empty=False
    )
    diets_ids = serializers.PrimaryKeyRelatedField(
        source="diets", many=True, queryset=Diet.objects.all(), allow_empty=False
    )
    institutions = MenuInstitutionRefSerializer(many=True, read_only=True)
    diets = MenuNamedRefSerializer(many=True, read_only=True)
    items_count = serializers.SerializerMethodField()

    class Meta:
        model = MealsMenu
        fields = [
            "id",
            "name",
            "date_from",
            "date_to",
            "institutions_ids",
            "diets_ids",
            "institutions",
            "diets",
            "items_count",
            "created_at",
            "updated_at",
        ]
        read_only_fields = ["created_at", "updated_at"]

    def get_items_count(self, obj: MealsMenu) -> int:
        count = getattr(obj, "items_count", None)
        return obj.items.count() if count is None else count

    def validate_institutions_ids(self, value):
        check_editable_institutions(self, value)
        return value

    def validate(self, attrs):
        instance = self.instance
        date_from = attrs.get("date_from", getattr(instance, "date_from", None))
        date_to = attrs.get("date_to", getattr(instance, "date_to", None))
        if date_from and date_to and date_to < date_from:
            raise serializers.ValidationError({"date_to": [_("The end date cannot be earlier than the start date.")]})
        return attrs


class MealsMenuCellSerializer(KantynaSerializer):
    """One cell of the grid: the meals (in order) served on `date` for `mealTypeId`; an empty list empties it."""

    date = serializers.DateField()
    meal_type_id = serializers.PrimaryKeyRelatedField(source="meal_type", queryset=MealType.objects.all())
    meals_ids = serializers.PrimaryKeyRelatedField(source="meals", many=True, queryset=Meal.objects.all())


class MealsMenuUpdatePartsSerializer(MealsMenuSerializer):
    """PUT updateParts: any header field, and/or `cells` to replace."""

    cells = MealsMenuCellSerializer(many=True, required=False, write_only=True)

    class Meta(MealsMenuSerializer.Meta):
        fields = [*MealsMenuSerializer.Meta.fields, "cells"]
        extra_kwargs = {"name": {"required": False}, "date_from": {"required": False}, "date_to": {"required": False}}

    def __init__(self, *args, **kwargs):
        kwargs["partial"] = True
        super().__init__(*args, **kwargs)


class MealsMenuOptionSerializer(KantynaModelSerializer):
    value = serializers.IntegerField(source="id", read_only=True)
    text = serializers.CharField(source="name", read_only=True)
    institutions_ids = serializers.PrimaryKeyRelatedField(source="institutions", many=True, read_only=True)
    diets_ids = serializers.PrimaryKeyRelatedField(source="diets", many=True, read_only=True)

    class Meta:
        model = MealsMenu
        fields = ["value", "text", "date_from", "date_to", "institutions_ids", "diets_ids"]


class MealsMenuItemSerializer(KantynaModelSerializer):
    menu_id = serializers.IntegerField(read_only=True)
    meal_type_id = serializers.IntegerField(read_only=True)
    meal_type_name = serializers.CharField(source="meal_type.name", read_only=True)
    meal_id = serializers.IntegerField(read_only=True)
    meal_name = serializers.CharField(source="meal.name", read_only=True)
    allergens = MenuAllergenRefSerializer(source="meal.allergens", many=True, read_only=True)

    class Meta:
        model = MealsMenuItem
        fields = [
            "id",
            "menu_id",
            "date",
            "meal_type_id",
            "meal_type_name",
            "meal_id",
            "meal_name",
            "position",
            "allergens",
        ]


# Query parameters are not camel-cased by the parser: their serializers name the fields as sent.


class MealsMenuItemsQuerySerializer(KantynaSerializer):
    dateFrom = serializers.DateField(source="date_from")
    dateTo = serializers.DateField(source="date_to")
    institutionId = serializers.IntegerField(source="institution_id", required=False, min_value=1)
    dietId = serializers.IntegerField(source="diet_id", required=False, min_value=1)

    def validate(self, attrs):
        if attrs["date_to"] < attrs["date_from"]:
            raise serializers.ValidationError({"dateTo": [_("The end date cannot be earlier than the start date.")]})
        if (attrs["date_to"] - attrs["date_from"]).days > 92:
            raise serializers.ValidationError({"dateTo": [_("Ask for at most 93 days at once.")]})
        return attrs


class MealsMenuFindItemsQuerySerializer(KantynaSerializer):
    date = serializers.DateField(required=False)
    dateFrom = serializers.DateField(source="date_from", required=False)
    dateTo = serializers.DateField(source="date_to", required=False)
    mealTypeId = serializers.IntegerField(source="meal_type_id", required=False, min_value=1)
    mealId = serializers.IntegerField(source="meal_id", required=False, min_value=1)
    search = serializers.CharField(required=False, allow_blank=True, max_length=100)


class MealsMenuItemsDataSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    items = MealsMenuItemSerializer(many=True)


class MenuGrammageSerializer(KantynaSerializer):
    ingredient_name = serializers.CharField(source="ingredient.name")
    portion_size_id = serializers.IntegerField()
    portion_size_name = serializers.CharField(source="portion_size.name")
    grammage = serializers.DecimalField(max_digits=8, decimal_places=2)
    unit = serializers.CharField(source="ingredient.unit")


class MenuGridMealSerializer(KantynaSerializer):
    item_id = serializers.IntegerField()
    meal_id = serializers.IntegerField(source="meal.id")
    name = serializers.CharField(source="meal.name")
    description = serializers.CharField(source="meal.description")
    kcal = serializers.IntegerField(source="meal.kcal", allow_null=True)
    allergens = MenuAllergenRefSerializer(many=True)
    grammages = MenuGrammageSerializer(many=True, allow_null=True)


class MenuGridCellSerializer(KantynaSerializer):
    date = serializers.DateField()
    meal_type_id = serializers.IntegerField()
    meals = MenuGridMealSerializer(many=True)


class MealsMenuRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date_from = serializers.DateField()
    date_to = serializers.DateField()


class MenuMealTypeRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class MealsMenuMonthDataSerializer(KantynaSerializer):
    menu = MealsMenuRefSerializer()
    month = serializers.CharField()
    dates = serializers.ListField(child=serializers.DateField())
    meal_types = MenuMealTypeRefSerializer(many=True)
    show_grammages = serializers.BooleanField()
    cells = MenuGridCellSerializer(many=True)


class MealsMenuMonthDataQuerySerializer(KantynaSerializer):
    institutionId = serializers.IntegerField(source="institution_id", required=False, min_value=1)


class MealsMenusCountSerializer(KantynaSerializer):
    count = serializers.IntegerField()


class MealsMenuCreateSimilarSerializer(KantynaSerializer):
    meals_menu_id = serializers.IntegerField(min_value=1)
    name = serializers.CharField(max_length=200)
    date_from = serializers.DateField(required=False)
    institutions_ids = serializers.PrimaryKeyRelatedField(
        source="institutions", many=True, queryset=Institution.objects.all(), allow_empty=False, required=False
    )
    diets_ids = serializers.PrimaryKeyRelatedField(
        source="diets", many=True, queryset=Diet.objects.all(), allow_empty=False, required=False
    )

    def validate_institutions_ids(self, value):
        check_editable_institutions(self, value)
        return value


class MealsMenuCopyDayItemsSerializer(KantynaSerializer):
    date = serializers.DateField()
    target_dates = serializers.ListField(child=serializers.DateField(), max_length=366)


class MealsMenuCopyDaysItemsSerializer(KantynaSerializer):
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    target_date_from = serializers.DateField()


class MealsMenuCopyMealTypeItemsSerializer(MealsMenuCopyDayItemsSerializer):
    meal_type_id = serializers.PrimaryKeyRelatedField(source="meal_type", queryset=MealType.objects.all())


class MealsMenuCopyResultSerializer(KantynaSerializer):
    status = serializers.BooleanField()
    copied_items = serializers.IntegerField()


class MealsMenuImportSerializer(KantynaSerializer):
    file = serializers.FileField()
    name = serializers.CharField(max_length=200)
    date_from = serializers.DateField(required=False)
    date_to = serializers.DateField(required=False)
    institutions_ids = serializers.PrimaryKeyRelatedField(
        source="institutions", many=True, queryset=Institution.objects.all(), allow_empty=False
    )
    diets_ids = serializers.PrimaryKeyRelatedField(
        source="diets", many=True, queryset=Diet.objects.all(), allow_empty=False
    )

    def validate_institutions_ids(self, value):
        check_editable_institutions(self, value)
        return value

    def validate(self, attrs):
        if ("date_from" in attrs) != ("date_to" in attrs):
            field = "date_to" if "date_from" in attrs else "date_from"
            raise serializers.ValidationError({field: [_("Give both dates or neither.")]})
        if "date_from" in attrs and attrs["date_to"] < attrs["date_from"]:
            raise serializers.ValidationError({"date_to": [_("The end date cannot be earlier than the start date.")]})
        return attrs


class MealsMenuPrintSerializer(KantynaSerializer):
    month = MonthField(required=False, help_text="YYYY-MM; every month of the menu when absent.")
    institution_id = serializers.PrimaryKeyRelatedField(
        source="institution", queryset=Institution.objects.all(), required=False, allow_null=True
    )


class MealsMenuPrintByDietSerializer(MealsMenuPrintSerializer):
    diet_id = serializers.PrimaryKeyRelatedField(
        source="diet", queryset=Diet.objects.all(), required=False, allow_null=True
    )


class MealsMenuExportDocxSerializer(MealsMenuPrintSerializer):
    meals_menu_id = serializers.IntegerField(min_value=1)


class MealsMenuFileSerializer(KantynaModelSerializer):
    institution_id = serializers.PrimaryKeyRelatedField(source="institution", queryset=Institution.objects.all())
    institution_name = serializers.CharField(source="institution.name", read_only=True)
    month = MonthField()
    name = serializers.CharField(max_length=200)
    file = serializers.FileField(write_only=True, required=False)

    class Meta:
        model = MealsMenuFile
        fields = [
            "id",
            "institution_id",
            "institution_name",
            "month",
            "name",
            "file",
            "original_name",
            "kind",
            "size",
            "created_at",
            "updated_at",
        ]
        read_only_fields = ["original_name", "kind", "size", "created_at", "updated_at"]

    def validate_institution_id(self, value):
        check_editable_institutions(self, [value])
        return value

    def validate(self, attrs):
        if self.instance is None and not attrs.get("file"):
            raise serializers.ValidationError({"file": [_("Choose a file.")]})
        return attrs
