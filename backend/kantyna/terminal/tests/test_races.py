"""Two terminals scanning one card at the same moment, against PostgreSQL: the receiver's items are locked in one
transaction, so the meal is served once and the other scan is told it was already served; the same scan sent
twice at once (one clientScanId) is one entry and one answer."""

from __future__ import annotations

import json

import pytest
from django.db import connection

from kantyna.ordering.models import OrderItem
from kantyna.tenancy.services import in_tenant
from kantyna.terminal.models import ScannedCardEntry
from kantyna.terminal.services import scan_card
from kantyna.terminal.tests.helpers import CARD, make_serving
from kantyna.testing.concurrency import run_concurrently

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]


def answer(outcome):
    return (200 if outcome.refusal is None else 409), json.dumps({"result": outcome.result}), outcome.result


@pytest.fixture
def serving(tenant_a):
    with in_tenant(tenant_a):
        serving = make_serving(tenant_a)
    connection.set_schema_to_public()
    return serving


def scanner(serving, actor, client_scan_id, results):
    def job():
        outcome = scan_card(
            actor=actor,
            card_number=CARD,
            day=serving.today,
            meal_type_ids=[serving.world.catalog.lunch.pk],
            client_scan_id=client_scan_id,
            answer=answer,
        )
        results.append((client_scan_id, outcome.entry.result, outcome.served_now))

    return job


@pytest.mark.parametrize("repeat", range(3))
def test_given_two_terminals_when_they_scan_one_card_at_once_then_it_is_served_once(tenant_a, serving, repeat):
    results = []

    outcomes = run_concurrently(
        tenant_a,
        scanner(serving, serving.cook, f"t1-{repeat}", results),
        scanner(serving, serving.admin, f"t2-{repeat}", results),
    )

    assert outcomes == [None, None]
    assert sorted(result for _id, result, _served in results) == ["already_served", "served"]
    with in_tenant(tenant_a):
        item = OrderItem.objects.get(pk=serving.item.pk)
        assert item.status == "served"
        winner = next(client for client, result, _served in results if result == "served")
        entry = ScannedCardEntry.objects.get(client_scan_id=winner)
        assert entry.served_item_ids == [item.pk]
        assert item.served_by_id == entry.served_by_id
        assert sorted(ScannedCardEntry.objects.values_list("result", flat=True)) == ["already_served", "served"]
    connection.set_schema_to_public()


def test_given_one_scan_sent_twice_at_once_then_one_entry_and_the_same_answer(tenant_a, serving):
    results = []

    outcomes = run_concurrently(
        tenant_a,
        scanner(serving, serving.cook, "same", results),
        scanner(serving, serving.cook, "same", results),
    )

    assert outcomes == [None, None]
    assert [result for _id, result, _served in results] == ["served", "served"]
    with in_tenant(tenant_a):
        assert ScannedCardEntry.objects.count() == 1
        assert OrderItem.objects.get(pk=serving.item.pk).status == "served"
    connection.set_schema_to_public()
