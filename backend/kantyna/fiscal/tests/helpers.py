"""Payers with deposits and a tenant with fiscalization on, made through the owning apps' services."""

from __future__ import annotations

import itertools
from datetime import date
from decimal import Decimal

import pytest
from django.db import transaction
from django.test import override_settings
from procrastinate.contrib.django.models import ProcrastinateJob

from kantyna.core.permissions import ROLE_ADMIN, ROLE_INSTITUTION_WORKER
from kantyna.fiscal.registers.fake import FakeCashRegister
from kantyna.fiscal.registers.noviapi import forget_tokens
from kantyna.fiscal.services import REGISTER_TASK
from kantyna.fiscal.tests.printer import PrinterServer
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.factories import make_user

_keys = itertools.count(1)


@pytest.fixture(autouse=True)
def fake_register():
    FakeCashRegister.reset()
    yield FakeCashRegister
    FakeCashRegister.reset()


@pytest.fixture
def printer():
    """A Novitus printer played locally (printer.py) the server may call; `printer.url` is its NoviApi address."""
    forget_tokens()
    with override_settings(FISCAL_REGISTER_ANY_ADDRESS=True), PrinterServer() as (played, url):
        played.url = url
        yield played
    forget_tokens()


def enable(tenant, *, since: date | None = None, enabled: bool = True, **options) -> None:
    """Fiscalization on (the fake register unless `options` say otherwise), in an English-speaking tenant: a
    register's reasons are kept in the tenant's language (test_noviapi checks the Polish ones)."""
    with in_tenant(tenant):
        data = {"fiscalization_enabled": enabled, **options}
        if since is not None:
            data["fiscalize_from"] = since
        settings_update(actor=None, key="fiscal_config", data=data)
        settings_update(actor=None, key="general", data={"default_locale": "en"})


def book(tenant, user, kind: str = "deposit", amount: str = "50.00", *, booked_on: date | None = None):
    with in_tenant(tenant), transaction.atomic():
        return ledger_post(
            actor=None,
            account=ledger_account_for(user=user),
            entry=LedgerEntry(
                kind=kind, amount=Decimal(amount), idempotency_key=f"test:fiscal:{next(_keys)}", booked_on=booked_on
            ),
        )


def make_parent(tenant):
    return make_user(tenant, first_name="Anna", last_name="Żółkiewska")


def make_worker(tenant):
    return make_user(tenant, ROLE_INSTITUTION_WORKER, first_name="Jan", last_name="Kowalski")


def make_admin(tenant):
    return make_user(tenant, ROLE_ADMIN)


def registration_jobs() -> list[dict]:
    return [job.args for job in ProcrastinateJob.objects.filter(task_name=REGISTER_TASK).order_by("id")]
