"""Meals to release (issue 16): what the kitchen hands over to each institution. The spec's calls
`meals/mealsToRelease`, `meals/groupedMealsToRelease`, `meals/{id}/groupedByDatesMealsToRelease`,
`meals/nestedMealsToRelease`, `orders/mealsToRelease/{date}` and `.../summary`, `orders/meals`, and ours, the
release report `meals/mealsToReleaseReport` with its XLSX and PDF. Ability `kitchen.release`: admins every
institution, an institutions admin theirs only (`Reach.institution_ids`; the nested view names children and
workers). Every read counts live order items (active and served; cancelled ones are out), see
`kitchen/selectors/release.py`."""

from __future__ import annotations

from datetime import date, timedelta

from django.shortcuts import get_object_or_404
from django.urls import path
from djangorestframework_camel_case.util import underscoreize
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.response import Response

from kantyna.core.api.params import query_data
from kantyna.core.pagination import PAGE_PARAMETERS, PagePagination, page_of
from kantyna.core.spreadsheets import XLSX_TYPE
from kantyna.core.viewsets import ApiView
from kantyna.institutions.models import Institution
from kantyna.kitchen.api import release_serializers as s
from kantyna.kitchen.documents import release as documents
from kantyna.kitchen.documents.prepare import Scope as DocumentScope
from kantyna.kitchen.selectors import release as selectors
from kantyna.meals.models import Meal
from kantyna.menus.documents import PDF_TYPE
from kantyna.ordering.cutoff import tenant_today
from kantyna.people.reach import Reach

ABILITY = "kitchen.release"

NARROWING = [
    OpenApiParameter("kitchenId", int, description="Only the institutions and meal types this kitchen prepares."),
    OpenApiParameter("institutionsIds", str, description="Comma-separated institution ids; default: every one."),
    OpenApiParameter("mealTypesIds", str, description="Comma-separated meal type ids; default: every one."),
]
DAY = [OpenApiParameter("date", OpenApiTypes.DATE, description="The day (YYYY-MM-DD); default: tomorrow."), *NARROWING]
PERIOD = [
    OpenApiParameter("date", OpenApiTypes.DATE, description="One day (YYYY-MM-DD); default: tomorrow."),
    OpenApiParameter("dateFrom", OpenApiTypes.DATE, description="A range's first day, with dateTo (at most 62 days)."),
    OpenApiParameter("dateTo", OpenApiTypes.DATE),
    *NARROWING,
]
COUNTING = (
    "Counts live order items (active and served; cancelled ones are out) of the institutions the caller reaches "
    "(an institutions admin: theirs)."
)


def _dates(query: dict, *, default_days: int = 1) -> tuple[date, date]:
    """The asked range; one day (`date`, default tomorrow) covers `default_days` days from it."""
    if query.get("date_from"):
        return query["date_from"], query["date_to"]
    first = query.get("date") or tenant_today() + timedelta(days=1)
    return first, first + timedelta(days=default_days - 1)


def _scope(request, query: dict, *, default_days: int = 1) -> selectors.Scope:
    date_from, date_to = _dates(query, default_days=default_days)
    kitchen = query.get("kitchen_id")
    return selectors.Scope(
        date_from=date_from,
        date_to=date_to,
        reachable_institution_ids=Reach(request.user).institution_ids,
        institution_ids=query.get("institutions_ids"),
        kitchen_id=kitchen.pk if kitchen is not None else None,
        meal_type_ids=query.get("meal_types_ids"),
    )


class MealsToReleaseView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="meals_to_release",
        description="The flat list of what to release, paged (20 a page by default): one row per date, "
        "institution, group (a classroom; a worker group; or `workers`, the workers without a group), meal type, "
        "diet and portion size, with its portions, ordered by date, institution name, group (classrooms, then "
        "worker groups, then workers), meal type position, diet priority, portion size name. " + COUNTING,
        parameters=[*PERIOD, *PAGE_PARAMETERS],
        responses=page_of(s.ReleaseRowSerializer),
    )
    def get(self, request):
        query = query_data(request, s.MealsToReleaseQuerySerializer)
        paginator = PagePagination()
        paginator.read_params(request)
        rows = selectors.release_rows(_scope(request, query))
        paginator.total = len(rows)
        page = rows[paginator.offset : paginator.offset + paginator.per_page]
        return paginator.get_paginated_response(s.ReleaseRowSerializer(page, many=True).data)


class GroupedMealsToReleaseView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="grouped_meals_to_release",
        description="Per institution (by name), the dishes the menus place on the asked days for it (as meals to "
        "prepare: a menu cell of two meals hands out both; portions without a menu dish under a null dish), each "
        "with its meal type and portions split by diet and portion size. " + COUNTING,
        parameters=PERIOD,
        responses=s.GroupedMealsToReleaseSerializer,
    )
    def get(self, request):
        query = query_data(request, s.MealsToReleaseQuerySerializer)
        scope = _scope(request, query)
        institutions = selectors.grouped_meals_to_release(scope)
        return Response(
            s.GroupedMealsToReleaseSerializer(
                {
                    "date_from": scope.date_from,
                    "date_to": scope.date_to,
                    "portions": sum(place.portions for place in institutions),
                    "institutions": institutions,
                }
            ).data
        )


class MealByDatesView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="meal_grouped_by_dates_to_release",
        description="One meal's portions per date (the items whose menu cell holds the meal), each date split by "
        "institution; only the dates on which it is handed out. With `date` alone (or nothing), the 7 days "
        "from that day (default tomorrow). 404 when the meal does not exist. " + COUNTING,
        parameters=PERIOD,
        responses=s.MealByDatesSerializer,
    )
    def get(self, request, meal_id: int):
        meal = get_object_or_404(Meal.objects.only("pk", "name"), pk=meal_id)
        query = query_data(request, s.MealsToReleaseQuerySerializer)
        result = selectors.meal_by_dates(_scope(request, query, default_days=7), meal)
        return Response(s.MealByDatesSerializer(result).data)


