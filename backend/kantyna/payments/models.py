"""Online payments: a payer's top-up through a provider (Przelewy24), and every notification the provider sent
about one, kept as it arrived for audit. A payment credits the payer's balance once, through the ledger, when its
provider's verified notification (or the periodic status check) confirms it; `transaction` is that ledger row."""

from __future__ import annotations

from django.db import models

from kantyna.ledger.models import LedgerTransaction
from kantyna.users.models import User


class PaymentState(models.TextChoices):
    PENDING = "pending", "pending"
    PAID = "paid", "paid"
    FAILED = "failed", "failed"
    CANCELLED = "cancelled", "cancelled"


class Payment(models.Model):
    """`amount` is what lands on the balance; the payer pays `amount + fee` (fees.add_payment_transaction_fee)."""

    payer = models.ForeignKey(User, on_delete=models.PROTECT, related_name="payments")
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    fee = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    currency = models.CharField(max_length=3, default="PLN")
    provider = models.CharField(max_length=20)
    state = models.CharField(max_length=20, choices=PaymentState.choices, default=PaymentState.PENDING)
    # Ours, sent to the provider (P24's sessionId): unique, unguessable.
    session_id = models.CharField(max_length=100, unique=True)
    token = models.CharField(max_length=100, blank=True)  # the provider's, for the paywall redirect
    provider_order_id = models.CharField(max_length=40, blank=True)  # the provider's (P24's orderId)
    created_at = models.DateTimeField(auto_now_add=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    transaction = models.OneToOneField(
        LedgerTransaction, null=True, blank=True, on_delete=models.PROTECT, related_name="payment"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["state", "created_at"], name="payment_state_created")]

    def __str__(self) -> str:
        return f"{self.provider} {self.session_id} {self.state}"

    @property
    def total(self):
        """What the payer pays the provider."""
        return self.amount + self.fee


class PaymentNotification(models.Model):
    """A provider's notification as it arrived (body, a few headers), whether its signature held and what came of
    it (`credited`, `duplicate`, `not_paid`, or the refusal's code)."""

    provider = models.CharField(max_length=20)
    payment = models.ForeignKey(Payment, null=True, blank=True, on_delete=models.PROTECT, related_name="notifications")
    body = models.TextField()
    headers = models.JSONField(default=dict)
    verified = models.BooleanField(default=False)
    outcome = models.CharField(max_length=60, default="received")
    received_at = models.DateTimeField(auto_now_add=True)
    # The client's address (core/client.client_ip), counted by the notification limit (services.notification_wait).
    ip_address = models.GenericIPAddressField(null=True, blank=True)

    class Meta:
        ordering = ["-received_at", "-id"]
        indexes = [
            models.Index(fields=["provider", "ip_address", "received_at"], name="payment_notification_ip"),
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.outcome} {self.received_at:%Y-%m-%d %H:%M}"
