"""Payers with a balance and a refund bank account, the company's bank account, made through the owning apps'
services."""

from __future__ import annotations

import itertools
from decimal import Decimal

from django.db import transaction

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTION_WORKER
from kantyna.ledger.selectors import user_balance
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post
from kantyna.refunds.services import return_request_create
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.factories import make_user

PARENT_NRB = "20102055581111123456789012"
WORKER_NRB = "27114020040000300201355387"
COMPANY_NRB = "61109010140000071219812874"
_keys = itertools.count(1)


def deposit(tenant, user, amount: str) -> None:
    """Book `amount` on the payer's account: a deposit, or a charge when negative (meals eaten meanwhile)."""
    kind = "charge" if Decimal(amount) < 0 else "deposit"
    with in_tenant(tenant), transaction.atomic():
        ledger_post(
            actor=None,
            account=ledger_account_for(user=user),
            entry=LedgerEntry(kind=kind, amount=Decimal(amount), idempotency_key=f"test:refund:{next(_keys)}"),
        )


def balance(tenant, user) -> Decimal:
    with in_tenant(tenant):
        return user_balance(user=user)


def make_parent(tenant, balance_amount: str = "50.00", *, bank_account_number: str = PARENT_NRB):
    parent = make_user(tenant, first_name="Anna", last_name="Żółkiewska", bank_account_number=bank_account_number)
    if Decimal(balance_amount):
        deposit(tenant, parent, balance_amount)
    return parent


def make_worker(tenant, balance_amount: str = "50.00"):
    worker = make_user(tenant, ROLE_INSTITUTION_WORKER, first_name="Jan", last_name="Kowalski")
    if Decimal(balance_amount):
        deposit(tenant, worker, balance_amount)
    return worker


def make_admin(tenant):
    return make_user(tenant, ROLE_ADMIN)


def set_company(tenant, *, bank_account_number: str = COMPANY_NRB) -> None:
    with in_tenant(tenant):
        settings_update(
            actor=None,
            key="company_details",
            data={
                "name": "Kantyna Śląska Sp. z o.o.",
                "street": "ul. Łąkowa 5",
                "post_code": "40-001",
                "city": "Katowice",
                "bank_account_number": bank_account_number,
            },
        )


def ask(tenant, user, amount: str = "20.00", **kwargs):
    with in_tenant(tenant):
        return return_request_create(actor=user, amount=Decimal(amount), **kwargs)
