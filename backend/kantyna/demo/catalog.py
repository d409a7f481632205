"""The demo tenant's catalogue and meal receivers, created through the same services as the API."""

from __future__ import annotations

import calendar
from datetime import date
from decimal import Decimal
from itertools import cycle

from kantyna.catalog import services as catalog
from kantyna.catalog.models import Allergen
from kantyna.institutions import services as institutions_services
from kantyna.meals.services import meal_create
from kantyna.menus.services import meals_menu_create
from kantyna.people.services import child_create, worker_profile_create
from kantyna.pricing import services as pricing
from kantyna.users.models import User

# Meals by meal type, with allergen numbers (EU annex II: 1 gluten, 3 eggs, 4 fish, 7 milk, 8 nuts, 9 celery...).
MEALS = {
    "Śniadanie": [
        ("Owsianka z jabłkiem i cynamonem", [1, 7]),
        ("Kanapki z twarożkiem i szczypiorkiem", [1, 7]),
        ("Jajecznica ze szczypiorkiem, pieczywo", [1, 3, 7]),
        ("Płatki kukurydziane z mlekiem", [7]),
        ("Bułka z masłem, szynką i pomidorem", [1, 7]),
    ],
    "Zupa": [
        ("Pomidorowa z ryżem", [7, 9]),
        ("Ogórkowa z ziemniakami", [7, 9]),
        ("Rosół z makaronem", [1, 3, 9]),
        ("Krem z dyni z grzankami", [1, 7, 9]),
        ("Barszcz ukraiński", [9]),
        ("Żurek z jajkiem", [1, 3, 9, 10]),
    ],
    "Obiad": [
        ("Kotlet schabowy, ziemniaki, mizeria", [1, 3, 7]),
        ("Pierogi ruskie z cebulką", [1, 3, 7]),
        ("Filet z dorsza, puree, surówka z marchwi", [1, 3, 4, 7]),
        ("Gulasz wieprzowy z kaszą jęczmienną", [1, 9]),
        ("Spaghetti bolognese", [1, 9]),
        ("Naleśniki z serem i musem truskawkowym", [1, 3, 7]),
        ("Pulpety w sosie koperkowym, ryż, buraczki", [1, 3, 7]),
        ("Kurczak pieczony, ziemniaki, surówka z kapusty", [10]),
    ],
    "Podwieczorek": [
        ("Jogurt naturalny z owocami", [7]),
        ("Drożdżówka z serem", [1, 3, 7]),
        ("Kisiel owocowy", []),
        ("Jabłko i marchewka", []),
        ("Budyń waniliowy", [7]),
    ],
}

INSTITUTIONS = [
    {
        "name": "Szkoła Podstawowa nr 12 im. Marii Konopnickiej",
        "short_name": "SP 12",
        "slug": "sp12-warszawa",
        "kind": "school",
        "street": "ul. Grójecka 93",
        "city": "Warszawa",
        "post_code": "02-101",
        "classrooms": ["1a", "2b", "3a", "4c", "5a", "6b"],
    },
    {
        "name": "Przedszkole Miejskie nr 5 „Słoneczko”",
        "short_name": "PM 5",
        "slug": "pm5-sloneczko",
        "kind": "kindergarten",
        "street": "ul. Kwiatowa 7",
        "city": "Warszawa",
        "post_code": "02-520",
        "classrooms": ["Biedronki", "Motylki", "Pszczółki"],
    },
    {
        "name": "Zakład Produkcyjny Mazowsze sp. z o.o.",
        "short_name": "ZP Mazowsze",
        "slug": "zp-mazowsze",
        "kind": "workplace",
        "street": "ul. Przemysłowa 15",
        "city": "Pruszków",
        "post_code": "05-800",
        "classrooms": ["Produkcja", "Biuro"],
    },
]

# (first name, parent index, institution index, classroom index, diet name)
CHILDREN = [
    ("Zuzanna", 0, 0, 0, "Standardowa"),
    ("Jakub", 0, 1, 1, "Standardowa"),
    ("Julia", 1, 0, 2, "Wegetariańska"),
    ("Antoni", 2, 0, 3, "Standardowa"),
    ("Lena", 2, 1, 0, "Bezglutenowa"),
    ("Szymon", 3, 0, 1, "Standardowa"),
    ("Maja", 4, 0, 4, "Standardowa"),
    ("Filip", 4, 1, 2, "Standardowa"),
    ("Hanna", 5, 0, 5, "Wegetariańska"),
    ("Jan", 6, 1, 1, "Standardowa"),
    ("Alicja", 7, 0, 0, "Standardowa"),
    ("Franciszek", 7, 0, 2, "Bezglutenowa"),
    ("Oliwia", 8, 1, 0, "Standardowa"),
    ("Aleksander", 9, 0, 3, "Standardowa"),
    ("Pola", 9, 1, 2, "Wegetariańska"),
]

