"""The one clash rule (issue 30): the dish a receiver will actually get (their institution's menu cell of the day,
meal type and diet) contains one of their allergens, directly or through the allergen's group; a cell without a
dish is "no menu yet", never safe. For a receiver over days (`subject_verdicts`) and for a day in bulk
(`day_verdicts`, `day_clashes`) in a constant number of queries."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kantyna.catalog import services as catalog
from kantyna.logistics.models import Kitchen, KitchenInstitutionMealType
from kantyna.meals.models import Meal
from kantyna.meals.services import meal_create
from kantyna.menus.services import meals_menu_create
from kantyna.ordering.selectors.clashes import (
    CLASH,
    NO_MENU,
    SAFE,
    day_clashes,
    day_verdicts,
    subject_verdicts,
)
from kantyna.ordering.services.items import ItemRequest
from kantyna.ordering.tests.helpers import next_monday, place
from kantyna.people.models import Child
from kantyna.tenancy.services import in_tenant
from kantyna.testing.queries import assert_num_queries
from kantyna.testing.world import deposit, make_family, make_institution_with_classroom, make_world

pytestmark = pytest.mark.django_db


class Clashes:
    """A world with a gluten lunch on Monday for the standard diet and a gluten-free one for the vegetarian diet."""

    def __init__(self, tenant):
        self.tenant = tenant
        self.world = w = make_world(tenant)
        self.monday = next_monday()
        self.cereals = catalog.allergen_group_create(actor=None, name="Zboża zawierające gluten")
        self.gluten = catalog.allergen_create(actor=None, name="Gluten", group=self.cereals)
        self.barley = catalog.allergen_create(actor=None, name="Jęczmień", group=self.cereals)
        self.milk = catalog.allergen_create(actor=None, name="Mleko")
        self.eggs = catalog.allergen_create(actor=None, name="Jaja")
        self.goulash = meal_create(actor=None, name="Gulasz z kaszą jęczmienną", allergens=[self.gluten])
        self.compote = meal_create(actor=None, name="Kompot", allergens=[])
        self.rice = meal_create(actor=None, name="Gulasz z ryżem", allergens=[])
        self.menu = meals_menu_create(
            actor=None,
            name="Listopad",
            date_from=self.monday,
            date_to=self.monday + timedelta(days=4),
            institutions=[w.institution],
            diets=[w.catalog.standard],
            items=[(self.monday, w.catalog.lunch, self.goulash), (self.monday, w.catalog.lunch, self.compote)],
        )
        self.gluten_free_menu = meals_menu_create(
            actor=None,
            name="Listopad bez glutenu",
            date_from=self.monday,
            date_to=self.monday,
            institutions=[w.institution],
            diets=[w.catalog.vegetarian],
            items=[(self.monday, w.catalog.lunch, self.rice)],
        )

    def lunch(self, child: Child, day=None, **request):
        place(
            self.tenant,
            self.world.parent if child.parent_id == self.world.parent.pk else child.parent,
            "child",
            child.pk,
            [ItemRequest(day or self.monday, self.world.catalog.lunch.pk, **request)],
        )


@pytest.fixture
def clashes(tenant_a):
    with in_tenant(tenant_a):
        yield Clashes(tenant_a)


def test_a_gluten_allergic_child_clashes_with_the_gluten_dish_of_their_lunch(clashes):
    w = clashes.world
    w.child.allergies.set([clashes.gluten])
    clashes.lunch(w.child)

    verdicts = subject_verdicts(
        child_id=w.child.pk,
        date_from=clashes.monday,
        date_to=clashes.monday + timedelta(days=1),
        meal_type_ids=[w.catalog.lunch.pk, w.catalog.soup.pk],
    )

    lunch = verdicts[(clashes.monday, w.catalog.lunch.pk)]
    assert lunch.state == CLASH
    assert [dish.name for dish in lunch.dishes] == ["Gulasz z kaszą jęczmienną", "Kompot"]
    assert lunch.dish_names == ["Gulasz z kaszą jęczmienną"]
    assert lunch.allergen_names == ["Gluten"]
    assert lunch.as_json() == {"dishes": ["Gulasz z kaszą jęczmienną"], "allergens": ["Gluten"]}
    # No soup on the menu, nothing on Tuesday's lunch: no menu yet, not safe.
    assert verdicts[(clashes.monday, w.catalog.soup.pk)].state == NO_MENU
    assert verdicts[(clashes.monday + timedelta(days=1), w.catalog.lunch.pk)].state == NO_MENU
    assert verdicts[(clashes.monday + timedelta(days=1), w.catalog.lunch.pk)].as_json() is None
    assert len(verdicts) == 4


def test_a_child_without_the_allergen_is_safe_and_a_worker_is_judged_alike(clashes):
    w = clashes.world
    w.child2.allergies.set([clashes.milk])
    w.worker.allergies.set([clashes.gluten])

    child = subject_verdicts(
        child_id=w.child2.pk, date_from=clashes.monday, date_to=clashes.monday, meal_type_ids=[w.catalog.lunch.pk]
    )
    worker = subject_verdicts(
        worker_id=w.worker.pk, date_from=clashes.monday, date_to=clashes.monday, meal_type_ids=[w.catalog.lunch.pk]
    )

    assert child[(clashes.monday, w.catalog.lunch.pk)].state == SAFE
    assert child[(clashes.monday, w.catalog.lunch.pk)].clashes == ()
    assert worker[(clashes.monday, w.catalog.lunch.pk)].allergen_names == ["Gluten"]


def test_an_allergen_of_the_same_group_clashes_and_one_without_a_group_matches_only_itself(clashes):
    w = clashes.world
    # The child is recorded allergic to barley; the dish says gluten: both are cereals containing gluten.
    w.child.allergies.set([clashes.barley])
    w.child2.allergies.set([clashes.eggs])
    clashes.goulash.allergens.add(clashes.milk)

    barley = subject_verdicts(
        child_id=w.child.pk, date_from=clashes.monday, date_to=clashes.monday, meal_type_ids=[w.catalog.lunch.pk]
    )[(clashes.monday, w.catalog.lunch.pk)]
    eggs = subject_verdicts(
        child_id=w.child2.pk, date_from=clashes.monday, date_to=clashes.monday, meal_type_ids=[w.catalog.lunch.pk]
    )[(clashes.monday, w.catalog.lunch.pk)]

    assert barley.state == CLASH
    assert barley.allergen_names == ["Gluten"]  # the dish's allergen, as the dish names it
    assert eggs.state == SAFE  # eggs and milk: neither in a group, different allergens


def test_the_diets_menu_decides_and_an_ordered_items_diet_wins_over_the_childs_diet_now(clashes):
    w = clashes.world
    w.child.allergies.set([clashes.gluten])
    w.child2.allergies.set([clashes.gluten])
    Child.objects.filter(pk=w.child2.pk).update(diet=w.catalog.vegetarian)
    clashes.lunch(w.child)  # ordered on the standard diet
    Child.objects.filter(pk=w.child.pk).update(diet=w.catalog.vegetarian)  # the child's diet changed since

    ordered = subject_verdicts(
        child_id=w.child.pk, date_from=clashes.monday, date_to=clashes.monday, meal_type_ids=[w.catalog.lunch.pk]
    )[(clashes.monday, w.catalog.lunch.pk)]
    not_ordered = subject_verdicts(
        child_id=w.child2.pk, date_from=clashes.monday, date_to=clashes.monday, meal_type_ids=[w.catalog.lunch.pk]
    )[(clashes.monday, w.catalog.lunch.pk)]

    assert ordered.state == CLASH  # the kitchen cooks the ordered standard lunch: the goulash
    assert not_ordered.state == SAFE
    assert [dish.name for dish in not_ordered.dishes] == ["Gulasz z ryżem"]


def test_every_menu_covering_the_cell_contributes_its_dishes(clashes):
    w = clashes.world
    w.child.allergies.set([clashes.eggs])
    pancakes = meal_create(actor=None, name="Naleśniki", allergens=[clashes.eggs])
    meals_menu_create(
        actor=None,
        name="Dodatek szkoły",
        date_from=clashes.monday,
        date_to=clashes.monday,
        institutions=[w.institution],
        diets=[w.catalog.standard],
        items=[(clashes.monday, w.catalog.lunch, pancakes), (clashes.monday, w.catalog.lunch, clashes.compote)],
    )

    lunch = subject_verdicts(
        child_id=w.child.pk, date_from=clashes.monday, date_to=clashes.monday, meal_type_ids=[w.catalog.lunch.pk]
    )[(clashes.monday, w.catalog.lunch.pk)]

    assert sorted(dish.name for dish in lunch.dishes) == ["Gulasz z kaszą jęczmienną", "Kompot", "Naleśniki"]
    assert lunch.dish_names == ["Naleśniki"]


def test_default_meal_types_leave_out_those_switched_off_at_the_institution(clashes):
    w = clashes.world
    catalog_setting = w.catalog.snack.institution_settings.create(institution=w.institution, is_available=False)
    assert catalog_setting.pk

    verdicts = subject_verdicts(child_id=w.child.pk, date_from=clashes.monday, date_to=clashes.monday)

    assert {meal_type for _day, meal_type in verdicts} == {w.catalog.soup.pk, w.catalog.lunch.pk}


def test_the_days_clashes_in_bulk_name_the_child_classroom_dish_and_allergens(clashes):
    w = clashes.world
    w.child.allergies.set([clashes.gluten, clashes.milk])
    w.worker.allergies.set([clashes.eggs])
    clashes.lunch(w.child)
    clashes.lunch(w.child2)
    place(
        clashes.tenant,
        w.worker_user,
        "institution_worker",
        w.worker_user.pk,
        [ItemRequest(clashes.monday, w.catalog.lunch.pk)],
    )
    clashes.lunch(w.child, day=clashes.monday + timedelta(days=1))  # no menu that day

    verdicts = day_verdicts(day=clashes.monday, institution_ids={w.institution.pk})
    found = day_clashes(day=clashes.monday, institution_ids={w.institution.pk})

    assert sorted((one.name, one.verdict.state) for one in verdicts) == [
        ("Jan Nowak", SAFE),
        ("Ola Nowak", CLASH),
        (f"{w.worker_user.first_name} {w.worker_user.last_name}".strip(), SAFE),
    ]
    (clash,) = found
    assert (clash.child_id, clash.worker_id) == (w.child.pk, None)
    assert clash.institution == {"id": w.institution.pk, "name": w.institution.name}
    assert clash.classroom == {"id": w.classroom.pk, "name": w.classroom.name}
    assert clash.meal_type == {"id": w.catalog.lunch.pk, "name": "Obiad"}
    assert clash.verdict.as_json() == {"dishes": ["Gulasz z kaszą jęczmienną"], "allergens": ["Gluten"]}
    tuesday = day_verdicts(day=clashes.monday + timedelta(days=1))
    assert [(one.child_id, one.verdict.state) for one in tuesday] == [(w.child.pk, NO_MENU)]


def test_a_kitchens_clashes_are_those_of_its_institutions_and_meal_types(clashes):
    w = clashes.world
    w.child.allergies.set([clashes.gluten])
    clashes.lunch(w.child)
    kitchen = Kitchen.objects.create(name="Kuchnia")
    elsewhere = Kitchen.objects.create(name="Inna kuchnia")
    KitchenInstitutionMealType.objects.create(kitchen=elsewhere, institution=w.institution, meal_type=w.catalog.lunch)
    KitchenInstitutionMealType.objects.create(kitchen=kitchen, institution=w.institution, meal_type=w.catalog.soup)

    assert day_clashes(day=clashes.monday, kitchen_id=kitchen.pk) == []
    assert [one.child_id for one in day_clashes(day=clashes.monday, kitchen_id=elsewhere.pk)] == [w.child.pk]
    other, _classroom = make_institution_with_classroom()
    assert day_clashes(day=clashes.monday, kitchen_id=elsewhere.pk, institution_ids={other.pk}) == []


@pytest.mark.parametrize("children", [1, 6])
def test_the_days_clashes_take_the_same_queries_for_one_child_or_many(clashes, children):
    w = clashes.world
    parent, kids = make_family(
        clashes.tenant, w.classroom, w.catalog.standard, [f"Dziecko{n}" for n in range(children)]
    )
    deposit(parent, "500.00")
    for kid in kids:
        kid.allergies.set([clashes.gluten, clashes.milk])
        clashes.lunch(kid)

    with assert_num_queries(2):
        found = day_clashes(day=clashes.monday, institution_ids={w.institution.pk})
    with assert_num_queries(2):
        day_clashes(day=clashes.monday)
    with assert_num_queries(3):
        subject_verdicts(
            child_id=kids[0].pk,
            date_from=clashes.monday,
            date_to=clashes.monday + timedelta(days=30),
            meal_type_ids=[w.catalog.lunch.pk],
        )

    assert len(found) == children


# Properties ---------------------------------------------------------------------------------------------------------

ALLERGENS = 5  # 0 and 1 share a group, 2 and 3 another, 4 has none
GROUP_OF = {0: "a", 1: "a", 2: "b", 3: "b", 4: None}
KIDS = 4

allergen_sets = st.frozensets(st.integers(0, ALLERGENS - 1), max_size=3)


class Property:
    def __init__(self, tenant):
        self.base = Clashes(tenant)
        w = self.base.world
        groups = {name: catalog.allergen_group_create(actor=None, name=f"Grupa {name}") for name in ("a", "b")}
        self.allergens = [
            catalog.allergen_create(actor=None, name=f"Alergen {n}", group=groups.get(GROUP_OF[n]))
            for n in range(ALLERGENS)
        ]
        self.parent, kids = make_family(tenant, w.classroom, w.catalog.standard, [f"K{n}" for n in range(KIDS)])
        deposit(self.parent, "500.00")
        self.kids = kids
        for number, kid in enumerate(kids):
            if number % 2:  # every other child eats the vegetarian (gluten-free) menu's dish
                Child.objects.filter(pk=kid.pk).update(diet=w.catalog.vegetarian)
            self.base.lunch(Child.objects.get(pk=kid.pk))

    def clashing(self) -> set[int]:
        return {
            one.child_id for one in day_clashes(day=self.base.monday, institution_ids={self.base.world.institution.pk})
        }

    def matches(self, kid_allergens: frozenset[int], dish_allergens: frozenset[int]) -> bool:
        return any(
            kid == dish or (GROUP_OF[kid] is not None and GROUP_OF[kid] == GROUP_OF[dish])
            for kid in kid_allergens
            for dish in dish_allergens
        )


@pytest.fixture
def prop(tenant_a):
    with in_tenant(tenant_a):
        yield Property(tenant_a)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    kid_allergens=st.lists(allergen_sets, min_size=KIDS, max_size=KIDS),
    dish_allergens=allergen_sets,
    added=st.integers(0, ALLERGENS - 1),
)
def test_property_adding_an_allergen_to_the_dish_makes_exactly_the_children_with_it_clash(
    prop, kid_allergens, dish_allergens, added
):
    with transaction.atomic():
        goulash: Meal = prop.base.goulash
        rice: Meal = prop.base.rice
        for kid, numbers in zip(prop.kids, kid_allergens, strict=True):
            kid.allergies.set([prop.allergens[n] for n in numbers])
        goulash.allergens.set([prop.allergens[n] for n in dish_allergens])
        rice.allergens.set([])
        standard = {kid.pk for number, kid in enumerate(prop.kids) if number % 2 == 0}

        before = prop.clashing()
        goulash.allergens.add(prop.allergens[added])
        after = prop.clashing()

        # A child without allergens never clashes; only the standard diet's menu has the allergens (diets respected).
        expected_before = {
            kid.pk
            for kid, numbers in zip(prop.kids, kid_allergens, strict=True)
            if kid.pk in standard and numbers and prop.matches(numbers, dish_allergens)
        }
        with_added = {
            kid.pk
            for kid, numbers in zip(prop.kids, kid_allergens, strict=True)
            if kid.pk in standard and prop.matches(numbers, frozenset({added}))
        }
        assert before == expected_before
        assert after == before | with_added
        assert not any(kid.pk in after for kid, numbers in zip(prop.kids, kid_allergens, strict=True) if not numbers)
        transaction.set_rollback(True)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kid_allergens=allergen_sets, dish_allergens=allergen_sets)
def test_property_one_child_and_the_days_bulk_decide_alike(prop, kid_allergens, dish_allergens):
    with transaction.atomic():
        kid = prop.kids[0]
        kid.allergies.set([prop.allergens[n] for n in kid_allergens])
        prop.base.goulash.allergens.set([prop.allergens[n] for n in dish_allergens])
        lunch = prop.base.world.catalog.lunch.pk

        one = subject_verdicts(
            child_id=kid.pk, date_from=prop.base.monday, date_to=prop.base.monday, meal_type_ids=[lunch]
        )
        bulk = {item.child_id: item.verdict for item in day_verdicts(day=prop.base.monday)}

        assert one[(prop.base.monday, lunch)] == bulk[kid.pk]
        assert (bulk[kid.pk].state == CLASH) == prop.matches(kid_allergens, dish_allergens)
        transaction.set_rollback(True)
