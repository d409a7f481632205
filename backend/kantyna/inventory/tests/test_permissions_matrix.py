"""Every inventory endpoint x every persona (kantyna/testing/matrix.py): admins only (`inventory.manage`); everyone
else 403, anonymous 401; a refusal writes nothing, an admin's write does. Tenant A's token on B's host is 401, and
B's admin naming A's rows gets 404 (a path's id) or a field error (a body's or a query's id)."""

from __future__ import annotations

import pytest

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.inventory.api.urls import urlpatterns as inventory_urlpatterns
from kantyna.inventory.models import InventoryTurnover, StockMinimum
from kantyna.inventory.tests.helpers import income, make_inventory_world, meal
from kantyna.tenancy.services import in_tenant
from kantyna.testing.factories import make_user
from kantyna.testing.matrix import (
    ADMIN,
    Personas,
    Row,
    cross_tenant_test,
    persona_matrix_test,
    personas,
    route_coverage_test,
    routes_of,
)

pytestmark = pytest.mark.django_db

ADMINS = personas(ADMIN)


def delivery(ids):
    return {
        "kind": "income",
        "ingredientId": ids["flour"],
        "quantity": "500",
        "unitPrice": "3.20",
        "date": ids["day"],
        "supplier": "Młyn",
    }


ROWS = [
    Row("turnovers list", "GET", "inventoryTurnovers", ADMINS),
    Row("turnovers totals", "GET", "inventoryTurnovers/totals", ADMINS),
    Row("record a delivery", "POST", "inventoryTurnovers", ADMINS, body=delivery, ok=201, writes=True, foreign=400),
    Row("one turnover", "GET", "inventoryTurnovers/{turnover}", ADMINS),
    Row(
        "correct a turnover",
        "PUT",
        "inventoryTurnovers/{turnover}",
        ADMINS,
        body=lambda ids: {**delivery(ids), "quantity": "1500"},
        writes=True,
    ),
    Row(
        "void a turnover",
        "POST",
        "inventoryTurnovers/{turnover}/void",
        ADMINS,
        body={"reason": "Pomyłka", "allowNegative": True},
        writes=True,
    ),
    Row("stock levels", "GET", "inventory/stock?days=1", ADMINS),
    Row("set a minimum", "PUT", "inventory/stock/{flour}/minimum", ADMINS, body={"quantity": "2000"}, writes=True),
    Row("ingredients outcomes", "GET", "ingredients/outcomes?dateFrom={day}&dateTo={day}", ADMINS),
    Row(
        "book a day",
        "POST",
        "ingredients/outcomes/book",
        ADMINS,
        body=lambda ids: {"date": ids["day"], "kitchenId": ids["kitchen"], "allowNegative": True},
        writes=True,
        foreign=400,
    ),
]
FOREIGN_ROWS = [
    Row(
        "ingredients outcomes of a kitchen",
        "GET",
        "ingredients/outcomes?dateFrom={day}&dateTo={day}&kitchenId={kitchen}",
        ADMINS,
        foreign=400,
    ),
]


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        iw = make_inventory_world(tenant_a)
        meal(iw)
        turnover = income(iw, make_user(tenant_a, ROLE_ADMIN), iw.flour, "1000", "3.00")
        iw.ids = {"day": iw.day.isoformat(), "kitchen": iw.kitchen.pk, "flour": iw.flour.pk, "turnover": turnover.pk}
    return iw


def state(tenant):
    with in_tenant(tenant):
        return (
            list(InventoryTurnover.objects.order_by("pk").values_list("pk", "quantity", "voided_at", "ingredient_id")),
            list(StockMinimum.objects.values_list("ingredient_id", "quantity")),
        )


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS + FOREIGN_ROWS,
    state,
    people=lambda world: Personas(
        parent=world.world.parent, worker=world.world.worker_user, institutions=[world.world.institution]
    ),
)


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS, routes_of(inventory_urlpatterns), area="inventory"
)
test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS + FOREIGN_ROWS, state
)
