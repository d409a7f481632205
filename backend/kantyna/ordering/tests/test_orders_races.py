"""Orders under concurrency, against real PostgreSQL: a double-submitted create is one order, charged once."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connection, connections

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.ordering.models import Order, OrderItem
from kantyna.ordering.tests.helpers import next_monday
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.factories import make_user
from kantyna.testing.world import balance, ledger_sum, make_world


def _post_concurrently(apis, path, body) -> list:
    barrier = threading.Barrier(len(apis))
    responses: list = []
    failures: list[BaseException] = []

    def run(api) -> None:
        try:
            barrier.wait(timeout=10)
            responses.append(api.post(path, body))
        except BaseException as error:  # noqa: BLE001 - reported by the caller's assertion
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(api,)) for api in apis]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert failures == []
    return responses


@pytest.mark.race
@pytest.mark.django_db(transaction=True)
def test_given_the_same_create_twice_at_once_with_one_key_then_one_order_charged_once(tenant_a):
    with in_tenant(tenant_a):
        world = make_world(tenant_a)
    boss = make_user(tenant_a, ROLE_ADMIN)
    body = {
        "subjectType": "child",
        "subjectId": world.child.pk,
        "items": [{"date": next_monday().isoformat(), "mealTypeId": world.catalog.lunch.pk}],
        "idempotencyKey": "double-click-1",
    }
    connection.set_schema_to_public()

    responses = _post_concurrently([Api(tenant_a, boss), Api(tenant_a, boss)], "orders/create", body)

    assert sorted(response.status_code for response in responses) == [201, 201], [r.content for r in responses]
    assert len({response.json()["id"] for response in responses}) == 1
    with in_tenant(tenant_a):
        assert Order.objects.count() == 1
        assert OrderItem.objects.count() == 1
        assert balance(world.parent) == Decimal("487.50") == ledger_sum(world.parent)
    connection.set_schema_to_public()
