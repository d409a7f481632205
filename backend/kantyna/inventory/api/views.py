"""`inventoryTurnovers` (spec; list paged by 20, create, one, update) with `{id}/void` and `totals` (ours),
`ingredients/outcomes` (spec) with `ingredients/outcomes/book`, and `inventory/stock` with an ingredient's minimum
(ours). Admins only (`inventory.manage`): stock is the kitchen's office work.

There is no DELETE: a turnover is stock history (what came in from whom, what went out), and a deleted row would
leave past stock levels and values unexplained. A mistaken row is corrected by an audited edit, or voided: kept,
shown struck out, left out of every sum, with who voided it, when and why."""

from __future__ import annotations

import django_filters
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.filters import SearchFilter
from rest_framework.response import Response

from kantyna.core.api.params import body_data, query_data
from kantyna.core.filters import CamelOrderingFilter
from kantyna.core.permissions import HasAbility
from kantyna.core.viewsets import ApiView
from kantyna.inventory import selectors, services
from kantyna.inventory.api import serializers as s
from kantyna.inventory.models import InventoryTurnover, Kind, Reason
from kantyna.meals.models import Ingredient
from kantyna.ordering.cutoff import tenant_today

ABILITY = "inventory.manage"


class TurnoverFilter(django_filters.FilterSet):
    kind = django_filters.ChoiceFilter(choices=Kind.choices)
    reason = django_filters.ChoiceFilter(choices=Reason.choices)
    ingredientId = django_filters.NumberFilter(field_name="ingredient_id")
    kitchenId = django_filters.NumberFilter(field_name="kitchen_id")
    dateFrom = django_filters.DateFilter(field_name="date", lookup_expr="gte")
    dateTo = django_filters.DateFilter(field_name="date", lookup_expr="lte")
    voided = django_filters.BooleanFilter(
        field_name="voided_at", lookup_expr="isnull", exclude=True, help_text="true: only voided rows; false: none."
    )

    class Meta:
        model = InventoryTurnover
        fields = []


class InventoryTurnoverViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """List (20 a page, newest first), one, create (201 + id), correct (PUT); `{id}/void` instead of a delete."""

    permission_classes = [HasAbility]
    ability = ABILITY
    http_method_names = ["get", "post", "put"]
    filter_backends = [DjangoFilterBackend, SearchFilter, CamelOrderingFilter]
    lookup_value_regex = r"\d+"
    queryset = InventoryTurnover.objects.select_related("ingredient", "kitchen").order_by("-date", "-id")
    serializer_class = s.InventoryTurnoverSerializer
    filterset_class = TurnoverFilter
    search_fields = ["ingredient__name", "supplier", "document_number", "note"]
    ordering_fields = ["date", "quantity", "net_value", "id"]

    def perform_create(self, serializer):
        serializer.instance = services.turnover_create(actor=self.request.user, **serializer.validated_data)

    def perform_update(self, serializer):
        data = dict(serializer.validated_data)
        data.pop("kind", None)
        serializer.instance = services.turnover_update(actor=self.request.user, instance=serializer.instance, **data)

    def update(self, request, *args, **kwargs):
        """PUT only (no PATCH): the form sends the whole row."""
        serializer = self.get_serializer(self.get_object(), data=request.data)
        serializer.is_valid(raise_exception=True)
        self.perform_update(serializer)
        return Response(serializer.data)

    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        self.perform_create(serializer)
        return Response(serializer.data, status=status.HTTP_201_CREATED)

    @extend_schema(request=s.VoidSerializer, responses=s.InventoryTurnoverSerializer)
    @action(detail=True, methods=["post"], url_path="void")
    def void(self, request, pk=None):
        data = body_data(request, s.VoidSerializer)
        turnover = services.turnover_void(actor=request.user, instance=self.get_object(), **data)
        return Response(s.InventoryTurnoverSerializer(turnover).data)

    @extend_schema(responses=s.TurnoverTotalsSerializer)
    @action(detail=False, methods=["get"], url_path="totals")
    def totals(self, request):
        """The filtered list's totals (voided rows out): rows, net value, and the quantity when of one ingredient."""
        totals = selectors.turnover_totals(self.filter_queryset(self.get_queryset()))
        return Response(s.TurnoverTotalsSerializer(totals).data)


class StockView(ApiView):
    """Every ingredient's stock (in a kitchen, or all kitchens together), its value, its minimum, what the orders
    of the next `days` days need and what to order; `low=true` only those low on stock."""

    ability = ABILITY

    @extend_schema(
        operation_id="inventory_stock",
        parameters=[
            OpenApiParameter("kitchenId", int),
            OpenApiParameter("days", int),
            OpenApiParameter("low", bool),
            OpenApiParameter("search", str),
        ],
        responses=s.StockLevelSerializer(many=True),
    )
    def get(self, request):
        query = query_data(request, s.StockQuerySerializer)
        kitchen = query.get("kitchen_id")
        levels = selectors.stock_levels(
            kitchen_id=kitchen.pk if kitchen else None,
            days=query["days"],
            today=tenant_today(),
            low_only=query["low"],
            search=query["search"],
        )
        return Response(s.StockLevelSerializer(levels, many=True).data)


class StockMinimumView(ApiView):
    """Set an ingredient's minimum stock (null: none)."""

    ability = ABILITY

    @extend_schema(
        operation_id="inventory_stock_minimum", request=s.StockMinimumSerializer, responses=s.StockMinimumSerializer
    )
    def put(self, request, ingredient_id: int):
        ingredient = Ingredient.objects.filter(pk=ingredient_id).first()
        if ingredient is None:
            from rest_framework.exceptions import NotFound  # noqa: PLC0415 - only this refusal needs it

            raise NotFound
        data = body_data(request, s.StockMinimumSerializer)
        services.stock_minimum_set(actor=request.user, ingredient=ingredient, quantity=data["quantity"])
        return Response(s.StockMinimumSerializer(data).data)


class IngredientsOutcomesView(ApiView):
    """For a period (at most 62 days) and a kitchen: what the orders consume per ingredient, beside the outcomes
    recorded and the stock now."""

    ability = ABILITY

    @extend_schema(
        operation_id="ingredients_outcomes",
        parameters=[
            OpenApiParameter("dateFrom", str, required=True),
            OpenApiParameter("dateTo", str, required=True),
            OpenApiParameter("kitchenId", int),
        ],
        responses=s.IngredientsOutcomesSerializer,
    )
    def get(self, request):
        query = query_data(request, s.DateRangeSerializer)
        kitchen = query.get("kitchen_id")
        result = selectors.ingredients_outcomes(
            date_from=query["date_from"], date_to=query["date_to"], kitchen_id=kitchen.pk if kitchen else None
        )
        return Response(s.IngredientsOutcomesSerializer(result).data)


class BookDayView(ApiView):
    """Book what the orders of a day consume as production outcomes; booking again changes nothing more."""

    ability = ABILITY

    @extend_schema(
        operation_id="ingredients_outcomes_book", request=s.BookDaySerializer, responses=s.BookDayResultSerializer
    )
    def post(self, request):
        data = body_data(request, s.BookDaySerializer)
        counts = services.day_book(
            actor=request.user, day=data["date"], kitchen=data.get("kitchen_id"), allow_negative=data["allow_negative"]
        )
        return Response(s.BookDayResultSerializer(counts).data)
