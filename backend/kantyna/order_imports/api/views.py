"""Orders files (`importedOrdersFiles...`, ROLE_ADMIN): upload a spreadsheet of orders and read its checked report,
download the template, confirm (order the OK rows). Thin: parse, call one selector or service, serialize."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from djangorestframework_camel_case.parser import CamelCaseMultiPartParser
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response

from kantyna.core.api.params import query_data
from kantyna.core.pagination import PAGE_PARAMETERS, PagePagination, page_of
from kantyna.core.serializers import ImportErrorSerializer, money
from kantyna.core.spreadsheets import XLSX_TYPE
from kantyna.core.viewsets import ApiView
from kantyna.menus.documents import file_response
from kantyna.order_imports import documents, reading, selectors, services
from kantyna.order_imports.api import serializers as s
from kantyna.order_imports.models import ImportedOrdersFile

ABILITY = "order_imports.manage"


class ImportedOrdersFilesView(ApiView):
    ability = ABILITY
    parser_classes = [CamelCaseMultiPartParser, MultiPartParser, FormParser]

    @extend_schema(
        operation_id="api_frontend_importedOrdersFiles_list",
        parameters=PAGE_PARAMETERS,
        responses=page_of(s.ImportedOrdersFileSerializer),
    )
    def get(self, request):
        paginator = PagePagination()
        page = paginator.paginate_queryset(selectors.files_list(), request, view=self)
        return paginator.get_paginated_response(s.ImportedOrdersFileSerializer(page, many=True).data)

    @extend_schema(
        request={"multipart/form-data": s.ImportedOrdersFileUploadSerializer},
        responses={
            201: s.ImportedOrdersFileSerializer,
            400: OpenApiResponse(ImportErrorSerializer, description="Not a readable orders file; nothing stored."),
        },
        description=reading.__doc__,
    )
    def post(self, request):
        """Upload an orders file (XLSX or CSV): every row is checked and reported; nothing is ordered yet."""
        body = s.ImportedOrdersFileUploadSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        imported = services.orders_file_upload(
            actor=request.user,
            upload=body.validated_data["file"],
            override_cutoff=body.validated_data["override_cutoff"],
        )
        return Response(
            s.ImportedOrdersFileSerializer(selectors.files_list().get(pk=imported.pk)).data,
            status=status.HTTP_201_CREATED,
        )


class ImportedOrdersTemplateView(ApiView):
    ability = ABILITY

    @extend_schema(responses={(200, XLSX_TYPE): OpenApiTypes.BINARY})
    def get(self, request):
        """The empty orders file (XLSX) with headers in the user's language and the names its cells may use."""
        return file_response(
            documents.orders_template(), filename=_("orders-import-template") + ".xlsx", content_type=XLSX_TYPE
        )


class ImportedOrdersFileView(ApiView):
    ability = ABILITY

    @extend_schema(
        parameters=[
            *PAGE_PARAMETERS,
            OpenApiParameter("status", str, required=False, enum=list(selectors.ROW_FILTERS)),
        ],
        responses=s.ImportedOrdersFileDetailsSerializer,
    )
    def get(self, request, pk: int):
        """The file, its totals and a page of its rows (all, the OK ones or those with problems)."""
        imported = get_object_or_404(selectors.files_list(), pk=pk)
        params = query_data(request, s.RowsQuerySerializer)
        paginator = PagePagination()
        page = paginator.paginate_queryset(
            selectors.file_rows(file=imported, status=params.get("status")), request, view=self
        )
        rows = {
            "items": s.ImportedOrderRowSerializer(page, many=True).data,
            "total": paginator.total,
            "page": paginator.page,
            "per_page": paginator.per_page,
        }
        return Response(s.ImportedOrdersFileDetailsSerializer(imported, context={"rows": rows}).data)


class ImportedOrdersFileConfirmView(ApiView):
    ability = ABILITY

    @extend_schema(request=None, responses=s.OrdersFileConfirmResultSerializer)
    def post(self, request, pk: int):
        """Order the OK rows (rows no longer valid are reported, not ordered); a confirmed file is refused (409)."""
        imported = get_object_or_404(ImportedOrdersFile, pk=pk)
        summary = services.orders_file_confirm(actor=request.user, file=imported)
        return Response(
            {
                "status": True,
                "ordered": summary["ordered"],
                "failed": summary["failed"],
                "items": summary["items"],
                "total": money(summary["total"]),
            }
        )
