"""Shapes of meals to release: the queries (a day or a range, a kitchen, institutions, meal types; the nested view
one day) and the answers (flat rows, per institution and dish, one meal per date, the nested view with names, a
day per institution and its summary, the dishes ordered, the period's report)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from kantyna.core.api.renderers import Camelized
from kantyna.core.serializers import CommaSeparatedIdsField, KantynaSerializer
from kantyna.kitchen.api.prepare_serializers import DietCountSerializer, MealsToPrepareQuerySerializer
from kantyna.kitchen.selectors.prepare import diets_in_order
from kantyna.kitchen.selectors.release import institutions_in_order

# Inputs ---------------------------------------------------------------------------------------------------------


class MealsToReleaseQuerySerializer(MealsToPrepareQuerySerializer):
    """A day (default tomorrow) or a range of at most 62 days, and the optional narrowing."""

    meal_types_ids = CommaSeparatedIdsField(
        message=_("Give ids separated by commas."),
        required=False,
        help_text="Comma-separated meal type ids; default: every one.",
    )


class NestedMealsToReleaseQuerySerializer(MealsToReleaseQuerySerializer):
    """One day only: the nested view lists people, a range would list each of them once per day."""

    date_from = None
    date_to = None


class DayQuerySerializer(NestedMealsToReleaseQuerySerializer):
    """`orders/mealsToRelease/{date}`: the day is the path's (required)."""

    date = serializers.DateField(help_text="The day (YYYY-MM-DD), from the path.")


# Outputs --------------------------------------------------------------------------------------------------------


class ReleaseRefSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class GroupSerializer(KantynaSerializer):
    kind = serializers.CharField(
        help_text="classroom: a classroom's children; workersGroup: a worker group; workers: the institution's "
        "workers without a group (id and name null).",
    )
    id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(allow_null=True)


class ReleaseRowSerializer(KantynaSerializer):
    date = serializers.DateField()
    institution = ReleaseRefSerializer()
    group = GroupSerializer()
    meal_type = ReleaseRefSerializer()
    diet = ReleaseRefSerializer()
    portion_size = ReleaseRefSerializer()
    portions = serializers.IntegerField(help_text="Live meals (active or served) of this row.")


class DishReleaseSerializer(KantynaSerializer):
    id = serializers.IntegerField(allow_null=True, help_text="The meal; null: portions whose day has no menu dish.")
    name = serializers.CharField(allow_null=True)
    meal_type = ReleaseRefSerializer()
    portions = serializers.IntegerField()
    diets = serializers.SerializerMethodField()

    @extend_schema_field(DietCountSerializer(many=True))
    def get_diets(self, dish) -> list:
        return DietCountSerializer(diets_in_order(dish), many=True).data


class InstitutionDishesSerializer(KantynaSerializer):
    institution = ReleaseRefSerializer()
    portions = serializers.IntegerField()
    dishes = serializers.SerializerMethodField()

    @extend_schema_field(DishReleaseSerializer(many=True))
    def get_dishes(self, place) -> list:
        return DishReleaseSerializer(place.dishes_in_order(), many=True).data


class GroupedMealsToReleaseSerializer(KantynaSerializer):
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    portions = serializers.IntegerField()
    institutions = InstitutionDishesSerializer(many=True)


class InstitutionCountSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    portions = serializers.IntegerField()


class DateReleaseSerializer(KantynaSerializer):
    date = serializers.DateField()
    portions = serializers.IntegerField()
    institutions = serializers.SerializerMethodField()

    @extend_schema_field(InstitutionCountSerializer(many=True))
    def get_institutions(self, day) -> list:
        return [{"id": ref.id, "name": ref.name, "portions": portions} for ref, portions in institutions_in_order(day)]


class MealByDatesSerializer(KantynaSerializer):
    meal = ReleaseRefSerializer()
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    portions = serializers.IntegerField()
    dates = DateReleaseSerializer(many=True, help_text="Only the dates on which the meal is handed out, in order.")


class ReceiverSerializer(KantynaSerializer):
    kind = serializers.CharField(help_text="child or worker.")
    id = serializers.IntegerField(help_text="The child's id, or the worker profile's.")
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    portion_size = ReleaseRefSerializer()
    portions = serializers.IntegerField()
    allergens = ReleaseRefSerializer(many=True, help_text="The receiver's allergens, to be shown prominently.")


class NestedDietSerializer(KantynaSerializer):
    id = serializers.IntegerField(source="diet.id")
    name = serializers.CharField(source="diet.name")
    portions = serializers.IntegerField()
    receivers = serializers.SerializerMethodField()

    @extend_schema_field(ReceiverSerializer(many=True))
    def get_receivers(self, diet) -> list:
        return ReceiverSerializer(diet.receivers_in_order(), many=True).data


class NestedMealTypeSerializer(KantynaSerializer):
    id = serializers.IntegerField(source="meal_type.id")
    name = serializers.CharField(source="meal_type.name")
    portions = serializers.IntegerField()
    diets = serializers.SerializerMethodField()

    @extend_schema_field(NestedDietSerializer(many=True))
    def get_diets(self, meal_type) -> list:
        return NestedDietSerializer(meal_type.diets_in_order(), many=True).data


