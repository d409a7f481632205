"""The foreign keys of order items and ledger rows checked once per statement by triggers (kantyna.core.set_based_fks,
issue 15) keep PostgreSQL's guarantees: a row naming a missing row is refused, a referenced row cannot be deleted,
and a key changed by an UPDATE is checked."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.db import IntegrityError, connection, transaction

from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ordering.models import Order, OrderItem
from kantyna.tenancy.services import in_tenant
from kantyna.testing.world import make_world

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        yield make_world(tenant_a)


MISSING = 2_000_000_000


def item(world, order, **changes) -> OrderItem:
    fields = {
        "order": order,
        "child": world.child,
        "date": date(2030, 1, 7),
        "meal_type": world.catalog.lunch,
        "diet": world.catalog.standard,
        "portion_size": world.catalog.normal,
        "unit_price": Decimal("10.00"),
        "price": Decimal("10.00"),
    }
    return OrderItem(**{**fields, **changes})


@pytest.mark.parametrize(
    "column", ["order_id", "child_id", "worker_id", "meal_type_id", "diet_id", "portion_size_id", "price_list_item_id"]
)
def test_given_an_item_naming_a_missing_row_then_the_insert_is_refused(world, column):
    order = Order.objects.create(payer=world.parent)
    changes = {column: MISSING}
    if column == "worker_id":
        changes["child"] = None

    with pytest.raises(IntegrityError, match=column), transaction.atomic():
        OrderItem.objects.bulk_create([item(world, order), item(world, order, date=date(2030, 1, 8), **changes)])

    assert not OrderItem.objects.filter(order=order).exists()


def test_given_an_item_then_its_rows_cannot_be_deleted_under_it(world):
    order = Order.objects.create(payer=world.parent)
    item(world, order).save()

    for table, pk in (
        ("ordering_order", order.pk),
        ("people_child", world.child.pk),
        ("catalog_mealtype", world.catalog.lunch.pk),
        ("catalog_portionsize", world.catalog.normal.pk),
    ):
        with (
            pytest.raises(IntegrityError, match="still referenced"),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(f"DELETE FROM {table} WHERE id = %s", [pk])

    assert OrderItem.objects.filter(order=order).count() == 1


def test_given_an_item_when_a_key_is_changed_to_a_missing_row_then_the_update_is_refused(world):
    order = Order.objects.create(payer=world.parent)
    row = item(world, order)
    row.save()

    with pytest.raises(IntegrityError, match="meal_type_id"), transaction.atomic():
        OrderItem.objects.filter(pk=row.pk).update(meal_type_id=MISSING)
    OrderItem.objects.filter(pk=row.pk).update(status=OrderItem.Status.CANCELLED)  # no key changed: no check

    row.refresh_from_db()
    assert (row.meal_type_id, row.status) == (world.catalog.lunch.pk, OrderItem.Status.CANCELLED)


def test_given_a_ledger_row_naming_a_missing_account_then_it_is_refused_and_a_used_account_cannot_go(world):
    account = LedgerAccount.objects.get(user=world.parent, child=None)
    fields = {
        "kind": "deposit",
        "amount": Decimal("1.00"),
        "balance_after": Decimal("1.00"),
        "booked_on": date(2030, 1, 7),
    }

    with pytest.raises(IntegrityError, match="account_id"), transaction.atomic():
        LedgerTransaction.objects.create(account_id=MISSING, idempotency_key="test:missing-account", **fields)
    with pytest.raises(IntegrityError, match="still referenced"), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM ledger_ledgeraccount WHERE id = %s", [account.pk])

    assert not LedgerTransaction.objects.filter(idempotency_key="test:missing-account").exists()
    assert LedgerAccount.objects.filter(pk=account.pk).exists()
