"""Test data for the meals area, made through the services."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from io import BytesIO

from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from kantyna.catalog import services as catalog
from kantyna.catalog.models import Allergen, MealType, PortionSize
from kantyna.meals import services
from kantyna.meals.models import Meal
from kantyna.menus.services import meals_menu_create


def portion_sizes() -> tuple[PortionSize, PortionSize]:
    normal = PortionSize.objects.filter(name="Normalna").first() or catalog.portion_size_create(
        actor=None, name="Normalna", is_default=True
    )
    small = PortionSize.objects.filter(name="Mała").first() or catalog.portion_size_create(actor=None, name="Mała")
    return normal, small


def eu_allergens() -> dict[int, Allergen]:
    catalog.allergens_seed_eu(actor=None)
    return {a.number: a for a in Allergen.objects.filter(number__isnull=False)}


def put_on_menu(*meals: Meal) -> None:
    meal_type = MealType.objects.first() or catalog.meal_type_create(
        actor=None, name="Obiad", position=1, portion_sizes=list(portion_sizes())
    )
    meals_menu_create(
        actor=None,
        name=f"Jadłospis {Meal.objects.count()}",
        date_from=date(2026, 12, 1),
        date_to=date(2026, 12, 31),
        institutions=[],
        diets=[],
        items=[(date(2026, 12, 1 + index), meal_type, meal) for index, meal in enumerate(meals)],
    )


def meal_with_recipe(name: str = "Pierogi ruskie") -> Meal:
    normal, small = portion_sizes()
    allergens = eu_allergens()
    flour = services.ingredient_create(actor=None, name=f"Mąka do: {name}", allergens=[allergens[1]])
    cheese = services.ingredient_create(actor=None, name=f"Twaróg do: {name}", allergens=[allergens[7]])
    return services.meal_create(
        actor=None,
        name=name,
        allergens=[allergens[1], allergens[7]],
        portions=[
            {"portion_size": normal, "kcal": 520, "protein": Decimal("18.50")},
            {"portion_size": small, "kcal": 410},
        ],
        ingredient_grammages=[
            {
                "ingredient": flour,
                "grammages": [
                    {"portion_size": normal, "grammage": Decimal("120")},
                    {"portion_size": small, "grammage": Decimal("90")},
                ],
            },
            {"ingredient": cheese, "grammages": [{"portion_size": normal, "grammage": Decimal("80")}]},
        ],
    )


def xlsx_upload(rows: list[list], name: str = "składniki.xlsx", header=("Nazwa", "Jednostka", "Alergeny")):
    workbook = Workbook()
    sheet = workbook.active
    if header:
        sheet.append(list(header))
    for row in rows:
        sheet.append(row)
    out = BytesIO()
    workbook.save(out)
    return SimpleUploadedFile(name, out.getvalue(), content_type="application/octet-stream")
