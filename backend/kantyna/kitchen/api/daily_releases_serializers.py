"""Shapes of daily meals releases: one recorded row, a day's replacement, and ordered vs released."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from kantyna.catalog.models import Diet, MealType, PortionSize
from kantyna.core.serializers import CommaSeparatedIdsField, KantynaModelSerializer, KantynaSerializer
from kantyna.institutions.models import Institution
from kantyna.kitchen.api.prepare_serializers import MealsToPrepareQuerySerializer
from kantyna.kitchen.models import DailyMealsRelease

MAX_ROWS = 200  # a day's rows of one institution: meal types x diets x portion sizes, with room to spare


class DailyMealsReleaseSerializer(KantynaModelSerializer):
    institution_id = serializers.PrimaryKeyRelatedField(source="institution", queryset=Institution.objects.all())
    institution_name = serializers.CharField(source="institution.name", read_only=True)
    meal_type_id = serializers.PrimaryKeyRelatedField(source="meal_type", queryset=MealType.objects.all())
    meal_type_name = serializers.CharField(source="meal_type.name", read_only=True)
    diet_id = serializers.PrimaryKeyRelatedField(source="diet", queryset=Diet.objects.all())
    diet_name = serializers.CharField(source="diet.name", read_only=True)
    portion_size_id = serializers.PrimaryKeyRelatedField(
        source="portion_size", queryset=PortionSize.objects.all(), allow_null=True, required=False, default=None
    )
    portion_size_name = serializers.CharField(source="portion_size.name", read_only=True, allow_null=True)
    quantity = serializers.IntegerField(min_value=0, max_value=100_000)
    note = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")
    recorded_by_name = serializers.SerializerMethodField()

    class Meta:
        model = DailyMealsRelease
        fields = [
            "id",
            "date",
            "institution_id",
            "institution_name",
            "meal_type_id",
            "meal_type_name",
            "diet_id",
            "diet_name",
            "portion_size_id",
            "portion_size_name",
            "quantity",
            "note",
            "recorded_by_name",
            "recorded_at",
        ]
        read_only_fields = ["recorded_at"]
        validators = []  # the service refuses a recorded kind (409 daily_release.duplicate)

    def get_recorded_by_name(self, release) -> str | None:
        return release.recorded_by.full_name if release.recorded_by is not None else None


class DailyReleaseRowSerializer(KantynaSerializer):
    meal_type_id = serializers.PrimaryKeyRelatedField(source="meal_type", queryset=MealType.objects.all())
    diet_id = serializers.PrimaryKeyRelatedField(source="diet", queryset=Diet.objects.all())
    portion_size_id = serializers.PrimaryKeyRelatedField(
        source="portion_size", queryset=PortionSize.objects.all(), allow_null=True, required=False, default=None
    )
    quantity = serializers.IntegerField(min_value=0, max_value=100_000)
    note = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")


class DailyReleasesReplaceSerializer(KantynaSerializer):
    """The institution's whole day: rows not listed are deleted (an empty list clears the day)."""

    date = serializers.DateField()
    institution_id = serializers.PrimaryKeyRelatedField(source="institution", queryset=Institution.objects.all())
    rows = DailyReleaseRowSerializer(many=True, allow_empty=True, max_length=MAX_ROWS)


class DailyReleasesReplacedSerializer(KantynaSerializer):
    date = serializers.DateField()
    institution_id = serializers.IntegerField()
    rows = DailyMealsReleaseSerializer(many=True)


class GroupedQuerySerializer(MealsToPrepareQuerySerializer):
    """A day (default today) or a range, and institutions; no kitchen."""

    kitchen_id = None
    date = serializers.DateField(required=False, help_text="One day; default: today (tenant's timezone).")


class NearestQuerySerializer(KantynaSerializer):
    date = serializers.DateField(required=False, help_text="The nearest day before this one; default: today.")
    institutions_ids = CommaSeparatedIdsField(
        message=_("Give ids separated by commas."), required=False, help_text="Comma-separated institution ids."
    )


class DailyReleaseLineSerializer(KantynaSerializer):
    meal_type_id = serializers.IntegerField()
    meal_type_name = serializers.CharField()
    diet_id = serializers.IntegerField()
    diet_name = serializers.CharField()
    ordered = serializers.IntegerField(help_text="Live meals ordered.")
    released = serializers.IntegerField(help_text="Meals recorded as released (every portion size).")
    difference = serializers.IntegerField(help_text="Released minus ordered.")


class DailyReleasesInstitutionDaySerializer(KantynaSerializer):
    date = serializers.DateField()
    institution_id = serializers.IntegerField()
    institution_name = serializers.CharField()
    recorded = serializers.BooleanField(help_text="Whether any release was recorded for the day.")
    ordered = serializers.IntegerField()
    released = serializers.IntegerField()
    difference = serializers.IntegerField()
    rows = DailyReleaseLineSerializer(source="lines", many=True)


class DailyReleasesGroupedSerializer(KantynaSerializer):
    date_from = serializers.DateField(allow_null=True)
    date_to = serializers.DateField(allow_null=True)
    institutions = DailyReleasesInstitutionDaySerializer(many=True)
