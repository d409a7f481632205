"""Fiscal receipts: a consumer's deposit (a sale to a parent or an institution worker, prepaid) registered on an
online cash register. One receipt row per ledger transaction, by a unique constraint: a double click, two admins
or the job beside a click never register one deposit twice. The register is driven in steps whose memo is committed
between them (registers/__init__.py), so a retry after a timeout finishes the sale the register holds instead of
sending a second one; the transaction's key (`FiscalReceipt.idempotency_key`) is printed on the receipt."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from kantyna.ledger.models import LedgerTransaction


class ReceiptState(models.TextChoices):
    PENDING = "pending", "pending"
    REGISTERED = "registered", "registered"
    FAILED = "failed", "failed"


class FiscalReceipt(models.Model):
    transaction = models.OneToOneField(LedgerTransaction, on_delete=models.PROTECT, related_name="fiscal_receipt")
    state = models.CharField(max_length=20, choices=ReceiptState.choices, default=ReceiptState.PENDING)
    # Copied from the deposit when the receipt is claimed: what the register was asked to record.
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    register = models.CharField(max_length=40, blank=True)
    receipt_number = models.CharField(max_length=100, blank=True)
    # What the register must be told next time (registers/__init__.py), committed before any further call to it:
    # for NoviApi, the printer's request id and whether it was confirmed.
    register_memo = models.JSONField(default=dict, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    registered_at = models.DateTimeField(null=True, blank=True)
    # When the job may try a failed receipt again (backoff); None: at once.
    next_attempt_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # The job's work list: receipts not registered yet, by when they are due.
            models.Index(fields=["next_attempt_at"], condition=~Q(state="registered"), name="fiscal_receipt_due"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~Q(state="registered") | ~Q(receipt_number=""), name="fiscal_receipt_registered_has_number"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.transaction_id} {self.state} {self.receipt_number}"

    @property
    def idempotency_key(self) -> str:
        return f"kantyna-tx-{self.transaction_id}"
