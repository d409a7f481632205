"""A small priced catalogue (the shared builders of kantyna/testing/world.py) and the API bodies of its items."""

from __future__ import annotations


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
