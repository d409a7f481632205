"""The `orders` endpoints (spec: api-calls.tsv, area orders): the list with its filters and totals, one
order's details, placing orders (one, many, similar for other dates, prepaid for a month), replacing an
order's future meals, cancelling (an order, several, one meal, a meal type over a range), removing, counts;
and the extras: an order's confirmation (PDF), the list as a spreadsheet, the kitchen's summary per day and
meal type, the meal types of the listed orders (the list's filter options).

Thin views: parse, call one selector or service of `ordering/selectors/orders.py` or
`ordering/services/orders.py`, serialize. Orders outside the caller's reach answer 404."""

from __future__ import annotations

import functools

from django.urls import path
from djangorestframework_camel_case.util import underscoreize
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import BasePermission
from rest_framework.response import Response

from kantyna.core.exceptions import ApiError
from kantyna.core.pagination import PAGE_PARAMETERS, PagePagination
from kantyna.core.parsers import JSONObjectParser
from kantyna.core.permissions import HasAbility, IsTenantUser, has_ability
from kantyna.core.serializers import ExportFormatSerializer, MoneySerializer, StatusSerializer, money
from kantyna.core.spreadsheets import XLSX_TYPE
from kantyna.core.viewsets import ApiView, status_response
from kantyna.menus.documents import PDF_TYPE
from kantyna.ordering import documents
from kantyna.ordering.api import orders_serializers as s
from kantyna.ordering.cutoff import cutoff_config
from kantyna.ordering.models import OrderItem
from kantyna.ordering.selectors import orders as selectors
from kantyna.ordering.selectors.calendar import user_active_orders_amount
from kantyna.ordering.services import orders as services
from kantyna.ordering.subjects import TYPES, is_staff, subject_resolve

NOT_FOUND = "Not found."

FILTER_PARAMETERS = [
    OpenApiParameter("dateFrom", OpenApiTypes.DATE, required=False),
    OpenApiParameter("dateTo", OpenApiTypes.DATE, required=False),
    OpenApiParameter("institutionId", int, required=False),
    OpenApiParameter("classroomId", int, required=False),
    OpenApiParameter("mealTypeId", int, required=False),
    OpenApiParameter("subjectType", str, enum=list(TYPES), required=False),
    OpenApiParameter("subjectId", int, required=False, description="Child id, or the worker's user id."),
    OpenApiParameter("payerId", int, required=False),
    OpenApiParameter("status", str, enum=["active", "cancelled"], required=False),
    OpenApiParameter("kind", str, enum=["regular", "prepaid"], required=False),
    OpenApiParameter("search", str, required=False, description="Payer or meal receiver name, or order number."),
]


class HasStaffAbility(BasePermission):
    """The view's `ability`, held as staff (an admin, or an institutions admin within their institutions):
    kitchen-facing reads a customer holding the same ability does not get."""

    def has_permission(self, request, view) -> bool:
        if not IsTenantUser().has_permission(request, view):
            return False
        return is_staff(request.user) and has_ability(request.user, view.ability)


def _filters(data) -> selectors.OrderFilters:
    serializer = s.OrderFiltersSerializer(data=underscoreize(data))
    serializer.is_valid(raise_exception=True)
    return serializer.filters()


def _order_or_404(request, order_id: int):
    order = selectors.orders_visible_to(request.user).filter(pk=order_id).first()
    if order is None:
        raise ApiError(NOT_FOUND, status_code=status.HTTP_404_NOT_FOUND)
    return order


def _context(request) -> dict:
    """Serializer context: whether prices show, and who may cancel which meal (per the cut-off, read only when
    some meal asks: the list does not)."""
    user = request.user
    staff = services.cancels_as_staff(user)
    may_cancel = staff or has_ability(user, "orders.cancel_own")
    cutoff = functools.cache(cutoff_config)

    return {
        "request": request,
        "show_prices": has_ability(user, "prices.see"),
        "can_cancel": lambda item: may_cancel and (staff or cutoff().is_open(item.date)),
    }


def _orders_page(request, rows) -> Response:
    """A page of `rows` (`order_list_rows`), cut first, then only its orders' figures aggregated."""
    paginator = PagePagination()
    page = paginator.paginate_then(rows, request, selectors.order_page_with_figures)
    return paginator.get_paginated_response(s.OrderListItemSerializer(page, many=True, context=_context(request)).data)


def _details_response(request, order_id: int) -> Response:
    order = selectors.order_get(user=request.user, order_id=order_id)
    if order is None:
        raise ApiError(NOT_FOUND, status_code=status.HTTP_404_NOT_FOUND)
    order.gross_amount = sum(
        (item.price for item in order.items.all() if item.status != OrderItem.Status.CANCELLED), start=0
    )
    return Response(s.OrderDetailSerializer(order, context=_context(request)).data)


