"""`automatedReports` (spec): CRUD, and `bulk/enable`, `bulk/disable`, `bulk/send` over `automatedReportIds`.
Report managers and admins (ability `reports.automate`); every report of the tenant is theirs to manage."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound

from kantyna.automated_reports import selectors, services
from kantyna.automated_reports.api import serializers as s
from kantyna.core.api.params import body_data
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import ApiView, CrudViewSet, status_response

ABILITY = "reports.automate"


class AutomatedReportViewSet(CrudViewSet):
    queryset = selectors.automated_reports()
    serializer_class = s.AutomatedReportSerializer
    abilities = dict.fromkeys(("list", "retrieve", "create", "update", "destroy"), ABILITY)
    search_fields = ["name"]
    ordering_fields = ["name", "created_at", "last_run_at"]
    filterset_fields = ["enabled", "report_type", "frequency"]
    answer_as_listed = True
    create_service = staticmethod(services.automated_report_create)
    update_service = staticmethod(services.automated_report_update)
    delete_service = staticmethod(services.automated_report_delete)


def _reports(request) -> list:
    """The body's reports, all or nothing: one unknown id makes the whole request unknown."""
    wanted = set(body_data(request, s.AutomatedReportIdsSerializer)["automated_report_ids"])
    reports = list(selectors.automated_reports().filter(pk__in=wanted).order_by("pk"))
    if len(reports) != len(wanted):
        raise NotFound
    return reports


class BulkEnableView(ApiView):
    ability = ABILITY

    @extend_schema(request=s.AutomatedReportIdsSerializer, responses={200: StatusSerializer})
    def post(self, request):
        services.automated_reports_enable(actor=request.user, reports=_reports(request), enabled=True)
        return status_response()


class BulkDisableView(ApiView):
    ability = ABILITY

    @extend_schema(request=s.AutomatedReportIdsSerializer, responses={200: StatusSerializer})
    def post(self, request):
        services.automated_reports_enable(actor=request.user, reports=_reports(request), enabled=False)
        return status_response()


class BulkSendView(ApiView):
    ability = ABILITY

    @extend_schema(
        request=s.AutomatedReportIdsSerializer,
        responses={200: StatusSerializer},
        description="Sends each report now (a job per report), its period relative to today; enabled or not.",
    )
    def post(self, request):
        services.automated_reports_send_now(actor=request.user, reports=_reports(request))
        return status_response()
