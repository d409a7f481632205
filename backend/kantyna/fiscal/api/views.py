"""`transactions/{id}/fiscalize`, `transactions/bulkFiscalize`, `transactions/fiscalizeAll` (paths guessed: the spec
names the calls only): the office queues deposits for the cash register; the job registers them within moments
and each transaction then shows its receipt number (ledger lists, `fiscal`). Refused while fiscalization is off.
A failed receipt is settled by a person (`transactions/{id}/fiscalReceipt/registered`, `.../sendAnew`: not in the
spec). Thin: parse, call one service, answer."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import path
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from kantyna.core.api.errors import refusal_message
from kantyna.core.api.params import body_data
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import ApiView, status_response
from kantyna.fiscal import services
from kantyna.fiscal.api import serializers as s
from kantyna.fiscal.selectors import MANAGE, fiscal_settings
from kantyna.ledger.models import LedgerTransaction


class FiscalizeView(ApiView):
    ability = MANAGE

    @extend_schema(request=None, responses=StatusSerializer)
    def post(self, request, pk: int):
        """Queue one deposit for the cash register (a registered one stays as it is; a failed one is tried again)."""
        get_object_or_404(LedgerTransaction.objects.all(), pk=pk)
        result = services.fiscal_receipts_queue(actor=request.user, transaction_ids=[pk])
        if result.refused:
            raise result.refused[0][1]
        return status_response()


class BulkFiscalizeView(ApiView):
    ability = MANAGE

    @extend_schema(request=s.BulkFiscalizeSerializer, responses=s.BulkFiscalizeResultSerializer)
    def post(self, request):
        """Queue the selected deposits; each refused one (not a deposit, not found) is listed with its reason."""
        data = body_data(request, s.BulkFiscalizeSerializer)
        result = services.fiscal_receipts_queue(actor=request.user, transaction_ids=data["transactions_ids"])
        return Response(
            {
                "status": True,
                "queued": result.queued,
                "refused": [{"id": pk, "message": refusal_message(error)} for pk, error in result.refused],
            }
        )


class FiscalizeAllView(ApiView):
    ability = MANAGE

    @extend_schema(request=None, responses=s.FiscalizeAllResultSerializer)
    def post(self, request):
        """Queue every deposit not registered since fiscalization was enabled (failed ones included)."""
        return Response({"status": True, "queued": services.fiscal_receipts_queue_all(actor=request.user)})


class RegisterCheckView(ApiView):
    ability = MANAGE

    @extend_schema(request=s.RegisterCheckSerializer, responses=StatusSerializer)
    def post(self, request):
        """Whether the cash register answers (Novitus: NoviApi's communication test); nothing is registered. Not in
        the spec: the fiscalization settings check a printer's address with it. 400 with the reason under
        `registerUrl` when it does not answer."""
        data = body_data(request, s.RegisterCheckSerializer)
        options = {**fiscal_settings().options, **data}
        services.fiscal_register_check(register=options["register"], options=options)
        return status_response()


class RegisteredByHandView(ApiView):
    ability = MANAGE

    @extend_schema(request=s.RegisteredByHandSerializer, responses=StatusSerializer)
    def post(self, request, pk: int):
        """Record a failed deposit's receipt as registered with the number a person found in the printer's reports.
        Not in the spec: a NoviApi request the printer no longer knows is left to a person. The same number again
        answers 200 and changes nothing; 409 for another number on a registered receipt, a pending one (the register
        may still print it) or a deposit without a receipt."""
        get_object_or_404(LedgerTransaction.objects.all(), pk=pk)
        data = body_data(request, s.RegisteredByHandSerializer)
        services.fiscal_receipt_register_by_hand(
            actor=request.user, transaction_id=pk, receipt_number=data["receipt_number"]
        )
        return status_response()


class SendAnewView(ApiView):
    ability = MANAGE

    @extend_schema(request=None, responses=StatusSerializer)
    def post(self, request, pk: int):
        """Send a failed deposit to the cash register as a new sale (what the register was told before is
        forgotten), after a person found it not printed in the printer's reports. Not in the spec, like
        `registered`. 409 unless the receipt failed."""
        get_object_or_404(LedgerTransaction.objects.all(), pk=pk)
        services.fiscal_receipt_send_anew(actor=request.user, transaction_id=pk)
        return status_response()


urlpatterns = [
    path("fiscal/registerCheck", RegisterCheckView.as_view()),
    path("transactions/bulkFiscalize", BulkFiscalizeView.as_view()),
    path("transactions/fiscalizeAll", FiscalizeAllView.as_view()),
    path("transactions/<int:pk>/fiscalize", FiscalizeView.as_view()),
    path("transactions/<int:pk>/fiscalReceipt/registered", RegisteredByHandView.as_view()),
    path("transactions/<int:pk>/fiscalReceipt/sendAnew", SendAnewView.as_view()),
]
