"""The ledger's endpoints: `transactions...` (staff: the back office, institutions admins within their
institutions; customers: their own money) and `billing/bankTransferDetails` (a path the spec lacks: what the
/billing page shows for a top-up by bank transfer)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from djangorestframework_camel_case.util import underscoreize
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.response import Response
from rest_framework.views import APIView

from kantyna.core.api.params import query_data
from kantyna.core.api.renderers import Camelized
from kantyna.core.filters import CamelOrderingFilter
from kantyna.core.pagination import PAGE_PARAMETERS, BoundedCountPagination, PagePagination, page_of
from kantyna.core.permissions import HasAbility
from kantyna.core.serializers import MoneySerializer, StatusSerializer, money
from kantyna.core.viewsets import ApiView, status_response
from kantyna.ledger import selectors, services
from kantyna.ledger.api import serializers as s
from kantyna.ledger.services import balance_per_children, ledger_funds_floor

STAFF = "transactions.view"
OWN = "billing.view"
VIEWERS = (STAFF, OWN)


class LedgerView(APIView):
    permission_classes = [HasAbility]

    def query(self, serializer_class):
        query = serializer_class(data=underscoreize(self.request.query_params.dict()))
        query.is_valid(raise_exception=True)
        return query.validated_data

    def paginated(self, rows, serializer_class, paginator_class=PagePagination):
        paginator = paginator_class()
        page = paginator.paginate_queryset(rows, self.request, view=self)
        return paginator.get_paginated_response(serializer_class(page, many=True).data)


TRANSACTION_PARAMETERS = [
    OpenApiParameter("userId", int, required=False),
    OpenApiParameter("childId", int, required=False),
    OpenApiParameter("kind", str, required=False, enum=[kind for kind, _label in s.TransactionKind.choices]),
    OpenApiParameter("dateFrom", OpenApiTypes.DATE, required=False, description="booked on or after"),
    OpenApiParameter("dateTo", OpenApiTypes.DATE, required=False, description="booked on or before"),
    OpenApiParameter("institutionId", int, required=False),
    OpenApiParameter("search", str, required=False, description="payer, child, description"),
]


def _filters(data: dict, **overrides) -> selectors.TransactionFilters:
    return selectors.TransactionFilters(**{**data, **overrides})


class TransactionViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """`transactions`: the list (filters, sort `bookedOn|createdAt|amount|kind`), one transaction, and staff
    bookings. Nothing is ever changed or removed: PUT books a correction with the difference and answers it,
    DELETE books a correction cancelling what remains of the transaction."""

    permission_classes = [HasAbility]
    abilities = {
        "list": VIEWERS,
        "retrieve": VIEWERS,
        "create": "transactions.edit",
        "update": "transactions.edit",
        "destroy": "transactions.edit",
    }
    http_method_names = ["get", "post", "put", "delete"]
    serializer_class = s.TransactionSerializer
    pagination_class = BoundedCountPagination  # the ledger grows without bound: its count is bounded
    filter_backends = [CamelOrderingFilter]
    ordering_fields = ["booked_on", "created_at", "amount", "kind"]
    ordering = ["-booked_on", "-id"]
    lookup_value_regex = r"\d+"

    def get_queryset(self):
        filters = selectors.TransactionFilters()
        if self.action == "list":
            filters = _filters(query_data(self.request, s.TransactionQuerySerializer))
        return selectors.transactions_list(actor=self.request.user, filters=filters)

    @extend_schema(parameters=TRANSACTION_PARAMETERS)
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(request=s.TransactionCreateSerializer, responses={201: s.CreatedIdSerializer})
    def create(self, request):
        data = s.TransactionCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if not selectors.visible_payers(request.user).filter(pk=values["user"].pk).exists():
            raise serializers.ValidationError({"user_id": [_("Choose a parent or an institution worker you manage.")]})
        row = services.transaction_create(
            actor=request.user,
            user=values["user"],
            child=values["child"],
            kind=values["kind"],
            amount=values["amount"],
            description=values["description"],
            booked_on=values["booked_on"],
            idempotency_key=values["idempotency_key"] or None,
        )
        return Response({"id": row.pk}, status=status.HTTP_201_CREATED)

    @extend_schema(request=s.TransactionCorrectSerializer, responses=s.TransactionSerializer)
    def update(self, request, pk=None):
        row = self.get_object()
        data = s.TransactionCorrectSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        correction = services.transaction_correct(actor=request.user, row=row, **data.validated_data)
        return Response(s.TransactionSerializer(self.get_queryset().get(pk=correction.pk)).data)

    @extend_schema(responses={200: StatusSerializer})
    def destroy(self, request, pk=None):
        services.transaction_reverse(actor=request.user, row=self.get_object())
        return status_response()


class TransactionTotalsView(LedgerView):
    """`transactions/totals`: the sums of what the list shows with the same filters, per kind and in all."""

    ability = VIEWERS

    @extend_schema(parameters=TRANSACTION_PARAMETERS, responses=s.TotalsSerializer)
    def get(self, request):
        filters = _filters(self.query(s.TransactionQuerySerializer))
        return Response(s.TotalsSerializer(selectors.transactions_totals(actor=request.user, filters=filters)).data)


class DepositsView(LedgerView):
    """`transactions/deposits`: the deposits (the list with kind=deposit), newest booking first."""

    ability = STAFF

    @extend_schema(
        parameters=[p for p in TRANSACTION_PARAMETERS if p.name != "kind"] + PAGE_PARAMETERS,
        responses=page_of(s.TransactionSerializer, bounded_count=True),
    )
    def get(self, request):
        filters = _filters(self.query(s.TransactionQuerySerializer), kind="deposit")
        rows = selectors.transactions_list(actor=request.user, filters=filters).order_by("-booked_on", "-id")
        return self.paginated(rows, s.TransactionSerializer, BoundedCountPagination)


PAYER_PARAMETERS = [
    OpenApiParameter("search", str, required=False),
    OpenApiParameter("institutionId", int, required=False),
    OpenApiParameter("negative", bool, required=False, description="only balances below zero"),
    *PAGE_PARAMETERS,
]


class PayersView(LedgerView):
    """`transactions/users`: parents and institution workers with their balance (all their accounts)."""

    ability = STAFF

    @extend_schema(parameters=PAYER_PARAMETERS, responses=page_of(s.PayerBalanceSerializer))
    def get(self, request):
        query = self.query(s.PayersQuerySerializer)
        return self.paginated(selectors.payers_with_balance(actor=request.user, **query), s.PayerBalanceSerializer)


class InsufficientFundsView(LedgerView):
    """`transactions/insufficientFunds`: payers who can no longer order with check_funds: balance below zero, or
    below minus the allowed debit when debits_config.apply_allowed_debit is on."""

    ability = STAFF

    @extend_schema(parameters=PAYER_PARAMETERS[:2] + PAGE_PARAMETERS, responses=page_of(s.PayerBalanceSerializer))
    def get(self, request):
        query = self.query(s.PayersQuerySerializer)
        query.pop("negative", None)
        rows = selectors.payers_with_balance(actor=request.user, below=ledger_funds_floor(), **query)
        return self.paginated(rows, s.PayerBalanceSerializer)


def _visible_payer(request, user_id: int):
    return get_object_or_404(selectors.visible_payers(request.user), pk=user_id)


class UserBalanceView(LedgerView):
    """`transactions/userBalance/{userId}`: a payer's balance and its split per child (customers: themselves)."""

    ability = VIEWERS

    @extend_schema(responses=s.UserBalanceSerializer)
    def get(self, request, user_id: int):
        payer = _visible_payer(request, user_id)
        rows = selectors.per_children_balance(payer)
        return Response(
            s.UserBalanceSerializer(
                {
                    "user_id": payer.pk,
                    "balance": sum((row["balance"] for row in rows), selectors.ZERO),
                    "per_children": rows,
                    "balance_per_children": balance_per_children(),
                }
            ).data
        )


