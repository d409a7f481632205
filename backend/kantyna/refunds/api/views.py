"""`returnRequests/*`: a payer's refund requests (their own) and the office's handling of all of them (accept with an
amount, accept many, cancel, the bank file of the accepted ones). Thin: parse, call one selector or service,
serialize."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.response import Response

from kantyna.core.api.errors import refusal_message
from kantyna.core.api.params import body_data, query_data
from kantyna.core.pagination import PAGE_PARAMETERS, PagePagination, page_of
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import ApiView, status_response
from kantyna.menus.documents import file_response
from kantyna.people.models import Child
from kantyna.refunds import selectors, services
from kantyna.refunds.api import serializers as s
from kantyna.refunds.bank_files import refunds_bank_file
from kantyna.refunds.models import ReturnRequest, ReturnRequestState

REQUEST = "refunds.request"
MANAGE = "refunds.manage"
READ = (REQUEST, MANAGE)


def _visible(request, pk: int) -> ReturnRequest:
    return get_object_or_404(selectors.return_requests_visible(actor=request.user), pk=pk)


class ReturnRequestsView(ApiView):
    ability = READ

    @extend_schema(
        operation_id="api_frontend_returnRequests_list",
        parameters=[
            *PAGE_PARAMETERS,
            OpenApiParameter("state", str, required=False, enum=[choice.value for choice in ReturnRequestState]),
            OpenApiParameter("dateFrom", OpenApiTypes.DATE, required=False),
            OpenApiParameter("dateTo", OpenApiTypes.DATE, required=False),
            OpenApiParameter("requesterId", int, required=False),
        ],
        responses=page_of(s.ReturnRequestSerializer),
    )
    def get(self, request):
        """Newest first: a payer's own requests, every request for the office; filtered by state and the day asked."""
        params = query_data(request, s.ListQuerySerializer)
        rows = selectors.return_requests_list(actor=request.user, filters=selectors.ReturnRequestFilters(**params))
        paginator = PagePagination()
        page = paginator.paginate_queryset(rows, request, view=self)
        return paginator.get_paginated_response(s.ReturnRequestSerializer(page, many=True).data)


class ReturnRequestView(ApiView):
    ability = READ

    @extend_schema(responses=s.ReturnRequestSerializer)
    def get(self, request, pk: int):
        return Response(s.ReturnRequestSerializer(_visible(request, pk)).data)


class ReturnRequestCreateView(ApiView):
    ability = REQUEST

    @extend_schema(request=s.ReturnRequestCreateSerializer, responses={201: s.ReturnRequestSerializer})
    def post(self, request):
        """Ask for `amount` (at most the balance now) back to the refund bank account: a parent's from their profile,
        a worker's typed here (`bankAccountNumber`). One pending request at a time."""
        data = body_data(request, s.ReturnRequestCreateSerializer)
        child = None
        if data["child_id"] is not None:
            child = get_object_or_404(Child.objects.filter(parent=request.user), pk=data["child_id"])
        created = services.return_request_create(
            actor=request.user,
            amount=data["amount"]["amount"],
            reason=data["reason"],
            child=child,
            bank_account_number=data["bank_account_number"],
        )
        return Response(s.ReturnRequestSerializer(_visible(request, created.pk)).data, status=status.HTTP_201_CREATED)


class ReturnRequestAcceptView(ApiView):
    ability = MANAGE

    @extend_schema(request=s.ReturnRequestAcceptSerializer, responses=StatusSerializer)
    def post(self, request, pk: int):
        """Accept with `amount` (the asked amount when left out; at most it and the balance now): books the payout
        once, however often it is sent."""
        data = body_data(request, s.ReturnRequestAcceptSerializer)
        _visible(request, pk)
        amount = data["amount"]["amount"] if data.get("amount") else None
        services.return_request_accept(actor=request.user, request_id=pk, amount=amount)
        return status_response()


class ReturnRequestsBulkAcceptView(ApiView):
    ability = MANAGE

    @extend_schema(request=s.BulkAcceptSerializer, responses=s.BulkAcceptResultSerializer)
    def post(self, request):
        """Accept each request at its asked amount; each refused one is listed with its reason, the others stay
        accepted."""
        data = body_data(request, s.BulkAcceptSerializer)
        result = services.return_requests_bulk_accept(actor=request.user, request_ids=data["return_requests_ids"])
        return Response(
            {
                "status": True,
                "accepted": result.done,
                "refused": [{"id": pk, "message": refusal_message(error)} for pk, error in result.refused],
            }
        )


class ReturnRequestsMarkPaidView(ApiView):
    ability = MANAGE

    @extend_schema(request=s.BulkAcceptSerializer, responses=s.MarkPaidResultSerializer)
    def post(self, request):
        """The bank sent these accepted refunds: they become paid and leave the bank file; any other is listed with
        its reason."""
        data = body_data(request, s.BulkAcceptSerializer)
        result = services.return_requests_mark_paid(actor=request.user, request_ids=data["return_requests_ids"])
        return Response(
            {
                "status": True,
                "marked": result.done,
                "refused": [{"id": pk, "message": refusal_message(error)} for pk, error in result.refused],
            }
        )


class ReturnRequestCancelView(ApiView):
    ability = READ

    @extend_schema(request=None, responses=StatusSerializer)
    def post(self, request, pk: int):
        """Cancel a pending request: its requester or the office."""
        _visible(request, pk)
        services.return_request_cancel(actor=request.user, request_id=pk)
        return status_response()


class ReturnRequestsExportView(ApiView):
    ability = MANAGE

    @extend_schema(
        request=s.ExportSerializer,
        responses={
            (200, "text/plain"): OpenApiTypes.BINARY,
            (200, "text/csv"): OpenApiTypes.BINARY,
        },
    )
    def post(self, request):
        """The accepted refunds as a bank file for a bulk-transfer upload: Elixir-O (`format: elixir`, Windows-1250)
        or CSV, from the company's bank account (company details)."""
        data = body_data(request, s.ExportSerializer)
        content, content_type, filename = refunds_bank_file(
            file_format=data["format"], ids=data.get("return_requests_ids") or None
        )
        return file_response(content, filename=filename, content_type=content_type)


urlpatterns = [
    path("returnRequests", ReturnRequestsView.as_view()),
    path("returnRequests/create", ReturnRequestCreateView.as_view()),
    path("returnRequests/bulkAccept", ReturnRequestsBulkAcceptView.as_view()),
    # Not in the spec's list: without it every bank file would list every refund ever accepted (paid twice).
    path("returnRequests/markPaid", ReturnRequestsMarkPaidView.as_view()),
    path("returnRequests/generateListExport", ReturnRequestsExportView.as_view()),
    path("returnRequests/<int:pk>", ReturnRequestView.as_view()),
    path("returnRequests/<int:pk>/accept", ReturnRequestAcceptView.as_view()),
    path("returnRequests/<int:pk>/cancel", ReturnRequestCancelView.as_view()),
]
