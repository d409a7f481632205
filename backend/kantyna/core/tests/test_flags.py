"""`take_flag`: "only one default" holds when two admins set it at the same moment."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from kantyna.pricing.models import PriceListsGroup
from kantyna.pricing.services import price_lists_group_create
from kantyna.tenancy.services import in_tenant


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_two_concurrent_creates_of_a_default_group_then_exactly_one_stays_default(tenant_a):
    barrier = threading.Barrier(2)
    failures: list[BaseException] = []

    def create(name: str) -> None:
        try:
            with in_tenant(tenant_a):
                barrier.wait(timeout=10)
                price_lists_group_create(actor=None, name=name, default_for_children=True)
        except BaseException as error:  # noqa: BLE001 - reported by the assertion below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=create, args=(name,)) for name in ("Cennik A", "Cennik B")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert failures == []
    with in_tenant(tenant_a):
        assert PriceListsGroup.objects.count() == 2
        assert PriceListsGroup.objects.filter(default_for_children=True).count() == 1
    connection.set_schema_to_public()
