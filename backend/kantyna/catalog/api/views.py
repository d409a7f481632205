"""Catalogue CRUD endpoints: each one a CrudViewSet over the entity's services (docs/adding-an-entity.md)."""

from __future__ import annotations

import django_filters
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from kantyna.catalog import selectors, services
from kantyna.catalog.api import serializers
from kantyna.catalog.models import Allergen, AllergenGroup, Diet, MealType, MealTypeCategory, PortionSize
from kantyna.core.params import id_of
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import ApiView, CrudViewSet, OptionsMixin, status_response
from kantyna.institutions.models import Institution

CATALOG_ABILITIES = {
    "list": "tenant.access",
    "retrieve": "tenant.access",
    "create": "catalog.manage",
    "update": "catalog.manage",
    "destroy": "catalog.manage",
}


class AllergenViewSet(CrudViewSet):
    """`allergens`: every user reads them (the child form lists them); only admins change them."""

    queryset = Allergen.objects.select_related("group")
    serializer_class = serializers.AllergenSerializer
    abilities = CATALOG_ABILITIES
    search_fields = ["name"]
    ordering_fields = ["number", "name"]
    filterset_fields = ["group"]
    create_service = staticmethod(services.allergen_create)
    update_service = staticmethod(services.allergen_update)
    delete_service = staticmethod(services.allergen_delete)


class AllergenGroupViewSet(CrudViewSet):
    """`allergens/groups`."""

    queryset = AllergenGroup.objects.all()
    serializer_class = serializers.AllergenGroupSerializer
    abilities = CATALOG_ABILITIES
    search_fields = ["name"]
    ordering_fields = ["name"]
    create_service = staticmethod(services.allergen_group_create)
    update_service = staticmethod(services.allergen_group_update)
    delete_service = staticmethod(services.allergen_group_delete)


CATALOG_READ = "tenant.access"
CATALOG_WRITE = "catalog.manage"


class DietFilter(django_filters.FilterSet):
    institutionId = django_filters.NumberFilter(field_name="institutions")
    isDefault = django_filters.BooleanFilter(field_name="is_default")
    allowChangingAllergens = django_filters.BooleanFilter(field_name="allow_changing_allergens")

    class Meta:
        model = Diet
        fields = []


class MealTypeFilter(django_filters.FilterSet):
    categoryId = django_filters.NumberFilter(field_name="category")
    institutionId = django_filters.NumberFilter(method="available_at")
    isDefault = django_filters.BooleanFilter(field_name="is_default")
    blockOnRegistration = django_filters.BooleanFilter(field_name="block_on_registration")

    class Meta:
        model = MealType
        fields = []

    def available_at(self, queryset, name, value):
        return selectors.meal_types_available_at(int(value), queryset)


def _default_of(queryset, serializer_class) -> Response:
    """`<entity>/default`: the one row holding the default flag; 404 when the tenant has not chosen one."""
    instance = queryset.filter(is_default=True).first()
    if instance is None:
        raise NotFound()
    return Response(serializer_class(instance).data)


class PortionSizeViewSet(OptionsMixin, CrudViewSet):
    """`portionSizes`: every user reads them (meal types, grammages, orders name them); only admins change them."""

    queryset = PortionSize.objects.all()
    serializer_class = serializers.PortionSizeSerializer
    option_serializer_class = serializers.PortionSizeOptionSerializer
    abilities = {**CATALOG_ABILITIES, "mark_as_default": CATALOG_WRITE}
    search_fields = ["name"]
    ordering_fields = ["name"]
    create_service = staticmethod(services.portion_size_create)
    update_service = staticmethod(services.portion_size_update)
    delete_service = staticmethod(services.portion_size_delete)

    @extend_schema(request=None, responses=serializers.PortionSizeMarkedAsDefaultSerializer)
    @action(detail=True, methods=["post"], url_path="markAsDefault")
    def mark_as_default(self, request, pk=None):
        """The spec checks that the answer reports the portion size as default, and every action answers a
        status flag: the object and `status: true` together."""
        instance = services.portion_size_mark_as_default(actor=request.user, instance=self.get_object())
        return Response({**self.get_serializer(instance).data, "status": True})


class DietViewSet(OptionsMixin, CrudViewSet):
    """`diets`, ordered by priority (1 first). Commands move a diet up or down and choose the default."""

    queryset = Diet.objects.prefetch_related("institutions")
    serializer_class = serializers.DietSerializer
    option_serializer_class = serializers.DietOptionSerializer
    abilities = {
        **CATALOG_ABILITIES,
        "increase_priority": CATALOG_WRITE,
        "decrease_priority": CATALOG_WRITE,
        "mark_as_default": CATALOG_WRITE,
        "default": CATALOG_READ,
    }
    search_fields = ["name"]
    ordering_fields = ["priority", "name"]
    filterset_class = DietFilter
    create_service = staticmethod(services.diet_create)
    update_service = staticmethod(services.diet_update)
    delete_service = staticmethod(services.diet_delete)

    @extend_schema(request=None, responses=StatusSerializer)
    @action(detail=True, methods=["post"], url_path="increasePriority")
    def increase_priority(self, request, pk=None):
        services.diet_move(actor=request.user, instance=self.get_object(), up=True)
        return status_response()

    @extend_schema(request=None, responses=StatusSerializer)
    @action(detail=True, methods=["post"], url_path="decreasePriority")
    def decrease_priority(self, request, pk=None):
        services.diet_move(actor=request.user, instance=self.get_object(), up=False)
        return status_response()

    @extend_schema(request=None, responses=StatusSerializer)
    @action(detail=True, methods=["post"], url_path="markAsDefault")
    def mark_as_default(self, request, pk=None):
        services.diet_mark_as_default(actor=request.user, instance=self.get_object())
        return status_response()

    @extend_schema(responses=serializers.DietSerializer)
    @action(detail=False, methods=["get"], url_path="default")
    def default(self, request):
        return _default_of(self.get_queryset(), serializers.DietSerializer)


