"""The dashboard's calls (spec area `dashboard`): `dashboard/statistics`,
`dashboard/totalOrdersQuantitiesGroupedByInstitutionMealTypeAndDiet`, `dashboard/presencesList` and
`dashboard/chartData`. Admins see every institution, institutions admins theirs (`Reach.institution_ids`), each
narrowed further by `institutionId` when given; ability `dashboard.view`."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response

from kantyna.core.api.params import query_data
from kantyna.core.pagination import PAGE_PARAMETERS, PagePagination, page_of
from kantyna.core.viewsets import ApiView
from kantyna.ordering.cutoff import tenant_today
from kantyna.people.reach import Reach
from kantyna.reports.api import dashboard_serializers as s
from kantyna.reports.selectors import dashboard as selectors

ABILITY = "dashboard.view"

INSTITUTION = OpenApiParameter("institutionId", int, description=s.INSTITUTION_HELP)
DATE = OpenApiParameter("date", OpenApiTypes.DATE, description="Default: today (tenant's timezone).")


def _scope(request, query: dict) -> set[int] | None:
    return selectors.institutions_in_scope(Reach(request.user).institution_ids, query.get("institution_id"))


class StatisticsView(ApiView):
    """Today's figures: meals ordered, served and cancelled, active receivers, balances and debt, this month's
    deposits."""

    ability = ABILITY

    @extend_schema(
        operation_id="dashboard_statistics", parameters=[INSTITUTION], responses=s.DashboardStatisticsSerializer
    )
    def get(self, request):
        query = query_data(request, s.StatisticsQuerySerializer)
        result = selectors.statistics(today=tenant_today(), institution_ids=_scope(request, query))
        return Response(s.DashboardStatisticsSerializer(result).data)


class TotalsView(ApiView):
    """A day's meals per institution x meal type x diet: ordered, served, cancelled."""

    ability = ABILITY

    @extend_schema(
        operation_id="dashboard_totals", parameters=[DATE, INSTITUTION], responses=s.DashboardTotalsSerializer
    )
    def get(self, request):
        query = query_data(request, s.DayQuerySerializer)
        day = query.get("date") or tenant_today()
        rows = selectors.totals(day=day, institution_ids=_scope(request, query))
        counts = ("ordered", "served", "cancelled")
        totals = {count: sum(getattr(row, count) for row in rows) for count in counts}
        return Response(s.DashboardTotalsSerializer({"date": day, "rows": rows, "totals": totals}).data)


class PresencesView(ApiView):
    """The receivers of a day in a presence mode (present, absent, not ordered), paged, by surname."""

    ability = ABILITY

    @extend_schema(
        operation_id="dashboard_presences",
        parameters=[
            OpenApiParameter("mode", str, enum=list(selectors.PRESENCE_MODES), description="Default: present."),
            DATE,
            INSTITUTION,
            *PAGE_PARAMETERS,
        ],
        responses=page_of(s.DashboardPresenceRowSerializer),
    )
    def get(self, request):
        query = query_data(request, s.PresencesQuerySerializer)
        paginator = PagePagination()
        paginator.read_params(request)
        result = selectors.presences(
            day=query.get("date") or tenant_today(),
            mode=query["mode"],
            institution_ids=_scope(request, query),
            page=paginator.page,
            per_page=paginator.per_page,
        )
        paginator.total = result.total
        return paginator.get_paginated_response(s.DashboardPresenceRowSerializer(result.rows, many=True).data)


class ChartDataView(ApiView):
    """Meals and deposits per day of a month, or per month of a year, every day or month present."""

    ability = ABILITY

    @extend_schema(
        operation_id="dashboard_chart_data",
        parameters=[
            OpenApiParameter("period", str, enum=list(selectors.PERIODS), description="Default: month."),
            OpenApiParameter(
                "date", OpenApiTypes.DATE, description="A day of the month or year shown; default: today."
            ),
            INSTITUTION,
        ],
        responses=s.DashboardChartSerializer,
    )
    def get(self, request):
        query = query_data(request, s.ChartQuerySerializer)
        result = selectors.chart(
            period=query["period"],
            anchor=query.get("date") or tenant_today(),
            institution_ids=_scope(request, query),
        )
        return Response(s.DashboardChartSerializer(result).data)


urlpatterns = [
    path("dashboard/statistics", StatisticsView.as_view()),
    path("dashboard/totalOrdersQuantitiesGroupedByInstitutionMealTypeAndDiet", TotalsView.as_view()),
    path("dashboard/presencesList", PresencesView.as_view()),
    path("dashboard/chartData", ChartDataView.as_view()),
]