PRICES = {"Śniadanie": "4.50", "Zupa": "5.00", "Obiad": "12.50", "Podwieczorek": "3.50"}
SMALL_PORTION_FACTOR = Decimal("0.8")


def surname_for(first_name: str, family_name: str) -> str:
    """Polish -ski/-ska surnames follow the child's gender (girls' names end in -a, in this list)."""
    female = first_name.endswith("a")
    for male, female_form in (("ski", "ska"), ("cki", "cka"), ("dzki", "dzka")):
        if female and family_name.endswith(male):
            return family_name[: -len(male)] + female_form
        if not female and family_name.endswith(female_form):
            return family_name[: -len(female_form)] + male
    return family_name


def seed_catalog_and_people(*, parents: list[User], workers: list[User]) -> None:
    catalog.allergens_seed_eu(actor=None)
    allergens = {a.number: a for a in Allergen.objects.filter(number__isnull=False)}
    catalog.allergen_group_create(actor=None, name="Nabiał i jaja", allergens=[allergens[3], allergens[7]])

    normal = catalog.portion_size_create(actor=None, name="Normalna", is_default=True)
    small = catalog.portion_size_create(actor=None, name="Mała")

    group = pricing.price_lists_group_create(
        actor=None, name="Cennik podstawowy", default_for_children=True, default_for_institutions_workers=True
    )
    institutions = []
    for spec in INSTITUTIONS:
        spec = dict(spec)
        classroom_names = spec.pop("classrooms")
        institution = institutions_services.institution_create(actor=None, **spec)
        for name in classroom_names:
            institutions_services.classroom_create(
                actor=None,
                institution=institution,
                name=name,
                related_price_lists_group=group,
                has_default_price_lists_group_for_members=True,
            )
        institutions.append(institution)

    diets = {
        "Standardowa": catalog.diet_create(actor=None, name="Standardowa", institutions=institutions, is_default=True),
        "Wegetariańska": catalog.diet_create(actor=None, name="Wegetariańska", institutions=institutions),
        "Bezglutenowa": catalog.diet_create(
            actor=None, name="Bezglutenowa", institutions=institutions, allow_changing_allergens=False
        ),
    }

    category = catalog.meal_type_category_create(actor=None, name="Posiłki dzienne")
    meal_types = {}
    for position, name in enumerate(MEALS, start=1):
        meal_types[name] = catalog.meal_type_create(
            actor=None,
            name=name,
            position=position,
            category=category,
            portion_sizes=[normal, small],
            is_default=name == "Obiad",
            block_on_registration=name == "Obiad",
        )

    today = date.today()
    month_start = today.replace(day=1)
    pricing.price_list_create(
        actor=None,
        group=group,
        name=f"Cennik od {month_start:%d.%m.%Y}",
        valid_from=month_start,
        items=[
            {
                "meal_type": meal_types[meal_type_name],
                "diet": diet,
                "portion_size": portion,
                "price": (Decimal(price) * (SMALL_PORTION_FACTOR if portion == small else 1)).quantize(Decimal("0.01")),
            }
            for meal_type_name, price in PRICES.items()
            for diet in diets.values()
            for portion in (normal, small)
        ],
    )

    meals = {
        meal_type_name: [
            meal_create(actor=None, name=name, allergens=[allergens[n] for n in numbers]) for name, numbers in entries
        ]
        for meal_type_name, entries in MEALS.items()
    }
    last_day = calendar.monthrange(month_start.year, month_start.month)[1]
    month_end = month_start.replace(day=last_day)
    school_days = [
        month_start.replace(day=d) for d in range(1, last_day + 1) if month_start.replace(day=d).weekday() < 5
    ]
    rotations = {name: cycle(entries) for name, entries in meals.items()}
    meals_menu_create(
        actor=None,
        name=f"Jadłospis {month_start:%m.%Y}",
        date_from=month_start,
        date_to=month_end,
        institutions=institutions,
        diets=list(diets.values()),
        items=[(day, meal_types[name], next(rotations[name])) for day in school_days for name in MEALS],
    )

    classrooms = [list(institution.classrooms.order_by("id")) for institution in institutions]
    for index, (first_name, parent_index, institution_index, classroom_index, diet_name) in enumerate(CHILDREN):
        parent = parents[parent_index]
        child_create(
            actor=None,
            parent=parent,
            first_name=first_name,
            last_name=surname_for(first_name, parent.last_name),
            classroom=classrooms[institution_index][classroom_index],
            diet=diets[diet_name],
            card_number=f"{100001 + index}",
        )
    for index, worker in enumerate(workers):
        worker_profile_create(
            actor=None,
            user=worker,
            institution=institutions[2],
            diet=diets["Standardowa"],
            card_number=f"{200001 + index}",
        )
