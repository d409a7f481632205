"""Served meals everywhere else than the terminal: nobody cancels a served meal through any of ordering's cancel
paths (a parent's or staff's absence, the orders screens' cancels, bulk absences) — each is refused with
`order_item.served` and changes nothing, items nor ledger — and the calendar, the orders list and the order
details show the meal as served, with its time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from kantyna.core.api.errors import ALREADY_SERVED
from kantyna.ledger.models import LedgerTransaction
from kantyna.ordering.models import Absence, Order, OrderItem
from kantyna.ordering.services.items import ItemRequest
from kantyna.ordering.tests.helpers import admin, next_monday, place
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, assert_error
from kantyna.testing.world import balance

pytestmark = pytest.mark.django_db

SERVED_AT = datetime(2026, 11, 23, 11, 4, tzinfo=UTC)
SERVED_DETAIL = ["This meal was already served."]


def serve(tenant, *items: OrderItem) -> None:
    """What the terminal does to an item: served, with the time."""
    with in_tenant(tenant):
        OrderItem.objects.filter(pk__in=[item.pk for item in items]).update(status="served", served_at=SERVED_AT)


def items_of(tenant, order: Order) -> list[OrderItem]:
    with in_tenant(tenant):
        return list(order.items.order_by("date", "pk"))


def lunch_order(tenant, world, *days, meal_type=None, child=None) -> Order:
    child = child or world.child
    meal_type = meal_type or world.catalog.lunch
    return place(tenant, world.parent, "child", child.pk, [ItemRequest(day, meal_type.pk) for day in days])


def snapshot(tenant, world) -> dict:
    """Everything a cancel could change: the items' states, absences, orders' states, ledger rows, balance."""
    with in_tenant(tenant):
        return {
            "items": sorted(OrderItem.objects.values_list("pk", "status", "served_at", "cancelled_at", "charged_at")),
            "orders": sorted(Order.objects.values_list("pk", "status")),
            "absences": sorted(Absence.objects.values_list("child_id", "date")),
            "ledger": sorted(LedgerTransaction.objects.values_list("pk", "kind", "amount")),
            "balance": balance(world.parent),
        }


def child_path(world, child=None, suffix=""):
    return f"calendar/days/child/{(child or world.child).pk}{suffix}"


# A served day cannot be cancelled --------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["parent", "admin"])
def test_given_a_served_lunch_when_marking_the_day_absent_then_refused_and_nothing_changes(world, tenant_a, who):
    monday = next_monday()
    order = lunch_order(tenant_a, world, monday)
    serve(tenant_a, *items_of(tenant_a, order))
    before = snapshot(tenant_a, world)
    actor = world.parent if who == "parent" else admin(tenant_a)

    response = Api(tenant_a, actor).post(child_path(world, suffix="/absences"), {"dates": [monday.isoformat()]})

    assert_error(response, 409, ALREADY_SERVED, {"dates": SERVED_DETAIL})
    assert snapshot(tenant_a, world) == before
    assert before["balance"] == Decimal("487.50")


def test_given_a_served_lunch_when_a_polish_parent_marks_the_day_absent_then_the_detail_is_polish(world, tenant_a):
    monday = next_monday()
    order = lunch_order(tenant_a, world, monday)
    serve(tenant_a, *items_of(tenant_a, order))

    response = Api(tenant_a, world.parent, locale="pl").post(
        child_path(world, suffix="/absences"), {"dates": [monday.isoformat()]}
    )

    assert_error(response, 409, ALREADY_SERVED, {"dates": ["Ten posiłek został już wydany."]})


def test_given_a_served_lunch_and_an_active_soup_when_the_soup_alone_is_cancelled_then_the_lunch_stays_served(
    world, tenant_a
):
    monday = next_monday()
    lunch = lunch_order(tenant_a, world, monday)
    soup = lunch_order(tenant_a, world, monday, meal_type=world.catalog.soup)
    serve(tenant_a, *items_of(tenant_a, lunch))

    response = Api(tenant_a, world.parent).post(
        child_path(world, suffix="/absences"),
        {"dates": [monday.isoformat()], "mealTypesIds": [world.catalog.soup.pk]},
    )

    assert response.status_code == 200, response.content
    assert response.json()["cancelled"] == 1
    with in_tenant(tenant_a):
        assert list(lunch.items.values_list("status", "served_at")) == [("served", SERVED_AT)]
        assert list(soup.items.values_list("status", flat=True)) == ["cancelled"]
        # The child did eat that day: no absence is recorded.
        assert not Absence.objects.filter(child=world.child, date=monday).exists()
    assert balance(world.parent) == Decimal("487.50")  # the soup's 5.00 refunded, the lunch's 12.50 stays


def test_given_one_child_served_when_both_children_are_marked_absent_then_that_child_is_refused_and_the_other_cancelled(
    world, tenant_a
):
    monday = next_monday()
    served = lunch_order(tenant_a, world, monday)
    other = lunch_order(tenant_a, world, monday, child=world.child2)
    serve(tenant_a, *items_of(tenant_a, served))

    response = Api(tenant_a, world.parent).post(
        "calendar/days/absences",
        {
            "subjects": [{"type": "child", "id": world.child.pk}, {"type": "child", "id": world.child2.pk}],
            "dates": [monday.isoformat()],
        },
    )

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["refused"] == [{"subject": {"type": "child", "id": world.child.pk}, "message": ALREADY_SERVED}]
    assert [item["subject"]["id"] for item in body["cancelled"]] == [world.child2.pk]
    with in_tenant(tenant_a):
        assert list(served.items.values_list("status", "served_at")) == [("served", SERVED_AT)]
        assert list(other.items.values_list("status", flat=True)) == ["cancelled"]
        assert list(Absence.objects.values_list("child_id", "date")) == [(world.child2.pk, monday)]


@pytest.mark.parametrize("who", ["parent", "admin"])
def test_given_an_order_of_served_meals_when_cancelling_it_then_refused_and_nothing_changes(world, tenant_a, who):
    monday = next_monday()
    order = lunch_order(tenant_a, world, monday, monday + timedelta(days=1))
    serve(tenant_a, *items_of(tenant_a, order))
    before = snapshot(tenant_a, world)
    api = Api(tenant_a, world.parent if who == "parent" else admin(tenant_a))

    for response in (
        api.post(f"orders/{order.pk}/cancel"),
        api.post("orders/bulkCancel", {"ordersIds": [order.pk]}),
        api.post(f"orders/{order.pk}/items/{items_of(tenant_a, order)[0].pk}/cancel"),
        api.post(
            "orders/cancelMealType",
            {
                "subjectType": "child",
                "subjectId": world.child.pk,
                "mealTypeId": world.catalog.lunch.pk,
                "dateFrom": monday.isoformat(),
                "dateTo": (monday + timedelta(days=1)).isoformat(),
            },
        ),
    ):
        assert_error(response, 409, ALREADY_SERVED, {"items": SERVED_DETAIL})

    assert snapshot(tenant_a, world) == before


def test_given_an_order_with_a_served_and_an_active_meal_when_cancelling_it_then_only_the_active_one_goes(
    world, tenant_a
):
    monday = next_monday()
    order = lunch_order(tenant_a, world, monday, monday + timedelta(days=1))
    first, second = items_of(tenant_a, order)
    serve(tenant_a, first)

    response = Api(tenant_a, world.parent).post(f"orders/{order.pk}/cancel")

    assert response.status_code == 200, response.content
    with in_tenant(tenant_a):
        assert sorted(order.items.values_list("pk", "status")) == sorted(
            [(first.pk, "served"), (second.pk, "cancelled")]
        )
        order.refresh_from_db()
        assert order.status == "active"  # a served meal keeps its order alive
        refunds = list(LedgerTransaction.objects.filter(kind="refund").values_list("reference_id", "amount"))
    assert refunds == [(second.pk, Decimal("12.50"))]
    assert balance(world.parent) == Decimal("487.50")


# A served meal shows as served -----------------------------------------------------------------------------


def test_given_a_served_lunch_when_the_parent_reads_the_month_then_the_day_shows_it_served_with_the_time(
    world, tenant_a
):
    monday = next_monday()
    order = lunch_order(tenant_a, world, monday, monday + timedelta(days=1))
    first = items_of(tenant_a, order)[0]
    serve(tenant_a, first)

    response = Api(tenant_a, world.parent).get(child_path(world), {"month": monday.strftime("%Y-%m")})

    assert response.status_code == 200, response.content
    items = {
        day["date"]: [(item["status"], item["servedAt"]) for item in day["items"]]
        for day in response.json()["days"]
        if day["items"]
    }
    assert items[monday.isoformat()] == [("served", "2026-11-23T12:04:00+01:00")]
    assert items[(monday + timedelta(days=1)).isoformat()] == [("active", None)]


def test_given_a_served_lunch_when_reading_the_order_and_the_list_then_served_with_the_time_and_not_cancellable(
    world, tenant_a
):
    monday = next_monday()
    order = lunch_order(tenant_a, world, monday, monday + timedelta(days=1))
    first = items_of(tenant_a, order)[0]
    serve(tenant_a, first)
    api = Api(tenant_a, world.parent)

    details = api.get(f"orders/{order.pk}")
    listed = api.get("orders")

    assert details.status_code == 200, details.content
    assert [(row["date"], row["status"], row["servedAt"], row["canCancel"]) for row in details.json()["items"]] == [
        (monday.isoformat(), "served", "2026-11-23T12:04:00+01:00", False),
        ((monday + timedelta(days=1)).isoformat(), "active", None, True),
    ]
    assert listed.status_code == 200, listed.content
    row = next(row for row in listed.json()["items"] if row["id"] == order.pk)
    assert (row["itemsCount"], row["activeItemsCount"], row["servedItemsCount"]) == (2, 1, 1)
