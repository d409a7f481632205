"""`invoicesFiles/*`: invoices of deposits, of a user's month and of an institution's month drawn as PDF, files
uploaded by the office, downloaded one by one or as `faktury.zip`, marked paid. Customers read their own,
institutions admins their institutions'; the office does everything. Thin: parse, call one selector or service,
serialize."""

from __future__ import annotations

import io
import zipfile

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import path
from djangorestframework_camel_case.parser import CamelCaseJSONParser, CamelCaseMultiPartParser
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.response import Response

from kantyna.core.api.params import body_data, query_data
from kantyna.core.pagination import PAGE_PARAMETERS, PagePagination, page_of
from kantyna.core.serializers import StatusSerializer
from kantyna.core.uploads import stored_file_response
from kantyna.core.viewsets import ApiView, status_response
from kantyna.institutions.models import Institution
from kantyna.invoices import selectors, services
from kantyna.invoices.api import serializers as s
from kantyna.invoices.models import InvoiceFile, InvoiceKind
from kantyna.ledger.models import LedgerTransaction
from kantyna.menus.documents import file_response, safe_file_name
from kantyna.users.models import User

VIEW = "invoices.view"
MANAGE = "invoices.manage"
FILE_TYPES = services.UPLOAD_TYPES


def _visible(request, pk: int) -> InvoiceFile:
    return get_object_or_404(selectors.invoices_visible(actor=request.user), pk=pk)


def _created(invoice: InvoiceFile, created: bool) -> Response:
    return Response(
        {"id": invoice.pk, "created": created}, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK
    )


class InvoicesFilesView(ApiView):
    abilities = {"GET": VIEW, "POST": MANAGE}
    parser_classes = [CamelCaseMultiPartParser, MultiPartParser, FormParser]

    @extend_schema(
        operation_id="api_frontend_invoicesFiles_list",
        parameters=[
            *PAGE_PARAMETERS,
            OpenApiParameter("month", str, required=False, description="YYYY-MM"),
            OpenApiParameter("kind", str, required=False, enum=[choice.value for choice in InvoiceKind]),
            OpenApiParameter("paid", bool, required=False),
            OpenApiParameter("institutionId", int, required=False),
            OpenApiParameter("userId", int, required=False),
        ],
        responses=page_of(s.InvoiceFileSerializer),
    )
    def get(self, request):
        """Newest first: the office's every invoice, an institutions admin's institutions', a customer's own."""
        params = query_data(request, s.ListQuerySerializer)
        rows = selectors.invoices_list(actor=request.user, filters=selectors.InvoiceFilters(**params))
        paginator = PagePagination()
        page = paginator.paginate_queryset(rows, request, view=self)
        return paginator.get_paginated_response(s.InvoiceFileSerializer(page, many=True).data)

    @extend_schema(request={"multipart/form-data": s.UploadSerializer}, responses={201: s.InvoiceCreatedSerializer})
    def post(self, request):
        """Upload an invoice made elsewhere (PDF, JPG or PNG up to `maxFileSize`) under its own number."""
        data = body_data(request, s.UploadSerializer)
        user = get_object_or_404(User.objects.all(), pk=data["user_id"]) if data["user_id"] else None
        institution = (
            get_object_or_404(Institution.objects.all(), pk=data["institution_id"]) if data["institution_id"] else None
        )
        invoice = services.invoice_upload(
            actor=request.user,
            upload=data["file"],
            number=data["number"],
            month=data["month"],
            user=user,
            institution=institution,
            gross=data.get("gross"),
        )
        return _created(invoice, True)


class InvoiceFileView(ApiView):
    abilities = {"GET": VIEW, "DELETE": MANAGE}

    @extend_schema(responses=s.InvoiceFileSerializer)
    def get(self, request, pk: int):
        return Response(s.InvoiceFileSerializer(_visible(request, pk)).data)

    @extend_schema(responses=StatusSerializer)
    def delete(self, request, pk: int):
        """Delete the invoice and its file (audited; its number is not given again)."""
        _visible(request, pk)
        services.invoice_delete(actor=request.user, invoice_id=pk)
        return status_response()


class CreateForTransactionView(ApiView):
    ability = MANAGE

    @extend_schema(request=None, responses={201: s.InvoiceCreatedSerializer, 200: s.InvoiceCreatedSerializer})
    def post(self, request, pk: int):
        """The invoice of a deposit, to its payer (their company when they asked for invoices). 200 with the
        existing one when it was invoiced already."""
        row = get_object_or_404(LedgerTransaction.objects.all(), pk=pk)
        return _created(*services.invoice_create_for_transaction(actor=request.user, transaction_id=row.pk))


class CreateForUserView(ApiView):
    ability = MANAGE
    parser_classes = [CamelCaseJSONParser, JSONParser]

    @extend_schema(
        request=s.MonthBodySerializer, responses={201: s.InvoiceCreatedSerializer, 200: s.InvoiceCreatedSerializer}
    )
    def post(self, request, user_id: int):
        """The invoice of the meals delivered in `month` to the user's children (a parent) or to them (a worker)."""
        data = body_data(request, s.MonthBodySerializer)
        user = get_object_or_404(User.objects.select_related("account"), pk=user_id)
        return _created(*services.invoice_create_for_user(actor=request.user, user=user, month=data["month"]))


class CreateForInstitutionView(ApiView):
    ability = MANAGE
    parser_classes = [CamelCaseJSONParser, JSONParser]

    @extend_schema(
        request=s.MonthBodySerializer, responses={201: s.InvoiceCreatedSerializer, 200: s.InvoiceCreatedSerializer}
    )
    def post(self, request, institution_id: int):
        """The invoice of the meals delivered in `month` to the institution's children and workers, to its buyer."""
        data = body_data(request, s.MonthBodySerializer)
        institution = get_object_or_404(Institution.objects.all(), pk=institution_id)
        return _created(
            *services.invoice_create_for_institution(actor=request.user, institution=institution, month=data["month"])
        )


