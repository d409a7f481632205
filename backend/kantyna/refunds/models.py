"""Refunds: a payer asks for (part of) their balance back to a bank account; the admin accepts with an amount
(which books one payout in the ledger, key `refund:{id}`) or cancels; an accepted refund is exported in a bank file
until the office marks it paid. `transaction` is the ledger row."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.users.models import User


class ReturnRequestState(models.TextChoices):
    PENDING = "pending", "pending"
    ACCEPTED = "accepted", "accepted"
    CANCELLED = "cancelled", "cancelled"
    # Accepted and sent by the bank (marked by the office after the bank file's upload): no longer exported.
    PAID = "paid", "paid"


class ReturnRequest(models.Model):
    """`amount` is what the payer asked for, `accepted_amount` what the admin paid out (at most the asked amount).
    The bank account is copied from the requester when they ask (a parent's profile, a worker's request), so a later
    profile change does not redirect a refund already accepted."""

    requester = models.ForeignKey(User, on_delete=models.PROTECT, related_name="return_requests")
    account = models.ForeignKey(LedgerAccount, on_delete=models.PROTECT, related_name="return_requests")
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    bank_account_number = models.CharField(max_length=26)
    reason = models.CharField(max_length=500, blank=True)
    state = models.CharField(max_length=20, choices=ReturnRequestState.choices, default=ReturnRequestState.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_amount = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    accepted_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    accepted_at = models.DateTimeField(null=True, blank=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    paid_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    cancelled_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    cancelled_at = models.DateTimeField(null=True, blank=True)
    transaction = models.OneToOneField(
        LedgerTransaction, null=True, blank=True, on_delete=models.PROTECT, related_name="return_request"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["state", "created_at"], name="return_request_state_created")]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="return_request_amount_positive"),
            models.CheckConstraint(
                condition=Q(accepted_amount__isnull=True)
                | (Q(accepted_amount__gt=0) & Q(accepted_amount__lte=models.F("amount"))),
                name="return_request_accepted_within_asked",
            ),
            # One pending request per ledger account (per payer; per child when balances are kept per child).
            models.UniqueConstraint(
                fields=["account"], condition=Q(state="pending"), name="return_request_one_pending_per_account"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.requester} {self.amount} {self.state}"
