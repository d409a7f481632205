"""A small priced catalogue, made through the services (call inside a tenant's schema)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from kantyna.catalog import services as catalog
from kantyna.catalog.models import Diet, MealType, MealTypeCategory, PortionSize
from kantyna.pricing import services
from kantyna.pricing.models import PriceList, PriceListsGroup
from kantyna.pricing.selectors import today

_sequence = itertools.count(1)


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
    normal = catalog.portion_size_create(actor=None, name="Normalna", is_default=True)
    small = catalog.portion_size_create(actor=None, name="Mała")
    category = catalog.meal_type_category_create(actor=None, name="Posiłki dzienne")
    return Catalog(
        normal=normal,
        small=small,
        standard=catalog.diet_create(actor=None, name="Standardowa", is_default=True),
        vegetarian=catalog.diet_create(actor=None, name="Wegetariańska"),
        category=category,
        soup=catalog.meal_type_create(
            actor=None, name="Zupa", position=1, category=category, portion_sizes=[normal, small]
        ),
        lunch=catalog.meal_type_create(
            actor=None,
            name="Obiad",
            position=2,
            category=category,
            portion_sizes=[normal, small],
            block_on_registration=True,
            description="Drugie danie",
        ),
        snack=catalog.meal_type_create(actor=None, name="Podwieczorek", position=3, portion_sizes=[normal]),
    )


def make_group(name: str | None = None, **flags) -> PriceListsGroup:
    return services.price_lists_group_create(actor=None, name=name or f"Grupa {next(_sequence)}", **flags)


def item(meal_type, diet, portion, price: str, **flags) -> dict:
    return {"meal_type": meal_type, "diet": diet, "portion_size": portion, "price": Decimal(price), **flags}


def make_price_list(
    group: PriceListsGroup | None = None, valid_from: date | None = None, items: list[dict] | None = None, name=None
) -> PriceList:
    c = make_catalog()
    group = group or make_group()
    valid_from = valid_from or today() - timedelta(days=next(_sequence))
    items = (
        items
        if items is not None
        else [
            item(c.soup, c.standard, c.normal, "5.00"),
            item(c.lunch, c.standard, c.normal, "12.50"),
            item(c.lunch, c.standard, c.small, "10.00"),
        ]
    )
    return services.price_list_create(
        actor=None, group=group, name=name or f"Cennik {next(_sequence)}", valid_from=valid_from, items=items
    )


def item_payload(meal_type, diet, portion, amount: str, **extra) -> dict:
    return {
        "mealTypeId": meal_type.pk,
        "dietId": diet.pk,
        "portionSizeId": portion.pk,
        "price": {"amount": amount, "currency": "PLN"},
        "hidden": False,
        "hiddenFor": [],
        "hiddenWeekdays": [],
        **extra,
    }
