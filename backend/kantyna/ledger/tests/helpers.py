"""Payers, children and settings the ledger tests build on, made through the owning apps' services."""

from __future__ import annotations

import itertools
from decimal import Decimal

from django.db import transaction

from kantyna.catalog.services import diet_create
from kantyna.institutions.services import classroom_create, institution_create
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post
from kantyna.people.services.children import child_create
from kantyna.tenant_settings.services import settings_update

_sequence = itertools.count(1)


def make_institution():
    number = next(_sequence)
    return institution_create(
        actor=None,
        name=f"Szkoła Podstawowa nr {number}",
        short_name=f"SP {number}",
        slug=f"sp-l{number}",
        kind="school",
    )


def make_child(parent, *, institution=None, first_name: str = "Ola"):
    number = next(_sequence)
    institution = institution or make_institution()
    classroom = classroom_create(actor=None, institution=institution, name=f"{number}A")
    diet = diet_create(actor=None, name=f"Dieta {number}")
    return child_create(
        actor=None, parent=parent, first_name=first_name, last_name=f"Kowalska {number}", classroom=classroom, diet=diet
    )


def set_settings(key: str, **values) -> None:
    settings_update(actor=None, key=key, data=values)


def book(user, kind: str, amount: str, *, child=None, key: str | None = None, booked_on=None, check_funds=False):
    """Post one entry on the payer's account (the way ordering does)."""
    with transaction.atomic():
        account = ledger_account_for(user=user, child=child)
        return ledger_post(
            actor=None,
            account=account,
            entry=LedgerEntry(
                kind=kind,
                amount=Decimal(amount),
                idempotency_key=key or f"test:{next(_sequence)}",
                booked_on=booked_on,
            ),
            check_funds=check_funds,
        )
