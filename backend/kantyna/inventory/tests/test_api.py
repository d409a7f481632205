"""The inventory API: a delivery and an issue recorded and listed (20 a page, filters, totals, a flat number of
queries), the form's refusals field by field, the below-zero refusal and its confirmation, a void, no DELETE, stock
levels with a minimum, and ingredients' outcomes with the day's booking."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.inventory import services
from kantyna.inventory.models import InventoryTurnover
from kantyna.inventory.tests.helpers import income, make_inventory_world, meal, outcome
from kantyna.logistics.models import Kitchen
from kantyna.meals.models import Ingredient
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api
from kantyna.testing.factories import make_user
from kantyna.testing.queries import capture_queries

pytestmark = pytest.mark.django_db


@pytest.fixture
def iw(tenant_a):
    with in_tenant(tenant_a):
        yield make_inventory_world(tenant_a)


@pytest.fixture
def admin(tenant_a):
    return make_user(tenant_a, ROLE_ADMIN)


@pytest.fixture
def api(tenant_a, admin):
    return Api(tenant_a, admin)


def test_given_a_delivery_when_recorded_then_201_with_its_id_and_its_net_value(api, iw):
    response = api.post(
        "inventoryTurnovers",
        {
            "kind": "income",
            "ingredientId": iw.milk.pk,
            "quantity": "2500",
            "unitPrice": "3.49",
            "date": iw.day.isoformat(),
            "supplier": "Mleczarnia",
            "documentNumber": "FV 12/11",
        },
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert body["id"] == InventoryTurnover.objects.get().pk
    assert body["ingredient"] == {"id": iw.milk.pk, "name": "Mleko", "unit": "ml", "priceUnit": "l"}
    assert body["kitchen"] == {"id": iw.kitchen.pk, "name": "Kuchnia Główna"}
    assert (body["quantity"], body["unitPrice"], body["netValue"]) == ("2500.000", "3.49", "8.73")


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"kind": "income", "quantity": "10"}, {"unitPrice": ["Enter the net unit price."]}),
        ({"kind": "outcome", "quantity": "10"}, {"reason": ["Choose why the stock goes out."]}),
        (
            {"kind": "income", "quantity": "0", "unitPrice": "1.00"},
            {"quantity": ["Ensure this value is greater than or equal to 0.001."]},
        ),
        (
            {"kind": "income", "quantity": "10", "unitPrice": "1.005"},
            {"unitPrice": ["Enter at most two decimal places."]},
        ),
    ],
)
def test_given_a_faulty_form_then_400_names_the_field_and_nothing_is_stored(api, iw, body, errors):
    response = api.post("inventoryTurnovers", {"ingredientId": iw.flour.pk, "date": iw.day.isoformat(), **body})

    assert response.status_code == 400, response.content
    assert {key: value for key, value in response.json()["errors"].items() if key in errors} == errors
    assert not InventoryTurnover.objects.exists()


def test_given_a_net_value_too_large_to_store_when_recorded_or_corrected_then_400_and_nothing_changes(api, iw, admin):
    delivery = income(iw, admin, iw.apples, "10", "1.20")
    body = {
        "kind": "income",
        "ingredientId": iw.apples.pk,
        "quantity": "99999999.999",
        "unitPrice": "10000.00",
        "date": iw.day.isoformat(),
    }

    created = api.post("inventoryTurnovers", body)
    corrected = api.put(f"inventoryTurnovers/{delivery.pk}", body)

    for response in (created, corrected):
        assert response.status_code == 400, response.content
        assert response.json()["errors"] == {
            "quantity": ["The net value of this delivery is too large: check the quantity and the unit price."]
        }
    assert list(InventoryTurnover.objects.values_list("pk", "quantity", "net_value")) == [
        (delivery.pk, Decimal("10.000"), Decimal("12.00"))
    ]


@pytest.mark.parametrize("change", ["ingredient", "kitchen", "date"])
def test_given_a_booked_days_row_when_its_ingredient_kitchen_or_date_is_changed_then_400_and_nothing_changes(
    api, iw, admin, change
):
    meal(iw, child=iw.world.child)
    services.day_book(actor=admin, day=iw.day, kitchen=iw.kitchen, allow_negative=True)
    booked = InventoryTurnover.objects.get(booked_for=iw.day, ingredient=iw.flour)
    other_kitchen = Kitchen.objects.create(name="Kuchnia Druga")
    body = {
        "kind": "outcome",
        "reason": "production",
        "ingredientId": iw.flour.pk,
        "kitchenId": iw.kitchen.pk,
        "quantity": "150",
        "date": iw.day.isoformat(),
        "allowNegative": True,
    }
    body.update(
        {
            "ingredient": {"ingredientId": iw.milk.pk},
            "kitchen": {"kitchenId": other_kitchen.pk},
            "date": {"date": (iw.day + timedelta(days=1)).isoformat()},
        }[change]
    )

    refused = api.put(f"inventoryTurnovers/{booked.pk}", body)
    quantity_only = api.put(f"inventoryTurnovers/{booked.pk}", {**body, **{
        "ingredientId": iw.flour.pk, "kitchenId": iw.kitchen.pk, "date": iw.day.isoformat()}})  # fmt: skip

    assert refused.status_code == 400, refused.content
    assert refused.json()["errors"] == {
        f"{change}Id" if change != "date" else "date": [
            "A booked day's consumption keeps its ingredient, kitchen and date: only the quantity can be corrected."
        ]
    }
    assert quantity_only.status_code == 200, quantity_only.content
    booked.refresh_from_db()
    assert (booked.ingredient_id, booked.kitchen_id, booked.date, booked.quantity) == (
        iw.flour.pk,
        iw.kitchen.pk,
        iw.day,
        Decimal("150.000"),
    )


def test_given_an_outcome_above_the_stock_then_409_names_the_shortage_until_confirmed(api, iw, admin):
    income(iw, admin, iw.apples, "3", "1.20")
    body = {
        "kind": "outcome",
        "reason": "waste",
        "ingredientId": iw.apples.pk,
        "quantity": "5",
        "date": iw.day.isoformat(),
    }

    refused = api.post("inventoryTurnovers", body)
    confirmed = api.post("inventoryTurnovers", {**body, "allowNegative": True})

    assert refused.status_code == 409, refused.content
    assert (
        refused.json()["message"] == "The stock would fall below zero: Jabłka (-2 szt.). Confirm to record it anyway."
    )
    assert refused.json()["shortages"] == [
        {"ingredientId": iw.apples.pk, "name": "Jabłka", "unit": "szt.", "stock": "-2.000"}
    ]
    assert confirmed.status_code == 201, confirmed.content
    assert InventoryTurnover.objects.filter(kind="outcome").count() == 1


def test_given_many_rows_then_the_list_pages_by_20_filters_and_keeps_its_queries_flat(api, iw, admin):
    income(iw, admin, iw.flour, "1000", "3.00")
    outcome(iw, admin, iw.flour, "100", date=iw.day)
    api.get("inventoryTurnovers")  # warm the per-process caches
    with capture_queries() as few:
        assert api.get("inventoryTurnovers").status_code == 200
    for _ in range(24):
        income(iw, admin, iw.milk, "100", "4.00")

    with capture_queries() as many:
        response = api.get("inventoryTurnovers")
    filtered = api.get(
        "inventoryTurnovers", {"kind": "outcome", "ingredientId": iw.flour.pk, "dateFrom": iw.day.isoformat()}
    )
    totals = api.get("inventoryTurnovers/totals", {"ingredientId": iw.milk.pk})

    assert len(many) == len(few), many
    assert (len(response.json()["items"]), response.json()["total"]) == (20, 26)
    assert [(row["kind"], row["reason"], row["quantity"]) for row in filtered.json()["items"]] == [
        ("outcome", "waste", "100.000")
    ]
    assert totals.json() == {"count": 24, "netValue": "9.60", "quantity": "2400.000", "unit": "ml"}


def test_given_a_void_then_the_row_stays_listed_out_of_the_stock_and_delete_is_not_offered(api, iw, admin):
    delivery = income(iw, admin, iw.flour, "1000", "3.00")

    voided = api.post(f"inventoryTurnovers/{delivery.pk}/void", {"reason": "Błędna faktura"})
    deleted = api.delete(f"inventoryTurnovers/{delivery.pk}")
    edited = api.put(
        f"inventoryTurnovers/{delivery.pk}",
        {
            "kind": "income",
            "ingredientId": iw.flour.pk,
            "quantity": "5",
            "unitPrice": "1.00",
            "date": iw.day.isoformat(),
        },
    )
    stock = api.get("inventory/stock", {"kitchenId": iw.kitchen.pk})

    assert voided.status_code == 200, voided.content
    assert voided.json()["voidReason"] == "Błędna faktura" and voided.json()["voidedAt"]
    assert deleted.status_code == 405
    assert edited.status_code == 409
    assert InventoryTurnover.objects.filter(pk=delivery.pk).exists()
    flour = next(row for row in stock.json() if row["id"] == iw.flour.pk)
    assert (flour["stock"], flour["incomes"]) == ("0.000", "0.000")


def test_given_a_minimum_then_the_stock_view_shows_low_ingredients_only_when_asked(api, iw, admin):
    income(iw, admin, iw.flour, "500", "3.00")
    income(iw, admin, iw.milk, "5000", "4.00")

    assert api.put(f"inventory/stock/{iw.flour.pk}/minimum", {"quantity": "1000"}).status_code == 200
    low = api.get("inventory/stock", {"low": "true"})

    assert low.status_code == 200, low.content
    assert [(row["name"], row["stock"], row["minimum"], row["toOrder"], row["value"]) for row in low.json()] == [
        ("Mąka", "500.000", "1000.000", "500.000", "1.50")
    ]


def test_given_a_period_then_outcomes_compare_orders_and_booking_twice_books_once(api, iw, admin):
    meal(iw)
    income(iw, admin, iw.flour, "1000", "3.00")
    income(iw, admin, iw.milk, "1000", "4.00")
    income(iw, admin, iw.apples, "10", "1.00")
    period = {
        "dateFrom": iw.day.isoformat(),
        "dateTo": (iw.day + timedelta(days=2)).isoformat(),
        "kitchenId": iw.kitchen.pk,
    }

    first = api.post("ingredients/outcomes/book", {"date": iw.day.isoformat(), "kitchenId": iw.kitchen.pk})
    second = api.post("ingredients/outcomes/book", {"date": iw.day.isoformat(), "kitchenId": iw.kitchen.pk})
    outcomes = api.get("ingredients/outcomes", period)

    assert first.json() == {"created": 3, "updated": 0, "voided": 0, "unchanged": 0}
    assert second.json() == {"created": 0, "updated": 0, "voided": 0, "unchanged": 3}
    body = outcomes.json()
    assert body["bookedDays"] == [iw.day.isoformat()]
    assert [(row["name"], row["needed"], row["booked"], row["stock"]) for row in body["ingredients"]] == [
        ("Jabłka", "1.000", "1.000", "9.000"),
        ("Mąka", "70.000", "70.000", "930.000"),
        ("Mleko", "150.000", "150.000", "850.000"),
    ]


def test_given_a_range_too_long_then_400(api, iw):
    response = api.get(
        "ingredients/outcomes", {"dateFrom": iw.day.isoformat(), "dateTo": (iw.day + timedelta(days=62)).isoformat()}
    )

    assert response.status_code == 400
    assert response.json()["errors"] == {"dateTo": ["Choose at most 62 days."]}


def test_given_more_ingredients_and_rows_then_the_stock_view_keeps_its_queries(api, iw, admin):
    income(iw, admin, iw.flour, "1000", "3.00")
    api.get("inventory/stock")  # warm the per-process caches
    with capture_queries() as few:
        assert api.get("inventory/stock").status_code == 200
    for number in range(10):
        ingredient = Ingredient.objects.create(name=f"Składnik {number}", unit="g")
        income(iw, admin, ingredient, "100", "1.00")
        outcome(iw, admin, ingredient, "10")

    with capture_queries() as many:
        response = api.get("inventory/stock")

    assert len(many) == len(few), many
    assert len(response.json()) == 13
