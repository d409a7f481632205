"""The calendar marks a clashing meal (issue 30): a day and meal type whose dish contains one of the subject's
allergens carries `allergenClashes` ({mealTypeId, dishes, allergens}), read from the one clash rule; a safe meal and
one without a menu yet carry nothing (the calendar warns, it never claims safety). The same for the parent reading
their child and for the staff's calendar of several subjects."""

from __future__ import annotations

from datetime import timedelta

import pytest

from kantyna.catalog import services as catalog
from kantyna.core.permissions import ROLE_ADMIN
from kantyna.meals.services import meal_create
from kantyna.menus.services import meals_menu_create
from kantyna.ordering.tests.helpers import next_monday
from kantyna.tenancy.services import in_tenant
from kantyna.testing import Api, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def monday(world, tenant_a):
    """The child is allergic to gluten: Monday's lunch contains it (its soup does not), Tuesday's lunch is safe,
    Wednesday has no menu yet."""
    monday = next_monday()
    with in_tenant(tenant_a):
        gluten = catalog.allergen_create(actor=None, name="Gluten")
        milk = catalog.allergen_create(actor=None, name="Mleko")
        world.child.allergies.set([gluten])
        goulash = meal_create(actor=None, name="Gulasz z kaszą", allergens=[gluten, milk])
        soup = meal_create(actor=None, name="Pomidorowa", allergens=[milk])
        rice = meal_create(actor=None, name="Ryż z warzywami", allergens=[])
        meals_menu_create(
            actor=None,
            name="Tydzień",
            date_from=monday,
            date_to=monday + timedelta(days=4),
            institutions=[world.institution],
            diets=[world.catalog.standard],
            items=[
                (monday, world.catalog.lunch, goulash),
                (monday, world.catalog.soup, soup),
                (monday + timedelta(days=1), world.catalog.lunch, rice),
            ],
        )
    return monday


def clashes_by_day(days: list[dict]) -> dict[str, list]:
    return {day["date"]: day["allergenClashes"] for day in days}


def test_given_a_gluten_lunch_on_monday_when_the_parent_reads_the_childs_days_then_only_monday_lunch_is_marked(
    world, tenant_a, monday
):
    query = {"dateFrom": monday.isoformat(), "dateTo": (monday + timedelta(days=2)).isoformat()}

    response = Api(tenant_a, world.parent).get(f"calendar/days/child/{world.child.pk}", query)

    assert response.status_code == 200, response.content
    assert clashes_by_day(response.json()["days"]) == {
        monday.isoformat(): [
            {"mealTypeId": world.catalog.lunch.pk, "dishes": ["Gulasz z kaszą"], "allergens": ["Gluten"]}
        ],
        (monday + timedelta(days=1)).isoformat(): [],  # safe: nothing claimed
        (monday + timedelta(days=2)).isoformat(): [],  # no menu yet: nothing claimed
    }


def test_given_the_same_menu_when_staff_read_the_child_and_their_sibling_then_only_the_allergic_child_is_marked(
    world, tenant_a, monday
):
    with in_tenant(tenant_a):
        admin = make_user(tenant_a, ROLE_ADMIN)
    query = {
        "subjects": f"child:{world.child.pk},child:{world.child2.pk}",
        "dateFrom": monday.isoformat(),
        "dateTo": (monday + timedelta(days=2)).isoformat(),
    }

    response = Api(tenant_a, admin).get("calendar/days/subjects/month", query)

    assert response.status_code == 200, response.content
    allergic, sibling = (clashes_by_day(one["days"]) for one in response.json()["subjects"])
    assert allergic == {
        monday.isoformat(): [
            {"mealTypeId": world.catalog.lunch.pk, "dishes": ["Gulasz z kaszą"], "allergens": ["Gluten"]}
        ],
        (monday + timedelta(days=1)).isoformat(): [],
        (monday + timedelta(days=2)).isoformat(): [],
    }
    assert all(clashes == [] for clashes in sibling.values())


def test_the_day_call_carries_the_clash_as_the_month_does(world, tenant_a, monday):
    body = Api(tenant_a, world.parent).get(f"calendar/days/child/{world.child.pk}/{monday.isoformat()}").json()

    assert body["day"]["allergenClashes"] == [
        {"mealTypeId": world.catalog.lunch.pk, "dishes": ["Gulasz z kaszą"], "allergens": ["Gluten"]}
    ]
