"""Ordered vs released and the transport day, read in the database: cancelled meals are not ordered, releases of
several portion sizes add up, a day with releases only still shows, and the number of queries is fixed."""

from __future__ import annotations

from datetime import timedelta

import pytest

from kantyna.kitchen.models import DailyMealsRelease, KitchenMealsRelease
from kantyna.kitchen.selectors.releases import nearest_release_date, releases_grouped
from kantyna.kitchen.selectors.transport import transport_day
from kantyna.kitchen.tests.helpers import make_kitchen_world, make_route, meal, more_children
from kantyna.tenancy.services import in_tenant
from kantyna.testing.queries import capture_queries

pytestmark = pytest.mark.django_db


@pytest.fixture
def kw(tenant_a):
    with in_tenant(tenant_a):
        yield make_kitchen_world(tenant_a)


def test_given_orders_and_releases_when_grouping_then_live_orders_beside_releases_summed_over_portion_sizes(kw):
    c, w = kw.catalog, kw.world
    meal(kw, child=w.child)
    meal(kw, child=w.child2, status="served")
    meal(kw, worker=w.worker, status="cancelled")
    for portion, quantity in [(c.normal, 1), (c.small, 2)]:
        DailyMealsRelease.objects.create(
            date=kw.day,
            institution=w.institution,
            meal_type=c.lunch,
            diet=c.standard,
            portion_size=portion,
            quantity=quantity,
        )
    DailyMealsRelease.objects.create(
        date=kw.day, institution=kw.other_institution, meal_type=c.soup, diet=c.vegetarian, quantity=4
    )

    groups = releases_grouped(date_from=kw.day, date_to=kw.day)

    lines = {
        g.institution_id: (
            g.recorded,
            [(x.meal_type_id, x.diet_id, x.ordered, x.released, x.difference) for x in g.lines],
        )
        for g in groups
    }
    assert lines == {
        w.institution.pk: (True, [(c.lunch.pk, c.standard.pk, 2, 3, 1)]),
        kw.other_institution.pk: (True, [(c.soup.pk, c.vegetarian.pk, 0, 4, 4)]),
    }
    assert [g.institution_name for g in groups] == sorted(
        [w.institution.name, kw.other_institution.name], key=lambda name: name.casefold()
    )
    assert (
        releases_grouped(date_from=kw.day, date_to=kw.day, institution_ids=[kw.other_institution.pk])[0]
        .lines[0]
        .released
        == 4
    )
    assert nearest_release_date(before=kw.day + timedelta(days=3)) == kw.day
    assert nearest_release_date(before=kw.day) is None


def test_given_more_orders_when_grouping_then_five_queries(kw):
    meal(kw, child=kw.world.child)
    DailyMealsRelease.objects.create(
        date=kw.day, institution=kw.world.institution, meal_type=kw.catalog.lunch, diet=kw.catalog.standard, quantity=1
    )
    for child in more_children(kw, 20):
        meal(kw, child=child)
    with capture_queries() as queries:
        releases_grouped(date_from=kw.day, date_to=kw.day)
    assert len(queries) == 5


def test_given_routes_when_reading_the_transport_day_then_the_kitchens_stops_in_order_in_six_queries(kw):
    c, w = kw.catalog, kw.world
    meal(kw, child=w.child)
    meal(kw, child=w.child2, meal_type=c.soup)  # not this kitchen's: it prepares the lunch only
    meal(kw, child=kw.other_child)  # an institution the kitchen does not cook for
    first = make_route(kw, "R1", institutions=[kw.other_institution, w.institution])
    make_route(kw, "R2", institutions=[kw.other_institution])  # no stop of the kitchen's: not its route
    KitchenMealsRelease.objects.create(kitchen=kw.kitchen, date=kw.day, route_number=first)

    with capture_queries() as queries:
        day = transport_day(kitchen=kw.kitchen, date=kw.day)

    assert len(queries) == 6  # served institutions, routes, their stops, batches, counts, meal types
    assert [(r.number, r.release_id is not None, r.released_for_transport) for r in day.routes] == [("R1", True, False)]
    assert [(s.institution_id, [(m.id, m.portions) for m in s.meal_types]) for s in day.routes[0].stops] == [
        (w.institution.pk, [(c.lunch.pk, 1)])
    ]
    assert [(m.id, m.portions) for m in day.meal_types] == [(c.lunch.pk, 1)]