class NestedGroupSerializer(KantynaSerializer):
    kind = serializers.CharField(source="group.kind", help_text="classroom, workersGroup or workers (id null).")
    id = serializers.IntegerField(source="group.id", allow_null=True)
    name = serializers.CharField(source="group.name", allow_null=True)
    portions = serializers.IntegerField()
    meal_types = serializers.SerializerMethodField()

    @extend_schema_field(NestedMealTypeSerializer(many=True))
    def get_meal_types(self, group) -> list:
        return NestedMealTypeSerializer(group.meal_types_in_order(), many=True).data


class NestedInstitutionSerializer(KantynaSerializer):
    id = serializers.IntegerField(source="institution.id")
    name = serializers.CharField(source="institution.name")
    portions = serializers.IntegerField()
    groups = serializers.SerializerMethodField()

    @extend_schema_field(NestedGroupSerializer(many=True))
    def get_groups(self, place) -> list:
        return NestedGroupSerializer(place.groups_in_order(), many=True).data


class NestedMealsToReleaseSerializer(KantynaSerializer):
    date = serializers.DateField()
    portions = serializers.IntegerField()
    institutions = NestedInstitutionSerializer(many=True)


class MealTypePortionsSerializer(KantynaSerializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    portions = serializers.IntegerField()


class InstitutionDaySerializer(KantynaSerializer):
    institution = ReleaseRefSerializer()
    portions = serializers.IntegerField()
    meal_types = MealTypePortionsSerializer(many=True)


class DayMealsToReleaseSerializer(KantynaSerializer):
    date = serializers.DateField()
    portions = serializers.IntegerField()
    institutions = InstitutionDaySerializer(many=True)


class MealTypeSummarySerializer(KantynaSerializer):
    id = serializers.IntegerField(source="meal_type.id")
    name = serializers.CharField(source="meal_type.name")
    portions = serializers.IntegerField()
    diets = serializers.SerializerMethodField()

    @extend_schema_field(DietCountSerializer(many=True))
    def get_diets(self, summary) -> list:
        return DietCountSerializer(diets_in_order(summary), many=True).data


class DaySummarySerializer(KantynaSerializer):
    date = serializers.DateField()
    portions = serializers.IntegerField()
    meal_types = MealTypeSummarySerializer(many=True)


class OrderedMealSerializer(KantynaSerializer):
    id = serializers.IntegerField(allow_null=True, help_text="The meal; null: portions whose day has no menu dish.")
    name = serializers.CharField(allow_null=True)
    meal_type = ReleaseRefSerializer()
    portions = serializers.IntegerField()


class OrderedMealsSerializer(KantynaSerializer):
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    portions = serializers.IntegerField()
    meals = OrderedMealSerializer(many=True)


class ReportRowSerializer(KantynaSerializer):
    institution = ReleaseRefSerializer()
    date = serializers.DateField()
    portions = serializers.IntegerField()
    by_meal_type = serializers.ListField(
        child=serializers.IntegerField(), help_text="Portions per meal type, in the order of `mealTypes`."
    )


class ReleaseReportSerializer(KantynaSerializer):
    date_from = serializers.DateField()
    date_to = serializers.DateField()
    portions = serializers.IntegerField()
    meal_types = ReleaseRefSerializer(many=True, help_text="The columns: the meal types ordered in the period.")
    rows = ReportRowSerializer(many=True, help_text="One per institution (by name) and day (in order).")
    totals = serializers.ListField(child=serializers.IntegerField(), help_text="Each column's total.")


def _ref(ref) -> dict:
    return {"id": ref.id, "name": ref.name}


def nested_json(result) -> Camelized:
    """The nested view's body built directly (camelCase, as `NestedMealsToReleaseSerializer` and the renderer would
    write it; a test holds them equal): serializing hundreds of receivers field by field was most of the call."""
    return Camelized(
        date=result.date.isoformat(),
        portions=result.portions,
        institutions=[
            {
                "id": place.institution.id,
                "name": place.institution.name,
                "portions": place.portions,
                "groups": [
                    {
                        "kind": group.group.kind,
                        "id": group.group.id,
                        "name": group.group.name,
                        "portions": group.portions,
                        "mealTypes": [
                            {
                                "id": meal_type.meal_type.id,
                                "name": meal_type.meal_type.name,
                                "portions": meal_type.portions,
                                "diets": [
                                    {
                                        "id": diet.diet.id,
                                        "name": diet.diet.name,
                                        "portions": diet.portions,
                                        "receivers": [
                                            {
                                                "kind": receiver.kind,
                                                "id": receiver.id,
                                                "firstName": receiver.first_name,
                                                "lastName": receiver.last_name,
                                                "portionSize": _ref(receiver.portion_size),
                                                "portions": receiver.portions,
                                                "allergens": [_ref(allergen) for allergen in receiver.allergens],
                                            }
                                            for receiver in diet.receivers_in_order()
                                        ],
                                    }
                                    for diet in meal_type.diets_in_order()
                                ],
                            }
                            for meal_type in group.meal_types_in_order()
                        ],
                    }
                    for group in place.groups_in_order()
                ],
            }
            for place in result.institutions
        ],
    )
