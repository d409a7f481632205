"""The fake Przelewy24 paywall (settings.PAYMENTS_FAKE and the account in sandbox mode): what sandbox.przelewy24.pl/trnRequest/{token} shows,
reduced to "Pay" and "Cancel", marked as a test. "Pay" delivers the signed urlStatus notification to the app
in-process, twice (P24 repeats a notification until one is acknowledged; a duplicate must change nothing), then
returns the payer to urlReturn, /payments/paid?paymentId=."""

from __future__ import annotations

import contextlib
import logging

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.utils.html import format_html
from django.views.decorators.csrf import csrf_exempt

from kantyna.core.errors import DomainError
from kantyna.payments.models import Payment, PaymentState
from kantyna.payments.providers import AUTOPAY, PRZELEWY24, TPAY, provider_for, provider_is_fake
from kantyna.payments.providers.fake_autopay import confirmation_of, fake_itn
from kantyna.payments.providers.fake_przelewy24 import fake_notification
from kantyna.payments.providers.fake_tpay import fake_notification as fake_tpay_notification
from kantyna.payments.providers.przelewy24 import grosze
from kantyna.payments.services import autopay_itn_receive, notification_receive
from kantyna.tenant_settings.selectors import settings_get

logger = logging.getLogger(__name__)

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TEST PAYWALL — {name} (fake)</title>
<style>body{{font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}}
.banner{{background:#b00020;color:#fff;padding:.75rem;font-weight:bold;text-align:center}}
button{{font-size:1.1rem;padding:.6rem 1.4rem;margin-right:1rem}}</style></head>
<body><p class="banner" role="alert">TEST PAYWALL — no real money / TESTOWA BRAMKA — bez prawdziwych pieniędzy</p>
<h1>{name} (fake)</h1>
<p>Amount to pay / Kwota: <strong data-testid="amount">{amount} {currency}</strong></p>
<form method="post"><button name="action" value="pay">Pay / Zapłać</button>
<button name="action" value="cancel">Cancel / Anuluj</button></form></body></html>"""


def _require_fake_account(provider: str) -> None:
    """Every fake paywall exists only while the server runs with PAYMENTS_FAKE and the tenant's account for
    `provider` is in sandbox mode: a real account's fake paywall would sign with its real key and credit without
    money."""
    if not provider_is_fake(settings_get("payment_methods_config").get(provider) or {}):
        raise Http404


def _payment(token: str, provider: str = PRZELEWY24) -> Payment:
    _require_fake_account(provider)
    if not token.startswith("FAKE"):
        raise Http404
    payment = Payment.objects.filter(token=token, provider=provider).first()
    if payment is None:
        raise Http404
    return payment


@csrf_exempt
def fake_przelewy24_paywall(request, token: str):
    payment = _payment(token)
    if request.method == "GET":
        return HttpResponse(
            PAGE.format(name="Przelewy24", amount=format_html("{}", f"{payment.total:.2f}"), currency=payment.currency)
        )
    if request.method != "POST":
        raise PermissionDenied
    if request.POST.get("action") == "pay" and payment.state == PaymentState.PENDING:
        body = fake_notification(
            provider_for(PRZELEWY24), session_id=payment.session_id, amount=grosze(payment.total),
            currency=payment.currency,
        )  # fmt: skip
        for _delivery in range(2):
            # A refusal is stored and logged by the service, as a real provider's refused delivery would be.
            with contextlib.suppress(DomainError):
                notification_receive(provider=PRZELEWY24, body=body, headers={"User-Agent": "fake-przelewy24"})
    return HttpResponseRedirect(f"/payments/paid?paymentId={payment.pk}")


@csrf_exempt
def fake_tpay_paywall(request, token: str):
    """Tpay's fake paywall (transactionPaymentUrl): "Pay" delivers its signed form notification (md5sum and
    X-JWS-Signature) twice, as P24's fake does."""
    payment = _payment(token, TPAY)
    if request.method == "GET":
        return HttpResponse(
            PAGE.format(name="Tpay", amount=format_html("{}", f"{payment.total:.2f}"), currency=payment.currency)
        )
    if request.method != "POST":
        raise PermissionDenied
    if request.POST.get("action") == "pay" and payment.state == PaymentState.PENDING:
        body, headers = fake_tpay_notification(
            provider_for(TPAY), session_id=payment.session_id, amount=grosze(payment.total)
        )
        for _delivery in range(2):
            with contextlib.suppress(DomainError):
                notification_receive(provider=TPAY, body=body, headers={**headers, "User-Agent": "fake-tpay"})
    return HttpResponseRedirect(f"/payments/paid?paymentId={payment.pk}")


@csrf_exempt
def fake_autopay_paywall(request, token: str):
    """Autopay's fake paywall: GET checks the start parameters' Hash as Autopay would; "Pay" delivers the signed ITN
    twice, as P24's fake does, through the ITN endpoint's own handling, and reads each answer's confirmationList."""
    _require_fake_account(AUTOPAY)
    order_id = request.GET.get("OrderID", "") if request.method == "GET" else request.POST.get("OrderID", "")
    payment = Payment.objects.filter(token=order_id, provider=AUTOPAY).first()
    if payment is None:
        raise Http404
    adapter = provider_for(AUTOPAY)
    if request.method == "GET":
        from kantyna.payments.providers.autopay import START_FIELDS, autopay_hash  # noqa: PLC0415

        expected = autopay_hash([request.GET.get(name, "") for name in START_FIELDS], adapter.shared_key)
        if request.GET.get("Hash") != expected or request.GET.get("ServiceID") != adapter.service_id:
            return HttpResponse("Autopay (fake): wrong Hash", status=400, content_type="text/plain")
        page = PAGE.format(name="Autopay", amount=format_html("{}", f"{payment.total:.2f}"), currency=payment.currency)
        return HttpResponse(
            page.replace(
                '<form method="post">',
                format_html('<form method="post"><input type="hidden" name="OrderID" value="{}">', order_id),
            )
        )
    if request.method != "POST":
        raise PermissionDenied
    if request.POST.get("action") == "pay" and payment.state == PaymentState.PENDING:
        body = fake_itn(adapter, order_id=order_id, amount=grosze(payment.total), currency=payment.currency)
        for _delivery in range(2):
            try:
                answer = autopay_itn_receive(body=body, headers={"User-Agent": "fake-autopay"})
            except DomainError:
                answer = b""
            if confirmation_of(adapter, answer, order_id=order_id) != "CONFIRMED":
                logger.warning("autopay (fake): the ITN of %s was not confirmed", order_id)
    return HttpResponseRedirect(f"/payments/paid?paymentId={payment.pk}")
