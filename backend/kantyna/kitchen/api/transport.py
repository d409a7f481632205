"""`kitchensMealsReleases` (spec): a kitchen's batch of a day per route. POST creates one (201 + id), the two
marks release it for transport and undo that (status flag), DELETE (with a query) removes a day's batches.
Ours: `kitchensMealsReleases/transport` (the transport panel: routes, drivers, stops and counts, the batches'
state) and `kitchensMealsReleases/routeSheets/pdf` (the drivers' route sheets). Admins and cooks (ability
`kitchen.transport`): a cook marks the batch released."""

from __future__ import annotations

from datetime import timedelta

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from kantyna.core.api.params import body_data, query_data
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import ApiView, status_response
from kantyna.kitchen.api import transport_serializers as s
from kantyna.kitchen.documents import route_sheets as documents
from kantyna.kitchen.selectors import transport as selectors
from kantyna.kitchen.services import transport as services
from kantyna.menus.documents import PDF_TYPE
from kantyna.ordering.cutoff import tenant_today

ABILITY = "kitchen.transport"

DAY_PARAMETERS = [
    OpenApiParameter("kitchenId", int, required=True),
    OpenApiParameter("date", OpenApiTypes.DATE, description="Default: tomorrow."),
]


def _day(query: dict):
    return query.get("date") or tenant_today() + timedelta(days=1)


class KitchenMealsReleasesView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="kitchens_meals_releases_create",
        request=s.KitchenMealsReleaseSerializer,
        responses={201: s.KitchenMealsReleaseSerializer},
        description="The kitchen's batch of the day for a route (driver: the route's unless given); 409 when it "
        "exists, 400 when the route stops at none of the kitchen's institutions.",
    )
    def post(self, request):
        serializer = s.KitchenMealsReleaseSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        release = services.kitchen_release_create(actor=request.user, **serializer.validated_data)
        return Response(s.KitchenMealsReleaseSerializer(release).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="kitchens_meals_releases_delete",
        parameters=[
            OpenApiParameter("kitchenId", int, required=True),
            OpenApiParameter("date", OpenApiTypes.DATE, required=True),
            OpenApiParameter("routeNumberId", int, description="Only this route's batch."),
        ],
        responses={200: StatusSerializer},
        description="Delete the kitchen's batches of the day; 409 while one is released for transport.",
    )
    def delete(self, request):
        query = query_data(request, s.DeleteQuerySerializer)
        services.kitchen_releases_delete(
            actor=request.user,
            kitchen=query["kitchen_id"],
            date=query["date"],
            route_number=query.get("route_number_id"),
        )
        return status_response()


class MarkReleasedView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="kitchens_meals_releases_mark_released",
        request=s.KitchenBatchSerializer,
        responses={200: StatusSerializer},
        description="Mark the batch released for transport (created with the route's driver when missing); "
        "marking it again changes nothing.",
    )
    def post(self, request):
        data = body_data(request, s.KitchenBatchSerializer)
        services.kitchen_release_mark(
            actor=request.user, kitchen=data["kitchen_id"], date=data["date"], route_number=data["route_number_id"]
        )
        return status_response()


class MarkNotReleasedView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="kitchens_meals_releases_mark_not_released",
        request=s.KitchenBatchSerializer,
        responses={200: StatusSerializer},
        description="Undo the release for transport (audited); 409 once the batch's day has passed (delivered).",
    )
    def post(self, request):
        data = body_data(request, s.KitchenBatchSerializer)
        services.kitchen_release_unmark(
            actor=request.user, kitchen=data["kitchen_id"], date=data["date"], route_number=data["route_number_id"]
        )
        return status_response()


class TransportView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="kitchens_meals_releases_transport",
        parameters=DAY_PARAMETERS,
        responses=s.TransportDaySerializer,
        description="The kitchen's routes of the day: driver, batch state, stops in route order with meals per "
        "meal type (live orders of what the kitchen prepares).",
    )
    def get(self, request):
        query = query_data(request, s.DayQuerySerializer)
        day = selectors.transport_day(kitchen=query["kitchen_id"], date=_day(query))
        return Response(s.TransportDaySerializer(day).data)


class RouteSheetsPdfView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="kitchens_meals_releases_route_sheets_pdf",
        parameters=[*DAY_PARAMETERS, OpenApiParameter("driverId", int, description="One driver's routes only.")],
        responses={(200, PDF_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF file")},
    )
    def get(self, request):
        query = query_data(request, s.RouteSheetQuerySerializer)
        driver = query.get("driver_id")
        day = selectors.transport_day(
            kitchen=query["kitchen_id"], date=_day(query), driver_id=driver.pk if driver is not None else None
        )
        return documents.pdf_response(day)


urlpatterns = [
    path("kitchensMealsReleases", KitchenMealsReleasesView.as_view()),
    path("kitchensMealsReleases/markAsReleasedForTransport", MarkReleasedView.as_view()),
    path("kitchensMealsReleases/markAsNotReleasedForTransport", MarkNotReleasedView.as_view()),
    path("kitchensMealsReleases/transport", TransportView.as_view()),
    path("kitchensMealsReleases/routeSheets/pdf", RouteSheetsPdfView.as_view()),
]
