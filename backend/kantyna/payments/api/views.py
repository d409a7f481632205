"""`payments/*`: a payer's online top-up (`payments/pay`, its fee, its state for /payments/paid) and the providers'
notifications (`payments/notifications/{provider}`: anonymous, the tenant from the host, authenticated by the
provider's signature only)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.urls import path
from django.utils.translation import get_language
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from kantyna.core.api.params import query_data
from kantyna.core.client import client_ip
from kantyna.core.serializers import StatusSerializer, money
from kantyna.core.viewsets import ApiView
from kantyna.ledger.selectors import user_balance
from kantyna.payments import selectors, services
from kantyna.payments.api import serializers as s
from kantyna.payments.models import Payment
from kantyna.payments.providers import PRZELEWY24, TPAY
from kantyna.tenancy.services import tenant_origin

OWN = "billing.view"  # a payer's own money: parents and institution workers


def site_of(request) -> str:
    """The tenant's public origin, as every other link (`PUBLIC_URL_SCHEME`, its host, `PUBLIC_PORT`): the return
    and notification URLs given to a provider. Not the request's own scheme and host: behind a TLS proxy those say
    http, and the provider would notify in clear text (or be lost to a redirect)."""
    return tenant_origin(request.tenant.slug)


class PayView(ApiView):
    ability = OWN

    @extend_schema(request=s.PayRequestSerializer, responses=s.PayResponseSerializer)
    def post(self, request):
        data = s.PayRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        payment, redirect_url = services.payment_create(
            actor=request.user,
            amount=data.validated_data["amount"]["amount"],
            provider=data.validated_data.get("provider"),
            site=site_of(request),
            language=(get_language() or "pl")[:2],
        )
        return Response(s.PayResponseSerializer({"payment_id": payment.pk, "redirect_url": redirect_url}).data)


class FeeView(ApiView):
    """The transaction fee a top-up of `amount` adds (fees settings), shown before paying."""

    ability = OWN

    @extend_schema(
        parameters=[OpenApiParameter("amount", OpenApiTypes.DECIMAL, required=True)], responses=s.FeeSerializer
    )
    def get(self, request):
        amount = query_data(request, s.FeeQuerySerializer)["amount"]
        fee = selectors.payment_fee(amount)
        return Response(
            s.FeeSerializer({"amount": money(amount), "fee": money(fee), "total": money(amount + fee)}).data
        )


class PaymentView(ApiView):
    """The caller's own payment, with their balance now (/payments/paid polls it until it is no longer pending)."""

    ability = OWN

    @extend_schema(responses=s.PaymentSerializer)
    def get(self, request, payment_id: int):
        try:
            payment = selectors.payment_of(actor=request.user, payment_id=payment_id)
        except Payment.DoesNotExist:
            raise Http404 from None
        return Response(
            s.PaymentSerializer(
                {
                    "id": payment.pk,
                    "state": payment.state,
                    "provider": payment.provider,
                    "amount": money(payment.amount),
                    "fee": money(payment.fee),
                    "total": money(payment.total),
                    "created_at": payment.created_at,
                    "paid_at": payment.paid_at,
                    "balance": money(user_balance(user=request.user)),
                }
            ).data
        )


class Przelewy24NotificationView(APIView):
    """P24's urlStatus: its JSON body read as sent (the sign covers exact values), verified against this tenant's
    account. No session, so no CSRF check; a refusal is 400 with the error shape (P24 then retries)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(request=OpenApiTypes.OBJECT, responses=StatusSerializer)
    def post(self, request):
        services.notification_receive(
            provider=PRZELEWY24, body=request.body, headers=request.headers, ip_address=client_ip(request)
        )
        return Response({"status": True})


class TpayNotificationView(APIView):
    """Tpay's notification: a form POST (its md5sum covers the values as sent, its X-JWS-Signature header the raw
    body), verified against this tenant's account and answered with the body `TRUE` that Tpay expects; a refusal is
    400 with the error shape (Tpay then retries)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(request=OpenApiTypes.OBJECT, responses={(200, "text/plain"): OpenApiTypes.STR})
    def post(self, request):
        services.notification_receive(
            provider=TPAY, body=request.body, headers=request.headers, ip_address=client_ip(request)
        )
        return HttpResponse("TRUE", content_type="text/plain")


class AutopayNotificationView(APIView):
    """Autopay's ITN: the form field `transactions` (base64 XML) verified against this tenant's service and answered
    with the signed confirmationList: CONFIRMED when applied (a state that is not a payment credits nothing),
    NOTCONFIRMED when refused (Autopay then repeats the ITN). An ITN naming no orderID, too many from one address or
    too large: the error shape."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(request=OpenApiTypes.OBJECT, responses={(200, "application/xml"): OpenApiTypes.STR})
    def post(self, request):
        answer = services.autopay_itn_receive(body=request.body, headers=request.headers, ip_address=client_ip(request))
        return HttpResponse(answer, content_type="application/xml")


urlpatterns = [
    path("payments/pay", PayView.as_view()),
    path("payments/fee", FeeView.as_view()),
    path("payments/notifications/przelewy24", Przelewy24NotificationView.as_view()),
    path("payments/notifications/tpay", TpayNotificationView.as_view()),
    path("payments/notifications/autopay", AutopayNotificationView.as_view()),
    path("payments/<int:payment_id>", PaymentView.as_view()),
]
