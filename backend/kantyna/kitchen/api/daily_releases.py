"""`dailyMealsReleases` (spec): what was handed to each institution on a day. The rows' CRUD, `replace` (an
institution's whole day at once, as the create screen saves it), `grouped` (ordered vs released) and
`grouped/nearest` (the same for the nearest earlier day with releases: the create screen's prefill). Admins
only (routes.tsv), ability `kitchen.releases`."""

from __future__ import annotations

import django_filters
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

from kantyna.core.api.params import body_data, query_data
from kantyna.core.viewsets import ApiView, CrudViewSet
from kantyna.kitchen.api import daily_releases_serializers as s
from kantyna.kitchen.models import DailyMealsRelease
from kantyna.kitchen.selectors import releases as selectors
from kantyna.kitchen.services import releases as services
from kantyna.ordering.cutoff import tenant_today

ABILITY = "kitchen.releases"


class DailyMealsReleaseFilter(django_filters.FilterSet):
    date = django_filters.DateFilter(field_name="date")
    dateFrom = django_filters.DateFilter(field_name="date", lookup_expr="gte")
    dateTo = django_filters.DateFilter(field_name="date", lookup_expr="lte")
    institutionId = django_filters.NumberFilter(field_name="institution")
    mealTypeId = django_filters.NumberFilter(field_name="meal_type")
    dietId = django_filters.NumberFilter(field_name="diet")

    class Meta:
        model = DailyMealsRelease
        fields = []


class DailyMealsReleaseViewSet(CrudViewSet):
    """The recorded rows, newest day first; a row's key (day, institution, meal type, diet, portion size) is
    unique (409 `daily_release.duplicate`)."""

    queryset = selectors.daily_releases()
    serializer_class = s.DailyMealsReleaseSerializer
    abilities = dict.fromkeys(("list", "retrieve", "create", "update", "destroy"), ABILITY)
    filterset_class = DailyMealsReleaseFilter
    search_fields = ["institution__name", "note"]
    ordering_fields = ["date", "institution__name", "quantity"]
    ordering_aliases = {"institutionName": "institution__name"}
    create_service = staticmethod(services.daily_release_create)
    update_service = staticmethod(services.daily_release_update)
    delete_service = staticmethod(services.daily_release_delete)


class ReplaceView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="daily_meals_releases_replace",
        request=s.DailyReleasesReplaceSerializer,
        responses={201: s.DailyReleasesReplacedSerializer},
        description="Replace an institution's releases of a day wholesale, in one transaction (idempotent: rows "
        "of a kind already recorded keep their ids; those not listed are deleted).",
    )
    def post(self, request):
        data = body_data(request, s.DailyReleasesReplaceSerializer)
        rows = services.daily_releases_replace(
            actor=request.user, date=data["date"], institution=data["institution"], rows=data["rows"]
        )
        # Re-read with the names the answer shows, in the order given.
        ids = [row.pk for row in rows]
        named = selectors.daily_releases().in_bulk(ids)
        rows = [named[pk] for pk in ids]
        answer = {"date": data["date"], "institution_id": data["institution"].pk, "rows": rows}
        return Response(s.DailyReleasesReplacedSerializer(answer).data, status=status.HTTP_201_CREATED)


GROUPED_PARAMETERS = [
    OpenApiParameter("date", OpenApiTypes.DATE, description="One day; default: today."),
    OpenApiParameter("dateFrom", OpenApiTypes.DATE, description="A range's first day, with dateTo (at most 62 days)."),
    OpenApiParameter("dateTo", OpenApiTypes.DATE),
    OpenApiParameter("institutionsIds", str, description="Comma-separated institution ids; default: every one."),
]


class GroupedView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="daily_meals_releases_grouped",
        parameters=GROUPED_PARAMETERS,
        responses=s.DailyReleasesGroupedSerializer,
        description="Per day and institution, per meal type and diet: meals ordered (live orders), released "
        "(recorded) and the difference (released - ordered).",
    )
    def get(self, request):
        query = query_data(request, s.GroupedQuerySerializer)
        if "date_from" in query:
            date_from, date_to = query["date_from"], query["date_to"]
        else:
            date_from = date_to = query.get("date") or tenant_today()
        groups = selectors.releases_grouped(
            date_from=date_from, date_to=date_to, institution_ids=query.get("institutions_ids")
        )
        answer = {"date_from": date_from, "date_to": date_to, "institutions": groups}
        return Response(s.DailyReleasesGroupedSerializer(answer).data)


class NearestView(ApiView):
    ability = ABILITY

    @extend_schema(
        operation_id="daily_meals_releases_grouped_nearest",
        parameters=[
            OpenApiParameter("date", OpenApiTypes.DATE, description="Look before this day; default: today."),
            OpenApiParameter("institutionsIds", str, description="Comma-separated institution ids."),
        ],
        responses=s.DailyReleasesGroupedSerializer,
        description="`grouped` for the latest day before `date` with recorded releases (of those institutions); "
        "dateFrom and dateTo null and no institutions when there is none.",
    )
    def get(self, request):
        query = query_data(request, s.NearestQuerySerializer)
        institution_ids = query.get("institutions_ids")
        day = selectors.nearest_release_date(
            before=query.get("date") or tenant_today(), institution_ids=institution_ids
        )
        groups = []
        if day is not None:
            groups = selectors.releases_grouped(date_from=day, date_to=day, institution_ids=institution_ids)
        return Response(
            s.DailyReleasesGroupedSerializer({"date_from": day, "date_to": day, "institutions": groups}).data
        )


router = SimpleRouter(trailing_slash=False)
router.register("dailyMealsReleases", DailyMealsReleaseViewSet, basename="daily-meals-releases")

urlpatterns = [
    path("dailyMealsReleases/replace", ReplaceView.as_view()),
    path("dailyMealsReleases/grouped", GroupedView.as_view()),
    path("dailyMealsReleases/grouped/nearest", NearestView.as_view()),
    *router.urls,
]