class MealTypeCategoryViewSet(OptionsMixin, CrudViewSet):
    """`mealTypes/categories`, each with its meal types and their portion sizes (the child form's groups).
    `?institutionId=` keeps only the meal types offered at that institution."""

    queryset = MealTypeCategory.objects.all()  # the schema's id type; rows come from get_queryset
    serializer_class = serializers.MealTypeCategorySerializer
    option_serializer_class = serializers.MealTypeCategoryOptionSerializer
    abilities = CATALOG_ABILITIES
    search_fields = ["name"]
    ordering_fields = ["position", "name"]
    create_service = staticmethod(services.meal_type_category_create)
    update_service = staticmethod(services.meal_type_category_update)
    delete_service = staticmethod(services.meal_type_category_delete)

    def get_queryset(self):
        raw = self.request.query_params.get("institutionId") if self.request else None
        institution_id = id_of(raw)
        return self.scope_queryset(selectors.meal_type_categories_with_meal_types(institution_id))

    @extend_schema(parameters=[OpenApiParameter("institutionId", int, required=False)])
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    option_parameters = [OpenApiParameter("institutionId", int, required=False)]


class MealTypeViewSet(OptionsMixin, CrudViewSet):
    """`mealTypes`: what an order item is for on a day. Every user reads them; only admins change them."""

    queryset = MealType.objects.select_related("category").prefetch_related("portion_sizes")
    serializer_class = serializers.MealTypeSerializer
    option_serializer_class = serializers.MealTypeOptionSerializer
    abilities = {**CATALOG_ABILITIES, "count": CATALOG_READ, "default": CATALOG_READ, "mark_as_default": CATALOG_WRITE}
    search_fields = ["name", "description"]
    ordering_fields = ["position", "name"]
    filterset_class = MealTypeFilter
    create_service = staticmethod(services.meal_type_create)
    update_service = staticmethod(services.meal_type_update)
    delete_service = staticmethod(services.meal_type_delete)

    @extend_schema(responses=serializers.MealTypesCountSerializer)
    @action(detail=False, methods=["get"], url_path="count")
    def count(self, request):
        return Response({"count": self.filter_queryset(self.get_queryset()).count()})

    @extend_schema(responses=serializers.MealTypeSerializer)
    @action(detail=False, methods=["get"], url_path="default")
    def default(self, request):
        return _default_of(self.get_queryset(), serializers.MealTypeSerializer)

    @extend_schema(request=None, responses=StatusSerializer)
    @action(detail=True, methods=["post"], url_path="markAsDefault")
    def mark_as_default(self, request, pk=None):
        services.meal_type_mark_as_default(actor=request.user, instance=self.get_object())
        return status_response()


class MealTypesGroupedByInstitutionsView(ApiView):
    """`mealTypeInstitutionSettings/groupedByInstitutions`: for each institution, the meal types offered there."""

    ability = CATALOG_READ

    @extend_schema(responses=serializers.InstitutionMealTypesSerializer(many=True))
    def get(self, request):
        rows = selectors.meal_types_grouped_by_institutions()
        return Response(serializers.InstitutionMealTypesSerializer(rows, many=True).data)


class MealTypesOfInstitutionView(ApiView):
    """`mealTypeInstitutionSettings/institutions/{institutionId}` (PUT `{mealTypesIds}`): choose which meal
    types an institution offers. Not in the spec's call list; the meal types screen edits availability here."""

    abilities = {"PUT": CATALOG_WRITE}

    @extend_schema(
        request=serializers.InstitutionMealTypesInputSerializer, responses=serializers.InstitutionMealTypesSerializer
    )
    def put(self, request, institution_id: int):
        institution = get_object_or_404(Institution, pk=institution_id)
        serializer = serializers.InstitutionMealTypesInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        meal_types = services.meal_types_set_available_at_institution(
            actor=request.user, institution=institution, meal_types=serializer.validated_data["meal_types_ids"]
        )
        row = {
            "institution_id": institution.pk,
            "institution_name": institution.name,
            "institution_short_name": institution.short_name,
            "meal_types_ids": [m.pk for m in sorted(meal_types, key=lambda m: (m.position, m.name))],
        }
        return Response(serializers.InstitutionMealTypesSerializer(row).data)
