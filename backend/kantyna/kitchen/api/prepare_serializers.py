"""Shapes of meals to prepare: the query (a day or a range, a kitchen, institutions) and the answer (portions per
meal type → dish → diet → portion size, and the ingredients)."""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.core.serializers import CommaSeparatedIdsField, KantynaSerializer
from kantyna.kitchen.selectors.prepare import MAX_DAYS, diets_in_order, dishes_in_order, portion_sizes_in_order
from kantyna.logistics.models import Kitchen

# Inputs ---------------------------------------------------------------------------------------------------------


class MealsToPrepareQuerySerializer(KantynaSerializer):
    date = serializers.DateField(required=False, help_text="One day; default: tomorrow (tenant's timezone).")
    date_from = serializers.DateField(required=False, help_text="A range's first day (with dateTo), instead of date.")
    date_to = serializers.DateField(required=False)
    kitchen_id = serializers.PrimaryKeyRelatedField(
        queryset=Kitchen.objects.all(), required=False, help_text="Only what this kitchen prepares."
    )
    institutions_ids = CommaSeparatedIdsField(
        message=_("Give ids separated by commas."),
        required=False,
        help_text="Comma-separated institution ids; default: every one.",
    )

    def validate(self, attrs):
        """One day (`date`, default tomorrow) or a range of at most MAX_DAYS days (`dateFrom` and `dateTo`)."""
        if "date_from" in attrs or "date_to" in attrs:
            if "date" in attrs:
                raise serializers.ValidationError({"date": [_("Give either a date or a range.")]})
            if "date_from" not in attrs or "date_to" not in attrs:
                missing = "date_to" if "date_from" in attrs else "date_from"
                raise serializers.ValidationError({missing: [_("This field is required.")]})
            if attrs["date_to"] < attrs["date_from"]:
                raise serializers.ValidationError({"date_to": [_("The end date must not be before the start date.")]})
            if attrs["date_to"] - attrs["date_from"] >= timedelta(days=MAX_DAYS):
                raise serializers.ValidationError(
                    {"date_to": [_("Choose at most %(days)s days.") % {"days": MAX_DAYS}]}
                )
        return attrs


# Outputs --------------------------------------------------------------------------------------------------------


class PortionSizeCountSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    portions = serializers.IntegerField()


class DietCountSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    portions = serializers.IntegerField()
    portion_sizes = serializers.SerializerMethodField()

    @extend_schema_field(PortionSizeCountSerializer(many=True))
    def get_portion_sizes(self, diet) -> list:
        return PortionSizeCountSerializer(portion_sizes_in_order(diet), many=True).data


class DishCountSerializer(KantynaSerializer):
    id = serializers.IntegerField(allow_null=True, help_text="The meal; null: orders whose day has no menu dish.")
    name = serializers.CharField(allow_null=True)
    portions = serializers.IntegerField()
    diets = serializers.SerializerMethodField()

    @extend_schema_field(DietCountSerializer(many=True))
    def get_diets(self, dish) -> list:
        return DietCountSerializer(diets_in_order(dish), many=True).data


class MealTypeCountSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    portions = serializers.IntegerField(help_text="Live meals ordered of this meal type.")
    dishes = serializers.SerializerMethodField()

    @extend_schema_field(DishCountSerializer(many=True))
    def get_dishes(self, meal_type) -> list:
        return DishCountSerializer(dishes_in_order(meal_type), many=True).data


class IngredientNeedSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    unit = serializers.CharField()
    quantity = serializers.DecimalField(max_digits=14, decimal_places=2, help_text="Grammage x portions, summed.")


class ClashRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class AllergenClashSerializer(KantynaSerializer):
    """A receiver whose dish of the day contains one of their allergens (`ordering.selectors.clashes`)."""

    item_id = serializers.IntegerField(help_text="The live order item served that dish.")
    date = serializers.DateField()
    child_id = serializers.IntegerField(allow_null=True)
    worker_id = serializers.IntegerField(allow_null=True, help_text="With childId null: an institution's worker.")
    first_name = serializers.CharField(allow_blank=True)
    last_name = serializers.CharField(allow_blank=True)
    institution = ClashRefSerializer()
    classroom = ClashRefSerializer(allow_null=True, help_text="null: a worker of the institution.")
    meal_type = ClashRefSerializer()
    diet = ClashRefSerializer()
    dishes = serializers.SerializerMethodField(help_text="The dishes of the menu cell that contain the allergens.")
    allergens = serializers.SerializerMethodField(help_text="The receiver's allergens those dishes contain.")

    def get_dishes(self, clash) -> list[str]:
        return clash.verdict.dish_names

    def get_allergens(self, clash) -> list[str]:
        return clash.verdict.allergen_names


class MealsToPrepareSerializer(KantynaSerializer):
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    portions = serializers.IntegerField(help_text="Live meals ordered in all.")
    meal_types = MealTypeCountSerializer(many=True)
    ingredients = IngredientNeedSerializer(many=True)
    allergen_clashes = AllergenClashSerializer(
        many=True,
        help_text="Receivers whose dish contains one of their allergens (directly or through its group), by day, "
        "institution, classroom and name.",
    )
