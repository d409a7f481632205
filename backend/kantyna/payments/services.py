"""Writes of online payments. A top-up is created here and registered with the provider; only the provider's
verified notification (or the periodic status check) credits it, once: the payment row is locked, its state
checked, the provider's confirmation (P24's transaction/verify) obtained, and one ledger deposit booked under the
key `payment:{id}`, so a replayed or concurrent duplicate notification books nothing more."""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from kantyna.audit.services import audit_record
from kantyna.core.errors import DomainError
from kantyna.core.money import money_amount
from kantyna.ledger.models import TransactionKind
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post
from kantyna.payments.models import Payment, PaymentNotification, PaymentState
from kantyna.payments.providers import ENABLED_FLAG, PROVIDERS, PRZELEWY24, provider_for
from kantyna.payments.providers.base import NotificationRefused, PaymentRequest, ProviderError
from kantyna.payments.providers.przelewy24 import grosze
from kantyna.payments.selectors import payment_fee, payments_to_reconcile
from kantyna.tenant_settings.selectors import settings_get
from kantyna.users.models import User

logger = logging.getLogger(__name__)
KEPT_HEADERS = ("Content-Type", "User-Agent", "X-Forwarded-For", "X-Real-Ip", "X-JWS-Signature")


def _set(payment: Payment, **values) -> None:
    for name, value in values.items():
        setattr(payment, name, value)
    payment.save(update_fields=list(values))


def _online_provider(provider: str | None) -> tuple[str, Decimal]:
    config = settings_get("payment_methods_config")
    if not config.get("allow_online_payments"):
        raise DomainError("payment.online_disabled")
    # Without a choice: the first enabled provider (Przelewy24, then Tpay).
    provider = provider or next((name for name in PROVIDERS if config.get(ENABLED_FLAG[name])), PRZELEWY24)
    if provider not in ENABLED_FLAG or not config.get(ENABLED_FLAG[provider]):
        raise DomainError("payment.provider_disabled", field="provider")
    minimum = money_amount(config.get("minimum_payment_amount"))
    return provider, minimum


def payment_create(
    *, actor: User, amount: Decimal, provider: str | None = None, site: str, language: str = "pl"
) -> tuple[Payment, str]:
    """A top-up of `amount` (what lands on the balance; the payer pays the transaction fee on top), registered with
    the provider. Returns the payment and where to send the payer. `site` is the tenant's scheme and host: the
    provider returns the payer to `/payments/paid?paymentId=` and notifies `/api/frontend/payments/notifications/…`
    there. Refused when online payments or the provider are off or `amount` is below minimum_payment_amount."""
    provider, minimum = _online_provider(provider)
    amount = money_amount(amount)
    if amount <= 0 or amount < minimum:
        raise DomainError("payment.below_minimum", field="amount", params={"minimum": f"{minimum:.2f}"})
    adapter = provider_for(provider, site=site)
    with transaction.atomic():
        payment = Payment.objects.create(
            payer=actor,
            amount=amount,
            fee=payment_fee(amount),
            provider=provider,
            session_id=f"kantyna-{secrets.token_hex(16)}",
        )
        audit_record(
            actor=actor, action="payment.create", target=payment, data={"amount": str(amount), "fee": str(payment.fee)}
        )
    try:
        registration = adapter.create(
            PaymentRequest(
                session_id=payment.session_id,
                amount=payment.total,
                currency=payment.currency,
                description=_("Balance top-up %(session)s") % {"session": payment.session_id[-8:]},
                email=actor.email or "",
                url_return=f"{site}/payments/paid?paymentId={payment.pk}",
                url_status=f"{site}/api/frontend/payments/notifications/{provider}",
                language=language,
            )
        )
    except ProviderError:
        logger.exception("payment %s: the provider refused the registration", payment.pk)
        _set(payment, state=PaymentState.FAILED)
        raise DomainError("payment.provider_error") from None
    _set(payment, token=registration.token)
    return payment, registration.redirect_url


NOTIFICATION_MAX_BYTES = 16 * 1024


def _headers(headers) -> dict:
    return {name: headers[name] for name in KEPT_HEADERS if name in headers}


