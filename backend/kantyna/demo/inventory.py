"""A little demo stock (issue 16), through the inventory's services: last week's deliveries of the recipes'
ingredients into the first kitchen, some waste, and minimums, so that the stock view has values and eggs run low."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from kantyna.inventory import services
from kantyna.inventory.models import Kind, Reason
from kantyna.meals.models import Ingredient
from kantyna.ordering.cutoff import tenant_today

# (ingredient, quantity in its unit, net PLN per kg / l / piece, supplier, document)
DELIVERIES = [
    ("Mąka pszenna", "25000", "3.20", "Młyn Wiślany", "FV 112/2026"),
    ("Ziemniaki", "60000", "1.80", "Gospodarstwo Nowak", "FV 7/11"),
    ("Mleko 2%", "30000", "3.60", "Mleczarnia Łowicz", "WZ 4410"),
    ("Twaróg półtłusty", "8000", "17.50", "Mleczarnia Łowicz", "WZ 4410"),
    ("Jajka", "180", "0.75", "Ferma Kurka", "FV 55/2026"),
    ("Schab wieprzowy", "12000", "24.90", "Zakłady Mięsne Sokół", "FV 2026/981"),
]
WASTE = [("Ziemniaki", "2500", "Zepsute w worku")]
# Eggs stay under their minimum: the low-stock view has something to show.
MINIMUMS = {"Jajka": "300", "Mąka pszenna": "5000", "Mleko 2%": "10000"}


def seed_inventory(*, admin) -> None:
    ingredients = {ingredient.name: ingredient for ingredient in Ingredient.objects.all()}
    delivered = tenant_today() - timedelta(days=7)
    for name, quantity, price, supplier, document in DELIVERIES:
        services.turnover_create(
            actor=admin,
            kind=Kind.INCOME,
            ingredient=ingredients[name],
            quantity=Decimal(quantity),
            unit_price=Decimal(price),
            date=delivered,
            supplier=supplier,
            document_number=document,
        )
    for name, quantity, note in WASTE:
        services.turnover_create(
            actor=admin,
            kind=Kind.OUTCOME,
            reason=Reason.WASTE,
            ingredient=ingredients[name],
            quantity=Decimal(quantity),
            date=delivered + timedelta(days=2),
            note=note,
        )
    for name, quantity in MINIMUMS.items():
        services.stock_minimum_set(actor=admin, ingredient=ingredients[name], quantity=Decimal(quantity))
