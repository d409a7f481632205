"""Reads of online payments: the transaction fee a top-up adds, a payer's own payment, the payments to reconcile."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.utils import timezone

from kantyna.core.money import HUNDRED, ZERO, money_amount, to_grosze
from kantyna.payments.models import Payment, PaymentState
from kantyna.tenant_settings.selectors import settings_get
from kantyna.users.models import User


def payment_fee(amount: Decimal) -> Decimal:
    """The transaction fee the payer pays on top of `amount` (fees.add_payment_transaction_fee: a fixed amount or
    a percentage of `amount`, rounded half-up to the grosz); 0 when the tenant adds none."""
    fees = settings_get("fees")
    if not fees.get("add_payment_transaction_fee"):
        return ZERO
    value = Decimal(str(fees.get("payment_transaction_fee") or 0))
    if fees.get("payment_transaction_fee_type") == "percent":
        return to_grosze(money_amount(amount) * value / HUNDRED)
    return to_grosze(value)


def payment_of(*, actor: User, payment_id: int) -> Payment:
    """The caller's own payment (another payer's is not found)."""
    return Payment.objects.get(pk=payment_id, payer=actor)


def payments_to_reconcile() -> list[Payment]:
    """Pending payments older than PAYMENTS_RECONCILE_MINUTES, oldest first."""
    since = timezone.now() - timedelta(minutes=settings.PAYMENTS_RECONCILE_MINUTES)
    return list(Payment.objects.filter(state=PaymentState.PENDING, created_at__lt=since).order_by("created_at", "pk"))
