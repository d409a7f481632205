"""A tenant's user: links a global Account to this tenant with roles, permissions and preferences."""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models

from kantyna.identity.models import Account


def default_settings() -> dict:
    return {"can_see_prices": True}


def default_calendar_settings() -> dict:
    return {"show_grammages": False}


def default_notifications_settings() -> dict:
    return {
        "notifications_placement": "top-right",
        "email_notifications_enabled": True,
        "push_notifications_enabled": False,
    }


def default_invoices_settings() -> dict:
    return {
        "invoices_enabled": False,
        "company_name": "",
        "vat_id": "",
        "address": {"street": "", "city": "", "post_code": ""},
    }


class User(models.Model):
    """JSON fields keep snake_case keys; the API renderer camelizes them like every other field."""

    account = models.OneToOneField(Account, on_delete=models.PROTECT, related_name="+", db_constraint=True)
    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    roles = ArrayField(models.CharField(max_length=40), default=list)
    permissions = ArrayField(models.CharField(max_length=40), default=list, blank=True)
    is_active = models.BooleanField(default=True)
    settings = models.JSONField(default=default_settings)
    phone_number = models.CharField(max_length=12, blank=True)
    phone_number2 = models.CharField(max_length=12, blank=True)
    bank_account_number = models.CharField(max_length=32, blank=True)
    invoices_settings = models.JSONField(default=default_invoices_settings)
    notifications_settings = models.JSONField(default=default_notifications_settings)
    calendar_settings = models.JSONField(default=default_calendar_settings)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    deactivated_at = models.DateTimeField(null=True, blank=True)
    archived_at = models.DateTimeField(null=True, blank=True)
    payments_overdue = models.BooleanField(default=False)
    accepted_marketing = models.BooleanField(default=False)
    # Set at self-registration; the ledger charges the tenant's registration fee from it once.
    registered_at = models.DateTimeField(null=True, blank=True)
    internal_note = models.TextField(blank=True)
    # Institutions an institutions admin manages (and a worker's institution, mirrored for currentUser).
    institutions = models.ManyToManyField("institutions.Institution", blank=True, related_name="users")

    is_authenticated = True  # for DRF: a resolved User is always an authenticated caller
    is_anonymous = False

    class Meta:
        ordering = ["last_name", "first_name", "id"]
        # The lists' order (payers with balance, parents...): a first page is read off the index, not a sort of
        # every user of the tenant.
        indexes = [models.Index(fields=["last_name", "first_name", "id"], name="users_user_name_order")]

    def __str__(self) -> str:
        return self.full_name

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def email(self) -> str:
        return self.account.email

    @property
    def email_address(self) -> str:
        """The API's name for the login e-mail (spec: emailAddress)."""
        return self.account.email
