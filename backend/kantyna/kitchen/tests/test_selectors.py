"""Meals to prepare, read straight from the selector: live orders counted per meal type → dish → diet → portion
size, the ingredients as grammage x portions, narrowed by dates, kitchen, institutions and reach."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from kantyna.kitchen.selectors.prepare import (
    diets_in_order,
    dishes_in_order,
    meals_to_prepare,
    portion_sizes_in_order,
)
from kantyna.kitchen.tests.helpers import make_kitchen_world, meal
from kantyna.tenancy.services import in_tenant

pytestmark = pytest.mark.django_db


@pytest.fixture
def kw(tenant_a):
    with in_tenant(tenant_a):
        yield make_kitchen_world(tenant_a)


def prepare(kw, *, days: int = 1, reach=None, **filters):
    return meals_to_prepare(
        date_from=kw.day, date_to=kw.day + timedelta(days=days - 1), reachable_institution_ids=reach, **filters
    )


def rows(result) -> list[tuple]:
    """(meal type, dish, diet, portion size, portions), in the answer's order."""
    return [
        (meal_type.name, dish.name, diet.name, size.name, size.portions)
        for meal_type in result.meal_types
        for dish in dishes_in_order(meal_type)
        for diet in diets_in_order(dish)
        for size in portion_sizes_in_order(diet)
    ]


def totals(result) -> dict[str, int]:
    return {meal_type.name: meal_type.portions for meal_type in result.meal_types}


def needs(result) -> list[tuple]:
    return [(need.name, need.unit, need.quantity) for need in result.ingredients]


def test_given_lunches_of_two_children_and_a_worker_then_three_portions_of_each_dish_of_the_menu(kw):
    w = kw.world
    meal(kw, child=w.child)
    meal(kw, child=w.child2)
    meal(kw, worker=w.worker)

    result = prepare(kw)

    assert result.portions == 3
    assert totals(result) == {"Obiad": 3}
    assert rows(result) == [
        ("Obiad", "Kompot", "Standardowa", "Normalna", 3),
        ("Obiad", "Pierogi ruskie", "Standardowa", "Normalna", 3),
    ]


def test_given_cancelled_and_served_meals_then_the_cancelled_are_left_out_and_the_served_counted(kw):
    w = kw.world
    meal(kw, child=w.child, status="cancelled")
    meal(kw, child=w.child, status="served")
    meal(kw, child=w.child2, status="cancelled")
    meal(kw, worker=w.worker)

    result = prepare(kw)

    assert result.portions == 2
    assert totals(result) == {"Obiad": 2}


def test_given_diets_and_portion_sizes_then_each_dish_splits_by_them(kw):
    w, c = kw.world, kw.catalog
    meal(kw, child=w.child, portion=c.small)
    meal(kw, child=w.child2, diet=c.vegetarian)
    meal(kw, worker=w.worker)
    meal(kw, child=w.child, meal_type=c.soup, diet=c.vegetarian, portion=c.small)

    result = prepare(kw)

    assert totals(result) == {"Zupa": 1, "Obiad": 3}
    assert rows(result) == [
        ("Zupa", "Żurek", "Wegetariańska", "Mała", 1),
        ("Obiad", "Kompot", "Standardowa", "Mała", 1),
        ("Obiad", "Kompot", "Standardowa", "Normalna", 1),
        ("Obiad", "Naleśniki", "Wegetariańska", "Normalna", 1),
        ("Obiad", "Pierogi ruskie", "Standardowa", "Mała", 1),
        ("Obiad", "Pierogi ruskie", "Standardowa", "Normalna", 1),
    ]


def test_given_portions_then_each_ingredient_is_its_grammage_times_the_portions_summed_over_dishes(kw):
    w, c = kw.world, kw.catalog
    meal(kw, child=w.child)  # pierogi 120 g flour, 50.5 g cheese; compote 1 apple
    meal(kw, worker=w.worker)  # the same
    meal(kw, child=w.child2, portion=c.small)  # pierogi 80 g flour (no cheese for small); compote: no grammage
    meal(kw, child=kw.other_child, diet=c.vegetarian)  # pancakes 70 g flour, 150 ml milk

    result = prepare(kw)

    assert needs(result) == [
        ("Jabłka", "szt.", Decimal("2.00")),
        ("Mąka", "g", Decimal("390.00")),
        ("Mleko", "ml", Decimal("150.00")),
        ("Ser biały", "g", Decimal("101.00")),
    ]


def test_given_a_day_without_a_menu_dish_then_its_portions_are_counted_without_a_dish_and_no_ingredients(kw):
    w, c = kw.world, kw.catalog
    meal(kw, child=w.child, meal_type=c.snack)

    result = prepare(kw)

    assert rows(result) == [("Podwieczorek", None, "Standardowa", "Normalna", 1)]
    assert result.ingredients == []


def test_given_a_range_then_its_days_add_up_each_with_its_own_menu_and_days_outside_are_left_out(kw):
    w = kw.world
    meal(kw, child=w.child)
    meal(kw, child=w.child, day=kw.day + timedelta(days=1))
    meal(kw, child=w.child, day=kw.day + timedelta(days=2))
    meal(kw, child=w.child, day=kw.day - timedelta(days=1))

    one_day, two_days = prepare(kw), prepare(kw, days=2)

    assert (one_day.portions, two_days.portions) == (1, 2)
    # The menu places dishes on the first day only: the second day's lunch is cooked without a menu dish.
    assert rows(two_days) == [
        ("Obiad", "Kompot", "Standardowa", "Normalna", 1),
        ("Obiad", "Pierogi ruskie", "Standardowa", "Normalna", 1),
        ("Obiad", None, "Standardowa", "Normalna", 1),
    ]
    assert (two_days.date_from, two_days.date_to) == (kw.day, kw.day + timedelta(days=1))


def test_given_a_kitchen_then_only_the_institutions_and_meal_types_it_prepares(kw):
    w, c = kw.world, kw.catalog
    meal(kw, child=w.child)
    meal(kw, child=w.child, meal_type=c.soup)
    meal(kw, child=kw.other_child)

    assert totals(prepare(kw)) == {"Zupa": 1, "Obiad": 2}
    assert totals(prepare(kw, kitchen_id=kw.kitchen.pk)) == {"Obiad": 1}


def test_given_institutions_or_a_reach_then_only_their_meals(kw):
    w = kw.world
    meal(kw, child=w.child)
    meal(kw, worker=w.worker)
    meal(kw, child=kw.other_child)

    assert prepare(kw, institution_ids=[kw.other_institution.pk]).portions == 1
    assert prepare(kw, reach={w.institution.pk}).portions == 2
    assert prepare(kw, reach={w.institution.pk}, institution_ids=[kw.other_institution.pk]).portions == 0
    assert prepare(kw, reach=set()).portions == 0


def test_given_no_orders_then_nothing_to_prepare(kw):
    result = prepare(kw)

    assert (result.portions, result.meal_types, result.ingredients) == (0, [], [])