def notification_receive(*, provider: str, body: bytes, headers) -> PaymentNotification:
    """A provider's notification (urlStatus): stored as it came, then verified and applied (`_credit`). A forged or
    unreadable one, one for a payment this tenant does not have, or one whose amount or currency differs from the
    payment is refused (logged, stored with the refusal's code, nothing credited). A body over
    NOTIFICATION_MAX_BYTES (real ones are a few hundred bytes) is refused before anything is stored."""
    if len(body) > NOTIFICATION_MAX_BYTES:
        logger.warning("payment notification refused: %s bytes over the limit", len(body))
        raise DomainError("payment.notification_refused")
    record = PaymentNotification.objects.create(
        provider=provider,
        # PostgreSQL text holds no NUL character: one in a (forged) body is kept as U+FFFD.
        body=body.decode("utf-8", errors="replace").replace("\x00", "\ufffd")[:20000],
        headers=_headers(headers),
    )
    try:
        adapter = provider_for(provider)
        try:
            notification = adapter.verify_notification(body, headers)
        except NotificationRefused as refusal:
            logger.warning("payment notification %s refused: %s", record.pk, refusal)
            raise DomainError("payment.notification_refused") from None
        record.verified = True
        payment = Payment.objects.filter(session_id=notification.session_id, provider=provider).first()
        if payment is None:
            raise DomainError("payment.unknown")
        record.payment = payment
        record.outcome = _credit(
            payment_id=payment.pk,
            order_id=notification.order_id,
            amount=notification.amount,
            currency=notification.currency,
        )
    except DomainError as error:
        record.outcome = error.code
        logger.warning("payment notification %s refused: %s", record.pk, error.code)
        raise
    finally:
        record.save(update_fields=["verified", "payment", "outcome"])
    return record


@transaction.atomic
def _credit(*, payment_id: int, order_id: str, amount: int, currency: str) -> str:
    """Credit a payment the provider says is paid: under its row lock, once (`duplicate` when already paid), after
    comparing amount and currency with the stored payment and confirming with the provider."""
    payment = Payment.objects.select_for_update().get(pk=payment_id)
    if payment.state == PaymentState.PAID:
        return "duplicate"
    if amount != grosze(payment.total) or currency != payment.currency:
        raise DomainError("payment.amount_mismatch")
    try:
        provider_for(payment.provider).finalize(
            session_id=payment.session_id, order_id=order_id, amount=amount, currency=currency
        )
    except ProviderError:
        logger.exception("payment %s: the provider did not confirm it", payment.pk)
        raise DomainError("payment.provider_error") from None
    row = ledger_post(
        actor=None,
        account=ledger_account_for(user=payment.payer),
        entry=LedgerEntry(
            kind=TransactionKind.DEPOSIT,
            amount=payment.amount,
            idempotency_key=f"payment:{payment.pk}",
            reference_type="payment",
            reference_id=payment.pk,
            description=f"{payment.provider} {order_id}",
        ),
    )
    _set(payment, state=PaymentState.PAID, paid_at=timezone.now(), provider_order_id=str(order_id), transaction=row)
    audit_record(actor=None, action="payment.paid", target=payment, data={"order_id": str(order_id)})
    return "credited"


def payments_reconcile() -> dict:
    """The periodic check of payments left pending: each older than PAYMENTS_RECONCILE_MINUTES is asked about with
    the provider's status call; one the provider has paid is credited as its notification would have, one still
    unpaid (or unknown to the provider) after PAYMENTS_EXPIRE_MINUTES is failed. A provider that cannot be reached
    leaves the payment for the next run."""
    expire_before = timezone.now() - timedelta(minutes=settings.PAYMENTS_EXPIRE_MINUTES)
    counts = {"paid": 0, "failed": 0, "pending": 0, "errors": 0}
    for payment in payments_to_reconcile():
        try:
            status = provider_for(payment.provider).status(session_id=payment.session_id)
            if status.state == "paid":
                _credit(payment_id=payment.pk, order_id=status.order_id, amount=status.amount, currency=status.currency)
                counts["paid"] += 1
            elif payment.created_at < expire_before:
                _fail(payment_id=payment.pk)
                counts["failed"] += 1
            else:
                counts["pending"] += 1
        except (ProviderError, DomainError):
            logger.exception("payment %s: reconciliation failed", payment.pk)
            counts["errors"] += 1
    return counts


@transaction.atomic
def _fail(*, payment_id: int) -> None:
    payment = Payment.objects.select_for_update().get(pk=payment_id)
    if payment.state == PaymentState.PENDING:
        _set(payment, state=PaymentState.FAILED)
        audit_record(actor=None, action="payment.failed", target=payment)
