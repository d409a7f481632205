"""Ingredients and meals: CRUD over the services, the ingredients import and its template, meal options and
bulk delete. Admins and institutions admins read; admins and institutions admins with menu_edit write,
because meals and their recipes are what menus are made of (spec section 6)."""

from __future__ import annotations

import django_filters
from django.db.models import Count, Prefetch
from django.http import HttpResponse
from django.utils.translation import gettext as _
from djangorestframework_camel_case.parser import CamelCaseMultiPartParser
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.decorators import action
from rest_framework.response import Response

from kantyna.core.serializers import ImportErrorSerializer, StatusSerializer
from kantyna.core.viewsets import CrudViewSet, OptionsMixin, status_response
from kantyna.meals import imports, services
from kantyna.meals.api import serializers
from kantyna.meals.models import Ingredient, Meal, MealIngredient, Unit

MEALS_ABILITIES = {
    "list": "meals.view",
    "retrieve": "meals.view",
    "template": "meals.view",
    "create": "menu.edit",
    "update": "menu.edit",
    "destroy": "menu.edit",
    "import_file": "menu.edit",
    "bulk_delete": "menu.edit",
}
XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


class IngredientFilter(django_filters.FilterSet):
    allergenId = django_filters.NumberFilter(field_name="allergens", help_text="Ingredients with this allergen.")
    unit = django_filters.ChoiceFilter(choices=Unit.choices)

    class Meta:
        model = Ingredient
        fields = []


class IngredientViewSet(CrudViewSet):
    """`ingredients`, `ingredients/import` (XLSX, all or nothing) and `ingredients/import/template`."""

    # An aggregate drops Meta.ordering (GROUP BY), so the default order is spelled out.
    queryset = (
        Ingredient.objects.prefetch_related("allergens")
        .annotate(meals_count=Count("meal_uses__meal", distinct=True))
        .order_by("name", "id")
    )
    serializer_class = serializers.IngredientSerializer
    abilities = MEALS_ABILITIES
    search_fields = ["name"]
    ordering_fields = ["name", "unit", "meals_count"]
    filterset_class = IngredientFilter
    create_service = staticmethod(services.ingredient_create)
    update_service = staticmethod(services.ingredient_update)
    delete_service = staticmethod(services.ingredient_delete)

    def perform_create(self, serializer):
        super().perform_create(serializer)
        serializer.instance.meals_count = 0

    def perform_update(self, serializer):
        super().perform_update(serializer)
        serializer.instance.meals_count = serializer.instance.meal_uses.values("meal").distinct().count()

    @extend_schema(
        request={"multipart/form-data": serializers.IngredientImportSerializer},
        responses={
            200: serializers.IngredientImportResultSerializer,
            400: OpenApiResponse(ImportErrorSerializer, description="Nothing was imported."),
        },
    )
    @action(detail=False, methods=["post"], url_path="import", parser_classes=[CamelCaseMultiPartParser])
    def import_file(self, request):
        form = serializers.IngredientImportSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        upload = form.validated_data["file"]
        rows = imports.read_ingredients(upload)
        counts = services.ingredients_import(actor=request.user, rows=rows, file_name=upload.name)
        return Response({"status": True, **counts})

    @extend_schema(responses={(200, XLSX_CONTENT_TYPE): OpenApiTypes.BINARY})
    @action(detail=False, methods=["get"], url_path="import/template")
    def template(self, request):
        response = HttpResponse(imports.ingredients_template(), content_type=XLSX_CONTENT_TYPE)
        # An ASCII name (in both languages): safe in every browser and file system.
        file_name = _("ingredients-template")
        response["Content-Disposition"] = f'attachment; filename="{file_name}.xlsx"'
        return response


class MealFilter(django_filters.FilterSet):
    allergenId = django_filters.NumberFilter(field_name="allergens", help_text="Meals with this allergen.")
    withoutAllergenId = django_filters.NumberFilter(
        field_name="allergens", exclude=True, help_text="Meals free of this allergen."
    )
    ingredientId = django_filters.NumberFilter(field_name="ingredients__ingredient", distinct=True)

    class Meta:
        model = Meal
        fields = []


class MealViewSet(OptionsMixin, CrudViewSet):
    """`meals`, `meals/options` (value, text, kcal, allergens) and `meals/bulkDelete`."""

    queryset = Meal.objects.all()
    serializer_class = serializers.MealSerializer
    option_serializer_class = serializers.MealOptionSerializer
    abilities = MEALS_ABILITIES
    search_fields = ["name", "description"]
    ordering_fields = ["name", "kcal", "id"]
    filterset_class = MealFilter
    create_service = staticmethod(services.meal_create)
    update_service = staticmethod(services.meal_update)
    delete_service = staticmethod(services.meal_delete)

    def get_queryset(self):
        queryset = super().get_queryset().prefetch_related("allergens")
        if self.action == "list":
            return queryset.annotate(
                ingredients_count=Count("ingredients__ingredient", distinct=True),
                menus_count=Count("menu_items__menu", distinct=True),
            ).order_by("name", "id")  # an aggregate drops Meta.ordering (GROUP BY)
        if self.action in ("retrieve", "update"):
            return queryset.prefetch_related(
                "portions__portion_size",
                Prefetch(
                    "ingredients",
                    queryset=MealIngredient.objects.select_related("ingredient", "portion_size").order_by("id"),
                ),
            )
        return queryset

    def get_serializer_class(self):
        return serializers.MealListSerializer if self.action == "list" else super().get_serializer_class()

    # OpenAPI has no body on DELETE, so the schema cannot show {mealIds}; the serializer still validates it.
    @extend_schema(request=serializers.MealsBulkDeleteSerializer, responses={200: StatusSerializer})
    @action(detail=False, methods=["delete"], url_path="bulkDelete", url_name="bulk-delete")
    def bulk_delete(self, request):
        form = serializers.MealsBulkDeleteSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        services.meals_bulk_delete(actor=request.user, meals=form.validated_data["meals"])
        return status_response()
