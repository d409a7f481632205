"""The kitchen's daily meals releases and transport x every persona (kantyna/testing/matrix.py): only admins record
daily meals releases; admins and cooks release batches for transport; everyone else 403, anonymous 401; a refusal
writes nothing. Tenant A's token on B's host is 401, and B's admin naming A's kitchen, institution or route gets a
field error (no such row there). Meals to prepare, to release and labels have their own tables."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from kantyna.kitchen.api import daily_releases, transport
from kantyna.kitchen.models import DailyMealsRelease, KitchenMealsRelease
from kantyna.kitchen.tests.helpers import make_kitchen_world, make_route, meal
from kantyna.ordering.models import OrderItem
from kantyna.tenancy.services import in_tenant
from kantyna.testing.matrix import (
    ADMIN,
    COOK,
    Personas,
    Row,
    cross_tenant_test,
    persona_matrix_test,
    personas,
    route_coverage_test,
    routes_of,
)

pytestmark = pytest.mark.django_db

RECORDERS = personas(ADMIN)
TRANSPORTERS = personas(ADMIN, COOK)


def release_row(ids: dict) -> dict:
    return {
        "date": ids["day"],
        "institutionId": ids["institution"],
        "mealTypeId": ids["soup"],
        "dietId": ids["diet"],
        "quantity": 3,
    }


def batch(route: str):
    return lambda ids: {"kitchenId": ids["kitchen"], "date": ids["day"], "routeNumberId": ids[route]}


ROWS = [
    Row("daily releases", "GET", "dailyMealsReleases", RECORDERS),
    Row("a daily release", "GET", "dailyMealsReleases/{release}", RECORDERS),
    Row(
        "update a daily release",
        "PUT",
        "dailyMealsReleases/{release}",
        RECORDERS,
        body=lambda ids: {**release_row(ids), "mealTypeId": ids["lunch"], "quantity": 9},
        writes=True,
    ),
    # PUT replaces a row; PATCH is no call of the spec: refused to everyone.
    Row(
        "patch a daily release", "PATCH", "dailyMealsReleases/{release}", personas(), body={"quantity": 1}, foreign=403
    ),
    Row("delete a daily release", "DELETE", "dailyMealsReleases/{release}", RECORDERS, writes=True),
    Row("ordered vs released", "GET", "dailyMealsReleases/grouped?date={day}", RECORDERS),
    Row("the nearest day's releases", "GET", "dailyMealsReleases/grouped/nearest?date={day}", RECORDERS),
]
# Another tenant's kitchen, institution or route ids are unknown on B: the query's or body's field error.
FOREIGN_ROWS = [
    Row(
        "record a daily release",
        "POST",
        "dailyMealsReleases",
        RECORDERS,
        body=release_row,
        ok=201,
        writes=True,
        foreign=400,
    ),
    Row(
        "replace a day's releases",
        "POST",
        "dailyMealsReleases/replace",
        RECORDERS,
        body=lambda ids: {
            "date": ids["day"],
            "institutionId": ids["institution"],
            "rows": [{"mealTypeId": ids["lunch"], "dietId": ids["diet"], "quantity": 2}],
        },
        ok=201,
        writes=True,
        foreign=400,
    ),
    Row(
        "create a batch",
        "POST",
        "kitchensMealsReleases",
        TRANSPORTERS,
        body=batch("route3"),
        ok=201,
        writes=True,
        foreign=400,
    ),
    Row(
        "release a batch for transport",
        "POST",
        "kitchensMealsReleases/markAsReleasedForTransport",
        TRANSPORTERS,
        body=batch("route2"),
        writes=True,
        foreign=400,
    ),
    Row(
        "undo a release for transport",
        "POST",
        "kitchensMealsReleases/markAsNotReleasedForTransport",
        TRANSPORTERS,
        body=batch("route1"),
        writes=True,
        foreign=400,
    ),
    Row(
        "delete a day's batches",
        "DELETE",
        "kitchensMealsReleases?kitchenId={kitchen}&date={day}&routeNumberId={route2}",
        TRANSPORTERS,
        writes=True,
        foreign=400,
    ),
    Row(
        "the transport day",
        "GET",
        "kitchensMealsReleases/transport?kitchenId={kitchen}&date={day}",
        TRANSPORTERS,
        foreign=400,
    ),
    Row(
        "route sheets",
        "GET",
        "kitchensMealsReleases/routeSheets/pdf?kitchenId={kitchen}&date={day}",
        TRANSPORTERS,
        foreign=400,
    ),
]


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        kw = make_kitchen_world(tenant_a)
        meal(kw, child=kw.world.child)
        meal(kw, child=kw.other_child)
        c = kw.catalog
        routes = [make_route(kw, f"R{number}", institutions=[kw.world.institution]) for number in (1, 2, 3)]
        KitchenMealsRelease.objects.create(
            kitchen=kw.kitchen, date=kw.day, route_number=routes[0], released_for_transport_at=timezone.now()
        )
        KitchenMealsRelease.objects.create(kitchen=kw.kitchen, date=kw.day, route_number=routes[1])
        release = DailyMealsRelease.objects.create(
            date=kw.day - timedelta(days=1),
            institution=kw.world.institution,
            meal_type=c.lunch,
            diet=c.standard,
            quantity=1,
        )
        kw.ids = {
            "day": kw.day.isoformat(),
            "kitchen": kw.kitchen.pk,
            "institution": kw.world.institution.pk,
            "lunch": c.lunch.pk,
            "soup": c.soup.pk,
            "diet": c.standard.pk,
            "release": release.pk,
            "route1": routes[0].pk,
            "route2": routes[1].pk,
            "route3": routes[2].pk,
        }
    return kw


def state(tenant):
    with in_tenant(tenant):
        return (
            list(OrderItem.objects.order_by("pk").values_list("pk", "status")),
            list(DailyMealsRelease.objects.order_by("pk").values_list("pk", "date", "meal_type_id", "quantity")),
            list(
                KitchenMealsRelease.objects.order_by("pk").values_list(
                    "pk", "route_number_id", "released_for_transport_at"
                )
            ),
        )


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS + FOREIGN_ROWS,
    state,
    people=lambda world: Personas(
        parent=world.world.parent, worker=world.world.worker_user, institutions=[world.world.institution]
    ),
)


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS + FOREIGN_ROWS,
    routes_of([*daily_releases.urlpatterns, *transport.urlpatterns]),
    area="kitchen (daily releases, transport)",
)
test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS + FOREIGN_ROWS, state
)