class OrdersView(ApiView):
    """`GET orders`: visible orders, newest first, filtered; each with its dates, meal counts, gross amount."""

    ability = "orders.view"

    @extend_schema(
        operation_id="orders_list", parameters=[*FILTER_PARAMETERS, *PAGE_PARAMETERS], responses=s.OrderPageSerializer
    )
    def get(self, request):
        rows = selectors.order_list_rows(user=request.user, filters=_filters(request.query_params.dict()))
        return _orders_page(request, rows)


class OrdersTotalsView(ApiView):
    """`GET orders_totals` (the spec's base-relative path; also `orders/totals`): meals by status and the gross
    amount of live meals for the list's filters."""

    ability = "orders.view"

    @extend_schema(operation_id="orders_totals", parameters=FILTER_PARAMETERS, responses=s.OrderTotalsSerializer)
    def get(self, request):
        totals = selectors.order_totals(user=request.user, filters=_filters(request.query_params.dict()))
        return Response(s.OrderTotalsSerializer(totals, context=_context(request)).data)


class OrdersTotalsAliasView(OrdersTotalsView):
    """`GET orders/totals`: the same totals under the path the spec guesses may be meant."""

    @extend_schema(operation_id="orders_totals_alias", parameters=FILTER_PARAMETERS, responses=s.OrderTotalsSerializer)
    def get(self, request):
        return super().get(request)


class OrderView(ApiView):
    """`GET orders/{id}` (with its meals; prices when visible) and `DELETE orders/{id}` (staff: only an order
    none of whose meals was served or charged)."""

    abilities = {"GET": "orders.details", "DELETE": "orders.edit"}

    @extend_schema(operation_id="orders_details", responses=s.OrderDetailSerializer)
    def get(self, request, order_id: int):
        return _details_response(request, order_id)

    @extend_schema(responses=StatusSerializer)
    def delete(self, request, order_id: int):
        services.order_remove(actor=request.user, order=_order_or_404(request, order_id))
        return status_response()


