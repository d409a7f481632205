"""The reports' calls (spec area `reports`): `POST reports/{reportType}` (the file: XLSX or CSV),
`POST reports/{reportType}/print` (PDF in an orientation and font size) and `POST reports/{reportType}/send`
(made and e-mailed by a background job to the addresses and a saved recipients list's, resolved now;
answers `{"status": true}`), and `GET reports`, the catalogue the reports
screen draws its forms from. Every body carries the report's `criteria`, validated by its type's serializer
(`reports.catalog`). Ability `reports.view`: admins and report managers every institution, institutions admins
theirs (`Reach.reported_institution_ids`)."""

from __future__ import annotations

from django.db import transaction
from django.urls import path
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response

from kantyna.announcements.selectors import report_recipients
from kantyna.core.errors import DomainError
from kantyna.core.parsers import JSONObjectParser
from kantyna.core.permissions import has_ability
from kantyna.core.spreadsheets import XLSX_TYPE
from kantyna.core.viewsets import ApiView, status_response
from kantyna.menus.documents import PDF_TYPE, file_response
from kantyna.reports.api import reports_serializers as s
from kantyna.reports.catalog import REPORT_TYPES, ReportType, criteria_validated, render_report
from kantyna.reports.criteria import criteria_fields
from kantyna.reports.tasks import send_report
from kantyna.tenancy.services import current_tenant_slug

ABILITY = "reports.view"


def _report(code: str) -> ReportType:
    report = REPORT_TYPES.get(code)
    if report is None:
        raise NotFound()
    return report


class ReportsCatalogueView(ApiView):
    """The reports one may make: code, title, description, the PDF's usual orientation and the criteria."""

    ability = ABILITY

    @extend_schema(operation_id="reports_catalogue", responses=s.ReportTypeSerializer(many=True))
    def get(self, request):
        entries = [
            {
                "code": report.code,
                "title": str(report.title),
                "description": str(report.description),
                "orientation": report.orientation,
                "criteria": criteria_fields(report.criteria_serializer),
            }
            for report in REPORT_TYPES.values()
        ]
        return Response(s.ReportTypeSerializer(entries, many=True).data)


class ReportDownloadView(ApiView):
    """The report as a spreadsheet (XLSX or CSV): header, rows, totals."""

    ability = ABILITY
    parser_classes = [JSONObjectParser]

    @extend_schema(
        operation_id="reports_download",
        request=s.ReportDownloadSerializer,
        responses={
            (200, XLSX_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The XLSX file"),
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.BINARY, description="The CSV file"),
        },
    )
    def post(self, request, report_type: str):
        report = _report(report_type)
        body = s.ReportDownloadSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        made = render_report(
            report.code, body.validated_data["criteria"], body.validated_data["format"], actor=request.user
        )
        return file_response(made.content, filename=made.file_name, content_type=made.content_type)


class ReportPrintView(ApiView):
    """The report as a PDF to print, in the orientation and font size asked for."""

    ability = ABILITY
    parser_classes = [JSONObjectParser]

    @extend_schema(
        operation_id="reports_print",
        request=s.ReportPrintSerializer,
        responses={(200, PDF_TYPE): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF file")},
    )
    def post(self, request, report_type: str):
        report = _report(report_type)
        body = s.ReportPrintSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        made = render_report(
            report.code,
            body.validated_data["criteria"],
            "pdf",
            actor=request.user,
            orientation=body.validated_data.get("orientation") or report.orientation,
            font_size=body.validated_data["font_size"],
        )
        return file_response(made.content, filename=made.file_name, content_type=made.content_type, inline=True)


class ReportSendView(ApiView):
    """The report e-mailed to the addresses with its file attached: the criteria are checked now, the file is
    made and sent by a job (`reports.tasks.send_report`) deferred in this transaction."""

    ability = ABILITY
    parser_classes = [JSONObjectParser]

    @extend_schema(operation_id="reports_send", request=s.ReportSendSerializer, responses=s.StatusSerializer)
    def post(self, request, report_type: str):
        report = _report(report_type)
        body = s.ReportSendSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        criteria_validated(report.code, data["criteria"])
        recipients = data["recipients_list"]
        if recipients is not None and not has_ability(request.user, "announcements.manage"):
            raise PermissionDenied
        addresses = report_recipients(data["email_addresses"], recipients)
        if not addresses:
            raise DomainError("report.no_recipients", field="email_addresses")
        with transaction.atomic():
            send_report.defer(
                slug=current_tenant_slug(),
                code=report.code,
                criteria=data["criteria"],
                file_format=data["format"],
                email_addresses=addresses.to,
                bcc_addresses=addresses.bcc,
                actor_id=request.user.pk,
                locale=get_language() or "pl",
                orientation=data.get("orientation") or report.orientation,
                font_size=data["font_size"],
            )
        return status_response()


urlpatterns = [
    path("reports", ReportsCatalogueView.as_view()),
    path("reports/<str:report_type>", ReportDownloadView.as_view()),
    path("reports/<str:report_type>/print", ReportPrintView.as_view()),
    path("reports/<str:report_type>/send", ReportSendView.as_view()),
]
