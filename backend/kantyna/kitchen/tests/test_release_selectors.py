"""Meals to release, read straight from the selectors: live items per institution → group (classroom, worker
group, workers) → meal type → diet → portion size; the nested view with names and allergens; per dish, per date,
per day and the period's report; narrowed by dates, kitchen, institutions, meal types and reach."""

from __future__ import annotations

from datetime import timedelta

import pytest

from kantyna.catalog.models import Allergen
from kantyna.kitchen.selectors import release
from kantyna.kitchen.tests.helpers import make_kitchen_world, meal
from kantyna.people.models import InstitutionWorkersGroup
from kantyna.tenancy.services import in_tenant

pytestmark = pytest.mark.django_db


@pytest.fixture
def kw(tenant_a):
    with in_tenant(tenant_a):
        yield make_kitchen_world(tenant_a)


def scope(kw, *, days: int = 1, reach=None, **filters) -> release.Scope:
    return release.Scope(
        date_from=kw.day, date_to=kw.day + timedelta(days=days - 1), reachable_institution_ids=reach, **filters
    )


def flat(kw, **kwargs) -> list[tuple]:
    return [
        (
            row.institution.name,
            row.group.kind,
            row.group.name,
            row.meal_type.name,
            row.diet.name,
            row.portion_size.name,
            row.portions,
        )
        for row in release.release_rows(scope(kw, **kwargs))
    ]


def test_given_children_and_workers_then_rows_per_institution_classroom_or_workers_and_cancelled_ones_out(kw):
    w, c = kw.world, kw.catalog
    meal(kw, child=w.child)
    meal(kw, child=w.child2, status="served")
    meal(kw, child=w.child2, meal_type=c.soup, status="cancelled")
    meal(kw, worker=w.worker, portion=c.small)
    meal(kw, child=kw.other_child, diet=c.vegetarian)

    rows = flat(kw)

    place, other = w.institution.name, kw.other_institution.name
    classroom, other_classroom = w.classroom.name, kw.other_child.classroom.name
    # Institutions by name ("Szkoła 1..." before "Szkoła 9..."), classrooms before the workers without a group.
    assert rows == [
        (place, "classroom", classroom, "Obiad", "Standardowa", "Normalna", 2),
        (place, "workers", None, "Obiad", "Standardowa", "Mała", 1),
        (other, "classroom", other_classroom, "Obiad", "Wegetariańska", "Normalna", 1),
    ]


def test_given_a_worker_in_a_group_then_the_group_names_the_row(kw):
    w = kw.world
    group = InstitutionWorkersGroup.objects.create(name="Kuchnia szkolna", institution=w.institution)
    w.worker.group = group
    w.worker.save(update_fields=["group"])
    meal(kw, worker=w.worker)

    assert flat(kw) == [(w.institution.name, "workersGroup", "Kuchnia szkolna", "Obiad", "Standardowa", "Normalna", 1)]


def test_given_a_kitchen_meal_types_institutions_or_a_reach_then_only_theirs(kw):
    w, c = kw.world, kw.catalog
    meal(kw, child=w.child)
    meal(kw, child=w.child, meal_type=c.soup)
    meal(kw, child=kw.other_child)

    def portions(**kwargs):
        return sum(row[-1] for row in flat(kw, **kwargs))

    assert portions() == 3
    assert portions(kitchen_id=kw.kitchen.pk) == 1  # the world institution's lunch only
    assert portions(meal_type_ids=[c.soup.pk]) == 1
    assert portions(institution_ids=[kw.other_institution.pk]) == 1
    assert portions(reach={w.institution.pk}) == 2
    assert portions(reach={w.institution.pk}, institution_ids=[kw.other_institution.pk]) == 0
    assert portions(reach=set()) == 0


