"""The inventory tests' world: the shared priced world (kantyna/testing/world.py), a kitchen that prepares its
institution's lunch, three ingredients (flour in grams, milk in millilitres, apples in pieces) and tomorrow's lunch
menu: pancakes (70 g of flour and 150 ml of milk a normal portion) and a compote (1 apple). Order items are
written directly (`meal`): stock counts what the kitchen selector counts, how meals were ordered is ordering's."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from kantyna.inventory import services
from kantyna.inventory.models import Kind, Reason
from kantyna.logistics.models import Kitchen, KitchenInstitutionMealType
from kantyna.meals.models import Ingredient, Meal, MealIngredient
from kantyna.menus.models import MealsMenu, MealsMenuItem
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import Order, OrderItem
from kantyna.testing.world import World, make_world


@dataclass
class InventoryWorld:
    world: World
    day: date
    kitchen: Kitchen
    flour: Ingredient
    milk: Ingredient
    apples: Ingredient


def make_inventory_world(tenant) -> InventoryWorld:
    """Call inside the tenant's schema."""
    world = make_world(tenant, money="")
    c = world.catalog
    day = tenant_today() + timedelta(days=1)
    kitchen = Kitchen.objects.create(name="Kuchnia Główna")
    KitchenInstitutionMealType.objects.create(kitchen=kitchen, institution=world.institution, meal_type=c.lunch)
    flour = Ingredient.objects.create(name="Mąka", unit="g")
    milk = Ingredient.objects.create(name="Mleko", unit="ml")
    apples = Ingredient.objects.create(name="Jabłka", unit="szt.")
    pancakes = Meal.objects.create(name="Naleśniki")
    compote = Meal.objects.create(name="Kompot")
    for meal, ingredient, grammage in [
        (pancakes, flour, "70.00"),
        (pancakes, milk, "150.00"),
        (compote, apples, "1.00"),
    ]:
        MealIngredient.objects.create(
            meal=meal, ingredient=ingredient, portion_size=c.normal, grammage=Decimal(grammage)
        )
    menu = MealsMenu.objects.create(name="Standard", date_from=day, date_to=day + timedelta(days=6))
    menu.institutions.set([world.institution])
    menu.diets.set([c.standard])
    for offset in range(7):
        for position, dish in enumerate([pancakes, compote]):
            MealsMenuItem.objects.create(
                menu=menu, date=day + timedelta(days=offset), meal_type=c.lunch, meal=dish, position=position
            )
    return InventoryWorld(world, day, kitchen, flour, milk, apples)


def meal(
    iw: InventoryWorld, *, child=None, day: date | None = None, status: str = OrderItem.Status.ACTIVE
) -> OrderItem:
    """One ordered lunch (standard diet, normal portion, tomorrow unless told) of a child (the world's first)."""
    c = iw.world.catalog
    child = child or iw.world.child
    return OrderItem.objects.create(
        order=Order.objects.create(payer=child.parent),
        child=child,
        date=day or iw.day,
        meal_type=c.lunch,
        diet=c.standard,
        portion_size=c.normal,
        unit_price=Decimal("10.00"),
        price=Decimal("10.00"),
        status=status,
    )


def income(iw: InventoryWorld, actor, ingredient, quantity: str, price: str, **fields):
    return services.turnover_create(
        actor=actor,
        kind=Kind.INCOME,
        ingredient=ingredient,
        quantity=Decimal(quantity),
        unit_price=Decimal(price),
        date=fields.pop("date", iw.day - timedelta(days=1)),
        kitchen=fields.pop("kitchen", iw.kitchen),
        **fields,
    )


def outcome(iw: InventoryWorld, actor, ingredient, quantity: str, reason: str = Reason.WASTE, **fields):
    return services.turnover_create(
        actor=actor,
        kind=Kind.OUTCOME,
        reason=reason,
        ingredient=ingredient,
        quantity=Decimal(quantity),
        date=fields.pop("date", iw.day - timedelta(days=1)),
        kitchen=fields.pop("kitchen", iw.kitchen),
        **fields,
    )