class NestedMealsToReleaseView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="nested_meals_to_release",
        description="What the person handing meals out at an institution needs, for one day: institution → group "
        "(classroom, worker group, or the workers without one) → meal type → diet → the receivers (children and "
        "workers by last name) with their portion size, portions and allergens. " + COUNTING,
        parameters=DAY,
        responses=s.NestedMealsToReleaseSerializer,
    )
    def get(self, request):
        query = query_data(request, s.NestedMealsToReleaseQuerySerializer)
        result = selectors.nested_meals_to_release(_scope(request, query))
        return Response(s.nested_json(result))


def _day_query(request, day: str) -> dict:
    """The query string and the path's day validated together (as `query_data` does): one error shape for both."""
    query = s.DayQuerySerializer(data={**underscoreize(request.query_params.dict()), "date": day})
    query.is_valid(raise_exception=True)
    return query.validated_data


class DayMealsToReleaseView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="orders_meals_to_release_of_day",
        description="The day's portions per institution (by name) and, in each, per meal type (by position). "
        "A malformed date in the path: 400 with the `date` field. " + COUNTING,
        parameters=NARROWING,
        responses=s.DayMealsToReleaseSerializer,
    )
    def get(self, request, day: str):
        query = _day_query(request, day)
        institutions = selectors.day_by_institution(_scope(request, query))
        return Response(
            s.DayMealsToReleaseSerializer(
                {
                    "date": query["date"],
                    "portions": sum(place.portions for place in institutions),
                    "institutions": institutions,
                }
            ).data
        )


class DaySummaryView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="orders_meals_to_release_of_day_summary",
        description="The day's totals over the reached institutions: per meal type → diet → portion size. " + COUNTING,
        parameters=NARROWING,
        responses=s.DaySummarySerializer,
    )
    def get(self, request, day: str):
        query = _day_query(request, day)
        meal_types = selectors.day_summary(_scope(request, query))
        return Response(
            s.DaySummarySerializer(
                {
                    "date": query["date"],
                    "portions": sum(summary.portions for summary in meal_types),
                    "meal_types": meal_types,
                }
            ).data
        )


class OrderedMealsView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="orders_ordered_meals",
        description="The dishes ordered in a day or a range: each dish the menus place on the ordered days, per "
        "meal type (by position, then name), with its portions; a null dish for portions whose day has no menu "
        "dish. `portions` counts the items (a menu cell of two meals counts under both dishes, once in the total). "
        + COUNTING,
        parameters=PERIOD,
        responses=s.OrderedMealsSerializer,
    )
    def get(self, request):
        query = query_data(request, s.MealsToReleaseQuerySerializer)
        return Response(s.OrderedMealsSerializer(selectors.ordered_meals(_scope(request, query))).data)


def _report(request) -> tuple[selectors.ReleaseReport, DocumentScope]:
    query = query_data(request, s.MealsToReleaseQuerySerializer)
    report = selectors.release_report(_scope(request, query))
    kitchen = query.get("kitchen_id")
    names: tuple[str, ...] = ()
    if query.get("institutions_ids"):
        names = tuple(
            Reach(request.user)
            .institutions(Institution.objects.filter(pk__in=query["institutions_ids"]))
            .order_by("name")
            .values_list("name", flat=True)
        )
    return report, DocumentScope(kitchen=kitchen.name if kitchen is not None else None, institutions=names)


REPORT_DESCRIPTION = (
    "The release report of a day or a period: per institution (by name) and day, the portions of each meal type "
    "ordered in the period (the columns), the row's total and each column's total. " + COUNTING
)


class ReleaseReportView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="meals_to_release_report",
        description=REPORT_DESCRIPTION,
        parameters=PERIOD,
        responses=s.ReleaseReportSerializer,
    )
    def get(self, request):
        report, _scope_names = _report(request)
        return Response(s.ReleaseReportSerializer(report).data)


class ReleaseReportXlsxView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="meals_to_release_report_xlsx",
        description=REPORT_DESCRIPTION + " As an XLSX (every text cell guarded against formulas).",
        parameters=PERIOD,
        responses={(200, XLSX_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The XLSX file")},
    )
    def get(self, request):
        return documents.xlsx_response(*_report(request))


class ReleaseReportPdfView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="meals_to_release_report_pdf",
        description=REPORT_DESCRIPTION + " As a printable PDF (A4 landscape).",
        parameters=PERIOD,
        responses={(200, PDF_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF file")},
    )
    def get(self, request):
        return documents.pdf_response(*_report(request))


urlpatterns = [
    path("meals/mealsToRelease", MealsToReleaseView.as_view()),
    path("meals/groupedMealsToRelease", GroupedMealsToReleaseView.as_view()),
    path("meals/<int:meal_id>/groupedByDatesMealsToRelease", MealByDatesView.as_view()),
    path("meals/nestedMealsToRelease", NestedMealsToReleaseView.as_view()),
    path("meals/mealsToReleaseReport", ReleaseReportView.as_view()),
    path("meals/mealsToReleaseReport/xlsx", ReleaseReportXlsxView.as_view()),
    path("meals/mealsToReleaseReport/pdf", ReleaseReportPdfView.as_view()),
    path("orders/mealsToRelease/<str:day>", DayMealsToReleaseView.as_view()),
    path("orders/mealsToRelease/<str:day>/summary", DaySummaryView.as_view()),
    path("orders/meals", OrderedMealsView.as_view()),
]