def test_given_the_nested_view_then_names_by_last_name_with_allergens_under_their_classroom(kw):
    w, c = kw.world, kw.catalog
    nuts = Allergen.objects.create(name="Orzechy", number=None)
    w.child2.allergies.set([nuts])
    w.worker.allergies.set([nuts])
    meal(kw, child=w.child)
    meal(kw, child=w.child2)
    meal(kw, child=w.child2, status="cancelled", meal_type=c.soup)
    meal(kw, worker=w.worker, diet=c.vegetarian)
    meal(kw, child=kw.other_child)

    result = release.nested_meals_to_release(scope(kw, institution_ids=[w.institution.pk]))

    assert (result.date, result.portions) == (kw.day, 3)
    (place,) = result.institutions
    assert (place.institution.id, place.portions) == (w.institution.pk, 3)
    classroom, workers = place.groups_in_order()
    assert (classroom.group.kind, classroom.group.name, classroom.portions) == ("classroom", w.classroom.name, 2)
    (lunch,) = classroom.meal_types_in_order()
    (standard,) = lunch.diets_in_order()
    receivers = [
        (r.kind, r.id, r.first_name, r.last_name, r.portion_size.name, r.portions, [a.name for a in r.allergens])
        for r in standard.receivers_in_order()
    ]
    assert receivers == [
        ("child", w.child2.pk, "Jan", "Nowak", "Normalna", 1, ["Orzechy"]),
        ("child", w.child.pk, "Ola", "Nowak", "Normalna", 1, []),
    ]
    assert (workers.group.kind, workers.portions) == ("workers", 1)
    (worker,) = workers.meal_types_in_order()[0].diets_in_order()[0].receivers_in_order()
    assert (worker.kind, worker.id, worker.allergens[0].name) == ("worker", w.worker.pk, "Orzechy")


def test_given_the_menu_then_grouped_by_dish_per_institution_and_one_meal_by_dates(kw):
    w, c, m = kw.world, kw.catalog, kw.meals
    meal(kw, child=w.child)
    meal(kw, child=w.child2, diet=c.vegetarian)
    meal(kw, child=kw.other_child)
    meal(kw, child=kw.other_child, day=kw.day + timedelta(days=1))  # no menu dish on the second day

    grouped = release.grouped_meals_to_release(scope(kw))
    by_dates = release.meal_by_dates(scope(kw, days=2), m["Pierogi ruskie"])

    mine = next(place for place in grouped if place.institution.id == w.institution.pk)
    assert [(dish.name, dish.portions) for dish in mine.dishes_in_order()] == [
        ("Kompot", 1),
        ("Naleśniki", 1),
        ("Pierogi ruskie", 1),
    ]
    assert (by_dates.portions, [(day.date, day.portions) for day in by_dates.dates]) == (2, [(kw.day, 2)])
    assert sorted(portions for _ref, portions in release.institutions_in_order(by_dates.dates[0])) == [1, 1]


def test_given_a_day_then_per_institution_the_summary_the_dishes_and_the_report(kw):
    w, c = kw.world, kw.catalog
    meal(kw, child=w.child)
    meal(kw, child=w.child, meal_type=c.soup, portion=c.small)
    meal(kw, worker=w.worker, status="cancelled")
    meal(kw, child=kw.other_child, day=kw.day + timedelta(days=1))

    day = release.day_by_institution(scope(kw))
    summary = release.day_summary(scope(kw))
    ordered = release.ordered_meals(scope(kw))
    report = release.release_report(scope(kw, days=2))

    assert [(d.institution.id, d.portions, [(m.name, m.portions) for m in d.meal_types]) for d in day] == [
        (w.institution.pk, 2, [("Zupa", 1), ("Obiad", 1)])
    ]
    assert [(s.meal_type.name, s.portions) for s in summary] == [("Zupa", 1), ("Obiad", 1)]
    assert ordered.portions == 2
    assert [(m.meal_type.name, m.name, m.portions) for m in ordered.meals] == [
        ("Zupa", "Żurek", 1),
        ("Obiad", "Kompot", 1),
        ("Obiad", "Pierogi ruskie", 1),
    ]
    assert [m.name for m in report.meal_types] == ["Zupa", "Obiad"]
    assert sorted((r.institution.id, r.date, r.by_meal_type, r.portions) for r in report.rows) == sorted(
        [
            (w.institution.pk, kw.day, [1, 1], 2),
            (kw.other_institution.pk, kw.day + timedelta(days=1), [0, 1], 1),
        ]
    )
    assert (report.totals, report.portions) == ([1, 2], 3)


def test_given_no_orders_then_everything_is_empty(kw):
    assert release.release_rows(scope(kw)) == []
    assert release.nested_meals_to_release(scope(kw)).institutions == []
    assert release.grouped_meals_to_release(scope(kw)) == []
    assert release.release_report(scope(kw)).rows == []
    assert release.ordered_meals(scope(kw)).meals == []
