"""The terminal tests' world: the shared priced world (kantyna/testing/world.py) with dining cards, today's
lunch ordered for the first child and the worker (staff past the cut-off), and the menu's dish of the day."""

from __future__ import annotations

from dataclasses import dataclass

from kantyna.core.permissions import ROLE_ADMIN, ROLE_COOK, ROLE_INSTITUTIONS_ADMIN
from kantyna.meals.models import Meal
from kantyna.menus.models import MealsMenu, MealsMenuItem
from kantyna.ordering.cutoff import tenant_today
from kantyna.ordering.models import OrderItem
from kantyna.ordering.services.items import ItemRequest, items_place
from kantyna.ordering.subjects import subject_resolve
from kantyna.people.models import Child, WorkerProfile
from kantyna.terminal.models import ScannedCardEntry
from kantyna.testing.factories import make_user
from kantyna.testing.world import World, make_world

CARD = "AB1234"
CARD2 = "AB5678"
WORKER_CARD = "WK1234"


@dataclass
class Serving:
    world: World
    today: object
    admin: object
    cook: object
    item: OrderItem  # the first child's lunch today
    worker_item: OrderItem


def order_today(actor, subject_type: str, subject_id: int, meal_type, day) -> OrderItem:
    subject = subject_resolve(subject_type, subject_id, actor=actor)
    result = items_place(actor=actor, subject=subject, requests=[ItemRequest(day, meal_type.pk)], staff_override=True)
    return result.created[0]


def make_serving(tenant) -> Serving:
    """Call inside the tenant's schema."""
    world = make_world(tenant)
    today = tenant_today()
    Child.objects.filter(pk=world.child.pk).update(card_number=CARD)
    Child.objects.filter(pk=world.child2.pk).update(card_number=CARD2)
    WorkerProfile.objects.filter(pk=world.worker.pk).update(card_number=WORKER_CARD)
    admin = make_user(tenant, ROLE_ADMIN)
    cook = make_user(tenant, ROLE_COOK)
    item = order_today(admin, "child", world.child.pk, world.catalog.lunch, today)
    worker_item = order_today(admin, "institution_worker", world.worker_user.pk, world.catalog.lunch, today)
    menu = MealsMenu.objects.create(name="Menu", date_from=today, date_to=today)
    menu.institutions.set([world.institution])
    menu.diets.set([world.catalog.standard])
    for position, name in enumerate(["Pierogi", "Kompot"]):
        meal = Meal.objects.create(name=name)
        MealsMenuItem.objects.create(menu=menu, date=today, meal_type=world.catalog.lunch, meal=meal, position=position)
    return Serving(world, today, admin, cook, item, worker_item)


def institutions_admin_of(tenant, institution):
    user = make_user(tenant, ROLE_INSTITUTIONS_ADMIN, permissions=[])
    user.institutions.add(institution)
    return user


def items_state():
    return list(OrderItem.objects.order_by("pk").values_list("pk", "status", "served_at", "served_by_id"))


def entries_state():
    return list(ScannedCardEntry.objects.order_by("pk").values_list("pk", "client_scan_id", "result"))
