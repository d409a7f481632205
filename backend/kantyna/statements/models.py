"""An uploaded bank statement (`ImportedPaymentsFile`) and its lines (`ImportedPayment`): what each credit was
matched to, reviewed by an admin and booked as ledger deposits on confirmation. The ledger, not these rows,
guarantees a credit is booked once: its deposit's idempotency key is the credit's fingerprint."""

from __future__ import annotations

from django.db import models

from kantyna.ledger.models import LedgerTransaction
from kantyna.people.models import Child
from kantyna.users.models import User


class FileStatus(models.TextChoices):
    DRAFT = "draft", "draft"
    CONFIRMED = "confirmed", "confirmed"


class MatchKind(models.TextChoices):
    ACCOUNT = "account", "account"  # the payer's individual account number
    TITLE = "title", "title"  # the payer's reference in the title
    SUGGESTED = "suggested", "suggested"  # by name and amount: booked only once an admin accepts it
    MANUAL = "manual", "manual"  # set by an admin
    NONE = "none", "none"
    ALREADY_IMPORTED = "already_imported", "already_imported"  # booked before (this file again, an overlap)
    SKIPPED = "skipped", "skipped"  # a debit or another currency


BOOKABLE = (MatchKind.ACCOUNT, MatchKind.TITLE, MatchKind.MANUAL)


class ImportedPaymentsFile(models.Model):
    name = models.CharField(max_length=255)
    file_format = models.CharField(max_length=10)  # mt940 | camt053 | csv
    csv_profile = models.CharField(max_length=20, blank=True)
    status = models.CharField(max_length=10, choices=FileStatus.choices, default=FileStatus.DRAFT)
    uploaded_by = models.ForeignKey(User, null=True, on_delete=models.SET_NULL, related_name="+")
    uploaded_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-uploaded_at", "-id"]

    def __str__(self) -> str:
        return self.name


class ImportedPayment(models.Model):
    """One statement line. `amount` is signed as on the statement (debits negative)."""

    file = models.ForeignKey(ImportedPaymentsFile, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveIntegerField()
    fingerprint = models.CharField(max_length=80, db_index=True)
    booked_on = models.DateField()
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    currency = models.CharField(max_length=3)
    sender_name = models.CharField(max_length=255, blank=True)
    sender_account = models.CharField(max_length=40, blank=True)
    title = models.CharField(max_length=500, blank=True)
    counter_account = models.CharField(max_length=40, blank=True)
    bank_reference = models.CharField(max_length=100, blank=True)
    match_kind = models.CharField(max_length=20, choices=MatchKind.choices)
    skip_reason = models.CharField(max_length=20, blank=True)  # debit | currency
    user = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    child = models.ForeignKey(Child, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    transaction = models.ForeignKey(
        LedgerTransaction, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["file", "position"], name="imported_payment_position")]

    def __str__(self) -> str:
        return f"{self.booked_on} {self.amount} {self.sender_name}"
