"""Small composable builders of test data, made through the owning apps' services (call them inside a tenant's
schema; users are made through the public account service as well):

- `make_catalog()`: portion sizes, diets, meal types (idempotent within a test); `make_group`, `item`,
  `make_price_list`: price lists groups, lists and their items;
- `make_default_price_lists(catalog, number)`: the default groups for children and workers with their lists;
- `make_institution_with_classroom(number)`, `make_family(tenant, classroom, diet)`: a parent with children,
  `make_worker_profile(tenant, institution, diet)`: an institution worker;
- `deposit`, `balance`, `ledger_sum`: money on accounts; `set_settings`: a tenant setting section;
- `make_world(tenant)`: all of it at once, the priced world of the ordering tests (and the areas reusing it);
- `make_children_world(tenant)`: institutions, classrooms, diets and price lists groups of the children tests.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.db import transaction

from kantyna.catalog import services as catalog_services
from kantyna.catalog.models import Allergen, Diet, MealType, MealTypeCategory, PortionSize
from kantyna.core.permissions import ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.institutions.models import Classroom, Institution
from kantyna.institutions.services import classroom_create, institution_create
from kantyna.ledger.models import LedgerAccount, LedgerTransaction
from kantyna.ledger.services import LedgerEntry, ledger_account_for, ledger_post
from kantyna.people.models import Child, WorkerProfile
from kantyna.people.services.children import child_create
from kantyna.people.services.workers import worker_profile_create
from kantyna.pricing import services as pricing_services
from kantyna.pricing.models import PriceList, PriceListsGroup
from kantyna.pricing.selectors import today
from kantyna.tenancy.services import in_tenant
from kantyna.tenant_settings.services import settings_update
from kantyna.testing.factories import make_user

# One counter per family of builders, as when each lived in its own area's helpers.
_pricing_sequence = itertools.count(1)
_sequence = itertools.count(1)
_children_sequence = itertools.count(1)


# The catalogue and its prices -----------------------------------------------------------------------------------


@dataclass
class Catalog:
    normal: PortionSize
    small: PortionSize
    standard: Diet
    vegetarian: Diet
    category: MealTypeCategory
    soup: MealType
    lunch: MealType
    snack: MealType  # no category


def make_catalog() -> Catalog:
    """Idempotent within a test: the second call returns the same rows."""
    existing = MealType.objects.filter(name="Zupa").first()
    if existing:
        return Catalog(
            normal=PortionSize.objects.get(name="Normalna"),
            small=PortionSize.objects.get(name="Mała"),
            standard=Diet.objects.get(name="Standardowa"),
            vegetarian=Diet.objects.get(name="Wegetariańska"),
            category=MealTypeCategory.objects.get(name="Posiłki dzienne"),
            soup=existing,
            lunch=MealType.objects.get(name="Obiad"),
            snack=MealType.objects.get(name="Podwieczorek"),
        )
    normal = catalog_services.portion_size_create(actor=None, name="Normalna", is_default=True)
    small = catalog_services.portion_size_create(actor=None, name="Mała")
    category = catalog_services.meal_type_category_create(actor=None, name="Posiłki dzienne")
    return Catalog(
        normal=normal,
        small=small,
        standard=catalog_services.diet_create(actor=None, name="Standardowa", is_default=True),
        vegetarian=catalog_services.diet_create(actor=None, name="Wegetariańska"),
        category=category,
        soup=catalog_services.meal_type_create(
            actor=None, name="Zupa", position=1, category=category, portion_sizes=[normal, small]
        ),
        lunch=catalog_services.meal_type_create(
            actor=None,
            name="Obiad",
            position=2,
            category=category,
            portion_sizes=[normal, small],
            block_on_registration=True,
            description="Drugie danie",
        ),
        snack=catalog_services.meal_type_create(actor=None, name="Podwieczorek", position=3, portion_sizes=[normal]),
    )


def make_group(name: str | None = None, **flags) -> PriceListsGroup:
    return pricing_services.price_lists_group_create(
        actor=None, name=name or f"Grupa {next(_pricing_sequence)}", **flags
    )


def item(meal_type, diet, portion, price: str, **flags) -> dict:
    return {"meal_type": meal_type, "diet": diet, "portion_size": portion, "price": Decimal(price), **flags}


def make_price_list(
    group: PriceListsGroup | None = None, valid_from: date | None = None, items: list[dict] | None = None, name=None
) -> PriceList:
    c = make_catalog()
    group = group or make_group()
    valid_from = valid_from or today() - timedelta(days=next(_pricing_sequence))
    items = (
        items
        if items is not None
        else [
            item(c.soup, c.standard, c.normal, "5.00"),
            item(c.lunch, c.standard, c.normal, "12.50"),
            item(c.lunch, c.standard, c.small, "10.00"),
        ]
    )
    return pricing_services.price_list_create(
        actor=None, group=group, name=name or f"Cennik {next(_pricing_sequence)}", valid_from=valid_from, items=items
    )


def make_default_price_lists(c: Catalog, number: int) -> tuple[PriceListsGroup, PriceListsGroup]:
    """The default groups for children (soup 5.00, lunch 12.50 / small 10.00 / vegetarian 13.00, snack 3.00) and
    for institution workers (lunch 20.00), each with a list valid since 400 days ago."""
    children_group = make_group(f"Dzieci {number}", default_for_children=True)
    workers_group = make_group(f"Pracownicy {number}", default_for_institutions_workers=True)
    valid_from = date.today() - timedelta(days=400)
    make_price_list(
        children_group,
        valid_from,
        [
            item(c.soup, c.standard, c.normal, "5.00"),
            item(c.lunch, c.standard, c.normal, "12.50"),
            item(c.lunch, c.standard, c.small, "10.00"),
            item(c.lunch, c.vegetarian, c.normal, "13.00"),
            item(c.snack, c.standard, c.normal, "3.00"),
        ],
    )
    make_price_list(workers_group, valid_from, [item(c.lunch, c.standard, c.normal, "20.00")])
    return children_group, workers_group


# Institutions and people -------------------------------------------------------------------------------------------


def make_school(number: int = 1) -> Institution:
    """School `Szkoła Podstawowa nr {number}` (slug `sp-{number}`), without classrooms."""
    return institution_create(
        actor=None, name=f"Szkoła Podstawowa nr {number}", short_name=f"SP {number}", slug=f"sp-{number}", kind="school"
    )


def make_institution_with_classroom(number: int | None = None) -> tuple[Institution, Classroom]:
    """School `Szkoła {number}` with its classroom `{number}A`; without a number, the next one of the worlds'
    sequence (never one a world of this process has taken)."""
    number = next(_sequence) if number is None else number
    institution = institution_create(
        actor=None, name=f"Szkoła {number}", short_name=f"S{number}", slug=f"s-o{number}", kind="school"
    )
    return institution, classroom_create(actor=None, institution=institution, name=f"{number}A")


def make_family(tenant, classroom: Classroom, diet: Diet, first_names=("Ola", "Jan")) -> tuple[object, list[Child]]:
    """A parent with a child of each first name (surname Nowak) in `classroom`."""
    parent = make_user(tenant, ROLE_PARENT)
    children = [
        child_create(actor=None, parent=parent, first_name=name, last_name="Nowak", classroom=classroom, diet=diet)
        for name in first_names
    ]
    return parent, children


def make_worker_profile(tenant, institution: Institution, diet: Diet) -> tuple[object, WorkerProfile]:
    """An institution worker employed at `institution`: (user, profile)."""
    user = make_user(tenant, ROLE_INSTITUTION_WORKER)
    return user, worker_profile_create(actor=None, user=user, institution=institution, diet=diet)


# Money and settings ------------------------------------------------------------------------------------------------


def set_settings(key: str, **values) -> None:
    settings_update(actor=None, key=key, data=values)


def deposit(user, amount: str, *, child=None) -> None:
    with transaction.atomic():
        ledger_post(
            actor=None,
            account=ledger_account_for(user=user, child=child),
            entry=LedgerEntry(
                kind="deposit", amount=Decimal(amount), idempotency_key=f"test:deposit:{next(_sequence)}"
            ),
        )


def balance(user, child=None) -> Decimal:
    account = LedgerAccount.objects.filter(user=user, child=child).first()
    return account.balance if account else Decimal("0.00")


def ledger_sum(user) -> Decimal:
    return sum(LedgerTransaction.objects.filter(account__user=user).values_list("amount", flat=True), Decimal("0.00"))


# Whole worlds ----------------------------------------------------------------------------------------------------


@dataclass
class World:
    catalog: Catalog
    institution: Institution
    classroom: Classroom
    parent: object
    child: Child
    child2: Child
    worker_user: object
    worker: WorkerProfile


def make_world(tenant, *, money: str = "500.00") -> World:
    """A catalogue, default price lists for children and workers, an institution with a classroom, a parent with
    two children, an institution worker, `money` on the parent's and the worker's accounts (none when empty)."""
    c = make_catalog()
    number = next(_sequence)
    make_default_price_lists(c, number)
    institution, classroom = make_institution_with_classroom(number)
    parent, (child, child2) = make_family(tenant, classroom, c.standard)
    worker_user, worker = make_worker_profile(tenant, institution, c.standard)
    if money:
        deposit(parent, money)
        deposit(worker_user, money)
    return World(c, institution, classroom, parent, child, child2, worker_user, worker)


@dataclass
class ChildrenWorld:
    institution: Institution
    other_institution: Institution
    classroom: Classroom
    classroom_b: Classroom
    other_classroom: Classroom
    diet: Diet
    strict_diet: Diet
    allergen: Allergen
    default_group: PriceListsGroup
    class_group: PriceListsGroup
    other_group: PriceListsGroup


def make_children_world(tenant) -> ChildrenWorld:
    """Two institutions with classrooms (1b has its own price lists group for members), two diets (one that
    forbids allergen changes), an allergen and three price lists groups (one default for children)."""
    n = next(_children_sequence)
    with in_tenant(tenant):
        institution = institution_create(actor=None, name=f"SP {n}", short_name=f"SP{n}", slug=f"sp-{n}", kind="school")
        other = institution_create(actor=None, name=f"PP {n}", short_name=f"PP{n}", slug=f"pp-{n}", kind="kindergarten")
        default_group = make_group(f"Dzieci {n}", default_for_children=True)
        class_group = make_group(f"Klasa {n}")
        other_group = make_group(f"Inna {n}")
        return ChildrenWorld(
            institution=institution,
            other_institution=other,
            classroom=classroom_create(actor=None, institution=institution, name="1a"),
            classroom_b=classroom_create(
                actor=None,
                institution=institution,
                name="1b",
                related_price_lists_group=class_group,
                has_default_price_lists_group_for_members=True,
            ),
            other_classroom=classroom_create(actor=None, institution=other, name="Motylki"),
            diet=catalog_services.diet_create(actor=None, name=f"Standard {n}"),
            strict_diet=catalog_services.diet_create(
                actor=None, name=f"Bezglutenowa {n}", allow_changing_allergens=False
            ),
            allergen=catalog_services.allergen_create(actor=None, name=f"Gluten {n}", number=n),
            default_group=default_group,
            class_group=class_group,
            other_group=other_group,
        )
