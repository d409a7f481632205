"""Bank statement imports (`importedPaymentsFiles...`, ROLE_ADMIN): upload a statement, review its credits,
change a match, confirm (book the deposits). Thin: parse, call one selector or service, serialize."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from djangorestframework_camel_case.parser import CamelCaseMultiPartParser
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response

from kantyna.core.api.params import query_data
from kantyna.core.pagination import PAGE_PARAMETERS, PagePagination, page_of
from kantyna.core.serializers import money
from kantyna.core.viewsets import ApiView
from kantyna.people.models import Child
from kantyna.statements import selectors, services
from kantyna.statements.api import serializers as s
from kantyna.statements.models import ImportedPaymentsFile
from kantyna.statements.parsers import CSV_PROFILES
from kantyna.users.models import User

ABILITY = "statements.manage"


class ImportedPaymentsFilesView(ApiView):
    ability = ABILITY
    parser_classes = [CamelCaseMultiPartParser, MultiPartParser, FormParser]

    @extend_schema(
        operation_id="api_frontend_importedPaymentsFiles_list",
        parameters=PAGE_PARAMETERS,
        responses=page_of(s.ImportedPaymentsFileSerializer),
    )
    def get(self, request):
        paginator = PagePagination()
        page = paginator.paginate_queryset(selectors.files_list(), request, view=self)
        return paginator.get_paginated_response(s.ImportedPaymentsFileSerializer(page, many=True).data)

    @extend_schema(request=s.ImportedPaymentsFileUploadSerializer, responses={201: s.ImportedPaymentsFileSerializer})
    def post(self, request):
        """Upload a statement (MT940, camt.053 or CSV with a column profile; `fileFormat` auto detects). A file
        that is not a statement or is damaged is refused and nothing is stored."""
        body = s.ImportedPaymentsFileUploadSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        imported = services.statement_import(
            actor=request.user,
            upload=data["file"],
            file_format=None if data["file_format"] == "auto" else data["file_format"],
            csv_profile=data["csv_profile"],
        )
        return Response(
            s.ImportedPaymentsFileSerializer(selectors.file_get(imported.pk)).data, status=status.HTTP_201_CREATED
        )


class ImportedPaymentsFileView(ApiView):
    ability = ABILITY

    @extend_schema(
        parameters=[
            *PAGE_PARAMETERS,
            OpenApiParameter("kind", str, required=False, enum=list(selectors.ITEM_FILTERS)),
            OpenApiParameter("search", str, required=False),
        ],
        responses=s.ImportedPaymentsFileDetailsSerializer,
    )
    def get(self, request, pk: int):
        """The file, its counts and a page of its lines (filtered by what they were matched to)."""
        imported = get_object_or_404(selectors.files_list(), pk=pk)
        params = query_data(request, s.ItemsQuerySerializer)
        paginator = PagePagination()
        page = paginator.paginate_queryset(
            selectors.file_items(file=imported, kind=params.get("kind"), search=params["search"]),
            request,
            view=self,
        )
        items = {
            "items": s.ImportedPaymentSerializer(page, many=True).data,
            "total": paginator.total,
            "page": paginator.page,
            "per_page": paginator.per_page,
        }
        return Response(s.ImportedPaymentsFileDetailsSerializer(imported, context={"items": items}).data)


class ImportedPaymentView(ApiView):
    ability = ABILITY

    @extend_schema(request=s.ImportedPaymentUpdateSerializer, responses=s.ImportedPaymentSerializer)
    def put(self, request, pk: int, item_id: int):
        """Set the payer (and the child, when balances are kept per child) a credit is booked for, or none."""
        imported = get_object_or_404(ImportedPaymentsFile, pk=pk)
        item = get_object_or_404(imported.items.all(), pk=item_id)
        body = s.ImportedPaymentUpdateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        user = get_object_or_404(User, pk=data["user_id"]) if data["user_id"] is not None else None
        child = get_object_or_404(Child, pk=data["child_id"]) if data.get("child_id") is not None else None
        item = services.statement_item_update(actor=request.user, item=item, user=user, child=child)
        return Response(s.ImportedPaymentSerializer(selectors.file_items(file=imported).get(pk=item.pk)).data)


class ImportedPaymentsFileConfirmView(ApiView):
    ability = ABILITY

    @extend_schema(request=None, responses=s.ConfirmResultSerializer)
    def post(self, request, pk: int):
        """Book one deposit per matched credit, all at once; a confirmed file cannot be confirmed again."""
        imported = get_object_or_404(ImportedPaymentsFile, pk=pk)
        summary = services.statement_confirm(actor=request.user, file=imported)
        return Response({"status": True, "count": summary["count"], "total": money(summary["total"])})


class CsvProfilesView(ApiView):
    ability = ABILITY

    @extend_schema(responses=s.CsvProfileSerializer(many=True))
    def get(self, request):
        """The CSV column profiles an upload may name (`csvProfile`)."""
        return Response([{"name": p.name, "label": p.label} for p in CSV_PROFILES.values()])