class OrderConfirmationView(ApiView):
    """`GET orders/{id}/confirmation`: the order as a PDF (the seller, number, date, payer, meal receivers, the
    meals the caller sees, the total of the live ones), in the caller's language; whoever may read the order."""

    ability = "orders.details"

    @extend_schema(
        operation_id="orders_confirmation",
        responses={(200, PDF_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF file")},
    )
    def get(self, request, order_id: int):
        order = selectors.order_get(user=request.user, order_id=order_id)
        if order is None:
            raise ApiError(NOT_FOUND, status_code=status.HTTP_404_NOT_FOUND)
        return documents.confirmation_response(
            order,
            company=documents.company_name(getattr(request, "tenant", None)),
            show_prices=has_ability(request.user, "prices.see"),
        )


class OrdersExportView(ApiView):
    """`POST orders/export {format}`: the orders the list shows for the same query-string filters, as XLSX or
    CSV (amounts only for callers who see prices)."""

    ability = "orders.view"
    parser_classes = [JSONObjectParser]

    @extend_schema(
        operation_id="orders_export",
        parameters=FILTER_PARAMETERS,
        request=ExportFormatSerializer,
        responses={
            (200, XLSX_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The XLSX file"),
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY, description="The CSV file"),
        },
    )
    def post(self, request):
        form = ExportFormatSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        orders = selectors.order_list(user=request.user, filters=_filters(request.query_params.dict()))
        return documents.orders_export_response(
            orders, show_prices=has_ability(request.user, "prices.see"), file_format=form.validated_data["format"]
        )


class OrdersSummaryView(ApiView):
    """`GET orders/summary`: for the kitchen, live meals (active and served) per day and meal type for the list's
    filters, by date then meal type; staff only (an institutions admin counts their institutions' meals)."""

    ability = "orders.view"
    permission_classes = [HasStaffAbility]

    @extend_schema(
        operation_id="orders_summary", parameters=FILTER_PARAMETERS, responses=s.OrderSummaryRowSerializer(many=True)
    )
    def get(self, request):
        rows = selectors.live_items_summary(user=request.user, filters=_filters(request.query_params.dict()))
        return Response(s.OrderSummaryRowSerializer(rows, many=True, context=_context(request)).data)


class OrdersMealTypesView(ApiView):
    """`GET orders/mealTypes`: the meal types of the listed orders' meals for the filters (except the meal type
    filter itself), as options `[{value, text}]` of the list's meal type filter."""

    ability = "orders.view"

    @extend_schema(
        operation_id="orders_meal_types",
        parameters=FILTER_PARAMETERS,
        responses=s.OrderMealTypeOptionSerializer(many=True),
    )
    def get(self, request):
        meal_types = selectors.meal_types_in_orders(user=request.user, filters=_filters(request.query_params.dict()))
        return Response(s.OrderMealTypeOptionSerializer(meal_types, many=True).data)


class OrderCreateView(ApiView):
    """`POST orders/create`: meals for one subject on one or more days, as one order (201 {id}). The same
    `idempotencyKey` sent again answers the first order."""

    ability = "orders.create"

    @extend_schema(request=s.OrderCreateSerializer, responses={201: s.OrderIdSerializer})
    def post(self, request):
        data = s.OrderCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        order = services.order_create(actor=request.user, **data.validated_data)
        return Response({"id": order.pk}, status=status.HTTP_201_CREATED)


class OrderBulkCreateView(ApiView):
    """`POST orders/bulkCreate {orders: [...]}`: several orders at once, all or none (201 {ids})."""

    ability = "orders.create"

    @extend_schema(request=s.OrderBulkCreateSerializer, responses={201: s.OrderIdsSerializer})
    def post(self, request):
        data = s.OrderBulkCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        orders = services.orders_bulk_create(actor=request.user, orders=data.validated_data["orders"])
        return Response({"ids": [order.pk for order in orders]}, status=status.HTTP_201_CREATED)


class OrderUpdateView(ApiView):
    """`PUT orders/{id}/update`: the order's meals for the subject from today on become exactly `items`
    (removed ones are cancelled, new ones placed); closed days only for staff."""

    ability = "orders.edit"

    @extend_schema(request=s.OrderWriteSerializer, responses=s.OrderDetailSerializer)
    def put(self, request, order_id: int):
        order = _order_or_404(request, order_id)
        data = s.OrderWriteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.order_update(actor=request.user, order=order, **data.validated_data)
        return _details_response(request, order_id)


class OrderCancelView(ApiView):
    """`POST orders/{id}/cancel`: cancels the order's active meals still open (staff: all active meals)."""

    permission_classes = [HasAbility]
    ability = ("orders.cancel", "orders.cancel_own")  # staff in their institutions, customers their own orders

    @extend_schema(request=None, responses=StatusSerializer)
    def post(self, request, order_id: int):
        services.orders_cancel(actor=request.user, orders=[_order_or_404(request, order_id)])
        return status_response()


class OrdersBulkCancelView(ApiView):
    """`POST orders/bulkCancel {ordersIds}`: as cancel, for several orders, all or none."""

    permission_classes = [HasAbility]
    ability = ("orders.cancel", "orders.cancel_own")  # staff in their institutions, customers their own orders

    @extend_schema(request=s.OrdersIdsSerializer, responses=StatusSerializer)
    def post(self, request):
        data = s.OrdersIdsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        ids = set(data.validated_data["orders_ids"])
        orders = list(selectors.orders_visible_to(request.user).filter(pk__in=ids).order_by("pk"))
        if len(orders) != len(ids):
            raise ApiError(NOT_FOUND, status_code=status.HTTP_404_NOT_FOUND)
        services.orders_cancel(actor=request.user, orders=orders)
        return status_response()


class OrderItemCancelView(ApiView):
    """`POST orders/{id}/items/{itemId}/cancel`: one meal."""

    permission_classes = [HasAbility]
    ability = ("orders.cancel", "orders.cancel_own")  # staff in their institutions, customers their own orders

    @extend_schema(request=None, responses=StatusSerializer)
    def post(self, request, order_id: int, item_id: int):
        order = _order_or_404(request, order_id)
        item = selectors.items_visible_to(request.user).filter(order=order, pk=item_id).first()
        if item is None:
            raise ApiError(NOT_FOUND, status_code=status.HTTP_404_NOT_FOUND)
        services.order_item_cancel(actor=request.user, item=item)
        return status_response()


class CancelMealTypeView(ApiView):
    """`POST orders/cancelMealType`: a subject's active meals of one meal type over a date range."""

    permission_classes = [HasAbility]
    ability = ("orders.cancel", "orders.cancel_own")  # staff in their institutions, customers their own orders

    @extend_schema(request=s.CancelMealTypeSerializer, responses=StatusSerializer)
    def post(self, request):
        data = s.CancelMealTypeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.meal_type_cancel(actor=request.user, **data.validated_data)
        return status_response()


class CreateSimilarView(ApiView):
    """`POST orders/{id}/createSimilar {dates}`: the same meals (subjects, meal types, portion sizes) on other
    days, as a new order (201 {id})."""

    ability = "orders.create"

    @extend_schema(request=s.CreateSimilarSerializer, responses={201: s.OrderIdSerializer})
    def post(self, request, order_id: int):
        order = _order_or_404(request, order_id)
        data = s.CreateSimilarSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        created = services.order_create_similar(actor=request.user, order=order, dates=data.validated_data["dates"])
        return Response({"id": created.pk}, status=status.HTTP_201_CREATED)


class PrepaidOrderCreateView(ApiView):
    """`POST orders/createPrepaidOrder`: a month of meals paid up front (customers when the tenant allows
    prepaid orders; admins always). 201 {id}."""

    ability = "orders.prepaid"

    @extend_schema(request=s.PrepaidOrderSerializer, responses={201: s.OrderIdSerializer})
    def post(self, request):
        data = s.PrepaidOrderSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        order = services.prepaid_order_create(actor=request.user, **data.validated_data)
        return Response({"id": order.pk}, status=status.HTTP_201_CREATED)


class OrdersCountView(ApiView):
    """`POST orders/count` (the list's filters in the body) → {count} of orders."""

    ability = "orders.view"

    @extend_schema(request=s.OrderFiltersSerializer, responses=s.OrderCountSerializer)
    def post(self, request):
        return Response({"count": selectors.orders_count(user=request.user, filters=_filters(request.data))})


class CountGroupedByDatesView(ApiView):
    """`POST orders/countGroupedByDates/search` (the list's filters in the body): live meals per day, per meal
    type and, within it, per diet (the `/orderedMeals` screen)."""

    ability = "orders.view"

    @extend_schema(request=s.OrderFiltersSerializer, responses=s.OrderDateCountSerializer(many=True))
    def post(self, request):
        days = selectors.live_items_grouped_by_dates(user=request.user, filters=_filters(request.data))
        return Response(s.OrderDateCountSerializer(days, many=True).data)


class SubjectOrdersCountView(ApiView):
    """`GET orders/subjects/{type}/{id}/count`: the subject's active meals after today (the child form asks
    before an institution change cancels them)."""

    ability = "orders.details"

    @extend_schema(responses=s.OrderCountSerializer)
    def get(self, request, subject_type: str, subject_id: int):
        subject = subject_resolve(subject_type, subject_id, actor=request.user)
        return Response({"count": selectors.subject_active_future_items_count(subject)})


class SubjectOrdersView(ApiView):
    """`GET orders/subjects/{type}/{id}/orders`: visible orders holding a meal of the subject, paged."""

    ability = "orders.details"

    @extend_schema(parameters=PAGE_PARAMETERS, responses=s.OrderPageSerializer)
    def get(self, request, subject_type: str, subject_id: int):
        subject = subject_resolve(subject_type, subject_id, actor=request.user)
        return _orders_page(request, selectors.subject_orders(user=request.user, subject=subject))


class ActiveOrdersAmountView(ApiView):
    """`orders/totalAmounts?status=active`: the header's active-orders amount for the caller."""

    ability = "tenant.access"

    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=["active"], required=False)], responses=MoneySerializer
    )
    def get(self, request):
        return Response(money(user_active_orders_amount(user=request.user)))


