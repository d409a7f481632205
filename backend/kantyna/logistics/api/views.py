"""Kitchens (with their institution x meal type assignments), drivers and route numbers: admin-only
dictionaries (routes.tsv), each a CrudViewSet over its services (docs/adding-an-entity.md)."""

from __future__ import annotations

import django_filters
from django.db.models import Prefetch
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action

from kantyna.core.api.params import query_data
from kantyna.core.pagination import MAX_PER_PAGE, PagePagination, page_of, page_parameters
from kantyna.core.permissions import HasAbility
from kantyna.core.viewsets import ApiView, CrudViewSet, OptionsMixin
from kantyna.logistics import selectors, services
from kantyna.logistics.api import serializers
from kantyna.logistics.models import Driver, Kitchen, KitchenInstitutionMealType, RouteNumber, RouteStop

# Reading these dictionaries is back-office work too: the spec opens their screens to admins only.
LOGISTICS_ABILITIES = {
    "list": "catalog.manage",
    "retrieve": "catalog.manage",
    "create": "catalog.manage",
    "update": "catalog.manage",
    "destroy": "catalog.manage",
}


class KitchenFilter(django_filters.FilterSet):
    isActive = django_filters.BooleanFilter(field_name="is_active")
    institutionId = django_filters.NumberFilter(field_name="institutions_meal_types__institution", distinct=True)

    class Meta:
        model = Kitchen
        fields = []


class KitchenViewSet(OptionsMixin, CrudViewSet):
    """`kitchens`: the form writes the institution x meal type matrix with the kitchen (PUT replaces it)."""

    queryset = Kitchen.objects.prefetch_related(
        Prefetch(
            "institutions_meal_types",
            queryset=KitchenInstitutionMealType.objects.select_related("institution").order_by(
                "institution__name", "institution_id", "meal_type__position", "meal_type__name"
            ),
        )
    )
    serializer_class = serializers.KitchenSerializer
    option_serializer_class = serializers.KitchenOptionSerializer
    # Whoever plans meals to prepare (kitchen.prepare: cooks, institutions admins) picks a kitchen by name.
    abilities = {**LOGISTICS_ABILITIES, "options_list": ("catalog.manage", "kitchen.prepare")}
    filterset_class = KitchenFilter
    search_fields = ["name", "city", "street"]
    ordering_fields = ["name", "city", "is_active"]
    create_service = staticmethod(services.kitchen_create)
    update_service = staticmethod(services.kitchen_update)
    delete_service = staticmethod(services.kitchen_delete)

    def get_queryset(self):
        queryset = super().get_queryset()
        # Option lists show names only; the matrix would be loaded for nothing.
        return queryset.prefetch_related(None) if self.action == "options_list" else queryset


class KitchenIngredientsView(ApiView):
    """`kitchens/ingredients`: what the kitchen's menus need in a date range, per ingredient (see
    selectors.kitchen_ingredients: without orders, the amount is for one portion of each menu item)."""

    ability = "catalog.manage"

    @extend_schema(
        parameters=[
            OpenApiParameter("kitchenId", int, required=True),
            OpenApiParameter("dateFrom", OpenApiTypes.DATE, required=True),
            OpenApiParameter("dateTo", OpenApiTypes.DATE, required=True),
            OpenApiParameter("portionSizeId", int, required=False, description="Default: the default portion size."),
            *page_parameters(MAX_PER_PAGE),
        ],
        responses=serializers.KitchenIngredientPageSerializer,
    )
    def get(self, request):
        params = query_data(request, serializers.KitchenIngredientsQuerySerializer)
        ingredients = selectors.kitchen_ingredients(**params)
        paginator = PagePagination()
        paginator.default_per_page = MAX_PER_PAGE
        page = paginator.paginate_queryset(ingredients, request, view=self)
        return paginator.get_paginated_response(serializers.KitchenIngredientSerializer(page, many=True).data)


