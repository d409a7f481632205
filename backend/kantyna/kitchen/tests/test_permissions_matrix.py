"""Every kitchen endpoint x every persona (kantyna/testing/matrix.py): admins, institutions admins (their
institutions; no permission needed) and cooks read what to prepare; admins and institutions admins (not cooks:
the release names the receivers) what to release; everyone else 403, anonymous 401; nothing is
written. Tenant A's token on B's host is 401, and B's admin asking for A's kitchen gets a field error (no such
kitchen there)."""

from __future__ import annotations

import pytest

from kantyna.kitchen.api import prepare, release
from kantyna.kitchen.tests.helpers import make_kitchen_world, meal
from kantyna.ordering.models import OrderItem
from kantyna.tenancy.services import in_tenant
from kantyna.testing.matrix import (
    ADMIN,
    COOK,
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

PREPARERS = personas(ADMIN, IA, IA_WITHOUT, COOK)
ROWS = [
    Row("meals to prepare", "GET", "meals/mealsToPrepare?date={day}", PREPARERS),
    Row("meals to prepare as XLSX", "GET", "meals/mealsToPrepare/xlsx?date={day}", PREPARERS),
    Row("meals to prepare as PDF", "GET", "meals/mealsToPrepare/pdf?date={day}", PREPARERS),
]
RELEASERS = personas(ADMIN, IA, IA_WITHOUT)
RELEASE_ROWS = [
    Row("meals to release", "GET", "meals/mealsToRelease?date={day}", RELEASERS),
    Row("meals to release by dish", "GET", "meals/groupedMealsToRelease?date={day}", RELEASERS),
    Row("a meal to release by dates", "GET", "meals/{meal}/groupedByDatesMealsToRelease?date={day}", RELEASERS),
    Row("nested meals to release", "GET", "meals/nestedMealsToRelease?date={day}", RELEASERS),
    Row("release report", "GET", "meals/mealsToReleaseReport?date={day}", RELEASERS),
    Row("release report as XLSX", "GET", "meals/mealsToReleaseReport/xlsx?date={day}", RELEASERS),
    Row("release report as PDF", "GET", "meals/mealsToReleaseReport/pdf?date={day}", RELEASERS),
    # The day in the path is a date, not one of A's rows: B's admin gets B's day (empty).
    Row("a day to release", "GET", "orders/mealsToRelease/{day}", RELEASERS, foreign=200),
    Row("a day to release, summary", "GET", "orders/mealsToRelease/{day}/summary", RELEASERS, foreign=200),
    Row("dishes ordered", "GET", "orders/meals?date={day}", RELEASERS),
]
# Another tenant's kitchen id is unknown on B: the query's field error.
FOREIGN_ROWS = [
    Row("meals to prepare of a kitchen", "GET", "meals/mealsToPrepare?kitchenId={kitchen}", PREPARERS, foreign=400),
    Row("meals to release of a kitchen", "GET", "meals/mealsToRelease?kitchenId={kitchen}", RELEASERS, foreign=400),
    Row(
        "nested meals to release of a kitchen",
        "GET",
        "meals/nestedMealsToRelease?kitchenId={kitchen}",
        RELEASERS,
        foreign=400,
    ),
]


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        kw = make_kitchen_world(tenant_a)
        meal(kw, child=kw.world.child)
        meal(kw, child=kw.other_child)
        kw.ids = {"day": kw.day.isoformat(), "kitchen": kw.kitchen.pk, "meal": kw.meals["Pierogi ruskie"].pk}
    return kw


def state(tenant):
    with in_tenant(tenant):
        return list(OrderItem.objects.order_by("pk").values_list("pk", "status"))


test_given_each_persona_when_calling_then_the_expected_status_and_a_refusal_changes_nothing = persona_matrix_test(
    ROWS + RELEASE_ROWS + FOREIGN_ROWS,
    state,
    people=lambda world: Personas(
        parent=world.world.parent, worker=world.world.worker_user, institutions=[world.world.institution]
    ),
)


test_the_table_covers_every_route_and_method_of_the_area = route_coverage_test(
    ROWS + RELEASE_ROWS,
    routes_of([*prepare.urlpatterns, *release.urlpatterns]),
    area="kitchen (to prepare, to release)",
)
test_given_another_tenant_when_calling_then_401_its_rows_are_not_found_and_nothing_changes = cross_tenant_test(
    ROWS + RELEASE_ROWS + FOREIGN_ROWS, state
)
