"""The money ledger: one account per payer (or per payer and child when balances are kept per child) and its
append-only transactions. The account's `balance` is a cache of SUM(amount) of its transactions, kept under a
row lock by `services.ledger_post_bulk`; `manage.py ledger_check` proves the two agree."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from kantyna.people.models import Child
from kantyna.users.models import User


class TransactionKind(models.TextChoices):
    DEPOSIT = "deposit", "deposit"
    CHARGE = "charge", "charge"
    REFUND = "refund", "refund"
    FEE = "fee", "fee"
    CORRECTION = "correction", "correction"
    PAYOUT = "payout", "payout"


# How a deposit came in, read from what it refers to: the payments app books an online payment with
# ONLINE_PAYMENT_REFERENCE, a bank statement's line is booked with BANK_TRANSFER_REFERENCE; anything else was booked
# by the office's staff (in cash or otherwise: that is not recorded).
ONLINE_PAYMENT_REFERENCE = "payment"
BANK_TRANSFER_REFERENCE = "imported_payment"
DEPOSIT_ONLINE = "online"
DEPOSIT_TRANSFER = "transfer"
DEPOSIT_STAFF = "staff"
DEPOSIT_METHODS = (DEPOSIT_ONLINE, DEPOSIT_TRANSFER, DEPOSIT_STAFF)


def deposit_method(reference_type: str) -> str:
    return {ONLINE_PAYMENT_REFERENCE: DEPOSIT_ONLINE, BANK_TRANSFER_REFERENCE: DEPOSIT_TRANSFER}.get(
        reference_type, DEPOSIT_STAFF
    )


class LedgerAccount(models.Model):
    """The payer's wallet. `child` is set only when the tenant keeps balances per child
    (parents_settings.balance_per_children); one account per (user, child), the null child included."""

    # An account without transactions goes with its owner; one with transactions protects it (its rows PROTECT
    # the account), and ledger/history.py reports such owners as having history (archive, not delete).
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="ledger_accounts")
    child = models.ForeignKey(Child, null=True, blank=True, on_delete=models.CASCADE, related_name="ledger_accounts")
    balance = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["user_id", "child_id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "child"], name="ledger_account_user_child_unique"),
            models.UniqueConstraint(
                fields=["user"], condition=Q(child__isnull=True), name="ledger_account_user_no_child_unique"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} / {self.child}" if self.child_id else str(self.user)


class LedgerTransaction(models.Model):
    """One booked movement of money, signed: deposits and refunds positive, charges, fees and payouts negative,
    corrections either way. Rows are never changed or removed: a mistake is fixed by a `correction` row pointing
    at it through `corrects`. A PostgreSQL trigger (migration 0002) refuses UPDATE and DELETE on this table except
    an UPDATE that only flips `fiscalized`, so no code path (admin, shell, a future bug) can rewrite history.
    TRUNCATE (test database flushes) is not a row operation and stays possible."""

    # Checked set-based, once per statement, by triggers (migration 0003), not per row; indexed by
    # (account, booked_on).
    account = models.ForeignKey(
        LedgerAccount, on_delete=models.PROTECT, related_name="transactions", db_constraint=False, db_index=False
    )
    kind = models.CharField(max_length=20, choices=TransactionKind.choices)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    balance_after = models.DecimalField(max_digits=12, decimal_places=2)
    reference_type = models.CharField(max_length=40, blank=True)
    reference_id = models.BigIntegerField(null=True, blank=True)
    description = models.CharField(max_length=500, blank=True)
    author = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="+", db_index=False)
    # Unique by a constraint (Meta), not `unique=True`: that adds a second, `varchar_pattern_ops` index for LIKE
    # lookups, which no code path makes.
    idempotency_key = models.CharField(max_length=200)
    booked_on = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)
    corrects = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="corrections", db_index=False
    )
    fiscalized = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["account", "booked_on"], name="ledger_tx_account_booked"),
            # The lists' order (newest booking first, then id): a page is read straight off the index. On
            # booked_on alone, a day's rows (a nightly charge run books one per child) were sorted for each page.
            models.Index(fields=["booked_on", "id"], name="ledger_tx_booked_id"),
            models.Index(fields=["reference_type", "reference_id"], name="ledger_tx_reference"),
            # A period's deposits (the dashboard's month, its charts) read off this index alone: deposits are one
            # row in ten of the ledger, so a month of them was a scan of every row (issue 17, docs/performance.md).
            models.Index(
                fields=["booked_on"],
                include=["amount", "account"],
                condition=Q(kind="deposit"),
                name="ledger_tx_deposit_booked",
            ),
            # Partial: most rows (every charge) have neither.
            models.Index(fields=["author"], condition=Q(author__isnull=False), name="ledger_tx_author"),
            models.Index(fields=["corrects"], condition=Q(corrects__isnull=False), name="ledger_tx_corrects"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["idempotency_key"], name="ledger_tx_idempotency_key"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount} ({self.idempotency_key})"
