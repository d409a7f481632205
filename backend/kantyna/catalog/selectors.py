"""Reads on the catalogue that need more than `Model.objects`."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from kantyna.catalog.models import Diet, MealType, MealTypeCategory, MealTypeInstitutionSetting
from kantyna.institutions.models import Institution


def diet_serves(diet: Diet, institution: Institution) -> bool:
    """A diet with no institution listed is offered everywhere; otherwise only at the listed ones. Reads the
    diet's prefetched `institutions` when there (one query otherwise)."""
    ids = [item.pk for item in diet.institutions.all()]
    return not ids or institution.pk in ids


def meal_types_available_at(institution_id: int, queryset: QuerySet[MealType] | None = None) -> QuerySet[MealType]:
    """Meal types offered at an institution: all of them except those switched off there."""
    queryset = MealType.objects.all() if queryset is None else queryset
    return queryset.exclude(
        institution_settings__institution_id=institution_id, institution_settings__is_available=False
    )


def meal_type_categories_with_meal_types(institution_id: int | None = None) -> QuerySet[MealTypeCategory]:
    """Categories with their meal types and each meal type's portion sizes, in three queries whatever the
    number of rows; with `institution_id`, only the meal types offered there."""
    meal_types = MealType.objects.prefetch_related("portion_sizes")
    if institution_id is not None:
        meal_types = meal_types_available_at(institution_id, meal_types)
    return MealTypeCategory.objects.prefetch_related(Prefetch("meal_types", queryset=meal_types))


def meal_types_grouped_by_institutions() -> list[dict]:
    """For every institution, the ids of the meal types available there (default: all), in three queries."""
    all_ids = list(MealType.objects.values_list("pk", flat=True))
    unavailable: dict[int, set[int]] = {}
    for institution_id, meal_type_id in MealTypeInstitutionSetting.objects.filter(is_available=False).values_list(
        "institution_id", "meal_type_id"
    ):
        unavailable.setdefault(institution_id, set()).add(meal_type_id)
    return [
        {
            "institution_id": institution.pk,
            "institution_name": institution.name,
            "institution_short_name": institution.short_name,
            "meal_types_ids": [pk for pk in all_ids if pk not in unavailable.get(institution.pk, set())],
        }
        for institution in Institution.objects.only("pk", "name", "short_name")
    ]
