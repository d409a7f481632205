"""Every labels endpoint x every persona (kantyna/testing/matrix.py): admins and institutions admins (their
institutions; no permission needed) print labels; cooks, who see counts but not names and allergies, and everyone
else get 403, anonymous 401; nothing is written. Tenant A's token on B's host is 401; B's admin asking for A's kitchen
gets a field error (no such kitchen there) and printing A's order items finds nothing to label."""

from __future__ import annotations

import pytest

from kantyna.kitchen.api import labels
from kantyna.kitchen.tests.helpers import make_kitchen_world, meal
from kantyna.ordering.models import OrderItem
from kantyna.tenancy.services import in_tenant
from kantyna.testing.matrix import (
    ADMIN,
    IA,
    IA_WITHOUT,
    Personas,
    Row,
    cross_tenant_test,
    persona_matrix_test,
    personas,
    route_coverage_test,
    routes_of,
)

pytestmark = pytest.mark.django_db

LABELLERS = personas(ADMIN, IA, IA_WITHOUT)
ROWS = [
    Row("label sheets", "GET", "orders/labels/layouts", LABELLERS),
    Row("receivers for labels", "GET", "orders/getUsersForLabels?date={day}", LABELLERS),
    Row("print labels", "POST", "orders/printLabels", LABELLERS, body=lambda ids: {"date": ids["day"]}),
]
FOREIGN_ROWS = [
    Row(
        "print the labels of chosen items",
        "POST",
        "orders/labels/print",
        LABELLERS,
        body=lambda ids: {"itemsIds": [ids["item"]], "layout": "2x7"},
        foreign=400,
    ),
    Row("receivers of a kitchen", "GET", "orders/getUsersForLabels?kitchenId={kitchen}", LABELLERS, foreign=400),
]


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        kw = make_kitchen_world(tenant_a)
        item = meal(kw, child=kw.world.child)
        meal(kw, child=kw.other_child)
        kw.ids = {"day": kw.day.isoformat(), "kitchen": kw.kitchen.pk, "item": item.pk}
    return kw


def state(tenant):
    with in_tenant(tenant):
        return list(OrderItem.objects.order_by("pk").values_list("pk", "status"))


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS + FOREIGN_ROWS,
    state,
    people=lambda world: Personas(
        parent=world.world.parent, worker=world.world.worker_user, institutions=[world.world.institution]
    ),
)


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS + FOREIGN_ROWS, routes_of(labels.urlpatterns), area="kitchen (labels)"
)
test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS + FOREIGN_ROWS, state
)
