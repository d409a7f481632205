"""Writes of online payments. A top-up is created here and registered with the provider; only the provider's
verified notification (or the periodic status check) credits it, once: the payment row is locked, its state
checked, the provider's confirmation (P24's transaction/verify) obtained, and one ledger deposit booked under the
key `payment:{id}`, so a replayed or concurrent duplicate notification books nothing more."""

from __future__ import annotations

import logging
import math
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
from kantyna.identity.throttle import too_many_attempts, wait_for_oldest
from kantyna.ledger.models import ONLINE_PAYMENT_REFERENCE, TransactionKind
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post
from kantyna.payments.models import Payment, PaymentNotification, PaymentState
from kantyna.payments.providers import AUTOPAY, ENABLED_FLAG, PROVIDERS, PRZELEWY24, provider_for
from kantyna.payments.providers.autopay import itn_order_id, order_id_of
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


def notification_wait(*, provider: str, ip_address: str | None) -> int:
    """Whole seconds before `ip_address` may post another notification of `provider`; 0: it may now. The limit
    counts the stored notifications of the address (PAYMENT_NOTIFICATIONS_PER_IP per
    PAYMENT_NOTIFICATION_WINDOW_SECONDS), as the sign-in throttle counts its failures (identity/throttle.py)."""
    limit = settings.PAYMENT_NOTIFICATIONS_PER_IP
    if not ip_address or limit <= 0:
        return 0
    now = timezone.now()
    window = timedelta(seconds=settings.PAYMENT_NOTIFICATION_WINDOW_SECONDS)
    times = list(
        PaymentNotification.objects.filter(provider=provider, ip_address=ip_address, received_at__gt=now - window)
        .order_by("-received_at")
        .values_list("received_at", flat=True)[:limit]
    )
    return math.ceil(wait_for_oldest(times, limit, window, now).total_seconds())


def notification_receive(*, provider: str, body: bytes, headers, ip_address: str | None = None) -> PaymentNotification:
    """A provider's notification (urlStatus): stored as it came, then verified and applied (`_credit`). A forged or
    unreadable one, one for a payment this tenant does not have, or one whose amount or currency differs from the
    payment is refused (logged, stored with the refusal's code, nothing credited); a signed notice of a state that
    is not a payment (`Notification.paid` False) is stored as `not_paid` and changes nothing. Refused before
    anything is stored: a client address past the notification limit (`notification_wait`, 429) and a body over
    NOTIFICATION_MAX_BYTES (real ones are a few hundred bytes; 413)."""
    wait = notification_wait(provider=provider, ip_address=ip_address)
    if wait:
        logger.warning("payment notification refused: %s over the limit of %s", ip_address, provider)
        raise too_many_attempts(wait)
    if len(body) > NOTIFICATION_MAX_BYTES:
        logger.warning("payment notification refused: %s bytes over the limit", len(body))
        raise DomainError("payment.notification_too_large")
    record = PaymentNotification.objects.create(
        provider=provider,
        # PostgreSQL text holds no NUL character: one in a (forged) body is kept as U+FFFD.
        body=body.decode("utf-8", errors="replace").replace("\x00", "\ufffd")[:20000],
        headers=_headers(headers),
        ip_address=ip_address,
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
        if notification.paid:
            record.outcome = _credit(
                payment_id=payment.pk,
                order_id=notification.order_id,
                amount=notification.amount,
                currency=notification.currency,
            )
        else:
            record.outcome = "not_paid"
    except DomainError as error:
        record.outcome = error.code
        logger.warning("payment notification %s refused: %s", record.pk, error.code)
        raise
    finally:
        record.save(update_fields=["verified", "payment", "outcome"])
    return record


# Refusals of a notification before it is stored (notification_receive): no answer of the provider's protocol.
BEFORE_STORING = ("auth.too_many_attempts", "payment.notification_too_large")


def autopay_itn_receive(*, body: bytes, headers, ip_address: str | None = None) -> bytes:
    """Autopay's ITN through `notification_receive`, answered as its protocol wants: the signed confirmationList,
    CONFIRMED when applied (credited, a duplicate, or a state that is not a payment), NOTCONFIRMED when refused (a
    wrong hash, an unknown payment, another amount). An ITN naming no orderID, or one refused before it is stored
    (too many, too large), has nothing to answer: its DomainError goes on to the error shape."""
    adapter = provider_for(AUTOPAY)
    try:
        record = notification_receive(provider=AUTOPAY, body=body, headers=headers, ip_address=ip_address)
    except DomainError as error:
        order_id = itn_order_id(body)
        if error.code in BEFORE_STORING or order_id is None:
            raise
        return adapter.answer(order_id=order_id, confirmed=False)
    return adapter.answer(order_id=order_id_of(record.payment.session_id), confirmed=True)


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
            reference_type=ONLINE_PAYMENT_REFERENCE,
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