class KitchenInstitutionMealTypeFilter(django_filters.FilterSet):
    kitchenId = django_filters.NumberFilter(field_name="kitchen")
    institutionId = django_filters.NumberFilter(field_name="institution")
    mealTypeId = django_filters.NumberFilter(field_name="meal_type")

    class Meta:
        model = KitchenInstitutionMealType
        fields = []


class KitchenInstitutionMealTypeViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """`kitchensInstitutionsMealTypes` (paginated) and `/all` (every row, as perPage=9999): read-only, since the
    assignments are written with their kitchen."""

    queryset = KitchenInstitutionMealType.objects.select_related("kitchen", "institution", "meal_type")
    serializer_class = serializers.KitchenInstitutionMealTypeSerializer
    permission_classes = [HasAbility]
    ability = "catalog.manage"
    filterset_class = KitchenInstitutionMealTypeFilter
    filter_backends = CrudViewSet.filter_backends
    ordering_fields = ["kitchen__name", "institution__name", "meal_type__position"]
    ordering_aliases = {"kitchenName": "kitchen__name", "institutionName": "institution__name"}

    @extend_schema(
        parameters=[OpenApiParameter("perPage", int, required=False)],
        responses=page_of(serializers.KitchenInstitutionMealTypeSerializer),
    )
    @action(detail=False, methods=["get"], url_path="all", url_name="all")
    def all(self, request):
        paginator = self.paginator
        paginator.default_per_page = MAX_PER_PAGE
        page = paginator.paginate_queryset(self.filter_queryset(self.get_queryset()), request, view=self)
        return paginator.get_paginated_response(self.get_serializer(page, many=True).data)


class DriverFilter(django_filters.FilterSet):
    isActive = django_filters.BooleanFilter(field_name="is_active")

    class Meta:
        model = Driver
        fields = []


class DriverViewSet(OptionsMixin, CrudViewSet):
    """`drivers`: a driver named by a route cannot be deleted (409); deactivate instead."""

    queryset = Driver.objects.prefetch_related(
        Prefetch("route_numbers", queryset=RouteNumber.objects.order_by("number"))
    )
    serializer_class = serializers.DriverSerializer
    option_serializer_class = serializers.DriverOptionSerializer
    abilities = LOGISTICS_ABILITIES
    filterset_class = DriverFilter
    search_fields = ["first_name", "last_name", "phone_number", "vehicle_registration"]
    ordering_fields = ["last_name", "first_name", "vehicle_registration", "is_active"]
    create_service = staticmethod(services.driver_create)
    update_service = staticmethod(services.driver_update)
    delete_service = staticmethod(services.driver_delete)


class RouteNumberFilter(django_filters.FilterSet):
    driverId = django_filters.NumberFilter(field_name="driver")

    class Meta:
        model = RouteNumber
        fields = []


class RouteNumberViewSet(OptionsMixin, CrudViewSet):
    """`routeNumbers`."""

    queryset = RouteNumber.objects.select_related("driver").prefetch_related(
        Prefetch("stops", queryset=RouteStop.objects.select_related("institution").order_by("position", "id"))
    )
    serializer_class = serializers.RouteNumberSerializer
    option_serializer_class = serializers.RouteNumberOptionSerializer
    abilities = LOGISTICS_ABILITIES
    filterset_class = RouteNumberFilter
    search_fields = ["number", "description", "driver__last_name", "driver__first_name"]
    ordering_fields = ["number", "driver__last_name"]
    ordering_aliases = {"driverName": "driver__last_name"}
    answer_as_listed = True  # the stops as the list shows them
    create_service = staticmethod(services.route_number_create)
    update_service = staticmethod(services.route_number_update)
    delete_service = staticmethod(services.route_number_delete)

    def get_queryset(self):
        queryset = super().get_queryset()
        return queryset.prefetch_related(None) if self.action == "options_list" else queryset
