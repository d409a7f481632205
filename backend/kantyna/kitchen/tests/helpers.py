"""The kitchen tests' world: the shared priced world (kantyna/testing/world.py) for tomorrow, a second institution,
a kitchen, and the menu of the day with recipes: lunch is pierogi and compote for the standard diet, pancakes for
the vegetarian one; soup is żurek for both. Order items are written directly (`meal`): the selectors count rows,
how they were ordered is ordering's business."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from kantyna.institutions.models import Institution
from kantyna.logistics.models import Kitchen, KitchenInstitutionMealType
from kantyna.meals.models import Ingredient, Meal, MealIngredient
from kantyna.menus.models import MealsMenu, MealsMenuItem
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import Order, OrderItem
from kantyna.people.models import Child
from kantyna.testing.world import World, make_institution_with_classroom, make_world


@dataclass
class KitchenWorld:
    world: World
    day: date
    other_institution: Institution
    other_child: Child
    kitchen: Kitchen
    meals: dict[str, Meal]
    ingredients: dict[str, Ingredient]

    @property
    def catalog(self):
        return self.world.catalog


def make_kitchen_world(tenant) -> KitchenWorld:
    """Call inside the tenant's schema. The kitchen prepares the world institution's lunch only."""
    world = make_world(tenant, money="")
    c = world.catalog
    day = tenant_today() + timedelta(days=1)
    other_institution, other_classroom = make_institution_with_classroom(900 + Institution.objects.count())
    # Named to sort after the world's `Szkoła {n}` whatever n the suite's order gave it ("Szkoła 93" > "Szkoła 901"):
    # the lists under test order institutions by name.
    other_institution.name = f"Zespół Szkół {other_institution.short_name}"
    other_institution.save(update_fields=["name"])
    other_child = Child.objects.create(
        parent=world.parent,
        first_name="Zoe",
        last_name="Kowalska",
        institution=other_institution,
        classroom=other_classroom,
        diet=c.standard,
    )
    kitchen = Kitchen.objects.create(name="Kuchnia Główna")
    KitchenInstitutionMealType.objects.create(kitchen=kitchen, institution=world.institution, meal_type=c.lunch)

    ingredients = {
        name: Ingredient.objects.create(name=name, unit=unit)
        for name, unit in [("Mąka", "g"), ("Ser biały", "g"), ("Jabłka", "szt."), ("Mleko", "ml")]
    }
    meals = {name: Meal.objects.create(name=name) for name in ["Pierogi ruskie", "Kompot", "Naleśniki", "Żurek"]}
    recipes = [
        ("Pierogi ruskie", "Mąka", c.normal, "120.00"),
        ("Pierogi ruskie", "Mąka", c.small, "80.00"),
        ("Pierogi ruskie", "Ser biały", c.normal, "50.50"),
        ("Kompot", "Jabłka", c.normal, "1.00"),
        ("Naleśniki", "Mąka", c.normal, "70.00"),
        ("Naleśniki", "Mleko", c.normal, "150.00"),
        ("Żurek", "Mleko", c.normal, "20.00"),
    ]
    for meal, ingredient, portion, grammage in recipes:
        MealIngredient.objects.create(
            meal=meals[meal], ingredient=ingredients[ingredient], portion_size=portion, grammage=Decimal(grammage)
        )
    standard = MealsMenu.objects.create(name="Standard", date_from=day, date_to=day + timedelta(days=1))
    standard.institutions.set([world.institution, other_institution])
    standard.diets.set([c.standard])
    vegetarian = MealsMenu.objects.create(name="Wege", date_from=day, date_to=day + timedelta(days=1))
    vegetarian.institutions.set([world.institution, other_institution])
    vegetarian.diets.set([c.vegetarian])
    for menu, meal_type, names in [
        (standard, c.lunch, ["Pierogi ruskie", "Kompot"]),
        (vegetarian, c.lunch, ["Naleśniki"]),
        (standard, c.soup, ["Żurek"]),
        (vegetarian, c.soup, ["Żurek"]),
    ]:
        for position, name in enumerate(names):
            MealsMenuItem.objects.create(menu=menu, date=day, meal_type=meal_type, meal=meals[name], position=position)
    return KitchenWorld(world, day, other_institution, other_child, kitchen, meals, ingredients)


def meal(
    kw: KitchenWorld,
    *,
    child: Child | None = None,
    worker=None,
    day: date | None = None,
    meal_type=None,
    diet=None,
    portion=None,
    status: str = OrderItem.Status.ACTIVE,
) -> OrderItem:
    """One ordered meal (lunch, standard diet, normal portion, tomorrow unless told) of a child or a worker."""
    c = kw.catalog
    payer = child.parent if child is not None else worker.user
    order = Order.objects.create(payer=payer)
    return OrderItem.objects.create(
        order=order,
        child=child,
        worker=worker,
        date=day or kw.day,
        meal_type=meal_type or c.lunch,
        diet=diet or c.standard,
        portion_size=portion or c.normal,
        unit_price=Decimal("10.00"),
        price=Decimal("10.00"),
        status=status,
    )


def more_children(kw: KitchenWorld, number: int, *, start: int = 0) -> list[Child]:
    w = kw.world
    return Child.objects.bulk_create(
        Child(
            parent=w.parent,
            first_name=f"Dziecko {start + index}",
            last_name="Nowak",
            institution=w.institution,
            classroom=w.classroom,
            diet=w.catalog.standard,
        )
        for index in range(number)
    )


def make_route(kw: KitchenWorld, number: str = "R1", *, institutions=None, driver=None):
    """A route (driven by a new driver unless given) stopping at `institutions` (default: the kitchen's world
    institution, then the other one) in this order."""
    from kantyna.logistics.models import Driver, RouteNumber, RouteStop

    if driver is None:
        driver = Driver.objects.create(first_name="Jan", last_name="Kierowca", phone_number="600100200")
    route = RouteNumber.objects.create(number=number, driver=driver)
    stops = institutions if institutions is not None else [kw.world.institution, kw.other_institution]
    RouteStop.objects.bulk_create(
        RouteStop(route_number=route, institution=institution, position=position)
        for position, institution in enumerate(stops)
    )
    return route