urlpatterns = [
    path("orders", OrdersView.as_view()),
    path("orders_totals", OrdersTotalsView.as_view()),
    path("orders/totals", OrdersTotalsAliasView.as_view()),
    path("orders/create", OrderCreateView.as_view()),
    path("orders/bulkCreate", OrderBulkCreateView.as_view()),
    path("orders/bulkCancel", OrdersBulkCancelView.as_view()),
    path("orders/cancelMealType", CancelMealTypeView.as_view()),
    path("orders/createPrepaidOrder", PrepaidOrderCreateView.as_view()),
    path("orders/export", OrdersExportView.as_view()),
    path("orders/summary", OrdersSummaryView.as_view()),
    path("orders/mealTypes", OrdersMealTypesView.as_view()),
    path("orders/count", OrdersCountView.as_view()),
    path("orders/countGroupedByDates/search", CountGroupedByDatesView.as_view()),
    path("orders/subjects/<str:subject_type>/<int:subject_id>/count", SubjectOrdersCountView.as_view()),
    path("orders/subjects/<str:subject_type>/<int:subject_id>/orders", SubjectOrdersView.as_view()),
    path("orders/<int:order_id>", OrderView.as_view()),
    path("orders/<int:order_id>/update", OrderUpdateView.as_view()),
    path("orders/<int:order_id>/cancel", OrderCancelView.as_view()),
    path("orders/<int:order_id>/confirmation", OrderConfirmationView.as_view()),
    path("orders/<int:order_id>/createSimilar", CreateSimilarView.as_view()),
    path("orders/<int:order_id>/items/<int:item_id>/cancel", OrderItemCancelView.as_view()),
]
