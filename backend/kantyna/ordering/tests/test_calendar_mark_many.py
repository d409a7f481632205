"""`POST calendar/days/presences|absences` for several subjects: one transaction, refusals per subject, fewer
queries than one call per subject."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from kantyna.core.permissions import ROLE_COOK, ROLE_PARENT
from kantyna.ordering.models import Absence, OrderItem
from kantyna.ordering.tests.helpers import next_monday
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user
from kantyna.testing.queries import assert_num_queries, capture_queries
from kantyna.testing.world import balance

pytestmark = pytest.mark.django_db


def body(world, *days, children=None, **extra):
    return {
        "subjects": [{"type": "child", "id": child.pk} for child in (children or [world.child, world.child2])],
        "calendarDaysData": [
            {"date": day.isoformat(), "mealTypes": [{"mealTypeId": world.catalog.lunch.pk}]} for day in days
        ],
        **extra,
    }


def week():
    monday = next_monday()
    return [monday + timedelta(days=offset) for offset in range(5)]


def test_given_two_children_when_the_parent_marks_a_week_at_once_then_both_are_ordered_and_charged_once_each(
    world, tenant_a
):
    response = Api(tenant_a, world.parent).post("calendar/days/presences", body(world, *week()))

    assert response.status_code == 200, response.content
    payload = response.json()
    assert payload["status"] is True and payload["refused"] == []
    assert sorted({item["subject"]["id"] for item in payload["created"]}) == sorted([world.child.pk, world.child2.pk])
    assert len(payload["created"]) == 10
    assert payload["balance"] == {"amount": "375.00", "currency": "PLN"}
    assert payload["activeOrdersAmount"] == {"amount": "125.00", "currency": "PLN"}
    with in_tenant(tenant_a):
        assert balance(world.parent) == Decimal("375.00")


def test_given_an_inactive_child_then_only_that_child_is_refused(world, tenant_a):
    with in_tenant(tenant_a):
        world.child2.is_active = False
        world.child2.save()

    payload = Api(tenant_a, world.parent).post("calendar/days/presences", body(world, *week())).json()

    assert payload["status"] is False
    assert [refusal["subject"] for refusal in payload["refused"]] == [{"type": "child", "id": world.child2.pk}]
    assert payload["refused"][0]["message"]
    assert {item["subject"]["id"] for item in payload["created"]} == {world.child.pk}
    with in_tenant(tenant_a):
        assert not OrderItem.objects.filter(child=world.child2).exists()


def test_the_same_idempotency_key_twice_orders_once(world, tenant_a):
    api = Api(tenant_a, world.parent)
    request = body(world, next_monday(), idempotencyKey="tab-1-click-1")
    api.post("calendar/days/presences", request)
    api.post("calendar/days/presences", request)
    with in_tenant(tenant_a):
        assert OrderItem.objects.filter(child__in=[world.child, world.child2]).count() == 2


def test_absences_for_several_children_cancel_and_refund(world, tenant_a):
    api = Api(tenant_a, world.parent)
    days = week()
    api.post("calendar/days/presences", body(world, *days))

    response = api.post(
        "calendar/days/absences",
        {
            "subjects": [{"type": "child", "id": c.pk} for c in (world.child, world.child2)],
            "dates": [days[0].isoformat()],
        },
    )

    assert response.status_code == 200, response.content
    assert len(response.json()["cancelled"]) == 2
    assert response.json()["balance"] == {"amount": "400.00", "currency": "PLN"}
    with in_tenant(tenant_a):
        assert Absence.objects.filter(date=days[0], child__in=[world.child, world.child2]).count() == 2


def test_a_stranger_child_makes_the_call_404_and_nothing_is_ordered(world, tenant_a):
    stranger = make_user(tenant_a, ROLE_PARENT)
    response = Api(tenant_a, stranger).post("calendar/days/presences", body(world, next_monday()))
    assert response.status_code == 404
    with in_tenant(tenant_a):
        assert not OrderItem.objects.exists()


def test_another_tenant_and_a_cook_cannot_mark(world, tenant_a, tenant_b):
    assert (
        Api(tenant_b, make_user(tenant_b, ROLE_PARENT))
        .post("calendar/days/presences", body(world, next_monday()))
        .status_code
        == 404
    )
    assert (
        Api(tenant_a, make_user(tenant_a, ROLE_COOK))
        .post("calendar/days/presences", body(world, next_monday()))
        .status_code
        == 403
    )


def test_marking_three_children_at_once_costs_fewer_queries_than_three_calls(world, tenant_a):
    from kantyna.people.services.children import child_create

    with in_tenant(tenant_a):
        third = child_create(
            actor=None,
            parent=world.parent,
            first_name="Ela",
            last_name="Nowak",
            classroom=world.classroom,
            diet=world.catalog.standard,
        )
    api = Api(tenant_a, world.parent)
    children = [world.child, world.child2, third]
    days = week()
    api.get("auth/currentUser")
    with capture_queries() as separate:
        for child in children:
            single = body(world, *days[:2], children=[child])
            single.pop("subjects")
            assert api.post(f"calendar/days/child/{child.pk}/presences", single).status_code == 200
    with capture_queries() as together:
        response = api.post("calendar/days/presences", body(world, *days[2:], children=children))
    assert response.status_code == 200 and len(response.json()["created"]) == 9
    assert len(together) < len(separate), (len(together), len(separate))


def test_marking_two_children_reads_the_settings_once_and_charges_each_item_once(world, tenant_a):
    """The statements of one marking for two children (the mixed load's most expensive request, issue 15): the
    settings row is read once for the fee, the cut-off, the pricing and the ledger; the items go in already
    charged (no second write of `charged_at`); one savepoint per child."""
    from kantyna.tenant_settings.selectors import settings_row

    with in_tenant(tenant_a):
        settings_row()  # a tenant's settings row exists (the first read creates it)
    api = Api(tenant_a, world.parent)
    api.get("auth/currentUser")

    with assert_num_queries(41) as queries:
        response = api.post("calendar/days/presences", body(world, *week()))

    assert response.status_code == 200 and len(response.json()["created"]) == 10
    assert sum("tenant_settings_tenantsettings" in sql for sql in queries) == 1
    assert not any(sql.startswith('UPDATE "ordering_orderitem"') for sql in queries)
    # The test runs in a transaction, so the request's own transaction is a savepoint too: 1 + one per child.
    assert sum(sql.startswith("SAVEPOINT") for sql in queries) == 3
    with in_tenant(tenant_a):
        items = OrderItem.objects.filter(child__in=[world.child, world.child2])
        assert items.count() == 10 and not items.filter(charged_at__isnull=True).exists()
