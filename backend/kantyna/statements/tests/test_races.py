"""Confirming under concurrency (against PostgreSQL): the same statement confirmed twice at once, and a second
upload of it confirmed at the same moment, book each transfer once; the losers book nothing."""

from __future__ import annotations

import pytest
from django.db import connection

from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.ledger.models import LedgerTransaction
from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.statements.models import ImportedPaymentsFile
from kantyna.statements.services import statement_confirm, statement_import, statement_item_update
from kantyna.statements.tests.helpers import make_statement_world, upload
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import run_concurrently
from kantyna.testing.factories import make_user

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]


def test_given_one_statement_uploaded_twice_when_all_confirmations_race_then_each_transfer_is_booked_once(tenant_a):
    world = make_statement_world(tenant_a)
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        first = statement_import(actor=admin, upload=upload(world, "statement.mt940.tmpl"))
        second = statement_import(actor=admin, upload=upload(world, "statement.mt940.tmpl"))
    connection.set_schema_to_public()

    def confirm(pk: int):
        return lambda: statement_confirm(actor=admin, file=ImportedPaymentsFile.objects.get(pk=pk))

    outcomes = run_concurrently(tenant_a, confirm(first.pk), confirm(first.pk), confirm(second.pk))

    refusals = [outcome for outcome in outcomes if outcome is not None]
    assert [getattr(refusal, "code", repr(refusal)) for refusal in refusals] == ["statement.already_confirmed"]
    assert all(isinstance(refusal, DomainError) for refusal in refusals)
    with in_tenant(tenant_a):
        deposits = sorted(LedgerTransaction.objects.filter(kind="deposit").values_list("account__user_id", "amount"))
        assert [(user_id, str(amount)) for user_id, amount in deposits] == [
            (world.anna.pk, "150.00"),
            (world.bartek.pk, "80.50"),
        ]
        linked = [
            file.items.filter(transaction__isnull=False).count() for file in ImportedPaymentsFile.objects.order_by("pk")
        ]
        assert sorted(linked) == [0, 2]
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()


def test_given_one_transfer_matched_to_two_payers_in_two_files_when_both_confirm_at_once_then_it_is_booked_once(
    tenant_a,
):
    """The two confirmations lock different accounts (Anna's in one file, Celina's in the other), so only the
    tenant's confirmation lock keeps the loser from failing on the ledger's unique key."""
    world = make_statement_world(tenant_a)
    admin = make_user(tenant_a, ROLE_ADMIN)
    with in_tenant(tenant_a):
        first = statement_import(actor=admin, upload=upload(world, "statement.mt940.tmpl"))
        second = statement_import(actor=admin, upload=upload(world, "statement.mt940.tmpl"))
        statement_item_update(actor=admin, item=second.items.get(position=1), user=world.celina)
        second.items.exclude(position=1).update(match_kind="none", user=None)
    connection.set_schema_to_public()

    def confirm(pk: int):
        return lambda: statement_confirm(actor=admin, file=ImportedPaymentsFile.objects.get(pk=pk))

    outcomes = run_concurrently(tenant_a, confirm(first.pk), confirm(second.pk))

    assert outcomes == [None, None]
    with in_tenant(tenant_a):
        anna_or_celina = LedgerTransaction.objects.filter(
            kind="deposit", amount="150.00", account__user__in=[world.anna, world.celina]
        )
        assert anna_or_celina.count() == 1
        kinds = sorted(
            ImportedPaymentsFile.objects.get(pk=pk).items.get(position=1).match_kind for pk in (first.pk, second.pk)
        )
        # Whichever confirmation came first booked it; the other found it already imported.
        assert kinds in (["account", "already_imported"], ["already_imported", "manual"])
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()
