"""Confirming under concurrency (against PostgreSQL): two confirmations of one file at the same moment order each
row once; the loser waits for the file's lock and is refused as already confirmed, having ordered nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection

from kantyna.core.errors import DomainError
from kantyna.ledger.models import LedgerTransaction
from kantyna.ledger.selectors import ledger_balance_mismatches
from kantyna.order_imports.models import ImportedOrdersFile
from kantyna.order_imports.services import orders_file_confirm, orders_file_upload
from kantyna.order_imports.tests.helpers import csv_upload, make_orders_world, row
from kantyna.ordering.models import Order, OrderItem
from kantyna.ordering.tests.helpers import admin, next_monday
from kantyna.tenancy.services import in_tenant
from kantyna.testing.concurrency import run_concurrently

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]


def test_given_one_file_when_two_confirmations_race_then_each_row_is_ordered_and_charged_once(tenant_a):
    actor = admin(tenant_a)
    with in_tenant(tenant_a):
        world = make_orders_world(tenant_a)
        monday = next_monday()
        rows = [row(card=card, day=monday + timedelta(days=d)) for d in range(5) for card in ("OLA001", "JAN001")]
        imported = orders_file_upload(actor=actor, upload=csv_upload(rows))
    connection.set_schema_to_public()

    def confirm():
        return orders_file_confirm(actor=actor, file=ImportedOrdersFile.objects.get(pk=imported.pk))

    outcomes = run_concurrently(tenant_a, confirm, confirm)

    refusals = [outcome for outcome in outcomes if outcome is not None]
    assert [getattr(refusal, "code", repr(refusal)) for refusal in refusals] == ["orders_file.already_confirmed"]
    assert all(isinstance(refusal, DomainError) for refusal in refusals)
    with in_tenant(tenant_a):
        orders = Order.objects.filter(idempotency_key__startswith=f"orders-file:{imported.pk}:")
        items = OrderItem.objects.filter(order__in=orders)
        assert (orders.count(), items.count()) == (10, 10)
        assert sorted(items.values_list("child_id", "date")) == sorted(
            (child.pk, monday + timedelta(days=d)) for d in range(5) for child in (world.child, world.child2)
        )
        assert LedgerTransaction.objects.filter(kind="charge", reference_id__in=items.values("pk")).count() == 10
        assert ImportedOrdersFile.objects.get(pk=imported.pk).rows.filter(status="ordered").count() == 10
        assert ledger_balance_mismatches() == []
    connection.set_schema_to_public()
