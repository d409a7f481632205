"""The `orders` endpoints through the HTTP API: reads per role and scope, commands on top of the ordering core,
money after each, tenant isolation."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from kantyna.audit.models import AuditEntry
from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_INSTITUTION_WORKER,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_PARENT,
    ROLES,
)
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import Order, OrderItem
from kantyna.ordering.selectors.orders import price_list_has_prepaids
from kantyna.ordering.services.items import ItemRequest
from kantyna.ordering.tests.helpers import admin, institutions_admin, next_monday, place
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import make_user
from kantyna.testing.world import balance, deposit, ledger_sum, make_world, set_settings

pytestmark = pytest.mark.django_db


def counts(tenant) -> tuple[int, int, int]:
    with in_tenant(tenant):
        return (
            Order.objects.count(),
            OrderItem.objects.filter(status=OrderItem.Status.ACTIVE).count(),
            OrderItem.objects.filter(status=OrderItem.Status.CANCELLED).count(),
        )


def child_order(tenant, world, *days, meal_type=None, child=None) -> Order:
    meal_type = meal_type or world.catalog.lunch
    return place(
        tenant, world.parent, "child", (child or world.child).pk, [ItemRequest(day, meal_type.pk) for day in days]
    )


# Reads ------------------------------------------------------------------------------------------------


def test_given_orders_of_two_families_when_listing_then_each_sees_its_own_and_admin_all(world, tenant_a):
    monday = next_monday()
    own = child_order(tenant_a, world, monday, monday + timedelta(days=1))
    with in_tenant(tenant_a):
        other = make_world(tenant_a)
    foreign = child_order(tenant_a, other, monday)

    parent_page = Api(tenant_a, world.parent).get("orders").json()
    admin_page = Api(tenant_a, admin(tenant_a)).get("orders").json()

    assert [row["id"] for row in parent_page["items"]] == [own.pk]
    row = parent_page["items"][0]
    assert (row["dateFrom"], row["dateTo"], row["itemsCount"], row["activeItemsCount"]) == (
        monday.isoformat(),
        (monday + timedelta(days=1)).isoformat(),
        2,
        2,
    )
    assert row["grossAmount"] == {"amount": "25.00", "currency": "PLN"}
    assert row["subjectNames"] == ["Ola Nowak"]
    assert row["payer"] == {"id": world.parent.pk, "name": world.parent.full_name}
    assert {row["id"] for row in admin_page["items"]} == {own.pk, foreign.pk}
    assert admin_page["total"] == 2


def test_given_three_orders_when_paging_by_two_then_each_page_has_its_orders_figures_and_the_total(world, tenant_a):
    monday = next_monday()
    oldest = child_order(tenant_a, world, monday, monday + timedelta(days=1), monday + timedelta(days=2))
    middle = child_order(tenant_a, world, monday + timedelta(days=3), child=world.child2)
    newest = child_order(tenant_a, world, monday + timedelta(days=4))
    api = Api(tenant_a, admin(tenant_a))

    first = api.get("orders", {"perPage": 2}).json()
    second = api.get("orders", {"perPage": 2, "page": 2}).json()
    past_the_end = api.get("orders", {"perPage": 2, "page": 3}).json()

    assert [(row["id"], row["itemsCount"]) for row in first["items"]] == [(newest.pk, 1), (middle.pk, 1)]
    assert (first["total"], first["page"], first["perPage"]) == (3, 1, 2)
    assert [(row["id"], row["itemsCount"], row["dateTo"]) for row in second["items"]] == [
        (oldest.pk, 3, (monday + timedelta(days=2)).isoformat())
    ]
    assert second["items"][0]["grossAmount"] == {"amount": "37.50", "currency": "PLN"}
    assert (second["total"], second["page"]) == (3, 2)
    assert past_the_end == {"items": [], "total": 3, "page": 3, "perPage": 2}


def test_given_a_workers_own_order_when_listed_then_the_worker_is_its_meal_receiver(world, tenant_a):
    monday = next_monday()
    place(
        tenant_a,
        world.worker_user,
        "institution_worker",
        world.worker_user.pk,
        [ItemRequest(monday, world.catalog.lunch.pk)],
    )

    body = Api(tenant_a, admin(tenant_a)).get("orders").json()

    assert [row["subjectNames"] for row in body["items"]] == [[world.worker_user.full_name]]


def test_given_an_institutions_admin_when_listing_then_only_orders_of_their_institutions(world, tenant_a):
    monday = next_monday()
    own = child_order(tenant_a, world, monday)
    with in_tenant(tenant_a):
        other = make_world(tenant_a)
    child_order(tenant_a, other, monday)
    manager = institutions_admin(tenant_a, world.institution, "children_edit")

    body = Api(tenant_a, manager).get("orders").json()

    assert [row["id"] for row in body["items"]] == [own.pk]
    assert Api(tenant_a, manager).get(f"orders/{own.pk}").status_code == 200


@pytest.mark.parametrize("role", [ROLE_INSTITUTION_WORKER, ROLE_COOK, ROLE_INSTITUTIONS_ADMIN])
def test_given_a_role_without_orders_view_when_listing_then_forbidden(tenant_a, role):
    assert_error(Api(tenant_a, make_user(tenant_a, role)).get("orders"), 403, "Forbidden.")
    assert_error(Api(tenant_a, make_user(tenant_a, role)).get("orders_totals"), 403, "Forbidden.")


def test_given_filters_when_listing_then_only_matching_orders(world, tenant_a):
    monday = next_monday()
    first = child_order(tenant_a, world, monday)
    second = child_order(tenant_a, world, monday + timedelta(days=7), child=world.child2)
    api = Api(tenant_a, admin(tenant_a))

    def ids(**params):
        response = api.get("orders", params)
        assert response.status_code == 200, response.content
        return [row["id"] for row in response.json()["items"]]

    assert ids(dateFrom=monday.isoformat(), dateTo=monday.isoformat()) == [first.pk]
    assert ids(subjectType="child", subjectId=world.child2.pk) == [second.pk]
    assert ids(search="Jan") == [second.pk]
    assert ids(institutionId=world.institution.pk, classroomId=world.classroom.pk) == [second.pk, first.pk]
    assert ids(payerId=world.parent.pk, status="active", kind="regular") == [second.pk, first.pk]
    assert ids(kind="prepaid") == []
    assert_error(
        api.get("orders", {"dateFrom": "2026-12-10", "dateTo": "2026-12-01"}),
        400,
        "The given data was invalid.",
        {"dateTo": ["The end date cannot be before the start date."]},
    )


def test_list_query_count_does_not_grow_with_orders(world, tenant_a, django_assert_num_queries):
    monday = next_monday()
    api = Api(tenant_a, admin(tenant_a))
    child_order(tenant_a, world, monday)
    child_order(tenant_a, world, monday, child=world.child2)
    # session (account, revoked token and user in one) + count + page
    with django_assert_num_queries(3):
        assert api.get("orders").status_code == 200
    for offset in range(1, 5):
        child_order(tenant_a, world, monday + timedelta(days=offset))
    with django_assert_num_queries(3):
        assert api.get("orders").json()["total"] == 6


def test_given_live_and_cancelled_meals_when_totalling_then_counts_and_gross_amount(world, tenant_a):
    monday = next_monday()
    order = child_order(tenant_a, world, monday, monday + timedelta(days=1))
    with in_tenant(tenant_a):
        item = order.items.order_by("date").first()
    assert Api(tenant_a, world.parent).post(f"orders/{order.pk}/items/{item.pk}/cancel").status_code == 200

    for path in ("orders_totals", "orders/totals"):
        body = Api(tenant_a, admin(tenant_a)).get(path).json()
        assert body == {
            "ordersCount": 1,
            "items": {"active": 1, "cancelled": 1, "served": 0},
            "grossAmount": {"amount": "12.50", "currency": "PLN"},
        }


def test_given_an_order_when_reading_details_then_items_with_row_ids_and_prices(world, tenant_a):
    monday = next_monday()
    order = child_order(tenant_a, world, monday)

    body = Api(tenant_a, world.parent).get(f"orders/{order.pk}").json()

    assert (body["id"], body["kind"], body["status"]) == (order.pk, "regular", "active")
    (item,) = body["items"]
    assert item["rowId"] == item["id"]
    assert item["subject"]["type"] == "child" and item["subject"]["id"] == world.child.pk
    assert item["subject"]["institutionName"] == world.institution.name
    assert (item["date"], item["mealType"]["name"], item["diet"]["name"], item["portionSize"]["name"]) == (
        monday.isoformat(),
        "Obiad",
        "Standardowa",
        "Normalna",
    )
    assert item["unitPrice"] == {"amount": "12.50", "currency": "PLN"}
    assert item["price"] == {"amount": "12.50", "currency": "PLN"}
    assert (item["status"], item["canCancel"]) == ("active", True)
    assert body["grossAmount"] == {"amount": "12.50", "currency": "PLN"}


def test_given_a_user_who_may_not_see_prices_when_reading_then_prices_are_null(world, tenant_a):
    order = child_order(tenant_a, world, next_monday())
    with in_tenant(tenant_a):
        world.parent.settings = {"can_see_prices": False}
        world.parent.save(update_fields=["settings"])

    body = Api(tenant_a, world.parent).get(f"orders/{order.pk}").json()

    assert body["grossAmount"] is None and body["items"][0]["price"] is None
    assert Api(tenant_a, world.parent).get("orders").json()["items"][0]["grossAmount"] is None


def test_given_another_familys_order_when_reading_then_not_found(world, tenant_a):
    order = child_order(tenant_a, world, next_monday())
    stranger = make_user(tenant_a, ROLE_PARENT)
    assert_error(Api(tenant_a, stranger).get(f"orders/{order.pk}"), 404, "Not found.")
    assert_error(Api(tenant_a, world.worker_user).get(f"orders/{order.pk}"), 404, "Not found.")


def test_given_another_tenant_when_reading_then_not_found_and_its_token_is_refused(world, tenant_a, tenant_b):
    order = child_order(tenant_a, world, next_monday())
    assert_error(Api(tenant_b, admin(tenant_b)).get(f"orders/{order.pk}"), 404, "Not found.")
    assert_error(Api(tenant_a, token=Api(tenant_b, admin(tenant_b)).token).get("orders"), 401, "Unauthenticated.")
    assert_error(Api(tenant_a).get("orders"), 401, "Unauthenticated.")


# Create -----------------------------------------------------------------------------------------------


def create_body(world, *days, subject=("child", None), key=None, meal_type=None) -> dict:
    subject_type, subject_id = subject
    body = {
        "subjectType": subject_type,
        "subjectId": subject_id or world.child.pk,
        "items": [{"date": day.isoformat(), "mealTypeId": (meal_type or world.catalog.lunch).pk} for day in days],
        "note": "Bez orzechów",
    }
    if key:
        body["idempotencyKey"] = key
    return body


def test_given_an_admin_when_creating_an_order_then_201_with_id_and_the_payer_is_charged(world, tenant_a):
    monday = next_monday()

    response = Api(tenant_a, admin(tenant_a)).post("orders/create", create_body(world, monday, monday + timedelta(1)))

    assert response.status_code == 201, response.content
    with in_tenant(tenant_a):
        order = Order.objects.get(pk=response.json()["id"])
        assert (order.payer_id, order.note, order.items.count()) == (world.parent.pk, "Bez orzechów", 2)
        assert balance(world.parent) == Decimal("475.00") == ledger_sum(world.parent)
        assert AuditEntry.objects.filter(action="order.create", target_id=str(order.pk)).exists()


def test_given_a_worker_when_creating_for_themselves_then_201_but_not_for_a_colleague(world, tenant_a):
    monday = next_monday()
    body = create_body(world, monday, subject=("institution_worker", world.worker_user.pk))
    assert Api(tenant_a, world.worker_user).post("orders/create", body).status_code == 201

    colleague = make_user(tenant_a, ROLE_INSTITUTION_WORKER)
    before = counts(tenant_a)
    response = Api(tenant_a, colleague).post(
        "orders/create", create_body(world, monday + timedelta(1), subject=body_subject(body))
    )
    assert_error(response, 404, "Not found.")
    assert counts(tenant_a) == before


def body_subject(body) -> tuple[str, int]:
    return body["subjectType"], body["subjectId"]


@pytest.mark.parametrize("role", sorted(set(ROLES) - {ROLE_ADMIN, ROLE_INSTITUTION_WORKER}))
def test_given_a_role_without_orders_create_when_creating_then_forbidden_and_nothing_changes(world, tenant_a, role):
    before = counts(tenant_a)
    response = Api(tenant_a, make_user(tenant_a, role)).post("orders/create", create_body(world, next_monday()))
    assert_error(response, 403, "Forbidden.")
    assert counts(tenant_a) == before


def test_given_an_institutions_admin_with_orders_create_when_ordering_outside_their_institutions_then_404(
    world, tenant_a
):
    with in_tenant(tenant_a):
        other = make_world(tenant_a)
    manager = institutions_admin(tenant_a, other.institution, "orders_create")
    before = counts(tenant_a)
    assert_error(Api(tenant_a, manager).post("orders/create", create_body(world, next_monday())), 404, "Not found.")
    assert counts(tenant_a) == before
    assert Api(tenant_a, manager).post("orders/create", create_body(other, next_monday())).status_code == 201


def test_given_invalid_bodies_when_creating_then_400_and_nothing_stored(world, tenant_a):
    api = Api(tenant_a, admin(tenant_a))
    before = counts(tenant_a)
    assert_error(
        api.post("orders/create", {"subjectType": "dog", "subjectId": 1, "items": []}),
        400,
        "The given data was invalid.",
        {"subjectType": ['"dog" is not a valid choice.']},
    )
    assert_error(
        api.post("orders/create", {"subjectType": "child", "subjectId": world.child.pk, "items": []}),
        400,
        "The given data was invalid.",
        {"items": ["Choose at least one meal."]},
    )
    monday = next_monday()
    assert_error(
        api.post("orders/create", create_body(world, monday, monday)),
        400,
        "The given data was invalid.",
        {"items": ["A meal type is listed twice for the same day."]},
    )
    assert counts(tenant_a) == before


def test_given_meals_already_ordered_when_creating_again_then_409(world, tenant_a):
    monday = next_monday()
    api = Api(tenant_a, admin(tenant_a))
    assert api.post("orders/create", create_body(world, monday)).status_code == 201
    assert_error(
        api.post("orders/create", create_body(world, monday)),
        409,
        "These meals are already ordered.",
        {"items": ["These meals are already ordered."]},
    )


def test_given_the_same_idempotency_key_when_submitted_twice_then_the_same_order(world, tenant_a):
    api = Api(tenant_a, admin(tenant_a))
    body = create_body(world, next_monday(), key="submit-1")

    first, second = api.post("orders/create", body), api.post("orders/create", body)

    assert (first.status_code, second.status_code) == (201, 201)
    assert first.json()["id"] == second.json()["id"]
    with in_tenant(tenant_a):
        assert OrderItem.objects.count() == 1
        assert balance(world.parent) == Decimal("487.50")


def test_given_bulk_create_when_one_order_is_refused_then_none_is_stored(world, tenant_a):
    monday = next_monday()
    api = Api(tenant_a, admin(tenant_a))
    good = create_body(world, monday)
    stranger = create_body(world, monday, subject=("child", 999999))
    before = counts(tenant_a)

    assert_error(api.post("orders/bulkCreate", {"orders": [good, stranger]}), 404, "Not found.")
    assert counts(tenant_a) == before

    second = create_body(world, monday, subject=("child", world.child2.pk))
    response = api.post("orders/bulkCreate", {"orders": [good, second]})
    assert response.status_code == 201, response.content
    assert len(response.json()["ids"]) == 2


# Cancel -----------------------------------------------------------------------------------------------


def test_given_a_parent_before_the_cutoff_when_cancelling_an_item_then_refunded(world, tenant_a):
    monday = next_monday()
    order = child_order(tenant_a, world, monday, monday + timedelta(1))
    with in_tenant(tenant_a):
        item = order.items.order_by("date").first()

    response = Api(tenant_a, world.parent).post(f"orders/{order.pk}/items/{item.pk}/cancel")

    assert (response.status_code, response.json()) == (200, {"status": True})
    with in_tenant(tenant_a):
        item.refresh_from_db()
        assert item.status == OrderItem.Status.CANCELLED
        assert balance(world.parent) == Decimal("487.50") == ledger_sum(world.parent)


def test_given_the_cutoff_passed_when_a_parent_cancels_then_refused_and_an_admin_may(world, tenant_a):
    boss = admin(tenant_a)
    today = tenant_today()
    order = place(
        tenant_a, boss, "child", world.child.pk, [ItemRequest(today, world.catalog.lunch.pk)], staff_override=True
    )
    with in_tenant(tenant_a):
        item = order.items.get()
        money_before = balance(world.parent)

    response = Api(tenant_a, world.parent).post(f"orders/{order.pk}/cancel")

    assert response.status_code == 400 and response.json()["message"] == "Ordering for this day is closed."
    with in_tenant(tenant_a):
        item.refresh_from_db()
        assert item.status == OrderItem.Status.ACTIVE and balance(world.parent) == money_before
    assert Api(tenant_a, boss).post(f"orders/{order.pk}/cancel").status_code == 200
    with in_tenant(tenant_a):
        item.refresh_from_db()
        order.refresh_from_db()
        assert item.status == OrderItem.Status.CANCELLED and order.status == Order.Status.CANCELLED


def test_given_an_order_partly_past_the_cutoff_when_a_parent_cancels_then_the_open_days_go(world, tenant_a):
    boss = admin(tenant_a)
    today, monday = tenant_today(), next_monday()
    order = place(
        tenant_a,
        boss,
        "child",
        world.child.pk,
        [ItemRequest(today, world.catalog.lunch.pk), ItemRequest(monday, world.catalog.lunch.pk)],
        staff_override=True,
    )

    assert Api(tenant_a, world.parent).post(f"orders/{order.pk}/cancel").status_code == 200

    with in_tenant(tenant_a):
        statuses = dict(order.items.values_list("date", "status"))
    assert statuses == {today: "active", monday: "cancelled"}


def test_given_orders_of_two_families_when_bulk_cancelling_a_foreign_one_then_404_and_nothing_changes(world, tenant_a):
    monday = next_monday()
    own = child_order(tenant_a, world, monday)
    with in_tenant(tenant_a):
        other = make_world(tenant_a)
    foreign = child_order(tenant_a, other, monday)
    before = counts(tenant_a)

    assert_error(
        Api(tenant_a, world.parent).post("orders/bulkCancel", {"ordersIds": [own.pk, foreign.pk]}), 404, "Not found."
    )
    assert counts(tenant_a) == before
    response = Api(tenant_a, admin(tenant_a)).post("orders/bulkCancel", {"ordersIds": [own.pk, foreign.pk]})
    assert response.status_code == 200
    assert counts(tenant_a) == (2, 0, 2)


@pytest.mark.parametrize("role", [ROLE_COOK, ROLE_INSTITUTIONS_ADMIN])
def test_given_a_role_that_may_not_cancel_when_cancelling_then_forbidden(world, tenant_a, role):
    order = child_order(tenant_a, world, next_monday())
    user = make_user(tenant_a, role)
    assert_error(Api(tenant_a, user).post(f"orders/{order.pk}/cancel"), 403, "Forbidden.")
    assert counts(tenant_a) == (1, 1, 0)


def test_given_a_meal_type_over_a_range_when_cancelling_then_only_those_meals(world, tenant_a):
    monday = next_monday()
    child_order(tenant_a, world, monday, monday + timedelta(1), monday + timedelta(2))
    child_order(tenant_a, world, monday, meal_type=world.catalog.soup)

    response = Api(tenant_a, world.parent).post(
        "orders/cancelMealType",
        {
            "subjectType": "child",
            "subjectId": world.child.pk,
            "mealTypeId": world.catalog.lunch.pk,
            "dateFrom": monday.isoformat(),
            "dateTo": (monday + timedelta(1)).isoformat(),
        },
    )

    assert response.status_code == 200
    with in_tenant(tenant_a):
        active = set(OrderItem.objects.filter(status="active").values_list("date", "meal_type_id"))
    assert active == {(monday + timedelta(2), world.catalog.lunch.pk), (monday, world.catalog.soup.pk)}


# Update, remove, similar, prepaid ---------------------------------------------------------------------


def test_given_an_order_when_updating_then_removed_meals_are_cancelled_and_new_ones_placed(world, tenant_a):
    monday = next_monday()
    order = child_order(tenant_a, world, monday, monday + timedelta(1))
    body = create_body(world, monday + timedelta(1), monday + timedelta(2))
    body["items"].append({"date": monday.isoformat(), "mealTypeId": world.catalog.soup.pk})

    response = Api(tenant_a, admin(tenant_a)).put(f"orders/{order.pk}/update", body)

    assert response.status_code == 200, response.content
    live = {(row["date"], row["mealType"]["name"]) for row in response.json()["items"] if row["status"] == "active"}
    assert live == {
        ((monday + timedelta(1)).isoformat(), "Obiad"),
        ((monday + timedelta(2)).isoformat(), "Obiad"),
        (monday.isoformat(), "Zupa"),
    }
    assert response.json()["note"] == "Bez orzechów"
    with in_tenant(tenant_a):
        # 2 x 12.50 charged, 12.50 refunded, then 12.50 + 5.00 charged.
        assert balance(world.parent) == Decimal("470.00") == ledger_sum(world.parent)


def test_given_a_parent_when_updating_then_forbidden(world, tenant_a):
    order = child_order(tenant_a, world, next_monday())
    response = Api(tenant_a, world.parent).put(f"orders/{order.pk}/update", create_body(world, next_monday()))
    assert_error(response, 403, "Forbidden.")


def test_given_a_charged_order_when_removing_then_409_but_an_uncharged_one_goes(world, tenant_a):
    boss = admin(tenant_a)
    charged = child_order(tenant_a, world, next_monday())
    assert_error(
        Api(tenant_a, boss).delete(f"orders/{charged.pk}"),
        409,
        "An order with served or charged meals cannot be removed.",
    )
    with in_tenant(tenant_a):
        set_settings("fees", order_charge_time="in_order_day")
    uncharged = child_order(tenant_a, world, next_monday() + timedelta(1))

    assert_error(Api(tenant_a, world.parent).delete(f"orders/{uncharged.pk}"), 403, "Forbidden.")
    response = Api(tenant_a, boss).delete(f"orders/{uncharged.pk}")

    assert (response.status_code, response.json()) == (200, {"status": True})
    with in_tenant(tenant_a):
        assert not Order.objects.filter(pk=uncharged.pk).exists()
        assert Order.objects.filter(pk=charged.pk).exists()


def test_given_an_order_when_creating_similar_for_other_days_then_a_new_order_with_the_same_meals(world, tenant_a):
    monday = next_monday()
    source = child_order(tenant_a, world, monday)
    later = [monday + timedelta(7), monday + timedelta(8)]

    response = Api(tenant_a, admin(tenant_a)).post(
        f"orders/{source.pk}/createSimilar", {"dates": [day.isoformat() for day in later]}
    )

    assert response.status_code == 201, response.content
    with in_tenant(tenant_a):
        created = Order.objects.get(pk=response.json()["id"])
        assert created.pk != source.pk
        assert sorted(created.items.values_list("date", "meal_type_id", "child_id")) == [
            (day, world.catalog.lunch.pk, world.child.pk) for day in later
        ]


def test_given_prepaid_orders_are_off_when_a_parent_orders_prepaid_then_refused_and_on_then_a_month(world, tenant_a):
    month_day = next_monday() + timedelta(days=31)
    month = month_day.strftime("%Y-%m")
    body = {
        "subjectType": "child",
        "subjectId": world.child.pk,
        "month": month,
        "mealTypeIds": [world.catalog.lunch.pk],
    }
    with in_tenant(tenant_a):
        deposit(world.parent, "1000.00")
    before = counts(tenant_a)

    assert_error(
        Api(tenant_a, world.parent).post("orders/createPrepaidOrder", body), 403, "Prepaid orders are not allowed."
    )
    assert counts(tenant_a) == before

    with in_tenant(tenant_a):
        set_settings("presences_marking_config", allow_prepaid_orders=True)
    response = Api(tenant_a, world.parent).post("orders/createPrepaidOrder", body)

    assert response.status_code == 201, response.content
    with in_tenant(tenant_a):
        order = Order.objects.get(pk=response.json()["id"])
        days = list(order.items.values_list("date", flat=True))
        price_list = order.items.first().price_list_item.price_list
        assert price_list_has_prepaids(price_list)
    assert order.kind == Order.Kind.PREPAID
    assert days and all(day.strftime("%Y-%m") == month and day.weekday() < 5 for day in days)


def test_given_the_meal_hidden_on_wednesdays_when_a_month_is_prepaid_then_the_other_days_are_ordered(world, tenant_a):
    from kantyna.pricing.models import WEEKDAYS_PL, PriceListItem

    month_day = next_monday() + timedelta(days=31)
    month = month_day.strftime("%Y-%m")
    with in_tenant(tenant_a):
        deposit(world.parent, "1000.00")
        set_settings("presences_marking_config", allow_prepaid_orders=True)
        PriceListItem.objects.filter(
            meal_type=world.catalog.lunch, price_list__group__default_for_children=True
        ).update(hidden_weekdays=[WEEKDAYS_PL[2]])

    response = Api(tenant_a, world.parent).post(
        "orders/createPrepaidOrder",
        {"subjectType": "child", "subjectId": world.child.pk, "month": month, "mealTypeIds": [world.catalog.lunch.pk]},
    )

    assert response.status_code == 201, response.content
    with in_tenant(tenant_a):
        days = list(Order.objects.get(pk=response.json()["id"]).items.values_list("date", flat=True))
        assert balance(world.parent) == Decimal("1500.00") - Decimal("12.50") * len(days) == ledger_sum(world.parent)
    assert days and {day.weekday() for day in days} <= {0, 1, 3, 4}
    assert all(day.strftime("%Y-%m") == month for day in days)


# Counts -----------------------------------------------------------------------------------------------


def test_given_orders_when_counting_then_orders_and_meals_per_day(world, tenant_a):
    monday = next_monday()
    child_order(tenant_a, world, monday, monday + timedelta(1))
    child_order(tenant_a, world, monday, child=world.child2, meal_type=world.catalog.soup)
    api = Api(tenant_a, admin(tenant_a))

    assert api.post("orders/count", {}).json() == {"count": 2}
    assert api.post("orders/count", {"subjectType": "child", "subjectId": world.child2.pk}).json() == {"count": 1}
    days = api.post("orders/countGroupedByDates/search", {"dateFrom": monday.isoformat()}).json()
    assert days == [
        {
            "date": monday.isoformat(),
            "count": 2,
            "mealTypes": [
                {
                    "id": world.catalog.soup.pk,
                    "name": "Zupa",
                    "count": 1,
                    "diets": [{"id": world.catalog.standard.pk, "name": "Standardowa", "count": 1}],
                },
                {
                    "id": world.catalog.lunch.pk,
                    "name": "Obiad",
                    "count": 1,
                    "diets": [{"id": world.catalog.standard.pk, "name": "Standardowa", "count": 1}],
                },
            ],
        },
        {
            "date": (monday + timedelta(1)).isoformat(),
            "count": 1,
            "mealTypes": [
                {
                    "id": world.catalog.lunch.pk,
                    "name": "Obiad",
                    "count": 1,
                    "diets": [{"id": world.catalog.standard.pk, "name": "Standardowa", "count": 1}],
                },
            ],
        },
    ]


def test_given_a_childs_future_meals_when_counting_for_the_subject_then_active_ones_from_today(world, tenant_a):
    monday = next_monday()
    order = child_order(tenant_a, world, monday, monday + timedelta(1))
    with in_tenant(tenant_a):
        first = order.items.order_by("date").first()
    Api(tenant_a, world.parent).post(f"orders/{order.pk}/items/{first.pk}/cancel")

    api = Api(tenant_a, world.parent)
    assert api.get(f"orders/subjects/child/{world.child.pk}/count").json() == {"count": 1}
    page = api.get(f"orders/subjects/child/{world.child.pk}/orders").json()
    assert [row["id"] for row in page["items"]] == [order.pk]
    assert_error(
        Api(tenant_a, make_user(tenant_a)).get(f"orders/subjects/child/{world.child.pk}/count"), 404, "Not found."
    )


def test_details_query_count_does_not_grow_with_meals(world, tenant_a, django_assert_num_queries):
    monday = next_monday()
    api = Api(tenant_a, admin(tenant_a))
    small = child_order(tenant_a, world, monday)
    large = child_order(tenant_a, world, *(monday + timedelta(days) for days in range(1, 5)))
    # session (1) + order + its meals (prefetch)
    with django_assert_num_queries(3):
        assert len(api.get(f"orders/{small.pk}").json()["items"]) == 1
    with django_assert_num_queries(3):
        assert len(api.get(f"orders/{large.pk}").json()["items"]) == 4


def test_given_a_worker_when_reading_their_own_order_then_200_but_the_list_is_not_theirs(world, tenant_a):
    body = create_body(world, next_monday(), subject=("institution_worker", world.worker_user.pk))
    order_id = Api(tenant_a, world.worker_user).post("orders/create", body).json()["id"]

    response = Api(tenant_a, world.worker_user).get(f"orders/{order_id}")

    assert response.status_code == 200
    assert response.json()["items"][0]["subject"] == {
        "type": "institution_worker",
        "id": world.worker_user.pk,
        "name": world.worker_user.full_name,
        "institutionId": world.institution.pk,
        "institutionName": world.institution.name,
        "classroomName": None,
    }
    assert Api(tenant_a, world.worker_user).post(f"orders/{order_id}/cancel").status_code == 200
