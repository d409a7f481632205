"""Reads of self-registration: whether it is open, and the option lists an anonymous registrant may see.

Only what a registration form needs leaves the server: active institutions and their classrooms, diets,
allergens, districts, groups, price lists groups (for the child form's defaulting) and the meal type
categories. No person, price or note."""

from __future__ import annotations

from django.db.models import Prefetch, Q, QuerySet

from kantyna.catalog.models import Allergen, Diet, MealType, MealTypeInstitutionSetting
from kantyna.catalog.selectors import meal_type_categories_with_meal_types
from kantyna.institutions.models import Classroom, District, Institution
from kantyna.people.models import ChildrenGroup, InstitutionWorkersGroup
from kantyna.pricing.models import PriceListsGroup
from kantyna.tenant_settings.selectors import settings_get

PARENT = "parent"
INSTITUTION_WORKER = "institution_worker"
USER_TYPES = (PARENT, INSTITUTION_WORKER)


def registration_is_open() -> bool:
    return bool(settings_get("parents_settings")["allow_self_registration"])


def registration_allows(user_type: str) -> bool:
    """`general.register_as` says who may register: parent, institution_worker or both."""
    register_as = settings_get("general")["register_as"]
    return register_as == "both" or register_as == user_type


def registration_institutions(institution_slug: str | None = None) -> QuerySet[Institution]:
    """Active institutions a registrant may choose. When the tenant hides its institution lists from parents,
    only the institution named by its slug (the /auth/register/{slug} link, or the slug the user typed)."""
    queryset = Institution.objects.filter(is_active=True).select_related("district").order_by("name", "id")
    if institution_slug:
        return queryset.filter(slug=institution_slug)
    if settings_get("parents_settings")["hide_institutions_lists_from_parents"]:
        return queryset.none()
    return queryset


def meal_types_ids_by_institution(institutions: list[Institution]) -> dict[int, list[int]]:
    """For each institution, the meal types served there (all but those switched off), in two queries."""
    all_ids = list(MealType.objects.order_by("position", "name").values_list("pk", flat=True))
    off: dict[int, set[int]] = {}
    rows = MealTypeInstitutionSetting.objects.filter(
        is_available=False, institution__in=[institution.pk for institution in institutions]
    ).values_list("institution_id", "meal_type_id")
    for institution_id, meal_type_id in rows:
        off.setdefault(institution_id, set()).add(meal_type_id)
    return {
        institution.pk: [pk for pk in all_ids if pk not in off.get(institution.pk, set())]
        for institution in institutions
    }


def registration_diets() -> QuerySet[Diet]:
    return Diet.objects.prefetch_related(Prefetch("institutions", queryset=Institution.objects.only("pk")))


def registration_settings() -> dict:
    parents = settings_get("parents_settings")
    return {
        "register_as": settings_get("general")["register_as"],
        "invoices_for_users": settings_get("invoices_config_for_users")["enable_invoices_for_users"],
        "allow_changing_allergens": parents["allow_changing_allergens"],
        "allow_changing_allergens_note": parents["allow_changing_allergens_note"],
        "catering_terms_url": settings_get("company_details")["catering_terms_url"] or None,
    }


def registration_child_options(*, institution_slug: str | None = None) -> dict:
    institutions = list(registration_institutions(institution_slug))
    classrooms = Classroom.objects.filter(institution__in=institutions).select_related(
        "institution", "related_price_lists_group"
    )
    return {
        "settings": registration_settings(),
        "institutions": institutions,
        "meal_types_ids": meal_types_ids_by_institution(institutions),
        "diets": registration_diets(),
        "allergens": Allergen.objects.all(),
        "classrooms": classrooms,
        "districts": District.objects.all(),
        "children_groups": ChildrenGroup.objects.all(),
        "price_lists_groups": PriceListsGroup.objects.filter(for_group_orders=False),
        "meal_type_categories": meal_type_categories_with_meal_types(),
    }


def registration_worker_options(*, institution_slug: str | None = None) -> dict:
    institutions = list(registration_institutions(institution_slug))
    return {
        "settings": registration_settings(),
        "institutions": institutions,
        "meal_types_ids": meal_types_ids_by_institution(institutions),
        "diets": registration_diets(),
        "allergens": Allergen.objects.all(),
        "districts": District.objects.all(),
        "institution_workers_groups": InstitutionWorkersGroup.objects.filter(
            Q(institution__isnull=True) | Q(institution__in=institutions)
        ).select_related("institution"),
    }
