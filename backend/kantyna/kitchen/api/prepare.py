"""`GET meals/mealsToPrepare` (spec) and its two files, `meals/mealsToPrepare/xlsx` and `.../pdf` (ours): what the
kitchen cooks for a day or a range. Admins and cooks count every institution, an institutions admin theirs only
(`Reach.served_institution_ids`: the kitchen's and the office's staff serve everywhere)."""

from __future__ import annotations

from datetime import timedelta

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.response import Response

from kantyna.core.api.params import query_data
from kantyna.core.spreadsheets import XLSX_TYPE
from kantyna.core.viewsets import ApiView
from kantyna.institutions.models import Institution
from kantyna.kitchen.api import prepare_serializers as s
from kantyna.kitchen.documents import prepare as documents
from kantyna.kitchen.selectors import prepare as selectors
from kantyna.menus.documents import PDF_TYPE
from kantyna.ordering.cutoff import tenant_today
from kantyna.people.reach import Reach

ABILITY = "kitchen.prepare"

PARAMETERS = [
    OpenApiParameter("date", OpenApiTypes.DATE, description="One day (YYYY-MM-DD); default: tomorrow."),
    OpenApiParameter("dateFrom", OpenApiTypes.DATE, description="A range's first day, with dateTo (at most 62 days)."),
    OpenApiParameter("dateTo", OpenApiTypes.DATE),
    OpenApiParameter("kitchenId", int, description="Only the institutions and meal types this kitchen prepares."),
    OpenApiParameter("institutionsIds", str, description="Comma-separated institution ids; default: every one."),
]


def _asked(request, *, with_clashes: bool = True) -> tuple[selectors.MealsToPrepare, dict]:
    query = query_data(request, s.MealsToPrepareQuerySerializer)
    if "date_from" in query:
        date_from, date_to = query["date_from"], query["date_to"]
    else:
        date_from = date_to = query.get("date") or tenant_today() + timedelta(days=1)
    kitchen = query.get("kitchen_id")
    result = selectors.meals_to_prepare(
        date_from=date_from,
        date_to=date_to,
        reachable_institution_ids=Reach(request.user).served_institution_ids,
        institution_ids=query.get("institutions_ids"),
        kitchen_id=kitchen.pk if kitchen is not None else None,
        with_clashes=with_clashes,
    )
    return result, query


def _scope(request, query: dict) -> documents.Scope:
    """The kitchen and the chosen institutions by name, those the caller reaches only."""
    kitchen = query.get("kitchen_id")
    names: tuple[str, ...] = ()
    if query.get("institutions_ids"):
        names = tuple(
            Reach(request.user)
            .institutions(Institution.objects.filter(pk__in=query["institutions_ids"]))
            .order_by("name")
            .values_list("name", flat=True)
        )
    return documents.Scope(kitchen=kitchen.name if kitchen is not None else None, institutions=names)


class MealsToPrepareView(ApiView):
    """Portions per meal type → dish → diet → portion size, and the ingredients they need."""

    ability = ABILITY

    @extend_schema(operation_id="meals_to_prepare", parameters=PARAMETERS, responses=s.MealsToPrepareSerializer)
    def get(self, request):
        result, _query = _asked(request)
        return Response(s.MealsToPrepareSerializer(result).data)


class MealsToPrepareXlsxView(ApiView):
    """The same as an XLSX: a sheet of portions, a sheet of ingredients."""

    ability = ABILITY

    @extend_schema(
        operation_id="meals_to_prepare_xlsx",
        parameters=PARAMETERS,
        responses={(200, XLSX_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The XLSX file")},
    )
    def get(self, request):
        result, query = _asked(request, with_clashes=False)  # the spreadsheet holds the counts only
        return documents.xlsx_response(result, _scope(request, query))


class MealsToPreparePdfView(ApiView):
    """The same as a printable PDF (A4)."""

    ability = ABILITY

    @extend_schema(
        operation_id="meals_to_prepare_pdf",
        parameters=PARAMETERS,
        responses={(200, PDF_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF file")},
    )
    def get(self, request):
        result, query = _asked(request)
        return documents.pdf_response(result, _scope(request, query))


urlpatterns = [
    path("meals/mealsToPrepare", MealsToPrepareView.as_view()),
    path("meals/mealsToPrepare/xlsx", MealsToPrepareXlsxView.as_view()),
    path("meals/mealsToPrepare/pdf", MealsToPreparePdfView.as_view()),
]