class DownloadView(ApiView):
    ability = VIEW

    @extend_schema(
        operation_id="api_frontend_invoicesFiles_download_one",
        request=None,
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (200, "image/jpeg"): OpenApiTypes.BINARY,
            (200, "image/png"): OpenApiTypes.BINARY,
        },
    )
    def post(self, request, pk: int):
        invoice = _visible(request, pk)
        return stored_file_response(invoice.file, filename=safe_file_name(invoice.number), allowed=FILE_TYPES)


class DownloadManyView(ApiView):
    ability = VIEW
    parser_classes = [CamelCaseJSONParser, JSONParser]

    @extend_schema(
        operation_id="api_frontend_invoicesFiles_download_many",
        request=s.SelectionSerializer,
        responses={(200, "application/zip"): OpenApiTypes.BINARY},
    )
    def post(self, request):
        """The selected invoices as `faktury.zip`; 404 when one of them is not the caller's to read."""
        data = body_data(request, s.SelectionSerializer)
        wanted = set(data["invoices_files_ids"])
        rows = list(selectors.invoices_visible(actor=request.user).filter(pk__in=wanted).order_by("issue_date", "id"))
        if len(rows) != len(wanted):
            raise Http404
        buffer = io.BytesIO()
        names: set[str] = set()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for row in rows:
                name = f"{safe_file_name(row.number)}.{row.file_kind}"
                if name in names:
                    name = f"{row.pk}-{name}"
                names.add(name)
                with row.file.open("rb") as handle:
                    archive.writestr(name, handle.read())
        return file_response(buffer.getvalue(), filename="faktury.zip", content_type="application/zip")


class MaxFileSizeView(ApiView):
    ability = VIEW

    @extend_schema(responses=s.MaxFileSizeSerializer)
    def get(self, request):
        """The largest invoice file an upload may send, in bytes (the tenant's upload limit)."""
        return Response({"max_file_size": services.invoice_upload_limit()})


class KsefXmlView(ApiView):
    ability = VIEW

    @extend_schema(
        operation_id="api_frontend_invoicesFiles_ksefXml",
        responses={(200, "application/xml"): OpenApiTypes.BINARY},
    )
    def get(self, request, pk: int):
        """The invoice as KSeF FA(3) XML (valid against the official schema), for whoever may download it. Refused
        for an uploaded file and for a consumer's invoice (a buyer without NIP)."""
        invoice = _visible(request, pk)
        xml = selectors.invoice_ksef_xml(invoice)
        return file_response(xml, filename=f"{safe_file_name(invoice.number)}.xml", content_type="application/xml")


class KsefUpoView(ApiView):
    ability = VIEW

    @extend_schema(
        operation_id="api_frontend_invoicesFiles_ksefUpo",
        responses={(200, "application/xml"): OpenApiTypes.BINARY},
    )
    def get(self, request, pk: int):
        """The UPO (urzędowe poświadczenie odbioru) KSeF gave the accepted invoice: its official XML receipt, as KSeF
        wrote it, for whoever may download the invoice's KSeF XML. 404 while there is none (not accepted yet, or
        its UPO not fetched yet: the KSeF job asks again)."""
        invoice = _visible(request, pk)
        upo = selectors.invoice_ksef_upo(invoice)
        return file_response(upo, filename=f"{safe_file_name(invoice.number)}-UPO.xml", content_type="application/xml")


class SendToKsefView(ApiView):
    ability = MANAGE

    @extend_schema(request=None, responses=s.InvoiceFileSerializer)
    def post(self, request, pk: int):
        """Send the invoice to KSeF (a job: the answer says `sending`, the KSeF number follows). Again while it is
        being sent or once accepted sends nothing; a rejected or failed one is sent anew."""
        _visible(request, pk)
        services.invoice_send_to_ksef(actor=request.user, invoice_id=pk)
        return Response(s.InvoiceFileSerializer(_visible(request, pk)).data)


class MarkAsPaidView(ApiView):
    ability = MANAGE

    @extend_schema(request=None, responses=StatusSerializer)
    def post(self, request, pk: int):
        """Mark paid; again on a paid invoice changes nothing."""
        _visible(request, pk)
        services.invoice_mark_paid(actor=request.user, invoice_id=pk)
        return status_response()


urlpatterns = [
    path("invoicesFiles", InvoicesFilesView.as_view()),
    path("invoicesFiles/maxFileSize", MaxFileSizeView.as_view()),
    path("invoicesFiles/download", DownloadManyView.as_view()),
    path("invoicesFiles/createForTransaction/<int:pk>", CreateForTransactionView.as_view()),
    path("invoicesFiles/createForUser/<int:user_id>", CreateForUserView.as_view()),
    path("invoicesFiles/createForInstitution/<int:institution_id>", CreateForInstitutionView.as_view()),
    path("invoicesFiles/<int:pk>", InvoiceFileView.as_view()),
    path("invoicesFiles/<int:pk>/download", DownloadView.as_view()),
    path("invoicesFiles/<int:pk>/markAsPaid", MarkAsPaidView.as_view()),
    path("invoicesFiles/<int:pk>/ksefXml", KsefXmlView.as_view()),
    path("invoicesFiles/<int:pk>/ksefUpo", KsefUpoView.as_view()),
    path("invoicesFiles/<int:pk>/sendToKsef", SendToKsefView.as_view()),
]