class PerChildrenBalanceView(LedgerView):
    """`transactions/parents/{parentId}/perChildrenBalance`: the parent's general account, then each child."""

    ability = VIEWERS

    @extend_schema(responses=s.ChildBalanceSerializer(many=True))
    def get(self, request, parent_id: int):
        payer = _visible_payer(request, parent_id)
        return Response(s.ChildBalanceSerializer(selectors.per_children_balance(payer), many=True).data)


class EndOfMonthBalanceView(LedgerView):
    """`transactions/endOfMonthBalance?month=YYYY-MM`: each payer's balance at the end of the month, computed from
    booked_on in one grouped query (the month's deposits, charges and corrections beside it)."""

    ability = STAFF

    @extend_schema(
        parameters=[
            OpenApiParameter("month", str, required=True, description="YYYY-MM"),
            *PAYER_PARAMETERS,
        ],
        responses=page_of(s.EndOfMonthRowSerializer),
        operation_id="api_frontend_transactions_endOfMonthBalance_list",  # the id it had as a bare list
    )
    def get(self, request):
        query = self.query(s.EndOfMonthQuerySerializer)
        paginator = PagePagination()
        paginator.read_params(request)
        result = selectors.end_of_month_balances(
            actor=request.user, **query, offset=paginator.offset, limit=paginator.per_page
        )
        return Response(
            Camelized(
                items=s.end_of_month_rows_json(result.rows),
                total=result.total,
                page=paginator.page,
                perPage=paginator.per_page,
            )
        )


class MonthlySummariesView(LedgerView):
    """`transactions/monthlySummaries?dateFrom=YYYY-MM&dateTo=YYYY-MM`: per month the sums per kind and the
    closing balance (customers: their own)."""

    ability = VIEWERS

    @extend_schema(
        parameters=[
            OpenApiParameter("dateFrom", str, required=True, description="YYYY-MM"),
            OpenApiParameter("dateTo", str, required=True, description="YYYY-MM"),
            OpenApiParameter("userId", int, required=False),
            OpenApiParameter("childId", int, required=False),
            OpenApiParameter("institutionId", int, required=False),
        ],
        responses=s.MonthlySummarySerializer(many=True),
    )
    def get(self, request):
        query = self.query(s.MonthlySummariesQuerySerializer)
        rows = selectors.monthly_summaries(actor=request.user, **query)
        return Response(s.MonthlySummarySerializer(rows, many=True).data)


class BankTransferDetailsView(LedgerView):
    """`billing/bankTransferDetails` (not in the spec's catalogue; the /billing page needs it): the caller's own
    account number for top-ups (tenant bank part + payer id, mod-97 check digits) and the transfer title."""

    ability = OWN

    @extend_schema(responses=s.BankTransferDetailsSerializer)
    def get(self, request):
        return Response(s.BankTransferDetailsSerializer(selectors.bank_transfer_details(user=request.user)).data)


class CurrentUserBalanceView(ApiView):
    ability = "tenant.access"

    @extend_schema(responses=MoneySerializer)
    def get(self, request):
        return Response(money(selectors.user_balance(user=request.user)))
