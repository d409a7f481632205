"""Invoices: a numbered invoice the system drew (for a deposit, a user's month of meals, an institution's month of
meals) or a file the office uploaded (an invoice made elsewhere). The number comes from the tenant's
`numbering_pattern` and a counter per period (`InvoiceCounter`), allocated under the counter's row lock in the
transaction that saves the invoice: a rolled back creation gives its number back, so the series has no gaps."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from kantyna.core.uploads import TenantFolder
from kantyna.institutions.models import Institution
from kantyna.ledger.models import LedgerTransaction
from kantyna.users.models import User


class InvoiceKind(models.TextChoices):
    TRANSACTION = "transaction", "transaction"
    USER = "user", "user"
    INSTITUTION = "institution", "institution"
    UPLOADED = "uploaded", "uploaded"


class KsefState(models.TextChoices):
    NOT_SENT = "not_sent", "not_sent"
    SENDING = "sending", "sending"  # queued or sent, waiting for KSeF's answer
    ACCEPTED = "accepted", "accepted"  # in KSeF: `ksef_number` set
    REJECTED = "rejected", "rejected"  # KSeF refused the invoice: `ksef_error` says why
    FAILED = "failed", "failed"  # could not be sent or KSeF did not answer in time: may be sent again


class InvoiceCounter(models.Model):
    """The last number given in a period: `period` is "2026-11" when the pattern numbers per month, "2026" when per
    year."""

    period = models.CharField(max_length=7, unique=True)
    last_number = models.PositiveIntegerField(default=0)


class InvoiceFile(models.Model):
    """`buyer` and `recipient` are snapshots of the parties as printed (name, street, post code, city, tax id):
    a later change of a profile or an institution does not rewrite an issued invoice. `month` is the first day of
    the month billed (users' and institutions' invoices), the month of the deposit, or the one the office gave an
    uploaded file."""

    kind = models.CharField(max_length=20, choices=InvoiceKind.choices)
    number = models.CharField(max_length=80, unique=True)
    month = models.DateField()
    issue_date = models.DateField()
    transaction = models.ForeignKey(
        LedgerTransaction, null=True, blank=True, on_delete=models.PROTECT, related_name="invoices"
    )
    user = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="invoices")
    institution = models.ForeignKey(
        Institution, null=True, blank=True, on_delete=models.PROTECT, related_name="invoices"
    )
    buyer = models.JSONField(default=dict)
    recipient = models.JSONField(null=True, blank=True)
    net = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    vat = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    gross = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    # The drawn invoice's whole document as printed (snapshots.py), so the same document is drawn again later (the
    # KSeF XML); None for an uploaded file.
    document = models.JSONField(null=True, blank=True)
    file = models.FileField(upload_to=TenantFolder("invoices"), max_length=300)
    file_kind = models.CharField(max_length=10, default="pdf")
    original_name = models.CharField(max_length=255, blank=True)
    paid_at = models.DateTimeField(null=True, blank=True)
    paid_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    created_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # KSeF (services.invoice_send_to_ksef, tasks.ksef_send): the reference KSeF gave the submission, the KSeF number
    # once accepted, KSeF's or the transport's complaint otherwise; the UPO (the Ministry's XML receipt) once
    # accepted and fetched: empty while KSeF has not given it (the job asks again, never sending the invoice anew).
    ksef_state = models.CharField(max_length=10, choices=KsefState.choices, default=KsefState.NOT_SENT)
    ksef_reference = models.CharField(max_length=100, blank=True)
    ksef_number = models.CharField(max_length=40, blank=True)
    ksef_error = models.TextField(blank=True)
    ksef_upo = models.FileField(upload_to=TenantFolder("invoices/upo"), max_length=300, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-issue_date", "-id"]
        indexes = [models.Index(fields=["month", "kind"], name="invoice_month_kind")]
        constraints = [
            # One invoice per deposit, per user's month and per institution's month: a second creation finds the
            # first (services) and the database refuses a second row should two slip past each other.
            models.UniqueConstraint(
                fields=["transaction"], condition=Q(kind="transaction"), name="invoice_one_per_transaction"
            ),
            models.UniqueConstraint(
                fields=["user", "month"], condition=Q(kind="user"), name="invoice_one_per_user_month"
            ),
            models.UniqueConstraint(
                fields=["institution", "month"],
                condition=Q(kind="institution"),
                name="invoice_one_per_institution_month",
            ),
        ]

    def __str__(self) -> str:
        return self.number
